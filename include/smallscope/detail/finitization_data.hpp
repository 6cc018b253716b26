// The type-erased content of a finitization (paper 000, Sec. 3.2): class domains (ordered
// object sets of one class), field domains (unions of class domains, null, integer sets) and the
// binding of each field of each class to its field domain. The typed builder in
// finitization.hpp fills it; the state space (src/space) is built from it.
// Stage: space.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace smallscope::detail {

// The demangled name of a type_info name.
std::string demangle(const char* mangled);

// One address per type, the same in every translation unit.
template <class T>
const void* type_key() {
  static const char key = 0;
  return &key;
}

// A field domain: null (first, when allowed), then the objects of each class domain in order;
// or an ordered list of integers.
struct value_set {
  bool is_objects = false;
  bool null_allowed = false;
  std::vector<std::uint32_t> class_domains;  // objects: class domain ids, in order
  std::vector<std::int64_t> integers;        // integers: the values, in order
  std::vector<double> reals;                 // floating point (reals()): the values, in order
};

struct class_domain_data {
  std::string name;  // the label of its objects: name#0, name#1, ...
  const void* type = nullptr;
  std::string type_name;  // for messages
  std::string cpp_type;   // the C++ class, qualified: "subjects::search_tree::node"
  std::uint32_t count = 0;
  std::size_t size = 0;
  std::size_t align = 0;
  std::string constructor_args;  // SMALLSCOPE_CONSTRUCTOR_ARGS as written; empty for T()
  void (*construct)(void*) = nullptr;
  // Constructs by default-initialization (`new (p) C`, padding left as it was): the byte
  // accounting's probe (byte_accounting.hpp).
  void (*construct_plain)(void*) = nullptr;
  void (*destroy)(void*) = nullptr;
  bool polymorphic = false;  // its first pointer is the vtable's
  bool empty = false;        // no data members (std::is_empty): its one byte is no member
  bool own_allocation = false;  // it declares its own operator new or delete (allocation_watch.hpp)
  bool isomorphism_checked = true;
  std::vector<std::string> registered_fields;  // all tracked fields of the class
};

struct content_member;

// How one field of a class takes its values.
struct field_binding {
  const void* owner = nullptr;  // the class that declares the field
  std::string owner_name;
  std::string name;
  std::size_t offset = 0;      // of the field (or of the array) in its object
  std::uint8_t value_size = 0;  // bytes of one value (the element's, for arrays)
  std::uint64_t (*encode)(std::int64_t) = nullptr;  // integer -> its bytes in the field type
  std::uint64_t (*encode_real)(double) = nullptr;   // floating point -> its bytes in the field type
  bool is_bool = false;        // printed as false/true
  bool symbolic = false;       // symbolic_ints(): values materialized by order (paper 001)
  value_set values;            // the field domain (the elements' domain, for arrays)
  bool is_array = false;
  std::uint32_t member_bytes = 0;  // arrays: the bytes of the member in its object (sizeof)
  // An integer field that counts the live elements of fixed arrays of the same object
  // (set_counted): the element bindings of each array follow it, one group per array in the order
  // they were bound (`counts` in all), and the walk of a valid structure visits a group's elements
  // below the count + that group's extra only, so slots past them take no part in the structure.
  struct count_group {
    std::uint32_t size = 0;  // the array's elements
    std::int32_t extra = 0;  // live elements = count + extra
  };
  std::uint32_t counts = 0;
  std::vector<count_group> count_groups;
  // arrays: holds every object of values' one class domain, in index order, for the whole
  // search (Korat's addAll): each slot has that one value, and the search never reads or
  // increments it, so it takes no part in the field-access stack or isomorphism breaking.
  bool fixed = false;
  value_set lengths;           // arrays: the length domain
  // arrays: binds `capacity` element fields at `elements` to the array at `array`.
  void (*bind_storage)(void* array, void* elements, int capacity) = nullptr;
  // std::vector members (std_vector.hpp): the length slot is the vector's end pointer, and the
  // vector lets go of the arena's elements before its object is destroyed.
  bool length_is_end_pointer = false;
  void (*unbind_storage)(void* array) = nullptr;
  // A member that holds contents (contents.hpp): its shape and build; its slots (8 bytes each)
  // live in the arena after the objects and array storage, and the member is rebuilt from them.
  std::shared_ptr<const content_member> content;
};

// A member declared not part of the input (finitization::not_input): it keeps its constructed
// value in every input, as in every copy.
struct member_range {
  const void* owner = nullptr;  // the class whose objects hold it
  std::string owner_name;
  std::size_t offset = 0;
  std::size_t bytes = 0;
};

struct finitization_data {
  std::string subject;  // a label for messages and output
  std::vector<class_domain_data> class_domains;  // the root's first, with one object
  std::vector<field_binding> bindings;          // in the order of the set calls
  std::vector<member_range> not_input;          // in the order of the not_input calls
  // The structure explore's sequences start from (finitization::empty_structure): a new root,
  // and how it is built ("Cache(3)"). Empty: the root's default constructor or its
  // SMALLSCOPE_CONSTRUCTOR_ARGS.
  std::function<void*()> empty_structure;
  std::string empty_structure_text;
};

}  // namespace smallscope::detail
