// The finitization builder (paper 000, Sec. 3.2 and Fig. 4; Korat 1.0's IFinitization).
//
//   auto f = smallscope::finitization::of<binary_tree>("BinaryTree");
//   auto nodes = f.objects<node>("Node", 3);            // a class domain of 3 objects
//   f.set(&binary_tree::root, nodes.or_null());         // field domain: null, Node#0..2
//   f.set(&binary_tree::size, smallscope::ints(3, 3));  // integers 3..3
//   f.set(&node::left, nodes.or_null());
//   f.set(&node::right, nodes.or_null());
//
// Class domains are laid out in creation order (the root's first, one object); each object's
// fields in the order of the set calls for its class. A field domain lists null first (when
// allowed), then the objects of each class domain in order; an integer set lists its values in
// order. Mistakes (a field set twice, a value that does not fit the field's type, an empty
// domain) throw finitization_error naming the field.
// Stage: space.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "smallscope/array.hpp"
#include "smallscope/contents.hpp"
#include "smallscope/detail/allocation_watch.hpp"
#include "smallscope/detail/content_bind.hpp"
#include "smallscope/detail/content_walk.hpp"
#include "smallscope/detail/finitization_data.hpp"
#include "smallscope/detail/member_access.hpp"
#include "smallscope/detail/ownership.hpp"
#include "smallscope/detail/std_vector.hpp"
#include "smallscope/field.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/live_part.hpp"
#include "smallscope/object_set.hpp"
#include "smallscope/value_sets.hpp"
#include "smallscope/vector.hpp"

namespace smallscope {

namespace detail {

// A constructor argument as a message shows it: a number, a quoted string, else "...".
template <class A>
std::string argument_text(const A& a) {
  if constexpr (std::is_same_v<A, bool>)
    return a ? "true" : "false";
  else if constexpr (std::is_arithmetic_v<A>)
    return std::to_string(a);
  else if constexpr (std::is_convertible_v<const A&, std::string>)
    return "\"" + std::string(a) + "\"";
  else
    return "...";
}

// Keyed on the array type (not the element type), so tracked and untracked builds instantiate
// different functions.
template <class Array>
void bind_array_storage(void* array_object, void* elements, int capacity) {
  using element_field = field<typename Array::value_type>;
  auto* fields = static_cast<element_field*>(elements);
  for (int i = 0; i < capacity; ++i) ::new (static_cast<void*>(fields + i)) element_field();
  static_cast<Array*>(array_object)->assign_storage(fields, capacity);
}

}  // namespace detail

class finitization {
 public:
  // A finitization whose root is one object of class Root, labelled `root_name`.
  template <class Root>
  static finitization of(std::string root_name) {
    finitization f;
    f.data_.subject = root_name;
    f.add_class_domain<Root>(std::move(root_name), 1);
    return f;
  }

  // Creates a class domain of `count` objects of class T (Korat's createObjects).
  template <class T>
  class_domain<T> objects(std::string name, std::uint32_t count) {
    return class_domain<T>(add_class_domain<T>(std::move(name), count));
  }

  // Leaves the objects of `d` out of isomorphism breaking: they then behave like primitive
  // values (Korat's includeInIsomorphismCheck(false)).
  template <class T>
  void exclude_from_isomorphism(class_domain<T> d) {
    data_.class_domains.at(d.id()).isomorphism_checked = false;
  }

