// A field-exhaustive suite from the search (paper 004, Definitions 1 and 2, for a C++ invariant).
// See include/smallscope/field_exhaustive.hpp.
#include "smallscope/field_exhaustive.hpp"

#include <chrono>
#include <optional>
#include <stdexcept>

#include "fe/search_extensions.hpp"

namespace smallscope {

field_exhaustive_suite field_exhaustive_from_search(const finitization& fin, const predicate& invariant,
                                                    const field_exhaustive_options& options) {
  validate(options.search);
  if (!(options.seconds >= 0)) throw std::invalid_argument("seconds must be 0 (no limit) or more");
  const auto start = std::chrono::steady_clock::now();
  const auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  field_exhaustive_suite out;
  // The caller's stop request, asked with the search's own (and its listener's should_stop).
  bool asked = false;
  search_options searching = options.search;
  searching.stop = [&asked, &options, theirs = options.search.stop] {
    return asked = asked || stop_requested(options.stop) || stop_requested(theirs);
  };
  structure_range range(fin, invariant, searching);
  range.set_listener(options.listener);
  std::optional<fe::pair_collector> pairs;
  std::vector<std::vector<std::uint32_t>> kept;
  for (const structure& st : range) {
    if (!pairs) pairs.emplace(st.space());
    ++out.valid;
    if (pairs->add(st.values()) > 0) kept.emplace_back(st.values().begin(), st.values().end());
    if (searching.stop() || (options.listener != nullptr && options.listener->should_stop())) {
      out.stopped = asked;
      break;
    }
    if ((options.limit != 0 && kept.size() >= options.limit) || (options.seconds > 0 && seconds() >= options.seconds)) {
      out.limited = true;
      break;
    }
  }
  if (asked) out.stopped = true;  // the search itself stopped on the request
  out.complete = !out.stopped && !out.limited && !range.stats().limit_reached;
  out.explored = range.stats().explored;
  if (!pairs) pairs.emplace(range.space());
  out.covering = kept.size();
  for (const std::size_t k : pairs->prune(kept)) out.structures.push_back(std::move(kept[k]));
  fe::extensions found = pairs->result();
  for (auto& e : found.fields) out.extensions.push_back({std::move(e.field), std::move(e.pairs)});
  out.candidate_pairs = pairs->candidate_pairs();
  return out;
}

}  // namespace smallscope
