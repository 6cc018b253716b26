// Progress and findings on stderr. See progress.hpp.
#include "cli/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>

#include "cli/numbers.hpp"
#include "cli/output.hpp"

namespace smallscope::cli {

namespace {
constexpr std::uint64_t findings_shown = 3;
}

std::string share_text(double seconds, const progress_share& share) {
  if (!(share.fraction > 0.001 && share.fraction < 1)) return "";
  const std::string of = share.of.empty() ? "done" : "of " + share.of;
  const auto left = [seconds](double fraction) { return seconds * (1 - fraction) / fraction; };
  const bool range = share.high > 0 && share.high - share.low > 0.02;
  if (!range)
    return fmt::format(", ~{:.0f}% {}, ~{} left", std::min(99.0, 100 * share.fraction), of, duration_text(left(share.fraction)));
  const double low = std::max(share.low, 0.0), high = std::min(share.high, 0.99);
  std::string text = fmt::format(", ~{:.0f}-{:.0f}% {}", 100 * low, 100 * high, of);
  // The time left at the high end of the share, and at its low end.
  const double soonest = left(high), latest = low > 0.001 ? left(low) : 0;
  if (latest > 0 && latest <= 4 * std::max(soonest, 1.0))
    return text + fmt::format(", ~{} to ~{} left", duration_text(soonest), duration_text(latest));
  return text + ", time left not yet known";
}

std::optional<progress_share> search_share(const search_stats& s) {
  if (s.estimated_explored <= 0) return std::nullopt;
  const double explored = static_cast<double>(s.explored);
  progress_share share{explored / s.estimated_explored,
                       fmt::format("~{} explored (Chen's estimate)", short_rate(s.estimated_explored))};
  // Two standard errors either side of the estimate; the whole is at least what was explored.
  const double most = s.estimated_explored + 2 * s.estimated_spread;
  const double least = std::max(explored, s.estimated_explored - 2 * s.estimated_spread);
  share.low = most > 0 ? explored / most : 0;
  share.high = least > 0 ? std::min(1.0, explored / least) : 1;
  return share;
}

progress_line::progress_line(std::string label, bool enabled, double interval)
    : label_(std::move(label)), enabled_(enabled), tty_(isatty(STDERR_FILENO) != 0), interval_(interval),
      next_show_(interval) {}

void progress_line::show(double seconds, std::string_view what, const std::optional<progress_share>& share) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  if (!enabled_ || seconds < next_show_) return;
  next_show_ = seconds + interval_;
  const std::string known = share ? share_text(seconds, *share) : std::string();
  err("{}[{}] {}, {:.1f} s{}{}", tty_ ? "\r\x1b[K" : "", label_, what, seconds, known, tty_ ? "" : "\n");
  flush_err();
}

void progress_line::finish() {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  // Unconditionally in a terminal: a forked worker (explore's) may have shown the line.
  if (enabled_ && tty_) err("\r\x1b[K");
  flush_err();
}

void run_listener::show(const search_stats& s) {
  const double rate = s.seconds > 0 ? static_cast<double>(s.explored) / s.seconds : 0;
  const std::optional<progress_share> share = search_share(s);
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
