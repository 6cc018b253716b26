#!/usr/bin/env python3
"""How good is the progress line's estimate of the search's size? (docs/PERFORMANCE.md, "Scale")

For each row, runs `gen SUBJECT FIN --threads T --progress-interval 0.02` (stderr is not a
terminal, so every progress line is kept), reads each line's explored count and estimated
total ("~N% of ~TOTAL"), and reports the estimate on the first line at or after 10 % (and
50 %) of the final explored count, as a ratio to the true total. Rows whose run ends before a
line with an estimate reaches 10 % are reported as too short.

usage: bench/eta_accuracy.py [--binary build/release/smallscope] [--threads 2] [--rows "A 8;B 9"]
"""
import sys
import argparse
import json
import os
import re
import subprocess

here = os.path.dirname(os.path.abspath(__file__))
ROWS = ("BinaryTree 11;BinaryTree 12;SearchTree 8;SearchTree 9;SinglyLinkedList 11;DoublyLinkedList 11;"
        "HeapArray 9;HeapArray 10;RedBlackTree 10;SortedList 10,10,11,10;DisjSet 5;BinomialHeap 7")
LINE = re.compile(r"\] ([\d,]+) explored .* ~(\d+)% of ~([\d.]+)([kMG]?) ")
SCALE = {"": 1, "k": 1e3, "M": 1e6, "G": 1e9}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(here, "..", "build", "release", "smallscope"))
    ap.add_argument("--threads", default="2")
    ap.add_argument("--rows", default=ROWS)
    args = ap.parse_args()
    print("| subject | fin | explored | seconds | estimate / true at 10 % | at 50 % | within 2x at 10 % |")
    print("|---|---|---:|---:|---:|---:|---|")
    for row in args.rows.split(";"):
        subject, fin = row.split()
        cmd = [args.binary, "gen", subject] + (["--fin", fin] if "," in fin else [fin]) + \
              ["--threads", args.threads, "--progress-interval", "0.02", "--stats", "json"]
        r = subprocess.run(cmd, capture_output=True, text=True, check=True)
        stats = json.loads(r.stdout.strip().splitlines()[-1])
        total = stats["explored"]
        points = []
        for line in r.stderr.splitlines():
            m = LINE.search(line)
            if m:
                points.append((int(m.group(1).replace(",", "")), float(m.group(3)) * SCALE[m.group(4)]))
        def at(fraction):
            for explored, estimate in points:
                if explored >= fraction * total:
                    return estimate / total
            return None
        a10, a50 = at(0.1), at(0.5)
        cell = lambda v: "%.2f" % v if v is not None else "too short"
        ok = "-" if a10 is None else ("yes" if 0.5 <= a10 <= 2 else "**no**")
        print("| %s | %s | %s | %.2f | %s | %s | %s |" % (subject, fin, f"{total:,}", stats["seconds"], cell(a10),
                                                         cell(a50), ok))


if __name__ == "__main__":
    import doc_section  # --doc FILE: the output into FILE's section too (doc_section.py)
    sys.exit(doc_section.run(main))
