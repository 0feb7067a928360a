#!/usr/bin/env bash
# Clones the committed repository into a temporary folder and runs the two commands of the
# README's quick start there, as a new user would: the first must print what the README says
# it prints, the second (`swift test`) must pass with no failed and no skipped test.
# Usage: Scripts/fresh-clone-test.sh [--keep]   (from anywhere inside the checkout)
# CI runs it (.ci/run); it exits non-zero on any difference.
set -euo pipefail
top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
work=$(mktemp -d "${TMPDIR:-/tmp}/mediatype-fresh.XXXXXX")
if [ "${1:-}" != "--keep" ]; then trap 'rm -rf "$work"' EXIT; fi
git clone --quiet --no-hardlinks "$top" "$work/mediatype"
cd "$work/mediatype"
echo "fresh clone of $(git rev-parse --short HEAD) in $work/mediatype"

# The quick start's commands: the lines of the first ```sh block under "## Quick start".
mapfile -t commands < <(awk '
    /^## Quick start/ { inside = 1; next }
    inside && /^## / { exit }
    inside && /^```sh/ { block = 1; next }
    block && /^```/ { exit }
    block && NF { print }
' README.md)
# What the README says the first one prints: "The first prints `...`."
expected=$(sed -n 's/^The first prints `\(.*\)`\.$/\1/p' README.md | head -n 1)
if [ ${#commands[@]} -ne 2 ] || [ -z "$expected" ]; then
    echo "README.md: the quick start must hold two commands and say what the first prints" >&2
    exit 1
fi
case "${commands[1]}" in
    "swift test"*) ;;
    *) echo "README.md: the quick start's second command is not 'swift test'" >&2; exit 1 ;;
esac

echo "\$ ${commands[0]}"
output=$(bash -c "${commands[0]}" 2>/dev/null)
echo "$output"
if [ "$output" != "$expected" ]; then
    echo "the first command printed '$output', the README says '$expected'" >&2
    exit 1
fi

echo "\$ ${commands[1]}"
log="$work/test.log"
status=0
bash -c "${commands[1]}" 2>&1 | tee "$log" || status=$?
[ "$status" -eq 0 ] || { echo "'${commands[1]}' exited $status" >&2; exit 1; }
# Swift Testing prints "➜ Test name() skipped: reason" for each skipped test; XCTest says
# "skipped" in its summary. Either is a failure here: a fresh clone must run every test.
if grep -E '^➜ Test .* skipped|with [1-9][0-9]* tests? skipped|Test Case .* skipped' "$log"; then
    echo "a fresh clone skipped the tests above" >&2
    exit 1
fi
if ! grep -qE '^✔ Test run with [0-9]+ tests? .*passed' "$log"; then
    echo "no passing Swift Testing run in the output" >&2
    exit 1
fi
echo "fresh clone: the quick start's two commands passed, no test skipped"
