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

# header | target methods | kept (invariant, postconditions)
while IFS='|' read -r header methods keep; do
  [ -z "$header" ] && continue
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
done <<'TABLE'
search_tree|add remove|rep_ok add_post remove_post
disj_set|unite find|rep_ok
heap_array|insert extract_max|rep_ok
binomial_heap|insert extract_min union_with delete_key|rep_ok rep_ok_with
fibonacci_heap|insert extract_min unite remove|rep_ok valid
linked_list|add remove reverse|rep_ok
sorted_list|insert remove sort merge|rep_ok rep_ok_any_order well_formed
red_black_tree|insert remove|rep_ok
hash_set|add remove|rep_ok
av_tree|lookup|rep_ok
TABLE
echo PASS
