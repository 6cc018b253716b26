// What gen and check share: the subject, its finitization parameters, and the echo of options.
#include <fmt/format.h>

#include <elf.h>
#include <link.h>

#include <cstring>
#include <type_traits>

#include "cli/commands.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "files/input_file.hpp"
#include "smallscope/report.hpp"
#include "smallscope/spec.hpp"
#include "smallscope/subject.hpp"

namespace smallscope::cli {

namespace {

// Why SCOPE n of `s` does not give parameters in range that build a finitization: empty when it
// does, "out of range" when it is or its parameters are, else the finitization's own error.
std::string scope_refusal(const subject& s, std::int64_t n) {
  if (n < s.scope_min || n > s.scope_max) return "out of range";
  try {
    const auto p = s.scope(n);
    if (p.size() != s.parameters.size()) return "out of range";
    for (std::size_t i = 0; i < p.size(); ++i)
      if (p[i] < s.parameters[i].min || p[i] > s.parameters[i].max) return "out of range";
    s.make(p);
    return {};
  } catch (const std::exception& e) {
    return e.what();
  }
}

bool scope_accepted(const subject& s, std::int64_t n) { return scope_refusal(s, n).empty(); }

}  // namespace

std::pair<std::int64_t, std::int64_t> scope_range(const subject& s) {
  if (!s.scope) return {1, 0};
  const auto accepted = [&s](std::int64_t n) { return scope_accepted(s, n); };
  std::int64_t lo = s.scope_min;
  std::int64_t hi = s.scope_max;
  while (lo <= hi && !accepted(lo)) ++lo;
  while (hi >= lo && !accepted(hi)) --hi;
  return {lo, hi};
}

const subject& lookup(const std::string& name) {
  if (const subject* s = find_subject(name)) return *s;
  std::string known;
  for (const auto& s : subjects()) known += (known.empty() ? "" : ", ") + s.name;
  throw usage_error(fmt::format("SUBJECT: unknown subject '{}'; known subjects: {}", escaped(name), known));
}

// The finitization parameters from SCOPE or --fin, each checked against its range.
std::vector<std::int64_t> parameters(const subject& s, const gen_request& r) {
  if (r.fin_given && r.fin.empty()) throw usage_error("--fin is empty; give P1,P2,... (see `smallscope list`)");
  if (r.scope.empty() == !r.fin_given)
    throw usage_error(r.scope.empty() ? "give SCOPE or --fin P1,P2,... (see `smallscope list`)"
                                      : "give SCOPE or --fin, not both");
  std::vector<std::int64_t> p;
  if (!r.scope.empty()) {
    const auto scope = parse_int(r.scope);
    if (!s.scope)
      throw usage_error(fmt::format("{} has no one-argument finitization; give --fin", s.name));
    const std::string refusal = scope ? scope_refusal(s, *scope) : std::string("out of range");
    if (!refusal.empty()) {
      const auto [lo, hi] = scope_range(s);
      // The subject's finitization itself fails inside the range it accepts, or at every scope:
      // its own error, not a range that cannot hold.
      if (refusal != "out of range" && *scope >= lo && *scope <= hi)
        throw usage_error(fmt::format("SCOPE {} for {}: the finitization fails: {}", *scope, s.name, refusal));
      if (lo > hi)
        throw usage_error(fmt::format("{} accepts no SCOPE: its finitization fails at every one ({} at {}); give --fin",
                                      s.name, scope_refusal(s, s.scope_min), s.scope_min));
      throw usage_error(fmt::format("SCOPE for {} must be an integer in [{}, {}], got '{}'", s.name, lo, hi,
                                    escaped(r.scope)));
    }
    p = s.scope(*scope);
  } else {
    auto list = parse_int_list(r.fin);
    std::string names;
    for (const auto& fp : s.parameters) names += (names.empty() ? "" : ",") + fp.name;
    if (!list || list->size() != s.parameters.size())
      throw usage_error(fmt::format("--fin for {} takes {} integers {}, got '{}'", s.name,
                                    s.parameters.size(), names, escaped(r.fin)));
    p = *list;
  }
  for (std::size_t i = 0; i < p.size(); ++i) {
    const auto& fp = s.parameters[i];
    if (p[i] < fp.min || p[i] > fp.max)
      throw usage_error(fmt::format("{} parameter {} ({}) must be in [{}, {}], got {}", s.name, i + 1,
                                    fp.name, fp.min, fp.max, p[i]));
  }
  return p;
}

std::string joined(const std::vector<std::int64_t>& p) {
  std::string out;
  for (auto v : p) out += (out.empty() ? "" : ",") + std::to_string(v);
  return out;
}

// The options that differ from their defaults, as flags: " --limit 2 --no-pruning".
std::string non_default_options(const search_options& o) {
  const search_options d;
  std::string out;
#define SMALLSCOPE_DETAIL_ECHO_FLAG(name, type, def, lo, hi, help)                          \
  if (o.name != d.name) {                                                                   \
    std::string flag = #name;                                                               \
    for (auto& c : flag)                                                                    \
      if (c == '_') c = '-';                                                                \
    if constexpr (std::is_same_v<type, bool>)                                               \
      out += (o.name ? " --" : " --no-") + flag;                                            \
    else                                                                                    \
      out += fmt::format(" --{} {}", flag, o.name);                                         \
  }
  SMALLSCOPE_SEARCH_OPTIONS(SMALLSCOPE_DETAIL_ECHO_FLAG)
#undef SMALLSCOPE_DETAIL_ECHO_FLAG
  return out;
}

namespace {
// The subjects whose instance has `what`, comma-separated.
template <class Has>
std::string subjects_with(Has has) {
  std::string with;
  for (const subject& other : subjects()) {
    try {
      if (has(other.make(other.scope(1)))) with += (with.empty() ? "" : ", ") + other.name;
    } catch (const std::exception&) {
    }
  }
  return with;
}
}  // namespace

void use_generators(const subject& s, subject_instance& instance, bool generators) {
  if (!generators) return;
  if (!instance.with_generators) {
    const std::string with = subjects_with([](const subject_instance& i) { return static_cast<bool>(i.with_generators); });
    throw usage_error(fmt::format("--generators needs a subject whose invariant has a form with dedicated generators; "
                                  "{} has none. Subjects with one: {}",
                                  s.name, with.empty() ? "none" : with));
  }
  instance.invariant = instance.with_generators;
}

std::string use_spec_invariant(subject_instance& instance, const gen_request& r) {
  if (r.invariant.empty()) {
    if (!r.invariant_run.empty()) throw usage_error("--invariant-run needs --invariant FILE");
    if (r.invariant_interpreted) throw usage_error("--invariant-interpreted needs --invariant FILE");
    return "";
  }
  if (r.generators)
    throw usage_error("--invariant FILE replaces the subject's invariant, and with it the form with dedicated "
                      "generators: give one of --invariant and --generators");
  smallscope::spec_invariant_options o;
  o.spec_file = r.invariant;
  o.run = r.invariant_run;
  o.interpret = r.invariant_interpreted;
  instance.invariant = spec_invariant(instance.fin, o);
  instance.with_generators = {};
  const std::string not_compiled = spec_invariant_not_compiled(instance.invariant);
  if (!not_compiled.empty())
    return fmt::format("note: {}: the binary's compiled form of {} does not fit this finitization ({}), so the spec "
                       "is judged by the evaluators\n", r.invariant, r.invariant, not_compiled);
  const std::string because = spec_invariant_interpreted(instance.invariant);
  if (because.empty()) return "";
  return fmt::format("note: {}: so the spec is judged by the interpreted evaluator, not compiled to masks. A spec "
                     "whose fields appear as x.f, x.^f and x.*f over binary fields, in at most 64 atoms, runs several "
                     "times faster (docs/SPECS.md, \"A spec is an invariant too\")\n",
                     because);
}

namespace {

std::uint64_t fnv1a(const char* data, std::size_t n, std::uint64_t h = 0xcbf29ce484222325ull) {
  for (std::size_t i = 0; i < n; ++i) h = (h ^ static_cast<unsigned char>(data[i])) * 0x100000001b3ull;
  return h;
}

// The GNU build id of the main program, in hex; empty when it has none.
std::string build_id() {
  std::string id;
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* data) -> int {
        auto& out = *static_cast<std::string*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const auto& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_NOTE) continue;
          const char* p = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
          const char* const end = p + ph.p_memsz;
          while (p + sizeof(ElfW(Nhdr)) <= end) {
            const auto* note = reinterpret_cast<const ElfW(Nhdr)*>(p);
            const char* name = p + sizeof(ElfW(Nhdr));
            const char* desc = name + ((note->n_namesz + 3) & ~3u);
            if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 && std::memcmp(name, "GNU", 4) == 0) {
              for (unsigned k = 0; k < note->n_descsz; ++k)
                out += fmt::format("{:02x}", static_cast<unsigned char>(desc[k]));
              return 1;
            }
            p = desc + ((note->n_descsz + 3) & ~3u);
          }
        }
        return 1;  // the first object is the main program: stop there
      },
      &id);
  return id;
}

}  // namespace

