#!/usr/bin/env python3
"""Byte-level edits that no encoder makes on its own, called by generate.sh.

Each sub-command reads one file and writes another; nothing is edited in place.
ISO-BMFF edits that move media data also move the chunk offsets (stco/co64) so
that the result still plays.

  strip-ftyp IN OUT              drop the leading ftyp box (a QuickTime file that
                                 starts with its `wide` atom, as old QuickTime wrote)
  major-brand IN OUT BRAND       set the ftyp major brand (4 characters)
  compat-brand IN OUT OLD NEW    replace one compatible brand with another
  mdat64 IN OUT                  rewrite the mdat header with size=1 and a 64-bit size
  truncate-in-box IN OUT TYPE    cut the file in the middle of the first top-level TYPE box
  id3 IN OUT TOTAL               put an ID3v2.3 tag of TOTAL bytes (header included) in front
  zero-times IN OUT              zero creation/modification times in mvhd, tkhd and mdhd
  utf16le IN OUT                 re-encode UTF-8 text as UTF-16 LE with a BOM
  ole-drop-thumbnail IN OUT      rewrite an OLE2 compound file (version 3) with the thumbnail
                                 property (PIDSI_THUMBNAIL) removed from SummaryInformation;
                                 every other stream and the directory tree are kept as they are
  ooxml-main-type IN OUT OLD NEW rewrite an Office Open XML package with the content type OLD
                                 replaced by NEW in [Content_Types].xml (exactly one
                                 occurrence); every entry keeps its name, order, date and
                                 method, and is re-deflated by Python's zlib
  ooxml-part-package IN OUT KIND rewrite a PowerPoint package (.pptx) as the package of
                                 one part, as PowerPoint saves a slide (.sldx) or a theme
                                 (.thmx): KIND slide drops the presentation part and points
                                 the root relationship at the first slide; KIND theme keeps
                                 the first theme only, under theme/theme/, behind a theme
                                 manager part the root relationship points at
  tga-footer IN OUT ALPHA        set a TGA's alpha-bit count (descriptor bits 0-3) to ALPHA
                                 and end the file with the TGA 2.0 footer (no extension or
                                 developer area): the layout of a 16-bit TGA that declares 8
                                 alpha bits, which some writers make and decoders read
  palm-dates IN OUT SECONDS      set a Palm OS database's creation and modification dates
                                 (big-endian seconds since 1904 at offsets 36 and 40), which
                                 ImageMagick's PDB writer takes from the clock
  container-id IN OUT FOURCC     replace the first four bytes (a RIFF file's container ID)
                                 with FOURCC: AVI as the camcorders that write `AVF0` lay
                                 it out
"""

import re
import struct
import sys
import zipfile

CONTAINERS = {b"moov", b"trak", b"mdia", b"minf", b"stbl", b"edts", b"dinf", b"udta", b"mvex"}


def boxes(data, start, end):
    """Yield (offset, header_size, total_size, type) for the boxes in data[start:end]."""
    pos = start
    while pos + 8 <= end:
        size, kind = struct.unpack(">I4s", data[pos : pos + 8])
        header = 8
        if size == 1:
            size = struct.unpack(">Q", data[pos + 8 : pos + 16])[0]
            header = 16
        elif size == 0:
            size = end - pos
        if size < header or pos + size > end:
            raise ValueError(f"bad box {kind!r} at {pos}")
        yield pos, header, size, kind
        pos += size


def shift_chunk_offsets(data, delta, after=0):
    """Add delta to every stco/co64 entry whose value is >= after (data is a bytearray)."""
    count = 0

    def walk(start, end):
        nonlocal count
        for pos, header, size, kind in boxes(data, start, end):
            if kind in CONTAINERS:
                walk(pos + header, pos + size)
            elif kind in (b"stco", b"co64"):
                body = pos + header
                entries = struct.unpack(">I", data[body + 4 : body + 8])[0]
                width = 4 if kind == b"stco" else 8
                fmt = ">I" if kind == b"stco" else ">Q"
                for i in range(entries):
                    at = body + 8 + i * width
                    value = struct.unpack(fmt, data[at : at + width])[0]
                    if value >= after:
                        struct.pack_into(fmt, data, at, value + delta)
                        count += 1

    walk(0, len(data))
    return count


def read(path):
    with open(path, "rb") as handle:
        return bytearray(handle.read())


