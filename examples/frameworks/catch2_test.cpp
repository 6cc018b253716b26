// smallscope from Catch2 (include/smallscope/catch2.hpp): each TEST_CASE checks a method on every
// stack of up to three nodes. `catch2_test "[passes]"` passes; `catch2_test "[bug]"` fails with the
// smallest failing stacks pictured and a Catch2 reproducer of each; `catch2_test "[parts]" -c
// "part 2 of 3"` checks one third of the scope.
#define CATCH_CONFIG_MAIN
#include <smallscope/catch2.hpp>

#include "stack.hpp"

using frameworks::stack;

TEST_CASE("push on every stack of up to three nodes", "[passes]") {  // 15 stacks x 2 values: 30 inputs
  const auto push = SMALLSCOPE_METHOD(stack::push, frameworks::push_post, smallscope::ints(0, 1));
  CHECK(smallscope::for_catch2::all_inputs_pass<stack>(frameworks::fin(3), push));
}

TEST_CASE("push_drops_value on every stack of up to three nodes", "[bug]") {
  const auto push = SMALLSCOPE_METHOD(stack::push_drops_value, frameworks::push_post, smallscope::ints(0, 1));
  smallscope::for_catch2::catch2_options options;
  options.header = "stack.hpp";  // what the reproducers include
  options.show = 1;
  CHECK(smallscope::for_catch2::all_inputs_pass<stack>(frameworks::fin(3), push, options));
}

TEST_CASE("push on every stack of up to four nodes, in three parts", "[parts]") {
  const auto push = SMALLSCOPE_METHOD(stack::push, frameworks::push_post, smallscope::ints(0, 1));
  smallscope::for_catch2::check_in_parts<stack>(frameworks::fin(4), push, 3);
}

TEST_CASE("push on every stack of up to four nodes", "[whole]") {  // what the three parts check together
  const auto push = SMALLSCOPE_METHOD(stack::push, frameworks::push_post, smallscope::ints(0, 1));
  CHECK(smallscope::for_catch2::all_inputs_pass<stack>(frameworks::fin(4), push));
}
