#!/usr/bin/env python3
"""Scale figures (docs/PERFORMANCE.md, "Scale"): smallscope on one and two threads, with and
without dedicated generators, side by side with Korat 1.0 in the same run; shard balance.

Tables (each a markdown table on stdout):
  korat   For every ROW: Korat 1.0 pinned to one core (taskset -c CPU), smallscope plain on that
          core with --threads 1, plain on cores 0,1 with --threads 2, and, where the subject has
          an invariant with generators, --generators --threads 2. Whole-process wall time, best
          of RUNS; counts checked (valid equal everywhere; explored equal to Korat's for plain).
          Max RSS of each smallscope run.
  shards  SUBJECT FIN in N shards, each run alone on one core: seconds per shard, slowest over mean.
  gens    SUBJECT FIN plain and with generators, one thread: explored and seconds.
  check   `check SUBJECT METHOD FIN` on one and two workers (--threads 1, 2; rows are
          "SUBJECT METHOD FIN"): best of RUNS each, the findings and counts checked equal.

usage: bench/scale_rows.py [--binary build/release/smallscope] [--korat PATH] [--runs 3]
                           [--table korat|shards|gens|check] [--rows "BinaryTree 12;SearchTree 8"] [--shards 8]
"""
import argparse
import json
import os
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from korat_rows import DEFAULT_KORAT, korat_available, korat_command, parse_korat  # noqa: E402

HEAVY = "BinaryTree 12;HeapArray 9;SinglyLinkedList 11;SearchTree 8;DoublyLinkedList 11;RedBlackTree 10;HeapArray 10"
GENS = "SearchTree 7;SearchTree 8;BinaryTree 12;SinglyLinkedList 11;RedBlackTree 8;RedBlackTree 10;HeapArray 9"
SHARDED = "HeapArray 10;BinomialHeapPairReplicated 6"
CHECKS = ("SearchTree remove 9;HeapArray extract_max 9;SinglyLinkedList remove_null_deref 7;"
          "BinomialHeap extract_min 8;TreeMap put 9;RedBlackTree insert_unbalanced 10")


