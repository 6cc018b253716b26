// `smallscope mutate SUBJECT METHOD... --scopes A..B`: mutation analysis of the exhaustive suite
// of every scope (paper 000, Sec. 7-8, Table 4's kill-rate column), and with --random K the
// comparison of Sec. 8.5 (Table 3): K uniform samples R(s) of the scope-s inputs, each the size
// of the exhaustive suite of scope s-1. The binary must be built from the subject's mutant
// schemata (smallscope-schemata is, for the built-in subjects).
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <limits>
#include <memory>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "suite/suite_file.hpp"
#include "cli/gcov_coverage.hpp"
#include "cli/file_lock.hpp"
#include "cli/interrupt.hpp"
#include "cli/mutate_list.hpp"
#include "cli/mutate_rows.hpp"
#include "cli/mutation_cache.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/stats.hpp"
#include "files/input_file.hpp"
#include "mutants/annotations.hpp"
#include "report/mutation_report_page.hpp"
#include "mutants/mutant_list.hpp"
#include "report/scope_plot.hpp"
#include "smallscope/rewritten/mutation.hpp"
#include "smallscope/drivers/mutation_analysis.hpp"
#include "smallscope/subject.hpp"

namespace smallscope::cli {
namespace {

namespace fs = std::filesystem;

// "A..B" or "N".
std::pair<std::int64_t, std::int64_t> parse_scopes(const std::string& text) {
  const auto dots = text.find("..");
  const auto a = parse_int(text.substr(0, dots));
  const auto b = dots == std::string::npos ? a : parse_int(text.substr(dots + 2));
  if (!a || !b || *a > *b)
    throw usage_error(fmt::format("--scopes must be N or A..B with A <= B, got '{}'", escaped(text)));
  return {*a, *b};
}

// The finitization of `scope` from a pattern whose items are integers, s, s+K or s-K.
std::string fin_of(const std::string& pattern, std::int64_t scope) {
  std::string out;
  std::stringstream items(pattern);
  for (std::string item; std::getline(items, item, ',');) {
    std::int64_t v = 0;
    if (item.empty() || item[0] != 's') {
      const auto n = parse_int(item);
      if (!n) throw usage_error(fmt::format("--fin: '{}' is not an integer, s, s+K or s-K (in '{}')", escaped(item), escaped(pattern)));
      v = *n;
    } else {
      const auto k = item.size() == 1 ? std::optional<std::int64_t>(0)
                     : item[1] == '+' || item[1] == '-' ? parse_int(item.substr(item[1] == '+' ? 2 : 1))
                                                        : std::nullopt;
      if (!k) throw usage_error(fmt::format("--fin: '{}' is not an integer, s, s+K or s-K (in '{}')", escaped(item), escaped(pattern)));
      v = scope + *k;
    }
    out += (out.empty() ? "" : ",") + std::to_string(v);
  }
  return out;
}

// The methods of one subject, with that subject's finitization pattern.
struct method_group {
  const subject* subj = nullptr;
  std::string fin;  // empty: SCOPE
  std::vector<std::string> methods;
};

// METHOD arguments "m" (of SUBJECT) or "Other.m", grouped by subject in order of appearance.
std::vector<method_group> method_groups(const mutate_request& r, const subject& main) {
  std::vector<method_group> groups;
  for (const auto& text : r.methods) {
    const auto dot = text.find('.');
    const subject& s = dot == std::string::npos ? main : lookup(text.substr(0, dot));
    auto g = std::find_if(groups.begin(), groups.end(), [&](const method_group& x) { return x.subj == &s; });
    if (g == groups.end()) g = groups.insert(groups.end(), method_group{&s, {}, {}});
    g->methods.push_back(dot == std::string::npos ? text : text.substr(dot + 1));
  }
  for (const auto& f : r.fin) {
    const auto eq = f.find('=');
    const subject& s = eq == std::string::npos ? main : lookup(f.substr(0, eq));
    auto g = std::find_if(groups.begin(), groups.end(), [&](const method_group& x) { return x.subj == &s; });
    if (g == groups.end())
      throw usage_error(fmt::format("--fin {}: no METHOD of {} is given", escaped(f), s.name));
    g->fin = eq == std::string::npos ? f : f.substr(eq + 1);
  }
  return groups;
}

// The coverage variant of this binary: NAME-coverage beside NAME-schemata, as smallscope_variants
// makes them (cmake/smallscope-variants.cmake); empty when this binary is not NAME-schemata.
std::string default_coverage_binary() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  const std::string name = exe.filename().string();
  constexpr std::string_view suffix = "-schemata";
  if (ec || !name.ends_with(suffix)) return {};
  return (exe.parent_path() / (name.substr(0, name.size() - suffix.size()) + "-coverage")).string();
}

// The command that made a report, with every option that changes its outcomes, quoted for a
// POSIX shell: running it again gives the same report.
std::string made_by(const mutate_request& r, const subject& s) {
  std::string text = shell_word(r.program) + " mutate " + shell_word(s.name);
  for (const auto& m : r.methods) text += " " + shell_word(m);
  text += " --scopes " + shell_word(r.scopes);
  for (const auto& f : r.fin) text += " --fin " + shell_word(f);
  if (!r.mutants.empty()) text += " --mutants " + shell_word(r.mutants);
  for (const auto id : r.only) text += fmt::format(" --mutant {}", id);
  if (r.all_inputs) text += " --all-inputs";
  if (r.random != 0) text += fmt::format(" --random {}", r.random);
  if (!r.suite.empty()) text += " --suite " + shell_word(r.suite);
  if (!r.since.empty()) text += " --since " + shell_word(r.since);
  return text;
}

}  // namespace

