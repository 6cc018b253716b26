#!/usr/bin/env bash
# The second command: the whole test suite, in the release build and in the
# AddressSanitizer + UndefinedBehaviorSanitizer build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
jobs=$(nproc)
for preset in release asan; do
  echo "== $preset"
  # The tests (and, in the release preset, the benchmarks) on, whatever the first command left.
  options=(-DSMALLSCOPE_BUILD_TESTS=ON)
  [[ $preset == release ]] && options+=(-DSMALLSCOPE_BUILD_BENCH=ON)
  cmake --preset "$preset" "${options[@]}" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
done
