#!/usr/bin/env python3
"""SAT enumeration of specs next to the Korat search on the same structures (paper 003/004).

For each row, runs `smallscope spec` on an example spec with its run command set to the row's
scope, and, where the spec restates a Korat subject (examples/specs/korat), `smallscope gen` on
that subject at the same scope; both on one core (taskset), whole process, alternated, several
runs each. Prints a Markdown table: instances, CNF size, median seconds, instances per second.

    python3 bench/spec_rows.py [--runs 5] [--cpu 1] [--binary build/release/smallscope]
"""
import sys
import argparse
import json
import os
import re
import statistics
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SPECS = os.path.join(ROOT, "examples", "specs")


def width(n):
    w = 2
    while (1 << (w - 1)) - 1 < n:
        w += 1
    return w


ROWS = []
for n in range(0, 11):
    ROWS.append(("red_black_tree.als", f"run inputs for exactly 1 TreeMap, exactly {n} Entry, 5 Int",
                 f"RB trees (TestEra S8), {n} nodes", None))
for k in (8, 10):
    ROWS.append(("red_black_tree.als", f"run upTo for exactly 1 TreeMap, {k} Entry, 5 Int",
                 f"RB trees of up to {k} nodes, keys 0..{k - 1} (paper 004's TreeSet structures)", None))
for k in range(3, 9):
    ROWS.append(("binary_search_tree.als", f"run inputs for exactly 1 BinaryTree, exactly {k} Node, {width(k)} Int",
                 f"BST (paper 004 Fig. 4), k = {k}", None))
for n in (5, 7):
    ROWS.append(("korat/binary_tree.als", f"run inputs for exactly 1 BinaryTree, exactly {n} Node, {width(n)} Int",
                 f"BinaryTree {n}", ("BinaryTree", n)))
    ROWS.append(("korat/search_tree.als", f"run inputs for exactly 1 SearchTree, exactly {n} Node, {width(n)} Int",
                 f"SearchTree {n}", ("SearchTree", n)))
    ROWS.append(("korat/singly_linked_list.als",
                 f"run inputs for exactly 1 SinglyLinkedList, exactly {n + 1} Entry, exactly {n + 1} Object, {width(n + 1)} Int",
                 f"SinglyLinkedList {n}", ("SinglyLinkedList", n)))
    ROWS.append(("korat/doubly_linked_list.als",
                 f"run inputs for exactly 1 DoublyLinkedList, exactly {n + 1} Entry, exactly {n + 1} Object, {width(n + 1)} Int",
                 f"DoublyLinkedList {n}", ("DoublyLinkedList", n)))
    ROWS.append(("korat/red_black_tree.als", f"run inputs for exactly 1 RedBlackTree, exactly {n} Node, {width(n)} Int",
                 f"RedBlackTree {n}", ("RedBlackTree", n)))


def timed(cmd, cpu):
    full = (["taskset", "-c", str(cpu)] if cpu is not None else []) + cmd
    start = time.perf_counter()
    out = subprocess.run(full, check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - start, out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cpu", type=int, default=1)
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "release", "smallscope"))
    ap.add_argument("--only", default="", help="rows whose label contains this text")
    a = ap.parse_args()
    print("| row | instances | CNF variables | CNF clauses | SAT s (median) | instances/s | gen s (median) | gen structures/s | SAT / gen |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for spec, run, label, korat in ROWS:
            if a.only and a.only not in label:
                continue
            text = open(os.path.join(SPECS, spec)).read()
            # The row's run command replaces the file's commands.
            text = re.sub(r"\nrun [^\n]*", "", text) + "\n" + run + "\n"
            path = os.path.join(tmp, os.path.basename(spec))
            with open(path, "w") as f:
                f.write(text)
            sat_times, gen_times = [], []
            stats = gen_stats = None
            for _ in range(a.runs):
                t, out = timed([a.binary, "spec", path, "-q", "--stats", "json"], a.cpu)
                sat_times.append(t)
                stats = json.loads(out.strip().splitlines()[-1])
                if korat:
                    t, out = timed([a.binary, "gen", korat[0], str(korat[1]), "-q", "--stats", "json"], a.cpu)
                    gen_times.append(t)
                    gen_stats = json.loads(out.strip().splitlines()[-1])
            sat = statistics.median(sat_times)
            row = (f"| {label} | {stats['instances']:,} | {stats['cnf_variables']:,} | {stats['cnf_clauses']:,} | "
                   f"{sat:.3f} | {stats['instances'] / sat:,.0f} |")
            if korat:
                gen = statistics.median(gen_times)
                if gen_stats["valid"] != stats["instances"]:
                    raise SystemExit(f"{label}: gen finds {gen_stats['valid']} structures, spec {stats['instances']}")
                row += f" {gen:.3f} | {gen_stats['valid'] / gen:,.0f} | {sat / gen:.1f}x |"
            else:
                row += " | | |"
            print(row, flush=True)


if __name__ == "__main__":
    import doc_section  # --doc FILE: the output into FILE's section too (doc_section.py)
    sys.exit(doc_section.run(main))
