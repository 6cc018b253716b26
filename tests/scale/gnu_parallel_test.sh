#!/usr/bin/env bash
# docs/SCALE.md's GNU parallel recipe, run locally: 6 shards of SearchTree 7 under `parallel`,
# joined by `smallscope merge`, give the structures and counts of the unsharded run.
# usage: gnu_parallel_test.sh SMALLSCOPE
set -euo pipefail
smallscope=$1
command -v parallel > /dev/null || { echo "FAIL: GNU parallel is not installed (scripts/install-deps.sh installs it)"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$smallscope" gen SearchTree 7 --threads 1 --format jsonl --stats json -q > "$dir/whole.out"
parallel --will-cite -j 2 "'$smallscope' gen SearchTree 7 --threads 1 --shard {}/6 --format jsonl --stats json -q > '$dir/shard{}.out'" ::: 1 2 3 4 5 6
"$smallscope" merge -q "$dir"/shard*.out > "$dir/merged.out"

python3 - "$dir/whole.out" "$dir/merged.out" <<'PY'
import json, sys
def read(path):
    lines = open(path).read().splitlines()
    stats = json.loads(lines[-1])
    structures = []
    for i, line in enumerate(lines[:-1]):
        s = json.loads(line)
        assert s["index"] == i + 1, "%s: line %d has index %s" % (path, i + 1, s["index"])
        del s["index"]
        structures.append(json.dumps(s, sort_keys=True))
    return stats, sorted(structures)
whole_stats, whole = read(sys.argv[1])
merged_stats, merged = read(sys.argv[2])
assert whole == merged, "the merged shards' structures differ from the unsharded run's"
for key in ("valid", "explored"):
    assert whole_stats[key] == merged_stats[key], "%s: %s against %s" % (key, whole_stats[key], merged_stats[key])
assert merged_stats["shards"]["count"] == 6
print("ok: 6 shards under GNU parallel, %d structures, %d explored, as the unsharded run" % (len(merged), merged_stats["explored"]))
PY