  // Binds an integral, enum or bool field to a set of integers. The field is a field<T>, or a
  // plain T member of a class whose reads are instrumented (instrument.hpp).
  template <class C, class M>
    requires detail::member_access<M>::supported
  void set(M C::*member, const int_set& values) {
    bind_integers<typename detail::member_access<M>::value>(begin_binding(member), values);
  }
  // Binds a float or double field to a set of values (`f.set(&table::max_load, reals({0.5, 0.75}))`).
  template <class C, class M>
    requires detail::member_access<M>::supported && std::is_floating_point_v<typename detail::member_access<M>::value>
  void set(M C::*member, const real_set& values) {
    using T = typename detail::member_access<M>::value;
    auto b = begin_binding(member);
    if (values.values().empty()) throw finitization_error(where(b) + ": empty value domain");
    b.value_size = sizeof(T);
    b.encode_real = &detail::encode_real<T>;
    b.values.reals = values.values();
    finish_binding(std::move(b));
  }
  // Binds a member of a struct member (`f.set(&node::key, &key::major, ints(0, 2))`): the struct
  // registers its own fields with SMALLSCOPE_FIELDS, and each is a slot named "key.major".
  template <class C, class S, class M>
    requires detail::is_nested_v<S> && detail::member_access<M>::supported
  void set(S C::*outer, M S::*inner, const int_set& values) {
    bind_integers<typename detail::member_access<M>::value>(begin_nested_binding(outer, inner), values);
  }

  // Binds each element of a C array or std::array member (`int keys[4]`,
  // `std::array<int, 4> keys`) to a set of integers: one slot per element, "keys[0]" to
  // "keys[3]". Every element of a valid structure's objects is part of it and is varied, read by
  // the invariant or not; when a separate count says how many are live, bind them with
  // set_counted instead, and the slots past the count take no part.
  template <class C, class A>
    requires detail::is_fixed_array_v<A> && (!detail::is_struct_array_v<A>)
  void set(A C::*member, const int_set& values) {
    for (std::size_t i = 0; i < detail::fixed_size_v<A>; ++i)
      bind_integers<element_value<A>>(element_binding<C>(member, i), values);
  }
  // Binds each element of a C array or std::array of pointers (`node* children[5]`) to a set of
  // objects.
  template <class C, class A, class U>
    requires detail::is_fixed_array_v<A> && (!detail::is_struct_array_v<A>)
  void set(A C::*member, const object_set<U>& objects) {
    for (std::size_t i = 0; i < detail::fixed_size_v<A>; ++i)
      bind_objects<element_value<A>>(element_binding<C>(member, i), objects);
  }

  // Binds one member of each element of a C array or std::array of structs whose members are
  // registered (`child child_[8];`, SMALLSCOPE_FIELDS(child, left, right)): a slot per element,
  // "child_[0].left" to "child_[7].left", over a set of integers or of objects. Bind every
  // member the invariant reads.
  template <class C, class A, class S, class M, class Domain>
    requires detail::is_struct_array_v<A> && std::same_as<detail::fixed_element_t<A>, S> &&
             detail::member_access<M>::supported
  void set(A C::*array, M S::*inner, const Domain& domain) {
    for (std::size_t i = 0; i < detail::fixed_size_v<A>; ++i)
      bind_value<typename detail::member_access<M>::value>(struct_element_binding(array, inner, i), domain);
  }

  // Binds a member of a base class in the objects of the derived class Owner, each class with a
  // domain of its own (`f.set<leaf_node>(&node::level, ints(0, 0))`, and 1.. for inner nodes, so
  // an object's level always agrees with its class). Owner's SMALLSCOPE_FIELDS lists the member.
  template <class Owner, class C, class M, class Domain>
    requires detail::base_of<C, Owner> && detail::member_access<M>::supported
  void set(M C::*member, const Domain& domain) {
    using V = typename detail::member_access<M>::value;
    if constexpr (std::is_pointer_v<V>)
      bind_objects<V>(begin_binding_in<Owner>(member), domain);
    else
      bind_integers<V>(begin_binding_in<Owner>(member), domain);
  }

