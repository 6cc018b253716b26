// The subjects' target methods, postconditions and seeded mutants (paper 000, Sec. 6.1: the
// oracle of black-box testing; Sec. 7 and 8.3: mutants). Structures are built by hand with
// `new` (no search runs, so tracked fields behave like plain values):
// - random operation sequences agree with a std model, keep rep_ok and pass the postcondition;
// - each postcondition rejects a wrong post-state by the expected clause;
// - the mutants behave like the originals where they should, and fail where they should.
#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <numeric>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

#include "smallscope/oracle.hpp"
#include "subjects/doubly_linked_list.hpp"
#include "subjects/heap_array.hpp"
#include "subjects/red_black_tree.hpp"
#include "subjects/search_tree.hpp"
#include "subjects/singly_linked_list.hpp"

namespace {

// The clause a postcondition call fails, or "" when it passes.
template <class Post>
std::string_view failed_clause(Post post) {
  smallscope::verdict v;
  post(v);
  return v.failed_clause();
}

constexpr std::uint32_t seed = 20240611;
constexpr int random_steps = 4000;

// Adds with probability 0.8 and 0.2 in alternating phases, so structures grow and shrink.
bool add_now(std::mt19937& rng, int step) {
  const double p_add = (step / 250) % 2 == 0 ? 0.8 : 0.2;
  return std::uniform_real_distribution<double>(0, 1)(rng) < p_add;
}

int pick(std::mt19937& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// ---------------------------------------------------------------------------------------------
// SearchTree

namespace st = subjects::search_tree;

st::node* deep_copy(const st::node* n) {
  if (n == nullptr) return nullptr;
  auto* c = new st::node{};
  c->info = n->info;
  c->left = deep_copy(n->left);
  c->right = deep_copy(n->right);
  return c;
}
void destroy(st::node* n) {
  if (n == nullptr) return;
  destroy(n->left);
  destroy(n->right);
  delete n;
}

// A search tree that owns its nodes.
struct search_tree_box {
  st::tree t;
  search_tree_box() = default;
  explicit search_tree_box(const st::tree& other) {
    t.root = deep_copy(other.root);
    t.size = other.size;
  }
  search_tree_box(const search_tree_box&) = delete;
  search_tree_box& operator=(const search_tree_box&) = delete;
  ~search_tree_box() { destroy(t.root); }
};

void in_order(const st::node* n, std::vector<int>& out) {
  if (n == nullptr) return;
  in_order(n->left, out);
  out.push_back(n->info);
  in_order(n->right, out);
}
std::vector<int> keys(const st::tree& t) {
  std::vector<int> out;
  in_order(t.root, out);
  return out;
}
// The shape and keys, pre-order, with -2 for null.
void shape(const st::node* n, std::vector<int>& out) {
  out.push_back(n == nullptr ? -2 : n->info.get());
  if (n == nullptr) return;
  shape(n->left, out);
  shape(n->right, out);
}
std::vector<int> shape(const st::tree& t) {
  std::vector<int> out{t.size};
  shape(t.root, out);
  return out;
}

void build(st::tree& t, const std::vector<int>& infos) {
  for (int info : infos) ASSERT_TRUE(t.add(info));
}

TEST(MethodsSearchTree, RandomOperationsAgreeWithStdSet) {
  std::mt19937 rng(seed);
  search_tree_box s;
  std::set<int> model;
  for (int step = 0; step < random_steps; ++step) {
    const int info = pick(rng, -1, 15);
    const search_tree_box old(s.t);
    smallscope::verdict v;
    if (add_now(rng, step)) {
      const bool expected = info != -1 && model.insert(info).second;
      const bool result = s.t.add(info);
      EXPECT_EQ(result, expected) << "add " << info << " at step " << step;
      st::add_post(v, old.t, s.t, result, info);
    } else {
      const bool expected = model.erase(info) == 1;
      const bool result = s.t.remove(info);
      EXPECT_EQ(result, expected) << "remove " << info << " at step " << step;
      st::remove_post(v, old.t, s.t, result, info);
    }
    ASSERT_TRUE(s.t.rep_ok()) << "step " << step;
    ASSERT_EQ(keys(s.t), std::vector<int>(model.begin(), model.end())) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
}

TEST(MethodsSearchTree, PostconditionsNameTheBrokenClause) {
  search_tree_box pre;
  build(pre.t, {4, 2, 6, 1, 3});
  {
    search_tree_box now(pre.t);
    ASSERT_TRUE(now.t.add(5));
    auto post = [&](bool result, int info) {
      return failed_clause([&](smallscope::verdict& v) { st::add_post(v, pre.t, now.t, result, info); });
    };
    EXPECT_EQ(post(true, 5), "");
    EXPECT_EQ(post(false, 5), "result is true iff info was absent (and not -1)");
    EXPECT_EQ(post(true, 3), "result is true iff info was absent (and not -1)");
    now.t.root->right->left->info = 7;  // the added node holds another key
    EXPECT_EQ(post(true, 5), "keys are the old keys plus info");
    now.t.root->right->left->info = 5;
    ++now.t.size;
    EXPECT_EQ(post(true, 5), "size grows by one exactly when info is added");
    --now.t.size;
    st::node* leaf = now.t.root->right->left;
    leaf->left = now.t.root;  // a cycle: the walk must still end
    EXPECT_EQ(post(true, 5), "structure is acyclic");
    leaf->left = nullptr;
  }
  {
    search_tree_box now(pre.t);
    ASSERT_TRUE(now.t.remove(4));  // the root, with two children
    auto post = [&](bool result, int info) {
      return failed_clause([&](smallscope::verdict& v) { st::remove_post(v, pre.t, now.t, result, info); });
    };
    EXPECT_EQ(post(true, 4), "");
    EXPECT_EQ(post(false, 4), "result is true iff info was present");
    now.t.root->info = 4;  // the removed key is back
    EXPECT_EQ(post(true, 4), "keys are the old keys minus info");
    now.t.root->info = 3;
    now.t.size = 5;
    EXPECT_EQ(post(true, 4), "size shrinks by one exactly when info is removed");
    now.t.size = 4;
    now.t.root->right->right = now.t.root->left;  // shared: not a tree
    EXPECT_EQ(post(true, 4), "structure is acyclic");
    now.t.root->right->right = nullptr;
  }
}

// The Sec. 8.3 mutant agrees with remove on every tree of at most five nodes (every shape
// comes from some insertion order) and every argument, present or absent.
TEST(MethodsSearchTree, RemoveMutantBehavesLikeRemoveUpToFiveNodes) {
  std::vector<int> order = {0, 2, 4, 6, 8};
  int cases = 0;
  do {
    for (std::size_t n = 0; n <= order.size(); ++n) {
      search_tree_box pre;
      build(pre.t, std::vector<int>(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n)));
      for (int info = -1; info <= 9; ++info) {
        search_tree_box expected(pre.t);
        search_tree_box mutant(pre.t);
        const bool r = expected.t.remove(info);
        const bool m = mutant.t.remove_mutant(info);
        ASSERT_EQ(m, r);
        ASSERT_EQ(shape(mutant.t), shape(expected.t));
        ASSERT_EQ(failed_clause([&](smallscope::verdict& v) { st::remove_post(v, pre.t, mutant.t, m, info); }), "");
        ++cases;
      }
    }
  } while (std::next_permutation(order.begin(), order.end()));
  EXPECT_EQ(cases, 120 * 6 * 11);
}

// Five nodes where removeNode's loop runs once: 4 with left 0, whose right spine is 0, 1, 2.
TEST(MethodsSearchTree, RemoveMutantEndsOnTheFiveNodeSpine) {
  search_tree_box pre;
  build(pre.t, {4, 0, 5, 1, 2});
  search_tree_box now(pre.t);
  const bool result = now.t.remove_mutant(4);
  EXPECT_TRUE(result);
  EXPECT_EQ(keys(now.t), (std::vector<int>{0, 1, 2, 5}));
  EXPECT_EQ(now.t.root->info, 2);
  EXPECT_TRUE(now.t.rep_ok());
  EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { st::remove_post(v, pre.t, now.t, result, 4); }), "");
}

