#!/usr/bin/env python3
"""The largest scope whose field-exhaustive suite each of paper 004's subjects computes within a
budget (paper 004, Table 1's FE column; the paper's limit is one hour).

For each subject the FE runs of fe_table.py (`smallscope fe SUBJECT --spec ... --scope ...`, bound
to the subject, on one core) go up from --from by --step; each run may take what is left of the
subject's budget (`--time-limit`), and the first run that does not complete ends the subject, as
does a scope past what the subject's finitization allows (the sorted list's sizes end at 64).

  python3 bench/fe_largest.py [--bin build/release/smallscope] [--only bst,sll,treeset,bh]
                              [--budget 3600] [--from bst=21,sll=64,treeset=15,bh=25]
                              [--step bst=2,sll=16,treeset=5,bh=5] [--cpu 1]
Prints one line per run (scope, seconds, complete) and a Markdown table of the largest scopes.
"""
import argparse, json, os, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fe_table import ROOT, SUBJECTS  # noqa: E402  (the subjects' specs, finitizations and scopes)


def per_subject(text, default):
    out = dict(default)
    for part in filter(None, text.split(",")):
        key, value = part.split("=")
        out[key] = int(value)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build/release/smallscope"))
    ap.add_argument("--only", default="sll,bst,treeset,bh")
    ap.add_argument("--budget", type=float, default=3600, help="seconds per subject, all its runs together")
    ap.add_argument("--from", dest="start", default="")
    ap.add_argument("--step", default="")
    ap.add_argument("--cpu", default="1", help="the core the runs are pinned to (taskset -c)")
    a = ap.parse_args()
    start = per_subject(a.start, {"bst": 21, "sll": 64, "treeset": 15, "bh": 25})
    step = per_subject(a.step, {"bst": 2, "sll": 16, "treeset": 5, "bh": 5})
    rows = []
    for key in a.only.split(","):
        s = SUBJECTS[key]
        spent, k, largest, failed = 0.0, start[key], None, None
        while spent < a.budget:
            left = a.budget - spent
            cmd = ["taskset", "-c", a.cpu, a.bin, "fe", s["name"], "--fin", s["fin"](k), "--spec",
                   os.path.join(ROOT, s["spec"]), "--run", s["run"], "--scope", s["scope"](k), "--stats", "json",
                   "-q", "--time-limit", f"{left:.0f}", *s.get("fe_args", [])]
            began = time.time()
            out = subprocess.run(cmd, capture_output=True, text=True)
            spent += time.time() - began
            if out.returncode == 2 and "must be in" in out.stderr:  # past the subject's finitization
                print(f"{key} {k}: {out.stderr.strip()}", file=sys.stderr, flush=True)
                break
            if out.returncode not in (0, 1):
                sys.exit(f"{' '.join(cmd)} failed ({out.returncode}): {out.stderr}")
            j = json.loads(out.stdout.strip().splitlines()[-1])
            print(f"{key} {k}: {j['seconds']:.1f} s, complete {j['complete']}, structures {j['structures']}",
                  file=sys.stderr, flush=True)
            if not j["complete"]:
                failed = k
                break
            largest = (k, j["seconds"], j["structures"])
            k += step[key]
        rows.append((s["title"], largest, failed))
    print(f"\n| subject | largest scope in {a.budget:.0f} s (its seconds, structures) | not completed in what was left |")
    print("|---|---|---|")
    for title, largest, failed in rows:
        got = f"{largest[0]} ({largest[1]:.1f} s, {largest[2]:,})" if largest else "none"
        print(f"| {title} | {got} | {failed if failed is not None else '-'} |")


if __name__ == "__main__":
    main()