def write(path, data):
    with open(path, "wb") as handle:
        handle.write(data)


def strip_ftyp(src, dst):
    data = read(src)
    first = next(boxes(data, 0, len(data)))
    if first[3] != b"ftyp":
        raise SystemExit(f"{src}: first box is {first[3]!r}, not ftyp")
    size = first[2]
    rest = bytearray(data[size:])
    shift_chunk_offsets(rest, -size)
    if rest[4:8] != b"wide":
        raise SystemExit(f"{src}: after ftyp comes {bytes(rest[4:8])!r}, not wide")
    write(dst, rest)


def major_brand(src, dst, brand):
    data = read(src)
    if data[4:8] != b"ftyp" or len(brand) != 4:
        raise SystemExit(f"{src}: no ftyp box first, or brand is not 4 characters")
    data[8:12] = brand.encode("ascii")
    write(dst, data)


def compat_brand(src, dst, old, new):
    data = read(src)
    pos, header, size, kind = next(boxes(data, 0, len(data)))
    if kind != b"ftyp":
        raise SystemExit(f"{src}: no ftyp box first")
    for at in range(pos + 16, pos + size, 4):
        if data[at : at + 4] == old.encode("ascii"):
            data[at : at + 4] = new.encode("ascii")
            write(dst, data)
            return
    raise SystemExit(f"{src}: compatible brand {old!r} not found")


def mdat64(src, dst):
    data = read(src)
    for pos, header, size, kind in boxes(data, 0, len(data)):
        if kind == b"mdat":
            if header != 8:
                raise SystemExit(f"{src}: mdat already has a 64-bit size")
            new_header = struct.pack(">I4sQ", 1, b"mdat", size + 8)
            out = data[:pos] + new_header + data[pos + 8 :]
            shift_chunk_offsets(out, 8, after=pos + 8)
            write(dst, out)
            return
    raise SystemExit(f"{src}: no mdat box")


