// Labels of objects when one C++ class has several class domains (paper 000, Sec. 3.2: a field
// belongs to its class, so every domain of the class shares its field domains): the
// finitization names such fields after the class, input objects keep their domain's label, and
// objects the method allocates are new objects of their class.
#include <gtest/gtest.h>

#include <string>

#include "smallscope/checker.hpp"
#include "smallscope/counterexample.hpp"

namespace {

struct cell {
  smallscope::field<cell*> next;
  smallscope::field<int> key;
};
SMALLSCOPE_FIELDS(cell, next, key)

// A list with a header cell (its key unused) and a size.
struct headed_list {
  smallscope::field<cell*> header;
  smallscope::field<int> size;
  bool rep_ok() const {
    if (header == nullptr) return false;
    int n = 0;
    for (const cell* c = header->next; c != nullptr; c = c->next)
      if (++n > 4 || c == header) return false;
    return n == size && header->key == 0;
  }
  // Appends a cell but forgets the size (a postcondition failure with a new object in it).
  void push_front(int k) {
    cell* c = new cell();
    c->key = k;
    c->next = header->next;
    header->next = c;
  }
};
SMALLSCOPE_FIELDS(headed_list, header, size)

void push_front_post(smallscope::verdict& v, const headed_list& old, const headed_list& now, int) {
  v.require(now.size == old.size + 1, "size grows by one");
}

smallscope::finitization fin() {
  auto f = smallscope::finitization::of<headed_list>("List");
  auto header = f.objects<cell>("Header", 1);
  auto cells = f.objects<cell>("Cell", 1);
  f.set(&headed_list::header, header.only());
  f.set(&headed_list::size, smallscope::ints(0, 1));
  f.set(&cell::next, cells.or_null());
  f.set(&cell::key, smallscope::ints(0, 1));
  return f;
}

TEST(Labels, FieldsOfAClassWithSeveralDomainsAreNamedAfterTheClass) {
  const std::string text = fin().describe();
  EXPECT_NE(text.find("cell.next in {null|Cell}"), std::string::npos) << text;
  EXPECT_NE(text.find("cell.key in {0,1}"), std::string::npos) << text;
  EXPECT_EQ(text.find("Header.next"), std::string::npos) << text;
}

TEST(Labels, NewObjectsAreLabelledByTheirClassAndInputObjectsByTheirDomain) {
  const auto f = fin();
  const auto m = SMALLSCOPE_METHOD(headed_list::push_front, push_front_post, smallscope::ints(5, 5));
  const auto r = smallscope::run_check(f, smallscope::make_predicate<&headed_list::rep_ok>(), m, {});
  ASSERT_GT(r.failed, 0u);
  const auto& c = r.failures.front();
  smallscope::check_context ctx;
  ctx.fin = &f;
  ctx.method = &m;
  const std::string report = smallscope::counterexample_report(ctx, c, 1, smallscope::structure_format::text);
  EXPECT_NE(c.post_state.find("Header#0{next=new cell#0"), std::string::npos) << report;
  EXPECT_NE(c.post_state.find("new cell#0{next="), std::string::npos) << report;
  EXPECT_EQ(c.post_state.find("new Header"), std::string::npos) << report;
  EXPECT_NE(report.find("pre-state:  List#0{header=Header#0"), std::string::npos) << report;
}

}  // namespace
