// A small class for the mutant generator's tests (paper 000, Sec. 7): one target method per
// family of mutation operators, a helper it calls, and an invariant whose own helper must not
// be mutated.
#pragma once

struct node {
  int key = 0;
  int value = 0;
  node* left = nullptr;
  node* right = nullptr;
};

struct sample {
  node* root = nullptr;
  int size = 0;

  // Operators: arithmetic, relational, equality, logical, increment, compound assignment.
  int arithmetic(int a, int b) const { return a + b; }
  bool relational(int a, int b) const { return a < b; }
  bool equality(const node* n) const { return n == root; }
  bool logical(bool a, bool b) const { return a && b; }
  void increment() { ++size; }
  void compound(int d) { size += d; }

  // Variables and fields: a local or parameter by another of its type, a field by another.
  int pick(int a, int b) const {
    int c = a;
    return c - b;
  }
  node* child(node* n) const { return n->left; }

  // Calls: a method by another of the same type.
  int twice(int a, int b) const { return arithmetic(a, b) * 2; }

  // The invariant and its helper: never mutated.
  bool rep_ok() const { return counted() == size; }
  int counted() const { return root == nullptr ? 0 : 1; }
};
