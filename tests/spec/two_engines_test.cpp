// Two engines, one answer: for Korat's BinaryTree, SearchTree, SinglyLinkedList,
// DoublyLinkedList and RedBlackTree, the SAT engine on examples/specs/korat/*.als (the
// `inputs` predicate: the C++ rep_ok plus the field domains of the one-argument finitization
// finX(n)) finds exactly the structures that the Korat search finds for `smallscope gen X n`:
// the same number for every scope, and the same set of canonical pictures. The spec's sigs and
// fields carry the C++ class domains' and fields' names, so a Korat structure is pictured in
// spec::canonical_picture's format by walking its objects from the root. The SAT engine must
// also give one instance per isomorphism class: no two instances have the same picture.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sat/enumerator.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/search.hpp"
#include "smallscope/subject.hpp"
#include "spec_front/instance_printer.hpp"
#include "spec_front/load.hpp"
#include "subjects/binary_tree.hpp"
#include "subjects/doubly_linked_list.hpp"
#include "subjects/red_black_tree.hpp"
#include "subjects/search_tree.hpp"
#include "subjects/singly_linked_list.hpp"

namespace smallscope {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string read_spec(const std::string& name) {
  const std::string path = std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/korat/" + name;
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The spec with its run commands replaced by `run`.
std::string with_run(const std::string& text, const std::string& run) {
  std::string out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("run ", 0) != 0) out += line + "\n";
  }
  return out + run + "\n";
}

// The bit width of Int that holds 0..k.
int width_for(int k) {
  int w = 2;
  while ((1 << (w - 1)) - 1 < k) ++w;
  return std::max(w, 4);
}

// The position of each field of the spec (module-wide declaration order).
std::map<std::string, std::size_t> field_ranks(const spec::module& m) {
  std::map<std::string, std::size_t> ranks;
  for (std::size_t f = 0; f < m.field_list.size(); ++f) {
    const auto& ref = m.field_list[f];
    ranks[m.sigs[ref.sig].fields[ref.index].name] = f;
  }
  return ranks;
}

// A Korat structure in spec::canonical_picture's format: the objects reached from the root in
// breadth-first order, renamed #0, #1, ... as first met; each object's non-null fields in the
// spec's field order, as name=value (integers in decimal, objects as #k).
template <class Root>
std::string korat_picture(const structure& s, const std::map<std::string, std::size_t>& ranks) {
  const object_graph g = describe(s.root<Root>());
  std::map<const void*, std::uint32_t> label;
  std::vector<const void*> order{&s.root<Root>()};
  label[order[0]] = 0;
  std::string out;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::int64_t at = g.find(order[i]);
    if (at < 0) {
      ADD_FAILURE() << "object not in the walk";
      return out;
    }
    std::vector<std::pair<std::size_t, const graph_field*>> fields;
    for (const auto& f : g.objects[static_cast<std::size_t>(at)].fields) {
      auto r = ranks.find(std::string(f.name));
      if (r == ranks.end()) {
        ADD_FAILURE() << "the spec has no field " << f.name;
        continue;
      }
      fields.emplace_back(r->second, &f);
    }
    std::sort(fields.begin(), fields.end());
    std::vector<std::string> parts;
    for (const auto& [rank, f] : fields) {
      const graph_value& v = f->value;
      if (v.is_pointer) {
        if (v.target == nullptr) continue;
        auto [it, fresh] = label.emplace(v.target, static_cast<std::uint32_t>(order.size()));
        if (fresh) order.push_back(v.target);
        parts.push_back(fmt::format("{}=#{}", f->name, it->second));
      } else {
        parts.push_back(fmt::format("{}={}", f->name, v.integer));
      }
    }
    out += fmt::format("#{}({}) ", i, fmt::join(parts, ","));
  }
  return out;
}

struct engine_subject {
  const char* name;  // the Korat subject, as `smallscope gen NAME n`
  const char* spec;  // examples/specs/korat/SPEC
  std::string (*run)(int n);
  std::string (*picture)(const structure&, const std::map<std::string, std::size_t>&);
  int min_scope;  // the least n that `smallscope gen NAME n` accepts
  int max_scope;
};

struct answer {
  std::uint64_t count = 0;
  std::set<std::string> pictures;
  double seconds = 0;
};

answer korat_answer(const engine_subject& subject, int n, const std::map<std::string, std::size_t>& ranks) {
  answer a;
  const auto start = std::chrono::steady_clock::now();
  const smallscope::subject* s = find_subject(subject.name);
  EXPECT_NE(s, nullptr) << subject.name;
  if (s == nullptr) return a;
  const std::vector<std::int64_t> params = s->scope(n);
  subject_instance inst = s->make(params);
  structure_range range(inst.fin, inst.invariant);
  for (const structure& st : range) {
    ++a.count;
    a.pictures.insert(subject.picture(st, ranks));
  }
  EXPECT_EQ(range.stats().valid, a.count);
  a.seconds = seconds_since(start);
  return a;
}

