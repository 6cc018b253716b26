// `smallscope gen SUBJECT SCOPE | --fin P1,P2,...`: every valid structure of a subject
// (paper 000, Fig. 7), printed on request, with statistics.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <type_traits>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "report/spec_warnings.hpp"
#include "space/state_space.hpp"
#include "suite/suite_file.hpp"
#include "smallscope/report.hpp"
#include "smallscope/subject.hpp"

namespace smallscope::cli {
namespace {

nlohmann::json stats_json(const subject& s, const std::vector<std::int64_t>& p, const search_stats& st,
                          const search_options& o, bool has_classes, std::uint64_t yielded, bool interrupted) {
  nlohmann::json j;
  j["subject"] = s.name;
  j["fin"] = p;
  nlohmann::json named;
  for (std::size_t i = 0; i < p.size(); ++i) named[s.parameters[i].name] = p[i];
  j["parameters"] = named;
  j["valid"] = st.valid;      // what the invariant accepted
  j["yielded"] = yielded;     // what the run produced (printed with --print): one per class, say
  j["explored"] = st.explored;
  j["predicate_calls"] = st.predicate_calls;
  j["budget_exceeded"] = st.budget_exceeded;
  j["predicate_exceptions"] = st.predicate_exceptions;
  if (has_classes) j["classes"] = st.classes;
  j["limit_reached"] = st.limit_reached;
  j["interrupted"] = interrupted;
  j["seconds"] = st.seconds;
  nlohmann::json options;
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
  if (r.stats_given && r.stats != "json" && r.stats != "text")
    throw usage_error(fmt::format("--stats must be json or text, got '{}'", escaped(r.stats)));
  const auto p = parameters(s, r);
  validate(r.search);
  if (r.seed_given && r.sample == 0) throw usage_error("--seed needs --sample K");
  if (r.sample != 0 && r.suite_out.empty()) throw usage_error("--sample K chooses the structures of a suite file: give --suite FILE");

  subject_instance instance = s.make(p);
  require_eq_class(s, instance, r.search);
  const bool has_classes = static_cast<bool>(instance.eq_class);
  structure_range range(instance.fin, instance.invariant, instance.eq_class, r.search);
  const std::string label = fmt::format("{} {}", s.name, joined(p));
  if (!r.quiet) {
    std::string named;
    for (std::size_t i = 0; i < p.size(); ++i)
      named += fmt::format("{}{}={}", i == 0 ? "" : " ", s.parameters[i].name, p[i]);
    err("{} gen {} --fin {}{} ({})\n  finitization: {}\n", r.program, s.name, joined(p),
        non_default_options(r.search), named, instance.fin.describe());
  }
  run_listener listener(label, !r.quiet);
  range.set_listener(&listener);

  std::string out;
  structure_printer printer;
  std::uint64_t yielded = 0;
  bool stopped = false;  // by SIGINT or SIGTERM
  // A uniform sample of the structures, for the warnings about the finitization.
  const std::uint32_t slots = range.space().slot_count();
  std::vector<std::uint32_t> sample;
  detail::reservoir_sampler sampler;
  // --suite: every structure, or a uniform sample of --sample K (reservoir sampling, seeded).
  std::string suite_lines;
  std::uint64_t suite_count = 0;
  std::vector<std::pair<std::uint64_t, std::vector<std::uint32_t>>> reservoir;
  std::mt19937_64 random(r.seed);
  try {
    for (const structure& st : range) {
      if (interrupted()) {  // polled per structure here, and at progress time by the listener
        stopped = true;
        break;
      }
      ++yielded;
      if (const auto place = sampler.offer(); place < detail::sample_capacity) [[unlikely]] {
        const std::size_t at = static_cast<std::size_t>(place) * slots;
        if (sample.size() < at + slots) sample.resize(at + slots);
        std::copy(st.values().begin(), st.values().end(), sample.begin() + static_cast<std::ptrdiff_t>(at));
      }
      if (!r.suite_out.empty()) {
        if (r.sample == 0) {
          suite::append_structure(suite_lines, st.space(), st.values(), ++suite_count);
        } else if (reservoir.size() < r.sample) {
          reservoir.emplace_back(yielded, std::vector<std::uint32_t>(st.values().begin(), st.values().end()));
        } else if (const std::uint64_t j = random() % yielded; j < r.sample) {
          reservoir[j] = {yielded, std::vector<std::uint32_t>(st.values().begin(), st.values().end())};
        }
      }
      if (!r.print) continue;
      printer.append(out, st, *format);
      if (out.size() > (1u << 16)) {
        write_out(out);
        out.clear();
      }
    }
  } catch (const run_interrupted&) {
    stopped = true;
  }
  write_out(out);
  listener.finish();

  const search_stats st = range.stats();
  if (!r.suite_out.empty()) {
    if (r.sample != 0) {
      std::sort(reservoir.begin(), reservoir.end());
      for (const auto& [index, values] : reservoir) suite::append_structure(suite_lines, range.space(), values, ++suite_count);
    }
    suite::header h{s.name, p, r.sample != 0 ? "random" : "bounded-exhaustive",
                    fmt::format("{} gen {} --fin {}{}{}", r.program, s.name, joined(p), non_default_options(r.search),
                                r.sample != 0 ? fmt::format(" --sample {} --seed {}", r.sample, r.seed) : ""),
                    suite_count};
    write_file("--suite", r.suite_out, suite::header_line(h) + suite_lines);
    if (!r.quiet) err("wrote {} structures to {}{}\n", grouped(suite_count), r.suite_out, stopped ? " (interrupted: the structures so far)" : "");
  }
  const std::vector<std::string> warnings = detail::spec_warnings(
      instance.fin.data(), instance.invariant, sample,
      static_cast<std::uint32_t>(std::min<std::uint64_t>(yielded, detail::sample_capacity)),
      {st.valid, st.explored, !stopped && !st.limit_reached});
  if (!r.quiet)
    for (const auto& w : warnings) err("warning: {}\n", w);
  const double rate = st.seconds > 0 ? static_cast<double>(st.explored) / st.seconds : 0;
  std::string summary = fmt::format("{}: {} valid, {} explored in {:.3f} s ({} candidates/s){}", label,
                                    grouped(st.valid), grouped(st.explored), st.seconds, short_rate(rate),
                                    st.limit_reached ? ", stopped at --limit" : "");
  if (yielded != st.valid) summary += fmt::format("; {} yielded", grouped(yielded));
  if (stopped) summary += "; interrupted (SIGINT or SIGTERM): the counts so far";
  if (has_classes) summary += fmt::format("; {} classes covered", grouped(st.classes));
  if (st.budget_exceeded + st.predicate_exceptions > 0)
    summary += fmt::format("; {} invariant calls stopped by --read-budget, {} threw",
                           grouped(st.budget_exceeded), grouped(st.predicate_exceptions));
  if (r.stats == "json" || (r.print && r.stats.empty())) {
    // stdout holds only the structures (and the JSON line): the summary goes to stderr.
    if (!r.quiet) err("{}\n", summary);
  }
  if (r.stats == "json") {
    nlohmann::json j = stats_json(s, p, st, r.search, has_classes, yielded, stopped);
    j["warnings"] = warnings;
    out = j.dump();
    out += '\n';
    write_out(out);
  } else if (r.stats == "text") {
    out = fmt::format("subject:              {}\nfin:                  {}\nvalid:                {}\n"
                      "yielded:              {}\nexplored:             {}\n"
                      "predicate calls:      {}\nbudget exceeded:      {}\n"
                      "predicate exceptions: {}\n",
                      s.name, joined(p), st.valid, yielded, st.explored, st.predicate_calls, st.budget_exceeded,
                      st.predicate_exceptions);
    if (has_classes) out += fmt::format("classes covered:      {}\n", st.classes);
    if (stopped) out += "interrupted:          yes\n";
    out += fmt::format("seconds:              {:.6f}\n", st.seconds);
    write_out(out);
  } else if (!r.print) {
    write_out(summary + "\n");
  }
  flush_out();
  if (stopped) return exit_interrupted;
  return st.budget_exceeded + st.predicate_exceptions > 0 ? exit_findings : exit_done;
}

}  // namespace smallscope::cli
