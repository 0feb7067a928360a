#!/usr/bin/env bash
# Builds mediatype in release mode, prepares the file sets, and times mediatype side by side
# with `file --mime-type -b` (and the registry against plain Swift collections).
#
# The binary measured is the one to ship, built by Scripts/build-release.sh (release mode,
# linked statically); the plain `swift build -c release` binary, linked dynamically against
# the Swift runtime, is timed cold beside it as a variant.
#
# Usage: Scripts/benchmark.sh [--quick] [--profile] [--keep] [-- Benchmarks options]
#   --quick    fewer repetitions (3 batch pairs, 20 cold pairs, 7 micro pairs)
#   --profile  also run valgrind --tool=callgrind on 200 fixtures and print the top functions
#   --keep     keep the temporary folder (its path is printed)
# Environment: MIXED_COUNT (2000), PROPS_COUNT (200: media files for the properties
#   comparison with ffprobe), BIG_COUNT (100000), BIG_SOURCE (media or mixed: the list
#   repeated for the peak-memory run; media), MAX_SIZE_KIB (1024), FILE (file), JOBS (2: for
#   swift build).
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
quick=0 profile=0 keep=0
while (($#)); do
    case "$1" in
    --quick) quick=1 ;;
    --profile) profile=1 ;;
    --keep) keep=1 ;;
    --) shift; break ;;
    -h | --help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "benchmark.sh: unknown option $1" >&2; exit 64 ;;
    esac
    shift
done

mixed_count=${MIXED_COUNT:-2000}
big_count=${BIG_COUNT:-100000}
big_source=${BIG_SOURCE:-media}
max_size_kib=${MAX_SIZE_KIB:-1024}
file_tool=$(command -v "${FILE:-file}")
time_tool=/usr/bin/time # GNU time, for peak memory
if [[ ! -x $time_tool ]]; then
    echo "benchmark.sh: $time_tool is missing (apt-get install time)" >&2
    exit 1
fi
jobs=${JOBS:-2}

