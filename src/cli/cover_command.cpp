// `smallscope-branches cover SUBJECT SCOPE --methods M1,M2`: source-level branch coverage of
// methods over every valid input (black-box, paper 001 Sec. 5.2), and the white-box suite that
// keeps each test taking an outcome no earlier test took (Sec. 5.3), written as a suite file for
// `check --suite`. Needs a binary built with branch probes (smallscope-branches). See
// include/smallscope/drivers/cover.hpp.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <limits>
#include <memory>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/file_lock.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "cli/stats.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/drivers/cover.hpp"
#include "smallscope/subject.hpp"
#include "suite/suite_file.hpp"

namespace smallscope::cli {

namespace {

std::string percent(unsigned part, unsigned whole) {
  return whole == 0 ? "-" : fmt::format("{:.0f} %", 100.0 * part / whole);
}

std::string test_text(const std::vector<const target_method*>& methods, const cover_test& t) {
  std::string args;
  for (const auto& a : t.arg_texts) args += (args.empty() ? "" : ", ") + a;
  return fmt::format("{}({}) on input {}", methods[t.method]->name, args, t.input);
}

// The plain command line beside smallscope-branches, which reports a failure with a reproducer.
std::string check_program(std::string program) {
  constexpr std::string_view branches_name = "smallscope-branches";
  if (program.ends_with(branches_name)) program.replace(program.size() - branches_name.size(), branches_name.size(), "smallscope");
  return program;
}

std::string failure_text(const cover_failure& f) {
  counterexample c;
  c.kind = f.kind;
  c.detail = f.detail;
  c.returned = f.returned;
  return failed_check_text(c);
}

}  // namespace

nlohmann::json functions_json(const coverage_table& t) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& f : t.functions) j.push_back({{"function", f.function}, {"branches", f.branches}, {"covered", f.covered}});
  return j;
}

coverage_table branch_coverage_table(const branch_vector& taken, std::size_t show) {
  coverage_table t;
  // The instrumented files the runs reached (the binary has others, of other subjects).
  std::vector<function_branches> functions;
  {
    const auto all = branches::by_function(taken);
    std::vector<std::string> reached;
    for (const auto& f : all)
      if (f.covered != 0 && std::find(reached.begin(), reached.end(), f.file) == reached.end()) reached.push_back(f.file);
    for (const auto& f : all)
      if (std::find(reached.begin(), reached.end(), f.file) != reached.end()) functions.push_back(f);
  }
  t.text = "branch coverage (each condition's two outcomes) of the code under test:\n";
  t.text += fmt::format("  {:<28} {:>8} {:>8} {:>6}\n", "function", "branches", "covered", "");
  for (const auto& f : functions) {
    std::string name = f.function;
    if (const auto at = name.rfind("::"); at != std::string::npos) name = name.substr(at + 2);
    t.text += fmt::format("  {:<28} {:>8} {:>8} {:>6}\n", name, f.branches, f.covered, percent(f.covered, f.branches));
    t.branches += f.branches;
    t.covered += f.covered;
    t.functions.push_back(f);
  }
  t.text += fmt::format("  {:<28} {:>8} {:>8} {:>6}\n", "all", t.branches, t.covered, percent(t.covered, t.branches));
  std::string never;
  std::size_t listed = 0;
  for (std::size_t i = 0; i < taken.size(); ++i) {
    if (taken[i] != 0) continue;
    const char* file = nullptr;
    const branch_condition_site* site = branches::site(i, &file);
    const bool shown = site != nullptr && std::any_of(functions.begin(), functions.end(), [&](const function_branches& f) {
      return f.file == file && f.function == site->function;
    });
    if (shown && listed++ < show) never += "  " + branches::describe(i) + "\n";
  }
  if (t.branches != t.covered)
    t.text += fmt::format("outcomes not taken ({} of {}{}):\n{}", t.branches - t.covered, t.branches,
                          listed > show ? fmt::format(", the first {}", show) : "", never);
  return t;
}

