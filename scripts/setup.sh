#!/usr/bin/env bash
# The first command: installs what is needed, builds the release preset and runs the main job
# (generation) on a built-in subject.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release
./build/release/smallscope gen BinaryTree 3 --print
