// Mutants and branch probes inside templates (paper 000, Sec. 7; paper 001, Sec. 5): the class
// template of template_list.hpp and its hand-written copy for int keys (copy_list.hpp, the same
// code line for line) get the same mutants and the same probes, in number and place, and the
// mutants of the template instantiated for int are killed exactly as the copy's, mutant by
// mutant, at every scope. Both headers are compiled from the schemata smallscope-mutants wrote
// (SMALLSCOPE_TEMPLATE_DIR), their field reads observed by smallscope_instrument.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "auto_stack.hpp"
#include "copy_list.hpp"
#include "smallscope/check.hpp"
#include "smallscope/rewritten/mutation.hpp"
#include "smallscope/drivers/mutation_analysis.hpp"
#include "template_list.hpp"

// The fields the invariant reads, beside the classes (found by argument-dependent lookup).
namespace tmpl {
SMALLSCOPE_FIELDS(sorted_list<int>::node, key, next)
SMALLSCOPE_FIELDS(sorted_list<int>, head_, size_, version_)
}  // namespace tmpl
namespace copy {
SMALLSCOPE_FIELDS(sorted_list::node, key, next)
SMALLSCOPE_FIELDS(sorted_list, head_, size_, version_)
}  // namespace copy
namespace autos {
SMALLSCOPE_FIELDS(stack<int>::node, key, next)
SMALLSCOPE_FIELDS(stack<int>, top_, size_)
}  // namespace autos
using int_list = tmpl::sorted_list<int>;

namespace {

const std::string dir = SMALLSCOPE_TEMPLATE_DIR;

// The mutants of a list, its header line left out.
std::vector<nlohmann::json> read_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<nlohmann::json> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(nlohmann::json::parse(line));
  if (!out.empty() && out.front().contains("format")) out.erase(out.begin());
  return out;
}

// What places a mutant: its line, column, kind and text, its function less the namespace.
std::vector<std::string> places(const std::vector<nlohmann::json>& mutants, const std::string& ns) {
  std::vector<std::string> out;
  for (const auto& m : mutants) {
    std::string function = m.at("function").get<std::string>();
    if (function.starts_with(ns + "::")) function.erase(0, ns.size() + 2);
    out.push_back(std::to_string(m.at("line").get<int>()) + ":" + std::to_string(m.at("column").get<int>()) + " " +
                  m.at("mutator").get<std::string>() + " in " + function + ": " + m.at("original").get<std::string>() +
                  " -> " + m.at("replacement").get<std::string>());
  }
  return out;
}

// The rows of a probed header's branch table: {"function", line, column, "text"}.
std::vector<std::string> probes(const std::string& path, const std::string& ns) {
  std::ifstream in(path);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("    {\"")) continue;
    const auto at = line.find(ns + "::");
    if (at != std::string::npos) line.erase(at, ns.size() + 2);
    out.push_back(line);
  }
  return out;
}

TEST(Templates, MutantsAndProbesAreThoseOfTheNonTemplateCopy) {
  const auto in_template = read_lines(dir + "/template_list.jsonl");
  const auto in_copy = read_lines(dir + "/copy_list.jsonl");
  ASSERT_GT(in_copy.size(), 60u);
  EXPECT_EQ(places(in_template, "tmpl"), places(in_copy, "copy"));
  // The free function template the methods call is followed, and its operator mutated.
  bool before = false;
  for (const auto& p : places(in_template, "tmpl")) before = before || p.find("in before: a < b -> a <= b") != std::string::npos;
  EXPECT_TRUE(before);
  const auto probed_template = probes(dir + "/branches/template_list.hpp", "tmpl");
  EXPECT_EQ(probed_template.size(), 14u);
  EXPECT_EQ(probed_template, probes(dir + "/branches/copy_list.hpp", "copy"));
}

template <class L>
void no_post(smallscope::verdict&, const L&, const L&, bool, const int&) {}
template <class L>
void count_post(smallscope::verdict&, const L&, const L&, int, const int&) {}
template <class L>
void sum_post(smallscope::verdict&, const L&, const L&, int) {}

// The lists of up to n nodes with keys 0..n, for either class.
template <class L>
smallscope::finitization fin(int n) {
  using node = typename L::node;
  auto f = smallscope::finitization::of<L>("SortedList");
  auto nodes = f.template objects<node>("Node", static_cast<std::uint32_t>(n));
  f.set(&L::head_, nodes.or_null());
  f.set(&L::size_, smallscope::ints(0, n));
  f.set(&L::version_, smallscope::ints(0, 0));
  f.set(&node::next, nodes.or_null());
  f.set(&node::key, smallscope::ints(0, n));
  return f;
}

// Where the ids of the schemata of `header` start in this program (both headers' schemata are
// compiled in, so one of them starts after the other's mutants).
std::uint32_t base_of(const std::string& header) {
  for (const auto& c : smallscope::mutation::schemata_registry())
    if (std::string(c.file).ends_with("/" + header)) return static_cast<std::uint32_t>(c.base);
  ADD_FAILURE() << header << " registered no schemata";
  return 0;
}

TEST(Templates, EachSchemataRegistersItsOwnIds) {
  const auto& all = smallscope::mutation::schemata_registry();
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].base, 0);
  for (std::size_t i = 1; i < all.size(); ++i) {
    EXPECT_EQ(all[i].base, all[i - 1].base + all[i - 1].mutants);  // ids never shared between two files
    EXPECT_NE(all[i].identity, all[i - 1].identity);
  }
}

