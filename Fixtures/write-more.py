#!/usr/bin/env python3
"""Writers for the fixtures of generate-more.sh that no installed Debian tool makes.

  mpo OUT LEFT.jpg RIGHT.jpg
      a Multi-Picture Format file (CIPA DC-007): the two baseline JPEGs, the first given an
      APP2 "MPF" segment after its APP0 with the MP Index IFD (MPFVersion "0100",
      NumberOfImages 2, two MP entries of type 0x020002 "disparity image", the first flagged
      representative, sizes and offsets as the standard counts them: the first image at 0, the
      others from the MP header's byte-order mark), the second an APP2 "MPF" segment with its
      MP Attribute IFD (MPFVersion, MPIndividualNum 2). This is how a stereo camera stores a
      left/right pair.

  rmid IN.mid OUT
      a RIFF MIDI file: RIFF, the form type RMID, and one "data" chunk holding the Standard
      MIDI File unchanged (padded to an even size), as Microsoft's RIFF MIDI wraps it.

  dls OUT
      a Downloadable Sounds bank (MMA DLS Level 1): RIFF, the form type "DLS ", a collection
      header (colh: no instruments), the version chunk (vers: 1.0.0.0), an empty instrument
      list (LIST lins), the pool table (ptbl: an 8-byte header, no cues) and an empty wave
      pool (LIST wvpl), in the order the specification gives. No Debian tool writes DLS.

  flic OUT
      an Autodesk Animator Pro FLC animation (FLIC type 0xAF12): the 128-byte header (size,
      type, 1 frame, 16x16, depth 8, flags 3, 70 ms a frame, the first frame's offset 128 at
      80 and the ring frame's at 84), then one frame chunk (0xF1FA) holding a COLOR_256
      chunk (type 4: one packet of 16 grey levels) and a BYTE_RUN chunk (type 15: each line
      one literal run of 16 palette indices, a vertical gradient), chunk sizes even. No Debian
      tool writes FLIC; ffmpeg and Pillow read it.

  mcidas OUT
      a McIDAS AREA file (SSEC's McIDAS programmer's manual, AREA format): the directory of
      64 big-endian words (W1 status 0, W2 version 4, W3 sensor 70, date and time, W9-W11
      16 lines of 16 one-byte elements, W14 one band, W34 the data at byte 256), then the
      256 pixels of a diagonal gradient. No Debian tool writes AREA files; Pillow reads them.

  imt OUT
      an IM Tools image (Pillow's IMT reader: `width`, `height`, `pixel n8` lines and a form
      feed before 16x16 grey pixels). No Debian tool writes it; Pillow reads it.

  pickle OUT
      a Python pickle of protocol 4 (the standard library's pickle.dumps of a small dict).

  pickle0 OUT, pickle1 OUT
      a Python pickle of protocol 0, which is text, or 1, its binary extension; neither has a
      header (pickle.dumps of a dict holding a list, strings, a float, a boolean, a set and a
      date, so that globals and reduce appear).

  ftex OUT
      an FTEX texture of Independence War 2 (the "Texture File Format" of 2001, as Pillow's
      FtexImagePlugin documents it): "FTEX", version 1, 16x16, 1 mipmap, 1 format; the
      directory entry (format 1, uncompressed 24-bit RGB, at byte 32); the mipmap's size
      (768) and its RGB bytes. No Debian tool writes FTEX; Pillow reads it.

  composer669 OUT
      a Composer 669 module (the 669 format description): the marker "if", a 108-byte song
      message, 1 sample and 1 pattern, loop order 0, an order list of pattern 0 then 0xFF,
      tempo 4 and break row 63 for every order, the sample header (name, length 256, loop
      start 0, loop end 0xFFFFF: no loop), one pattern of 64 rows x 8 channels whose first
      cell plays the sample (the rest empty: FF 00 FF), then 256 bytes of an unsigned 8-bit
      triangle wave. No Debian tool writes 669; libopenmpt (through ffprobe) reads it.

  c64basic OUT
      a Commodore 64 BASIC V2 program as the C64 saves one (a PRG file): the load address
      $0801 (little-endian), then each line as the link to the next line's address, the line
      number, the text with keywords tokenized (PRINT = 0x99, GOTO = 0x89) and a zero byte;
      a zero link ends the program. The program is `10 PRINT "HELLO"` and `20 GOTO 10`. No
      Debian tool writes one (VICE's petcat is not in Debian main).

  jpegxs FRAMES OUT
      JPEG XS (ISO/IEC 21122-1) codestreams, FRAMES of them back to back (one is a still
      codestream, more are a .jxsv video): each is SOC (FF10); CAP (FF50) with no capability
      bits; PIH (FF12, length 26) stating the codestream's own length, profile and level
      unrestricted, 16x16, one slice of 16 lines, 3 components, 4 coefficients a group, 8 a
      significance group, 20 bits a word, Fq 8, Br 4, one horizontal decomposition level and
      no vertical one; CDT (FF13) giving each component 8 bits and no subsampling; WGT (FF14)
      with a gain and a distinct priority for each of the 6 bands; one slice header SLH
      (FF20) for slice 0; 64 zero bytes where an encoder's precinct data would be; EOC
      (FF11). The headers follow the standard; the precinct bytes are placeholders, so a
      decoder would not draw a picture. No Debian tool writes or reads JPEG XS.

  kdc OUT
      a TIFF written by Pillow (PyPI) as Kodak's KDC raw files begin: a 16x16 RGB image whose
      IFD0 holds Make "EASTMAN KODAK COMPANY", Model "KODAK P850 ZOOM DIGITAL CAMERA" and
      Kodak's private tag 0xFD00 (LONG 1), which KDC files carry (in a sub-IFD there). The
      pixels are not raw sensor data; no Debian tool writes KDC.

  dicom KIND OUT
      a DICOM Part 10 file (PS3.10) written by pydicom (PyPI): a 16x16 8-bit grey secondary
      capture image, explicit VR little endian, fixed UIDs. KIND plain leaves the 128-byte
      preamble zero; KIND tiff opens it with a TIFF header (II, 42, an IFD offset), as PS3.10
      7.1 allows for files that TIFF readers may also open; KIND bare writes the data set
      alone (implicit VR little endian, no preamble, no DICM, no file meta group), as older
      tools did.

  wpg OUT
      a WordPerfect Graphics 1 image (the WordPerfect SDK's file format pages): the 16-byte
      WordPerfect prefix (FF 'WPC', the data at 16, product type 1 for WordPerfect, file type
      22 for a graphic, version 1.0, not encrypted), then WPG records, each a type byte and a
      one-byte length: Start WPG (version 1, 8x8), a type-1 bitmap (8x8, 1 bit deep, 75 dpi,
      one run of 8 literal bytes: four rows of F0, four of 0F) and End WPG. No Debian tool
      writes WPG; ImageMagick reads this one back as 8x8.

  rawcd IN OUT
      a CD image of raw 2352-byte Mode 1 sectors (ECMA-130, section 14), the .bin of a
      BIN/CUE pair, from an ISO 9660 image of 2048-byte sectors: each sector the sync pattern
      (00, ten FF, 00), its address as minutes, seconds and frames in BCD (2 seconds of
      lead-in added), mode 1, the 2048 bytes, their EDC (the CRC-32 of ECMA-130 annex A over
      the 2064 bytes before it), 8 zero bytes, and the 276 bytes of ECC left zero (no reader
      of the file system checks them). Debian's tools convert such images to ISO (bchunk), not
      back.

  ole2 KIND OUT
      a Compound File Binary (MS-CFB) version 3 file: 512-byte sectors, one FAT sector, the
      directory as a balanced tree of the root's children sorted as MS-CFB orders names
      (length first, then upper-cased), streams under the 4096-byte cutoff in the root's mini
      stream (64-byte mini sectors, a mini FAT), the root CLSID the application writes. The
      streams hold short placeholder bytes, except where a sniffer reads them (the WordPerfect
      file header at the start of PerfectOffice_MAIN). KIND is one of:
        works-wps      Works 4 document: Works 4 CLSID, CONTENTS, SPELLING, CompObj
        works-wdb      Works 4 database: Works 4 database CLSID, CONTENTS, CompObj
        starwriter     StarWriter 5.0: its CLSID, StarWriterDocument, SfxDocumentInfo, CompObj
        starcalc       StarCalc 5.0: its CLSID, StarCalcDocument, SfxDocumentInfo, CompObj
        starimpress    StarImpress 5.0: its CLSID, StarDrawDocument3 (the stream StarDraw
                       uses too), SfxStyleSheets, CompObj
        quattro        Quattro Pro 9: no CLSID, NativeContent_MAIN
        wordperfect    WordPerfect in OLE: no CLSID, PerfectOffice_MAIN starting with the WPC
                       header (FF "WPC", document area offset, product 1, file type 0x0A,
                       version 2.1), PerfectOffice_OBJECTS
        flashpix       FlashPix image: the FlashPix CLSID, SummaryInformation and the storage
                       "Data Object Store 000001"
        hwp5           Hangul Word Processor 5 (Hancom's "HWP 5.0" format document): no CLSID;
                       a FileHeader stream of 256 bytes (the signature "HWP Document File"
                       NUL-padded to 32, version 5.0.3.0, properties 1 "compressed", zeros),
                       DocInfo, HwpSummaryInformation and an empty BodyText storage

  udif IN OUT
      an Apple disk image (UDIF, Disk Utility's UDZO "compressed" variant): IN, padded to
      512-byte sectors, is the disk; it is stored as one zlib chunk (the data fork), then the
      XML property list whose resource-fork/blkx entry holds the "mish" block table (one zlib
      chunk of every sector, then the end entry), then the 512-byte "koly" trailer (version
      4, its size 512, the data fork's and the property list's offsets and lengths, one
      segment, CRC32 checksums of the data fork and of the disk, the sector count). No tool
      on Linux writes UDIF; this is the layout hdiutil writes and dmg2img reads.

  dts-layout IN OUT LAYOUT
      the DTS core stream IN (16-bit big-endian words, as ffmpeg's dca encoder writes it) in
      another of the core's storage layouts (ETSI TS 102 114, annex): le16 swaps each pair of
      bytes; be14 and le14 carry each frame's bits 14 to a 16-bit word (the top two bits
      copying bit 13, a last partial word padded with zero bits), big- or little-endian, the
      layout of DTS audio CDs. ffmpeg's DTS demuxer and decoder read all three.

  dts-substreams IN OUT
      the DTS core stream IN with a 64-byte DTS-HD extension substream after each core frame,
      as Blu-ray DTS-HD streams interleave them: the sync 0x64582025, 8 user bits, index 0,
      the narrow size fields (header 16 bytes, substream 64 bytes, each stored less one), then
      zeros. ffmpeg decodes the core and reads past the empty asset descriptor.

  dtshd IN OUT
      a DTS-HD file (.dtshd) around the stream IN: a DTSHDHDR chunk (8-byte identifier, 64-bit
      big-endian size 24: version 0, time code, frame rate and bitstream fields zero), then a
      STRMDATA chunk holding IN.

Standard library only; the output depends on the inputs alone.
"""

