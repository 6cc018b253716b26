#!/usr/bin/env python3
"""Soak test of never losing work (not run in CI): for --minutes, runs gen, check, explore, fe,
spec and mutate on two threads or workers, and during each run sends a random SIGINT, SIGTERM or
SIGKILL to the process, to its whole process group, or to one of its workers. Then:

  - a killed or interrupted checkpointed gen is run again until it ends; its output must hold
    exactly the structures of an undisturbed run;
  - a run whose worker was killed must end as the undisturbed run does (same exit code, same
    counts), blaming nothing on the code under test;
  - an interrupted run must exit 130 (or end normally if it had finished), and every finding it
    reports must be one the undisturbed run reports too.

Prints the faults injected, the runs, and the mismatches (each described).

usage: bench/soak.py [--minutes 10] [--seed 1] [--bin build/release]
"""
import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SPEC = os.path.join(ROOT, "examples", "specs", "binary_search_tree.als")


def spec_with(nodes, work):
    """The binary search tree spec with its run command at `nodes` nodes, as a file in `work`."""
    with open(SPEC) as f:
        text = f.read()
    path = os.path.join(work, f"bst{nodes}.als")
    with open(path, "w") as f:
        f.write(text[:text.rfind("\nrun ")] + f"\nrun inputs for exactly 1 BinaryTree, exactly {nodes} Node, 5 Int\n")
    return path

# name, argv after the binary (OUT and CKPT are replaced), binary, how to compare
COMMANDS = [
    ("gen", ["gen", "BinaryTree", "12", "--threads", "2", "--format", "jsonl", "--output", "OUT", "--checkpoint",
             "CKPT", "--checkpoint-every", "0.2", "--stats", "json", "-q"], "smallscope", "structures"),
    ("check", ["check", "SinglyLinkedList", "remove_null_deref", "8", "--threads", "2", "--stats", "json", "-q",
               "--show", "0", "--no-reproducers"], "smallscope", "counts"),
    ("explore", ["explore", "TreeMap", "9", "--methods", "put_key,remove", "--no-differential", "--stats", "json",
                 "-q", "--show", "0"], "smallscope", "counts"),
    ("fe", ["fe", "SPEC12", "--stats", "json", "-q"], "smallscope", "counts"),
    ("spec", ["spec", "SPEC7", "--stats", "json", "-q"], "smallscope", "counts"),
    ("mutate", ["mutate", "SearchTree", "add", "remove", "--fin", "s,0,s,1,s", "--scopes", "3..5", "--workers", "2",
                "--stats", "json", "-q", "--survivors", "0"], "smallscope-schemata", "kills"),
]
# The figures an undisturbed and a disturbed run must share, per command.
KEYS = {"check": ["inputs", "passed", "failed", "first_failed_inputs"], "explore": ["states", "calls", "failed"],
        "fe": None, "spec": None, "mutate": None}


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


def last_json(text):
    for line in reversed(text.strip().splitlines()):
        try:
            return json.loads(line)
        except ValueError:
            continue
    return None


def figures(name, j):
    if j is None:
        return None
    if name == "mutate":
        return [(s["scope"], s["killed"]) for s in j.get("scopes", [])]
    keys = KEYS.get(name)
    if keys is None:
        keys = [k for k in ("instances", "valid", "structures", "pairs", "complete") if k in j]
    return {k: j.get(k) for k in keys}


def structures(path):
    with open(path) as f:
        rows = (json.loads(l) for l in f if l.strip())
        return sorted(json.dumps(r["objects"], sort_keys=True) for r in rows if "objects" in r)