  // Binds each element of a C array or std::array whose live length is a count of the same
  // object (`int count; int keys[4];`): the elements below count + extra belong to the structure, the
  // others are garbage: the search does not vary them (unless the invariant reads them), and the
  // walks of copies, release, pictures and fingerprints never read them (live()). Bind the count
  // first: `f.set(&chunk::count, ints(0, 4)); f.set_counted(&chunk::keys, &chunk::count, ints(0, 9));`
  // With children one more than keys, `f.set_counted(&node::child, &node::count, nodes.or_null(), 1)`.
  // One count may govern several arrays, each with its own extra; it may be a member of a base
  // class of C.
  template <class C, class A, class B, class I, class Domain>
    requires detail::is_fixed_array_v<A> && (!detail::is_struct_array_v<A>) && std::derived_from<C, B> &&
             detail::count_member<I>
  void set_counted(A C::*array, I B::*count, const Domain& elements, int extra = 0) {
    bind_counted(array, count, extra, [&] { set(array, elements); });
  }
  // The same for one member of each element of an array of structs: the elements below the
  // count belong to the structure (`f.set_counted(&avl::child_, &child::left, &avl::size_,
  // ints(-1, 3))`, and again for `right`, with the same count and extra).
  template <class C, class A, class S, class M, class B, class I, class Domain>
    requires detail::is_struct_array_v<A> && std::same_as<detail::fixed_element_t<A>, S> &&
             detail::member_access<M>::supported && std::derived_from<C, B> && detail::count_member<I>
  void set_counted(A C::*array, M S::*inner, I B::*count, const Domain& elements, int extra = 0) {
    bind_counted(array, count, extra, [&] { set(array, inner, elements); });
  }

  // Binds a pointer field (field<T*>, a plain T* or a std::unique_ptr<T>) to a set of objects.
  template <class C, class M, class U>
    requires detail::member_access<M>::supported
  void set(M C::*member, const object_set<U>& objects) {
    bind_objects<typename detail::member_access<M>::value>(begin_binding(member), objects);
  }
  template <class C, class M, class U>
    requires detail::member_access<M>::supported
  void set(M C::*member, class_domain<U> objects) {
    set(member, object_set<U>(objects));
  }
  // Binds a pointer member of a struct member to a set of objects.
  template <class C, class S, class M, class U>
    requires detail::is_nested_v<S> && detail::member_access<M>::supported
  void set(S C::*outer, M S::*inner, const object_set<U>& objects) {
    bind_objects<typename detail::member_access<M>::value>(begin_nested_binding(outer, inner), objects);
  }

  // Binds an array (or a vector, vector.hpp, or a std::vector member) of integers: its length
  // ranges over `lengths`, each element over `elements`.
  template <class C, class A>
    requires detail::is_array_v<A> || detail::is_std_vector_v<A>
  void set(A C::*member, const int_set& lengths, const int_set& elements) {
    using T = detail::element_value_t<A>;
    static_assert(!std::is_pointer_v<T>, "an array of pointers takes an object set");
    auto b = begin_array_binding(member, lengths);
    b.value_size = sizeof(T);
    b.encode = &detail::encode_integer<T>;
    b.is_bool = std::is_same_v<T, bool>;
    b.values = integer_domain<T>(b, elements, "element");
    finish_binding(std::move(b));
  }
  // Binds an array (or a vector) of pointers: its length ranges over `lengths`, each element
  // over `elements`.
  template <class C, class A, class U>
    requires(detail::is_array_v<A> || detail::is_std_vector_v<A>) && std::is_pointer_v<detail::element_value_t<A>>
  void set(A C::*member, const int_set& lengths, const object_set<U>& elements) {
    static_assert(std::is_same_v<std::remove_cv_t<std::remove_pointer_t<detail::element_value_t<A>>>, U>,
                  "the object set's class must be the class the elements point to");
    auto b = begin_array_binding(member, lengths);
    b.value_size = sizeof(typename A::value_type);
    b.values = object_domain(b, elements);
    finish_binding(std::move(b));
  }