import base64
import struct
import sys
import zlib


def segments_after_soi(jpeg):
    """Split a JPEG into SOI, its leading APP0 segment (if any) and the rest."""
    if jpeg[:2] != b"\xff\xd8":
        raise SystemExit("write-more.py: not a JPEG")
    position = 2
    if jpeg[2:4] == b"\xff\xe0":
        (length,) = struct.unpack(">H", jpeg[4:6])
        position = 4 + length
    return jpeg[:2], jpeg[2:position], jpeg[position:]


def ifd(entries, next_ifd=0):
    """A little-endian IFD at offset 8 of its TIFF header; entries: (tag, type, count, value
    bytes of 4). Returns the IFD bytes."""
    out = struct.pack("<H", len(entries))
    for tag, kind, count, value in entries:
        out += struct.pack("<HHI", tag, kind, count) + value
    return out + struct.pack("<I", next_ifd)


def app2(tiff):
    body = b"MPF\x00" + tiff
    return b"\xff\xe2" + struct.pack(">H", len(body) + 2) + body


def mpo(out, left_path, right_path):
    with open(left_path, "rb") as handle:
        left = handle.read()
    with open(right_path, "rb") as handle:
        right = handle.read()
    header = b"II*\x00" + struct.pack("<I", 8)
    undefined, long_ = 7, 4

    # The second image: its own MP Attribute IFD.
    soi, app0, rest = segments_after_soi(right)
    attribute = ifd([
        (0xB000, undefined, 4, b"0100"),
        (0xB101, long_, 1, struct.pack("<I", 2)),
    ])
    second = soi + app0 + app2(header + attribute) + rest

    # The first image: the MP Index IFD, then the two 16-byte MP entries after it.
    soi, app0, rest = segments_after_soi(left)
    entry_count = 3
    index_size = 2 + 12 * entry_count + 4
    entries_offset = 8 + index_size
    disparity, representative = 0x020002, 0x20000000

    def first_image(entries):
        index = ifd([
            (0xB000, undefined, 4, b"0100"),
            (0xB001, long_, 1, struct.pack("<I", 2)),
            (0xB002, undefined, 32, struct.pack("<I", entries_offset)),
        ])
        return soi + app0 + app2(header + index + entries) + rest

    # Sizes are known once the segment is in place; its length does not depend on the values.
    placeholder = first_image(b"\x00" * 32)
    mp_header_at = len(soi) + len(app0) + 4 + 4  # APP2 marker and length, then "MPF\0"
    entries = struct.pack("<IIIHH", representative | disparity, len(placeholder), 0, 0, 0)
    entries += struct.pack(
        "<IIIHH", disparity, len(second), len(placeholder) - mp_header_at, 0, 0
    )
    first = first_image(entries)
    with open(out, "wb") as handle:
        handle.write(first + second)


