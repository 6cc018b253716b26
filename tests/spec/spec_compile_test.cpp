// The translation of a spec's run predicate to C++ (src/compile/emit.hpp) and its tool,
// smallscope-spec-compile: what it refuses is named with the spec's line and column and the way
// out, exit code 2; what it takes becomes a file that registers the predicate with its fields.
// (That the generated code judges as the evaluators do is compiled_spec_test.cpp's.)
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "compile/emit.hpp"
#include "smallscope/compiled_spec.hpp"
#include "spec_front/load.hpp"

namespace smallscope::compile {
namespace {

constexpr const char* list_sigs =
    "sig T { root: lone N, size: one Int }\n"
    "sig N { next: lone N, key: one Int }\n";

std::string emit(const std::string& text, const std::string& run = "") {
  const spec::module m = spec::load_text(text, "t.als");
  emit_options o;
  o.run = run;
  o.file_label = "t.als";
  o.text = text;
  return emit_cpp(m, o);
}

struct refusal {
  spec::position at;
  std::string what;
};

refusal refused(const std::string& text) {
  try {
    emit(text);
  } catch (const untranslatable& e) {
    return {e.at(), e.what()};
  }
  ADD_FAILURE() << "translated:\n" << text;
  return {};
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }



TEST(SpecCompile, RefusesAWholeSigAsASetAtItsPlace) {
  const refusal r = refused(std::string(list_sigs) + "pred T.inv { all n: N | n !in n.^next }\nrun inv for exactly 1 T, 3 N\n");
  EXPECT_EQ(r.at.line, 3u);
  EXPECT_EQ(r.at.column, 21u);
  EXPECT_TRUE(has(r.what, "sig N as a set")) << r.what;
  EXPECT_TRUE(has(r.what, "judge the spec with the evaluators")) << r.what;
}

TEST(SpecCompile, RefusesWhatItDoesNotModelNamingIt) {
  // a pre-state field
  EXPECT_TRUE(has(refused(std::string(list_sigs) + "pred T.inv { no root`.next }\nrun inv for 3\n").what, "pre-state"));
  // a field that must hold an object on every atom
  const refusal one = refused("sig T { root: lone N }\nsig N { next: N }\npred T.inv { some root }\nrun inv for 3\n");
  EXPECT_EQ(one.at.line, 2u);
  EXPECT_TRUE(has(one.what, "declare it `lone N`")) << one.what;
  // a sig hierarchy
  EXPECT_TRUE(has(refused("sig T { root: lone A }\nabstract sig A {}\nsig B extends A {}\npred T.inv { some root }\n"
                          "run inv for 3\n")
                      .what,
                  "abstract or extends"));
  // a set of several integers
  EXPECT_TRUE(has(refused(std::string(list_sigs) + "pred T.inv { root.*next.key = root.key }\nrun inv for 3\n").what,
                  "set of integers"));
  // an inline run and a predicate without receiver
  EXPECT_TRUE(has(refused(std::string(list_sigs) + "run { some T } for 3\n").what, "inline"));
  EXPECT_TRUE(has(refused(std::string(list_sigs) + "pred inv[t: T] { some t.root }\nrun inv for 3\n").what, "receiver"));
  // an aux field (the solver's, which C++ objects do not have)
  const refusal aux = refused("sig T { root: lone N }\nsig N { next: lone N, aux depth: one Int }\n"
                              "pred T.inv { some root }\nrun inv for 3\n");
  EXPECT_EQ(aux.at.line, 2u);
  EXPECT_EQ(aux.at.column, 27u);
  EXPECT_TRUE(has(aux.what, "field depth of sig N is aux")) << aux.what;
  // a set where a parameter takes one object
  EXPECT_TRUE(has(refused(std::string(list_sigs) + "pred N.last { no next }\npred T.inv { root.*next.last }\n"
                          "run inv for 3\n")
                      .what,
                  "must be one object"));
}

TEST(SpecCompile, WritesTheFieldsItReadsAndRegistersThePredicate) {
  const std::string text = std::string(list_sigs) +
                           "pred T.inv { all n: root.*next | n !in n.^next and n.key >= 0\n  size = #root.*next }\n"
                           "run inv for exactly 1 T, exactly 3 N\n";
  const std::string cpp = emit(text);
  EXPECT_TRUE(has(cpp, "{\"T\", \"root\", true}")) << cpp;
  EXPECT_TRUE(has(cpp, "{\"N\", \"next\", true}"));
  EXPECT_TRUE(has(cpp, "{\"N\", \"key\", false}"));
  EXPECT_TRUE(has(cpp, "{\"T\", \"size\", false}"));
  EXPECT_TRUE(has(cpp, "\"pred T.inv { all n: root.*next | n !in n.^next and n.key >= 0\\n\""));
  EXPECT_TRUE(has(cpp, "register_compiled_spec(spec)"));
  EXPECT_TRUE(has(cpp, "#line 3 \"t.als\""));
  // The list idiom (one field): the walk that stops at the first object met again.
  EXPECT_TRUE(has(cpp, "f.tree("));
}

// The tool: exit 0 and a file; exit 2 with file:line:col for what it refuses and for bad usage.
struct run_result {
  int code = 0;
  std::string err;
};

run_result run_tool(const std::string& arguments) {
  const std::string err_file = testing::TempDir() + "spec_compile_err.txt";
  const std::string command = std::string(SMALLSCOPE_SPEC_COMPILE) + " " + arguments + " 2>" + err_file;
  const int status = std::system(command.c_str());
  run_result r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(err_file);
  std::stringstream s;
  s << in.rdbuf();
  r.err = s.str();
  return r;
}

TEST(SpecCompile, TheToolWritesTheFileOrSaysWhereAndExitsWith2) {
  const std::string dir = testing::TempDir();
  const std::string good = dir + "good.als", bad = dir + "bad.als", out = dir + "good.cpp";
  std::ofstream(good) << list_sigs << "pred T.inv { some root }\nrun inv for 3\n";
  std::ofstream(bad) << list_sigs << "pred T.inv { all n: N | some n.next }\nrun inv for 3\n";
  std::remove(out.c_str());
  EXPECT_EQ(run_tool(good + " -o " + out).code, 0);
  EXPECT_TRUE(std::ifstream(out).good());
  const run_result refused_run = run_tool(bad + " -o " + dir + "bad.cpp");
  EXPECT_EQ(refused_run.code, 2);
  EXPECT_TRUE(has(refused_run.err, bad + ":3:21: error: sig N as a set")) << refused_run.err;
  const run_result missing = run_tool(good);
  EXPECT_EQ(missing.code, 2);
  EXPECT_TRUE(has(missing.err, "-o OUT.cpp")) << missing.err;
  const run_result no_run = run_tool(good + " -o " + out + " --run nothing");
  EXPECT_EQ(no_run.code, 2);
  EXPECT_TRUE(has(no_run.err, "nothing")) << no_run.err;
  const run_result spec_mistake = run_tool(good + "x -o " + out);
  EXPECT_EQ(spec_mistake.code, 2);
}

}  // namespace
}  // namespace smallscope::compile
