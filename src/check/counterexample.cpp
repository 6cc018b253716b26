// Counterexample reports and reproducers as test cases of GoogleTest, Catch2 or doctest. See
// counterexample.hpp.
#include "smallscope/counterexample.hpp"

#include <fmt/format.h>

#include <cctype>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "check/worker.hpp"
#include "report/graph_printer.hpp"
#include "smallscope/detail/content_text.hpp"
#include "space/state_space.hpp"

namespace smallscope {
namespace {

// The pre-state of `c` rebuilt in a state space of its own, with its graph and labels.
struct pre_state {
  std::unique_ptr<detail::state_space> space;
  object_graph graph;
  std::vector<std::string> labels;
};

pre_state rebuild(const check_context& ctx, const counterexample& c) {
  pre_state p;
  p.space = std::make_unique<detail::state_space>(ctx.fin->data());
  p.space->write_all(c.candidate.data());
  const live_scope in_force(ctx.fin->live());
  p.graph = ctx.method->describe(p.space->root());
  p.labels = detail::graph_labels(*p.space).label(p.graph, {});
  return p;
}

// "Node#2" -> "node2"
std::string variable(const std::string& label) {
  std::string v;
  for (char ch : label)
    if (std::isalnum(static_cast<unsigned char>(ch)) != 0) v += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return v;
}

std::string cpp_type_of(const detail::state_space& space, const void* type) {
  for (const auto& d : space.data().class_domains)
    if (d.type == type) return d.cpp_type;
  return "void";
}

// "new ns::node()", or with the class's SMALLSCOPE_CONSTRUCTOR_ARGS: "new ns::node(0)".
std::string new_expression(const detail::state_space& space, const void* type) {
  for (const auto& d : space.data().class_domains)
    if (d.type == type) return "new " + d.cpp_type + "(" + d.constructor_args + ")";
  return "new void()";
}

// The namespace of a qualified class name: its components before the last, split at "::" outside
// template arguments, less trailing template specializations (classes, not namespaces):
// "tlx::SplayTree<int, std::less<int> >" -> "tlx", "ns::tree<int>::node" -> "ns".
std::string namespace_of(const std::string& qualified) {
  std::vector<std::string> parts(1);
  int depth = 0;
  for (std::size_t i = 0; i < qualified.size(); ++i) {
    const char ch = qualified[i];
    if (ch == '<') ++depth;
    if (ch == '>') --depth;
    if (depth == 0 && ch == ':' && i + 1 < qualified.size() && qualified[i + 1] == ':') {
      parts.emplace_back();
      ++i;
      continue;
    }
    parts.back() += ch;
  }
  parts.pop_back();  // the class itself
  while (!parts.empty() && parts.back().find('<') != std::string::npos) parts.pop_back();
  std::string ns;
  for (const auto& p : parts) ns += (ns.empty() ? "" : "::") + p;
  return ns;
}

// The statements that put the finitization's live part in force in a reproducer: one
// `live.counted(&C::array, &C::count, extra)` per array bound with set_counted (live_part.hpp).
std::string live_part_code(const detail::state_space& space) {
  std::string code;
  const auto& bindings = space.data().bindings;
  for (std::size_t i = 0; i < bindings.size(); ++i) {
    const auto& count = bindings[i];
    if (count.counts == 0) continue;
    const std::string owner = cpp_type_of(space, count.owner);
    std::size_t element = i + 1;  // each group's element bindings follow the count's, in order
    for (const auto& group : count.count_groups) {
      if (element >= bindings.size()) break;
      std::string array = bindings[element].name;
      array = array.substr(0, array.rfind('['));
      fmt::format_to(std::back_inserter(code), "  live.counted(&{}::{}, &{}::{}{});\n", owner, array, owner, count.name,
                     group.extra == 0 ? std::string() : ", " + std::to_string(group.extra));
      element += group.size;
    }
  }
  if (code.empty()) return code;
  return "  smallscope::live_part live;  // slots past a count are no part of the structure (set_counted)\n" + code +
         "  const smallscope::live_scope in_force(live);\n";
}

// The members of the object at `address` (of class `type`) that the finitization derives
// (finitization::derive), each set to its value in this input after the bound ones: a derived
// member has no name, so it is written at its offset. One with no C++ form (a pointer outside
// the object's contents) stops the reproducer's compilation with the reason.
std::string derived_members_code(const detail::state_space& space, const void* type, const void* address,
                                 const std::string& var) {
  std::string code;
  for (const auto& b : space.data().bindings) {
    if (b.content == nullptr || !b.content->derive || b.owner != type) continue;
    std::string value = b.content->derived_code ? b.content->derived_code(address) : std::string();
    if (value.empty()) {
      fmt::format_to(std::back_inserter(code),
                     "  static_assert(sizeof({0}) == 0, \"smallscope: the member at byte {1} is derived (finitization::derive) "
                     "and its value has no C++ form here: set it as the class does\");\n",
                     b.content->shape.type_name, b.offset);
      continue;
    }
    for (std::size_t self = value.find("$self"); self != std::string::npos; self = value.find("$self", self))
      value.replace(self, 5, "(*" + var + ")");
    fmt::format_to(std::back_inserter(code),
                   "  *reinterpret_cast<{0}*>(reinterpret_cast<char*>({1}) + {2}) = {3};  // derived (finitization::derive)\n",
                   b.content->shape.type_name, var, b.offset, value);
  }
  return code;
}

std::string value_code(const object_graph& g, const std::vector<std::string>& labels, const graph_value& v,
                       const std::vector<bool>& shared) {
  if (v.is_pointer) {
    if (v.target == nullptr) return "nullptr";
    const auto at = static_cast<std::size_t>(g.find(v.target));
    return (shared[at] ? "&" : "") + variable(labels[at]);
  }
  if (v.is_bool) return v.integer != 0 ? "true" : "false";
  if (v.is_real) return detail::real_literal(v.real);
  const std::string type = v.type_name != nullptr ? v.type_name() : std::string();
  // Enumerations take no integer without a cast; characters read best as literals.
  if (v.is_enum) return fmt::format("static_cast<{}>({})", type, v.integer);
  if (v.is_char && type == "char" && v.integer >= 0x20 && v.integer < 0x7f && v.integer != '\\' && v.integer != '\'')
    return fmt::format("'{}'", static_cast<char>(v.integer));
  if (v.is_char) return fmt::format("static_cast<{}>({})", type, v.integer);
  if (v.is_unsigned) return fmt::format("{}u", static_cast<std::uint64_t>(v.integer));
  // The least 64-bit value has no literal of its own.
  if (v.integer == std::numeric_limits<std::int64_t>::min()) return "-9223372036854775807LL - 1";
  return std::to_string(v.integer);
}

// Why a counterexample has no picture of its post-state.
std::string missing_post_state(const counterexample& c) {
  if (c.kind == outcome_kind::leak) return "(valid; released after the check)";
  if (c.kind == outcome_kind::cost) return "(valid: the method returned and its oracle passed)";
  if (c.kind == outcome_kind::crash && c.returned) return "(unreadable: reading it crashed)";
  return "(none: the method did not return)";
}

}  // namespace

std::string failed_check_text(const counterexample& c) {
  switch (c.kind) {
    case outcome_kind::passed: return "passed";
    case outcome_kind::invariant: {
      std::string text = c.invariant_clause.empty()
                             ? std::string("the invariant fails in the post-state")
                             : fmt::format("invariant clause \"{}\" fails in the post-state", c.invariant_clause);
      if (!c.detail.empty()) text += fmt::format("; the postcondition names the clause: \"{}\"", c.detail);
      return text;
    }
    case outcome_kind::postcondition: return fmt::format("postcondition clause \"{}\" fails", c.detail);
    case outcome_kind::exception: return fmt::format("the method threw: {}", c.detail);
    case outcome_kind::crash:
      return c.returned ? fmt::format("the method returned, then reading its post-state crashed: {} (the method left "
                                      "a pointer dangling or corrupt)", c.detail)
                        : fmt::format("the method crashed: {}", c.detail);
    case outcome_kind::timeout: return fmt::format("timeout: the method {}", c.detail);
    case outcome_kind::leak: return fmt::format("the method leaks {}", c.detail);
    case outcome_kind::cost: return fmt::format("the method costs too much: {}", c.detail);
  }
  return "?";
}

std::string pre_state_picture(const check_context& ctx, const counterexample& c, structure_format format) {
  const pre_state p = rebuild(ctx, c);
  return detail::render_graph(p.graph, p.labels, format, "pre_state_" + std::to_string(c.input));
}

std::string counterexample_report(const check_context& ctx, const counterexample& c, std::size_t n,
                                  structure_format format) {
  std::string args;
  for (std::size_t i = 0; i < c.arguments.size(); ++i) args += (i == 0 ? "" : ", ") + c.arguments[i];
  std::string out = fmt::format("counterexample {} (input {}, {} objects): {}\n", n, c.input, c.objects,
                                failed_check_text(c));
  out += fmt::format("  call:       {}({}){}\n", ctx.method->cpp_member, args,
                     c.result.empty() ? "" : " returned " + c.result);
  const std::string pre = pre_state_picture(ctx, c, format);
  if (format == structure_format::dot) {
    out += "  pre-state:\n" + pre;
    out += !c.post_state.empty() ? "  post-state:\n" + c.post_state : "  post-state: " + missing_post_state(c) + "\n";
  } else {
    out += "  pre-state:  " + pre + "\n";
    if (!c.post_state.empty()) out += "  post-state: " + c.post_state + "\n";
    else out += "  post-state: " + missing_post_state(c) + "\n";
  }
  if (!ctx.reproduce_command.empty())
    out += fmt::format("  reproduce:  {} --input {}\n", ctx.reproduce_command, c.input);
  return out;
}

std::string test_framework_name(test_framework f) {
  switch (f) {
    case test_framework::googletest: return "GoogleTest";
    case test_framework::catch2: return "Catch2";
    case test_framework::doctest: return "doctest";
  }
  return "?";
}

std::string googletest_reproducer(const check_context& ctx, const counterexample& c) {
  return test_reproducer(ctx, c, test_framework::googletest);
}

std::string test_reproducer(const check_context& ctx, const counterexample& c, test_framework framework) {
  const pre_state p = rebuild(ctx, c);
  const auto& space = *p.space;
  const std::string root_type = space.data().class_domains[0].cpp_type;
  const std::string ns = namespace_of(root_type);
  std::vector<bool> shared(p.graph.objects.size());
  for (std::size_t k = 0; k < p.graph.objects.size(); ++k) shared[k] = p.graph.objects[k].fields.empty();

  std::string code;
  auto it = std::back_inserter(code);
  // A cost's reproducer counts what the method does: a failed bound, or a worst case kept as a
  // regression test (a passed input with a condition).
  const bool metered = !c.cost_condition.empty();
  const std::string what = c.kind == outcome_kind::passed && metered
                               ? fmt::format("the worst case of the scope; it fails when the method costs more than {}",
                                             c.cost_condition)
                               : failed_check_text(c);
  if (!ctx.reproduce_command.empty())
    fmt::format_to(it, "// Reproduces input {} of `{} --input {}`:\n// {}.\n", c.input, ctx.reproduce_command, c.input,
                   what);
  else
    fmt::format_to(it, "// Reproduces input {} of the check of {} on {} ({}):\n// {}.\n", c.input,
                   ctx.method->name, space.data().subject, ctx.fin->describe(), what);
  if (c.kind == outcome_kind::timeout) code += "// On the faulty code this test does not terminate.\n";
  if (c.kind == outcome_kind::crash) code += "// On the faulty code this test crashes.\n";
  if (c.kind == outcome_kind::leak)
    code += "// It watches the method's allocations: link it with the smallscope library.\n";
  if (metered)
    code += "// It counts the method's reads, writes, allocations and frees: link it with the smallscope library.\n";
  if (c.kind != outcome_kind::leak && !metered)
    fmt::format_to(it,
                   "// Build it with {} and either the smallscope library or -DSMALLSCOPE_NO_TRACKING\n"
                   "// (and -fno-access-control when it names private members, as smallscope_instrument targets do).\n",
                   test_framework_name(framework));
  if (framework == test_framework::catch2)
    code += "// Link a main: one source with #define CATCH_CONFIG_MAIN before #include <catch2/catch.hpp>.\n"
            "#include <catch2/catch.hpp>\n";
  else if (framework == test_framework::doctest)
    code += "// Link a main: one source with #define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN before #include <doctest/doctest.h>.\n"
            "#include <doctest/doctest.h>\n";
  else
    code += "#include <gtest/gtest.h>\n";
  code += "\n#include \"smallscope/heap.hpp\"\n#include \"smallscope/oracle.hpp\"\n";
  if (metered)
    code += "#include \"smallscope/detail/cost_meter.hpp\"\n\n#ifdef SMALLSCOPE_NO_TRACKING\n"
            "#error \"this test counts tracked reads and writes: build it without SMALLSCOPE_NO_TRACKING\"\n#endif\n";
  if (!ctx.header.empty()) fmt::format_to(it, "#include \"{}\"\n", ctx.header);
  code += "\nnamespace {\n\n";
  for (std::size_t k = 0; k < p.graph.objects.size(); ++k)
    if (shared[k])
      fmt::format_to(it, "{} {};  // shared by the input and the arguments\n",
                     cpp_type_of(space, p.graph.objects[k].type), variable(p.labels[k]));
  fmt::format_to(it, "\n// The pre-state: {}\n{}* build_input() {{\n",
                 detail::render_graph(p.graph, p.labels, structure_format::text, ""), root_type);
  for (std::size_t k = 0; k < p.graph.objects.size(); ++k)
    if (!shared[k])
      fmt::format_to(it, "  auto* {} = {};\n", variable(p.labels[k]), new_expression(space, p.graph.objects[k].type));
  for (std::size_t k = 0; k < p.graph.objects.size(); ++k) {
    if (shared[k]) continue;
    const std::string var = variable(p.labels[k]);
    // Contents as their expressions (heap.hpp), each object by its variable; those holding
    // iterators into the object's other members last.
    std::string iterators;
    for (const auto& f : p.graph.objects[k].fields) {
      if (!f.is_contents) continue;
      std::string value = detail::resolve_objects(f.code, [&](const void* address) {
        const auto at = static_cast<std::size_t>(p.graph.find(address));
        return (shared[at] ? "&" : "") + variable(p.labels[at]);
      });
      const bool holds_iterators = value.find("$self") != std::string::npos;
      for (std::size_t self = value.find("$self"); self != std::string::npos; self = value.find("$self", self))
        value.replace(self, 5, "(*" + var + ")");
      fmt::format_to(std::back_inserter(holds_iterators ? iterators : code), "  {}->{} = {};\n", var, f.name, value);
    }
    code += iterators;
    for (const auto& f : p.graph.objects[k].fields) {
      if (f.is_contents) continue;
      if (f.is_array) {
        int capacity = 0;
        bool std_vector = false;
        for (const auto& slot : space.slots())
          if (slot.kind == detail::slot_kind::array_length &&
              space.arena() + space.objects()[slot.object].offset == p.graph.objects[k].address &&
              space.data().bindings[slot.binding].name == f.name) {
            capacity = static_cast<int>(slot.capacity);
            std_vector = space.data().bindings[slot.binding].length_is_end_pointer;
          }
        if (std_vector) {  // a std::vector member
          fmt::format_to(it, "  {}->{}.clear();\n", var, f.name);
          for (const auto& e : f.elements)
            fmt::format_to(it, "  {}->{}.emplace_back({});\n", var, f.name, value_code(p.graph, p.labels, e, shared));
          continue;
        }
        fmt::format_to(it, "  {}->{}.allocate_storage({});\n  {}->{}.set_length({});\n", var, f.name, capacity, var,
                       f.name, f.elements.size());
        for (std::size_t e = 0; e < f.elements.size(); ++e)
          fmt::format_to(it, "  {}->{}[{}] = {};\n", var, f.name, e, value_code(p.graph, p.labels, f.elements[e], shared));
      } else {
        fmt::format_to(it, "  {}->{} = {};\n", var, f.name, value_code(p.graph, p.labels, f.value, shared));
      }
    }
    code += derived_members_code(space, p.graph.objects[k].type, p.graph.objects[k].address, var);
  }
  fmt::format_to(it, "  return {};\n}}\n\n}}  // namespace\n\n", variable(p.labels[0]));

  std::string args;
  for (std::size_t i = 0; i < c.arguments.size(); ++i) {
    const auto& d = ctx.method->arguments[i];
    std::string a = d.class_domain.empty() ? c.arguments[i]
                                           : (c.integers[i] < 0 ? "nullptr" : "&" + variable(c.arguments[i]));
    args += (i == 0 ? "" : ", ") + a;
  }
  std::string suite = !ctx.suite.empty() ? ctx.suite : space.data().subject;
  bool upper = true;
  for (char ch : ctx.method->name) {  // remove_mutant -> RemoveMutant
    if (ch == '_') {
      upper = true;
      continue;
    }
    suite += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(ch))) : ch;
    upper = false;
  }
  if (variable(suite).empty()) suite = "Subject";
  if (framework == test_framework::googletest) fmt::format_to(it, "TEST({}, Input{}) {{\n", suite, c.input);
  else fmt::format_to(it, "TEST_CASE(\"{}: input {}\") {{\n", suite, c.input);
  // A check with its message: `expect(condition, message)`, message a chain of `<<` operands.
  const auto expect = [&](const std::string& condition, const std::string& message) {
    if (framework == test_framework::googletest) fmt::format_to(it, "  EXPECT_TRUE({}) << {};\n", condition, message);
    else if (framework == test_framework::catch2) fmt::format_to(it, "  {{\n    INFO({});\n    CHECK({});\n  }}\n", message, condition);
    else fmt::format_to(it, "  CHECK_MESSAGE({}, {});\n", condition, message);
  };
  if (!ns.empty()) fmt::format_to(it, "  using namespace {};\n", ns);
  code += live_part_code(space);
  // A leak's reproducer checks itself: what `now` holds is allocated inside the allocation
  // watch, so what the method unlinks and does not delete is left over after the release.
  const bool leak = c.kind == outcome_kind::leak;
  fmt::format_to(it, "  {}* old = build_input();\n", root_type);
  if (leak) code += "  smallscope::detail::begin_allocation_watch();  // needs the smallscope library\n";
  fmt::format_to(it, "  {}* now = build_input();\n", root_type);
  const bool has_result = ctx.method->result_type != "void";
  const std::string call = ctx.method->free_function
                               ? fmt::format("{}(*now{}{})", ctx.method->cpp_member, args.empty() ? "" : ", ", args)
                               : fmt::format("now->{}({})", ctx.method->cpp_member, args);
  if (metered) code += "  smallscope::method_cost cost;\n  smallscope::detail::cost_meter meter(&cost);\n";
  fmt::format_to(it, "  {}{};\n", has_result ? "const auto result = " : "", call);
  if (metered) code += "  meter.stop();\n";
  // The invariant the check judged: the method's own (a member of the root, or a free function).
  const std::string& invariant = ctx.method->cpp_invariant;
  // Everything is judged first and checked after the release: a framework's checks allocate
  // (Catch2 keeps its messages), which the allocation watch would take for the method's leaks,
  // and Catch2's INFO reads its operands where it stands.
  fmt::format_to(it, "  smallscope::detail::failed_invariant_clause = {{}};\n  const bool invariant_holds = {};\n",
                 ctx.method->free_invariant ? fmt::format("{}(*now)", invariant) : fmt::format("now->{}()", invariant));
  if (!ctx.method->cpp_post.empty())
    fmt::format_to(it, "  smallscope::verdict v;\n  {}(v, *old, *now{}{});\n", ctx.method->cpp_post,
                   has_result ? ", result" : "", args.empty() ? "" : ", " + args);
  code += "  smallscope::release(now);\n";
  if (leak) code += "  const auto leaked = smallscope::detail::end_allocation_watch().leaked;\n";
  expect("invariant_holds",
         "\"the invariant fails in the post-state; its clause: \" << smallscope::detail::failed_invariant_clause");
  if (!ctx.method->cpp_post.empty()) expect("v.passed()", "\"postcondition clause fails: \" << v.failed_clause()");
  if (leak) expect("leaked.empty()", "leaked.size() << \" blocks leaked by the method\"");
  if (metered)
    expect(c.cost_condition, "\"the method did \" << cost.reads << \" reads, \" << cost.writes << \" writes, \" << "
                             "cost.allocations << \" allocations and \" << cost.frees << \" frees\"");
  code += "  smallscope::release(old);\n}\n";
  return code;
}

}  // namespace smallscope