FREE, END, FAT_MARK = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD
NO_STREAM = 0xFFFFFFFF


def guid(text):
    """A CLSID written as {xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}, in its stored byte order."""
    parts = text.strip("{}").split("-")
    return (struct.pack("<IHH", int(parts[0], 16), int(parts[1], 16), int(parts[2], 16))
            + bytes.fromhex(parts[3] + parts[4]))


def cfb_key(name):
    return (len(name), name.upper())


def compound_file(root_clsid, children):
    """children: (name, data bytes or None for an empty storage, clsid bytes)."""
    sector = 512
    mini = 64
    children = sorted(children, key=lambda c: cfb_key(c[0]))
    # Mini stream: every stream (all are under 4096 bytes) in 64-byte mini sectors.
    mini_stream = b""
    mini_fat = []
    starts = []
    for name, data, _ in children:
        if data is None:
            starts.append((END, 0))
            continue
        count = (len(data) + mini - 1) // mini
        first = len(mini_fat)
        mini_fat += [first + i + 1 for i in range(count - 1)] + [END]
        starts.append((first, len(data)))
        mini_stream += data + b"\x00" * (count * mini - len(data))
    # Sectors: 0 FAT, 1.. directory, then the mini FAT, then the mini stream.
    entries = 1 + len(children)
    dir_sectors = (entries + 3) // 4
    mini_fat_sectors = (len(mini_fat) * 4 + sector - 1) // sector
    mini_stream_sectors = (len(mini_stream) + sector - 1) // sector
    fat = [FAT_MARK]
    chains = []
    for count in (dir_sectors, mini_fat_sectors, mini_stream_sectors):
        first = len(fat)
        fat += [first + i + 1 for i in range(count - 1)] + [END] if count else []
        chains.append(first if count else END)
    if len(fat) > sector // 4:
        raise SystemExit("write-more.py: too much for one FAT sector")
    dir_start, mini_fat_start, mini_stream_start = chains

    # Directory: the root, then the children as a balanced tree (all black, as a complete
    # tree may be).
    def tree(low, high):
        if low >= high:
            return NO_STREAM, {}
        middle = (low + high) // 2
        left, left_links = tree(low, middle)
        right, right_links = tree(middle + 1, high)
        links = {middle: (left, right)}
        links.update(left_links)
        links.update(right_links)
        return middle + 1, links  # directory ids: the root is 0

    top, links = tree(0, len(children))

    def entry(name, kind, left, right, child, clsid, start, size):
        encoded = name.encode("utf-16-le") + b"\x00\x00"
        return (encoded.ljust(64, b"\x00") + struct.pack("<HBB", len(encoded), kind, 1)
                + struct.pack("<III", left, right, child) + clsid.ljust(16, b"\x00")
                + b"\x00" * 4 + b"\x00" * 16 + struct.pack("<III", start, size, 0))

    directory = entry("Root Entry", 5, NO_STREAM, NO_STREAM, top, root_clsid,
                      mini_stream_start, len(mini_stream))
    for index, (name, data, clsid) in enumerate(children):
        left, right = links[index]
        start, size = starts[index]
        kind = 1 if data is None else 2
        directory += entry(name, kind, left, right, NO_STREAM, clsid, start, size)
    empty = b"\x00" * 64 + struct.pack("<HBB", 0, 0, 0) + struct.pack("<III", NO_STREAM,
                                                                      NO_STREAM, NO_STREAM)
    empty = empty.ljust(128, b"\x00")
    while len(directory) < dir_sectors * sector:
        directory += empty

    header = (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 16
              + struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6) + b"\x00" * 6
              + struct.pack("<IIIIIIIII", 0, 1, dir_start, 0, 4096,
                            mini_fat_start, mini_fat_sectors, END, 0)
              + struct.pack("<I", 0) + struct.pack("<I", FREE) * 108)
    fat_sector = b"".join(struct.pack("<I", v) for v in fat).ljust(sector, b"\xff")
    mini_fat_bytes = b"".join(struct.pack("<I", v) for v in mini_fat)
    mini_fat_bytes = mini_fat_bytes.ljust(mini_fat_sectors * sector, b"\xff")
    body = fat_sector + directory + mini_fat_bytes
    body += mini_stream.ljust(mini_stream_sectors * sector, b"\x00")
    return header + body


