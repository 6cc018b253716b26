// The non-template part of the finitization builder (paper 000, Sec. 3.2). See finitization.hpp.
#include "smallscope/finitization.hpp"

#include <cxxabi.h>

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
    const auto& vs = b.values;
    if (vs.is_objects) {
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
