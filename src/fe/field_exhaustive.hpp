// Field-exhaustive suites on SAT (paper 004, Sec. 3, Algorithm 1): one incremental solver holds
// the invariant, the bounds and the symmetry-breaking predicate; per field f and pair <a, b> of
// its domain, a defined literal var_f(<a, b>) holds when the root reaches a and a.f = b (for a
// lone field, b may be null: a.f is empty). Each iteration adds exactly one clause, the
// disjunction of the literals of the pairs not covered yet, solves, and adds every pair of the
// new instance to the extensions; nothing is retracted. The loop ends on UNSAT: the pairs still
// uncovered are infeasible, so the covered ones are the exact extensions (tight field bounds),
// and the instances found form a field-exhaustive suite of at most sum |E(f)| structures
// (Theorems 1 and 2). When the clause gets hard, the pairs left are refuted per (field, owner)
// in halving sets (refute). Optionally, before the loop, batched solves under assumptions ask
// for a new pair in every (field, owner) group at once (cover_batch): fewer, fuller structures,
// and the same extensions, since the loop still ends on UNSAT.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <unordered_set>
#include <vector>

#include "fe/extensions.hpp"
#include "sat/problem.hpp"
#include "smallscope/stop.hpp"
#include "spec_front/ast.hpp"
#include "spec_front/instance.hpp"

namespace smallscope::fe {

struct fe_limits {
  double seconds = 0;          // stop (incomplete) after this long; 0: no limit
  std::uint64_t instances = 0;  // stop (incomplete) after this many structures; 0: no limit
};

struct fe_options {
  // Conflicts a solve of the loop's clause may take before the uncovered pairs are refuted per
  // (field, owner) in halving sets (refute); negative: never, Algorithm 1 exactly as printed.
  std::int64_t probe_conflicts = 2000;
  // Conflicts a batched solve may take (cover_batch): before Algorithm 1's loop, each solve
  // asks for a structure with a new pair in every (field, owner) group at once; negative (the
  // default): no batches. Batches give fewer structures, usually more slowly.
  std::int64_t batch_conflicts = -1;
  // Polled while the spec translates to SAT: the constructor throws sat::translation_stopped
  // once it asks (run() takes its own stop request for the loop).
  stop_request translation_stop = {};
};

// One structure of the suite: the whole instance and the atoms its root reaches.
struct suite_instance {
  spec::instance whole;
  std::vector<std::uint32_t> reached;
  std::uint64_t new_pairs = 0;  // pairs it covered first
  std::vector<std::uint32_t> pairs;  // every pair it covers (numbered as candidate pairs)
};

struct fe_stats {
  std::uint64_t instances = 0;
  std::uint64_t solves = 0;
  std::uint64_t candidate_pairs = 0;  // sum over the fields of |dom(f)|: the pairs the clauses may name
  std::uint64_t covered = 0;          // sum |E(f)| once complete
  std::uint64_t refuted = 0;          // pairs proven infeasible apart from the loop (refute, batches)
  std::uint64_t batched = 0;          // structures found by batched solves
  double batch_seconds = 0;           // in batched solves
  double probe_seconds = 0;           // in refute()'s solves
  std::uint64_t cnf_variables = 0;
  std::uint64_t cnf_clauses = 0;
  double translate_seconds = 0;
  double solve_seconds = 0;
  double last_solve_seconds = 0;  // the final (UNSAT) solve when complete
  double check_seconds = 0;
  bool complete = false;  // the final solve was UNSAT: the extensions are exact
  bool interrupted = false;
  bool limited = false;   // a limit of fe_limits stopped it
};

class field_exhaustive {
 public:
  // Loads command `command` of checked module `m` (which must outlive this). Throws
  // spec::spec_error for what the translation does not support.
  field_exhaustive(const spec::module& m, std::uint32_t command, fe_options options = {});
  ~field_exhaustive();

  // Algorithm 1's loop. `progress` (optional) is called after each instance.
  void run(const fe_limits& limits, const stop_request& terminate,
           const std::function<void(const fe_stats&)>& progress = {});

  const std::vector<suite_instance>& suite() const { return suite_; }
  // The members of suite() to keep so that none is redundant (prune_cover), in order.
  std::vector<std::size_t> pruned() const;
  // The covered pairs (the extensions once complete), labelled by atom names.
  extensions covered() const;
  const fe_stats& stats() const { return stats_; }
  const sat::bounds& bound() const { return problem_.bound(); }
  const std::vector<std::string>& inexact() const { return problem_.symmetry().inexact; }
  // Re-checks each instance with the evaluator (on by default); a mismatch throws
  // std::logic_error.
  void set_recheck(bool on) { recheck_ = on; }

 private:
  struct pair {
    std::uint32_t field;
    std::uint32_t owner;
    std::int64_t value;  // an atom, or -1: null
    sat::lit var;
    bool covered = false;
    bool infeasible = false;  // refuted apart from the loop
  };
  // Reads the model into the suite and the covered pairs; false when it covers no new pair.
  bool take_instance(const std::function<void(const fe_stats&)>& progress);
  // One round of batched solves; false when no batch of two or more groups was satisfiable.
  bool cover_batch(const std::function<bool()>& stop, const std::function<void(const fe_stats&)>& progress);
  // The uncovered pairs not refuted, grouped by (field, owner), maybe without the benched groups.
  std::vector<std::vector<std::uint32_t>> groups_of_uncovered(bool skip_benched) const;
  bool refute(std::vector<std::uint32_t> set, const std::function<bool()>& stop,
              const std::function<void(const fe_stats&)>& progress);
  // A fresh selector s and the clause "not s or one of the pairs of `set`".
  sat::lit selector_for(const std::vector<std::uint32_t>& set);
  // The pairs of `set` are proven infeasible: each one's negation becomes a unit clause.
  void mark_infeasible(const std::vector<std::uint32_t>& set);
  // A solve, timed into the stats.
  sat::cnf_solver::result timed_solve(std::span<const sat::lit> assumptions, std::int64_t conflicts);
  static std::uint64_t key_of(const pair& p) { return std::uint64_t{p.field} << 32 | p.owner; }
  sat::problem problem_;
  fe_options options_;
  std::unordered_set<std::uint64_t> benched_;  // (field, owner) groups left out of batches
  std::vector<pair> pairs_;
  std::vector<suite_instance> suite_;
  fe_stats stats_;
  bool recheck_ = true;
};

}  // namespace smallscope::fe
