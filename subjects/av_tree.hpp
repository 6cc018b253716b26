// AVTree, paper 000's benchmark (Table 1: target method lookup, helper extract; Sec. 8.1): the
// attribute-value trees of the Intentional Naming System (INS), as paper 003 (TestEra, Sec. 6.2)
// describes them. Neither Korat 1.0 nor the papers give the code; this is our own version from
// those descriptions.
//
// An intentional name is a tree of alternating levels of attributes and values: each attribute
// has a value, which may be the wildcard "*" in a query, and below each value further
// attribute-value pairs. A resolver's database merges the names that services advertise into
// one name-tree, where an attribute node has one child per value seen and a value node records
// the services (here a bitmask) whose advertised name ends there. Lookup-Name(database, query)
// returns the services that conform to the query. We use paper 003's corrected definition: a
// service conforms to q if q is a subtree of the service's name, the wildcard matching any
// value. The original INS treated an attribute the database lacks as a wildcard (paper 003,
// Fig. 7(b)); lookup_original keeps that flaw as a seeded bug.
//
// Korat generates the inputs of lookup as one object of paper 000 Fig. 8's input class: the
// receiver and the argument together. Our root class is that input: the database name-tree
// and the query, built from one pool of attribute nodes and one of value nodes.
#pragma once

#include <cstdint>
#include <set>
#include <vector>

#include "smallscope/fields.hpp"
#include "smallscope/finitization.hpp"
#include "smallscope/oracle.hpp"
#include "smallscope/small_set.hpp"

namespace subjects::av_tree {

inline constexpr int wildcard = -1;

struct value_node;

// An attribute: its name, its values (first child), and the next attribute of its level.
struct attr_node {
  smallscope::field<int> attribute;
  smallscope::field<value_node*> values;
  smallscope::field<attr_node*> next;
};

// A value: its name (or the wildcard, in queries), the attributes below it (first child), the
// next value of the same attribute, and (database only) the services whose name ends here.
struct value_node {
  smallscope::field<int> value;
  smallscope::field<attr_node*> attributes;
  smallscope::field<value_node*> next;
  smallscope::field<int> records;
};
SMALLSCOPE_FIELDS(attr_node, attribute, values, next)
SMALLSCOPE_FIELDS(value_node, value, attributes, next, records)

// The services of every value below the attributes `first` (INS's extract: the records of a
// subtree; a name that goes deeper than the query still conforms).
inline int extract(const attr_node* first);
inline int extract_value(const value_node* v) { return v->records | extract(v->attributes); }
inline int extract(const attr_node* first) {
  int r = 0;
  for (const attr_node* a = first; a != nullptr; a = a->next)
    for (const value_node* v = a->values; v != nullptr; v = v->next) r |= extract_value(v);
  return r;
}

struct av_tree {
  smallscope::field<attr_node*> database;  // the name-tree: the top level of attributes
  smallscope::field<attr_node*> query;     // the query: one value per attribute

  // Lookup-Name(database, query): the services (bitmask) whose name conforms to the query.
  // Interesting inputs: query attributes the database lacks, wildcards over several values,
  // nested pairs that hold for different services on different branches, empty queries.
  int lookup() const { return lookup_level(database, query, extract(database), /*original=*/false); }

  // DELIBERATE BUG (INS before paper 003's correction): an attribute of the query that the
  // database lacks is skipped as if it were a wildcard, so services lacking it are returned.
  int lookup_original() const { return lookup_level(database, query, extract(database), /*original=*/true); }

  bool rep_ok() const {
    smallscope::small_set<const void*> visited;  // no node twice, in either tree or across them
    if (!level_ok(database, visited, /*query=*/false)) return false;
    return level_ok(query, visited, /*query=*/true);
  }

 private:
  // The services among `candidates` whose name, below the level `names`, holds every pair of
  // the query level `q`.
  static int lookup_level(const attr_node* names, const attr_node* q, int candidates, bool original) {
    int s = candidates;
    for (const attr_node* p = q; p != nullptr; p = p->next) {
      const attr_node* a = names;
      while (a != nullptr && a->attribute != p->attribute) a = a->next;
      if (a == nullptr) {
        if (original) continue;
        return 0;
      }
      const value_node* pv = p->values;
      int matched = 0;
      for (const value_node* w = a->values; w != nullptr; w = w->next)
        if (pv->value == wildcard || pv->value == w->value)
          matched |= lookup_level(w->attributes, pv->attributes, extract_value(w), original);
      s &= matched;
    }
    return s;
  }