def comp_obj(user_type, clipboard, prog_id):
    """A \\1CompObj stream: the header, then the user type, clipboard format and ProgID."""
    def text(value):
        encoded = value.encode("latin-1") + b"\x00"
        return struct.pack("<I", len(encoded)) + encoded
    return (struct.pack("<HHI", 1, 0xFFFE, 0x0A03) + b"\xff\xff\xff\xff" + b"\x00" * 16
            + text(user_type) + text(clipboard) + text(prog_id))


def placeholder(label):
    return ("mediatype fixture: " + label).encode("ascii")


WORKS4_DOC = guid("{28CDDBC2-0AE2-11CE-A29A-00AA004A1A72}")
WORKS4_DB = guid("{28CDDBC3-0AE2-11CE-A29A-00AA004A1A72}")
STARWRITER5 = guid("{C20CF9D1-85AE-11D1-AAB4-006097DA561A}")
STARCALC5 = guid("{C6A5B861-85D6-11D1-89CB-008029E4B0B1}")
STARIMPRESS5 = guid("{565C7221-85BC-11D1-89D0-008029E4B0B1}")
FLASHPIX = guid("{56616700-C154-11CE-8553-00AA00A1F95B}")


def ole2(kind, out):
    none = b""
    if kind == "works-wps":
        data = compound_file(WORKS4_DOC, [
            ("CONTENTS", placeholder("Works document text"), none),
            ("SPELLING", placeholder("spelling state"), none),
            ("\x01CompObj", comp_obj("Microsoft Works Document", "MSWorksWPDoc",
                                     "MSWorksWPDoc"), none),
        ])
    elif kind == "works-wdb":
        data = compound_file(WORKS4_DB, [
            ("CONTENTS", placeholder("Works database records"), none),
            ("\x01CompObj", comp_obj("Microsoft Works Database", "MSWorksDBDoc",
                                     "MSWorksDBDoc"), none),
        ])
    elif kind in ("starwriter", "starcalc", "starimpress"):
        clsid, stream, user = {
            "starwriter": (STARWRITER5, "StarWriterDocument", "StarWriter 5.0"),
            "starcalc": (STARCALC5, "StarCalcDocument", "StarCalc 5.0"),
            "starimpress": (STARIMPRESS5, "StarDrawDocument3", "StarImpress 5.0"),
        }[kind]
        extra = "SfxStyleSheets" if kind == "starimpress" else "SfxDocumentInfo"
        data = compound_file(clsid, [
            (stream, placeholder(user + " document"), none),
            (extra, placeholder(extra), none),
            ("\x01CompObj", comp_obj(user, user, ""), none),
        ])
    elif kind == "quattro":
        data = compound_file(b"", [
            ("NativeContent_MAIN", placeholder("Quattro Pro 9 notebook records"), none),
        ])
    elif kind == "wordperfect":
        # WPC file header: FF "WPC", offset of the document area (16), product type 1
        # (WordPerfect), file type 0x0A (document), major 2, minor 1, encryption 0.
        wpc = b"\xffWPC" + struct.pack("<I", 16) + bytes([1, 0x0A, 2, 1]) + b"\x00" * 4
        data = compound_file(b"", [
            ("PerfectOffice_MAIN", wpc + placeholder("WordPerfect document area"), none),
            ("PerfectOffice_OBJECTS", placeholder("embedded objects"), none),
        ])
    elif kind == "flashpix":
        data = compound_file(FLASHPIX, [
            ("\x05SummaryInformation", placeholder("summary information"), none),
            ("Data Object Store 000001", None, none),
        ])
    elif kind == "hwp5":
        header = b"HWP Document File".ljust(32, b"\x00") + struct.pack("<II", 0x05000300, 1)
        header = header.ljust(256, b"\x00")
        data = compound_file(b"", [
            ("FileHeader", header, none),
            ("DocInfo", placeholder("compressed document information records"), none),
            ("\x05HwpSummaryInformation", placeholder("summary information"), none),
            ("BodyText", None, none),
        ])
    else:
        raise SystemExit(__doc__)
    with open(out, "wb") as handle:
        handle.write(data)


