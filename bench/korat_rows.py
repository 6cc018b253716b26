#!/usr/bin/env python3
"""Times Korat 1.0 and smallscope side by side, in one run, on every row of
bench/korat-counts.tsv (Korat 1.0's own examples) whose subject is built in.

For each row it runs, pinned to one core (taskset -c CPU) and alternated, RUNS times each:
  Korat 1.0:   KORAT SUBJECT N                    (../shared/peers/korat/run, see its README)
  smallscope:  BINARY gen SUBJECT FIN --stats json -q
Both are timed the same way: the wall time of the whole process, measured here with
time.perf_counter around it (JVM start and class loading for Korat, process start for
smallscope, included). smallscope's own search `seconds` (from --stats json, no process start)
is kept as a second column. The ratio is Korat's median over smallscope's median, whole process
both.

valid and explored must equal Korat's live output and the tsv; the script exits 1 if any
differs (or if a program fails). A fin with commas (SortedList) goes to Korat's --args as it is.
`run` names a class korat.examples.<subject in lower case>.<subject>, which misses
FibonacciHeap (package fibheap) and BinomialHeap (binheap): those two run with `run`'s java
command line directly (KORAT_PACKAGES), without its bash wrapper. A Korat run that takes longer
than --max-korat-seconds is killed and Korat is skipped for that row (the row says so). Without
Korat (no KORAT script or no java), every row runs on smallscope alone, checked against the tsv.

usage: bench/korat_rows.py [--binary build/release/smallscope] [--korat PATH] [--runs 5]
                           [--subjects A,B] [--cpu 1] [--max-korat-seconds 30] [--json FILE]
"""
import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
DEFAULT_KORAT = os.path.join(here, "..", "..", "shared", "peers", "korat", "run")


