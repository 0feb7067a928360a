#!/usr/bin/env bash
# Prints, for every fixture in manifest.json, what `file --mime-type -b` (libmagic) answers
# next to the identifier the manifest gives, and counts how often libmagic's MIME type is one
# of that identifier's own declared MIME types (Apple's table or Data/extra-types.tsv).
# A rough measure of where libmagic is coarse; the exact type-level count is done in Swift.
# Usage: Fixtures/compare-libmagic.sh [APPLE_UTIS_TSV]
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
APPLE=${1:-}
if [[ -z "$APPLE" ]]; then
    for candidate in "$HERE/../../shared/reference/apple-utis.tsv" /work/shared/reference/apple-utis.tsv; do
        if [[ -f "$candidate" ]]; then APPLE=$candidate; break; fi
    done
fi
[[ -f "$APPLE" ]] || { echo "compare-libmagic.sh: apple-utis.tsv not found; pass its path" >&2; exit 1; }
command -v file >/dev/null || { echo "compare-libmagic.sh: needs file (Debian package file)" >&2; exit 1; }

# One "name<TAB>mime" line per fixture, from libmagic.
ANSWERS=$(mktemp)
trap 'rm -f "$ANSWERS"' EXIT
python3 -c 'import json,sys; print("\n".join(e["file"] for e in json.load(open(sys.argv[1]))))' \
    "$HERE/manifest.json" | while IFS= read -r name; do
    printf '%s\t%s\n' "$name" "$(file --mime-type -b -- "$HERE/$name")"
done >"$ANSWERS"

python3 - "$ANSWERS" "$HERE/manifest.json" "$APPLE" "$HERE/../Data/extra-types.tsv" \
    "$(file --version | head -1)" <<'EOF'
import json
import sys

answers_path, manifest_path, *tables, version = sys.argv[1:]
mimes = {}
for path in tables:
    with open(path, encoding="utf-8") as handle:
        header = handle.readline().rstrip("\n").split("\t")
        for line in handle:
            cells = dict(zip(header, line.rstrip("\n").split("\t")))
            mimes[cells["identifier"]] = [m.lower() for m in cells.get("mimeTypes", "").split(",") if m]
by_mime = {}
for identifier, values in mimes.items():
    for value in values:
        by_mime.setdefault(value, []).append(identifier)

with open(answers_path, encoding="utf-8") as handle:
    answers = dict(line.split("\t", 1) for line in handle.read().splitlines() if line)
manifest = json.load(open(manifest_path, encoding="utf-8"))
rows, match, none_declared = [], 0, 0
for entry in manifest:
    answer = answers[entry["file"]]
    own = mimes.get(entry["identifier"], [])
    if not own:
        verdict = "n/a"
        none_declared += 1
    elif answer.lower() in own:
        verdict = "yes"
        match += 1
    else:
        verdict = "no"
    mapped = ",".join(by_mime.get(answer.lower(), [])[:2]) or "-"
    rows.append((entry["file"], entry["identifier"], answer, mapped, verdict))

titles = ("file", "manifest identifier", "libmagic MIME", "libmagic MIME is declared by", "own")
widths = [max(len(r[i]) for r in rows + [titles]) for i in range(5)]
line = "  ".join("{:<%d}" % w for w in widths)
print(f"# {version}")
print(line.format(*titles).rstrip())
for row in rows:
    print(line.format(*row).rstrip())
total = len(rows)
print()
print(f"libmagic MIME is one of the identifier's own MIME types: {match} of {total}")
print(f"identifier declares no MIME type (cannot match):        {none_declared} of {total}")
print(f"libmagic MIME is not one of them:                       {total - match - none_declared} of {total}")
EOF
