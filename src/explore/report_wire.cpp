// Encoding of an exploration's report for its supervisor. See report_wire.hpp.
#include "explore/report_wire.hpp"

#include "isolate/wire.hpp"

namespace smallscope::detail {
namespace {

// One function per type serves both directions: `io` is a writer (the values const) or a
// reader (the values filled).
struct writer {
  wire_writer w;
  template <class T>
  void plain(const T& v) { w.put(v); }
  template <class T>
  void list(const std::vector<T>& v, auto&& one) {
    w.put<std::uint64_t>(v.size());
    for (const T& x : v) one(*this, x);
  }
};

struct reader {
  wire_reader r;
  template <class T>
  void plain(T& v) { r.get(v); }
  template <class T>
  void list(std::vector<T>& v, auto&& one) {
    std::uint64_t n = 0;
    r.get(n);
    if (n > (1u << 30)) throw std::runtime_error("a worker's report is cut short");
    v.resize(n);
    for (T& x : v) one(*this, x);
  }
};

template <class IO, class G>
void graph(IO& io, G& g) {
  io.list(g.objects, [](IO& inner, auto& o) {
    inner.plain(o.address);
    inner.plain(o.type);
    inner.list(o.fields, [](IO& field_io, auto& f) {
      field_io.plain(f.name);
      field_io.plain(f.is_array);
      field_io.plain(f.value);
      field_io.plain(f.elements);
      // Contents (contents.hpp): their text, code and the objects they point to (addresses of
      // the worker's objects, as o.address is, so that the picture resolves them).
      field_io.plain(f.is_contents);
      field_io.plain(f.text);
      field_io.plain(f.code);
      field_io.plain(f.targets);
      field_io.plain(f.entries);
    });
  });
}

template <class IO, class R>
void run(IO& io, R& m) {
  io.plain(m.kind);
  io.plain(m.detail);
  io.plain(m.invariant_clause);
  io.plain(m.result);
  graph(io, m.post_state);
  io.list(m.copied, [](IO& inner, auto& c) {
    inner.plain(c.first);
    inner.plain(c.second);
  });
  io.plain(m.leaked_inputs);
  io.plain(m.leaked_bytes);
  io.plain(m.cost);
}

template <class IO, class S>
void sequence(IO& io, S& s) {
  io.plain(s.calls);
  io.plain(s.costs);
  io.plain(s.sizes);
  io.plain(s.total);
}

template <class IO, class C>
void cost(IO& io, C& c) {
  io.plain(c.measured);
  io.plain(c.allocations_counted);
  io.plain(c.complete);
  io.plain(c.length);
  io.plain(c.length_asked);
  io.plain(c.length_limited);
  io.plain(c.by_size);
  io.plain(c.all);
  for (std::size_t m = 0; m < cost_measure_count; ++m) {
    sequence(io, c.worst_call[m]);
    io.plain(c.worst_total[m]);
    sequence(io, c.worst_sequence[m]);
    sequence(io, c.worst_amortized[m]);
  }
}

template <class IO, class D>
void differential(IO& io, D& d) {
  io.plain(d.valid);
  io.plain(d.valid_reached);
  io.plain(d.reached_not_valid);
  io.plain(d.complete);
  const auto example = [](IO& inner, auto& e) {
    graph(inner, e.graph);
    inner.plain(e.calls);
  };
  io.list(d.unreached_examples, example);
  io.list(d.not_valid_examples, example);
}

template <class IO, class R>
void report(IO& io, R& r) {
  io.plain(r.states_by_depth);
  io.plain(r.states);
  io.plain(r.calls);
  io.list(r.findings, [](IO& inner, auto& f) {
    inner.plain(f.calls);
    run(inner, f.run);
    inner.plain(f.depth);
    inner.plain(f.returned);
  });
  io.plain(r.complete);
  io.plain(r.stopped);
  io.plain(r.stopped_by);
  io.plain(r.seconds);
  io.plain(r.has_differential);
  differential(io, r.differential);
  cost(io, r.cost);
  io.plain(r.worker_restarts);
}

}  // namespace

std::string encode_report(const explore_report& r) {
  writer io;
  report(io, r);
  return io.w.bytes();
}

explore_report decode_report(std::string_view bytes) {
  reader io{wire_reader(bytes)};
  explore_report r;
  report(io, r);
  if (!io.r.done()) throw std::runtime_error("a worker's report has bytes past its end");
  return r;
}

}  // namespace smallscope::detail
