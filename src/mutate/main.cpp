// smallscope-mutants: lists the mutants of a C++ source's target methods and writes their
// schemata (paper 000, Sec. 7).
//
//   smallscope-mutants FILE --method NAME [--method NAME ...] [--keep NAME ...]
//                      [--schemata OUT] [--report OUT.json] [--format text|jsonl] [--output OUT]
//                      [--functions OUT.json] [--mark NAME]
//                      [-- COMPILER ARGUMENTS]
//   smallscope-mutants FILE --method NAME [...] [--keep NAME ...] --branches OUT [--mark NAME] [-- ...]
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <utility>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "mutate/branches.hpp"
#include "files/input_file.hpp"
#include "mutate/mutants.hpp"

namespace {


constexpr const char* usage =
    "usage: smallscope-mutants FILE --method NAME [--method NAME ...] [--keep NAME ...]\n"
    "                          [--schemata OUT] [--report OUT.json] [--format text|jsonl]\n"
    "                          [--output OUT] [--functions OUT.json] [--mark NAME]\n"
    "                          [-- COMPILER ARGUMENTS]\n"
    "       smallscope-mutants FILE --method NAME [...] [--keep NAME ...] --branches OUT [--mark NAME]\n"
    "                          [-- COMPILER ARGUMENTS]\n"
    "Lists the mutants of the methods NAME (and of the helpers they call) in FILE, one line each,\n"
    "with Ferastrau's three families (paper 000, Sec. 7): an operator replaced by another of its\n"
    "kind, a variable or field by another of its type, a method call by another of the same type.\n"
    "--keep NAME: the invariant and postconditions; what only they call is not mutated.\n"
    "--schemata OUT: write FILE with every mutant guarded by smallscope::mutation::active\n"
    "(include/smallscope/rewritten/mutation.hpp), to compile once for all mutants.\n"
    "--report OUT.json: the mutants in the mutation-testing-report-schema format (the\n"
    "mutation-testing-elements viewer's), each with the status Pending until it runs.\n"
    "--output OUT: the list into OUT instead of the standard output.\n"
    "--functions OUT.json: the lines of the code under test (targets, helpers) and of the spec\n"
    "(the kept functions and what only they call), for coverage.\n"
    "--branches OUT: instead of mutants, write FILE with a probe on every condition of the\n"
    "methods and their helpers (if, while, do, for, ?: and each operand of && and ||), which\n"
    "counts both outcomes (include/smallscope/rewritten/branches.hpp: source-level branch coverage).\n"
    "--mark NAME: the written file also defines NAME, so that a program none of whose sources\n"
    "compiles it fails to link naming NAME (smallscope_variants: a variant missing its mutation\n"
    "points or probes is refused when it is built, not when it runs).\n"
    "The arguments after -- are the compiler's (-std=c++20, -I, -D).\n"
    "Exit codes: 0 done; 2 bad input (a source that does not compile, an unknown method, no mutant).\n";


bool is_identifier(const std::string& s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return c == '_' || std::isalnum(static_cast<unsigned char>(c)); });
}

// What --mark adds to a written file: NAME, emitted by every translation unit that compiles the
// file (`used`), so that a reference to it links only where the file is compiled in.
std::string link_mark(const std::string& mark) {
  if (mark.empty()) return {};
  return "\n// smallscope_variants: a variant that compiles no source including this file fails to link, naming\n"
         "// this mark, rather than running without its mutation points or probes.\n"
         "#ifndef SMALLSCOPE_MARK_" + mark + "\n#define SMALLSCOPE_MARK_" + mark + "\n[[gnu::used]] inline const int " +
         mark + " = 1;\n#endif\n";
}

}  // namespace

