// Code under test compiles unchanged apart from its field declarations: conditional expressions
// over fields, classes without a default constructor (SMALLSCOPE_CONSTRUCTOR_ARGS), fields bound
// to `T*&` parameters, vectors of child pointers (smallscope::vector, here a skip list), free
// invariants, structures() over a predicate and null_only(). tests/api/user_code_untracked_test.cpp
// compiles the same idioms with SMALLSCOPE_NO_TRACKING.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <set>
#include <vector>

#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"
#include "smallscope/gtest.hpp"
#include "smallscope/search.hpp"
#include "smallscope/small_set.hpp"
#include "smallscope/vector.hpp"

namespace user_code_test {
namespace {

std::uint64_t count(smallscope::structure_range&& range) {
  std::uint64_t n = 0;
  for ([[maybe_unused]] const auto& s : range) ++n;
  return n;
}

std::uint64_t binomial(std::uint64_t n, std::uint64_t k) {
  std::uint64_t r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

smallscope::check_report check(const smallscope::finitization& f, const smallscope::predicate& invariant,
                               const smallscope::target_method& m) {
  return smallscope::run_check(f, invariant, m, {});
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Conditional expressions over fields: `x ? x->left : nullptr` is a pointer (a tracked read).
// (`n ? n->height : 0` cannot compile for any class that converts to int and from int
// implicitly, [expr.cond]/4; see field.hpp.)
namespace avl {

struct node {
  smallscope::field<node*> left;
  smallscope::field<node*> right;
  smallscope::field<int> key;
  smallscope::field<int> height = 1;
};
SMALLSCOPE_FIELDS(node, left, right, key, height)

struct tree {
  smallscope::field<node*> root;
  smallscope::field<int> size = 0;

  static int height(const node* n) {
    if (n == nullptr) return 0;
    return n->height;
  }
  // Heights are 1 + the taller child's, children differ by at most one, keys are ordered.
  static bool balanced(const node* n, int lo, int hi, int& nodes, smallscope::small_set<const node*>& seen) {
    if (n == nullptr) return true;
    if (!seen.insert(n)) return false;
    ++nodes;
    const int k = n->key;
    if (k <= lo || k >= hi) return false;
    const node* l = n ? n->left : nullptr;  // the idiom: a field and nullptr
    const node* r = n != nullptr ? n->right : nullptr;
    if (!balanced(l, lo, k, nodes, seen) || !balanced(r, k, hi, nodes, seen)) return false;
    const int hl = height(l);
    const int hr = height(r);
    return n->height == 1 + (hl > hr ? hl : hr) && hl - hr <= 1 && hr - hl <= 1;
  }
  bool rep_ok() const {
    smallscope::small_set<const node*> seen;
    int nodes = 0;
    return balanced(root, 0, 1000, nodes, seen) && nodes == size;
  }
  // The leftmost key, or -1: walks with `x ? x->left : nullptr`.
  int min_key() const {
    const node* x = root;
    for (const node* next = x ? x->left : nullptr; next != nullptr; next = x ? x->left : nullptr) x = next;
    return x != nullptr ? static_cast<int>(x->key) : -1;
  }
};
SMALLSCOPE_FIELDS(tree, root, size)

smallscope::finitization fin(int nodes, int keys, int max_height) {
  auto f = smallscope::finitization::of<tree>("Avl");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(0, nodes));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  f.set(&node::key, smallscope::ints(1, keys));
  f.set(&node::height, smallscope::ints(1, max_height));
  return f;
}

void min_key_post(smallscope::verdict& v, const tree& old, const tree&, int result) {
  int expected = -1;
  for (const node* n = old.root; n != nullptr; n = n->left) expected = n->key;
  v.require(result == expected, "the leftmost key");
}

}  // namespace avl

TEST(UserCode, ConditionalOverFieldsIsATrackedRead) {
  // AVL trees of up to 4 nodes with keys 1..4: AVL shapes with n nodes are 1, 1, 2, 1, 4, each
  // with C(4, n) ordered key sets.
  const std::uint64_t expected = 1 * 1 + 1 * 4 + 2 * 6 + 1 * 4 + 4 * 1;
  EXPECT_EQ(count(smallscope::structures(avl::fin(4, 4, 3), &avl::tree::rep_ok)), expected);
  const auto m = smallscope::make_method<&avl::tree::min_key, &avl::min_key_post>("min_key", {}, "min_key",
                                                                                  "min_key_post");
  const auto report = check(avl::fin(3, 3, 2), smallscope::make_predicate<&avl::tree::rep_ok>(), m);
  EXPECT_EQ(report.failed, 0u);
  EXPECT_EQ(report.inputs, 1u + 3u + 2u * 3u + 1u);
}

// ---------------------------------------------------------------------------------------------
// Classes without a default constructor: SMALLSCOPE_CONSTRUCTOR_ARGS.
namespace keyed {

struct node {
  explicit node(int k) : key(k) {}
  smallscope::field<node*> next;
  smallscope::field<int> key;
};
SMALLSCOPE_FIELDS(node, next, key)
SMALLSCOPE_CONSTRUCTOR_ARGS(node, 0)

// A sorted list of distinct keys.
struct sorted_list {
  explicit sorted_list(int max) : max_size(max) {}
  smallscope::field<node*> head;
  smallscope::field<int> size;
  int max_size;  // not a field: the constructor argument's

  bool rep_ok() const {
    smallscope::small_set<const node*> seen;
    int previous = -1;
    for (const node* n = head; n != nullptr; n = n->next) {
      if (!seen.insert(n) || n->key <= previous) return false;
      previous = n->key;
    }
    return static_cast<int>(seen.size()) == size && size <= max_size;
  }
  bool insert(int k) { return insert_with(k, false); }
  // DELIBERATE BUG: inserts a key already present once more.
  bool insert_dup(int k) { return insert_with(k, true); }

 private:
  bool insert_with(int k, bool dup) {
    node* before = nullptr;
    node* at = head;
    while (at != nullptr && at->key < k) {
      before = at;
      at = at->next;
    }
    if (!dup && at != nullptr && at->key == k) return false;
    node* added = new node(k);
    added->next = at;
    if (before == nullptr) head = added;
    else before->next = added;
    ++size;
    return true;
  }
};
SMALLSCOPE_FIELDS(sorted_list, head, size)
SMALLSCOPE_CONSTRUCTOR_ARGS(sorted_list, 8)

static_assert(!std::is_default_constructible_v<node> && !std::is_default_constructible_v<sorted_list>);

smallscope::finitization fin(int nodes, int keys) {
  auto f = smallscope::finitization::of<sorted_list>("KeyedList");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&sorted_list::head, n.or_null());
  f.set(&sorted_list::size, smallscope::ints(0, nodes));
  f.set(&node::next, n.or_null());
  f.set(&node::key, smallscope::ints(0, keys - 1));
  f.not_input(&sorted_list::max_size);  // the constructor argument's, in every input
  return f;
}

std::set<int> keys(const sorted_list& l) {
  std::set<int> s;
  int steps = 0;
  for (const node* n = l.head; n != nullptr && steps < 100; n = n->next, ++steps) s.insert(n->key);
  return s;
}
void insert_post(smallscope::verdict& v, const sorted_list& old, const sorted_list& now, bool result, int k) {
  std::set<int> expected = keys(old);
  const bool added = expected.insert(k).second;
  v.require(result == added, "result is true iff k was absent");
  v.require(keys(now) == expected, "keys are the old keys plus k");
  v.require(now.max_size == 8, "objects are built with the registered arguments");
}

}  // namespace keyed

TEST(UserCode, ClassWithoutDefaultConstructor) {
  std::uint64_t expected = 0;
  for (int n = 0; n <= 3; ++n) expected += binomial(4, static_cast<std::uint64_t>(n));
  auto range = smallscope::structures(keyed::fin(3, 4), &keyed::sorted_list::rep_ok);
  std::uint64_t found = 0;
  for (const auto& s : range) {
    EXPECT_EQ(s.root<keyed::sorted_list>().max_size, 8);  // the arena's objects use the arguments
    ++found;
  }
  EXPECT_EQ(found, expected);

  const auto f = keyed::fin(2, 3);
  const auto invariant = smallscope::make_predicate<&keyed::sorted_list::rep_ok>();
  const auto insert = smallscope::make_method<&keyed::sorted_list::insert, &keyed::insert_post>(
      "insert", {smallscope::argument_domain::of(smallscope::ints(0, 2))}, "insert", "insert_post");
  EXPECT_EQ(check(f, invariant, insert).failed, 0u);
  const auto dup = smallscope::make_method<&keyed::sorted_list::insert_dup, &keyed::insert_post>(
      "insert_dup", {smallscope::argument_domain::of(smallscope::ints(0, 2))}, "insert_dup", "insert_post");
  const auto report = check(f, invariant, dup);
  ASSERT_GT(report.failed, 0u);
  // The reproducer builds the objects with the registered arguments.
  smallscope::check_context ctx;
  ctx.fin = &f;
  ctx.method = &dup;
  const std::string code = smallscope::googletest_reproducer(ctx, report.failures[0]);
  EXPECT_NE(code.find("= new user_code_test::keyed::sorted_list(8);"), std::string::npos) << code;
  if (report.failures[0].objects > 1) {
    EXPECT_NE(code.find("= new user_code_test::keyed::node(0);"), std::string::npos) << code;
  }
}

// ---------------------------------------------------------------------------------------------
// Fields bound to `T*&` parameters.
namespace refs {

struct node {
  smallscope::field<node*> left;
  smallscope::field<node*> right;
  smallscope::field<int> key;
};
SMALLSCOPE_FIELDS(node, left, right, key)

struct tree {
  smallscope::field<node*> root;
  smallscope::field<int> size;

