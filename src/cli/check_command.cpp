// `smallscope check SUBJECT METHOD SCOPE | --fin P1,P2,...`: runs a method of a subject on every
// valid input of the scope and judges each with the invariant and the postcondition (paper 000,
// Sec. 6.1), each input in an isolated worker; prints the smallest counterexamples first.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <limits>
#include <memory>

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/cost_output.hpp"
#include "cli/file_lock.hpp"
#include "cli/findings_file.hpp"
#include "smallscope/spec_error.hpp"
#include "suite/suite_file.hpp"
#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/scale.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/stats.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/cost.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/spec.hpp"
#include "smallscope/subject.hpp"

namespace smallscope::cli {
namespace {

std::string domain_text(const argument_domain& d) {
  if (!d.class_domain.empty()) return (d.null_allowed ? "null or " : "") + d.class_domain + " objects";
  if (d.integers.empty()) return "{}";
  if (d.strings) {
    std::string text;
    for (std::size_t k = 0; k < d.integers.size(); ++k) text += (k == 0 ? "{" : ", ") + d.text(k);
    return text + "}";
  }
  return d.integers.size() == 1 ? fmt::format("{{{}}}", d.integers.front())
                                : fmt::format("{}..{}", d.integers.front(), d.integers.back());
}


// --reproducer-dir before any work: created when missing, and it must take a file.
void prepare_reproducer_dir(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir))
    throw usage_error(fmt::format("--reproducer-dir: '{}' is not a directory and cannot be created ({}); give a "
                                  "writable directory",
                                  escaped(dir), ec ? ec.message() : "a file is in the way"));
  const fs::path probe = fs::path(dir) / fmt::format(".smallscope_probe_{}", ::getpid());
  {
    std::ofstream out(probe);
    out << "probe\n";
    out.flush();
    if (!out) {
      fs::remove(probe, ec);
      throw usage_error(fmt::format("--reproducer-dir: '{}' is not writable; give a writable directory", escaped(dir)));
    }
  }
  fs::remove(probe, ec);
}

// One failure as a JSON object, for --findings.
figures finding_json(const check_context& ctx, const counterexample& c, structure_format format) {
  figures j = {{"input", c.input},         {"kind", outcome_name(c.kind)}, {"detail", c.detail},
                      {"arguments", c.arguments}, {"objects", c.objects}};
  if (!c.result.empty()) j["result"] = c.result;
  if (c.returned) j["returned"] = true;  // a crash in reading the post-state, after the method returned
  j["text"] = failed_check_text(c);
  j["pre_state"] = pre_state_picture(ctx, c, format);
  j["post_state"] = c.post_state;
  return j;
}

}  // namespace

