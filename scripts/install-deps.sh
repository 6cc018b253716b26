#!/usr/bin/env bash
# Installs every Debian package that building and testing smallscope needs.
set -euo pipefail
packages=(g++ cmake ninja-build libfmt-dev libcli11-dev nlohmann-json3-dev libcadical-dev
          libgtest-dev libgmock-dev libbenchmark-dev python3 pkgconf
          clang-14 libclang-rt-14-dev libfuzzer-14-dev libclang-14-dev libclang-cpp14-dev llvm-14-dev gcovr
          parallel)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages are installed"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
