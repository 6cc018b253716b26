// smallscope from doctest (include/smallscope/doctest.hpp): each TEST_CASE checks a method on every
// stack of up to three nodes. `doctest_test -tc="push *"` passes; `doctest_test -tc="push_drops_value*"`
// fails with the smallest failing stacks pictured and a doctest reproducer of each;
// `doctest_test -tc="*parts*" --subcase="part 2 of 3"` checks one third of the scope.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <smallscope/doctest.hpp>

#include "stack.hpp"

using frameworks::stack;

TEST_CASE("push on every stack of up to three nodes") {  // 15 stacks x 2 values: 30 inputs
  const auto push = SMALLSCOPE_METHOD(stack::push, frameworks::push_post, smallscope::ints(0, 1));
  CHECK(smallscope::for_doctest::all_inputs_pass<stack>(frameworks::fin(3), push));
}

TEST_CASE("push_drops_value on every stack of up to three nodes") {
  const auto push = SMALLSCOPE_METHOD(stack::push_drops_value, frameworks::push_post, smallscope::ints(0, 1));
  smallscope::for_doctest::doctest_options options;
  options.header = "stack.hpp";  // what the reproducers include
  options.show = 1;
  CHECK(smallscope::for_doctest::all_inputs_pass<stack>(frameworks::fin(3), push, options));
}

TEST_CASE("push on every stack of up to four nodes, in three parts") {
  const auto push = SMALLSCOPE_METHOD(stack::push, frameworks::push_post, smallscope::ints(0, 1));
  smallscope::for_doctest::check_in_parts<stack>(frameworks::fin(4), push, 3);
}

TEST_CASE("push on every stack of up to four nodes") {  // what the three parts check together
  const auto push = SMALLSCOPE_METHOD(stack::push, frameworks::push_post, smallscope::ints(0, 1));
  CHECK(smallscope::for_doctest::all_inputs_pass<stack>(frameworks::fin(4), push));
}
