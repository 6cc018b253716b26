// The evaluator compiled to masks (src/evaluate/mask_evaluator.*) against the interpreted one
// (partial_evaluator.*): reading the fields of random structures one at a time, as the spec
// invariant does (the receiver first, then the fields of the atoms reached, most often the one
// the judgement wanted), both judge every spec of examples/specs/korat/ after each read and
// must give the same truth and want the same field next, with the formulas they found true
// remembered across reads as in the search; and once more on the whole structure, where the
// valid ones (half the trials start from a valid structure found by SAT) are true. A spec with what masks cannot hold does not compile.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <random>
#include <string>
#include <vector>

#include "sat/bounds.hpp"
#include "sat/enumerator.hpp"
#include "spec_front/load.hpp"
#include "evaluate/mask_evaluator.hpp"
#include "evaluate/partial_evaluator.hpp"

namespace smallscope::spec {
namespace {

struct judged {
  std::size_t yes = 0, no = 0, unknown = 0;
  std::uint64_t reused = 0;  // quantifier bodies settled in an earlier judgement
};

judged compare_on_random_reads(const std::string& name, std::uint64_t seed, int trials) {
  const std::string path = std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/korat/" + name;
  const module m = load_file(path);
  const std::uint32_t command = find_run_command(m, "inputs");
  const sat::bounds b = sat::make_bounds(m, m.commands[command]);
  const mask_evaluator compiled(m, b.atoms, command);
  EXPECT_TRUE(compiled.ok()) << compiled.why_not();
  if (!compiled.ok()) return {};
    // The spec's valid structures (from SAT), half the trials' starting points.
  sat::enumerator valid_structures(m, command);
  std::vector<instance> valid;
  for (instance in; valid.size() < 200;) {
    std::vector<std::uint32_t> reached;
    if (!valid_structures.next(in, reached)) break;
    valid.push_back(in);
  }
  EXPECT_FALSE(valid.empty()) << name;
  // Each field's owners and the values a cell may take (an atom, or -1 for none).
  std::vector<std::vector<std::int64_t>> values(m.field_list.size());
  for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
    const field_decl& d = m.sigs[m.field_list[f].sig].fields[m.field_list[f].index];
    const sig_decl& column = m.sigs[d.columns.at(0)];
    if (column.builtin && column.name == "Int") {
      for (std::int64_t v = -1; v <= 5; ++v) {
        std::uint32_t atom = 0;
        if (b.atoms.int_atom(v, atom)) values[f].push_back(atom);
      }
    } else {
      values[f].push_back(-1);
      for (std::uint32_t a : b.sigs[d.columns[0]].atoms) values[f].push_back(a);
    }
  }
  std::mt19937_64 rng(seed);
  judged out;
  const std::uint32_t args[] = {b.root_atom};
  // As in the search, a trial often repeats the first reads of the one before (the same cells
  // with the same values, a prefix with the same name) before it goes its own way, and bodies
  // settled in earlier judgements are reused where their reads are still there.
  struct cell_read {
    std::uint32_t field, atom;
    std::int64_t value;
  };
  std::vector<cell_read> last_reads;
  std::vector<std::uint32_t> read_at(m.field_list.size() * 64, 0);
  std::vector<std::uint64_t> epochs(m.field_list.size() * 64 + 2, 0);
  std::uint64_t last_epoch = 0;
  mask_evaluator::workspace w;
  for (int trial = 0; trial < trials; ++trial) {
    partial_instance p;
    p.known.atoms = &b.atoms;
    p.known.sigs.resize(m.sigs.size());
    p.known.fields.resize(m.field_list.size());
    p.read.assign(m.field_list.size(), std::vector<std::uint8_t>(b.atoms.size(), 1));
    p.readable.assign(b.atoms.size(), 0);
    std::vector<std::vector<std::int64_t>> value_of(m.field_list.size(), std::vector<std::int64_t>(b.atoms.size(), -1));
    for (std::uint32_t s = 0; s < m.sigs.size(); ++s) {
      if (m.sigs[s].builtin || m.sigs[s].mult == multiplicity::one || b.sigs[s].exact) p.known.sigs[s].atoms = b.sigs[s].atoms;
    }
    for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
      p.known.fields[f].arity = 2;
      for (std::uint32_t a : b.sigs[m.field_list[f].sig].atoms) {
        p.read[f][a] = 0;
        value_of[f][a] = values[f][rng() % values[f].size()];
      }
    }
    // Half the trials read a valid structure, most of them with one cell changed.
    if (!valid.empty() && trial % 2 == 0) {
      const instance& v = valid[rng() % valid.size()];
      for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
        for (std::uint32_t a : b.sigs[m.field_list[f].sig].atoms) value_of[f][a] = -1;
        const tuple_set& t = v.fields[f];
        for (std::size_t i = 0; i + 1 < t.atoms.size(); i += 2) value_of[f][t.atoms[i]] = t.atoms[i + 1];
      }
      if (rng() % 4 != 0) {
        const std::uint32_t f = static_cast<std::uint32_t>(rng() % m.field_list.size());
        const auto& owners = b.sigs[m.field_list[f].sig].atoms;
        value_of[f][owners[rng() % owners.size()]] = values[f][rng() % values[f].size()];
      }
    }
    auto reach = [&](std::uint32_t atom) {
      if (p.readable[atom]) return;
      p.readable[atom] = 1;
      for (std::uint32_t s = 0; s < m.sigs.size(); ++s) {
        if (m.sigs[s].builtin) continue;
        for (std::uint32_t a : b.sigs[s].atoms) {
          if (a == atom && !p.known.sigs[s].contains(&atom)) p.known.sigs[s].insert(&atom);
        }
      }
    };
    reach(b.root_atom);
    const std::size_t repeat = rng() % 2 == 0 ? rng() % (last_reads.size() + 1) : 0;
    for (std::size_t k = 0; k < repeat; ++k) value_of[last_reads[k].field][last_reads[k].atom] = last_reads[k].value;
    std::vector<cell_read> reads;
    partial_masks masks;
    wanted_field last;
    for (int step = 0;; ++step) {
      // The next read: most often the field the last judgement wanted, else any readable one.
      std::vector<std::pair<std::uint32_t, std::uint32_t>> unread;
      for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
        for (std::uint32_t a = 0; a < b.atoms.size(); ++a) {
          if (!p.read[f][a] && p.readable[a]) unread.emplace_back(f, a);
        }
      }
      if (unread.empty()) {
        if (p.complete) break;
        p.complete = true;  // once more, on the whole structure
      } else {
        auto [f, a] = unread[rng() % unread.size()];
        if (last.field >= 0 && rng() % 4 != 0) {
          f = static_cast<std::uint32_t>(last.field);
          a = last.atom;
        }
        if (reads.size() < repeat) {
          f = last_reads[reads.size()].field;
          a = last_reads[reads.size()].atom;
        }
        p.read[f][a] = 1;
        reads.push_back({f, a, value_of[f][a]});
        read_at[f * 64 + a] = static_cast<std::uint32_t>(reads.size());
        if (reads.size() > repeat) epochs[reads.size()] = ++last_epoch;
        if (value_of[f][a] >= 0) {
          const std::uint32_t tuple[] = {a, static_cast<std::uint32_t>(value_of[f][a])};
          p.known.fields[f].insert(tuple);
          if (!b.atoms.is_int(tuple[1])) reach(tuple[1]);
        }
      }
      partial_masks fresh = masks_of(m, p);
      fresh.settled = std::move(masks.settled);
      masks = std::move(fresh);
      masks.read_at = read_at.data();
      masks.epochs = epochs.data();
      masks.depth = static_cast<std::uint32_t>(reads.size());
      const partial_evaluator interpreted(m, p);
      const truth expected = interpreted.command_holds(command, args);
      const truth got = compiled.command_holds(masks, args, w);
      EXPECT_EQ(static_cast<int>(got), static_cast<int>(expected)) << name << " trial " << trial << " step " << step;
      EXPECT_EQ(w.wanted.field, interpreted.wanted().field) << name << " trial " << trial << " step " << step;
      EXPECT_EQ(w.wanted.atom, interpreted.wanted().atom) << name << " trial " << trial << " step " << step;
      if (got != expected || w.wanted.field != interpreted.wanted().field) return out;
      last = interpreted.wanted();
      if (expected == truth::yes) ++out.yes;
      if (expected == truth::unknown) ++out.unknown;
      if (expected == truth::no) {
        ++out.no;
        break;
      }
    }
    last_reads = std::move(reads);
  }
  out.reused = w.reused;
  std::printf("%s: %zu yes, %zu no, %zu unknown; %llu bodies reused\n", name.c_str(), out.yes, out.no, out.unknown,
              static_cast<unsigned long long>(out.reused));
  return out;
}