int run_check_command(const check_request& r) {
  const subject& s = lookup(r.gen.subject);
  const std::optional<structure_format> format = picture_options(r.gen);
  if (!(r.timeout == 0 || (r.timeout >= 0.001 && r.timeout <= 86400)))
    throw usage_error(fmt::format("--timeout must be 0 (automatic) or seconds in [0.001, 86400], got {}", r.timeout));
  if (r.seed_given && r.sample == 0) throw usage_error("--seed needs --sample K");
  if (r.input != 0 && r.sample != 0) throw usage_error("give --input or --sample, not both");
  if (r.white_box && r.sample != 0) throw usage_error("--sample does not go with --white-box (it searches for failures)");
  const bool spec = !r.spec_file.empty();
  if (!spec && (!r.spec_run.empty() || !r.spec_post.empty() || !r.spec_scope.empty()))
    throw usage_error("--run, --post and --scope need --spec FILE");
  if (spec && (r.white_box || r.sample != 0 || r.gen.search.eq_class || r.gen.search.one_per_class))
    throw usage_error("--spec checks every instance of the spec black-box: it does not go with --white-box, --sample, "
                      "--eq-class or --one-per-class");
  const bool cost = r.cost || !r.cost_plot.empty() || !r.max_cost.empty();
  if (cost && r.white_box)
    throw usage_error("--cost, --max-cost and --cost-plot measure black-box: they do not go with --white-box (which "
                      "runs the method inside the search)");
  require_distinct_files({{"--suite", r.suite}, {"--invariant", r.gen.invariant}, {"--spec", r.spec_file}},
                         {{"--findings", r.findings}, {"--cost-plot", r.cost_plot}});
  const bool from_suite = !r.suite.empty();
  if (from_suite && (spec || r.white_box || r.sample != 0 || r.gen.search.eq_class || r.gen.search.one_per_class))
    throw usage_error("--suite checks every structure of the suite file black-box: it does not go with --spec, "
                      "--white-box, --sample, --eq-class or --one-per-class");
  suite::contents suite_contents;
  const auto p = from_suite ? suite_parameters(s, r.gen, r.suite, suite_contents, "check") : parameters(s, r.gen);
  validate(r.gen.search);
  subject_instance instance = s.make(p);
  structure_source suite_source;
  if (from_suite) suite_source.candidates = suite_candidates(suite_contents, r.suite, instance);
  const target_method& method = lookup_method(s, instance, r.method);
  require_eq_class(s, instance, r.gen.search);
  use_generators(s, instance, r.gen.generators);
  const std::string invariant_note = use_spec_invariant(instance, r.gen);
  if (r.white_box && (r.gen.search.eq_class || r.gen.search.one_per_class))
    throw usage_error("--eq-class and --one-per-class do not go with --white-box (it searches for failures)");
  if (!r.reproducer_dir.empty()) prepare_reproducer_dir(r.reproducer_dir);
  require_writable("--findings", r.findings);  // checked before the run, written after it
  const file_lock findings_lock("--findings", r.findings);  // one run writes it
  require_writable("--cost-plot", r.cost_plot);  // checked before the run, written after it
  const file_lock plot_lock("--cost-plot", r.cost_plot);
  const std::vector<cost_bound> bounds = parse_cost_bounds("--max-cost", r.max_cost, s, p);

  // Which failures come first, which inputs are picked, or which structures are given: one worker.
  const std::string ordered_flag = order_dependent_flag(r.gen.search);
  const char* ordered = r.stop_after != 0 ? "--stop-after" : r.sample != 0 ? "--sample" : r.input != 0 ? "--input"
                        : r.white_box ? "--white-box" : !ordered_flag.empty() ? ordered_flag.c_str()
                        : spec ? "--spec" : from_suite ? "--suite" : nullptr;
  if (ordered != nullptr && r.gen.threads > 1)
    throw usage_error(fmt::format("{} runs on one worker: give --threads 1 or leave --threads out", ordered));
  const unsigned threads = ordered != nullptr ? 1u : bounded_threads(r.gen.threads);
  // A shard: its share of every input; the whole check's numbers come from `merge`.
  scale_plan shard;
  parse_shard(r.gen.shard, shard);
  const bool sharded = shard.shard_count > 1;
  if (sharded && ordered != nullptr)
    throw usage_error(fmt::format("{} does not go with --shard: a shard checks its share of every input", ordered));
  if (sharded && (r.cost || !r.cost_plot.empty()))
    throw usage_error("--cost and --cost-plot report one run's worst case, which `merge` does not join: give them "
                      "without --shard (--max-cost goes with --shard: its failures are merged as any)");
  if (sharded && !r.findings.empty())
    throw usage_error("--findings does not go with --shard: a shard's failures are in its --stats json line, and "
                      "`smallscope merge --findings FILE` writes all of them, numbered as the whole check");

  check_options options;
  options.threads = threads;
  options.timeout = r.timeout;
  options.stop_after = r.stop_after;
  options.sample = r.sample;
  options.seed = r.seed;
  options.only_input = r.input;
  options.white_box = r.white_box;
  options.format = *format;
  options.search = r.gen.search;
  options.eq_class = instance.eq_class;
  options.stop = interrupt_stop();
  if (from_suite) options.source = &suite_source;
  options.shard_index = shard.shard_index;
  options.shard_count = shard.shard_count;
  options.units_per_shard = r.gen.shard_units;
  options.cost = cost;
  options.max_cost = bounds;

  if (r.input != 0 && !r.white_box && !spec && !from_suite) {
    const auto total = count_inputs(instance.fin, instance.invariant, method, r.gen.search, instance.eq_class,
                                    options.stop);
    if (interrupted()) {
      err("{} while counting the inputs; nothing was checked\n", interrupted_note);
      return exit_interrupted;
    }
    if (r.input > total)
      throw usage_error(fmt::format("--input {}: {} has {} inputs in this scope; give 1..{}", r.input, method.name,
                                    total, total));
  }
  // The command that reproduces one input: the same program, scope, search options, mode and
  // time limit; the configuration line adds the sample, so the whole run can be repeated.
  const std::string source_options =
      spec ? fmt::format(" --spec {}{}{}{}", shell_word(r.spec_file), r.spec_run.empty() ? "" : " --run " + shell_word(r.spec_run),
                         r.spec_post.empty() ? "" : " --post " + shell_word(r.spec_post),
                         r.spec_scope.empty() ? "" : " --scope " + shell_word(r.spec_scope))
           : from_suite ? " --suite " + shell_word(r.suite) : "";
  const std::string spec_options = spec_invariant_options(r.gen) + source_options;
  // The cost bounds decide verdicts too: without them a pasted line finds nothing.
  std::string bound_options;
  for (const std::string& b : r.max_cost) bound_options += " --max-cost " + shell_word(b);
  const std::string command =
      fmt::format("{} check {} {} --fin {}{}{}{}{}{}", shell_word(r.gen.program), s.name, method.name, joined(p),
                  non_default_options(r.gen.search), r.white_box ? " --white-box" : "",
                  r.timeout_given ? fmt::format(" --timeout {}", r.timeout) : "", bound_options, spec_options);
  if (!r.gen.quiet) {
    std::string args;
    for (const auto& d : method.arguments) args += (args.empty() ? "" : ", ") + domain_text(d);
    err("{}{}\n  finitization: {}\n  method: {}({}){}\n  {} worker{}\n", command,
        r.sample != 0 ? fmt::format(" --sample {} --seed {}", r.sample, r.seed) : "", instance.fin.describe(),
        method.cpp_member, args, method.summary.empty() ? "" : " -- " + method.summary, threads,
        threads == 1 ? "" : "s at once");

    if (!invariant_note.empty()) err("{}", invariant_note);
  }
  progress_line line(fmt::format("{} {} {}", s.name, method.name, joined(p)), !r.gen.quiet,
                     r.gen.search.progress_interval);
  const check_progress progress = [&line](const check_report& partial) {
    line.show(partial.seconds, fmt::format("{} inputs checked, {} failed, {} structures", grouped(partial.inputs),
                                           grouped(partial.failed), grouped(partial.structures)));
  };
  spec_check_report spec_report;
  if (spec) {
    spec_check_options so{r.spec_file, r.spec_run, r.spec_post, r.spec_scope};
    try {
      spec_report = run_spec_check(instance.fin, instance.invariant, method, so, options, progress);
    } catch (const spec_scope_error& e) {
      throw_scope_error(r.spec_scope, e);
    }
    if (!r.gen.quiet)
      for (const auto& w : spec_report.inexact) err("warning: {}\n", w);
  }
  const check_report report =
      spec ? spec_report.check : run_check(instance.fin, instance.invariant, method, options, progress);
  if ((spec || from_suite) && r.input > report.total_inputs && !interrupted())
    throw usage_error(fmt::format("--input {}: the {} gives {} inputs; give 1..{}", r.input, spec ? "spec" : "suite",
                                  report.total_inputs, report.total_inputs));
  const bool stopped_by_signal = interrupted();
  line.finish();
  if (r.white_box && r.input != 0 && report.failures.empty() && !stopped_by_signal)
    throw usage_error(fmt::format("--input {}: the white-box search of {} finds {} failing inputs; give 1..{}", r.input,
                                  method.name, report.failed, report.failed));

  check_context ctx;
  ctx.suite = s.name;
  ctx.fin = &instance.fin;
  ctx.method = &method;
  ctx.reproduce_command = sharded ? std::string() : command;  // a shard's numbers are not the check's
  ctx.header = s.header;

  bool write_failed = false;
  const std::size_t shown = std::min<std::size_t>(report.failures.size(), r.show);
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& c = report.failures[i];
    write_out(counterexample_report(ctx, c, i + 1, *format));
    const std::string code = test_reproducer(ctx, c, r.reproducer_format);
    if (r.reproducers) out("  {} reproducer:\n{}\n", test_framework_name(r.reproducer_format), code);
    if (!r.reproducer_dir.empty()) {
      const auto path = std::filesystem::path(r.reproducer_dir) / fmt::format("{}_{}_{}.cpp", s.name, method.name, c.input);
      if (!write_file_or_report("--reproducer-dir", path.string(), code))
        write_failed = true;
      else if (!r.gen.quiet)
        err("  wrote {}\n", path.string());
    }
  }
  if (report.failures.size() > shown)
    out("({} more counterexamples; --show N prints more)\n", grouped(report.failures.size() - shown));
  if (r.cost || !r.cost_plot.empty()) {
    write_out(cost_text(report.cost, ctx, *format, sharded ? std::string() : command, r.reproducers,
                        r.reproducer_format));
    if (!r.cost_plot.empty() &&
        !write_file_or_report("--cost-plot", r.cost_plot,
                              cost_plot(report.cost, fmt::format("{} {} {}: the most each input of size n cost", s.name,
                                                                 method.name, joined(p)))))
      write_failed = true;
  }
  if (!r.findings.empty()) {
    // What made the findings, so that running it again gives them again: the sample too.
    const std::string made_by =
        command + (r.sample != 0 ? fmt::format(" --sample {} --seed {}", r.sample, r.seed) : "");
    std::string lines = findings_header_line(made_by, !interrupted() && !report.stopped, report.failures.size());
    for (const auto& c : report.failures) lines += finding_json(ctx, c, *format).dump() + '\n';
    if (!write_file_or_report("--findings", r.findings, lines)) write_failed = true;
  }

  const bool sampled_all = r.sample != 0 && r.sample >= report.total_inputs;
  std::string summary =
      r.white_box
          ? fmt::format("{} {} {}: white-box search, {} method calls, {} passed, {} failing inputs in {:.3f} s ({} "
                        "explored; {:.3f} s in the method)",
                        s.name, method.name, joined(p), grouped(report.inputs), grouped(report.passed),
                        grouped(report.failed), report.seconds, grouped(report.explored), report.method_seconds)
          : fmt::format("{} {} {}: {} inputs, {} passed, {} failed in {:.3f} s ({} structures, {} explored; {:.3f} s "
                        "in the method)",
                        s.name, method.name, joined(p), grouped(report.inputs), grouped(report.passed),
                        grouped(report.failed), report.seconds, grouped(report.structures), grouped(report.explored),
                        report.method_seconds);
  if (spec)
    summary += fmt::format("; the inputs are the {} instances of run {} for {} of {} (SAT, {:.3f} s), judged by pred {}",
                           grouped(spec_report.instances), spec_report.command, spec_report.scope, r.spec_file,
                           spec_report.enumerate_seconds, spec_report.post);
  if (report.stopped) summary += ", stopped at --stop-after";
  if (report.worker_restarts > 0) summary += fmt::format(", {} worker restarts", report.worker_restarts);
  if (sampled_all)
    summary += fmt::format(", every input: --sample {} is at least the {} inputs", r.sample, grouped(report.total_inputs));
  if (sharded)
    summary += fmt::format(", shard {}: inputs numbered within the shard (`smallscope merge` numbers them as the whole "
                           "check)",
                           shard.shard_text);
  if (stopped_by_signal) summary += fmt::format(", {}: the findings so far", interrupted_note);
  if (!r.gen.quiet)
    for (const auto& w : report.warnings) err("warning: {}\n", w);
  if (!r.gen.stats.empty()) {
    if (!r.gen.quiet) err("{}\n", summary);
    figures j;
    j["subject"] = s.name;
    j["method"] = method.name;
    j["fin"] = p;
    j["mode"] = r.white_box ? "white-box" : "black-box";
    if (spec) {
      j["spec"] = r.spec_file;
      j["run"] = spec_report.command;
      j["post"] = spec_report.post;
      j["instances"] = spec_report.instances;
      j["enumerate_seconds"] = spec_report.enumerate_seconds;
    }
    j.update(check_figures(report));
    if (r.white_box) {  // a white-box search has no list of valid structures nor numbered inputs
      j.erase("structures");
      j.erase("total_inputs");
    }
    j["interrupted"] = stopped_by_signal;  // a signal after the check's last poll too
    // The input numbers of the first failures as printed (smallest first); every failure in
    // full goes to --findings FILE.
    figures first = figures::array();
    for (std::size_t i = 0; i < report.failures.size() && i < 10; ++i) first.push_back(report.failures[i].input);
    j["first_failed_inputs"] = first;
    j["warnings"] = report.warnings;
    if (r.cost || !r.cost_plot.empty()) j["cost"] = cost_figures(report.cost);
    if (sharded) {  // what `merge` needs to number the inputs as the whole check
      j["options"] = fmt::format("{}{}{}", non_default_options(r.gen.search),
                                 r.timeout_given ? fmt::format(" --timeout {}", r.timeout) : "", spec_invariant_options(r.gen));
      j["judge"] = judge_text(r.gen, instance.invariant);  // merge refuses shards judged otherwise
      j["shard"] = {{"index", shard.shard_index + 1},
                    {"count", shard.shard_count},
                    {"units_per_shard", r.gen.shard_units},
                    {"tuples", report.structures == 0 ? 0 : report.total_inputs / report.structures},
                    {"units", report.shard_units}};
      figures all = figures::array();
      for (const auto& c : report.failures) all.push_back(finding_json(ctx, c, *format));
      j["failures"] = all;
      seal(j);
    }
    write_out(stats_lines(r.gen.stats, j));
  } else {
    out("{}\n", summary);
  }
  flush_out();
  if (write_failed && !stopped_by_signal) return exit_output_error;
  return report.failed > 0 ? exit_findings : exit_done;
}

