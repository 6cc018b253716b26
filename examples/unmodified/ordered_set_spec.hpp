// What smallscope needs to test ordset::ordered_set (include/ordset/ordered_set.hpp) as it is
// written: the fields registered (private ones too), the invariant, the finitizations, the
// postconditions and the methods under test. The build compiles the tests and the library from
// copies in which every field read is observed (smallscope_instrument in CMakeLists.txt).
#pragma once

#include <cstdint>
#include <set>
#include <vector>

#include "ordset/ordset.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/small_set.hpp"

// A key type of two fields, ordered by x, then y.
namespace geometry {
struct point {
  int x = 0;
  int y = 0;
  friend bool operator<(const point& a, const point& b) { return a.x != b.x ? a.x < b.x : a.y < b.y; }
};
SMALLSCOPE_FIELDS(point, x, y)
}  // namespace geometry

using int_set = ordset::ordered_set<int>;
using point_set = ordset::ordered_set<geometry::point>;

// The library's private members and its private node type, registered as they are.
namespace ordset {
SMALLSCOPE_FIELDS(int_set, root_, size_)
SMALLSCOPE_FIELDS(int_set::node, key, left, right)
SMALLSCOPE_CONSTRUCTOR_ARGS(int_set::node, 0)
SMALLSCOPE_FIELDS(point_set, root_, size_)
SMALLSCOPE_FIELDS(point_set::node, key, left, right)
SMALLSCOPE_CONSTRUCTOR_ARGS(point_set::node, geometry::point{})
}  // namespace ordset