log() { printf '# %s\n' "$*" >&2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/mediatype-bench.XXXXXX")
if ((keep)); then log "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi

# --- Build -------------------------------------------------------------------------------
log "Scripts/build-release.sh (the binary to ship)"
shipped=$(Scripts/build-release.sh --print-path)
log "swift build -c release (mediatype dynamically linked, Benchmarks)"
swift build -c release -j "$jobs" --product mediatype >&2
swift build -c release -j "$jobs" --product Benchmarks >&2
bin=$(swift build -c release --show-bin-path)
variants=(--variant "dynamic build=$bin/mediatype")

# --- File sets ---------------------------------------------------------------------------
# replicate COUNT NAME FILE...: copies the files round by round (names kept, the round
# number in front) into $work/NAME until there are COUNT, and lists them in $work/NAME.list.
replicate() {
    local want=$1 name=$2 count=0 round=0 fixture
    shift 2
    mkdir -p "$work/$name"
    while ((count < want)); do
        for fixture in "$@"; do
            ((count < want)) || break
            cp "$fixture" "$work/$name/$round-${fixture##*/}"
            printf '%s\n' "$work/$name/$round-${fixture##*/}"
            count=$((count + 1))
        done
        round=$((round + 1))
    done >"$work/$name.list"
}

# (a) Common media files, as issue 14 defines the set (images, audio, video, tar, MIDI, AU,
# TGA): the manifest's images, audio and movies and its tar archives, copied to 2,000 files.
# The other fixtures (documents, text, captures, ...) are in no such set; the mixed tree
# below stands for them.
mapfile -t fixtures < <(
    python3 -c 'import json
for row in json.load(open("Fixtures/manifest.json")):
    if row.get("family") in ("image", "audio", "movie") or row.get("identifier") == "public.tar-archive":
        print("Fixtures/" + row["file"])' | LC_ALL=C sort
)
replicate 2000 media "${fixtures[@]}"

# (b) A mixed tree: regular readable files under MAX_SIZE_KIB from /usr/share and /usr/lib,
# sorted, every k-th so that the sample spans both trees, the first MIXED_COUNT of those.
log "choosing $mixed_count files from /usr/share and /usr/lib"
find /usr/share /usr/lib -xdev -type f -readable -size "-${max_size_kib}k" 2>/dev/null |
    LC_ALL=C sort >"$work/all.list"
total=$(wc -l <"$work/all.list")
step=$((total / mixed_count))
((step >= 1)) || step=1
awk -v step="$step" -v limit="$mixed_count" \
    '(NR - 1) % step == 0 && n < limit { print; n++ }' "$work/all.list" |
    while IFS= read -r path; do [[ -f $path && -r $path ]] && printf '%s\n' "$path"; done \
        >"$work/mixed.list"

# (d) Many paths: the media (or mixed) list repeated up to BIG_COUNT.
: >"$work/big.list"
while (($(wc -l <"$work/big.list") < big_count)); do
    cat "$work/$big_source.list" >>"$work/big.list"
done
head -n "$big_count" "$work/big.list" >"$work/big.tmp" && mv "$work/big.tmp" "$work/big.list"

# (e) Media files for the properties comparison: the manifest's images, audio and movies
# and the properties fixtures (not the bad- ones), copied round by round to PROPS_COUNT (200).
mapfile -t media_fixtures < <(
    python3 -c 'import json, sys
for row in json.load(open("Fixtures/manifest.json")):
    if row.get("family") in ("image", "audio", "movie"): print("Fixtures/" + row["file"])'
    find Fixtures/properties -maxdepth 1 -type f ! -name '*.sh' ! -name '*.md' ! -name 'bad-*' |
        LC_ALL=C sort
)
replicate "${PROPS_COUNT:-200}" props "${media_fixtures[@]}"
props=()
if command -v ffprobe >/dev/null; then
    props=(--properties-list "$work/props.list" --ffprobe "$(command -v ffprobe)")
else
    log "ffprobe is not installed (apt-get install ffmpeg): no properties comparison"
fi

# (c) One small file for cold starts.
one_file="$root/Fixtures/clip-h264-aac.mp4"

if ((quick)); then
    reps=(--repetitions 3 --cold-runs 20 --micro-repetitions 7)
else
    reps=(--repetitions 5 --cold-runs 50 --micro-repetitions 15)
fi

echo "mediatype benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores," \
    "load $(cut -d' ' -f1-3 /proc/loadavg), $("$file_tool" --version | head -n1)"
echo "file sets: media $(wc -l <"$work/media.list"), mixed $(wc -l <"$work/mixed.list")" \
    "(every ${step}th of $total), big $(wc -l <"$work/big.list") ($big_source repeated)"
"$bin/Benchmarks" \
    --mediatype "$shipped" \
    --file "$file_tool" \
    --time "$time_tool" \
    --fixtures "$root/Fixtures" \
    --media-list "$work/media.list" \
    --mixed-list "$work/mixed.list" \
    --big-list "$work/big.list" \
    --one-file "$one_file" \
    --scratch "$work" \
    "${props[@]}" "${reps[@]}" "${variants[@]}" "$@"

# --- Profile -----------------------------------------------------------------------------
if ((profile)); then
    if ! command -v valgrind >/dev/null; then
        log "valgrind is not installed; no profile"
        exit 0
    fi
    head -n 200 "$work/media.list" >"$work/profile.list"
    profile_one() { # NAME COMMAND...: callgrind one run, print the top functions (inclusive)
        local name=$1
        shift
        log "callgrind: $name"
        valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.$name" "$@" \
            >/dev/null 2>"$work/valgrind.$name.log" || true
        echo
        echo "PROFILE $name: callgrind, inclusive instructions, top 30"
        # One line per function (debug info names many twice: by source file and by object).
        { callgrind_annotate --inclusive=yes "$work/callgrind.$name" 2>/dev/null |
            swift demangle --simplified | grep -E '^ *[0-9,]+ ' | grep -v 'compiler-generated' |
            awk '{ name = $0
                   sub(/^ *[0-9,]+ +\([ 0-9.]+%\) +/, "", name); sub(/ \[[^]]*\]$/, "", name)
                   sub(/^[^:]*:/, "", name); if (!seen[name]++) print }' |
            head -n 30 | cut -c1-200; } || true
    }
    profile_one batch-200-fixtures "$shipped" classify --jobs 1 --files-from "$work/profile.list"
    profile_one cold-classify "$shipped" classify "$one_file"
fi
