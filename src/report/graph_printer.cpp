// Pictures of object graphs. See graph_printer.hpp.
#include "report/graph_printer.hpp"

#include <fmt/format.h>

#include <map>

#include "smallscope/report.hpp"

namespace smallscope::detail {
namespace {

std::string value_text(const object_graph& graph, const std::vector<std::string>& labels, const graph_value& v) {
  if (v.is_pointer) {
    if (v.target == nullptr) return "null";
    const auto at = graph.find(v.target);
    return at < 0 ? "?" : labels[static_cast<std::size_t>(at)];
  }
  if (v.is_bool) return v.integer != 0 ? "true" : "false";
  if (v.is_real) return real_literal(v.real);
  if (v.is_unsigned) return std::to_string(static_cast<std::uint64_t>(v.integer));
  return std::to_string(v.integer);
}

// A member's contents as text, each object by its label.
std::string contents_text(const object_graph& graph, const std::vector<std::string>& labels, const std::string& text) {
  return resolve_objects(text, [&](const void* address) -> std::string {
    const auto k = graph.find(address);
    return k < 0 ? "?" : labels[static_cast<std::size_t>(k)];
  });
}

// Text in a Graphviz record label: its field separators and braces escaped.
std::string record_text(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '{' || c == '}' || c == '|' || c == '<' || c == '>' || c == '"') out += '\\';
    out += c;
  }
  return out;
}

std::string dot_id(std::string_view title) {
  std::string id;
  for (char c : title) id += (std::isalnum(static_cast<unsigned char>(c)) != 0) ? c : '_';
  return id;
}

}  // namespace

std::string render_graph(const object_graph& graph, const std::vector<std::string>& labels,
                         structure_format format, std::string_view title) {
  std::string out;
  auto it = std::back_inserter(out);
  if (format != structure_format::dot) {
    for (std::size_t k = 0; k < graph.objects.size(); ++k) {
      const auto& o = graph.objects[k];
      fmt::format_to(it, "{}{}{{", k == 0 ? "" : " ", labels[k]);
      for (std::size_t f = 0; f < o.fields.size(); ++f) {
        const auto& field = o.fields[f];
        fmt::format_to(it, "{}{}=", f == 0 ? "" : " ", field.name);
        if (field.is_contents) {
          out += contents_text(graph, labels, field.text);
        } else if (field.is_array) {
          out += '[';
          for (std::size_t e = 0; e < field.elements.size(); ++e)
            fmt::format_to(it, "{}{}", e == 0 ? "" : ",", value_text(graph, labels, field.elements[e]));
          out += ']';
        } else {
          out += value_text(graph, labels, field.value);
        }
      }
      out += '}';
    }
    return out;
  }
  fmt::format_to(it, "digraph {} {{\n  node [shape=record];\n", dot_id(title));
  std::string edges;
  for (std::size_t k = 0; k < graph.objects.size(); ++k) {
    const auto& o = graph.objects[k];
    std::string fields;
    for (const auto& field : o.fields) {
      auto one = [&](const graph_value& v, const std::string& name) {
        if (v.is_pointer && v.target != nullptr)
          fmt::format_to(std::back_inserter(edges), "  \"{}\" -> \"{}\" [label=\"{}\"];\n", labels[k],
                         value_text(graph, labels, v), name);
        else
          fields += fmt::format("|{}: {}", name, value_text(graph, labels, v));
      };
      if (field.is_contents) {
        fields += fmt::format("|{}: {}", field.name, record_text(contents_text(graph, labels, field.text)));
        for (const void* target : field.targets)
          if (const auto t = graph.find(target); t >= 0)
            fmt::format_to(std::back_inserter(edges), "  \"{}\" -> \"{}\" [label=\"{}\"];\n", labels[k],
                           labels[static_cast<std::size_t>(t)], field.name);
      } else if (field.is_array) {
        fields += fmt::format("|{}.length: {}", field.name, field.elements.size());
        for (std::size_t e = 0; e < field.elements.size(); ++e)
          one(field.elements[e], fmt::format("{}[{}]", field.name, e));
      } else {
        one(field.value, std::string(field.name));
      }
    }
    fmt::format_to(it, "  \"{0}\" [label=\"{{{0}{1}}}\"];\n", labels[k], fields);
  }
  out += edges;
  out += "}\n";
  return out;
}

}  // namespace smallscope::detail

namespace smallscope {

std::string draw(const object_graph& graph, const finitization& fin, structure_format format, std::string_view title) {
  std::map<const void*, std::uint32_t> seen;
  std::vector<std::string> labels;
  for (const auto& o : graph.objects) {
    std::string name = "object";
    for (const auto& d : fin.data().class_domains)
      if (d.type == o.type) {
        name = d.type_name;
        break;
      }
    labels.push_back(fmt::format("{}#{}", name, seen[o.type]++));
  }
  return detail::render_graph(graph, labels, format, title);
}

}  // namespace smallscope
