// Korat's search loop (paper 000, Fig. 7; Korat 1.0's StateSpaceExplorer). See korat_search.hpp.
#include "search/korat_search.hpp"

#include "smallscope/finitization.hpp"

#include <algorithm>
#include <exception>
#include <mutex>
#include <utility>
#include <string>

namespace smallscope::detail {

korat_search::korat_search(std::unique_ptr<state_space> space, predicate pred,
                           const search_options& options, eq_class_fn eq_class)
    : space_(std::move(space)), pred_(std::move(pred)), options_(options), eq_(std::move(eq_class)) {
  const std::uint32_t n = space_->slot_count();
  hot_slots_.assign(space_->hot_slots(), space_->hot_slots() + n);
  for (auto& h : hot_slots_) h.isomorphism_checked = h.isomorphism_checked && options_.isomorphism_breaking;
  arena_ = space_->arena();
  slot_count_ = n;
  values_.assign(n, 0);
  stack_.assign(n + 1, 0);
  on_stack_at_.assign(space_->arena_span(), stack_mark::on);
  all_off_.assign(space_->arena_span(), stack_mark::off);
  // A fixed slot (set_all) stays marked: its reads are not recorded and the walk passes it by.
  for (const auto& sl : space_->slots())
    if (!sl.fixed) on_stack_at_[sl.offset] = stack_mark::off;
  // An arena byte no slot covers is off too, with no slot: a read there is of a member that no
  // field binds (on_read notes it, run_predicate reports it).
  {
    std::vector<std::uint8_t> covered(space_->arena_bytes(), 0);
    for (const auto& sl : space_->slots())
      std::fill_n(covered.begin() + sl.offset, std::min<std::size_t>(sl.size, covered.size() - sl.offset), 1);
    for (std::size_t b = 0; b < covered.size(); ++b)
      if (covered[b] == 0) on_stack_at_[b] = stack_mark::off;
    // A member declared not part of the input keeps its constructed value: reading it reads no
    // field, and is no unbound read either.
    const auto& domains = space_->data().class_domains;
    for (const auto& r : space_->data().not_input)
      for (const auto& o : space_->objects())
        if (domains[o.class_domain].type == r.owner)
          std::fill_n(on_stack_at_.begin() + o.offset + r.offset, r.bytes, stack_mark::on);
  }
  written_.assign(n + 1, 0);
  is_written_.assign(n, 0);
  class_domains_ = space_->class_domain_count();
  max_below_.assign(static_cast<std::size_t>(n + 1) * class_domains_, -1);
  visited_.assign(space_->objects().size(), 0);
  frames_.resize(space_->objects().size() + n + 1);
  visits_.resize(n);
  visit_index_.assign(n, no_visit);
  visit_at_.assign(n + 1, no_visit);
  missing_.resize(n);
  if (eq_) {
    eq_slots_.assign(n + 1, 0);
    eq_marks_.assign(on_stack_at_.data(), on_stack_at_.data() + space_->arena_bytes());  // nothing read yet
  }

  observer_.base_ = reinterpret_cast<std::uintptr_t>(space_->arena());
  observer_.bytes_ = space_->arena_bytes();
  observer_.slot_at_ = space_->slot_at();
  observer_.on_stack_at_ = on_stack_at_.data();
  observer_.all_off_ = all_off_.data();
  observer_.span_mask_ = space_->arena_span() - 1;
  observer_.stack_ = stack_.data();
  observer_.generators_ = this;
  observer_.values_ = values_.data();
  observer_.counted_ = space_->counted();  // a whole-array read skips elements past a count
  if (!space_->contents().empty()) {  // members that hold contents are rebuilt when read
    observer_.contents_space_ = space_.get();
    observer_.read_contents_ = [](const void* contents, access_observer& o, std::uintptr_t offset, bool size_only,
                                  bool mirrored) {
      return static_cast<const state_space*>(contents)->read_contents(o, offset, size_only, mirrored);
    };
    bound_by_.assign(n, no_slot);
    for (std::uint32_t i = 0; i < n; ++i)
      if (space_->slots()[i].kind == slot_kind::content) bound_by_[i] = space_->content_slots()[i].bound_by;
    derives_ = space_->has_derived();
    // A derived member is set before each call: reading it reads no field (what it follows was
    // read when it was set).
    for (const auto& c : space_->contents())
      if (c.content->derive) {
        const auto& b = *std::find_if(space_->data().bindings.begin(), space_->data().bindings.end(),
                                      [&](const field_binding& fb) { return fb.content.get() == c.content; });
        std::fill_n(on_stack_at_.begin() + c.member_offset, b.member_bytes, stack_mark::on);
      }
  }
  for (std::uint32_t i = 0; i < n; ++i) {
    if (!hot_slots_[i].symbolic) continue;
    hot_slots_[i].generated = true;  // next_value takes next_generated's way, which sends it on
    symbolic_below_.resize(n);
  }
  range_lo_.assign(n, 0);
  range_hi_.resize(n);
  arithmetic_.resize(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    range_hi_[i] = hot_slots_[i].last;
    const domain& d = space_->domains()[space_->slots()[i].domain];
    arithmetic_[i] = {d.first, d.arithmetic ? d.step : 0};
  }
  observer_.written_ = written_.data();
  observer_.is_written_ = is_written_.data();
  if (space_->arena_bytes() <= max_marked_arena) {
    marks_.assign(space_->arena_bytes() * access_observer::mark_levels, 0);
    observer_.marks_ = marks_.data();
  }

  space_->write_all(values_.data());  // the all-zero candidate
  reset_budget();
  root_ = space_->root();
  call_ = pred_.call;
  context_ = pred_.context.get();
  start_ = last_progress_ = std::chrono::steady_clock::now();
}

korat_search::~korat_search() { stop_watchdog(); }

// Joins the watchdog thread. Called when the search ends, not only at destruction: a process
// that forks (run_check does) must not have an idle search's thread ticking in it, since a
// sanitizer's allocator is not fork-safe against other threads.
void korat_search::stop_watchdog() {
  if (!watchdog_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(watchdog_mutex_);
    stop_watchdog_ = true;
  }
  watchdog_wake_.notify_one();
  watchdog_.join();
  stop_watchdog_ = false;  // resume_after may start the search again
}

// Every tick, a call still running since the last tick gets its reads counted from now on.
// No call started during a whole tick means a long call or a search paused between calls (its
// caller busy with a structure); in the second case only the next call is counted, with a full
// budget, so one store per call is all the loop pays.
void korat_search::watch() {
  std::uint64_t last = 0;
  std::unique_lock<std::mutex> lock(watchdog_mutex_);
  while (!stop_watchdog_) {
    watchdog_wake_.wait_for(lock, watchdog_tick);
    const std::uint64_t started = calls_started_.load(std::memory_order_relaxed);
    if (started == last) observer_.read_marks_.store(all_off_.data(), std::memory_order_relaxed);
    last = started;
  }
}

void korat_search::resume_after(std::span<const std::uint32_t> candidate, std::span<const std::uint32_t> field_stack,
                                std::uint64_t explored, std::uint64_t valid) {
  std::copy(candidate.begin(), candidate.end(), values_.begin());
  space_->write_all(values_.data());
  for (std::uint32_t i = 0; i < observer_.stack_size_; ++i) on_stack_at_[space_->slots()[stack_[i]].offset] = stack_mark::off;
  std::copy(field_stack.begin(), field_stack.end(), stack_.begin());
  observer_.stack_size_ = static_cast<std::uint32_t>(field_stack.size());
  for (std::uint32_t i = 0; i < observer_.stack_size_; ++i) on_stack_at_[space_->slots()[stack_[i]].offset] = stack_mark::on;
  rows_valid_ = 0;
  walked_ = false;  // the stack is another
  stats_.explored = explored;
  stats_.valid = yielded_ = valid;
  if (eq_) classify();  // for prune_covered
  pending_valid_ = true;
  done_ = false;
}

search_stats korat_search::stats() const {
  search_stats s = stats_;
  s.predicate_calls = s.explored;
  s.classes = classes_.size();
  const auto until = done_ ? end_ : std::chrono::steady_clock::now();
  s.seconds = std::chrono::duration<double>(until - start_).count();
  return s;
}


// Runs the invariant on the current candidate; current_observer is &observer_ throughout
// next(), so a call costs no thread-local store.
inline bool korat_search::run_predicate() {
  calls_started_.store(++stats_.explored, std::memory_order_relaxed);
  bool result = false;
  const std::uint32_t depth = observer_.stack_size_;  // a read of a new field pushes it
  try {
    if (derives_) [[unlikely]] space_->derive_all();  // its reads are the invariant's first
    result = call_(context_, root_);
  } catch (const ill_formed_content&) {
    result = false;  // an iterator named no element: no structure, and the reads so far decide it
  } catch (...) {
    report_failed_call(std::current_exception());
  }
  if (observer_.ill_formed_) [[unlikely]] {  // even when the invariant caught that
    observer_.ill_formed_ = false;
    result = false;
  }
  stats_.fields_read = stats_.fields_read || observer_.stack_size_ != depth;
  if (observer_.decided_by_ != 0) [[unlikely]] keep_deciding_reads(result);
  // The watchdog counted this call's reads: give the next call a full budget, uncounted.
  if (observer_.read_marks_.load(std::memory_order_relaxed) != on_stack_at_.data()) reset_budget();
  if (observer_.written_size_ != 0) undo_writes();
  if ((observer_.unbound_read_ | observer_.indexed_read_) != 0) [[unlikely]] fail_unbound_read();
  if (generator_failed_) [[unlikely]] {
    generator_failed_ = false;
    if (result) ++stats_.generator_misuse;
  }
  return result;
}

// The invariant said which of its first reads decided that the candidate is invalid: every
// candidate that keeps them is invalid too, so the fields read after them are popped (and reset),
// as if the invariant had returned right after them; backtracking then advances the last of them.
void korat_search::keep_deciding_reads(bool result) {
  const std::uint32_t keep = std::max(observer_.decided_by_, floor_);
  observer_.decided_by_ = 0;
  if (!result && options_.pruning && keep < observer_.stack_size_) pop_to(keep);
}

void korat_search::fail_unbound_read() {
  // The refusal leaves the search: what runs after it (the objects' destructors among them) is
  // not the invariant.
  current_observer = &inactive_observer;
  if (observer_.unbound_read_ == 0) fail_indexed_read();
  const auto offset = static_cast<std::uint32_t>(observer_.unbound_read_ - 1);
  observer_.unbound_read_ = 0;
  const auto& objects = space_->objects();
  std::size_t o = 0;
  while (o + 1 < objects.size() && objects[o + 1].offset <= offset) ++o;
  const auto& cls = space_->data().class_domains[objects[o].class_domain];
  // The bound fields around the byte, to place the member.
  std::string before, after;
  for (std::uint32_t s = objects[o].first_slot; s < objects[o].end_slot; ++s) {
    const auto& b = space_->data().bindings[space_->slots()[s].binding];
    const std::size_t at = objects[o].offset + b.offset;  // the member's place in its object
    if (at < offset) before = b.name;
    if (at > offset && after.empty()) after = b.name;
  }
  const std::string place = before.empty() && after.empty() ? std::string()
                            : before.empty()                ? " (before " + after + ")"
                            : after.empty()                 ? " (after " + before + ")"
                                                            : " (between " + before + " and " + after + ")";
  throw finitization_error(
      "the invariant read a member of " + cls.cpp_type + " at byte " + std::to_string(offset - objects[o].offset) +
      place + " that no field binds: its value would be the constructed one in every candidate. List the member in " +
      "SMALLSCOPE_FIELDS and give it a domain with set() (a member of each struct of an array: set(&C::array, "
      "&S::member, ...); a member of a struct member: set(&C::member, &S::member, ...))");
}

// A pointer field bound to single objects that the invariant read as an array (`p[i]`, `p + i`):
// what lies past the object is no field, and copies would hold one object, so the space would
// not be the class's. Refused with the field's name.
void korat_search::fail_indexed_read() {
  const auto offset = static_cast<std::uint32_t>(observer_.indexed_read_ - 1);
  observer_.indexed_read_ = 0;
  const slot& sl = space_->slots()[space_->slot_at()[offset]];
  const field_binding& b = space_->data().bindings[sl.binding];
  throw finitization_error(
      "the invariant reads field " + b.owner_name + "." + b.name + " as an array (p[i] with i != 0, or p + i), " +
      "but the finitization binds it to single objects: the search would vary objects no field reaches and " +
      "copies would hold one object. Bind the member it points into instead (a std::vector or array member) " +
      "and say how the pointer follows from it with derive(&C::" + b.name + ", ...)");
}

void korat_search::reset_budget() {
  observer_.reads_left_ = options_.read_budget + 1;  // wraps to 0 for "no limit"
  observer_.read_marks_.store(on_stack_at_.data(), std::memory_order_relaxed);
}

// An invariant call that threw, or that the read budget stopped: counted invalid and reported.
// The listener's reads are its own; the call's small_sets are gone, so their marks are free.
void korat_search::report_failed_call(std::exception_ptr failure) {
  access_observer* const caller = current_observer;
  current_observer = &inactive_observer;
  observer_.marks_in_use_ = 0;
  const structure candidate(*space_, values_, 0);
  try {
    std::rethrow_exception(std::move(failure));
  } catch (const read_budget_exceeded&) {
    ++stats_.budget_exceeded;
    if (listener_ != nullptr) listener_->on_budget_exceeded(candidate);
  } catch (const std::exception& e) {
    ++stats_.predicate_exceptions;
    if (listener_ != nullptr) listener_->on_predicate_exception(candidate, e.what());
  } catch (...) {
    ++stats_.predicate_exceptions;
    if (listener_ != nullptr)
      listener_->on_predicate_exception(candidate, "an exception not derived from std::exception");
  }
  current_observer = caller;
}

// An invariant should not write its input; undo its writes so the candidate stays as built.
void korat_search::undo_writes() {
  for (std::uint32_t i = 0; i < observer_.written_size_; ++i) {
    const std::uint32_t s = written_[i];
    is_written_[s] = 0;
    space_->write(s, values_[s]);
  }
  observer_.written_size_ = 0;
}

// The valid-candidate rule: push every reachable slot not yet on the stack, depth-first and
// pre-order from the root, a child's slots right after the slot that reaches it; an array
// contributes its length slot and its elements below the length (Korat's touch/touchArray).
// A walk of the candidate does it, or a replay of the last walk when that gives the same.
inline void korat_search::push_reachable() {
  const std::uint32_t size = observer_.stack_size_;
  if (size == slot_count_) return;  // every slot is on the stack already
  // Nothing popped since the last walk ended, and only the top advanced: when the top's visit
  // did not steer the walk, or still holds its value then, the replay would push nothing.
  if (walked_ && size != 0 && low_water_ == size && walk_end_size_ == size) {
    const std::uint32_t i = visit_at_[size - 1];
    if (i == no_visit || steers_alike(visits_[i], values_.data())) return;
  }
  if (!replay_walk()) walk();
}

// The last walk again, without walking: valid when the slots that steered it (pointers to
// objects with fields, array lengths) still hold the values they held then, since the walk
// would then visit the same slots in the same order and push those off the stack. Most valid
// candidates differ from the one before in fields that lead nowhere (a list's elements, a
// tree's keys), in the few stack positions backtracking reached since.
//
// Since the last walk ended, the stack kept its positions below low_water_ (backtrack and
// prune_covered lower it as they pop) and their values, but for the value at low_water_ - 1,
// which backtracking advanced. So a steering slot can
// have changed only at those positions and above, and a visited slot can be off the stack
// only if it stood at low_water_ or above: replay looks at those positions only, as they
// were when the walk ended. False, having pushed nothing, when a steering slot changed.
bool korat_search::replay_walk() {
  if (!walked_) return false;
  const std::uint32_t low = low_water_;
  const std::uint32_t from = low > 0 ? low - 1 : 0;
  const std::uint32_t* values = values_.data();
  const stack_mark* on_stack = on_stack_at_.data();
  const walk_visit* visits = visits_.data();
  std::uint32_t* missing = missing_.data();
  std::uint32_t missing_count = 0;
  for (std::uint32_t p = from; p < walk_end_size_; ++p) {
    const std::uint32_t i = visit_at_[p];
    if (i == no_visit) continue;
    const walk_visit& v = visits[i];
    if (!steers_alike(v, values)) return false;
    if (on_stack[v.offset] == stack_mark::off) missing[missing_count++] = i;
  }
  // The walk pushes in visit order; backtracking popped in stack order. Usually they agree,
  // and usually one slot or none is missing.
  if (missing_count > 1) sort_visits(missing, missing_count);
  std::uint32_t size = observer_.stack_size_;
  for (std::uint32_t k = 0; k < missing_count; ++k) {
    const walk_visit& v = visits[missing[k]];
    on_stack_at_[v.offset] = stack_mark::on;
    stack_[size++] = v.slot;
  }
  observer_.stack_size_ = size;
  note_walk_end(low);
  return true;
}

// Out of line: replay_walk needs it rarely, and inlined it costs every replay its registers.
[[gnu::noinline]] void korat_search::sort_visits(std::uint32_t* visits, std::uint32_t n) { std::sort(visits, visits + n); }

// Records which visit stands at each stack position from `from` up, for the next replay.
void korat_search::note_walk_end(std::uint32_t from) {
  const std::uint32_t size = observer_.stack_size_;
  for (std::uint32_t p = from; p < size; ++p) visit_at_[p] = visit_index_[stack_[p]];
  walk_end_size_ = low_water_ = size;
}

// The walk itself, noting the slots it visits and the values they hold. Iterative, with one
// frame per object (or array) being walked.
void korat_search::walk() {
  for (std::uint32_t i = 0; i < visits_size_; ++i) visit_index_[visits_[i].slot] = no_visit;
  if (++epoch_ == 0) {
    std::fill(visited_.begin(), visited_.end(), 0);
    epoch_ = 1;
  }
  const walk_slot* slots = space_->walk_slots();
  const object_info* objects = space_->objects().data();
  const std::uint32_t* values = values_.data();
  stack_mark* on_stack = on_stack_at_.data();
  std::uint32_t* stack = stack_.data();
  std::uint32_t* visited = visited_.data();
  walk_frame* frames = frames_.data();
  walk_visit* visits = visits_.data();
  std::uint32_t* visit_index = visit_index_.data();
  const std::uint32_t epoch = epoch_;
  std::uint32_t size = observer_.stack_size_;
  std::uint32_t visit_count = 0;

  // Walk the slots [s, end) of the current object (or array); descend into an unvisited object
  // at once and resume after it.
  visited[0] = epoch;
  std::uint32_t s = objects[0].first_slot;
  std::uint32_t end = objects[0].end_slot;
  std::uint32_t depth = 0;
  while (true) {
    while (s < end) {
      const walk_slot& w = slots[s];
      visit_index[s] = visit_count;
      visits[visit_count++] = {s, w.offset, values[s], w.targets != nullptr};
      if (on_stack[w.offset] == stack_mark::off) {
        on_stack[w.offset] = stack_mark::on;
        stack[size++] = s;
      }
      if (w.targets == nullptr) {  // leads nowhere
        ++s;
        continue;
      }
      const std::uint32_t value = values[s];
      const std::int32_t target = w.targets[value];
      ++s;
      if (w.is_length) {  // the elements below the length (in each array counted), then past all
        frames[depth++] = {s + w.capacity, end};
        for (std::uint32_t g = w.more_groups; g-- > 0;) {
          const walk_group& group = w.groups[g];
          frames[depth++] = {s + group.start, s + group.start + static_cast<std::uint32_t>(group.live[value])};
        }
        end = s + static_cast<std::uint32_t>(target);
      } else if (target >= 0 && visited[target] != epoch) {
        visited[target] = epoch;
        frames[depth++] = {s, end};
        s = objects[target].first_slot;
        end = objects[target].end_slot;
      }
    }
    if (depth == 0) break;
    --depth;
    s = frames[depth].next;
    end = frames[depth].end;
  }
  observer_.stack_size_ = size;
  visits_size_ = visit_count;
  walked_ = true;
  note_walk_end(0);
}

// Runs eq_class() on the valid candidate, noting the slots it reads, and records its class.
// Returns whether the class is new. A call that throws (or exceeds the read budget) is reported
// like a failed invariant call, and its candidate prunes nothing.
bool korat_search::classify() {
  const hot_slot* slots = hot_slots_.data();
  for (std::uint32_t i = 0; i < eq_size_; ++i) eq_marks_[slots[eq_slots_[i]].offset] = stack_mark::off;
  // The observer records into eq_marks_ and eq_slots_ instead of the field-access stack; the
  // marks stay on until the next call, for prune_covered.
  stack_mark* const marks = observer_.on_stack_at_;
  std::uint32_t* const stack = observer_.stack_;
  const std::uint32_t stack_size = observer_.stack_size_;
  observer_.on_stack_at_ = eq_marks_.data();
  observer_.stack_ = eq_slots_.data();
  observer_.stack_size_ = 0;
  observer_.reads_left_ = options_.read_budget + 1;
  observer_.read_marks_.store(all_off_.data(), std::memory_order_relaxed);
  access_observer* const caller = current_observer;
  current_observer = &observer_;
  classified_ = false;
  std::uint64_t cls = 0;
  std::exception_ptr failure;
  try {
    cls = eq_.call(eq_.context.get(), root_);
    classified_ = true;
  } catch (...) {
    failure = std::current_exception();
  }
  current_observer = caller;
  eq_size_ = observer_.stack_size_;
  observer_.on_stack_at_ = marks;
  observer_.stack_ = stack;
  observer_.stack_size_ = stack_size;
  if (failure) report_failed_call(failure);
  reset_budget();
  if (observer_.written_size_ != 0) undo_writes();
  if (!classified_) return true;
  const auto at = std::lower_bound(classes_.begin(), classes_.end(), cls);
  if (at != classes_.end() && *at == cls) return false;
  classes_.insert(at, cls);
  return true;
}

// Korat+'s extra pruning (paper 002, Sec. 3): every candidate that keeps the fields up to the
// last one on the stack that eq_class() read is of the class just covered. Pop (and reset) the
// fields above it, so that backtracking next advances that field or one below it. When the
// ordinary backtracking would advance such a field anyway, this changes nothing.
void korat_search::prune_covered() {
  if (!classified_) return;
  std::uint32_t& size = observer_.stack_size_;
  const hot_slot* slots = hot_slots_.data();
  while (size > floor_ && eq_marks_[slots[stack_[size - 1]].offset] == stack_mark::off) {
    const std::uint32_t top = size - 1;
    const std::uint32_t s = stack_[top];
    if (values_[s] != 0) set_top(top, s, 0);
    if (slots[s].restricted) reset_range(s);
    on_stack_at_[slots[s].offset] = stack_mark::off;
    --size;
    rows_valid_ = std::min(rows_valid_, size);
  }
  low_water_ = std::min(low_water_, size);
}

// The highest index of class domain `class_domain` among the objects held below stack position
// `position` (-1 if none); the rows up to `position` are filled first where they are stale.
inline std::int32_t korat_search::max_below(std::uint32_t position, std::int32_t class_domain) {
  if (rows_valid_ < position) fill_rows(position);
  return max_below_[static_cast<std::size_t>(position) * class_domains_ + class_domain];
}

void korat_search::fill_rows(std::uint32_t position) {
  for (std::uint32_t p = rows_valid_ + 1; p <= position; ++p) {
    const std::int32_t* prev = &max_below_[static_cast<std::size_t>(p - 1) * class_domains_];
    std::int32_t* row = &max_below_[static_cast<std::size_t>(p) * class_domains_];
    std::copy(prev, prev + class_domains_, row);
    const std::uint32_t below = stack_[p - 1];
    const value_info& v = hot_slots_[below].values[values_[below]];
    if (v.class_domain >= 0) row[v.class_domain] = std::max(row[v.class_domain], v.index_in_class_domain);
  }
  rows_valid_ = position;
}

void korat_search::set_top(std::uint32_t position, std::uint32_t s, std::uint32_t value) {
  values_[s] = value;
  write_field(arena_, hot_slots_[s], value);
  rows_valid_ = std::min(rows_valid_, position);
}

// The value that follows the current one of stack position `position` (slot s), or 0 when its
// domain is exhausted; an object value beyond every object held deeper on the stack jumps to
// the next class domain (isomorphism breaking).
inline std::uint32_t korat_search::next_value(std::uint32_t position, std::uint32_t s) {
  const hot_slot& sl = hot_slots_[s];
  if (sl.generated) [[unlikely]] return next_generated(position, s);
  const std::uint32_t v = values_[s];
  if (v >= sl.last) return 0;
  if (sl.isomorphism_checked) {
    const value_info& vi = sl.values[v];
    if (vi.isomorphism_checked && vi.index_in_class_domain > max_below(position, vi.class_domain))
      return vi.next_class_domain_first >= 0 ? static_cast<std::uint32_t>(vi.next_class_domain_first) : 0;
  }
  return v + 1;
}

// next_value for a slot a dedicated generator narrowed: the next value within its range that is
// canonical (no object beyond the next fresh one of its class domain) and, for a tree field,
// null or the next fresh node (an object some slot below points to would be met twice).
std::uint32_t korat_search::next_generated(std::uint32_t position, std::uint32_t s) {
  const hot_slot& sl = hot_slots_[s];
  if (sl.symbolic) return next_symbolic(position, s);
  std::uint32_t hi = std::min(range_hi_[s], sl.last);
  if (!bound_by_.empty() && bound_by_[s] != no_slot) {
    // An iterator: only the elements its member holds (value 0 is end() when that is allowed).
    const std::uint32_t length_slot = bound_by_[s];
    const std::int64_t length = space_->value(length_slot, values_[length_slot]).integer;
    const std::int64_t most = space_->content_slots()[s].end_allowed ? length : length - 1;
    if (most < static_cast<std::int64_t>(values_[s]) + 1) return 0;
    hi = std::min<std::uint32_t>(hi, static_cast<std::uint32_t>(most));
  }
  std::uint32_t next = std::max(values_[s] + 1, range_lo_[s]);
  while (next <= hi) {
    const value_info& vi = sl.values[next];
    if (vi.class_domain < 0 || !(sl.isomorphism_checked || sl.tree)) return next;
    const std::int32_t fresh = max_below(position, vi.class_domain) + 1;
    const std::uint32_t domain_first = next - static_cast<std::uint32_t>(vi.index_in_class_domain);
    const std::uint32_t after = vi.next_class_domain_first >= 0 ? static_cast<std::uint32_t>(vi.next_class_domain_first)
                                                                 : sl.last + 1;
    if (sl.isomorphism_checked && vi.isomorphism_checked && vi.index_in_class_domain > fresh) {
      next = after;  // not canonical: on to the next class domain
    } else if (sl.tree && vi.index_in_class_domain < fresh) {
      next = std::max(next + 1, domain_first + static_cast<std::uint32_t>(fresh));  // the fresh node
      if (next >= after) next = after;
    } else {
      return next;
    }
  }
  return 0;
}

// Next candidate: increment the last read field, resetting and popping fields whose domain is
// exhausted. False when the search (or its unit: nothing is popped below floor_) has ended.
inline bool korat_search::backtrack() {
  std::uint32_t& size = observer_.stack_size_;
  const hot_slot* slots = hot_slots_.data();
  while (size > floor_) {
    const std::uint32_t top = size - 1;
    const std::uint32_t s = stack_[top];
    const std::uint32_t next = next_value(top, s);
    if (next != 0) {
      set_top(top, s, next);
      return true;
    }
    // Exhausted: reset to the first value and pop.
    const hot_slot& sl = slots[s];
    if (values_[s] != 0) set_top(top, s, 0);
    if (sl.restricted) reset_range(s);
    on_stack_at_[sl.offset] = stack_mark::off;
    --size;
    rows_valid_ = std::min(rows_valid_, size);
    low_water_ = std::min(low_water_, size);
  }
  return false;
}

// Pops (and resets) the stack down to `size` positions.
void korat_search::pop_to(std::uint32_t size) {
  std::uint32_t& at = observer_.stack_size_;
  while (at > size) {
    --at;
    const std::uint32_t s = stack_[at];
    if (values_[s] != 0) set_top(at, s, 0);
    if (hot_slots_[s].restricted) reset_range(s);
    on_stack_at_[hot_slots_[s].offset] = stack_mark::off;
  }
  rows_valid_ = std::min(rows_valid_, at);
  low_water_ = std::min(low_water_, at);
}

void korat_search::start(const work_unit& unit) {
  pop_to(0);
  mark_tree_slots(unit.tree_slots);
  const std::uint32_t n = static_cast<std::uint32_t>(unit.slots.size());
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t s = unit.slots[i];
    values_[s] = unit.values[i];
    write_field(arena_, hot_slots_[s], unit.values[i]);
    if (!unit.lo.empty()) narrow(s, unit.lo[i], unit.hi[i]);
    on_stack_at_[hot_slots_[s].offset] = stack_mark::on;
    stack_[i] = s;
  }
  observer_.stack_size_ = n;
  rows_valid_ = 0;
  walked_ = false;  // the stack is another
  low_water_ = n;
  floor_ = unit.floor;
  pending_valid_ = false;
  done_ = unit.advance_first && !backtrack();
}

