#!/usr/bin/env bash
# `mutate --since REF` and `mutate --incremental FILE` end to end, on a copy of the SearchTree
# subject's header in a git repository of its own (the built-in schemata binary runs it; the
# mutant list names the copy): --since runs exactly the mutants of the changed line; a second
# identical run reuses every outcome and runs no mutant; a line added above every function
# reuses every outcome; a change inside `add` runs exactly add's mutants again; bad input gets
# exit 2.
#   incremental_test.sh SCHEMATA_BINARY
set -euo pipefail
schemata="$(realpath "$1")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
built="$(dirname "$schemata")/mutants"
# The list's first line is its header; the mutants follow.
header="$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readlines()[1])["file"])' "$built/search_tree.jsonl")"
cd "$work"
git init -q repo
cp "$header" repo/search_tree.hpp
git -C repo add search_tree.hpp
git -C repo -c user.email=t@example.com -c user.name=test commit -qm first
# The list and its functions, naming the copy; `shift N FROM`: lines from FROM on move N down.
python3 - "$built" "$header" "$work/repo/search_tree.hpp" <<'PY'
import json, sys
built, header, copy = sys.argv[1:]
with open("st.jsonl", "w") as out:
    head, *lines = open(f"{built}/search_tree.jsonl")
    out.write(head)
    for line in lines:
        m = json.loads(line); m["file"] = copy; out.write(json.dumps(m) + "\n")
f = json.load(open(f"{built}/search_tree.functions.json")); f["file"] = copy
json.dump(f, open("st.functions.json", "w"))
PY
shift_lines() {
  python3 - "$1" "$2" <<'PY'
import json, sys
n, start = int(sys.argv[1]), int(sys.argv[2])
head, *ms = [json.loads(l) for l in open("st.jsonl")]
for m in ms:
    if m["line"] >= start: m["line"] += n
open("st.jsonl", "w").write("".join(json.dumps(m) + "\n" for m in [head] + ms))
f = json.load(open("st.functions.json"))
for x in f["functions"]:
    if x["first_line"] >= start: x["first_line"] += n
    if x["last_line"] >= start: x["last_line"] += n
json.dump(f, open("st.functions.json", "w"))
PY
}
mutate() { "$schemata" mutate SearchTree add remove --fin s,0,s,1,s --mutants st.jsonl -q --survivors 0 "$@"; }
field() {  # field NAME < stats json: a top-level figure, or per scope "a b c"
  python3 -c '
import json, sys
j = json.loads(sys.stdin.read().strip().splitlines()[-1]); k = sys.argv[1]
print(j[k] if k in j else " ".join(str(s[k]) for s in j["scopes"]))' "$1"
}

