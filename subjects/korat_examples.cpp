// Registers the first six of Korat 1.0's example subjects with the command line. Each keeps
// Korat's parameters and its one-argument finitization finX(n) (registration.hpp).
#include <algorithm>
#include <cstddef>
#include <type_traits>
#include <string>
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/binary_tree.hpp"
#include "subjects/doubly_linked_list.hpp"
#include "subjects/heap_array.hpp"
#include "subjects/red_black_tree.hpp"
#include "subjects/registration.hpp"
#include "subjects/search_tree.hpp"
#include "subjects/singly_linked_list.hpp"

using namespace subjects::registration;

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
        return smallscope::subject_instance{fin(p[0], p[1], p[2]), smallscope::make_predicate<&tree::rep_ok>(), {}, {},
                                            smallscope::make_predicate<&tree::rep_ok_generators>()};
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
        const std::vector<smallscope::argument_domain> key = {smallscope::argument_domain::of(smallscope::ints(p[3], p[4]))};
        return smallscope::subject_instance{
            fin(p[0], p[1], p[2], p[3], p[4]), smallscope::make_predicate<&tree::rep_ok>(),
            {smallscope::make_method<&tree::add, &add_post>("add", key, "add", "add_post", "adds a key"),
             smallscope::make_method<&tree::remove, &remove_post>("remove", key, "remove", "remove_post",
                                                                  "removes a key"),
             smallscope::make_method<&tree::remove_mutant, &remove_post>(
                 "remove_mutant", key, "remove_mutant", "remove_post",
                 "seeded bug of paper 000 Sec. 8.3: temp = left.right in removeNode's loop"),
             smallscope::make_method<&add_then_remove, &add_then_remove_post>(
                 "add_then_remove", key, "add_then_remove", "add_then_remove_post",
                 "the axiom t.add(e).remove(e) == t for an absent e (paper 000 Sec. 6.3)"),
             smallscope::make_method<&add_then_remove_model, &add_then_remove_model_post>(
                 "add_then_remove_model", {key[0], key[0]}, "add_then_remove_model", "add_then_remove_model_post",
                 "add(a) then remove(b) agrees with std::set (paper 000 Sec. 6.3)")},
            {},
            smallscope::make_predicate<&tree::rep_ok_generators>()};
      },
      "subjects/search_tree.hpp");
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
        return smallscope::subject_instance{
            fin(p[0], p[1], p[2]), smallscope::make_predicate<&heap::rep_ok>(),
            {smallscope::make_method<&heap::insert, &insert_post>(
                 "insert", {smallscope::argument_domain::of(smallscope::ints(-1, p[2]))}, "insert", "insert_post",
                 "inserts a key (false when the array is full or the key is -1); keys are the elements' domain"),
             smallscope::make_method<&heap::extract_max, &extract_max_post>(
                 "extract_max", {}, "extract_max", "extract_max_post", "removes and returns the largest key")},
            {},
            smallscope::make_predicate<&heap::rep_ok_generators>()};
      },
      "subjects/heap_array.hpp");
}

// Korat's two list examples share their parameters: finX(minSize, maxSize, numEntries,
// numElems), with finX(n) = (n, n, n+1, n+1).
template <auto RepOk, auto WithGenerators = nullptr, class Fin, class Methods>
smallscope::subject linked_list_subject(std::string name, std::string summary, Fin fin, Methods methods,
                                        std::string header) {
  std::vector<fin_parameter> ps = {size_bound("minSize", "least value of size"),
                                   size_bound("maxSize", "greatest value of size"),
                                   size_bound("entries", "number of Entry objects"),
                                   size_bound("elements", "number of element objects")};
  return korat_subject(
      std::move(name), std::move(summary), ps, [](std::int64_t n) { return params{n, n, n + 1, n + 1}; },
      [ps, fin, methods](std::span<const std::int64_t> p) {
        require_ordered(p, 0, 1, ps);
        smallscope::subject_instance instance{fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<RepOk>(), methods()};
        if constexpr (!std::is_same_v<decltype(WithGenerators), std::nullptr_t>)
          instance.with_generators = smallscope::make_predicate<WithGenerators>();
        return instance;
      },
      std::move(header));
}

SMALLSCOPE_SUBJECT(singly_linked_list) {
  namespace sll = subjects::singly_linked_list;
  return linked_list_subject<&sll::list::rep_ok, &sll::list::rep_ok_generators>(
      "SinglyLinkedList", "acyclic lists with a header entry and a size (Korat example)", &sll::fin,
      [] {
        const std::vector<smallscope::argument_domain> element = {smallscope::argument_domain::objects("Object", true)};
        return std::vector<smallscope::target_method>{
            smallscope::make_method<&sll::list::add, &sll::add_post>("add", element, "add", "add_post",
                                                                     "appends an element"),
            smallscope::make_method<&sll::list::remove, &sll::remove_post>(
                "remove", element, "remove", "remove_post", "removes the first entry holding an element"),
            smallscope::make_method<&sll::list::remove_null_deref, &sll::remove_post>(
                "remove_null_deref", element, "remove_null_deref", "remove_post",
                "seeded bug: remove without the end-of-list check (dereferences null)")};
      },
      "subjects/singly_linked_list.hpp");
}

SMALLSCOPE_SUBJECT(doubly_linked_list) {
  namespace dll = subjects::doubly_linked_list;
  return linked_list_subject<&dll::list::rep_ok>(
      "DoublyLinkedList", "circular doubly linked lists with a header entry and a size (Korat example)", &dll::fin,
      [] {
        const std::vector<smallscope::argument_domain> element = {smallscope::argument_domain::objects("Object", true)};
        return std::vector<smallscope::target_method>{
            smallscope::make_method<&dll::list::add, &dll::add_post>("add", element, "add", "add_post",
                                                                     "appends an element"),
            smallscope::make_method<&dll::list::remove, &dll::remove_post>(
                "remove", element, "remove", "remove_post", "removes the first entry holding an element")};
      },
      "subjects/doubly_linked_list.hpp");
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
        const std::vector<smallscope::argument_domain> key = {
            smallscope::argument_domain::of(smallscope::ints(0, std::max<std::int64_t>(p[3] - 1, 0)))};
        return smallscope::subject_instance{
            fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<&tree::rep_ok>(),
            {smallscope::make_method<&tree::insert, &insert_post>("insert", key, "insert", "insert_post",
                                                                  "inserts a key (TreeMap.put)"),
             smallscope::make_method<&tree::remove, &remove_post>("remove", key, "remove", "remove_post",
                                                                  "removes a key (TreeMap.remove)"),
             smallscope::make_method<&tree::find, &find_post>("find", key, "find", "find_post",
                                                              "whether a key is in the tree (TreeMap.containsKey)"),
             smallscope::make_method<&tree::insert_unbalanced, &insert_post>(
                 "insert_unbalanced", key, "insert_unbalanced", "insert_post",
                 "seeded bug: insert whose fix-up skips a recolouring")},
            {},
            smallscope::make_predicate<&tree::rep_ok_generators>()};
      },
      "subjects/red_black_tree.hpp");
}
