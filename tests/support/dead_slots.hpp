// Poisons what lies past the counts of a structure (the slots a finitization's set_counted says
// are no part of it) and checks that nothing of smallscope reads them: for every valid input of a
// method, run in this process, the post-state's slots past each count are filled with 0x5a bytes
// (a wild pointer, a garbage key) right after the oracle; its picture, fingerprint and canonical
// form must be those of the unpoisoned post-state, and the harness's release and leak check run
// on it as usual (a walk that followed a wild pointer would crash the test).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "smallscope/check.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/live_part.hpp"
#include "smallscope/search.hpp"
#include "space/state_space.hpp"

namespace dead_slots {

// Fills every element past its count, in every object of the graph, with 0x5a bytes.
inline std::size_t poison(const smallscope::live_part& live, const smallscope::object_graph& g) {
  std::size_t bytes = 0;
  for (const auto& o : g.objects)
    for (const auto& a : live.arrays()) {
      if (a.owner != o.type) continue;
      auto* object = static_cast<unsigned char*>(const_cast<void*>(o.address));
      const std::size_t n = live.live_elements(a.owner, object, object + a.array_offset, a.size);
      std::memset(object + a.array_offset + n * a.element_bytes, 0x5a, (a.size - n) * a.element_bytes);
      bytes += (a.size - n) * a.element_bytes;
    }
  return bytes;
}

struct seen {
  const smallscope::target_method* method = nullptr;
  const smallscope::live_part* live = nullptr;
  std::size_t poisoned_bytes = 0;
  std::size_t mismatches = 0;
};

inline void poison_post_state(void* context, const void* now) {
  auto& s = *static_cast<seen*>(context);
  const smallscope::object_graph before = s.method->describe(now);
  const auto fingerprint = s.method->fingerprint(now);
  const auto form = s.method->canonical(now);
  s.poisoned_bytes += poison(*s.live, before);
  const smallscope::object_graph after = s.method->describe(now);
  bool same = after.objects.size() == before.objects.size() && s.method->fingerprint(now) == fingerprint &&
              s.method->canonical(now) == form;
  for (std::size_t i = 0; same && i < after.objects.size(); ++i) {
    same = after.objects[i].fields.size() == before.objects[i].fields.size();
    for (std::size_t f = 0; same && f < after.objects[i].fields.size(); ++f)
      same = after.objects[i].fields[f].name == before.objects[i].fields[f].name &&
             after.objects[i].fields[f].value.integer == before.objects[i].fields[f].value.integer &&
             after.objects[i].fields[f].value.target == before.objects[i].fields[f].value.target;
  }
  if (!same) ++s.mismatches;
}

// Runs `method` on every valid structure of `fin` with every tuple of its integer arguments,
// once as it is and once with its post-state poisoned: the same outcome each time, and the
// walks of the poisoned post-state see what they saw before. Returns the bytes poisoned.
template <class Invariant>
std::size_t expect_dead_slots_unread(const smallscope::finitization& fin, Invariant invariant,
                                     const smallscope::target_method& method) {
  const smallscope::live_scope in_force(fin.live());
  seen s{&method, &fin.live(), 0, 0};
  const smallscope::run_hooks hooks{&s, nullptr, &poison_post_state, nullptr};
  std::vector<std::int64_t> args(method.arguments.size());
  std::uint64_t inputs = 0;
  for (const auto& st : smallscope::structures(fin, invariant)) {
    // Every tuple of the argument domains, the last fastest.
    std::vector<std::size_t> at(args.size(), 0);
    while (true) {
      for (std::size_t i = 0; i < args.size(); ++i) args[i] = method.arguments[i].integers[at[i]];
      const auto plain = method.call(st.space().root(), args);
      const auto poisoned = method.call(st.space().root(), args, &hooks);
      EXPECT_EQ(poisoned.kind, plain.kind) << "input " << inputs << ": " << poisoned.detail;
      ++inputs;
      std::size_t i = args.size();
      while (i > 0 && ++at[i - 1] == method.arguments[i - 1].integers.size()) at[--i] = 0;
      if (i == 0) break;
    }
  }
  EXPECT_GT(inputs, 0u);
  EXPECT_EQ(s.mismatches, 0u) << "walks of a poisoned post-state saw something else";
  return s.poisoned_bytes;
}

}  // namespace dead_slots
