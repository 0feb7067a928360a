#!/usr/bin/env bash
# Remakes the TIFF, DNG and JPEG XL properties fixtures (see README.md): ImageMagick for the
# TIFF, cjxl (Debian libjxl-tools) for the JPEG XL files, Python 3 for the DNG's IFD layout,
# which no Debian tool writes.
# Usage: Fixtures/properties/generate-images.sh       (writes next to this script)
# MediaPropertiesExiftoolTests and MediaPropertiesFFprobeTests compare what the readers find
# with exiftool and ffprobe; MediaPropertiesReaderTests checks the facts stated below.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$HERE"
export TZ=UTC LC_ALL=C
for tool in convert cjxl python3; do
    command -v "$tool" >/dev/null || {
        echo "generate-images.sh: $tool is missing (apt-get install imagemagick libjxl-tools python3)" >&2
        exit 1
    }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A 16-bit big-endian (MM) TIFF, deflated, stored 64x48 with orientation 6 (turn 90° clockwise).
convert -size 64x48 gradient:navy-orange -depth 16 -orient RightTop -define tiff:endian=msb \
    -compress zip -strip tiff:tiff-orientation-6-16bit.tiff
# JPEG XL in its container: the EXIF-6 JPEG transcoded losslessly keeps its orientation in the
# codestream's image metadata (jxlinfo: "Orientation: 6").
cjxl --quiet exif-orientation-6.jpg jxl-orientation-6.jxl
# A 16-bit lossless JPEG XL, 80x60 (a 4:3 ratio, which the size header codes as one); cjxl
# writes its container even with --container=0, the bare codestream being image.jxl.
convert -size 80x60 gradient:gray10-gray90 -depth 16 "$work/grey16.png"
cjxl --quiet -d 0 --container=0 "$work/grey16.png" jxl-16bit.jxl
# A DNG as cameras write it: an 8-bit RGB preview 8x6 in IFD0 (NewSubfileType 1, orientation 8)
# and the 16-bit CFA raw image 64x48 in a SubIFD (NewSubfileType 0).
python3 - dng-preview-subifd.dng <<'PY'
import struct, sys

def ifd(entries, next_offset, data_at):
    """An IFD (big-endian) whose out-of-entry values follow it at data_at."""
    table, data = b"", b""
    for tag, kind, values in sorted(entries):
        fmt = {1: "B", 2: "B", 3: "H", 4: "L"}[kind]
        raw = b"".join(struct.pack(">" + fmt, v) for v in values)
        if len(raw) <= 4:
            field = raw.ljust(4, b"\0")
        else:
            field = struct.pack(">L", data_at + len(data))
            data += raw + (b"\0" if len(raw) % 2 else b"")
        table += struct.pack(">HHL", tag, kind, len(values)) + field
    return struct.pack(">H", len(entries)) + table + struct.pack(">L", next_offset), data

preview_pixels = bytes(range(8 * 6 * 3))
raw_pixels = b"".join(struct.pack(">H", (x * 977 + y * 131) & 0xFFFF) for y in range(48) for x in range(64))
ifd0_at = 8
ifd0_size = 2 + 15 * 12 + 4
ifd0_data_at = ifd0_at + ifd0_size
# Lay out: IFD0, its data, the SubIFD, its data, then the pixels.
def build(sub_at, preview_at, raw_at):
    ifd0, data0 = ifd([
        (254, 4, [1]), (256, 3, [8]), (257, 3, [6]), (258, 3, [8, 8, 8]), (259, 3, [1]),
        (262, 3, [2]), (273, 4, [preview_at]), (274, 3, [8]), (277, 3, [3]), (278, 3, [6]),
        (279, 4, [len(preview_pixels)]), (330, 4, [sub_at]), (50706, 1, [1, 4, 0, 0]),
        (50707, 1, [1, 1, 0, 0]), (50708, 2, list(b"mediatype fixture\0")),
    ], 0, ifd0_data_at)
    sub, data1 = ifd([
        (254, 4, [0]), (256, 3, [64]), (257, 3, [48]), (258, 3, [16]), (259, 3, [1]),
        (262, 3, [32803]), (273, 4, [raw_at]), (277, 3, [1]), (278, 3, [48]),
        (279, 4, [len(raw_pixels)]), (33421, 3, [2, 2]), (33422, 1, [0, 1, 1, 2]),
    ], 0, sub_at + 2 + 12 * 12 + 4)
    return ifd0, data0, sub, data1
ifd0, data0, sub, data1 = build(0, 0, 0)
sub_at = ifd0_data_at + len(data0)
preview_at = sub_at + len(sub) + len(data1)
raw_at = preview_at + len(preview_pixels)
ifd0, data0, sub, data1 = build(sub_at, preview_at, raw_at)
with open(sys.argv[1], "wb") as out:
    out.write(b"MM\0*" + struct.pack(">L", ifd0_at) + ifd0 + data0 + sub + data1 + preview_pixels + raw_pixels)
PY
