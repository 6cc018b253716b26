// Input of tests/instrument/field_reads_test.cpp: each kind of member access the rewriter must
// wrap, or leave alone.
#pragma once

#include <cassert>

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
  return s + (r != nullptr) + (a != nullptr) + f + depth(n) + b.value;
}

}  // namespace sample
