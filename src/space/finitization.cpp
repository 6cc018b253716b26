// The non-template part of the finitization builder (paper 000, Sec. 3.2). See finitization.hpp.
#include "smallscope/finitization.hpp"
#include "smallscope/detail/content_text.hpp"
#include "space/content_layout.hpp"

#include <cxxabi.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <string>

namespace smallscope {

std::string detail::demangle(const char* mangled) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(mangled, nullptr, nullptr, &status), std::free);
  return status == 0 && name ? std::string(name.get()) : std::string(mangled);
}

int_set ints(std::int64_t min, std::int64_t max, std::int64_t step) {
  if (min > max)
    throw finitization_error("ints(" + std::to_string(min) + ", " + std::to_string(max) +
                             "): min must be <= max");
  if (step < 1) throw finitization_error("ints(): step must be >= 1, got " + std::to_string(step));
  std::vector<std::int64_t> values;
  for (std::int64_t v = min; v < max; v += step) values.push_back(v);
  values.push_back(max);
  return int_set(std::move(values));
}

int_set booleans() { return int_set({0, 1}); }

real_set reals(std::vector<double> values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (!std::isfinite(values[i]))
      throw finitization_error("reals(): every value must be finite, got " + std::to_string(values[i]));
    for (std::size_t j = 0; j < i; ++j)
      if (values[j] == values[i]) throw finitization_error("reals(): " + std::to_string(values[i]) + " is given twice");
  }
  return real_set(std::move(values));
}