def truncate_in_box(src, dst, kind):
    data = read(src)
    for pos, header, size, found in boxes(data, 0, len(data)):
        if found == kind.encode("ascii"):
            write(dst, data[: pos + header + (size - header) // 2])
            return
    raise SystemExit(f"{src}: no top-level {kind} box")


def zero_times(src, dst):
    data = read(src)
    count = 0

    def walk(start, end):
        nonlocal count
        for pos, header, size, kind in boxes(data, start, end):
            if kind in CONTAINERS:
                walk(pos + header, pos + size)
            elif kind in (b"mvhd", b"tkhd", b"mdhd"):
                body = pos + header
                width = 8 if data[body] == 1 else 4
                data[body + 4 : body + 4 + 2 * width] = bytes(2 * width)
                count += 1

    walk(0, len(data))
    if count == 0:
        raise SystemExit(f"{src}: no mvhd/tkhd/mdhd box")
    write(dst, data)


def syncsafe(value):
    return bytes([(value >> 21) & 0x7F, (value >> 14) & 0x7F, (value >> 7) & 0x7F, value & 0x7F])


def id3(src, dst, total):
    audio = read(src)
    if audio[:3] == b"ID3":
        raise SystemExit(f"{src}: already tagged")
    title = b"\x00" + b"Fixture behind a large tag"
    frames = b"TIT2" + struct.pack(">I", len(title)) + b"\x00\x00" + title
    # A PRIV frame carries most of the bulk, as embedded artwork would; the rest is padding.
    owner = b"mediatype-fixtures\x00"
    payload = bytes(i % 251 for i in range(total - 10 - len(frames) - 10 - len(owner) - 256))
    priv = owner + payload
    frames += b"PRIV" + struct.pack(">I", len(priv)) + b"\x00\x00" + priv
    body = frames + b"\x00" * (total - 10 - len(frames))
    header = b"ID3\x03\x00\x00" + syncsafe(len(body))
    write(dst, header + body + audio)


def utf16le(src, dst):
    with open(src, encoding="utf-8") as handle:
        text = handle.read()
    write(dst, b"\xff\xfe" + text.encode("utf-16-le"))


FREE, END, FATSECT = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD


def ole_read(data):
    """Return (directory entries as dicts, {entry index: stream bytes}) of a CFB file."""
    if data[:8] != bytes.fromhex("d0cf11e0a1b11ae1"):
        raise SystemExit("not an OLE2 compound file")
    sector_size = 1 << struct.unpack("<H", data[30:32])[0]
    mini_size = 1 << struct.unpack("<H", data[32:34])[0]
    (fat_count, first_dir, _, cutoff, first_minifat, minifat_count, first_difat, difat_count) = (
        struct.unpack("<IIIIIIII", data[44:76])
    )

    def sector(n):
        start = (n + 1) * sector_size
        return data[start : start + sector_size]

    difat = list(struct.unpack("<109I", data[76:512]))
    next_difat = first_difat
    for _ in range(difat_count):
        values = struct.unpack(f"<{sector_size // 4}I", sector(next_difat))
        difat += values[:-1]
        next_difat = values[-1]
    fat = []
    for n in difat[:fat_count]:
        fat += struct.unpack(f"<{sector_size // 4}I", sector(n))

    def chain(first, table):
        out, n, seen = [], first, set()
        while n < FATSECT:
            if n in seen or n >= len(table):
                raise SystemExit("broken sector chain")
            seen.add(n)
            out.append(n)
            n = table[n]
        return out

    def read_chain(first):
        return b"".join(sector(n) for n in chain(first, fat))

    raw = read_chain(first_dir)
    entries = []
    for at in range(0, len(raw), 128):
        e = raw[at : at + 128]
        name_len = struct.unpack("<H", e[64:66])[0]
        left, right, child = struct.unpack("<III", e[68:80])
        start, size = struct.unpack("<IQ", e[116:128])
        entries.append({
            "raw": bytearray(e), "name": e[: max(name_len - 2, 0)].decode("utf-16-le"),
            "type": e[66], "left": left, "right": right, "child": child,
            "start": start, "size": size & 0xFFFFFFFF if sector_size == 512 else size,
        })
    minifat = []
    if minifat_count:
        mf = read_chain(first_minifat)
        minifat = list(struct.unpack(f"<{len(mf) // 4}I", mf))
    ministream = read_chain(entries[0]["start"]) if entries[0]["size"] else b""
    streams = {}
    for index, e in enumerate(entries):
        if e["type"] != 2:
            continue
        if e["size"] < cutoff:
            body = b"".join(
                ministream[n * mini_size : (n + 1) * mini_size] for n in chain(e["start"], minifat)
            )
        else:
            body = read_chain(e["start"])
        streams[index] = body[: e["size"]]
    return entries, streams


def ole_write(entries, streams):
    """Lay out a version 3 CFB (512-byte sectors, 64-byte mini sectors, cutoff 4096)."""
    fat, body = [], bytearray()

    def put(blob, marker=None):
        count = (len(blob) + 511) // 512
        first = len(fat)
        for i in range(count):
            fat.append(marker if marker is not None else (first + i + 1 if i + 1 < count else END))
        body.extend(blob + bytes(count * 512 - len(blob)))
        return first if count else END

    ministream, minifat = bytearray(), []
    for index, e in enumerate(entries):
        if e["type"] != 2:
            continue
        blob = streams[index]
        if len(blob) < 4096:
            count = (len(blob) + 63) // 64
            first = len(minifat) if count else END
            for i in range(count):
                minifat.append(len(minifat) + 1 if i + 1 < count else END)
            ministream.extend(blob + bytes(count * 64 - len(blob)))
            e["start"] = first
        else:
            e["start"] = put(blob)
        e["size"] = len(blob)
    entries[0]["start"] = put(bytes(ministream)) if ministream else END
    entries[0]["size"] = len(ministream)
    directory = bytearray()
    for e in entries:
        raw = e["raw"]
        struct.pack_into("<IQ", raw, 116, e["start"], e["size"])
        directory += raw
    directory += bytes((-len(directory)) % 512)
    first_dir = put(bytes(directory))
    minifat_bytes = struct.pack(f"<{len(minifat)}I", *minifat) if minifat else b""
    minifat_bytes += struct.pack("<I", FREE) * ((-len(minifat_bytes) // 4) % 128)
    first_minifat = put(minifat_bytes) if minifat else END
    minifat_count = len(minifat_bytes) // 512
    fat_count = 0
    while (len(fat) + fat_count + 127) // 128 > fat_count:
        fat_count += 1
    if fat_count > 109:
        raise SystemExit("file too large for a header-only DIFAT")
    fat_sectors = list(range(len(fat), len(fat) + fat_count))
    fat.extend([FATSECT] * fat_count)
    fat.extend([FREE] * (fat_count * 128 - len(fat)))
    body.extend(struct.pack(f"<{len(fat)}I", *fat))
    header = bytearray(512)
    header[0:8] = bytes.fromhex("d0cf11e0a1b11ae1")
    struct.pack_into("<HHHHH", header, 24, 0x3E, 3, 0xFFFE, 9, 6)
    struct.pack_into(
        "<IIIIIIII", header, 44,
        fat_count, first_dir, 0, 4096, first_minifat, minifat_count, END, 0,
    )
    difat = fat_sectors + [FREE] * (109 - fat_count)
    struct.pack_into("<109I", header, 76, *difat)
    return bytes(header) + bytes(body)


def drop_property(stream, pid):
    """Remove one property from the first section of a property set stream."""
    offset = struct.unpack("<I", stream[44:48])[0]
    size, count = struct.unpack("<II", stream[offset : offset + 8])
    pairs = [struct.unpack("<II", stream[offset + 8 + 8 * i : offset + 16 + 8 * i]) for i in range(count)]
    ends = sorted(o for _, o in pairs) + [size]
    values = {}
    for p, o in pairs:
        values[p] = stream[offset + o : offset + ends[ends.index(o) + 1]]
    kept = [(p, values[p]) for p, _ in pairs if p != pid]
    if len(kept) == len(pairs):
        raise SystemExit(f"property {pid:#x} not present")
    table_size = 8 + 8 * len(kept)
    table, blob, at = b"", b"", table_size
    for p, value in kept:
        table += struct.pack("<II", p, at)
        blob += value
        at += len(value)
    section = struct.pack("<II", table_size + len(blob), len(kept)) + table + blob
    return stream[:offset] + section + stream[offset + size :]


def ole_drop_thumbnail(src, dst):
    entries, streams = ole_read(bytes(read(src)))
    for index, e in enumerate(entries):
        if e["name"] == "\x05SummaryInformation":
            streams[index] = drop_property(streams[index], 0x11)
            break
    else:
        raise SystemExit(f"{src}: no SummaryInformation stream")
    write(dst, ole_write(entries, streams))


def ooxml_main_type(src, dst, old, new):
    with zipfile.ZipFile(src) as package:
        parts = [(info, package.read(info)) for info in package.infolist()]
    names = [info.filename for info, _ in parts]
    if "[Content_Types].xml" not in names:
        raise SystemExit(f"{src}: no [Content_Types].xml")
    with zipfile.ZipFile(dst, "w") as out:
        for info, data in parts:
            if info.filename == "[Content_Types].xml":
                text = data.decode("utf-8")
                if text.count(f'ContentType="{new}"') == 1 and f'ContentType="{old}"' not in text:
                    pass  # already declared as NEW (a later LibreOffice): keep it
                elif text.count(f'ContentType="{old}"') != 1:
                    raise SystemExit(f"{src}: {old} is not declared exactly once")
                data = text.replace(f'ContentType="{old}"', f'ContentType="{new}"').encode("utf-8")
            out.writestr(info, data)


OFFICE_DOCUMENT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
PRESENTATIONML = "application/vnd.openxmlformats-officedocument.presentationml."


def ooxml_part_package(src, dst, kind):
    with zipfile.ZipFile(src) as package:
        parts = {info.filename: (info, package.read(info)) for info in package.infolist()}
    if "ppt/presentation.xml" not in parts or "[Content_Types].xml" not in parts:
        raise SystemExit(f"{src}: not a PowerPoint package")
    types = parts["[Content_Types].xml"][1].decode("utf-8")
    head = types[: types.index("<Override")]
    root_rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                 '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                 '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/package/2006/'
                 'relationships/metadata/core-properties" Target="docProps/core.xml"/>'
                 f'<Relationship Id="rId2" Type="{OFFICE_DOCUMENT}" Target="%s"/></Relationships>')
    core = ('<Override PartName="/docProps/core.xml" ContentType="application/'
            'vnd.openxmlformats-package.core-properties+xml"/>')
    if kind == "slide":
        dropped = {"ppt/presentation.xml", "ppt/_rels/presentation.xml.rels", "ppt/presProps.xml",
                   "docProps/app.xml"}
        kept = [(info, data) for name, (info, data) in parts.items()
                if name not in dropped and name not in ("_rels/.rels", "[Content_Types].xml")]
        overrides = [o for o in re.findall(r"<Override [^>]*/>", types)
                     if "/ppt/presentation.xml" not in o and "/ppt/presProps.xml" not in o
                     and "/docProps/app.xml" not in o]
        new_types = head + "".join(overrides) + "</Types>"
        rels = root_rels % "ppt/slides/slide1.xml"
    elif kind == "theme":
        theme = parts["ppt/theme/theme1.xml"]
        drawingml = "http://schemas.openxmlformats.org/drawingml/2006/main"
        manager = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                   f'<a:themeManager xmlns:a="{drawingml}"/>')
        manager_rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
                        'relationships"><Relationship Id="rId1" Type="http://schemas.'
                        'openxmlformats.org/officeDocument/2006/relationships/theme" '
                        'Target="theme1.xml"/></Relationships>')
        kept = [(parts["docProps/core.xml"][0], parts["docProps/core.xml"][1]),
                (zipfile.ZipInfo("theme/theme/themeManager.xml", theme[0].date_time),
                 manager.encode()),
                (zipfile.ZipInfo("theme/theme/_rels/themeManager.xml.rels", theme[0].date_time),
                 manager_rels.encode()),
                (zipfile.ZipInfo("theme/theme/theme1.xml", theme[0].date_time), theme[1])]
        office = "application/vnd.openxmlformats-officedocument."
        new_types = (head + core + '<Override PartName="/theme/theme/themeManager.xml" '
                     f'ContentType="{office}themeManager+xml"/>'
                     '<Override PartName="/theme/theme/theme1.xml" '
                     f'ContentType="{office}theme+xml"/></Types>')
        rels = root_rels % "theme/theme/themeManager.xml"
    else:
        raise SystemExit(f"ooxml-part-package: KIND is slide or theme, not {kind}")
    date = parts["[Content_Types].xml"][0].date_time
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr(zipfile.ZipInfo("[Content_Types].xml", date), new_types.encode("utf-8"),
                     compress_type=zipfile.ZIP_DEFLATED)
        out.writestr(zipfile.ZipInfo("_rels/.rels", date), rels.encode("utf-8"),
                     compress_type=zipfile.ZIP_DEFLATED)
        for info, data in kept:
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)


