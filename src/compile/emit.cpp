// The translation of a spec's run predicate to C++ (paper 000, Sec. 3; paper 003, Sec. 3): one C++
// function per pred and fun the command reaches, each a single expression over
// smallscope/compiled_spec.hpp's frame.
#include "compile/emit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <vector>

#include "compile/idioms.hpp"
#include "spec_front/load.hpp"

namespace smallscope::compile {

namespace {

using spec::node;
using spec::op;
using spec::ref_kind;

// What a C++ expression of the generated code is.
enum class kind : std::uint8_t {
  formula,  // bool
  integer,  // std::int64_t
  objects,  // compiled::objects
  ints,     // compiled::lone_int
};

struct value {
  std::string code;
  kind k = kind::formula;
  bool lone = false;  // objects or ints of at most one element
};

constexpr const char* way_out =
    "; judge the spec with the evaluators instead (leave it out of smallscope_spec: `--invariant FILE` and "
    "spec_invariant judge every spec)";

std::string identifier(const std::string& name) {
  std::string out;
  for (char c : name) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  return out;
}

// A C++ string literal of `text`, one piece per line.
std::string text_literal(const std::string& text) {
  std::string out = "\n    \"";
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      out += "\\n\"\n    \"";
      continue;
    }
    if (c == '"' || c == '\\') out += '\\';
    if (c == '?') {  // no trigraphs
      out += "\\?";
      continue;
    }
    if (c < 0x20 || c >= 0x7f) {
      out += fmt::format("\\{:03o}", c);
      continue;
    }
    out += static_cast<char>(c);
  }
  return out + "\"";
}

std::string c_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

class translator {
 public:
  translator(const spec::module& m, const emit_options& options) : m_(m), options_(options) {
    for (std::uint32_t s = 0; s < m.sigs.size(); ++s) {
      if (m.sigs[s].builtin && m.sigs[s].name == "Int") int_sig_ = s;
    }
    field_index_.assign(m.field_list.size(), -1);
  }

  std::string run() {
    const std::uint32_t c = spec::find_run_command(m_, options_.run);
    const spec::command_decl& cmd = m_.commands[c];
    if (cmd.target < 0)
      throw untranslatable(cmd.at, "the run command must name a predicate with a receiver (pred Sig.name), the root "
                                   "of the structures; an inline `run { ... }` has none" + std::string(way_out));
    const spec::function_decl& target = m_.functions[static_cast<std::size_t>(cmd.target)];
    std::size_t params = 0;
    for (const auto& d : target.params) params += d.names.size();
    if (target.receiver_index < 0 || params != 1)
      throw untranslatable(target.at, fmt::format("predicate {} must take its receiver only (pred Sig.{}), the root "
                                                  "of the structures, to be an invariant{}",
                                                  target.name, target.name, way_out));
    check_declarations();
    receiver_ = target.receiver_index;
    closure_fields_ = closure_fields(m_);
    emitted_.assign(m_.functions.size(), 0);
    std::string facts;
    for (const spec::fact_decl& f : m_.facts) {
      start_function(f.variable_count);
      facts += formula(*f.body) + " && ";
    }
    const std::string root_call = function_name(static_cast<std::uint32_t>(cmd.target)) + "(f, frame::root())";
    want(static_cast<std::uint32_t>(cmd.target));
    while (!pending_.empty()) {
      const std::uint32_t fn = pending_.back();
      pending_.pop_back();
      definitions_ += define(fn);
    }
    return file(target.name, facts + root_call);
  }

 private:
  // Declarations a judgement of the reached objects alone cannot check (paper 003's facts over
  // every atom of a sig) are refused here.
  void check_declarations() {
    for (const spec::sig_decl& s : m_.sigs) {
      if (s.builtin) continue;
      if (s.is_abstract || !s.parent.empty())
        throw untranslatable(s.at, fmt::format("sig {} is abstract or extends another: sig hierarchies are not "
                                               "translated{}", s.name, way_out));
      if (s.mult == spec::multiplicity::lone || s.mult == spec::multiplicity::some)
        throw untranslatable(s.at, fmt::format("sig {} has a multiplicity over the atoms reached: not translated{}",
                                               s.name, way_out));
      for (const spec::field_decl& f : s.fields) {
        if (f.aux)
          throw untranslatable(f.at, fmt::format("field {} of sig {} is aux: the solver chooses its values, and a "
                                                 "compiled invariant judges C++ objects, which have none: a spec with aux fields "
                                                 "generates inputs (`fe`), so leave it out of smallscope_spec",
                                                 f.name, s.name));
        if (f.arity != 2)
          throw untranslatable(f.at, fmt::format("field {} of sig {} has {} columns: only binary fields (a C++ "
                                                 "member each) are translated{}", f.name, s.name, f.arity, way_out));
        const std::uint32_t col = f.columns.at(0);
        if (col == int_sig_) continue;
        if (m_.sigs[col].builtin)
          throw untranslatable(f.at, fmt::format("field {} of sig {} holds {}: only objects and Int are translated{}",
                                                 f.name, s.name, m_.sigs[col].name, way_out));
        if (f.mult != spec::multiplicity::lone && f.mult != spec::multiplicity::set)
          throw untranslatable(
              f.at, fmt::format("field {} of sig {} must hold an object on every atom of {}, reached or not, which a "
                                "judgement of what the root reaches does not check: declare it `lone {}` and say "
                                "`some x.{}` where it must hold one{}",
                                f.name, s.name, s.name, m_.sigs[col].name, f.name, way_out));
      }
    }
  }

