#!/usr/bin/env python3
"""Paper 004, Table 1 side by side: bounded-exhaustive (BE) and field-exhaustive (FE) suites of
the sorted singly linked list, binary search tree, TreeSet and binomial heap, per scope.

BE: the subject's valid structures (`smallscope gen`), times the arguments of the three methods
(3k keys; the binomial heap 2k+1: extract_min, insert k, delete k), and the search's seconds.
FE: Algorithm 1 on the subject's spec (`smallscope fe SUBJECT --spec ... --scope ...`, its
instances bound to the subject and checked against the C++ invariant), times the same arguments,
and its seconds; with the extension total sum |E(f)| (Theorem 2's bound on the suite). TreeSet
runs on tree_set_fe.als (an aux black height per node) with --batches, its fastest form.

  python3 bench/fe_table.py [--bin build/release/smallscope] [--only bst,sll,treeset,bh]
                            [--be-max K] [--fe-scopes 3..12,15,20] [--budget SECONDS]
                            [--claims] [--json OUT]
Each FE run stops at --budget seconds (default 3600, the paper's hour) and is then reported TO.
"""
import sys
import argparse, json, math, os, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def bits(k):
    b = 1
    while (1 << (b - 1)) <= k:
        b += 1
    return b

SUBJECTS = {
    "sll": dict(name="SortedSinglyLinkedList", title="Sorted singly linked list",
                fin=lambda k: f"0,{k-1},{k},{k}", args=lambda k: 3 * k,
                spec="examples/specs/sorted_singly_linked_list.als", run="inputs",
                scope=lambda k: f"exactly 1 SortedSinglyLinkedList, exactly {k} Entry, {bits(k)} Int",
                paper_be={3: 90, 4: 420, 5: 1890, 6: 8316, 7: 36036, 8: 154440, 9: 656370, 10: 2771340, 11: 11639628},
                paper_fe={3: 45, 4: 96, 5: 168, 6: 264, 7: 384, 8: 720, 9: 870, 10: 1125, 11: 1335, 12: 1665, 20: 6300, 30: 14364, 64: 77637},
                paper_fe_s={20: 8.87, 30: 60.76, 64: 3078.10}, largest=64,
                methods=["get", "add", "remove"], pattern="0,s-1,s,s", mutants=None, be_mut_max=8,
                paper_mut={3: (92.58, 88.76, 100, 100), 4: (92.81, 92.13, 100, 100), 5: (92.81, 92.81, 100, 100),
                           6: (92.81, 92.81, 100, 100), 7: (92.81, 92.58, 100, 100), 8: (93.03, 91.69, 100, 100),
                           9: (93.03, 91.69, 100, 100), 10: (93.03, 91.69, 100, 100), 11: (93.03, 91.69, 100, 100),
                           12: (None, 91.69, None, 100), 20: (None, 91.69, None, 100), 30: (None, 93.03, None, 100),
                           64: (None, 91.69, None, 100)}),
    "bst": dict(name="BinarySearchTree", title="Binary search tree",
                fin=lambda k: f"{k},0,{k},0,{k-1}", args=lambda k: 3 * k,
                spec="examples/specs/search_tree_fe.als", run="inputs",
                scope=lambda k: f"exactly 1 SearchTree, exactly {k} Node, {bits(k)} Int",
                paper_be={3: 135, 4: 612, 5: 2820, 6: 13158, 7: 61950, 8: 293640, 9: 1399194, 10: 6695730, 11: 32156091},
                paper_fe={3: 99, 4: 216, 5: 336, 6: 456, 7: 612, 8: 810, 9: 1365, 10: 1290, 11: 1905, 12: 2145, 15: 3015, 20: 6624, 21: 7704},
                paper_fe_s={15: 17.55, 20: 982.50, 21: 2022.15}, largest=21,
                methods=["add", "find", "remove"], pattern="s,0,s,0,s-1", mutants="search_tree", be_mut_max=7,
                paper_mut={3: (89.69, 88.70, 98, 98), 4: (91.36, 90.77, 100, 98), 5: (91.36, 91.36, 100, 100),
                           6: (91.36, 91.36, 100, 100), 7: (91.36, 91.36, 100, 100), 8: (91.36, 91.36, 100, 100),
                           9: (91.36, 91.36, 100, 100), 10: (91.36, 91.36, 100, 100), 11: (91.36, 91.36, 100, 100),
                           12: (None, 91.36, None, 100), 15: (None, 91.36, None, 100), 20: (None, 91.36, None, 100),
                           21: (None, 91.36, None, 100)}),
    "treeset": dict(name="TreeSet", title="TreeSet",
                    fin=lambda k: f"{k},{k},0,{k-1}", args=lambda k: 3 * k,
                    spec="examples/specs/tree_set_fe.als", run="inputs", fe_args=["--batches"],
                    scope=lambda k: f"exactly 1 TreeSet, exactly {k} TreeSetEntry, {bits(k)} Int",
                    paper_be={3: 144, 4: 492, 5: 1725, 6: 5886, 7: 19131, 8: 59736, 9: 182331, 10: 553170, 11: 1690986, 12: 5258628, 13: 16706859},
                    paper_fe={3: 90, 4: 216, 5: 324, 6: 492, 7: 684, 8: 1035, 9: 1230, 10: 1575, 11: 1800, 12: 2685, 13: 2730, 14: 2730, 15: 3195, 20: 7326, 25: 10332, 30: 14346},
                    paper_fe_s={15: 21.24, 20: 197.29, 25: 1022.75, 30: 2894.94}, largest=30,
                    methods=["add", "remove", "contains"], pattern="s,s,0,s-1", mutants="red_black_tree", be_mut_max=8,
                    paper_mut={3: (60.39, 53.53, 74, 67), 4: (75.65, 72.68, 86, 84), 5: (82.50, 81.04, 90, 89),
                               6: (83.22, 82.92, 90, 90), 7: (83.53, 79.26, 90, 86), 8: (85.24, 81.93, 90, 88),
                               9: (85.42, 84.34, 90, 90), 10: (85.49, 85.31, 90, 90), 11: (85.56, 84.27, 90, 87),
                               12: (85.56, 84.67, 90, 88), 13: (85.56, 85.38, 90, 90), 14: (None, 85.44, None, 90),
                               15: (None, 84.30, None, 87), 20: (None, 84.69, None, 89), 25: (None, 84.70, None, 88),
                               30: (None, 83.81, None, 87)}),
    "bh": dict(name="BinomialHeap", title="Binomial heap",
               fin=lambda k: f"{k}", args=lambda k: 2 * k + 1,
               spec="examples/specs/binomial_heap.als", run="inputs",
               scope=lambda k: f"exactly 1 BinomialHeap, exactly {k} BinomialHeapNode, {bits(k + 1)} Int",
               paper_be={3: 197, 4: 1081, 5: 10297, 6: 98827, 7: 1611241, 8: 10263649},
               paper_fe={3: 63, 4: 126, 5: 216, 6: 315, 7: 423, 8: 671, 9: 847, 10: 1078, 11: 1298, 15: 2453, 20: 5109, 25: 8099},
               paper_fe_s={15: 27.42, 20: 325.55, 25: 1174.16}, largest=25,
               methods=["insert", "extract_min", "delete"], pattern="s", mutants=None, be_mut_max=6,
               be_offset=1,  # the paper's BE sizes are V(k)(2k+1) + 1 (docs/EVALUATION.md)
               paper_mut={3: (77.28, 76.36, 82, 82), 4: (78.40, 78.13, 84, 84), 5: (80.09, 78.39, 84, 84),
                          6: (85.28, 83.52, 89, 89), 7: (85.85, 85.25, 90, 90), 8: (86.00, 83.01, 90, 87),
                          9: (None, 78.70, None, 84), 10: (None, 85.12, None, 89), 11: (None, 82.37, None, 89),
                          15: (None, 90.22, None, 90), 20: (None, 94.01, None, 93), 25: (None, 94.74, None, 93)}),
}

