// The lines changed since a git revision. See changed_lines.hpp.
#include "mutants/changed_lines.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "files/run_program.hpp"

namespace smallscope::mutate {

namespace {

namespace fs = std::filesystem;

// A temporary file, removed when it goes.
struct temporary {
  std::string path;
  temporary() {
    char pattern[] = "/tmp/smallscope-git-XXXXXX";
    const int fd = ::mkstemp(pattern);
    if (fd < 0) throw std::runtime_error("cannot make a temporary file for git's output");
    ::close(fd);
    path = pattern;
  }
  ~temporary() { ::unlink(path.c_str()); }
  std::string text() const {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
};

// Runs git in `dir`; its output, or std::invalid_argument with its first error line.
std::string git(const fs::path& dir, std::vector<std::string> args, int* code = nullptr) {
  temporary out, errors;
  args.insert(args.begin(), {"git", "-C", dir.string()});
  const int status = files::run_program(args, {}, out.path, errors.path);
  if (code != nullptr) {
    *code = status;
    return out.text();
  }
  if (status != 0) {
    std::string message = errors.text();
    if (const auto nl = message.find('\n'); nl != std::string::npos) message.resize(nl);
    throw std::invalid_argument(message.empty() ? fmt::format("git ended with {}", status) : message);
  }
  return out.text();
}

unsigned number_at(const std::string& text, std::size_t& at) {
  unsigned n = 0;
  while (at < text.size() && text[at] >= '0' && text[at] <= '9') n = n * 10 + static_cast<unsigned>(text[at++] - '0');
  return n;
}

}  // namespace

std::set<unsigned> added_lines(const std::string& diff) {
  std::set<unsigned> lines;
  std::istringstream in(diff);
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("@@ ")) continue;
    std::size_t at = line.find(" +");
    if (at == std::string::npos) continue;
    at += 2;
    const unsigned start = number_at(line, at);
    unsigned count = 1;
    if (at < line.size() && line[at] == ',') {
      ++at;
      count = number_at(line, at);
    }
    for (unsigned k = 0; k < count; ++k) lines.insert(start + k);
  }
  return lines;
}

std::map<std::string, std::set<unsigned>> changed_lines(const std::string& ref, const std::vector<std::string>& files) {
  std::map<std::string, std::set<unsigned>> changed;
  for (const auto& file : files) {
    if (changed.count(file) != 0) continue;
    const fs::path path = fs::absolute(file);
    const fs::path dir = path.parent_path();
    const std::string name = path.filename().string();
    std::string diff;
    try {
      git(dir, {"rev-parse", "--verify", "--quiet", ref + "^{commit}"});
      int tracked = 0;
      git(dir, {"ls-files", "--error-unmatch", "--", name}, &tracked);
      if (tracked != 0) {
        // Not tracked: every line is new.
        std::ifstream in(path);
        std::set<unsigned> all;
        unsigned n = 0;
        for (std::string line; std::getline(in, line);) all.insert(++n);
        changed[file] = all;
        continue;
      }
      diff = git(dir, {"diff", "--no-color", "--no-ext-diff", "--unified=0", ref, "--", name});
    } catch (const std::invalid_argument& e) {
      const std::string why = e.what();
      throw std::invalid_argument(fmt::format(
          "{}: {}", file,
          why.starts_with("fatal: not a git repository") ? "is not in a git repository"
          : why.empty() || why.starts_with("git ended")  ? fmt::format("'{}' is not a revision of its repository", ref)
                                                         : why));
    }
    changed[file] = added_lines(diff);
  }
  return changed;
}

}  // namespace smallscope::mutate