// Six nodes, the left child's right spine four long: the loop runs twice in remove and never
// ends in the mutant (checked in a child process stopped by an alarm).
TEST(MethodsSearchTreeDeathTest, RemoveMutantLoopsOnTheSixNodeSpine) {
  search_tree_box pre;
  build(pre.t, {5, 0, 6, 1, 2, 3});
  {
    search_tree_box now(pre.t);
    ASSERT_TRUE(now.t.remove(5));
    EXPECT_EQ(now.t.root->info, 3);
  }
  EXPECT_EXIT(
      {
        alarm(1);
        pre.t.remove_mutant(5);
        std::_Exit(0);
      },
      testing::KilledBySignal(SIGALRM), "");
}

// ---------------------------------------------------------------------------------------------
// SinglyLinkedList

namespace sll = subjects::singly_linked_list;

// A singly linked list that owns its entries (not its elements).
struct singly_list_box {
  sll::list l;
  singly_list_box() {
    l.header = new sll::entry{};
    l.size = 0;
  }
  explicit singly_list_box(const sll::list& other) : singly_list_box() {
    sll::entry* last = l.header;
    for (const sll::entry* e = other.header->next; e != nullptr; e = e->next) {
      auto* c = new sll::entry{};
      c->value = e->value;
      last->next = c;
      last = c;
    }
    l.size = other.size;
  }
  singly_list_box(const singly_list_box&) = delete;
  singly_list_box& operator=(const singly_list_box&) = delete;
  ~singly_list_box() {
    for (sll::entry* e = l.header; e != nullptr;) {
      sll::entry* next = e->next;
      delete e;
      e = next;
    }
  }
};

