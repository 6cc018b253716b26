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
// The search can be confined to a work unit (work_unit.hpp): a stack prefix whose positions
// below a floor stay as they are. Between candidates it looks at one flag; when a service
// (parallel_search.hpp) raised it, the service runs on the search's thread and may split off
// the unexplored later values of the lowest open stack position as a new unit (work stealing),
// or note the search's position (a checkpoint).
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
#include "search/work_unit.hpp"
#include "space/state_space.hpp"

namespace smallscope::detail {

class korat_search;

// Runs on a search's own thread, between two candidates, when the flag given with it is up.
class search_service {
 public:
  virtual ~search_service() = default;
  virtual void serve(korat_search& search) = 0;
};

class korat_search final : private generator_sink {
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
  // Confines the search to `unit` (from its first candidate, or after it with advance_first):
  // next() then yields the unit's valid structures and returns false at its end. Statistics
  // go on adding up across units.
  void start(const work_unit& unit);
  // From a service: hands the unexplored later values of the lowest stack position that has
  // any to `out`, and keeps this search below them. False when nothing is left to hand over.
  bool split(work_unit& out);
  // From a service: the rest of the current unit, as a unit (the next candidate first).
  work_unit position() const;
  // From a service: ends the current unit now (next() returns false).
  void abandon() { done_ = true; }
  // Between candidates, when *flag is up, next() calls service->serve(*this).
  void set_service(const std::atomic<bool>* flag, search_service* service) {
    service_flag_ = flag;
    service_ = service;
  }
  // Keeps the watchdog thread running across units (stopped by the destructor).
  void keep_watchdog() { keep_watchdog_ = true; }
  // Plans a split of the whole search into units: the first candidate of every unit whose
  // prefix is `depth` positions deep (or fewer, where the stack ends before) is evaluated, in
  // search order, and the units with index % count == index_in_count go to `owned` (when not
  // null). Returns the number of units. A fresh search only; it is spent afterwards.
  std::uint64_t plan(std::uint32_t depth, std::uint64_t index_in_count, std::uint64_t count,
                     std::vector<work_unit>* owned);
  // Knuth's estimator (Knuth 1975, "Estimating the efficiency of backtrack programs") on the
  // search tree below `item`: one random path down, each step to a child chosen uniformly
  // (a later value of a position the evaluation pushed, at or above the item's floor); the
  // product of the branching factors along it estimates the candidates there, without bias.
  // With advance_first, `item` stands for the later values of its top position. Uses this
  // search's arena (a search kept for probing); `random` is a 64-bit generator state.
  double probe(const work_unit& item, std::uint64_t& random);
  // Chen's stratified sampling (Chen 1992, "Heuristic sampling") of the same tree below
  // `items` (disjoint: nodes, or with advance_first the later values of a top): level by level,
  // every child of the level's nodes is evaluated and typed by the stack positions its
  // evaluation left above the one its step changed (how far the invariant read: nodes that read
  // further have bigger subtrees), and each type is kept as one random member weighted by the
  // type's count. The sum of the weights estimates the candidates below the items without
  // bias, with far less spread than Knuth's single path on Korat's lopsided trees; one
  // evaluation per child of a kept node.
  double stratified_probe(std::span<const work_unit> items, std::uint64_t& random);
  std::uint32_t slot_count() const { return space_->slot_count(); }
  // Dedicated generators: the tree slots declared so far (units carry them).
  std::vector<std::uint32_t> tree_slots() const;
  const state_space& space() const { return *space_; }
  search_stats stats() const;
  // The equivalence classes covered so far, sorted (with an eq_class function).
  const std::vector<std::uint64_t>& classes() const { return classes_; }
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
  // run_predicate and, for a valid candidate, the valid-candidate rule; out of line, for probes.
  bool evaluate();
  // The stack's first `size` positions with their values (and ranges, tree slots) as a unit.
  work_unit prefix_unit(std::uint32_t size) const;
  // The node whose stack is this one's up to `position`, there holding `value`.
  work_unit child_unit(std::uint32_t position, std::uint32_t value) const;
  void report_failed_call(std::exception_ptr failure);
  [[noreturn]] void fail_unbound_read();
  [[noreturn]] void fail_indexed_read();
  void keep_deciding_reads(bool result);
  void reset_budget();
  void undo_writes();
  bool backtrack();
  std::uint32_t next_value(std::uint32_t position, std::uint32_t s);
  std::uint32_t next_generated(std::uint32_t position, std::uint32_t s);
  std::uint32_t later_values(std::uint32_t position, std::uint32_t pick, std::uint32_t& picked);
  void reset_range(std::uint32_t s) {
    range_lo_[s] = 0;
    range_hi_[s] = hot_slots_[s].last;
  }
  // generator_sink
  void tree_fields(const void* type, const std::uint32_t* offsets, std::size_t n) override;
  const void* object_of(const void* type) override;
  void restrict_to_raw(std::uint32_t slot, std::uint64_t raw) override;
  void restrict_to_range(std::uint32_t slot, std::int64_t lo, std::int64_t hi) override;
  void restrict_to_non_null(std::uint32_t slot) override;
  void failed() override { generator_failed_ = true; }
  // symbolic_ints() (korat_search_symbolic.cpp): the sorted distinct units (value / 2) of the
  // slots of `s`'s binding below stack position `position`, in symbolic_below_; their count.
  std::uint32_t symbolic_below(std::uint32_t position, std::uint32_t s);
  std::uint32_t next_symbolic(std::uint32_t position, std::uint32_t s);
  void narrow(std::uint32_t slot, std::uint32_t lo, std::uint32_t hi);
  void mark_tree_slots(const std::vector<std::uint32_t>& slots);
  void pop_to(std::uint32_t size);
  void serve();
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
  bool ask_stop();  // options' stop or the listener's should_stop, their reads unobserved

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

  // Work units: positions below floor_ are not advanced; the service's flag and the service.
  std::uint32_t floor_ = 0;
  const std::atomic<bool>* service_flag_ = nullptr;
  search_service* service_ = nullptr;
  bool keep_watchdog_ = false;

  // Dedicated generators: the trees declared (class, field offsets), per slot the range of
  // values a generator narrowed it to, and whether a generator call failed in this call.
  std::vector<std::pair<const void*, std::vector<std::uint32_t>>> trees_;
  std::vector<std::uint32_t> range_lo_, range_hi_;
  // Per slot, for iterator slots of contents: the length slot of the member they point into
  // (state_space::content_slots); empty when no member holds contents.
  std::vector<std::uint32_t> bound_by_;
  bool derives_ = false;  // some member is derived (finitization::derive): set before each call
  // Per slot, its integer domain's arithmetic form (first, step; step 0 when it has none).
  struct arithmetic_form {
    std::int64_t first;
    std::int64_t step;
  };
  std::vector<arithmetic_form> arithmetic_;
  bool narrowed_ = false;  // some slot was ever narrowed: units carry the ranges
  bool generator_failed_ = false;
  std::vector<std::uint32_t> symbolic_below_;  // scratch of symbolic_below, one per slot

  search_stats stats_;
  bool pending_valid_ = false;  // the last yielded structure still needs its walk
  bool done_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point end_;
  std::chrono::steady_clock::time_point last_progress_;
};

}  // namespace smallscope::detail
