#!/usr/bin/env bash
# Crash test for `mediatype import` (issue 9): builds the CLI, then kills imports of a few
# hundred files with SIGKILL at random moments (same device, and across devices: sources in
# /tmp, library in /dev/shm) and checks after each kill that nothing is lost, duplicated or
# partially visible, and that a re-run completes the import. Prints a summary line.
#
# Usage: Scripts/import-crash-test.sh [--rounds 50] [--files 300] [--seed N]
# Environment: CONFIGURATION=debug|release (default debug), MEDIATYPE_BIN=path to skip building.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${MEDIATYPE_BIN:-}" ]; then
    configuration="${CONFIGURATION:-debug}"
    swift build -c "$configuration" --product mediatype >&2
    MEDIATYPE_BIN="$(swift build -c "$configuration" --show-bin-path)/mediatype"
fi
exec python3 Scripts/import-crash-test.py --bin "$MEDIATYPE_BIN" "$@"
