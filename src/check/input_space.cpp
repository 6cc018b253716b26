// Argument tuples of a target method. See input_space.hpp.
#include "check/input_space.hpp"

#include <limits>

namespace smallscope::detail {

argument_tuples::argument_tuples(const target_method& method, const state_space& space) {
  for (const auto& d : method.arguments) {
    std::vector<std::int64_t> values, integers;
    std::vector<std::string> texts;
    if (d.class_domain.empty()) {  // integers, or strings by their index
      for (std::size_t k = 0; k < d.integers.size(); ++k) {
        values.push_back(d.value(k));
        integers.push_back(d.integers[k]);
        texts.push_back(d.text(k));
      }
    } else {
      if (d.null_allowed) {
        values.push_back(0);
        integers.push_back(-1);
        texts.emplace_back("null");
      }
      std::int64_t id = -1;
      for (std::size_t c = 0; c < space.data().class_domains.size(); ++c)
        if (space.data().class_domains[c].name == d.class_domain) id = static_cast<std::int64_t>(c);
      if (id < 0)
        throw finitization_error("method " + method.name + ": no class domain '" + d.class_domain +
                                 "' in the finitization");
      for (std::uint32_t o = 0; o < space.objects().size(); ++o) {
        const auto& obj = space.objects()[o];
        if (obj.class_domain != static_cast<std::uint32_t>(id)) continue;
        values.push_back(static_cast<std::int64_t>(reinterpret_cast<std::uintptr_t>(space.arena() + obj.offset)));
        integers.push_back(obj.index);
        texts.push_back(space.object_label(o));
      }
    }
    if (values.empty()) throw finitization_error("method " + method.name + ": an argument has an empty domain");
    if (count_ > std::numeric_limits<std::uint64_t>::max() / values.size())
      throw finitization_error("method " + method.name + ": too many argument tuples");
    count_ *= values.size();
    values_.push_back(std::move(values));
    texts_.push_back(std::move(texts));
    integers_.push_back(std::move(integers));
  }
}

std::size_t argument_tuples::digit(std::uint64_t t, std::size_t a) const {
  for (std::size_t b = values_.size(); b-- > a + 1;) t /= values_[b].size();
  return static_cast<std::size_t>(t % values_[a].size());
}

void argument_tuples::values(std::uint64_t t, std::vector<std::int64_t>& out) const {
  out.resize(values_.size());
  for (std::size_t a = 0; a < values_.size(); ++a) out[a] = values_[a][digit(t, a)];
}

void argument_tuples::describe(std::uint64_t t, std::vector<std::string>& texts,
                               std::vector<std::int64_t>& integers) const {
  texts.clear();
  integers.clear();
  for (std::size_t a = 0; a < values_.size(); ++a) {
    texts.push_back(texts_[a][digit(t, a)]);
    integers.push_back(integers_[a][digit(t, a)]);
  }
}

}  // namespace smallscope::detail
