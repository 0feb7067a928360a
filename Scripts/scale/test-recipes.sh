#!/usr/bin/env bash
# Tests the two recipes of docs/scaling.md on this host: Apache Spark in local mode
# (Scripts/scale/spark_classify.py, RDD.pipe over `classify --files-from - --ndjson`) and
# GNU parallel (--pipe, several processes each reading a block of paths). Both must answer
# every path exactly once, with the identifier a direct run gives.
# Needs: python3 with pyspark (pip install pyspark), a Java 17+ runtime, GNU parallel.
# Usage: Scripts/scale/test-recipes.sh [BINARY]   (default: Scripts/build-release.sh's)
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-$(Scripts/build-release.sh --print-path)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The fixtures, repeated so that partitions and blocks hold many paths, plus one path that
# does not exist (answered with an error object, not dropped).
for round in 1 2 3 4 5; do
    find "$PWD/Fixtures" -maxdepth 1 -type f | sort
done > "$work/paths"
echo "$PWD/Fixtures/no-such-file" >> "$work/paths"
total=$(wc -l < "$work/paths")

# The direct answer: path -> identifier.
"$binary" classify --ndjson --files-from - < "$work/paths" > "$work/direct.ndjson" || true

compare() {  # compare LABEL RESULTS
    python3 - "$work/paths" "$work/direct.ndjson" "$2" "$1" <<'PY'
import collections, json, sys
paths = [l.rstrip("\n") for l in open(sys.argv[1])]
def load(name):
    return [json.loads(l) for l in open(name) if l.strip()]
direct = load(sys.argv[2])
got = load(sys.argv[3])
label = sys.argv[4]
want = collections.Counter(paths)
seen = collections.Counter(row["path"] for row in got)
assert seen == want, f"{label}: paths answered {sum(seen.values())} of {len(paths)}; differ: {(seen - want) + (want - seen)}"
truth = {row["path"]: row["identifier"] for row in direct}
wrong = [row["path"] for row in got if row["identifier"] != truth[row["path"]]]
assert not wrong, f"{label}: identifiers differ from a direct run for {wrong[:5]}"
errors = sum(1 for row in got if row.get("error"))
assert errors == paths.count(paths[-1]), f"{label}: {errors} error objects"
print(f"{label}: {len(got)} paths answered once each, identifiers as a direct run, {errors} error object(s)")
PY
}

# GNU parallel: blocks of 50 paths, 2 processes at a time, output kept in input order.
parallel --will-cite --pipe -N 50 --keep-order -j 2 \
    "'$binary' classify --ndjson --jobs 1 --files-from - || [ \$? -eq 2 ]" \
    < "$work/paths" > "$work/parallel.ndjson"
compare "GNU parallel" "$work/parallel.ndjson"

# Spark in local mode, 2 worker threads, 7 partitions.
python3 Scripts/scale/spark_classify.py --master 'local[2]' --partitions 7 \
    --binary "$binary" --paths "$work/paths" --out "$work/spark"
cat "$work/spark"/part-* > "$work/spark.ndjson"
compare "Spark local[2] RDD.pipe" "$work/spark.ndjson"
echo "recipes: both answered all $total paths as a direct run does"
