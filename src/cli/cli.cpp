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
  app.footer("Run 'smallscope gen --help' for the options of gen (--fin, --print, --format, --stats,\n"
             "--limit, --no-isomorphism-breaking, --no-pruning, --read-budget, -q).\n"
             "Exit codes: 0 done, nothing found; 1 findings; 2 bad input.\n"
             "Examples:\n"
             "  smallscope list\n"
             "  smallscope gen BinaryTree 3 --print\n"
             "  smallscope gen SearchTree --fin 4,0,4,1,4 --stats json");

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

  try {
    // Name an unknown subcommand (CLI11 would only say that one is required).
    if (argc < 2) throw cli::usage_error("a subcommand is required: list or gen (see 'smallscope --help')");
    const std::string first = argv[1];
    if (first.empty() || (first[0] != '-' && first != "list" && first != "gen"))
      throw cli::usage_error("unknown subcommand '" + first + "'; known: list, gen");
    app.parse(argc, argv);
    if (app.got_subcommand("list")) return cli::run_list();
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
    fmt::print(stderr, "error: {}\nRun 'smallscope --help' or 'smallscope gen --help' for usage.\n", e.what());
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
  }
}

}  // namespace smallscope