  bool rep_ok() const {
    smallscope::small_set<const node*> seen;
    return ordered(root, -1, 100, seen) && static_cast<int>(seen.size()) == size;
  }
  static bool ordered(const node* n, int lo, int hi, smallscope::small_set<const node*>& seen) {
    if (n == nullptr) return true;
    if (!seen.insert(n) || n->key <= lo || n->key >= hi) return false;
    return ordered(n->left, lo, n->key, seen) && ordered(n->right, n->key, hi, seen);
  }

  bool add(int k) { return insert(root, k, false) && (++size, true); }
  // DELIBERATE BUG: a key already present goes right once more.
  bool add_dup(int k) { return insert(root, k, true) && (++size, true); }
  // Rotates the subtree at p left when it has a right child (keeps the keys and the order).
  void rotate_root_left() { rotate_left(root); }

 private:
  static bool insert(node*& t, int k, bool dup) {
    if (t == nullptr) {
      t = new node{nullptr, nullptr, k};
      return true;
    }
    if (k < t->key) return insert(t->left, k, dup);
    if (k > t->key || dup) return insert(t->right, k, dup);
    return false;
  }
  static void rotate_left(node*& p) {
    if (p == nullptr || p->right == nullptr) return;
    node* r = p->right;
    p->right = r->left;
    r->left = p;
    p = r;
  }
};
SMALLSCOPE_FIELDS(tree, root, size)

smallscope::finitization fin(int nodes, int keys) {
  auto f = smallscope::finitization::of<tree>("RefTree");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(0, nodes));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  f.set(&node::key, smallscope::ints(1, keys));
  return f;
}

std::multiset<int> keys(const tree& t) {
  std::multiset<int> s;
  std::vector<const node*> work{t.root};
  while (!work.empty() && s.size() < 100) {
    const node* n = work.back();
    work.pop_back();
    if (n == nullptr) continue;
    s.insert(n->key);
    work.push_back(n->left);
    work.push_back(n->right);
  }
  return s;
}
void add_post(smallscope::verdict& v, const tree& old, const tree& now, bool result, int k) {
  std::multiset<int> expected = keys(old);
  const bool added = !expected.contains(k);
  if (added) expected.insert(k);
  v.require(result == added, "result is true iff k was absent");
  v.require(keys(now) == expected, "keys are the old keys plus k");
}
void rotate_post(smallscope::verdict& v, const tree& old, const tree& now) {
  v.require(keys(now) == keys(old), "the keys stay");
}

// A predicate that binds a field to an int& (through a const_cast, as code under test would
// not do in an invariant): the binding is a tracked read.
struct holder {
  smallscope::field<int> x;
};
SMALLSCOPE_FIELDS(holder, x)
bool is_three(int& v) { return v == 3; }

}  // namespace refs

TEST(UserCode, FieldBindsToPointerReference) {
  const auto f = refs::fin(3, 3);
  const auto invariant = smallscope::make_predicate<&refs::tree::rep_ok>();
  const auto args = std::vector{smallscope::argument_domain::of(smallscope::ints(1, 4))};
  const auto add = smallscope::make_method<&refs::tree::add, &refs::add_post>("add", args, "add", "add_post");
  const auto good = check(f, invariant, add);
  EXPECT_GT(good.inputs, 0u);
  EXPECT_EQ(good.failed, 0u);
  const auto dup = smallscope::make_method<&refs::tree::add_dup, &refs::add_post>("add_dup", args, "add_dup", "add_post");
  EXPECT_GT(check(f, invariant, dup).failed, 0u);
  const auto rotate = smallscope::make_method<&refs::tree::rotate_root_left, &refs::rotate_post>(
      "rotate", {}, "rotate_root_left", "rotate_post");
  EXPECT_EQ(check(f, invariant, rotate).failed, 0u);

  // Binding a field to a non-const reference reads it: the search sees x and tries its values.
  auto h = smallscope::finitization::of<refs::holder>("Holder");
  h.set(&refs::holder::x, smallscope::ints(0, 5));
  smallscope::structure_range range(h, smallscope::make_predicate<refs::holder>([](const refs::holder& c) {
                                      return refs::is_three(const_cast<refs::holder&>(c).x);
                                    }));
  EXPECT_EQ(count(std::move(range)), 1u);
  smallscope::structure_range again(h, smallscope::make_predicate<refs::holder>([](const refs::holder& c) {
                                      return refs::is_three(const_cast<refs::holder&>(c).x);
                                    }));
  for ([[maybe_unused]] const auto& s : again) {
  }
  EXPECT_EQ(again.stats().explored, 6u);
}

// ---------------------------------------------------------------------------------------------
// A skip list: each node's forward pointers are a smallscope::vector whose length (the node's
// level count) comes from the finitization.
namespace skip {

struct node {
  smallscope::field<int> key;
  smallscope::vector<node*> forward;  // forward[i]: the next node at level i
};
SMALLSCOPE_FIELDS(node, key, forward)

struct list {
  smallscope::vector<node*> head;  // head[i]: the first node at level i; head.size(): the levels
  smallscope::field<int> size;

