// What a check's worker and its supervisor share (paper 000, Sec. 7.2: a method that crashes or
// does not terminate is a finding; the run goes on after it).
//
// `worker_state` lives in a shared anonymous mapping. Before the inputs of each valid structure
// the worker commits a checkpoint of the search there (candidate, field stack, counts), before
// each input its number and start time, and after each input a ledger that counts it; so when
// the worker dies or hangs, the supervisor knows the input, and a new worker resumes the search
// with the first input the ledger does not count. Failures the worker observes itself travel
// through a pipe as framed records (isolate/wire.hpp, the encoding every engine's worker sends),
// sent before the ledger counts them (the supervisor drops a record sent twice).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <span>
#include <new>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "isolate/child.hpp"
#include "isolate/shared_memory.hpp"
#include "isolate/time_limit.hpp"
#include "report/finitization_warnings.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/cost.hpp"

namespace smallscope::detail {

// What a worker has accounted for, and where its search stands. Every input numbered before
// `next` has been judged and counted; the search's checkpoint is the structure numbered
// `structure`, whose candidate and field stack are in buffer `buffer`. The worker changes a
// copy and then puts it in force with one atomic store (worker_state::commit), so that a worker
// killed at any instant leaves a ledger that is exact: its successor runs exactly the inputs
// not accounted for, and none twice.
struct ledger {
  std::uint64_t unit = 0;       // several workers: the work unit held (its index + 1; 0: none)
  std::uint64_t structure = 0;  // the checkpoint's structure, 1-based (within the unit); 0: none
  std::uint64_t next = 1;       // the first input not accounted for (within the unit)
  std::uint64_t checked = 0;    // inputs judged by this slot's workers
  std::uint64_t passed = 0;
  std::uint64_t failed = 0;     // including crashes and timeouts
  std::int64_t method_ns = 0;
  std::uint64_t explored = 0;   // search counts at the checkpoint (within the unit)
  std::uint64_t valid = 0;      // one worker: the search's; several: structures this slot checked
  std::uint64_t tuple = 0;      // white-box: the argument tuple searched
  std::uint64_t searched = 0;   // white-box: explored by the finished searches
  // White-box: the counts when the search of `tuple` began. A worker killed from outside is
  // followed by one that searches that tuple again from these counts (its failures come again
  // with the same numbers, which the supervisor drops).
  std::uint64_t tuple_checked = 0, tuple_passed = 0, tuple_failed = 0, tuple_searched = 0;
  std::int64_t tuple_method_ns = 0;
  // White-box: the counts now are the ones the search of `tuple` begins with.
  void begin_tuple() {
    tuple_checked = checked;
    tuple_passed = passed;
    tuple_failed = failed;
    tuple_searched = searched;
    tuple_method_ns = method_ns;
  }
  // White-box: back to the counts the search of `tuple` began with, to search it again.
  void restart_tuple() {
    structure = 0;
    checked = tuple_checked;
    passed = tuple_passed;
    failed = tuple_failed;
    searched = tuple_searched;
    method_ns = tuple_method_ns;
  }
  std::uint32_t stack_size = 0;
  std::uint32_t buffer = 0;     // which of the two candidate buffers holds the checkpoint
  bool fields_read = false;     // search_stats::fields_read of every worker so far
  reservoir_sampler sampler;    // the sample of valid structures (plain data)
  // The parts of the cost book (cost_books) this ledger changed from the other one's.
  std::uint32_t touched_row = no_slot;
  std::array<std::uint8_t, cost_measure_count> touched_bucket{0xff, 0xff, 0xff, 0xff};
  std::uint8_t touched_worst = 0;  // bit m: the worst input of measure m
};

// The cost of the inputs a worker measured (check_options::cost), beside each ledger: per size,
// the inputs and per measure the largest cost, the first input with it (unit, input) and the
// sum; then per measure a histogram (bucket_of); then per measure the worst input of all
// (worst_words: its cost, number, argument tuple, size, every measure and its candidate).
// Committed with the ledger: a commit changes one row, one bucket per measure and the worst
// inputs it beat, which the next draft copies over (no copy of the whole book per input).
namespace cost_books {
inline constexpr std::size_t row_words = 1 + 4 * cost_measure_count;  // inputs, {max, unit, input, total}
inline constexpr std::size_t buckets = 91;  // 0..31 one each, then 2^5..2^63 one per power of two
// max, unit, input, tuple, size, the cost in each measure, then the candidate's slot values.
inline constexpr std::size_t worst_head = 5 + cost_measure_count;
inline std::size_t worst_words(std::uint32_t slot_count) { return worst_head + slot_count; }
inline std::size_t histogram_at(std::uint32_t rows) { return rows * row_words; }
inline std::size_t worst_at(std::uint32_t rows) { return histogram_at(rows) + cost_measure_count * buckets; }
inline std::size_t words(std::uint32_t rows, std::uint32_t slot_count) {
  return worst_at(rows) + cost_measure_count * worst_words(slot_count);
}
inline std::uint32_t bucket_of(std::uint64_t v) {
  return v < 32 ? static_cast<std::uint32_t>(v) : 32 + static_cast<std::uint32_t>(std::bit_width(v)) - 6;
}
cost_bucket bucket_range(std::uint32_t bucket);
}  // namespace cost_books

// The first argument tuple of `structure` (1-based) not accounted for in `book`, numbering
// `per_structure` inputs per structure: per_structure when all are.
inline std::uint64_t first_tuple_left(const ledger& book, std::uint64_t structure, std::uint64_t per_structure) {
  const std::uint64_t first_input = (structure - 1) * per_structure + 1;
  if (book.next <= first_input) return 0;
  return std::min(book.next - first_input, per_structure);
}

struct worker_state {
  // The input running now (not accounted for until the ledger says so).
  std::atomic<std::uint64_t> input{0};       // its number (0: none yet)
  std::atomic<std::int64_t> started_ns{0};   // its start (steady clock); 0 between inputs
  std::atomic<std::int64_t> limit_ns{0};     // its time limit
  std::atomic<std::uint32_t> returned{0};    // the method of the input returned (run_method)
  // Gauges for progress lines, copied from the ledger at each commit.
  std::atomic<std::uint64_t> checked{0};
  std::atomic<std::uint64_t> passed{0};
  std::atomic<std::uint64_t> failed{0};
  std::atomic<std::uint64_t> structures{0};
  std::atomic<std::uint64_t> total_inputs{0};  // set by the worker when the search ends
  std::atomic<bool> finished{false};
  std::uint32_t slot_count = 0;
  std::uint32_t owner = 0;  // the slot's number (1-based): claims work units for its workers
  std::uint32_t cost_rows = 0;  // sizes 0 .. cost_rows - 1 have cost rows; 0: cost not measured
  ledger books[2];
  std::atomic<std::uint32_t> in_force{0};
  // The ledger in force. Read by the supervisor while the worker is dead or finished (the
  // progress lines read the gauges).
  const ledger& book() const { return books[in_force.load(std::memory_order_acquire)]; }
  // A copy of the ledger in force (and of its cost book), to change and then commit().
  ledger& draft();
  // Puts the draft in force (one atomic store), then updates the gauges.
  void commit();
  // The draft with a checkpoint of the structure numbered `structure`: its candidate and field
  // stack in the buffer the ledger in force does not use.
  ledger& checkpoint(std::uint64_t structure, const std::uint32_t* candidate, std::span<const std::uint32_t> stack);
  // Followed by two buffers of slot_count candidate values and slot_count stack entries each, then
  // the sample of valid structures for the warnings (sample_capacity candidates;
  // finitization_warnings.hpp), which holds the first min(seen, sample_capacity) places.
  std::uint32_t* candidate(std::uint32_t buffer) {
    return reinterpret_cast<std::uint32_t*>(this + 1) + static_cast<std::size_t>(buffer) * 2 * slot_count;
  }
  std::uint32_t* stack(std::uint32_t buffer) { return candidate(buffer) + slot_count; }
  std::uint32_t* sample() { return candidate(2); }
  const std::uint32_t* sample() const { return const_cast<worker_state*>(this)->sample(); }
  // The cost book beside ledger `buffer` (cost_books), after the sample.
  std::uint64_t* cost_book(std::uint32_t buffer) {
    const std::uintptr_t end = reinterpret_cast<std::uintptr_t>(sample() + static_cast<std::size_t>(sample_capacity) * slot_count);
    auto* first = reinterpret_cast<std::uint64_t*>((end + 7) & ~std::uintptr_t{7});
    return first + static_cast<std::size_t>(buffer) * cost_books::words(cost_rows, slot_count);
  }
  const std::uint64_t* cost_book() const { return const_cast<worker_state*>(this)->cost_book(in_force.load()); }
  // Counts, in `draft`, the cost of input `number` (of unit `unit`) of size `size`: argument
  // tuple `tuple` on the structure `candidate`.
  void count_cost(ledger& draft, std::uint64_t unit, std::uint64_t number, std::uint64_t size, const method_cost& cost,
                  std::uint64_t tuple, const std::uint32_t* candidate);
  // The checkpoint's candidate.
  std::uint32_t* candidate() { return candidate(book().buffer); }
};

// Fault injection for tests: when set, called at each step of a worker where a kill from outside
// may land, with the step's name. Null in every run of the tool.
inline void (*worker_step_hook)(const char* step) = nullptr;
inline void at_step(const char* step) {
  if (worker_step_hook != nullptr) [[unlikely]]
    worker_step_hook(step);
}

// A worker_state for `slot_count` slots, of the slot numbered `owner`, with `cost_rows` rows of
// cost (0: the check measures no cost).
class shared_worker_state : public shared_mapping<worker_state> {
 public:
  shared_worker_state(std::uint32_t slot_count, std::uint32_t owner, std::uint32_t cost_rows = 0);
};

// What several workers share (check_options::threads): the work units of the search, in its
// order, taken one at a time by whichever worker is free; per unit, the slot holding it and,
// when it is done, its valid structures and its explored candidates. Inputs are numbered after
// the run from the structures of the units before theirs.
struct unit_board {
  std::atomic<std::uint64_t> next{0};  // every unit before it has a holder
  std::uint64_t count = 0;
  struct unit_counts {
    std::atomic<std::uint32_t> owner{0};  // the slot whose workers hold it (worker_state::owner)
    std::atomic<std::uint64_t> structures{0};
    std::atomic<std::uint64_t> explored{0};
    std::atomic<bool> done{false};
  };
  unit_counts* units() { return reinterpret_cast<unit_counts*>(this + 1); }
};

// The cost of every input the workers of `states` measured, as one report: worst inputs
// numbered by `number(unit, input)` (the first in scope order where several cost the most),
// their arguments and objects filled in by `describe` from their argument tuple.
cost_report merge_cost_books(const std::vector<const worker_state*>& states,
                             const std::function<std::uint64_t(std::uint64_t unit, std::uint64_t input)>& number,
                             const std::function<void(cost_input& worst, std::uint64_t tuple)>& describe);

// Claims a unit for the slot of `state`: the unit its ledger holds when that one is neither done
// nor held by another slot, else the first unit without a holder, which is written in the ledger
// before it is claimed (so a worker killed in between leaves it to its successor, never to no
// one). Returns its index + 1, or 0 when every unit has a holder.
std::uint64_t claim_unit(unit_board& board, worker_state& state);

// A unit_board for `count` units.
class shared_unit_board : public shared_mapping<unit_board> {
 public:
  explicit shared_unit_board(std::uint64_t count);
};

// Failure records on the pipe: a counterexample and the unit it belongs to (its index + 1; 0
// when one worker numbers the inputs of the whole search).
struct failure_record {
  std::uint64_t unit = 0;
  counterexample failure;
};
std::string encode_failure(const counterexample& c, std::uint64_t unit = 0);
// Writes c's record to the pipe `fd` (nothing if the supervisor is gone).
void write_failure(int fd, const counterexample& c, std::uint64_t unit = 0);
// Decodes every whole record at the front of `buffer` into `out` and removes them.
void decode_failures(std::string& buffer, std::vector<failure_record>& out);

}  // namespace smallscope::detail
