// The shared checkpoint and the failure records of a check. See worker_channel.hpp.
#include "check/worker_channel.hpp"

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
#include <system_error>

namespace smallscope::detail {

shared_worker_state::shared_worker_state(std::uint32_t slot_count, std::uint32_t owner)
    : shared_mapping((4 + sample_capacity) * sizeof(std::uint32_t) * static_cast<std::size_t>(slot_count)) {
  (*this)->slot_count = slot_count;
  (*this)->owner = owner;
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

namespace {

void put_u64(std::string& out, std::uint64_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); }
void put_string(std::string& out, const std::string& s) {
  put_u64(out, s.size());
  out += s;
}

class reader {
 public:
  explicit reader(const std::string& s) : s_(s) {}
  std::uint64_t u64() {
    std::uint64_t v = 0;
    std::memcpy(&v, s_.data() + at_, sizeof v);
    at_ += sizeof v;
    return v;
  }
  std::string string() {
    const auto n = u64();
    std::string v = s_.substr(at_, n);
    at_ += n;
    return v;
  }

 private:
  const std::string& s_;
  std::size_t at_ = sizeof(std::uint64_t);  // after the record's length
};

}  // namespace

std::string encode_failure(const counterexample& c, std::uint64_t unit) {
  std::string body;
  put_u64(body, unit);
  put_u64(body, c.input);
  put_u64(body, static_cast<std::uint64_t>(c.kind));
  put_string(body, c.detail);
  put_string(body, c.invariant_clause);
  put_string(body, c.result);
  put_u64(body, c.arguments.size());
  for (std::size_t i = 0; i < c.arguments.size(); ++i) {
    put_string(body, c.arguments[i]);
    put_u64(body, static_cast<std::uint64_t>(c.integers[i]));
  }
  put_u64(body, c.candidate.size());
  for (auto v : c.candidate) put_u64(body, v);
  put_u64(body, c.objects);
  put_string(body, c.post_state);
  std::string record;
  put_u64(record, body.size());
  return record + body;
}

void decode_failures(std::string& buffer, std::vector<failure_record>& out) {
  std::size_t consumed = 0;
  while (buffer.size() - consumed >= sizeof(std::uint64_t)) {
    std::uint64_t n = 0;
    std::memcpy(&n, buffer.data() + consumed, sizeof n);
    if (buffer.size() - consumed - sizeof n < n) break;
    const std::string record = buffer.substr(consumed, sizeof n + n);
    consumed += sizeof n + n;
    reader r(record);
    failure_record f;
    f.unit = r.u64();
    counterexample& c = f.failure;
    c.input = r.u64();
    c.kind = static_cast<outcome_kind>(r.u64());
    c.detail = r.string();
    c.invariant_clause = r.string();
    c.result = r.string();
    const auto args = r.u64();
    for (std::uint64_t i = 0; i < args; ++i) {
      c.arguments.push_back(r.string());
      c.integers.push_back(static_cast<std::int64_t>(r.u64()));
    }
    const auto slots = r.u64();
    for (std::uint64_t i = 0; i < slots; ++i) c.candidate.push_back(static_cast<std::uint32_t>(r.u64()));
    c.objects = static_cast<std::uint32_t>(r.u64());
    c.post_state = r.string();
    out.push_back(std::move(f));
  }
  buffer.erase(0, consumed);
}

void write_failure(int fd, const counterexample& c, std::uint64_t unit) {
  const std::string data = encode_failure(c, unit);
  write_whole(fd, data.data(), data.size());  // false: the supervisor is gone
}

}  // namespace smallscope::detail
