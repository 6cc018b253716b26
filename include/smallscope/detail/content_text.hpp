// Contents as text (content_walk.hpp's visitor): what pictures and `gen --print` show of a
// member that holds contents ("[(1, 10), (2, 20)]", "{\"a\": [1]}", "none"), and the C++
// expression a reproducer assigns to it. In the expression, the object a pointer names is
// `$obj(ADDRESS)` and the object holding the member `$self`; the reproducer replaces both.
// Stage: space.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "smallscope/detail/content_shape.hpp"
#include "smallscope/detail/finitization_data.hpp"

namespace smallscope::detail {

// A string as a C++ literal.
inline std::string quoted_literal(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x\"\"", u);  // "" ends the escape before a hex digit
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// A double as a C++ literal that reads back as the same value.
inline std::string real_literal(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

// `text` with each `$obj(ADDRESS)` that content_text_visitor wrote replaced by name(address).
template <class Name>
std::string resolve_objects(const std::string& text, Name&& name) {
  std::string out;
  std::size_t at = 0;
  while (true) {
    const std::size_t open = text.find("$obj(", at);
    if (open == std::string::npos) break;
    std::size_t close = open + 5;
    std::uintptr_t address = 0;
    while (close < text.size() && text[close] >= '0' && text[close] <= '9')
      address = address * 10 + static_cast<std::uintptr_t>(text[close++] - '0');
    out.append(text, at, open - at);
    if (close == open + 5 || close >= text.size() || text[close] != ')') {  // not ours: kept as it is
      out += "$obj(";
      at = open + 5;
      continue;
    }
    out += name(reinterpret_cast<const void*>(address));
    at = close + 1;
  }
  return out + text.substr(at);
}

template <class Push>
struct content_text_visitor {
  explicit content_text_visitor(Push push) : push_(std::move(push)) {}

  std::string text;  // for people
  std::string code;  // a C++ expression
  std::vector<const void*> targets;
  std::uint64_t entries = 0;  // the top level's elements (a sequence's, a set's, a map's; an optional's 0 or 1)

  template <class T>
  void scalar(T v) {
    if constexpr (std::is_same_v<T, bool>) {
      both(v ? "true" : "false");
    } else if constexpr (std::is_floating_point_v<T>) {
      both(real_literal(static_cast<double>(v)));
    } else if constexpr (std::is_enum_v<T>) {
      const auto n = static_cast<long long>(static_cast<std::underlying_type_t<T>>(v));
      text += std::to_string(n);
      code += "static_cast<" + demangle(typeid(T).name()) + ">(" + std::to_string(n) + ")";
    } else if constexpr (std::is_same_v<T, char>) {
      const std::string n = std::to_string(static_cast<int>(v));
      if (v >= 0x20 && v < 0x7f && v != '\'' && v != '\\')
        both(std::string("'") + v + "'");
      else
        both("static_cast<char>(" + n + ")");
    } else if constexpr (std::is_unsigned_v<T>) {
      both(std::to_string(static_cast<unsigned long long>(v)) + (sizeof(T) >= sizeof(long) ? "u" : ""));
    } else {
      both(std::to_string(static_cast<long long>(v)));
    }
  }
  void string(const std::string& s) { both(quoted_literal(s)); }
  template <class T>
  void pointer(T* p) {
    if (p == nullptr) {
      text += "null";
      code += "nullptr";
      return;
    }
    targets.push_back(p);
    const std::string at = "$obj(" + std::to_string(reinterpret_cast<std::uintptr_t>(p)) + ")";
    text += at;
    code += at;
    push_(p);
  }
  void element(std::string_view member, std::int64_t position) {
    const std::string m(member);
    if (position < 0) {
      text += m + ".end()";
      code += "$self." + m + ".end()";
    } else {
      text += m + "[" + std::to_string(position) + "]";
      code += "std::next($self." + m + ".begin(), " + std::to_string(position) + ")";
    }
  }
  void open(content_kind k, std::size_t n, const std::string& type) {
    if (frames_.empty() && (k == content_kind::sequence || k == content_kind::keyed || k == content_kind::optional))
      entries = n;
    frames_.push_back({k, n, type, code.size()});
    if (k == content_kind::variant) text += "<" + std::to_string(n) + ">";
    switch (k) {
      case content_kind::sequence: text += "["; code += "{"; break;
      case content_kind::keyed: text += "{"; code += "{"; break;
      case content_kind::tuple: text += type.empty() ? "" : "("; code += "{"; break;  // a map's entry: key: value
      case content_kind::optional:
        if (n == 0) {
          text += "none";
          code += "std::nullopt";
        } else {
          code += type + "(" + type + "::value_type";
        }
        break;
      case content_kind::variant:
        code += type + "(std::in_place_index<" + std::to_string(n) + ">, std::variant_alternative_t<" + std::to_string(n) +
                ", " + type + ">";
        break;
      default: break;
    }
  }
  void item(std::size_t i) {
    const frame& f = frames_.back();
    if (i > 0) {
      text += f.kind == content_kind::tuple && f.type.empty() ? ": " : ", ";
      code += ", ";
    }
    if (f.kind == content_kind::optional || f.kind == content_kind::variant) frames_.back().code_at = code.size();
  }
  void close(content_kind k) {
    const frame f = frames_.back();
    frames_.pop_back();
    switch (k) {
      case content_kind::sequence: text += "]"; code += "}"; break;
      case content_kind::keyed: text += "}"; code += "}"; break;
      case content_kind::tuple: text += f.type.empty() ? "" : ")"; code += "}"; break;
      case content_kind::optional:
        if (f.n != 0) {
          braced_value(f);
          code += ")";
        }
        break;
      case content_kind::variant:
        braced_value(f);
        code += ")";
        break;
      default: break;
    }
  }
  void open_record(const std::string& type) {
    text += "{";
    code += "[&] { " + type + " r{}; ";
    members_.push_back(0);
  }
  void member(const std::string& name) {
    if (members_.back()++ > 0) {
      text += ", ";
      code += "; ";
    }
    text += std::string(name) + ": ";
    code += "r." + std::string(name) + " = ";
  }
  // Byte storage whose type storage_of gave: its value in the text ("storage_: 2"), its bytes in
  // the code (each assigned, as for storage of no known type).
  template <class B, std::size_t N>
  void storage(std::string_view name, const B (&bytes)[N], const std::string& value) {
    const bool first = members_.back() == 0;
    const std::size_t text_at = text.size();
    for (std::size_t i = 0; i < N; ++i) {
      member(std::string(name) + "[" + std::to_string(i) + "]");
      scalar(bytes[i]);
    }
    text.resize(text_at);
    text += (first ? "" : ", ") + std::string(name) + ": " + value;
  }
  void close_record() {
    members_.pop_back();
    text += "}";
    code += "; return r; }()";
  }

 private:
  struct frame {
    content_kind kind;
    std::size_t n;
    std::string type;
    std::size_t code_at;
  };
  void both(const std::string& s) {
    text += s;
    code += s;
  }
  // Within an optional's or a variant's expression: the value as `T{...}` (its braces kept, or
  // added around a single value).
  void braced_value(const frame& f) {
    std::string value = code.substr(f.code_at);
    code.resize(f.code_at);
    if (value.empty() || value.front() != '{') value = "{" + value + "}";
    code += value;
  }
  Push push_;
  std::vector<frame> frames_;
  std::vector<int> members_;
};


}  // namespace smallscope::detail
