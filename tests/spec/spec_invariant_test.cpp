// A spec is an invariant too: the Korat search running the `inputs` predicate of each spec of
// examples/specs/korat/ (spec_invariant, src/concretize/spec_invariant.*) finds exactly the
// structures it finds with the subject's C++ rep_ok on the same finitization, scopes 0..7: the
// same count and the same structures up to isomorphism (the candidate vectors may differ: the
// search names objects in the order the invariant reads them).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "smallscope/search.hpp"
#include "smallscope/spec.hpp"
#include "smallscope/subject.hpp"
#include "spec/structure_picture.hpp"

namespace smallscope {
namespace {

std::string korat_spec(const std::string& name) {
  return std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/korat/" + name;
}

using test_pictures::picture;

struct run {
  std::vector<std::vector<std::int64_t>> structures;  // pictures, sorted
  search_stats stats;
};

run search(const subject_instance& instance, const predicate& invariant) {
  run r;
  auto range = structures(instance.fin, invariant);
  for (const structure& s : range) r.structures.push_back(picture(s));
  std::sort(r.structures.begin(), r.structures.end());
  r.stats = range.stats();
  return r;
}

void expect_same_structures(const std::string& subject_name, const std::string& spec, std::int64_t first, std::int64_t max_scope) {
  const subject* sub = find_subject(subject_name);
  ASSERT_NE(sub, nullptr);
  for (std::int64_t n = first; n <= max_scope; ++n) {
    SCOPED_TRACE(fmt::format("{} {}", subject_name, n));
    const auto parameters = sub->scope(n);
    const subject_instance instance = sub->make(parameters);
    const run cpp = search(instance, instance.invariant);
    // The evaluators' judgement: this binary holds the korat specs compiled too
    // (compiled_spec_test.cpp), which spec_invariant would take otherwise.
    spec_invariant_options o;
    o.spec_file = korat_spec(spec);
    o.run = "inputs";
    o.interpret = true;
    const run from_spec = search(instance, spec_invariant(instance.fin, o));
    EXPECT_EQ(from_spec.structures.size(), cpp.structures.size());
    EXPECT_EQ(from_spec.structures, cpp.structures);
    std::printf("%s %lld: %zu structures; explored %llu (C++) and %llu (spec)\n", subject_name.c_str(),
                static_cast<long long>(n), cpp.structures.size(), static_cast<unsigned long long>(cpp.stats.explored),
                static_cast<unsigned long long>(from_spec.stats.explored));
  }
}

// Scopes 0..7 (under AddressSanitizer 0..6, a tenth of the time).
#if defined(__SANITIZE_ADDRESS__)
constexpr std::int64_t top_scope = 6;
#else
constexpr std::int64_t top_scope = 7;
#endif
TEST(SpecInvariant, BinaryTree) { expect_same_structures("BinaryTree", "binary_tree.als", 0, top_scope); }
TEST(SpecInvariant, SearchTree) { expect_same_structures("SearchTree", "search_tree.als", 1, top_scope); }
TEST(SpecInvariant, SinglyLinkedList) { expect_same_structures("SinglyLinkedList", "singly_linked_list.als", 0, top_scope); }
TEST(SpecInvariant, DoublyLinkedList) { expect_same_structures("DoublyLinkedList", "doubly_linked_list.als", 0, top_scope); }
TEST(SpecInvariant, RedBlackTree) { expect_same_structures("RedBlackTree", "red_black_tree.als", 0, top_scope); }

// A spec the masks leave open on the whole structure (`div`, which they do not judge) goes to the
// two-valued evaluator there, with the C++ invariant's structures.
TEST(SpecInvariant, WhatMasksLeaveOpenTheTwoValuedEvaluatorJudges) {
  const std::string file = testing::TempDir() + "div_search_tree.als";
  std::ofstream(file) << "sig SearchTree { root: lone Node, size: one Int }\n"
                         "sig Node { left: lone Node, right: lone Node, info: one Int }\n"
                         "pred SearchTree.inputs {\n"
                         "  all n: root.*(left + right) {\n"
                         "    n !in n.^(left + right)\n"
                         "    no n.left.*(left + right) & n.right.*(left + right)\n"
                         "    all m: n.left.*(left + right) | m.info < n.info\n"
                         "    all m: n.right.*(left + right) | m.info > n.info\n"
                         "    n.info >= 0 and n.info < #Node\n"
                         "  }\n"
                         "  size = #root.*(left + right)\n"
                         "  div[size, 1] = #Node\n"
                         "}\n"
                         "run inputs for exactly 1 SearchTree, exactly 4 Node, 4 Int\n";
  const subject* sub = find_subject("SearchTree");
  ASSERT_NE(sub, nullptr);
  for (std::int64_t n = 1; n <= 5; ++n) {
    const subject_instance instance = sub->make(sub->scope(n));
    const run cpp = search(instance, instance.invariant);
    const run from_spec = search(instance, spec_invariant(instance.fin, {file, "inputs", ""}));
    EXPECT_EQ(from_spec.structures, cpp.structures) << n;
  }
}

}  // namespace
}  // namespace smallscope