  // Level 0 is an acyclic list of strictly increasing keys with `size` nodes; every node has
  // 1..levels levels; level i lists exactly the nodes with more than i levels, in level 0's
  // order (so each level is sorted and a sublist of the one below).
  bool rep_ok() const {
    const std::size_t levels = head.size();
    if (levels == 0) return false;
    smallscope::small_set<const node*> order;
    for (const node* n = head[0]; n != nullptr; n = n->forward[0]) {
      if (!order.insert(n)) return false;
      if (n->forward.empty() || n->forward.size() > levels) return false;
      if (order.size() > 1 && order[order.size() - 2]->key >= n->key) return false;
    }
    if (static_cast<int>(order.size()) != size) return false;
    for (std::size_t i = 1; i < levels; ++i) {
      const node* at = head[i];
      for (std::size_t k = 0; k < order.size(); ++k) {
        const node* n = order[k];
        if (n->forward.size() <= i) continue;
        if (at != n) return false;
        at = n->forward[i];
      }
      if (at != nullptr) return false;
    }
    return true;
  }

  bool contains(int k) const {
    const node* x = nullptr;  // the last node before k at the current level; null: the head
    for (std::size_t i = head.size(); i-- > 0;)
      for (const node* next = x ? x->forward[i] : head[i]; next != nullptr && next->key < k;
           next = x->forward[i])
        x = next;
    const node* c = x ? x->forward[0] : head[0];
    return c != nullptr && c->key == k;
  }