int run_cover(const cover_request& r) {
  const subject& s = lookup(r.gen.subject);
  if (!branches::instrumented())
    throw usage_error(fmt::format(
        "{} has no branch probes: run cover with smallscope-branches, the command line built from the subjects of "
        "subjects/branch_targets.txt with a probe on every condition (smallscope-mutants --branches)",
        r.gen.program));
  std::vector<std::string> names;
  std::stringstream in(r.methods);
  for (std::string name; std::getline(in, name, ',');)
    if (!name.empty()) names.push_back(name);
  if (names.empty()) throw usage_error("--methods: give the methods to test, comma-separated (e.g. --methods remove_rank,put_gap)");
  const auto p = parameters(s, r.gen);
  require_writable("--suite", r.suite_out);
  require_distinct_files({{"--invariant", r.gen.invariant}}, {{"--suite", r.suite_out}});
  const file_lock suite_lock("--suite", r.suite_out);
  const subject_instance instance = s.make(p);
  std::vector<const target_method*> methods;
  std::vector<target_method> copies;
  for (const auto& name : names) {
    methods.push_back(&lookup_method(s, instance, name, "--methods"));
    copies.push_back(*methods.back());
  }
  if (!r.gen.quiet)
    err("{} cover {} --fin {} --methods {}\n  finitization: {}\n", r.gen.program, s.name, joined(p), r.methods,
        instance.fin.describe());
  const auto start = std::chrono::steady_clock::now();
  cover_report report;
  try {
    report = cover(instance.fin, instance.invariant, copies);
  } catch (const finitization_error& e) {
    throw usage_error(fmt::format("--methods: {}", e.what()));
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const coverage_table table = branch_coverage_table(report.covered, r.show);
  std::string out;
  std::string sizes;
  for (std::size_t k = 0; k < report.inputs_by_objects.size(); ++k)
    if (report.inputs_by_objects[k] != 0) sizes += fmt::format("{}{} of {} objects", sizes.empty() ? "" : ", ", report.inputs_by_objects[k], k);
  out += fmt::format("{} inputs ({}), {} tests in {:.3f} s\n", grouped(report.inputs), sizes, grouped(report.tests), seconds);
  out += table.text;
  std::string sizes_kept;
  std::vector<std::uint64_t> kept_by_objects;
  for (const auto objects : report.suite_input_objects) {
    if (kept_by_objects.size() <= objects) kept_by_objects.resize(objects + 1, 0);
    kept_by_objects[objects] += 1;
  }
  for (std::size_t k = 0; k < kept_by_objects.size(); ++k)
    if (kept_by_objects[k] != 0)
      sizes_kept += fmt::format("{}{} of {}", sizes_kept.empty() ? "" : ", ", kept_by_objects[k], report.inputs_by_objects[k]);
  out += fmt::format("white-box suite: {} tests on {} of the {} inputs ({} by objects) take every outcome above\n",
                     report.suite.size(), report.suite_inputs.size(), report.inputs, sizes_kept);
  for (const auto& f : report.failures)
    if (&f - report.failures.data() < static_cast<std::ptrdiff_t>(r.show))
      out += fmt::format("FAILED {}: {}\n", test_text(methods, f.test), failure_text(f));
  if (!report.failures.empty())
    out += fmt::format("{} failed tests; `{} check {} METHOD --fin {}` reports each with a reproducer\n",
                       report.failures.size(), shell_word(check_program(r.gen.program)), s.name,
                       joined(p));

  if (!r.suite_out.empty()) {
    const std::string lines = suite::structure_lines(instance.fin, report.suite_candidates);
    const std::uint64_t number = report.suite_candidates.size();
    suite::header h{s.name, p, "white-box", fmt::format("{} cover {} --fin {} --methods {}", shell_word(r.gen.program), s.name, joined(p), shell_word(r.methods)),
                    number};
    write_file("--suite", r.suite_out, suite::header_line(h) + lines);
    if (!r.gen.quiet) err("wrote the white-box suite's {} inputs to {}\n", number, r.suite_out);
  }
  if (!r.gen.stats.empty()) {
    figures j;
    j["subject"] = s.name;
    j["fin"] = p;
    j["inputs"] = report.inputs;
    j["tests"] = report.tests;
    j["branches"] = table.branches;
    j["covered"] = table.covered;
    j["suite_tests"] = report.suite.size();
    j["suite_inputs"] = report.suite_inputs.size();
    j["failures"] = report.failures.size();
    j["seconds"] = seconds;
    j["functions"] = functions_json(table);
    out += stats_lines(r.gen.stats, j);
  }
  write_out(out);
  flush_out();
  return report.failures.empty() ? exit_done : exit_findings;
}

command_runner add_cover(CLI::App& cv, rule_table& rules, const std::string& program) {
  auto cover = std::make_shared<cover_request>();
  cover->gen.program = program;
  add_subject(cv, cover->gen);
  add_scope(cv, cover->gen, "the subject's one-argument finitization; or give --fin");
  cv.add_option("--methods", cover->methods, "the methods to test, comma-separated, each with every tuple of its argument domains")
      ->required()
      ->type_name("M1,M2,...");
  cv.add_option("--suite", cover->suite_out, "write the white-box suite's inputs to FILE (for `check --suite`)")->type_name("FILE");
  auto show = std::make_shared<std::uint64_t>(cover->show);
  add_count(cv, rules, "--show", *show, 0, "list N outcomes no test took and N failed tests (default 10)");
  add_stats(cv, cover->gen.stats);
  add_quiet(cv, cover->gen.quiet, "no configuration line on stderr");
  cv.footer(fmt::format(
      "Every valid input (smallest first) meets every test; each condition of the code under test (if, while,\n"
      "for, ?:, each operand of && and ||) counts its two outcomes. The white-box suite keeps each test that\n"
      "takes an outcome no earlier test took: the same coverage from few inputs. Tests run in a worker\n"
      "process: a method that crashes or hangs is a failed test, and the run goes on. Code only the harness\n"
      "runs (the release of a post-state, its destructors) counts for no test.\n{}\n"
      "Example: {} cover TreeMapLazy 5 --methods remove_rank,put_gap --suite wb.suite",
      exit_codes_text, program.ends_with("-branches") ? program : program + "-branches"));
  return [cover, show, &cv] {
    note_given(cv, cover->gen);
    cover->show = static_cast<std::size_t>(std::min<std::uint64_t>(*show, 1'000'000));
    return run_cover(*cover);
  };
}

}  // namespace smallscope::cli
