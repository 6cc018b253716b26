// The evaluator on the list spec (paper 003, Sec. 5: TestEra's phase 2 judges pre- and
// post-states): acyclic, sorted and the permutation conjunct agree with direct C++ computations
// on every list of up to 3 nodes; failing conjuncts are reported by label, calls expanded.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "evaluate/evaluator.hpp"
#include "spec/list_spec.hpp"

namespace smallscope::spec {
namespace {

using namespace list_spec;

std::vector<shape> all_shapes() {
  std::vector<shape> out;
  const int elems[] = {-1, 0, 1};
  for (int k = 0; k <= 3; ++k) {
    int next_choices = 1;
    for (int i = 0; i < k; ++i) next_choices *= k + 1;
    int elem_choices = 1;
    for (int i = 0; i < k; ++i) elem_choices *= 3;
    for (int h = -1; h < k; ++h) {
      for (int nc = 0; nc < next_choices; ++nc) {
        for (int ec = 0; ec < elem_choices; ++ec) {
          shape s;
          s.k = k;
          s.header = h;
          int a = nc, b = ec;
          for (int i = 0; i < k; ++i) {
            s.next.push_back(a % (k + 1) - 1);
            a /= k + 1;
            s.elem.push_back(elems[b % 3]);
            b /= 3;
          }
          out.push_back(s);
        }
      }
    }
  }
  return out;
}

std::vector<int> reachable(const shape& s) {
  std::vector<int> out;
  for (int n = s.header; n >= 0 && std::find(out.begin(), out.end(), n) == out.end(); n = s.next[static_cast<std::size_t>(n)]) {
    out.push_back(n);
  }
  return out;
}

bool acyclic(const shape& s) {
  for (int n : reachable(s)) {
    int m = s.next[static_cast<std::size_t>(n)];
    for (int step = 0; step <= s.k && m >= 0; ++step, m = s.next[static_cast<std::size_t>(m)]) {
      if (m == n) return false;
    }
  }
  return true;
}

bool sorted(const shape& s) {
  for (int n : reachable(s)) {
    int m = s.next[static_cast<std::size_t>(n)];
    if (m >= 0 && s.elem[static_cast<std::size_t>(n)] > s.elem[static_cast<std::size_t>(m)]) return false;
  }
  return true;
}

std::multiset<int> elements(const shape& s) {
  std::multiset<int> out;
  for (int n : reachable(s)) out.insert(s.elem[static_cast<std::size_t>(n)]);
  return out;
}

const std::uint32_t receiver[] = {list_atom};

TEST(Evaluator, AcyclicAndSortedAgreeWithDirectComputationOnEveryListUpTo3Nodes) {
  module m = make(false);
  universe u = make_universe();
  std::size_t count = 0, acyclic_count = 0, sorted_count = 0;
  for (const shape& s : all_shapes()) {
    instance in = make_instance(u, s);
    evaluator e(m, in);
    ASSERT_EQ(e.holds(p_acyclic, receiver), acyclic(s)) << "k=" << s.k << " header=" << s.header;
    ASSERT_EQ(e.holds(p_sorted, receiver), sorted(s)) << "k=" << s.k << " header=" << s.header;
    ASSERT_TRUE(e.facts_hold());
    ++count;
    acyclic_count += acyclic(s);
    sorted_count += sorted(s);
  }
  EXPECT_GT(count, 7000u);
  EXPECT_GT(acyclic_count, 100u);
  EXPECT_LT(acyclic_count, count);
  EXPECT_GT(sorted_count, 100u);
  EXPECT_LT(sorted_count, count);
}

TEST(Evaluator, PermutationConjunctCountsElementsInPreAndPostStates) {
  module m = make(false);
  universe u = make_universe();
  std::vector<shape> shapes = all_shapes();
  std::mt19937 rng(11);
  std::size_t same = 0, differ = 0, whole = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const shape& pre = shapes[rng() % shapes.size()];
    shape post = pre;
    std::shuffle(post.elem.begin(), post.elem.end(), rng);
    if (post.k > 0 && rng() % 2) {
      std::size_t i = rng() % static_cast<std::size_t>(post.k);
      if (rng() % 2) post.elem[i] = static_cast<int>(rng() % 3) - 1;
      else post.next[i] = static_cast<int>(rng() % static_cast<unsigned>(post.k + 1)) - 1;
    }
    if (rng() % 4 == 0) post.header = static_cast<int>(rng() % static_cast<unsigned>(post.k + 1)) - 1;
    instance pre_in = make_instance(u, pre);
    instance post_in = make_instance(u, post);
    evaluator e(m, post_in, &pre_in);
    bool permutation = elements(pre) == elements(post);
    std::vector<std::string> failed = e.failed_conjuncts(p_sort_ok, receiver);
    bool reported = std::find(failed.begin(), failed.end(), "permutation") != failed.end();
    ASSERT_EQ(reported, !permutation) << "trial " << trial;
    bool expected = permutation && acyclic(post) && sorted(post);
    ASSERT_EQ(e.holds(p_sort_ok, receiver), expected) << "trial " << trial;
    ASSERT_EQ(failed.empty(), expected);
    (permutation ? same : differ) += 1;
    whole += expected;
  }
  EXPECT_GT(same, 500u);
  EXPECT_GT(differ, 500u);
  EXPECT_GT(whole, 100u);
}

TEST(Evaluator, FailedConjunctsNameNestedPredicates) {
  module m = make(false);
  universe u = make_universe();
  // Node$0 (2) -> Node$1 (1): acyclic, not sorted.
  instance unsorted = make_instance(u, shape{2, 0, {1, -1}, {2, 1}});
  evaluator e1(m, unsorted);
  EXPECT_EQ(e1.failed_conjuncts(p_method_ok, receiver), std::vector<std::string>{"repOk: sorted"});
  EXPECT_EQ(e1.failed_conjuncts(p_outer, receiver), std::vector<std::string>{"methodOk: repOk: sorted"});
  EXPECT_FALSE(e1.holds(p_method_ok, receiver));
  EXPECT_TRUE(e1.failed_conjuncts(p_post2, receiver).empty());
  // Node$0 (1) <-> Node$1 (0): neither acyclic nor sorted.
  instance cyclic = make_instance(u, shape{2, 0, {1, 0}, {1, 0}});
  evaluator e2(m, cyclic);
  EXPECT_EQ(e2.failed_conjuncts(p_method_ok, receiver), (std::vector<std::string>{"repOk: acyclic", "repOk: sorted"}));
  EXPECT_EQ(e2.failed_conjuncts(p_sort_ok, receiver), (std::vector<std::string>{"acyclic: acyclic", "sorted: sorted"}));
  // The empty list: sorted and acyclic, but no header.
  instance empty = make_instance(u, shape{1, -1, {-1}, {0}});
  evaluator e3(m, empty);
  EXPECT_EQ(e3.failed_conjuncts(p_method_ok, receiver), std::vector<std::string>{"some header"});
  EXPECT_EQ(e3.failed_conjuncts(p_post2, receiver), std::vector<std::string>{"nonEmpty"});
  EXPECT_EQ(e3.failed_conjuncts(p_non_empty, receiver), std::vector<std::string>{"nonEmpty"});
  EXPECT_TRUE(e3.failed_conjuncts(p_rep_ok, receiver).empty());
  EXPECT_TRUE(e3.holds(p_rep_ok, receiver));
}

TEST(Evaluator, CommandsJudgeTheirPredicateAssertionOrInlineBlock) {
  module m = make(false);
  universe u = make_universe();
  command_decl run_sorted;  // run sorted
  run_sorted.target = p_sorted;
  m.commands.push_back(std::move(run_sorted));
  assert_decl all_acyclic;  // assert { all l: List | l.acyclic }
  all_acyclic.name = "allAcyclic";
  all_acyclic.body = block(list(quant(op::quant_all, d({0}, sig(s_list)), call(p_acyclic, list(var(0))))));
  all_acyclic.variable_count = 1;
  m.asserts.push_back(std::move(all_acyclic));
  command_decl check_acyclic;
  check_acyclic.is_run = false;
  check_acyclic.target = 0;
  m.commands.push_back(std::move(check_acyclic));
  command_decl inline_block;  // run { some Node }
  inline_block.block = block(list(f1(op::some, sig(s_node))));
  m.commands.push_back(std::move(inline_block));
  instance cyclic_unsorted = make_instance(u, shape{2, 0, {1, 0}, {1, 0}});
  evaluator e1(m, cyclic_unsorted);
  EXPECT_FALSE(e1.command_holds(0, receiver));
  EXPECT_FALSE(e1.command_holds(1, {}));
  EXPECT_TRUE(e1.command_holds(2, {}));
  instance empty = make_instance(u, shape{0, -1, {}, {}});
  evaluator e2(m, empty);
  EXPECT_TRUE(e2.command_holds(0, receiver));
  EXPECT_TRUE(e2.command_holds(1, {}));
  EXPECT_FALSE(e2.command_holds(2, {}));
}

// The declarations' constraints and the facts, one violation at a time.
class EvaluatorFacts : public ::testing::Test {
 protected:
  module m = make(true);
  universe u = make_universe();
  instance valid = make_instance(u, shape{3, 0, {1, 2, -1}, {1, 2, 3}});

