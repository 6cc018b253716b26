// Pictures of instances (paper 003, Sec. 3's instance listings, restricted to the reached part):
// text (one line per atom with its fields), JSON Lines, and Graphviz dot.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "spec_front/ast.hpp"
#include "spec_front/instance.hpp"

namespace smallscope::spec {

enum class instance_format { text, jsonl, dot };

// Appends instance number `number` (1-based), showing the atoms in `shown` (in order) and their
// fields.
void print_instance(std::string& out, const module& m, const instance& in, const std::vector<std::uint32_t>& shown,
                    std::uint64_t number, instance_format format);

// A picture of the instance's shown part that does not depend on the atoms' numbers: atoms are
// renamed in the order a depth-first walk from the first shown atom meets them (fields in
// declaration order). Two isomorphic rooted structures have the same canonical picture.
std::string canonical_picture(const module& m, const instance& in, std::uint32_t root);

}  // namespace smallscope::spec
