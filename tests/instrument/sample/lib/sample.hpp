// Input of tests/instrument/field_reads_test.cpp: each kind of member access the rewriter must
// wrap, or leave alone.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <list>
#include <map>
#include <optional>
#include <vector>

namespace sample {

struct key {
  int major;
  int minor;
};

template <class T>
struct box {
  T value;
};

struct node {
  node* left;
  node* right;
  key k;
  int arr[3];
  std::array<int, 3> std_arr;
  std::vector<int> vec;
  std::list<int> lst;
  std::optional<int> opt;
  std::map<int, int> mp;
  unsigned flags : 3;
};

template <class N>
int depth(const N* n) {
  return n == nullptr ? 0 : 1 + depth(n->left);
}

inline int reads(node* n, box<int>& b) {
  int s = sizeof(n->left);
  decltype(n->right) r = n->right;
  node** a = &n->left;
  assert(n->k.major >= 0);
  n->k.minor = 1;
  n->arr[1] += 2;
  ++b.value;
  int f = n->flags;
  int e = n->std_arr[2] + n->std_arr.at(0) + n->std_arr.back();
  n->std_arr[1] = static_cast<int>(n->std_arr.size());
  int v = n->vec[0] + n->vec.front() + static_cast<int>(n->vec.size()) + static_cast<int>(n->vec.capacity());
  for (int x : n->vec) v += x;
  n->vec[1] = v;
  int c = static_cast<int>(n->lst.size()) + (n->opt ? 1 : 0) + (n->mp.empty() ? 0 : 1) + static_cast<int>(n->opt.has_value());
  for (int x : n->lst) c += x;
  return s + (r != nullptr) + (a != nullptr) + f + e + v + c + depth(n) + b.value;
}

}  // namespace sample

namespace sample {

// A class template whose arrays' sizes depend on a parameter, read through an accessor and by an
// algorithm over the live range; a std::vector of pointers asked for empty() and back().
template <class K, int N>
struct counted {
  int count = 0;
  K keys[N];
  std::vector<counted*> kids;
  const K& key(int i) const { return keys[i]; }
  bool sorted() const { return std::is_sorted(keys, keys + count); }
  bool leaf() const { return kids.empty() || kids.back()->count == 0; }
};

struct stack {
  std::vector<node*> items;
  bool ok() const { return items.empty() || items.back()->left == nullptr; }
};

}  // namespace sample
