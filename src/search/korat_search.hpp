// Korat's search (paper 000, Fig. 7, with Korat 1.0's StateSpaceExplorer semantics):
// run the invariant on a candidate, keep the field-access stack in first-read order, backtrack
// on the last read field, and skip isomorphic candidates by the maximum class-domain index held
// by the fields deeper on the stack. That maximum is kept incrementally: row p of `max_below_`
// holds, per class domain, the highest object index among stack positions below p; rows are
// filled lazily and invalidated only above a position whose value changed.
//
// After a valid candidate, the reachable slots not yet read are pushed (the valid-candidate
// rule). The walk that finds them is replayed, not repeated, while the slots that steered it
// keep their values: only the stack positions backtracking reached since are looked at.
//
// With an equivalence-class function (paper 002, Sec. 3, Korat+), each valid candidate is
// classified, the slots eq_class() read are noted, and the fields above the last of them on the
// stack are popped before backtracking: the candidates skipped agree with the valid one on
// every field eq_class() read, so their classes are covered.
//
// The loop allocates nothing, throws nothing on the normal path and calls the invariant
// through one function pointer per candidate.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <cstdint>
#include <exception>
#include <memory>
#include <span>
#include <vector>

#include "smallscope/search.hpp"
#include "space/state_space.hpp"

namespace smallscope::detail {

class korat_search {
 public:
  korat_search(std::unique_ptr<state_space> space, predicate pred, const search_options& options,
               eq_class_fn eq_class = {});
  ~korat_search();

  // Advances to the next valid structure. False when the search has ended.
  bool next();

  const std::uint32_t* candidate() const { return values_.data(); }
  // The field-access stack of the current candidate, first read first.
  std::span<const std::uint32_t> field_stack() const { return {stack_.data(), observer_.stack_size_}; }
  // Resumes a search at a valid structure another search yielded (its candidate, its field
  // stack and its statistics then): the next call of next() goes on after it.
  void resume_after(std::span<const std::uint32_t> candidate, std::span<const std::uint32_t> field_stack,
                    std::uint64_t explored, std::uint64_t valid);
  std::uint32_t slot_count() const { return space_->slot_count(); }
  const state_space& space() const { return *space_; }
  search_stats stats() const;
  // Structures yielded so far (the valid ones, or with one_per_class the first of each class).
  std::uint64_t valid_count() const { return yielded_; }
  void set_listener(search_listener* l) { listener_ = l; }
  // Runs f() with this search's observer installed, as the invariant runs inside next(): for
  // the overhead benchmark, which replays candidates on the tracked invariant in this search's
  // arena. Once the slots the invariant reads are on the stack, every read takes the
  // observer's fast path.
  template <class F>
  void with_observer(F&& f) {
    struct installed {
      access_observer* caller = current_observer;
      ~installed() { current_observer = caller; }
    } guard;
    current_observer = &observer_;
    f();
  }

 private:
  bool run_predicate();
  void report_failed_call(std::exception_ptr failure);
  void reset_budget();
  void undo_writes();
  bool backtrack();
  void push_reachable();
  bool replay_walk();
  static void sort_visits(std::uint32_t* visits, std::uint32_t n);
  void walk();
  void note_walk_end(std::uint32_t from);
  bool classify();
  void prune_covered();
  std::int32_t max_below(std::uint32_t position, std::int32_t class_domain);
  void fill_rows(std::uint32_t position);
  void set_top(std::uint32_t position, std::uint32_t s, std::uint32_t value);
  void report_progress();
  void watch();
  void stop_watchdog();

  std::unique_ptr<state_space> space_;
  // space_'s hot slots, isomorphism_checked only where the search breaks isomorphism; the
  // arena and the slot count, at hand for the loop
  std::vector<hot_slot> hot_slots_;
  std::byte* arena_ = nullptr;
  std::uint32_t slot_count_ = 0;
  predicate pred_;
  const void* root_ = nullptr;
  bool (*call_)(void*, const void*) = nullptr;
  void* context_ = nullptr;
  search_options options_;
  search_listener* listener_ = nullptr;
  eq_class_fn eq_;
  std::vector<std::uint32_t> eq_slots_;  // the slots the last eq_class() call read, first read first
  std::uint32_t eq_size_ = 0;
  std::vector<stack_mark> eq_marks_;     // per arena byte, like on_stack_at_: on where eq_class() read
  bool classified_ = false;              // the last eq_class() call returned
  std::vector<std::uint64_t> classes_;   // the classes covered, sorted
  std::uint64_t yielded_ = 0;

  access_observer observer_;
  std::vector<std::uint32_t> values_;   // the candidate vector
  std::vector<std::uint32_t> stack_;    // the field-access stack (the observer fills it)
  std::vector<stack_mark> on_stack_at_;  // per byte of the arena's span: see access_observer
  std::vector<stack_mark> all_off_;      // as many, all off: every read takes the counted branch
  std::vector<std::uint32_t> written_;  // slots the invariant wrote
  std::vector<std::uint8_t> is_written_;
  std::vector<std::int32_t> max_below_;  // (slot_count + 1) rows of class_domain_count
  std::uint32_t rows_valid_ = 0;         // rows 0..rows_valid_ are up to date
  std::uint32_t class_domains_ = 0;
  struct walk_frame {
    std::uint32_t next;  // the next slot to walk
    std::uint32_t end;
  };
  std::vector<walk_frame> frames_;       // push_reachable's depth-first stack
  std::vector<std::uint32_t> visited_;   // per object: walk epoch
  // The last walk, for replay_walk: the slots it visited in order, with the values they held
  // then and whether they steered it (pointers to objects with fields, array lengths); per
  // slot, its visit (or no_visit); per stack position when the walk (or its last replay) ended,
  // the visit that stood there. Since then, the stack has stayed as it was below low_water_.
  static constexpr std::uint32_t no_visit = 0xffffffffu;
  struct walk_visit {
    std::uint32_t slot;
    std::uint32_t offset;
    std::uint32_t value;
    bool steers;
  };
  // Whether a visit would steer the walk as it did then: it does not steer, or its slot still
  // holds the value it held.
  static bool steers_alike(const walk_visit& v, const std::uint32_t* values) {
    return !v.steers || values[v.slot] == v.value;
  }
  std::vector<walk_visit> visits_;
  std::uint32_t visits_size_ = 0;
  std::vector<std::uint32_t> visit_index_;
  std::vector<std::uint32_t> visit_at_;
  std::uint32_t walk_end_size_ = 0;
  std::uint32_t low_water_ = 0;
  std::vector<std::uint32_t> missing_;  // replay_walk's visits to push
  bool walked_ = false;
  std::vector<std::uint32_t> marks_;     // lent to the invariant's small_sets
  static constexpr std::size_t max_marked_arena = std::size_t{16} << 20;
  std::uint32_t epoch_ = 0;

  // The watchdog thread: a call running across a whole tick has its reads counted.
  static constexpr std::chrono::milliseconds watchdog_tick{10};
  std::atomic<std::uint64_t> calls_started_{0};  // the ordinal of the last call started
  std::thread watchdog_;
  std::mutex watchdog_mutex_;
  std::condition_variable watchdog_wake_;
  bool stop_watchdog_ = false;

  search_stats stats_;
  bool pending_valid_ = false;  // the last yielded structure still needs its walk
  bool done_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point end_;
  std::chrono::steady_clock::time_point last_progress_;
};

}  // namespace smallscope::detail
