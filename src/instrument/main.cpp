// smallscope-instrument: rewrites the user's sources so that the search observes every field
// read (paper 000, Sec. 3.4; field_reads.hpp says what is rewritten).
//
//   smallscope-instrument --root DIR [--root DIR ...] --out DIR SOURCE... [--depfile FILE]
//                         [-- COMPILER ARGUMENTS]
#include <cstdio>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "instrument/field_reads.hpp"

namespace {

namespace fs = std::filesystem;

constexpr const char* usage =
    "usage: smallscope-instrument --root DIR [--root DIR ...] --out DIR SOURCE...\n"
    "                             [--depfile FILE] [-- COMPILER ARGUMENTS]\n"
    "Parses each SOURCE with the compiler arguments and writes every file under a --root that it\n"
    "includes (the SOURCEs too, when under a root) to OUT/K/PATH, where K is the root's place in\n"
    "the list (0, 1, ...) and PATH the file's path below it, with each read of a data member of a\n"
    "class of the roots observed by the search (include/smallscope/rewritten/instrument.hpp) and private\n"
    "members opened to the test code. Compile the copies with -I OUT/K before the roots.\n"
    "--depfile FILE: a make-style list of every file read, for the build to rerun this when one\n"
    "changes (its target is OUT/K/PATH of the first SOURCE).\n"
    "The CMake function smallscope_instrument(TARGET ...) runs this for a target (docs/UNMODIFIED.md).\n"
    "Exit codes: 0 done; 2 bad input (no root, a SOURCE outside the roots or that does not compile).\n";

std::string canonical(const std::string& p) {
  std::error_code ec;
  std::string c = fs::weakly_canonical(fs::path(p), ec).string();
  while (c.size() > 1 && c.back() == '/') c.pop_back();
  return c;
}

// OUT/K/PATH for a file under root K, or "" outside every root.
std::string copy_path(const std::string& file, const std::vector<std::string>& roots, const std::string& out) {
  const std::string f = canonical(file);
  for (std::size_t k = 0; k < roots.size(); ++k)
    if (f.size() > roots[k].size() && f.compare(0, roots[k].size(), roots[k]) == 0 && f[roots[k].size()] == '/')
      return (fs::path(out) / std::to_string(k) / f.substr(roots[k].size() + 1)).string();
  return {};
}

// OUT/K/PATH for every root K that holds `file` (nested roots: the file is reached through each).
std::vector<std::string> copy_paths(const std::string& file, const std::vector<std::string>& roots,
                                    const std::string& out) {
  const std::string f = canonical(file);
  std::vector<std::string> paths;
  for (std::size_t k = 0; k < roots.size(); ++k)
    if (f.size() > roots[k].size() && f.compare(0, roots[k].size(), roots[k]) == 0 && f[roots[k].size()] == '/')
      paths.push_back((fs::path(out) / std::to_string(k) / f.substr(roots[k].size() + 1)).string());
  return paths;
}

void write_text(const std::string& path, const std::string& text) {
  // Every copy is written anew, even when unchanged: the build knows the units' copies only, so a
  // changed header must make them newer than their objects.
  fs::create_directories(fs::path(path).parent_path());
  std::ofstream file(path, std::ios::binary);
  file << text;
  file.flush();
  if (!file) throw std::runtime_error("cannot write '" + path + "'");
}

std::string escaped(const std::string& path) {
  std::string s;
  for (const char c : path) {
    if (c == ' ' || c == '#' || c == '\\') s += '\\';
    if (c == '$') s += '$';
    s += c;
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  smallscope::instrument::request r;
  std::string out, depfile;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      auto value = [&](const char* option) {
        if (i + 1 >= argc) throw std::invalid_argument(std::string(option) + " needs a value");
        return std::string(argv[++i]);
      };
      if (a == "--") {
        for (++i; i < argc; ++i) r.compiler_arguments.emplace_back(argv[i]);
      } else if (a == "--root") {
        const std::string root = value("--root");
        if (!fs::is_directory(root)) throw std::invalid_argument("--root: '" + root + "' is not a directory");
        if (fs::exists(fs::path(root) / "smallscope" / "rewritten" / "instrument.hpp"))
          throw std::invalid_argument("--root: '" + root + "' holds smallscope's own headers; give the directories of your code");
        r.roots.push_back(canonical(root));
      } else if (a == "--out") {
        out = value("--out");
      } else if (a == "--depfile") {
        depfile = value("--depfile");
      } else if (a == "-h" || a == "--help") {
        std::fputs(usage, stdout);
        return 0;
      } else if (!a.empty() && a[0] == '-') {
        throw std::invalid_argument("unknown option '" + a + "' (see --help)");
      } else {
        r.sources.push_back(a);
      }
    }
    if (r.roots.empty()) throw std::invalid_argument("give at least one --root DIR (the directories of your code)");
    if (out.empty()) throw std::invalid_argument("--out DIR is missing");
    out = canonical(out);  // compared with the sources' canonical paths: `--root o/0 --out o` is caught
    if (r.sources.empty()) throw std::invalid_argument("SOURCE is missing");
    for (const std::string& s : r.sources)
      if (copy_path(s, r.roots, out).empty())
        throw std::invalid_argument("SOURCE '" + s + "' is under no --root: its copy would have no place");

    // Never a file rewritten in place, nor a copy rewritten again (its reads would be wrapped twice).
    const auto refuse_copy = [&](const std::string& path, const std::string& code) {
      const auto copies = copy_paths(path, r.roots, out);
      if (std::find(copies.begin(), copies.end(), canonical(path)) != copies.end())
        throw std::invalid_argument("--out '" + out + "' makes the copy of '" + path +
                                    "' the file itself: give an --out directory outside the roots");
      if (code.starts_with(smallscope::instrument::copy_marker))
        throw std::invalid_argument("'" + path + "' is already a copy smallscope-instrument wrote (is --out '" + out +
                                    "' inside a --root, or a root inside an earlier --out?): give the original "
                                    "directories as roots and an --out outside them");
    };
    for (const std::string& s : r.sources) {
      std::ifstream in(s, std::ios::binary);
      std::string first;
      std::getline(in, first);
      refuse_copy(s, first);
    }
    const auto result = smallscope::instrument::collect(r);
    for (const auto& [path, edits] : result.files) refuse_copy(path, edits.code);
    unsigned reads = 0, writes = 0;
    for (const auto& [path, edits] : result.files) {
      const std::string text = smallscope::instrument::rewrite(edits, path);
      for (const std::string& copy : copy_paths(path, r.roots, out)) write_text(copy, text);
      reads += edits.reads;
      writes += edits.writes;
    }
    // A unit whose file has nothing to rewrite is copied too, so the build finds every copy.
    for (const std::string& s : r.sources)
      if (result.files.count(canonical(s)) == 0) {
        smallscope::instrument::file_edits none;
        std::ifstream in(s, std::ios::binary);
        none.code.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        const std::string text = smallscope::instrument::rewrite(none, canonical(s));
        for (const std::string& copy : copy_paths(s, r.roots, out)) write_text(copy, text);
      }
    if (!depfile.empty()) {
      std::string deps = escaped(copy_path(r.sources.front(), r.roots, out)) + ":";
      for (const std::string& f : result.read) deps += " \\\n  " + escaped(f);
      write_text(depfile, deps + "\n");
    }
    std::fprintf(stderr, "smallscope-instrument: %zu files, %u reads and %u writes of fields observed\n",
                 result.files.size(), reads, writes);
    // Code outside the roots that reads the roots' fields runs unobserved: an invariant there
    // would be judged on members the search neither saw read nor rebuilt.
    for (const auto& [path, u] : result.unobserved)
      std::fprintf(stderr,
                   "%s:%u:%u: warning: reads %s%s, a field of a class under the roots, in a file under no --root: "
                   "the search does not observe reads made here, so an invariant here (or code it calls) would be "
                   "judged on reads the search cannot see. If one is, add its directory to the roots "
                   "(smallscope_instrument(... ROOTS %s))\n",
                   path.c_str(), u.line, u.column, u.member.empty() ? "a member" : u.member.c_str(),
                   u.count > 1 ? (" (and " + std::to_string(u.count - 1) + " more reads)").c_str() : "",
                   fs::path(path).parent_path().string().c_str());
    return 0;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "smallscope-instrument: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "smallscope-instrument: %s\n", e.what());
    return 3;
  }
}
