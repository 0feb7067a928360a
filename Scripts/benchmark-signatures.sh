#!/usr/bin/env bash
# Times the signature engine over the heads (first 64 KiB) of the files in Fixtures/, or of
# the files given: CPU time per head, with the engine compiled -O into one module with
# Scripts/SignatureBenchmark.swift (no SwiftPM build, so it does not disturb .build).
#
#   Scripts/benchmark-signatures.sh [--list] [FILE...]    --list prints each file's matches
#   Scripts/benchmark-signatures.sh --first-use [RUNS] [FILE]
#       the CPU time of the first use, SignatureDatabase.builtin and one matches(_:) call
#       over FILE's head (default Fixtures/text.txt), in RUNS fresh processes (default 25):
#       each run's figure, then the median
#
# Environment: BENCH_BUILD (default .build/signature-benchmark).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BENCH_BUILD:-.build/signature-benchmark}
mkdir -p "$build"
binary=$build/SignatureBenchmark
sources=(Sources/MediaClassification/Signatures/*.swift Sources/UniformTypes/MarkupTagBoundary.swift
    Scripts/SignatureBenchmark.swift)
stale=1
if [ -x "$binary" ]; then
    stale=0
    for source in "${sources[@]}"; do [ "$source" -nt "$binary" ] && stale=1; done
fi
if [ "$stale" = 1 ]; then
    swiftc -O -parse-as-library -swift-version 6 -module-name MediaClassification \
        -package-name mediatype "${sources[@]}" -o "$binary.tmp"
    mv "$binary.tmp" "$binary"
fi
if [ "${1:-}" = --first-use ]; then
    runs=25
    if [[ "${2:-}" =~ ^[0-9]+$ ]]; then runs=$2; shift; fi
    file=${2:-Fixtures/text.txt}
    times=()
    for _ in $(seq "$runs"); do
        line=$("$binary" --first-use "$file")
        echo "$line"
        times+=("${line%% *}")
    done
    median=$(printf '%s\n' "${times[@]}" | sort -g | awk '{ a[NR] = $1 } END {
        print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }')
    echo "first use ($file, $runs runs): median $median µs CPU"
    exit 0
fi
list=()
if [ "${1:-}" = --list ]; then list=(--list); shift; fi
if [ $# -eq 0 ]; then
    mapfile -t files < <(find Fixtures -maxdepth 1 -type f | sort)
    set -- "${files[@]}"
fi
"$binary" "${list[@]}" "$@"
