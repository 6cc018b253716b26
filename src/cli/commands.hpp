// The subcommands of the command line and what they share.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "smallscope/rewritten/branches.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/options.hpp"
#include "smallscope/report.hpp"

namespace CLI {
class App;
}

namespace smallscope {
struct subject;
struct subject_instance;
struct target_method;
}

namespace smallscope::suite {
struct contents;
}

namespace smallscope::cli {

// Bad input on the command line: printed as "error: <what>", exit code 2 (see output.hpp for
// every exit code).
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct gen_request {
  std::string program = "smallscope";  // as the user invoked it (argv[0]), for printed commands
  std::string subject;
  std::string scope;  // the one-argument finitization, or empty
  std::string fin;    // every parameter, comma-separated
  bool fin_given = false;
  bool print = false;
  std::string format = "text";
  std::string stats;  // "json" or "text" when given
  bool quiet = false;
  search_options search;
  std::string suite_out;     // --suite FILE: save the structures (or the --sample) as a suite file
  std::uint64_t sample = 0;  // a uniform random sample of this many structures
  std::uint64_t seed = 1;
  bool seed_given = false;
  bool generators = false;  // the invariant's form with dedicated generators
  // --invariant FILE: a relational spec whose run predicate (--invariant-run, or the first run
  // command's) is the invariant instead of the subject's C++ one.
  std::string invariant;
  std::string invariant_run;
  bool invariant_interpreted = false;  // --invariant-interpreted
  // Scale (gen): threads (0: every core this process may use), a shard "I/N", the file that
  // receives stdout, a checkpoint file and its period.
  std::uint64_t threads = 0;
  std::string shard;
  std::uint64_t shard_units = 32768;  // units per shard in the plan
  std::string output;
  std::string checkpoint;
  double checkpoint_every = 60;
};

// `smallscope spec FILE`: a spec's instances on SAT.
struct spec_request {
  std::string program = "smallscope";
  std::string file;
  std::string run;  // the run command's predicate; empty: the first run command
  bool print = false;
  std::string format = "text";
  std::string stats;
  bool quiet = false;
  std::uint64_t limit = 0;
  double progress_interval = 1;
};

struct check_request {
  gen_request gen;  // subject, scope or --fin, --format, --stats, -q and the search options
  std::string method;
  double timeout = 0;
  bool timeout_given = false;
  std::uint64_t stop_after = 0;
  std::uint64_t sample = 0;
  std::uint64_t seed = 1;
  bool seed_given = false;
  std::uint64_t input = 0;
  std::size_t show = 3;
  bool reproducers = true;
  std::string reproducer_dir;  // write each shown counterexample's reproducer there
  test_framework reproducer_format = test_framework::googletest;  // the reproducers' test framework
  std::string findings;        // write every failure to this JSON Lines file
  bool white_box = false;
  // --spec FILE: the inputs are the instances of the spec's run command (--run PRED) and the
  // oracle its predicate --post PRED (paper 003).
  std::string spec_file;
  std::string spec_run;
  std::string spec_post;
  std::string spec_scope;  // --scope: the spec's scope instead of the one SCOPE gives
  std::string suite;  // --suite FILE: the inputs are the suite file's structures
  bool cost = false;  // --cost: print the cost report (cost.hpp)
  std::vector<std::string> max_cost;  // --max-cost BOUND...: bounds on every input's cost
  std::string cost_plot;  // --cost-plot FILE.svg: the worst cases by size
};

// `smallscope merge FILE...`: the shards' outputs of one search joined.
struct merge_request {
  std::string program = "smallscope";
  std::vector<std::string> files;
  std::string findings;  // the shards of a check: every failure, numbered as the whole check
  bool quiet = false;
};

// `smallscope explore SUBJECT SCOPE --methods M1,M2`: API-sequence exploration (paper 001).
struct explore_request {
  gen_request gen;  // subject, scope or --fin, --format, --stats, -q, --progress-interval
  std::string methods;  // comma-separated
  std::uint64_t depth = 0;
  std::uint64_t max_states = 10'000'000;
  double time_limit = 0;
  double timeout = 0;  // seconds per call; 0: ten times the running median plus one second
  bool differential = true;
  std::size_t show = 3;
  bool cost = false;                              // --cost
  std::vector<std::string> max_cost;              // --max-cost BOUND...: per call
  std::vector<std::string> max_amortized_cost;    // --max-amortized-cost BOUND...: per sequence
  std::uint64_t sequence_length = 0;              // --sequence-length N (0: the default)
  std::string cost_plot;                          // --cost-plot FILE.svg
};

// `smallscope-branches cover SUBJECT SCOPE --methods M1,M2`: branch coverage and the white-box
// suite (paper 001, Sec. 5.2-5.3).
struct cover_request {
  gen_request gen;      // subject, scope or --fin, --stats, -q
  std::string methods;  // comma-separated
  std::string suite_out;  // --suite FILE: the white-box suite's inputs
  std::size_t show = 10;
};

// `smallscope fe SPEC.als | SUBJECT [SCOPE] [--spec FILE]`: field extensions and a
// field-exhaustive suite (paper 004).
struct fe_request {
  std::string program = "smallscope";
  gen_request gen;  // subject (or the spec file), scope or --fin, --stats, -q and the search options
  std::string spec_file;  // with a subject: Algorithm 1 on this spec, instances bound to the subject
  std::string run;
  std::string sat_scope;  // replaces the run command's scope
  std::string extensions_out;
  std::string suite_out;
  bool print_extensions = false;
  bool print_suite = false;
  bool all_instances = false;  // keep every instance Algorithm 1 found (no pruning)
  std::string format = "text";
  double seconds = 0;          // --time-limit
  std::uint64_t limit = 0;     // structures
  std::int64_t probe_conflicts = 2000;
  bool batches = false;
};

// `smallscope mutate SUBJECT METHOD... --scopes A..B`: mutation analysis of the exhaustive
// suites of a range of scopes (paper 000, Sec. 7-8), in a binary built from mutant schemata.
struct mutate_request {
  std::string program = "smallscope";
  std::string subject;
  std::vector<std::string> methods;  // "method", or "Other.method" for a method of subject Other
  std::string scopes;        // "A..B" or "N"
  // Finitizations per scope: "s,0,s,1,s" (s the scope) for SUBJECT, "Other=PATTERN" for a
  // subject named in a METHOD as Other.method; a subject without one takes its SCOPE.
  std::vector<std::string> fin;
  std::string mutants;       // the mutant list (smallscope-mutants --format jsonl); empty: the built-in one
  std::vector<std::uint64_t> only;  // --mutant ID: run just these mutants
  bool coverage = false;     // code and spec coverage per scope (smallscope-coverage, gcovr)
  std::string coverage_binary;  // --coverage-binary (default: default_coverage_binary())
  bool all_inputs = false;
  std::uint64_t random = 0;  // seeds of R(s), |R(s)| = |T(s-1)|; 0: none
  std::uint64_t workers = 0;
  std::uint64_t memory_mb = 2048;
  std::uint64_t survivors = 10;  // survivors listed
  std::string stats;
  std::string report;  // mutation-testing-report-schema JSON of the largest scope
  std::string plot;    // SVG of the kill rate against the scope
  std::string annotations;  // GitHub workflow commands for the survivors ("-": stdout)
  std::string html;         // --report as a web page with the viewer embedded
  std::string html_viewer;  // mutation-test-elements.js (default: default_viewer())
  bool quiet = false;
  double progress_interval = 1;
  std::string suite;   // --suite FILE: the one scope's structures are the suite file's
  std::string since;        // --since REF: only the mutants on lines changed since git revision REF
  std::string incremental;  // --incremental FILE: reuse and record outcomes (mutation_cache.hpp)
  bool no_hang_memo = false;  // wait for every timeout again (to measure what the memo saves)
};

// Adds the search options of the options table to `app`, writing into `options`.
void add_search_options(CLI::App& app, search_options& options);

// The range of SCOPE that the subject accepts: its scope_min..scope_max narrowed to the scopes
// whose parameters are in range and whose finitization builds. {1, 0} if none.
std::pair<std::int64_t, std::int64_t> scope_range(const subject& s);

// The subject called `name`; a usage_error naming the known subjects otherwise.
const subject& lookup(const std::string& name);
// The method called `name` of the instance; a usage_error naming its methods otherwise.
// `place` names the argument in the message ("METHOD", "--methods").
const target_method& lookup_method(const subject& s, const subject_instance& instance, const std::string& name,
                                   const char* place = "METHOD");
// --format (text or dot: pictures of states) and --stats (json or text) of check and explore,
// checked; the format.
structure_format picture_options(const gen_request& r);
// The finitization parameters from SCOPE or --fin, each checked against its range.
std::vector<std::int64_t> parameters(const subject& s, const gen_request& r);
// "1,2,3"
std::string joined(const std::vector<std::int64_t>& p);
// The options that differ from their defaults, as flags: " --limit 2 --no-pruning".
std::string non_default_options(const search_options& o);
// --eq-class and --one-per-class need a subject with an eq_class(): a usage_error naming the
// subjects that have one otherwise.
void require_eq_class(const subject& s, const subject_instance& instance, const search_options& o);
// --generators: the instance's invariant becomes its form with dedicated generators; a
// usage_error naming the subjects that have one when it has none.
void use_generators(const subject& s, subject_instance& instance, bool generators);

// --invariant FILE: the instance's invariant becomes the spec's run predicate, run by the search
// (spec_invariant); usage_error for --invariant-run without it, or with --generators.
// Returns a note for the user when the spec is judged by the interpreted evaluator (slower).
std::string use_spec_invariant(subject_instance& instance, const gen_request& r);
// The options that say so, echoed into a run's identity (" --invariant FILE ...", or empty).
std::string spec_invariant_options(const gen_request& r);
// What judges a run's structures, as one line for a checkpoint's identity and as the "judge"
// of shard outputs, which merge compares: the spec (its file, run predicate and a hash of its
// text; when compiled into this binary, the binary too, whose generated code sets the order of
// the search) or the C++ invariant of this binary (its build id, else a hash of the executable).
std::string judge_text(const gen_request& r, const predicate& invariant);

// --suite FILE: reads the suite (into `contents`) and returns its finitization parameters,
// which must agree with SCOPE or --fin when given; usage_error otherwise, ending with `fix`. An
// incomplete suite (its run was interrupted) is read with a warning on stderr. `command` (check,
// mutate) names the command to give a suite of another subject to.
std::vector<std::int64_t> suite_parameters(const subject& s, const gen_request& r, const std::string& path,
                                           suite::contents& contents, const char* command,
                                           const char* fix = "drop SCOPE and --fin to use the suite's own");
// The suite's structures as candidate vectors of the subject's finitization, each valid.
std::vector<std::vector<std::uint32_t>> suite_candidates(const suite::contents& contents, const std::string& path,
                                                         const subject_instance& instance);

int run_list(const std::string& program);
int run_gen(const gen_request& request);
int run_check_command(const check_request& request);
int run_spec(const spec_request& request);
int run_mutate(const mutate_request& request);
int run_fe(const fe_request& request);
int run_merge(const merge_request& request);
int run_explore(const explore_request& request);
int run_cover(const cover_request& request);

// Branch coverage per function of the instrumented files `taken` reaches, as text (with up to
// `show` outcomes not taken) and JSON (cover and, in smallscope-branches, explore).
struct coverage_table {
  std::string text;
  unsigned branches = 0, covered = 0;
  std::vector<function_branches> functions;
};
coverage_table branch_coverage_table(const branch_vector& taken, std::size_t show);
// [{"function", "branches", "covered"}, ...]
nlohmann::json functions_json(const coverage_table& t);

}  // namespace smallscope::cli
