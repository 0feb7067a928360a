#!/usr/bin/env bash
# Fuzz the structural sniffers and the declaration-file parser with libFuzzer.
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]   run each target for SECONDS (default 600)
#   Scripts/fuzz.sh --smoke                 CI: SniffersFuzz (every sniffer dispatcher),
#                                           DeclarationFileFuzz and SignatureEngineFuzz for a
#                                           few seconds each, -Onone
#   Scripts/fuzz.sh --list                  the target names
#
# Targets are the entry files in Fuzz/ (Fuzz/<Target>.swift). Each is compiled with
# `swiftc -sanitize=fuzzer,address` directly over the sources it needs (a SwiftPM executable
# built with that flag fails to link its renamed main). The corpus of each target is seeded
# from Fixtures/ (Fixtures/declarations/ for DeclarationFileFuzz) and kept in
# .build/fuzz/corpus/<target>/; crash, timeout and out-of-memory inputs land in
# Fuzz/crashes/<target>/. Minimized crash inputs belong in Fuzz/regressions/<target>/, which
# the test FuzzRegressionTests replays, and which also seed the corpus here.
#
# Environment: FUZZ_JOBS (targets run at once, default 2), FUZZ_BUILD (default .build/fuzz),
# FUZZ_OPT (default -O; -Onone for --smoke), FUZZ_TIMEOUT (seconds one input may take before
# it counts as a hang: 5, 30 for --smoke), FUZZ_SMOKE_SECONDS (default 8).
# Exit status: 0 no finding; 1 a target found a crash (the input is in Fuzz/crashes/); 2 a build
# failed; 64 bad arguments.
set -uo pipefail
cd "$(dirname "$0")/.."

