// A class that declares a static constant member without defining it elsewhere (valid C++ while
// nothing odr-uses it), compared in a function to mutate: the schemata must link as the original
// does (schemata_test.sh builds them at -O0, where a reference to the member would not link).
#pragma once

namespace static_member {

struct slots {
  static const int none = 7;
  int at = none;
  bool empty() const { return at == none; }
  int after() const { return at < none ? at + 1 : none; }
};

}  // namespace static_member
