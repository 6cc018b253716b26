// Printing structures: the reachable objects of a candidate with their field values, as one
// line of text, one JSON object per line (jsonl) or a Graphviz digraph (dot). Objects are
// labelled by class domain and index ("Node#2"), in depth-first order from the root, the order
// in which the search walks a valid structure (paper 000, Sec. 3.4).
// Stage: report.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "smallscope/finitization.hpp"
#include "smallscope/heap.hpp"
#include "smallscope/search.hpp"

namespace smallscope {

enum class structure_format { text, jsonl, dot };

// "text", "jsonl" or "dot"; nullopt for anything else.
std::optional<structure_format> parse_structure_format(std::string_view name);

class structure_printer {
 public:
  // Appends `s` to `out`: one line for text and jsonl (newline included), a digraph for dot.
  void append(std::string& out, const structure& s, structure_format format);

 private:
  std::vector<std::uint32_t> order_;
  std::vector<std::uint8_t> seen_;
};

// A picture of an object graph (a post-state, an explored state: heap.hpp's describe) in
// `format` (jsonl draws as text), its objects named by class and place among that class's
// objects in the graph ("Entry#2"); `title` names a dot digraph.
std::string draw(const object_graph& graph, const finitization& fin, structure_format format, std::string_view title);

// Appends each candidate vector of `fin` (a suite's structures, as generate's listener, a check's
// counterexamples and the field-exhaustive reports give them) as structure_printer::append does,
// numbered from `first` on.
void append_candidates(std::string& out, const finitization& fin, std::span<const std::vector<std::uint32_t>> candidates,
                       structure_format format, std::uint64_t first = 1);

}  // namespace smallscope