all_targets=()
for entry in Fuzz/*Fuzz.swift; do
    all_targets+=("$(basename "$entry" .swift)")
done

seconds=600
smoke=0
targets=()
for argument in "$@"; do
    case "$argument" in
    --smoke) smoke=1 ;;
    --list) printf '%s\n' "${all_targets[@]}"; exit 0 ;;
    -h | --help) sed -n '2,21p' "$0"; exit 0 ;;
    '' | *[!0-9]*)
        if [ -f "Fuzz/$argument.swift" ]; then
            targets+=("$argument")
        else
            echo "fuzz.sh: unknown target or option: $argument (see --list)" >&2
            exit 64
        fi
        ;;
    *) seconds=$argument ;;
    esac
done
if [ "$smoke" = 1 ]; then
    seconds=${FUZZ_SMOKE_SECONDS:-8}
    # The combined target covers every sniffer dispatcher in one binary; with the declaration
    # parser and the signature engine (small, self-contained targets) that keeps the smoke run
    # (compile + run) near a minute on two cores.
    [ ${#targets[@]} -eq 0 ] && targets=(SniffersFuzz DeclarationFileFuzz SignatureEngineFuzz)
fi
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")

build=${FUZZ_BUILD:-.build/fuzz}
jobs=${FUZZ_JOBS:-2}
optimization=${FUZZ_OPT:--O}
timeout=${FUZZ_TIMEOUT:-5}
if [ "$smoke" = 1 ]; then
    # Unoptimized builds compile several times faster; kept apart from the -O binaries.
    optimization=${FUZZ_OPT:--Onone}
    build=$build/smoke
    # Unoptimized code under ASan is slow: building the built-in registry once takes seconds.
    timeout=${FUZZ_TIMEOUT:-30}
fi
mkdir -p "$build"

sources_for() {
    case "$1" in
    DeclarationFileFuzz) ls Sources/UniformTypes/*.swift ;;
    # The engine's magic matcher shares the start-tag test with the system database's.
    SignatureEngineFuzz)
        ls Sources/MediaClassification/Signatures/*.swift Sources/UniformTypes/MarkupTagBoundary.swift
        ;;
    # The text sniffer compares element names with UniformTypes' ASCII case folding.
    MediaPropertiesFuzz)
        ls Sources/MediaClassification/Sniffers/*.swift Sources/MediaClassification/Properties/*.swift \
            Sources/MediaClassification/MediaProperties.swift \
            Sources/MediaClassification/Signatures/SignatureXMLRoot.swift \
            Sources/UniformTypes/ASCIICase.swift
        ;;
    # The ZIP reader reads an iWork '09 index.xml's root element with the signature engine's
    # XML root reader.
    *)
        ls Sources/MediaClassification/Sniffers/*.swift \
            Sources/MediaClassification/Signatures/SignatureXMLRoot.swift \
            Sources/UniformTypes/ASCIICase.swift
        ;;
    esac
}
module_for() {
    case "$1" in
    DeclarationFileFuzz) echo UniformTypes ;;
    *) echo MediaClassification ;;
    esac
}
# The C modules a target's sources import: zlib (Sniffers/Inflate.swift) for the sniffers.
includes_for() {
    case "$1" in
    DeclarationFileFuzz) ;;
    *) echo "-I Sources/CZlib" ;;
    esac
}
seeds_for() {
    case "$1" in
    DeclarationFileFuzz) find Fixtures/declarations -maxdepth 1 -type f ! -name '*.py' ;;
    MediaPropertiesFuzz) find Fixtures Fixtures/properties -maxdepth 1 -type f ! -name '*.sh' ;;
    *) find Fixtures -maxdepth 1 -type f ;;
    esac
}

# Compile one target unless its binary is newer than every source it is built from.
compile() {
    local target=$1 binary="$build/$1"
    local -a sources
    mapfile -t sources < <(sources_for "$target")
    local newest_is_binary=1
    if [ -x "$binary" ]; then
        for source in "Fuzz/$target.swift" "${sources[@]}" Sources/CZlib/*; do
            [ "$source" -nt "$binary" ] && newest_is_binary=0
        done
    else
        newest_is_binary=0
    fi
    [ "$newest_is_binary" = 1 ] && return 0
    echo "== compiling $target"
    swiftc -sanitize=fuzzer,address -parse-as-library "$optimization" -g \
        -use-ld=lld -swift-version 6 -module-name "$(module_for "$target")" -package-name mediatype \
        $(includes_for "$target") "${sources[@]}" "Fuzz/$target.swift" -o "$binary.tmp" &&
        mv "$binary.tmp" "$binary"
}

run() {
    local target=$1
    local corpus="$build/corpus/$target" crashes="Fuzz/crashes/$target"
    mkdir -p "$corpus" "$crashes"
    while IFS= read -r seed; do
        cp -f "$seed" "$corpus/seed-$(basename "$seed")"
    done < <(seeds_for "$target"; [ -d "Fuzz/regressions/$target" ] &&
        find "Fuzz/regressions/$target" -type f)
    echo "== fuzzing $target for ${seconds}s"
    # -max_len covers a sniffer's head (64 KiB) and the fixtures' box walks; -timeout flags
    # a single input that runs longer as a hang; -rss_limit_mb flags runaway allocation.
    "$build/$target" "$corpus" \
        -max_total_time="$seconds" -max_len=65536 -timeout="$timeout" -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" -print_final_stats=1 \
        >"$build/$target.log" 2>&1
    local status=$?
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)' \
        "$build/$target.log" | sed "s/^/   $target: /"
    if [ "$status" -ne 0 ]; then
        echo "!! $target found a problem (exit $status); log: $build/$target.log" >&2
        grep -E 'ERROR|Fatal error|SUMMARY|Test unit written' "$build/$target.log" >&2
        return 1
    fi
    return 0
}

for target in "${targets[@]}"; do
    compile "$target" || { echo "fuzz.sh: building $target failed" >&2; exit 2; }
done

failed=0
pids=()
for target in "${targets[@]}"; do
    run "$target" &
    pids+=($!)
    if [ ${#pids[@]} -ge "$jobs" ]; then
        wait "${pids[0]}" || failed=1
        pids=("${pids[@]:1}")
    fi
done
for pid in "${pids[@]}"; do
    wait "$pid" || failed=1
done
exit "$failed"