# --since: one changed line (a comment at the end of a line with mutants).
line=$(python3 -c '
import json, collections
c = collections.Counter(json.loads(l)["line"] for l in open("st.jsonl").readlines()[1:])
print(c.most_common(1)[0][0])')
on_line=$(python3 -c '
import json, sys
print(sum(1 for l in open("st.jsonl").readlines()[1:] if json.loads(l)["line"] == int(sys.argv[1])))' "$line")
sed -i "${line}s|\$|  // reviewed|" repo/search_tree.hpp
git -C repo -c user.email=t@example.com -c user.name=test commit -qam second
stats=$(mutate --scopes 1..3 --since HEAD~1 --stats json)
[ "$(field mutants <<< "$stats")" = "$on_line" ] || fail "--since HEAD~1 ran $(field mutants <<< "$stats") mutants, line $line has $on_line"
[ "$(python3 -c 'import json,sys; print(json.loads(sys.argv[1].splitlines()[-1])["since"]["changed_lines"])' "$stats")" = 1 ] ||
  fail "--since HEAD~1: the change is one line"
echo "--since HEAD~1: $on_line mutants of line $line"
# Nothing changed since HEAD: no mutant runs, exit 0.
out=$(mutate --scopes 1..3 --since HEAD) || fail "--since HEAD exited $?"
grep -q "no mutant of .* is on the 0 lines changed since HEAD" <<< "$out" || fail "--since HEAD: $out"
# Bad input: exit 2, named.
set +e
err=$(mutate --scopes 1 --since no-such-ref 2>&1); code=$?
set -e
[ $code -eq 2 ] && grep -q "^error: --since no-such-ref: .*'no-such-ref' is not a revision" <<< "$err" || fail "bad ref ($code): $err"

# --incremental: the first run records, the second reuses every outcome and runs no mutant.
first=$(mutate --scopes 1..4 --incremental cache.json --stats json)
[ "$(field reused <<< "$first")" = "0 0 0 0" ] || fail "first run reused $(field reused <<< "$first")"
second=$(mutate --scopes 1..4 --incremental cache.json --stats json)
mutants=$(field mutants <<< "$first")
[ "$(field reused <<< "$second")" = "$mutants $mutants $mutants $mutants" ] || fail "second run reused $(field reused <<< "$second") of $mutants per scope"
[ "$(field mutant_runs <<< "$second")" = "0 0 0 0" ] || fail "second run ran mutants: $(field mutant_runs <<< "$second")"
[ "$(field killed <<< "$second")" = "$(field killed <<< "$first")" ] || fail "kills differ: $(field killed <<< "$first") then $(field killed <<< "$second")"
echo "--incremental: killed $(field killed <<< "$first") per scope, all $mutants reused"
# A line above every function: same bodies, every outcome reused.
sed -i '1i // a new first line' repo/search_tree.hpp
shift_lines 1 1
third=$(mutate --scopes 1..4 --incremental cache.json --stats json)
[ "$(field reused <<< "$third")" = "$mutants $mutants $mutants $mutants" ] || fail "after a new first line: reused $(field reused <<< "$third")"
# A comment inside add: add's mutants run again, no other.
add=$(python3 -c '
import json
f = json.load(open("st.functions.json"))
a = [x for x in f["functions"] if x["name"].endswith("::add")][0]
print(a["first_line"], a["last_line"])')
set -- $add
sed -i "$(( $1 + 1 ))i // a comment inside add" repo/search_tree.hpp
shift_lines 1 $(( $1 + 1 ))
in_add=$(python3 -c '
import json
print(sum(1 for l in open("st.jsonl").readlines()[1:] if json.loads(l)["function"].endswith("::add")))')
[ "$in_add" -gt 0 ] || fail "no mutant in add"
fourth=$(mutate --scopes 1..4 --incremental cache.json --stats json)
want=$(( mutants - in_add ))
[ "$(field reused <<< "$fourth")" = "$want $want $want $want" ] || fail "after a change in add: reused $(field reused <<< "$fourth"), want $want"
[ "$(field killed <<< "$fourth")" = "$(field killed <<< "$first")" ] || fail "kills differ after a comment: $(field killed <<< "$fourth")"
echo "a comment in add: its $in_add mutants ran again, $want reused"
# A cache edited by hand (every outcome set to survived): refused, never trusted, and left as it was.
python3 -c '
import json
j = json.load(open("cache.json"))
for o in j["outcomes"].values(): o["status"] = "survived"
json.dump(j, open("edited.json", "w"))'
cp edited.json edited_before.json
set +e
err=$(mutate --scopes 1 --incremental edited.json 2>&1); code=$?
set -e
[ $code -eq 2 ] && grep -q "was changed after a run wrote it" <<< "$err" || fail "an edited cache ($code): $err"
cmp -s edited.json edited_before.json || fail "an edited cache was overwritten"
# A file that is not a cache: exit 2, named, and left as it was.
echo '{"x": 1}' > notcache.json
set +e
err=$(mutate --scopes 1 --incremental notcache.json 2>&1); code=$?
set -e
[ $code -eq 2 ] && grep -q "is not a smallscope outcome cache" <<< "$err" || fail "not a cache ($code): $err"
[ "$(cat notcache.json)" = '{"x": 1}' ] || fail "a file that is not a cache was overwritten"
echo "PASS"
