#!/usr/bin/env bash
# Builds the mediatype binary to ship: release mode, linked statically, so that a process
# starts without loading and binding the Swift runtime's shared libraries. A dynamically
# linked build spends most of a one-file run in the dynamic linker (about 5 M instructions
# of symbol binding for libswiftCore and friends); a static one does not.
#
# Usage: Scripts/build-release.sh [--print-path]
#   --print-path  print only the binary's path on stdout (the build log goes to stderr)
#
# On Linux with the static archives of libmagic and its compressors (Debian: libmagic-dev,
# liblzma-dev, libbz2-dev, zlib1g-dev) the binary is fully static (-static-executable).
# Without them, or on macOS, only the Swift runtime is linked statically
# (--static-swift-stdlib), which keeps part of the gain.
#
# The fully static link prints one linker warning from the Swift runtime's own archive:
# "Using 'dlopen' in statically linked applications requires at runtime the shared
# libraries from the glibc version used for linking". The runtime only dlopens an optional
# library of prespecialized metadata, which mediatype does not ship; the warning is
# expected and harmless, and this script says so instead of hiding it.
set -euo pipefail
cd "$(dirname "$0")/.."

print_path=0
case "${1:-}" in
--print-path) print_path=1 ;;
"") ;;
-h | --help) sed -n '2,20p' "$0"; exit 0 ;;
*) echo "build-release.sh: unknown option $1" >&2; exit 64 ;;
esac

scratch=.build/static-release
flags=(-c release --product mediatype --scratch-path "$scratch")
# JOBS, as Scripts/benchmark.sh passes it, limits the build's parallel jobs.
[[ -n ${JOBS:-} ]] && flags+=(-j "$JOBS")
kind="static Swift runtime (--static-swift-stdlib)"
missing=()
if [[ $(uname -s) == Linux ]]; then
    # What libmagic links against, as its pkg-config file says (-lmagic -llzma -lbz2 -lz on
    # Debian; a libmagic built with other compressors lists those too).
    libs=$(pkg-config --static --libs-only-l libmagic 2>/dev/null || echo "-lmagic")
    link=()
    for flag in $libs; do
        lib=${flag#-l}
        # gcc prints the bare name back when it cannot find the archive.
        [[ $(gcc -print-file-name="lib$lib.a" 2>/dev/null) == /* ]] || missing+=("lib$lib.a")
        [[ $lib == magic ]] || link+=(-Xlinker "-l$lib")
    done
    if ((${#missing[@]} == 0)); then
        flags+=(-Xswiftc -static-executable "${link[@]}")
        kind="fully static (-static-executable)"
    else
        echo "build-release.sh: ${missing[*]} not found (Debian: apt-get install libmagic-dev" \
            "liblzma-dev libbz2-dev zlib1g-dev); linking the Swift runtime statically only" >&2
        flags+=(--static-swift-stdlib)
    fi
else
    flags+=(--static-swift-stdlib)
fi

echo "build-release.sh: swift build ${flags[*]} ($kind)" >&2
if [[ $kind == fully* ]]; then
    echo "build-release.sh: the linker warning about 'dlopen' below is expected (see this" \
        "script's header)" >&2
fi
swift build "${flags[@]}" >&2
bin="$(swift build "${flags[@]}" --show-bin-path)/mediatype"
if ((print_path)); then
    printf '%s\n' "$bin"
else
    echo "built $bin ($kind)"
fi
