// Mutant generation (paper 000, Sec. 7): on a small class, exactly the expected mutants of each
// family, in source order, with their places and changes; the invariant and what only it calls
// are left alone; bad input is refused with a clear message.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

#include "mutate/mutants.hpp"
#include "mutate/selection.hpp"

namespace smallscope::mutate {
namespace {

std::string source(const std::string& name) { return std::string(SMALLSCOPE_SOURCE_DIR) + "/" + name; }

request sample_request() {
  request r;
  r.file = source("tests/mutate/sample.hpp");
  r.methods = {"sample::arithmetic", "relational", "equality", "logical", "increment", "compound", "pick", "child", "twice"};
  r.keep = {"rep_ok"};
  r.compiler_arguments = {"-std=c++20", "-I" + source("include")};
  return r;
}

TEST(Mutants, EveryFamilyOnASmallClass) {
  const result out = generate(sample_request());
  std::string listed;
  for (const auto& m : out.mutants)
    listed += fmt::format("{} {}:{} {} {}: {} -> {}\n", m.id, m.line, m.column, m.family, m.mutator, m.original,
                          m.replacement);
  EXPECT_EQ(listed,
            "1 18:47 variable variable: a -> b\n"
            "2 18:49 operator arithmetic: a + b -> a - b\n"
            "3 18:49 operator arithmetic: a + b -> a * b\n"
            "4 18:49 operator arithmetic: a + b -> a / b\n"
            "5 18:49 operator arithmetic: a + b -> a % b\n"
            "6 18:51 variable variable: b -> a\n"
            "7 19:48 variable variable: a -> b\n"
            "8 19:50 operator relational: a < b -> a <= b\n"
            "9 19:50 operator relational: a < b -> a > b\n"
            "10 19:50 operator relational: a < b -> a >= b\n"
            "11 19:52 variable variable: b -> a\n"
            "12 20:49 operator equality: n == root -> n != root\n"
            "13 21:47 variable variable: a -> b\n"
            "14 21:49 operator logical: a && b -> a || b\n"
            "15 21:52 variable variable: b -> a\n"
            "16 22:22 operator increment: ++size -> --size\n"
            "17 23:31 operator compound assignment: size += d -> size -= d\n"
            "18 23:31 operator compound assignment: size += d -> size *= d\n"
            "19 23:31 operator compound assignment: size += d -> size /= d\n"
            "20 23:31 operator compound assignment: size += d -> size %= d\n"
            // `int c = a;`: c is not in scope in its own initializer.
            "21 27:13 variable variable: a -> b\n"
            "22 28:12 variable variable: c -> a\n"
            "23 28:12 variable variable: c -> b\n"
            "24 28:14 operator arithmetic: c - b -> c + b\n"
            "25 28:14 operator arithmetic: c - b -> c * b\n"
            "26 28:14 operator arithmetic: c - b -> c / b\n"
            "27 28:14 operator arithmetic: c - b -> c % b\n"
            "28 28:16 variable variable: b -> a\n"
            "29 28:16 variable variable: b -> c\n"
            "30 30:42 field field: n->left -> n->right\n"
            "31 33:42 call method: arithmetic -> pick\n"
            "32 33:42 call method: arithmetic -> twice\n"
            "33 33:53 variable variable: a -> b\n"
            "34 33:56 variable variable: b -> a\n"
            "35 33:59 operator arithmetic: arithmetic(a, b) * 2 -> arithmetic(a, b) + 2\n"
            "36 33:59 operator arithmetic: arithmetic(a, b) * 2 -> arithmetic(a, b) - 2\n"
            "37 33:59 operator arithmetic: arithmetic(a, b) * 2 -> arithmetic(a, b) / 2\n"
            "38 33:59 operator arithmetic: arithmetic(a, b) * 2 -> arithmetic(a, b) % 2\n");
  // rep_ok and counted (which only rep_ok calls) are not mutated.
  for (const auto& f : out.functions) {
    EXPECT_NE(f, "sample::rep_ok");
    EXPECT_NE(f, "sample::counted");
  }
  EXPECT_NE(out.schemata.find("#include \"smallscope/rewritten/mutation.hpp\""), std::string::npos);
  EXPECT_NE(out.schemata.find("bool rep_ok() const { return counted() == size; }"), std::string::npos);
}

TEST(Mutants, SearchTreesLoopMutantOfSection83IsGenerated) {
  // Paper 000, Sec. 8.3: `temp = left.right` instead of `temp = temp.right` in removeNode's loop.
  request r;
  r.file = source("subjects/search_tree.hpp");
  r.methods = {"subjects::search_tree::tree::remove"};
  r.keep = {"rep_ok", "remove_post"};
  r.compiler_arguments = {"-std=c++20", "-I" + source("include"), "-I" + source("")};
  const result out = generate(r);
  int found = 0;
  for (const auto& m : out.mutants) {
    if (m.function == "subjects::search_tree::tree::remove_node" && m.original == "temp" && m.replacement == "left" &&
        m.line == 142 && m.column > 60)
      ++found;
  }
  EXPECT_EQ(found, 1);
}

TEST(Mutants, ReportInTheMutationTestingSchemaLocatesEachChangedToken) {
  const result out = generate(sample_request());
  const auto report = nlohmann::json::parse(report_json(out.mutants, "tests/mutate/sample.hpp", out.source,
                                                        [](const mutant&) { return report_status{"Pending", {}}; },
                                                        {"smallscope mutate Sample m --scopes 1..2", false, {}}));
  EXPECT_EQ(report.at("schemaVersion"), "1");
  // What made it and whether it is complete, in the schema's free-form "config".
  EXPECT_EQ(report.at("config").at("made_by"), "smallscope mutate Sample m --scopes 1..2");
  EXPECT_EQ(report.at("config").at("complete"), false);
  const auto& file = report.at("files").at("tests/mutate/sample.hpp");
  EXPECT_EQ(file.at("language"), "cpp");
  EXPECT_EQ(file.at("source"), out.source);
  const auto& mutants = file.at("mutants");
  ASSERT_EQ(mutants.size(), out.mutants.size());
  // The lines of the source, to read what each location spans.
  std::vector<std::string> lines;
  for (std::size_t at = 0; at <= out.source.size();) {
    const auto end = out.source.find('\n', at);
    lines.push_back(out.source.substr(at, (end == std::string::npos ? out.source.size() : end) - at));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  for (std::size_t i = 0; i < mutants.size(); ++i) {
    const auto& m = mutants[i];
    const mutant& original = out.mutants[i];
    EXPECT_EQ(m.at("id"), std::to_string(original.id));
    EXPECT_EQ(m.at("status"), "Pending");
    const int line = m.at("location").at("start").at("line");
    const int begin = m.at("location").at("start").at("column");
    const int end = m.at("location").at("end").at("column");
    ASSERT_LT(begin, end);
    // The located token with the replacement written there gives the mutant's expression.
    const std::string spanned = lines.at(static_cast<std::size_t>(line - 1)).substr(static_cast<std::size_t>(begin - 1),
                                                                                     static_cast<std::size_t>(end - begin));
    EXPECT_NE(original.original.find(spanned), std::string::npos) << spanned << " in " << original.original;
    EXPECT_EQ(m.at("replacement"), original.token);
  }
}

void expect_refused(request r, const std::string& message) {
  try {
    generate(r);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
  }
}

// The support code (mutant lists, branch tables) goes inside a classic include guard: a header
// included twice (directly and through a sibling) defines it once, where before the branch
// table of a guarded B+ tree header was defined twice ("redefinition of
// 'smallscope_branches_btree'").
TEST(Mutants, SupportCodeGoesInsideTheIncludeGuard) {
  std::string guarded = "// A B+ tree.\n/* two\n   lines */\n\n#ifndef BTREE_H\n#  define BTREE_H\nint x;\n#endif\n";
  smallscope::mutate::insert_support_code(guarded, "SUPPORT\n");
  EXPECT_EQ(guarded, "// A B+ tree.\n/* two\n   lines */\n\n#ifndef BTREE_H\n#  define BTREE_H\nSUPPORT\nint x;\n#endif\n");
  std::string pragma = "// x\n#pragma once\nint x;\n";
  smallscope::mutate::insert_support_code(pragma, "SUPPORT\n");
  EXPECT_EQ(pragma, "// x\n#pragma once\nSUPPORT\nint x;\n");
  // An #ifndef that is not a guard (its #define names another macro), and no guard at all.
  std::string other = "#ifndef A\n#define B\n#endif\n";
  smallscope::mutate::insert_support_code(other, "SUPPORT\n");
  EXPECT_EQ(other, "SUPPORT\n#ifndef A\n#define B\n#endif\n");
  std::string plain = "int x;\n";
  smallscope::mutate::insert_support_code(plain, "SUPPORT\n");
  EXPECT_EQ(plain, "SUPPORT\nint x;\n");
}

// A method of a class template called through a value of that template's type (a bucket's own
// swap, `slots[i].swap_with(...)`) is followed from the method named: its mutants are listed.
TEST(Mutants, AMethodCalledThroughADependentTypeIsFollowed) {
  request r;
  r.file = source("tests/mutate/dependent_call.hpp");
  r.methods = {"table::shift"};
  r.compiler_arguments = {"-std=c++20"};
  const result out = generate(r);
  std::size_t in_swap = 0, in_shift = 0;
  for (const auto& m : out.mutants) {
    in_swap += m.function == "dependent_call::entry::swap_with" ? 1 : 0;
    in_shift += m.function == "dependent_call::table::shift" ? 1 : 0;
  }
  EXPECT_GT(in_shift, 0u);
  EXPECT_GT(in_swap, 0u) << "swap_with is called by shift through entry<T>";
}

TEST(Mutants, BadInputIsRefusedWithAClearMessage) {
  request unknown = sample_request();
  unknown.methods = {"sample::nope"};
  expect_refused(unknown, "no function named 'sample::nope' is defined in it");

  const std::string broken = ::testing::TempDir() + "broken.cpp";
  std::ofstream(broken) << "int f( { return 1; }\n";
  request bad;
  bad.file = broken;
  bad.methods = {"f"};
  expect_refused(bad, "does not compile with the arguments given:");

  const std::string empty = ::testing::TempDir() + "empty.cpp";
  std::ofstream(empty) << "void f() {}\n";
  request none;
  none.file = empty;
  none.methods = {"f"};
  expect_refused(none, "the methods given have no mutation point");

  request missing;
  missing.file = "/nonexistent/file.cpp";
  missing.methods = {"f"};
  expect_refused(missing, "cannot read the file");
}

}  // namespace
}  // namespace smallscope::mutate
