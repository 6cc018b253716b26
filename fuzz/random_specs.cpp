// Random spec predicates for the differential test of compiled specs against the evaluators
// (tests/spec/compiled_fuzz_test.cpp; paper 003, Sec. 3: the spec language): quantifiers of one
// and two variables over a subject's objects, formulas whose guards read the bound variables,
// some of them, or none (the shape that once lost structures: a guard's reads decide every
// instance below it only while it holds). Deterministic: the same seed writes the same file.
//
//   smallscope-random-specs SUBJECT SEED COUNT > file.als    (SUBJECT: SearchTree or RedBlackTree)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

struct subject_sigs {
  const char* name;
  const char* sigs;                   // the sigs, as the subject's finitization names them
  std::vector<const char*> domains;   // sets of nodes a quantifier ranges over
  std::vector<const char*> closed;    // atoms that read no bound variable
  std::vector<const char*> one;       // atoms over the variable V
  std::vector<const char*> two;       // atoms over the variables V and W
  const char* scope;
};

const subject_sigs search_tree{
    "SearchTree",
    "sig SearchTree {\n  root: lone Node,\n  size: one Int\n}\n\n"
    "sig Node {\n  left: lone Node,\n  right: lone Node,\n  info: one Int\n}\n",
    {"root.^left", "root.*(left + right)", "root.^(left + right)", "root.left.*right", "root.*right"},
    {"root.info = size", "some root.left", "no root.right", "size > 1", "root.info < 1", "some root",
     "#root.*(left + right) = size"},
    {"some V.left", "no V.right", "V.info = size", "V.info > 0", "V in root.^left", "some V.left.left",
     "V.info = root.info"},
    {"V.info != W.info", "V in W.^left", "some (V.left & W)", "V.info < W.info", "V = W", "W in V.*(left + right)",
     "V.left = W.right"},
    "exactly 1 SearchTree, exactly 3 Node, 3 Int"};

const subject_sigs red_black_tree{
    "RedBlackTree",
    "sig RedBlackTree {\n  root: lone Node,\n  size: one Int\n}\n\n"
    "sig Node {\n  left: lone Node,\n  right: lone Node,\n  parent: lone Node,\n  color: one Int,\n"
    "  key: one Int,\n  value: one Int\n}\n",
    {"root.^(parent + left)", "root.*(left + right)", "root.^(left + right)", "root.^left", "root.*parent"},
    {"root.key = root.color", "some root.left", "no root.parent", "size > 1", "root.color = 1", "some root",
     "#root.*(left + right) = size"},
    {"some V.parent", "no V.left", "V.color = 0", "V.key = size", "V.key > V.color", "V in root.^right",
     "some V.left.parent", "V.parent = root"},
    {"some (V.parent & W)", "V.key != W.key", "V in W.^left", "V.color = W.color", "V = W", "W.parent = V",
     "V.key < W.key"},
    "exactly 1 RedBlackTree, exactly 3 Node, 3 Int"};

class generator {
 public:
  generator(const subject_sigs& s, std::uint64_t seed) : s_(s), random_(seed) {}

  std::string predicate(int k) {
    const bool two = pick(2) == 1;
    const char* quantifiers[] = {"all", "all", "some", "no"};
    std::string q = quantifiers[pick(4)];
    std::string vars = two ? (pick(4) == 0 ? "disj x, y" : "x, y") : "x";
    std::string body;
    // The guard: over no variable, the first only, or (with two) both.
    const int guard_kind = static_cast<int>(pick(two ? 3 : 2));
    const std::string guard = guard_kind == 0 ? closed() : guard_kind == 1 ? over_one("x") : over_two("x", "y");
    const std::string then = two ? (pick(2) == 0 ? over_two("x", "y") : over_one("y")) : over_one("x");
    switch (pick(4)) {
      case 0: body = guard + " => " + then; break;
      case 1: body = guard + " and " + then; break;
      case 2: body = guard + " or " + then; break;
      default: body = "not (" + guard + ") => (" + then + " or " + closed() + ")"; break;
    }
    std::string text = "pred " + std::string(s_.name) + ".r" + std::to_string(k) + " {\n  " + q + " " + vars + ": " +
                       s_.domains[pick(s_.domains.size())] + " | " + body + "\n";
    if (pick(3) == 0) text += "  " + closed() + " => " + closed() + "\n";  // a second constraint, closed
    return text + "}\n";
  }

  const subject_sigs& sigs() const { return s_; }

 private:
  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random_); }
  std::string closed() { return s_.closed[pick(s_.closed.size())]; }
  static std::string with(std::string atom, const std::string& v, const std::string& w) {
    for (std::size_t at; (at = atom.find('V')) != std::string::npos;) atom.replace(at, 1, v);
    for (std::size_t at; (at = atom.find('W')) != std::string::npos;) atom.replace(at, 1, w);
    return atom;
  }
  std::string over_one(const std::string& v) { return with(s_.one[pick(s_.one.size())], v, v); }
  std::string over_two(const std::string& v, const std::string& w) {
    return pick(2) == 0 ? with(s_.two[pick(s_.two.size())], v, w) : over_one(v) + " and " + over_one(w);
  }

  const subject_sigs& s_;
  std::mt19937_64 random_;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fputs("usage: smallscope-random-specs SearchTree|RedBlackTree SEED COUNT > file.als\n", stderr);
    return 2;
  }
  const std::string name = argv[1];
  const subject_sigs* s = name == "SearchTree" ? &search_tree : name == "RedBlackTree" ? &red_black_tree : nullptr;
  char* end = nullptr;
  const std::uint64_t seed = std::strtoull(argv[2], &end, 10);
  const long count = std::strtol(argv[3], nullptr, 10);
  if (s == nullptr || *end != '\0' || count < 1 || count > 100000) {
    std::fputs("smallscope-random-specs: SUBJECT is SearchTree or RedBlackTree, SEED a number, COUNT 1..100000\n",
               stderr);
    return 2;
  }
  generator g(*s, seed);
  std::string out = "// Generated by fuzz/random_specs.cpp: smallscope-random-specs " + name + " " + argv[2] + " " +
                    argv[3] + ".\n// Random predicates for tests/spec/compiled_fuzz_test.cpp; not invariants of "
                    "anything.\nmodule random_" + name + "\n\n" + s->sigs + "\n";
  for (long k = 0; k < count; ++k) out += g.predicate(static_cast<int>(k)) + "\n";
  for (long k = 0; k < count; ++k) out += "run r" + std::to_string(k) + " for " + s->scope + "\n";
  std::fputs(out.c_str(), stdout);
  return 0;
}
