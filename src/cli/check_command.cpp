// `smallscope check SUBJECT METHOD SCOPE | --fin P1,P2,...`: runs a method of a subject on every
// valid input of the scope and judges each with the invariant and the postcondition (paper 000,
// Sec. 6.1), each input in an isolated worker; prints the smallest counterexamples first.
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/numbers.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/subject.hpp"

namespace smallscope::cli {
namespace {

const target_method& lookup_method(const subject& s, const subject_instance& instance, const std::string& name) {
  for (const auto& m : instance.methods)
    if (m.name == name) return m;
  std::string known;
  for (const auto& m : instance.methods) known += (known.empty() ? "" : ", ") + m.name;
  if (known.empty()) throw usage_error(fmt::format("METHOD: {} has no methods to check", s.name));
  throw usage_error(fmt::format("METHOD: {} has no method '{}'; its methods: {}", s.name, name, known));
}

std::string domain_text(const argument_domain& d) {
  if (!d.class_domain.empty()) return (d.null_allowed ? "null or " : "") + d.class_domain + " objects";
  if (d.integers.empty()) return "{}";
  return d.integers.size() == 1 ? fmt::format("{{{}}}", d.integers.front())
                                : fmt::format("{}..{}", d.integers.front(), d.integers.back());
}

}  // namespace

int run_check_command(const check_request& r) {
  const subject& s = lookup(r.gen.subject);
  const auto format = parse_structure_format(r.gen.format);
  if (!format || *format == structure_format::jsonl)
    throw usage_error(fmt::format("--format must be text or dot, got '{}'", r.gen.format));
  if (r.gen.stats_given && r.gen.stats != "json" && r.gen.stats != "text")
    throw usage_error(fmt::format("--stats must be json or text, got '{}'", r.gen.stats));
  if (!(r.timeout >= 0 && r.timeout <= 86400))
    throw usage_error(fmt::format("--timeout must be in [0, 86400] seconds (0: automatic), got {}", r.timeout));
  if (r.seed_given && r.sample == 0) throw usage_error("--seed needs --sample K");
  if (r.input != 0 && r.sample != 0) throw usage_error("give --input or --sample, not both");
  if (r.white_box && r.sample != 0) throw usage_error("--sample does not go with --white-box (it searches for failures)");
  if (!r.reproducer_dir.empty() && !std::filesystem::is_directory(r.reproducer_dir))
    throw usage_error(fmt::format("--reproducer-dir: '{}' is not a directory", r.reproducer_dir));
  const auto p = parameters(s, r.gen);
  validate(r.gen.search);
  const subject_instance instance = s.make(p);
  const target_method& method = lookup_method(s, instance, r.method);
  require_eq_class(s, instance, r.gen.search);
  if (r.white_box && (r.gen.search.eq_class || r.gen.search.one_per_class))
    throw usage_error("--eq-class and --one-per-class do not go with --white-box (it searches for failures)");

  check_options options;
  options.timeout = r.timeout;
  options.stop_after = r.stop_after;
  options.sample = r.sample;
  options.seed = r.seed;
  options.only_input = r.input;
  options.white_box = r.white_box;
  options.format = *format;
  options.search = r.gen.search;
  options.eq_class = instance.eq_class;

  if (r.input != 0 && !r.white_box) {
    const auto total = count_inputs(instance.fin, instance.invariant, method, r.gen.search, instance.eq_class);
    if (r.input > total)
      throw usage_error(fmt::format("--input {}: {} has {} inputs in this scope; give 1..{}", r.input, method.name,
                                    total, total));
  }
  // The command that reproduces one input: the same scope, search options and mode.
  const std::string command = fmt::format("smallscope check {} {} --fin {}{}{}", s.name, method.name, joined(p),
                                          non_default_options(r.gen.search), r.white_box ? " --white-box" : "");
  if (!r.gen.quiet) {
    std::string args;
    for (const auto& d : method.arguments) args += (args.empty() ? "" : ", ") + domain_text(d);
    fmt::print(stderr, "{}\n  finitization: {}\n  method: {}({}){}\n", command,
               instance.fin.describe(), method.cpp_member, args,
               method.summary.empty() ? "" : " -- " + method.summary);
  }
  check_progress progress;
  if (!r.gen.quiet)
    progress = [](const check_report& partial) {
      fmt::print(stderr, "\r  {} inputs checked, {} failed, {} structures, {:.0f} s", grouped(partial.inputs),
                 grouped(partial.failed), grouped(partial.structures), partial.seconds);
      std::fflush(stderr);
    };
  const check_report report = run_check(instance.fin, instance.invariant, method, options, progress);
  if (progress && report.seconds > 1) fmt::print(stderr, "\n");
  if (r.white_box && r.input != 0 && report.failures.empty())
    throw usage_error(fmt::format("--input {}: the white-box search of {} finds {} failing inputs; give 1..{}", r.input,
                                  method.name, report.failed, report.failed));

  check_context ctx;
  ctx.subj = &s;
  ctx.fin = &instance.fin;
  ctx.method = &method;
  ctx.reproduce_command = command;
  ctx.header = s.header;
  ctx.invariant_member = s.invariant_member;

  const std::size_t shown = std::min<std::size_t>(report.failures.size(), r.show);
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& c = report.failures[i];
    fmt::print("{}", counterexample_report(ctx, c, i + 1, *format));
    const std::string code = googletest_reproducer(ctx, c);
    if (r.reproducers) fmt::print("  GoogleTest reproducer:\n{}\n", code);
    if (!r.reproducer_dir.empty()) {
      const auto path = std::filesystem::path(r.reproducer_dir) / fmt::format("{}_{}_{}.cpp", s.name, method.name, c.input);
      std::ofstream out(path);
      out << code;
      if (!out) throw usage_error(fmt::format("--reproducer-dir: cannot write {}", path.string()));
      if (!r.gen.quiet) fmt::print(stderr, "  wrote {}\n", path.string());
    }
  }
  if (report.failures.size() > shown)
    fmt::print("({} more counterexamples; --show N prints more)\n", grouped(report.failures.size() - shown));

