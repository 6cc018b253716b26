#!/usr/bin/env bash
# docs/SCALE.md's Slurm job array on a real Slurm: a single-node cluster (Debian's slurm-wlm, with
# munge) started on this machine in a directory of its own, the recipe submitted as the page
# writes it (a smaller scope and array), one task requeued while it runs, so that it stops on
# Slurm's SIGTERM with a checkpoint and goes on from it, then `smallscope merge` of the shards
# compared with the unsharded run. Where the daemons cannot run, the test is skipped (exit 77)
# with their error.
# usage: slurm_test.sh SMALLSCOPE SCALE_MD
set -euo pipefail
smallscope=$1
scale_md=$2
skip() {
  echo "SKIPPED: $*"
  exit 77
}
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
for c in munged slurmctld slurmd sbatch scontrol squeue sinfo; do
  command -v "$c" > /dev/null || fail "$c is not installed (scripts/install-deps.sh installs slurm-wlm and munge)"
done
[[ $(id -u) -eq 0 ]] || skip "slurmd runs jobs as their users: start it as root"

dir=$(mktemp -d)
chmod 755 "$dir"
job=""
stop_daemons() {
  cd /
  local f p
  [[ -n $job ]] && scancel "$job" 2> /dev/null || true
  for f in slurmd slurmctld munged; do
    [[ -s "$dir/$f.pid" ]] && kill "$(cat "$dir/$f.pid")" 2> /dev/null || true
  done
  # What the daemons leave running (a job's slurmstepd when the test stops early) works in $dir.
  for p in /proc/[0-9]*; do
    [[ $(readlink "$p/cwd" 2> /dev/null) == "$dir"* ]] && kill -9 "${p#/proc/}" 2> /dev/null || true
  done
  sleep 0.5
  rm -rf "$dir"
}
trap stop_daemons EXIT

# Two free ports for the controller and the node daemon.
read -r ctld_port node_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
host=$(hostname -s)
mkdir -p "$dir/state" "$dir/spool" "$dir/run" "$dir/bin"
head -c 1024 /dev/urandom > "$dir/munge.key"
chmod 600 "$dir/munge.key"
cat > "$dir/slurm.conf" << EOF
ClusterName=smallscope
SlurmctldHost=$host
SlurmctldPort=$ctld_port
SlurmdPort=$node_port
AuthType=auth/munge
AuthInfo=socket=$dir/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$dir/slurm.conf"
munged -f --socket="$dir/munge.socket" --key-file="$dir/munge.key" --log-file="$dir/munged.log" \
  --pid-file="$dir/munged.pid" --seed-file="$dir/munged.seed" > "$dir/munged.out" 2>&1 ||
  skip "munged does not start here: $(cat "$dir/munged.out" "$dir/munged.log" 2> /dev/null | tail -3)"
slurmctld -f "$SLURM_CONF" > "$dir/slurmctld.out" 2>&1 ||
  skip "slurmctld does not start here: $(tail -3 "$dir/slurmctld.out")"
slurmd -f "$SLURM_CONF" > "$dir/slurmd.out" 2>&1 || skip "slurmd does not start here: $(tail -3 "$dir/slurmd.out")"
for _ in $(seq 100); do
  [[ $(sinfo -h -o %t 2> /dev/null) == idle ]] && break
  sleep 0.2
done
[[ $(sinfo -h -o %t 2> /dev/null) == idle ]] ||
  skip "the node does not come up: $(tail -3 "$dir/slurmd.log" "$dir/slurmctld.log" 2> /dev/null)"

# The recipe as docs/SCALE.md writes it, on HeapArray 10 in 2 shards of one thread each.
python3 - "$scale_md" > "$dir/run/recipe.sh" << 'PY'
import re, sys
page = open(sys.argv[1]).read()
recipe = re.search(r"### Slurm job array\n\n```sh\n(.*?)```", page, re.S).group(1)
for old, new in (("HeapArray 11", "HeapArray 10"), ("heaparray-11", "heaparray-10"), ("--array=1-64", "--array=1-2"),
                 ("/64\"", "/2\""), ("--cpus-per-task=4", "--cpus-per-task=1")):
    assert old in recipe, old
    recipe = recipe.replace(old, new)
