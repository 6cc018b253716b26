// A settings registry as application code writes one, with no smallscope in it: named groups of
// sorted, distinct values in a std::map of std::string to std::vector, the active group's name in
// a std::optional, a mode that is a number or a switch in a std::variant, and a version from the
// constructor (there is no default constructor). remove_group forgets to clear the active name
// when it removes the active group (the defect such registries have).
#pragma once

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace plain_subjects::settings {

class registry {
 public:
  explicit registry(int version) : version_(version) {}

  // Adds value to the group (made if absent), keeping it sorted; whether it was new.
  bool add(const std::string& group, int value) {
    std::vector<int>& values = groups_[group];
    const auto at = std::lower_bound(values.begin(), values.end(), value);
    if (at != values.end() && *at == value) return false;
    values.insert(at, value);
    return true;
  }

  // Makes the group the active one; whether it exists.
  bool activate(const std::string& group) {
    if (groups_.count(group) == 0) return false;
    active_ = group;
    return true;
  }

  // Removes the group; whether it existed.
  bool remove_group(const std::string& group) { return groups_.erase(group) == 1; }

  // The number of values in the active group; 0 when none is active.
  std::size_t active_size() const { return active_ ? groups_.at(*active_).size() : 0; }

  void set_mode(int level) { mode_ = level; }
  void set_switch(bool on) { mode_ = on; }

 private:
  std::map<std::string, std::vector<int>> groups_;
  std::optional<std::string> active_;
  std::variant<int, bool> mode_ = 0;
  int version_;
};

}  // namespace plain_subjects::settings
