// Specs compiled to C++ (smallscope_spec, src/compile/emit.hpp, smallscope/compiled_spec.hpp): the
// generated predicate gives the evaluators' verdict on every candidate (the search without pruning
// visits them all), the search with it finds the evaluators' structures and the C++ invariant's
// (so the reads it says decided a verdict, access_observer::decided_by, prune soundly), it judges
// structures built on the heap, and it is used only for the text it was made from and where it
// binds. tests/CMakeLists.txt compiles the korat specs, tree_set.als and every predicate of
// specs/compiled_constructs.als into this binary.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "smallscope/compiled_spec.hpp"
#include "smallscope/generate.hpp"
#include "smallscope/search.hpp"
#include "smallscope/spec.hpp"
#include "smallscope/subject.hpp"
#include "spec/structure_picture.hpp"
#include "subjects/search_tree.hpp"

namespace smallscope {
namespace {

std::string source(const std::string& relative) { return std::string(SMALLSCOPE_SOURCE_DIR) + "/" + relative; }
std::string korat(const std::string& name) { return source("examples/specs/korat/" + name); }
const std::string constructs = source("tests/spec/specs/compiled_constructs.als");

predicate invariant(const finitization& fin, const std::string& file, const std::string& run, bool interpret) {
  spec_invariant_options o;
  o.spec_file = file;
  o.run = run;
  o.interpret = interpret;
  return spec_invariant(fin, o);
}

bool judge(const predicate& p, const void* root) { return p.call(p.context.get(), root); }

// Both predicates on each candidate the search visits; the first one's verdict goes back.
struct both {
  predicate compiled, interpreted;
  std::uint64_t yes = 0, no = 0, disagree = 0;
};

predicate judged_by_both(const std::shared_ptr<both>& b) {
  predicate p;
  p.root_type = b->compiled.root_type;
  p.context = b;
  p.call = [](void* context, const void* root) {
    auto& x = *static_cast<both*>(context);
    const bool c = judge(x.compiled, root);
    const bool i = judge(x.interpreted, root);
    ++(c ? x.yes : x.no);
    x.disagree += c != i;
    return c;
  };
  return p;
}

// Every candidate of the finitization (no pruning): the same verdicts, both kinds met (when
// `both_kinds`; a random predicate may hold everywhere or nowhere).
void expect_same_verdicts(const finitization& fin, const std::string& file, const std::string& run,
                          bool both_kinds = true) {
  SCOPED_TRACE(fmt::format("{} {}", file, run));
  auto b = std::make_shared<both>();
  b->compiled = invariant(fin, file, run, false);
  b->interpreted = invariant(fin, file, run, true);
  ASSERT_TRUE(spec_invariant_compiled(b->compiled)) << spec_invariant_not_compiled(b->compiled);
  ASSERT_FALSE(spec_invariant_compiled(b->interpreted));
  search_options o;
  o.pruning = false;
  for ([[maybe_unused]] const structure& s : structures(fin, judged_by_both(b), o)) {
  }
  if (both_kinds)
    std::printf("%s %s: %llu valid and %llu invalid candidates\n", file.c_str(), run.c_str(),
                static_cast<unsigned long long>(b->yes), static_cast<unsigned long long>(b->no));
  EXPECT_EQ(b->disagree, 0u) << "of " << b->yes + b->no << " candidates";
  if (!both_kinds) return;
  EXPECT_GT(b->yes, 0u);
  EXPECT_GT(b->no, 0u);
}

using test_pictures::picture;

std::vector<std::vector<std::int64_t>> found(const finitization& fin, const predicate& p, unsigned threads = 1,
                                             const search_options& options = {}) {
  std::vector<std::vector<std::int64_t>> out;
  if (threads == 1) {
    for (const structure& s : structures(fin, p, options)) out.push_back(picture(s));
  } else {
    std::mutex m;
    generation_options o;
    o.threads = threads;
    o.search = options;
    o.on_structure = [&](unsigned, const structure& s) {
      auto pic = picture(s);
      const std::lock_guard<std::mutex> lock(m);
      out.push_back(std::move(pic));
    };
    generate(fin, p, o);
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(CompiledSpec, GivesTheEvaluatorsVerdictOnEveryCandidateOfTheKoratSpecs) {
  const struct {
    const char* subject;
    const char* spec;
    std::int64_t scope;
  } rows[] = {{"BinaryTree", "binary_tree.als", 3},         {"SearchTree", "search_tree.als", 2},
              {"SinglyLinkedList", "singly_linked_list.als", 3}, {"DoublyLinkedList", "doubly_linked_list.als", 2},
              {"RedBlackTree", "red_black_tree.als", 2}};
  for (const auto& r : rows) {
    const subject* sub = find_subject(r.subject);
    ASSERT_NE(sub, nullptr);
    expect_same_verdicts(sub->make(sub->scope(r.scope)).fin, korat(r.spec), "inputs");
  }
}

TEST(CompiledSpec, GivesTheEvaluatorsVerdictOnEveryCandidateForEachConstruct) {
  const subject* sub = find_subject("SearchTree");
  ASSERT_NE(sub, nullptr);
  const finitization fin = sub->make(std::vector<std::int64_t>{2, 0, 2, 0, 2}).fin;  // sizes 0..2, keys 0..2
  for (const char* run : {"quantifiers", "one_leaf", "connectives", "arithmetic", "sets", "pairs", "guards", "ordered"})
    expect_same_verdicts(fin, constructs, run);
}

// With pruning on, the compiled predicate's structures are the evaluators' and the C++
// invariant's: the reads it names as deciding a verdict prune no valid structure.
TEST(CompiledSpec, FindsTheStructuresOfTheEvaluatorsAndOfTheCppInvariant) {
#if defined(__SANITIZE_ADDRESS__)
  constexpr std::int64_t top = 5;
#else
  constexpr std::int64_t top = 6;
#endif
  const struct {
    const char* subject;
    const char* spec;
  } rows[] = {{"BinaryTree", "korat/binary_tree.als"},         {"SearchTree", "korat/search_tree.als"},
              {"SinglyLinkedList", "korat/singly_linked_list.als"}, {"DoublyLinkedList", "korat/doubly_linked_list.als"},
              {"RedBlackTree", "korat/red_black_tree.als"},     {"TreeSet", "tree_set.als"}};
  for (const auto& r : rows) {
    const subject* sub = find_subject(r.subject);
    ASSERT_NE(sub, nullptr);
    for (std::int64_t n = 1; n <= top; ++n) {
      SCOPED_TRACE(fmt::format("{} {}", r.subject, n));
      const subject_instance instance = sub->make(sub->scope(n));
      const std::string file = source("examples/specs/") + r.spec;
      const predicate compiled = invariant(instance.fin, file, "", false);
      ASSERT_TRUE(spec_invariant_compiled(compiled)) << spec_invariant_not_compiled(compiled);
      const auto cpp = found(instance.fin, instance.invariant);
      EXPECT_EQ(found(instance.fin, compiled), cpp);
      EXPECT_EQ(found(instance.fin, compiled, 2), cpp);
      if (n <= 4) {
        EXPECT_EQ(found(instance.fin, invariant(instance.fin, file, "", true)), cpp);
      }
    }
  }
}

TEST(CompiledSpec, FindsTheEvaluatorsStructuresForEachConstruct) {
  const subject* sub = find_subject("SearchTree");
  ASSERT_NE(sub, nullptr);
  for (std::int64_t n = 1; n <= 3; ++n) {  // 4 has 22 million structures for `connectives`
    const finitization fin = sub->make(std::vector<std::int64_t>{n, 0, n, 0, n - 1}).fin;
    for (const char* run : {"quantifiers", "one_leaf", "connectives", "arithmetic", "sets", "pairs", "guards", "ordered"}) {
      SCOPED_TRACE(fmt::format("{} {}", run, n));
      const auto compiled = found(fin, invariant(fin, constructs, run, false));
      EXPECT_EQ(compiled, found(fin, invariant(fin, constructs, run, true)));
      std::printf("%s %lld: %zu structures\n", run, static_cast<long long>(n), compiled.size());
    }
  }
}

// A structure outside the search (built with new, as a method's post-state is) is judged too.
// The run commands' predicates of a spec file, in order.
std::vector<std::string> run_names(const std::string& file) {
  std::ifstream in(file);
  std::vector<std::string> names;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("run ", 0) == 0) names.push_back(line.substr(4, line.find(' ', 4) - 4));
  return names;
}

// The differential fuzz of compiled specs (fuzz/random_specs.cpp, seed 1; the files are its
// output, checked below): random predicates over two subjects, quantifiers of one and two
// variables, guards that read the bound variables, some of them or none. Each gives the
// evaluators' verdict on every candidate of a small scope, and the pruned search finds what the
// search without pruning finds (the reads a compiled verdict names are the ones that decided it).
TEST(CompiledSpec, RandomPredicatesGiveTheEvaluatorsVerdictsAndPruneSoundly) {
  const struct {
    const char* subject;
    const char* file;
    std::vector<std::int64_t> every_candidate, searched;
  } rows[] = {{"SearchTree", "tests/spec/specs/random_search_tree.als", {2, 0, 2, 0, 1}, {3, 0, 3, 0, 1}},
              {"RedBlackTree", "tests/spec/specs/random_red_black_tree.als", {2, 0, 2, 1}, {2, 0, 2, 1}}};
  search_options unpruned;
  unpruned.pruning = false;
  std::size_t predicates = 0;
  for (const auto& r : rows) {
    const subject* sub = find_subject(r.subject);
    ASSERT_NE(sub, nullptr);
    const std::string file = source(r.file);
    const finitization small = sub->make(r.every_candidate).fin;
    const finitization searched = sub->make(r.searched).fin;
    for (const std::string& run : run_names(file)) {
      SCOPED_TRACE(fmt::format("{} {}", r.file, run));
      expect_same_verdicts(small, file, run, false);
      const predicate compiled = invariant(searched, file, run, false);
      ASSERT_TRUE(spec_invariant_compiled(compiled)) << spec_invariant_not_compiled(compiled);
      const auto all = found(searched, compiled, 1, unpruned);
      EXPECT_EQ(found(searched, compiled), all);
      EXPECT_EQ(found(small, invariant(small, file, run, true)), found(small, invariant(small, file, run, false)));
      ++predicates;
    }
  }
  EXPECT_GE(predicates, 250u);
}

TEST(CompiledSpec, JudgesAStructureOnTheHeap) {
  namespace st = subjects::search_tree;
  const subject* sub = find_subject("SearchTree");
  ASSERT_NE(sub, nullptr);
  const subject_instance instance = sub->make(sub->scope(3));
  const predicate compiled = invariant(instance.fin, korat("search_tree.als"), "inputs", false);
  ASSERT_TRUE(spec_invariant_compiled(compiled));
  st::tree t;
  auto* a = new st::node;
  auto* b = new st::node;
  auto* c = new st::node;
  a->info = 1;
  b->info = 0;
  c->info = 2;
  a->left = b;
  a->right = c;
  t.root = a;
  t.size = 3;
  EXPECT_TRUE(judge(compiled, &t));
  EXPECT_EQ(judge(compiled, &t), t.rep_ok());
  c->info = 0;  // not ordered
  EXPECT_FALSE(judge(compiled, &t));
  EXPECT_EQ(judge(compiled, &t), t.rep_ok());
  c->info = 2;
  c->left = a;  // a cycle
  EXPECT_FALSE(judge(compiled, &t));
  c->left = nullptr;
  t.size = 2;  // inputs: size is #Node, 3
  EXPECT_FALSE(judge(compiled, &t));
  delete a;
  delete b;
  delete c;
}

// The binary holds the compiled form of a text; a file whose text differs (one more line) is
// judged by the evaluators.
TEST(CompiledSpec, IsUsedOnlyForTheTextItWasMadeFrom) {
  const subject* sub = find_subject("BinaryTree");
  ASSERT_NE(sub, nullptr);
  const finitization fin = sub->make(sub->scope(3)).fin;
  EXPECT_TRUE(spec_invariant_compiled(invariant(fin, korat("binary_tree.als"), "", false)));
  EXPECT_FALSE(spec_invariant_compiled(invariant(fin, korat("binary_tree.als"), "", true)));
  std::ifstream in(korat("binary_tree.als"));
  std::stringstream text;
  text << in.rdbuf();
  const std::string changed = testing::TempDir() + "binary_tree_changed.als";
  std::ofstream(changed) << text.str() << "// one more line\n";
  const predicate p = invariant(fin, changed, "", false);
  EXPECT_FALSE(spec_invariant_compiled(p));
  EXPECT_EQ(spec_invariant_not_compiled(p), "");
  EXPECT_EQ(found(fin, p), found(fin, invariant(fin, korat("binary_tree.als"), "", false)));
}

// A compiled spec that does not fit the finitization says why and leaves the spec to the
// evaluators: #Node is known to the compiled predicate for an exact scope only.
TEST(CompiledSpec, WhereItDoesNotBindTheEvaluatorsJudgeAndSayWhy) {
  const subject* sub = find_subject("BinaryTree");
  ASSERT_NE(sub, nullptr);
  const finitization fin = sub->make(sub->scope(3)).fin;
  spec_invariant_options o;
  o.spec_file = korat("binary_tree.als");
  o.scope = "exactly 1 BinaryTree, 3 Node, 4 Int";
  const predicate p = spec_invariant(fin, o);
  EXPECT_FALSE(spec_invariant_compiled(p));
  EXPECT_NE(spec_invariant_not_compiled(p).find("#Node"), std::string::npos) << spec_invariant_not_compiled(p);
}

// The generated files registered themselves, each once.
TEST(CompiledSpec, EachCompiledPredicateIsRegisteredOnce) {
  std::vector<std::pair<std::string, std::string>> seen;
  for (const compiled::compiled_spec* s : compiled::compiled_specs())
    seen.emplace_back(std::string(s->text, s->text_size), s->predicate);
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(std::adjacent_find(seen.begin(), seen.end()), seen.end());
  EXPECT_GE(seen.size(), 6u + 7u);
}

}  // namespace
}  // namespace smallscope