  // Binds a member that holds contents (contents.hpp: a standard container, a string, an
  // optional, a variant, a pair or a tuple) to a domain that fits its type, e.g.
  // `f.set(&cache::items, sequence_of(ints(0, 3), pair_of(ints(0, 2), ints(0, 1))))`. The member
  // is listed in SMALLSCOPE_FIELDS; a domain that does not fit is a compile-time error.
  template <class C, class M, class D>
    requires detail::is_content_v<M>
  void set(M C::*member, const D& domain) {
    bind_contents<C, M, D>(member, domain);
  }
  // Binds an iterator member into another member of the same object: `elements_of(&C::items)`
  // (bind that member first).
  template <class C, class M, class C2, class L>
    requires(detail::iterates<M, L>())
  void set(M C::*member, const elements_domain<C2, L>& domain) {
    bind_contents<C, M, elements_domain<C2, L>>(member, domain);
  }
  // A member the class computes from its other members, as its own code keeps it: a pointer
  // into another member's data, a mask, a cached count. `fn(const C&)` gives its value:
  //   f.derive(&set::buckets_, [](const set& s) { return s.data_.empty() ? set::none() : s.data_.data(); });
  // The search sets it before each call of the invariant (the reads `fn` makes are the
  // invariant's first), and so before handing out a structure; copies set it from their own
  // members. It is no slot, and is not listed in SMALLSCOPE_FIELDS (the walks would take a
  // pointer into a member's data for an object of the structure). `name`, the member's name,
  // is what messages, the configuration line and reproducers call it ("(derived at byte 32)"
  // without one: a member pointer carries no name).
  template <class C, class M, class F>
    requires std::is_invocable_r_v<M, F, const C&>
  void derive(M C::*member, F fn, std::string name = {}) {
    derive_in<C>(member, std::move(fn), std::move(name));
  }
  // The same for a member of a base class of Owner (a growth policy's mask), in Owner's objects.
  template <class Owner, class C, class M, class F>
    requires detail::base_of<C, Owner> && std::is_invocable_r_v<M, F, const Owner&>
  void derive(M C::*member, F fn, std::string name = {}) {
    derive_in<Owner>(detail::as_member_of<Owner>(member), std::move(fn), std::move(name));
  }

  // The empty structure of this scope, for a root class whose empty state depends on the scope
  // (a cache's size limit): explore's sequences start from `new Root(args...)`:
  //   f.empty_structure<cache>(limit);
  // Without it they start from Root() or the root's SMALLSCOPE_CONSTRUCTOR_ARGS.
  template <class Root, class... A>
    requires std::constructible_from<Root, const A&...> && (std::copy_constructible<A> && ...)
  void empty_structure(A... args) {
    const detail::class_domain_data& root = data_.class_domains.front();
    if (detail::type_key<Root>() != root.type)
      throw finitization_error("empty_structure<" + detail::demangle(typeid(Root).name()) + ">(): the root class is " +
                               root.cpp_type);
    data_.empty_structure = [args...]() -> void* { return new Root(args...); };
    std::string text;
    ((text += (text.empty() ? "" : ", ") + detail::argument_text(args)), ...);
    data_.empty_structure_text = root.name + "(" + text + ")";
  }

 private:
  template <class C, class M, class F>
  void derive_in(M C::*member, F fn, std::string name) {
    detail::field_binding b;
    b.owner = detail::type_key<C>();
    b.owner_name = owner_label(b.owner);
    const std::unique_ptr<C> probe(detail::new_object<C>());
    b.offset = static_cast<std::size_t>(reinterpret_cast<const char*>(&((*probe).*member)) -
                                        reinterpret_cast<const char*>(probe.get()));
    b.name = name.empty() ? "(derived at byte " + std::to_string(b.offset) + ")" : std::move(name);
    std::apply(
        [&](const auto&... registered) {
          const auto listed = [&](const auto& nm) {
            if constexpr (std::is_same_v<std::remove_cvref_t<decltype(nm.member)>, M C::*>)
              if (nm.member == member)
                throw finitization_error("derive(): field " + b.owner_name + "." + std::string(nm.name) +
                                         " is listed in SMALLSCOPE_FIELDS; a derived member is not");
          };
          (listed(registered), ...);
        },
        detail::registered_fields<C>());
    b.member_bytes = static_cast<std::uint32_t>(sizeof(M));
    auto content = std::make_shared<detail::content_member>();
    content->shape.kind = detail::content_kind::derived;
    content->shape.type_name = detail::demangle(typeid(M).name());
    content->disown = [](void*) {};
    content->derive = [member, fn](void* object) {
      C& c = *static_cast<C*>(object);
      c.*member = fn(static_cast<const C&>(c));
    };
    content->derived_code = [member](const void* object) {
      const C& c = *static_cast<const C*>(object);
      return detail::derived_value_code(c, c.*member);
    };
    live_.derived(b.owner, content->derive);
    b.content = std::move(content);
    finish_binding(std::move(b));
  }

