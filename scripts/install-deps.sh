#!/usr/bin/env bash
# Installs the Debian packages smallscope needs, and the mutation report's schema and viewer from
# npm (mutation-testing-report-schema, mutation-testing-elements) under build/npm.
#
#   install-deps.sh          everything: the build, the tests and the benchmarks (the second command)
#   install-deps.sh --build  what the first command builds needs: the compiler, CMake and the
#                            libraries of smallscope and of its Clang tools
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build_packages=(g++ cmake ninja-build pkgconf libfmt-dev libcli11-dev nlohmann-json3-dev libcadical-dev
                clang-14 libclang-14-dev libclang-cpp14-dev llvm-14-dev)
test_packages=(libgtest-dev libgmock-dev libbenchmark-dev catch2 doctest-dev python3 libclang-rt-14-dev
               libfuzzer-14-dev gcovr parallel python3-jsonschema chromium git slurm-wlm munge)
case "${1:-}" in
  --build) packages=("${build_packages[@]}") ;;
  "") packages=("${build_packages[@]}" "${test_packages[@]}") ;;
  *)
    echo "usage: $0 [--build]" >&2
    exit 2
    ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm from Debian, unless the machine has one already (Node.js's own packages bring theirs).
[[ -n "${1:-}" ]] || command -v npm > /dev/null || missing+=(npm)
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages are installed"
else
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "install-deps: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
[[ -z "${1:-}" ]] || exit 0

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
