#!/usr/bin/env bash
# Mutant schemata (paper 000, Sec. 7): smallscope-mutants rewrites tests/mutate/sample.hpp so that
# every mutant is guarded; the rewritten header compiles once, mutant 0 behaves exactly as the
# original, and mutants change the behaviour they should.
#   schemata_test.sh MUTANTS_BINARY CXX SOURCE_DIR
set -euo pipefail
mutants="$1"; cxx="$2"; src="$3"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/schemata"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$mutants" "$src/tests/mutate/sample.hpp" --method arithmetic --method relational --method equality \
  --method logical --method increment --method compound --method pick --method child --method twice \
  --keep rep_ok --schemata "$work/schemata/sample.hpp" --format jsonl -- -std=c++20 "-I$src/include" > "$work/list.jsonl"
# A header line, then one line per mutant.
count=$(($(wc -l < "$work/list.jsonl") - 1))
[ "$count" -eq 38 ] || fail "expected 38 mutants, listed $count"
python3 -c 'import json,sys; h = json.loads(open(sys.argv[1]).readline())
assert h["format"] == "smallscope-mutants" and h["complete"] and h["mutants"] == 38, h
assert h["made_by"].startswith("smallscope-mutants ") and "sample.hpp" in h["made_by"], h' "$work/list.jsonl" ||
  fail "the list's header: $(head -1 "$work/list.jsonl")"

"$cxx" -std=c++20 -O1 "-I$src/tests/mutate" "$src/tests/mutate/sample_driver.cpp" -o "$work/original" \
  || fail "the original does not compile"
# The driver next to the rewritten header, so that its #include "sample.hpp" finds that one.
cp "$src/tests/mutate/sample_driver.cpp" "$work/schemata/"
"$cxx" -std=c++20 -O1 -DSMALLSCOPE_SCHEMATA "-I$src/include" "$work/schemata/sample_driver.cpp" \
  -o "$work/schemata_driver" || fail "the schemata do not compile"

original="$("$work/original")"
[ "$("$work/schemata_driver" 0)" = "$original" ] || fail "mutant 0 differs from the original: $("$work/schemata_driver" 0) vs $original"
echo "original: $original"

# Each mutant runs (a crash or a hang is that mutant's own outcome); count those whose output differs.
differ=0
for id in $(seq 1 "$count"); do
  out="$(timeout 5 "$work/schemata_driver" "$id" 2>/dev/null || echo "(ended abnormally)")"
  [ "$out" != "$original" ] && differ=$((differ + 1))
  case "$id" in
    2) [ "${out%% *}" = "4" ] || fail "mutant 2 (a + b -> a - b): arithmetic(7, 3) printed '$out'" ;;
    30) [ "$out" != "$original" ] || fail "mutant 30 (n->left -> n->right) changed nothing" ;;
    32) [ "$out" != "$original" ] || fail "mutant 32 (arithmetic -> twice: unbounded recursion) changed nothing" ;;
  esac
done
echo "$differ of $count mutants change the output on these inputs"
[ "$differ" -ge 20 ] || fail "only $differ mutants change the output"

# A static constant member declared without a definition (valid while not odr-used): the
# schemata read it by value, so they link at -O0 as the original does.
mkdir -p "$work/static"
"$mutants" "$src/tests/mutate/static_member.hpp" --method empty --method after \
  --schemata "$work/static/static_member.hpp" --format jsonl -- -std=c++20 "-I$src/include" > "$work/static.jsonl"
[ "$(($(wc -l < "$work/static.jsonl") - 1))" -ge 3 ] || fail "too few mutants of static_member.hpp"
cat > "$work/static/driver.cpp" <<'DRIVER'
#include <cstdio>
#include <cstdlib>
#include "static_member.hpp"
int main(int argc, char** argv) {
  smallscope::mutation::active = argc > 1 ? std::atoi(argv[1]) : 0;
  static_member::slots s;
  s.at = 3;
  std::printf("%d %d\n", s.empty() ? 1 : 0, s.after());
}
DRIVER
"$cxx" -std=c++20 -O0 -DSMALLSCOPE_SCHEMATA "-I$src/include" "$work/static/driver.cpp" -o "$work/static/driver" \
  || fail "the schemata of a class with an undefined static constant member do not link"
[ "$("$work/static/driver" 0)" = "0 4" ] || fail "mutant 0 of static_member.hpp: $("$work/static/driver" 0)"

# Inside a template, `auto` locals of different types (a map's iterator, a vector's): a variable
# mutant is listed before the types are known, and the schemata compile in every instantiation,
# an alternative of another type there running as the original.
mkdir -p "$work/auto"
"$mutants" "$src/tests/mutate/auto_locals.hpp" --method position \
  --schemata "$work/auto/auto_locals.hpp" --format jsonl -- -std=c++20 "-I$src/include" > "$work/auto.jsonl"
