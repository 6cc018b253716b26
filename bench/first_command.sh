#!/usr/bin/env bash
# The README's first command (scripts/setup.sh) timed as a new user meets it: from a fresh clone
# of this repository's HEAD, to the structures of `smallscope gen BinaryTree 3 --print`.
#
#   bench/first_command.sh                 on this machine (its packages as they are)
#   bench/first_command.sh --fresh ROOTFS  in ROOTFS, a fresh Debian made by
#                                          `debootstrap --variant=minbase bookworm ROOTFS`:
#                                          every package downloaded and installed too
#
# Prints the seconds of the package step (install-deps.sh --build) and of the whole command.
# Run it on an otherwise idle machine; ROOTFS is changed (packages, /root/smallscope).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
rootfs=""
if [[ ${1:-} == --fresh ]]; then
  rootfs=$(cd "${2:?--fresh needs a ROOTFS}" && pwd)
  [[ -x $rootfs/usr/bin/apt-get ]] || { echo "$rootfs is not a Debian root (debootstrap it first)" >&2; exit 2; }
fi

if [[ -z $rootfs ]]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  git clone -q "$root" "$work/smallscope"
  start=$(date +%s.%N)
  (cd "$work/smallscope" && bash scripts/install-deps.sh --build) > "$work/deps.log" 2>&1
  packages=$(date +%s.%N)
  (cd "$work/smallscope" && bash scripts/setup.sh) > "$work/setup.log" 2>&1
  end=$(date +%s.%N)
  tail -3 "$work/setup.log"
else
  rm -rf "$rootfs/root/smallscope"
  git clone -q "$root" "$rootfs/root/smallscope"
  cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
  for m in proc sys dev; do mountpoint -q "$rootfs/$m" || mount --bind "/$m" "$rootfs/$m"; done
  trap 'for m in dev sys proc; do umount "$rootfs/$m" 2>/dev/null || true; done' EXIT
  start=$(date +%s.%N)
  chroot "$rootfs" /bin/bash -c 'cd /root/smallscope && bash scripts/install-deps.sh --build' > "$rootfs/root/deps.log" 2>&1
  packages=$(date +%s.%N)
  chroot "$rootfs" /bin/bash -c 'cd /root/smallscope && bash scripts/setup.sh' > "$rootfs/root/setup.log" 2>&1
  end=$(date +%s.%N)
  tail -3 "$rootfs/root/setup.log"
fi
python3 - "$start" "$packages" "$end" << 'PY'
import sys
start, packages, end = map(float, sys.argv[1:])
print(f"packages: {packages - start:.0f} s; build and first run: {end - packages:.0f} s; "
      f"first command: {end - start:.0f} s ({(end - start) / 60:.1f} min)")
PY
