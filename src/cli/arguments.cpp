// The shared arguments of the subcommands. See arguments.hpp.
#include "cli/arguments.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <limits>

#include "cli/numbers.hpp"
#include "cli/commands.hpp"
#include "files/output_path.hpp"
#include "cli/output.hpp"
#include "cli/scale.hpp"
#include "cli/stats.hpp"
#include "smallscope/spec_error.hpp"

namespace smallscope::cli {

const char* const exit_codes_text =
    "Exit codes: 0 done, nothing found; 1 findings; 2 bad input (the message names the option and\n"
    "what it allows); 3 output error (stdout, stderr or a file could not be written); 4 out of\n"
    "memory, or workers killed from outside again and again (the environment's fault); 130 interrupted by SIGINT, SIGTERM or SIGHUP (the findings so far are printed).";

std::string count_rule(std::uint64_t lo, std::uint64_t hi) { return fmt::format("an integer in [{}, {}]", lo, hi); }

void add_count(CLI::App& app, rule_table& rules, const std::string& flag, std::uint64_t& value, std::uint64_t lo,
               const std::string& help, const std::string& lo_reason) {
  add_count_in(app, rules, flag, value, lo, std::numeric_limits<std::uint64_t>::max(), help, lo_reason);
}

void add_threads(CLI::App& app, rule_table& rules, std::uint64_t& value, const std::string& help) {
  const unsigned cores = available_cores();
  add_count_in(app, rules, "--threads", value, 0, 4 * std::uint64_t{cores}, help,
               fmt::format(" (4 per core this process may use: {} cores)", cores));
}

void add_count_in(CLI::App& app, rule_table& rules, const std::string& flag, std::uint64_t& value, std::uint64_t lo,
                  std::uint64_t hi, const std::string& help, const std::string& reason) {
  const std::string rule = count_rule(lo, hi) + reason;
  rules[flag] = rule;
  app.add_option_function<std::string>(
         flag,
         [flag, rule, lo, hi, &value](const std::string& text) {
           const auto v = parse_u64(text);
           if (!v || *v < lo || *v > hi) throw usage_error(fmt::format("{} must be {}, got '{}'", flag, rule, escaped(text)));
           value = *v;
         },
         help)
      ->type_name("N");
}

namespace {

// Seconds in [lo, hi] as --flag (or 0 too, with `zero`); `rule` says what is allowed.
void add_seconds_in(CLI::App& app, rule_table& rules, const std::string& flag, double& value, double lo, double hi,
                    bool zero, const std::string& rule, const char* type_name, const std::string& help) {
  rules[flag] = rule;
  app.add_option_function<std::string>(
         flag,
         [flag, rule, lo, hi, zero, &value](const std::string& text) {
           const auto v = parse_double(text);
           if (!v || !((zero && *v == 0) || (*v >= lo && *v <= hi)))
             throw usage_error(fmt::format("{} must be {}, got '{}'", flag, rule, escaped(text)));
           value = *v;
         },
         help)
      ->type_name(type_name);
}

}  // namespace

void add_seconds(CLI::App& app, rule_table& rules, const std::string& flag, double& value, const std::string& help) {
  add_seconds_in(app, rules, flag, value, 0.1, 1e9, false, "seconds in [0.1, 1000000000]", "S", help);
}

void add_subject(CLI::App& app, gen_request& r) {
  app.add_option("SUBJECT", r.subject, "the subject, as named by `smallscope list`")->required()->type_name("NAME");
}

void add_scope(CLI::App& app, gen_request& r, const std::string& scope_help) {
  app.add_option("SCOPE", r.scope, scope_help)->type_name("N");
  app.add_option("--fin", r.fin, "every finitization parameter, comma-separated (P1,P2,...)")->type_name("P1,P2,...");
}

void add_spec_invariant(CLI::App& app, gen_request& r) {
  app.add_option("--invariant", r.invariant,
                 "a relational spec (.als) whose run predicate is the invariant, instead of the subject's\n"
                 "C++ one: its receiver is the root, its sigs and fields named as the class domains and fields")
      ->type_name("FILE");
  app.add_option("--invariant-run", r.invariant_run, "the run command's predicate (default: the file's first run command)")
      ->type_name("NAME");
  app.add_flag("--invariant-interpreted", r.invariant_interpreted,
               "judge --invariant FILE with the evaluators even where this binary has it compiled to C++\n"
               "(smallscope_spec in CMake)");
}

void add_stats(CLI::App& app, std::string& stats) {
  app.add_option_function<std::string>(
         "--stats",
         [&stats](const std::string& text) {
           check_stats_format(text);
           stats = text;
         },
         "print statistics: json (the last line of stdout is one JSON object) or text")
      ->type_name("json|text");
}

void add_timeout(CLI::App& app, rule_table& rules, double& seconds, const std::string& help) {
  add_seconds_in(app, rules, "--timeout", seconds, 0.001, 86400, true, "0 (automatic) or seconds in [0.001, 86400]",
                 "SECONDS", help);
}

void add_time_limit(CLI::App& app, rule_table& rules, double& seconds, const std::string& help) {
  add_seconds_in(app, rules, "--time-limit", seconds, 0.001, 1e9, true, "0 (none) or seconds in [0.001, 1000000000]",
                 "SECONDS", help);
}

void add_quiet(CLI::App& app, bool& quiet, const std::string& what) { app.add_flag("-q,--quiet", quiet, what); }

void note_given(const CLI::App& app, gen_request& r) {
  r.fin_given = app.count("--fin") != 0;
}

void require_distinct_files(const std::vector<files::named_file>& inputs, const std::vector<files::named_file>& outputs) {
  if (const std::string why = files::clashing_files(inputs, outputs); !why.empty()) throw usage_error(why);
}

void require_writable(const std::string& option, const std::string& path) {
  if (path.empty() || path == "-") return;
  if (const std::string why = files::unwritable(path); !why.empty())
    throw usage_error(fmt::format("{}: '{}' {}; give a file in a directory that exists and can be written", option,
                                  escaped(path), why));
}

}  // namespace smallscope::cli

namespace smallscope::cli {

void add_spec_scope(CLI::App& app, std::string& scope) {
  app.add_option("--scope", scope,
                 "the spec's scope instead of its run command's, as written after `for`\n"
                 "(e.g. 'exactly 1 BinaryTree, exactly 10 Node, 5 Int')")
      ->type_name("TEXT");
}

void throw_scope_error(const std::string& scope, const std::exception& e) {
  constexpr const char* how = "write it as after `for` in a run command, e.g. 'exactly 1 BinaryTree, exactly 10 Node, 5 Int'";
  const auto* s = dynamic_cast<const spec_scope_error*>(&e);
  if (s == nullptr) throw usage_error(fmt::format("--scope '{}': {}", escaped(scope), e.what()));
  switch (s->what_kind) {
    case spec_scope_error::kind::no_predicate:
      throw usage_error("--scope needs a run command that names a predicate; give --run PRED");
    case spec_scope_error::kind::adds_to_the_spec:
      throw usage_error(fmt::format("--scope '{}' is not a scope: it adds to the spec ({})", escaped(scope), how));
    case spec_scope_error::kind::not_a_scope:
      break;
  }
  throw usage_error(fmt::format("--scope '{}': {} ({})", escaped(scope), s->detail, how));
}

}  // namespace smallscope::cli
