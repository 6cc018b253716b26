#!/usr/bin/env bash
# Installs every Debian package that building and testing smallscope needs, and the mutation
# report's schema and viewer from npm (mutation-testing-report-schema, mutation-testing-elements)
# under build/npm, for `mutate --html` and the report's test.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
packages=(g++ cmake ninja-build libfmt-dev libcli11-dev nlohmann-json3-dev libcadical-dev
          libgtest-dev libgmock-dev libbenchmark-dev python3 pkgconf
          clang-14 libclang-rt-14-dev libfuzzer-14-dev libclang-14-dev libclang-cpp14-dev llvm-14-dev gcovr
          parallel python3-jsonschema chromium git)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm from Debian, unless the machine has one already (Node.js's own packages bring theirs).
command -v npm > /dev/null || missing+=(npm)
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages are installed"
else
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "install-deps: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

npm_dir="$root/build/npm"
viewer="$npm_dir/node_modules/mutation-testing-elements/dist/mutation-test-elements.js"
schema="$npm_dir/node_modules/mutation-testing-report-schema/dist/src/mutation-testing-report-schema.json"
if [ -f "$viewer" ] && [ -f "$schema" ]; then
  echo "install-deps: the mutation report's schema and viewer are installed"
else
  echo "install-deps: installing mutation-testing-report-schema and mutation-testing-elements (npm) in $npm_dir"
  mkdir -p "$npm_dir"
  npm install --prefix "$npm_dir" --no-audit --no-fund --loglevel=error \
    mutation-testing-report-schema@3.8.4 mutation-testing-elements@3.9.0
fi