  void start_function(std::uint32_t slots) {
    slot_kind_.assign(slots, kind::objects);
    slot_lone_.assign(slots, false);
  }

  std::string function_name(std::uint32_t fn) const {
    return fmt::format("{}{}_{}", m_.functions[fn].is_pred ? "p" : "fn", fn, identifier(m_.functions[fn].name));
  }

  void want(std::uint32_t fn) {
    if (emitted_[fn]) return;
    emitted_[fn] = 1;
    pending_.push_back(fn);
  }

  // A parameter's kind: Int-valued or objects, one element (no multiplicity, one, lone) or a set.
  value param_shape(const spec::decl& d) {
    value v;
    v.lone = d.mult == spec::multiplicity::none || d.mult == spec::multiplicity::one || d.mult == spec::multiplicity::lone;
    const node& b = *d.bound;
    v.k = (b.kind == op::name && b.ref == ref_kind::sig && b.index == int_sig_) ? kind::ints : kind::objects;
    if (b.kind == op::name && b.ref == ref_kind::sig && b.index != int_sig_) return v;
    if (v.k == kind::ints) return v;
    throw untranslatable(d.at, "a parameter's type must be a sig or Int" + std::string(way_out));
  }

  static const char* type_of(kind k) {
    switch (k) {
      case kind::formula: return "bool";
      case kind::integer: return "std::int64_t";
      case kind::objects: return "objects";
      case kind::ints: return "lone_int";
    }
    return "bool";
  }

  std::string signature(std::uint32_t fn) {
    const spec::function_decl& d = m_.functions[fn];
    std::string params = "[[maybe_unused]] frame& f";
    for (const spec::decl& p : d.params) {
      const value shape = param_shape(p);
      for (std::uint32_t s : p.slots) params += fmt::format(", [[maybe_unused]] {} v{}", type_of(shape.k), s);
    }
    return fmt::format("{} {}({})", d.is_pred ? "bool" : type_of(result_shape(fn).k), function_name(fn), params);
  }

  value result_shape(std::uint32_t fn) {
    const spec::function_decl& d = m_.functions[fn];
    value v;
    if (d.is_pred) return v;
    const node& t = *d.result_type;
    if (!(t.kind == op::name && t.ref == ref_kind::sig))
      throw untranslatable(t.at, "a fun's result type must be a sig or Int" + std::string(way_out));
    v.lone = d.result_mult == spec::multiplicity::none || d.result_mult == spec::multiplicity::one ||
             d.result_mult == spec::multiplicity::lone;
    v.k = t.index == int_sig_ ? (d.body->is_int ? kind::integer : kind::ints) : kind::objects;
    if (v.k == kind::ints && !v.lone)
      throw untranslatable(t.at, "a fun of a set of Int is not translated (an Int-valued set holds at most one "
                                 "integer in the compiled predicate)" + std::string(way_out));
    return v;
  }

  std::string define(std::uint32_t fn) {
    const spec::function_decl& d = m_.functions[fn];
    start_function(d.variable_count);
    for (const spec::decl& p : d.params) {
      const value shape = param_shape(p);
      for (std::uint32_t s : p.slots) {
        slot_kind_[s] = shape.k;
        slot_lone_[s] = shape.lone;
      }
    }
    std::string body;
    if (d.is_pred) {
      body = formula(*d.body);
    } else {
      const value r = result_shape(fn);
      value b = expression(*d.body);
      body = r.k == kind::integer ? integer_of(b, *d.body) : convert(b, r.k, *d.body).code;
    }
    prototypes_ += signature(fn) + ";\n";
    return fmt::format("#line {} {}\n{} {{\n  return {};\n}}\n", d.at.line, c_string(options_.file_label),
                       signature(fn), body);
  }

  std::uint32_t field_of(const node& n) {
    if (n.pre_state)
      throw untranslatable(n.at, "a pre-state field (`" + n.text + "``) belongs to a postcondition, not an invariant" +
                                     std::string(way_out));
    auto& at = field_index_[n.index];
    if (at < 0) {
      at = static_cast<std::int32_t>(fields_.size());
      fields_.push_back(n.index);
    }
    return static_cast<std::uint32_t>(at);
  }

  bool is_int_field(std::uint32_t spec_field) const {
    const auto& ref = m_.field_list[spec_field];
    return m_.sigs[ref.sig].fields[ref.index].columns.at(0) == int_sig_;
  }

  // The fields of a union of object fields (`left + right`), for joins and closures.
  void union_fields(const node& r, std::vector<std::uint32_t>& out) {
    if (r.kind == op::union_) {
      union_fields(*r.args[0], out);
      union_fields(*r.args[1], out);
      return;
    }
    if (r.kind == op::name && r.ref == ref_kind::field) {
      if (is_int_field(r.index))
        throw untranslatable(r.at, "a closure or union over Int field " + r.text + " is not translated" +
                                       std::string(way_out));
      out.push_back(field_of(r));
      return;
    }
    throw untranslatable(r.at, "only fields and unions of fields (left + right) are translated as relations" +
                                   std::string(way_out));
  }

