// Registers Korat 1.0's example subjects with the command line. Each keeps Korat's parameters
// and its one-argument finitization finX(n), so `smallscope gen X n` means Korat's finX(n).
#include <string>
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/binary_tree.hpp"
#include "subjects/doubly_linked_list.hpp"
#include "subjects/heap_array.hpp"
#include "subjects/red_black_tree.hpp"
#include "subjects/search_tree.hpp"
#include "subjects/singly_linked_list.hpp"

namespace {

using params = std::vector<std::int64_t>;
using smallscope::fin_parameter;
constexpr std::int64_t max_objects = 64;

smallscope::subject korat_subject(std::string name, std::string summary, std::vector<fin_parameter> parameters,
                                  std::function<params(std::int64_t)> scope,
                                  std::function<smallscope::subject_instance(std::span<const std::int64_t>)> make) {
  smallscope::subject s;
  s.name = std::move(name);
  s.summary = std::move(summary);
  s.parameters = std::move(parameters);
  s.scope = std::move(scope);
  s.scope_min = 0;
  s.scope_max = max_objects;
  s.make = std::move(make);
  return s;
}

fin_parameter size_bound(const char* name, const char* help) { return {name, help, 0, max_objects}; }

// Korat's integer sets need min <= max; say which parameters are out of order.
void require_ordered(std::span<const std::int64_t> p, std::size_t lo, std::size_t hi,
                     const std::vector<fin_parameter>& names) {
  if (p[lo] > p[hi])
    throw smallscope::finitization_error(names[lo].name + " (" + std::to_string(p[lo]) + ") must be <= " +
                                         names[hi].name + " (" + std::to_string(p[hi]) + ")");
}

}  // namespace

SMALLSCOPE_SUBJECT(binary_tree) {
  using namespace subjects::binary_tree;
  std::vector<fin_parameter> ps = {size_bound("nodes", "number of Node objects"),
                                   size_bound("minSize", "least value of size"),
                                   size_bound("maxSize", "greatest value of size")};
  return korat_subject(
      "BinaryTree", "binary trees: nodes with left and right, and a size (Korat example)", ps,
      [](std::int64_t n) { return params{n, n, n}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 1, 2, ps);
        return smallscope::subject_instance{fin(p[0], p[1], p[2]), smallscope::make_predicate<&tree::rep_ok>()};
      });
}

SMALLSCOPE_SUBJECT(search_tree) {
  using namespace subjects::search_tree;
  std::vector<fin_parameter> ps = {size_bound("nodes", "number of Node objects"),
                                   size_bound("minSize", "least value of size"),
                                   size_bound("maxSize", "greatest value of size"),
                                   {"minInfo", "least key", -1000000, 1000000},
                                   {"maxInfo", "greatest key", -1000000, 1000000}};
  return korat_subject(
      "SearchTree", "binary search trees of int keys with a size (Korat example, paper 000 Fig. 1)", ps,
      [](std::int64_t n) { return params{n, n, n, 0, n - 1}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 1, 2, ps);
        require_ordered(p, 3, 4, ps);
        return smallscope::subject_instance{fin(p[0], p[1], p[2], p[3], p[4]),
                                            smallscope::make_predicate<&tree::rep_ok>()};
      });
}

SMALLSCOPE_SUBJECT(heap_array) {
  using namespace subjects::heap_array;
  std::vector<fin_parameter> ps = {size_bound("maxSize", "greatest value of size"),
                                   size_bound("maxLength", "greatest array length"),
                                   {"maxValue", "greatest element (elements range over -1..maxValue)", 0, 1000000}};
  return korat_subject(
      "HeapArray", "max-heaps in an int array with a size (Korat example)", ps,
      [](std::int64_t n) { return params{n, n, n}; },
      [](std::span<const std::int64_t> p) {
        return smallscope::subject_instance{fin(p[0], p[1], p[2]), smallscope::make_predicate<&heap::rep_ok>()};
      });
}

// Korat's two list examples share their parameters: finX(minSize, maxSize, numEntries,
// numElems), with finX(n) = (n, n, n+1, n+1).
template <auto RepOk, class Fin>
smallscope::subject linked_list_subject(std::string name, std::string summary, Fin fin) {
  std::vector<fin_parameter> ps = {size_bound("minSize", "least value of size"),
                                   size_bound("maxSize", "greatest value of size"),
                                   size_bound("entries", "number of Entry objects"),
                                   size_bound("elements", "number of element objects")};
  return korat_subject(
      std::move(name), std::move(summary), ps, [](std::int64_t n) { return params{n, n, n + 1, n + 1}; },
      [ps, fin](std::span<const std::int64_t> p) {
        require_ordered(p, 0, 1, ps);
        return smallscope::subject_instance{fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<RepOk>()};
      });
}

SMALLSCOPE_SUBJECT(singly_linked_list) {
  namespace sll = subjects::singly_linked_list;
  return linked_list_subject<&sll::list::rep_ok>(
      "SinglyLinkedList", "acyclic lists with a header entry and a size (Korat example)", &sll::fin);
}

SMALLSCOPE_SUBJECT(doubly_linked_list) {
  namespace dll = subjects::doubly_linked_list;
  return linked_list_subject<&dll::list::rep_ok>(
      "DoublyLinkedList", "circular doubly linked lists with a header entry and a size (Korat example)", &dll::fin);
}

SMALLSCOPE_SUBJECT(red_black_tree) {
  using namespace subjects::red_black_tree;
  std::vector<fin_parameter> ps = {size_bound("entries", "number of Node objects"),
                                   size_bound("minSize", "least value of size"),
                                   size_bound("maxSize", "greatest value of size"),
                                   {"keys", "number of keys (keys range over -1..keys-1)", 0, 1000000}};
  return korat_subject(
      "RedBlackTree", "red-black trees with parent pointers and a size (Korat example)", ps,
      [](std::int64_t n) { return params{n, n, n, n}; },
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 1, 2, ps);
        return smallscope::subject_instance{fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<&tree::rep_ok>()};
      });
}