  const std::string summary = fmt::format(
      "{} {} {}: {} inputs, {} passed, {} failed in {:.3f} s ({} structures, {} explored; {:.3f} s in the method){}{}",
      s.name, method.name, joined(p), grouped(report.inputs), grouped(report.passed), grouped(report.failed),
      report.seconds, grouped(report.structures), grouped(report.explored), report.method_seconds,
      report.stopped ? ", stopped at --stop-after" : "",
      report.worker_restarts > 0 ? fmt::format(", {} worker restarts", report.worker_restarts) : "");
  if (r.gen.stats == "json") {
    if (!r.gen.quiet) fmt::print(stderr, "{}\n", summary);
    nlohmann::json j;
    j["subject"] = s.name;
    j["method"] = method.name;
    j["fin"] = p;
    j["inputs"] = report.inputs;
    j["passed"] = report.passed;
    j["failed"] = report.failed;
    j["structures"] = report.structures;
    j["explored"] = report.explored;
    j["total_inputs"] = report.total_inputs;
    j["seconds"] = report.seconds;
    j["method_seconds"] = report.method_seconds;
    j["worker_restarts"] = report.worker_restarts;
    j["stopped"] = report.stopped;
    nlohmann::json failures = nlohmann::json::array();
    for (const auto& c : report.failures)
      failures.push_back({{"input", c.input}, {"kind", outcome_name(c.kind)}, {"detail", c.detail},
                          {"objects", c.objects}, {"arguments", c.arguments}});
    j["failures"] = failures;
    fmt::print("{}\n", j.dump());
  } else if (r.gen.stats == "text") {
    fmt::print("subject:         {}\nmethod:          {}\nfin:             {}\ninputs:          {}\npassed:          {}\n"
               "failed:          {}\nstructures:      {}\nexplored:        {}\nseconds:         {:.6f}\n"
               "method seconds:  {:.6f}\nworker restarts: {}\n",
               s.name, method.name, joined(p), report.inputs, report.passed, report.failed, report.structures,
               report.explored, report.seconds, report.method_seconds, report.worker_restarts);
  } else {
    fmt::print("{}\n", summary);
  }
  std::fflush(stdout);
  return report.failed > 0 ? 1 : 0;
}

}  // namespace smallscope::cli
