#!/usr/bin/env python3
"""Small writers for make-corpus.sh: formats no Debian tool at hand writes.

Usage: writers.py KIND OUTPUT [INPUT]

Each writer states the format facts it relies on in its docstring. Python standard
library only; written for this project.
"""
import io
import struct
import sys
import zipfile
import zlib

PARA = "The quick brown fox jumps over the lazy dog. " * 3


def _zip(path, entries, mimetype=None):
    """Writes a ZIP package; ODF and EPUB require their `mimetype` entry first and
    stored (uncompressed, no extra field), so a reader finds the type at offset 38."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        if mimetype is not None:
            info = zipfile.ZipInfo("mimetype", date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED
            z.writestr(info, mimetype)
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)


def odf(path, kind):
    """OpenDocument (ODF 1.2 part 3): `mimetype` first and stored, then
    META-INF/manifest.xml listing the root, then content.xml."""
    mimes = {
        "odt": ("application/vnd.oasis.opendocument.text", "text",
                "<office:text><text:p>%s</text:p></office:text>" % PARA),
        "ods": ("application/vnd.oasis.opendocument.spreadsheet", "spreadsheet",
                "<office:spreadsheet><table:table table:name=\"S\"><table:table-row>"
                "<table:table-cell office:value-type=\"float\" office:value=\"1\"/>"
                "</table:table-row></table:table></office:spreadsheet>"),
        "odp": ("application/vnd.oasis.opendocument.presentation", "presentation",
                "<office:presentation><draw:page draw:name=\"p1\"/></office:presentation>"),
        "odg": ("application/vnd.oasis.opendocument.graphics", "drawing",
                "<office:drawing><draw:page draw:name=\"p1\"/></office:drawing>"),
    }
    mime, _, body = mimes[kind]
    ns = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"')
    content = ('<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content %s '
               'office:version="1.2"><office:body>%s</office:body></office:document-content>'
               % (ns, body))
    manifest = ('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" manifest:media-type="%s"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                '</manifest:manifest>' % mime)
    _zip(path, [("META-INF/manifest.xml", manifest), ("content.xml", content)], mimetype=mime)


def ooxml(path, kind):
    """Office Open XML (ECMA-376 part 2, OPC): [Content_Types].xml first, the package
    relationship _rels/.rels pointing at the main part, and the main part."""
    W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    P = "http://schemas.openxmlformats.org/presentationml/2006/main"
    R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    OFFDOC = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
    parts = {
        "docx": ("word/document.xml",
                 "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
                 '<w:document xmlns:w="%s"><w:body><w:p><w:r><w:t>%s</w:t></w:r></w:p></w:body></w:document>' % (W, PARA), []),
        "xlsx": ("xl/workbook.xml",
                 "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
                 '<workbook xmlns="%s" xmlns:r="%s"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>' % (S, R),
                 [("xl/_rels/workbook.xml.rels",
                   '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                   '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
                   '</Relationships>'),
                  ("xl/worksheets/sheet1.xml",
                   '<worksheet xmlns="%s"><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>' % S)]),
        "pptx": ("ppt/presentation.xml",
                 "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
                 '<p:presentation xmlns:p="%s" xmlns:r="%s"><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>' % (P, R), []),
    }
    main, ctype, body, extra = parts[kind]
    overrides = '<Override PartName="/%s" ContentType="%s"/>' % (main, ctype)
    if kind == "xlsx":
        overrides += ('<Override PartName="/xl/worksheets/sheet1.xml" ContentType='
                      '"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>')
    types = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
             '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
             '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
             '<Default Extension="xml" ContentType="application/xml"/>%s</Types>' % overrides)
    rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="%s" Target="%s"/></Relationships>' % (OFFDOC, main))
    _zip(path, [("[Content_Types].xml", types), ("_rels/.rels", rels), (main, body)] + extra)


def epub(path):
    """EPUB 3 (OCF): `mimetype` = application/epub+zip first and stored,
    META-INF/container.xml naming the OPF package document."""
    container = ('<?xml version="1.0"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
                 '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>'
                 '</rootfiles></container>')
    opf = ('<?xml version="1.0" encoding="UTF-8"?>\n<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">'
           '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:0</dc:identifier>'
           '<dc:title>Test</dc:title><dc:language>en</dc:language></metadata>'
           '<manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml" properties="nav"/></manifest>'
           '<spine><itemref idref="c"/></spine></package>')
    page = ('<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">'
            '<head><title>T</title></head><body><nav epub:type="toc"><ol><li><a href="c.xhtml">T</a></li></ol></nav>'
            '<p>%s</p></body></html>' % PARA)
    _zip(path, [("META-INF/container.xml", container), ("OEBPS/content.opf", opf), ("OEBPS/c.xhtml", page)],
         mimetype="application/epub+zip")


def farbfeld(path):
    """farbfeld: magic "farbfeld", u32 BE width, u32 BE height, then RGBA pixels,
    16 bits per channel, big-endian, row-major."""
    w, h = 16, 8
    px = b"".join(struct.pack(">4H", x * 4096, y * 8192, 0x8000, 0xFFFF) for y in range(h) for x in range(w))
    open(path, "wb").write(b"farbfeld" + struct.pack(">II", w, h) + px)


def midi(path):
    """Standard MIDI File: chunk "MThd" len 6 (format 0, 1 track, 96 ticks per quarter),
    chunk "MTrk" with delta-time-prefixed events: tempo meta, note on/off, end of track."""
    ev = bytes([0x00, 0xFF, 0x51, 0x03, 0x07, 0xA1, 0x20])          # tempo 500000 us
    for note in (60, 64, 67):
        ev += bytes([0x00, 0x90, note, 0x60, 0x60, 0x80, note, 0x40])  # on, 96 ticks, off
    ev += bytes([0x00, 0xFF, 0x2F, 0x00])                               # end of track
    data = b"MThd" + struct.pack(">IHHH", 6, 0, 1, 96) + b"MTrk" + struct.pack(">I", len(ev)) + ev
    open(path, "wb").write(data)


def wasm(path):
    """WebAssembly binary: magic "\\0asm", version 1 (u32 LE), then sections (id, LEB128
    size, body): type section with one func type () -> i32, function section, export
    section exporting it as "f", code section with body `i32.const 42; end`."""
    def sec(i, body):
        return bytes([i, len(body)]) + body
    types = sec(1, bytes([1, 0x60, 0, 1, 0x7F]))
    funcs = sec(3, bytes([1, 0]))
    exports = sec(7, bytes([1, 1]) + b"f" + bytes([0, 0]))
    body = bytes([0, 0x41, 42, 0x0B])  # no locals, i32.const 42, end
    code = sec(10, bytes([1, len(body)]) + body)
    open(path, "wb").write(b"\0asm" + struct.pack("<I", 1) + types + funcs + exports + code)


def woff(path, ttf):
    """WOFF 1.0 (W3C): 44-byte header ("wOFF", flavor, length, numTables, reserved,
    totalSfntSize, version, metadata/private offsets 0), then a 20-byte directory entry
    per table (tag, offset, compLength, origLength, origChecksum), then each table
    zlib-compressed (or stored when that is not smaller), 4-byte aligned."""
    src = open(ttf, "rb").read()
    flavor, num = struct.unpack(">IH", src[:6])
    tables = []
    for i in range(num):
        tag, csum, off, length = struct.unpack(">4sIII", src[12 + 16 * i: 28 + 16 * i])
        tables.append((tag, csum, src[off:off + length]))
    tables.sort()
    offset = 44 + 20 * num
    directory, blobs = b"", b""
    sfnt_size = 12 + 16 * num
    for tag, csum, data in tables:
        comp = zlib.compress(data)
        if len(comp) >= len(data):
            comp = data
        directory += struct.pack(">4sIIII", tag, offset + len(blobs), len(comp), len(data), csum)
        blobs += comp + b"\0" * (-len(comp) % 4)
        sfnt_size += len(data) + (-len(data) % 4)
    total = 44 + len(directory) + len(blobs)
    header = struct.pack(">4sIIHHIHHIIIII", b"wOFF", flavor, total, num, 0, sfnt_size, 1, 0, 0, 0, 0, 0, 0)
    open(path, "wb").write(header + directory + blobs)


def uuencode(path, src):
    """uuencode: "begin MODE NAME", lines of binascii.b2a_uu (45 bytes each), "`", "end"."""
    import binascii
    data = open(src, "rb").read()
    out = io.BytesIO()
    out.write(b"begin 644 payload.bin\n")
    for i in range(0, len(data), 45):
        out.write(binascii.b2a_uu(data[i:i + 45], backtick=True))
    out.write(b"`\nend\n")
    open(path, "wb").write(out.getvalue())


def pcap(path):
    """libpcap capture: global header (magic a1b2c3d4 LE, version 2.4, thiszone, sigfigs,
    snaplen, linktype 1 = Ethernet), then per packet ts_sec, ts_usec, incl_len, orig_len."""
    frame = bytes(6) + bytes([2, 0, 0, 0, 0, 1]) + b"\x08\x00" + bytes(46)
    data = struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)
    for i in range(3):
        data += struct.pack("<IIII", 1700000000 + i, 0, len(frame), len(frame)) + frame
    open(path, "wb").write(data)


def torrent(path):
    """BitTorrent metainfo: a bencoded dictionary (keys sorted) with announce and info."""
    def b(v):
        if isinstance(v, int):
            return b"i%de" % v
        if isinstance(v, str):
            v = v.encode()
        if isinstance(v, bytes):
            return b"%d:%s" % (len(v), v)
        if isinstance(v, dict):
            return b"d" + b"".join(b(k) + b(v[k]) for k in sorted(v)) + b"e"
        raise TypeError(v)
    info = {"length": 1024, "name": "payload.bin", "piece length": 16384, "pieces": bytes(20)}
    open(path, "wb").write(b({"announce": "http://tracker.invalid/announce", "info": info}))


def pe(path):
    """A minimal PE32 console executable: DOS header ("MZ", e_lfanew at 0x3C = 0x40),
    "PE\\0\\0", COFF header (machine 0x14C i386, 1 section, optional header size 224,
    characteristics 0x0102 executable|32-bit), PE32 optional header (magic 0x10B, entry
    0x1000, image base 0x400000, alignment 0x1000/0x200, subsystem 3 console, 16 data
    directories), one .text section holding `ret` (0xC3)."""
    dos = bytearray(64)
    dos[0:2] = b"MZ"
    struct.pack_into("<I", dos, 0x3C, 0x40)
    coff = struct.pack("<HHIIIHH", 0x14C, 1, 0, 0, 0, 224, 0x0102)
    opt = struct.pack("<HBBIIIIIII", 0x10B, 14, 0, 0x200, 0, 0, 0x1000, 0x1000, 0x2000, 0x400000)
    opt += struct.pack("<IIHHHHHHIIIIHHIIIIII", 0x1000, 0x200, 6, 0, 0, 0, 6, 0, 0, 0x2000, 0x200, 0, 3, 0,
                       0x100000, 0x1000, 0x100000, 0x1000, 0, 16)
    opt += bytes(16 * 8)
    sect = struct.pack("<8sIIIIIIHHI", b".text", 1, 0x1000, 0x200, 0x200, 0, 0, 0, 0, 0x60000020)
    head = bytes(dos) + b"PE\0\0" + coff + opt + sect
    head += bytes(0x200 - len(head))
    open(path, "wb").write(head + b"\xC3" + bytes(0x1FF))


def id3(path, src):
    """An ID3v2.3 tag put before SRC's bytes, as some taggers do even to FLAC files: "ID3",
    version 3.0, flags 0, tag size as 4 syncsafe bytes (7 bits each), then a TIT2 frame
    (id, u32 BE size, 2 flag bytes, encoding 0 = ISO-8859-1, text) and 64 bytes of padding."""
    text = b"\0" + b"Tagged title"
    frame = b"TIT2" + struct.pack(">I", len(text)) + b"\0\0" + text
    body = frame + bytes(64)
    n = len(body)
    size = bytes([(n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F])
    data = open(src, "rb").read()
    open(path, "wb").write(b"ID3\x03\x00\x00" + size + body + data)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    kind, out = sys.argv[1], sys.argv[2]
    arg = sys.argv[3] if len(sys.argv) > 3 else None
    if kind in ("odt", "ods", "odp", "odg"):
        odf(out, kind)
    elif kind in ("docx", "xlsx", "pptx"):
        ooxml(out, kind)
    elif kind in ("woff", "uuencode", "id3"):
        if arg is None:
            sys.exit("writers.py %s needs an INPUT" % kind)
        globals()[kind](out, arg)
    elif kind in ("epub", "farbfeld", "midi", "wasm", "pcap", "torrent", "pe"):
        globals()[kind](out)
    else:
        sys.exit("writers.py: unknown kind %r" % kind)


if __name__ == "__main__":
    main()
