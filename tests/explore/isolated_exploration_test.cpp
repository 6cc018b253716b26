// explore's worker (src/cli/explore_worker.cpp): a method that returns having left a pointer
// corrupt crashes the worker while the post-state is read, and the finding says so, as check's
// does ("the method returned, then reading its post-state crashed"), not "the method crashed".
#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/explore_worker.hpp"
#include "smallscope/check.hpp"
#include "smallscope/explore.hpp"
#include "smallscope/fields.hpp"

namespace dangling {

struct node {
  smallscope::field<int> key;
  smallscope::field<node*> next;
};
SMALLSCOPE_FIELDS(node, key, next)

struct stack {
  smallscope::field<node*> top;
  smallscope::field<int> size;
  bool rep_ok() const {
    int n = 0;
    for (const node* x = top; x != nullptr; x = x->next)
      if (++n > 8) return false;
    return n == size;
  }
  void push(int k) {
    node* added = new node{};
    added->key = k;
    added->next = top;
    top = added;
    size = size + 1;
  }
  // Returns normally, leaving the top pointer corrupt (and its node leaked).
  void corrupt() {
    if (top != nullptr) top = reinterpret_cast<node*>(std::uintptr_t{16});
  }
};
SMALLSCOPE_FIELDS(stack, top, size)

inline void push_post(smallscope::verdict&, const stack&, const stack&, int) {}
inline void corrupt_post(smallscope::verdict&, const stack&, const stack&) {}

}  // namespace dangling

namespace {

TEST(ExploreWorker, ACrashAfterTheMethodReturnedIsSaidToBeInReadingThePostState) {
  const auto push = smallscope::make_method<&dangling::stack::push, &dangling::push_post>(
      "push", {smallscope::argument_domain::of(smallscope::ints(0, 0))}, "push", "push_post");
  const auto corrupt =
      smallscope::make_method<&dangling::stack::corrupt, &dangling::corrupt_post>("corrupt", {}, "corrupt", "corrupt_post");
  const std::vector<smallscope::api_call> calls = {{&push, {0}, "push(0)"}, {&corrupt, {}, "corrupt()"}};
  smallscope::explore_options options;
  options.max_depth = 2;
  const auto result = smallscope::cli::explore_in_worker(
      calls, options, 0, [](const smallscope::explore_report& r) { return nlohmann::json{{"states", r.states}}; });
  ASSERT_EQ(result.failed.size(), 1u) << nlohmann::json(result.failed).dump();
  const auto& f = result.failed[0];
  EXPECT_EQ(f.at("kind"), "crash");
  EXPECT_EQ(f.at("calls"), nlohmann::json({"push(0)", "corrupt()"}));
  const std::string text = f.at("text");
  EXPECT_EQ(text.rfind("the method returned, then reading its post-state crashed: SIG", 0), 0u) << text;
}

}  // namespace
