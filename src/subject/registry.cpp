// The subject registry behind SMALLSCOPE_SUBJECT. See subject.hpp.
#include <algorithm>
#include <mutex>

#include "smallscope/subject.hpp"

namespace smallscope {
namespace {

std::vector<subject (*)()>& factories() {
  static std::vector<subject (*)()> f;
  return f;
}

}  // namespace

bool register_subject(subject (*factory)()) {
  factories().push_back(factory);
  return true;
}

const std::vector<subject>& subjects() {
  static const std::vector<subject> all = [] {
    std::vector<subject> v;
    for (auto* f : factories()) v.push_back(f());
    std::sort(v.begin(), v.end(), [](const subject& a, const subject& b) { return a.name < b.name; });
    return v;
  }();
  return all;
}

const subject* find_subject(std::string_view name) {
  for (const auto& s : subjects())
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace smallscope
