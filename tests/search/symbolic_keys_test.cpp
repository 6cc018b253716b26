// Tests of symbolic keys (symbolic_ints, paper 001 Sec. 2.2.3): the search gives each key its
// order relations to the keys read before it, so the structures come out one per shape and
// order of keys. Checked against brute force (red-black trees by shape and colouring, as paper
// 001's TreeMap counts 1, 2, 2, 4, 8 are derived) and against a second engine: Korat with
// concrete keys 0..k-1, whose structures, keys replaced by their rank, are the same set.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/search.hpp"
#include "search/parallel_search.hpp"
#include "subjects/red_black_tree.hpp"
#include "subjects/search_tree.hpp"
#include "subjects/tree_map_lazy.hpp"

namespace {

namespace rbt = subjects::red_black_tree;

// Red-black trees with n nodes under paper 001's invariant, by shape and colouring: a black root,
// no red node with a red child, one black height. Independent of the search.
std::uint64_t brute_force_red_black(int n) {
  struct shape {
    const shape* left;
    const shape* right;
  };
  std::vector<std::vector<std::vector<shape>>> shapes(static_cast<std::size_t>(n) + 1);
  std::vector<std::vector<const shape*>> by_size(static_cast<std::size_t>(n) + 1);
  std::vector<std::unique_ptr<shape>> pool;
  by_size[0].push_back(nullptr);
  for (int m = 1; m <= n; ++m)
    for (int l = 0; l < m; ++l)
      for (const shape* a : by_size[l])
        for (const shape* b : by_size[m - 1 - l]) {
          pool.push_back(std::make_unique<shape>(shape{a, b}));
          by_size[m].push_back(pool.back().get());
        }
  // Colourings: count those with a valid black height, recursively by (shape, parent red).
  std::function<std::vector<std::uint64_t>(const shape*, bool)> heights = [&](const shape* s, bool parent_red) {
    // result[h]: colourings of s (with the parent's colour given) whose black height is h.
    std::vector<std::uint64_t> out(static_cast<std::size_t>(n) + 2, 0);
    if (s == nullptr) {
      out[0] = 1;
      return out;
    }
    for (const bool red : {false, true}) {
      if (red && parent_red) continue;
      const auto l = heights(s->left, red);
      const auto r = heights(s->right, red);
      for (std::size_t h = 0; h + 1 < out.size(); ++h) out[h + (red ? 0 : 1)] += l[h] * r[h];
    }
    return out;
  };
  std::uint64_t count = 0;
  for (const shape* s : by_size[static_cast<std::size_t>(n)]) {
    // A black root: colour it black by saying its parent is red.
    const auto h = heights(s, true);
    for (const auto c : h) count += c;
  }
  return count;
}

std::uint64_t count_structures(const smallscope::finitization& fin, const smallscope::predicate& pred) {
  std::uint64_t n = 0;
  for (const auto& s : smallscope::structures(fin, pred)) {
    (void)s;
    ++n;
  }
  return n;
}

TEST(SymbolicKeys, TreeMapCountsArePaper001s) {
  // Paper 001, Sec. 5.2: 8 trees of size 5, 17 of sizes 1..5, 84 black-box tests.
  const std::vector<std::uint64_t> expected = {1, 2, 2, 4, 8, 16, 33};
  const auto pred = smallscope::make_predicate<&rbt::tree::rep_ok_black_root>();
  std::uint64_t up_to_five = 0;
  for (int n = 1; n <= 7; ++n) {
    const auto symbolic = count_structures(subjects::tree_map_lazy::fin(n, n, n), pred);
    EXPECT_EQ(symbolic, expected[n - 1]) << "size " << n;
    EXPECT_EQ(symbolic, brute_force_red_black(n)) << "size " << n;
    // Korat with concrete keys 0..n-1 and n entries: the keys of a search tree are then its ranks.
    EXPECT_EQ(count_structures(subjects::tree_map::fin(n, n, n, n, 1), pred), symbolic) << "size " << n;
    if (n <= 5) up_to_five += symbolic;
  }
  EXPECT_EQ(up_to_five, 17u);
  EXPECT_EQ(count_structures(subjects::tree_map_lazy::fin(5, 1, 5), pred), 17u);
}

// A sorted list whose keys may repeat: the order of its keys is a weak order, so equal keys are a
// relation of their own.
struct cell {
  smallscope::field<cell*> next;
  smallscope::field<int> key;
};
SMALLSCOPE_FIELDS(cell, next, key)

struct sorted_cells {
  smallscope::field<cell*> first;
  bool rep_ok() const {
    std::set<const cell*> seen;
    for (const cell* c = first; c != nullptr; c = c->next) {
      if (!seen.insert(c).second) return false;
      if (c->next != nullptr && c->next->key < c->key) return false;
    }
    return true;
  }
};
SMALLSCOPE_FIELDS(sorted_cells, first)

smallscope::finitization cells_fin(int n, const smallscope::int_set& keys) {
  auto f = smallscope::finitization::of<sorted_cells>("Cells");
  auto c = f.objects<cell>("Cell", static_cast<std::uint32_t>(n));
  f.set(&sorted_cells::first, c.or_null());
  f.set(&cell::next, c.or_null());
  f.set(&cell::key, keys);
  return f;
}

// Every key replaced by its rank among the distinct keys of the same list.
std::vector<int> dense_ranks(std::vector<int> keys) {
  std::vector<int> sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  for (int& k : keys) k = static_cast<int>(std::lower_bound(sorted.begin(), sorted.end(), k) - sorted.begin());
  return keys;
}

std::string list_form(const sorted_cells& l) {
  std::vector<int> keys;
  for (const cell* c = l.first; c != nullptr; c = c->next) keys.push_back(c->key);
  std::string out;
  for (int k : dense_ranks(keys)) out += std::to_string(k) + " ";
  return out;
}

namespace st = subjects::search_tree;

void tree_keys(const st::node* n, std::vector<int>& keys) {
  if (n == nullptr) return;
  keys.push_back(n->info);
  tree_keys(n->left, keys);
  tree_keys(n->right, keys);
}

void tree_shape(const st::node* n, std::string& out) {
  out += n == nullptr ? "." : "(";
  if (n == nullptr) return;
  tree_shape(n->left, out);
  tree_shape(n->right, out);
  out += ")";
}

std::string tree_form(const st::tree& t) {
  std::vector<int> keys;
  tree_keys(t.root, keys);
  std::string out;
  tree_shape(t.root, out);
  for (int k : dense_ranks(keys)) out += " " + std::to_string(k);
  return out;
}

// The forms of a search's structures; `distinct` is false when two structures share a form.
template <class Root>
std::set<std::string> forms(const smallscope::finitization& fin, std::string (*form)(const Root&), bool& distinct) {
  std::set<std::string> out;
  distinct = true;
  for (const auto& s : smallscope::structures(fin, smallscope::make_predicate<&Root::rep_ok>()))
    distinct = out.insert(form(s.template root<Root>())).second && distinct;
  return out;
}

TEST(SymbolicKeys, OneStructurePerOrderOfKeysAsConcreteKeysGive) {
  for (int n = 1; n <= 5; ++n) {
    bool distinct = false, ignored = false;
    const auto symbolic = forms(cells_fin(n, smallscope::symbolic_ints()), &list_form, distinct);
    EXPECT_TRUE(distinct) << "two lists with one order of keys, " << n << " cells";
    EXPECT_EQ(symbolic, forms(cells_fin(n, smallscope::ints(0, n - 1)), &list_form, ignored)) << n << " cells";
    // Search trees of sizes 0..n, distinct keys: Catalan-many shapes per size, one order each.
    const auto trees = forms(st::fin_with_keys(n, 0, n, smallscope::symbolic_ints()), &tree_form, distinct);
    EXPECT_TRUE(distinct) << n << " nodes";
    EXPECT_EQ(trees, forms(st::fin_with_keys(n, 0, n, smallscope::ints(0, n - 1)), &tree_form, ignored)) << n << " nodes";
  }
  // Sorted lists of lengths 0..4: each neighbour is equal or greater, 2^(length - 1) orders.
  std::uint64_t total = 0;
  for (const auto& s : smallscope::structures(cells_fin(4, smallscope::symbolic_ints()),
                                              smallscope::make_predicate<&sorted_cells::rep_ok>()))
    (void)s, ++total;
  EXPECT_EQ(total, 1u + 1 + 2 + 4 + 8);
}

struct small_key {
  smallscope::field<short> k;
  bool rep_ok() const { return true; }
};
SMALLSCOPE_FIELDS(small_key, k)

TEST(SymbolicKeys, ThreadsAndBadFinitizations) {
  // Threads and shards split the search by next_value: the same structures, as many.
  const auto pred = smallscope::make_predicate<&rbt::tree::rep_ok_black_root>();
  const auto fin = subjects::tree_map_lazy::fin(7, 1, 7);
  std::set<std::vector<std::uint32_t>> one, two;
  for (const auto& s : smallscope::structures(fin, pred)) one.emplace(s.values().begin(), s.values().end());
  EXPECT_EQ(one.size(), 1u + 2 + 2 + 4 + 8 + 16 + 33);
  smallscope::detail::parallel_options p;
  p.threads = 2;
  p.units_per_shard = 64;
  smallscope::detail::parallel_search search(fin.data(), pred, {}, std::move(p));
  smallscope::detail::parallel_hooks hooks;
  std::mutex m;
  std::uint64_t found = 0;
  hooks.on_structure = [&](unsigned, const smallscope::structure& st) {
    std::lock_guard<std::mutex> lock(m);
    two.emplace(st.values().begin(), st.values().end());
    ++found;
  };
  EXPECT_TRUE(search.run(hooks));
  EXPECT_EQ(found, one.size());
  EXPECT_EQ(two, one);
  EXPECT_THROW(subjects::tree_map_lazy::fin(17, 0, 17), smallscope::finitization_error);
  auto f = smallscope::finitization::of<small_key>("S");
  EXPECT_THROW(f.set(&small_key::k, smallscope::symbolic_ints()), smallscope::finitization_error);
}

}  // namespace
