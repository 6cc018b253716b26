#!/usr/bin/env python3
"""The cost of checking against the cost of generating (paper 000, Table 2, "checking time").

For each case it runs `smallscope gen` (generation only) and `smallscope check` (generation,
a copy of each input, the method, the invariant and the postcondition on the post-state, in a
forked worker) RUNS times, and prints the medians as a Markdown table.

usage: bench/check_costs.py [--runs N] [--cpu N] [--binary PATH]
"""
import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

CASES = [
    # subject, method, fin (the paper's evaluation finitization for SearchTree, Korat's otherwise)
    ("SearchTree", "add", "7,0,7,1,7"),
    ("SearchTree", "remove", "7,0,7,1,7"),
    ("SearchTree", "add_then_remove_model", "6,0,6,1,6"),
    ("SinglyLinkedList", "remove", "8,8,9,9"),
    ("DoublyLinkedList", "remove", "8,8,9,9"),
    ("RedBlackTree", "insert", "7,0,7,8"),
    ("RedBlackTree", "remove", "7,0,7,8"),
    ("HeapArray", "insert", "6,6,6"),
    ("HeapArray", "extract_max", "7,7,7"),
]


def run_json(command):
    out = subprocess.run(command, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"failed: {' '.join(command)}\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpu", type=int, default=None, help="pin to this core with taskset")
    parser.add_argument("--binary", default=str(Path(__file__).resolve().parent.parent / "build/release/smallscope"))
    args = parser.parse_args()
    pin = ["taskset", "-c", str(args.cpu)] if args.cpu is not None else []

    print("| subject | method | fin | structures | inputs | failed | generate s | check s | in the method s | "
          "us per input | check / generate |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for subject, method, fin in CASES:
        gen, check, inside = [], [], []
        for _ in range(args.runs):
            g = run_json(pin + [args.binary, "gen", subject, "--fin", fin, "--stats", "json", "-q"])
            c = run_json(pin + [args.binary, "check", subject, method, "--fin", fin, "--stats", "json", "-q",
                                "--show", "0"])
            gen.append(g["seconds"])
            check.append(c["seconds"])
            inside.append(c["method_seconds"])
        g_s, c_s, in_s = statistics.median(gen), statistics.median(check), statistics.median(inside)
        print(f"| {subject} | {method} | {fin} | {c['structures']:,} | {c['inputs']:,} | {c['failed']:,} | "
              f"{g_s:.4f} | {c_s:.4f} | {in_s:.4f} | {in_s / c['inputs'] * 1e6:.2f} | {c_s / g_s:.1f}x |")


if __name__ == "__main__":
    import doc_section  # --doc FILE: the output into FILE's section too (doc_section.py)
    sys.exit(doc_section.run(main))