  std::uint32_t fieldset_of(const node& r) {
    std::vector<std::uint32_t> fs;
    union_fields(r, fs);
    std::sort(fs.begin(), fs.end());
    fs.erase(std::unique(fs.begin(), fs.end()), fs.end());
    for (std::uint32_t k = 0; k < fieldsets_.size(); ++k) {
      if (fieldsets_[k] == fs) return k;
    }
    fieldsets_.push_back(fs);
    return static_cast<std::uint32_t>(fieldsets_.size() - 1);
  }

  // x.R for a relation term R.
  value join(const node& n) {
    const node& r = *n.args[1];
    const value x = expression(*n.args[0]);
    if (x.k != kind::objects)
      throw untranslatable(n.at, "a join must start from a set of objects" + std::string(way_out));
    value out;
    out.k = kind::objects;
    if (r.kind == op::name && r.ref == ref_kind::field) {
      const std::uint32_t f = field_of(r);
      if (is_int_field(r.index)) {
        if (!x.lone)
          throw untranslatable(n.at, fmt::format("{} of a set that may hold several objects is a set of integers, "
                                                 "which is not translated (join it from one object: quantify over "
                                                 "the set){}", r.text, way_out));
        return {fmt::format("f.value({}, {})", x.code, f), kind::ints, true};
      }
      out.code = fmt::format("f.join({}, {})", x.code, f);
      out.lone = x.lone;
      return out;
    }
    if (r.kind == op::closure || r.kind == op::rclosure) {
      const std::uint32_t fs = fieldset_of(*r.args[0]);
      out.code = fmt::format("f.{}({}, {})", r.kind == op::closure ? "plus" : "star", x.code, fs);
      return out;
    }
    std::vector<std::uint32_t> fs;
    union_fields(r, fs);
    std::string parts;
    for (std::uint32_t f : fs) parts += fmt::format("{}f.join(s, {})", parts.empty() ? "" : " | ", f);
    out.code = fmt::format("[&](objects s) {{ return {}; }}({})", parts, x.code);
    return out;
  }

  value convert(const value& v, kind want, const node& at) {
    if (v.k == want) return v;
    if (want == kind::ints && v.k == kind::integer) return {fmt::format("f.to_set({})", v.code), kind::ints, true};
    if (want == kind::integer) return {integer_of(v, at), kind::integer, false};
    throw untranslatable(at.at, "a set of integers where objects are needed, or the other way: not translated" +
                                    std::string(way_out));
  }

  std::string integer_of(const value& v, const node& at) {
    if (v.k == kind::integer) return v.code;
    if (v.k == kind::ints) return fmt::format("frame::sum({})", v.code);
    throw untranslatable(at.at, "an integer is needed here" + std::string(way_out));
  }

  std::string integer(const node& n) {
    switch (n.kind) {
      case op::int_lit: return fmt::format("f.wrap(std::int64_t{{{}}})", n.value);
      case op::card: {
        const node& a = *n.args[0];
        if (a.kind == op::name && a.ref == ref_kind::sig) {
          if (a.index == int_sig_) throw untranslatable(a.at, "#Int is not translated" + std::string(way_out));
          return fmt::format("f.count({})", counted_of(m_.sigs[a.index].name));
        }
        const value v = expression(a);
        if (v.k == kind::integer) return "std::int64_t{1}";
        return fmt::format("f.wrap(frame::card({}))", v.code);
      }
      case op::sum_of: {
        const value v = expression(*n.args[0]);
        if (v.k == kind::objects) return "std::int64_t{0}";  // no Int atom among objects
        return integer_of(v, n);
      }
      case op::plus: return fmt::format("f.add({}, {})", integer(*n.args[0]), integer(*n.args[1]));
      case op::minus: return fmt::format("f.sub({}, {})", integer(*n.args[0]), integer(*n.args[1]));
      case op::mul: return fmt::format("f.mul({}, {})", integer(*n.args[0]), integer(*n.args[1]));
      case op::div: return fmt::format("f.div({}, {})", integer(*n.args[0]), integer(*n.args[1]));
      case op::rem: return fmt::format("f.rem({}, {})", integer(*n.args[0]), integer(*n.args[1]));
      case op::ite:
        return fmt::format("({} ? {} : {})", formula(*n.args[0]), integer(*n.args[1]), integer(*n.args[2]));
      case op::let: return let(n, kind::integer);
      case op::call: {
        const value v = call(n);
        return integer_of(v, n);
      }
      default: break;
    }
    if (n.is_formula) throw untranslatable(n.at, "a formula where an integer is needed");
    return integer_of(expression(n), n);
  }

  std::uint32_t counted_of(const std::string& sig) {
    for (std::uint32_t k = 0; k < counted_.size(); ++k) {
      if (counted_[k] == sig) return k;
    }
    counted_.push_back(sig);
    return static_cast<std::uint32_t>(counted_.size() - 1);
  }

