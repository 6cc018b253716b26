#!/usr/bin/env bash
# `smallscope fe` and suite files end to end (paper 004): the binary search trees of Fig. 4 at
# scope 4 (40 pairs, the printed `left` extension) by SAT on a spec alone, bound to the subject,
# and from the search; a suite written by fe and by gen (--sample) run by check; bad input gets
# exit 2 with the place named.
#   fe_cli_test.sh SMALLSCOPE_BINARY SOURCE_DIR
set -euo pipefail
bin="$1"; src="$2"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
specs="$src/examples/specs"

# A spec alone: the extensions as JSON.
"$bin" fe "$specs/binary_search_tree.als" --extensions "$work/ext.json" --stats json -q > "$work/stats.json"
python3 - "$work/ext.json" "$work/stats.json" <<'PY' || fail "extensions of binary_search_tree.als"
import json, sys
e = json.load(open(sys.argv[1])); s = json.loads(open(sys.argv[2]).read().splitlines()[-1])
assert e["format"] == "smallscope-extensions" and e["version"] == 1 and e["complete"], e
assert e["total"] == 40, e["total"]
left = next(f for f in e["fields"] if f["field"] == "Node.left")
want = [["Node$0", None], ["Node$0", "Node$1"], ["Node$1", None], ["Node$1", "Node$2"], ["Node$1", "Node$3"],
        ["Node$2", None], ["Node$2", "Node$3"], ["Node$3", None]]
assert left["pairs"] == want, left
assert s["complete"] and s["pairs"] == 40 and 8 <= s["structures"] <= 40 and s["engine"] == "sat", s
PY

# --scope: the same spec at scope 10 has 187 pairs.
"$bin" fe "$specs/binary_search_tree.als" --scope 'exactly 1 BinaryTree, exactly 10 Node, 5 Int' --stats json -q \
  | tail -1 | python3 -c 'import json,sys; s=json.load(sys.stdin); assert s["pairs"] == 187 and s["structures"] <= 187, s' \
  || fail "--scope 10"

# --all-instances keeps every instance Algorithm 1 found; by default the redundant ones are dropped.
all=$("$bin" fe "$specs/binary_search_tree.als" --scope 'exactly 1 BinaryTree, exactly 7 Node, 4 Int' --all-instances --stats json -q | tail -1 \
  | python3 -c 'import json,sys; s=json.load(sys.stdin); assert s["structures"] == s["instances"], s; print(s["structures"])')
kept=$("$bin" fe "$specs/binary_search_tree.als" --scope 'exactly 1 BinaryTree, exactly 7 Node, 4 Int' --stats json -q | tail -1 \
  | python3 -c 'import json,sys; s=json.load(sys.stdin); assert s["pairs"] == 100, s; print(s["structures"])')
[ "$kept" -le "$all" ] || fail "pruned suite ($kept) larger than Algorithm 1's ($all)"

# --batches: the same extensions of the sorted list at 10 from fewer structures.
sll=(SortedSinglyLinkedList --fin 0,9,10,10 --spec "$specs/sorted_singly_linked_list.als"
     --scope 'exactly 1 SortedSinglyLinkedList, exactly 10 Entry, 5 Int' --stats json -q)
"$bin" fe "${sll[@]}" --extensions "$work/plain.json" | tail -1 > "$work/plain.stats"
"$bin" fe "${sll[@]}" --batches --extensions "$work/batches.json" | tail -1 > "$work/batches.stats"
python3 - "$work" <<'PY' || fail "--batches"
import json, sys
w = sys.argv[1]
plain, batches = (json.load(open(f"{w}/{k}.json")) for k in ("plain", "batches"))
ps, bs = (json.loads(open(f"{w}/{k}.stats").read()) for k in ("plain", "batches"))
assert plain["complete"] and batches["complete"] and plain["fields"] == batches["fields"], (plain, batches)
assert bs["batched"] > 0 and ps["batched"] == 0, (ps, bs)
assert bs["structures"] < ps["structures"], (ps["structures"], bs["structures"])
PY

