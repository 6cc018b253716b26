#!/usr/bin/env bash
# Mutant schemata of every benchmark of paper 000 Table 1 (the built-in subjects): the target
# methods and their helpers in the subject's header are mutated, the invariant and the
# postconditions left alone, and the rewritten header compiles in place of the original.
#   benchmarks_test.sh MUTANTS_BINARY CXX SOURCE_DIR
set -euo pipefail
mutants="$1"; cxx="$2"; src="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# header | subject | methods checked | functions mutated | kept (invariant, postconditions)
while IFS='|' read -r header _subject _checked methods keep; do
  case "$header" in ''|'#'*) continue ;; esac
  args=()
  for m in $methods; do args+=(--method "$m"); done
  for k in $keep; do args+=(--keep "$k"); done
  mkdir -p "$work/$header/subjects"
  "$mutants" "$src/subjects/$header.hpp" "${args[@]}" --schemata "$work/$header/subjects/$header.hpp" \
    -- -std=c++20 "-I$src/include" "-I$src" > "$work/$header.txt" 2> "$work/$header.err" \
    || fail "$header: $(cat "$work/$header.err")"
  count=$(wc -l < "$work/$header.txt")
  [ "$count" -gt 20 ] || fail "$header: only $count mutants"
  printf '#include "subjects/%s.hpp"\n' "$header" > "$work/$header/use.cpp"
  "$cxx" -std=c++20 -fsyntax-only "-I$work/$header" "-I$src/include" "-I$src" "$work/$header/use.cpp" \
    2> "$work/$header.cxx" || fail "$header: the schemata do not compile: $(head -5 "$work/$header.cxx")"
  if grep -q -- "-> " "$work/$header.txt" && grep -qE " in [a-z_:]*(rep_ok|_post)" "$work/$header.txt"; then
    fail "$header: the invariant or a postcondition was mutated"
  fi
  echo "$header: $count mutants, schemata compile"
done < "$src/subjects/mutation_targets.txt"
echo PASS