  // One level of attributes and everything below it: attributes of a level distinct, values of
  // an attribute distinct; database: at least one value per attribute, no wildcard, a value
  // without attributes below records some service; query: exactly one value per attribute and no
  // records.
  static bool level_ok(const attr_node* first, smallscope::small_set<const void*>& visited, bool query) {
    smallscope::small_set<int> attributes;
    for (const attr_node* a = first; a != nullptr; a = a->next) {
      if (!visited.insert(a)) return false;
      if (!attributes.insert(a->attribute)) return false;
      const value_node* v = a->values;
      if (v == nullptr) return false;
      if (query) {
        if (v->next != nullptr) return false;
        if (!visited.insert(v)) return false;
        v->value.get();                       // any value or the wildcard
        if (v->records != 0) return false;    // a query records no service
        if (!level_ok(v->attributes, visited, true)) return false;
        continue;
      }
      smallscope::small_set<int> values;
      for (; v != nullptr; v = v->next) {
        if (!visited.insert(v)) return false;
        const int value = v->value;
        if (value == wildcard || !values.insert(value)) return false;
        const attr_node* below = v->attributes;
        if (below == nullptr && v->records == 0) return false;
        if (!level_ok(below, visited, false)) return false;
      }
    }
    return true;
  }
};
SMALLSCOPE_FIELDS(av_tree, database, query)

// finAVTree(attrNodes, valueNodes, attributes, values, services): pools of attribute and value
// nodes shared by the database and the query; attribute names in [0, attributes-1]; values in
// [-1, values-1] (-1 the wildcard); records in [0, 2^services - 1].
inline smallscope::finitization fin(std::int64_t attr_nodes, std::int64_t value_nodes, std::int64_t attributes,
                                    std::int64_t values, std::int64_t services) {
  auto f = smallscope::finitization::of<av_tree>("AVTree");
  auto a = f.objects<attr_node>("Attribute", static_cast<std::uint32_t>(attr_nodes));
  auto v = f.objects<value_node>("Value", static_cast<std::uint32_t>(value_nodes));
  f.set(&av_tree::database, a.or_null());
  f.set(&av_tree::query, a.or_null());
  f.set(&attr_node::attribute, smallscope::ints(0, attributes - 1));
  f.set(&attr_node::values, v.or_null());
  f.set(&attr_node::next, a.or_null());
  f.set(&value_node::value, smallscope::ints(wildcard, values - 1));
  f.set(&value_node::attributes, a.or_null());
  f.set(&value_node::next, v.or_null());
  f.set(&value_node::records, smallscope::ints(0, (std::int64_t{1} << services) - 1));
  return f;
}

// The postcondition's own model of names (paper 003, Sec. 6.2's conformance): each service's
// name is the part of the name-tree on the way to the values that record it; the query
// conforms if it embeds in that name. Built with std containers, per service, apart from the
// set arithmetic of lookup.
struct name {
  struct pair {
    int attribute;
    int value;
    std::vector<pair> below;
  };
  std::vector<pair> top;
};

// The name of service `service` below the level `first` (pairs leading to a record of it).
inline std::vector<name::pair> name_of(const attr_node* first, int service, std::set<const void*>& seen) {
  std::vector<name::pair> out;
  for (const attr_node* a = first; a != nullptr && seen.insert(a).second; a = a->next)
    for (const value_node* v = a->values; v != nullptr && seen.insert(v).second; v = v->next) {
      name::pair p{a->attribute, v->value, name_of(v->attributes, service, seen)};
      if (((v->records >> service) & 1) != 0 || !p.below.empty()) out.push_back(std::move(p));
    }
  return out;
}

// Whether the query level `q` embeds in the name level `n`.
inline bool embeds(const attr_node* q, const std::vector<name::pair>& n, int depth = 0) {
  if (depth > 64) return false;  // a cyclic query: not a conforming one
  for (const attr_node* p = q; p != nullptr; p = p->next) {
    bool found = false;
    const value_node* pv = p->values;
    for (const name::pair& m : n)
      if (m.attribute == p->attribute && (pv->value == wildcard || pv->value == m.value) &&
          embeds(pv->attributes, m.below, depth + 1))
        found = true;
    if (!found) return false;
  }
  return true;
}

// The services (bitmask) that conform to the query; services are bits 0..30 of records.
inline int conforming(const av_tree& t) {
  int r = 0;
  for (int s = 0; s < 31; ++s) {
    std::set<const void*> seen;
    const std::vector<name::pair> n = name_of(t.database, s, seen);
    if (!n.empty() && embeds(t.query, n)) r |= 1 << s;
  }
  return r;
}

// Every node's fields, in walk order, to tell that lookup changed nothing.
inline std::vector<std::int64_t> snapshot(const av_tree& t) {
  std::vector<std::int64_t> out;
  std::set<const void*> seen;
  std::vector<const attr_node*> work = {t.database, t.query};
  while (!work.empty()) {
    const attr_node* a = work.back();
    work.pop_back();
    if (a == nullptr || !seen.insert(a).second) {
      out.push_back(-2);
      continue;
    }
    out.push_back(a->attribute);
    work.push_back(a->next);
    for (const value_node* v = a->values; v != nullptr && seen.insert(v).second; v = v->next) {
      out.insert(out.end(), {v->value.get(), v->records.get()});
      work.push_back(v->attributes);
    }
  }
  return out;
}

// Postcondition of lookup (and lookup_original).
inline void lookup_post(smallscope::verdict& v, const av_tree& old, const av_tree& now, int result) {
  v.require(result == conforming(old), "result is the services whose name the query embeds in");
  v.require(snapshot(now) == snapshot(old), "lookup changes neither the database nor the query");
}

}  // namespace subjects::av_tree