def dls(out):
    def chunk(kind, data):
        return kind + struct.pack("<I", len(data)) + data + (b"\x00" if len(data) % 2 else b"")

    body = (b"DLS " + chunk(b"colh", struct.pack("<I", 0))
            + chunk(b"vers", struct.pack("<II", 0x00010000, 0))
            + chunk(b"LIST", b"lins") + chunk(b"ptbl", struct.pack("<II", 8, 0))
            + chunk(b"LIST", b"wvpl"))
    with open(out, "wb") as handle:
        handle.write(b"RIFF" + struct.pack("<I", len(body)) + body)


def rmid(source, out):
    with open(source, "rb") as handle:
        smf = handle.read()
    chunk = b"data" + struct.pack("<I", len(smf)) + smf + (b"\x00" if len(smf) % 2 else b"")
    with open(out, "wb") as handle:
        handle.write(b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"RMID" + chunk)


def udif(source, out):
    with open(source, "rb") as handle:
        disk = handle.read()
    disk += b"\x00" * (-len(disk) % 512)
    sectors = len(disk) // 512
    fork = zlib.compress(disk, 9)
    disk_crc = zlib.crc32(disk)
    checksum = struct.pack(">II", 2, 32) + struct.pack(">I", disk_crc).ljust(128, b"\x00")
    chunks = struct.pack(">IIQQQQ", 0x80000005, 0, 0, sectors, 0, len(fork))
    chunks += struct.pack(">IIQQQQ", 0xFFFFFFFF, 0, sectors, 0, len(fork), 0)
    mish = b"mish" + struct.pack(">IQQQII", 1, 0, sectors, 0, 0x208, 0) + b"\x00" * 24
    mish += checksum + struct.pack(">I", 2) + chunks
    plist = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
        '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n'
        '<plist version="1.0">\n<dict>\n\t<key>resource-fork</key>\n\t<dict>\n'
        "\t\t<key>blkx</key>\n\t\t<array>\n\t\t\t<dict>\n"
        "\t\t\t\t<key>Attributes</key>\n\t\t\t\t<string>0x0050</string>\n"
        "\t\t\t\t<key>CFName</key>\n\t\t\t\t<string>whole disk (Apple_HFS : 0)</string>\n"
        "\t\t\t\t<key>Data</key>\n\t\t\t\t<data>" + base64.b64encode(mish).decode() + "</data>\n"
        "\t\t\t\t<key>ID</key>\n\t\t\t\t<string>-1</string>\n"
        "\t\t\t\t<key>Name</key>\n\t\t\t\t<string>whole disk (Apple_HFS : 0)</string>\n"
        "\t\t\t</dict>\n\t\t</array>\n\t</dict>\n</dict>\n</plist>\n"
    ).encode()
    koly = b"koly" + struct.pack(">III", 4, 512, 1)
    koly += struct.pack(">QQQQQ", 0, 0, len(fork), 0, 0)
    koly += struct.pack(">II", 1, 1) + bytes(range(16))
    koly += struct.pack(">II", 2, 32) + struct.pack(">I", zlib.crc32(fork)).ljust(128, b"\x00")
    koly += struct.pack(">QQ", len(fork), len(plist)) + b"\x00" * 120
    koly += checksum + struct.pack(">IQ", 1, sectors) + b"\x00" * 12
    assert len(koly) == 512
    with open(out, "wb") as handle:
        handle.write(fork + plist + koly)


