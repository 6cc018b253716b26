// The objects a structure is made of, as the walks of heap.hpp see them: each object reachable
// from a root with its registered fields' values (object_graph, for pictures, reproducers and
// the cost's sizes), and what a deep copy copied where (copy_map). Paper 000, Sec. 6.1: the
// method's pre- and post-states.
// Stage: space.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace smallscope {

// One field value of an object of a graph: an integer (or bool), or a pointer.
struct graph_value {
  bool is_pointer = false;
  bool is_bool = false;
  bool is_unsigned = false;  // integer holds the value's bits (uint64 values above INT64_MAX wrap)
  bool is_char = false;      // a character type (char, signed/unsigned char, char8/16/32_t, wchar_t)
  bool is_enum = false;
  bool is_real = false;  // float or double: `real` holds it
  std::int64_t integer = 0;
  double real = 0;
  const void* target = nullptr;  // pointers: the object, or null
  // The C++ type of the value ("subjects::tree::color"), for code that must name it.
  std::string (*type_name)() = nullptr;
};

struct graph_field {
  std::string name;  // a member of a registered struct member is "key.major"
  bool is_array = false;
  graph_value value;                  // scalars
  std::vector<graph_value> elements;  // arrays: the elements below the length
  // A member that holds contents (contents.hpp): its value as text ("[(1, 10), (2, 20)]") and as
  // a C++ expression, in which an object is `$obj(ADDRESS)` and the object that holds the member
  // `$self` (reproducers replace both); the objects it points to, in visit order.
  bool is_contents = false;
  std::string text;
  std::string code;
  std::vector<const void*> targets;
  // Contents: the elements it holds at its top level (a sequence's length, a set's or map's
  // entries, 1 for an optional with a value); 0 for any other member.
  std::uint64_t entries = 0;
};

struct graph_object {
  const void* address = nullptr;
  const void* type = nullptr;  // detail::type_key of its class
  std::vector<graph_field> fields;
};

// The objects reachable from a root, depth-first and pre-order (the root first), each once.
struct object_graph {
  std::vector<graph_object> objects;
  // The position of `address` in objects, or -1.
  std::int64_t find(const void* address) const {
    for (std::size_t i = 0; i < objects.size(); ++i)
      if (objects[i].address == address) return static_cast<std::int64_t>(i);
    return -1;
  }
  // The structure's size as the cost analysis counts it (cost.hpp): the objects besides the root,
  // and the elements held by members that hold contents (a std::list's and a std::map's entries
  // are heap nodes as a linked list's are).
  std::uint64_t cost_size() const {
    std::uint64_t n = objects.empty() ? 0 : objects.size() - 1;
    for (const auto& o : objects)
      for (const auto& f : o.fields) n += f.entries;
    return n;
  }
};

// What a deep copy copied: each object (original, copy) with the root first, and each array's
// element storage (original, copy, bytes).
struct copy_map {
  std::vector<std::pair<const void*, void*>> objects;
  struct storage {
    const void* from;
    void* to;
    std::size_t bytes;
  };
  std::vector<storage> arrays;
};

}  // namespace smallscope
