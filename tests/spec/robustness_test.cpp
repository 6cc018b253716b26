// The spec parser and checker (paper 003, Sec. 3) on damaged input: mutations of the example
// specs and token soup must either load or throw spec_error, never crash or hang (the same
// property a libFuzzer run checks at length). SMALLSCOPE_SPEC_MUTATIONS=n runs n inputs.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "spec_front/load.hpp"

namespace smallscope::spec {
namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const char* const pieces[] = {
    "{", "}", "(", ")", "[", "]", ",", ":", "|", ".", "`", "@", "#", "~", "^", "*", "+", "-", "&", "->", "++",
    "<:", ":>", "=", "!=", "<", "<=", ">=", "=>", "<=>", "&&", "||", "!", " in ", " not ", " else ", " all x: A | ",
    " some ", " no ", " one ", " lone ", " let y = ", " this ", " Int ", " sig ", " pred ", " fun ", " fact ",
    " run ", " check ", " for 3 ", " but ", " exactly ", " disj ", " extends ", " abstract ", " 0 ", " -3 ",
    " 2147483647 ", "--", "//", "/*", "*/", "\n", " plus[", " gt[", " header ", " next ", " elem ", " repOk ",
    " Node ", " True ", " open util/boolean ", " univ ", " none ", " iden ", "\x01", "\xc3\xa9"};

TEST(Robustness, DamagedSpecsLoadOrFailWithSpecError) {
  std::vector<std::string> seeds;
  for (const char* name : {"merge_sort.als", "red_black_tree.als", "binary_search_tree.als", "alloy_alpha.als"}) {
    seeds.push_back(read(std::string(SMALLSCOPE_SOURCE_DIR) + "/examples/specs/" + name));
    ASSERT_FALSE(seeds.back().empty());
  }
  long count = 3000;
  if (const char* n = std::getenv("SMALLSCOPE_SPEC_MUTATIONS")) count = std::atol(n);
  std::mt19937 rng(20240611);
  long loaded = 0;
  for (long round = 0; round < count; ++round) {
    std::string text = seeds[rng() % seeds.size()];
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      std::size_t at = text.empty() ? 0 : rng() % text.size();
      switch (rng() % 4) {
        case 0: text.erase(at, rng() % 12); break;
        case 1: text.insert(at, pieces[rng() % std::size(pieces)]); break;
        case 2: text.insert(at, text.substr(rng() % (text.size() + 1), rng() % 40)); break;
        default:
          if (!text.empty()) text[at] = static_cast<char>(rng() % 128);
          break;
      }
    }
    if (round % 10 == 0) {  // token soup
      text.clear();
      for (int k = 0; k < 60; ++k) text += pieces[rng() % std::size(pieces)];
    }
    try {
      load_text(text, "fuzz.als");
      ++loaded;
    } catch (const spec_error& error) {
      ASSERT_NE(std::string(error.what()).find(": error: "), std::string::npos);
    }
  }
  EXPECT_GT(loaded, 0);
}

}  // namespace
}  // namespace smallscope::spec