std::vector<sll::element*> elements(const sll::list& l) {
  std::vector<sll::element*> out;
  for (const sll::entry* e = l.header->next; e != nullptr; e = e->next) out.push_back(e->value);
  return out;
}

TEST(MethodsSinglyLinkedList, RandomOperationsAgreeWithStdVector) {
  std::mt19937 rng(seed);
  sll::element objects[4];
  auto object = [&](int i) { return i == 4 ? nullptr : &objects[i]; };
  singly_list_box s;
  std::vector<sll::element*> model;
  int null_deref_checks = 0;
  for (int step = 0; step < random_steps; ++step) {
    sll::element* o = object(pick(rng, 0, 4));
    const singly_list_box old(s.l);
    smallscope::verdict v;
    if (add_now(rng, step)) {
      if (o != nullptr) model.push_back(o);
      const bool result = s.l.add(o);
      EXPECT_EQ(result, o != nullptr);
      sll::add_post(v, old.l, s.l, result, o);
    } else {
      const auto first = std::find(model.begin(), model.end(), o);
      const bool expected = first != model.end();
      if (expected) {
        model.erase(first);
        // The mutant does not crash when o is in the list; there it behaves like remove.
        singly_list_box mutant(old.l);
        EXPECT_TRUE(mutant.l.remove_null_deref(o));
        EXPECT_EQ(elements(mutant.l), model);
        EXPECT_EQ(mutant.l.size, static_cast<int>(model.size()));
        ++null_deref_checks;
      }
      const bool result = s.l.remove(o);
      EXPECT_EQ(result, expected);
      sll::remove_post(v, old.l, s.l, result, o);
    }
    ASSERT_TRUE(s.l.rep_ok()) << "step " << step;
    ASSERT_EQ(elements(s.l), model) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
  EXPECT_GT(null_deref_checks, 100);
}

TEST(MethodsSinglyLinkedList, PostconditionsNameTheBrokenClause) {
  sll::element a, b, c;
  singly_list_box pre;
  pre.l.add(&a);
  pre.l.add(&b);
  {
    singly_list_box now(pre.l);
    ASSERT_TRUE(now.l.add(&c));
    auto post = [&](bool result, sll::element* o) {
      return failed_clause([&](smallscope::verdict& v) { sll::add_post(v, pre.l, now.l, result, o); });
    };
    EXPECT_EQ(post(true, &c), "");
    EXPECT_EQ(post(false, &c), "result is true iff o is not null");
    EXPECT_EQ(post(true, &a), "elements are the old elements with o appended");
    now.l.header->next->value = &b;  // [b, b, c]
    EXPECT_EQ(post(true, &c), "elements are the old elements with o appended");
    now.l.header->next->value = &a;
    now.l.size = 2;
    EXPECT_EQ(post(true, &c), "size grows by one exactly when o is added");
    now.l.size = 3;
    sll::entry* last = now.l.header->next->next->next;
    last->next = now.l.header->next;  // a cycle: the walk must still end
    EXPECT_EQ(post(true, &c), "structure is acyclic");
    last->next = nullptr;
  }
  {
    singly_list_box now(pre.l);
    ASSERT_TRUE(now.l.remove(&a));
    auto post = [&](bool result, sll::element* o) {
      return failed_clause([&](smallscope::verdict& v) { sll::remove_post(v, pre.l, now.l, result, o); });
    };
    EXPECT_EQ(post(true, &a), "");
    EXPECT_EQ(post(false, &a), "result is true iff o was in the list");
    EXPECT_EQ(post(true, &b), "elements are the old elements without the first o");
    now.l.size = 2;
    EXPECT_EQ(post(true, &a), "size shrinks by one exactly when o is removed");
    sll::entry* header = now.l.header;
    now.l.header = nullptr;
    EXPECT_EQ(post(true, &a), "the list has its header");
    now.l.header = header;
  }
}

TEST(MethodsSinglyLinkedList, RemoveNullDerefBehavesLikeRemoveWhenTheElementIsThere) {
  sll::element a, b;
  singly_list_box pre;
  for (sll::element* o : {&a, &b, &a, &b}) pre.l.add(o);
  for (sll::element* o : {&a, &b}) {
    singly_list_box expected(pre.l);
    singly_list_box mutant(pre.l);
    ASSERT_TRUE(expected.l.remove(o));
    const bool result = mutant.l.remove_null_deref(o);
    EXPECT_TRUE(result);
    EXPECT_EQ(elements(mutant.l), elements(expected.l));
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { sll::remove_post(v, pre.l, mutant.l, result, o); }), "");
  }
}

