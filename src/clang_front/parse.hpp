// Parsing one C++ source with Clang's libraries, shared by the two source rewriters: mutant
// generation and branch probes (src/mutate, paper 000 Sec. 7, paper 001 Sec. 5) and field-read
// instrumentation (src/instrument, paper 000 Sec. 3.4).
#pragma once

#include <clang/Frontend/ASTUnit.h>

#include <memory>
#include <string>
#include <vector>

namespace smallscope::clang_front {

// The file's bytes; throws std::invalid_argument naming it when it cannot be read.
std::string read_text(const std::string& path);

// The AST of `code` (the text of `file`) compiled as C++ with `arguments` (after the tool's own:
// -xc++, Clang's resource directory, `extra`). Throws std::invalid_argument naming the file and
// the compiler's first errors when it does not compile.
std::unique_ptr<clang::ASTUnit> parse(const std::string& file, const std::string& code,
                                      const std::vector<std::string>& extra,
                                      const std::vector<std::string>& arguments, const char* tool);

}  // namespace smallscope::clang_front
