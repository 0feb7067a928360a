#!/usr/bin/env bash
# Remakes the media-properties fixtures (see README.md) with Debian's ffmpeg and Python 3.
# Usage: Fixtures/properties/generate.sh       (writes next to this script)
# The properties tests compare what mediatype reads with what ffprobe says about these files;
# nothing here records an expected value.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$HERE"
export TZ=UTC LC_ALL=C
for tool in ffmpeg python3 exiftool; do
    command -v "$tool" >/dev/null || { echo "generate.sh: $tool is missing (apt-get install ffmpeg python3 libimage-exiftool-perl)" >&2; exit 1; }
done
ff() { ffmpeg -nostdin -v error -y -fflags +bitexact "$@"; }
video=(-f lavfi -i testsrc2=size=64x48:rate=25:duration=0.4)
sound=(-f lavfi -i sine=frequency=440:sample_rate=44100:duration=0.4)
stereo=(-f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.2,pan=stereo|c0=c0|c1=c0")
x264=(-c:v libx264 -preset ultrafast -pix_fmt yuv420p -flags:v +bitexact)

# Phone-style rotated clips: the video track matrix turns the picture a quarter turn, as a
# phone held upright writes it. Debian's ffmpeg 5.1 no longer writes a matrix from the `rotate`
# tag (and has no -display_rotation), so the matrix of the video tkhd is set afterwards.
ff "${video[@]}" "${sound[@]}" "${x264[@]}" -c:a aac -b:a 32k rotated-90.mp4
ff "${video[@]}" "${sound[@]}" "${x264[@]}" -c:a aac -b:a 32k rotated-270.mov
python3 - <<'PY'
import struct
def rotate(name, degrees):
    data = bytearray(open(name, "rb").read())
    at = 0
    while True:
        at = data.index(b"tkhd", at) + 4  # the tkhd content, version 0
        width, height = struct.unpack_from(">II", data, at + 76)
        if width:
            break
    one, minus = 0x00010000, 0xFFFF0000
    if degrees == 90:
        matrix = (0, one, 0, minus, 0, 0, height, 0, 0x40000000)
    else:
        matrix = (0, minus, 0, one, 0, 0, 0, width, 0x40000000)
    struct.pack_into(">9I", data, at + 40, *matrix)
    open(name, "wb").write(bytes(data))
rotate("rotated-90.mp4", 90)
rotate("rotated-270.mov", 270)
PY
# A MOV whose moov comes after an mdat larger than the 64 KiB head.
ff -f lavfi -i testsrc2=size=160x120:rate=30:duration=0.5 "${stereo[@]}" -c:v libx264 -preset ultrafast \
    -qp 0 -pix_fmt yuv444p -flags:v +bitexact -c:a pcm_s24le moov-at-end.mov
# Video codecs in MP4: HEVC Main 10, AV1, VP9 (each with its configuration box).
ff "${video[@]}" -c:v libx265 -preset ultrafast -pix_fmt yuv420p10le -tag:v hvc1 \
    -x265-params log-level=none hevc-main10.mp4
ff "${video[@]}" -c:v libaom-av1 -cpu-used 8 -crf 50 -pix_fmt yuv420p av1.mp4
ff "${video[@]}" -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -b:v 100k vp9.mp4
# Audio codecs in MP4 and MOV.
ff "${stereo[@]}" -c:a libopus -b:a 32k opus.mp4
ff "${sound[@]}" -c:a alac alac.m4a
ff "${stereo[@]}" -c:a ac3 -b:a 96k ac3.mp4
ff "${sound[@]}" -c:a flac -strict -2 flac.mp4
# Bare audio: 24-bit stereo WAV and FLAC, an MP3 without a Xing header.
ff "${stereo[@]}" -c:a pcm_s24le stereo-24bit.wav
ff "${stereo[@]}" -c:a flac -sample_fmt s32 stereo-24bit.flac
ff "${sound[@]}" -c:a libmp3lame -b:a 64k -write_xing 0 no-xing.mp3
# Matroska with HEVC and FLAC.
ff "${video[@]}" "${sound[@]}" -c:v libx265 -preset ultrafast -x265-params log-level=none -c:a flac hevc-flac.mkv

# Containers without a configuration record of their own: AVI, ASF, MPEG-TS and PS, FLV.
ff "${video[@]}" "${sound[@]}" -c:v mpeg4 -flags:v +bitexact -c:a libmp3lame -b:a 64k mpeg4-mp3.avi
ff "${video[@]}" "${stereo[@]}" -c:v mjpeg -flags:v +bitexact -c:a pcm_s16le mjpeg-pcm.avi
ff "${video[@]}" "${sound[@]}" -c:v wmv2 -flags:v +bitexact -c:a wmav2 -b:a 64k wmv2-wmav2.wmv
ff "${video[@]}" "${stereo[@]}" "${x264[@]}" -c:a aac -b:a 32k h264-aac.ts
# Variable frame rate, as phones record in low light: 10 frames at 30 fps, then every third
# frame (10 fps), kept with their own time stamps (-fps_mode vfr).
ff -f lavfi -i testsrc2=size=64x48:rate=30:duration=1 \
    -vf "select='lt(n\,10)+not(mod(n\,3))'" -fps_mode vfr "${x264[@]}" vfr.mp4
ff "${video[@]}" "${sound[@]}" -c:v mpeg2video -flags:v +bitexact -c:a mp2 -b:a 64k -f vob mpeg2-mp2.mpg
ff "${video[@]}" "${sound[@]}" "${x264[@]}" -c:a aac -b:a 32k h264-aac.flv
# HDR HEVC, 10-bit: PQ in MP4 (colr nclx) and HLG in Matroska (Colour), the transfer also in
# the stream's VUI. The second -fflags +bitexact, after the inputs, is the muxer's: without it
# the Matroska muxer writes random track UIDs.
ff "${video[@]}" -c:v libx265 -preset ultrafast -pix_fmt yuv420p10le -tag:v hvc1 \
    -color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc \
    -x265-params log-level=none:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc hdr-pq.mp4
ff "${video[@]}" -c:v libx265 -preset ultrafast -pix_fmt yuv420p10le \
    -color_primaries bt2020 -color_trc arib-std-b67 -colorspace bt2020nc \
    -x265-params log-level=none:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc \
    -fflags +bitexact hdr-hlg.mkv
# HLG HEVC in MPEG-TS: no container field, only the SPS's VUI signals the transfer.
ff "${video[@]}" -c:v libx265 -preset ultrafast -pix_fmt yuv420p10le \
    -x265-params log-level=none:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc hdr-hlg.ts

# A JPEG whose EXIF orientation (6: turn 90° clockwise to show it upright) is set by exiftool,
# as a camera held upright writes it.
ff -f lavfi -i testsrc2=size=64x48 -frames:v 1 exif-orientation-6.jpg
exiftool -q -overwrite_original -Orientation#=6 exif-orientation-6.jpg

# Files whose headers lie or end early: answered without properties.
python3 - <<'PY'
import struct
data = open("rotated-90.mp4", "rb").read()
# Faststart order is not needed: cut the file in the middle of its moov.
moov = data.find(b"moov") - 4
open("bad-truncated-moov.mp4", "wb").write(data[: moov + 200])
# A moov whose size claims 4 GiB more than the file holds.
lying = bytearray(data)
struct.pack_into(">I", lying, moov, 0xFFFFFFF0)
open("bad-lying-moov-size.mp4", "wb").write(bytes(lying))
PY
ls -l