  // A node's level count: 1 + the trailing zero bits of its key (deterministic); the list
  // grows levels (head.push_back) for it.
  static std::size_t level_of(int k) { return 1 + static_cast<std::size_t>(std::countr_zero(static_cast<unsigned>(k) | 8u)); }

  bool insert(int k) { return insert_with(k, false); }
  // DELIBERATE BUG: links the new node at level 0 only.
  bool insert_level0(int k) { return insert_with(k, true); }

 private:
  bool insert_with(int k, bool level0_only) {
    std::vector<smallscope::vector<node*>*> update(head.size());
    smallscope::vector<node*>* links = &head;
    for (std::size_t i = head.size(); i-- > 0;) {
      while ((*links)[i] != nullptr && (*links)[i]->key < k) links = &(*links)[i]->forward;
      update[i] = links;
    }
    const node* c = (*links)[0];
    if (c != nullptr && c->key == k) return false;
    const std::size_t level = level_of(k);
    while (head.size() < level) {
      head.push_back(nullptr);
      update.push_back(&head);
    }
    node* n = new node{};
    n->key = k;
    n->forward.resize(level);
    for (std::size_t i = 0; i < (level0_only ? 1 : level); ++i) {
      n->forward[i] = (*update[i])[i];
      (*update[i])[i] = n;
    }
    ++size;
    return true;
  }
};
SMALLSCOPE_FIELDS(list, head, size)

smallscope::finitization fin(int nodes, int levels, int keys) {
  auto f = smallscope::finitization::of<list>("SkipList");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&list::head, smallscope::ints(1, levels), n.or_null());
  f.set(&list::size, smallscope::ints(0, nodes));
  f.set(&node::key, smallscope::ints(1, keys));
  f.set(&node::forward, smallscope::ints(1, levels), n.or_null());
  return f;
}

// Brute force: a skip list is a level count L, a set of at most `nodes` keys and a level count
// 1..L per key.
std::uint64_t brute_force_count(int nodes, int levels, int keys) {
  std::uint64_t total = 0;
  for (int l = 1; l <= levels; ++l)
    for (unsigned set = 0; set < (1u << keys); ++set) {
      const int n = std::popcount(set);
      if (n > nodes) continue;
      std::uint64_t heights = 1;
      for (int i = 0; i < n; ++i) heights *= static_cast<std::uint64_t>(l);
      total += heights;
    }
  return total;
}

std::set<int> keys(const list& l) {
  std::set<int> s;
  int steps = 0;
  for (const node* n = l.head.empty() ? nullptr : static_cast<const node*>(l.head[0]); n != nullptr && steps < 100;
       n = n->forward.empty() ? nullptr : static_cast<const node*>(n->forward[0]), ++steps)
    s.insert(n->key);
  return s;
}
void insert_post(smallscope::verdict& v, const list& old, const list& now, bool result, int k) {
  std::set<int> expected = keys(old);
  const bool added = expected.insert(k).second;
  v.require(result == added, "result is true iff k was absent");
  v.require(keys(now) == expected, "keys are the old keys plus k");
  v.require(now.size == old.size + (added ? 1 : 0), "size grows by one when k is added");
}
void contains_post(smallscope::verdict& v, const list& old, const list&, bool result, int k) {
  v.require(result == keys(old).contains(k), "result is true iff k is a key");
}

}  // namespace skip