bool korat_search::split(work_unit& out) {
  const std::uint32_t size = observer_.stack_size_;
  for (std::uint32_t q = floor_; q < size; ++q) {
    if (next_value(q, stack_[q]) == 0) continue;
    out = prefix_unit(q + 1);
    out.floor = q;
    out.advance_first = true;
    floor_ = q + 1;
    return true;
  }
  return false;
}

work_unit korat_search::prefix_unit(std::uint32_t size) const {
  work_unit u;
  u.slots.assign(stack_.begin(), stack_.begin() + size);
  u.values.resize(size);
  for (std::uint32_t i = 0; i < size; ++i) u.values[i] = values_[stack_[i]];
  if (narrowed_)
    for (std::uint32_t i = 0; i < size; ++i) {
      u.lo.push_back(range_lo_[stack_[i]]);
      u.hi.push_back(range_hi_[stack_[i]]);
    }
  u.tree_slots = tree_slots();
  return u;
}

work_unit korat_search::position() const {
  work_unit u = prefix_unit(observer_.stack_size_);
  u.floor = floor_;
  return u;
}

// The service runs with the inactive observer: its reads are its own.
[[gnu::noinline]] void korat_search::serve() {
  current_observer = &inactive_observer;
  service_->serve(*this);
  current_observer = &observer_;
}

