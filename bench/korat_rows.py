#!/usr/bin/env python3
"""Runs `smallscope gen` on every row of bench/korat-counts.tsv (Korat 1.0's measured counts
and times on its own examples) whose subject is built in; checks that valid and explored equal
Korat's and prints a Markdown table with the median and the best time of several runs and the
speed-up over Korat of each (Korat's own figures are the best of two or three runs). Exits 1 if
any count differs.

usage: bench/korat_rows.py [--binary build/release/smallscope] [--runs 5] [--subjects A,B] [--cpu 0]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))


def speed_up(korat_s, seconds):
    return "%.1fx" % (float(korat_s) / seconds) if seconds > 0 else "inf"


def measure(binary, runs, cpu, wanted):
    """Prints the table for the built-in subjects in `wanted` (all when empty); returns the
    number of rows whose counts differ from Korat's."""
    listing = subprocess.run([binary, "list"], capture_output=True, text=True, check=True).stdout
    built_in = {line.strip() for line in listing.splitlines() if line and not line.startswith(" ")}
    wanted = wanted or built_in
    mismatches = 0
    print("| subject | fin | valid | explored | counts = Korat's | Korat 1.0 s | smallscope s, median of %d | speed-up | "
          "smallscope s, best of %d | speed-up |" % (runs, runs))
    print("|---|---|---:|---:|---|---:|---:|---:|---:|---:|")
    with open(os.path.join(here, "korat-counts.tsv")) as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]
    for subject, fin, valid, explored, korat_s in rows:
        if subject not in built_in or subject not in wanted:
            continue
        cmd = [binary, "gen", subject] + (["--fin", fin] if "," in fin else [fin]) + ["--stats", "json", "-q"]
        times = []
        stats = None
        for _ in range(runs):
            out = subprocess.run(["taskset", "-c", cpu] + cmd, capture_output=True, text=True, check=True).stdout
            stats = json.loads(out.strip().splitlines()[-1])
            times.append(stats["seconds"])
        same = stats["valid"] == int(valid) and stats["explored"] == int(explored)
        mismatches += not same
        median, best = statistics.median(times), min(times)
        print("| %s | %s | %s | %s | %s | %s | %.4f | %s | %.4f | %s |" % (
            subject, fin, f"{stats['valid']:,}", f"{stats['explored']:,}", "yes" if same else "**NO**",
            korat_s, median, speed_up(korat_s, median), best, speed_up(korat_s, best)))
        sys.stdout.flush()
    return mismatches


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(here, "..", "build", "release", "smallscope"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--subjects", default="")
    ap.add_argument("--cpu", default="0", help="the core to pin the runs to (taskset -c)")
    args = ap.parse_args()
    wanted = set(args.subjects.split(",")) if args.subjects else set()
    return 1 if measure(args.binary, args.runs, args.cpu, wanted) else 0


if __name__ == "__main__":
    sys.exit(main())