// The mutation-testing-elements viewer: where this build found it (install-deps.sh puts it under
// build/npm), else where the package installs it next to the binary; empty if neither exists.
std::string default_viewer() {
  std::vector<std::string> places;
#ifdef SMALLSCOPE_REPORT_VIEWER
  places.push_back(SMALLSCOPE_REPORT_VIEWER);
#endif
  std::error_code ec;
  const auto exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) places.push_back((exe.parent_path() / ".." / "share" / "smallscope" / "mutation-test-elements.js").string());
  for (const auto& p : places)
    if (files::unreadable(p).empty()) return p;
  return {};
}

int run_mutate(const mutate_request& r) {
  const subject& s = lookup(r.subject);
  const auto [first, last] = parse_scopes(r.scopes);
  const auto [lo, hi] = scope_range(s);
  if (r.fin.empty() && (first < lo || last > hi))
    throw usage_error(fmt::format("--scopes: {} takes scopes in [{}, {}], got {}", s.name, lo, hi, r.scopes));
  if (r.methods.empty()) throw usage_error("give at least one METHOD");
  // --html: the viewer is read before the run, so a missing one does not cost the run.
  std::string viewer;
  if (!r.html.empty()) {
    const std::string path = !r.html_viewer.empty() ? r.html_viewer : default_viewer();
    if (path.empty())
      throw usage_error("--html needs the mutation-testing-elements viewer (npm): run scripts/install-deps.sh, or give "
                        "--html-viewer PATH/mutation-test-elements.js");
    try {
      viewer = files::read_all(path);
    } catch (const std::invalid_argument& e) {
      throw usage_error(fmt::format("--html-viewer: {}", e.what()));
    }
  }
  const std::vector<method_group> groups = method_groups(r, s);
  if (!r.suite.empty() && first != last)
    throw usage_error(fmt::format("--suite: the suite is one scope's inputs; give --scopes N (the scope it stands for), not {}..{}",
                                  first, last));
  suite::contents suite_contents;
  std::vector<std::vector<std::uint32_t>> suite_structures;
  // Each subject's instance and methods at a scope.
  struct scope_setup {
    std::vector<subject_instance> instances;
    std::vector<std::string> fin_texts;
    std::vector<std::vector<const target_method*>> methods;
  };
  const auto setup = [&](std::int64_t scope) {
    scope_setup made;
    auto& instances = made.instances;
    auto& fin_texts = made.fin_texts;
    auto& methods = made.methods;
    methods.resize(groups.size());
    for (const auto& group : groups) {
      gen_request g;
      g.subject = group.subj->name;
      if (group.fin.empty()) {
        g.scope = std::to_string(scope);
      } else {
        g.fin = fin_of(group.fin, scope);
        g.fin_given = true;
      }
      const auto params = !r.suite.empty() && &group == &groups.front()
                              ? suite_parameters(*group.subj, g, r.suite, suite_contents, "mutate",
                                                 "give the --scopes N (and --fin PATTERN) it was made at")
                              : parameters(*group.subj, g);
      fin_texts.push_back(joined(params));
      instances.push_back(group.subj->make(params));
    }
    for (std::size_t gi = 0; gi < groups.size(); ++gi)
      for (const auto& name : groups[gi].methods) {
        const auto& all = instances[gi].methods;
        const auto it = std::find_if(all.begin(), all.end(), [&](const target_method& m) { return m.name == name; });
        if (it == all.end()) {
          std::string known;
          for (const auto& m : all) known += (known.empty() ? "" : ", ") + m.name;
          throw usage_error(fmt::format("METHOD: {} has no method '{}'; its methods: {}", groups[gi].subj->name,
                                        escaped(name), known.empty() ? "none" : known));
        }
        methods[gi].push_back(&*it);
      }
    return made;
  };
  // Every scope's finitization and every output path, before the first scope runs.
  for (std::int64_t scope = first; scope <= last && r.suite.empty(); ++scope) setup(scope);
  for (const auto& [option, path] : {std::pair{"--report", r.report}, {"--html", r.html}, {"--plot", r.plot},
                                     {"--annotations", r.annotations}, {"--incremental", r.incremental}})
    require_writable(option, path);
  require_distinct_files({{"--mutants", r.mutants.empty() ? built_in_list(s, r.methods) : r.mutants}, {"--suite", r.suite}},
                         {{"--report", r.report}, {"--html", r.html}, {"--plot", r.plot},
                          {"--annotations", r.annotations}, {"--incremental", r.incremental}});
  const file_lock report_lock("--report", r.report), html_lock("--html", r.html), plot_lock("--plot", r.plot),
      annotations_lock("--annotations", r.annotations);  // one run writes each
  mutant_selection selection = select_mutants(r, s);
  if (selection.mutants.empty()) {  // --since: no mutant on the lines changed
    write_out(fmt::format("{}: no mutant of {} is on the {} line{} changed since {}\n", s.name, selection.path,
                          selection.changed_lines, selection.changed_lines == 1 ? "" : "s", r.since));
    return exit_done;
  }
  const std::string& list_path = selection.path;
  std::vector<mutate::mutant>& list = selection.mutants;
  const std::size_t changed_line_count = selection.changed_lines;
  std::vector<mutant_id> ids;
  for (const auto& m : list) ids.push_back({m.id, m.point});

  // Coverage: the original in the instrumented sibling binary, the functions from the list's
  // extents (smallscope-mutants --functions).
  std::string coverage_binary;
  mutate::file_extents extents;
  if (!r.coverage_binary.empty() && !r.coverage) throw usage_error("--coverage-binary goes with --coverage");
  std::string functions = list_path;
  if (functions.size() > 6 && functions.ends_with(".jsonl")) functions.resize(functions.size() - 6);
  functions += ".functions.json";
  if (r.coverage) {
    coverage_binary = !r.coverage_binary.empty() ? r.coverage_binary : default_coverage_binary();
    if (coverage_binary.empty())
      throw usage_error("--coverage needs the coverage variant of this binary: give --coverage-binary PATH (made by "
                        "smallscope_variants(... VARIANTS coverage) as NAME-coverage)");
    if (const std::string why = files::unreadable(coverage_binary); !why.empty())
      throw usage_error(fmt::format("--coverage: the coverage binary '{}' {}; build it (smallscope_variants makes "
                                    "NAME-coverage beside NAME-schemata) or give --coverage-binary PATH",
                                    coverage_binary, why));
    try {
      extents = mutate::read_extents(functions);
    } catch (const std::invalid_argument& e) {
      throw usage_error(fmt::format("--coverage: {} (smallscope-mutants --functions writes it)", e.what()));
    }
  }
  // Earlier outcomes (--incremental), keyed by each mutant's function body (from the extents).
  require_writable("--incremental", r.incremental);
  const file_lock cache_lock("--incremental", r.incremental, file_lock::kind::replaced);  // before it is read
  std::optional<outcome_cache> cache;
  if (!r.incremental.empty()) {
    if (extents.functions.empty() && files::unreadable(functions).empty()) {
      try {
        extents = mutate::read_extents(functions);
      } catch (const std::invalid_argument& e) {
        throw usage_error(fmt::format("--incremental: {} (smallscope-mutants --functions writes it)", e.what()));
      }
    }
    cache.emplace(r.incremental, list, extents.functions.empty() ? nullptr : &extents);
  }
  std::vector<std::string> fins;
  for (const auto& f : r.fin) fins.push_back("--fin " + f);
  // This binary's schemata of the list, found by the list's identity, before anything runs.
  const mutation::compiled_schemata& schemata = schemata_of(selection.identity, list_path);
  scopes_options options;
  options.mutation.id_base = static_cast<std::uint32_t>(schemata.base);
  options.mutation.stop = interrupt_stop();
  options.mutation.workers = static_cast<unsigned>(r.workers);
  options.mutation.all_inputs = r.all_inputs;
  options.mutation.memory_limit_mb = r.memory_mb;
  options.mutation.progress_interval = r.progress_interval;
  options.share_hangs = !r.no_hang_memo;
  options.random = r.random;
  if (cache) {
    options.mutation.reuse = [&](std::uint64_t inputs, std::uint32_t id) { return cache->find(inputs, id); };
    options.after_part = [&](const mutation_report& part) { cache->store(part); };
  }
  // The scope being run: its subjects' instances, which the analysis reads while it runs.
  std::optional<scope_setup> current;
  std::map<std::int64_t, coverage_figures> coverage_by_scope;
  const auto parts = [&](std::int64_t scope) {
    current.emplace(setup(scope));
    if (!r.suite.empty()) suite_structures = suite_candidates(suite_contents, r.suite, current->instances.front());
    if (scope == first && !r.quiet)
      err("{} mutate {} {} --scopes {}..{}{}{}: {} mutants from {}\n", r.program, s.name, fmt::join(r.methods, " "),
          first, last, fins.empty() ? "" : " ", fmt::join(fins, " "), list.size(), list_path);
    std::vector<scope_part> out;
    for (std::size_t gi = 0; gi < groups.size(); ++gi)
      out.push_back({&current->instances[gi].fin, &current->instances[gi].invariant, current->methods[gi],
                     gi == 0 && !r.suite.empty() ? &suite_structures : nullptr});
    return out;
  };
  // Coverage first: it takes a few runs of the original, and a coverage binary that gives no
  // counts fails the run before the mutants have cost anything.
  options.before_scope = [&](std::int64_t scope) {
    if (!r.coverage) return;
    std::vector<coverage_call> calls;
    for (std::size_t gi = 0; gi < groups.size(); ++gi)
      for (const auto& m : groups[gi].methods)
        calls.push_back({groups[gi].subj->name, m, current->fin_texts[gi], gi == 0 ? r.suite : std::string()});
    progress_line coverage_line(fmt::format("{} scope {}", s.name, scope), !r.quiet, 0);
    coverage_line.show(0, "coverage");
    coverage_by_scope[scope] = measure_coverage(coverage_binary, calls, extents);
    coverage_line.finish();
  };
  // A line per scope (and per R(s) sample), as the analysis reports it.
  std::optional<progress_line> line;
  std::pair<std::int64_t, bool> line_of{first - 1, false};
  const auto progress = [&](std::int64_t scope, bool sample, const mutation_progress& p) {
    if (!line || line_of != std::pair{scope, sample}) {
      line.emplace(fmt::format("{} scope {}{}", s.name, scope, sample ? " R(s)" : ""), !r.quiet, r.progress_interval);
      line_of = {scope, sample};
    }
    const double done = p.structures == 0 ? 1 : static_cast<double>(p.structures_done) / static_cast<double>(p.structures);
    line->show(p.seconds, fmt::format("{}/{} killed", p.killed, p.mutants),
               progress_share{done, fmt::format("{} structures", grouped(p.structures))});
  };
  options.after_scope = [&](std::int64_t) {
    if (line) line->finish();
    if (cache) cache->save();
  };
  const scopes_report analysis = run_mutation_scopes(first, last, parts, ids, options, progress);
  std::vector<scope_row> rows;
  for (const auto& outcome : analysis.scopes) {
    scope_row row;
    row.scope = outcome.scope;
    row.report = outcome.report;
    row.random = outcome.random;
    if (const auto c = coverage_by_scope.find(outcome.scope); c != coverage_by_scope.end()) row.coverage = c->second;
    rows.push_back(std::move(row));
  }
  if (rows.empty()) {
    err("{} before the first scope ended\n", interrupted_note);
    return exit_done;
  }
  const std::uint64_t best = analysis.most_killed;
  const bool partial = analysis.partial;
  const std::int64_t adequate = analysis.adequate.value_or(rows.back().scope);
  const mutation_report& largest = rows.back().report;
  const bool reached = std::any_of(rows.begin(), rows.end(), [](const scope_row& row) { return row.report.any_point_reached; });
  if (rows.back().inputs() != 0 && !reached && !interrupted())
    throw usage_error(fmt::format("no input reaches any mutation point of {}: this binary is not compiled from its "
                                  "schemata (smallscope-mutants --schemata; for the built-in subjects, run "
                                  "smallscope-schemata), or the methods do not call the mutated code",
                                  list_path));

  std::string text = fmt::format("{} ({}), {} mutants\n", s.name, fmt::join(r.methods, ", "), list.size());
  text += fmt::format("{:>5} {:>10} {:>10} {:>9} {:>9} {:>10} {:>9}{}{}\n", "scope", "inputs", "killed", "kill rate",
                      "survived", "unreached", "seconds",
                      r.coverage ? "   code st/br %   spec st/br %" : "",
                      r.random != 0 ? "   random R(s): mean +- sd (T(s-1))" : "");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& row = rows[i];
    const auto& rep = row.report;
    std::string random;
    if (row.random)
      random = fmt::format("   {:6.2f} +- {:.2f} % ({:.2f} %)", row.random->mean(), row.random->spread(),
                           truncated(rows[i - 1].report.kill_rate()));
    const std::string coverage = row.coverage ? "   " + coverage_columns(*row.coverage) : "";
    text += fmt::format("{:>5} {:>10} {:>10} {:>8.2f}% {:>9} {:>10} {:>9.2f}{}{}\n", row.scope, grouped(row.inputs()),
                        fmt::format("{}/{}", rep.killed, rep.well_formed()), truncated(rep.kill_rate()),
                        count_status(rep, mutant_status::survived), count_status(rep, mutant_status::unreached),
                        rep.seconds, coverage, random);
    if (rep.interrupted) text.insert(text.size() - 1, "   interrupted: a part of the scope's inputs ran");
  }
  if (partial && rows.size() == 1)
    text += "mutation-adequate scope: not known (the only scope was interrupted)\n";
  else
    text += fmt::format("mutation-adequate scope: {} ({} of {} killed){}\n", adequate, best, list.size(),
                        partial ? fmt::format("; scope {}, interrupted, is left out", rows.back().scope) : "");
  if (!r.since.empty())
    text += fmt::format("the {} mutant{} on the {} line{} changed since {}\n", list.size(), list.size() == 1 ? "" : "s",
                        changed_line_count, changed_line_count == 1 ? "" : "s", r.since);
  std::uint64_t reused = 0, memo_kills = 0;
  for (const auto& row : rows) {
    reused += row.report.reused;
    memo_kills += row.report.memo_kills;
  }
  if (cache)
    text += fmt::format("outcomes reused from {}: {} (of {} mutants x {} scope{})\n", cache->path(), reused,
                        list.size(), rows.size(), rows.size() == 1 ? "" : "s");
  if (memo_kills != 0)
    text += fmt::format("timeouts and crashes known from the hang memo, not run again: {}\n", memo_kills);
  for (const auto& row : rows)
    for (const auto& w : row.report.warnings) text += fmt::format("warning: scope {}: {}\n", row.scope, w);
  std::vector<std::size_t> alive, ill_formed;
  for (std::size_t k = 0; k < largest.mutants.size(); ++k)
    if (largest.mutants[k].status == mutant_status::ill_formed) ill_formed.push_back(k);
    else if (!killed(largest.mutants[k].status)) alive.push_back(k);
  if (!ill_formed.empty()) {
    std::vector<std::uint32_t> unformed;
    for (const std::size_t k : ill_formed) unformed.push_back(list[k].id);
    text += fmt::format("not well-formed for the types their points met in a template's instantiations, so never run "
                        "and left out of the kill rate: {} (mutant{} {})\n",
                        unformed.size(), unformed.size() == 1 ? "" : "s", fmt::join(unformed, ", "));
  }
  if (!alive.empty() && r.survivors != 0) {
    text += partial ? fmt::format("not killed when scope {} was interrupted ({}; its inputs not run may kill them):\n",
                                  rows.back().scope, alive.size())
                    : fmt::format("alive at scope {} ({}; a person judges which are equivalent):\n", rows.back().scope,
                                  alive.size());
    for (std::size_t i = 0; i < alive.size() && i < r.survivors; ++i) {
      const auto& m = list[alive[i]];
      text += fmt::format("  {:4} {} {} in {}: {} -> {}{}\n", m.id, where(m), m.mutator, m.function, m.original,
                          m.replacement,
                          largest.mutants[alive[i]].status != mutant_status::unreached ? ""
                          : partial                                                     ? " (not run)"
                                                                                        : " (unreached)");
    }
    if (alive.size() > r.survivors) text += fmt::format("  ... and {} more (--survivors N)\n", alive.size() - r.survivors);
  }
  if (r.all_inputs) {
    text += fmt::format("killing inputs at scope {} (--all-inputs):\n", rows.back().scope);
    for (std::size_t k = 0; k < largest.mutants.size(); ++k)
      if (killed(largest.mutants[k].status))
        text += fmt::format("  {:4} {} of {} runs\n", list[k].id, largest.mutants[k].killing_inputs, largest.mutants[k].runs);
  }
  if (!(r.stats == "json" && r.quiet)) write_out(text);

  if (!r.annotations.empty()) {
    std::string lines;
    for (const std::size_t k : alive)
      lines += mutate::github_annotation(list[k], rows.back().scope,
                                         largest.mutants[k].status == mutant_status::unreached, partial);
    if (r.annotations == "-")
      write_out(lines);
    else
      write_file("--annotations", r.annotations, lines);
  }
  if (!r.report.empty() || !r.html.empty()) {
    const std::string scope_text =
        fmt::format("{}{}", rows.back().scope, partial ? ", interrupted: a part of its inputs ran" : "");
    std::ifstream in(list.front().file);
    std::stringstream source;
    source << in.rdbuf();
    std::map<std::uint32_t, const mutant_outcome*> by_id;
    for (const auto& o : largest.mutants) by_id[o.id] = &o;
    const std::string report =
        mutate::report_json(list, list.front().file, source.str(),
                            [&](const mutate::mutant& m) {
                              const mutant_outcome& o = *by_id.at(m.id);
                              // A survivor of a part of the scope's inputs is not a survivor of the scope.
                              if (partial && o.status == mutant_status::unreached)
                                return mutate::report_status{"Pending", "not run: the run was interrupted"};
                              if (partial && o.status == mutant_status::survived)
                                return mutate::report_status{
                                    "Pending", "not killed by the inputs run before the interruption; the others may kill it"};
                              return report_status_of(o);
                            },
                            {made_by(r, s), !partial && rows.back().scope == last, scope_text});
    if (!r.report.empty()) write_file("--report", r.report, report);
    if (!r.html.empty())
      write_file("--html", r.html,
                 detail::mutation_report_page(fmt::format("{} at scope {}", s.name, scope_text), viewer, report));
  }
  if (!r.plot.empty()) {
    std::vector<long long> scopes;
    plot_series kill{"kill rate", {}, "#d62728", false}, random{"random R(s)", {}, "#7f7f7f", true};
    for (const auto& row : rows) {
      scopes.push_back(row.scope);
      kill.values.push_back(row.report.kill_rate());
      random.values.push_back(row.random ? std::optional<double>(row.random->mean()) : std::nullopt);
    }
    std::vector<plot_series> series{kill};
    if (r.coverage) {
      plot_series code_st{"code statements", {}, "#1f77b4", false}, code_br{"code branches", {}, "#1f77b4", true},
          spec_st{"spec statements", {}, "#2ca02c", false}, spec_br{"spec branches", {}, "#2ca02c", true};
      for (const auto& row : rows) {
        code_st.values.push_back(row.coverage ? std::optional(row.coverage->code_statements) : std::nullopt);
        code_br.values.push_back(row.coverage ? std::optional(row.coverage->code_branches) : std::nullopt);
        spec_st.values.push_back(row.coverage ? std::optional(row.coverage->spec_statements) : std::nullopt);
        spec_br.values.push_back(row.coverage ? std::optional(row.coverage->spec_branches) : std::nullopt);
      }
      series.insert(series.end(), {code_st, code_br, spec_st, spec_br});
    }
    if (r.random != 0) series.push_back(random);
    write_file("--plot", r.plot, scope_plot_svg(fmt::format("{}: {}mutants killed per scope", s.name, r.coverage ? "coverage and " : ""), scopes, series));
  }
  // In an interrupted scope, a mutant no input reached so far was not run: it is not unreached.
  const auto status_text = [partial](mutant_status st) -> std::string {
    return partial && st == mutant_status::unreached ? "not run" : mutant_status_name(st);
  };
  if (!r.stats.empty()) {
    figures j = {{"subject", s.name},      {"methods", r.methods}, {"mutants", list.size()},
                 {"mutant_list", list_path}, {"adequate_scope", adequate}, {"interrupted", interrupted()}};
    if (!r.since.empty()) j["since"] = {{"ref", r.since}, {"changed_lines", changed_line_count}};
    if (cache) j["incremental"] = {{"file", cache->path()}, {"reused", reused}};
    j["scopes"] = figures::array();
    for (const auto& row : rows) j["scopes"].push_back(row_json(row));
    figures survivors = figures::array();
    for (std::size_t k : alive)
      survivors.push_back({{"id", list[k].id},
                           {"location", where(list[k])},
                           {"mutator", list[k].mutator},
                           {"function", list[k].function},
                           {"original", list[k].original},
                           {"replacement", list[k].replacement},
                           {"status", status_text(largest.mutants[k].status)}});
    j["alive"] = survivors;
    // Every mutant's outcome at the largest scope.
    figures outcomes = figures::array();
    for (const auto& o : largest.mutants) {
      figures m = {{"id", o.id}, {"status", status_text(o.status)}, {"runs", o.runs}};
      if (killed(o.status)) {
        m["method"] = o.method;
        m["input"] = o.input;
        m["detail"] = o.detail;
        if (r.all_inputs) m["killing_inputs"] = o.killing_inputs;
      }
      outcomes.push_back(m);
    }
    j["outcomes"] = outcomes;
    write_out(stats_lines(r.stats, j));
  }
  if (interrupted()) err("{}: the scopes so far are reported\n", interrupted_note);
  return exit_done;
}

