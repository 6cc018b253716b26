// The rows of bench/korat-counts.tsv (Korat 1.0's own examples and counts), for the tests that
// run the search on them (korat_counts_test.cpp, parallel_search_test.cpp).
#pragma once

#include <cstdint>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "smallscope/subject.hpp"

namespace korat_rows {

struct korat_row {
  std::string subject;
  std::string fin;  // "n" (Korat's finX(n)) or the long form "p1,p2,..."
  std::uint64_t valid;
  std::uint64_t explored;
};

inline std::ostream& operator<<(std::ostream& os, const korat_row& r) { return os << r.subject << " " << r.fin; }

// The rows with at most `max_explored` candidates.
inline std::vector<korat_row> rows_up_to(std::uint64_t max_explored) {
  std::ifstream in(SMALLSCOPE_KORAT_COUNTS);
  std::vector<korat_row> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    korat_row r;
    std::string seconds;
    fields >> r.subject >> r.fin >> r.valid >> r.explored >> seconds;
    if (r.explored <= max_explored) rows.push_back(r);
  }
  return rows;
}

// The finitization parameters of a row's fin for subject s.
inline std::vector<std::int64_t> parameters(const smallscope::subject& s, const std::string& fin) {
  if (fin.find(',') == std::string::npos) return s.scope(std::stoll(fin));
  std::vector<std::int64_t> p;
  std::istringstream in(fin);
  for (std::string part; std::getline(in, part, ',');) p.push_back(std::stoll(part));
  return p;
}

// "Subject_fin", commas as underscores: a test name.
inline std::string name_of(const korat_row& r) {
  std::string name = r.subject + "_" + r.fin;
  for (char& c : name)
    if (c == ',') c = '_';
  return name;
}

}  // namespace korat_rows