// ---------------------------------------------------------------------------------------------
// DoublyLinkedList

namespace dll = subjects::doubly_linked_list;

// Appends an entry holding o after the last one, by hand (a non-empty list; o may be null, as
// Korat's invariant allows after the header).
void append_entry(dll::list& l, dll::element* o) {
  dll::entry* h = l.header;
  dll::entry* last = h->previous;
  auto* e = new dll::entry{};
  e->value = o;
  e->next = h;
  e->previous = last;
  last->next = e;
  h->previous = e;
  ++l.size;
}

// A doubly linked list that owns its entries (not its elements).
struct doubly_list_box {
  dll::list l;
  doubly_list_box() {
    auto* h = new dll::entry{};
    h->next = h;
    h->previous = h;
    l.header = h;
    l.size = 0;
  }
  explicit doubly_list_box(const dll::list& other) : doubly_list_box() {
    const dll::entry* h = other.header;
    if (other.size == 0) return;
    l.header->value = h->value;
    l.size = 1;
    for (const dll::entry* e = h->next; e != h; e = e->next) append_entry(l, e->value);
  }
  doubly_list_box(const doubly_list_box&) = delete;
  doubly_list_box& operator=(const doubly_list_box&) = delete;
  ~doubly_list_box() {
    dll::entry* h = l.header;
    for (dll::entry* e = h->next; e != h;) {
      dll::entry* next = e->next;
      delete e;
      e = next;
    }
    delete h;
  }
};

std::vector<dll::element*> elements(const dll::list& l) {
  std::vector<dll::element*> out;
  const dll::entry* h = l.header;
  if (h->value == nullptr) return out;
  const dll::entry* e = h;
  do {
    out.push_back(e->value);
    e = e->next;
  } while (e != h);
  return out;
}