string_set strings(std::vector<std::string> values) {
  for (std::size_t i = 0; i < values.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (values[j] == values[i]) throw finitization_error("strings(): \"" + values[i] + "\" is given twice");
  return string_set(std::move(values));
}

void finitization::resolve_contents(const detail::field_binding& b, detail::content_shape& shape) {
  using detail::content_kind;
  if (shape.kind == content_kind::storage && shape.guarded) {
    // The walks of copies, pictures and fingerprints read the storage only while it is live.
    live_part::counted_array a;
    a.owner = shape.owner;
    a.array_offset = static_cast<std::uint32_t>(shape.storage_offset);
    a.size = static_cast<std::uint32_t>(shape.storage_bytes);
    a.element_bytes = 1;
    a.count_offset = static_cast<std::uint32_t>(shape.guard_offset);
    a.count_bytes = static_cast<std::uint8_t>(shape.guard_bytes);
    a.count_signed = shape.guard_signed;
    a.unless = true;
    a.dead = shape.dead;
    try {
      live_.add(a);
    } catch (const std::invalid_argument& e) {
      throw finitization_error(where(b) + ": " + e.what());
    }
  }
  if (shape.kind == content_kind::storage && shape.storage_text != nullptr && shape.owner != nullptr)
    live_.storage({shape.owner, static_cast<std::uint32_t>(shape.storage_offset), shape.storage_text});
  if (shape.kind == content_kind::object) {
    for (const auto id : shape.objects.class_domains)
      if (id >= data_.class_domains.size()) throw finitization_error(where(b) + ": a class domain of another finitization");
  } else if (shape.kind == content_kind::element) {
    // The member it points into: bound already, in the same class, a sequence.
    const detail::field_binding* target = nullptr;
    for (const auto& other : data_.bindings)
      if (other.owner == b.owner && other.offset == shape.target_offset && (other.content != nullptr || other.is_array))
        target = &other;
    if (target == nullptr)
      throw finitization_error(where(b) + ": elements_of() names a member that is not bound yet; bind the member it "
                                          "points into first, as a sequence");
    if (target->content != nullptr && target->content->shape.kind != content_kind::sequence)
      throw finitization_error(where(b) + ": elements_of() names " + target->name +
                               ", which is not a sequence (std::list, std::vector or std::deque)");
    shape.target_name = target->name;
    shape.target_capacity = target->content != nullptr
                                ? target->content->shape.capacity()
                                : static_cast<std::uint32_t>(*std::max_element(target->lengths.integers.begin(),
                                                                               target->lengths.integers.end()));
  }
  for (auto& part : shape.parts) resolve_contents(b, part);
}

int_set symbolic_ints() {
  int_set s;
  s.symbolic_ = true;
  return s;
}

void finitization::require_symbolic_room(const detail::field_binding& b) const {
  std::uint32_t keys = 0;
  for (const auto& d : data_.class_domains)
    if (d.type == b.owner) keys += d.count;
  if (keys > max_symbolic_keys)
    throw finitization_error(where(b) + ": symbolic_ints() for " + std::to_string(keys) + " objects; at most " +
                             std::to_string(max_symbolic_keys) + " (give the field ints(...) instead)");
}

std::string finitization::owner_label(const void* type) const {
  for (const auto& d : data_.class_domains)
    if (d.type == type) return d.type_name;
  return "(a class without class domain)";
}

void finitization::name_shared_type(const void* type) {
  std::size_t domains = 0;
  for (const auto& d : data_.class_domains) domains += d.type == type ? 1 : 0;
  if (domains < 2) return;
  std::string name;
  for (auto& d : data_.class_domains)
    if (d.type == type) {
      const auto at = d.cpp_type.rfind("::");
      name = at == std::string::npos ? d.cpp_type : d.cpp_type.substr(at + 2);
      d.type_name = name;
    }
  for (auto& b : data_.bindings)
    if (b.owner == type) b.owner_name = name;
}

std::size_t finitization::count_binding(const detail::field_binding& count, std::size_t n, int extra) {
  for (std::size_t i = 0; i < data_.bindings.size(); ++i) {
    auto& b = data_.bindings[i];
    if (b.owner != count.owner || b.name != count.name) continue;
    if (b.is_array || b.values.is_objects || b.symbolic)
      throw finitization_error(where(b) + ": set_counted needs an integer field as the count");
    if (n == 0) return i;  // only checked
    b.counts += static_cast<std::uint32_t>(n);
    b.count_groups.push_back({static_cast<std::uint32_t>(n), extra});
    return i;
  }
  throw finitization_error(where(count) + ": set_counted needs the count bound first (set(&C::count, ints(...)))");
}

void finitization::finish_binding(detail::field_binding b) {
  bool has_objects = false;
  for (const auto& d : data_.class_domains) has_objects = has_objects || d.type == b.owner;
  if (!has_objects)
    throw finitization_error("set(): field " + b.name +
                             " belongs to a class without class domain; create its objects() first");
  for (const auto& other : data_.bindings)
    if (other.owner == b.owner && other.name == b.name)
      throw finitization_error(where(b) + " is set twice");
  data_.bindings.push_back(std::move(b));
}

std::string finitization::describe() const {
  std::string out;
  for (const auto& d : data_.class_domains) {
    if (!out.empty()) out += ", ";
    out += d.name + " x" + std::to_string(d.count);
  }
  for (const auto& b : data_.bindings) {
    out += "; " + b.owner_name + "." + b.name + (b.is_array ? "[]" : "") + " in ";
    if (b.content != nullptr) {
      out += detail::describe_shape(b.content->shape);
      continue;
    }
    const auto& vs = b.values;
    if (!vs.reals.empty()) {
      std::string set;
      for (auto v : vs.reals) set += (set.empty() ? "" : ",") + detail::real_literal(v);
      out += "{" + set + "}";
    } else if (vs.is_objects) {
      std::string set;
      if (vs.null_allowed) set = "null";
      for (auto id : vs.class_domains) set += (set.empty() ? "" : "|") + data_.class_domains[id].name;
      out += "{" + set + "}";
    } else if (b.symbolic) {
      out += "symbolic";
    } else if (vs.integers.size() <= 4) {
      std::string set;
      for (auto v : vs.integers) set += (set.empty() ? "" : ",") + std::to_string(v);
      out += "{" + set + "}";
    } else {
      out += "{" + std::to_string(vs.integers.front()) + ".." + std::to_string(vs.integers.back()) +
             "} (" + std::to_string(vs.integers.size()) + " values)";
    }
  }
  return out;
}

}  // namespace smallscope
