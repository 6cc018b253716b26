// The scale options of gen. See scale.hpp.
#include "cli/scale.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/arguments.hpp"
#include "cli/numbers.hpp"
#include "cli/output.hpp"
#include "smallscope/generate.hpp"

namespace smallscope::cli {

unsigned bounded_threads(std::uint64_t requested) {
  const unsigned cores = available_cores();
  const std::uint64_t most = 4 * std::uint64_t{cores};
  if (requested > most)
    throw usage_error(fmt::format("--threads {} is more than 4 per core this process may use ({} cores): give at most {}",
                                  requested, cores, most));
  return requested == 0 ? cores : static_cast<unsigned>(requested);
}

void parse_shard(const std::string& text, scale_plan& plan) {
  if (text.empty()) return;
  const auto slash = text.find('/');
  const auto i = slash == std::string::npos ? std::nullopt : parse_u64(text.substr(0, slash));
  const auto n = slash == std::string::npos ? std::nullopt : parse_u64(text.substr(slash + 1));
  if (!i || !n || *n < 1 || *i < 1 || *i > *n || *n > 1'000'000)
    throw usage_error(fmt::format("--shard must be I/N with 1 <= I <= N <= 1000000 (the I-th of N shares), got '{}'",
                                  escaped(text)));
  plan.shard_index = *i - 1;
  plan.shard_count = *n;
  plan.shard_text = fmt::format("{}/{}", *i, *n);
}

void add_shard_options(CLI::App& app, rule_table& rules, gen_request& r, const std::string& what) {
  rules["--shard"] = "I/N with 1 <= I <= N";
  app.add_option("--shard", r.shard,
                 fmt::format("run the I-th of N disjoint shares of the {} (1 <= I <= N); `smallscope merge` joins the\n"
                             "shards' --stats json outputs (docs/SCALE.md)",
                             what))
      ->type_name("I/N");
  add_count(app, rules, "--shard-units", r.shard_units, 1,
            "with --shard: cut the search into at least N units per shard (default 32768); more balances\n"
            "lopsided searches better, at the cost of a longer plan");
}

scale_plan plan_scale(const gen_request& r) {
  scale_plan plan;
  parse_shard(r.shard, plan);
  const search_options& o = r.search;
  // Which structures come first, or which one of a class is kept, depends on the search order.
  const std::string ordered_flag = order_dependent_flag(o);
  const char* ordered = !ordered_flag.empty() ? ordered_flag.c_str() : r.sample != 0 ? "--sample" : nullptr;
  if (ordered != nullptr && r.threads > 1)
    throw usage_error(fmt::format("{} follows the search's order: it runs on one thread; give --threads 1 or leave --threads out", ordered));
  if (ordered != nullptr && r.sample == 0 && plan.shard_count > 1)
    throw usage_error(fmt::format("{} follows the search's order: it does not go with --shard", ordered));
  if (ordered != nullptr && !r.checkpoint.empty())
    throw usage_error(fmt::format("{} does not go with --checkpoint (a resumed run would count it anew)", ordered));
  if (!r.checkpoint.empty() && r.print && r.output.empty())
    throw usage_error("--checkpoint with --print needs --output FILE: a resumed run cuts the file back to its "
                      "checkpoint, which stdout cannot do");
  plan.threads = ordered != nullptr ? 1u : bounded_threads(r.threads);
  return plan;
}

std::uint64_t output_tail_hash(const std::string& path, std::uint64_t bytes) {
  if (path.empty()) return 0;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 1;  // no file: unlike any file's hash but for chance
  constexpr std::uint64_t tail = 64 * 1024;
  const std::uint64_t from = bytes > tail ? bytes - tail : 0;
  std::string chunk(bytes - from, '\0');
  const auto n = ::pread(fd, chunk.data(), chunk.size(), static_cast<off_t>(from));
  ::close(fd);
  std::uint64_t h = 0xcbf29ce484222325ull ^ bytes;  // FNV-1a over the size and the tail
  if (n != static_cast<ssize_t>(chunk.size())) return h ^ 2;
  for (const char c : chunk) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return h == 0 ? 3 : h;
}

void open_output(const std::string& path, std::optional<std::uint64_t> keep_bytes, std::uint64_t tail) {
  if (path.empty()) return;
  struct stat info {};
  const bool exists = ::stat(path.c_str(), &info) == 0;
  if (keep_bytes && (!exists || static_cast<std::uint64_t>(info.st_size) < *keep_bytes))
    throw usage_error(fmt::format("--output: '{}' holds less than the checkpoint wrote to it ({} bytes); give the "
                                  "file of the run that wrote the checkpoint",
                                  path, *keep_bytes));
  if (keep_bytes && tail != 0 && output_tail_hash(path, *keep_bytes) != tail)
    throw usage_error(fmt::format("--output: '{}' is not the file the checkpoint's run wrote (its first {} bytes end "
                                  "otherwise); give that file, or delete the checkpoint to start afresh",
                                  path, *keep_bytes));
  // stdout's stream onto the file, opened without waiting for a FIFO's reader.
  flush_out();
  const int fd = files::open_for_writing(path, !keep_bytes);
  if (fd < 0) throw output_error(fmt::format("--output: '{}' {}", escaped(path), files::open_failure(errno)));
  const bool moved = ::dup2(fd, STDOUT_FILENO) == STDOUT_FILENO;
  ::close(fd);
  if (!moved) throw output_error(fmt::format("--output: cannot write '{}'", escaped(path)));
  detail_output::out_name = fmt::format("--output '{}'", escaped(path));  // a failed write names it
  if (keep_bytes) {
    if (::ftruncate(fileno(stdout), static_cast<off_t>(*keep_bytes)) != 0 || std::fseek(stdout, 0, SEEK_END) != 0)
      throw output_error(fmt::format("--output: cannot cut '{}' back to its checkpoint", path));
  }
}

std::uint64_t sync_output(const std::string& path) {
  flush_out();
  if (path.empty()) return 0;
  if (::fsync(fileno(stdout)) != 0) throw output_error(fmt::format("--output: cannot write '{}'", path));
  const long at = std::ftell(stdout);
  return at > 0 ? static_cast<std::uint64_t>(at) : 0;
}

}  // namespace smallscope::cli