print(recipe, end="")
PY
ln -s "$(cd "$(dirname "$smallscope")" && pwd)/$(basename "$smallscope")" "$dir/bin/smallscope"
cd "$dir/run"
job=$(PATH="$dir/bin:$PATH" sbatch --parsable recipe.sh) || fail "sbatch refused the recipe"
echo "job $job"

# wait_for SECONDS COMMAND...: until COMMAND succeeds, or fail.
wait_for() {
  local seconds=$1
  shift
  local i
  for ((i = 0; i < seconds * 10; ++i)); do
    "$@" && return 0
    sleep 0.1
  done
  return 1
}
task_state() { squeue -h -j "$1" -o %T 2> /dev/null; }
running() { [[ $(task_state "${job}_1") == RUNNING ]]; }
wait_for 60 running || fail "task 1 did not start: $(squeue 2>&1; tail -3 "$dir/slurmctld.log")"
# Requeued mid-run: once its search shows progress.
searching() { grep -q " explored (" shard-1.log 2> /dev/null; }
wait_for 60 searching || fail "task 1 shows no progress: $(cat shard-1.log 2>&1)"
scontrol requeue "${job}_1" || fail "scontrol requeue ${job}_1 failed"
pending() { [[ $(task_state "${job}_1") == PENDING ]]; }
wait_for 60 pending || fail "task 1 was not requeued: $(task_state "${job}_1")"
# The task is pending at once; its process saves the checkpoint on Slurm's SIGTERM and ends
# (on a loaded machine, a moment later). The next run must not start before: it would find the
# checkpoint locked.
saved() { grep -q "checkpoint saved to shard-1.checkpoint" shard-1.log 2> /dev/null; }
wait_for 60 saved || fail "task 1 saved no checkpoint when Slurm stopped it: $(cat shard-1.log)"
ended() {  # no process runs task 1's command
  local f cmd
  for f in /proc/[0-9]*/cmdline; do
    cmd=$(tr '\0' ' ' < "$f" 2> /dev/null) || continue
    [[ $cmd == *"gen HeapArray 10 --threads 1 --shard 1/2"* ]] && return 1
  done
  return 0
}
wait_for 60 ended || fail "task 1's first run did not end after its checkpoint"
[[ -s shard-1.checkpoint ]] || fail "task 1 left no checkpoint file: $(cat shard-1.log)"
# A requeued task waits for a begin time; release it now.
scontrol update JobId="${job}_1" StartTime=now
done_all() { [[ -z $(squeue -h -j "$job" 2> /dev/null) ]]; }
wait_for 300 done_all || fail "the array did not finish: $(squeue 2>&1)"

grep -q "checkpoint saved to shard-1.checkpoint" shard-1.log || fail "task 1's log has no checkpoint: $(cat shard-1.log)"
grep -q "resuming from shard-1.checkpoint" shard-1.log || fail "task 1 did not resume: $(cat shard-1.log)"
[[ ! -e shard-1.checkpoint && ! -e shard-2.checkpoint ]] || fail "a checkpoint is left after the array ended"
"$smallscope" merge shard-*.out -q > merged.out || fail "merge failed: $(cat merged.out)"
"$smallscope" gen HeapArray 10 --stats json -q > whole.out
python3 - whole.out merged.out << 'PY' || fail "the merged shards are not the unsharded run"
import json, sys
whole, merged = (json.loads(open(p).read().splitlines()[-1]) for p in sys.argv[1:])
for key in ("valid", "explored"):
    assert whole[key] == merged[key], (key, whole[key], merged[key])
print("merged:", merged["valid"], "valid,", merged["explored"], "explored, as the unsharded run")
PY
echo "PASS: the recipe ran under Slurm, task 1 requeued and resumed from its checkpoint"