def run_json(cmd, timeout):
    start = time.time()
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, timeout
    if out.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)} failed ({out.returncode}): {out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1]), time.time() - start

def mutation(a, s, scope, suite=None):
    """Kill rate (killed/all mutants, %) and branch coverage (%) of the code under test."""
    cmd = [a.schemata, "mutate", s["name"], *s["methods"], "--scopes", str(scope), "--fin", s["pattern"],
           "--coverage", "--stats", "json", "-q"]
    if s["mutants"]:
        cmd += ["--mutants", os.path.join(os.path.dirname(a.schemata), "mutants", s["mutants"] + ".jsonl")]
    if suite:
        cmd += ["--suite", suite]
    j, secs = run_json(cmd, a.budget)
    if not j:
        return None
    row = j["scopes"][0]
    return {"killed": row["killed"], "mutants": row["mutants"], "kill_rate": 100.0 * row["killed"] / row["mutants"],
            "branches": row["coverage"]["code_branches"], "test_seconds": secs}

def scopes(text):
    out = []
    for part in text.split(","):
        if ".." in part:
            a, b = part.split("..")
            out += list(range(int(a), int(b) + 1))
        elif part:
            out.append(int(part))
    return out

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build/release/smallscope"))
    ap.add_argument("--only", default="sll,bst,treeset,bh")
    ap.add_argument("--be-max", type=int, default=0, help="largest BE scope (default: the paper's)")
    ap.add_argument("--fe-scopes", default="", help="FE scopes (default: the paper's rows)")
    ap.add_argument("--budget", type=float, default=3600)
    ap.add_argument("--claims", action="store_true", help="check the claims: FE linear, 2x the BE scope")
    ap.add_argument("--mutation", action="store_true", help="also kill rates and branch coverage of both suites")
    ap.add_argument("--schemata", default=os.path.join(ROOT, "build/release/smallscope-schemata"))
    ap.add_argument("--fe-mut-max", type=int, default=30, help="largest scope whose FE suite runs the mutants")
    ap.add_argument("--json", default="")
    ap.add_argument("--workdir", default=os.path.join(ROOT, "build/fe-table"))
    ap.add_argument("--from-json", nargs="*", default=[], help="print the tables and claims of earlier --json runs")
    a = ap.parse_args()
    os.makedirs(a.workdir, exist_ok=True)
    results = {}
    for path in a.from_json:
        for key, rows in json.load(open(path)).items():
            results[key] = {int(k): r for k, r in rows.items()}
    for key in ([] if a.from_json else a.only.split(",")):
        s = SUBJECTS[key]
        rows = {}
        fe_scopes = scopes(a.fe_scopes) if a.fe_scopes else sorted(s["paper_fe"])
        be_max = a.be_max or max(s["paper_be"])
        for k in sorted(set(fe_scopes) | set(range(3, be_max + 1))):
            row = {"scope": k}
            if k <= be_max:
                j, _ = run_json([a.bin, "gen", s["name"], "--fin", s["fin"](k), "--stats", "json", "-q"], a.budget)
                if j:
                    row["be_structures"] = j["valid"]
                    row["be_size"] = j["valid"] * s["args"](k)
                    row["be_seconds"] = j["seconds"]
            if a.mutation and k <= min(be_max, s["be_mut_max"]):
                m = mutation(a, s, k)
                if m:
                    row["be_mut"] = m
            if k in fe_scopes:
                suite = os.path.join(a.workdir, f"{key}-{k}.suite")
                cmd = [a.bin, "fe", s["name"], "--fin", s["fin"](k), "--spec", os.path.join(ROOT, s["spec"]),
                       "--run", s["run"], "--scope", s["scope"](k), "--stats", "json", "-q", "--suite", suite,
                       *s.get("fe_args", [])]
                j, secs = run_json(cmd, a.budget)
                if j:
                    row.update(fe_structures=j["structures"], fe_size=j["structures"] * s["args"](k),
                               fe_pairs=j["pairs"], fe_seconds=j["seconds"], fe_complete=j["complete"])
                    if a.mutation and k <= a.fe_mut_max:
                        m = mutation(a, s, k, suite)
                        if m:
                            row["fe_mut"] = m
                else:
                    row["fe_timeout"] = True
            rows[k] = row
            print(key, json.dumps(row), file=sys.stderr, flush=True)
        results[key] = rows
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)
    for key, rows in results.items():
        s = SUBJECTS[key]
        print(f"\n**{s['title']}** ({s['name']}; arguments per structure: {s['args'](1) and ('3k' if s['args'](2) == 6 else '2k+1')})\n")
        if a.mutation:
            print("| scope | BE size (paper) | BE s | FE structures | sum E(f) | FE size (paper) | FE s (paper) "
                  "| BE kill % (paper) | FE kill % (paper) | BE branch % (paper) | FE branch % (paper) |")
            print("|---|---|---|---|---|---|---|---|---|---|---|")
        else:
            print("| scope | BE size (paper) | BE s | FE structures | sum E(f) | FE size (paper) | FE s (paper) |")
            print("|---|---|---|---|---|---|---|")
        for k, r in sorted(rows.items()):
            be = f"{r['be_size']:,} ({s['paper_be'].get(k, '')})" if "be_size" in r else "-"
            be_s = f"{r['be_seconds']:.2f}" if "be_seconds" in r else "-"
            if "fe_structures" in r:
                fe = (f"{r['fe_structures']:,}", f"{r['fe_pairs']:,}", f"{r['fe_size']:,} ({s['paper_fe'].get(k, '')})",
                      f"{r['fe_seconds']:.2f} ({s['paper_fe_s'].get(k, '')})")
            elif r.get("fe_timeout"):
                fe = ("TO", "", "", f"> {a.budget:.0f}")
            else:
                fe = ("-", "", "", "")
            line = f"| {k} | {be} | {be_s} | {fe[0]} | {fe[1]} | {fe[2]} | {fe[3]} |"
            if a.mutation:
                pm = s["paper_mut"].get(k, (None, None, None, None))
                def cell(m, field, paper):
                    p = "" if paper is None else f" ({paper:g})"
                    return f"{m[field]:.2f}{p}" if m else ("-" + p if paper is not None else "-")
                line += (f" {cell(r.get('be_mut'), 'kill_rate', pm[0])} | {cell(r.get('fe_mut'), 'kill_rate', pm[1])} |"
                         f" {cell(r.get('be_mut'), 'branches', pm[2])} | {cell(r.get('fe_mut'), 'branches', pm[3])} |")
            print(line)
    if a.claims:
        print()
        for key, rows in results.items():
            s = SUBJECTS[key]
            fe = [(k, r["fe_structures"]) for k, r in sorted(rows.items()) if "fe_structures" in r]
            off = s.get("be_offset", 0)
            be_ok = [k for k, r in rows.items() if "be_size" in r and r["be_size"] + off == s["paper_be"].get(k)]
            be_bad = [k for k, r in rows.items() if "be_size" in r and k in s["paper_be"] and r["be_size"] + off != s["paper_be"][k]]
            # Linear growth: structures per scope unit stays within a factor 3 from the smallest to the largest
            # scope (an exponential suite multiplies it by orders of magnitude).
            ratios = [n / k for k, n in fe if k >= 5]
            linear = bool(ratios) and max(ratios) <= 3 * min(ratios)
            be_largest = max([k for k, r in rows.items() if "be_size" in r], default=0)
            fe_largest = max([k for k, _ in fe], default=0)
            if a.mutation:
                both = [(k, r["be_mut"]["kill_rate"], r["fe_mut"]["kill_rate"]) for k, r in sorted(rows.items())
                        if k >= 6 and "be_mut" in r and "fe_mut" in r]
                close = [k for k, b, f in both if abs(b - f) <= 2]
                print(f"{s['title']}: FE kill rate within 2 points of BE at scopes >= 6: {len(close)} of {len(both)} rows "
                      f"({', '.join(f'{k}: {b:.2f} vs {f:.2f}' for k, b, f in both)})")
            print(f"{s['title']}: BE sizes{' + 1' if off else ''} equal the paper's at {sorted(be_ok)}{' but not ' + str(sorted(be_bad)) if be_bad else ''}; "
                  f"FE structures per scope unit {min(ratios):.1f}..{max(ratios):.1f} ({'linear' if linear else 'NOT linear'}); "
                  f"largest FE scope {fe_largest} vs BE {be_largest} ({'>= 2x' if fe_largest >= 2 * be_largest else '< 2x'})")

if __name__ == "__main__":
    import doc_section  # --doc FILE: the output into FILE's section too (doc_section.py)
    sys.exit(doc_section.run(main))
