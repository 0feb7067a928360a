#!/usr/bin/env python3
"""Crash test for `mediatype import`: kill -9 at random moments, check nothing is lost.

Each round makes a few hundred distinct source files (fixtures with bytes appended so they
stay valid movies and images, some with lying extensions, some sharing names, some audio
files the library must reject), starts `mediatype import`, kills it with SIGKILL after a
random delay, and checks:

  * every source is at its source with its content, or complete (same SHA-256) in the
    library, or both; never neither;
  * no content is in the library twice; no file under a final name holds anything but a
    complete source (no partial file is visible);
  * a re-run (sometimes killed again first) completes the import: every accepted source is
    in the library exactly once, gone from its source, rejected ones untouched, no
    temporary files left in the library nor sources left moved aside (`.mediatype-tmp-*`)
    in their folders, and the re-run's exit status is 1 (only the rejections).

Usage: import-crash-test.py --bin PATH [--rounds 50] [--files 300] [--seed N]
"""
import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures")

# (fixture, kind of trailer, accepted by an images+movies library)
KINDS = [
    ("clip.mov", "box", True),
    ("clip-h264-aac.mp4", "box", True),
    ("clip-faststart.mp4", "box", True),
    ("image.jpg", "tail", True),
    ("image.png", "tail", True),
    ("audio.m4a", "box", False),
]
NAMES = ["IMG_0001", "IMG_0002", "clip", "holiday", "trip", "scan", "export", "picked"]


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def make_sources(folder, count, rng, serial):
    """Writes `count` distinct files; returns [{path, sha, accepted}]."""
    blobs = {name: open(os.path.join(FIXTURES, name), "rb").read() for name, _, _ in KINDS}
    sources = []
    for index in range(count):
        fixture, trailer, accepted = KINDS[index % len(KINDS)]
        size = rng.randrange(16, 64 << 10)
        if rng.random() < 0.1:
            size = rng.randrange(1 << 20, 3 << 20)
        payload = f"crash-test {serial} {index} ".encode() + os.urandom(size)
        if trailer == "box":
            data = blobs[fixture] + (len(payload) + 8).to_bytes(4, "big") + b"free" + payload
        else:
            data = blobs[fixture] + payload
        extension = os.path.splitext(fixture)[1]
        if accepted and rng.random() < 0.15:
            extension = ".jpg" if extension != ".jpg" else ".mov"  # a lying extension
        sub = os.path.join(folder, f"{index % 7:02d}")
        os.makedirs(sub, exist_ok=True)
        path = os.path.join(sub, f"{rng.choice(NAMES)}-{index % 3}{extension}")
        while os.path.exists(path):
            path = path[: -len(extension)] + "x" + extension
        with open(path, "wb") as handle:
            handle.write(data)
        sources.append({"path": path, "sha": hashlib.sha256(data).hexdigest(), "accepted": accepted})
    return sources


def library_files(library):
    """(final files {relpath: sha}, temporary names) under the library."""
    finals, temporaries = {}, []
    for folder, _, names in os.walk(library):
        for name in names:
            path = os.path.join(folder, name)
            relative = os.path.relpath(path, library)
            if name.startswith(".mediatype-tmp-"):
                temporaries.append(relative)
            elif name in (".mediatype-journal", ".mediatype-key"):
                continue
            else:
                finals[relative] = sha256(path)
    return finals, temporaries


def check(sources, library, complete):
    """Returns a list of violations."""
    problems = []
    finals, temporaries = library_files(library) if os.path.isdir(library) else ({}, [])
    by_sha = {}
    for relative, digest in finals.items():
        by_sha.setdefault(digest, []).append(relative)
    known = {source["sha"] for source in sources}
    for relative, digest in finals.items():
        if digest not in known:
            problems.append(f"partial or foreign file under a final name: {relative}")
    for source in sources:
        at_source = os.path.exists(source["path"])
        if at_source and sha256(source["path"]) != source["sha"]:
            problems.append(f"source changed: {source['path']}")
        copies = by_sha.get(source["sha"], [])
        if len(copies) > 1:
            problems.append(f"duplicated in the library: {copies}")
        if not at_source and not copies:
            problems.append(f"LOST: {source['path']}")
        if not source["accepted"] and copies:
            problems.append(f"rejected file in the library: {copies}")
        if complete and source["accepted"] and (at_source or len(copies) != 1):
            problems.append(f"not completed: {source['path']} (at source: {at_source}, copies: {len(copies)})")
        if complete and not source["accepted"] and not at_source:
            problems.append(f"rejected source was removed: {source['path']}")
    if complete and temporaries:
        problems.append(f"temporary files left: {temporaries}")
    if complete:
        # A source moved aside just before its removal (after a copy) must not be left.
        folders = {os.path.dirname(source["path"]) for source in sources}
        for folder in folders:
            aside = [n for n in os.listdir(folder) if n.startswith(".mediatype-tmp-")] if os.path.isdir(folder) else []
            if aside:
                problems.append(f"source moved aside and left in {folder}: {aside}")
    return problems


