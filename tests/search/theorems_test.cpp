// Paper 000, Sec. 4: the search is sound (Theorem 1), complete (Theorem 2, from Lemma 3 and
// Lemma 4) and optimal (Theorem 3) for every predicate of the class Pi. Checked on 300 small
// random state spaces with random predicates, against a brute force, for Korat and for Korat*
// (pruning off), with and without isomorphism breaking:
//   Theorem 1: every yielded structure satisfies the predicate (re-run with no search active).
//   Theorem 2: the canonical forms of the yielded structures are those of all valid candidates.
//   Theorem 3: no two yielded structures share a canonical form; as in the proof, no two
//     candidates the predicate runs on do either.
//   Without isomorphism breaking: the yielded structures are the distinct valid assignments of
//     the reachable fields, each once.
//   Lemma 3: Korat and Korat* yield the same structures, and Korat runs the predicate only on
//     candidates that Korat* runs it on.
// Plus deterministic cases counted by hand (class domains; BinaryTree: 5 and 14 trees).
//
// The random predicates (of the class Pi), the canonical forms and the brute force are in
// theorem_oracle.hpp; the oracle does not use the search. A failure names its seed and
// finitization.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "smallscope/finitization.hpp"
#include "smallscope/search.hpp"
#include "space/state_space.hpp"
#include "subjects/binary_tree.hpp"
#include "search/theorem_oracle.hpp"

