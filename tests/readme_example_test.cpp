// The README's library example, compiled and run: 5 binary trees of 3 nodes.
#include <gtest/gtest.h>

#include <smallscope/search.hpp>
#include <smallscope/small_set.hpp>

namespace readme {

struct node {
  smallscope::field<node*> left, right;
};
SMALLSCOPE_FIELDS(node, left, right)

struct tree {
  smallscope::field<node*> root;
  smallscope::field<int> size;
  bool rep_ok() const {
    if (root == nullptr) return size == 0;
    smallscope::small_set<const node*> visited;
    visited.insert(root);
    for (std::size_t i = 0; i < visited.size(); ++i) {
      const node* n = visited[i];
      if (const node* l = n->left; l != nullptr && !visited.insert(l)) return false;
      if (const node* r = n->right; r != nullptr && !visited.insert(r)) return false;
    }
    return static_cast<int>(visited.size()) == size;
  }
};
SMALLSCOPE_FIELDS(tree, root, size)

TEST(Readme, LibraryExampleFindsTheFiveTrees) {
  auto f = smallscope::finitization::of<tree>("BinaryTree");
  auto nodes = f.objects<node>("Node", 3);
  f.set(&tree::root, nodes.or_null());
  f.set(&tree::size, smallscope::ints(3, 3));
  f.set(&node::left, nodes.or_null());
  f.set(&node::right, nodes.or_null());
  int count = 0;
  for (const smallscope::structure& s : smallscope::structures(f, &tree::rep_ok)) {
    EXPECT_EQ(s.root<tree>().size.get(), 3);
    ++count;
  }
  EXPECT_EQ(count, 5);
}

}  // namespace readme
