// The command line's entry point: parses the arguments with CLI11 and runs a subcommand.
#include "cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <iostream>
#include <limits>
#include <map>

#include "cli/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "cli/scale.hpp"
#include "smallscope/finitization.hpp"
#include "spec/load.hpp"

namespace smallscope {
namespace {

constexpr const char* exit_codes_text =
    "Exit codes: 0 done, nothing found; 1 findings; 2 bad input (the message names the option and\n"
    "what it allows); 3 output error (stdout, stderr or a file could not be written);\n"
    "130 interrupted by SIGINT or SIGTERM (the findings so far are printed).";

// What each option allows, for the messages of CLI11's own errors (a missing value, say).
using rule_table = std::map<std::string, std::string>;

// An unsigned option parsed strictly: a decimal integer in [lo, 2^64-1], never clamped.
void add_count(CLI::App* app, rule_table& rules, const std::string& flag, std::uint64_t& value, std::uint64_t lo,
               const std::string& help, const std::string& lo_reason = "") {
  const std::string rule = fmt::format("an integer in [{}, {}]{}", lo, std::numeric_limits<std::uint64_t>::max(),
                                       lo_reason);
  rules[flag] = rule;
  app->add_option_function<std::string>(
         flag,
         [flag, rule, lo, &value](const std::string& text) {
           const auto v = cli::parse_u64(text);
           if (!v || *v < lo) throw cli::usage_error(fmt::format("{} must be {}, got '{}'", flag, rule, cli::escaped(text)));
           value = *v;
         },
         help)
      ->type_name("N");
}

// Seconds parsed strictly: a number in [0.1, 1e9].
void add_seconds(CLI::App* app, rule_table& rules, const std::string& flag, double& value, const std::string& help) {
  const std::string rule = "seconds in [0.1, 1000000000]";
  rules[flag] = rule;
  app->add_option_function<std::string>(
         flag,
         [flag, rule, &value](const std::string& text) {
           const auto v = cli::parse_double(text);
           if (!v || !(*v >= 0.1 && *v <= 1e9))
             throw cli::usage_error(fmt::format("{} must be {}, got '{}'", flag, rule, cli::escaped(text)));
           value = *v;
         },
         help)
      ->type_name("S");
}

}  // namespace

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
                         program, exit_codes_text));

  rule_table rules;
  rules["--fin"] = "P1,P2,... (one integer per finitization parameter; see `smallscope list`)";
  rules["--stats"] = "json or text";
  rules["--format"] = "text, jsonl or dot (check: text or dot)";

  app.add_subcommand("list", "List the subjects and their finitization parameters.");

  cli::gen_request gen;
  gen.program = program;
  auto* g = app.add_subcommand("gen", "Generate every valid structure of a subject (Korat's search).");
  g->add_option("SUBJECT", gen.subject, "the subject, as named by `smallscope list`")->required()->type_name("NAME");
  g->add_option("SCOPE", gen.scope,
                "the subject's one-argument finitization (Korat's finX(SCOPE)); or give --fin")
      ->type_name("N");
  g->add_option("--fin", gen.fin, "every finitization parameter, comma-separated (P1,P2,...)")->type_name("P1,P2,...");
  g->add_flag("--print", gen.print, "print every structure (in --format, text by default)");
  g->add_option("--format", gen.format, "how to print structures: text, jsonl or dot (implies --print)")
      ->type_name("FORMAT");
  g->add_option("--stats", gen.stats,
                "print statistics: json (the last line of stdout is one JSON object) or text")
      ->type_name("json|text");
  g->add_flag("-q,--quiet", gen.quiet, "no configuration line and no progress on stderr");
  rules["--suite"] = "a suite file (written by gen --suite or fe --suite; docs/SUITES.md)";
  g->add_option("--suite", gen.suite_out,
                "save the structures as a suite file (the bounded-exhaustive suite; with --sample, a random one)\n"
                "for `check --suite` and `mutate --suite`")
      ->type_name("FILE");
  add_count(g, rules, "--sample", gen.sample, 1, "with --suite: a uniform random sample of N >= 1 structures instead of all");
  add_count(g, rules, "--seed", gen.seed, 0, "the seed of --sample (default 1)");
  add_count(g, rules, "--threads", gen.threads, 1,
            fmt::format("search on N threads (default: every core this process may use, here {}); one thread keeps\n"
                        "the search's order, --limit, --eq-class, --one-per-class and --sample use one",
                        cli::available_cores()));
  rules["--shard"] = "I/N with 1 <= I <= N";
  g->add_option("--shard", gen.shard,
                "run the I-th of N disjoint shares of the search (1 <= I <= N); `smallscope merge` joins the\n"
                "shards' --stats json outputs (docs/SCALE.md)")
      ->type_name("I/N");
  add_count(g, rules, "--shard-units", gen.shard_units, 1,
            "with --shard: cut the search into at least N units per shard (default 32768); more balances\n"
            "lopsided searches better, at the cost of a longer plan");
  rules["--output"] = "a file to write";
  g->add_option("--output", gen.output, "write stdout (structures, statistics) to FILE")->type_name("FILE");
  rules["--checkpoint"] = "a file to write (and read, when it exists)";
  g->add_option("--checkpoint", gen.checkpoint,
                "save the search's position to FILE every --checkpoint-every seconds and on SIGINT/SIGTERM;\n"
                "when FILE exists, go on from it (and cut --output back to it); removed when the run ends")
      ->type_name("FILE");
  add_seconds(g, rules, "--checkpoint-every", gen.checkpoint_every, "seconds between checkpoints (default 60)");
  g->add_flag("--generators", gen.generators,
              "use the invariant's form with dedicated generators (paper 000 Sec. 5): the same structures\n"
              "from fewer candidates (subjects that have one: see docs/GENERATORS.md)");
  cli::add_search_options(*g, gen.search);
  g->footer(fmt::format("SCOPE n means the subject's finX(n) as Korat 1.0 defines it (see `smallscope list`).\n{}",
                        exit_codes_text));

  cli::merge_request merge;
  auto* mg = app.add_subcommand("merge", "Join the outputs of the shards of one search (gen --shard I/N --stats json).");
  mg->add_option("FILE", merge.files, "the stdout of each shard, all N of them, in any order")->required()->type_name("FILE");
  mg->add_flag("-q,--quiet", merge.quiet, "no summary on stderr");
  mg->footer("The structures come out in shard order, numbered 1, 2, 3 across the shards; the last line is one\n"
             "JSON object with the counts added up, `seconds` the slowest shard's, and `shards` the balance.");

  cli::explore_request explore;
  explore.gen.program = program;
  auto* ex = app.add_subcommand(
      "explore", "Every sequence of API calls from the empty structure, with state matching (paper 001).");
  ex->add_option("SUBJECT", explore.gen.subject, "the subject, as named by `smallscope list`")->required()->type_name("NAME");
  ex->add_option("SCOPE", explore.gen.scope, "the subject's one-argument finitization (the arguments' domains); or give --fin")
      ->type_name("N");
  ex->add_option("--fin", explore.gen.fin, "every finitization parameter, comma-separated (P1,P2,...)")->type_name("P1,P2,...");
  ex->add_option("--methods", explore.methods,
                 "the methods to call, comma-separated, each with every tuple of its argument domains")
      ->required()
      ->type_name("M1,M2,...");
  add_count(ex, rules, "--depth", explore.depth, 1, "stop after sequences of N calls (default: until no call reaches a new state)");
  add_count(ex, rules, "--max-states", explore.max_states, 1, "stop when N states are known (default 10000000)");
  add_seconds(ex, rules, "--time-limit", explore.time_limit, "stop after S seconds (default: none)");
  add_seconds(ex, rules, "--timeout", explore.timeout,
              "seconds one call may run before it is a finding (default: ten times the running median plus\n"
              "one second; five seconds in an AddressSanitizer build)");
  ex->add_flag_callback("--no-differential", [&explore] { explore.differential = false; },
                        "do not compare the reached states with gen's valid structures of the finitization");
  std::uint64_t explore_show = explore.show;
  add_count(ex, rules, "--show", explore_show, 0,
            "print N failed calls and N structures of each side of the differential (default 3)");
  ex->add_option("--format", explore.gen.format, "pictures of states: text or dot")->type_name("FORMAT");
  ex->add_option("--stats", explore.gen.stats,
                 "print statistics: json (the last line of stdout is one JSON object) or text")
      ->type_name("json|text");
  ex->add_flag("-q,--quiet", explore.gen.quiet, "no configuration line and no progress on stderr");
  add_seconds(ex, rules, "--progress-interval", explore.gen.search.progress_interval,
              "seconds between progress lines on stderr (default 1)");
  ex->footer(fmt::format(
      "A failed call (the invariant or the postcondition after it, an exception, a crash or a hang: the\n"
      "exploration runs in a forked worker) is printed with the calls that lead to it; its state is not\n"
      "explored further. The differential lists valid\n"
      "structures no sequence reaches (the invariant allows more than the API builds) and reached\n"
      "states that are not valid structures of the finitization.\n{}\n"
      "Example: {} explore TreeMap 4 --methods put_key,remove",
      exit_codes_text, program));

  cli::cover_request cover;
  cover.gen.program = program;
  auto* cv = app.add_subcommand(
      "cover", "Branch coverage of methods on every valid input, and the white-box suite (paper 001; smallscope-branches).");
  cv->add_option("SUBJECT", cover.gen.subject, "the subject, as named by `smallscope list`")->required()->type_name("NAME");
  cv->add_option("SCOPE", cover.gen.scope, "the subject's one-argument finitization; or give --fin")->type_name("N");
  cv->add_option("--fin", cover.gen.fin, "every finitization parameter, comma-separated (P1,P2,...)")->type_name("P1,P2,...");
  cv->add_option("--methods", cover.methods, "the methods to test, comma-separated, each with every tuple of its argument domains")
      ->required()
      ->type_name("M1,M2,...");
  cv->add_option("--suite", cover.suite_out, "write the white-box suite's inputs to FILE (for `check --suite`)")->type_name("FILE");
  std::uint64_t cover_show = cover.show;
  add_count(cv, rules, "--show", cover_show, 0, "list N outcomes no test took and N failed tests (default 10)");
  cv->add_option("--stats", cover.gen.stats, "print statistics: json (the last line of stdout is one JSON object) or text")
      ->type_name("json|text");
  cv->add_flag("-q,--quiet", cover.gen.quiet, "no configuration line on stderr");
  cv->footer(fmt::format(
      "Every valid input (smallest first) meets every test; each condition of the code under test (if, while,\n"
      "for, ?:, each operand of && and ||) counts its two outcomes. The white-box suite keeps each test that\n"
      "takes an outcome no earlier test took: the same coverage from few inputs. Methods run in this process:\n"
      "check a method that may crash or hang with `{} check` first.\n{}\n"
      "Example: smallscope-branches cover TreeMapLazy 5 --methods remove_rank,put_gap --suite wb.suite",
      program, exit_codes_text));

  cli::check_request check;
  check.gen.program = program;
  auto* c = app.add_subcommand("check", "Check a method of a subject on every valid input (black-box; or --white-box).");
  c->add_option("SUBJECT", check.gen.subject, "the subject, as named by `smallscope list`")->required()->type_name("NAME");
  c->add_option("METHOD", check.method, "the method under test, as listed by `smallscope list`")->required()->type_name("NAME");
  c->add_option("SCOPE", check.gen.scope, "the subject's one-argument finitization; or give --fin")->type_name("N");
  c->add_option("--fin", check.gen.fin, "every finitization parameter, comma-separated (P1,P2,...)")
      ->type_name("P1,P2,...");
  rules["--timeout"] = "0 (automatic) or seconds in [0.001, 86400]";
  c->add_option_function<std::string>(
       "--timeout",
       [&check, &rules](const std::string& text) {
         const auto v = cli::parse_double(text);
         if (!v || !(*v == 0 || (*v >= 0.001 && *v <= 86400)))
           throw cli::usage_error(
               fmt::format("--timeout must be {}, got '{}'", rules["--timeout"], cli::escaped(text)));
         check.timeout = *v;
       },
       "seconds one input may run: 0.001..86400 (default 0: ten times the running median plus one\n"
       "second; five seconds in an AddressSanitizer build)")
      ->type_name("SECONDS");
  c->add_flag("--white-box", check.white_box,
              "search for failing inputs, pruning on the fields the method reads too (paper 000, Sec. 6.2);\n"
              "inputs are then numbered by finding");
  add_count(c, rules, "--stop-after", check.stop_after, 0, "stop after N failures (default 0: check every input)");
  add_count(c, rules, "--sample", check.sample, 1,
            "check a uniform random sample of N >= 1 inputs instead of all (all of them when N is at least\n"
            "their number)");
  add_count(c, rules, "--seed", check.seed, 0, "the seed of --sample (default 1)");
  add_count(c, rules, "--input", check.input, 1, "check only input N (numbered from 1 as in the counterexamples)",
            " (inputs are numbered from 1)");
  std::uint64_t show = check.show;
  add_count(c, rules, "--show", show, 0, "print the N smallest counterexamples in full (default 3)");
  c->add_flag_callback("--no-reproducers", [&check] { check.reproducers = false; },
                       "do not print a GoogleTest reproducer per counterexample");
  rules["--reproducer-dir"] = "a directory that exists or can be created, and is writable";
  c->add_option("--reproducer-dir", check.reproducer_dir,
                "also write each printed counterexample's GoogleTest reproducer to DIR/<Subject>_<method>_<input>.cpp\n"
                "(DIR is created if missing)")
      ->type_name("DIR");
  rules["--findings"] = "a file name (written as JSON Lines)";
  c->add_option("--findings", check.findings,
                "write every failure to FILE as JSON Lines: one object per failure with input, kind, detail,\n"
                "arguments, objects, pre_state and post_state")
      ->type_name("FILE");
  c->add_option("--spec", check.spec_file,
                "take the inputs from a relational spec (.als) instead of the search: the instances of its run\n"
                "command, on SAT, one per isomorphism class; judge each run with a predicate of the spec")
      ->type_name("FILE");
  c->add_option("--run", check.spec_run, "with --spec: the run command's predicate (default: the first run command)")
      ->type_name("PRED");
  c->add_option("--post", check.spec_post,
                "with --spec: the predicate judged after each run; its receiver is the root, its other parameters\n"
                "the method's arguments; fields written with a backtick read the pre-state (default: the run\n"
                "command's predicate, i.e. the invariant is preserved)")
      ->type_name("PRED");
  c->add_option("--suite", check.suite,
                "take the structures from a suite file (gen --suite, fe --suite) instead of the search; its\n"
                "finitization is the suite's")
      ->type_name("FILE");
  c->add_option("--format", check.gen.format, "pictures of the pre- and post-states: text or dot")
      ->type_name("FORMAT");
  c->add_option("--stats", check.gen.stats,
                "print statistics: json (the last line of stdout is one JSON object) or text")
      ->type_name("json|text");
  c->add_flag("-q,--quiet", check.gen.quiet, "no configuration line and no progress on stderr");
  add_count(c, rules, "--threads", check.gen.threads, 1,
            fmt::format("check on N workers at once (default: every core this process may use, here {}); inputs\n"
                        "keep their numbers; --stop-after, --sample, --input, --white-box, --eq-class,\n"
                        "--one-per-class, --limit, --spec and --suite use one",
                        cli::available_cores()));
  c->add_flag("--generators", check.gen.generators,
              "search the inputs with the invariant's form with dedicated generators (the same inputs, found\n"
              "from fewer candidates)");
  cli::add_search_options(*c, check.gen.search);
  c->footer(fmt::format(
      "Each input runs in a forked worker: a crash or a timeout is reported with its input and the\n"
      "run goes on. Counterexamples are printed smallest first (fewest objects, then input order).\n"
      "{}\n"
      "Example: {} check SearchTree remove --fin 5,0,5,1,5",
      exit_codes_text, program));
  cli::mutate_request mutate;
  mutate.program = program;
  auto* mu = app.add_subcommand(
      "mutate", "Mutation analysis of the exhaustive suites of a range of scopes (a binary built from mutant schemata).");
  mu->add_option("SUBJECT", mutate.subject, "the subject, as named by `smallscope list`")->required()->type_name("NAME");
  mu->add_option("METHOD", mutate.methods,
                 "the methods whose inputs run the mutants (one or more); Other.method for a method of the\n"
                 "subject Other (its finitization from the same scope)")
      ->required()
      ->type_name("NAME...");
  mu->add_option("--scopes", mutate.scopes, "the scopes: N or A..B (each scope's SCOPE finitization)")
      ->required()
      ->type_name("A..B");
  mu->add_option("--fin", mutate.fin,
                 "the finitization of each scope s, its items integers, s, s+K or s-K (SearchTree as paper 000\n"
                 "Fig. 4: s,0,s,1,s); Other=PATTERN for a subject of an Other.method; default: SCOPE")
      ->type_name("PATTERN");
  mu->add_option("--mutants", mutate.mutants,
                 "the mutant list (smallscope-mutants --format jsonl --output LIST); default: the built-in\n"
                 "subject's, mutants/HEADER.jsonl next to this binary")
      ->type_name("LIST");
  mu->add_option("--mutant", mutate.only, "run only mutant ID (repeat for more)")->type_name("ID");
  mu->add_flag("--coverage", mutate.coverage,
               "also measure statement and branch coverage of the code under test and of the spec per scope\n"
               "(the original in smallscope-coverage next to this binary, read with gcovr)");
  mu->add_flag("--all-inputs", mutate.all_inputs,
               "run every mutant on every input that reaches it and count the killing inputs (default: a\n"
               "mutant stops at its first kill)");
  add_count(mu, rules, "--random", mutate.random, 0,
            "also run K uniform random samples R(s) of the largest scope's inputs, |R(s)| = |T(s-1)|\n"
            "(paper 000 Sec. 8.5, Table 3); default 0: none");
  add_count(mu, rules, "--workers", mutate.workers, 0, "forked workers (default 0: one per core)");
  add_count(mu, rules, "--memory-mb", mutate.memory_mb, 0,
            "address space per worker above its start, in MiB; a mutant that needs more is killed (default\n"
            "2048; 0: no limit)");
  add_count(mu, rules, "--survivors", mutate.survivors, 0, "list this many mutants alive at the largest scope (default 10)");
  mu->add_option("--stats", mutate.stats, "print statistics: json (the last line of stdout is one JSON object) or text")
      ->type_name("FORMAT");
  mu->add_option("--report", mutate.report,
                 "write the largest scope's outcomes as a mutation-testing-report-schema JSON (open it in the\n"
                 "mutation-testing-elements viewer)")
      ->type_name("FILE");
  mu->add_option("--plot", mutate.plot, "write an SVG of the kill rate (and R(s)) against the scope")->type_name("FILE.svg");
  mu->add_option("--suite", mutate.suite,
                 "run the mutants on a suite file's structures (gen --suite, fe --suite) instead of every valid\n"
                 "structure; --scopes N names the scope it stands for")
      ->type_name("FILE");
  mu->add_flag("-q,--quiet", mutate.quiet, "no configuration line or progress on stderr");
  mu->footer(fmt::format(
      "A mutant is killed on an input when its post-state breaks the invariant, its result or post-state\n"
      "differs from the original's, it throws where the original does not, runs over 10 T_o + 1 s, runs\n"
      "out of memory or crashes (paper 000, Sec. 7.2). The kill rate counts every mutant, equivalent ones\n"
      "included.\n"
      "Example: smallscope-schemata mutate SearchTree add remove --scopes 1..6 --plot searchtree.svg"));

  cli::fe_request fe;
  fe.program = program;
  fe.gen.program = program;
  auto* fa = app.add_subcommand(
      "fe", "Field extensions and a field-exhaustive suite (paper 004): Algorithm 1 on SAT, or from the search.");
  fa->add_option("TARGET", fe.gen.subject,
                 "a spec (FILE.als: Algorithm 1 on its run command) or a subject (from the search's valid\n"
                 "structures; with --spec, Algorithm 1 on that spec, its instances bound to the subject)")
      ->required()
      ->type_name("SPEC|SUBJECT");
  fa->add_option("SCOPE", fe.gen.scope, "a subject's one-argument finitization; or give --fin")->type_name("N");
  fa->add_option("--fin", fe.gen.fin, "every finitization parameter, comma-separated (P1,P2,...)")->type_name("P1,P2,...");
  fa->add_option("--spec", fe.spec_file, "with a subject: compute on this spec (SAT) and bind its instances to the subject")
      ->type_name("FILE");
  fa->add_option("--run", fe.run, "the spec's run command's predicate (default: its first run command)")->type_name("PRED");
  fa->add_option("--scope", fe.sat_scope,
                 "the spec's scope instead of its run command's, as written after `for`\n"
                 "(e.g. 'exactly 1 BinaryTree, exactly 10 Node, 5 Int')")
      ->type_name("TEXT");
  fa->add_flag("--print", fe.print_extensions, "print the extensions, one line per field");
  fa->add_option("--format", fe.format, "print the suite's structures: text, jsonl or dot")->type_name("FORMAT");
  fa->add_option("--extensions", fe.extensions_out, "write the extensions (tight field bounds) as JSON")->type_name("FILE");
  fa->add_option("--suite", fe.suite_out, "write the suite as a suite file (needs a subject) for check and mutate")
      ->type_name("FILE");
  fa->add_flag("--all-instances", fe.all_instances,
               "keep every instance Algorithm 1 found in the suite (default: drop, last first, those whose pairs\n"
               "the others cover)");
  rules["--time-limit"] = "seconds in [0, 1e9] (0: none)";
  fa->add_option_function<std::string>(
       "--time-limit",
       [&fe, &rules](const std::string& text) {
         const auto v = cli::parse_double(text);
         if (!v || !(*v >= 0 && *v <= 1e9))
           throw cli::usage_error(fmt::format("--time-limit must be {}, got '{}'", rules["--time-limit"], cli::escaped(text)));
         fe.seconds = *v;
       },
       "stop after this many seconds with the pairs found so far (default 0: none)")
      ->type_name("SECONDS");
  add_count(fa, rules, "--limit", fe.limit, 0, "stop after N structures in the suite (default 0: no limit)");
  rules["--probe-conflicts"] = "an integer in [-1, 1000000000] (-1: Algorithm 1 as printed)";
  fa->add_option_function<std::string>(
       "--probe-conflicts",
       [&fe, &rules](const std::string& text) {
         std::int64_t v = 0;
         const auto u = cli::parse_u64(text);
         if (text == "-1") v = -1;
         else if (u && *u <= 1000000000) v = static_cast<std::int64_t>(*u);
         else throw cli::usage_error(fmt::format("--probe-conflicts must be {}, got '{}'", rules["--probe-conflicts"], cli::escaped(text)));
         fe.probe_conflicts = v;
       },
       "conflicts a solve of the loop's clause may take before the pairs left are refuted per field\n"
       "and object, in halves (default 2000; -1: never, Algorithm 1 exactly as printed)")
      ->type_name("N");
  fa->add_flag(
      "--batches", fe.batches,
      "first ask for a new value of every field of every object at once: fewer, fuller\n"
      "structures (a binomial heap at 25: 74 instead of 276), usually slower");
  fa->add_option("--stats", fe.gen.stats, "print statistics: json (the last line of stdout is one JSON object) or text")
      ->type_name("json|text");
  fa->add_flag("-q,--quiet", fe.gen.quiet, "no configuration line, warnings or progress on stderr");
  fa->footer(fmt::format(
      "A field's extension is every pair <a, b> such that some valid, symmetry-broken structure reaches a\n"
      "and has a.f = b (null included); a field-exhaustive suite covers every pair of every field.\n"
      "{0}\n"
      "Examples:\n"
      "  {1} fe examples/specs/binary_search_tree.als --print\n"
      "  {1} fe BinarySearchTree --fin 4,0,4,0,3 --spec examples/specs/search_tree_fe.als --suite bst4.suite\n"
      "  {1} check BinarySearchTree remove --suite bst4.suite",
      exit_codes_text, program));

  cli::spec_request spec;
  spec.program = program;
  auto* sp = app.add_subcommand("spec", "Enumerate the instances of a relational spec's run command on SAT (paper 003).");
  sp->add_option("FILE", spec.file, "the spec (.als: an Alloy subset, see docs/SPECS.md)")->required()->type_name("FILE");
  sp->add_option("--run", spec.run, "the run command's predicate (default: the file's first run command)")
      ->type_name("PRED");
  sp->add_flag("--print", spec.print, "print every instance's reached part (in --format, text by default)");
  sp->add_option("--format", spec.format, "how to print instances: text, jsonl or dot (implies --print)")
      ->type_name("FORMAT");
  sp->add_option("--stats", spec.stats, "print statistics: json (the last line of stdout is one JSON object) or text")
      ->type_name("json|text");
  add_count(sp, rules, "--limit", spec.limit, 0, "stop after N instances (default 0: all)");
  sp->add_flag("-q,--quiet", spec.quiet, "no configuration line, warnings or progress on stderr");
  sp->footer(fmt::format("One instance per isomorphism class of the structure the run predicate's receiver roots;\n"
                         "atoms it does not reach never make two instances differ. Each instance is re-checked by\n"
                         "an evaluator independent of the SAT translation.\n{}\n"
                         "Example: {} spec examples/specs/red_black_tree.als --print",
                         exit_codes_text, program));
