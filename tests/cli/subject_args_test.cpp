// SCOPE of a subject whose finitization fails (src/cli/subject_args.cpp): the finitization's own
// error, never a range that cannot hold ("must be an integer in [9, 8]", which it said when the
// finitization failed at every scope).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "cli/commands.hpp"
#include "cli/output.hpp"
#include "smallscope/check.hpp"
#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/subject.hpp"

namespace failing {
struct box {
  smallscope::field<int> value;
  bool rep_ok() const { return true; }
};
SMALLSCOPE_FIELDS(box, value)
}  // namespace failing

namespace {

// A subject of scopes 1..8 whose finitization fails at scopes from `first_failing` on (and only
// at `first_failing` with `only`).
smallscope::subject failing_from(std::int64_t first_failing, bool only = false) {
  smallscope::subject s;
  s.name = "Failing";
  s.parameters = {{"nodes", "number of nodes", 0, 64}};
  s.scope = [](std::int64_t n) { return std::vector<std::int64_t>{n}; };
  s.scope_min = 1;
  s.scope_max = 8;
  s.make = [first_failing, only](std::span<const std::int64_t> p) -> smallscope::subject_instance {
    if (only ? p[0] == first_failing : p[0] >= first_failing) throw smallscope::finitization_error("Node needs a key domain of at least one value");
    auto f = smallscope::finitization::of<failing::box>("Box");
    f.set(&failing::box::value, smallscope::ints(0, p[0]));
    return {std::move(f), smallscope::make_predicate<&failing::box::rep_ok>(), {}};
  };
  return s;
}

std::string refusal(const smallscope::subject& s, const std::string& scope) {
  smallscope::cli::gen_request r;
  r.scope = scope;
  try {
    smallscope::cli::parameters(s, r);
  } catch (const smallscope::cli::usage_error& e) {
    return e.what();
  }
  return "";
}

TEST(SubjectArgs, AFinitizationThatFailsEverywhereSaysSo) {
  const auto s = failing_from(1);
  const std::string why = refusal(s, "3");
  EXPECT_EQ(why.find("must be an integer in"), std::string::npos) << why;
  EXPECT_NE(why.find("Failing accepts no SCOPE: its finitization fails at every one (Node needs a key domain of at "
                     "least one value at 1); give --fin"),
            std::string::npos)
      << why;
}

// Scopes 1..4 build: 6 is outside the range that works, which the message names; 3 builds.
TEST(SubjectArgs, AScopeOutsideTheWorkingRangeNamesThatRange) {
  const auto s = failing_from(5);
  const std::string why = refusal(s, "6");
  EXPECT_NE(why.find("SCOPE for Failing must be an integer in [1, 4], got '6'"), std::string::npos) << why;
  EXPECT_EQ(refusal(s, "3"), "");
}

// A scope inside the range that works, where the finitization fails: its own error.
TEST(SubjectArgs, AFinitizationThatFailsInsideTheRangeGivesItsOwnError) {
  const auto s = failing_from(3, true);
  EXPECT_EQ(refusal(s, "3"), "SCOPE 3 for Failing: the finitization fails: Node needs a key domain of at least one value");
}

}  // namespace
