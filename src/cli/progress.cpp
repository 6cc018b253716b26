// Progress and findings on stderr. See progress.hpp.
#include "cli/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>

#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"

namespace smallscope::cli {

namespace {
constexpr std::uint64_t findings_shown = 3;
}

progress_line::progress_line(std::string label, bool enabled, double interval)
    : label_(std::move(label)), enabled_(enabled), tty_(isatty(STDERR_FILENO) != 0), interval_(interval),
      next_show_(interval) {}

void progress_line::show(double seconds, std::string_view what, const std::optional<progress_share>& share) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  if (!enabled_ || seconds < next_show_) return;
  next_show_ = seconds + interval_;
  std::string known;
  if (share && share->fraction > 0.001 && share->fraction < 1) {
    const double left = seconds * (1 - share->fraction) / share->fraction;
    known = fmt::format(", ~{:.0f}% {}, ~{} left", std::min(99.0, 100 * share->fraction),
                        share->of.empty() ? "done" : "of " + share->of, duration_text(left));
  }
  err("{}[{}] {}, {:.1f} s{}{}", tty_ ? "\r\x1b[K" : "", label_, what, seconds, known, tty_ ? "" : "\n");
  flush_err();
}

void progress_line::finish() {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  // Unconditionally in a terminal: a forked worker (explore's) may have shown the line.
  if (enabled_ && tty_) err("\r\x1b[K");
  flush_err();
}

void run_listener::on_progress(const search_stats& s) {
  if (interrupted()) throw run_interrupted{};
  show(s);
}

void run_listener::show(const search_stats& s) {
  const double rate = s.seconds > 0 ? static_cast<double>(s.explored) / s.seconds : 0;
  std::optional<progress_share> share;
  if (s.estimated_explored > 0)
    share = progress_share{static_cast<double>(s.explored) / s.estimated_explored,
                           fmt::format("~{} explored (Chen's estimate)", short_rate(s.estimated_explored))};
  line_.show(s.seconds, fmt::format("{} explored ({} candidates/s), {} valid", grouped(s.explored), short_rate(rate),
                                    grouped(s.valid)),
             share);
}

void run_listener::report(const std::string& what, const structure& candidate) {
  std::lock_guard<std::mutex> lock(findings_mutex_);
  if (++findings_ > findings_shown) return;
  line_.finish();
  std::string shown;
  printer_.append(shown, candidate, structure_format::text);
  err("finding: {} on the candidate\n  {}", what, shown.substr(shown.find(':') + 2));
  if (findings_ == findings_shown) err("(further findings are counted, not shown)\n");
}

void run_listener::on_budget_exceeded(const structure& candidate) {
  report("the invariant read more fields than --read-budget allows (does it loop?)", candidate);
}

void run_listener::on_predicate_exception(const structure& candidate, std::string_view what) {
  report(fmt::format("the invariant threw ({})", what), candidate);
}

}  // namespace smallscope::cli