# Bound to the subject (SAT) and from the search: the same 40 pairs; suites run by check.
"$bin" fe BinarySearchTree --fin 4,0,4,0,3 --spec "$specs/search_tree_fe.als" \
  --suite "$work/sat.suite" --stats json -q | tail -1 > "$work/sat.json"
"$bin" fe BinarySearchTree --fin 4,0,4,0,3 --suite "$work/search.suite" --stats json -q | tail -1 > "$work/search.json"
for kind in sat search; do
  n=$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); assert s["pairs"] == 40, s; print(s["structures"])' "$work/$kind.json")
  [ "$(($(wc -l < "$work/$kind.suite") - 1))" = "$n" ] || fail "$kind suite has not $n structures"
  inputs=$("$bin" check BinarySearchTree remove --suite "$work/$kind.suite" --stats json -q | tail -1 \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["inputs"])')
  [ "$inputs" = "$((n * 4))" ] || fail "check --suite $kind: $inputs inputs, expected $n structures x 4 keys"
done

# A random suite from gen, and the whole bounded-exhaustive one: check runs exactly those.
"$bin" gen BinarySearchTree --fin 4,0,4,0,3 --suite "$work/random.suite" --sample 10 --seed 3 -q > /dev/null
[ "$(head -1 "$work/random.suite" | python3 -c 'import json,sys; h=json.load(sys.stdin); print(h["kind"], h["structures"])')" = "random 10" ] \
  || fail "gen --sample header"
"$bin" check BinarySearchTree find --suite "$work/random.suite" --stats json -q | tail -1 \
  | python3 -c 'import json,sys; s=json.load(sys.stdin); assert s["inputs"] == 40 and s["failed"] == 0, s' || fail "random suite"
"$bin" gen BinarySearchTree --fin 4,0,4,0,3 --suite "$work/all.suite" -q > /dev/null
"$bin" check BinarySearchTree add --suite "$work/all.suite" --stats json -q | tail -1 \
  | python3 -c 'import json,sys; s=json.load(sys.stdin); assert s["inputs"] == 204, s' || fail "bounded-exhaustive suite (51 x 4)"


expect_error() {  # expected-message-part, command...
  local want="$1"; shift
  set +e; "$@" > "$work/out" 2> "$work/err"; local code=$?; set -e
  [ "$code" = 2 ] || fail "exit $code (expected 2) for: $* ($(cat "$work/err"))"
  grep -q -- "$want" "$work/err" || fail "no '$want' in: $(cat "$work/err")"
  [ ! -s "$work/out" ] || fail "stdout not empty for: $*"
}
printf '{"format":"smallscope-suite","version":1,"subject":"BinarySearchTree","fin":[4,0,4,0,3],"structures":1}\n{"objects":{"SearchTree#0":{"root":"Node#7"}}}\n' > "$work/bad.suite"
expect_error "bad.suite:2: SearchTree#0.root: the value Node#7 is not in its field domain" "$bin" check BinarySearchTree remove --suite "$work/bad.suite"
printf '{"format":"smallscope-suite","version":1,"subject":"BinarySearchTree","fin":[4,0,4,0,3],"structures":1}\n{"objects":{"Node#9":{}}}\n' > "$work/obj.suite"
expect_error "obj.suite:2: object Node#9 is not in the finitization" "$bin" check BinarySearchTree remove --suite "$work/obj.suite"
printf '{"format":"smallscope-suite","version":9}\n' > "$work/v9.suite"
expect_error "version 9 is not read" "$bin" check BinarySearchTree remove --suite "$work/v9.suite"
printf 'hello\n' > "$work/text.suite"
expect_error "text.suite:1: not a suite file" "$bin" check BinarySearchTree remove --suite "$work/text.suite"
head -3 "$work/sat.suite" > "$work/cut.suite"
expect_error "announces" "$bin" check BinarySearchTree remove --suite "$work/cut.suite"
expect_error 'a suite of subject BinarySearchTree, not SearchTree; give it to `check BinarySearchTree' "$bin" check SearchTree remove --suite "$work/sat.suite"
schemata="$(dirname "$bin")/smallscope-schemata"  # not in the sanitizer build (no mutation variants)
if [ -x "$schemata" ]; then
  expect_error 'a suite of subject BinarySearchTree, not SearchTree; give it to `mutate BinarySearchTree' "$schemata" mutate SearchTree remove --scopes 4 --suite "$work/sat.suite"