command_runner add_mutate(CLI::App& mu, rule_table& rules, const std::string& program) {
  auto mutate = std::make_shared<mutate_request>();
  mutate->program = program;
  mu.add_option("SUBJECT", mutate->subject, "the subject, as named by `smallscope list`")->required()->type_name("NAME");
  mu.add_option("METHOD", mutate->methods,
                "the methods whose inputs run the mutants (one or more); Other.method for a method of the\n"
                "subject Other (its finitization from the same scope)")
      ->required()
      ->type_name("NAME...");
  mu.add_option("--scopes", mutate->scopes, "the scopes: N or A..B (each scope's SCOPE finitization)")
      ->required()
      ->type_name("A..B");
  mu.add_option("--fin", mutate->fin,
                "the finitization of each scope s, its items integers, s, s+K or s-K (SearchTree as paper 000\n"
                "Fig. 4: s,0,s,1,s); Other=PATTERN for a subject of an Other.method; default: SCOPE")
      ->type_name("PATTERN");
  mu.add_option("--mutants", mutate->mutants,
                "the mutant list (smallscope-mutants --format jsonl --output LIST); default: the built-in\n"
                "subject's, mutants/HEADER.jsonl next to this binary")
      ->type_name("LIST");
  mu.add_option_function<std::vector<std::string>>(
        "--mutant",
        [mutate](const std::vector<std::string>& ids) {
          for (const auto& text : ids) {
            const auto id = parse_u64(text);
            if (!id || *id < 1)
              throw usage_error(fmt::format("--mutant must be a mutant id: an integer >= 1, got '{}'", escaped(text)));
            mutate->only.push_back(*id);
          }
        },
        "run only mutant ID (repeat for more)")
      ->type_name("ID");
  mu.add_flag("--coverage", mutate->coverage,
              "also measure statement and branch coverage of the code under test and of the spec per scope\n"
              "(the original compiled with gcov's counters, read with gcovr)");
  mu.add_option("--coverage-binary", mutate->coverage_binary,
                "with --coverage: the original compiled with gcov's counters (default: NAME-coverage beside\n"
                "this NAME-schemata, as smallscope_variants makes them)")
      ->type_name("PATH");
  mu.add_flag("--all-inputs", mutate->all_inputs,
              "run every mutant on every input that reaches it and count the killing inputs (default: a\n"
              "mutant stops at its first kill)");
  add_count_in(mu, rules, "--random", mutate->random, 0, 1000,
            "also run K uniform random samples R(s) of the largest scope's inputs, |R(s)| = |T(s-1)|\n"
            "(paper 000 Sec. 8.5, Table 3); default 0: none");
  add_count_in(mu, rules, "--workers", mutate->workers, 0, 1024, "forked workers (default 0: one per core)");
  add_count(mu, rules, "--memory-mb", mutate->memory_mb, 0,
            "address space per worker above its start, in MiB; a mutant that needs more is killed (default\n"
            "2048; 0: no limit)");
  add_count(mu, rules, "--survivors", mutate->survivors, 0, "list this many mutants alive at the largest scope (default 10)");
  add_stats(mu, mutate->stats);
  mu.add_option("--report", mutate->report,
                "write the largest scope's outcomes as a mutation-testing-report-schema JSON (open it in the\n"
                "mutation-testing-elements viewer)")
      ->type_name("FILE");
  mu.add_option("--annotations", mutate->annotations,
                "write a GitHub Actions annotation (::warning file=...,line=...::) for each mutant alive at the\n"
                "largest scope, so that a pull request shows it beside its line; '-': stdout, after the table")
      ->type_name("FILE");
  mu.add_option("--html", mutate->html,
                "write the largest scope's report as one self-contained web page with the\n"
                "mutation-testing-elements viewer embedded (opens offline)")
      ->type_name("FILE.html");
  mu.add_option("--html-viewer", mutate->html_viewer,
                "the viewer's mutation-test-elements.js for --html (default: the one install-deps.sh installed)")
      ->type_name("FILE");
  mu.add_option("--plot", mutate->plot, "write an SVG of the kill rate (and R(s)) against the scope")->type_name("FILE.svg");
  mu.add_option("--suite", mutate->suite,
                "run the mutants on a suite file's structures (gen --suite, fe --suite) instead of every valid\n"
                "structure; --scopes N names the scope it stands for")
      ->type_name("FILE");
  mu.add_option("--since", mutate->since,
                "run only the mutants on the lines changed since the git revision REF (git diff REF: the\n"
                "working tree against REF; a file git does not track is changed on every line)")
      ->type_name("REF");
  mu.add_option("--incremental", mutate->incremental,
                "reuse the outcomes recorded in FILE for the mutants whose function body, the spec's\n"
                "functions and the scope's inputs are unchanged, and record this run's outcomes there (a\n"
                "change to a function the mutated one calls is not seen)")
      ->type_name("FILE");
  mu.add_flag("--no-hang-memo", mutate->no_hang_memo,
              "run again a (mutant, input) pair already seen to run over T_m or to crash at a smaller\n"
              "scope or in another R(s) sample (default: such a pair is a timeout or crash kill at once)");
  add_quiet(mu, mutate->quiet, "no configuration line or progress on stderr");
  add_progress_interval(mu, mutate->progress_interval);
  mu.footer(fmt::format(
      "A mutant is killed on an input when its post-state breaks the invariant, its result or post-state\n"
      "differs from the original's, it throws where the original does not, runs over 10 T_o + 1 s, runs\n"
      "out of memory or crashes (paper 000, Sec. 7.2). The kill rate counts every mutant, equivalent ones\n"
      "included.\n"
      "Example: smallscope-schemata mutate SearchTree add remove --scopes 1..6 --plot searchtree.svg"));
  return [mutate, &mu] {
    return run_mutate(*mutate);
  };
}

}  // namespace smallscope::cli
