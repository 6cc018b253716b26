#!/usr/bin/env bash
# Builds the spec parser's libFuzzer target with clang (-fsanitize=fuzzer,address,undefined)
# and runs it on a corpus seeded with the example specs.
#   fuzz/run.sh [RUNS] [BUILD_DIR]   (RUNS defaults to 1000000)
# Exits non-zero when libFuzzer finds a crash, a leak, a sanitizer report or a timeout.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-1000000}"
out="${2:-$here/build/fuzz}"
cxx="${CXX_FUZZ:-clang++-14}"
mkdir -p "$out/corpus"
cp "$here"/examples/specs/*.als "$out/corpus/"
flags=(-std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I"$here/src" -I"$here/include")
# fmt is header-only here (FMT_HEADER_ONLY), so the target needs no libfmt built with clang.
sources=("$here"/fuzz/spec_parser_fuzzer.cpp "$here"/src/spec_front/lexer.cpp "$here"/src/spec_front/parser.cpp
         "$here"/src/spec_front/parser_expressions.cpp "$here"/src/spec_front/resolve.cpp
         "$here"/src/spec_front/resolve_expressions.cpp "$here"/src/spec_front/load.cpp "$here"/src/spec_front/spec_error.cpp
         "$here"/src/files/input_file.cpp)
if [ ! -x "$out/spec_parser_fuzzer" ] || [ -n "$(find "${sources[@]}" "$here"/src/spec_front/*.hpp "$here"/include/smallscope/spec_error.hpp -newer "$out/spec_parser_fuzzer")" ]; then
  "$cxx" "${flags[@]}" -DFMT_HEADER_ONLY "${sources[@]}" -o "$out/spec_parser_fuzzer"
fi
cd "$out"
exec ./spec_parser_fuzzer -runs="$runs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 corpus
