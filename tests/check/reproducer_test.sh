#!/usr/bin/env bash
# End-to-end test of the reproducers that `smallscope check --reproducer-dir` writes, as
# GoogleTest cases and (--reproducer-format) as Catch2 and doctest ones: each must compile on its
# own (with -DSMALLSCOPE_NO_TRACKING, no smallscope library), fail on the buggy method the way
# the check reported, and pass once the call is changed to the correct method of the same subject.
#
# Usage: reproducer_test.sh SMALLSCOPE CXX INCLUDE_DIR ROOT_DIR
#   SMALLSCOPE   the smallscope binary
#   CXX          the C++ compiler
#   INCLUDE_DIR  the project's include/ (smallscope/*.hpp)
#   ROOT_DIR     the project's root (subjects/*.hpp)
set -euo pipefail

if [[ $# -ne 4 ]]; then
  echo "usage: $0 SMALLSCOPE CXX INCLUDE_DIR ROOT_DIR" >&2
  exit 2
fi

# Absolute paths, so that nothing depends on the current directory.
absolute() { if [[ $1 == */* ]]; then echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; else echo "$1"; fi; }
smallscope=$(absolute "$1")
cxx=$(absolute "$2")
include_dir=$(cd "$3" && pwd)
root_dir=$(cd "$4" && pwd)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/smallscope_reproducer_test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# The framework of the reproducers (check_case's FORMAT=...), its main and its words for a
# test that started, failed and passed.
format=gtest
printf '#define CATCH_CONFIG_MAIN\n#include <catch2/catch.hpp>\n' >catch2_main.cpp
printf '#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN\n#include <doctest/doctest.h>\n' >doctest_main.cpp
framework_args() {
  case $format in
    gtest) echo -lgtest -lgtest_main ;;
    catch2) echo "$tmp/catch2_main.cpp" ;;
    doctest) echo "$tmp/doctest_main.cpp" ;;
  esac
}
failed_words() {
  case $format in
    gtest) echo '[  FAILED  ] 1 test' ;;
    catch2) echo 'test cases: 1 | 1 failed' ;;
    doctest) echo 'test cases: 1 | 0 passed | 1 failed' ;;
  esac
}
passed_words() {
  case $format in
    gtest) echo '[  PASSED  ] 1 test' ;;
    catch2) echo 'All tests passed' ;;
    doctest) echo 'Status: SUCCESS!' ;;
  esac
}

# compile SOURCE EXE: compiles one reproducer; prints the compiler's messages on failure.
compile() {
  # shellcheck disable=SC2046  # the framework's arguments are words
  if ! "$cxx" -std=c++20 -DSMALLSCOPE_NO_TRACKING -I"$include_dir" -I"$root_dir" "$1" \
      $(framework_args) -pthread -o "$2" >"$2.compile.txt" 2>&1; then
    cat "$2.compile.txt" >&2
    return 1
  fi
}

# run_test EXE: runs a compiled reproducer, its output in EXE.out.txt; prints its exit status.
run_test() {
  local status=0
  { "./$1" >"$1.out.txt" 2>&1; } 2>/dev/null || status=$?  # no "Segmentation fault" from bash
  echo "$status"
}

# check_case NAME BUGGY_CALL CORRECT_CALL EXPECTATION CHECK_ARGS...
#   Writes the reproducer of the smallest counterexample of `smallscope check CHECK_ARGS...`,
#   compiles it and runs it: with EXPECTATION "fails-naming:TEXT" it must fail and print TEXT;
#   with "dies" it must stop during the test (a crash). Then, with BUGGY_CALL replaced by
#   CORRECT_CALL, it must pass.
check_case() {
  local name=$1 buggy=$2 correct=$3 expectation=$4
  shift 4
  local dir="$tmp/$name"
  mkdir "$dir"

  local status=0
  "$smallscope" check "$@" --show 1 --no-reproducers --reproducer-dir "$dir" --reproducer-format "$format" -q \
    >"$dir/check.txt" 2>&1 || status=$?
  if [[ $status -ne 1 ]]; then
    fail "$name: smallscope check $* exited with $status, expected 1 (failures found)"
    cat "$dir/check.txt" >&2
    return
  fi
  local sources=("$dir"/*.cpp)
  if [[ ${#sources[@]} -ne 1 || ! -f ${sources[0]} ]]; then
    fail "$name: expected exactly one reproducer in $dir, found: ${sources[*]}"
    return
  fi
  local source=${sources[0]}
  echo "== $name: $(basename "$source")"

  # The correct method: the same test with the one call changed.
  local calls
  calls=$(grep -c -F "$buggy" "$source" || true)
  if [[ $calls -ne 1 ]]; then
    fail "$name: expected one call '$buggy' in $(basename "$source"), found $calls"
    return
  fi
  local fixed="$dir/fixed.cpp"
  local code
  code=$(<"$source")
  printf '%s\n' "${code//"$buggy"/"$correct"}" >"$fixed"
  if grep -q -F "$buggy" "$fixed" || ! grep -q -F "$correct" "$fixed"; then
    fail "$name: could not replace '$buggy' by '$correct'"
    return
  fi

  # Compile both at once (the slow part).
  local buggy_exe="$name.buggy" fixed_exe="$name.fixed" buggy_status=0 fixed_status=0
  compile "$source" "$buggy_exe" &
  local buggy_pid=$!
  compile "$fixed" "$fixed_exe" &
  local fixed_pid=$!
  wait "$buggy_pid" || buggy_status=$?
  wait "$fixed_pid" || fixed_status=$?
  if [[ $buggy_status -ne 0 ]]; then
    fail "$name: the reproducer $(basename "$source") does not compile"
    return
  fi
  if [[ $fixed_status -ne 0 ]]; then
    fail "$name: the reproducer with '$correct' does not compile"
    return
  fi

  status=$(run_test "$buggy_exe")
  local out="$buggy_exe.out.txt"
  if [[ $status -eq 0 ]]; then
    fail "$name: the reproducer passes on the buggy method (exit 0), expected it to fail"
    cat "$out" >&2
  elif [[ $expectation == fails-naming:* ]]; then
    local clause=${expectation#fails-naming:}
    if ! grep -q -F "$clause" "$out"; then
      fail "$name: the reproducer fails (exit $status) without naming \"$clause\""
      cat "$out" >&2
    elif ! grep -q -F "$(failed_words)" "$out"; then
      fail "$name: the reproducer exits with $status but no test failed"
      cat "$out" >&2
    fi
  elif [[ $expectation == dies ]]; then
    # A crash stops the test binary inside the test: it started, and neither passed nor failed.
    if ! grep -q -F '[ RUN      ]' "$out" || grep -q -F -e '[       OK ]' -e '[  FAILED  ]' "$out"; then
      fail "$name: the reproducer exits with $status but did not die inside the test"
      cat "$out" >&2
    fi
  fi
  echo "   buggy method: exit $status"

  status=$(run_test "$fixed_exe")
  if [[ $status -ne 0 ]] || ! grep -q -F "$(passed_words)" "$fixed_exe.out.txt"; then
    fail "$name: with '$correct' the reproducer does not pass (exit $status)"
    cat "$fixed_exe.out.txt" >&2
  fi
  echo "   correct method: exit $status"
}

check_case invariant_clause 'insert_unbalanced(' 'insert(' \
  'fails-naming:every path has the same number of black nodes' \
  RedBlackTree insert_unbalanced --fin 5,0,5,6
check_case crash 'remove_null_deref(' 'remove(' dies \
  SinglyLinkedList remove_null_deref 3
# Every field type a subject may declare (enumerations, characters, every integer width and its
# extremes, a pointer, an array) rebuilt exactly, with a method that allocates.
check_case field_types 'same_as_fin_negated(' 'same_as_fin(' \
  'fails-naming:every field holds its bound value' \
  FieldTypes same_as_fin_negated 2 --input 7
# The same reproducer as a Catch2 and as a doctest test case.
for format in catch2 doctest; do
  check_case "invariant_clause_$format" 'insert_unbalanced(' 'insert(' \
    'fails-naming:every path has the same number of black nodes' \
    RedBlackTree insert_unbalanced --fin 5,0,5,6
done

if [[ $failures -ne 0 ]]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all reproducer checks passed"