def flic(out):
    width = height = 16
    lines = b"".join(bytes([1, 256 - width]) + bytes([row] * width) for row in range(height))
    lines += b"\0" * (len(lines) % 2)
    # COLOR_256: size, type, packet count, then the packets (skip 0, count 16, RGB triples).
    body = struct.pack("<H", 1) + bytes([0, 16])
    body += b"".join(bytes([level * 17] * 3) for level in range(16))
    body += b"\0" * (len(body) % 2)
    color = struct.pack("<IH", 6 + len(body), 4) + body
    brun = struct.pack("<IH", 6 + len(lines), 15) + lines
    frame_body = color + brun
    frame = struct.pack("<IHHHHHH", 16 + len(frame_body), 0xF1FA, 2, 0, 0, 0, 0) + frame_body
    size = 128 + len(frame)
    header = struct.pack("<IHHHHHHI", size, 0xAF12, 1, width, height, 8, 3, 70)
    header += b"\0" * (38 - len(header))
    header += struct.pack("<HH", 1, 1)  # aspect ratio
    header += b"\0" * (80 - len(header))
    header += struct.pack("<II", 128, size)
    header += b"\0" * (128 - len(header))
    with open(out, "wb") as f:
        f.write(header + frame)


def composer669(out):
    length = 256
    header = b"if" + b"mediatype fixture".ljust(108, b" ")
    header += bytes([1, 1, 0])  # samples, patterns, loop order
    header += bytes([0]) + b"\xff" * 127  # order list
    header += bytes([4] * 128)  # tempo list
    header += bytes([63] * 128)  # break list
    assert len(header) == 497
    sample = b"triangle.sam".ljust(13, b"\0") + struct.pack("<III", length, 0, 0xFFFFF)
    empty = b"\xff\x00\xff"
    # First cell: note 36 (octave 3, C) with instrument 0 and full volume; 669 packs the
    # note in the top six bits of byte 0, the instrument across bytes 0-1, the volume in
    # the low nibble of byte 1; no command (0xFF).
    first = bytes([36 << 2, 0x0F, 0xFF])
    pattern = first + empty * 7 + empty * 8 * 63
    assert len(pattern) == 1536
    wave = bytes((i * 4) if i < 64 else (255 - (i - 64) * 4 if i < 128 else
                 ((i - 128) * 4 if i < 192 else 255 - (i - 192) * 4)) for i in range(length))
    with open(out, "wb") as f:
        f.write(header + sample + pattern + wave)


def mcidas(out):
    """A McIDAS AREA file of the 16x16 gradient: the 64-word big-endian directory as the
    McIDAS programmer's manual lays it out (status 0, version 4, then the image's place,
    size and layout), the pixels one byte each right after it."""
    width = height = 16
    words = [0] * 64
    words[1] = 4            # W2: area format version
    words[2] = 70           # W3: sensor source number
    words[3] = 126338       # W4: nominal year and day (yyyddd, 2026-338)
    words[4] = 120000       # W5: nominal time (hhmmss)
    words[5] = 1            # W6: upper-left image line
    words[6] = 1            # W7: upper-left image element
    words[8] = height       # W9: lines
    words[9] = width        # W10: elements a line
    words[10] = 1           # W11: bytes an element
    words[11] = 1           # W12: line resolution
    words[12] = 1           # W13: element resolution
    words[13] = 1           # W14: bands
    words[14] = 0           # W15: line prefix bytes
    words[33] = 256         # W34: byte offset of the data block
    pixels = bytes((x + y) * 8 for y in range(height) for x in range(width))
    with open(out, "wb") as f:
        f.write(struct.pack(">64i", *words) + pixels)


def ftex(out):
    """An FTEX texture (Independence War 2, "Texture File Format", 2001) of a 16x16
    gradient: the little-endian header, one directory entry (format 1, 24-bit RGB, and the
    data's offset), then one mipmap: its size and the RGB bytes."""
    width = height = 16
    rgb = bytes(v for y in range(height) for x in range(width) for v in (x * 16, y * 16, 128))
    header = b"FTEX" + struct.pack("<5i", 1, width, height, 1, 1)
    directory = struct.pack("<2i", 1, len(header) + 8)
    with open(out, "wb") as f:
        f.write(header + directory + struct.pack("<i", len(rgb)) + rgb)


def imt(out):
    """An IM Tools image as Pillow's IMT reader takes it: a comment, `width`, `height` and
    `pixel n8` lines, a form feed, then 16x16 8-bit grey pixels (a gradient)."""
    header = b"*mediatype fixture\nwidth 16\nheight 16\npixel n8\n\x0c"
    pixels = bytes((x + y) * 8 for y in range(16) for x in range(16))
    with open(out, "wb") as f:
        f.write(header + pixels)


def pickled(out):
    """A Python pickle of protocol 4 written by the standard library's pickle module: a
    FRAME opcode, a dict of a list, a string, a float and None, and the STOP opcode."""
    import pickle
    value = {"items": [1, 2, 3], "name": "mediatype fixture", "ratio": 1.5, "none": None}
    with open(out, "wb") as f:
        f.write(pickle.dumps(value, protocol=4))


