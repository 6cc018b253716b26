// The oracle side of a check (paper 000, Sec. 6.1; paper 003, Sec. 5: a postcondition over the
// pre-state `old` and the post-state, whose failing clause is named in the counterexample).
//
// A postcondition is an ordinary function that states its clauses one by one:
//
//   void add_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int key) {
//     v.require(result == !contains(old, key), "result is true iff the key was absent");
//     v.require(keys(now) == with(keys(old), key), "keys are the old keys plus the new key");
//   }
//
// The first clause that does not hold is the verdict's failure; later clauses are still
// evaluated but do not replace it. The postcondition also runs on a post-state that breaks the
// invariant (to name the clause that breaks), so its walks must stop on cycles.
//
// An invariant may name its clauses too (optional): `smallscope::clause(holds, "name")` returns
// `holds` and, when it is false, notes the name, so a check whose post-state breaks the
// invariant reports the clause:
//
//   bool rep_ok() const {
//     return smallscope::clause(acyclic(), "the nodes form a tree") &&
//            smallscope::clause(size == count(), "size is the number of nodes");
//   }
// Stage: check.
#pragma once

#include <string_view>

namespace smallscope {

namespace detail {
// The last clause an invariant named as failing on this thread (see clause()).
inline thread_local std::string_view failed_invariant_clause;
}  // namespace detail

// In an invariant: returns `holds`; when it is false, names `name` (a literal) as the clause
// that failed. Costs one store when the clause fails, nothing otherwise.
inline bool clause(bool holds, std::string_view name) {
  if (!holds) [[unlikely]] detail::failed_invariant_clause = name;
  return holds;
}

class verdict {
 public:
  // States one clause; `clause` names it in reports and must outlive the verdict (a literal).
  void require(bool holds, std::string_view clause) {
    if (!holds && failed_.empty()) failed_ = clause.empty() ? std::string_view("(unnamed clause)") : clause;
  }
  bool passed() const { return failed_.empty(); }
  // The first clause that did not hold; empty when every clause held.
  std::string_view failed_clause() const { return failed_; }

 private:
  std::string_view failed_;
};

}  // namespace smallscope