command_runner add_check(CLI::App& c, rule_table& rules, const std::string& program) {
  auto check = std::make_shared<check_request>();
  check->gen.program = program;
  add_subject(c, check->gen);
  c.add_option("METHOD", check->method, "the method under test, as listed by `smallscope list`")->required()->type_name("NAME");
  add_scope(c, check->gen, "the subject's one-argument finitization; or give --fin");
  add_spec_invariant(c, check->gen);
  add_timeout(c, rules, check->timeout,
              "seconds one input may run: 0.001..86400 (default 0: ten times the running median plus one\n"
              "second; five seconds in an AddressSanitizer build)");
  c.add_flag("--white-box", check->white_box,
             "search for failing inputs, pruning on the fields the method reads too (paper 000, Sec. 6.2);\n"
             "inputs are then numbered by finding");
  add_count(c, rules, "--stop-after", check->stop_after, 0, "stop after N failures (default 0: check every input)");
  add_count(c, rules, "--sample", check->sample, 1,
            "check a uniform random sample of N >= 1 inputs instead of all (all of them when N is at least\n"
            "their number)");
  add_count(c, rules, "--seed", check->seed, 0, "the seed of --sample (default 1)");
  add_count(c, rules, "--input", check->input, 1, "check only input N (numbered from 1 as in the counterexamples)",
            " (inputs are numbered from 1)");
  auto show = std::make_shared<std::uint64_t>(check->show);
  add_count(c, rules, "--show", *show, 0, "print the N smallest counterexamples in full (default 3)");
  c.add_flag_callback("--no-reproducers", [check] { check->reproducers = false; },
                      "do not print a reproducer per counterexample");
  const std::string framework_rule = "gtest, catch2 or doctest";
  rules["--reproducer-format"] = framework_rule;
  c.add_option_function<std::string>(
       "--reproducer-format",
       [check, framework_rule](const std::string& text) {
         if (text == "gtest") check->reproducer_format = test_framework::googletest;
         else if (text == "catch2") check->reproducer_format = test_framework::catch2;
         else if (text == "doctest") check->reproducer_format = test_framework::doctest;
         else throw usage_error(fmt::format("--reproducer-format must be {}, got '{}'", framework_rule, escaped(text)));
       },
       "the test framework of the reproducers: gtest (GoogleTest, the default), catch2 (Catch2) or doctest")
      ->type_name("FRAMEWORK");
  rules["--reproducer-dir"] = "a directory that exists or can be created, and is writable";
  c.add_option("--reproducer-dir", check->reproducer_dir,
               "also write each printed counterexample's reproducer to DIR/<Subject>_<method>_<input>.cpp\n"
               "(DIR is created if missing)")
      ->type_name("DIR");
  c.add_option("--findings", check->findings,
               "write every failure to FILE as JSON Lines: one object per failure with input, kind, detail,\n"
               "arguments, objects, pre_state and post_state")
      ->type_name("FILE");
  c.add_option("--spec", check->spec_file,
               "take the inputs from a relational spec (.als) instead of the search: the instances of its run\n"
               "command, on SAT, one per isomorphism class, in SCOPE (each sig sized as its class domain);\n"
               "judge each run with a predicate of the spec")
      ->type_name("FILE");
  c.add_option("--run", check->spec_run, "with --spec: the run command's predicate (default: the first run command)")
      ->type_name("PRED");
  add_spec_scope(c, check->spec_scope);
  c.add_option("--post", check->spec_post,
               "with --spec: the predicate judged after each run; its receiver is the root, its other parameters\n"
               "the method's arguments; fields written with a backtick read the pre-state (default: the run\n"
               "command's predicate, i.e. the invariant is preserved)")
      ->type_name("PRED");
  c.add_option("--suite", check->suite,
               "take the structures from a suite file (gen --suite, fe --suite) instead of the search; its\n"
               "finitization is the suite's")
      ->type_name("FILE");
  c.add_option("--format", check->gen.format, "pictures of the pre- and post-states: text or dot")->type_name("FORMAT");
  add_stats(c, check->gen.stats);
  add_quiet(c, check->gen.quiet, "no configuration line and no progress on stderr");
  add_threads(c, rules, check->gen.threads,
            fmt::format("check on N workers at once (0 or left out: every core this process may use, here {}); inputs\n"
                        "keep their numbers; --stop-after, --sample, --input, --white-box, --eq-class,\n"
                        "--one-per-class, --limit, --spec and --suite use one",
                        available_cores()));
  c.add_flag("--generators", check->gen.generators,
             "search the inputs with the invariant's form with dedicated generators (the same inputs, found\n"
             "from fewer candidates)");
  c.add_flag("--cost", check->cost,
             "count what the method does on each input (reads and writes of tracked fields, blocks allocated\n"
             "and freed) and print the worst case by size, how it grows, and the worst inputs (docs/COST.md)");
  rules["--max-cost"] = "MEASURE <= EXPRESSION: reads, writes, allocations, frees or accesses, over n and the "
                        "finitization's parameters";
  c.add_option("--max-cost", check->max_cost,
               "fail every input that passes but costs more than BOUND, 'MEASURE <= EXPRESSION': MEASURE is reads,\n"
               "writes, allocations, frees or accesses (reads + writes); EXPRESSION uses numbers, n (the input's\n"
               "objects besides the root), the finitization's parameters by name, + - * / ^, log2(x), sqrt(x),\n"
               "min(x, y), max(x, y). Repeat it for several bounds")
      ->type_name("BOUND")
      ->allow_extra_args(false);
  c.add_option("--cost-plot", check->cost_plot, "write an SVG of the worst case of each measure against the size (implies --cost)")
      ->type_name("FILE.svg");
  add_shard_options(c, rules, check->gen, "check");
  add_search_options(c, check->gen.search);
  c.footer(fmt::format(
      "Each input runs in a forked worker: a crash or a timeout is reported with its input and the\n"
      "run goes on. Counterexamples are printed smallest first (fewest objects, then input order).\n"
      "{}\n"
      "Example: {} check SearchTree remove --fin 5,0,5,1,5",
      exit_codes_text, program));
  return [check, show, &c] {
    note_given(c, check->gen);
    check->seed_given = c.count("--seed") != 0;
    check->timeout_given = c.count("--timeout") != 0;
    check->show = static_cast<std::size_t>(std::min<std::uint64_t>(*show, std::numeric_limits<std::size_t>::max()));
    return run_check_command(*check);
  };
}

}  // namespace smallscope::cli