  value call(const node& n) {
    const std::uint32_t fn = n.index;
    const spec::function_decl& d = m_.functions[fn];
    want(fn);
    std::string args;
    std::size_t k = 0;
    for (const spec::decl& p : d.params) {
      const value shape = param_shape(p);
      for (std::size_t i = 0; i < p.names.size(); ++i, ++k) {
        const node& a = *n.args.at(k);
        const value v = convert(expression(a), shape.k, a);
        if (shape.lone && !v.lone)
          throw untranslatable(a.at, std::string(shape.k == kind::ints ? "an Int-valued argument must be one integer"
                                                                        : "an argument for a parameter of one object "
                                                                          "must be one object (a variable, this, or "
                                                                          "its fields)") +
                                         way_out);
        args += ", " + v.code;
      }
    }
    value out = d.is_pred ? value{} : result_shape(fn);
    out.code = fmt::format("{}(f{})", function_name(fn), args);
    return out;
  }

  // A set-valued expression (or an integer where the checker left one: `is_int` nodes).
  value expression(const node& n) {
    if (n.is_formula) return {formula(n), kind::formula, false};
    if (n.is_int) return {integer(n), kind::integer, false};
    switch (n.kind) {
      case op::this_:
      case op::name:
        if (n.kind == op::this_ || n.ref == ref_kind::variable)
          return {fmt::format("v{}", n.index), slot_kind_.at(n.index), slot_lone_.at(n.index)};
        if (n.ref == ref_kind::sig)
          throw untranslatable(n.at, fmt::format("sig {} as a set is every atom of it, reached or not, which the "
                                                 "compiled predicate does not see: name the objects the root reaches "
                                                 "(root.*(left + right)), or count the sig (#{}){}",
                                                 n.text, n.text, way_out));
        if (n.ref == ref_kind::field)
          throw untranslatable(n.at, fmt::format("field {} as a relation is translated only after a dot (x.{}, "
                                                 "x.^({})){}", n.text, n.text, n.text, way_out));
        break;
      case op::none: return {"objects{0}", kind::objects, true};
      case op::join: return join(n);
      case op::union_:
      case op::intersect:
      case op::difference: {
        const value a = expression(*n.args[0]);
        const value b = expression(*n.args[1]);
        if (a.k != kind::objects || b.k != kind::objects)
          throw untranslatable(n.at, "union, intersection and difference are translated on sets of objects" +
                                         std::string(way_out));
        const char* fmt_op = n.kind == op::union_ ? "({} | {})" : n.kind == op::intersect ? "({} & {})" : "({} & ~{})";
        return {fmt::format(fmt::runtime(fmt_op), a.code, b.code), kind::objects,
                n.kind != op::union_ && a.lone};
      }
      case op::int_to_set: return {fmt::format("f.to_set({})", integer(*n.args[0])), kind::ints, true};
      case op::ite: {
        const value a = expression(*n.args[1]);
        const value b = convert(expression(*n.args[2]), a.k, *n.args[2]);
        return {fmt::format("({} ? {} : {})", formula(*n.args[0]), a.code, b.code), a.k, a.lone && b.lone};
      }
      case op::let: {
        const value body_shape = shape_of_let(n);
        return {let(n, body_shape.k), body_shape.k, body_shape.lone};
      }
      case op::comprehension: return comprehension(n);
      case op::call: return call(n);
      default: break;
    }
    throw untranslatable(n.at, "this expression is not translated (only sets of objects, joins along fields and "
                               "their closures, and integers)" + std::string(way_out));
  }

  // Binds a let's variables (their kinds) and gives the body's shape.
  value shape_of_let(const node& n) {
    bind_let_slots(n);
    value v = expression(*n.args[0]);
    return v;
  }
  void bind_let_slots(const node& n) {
    for (const spec::decl& d : n.decls) {
      const value v = expression(*d.bound);
      slot_kind_.at(d.slots.at(0)) = v.k;
      slot_lone_.at(d.slots.at(0)) = v.lone;
    }
  }
  std::string let(const node& n, kind k) {
    std::string binds;
    for (const spec::decl& d : n.decls) {
      const value v = expression(*d.bound);
      slot_kind_.at(d.slots.at(0)) = v.k;
      slot_lone_.at(d.slots.at(0)) = v.lone;
      binds += fmt::format("[[maybe_unused]] const {} v{} = {}; ", type_of(v.k), d.slots.at(0), v.code);
    }
    std::string body;
    if (k == kind::formula) body = formula(*n.args[0]);
    else if (k == kind::integer) body = integer(*n.args[0]);
    else body = expression(*n.args[0]).code;
    return fmt::format("[&]() -> {} {{ {}return {}; }}()", type_of(k), binds, body);
  }

