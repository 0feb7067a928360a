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

Standard library only; the output depends on the inputs alone.
"""

import struct
import sys


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


def main(argv):
    if len(argv) == 5 and argv[1] == "mpo":
        mpo(argv[2], argv[3], argv[4])
        return
    raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
