// Registers the subjects of worst-case and amortized cost (docs/COST.md): AvlTree and
// SplayTree, finX(n) = (n nodes, keys 0..n-1), and TwoListQueue, finX(n) = (n nodes, one value),
// each with a seeded performance bug that keeps every postcondition.
#include <algorithm>
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/avl_tree.hpp"
#include "subjects/registration.hpp"
#include "subjects/splay_tree.hpp"
#include "subjects/two_list_queue.hpp"

using namespace subjects::registration;

namespace {

std::vector<fin_parameter> tree_parameters() {
  return {size_bound("nodes", "number of Node objects"),
          {"keys", "number of keys: keys range over 0..keys-1, and so do the methods' arguments", 1, 1000}};
}

std::vector<smallscope::argument_domain> key_domain(std::int64_t keys) {
  return {smallscope::argument_domain::of(smallscope::ints(0, keys - 1))};
}

}  // namespace

SMALLSCOPE_SUBJECT(avl_tree) {
  namespace avl = subjects::avl_tree;
  return korat_subject(
      "AvlTree", "AVL trees of int keys with heights and a size; the invariant is a search tree's (cost subject)",
      tree_parameters(), [](std::int64_t n) { return params{n, std::max<std::int64_t>(n, 1)}; },
      [](std::span<const std::int64_t> p) {
        const auto key = key_domain(p[1]);
        return smallscope::subject_instance{
            avl::fin(p[0], p[1]), smallscope::make_predicate<&avl::tree::rep_ok>(),
            {smallscope::make_method<&avl::tree::insert, &avl::insert_post>("insert", key, "insert", "insert_post",
                                                                            "adds a key, rebalancing"),
             smallscope::make_method<&avl::tree::insert_skipping_rotation, &avl::insert_post>(
                 "insert_skipping_rotation", key, "insert_skipping_rotation", "insert_post",
                 "seeded performance bug: the left-left case is not rotated"),
             smallscope::make_method<&avl::tree::find, &avl::find_post>("find", key, "find", "find_post",
                                                                        "whether a key is present")}};
      },
      "subjects/avl_tree.hpp");
}

SMALLSCOPE_SUBJECT(splay_tree) {
  namespace splay = subjects::splay_tree;
  return korat_subject(
      "SplayTree", "splay trees of int keys with a size; the invariant is a search tree's (cost subject)",
      tree_parameters(), [](std::int64_t n) { return params{n, std::max<std::int64_t>(n, 1)}; },
      [](std::span<const std::int64_t> p) {
        const auto key = key_domain(p[1]);
        return smallscope::subject_instance{
            splay::fin(p[0], p[1]), smallscope::make_predicate<&splay::tree::rep_ok>(),
            {smallscope::make_method<&splay::tree::insert, &splay::insert_post>(
                 "insert", key, "insert", "insert_post", "adds a key, splaying its place to the root"),
             smallscope::make_method<&splay::tree::find, &splay::find_post>(
                 "find", key, "find", "find_post", "whether a key is present, splaying its place to the root"),
             smallscope::make_method<&splay::tree::insert_without_splay, &splay::insert_post>(
                 "insert_without_splay", key, "insert_without_splay", "insert_post",
                 "seeded performance bug: inserts at a leaf without splaying"),
             smallscope::make_method<&splay::tree::find_without_splay, &splay::find_post>(
                 "find_without_splay", key, "find_without_splay", "find_post",
                 "seeded performance bug: searches without splaying")}};
      },
      "subjects/splay_tree.hpp");
}

SMALLSCOPE_SUBJECT(two_list_queue) {
  namespace q = subjects::two_list_queue;
  std::vector<fin_parameter> ps = {size_bound("nodes", "number of Node objects"),
                                   {"values", "number of values: values range over 0..values-1, and so do enqueue's "
                                              "arguments", 1, 1000}};
  return korat_subject(
      "TwoListQueue",
      "FIFO queues of at most 16 ints in a front and a rear list; dequeue reverses the rear when the front is "
      "empty (amortized cost subject)",
      ps, [](std::int64_t n) { return params{n, 1}; },
      [](std::span<const std::int64_t> p) {
        const std::vector<smallscope::argument_domain> value = {
            smallscope::argument_domain::of(smallscope::ints(0, p[1] - 1))};
        return smallscope::subject_instance{
            q::fin(p[0], p[1]), smallscope::make_predicate<&q::queue::rep_ok>(),
            {smallscope::make_method<&q::queue::enqueue, &q::enqueue_post>("enqueue", value, "enqueue", "enqueue_post",
                                                                           "adds a value at the back"),
             smallscope::make_method<&q::queue::dequeue, &q::dequeue_post>("dequeue", {}, "dequeue", "dequeue_post",
                                                                           "removes the oldest value"),
             smallscope::make_method<&q::queue::dequeue_normalizing, &q::dequeue_post>(
                 "dequeue_normalizing", {}, "dequeue_normalizing", "dequeue_post",
                 "seeded performance bug: moves the rear onto the front's end on every dequeue")}};
      },
      "subjects/two_list_queue.hpp");
}