  // The loops over a quantifier's or comprehension's variables, opened; `inner` inside them.
  std::string loops(const node& n, const std::string& inner) {
    std::string open, close;
    for (std::size_t di = 0; di < n.decls.size(); ++di) {
      const spec::decl& d = n.decls[di];
      if (d.mult != spec::multiplicity::none && d.mult != spec::multiplicity::one)
        throw untranslatable(d.at, "a variable over subsets (`x: set e`, `lone`, `some`) is not translated" +
                                       std::string(way_out));
      const value b = expression(*d.bound);
      if (b.k != kind::objects)
        throw untranslatable(d.at, "a variable over integers is not translated: quantify over objects" +
                                       std::string(way_out));
      open += fmt::format("const objects b{} = {}; ", d.slots.at(0), b.code);
      if (di == 0) open += "@SAVE@";
      std::string earlier;
      for (std::uint32_t s : d.slots) {
        slot_kind_.at(s) = kind::objects;
        slot_lone_.at(s) = true;
        open += fmt::format("for (objects r{0} = b{1}; r{0} != 0; r{0} &= r{0} - 1) {{ [[maybe_unused]] const objects v{0} = r{0} & (~r{0} + 1); "
                            "if (f.consulted >= f.bound) {{ f.consulted = frame::never; break; }} ",
                            s, d.slots.at(0));
        if (d.disjoint && !earlier.empty()) open += fmt::format("if (v{} & ({})) continue; ", s, earlier);
        open += fmt::format("@G{}@", s);
        earlier += earlier.empty() ? fmt::format("v{}", s) : fmt::format(" | v{}", s);
        close += "} ";
      }
    }
    return open + inner + " " + close;
  }

  // The tree idiom (idioms.hpp): the translation walks first and returns false at the first
  // object met again, reading what a hand-written rep_ok reads before it fails (and the search
  // prunes as on it). The converse holds too (an object met twice is on a cycle or below two
  // paths), so after the walk the idiom's two conjuncts are true and are dropped from `parts`.
  // Returns the walk's call, or "" when the quantifier is not the idiom.
  std::string tree_walk(const node& n, std::vector<const node*>& parts) {
    const tree_idiom t = find_tree_idiom(n, parts, [&](std::uint32_t f) { return !is_int_field(f); });
    if (!t) return "";
    const value from = expression(*t.from);
    if (from.k != kind::objects || !from.lone) return "";
    std::erase_if(parts, [&](const node* c) { return c == t.acyclic || c == t.unshared; });
    return fmt::format("f.tree({}, {})", from.code, fieldset_of(*t.fields));
  }

  std::string quantifier(const node& n) {
    std::vector<const node*> parts;
    if (n.kind == op::quant_all) conjuncts(*n.args[0], parts);
    else parts.push_back(n.args[0].get());
    return quantified(n, parts);
  }

  // `all x: D | A && B` as `(all x: D | A) && (all x: D | B)` grouped by rank (see conjunction).
  std::string quantified(const node& n, std::vector<const node*> parts) {
    const std::string walk = n.kind == op::quant_all ? tree_walk(n, parts) : "";
    if (!walk.empty() && parts.empty()) return walk;
    const std::uint32_t id = next_id_++;
    // The loops bind the variables' kinds before the body is translated.
    std::string head = loops(n, "@BODY@");
    std::string body = n.kind == op::quant_all ? guarded(n, parts, id, head) : "";
    if (body.empty()) {
      for (const node* p : parts) body += (body.empty() ? "" : " && ") + formula(*p);
      if (parts.size() > 1) body = "(" + body + ")";
    }
    strip_guards(head);
    std::string inner, result, counter, save;
    switch (n.kind) {
      case op::quant_all:
        // Each instance is judged from what the bounds consulted and what its path consulted on
        // the way in (the guards of an implication's antecedent checked in the outer loops, the
        // bounds of later variables): after an instance, what was consulted goes back to where it
        // stood when the instance began, not to before the loops, or a guard that held for it
        // would be left out of the reads that decide a later instance. A false instance is
        // decided by the earliest reads of any false instance (see frame::consulted and
        // frame::bound).
        save = fmt::format("const std::uint32_t s{0} = f.consulted; std::uint32_t t{0} = s{0}, x{0} = frame::never; "
                           "const std::uint32_t z{0} = f.bound; bool h{0} = true; ", id);
        inner = fmt::format("{{ const std::uint32_t c{0} = f.consulted; "
                            "if (!({1})) {{ h{0} = false; x{0} = frame::earlier(x{0}, f.consulted); f.bound = frame::earlier(f.bound, x{0}); }} "
                            "else t{0} = frame::later(t{0}, f.consulted); f.consulted = c{0}; }}",
                            id, body);
        // A loop cut short at the bound (consulted is never) leaves a void judgement, but a false
        // instance found before it.
        result = fmt::format("(f.bound = z{0}, f.consulted = x{0} != frame::never ? x{0} : !h{0} || f.consulted == "
                             "frame::never ? frame::never : t{0}, h{0})", id);
        break;
      case op::quant_some: inner = fmt::format("if ({}) return true;", body); result = "false"; break;
      case op::quant_no: inner = fmt::format("if ({}) return false;", body); result = "true"; break;
      case op::quant_lone:
        counter = fmt::format("int k{} = 0; ", n.decls[0].slots.at(0));
        inner = fmt::format("if (({}) && ++k{} > 1) return false;", body, n.decls[0].slots.at(0));
        result = "true";
        break;
      default:  // one
        counter = fmt::format("int k{} = 0; ", n.decls[0].slots.at(0));
        inner = fmt::format("if (({}) && ++k{} > 1) return false;", body, n.decls[0].slots.at(0));
        result = fmt::format("k{} == 1", n.decls[0].slots.at(0));
        break;
    }
    head.replace(head.find("@BODY@"), 6, inner);
    head.replace(head.find("@SAVE@"), 6, save);
    const std::string q = fmt::format("[&]() -> bool {{ {}{}return {}; }}()", counter, head, result);
    return walk.empty() ? q : fmt::format("({} && {})", walk, q);
  }

