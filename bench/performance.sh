#!/usr/bin/env bash
# Reruns every generated table of docs/PERFORMANCE.md (bench/doc_section.py): each section's
# command with --doc docs/PERFORMANCE.md, on a copy of the release binaries that a rebuild
# cannot change mid-run. About an hour and a half on two cores, most of it the mutation table;
# run it on an otherwise idle machine. Korat 1.0 (../shared/peers/korat) is timed beside
# smallscope where a table says so.
#   bench/performance.sh [SECTION...]   (default: all; sections: korat scale eta spec check mutation)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
doc=docs/PERFORMANCE.md
cmake --preset release >/dev/null
cmake --build --preset release --target smallscope_cli smallscope_cli_schemata
cp build/release/smallscope /tmp/bench-smallscope
sections=("$@")
[ ${#sections[@]} -eq 0 ] && sections=(korat scale eta spec check mutation)
for s in "${sections[@]}"; do
  case "$s" in
    korat) python3 bench/korat_rows.py --binary /tmp/bench-smallscope --cpu 1 --runs 5 --doc "$doc" ;;
    scale)
      for t in korat gens check; do
        python3 bench/scale_rows.py --binary /tmp/bench-smallscope --table "$t" --runs 3 --doc "$doc"
      done
      python3 bench/scale_rows.py --binary /tmp/bench-smallscope --table shards --doc "$doc" ;;
    eta) python3 bench/eta_accuracy.py --binary /tmp/bench-smallscope --doc "$doc" ;;
    spec) python3 bench/spec_rows.py --binary /tmp/bench-smallscope --cpu 1 --runs 3 --doc "$doc" ;;
    check) python3 bench/check_costs.py --binary /tmp/bench-smallscope --runs 5 --cpu 1 --doc "$doc" ;;
    mutation)
      python3 bench/mutation_table.py --random 5
      python3 bench/mutation_table.py --costs --doc "$doc" ;;
    *) echo "unknown section '$s'; known: korat scale eta spec check mutation" >&2; exit 2 ;;
  esac
done