std::uint32_t korat_search::later_values(std::uint32_t position, std::uint32_t pick, std::uint32_t& picked) {
  const std::uint32_t s = stack_[position];
  const std::uint32_t current = values_[s];
  std::uint32_t count = 0;
  for (std::uint32_t v = next_value(position, s); v != 0; v = next_value(position, s)) {
    if (count == pick) picked = v;
    ++count;
    values_[s] = v;  // next_value steps from values_[s]; positions below are untouched
  }
  values_[s] = current;
  return count;
}

bool korat_search::evaluate() {
  const bool valid = run_predicate();
  if (valid || !options_.pruning) push_reachable();
  return valid;
}

std::uint64_t korat_search::plan(std::uint32_t depth, std::uint64_t index_in_count, std::uint64_t count,
                                 std::vector<work_unit>* owned) {
  if (!watchdog_.joinable()) watchdog_ = std::thread([this] { watch(); });
  std::uint64_t units = 0;
  current_observer = &observer_;
  do {
    if (owned != nullptr && units % count == index_in_count) {
      current_observer = &inactive_observer;
      work_unit u = position();
      u.floor = depth;
      owned->push_back(std::move(u));
      current_observer = &observer_;
    }
    ++units;
    const bool valid = run_predicate();
    // The valid-candidate rule pushes below `depth` too: the units after this one start there.
    if (valid || !options_.pruning) push_reachable();
    pop_to(std::min(observer_.stack_size_, depth));
  } while (backtrack());
  current_observer = &inactive_observer;
  done_ = true;
  stop_watchdog();
  return units;
}

