// The command line's entry point: parses the arguments with CLI11 and runs a subcommand.
#include "cli/cli.hpp"


#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <iostream>
#include <limits>
#include <map>

#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "cli/scale.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/spec_error.hpp"

namespace smallscope {

namespace {

// An empty file name is no file: taking `--suite ''` as the option left out would run
// something other than what was asked. Every option that names a file or a folder (its
// type name says FILE or DIR) refuses one.
void refuse_empty_names(const CLI::App& sub) {
  for (const CLI::Option* o : sub.get_options()) {
    const std::string type = o->get_type_name();
    if (type.find("FILE") == std::string::npos && type.find("DIR") == std::string::npos) continue;
    for (const std::string& r : o->results())
      if (r.empty())
        throw cli::usage_error(fmt::format("{} takes a {} name, got an empty one: give a name, or leave the option out",
                                           o->get_name(), type.find("DIR") != std::string::npos ? "folder" : "file"));
  }
}


using cli::command;

// The subcommands, in the order of `--help`. A new subcommand: its file with its add_ function,
// and a row here.
const command commands[] = {
    {"list", "List the subjects and their finitization parameters.", cli::add_list, false},
    {"gen", "Generate every valid structure of a subject (Korat's search).", cli::add_gen, true},
    {"check", "Check a method of a subject on every valid input (black-box; or --white-box).", cli::add_check, true},
    {"explore", "Every sequence of API calls from the empty structure, with state matching (paper 001).",
     cli::add_explore, true},
    {"cover",
     "Branch coverage of methods on every valid input, and the white-box suite (paper 001; smallscope-branches).",
     cli::add_cover, false},
    {"fe", "Field extensions and a field-exhaustive suite (paper 004): Algorithm 1 on SAT, or from the search.",
     cli::add_fe, true},
    {"spec", "Enumerate the instances of a relational spec's run command on SAT (paper 003).", cli::add_spec, true},
    {"mutate",
     "Mutation analysis of the exhaustive suites of a range of scopes (a binary built from mutant schemata).",
     cli::add_mutate, true},
    {"merge", "Join the outputs of the shards of one search (gen --shard I/N --stats json).", cli::add_merge, false},
    {"version", "Print the version.", cli::add_version, false},
};

// "list, gen, ..., version"
std::string command_names() {
  std::string names;
  for (const auto& c : commands) names += (names.empty() ? "" : ", ") + std::string(c.name);
  return names;
}

// What the options every subcommand shares allow, and the search options' ranges.
cli::rule_table shared_rules() {
  cli::rule_table rules;
  rules["--fin"] = "P1,P2,... (one integer per finitization parameter; see `smallscope list`)";
  rules["--stats"] = "json or text";
  rules["--format"] = "text, jsonl or dot (check: text or dot)";
  // Options of several commands, or taking text: what each allows, stated once.
  rules["--invariant"] = "a relational spec file (.als)";
  rules["--invariant-run"] = "a run command's predicate of the --invariant spec";
  rules["--spec"] = "a relational spec file (.als)";
  rules["--run"] = "a run command's predicate of the spec";
  rules["--post"] = "a predicate of the spec (its receiver the root, its other parameters the method's arguments)";
  rules["--scope"] = "a spec's scope as written after `for` (e.g. 'exactly 1 BinaryTree, exactly 10 Node, 5 Int')";
  rules["--suite"] = "a suite file (written by gen --suite or fe --suite; docs/SUITES.md)";
  rules["--methods"] = "the subject's method names, comma-separated (see `smallscope list`)";
  rules["--findings"] = "a file name (written as JSON Lines)";
  rules["--cost-plot"] = "a file name (written as SVG)";
  rules["--plot"] = "a file name (written as SVG)";
  rules["--extensions"] = "a file name (written as JSON)";
  rules["--report"] = "a file name (written as mutation-testing-report-schema JSON)";
  rules["--html"] = "a file name (written as one web page)";
  rules["--html-viewer"] = "the viewer's mutation-test-elements.js";
  rules["--annotations"] = "a file name, or '-' for stdout";
  rules["--incremental"] = "a file to read and write (the outcomes of earlier runs)";
  rules["--coverage-binary"] = "the path of the program built with gcov's counters (NAME-coverage)";
  rules["--mutants"] = "a mutant list (smallscope-mutants --format jsonl --output LIST)";
  rules["--scopes"] = "N or A..B (the subject's scopes)";
  rules["--since"] = "a git revision";
  rules["--mutant"] = "a mutant id: an integer >= 1 (repeat it for more)";
#define SMALLSCOPE_DETAIL_RULE(name, type, def, lo, hi, help)                                       \
  {                                                                                                 \
    std::string flag = "--" #name;                                                                  \
    for (auto& ch : flag)                                                                           \
      if (ch == '_') ch = '-';                                                                      \
    if constexpr (std::is_integral_v<type> && !std::is_same_v<type, bool>)                          \
      rules[flag] = cli::count_rule(static_cast<std::uint64_t>(lo), static_cast<std::uint64_t>(hi));  \
    else if constexpr (!std::is_same_v<type, bool>)                                                 \
      rules[flag] = fmt::format("a number in [{}, {}]", static_cast<type>(lo), static_cast<type>(hi)); \
  }
  SMALLSCOPE_SEARCH_OPTIONS(SMALLSCOPE_DETAIL_RULE)
#undef SMALLSCOPE_DETAIL_RULE
  return rules;
}

}  // namespace

std::map<std::string, std::map<std::string, std::string>> cli::option_rules() {
  CLI::App app{"smallscope", "smallscope"};
  const cli::rule_table shared = shared_rules();
  std::map<std::string, cli::rule_table> rules;
  std::map<std::string, std::map<std::string, std::string>> out;
  for (const auto& c : commands) {
    CLI::App* sub = app.add_subcommand(c.name, c.summary);
    c.add(*sub, rules[c.name], "smallscope");
    for (const CLI::Option* o : sub->get_options()) {
      if (o->get_positional() || o->get_expected_min() == 0) continue;  // SUBJECT, SCOPE, flags
      for (const std::string& name : o->get_lnames()) {
        const std::string flag = "--" + name;
        const auto own = rules[c.name].find(flag);
        const auto common = shared.find(flag);
        out[c.name][flag] = own != rules[c.name].end() ? own->second : common != shared.end() ? common->second : "";
      }
    }
  }
  return out;
}

int cli_main(int argc, char** argv) {
  const std::string program = argc > 0 && argv[0] != nullptr && argv[0][0] != '\0' ? argv[0] : "smallscope";
  CLI::App app{"smallscope: bounded-exhaustive testing for C++.\n"
               "Generates every valid input of a subject within bounds, one per isomorphism class.",
               program};
  app.require_subcommand(1);
  app.set_version_flag("--version", "smallscope " SMALLSCOPE_VERSION);
  app.footer(fmt::format("Run '{0} gen --help', '{0} check --help', '{0} fe --help', '{0} spec --help' and '{0} mutate --help'\n"
                         "for their options\n"
                         "(gen: --fin, --print, --format, --stats,\n"
                         "--limit, --no-isomorphism-breaking, --no-pruning, --read-budget, -q).\n"
                         "{1}\n"
                         "Examples:\n"
                         "  {0} list\n"
                         "  {0} gen BinaryTree 3 --print\n"
                         "  {0} gen SearchTree --fin 4,0,4,1,4 --stats json\n"
                         "  {0} check SearchTree remove 5\n"
                         "  {0} spec examples/specs/red_black_tree.als --stats json\n"
                         "  {0} fe examples/specs/binary_search_tree.als --print\n"
                         "  smallscope-schemata mutate SearchTree add remove --scopes 1..6 --fin s,0,s,1,s --coverage",
                         program, cli::exit_codes_text));

  // Each subcommand's arguments, what they allow, and what runs it.
  const cli::rule_table shared = shared_rules();
  std::map<std::string, cli::rule_table> rules;
  std::map<std::string, std::pair<CLI::App*, cli::command_runner>> runs;
  for (const auto& c : commands) {
    CLI::App* sub = app.add_subcommand(c.name, c.summary);
    runs[c.name] = {sub, c.add(*sub, rules[c.name], program)};
  }

  int code = cli::exit_done;
  try {
    try {
      // Name an unknown subcommand (CLI11 would only say that one is required).
      if (argc < 2)
        throw cli::usage_error(fmt::format("a subcommand is required: {} (see '{} --help')", command_names(), program));
      const std::string first = argv[1];
      if (first.empty() || (first[0] != '-' && runs.count(first) == 0))
        throw cli::usage_error("unknown subcommand '" + cli::escaped(first) + "'; known: " + command_names());
      app.parse(argc, argv);
      for (const auto& c : commands)
        if (runs[c.name].first->parsed()) {
          refuse_empty_names(*runs[c.name].first);
          if (c.interruptible) cli::install_interrupt_handlers();
          code = runs[c.name].second();
          if (c.interruptible && cli::interrupted() && code != cli::exit_bad_input) code = cli::exit_interrupted;
          break;
        }
    } catch (const CLI::Success& e) {  // --help, --help-all, --version
      code = app.exit(e);
      std::cout.flush();
      if (!std::cout) throw cli::output_error("cannot write to stdout");
    } catch (const CLI::ParseError& e) {
      std::string what = e.what();
      // CLI11's own messages ("--stats: 1 required TEXT missing") do not say what is allowed:
      // the subcommand's rule for the flag, else the shared one.
      const auto names = [&what](const std::string& flag) {
        return what.rfind(flag + ":", 0) == 0 || what.rfind(flag + " ", 0) == 0;
      };
      std::string allowed;
      const auto own = argc > 1 ? rules.find(argv[1]) : rules.end();
      for (const cli::rule_table* table : {own != rules.end() ? &own->second : &shared, &shared})
        for (const auto& [flag, rule] : *table)
          if (allowed.empty() && names(flag)) allowed = fmt::format("; {} takes {}", flag, rule);
      what += allowed;
      // The usage of the subcommand given, or of the program.
      if (own != rules.end())
        cli::err("error: {}\nRun '{} {} --help' for usage.\n", cli::escaped(what), program, argv[1]);
      else
        cli::err("error: {}\nRun '{} --help' for usage.\n", cli::escaped(what), program);
      code = cli::exit_bad_input;
    } catch (const cli::usage_error& e) {
      cli::err("error: {}\n", e.what());
      code = cli::exit_bad_input;
    } catch (const finitization_error& e) {
      cli::err("error: {}\n", e.what());
      code = cli::exit_bad_input;
    } catch (const std::invalid_argument& e) {
      cli::err("error: {}\n", e.what());
      code = cli::exit_bad_input;
    } catch (const spec_error& e) {
      cli::err("{}\n", e.what());
      code = cli::exit_bad_input;
    }
    cli::flush_out();
  } catch (const cli::output_error& e) {
    cli::err("error: {}\n", e.what());
    code = cli::exit_output_error;
  } catch (const environment_error& e) {
    cli::err("error: {}\n", e.what());
    code = cli::exit_out_of_memory;
  } catch (const std::bad_alloc&) {
    // Not bad input: the machine (or `ulimit -v`) gives the process less memory than the run needs.
    cli::err("error: out of memory{}: give a smaller scope or more memory\n", cli::memory_limit_text());
    code = cli::exit_out_of_memory;
  } catch (const std::exception& e) {
    // E.g. an invariant that crashes while check generates inputs: the subject is unusable.
    cli::err("error: {}\n", e.what());
    code = cli::exit_bad_input;
  }
  cli::flush_err();
  if (cli::stderr_failed()) code = cli::exit_output_error;
  return code;
}

}  // namespace smallscope