namespace {

using namespace theorem_oracle;
namespace detail = smallscope::detail;
using smallscope::finitization;
using smallscope::search_options;

// ---- The search, observed ----

struct observed {
  std::vector<form> yielded;              // forms of the yielded structures, in order
  std::vector<std::uint64_t> candidates;  // fingerprints of the predicate's inputs, sorted
  std::uint64_t unsound = 0;              // yielded structures the predicate rejects
  smallscope::search_stats stats;
};

// Runs the search; forms are canonical with isomorphism breaking, by identity without it.
observed run_search(const finitization& f, const invariant_params& params,
                    const search_options& options) {
  observed out;
  const bool relabel = options.isomorphism_breaking;
  const auto objects = std::make_shared<object_table>();
  const random_invariant invariant{params, objects};
  detail::access_observer* const idle = detail::current_observer;  // when no search runs
  auto spy = [&out, invariant, relabel, idle](const groot& root) {
    // The whole candidate's fingerprint, read with tracking off: the search sees only the
    // predicate's own reads.
    detail::access_observer* const observer = std::exchange(detail::current_observer, idle);
    out.candidates.push_back(fingerprint(root, *invariant.objects, relabel));
    detail::current_observer = observer;
    return invariant(root);
  };
  smallscope::structure_range range(f, smallscope::make_predicate<groot>(spy), options);
  *objects = object_table(range.space());
  for (const smallscope::structure& s : range) {
    const groot& root = s.root<groot>();
    if (!invariant(root)) ++out.unsound;  // no search is active: plain reads
    out.yielded.push_back(form_of(root, *objects, relabel));
  }
  out.stats = range.stats();
  std::sort(out.candidates.begin(), out.candidates.end());
  return out;
}

// ---- The checks ----

form_set as_set(const std::vector<form>& forms) { return {forms.begin(), forms.end()}; }

// "yielded 3, expected 4; missing [..]; extra [..]" (one example of each).
std::string difference(const form_set& got, const form_set& want) {
  std::string out = "yielded " + std::to_string(got.size()) + ", expected " + std::to_string(want.size());
  for (const auto& f : want)
    if (!got.contains(f)) {
      out += "; missing " + text(f);
      break;
    }
  for (const auto& f : got)
    if (!want.contains(f)) {
      out += "; extra " + text(f);
      break;
    }
  return out;
}

// Theorems 1-3 for one run of the search, against the forms of the valid candidates.
void check_run(const observed& got, const form_set& want) {
  EXPECT_EQ(got.stats.predicate_exceptions, 0U) << "the test's predicate threw";
  EXPECT_EQ(got.stats.budget_exceeded, 0U);
  EXPECT_EQ(got.stats.valid, got.yielded.size());
  EXPECT_EQ(got.stats.explored, got.candidates.size()) << "one predicate call per candidate";
  EXPECT_EQ(got.unsound, 0U) << "Theorem 1: yielded structures that the predicate rejects";
  const form_set yielded = as_set(got.yielded);
  EXPECT_EQ(yielded.size(), got.yielded.size()) << "Theorem 3: two yielded structures have one form";
  EXPECT_TRUE(std::adjacent_find(got.candidates.begin(), got.candidates.end()) == got.candidates.end())
      << "Theorem 3's proof: the predicate ran on two candidates of one form";
  EXPECT_TRUE(yielded == want) << "Theorem 2: " << difference(yielded, want);
}

search_options options(bool isomorphism_breaking, bool pruning) {
  search_options o;
  o.isomorphism_breaking = isomorphism_breaking;
  o.pruning = pruning;
  return o;
}

// Everything on one state space and predicate.
void check_space(const finitization& f, const invariant_params& params) {
  const expected e = brute_force(f, params);
  for (const bool isomorphism_breaking : {true, false}) {
    const std::string mode = isomorphism_breaking ? "isomorphism breaking" : "no isomorphism breaking";
    const form_set& want = isomorphism_breaking ? e.canonical : e.assignments;
    const observed korat = run_search(f, params, options(isomorphism_breaking, true));
    const observed korat_star = run_search(f, params, options(isomorphism_breaking, false));
    {
      SCOPED_TRACE("Korat, " + mode);
      check_run(korat, want);
    }
    {
      SCOPED_TRACE("Korat* (no pruning), " + mode);
      check_run(korat_star, want);
    }
    EXPECT_EQ(korat.yielded.size(), korat_star.yielded.size()) << mode;
    EXPECT_TRUE(as_set(korat.yielded) == as_set(korat_star.yielded))
        << "Lemma 3: Korat and Korat* yield different structures, " << mode;
    EXPECT_TRUE(std::includes(korat_star.candidates.begin(), korat_star.candidates.end(),
                              korat.candidates.begin(), korat.candidates.end()))
        << "Lemma 3's proof: Korat ran the predicate on a candidate that Korat* skipped, " << mode;
  }
}

// ---- The random tests: 10 batches of 30 seeds ----

constexpr int batches = 10;
constexpr int seeds_per_batch = 30;

class TheoremRandomSpaces : public ::testing::TestWithParam<int> {};

TEST_P(TheoremRandomSpaces, SoundCompleteOptimal) {
  std::uint64_t candidates = 0;
  for (int i = 0; i < seeds_per_batch; ++i) {
    const int seed = GetParam() * seeds_per_batch + i;
    rng r(static_cast<std::uint64_t>(seed));
    const finitization f = small_random_finitization(r);
    const invariant_params params = random_params(r);
    SCOPED_TRACE("seed " + std::to_string(seed) + ": " + f.describe());
    candidates += candidate_count(f);
    check_space(f, params);
    if (HasFailure()) return;  // the first failing seed of the batch says enough
  }
  RecordProperty("brute_force_candidates", std::to_string(candidates));
}

INSTANTIATE_TEST_SUITE_P(Theorems, TheoremRandomSpaces, ::testing::Range(0, batches));

// ---- Class domains, counted by hand ----

// Root.a in {null?} + node class domains of the given sizes; Node.l in the same set for
// `lists`, else null; every other field has one value.
finitization root_pointing_at(const std::vector<std::uint32_t>& counts, bool null_allowed,
                              bool excluded = false, bool lists = false) {
  auto f = finitization::of<groot>("Root");
  std::vector<std::uint32_t> ids;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    const auto d = f.objects<gnode>("N" + std::to_string(i), counts[i]);
    if (excluded) f.exclude_from_isomorphism(d);
    ids.push_back(d.id());
  }
  const smallscope::object_set<gnode> nodes(null_allowed, ids);
  const smallscope::object_set<gnode> none(true, {});
  f.set(&groot::a, nodes);
  f.set(&groot::b, smallscope::object_set<gother>(true, {}));
  f.set(&groot::n, smallscope::ints(0, 0));
  f.set(&groot::vals, smallscope::ints(0, 0), smallscope::ints(0, 0));
  f.set(&groot::kids, smallscope::ints(0, 0), none);
  f.set(&gnode::l, lists ? nodes : none);
  f.set(&gnode::r, none);
  f.set(&gnode::v, smallscope::ints(0, 0));
  return f;
}

struct counted_case {
  const char* name;
  finitization fin;
  std::size_t structures;           // with isomorphism breaking
  std::size_t without_isomorphism;  // without it
};