def tga_footer(src, dst, alpha):
    data = bytearray(read(src))
    if len(data) < 18 or data[2] not in (1, 2, 3, 9, 10, 11):
        raise SystemExit(f"{src}: not a TGA")
    if data[-18:] == b"TRUEVISION-XFILE.\0":
        raise SystemExit(f"{src}: already ends with a TGA 2.0 footer")
    data[17] = (data[17] & 0xF0) | (int(alpha) & 0x0F)
    # Extension area offset, developer directory offset (none), signature, ".", NUL.
    data += struct.pack("<II", 0, 0) + b"TRUEVISION-XFILE.\0"
    write(dst, data)


def palm_dates(src, dst, seconds):
    data = bytearray(read(src))
    if len(data) < 78 or 0 not in data[:32]:
        raise SystemExit(f"{src}: not a Palm OS database")
    data[36:44] = struct.pack(">II", int(seconds), int(seconds))
    write(dst, data)


def container_id(src, dst, fourcc):
    code = fourcc.encode("ascii")
    if len(code) != 4:
        raise SystemExit("container-id: FOURCC must be 4 characters")
    data = read(src)
    write(dst, code + data[4:])


def main(argv):
    commands = {
        "strip-ftyp": (strip_ftyp, 2),
        "major-brand": (major_brand, 3),
        "compat-brand": (compat_brand, 4),
        "mdat64": (mdat64, 2),
        "truncate-in-box": (truncate_in_box, 3),
        "id3": (lambda s, d, n: id3(s, d, int(n)), 3),
        "zero-times": (zero_times, 2),
        "utf16le": (utf16le, 2),
        "ole-drop-thumbnail": (ole_drop_thumbnail, 2),
        "ooxml-main-type": (ooxml_main_type, 4),
        "ooxml-part-package": (ooxml_part_package, 3),
        "tga-footer": (tga_footer, 3),
        "palm-dates": (palm_dates, 3),
        "container-id": (container_id, 3),
    }
    if len(argv) < 2 or argv[1] not in commands or len(argv) - 2 != commands[argv[1]][1]:
        raise SystemExit(__doc__)
    commands[argv[1]][0](*argv[2:])


if __name__ == "__main__":
    main(sys.argv)