 public:

  // A std::vector of integers or pointers bound as a sequence: the same as set(member, lengths,
  // elements).
  template <class C, class A, class E>
    requires detail::is_std_vector_v<A>
  void set(A C::*member, const sequence_domain<E>& domain) {
    set(member, domain.lengths, domain.element);
  }

  // Fills an array of pointers with every object of `objects`, in index order, for the whole
  // search (Korat's addAll, e.g. its DAG's node list). Its slots hold one value each: the search
  // does not enumerate them, and reading them is not recorded, so they change neither the
  // explored count nor isomorphism breaking; the walk of a valid structure follows them.
  template <class C, class T, class U>
  void set_all(array<T*> C::*member, class_domain<U> objects) {
    static_assert(std::is_same_v<std::remove_cv_t<T>, U>,
                  "the class domain's class must be the class the elements point to");
    const auto count = static_cast<std::int64_t>(data_.class_domains.at(objects.id()).count);
    auto b = begin_array_binding(member, ints(count, count));
    b.value_size = sizeof(T*);
    b.values = object_domain(b, object_set<U>(objects));
    b.fixed = true;
    finish_binding(std::move(b));
  }

  // Declares a member of C (or of a base of C) not part of the input: a constant, a cache, a
  // statistic. Every object keeps its constructed value in every input, and so does every copy a
  // check runs a method on; the search never varies it and its reads are no reads of a field.
  // Every other member of a class with objects must be bound (set), or the state space is
  // refused naming it (byte_accounting.hpp).
  template <class C, class M>
  void not_input(M C::*member) {
    not_input_in<C>(member);
  }
  // The same for a member of a base class of Owner, in Owner's objects.
  template <class Owner, class C, class M>
    requires detail::base_of<C, Owner>
  void not_input(M C::*member) {
    not_input_in<Owner>(member);
  }

  // A one-line description of the class domains and field domains.
  std::string describe() const;
  const detail::finitization_data& data() const { return data_; }
  // Which elements of counted arrays are part of a structure (set_counted): the walks of a
  // check, explore, cover and mutation analysis follow only those (live_part.hpp).
  const live_part& live() const { return live_; }

 private:
  finitization() = default;

  template <class T>
  std::uint32_t add_class_domain(std::string name, std::uint32_t count) {
    detail::class_domain_data d;
    d.name = std::move(name);
    d.type = detail::type_key<T>();
    d.count = count;
    d.size = sizeof(T);
    d.align = alignof(T);
    d.cpp_type = detail::demangle(typeid(T).name());
    d.construct = [](void* p) { detail::construct_object<T>(p); };
    d.construct_plain = [](void* p) { detail::construct_object_plain<T>(p); };
    d.polymorphic = std::is_polymorphic_v<T>;
    d.empty = std::is_empty_v<T>;
    d.own_allocation = detail::has_own_allocation_v<T>;
    if (d.own_allocation && !own_allocation_)  // the watch stands aside while this finitization lives
      own_allocation_ = std::shared_ptr<void>((++detail::classes_with_own_allocation, nullptr),
                                              [](void*) { --detail::classes_with_own_allocation; });
    d.constructor_args = detail::constructor_args_text<T>();
    // The object's destructor runs as its constructor left its pointer fields (ownership.hpp):
    // one that owns its children never frees another arena object.
    d.destroy = [](void* p) {
      detail::disown(*static_cast<T*>(p));
      static_cast<T*>(p)->~T();
    };
    detail::registered_leaf_names<T>(d.registered_fields);
    d.type_name = d.name;
    if (d.name.empty()) throw finitization_error("a class domain needs a name");
    for (const auto& other : data_.class_domains)
      if (other.name == d.name) throw finitization_error("class domain '" + d.name + "' is created twice");
    data_.class_domains.push_back(std::move(d));
    name_shared_type(data_.class_domains.back().type);
    return static_cast<std::uint32_t>(data_.class_domains.size() - 1);
  }

