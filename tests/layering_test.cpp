// The build graph is the stage graph (docs/ARCHITECTURE.md, "Stage order"): every folder of src/
// is one object library, smallscope_stage_NAME, that links earlier stages only; every source is
// compiled once; every include, of src/ and of the public headers, names a stage the including
// file's target links (or a public header of an earlier stage). Read from the stage order line,
// the "// Stage: NAME." line of every public header, the build's target graph
// (smallscope-targets.txt, written by CMakeLists.txt) and the include lines of every file, so a
// new back edge or an unlinked include fails here.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const std::string source_dir = SMALLSCOPE_SOURCE_DIR;

// The order from ARCHITECTURE.md's line "Stage order: `a`, `b`, `c`."
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

std::ptrdiff_t rank(const std::vector<std::string>& order, const std::string& stage) {
  const auto at = std::find(order.begin(), order.end(), stage);
  return at == order.end() ? -1 : at - order.begin();
}

// The build's targets: type, sources (absolute) and the targets they link.
struct target {
  std::string type;
  std::vector<std::string> sources;
  std::vector<std::string> links;
};

std::map<std::string, target> target_graph() {
  std::ifstream in(SMALLSCOPE_TARGET_GRAPH);
  std::map<std::string, target> graph;
  std::string word;
  std::string rest;
  target* current = nullptr;
  while (in >> word && std::getline(in >> std::ws, rest)) {
    if (word == "target") {
      const auto space = rest.find(' ');
      current = &graph[rest.substr(0, space)];
      current->type = rest.substr(space + 1);
    } else if (current != nullptr && word == "source") {
      current->sources.push_back(rest);
    } else if (current != nullptr && word == "link") {
      current->links.push_back(rest);
    }
  }
  return graph;
}

// Every target `from` links, directly or through others.
std::set<std::string> closure(const std::map<std::string, target>& graph, const std::string& from) {
  std::set<std::string> seen;
  std::vector<std::string> todo{from};
  while (!todo.empty()) {
    const auto t = todo.back();
    todo.pop_back();
    const auto at = graph.find(t);
    if (at == graph.end()) continue;
    for (const auto& l : at->second.links)
      if (seen.insert(l).second) todo.push_back(l);
  }
  return seen;
}

const std::string stage_prefix = "smallscope_stage_";

// The public headers (relative to include/, "smallscope/x.hpp") with the stage each names.
std::map<std::string, std::string> public_stages() {
  std::map<std::string, std::string> stages;
  for (const auto& entry : fs::recursive_directory_iterator(source_dir + "/include")) {
    if (!entry.is_regular_file() || entry.path().extension() != ".hpp") continue;
    std::ifstream in(entry.path());
    std::string line;
    std::string stage;
    while (std::getline(in, line) && line.rfind("#pragma once", 0) != 0)
      if (line.rfind("// Stage: ", 0) == 0) stage = line.substr(10, line.find('.', 10) - 10);
    stages[fs::relative(entry.path(), source_dir + "/include").string()] = stage;
  }
  return stages;
}

// Each `#include "..."` line of a file, with its line number.
std::vector<std::pair<int, std::string>> includes(const fs::path& file) {
  std::vector<std::pair<int, std::string>> found;
  std::ifstream in(file);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("#include \"", 0) != 0) continue;
    found.emplace_back(number, line.substr(10, line.find('"', 10) - 10));
  }
  return found;
}

// The files of src/ with the ending `ext` (".cpp", ".hpp" or "" for both).
std::vector<fs::path> src_files(const std::string& ext) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(source_dir + "/src")) {
    const auto e = entry.path().extension();
    if (entry.is_regular_file() && (e == ext || (ext.empty() && (e == ".cpp" || e == ".hpp"))))
      files.push_back(entry.path());
  }
  return files;
}

std::string stage_of(const fs::path& src_file) {
  return fs::relative(src_file, source_dir + "/src").begin()->string();
}

}  // namespace

TEST(Layering, EveryFolderOfSrcHasItsPlaceInTheStageOrder) {
  const auto order = stage_order();
  ASSERT_FALSE(order.empty()) << "docs/ARCHITECTURE.md has no 'Stage order: ...' line";
  std::set<std::string> folders;
  for (const auto& entry : fs::directory_iterator(source_dir + "/src")) {
    if (!entry.is_directory()) continue;
    folders.insert(entry.path().filename().string());
    EXPECT_GE(rank(order, entry.path().filename().string()), 0)
        << "src/" << entry.path().filename().string() << " is missing from the stage order";
  }
  // A stage without a folder is one of headers only.
  std::set<std::string> header_stages;
  for (const auto& [header, stage] : public_stages()) header_stages.insert(stage);
  for (const auto& stage : order)
    EXPECT_TRUE(folders.count(stage) != 0 || header_stages.count(stage) != 0)
        << "stage " << stage << " has neither a folder in src/ nor a public header";
}

