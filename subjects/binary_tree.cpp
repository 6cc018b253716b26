// Registers BinaryTree (Korat 1.0's finBinaryTree) with the command line.
#include "subjects/binary_tree.hpp"

#include "smallscope/subject.hpp"

SMALLSCOPE_SUBJECT(binary_tree) {
  using namespace subjects::binary_tree;
  smallscope::subject s;
  s.name = "BinaryTree";
  s.summary = "binary trees of nodes with left, right and a size (Korat example)";
  s.parameters = {{"nodes", "number of Node objects", 0, 64},
                  {"minSize", "least value of size", 0, 64},
                  {"maxSize", "greatest value of size", 0, 64}};
  s.scope = [](std::int64_t n) { return std::vector<std::int64_t>{n, n, n}; };
  s.scope_min = 0;
  s.scope_max = 64;
  s.make = [](std::span<const std::int64_t> p) {
    return smallscope::subject_instance{fin(p[0], p[1], p[2]), smallscope::make_predicate(&tree::rep_ok)};
  };
  return s;
}
