// The shared checkpoint and the failure records of a check. See worker_channel.hpp.
#include "check/worker_channel.hpp"

#include "isolate/wire.hpp"
#include "report/finitization_warnings.hpp"

#include <poll.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <new>
#include <stdexcept>
#include <system_error>

namespace smallscope::detail {

shared_worker_state::shared_worker_state(std::uint32_t slot_count, std::uint32_t owner, std::uint32_t cost_rows)
    : shared_mapping((4 + sample_capacity) * sizeof(std::uint32_t) * static_cast<std::size_t>(slot_count) + 8 +
                     (cost_rows == 0 ? 0 : 2 * cost_books::words(cost_rows, slot_count) * sizeof(std::uint64_t))) {
  (*this)->slot_count = slot_count;
  (*this)->owner = owner;
  (*this)->cost_rows = cost_rows;
}

cost_bucket cost_books::bucket_range(std::uint32_t bucket) {
  if (bucket < 32) return {bucket, bucket, 0};
  const std::uint32_t bits = bucket - 32 + 6;  // the values' bit width
  return {std::uint64_t{1} << (bits - 1), bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1, 0};
}

ledger& worker_state::draft() {
  const std::uint32_t now = in_force.load(std::memory_order_relaxed);
  const ledger& b = books[now];
  ledger& d = books[1 - now];
  d = b;
  if (cost_rows != 0) {
    // The two books differ in what the ledger in force changed: copy that over.
    const std::uint64_t* from = cost_book(now);
    std::uint64_t* to = cost_book(1 - now);
    if (b.touched_row != no_slot) {
      const std::size_t at = static_cast<std::size_t>(b.touched_row) * cost_books::row_words;
      std::copy(from + at, from + at + cost_books::row_words, to + at);
    }
    for (std::size_t m = 0; m < cost_measure_count; ++m) {
      if (b.touched_bucket[m] != 0xff) {
        const std::size_t at = cost_books::histogram_at(cost_rows) + m * cost_books::buckets + b.touched_bucket[m];
        to[at] = from[at];
      }
      if ((b.touched_worst >> m & 1) != 0) {
        const std::size_t at = cost_books::worst_at(cost_rows) + m * cost_books::worst_words(slot_count);
        std::copy(from + at, from + at + cost_books::worst_words(slot_count), to + at);
      }
    }
  }
  d.touched_row = no_slot;
  d.touched_bucket.fill(0xff);
  d.touched_worst = 0;
  return d;
}

void worker_state::count_cost(ledger& draft, std::uint64_t unit, std::uint64_t number, std::uint64_t size,
                              const method_cost& cost, std::uint64_t tuple, const std::uint32_t* candidate) {
  if (size >= cost_rows) throw std::logic_error("an input larger than the finitization's objects and contents");
  const auto buffer = static_cast<std::uint32_t>(&draft - books);
  std::uint64_t* book = cost_book(buffer);
  std::uint64_t* row = book + size * cost_books::row_words;
  draft.touched_row = static_cast<std::uint32_t>(size);
  ++row[0];
  for (std::size_t m = 0; m < cost_measure_count; ++m) {
    const std::uint64_t v = cost_of(cost, cost_measures[m]);
    std::uint64_t* cell = row + 1 + 4 * m;  // max, unit, input, total
    if (cell[2] == 0 || v > cell[0]) {  // inputs come in order: the first with the most
      cell[0] = v;
      cell[1] = unit;
      cell[2] = number;
    }
    cell[3] += v;
    const std::uint32_t bucket = cost_books::bucket_of(v);
    ++book[cost_books::histogram_at(cost_rows) + m * cost_books::buckets + bucket];
    draft.touched_bucket[m] = static_cast<std::uint8_t>(bucket);
    std::uint64_t* worst = book + cost_books::worst_at(cost_rows) + m * cost_books::worst_words(slot_count);
    if (worst[2] == 0 || v > worst[0]) {
      worst[0] = v;
      worst[1] = unit;
      worst[2] = number;
      worst[3] = tuple;
      worst[4] = size;
      for (std::size_t k = 0; k < cost_measure_count; ++k) worst[5 + k] = cost_of(cost, cost_measures[k]);
      std::copy(candidate, candidate + slot_count, worst + cost_books::worst_head);
      draft.touched_worst = static_cast<std::uint8_t>(draft.touched_worst | 1u << m);
    }
  }
}

void worker_state::commit() {
  const std::uint32_t now = 1 - in_force.load(std::memory_order_relaxed);
  in_force.store(now, std::memory_order_release);
  const ledger& b = books[now];
  checked.store(b.checked, std::memory_order_relaxed);
  passed.store(b.passed, std::memory_order_relaxed);
  failed.store(b.failed, std::memory_order_relaxed);
  structures.store(b.valid, std::memory_order_relaxed);
}

ledger& worker_state::checkpoint(std::uint64_t structure, const std::uint32_t* candidate,
                                 std::span<const std::uint32_t> stack) {
  ledger& d = draft();
  d.buffer = 1 - book().buffer;
  std::copy(candidate, candidate + slot_count, this->candidate(d.buffer));
  std::copy(stack.begin(), stack.end(), this->stack(d.buffer));
  d.stack_size = static_cast<std::uint32_t>(stack.size());
  d.structure = structure;
  return d;
}

std::uint64_t claim_unit(unit_board& board, worker_state& state) {
  if (const std::uint64_t held = state.book().unit; held != 0) {
    auto& counts = board.units()[held - 1];
    std::uint32_t holder = 0;
    if (!counts.done.load() && (counts.owner.compare_exchange_strong(holder, state.owner) || holder == state.owner))
      return held;
  }
  for (std::uint64_t u = board.next.load(); u < board.count; ++u) {
    auto& counts = board.units()[u];
    if (counts.owner.load() != 0) continue;
    ledger& d = state.draft();
    d.unit = u + 1;
    d.structure = 0;
    d.next = 1;
    d.explored = 0;
    state.commit();
    at_step("unit written");
    std::uint32_t holder = 0;
    if (!counts.owner.compare_exchange_strong(holder, state.owner)) continue;
    // Every unit before u + 1 has a holder now.
    std::uint64_t next = board.next.load();
    while (next < u + 1 && !board.next.compare_exchange_weak(next, u + 1)) {
    }
    return u + 1;
  }
  ledger& d = state.draft();
  d.unit = 0;
  d.structure = 0;
  state.commit();
  return 0;
}

shared_unit_board::shared_unit_board(std::uint64_t count) : shared_mapping(count * sizeof(unit_board::unit_counts)) {
  (*this)->count = count;
  for (std::uint64_t u = 0; u < count; ++u) ::new ((*this)->units() + u) unit_board::unit_counts();
}

std::string encode_failure(const counterexample& c, std::uint64_t unit) {
  wire_writer w;
  w.put(unit);
  w.put(c.input);
  w.put(c.kind);
  w.put(c.detail);
  w.put(c.invariant_clause);
  w.put(c.result);
  w.put(c.arguments);
  w.put(c.integers);
  w.put(c.candidate);
  w.put(c.objects);
  w.put(c.post_state);
  w.put(c.cost_condition);
  return framed(w.bytes());
}

void decode_failures(std::string& buffer, std::vector<failure_record>& out) {
  take_framed(buffer, [&out](std::string_view body) {
    wire_reader r(body);
    failure_record f;
    counterexample& c = f.failure;
    r.get(f.unit);
    r.get(c.input);
    r.get(c.kind);
    r.get(c.detail);
    r.get(c.invariant_clause);
    r.get(c.result);
    r.get(c.arguments);
    r.get(c.integers);
    r.get(c.candidate);
    r.get(c.objects);
    r.get(c.post_state);
    r.get(c.cost_condition);
    out.push_back(std::move(f));
  });
}

void write_failure(int fd, const counterexample& c, std::uint64_t unit) {
  const std::string data = encode_failure(c, unit);
  write_whole(fd, data.data(), data.size());  // false: the supervisor is gone
}

}  // namespace smallscope::detail