bool korat_search::next() {
  if (done_) return false;
  if (!watchdog_.joinable()) watchdog_ = std::thread([this] { watch(); });
  if (pending_valid_) {
    pending_valid_ = false;
    if (options_.limit != 0 && yielded_ >= options_.limit) {
      stats_.limit_reached = true;
      done_ = true;
    } else {
      push_reachable();
      if (options_.eq_class) prune_covered();
      done_ = !backtrack();
    }
  }
  current_observer = &observer_;
  while (!done_) {
    if (service_flag_ != nullptr && service_flag_->load(std::memory_order_relaxed)) [[unlikely]] {
      serve();
      if (done_) break;
    }
    const bool valid = run_predicate();
    if ((stats_.explored & 0xffff) == 0) [[unlikely]] {
      report_progress();
      if ((listener_ != nullptr || options_.stop) && ask_stop()) {
        done_ = true;
        break;
      }
    }
    // A candidate whose iterators name no element (an invariant that never read them) is no
    // structure: its reachable slots are varied on, as a valid candidate's are.
    if (valid && !bound_by_.empty() && !space_->refresh_all()) [[unlikely]] {
      push_reachable();
      done_ = !backtrack();
      continue;
    }
    if (valid) {
      ++stats_.valid;
      const bool new_class = !eq_ || classify();
      if (new_class || !options_.one_per_class) {
        ++yielded_;
        pending_valid_ = true;
        current_observer = &inactive_observer;
        return true;
      }
      push_reachable();  // a covered class: on at once
      if (options_.eq_class) prune_covered();
      done_ = !backtrack();
      continue;
    }
    if (!options_.pruning) push_reachable();
    done_ = !backtrack();
  }
  current_observer = &inactive_observer;
  end_ = std::chrono::steady_clock::now();
  if (!keep_watchdog_) stop_watchdog();
  return false;
}

bool korat_search::ask_stop() {
  current_observer = &inactive_observer;  // the listener's reads are its own
  const bool stop = stop_requested(options_.stop) || (listener_ != nullptr && listener_->should_stop());
  current_observer = &observer_;
  return stop;
}

void korat_search::report_progress() {
  if (listener_ == nullptr) return;
  const auto now = std::chrono::steady_clock::now();
  if (std::chrono::duration<double>(now - last_progress_).count() < options_.progress_interval) return;
  last_progress_ = now;
  current_observer = &inactive_observer;  // the listener's reads are its own
  listener_->on_progress(stats());
  current_observer = &observer_;
}

}  // namespace smallscope::detail