TEST(UserCode, SkipListWithVectorLevels) {
  for (const auto& [nodes, levels, keys] : {std::tuple{3, 2, 3}, std::tuple{4, 3, 4}, std::tuple{3, 3, 5}})
    EXPECT_EQ(count(smallscope::structures(skip::fin(nodes, levels, keys), &skip::list::rep_ok)),
              skip::brute_force_count(nodes, levels, keys))
        << nodes << " " << levels << " " << keys;

  const auto f = skip::fin(3, 2, 4);
  const auto invariant = smallscope::make_predicate<&skip::list::rep_ok>();
  const auto args = std::vector{smallscope::argument_domain::of(smallscope::ints(0, 5))};
  const auto contains =
      smallscope::make_method<&skip::list::contains, &skip::contains_post>("contains", args, "contains", "contains_post");
  const auto c = check(f, invariant, contains);
  EXPECT_EQ(c.inputs, skip::brute_force_count(3, 2, 4) * 6);
  EXPECT_EQ(c.failed, 0u);
  // insert grows head past the finitization's longest length (key 4 has 3 levels).
  const auto insert = smallscope::make_method<&skip::list::insert, &skip::insert_post>("insert", args, "insert", "insert_post");
  EXPECT_EQ(check(f, invariant, insert).failed, 0u);
  const auto buggy =
      smallscope::make_method<&skip::list::insert_level0, &skip::insert_post>("insert_level0", args, "insert_level0", "insert_post");
  const auto b = check(f, invariant, buggy);
  ASSERT_GT(b.failed, 0u);
  EXPECT_EQ(b.failures[0].kind, smallscope::outcome_kind::invariant);

  // Copies, releases and pictures follow the vectors.
  for (const auto& s : smallscope::structures(skip::fin(3, 2, 3), &skip::list::rep_ok)) {
    const auto& in = s.root<skip::list>();
    skip::list* copy = smallscope::deep_copy(in);
    EXPECT_EQ(skip::keys(*copy), skip::keys(in));
    EXPECT_EQ(smallscope::describe(*copy).objects.size(), smallscope::describe(in).objects.size());
    EXPECT_TRUE(copy->rep_ok());
    smallscope::release(copy);
  }
}

