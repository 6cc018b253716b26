// smallscope-spec-compile: a spec's run predicate as C++ (emit.hpp), for smallscope_spec.
//
//   smallscope-spec-compile SPEC -o OUT.cpp [--run PREDICATE | --all-runs] [--label NAME]
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "compile/emit.hpp"
#include "files/input_file.hpp"
#include "spec_front/load.hpp"

namespace {

constexpr const char* usage =
    "usage: smallscope-spec-compile SPEC -o OUT.cpp [--run PREDICATE | --all-runs] [--label NAME]\n"
    "Translates the run command's predicate of SPEC (an .als file; --run names it, else the first run\n"
    "command's) into C++ over smallscope/compiled_spec.hpp and writes it to OUT.cpp. Compiled into a\n"
    "binary linked with smallscope::spec, it registers itself: spec_invariant and `--invariant SPEC`\n"
    "then judge that spec, while its text is the one compiled, at the speed of C++.\n"
    "--all-runs: every run command's predicate, in one file (one copy of the spec's text).\n"
    "--label NAME: the spec's name in the generated file (#line directives, messages); default SPEC.\n"
    "The CMake function smallscope_spec(TARGET t SPEC file.als) runs this (docs/SPECS.md).\n"
    "Exit codes: 0 written; 2 bad input (a spec with a mistake, or a construct the translation\n"
    "refuses: file:line:col and the way out).\n";

int bad(const std::string& message) {
  std::fprintf(stderr, "smallscope-spec-compile: %s\n", message.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string spec_path, out_path, run, label;
  bool all_runs = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&](const char* option) -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(std::string(option) + " needs a value");
      return argv[++i];
    };
    try {
      if (a == "-h" || a == "--help") {
        std::fputs(usage, stdout);
        return 0;
      }
      if (a == "-o") out_path = value("-o");
      else if (a == "--run") run = value("--run");
      else if (a == "--label") label = value("--label");
      else if (a == "--all-runs") all_runs = true;
      else if (!a.empty() && a[0] == '-') throw std::invalid_argument("unknown option " + a);
      else if (spec_path.empty()) spec_path = a;
      else throw std::invalid_argument("one SPEC only (" + spec_path + ", then " + a + ")");
    } catch (const std::invalid_argument& e) {
      std::fputs(usage, stderr);
      return bad(e.what());
    }
  }
  if (spec_path.empty() || out_path.empty()) {
    std::fputs(usage, stderr);
    return bad("SPEC and -o OUT.cpp are needed");
  }
  std::string content;
  try {
    content = smallscope::files::read_all(spec_path);
  } catch (const std::invalid_argument& e) {
    return bad(e.what());
  }
  try {
    const smallscope::spec::module m = smallscope::spec::load_text(content, spec_path);
    if (all_runs && !run.empty()) return bad("--run and --all-runs: give one of them");
    smallscope::compile::emit_options o;
    o.run = run;
    o.file_label = label.empty() ? spec_path : label;
    o.text = content;
    std::string cpp;
    if (!all_runs) {
      cpp = smallscope::compile::emit_cpp(m, o);
    } else {
      o.text_symbol = "spec_text";
      cpp = smallscope::compile::text_definition(content, o.text_symbol);
      std::size_t unit = 0;
      for (const auto& c : m.commands)
        if (c.is_run && !c.name.empty()) {
          o.run = c.name;
          o.unit_namespace = "run_" + std::to_string(unit++);
          cpp += smallscope::compile::emit_cpp(m, o);
        }
      if (unit == 0) return bad(spec_path + ": --all-runs: the spec has no run command that names a predicate");
    }
    std::ofstream out(out_path, std::ios::binary);
    out << cpp;
    if (!out) return bad("cannot write " + out_path);
  } catch (const smallscope::spec::spec_error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  } catch (const smallscope::compile::untranslatable& e) {
    std::fprintf(stderr, "%s:%u:%u: error: %s\n", spec_path.c_str(), e.at().line, e.at().column, e.what());
    return 2;
  } catch (const std::invalid_argument& e) {
    return bad(std::string(spec_path) + ": " + e.what());
  }
  return 0;
}
