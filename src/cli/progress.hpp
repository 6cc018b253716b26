// The listener of a command-line run: a progress line on stderr for runs longer than a second,
// and reports of invariant calls that did not terminate within the read budget or threw; it
// stops the search at progress time after SIGINT or SIGTERM.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include "smallscope/report.hpp"
#include "smallscope/search.hpp"

namespace smallscope::cli {

// Thrown by run_listener::on_progress after SIGINT or SIGTERM, to stop the search.
struct run_interrupted {};

class run_listener : public search_listener {
 public:
  run_listener(std::string label, bool show_progress);
  void on_progress(const search_stats& stats) override;
  // The progress line for `stats`, every `interval` seconds, without looking at interrupts
  // (gen's coordinator does).
  void show(const search_stats& stats);
  void set_interval(double seconds) { interval_ = next_show_ = seconds; }
  void on_budget_exceeded(const structure& candidate) override;
  void on_predicate_exception(const structure& candidate, std::string_view what) override;
  // Clears the progress line, if one is shown.
  void finish();
  std::uint64_t findings() const { return findings_; }

 private:
  void report(const std::string& what, const structure& candidate);
  std::string label_;
  bool show_progress_;
  bool tty_;
  bool line_shown_ = false;
  std::recursive_mutex mutex_;  // gen's workers report findings while its coordinator shows progress
  double interval_ = 1.0;
  double next_show_ = 1.0;  // run seconds of the next progress line
  std::uint64_t findings_ = 0;
  structure_printer printer_;
};

}  // namespace smallscope::cli
