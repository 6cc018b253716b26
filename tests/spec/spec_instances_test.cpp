// spec_instances (smallscope/spec.hpp), the library's call behind `smallscope spec`: its count
// and pictures equal the enumerator's own (paper 003's 27 mergeSort inputs), a limit and a stop
// keep the instances so far, the command is named before the translation, and a spec's mistakes
// and an unknown run command are refused with their place.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "sat/enumerator.hpp"
#include "smallscope/spec.hpp"
#include "spec_front/instance_printer.hpp"
#include "spec_front/load.hpp"

namespace smallscope {
namespace {

std::string example(const std::string& name) { return std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/" + name; }

TEST(SpecInstances, CountAndPicturesAreTheEnumeratorsAndTheCommandIsNamedFirst) {
  spec_instances_options o;
  o.spec_file = example("merge_sort.als");
  o.format = structure_format::jsonl;
  std::vector<std::string> pictures;
  std::string named;
  o.on_command = [&](const std::string& command, const std::string& scope) {
    EXPECT_TRUE(pictures.empty());
    named = command + " for " + scope;
  };
  o.on_instance = [&](std::uint64_t number, const std::string& picture) {
    EXPECT_EQ(number, pictures.size() + 1);
    pictures.push_back(picture);
  };
  const spec_instances_report report = spec_instances(o);
  EXPECT_EQ(report.instances, 27u);  // paper 003: TestEra's 27 mergeSort inputs
  EXPECT_FALSE(report.limited || report.stopped);
  EXPECT_GT(report.cnf_clauses, 0u);
  EXPECT_EQ(named, report.command + " for " + report.scope);

  // The same instances, in the same order, from the enumerator itself.
  const spec::module m = spec::load_file(example("merge_sort.als"));
  sat::enumerator e(m, spec::find_run_command(m, ""));
  spec::instance whole;
  std::vector<std::uint32_t> reached;
  std::size_t k = 0;
  while (e.next(whole, reached)) {
    std::erase_if(reached, [&](std::uint32_t a) { return e.atoms().is_int(a); });
    std::string picture;
    spec::print_instance(picture, m, whole, reached, k + 1, spec::instance_format::jsonl);
    ASSERT_LT(k, pictures.size());
    EXPECT_EQ(pictures[k], picture) << "instance " << k + 1;
    ++k;
  }
  EXPECT_EQ(k, pictures.size());
  EXPECT_EQ(report.inexact, e.inexact());
}

TEST(SpecInstances, ALimitAndAStopKeepTheInstancesSoFar) {
  spec_instances_options o;
  o.spec_file = example("merge_sort.als");
  o.limit = 5;
  const auto limited = spec_instances(o);
  EXPECT_EQ(limited.instances, 5u);
  EXPECT_TRUE(limited.limited);
  EXPECT_FALSE(limited.stopped);

  spec_instances_options s;
  s.spec_file = example("merge_sort.als");
  std::uint64_t seen = 0;
  s.on_instance = [&](std::uint64_t, const std::string&) { ++seen; };
  s.stop = [&] { return seen >= 3; };
  const auto stopped = spec_instances(s);
  EXPECT_EQ(stopped.instances, 3u);
  EXPECT_TRUE(stopped.stopped);
  EXPECT_FALSE(stopped.stopped_translating);

  spec_instances_options t;
  t.spec_file = example("merge_sort.als");
  t.stop = [] { return true; };  // before the translation ends
  const auto translating = spec_instances(t);
  EXPECT_EQ(translating.instances, 0u);
  EXPECT_TRUE(translating.stopped && translating.stopped_translating);
}

TEST(SpecInstances, AMistakeIsASpecErrorWithItsPlaceAndAnUnknownRunIsRefused) {
  const std::string path = testing::TempDir() + "spec_instances_mistake.als";
  {
    std::ofstream out(path);
    out << "sig Node { next: lone Node }\nrun { some Nod } for 3\n";
  }
  try {
    spec_instances_options o;
    o.spec_file = path;
    spec_instances(o);
    ADD_FAILURE() << "a spec naming an unknown sig was enumerated";
  } catch (const spec_error& e) {
    EXPECT_NE(std::string(e.what()).find(path + ":2:"), std::string::npos) << e.what();
  }
  std::remove(path.c_str());
  spec_instances_options o;
  o.spec_file = example("merge_sort.als");
  o.run = "noSuchPredicate";
  EXPECT_THROW(spec_instances(o), std::invalid_argument);
  o.run.clear();
  o.progress_interval = 0;
  EXPECT_THROW(spec_instances(o), std::invalid_argument);
}

}  // namespace
}  // namespace smallscope
