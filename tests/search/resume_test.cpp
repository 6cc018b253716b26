// Resuming a search (korat_search::resume_after, used by `check` to go on after a worker that
// died): a search told to resume at a valid structure another search yielded then yields what
// that search yields after it, whatever it had done before, its walk of the last valid
// structure (paper 000, Sec. 3.4's valid-candidate rule) included.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "search/korat_search.hpp"
#include "smallscope/subject.hpp"

namespace {

using smallscope::detail::korat_search;
using smallscope::detail::state_space;

struct valid_structure {
  std::vector<std::uint32_t> candidate;
  std::vector<std::uint32_t> field_stack;
  std::uint64_t explored = 0;
  std::uint64_t valid = 0;
};

valid_structure here(const korat_search& s) {
  const auto stack = s.field_stack();
  return {{s.candidate(), s.candidate() + s.slot_count()}, {stack.begin(), stack.end()}, s.stats().explored,
          s.valid_count()};
}

korat_search search_of(const smallscope::subject_instance& instance) {
  return korat_search(std::make_unique<state_space>(instance.fin.data()), instance.invariant,
                      smallscope::search_options{});
}

// The candidates yielded from now on.
std::vector<std::vector<std::uint32_t>> rest(korat_search& s) {
  std::vector<std::vector<std::uint32_t>> out;
  while (s.next()) out.emplace_back(s.candidate(), s.candidate() + s.slot_count());
  return out;
}

void check_resume(const std::string& subject, const std::vector<std::int64_t>& p, std::uint64_t at,
                  std::uint64_t resumer_at) {
  SCOPED_TRACE(subject);
  const auto* s = smallscope::find_subject(subject);
  ASSERT_NE(s, nullptr);
  const auto instance = s->make(p);
  korat_search original = search_of(instance);
  for (std::uint64_t i = 0; i < at; ++i) ASSERT_TRUE(original.next());
  const valid_structure resume_point = here(original);
  const auto expected = rest(original);
  ASSERT_FALSE(expected.empty());

  // A search that has yielded (and walked) other structures, before and after the point.
  korat_search resumer = search_of(instance);
  for (std::uint64_t i = 0; i < resumer_at; ++i) ASSERT_TRUE(resumer.next());
  resumer.resume_after(resume_point.candidate, resume_point.field_stack, resume_point.explored,
                       resume_point.valid);
  EXPECT_EQ(rest(resumer), expected);
  EXPECT_EQ(resumer.stats().explored, original.stats().explored);
  EXPECT_EQ(resumer.valid_count(), original.valid_count());
}

TEST(SearchResume, AUsedSearchGoesOnLikeTheSearchItResumes) {
  // DoublyLinkedList: most valid lists differ from the one before in elements only; BinaryTree:
  // in the shape. Resume both ahead of and behind the resuming search's own position.
  check_resume("DoublyLinkedList", {0, 4, 5, 5}, 40, 9);
  check_resume("DoublyLinkedList", {0, 4, 5, 5}, 9, 40);
  check_resume("BinaryTree", {4, 0, 4}, 9, 3);
  check_resume("BinaryTree", {4, 0, 4}, 3, 9);
  check_resume("HeapArray", {3, 3, 3}, 20, 50);
}

}  // namespace
