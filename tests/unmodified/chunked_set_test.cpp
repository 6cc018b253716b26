// The chunked set (subjects/unmodified/plain/chunked_set.hpp), tested as it is: arrays counted
// by a member of their object (a C array of pointers and a std::array under one count, a C array
// of keys under another), read by the invariant through an accessor of a class template and
// through std:: algorithms over the live range, and a method that frees a chunk and leaves its
// pointer past the count. What lies past a count is no part of the structure: the counts are
// those of an independent count, and a method that poisons every dead slot earns no finding.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "chunked_set_spec.hpp"
#include "smallscope/checker.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/drivers/mutation_analysis.hpp"
#include "smallscope/search.hpp"
#include "tests/support/dead_slots.hpp"

namespace {

using namespace chunked_spec;

// Sets of keys 0..m-1 cut into at most min(3, chunks) consecutive chunks of 1 or 2 keys: one
// structure per set and cut (chunks are interchangeable objects).
std::uint64_t expected_sets(int chunks, int m) {
  std::uint64_t total = 0;
  for (unsigned set = 0; set < (1u << m); ++set) {
    const int n = __builtin_popcount(set);
    // ways[g][k]: cuts of k keys into g chunks of 1 or 2
    std::uint64_t ways[4][7] = {};
    ways[0][0] = 1;
    for (int g = 1; g <= 3; ++g)
      for (int k = 1; k <= 6; ++k) ways[g][k] = ways[g - 1][k - 1] + (k >= 2 ? ways[g - 1][k - 2] : 0);
    for (int g = 0; g <= 3 && g <= chunks; ++g) total += ways[g][n];
  }
  return total;
}

std::uint64_t count(const smallscope::finitization& f) {
  std::uint64_t n = 0;
  for ([[maybe_unused]] const auto& s : smallscope::structures(f, &verified)) ++n;
  return n;
}

// Field names of the objects of a picture.
std::vector<std::string> field_names(const smallscope::object_graph& g) {
  std::vector<std::string> names;
  for (const auto& o : g.objects)
    for (const auto& f : o.fields) names.push_back(f.name);
  return names;
}

}  // namespace

TEST(UnmodifiedChunkedSet, OneStructurePerSetAndCut) {
  // An element read through an accessor of the class template, or by an algorithm over
  // [keys, keys + count), is a read of the live elements only: the dead slots are never varied.
  for (int chunks = 1; chunks <= 3; ++chunks)
    for (int m = 1; m <= 4; ++m)
      EXPECT_EQ(count(fin(static_cast<std::uint32_t>(chunks), m)), expected_sets(chunks, m))
          << chunks << " chunks, keys 0.." << m - 1;
}

TEST(UnmodifiedChunkedSet, EraseLeavingGarbagePastTheCountsPassesOnEverySet) {
  // erase() frees an emptied chunk and leaves its pointer past used_; with `poison`, every slot
  // past a count then holds a freed pointer or a garbage key. The post-state's walks (the
  // pictures of failures, the release, the leak check) follow the live part only.
  for (const bool poison : {false, true}) {
    int_set::poison = poison;
    const auto f = fin(3, 4);
    const auto r = smallscope::run_check(f, smallscope::make_predicate<&verified>(), erase_method(4), {});
    int_set::poison = false;
    EXPECT_EQ(r.structures, expected_sets(3, 4));
    EXPECT_EQ(r.inputs, r.structures * 6u);
    EXPECT_EQ(r.failed, 0u) << (poison ? "poisoned" : "as the library leaves them");
    EXPECT_EQ(r.worker_restarts, 0u);
    for (const auto& c : r.failures)
      ADD_FAILURE() << "input " << c.input << ": " << smallscope::outcome_name(c.kind) << " " << c.detail;
  }
}