TEST(MethodsDoublyLinkedList, RandomOperationsAgreeWithStdVector) {
  std::mt19937 rng(seed);
  dll::element objects[4];
  auto object = [&](int i) { return i == 4 ? nullptr : &objects[i]; };
  doubly_list_box s;
  std::vector<dll::element*> model;
  int leading_null_drops = 0;
  for (int step = 0; step < random_steps; ++step) {
    dll::element* o = object(pick(rng, 0, 4));
    const doubly_list_box old(s.l);
    smallscope::verdict v;
    if (add_now(rng, step)) {
      if (o == nullptr && !model.empty() && pick(rng, 0, 1) == 0) {
        append_entry(s.l, nullptr);  // a null after the header, as Korat's invariant allows
        model.push_back(nullptr);
        ASSERT_TRUE(s.l.rep_ok());
        continue;
      }
      if (o != nullptr) model.push_back(o);
      const bool result = s.l.add(o);
      EXPECT_EQ(result, o != nullptr);
      dll::add_post(v, old.l, s.l, result, o);
    } else {
      if (!model.empty() && pick(rng, 0, 2) == 0) o = model.front();  // often the header's
      const auto first = std::find(model.begin(), model.end(), o);
      const bool expected = first != model.end();
      if (expected) model.erase(first);
      const auto leading = std::find_if(model.begin(), model.end(), [](auto* e) { return e != nullptr; });
      leading_null_drops += leading != model.begin() ? 1 : 0;
      model.erase(model.begin(), leading);
      const bool result = s.l.remove(o);
      EXPECT_EQ(result, expected);
      dll::remove_post(v, old.l, s.l, result, o);
    }
    ASSERT_TRUE(s.l.rep_ok()) << "step " << step;
    ASSERT_EQ(elements(s.l), model) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
  EXPECT_GT(leading_null_drops, 10);
}

TEST(MethodsDoublyLinkedList, RemoveKeepsTheHeaderAndDropsLeadingNulls) {
  dll::element a, b;
  {
    doubly_list_box s;  // [a]: the header stays, as the empty list's header
    dll::entry* h = s.l.header;
    ASSERT_TRUE(s.l.add(&a));
    EXPECT_EQ(s.l.header, h);
    ASSERT_TRUE(s.l.remove(&a));
    EXPECT_EQ(s.l.header, h);
    EXPECT_TRUE(s.l.rep_ok());
    EXPECT_EQ(s.l.size, 0);
    EXPECT_FALSE(s.l.remove(nullptr));
  }
  {
    doubly_list_box s;  // [a, null, b] without a is [b]
    s.l.add(&a);
    append_entry(s.l, nullptr);
    s.l.add(&b);
    const doubly_list_box pre(s.l);
    ASSERT_TRUE(s.l.remove(&a));
    EXPECT_TRUE(s.l.rep_ok());
    EXPECT_EQ(elements(s.l), std::vector<dll::element*>{&b});
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { dll::remove_post(v, pre.l, s.l, true, &a); }), "");
  }
  {
    doubly_list_box s;  // [a, null] without a is []
    s.l.add(&a);
    append_entry(s.l, nullptr);
    const doubly_list_box pre(s.l);
    ASSERT_TRUE(s.l.remove(&a));
    EXPECT_TRUE(s.l.rep_ok());
    EXPECT_EQ(s.l.size, 0);
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { dll::remove_post(v, pre.l, s.l, true, &a); }), "");
  }
  {
    doubly_list_box s;  // [a, null, b] without null is [a, b]
    s.l.add(&a);
    append_entry(s.l, nullptr);
    s.l.add(&b);
    ASSERT_TRUE(s.l.remove(nullptr));
    EXPECT_TRUE(s.l.rep_ok());
    EXPECT_EQ(elements(s.l), (std::vector<dll::element*>{&a, &b}));
  }
}

TEST(MethodsDoublyLinkedList, PostconditionsNameTheBrokenClause) {
  dll::element a, b, c;
  doubly_list_box pre;
  pre.l.add(&a);
  pre.l.add(&b);
  {
    doubly_list_box now(pre.l);
    ASSERT_TRUE(now.l.add(&c));
    auto post = [&](bool result, dll::element* o) {
      return failed_clause([&](smallscope::verdict& v) { dll::add_post(v, pre.l, now.l, result, o); });
    };
    EXPECT_EQ(post(true, &c), "");
    EXPECT_EQ(post(false, &c), "result is true iff o is not null");
    EXPECT_EQ(post(true, &a), "elements are the old elements with o appended");
    now.l.size = 2;
    EXPECT_EQ(post(true, &c), "size grows by one exactly when o is added");
    now.l.size = 3;
    dll::entry* last = now.l.header->previous;
    dll::entry* second = now.l.header->next;
    last->previous = now.l.header;
    EXPECT_EQ(post(true, &c), "previous mirrors next");
    last->previous = second;
    last->next = second;  // next cycles without the header: the walk must still end
    EXPECT_EQ(post(true, &c), "next leads from the header around one cycle back to it");
    last->next = nullptr;
    EXPECT_EQ(post(true, &c), "next leads from the header around one cycle back to it");
    last->next = now.l.header;
  }
  {
    doubly_list_box now(pre.l);
    ASSERT_TRUE(now.l.remove(&a));
    auto post = [&](bool result, dll::element* o) {
      return failed_clause([&](smallscope::verdict& v) { dll::remove_post(v, pre.l, now.l, result, o); });
    };
    EXPECT_EQ(post(true, &a), "");
    EXPECT_EQ(post(false, &a), "result is true iff o was in the list");
    EXPECT_EQ(post(true, &b), "elements are the old elements without the first o (and then leading nulls)");
    now.l.size = 2;
    EXPECT_EQ(post(true, &a), "size is the number of elements left");
  }
}

// ---------------------------------------------------------------------------------------------
// RedBlackTree

namespace rbt = subjects::red_black_tree;

