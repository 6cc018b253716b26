// Tests of the conservative evaluation of an invariant on a partial structure (paper 001,
// Sec. 4.3.1): paper 001's Fig. 9 on TreeMap's red-black trees, and every verdict against brute
// force over all valid structures (without isomorphism breaking, so every labelling is there).
#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <vector>

#include "smallscope/partial.hpp"
#include "smallscope/subject.hpp"
#include "search/korat_search.hpp"
#include "space/state_space.hpp"

namespace {

using smallscope::initialized_field;
using smallscope::partial_verdict;

smallscope::subject_instance treemap(std::int64_t n) {
  const auto* s = smallscope::find_subject("TreeMap");
  return s->make(s->scope(n));
}

TEST(PartialEvaluation, Figure9) {
  // Five entries: a black root, its red left child, and that child's left child.
  const auto t = treemap(5);
  std::vector<initialized_field> partial = {{"TreeMap#0.root", "Entry#0"}, {"Entry#0.color", "1"},
                                            {"Entry#0.left", "Entry#1"},   {"Entry#1.color", "0"},
                                            {"Entry#1.parent", "Entry#0"}, {"Entry#1.left", "Entry#2"}};
  // The child's colour is uninitialized: black completes a valid tree (paper 001's "TRUE (Don't
  // Know)", while a violating field is uninitialized).
  EXPECT_EQ(smallscope::evaluate_partial(t.fin, t.invariant, partial), partial_verdict::unknown);
  // A red node with an initialized red child: false, whatever the rest.
  auto red_red = partial;
  red_red.push_back({"Entry#2.color", "0"});
  EXPECT_EQ(smallscope::evaluate_partial(t.fin, t.invariant, red_red), partial_verdict::violated);
  auto red_black = partial;
  red_black.push_back({"Entry#2.color", "1"});
  EXPECT_EQ(smallscope::evaluate_partial(t.fin, t.invariant, red_black), partial_verdict::unknown);
  // A complete valid tree: true (two values, so that a value field is a choice too).
  const auto three = smallscope::find_subject("TreeMap")->make(std::vector<std::int64_t>{3, 0, 3, 3, 2});
  const std::vector<initialized_field> complete = {
      {"TreeMap#0.root", "Entry#0"}, {"TreeMap#0.size", "3"},       {"Entry#0.left", "Entry#1"},
      {"Entry#0.right", "Entry#2"},  {"Entry#0.parent", "null"},    {"Entry#0.color", "1"},
      {"Entry#0.key", "1"},          {"Entry#0.value", "0"},        {"Entry#1.left", "null"},
      {"Entry#1.right", "null"},     {"Entry#1.parent", "Entry#0"}, {"Entry#1.color", "0"},
      {"Entry#1.key", "0"},          {"Entry#1.value", "0"},        {"Entry#2.left", "null"},
      {"Entry#2.right", "null"},     {"Entry#2.parent", "Entry#0"}, {"Entry#2.color", "0"},
      {"Entry#2.key", "2"},          {"Entry#2.value", "0"}};
  EXPECT_EQ(smallscope::evaluate_partial(three.fin, three.invariant, complete), partial_verdict::valid);
  auto wrong_key = complete;
  wrong_key[6].value = "2";  // the root's key equals its right child's
  EXPECT_EQ(smallscope::evaluate_partial(three.fin, three.invariant, wrong_key), partial_verdict::violated);
  auto incomplete = complete;
  incomplete.pop_back();  // Entry#2.value uninitialized: unread but reachable, so not complete
  EXPECT_EQ(smallscope::evaluate_partial(three.fin, three.invariant, incomplete), partial_verdict::unknown);
}

TEST(PartialEvaluation, BadFieldsAndValuesAreNamed) {
  const auto t = treemap(2);
  EXPECT_THROW(smallscope::evaluate_partial(t.fin, t.invariant, {{"Entry#5.left", "null"}}), std::invalid_argument);
  EXPECT_THROW(smallscope::evaluate_partial(t.fin, t.invariant, {{"Entry#0.color", "7"}}), std::invalid_argument);
  EXPECT_THROW(smallscope::evaluate_partial(t.fin, t.invariant, {{"Entry#0.color", "0"}, {"Entry#0.color", "1"}}),
               std::invalid_argument);
}

// Brute force: the verdict is `violated` exactly when no valid structure agrees with the
// partial one on the fields it pins.
TEST(PartialEvaluation, VerdictsAgreeWithBruteForce) {
  for (const char* subject : {"TreeMap", "SearchTree", "SinglyLinkedList"}) {
    const auto* s = smallscope::find_subject(subject);
    const auto t = s->make(s->scope(3));
    // Every valid structure with the fields on its stack (read, or reachable and unread): the
    // other fields are not looked at, so any value there leaves it valid.
    smallscope::search_options all;
    all.isomorphism_breaking = false;
    smallscope::detail::korat_search search(std::make_unique<smallscope::detail::state_space>(t.fin.data()),
                                            t.invariant, all);
    std::vector<std::vector<std::uint32_t>> valid;
    std::vector<std::vector<bool>> pinned;
    while (search.next()) {
      valid.emplace_back(search.candidate(), search.candidate() + search.slot_count());
      pinned.emplace_back(search.slot_count(), false);
      for (const std::uint32_t k : search.field_stack()) pinned.back()[k] = true;
    }
    ASSERT_FALSE(valid.empty());
    const smallscope::detail::state_space space(t.fin.data());
    std::vector<std::uint32_t> free_slots;
    for (std::uint32_t k = 0; k < space.slot_count(); ++k)
      if (!space.slots()[k].fixed) free_slots.push_back(k);
    const auto label = [&](std::uint32_t k) {
      const auto& sl = space.slots()[k];
      return space.object_label(sl.object) + "." + space.data().bindings[sl.binding].name;
    };
    std::mt19937 random(5);
    int counts[3] = {0, 0, 0};
    for (int trial = 0; trial < 300; ++trial) {
      // Half from a valid structure (never violated), half at random.
      const auto& from = valid[random() % valid.size()];
      const bool random_values = trial % 2 == 1;
      std::vector<std::uint32_t> slots = free_slots;
      std::shuffle(slots.begin(), slots.end(), random);
      slots.resize(1 + random() % std::min<std::size_t>(slots.size(), 8));
      std::vector<initialized_field> partial;
      std::vector<std::uint32_t> values;
      for (const std::uint32_t k : slots) {
        const std::uint32_t v = random_values ? static_cast<std::uint32_t>(random() % (space.hot_slots()[k].last + 1))
                                              : from[k];
        values.push_back(v);
        partial.push_back({label(k), space.value_text(k, v)});
      }
      bool agrees = false;
      for (std::size_t c = 0; c < valid.size() && !agrees; ++c) {
        bool same = true;
        for (std::size_t i = 0; i < slots.size() && same; ++i)
          same = !pinned[c][slots[i]] || valid[c][slots[i]] == values[i];
        agrees = same;
      }
      const auto verdict = smallscope::evaluate_partial(t.fin, t.invariant, partial);
      ++counts[static_cast<int>(verdict)];
      EXPECT_EQ(verdict == partial_verdict::violated, !agrees) << subject << ", trial " << trial;
    }
    EXPECT_GT(counts[static_cast<int>(partial_verdict::violated)], 10) << subject;
    EXPECT_GT(counts[static_cast<int>(partial_verdict::unknown)], 10) << subject;
  }
}

}  // namespace
