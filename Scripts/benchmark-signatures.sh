#!/usr/bin/env bash
# Times the signature engine over the heads (first 64 KiB) of the files in Fixtures/, or of
# the files given: CPU time per head, with the engine compiled -O into one module with
# Scripts/SignatureBenchmark.swift (no SwiftPM build, so it does not disturb .build).
#
#   Scripts/benchmark-signatures.sh [--list] [FILE...]    --list prints each file's matches
#
# Environment: BENCH_BUILD (default .build/signature-benchmark).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BENCH_BUILD:-.build/signature-benchmark}
mkdir -p "$build"
binary=$build/SignatureBenchmark
sources=(Sources/MediaClassification/Signatures/*.swift Scripts/SignatureBenchmark.swift)
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
list=()
if [ "${1:-}" = --list ]; then list=(--list); shift; fi
if [ $# -eq 0 ]; then
    mapfile -t files < <(find Fixtures -maxdepth 1 -type f | sort)
    set -- "${files[@]}"
fi
"$binary" "${list[@]}" "$@"
