#!/usr/bin/env bash
# Builds the DocC documentation of the three library modules with the toolchain's `docc`,
# without the swift-docc-plugin (no plugin can be fetched on a machine without the network),
# and fails on any warning.
#
#   Scripts/docs.sh              build every catalogue into .build/docs/<Module>.doccarchive
#   Scripts/docs.sh MODULE...    only these (UniformTypes, MediaClassification, MediaLibrary)
#
# How: `swift build` emits each module's symbol graph (-emit-symbol-graph, public symbols)
# into .build/docs/graphs, in its own scratch folder so that the flags do not invalidate the
# ordinary build; then `docc convert` turns each module's Sources/<Module>/<Module>.docc and
# its graphs into an archive, with --warnings-as-errors (a broken symbol link, a topic that
# names nothing, a parameter the doc comment misses are all warnings).
#
# Environment: DOCC (default: `docc` on PATH, else beside `swift`), JOBS (build jobs).
# Exit status: 0 built without a warning; 1 docc warned or failed; 2 the build failed;
# 64 bad arguments.
set -uo pipefail
cd "$(dirname "$0")/.."

all_modules=(UniformTypes MediaClassification MediaLibrary)
modules=()
for argument in "$@"; do
    case "$argument" in
    -h | --help) sed -n '2,17p' "$0"; exit 0 ;;
    UniformTypes | MediaClassification | MediaLibrary) modules+=("$argument") ;;
    *) echo "docs.sh: unknown module or option: $argument" >&2; exit 64 ;;
    esac
done
[ ${#modules[@]} -eq 0 ] && modules=("${all_modules[@]}")

docc=${DOCC:-$(command -v docc || true)}
if [ -z "$docc" ]; then
    swift_path=$(command -v swift || true)
    [ -n "$swift_path" ] && docc="$(dirname "$(readlink -f "$swift_path")")/docc"
fi
[ -x "$docc" ] || { echo "docs.sh: docc not found (set DOCC)" >&2; exit 2; }

out=$PWD/.build/docs
graphs=$out/graphs
rm -rf "$graphs"
mkdir -p "$graphs"
build=(swift build --scratch-path "$out/build"
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs")
[[ -n ${JOBS:-} ]] && build+=(-j "$JOBS")
# MediaLibrary depends on the other two, so building it emits all three graphs.
echo "== symbol graphs (${build[*]} --target MediaLibrary)"
"${build[@]}" --target MediaLibrary >"$out/build.log" 2>&1 || {
    tail -30 "$out/build.log" >&2
    echo "docs.sh: the build failed (log: $out/build.log)" >&2
    exit 2
}

failed=0
for module in "${modules[@]}"; do
    catalog=Sources/$module/$module.docc
    moduleGraphs=$out/graphs-$module
    rm -rf "$moduleGraphs" "$out/$module.doccarchive"
    mkdir -p "$moduleGraphs"
    # The module's own graph, and the graphs of its extensions to other modules' types
    # (<Module>@<Other>.symbols.json), if any.
    cp "$graphs/$module.symbols.json" "$moduleGraphs/" || { failed=1; continue; }
    for extension in "$graphs/$module@"*.symbols.json; do
        [ -e "$extension" ] && cp "$extension" "$moduleGraphs/"
    done
    echo "== docc convert $catalog"
    log=$out/$module.log
    "$docc" convert "$catalog" \
        --additional-symbol-graph-dir "$moduleGraphs" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.mediatype.$module" \
        --output-path "$out/$module.doccarchive" \
        --warnings-as-errors >"$log" 2>&1
    status=$?
    # --warnings-as-errors fails the run; the grep also catches a warning printed by a docc
    # that ignores the flag for some kind of diagnostic.
    if [ "$status" -ne 0 ] || grep -qE '(warning|error):' "$log"; then
        grep -E -A3 '(warning|error):' "$log" >&2 || tail -20 "$log" >&2
        echo "!! $module: docc reported problems (log: $log)" >&2
        failed=1
    else
        echo "   $out/$module.doccarchive"
    fi
done
exit "$failed"
