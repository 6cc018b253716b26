// The arguments that several subcommands share, declared once (SUBJECT, SCOPE, --fin, --stats,
// -q, counts and seconds parsed strictly), and what each option allows, for the messages of
// CLI11's own errors.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "files/output_path.hpp"

namespace CLI {
class App;
}

namespace smallscope::cli {

// Option -> what it allows ("an integer in [1, ...]"), quoted when CLI11 reports a missing value.
using rule_table = std::map<std::string, std::string>;

extern const char* const exit_codes_text;

// What a count in [lo, hi] allows, as its errors say: "an integer in [1, 18446744073709551615]".
std::string count_rule(std::uint64_t lo, std::uint64_t hi);
// An unsigned option parsed strictly: a decimal integer in [lo, 2^64-1], never clamped.
void add_count(CLI::App& app, rule_table& rules, const std::string& flag, std::uint64_t& value, std::uint64_t lo,
               const std::string& help, const std::string& lo_reason = "");
// The same in [lo, hi]; `reason` says where the bounds come from.
void add_count_in(CLI::App& app, rule_table& rules, const std::string& flag, std::uint64_t& value, std::uint64_t lo,
                  std::uint64_t hi, const std::string& help, const std::string& reason = "");
// --threads: workers or search threads in [1, 4 per core this process may use].
void add_threads(CLI::App& app, rule_table& rules, std::uint64_t& value, const std::string& help);
// Seconds parsed strictly: a number in [0.1, 1e9].
void add_seconds(CLI::App& app, rule_table& rules, const std::string& flag, double& value, const std::string& help);

// SUBJECT (required), as named by `smallscope list`.
void add_subject(CLI::App& app, gen_request& r);
// SCOPE and --fin.
void add_scope(CLI::App& app, gen_request& r, const std::string& scope_help);
// --invariant FILE and --invariant-run NAME (gen, check).
void add_spec_invariant(CLI::App& app, gen_request& r);
// --stats json|text, refused otherwise while parsing.
void add_stats(CLI::App& app, std::string& stats);
// --progress-interval S (progress.hpp), as the search options table (smallscope/options.hpp)
// declares it for gen: the same range and help in every command (search_options_cli.cpp).
void add_progress_interval(CLI::App& app, double& seconds);
// A search option's flag: "one_per_class" -> "one-per-class" (prefix "--" for the flag itself).
std::string flag_name(std::string name);
// The flag of order_dependent_option (smallscope/options.hpp) ("--limit"), or "" when none is set.
std::string order_dependent_flag(const search_options& options);
// --timeout S: seconds one input or call may run, 0 (automatic) or in [0.001, 86400] (check,
// explore).
void add_timeout(CLI::App& app, rule_table& rules, double& seconds, const std::string& help);
// --time-limit S: stop after S seconds, 0 (none) or in [0.001, 1e9] (explore, fe).
void add_time_limit(CLI::App& app, rule_table& rules, double& seconds, const std::string& help);
// -q, --quiet: `what` it silences.
void add_quiet(CLI::App& app, bool& quiet, const std::string& what);

// Checks before the run that `option`'s file `path` can be written (files/output_path.hpp): a
// usage_error naming the option, the path and why not otherwise. Empty paths and "-" (stdout)
// pass.
void require_writable(const std::string& option, const std::string& path);
// Throws a usage error when an output is one of the run's inputs or another output (before the
// run: nothing is written yet).
void require_distinct_files(const std::vector<files::named_file>& inputs, const std::vector<files::named_file>& outputs);
// After parsing: whether --fin was given.
void note_given(const CLI::App& app, gen_request& r);

// The --scope option of fe and check (a spec's scope as written after `for`), and the usage_error
// for a scope that cannot replace the run command's (spec::with_scope's scope_error).
void add_spec_scope(CLI::App& app, std::string& scope);
[[noreturn]] void throw_scope_error(const std::string& scope, const std::exception& e);

}  // namespace smallscope::cli
