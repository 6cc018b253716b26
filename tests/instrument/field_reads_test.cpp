// smallscope-instrument's rewrite (src/instrument, paper 000 Sec. 3.4): which member accesses
// are wrapped as reads, writes and updates, which are left alone (unevaluated operands,
// bit-fields, the base of a struct member's member), macro arguments, templates
// rewritten from their instantiations; and the tool's bad input (exit 2, a message naming it).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include "instrument/field_reads.hpp"

namespace {

const std::string sample = SMALLSCOPE_SOURCE_DIR "/tests/instrument/sample";

// The sample's unit `unit` (under src/), with the sample's roots.
smallscope::instrument::request sample_request(const std::string& unit) {
  smallscope::instrument::request r;
  r.sources = {sample + "/src/" + unit};
  r.roots = {sample + "/lib", sample + "/src"};
  r.compiler_arguments = {"-std=c++20", "-I" + sample + "/lib"};
  return r;
}

std::string rewritten_sample() {
  const auto r = sample_request("use.cpp");
  const auto result = smallscope::instrument::collect(r);
  const auto at = result.files.find(sample + "/lib/sample.hpp");
  if (at == result.files.end()) return "(sample.hpp not rewritten)";
  return smallscope::instrument::rewrite(at->second, at->first);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct ran {
  int status = -1;
  std::string output;
};

ran run_tool(const std::string& arguments, const std::string& directory = {}) {
  ran r;
  const std::string command = (directory.empty() ? std::string() : "cd '" + directory + "' && ") +
                              SMALLSCOPE_INSTRUMENT_BINARY + " " + arguments + " 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 512> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) r.output += buffer.data();
  const int status = ::pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace

TEST(FieldReads, WrapsReadsWritesAndUpdates) {
  const std::string text = rewritten_sample();
  EXPECT_TRUE(has(text, "decltype(n->right) r = ::smallscope::read_field(n->right);")) << text;
  EXPECT_TRUE(has(text, "::smallscope::write_field(n->k.minor) = 1;")) << text;
  EXPECT_TRUE(has(text, "::smallscope::update_field(n->arr[1]) += 2;")) << text;
  EXPECT_TRUE(has(text, "++::smallscope::update_field(b.value);")) << text;
  // An address taken escapes the search's view: every later read through it is untracked, so
  // taking it counts as the read (a B+ tree's separator read as `*high`).
  EXPECT_TRUE(has(text, "node** a = &::smallscope::read_field(n->left);")) << text;
  // A std::array is read and written element by element, as a C array is; its size reads
  // nothing.
  EXPECT_TRUE(has(text, "int e = ::smallscope::read_field(n->std_arr[2]) + ::smallscope::read_field(n->std_arr.at(0)) + "
                        "::smallscope::read_field(n->std_arr.back());"))
      << text;
  EXPECT_TRUE(has(text, "::smallscope::write_field(n->std_arr[1]) = static_cast<int>(n->std_arr.size());")) << text;
  // A std::vector's element reads read its size too; size() reads the size only, capacity()
  // nothing, and a whole use (a range-for) the size and every element.
  EXPECT_TRUE(has(text, "int v = ::smallscope::read_field(::smallscope::read_size(n->vec)[0]) + "
                        "::smallscope::read_field(::smallscope::read_size(n->vec).front()) + "
                        "static_cast<int>(::smallscope::read_size(n->vec).size()) + static_cast<int>(n->vec.capacity());"))
      << text;
  EXPECT_TRUE(has(text, "for (int x : ::smallscope::read_field(n->vec)) v += x;")) << text;
  EXPECT_TRUE(has(text, "::smallscope::write_field(::smallscope::read_size(n->vec)[1]) = v;")) << text;
  // Another container, an optional: asked its size, whether it is empty or holds a value, it
  // reads only that; used whole (a range-for), everything.
  EXPECT_TRUE(has(text, "int c = static_cast<int>(::smallscope::read_size(n->lst).size()) + "
                        "(::smallscope::read_size(n->opt) ? 1 : 0) + (::smallscope::read_size(n->mp).empty() ? 0 : 1) + "
                        "static_cast<int>(::smallscope::read_size(n->opt).has_value());"))
      << text;
  EXPECT_TRUE(has(text, "for (int x : ::smallscope::read_field(n->lst)) c += x;")) << text;
}

TEST(FieldReads, LeavesAloneWhatReadsNothing) {
  const std::string text = rewritten_sample();
  EXPECT_TRUE(has(text, "int s = sizeof(n->left);")) << text;
  EXPECT_TRUE(has(text, "int f = n->flags;")) << text;  // a bit-field binds to no reference
}

TEST(FieldReads, StructMembersMacroArgumentsAndTemplates) {
  const std::string text = rewritten_sample();
  // The struct member is read at the member it reaches, inside assert's argument.
  EXPECT_TRUE(has(text, "assert(::smallscope::read_field(n->k.major) >= 0);")) << text;
  // A template rewritten from its instantiation depth<node>.
  EXPECT_TRUE(has(text, "1 + depth(::smallscope::read_field(n->left));")) << text;
}

TEST(FieldReads, ElementsOfTemplatesArraysAreReadAsElements) {
  const std::string text = rewritten_sample();
  // An array whose size depends on a parameter is subscripted in the template's own text: the
  // element is read, never the whole array (which would read the slots past a count too).
  EXPECT_TRUE(has(text, "const K& key(int i) const { return ::smallscope::read_field(keys[i]); }")) << text;
  EXPECT_FALSE(has(text, "read_field(keys)[")) << text;
  // Used whole, as an algorithm's range: the array (read_field reads its live elements).
  EXPECT_TRUE(has(text, "std::is_sorted(::smallscope::read_field(keys), ::smallscope::read_field(keys) + "
                        "::smallscope::read_field(count))"))
      << text;
  // A std::vector of pointers: its size for empty(), its last element and the member through it.
  EXPECT_TRUE(has(text, "return ::smallscope::read_size(items).empty() || "
                        "::smallscope::read_field(::smallscope::read_field(::smallscope::read_size(items).back())->left) "
                        "== nullptr;"))
      << text;
  EXPECT_TRUE(has(text, "return ::smallscope::read_size(kids).empty() || "
                        "::smallscope::read_field(::smallscope::read_field(::smallscope::read_size(kids).back())->count) "
                        "== 0;"))
      << text;
}

TEST(FieldReads, TheCopiesCompile) {
  // The tool's copies of the sample, std::vector of pointers in a class and in a template among
  // them, compile as the originals do, from the copies only (no original on the include path).
  const std::string out = ::testing::TempDir() + "instrument_compiles";
  const ran made = run_tool("--root " + sample + "/lib --root " + sample + "/src --out " + out + " " + sample +
                            "/src/use.cpp -- -std=c++20 -I" + sample + "/lib");
  ASSERT_EQ(made.status, 0) << made.output;
  const std::string compile = std::string(SMALLSCOPE_CXX) + " -std=c++20 -fsyntax-only -I" SMALLSCOPE_SOURCE_DIR
                              "/include -I" + out + "/0 " + out + "/1/use.cpp 2>&1";
  FILE* pipe = ::popen(compile.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  std::array<char, 512> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe) != nullptr) output += buffer.data();
  EXPECT_EQ(::pclose(pipe), 0) << output;
}

TEST(FieldReads, EveryIncludedFileOfTheRootsIsCopied) {
  const auto r = sample_request("use.cpp");
  const auto result = smallscope::instrument::collect(r);
  EXPECT_EQ(result.files.count(sample + "/lib/plain.hpp"), 1u);  // no member read in it
}

// A header outside the roots that reads the roots' fields is left as it is, and said: the search
// would not see what an invariant there reads. The sample's own units have no such read.
TEST(FieldReads, ReadsOutsideTheRootsAreNamed) {
  auto r = sample_request("use_outside.cpp");
  const auto result = smallscope::instrument::collect(r);
  ASSERT_EQ(result.unobserved.size(), 1u);
  const auto& [path, u] = *result.unobserved.begin();
  EXPECT_EQ(path, sample + "/outside/peek.hpp");
  EXPECT_EQ(u.line, 7u);
  EXPECT_EQ(u.member, "sample::node::left");
  EXPECT_EQ(u.count, 2u);
  EXPECT_EQ(result.files.count(sample + "/outside/peek.hpp"), 0u);  // not rewritten
  r.sources = {sample + "/src/use.cpp"};
  EXPECT_TRUE(smallscope::instrument::collect(r).unobserved.empty());
  // The tool says so, and still writes the copies.
  const std::string out = ::testing::TempDir() + "/instrument_outside";
  std::filesystem::remove_all(out);
  const ran tool = run_tool("--root " + sample + "/lib --root " + sample + "/src --out " + out + " " + sample +
                            "/src/use_outside.cpp -- -std=c++20 -I" + sample + "/lib");
  EXPECT_EQ(tool.status, 0) << tool.output;
  EXPECT_TRUE(has(tool.output, sample + "/outside/peek.hpp:7:")) << tool.output;
  EXPECT_TRUE(has(tool.output, "warning: reads sample::node::left (and 1 more reads)")) << tool.output;
  EXPECT_TRUE(has(tool.output, "add its directory to the roots")) << tool.output;
  std::filesystem::remove_all(out);
}

TEST(FieldReads, KeepsTheOriginalLines) {
  const std::string text = rewritten_sample();
  EXPECT_EQ(text.rfind("#include <smallscope/rewritten/instrument.hpp>", 0), 0u) << text;
  EXPECT_TRUE(has(text, "#line 1 \"" + sample + "/lib/sample.hpp\"\n// Input of")) << text;
}

TEST(FieldReads, BadInputIsExitTwoWithAMessage) {
  const ran no_root = run_tool("--out /tmp/x " + sample + "/src/use.cpp");
  EXPECT_EQ(no_root.status, 2);
  EXPECT_TRUE(has(no_root.output, "give at least one --root DIR")) << no_root.output;
  const ran outside = run_tool("--root " + sample + "/lib --out /tmp/x " + sample + "/src/use.cpp");
  EXPECT_EQ(outside.status, 2);
  EXPECT_TRUE(has(outside.output, "is under no --root")) << outside.output;
  const ran ours = run_tool("--root " SMALLSCOPE_SOURCE_DIR "/include --out /tmp/x " + sample + "/src/use.cpp");
  EXPECT_EQ(ours.status, 2);
  EXPECT_TRUE(has(ours.output, "holds smallscope's own headers")) << ours.output;
  const ran broken = run_tool("--root " + sample + "/src --out /tmp/x " + sample + "/src/use.cpp -- -std=c++20");
  EXPECT_EQ(broken.status, 2);
  EXPECT_TRUE(has(broken.output, "does not compile with the arguments given")) << broken.output;
  EXPECT_TRUE(has(broken.output, "' file not found")) << broken.output;
  // Its own copies are never rewritten again: an --out inside a root, read back as a root.
  const std::string out = ::testing::TempDir() + "instrument_twice";
  const ran once = run_tool("--root " + sample + "/lib --root " + sample + "/src --out " + out + " " + sample +
                            "/src/use.cpp -- -std=c++20 -I" + sample + "/lib");
  EXPECT_EQ(once.status, 0) << once.output;
  const ran twice = run_tool("--root " + out + "/0 --root " + out + "/1 --out " + out + "2 " + out +
                             "/1/use.cpp -- -std=c++20 -I" + out + "/0");
  EXPECT_EQ(twice.status, 2) << twice.output;
  EXPECT_TRUE(has(twice.output, "is already a copy smallscope-instrument wrote")) << twice.output;
  // A copy that would be its own source, named by relative paths (`--root o/0 --out o`): refused,
  // the source left as it was.
  const std::string in_place = ::testing::TempDir() + "instrument_in_place";
  std::filesystem::remove_all(in_place);
  std::filesystem::create_directories(in_place + "/o/0");
  const std::string source = "struct s { int x; };\nint f(s& v) { return v.x; }\n";
  std::ofstream(in_place + "/o/0/use.cpp") << source;
  const ran itself = run_tool("--root o/0 --out o o/0/use.cpp -- -std=c++20", in_place);
  EXPECT_EQ(itself.status, 2) << itself.output;
  EXPECT_TRUE(has(itself.output, "the file itself: give an --out directory outside the roots")) << itself.output;
  std::ifstream kept(in_place + "/o/0/use.cpp");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(kept), std::istreambuf_iterator<char>()), source);
  // A call that does not compile says why: the notes after the error (the constraint a candidate
  // does not satisfy), not only "no matching member function".
  const std::string bad_dir = ::testing::TempDir() + "instrument_bad";
  std::filesystem::create_directories(bad_dir);
  std::ofstream(bad_dir + "/bad.cpp") << "#include <smallscope/finitization.hpp>\n"
                                         "struct chunk { int count = 0; int keys[4]; chunk* next = nullptr; };\n"
                                         "SMALLSCOPE_FIELDS(chunk, count, keys, next)\n"
                                         "void fin(smallscope::finitization& f) {\n"
                                         "  f.set_counted(&chunk::keys, &chunk::next, smallscope::ints(0, 3));\n"
                                         "}\n";
  const ran bad = run_tool("--root " + bad_dir + " --out " + bad_dir + "_out " + bad_dir +
                           "/bad.cpp -- -std=c++20 -I" SMALLSCOPE_SOURCE_DIR "/include");
  EXPECT_EQ(bad.status, 2) << bad.output;
  EXPECT_TRUE(has(bad.output, "no matching member function for call to 'set_counted'")) << bad.output;
  EXPECT_TRUE(has(bad.output, "note: ")) << bad.output;
  EXPECT_TRUE(has(bad.output, "count_member")) << bad.output;
  const ran unknown = run_tool("--frobnicate");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_TRUE(has(unknown.output, "unknown option '--frobnicate'")) << unknown.output;
  EXPECT_EQ(run_tool("--help").status, 0);
}