TEST(UserCode, VectorInterface) {
  smallscope::vector<int> v;
  EXPECT_TRUE(v.empty());
  for (int i = 0; i < 10; ++i) v.push_back(i);
  EXPECT_EQ(v.size(), 10u);
  int sum = 0;
  for (int x : v) sum += x;
  EXPECT_EQ(sum, 45);
  v.resize(12, 7);
  EXPECT_EQ(v.back().get(), 7);
  v.resize(3);
  EXPECT_EQ(v.size(), 3u);
  EXPECT_EQ(v[2].get(), 2);
  smallscope::vector<int> w = v;
  w[0] = 5;
  EXPECT_EQ(v[0].get(), 0);
  EXPECT_EQ(w.front().get(), 5);
  v.clear();
  EXPECT_TRUE(v.empty());
  smallscope::vector<int> u{1, 2, 3};
  EXPECT_EQ(u.size(), 3u);
  EXPECT_THROW(u.at(3), std::out_of_range);
  smallscope::vector<int*> sized(4);
  EXPECT_EQ(sized.size(), 4u);
  EXPECT_TRUE(sized[3] == nullptr);
}

// ---------------------------------------------------------------------------------------------
// Free invariants, structures() over a predicate, null_only().
namespace free_invariant {

struct node {
  smallscope::field<node*> left;
  smallscope::field<node*> right;
  smallscope::field<node*> parent;  // always null here: null_only()
};
SMALLSCOPE_FIELDS(node, left, right, parent)

struct tree {
  smallscope::field<node*> root;
  smallscope::field<int> size;
  void add_leftmost() {
    node* n = new node{};
    if (root == nullptr) {
      root = n;
    } else {
      node* at = root;
      while (at->left != nullptr) at = at->left;
      at->left = n;
    }
    ++size;
  }
  // A member invariant besides the free one: trees whose nodes have no right child.
  bool rep_ok_left_only() const;
};
SMALLSCOPE_FIELDS(tree, root, size)

bool rep_ok(const tree& t) {
  smallscope::small_set<const node*> seen;
  if (t.root != nullptr) seen.insert(t.root);
  for (std::size_t i = 0; i < seen.size(); ++i) {
    if (seen[i]->parent != nullptr) return false;
    if (const node* l = seen[i]->left; l != nullptr && !seen.insert(l)) return false;
    if (const node* r = seen[i]->right; r != nullptr && !seen.insert(r)) return false;
  }
  return static_cast<int>(seen.size()) == t.size;
}

bool tree::rep_ok_left_only() const {
  if (!free_invariant::rep_ok(*this)) return false;
  for (const node* n = root; n != nullptr; n = n->left)
    if (n->right != nullptr) return false;
  return true;
}

smallscope::finitization fin(int nodes) {
  auto f = smallscope::finitization::of<tree>("FreeTree");
  auto n = f.objects<node>("Node", static_cast<std::uint32_t>(nodes));
  f.set(&tree::root, n.or_null());
  f.set(&tree::size, smallscope::ints(0, nodes));
  f.set(&node::left, n.or_null());
  f.set(&node::right, n.or_null());
  f.set(&node::parent, smallscope::null_only<node>());
  return f;
}

void add_post(smallscope::verdict& v, const tree& old, const tree& now) {
  v.require(now.size == old.size + 1, "size grows by one");
}

}  // namespace free_invariant