// Definition 1: objects are interchangeable within a class domain, never across two class
// domains (even of one C++ class); objects of excluded class domains are plain values.
TEST(TheoremSanity, ClassDomainsByHand) {
  const counted_case cases[] = {
      {"null or one of 3 nodes", root_pointing_at({3}, true), 2, 4},
      {"two class domains of 1 node", root_pointing_at({1, 1}, false), 2, 2},
      {"two class domains of 2 nodes", root_pointing_at({2, 2}, false), 2, 4},
      {"2 nodes excluded from isomorphism", root_pointing_at({2}, false, true), 2, 2},
      // Paths of k = 0..3 distinct nodes, the last one's l null or back to one of the k:
      // 1 + 2 + 3 + 4 up to isomorphism; 1 + 3*2 + 6*3 + 6*4 labelled.
      {"lists of up to 3 nodes", root_pointing_at({3}, true, false, true), 10, 49},
      // An empty class domain between two others must not end the field domain.
      {"empty class domain in the middle", root_pointing_at({1, 0, 1}, false), 2, 2},
      {"empty class domain first", root_pointing_at({0, 1}, false), 1, 1},
  };
  invariant_params reads_all;  // reads every reachable field, then true
  invariant_params reads_nothing;
  reads_nothing.reads_nothing = true;
  for (const auto& c : cases) {
    for (const auto* params : {&reads_all, &reads_nothing}) {
      SCOPED_TRACE(std::string(c.name) + (params->reads_nothing ? ", reads nothing: " : ", reads all: ") +
                   c.fin.describe());
      const expected e = brute_force(c.fin, *params);
      EXPECT_EQ(e.canonical.size(), c.structures) << "the oracle disagrees with the hand count";
      EXPECT_EQ(e.assignments.size(), c.without_isomorphism) << "the oracle disagrees with the hand count";
      for (const bool pruning : {true, false}) {
        SCOPED_TRACE(pruning ? "Korat" : "Korat*");
        check_run(run_search(c.fin, *params, options(true, pruning)), e.canonical);
        check_run(run_search(c.fin, *params, options(false, pruning)), e.assignments);
      }
    }
  }
}

// ---- BinaryTree (Korat's example) with exactly n nodes: Catalan(n) shapes, n! labellings ----

namespace bt = subjects::binary_tree;

// The size, then the nodes depth-first: numbered by discovery, or by index with `identities`.
class tree_form {
 public:
  tree_form(const bt::tree& t, const object_table* identities) : identities_(identities) {
    out_.push_back(t.size.get());
    node(t.root.get());
  }
  const form& get() const { return out_; }

 private:
  void node(const bt::node* n) {
    if (n == nullptr) {
      out_.push_back(null_token);
      return;
    }
    const auto it = std::find(seen_.begin(), seen_.end(), n);
    out_.push_back(identities_ != nullptr ? identities_->find(n).index : it - seen_.begin());
    if (it != seen_.end()) return;
    seen_.push_back(n);
    node(n->left.get());
    node(n->right.get());
  }
  const object_table* identities_;
  form out_;
  std::vector<const bt::node*> seen_;
};

TEST(TheoremSanity, BinaryTreeAgainstBruteForce) {
  struct tree_case {
    std::int64_t nodes;
    std::size_t shapes;
    std::size_t labelled;
  };
  for (const tree_case c : {tree_case{3, 5, 30}, tree_case{4, 14, 336}}) {
    SCOPED_TRACE("BinaryTree " + std::to_string(c.nodes));
    const finitization f = bt::fin(c.nodes, c.nodes, c.nodes);
    const detail::state_space space(f.data());
    const object_table objects(space);
    const auto& tree = *static_cast<const bt::tree*>(space.root());
    form_set shapes;
    form_set labelled;
    for_each_candidate(space, [&] {
      if (!tree.rep_ok()) return;
      shapes.insert(tree_form(tree, nullptr).get());
      labelled.insert(tree_form(tree, &objects).get());
    });
    EXPECT_EQ(shapes.size(), c.shapes) << "the oracle disagrees with the Catalan number";
    EXPECT_EQ(labelled.size(), c.labelled) << "the oracle disagrees with Catalan(n) * n!";
    for (const bool isomorphism_breaking : {true, false}) {
      std::uint64_t explored[2] = {0, 0};  // Korat*, Korat
      for (const bool pruning : {true, false}) {
        SCOPED_TRACE(std::string(isomorphism_breaking ? "isomorphism breaking" : "no isomorphism breaking") +
                     (pruning ? ", Korat" : ", Korat*"));
        auto range = smallscope::structures(f, &bt::tree::rep_ok, options(isomorphism_breaking, pruning));
        const object_table range_objects(range.space());
        const object_table* identities = isomorphism_breaking ? nullptr : &range_objects;
        std::vector<form> yielded;
        for (const smallscope::structure& s : range) {
          EXPECT_TRUE(s.root<bt::tree>().rep_ok()) << "Theorem 1";
          yielded.push_back(tree_form(s.root<bt::tree>(), identities).get());
        }
        explored[pruning ? 1 : 0] = range.stats().explored;
        const form_set& want = isomorphism_breaking ? shapes : labelled;
        EXPECT_EQ(as_set(yielded).size(), yielded.size()) << "Theorem 3";
        EXPECT_TRUE(as_set(yielded) == want) << "Theorem 2: " << difference(as_set(yielded), want);
      }
      // rep_ok returns at the first shared node: pruning skips candidates.
      EXPECT_GT(explored[0], explored[1]) << "Korat* explores no more than Korat: pruning=false ignored?";
    }
  }
}

}  // namespace
