// The command line's entry point: parses the arguments with CLI11 and runs a subcommand.
#include "cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/commands.hpp"
#include "smallscope/finitization.hpp"

namespace smallscope {

int cli_main(int argc, char** argv) {
  CLI::App app{"smallscope: bounded-exhaustive testing for C++.\n"
               "Generates every valid input of a subject within bounds, one per isomorphism class.",
               "smallscope"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "smallscope 0.1.0");
  app.footer("Run 'smallscope gen --help' and 'smallscope check --help' for their options\n"
             "(gen: --fin, --print, --format, --stats,\n"
             "--limit, --no-isomorphism-breaking, --no-pruning, --read-budget, -q).\n"
             "Exit codes: 0 done, nothing found; 1 findings; 2 bad input.\n"
             "Examples:\n"
             "  smallscope list\n"
             "  smallscope gen BinaryTree 3 --print\n"
             "  smallscope gen SearchTree --fin 4,0,4,1,4 --stats json\n"
             "  smallscope check SearchTree remove 5");

  app.add_subcommand("list", "List the subjects and their finitization parameters.");

  cli::gen_request gen;
  auto* g = app.add_subcommand("gen", "Generate every valid structure of a subject (Korat's search).");
  g->add_option("SUBJECT", gen.subject, "the subject, as named by `smallscope list`")->required();
  g->add_option("SCOPE", gen.scope,
                "the subject's one-argument finitization (Korat's finX(SCOPE)); or give --fin");
  g->add_option("--fin", gen.fin, "every finitization parameter, comma-separated (P1,P2,...)");
  g->add_flag("--print", gen.print, "print every structure (in --format, text by default)");
  g->add_option("--format", gen.format, "how to print structures: text, jsonl or dot (implies --print)");
  g->add_option("--stats", gen.stats,
                "print statistics: json (the last line of stdout is one JSON object) or text");
  g->add_flag("-q,--quiet", gen.quiet, "no configuration line and no progress on stderr");
  cli::add_search_options(*g, gen.search);
  g->footer("SCOPE n means the subject's finX(n) as Korat 1.0 defines it (see `smallscope list`).");

  // Unsigned counts: CLI11 would wrap "-1" around; name the rule instead.
  const CLI::Validator non_negative(
      [](std::string& value) { return !value.empty() && value[0] == '-' ? std::string("must be >= 0") : std::string(); },
      "N>=0");
  cli::check_request check;
  auto* c = app.add_subcommand("check", "Check a method of a subject on every valid input (black-box; or --white-box).");
  c->add_option("SUBJECT", check.gen.subject, "the subject, as named by `smallscope list`")->required();
  c->add_option("METHOD", check.method, "the method under test, as listed by `smallscope list`")->required();
  c->add_option("SCOPE", check.gen.scope, "the subject's one-argument finitization; or give --fin");
  c->add_option("--fin", check.gen.fin, "every finitization parameter, comma-separated (P1,P2,...)");
  c->add_option("--timeout", check.timeout,
                "seconds one input may run (default 0: ten times the running median plus one second;\n"
                "five seconds in an AddressSanitizer build)");
  c->add_flag("--white-box", check.white_box,
              "search for failing inputs, pruning on the fields the method reads too (paper 000, Sec. 6.2);\n"
              "inputs are then numbered by finding");
  c->add_option("--stop-after", check.stop_after, "stop after N failures (default 0: check every input)")->check(non_negative);
  c->add_option("--sample", check.sample, "check a uniform random sample of K inputs instead of all")->check(non_negative);
  c->add_option("--seed", check.seed, "the seed of --sample (default 1)")->check(non_negative);
  c->add_option("--input", check.input, "check only input N (numbered as in the counterexamples)")->check(non_negative);
  c->add_option("--show", check.show, "print the N smallest counterexamples in full (default 3)")->check(non_negative);
  c->add_flag("!--no-reproducers", check.reproducers, "do not print a GoogleTest reproducer per counterexample");
  c->add_option("--reproducer-dir", check.reproducer_dir,
                "also write each printed counterexample's GoogleTest reproducer to DIR/<Subject>_<method>_<input>.cpp");
  c->add_option("--format", check.gen.format, "pictures of the pre- and post-states: text or dot");
  c->add_option("--stats", check.gen.stats,
                "print statistics: json (the last line of stdout is one JSON object) or text");
  c->add_flag("-q,--quiet", check.gen.quiet, "no configuration line and no progress on stderr");
  cli::add_search_options(*c, check.gen.search);
  c->footer("Each input runs in a forked worker: a crash or a timeout is reported with its input and the\n"
            "run goes on. Counterexamples are printed smallest first (fewest objects, then input order).\n"
            "Exit code 1 when any input failed.\n"
            "Example: smallscope check SearchTree remove --fin 5,0,5,1,5");

  try {
    // Name an unknown subcommand (CLI11 would only say that one is required).
    if (argc < 2) throw cli::usage_error("a subcommand is required: list, gen or check (see 'smallscope --help')");
    const std::string first = argv[1];
    if (first.empty() || (first[0] != '-' && first != "list" && first != "gen" && first != "check"))
      throw cli::usage_error("unknown subcommand '" + first + "'; known: list, gen, check");
    app.parse(argc, argv);
    if (app.got_subcommand("list")) return cli::run_list();
    if (app.got_subcommand("check")) {
      check.gen.fin_given = c->count("--fin") != 0;
      check.gen.stats_given = c->count("--stats") != 0;
      check.seed_given = c->count("--seed") != 0;
      return cli::run_check_command(check);
    }
    if (g->count("--format") != 0) gen.print = true;
    gen.fin_given = g->count("--fin") != 0;
    gen.stats_given = g->count("--stats") != 0;
    return cli::run_gen(gen);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    fmt::print(stderr, "error: {}\nRun 'smallscope --help', 'smallscope gen --help' or 'smallscope check --help' for usage.\n",
               e.what());
    return 2;
  } catch (const cli::usage_error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 2;
  } catch (const finitization_error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 2;
  } catch (const std::invalid_argument& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    // E.g. an invariant that crashes while check generates inputs: the subject is unusable.
    fmt::print(stderr, "error: {}\n", e.what());
    return 2;
  }
}

}  // namespace smallscope