def start(binary, library, layout, sources):
    arguments = [binary, "import", "--into", library, "--layout", layout, "--ndjson", "--"]
    arguments += [source["path"] for source in sources]
    return subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--files", type=int, default=300)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--source-base", default="/tmp")
    parser.add_argument("--cross-device-base", default="/dev/shm")
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    cross_ok = os.stat(arguments.source_base).st_dev != os.stat(arguments.cross_device_base).st_dev
    print(f"seed {arguments.seed}; {arguments.rounds} rounds of {arguments.files} files; "
          f"cross-device library in {arguments.cross_device_base}: {'yes' if cross_ok else 'same device, skipped'}")

    durations = {}
    kills = 0
    killed_mid_run = 0
    violations = 0
    moved_before_kill = []
    for round_number in range(arguments.rounds):
        cross = cross_ok and round_number % 2 == 1
        layout = "by-family" if round_number % 4 >= 2 else "flat"
        work = tempfile.mkdtemp(prefix="mediatype-crash-src-", dir=arguments.source_base)
        library_base = tempfile.mkdtemp(
            prefix="mediatype-crash-lib-",
            dir=arguments.cross_device_base if cross else arguments.source_base,
        )
        library = os.path.join(library_base, "Library")
        try:
            sources = make_sources(work, arguments.files, rng, round_number)
            key = (cross, layout)
            if key not in durations:
                # Calibrate: one uninterrupted run on a copy of the setup.
                probe_work = tempfile.mkdtemp(prefix="mediatype-crash-probe-", dir=arguments.source_base)
                probe_lib = tempfile.mkdtemp(prefix="mediatype-crash-probe-lib-", dir=os.path.dirname(library))
                probe_sources = make_sources(probe_work, arguments.files, random.Random(1), -1)
                began = time.monotonic()
                start(arguments.bin, os.path.join(probe_lib, "Library"), layout, probe_sources).communicate()
                durations[key] = time.monotonic() - began
                shutil.rmtree(probe_work, ignore_errors=True)
                shutil.rmtree(probe_lib, ignore_errors=True)
            delay = rng.uniform(0, durations[key] * 1.05)
            process = start(arguments.bin, library, layout, sources)
            time.sleep(delay)
            still_running = process.poll() is None
            process.send_signal(signal.SIGKILL)
            process.communicate()
            kills += 1
            killed_mid_run += still_running
            problems = check(sources, library, complete=False)
            moved = sum(1 for s in sources if not os.path.exists(s["path"]))
            moved_before_kill.append(moved)
            # Every other round, kill the re-run too (often during its recovery).
            if round_number % 2 == 0 and not problems:
                again = start(arguments.bin, library, layout, sources)
                time.sleep(rng.uniform(0, min(0.3, durations[key])))
                again.send_signal(signal.SIGKILL)
                again.communicate()
                kills += 1
                problems += check(sources, library, complete=False)
            final = start(arguments.bin, library, layout, sources)
            output, errors = final.communicate()
            if final.returncode != 1:
                problems.append(f"re-run exit status {final.returncode}: {errors.decode()[:300]}")
            results = [json.loads(line)["result"] for line in output.decode().splitlines() if line]
            if results.count("rejected") != sum(1 for s in sources if not s["accepted"]):
                problems.append("re-run rejected a different number of files")
            problems += check(sources, library, complete=True)
            status = "ok" if not problems else f"{len(problems)} PROBLEMS"
            print(f"round {round_number + 1:2d}: {'cross-device' if cross else 'same-device '} {layout:9s} "
                  f"killed after {delay:5.2f}s ({'mid-run' if still_running else 'after it ended'}), "
                  f"{moved:3d} moved before the kill; re-run: {results.count('imported')} imported, "
                  f"{results.count('alreadyImported')} already there: {status}")
            for problem in problems[:10]:
                print("    " + problem)
            violations += len(problems)
        finally:
            shutil.rmtree(work, ignore_errors=True)
            shutil.rmtree(library_base, ignore_errors=True)
    print(f"SUMMARY: {arguments.rounds} rounds x {arguments.files} files, {kills} kill -9s "
          f"({killed_mid_run} of the first kills landed mid-run), {violations} violations: "
          f"{'PASS' if violations == 0 else 'FAIL'}")
    return 0 if violations == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
