// Hash-consed AND gates with negated edges (paper 004, Sec. 3; Kodkod's shared circuits).
#include "sat/circuit.hpp"

#include <algorithm>

namespace smallscope::sat {

circuit::circuit() { gates_.push_back(gate_span{}); }

lit circuit::variable() {
  auto n = static_cast<std::uint32_t>(inputs_.size());
  gates_.push_back(gate_span{n, n});
  return static_cast<lit>((gates_.size() - 1) * 2);
}

std::size_t circuit::key_hash::operator()(const std::vector<lit>& k) const {
  std::size_t h = k.size() * 0x9e3779b97f4a7c15ull;
  for (lit l : k) h = (h ^ l) * 0x100000001b3ull + (h >> 29);
  return h;
}

lit circuit::and_(lit a, lit b) {
  lit two[2] = {a, b};
  return and_(std::span<const lit>(two, 2));
}

lit circuit::and_(std::span<const lit> in) {
  if ((++asked_ & 0xffffu) == 0 && stop_requested(stop_)) throw translation_stopped{};
  scratch_.clear();
  for (lit l : in) {
    if (l == lit_false) return lit_false;
    if (l == lit_true) continue;
    scratch_.push_back(l);
  }
  std::sort(scratch_.begin(), scratch_.end());
  scratch_.erase(std::unique(scratch_.begin(), scratch_.end()), scratch_.end());
  for (std::size_t i = 1; i < scratch_.size(); ++i) {
    if (scratch_[i] == negate(scratch_[i - 1])) return lit_false;  // x and not x: sorted next to each other
  }
  if (scratch_.empty()) return lit_true;
  if (scratch_.size() == 1) return scratch_[0];
  auto [it, inserted] = table_.try_emplace(scratch_, static_cast<std::uint32_t>(gates_.size()));
  if (!inserted) return it->second * 2;
  auto first = static_cast<std::uint32_t>(inputs_.size());
  inputs_.insert(inputs_.end(), scratch_.begin(), scratch_.end());
  gates_.push_back(gate_span{first, static_cast<std::uint32_t>(inputs_.size())});
  return it->second * 2;
}

lit circuit::or_(std::span<const lit> in) {
  std::vector<lit> negated(in.begin(), in.end());
  for (lit& l : negated) l = negate(l);
  return negate(and_(negated));
}

lit circuit::iff(lit a, lit b) {
  if (a == b) return lit_true;
  if (a == negate(b)) return lit_false;
  return and_(implies(a, b), implies(b, a));
}

lit circuit::ite(lit c, lit t, lit e) {
  if (c == lit_true) return t;
  if (c == lit_false) return e;
  if (t == e) return t;
  return or_(and_(c, t), and_(negate(c), e));
}

}  // namespace smallscope::sat
