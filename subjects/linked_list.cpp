// Registers LinkedList (java.util.LinkedList of JDK 1.3/1.4; paper 000's LinkedList benchmark,
// Table 1) and LinkedListCall, the input class of its add and remove (paper 000, Fig. 8).
#include "subjects/linked_list.hpp"

#include <functional>
#include <span>
#include <string>
#include <utility>
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

// A subject of linked_list.hpp over those parameters: `make` builds its instance from
// (minSize, maxSize, entries, elems) once minSize <= maxSize.
smallscope::subject linked_list_subject(std::string name, std::string summary,
                                        std::function<smallscope::subject_instance(std::span<const std::int64_t>)> make) {
  auto ps = list_parameters();
  return korat_subject(
      std::move(name), std::move(summary), ps, &short_form,
      [ps, make = std::move(make)](std::span<const std::int64_t> p) {
        require_ordered(p, 0, 1, ps);
        return make(p);
      },
      "subjects/linked_list.hpp");
}

}  // namespace

SMALLSCOPE_SUBJECT(linked_list) {
  namespace ll = subjects::linked_list;
  return linked_list_subject(
      "LinkedList",
      "java.util.LinkedList: circular doubly linked lists through a header entry, elements any objects "
      "(paper 000 benchmark)",
      [](std::span<const std::int64_t> p) {
        const std::vector<smallscope::argument_domain> element = {smallscope::argument_domain::objects("Object", true)};
        return smallscope::subject_instance{
            ll::fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<&ll::linked_list::rep_ok>(),
            {smallscope::make_method<&ll::linked_list::add, &ll::add_post>("add", element, "add", "add_post",
                                                                           "appends an element (null too)"),
             smallscope::make_method<&ll::linked_list::remove, &ll::remove_post>(
                 "remove", element, "remove", "remove_post", "removes the first entry holding an element"),
             smallscope::make_method<&ll::linked_list::reverse, &ll::reverse_post>(
                 "reverse", {}, "reverse", "reverse_post", "reverses the elements with two list iterators")}};
      });
}

// add and remove with the argument inside the searched structure: the inputs are the (list, o)
// pairs up to isomorphism, the way paper 000's Table 4 counts them.
SMALLSCOPE_SUBJECT(linked_list_call) {
  namespace ll = subjects::linked_list;
  return linked_list_subject(
      "LinkedListCall",
      "the input class of LinkedList.add and remove: the list and the argument, isomorphism broken together "
      "(paper 000 Fig. 8)",
      [](std::span<const std::int64_t> p) {
        return smallscope::subject_instance{
            ll::call_fin(p[0], p[1], p[2], p[3]), smallscope::make_predicate<&ll::linked_list_call::rep_ok>(),
            {smallscope::make_method<&ll::add, &ll::call_add_post>("add", {}, "add", "call_add_post",
                                                                   "self.add(o)"),
             smallscope::make_method<&ll::remove, &ll::call_remove_post>("remove", {}, "remove", "call_remove_post",
                                                                         "self.remove(o)")}};
      });
}
