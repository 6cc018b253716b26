// The same bag of keys held three ways, for the per-candidate cost of contents against Korat's
// counted array (bench/contents_speed.cpp): a C array with a count, a std::list and a
// std::deque. Each invariant reads every live key and accepts, so every candidate is valid and
// the three searches explore the same candidates.
#pragma once

#include <deque>
#include <list>

namespace bags {

struct array_bag {
  int size_ = 0;
  int keys_[10] = {};
  bool rep_ok() const {
    long sum = 0;
    for (int i = 0; i < size_; ++i) sum += keys_[i];
    return sum >= 0;
  }
};

struct list_bag {
  std::list<int> keys_;
  bool rep_ok() const {
    long sum = 0;
    for (int k : keys_) sum += k;
    return sum >= 0;
  }
};

struct deque_bag {
  std::deque<int> keys_;
  bool rep_ok() const {
    long sum = 0;
    for (int k : keys_) sum += k;
    return sum >= 0;
  }
};

}  // namespace bags
