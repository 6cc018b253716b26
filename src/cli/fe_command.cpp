// `smallscope fe`: field extensions and a field-exhaustive suite (paper 004). On a spec alone,
// or on a subject with --spec, by Algorithm 1 on SAT (field_exhaustive_from_spec); on a subject
// alone, from the search's stream (field_exhaustive_from_search). The suite can be saved as a suite
// file (src/suite) for check and mutate, the extensions as JSON.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <limits>
#include <optional>
#include <memory>

#include <chrono>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/file_lock.hpp"
#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/stats.hpp"
#include "smallscope/field_exhaustive.hpp"
#include "smallscope/subject.hpp"
#include "suite/suite_file.hpp"

namespace smallscope::cli {

namespace {

bool is_spec_file(const std::string& target) {
  return target.size() > 4 && target.compare(target.size() - 4, 4, ".als") == 0;
}

nlohmann::json extensions_json(const std::vector<field_extension>& e) {
  nlohmann::json fields = nlohmann::json::array();
  for (const auto& f : e) {
    nlohmann::json pairs = nlohmann::json::array();
    for (const auto& [owner, value] : f.pairs) {
      pairs.push_back({owner, value == "null" ? nlohmann::json(nullptr) : nlohmann::json(value)});
    }
    fields.push_back({{"field", f.field}, {"size", f.pairs.size()}, {"pairs", pairs}});
  }
  return fields;
}

// "Node.left (8): Node$0 -> {null, Node$1}; Node$1 -> {null, Node$2, Node$3}; ..."
std::size_t total_pairs(const std::vector<field_extension>& e) {
  std::size_t n = 0;
  for (const auto& f : e) n += f.pairs.size();
  return n;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string extensions_text(const std::vector<field_extension>& e) {
  std::string out;
  for (const auto& f : e) {
    out += fmt::format("{} ({}):", f.field, f.pairs.size());
    for (std::size_t i = 0; i < f.pairs.size();) {
      std::size_t j = i;
      std::vector<std::string> values;
      while (j < f.pairs.size() && f.pairs[j].first == f.pairs[i].first) values.push_back(f.pairs[j++].second);
      out += fmt::format("{} {} -> {{{}}}", i == 0 ? "" : ";", f.pairs[i].first, fmt::join(values, ", "));
      i = j;
    }
    out += '\n';
  }
  return out;
}

}  // namespace

int run_fe(const fe_request& r) {
  const gen_request& g = r.gen;
  const bool spec_alone = is_spec_file(g.subject);
  const std::string spec_file = spec_alone ? g.subject : r.spec_file;
  if (spec_alone && !r.spec_file.empty()) throw usage_error("--spec is for a subject; the first argument is already a spec");
  if (spec_alone && (!g.scope.empty() || g.fin_given))
    throw usage_error("SCOPE and --fin are a subject's finitization; a spec's scope is its run command's, or --scope");
  if (spec_alone && !r.suite_out.empty())
    throw usage_error("--suite needs a subject to bind the instances to: smallscope fe SUBJECT --fin ... --spec FILE --suite OUT");
  if (spec_file.empty() && (!r.run.empty() || !r.sat_scope.empty()))
    throw usage_error("--run and --scope are for a spec: give SPEC.als, or a subject with --spec FILE");
  require_writable("--suite", r.suite_out);
  require_writable("--extensions", r.extensions_out);
  require_distinct_files({{spec_alone ? "SPEC" : "--spec", spec_file}},
                         {{"--suite", r.suite_out}, {"--extensions", r.extensions_out}});
  const file_lock suite_lock("--suite", r.suite_out), extensions_lock("--extensions", r.extensions_out);
  std::optional<structure_format> structure_fmt;
  if (r.print_suite) {
    structure_fmt = parse_structure_format(r.format);
    if (!structure_fmt)
      throw usage_error(fmt::format("--format must be text, jsonl or dot, got '{}'", escaped(r.format)));
  }

  const auto start = std::chrono::steady_clock::now();
  std::vector<field_extension> ext;  // per field, in declaration order
  figures stats;
  std::string summary, printed;
  bool complete = false, stopped = false, limited = false;
  std::uint64_t suite_size = 0;
  std::string suite_text;  // the suite file's structure lines
  std::string label;
  std::vector<std::int64_t> p;
  const subject* s = nullptr;

  if (!spec_alone) {
    s = &lookup(g.subject);
    p = parameters(*s, g);
  }

  if (!spec_file.empty()) {
    spec_suite_options o;
    o.spec_file = spec_file;
    o.run = r.run;
    o.scope = r.sat_scope;
    o.probe_conflicts = r.probe_conflicts;
    o.batches = r.batches;
    o.all_instances = r.all_instances;
    o.limit = r.limit;
    o.seconds = r.seconds;
    o.stop = interrupt_stop();
    o.format = structure_fmt;
    std::optional<progress_line> line;
    std::string command_name;
    o.on_command = [&](const std::string& command) {
      command_name = command;
      label = fmt::format("{} run {}", spec_file, command.empty() ? "{...}" : command);
      if (s != nullptr) label = fmt::format("{} {} ({})", s->name, joined(p), label);
      if (!g.quiet)
        err("{} fe {}{}{}\n", r.program, spec_alone ? spec_file : s->name + " --fin " + joined(p) + " --spec " + spec_file,
            command.empty() ? "" : " --run " + command, r.sat_scope.empty() ? "" : " --scope '" + r.sat_scope + "'");
    };
    o.on_warning = [&](const std::string& warning) {
      if (!g.quiet) err("warning: {}\n", warning);
    };
    o.progress = [&](const spec_suite_progress& st) {
      if (!line) line.emplace(label, !g.quiet, g.search.progress_interval);
      line->show(st.seconds, fmt::format("{} structures, {} of {} candidate pairs covered, {} refuted",
                                         grouped(st.instances), grouped(st.covered), grouped(st.candidate_pairs),
                                         grouped(st.refuted)));
    };
    spec_suite_report made;
    std::optional<subject_instance> instance;
    if (s != nullptr) instance.emplace(s->make(p));
    try {
      if (instance) {
        made = field_exhaustive_from_spec(instance->fin, instance->invariant, o);
      } else {
        made = field_exhaustive_from_spec(o);
      }
    } catch (const spec_scope_error& e) {
      throw_scope_error(r.sat_scope, e);
    } catch (const spec_binding_error& e) {
      using kind = spec_binding_error::kind;
      if (e.what_kind == kind::spec) throw usage_error(fmt::format("--spec {}: {}", spec_file, e.what()));
      if (e.what_kind == kind::instance)
        throw usage_error(fmt::format("instance {} of {} does not fit the finitization {}: {}", e.instance, spec_file,
                                      joined(p), e.what()));
      throw usage_error(fmt::format("instance {} of {} is not valid under {}'s invariant: the spec and the C++ "
                                    "invariant disagree (print it with --format text)",
                                    e.instance, spec_file, s->name));
    } catch (const std::invalid_argument& e) {  // a --run the file does not have
      throw usage_error(r.run.empty() ? e.what() : std::string("--run: ") + e.what());
    }
    if (line) line->finish();
    if (made.stopped_translating) {  // SIGINT while translating: no structure yet
      if (!g.quiet) err("{}: interrupted while translating to SAT, before the first structure\n", label);
      return exit_done;  // cli_main makes it 130
    }
    ext = made.extensions;
    complete = made.complete;
    stopped = made.stopped;
    limited = made.limited;
    suite_size = made.members;
    for (const auto& picture : made.pictures) printed += picture;
    if (instance) suite_text = suite::structure_lines(instance->fin, made.structures);
    summary = fmt::format("{}: {} structures cover the {} pairs of {} fields{} in {:.3f} s ({} instances found, {}; "
                          "{} solves, {} of {} candidate pairs refuted apart from the loop)",
                          label, grouped(suite_size), grouped(total_pairs(ext)), ext.size(),
                          complete ? " (complete: the last solve is UNSAT)" : " (incomplete: the pairs found so far)",
                          seconds_since(start), grouped(made.instances),
                          r.all_instances ? "all kept" : fmt::format("{} redundant dropped", grouped(made.instances - suite_size)),
                          grouped(made.solves), grouped(made.refuted), grouped(made.candidate_pairs));
    stats = {{"spec", spec_file}, {"run", command_name}, {"instances", made.instances}, {"solves", made.solves},
             {"candidate_pairs", made.candidate_pairs}, {"refuted", made.refuted}, {"cnf_variables", made.cnf_variables},
             {"cnf_clauses", made.cnf_clauses}, {"translate_seconds", made.translate_seconds},
             {"solve_seconds", made.solve_seconds}, {"probe_seconds", made.probe_seconds},
             {"batched", made.batched}, {"batch_seconds", made.batch_seconds},
             {"check_seconds", made.check_seconds},
             {"engine", "sat"}, {"inexact", made.inexact}};
  } else {
    // The search-based variant (field_exhaustive.hpp): the pairs of every valid structure, a
    // structure kept when it covers a new one, then the kept ones that others cover dropped.
    subject_instance instance = s->make(p);
    validate(g.search);
    label = fmt::format("{} {}", s->name, joined(p));
    if (!g.quiet) err("{} fe {} --fin {}\n  finitization: {}\n", r.program, s->name, joined(p), instance.fin.describe());
    run_listener listener(label, !g.quiet);
    listener.set_interval(g.search.progress_interval);
    field_exhaustive_options options;
    options.search = g.search;
    options.limit = r.limit;
    options.seconds = r.seconds;
    options.stop = interrupt_stop();
    options.listener = &listener;
    const field_exhaustive_suite made = field_exhaustive_from_search(instance.fin, instance.invariant, options);
    listener.finish();
    complete = made.complete;
    stopped = made.stopped;
    limited = made.limited;
    ext = made.extensions;
    suite_text = suite::structure_lines(instance.fin, made.structures);
    if (structure_fmt) append_candidates(printed, instance.fin, made.structures, *structure_fmt);
    suite_size = made.structures.size();
    summary = fmt::format("{}: {} structures cover the {} pairs of {} fields{} in {:.3f} s (from {} valid structures; "
                          "{} covered a new pair, {} of them redundant)",
                          label, grouped(suite_size), grouped(total_pairs(ext)), ext.size(),
                          complete ? " (complete: every valid structure seen)" : " (incomplete: the pairs found so far)",
                          seconds_since(start), grouped(made.valid), grouped(made.covering),
                          grouped(made.covering - suite_size));
    stats = {{"valid", made.valid}, {"explored", made.explored}, {"candidate_pairs", made.candidate_pairs},
             {"engine", "search"}};
  }

  if (!r.suite_out.empty()) {
    suite::header h{s->name, p, "field-exhaustive",
                    fmt::format("{} fe {} --fin {}{}{}{}", shell_word(r.program), s->name, joined(p),
                                spec_file.empty() ? "" : " --spec " + shell_word(spec_file),
                                r.run.empty() ? "" : " --run " + shell_word(r.run),
                                r.sat_scope.empty() ? "" : " --scope " + shell_word(r.sat_scope)),
                    suite_size, complete};
    write_file("--suite", r.suite_out, suite::header_line(h) + suite_text);
  }
  nlohmann::json ext_json = extensions_json(ext);
  if (!r.extensions_out.empty()) {
    nlohmann::json j = {{"format", "smallscope-extensions"}, {"version", 1}, {"complete", complete},
                        {"total", total_pairs(ext)}, {"fields", ext_json}};
    if (s != nullptr) {
      j["subject"] = s->name;
      j["fin"] = p;
    }
    if (!spec_file.empty()) j["spec"] = spec_file;
    write_file("--extensions", r.extensions_out, j.dump(1) + "\n");
  }
  if (stopped) summary += fmt::format("; {}", interrupted_note);
  if (limited) summary += "; stopped at --limit or --time-limit";
  if (r.print_extensions) write_out(extensions_text(ext));
  write_out(printed);
  stats["structures"] = suite_size;
  stats["pairs"] = total_pairs(ext);
  stats["fields"] = ext.size();
  stats["complete"] = complete;
  stats["interrupted"] = stopped;
  stats["limited"] = limited;
  stats["seconds"] = seconds_since(start);
  if (s != nullptr) {
    stats["subject"] = s->name;
    stats["fin"] = p;
  }
  figures sizes;
  for (const auto& f : ext) sizes[f.field] = f.pairs.size();
  stats["extension_sizes"] = sizes;
  if (!g.stats.empty() || r.print_extensions || !printed.empty()) {
    if (!g.quiet) err("{}\n", summary);
  } else {
    write_out(summary + "\n");
  }
  if (!g.stats.empty()) write_out(stats_lines(g.stats, stats));
  flush_out();
  return exit_done;
}

command_runner add_fe(CLI::App& fa, rule_table& rules, const std::string& program) {
  auto fe = std::make_shared<fe_request>();
  fe->program = program;
  fe->gen.program = program;
  fa.add_option("TARGET", fe->gen.subject,
                "a spec (FILE.als: Algorithm 1 on its run command) or a subject (from the search's valid\n"
                "structures; with --spec, Algorithm 1 on that spec, its instances bound to the subject)")
      ->required()
      ->type_name("SPEC|SUBJECT");
  add_scope(fa, fe->gen, "a subject's one-argument finitization; or give --fin");
  fa.add_option("--spec", fe->spec_file, "with a subject: compute on this spec (SAT) and bind its instances to the subject")
      ->type_name("FILE");
  fa.add_option("--run", fe->run, "the spec's run command's predicate (default: its first run command)")->type_name("PRED");
  add_spec_scope(fa, fe->sat_scope);
  fa.add_flag("--print", fe->print_extensions, "print the extensions, one line per field");
  fa.add_option("--format", fe->format, "print the suite's structures: text, jsonl or dot")->type_name("FORMAT");
  fa.add_option("--extensions", fe->extensions_out, "write the extensions (tight field bounds) as JSON")->type_name("FILE");
  fa.add_option("--suite", fe->suite_out, "write the suite as a suite file (needs a subject) for check and mutate")
      ->type_name("FILE");
  fa.add_flag("--all-instances", fe->all_instances,
              "keep every instance Algorithm 1 found in the suite (default: drop, last first, those whose pairs\n"
              "the others cover)");
  add_time_limit(fa, rules, fe->seconds, "stop after this many seconds with the pairs found so far (default 0: none)");
  add_count(fa, rules, "--limit", fe->limit, 0, "stop after N structures in the suite (default 0: no limit)");
  const std::string conflicts_rule = "an integer in [-1, 1000000000] (-1: Algorithm 1 as printed)";
  rules["--probe-conflicts"] = conflicts_rule;
  fa.add_option_function<std::string>(
       "--probe-conflicts",
       [fe, conflicts_rule](const std::string& text) {
         std::int64_t v = 0;
         const auto u = parse_u64(text);
         if (text == "-1") v = -1;
         else if (u && *u <= 1000000000) v = static_cast<std::int64_t>(*u);
         else throw usage_error(fmt::format("--probe-conflicts must be {}, got '{}'", conflicts_rule, escaped(text)));
         fe->probe_conflicts = v;
       },
       "conflicts a solve of the loop's clause may take before the pairs left are refuted per field\n"
       "and object, in halves (default 2000; -1: never, Algorithm 1 exactly as printed)")
      ->type_name("N");
  fa.add_flag("--batches", fe->batches,
              "first ask for a new value of every field of every object at once: fewer, fuller\n"
              "structures (a binomial heap at 25: 74 instead of 276), usually slower");
  add_stats(fa, fe->gen.stats);
  add_progress_interval(fa, fe->gen.search.progress_interval);
  add_quiet(fa, fe->gen.quiet, "no configuration line, warnings or progress on stderr");
  fa.footer(fmt::format(
      "A field's extension is every pair <a, b> such that some valid, symmetry-broken structure reaches a\n"
      "and has a.f = b (null included); a field-exhaustive suite covers every pair of every field.\n"
      "{0}\n"
      "Examples:\n"
      "  {1} fe examples/specs/binary_search_tree.als --print\n"
      "  {1} fe BinarySearchTree --fin 4,0,4,0,3 --spec examples/specs/search_tree_fe.als --suite bst4.suite\n"
      "  {1} check BinarySearchTree remove --suite bst4.suite",
      exit_codes_text, program));
  return [fe, &fa] {
    if (fa.count("--format") != 0) fe->print_suite = true;
    note_given(fa, fe->gen);
    return run_fe(*fe);
  };
}

}  // namespace smallscope::cli
