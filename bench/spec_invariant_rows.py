"""A spec as the search's invariant (issue: specs as fast as C++ invariants): for each spec of
examples/specs/korat/ and scopes 5..7, `smallscope gen SUBJECT n` with the subject's C++
invariant and with `--invariant SPEC`, and `smallscope spec SPEC` on SAT at the same scope, each
on one core, whole process, median of --runs. All three must find the same number of structures;
the explored columns are the search's candidates with each invariant.

    python3 bench/spec_invariant_rows.py --runs 3 [--doc docs/PERFORMANCE.md]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPECS = os.path.join(ROOT, "examples", "specs", "korat")
SUBJECTS = [("BinaryTree", "binary_tree.als"), ("SearchTree", "search_tree.als"),
            ("SinglyLinkedList", "singly_linked_list.als"), ("DoublyLinkedList", "doubly_linked_list.als"),
            ("RedBlackTree", "red_black_tree.als")]


def timed(cmd, cpu):
    full = ["taskset", "-c", str(cpu)] + cmd
    start = time.perf_counter()
    out = subprocess.run(full, check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - start, json.loads(out.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cpu", type=int, default=1)
    ap.add_argument("--scopes", default="5,6,7")
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "release", "smallscope"))
    a = ap.parse_args()
    print("| subject | n | structures | explored (C++) | explored (spec) | C++ s | spec s | spec / C++ | SAT s | SAT / spec |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for subject, spec in SUBJECTS:
            path = os.path.join(SPECS, spec)
            text = open(path).read()
            for n in [int(x) for x in a.scopes.split(",")]:
                gen = [a.binary, "gen", subject, str(n), "-q", "--threads", "1", "--stats", "json"]
                # the SAT run at the finitization's scope: n objects of each class, as check --spec sizes it
                sat_spec = os.path.join(tmp, spec)
                bounds = re.search(r"\nrun inputs for ([^\n]*)", text).group(1)
                bounds = re.sub(r"exactly \d+ (Node|Entry|Object)\b",
                                lambda m: f"exactly {n + 1 if subject in ('DoublyLinkedList', 'SinglyLinkedList') else n} {m.group(1)}", bounds)
                with open(sat_spec, "w") as f:
                    f.write(re.sub(r"\nrun [^\n]*", "", text) + f"\nrun inputs for {bounds}\n")
                cpp, inv, sat = [], [], []
                for _ in range(a.runs):
                    t, cs = timed(gen, a.cpu)
                    cpp.append(t)
                    t, ss = timed(gen + ["--invariant", path], a.cpu)
                    inv.append(t)
                    t, sats = timed([a.binary, "spec", sat_spec, "-q", "--stats", "json"], a.cpu)
                    sat.append(t)
                if cs["valid"] != ss["valid"]:
                    raise SystemExit(f"{subject} {n}: C++ finds {cs['valid']}, the spec invariant {ss['valid']}")
                c, s, q = statistics.median(cpp), statistics.median(inv), statistics.median(sat)
                sat_note = "" if sats["instances"] == cs["valid"] else f" ({sats['instances']} instances)"
                print(f"| {subject} | {n} | {cs['valid']:,} | {cs['explored']:,} | {ss['explored']:,} | {c:.3f} | {s:.3f} | "
                      f"{s / c:.0f}x | {q:.3f}{sat_note} | {q / s:.2f}x |", flush=True)


if __name__ == "__main__":
    import doc_section  # --doc FILE: the output into FILE's section too (doc_section.py)
    sys.exit(doc_section.run(main))
