// `smallscope merge FILE...`: joins what the shards of one search printed (`gen --shard I/N
// --stats json`, with or without --print) into one output: their structures, numbered 1, 2, 3
// across the shards in shard order, and one statistics line with the counts added up. Every
// shard 1..N of the same subject, finitization and options must be there, each once.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <limits>
#include <memory>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <span>
#include <sstream>

#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "files/input_file.hpp"
#include "cli/commands.hpp"
#include "cli/file_lock.hpp"
#include "cli/findings_file.hpp"
#include "cli/merge_check.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "files/strict_json.hpp"

namespace smallscope::cli {
namespace {

struct shard_output {
  std::string path;
  std::vector<std::string> structure_lines;
  nlohmann::json stats;
  std::uint64_t printed = 0;  // structures printed before the statistics
  std::uint64_t index = 1;
  std::uint64_t count = 1;
};

// Where `line` is, if it starts a printed structure ("7: ..." text, {"index":7, jsonl,
// "digraph structure_7 {" dot), the position of its number; npos otherwise.
std::size_t number_at(const std::string& line) {
  std::size_t from = std::string::npos;
  if (!line.empty() && std::isdigit(static_cast<unsigned char>(line[0])) != 0) from = 0;
  for (const char* prefix : {"{\"index\":", "digraph structure_"})
    if (line.rfind(prefix, 0) == 0) from = std::char_traits<char>::length(prefix);
  if (from == std::string::npos || from >= line.size() || std::isdigit(static_cast<unsigned char>(line[from])) == 0)
    return std::string::npos;
  return from;
}

bool starts_structure(const std::string& line) { return number_at(line) != std::string::npos; }

shard_output read_shard(const std::string& path) {
  if (const std::string why = files::unreadable(path); !why.empty())
    throw usage_error(fmt::format("merge: '{}' {}; give the stdout of `gen|check ... --shard I/N --stats json`", path, why));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw usage_error(fmt::format("merge: cannot read '{}'", path));
  shard_output s;
  s.path = path;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  const auto bad = [&path, &lines](const std::string& what) {
    return usage_error(fmt::format("merge: {}:{}: {}; give the stdout of `gen|check ... --shard I/N --stats json`", path,
                                   lines.size(), what));
  };
  if (lines.empty()) throw bad("the file is empty");
  files::parsed_json last = files::parse_strict(lines.back());
  if (last.duplicate_key) throw bad("the last line: " + last.error);
  s.stats = std::move(last.value);
  if (s.stats.is_discarded() || !s.stats.is_object() || !s.stats.contains("explored") || !s.stats.contains("subject"))
    throw bad("the last line is not gen's --stats json line");
  // Counts are non-negative integers that fit together; the structures printed, if any, are
  // exactly the ones the shard yielded (a line lost, or a shard run without --print, is caught).
  for (const figure_row& row : gen_figure_rows())
    if (row.integral && row.rule != figure_rule::any && s.stats.contains(row.name) &&
        !s.stats[row.name].is_number_unsigned())
      throw bad(fmt::format("\"{}\" is {}, not a count", row.name, s.stats[row.name].dump()));
  const auto count = [&s](const char* key) { return s.stats.value(key, std::uint64_t{0}); };
  if (count("valid") > count("explored") || count("yielded") > count("valid"))
    throw bad(fmt::format("impossible counts: {} yielded, {} valid, {} explored", count("yielded"), count("valid"),
                          count("explored")));
  for (const auto& line : std::span(lines).first(lines.size() - 1))
    if (starts_structure(line)) ++s.printed;
  if (s.printed != 0 && s.printed != count("yielded"))
    throw bad(fmt::format("it prints {} structures but says it yielded {} (a lost line, or another run's output?)",
                          s.printed, count("yielded")));
  if (s.stats.contains("shard")) {
    if (!s.stats["shard"].is_object()) throw bad("its \"shard\" is not an object");
    if (!files::content_hash_matches(s.stats))
      throw bad("its statistics were changed after its run wrote them (their content hash does not match), or an "
                "older smallscope wrote them; run the shard again");
    s.index = s.stats["shard"].value("index", std::uint64_t{0});
    s.count = s.stats["shard"].value("count", std::uint64_t{0});
    if (s.index < 1 || s.index > s.count) throw bad("its shard is not I/N with 1 <= I <= N");
  }
  lines.pop_back();
  s.structure_lines = std::move(lines);
  return s;
}

// The structure's number at the start of a printed line, replaced by `number`: "7: ..." (text),
// {"index":7, (jsonl), "digraph structure_7 {" (dot). Other lines are kept as they are.
std::string renumbered(const std::string& line, std::uint64_t& number) {
  const std::size_t from = number_at(line);
  if (from == std::string::npos) return line;
  std::size_t to = from;
  while (to < line.size() && std::isdigit(static_cast<unsigned char>(line[to])) != 0) ++to;
  return line.substr(0, from) + std::to_string(++number) + line.substr(to);
}

// The shards of a check: one statistics line, and every failure into --findings.
int merge_checks(const std::map<std::uint64_t, const shard_output*>& by_index, const merge_request& r) {
  require_writable("--findings", r.findings);
  std::vector<files::named_file> shards_read;
  for (const auto& f : r.files) shards_read.push_back({"FILE", f});
  require_distinct_files(shards_read, {{"--findings", r.findings}});
  const file_lock findings_lock("--findings", r.findings);
  std::vector<check_shard> shards;
  for (const auto& [index, s] : by_index) shards.push_back({s->path, s->stats});
  const merged_check m = merge_check_shards(shards);
  if (!r.findings.empty()) {
    // The shards ran to their ends (merge refuses an interrupted one), so the whole check did.
    std::string made_by = shell_word(r.program) + " merge";
    for (const auto& f : r.files) made_by += " " + shell_word(f);
    std::string lines = findings_header_line(made_by, true, m.failures.size());
    for (const auto& f : m.failures) lines += f.dump() + '\n';
    if (!write_file_or_report("--findings", r.findings, lines)) return exit_output_error;
  }
  write_out(m.stats.dump() + '\n');
  flush_out();
  if (!r.quiet)
    err("merged {} shards of a check: {} inputs, {} failed; slowest shard {:.3f} s\n", shards.size(),
        grouped(m.stats["inputs"].get<std::uint64_t>()), grouped(m.stats["failed"].get<std::uint64_t>()),
        m.stats["shards"]["slowest_seconds"].get<double>());
  return m.failures.empty() ? exit_done : exit_findings;
}

}  // namespace

int run_merge(const merge_request& r) {
  if (r.files.empty()) throw usage_error("merge needs the shards' outputs: smallscope merge FILE...");
  std::vector<shard_output> shards;
  for (const auto& f : r.files) shards.push_back(read_shard(f));
  const auto& first = shards.front();
  const std::uint64_t n = first.count;
  std::map<std::uint64_t, const shard_output*> by_index;
  for (const auto& s : shards) {
    for (const char* key : {"subject", "fin", "options", "generators", "judge"})
      if (s.stats.value(key, nlohmann::json()) != first.stats.value(key, nlohmann::json()))
        throw usage_error(fmt::format("merge: {} and {} are not shards of one search: their {} differ ({} against {})",
                                      first.path, s.path, key, first.stats.value(key, nlohmann::json()).dump(),
                                      s.stats.value(key, nlohmann::json()).dump()));
    if (s.count != n)
      throw usage_error(fmt::format("merge: {} is shard {}/{}, but {} is shard {}/{}", first.path, first.index, n, s.path,
                                    s.index, s.count));
    if (!by_index.emplace(s.index, &s).second)
      throw usage_error(fmt::format("merge: shard {}/{} is given twice ({} and {})", s.index, n, by_index[s.index]->path, s.path));
  }
  for (std::uint64_t i = 1; i <= n; ++i)
    if (by_index.count(i) == 0)
      throw usage_error(fmt::format("merge: shard {}/{} is missing: give the outputs of all {} shards", i, n, n));
  if (first.stats.contains("method")) return merge_checks(by_index, r);
  if (!r.findings.empty()) throw usage_error("--findings goes with the shards of a check (`check --shard I/N`)");
  for (const auto& s : shards)
    if ((s.printed == 0) != (first.printed == 0) && s.stats.value("yielded", std::uint64_t{0}) != 0 &&
        first.stats.value("yielded", std::uint64_t{0}) != 0)
      throw usage_error(fmt::format("merge: {} prints its structures and {} does not: run every shard with the same "
                                    "--print or --format",
                                    first.printed != 0 ? first.path : s.path, first.printed != 0 ? s.path : first.path));

  std::string out;
  std::uint64_t number = 0;
  figures merged = first.stats;
  merged.erase("shard");
  merged.erase("steals");
  std::vector<const nlohmann::json*> parts;
  for (const auto& [index, s] : by_index) parts.push_back(&s->stats);
  merge_figures(merged, parts, gen_figure_rows(), [&by_index](std::size_t i, const std::string& what) {
    throw usage_error(fmt::format("merge: {}: {}; give the stdout of `gen ... --shard I/N --stats json` of each shard",
                                  std::next(by_index.begin(), static_cast<std::ptrdiff_t>(i))->second->path, what));
  });
  double total = 0;
  double plan_seconds = 0;
  for (const auto& [index, s] : by_index) {
    for (const auto& line : s->structure_lines) {
      out += renumbered(line, number);
      out += '\n';
    }
    total += s->stats.value("seconds", 0.0);
    if (const auto& shard = s->stats.value("shard", nlohmann::json());
        shard.is_object() && shard.contains("plan") && shard["plan"].is_object())
      plan_seconds = std::max(plan_seconds, shard["plan"].value("seconds", 0.0));
  }
  const double slowest = merged["seconds"].get<double>();  // the shards ran side by side
  merged["warnings"] = warnings_of_every(parts);  // what every shard's sample gave
  merged["shards"] = {{"count", n}, {"slowest_seconds", slowest}, {"mean_seconds", total / static_cast<double>(n)},
                      {"plan_seconds", plan_seconds}};
  out += merged.dump();
  out += '\n';
  write_out(out);
  flush_out();
  if (!r.quiet)
    err("merged {} shards: {} valid, {} explored; slowest shard {:.3f} s, mean {:.3f} s\n", n,
        grouped(merged["valid"].get<std::uint64_t>()), grouped(merged["explored"].get<std::uint64_t>()), slowest,
        total / static_cast<double>(n));
  return merged["budget_exceeded"].get<std::uint64_t>() + merged["predicate_exceptions"].get<std::uint64_t>() +
                     merged["generator_misuse"].get<std::uint64_t>() >
                 0
             ? exit_findings
             : (merged["interrupted"].get<bool>() ? exit_interrupted : exit_done);
}

command_runner add_merge(CLI::App& mg, rule_table& /*rules: its options are shared ones*/, const std::string& program) {
  auto merge = std::make_shared<merge_request>();
  merge->program = program;
  mg.add_option("FILE", merge->files, "the stdout of each shard, all N of them, in any order")->required()->type_name("FILE");
  mg.add_option("--findings", merge->findings,
                "the shards of a check: write every failure to FILE (JSON Lines), numbered as the whole check")
      ->type_name("FILE");
  add_quiet(mg, merge->quiet, "no summary on stderr");
  mg.footer("gen's shards: the structures come out in shard order, numbered 1, 2, 3 across the shards; the last\n"
            "line is one JSON object with the counts added up, `seconds` the slowest shard's, and `shards` the\n"
            "balance. check's shards (`check --shard I/N --stats json`): that line is the whole check's, its\n"
            "failures numbered as one unsharded run numbers them (--findings FILE writes them).");
  return [merge] { return run_merge(*merge); };
}

}  // namespace smallscope::cli