answer sat_answer(const spec::module& m) {
  answer a;
  const auto start = std::chrono::steady_clock::now();
  const auto command = static_cast<std::uint32_t>(m.commands.size() - 1);
  sat::enumerator e(m, command);
  EXPECT_TRUE(e.inexact().empty()) << fmt::format("{}", fmt::join(e.inexact(), "; "));
  spec::instance whole;
  std::vector<std::uint32_t> reached;
  while (e.next(whole, reached)) {
    ++a.count;
    const std::string picture = spec::canonical_picture(m, whole, e.bound().root_atom);
    EXPECT_TRUE(a.pictures.insert(picture).second) << "two instances of one class: " << picture;
  }
  a.seconds = seconds_since(start);
  return a;
}

void compare(const engine_subject& subject) {
  const std::string text = read_spec(subject.spec);
  double korat_seconds = 0, sat_seconds = 0;
  std::string table;
  for (int n = subject.min_scope; n <= subject.max_scope; ++n) {
    SCOPED_TRACE(fmt::format("{} scope {}", subject.name, n));
    const spec::module m = spec::load_text(with_run(text, subject.run(n)), subject.spec);
    const auto ranks = field_ranks(m);
    const answer korat = korat_answer(subject, n, ranks);
    const answer sat = sat_answer(m);
    korat_seconds += korat.seconds;
    sat_seconds += sat.seconds;
    table += fmt::format(" {}:{}/{} ({:.2f}s/{:.2f}s)", n, korat.count, sat.count, korat.seconds, sat.seconds);
    EXPECT_EQ(sat.count, korat.count);
    // Every scope compares the sets of structures (the brief asks for scope 4 at least).
    EXPECT_EQ(sat.pictures, korat.pictures);
    if (n == 4) {
      EXPECT_GT(korat.pictures.size(), 1u);  // a non-trivial set
    }
  }
  std::printf("[ two engines ] %s korat/sat:%s; total %.2f s / %.2f s\n", subject.name, table.c_str(), korat_seconds,
              sat_seconds);
}

// Trees: exactly n Node. SearchTree starts at 1: finSearchTree(0) would have keys in [0, -1],
// which Korat's integer sets reject. Lists: exactly n + 1 Entry and n + 1 Object (Korat's n + 1
// entries and elements), so Int must hold n + 1.
const engine_subject binary_tree = {
    "BinaryTree", "binary_tree.als",
    [](int n) { return fmt::format("run inputs for exactly 1 BinaryTree, exactly {} Node, {} Int", n, width_for(n)); },
    &korat_picture<subjects::binary_tree::tree>, 0, 7};
const engine_subject search_tree = {
    "SearchTree", "search_tree.als",
    [](int n) { return fmt::format("run inputs for exactly 1 SearchTree, exactly {} Node, {} Int", n, width_for(n)); },
    &korat_picture<subjects::search_tree::tree>, 1, 7};
const engine_subject singly_linked_list = {
    "SinglyLinkedList", "singly_linked_list.als",
    [](int n) {
      return fmt::format("run inputs for exactly 1 SinglyLinkedList, exactly {} Entry, exactly {} Object, {} Int", n + 1,
                         n + 1, width_for(n + 1));
    },
    &korat_picture<subjects::singly_linked_list::list>, 0, 7};
const engine_subject doubly_linked_list = {
    "DoublyLinkedList", "doubly_linked_list.als",
    [](int n) {
      return fmt::format("run inputs for exactly 1 DoublyLinkedList, exactly {} Entry, exactly {} Object, {} Int", n + 1,
                         n + 1, width_for(n + 1));
    },
    &korat_picture<subjects::doubly_linked_list::list>, 0, 7};
const engine_subject red_black_tree = {
    "RedBlackTree", "red_black_tree.als",
    [](int n) { return fmt::format("run inputs for exactly 1 RedBlackTree, exactly {} Node, {} Int", n, width_for(n)); },
    &korat_picture<subjects::red_black_tree::tree>, 0, 7};

TEST(TwoEngines, BinaryTree) { compare(binary_tree); }
TEST(TwoEngines, SearchTree) { compare(search_tree); }
TEST(TwoEngines, SinglyLinkedList) { compare(singly_linked_list); }
TEST(TwoEngines, DoublyLinkedList) { compare(doubly_linked_list); }
TEST(TwoEngines, RedBlackTree) { compare(red_black_tree); }

// The spec files' own run commands (scope 4) agree with `smallscope gen X 4`.
TEST(TwoEngines, SpecFilesRunScopeFour) {
  for (const engine_subject* s : {&binary_tree, &search_tree, &singly_linked_list, &doubly_linked_list, &red_black_tree}) {
    SCOPED_TRACE(s->spec);
    const spec::module m = spec::load_text(read_spec(s->spec), s->spec);
    ASSERT_EQ(m.commands.size(), 1u);
    EXPECT_EQ(sat_answer(m).count, korat_answer(*s, 4, field_ranks(m)).count);
  }
}

}  // namespace
}  // namespace smallscope