def run(argv, fault=None, rng=None):
    """Runs argv in its own process group; with `fault` = (delay, signal, target), sends it.
    Returns (exit code, stdout, stderr, whether the signal was sent)."""
    out, err = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
    p = subprocess.Popen(argv, stdout=out, stderr=err, stdin=subprocess.DEVNULL, start_new_session=True)
    sent = False
    if fault is not None:
        delay, sig, target = fault
        deadline = time.monotonic() + delay
        while time.monotonic() < deadline and p.poll() is None:
            time.sleep(0.01)
        if p.poll() is None:
            try:
                if target == "process":
                    os.kill(p.pid, sig)
                    sent = True
                elif target == "group":
                    os.killpg(p.pid, sig)
                    sent = True
                else:
                    workers = children(p.pid)
                    if workers:
                        os.kill(rng.choice(workers), sig)
                        sent = True
            except ProcessLookupError:
                pass
    try:
        code = p.wait(timeout=600)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        code = p.wait()
    out.seek(0)
    err.seek(0)
    return code, out.read(), err.read(), sent


def main():
    a = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    a.add_argument("--minutes", type=float, default=10)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--bin", default=os.path.join(ROOT, "build", "release"))
    args = a.parse_args()
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="smallscope-soak-")
    names = {"SPEC7": spec_with(7, work), "SPEC12": spec_with(12, work)}

    def argv_of(binary, argv, out_path, ckpt):
        return [os.path.join(args.bin, binary)] + [out_path if x == "OUT" else ckpt if x == "CKPT" else names.get(x, x)
                                                   for x in argv]

    reference = {}
    faults = runs = 0
    mismatches = []
    try:
        for name, argv, binary, _ in COMMANDS:  # the undisturbed runs
            full = argv_of(binary, argv, os.path.join(work, "ref.out"), os.path.join(work, "ref.ckpt"))
            start = time.monotonic()
            code, out, err, _ = run(full)
            runs += 1
            reference[name] = (code, figures(name, last_json(out)),
                               structures(os.path.join(work, "ref.out")) if name == "gen" else None, out,
                               time.monotonic() - start)
            print(f"{name}: exit {code} in {reference[name][4]:.1f} s undisturbed", file=sys.stderr)
        stop = time.monotonic() + 60 * args.minutes
        while time.monotonic() < stop:
            name, argv, binary, kind = rng.choice(COMMANDS)
            sig = rng.choice([signal.SIGINT, signal.SIGTERM, signal.SIGKILL])
            target = rng.choice(["process", "group", "worker"])
            delay = rng.uniform(0.02, max(0.05, reference[name][4]))  # within the run
            out_path, ckpt = os.path.join(work, "run.out"), os.path.join(work, "run.ckpt")
            for p in (out_path, ckpt, out_path + ".lock", ckpt + ".lock"):
                if os.path.exists(p):
                    os.remove(p)
            full = argv_of(binary, argv, out_path, ckpt)
            code, out, err, sent = run(full, (delay, sig, target), rng)
            faults += 1 if sent else 0
            runs += 1
            ref_code, ref_figures, ref_structures, ref_out, _ = reference[name]
            what = f"{name} {signal.Signals(sig).name} to the {target} after {delay:.2f} s"
            if kind == "structures":
                for _ in range(20):  # resume until it ends
                    if code == 0:
                        break
                    code, out, err, _ = run(full)
                    runs += 1
                if code != 0 or structures(out_path) != ref_structures:
                    mismatches.append(f"{what}: resumed gen ended with {code}, its structures differ: {err[-300:]}")
                continue
            if code == ref_code and figures(name, last_json(out)) == ref_figures:
                continue  # ended as the undisturbed run did (the fault came too late, or was absorbed)
            if target == "worker":  # a worker killed from outside: replaced, the run ends as undisturbed
                mismatches.append(f"{what}: exit {code} (undisturbed {ref_code}), figures {figures(name, last_json(out))} "
                                  f"against {ref_figures}: {err[-300:]}")
                continue
            if code in (130, 137, -9) or sig == signal.SIGKILL:
                # Interrupted: nothing the undisturbed run does not report.
                for blamed in ("SIGKILL", "SIGTERM", "SIGINT"):
                    if blamed in out and blamed not in ref_out:
                        mismatches.append(f"{what}: a finding blames {blamed}")
                continue
            mismatches.append(f"{what}: exit {code} (undisturbed {ref_code}): {err[-300:]}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"faults injected: {faults}, runs: {runs}, mismatches: {len(mismatches)}")
    for m in mismatches:
        print("  " + m)
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
