// Instance listings and canonical pictures (paper 003, Sec. 3).
#include "spec_front/instance_printer.hpp"

#include <fmt/format.h>

#include <map>

namespace smallscope::spec {

namespace {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// The values of atom `a` in binary field f, in order.
std::vector<std::uint32_t> values_of(const tuple_set& ts, std::uint32_t a) {
  std::vector<std::uint32_t> out;
  for (std::size_t t = 0; t < ts.size(); ++t) {
    if (ts.atoms[t * ts.arity] == a && ts.arity == 2) out.push_back(ts.atoms[t * 2 + 1]);
  }
  return out;
}

}  // namespace

void print_instance(std::string& out, const module& m, const instance& in, const std::vector<std::uint32_t>& shown,
                    std::uint64_t number, instance_format format) {
  const auto& names = in.atoms->names;
  auto fields_of = [&](std::uint32_t a) {
    std::vector<std::pair<std::string, std::vector<std::uint32_t>>> out_fields;
    for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
      const auto& ref = m.field_list[f];
      bool owns = false;
      for (auto x : in.sigs[ref.sig].atoms) owns = owns || x == a;
      if (!owns) continue;
      out_fields.emplace_back(m.sigs[ref.sig].fields[ref.index].name, values_of(in.fields[f], a));
    }
    return out_fields;
  };
  auto value_text = [&](const std::vector<std::uint32_t>& v) {
    if (v.empty()) return std::string("none");
    if (v.size() == 1) return names[v[0]];
    std::vector<std::string> parts;
    for (auto x : v) parts.push_back(names[x]);
    return fmt::format("{{{}}}", fmt::join(parts, ", "));
  };
  switch (format) {
    case instance_format::text: {
      out += fmt::format("instance {}\n", number);
      for (auto a : shown) {
        auto fs = fields_of(a);
        std::vector<std::string> parts;
        for (const auto& [name, v] : fs) parts.push_back(fmt::format("{} = {}", name, value_text(v)));
        out += fmt::format("  {}{}{}\n", names[a], parts.empty() ? "" : ": ", fmt::join(parts, ", "));
      }
      break;
    }
    case instance_format::jsonl: {
      std::vector<std::string> atoms;
      for (auto a : shown) {
        std::vector<std::string> parts;
        for (const auto& [name, v] : fields_of(a)) {
          std::vector<std::string> vs;
          for (auto x : v) vs.push_back(in.atoms->is_int(x) ? names[x] : json_string(names[x]));
          parts.push_back(fmt::format("{}:[{}]", json_string(name), fmt::join(vs, ",")));
        }
        atoms.push_back(fmt::format("{}:{{{}}}", json_string(names[a]), fmt::join(parts, ",")));
      }
      out += fmt::format("{{\"instance\":{},\"atoms\":{{{}}}}}\n", number, fmt::join(atoms, ","));
      break;
    }
    case instance_format::dot: {
      out += fmt::format("digraph instance_{} {{\n", number);
      for (auto a : shown) {
        std::vector<std::string> scalars;
        for (const auto& [name, v] : fields_of(a)) {
          bool to_atoms = false;
          for (auto x : v) {
            bool node = false;
            for (auto y : shown) node = node || y == x;
            if (node) {
              out += fmt::format("  \"{}\" -> \"{}\" [label=\"{}\"];\n", names[a], names[x], name);
              to_atoms = true;
            }
          }
          if (!to_atoms) scalars.push_back(fmt::format("{} = {}", name, value_text(v)));
        }
        out += fmt::format("  \"{}\" [shape=box, label=\"{}{}{}\"];\n", names[a], names[a], scalars.empty() ? "" : "\\n",
                           fmt::join(scalars, "\\n"));
      }
      out += "}\n";
      break;
    }
  }
}

std::string canonical_picture(const module& m, const instance& in, std::uint32_t root) {
  std::map<std::uint32_t, std::uint32_t> label;  // atom -> its place in the walk
  std::vector<std::uint32_t> order{root};
  label[root] = 0;
  std::string out;
  for (std::size_t i = 0; i < order.size(); ++i) {
    std::uint32_t a = order[i];
    std::vector<std::string> parts;
    for (std::uint32_t f = 0; f < m.field_list.size(); ++f) {
      const auto& ref = m.field_list[f];
      const auto& decl = m.sigs[ref.sig].fields[ref.index];
      auto v = values_of(in.fields[f], a);
      if (v.empty()) continue;
      std::vector<std::string> vs;
      for (auto x : v) {
        const auto& col = m.sigs[decl.columns.empty() ? 0 : decl.columns[0]];
        if (in.atoms->is_int(x) || col.builtin) {
          vs.push_back(in.atoms->names[x]);
          continue;
        }
        auto [it, fresh] = label.emplace(x, static_cast<std::uint32_t>(order.size()));
        if (fresh) order.push_back(x);
        vs.push_back(fmt::format("#{}", it->second));
      }
      parts.push_back(fmt::format("{}={}", decl.name, fmt::join(vs, "|")));
    }
    out += fmt::format("#{}({}) ", i, fmt::join(parts, ","));
  }
  return out;
}

}  // namespace smallscope::spec