rbt::node* deep_copy(const rbt::node* n, rbt::node* parent) {
  if (n == nullptr) return nullptr;
  auto* c = new rbt::node{};
  c->key = n->key;
  c->value = n->value;
  c->color = n->color;
  c->parent = parent;
  c->left = deep_copy(n->left, c);
  c->right = deep_copy(n->right, c);
  return c;
}
void destroy(rbt::node* n) {
  if (n == nullptr) return;
  destroy(n->left);
  destroy(n->right);
  delete n;
}

// A red-black tree that owns its nodes.
struct red_black_box {
  rbt::tree t;
  red_black_box() = default;
  explicit red_black_box(const rbt::tree& other) {
    t.root = deep_copy(other.root, nullptr);
    t.size = other.size;
  }
  red_black_box(const red_black_box&) = delete;
  red_black_box& operator=(const red_black_box&) = delete;
  ~red_black_box() { destroy(t.root); }
};

void in_order(const rbt::node* n, std::vector<int>& out) {
  if (n == nullptr) return;
  in_order(n->left, out);
  out.push_back(n->key);
  in_order(n->right, out);
}
std::vector<int> keys(const rbt::tree& t) {
  std::vector<int> out;
  in_order(t.root, out);
  return out;
}
rbt::node* find(const rbt::tree& t, int key) {
  rbt::node* n = t.root;
  while (n != nullptr && n->key != key) n = key < n->key ? n->left : n->right;
  return n;
}

TEST(MethodsRedBlackTree, RandomOperationsAgreeWithStdSet) {
  std::mt19937 rng(seed);
  red_black_box s;
  std::set<int> model;
  for (int step = 0; step < random_steps; ++step) {
    const int key = pick(rng, -1, 31);
    const red_black_box old(s.t);
    smallscope::verdict v;
    if (add_now(rng, step)) {
      const bool expected = key != -1 && model.insert(key).second;
      const bool result = s.t.insert(key);
      EXPECT_EQ(result, expected) << "insert " << key << " at step " << step;
      rbt::insert_post(v, old.t, s.t, result, key);
    } else {
      const bool expected = model.erase(key) == 1;
      const bool result = s.t.remove(key);
      EXPECT_EQ(result, expected) << "remove " << key << " at step " << step;
      rbt::remove_post(v, old.t, s.t, result, key);
    }
    ASSERT_TRUE(s.t.rep_ok()) << "step " << step;
    ASSERT_EQ(keys(s.t), std::vector<int>(model.begin(), model.end())) << "step " << step;
    ASSERT_TRUE(v.passed()) << v.failed_clause() << " at step " << step;
  }
}

// Every tree built by inserting 0..6 in any order, and every removal from it.
TEST(MethodsRedBlackTree, EveryRemovalFromSmallTreesPasses) {
  std::vector<int> order(7);
  std::iota(order.begin(), order.end(), 0);
  do {
    red_black_box pre;
    for (int key : order) ASSERT_TRUE(pre.t.insert(key));
    ASSERT_TRUE(pre.t.rep_ok());
    for (int key = -1; key <= 7; ++key) {
      red_black_box now(pre.t);
      const bool result = now.t.remove(key);
      ASSERT_TRUE(now.t.rep_ok());
      ASSERT_EQ(failed_clause([&](smallscope::verdict& v) { rbt::remove_post(v, pre.t, now.t, result, key); }), "");
    }
  } while (std::next_permutation(order.begin(), order.end()));
}

