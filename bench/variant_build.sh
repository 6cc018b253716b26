#!/usr/bin/env bash
# How much a client's variants (smallscope_variants: schemata, coverage, branches) add to its
# build: each example's command line built alone and with its three variants, from a clean build
# directory, against smallscope installed from the release preset (Release, Ninja, all cores).
# Prints the median of RUNS runs of each and their ratio.
#
#   bench/variant_build.sh [RUNS]    (default 3)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs=${1:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$root/build/release" --prefix "$work/prefix" > /dev/null

# seconds EXAMPLE TARGET...: one clean configure and build of TARGETs, the build's seconds.
seconds() {
  local example=$1
  shift
  rm -rf "$work/b"
  cmake -S "$root/examples/$example" -B "$work/b" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$work/prefix" > /dev/null
  local start end
  start=$(date +%s.%N)
  cmake --build "$work/b" --target "$@" > /dev/null
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.2f}')"
}
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

for spec in "unmodified ordered_set_check" "own_classes shop_check"; do
  read -r example target <<< "$spec"
  plain=() all=()
  for ((i = 0; i < runs; ++i)); do
    plain+=("$(seconds "$example" "$target")")
    all+=("$(seconds "$example" "$target" "${target}_schemata" "${target}_coverage" "${target}_branches")")
  done
  p=$(median "${plain[@]}")
  a=$(median "${all[@]}")
  echo "$example: $target alone ${p} s (runs: ${plain[*]}); with its three variants ${a} s (runs: ${all[*]});" \
    "ratio $(python3 -c "print(f'{$a / $p:.2f}')")"
done