namespace ordered_set_spec {

// The invariant: the nodes form a tree (each reached once, breadth first), size_ counts them and
// the keys strictly increase in order under the set's own comparator.
template <class Set, class Node>
bool ordered(const Set& s, const Node* n, const Node* low, const Node* high) {
  if (low != nullptr && !s.less_(low->key, n->key)) return false;
  if (high != nullptr && !s.less_(n->key, high->key)) return false;
  if (n->left != nullptr && !ordered(s, n->left, low, n)) return false;
  if (n->right != nullptr && !ordered(s, n->right, n, high)) return false;
  return true;
}

template <class Set>
bool well_formed(const Set& s) {
  using node = typename Set::node;
  if (s.root_ == nullptr) return s.size_ == 0;
  smallscope::small_set<const node*> seen;
  seen.insert(s.root_);
  for (std::size_t head = 0; head < seen.size(); ++head) {
    const node* n = seen[head];
    if (n->left != nullptr && !seen.insert(n->left)) return false;
    if (n->right != nullptr && !seen.insert(n->right)) return false;
  }
  if (seen.size() != s.size_) return false;
  return ordered(s, s.root_, static_cast<const node*>(nullptr), static_cast<const node*>(nullptr));
}
inline bool int_set_ok(const int_set& s) { return well_formed(s); }
inline bool point_set_ok(const point_set& s) { return well_formed(s); }

inline smallscope::finitization int_fin(std::uint32_t nodes, std::int64_t keys) {
  auto f = smallscope::finitization::of<int_set>("OrderedSet");
  auto n = f.objects<int_set::node>("Node", nodes);
  f.set(&int_set::root_, n.or_null());
  f.set(&int_set::size_, smallscope::ints(0, nodes));
  f.set(&int_set::node::key, smallscope::ints(0, keys > 0 ? keys - 1 : 0));
  f.set(&int_set::node::left, n.or_null());
  f.set(&int_set::node::right, n.or_null());
  return f;
}

inline smallscope::finitization point_fin(std::uint32_t nodes) {
  auto f = smallscope::finitization::of<point_set>("PointSet");
  auto n = f.objects<point_set::node>("Node", nodes);
  f.set(&point_set::root_, n.or_null());
  f.set(&point_set::size_, smallscope::ints(0, nodes));
  f.set(&point_set::node::key, &geometry::point::x, smallscope::ints(0, 1));
  f.set(&point_set::node::key, &geometry::point::y, smallscope::ints(0, 1));
  f.set(&point_set::node::left, n.or_null());
  f.set(&point_set::node::right, n.or_null());
  return f;
}

inline std::uint64_t count(const smallscope::finitization& f, const smallscope::predicate& p) {
  smallscope::structure_range range(f, p);
  std::uint64_t n = 0;
  for ([[maybe_unused]] const auto& s : range) ++n;
  return n;
}

// Search trees of at most `nodes` nodes over `keys` ordered keys: sum of C(keys, k) * Catalan(k).
inline std::uint64_t search_trees(std::uint64_t nodes, std::uint64_t keys) {
  std::uint64_t total = 0;
  for (std::uint64_t k = 0; k <= nodes && k <= keys; ++k) {
    std::uint64_t choose = 1, catalan = 1;
    for (std::uint64_t i = 1; i <= k; ++i) choose = choose * (keys - k + i) / i;
    for (std::uint64_t i = 0; i < k; ++i) catalan = catalan * 2 * (2 * i + 1) / (i + 2);
    total += choose * catalan;
  }
  return total;
}

// The keys in order (at most 100 nodes, so a broken post-state ends too).
inline void walk(const int_set::node* n, std::vector<int>& out) {
  if (n == nullptr || out.size() > 100) return;
  walk(n->left, out);
  out.push_back(n->key);
  walk(n->right, out);
}
inline std::set<int> keys(const int_set& s) {
  std::vector<int> in_order;
  walk(s.root_, in_order);
  return {in_order.begin(), in_order.end()};
}

inline void insert_post(smallscope::verdict& v, const int_set& old, const int_set& now, bool added, int k) {
  std::set<int> expected = keys(old);
  v.require(added == expected.insert(k).second, "returns whether k was absent");
  v.require(keys(now) == expected, "the keys are the old ones and k");
}
inline void erase_post(smallscope::verdict& v, const int_set& old, const int_set& now, std::size_t removed, int k) {
  std::set<int> expected = keys(old);
  v.require(removed == expected.erase(k), "returns how many keys it removed");
  v.require(keys(now) == expected, "the keys are the old ones less k");
}
inline void erase_range_post(smallscope::verdict& v, const int_set& old, const int_set& now, std::size_t removed, int lo,
                      int hi) {
  std::set<int> expected = keys(old);
  std::size_t in_range = 0;
  for (int k = lo; k < hi; ++k) in_range += expected.erase(k);
  v.require(removed == in_range, "returns how many keys were in [lo, hi)");
  v.require(keys(now) == expected, "the keys in [lo, hi) are gone, the others stay");
}
inline void clear_post(smallscope::verdict& v, const int_set&, const int_set& now) {
  v.require(now.empty() && keys(now).empty(), "the set is empty");
}

inline const smallscope::target_method& insert_method() {
  static const auto m = SMALLSCOPE_METHOD_WITH_INVARIANT(int_set::insert, ordered_set_spec::insert_post,
                                                         ordered_set_spec::int_set_ok, smallscope::ints(-1, 4));
  return m;
}
inline const smallscope::target_method& erase_method() {
  static const auto m = smallscope::make_method<smallscope::overload<std::size_t(const int&)>(&int_set::erase),
                                                &erase_post, &int_set_ok>(
      "erase", {smallscope::ints(-1, 4)}, "int_set::erase", "ordered_set_spec::erase_post", "",
      "ordered_set_spec::int_set_ok");
  return m;
}
inline const smallscope::target_method& erase_range_method() {
  static const auto m =
      smallscope::make_method<smallscope::overload<std::size_t(const int&, const int&)>(&int_set::erase),
                              &erase_range_post, &int_set_ok>("erase_range", {smallscope::ints(0, 4), smallscope::ints(0, 4)},
                                                              "int_set::erase", "ordered_set_spec::erase_range_post", "",
                                                              "ordered_set_spec::int_set_ok");
  return m;
}

}  // namespace ordered_set_spec

