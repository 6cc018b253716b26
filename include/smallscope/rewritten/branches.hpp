// Branch coverage at the source level (paper 001, Sec. 5: the criterion of its suites). A file
// rewritten by `smallscope-mutants FILE --method M --branches OUT` defines one branch_table with
// a row per condition of the code under test, and each condition calls hit() with its outcome.
// A program built from such files reads which outcomes its runs took: reset, run, take.
//
//   smallscope::branches::reset();
//   t.remove(3);
//   const smallscope::branch_vector v = smallscope::branches::taken();  // outcomes of that run
//   for (const auto& f : smallscope::branches::by_function(v)) ...     // covered per function
// Stage: coverage.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace smallscope {

// One condition: where it is and what it says.
struct branch_condition_site {
  const char* function;  // qualified: "subjects::red_black_tree::tree::delete_entry"
  unsigned line;
  unsigned column;
  const char* text;
};

// The conditions of one instrumented file. Condition i has outcomes 2i (false) and 2i + 1 (true).
class branch_table {
 public:
  branch_table(const char* file, std::initializer_list<branch_condition_site> sites);
  bool hit(std::size_t condition, bool outcome) {
    taken_[2 * condition + (outcome ? 1 : 0)] = 1;
    return outcome;
  }
  const char* file() const { return file_; }
  const std::vector<branch_condition_site>& sites() const { return sites_; }

 private:
  friend struct branches;
  const char* file_;
  std::vector<branch_condition_site> sites_;
  std::vector<std::uint8_t> taken_;
};

// The outcomes taken, over every table of the program in registration order: 1 where taken.
using branch_vector = std::vector<std::uint8_t>;

struct function_branches {
  std::string file;
  std::string function;
  unsigned branches = 0;  // outcomes: twice the conditions
  unsigned covered = 0;
};

struct branches {
  // Whether this program has any instrumented file.
  static bool instrumented();
  // Forgets every outcome taken.
  static void reset();
  // The outcomes taken since the last reset.
  static branch_vector taken();
  // Marks the outcomes set in `v` as taken (what a worker process took, recorded in its
  // supervisor's tables); outcomes past this program's are ignored.
  static void record(const branch_vector& v);
  // The number of outcomes (twice the conditions).
  static std::size_t size();
  // Per function, in the tables' order: its outcomes and how many of them `v` covers.
  static std::vector<function_branches> by_function(const branch_vector& v);
  // Condition and outcome of outcome index i: "delete_entry:241:9 `p->left != nullptr` true".
  static std::string describe(std::size_t outcome);
  // The file of outcome index i's condition (its table's) and the condition; nullptr past the end.
  static const branch_condition_site* site(std::size_t outcome, const char** file = nullptr);
  // a |= b.
  static void add(branch_vector& a, const branch_vector& b);
};

}  // namespace smallscope
