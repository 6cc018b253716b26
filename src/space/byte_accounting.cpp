// Every byte of every class with objects belongs to a bound field, a member declared not part
// of the input, or padding (paper 000, Sec. 3.3). See byte_accounting.hpp.
#include "space/byte_accounting.hpp"

#include <algorithm>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "smallscope/finitization.hpp"

namespace smallscope::detail {
namespace {

// A buffer of `bytes` at alignment `align`, filled with `fill`, with a C constructed in it.
class probe {
 public:
  probe(const class_domain_data& d, unsigned char fill)
      : d_(d), bytes_(static_cast<unsigned char*>(::operator new(d.size, std::align_val_t{d.align}))) {
    std::memset(bytes_, fill, d.size);
    try {
      d.construct_plain(bytes_);
    } catch (...) {
      ::operator delete(bytes_, std::align_val_t{d.align});
      throw;
    }
  }
  ~probe() {
    d_.destroy(bytes_);
    ::operator delete(bytes_, std::align_val_t{d_.align});
  }
  probe(const probe&) = delete;
  probe& operator=(const probe&) = delete;
  unsigned char* bytes() const { return bytes_; }

 private:
  const class_domain_data& d_;
  unsigned char* bytes_;
};

// The bytes of an object of `d`'s class that the finitization accounts for: bound fields,
// members not part of the input, the vtable pointer.
std::vector<bool> accounted_bytes(const finitization_data& data, const class_domain_data& d) {
  std::vector<bool> covered(d.size, false);
  const auto cover = [&](std::size_t offset, std::size_t bytes) {
    for (std::size_t i = offset; i < offset + bytes && i < covered.size(); ++i) covered[i] = true;
  };
  if (d.polymorphic) cover(0, sizeof(void*));
  for (const auto& b : data.bindings)
    if (b.owner == d.type) cover(b.offset, b.member_bytes != 0 ? b.member_bytes : b.value_size);
  for (const auto& r : data.not_input)
    if (r.owner == d.type) cover(r.offset, r.bytes);
  return covered;
}

// "(after size_)", "(between root_ and size_)": the bound fields around bytes [from, to).
std::string place(const finitization_data& data, const class_domain_data& d, std::size_t from, std::size_t to) {
  std::string before, after;
  std::size_t before_at = 0, after_at = d.size;
  for (const auto& b : data.bindings) {
    if (b.owner != d.type) continue;
    if (b.offset < from && b.offset >= before_at) {
      before = b.name;
      before_at = b.offset;
    }
    if (b.offset >= to && b.offset < after_at) {
      after = b.name;
      after_at = b.offset;
    }
  }
  if (before.empty() && after.empty()) return "";
  if (before.empty()) return " (before " + after + ")";
  if (after.empty()) return " (after " + before + ")";
  return " (between " + before + " and " + after + ")";
}

void require_class_bound(const finitization_data& data, const class_domain_data& d) {
  if (d.construct_plain == nullptr || d.empty) return;
  const std::vector<bool> covered = accounted_bytes(data, d);
  if (std::all_of(covered.begin(), covered.end(), [](bool c) { return c; })) return;
  // A byte the constructor writes shows in either probe (an address it stores differs between
  // them, a value it stores differs from one fill at least).
  std::vector<bool> written(d.size, false);
  {
    const probe zeros(d, 0x00), ones(d, 0xff);
    for (std::size_t i = 0; i < d.size; ++i) {
      written[i] = zeros.bytes()[i] != 0x00 || ones.bytes()[i] != 0xff;
      // Bytes no constructor wrote read as a value-initialized object's before the destructor
      // runs: an uninitialized member is then null or zero, as in every object the search makes.
      if (!written[i]) ones.bytes()[i] = 0x00;
    }
  }
  for (std::size_t i = 0; i < d.size;) {
    if (covered[i]) {
      ++i;
      continue;
    }
    std::size_t end = i;
    bool any_written = false;
    for (; end < d.size && !covered[end]; ++end) any_written = any_written || written[end];
    // Padding is shorter than the class's alignment and no constructor writes it.
    if (any_written || end - i >= d.align) {
      throw finitization_error(
          "class " + d.cpp_type + " (the objects of " + d.name + ") has bytes " + std::to_string(i) + ".." +
          std::to_string(end - 1) + place(data, d, i, end) + " that no field binds" +
          (any_written ? "" : " (its constructor leaves them unset, and they are more than padding)") +
          ": a member there would keep its constructed value in every input, and copies would lose what a method "
          "puts there. Bind each member: list it in SMALLSCOPE_FIELDS and give it a domain with set(); or declare "
          "it not part of the input (a constant, a cache, an empty comparator) with not_input(&C::member)");
    }
    i = end;
  }
}

}  // namespace

void require_every_byte_bound(const finitization_data& data) {
  std::vector<const void*> seen;
  for (const auto& d : data.class_domains) {
    if (std::find(seen.begin(), seen.end(), d.type) != seen.end()) continue;
    seen.push_back(d.type);
    require_class_bound(data, d);
  }
}

}  // namespace smallscope::detail
