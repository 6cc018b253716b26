// Suite files (src/suite/suite_file.*; docs/SUITES.md): every structure of a scope written as a
// suite and read back gives the search's candidate vectors, in order; a truncated file, a
// structure of another scope, an unknown field, a value outside its domain and a structure the
// invariant rejects are refused with the file and line.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "smallscope/search.hpp"
#include "smallscope/subject.hpp"
#include "suite/suite_file.hpp"
#include "support/temp_files.hpp"

namespace {

using smallscope::suite::suite_error;

struct written {
  smallscope::subject_instance instance;
  std::vector<std::vector<std::uint32_t>> structures;
  std::string text;  // header and structure lines
};

// Every structure of SearchTree with 0..n nodes and keys 1..n, as a suite file's text (the first
// structure line, line 2, is the empty tree).
written search_trees(std::int64_t n) {
  const auto* s = smallscope::find_subject("SearchTree");
  written w{s->make(std::vector<std::int64_t>{n, 0, n, 1, n}), {}, {}};
  std::string lines;
  std::uint64_t count = 0;
  for (const auto& st : smallscope::structure_range(w.instance.fin, w.instance.invariant)) {
    w.structures.emplace_back(st.values().begin(), st.values().end());
    smallscope::suite::append_structure(lines, st.space(), st.values(), ++count);
  }
  // The lines of the structures kept, written after the search on a state space of their own.
  EXPECT_EQ(smallscope::suite::structure_lines(w.instance.fin, w.structures), lines);
  w.text = smallscope::suite::header_line({"SearchTree", {n, 0, n, 1, n}, "bounded-exhaustive", "smallscope gen SearchTree 3", count}) + lines;
  return w;
}

std::vector<std::vector<std::uint32_t>> read_back(const written& w, const std::string& text) {
  const test_files::temp_file file(".suite");
  std::ofstream(file.path()) << text;
  const auto contents = smallscope::suite::read(file.path());
  return smallscope::suite::candidates(contents, file.path(), w.instance.fin, w.instance.invariant);
}

// The message of the suite_error that reading `text` throws ("" if none).
std::string refusal(const written& w, const std::string& text) {
  try {
    read_back(w, text);
  } catch (const suite_error& e) {
    return e.what();
  }
  return "";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from, text.find('\n'));  // in a structure line, not the header
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(SuiteFile, WrittenAndReadBackGivesTheSearchsStructures) {
  for (std::int64_t n = 1; n <= 4; ++n) {
    const written w = search_trees(n);
    ASSERT_FALSE(w.structures.empty());
    EXPECT_EQ(read_back(w, w.text), w.structures) << "SearchTree " << n;
  }
}

TEST(SuiteFile, DamagedFilesAreRefusedWithTheirLine) {
  const written w = search_trees(3);
  const std::size_t n = w.structures.size();
  ASSERT_GT(n, 2u);
  // One structure line fewer than the header announces.
  const std::string truncated = w.text.substr(0, w.text.rfind('\n', w.text.size() - 2) + 1);
  EXPECT_NE(refusal(w, truncated).find("announces " + std::to_string(n) + " structures but the file holds " +
                                       std::to_string(n - 1)),
            std::string::npos)
      << refusal(w, truncated);
  const std::string wrong_object = replaced(w.text, "\"Node#0\":{", "\"Node#7\":{");
  EXPECT_NE(refusal(w, wrong_object).find(":3: object Node#7 is not in the finitization"), std::string::npos)
      << refusal(w, wrong_object);
  const std::string wrong_field = replaced(w.text, "\"left\"", "\"links\"");
  EXPECT_NE(refusal(w, wrong_field).find("has no field links"), std::string::npos) << refusal(w, wrong_field);
  const std::string wrong_value = replaced(w.text, "\"info\":1", "\"info\":9");
  EXPECT_NE(refusal(w, wrong_value).find("the value 9 is not in its field domain"), std::string::npos)
      << refusal(w, wrong_value);
  // Values of the wrong JSON type: the string "1" is not the number 1, nor a number an object.
  const std::string quoted_number = replaced(w.text, "\"info\":1", "\"info\":\"1\"");
  EXPECT_NE(refusal(w, quoted_number).find("info: the value \"1\" is not a number or boolean: write it as gen does, 1"),
            std::string::npos)
      << refusal(w, quoted_number);
  const std::string number_object = replaced(w.text, "\"left\":null", "\"left\":0");
  EXPECT_NE(refusal(w, number_object).find("left: the value 0 is no object"), std::string::npos)
      << refusal(w, number_object);
  const std::string wrong_size = replaced(w.text, "\"size\":3", "\"size\":2");
  EXPECT_NE(refusal(w, wrong_size).find("is not valid under"), std::string::npos) << refusal(w, wrong_size);
  EXPECT_NE(refusal(w, "").find("empty file"), std::string::npos);
}

// Counts and structures a suite can lie about: a count of 2^64 or -1, the same structure twice,
// a root that is not the finitization's root object.
TEST(SuiteFile, CountsRootsAndRepeatsAreChecked) {
  const written w = search_trees(2);
  const std::size_t n = w.structures.size();
  const std::string count = "\"structures\":" + std::to_string(n);
  for (const std::string bad : {"18446744073709551616", "-1", "2.5", "\"3\""}) {
    std::string text = w.text;
    text.replace(text.find(count), count.size(), "\"structures\":" + bad);
    EXPECT_NE(refusal(w, text).find(":1: \"structures\" must be a count in [0, 2^64-1]"), std::string::npos)
        << bad << ": " << refusal(w, text);
  }
  // The last structure line again, the count raised to match.
  const std::string last = w.text.substr(w.text.rfind('\n', w.text.size() - 2) + 1);
  std::string twice = w.text + last;
  twice.replace(twice.find(count), count.size(), "\"structures\":" + std::to_string(n + 1));
  EXPECT_NE(refusal(w, twice).find(":" + std::to_string(n + 2) + ": structure " + std::to_string(n + 1) +
                                   " is the structure of line " + std::to_string(n + 1) + " again"),
            std::string::npos)
      << refusal(w, twice);
  const std::string wrong_root = replaced(w.text, "\"root\":\"SearchTree#0\"", "\"root\":\"Node#0\"");
  EXPECT_NE(refusal(w, wrong_root).find(":2: the root is \"Node#0\", not the finitization's root object SearchTree#0"),
            std::string::npos)
      << refusal(w, wrong_root);
}

// A key twice in one object (JSON parsers keep one of the two without a word): in the header, in
// a structure line's objects and in an object's fields.
TEST(SuiteFile, AKeyTwiceInOneObjectIsRefused) {
  const written w = search_trees(2);
  std::string header_twice = w.text;
  header_twice.replace(header_twice.find("\"subject\""), 0, "\"subject\":\"BinaryTree\",");
  EXPECT_NE(refusal(w, header_twice).find(":1: the key \"subject\" appears twice in one object"), std::string::npos)
      << refusal(w, header_twice);
  const std::string field_twice = replaced(w.text, "\"size\":", "\"size\":0,\"size\":");
  EXPECT_NE(refusal(w, field_twice).find(":2: the key \"size\" appears twice in one object"), std::string::npos)
      << refusal(w, field_twice);
  const std::string object_twice = replaced(w.text, "\"SearchTree#0\":{", "\"SearchTree#0\":{},\"SearchTree#0\":{");
  EXPECT_NE(refusal(w, object_twice).find(":2: the key \"SearchTree#0\" appears twice in one object"), std::string::npos)
      << refusal(w, object_twice);
  // The same key in two objects is no repeat.
  EXPECT_EQ(read_back(w, w.text), w.structures);
}

// Whether the run that made a suite finished: written and read back; files without the field
// are complete.
TEST(SuiteFile, AnInterruptedRunsSuiteSaysItIsIncomplete) {
  const test_files::temp_file file(".suite");
  smallscope::suite::header h{"SearchTree", {1, 0, 1, 1, 1}, "bounded-exhaustive", "smallscope gen SearchTree 1", 0};
  h.complete = false;
  std::ofstream(file.path()) << smallscope::suite::header_line(h);
  EXPECT_FALSE(smallscope::suite::read(file.path()).about.complete);
  h.complete = true;
  std::ofstream(file.path()) << smallscope::suite::header_line(h);
  EXPECT_TRUE(smallscope::suite::read(file.path()).about.complete);
  std::string old = smallscope::suite::header_line(h);
  old.replace(old.find("\"complete\":true,"), std::string("\"complete\":true,").size(), "");
  std::ofstream(file.path()) << old;
  EXPECT_TRUE(smallscope::suite::read(file.path()).about.complete) << old;
}

}  // namespace
