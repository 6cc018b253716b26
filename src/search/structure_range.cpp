// The lazy range of valid structures over the Korat search (paper 000, Fig. 7). See search.hpp.
#include <stdexcept>
#include <string>

#include "search/korat_search.hpp"
#include "smallscope/search.hpp"

namespace smallscope {

void validate(const search_options& options) {
#define SMALLSCOPE_DETAIL_CHECK(name, type, def, lo, hi, help)                                   \
  if (!(static_cast<long double>(options.name) >= static_cast<long double>(lo) &&                \
        static_cast<long double>(options.name) <= static_cast<long double>(hi)))                 \
    throw std::invalid_argument("option " #name " must be in [" + std::to_string(lo) + ", " +   \
                                std::to_string(hi) + "], got " + std::to_string(options.name));
  SMALLSCOPE_SEARCH_OPTIONS(SMALLSCOPE_DETAIL_CHECK)
#undef SMALLSCOPE_DETAIL_CHECK
}

const char* order_dependent_option(const search_options& options) {
  return options.limit != 0 ? "limit" : options.one_per_class ? "one_per_class" : options.eq_class ? "eq_class" : nullptr;
}

structure::structure(const detail::state_space& space, std::span<const std::uint32_t> values,
                     std::uint64_t index)
    : space_(&space), root_(space.root()), values_(values), index_(index) {}

void structure::check_root(const void* type) const {
  if (space_->data().class_domains.front().type != type)
    throw std::invalid_argument("structure::root<T>(): T is not the finitization's root class " +
                                space_->data().class_domains.front().name);
}

structure_range::structure_range(const finitization& fin, predicate pred, const search_options& options)
    : structure_range(fin, std::move(pred), eq_class_fn{}, options) {}

structure_range::structure_range(const finitization& fin, predicate pred, eq_class_fn eq_class,
                                 const search_options& options) {
  validate(options);
  const void* root = fin.data().class_domains.front().type;
  if (pred.call == nullptr || pred.root_type != root)
    throw finitization_error("the invariant is not over the finitization's root class " +
                             fin.data().class_domains.front().name);
  if (eq_class && eq_class.root_type != root)
    throw finitization_error("eq_class is not over the finitization's root class " +
                             fin.data().class_domains.front().name);
  if ((options.eq_class || options.one_per_class) && !eq_class)
    throw std::invalid_argument(std::string("option ") + (options.eq_class ? "eq_class" : "one_per_class") +
                                " needs an eq_class function, and none was given");
  auto space = std::make_unique<detail::state_space>(fin.data());
  search_ = std::make_unique<detail::korat_search>(std::move(space), std::move(pred), options, std::move(eq_class));
}

structure_range::structure_range(structure_range&&) noexcept = default;
structure_range& structure_range::operator=(structure_range&&) noexcept = default;
structure_range::~structure_range() = default;

structure_range::iterator structure_range::begin() {
  if (!started_) {
    started_ = true;
    advance();
  }
  return iterator(this);
}

void structure_range::advance() {
  if (search_->next()) {
    const std::span<const std::uint32_t> values(search_->candidate(), search_->slot_count());
    current_.emplace(search_->space(), values, search_->valid_count());
  } else {
    current_.reset();
  }
}

search_stats structure_range::stats() const { return search_->stats(); }
void structure_range::set_listener(search_listener* listener) { search_->set_listener(listener); }
const detail::state_space& structure_range::space() const { return search_->space(); }

}  // namespace smallscope
