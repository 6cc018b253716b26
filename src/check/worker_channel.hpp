// What a check's worker and its supervisor share (paper 000, Sec. 7.2: a method that crashes or
// does not terminate is a finding; the run goes on after it).
//
// `worker_state` lives in a shared anonymous mapping. Before the inputs of each valid structure
// the worker stores a checkpoint of the search there (candidate, field stack, counts), and
// before each input its number and start time; so when the worker dies or hangs, the
// supervisor knows the input and a new worker resumes the search right after it. Failures the
// worker observes itself travel through a pipe as length-prefixed records.
#pragma once

#include <atomic>
#include <new>
#include <cstdint>
#include <string>
#include <vector>

#include "report/spec_warnings.hpp"
#include "smallscope/checker.hpp"

namespace smallscope::detail {

struct worker_state {
  std::atomic<std::uint64_t> input{0};       // the input running now (0: none)
  std::atomic<std::int64_t> started_ns{0};   // its start (steady clock); 0 between inputs
  std::atomic<std::int64_t> limit_ns{0};     // its time limit
  std::atomic<std::uint32_t> returned{0};    // the method of the input returned (run_method)
  std::atomic<std::uint64_t> checked{0};     // inputs judged by workers so far
  std::atomic<std::uint64_t> passed{0};
  std::atomic<std::uint64_t> failed{0};      // including crashes and timeouts
  std::atomic<std::int64_t> method_ns{0};
  std::atomic<std::uint64_t> total_inputs{0};  // set by the worker when the search ends
  std::atomic<bool> finished{false};
  // The checkpoint: the structure whose inputs are being checked.
  std::atomic<std::uint64_t> structure{0};       // its 1-based index (0: none yet)
  std::atomic<std::uint64_t> explored{0};        // search counts when it was yielded
  std::atomic<std::uint64_t> valid{0};
  std::atomic<std::uint32_t> stack_size{0};
  std::atomic<std::uint64_t> tuple{0};           // white-box: the argument tuple searched
  std::atomic<std::uint64_t> searched{0};        // white-box: explored by the finished searches
  // Several workers (check_options::threads): the work unit being checked (its index + 1, 0
  // when none); `structure` and `input` then count within the unit, and `valid` counts the
  // structures this worker slot checked.
  std::atomic<std::uint64_t> unit{0};
  reservoir_sampler sampler;  // the sample's state: plain data, so a restarted worker goes on
  std::uint32_t slot_count = 0;
  // Followed by slot_count candidate values, then slot_count stack entries, then the sample of
  // valid structures for the warnings (sample_capacity candidates; spec_warnings.hpp), which
  // holds the first min(structure, sample_capacity) places.
  std::uint32_t* candidate() { return reinterpret_cast<std::uint32_t*>(this + 1); }
  std::uint32_t* stack() { return candidate() + slot_count; }
  std::uint32_t* sample() { return stack() + slot_count; }
};

// An object of type T, followed by `extra` bytes, in a shared anonymous mapping: a forked worker
// and its supervisor see the same memory. Throws std::system_error when mmap fails.
class shared_memory {
 public:
  explicit shared_memory(std::size_t bytes);
  ~shared_memory();
  shared_memory(const shared_memory&) = delete;
  shared_memory& operator=(const shared_memory&) = delete;
  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
  std::size_t bytes_ = 0;
};

template <class T>
class shared_mapping {
 public:
  explicit shared_mapping(std::size_t extra = 0) : memory_(sizeof(T) + extra), object_(::new (memory_.data()) T()) {}
  ~shared_mapping() { object_->~T(); }
  T* operator->() const { return object_; }
  T& operator*() const { return *object_; }

 private:
  shared_memory memory_;
  T* object_;
};

// A worker_state for `slot_count` slots.
class shared_worker_state : public shared_mapping<worker_state> {
 public:
  explicit shared_worker_state(std::uint32_t slot_count);
};

// What several workers share (check_options::threads): the work units of the search, in its
// order, taken one at a time by whichever worker is free; per unit, when it is done, its
// valid structures and its explored candidates. Inputs are numbered after the run from the
// structures of the units before theirs.
struct unit_board {
  std::atomic<std::uint64_t> next{0};  // the next unit to take
  std::uint64_t count = 0;
  struct unit_counts {
    std::atomic<std::uint64_t> structures{0};
    std::atomic<std::uint64_t> explored{0};
    std::atomic<bool> done{false};
  };
  unit_counts* units() { return reinterpret_cast<unit_counts*>(this + 1); }
};

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

std::int64_t steady_ns();

// "SIGSEGV (Segmentation fault)".
std::string signal_text(int sig);

// Reads what the pipe `fd` (non-blocking) holds now into `buffer`, or with `until_eof` all of it.
void drain_pipe(int fd, std::string& buffer, bool until_eof);

// Whether this is a build with AddressSanitizer.
inline constexpr bool address_sanitizer =
#if defined(__SANITIZE_ADDRESS__)
    true;
#else
    false;
#endif

// The "+ 1 s" of a time limit (paper 000, Sec. 7.2): a sanitizer's report of a crash symbolizes
// its stack before the process dies, which takes about a second on its own, so a sanitized build
// allows five and a crash is not taken for a hang.
inline constexpr std::int64_t base_limit_ns = address_sanitizer ? 5'000'000'000 : 1'000'000'000;

// The number of the signal (SIGINT, SIGTERM) that asked the running check to stop, 0 if none.
// A signal handler of the program sets it (it is lock-free); the supervisor polls it between
// its waits, kills the worker and returns the report so far.
extern std::atomic<int> interrupt_signal;

// The running median of a method's times, by powers of two; the time limit of an input is ten
// times the median plus one second (paper 000, Sec. 7.2 stops a mutant that runs ten times
// longer than the original; five seconds in a build with AddressSanitizer), or the user's
// --timeout.
class time_limit {
 public:
  explicit time_limit(double timeout_seconds) : fixed_ns_(static_cast<std::int64_t>(timeout_seconds * 1e9)) {}
  void add(std::int64_t ns);
  std::int64_t limit_ns() const;

 private:
  std::int64_t fixed_ns_;
  std::uint64_t buckets_[65] = {};
  std::uint64_t count_ = 0;
};

}  // namespace smallscope::detail