  template <class Owner, class C, class M>
  void not_input_in(M C::*member) {
    detail::member_range r;
    r.owner = detail::type_key<Owner>();
    r.owner_name = owner_label(r.owner);
    bool has_objects = false;
    for (const auto& d : data_.class_domains) has_objects = has_objects || d.type == r.owner;
    if (!has_objects)
      throw finitization_error("not_input(): a member of " + detail::demangle(typeid(Owner).name()) +
                               ", a class without class domain; create its objects() first");
    const std::unique_ptr<Owner> probe(detail::new_object<Owner>());
    r.offset = static_cast<std::size_t>(reinterpret_cast<const char*>(&((*probe).*(detail::as_member_of<Owner>(member)))) -
                                        reinterpret_cast<const char*>(probe.get()));
    r.bytes = sizeof(M);
    data_.not_input.push_back(std::move(r));
  }

  // The registered name and offset of `member`.
  template <class C, class M>
  detail::field_binding begin_binding(M C::*member) {
    return begin_binding_in<C>(member);
  }

  // The binding of `member`, a member of C or of a base class of C, in the objects of class
  // Owner: named as Owner's SMALLSCOPE_FIELDS names it, at its offset in an Owner.
  template <class Owner, class C, class M>
  detail::field_binding begin_binding_in(M C::*base_member) {
    detail::field_binding b;
    b.owner = detail::type_key<Owner>();
    b.owner_name = owner_label(b.owner);
    const M Owner::*member = detail::as_member_of<Owner>(base_member);  // registrations hold Owner's
    std::apply(
        [&](const auto&... f) {
          auto match = [&](const auto& nm) {
            if constexpr (std::is_same_v<std::remove_cvref_t<decltype(nm.member)>, M Owner::*>)
              if (nm.member == member) b.name = nm.name;
          };
          (match(f), ...);
        },
        detail::registered_fields<Owner>());
    std::unique_ptr<Owner> probe(detail::new_object<Owner>());
    b.offset = static_cast<std::size_t>(reinterpret_cast<const char*>(&((*probe).*member)) -
                                        reinterpret_cast<const char*>(probe.get()));
    if (b.name.empty())  // a member pointer has no name: its place and type say which
      throw finitization_error("the member of " + b.owner_name + " at byte " + std::to_string(b.offset) + " (a " +
                               detail::demangle(typeid(M).name()) +
                               ") is not listed in its SMALLSCOPE_FIELDS: list it there to bind it");
    return b;
  }

  template <class C, class M, class D>
  void bind_contents(M C::*member, const D& domain) {
    auto b = begin_binding(member);
    auto content = std::make_shared<detail::content_member>();
    content->shape = detail::content_binding<M, D>::shape(domain, where(b));
    content->build = [](void* m, const detail::content_shape& shape, const std::uint64_t* slots,
                        const detail::content_context& ctx) {
      M& value = *static_cast<M*>(m);
      detail::disown_contents(value);
      detail::content_binding<M, D>::build(value, shape, slots, ctx);
    };
    content->disown = [](void* m) { detail::disown_contents(*static_cast<M*>(m)); };
    b.member_bytes = static_cast<std::uint32_t>(sizeof(M));
    b.value_size = 8;
    resolve_contents(b, content->shape);
    b.content = std::move(content);
    finish_binding(std::move(b));
  }
  // Checks the object sets of a content shape and fills in what its iterators point into.
  void resolve_contents(const detail::field_binding& b, detail::content_shape& shape);