  static void strip_guards(std::string& head) {
    for (std::size_t at = head.find("@G"); at != std::string::npos; at = head.find("@G"))
      head.erase(at, head.find('@', at + 1) - at + 1);
  }

  // `all x, y: D | P(x) and Q(y) => R` judges P(x) once per x, before the loop over y: a
  // conjunct of the antecedent is checked as soon as the variables it reads are bound, and an
  // instance it makes false is true whatever the later variables (it consulted what the guard
  // did). Returns the body left for the innermost loop, or "" when the body is not such an
  // implication; the guards go into `head` at their variables' places (@G<slot>@).
  std::string guarded(const node& n, const std::vector<const node*>& parts, std::uint32_t id, std::string& head) {
    std::vector<std::uint32_t> order;
    for (const spec::decl& d : n.decls) order.insert(order.end(), d.slots.begin(), d.slots.end());
    if (parts.size() != 1 || parts[0]->kind != op::implies || order.size() < 2) return "";
    std::vector<const node*> ante;
    conjuncts(*parts[0]->args[0], ante);
    std::vector<std::vector<const node*>> at(order.size());
    for (const node* c : ante) {
      std::vector<std::uint32_t> read, declared;
      variables(*c, read, declared);
      std::size_t level = 0;
      for (std::uint32_t v : read) {
        for (std::size_t k = 0; k < order.size(); ++k) {
          if (order[k] == v) level = std::max(level, k);
        }
      }
      at[level].push_back(c);
    }
    if (at.back().size() == ante.size()) return "";
    for (std::size_t k = 0; k + 1 < order.size(); ++k) {
      std::string guard;
      for (const node* c : at[k]) guard += (guard.empty() ? "" : " && ") + formula(*c);
      if (guard.empty()) continue;
      const std::string mark = fmt::format("@G{}@", order[k]);
      // A guard that fails makes its instances true; what was consulted goes back to where it
      // stood before the guard (the outer guards that held stay in it).
      head.replace(head.find(mark), mark.size(),
                   fmt::format("{{ const std::uint32_t g{0}_{2} = f.consulted; if (!({1})) {{ t{0} = frame::later(t{0}, "
                               "f.consulted); f.consulted = g{0}_{2}; continue; }} }} ",
                               id, guard, order[k]));
    }
    std::string last;
    for (const node* c : at.back()) last += (last.empty() ? "" : " && ") + formula(*c);
    const std::string then = formula(*parts[0]->args[1]);
    return last.empty() ? then : fmt::format("(!({}) || {})", last, then);
  }

