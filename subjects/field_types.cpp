// Registers FieldTypes (subjects/field_types.hpp): a record with a field of every type, for
// reproducers compiled per field type.
#include "subjects/field_types.hpp"

#include "smallscope/subject.hpp"

SMALLSCOPE_SUBJECT(field_types) {
  using namespace subjects::field_types;
  smallscope::subject s;
  s.name = "FieldTypes";
  s.summary = "a record with a field of every type bound to its extremes, and a chain of items (reproducer tests)";
  s.parameters = {{"items", "number of Item objects", 0, 8}};
  s.scope = [](std::int64_t n) { return std::vector<std::int64_t>{n}; };
  s.scope_min = 0;
  s.scope_max = 8;
  s.header = "subjects/field_types.hpp";
  s.make = [](std::span<const std::int64_t> p) {
    return smallscope::subject_instance{
        fin(static_cast<int>(p[0])),
        smallscope::make_predicate<&record::rep_ok>(),
        {SMALLSCOPE_METHOD(record::same_as_fin, same_as_fin_post),
         SMALLSCOPE_METHOD(record::same_as_fin_negated, same_as_fin_post)}};
  };
  return s;
}
