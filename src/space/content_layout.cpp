// A content shape laid out as slots (paper 000, Sec. 3.3). See content_layout.hpp.
#include "space/content_layout.hpp"

#include <algorithm>

#include "smallscope/detail/content_text.hpp"

namespace smallscope::detail {
namespace {

std::string key_label(const content_shape& keys, std::uint32_t k) { return leaf_text(keys, k); }

std::uint32_t add(std::vector<content_slot_spec>& out, content_slot_spec s, std::int32_t guard) {
  s.guard = guard;
  s.position = guard < 0 ? 0 : static_cast<std::uint32_t>(out.size() - static_cast<std::size_t>(guard) - 1);
  out.push_back(std::move(s));
  return static_cast<std::uint32_t>(out.size() - 1);
}

content_slot_spec steering(std::string name, content_role role, std::vector<std::int64_t> values) {
  content_slot_spec s;
  s.name = std::move(name);
  s.role = role;
  s.values = std::move(values);
  return s;
}

void lay(const content_shape& s, const std::string& name, std::int32_t guard, std::vector<content_slot_spec>& out) {
  switch (s.kind) {
    case content_kind::sequence: {
      const std::uint32_t at = add(out, steering(name + ".size()", content_role::length, s.counts), guard);
      const std::uint32_t w = s.parts[0].width();
      for (std::uint32_t i = 0; i < s.capacity(); ++i)
        lay(s.parts[0], name + "[" + std::to_string(i) + "]", static_cast<std::int32_t>(at), out);
      out[at].region = static_cast<std::uint32_t>(out.size() - at - 1);
      for (auto n : s.counts) out[at].live.emplace_back(0, static_cast<std::uint32_t>(n) * w);
      return;
    }
    case content_kind::optional: {
      const std::uint32_t at = add(out, steering(name + ".has_value()", content_role::presence, {0, 1}), guard);
      lay(s.parts[0], name + ".value()", static_cast<std::int32_t>(at), out);
      out[at].region = static_cast<std::uint32_t>(out.size() - at - 1);
      out[at].live = {{0, 0}, {0, out[at].region}};
      return;
    }
    case content_kind::keyed: {
      const bool is_map = s.parts.size() > 1;
      const std::uint32_t w = is_map ? s.parts[1].width() : 0;
      for (std::uint32_t k = 0; k < s.key_count(); ++k) {
        const std::string key = key_label(s.parts[0], k);
        const std::uint32_t at =
            s.multi ? add(out, steering(name + ".count(" + key + ")", content_role::count, s.counts), guard)
                    : add(out, steering(name + ".contains(" + key + ")", content_role::presence, {0, 1}), guard);
        if (is_map) {
          const std::uint32_t most = s.multi ? s.capacity() : 1;
          for (std::uint32_t j = 0; j < most; ++j)
            lay(s.parts[1], name + "[" + key + "]" + (s.multi ? "[" + std::to_string(j) + "]" : ""),
                static_cast<std::int32_t>(at), out);
        }
        out[at].region = static_cast<std::uint32_t>(out.size() - at - 1);
        for (auto n : out[at].values) out[at].live.emplace_back(0, static_cast<std::uint32_t>(n) * w);
      }
      return;
    }
    case content_kind::variant: {
      std::vector<std::int64_t> indices;
      for (std::size_t a = 0; a < s.parts.size(); ++a) indices.push_back(static_cast<std::int64_t>(a));
      const std::uint32_t at = add(out, steering(name + ".index()", content_role::index, indices), guard);
      for (std::size_t a = 0; a < s.parts.size(); ++a) {
        const auto start = static_cast<std::uint32_t>(out.size() - at - 1);
        lay(s.parts[a], name + "<" + std::to_string(a) + ">", static_cast<std::int32_t>(at), out);
        out[at].live.emplace_back(start, static_cast<std::uint32_t>(out.size() - at - 1));
      }
      out[at].region = static_cast<std::uint32_t>(out.size() - at - 1);
      return;
    }
    case content_kind::tuple:
      for (std::size_t i = 0; i < s.parts.size(); ++i) {
        const auto part_name = [&](std::size_t k) {
          return name + (k < s.part_names.size() ? s.part_names[k] : "<" + std::to_string(k) + ">");
        };
        if (i + 1 < s.parts.size() && s.parts[i + 1].kind == content_kind::storage && s.parts[i + 1].guarded) {
          // The guard steers the storage after it: live unless it holds the dead value.
          content_slot_spec g;
          g.name = part_name(i);
          g.role = content_role::guard;
          g.leaf = &s.parts[i];
          const std::uint32_t at = add(out, std::move(g), guard);
          lay(s.parts[i + 1], part_name(i + 1), static_cast<std::int32_t>(at), out);
          out[at].region = static_cast<std::uint32_t>(out.size() - at - 1);
          for (const auto v : s.parts[i].integers) out[at].live.emplace_back(0, v == s.parts[i + 1].dead ? 0 : out[at].region);
          ++i;
          continue;
        }
        lay(s.parts[i], part_name(i), guard, out);
      }
      return;
    case content_kind::storage:
      lay(s.parts[0], name, guard, out);
      return;
    case content_kind::derived:
      return;
    default: {
      content_slot_spec v;
      v.name = name;
      v.leaf = &s;
      add(out, std::move(v), guard);
      return;
    }
  }
}

std::string list_text(const std::vector<std::int64_t>& v) {
  if (v.size() > 4 && v.back() - v.front() + 1 == static_cast<std::int64_t>(v.size()))
    return std::to_string(v.front()) + ".." + std::to_string(v.back());
  std::string out;
  for (auto x : v) out += (out.empty() ? "" : ",") + std::to_string(x);
  return "{" + out + "}";
}

}  // namespace

std::vector<content_slot_spec> lay_out(const content_shape& shape, const std::string& name) {
  std::vector<content_slot_spec> out;
  lay(shape, name, -1, out);
  return out;
}

std::string leaf_text(const content_shape& leaf, std::uint32_t v) {
  switch (leaf.kind) {
    case content_kind::real: return real_literal(leaf.reals[v]);
    case content_kind::string: return quoted_literal(leaf.strings[v]);
    case content_kind::element: {
      const std::uint32_t element = leaf.end_allowed ? v : v + 1;  // 0: end()
      return element == 0 ? leaf.target_name + ".end()" : leaf.target_name + "[" + std::to_string(element - 1) + "]";
    }
    case content_kind::integer: {
      const std::int64_t n = leaf.integers[v];
      if (leaf.is_bool) return n != 0 ? "true" : "false";
      if (leaf.is_char && n >= 0x20 && n < 0x7f && n != '\'' && n != '\\') return std::string("'") + static_cast<char>(n) + "'";
      return std::to_string(n);
    }
    default: return std::to_string(v);
  }
}

std::string describe_shape(const content_shape& s) {
  switch (s.kind) {
    case content_kind::integer: return list_text(s.integers);
    case content_kind::real:
    case content_kind::string: {
      std::string out;
      const std::size_t n = s.kind == content_kind::real ? s.reals.size() : s.strings.size();
      for (std::uint32_t i = 0; i < n; ++i) out += (out.empty() ? "" : ",") + leaf_text(s, i);
      return "{" + out + "}";
    }
    case content_kind::object: return "objects";
    case content_kind::element: return "elements of " + s.target_name + (s.end_allowed ? " or end" : "");
    case content_kind::sequence: return "sequence of " + list_text(s.counts) + " x " + describe_shape(s.parts[0]);
    case content_kind::optional: return "optional " + describe_shape(s.parts[0]);
    case content_kind::keyed:
      return std::string(s.multi ? "multi" : "") + (s.parts.size() > 1 ? "map of " : "set of ") +
             describe_shape(s.parts[0]) + (s.multi ? " x " + list_text(s.counts) : "") +
             (s.parts.size() > 1 ? " to " + describe_shape(s.parts[1]) : "");
    case content_kind::storage: return "storage of " + describe_shape(s.parts[0]) + (s.guarded ? " unless " + std::to_string(s.dead) : "");
    case content_kind::derived: return "derived";
    case content_kind::variant:
    case content_kind::tuple: {
      std::string out;
      for (const auto& p : s.parts) out += (out.empty() ? "" : s.kind == content_kind::variant ? " | " : ", ") + describe_shape(p);
      return "(" + out + ")";
    }
  }
  return "";
}

}  // namespace smallscope::detail