def timed(cmd, timeout=None):
    """Runs cmd in its own process group; returns (wall seconds, stdout), or (None, None) if it
    ran past timeout (the whole group is killed). Raises on a non-zero exit."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None, None
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError("%s exited %d:\n%s" % (" ".join(cmd), proc.returncode, err.strip()))
    return wall, out


# Korat's examples whose package is not the class name in lower case: its `run` script cannot
# name them, so they run with the same java command line as `run`, from the same directory.
KORAT_PACKAGES = {"FibonacciHeap": "fibheap", "BinomialHeap": "binheap"}


def korat_command(korat, subject, fin):
    if subject not in KORAT_PACKAGES:
        return [korat, subject, fin]
    d = os.path.dirname(os.path.realpath(korat))
    cp = ":".join([os.path.join(d, "korat.jar"), "/usr/share/java/javassist.jar", "/usr/share/java/commons-cli.jar"])
    return ["java", "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-cp", cp, "korat.Korat", "--class",
            "korat.examples.%s.%s" % (KORAT_PACKAGES[subject], subject), "--args", fin]


def parse_korat(subject, out):
    """(valid, explored, Korat's own overall time) from `run`'s one line or Korat's own output."""
    if subject not in KORAT_PACKAGES:
        fields = out.split()
        if len(fields) != 4:
            raise RuntimeError("Korat's run printed %r" % out.strip())
        return int(fields[0]), int(fields[1]), float(fields[2])
    found = {}
    for line in out.splitlines():
        for key, prefix in (("valid", "New found:"), ("explored", "Total explored:"), ("time", "Overall time:")):
            if line.startswith(prefix):
                found[key] = line[len(prefix):].split()[0]
    if len(found) != 3:
        raise RuntimeError("Korat printed no counts:\n%s" % out.strip()[-500:])
    return int(found["valid"]), int(found["explored"]), float(found["time"])


def run_korat(pin, korat, subject, fin, timeout):
    """One Korat run: (wall seconds, valid, explored, Korat's own overall time) or None."""
    wall, out = timed(pin + korat_command(korat, subject, fin), timeout)
    if wall is None:
        return None
    return (wall,) + parse_korat(subject, out)


def run_smallscope(pin, binary, subject, fin):
    """One smallscope run: (wall seconds, stats dict)."""
    cmd = [binary, "gen", subject] + (["--fin", fin] if "," in fin else [fin]) + ["--stats", "json", "-q"]
    wall, out = timed(pin + cmd)
    return wall, json.loads(out.strip().splitlines()[-1])


def ratio(a, b):
    return "%.1fx" % (a / b) if b > 0 else "inf"


def korat_available(korat):
    """Korat is a measuring instrument, not a dependency: without it (or without a Java runtime)
    every row runs on smallscope alone, checked against the tsv."""
    return os.access(korat, os.X_OK) and shutil.which("java") is not None


def measure(binary, runs, cpu, wanted, korat=DEFAULT_KORAT, max_korat_seconds=30.0, results=None):
    """Prints the table for the built-in subjects in `wanted` (all when empty); returns the
    number of rows whose counts differ. Appends one dict per row to `results` if given."""
    args = argparse.Namespace(binary=binary, runs=runs, cpu=str(cpu), korat=korat,
                              max_korat_seconds=max_korat_seconds)
    have_korat = korat_available(korat)
    if not have_korat:
        print("Korat 1.0 not found (%s, or no java): smallscope alone, counts checked against the tsv"
              % korat, file=sys.stderr)
    pin = ["taskset", "-c", args.cpu]
    listing = subprocess.run([args.binary, "list"], capture_output=True, text=True, check=True).stdout
    built_in = {line.strip() for line in listing.splitlines() if line and not line.startswith(" ")}
    with open(os.path.join(here, "korat-counts.tsv")) as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()][1:]
    rows = [r for r in rows if r[0] in built_in and (not wanted or r[0] in wanted)]
    # One untimed run of each first, so that neither pays for a cold file cache in the table.
    if rows:
        run_smallscope(pin, args.binary, rows[0][0], rows[0][1])
        if have_korat:
            run_korat(pin, args.korat, rows[0][0], rows[0][1], args.max_korat_seconds)

    n = args.runs
    print("| subject | fin | valid | explored | counts = Korat's and tsv | Korat s, median (best) of %d | "
          "smallscope s, median (best) of %d | smallscope search s, median | Korat / smallscope, median (best) |"
          % (n, n))
    print("|---|---|---:|---:|---|---:|---:|---:|---:|")
    sys.stdout.flush()
    results = [] if results is None else results
    mismatches = 0
    for subject, fin, valid, explored, _ in rows:
        expect = (int(valid), int(explored))
        korat_ok = have_korat
        korat_note = "" if korat_ok else "not run: Korat not found"
        k_walls, k_overall, k_counts = [], [], set()
        s_walls, s_search, s_counts = [], [], set()
        for _ in range(n):
            if korat_ok:
                k = run_korat(pin, args.korat, subject, fin, args.max_korat_seconds)
                if k is None:
                    korat_ok = False
                    korat_note = "skipped: over --max-korat-seconds %g" % args.max_korat_seconds
                    k_walls, k_overall, k_counts = [], [], set()
                else:
                    k_walls.append(k[0])
                    k_overall.append(k[3])
                    k_counts.add((k[1], k[2]))
            wall, stats = run_smallscope(pin, args.binary, subject, fin)
            s_walls.append(wall)
            s_search.append(stats["seconds"])
            s_counts.add((stats["valid"], stats["explored"]))
        same = s_counts == {expect} and (not k_walls or k_counts == {expect})
        mismatches += not same
        s_med, s_best = statistics.median(s_walls), min(s_walls)
        row = {"subject": subject, "fin": fin, "valid": expect[0], "explored": expect[1],
               "smallscope_counts": sorted(s_counts), "korat_counts": sorted(k_counts), "same": same,
               "smallscope_wall": s_walls, "smallscope_search": s_search, "korat_wall": k_walls,
               "korat_overall_time": k_overall, "korat_note": korat_note}
        results.append(row)
        if k_walls:
            k_med, k_best = statistics.median(k_walls), min(k_walls)
            korat_cell = "%.3f (%.3f)" % (k_med, k_best)
            ratio_cell = "%s (%s)" % (ratio(k_med, s_med), ratio(k_best, s_best))
            row["ratio_median"] = k_med / s_med
        else:
            korat_cell, ratio_cell = korat_note, "-"
        counts_cell = ("yes" if k_walls else "tsv only") if same else \
            "**NO**: smallscope %s, Korat %s" % (sorted(s_counts), sorted(k_counts))
        print("| %s | %s | %s | %s | %s | %s | %.4f (%.4f) | %.4f | %s |" % (
            subject, fin, f"{expect[0]:,}", f"{expect[1]:,}", counts_cell, korat_cell, s_med, s_best,
            statistics.median(s_search), ratio_cell))
        sys.stdout.flush()
    return mismatches


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(here, "..", "build", "release", "smallscope"))
    ap.add_argument("--korat", default=DEFAULT_KORAT,
                    help="Korat 1.0's run script (prints: valid explored seconds wall_seconds)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--subjects", default="", help="comma-separated subjects (default: every built-in one)")
    ap.add_argument("--cpu", default="1", help="the core to pin both programs to (taskset -c)")
    ap.add_argument("--max-korat-seconds", type=float, default=30.0,
                    help="kill a Korat run that takes longer and skip Korat for that row")
    ap.add_argument("--json", default="", help="also write every measurement to this file")
    args = ap.parse_args()
    wanted = set(args.subjects.split(",")) if args.subjects else set()
    results = []
    try:
        mismatches = measure(args.binary, args.runs, args.cpu, wanted, args.korat, args.max_korat_seconds, results)
    except RuntimeError as e:
        print(e, file=sys.stderr)
        return 1
    ratios = [r["ratio_median"] for r in results if "ratio_median" in r]
    if ratios:
        print("\nKorat / smallscope (whole process, medians): %.1fx to %.1fx over %d rows; %d rows without Korat."
              % (min(ratios), max(ratios), len(ratios), len(results) - len(ratios)))
    if mismatches:
        print("%d rows whose counts differ" % mismatches, file=sys.stderr)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"cpu": args.cpu, "runs": args.runs, "binary": args.binary, "korat": args.korat,
                       "rows": results}, f, indent=1)
    return 1 if mismatches else 0


if __name__ == "__main__":
    import doc_section  # --doc FILE: the output into FILE's section too (doc_section.py)
    sys.exit(doc_section.run(main))
