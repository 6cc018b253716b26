// Reading a spec file or text: parse, then check (paper 003, Sec. 3: the spec language).
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "spec/load.hpp"

namespace smallscope::spec {

module load_text(std::string_view text, const std::string& file) {
  module m = parse(text, file);
  check(m);
  return m;
}

module load_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw spec_error(path, {0, 0}, "cannot read the file: it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw spec_error(path, {0, 0}, std::string("cannot read the file: ") + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw spec_error(path, {0, 0}, "cannot read the file");
  return load_text(text.str(), path);
}

}  // namespace smallscope::spec