swap=$(python3 -c 'import json,sys
lines = [json.loads(l) for l in open(sys.argv[1]).readlines()[1:]]
ids = [m["id"] for m in lines if m["mutator"] == "variable" and m["original"] == "smallest" and m["replacement"] == "found"]
key = [m for m in lines if m["mutator"] == "variable" and m["original"] == "key" and m["replacement"] == "found"]
assert len(ids) == 1 and key, lines
print(ids[0])' "$work/auto.jsonl") || fail "the variable mutants of auto_locals.hpp: $(cat "$work/auto.jsonl")"
cat > "$work/auto/driver.cpp" <<'DRIVER'
#include <cstdio>
#include <cstdlib>
#include <string>
#include "auto_locals.hpp"
int main(int argc, char** argv) {
  smallscope::mutation::active = argc > 1 ? std::atoi(argv[1]) : 0;
  auto_locals::index<int> a;
  a.at = {{1, 0}, {5, 1}};
  a.keys = {1, 5};
  auto_locals::index<std::string> b;
  b.at = {{"x", 0}};
  b.keys = {"x"};
  std::printf("%d %d %d\n", a.position(1), a.position(5), b.position("x"));
}
DRIVER
"$cxx" -std=c++20 -O0 -DSMALLSCOPE_SCHEMATA "-I$src/include" "$work/auto/driver.cpp" -o "$work/auto/driver" \
  || fail "the schemata of a template with auto locals of different types do not compile"
[ "$("$work/auto/driver" 0)" = "0 1 0" ] || fail "mutant 0 of auto_locals.hpp: $("$work/auto/driver" 0)"
[ "$("$work/auto/driver" "$swap")" = "0 0 0" ] || fail "mutant $swap (smallest -> found): $("$work/auto/driver" "$swap")"

# Bad input: exit code 2 and a message naming it; nothing on stdout.
expect_refused() {
  local message="$1"; shift
  set +e
  "$mutants" "$@" > "$work/out.txt" 2> "$work/err.txt"
  local code=$?
  set -e
  [ "$code" -eq 2 ] || fail "smallscope-mutants $*: exit code $code, not 2"
  grep -qF -- "$message" "$work/err.txt" || fail "smallscope-mutants $*: no '$message' in: $(cat "$work/err.txt")"
  [ ! -s "$work/out.txt" ] || fail "smallscope-mutants $*: printed on stdout"
}
# Inputs that never end, or are not files, are refused at once (no read without bound).
mkfifo "$work/fifo"
expect_refused "/dev/zero: is not a regular file" /dev/zero --method pick
expect_refused "fifo: is not a regular file" "$work/fifo" --method pick
expect_refused "is a directory" "$work" --method pick
cp "$src/tests/mutate/sample.hpp" "$work/own.hpp"
expect_refused "--schemata '$work/own.hpp' is FILE itself" "$work/own.hpp" --method pick --schemata "$work/own.hpp"
cmp -s "$src/tests/mutate/sample.hpp" "$work/own.hpp" || fail "the source was overwritten by its schemata"
expect_refused "give at least one --method NAME" "$src/tests/mutate/sample.hpp"
expect_refused "FILE is missing" --method pick
expect_refused "unknown option '--bogus'" "$src/tests/mutate/sample.hpp" --method pick --bogus
expect_refused "--format must be text or jsonl, got 'xml'" "$src/tests/mutate/sample.hpp" --method pick --format xml
expect_refused "--method needs a value" "$src/tests/mutate/sample.hpp" --method
expect_refused "--mark takes a C++ identifier (letters, digits, _; not a digit first), got '9lives'" \
  "$src/tests/mutate/sample.hpp" --method pick --mark 9lives --schemata "$work/marked.hpp"
expect_refused "--mark is defined in the file --schemata or --branches writes" "$src/tests/mutate/sample.hpp" \
  --method pick --mark ok_mark
[[ ! -e "$work/marked.hpp" ]] || fail "a refused --mark still wrote its file"
expect_refused "no function named 'nope'" "$src/tests/mutate/sample.hpp" --method nope -- -std=c++20 "-I$src/include"
# Messages that cannot be written are an output error (exit 3), not success; stdout's too.
set +e
"$mutants" "$src/tests/mutate/sample.hpp" --method pick --output "$work/list.txt" -- -std=c++20 "-I$src/include" 2> /dev/full
code=$?
"$mutants" "$src/tests/mutate/sample.hpp" --method pick -- -std=c++20 "-I$src/include" > /dev/full 2> /dev/null
code_out=$?
set -e
[ $code -eq 3 ] || fail "stderr on /dev/full: exit $code, not 3"
[ $code_out -eq 3 ] || fail "stdout on /dev/full: exit $code_out, not 3"
echo PASS
