#!/usr/bin/env python3
"""Makes the polyglot fixtures from the ordinary ones, and their manifest.

Usage: Fixtures/polyglot/generate.py   (writes next to this script)

Each file is an ordinary fixture with something a browser or another parser could read as
other content: an archive, a movie or a page appended after the format's end, HTML in the
first bytes of an image, script in an SVG. manifest.json says what each is, and where the
finding starts (the byte offset `mediatype classify --serve-safety` reports).
"""
import json
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.dirname(HERE)


def read(name):
    with open(os.path.join(FIXTURES, name), "rb") as handle:
        return handle.read()


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as handle:
        handle.write(data)


PAGE = b"<html><body><script>alert(document.domain)</script></body></html>\n"
entries = []


def appended(name, base, tail, identifier, appended_type, made):
    """`cat base tail > name`: trailing data at len(base)."""
    first = read(base)
    write(name, first + (read(tail) if isinstance(tail, str) else tail))
    entries.append({
        "file": name, "identifier": identifier, "kind": "trailingData",
        "offset": len(first), "appendedType": appended_type, "made": made,
    })


appended("jpeg-zip.jpg", "image.jpg", "archive.zip", "public.jpeg", "public.zip-archive",
         "cat image.jpg archive.zip")
appended("png-html.png", "image.png", PAGE, "public.png", "public.html",
         "cat image.png and an HTML page")
appended("gif-zip.gif", "still.gif", "archive.zip", "com.compuserve.gif",
         "public.zip-archive", "cat still.gif archive.zip")
appended("pdf-zip.pdf", "document.pdf", "archive.zip", "com.adobe.pdf", "public.zip-archive",
         "cat document.pdf archive.zip")
appended("png-mp4.png", "image.png", "clip-h264-aac.mp4", "public.png", "public.mpeg-4",
         "cat image.png clip-h264-aac.mp4")
appended("mp4-zip.mp4", "clip-h264-aac.mp4", "archive.zip", "public.mpeg-4",
         "public.zip-archive", "cat clip-h264-aac.mp4 archive.zip")
appended("mpo-zip.mpo", "stereo.mpo", "archive.zip", "public.mpo-image", "public.zip-archive",
         "cat stereo.mpo archive.zip: after a multi-picture file's last image")

# A GIF whose first block is a comment extension holding a script: what a browser sniffing
# the first bytes as HTML would run. The comment goes right after the global colour table.
gif = read("still.gif")
flags = gif[10]
table = 3 << ((flags & 7) + 1) if flags & 0x80 else 0
at = 13 + table
comment = b"<script>alert(1)</script>"
block = b"\x21\xfe" + bytes([len(comment)]) + comment + b"\x00"
write("gif-script.gif", gif[:at] + block + gif[at:])
entries.append({
    "file": "gif-script.gif", "identifier": "com.compuserve.gif", "kind": "htmlInImage",
    "offset": at + 3, "appendedType": None,
    "made": "still.gif with a comment extension '<script>...' after its colour table",
})

# A JPEG with a COM segment holding an HTML page right after SOI.
jpeg = read("image.jpg")
page = b"<!DOCTYPE html><html><script>alert(1)</script></html>"
segment = b"\xff\xfe" + struct.pack(">H", len(page) + 2) + page
write("jpeg-html-comment.jpg", jpeg[:2] + segment + jpeg[2:])
entries.append({
    "file": "jpeg-html-comment.jpg", "identifier": "public.jpeg", "kind": "htmlInImage",
    "offset": 6, "appendedType": None,
    "made": "image.jpg with a COM segment '<!DOCTYPE html>...' after SOI",
})

svg_script = (b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\n'
              b'<script>alert(1)</script>\n<rect width="10" height="10"/>\n</svg>\n')
write("svg-script.svg", svg_script)
entries.append({
    "file": "svg-script.svg", "identifier": "public.svg-image", "kind": "scriptInSVG",
    "offset": svg_script.index(b"<script"), "appendedType": None,
    "made": "an SVG with a <script> element",
})
svg_onload = (b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"'
              b' onload="alert(1)">\n<rect width="10" height="10"/>\n</svg>\n')
write("svg-onload.svg", svg_onload)
entries.append({
    "file": "svg-onload.svg", "identifier": "public.svg-image", "kind": "scriptInSVG",
    "offset": svg_onload.index(b"onload"), "appendedType": None,
    "made": "an SVG with an onload handler on its root",
})

with open(os.path.join(HERE, "manifest.json"), "w") as handle:
    json.dump(entries, handle, indent=2)
    handle.write("\n")