TEST(Layering, EveryPublicHeaderNamesItsStageAndIncludesNoLaterOne) {
  const auto order = stage_order();
  const auto stages = public_stages();
  ASSERT_GT(stages.size(), 30u);  // the scan saw the headers
  for (const auto& [header, stage] : stages) {
    ASSERT_GE(rank(order, stage), 0) << "include/" << header << " names no stage of the order ('// Stage: NAME.' "
                                     << "before #pragma once), or one the order lacks: '" << stage << "'";
    for (const auto& [line, included] : includes(source_dir + "/include/" + header)) {
      const auto other = stages.find(included);
      ASSERT_NE(other, stages.end()) << "include/" << header << ":" << line << ": includes " << included
                                     << ", not a public header (an installed header must include installed ones)";
      EXPECT_LE(rank(order, other->second), rank(order, stage))
          << "include/" << header << ":" << line << ": stage " << stage << " includes " << included
          << " of the later stage " << other->second;
    }
  }
}

TEST(Layering, EveryStageIsOneTargetThatLinksEarlierStagesOnly) {
  const auto order = stage_order();
  const auto graph = target_graph();
  ASSERT_GT(graph.size(), 20u) << "no target graph at " << SMALLSCOPE_TARGET_GRAPH;
  std::size_t stages = 0;
  for (const auto& [name, t] : graph) {
    if (name.rfind(stage_prefix, 0) != 0 || name.ends_with("_plain")) continue;
    ++stages;
    const std::string stage = name.substr(stage_prefix.size());
    ASSERT_GE(rank(order, stage), 0) << name << " is not a stage of the order";
    EXPECT_EQ(t.type, "OBJECT_LIBRARY") << name;
    for (const auto& s : t.sources)
      EXPECT_EQ(stage_of(s), stage) << name << " compiles " << s << ", a file of another stage";
    for (const auto& l : t.links) {
      if (l.rfind(stage_prefix, 0) != 0) continue;
      EXPECT_LT(rank(order, l.substr(stage_prefix.size())), rank(order, stage))
          << name << " links " << l << ", a stage that is not earlier";
    }
  }
  EXPECT_GE(stages, 20u);
}

TEST(Layering, EverySourceIsCompiledOnceInItsStagesTarget) {
  const auto graph = target_graph();
  std::map<std::string, std::vector<std::string>> compiled_by;
  for (const auto& [name, t] : graph) {
    if (t.type == "VARIANT" || name.ends_with("_plain")) continue;  // programs compiled again on purpose
    for (const auto& s : t.sources) compiled_by[fs::path(s).lexically_normal().string()].push_back(name);
  }
  const auto files = src_files(".cpp");
  ASSERT_GT(files.size(), 100u);
  for (const auto& file : files) {
    const auto& by = compiled_by[file.lexically_normal().string()];
    ASSERT_EQ(by.size(), 1u) << file.string() << " is compiled by " << by.size() << " targets";
    const std::string stage_target = stage_prefix + stage_of(file);
    if (file.filename() == "main.cpp") {  // an executable's entry: its target links the stage
      EXPECT_TRUE(closure(graph, by.front()).count(stage_target) != 0)
          << file.string() << " is compiled by " << by.front() << ", which does not link " << stage_target;
    } else {
      EXPECT_EQ(by.front(), stage_target) << file.string();
    }
  }
}

TEST(Layering, EveryIncludeNamesAStageTheFilesTargetLinks) {
  const auto order = stage_order();
  const auto graph = target_graph();
  const auto stages = public_stages();
  std::size_t across = 0;
  for (const auto& file : src_files("")) {
    const std::string stage = stage_of(file);
    const auto linked = closure(graph, stage_prefix + stage);
    const auto reaches = [&](const std::string& other) {
      if (other == stage || other == "base") return true;
      if (graph.count(stage_prefix + other) == 0) return rank(order, other) < rank(order, stage);  // headers only
      return linked.count(stage_prefix + other) != 0;
    };
    for (const auto& [line, included] : includes(file)) {
      const auto slash = included.find('/');
      if (slash == std::string::npos) continue;
      std::string other = included.substr(0, slash);
      if (other == "smallscope") {
        const auto at = stages.find(included);
        ASSERT_NE(at, stages.end()) << file.string() << ":" << line << ": no public header " << included;
        other = at->second;
      } else if (rank(order, other) < 0) {
        continue;  // a library's header (fmt/, nlohmann/, clang/)
      }
      if (other != stage) ++across;
      EXPECT_TRUE(reaches(other)) << file.string() << ":" << line << ": " << stage << " includes " << included
                                  << " of stage " << other << ", which " << stage_prefix << stage
                                  << " does not link (docs/ARCHITECTURE.md, stage order)";
    }
  }
  EXPECT_GT(across, 100u);  // the scan saw the sources
}
