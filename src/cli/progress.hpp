// Progress on stderr, one policy for every long command: a line "[label] what, S s" (and the
// share done and time left where the work is known) every --progress-interval seconds from the
// first interval on. In a terminal the line is rewritten in place and cleared at the end; in a
// log file or a pipe each update is a line of its own, with no control characters. Also the
// listener of a search run (gen, fe): reports of invariant calls that did not terminate within
// the read budget or threw, and the stop at progress time after SIGINT or SIGTERM.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "smallscope/report.hpp"
#include "smallscope/search.hpp"

namespace smallscope::cli {

// How much of a run's work is done, where it is known or estimated.
struct progress_share {
  double fraction = 0;  // in [0, 1]
  std::string of;       // what the whole is, e.g. "~5.8M explored (Chen's estimate)"; may be empty
  // An estimate's range of the fraction (low <= fraction <= high); both 0 when it is exact.
  double low = 0, high = 0;
};

// ", ~P% <of>, ~T left" after `seconds` of a run. An estimate whose range is wide shows the range
// of the share and of the time left ("~20-45% ..., ~1 min to ~4 min left"), and no time left at
// all while the range of it spans more than four times ("time left not yet known"): a single
// time left from an unsettled estimate swings tenfold between lines.
std::string share_text(double seconds, const progress_share& share);

// The share of a search done, from its explored count and Chen's estimate (mean and standard
// error): the fraction, and its range at two standard errors.
std::optional<progress_share> search_share(const search_stats& s);

class progress_line {
 public:
  progress_line(std::string label, bool enabled, double interval = 1.0);
  void set_interval(double seconds) { interval_ = next_show_ = seconds; }
  // Shows "[label] what, S s" and share_text when `seconds` reached the next update.
  void show(double seconds, std::string_view what, const std::optional<progress_share>& share = std::nullopt);
  // Clears the line in a terminal (before other output, and at the end), also one that a forked
  // copy of this object showed.
  void finish();
  bool enabled() const { return enabled_; }

 private:
  std::string label_;
  bool enabled_;
  bool tty_;
  std::recursive_mutex mutex_;  // gen's workers report findings while its coordinator shows progress
  double interval_;
  double next_show_;
};

class run_listener : public search_listener {
 public:
  run_listener(std::string label, bool show_progress) : line_(std::move(label), show_progress) {}
  // The progress line for `stats` (stopping is the run's `stop` callback, not the listener's).
  void on_progress(const search_stats& stats) override { show(stats); }
  void show(const search_stats& stats);
  void set_interval(double seconds) { line_.set_interval(seconds); }
  void on_budget_exceeded(const structure& candidate) override;
  void on_predicate_exception(const structure& candidate, std::string_view what) override;
  void finish() { line_.finish(); }
  std::uint64_t findings() const { return findings_; }

 private:
  void report(const std::string& what, const structure& candidate);
  progress_line line_;
  std::mutex findings_mutex_;
  std::uint64_t findings_ = 0;
  structure_printer printer_;
};

}  // namespace smallscope::cli
