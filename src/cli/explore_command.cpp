// `smallscope explore SUBJECT SCOPE --methods M1,M2`: every sequence of calls of the methods
// (with every tuple of their argument domains at the scope) from the empty structure, breadth
// first with state matching (paper 001, Sec. 4.1 and 5.1), the states new at each depth, the
// failed calls with their sequences, and the differential against gen's valid structures of
// the same finitization (Sec. 5.2). See include/smallscope/explore.hpp.
#include <fmt/format.h>

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "report/graph_printer.hpp"
#include "smallscope/explore.hpp"
#include "smallscope/subject.hpp"

namespace smallscope::cli {
namespace {

std::vector<std::string> split_names(const std::string& text) {
  std::vector<std::string> names;
  std::stringstream in(text);
  for (std::string name; std::getline(in, name, ',');)
    if (!name.empty()) names.push_back(name);
  return names;
}

// Objects named by their class and their place among its objects: "Entry#2".
std::vector<std::string> labels(const object_graph& graph, const finitization& fin) {
  std::map<const void*, std::uint32_t> seen;
  std::vector<std::string> out;
  for (const auto& o : graph.objects) {
    std::string name = "object";
    for (const auto& d : fin.data().class_domains)
      if (d.type == o.type) {
        name = d.type_name;
        break;
      }
    out.push_back(fmt::format("{}#{}", name, seen[o.type]++));
  }
  return out;
}

std::string picture(const object_graph& graph, const finitization& fin, structure_format format, const std::string& title) {
  return detail::render_graph(graph, labels(graph, fin), format, title);
}

std::string calls_text(const std::vector<std::string>& calls) {
  if (calls.empty()) return "(none: the empty structure)";
  std::string out;
  for (const auto& c : calls) out += (out.empty() ? "" : "; ") + c;
  return out;
}

}  // namespace

int run_explore(const explore_request& r) {
  const subject& s = lookup(r.gen.subject);
  const auto format = parse_structure_format(r.gen.format);
  if (!format || *format == structure_format::jsonl)
    throw usage_error(fmt::format("--format must be text or dot, got '{}'", escaped(r.gen.format)));
  if (r.gen.stats_given && r.gen.stats != "json" && r.gen.stats != "text")
    throw usage_error(fmt::format("--stats must be json or text, got '{}'", escaped(r.gen.stats)));
  const auto names = split_names(r.methods);
  if (names.empty()) throw usage_error("--methods: give the methods to call, comma-separated (e.g. --methods put,remove)");
  const auto p = parameters(s, r.gen);
  subject_instance instance = s.make(p);
  std::vector<const target_method*> methods;
  for (const auto& name : names) methods.push_back(&lookup_method(s, instance, name, "--methods"));
  std::vector<api_call> calls;
  try {
    calls = api_calls(methods);
  } catch (const std::invalid_argument& e) {
    throw usage_error(fmt::format("--methods: {}", e.what()));
  }
  if (calls.empty()) throw usage_error("--methods: a method's argument domain is empty at this scope; give a larger scope");

  explore_options o;
  o.max_depth = static_cast<std::uint32_t>(r.depth);
  o.max_states = r.max_states;
  o.time_limit = r.time_limit;
  o.progress_interval = r.gen.search.progress_interval;
  o.examples = r.show;
  if (r.differential) {
    o.against = &instance.fin;
    o.invariant = &instance.invariant;
  }
  std::string method_list;
  for (const auto& n : names) method_list += (method_list.empty() ? "" : ",") + n;
  const std::string command = fmt::format("{} explore {} --fin {} --methods {}", r.gen.program, s.name, joined(p), method_list);
  if (!r.gen.quiet) err("{}\n  finitization: {}\n  {} calls: {}{}\n", command, instance.fin.describe(), calls.size(),
                        calls.front().text, calls.size() > 1 ? ", ..., " + calls.back().text : "");
  bool progress_shown = false;
  explore_progress progress;
  if (!r.gen.quiet)
    progress = [&progress_shown](const explore_progress_info& i) {
      err("\r  depth {}: {} states, {} calls, {} failed, {:.0f} s", i.depth, grouped(i.states), grouped(i.calls),
          grouped(i.findings), i.seconds);
      flush_err();
      progress_shown = true;
    };
  const explore_report report = explore_sequences(calls, o, progress);
  if (progress_shown) err("\n");
  const bool interrupted_now = interrupted();

  const std::size_t shown = std::min<std::size_t>(report.findings.size(), r.show);
  for (std::size_t i = 0; i < shown; ++i) {
    const auto& f = report.findings[i];
    out("finding {} (after {} calls): {}: {}\n  calls:      {}\n", i + 1, f.depth, outcome_name(f.run.kind), f.run.detail,
        calls_text(f.calls));
    if (!f.run.result.empty()) out("  result:     {}\n", f.run.result);
    if (!f.run.post_state.objects.empty())
      out("  post-state: {}\n", picture(f.run.post_state, instance.fin, *format, fmt::format("finding_{}", i + 1)));
  }
  if (report.findings.size() > shown) out("({} more failed calls; --show N prints more)\n", grouped(report.findings.size() - shown));
  std::string by_depth;
  for (std::size_t d = 0; d < report.states_by_depth.size(); ++d)
    by_depth += fmt::format("{}{}: {}", d == 0 ? "" : ", ", d, grouped(report.states_by_depth[d]));
  if (report.has_differential) {
    const auto& d = report.differential;
    out("differential against `gen {} --fin {}`: {} valid structures, {} reached by some sequence, {} reached by "
        "none; {} reached states are not among them\n",
        s.name, joined(p), grouped(d.valid), grouped(d.valid_reached), grouped(d.valid - d.valid_reached),
        grouped(d.reached_not_valid));
    for (std::size_t i = 0; i < d.unreached_examples.size(); ++i)
      out("  valid, reached by no sequence: {}\n",
          picture(d.unreached_examples[i].graph, instance.fin, *format, fmt::format("unreached_{}", i + 1)));
    for (std::size_t i = 0; i < d.not_valid_examples.size(); ++i)
      out("  reached, not a valid structure of the finitization: {}\n    calls: {}\n",
          picture(d.not_valid_examples[i].graph, instance.fin, *format, fmt::format("not_valid_{}", i + 1)),
          calls_text(d.not_valid_examples[i].calls));
  }
  const std::string ending = report.complete ? "every reachable state found"
                                             : fmt::format("stopped by {}", interrupted_now ? "an interrupt (SIGINT or SIGTERM)" : report.stopped_by);
  const std::string summary =
      fmt::format("{} {} {}: {} states ({}), {} calls, {} failed in {:.3f} s; {}", s.name, method_list, joined(p),
                  grouped(report.states), by_depth, grouped(report.calls), grouped(report.findings.size()),
                  report.seconds, ending);
  if (r.gen.stats == "json") {
    if (!r.gen.quiet) err("{}\n", summary);
    nlohmann::json j;
    j["subject"] = s.name;
    j["methods"] = names;
    j["fin"] = p;
    j["calls_per_state"] = calls.size();
    j["states"] = report.states;
    j["states_by_depth"] = report.states_by_depth;
    j["calls"] = report.calls;
    j["failed"] = report.findings.size();
    j["complete"] = report.complete;
    j["stopped_by"] = report.stopped_by;
    j["interrupted"] = interrupted_now;
    j["seconds"] = report.seconds;
    if (report.has_differential)
      j["differential"] = {{"valid", report.differential.valid},
                           {"valid_reached", report.differential.valid_reached},
                           {"valid_unreached", report.differential.valid - report.differential.valid_reached},
                           {"reached_not_valid", report.differential.reached_not_valid}};
    out("{}\n", j.dump());
  } else if (r.gen.stats == "text") {
    out("subject:         {}\nmethods:         {}\nfin:             {}\nstates:          {}\nstates by depth: {}\n"
        "calls:           {}\nfailed:          {}\ncomplete:        {}\nseconds:         {:.6f}\n",
        s.name, method_list, joined(p), report.states, by_depth, report.calls, report.findings.size(),
        report.complete ? "yes" : "no", report.seconds);
  } else {
    out("{}\n", summary);
  }
  flush_out();
  if (interrupted_now) return exit_interrupted;
  return report.findings.empty() ? exit_done : exit_findings;
}

}  // namespace smallscope::cli