def pickled_headerless(out, protocol):
    """A Python pickle of protocol 0 (text) or 1 (binary) written by the standard library's
    pickle module: no header, memo puts, a global (`datetime`'s date and the builtin set)
    and the STOP opcode."""
    import datetime
    import pickle
    value = {"items": [1, 2, 3], "name": "mediatype fixture", "ratio": 1.5, "ok": True,
             "tags": {"a"}, "day": datetime.date(2026, 12, 5), "none": None}
    with open(out, "wb") as f:
        f.write(pickle.dumps(value, protocol=protocol))


def c64basic(path):
    load = 0x0801
    lines = [(10, bytes([0x99]) + b' "HELLO"'), (20, bytes([0x89]) + b" 10")]
    program = bytearray()
    address = load
    for number, text in lines:
        size = 2 + 2 + len(text) + 1
        address += size
        program += struct.pack("<HH", address, number) + text + b"\0"
    program += b"\0\0"
    with open(path, "wb") as out:
        out.write(struct.pack("<H", load) + bytes(program))


def jpegxs(frames, path):
    def codestream():
        components, bands = 3, 6
        cap = b"\xff\x50" + struct.pack(">H", 2)
        cdt = b"\xff\x13" + struct.pack(">H", 2 + 2 * components) + b"\x08\x11" * components
        wgt = b"\xff\x14" + struct.pack(">H", 2 + 2 * bands)
        wgt += b"".join(bytes([0, band]) for band in range(bands))
        slh = b"\xff\x20" + struct.pack(">HH", 4, 0)
        precincts = bytes(64)
        fixed = 2 + len(cap) + 28 + len(cdt) + len(wgt) + len(slh) + len(precincts) + 2
        pih = b"\xff\x12" + struct.pack(
            ">HIHHHHHHBBBBBBBB", 26, fixed, 0, 0, 16, 16, 0, 16, components, 4, 8, 20,
            0x84, 0x00, 0x10, 0x00)
        whole = b"\xff\x10" + cap + pih + cdt + wgt + slh + precincts + b"\xff\x11"
        assert len(whole) == fixed
        return whole

    with open(path, "wb") as out:
        out.write(codestream() * frames)


def kdc(path):
    from PIL import Image, TiffImagePlugin, TiffTags

    image = Image.new("RGB", (16, 16))
    image.putdata([(x * 16, y * 16, 128) for y in range(16) for x in range(16)])
    ifd = TiffImagePlugin.ImageFileDirectory_v2()
    ifd[271] = "EASTMAN KODAK COMPANY"
    ifd[272] = "KODAK P850 ZOOM DIGITAL CAMERA"
    ifd[0xFD00] = 1
    ifd.tagtype[0xFD00] = TiffTags.LONG
    image.save(path, format="TIFF", tiffinfo=ifd)


def dicom(kind, path):
    from pydicom.dataset import Dataset, FileMetaDataset
    from pydicom.uid import ExplicitVRLittleEndian, SecondaryCaptureImageStorage

    meta = FileMetaDataset()
    meta.MediaStorageSOPClassUID = SecondaryCaptureImageStorage
    meta.MediaStorageSOPInstanceUID = "1.2.826.0.1.3680043.10.1.1"
    meta.TransferSyntaxUID = ExplicitVRLittleEndian
    ds = Dataset()
    ds.file_meta = meta
    ds.SOPClassUID = SecondaryCaptureImageStorage
    ds.SOPInstanceUID = meta.MediaStorageSOPInstanceUID
    ds.Modality = "OT"
    ds.PatientName = "Fixture^Gradient"
    ds.SamplesPerPixel = 1
    ds.PhotometricInterpretation = "MONOCHROME2"
    ds.Rows = ds.Columns = 16
    ds.BitsAllocated = ds.BitsStored = 8
    ds.HighBit = 7
    ds.PixelRepresentation = 0
    ds.PixelData = bytes(16 * y for y in range(16) for x in range(16))
    if kind == "bare":
        del ds.file_meta
        ds.save_as(path, implicit_vr=True, little_endian=True)
        return
    if kind == "plain":
        ds.preamble = bytes(128)
    elif kind == "tiff":
        ds.preamble = b"II*\x00" + (0x1000).to_bytes(4, "little") + bytes(120)
    else:
        raise SystemExit(__doc__)
    ds.save_as(path, enforce_file_format=True)


def read_bytes(path):
    with open(path, "rb") as handle:
        return handle.read()


def write_bytes(path, data):
    with open(path, "wb") as handle:
        handle.write(data)


def dts_frames(data):
    """The core frames of a 16-bit big-endian DTS stream, by their FSIZE fields."""
    frames, position = [], 0
    while position + 10 <= len(data):
        if data[position:position + 4] != bytes.fromhex("7ffe8001"):
            raise SystemExit(f"no DTS core sync at {position}")
        fields = int.from_bytes(data[position + 4:position + 10], "big")
        size = ((fields >> 20) & 0x3FFF) + 1
        frames.append(data[position:position + size])
        position += size
    return frames