  // A conjunction's conjuncts are judged in an order of their own (a conjunction has no effect but
  // its reads, so any order gives its value): first those that read only the receiver's fields and
  // the fields closures walk (the shape), then those that read other object fields of the
  // objects, then those that read their integers; in the spec's order within each rank. So a
  // judgement fails on the shape before it reads the values the shape holds, as a hand-written
  // rep_ok walks before it compares keys, and the search prunes there. An `all` whose body is a
  // conjunction splits into one `all` per rank.
  std::string conjunction(const node& n) {
    std::vector<const node*> parts;
    conjuncts(n, parts);
    if (parts.empty()) return "true";
    std::vector<std::pair<int, std::string>> ranked;
    for (const node* p : parts) {
      if (p->kind == op::quant_all) {
        std::vector<const node*> body;
        conjuncts(*p->args[0], body);
        for (int r = 0; r <= 2; ++r) {
          std::vector<const node*> group;
          for (const node* b : body) {
            if (rank(*b) == r) group.push_back(b);
          }
          if (!group.empty()) ranked.emplace_back(std::max(r, rank_of_bounds(*p)), quantified(*p, group));
        }
        continue;
      }
      ranked.emplace_back(rank(*p), formula(*p));
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    if (ranked.size() == 1) return ranked[0].second;
    // Each conjunct is judged from what was consulted before the conjunction (frame::consulted),
    // so a false one names the reads that decided it; the first false one ends the conjunction
    // (the ranks put the conjuncts over earlier reads first; an `all` looks further, see quantified).
    const std::uint32_t id = next_id_++;
    std::string out = fmt::format("[&]() -> bool {{ const std::uint32_t s{0} = f.consulted; std::uint32_t t{0} = s{0}; ", id);
    for (const auto& [r, code] : ranked)
      out += fmt::format("if (!({1})) return false; t{0} = frame::later(t{0}, f.consulted); f.consulted = s{0}; ", id, code);
    return out + fmt::format("f.consulted = t{}; return true; }}()", id);
  }

  int rank_of_bounds(const node& q) {
    int r = 0;
    for (const spec::decl& d : q.decls) r = std::max(r, rank(*d.bound));
    return r;
  }

  // 0: reads the receiver's fields and closure fields only; 1: other object fields; 2: integers
  // of objects other than the receiver.
  int rank(const node& n) {
    int r = 0;
    for (std::uint32_t f : fields_read(m_, n)) {
      if (m_.field_list[f].sig == static_cast<std::uint32_t>(receiver_)) continue;
      if (is_int_field(f)) r = 2;
      else if (std::find(closure_fields_.begin(), closure_fields_.end(), f) == closure_fields_.end()) r = std::max(r, 1);
    }
    return r;
  }

  value comprehension(const node& n) {
    if (n.decls.size() != 1 || n.decls[0].names.size() != 1)
      throw untranslatable(n.at, "a comprehension of more than one variable is a relation, not translated" +
                                     std::string(way_out));
    std::string head = loops(n, "@BODY@");
    const std::uint32_t s = n.decls[0].slots.at(0);
    head.replace(head.find("@BODY@"), 6, fmt::format("if ({}) out |= v{};", formula(*n.args[0]), s));
    strip_guards(head);
    head.replace(head.find("@SAVE@"), 6, "");
    const std::string set = fmt::format("[&]() -> objects {{ objects out = 0; {}return out; }}()", head);
    // Kept per object of its free variable when it has one (two: the other as the key), as a
    // quantifier over pairs asks for the same set again for each partner.
    std::vector<std::uint32_t> read, declared;
    variables(n, read, declared);
    std::vector<std::uint32_t> free;
    for (std::uint32_t v : read) {
      if (std::find(declared.begin(), declared.end(), v) == declared.end() &&
          std::find(free.begin(), free.end(), v) == free.end())
        free.push_back(v);
    }
    std::sort(free.begin(), free.end());
    for (std::uint32_t v : free) {
      if (slot_kind_.at(v) != kind::objects || !slot_lone_.at(v)) return {set, kind::objects, false};
    }
    if (free.empty() || free.size() > 2) return {set, kind::objects, false};
    const std::string key = free.size() == 2 ? fmt::format("v{}", free[0]) : "objects{0}";
    return {fmt::format("f.memo({}, v{}, {}, [&]() -> objects {{ return {}; }})", memos_++, free.back(), key, set),
            kind::objects, false};
  }

  // Two sides of =, != or in, as one kind.
  std::pair<value, value> comparable(const node& n) {
    const node& an = *n.args[0];
    const node& bn = *n.args[1];
    value a = expression(an);
    value b = expression(bn);
    if (a.k == kind::integer) a = convert(a, kind::ints, an);
    if (b.k == kind::integer) b = convert(b, kind::ints, bn);
    if (an.kind == op::none) a = b.k == kind::ints ? value{"lone_int{}", kind::ints, true} : a;
    if (bn.kind == op::none) b = a.k == kind::ints ? value{"lone_int{}", kind::ints, true} : b;
    if (a.k != b.k)
      throw untranslatable(n.at, "a set of integers compared with a set of objects is not translated" +
                                     std::string(way_out));
    if (a.k == kind::ints && (!a.lone || !b.lone))
      throw untranslatable(n.at, "Int-valued sets of more than one integer are not translated" + std::string(way_out));
    return {a, b};
  }

  std::string formula(const node& n) {
    switch (n.kind) {
      case op::true_: return "true";
      case op::false_: return "false";
      case op::not_: return fmt::format("!{}", formula(*n.args[0]));
      case op::and_: return conjunction(n);
      case op::or_: return fmt::format("({} || {})", formula(*n.args[0]), formula(*n.args[1]));
      case op::implies: return fmt::format("(!{} || {})", formula(*n.args[0]), formula(*n.args[1]));
      case op::iff: return fmt::format("({} == {})", formula(*n.args[0]), formula(*n.args[1]));
      case op::ite:
        return fmt::format("({} ? {} : {})", formula(*n.args[0]), formula(*n.args[1]), formula(*n.args[2]));
      case op::block: return conjunction(n);
      case op::in:
      case op::not_in: {
        if (n.args[0]->is_int && n.args[1]->is_int)
          return fmt::format("({}{} == {})", n.kind == op::not_in ? "!" : "", integer(*n.args[0]), integer(*n.args[1]));
        const auto [a, b] = comparable(n);
        return fmt::format("{}frame::in({}, {})", n.kind == op::not_in ? "!" : "", a.code, b.code);
      }
      case op::eq:
      case op::neq: {
        const char* rel = n.kind == op::eq ? "==" : "!=";
        if (n.args[0]->is_int && n.args[1]->is_int)
          return fmt::format("({} {} {})", integer(*n.args[0]), rel, integer(*n.args[1]));
        const auto [a, b] = comparable(n);
        return fmt::format("({} {} {})", a.code, rel, b.code);
      }
      case op::lt:
      case op::gt:
      case op::lte:
      case op::gte: {
        const char* rel = n.kind == op::lt ? "<" : n.kind == op::gt ? ">" : n.kind == op::lte ? "<=" : ">=";
        return fmt::format("({} {} {})", integer(*n.args[0]), rel, integer(*n.args[1]));
      }
      case op::no:
      case op::some:
      case op::lone:
      case op::one: {
        const value v = expression(*n.args[0]);
        if (v.k == kind::integer || v.k == kind::ints) {
          const value s = convert(v, kind::ints, *n.args[0]);
          if (!s.lone)
            throw untranslatable(n.at, "Int-valued sets of more than one integer are not translated" + std::string(way_out));
          if (n.kind == op::lone) return "true";
          return fmt::format("{}({}).some", n.kind == op::no ? "!" : "", s.code);
        }
        if (v.k != kind::objects) break;
        switch (n.kind) {
          case op::no: return fmt::format("({} == 0)", v.code);
          case op::some: return fmt::format("({} != 0)", v.code);
          case op::lone: return fmt::format("frame::lone({})", v.code);
          default: return fmt::format("frame::one({})", v.code);
        }
      }
      case op::quant_all:
      case op::quant_some:
      case op::quant_no:
      case op::quant_lone:
      case op::quant_one: return quantifier(n);
      case op::let: return let(n, kind::formula);
      case op::call: {
        const value v = call(n);
        if (v.k != kind::formula) break;
        return v.code;
      }
      default: break;
    }
    throw untranslatable(n.at, "this formula is not translated" + std::string(way_out));
  }

  std::string file(const std::string& predicate, const std::string& holds) const {
    std::string fields, fieldset_fields, fieldset_begin = "0", counted;
    for (std::uint32_t f : fields_) {
      const auto& ref = m_.field_list[f];
      fields += fmt::format("    {{{}, {}, {}}},\n", c_string(m_.sigs[ref.sig].name),
                            c_string(m_.sigs[ref.sig].fields[ref.index].name), is_int_field(f) ? "false" : "true");
    }
    std::uint32_t total = 0;
    for (const auto& fs : fieldsets_) {
      for (std::uint32_t f : fs) fieldset_fields += fmt::format("{}, ", f);
      total += static_cast<std::uint32_t>(fs.size());
      fieldset_begin += fmt::format(", {}", total);
    }
    for (const auto& s : counted_) counted += c_string(s) + ", ";
    std::string out = fmt::format(
        "// Generated by smallscope-spec-compile from {} (run {}): the predicate as C++ over\n"
        "// smallscope/compiled_spec.hpp. Do not edit: it is made again when the spec changes.\n"
        "#include <cstdint>\n\n#include <smallscope/compiled_spec.hpp>\n\n"
        "namespace {{\n{}\nusing smallscope::compiled::frame;\nusing smallscope::compiled::lone_int;\n"
        "using smallscope::compiled::objects;\n\n",
        options_.file_label, predicate,
        options_.unit_namespace.empty() ? std::string() : "namespace " + options_.unit_namespace + " {\n");
    out += prototypes_ + "\n" + definitions_ + "\n";
    out += fmt::format("bool holds(frame& f) {{ return {}; }}\n\n", holds);
    out += fmt::format("const smallscope::compiled::field_use fields[] = {{\n{}}};\n", fields.empty() ? "    {},\n" : fields);
    out += fmt::format("const std::uint32_t fieldset_fields[] = {{{}0}};\n", fieldset_fields);
    out += fmt::format("const std::uint32_t fieldset_begin[] = {{{}}};\n", fieldset_begin);
    out += fmt::format("const char* const counted[] = {{{}nullptr}};\n", counted);
    const std::string text = options_.text_symbol.empty() ? "text" : options_.text_symbol;
    if (options_.text_symbol.empty())
      out += "// The spec's text: the registry matches a file's text against it.\nconst char text[] =" +
             text_literal(options_.text) + ";\n\n";
    out += fmt::format(
        "const smallscope::compiled::compiled_spec spec{{\n"
        "    {0}, sizeof {0} - 1, {1}, {2},\n    fields, {3}, fieldset_fields, fieldset_begin, {4}, counted, {5}, &holds, "
        "{6}}};\n"
        "[[maybe_unused]] const bool registered = smallscope::compiled::register_compiled_spec(spec);\n\n"
        "{7}}}  // namespace\n",
        text, c_string(options_.file_label), c_string(predicate), fields_.size(), fieldsets_.size(), counted_.size(),
        memos_, options_.unit_namespace.empty() ? std::string() : "}  // namespace " + options_.unit_namespace + "\n");
    return out;
  }

  const spec::module& m_;
  const emit_options& options_;
  std::uint32_t int_sig_ = 0;
  std::vector<std::int32_t> field_index_;  // spec field -> compiled field, or -1
  std::vector<std::uint32_t> fields_;      // compiled field -> spec field
  std::vector<std::vector<std::uint32_t>> fieldsets_;
  std::vector<std::string> counted_;
  std::int32_t receiver_ = -1;             // the run predicate's receiver sig
  std::uint32_t next_id_ = 0;              // names of the generated code's locals
  std::uint32_t memos_ = 0;                // frame::memo sites
  std::vector<std::uint32_t> closure_fields_;
  std::vector<std::uint8_t> emitted_;
  std::vector<std::uint32_t> pending_;
  std::vector<kind> slot_kind_;
  std::vector<bool> slot_lone_;
  std::string prototypes_, definitions_;
};

}  // namespace

std::string text_definition(const std::string& text, const std::string& symbol) {
  return "#include <cstdint>\n\n#include <smallscope/compiled_spec.hpp>\n\nnamespace {\n\n"
         "// The spec's text: the registry matches a file's text against it.\nconst char " + symbol + "[] =" +
         text_literal(text) + ";\n\n}  // namespace\n\n";
}

std::string emit_cpp(const spec::module& m, const emit_options& options) {
  translator t(m, options);
  return t.run();
}

}  // namespace smallscope::compile
