// A list spec built by hand as the checker would leave it (paper 003, Sec. 3's running example):
//   sig List { header: lone Node, index: Node -> lone Int }
//   sig Node { elem: one Int, next: lone Node }
// with util/boolean's Bool, True and False, the predicates acyclic, sorted and sortOk (whose
// permutation conjunct counts elements in the pre-state with backticked fields), and optional facts.
#pragma once

#include <vector>

#include "spec/spec_builder.hpp"

namespace smallscope::spec::list_spec {

enum : std::uint32_t { s_int, s_bool, s_true, s_false, s_list, s_node };
enum : std::uint32_t { f_header, f_index, f_elem, f_next };
enum : std::uint32_t { p_acyclic, p_sorted, p_sort_ok, p_rep_ok, p_method_ok, p_non_empty, p_post2, p_outer };

using namespace build;

// this.header.*next, in the state or (backticked) the pre-state.
inline node_ptr reach(bool pre = false) {
  return join(join(this_(), field(f_header, 2, pre)), rclosure(field(f_next, 2, pre)));
}
// all n: this.header.*next | n !in n.^next   (n in slot 1)
inline node_ptr acyclic_body() {
  return quant(op::quant_all, d({1}, reach()), f2(op::not_in, var(1), join(var(1), closure(field(f_next)))));
}
// all n: this.header.*next | some n.next implies n.elem <= n.next.elem
inline node_ptr sorted_body() {
  return quant(op::quant_all, d({1}, reach()),
               f2(op::implies, f1(op::some, join(var(1), field(f_next))),
                  f2(op::lte, sum(join(var(1), field(f_elem))), sum(join(join(var(1), field(f_next)), field(f_elem))))));
}
// all i: Int | #{ n: header.*next | n.elem = i } = #{ n: header`.*next` | n.elem` = i }
inline node_ptr permutation_body() {
  std::vector<decl> post_decls, pre_decls;
  post_decls.push_back(d({2}, reach()));
  pre_decls.push_back(d({3}, reach(true)));
  return quant(op::quant_all, d({1}, int_sig()),
               f2(op::eq, card(compr(std::move(post_decls), f2(op::eq, join(var(2), field(f_elem)), var(1)), 1)),
                  card(compr(std::move(pre_decls), f2(op::eq, join(var(3), field(f_elem, 2, true)), var(1)), 1))));
}

inline module make(bool with_facts) {
  module m;
  m.sigs.push_back(sig_d("Int", multiplicity::none, -1, false, true));
  m.sigs.push_back(sig_d("Bool", multiplicity::none, -1, true, true));
  m.sigs.push_back(sig_d("True", multiplicity::one, s_bool, false, true));
  m.sigs.push_back(sig_d("False", multiplicity::one, s_bool, false, true));
  m.sigs.push_back(sig_d("List"));
  m.sigs.push_back(sig_d("Node"));
  m.sigs[s_list].fields.push_back(field_d("header", s_list, {s_node}, multiplicity::lone));
  m.sigs[s_list].fields.push_back(field_d("index", s_list, {s_node, s_int}, multiplicity::none, {multiplicity::lone}));
  m.sigs[s_node].fields.push_back(field_d("elem", s_node, {s_int}, multiplicity::one));
  m.sigs[s_node].fields.push_back(field_d("next", s_node, {s_node}, multiplicity::lone));
  number_fields(m);
  const std::int32_t recv = s_list;
  add_pred(m, "acyclic", block(list(labeled(acyclic_body(), "acyclic"))), 2, recv);
  add_pred(m, "sorted", block(list(labeled(sorted_body(), "sorted"))), 2, recv);
  add_pred(m, "sortOk",
           block(list(labeled(call(p_acyclic, list(this_())), "acyclic"), labeled(call(p_sorted, list(this_())), "sorted"),
                      labeled(permutation_body(), "permutation"))),
           4, recv);
  add_pred(m, "repOk", block(list(labeled(acyclic_body(), "acyclic"), labeled(sorted_body(), "sorted"))), 2, recv);
  add_pred(m, "methodOk",
           block(list(labeled(f1(op::some, join(this_(), field(f_header))), "some header"),
                      labeled(call(p_rep_ok, list(this_())), "repOk[this]"))),
           1, recv);
  add_pred(m, "nonEmpty", f1(op::some, join(this_(), field(f_header))), 1, recv);
  add_pred(m, "post2", block(list(call(p_non_empty, list(this_())))), 1, recv);
  add_pred(m, "outer", block(list(call(p_method_ok, list(this_())))), 1, recv);
  if (with_facts) {
    fact_decl no_self;
    no_self.name = "NoSelfLoop";
    no_self.body = block(list(quant(op::quant_all, d({0}, sig(s_node)), f2(op::not_in, var(0), join(var(0), field(f_next))))));
    no_self.variable_count = 1;
    m.facts.push_back(std::move(no_self));
    fact_decl some_list;
    some_list.at.line = 12;
    some_list.body = block(list(f1(op::some, sig(s_list))));
    m.facts.push_back(std::move(some_list));
    fact_decl node_fact;  // sig Node { ... } { lone this.~next }, as the checker rewrites it
    node_fact.name = "Node fact";
    node_fact.body = block(list(quant(op::quant_all, d({0}, sig(s_node)), f1(op::lone, join(var(0), transpose(field(f_next)))))));
    node_fact.variable_count = 1;
    m.facts.push_back(std::move(node_fact));
  }
  return m;
}

// Atoms: List$0, Node$0..2, True$0, False$0, then the integers -8..7 (bit width 4).
constexpr std::uint32_t list_atom = 0, node0 = 1, true_atom = 4, false_atom = 5, int0 = 6;
inline universe make_universe() {
  return build::make_universe({"List$0", "Node$0", "Node$1", "Node$2", "True$0", "False$0"}, 4);
}
inline std::uint32_t int_atom(int v) { return int0 + static_cast<std::uint32_t>(v + 8); }

// A list of k nodes: header and next hold node numbers (-1: none), elem the nodes' integers.
struct shape {
  int k = 0;
  int header = -1;
  std::vector<int> next, elem;
};

inline instance make_instance(const universe& u, const shape& s) {
  instance in;
  in.atoms = &u;
  std::vector<std::uint32_t> ints;
  for (std::uint32_t i = 0; i < u.int_count; ++i) ints.push_back(u.int_first + i);
  std::vector<std::uint32_t> nodes;
  for (int i = 0; i < s.k; ++i) nodes.push_back(node0 + static_cast<std::uint32_t>(i));
  in.sigs = {unary(ints), unary({true_atom, false_atom}), unary({true_atom}), unary({false_atom}),
             unary({list_atom}), unary(nodes)};
  std::vector<std::pair<std::uint32_t, std::uint32_t>> header, elem, next;
  if (s.header >= 0) header.push_back({list_atom, node0 + static_cast<std::uint32_t>(s.header)});
  for (int i = 0; i < s.k; ++i) {
    std::uint32_t n = node0 + static_cast<std::uint32_t>(i);
    elem.push_back({n, int_atom(s.elem[static_cast<std::size_t>(i)])});
    if (s.next[static_cast<std::size_t>(i)] >= 0) next.push_back({n, node0 + static_cast<std::uint32_t>(s.next[static_cast<std::size_t>(i)])});
  }
  tuple_set index;
  index.arity = 3;
  in.fields = {pairs(header), index, pairs(elem), pairs(next)};
  return in;
}

}  // namespace smallscope::spec::list_spec