template <class L>
std::map<std::uint32_t, smallscope::mutant_status> outcomes(int scope, const std::vector<nlohmann::json>& list,
                                                            const std::string& header) {
  const auto keys = smallscope::argument_domain::of(smallscope::ints(0, scope + 1));
  const std::vector<smallscope::target_method> methods = {
      smallscope::make_method<&L::insert, &no_post<L>>("insert", {keys}, "insert", "no_post"),
      smallscope::make_method<&L::erase, &no_post<L>>("erase", {keys}, "erase", "no_post"),
      smallscope::make_method<&L::count_below, &count_post<L>>("count_below", {keys}, "count_below", "count_post"),
      smallscope::make_method<&L::sum, &sum_post<L>>("sum", {}, "sum", "sum_post"),
      smallscope::make_method<&L::has, &no_post<L>>("has", {keys}, "has", "no_post")};
  std::vector<const smallscope::target_method*> pointers;
  for (const auto& m : methods) pointers.push_back(&m);
  std::vector<smallscope::mutant_id> ids;
  for (const auto& m : list) ids.push_back({m.at("id").get<std::uint32_t>(), m.at("point").get<std::uint32_t>()});
  smallscope::mutation_options options;
  options.floor_seconds = 0.3;
  options.memory_limit_mb = 256;
  options.id_base = base_of(header);
  const auto report = smallscope::run_mutation_analysis(fin<L>(scope), smallscope::make_predicate<&L::rep_ok>(),
                                                        pointers, ids, options);
  EXPECT_TRUE(report.any_point_reached) << "scope " << scope;
  EXPECT_GT(report.structures, static_cast<std::uint64_t>(scope)) << "scope " << scope;
  for (const auto& w : report.warnings) ADD_FAILURE() << w;
  std::map<std::uint32_t, smallscope::mutant_status> out;
  for (const auto& m : report.mutants) out[m.id] = m.status;
  return out;
}

TEST(Templates, TheTemplatesMutantsAreKilledAsTheCopysAtEveryScope) {
  const auto in_template = read_lines(dir + "/template_list.jsonl");
  const auto in_copy = read_lines(dir + "/copy_list.jsonl");
  for (int scope = 1; scope <= 3; ++scope) {
    const auto a = outcomes<int_list>(scope, in_template, "template_list.hpp");
    const auto b = outcomes<copy::sorted_list>(scope, in_copy, "copy_list.hpp");
    EXPECT_EQ(a, b) << "scope " << scope;
    std::size_t killed = 0;
    for (const auto& [id, status] : a) killed += smallscope::killed(status) ? 1 : 0;
    EXPECT_GT(killed, a.size() / 2) << "scope " << scope;
  }
}

// What depth_of must return: the nodes above the first with key k, or -1.
void depth_post(smallscope::verdict& v, const autos::stack<int>& old, const autos::stack<int>&, int depth,
                const int& k) {
  int expected = 0;
  const autos::stack<int>::node* x = old.top_;
  for (; x != nullptr && x->key != k; x = x->next) ++expected;
  v.require(depth == (x == nullptr ? -1 : expected), "the depth of the first node with the key");
}

// The mutants swapping two `auto` locals of different types for int keys ran as the original:
// they are ill-formed, out of the kill rate and not alive; every other mutant ran.
TEST(Templates, AMutantNotWellFormedForTheInstantiationIsNeverAlive) {
  using stack = autos::stack<int>;
  const auto list = read_lines(dir + "/auto_stack.jsonl");
  std::set<std::uint32_t> swaps;
  for (const auto& m : list) {
    const auto o = m.at("original").get<std::string>(), r = m.at("replacement").get<std::string>();
    if (m.at("mutator") == "variable" && ((o == "at" && r == "key") || (o == "key" && r == "at")))
      swaps.insert(m.at("id").get<std::uint32_t>());
  }
  ASSERT_GE(swaps.size(), 4u) << "the swaps of at and key, in each of their uses";
  auto f = smallscope::finitization::of<stack>("AutoStack");
  auto nodes = f.objects<stack::node>("Node", 2);
  f.set(&stack::top_, nodes.or_null());
  f.set(&stack::size_, smallscope::ints(0, 2));
  f.set(&stack::node::next, nodes.or_null());
  f.set(&stack::node::key, smallscope::ints(0, 1));
  const auto keys = smallscope::argument_domain::of(smallscope::ints(0, 2));
  const auto depth = smallscope::make_method<&stack::depth_of, &depth_post>("depth_of", {keys}, "depth_of", "depth_post");
  std::vector<smallscope::mutant_id> ids;
  for (const auto& m : list) ids.push_back({m.at("id").get<std::uint32_t>(), m.at("point").get<std::uint32_t>()});
  smallscope::mutation_options options;
  options.floor_seconds = 0.3;
  options.memory_limit_mb = 256;
  options.id_base = base_of("auto_stack.hpp");
  const std::vector<const smallscope::target_method*> methods = {&depth};
  const auto report =
      smallscope::run_mutation_analysis(f, smallscope::make_predicate<&stack::rep_ok>(), methods, ids, options);
  ASSERT_EQ(report.mutants.size(), list.size());
  std::size_t killed = 0;
  for (const auto& o : report.mutants) {
    if (swaps.count(o.id) != 0) {
      EXPECT_EQ(o.status, smallscope::mutant_status::ill_formed) << "mutant " << o.id;
    } else {
      EXPECT_NE(o.status, smallscope::mutant_status::ill_formed) << "mutant " << o.id;
      EXPECT_NE(o.status, smallscope::mutant_status::unreached) << "mutant " << o.id;
    }
    killed += smallscope::killed(o.status) ? 1 : 0;
  }
  EXPECT_EQ(report.killed, killed);
  EXPECT_EQ(report.well_formed(), list.size() - swaps.size());
  EXPECT_GT(killed, 0u);
  EXPECT_DOUBLE_EQ(report.kill_rate(), 100.0 * static_cast<double>(killed) / static_cast<double>(report.well_formed()));
}

}  // namespace
