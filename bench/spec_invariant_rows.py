"""A spec as the search's invariant (issue: specs at native speed): for each spec of
examples/specs/korat/ at a few scopes, `smallscope gen SUBJECT n --threads 1` with the subject's
C++ invariant, with `--invariant SPEC --invariant-interpreted` (the evaluators) and with
`--invariant SPEC` (the spec compiled to C++ into the binary by smallscope_spec), each pinned to
one core, median of --runs. All three must find the same number of structures; the explored
columns are the search's candidates with each; the times are the search's own (`seconds` of
--stats json: the invariant's cost, without the process's start, a few ms that would hide the
small rows), and the whole process for the TreeSet row.

    python3 bench/spec_invariant_rows.py --runs 5 [--doc docs/PERFORMANCE.md]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPECS = os.path.join(ROOT, "examples", "specs")
ROWS = [("BinaryTree", "korat/binary_tree.als", [7, 10]), ("SearchTree", "korat/search_tree.als", [7, 8]),
        ("SinglyLinkedList", "korat/singly_linked_list.als", [7, 10]),
        ("DoublyLinkedList", "korat/doubly_linked_list.als", [7, 10]),
        ("RedBlackTree", "korat/red_black_tree.als", [7, 9])]


def run(cmd, cpu):
    full = (["taskset", "-c", str(cpu)] if cpu is not None else []) + cmd
    start = time.perf_counter()
    out = subprocess.run(full, check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - start, json.loads(out.strip().splitlines()[-1])


def engines(binary, subject, n, spec, threads, cpu, runs):
    """(stats, search seconds, process seconds) of C++, evaluators, compiled: medians of `runs`, alternating."""
    gen = [binary, "gen", subject, str(n), "-q", "--threads", str(threads), "--stats", "json"]
    cmds = [gen, gen + ["--invariant", spec, "--invariant-interpreted"], gen + ["--invariant", spec]]
    times = [[] for _ in cmds]
    stats = [None] * len(cmds)
    for _ in range(runs):
        for k, c in enumerate(cmds):
            wall, stats[k] = run(c, cpu)
            times[k].append((stats[k]["seconds"], wall))
    if len({s["valid"] for s in stats}) != 1:
        raise SystemExit(f"{subject} {n}: valid counts differ: {[s['valid'] for s in stats]}")
    if "invariant" in stats[1] and (stats[1]["invariant"]["compiled"] or not stats[2]["invariant"]["compiled"]):
        raise SystemExit(f"{subject} {n}: the binary does not hold {spec} compiled (smallscope_spec)")
    return [(stats[k], statistics.median(t[0] for t in times[k]), statistics.median(t[1] for t in times[k]))
            for k in range(len(cmds))]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cpu", type=int, default=1)
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "release", "smallscope"))
    ap.add_argument("--no-treeset", action="store_true", help="leave out TreeSet 10 on two threads (about 10 s a run)")
    a = ap.parse_args()
    print("| subject | n | structures | explored: C++ | evaluators | compiled | C++ s | evaluators s | compiled s "
          "| compiled / C++ | evaluators / compiled |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for subject, spec, scopes in ROWS:
        for n in scopes:
            (cs, c, _), (es, e, _), (ks, k, _) = engines(a.binary, subject, n, os.path.join(SPECS, spec), 1, a.cpu, a.runs)
            print(f"| {subject} | {n} | {cs['valid']:,} | {cs['explored']:,} | {es['explored']:,} | {ks['explored']:,} | "
                  f"{c:.4f} | {e:.4f} | {k:.4f} | {k / c:.1f}x | {e / k:.1f}x |", flush=True)
    if not a.no_treeset:
        # Paper 004's TreeSet structures: every red-black tree of up to 10 nodes over the keys 0..9,
        # two threads (both cores), whole process.
        runs = max(1, min(a.runs, 3))
        (cs, _, c), (es, _, e), (ks, _, k) = engines(a.binary, "TreeSet", 10, os.path.join(SPECS, "tree_set.als"), 2,
                                                     None, runs)
        print(f"| TreeSet (2 threads, whole process) | 10 | {cs['valid']:,} | {cs['explored']:,} | {es['explored']:,} | "
              f"{ks['explored']:,} | {c:.2f} | {e:.2f} | {k:.2f} | {k / c:.1f}x | {e / k:.1f}x |", flush=True)


if __name__ == "__main__":
    import doc_section  # --doc FILE: the output into FILE's section too (doc_section.py)
    sys.exit(doc_section.run(main))
