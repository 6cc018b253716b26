// Printing structures as text, jsonl and dot. See report.hpp.
#include <fmt/format.h>

#include "smallscope/report.hpp"
#include "space/reachable.hpp"
#include "space/state_space.hpp"

namespace smallscope {
namespace {

using detail::slot_kind;
using detail::state_space;

// A value as JSON: an object's label as a string, null, a number or boolean, or the text of a
// content value that is neither ("\"ab\"", "items[1]") as a JSON string.
std::string json_value(const state_space& space, std::uint32_t s, std::uint32_t v) {
  const auto& d = space.domains()[space.slots()[s].domain];
  if (d.objects) return d.values[v].object < 0 ? "null" : "\"" + space.value_text(s, v) + "\"";
  std::string text = space.value_text(s, v);
  if (d.labels.empty() || text == "true" || text == "false") return text;
  std::size_t used = 0;
  try {
    (void)std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == text.size() && !text.empty() && text.find_first_not_of("0123456789.e+-") == std::string::npos) return text;
  std::string json = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') json += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      json += fmt::format("\\u{:04x}", static_cast<unsigned char>(c));
      continue;
    }
    json += c;
  }
  return json + "\"";
}

// Calls f(first slot, end slot, name) for each field of `object`: an array is one field whose
// slots are its length and its elements below the length; an element past the count of a
// counted array (set_counted) is no field of the structure.
template <class F>
void for_each_field(const state_space& space, std::span<const std::uint32_t> values,
                    std::uint32_t object, F f) {
  const auto& o = space.objects()[object];
  for (std::uint32_t s = o.first_slot; s < o.end_slot;) {
    const auto& sl = space.slots()[s];
    const auto& name = space.slot_name(s);
    if (sl.kind == slot_kind::array_length) {
      const auto length = static_cast<std::uint32_t>(space.value(s, values[s]).integer);
      f(s, s + 1, s + 1 + length, name);
      s += 1 + sl.capacity;
    } else {
      if (!space.dead(values.data(), s)) f(s, s, s + 1, name);
      ++s;
    }
  }
}

}  // namespace

std::optional<structure_format> parse_structure_format(std::string_view name) {
  if (name == "text") return structure_format::text;
  if (name == "jsonl") return structure_format::jsonl;
  if (name == "dot") return structure_format::dot;
  return std::nullopt;
}

void structure_printer::append(std::string& out, const structure& st, structure_format format) {
  const state_space& space = st.space();
  const auto values = st.values();
  detail::reachable_objects(space, values, order_, seen_);
  auto it = std::back_inserter(out);
  switch (format) {
    case structure_format::text: {
      fmt::format_to(it, "{}:", st.index());
      for (auto o : order_) {
        fmt::format_to(it, " {}{{", space.object_label(o));
        bool first = true;
        for_each_field(space, values, o, [&](std::uint32_t head, std::uint32_t b, std::uint32_t e, const std::string& name) {
          fmt::format_to(it, "{}{}=", first ? "" : " ", name);
          first = false;
          if (head != b || space.slots()[head].kind == slot_kind::array_length) {
            out += '[';
            for (auto s = b; s < e; ++s) fmt::format_to(it, "{}{}", s == b ? "" : ",", space.value_text(s, values[s]));
            out += ']';
          } else {
            out += space.value_text(b, values[b]);
          }
        });
        out += '}';
      }
      out += '\n';
      break;
    }
    case structure_format::jsonl: {
      fmt::format_to(it, "{{\"index\":{},\"root\":\"{}\",\"objects\":{{", st.index(), space.object_label(0));
      for (std::size_t k = 0; k < order_.size(); ++k) {
        fmt::format_to(it, "{}\"{}\":{{", k == 0 ? "" : ",", space.object_label(order_[k]));
        bool first = true;
        for_each_field(space, values, order_[k], [&](std::uint32_t head, std::uint32_t b, std::uint32_t e, const std::string& name) {
          fmt::format_to(it, "{}\"{}\":", first ? "" : ",", name);
          first = false;
          if (space.slots()[head].kind == slot_kind::array_length) {
            out += '[';
            for (auto s = b; s < e; ++s) fmt::format_to(it, "{}{}", s == b ? "" : ",", json_value(space, s, values[s]));
            out += ']';
          } else {
            out += json_value(space, b, values[b]);
          }
        });
        out += '}';
      }
      out += "}}\n";
      break;
    }
    case structure_format::dot: {
      fmt::format_to(it, "digraph structure_{} {{\n  node [shape=record];\n", st.index());
      std::string edges;
      for (auto o : order_) {
        const auto label = space.object_label(o);
        std::string fields;
        for_each_field(space, values, o, [&](std::uint32_t head, std::uint32_t b, std::uint32_t e, const std::string& name) {
          const bool is_array = space.slots()[head].kind == slot_kind::array_length;
          std::string shown;
          for (auto s = b; s < e; ++s) {
            const auto& v = space.value(s, values[s]);
            const std::string field = is_array ? fmt::format("{}[{}]", name, s - b) : name;
            if (space.domains()[space.slots()[s].domain].objects) {
              if (v.object >= 0)
                fmt::format_to(std::back_inserter(edges), "  \"{}\" -> \"{}\" [label=\"{}\"];\n", label,
                               space.object_label(static_cast<std::uint32_t>(v.object)), field);
              else if (!is_array)
                shown += fmt::format("|{}: null", field);
            } else {
              shown += fmt::format("|{}: {}", field, space.value_text(s, values[s]));
            }
          }
          if (is_array) shown = fmt::format("|{}.length: {}", name, e - b) + shown;
          fields += shown;
        });
        fmt::format_to(it, "  \"{0}\" [label=\"{{{0}{1}}}\"];\n", label, fields);
      }
      out += edges;
      out += "}\n";
      break;
    }
  }
}

void append_candidates(std::string& out, const finitization& fin, std::span<const std::vector<std::uint32_t>> candidates,
                       structure_format format, std::uint64_t first) {
  const detail::state_space space(fin.data());
  structure_printer printer;
  for (const auto& values : candidates) printer.append(out, structure(space, values, first++), format);
}

}  // namespace smallscope
