// Bounded-exhaustive generation at scale (paper 000, Fig. 7; docs/SCALE.md), as `smallscope gen`
// runs it: every valid structure of a finitization on several threads (work stealing over units
// of the search), on one shard of the search (shard I of N plans the same cut as every other
// and takes its units), and from a checkpoint file that a stopped run left. The counts and the
// set of structures are those of one thread; one thread keeps the search's order.
//
//   smallscope::generation_options o;
//   o.threads = 2;
//   o.checkpoint = "trees.checkpoint";  // goes on from it when it exists; removed at the end
//   o.on_structure = [&](unsigned thread, const smallscope::structure& s) { ... };
//   const auto report = smallscope::generate(fin, smallscope::make_predicate<&tree::rep_ok>(), o);
// Stage: generate.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "smallscope/finitization.hpp"
#include "smallscope/search.hpp"
#include "smallscope/stop.hpp"

namespace smallscope {

struct generation_options {
  search_options search;
  eq_class_fn eq_class;  // for search.eq_class and search.one_per_class (one thread, no shards)
  // Search threads; 0: as many as the search can use (one per core this process may use, or one
  // with search.limit, eq_class or one_per_class, which follow the search's order). More than
  // one: not with those.
  unsigned threads = 1;
  // One shard of the search (many machines): the search is cut into at least units_per_shard *
  // shard_count units in its order and this run takes those whose number is shard_index
  // (0-based) modulo shard_count.
  std::uint64_t shard_index = 0;
  std::uint64_t shard_count = 1;
  std::uint64_t units_per_shard = 32768;
  // A checkpoint file. When it exists, the generation goes on from it (it must be this run's:
  // the same `identity`); the search's position is written there every checkpoint_every
  // seconds and when the run stops early, and the file is removed when the search ends.
  std::string checkpoint;
  double checkpoint_every = 60;
  // true: the checkpoint stays when the search ends, for the caller to remove once its own
  // outputs are whole (a caller whose final write fails goes on from it).
  bool keep_finished_checkpoint = false;
  // What the run finds, written in the checkpoint and compared when going on from one. Empty:
  // the finitization's description, the search options, the threads' mode and the shard.
  std::string identity;
  // The caller's own state at a checkpoint (its outputs so far), called on the calling thread
  // with every search thread paused and every structure so far given to on_structure; saved in
  // the checkpoint. nullopt: write no checkpoint now (the caller's outputs failed).
  std::function<std::optional<std::string>()> save;
  // Called once on the calling thread before the search starts: with save's text and the counts
  // of the run the checkpoint came from when this run goes on from one, else with nulls.
  std::function<void(const std::string* saved, const search_stats* so_far)> start;
  // On the search threads, concurrently: each valid structure (valid until the call returns);
  // `thread` in [0, threads).
  std::function<void(unsigned thread, const structure&)> on_structure;
  // Told of invariant calls that ran over the read budget or threw, one at a time; its
  // on_progress is called on the calling thread every search.progress_interval seconds.
  search_listener* listener = nullptr;
  // Estimate the size of the search (Chen's probes, a few percent of the calling thread's time):
  // the progress counts carry estimated_explored.
  bool estimate = false;
  // Polled on the calling thread about every 100 ms: once true, the search threads stop, a
  // checkpoint is written (with `checkpoint`), and the report holds the counts so far.
  stop_request stop;
};

struct generation_report {
  search_stats stats;        // the whole run's, the part before a checkpoint included
  bool finished = false;     // the search ran to its end (or to search.limit)
  bool stopped = false;      // `stop` ended it first
  bool resumed = false;      // it went on from `checkpoint`
  search_stats resumed_from; // the counts of the run the checkpoint came from
  unsigned threads = 1;
  std::uint64_t steals = 0;  // units handed from one thread to another
  // Structures this run yielded (each one given to on_structure, when there is one); the part
  // before a checkpoint is not counted.
  std::uint64_t yielded = 0;
  // A shard's plan: the prefix depth of the cut, the units of the whole search, this shard's,
  // the invariant calls the plan made (not counted as explored) and its time.
  struct plan {
    std::uint32_t depth = 0;
    std::uint64_t units = 0, owned = 0, evaluations = 0;
    double seconds = 0;
  } plan;
  // About the finitization and the invariant, from a uniform sample of the valid structures (a
  // field that multiplies the count, one that never varies, no valid structure at all); the
  // sample is kept across checkpoints.
  std::vector<std::string> warnings;
};

// A checkpoint file that cannot be this run's (not a checkpoint, changed since it was written,
// written by another run or for another finitization: `unusable`), or that cannot be written.
class checkpoint_error : public std::runtime_error {
 public:
  checkpoint_error(const std::string& what, bool unusable) : std::runtime_error(what), unusable_(unusable) {}
  bool unusable() const { return unusable_; }

 private:
  bool unusable_;
};

// The cores this process may run on (its CPU affinity: taskset, cgroups), at least 1: the
// threads of generation_options::threads = 0.
unsigned available_cores();

// Every valid structure of `fin` under `invariant`. Throws std::invalid_argument for options that
// do not go together, finitization_error for a bad finitization, checkpoint_error for the
// checkpoint file; an exception thrown by on_structure, save or start ends the run and is
// rethrown.
generation_report generate(const finitization& fin, const predicate& invariant, const generation_options& options = {});

}  // namespace smallscope
