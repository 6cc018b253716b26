// The stages of src/ in pipeline order, as docs/ARCHITECTURE.md states it: a file of one folder
// includes headers of its own folder and of folders earlier in the order only. Read from the
// include lines of every source, so a new back edge fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const std::string source_dir = SMALLSCOPE_SOURCE_DIR;

// The order from ARCHITECTURE.md's line "Stage order: a, b, c." (the stages are src/ folders).
std::vector<std::string> stage_order() {
  std::ifstream in(source_dir + "/docs/ARCHITECTURE.md");
  std::string line;
  const std::string tag = "Stage order: ";
  while (std::getline(in, line)) {
    const auto at = line.find(tag);
    if (at == std::string::npos) continue;
    std::vector<std::string> order;
    std::stringstream rest(line.substr(at + tag.size()));
    std::string name;
    while (std::getline(rest, name, ',')) {
      name.erase(std::remove_if(name.begin(), name.end(), [](char c) { return c == ' ' || c == '`' || c == '.'; }),
                 name.end());
      order.push_back(name);
    }
    return order;
  }
  return {};
}

}  // namespace

TEST(Layering, EveryFolderOfSrcHasItsPlaceInTheStageOrder) {
  const auto order = stage_order();
  ASSERT_FALSE(order.empty()) << "docs/ARCHITECTURE.md has no 'Stage order: ...' line";
  for (const auto& entry : fs::directory_iterator(source_dir + "/src")) {
    if (!entry.is_directory()) continue;
    EXPECT_NE(std::find(order.begin(), order.end(), entry.path().filename().string()), order.end())
        << "src/" << entry.path().filename().string() << " is missing from the stage order";
  }
}

TEST(Layering, NoFolderIncludesAHeaderOfALaterStage) {
  const auto order = stage_order();
  ASSERT_FALSE(order.empty());
  const auto rank = [&](const std::string& stage) {
    return static_cast<std::ptrdiff_t>(std::find(order.begin(), order.end(), stage) - order.begin());
  };
  std::size_t includes = 0;
  for (const auto& entry : fs::recursive_directory_iterator(source_dir + "/src")) {
    const auto ext = entry.path().extension();
    if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
    const std::string stage = fs::relative(entry.path(), source_dir + "/src").begin()->string();
    std::ifstream in(entry.path());
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
      ++number;
      if (line.rfind("#include \"", 0) != 0) continue;
      const auto slash = line.find('/', 10);
      if (slash == std::string::npos) continue;
      const std::string included = line.substr(10, slash - 10);
      if (included == "smallscope" || included == stage) continue;
      ++includes;
      EXPECT_LT(rank(included), rank(stage))
          << entry.path().string() << ":" << number << ": " << stage << " includes " << included
          << ", a later stage (docs/ARCHITECTURE.md, stage order)";
    }
  }
  EXPECT_GT(includes, 50u);  // the scan saw the sources
}
