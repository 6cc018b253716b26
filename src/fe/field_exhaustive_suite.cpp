// A field-exhaustive suite from the search (paper 004, Definitions 1 and 2, for a C++ invariant).
// See include/smallscope/field_exhaustive.hpp.
#include "smallscope/field_exhaustive.hpp"

#include <chrono>
#include <stdexcept>
#include <optional>

#include "fe/search_extensions.hpp"

namespace smallscope {
namespace {

// The caller's listener, and its stop request asked with the search's.
class stopping_listener : public search_listener {
 public:
  stopping_listener(search_listener* told, const stop_request& stop) : told_(told), stop_(stop) {}
  void on_progress(const search_stats& s) override {
    if (told_ != nullptr) told_->on_progress(s);
  }
  void on_budget_exceeded(const structure& c) override {
    if (told_ != nullptr) told_->on_budget_exceeded(c);
  }
  void on_predicate_exception(const structure& c, std::string_view what) override {
    if (told_ != nullptr) told_->on_predicate_exception(c, what);
  }
  bool should_stop() override {
    asked_ = asked_ || stop_requested(stop_);
    return asked_ || (told_ != nullptr && told_->should_stop());
  }
  bool asked() const { return asked_; }

 private:
  search_listener* told_;
  const stop_request& stop_;
  bool asked_ = false;
};

}  // namespace

field_exhaustive_suite field_exhaustive_from_search(const finitization& fin, const predicate& invariant,
                                                    const field_exhaustive_options& options) {
  validate(options.search);
  if (!(options.seconds >= 0)) throw std::invalid_argument("seconds must be 0 (no limit) or more");
  const auto start = std::chrono::steady_clock::now();
  const auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  field_exhaustive_suite out;
  structure_range range(fin, invariant, options.search);
  stopping_listener listener(options.listener, options.stop);
  range.set_listener(&listener);
  std::optional<fe::pair_collector> pairs;
  std::vector<std::vector<std::uint32_t>> kept;
  for (const structure& st : range) {
    if (!pairs) pairs.emplace(st.space());
    ++out.valid;
    if (pairs->add(st.values()) > 0) kept.emplace_back(st.values().begin(), st.values().end());
    if (listener.should_stop()) {
      out.stopped = listener.asked();
      break;
    }
    if ((options.limit != 0 && kept.size() >= options.limit) || (options.seconds > 0 && seconds() >= options.seconds)) {
      out.limited = true;
      break;
    }
  }
  if (listener.asked()) out.stopped = true;  // the search itself stopped on the request
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
