// Symmetry breaking where nothing roots the structure (src/sat/symmetry.cpp, Kodkod's
// lex-leader predicate): every isomorphism class keeps at least one instance, checked against
// brute force (every labelled structure, reduced to a canonical form), and most labellings go.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "sat/enumerator.hpp"
#include "spec_front/load.hpp"

namespace smallscope::spec {
namespace {

// The instances of the spec's first command as adjacency matrices over the sig's atoms (the
// module's only non-builtin sig, its only field binary), and whether the enumerator warned.
struct enumerated {
  std::vector<std::vector<std::vector<bool>>> graphs;
  bool warned = false;
};

enumerated enumerate(const std::string& text, std::uint32_t n) {
  const module m = load_text(text, "unrooted.als");
  sat::enumerator e(m, 0);
  const auto& atoms = e.bound().sigs.back().atoms;
  EXPECT_EQ(atoms.size(), n);
  enumerated out;
  out.warned = !e.inexact().empty();
  instance whole;
  std::vector<std::uint32_t> reached;
  while (e.next(whole, reached)) {
    std::vector<std::vector<bool>> g(n, std::vector<bool>(n, false));
    const auto& f = whole.fields.back();
    for (std::size_t k = 0; k + 1 < f.atoms.size(); k += 2) {
      const auto from = std::find(atoms.begin(), atoms.end(), f.atoms[k]) - atoms.begin();
      const auto to = std::find(atoms.begin(), atoms.end(), f.atoms[k + 1]) - atoms.begin();
      g[static_cast<std::size_t>(from)][static_cast<std::size_t>(to)] = true;
    }
    out.graphs.push_back(std::move(g));
  }
  return out;
}

// The least relabelling of a directed graph, as a string of its adjacency matrix.
std::string canonical(const std::vector<std::vector<bool>>& g) {
  const std::size_t n = g.size();
  std::vector<std::size_t> p(n);
  std::iota(p.begin(), p.end(), 0);
  std::string best;
  do {
    std::string s;
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = 0; j < n; ++j) s += g[p[i]][p[j]] ? '1' : '0';
    if (best.empty() || s < best) best = s;
  } while (std::next_permutation(p.begin(), p.end()));
  return best;
}

// Every labelled graph on n atoms that `keep` accepts, as canonical forms.
template <typename Keep>
std::set<std::string> brute_force(std::size_t n, Keep keep) {
  std::set<std::string> out;
  const std::size_t cells = n * n;
  for (std::uint64_t bits = 0; bits < (std::uint64_t{1} << cells); ++bits) {
    std::vector<std::vector<bool>> g(n, std::vector<bool>(n, false));
    for (std::size_t c = 0; c < cells; ++c) g[c / n][c % n] = ((bits >> c) & 1u) != 0;
    if (keep(g)) out.insert(canonical(g));
  }
  return out;
}

void expect_every_class(const std::string& text, std::size_t n, const std::set<std::string>& classes,
                        std::uint64_t labelled) {
  const enumerated got = enumerate(text, static_cast<std::uint32_t>(n));
  std::set<std::string> seen;
  for (const auto& g : got.graphs) seen.insert(canonical(g));
  EXPECT_EQ(seen, classes) << text << "n = " << n;
  EXPECT_GE(got.graphs.size(), classes.size());
  // The lex-leader constraints remove labellings: fewer instances than labelled structures.
  if (labelled > classes.size()) {
    EXPECT_LT(got.graphs.size(), labelled) << text << "n = " << n;
  }
  EXPECT_EQ(got.warned, n >= 2) << "an unrooted count of several atoms is not exact and must say so";
  std::printf("n = %zu: %zu instances, %zu classes, %llu labelled\n", n, got.graphs.size(), classes.size(),
              static_cast<unsigned long long>(labelled));
}

// Sets of chains (a `next` with no cycle and no shared successor), nothing rooting them: the
// classes are the partitions of n.
TEST(LexLeader, UnrootedChainsKeepEveryClass) {
  for (std::size_t n = 0; n <= 4; ++n) {
    const std::string text = "sig S { next: lone S }\nfact { all s: S | s !in s.^next and lone next.s }\n"
                             "run {} for exactly " + std::to_string(n) + " S\n";
    std::uint64_t labelled = 0;
    const auto classes = brute_force(n, [&](const std::vector<std::vector<bool>>& g) {
      for (std::size_t i = 0; i < n; ++i) {
        std::size_t out = 0, in = 0;
        for (std::size_t j = 0; j < n; ++j) {
          out += g[i][j];
          in += g[j][i];
        }
        if (out > 1 || in > 1) return false;
      }
      // No cycle: following next from any atom ends within n steps.
      for (std::size_t i = 0; i < n; ++i) {
        std::size_t at = i, steps = 0;
        for (bool moved = true; moved && steps <= n; ++steps) {
          moved = false;
          for (std::size_t j = 0; j < n && !moved; ++j)
            if (g[at][j]) at = j, moved = true;
          if (!moved) break;
        }
        if (steps > n) return false;
      }
      ++labelled;
      return true;
    });
    const std::size_t partitions[] = {1, 1, 2, 3, 5};
    EXPECT_EQ(classes.size(), partitions[n]);
    expect_every_class(text, n, classes, labelled);
  }
}

// Undirected graphs (a symmetric, irreflexive set-valued field): 1, 1, 2, 4, 11 classes.
TEST(LexLeader, UnrootedGraphsKeepEveryClass) {
  for (std::size_t n = 0; n <= 4; ++n) {
    const std::string text = "sig V { adj: set V }\nfact { adj = ~adj and no iden & adj }\n"
                             "run {} for exactly " + std::to_string(n) + " V\n";
    std::uint64_t labelled = 0;
    const auto classes = brute_force(n, [&](const std::vector<std::vector<bool>>& g) {
      for (std::size_t i = 0; i < n; ++i) {
        if (g[i][i]) return false;
        for (std::size_t j = 0; j < n; ++j)
          if (g[i][j] != g[j][i]) return false;
      }
      ++labelled;
      return true;
    });
    const std::size_t graphs[] = {1, 1, 2, 4, 11};
    EXPECT_EQ(classes.size(), graphs[n]);
    expect_every_class(text, n, classes, labelled);
  }
}

}  // namespace
}  // namespace smallscope::spec