fi
expect_error "was made with --fin 4,0,4,0,3" "$bin" check BinarySearchTree remove --fin 5,0,5,0,4 --suite "$work/sat.suite"
printf '{"format":"smallscope-suite","version":1,"subject":"BinarySearchTree","fin":[4,0,4,0,3],"structures":1}\n{"objects":{"SearchTree#0":{"root":null,"size":3}}}\n' > "$work/invalid.suite"
expect_error "not valid under BinarySearchTree's invariant" "$bin" check BinarySearchTree remove --suite "$work/invalid.suite"
expect_error "the suite file does not exist" "$bin" check BinarySearchTree remove --suite "$work/missing.suite"
expect_error "--suite needs a subject" "$bin" fe "$specs/binary_search_tree.als" --suite "$work/x.suite"
expect_error "--scope 'exactly 1 Banana'" "$bin" fe "$specs/binary_search_tree.als" --scope 'exactly 1 Banana'
expect_error "--sample K chooses" "$bin" gen BinarySearchTree --fin 4,0,4,0,3 --sample 3
expect_error "--probe-conflicts must be" "$bin" fe "$specs/binary_search_tree.als" --probe-conflicts -5
expect_error "--time-limit must be" "$bin" fe "$specs/binary_search_tree.als" --time-limit x
expect_error "--suite checks every structure" "$bin" check BinarySearchTree remove --suite "$work/sat.suite" --white-box
expect_error "--format must be text, jsonl or dot" "$bin" fe "$specs/binary_search_tree.als" --format xml
expect_error "--stats must be json or text" "$bin" fe BinarySearchTree 3 --stats xml
expect_error "--run and --scope are for a spec" "$bin" fe BinarySearchTree 3 --scope 'exactly 3 Node'

# A file that cannot be written is an output error (exit 3) naming the option.
expect_output_error() {  # expected-message-part, command...
  local want="$1"; shift
  set +e; "$@" > "$work/out" 2> "$work/err"; local code=$?; set -e
  [ "$code" = 3 ] || fail "exit $code (expected 3) for: $* ($(cat "$work/err"))"
  grep -q -- "$want" "$work/err" || fail "no '$want' in: $(cat "$work/err")"
}
expect_output_error "--extensions: cannot write" "$bin" fe "$specs/binary_search_tree.als" --extensions /dev/full -q
expect_output_error "--suite: cannot write" "$bin" fe BinarySearchTree 3 --suite /dev/full -q
expect_output_error "--suite: cannot write" "$bin" gen BinarySearchTree 3 --suite /dev/full -q
# A device named as an output is written in place: never replaced, and nothing put beside it.
[ -c /dev/full ] || fail "/dev/full is no longer a device after gen --suite /dev/full"
[ ! -e /dev/full.structures ] || fail "gen --suite /dev/full left /dev/full.structures"
# A path that cannot be made is refused before the run (exit 2), naming the option.
expect_error "--extensions: '/dev/null/x.json' cannot be written" "$bin" fe "$specs/binary_search_tree.als" \
  --extensions /dev/null/x.json -q
expect_error "--suite: '/dev/null/x.suite' cannot be written" "$bin" fe BinarySearchTree 3 --suite /dev/null/x.suite -q
expect_error "--suite: '/dev/null/x.suite' cannot be written" "$bin" gen BinarySearchTree 3 --suite /dev/null/x.suite -q
echo "fe_cli_test: ok"
