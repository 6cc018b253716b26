// The outputs of gen, check and merge at scale, read back for the end-to-end tests of threads,
// shards and checkpoints (cli_scale_test.cpp, cli_shard_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/cli_runner.hpp"
#include "support/temp_files.hpp"

namespace scale_output {

using cli_runner::lines;
using cli_runner::result;
using cli_runner::run;
using cli_runner::shown;
using json = nlohmann::json;
using test_files::file_text;

struct printed {
  std::vector<std::string> structures;  // jsonl lines without their index
  std::vector<std::uint64_t> indices;   // the index of each line, in order
  json stats;
};

// Splits gen's (or merge's) jsonl stdout into structures and the statistics line.
inline printed parse(const std::string& out) {
  printed p;
  auto all = lines(out);
  if (all.empty()) return p;
  p.stats = json::parse(all.back(), nullptr, false);
  all.pop_back();
  for (const auto& line : all) {
    const json j = json::parse(line, nullptr, false);
    if (j.is_discarded()) {
      ADD_FAILURE() << "not JSON: " << line;
      continue;
    }
    p.indices.push_back(j.value("index", std::uint64_t{0}));
    json without = j;
    without.erase("index");
    p.structures.push_back(without.dump());
  }
  return p;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline std::vector<std::uint64_t> one_to(std::size_t n) {
  std::vector<std::uint64_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = i + 1;
  return v;
}

inline printed gen_jsonl(std::vector<std::string> args) {
  args.insert(args.begin(), "gen");
  args.insert(args.end(), {"--format", "jsonl", "--stats", "json", "-q"});
  const result r = run(args);
  EXPECT_EQ(r.exit_code, 0) << shown(args, r);
  return parse(r.out);
}

// The findings of a --findings file, one JSON object per line after a header that counts them
// and says the run was complete.
inline std::vector<nlohmann::json> findings(const std::string& path) {
  const auto f = cli_runner::read_findings(path);
  EXPECT_FALSE(f.header.is_discarded()) << file_text(path);
  EXPECT_EQ(f.header.value("complete", false), true) << path;
  return f.findings;
}

// An artifact's own hash, as files/strict_json computes it: FNV-1a of its JSON text (keys
// sorted) without its "content_hash".
inline std::uint64_t checkpoint_hash(json j) {
  j.erase("content_hash");
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const char c : j.dump()) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return h;
}
// A shard's statistics changed and sealed again, as a run that wrote them so would have.
inline json resealed(json j) {
  j["content_hash"] = checkpoint_hash(j);
  return j;
}

// What judges this binary's structures, as a shard's statistics name it.
inline std::string cpp_judge() {
  const result r = run({"gen", "BinaryTree", "3", "--shard", "1/2", "--stats", "json", "-q"});
  return cli_runner::last_line_json(r.out).value("judge", std::string("(none)"));
}

}  // namespace scale_output
