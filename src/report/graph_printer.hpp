// Pictures of structures in ordinary memory (a heap copy, a post-state), in the formats of
// structure_printer: one line of text, or a Graphviz digraph. Objects are named by the caller:
// a pre-state's by class domain and index ("Node#2"), a post-state's the same way when they
// are copies of input objects, and "new Node#0" when the method allocated them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "smallscope/heap.hpp"
#include "smallscope/report.hpp"

namespace smallscope::detail {

// Renders `graph`; `labels[i]` names graph.objects[i]. jsonl renders as text.
std::string render_graph(const object_graph& graph, const std::vector<std::string>& labels,
                         structure_format format, std::string_view title);

}  // namespace smallscope::detail