int main(int argc, char** argv) {
  smallscope::mutate::request r;
  std::string schemata, report, output, functions, branches, mark, format = "text";
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      auto value = [&](const char* option) {
        if (i + 1 >= argc) throw std::invalid_argument(std::string(option) + " needs a value");
        return std::string(argv[++i]);
      };
      if (a == "--") {
        for (++i; i < argc; ++i) r.compiler_arguments.emplace_back(argv[i]);
      } else if (a == "--method") {
        r.methods.push_back(value("--method"));
      } else if (a == "--keep") {
        r.keep.push_back(value("--keep"));
      } else if (a == "--schemata") {
        schemata = value("--schemata");
      } else if (a == "--branches") {
        branches = value("--branches");
      } else if (a == "--mark") {
        mark = value("--mark");
        if (!is_identifier(mark))
          throw std::invalid_argument("--mark takes a C++ identifier (letters, digits, _; not a digit first), got '" + mark + "'");
      } else if (a == "--functions") {
        functions = value("--functions");
      } else if (a == "--output") {
        output = value("--output");
      } else if (a == "--report") {
        report = value("--report");
      } else if (a == "--format") {
        format = value("--format");
        if (format != "text" && format != "jsonl")
          throw std::invalid_argument("--format must be text or jsonl, got '" + format + "'");
      } else if (a == "-h" || a == "--help") {
        std::fputs(usage, stdout);
        return 0;
      } else if (!a.empty() && a[0] == '-') {
        throw std::invalid_argument("unknown option '" + a + "'");
      } else if (r.file.empty()) {
        r.file = a;
      } else {
        throw std::invalid_argument("one FILE only; '" + a + "' is a second");
      }
    }
    if (r.file.empty()) throw std::invalid_argument("FILE is missing");
    smallscope::files::require_readable(r.file);
    // An output that is the source itself would overwrite it.
    for (const auto& [option, path] : {std::pair<const char*, const std::string*>{"--schemata", &schemata},
                                       {"--branches", &branches}, {"--output", &output}, {"--report", &report},
                                       {"--functions", &functions}}) {
      std::error_code ec;
      if (!path->empty() && std::filesystem::equivalent(*path, r.file, ec))
        throw std::invalid_argument(std::string(option) + " '" + *path + "' is FILE itself: give another path (it would be overwritten)");
    }
    if (r.methods.empty()) throw std::invalid_argument("give at least one --method NAME");
    if (!mark.empty() && schemata.empty() && branches.empty())
      throw std::invalid_argument("--mark is defined in the file --schemata or --branches writes: give one of them");
    if (!branches.empty()) {
      if (!schemata.empty() || !report.empty() || !functions.empty() || !output.empty())
        throw std::invalid_argument("--branches writes probes only: no --schemata, --report, --functions or --output with it");
      const auto probes = smallscope::mutate::instrument_branches(r);
      std::ofstream file(branches);
      file << probes.instrumented << link_mark(mark);
      file.flush();
      if (!file) throw std::invalid_argument("--branches: cannot write '" + branches + "'");
      std::fprintf(stderr, "%zu conditions (%zu branches) in %s\n", probes.conditions.size(),
                   2 * probes.conditions.size(), r.file.c_str());
      return 0;
    }
    const auto result = smallscope::mutate::generate(r);
    std::string made_by = "smallscope-mutants";
    for (int i = 1; i < argc; ++i) made_by += std::string(" ") + argv[i];
    std::string out;
    if (format == "jsonl") out = smallscope::mutate::jsonl_header(made_by, result.mutants.size());
    for (const auto& m : result.mutants) {
      if (format == "jsonl")
        out += smallscope::mutate::jsonl_line(m);
      else
        out += fmt::format("{:4} {}:{}:{} {} in {}: {} -> {}\n", m.id, m.file, m.line, m.column, m.mutator, m.function,
                           m.original, m.replacement);
    }
    if (!output.empty()) {
      std::ofstream file(output);
      file << out;
      file.flush();
      if (!file) throw std::invalid_argument("--output: cannot write '" + output + "'");
    } else {
      std::fputs(out.c_str(), stdout);
    }
    if (!schemata.empty()) {
      std::ofstream file(schemata);
      file << result.schemata << link_mark(mark);
      file.flush();
      if (!file) throw std::invalid_argument("--schemata: cannot write '" + schemata + "'");
    }
    if (!functions.empty()) {
      std::ofstream file(functions);
      // Absolute, so that coverage finds the file from any directory.
      file << smallscope::mutate::extents_json(std::filesystem::absolute(r.file).lexically_normal().string(), result.extents);
      file.flush();
      if (!file) throw std::invalid_argument("--functions: cannot write '" + functions + "'");
    }
    if (!report.empty()) {
      std::ofstream file(report);
      // Every mutant Pending: a list of what `mutate` would run, not a run.
      file << smallscope::mutate::report_json(result.mutants, r.file, result.source,
                                             [](const auto&) { return smallscope::mutate::report_status{"Pending", {}}; },
                                             {made_by, false, {}});
      file.flush();
      if (!file) throw std::invalid_argument("--report: cannot write '" + report + "'");
    }
    std::fprintf(stderr, "%zu mutants in %zu functions of %s\n", result.mutants.size(), result.functions.size(),
                 r.file.c_str());
    // A list or a message that could not be written is an output error, stderr's too.
    const bool written = std::fflush(stdout) == 0 && std::ferror(stdout) == 0;
    return written && std::fflush(stderr) == 0 && std::ferror(stderr) == 0 ? 0 : 3;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
}