std::string judge_text(const gen_request& r, const predicate& invariant) {
  static const std::string binary = [] {
    std::string id = build_id();
    if (!id.empty()) return "build-id " + id;
    const std::string exe = files::read_all("/proc/self/exe");
    return fmt::format("executable {:016x}", fnv1a(exe.data(), exe.size()));
  }();
  if (!r.invariant.empty()) {
    const std::string text = files::read_all(r.invariant);
    return fmt::format("spec {} run {} text {:016x}{}", r.invariant, r.invariant_run.empty() ? "(first)" : r.invariant_run,
                       fnv1a(text.data(), text.size()),
                       spec_invariant_compiled(invariant) ? " compiled in " + binary : std::string(" by the evaluators"));
  }
  return "the C++ invariant of " + binary;
}

std::string spec_invariant_options(const gen_request& r) {
  if (r.invariant.empty()) return "";
  return " --invariant " + shell_word(r.invariant) +
         (r.invariant_run.empty() ? "" : " --invariant-run " + shell_word(r.invariant_run)) +
         (r.invariant_interpreted ? " --invariant-interpreted" : "");
}

void require_eq_class(const subject& s, const subject_instance& instance, const search_options& o) {
  if (instance.eq_class || !(o.eq_class || o.one_per_class)) return;
  const std::string with = subjects_with([](const subject_instance& i) { return static_cast<bool>(i.eq_class); });
  throw usage_error(fmt::format("{} needs a subject with an eq_class() (paper 002); {} has none. Subjects with one: {}",
                                o.eq_class ? "--eq-class" : "--one-per-class", s.name, with.empty() ? "none" : with));
}

const target_method& lookup_method(const subject& s, const subject_instance& instance, const std::string& name,
                                   const char* place) {
  for (const auto& m : instance.methods)
    if (m.name == name) return m;
  std::string known;
  for (const auto& m : instance.methods) known += (known.empty() ? "" : ", ") + m.name;
  if (known.empty()) throw usage_error(fmt::format("{}: {} has no methods to check", place, s.name));
  throw usage_error(fmt::format("{}: {} has no method '{}'; its methods: {}", place, s.name, escaped(name), known));
}

structure_format picture_options(const gen_request& r) {
  const auto format = parse_structure_format(r.format);
  if (!format || *format == structure_format::jsonl)
    throw usage_error(fmt::format("--format must be text or dot, got '{}'", escaped(r.format)));
  return *format;
}

}  // namespace smallscope::cli
