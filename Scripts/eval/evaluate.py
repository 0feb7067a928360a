#!/usr/bin/env python3
"""Measures mediatype, file(1) and gio against a labelled corpus from make-corpus.sh.

Usage:
  Scripts/eval/evaluate.py OUTDIR [--binary PATH] [--tools mediatype,file,gio]
                           [--variants names,hashed] [--misses mediatype|all|none]
                           [--json] [--save FILE] [--baseline FILE]

Every labelled file is classified twice: (a) "names", where it lies in OUTDIR under its
name, and (b) "hashed", a copy named by its SHA-256 with no extension in a temporary
folder. An answer is right when its MIME type, lower-cased, without parameters and with
common aliases folded, equals the label's or one of its alternatives. A family error is a
wrong answer whose family (image, audio, video, archive, document, text, font,
executable, other; "unknown" for application/octet-stream) differs from the label's.

--binary defaults to .build/debug/mediatype of this checkout, else the path that
Scripts/build-release.sh --print-path prints (which builds it). --save writes the JSON
report to a file as well as printing the table; --baseline compares mediatype's answers
with such a saved report (what became right, what became wrong).

Standard library only. Exit status: 0 done, 1 a tool failed or the corpus or binary is
missing, 64 bad command line.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = ("mediatype", "file", "gio")
VARIANTS = ("names", "hashed")
FAMILIES = ("image", "audio", "video", "archive", "document", "text", "font", "executable", "other")
GENERIC = {"application/octet-stream", "text/plain", "application/x-empty", "inode/x-empty", ""}

# Spellings that name the same format, folded to one before comparing (alias -> canonical).
# Only true synonyms go here; near-misses (audio/ogg for Opus) belong in a label's
# alternatives, where the corpus author decides.
ALIASES = {
    "audio/x-wav": "audio/vnd.wave", "audio/wav": "audio/vnd.wave", "audio/wave": "audio/vnd.wave",
    "audio/x-aiff": "audio/aiff", "audio/aifc": "audio/x-aifc",
    "audio/vnd.dolby.dd-raw": "audio/ac3",
    "image/x-portable-greymap": "image/x-portable-graymap",
    "text/x-python-script": "text/x-python", "text/x-script.python": "text/x-python",
    "text/x-python3": "text/x-python",
    "text/x-perl-script": "application/x-perl", "text/x-script.perl": "application/x-perl",
    "text/x-ruby-script": "application/x-ruby", "text/x-ruby": "application/x-ruby",
    "text/php": "application/x-php", "text/x-php": "application/x-php",
    "audio/x-flac": "audio/flac",
    "audio/x-mpeg": "audio/mpeg", "audio/mp3": "audio/mpeg", "audio/x-mp3": "audio/mpeg",
    "audio/x-aac": "audio/aac",
    "audio/x-m4a": "audio/mp4", "audio/m4a": "audio/mp4",
    "audio/x-midi": "audio/midi", "audio/mid": "audio/midi",
    "audio/x-ac3": "audio/ac3",
    "audio/x-au": "audio/basic",
    "audio/x-matroska": "audio/matroska",
    "video/x-matroska": "video/matroska",
    "video/x-msvideo": "video/vnd.avi", "video/avi": "video/vnd.avi", "video/msvideo": "video/vnd.avi",
    "video/x-flv": "video/flv",
    "video/x-mng": "video/mng",
    "video/x-ms-asf": "application/vnd.ms-asf",
    "image/x-bmp": "image/bmp", "image/x-ms-bmp": "image/bmp",
    "image/x-icon": "image/vnd.microsoft.icon",
    "image/x-psd": "image/vnd.adobe.photoshop",
    "image/pjpeg": "image/jpeg",
    "image/x-tga": "image/x-targa",
    "image/x-pcx": "image/vnd.zbrush.pcx",
    "image/x-dds": "image/vnd-ms.dds",
    "image/x-dpx": "image/dpx",
    "image/x-xpm": "image/x-xpixmap",
    "image/x-xbm": "image/x-xbitmap",
    "image/x-ilbm": "image/x-iff",
    "image/vnd.mozilla.apng": "image/apng",
    "application/x-gzip": "application/gzip",
    "application/x-zip-compressed": "application/zip",
    "application/x-bzip": "application/x-bzip2",
    "application/x-zstd": "application/zstd",
    "application/lzip": "application/x-lzip",
    "application/x-debian-package": "application/vnd.debian.binary-package",
    "application/x-redhat-package-manager": "application/x-rpm",
    "application/x-cd-image": "application/x-iso9660-image",
    "application/x-java-archive": "application/java-archive",
    "application/x-sqlite3": "application/vnd.sqlite3",
    "application/x-pdf": "application/pdf",
    "application/rtf": "text/rtf",
    "application/x-mbox": "application/mbox",
    "application/x-xliff+xml": "application/xliff+xml",
    "application/x-gpx+xml": "application/gpx+xml",
    "application/docbook+xml": "application/x-docbook+xml",
    "application/x-rss+xml": "application/rss+xml",
    "text/xml": "application/xml",
    "text/x-vcard": "text/vcard",
    "text/x-shellscript": "application/x-shellscript", "application/x-sh": "application/x-shellscript",
    "text/x-perl": "application/x-perl",
    "application/javascript": "text/javascript", "application/x-javascript": "text/javascript",
    "application/x-font-ttf": "font/ttf",
    "application/font-woff": "font/woff",
    "application/x-font-otf": "font/otf",
    "application/pkcs12": "application/x-pkcs12",
    "application/x-python-code": "application/x-python-bytecode",
    "application/x-java-class": "application/java-vm",
    "application/x-msdownload": "application/vnd.microsoft.portable-executable",
    "application/x-dosexec": "application/vnd.microsoft.portable-executable",
    "application/vnd.adobe.flash-movie": "application/vnd.adobe.flash.movie",
    "application/x-shockwave-flash": "application/vnd.adobe.flash.movie",
    "application/x-pcap": "application/vnd.tcpdump.pcap",
}

# Family of application/* (and a few other) types by exact name, then by substring.
FAMILY_EXACT = {
    "application/ogg": "audio", "application/mp4": "video", "application/mxf": "video",
    "application/vnd.ms-asf": "video", "application/vnd.rn-realmedia": "video",
    "application/vnd.adobe.flash.movie": "video", "application/x-matroska": "video",
    "application/pdf": "document", "application/postscript": "document", "text/rtf": "document",
    "application/epub+zip": "document", "application/msword": "document",
    "application/vnd.ms-excel": "document", "application/vnd.ms-powerpoint": "document",
    "application/x-eps": "document", "application/eps": "document",
    "application/json": "text", "application/xml": "text", "application/mbox": "text",
    "application/x-shellscript": "text", "application/x-perl": "text", "application/x-tex": "text",
    "application/x-pem-key": "text", "application/x-pem-file": "text", "application/pkcs10": "text",
    "application/pkix-crl": "text", "application/x-x509-ca-cert": "text", "application/sql": "text",
    "application/x-subrip": "text", "application/x-latex": "text", "application/x-yaml": "text",
    "application/yaml": "text", "application/toml": "text", "application/x-uuencode": "text",
    "application/wasm": "executable", "application/java-vm": "executable",
    "application/x-python-bytecode": "executable",
    "application/vnd.microsoft.portable-executable": "executable",
    "application/java-archive": "archive", "application/vnd.android.package-archive": "archive",
    "application/zip": "archive", "application/gzip": "archive", "application/zstd": "archive",
    "application/vnd.debian.binary-package": "archive", "application/vnd.rar": "archive",
    "application/fits": "image", "application/octet-stream": "unknown",
}
FAMILY_SUBSTRINGS = (
    ("opendocument", "document"), ("openxmlformats-officedocument", "document"), ("ms-word", "document"),
    ("font", "font"), ("opentype", "font"), ("sfnt", "font"),
    ("executable", "executable"), ("sharedlib", "executable"), ("x-object", "executable"),
    ("x-elf", "executable"), ("mach-binary", "executable"), ("dosexec", "executable"),
    ("x-tar", "archive"), ("compressed", "archive"), ("x-bzip", "archive"), ("x-xz", "archive"),
    ("x-lz", "archive"), ("x-cpio", "archive"), ("x-archive", "archive"), ("x-rpm", "archive"),
    ("iso9660", "archive"), ("x-cd-image", "archive"), ("x-compress", "archive"), ("x-rar", "archive"),
    ("x-gtar", "archive"), ("x-ustar", "archive"), ("x-ar", "archive"), ("squashfs", "archive"),
    ("+xml", "text"), ("javascript", "text"), ("script", "text"),
)


def norm(mime):
    """Lower-cased, parameters dropped, aliases folded."""
    m = (mime or "").split(";")[0].strip().lower()
    return ALIASES.get(m, m)


def family_of(mime):
    m = norm(mime)
    if not m:
        return "unknown"
    if m in FAMILY_EXACT:
        return FAMILY_EXACT[m]
    top = m.split("/")[0]
    if top in ("image", "audio", "video", "font"):
        return top
    if top in ("text", "message"):
        return "text"
    if top == "model":
        return "other"
    for sub, fam in FAMILY_SUBSTRINGS:
        if sub in m:
            return fam
    return "other"


def read_labels(outdir):
    path = os.path.join(outdir, "labels.tsv")
    if not os.path.isfile(path):
        sys.exit("evaluate.py: %s not found; make it with Scripts/eval/make-corpus.sh %s" % (path, outdir))
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) < 3:
                sys.exit("evaluate.py: %s:%d: want file, MIME, family[, alternatives]" % (path, n))
            rel, mime, fam = cols[0], cols[1], cols[2]
            alts = [a for a in (cols[3] if len(cols) > 3 else "").split(",") if a.strip()]
            full = os.path.join(outdir, rel)
            if not os.path.isfile(full):
                print("warning: %s is labelled but missing; skipped" % rel, file=sys.stderr)
                continue
            rows.append({"file": rel, "path": full, "expected": mime, "family": fam, "alternatives": alts})
    if not rows:
        sys.exit("evaluate.py: %s labels no file" % path)
    return rows


def find_binary(arg):
    if arg:
        if not (os.path.isfile(arg) and os.access(arg, os.X_OK)):
            sys.exit("evaluate.py: --binary %s is not an executable file" % arg)
        return os.path.abspath(arg)
    debug = os.path.join(REPO, ".build", "debug", "mediatype")
    if os.access(debug, os.X_OK):
        return debug
    script = os.path.join(REPO, "Scripts", "build-release.sh")
    print("evaluate.py: no %s; building with %s --print-path" % (debug, script), file=sys.stderr)
    r = subprocess.run([script, "--print-path"], stdout=subprocess.PIPE, text=True)
    path = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    if r.returncode != 0 or not os.access(path, os.X_OK):
        sys.exit("evaluate.py: could not build mediatype (build-release.sh exit %d); pass --binary" % r.returncode)
    return path


def run_mediatype(binary, paths):
    """mediatype classify --ndjson --files-from -: one JSON object a line, by path."""
    r = subprocess.run([binary, "classify", "--ndjson", "--files-from", "-"], input="\n".join(paths) + "\n",
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode not in (0, 1, 2):
        raise RuntimeError("mediatype exited %d: %s" % (r.returncode, r.stderr.strip()[:500]))
    out = {}
    for line in r.stdout.splitlines():
        if not line.strip():
            continue
        obj = json.loads(line)
        if obj.get("error"):
            mime = "(error: %s)" % obj["error"]
        else:
            mime = obj.get("mimeType") or "(none: %s)" % obj.get("identifier")
        out[obj.get("path")] = {"mime": mime, "identifier": obj.get("identifier"),
                                "evidence": obj.get("evidence"), "detail": obj.get("detail")}
    missing = [p for p in paths if p not in out]
    if missing:
        raise RuntimeError("mediatype gave no answer for %d paths, e.g. %s" % (len(missing), missing[0]))
    return out


def run_file(paths):
    """file --mime-type -b, and file -b's description beside it (to tell a format libmagic
    describes without a MIME type from one it does not know)."""
    out = {}
    for i in range(0, len(paths), 200):
        chunk = paths[i:i + 200]
        got = []
        for opts in (["--mime-type", "-b"], ["-b"]):
            r = subprocess.run(["file"] + opts + ["--"] + chunk, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, errors="replace")
            lines = r.stdout.splitlines()
            if r.returncode != 0 or len(lines) != len(chunk):
                raise RuntimeError("file exited %d with %d lines for %d paths" % (r.returncode, len(lines), len(chunk)))
            got.append(lines)
        for p, m, d in zip(chunk, got[0], got[1]):
            out[p] = {"mime": m.strip(), "description": d.strip()}
    return out


def run_gio(paths):
    out = {}
    for i in range(0, len(paths), 100):
        chunk = paths[i:i + 100]
        r = subprocess.run(["gio", "info", "-a", "standard::content-type", "--"] + chunk,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        current = None
        for line in r.stdout.splitlines():
            if line.startswith("local path: "):
                current = line[len("local path: "):]
            elif line.strip().startswith("standard::content-type:") and current is not None:
                out[current] = {"mime": line.split("content-type:", 1)[1].strip()}
    for p in paths:
        out.setdefault(p, {"mime": "(no answer)"})
    return out


def tool_versions(binary, tools):
    v = {}
    if "mediatype" in tools:
        v["mediatype"] = binary
        try:  # the commit of the checkout the binary was built in, when it is a git checkout
            top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(binary))))
            head = subprocess.run(["git", "-C", top, "describe", "--always", "--dirty"], stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True).stdout.strip()
            v["mediatype"] += " (checkout %s)" % head if head else ""
        except OSError:
            pass
    if "file" in tools:
        v["file"] = subprocess.run(["file", "--version"], stdout=subprocess.PIPE, text=True).stdout.splitlines()[0]
    if "gio" in tools:
        try:
            ver = open("/usr/share/mime/version").read().strip()
        except OSError:
            ver = "?"
        v["gio"] = "gio, shared-mime-info %s" % ver
    return v


def judge(row, answer):
    got = norm(answer["mime"])
    accepted = {norm(row["expected"])} | {norm(a) for a in row["alternatives"]}
    right = got in accepted
    fam = family_of(answer["mime"])
    return {"right": right, "family": fam, "family_error": (not right) and fam != row["family"],
            "generic": (not right) and got in GENERIC}


def evaluate(rows, tools, variants, binary):
    runners = {"mediatype": lambda ps: run_mediatype(binary, ps), "file": run_file, "gio": run_gio}
    results = []
    tmp = tempfile.mkdtemp(prefix="mediatype-eval-")
    try:
        paths = {}
        for v in variants:
            if v == "names":
                paths[v] = [os.path.abspath(r["path"]) for r in rows]
            else:
                lst = []
                for r in rows:
                    digest = hashlib.sha256(open(r["path"], "rb").read()).hexdigest()
                    dest = os.path.join(tmp, digest)
                    if not os.path.exists(dest):
                        shutil.copyfile(r["path"], dest)
                    lst.append(dest)
                paths[v] = lst
        answers = {}
        for v in variants:
            unique = sorted(set(paths[v]))
            for t in tools:
                answers[(v, t)] = runners[t](unique)
        for v in variants:
            for r, p in zip(rows, paths[v]):
                entry = {"file": r["file"], "variant": v, "expected": r["expected"], "family": r["family"],
                         "alternatives": r["alternatives"], "answers": {}}
                for t in tools:
                    a = dict(answers[(v, t)][p])
                    a.update(judge(r, a))
                    entry["answers"][t] = a
                if "mediatype" in tools and not entry["answers"]["mediatype"]["right"]:
                    entry["answers"]["mediatype"]["cause"] = miss_cause(entry)
                results.append(entry)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return results


def miss_cause(row):
    """A likely cause of a mediatype miss, from its evidence and what file(1) said."""
    a = row["answers"]["mediatype"]
    got, ev, detail = norm(a["mime"]), a.get("evidence") or "", a.get("detail") or ""
    other = row["answers"].get("file")
    file_right = other is not None and other["right"]
    if a["mime"].startswith("(none:"):
        return "the identifier has no MIME type"
    if a["mime"].startswith("(error"):
        return "read error"
    if ev == "name" or (ev == "text" and "from the name" in detail):
        return "the name decided, against or without the content"
    if ev == "text" and "XML root element" in detail:
        return "XML root element not mapped to its dialect"
    if ev == "text" and got in GENERIC and file_right:
        return "text analysis answered plain text where libmagic knew the format"
    described = other is not None and other.get("description", "data") not in ("data", "ASCII text", "")
    if got == "application/octet-stream" and ev == "magic" and described:
        return "libmagic describes it but gives no MIME type (see file= description)"
    if got in GENERIC and ev in ("text", "magic"):
        if got == "text/plain":
            return "no content rule: a text format left as text/plain"
        return "no content rule: unknown to libmagic" if other is not None else "no content rule"
    if ev == "magic":
        return "libmagic's MIME type is not the common one"
    if ev == "signature":
        return "a signature rule (Tika or shared-mime-info magic) chose another type"
    if ev == "container":
        return "a structural parser's answer is not the common type"
    return "other (%s)" % ev


def summarize(results, tools, variants):
    summary = []
    for v in variants:
        for t in tools:
            rs = [r for r in results if r["variant"] == v]
            s = {"variant": v, "tool": t, "total": len(rs), "right": 0, "family_errors": 0, "generic": 0,
                 "by_family": {}}
            for r in rs:
                a = r["answers"][t]
                fam = s["by_family"].setdefault(r["family"], [0, 0])
                fam[1] += 1
                if a["right"]:
                    s["right"] += 1
                    fam[0] += 1
                s["family_errors"] += a["family_error"]
                s["generic"] += a["generic"]
            summary.append(s)
    return summary


def pct(a, b):
    return "%.1f%%" % (100.0 * a / b) if b else "-"


def print_report(results, summary, tools, variants, versions, misses, baseline):
    print("corpus: %d labelled files, %d distinct expected types" % (
        len({r["file"] for r in results}), len({norm(r["expected"]) for r in results})))
    for t, ver in versions.items():
        print("  %-9s %s" % (t, ver))
    print()
    print("%-8s %-10s %8s %7s %10s %8s" % ("variant", "tool", "right", "%", "fam.err", "generic"))
    for s in summary:
        print("%-8s %-10s %8s %7s %10d %8d" % (s["variant"], s["tool"], "%d/%d" % (s["right"], s["total"]),
                                               pct(s["right"], s["total"]), s["family_errors"], s["generic"]))
    print()
    fams = [f for f in FAMILIES if any(f in s["by_family"] for s in summary)]
    fams += sorted({f for s in summary for f in s["by_family"]} - set(fams))
    print("right by family (right/total):")
    print("%-8s %-10s " % ("variant", "tool") + " ".join("%10s" % f[:10] for f in fams))
    for s in summary:
        print("%-8s %-10s " % (s["variant"], s["tool"]) + " ".join(
            "%10s" % ("%d/%d" % tuple(s["by_family"][f]) if f in s["by_family"] else "-") for f in fams))
    if misses != "none":
        shown = tools if misses == "all" else [t for t in tools if t == "mediatype"]
        others = [t for t in tools if t != "mediatype"]
        for t in shown:
            for v in variants:
                rs = [r for r in results if r["variant"] == v and not r["answers"][t]["right"]]
                if t == "mediatype":  # grouped by the likely cause, largest group first
                    groups = {}
                    for r in rs:
                        groups.setdefault(r["answers"][t]["cause"], []).append(r)
                    rs = [r for _, g in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])) for r in g]
                print()
                print("%s misses, %s (%d):" % (t, v, len(rs)))
                cause = None
                for r in rs:
                    if t == "mediatype" and r["answers"][t]["cause"] != cause:
                        cause = r["answers"][t]["cause"]
                        n = sum(1 for x in rs if x["answers"][t]["cause"] == cause)
                        print(" %s (%d):" % (cause, n))
                    a = r["answers"][t]
                    flag = " FAMILY" if a["family_error"] else ""
                    line = "  %-36s want %-28s got %s%s" % (r["file"], r["expected"], a["mime"], flag)
                    if t == "mediatype":
                        line += "  [%s: %s; %s]" % (a.get("evidence"), a.get("detail"), a.get("identifier"))
                        line += "  " + " ".join("%s=%s" % (o, r["answers"][o]["mime"]) for o in others)
                        if a.get("cause", "").startswith("libmagic describes") and "file" in others:
                            line += " (%s)" % r["answers"]["file"]["description"][:60]
                    print(line)
    if baseline is not None:
        print()
        print_baseline(results, baseline)


def print_baseline(results, baseline):
    before = {(r["file"], r["variant"]): r["answers"].get("mediatype") for r in baseline.get("results", [])}
    gained, lost = [], []
    for r in results:
        old = before.get((r["file"], r["variant"]))
        new = r["answers"].get("mediatype")
        if old is None or new is None:
            continue
        if new["right"] and not old["right"]:
            gained.append((r, old, new))
        elif old["right"] and not new["right"]:
            lost.append((r, old, new))
    print("against the baseline: %d newly right, %d newly wrong (mediatype)" % (len(gained), len(lost)))
    for label, items in (("newly right", gained), ("newly wrong", lost)):
        for r, old, new in items:
            print("  %s %-7s %-36s %s -> %s" % (label, r["variant"], r["file"], old["mime"], new["mime"]))


def main():
    ap = argparse.ArgumentParser(description="Accuracy of mediatype, file and gio on a labelled corpus.")
    ap.add_argument("outdir", help="corpus folder made by make-corpus.sh (with labels.tsv)")
    ap.add_argument("--binary", help="mediatype binary (default: .build/debug/mediatype, else build-release.sh)")
    ap.add_argument("--tools", default=",".join(TOOLS), help="comma list of mediatype,file,gio")
    ap.add_argument("--variants", default=",".join(VARIANTS), help="comma list of names,hashed")
    ap.add_argument("--misses", choices=("mediatype", "all", "none"), default="mediatype",
                    help="whose misses to list (default: mediatype's, with file's and gio's answers beside)")
    ap.add_argument("--json", action="store_true", help="print the report as JSON instead of the table")
    ap.add_argument("--save", metavar="FILE", help="also write the JSON report to FILE")
    ap.add_argument("--baseline", metavar="FILE", help="a report saved with --save to compare mediatype against")
    args = ap.parse_args()

    tools = [t.strip() for t in args.tools.split(",") if t.strip()]
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    bad = [t for t in tools if t not in TOOLS] + [v for v in variants if v not in VARIANTS]
    if bad or not tools or not variants:
        ap.print_usage(sys.stderr)
        print("evaluate.py: unknown tool or variant: %s" % ", ".join(bad or ["(none given)"]), file=sys.stderr)
        return 64
    for t, exe in (("file", "file"), ("gio", "gio")):
        if t in tools and shutil.which(exe) is None:
            print("evaluate.py: %s is not installed; left out" % exe, file=sys.stderr)
            tools.remove(t)
    baseline = None
    if args.baseline:
        try:
            baseline = json.load(open(args.baseline))
        except (OSError, ValueError) as e:
            print("evaluate.py: cannot read --baseline %s: %s" % (args.baseline, e), file=sys.stderr)
            return 64
    rows = read_labels(args.outdir)
    binary = find_binary(args.binary) if "mediatype" in tools else None
    try:
        results = evaluate(rows, tools, variants, binary)
    except (RuntimeError, OSError, ValueError) as e:
        print("evaluate.py: %s" % e, file=sys.stderr)
        return 1
    summary = summarize(results, tools, variants)
    versions = tool_versions(binary, tools)
    report = {"corpus": os.path.abspath(args.outdir), "tools": versions, "summary": summary, "results": results}
    if args.save:
        with open(args.save, "w") as f:
            json.dump(report, f, indent=1)
    if args.json:
        json.dump(report, sys.stdout, indent=1)
        print()
    else:
        print_report(results, summary, tools, variants, versions, args.misses, baseline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
