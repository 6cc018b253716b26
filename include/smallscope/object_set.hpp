// The domains of pointer fields (paper 000, Sec. 3.2: a field domain is a union of class
// domains, with or without null): class_domain<T>, a handle to a finitization's objects of one
// class, and object_set<T>, null and class domains in order, which a T* field takes its values
// from. A class domain of a class derived from T may stand in an object_set<T>.
// Stage: space.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <typeinfo>
#include <vector>

#include "smallscope/detail/finitization_data.hpp"
#include "smallscope/value_sets.hpp"
#include "smallscope/fields.hpp"

namespace smallscope {

template <class T>
class object_set;

// A class domain: `count` objects of class T, in index order. A handle into its finitization.
template <class T>
class class_domain {
 public:
  std::uint32_t id() const { return id_; }
  // The field domain {null, objects of this class domain}.
  object_set<T> or_null() const { return object_set<T>(true, {id_}); }
  // The field domain {objects of this class domain}.
  object_set<T> only() const { return object_set<T>(false, {id_}); }

 private:
  friend class finitization;
  explicit class_domain(std::uint32_t id) : id_(id) {}
  std::uint32_t id_;
};

namespace detail {
// D derives from T and a D* converts to the same address as a T* (single, non-virtual
// inheritance with the base first), so that a field of type T* holds a D object's address.
template <class T, class D>
concept derived_at_zero = std::derived_from<D, T> && !std::is_same_v<D, T>;

// B is a base class of D, public or private (a member of B binds in D's objects).
template <class B, class D>
concept base_of = std::is_base_of_v<B, D> && !std::is_same_v<B, D>;

// Throws when a D's T part does not start at the D's own address (a second base, a virtual
// base): the search stores object addresses, read back through T*.
template <class T, class D>
void require_base_at_zero() {
  static const bool at_zero = [] {
    const std::unique_ptr<D> probe(new_object<D>());
    return static_cast<const void*>(static_cast<T*>(probe.get())) == static_cast<const void*>(probe.get());
  }();
  if (!at_zero)
    throw finitization_error(demangle(typeid(D).name()) + " objects in a field of " + demangle(typeid(T).name()) +
                             "*: the base must start at the derived object's address (single inheritance)");
}
}  // namespace detail

// A field domain of objects of class T: optionally null, then class domains in order. A class
// domain of a class derived from T may stand in it too (a base-class pointer field holding
// objects of derived classes: a B-tree's leaf and inner nodes behind `node*`).
template <class T>
class object_set {
 public:
  object_set(class_domain<T> d) : object_set(false, {d.id()}) {}  // NOLINT: a domain is a set
  template <class D>
    requires detail::derived_at_zero<T, D>
  object_set(class_domain<D> d)  // NOLINT: a domain of derived objects is a set of T objects
      : null_allowed_(false), class_domains_{d.id()}, types_{detail::type_key<D>()} {
    detail::require_base_at_zero<T, D>();
  }
  template <class D>
    requires detail::derived_at_zero<T, D>
  object_set(const object_set<D>& s)  // NOLINT: a set of derived objects is a set of T objects
      : null_allowed_(s.null_allowed()), class_domains_(s.class_domains()), types_(s.types()) {
    detail::require_base_at_zero<T, D>();
  }
  object_set(bool null_allowed, std::vector<std::uint32_t> class_domains)
      : null_allowed_(null_allowed),
        class_domains_(std::move(class_domains)),
        types_(class_domains_.size(), detail::type_key<T>()) {}
  // This set followed by the objects of `d` (Korat's addClassDomain).
  template <class D>
    requires std::same_as<D, T> || detail::derived_at_zero<T, D>
  object_set operator|(class_domain<D> d) const {
    if constexpr (!std::is_same_v<D, T>) detail::require_base_at_zero<T, D>();
    object_set r = *this;
    r.class_domains_.push_back(d.id());
    r.types_.push_back(detail::type_key<D>());
    return r;
  }
  bool null_allowed() const { return null_allowed_; }
  const std::vector<std::uint32_t>& class_domains() const { return class_domains_; }
  // The class (type_key) of each class domain.
  const std::vector<const void*>& types() const { return types_; }

 private:
  bool null_allowed_;
  std::vector<std::uint32_t> class_domains_;
  std::vector<const void*> types_;
};

// The field domain {null} for pointers to T: a field that is always null in this scope.
template <class T>
object_set<T> null_only() {
  return object_set<T>(true, {});
}

}  // namespace smallscope
