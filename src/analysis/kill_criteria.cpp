// Kill criteria (paper 000, Sec. 7.2). See kill_criteria.hpp.
#include "analysis/kill_criteria.hpp"

namespace smallscope::detail {

namespace {

bool out_of_memory(const run_output& r) {
  return r.kind == outcome_kind::exception && r.detail.find("bad_alloc") != std::string::npos;
}

std::string shown(const std::string& result) { return result.empty() ? "(none)" : result; }

}  // namespace

kill_verdict judge_mutant(const run_output& o, const run_output& m) {
  if (m.kind == outcome_kind::invariant && o.kind != outcome_kind::invariant)
    return {mutant_status::invariant, m.detail.empty() ? "the post-state breaks the invariant" : m.detail};
  if (out_of_memory(m) && !out_of_memory(o)) return {mutant_status::memory, "ran out of memory: " + m.detail};
  if (m.kind == outcome_kind::exception && (o.kind != outcome_kind::exception || o.detail != m.detail))
    return {mutant_status::exception, "threw '" + m.detail + "'" +
                                          (o.kind == outcome_kind::exception ? ", original threw '" + o.detail + "'"
                                                                             : "")};
  if (m.kind == outcome_kind::postcondition && o.kind != outcome_kind::postcondition)
    return {mutant_status::postcondition, "postcondition: " + m.detail};
  if (m.kind == outcome_kind::leak && o.kind != outcome_kind::leak) return {mutant_status::leak, m.detail};
  if (m.result != o.result)
    return {mutant_status::output, "result " + shown(m.result) + ", original " + shown(o.result)};
  if (m.fingerprint != o.fingerprint) return {mutant_status::output, "the post-state differs from the original's"};
  if (m.kind != o.kind)  // the original failed here and the mutant does not
    return {mutant_status::output, std::string("it ") + outcome_name(m.kind) + " where the original's run ended in " +
                                       outcome_name(o.kind)};
  return {};
}

}  // namespace smallscope::detail