#define SMALLSCOPE_DETAIL_RULE(name, type, def, lo, hi, help)                                       \
  {                                                                                                 \
    std::string flag = "--" #name;                                                                  \
    for (auto& ch : flag)                                                                           \
      if (ch == '_') ch = '-';                                                                      \
    if constexpr (!std::is_same_v<type, bool>)                                                      \
      rules[flag] = static_cast<type>(hi) == std::numeric_limits<type>::max()                       \
                        ? fmt::format("a number >= {}", static_cast<type>(lo))                      \
                        : fmt::format("a number in [{}, {}]", static_cast<type>(lo), static_cast<type>(hi)); \
  }
  SMALLSCOPE_SEARCH_OPTIONS(SMALLSCOPE_DETAIL_RULE)
#undef SMALLSCOPE_DETAIL_RULE

  int code = cli::exit_done;
  try {
    try {
      // Name an unknown subcommand (CLI11 would only say that one is required).
      if (argc < 2)
        throw cli::usage_error(fmt::format("a subcommand is required: list, gen, check, fe, spec or mutate (see '{} --help')", program));
      const std::string first = argv[1];
      if (first.empty() || (first[0] != '-' && first != "list" && first != "gen" && first != "check" && first != "spec" &&
                             first != "mutate" && first != "fe" && first != "merge" && first != "explore" &&
                             first != "cover"))
        throw cli::usage_error("unknown subcommand '" + cli::escaped(first) +
                               "'; known: list, gen, check, explore, cover, fe, spec, mutate, merge");
      app.parse(argc, argv);
      if (app.got_subcommand("list")) {
        code = cli::run_list(program);
      } else if (app.got_subcommand("merge")) {
        code = cli::run_merge(merge);
      } else if (app.got_subcommand("explore")) {
        explore.gen.fin_given = ex->count("--fin") != 0;
        explore.gen.stats_given = ex->count("--stats") != 0;
        explore.show = static_cast<std::size_t>(std::min<std::uint64_t>(explore_show, 1'000'000));
        cli::install_interrupt_handlers();
        code = cli::run_explore(explore);
      } else if (app.got_subcommand("cover")) {
        cover.gen.fin_given = cv->count("--fin") != 0;
        cover.gen.stats_given = cv->count("--stats") != 0;
        cover.show = static_cast<std::size_t>(std::min<std::uint64_t>(cover_show, 1'000'000));
        code = cli::run_cover(cover);
      } else if (app.got_subcommand("mutate")) {
        mutate.stats_given = mu->count("--stats") != 0;
        cli::install_interrupt_handlers();
        code = cli::run_mutate(mutate);
      } else if (app.got_subcommand("fe")) {
        if (fa->count("--format") != 0) fe.print_suite = true;
        fe.gen.fin_given = fa->count("--fin") != 0;
        fe.gen.stats_given = fa->count("--stats") != 0;
        cli::install_interrupt_handlers();
        code = cli::run_fe(fe);
      } else if (app.got_subcommand("spec")) {
        if (sp->count("--format") != 0) spec.print = true;
        spec.stats_given = sp->count("--stats") != 0;
        cli::install_interrupt_handlers();
        code = cli::run_spec(spec);
      } else if (app.got_subcommand("check")) {
        check.gen.fin_given = c->count("--fin") != 0;
        check.gen.stats_given = c->count("--stats") != 0;
        check.seed_given = c->count("--seed") != 0;
        check.timeout_given = c->count("--timeout") != 0;
        check.show = static_cast<std::size_t>(std::min<std::uint64_t>(show, std::numeric_limits<std::size_t>::max()));
        cli::install_interrupt_handlers();
        code = cli::run_check_command(check);
      } else {
        if (g->count("--format") != 0) gen.print = true;
        gen.fin_given = g->count("--fin") != 0;
        gen.seed_given = g->count("--seed") != 0;
        gen.stats_given = g->count("--stats") != 0;
        cli::install_interrupt_handlers();
        code = cli::run_gen(gen);
      }
    } catch (const CLI::CallForHelp& e) {
      code = app.exit(e);
      std::cout.flush();
      if (!std::cout) throw cli::output_error("cannot write to stdout");
    } catch (const CLI::CallForAllHelp& e) {
      code = app.exit(e);
      std::cout.flush();
      if (!std::cout) throw cli::output_error("cannot write to stdout");
    } catch (const CLI::CallForVersion& e) {
      code = app.exit(e);
      std::cout.flush();
      if (!std::cout) throw cli::output_error("cannot write to stdout");
    } catch (const CLI::ParseError& e) {
      std::string what = e.what();
      // CLI11's own messages ("--stats: 1 required TEXT missing") do not say what is allowed.
      for (const auto& [flag, rule] : rules)
        if (what.rfind(flag + ":", 0) == 0 || what.rfind(flag + " ", 0) == 0) {
          what += fmt::format("; {} takes {}", flag, rule);
          break;
        }
      cli::err("error: {}\nRun '{} --help', '{} gen --help' or '{} check --help' for usage.\n", cli::escaped(what),
               program, program, program);
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
    } catch (const spec::spec_error& e) {
      cli::err("{}\n", e.what());
      code = cli::exit_bad_input;
    }
    cli::flush_out();
  } catch (const cli::output_error& e) {
    cli::err("error: {}\n", e.what());
    code = cli::exit_output_error;
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
