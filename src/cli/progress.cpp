// Progress and findings on stderr. See progress.hpp.
#include "cli/progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include "cli/interrupt.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"

#include <algorithm>

namespace smallscope::cli {

namespace {
constexpr std::uint64_t findings_shown = 3;
}

run_listener::run_listener(std::string label, bool show_progress)
    : label_(std::move(label)), show_progress_(show_progress), tty_(isatty(STDERR_FILENO) != 0) {}

void run_listener::on_progress(const search_stats& s) {
  if (interrupted()) throw run_interrupted{};
  show(s);
}

void run_listener::show(const search_stats& s) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  if (!show_progress_ || s.seconds < next_show_) return;
  next_show_ = s.seconds + interval_;
  const double rate = s.seconds > 0 ? static_cast<double>(s.explored) / s.seconds : 0;
  std::string eta;
  if (s.estimated_explored > 0 && rate > 0) {
    const double left = std::max(0.0, s.estimated_explored - static_cast<double>(s.explored));
    eta = fmt::format(", ~{:.0f}% of ~{} (Knuth's estimate), ~{} left",
                      std::min(99.0, 100.0 * static_cast<double>(s.explored) / s.estimated_explored),
                      short_rate(s.estimated_explored), duration_text(left / rate));
  }
  err("{}[{}] {} explored ({} candidates/s), {} valid, {:.1f} s{}{}", tty_ ? "\r\x1b[K" : "", label_, grouped(s.explored),
      short_rate(rate), grouped(s.valid), s.seconds, eta, tty_ ? "" : "\n");
  flush_err();
  line_shown_ = tty_;
}

void run_listener::finish() {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  if (line_shown_) err("\r\x1b[K");
  line_shown_ = false;
}

void run_listener::report(const std::string& what, const structure& candidate) {
  std::lock_guard<std::recursive_mutex> lock(mutex_);
  if (++findings_ > findings_shown) return;
  finish();
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
