#!/usr/bin/env bash
# The first command: installs what building smallscope needs, builds the smallscope command line
# and the tools a user's build runs (smallscope-mutants, smallscope-instrument) in the release
# preset, and runs the main job (generation) on a built-in subject. The second command
# (scripts/test.sh) installs and builds the rest: the tests, the benchmarks and the command line's
# variants.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh --build
cmake --preset release -DSMALLSCOPE_BUILD_TESTS=OFF -DSMALLSCOPE_BUILD_BENCH=OFF >/dev/null
cmake --build --preset release --target smallscope_cli smallscope_mutants smallscope_instrument_tool
./build/release/smallscope gen BinaryTree 3 --print
