// A spec's instances from the library (paper 003, Sec. 5, phase 1): the run command translated
// to SAT (with progress from a thread of its own meanwhile), then enumerated one instance per
// isomorphism class, each pictured as its reached part. See smallscope/spec.hpp.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "concretize/instance_format.hpp"
#include "sat/enumerator.hpp"
#include "sat/stopped.hpp"
#include "smallscope/spec.hpp"
#include "spec_front/instance_printer.hpp"
#include "spec_front/load.hpp"

namespace smallscope {

namespace {

// The command translated; `progress` told every progress_interval meanwhile from a ticker thread.
std::unique_ptr<sat::enumerator> translate(const spec::module& m, std::uint32_t command,
                                           const spec_instances_options& o,
                                           std::chrono::steady_clock::time_point start) {
  std::atomic<bool> done{false};
  std::thread ticker;
  if (o.progress) {
    ticker = std::thread([&] {
      auto next = start + std::chrono::duration<double>(o.progress_interval);
      while (!done.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        if (done.load() || std::chrono::steady_clock::now() < next) continue;
        next = std::chrono::steady_clock::now() + std::chrono::duration<double>(o.progress_interval);
        o.progress({sat::seconds_since(start), 0, true});
      }
    });
  }
  const auto stop_ticker = [&] {
    done.store(true);
    if (ticker.joinable()) ticker.join();
  };
  try {
    auto made = std::make_unique<sat::enumerator>(m, command, o.stop);
    stop_ticker();
    return made;
  } catch (...) {
    stop_ticker();
    throw;
  }
}

}  // namespace

spec_instances_report spec_instances(const spec_instances_options& o) {
  if (!(o.progress_interval > 0)) throw std::invalid_argument("progress_interval must be more than 0 seconds");
  const auto start = std::chrono::steady_clock::now();
  const spec::module m = spec::load_file(o.spec_file);
  const std::uint32_t command = spec::find_run_command(m, o.run);
  spec_instances_report report;
  report.command = m.commands[command].name;
  report.scope = spec::scope_text(m.commands[command]);
  if (o.on_command) o.on_command(report.command, report.scope);
  std::unique_ptr<sat::enumerator> made;
  // Asked to stop already, or while translating (a small command translates without polling).
  if (!stop_requested(o.stop)) {
    try {
      made = translate(m, command, o, start);
    } catch (const sat::translation_stopped&) {
    }
  }
  if (made == nullptr) {
    report.stopped = report.stopped_translating = true;
    report.seconds = sat::seconds_since(start);
    return report;
  }
  sat::enumerator& e = *made;
  report.inexact = e.inexact();
  if (o.on_warning)
    for (const auto& warning : report.inexact) o.on_warning(warning);
  const spec::instance_format format = concretize::instance_format_of(o.format);
  spec::instance whole;
  std::vector<std::uint32_t> reached;
  std::vector<std::uint32_t> shown;
  std::string picture;
  auto next_progress = start + std::chrono::duration<double>(o.progress_interval);
  while (true) {
    if (stop_requested(o.stop)) {
      report.stopped = true;
      break;
    }
    if (o.limit != 0 && e.stats().instances >= o.limit) {
      report.limited = true;
      break;
    }
    if (!e.next(whole, reached)) {
      report.stopped = e.interrupted();
      break;
    }
    if (o.on_instance) {
      // The reached part; without a root, the atoms of the sigs of one atom that are reached.
      shown = reached;
      if (e.bound().root_sig < 0) {
        shown.clear();
        for (std::uint32_t a = 0; a < e.atoms().size(); ++a)
          if (!e.atoms().is_int(a) && std::find(reached.begin(), reached.end(), a) != reached.end()) shown.push_back(a);
      }
      std::erase_if(shown, [&](std::uint32_t a) { return e.atoms().is_int(a); });
      picture.clear();
      spec::print_instance(picture, m, whole, shown, e.stats().instances, format);
      o.on_instance(e.stats().instances, picture);
    }
    if (o.progress && std::chrono::steady_clock::now() >= next_progress) {
      next_progress = std::chrono::steady_clock::now() + std::chrono::duration<double>(o.progress_interval);
      o.progress({sat::seconds_since(start), e.stats().instances, false});
    }
  }
  const auto& st = e.stats();
  report.instances = st.instances;
  report.primary_variables = st.primary_variables;
  report.gates = st.gates;
  report.cnf_variables = st.cnf_variables;
  report.cnf_clauses = st.cnf_clauses;
  report.translate_seconds = st.translate_seconds;
  report.solve_seconds = st.solve_seconds;
  report.check_seconds = st.check_seconds;
  report.seconds = sat::seconds_since(start);
  return report;
}

}  // namespace smallscope
