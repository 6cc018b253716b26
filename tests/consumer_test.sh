#!/usr/bin/env bash
# A project of a user's own, built against smallscope the three ways a user can: an installed
# package found with find_package(smallscope 0.4), the source tree through add_subdirectory,
# and pkg-config without CMake; and examples/unmodified (a library tested as it is written)
# against the installed package, through its smallscope_instrument function. The project is examples/own_classes (the README's worked
# example): its GoogleTest suite must pass, its own command line (smallscope::main) must list,
# generate and check its subject, and the leak it seeds must be found and reproduced by a
# reproducer that fails, and passes once the method is fixed; the variants its smallscope_variants
# call makes (mutant schemata, coverage, branch probes) must measure its suite's quality. The
# README must show the example's files as they are.
#
# Usage: consumer_test.sh SOURCE_DIR BUILD_DIR CXX PHASE
# PHASE is one part of the test, each a ctest test of its own so that they run side by side:
# install (the package, to BUILD_DIR/consumer/prefix, which the others use), installed,
# unmodified, containers, subdirectory, pkgconfig, frameworks, variants, readme.
set -euo pipefail

if [[ $# -ne 4 ]]; then
  echo "usage: $0 SOURCE_DIR BUILD_DIR CXX PHASE" >&2
  exit 2
fi
source_dir=$(cd "$1" && pwd)
build_dir=$(cd "$2" && pwd)
cxx=$3
phase=$4
example="$source_dir/examples/own_classes"
prefix="$build_dir/consumer/prefix"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/smallscope_consumer_test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# expect_run NAME EXPECTED_STATUS TEXT COMMAND...: runs COMMAND; its status must be
# EXPECTED_STATUS and its output must contain TEXT.
expect_run() {
  local name=$1 expected=$2 text=$3
  shift 3
  local status=0
  "$@" >"$tmp/$name.out" 2>&1 || status=$?
  if [[ $status -ne $expected ]]; then
    fail "$name: '$*' exited with $status, expected $expected"
    cat "$tmp/$name.out" >&2
  elif ! grep -q -F -- "$text" "$tmp/$name.out"; then
    fail "$name: '$*' did not print '$text'"
    cat "$tmp/$name.out" >&2
  fi
}

# check_project NAME BUILD: the example's suite and its command line, built in BUILD.
check_project() {
  local name=$1 build=$2
  expect_run "$name-gtest" 0 "[  PASSED  ] 3 tests" "$build/sorted_list_test"
  # The engines from the library alone: an exploration whose call crashes is a finding.
  expect_run "$name-library" 0 "[  PASSED  ] 3 tests" "$build/library_test"
  expect_run "$name-list" 0 "ShopList" "$build/shop_check" list
  expect_run "$name-gen" 0 "15 valid" "$build/shop_check" gen ShopList --fin 3,3
  expect_run "$name-check" 0 "0 failed" "$build/shop_check" check ShopList erase 3
  expect_run "$name-leak" 1 "the method leaks Node#" "$build/shop_check" check ShopList erase_leaky 3 --show 1 \
    --reproducer-dir "$tmp/$name-reproducers"
  if ! grep -q -F "reproduce:  $build/shop_check check ShopList erase_leaky" "$tmp/$name-leak.out"; then
    fail "$name: the reproduce line does not name the binary that ran"
    cat "$tmp/$name-leak.out" >&2
  fi
}

# check_mutation BUILD BIN SUBJECT HEADER METHOD...: mutation analysis of METHODs through the
# variants the installed smallscope_variants made of BIN, over scopes 1..4 with coverage (equal to
# gcovr's own count of the same lines of HEADER), and its web page.
check_mutation() {
  local build=$1 bin=$2 subject=$3 header=$4
  shift 4
  local stem
  stem=$(basename "$header" .hpp)
  for v in "$bin-schemata" "$bin-coverage" "$bin-branches" "mutants/$stem.jsonl" "mutants/$stem.functions.json"; do
    [[ -e "$build/$v" ]] || fail "smallscope_variants made no $v"
  done
  # From another directory: nothing depends on where mutate runs.
  if ! (cd "$tmp" && "$build/$bin-schemata" mutate "$subject" "$@" --scopes 1..4 --coverage \
          --html "$tmp/$bin.html" --stats json -q --survivors 0 >"$tmp/$bin-mutate.out" 2>"$tmp/$bin-mutate.err"); then
    fail "mutate on $bin-schemata failed"
    cat "$tmp/$bin-mutate.err" >&2
    return
  fi
  # gcovr by hand over the same runs: the scope-4 checks of the methods, the lines of the code
  # under test as smallscope-mutants --functions lists them.
  find "$build" -name '*.gcda' -delete
  for m in "$@"; do
    "$build/$bin-coverage" check "$subject" "$m" 4 -q --show 0 >/dev/null 2>&1 || true
  done
  gcovr --root "$(dirname "$header")" --filter "$header" --exclude-throw-branches \
    --exclude-unreachable-branches --json "$tmp/$bin-gcovr.json" "$build" >/dev/null 2>&1 || fail "gcovr failed"
  if ! python3 - "$tmp/$bin-mutate.out" "$tmp/$bin-gcovr.json" "$build/mutants/$stem.functions.json" \
      "$tmp/$bin.html" "$header" <<'PY'
import json, os, sys
stats = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
scopes = stats["scopes"]
header = os.path.basename(sys.argv[5])
assert [s["scope"] for s in scopes] == [1, 2, 3, 4], scopes
assert stats["mutants"] > 20 and scopes[-1]["killed"] > scopes[0]["killed"] / 2, stats
cov = [s["coverage"] for s in scopes]
assert all(c["code_statements"] > 0 and c["code_lines"] > 10 for c in cov), cov
extents = json.load(open(sys.argv[3]))
code = [(f["first_line"], f["last_line"]) for f in extents["functions"] if f["role"] != "spec"]
hit = total = 0
for f in json.load(open(sys.argv[2]))["files"]:
    if not f["file"].endswith(header):
        continue
    for line in f["lines"]:
        if line.get("gcovr/noncode") or not any(a <= line["line_number"] <= b for a, b in code):
            continue
        total += 1
        hit += line["count"] > 0
assert total == cov[-1]["code_lines"], (total, cov[-1])
assert abs(100.0 * hit / total - cov[-1]["code_statements"]) < 1e-9, (hit, total, cov[-1])
page = open(sys.argv[4]).read()
assert "mutation-test-report-app" in page and header in page, "the page has no report"
PY
  then
    fail "mutate's figures on $bin are wrong"
    cat "$tmp/$bin-mutate.out" >&2
  fi
}

# check_shards BIN SUBJECT METHOD SCOPE FAILURES: the check in two shards, joined by merge, has the
# unsharded check's counts and findings; FAILURES says whether it has any (yes or no).
check_shards() {
  local bin=$1 subject=$2 method=$3 scope=$4 failures=$5 name
  name=$(basename "$bin")-$method
  for i in 1 2; do
    "$bin" check "$subject" "$method" "$scope" --shard $i/2 --stats json -q --show 0 >"$tmp/$name-shard$i.out" || true
  done
  "$bin" check "$subject" "$method" "$scope" --stats json -q --show 0 --findings "$tmp/$name-whole.jsonl" \
    >"$tmp/$name-whole.out" || true
  "$bin" merge "$tmp/$name-shard2.out" "$tmp/$name-shard1.out" -q --findings "$tmp/$name-merged.jsonl" \
    >"$tmp/$name-merged.out" || true
  python3 - "$tmp/$name-whole.out" "$tmp/$name-merged.out" "$tmp/$name-whole.jsonl" "$tmp/$name-merged.jsonl" \
    "$failures" <<'PY' ||
import json, sys
last = lambda p: json.loads(open(p).read().strip().splitlines()[-1])
whole, merged = last(sys.argv[1]), last(sys.argv[2])
for key in ("inputs", "passed", "failed", "structures", "explored", "first_failed_inputs"):
    assert whole[key] == merged[key], (key, whole[key], merged[key])
assert whole["inputs"] > 0 and (whole["failed"] > 0) == (sys.argv[5] == "yes"), whole
def rows(path):  # the findings after the header, which must say complete and count them
    lines = [json.loads(line) for line in open(path)]
    head = lines[0]
    assert head["format"] == "smallscope-findings" and head["complete"] and head["findings"] == len(lines) - 1, head
    return lines[1:]
assert rows(sys.argv[3]) == rows(sys.argv[4]), "the merged findings differ"
PY
    fail "$name: check --shard 1/2 and 2/2, merged, are not the unsharded check"
}

# check_variants BUILD: suite quality on the example through the variants the installed
# smallscope_variants made: mutation analysis with coverage, the white-box suite of `cover`, and
# the check in shards.
check_variants() {
  local build=$1
  # The variants' CMake targets, as docs/MUTATION.md names them.
  local t
  for t in shop_check_schemata shop_check_coverage shop_check_branches; do
    grep -q -F "\`$t\`" "$source_dir/docs/MUTATION.md" || fail "docs/MUTATION.md does not name the target $t"
  done
  cmake --build "$build" --target shop_check_schemata shop_check_coverage shop_check_branches >"$tmp/targets.out" 2>&1 ||
    fail "the variants' targets are not shop_check_schemata, shop_check_coverage and shop_check_branches: $(tail -3 "$tmp/targets.out")"
  check_mutation "$build" shop_check ShopList "$example/sorted_list.hpp" insert erase
  # The same schemata in the GoogleTest program: mutation analysis over two scopes from the library.
  cmake --build "$build" --target library_test_schemata >"$tmp/library_schemata.out" 2>&1 ||
    fail "library_test_schemata does not build: $(tail -3 "$tmp/library_schemata.out")"
  expect_run library-mutation 0 "[  PASSED  ] 1 test" "$build/library_test-schemata" \
    --gtest_filter=SortedList.MutationAnalysisOverTwoScopes
  expect_run cover 0 "white-box suite" "$build/shop_check-branches" cover ShopList 3 --methods insert,erase \
    --suite "$tmp/wb.suite"
  grep -q -F "all                                16       16  100 %" "$tmp/cover.out" ||
    fail "cover does not count and cover the 16 branches of insert and erase"
  expect_run white-box-suite 1 "4 failed" "$build/shop_check" check ShopList erase_leaky --suite "$tmp/wb.suite" --show 0
  check_shards "$build/shop_check" ShopList erase_leaky 4 yes
}

phase_install() {
  echo "== install the package"
  rm -rf "$prefix"
  cmake --install "$build_dir" --prefix "$prefix" >"$tmp/install.out" 2>&1 || {
    cat "$tmp/install.out" >&2
    fail "cmake --install"
}
for f in lib/cmake/smallscope/smallscopeConfigVersion.cmake lib/pkgconfig/smallscope.pc include/smallscope/cli.hpp \
         lib/cmake/smallscope/smallscope-variants.cmake lib/cmake/smallscope/smallscope-spec.cmake \
         include/smallscope/compiled_spec.hpp bin/smallscope-mutants bin/smallscope-instrument bin/smallscope-spec-compile \
         share/doc/smallscope/UNMODIFIED.md share/doc/smallscope/README.md share/doc/smallscope/examples/unmodified/CMakeLists.txt \
         share/doc/smallscope/subjects/unmodified/plain/lru_cache.hpp; do
  [[ -f "$prefix/$f" ]] || fail "the install has no $f"
done
}

phase_installed() {
  echo "== find_package: the example built against the installed package"
  if cmake -S "$example" -B "$tmp/installed" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
      -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/installed.out" 2>&1 &&
      cmake --build "$tmp/installed" >>"$tmp/installed.out" 2>&1; then
    check_project installed "$tmp/installed"
    check_variants "$tmp/installed"
  else
    cat "$tmp/installed.out" >&2
    fail "the example does not build against the installed package"
  fi
  # A version the package does not satisfy is refused.
  mkdir -p "$tmp/too_new"
  cat >"$tmp/too_new/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.25)
project(too_new LANGUAGES CXX)
find_package(smallscope 0.5 REQUIRED)
EOF
  if cmake -S "$tmp/too_new" -B "$tmp/too_new/build" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/too_new.out" 2>&1; then
    fail "find_package(smallscope 0.5) accepted version 0.4"
  fi
  grep -q "CHANGELOG.md (installed in share/doc/smallscope) gives each version's" "$tmp/too_new.out" ||
    fail "find_package(smallscope 0.5) refused without naming the changelog: $(cat "$tmp/too_new.out")"
}

phase_unmodified() {
  echo "== classes as they are: examples/unmodified against the installed package (smallscope_instrument)"
  local build="$tmp/unmodified" ordset="$source_dir/examples/unmodified"
  if cmake -S "$ordset" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
      -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/unmodified.out" 2>&1 &&
      cmake --build "$build" >>"$tmp/unmodified.out" 2>&1; then
    expect_run unmodified-gtest 0 "[  PASSED  ] 7 tests" "$build/ordered_set_test"
    grep -q -F "smallscope-instrument: " "$tmp/unmodified.out" || fail "the build did not run smallscope-instrument"
    # Its command line and the variants of it, instrumented too: suite quality on the template
    # container as it is written.
    expect_run unmodified-gen 0 "15 valid" "$build/ordered_set_check" gen OrderedSet 3
    # A second source of the command line, and of each variant, compiled from the instrumented
    # copies too (a variant built it from the originals: "0 valid, 1 explored").
    for variant in "" -schemata -coverage -branches; do
      [[ -x "$build/ordered_set_check$variant" ]] || continue
      expect_run "unmodified-second-source$variant" 0 "OrderedSetEven 3,3: 15 valid" \
        "$build/ordered_set_check$variant" gen OrderedSetEven 3
    done
    # The library's private members named in a spec, run as the search's invariant.
    expect_run unmodified-spec-gen 0 "51 valid" "$build/ordered_set_check" gen OrderedSet 4 \
      --invariant "$ordset/ordered_set.als" --invariant-run repOk
    expect_run unmodified-spec-check 0 "0 failed" "$build/ordered_set_check" check OrderedSet erase 4 \
      --invariant "$ordset/ordered_set.als" --invariant-run repOk
    # The same spec compiled into the command line by the installed smallscope_spec.
    grep -q -F "smallscope-spec-compile: " "$tmp/unmodified.out" || fail "the build did not run smallscope-spec-compile"
    expect_run unmodified-spec-compiled 0 '"compiled":true' "$build/ordered_set_check" gen OrderedSet 4 \
      --invariant "$ordset/ordered_set.als" --invariant-run repOk --stats json -q
    expect_run unmodified-spec-interpreted 0 '"compiled":false' "$build/ordered_set_check" gen OrderedSet 4 \
      --invariant "$ordset/ordered_set.als" --invariant-run repOk --stats json -q --invariant-interpreted
    check_mutation "$build" ordered_set_check OrderedSet "$ordset/include/ordset/ordered_set.hpp" insert erase
    expect_run unmodified-cover 0 "white-box suite" "$build/ordered_set_check-branches" cover OrderedSet 3 \
      --methods insert,erase --suite "$tmp/ordset-wb.suite"
    # Every condition of insert is probed inside the class template, and taken both ways.
    grep -q -E "^  insert +12 +12  100 %" "$tmp/unmodified-cover.out" ||
      fail "cover does not count and cover the 12 branches of the template's insert"
    expect_run unmodified-suite 0 "0 failed" "$build/ordered_set_check" check OrderedSet erase --suite "$tmp/ordset-wb.suite"
    check_shards "$build/ordered_set_check" OrderedSet erase_range 4 no
  else
    cat "$tmp/unmodified.out" >&2
    fail "examples/unmodified does not build against the installed package"
  fi
}

phase_subdirectory() {
  echo "== add_subdirectory: the source tree inside the user's project"
  # The example's suite and command line; its variants are the installed phase's (building them
  # here would build smallscope-mutants from source as well).
  mkdir -p "$tmp/super"
  cat >"$tmp/super/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.25)
project(super LANGUAGES CXX)
add_subdirectory("$source_dir" smallscope EXCLUDE_FROM_ALL)
add_subdirectory("$example" own_classes)
EOF
  if cmake -S "$tmp/super" -B "$tmp/super/build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
      >"$tmp/super.out" 2>&1 &&
    cmake --build "$tmp/super/build" --target sorted_list_test library_test shop_check >>"$tmp/super.out" 2>&1; then
    check_project subdirectory "$tmp/super/build/own_classes"
  else
    cat "$tmp/super.out" >&2
    fail "the example does not build with add_subdirectory"
  fi
}

# check_reproducer FRAMEWORK: the leak's reproducer written as a FRAMEWORK (gtest, catch2,
# doctest) test case by check --reproducer-format, built with pkg-config's flags and that
# framework's main: it fails on the leaky method, and passes once the method is fixed.
check_reproducer() {
  local fw=$1 dir="$tmp/reproducers-$1" main=() libs=()
  expect_run "pkgconfig-leak-$fw" 1 "the method leaks Node#" "$tmp/shop_pc" check ShopList erase_leaky 3 --show 1 \
    --reproducer-dir "$dir" --reproducer-format "$fw"
  local reproducers=("$dir"/*.cpp)
  if [[ ${#reproducers[@]} -ne 1 || ! -f ${reproducers[0]} ]]; then
    fail "expected one $fw reproducer of erase_leaky, found: ${reproducers[*]}"
    return
  fi
  case $fw in
    gtest) libs=(-lgtest -lgtest_main) ;;
    catch2)
      printf '#define CATCH_CONFIG_MAIN\n#include <catch2/catch.hpp>\n' >"$tmp/catch2_main.cpp"
      main=("$tmp/catch2_main.cpp") ;;
    doctest)
      printf '#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN\n#include <doctest/doctest.h>\n' >"$tmp/doctest_main.cpp"
      main=("$tmp/doctest_main.cpp") ;;
  esac
  sed 's/erase_leaky(/erase(/' "${reproducers[0]}" >"$tmp/fixed-$fw.cpp"
  local which src status
  for which in buggy fixed; do
    src=${reproducers[0]}
    [[ $which == fixed ]] && src="$tmp/fixed-$fw.cpp"
    if ! "$cxx" -std=c++20 -I"$example" "$src" "${main[@]}" "${flags[@]}" "${libs[@]}" -pthread \
        -o "$tmp/$which-$fw" >"$tmp/$which-$fw.compile.out" 2>&1; then
      cat "$tmp/$which-$fw.compile.out" >&2
      fail "the $which $fw reproducer does not compile with pkg-config's flags"
      continue
    fi
    status=0
    "$tmp/$which-$fw" >"$tmp/$which-$fw.out" 2>&1 || status=$?
    if [[ $which == buggy ]] && { [[ $status -eq 0 ]] || ! grep -q -F "blocks leaked by the method" "$tmp/$which-$fw.out"; }; then
      fail "the $fw reproducer passes on the leaky method (exit $status)"
      cat "$tmp/$which-$fw.out" >&2
    elif [[ $which == fixed && $status -ne 0 ]]; then
      fail "the $fw reproducer fails on the fixed method (exit $status)"
      cat "$tmp/$which-$fw.out" >&2
    fi
  done
}

# check_cost_reproducer: the reproducer of an input over a --max-cost bound, built with
# pkg-config's flags against the installed library (it counts the method's reads): it fails
# naming what the method did, and passes once the bound is raised.
check_cost_reproducer() {
  local dir="$tmp/reproducers-cost"
  expect_run pkgconfig-cost 1 "the method costs too much: reads" "$tmp/shop_pc" check ShopList erase 3 \
    --max-cost 'reads <= 2' --show 1 --reproducer-dir "$dir"
  local reproducers=("$dir"/*.cpp)
  if [[ ${#reproducers[@]} -ne 1 || ! -f ${reproducers[0]} ]]; then
    fail "expected one reproducer of erase over its cost bound, found: ${reproducers[*]}"
    return
  fi
  sed 's/cost.reads <= 2u/cost.reads <= 1000000u/' "${reproducers[0]}" >"$tmp/cost-raised.cpp"
  if ! grep -q -F "cost.reads <= 1000000u" "$tmp/cost-raised.cpp"; then
    fail "the cost reproducer has no condition 'cost.reads <= 2u'"
    return
  fi
  local which src status
  for which in over raised; do
    src=${reproducers[0]}
    [[ $which == raised ]] && src="$tmp/cost-raised.cpp"
    if ! "$cxx" -std=c++20 -I"$example" "$src" "${flags[@]}" -lgtest -lgtest_main -pthread -o "$tmp/cost-$which" \
        >"$tmp/cost-$which.compile.out" 2>&1; then
      cat "$tmp/cost-$which.compile.out" >&2
      fail "the $which cost reproducer does not compile with pkg-config's flags"
      continue
    fi
    status=0
    "$tmp/cost-$which" >"$tmp/cost-$which.out" 2>&1 || status=$?
    if [[ $which == over ]] && { [[ $status -eq 0 ]] || ! grep -q -F "the method did " "$tmp/cost-$which.out"; }; then
      fail "the cost reproducer passes over its bound (exit $status)"
      cat "$tmp/cost-$which.out" >&2
    elif [[ $which == raised && $status -ne 0 ]]; then
      fail "the cost reproducer fails under a raised bound (exit $status)"
      cat "$tmp/cost-$which.out" >&2
    fi
  done
}

phase_pkgconfig() {
  echo "== pkg-config: the example's command line and the leak's reproducer, built without CMake"
  export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
  # shellcheck disable=SC2046  # pkg-config's flags are words
  if ! "$cxx" -std=c++20 -I"$example" "$example/shop_subjects.cpp" $(pkg-config --cflags --libs smallscope-main) \
      -o "$tmp/shop_pc" >"$tmp/shop_pc.out" 2>&1; then
    cat "$tmp/shop_pc.out" >&2
    fail "shop_subjects.cpp does not link with pkg-config's smallscope-main"
    return
  fi
  expect_run pkgconfig-main 0 "15 valid" "$tmp/shop_pc" gen ShopList --fin 3,3
  # shellcheck disable=SC2046  # pkg-config's flags are words
  flags=($(pkg-config --cflags --libs smallscope))
  # The leak's reproducer in each framework's form: it fails, and passes once the method is fixed.
  local fw
  for fw in gtest catch2 doctest; do
    check_reproducer "$fw"
  done
  check_cost_reproducer
  reproducer=$(ls "$tmp/reproducers-gtest"/*.cpp)
  # A user's test built with AddressSanitizer over the released library finds the leak too.
  if "$cxx" -std=c++20 -fsanitize=address -fno-omit-frame-pointer -I"$example" "$reproducer" "${flags[@]}" \
      -lgtest -lgtest_main -pthread -o "$tmp/buggy_asan" >"$tmp/buggy_asan.compile.out" 2>&1; then
    status=0
    ASAN_OPTIONS=detect_leaks=1 "$tmp/buggy_asan" >"$tmp/buggy_asan.out" 2>&1 || status=$?
    if [[ $status -eq 0 ]] || ! grep -q -F "blocks leaked by the method" "$tmp/buggy_asan.out"; then
      fail "the reproducer built with AddressSanitizer does not report the leak (exit $status)"
      cat "$tmp/buggy_asan.out" >&2
    fi
  else
    cat "$tmp/buggy_asan.compile.out" >&2
    fail "the reproducer does not compile with AddressSanitizer over the released library"
  fi
}

# sum_of_passes FILE: the inputs of every "M: all N inputs passed" line in FILE, summed, and the lines.
sum_of_passes() {
  grep -o -E 'all [0-9]+ inputs passed' "$1" | sort -u | awk '{ n += $2; lines++ } END { print n + 0, lines + 0 }'
}

phase_frameworks() {
  echo "== Catch2 and doctest: examples/frameworks against the installed package"
  local build="$tmp/frameworks" dir="$source_dir/examples/frameworks"
  if ! { cmake -S "$dir" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" \
           >"$tmp/frameworks.out" 2>&1 && cmake --build "$build" >>"$tmp/frameworks.out" 2>&1; }; then
    cat "$tmp/frameworks.out" >&2
    fail "examples/frameworks does not build against the installed package"
    return
  fi
  local fw bin pass bug whole part
  for fw in catch2 doctest; do
    bin="$build/${fw}_test"
    if [[ $fw == catch2 ]]; then
      pass=("[passes]" -s) bug=("[bug]") whole=("[whole]" -s) part=("[parts]" -s -c)
    else
      pass=("-tc=push on every stack of up to three nodes" -s) bug=("-tc=push_drops_value*")
      whole=("-tc=push on every stack of up to four nodes" -s) part=("-tc=*in three parts" -s "--subcase=")
    fi
    expect_run "$fw-passes" 0 "push: all 30 inputs passed" "$bin" "${pass[@]}"
    # The bug: a failure of the framework's own with the picture, the clause and a reproducer
    # written as that framework's test case, and the summary in the assertion's expansion.
    # (Catch2's exit code counts the failed assertions: the shown counterexample and the summary.)
    expect_run "$fw-bug" "$([[ $fw == catch2 ]] && echo 2 || echo 1)" "push_drops_value: 15 of 30 inputs failed (14 not shown)" \
      "$bin" "${bug[@]}"
    for text in "counterexample 1 (input" 'postcondition clause "x is on top of one more node" fails' \
                "pre-state:" "post-state:" "reproducer" 'TEST_CASE("StackPushDropsValue: input' '#include "stack.hpp"'; do
      grep -q -F -- "$text" "$tmp/$fw-bug.out" || fail "$fw: the failure does not show '$text'"
    done
    # The reproducer as it is (no line wrapped by the framework's console): it compiles, and it
    # fails on the bug.
    python3 - "$tmp/$fw-bug.out" >"$tmp/$fw-reproducer.cpp" <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines()
first = next(i for i, l in enumerate(lines) if l.startswith("// Reproduces input"))
last = lines.index("  smallscope::release(old);", first)
print("\n".join(lines[first:last + 1] + ["}"]))
PY
    local main_define=CATCH_CONFIG_MAIN header=catch2/catch.hpp
    [[ $fw == doctest ]] && main_define=DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN header=doctest/doctest.h
    printf '#define %s\n#include <%s>\n' "$main_define" "$header" >"$tmp/$fw-main.cpp"
    # shellcheck disable=SC2046  # pkg-config's flags are words
    if "$cxx" -std=c++20 -I"$dir" "$tmp/$fw-reproducer.cpp" "$tmp/$fw-main.cpp" \
        $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs smallscope) \
        -o "$tmp/$fw-reproducer" >"$tmp/$fw-reproducer.compile" 2>&1; then
      expect_run "$fw-reproducer-run" 1 "postcondition clause fails: x is on top of one more node" "$tmp/$fw-reproducer"
    else
      fail "$fw: the reproducer in the failure does not compile: $(head -5 "$tmp/$fw-reproducer.compile")"
    fi
    # A scope in three parts: each part alone (the framework's section filter) checks a share, and
    # the shares add up to the whole scope's inputs.
    expect_run "$fw-whole" 0 "inputs passed" "$bin" "${whole[@]}"
    read -r all _ < <(sum_of_passes "$tmp/$fw-whole.out")
    local sum=0 k n lines
    for k in 1 2 3; do
      if [[ $fw == catch2 ]]; then
        expect_run "$fw-part$k" 0 "inputs passed" "$bin" "${part[@]}" "part $k of 3"
      else
        expect_run "$fw-part$k" 0 "inputs passed" "$bin" "${part[@]:0:2}" "--subcase=part $k of 3"
      fi
      read -r n lines < <(sum_of_passes "$tmp/$fw-part$k.out")
      [[ $lines -eq 1 && $n -gt 0 ]] || fail "$fw: the filter on part $k of 3 ran $lines parts ($n inputs)"
      sum=$((sum + n))
    done
    [[ $sum -eq $all && $all -gt 30 ]] || fail "$fw: the three parts checked $sum inputs, the whole scope $all"
  done
}

phase_containers() {
  echo "== classes built from standard containers: examples/containers against the installed package"
  local build="$tmp/containers" bin
  if ! { cmake -S "$source_dir/examples/containers" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
      -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/containers.out" 2>&1 &&
      cmake --build "$build" --target containers_check containers_check_schemata containers_check_branches \
        >>"$tmp/containers.out" 2>&1; }; then
    cat "$tmp/containers.out" >&2
    fail "examples/containers does not build against the installed package"
    return
  fi
  bin="$build/containers_check"
  # The counts of the brute force in tests/unmodified (lru_cache_test.cpp, robin_set_test.cpp).
  expect_run containers-gen-lru 0 "LruCache 2,3,2: 31 valid" "$bin" gen LruCache 2
  expect_run containers-gen-robin 0 "RobinSet 4,3: 7 valid" "$bin" gen RobinSet 2
  expect_run containers-check-lru 0 "996 passed, 0 failed" "$bin" check LruCache erase 3
  expect_run containers-check-robin 0 "28 passed, 0 failed" "$bin" check RobinSet insert 2
  # From the finitization's empty structure, cache(3) at scope 3 (no default constructor), every
  # valid state; the set from the object the constructor arguments make.
  expect_run containers-explore-lru 0 "249 valid structures, 249 reached by some sequence" \
    "$bin" explore LruCache 3 --methods put,get,erase
  grep -q -F "starts from: Cache(3)" "$tmp/containers-explore-lru.out" || fail "explore LruCache 3 does not say where it starts"
  expect_run containers-explore-robin 0 "7 valid structures, 7 reached by some sequence" \
    "$bin" explore RobinSet 2 --methods insert,erase
  grep -q -F "0 failed" "$tmp/containers-explore-robin.out" || fail "explore RobinSet found a failure"
  # The containers' entries are the size: 3 list nodes and 3 map nodes in the largest caches.
  expect_run containers-cost 0 "most reads: input 457, put(0, 0), size 6: 10 reads, 2 allocations, 2 frees" \
    "$bin" check LruCache put 3 --cost -q
  # mutate finds each subject's list among the two the binary's schemata carry, by its methods.
  expect_run containers-mutate-lru 0 "6/6" "$bin-schemata" mutate LruCache put get erase --scopes 1..2 -q
  expect_run containers-mutate-robin 0 "95 mutants from $build/mutants/robin_set.jsonl" \
    "$bin-schemata" mutate RobinSet insert erase contains --scopes 1..2
  expect_run containers-cover 0 "all                                 8        8  100 %" \
    "$bin-branches" cover LruCache 2 --methods put,get,erase -q
}

phase_variants() {
  echo "== a variant that compiles no rewritten header is refused when it is built, naming the header"
  local project="$tmp/variants"
  mkdir -p "$project/include/tiny"
  cat >"$project/include/tiny/counter.hpp" <<'EOF'
#pragma once
struct counter {
  int n = 0;
  void bump() { if (n < 3) n = n + 1; }
};
EOF
  # Through the include directory (the variants compile the rewritten copy), and by the
  # header's absolute path (they would compile the original: no mutation point, no probe).
  printf '#include "tiny/counter.hpp"\nint main() { counter c; c.bump(); return c.n == 1 ? 0 : 1; }\n' \
    >"$project/through_root.cpp"
  printf '#include COUNTER_HEADER\nint main() { counter c; c.bump(); return c.n == 1 ? 0 : 1; }\n' \
    >"$project/by_absolute_path.cpp"
  cat >"$project/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.25)
project(variants LANGUAGES CXX)
find_package(smallscope 0.4 REQUIRED)
foreach(t through_root by_absolute_path)
  add_executable(\${t} \${t}.cpp)
  target_compile_features(\${t} PRIVATE cxx_std_20)
  target_include_directories(\${t} PRIVATE include)
  target_link_libraries(\${t} PRIVATE smallscope::smallscope)
  target_compile_definitions(\${t} PRIVATE COUNTER_HEADER="$project/include/tiny/counter.hpp")
  smallscope_variants(TARGET \${t} HEADER include/tiny/counter.hpp FUNCTIONS bump ROOTS include
                      VARIANTS schemata branches)
endforeach()
EOF
  if ! cmake -S "$project" -B "$project/build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
      -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/variants.out" 2>&1; then
    cat "$tmp/variants.out" >&2
    fail "the variants project does not configure"
    return
  fi
  expect_run variants-through-root 0 "" cmake --build "$project/build" --target through_root_schemata through_root_branches
  for kind in schemata branches; do
    expect_run "variants-absolute-$kind" 1 "undefined reference to \`smallscope_variant_needs_rewritten_tiny_counter_hpp'" \
      cmake --build "$project/build" --target "by_absolute_path_$kind"
  done
}

phase_readme() {
  echo "== README shows the example's files as they are"
  for f in sorted_list.hpp sorted_list_test.cpp shop_subjects.cpp CMakeLists.txt; do
    if ! python3 - "$source_dir/README.md" "$example/$f" <<'EOF'
import sys
readme = open(sys.argv[1]).read()
text = open(sys.argv[2]).read()
sys.exit(0 if text.strip() in readme else 1)
EOF
    then
      fail "README.md does not show examples/own_classes/$f as it is"
    fi
  done
}

case $phase in
  install | installed | unmodified | containers | subdirectory | pkgconfig | frameworks | variants | readme) "phase_$phase" ;;
  *)
    echo "$0: no phase '$phase'" >&2
    exit 2
    ;;
esac
if [[ $failures -ne 0 ]]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all consumer checks passed"