def dts_layout(source, out, layout):
    frames = dts_frames(read_bytes(source))
    result = bytearray()
    for frame in frames:
        if layout == "le16":
            for index in range(0, len(frame) - 1, 2):
                result += bytes((frame[index + 1], frame[index]))
            continue
        bits = "".join(f"{byte:08b}" for byte in frame)
        bits += "0" * (-len(bits) % 14)
        for index in range(0, len(bits), 14):
            word = int(bits[index:index + 14], 2)
            if word & 0x2000:
                word |= 0xC000
            result += word.to_bytes(2, "little" if layout == "le14" else "big")
    write_bytes(out, bytes(result))


def dts_substreams(source, out):
    fields = (16 - 1) << 53 | (64 - 1) << 37
    substream = bytes.fromhex("64582025") + b"\0" + fields.to_bytes(8, "big")
    substream += bytes(64 - len(substream))
    write_bytes(out, b"".join(frame + substream for frame in dts_frames(read_bytes(source))))


def dtshd(source, out):
    stream = read_bytes(source)
    header = b"DTSHDHDR" + (24).to_bytes(8, "big") + bytes(24)
    write_bytes(out, header + b"STRMDATA" + len(stream).to_bytes(8, "big") + stream)

def wpg(out):
    def record(kind, body):
        return bytes([kind, len(body)]) + body
    prefix = b"\xffWPC" + struct.pack("<I", 16) + bytes([1, 22, 1, 0]) + bytes(4)
    start = record(0x0F, bytes([1, 0]) + struct.pack("<HH", 8, 8))
    rows = bytes([0xF0] * 4 + [0x0F] * 4)
    bitmap = record(0x0B, struct.pack("<5H", 8, 8, 1, 75, 75) + bytes([len(rows)]) + rows)
    open(out, "wb").write(prefix + start + bitmap + record(0x10, b""))


def edc(data):
    """ECMA-130's error detection code: CRC-32 of polynomial x^32 + x^31 + x^16 + x^15 + x^4 +
    x^3 + x + 1, least significant bit first, from zero."""
    crc = 0
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0xD8018001 if crc & 1 else 0)
    return crc


def rawcd(source, out):
    iso = open(source, "rb").read()
    if len(iso) % 2048:
        raise SystemExit("rawcd: the ISO image is not whole 2048-byte sectors")
    bcd = lambda value: (value // 10) << 4 | value % 10
    sectors = []
    for index in range(len(iso) // 2048):
        frames = index + 150
        header = bytes([0] + [0xFF] * 10 + [0]) + bytes(
            [bcd(frames // 4500), bcd(frames // 75 % 60), bcd(frames % 75), 1])
        body = header + iso[index * 2048:(index + 1) * 2048]
        sectors.append(body + struct.pack("<I", edc(body)) + bytes(8 + 276))
    open(out, "wb").write(b"".join(sectors))


def main(argv):
    if len(argv) == 3 and argv[1] == "composer669":
        composer669(argv[2])
        return
    if len(argv) == 4 and argv[1] == "jpegxs":
        jpegxs(int(argv[2]), argv[3])
        return
    if len(argv) == 3 and argv[1] == "kdc":
        kdc(argv[2])
        return
    if len(argv) == 4 and argv[1] == "dicom":
        dicom(argv[2], argv[3])
        return
    if len(argv) == 3 and argv[1] == "c64basic":
        c64basic(argv[2])
        return
    if len(argv) == 3 and argv[1] == "mcidas":
        mcidas(argv[2])
        return
    if len(argv) == 3 and argv[1] == "ftex":
        ftex(argv[2])
        return
    if len(argv) == 3 and argv[1] == "imt":
        imt(argv[2])
        return
    if len(argv) == 3 and argv[1] == "pickle":
        pickled(argv[2])
        return
    if len(argv) == 3 and argv[1] in ("pickle0", "pickle1"):
        pickled_headerless(argv[2], int(argv[1][-1]))
        return
    if len(argv) == 3 and argv[1] == "flic":
        flic(argv[2])
        return
    if len(argv) == 5 and argv[1] == "mpo":
        mpo(argv[2], argv[3], argv[4])
        return
    if len(argv) == 3 and argv[1] == "dls":
        dls(argv[2])
        return
    if len(argv) == 4 and argv[1] == "rmid":
        rmid(argv[2], argv[3])
        return
    if len(argv) == 4 and argv[1] == "udif":
        udif(argv[2], argv[3])
        return
    if len(argv) == 5 and argv[1] == "dts-layout" and argv[4] in ("le16", "be14", "le14"):
        dts_layout(argv[2], argv[3], argv[4])
        return
    if len(argv) == 4 and argv[1] == "dts-substreams":
        dts_substreams(argv[2], argv[3])
        return
    if len(argv) == 4 and argv[1] == "dtshd":
        dtshd(argv[2], argv[3])
        return
    if len(argv) == 3 and argv[1] == "wpg":
        wpg(argv[2])
        return
    if len(argv) == 4 and argv[1] == "rawcd":
        rawcd(argv[2], argv[3])
        return
    if len(argv) == 4 and argv[1] == "ole2":
        ole2(argv[2], argv[3])
        return
    raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
