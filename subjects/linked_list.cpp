// Registers LinkedList (java.util.LinkedList of JDK 1.3/1.4; paper 000's LinkedList benchmark,
// Table 1) and LinkedListCall, the input class of its add and remove (paper 000, Fig. 8).
#include "subjects/linked_list.hpp"

#include <string>
#include <vector>

#include "smallscope/subject.hpp"
#include "subjects/registration.hpp"

using namespace subjects::registration;

namespace {

// The parameters of Korat's DoublyLinkedList, with its one-argument form n = (n, n, n+1, n+1).
std::vector<fin_parameter> list_parameters() {
  return {size_bound("minSize", "least value of size"), size_bound("maxSize", "greatest value of size"),
          size_bound("entries", "number of Entry objects (the header included)"),
          size_bound("elems", "number of element objects")};
}

params short_form(std::int64_t n) { return params{n, n, n + 1, n + 1}; }

}  // namespace

SMALLSCOPE_SUBJECT(linked_list) {
  namespace ll = subjects::linked_list;
  auto ps = list_parameters();
  return korat_subject(
      "LinkedList",
      "java.util.LinkedList: circular doubly linked lists through a header entry, elements any objects "
      "(paper 000 benchmark)",
      ps, &short_form,
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 0, 1, ps);
        const std::vector<smallscope::argument_domain> element = {smallscope::argument_domain::objects("Object", true)};
        return smallscope::subject_instance{
            ll::fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<&ll::linked_list::rep_ok>(),
            {smallscope::make_method<&ll::linked_list::add, &ll::add_post>("add", element, "add", "add_post",
                                                                           "appends an element (null too)"),
             smallscope::make_method<&ll::linked_list::remove, &ll::remove_post>(
                 "remove", element, "remove", "remove_post", "removes the first entry holding an element"),
             smallscope::make_method<&ll::linked_list::reverse, &ll::reverse_post>(
                 "reverse", {}, "reverse", "reverse_post", "reverses the elements with two list iterators")}};
      },
      "subjects/linked_list.hpp");
}

// add and remove with the argument inside the searched structure: the inputs are the (list, o)
// pairs up to isomorphism, the way paper 000's Table 4 counts them.
SMALLSCOPE_SUBJECT(linked_list_call) {
  namespace ll = subjects::linked_list;
  auto ps = list_parameters();
  return korat_subject(
      "LinkedListCall",
      "the input class of LinkedList.add and remove: the list and the argument, isomorphism broken together "
      "(paper 000 Fig. 8)",
      ps, &short_form,
      [ps](std::span<const std::int64_t> p) {
        require_ordered(p, 0, 1, ps);
        return smallscope::subject_instance{
            ll::call_fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<&ll::linked_list_call::rep_ok>(),
            {smallscope::make_method<&ll::add, &ll::call_add_post>("add", {}, "add", "call_add_post",
                                                                   "self.add(o)"),
             smallscope::make_method<&ll::remove, &ll::call_remove_post>("remove", {}, "remove", "call_remove_post",
                                                                         "self.remove(o)")}};
      },
      "subjects/linked_list.hpp");
}