TEST(UnmodifiedChunkedSet, CopiesPicturesAndFingerprintsReadTheLivePartOnly) {
  const auto f = fin(3, 4);
  const smallscope::live_scope in_force(f.live());
  int seen = 0;
  for (const auto& s : smallscope::structures(f, &verified)) {
    const int_set& t = s.root<int_set>();
    if (t.used_ != 1 || t.chunk_[0]->count != 1) continue;
    ++seen;
    int_set* copy = smallscope::deep_copy(t);
    int_set* poisoned = smallscope::deep_copy(t);
    chunk_t dead;
    poisoned->chunk_[1] = &dead;  // garbage past the counts: a stray pointer, stray keys
    poisoned->chunk_[2] = reinterpret_cast<chunk_t*>(std::uintptr_t{0x5a5a5a5a5a5a});
    poisoned->low_[1] = 77;
    poisoned->chunk_[0]->keys[1] = 99;
    EXPECT_EQ(smallscope::fingerprint(*poisoned), smallscope::fingerprint(*copy));
    EXPECT_EQ(smallscope::canonical_form(*poisoned), smallscope::canonical_form(*copy));
    const auto names = field_names(smallscope::describe(*poisoned));
    EXPECT_EQ(names, (std::vector<std::string>{"used_", "chunk_[0]", "low_[0]", "size_", "count", "keys[0]"}));
    EXPECT_EQ(smallscope::describe(*poisoned).objects.size(), 2u) << "the set and its one chunk";
    smallscope::release(poisoned);  // follows chunk_[0] only
    smallscope::release(copy);
  }
  EXPECT_EQ(seen, 4) << "one set of one chunk per key";
}

TEST(UnmodifiedChunkedSet, WithoutTheLivePartEveryElementIsWalked) {
  // The walks read past the counts only when no live part is in force (a structure without
  // set_counted): the picture then lists every slot.
  for (const auto& s : smallscope::structures(fin(1, 1), &verified)) {
    const int_set& t = s.root<int_set>();
    if (t.used_ != 1) continue;
    const auto names = field_names(smallscope::describe(t));
    EXPECT_EQ(names.size(), 1u + 3u + 3u + 1u + 1u + 2u);
  }
}

TEST(UnmodifiedChunkedSet, NoWarningNamesASlotPastACount) {
  // With 2 chunks, chunk_[2] and low_[2] are past used_ in every set: no part of any structure,
  // so no warning may call them constant or free, or advise narrowing them.
  const auto r = smallscope::run_check(fin(2, 4), smallscope::make_predicate<&verified>(), erase_method(4), {});
  EXPECT_EQ(r.structures, expected_sets(2, 4));
  for (const auto& w : r.warnings) {
    EXPECT_EQ(w.find("chunk_[2]"), std::string::npos) << w;
    EXPECT_EQ(w.find("low_[2]"), std::string::npos) << w;
    EXPECT_EQ(w.find("multiplies the count"), std::string::npos) << w;
  }
}

TEST(UnmodifiedChunkedSet, NothingReadsPastTheCounts) {
  // C arrays of keys and of pointers and a std::array under counts: every slot past them poisoned
  // after erase, on every input; the walks see what they saw before.
  EXPECT_GT(dead_slots::expect_dead_slots_unread(fin(3, 4), &verified, erase_method(4)), 0u);
}

TEST(UnmodifiedChunkedSet, MutationAnalysisRunsTheOriginalOnEveryInputWithPoisonedSlots) {
  // Mutation analysis fingerprints each post-state and releases it in its workers: with every
  // dead slot poisoned, the original still runs through on every input (no worker dies, no input
  // is dropped as the original's own crash).
  int_set::poison = true;
  const auto f = fin(3, 4);
  const auto erase = erase_method(4);
  const std::vector<const smallscope::target_method*> methods{&erase};
  const std::vector<smallscope::mutant_id> unreached{{1, 1}};  // no schemata here: no input reaches it
  smallscope::mutation_options o;
  o.floor_seconds = 0.3;
  o.memory_limit_mb = 256;
  const auto r = smallscope::run_mutation_analysis(f, smallscope::make_predicate<&verified>(), methods, unreached, o);
  int_set::poison = false;
  EXPECT_EQ(r.structures, expected_sets(3, 4));
  EXPECT_EQ(r.original_runs, expected_sets(3, 4) * 6u);
  EXPECT_EQ(r.worker_restarts, 0u);
  for (const auto& w : r.warnings) EXPECT_EQ(w.find("the original"), std::string::npos) << w;
}