  // Binds the elements of `array` (bind() sets them) as counted by `count` + extra.
  template <class C, class A, class B, class I, class Bind>
  void bind_counted(A C::*array, I B::*count, int extra, Bind bind) {
    const auto at = count_binding(begin_binding_in<C>(count), 0, 0);  // checks the count first
    const std::size_t counted_before = data_.bindings[at].counts;
    const std::size_t before = data_.bindings.size();
    try {
      live_.counted(array, count, extra);  // slots past count + extra: no part of the structure
    } catch (const std::invalid_argument& e) {
      throw finitization_error(where(data_.bindings[at]) + ": " + e.what());
    }
    bind();
    count_binding(begin_binding_in<C>(count), detail::fixed_size_v<A>, extra);
    // The element slots follow the count's (after those of arrays it counts already), as an
    // array's follow its length.
    std::rotate(data_.bindings.begin() + static_cast<std::ptrdiff_t>(at + 1 + counted_before),
                data_.bindings.begin() + static_cast<std::ptrdiff_t>(before), data_.bindings.end());
  }

  template <class V, class Domain>
  void bind_value(detail::field_binding b, const Domain& domain) {
    if constexpr (std::is_pointer_v<V>)
      bind_objects<V>(std::move(b), domain);
    else
      bind_integers<V>(std::move(b), domain);
  }

  template <class T>
  void bind_integers(detail::field_binding b, const int_set& values) {
    static_assert(!std::is_pointer_v<T>, "a pointer field takes an object set, not integers");
    b.value_size = sizeof(T);
    b.encode = &detail::encode_integer<T>;
    b.is_bool = std::is_same_v<T, bool>;
    if (values.symbolic()) {
      if (b.is_bool || sizeof(T) < 4)
        throw finitization_error(where(b) + ": symbolic_ints() needs an integer field of 32 bits or more");
      b.symbolic = true;  // the state space gives each field its own values (state_space.cpp)
      require_symbolic_room(b);
    } else {
      b.values = integer_domain<T>(b, values, "value");
    }
    finish_binding(std::move(b));
  }

  template <class P, class U>
  void bind_objects(detail::field_binding b, const object_set<U>& objects) {
    static_assert(std::is_pointer_v<P>, "an integer field takes an int_set, not objects");
    static_assert(std::is_same_v<std::remove_cv_t<std::remove_pointer_t<P>>, U>,
                  "the object set's class must be the class the field points to");
    b.value_size = sizeof(P);
    b.values = object_domain(b, objects);
    finish_binding(std::move(b));
  }

  // The place of `count`'s binding, marked as the count of one more array of n elements (n = 0:
  // only checked); throws when it is not bound yet or is not an integer field.
  std::size_t count_binding(const detail::field_binding& count, std::size_t n, int extra);

  template <class A>
  using element_value = typename detail::member_access<detail::fixed_element_t<A>>::value;

  template <class C, class A>
  detail::field_binding element_binding(A C::*member, std::size_t i) {
    auto b = begin_binding(member);
    b.offset += i * sizeof(detail::fixed_element_t<A>);
    b.name += "[" + std::to_string(i) + "]";
    return b;
  }

  // Member `inner` of element i of the array of structs `array`: "child_[2].left".
  template <class C, class A, class S, class M>
  detail::field_binding struct_element_binding(A C::*array, M S::*inner, std::size_t i) {
    auto b = begin_binding(array);
    b.name += "[" + std::to_string(i) + "]." + inner_name(inner, b.name);
    const std::unique_ptr<S> probe(detail::new_object<S>());
    b.offset += i * sizeof(S) + static_cast<std::size_t>(reinterpret_cast<const char*>(&((*probe).*inner)) -
                                                          reinterpret_cast<const char*>(probe.get()));
    return b;
  }