TEST(UserCode, FreeInvariant) {
  // Binary trees of 0..3 nodes: 1 + 1 + 2 + 5.
  const auto f = free_invariant::fin(3);
  EXPECT_EQ(count(smallscope::structures(f, &free_invariant::rep_ok)), 9u);
  EXPECT_EQ(count(smallscope::structures(f, smallscope::make_predicate(&free_invariant::rep_ok))), 9u);
  EXPECT_EQ(count(smallscope::structures(f, smallscope::make_predicate<&free_invariant::rep_ok>())), 9u);
  EXPECT_EQ(count(smallscope::structures<free_invariant::tree>(f, free_invariant::rep_ok)), 9u);

  const auto add = SMALLSCOPE_METHOD_WITH_INVARIANT(free_invariant::tree::add_leftmost, free_invariant::add_post,
                                                    free_invariant::rep_ok);
  EXPECT_TRUE(add.free_invariant);
  EXPECT_EQ(add.cpp_invariant, "free_invariant::rep_ok");
  {  // A reproducer calls the free invariant on the post-state.
    smallscope::counterexample c;
    c.input = 1;
    c.kind = smallscope::outcome_kind::invariant;
    for (const smallscope::structure& s : smallscope::structures(f, &free_invariant::rep_ok)) {
      c.candidate.assign(s.values().begin(), s.values().end());
      break;
    }
    smallscope::check_context ctx;
    ctx.fin = &f;
    ctx.method = &add;
    const std::string code = smallscope::googletest_reproducer(ctx, c);
    EXPECT_NE(code.find("const bool invariant_holds = free_invariant::rep_ok(*now);"), std::string::npos) << code;
  }
  EXPECT_TRUE(smallscope::testing::all_inputs_pass<&free_invariant::rep_ok>(f, add));
  EXPECT_TRUE(smallscope::testing::all_inputs_pass(f, smallscope::make_predicate<&free_invariant::rep_ok>(), add));
  EXPECT_EQ(check(f, smallscope::make_predicate<&free_invariant::rep_ok>(), add).inputs, 9u);
}

TEST(UserCode, StructuresTakeAPredicateAndNullOnly) {
  const auto f = free_invariant::fin(3);
  // Left spines of 0..3 nodes.
  EXPECT_EQ(count(smallscope::structures(f, smallscope::make_predicate<&free_invariant::tree::rep_ok_left_only>())), 4u);
  smallscope::search_options options;
  options.limit = 2;
  EXPECT_EQ(count(smallscope::structures(f, smallscope::make_predicate<&free_invariant::tree::rep_ok_left_only>(), options)),
            2u);
  // null_only() is the domain {null}: the same as object_set(true, {}).
  const auto only = smallscope::null_only<free_invariant::node>();
  EXPECT_TRUE(only.null_allowed());
  EXPECT_TRUE(only.class_domains().empty());
  EXPECT_NE(f.describe().find("Node.parent in {null}"), std::string::npos) << f.describe();
}

}  // namespace user_code_test
