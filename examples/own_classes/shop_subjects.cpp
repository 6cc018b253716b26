// shop::sorted_list as a subject of the smallscope command line: linked with smallscope::main,
// this file makes a binary that lists, generates and checks it like the built-in subjects.
#include <smallscope/subject.hpp>

#include "sorted_list.hpp"

SMALLSCOPE_SUBJECT(shop_sorted_list) {
  smallscope::subject s;
  s.name = "ShopList";
  s.summary = "sorted lists of distinct ints (examples/own_classes)";
  s.parameters = {{"nodes", "number of Node objects", 0, 8}, {"maxValue", "values range over 0..maxValue", 0, 100}};
  s.scope = [](std::int64_t n) { return std::vector<std::int64_t>{n, n}; };  // n nodes, values 0..n
  s.scope_min = 0;
  s.scope_max = 8;
  s.header = "sorted_list.hpp";  // what reproducers include
  s.make = [](std::span<const std::int64_t> p) {
    const int nodes = static_cast<int>(p[0]), max_value = static_cast<int>(p[1]);
    const auto value = smallscope::ints(0, max_value + 1);  // one value past the largest, too
    return smallscope::subject_instance{
        shop::fin(nodes, max_value),
        smallscope::make_predicate<&shop::sorted_list::rep_ok>(),
        {SMALLSCOPE_METHOD(shop::sorted_list::insert, shop::insert_post, value),
         SMALLSCOPE_METHOD(shop::sorted_list::erase, shop::erase_post, value),
         SMALLSCOPE_METHOD(shop::sorted_list::erase_leaky, shop::erase_post, value)}};
  };
  return s;
}
