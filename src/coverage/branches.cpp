// The registry of branch tables and the coverage read from them (paper 001, Sec. 5). See
// include/smallscope/rewritten/branches.hpp.
#include "smallscope/rewritten/branches.hpp"

#include <algorithm>

namespace smallscope {

namespace {

std::vector<branch_table*>& tables() {
  static std::vector<branch_table*> all;
  return all;
}

}  // namespace

branch_table::branch_table(const char* file, std::initializer_list<branch_condition_site> sites)
    : file_(file), sites_(sites), taken_(2 * sites.size(), 0) {
  tables().push_back(this);
}

bool branches::instrumented() { return !tables().empty(); }

void branches::reset() {
  for (branch_table* t : tables()) std::fill(t->taken_.begin(), t->taken_.end(), 0);
}

branch_vector branches::taken() {
  branch_vector v;
  v.reserve(size());
  for (const branch_table* t : tables()) v.insert(v.end(), t->taken_.begin(), t->taken_.end());
  return v;
}

void branches::record(const branch_vector& v) {
  std::size_t at = 0;
  for (branch_table* t : tables())
    for (auto& outcome : t->taken_) {
      if (at < v.size() && v[at] != 0) outcome = 1;
      ++at;
    }
}

std::size_t branches::size() {
  std::size_t n = 0;
  for (const branch_table* t : tables()) n += t->taken_.size();
  return n;
}

std::vector<function_branches> branches::by_function(const branch_vector& v) {
  std::vector<function_branches> out;
  std::size_t at = 0;
  for (const branch_table* t : tables())
    for (const auto& site : t->sites()) {
      auto f = std::find_if(out.begin(), out.end(),
                            [&](const function_branches& g) { return g.function == site.function && g.file == t->file(); });
      if (f == out.end()) {
        out.push_back({t->file(), site.function, 0, 0});
        f = out.end() - 1;
      }
      for (int outcome = 0; outcome < 2; ++outcome, ++at) {
        f->branches += 1;
        f->covered += at < v.size() && v[at] != 0 ? 1 : 0;
      }
    }
  return out;
}

const branch_condition_site* branches::site(std::size_t outcome, const char** file) {
  std::size_t at = outcome / 2;
  for (const branch_table* t : tables()) {
    if (at < t->sites().size()) {
      if (file != nullptr) *file = t->file();
      return &t->sites()[at];
    }
    at -= t->sites().size();
  }
  return nullptr;
}

std::string branches::describe(std::size_t outcome) {
  const branch_condition_site* s = site(outcome);
  if (s == nullptr) return "?";
  std::string f = s->function;
  const auto colon = f.rfind("::");
  if (colon != std::string::npos) f = f.substr(colon + 2);
  return f + ":" + std::to_string(s->line) + ":" + std::to_string(s->column) + " `" + s->text + "` " +
         (outcome % 2 == 1 ? "true" : "false");
}

void branches::add(branch_vector& a, const branch_vector& b) {
  if (a.size() < b.size()) a.resize(b.size(), 0);
  for (std::size_t i = 0; i < b.size(); ++i) a[i] |= b[i];
}

}  // namespace smallscope