#if defined(__SANITIZE_ADDRESS__)
constexpr int trials = 300;
#else
constexpr int trials = 3000;
#endif

TEST(MaskEvaluator, AgreesWithThePartialEvaluatorOnEveryRead) {
  for (const char* name : {"binary_tree.als", "search_tree.als", "singly_linked_list.als", "doubly_linked_list.als",
                           "red_black_tree.als"}) {
    const judged j = compare_on_random_reads(name, 11, trials);
    EXPECT_GT(j.no, 0u) << name;
    EXPECT_GT(j.unknown, 0u) << name;
    EXPECT_GT(j.yes, 0u) << name;
    EXPECT_GT(j.reused, 0u) << name;
  }
}

// known_of gives back the tuples masks_of took (what a whole structure's judgement hands to the
// two-valued evaluator where masks leave the answer open).
TEST(MaskEvaluator, MasksGiveBackTheInstanceTheyWereMadeOf) {
  const std::string path = std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/korat/red_black_tree.als";
  const module m = load_file(path);
  const std::uint32_t command = find_run_command(m, "inputs");
  sat::enumerator structures(m, command);
  int seen = 0;
  for (instance in; seen < 8; ++seen) {
    std::vector<std::uint32_t> reached;
    if (!structures.next(in, reached)) break;
    partial_instance p;
    p.known = in;
    p.read.assign(m.field_list.size(), std::vector<std::uint8_t>(in.atoms->size(), 1));
    p.readable.assign(in.atoms->size(), 1);
    instance back = in;
    for (tuple_set& s : back.sigs) s.atoms = {99};
    for (tuple_set& f : back.fields) f.atoms = {99, 98};
    known_of(masks_of(m, p), back);
    EXPECT_EQ(back.sigs, in.sigs);
    EXPECT_EQ(back.fields, in.fields);
  }
  EXPECT_EQ(seen, 8);
}

TEST(MaskEvaluator, ARelationAsAValueIsLeftToThePartialEvaluator) {
  const module m = load_text(R"(
sig List { header: lone Node }
sig Node { next: lone Node }
pred List.ok { let r = ~next | no header.r }
run ok for exactly 1 List, exactly 3 Node
)", "relation.als");
  const sat::bounds b = sat::make_bounds(m, m.commands[0]);
  const mask_evaluator compiled(m, b.atoms, 0);
  EXPECT_FALSE(compiled.ok());
  EXPECT_NE(compiled.why_not().find("arity 2"), std::string::npos) << compiled.why_not();
}

}  // namespace
}  // namespace smallscope::spec
