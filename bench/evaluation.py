#!/usr/bin/env python3
"""The papers' evaluation, rerun: one command that runs every benchmark at the papers' scopes
and prints Markdown tables next to the published figures.

  1. Korat 1.0's examples (bench/korat-counts.tsv): valid and explored must equal Korat's;
     generation time against Korat 1.0's (bench/korat_rows.py).
  2. Paper 000, Table 2 (scopes of its main table; Table 4 has the smaller ones): for each
     benchmark, the methods checked, their inputs summed, generation and checking seconds, next
     to the paper's inputs and seconds. Checking seconds include generating the inputs.
  3. Paper 002, Sec. 4: plain Korat and Korat+ (--eq-class) per case study and scope: explored
     (valid) and classes covered, next to the paper's.
  4. Paper 004, Table 1's bounded-exhaustive (BE) columns: suite size (inputs of the three
     methods), generation and testing seconds, next to the paper's.

Exits 1 if a count the papers publish and smallscope reproduces differs.

usage: bench/evaluation.py [--binary build/release/smallscope] [--runs 3] [--cpu 0] [--quick]
       [--only korat,table2,eqclass,table004]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import korat_rows  # noqa: E402

# Paper 000, Table 2: benchmark, scope, paper's (generation s, inputs, checking s), and the
# checks whose inputs make up the benchmark's: (subject, method, fin) with {s} for the scope.
# exact: whether the summed inputs reproduce the paper's (see docs/EVALUATION.md when not).
TABLE2 = [
    ("SearchTree", [(6, 1.39, 8772, 0.46), (7, 9.03, 41300, 1.25)], True,
     [("SearchTree", "add", "{s},0,{s},1,{s}"), ("SearchTree", "remove", "{s},0,{s},1,{s}")]),
    ("DisjSet", [(4, 0.29, 18280, 0.43), (5, 10.91, 1246380, 19.93)], True,
     [("DisjSet", "union", "{s}"), ("DisjSet", "find", "{s}")]),
    ("HeapArray", [(6, 0.90, 118251, 1.88), (7, 7.09, 1175620, 17.58)], True,
     [("HeapArray", "insert", "{s}"), ("HeapArray", "extract_max", "{s}")]),
    ("BinomialHeap", [(6, 3.30, 159642, 4.61), (7, 35.60, 2577984, 75.96)], False,
     [("BinomialHeap", "insert", "{s}"), ("BinomialHeap", "extract_min", "{s}"),
      ("BinomialHeap", "delete", "{s}")]),
    ("FibonacciHeap", [(4, 1.22, 34650, 1.08), (5, 14.14, 941058, 23.37)], False,
     [("FibonacciHeap", "insert", "{s}"), ("FibonacciHeap", "extract_min", "{s}"),
      ("FibonacciHeap", "delete", "{s}"), ("FibonacciHeapPair", "union", "{s}")]),
    ("LinkedList", [(6, 0.33, 11741, 0.48), (7, 0.74, 58175, 1.54)], True,
     [("LinkedListCall", "add", "0,{s},{s1},{s}"), ("LinkedListCall", "remove", "0,{s},{s1},{s}"),
      ("LinkedList", "reverse", "0,{s},{s1},{s}")]),
    ("SortedList", [(6, 1.94, 73263, 2.57), (7, 22.68, 1047608, 37.91)], True,
     [("SortedList", "insert", "0,{s},{s1},{s}"), ("SortedList", "remove", "0,{s},{s1},{s}"),
      ("SortedListSort", "sort", "0,{s},{s1},{s}"), ("SortedListPair", "merge", "0,{s},{s1},{s}")]),
    ("TreeMap", [(6, 0.94, 3924, 0.38), (7, 3.28, 12754, 0.73)], True,
     [("TreeMap", "put", "{s}"), ("TreeMap", "remove", "{s}")]),
    ("HashSet", [(6, 0.91, 12932, 0.62), (7, 3.38, 54844, 1.55)], False,
     [("HashSet", "add", "{s}"), ("HashSet", "remove", "{s}")]),
    ("AVTree", [(3, 0.21, 1702, 0.78), (4, 3.16, 27734, 8.36)], False,
     [("AVTree", "lookup", "{s}")]),
]

# Paper 002, Sec. 4: case study, subject, whether smallscope reproduces the paper's counts
# exactly (docs/EVALUATION.md says why the graphs differ), and per scope: our fin, the paper's
# scope text, the paper's plain explored and valid, Korat+ explored and valid, classes covered,
# plain and Korat+ seconds (None: the paper's run timed out), and whether to run plain here.
EQCLASS = [
    ("listAsSet", "ListAsSet", True, [
        ("0,2,0,2,3,3,3", "0-2,0-2,3,3,3", 1121, 91, 185, 26, 8, 0.331, 0.249, True),
        ("0,4,0,4,3,3,3", "0-4,0-4,3,3,3", 1485, 91, 211, 26, 8, 0.277, 0.241, True),
        ("0,4,0,4,4,4,3", "0-4,0-4,4,4,3", 14679, 320, 679, 80, 10, 0.422, 0.269, True),
        ("0,5,0,5,5,5,4", "0-5,0-5,5,5,4", 1274977, 5456, 6798, 682, 10, 2.39, 0.395, True),
        ("0,5,0,5,5,5,5", "0-5,0-5,5,5,5", 6692357, 24211, 16369, 1562, 10, 10.961, 0.586, True),
        ("0,7,0,7,7,7,6", "0-7,0-7,7,7,6", None, None, 1453804, 111974, 10, None, 3.36, False),
    ]),
    ("binomial heap merge", "BinomialHeapPairReplicated", True, [
        ("2", "2", 348, 36, 147, 15, 6, 0.42, 0.394, True),
        ("3", "3", 5389, 784, 1315, 56, 10, 0.656, 0.454, True),
        ("4", "4", 150448, 14400, 46786, 435, 10, 1.436, 0.86, True),
        ("5", "5", 3125314, 876096, 647410, 1872, 10, 16.347, 2.492, True),
        ("6", "6", 274808123, 57790404, 55745855, 43134, 10, 1360.323, 178.072, True),
    ]),
    ("directed graphs", "DirectedGraph", False, [
        ("2", "2", 1624, 382, 518, 126, 4, 0.343, 0.265, True),
        ("3", "3", 372861255, 47672840, 11670154, 899852, 4, 1145.341, 37.854, True),
    ]),
    ("weighted digraphs", "WeightedDirectedGraph", False, [
        ("2,1", "2,-1-1", 1062, 332, 984, 256, 11, 0.326, 0.324, True),
        ("2,2", "2,-2-2", 2272, 1542, 1750, 1022, 11, 0.632, 0.534, True),
        ("3,1", "3,-1-1", 18003420, 493232, 17815155, 304982, 13, 55.483, 52.759, True),
        ("3,2", "3,-2-2", 33122848, 15612660, 25486513, 7976340, 13, 278.562, 169.82, True),
        ("3,3", "3,-3-3", 205397228, 187887040, 103127315, 85617142, 13, 2812.665, 1333.942, True),
    ]),
    ("search-tree delete", "SearchTreeDelete", True, [
        ("3,0,3,3", "3,0-3,3", 534, 45, 500, 43, 8, 0.272, 0.251, True),
        ("3,0,3,4", "3,0-3,4", 1152, 148, 1011, 125, 8, 0.255, 0.271, True),
        ("3,0,3,6", "3,0-3,6", 4290, 822, 3331, 586, 8, 0.423, 0.359, True),
        ("3,0,3,8", "3,0-3,8", 12144, 2760, 8675, 1793, 8, 0.661, 0.562, True),
        ("5,0,5,8", "5,0-5,8", 477888, 29416, 338292, 16137, 9, 1.607, 1.333, True),
        ("6,0,6,9", "6,0-6,9", 4597299, 167814, 3213270, 83511, 9, 7.529, 5.724, True),
    ]),
]
# Paper 004, Table 1 (BE columns): subject, methods, and per scope the paper's suite size,
# generation and testing seconds.
TABLE004 = [
    ("SortedSinglyLinkedList", ["get", "add", "remove"],
     [(10, 2771340, 0.89, 4.49), (11, 11639628, 2.72, 19.03)]),
    ("BinarySearchTree", ["add", "find", "remove"],
     [(8, 293640, 2.14, 0.73), (9, 1399194, 14.85, 2.40)]),
    ("TreeSet", ["add", "remove", "contains"],
     [(10, 553170, 10.52, 1.39), (11, 1690986, 52.00, 3.72)]),
    ("BinomialHeap", ["insert", "extract_min", "delete"],
     [(7, 1611241, 0.90, 4.65), (8, 10263649, 3.11, 27.37)]),
]
# Rows that take minutes here: left out by --quick.
QUICK_SKIP = {("BinomialHeapPairReplicated", "6"), ("WeightedDirectedGraph", "3,3")}


def run_json(cmd, cpu):
    out = subprocess.run(["taskset", "-c", cpu] + cmd, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise SystemExit("failed (%d): %s\n%s" % (out.returncode, " ".join(cmd), out.stderr))
    return json.loads(out.stdout.strip().splitlines()[-1])


def fin_args(fin):
    return ["--fin", fin] if "," in fin else [fin]


def median_run(cmd, cpu, runs):
    results = [run_json(cmd, cpu) for _ in range(runs)]
    return results[-1], statistics.median(r["seconds"] for r in results)


def table2(args):
    print("\n## Paper 000, Table 2: inputs and checking\n")
    print("| benchmark | scope | checks | inputs | paper inputs | same | gen s | paper gen s | check s | paper check s | failed |")
    print("|---|---:|---|---:|---:|---|---:|---:|---:|---:|---:|")
    mismatches = 0
    for bench, scopes, exact, checks in TABLE2:
        for s, paper_gen, paper_inputs, paper_check in scopes:
            if args.quick and s > scopes[0][0]:
                continue
            inputs = failed = 0
            check_s = gen_s = 0.0
            generated = set()
            for subject, method, fin in checks:
                f = fin.format(s=s, s1=s + 1)
                st, sec = median_run([args.binary, "check", subject, method] + fin_args(f) +
                                     ["--stats", "json", "-q", "--no-reproducers"], args.cpu, args.runs)
                inputs += st["inputs"]
                failed += st["failed"]
                check_s += sec
                if (subject, f) not in generated:
                    generated.add((subject, f))
                    _, g = median_run([args.binary, "gen", subject] + fin_args(f) + ["--stats", "json", "-q"],
                                      args.cpu, args.runs)
                    gen_s += g
            same = inputs == paper_inputs
            if exact and not same:
                mismatches += 1
            print("| %s | %d | %s | %s | %s | %s | %.3f | %.2f | %.3f | %.2f | %d |" % (
                bench, s, ", ".join("%s.%s" % (c[0], c[1]) for c in checks), f"{inputs:,}", f"{paper_inputs:,}",
                "yes" if same else ("**NO**" if exact else "no (see docs)"), gen_s, paper_gen, check_s, paper_check,
                failed))
            sys.stdout.flush()
    return mismatches


def eqclass(args):
    print("\n## Paper 002, Sec. 4: plain Korat and Korat+ (--eq-class)\n")
    print("| case study | scope | plain explored (valid) | paper | Korat+ explored (valid) | paper | CC plain / Korat+ | paper CC | plain s | paper s | Korat+ s | paper s |")
    print("|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|")
    mismatches = 0

    def pair(explored, valid):
        return "-" if explored is None else f"{explored:,} ({valid:,})"

    def secs(x):
        return "-" if x is None else "%.3f" % x

    for study, subject, exact, rows in EQCLASS:
        for fin, scope_text, p_ex, p_va, e_ex, e_va, cc, p_s, e_s, run_plain in rows:
            if args.quick and (subject, fin) in QUICK_SKIP:
                continue
            base = [args.binary, "gen", subject] + fin_args(fin) + ["--stats", "json", "-q"]
            plain, plain_s = median_run(base, args.cpu, args.runs) if run_plain else (None, None)
            plus, plus_s = median_run(base + ["--eq-class"], args.cpu, args.runs)
            ok = plus["classes"] == cc
            if plain is not None:
                ok = ok and plain["classes"] == plus["classes"] and plus["explored"] <= plain["explored"]
            if exact:
                ok = ok and (plus["explored"], plus["valid"]) == (e_ex, e_va)
                if plain is not None:
                    ok = ok and (plain["explored"], plain["valid"]) == (p_ex, p_va)
            mismatches += not ok
            print("| %s | %s | %s | %s | %s | %s | %s / %d | %d | %s | %s | %s | %s |" % (
                study, scope_text, "not run" if plain is None else pair(plain["explored"], plain["valid"]),
                pair(p_ex, p_va), pair(plus["explored"], plus["valid"]), pair(e_ex, e_va),
                "-" if plain is None else plain["classes"], plus["classes"], cc, secs(plain_s), secs(p_s),
                secs(plus_s), secs(e_s)))
            sys.stdout.flush()
    return mismatches


def table004(args):
    print("\n## Paper 004, Table 1: bounded-exhaustive suites\n")
    print("| subject | scope | inputs | paper BE size | gen s | paper gen s | check s | paper test s | failed |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    mismatches = 0
    for subject, methods, scopes in TABLE004:
        for n, paper_size, paper_gen, paper_test in scopes:
            if args.quick and n > scopes[0][0]:
                continue
            _, gen_s = median_run([args.binary, "gen", subject, str(n), "--stats", "json", "-q"], args.cpu, args.runs)
            inputs = failed = 0
            check_s = 0.0
            for m in methods:
                st, sec = median_run([args.binary, "check", subject, m, str(n), "--stats", "json", "-q",
                                      "--no-reproducers"], args.cpu, args.runs)
                inputs += st["inputs"]
                failed += st["failed"]
                check_s += sec
            # BinomialHeap: the paper's size is ours plus one (docs/EVALUATION.md).
            expected = paper_size - 1 if subject == "BinomialHeap" else paper_size
            mismatches += inputs != expected
            print("| %s | %d | %s | %s | %.3f | %.2f | %.3f | %.2f | %d |" % (
                subject, n, f"{inputs:,}", f"{paper_size:,}", gen_s, paper_gen, check_s, paper_test, failed))
            sys.stdout.flush()
    return mismatches


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(here, "..", "build", "release", "smallscope"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cpu", default="0", help="the core to pin the runs to (taskset -c)")
    ap.add_argument("--quick", action="store_true", help="the smaller scopes only")
    ap.add_argument("--only", default="korat,table2,eqclass,table004")
    args = ap.parse_args()
    parts = set(args.only.split(","))
    mismatches = 0
    if "korat" in parts:
        print("## Korat 1.0's examples: counts and generation time\n")
        mismatches += korat_rows.measure(args.binary, args.runs, args.cpu, set())
    if "table2" in parts:
        mismatches += table2(args)
    if "eqclass" in parts:
        mismatches += eqclass(args)
    if "table004" in parts:
        mismatches += table004(args)
    return 1 if mismatches else 0


if __name__ == "__main__":
    import doc_section  # --doc FILE: the output into FILE's section too (doc_section.py)
    sys.exit(doc_section.run(main))
