#!/usr/bin/env python3
"""Reruns of mutation analysis (`mutate --incremental`, `--since`) and the hang memo, timed.

For each case, RUNS times: a first run that records every outcome in a fresh cache, then the
same command again, which reuses every outcome; and the same first run with `--no-hang-memo`.
Prints the medians as a Markdown table, with the second run's share of the first and the memo's
saving. A rerun must run no mutant (checked: exit 1 otherwise).

usage: bench/mutation_incremental.py [--runs N] [--binary build/release/smallscope-schemata] [--doc FILE]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

CASES = [
    # subject, methods, --fin patterns, scopes
    ("SearchTree", ["add", "remove"], ["s,0,s,1,s"], "1..6"),
    ("HeapArray", ["insert", "extract_max"], [], "1..6"),
    ("SortedList", ["insert", "remove", "SortedListSort.sort", "SortedListPair.merge"],
     ["0,s,s+1,s", "SortedListSort=0,s,s+1,s", "SortedListPair=0,s,s+1,s"], "1..3"),
]


def timed(command):
    start = time.monotonic()
    p = subprocess.run(command, capture_output=True, text=True)
    seconds = time.monotonic() - start
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(command)}\n{p.stderr}")
    return seconds, json.loads(p.stdout.strip().splitlines()[-1])


def main():
    a = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("--runs", type=int, default=3)
    a.add_argument("--binary", default=os.path.join(ROOT, "build", "release", "smallscope-schemata"))
    a.add_argument("--doc", default="")
    args = a.parse_args()

    def table():
        print("| case | scopes | mutants | first run, s | rerun, s | rerun / first | mutant runs in the rerun "
              "| without the hang memo, s | memo kills |")
        print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
        for subject, methods, fins, scopes in CASES:
            base = [args.binary, "mutate", subject, *methods, "--scopes", scopes, "--stats", "json", "-q",
                    "--survivors", "0"]
            for f in fins:
                base += ["--fin", f]
            first, second, plain = [], [], []
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory() as d:
                    cache = os.path.join(d, "cache.json")
                    t1, j1 = timed(base + ["--incremental", cache])
                    t2, j2 = timed(base + ["--incremental", cache])
                runs = sum(s["mutant_runs"] for s in j2["scopes"])
                if runs != 0 or [s["killed"] for s in j1["scopes"]] != [s["killed"] for s in j2["scopes"]]:
                    sys.exit(f"{subject}: the rerun ran {runs} mutants or killed others")
                t3, j3 = timed(base + ["--no-hang-memo"])
                if [s["killed"] for s in j1["scopes"]] != [s["killed"] for s in j3["scopes"]]:
                    sys.exit(f"{subject}: the hang memo changed the kills")
                first.append(t1)
                second.append(t2)
                plain.append(t3)
                memo = sum(s["memo_kills"] for s in j1["scopes"])
            m1, m2, m3 = statistics.median(first), statistics.median(second), statistics.median(plain)
            print(f"| {subject} | {scopes} | {j1['mutants']} | {m1:.2f} | {m2:.2f} | {m2 / m1:.3f} | {runs} | "
                  f"{m3:.2f} | {memo} |")

    if args.doc:
        sys.path.insert(0, HERE)
        import doc_section
        with doc_section.section(args.doc, "mutation_incremental"):
            table()
    else:
        table()


if __name__ == "__main__":
    main()
