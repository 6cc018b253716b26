// Field extensions in one sorted form (paper 004, Definition 1).
#include "fe/extensions.hpp"

#include <algorithm>
#include <cctype>
#include <tuple>

namespace smallscope::fe {

namespace {

// "Node$12" -> ("Node$", 12, ""); "-3" -> ("", -3, ""); "null" -> ("null", -1, "").
std::tuple<std::string, long long, std::string> natural_key(const std::string& s) {
  std::size_t end = s.size();
  std::size_t begin = end;
  while (begin > 0 && std::isdigit(static_cast<unsigned char>(s[begin - 1])) != 0) --begin;
  if (begin == end || end - begin > 15) return {s, -1, ""};
  long long number = std::stoll(s.substr(begin, end - begin));
  std::string prefix = s.substr(0, begin);
  if (prefix == "-") return {"", -number, ""};
  return {prefix, number, ""};
}

}  // namespace

void normalize(extensions& e) {
  for (auto& f : e.fields) {
    std::sort(f.pairs.begin(), f.pairs.end(), [](const auto& x, const auto& y) {
      auto kx = natural_key(x.first), ky = natural_key(y.first);
      if (kx != ky) return kx < ky;
      // null first, then by natural order
      if ((x.second == "null") != (y.second == "null")) return x.second == "null";
      return natural_key(x.second) < natural_key(y.second);
    });
    f.pairs.erase(std::unique(f.pairs.begin(), f.pairs.end()), f.pairs.end());
  }
}

std::vector<std::size_t> prune_cover(const std::vector<std::vector<std::uint32_t>>& pairs_of, std::size_t pair_count) {
  std::vector<std::uint32_t> count(pair_count, 0);
  for (const auto& pairs : pairs_of)
    for (auto id : pairs) ++count[id];
  std::vector<bool> keep(pairs_of.size(), true);
  for (std::size_t i = pairs_of.size(); i-- > 0;) {
    bool needed = false;
    for (auto id : pairs_of[i]) needed = needed || count[id] == 1;
    if (needed) continue;
    keep[i] = false;
    for (auto id : pairs_of[i]) --count[id];
  }
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < pairs_of.size(); ++i) {
    if (keep[i]) out.push_back(i);
  }
  return out;
}

}  // namespace smallscope::fe