TEST(MethodsRedBlackTree, PostconditionsNameTheBrokenClause) {
  red_black_box pre;
  for (int key : {1, 0, 2}) pre.t.insert(key);  // 1 black, 0 and 2 red
  {
    red_black_box now(pre.t);
    ASSERT_TRUE(now.t.insert(3));  // recolours: 1 black, 0 and 2 black, 3 red
    auto post = [&](bool result, int key) {
      return failed_clause([&](smallscope::verdict& v) { rbt::insert_post(v, pre.t, now.t, result, key); });
    };
    EXPECT_EQ(post(true, 3), "");
    EXPECT_EQ(post(false, 3), "result is true iff key was absent (and not -1)");
    EXPECT_EQ(post(true, 1), "result is true iff key was absent (and not -1)");
    rbt::node* n3 = find(now.t, 3);
    rbt::node* n2 = find(now.t, 2);
    rbt::node* n1 = now.t.root;
    n3->key = 4;
    EXPECT_EQ(post(true, 3), "keys are the old keys plus key");
    n3->key = 3;
    now.t.size = 5;
    EXPECT_EQ(post(true, 3), "size grows by one exactly when key is inserted");
    now.t.size = 4;
    n3->parent = n1;
    EXPECT_EQ(post(true, 3), "each node's parent is the node above it");
    n3->parent = n2;
    n1->color = rbt::red;
    EXPECT_EQ(post(true, 3), "a black root stays black");
    n1->color = rbt::black;
    n2->color = rbt::red;  // red 2 over red 3
    EXPECT_EQ(post(true, 3), "no red node has a red child");
    n2->color = rbt::black;
    n3->color = rbt::black;  // one more black node on the paths through 3
    EXPECT_EQ(post(true, 3), "every path has the same number of black nodes");
    n3->color = rbt::red;
    n1->key = 2;  // swap the keys of 1 and 2: the same keys, out of order
    n2->key = 1;
    EXPECT_EQ(post(true, 3), "keys are in search-tree order");
    n1->key = 1;
    n2->key = 2;
    n3->left = n1;  // a cycle: the walk must still end
    EXPECT_EQ(post(true, 3), "structure is acyclic");
    n3->left = nullptr;
    EXPECT_EQ(post(true, 3), "");
  }
  {
    red_black_box now(pre.t);
    ASSERT_TRUE(now.t.remove(1));
    auto post = [&](bool result, int key) {
      return failed_clause([&](smallscope::verdict& v) { rbt::remove_post(v, pre.t, now.t, result, key); });
    };
    EXPECT_EQ(post(true, 1), "");
    EXPECT_EQ(post(false, 1), "result is true iff key was present");
    now.t.root->key = 1;
    EXPECT_EQ(post(true, 1), "keys are the old keys minus key");
    now.t.root->key = 2;
    now.t.size = 3;
    EXPECT_EQ(post(true, 1), "size shrinks by one exactly when key is removed");
    now.t.size = 2;
    now.t.root->color = rbt::red;
    EXPECT_EQ(post(true, 1), "a black root stays black");
    now.t.root->color = rbt::black;
  }
}

