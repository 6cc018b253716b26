// Parsing one C++ source with Clang's libraries. See parse.hpp.
#include "clang_front/parse.hpp"

#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/raw_ostream.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

#ifndef SMALLSCOPE_CLANG_RESOURCE_DIR
#define SMALLSCOPE_CLANG_RESOURCE_DIR ""
#endif

namespace smallscope::clang_front {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::invalid_argument(path + ": cannot read the file");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::unique_ptr<clang::ASTUnit> parse(const std::string& file, const std::string& code,
                                      const std::vector<std::string>& extra,
                                      const std::vector<std::string>& arguments, const char* tool) {
  std::vector<std::string> args = {"-xc++", "-fno-color-diagnostics"};
  if (std::string(SMALLSCOPE_CLANG_RESOURCE_DIR).size() > 0) args.push_back("-resource-dir=" SMALLSCOPE_CLANG_RESOURCE_DIR);
  args.insert(args.end(), extra.begin(), extra.end());
  args.insert(args.end(), arguments.begin(), arguments.end());
  std::string diagnostics;
  llvm::raw_string_ostream diag_stream(diagnostics);
  auto options = new clang::DiagnosticOptions();
  clang::TextDiagnosticPrinter printer(diag_stream, options);
  auto ast = clang::tooling::buildASTFromCodeWithArgs(
      code, args, file, tool, std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(), clang::tooling::FileContentMappings(), &printer);
  diag_stream.flush();
  if (!ast || ast->getDiagnostics().hasErrorOccurred()) {
    // The errors with the notes that say why (a candidate's constraint not satisfied, a
    // requirement that failed): "no matching member function" alone does not tell the user.
    std::string first;
    std::istringstream lines(diagnostics);
    bool after_error = false;
    for (std::string line; std::getline(lines, line) && first.size() < 4000;) {
      if (line.find("error:") != std::string::npos) after_error = true;
      else if (line.find("warning:") != std::string::npos) after_error = false;
      if (line.find("error") != std::string::npos || (after_error && line.find("note:") != std::string::npos))
        first += "\n  " + line;
    }
    throw std::invalid_argument(file + " does not compile with the arguments given:" + first);
  }
  return ast;
}

}  // namespace smallscope::clang_front
