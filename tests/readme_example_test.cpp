// The README's library example, compiled and run: 5 binary trees of 3 nodes; and the README's
// first test is examples/first_test/first_test.cpp (built and run as smallscope_first_test),
// shown verbatim in at most 30 lines.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

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

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(Readme, FirstTestIsTheCompiledExampleInAtMostThirtyLines) {
  const std::string readme = file_text(std::string(SMALLSCOPE_SOURCE_DIR) + "/README.md");
  const std::string example = file_text(std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/first_test/first_test.cpp");
  ASSERT_FALSE(example.empty());
  const auto section = readme.find("## A first test");
  ASSERT_NE(section, std::string::npos);
  const auto block = readme.find("```cpp\n", section);
  ASSERT_NE(block, std::string::npos);
  EXPECT_EQ(readme.compare(block + 7, example.size(), example), 0) << "README's first test differs from the example";
  EXPECT_EQ(readme.compare(block + 7 + example.size(), 3, "```"), 0);
  EXPECT_LE(std::count(example.begin(), example.end(), '\n'), 30);
}

}  // namespace readme