// insert_unbalanced: over every insertion order of 0..n-1, insert the last key with the mutant
// into the tree the others built. It passes up to five nodes and fails from six, always by the
// black-height clause (the keys, the size and the other properties stay right).
TEST(MethodsRedBlackTree, InsertUnbalancedFailsTheBlackHeightClauseFromSixNodes) {
  int smallest_failure = 0;
  std::vector<int> witness;
  for (int n = 1; n <= 7; ++n) {
    std::vector<int> order(static_cast<std::size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    int failures = 0;
    do {
      red_black_box pre;
      for (std::size_t i = 0; i + 1 < order.size(); ++i) pre.t.insert(order[i]);
      red_black_box now(pre.t);
      const int key = order.back();
      const bool result = now.t.insert_unbalanced(key);
      const std::string_view clause =
          failed_clause([&](smallscope::verdict& v) { rbt::insert_post(v, pre.t, now.t, result, key); });
      EXPECT_EQ(clause.empty(), now.t.rep_ok());
      if (clause.empty()) continue;
      EXPECT_EQ(clause, "every path has the same number of black nodes");
      ++failures;
      if (smallest_failure == 0) {
        smallest_failure = n;
        witness = order;
      }
    } while (std::next_permutation(order.begin(), order.end()));
    if (n <= 5) EXPECT_EQ(failures, 0) << n << " nodes";
    else EXPECT_GT(failures, 0) << n << " nodes";
  }
  EXPECT_EQ(smallest_failure, 6);
  // The first order found: 0 1 2 4 5 builds 1 (0, 4 (2, 5)) with 2 and 5 red; inserting 3 under
  // 2 recolours below 4, not the root.
  EXPECT_EQ(witness, (std::vector<int>{0, 1, 2, 4, 5, 3}));
}

// ---------------------------------------------------------------------------------------------
// HeapArray

namespace ha = subjects::heap_array;

// A heap with array storage of its own.
struct heap_box {
  ha::heap h;
  std::vector<smallscope::field<int>> cells;
  heap_box(int length, int capacity) : cells(static_cast<std::size_t>(capacity), smallscope::field<int>(-1)) {
    h.array.assign_storage(cells.data(), capacity);
    h.array.set_length(length);
    h.size = 0;
  }
  explicit heap_box(const ha::heap& other) : heap_box(other.array.length(), other.array.capacity()) {
    for (int i = 0; i < other.array.capacity(); ++i) h.array[i] = other.array[i];
    h.size = other.size;
  }
  heap_box(const heap_box&) = delete;
  heap_box& operator=(const heap_box&) = delete;
};

std::multiset<int> keys(const ha::heap& h) {
  std::multiset<int> out;
  for (int i = 0; i < h.size; ++i) out.insert(h.array[i]);
  return out;
}

TEST(MethodsHeapArray, RandomOperationsAgreeWithStdMultiset) {
  std::mt19937 rng(seed);
  int full_inserts = 0;
  for (int length = 0; length <= 7; ++length) {
    heap_box s(length, length + 1);  // one cell beyond the length: it must stay untouched
    std::multiset<int> model;
    for (int step = 0; step < random_steps / 8; ++step) {
      const heap_box old(s.h);
      smallscope::verdict v;
      if (add_now(rng, step * 8)) {
        const int key = pick(rng, -1, 9);
        const bool expected = key != -1 && static_cast<int>(model.size()) < length;
        full_inserts += key != -1 && !expected ? 1 : 0;
        if (expected) model.insert(key);
        const bool result = s.h.insert(key);
        EXPECT_EQ(result, expected) << "insert " << key << " at step " << step;
        ha::insert_post(v, old.h, s.h, result, key);
      } else {
        int expected = -1;
        if (!model.empty()) {
          expected = *model.rbegin();
          model.erase(std::prev(model.end()));
        }
        const int result = s.h.extract_max();
        EXPECT_EQ(result, expected) << "extract_max at step " << step;
        ha::extract_max_post(v, old.h, s.h, result);
      }
      ASSERT_TRUE(s.h.rep_ok()) << "length " << length << " step " << step;
      ASSERT_EQ(keys(s.h), model) << "length " << length << " step " << step;
      ASSERT_EQ(s.h.array[length], -1);
      ASSERT_TRUE(v.passed()) << v.failed_clause() << " at length " << length << " step " << step;
    }
  }
  EXPECT_GT(full_inserts, 20);
}

TEST(MethodsHeapArray, PostconditionsNameTheBrokenClause) {
  heap_box pre(4, 4);
  for (int key : {5, 3, 4}) pre.h.insert(key);
  {
    heap_box now(pre.h);
    ASSERT_TRUE(now.h.insert(6));
    auto post = [&](bool result, int key) {
      return failed_clause([&](smallscope::verdict& v) { ha::insert_post(v, pre.h, now.h, result, key); });
    };
    EXPECT_EQ(post(true, 6), "");
    EXPECT_EQ(post(false, 6), "result is true iff there was room and key is not -1");
    EXPECT_EQ(post(true, -1), "result is true iff there was room and key is not -1");
    now.h.array[0] = 7;
    EXPECT_EQ(post(true, 6), "keys are the old keys plus key");
    now.h.array[0] = 6;
    now.h.size = 3;
    EXPECT_EQ(post(true, 6), "keys are the old keys plus key");
    now.h.size = 5;
    EXPECT_EQ(post(true, 6), "size is within the array");
    now.h.size = 4;
    now.h.array.set_length(3);
    EXPECT_EQ(post(true, 6), "the array's length is unchanged");
    now.h.array.set_length(4);
  }
  {
    heap_box now(pre.h);
    ASSERT_EQ(now.h.extract_max(), 5);
    auto post = [&](int result) {
      return failed_clause([&](smallscope::verdict& v) { ha::extract_max_post(v, pre.h, now.h, result); });
    };
    EXPECT_EQ(post(5), "");
    EXPECT_EQ(post(4), "result is the greatest key, or -1 when empty");
    now.h.array[2] = 9;  // the freed cell
    EXPECT_EQ(post(5), "the freed cell holds -1");
    now.h.array[2] = -1;
    now.h.array[1] = 5;
    EXPECT_EQ(post(5), "keys are the old keys minus the greatest");
    now.h.array[1] = 3;
    now.h.size = 3;
    EXPECT_EQ(post(5), "keys are the old keys minus the greatest");
  }
  {
    heap_box empty(2, 2);
    heap_box now(empty.h);
    ASSERT_EQ(now.h.extract_max(), -1);
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { ha::extract_max_post(v, empty.h, now.h, -1); }), "");
    now.h.size = 1;  // a key out of nothing
    now.h.array[0] = 0;
    EXPECT_EQ(failed_clause([&](smallscope::verdict& v) { ha::extract_max_post(v, empty.h, now.h, -1); }),
              "keys are the old keys minus the greatest");
  }
}

}  // namespace