  std::vector<std::string> failed(const instance& in) {
    evaluator e(m, in);
    std::vector<std::string> got = e.failed_facts();
    EXPECT_EQ(e.facts_hold(), got.empty());
    return got;
  }
  using labels = std::vector<std::string>;
};

TEST_F(EvaluatorFacts, AValidInstanceFailsNothing) { EXPECT_EQ(failed(valid), labels{}); }

TEST_F(EvaluatorFacts, TwoNextValuesOnALoneField) {
  instance in = valid;
  std::uint32_t extra[] = {node0 + 1, node0};  // Node$1.next = Node$2 + Node$0
  in.fields[f_next].insert(extra);
  EXPECT_EQ(failed(in), labels{"field 'next' of Node: lone"});
}

TEST_F(EvaluatorFacts, MissingElemOnAOneField) {
  instance in = valid;
  in.fields[f_elem].atoms.erase(in.fields[f_elem].atoms.begin(), in.fields[f_elem].atoms.begin() + 2);
  EXPECT_EQ(failed(in), labels{"field 'elem' of Node: one"});
}

TEST_F(EvaluatorFacts, OneSigWithTwoAtoms) {
  instance in = valid;
  in.sigs[s_true] = unary({true_atom, false_atom});
  in.sigs[s_false] = unary({});
  EXPECT_EQ(failed(in), (labels{"one sig True", "one sig False"}));
}

TEST_F(EvaluatorFacts, SubsigsOutsideTheirParentOrOverlapping) {
  instance in = valid;
  in.sigs[s_bool] = unary({false_atom});
  EXPECT_EQ(failed(in), labels{"sig True extends Bool"});
  in = valid;
  in.sigs[s_true] = unary({true_atom});
  in.sigs[s_false] = unary({true_atom});
  in.sigs[s_bool] = unary({true_atom});
  EXPECT_EQ(failed(in), labels{"sigs True and False extend Bool disjointly"});
  in = valid;
  in.sigs[s_bool] = unary({list_atom, true_atom, false_atom});
  EXPECT_EQ(failed(in), labels{"abstract sig Bool"});
}

TEST_F(EvaluatorFacts, TuplesOutsideTheColumnSigs) {
  instance in = valid;
  std::uint32_t from_list[] = {list_atom, node0};
  in.fields[f_next].insert(from_list);
  EXPECT_EQ(failed(in), labels{"field 'next' of Node: type"});
  in = valid;
  in.fields[f_elem].atoms[1] = node0;  // Node$0.elem = Node$0, not an Int
  EXPECT_EQ(failed(in), labels{"field 'elem' of Node: type"});
}

TEST_F(EvaluatorFacts, ArrowMultiplicity) {
  instance in = valid;
  std::uint32_t a[] = {list_atom, node0, int_atom(1)};
  std::uint32_t b[] = {list_atom, node0 + 1, int_atom(2)};
  in.fields[f_index].insert(a);
  in.fields[f_index].insert(b);
  EXPECT_EQ(failed(in), labels{});
  std::uint32_t c[] = {list_atom, node0, int_atom(3)};
  in.fields[f_index].insert(c);
  EXPECT_EQ(failed(in), labels{"field 'index' of List: -> lone"});
}

TEST_F(EvaluatorFacts, NamedUnnamedAndSigFacts) {
  instance in = make_instance(u, shape{2, 0, {0, -1}, {1, 2}});  // Node$0.next = Node$0
  EXPECT_EQ(failed(in), labels{"NoSelfLoop"});
  in = make_instance(u, shape{3, 0, {2, 2, -1}, {1, 2, 3}});  // two nodes before Node$2
  EXPECT_EQ(failed(in), labels{"Node fact"});
  in = valid;
  in.sigs[s_list] = unary({});
  in.fields[f_header] = pairs({});
  EXPECT_EQ(failed(in), labels{"fact at line 12"});
}

}  // namespace
}  // namespace smallscope::spec
