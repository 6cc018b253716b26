// The three-valued evaluator (src/evaluate/partial_evaluator.*) never contradicts a completion: on
// random search trees of the korat spec with a random part of their fields read, whenever it
// says "no" every completion of the unread fields fails the spec under the two-valued evaluator,
// and whenever it says "yes" every completion holds. The trials must reach both answers ("yes"
// needs every field read, as the spec counts the nodes).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "sat/bounds.hpp"
#include "evaluate/evaluator.hpp"
#include "spec_front/load.hpp"
#include "evaluate/partial_evaluator.hpp"

namespace smallscope::spec {
namespace {

struct field_info {
  std::uint32_t field = 0;
  std::vector<std::uint32_t> owners;
  std::vector<std::int64_t> values;  // atoms; -1: no tuple
};

TEST(PartialEvaluator, NeverContradictsACompletion) {
  const std::string path = std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/korat/search_tree.als";
  std::uint32_t command = find_run_command(load_file(path), "inputs");
  const module m = with_scope(load_file(path), path, "exactly 1 SearchTree, exactly 3 Node, 4 Int", command);
  const sat::bounds b = sat::make_bounds(m, m.commands[command]);
  std::vector<field_info> fields;
  for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
    const auto& ref = m.field_list[f];
    const auto& decl = m.sigs[ref.sig].fields[ref.index];
    field_info fi{f, b.sigs[ref.sig].atoms, {}};
    const auto& column = m.sigs[decl.columns[0]];
    if (column.builtin && column.name == "Int") {
      for (std::int64_t v = -1; v <= 3; ++v) {
        std::uint32_t atom = 0;
        if (b.atoms.int_atom(v, atom)) fi.values.push_back(atom);
      }
    } else {
      fi.values.push_back(-1);
      for (std::uint32_t a : b.sigs[decl.columns[0]].atoms) fi.values.push_back(a);
    }
    fields.push_back(fi);
  }
  std::mt19937_64 rng(7);
  // values[f][k]: the value index of field f of its k-th owner
  auto random_values = [&] {
    std::vector<std::vector<std::size_t>> v(fields.size());
    for (std::size_t f = 0; f < fields.size(); ++f)
      for (std::size_t k = 0; k < fields[f].owners.size(); ++k) v[f].push_back(rng() % fields[f].values.size());
    return v;
  };
  auto instance_of = [&](const std::vector<std::vector<std::size_t>>& v, const std::vector<std::vector<bool>>* only) {
    instance in;
    in.atoms = &b.atoms;
    in.sigs.resize(m.sigs.size());
    for (std::size_t s = 0; s < m.sigs.size(); ++s) {
      in.sigs[s].arity = 1;
      in.sigs[s].atoms = b.sigs[s].atoms;
    }
    in.fields.resize(m.field_list.size());
    for (std::size_t f = 0; f < fields.size(); ++f) {
      in.fields[f].arity = 2;
      for (std::size_t k = 0; k < fields[f].owners.size(); ++k) {
        if (only != nullptr && !(*only)[f][k]) continue;
        const std::int64_t value = fields[f].values[v[f][k]];
        if (value < 0) continue;
        const std::uint32_t tuple[] = {fields[f].owners[k], static_cast<std::uint32_t>(value)};
        in.fields[f].insert(tuple);
      }
    }
    return in;
  };
  auto holds = [&](const std::vector<std::vector<std::size_t>>& v) {
    const instance in = instance_of(v, nullptr);
    const evaluator e(m, in);
    const std::uint32_t args[] = {b.root_atom};
    return e.facts_hold() && e.command_holds(command, args);
  };
  // The tree whose root N0 has N1 (key 0) on the left and N2 (key 2) on the right, key 1.
  std::vector<std::vector<std::size_t>> valid = random_values();
  auto set = [&](const std::string& name, std::size_t owner, std::int64_t atom) {
    for (std::size_t f = 0; f < fields.size(); ++f) {
      const auto& ref = m.field_list[fields[f].field];
      if (m.sigs[ref.sig].fields[ref.index].name != name) continue;
      for (std::size_t i = 0; i < fields[f].values.size(); ++i)
        if (fields[f].values[i] == atom) valid[f][owner] = i;
    }
  };
  auto int_atom = [&](std::int64_t value) {
    std::uint32_t atom = 0;
    EXPECT_TRUE(b.atoms.int_atom(value, atom));
    return static_cast<std::int64_t>(atom);
  };
  const auto& nodes = b.sigs[m.field_list[fields[2].field].sig].atoms;  // left's owners: the nodes
  set("root", 0, nodes[0]);
  set("size", 0, int_atom(3));
  set("left", 0, nodes[1]);
  set("right", 0, nodes[2]);
  for (std::size_t k = 1; k < 3; ++k) {
    set("left", k, -1);
    set("right", k, -1);
  }
  set("info", 0, int_atom(1));
  set("info", 1, int_atom(0));
  set("info", 2, int_atom(2));
  ASSERT_TRUE(holds(valid));
  int said_no = 0, said_yes = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::vector<std::vector<std::size_t>> v = random_values();
    unsigned percent = static_cast<unsigned>(rng() % 101);
    if (trial % 3 == 0) {  // the valid tree 0 <- 1 -> 2, to reach "yes" too
      v = valid;
      if (trial % 6 == 0) percent = 100;
    }
    std::vector<std::vector<bool>> read(fields.size());
    for (std::size_t f = 0; f < fields.size(); ++f)
      for (std::size_t k = 0; k < fields[f].owners.size(); ++k) read[f].push_back(rng() % 100 < percent);
    partial_instance p;
    p.known = instance_of(v, &read);
    p.read.assign(m.field_list.size(), std::vector<std::uint8_t>(b.atoms.size(), 1));
    for (std::size_t f = 0; f < fields.size(); ++f)
      for (std::size_t k = 0; k < fields[f].owners.size(); ++k) p.read[f][fields[f].owners[k]] = read[f][k] ? 1 : 0;
    p.readable.assign(b.atoms.size(), 1);
    p.complete = percent == 100;  // every field read (sigs are exact then)
    const std::uint32_t args[] = {b.root_atom};
    const truth t = partial_evaluator(m, p).command_holds(command, args);
    if (t == truth::unknown) continue;
    (t == truth::no ? said_no : said_yes)++;
    for (int c = 0; c < 20; ++c) {
      std::vector<std::vector<std::size_t>> completion = c == 0 ? v : random_values();
      for (std::size_t f = 0; f < fields.size(); ++f)
        for (std::size_t k = 0; k < fields[f].owners.size(); ++k)
          if (read[f][k]) completion[f][k] = v[f][k];
      ASSERT_EQ(holds(completion), t == truth::yes) << "trial " << trial << ", completion " << c;
    }
  }
  EXPECT_GT(said_no, 100);
  EXPECT_GT(said_yes, 0);
  std::printf("no: %d, yes: %d of 3000\n", said_no, said_yes);
}

}  // namespace
}  // namespace smallscope::spec
