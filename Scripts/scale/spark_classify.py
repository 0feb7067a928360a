#!/usr/bin/env python3
"""Classify a collection too big for one host with Apache Spark and mediatype.

Each partition of an RDD of paths is piped through one `mediatype classify --files-from -
--ndjson` process (RDD.pipe): Spark writes the partition's paths to the process's standard
input, one a line, and every line the process prints (one JSON object a path, in input
order) becomes an element of the result. The workers must see the same paths (a shared or
replicated file system) and have the binary at the same place: build it once with
Scripts/build-release.sh, which links it statically so that it runs on any Linux worker of
the same architecture, and ship it with `--files` or install it on each host.

Usage:
  spark-submit Scripts/scale/spark_classify.py --binary /opt/mediatype/bin/mediatype \\
      --paths paths.txt --out results/ [--partitions 200]
  python3 Scripts/scale/spark_classify.py ...   (local mode, as the test does)

Paths containing a newline cannot be piped one a line; they are counted and skipped with a
warning (classify them with `find -print0 | mediatype classify --files-from - -0` on one
host). A path the binary cannot read is still answered, with an `error` object.
"""

import argparse
import json
import os
import shlex
import sys


def classify_paths(spark_context, binary, paths, partitions):
    """Returns an RDD of the classification objects (dicts), one for each path."""
    rdd = spark_context.parallelize(paths, partitions)
    # --jobs 1: Spark already runs one task per core; -- ends the options.
    command = shlex.join([binary, "classify", "--ndjson", "--jobs", "1", "--files-from", "-"])
    # mediatype exits 2 when some path could not be read; that is an answer, not a failure
    # of the task, so the exit status is not checked (the error objects carry it).
    return rdd.pipe(command, checkCode=False).map(json.loads)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="the mediatype binary on every worker")
    parser.add_argument("--paths", required=True, help="a file of paths, one a line")
    parser.add_argument("--out", help="write the results here as NDJSON part files")
    parser.add_argument("--partitions", type=int, default=0, help="default: Spark's")
    parser.add_argument("--master", default=None, help="e.g. local[2]; default: spark-submit's")
    args = parser.parse_args(argv)

    from pyspark import SparkConf, SparkContext

    conf = SparkConf().setAppName("mediatype-classify").set("spark.ui.showConsoleProgress", "false")
    if args.master:
        conf = conf.setMaster(args.master)
    spark_context = SparkContext.getOrCreate(conf)
    spark_context.setLogLevel("ERROR")
    with open(args.paths, encoding="utf-8", errors="surrogateescape") as handle:
        paths = [line.rstrip("\n") for line in handle if line.strip()]
    partitions = args.partitions or spark_context.defaultParallelism
    results = classify_paths(spark_context, os.path.abspath(args.binary), paths, partitions)
    if args.out:
        results.map(lambda row: json.dumps(row, separators=(",", ":"))).saveAsTextFile(args.out)
    else:
        for row in results.toLocalIterator():
            print(json.dumps(row, separators=(",", ":")))
    spark_context.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