def timed(cmd, timeout=None, ok_codes=(0,)):
    """(wall seconds, stdout, max RSS in MB of this process) of cmd, or (None, None, None) past
    timeout."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = None if timeout is None else start + timeout
    out_chunks, err_chunks = [], []
    import threading
    readers = [threading.Thread(target=lambda: out_chunks.append(proc.stdout.read())),
               threading.Thread(target=lambda: err_chunks.append(proc.stderr.read()))]
    for r in readers:
        r.start()
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid != 0:
            break
        if deadline is not None and time.perf_counter() > deadline:
            proc.kill()
            os.wait4(proc.pid, 0)
            for r in readers:
                r.join()
            return None, None, None
        time.sleep(0.0005)
    wall = time.perf_counter() - start
    for r in readers:
        r.join()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in ok_codes:
        raise RuntimeError("%s exited %d:\n%s" % (" ".join(cmd), proc.returncode, "".join(err_chunks).strip()))
    return wall, "".join(out_chunks), usage.ru_maxrss / 1024.0


def gen_cmd(binary, subject, fin, extra):
    return [binary, "gen", subject] + (["--fin", fin] if "," in fin else [fin]) + ["--stats", "json", "-q"] + extra


def has_generators(binary, subject):
    r = subprocess.run([binary, "gen", subject, "1", "--generators", "-q"], capture_output=True, text=True)
    return r.returncode == 0


def best(binary, pin, subject, fin, extra, runs):
    walls, stats, rss = [], None, 0.0
    for _ in range(runs):
        wall, out, r = timed(pin + gen_cmd(binary, subject, fin, extra))
        walls.append(wall)
        stats = json.loads(out.strip().splitlines()[-1])
        rss = max(rss, r)
    return min(walls), stats, rss


def rows_of(text):
    return [tuple(r.split()) for r in text.split(";") if r.strip()]


def table_korat(args):
    have_korat = korat_available(args.korat)
    print("| subject | fin | valid | explored plain (generators) | Korat 1.0 s | smallscope 1 thread s | 2 threads s | "
          "2 threads + generators s | Korat / best | 2 threads / 1 thread | max RSS MB |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for subject, fin in rows_of(args.rows or HEAVY):
        k_best, k_counts = None, None
        if have_korat:
            walls = []
            for _ in range(args.runs):
                wall, out, _ = timed(["taskset", "-c", args.cpu] + korat_command(args.korat, subject, fin),
                                     args.max_korat_seconds)
                if wall is None:
                    walls = []
                    break
                walls.append(wall)
                k_counts = parse_korat(subject, out)[:2]
            k_best = min(walls) if walls else None
        one, s1, m1 = best(args.binary, ["taskset", "-c", args.cpu], subject, fin, ["--threads", "1"], args.runs)
        two, s2, m2 = best(args.binary, ["taskset", "-c", "0,1"], subject, fin, ["--threads", "2"], args.runs)
        gen, sg, mg = None, None, 0.0
        if has_generators(args.binary, subject):
            gen, sg, mg = best(args.binary, ["taskset", "-c", "0,1"], subject, fin, ["--threads", "2", "--generators"],
                               args.runs)
        valid = {s1["valid"], s2["valid"]} | ({sg["valid"]} if sg else set()) | ({k_counts[0]} if k_counts else set())
        explored_ok = s1["explored"] == s2["explored"] and (not k_counts or k_counts[1] == s1["explored"])
        if len(valid) != 1 or not explored_ok:
            print("COUNTS DIFFER: %s %s: %s %s %s %s" % (subject, fin, s1, s2, sg, k_counts), file=sys.stderr)
            sys.exit(1)
        fastest = min(t for t in (one, two, gen) if t is not None)
        print("| %s | %s | %s | %s%s | %s | %.3f | %.3f | %s | %s | %.2fx | %.1f |" % (
            subject, fin, f"{s1['valid']:,}", f"{s1['explored']:,}",
            " (%s)" % f"{sg['explored']:,}" if sg else "", "%.3f" % k_best if k_best else "not run",
            one, two, "%.3f" % gen if gen else "-", "%.1fx" % (k_best / fastest) if k_best else "-", one / two,
            max(m1, m2, mg)))
        sys.stdout.flush()


def table_shards(args):
    print("| subject | fin | shards | seconds per shard (one core each) | slowest / mean | plan units | explored sum |")
    print("|---|---|---:|---|---:|---:|---:|")
    for subject, fin in rows_of(args.rows or SHARDED):
        secs, units, explored = [], 0, 0
        for i in range(1, args.shards + 1):
            wall, out, _ = timed(["taskset", "-c", args.cpu] +
                                 gen_cmd(args.binary, subject, fin, ["--threads", "1", "--shard", "%d/%d" % (i, args.shards)]))
            st = json.loads(out.strip().splitlines()[-1])
            secs.append(st["seconds"])
            units = st["shard"]["plan"]["units"]
            explored += st["explored"]
        mean = sum(secs) / len(secs)
        print("| %s | %s | %d | %s | %.2f | %s | %s |" % (subject, fin, args.shards, ", ".join("%.2f" % s for s in secs),
                                                          max(secs) / mean, f"{units:,}", f"{explored:,}"))
        sys.stdout.flush()


def table_gens(args):
    print("| subject | fin | valid | explored plain | explored with generators | fewer | seconds plain | "
          "seconds with generators | faster |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for subject, fin in rows_of(args.rows or GENS):
        pin = ["taskset", "-c", args.cpu]
        tp, sp, _ = best(args.binary, pin, subject, fin, ["--threads", "1"], args.runs)
        tg, sg, _ = best(args.binary, pin, subject, fin, ["--threads", "1", "--generators"], args.runs)
        if sp["valid"] != sg["valid"]:
            print("VALID DIFFERS: %s %s" % (subject, fin), file=sys.stderr)
            sys.exit(1)
        print("| %s | %s | %s | %s | %s | %.1fx | %.3f | %.3f | %.1fx |" % (
            subject, fin, f"{sp['valid']:,}", f"{sp['explored']:,}", f"{sg['explored']:,}",
            sp["explored"] / sg["explored"], tp, tg, tp / tg))
        sys.stdout.flush()


def table_check(args):
    print("| subject | method | fin | inputs | failed | 1 worker s | 2 workers s | 1 / 2 |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for subject, method, fin in rows_of(args.rows or CHECKS):
        results = {}
        for threads in ("1", "2"):
            cmd = [args.binary, "check", subject, method] + (["--fin", fin] if "," in fin else [fin]) + \
                  ["--threads", threads, "--stats", "json", "-q", "--show", "0"]
            walls = []
            for _ in range(args.runs):
                wall, out, _ = timed(cmd, ok_codes=(0, 1))
                walls.append(wall)
                stats = json.loads(out.strip().splitlines()[-1])
            results[threads] = (min(walls), stats)
        one, two = results["1"][1], results["2"][1]
        for key in ("inputs", "passed", "failed", "structures", "explored", "first_failed_inputs"):
            if one[key] != two[key]:
                print("%s DIFFERS: %s %s %s" % (key, subject, method, fin), file=sys.stderr)
                sys.exit(1)
        print("| %s | %s | %s | %s | %s | %.2f | %.2f | %.2fx |" % (
            subject, method, fin, f"{one['inputs']:,}", f"{one['failed']:,}", results["1"][0], results["2"][0],
            results["1"][0] / results["2"][0]))
        sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(here, "..", "build", "release", "smallscope"))
    ap.add_argument("--korat", default=DEFAULT_KORAT)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cpu", default="1")
    ap.add_argument("--table", default="korat", choices=["korat", "shards", "gens", "check"])
    ap.add_argument("--rows", default="", help="SUBJECT FIN;SUBJECT FIN;... (default: the table's rows)")
    ap.add_argument("--shards", type=int, default=8)
    ap.add_argument("--max-korat-seconds", type=float, default=300.0)
    args = ap.parse_args()
    {"korat": table_korat, "shards": table_shards, "gens": table_gens, "check": table_check}[args.table](args)


if __name__ == "__main__":
    import doc_section  # --doc FILE: the output into FILE's section too (doc_section.py)
    sys.exit(doc_section.run(main))