  // The registered name of `inner` in S; throws naming `outer` when S's SMALLSCOPE_FIELDS does
  // not list it.
  template <class S, class M>
  std::string inner_name(M S::*base_inner, const std::string& outer) {
    const M S::*inner = detail::as_member_of<S>(base_inner);
    std::string name;
    std::apply(
        [&](const auto&... f) {
          auto match = [&](const auto& nm) {
            if constexpr (std::is_same_v<std::remove_cvref_t<decltype(nm.member)>, M S::*>)
              if (nm.member == inner) name = nm.name;
          };
          (match(f), ...);
        },
        detail::registered_fields<S>());
    if (name.empty())
      throw finitization_error("a field of " + outer + " (" + detail::demangle(typeid(S).name()) +
                               ") is not listed in its SMALLSCOPE_FIELDS");
    return name;
  }

  template <class C, class S, class M>
  detail::field_binding begin_nested_binding(S C::*outer, M S::*inner) {
    auto b = begin_binding(outer);
    const std::string name = inner_name(inner, b.name);
    const std::unique_ptr<S> probe(detail::new_object<S>());
    b.offset += static_cast<std::size_t>(reinterpret_cast<const char*>(&((*probe).*inner)) -
                                         reinterpret_cast<const char*>(probe.get()));
    b.name += "." + name;
    return b;
  }

  template <class C, class A>  // A: array<T>, vector<T> or std::vector<T>
  detail::field_binding begin_array_binding(A C::*member, const int_set& lengths) {
    auto b = begin_binding(member);
    b.is_array = true;
    b.member_bytes = static_cast<std::uint32_t>(sizeof(A));
    if constexpr (detail::is_std_vector_v<A>) {
      if (!detail::std_vector_layout_known<typename A::value_type>())
        throw finitization_error(where(b) + ": this standard library's std::vector is not three pointers (begin, end, " +
                                 "end of storage); declare the member as smallscope::vector instead");
      b.bind_storage = &detail::bind_std_vector_storage<A>;
      b.unbind_storage = &detail::unbind_std_vector_storage<A>;
      b.length_is_end_pointer = true;
    } else {
      b.bind_storage = &detail::bind_array_storage<A>;
    }
    b.lengths = integer_domain<int>(b, lengths, "length");
    for (auto n : lengths.values())
      if (n < 0) throw finitization_error(where(b) + ": array lengths must be >= 0, got " + std::to_string(n));
    return b;
  }

  template <class T>
  detail::value_set integer_domain(const detail::field_binding& b, const int_set& s, const char* what) {
    if (s.values().empty()) throw finitization_error(where(b) + ": empty " + what + " domain");
    for (auto v : s.values())
      if (!detail::fits<T>(v))
        throw finitization_error(where(b) + ": " + what + " " + std::to_string(v) +
                                 " does not fit the field's type");
    detail::value_set vs;
    vs.integers = s.values();
    return vs;
  }

  template <class U>
  detail::value_set object_domain(const detail::field_binding& b, const object_set<U>& s) {
    detail::value_set vs;
    vs.is_objects = true;
    vs.null_allowed = s.null_allowed();
    vs.class_domains = s.class_domains();
    for (std::size_t k = 0; k < vs.class_domains.size(); ++k) {
      const auto id = vs.class_domains[k];
      if (id >= data_.class_domains.size() || data_.class_domains[id].type != s.types()[k])
        throw finitization_error(where(b) + ": a class domain of another finitization");
    }
    if (!vs.null_allowed && vs.class_domains.empty())
      throw finitization_error(where(b) + ": empty object domain");
    return vs;
  }

  // At most max_symbolic_keys objects of the field's class so far.
  void require_symbolic_room(const detail::field_binding& b) const;
  std::string owner_label(const void* type) const;
  // A class with several class domains: its fields are named after the C++ class, not after
  // one of its domains ("node.left", not "Header.left").
  void name_shared_type(const void* type);
  static std::string where(const detail::field_binding& b) { return "field " + b.owner_name + "." + b.name; }
  void finish_binding(detail::field_binding b);

  detail::finitization_data data_;
  live_part live_;
  std::shared_ptr<void> own_allocation_;  // held while a class domain has its own operator new
};

}  // namespace smallscope
