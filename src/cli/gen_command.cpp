// `smallscope gen SUBJECT SCOPE | --fin P1,P2,...`: every valid structure of a subject
// (paper 000, Fig. 7), printed on request, with statistics; on every core, on a shard of the
// search, and from a checkpoint, through the library's generate() (smallscope/generate.hpp).
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <limits>
#include <memory>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <optional>
#include <cstdio>
#include <fstream>
#include <random>
#include <type_traits>
#include <nlohmann/json.hpp>

#include "cli/file_lock.hpp"
#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/scale.hpp"
#include "cli/stats.hpp"
#include "cli/numbered_text.hpp"
#include "cli/suite_stream.hpp"
#include "suite/suite_file.hpp"
#include "smallscope/generate.hpp"
#include "smallscope/report.hpp"
#include "smallscope/spec.hpp"
#include "smallscope/subject.hpp"

namespace smallscope::cli {
namespace {

figures stats_json(const subject& s, const std::vector<std::int64_t>& p, const search_stats& st,
                          const search_options& o, bool has_classes, std::uint64_t yielded, bool interrupted) {
  figures j;
  j["subject"] = s.name;
  j["fin"] = p;
  figures named;
  for (std::size_t i = 0; i < p.size(); ++i) named[s.parameters[i].name] = p[i];
  j["parameters"] = named;
  j.update(search_figures(st));
  if (!has_classes) j.erase("classes");
  j["yielded"] = yielded;  // what the run produced (printed with --print): one per class, say
  j["interrupted"] = interrupted;
  figures options;
#define SMALLSCOPE_DETAIL_ECHO(name, type, def, lo, hi, help) options[#name] = o.name;
  SMALLSCOPE_SEARCH_OPTIONS(SMALLSCOPE_DETAIL_ECHO)
#undef SMALLSCOPE_DETAIL_ECHO
  j["options"] = options;
  return j;
}

}  // namespace

int run_gen(const gen_request& r) {
  const subject& s = lookup(r.subject);
  const auto format = parse_structure_format(r.format);
  if (!format) throw usage_error(fmt::format("--format must be text, jsonl or dot, got '{}'", r.format));
  const auto p = parameters(s, r);
  validate(r.search);
  if (r.seed_given && r.sample == 0) throw usage_error("--seed needs --sample K");
  if (r.sample != 0 && r.suite_out.empty()) throw usage_error("--sample K chooses the structures of a suite file: give --suite FILE");
  const scale_plan scale = plan_scale(r);
  require_writable("--suite", r.suite_out);
  require_writable("--checkpoint", r.checkpoint);
  require_writable("--output", r.output);
  // The suite's lines wait beside it (SUITE.structures): an output of this run like the others.
  const std::string suite_beside = r.sample == 0 ? suite_lines_path(r.suite_out) : std::string();
  const char* beside_option = "--suite's lines";
  require_distinct_files({{"--invariant", r.invariant}}, {{"--output", r.output},
                                                          {"--suite", r.suite_out},
                                                          {"--checkpoint", r.checkpoint},
                                                          {beside_option, suite_beside}});

  subject_instance instance = s.make(p);
  require_eq_class(s, instance, r.search);
  use_generators(s, instance, r.generators);
  const std::string invariant_note = use_spec_invariant(instance, r);
  const bool has_classes = static_cast<bool>(instance.eq_class);
  const std::string label = fmt::format("{} {}{}", s.name, joined(p), scale.shard_text.empty() ? "" : " shard " + scale.shard_text);
  search_options identifying = r.search;  // what the run finds: the progress interval aside
  identifying.progress_interval = search_options{}.progress_interval;
  const std::string identity = fmt::format("{} --fin {}{}{}{}{}", s.name, joined(p), non_default_options(identifying),
                                           std::string(r.generators ? " --generators" : "") + spec_invariant_options(r),
                                           scale.shard_text.empty() ? ""
                                                                    : fmt::format(" --shard {} --shard-units {}",
                                                                                  scale.shard_text, r.shard_units),
                                           r.print ? " --format " + r.format : "") +
                               (r.suite_out.empty() ? "" : " --suite") + " judged by " + judge_text(r, instance.invariant);
  // One run per output and checkpoint, taken before either is read or cut.
  const file_lock output_lock("--output", r.output);
  const file_lock checkpoint_lock("--checkpoint", r.checkpoint, file_lock::kind::replaced);
  const file_lock suite_lock("--suite", r.suite_out);
  const file_lock beside_lock(beside_option, suite_beside, file_lock::kind::replaced);
  // A file of that name that no checkpoint of this run goes on from is someone's: never cut it.
  if (!suite_beside.empty() && std::filesystem::exists(suite_beside) &&
      (r.checkpoint.empty() || !std::filesystem::exists(r.checkpoint)))
    throw usage_error(fmt::format("--suite: '{}' exists, and it is where --suite '{}' keeps its structures while the "
                                  "run goes; move it away (a run that could not write its suite left its structures "
                                  "there), or give another --suite",
                                  escaped(suite_beside), escaped(r.suite_out)));
  run_listener listener(label, !r.quiet);
  listener.set_interval(r.search.progress_interval);

  // --suite without --sample: its lines streamed to a file beside it as they are found.
  std::optional<suite_stream> suite_lines;
  // Per thread: printed structures not yet written, suite lines, and how many it yielded (the
  // reservoir's numbering).
  struct thread_output {
    numbered_text text;
    numbered_text suite_lines;
    std::string scratch;
    structure_printer printer;
    std::uint64_t yielded = 0;
  };
  std::vector<thread_output> outputs(scale.threads);
  std::mutex out_mutex;
  std::uint64_t printed = 0;  // under out_mutex
  std::atomic<bool> failed{false};
  std::string failure;
  // --suite --sample K: one thread, reservoir sampling in the search's order, seeded.
  std::vector<std::pair<std::uint64_t, std::vector<std::uint32_t>>> reservoir;
  std::mt19937_64 random(r.seed);
  const auto write_text = [&](numbered_text& text) {  // under out_mutex
    std::string numbered;
    text.move_to(numbered, printed);
    try {
      write_out(numbered);
    } catch (const output_error& e) {
      if (!failed.exchange(true)) failure = e.what();
    }
  };
  const auto write_suite_lines = [&](numbered_text& lines) {  // under out_mutex
    try {
      suite_lines->append(lines);
    } catch (const output_error& e) {
      lines.text.clear();
      lines.marks.clear();
      if (!failed.exchange(true)) failure = e.what();
    }
  };
  const auto write_all = [&] {
    std::lock_guard<std::mutex> lock(out_mutex);
    for (auto& o : outputs) write_text(o.text);
    if (suite_lines)
      for (auto& o : outputs) write_suite_lines(o.suite_lines);
  };

  generation_options g;
  g.search = r.search;
  g.eq_class = instance.eq_class;
  g.threads = scale.threads;
  g.shard_index = scale.shard_index;
  g.shard_count = scale.shard_count;
  g.units_per_shard = r.shard_units;
  g.checkpoint = r.checkpoint;
  g.checkpoint_every = r.checkpoint_every;
  // The checkpoint outlives the search until the suite is whole: a failed final write goes on from it.
  g.keep_finished_checkpoint = !suite_beside.empty();
  g.identity = identity;
  g.listener = &listener;
  g.estimate = !r.quiet;  // the progress line's percent and time left
  // Before the search: the outputs opened, fresh or cut back to the checkpoint's.
  g.start = [&](const std::string* saved, const search_stats* so_far) {
    std::optional<std::uint64_t> output_bytes;
    std::uint64_t output_tail = 0;
    std::optional<suite_lines_point> suite_point;
    if (saved != nullptr) {
      const auto j = nlohmann::json::parse(*saved, nullptr, false);
      if (j.is_discarded() || !j.is_object() || !j.contains("output_bytes") || !j.contains("suite"))
        throw usage_error(fmt::format("--checkpoint: '{}' is not a smallscope checkpoint (its outputs); delete it to "
                                      "start afresh",
                                      r.checkpoint));
      output_bytes = j["output_bytes"].get<std::uint64_t>();
      output_tail = j["output_tail"].get<std::uint64_t>();
      suite_point = suite_lines_point{j["suite"]["count"].get<std::uint64_t>(), j["suite"]["bytes"].get<std::uint64_t>(),
                                      j["suite"]["tail"].get<std::uint64_t>()};
    }
    open_output(r.output, output_bytes, output_tail);
    if (!r.quiet) {
      std::string named;
      for (std::size_t i = 0; i < p.size(); ++i)
        named += fmt::format("{}{}={}", i == 0 ? "" : " ", s.parameters[i].name, p[i]);
      err("{} gen {} --fin {}{} ({})\n  finitization: {}\n  {} thread{}{}\n", r.program, s.name, joined(p),
          non_default_options(r.search), named, instance.fin.describe(), scale.threads, scale.threads == 1 ? "" : "s",
          scale.shard_text.empty() ? "" : ", shard " + scale.shard_text);
      if (!invariant_note.empty()) err("{}", invariant_note);
      if (so_far != nullptr)
        err("resuming from {}: {} explored, {} valid so far\n", r.checkpoint, grouped(so_far->explored),
            grouped(so_far->valid));
    }
    if (!r.suite_out.empty() && r.sample == 0) suite_lines.emplace(r.suite_out, suite_point);
    printed = so_far != nullptr ? so_far->valid : 0;
  };
  // Called per structure only when it is printed or written (the counts and the warnings'
  // sample are the search's own).
  if (r.print || !r.suite_out.empty()) g.on_structure = [&](unsigned w, const structure& st) {
    thread_output& o = outputs[w];
    ++o.yielded;
    if (!r.suite_out.empty()) {
      if (r.sample == 0) {
        o.scratch.clear();
        suite::append_structure(o.scratch, st.space(), st.values(), 0);
        o.suite_lines.add(o.scratch);
        if (o.suite_lines.text.size() > (1u << 16)) {
          std::lock_guard<std::mutex> lock(out_mutex);
          write_suite_lines(o.suite_lines);
        }
      } else if (reservoir.size() < r.sample) {
        reservoir.emplace_back(o.yielded, std::vector<std::uint32_t>(st.values().begin(), st.values().end()));
      } else if (const std::uint64_t j = random() % o.yielded; j < r.sample) {
        reservoir[j] = {o.yielded, std::vector<std::uint32_t>(st.values().begin(), st.values().end())};
      }
    }
    if (!r.print) return;
    o.scratch.clear();
    o.printer.append(o.scratch, structure(st.space(), st.values(), 0), *format);
    o.text.add(o.scratch);
    if (o.text.text.size() > (1u << 16)) {
      std::lock_guard<std::mutex> lock(out_mutex);
      write_text(o.text);
    }
  };
  bool stopped = false;  // by SIGINT or SIGTERM
  g.stop = [&] {
    if (failed.load()) return true;
    if (interrupted()) stopped = true;
    return stopped;
  };
  // With every thread paused: everything found so far written out, and where the outputs stand.
  g.save = [&]() -> std::optional<std::string> {
    write_all();
    if (failed.load()) return std::nullopt;
    if (r.checkpoint.empty()) return std::string();
    const std::uint64_t bytes = sync_output(r.output);
    const suite_lines_point suite = suite_lines ? suite_lines->sync() : suite_lines_point{};
    return nlohmann::json{{"output_bytes", bytes},
                          {"output_tail", output_tail_hash(r.output, bytes)},
                          {"suite", {{"count", suite.count}, {"bytes", suite.bytes}, {"tail", suite.tail}}}}
        .dump();
  };
  generation_report run;
  try {
    run = generate(instance.fin, instance.invariant, g);
  } catch (const checkpoint_error& e) {
    if (e.unusable()) throw usage_error(fmt::format("--checkpoint: {}", e.what()));
    throw output_error(fmt::format("--checkpoint: {}", e.what()));
  }
  write_all();
  listener.finish();
  if (failed.load()) throw output_error(failure);
  if (!run.finished && !r.checkpoint.empty() && !r.quiet)
    err("checkpoint saved to {}: run the same command again to go on from it\n", r.checkpoint);

  const search_stats& st = run.stats;
  const std::uint64_t yielded = run.resumed_from.valid + run.yielded;
  if (!r.suite_out.empty()) {
    std::string sampled;
    std::uint64_t suite_count = 0;
    if (r.sample != 0) {
      std::sort(reservoir.begin(), reservoir.end());
      std::vector<std::vector<std::uint32_t>> picked;
      for (auto& [index, values] : reservoir) picked.push_back(std::move(values));
      sampled = suite::structure_lines(instance.fin, picked);
      suite_count = picked.size();
    } else {
      suite_count = suite_lines->count();
    }
    suite::header h{s.name, p, r.sample != 0 ? "random" : "bounded-exhaustive",
                    fmt::format("{} gen {} --fin {}{}{}{}", shell_word(r.program), s.name, joined(p),
                                non_default_options(r.search), spec_invariant_options(r),
                                r.sample != 0 ? fmt::format(" --sample {} --seed {}", r.sample, r.seed) : ""),
                    suite_count, !stopped};
    if (r.sample != 0) {
      write_file("--suite", r.suite_out, suite::header_line(h) + sampled);
    } else {  // the lines stay beside the suite while a checkpoint goes on from them
      try {
        suite_lines->finish(suite::header_line(h), !run.finished && !r.checkpoint.empty());
      } catch (const output_error& e) {
        if (suite_beside.empty()) throw;
        throw output_error(fmt::format("{}: {}", e.what(),
                                       r.checkpoint.empty() || !std::filesystem::exists(r.checkpoint)
                                           ? "make room, move that file away, and run again"
                                           : "make room and run the same command again: it goes on from the "
                                             "checkpoint"));
      }
    }
    if (run.finished && !suite_beside.empty() && !r.checkpoint.empty()) std::filesystem::remove(r.checkpoint);
    if (!r.quiet) err("wrote {} structures to {}{}\n", grouped(suite_count), r.suite_out, stopped ? " (interrupted: the structures so far)" : "");
  }
  const std::vector<std::string>& warnings = run.warnings;
  if (!r.quiet)
    for (const auto& w : warnings) err("warning: {}\n", w);
  const double rate = st.seconds > 0 ? static_cast<double>(st.explored) / st.seconds : 0;
  std::string summary = fmt::format("{}: {} valid, {} explored in {:.3f} s ({} candidates/s){}", label,
                                    grouped(st.valid), grouped(st.explored), st.seconds, short_rate(rate),
                                    st.limit_reached ? ", stopped at --limit" : "");
  if (yielded != st.valid) summary += fmt::format("; {} yielded", grouped(yielded));
  if (stopped) summary += fmt::format("; {}: the counts so far", interrupted_note);
  if (has_classes) summary += fmt::format("; {} classes covered", grouped(st.classes));
  if (st.budget_exceeded + st.predicate_exceptions > 0)
    summary += fmt::format("; {} invariant calls stopped by --read-budget, {} threw",
                           grouped(st.budget_exceeded), grouped(st.predicate_exceptions));
  if (st.generator_misuse > 0)
    summary += fmt::format("; {} invariant calls returned true after a dedicated generator returned false: the "
                           "invariant breaks the generators' contract and structures may be missing",
                           grouped(st.generator_misuse));
  if (!r.stats.empty() || r.print) {
    // stdout holds only the structures (and the statistics): the summary goes to stderr.
    if (!r.quiet) err("{}\n", summary);
  } else {
    write_out(summary + "\n");
  }
  if (!r.stats.empty()) {
    figures j = stats_json(s, p, st, r.search, has_classes, yielded, stopped);
    j["threads"] = scale.threads;
    j["generators"] = r.generators;
    if (!r.invariant.empty())
      j["invariant"] = {{"file", r.invariant}, {"run", r.invariant_run}, {"compiled", spec_invariant_compiled(instance.invariant)}};
    if (scale.shard_count > 1) j["judge"] = judge_text(r, instance.invariant);  // merge refuses shards judged otherwise
    j["steals"] = run.steals;
    if (scale.shard_count > 1) {
      const auto& plan = run.plan;
      j["shard"] = {{"index", scale.shard_index + 1},
                    {"count", scale.shard_count},
                    {"plan", {{"depth", plan.depth}, {"units", plan.units}, {"owned", plan.owned},
                              {"evaluations", plan.evaluations}, {"seconds", plan.seconds}}}};
    }
    j["warnings"] = warnings;
    if (scale.shard_count > 1) seal(j);
    write_out(stats_lines(r.stats, j));
  }
  flush_out();
  return st.budget_exceeded + st.predicate_exceptions + st.generator_misuse > 0 ? exit_findings : exit_done;
}

command_runner add_gen(CLI::App& g, rule_table& rules, const std::string& program) {
  auto gen = std::make_shared<gen_request>();
  gen->program = program;
  add_subject(g, *gen);
  add_scope(g, *gen, "the subject's one-argument finitization (Korat's finX(SCOPE)); or give --fin");
  add_spec_invariant(g, *gen);
  g.add_flag("--print", gen->print, "print every structure (in --format, text by default)");
  g.add_option("--format", gen->format, "how to print structures: text, jsonl or dot (implies --print)")
      ->type_name("FORMAT");
  add_stats(g, gen->stats);
  add_quiet(g, gen->quiet, "no configuration line and no progress on stderr");
  g.add_option("--suite", gen->suite_out,
               "save the structures as a suite file (the bounded-exhaustive suite; with --sample, a random one)\n"
               "for `check --suite` and `mutate --suite`")
      ->type_name("FILE");
  add_count(g, rules, "--sample", gen->sample, 1, "with --suite: a uniform random sample of N >= 1 structures instead of all");
  add_count(g, rules, "--seed", gen->seed, 0, "the seed of --sample (default 1)");
  add_threads(g, rules, gen->threads,
            fmt::format("search on N threads (0 or left out: every core this process may use, here {}); one thread keeps\n"
                        "the search's order, --limit, --eq-class, --one-per-class and --sample use one",
                        available_cores()));
  add_shard_options(g, rules, *gen, "search");
  rules["--output"] = "a file to write";
  g.add_option("--output", gen->output, "write stdout (structures, statistics) to FILE")->type_name("FILE");
  rules["--checkpoint"] = "a file to write (and read, when it exists)";
  g.add_option("--checkpoint", gen->checkpoint,
               "save the search's position to FILE every --checkpoint-every seconds and on SIGINT, SIGTERM or SIGHUP;\n"
               "when FILE exists, go on from it (and cut --output back to it); removed when the run ends")
      ->type_name("FILE");
  add_seconds(g, rules, "--checkpoint-every", gen->checkpoint_every, "seconds between checkpoints (default 60)");
  g.add_flag("--generators", gen->generators,
             "use the invariant's form with dedicated generators (paper 000 Sec. 5): the same structures\n"
             "from fewer candidates (subjects that have one: see docs/GENERATORS.md)");
  add_search_options(g, gen->search);
  g.footer(fmt::format("SCOPE n means the subject's finX(n) as Korat 1.0 defines it (see `smallscope list`).\n{}",
                       exit_codes_text));
  return [gen, &g] {
    if (g.count("--format") != 0) gen->print = true;
    note_given(g, *gen);
    gen->seed_given = g.count("--seed") != 0;
    return run_gen(*gen);
  };
}

}  // namespace smallscope::cli
