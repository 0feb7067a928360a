#!/usr/bin/env bash
# Regenerates every fixture in this folder from scratch with Debian's tools.
# Usage: Fixtures/generate.sh            (writes next to this script)
# The truth about each file lives in manifest.json; this script only makes the bytes.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT="$HERE"
export TZ=UTC LC_ALL=C SOURCE_DATE_EPOCH=1704067200

# ---------------------------------------------------------------------------
# Tools: command -> Debian package. Stop before making anything if one is missing.
# ---------------------------------------------------------------------------
declare -A NEED=(
    [ffmpeg]=ffmpeg [convert]=imagemagick [heif-enc]=libheif-examples [sox]=sox
    [flac]=flac [oggenc]=vorbis-tools [opusenc]=opus-tools [zip]=zip
    [cwebp]=webp [img2webp]=webp [cjxl]=libjxl-tools [avifenc]=libavif-bin
    [exiftool]=libimage-exiftool-perl [python3]=python3
    [jar]=openjdk-17-jdk-headless [javac]=openjdk-17-jdk-headless [soffice]="libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui"
    [wixl]=wixl [gs]=ghostscript [7z]=p7zip-full [xz]=xz-utils [bzip2]=bzip2 [gzip]=gzip [tar]=tar
    [wavpack]=wavpack [compress]=ncompress [cpio]=cpio [png2ff]=farbfeld [icotool]=icoutils [gcc]=gcc [ogr2ogr]=gdal-bin [git]=git
    [bzip3]=bzip3 [rzip]=rzip [zpaq]=zpaq [zic]=libc-bin [assimp]=assimp-utils
    [qemu-img]=qemu-utils [sfdisk]=fdisk [shar]=sharutils [midi2abc]=abcmidi [hmsa]=hatari [fontforge]=fontforge-nox
    [mksquashfs]=squashfs-tools [rapper]=raptor2-utils [bufr_set]=libeccodes-tools [lzop]=lzop [genisoimage]=genisoimage [lzip]=lzip [lz4]=lz4 [zstd]=zstd [grodvi]=groff [par2]=par2 [openssl]=openssl
    [nasm]=nasm [obabel]=openbabel [gem]=ruby
    [clang]="clang (the Swift toolchain has one)" [cargo]=cargo
)
missing=()
for tool in "${!NEED[@]}"; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool (${NEED[$tool]})")
done
if ((${#missing[@]})); then
    echo "generate.sh: missing tools, install their Debian packages first:" >&2
    printf '  %s\n' "${missing[@]}" >&2
    echo "  e.g. apt-get install -y ffmpeg imagemagick libheif-examples sox flac vorbis-tools" \
        "opus-tools zip webp libjxl-tools libavif-bin libimage-exiftool-perl" \
        "openjdk-17-jdk-headless wixl ghostscript p7zip-full xz-utils libreoffice-writer-nogui" \
        "libreoffice-calc-nogui libreoffice-impress-nogui wavpack farbfeld icoutils gdal-bin" \
        "bzip3 rzip zpaq assimp-utils qemu-utils libeccodes-tools lzop lzip lz4 zstd groff par2" \
        "ncompress cpio genisoimage" >&2
    exit 1
fi
if ! python3 -c 'import nbformat, PIL, scapy, msoffcrypto, fontTools, brotli, imagecodecs, numbers_parser, pydicom, ezdxf, meshio, arff, numpy, torch, setuptools, wheel' \
    2>/dev/null; then
    echo "generate.sh: python3 needs nbformat, Pillow, scapy, msoffcrypto-tool, fonttools," \
        "brotli, imagecodecs, numbers-parser, pydicom, ezdxf, meshio, liac-arff, numpy," \
        "torch, setuptools and wheel; python3 -m pip install nbformat pillow scapy" \
        "msoffcrypto-tool fonttools brotli imagecodecs numbers-parser pydicom ezdxf meshio" \
        "liac-arff numpy torch setuptools wheel" >&2
    exit 1
fi
if ! sox -h 2>/dev/null | grep -q 'amr-nb'; then
    echo "generate.sh: sox cannot write AMR-NB; install libsox-fmt-base and libopencore-amrnb0" >&2
    exit 1
fi
# A sandbox may put a stand-in `convert` first on PATH; use ImageMagick's own when it is there.
CONVERT=convert
[[ -x /usr/bin/convert ]] && CONVERT=/usr/bin/convert

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

EDIT=(python3 "$HERE/edit-bytes.py")
WRITE=(python3 "$HERE/write-containers.py")
FF=(ffmpeg -hide_banner -loglevel error -nostdin -y)
# Inputs: a 16x16 test pattern at 10 fps for 0.2 s, and a 440 Hz tone at 8 kHz for 0.2 s.
VIN=(-f lavfi -i "testsrc2=size=16x16:rate=10:duration=0.2")
AIN=(-f lavfi -i "sine=frequency=440:sample_rate=8000:duration=0.2")
AIN44=(-f lavfi -i "sine=frequency=440:sample_rate=44100:duration=0.2")
BX=(-map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact -threads 1)
H264=(-c:v libx264 -preset veryfast -crf 35 -pix_fmt yuv420p -x264-params threads=1)
AAC=(-c:a aac -ac 1 -b:a 16k)

out() { mv -f "$1" "$OUT/$2"; }

# ---------------------------------------------------------------------------
# Images
# ---------------------------------------------------------------------------
$CONVERT -size 16x16 gradient:red-blue -strip base.png
for i in 1 2 3; do
    $CONVERT -size 16x16 "xc:rgb($((i * 80)),40,$((255 - i * 80)))" -strip "frame$i.png"
done

$CONVERT base.png -strip -quality 80 image.jpg ; out image.jpg image.jpg
$CONVERT base.png -strip -define png:exclude-chunks=date,time image.png ; out image.png image.png
"${FF[@]}" -f lavfi -i "testsrc2=size=16x16:rate=5:duration=0.6" -plays 0 -f apng "${BX[@]}" \
    animated-apng.png ; out animated-apng.png animated-apng.png
$CONVERT base.png -strip still.gif ; out still.gif still.gif
$CONVERT -delay 10 -loop 0 frame1.png frame2.png frame3.png -strip animated.gif ;
    out animated.gif animated.gif
cwebp -quiet -q 50 -metadata none base.png -o lossy.webp ; out lossy.webp lossy.webp
cwebp -quiet -lossless -metadata none base.png -o lossless.webp ; out lossless.webp lossless.webp
img2webp -loop 0 -lossless -d 100 frame1.png frame2.png frame3.png -o animated.webp >/dev/null 2>&1 ;
    out animated.webp animated.webp
# HEIC from a 32x32 picture: at 16x16 libheif 1.15 pads the picture with bytes that differ from
# run to run, so the output was not reproducible.
$CONVERT -size 32x32 gradient:red-blue -strip base32.png
heif-enc -q 40 -o image.heic base32.png >/dev/null
"${EDIT[@]}" major-brand image.heic image-mif1-major.heic mif1
out image.heic image.heic
out image-mif1-major.heic image-mif1-major.heic
avifenc -j 1 -s 10 --min 30 --max 40 base.png image.avif >/dev/null ; out image.avif image.avif
avifenc -j 1 -s 10 --min 30 --max 40 --fps 10 frame1.png frame2.png frame3.png seq.avifs >/dev/null
"${EDIT[@]}" zero-times seq.avifs sequence.avifs # avifenc stamps mvhd/tkhd/mdhd with the time of day
out sequence.avifs sequence.avifs
cjxl base.png image.jxl -d 1 --quiet 2>/dev/null || cjxl base.png image.jxl -d 1 >/dev/null 2>&1
out image.jxl image.jxl
$CONVERT base.png -strip -compress none image.tiff ; out image.tiff image.tiff
$CONVERT base.png -strip -compress none dng.tif
exiftool -q -overwrite_original -DNGVersion=1.4.0.0 -DNGBackwardVersion=1.1.0.0 \
    -UniqueCameraModel="mediatype fixture" dng.tif
out dng.tif image.dng
$CONVERT base.png -strip BMP3:image.bmp ; out image.bmp image.bmp
$CONVERT base.png -strip image.ico ; out image.ico image.ico
$CONVERT base.png -strip image.psd ; out image.psd image.psd

svg_body='<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><rect width="16" height="16" fill="#c33"/></svg>'
printf '%s\n' "$svg_body" >"$OUT/plain.svg"
printf '\xef\xbb\xbf<?xml version="1.0" encoding="UTF-8"?>\n%s\n' "$svg_body" >"$OUT/bom.svg"
printf '<!-- Generator: mediatype fixtures. A comment comes before the root element. -->\n%s\n' \
    "$svg_body" >"$OUT/comment-first.svg"
printf '<?xml version="1.0" standalone="no"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n%s\n' \
    "$svg_body" >"$OUT/doctype.svg"

# ---------------------------------------------------------------------------
# Movies (ISO base media, QuickTime, 3GPP, Flash, Matroska, MPEG, RIFF, ASF)
# ---------------------------------------------------------------------------
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" "${H264[@]}" "${AAC[@]}" "${BX[@]}" -f mp4 clip-h264-aac.mp4
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" "${H264[@]}" "${AAC[@]}" "${BX[@]}" -movflags +faststart \
    -f mp4 clip-faststart.mp4
"${EDIT[@]}" mdat64 clip-h264-aac.mp4 clip-mdat64.mp4
"${EDIT[@]}" truncate-in-box clip-faststart.mp4 clip-truncated.mp4 moov
for f in clip-h264-aac.mp4 clip-faststart.mp4 clip-mdat64.mp4 clip-truncated.mp4; do out "$f" "$f"; done
"${FF[@]}" "${AIN[@]}" "${AAC[@]}" "${BX[@]}" -f mp4 audio-isom.mp4 ; out audio-isom.mp4 audio-isom.mp4
"${FF[@]}" "${AIN[@]}" "${AAC[@]}" "${BX[@]}" -f ipod audio.m4a ; out audio.m4a audio.m4a
"${FF[@]}" "${AIN[@]}" "${AAC[@]}" "${BX[@]}" -brand "M4B " -f ipod audiobook.m4b ;
    out audiobook.m4b audiobook.m4b
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" "${H264[@]}" "${AAC[@]}" "${BX[@]}" -brand mp42 -f mp4 m4v.mp4
"${EDIT[@]}" compat-brand m4v.mp4 video.m4v iso2 "M4V "
out video.m4v video.m4v
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" "${H264[@]}" "${AAC[@]}" "${BX[@]}" -f mov clip.mov
"${EDIT[@]}" strip-ftyp clip.mov no-ftyp.mov
cp clip.mov quicktime-named.jpg
out clip.mov clip.mov
out no-ftyp.mov no-ftyp.mov
out quicktime-named.jpg quicktime-named.jpg
"${FF[@]}" "${AIN[@]}" "${AAC[@]}" "${BX[@]}" -f mov audio-only.mov ; out audio-only.mov audio-only.mov
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" "${H264[@]}" "${AAC[@]}" "${BX[@]}" -f 3gp clip.3gp ; out clip.3gp clip.3gp
"${FF[@]}" "${AIN[@]}" "${AAC[@]}" "${BX[@]}" -f 3gp audio.3gp ; out audio.3gp audio.3gp
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" "${H264[@]}" "${AAC[@]}" "${BX[@]}" -f 3g2 clip.3g2 ; out clip.3g2 clip.3g2
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" "${H264[@]}" "${AAC[@]}" "${BX[@]}" -f f4v clip.f4v ; out clip.f4v clip.f4v
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" -c:v libvpx -b:v 50k -c:a libvorbis -ac 1 -q:a 0 "${BX[@]}" \
    -f webm vp8-vorbis.webm ; out vp8-vorbis.webm vp8-vorbis.webm
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" -c:v libvpx-vp9 -b:v 50k -c:a libopus -ac 1 -b:a 12k -ar 48000 \
    "${BX[@]}" -f webm vp9-opus.webm ; out vp9-opus.webm vp9-opus.webm
"${FF[@]}" "${AIN[@]}" -c:a libopus -ac 1 -b:a 12k -ar 48000 "${BX[@]}" -f webm audio-opus.webm ;
    out audio-opus.webm audio-opus.webm
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" "${H264[@]}" "${AAC[@]}" "${BX[@]}" -f matroska clip.mkv ;
    out clip.mkv clip.mkv
"${FF[@]}" "${AIN[@]}" -c:a libvorbis -ac 1 -q:a 0 "${BX[@]}" -f matroska audio.mka ; out audio.mka audio.mka
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" -c:v mpeg4 -q:v 10 -c:a mp2 -ar 16000 -b:a 32k "${BX[@]}" -f avi clip.avi ;
    out clip.avi clip.avi
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" "${H264[@]}" "${AAC[@]}" "${BX[@]}" -f mpegts clip.ts ; out clip.ts clip.ts
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" "${H264[@]}" "${AAC[@]}" "${BX[@]}" -mpegts_m2ts_mode 1 -f mpegts clip.m2ts ;
    out clip.m2ts clip.m2ts
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" -c:v mpeg1video -r 25 -q:v 10 -c:a mp2 -ar 32000 -b:a 32k "${BX[@]}" -f mpeg clip.mpg ;
    out clip.mpg clip.mpg
"${FF[@]}" "${VIN[@]}" "${AIN44[@]}" -c:v flv1 -q:v 10 -c:a libmp3lame -ac 1 -b:a 32k "${BX[@]}" -f flv clip.flv ;
    out clip.flv clip.flv
# Containers of movies that carry only sound: libmagic and shared-mime-info call them video.
"${FF[@]}" "${AIN44[@]}" -c:a libmp3lame -ac 1 -b:a 32k "${BX[@]}" -f flv audio-only.flv ;
    out audio-only.flv audio-only.flv
"${FF[@]}" "${AIN[@]}" "${AAC[@]}" "${BX[@]}" -f mpegts audio-only.ts ; out audio-only.ts audio-only.ts
"${FF[@]}" "${AIN[@]}" -c:a mp2 -ar 32000 -b:a 32k "${BX[@]}" -f mpeg audio-only.mpg ;
    out audio-only.mpg audio-only.mpg
"${FF[@]}" "${AIN[@]}" -c:a mp2 -ar 32000 -b:a 32k "${BX[@]}" -f avi audio-only.avi ;
    out audio-only.avi audio-only.avi
"${FF[@]}" -f lavfi -i "testsrc2=size=16x16:rate=25:duration=0.2" \
    -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.2" -c:v mpeg2video -q:v 10 \
    -c:a pcm_s16le "${BX[@]}" -f mxf clip.mxf ; out clip.mxf clip.mxf
"${FF[@]}" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.2" -c:a pcm_s16le "${BX[@]}" \
    -f mxf_opatom audio-only.mxf ; out audio-only.mxf audio-only.mxf
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" -c:v mpeg4 -q:v 10 -c:a mp2 -ar 32000 -b:a 32k "${BX[@]}" -f nut clip.nut ;
    out clip.nut clip.nut
"${FF[@]}" "${AIN[@]}" -c:a mp2 -ar 32000 -b:a 32k "${BX[@]}" -f nut audio-only.nut ;
    out audio-only.nut audio-only.nut
# A DASH media segment (styp, sidx, moof, mdat), and its movie fragment alone (moof, mdat), as
# a CMAF chunk or a Smooth Streaming fragment opens: neither has a movie box.
mkdir -p dash
"${FF[@]}" "${VIN[@]}" -c:v mpeg4 -q:v 10 "${BX[@]}" -f dash -seg_duration 1 -init_seg_name init.m4s \
    -media_seg_name 'chunk-$Number$.m4s' dash/stream.mpd
out dash/chunk-1.m4s segment.m4s
python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); sys.stdout.buffer.write(d[d.index(b"moof") - 4:])' \
    "$OUT/segment.m4s" >fragment.m4s ; out fragment.m4s fragment.m4s
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" -c:v wmv2 -q:v 10 -c:a wmav2 -b:a 24k "${BX[@]}" -f asf clip.wmv ;
    out clip.wmv clip.wmv
"${FF[@]}" "${AIN[@]}" -c:a wmav2 -b:a 24k "${BX[@]}" -f asf audio.wma ; out audio.wma audio.wma
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" -c:v msmpeg4 -q:v 10 -c:a wmav2 -b:a 24k "${BX[@]}" -f asf clip.asf ;
    out clip.asf clip.asf
"${FF[@]}" "${VIN[@]}" -c:v libtheora -q:v 1 "${BX[@]}" -f ogg theora.ogv ; out theora.ogv theora.ogv
"${FF[@]}" "${VIN[@]}" "${H264[@]}" "${BX[@]}" -f h264 stream.h264 ; out stream.h264 stream.h264
# H.263 takes only its picture formats: sub-QCIF, 128x96.
"${FF[@]}" -f lavfi -i "testsrc2=size=128x96:rate=10:duration=0.5" -c:v h263 -q:v 20 "${BX[@]}" \
    -f h263 stream.h263 ; out stream.h263 stream.h263
"${FF[@]}" "${VIN[@]}" -c:v libx265 -preset ultrafast -crf 40 -pix_fmt yuv420p \
    -x265-params "log-level=none:pools=1:frame-threads=1" "${BX[@]}" -f hevc stream.h265 ;
    out stream.h265 stream.h265

# ---------------------------------------------------------------------------
# Audio
# ---------------------------------------------------------------------------
"${FF[@]}" "${AIN[@]}" -c:a pcm_s16le "${BX[@]}" -f wav audio.wav
"${FF[@]}" "${AIN44[@]}" -c:a libmp3lame -ac 1 -b:a 32k "${BX[@]}" -write_xing 0 -id3v2_version 0 \
    -f mp3 audio.mp3
"${EDIT[@]}" id3 audio.mp3 id3-large.mp3 20480
out id3-large.mp3 id3-large.mp3
# Some taggers put an ID3v2 tag in front of a whole WAV file.
"${EDIT[@]}" id3 audio.wav id3-tagged.wav 4096
out id3-tagged.wav id3-tagged.wav
out audio.mp3 audio.mp3
"${FF[@]}" "${AIN[@]}" "${AAC[@]}" "${BX[@]}" -f adts audio.aac ; out audio.aac audio.aac
# AIFF through ffmpeg: sox stamps a COMT chunk with the time of day.
"${FF[@]}" -i audio.wav -c:a pcm_s16be "${BX[@]}" -f aiff audio.aiff ; out audio.aiff audio.aiff
sox audio.wav -t aifc audio.aifc ; out audio.aifc audio.aifc
"${FF[@]}" "${AIN[@]}" -c:a pcm_s16be "${BX[@]}" -f caf audio.caf ; out audio.caf audio.caf
flac --silent --force --best audio.wav -o audio.flac ; out audio.flac audio.flac
flac --silent --force --best --ogg --serial-number=1 audio.wav -o audio-flac.oga ;
    out audio-flac.oga audio-flac.oga
oggenc --quiet --serial 1 -q 0 audio.wav -o audio.ogg ; out audio.ogg audio.ogg
opusenc --quiet --serial 1 --bitrate 12 audio.wav audio.opus ; out audio.opus audio.opus
# Speex through ffmpeg's libspeex and Ogg muxer: speexenc picks a random Ogg serial number.
"${FF[@]}" -i audio.wav -c:a libspeex "${BX[@]}" -f ogg audio.spx ; out audio.spx audio.spx
"${FF[@]}" "${AIN44[@]}" -c:a ac3 -ac 1 -b:a 32k -ar 32000 "${BX[@]}" -f ac3 audio.ac3 ; out audio.ac3 audio.ac3
sox audio.wav -t amr-nb audio.amr ; out audio.amr audio.amr
"${WRITE[@]}" midi tune.mid ; out tune.mid tune.mid
out audio.wav audio.wav

# ---------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------
printf 'Plain UTF-8 text: café, naïve, 日本語.\nA second line.\n' >text.txt
"${EDIT[@]}" utf16le text.txt "$OUT/utf16le.txt"
# glibc iconv writes UTF-32 with a BOM in the machine's byte order (little-endian on x86_64).
iconv -f UTF-8 -t UTF-32 text.txt >"$OUT/utf32.txt"
cp text.txt "$OUT/text.txt"
printf '{\n  "name": "fixture",\n  "values": [1, 2, 3],\n  "nested": {"ok": true}\n}\n' >"$OUT/data.json"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<catalog>\n  <item id="1">One</item>\n  <item id="2">Two</item>\n</catalog>\n' \
    >"$OUT/data.xml"
printf '<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>Fixture</title></head>\n<body><p>Hello.</p></body>\n</html>\n' \
    >page.html
cp page.html "$OUT/page.html"
cp page.html "$OUT/html-named.jpg"
printf 'name,count,price\nalpha,1,0.50\nbeta,2,1.25\ngamma,3,2.00\n' >"$OUT/table.csv"
printf '# Fixture configuration\nname: fixture\nitems:\n  - one\n  - two\nnested:\n  enabled: true\n' \
    >"$OUT/config.yaml"
# A two-stage Dockerfile as Docker's "Dockerfile reference" lays one out: a parser
# directive, a build argument before FROM, a continued RUN line.
printf '# syntax=docker/dockerfile:1\nARG BASE=debian:12\nFROM ${BASE} AS build\nRUN apt-get update \\\n    && apt-get install -y --no-install-recommends gcc make\nCOPY . /src\nWORKDIR /src\nRUN make\n\nFROM scratch\nCOPY --from=build /src/app /app\nENTRYPOINT ["/app"]\n' \
    >"$OUT/Dockerfile"
# A Cargo manifest (TOML) as cargo writes it for a new package.
mkdir -p cargo-package
(cd cargo-package && cargo init --vcs none --name mediatype-fixture --quiet .)
cp cargo-package/Cargo.toml "$OUT/cargo.toml"
printf '#!/bin/sh\n# A shell script without an extension.\nset -eu\necho "hello from a fixture"\n' >shell-script
chmod 755 shell-script
cp shell-script "$OUT/shell-script"
cp shell-script "$OUT/script-named.png"
printf '#!/usr/bin/env python3\n"""A Python script with a shebang."""\n\n\ndef main():\n    print("hello")\n\n\nif __name__ == "__main__":\n    main()\n' \
    >"$OUT/script.py"
printf '// A Swift source file.\nstruct Greeter {\n    let name: String\n\n    func greet() -> String {\n        "Hello, \\(name)!"\n    }\n}\n\nprint(Greeter(name: "fixture").greet())\n' \
    >"$OUT/source.swift"
printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//mediatype//fixtures//EN\r\nBEGIN:VEVENT\r\nUID:fixture-1@example.org\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240102T090000Z\r\nDTEND:20240102T100000Z\r\nSUMMARY:Fixture meeting\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' \
    >"$OUT/event.ics"
printf '[Unit]\nDescription=Fixture service\nAfter=network.target\n\n[Service]\nType=simple\nExecStart=/usr/bin/true\n\n[Install]\nWantedBy=multi-user.target\n' \
    >"$OUT/fixture.service"
# Plain ASCII prose under a name with no extension: plain text, nothing more.
printf 'Build started at 09:00.\nAll 12 steps passed; nothing was left over.\nBuild finished at 09:02.\n' \
    >"$OUT/prose"
# A systemd unit whose licence comment (287 bytes) comes before [Unit], as in most units
# distributions ship, and a D-Bus service file: by hand, as systemd.unit(5) and the D-Bus
# specification ("Message Bus Starting Services") lay them out.
{
    printf '#  SPDX-License-Identifier: MIT\n#\n'
    printf '#  This unit belongs to the mediatype fixtures. It starts nothing useful: it exists so\n'
    printf '#  that a classifier can be tested on a unit whose first section header comes after\n'
    printf '#  a comment of several lines, as in most of the units that distributions ship.\n#\n'
    printf '[Unit]\nDescription=mediatype fixture\nAfter=network.target\n\n'
    printf '[Service]\nType=oneshot\nExecStart=/bin/true\n\n[Install]\nWantedBy=multi-user.target\n'
} >"$OUT/commented.service"
printf '[D-BUS Service]\nName=org.example.MediatypeFixture\nExec=/usr/bin/true\n' >"$OUT/bus.service"
printf '[Desktop Entry]\nType=Application\nName=Fixture\nExec=true\nIcon=fixture\nCategories=Utility;\n' \
    >"$OUT/fixture.desktop"
printf '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n  <Placemark>\n    <name>Fixture</name>\n    <Point><coordinates>2.2945,48.8584,0</coordinates></Point>\n  </Placemark>\n</kml>\n' \
    >places.kml
cp places.kml "$OUT/places.kml"
: >"$OUT/empty"
"${WRITE[@]}" elf elf-named.png ; out elf-named.png elf-named.png

# ---------------------------------------------------------------------------
# Documents and archives
# ---------------------------------------------------------------------------
cat >doc.ps <<'EOF'
%!PS
/Helvetica findfont 12 scalefont setfont
72 720 moveto (mediatype fixture) show
[ /Title (Fixture) /CreationDate (D:20240101000000Z) /ModDate (D:20240101000000Z) /DOCINFO pdfmark
showpage
EOF
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -dDEVICEWIDTHPOINTS=200 -dDEVICEHEIGHTPOINTS=100 \
    -dFIXEDMEDIA -sOutputFile=document.pdf doc.ps
cp document.pdf pdf-named.jpg
out document.pdf document.pdf
out pdf-named.jpg pdf-named.jpg
# A PDF and a PostScript document compressed, as Debian ships manuals (*.pdf.gz, *.ps.gz),
# and the PDF in bzip2, xz and lzip: shared-mime-info names each compressed document a type.
gzip -n -9 -c "$OUT/document.pdf" >document.pdf.gz ; out document.pdf.gz document.pdf.gz
bzip2 -9 -c "$OUT/document.pdf" >document.pdf.bz2 ; out document.pdf.bz2 document.pdf.bz2
xz -9 -c "$OUT/document.pdf" >document.pdf.xz ; out document.pdf.xz document.pdf.xz
lzip -9 -c "$OUT/document.pdf" >document.pdf.lz ; out document.pdf.lz document.pdf.lz
gzip -n -9 -c doc.ps >document.ps.gz ; out document.ps.gz document.ps.gz
# A DVI document by groff's DVI driver (grodvi), gzip-compressed (*.dvi.gz).
printf 'mediatype fixture\n' | groff -Tdvi | gzip -n -9 -c >document.dvi.gz
out document.dvi.gz document.dvi.gz

mkdir -p tree/folder
cp text.txt tree/readme.txt
printf 'inner\n' >tree/folder/inner.txt
touch -d @"$SOURCE_DATE_EPOCH" tree tree/folder tree/readme.txt tree/folder/inner.txt
(cd tree && zip -q -X -r ../archive.zip readme.txt folder) ; out archive.zip archive.zip
tar --sort=name --mtime=@"$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner --format=ustar \
    -C tree -cf archive.tar readme.txt folder ; out archive.tar archive.tar
gzip -n -9 -c text.txt >text.txt.gz ; out text.txt.gz text.txt.gz
# Formats that are gzip streams of another: a compressed tar and a compressed SVG image.
gzip -n -9 -c "$OUT/archive.tar" >archive.tar.gz ; out archive.tar.gz archive.tar.gz
gzip -n -9 -c "$OUT/plain.svg" >image.svgz ; out image.svgz image.svgz
# The same tar in the other compressors whose .tar.* names GIO knows: bzip2, xz (LZMA2 chunks),
# lzip and legacy .lzma (LZMA), LZ4 frames, Zstandard. The content says a compressed tar for
# each; the plain text in lzip, LZ4 and Zstandard stays a plain compressed file.
bzip2 -9 -c "$OUT/archive.tar" >archive.tar.bz2 ; out archive.tar.bz2 archive.tar.bz2
xz -9 -c "$OUT/archive.tar" >archive.txz ; out archive.txz archive.txz
lzip -9 -c "$OUT/archive.tar" >archive.tar.lz ; out archive.tar.lz archive.tar.lz
lzma -9 -c "$OUT/archive.tar" >archive.tar.lzma ; out archive.tar.lzma archive.tar.lzma
lz4 -q -9 -c "$OUT/archive.tar" >archive.tar.lz4 ; out archive.tar.lz4 archive.tar.lz4
zstd -q -19 -c "$OUT/archive.tar" >archive.tar.zst ; out archive.tar.zst archive.tar.zst
# Older and rarer layouts of the same: compress's LZW (.tar.Z), lzop's LZO1X (.tar.lzo), LZ4's legacy frame (lz4 -l, as
# kernels and initramfs tools write it), LZMA-Alone with lc 4 and a 4 KiB dictionary, a
# Zstandard frame behind a skippable frame (seek tables, libarchive's metadata), and a cpio
# archive in gzip (an initramfs's layout).
compress -c "$OUT/archive.tar" >archive.tar.Z ; out archive.tar.Z archive.tar.Z
lzop -c "$OUT/archive.tar" >archive.tar.lzo ; out archive.tar.lzo archive.tar.lzo
lz4 -q -l -9 -c "$OUT/archive.tar" >archive-legacy.tar.lz4 ; out archive-legacy.tar.lz4 archive-legacy.tar.lz4
xz --format=lzma --lzma1=preset=6,lc=4,dict=4KiB -c "$OUT/archive.tar" >archive-lc4.tar.lzma ;
    out archive-lc4.tar.lzma archive-lc4.tar.lzma
python3 -c 'import struct, sys; m = b"seek table"; sys.stdout.buffer.write(struct.pack("<II", 0x184D2A5E, len(m)) + m + open(sys.argv[1], "rb").read())' \
    "$OUT/archive.tar.zst" >archive-skippable.tar.zst ; out archive-skippable.tar.zst archive-skippable.tar.zst
(cd tree && find readme.txt folder | LC_ALL=C sort | cpio --quiet -o -H newc --reproducible) |
    gzip -n -9 -c >archive.cpio.gz ; out archive.cpio.gz archive.cpio.gz
lzip -9 -c text.txt >text.txt.lz ; out text.txt.lz text.txt.lz
lz4 -q -9 -c text.txt >text.txt.lz4 ; out text.txt.lz4 text.txt.lz4
zstd -q -19 -c text.txt >text.txt.zst ; out text.txt.zst text.txt.zst
# A KOffice 1 document as KOffice's store wrote it: a tar of maindoc.xml, gzipped with the
# header's file name "KOffice application/x-kword" and bytes 4 and 6 (KoStore's marker).
# Written here: no packaged program writes the KOffice 1 format any more.
python3 - <<'PY'
import io, struct, tarfile, zlib
doc = (b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE DOC>\n'
       b'<DOC editor="KWord" mime="application/x-kword" syntaxVersion="2">\n'
       b' <FRAMESETS><FRAMESET frameType="1" name="Text Frameset 1"><PARAGRAPH>'
       b'<TEXT>mediatype fixture</TEXT></PARAGRAPH></FRAMESET></FRAMESETS>\n</DOC>\n')
tar = io.BytesIO()
with tarfile.open(fileobj=tar, mode="w", format=tarfile.USTAR_FORMAT) as archive:
    info = tarfile.TarInfo("maindoc.xml")
    info.size, info.mtime, info.mode = len(doc), 1704067200, 0o644
    archive.addfile(info, io.BytesIO(doc))
# The header by hand: Python's gzip module keeps only the name's last path component.
body = tar.getvalue()
deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
with open("koffice.kwd", "wb") as out:
    out.write(b"\x1f\x8b\x08\x08" + bytes(4) + b"\x00\x03")
    out.write(b"KOffice application/x-kword\x04\x06\x00")
    out.write(deflate.compress(body) + deflate.flush())
    out.write(struct.pack("<II", zlib.crc32(body), len(body)))
PY
out koffice.kwd koffice.kwd
# A Gnumeric workbook as Gnumeric saves it: its XML (the gnm namespace, one sheet, one cell),
# gzip-compressed. Written here: Debian's gnumeric package is large for one fixture.
printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
    '<gnm:Workbook xmlns:gnm="http://www.gnumeric.org/v10.dtd">' \
    '  <gnm:Version Epoch="1" Major="12" Minor="55" Full="1.12.55"/>' \
    '  <gnm:Sheets><gnm:Sheet><gnm:Name>Sheet1</gnm:Name><gnm:Cells>' \
    '    <gnm:Cell Row="0" Col="0" ValueType="60">mediatype</gnm:Cell>' \
    '  </gnm:Cells></gnm:Sheet></gnm:Sheets>' '</gnm:Workbook>' | gzip -n -9 >spreadsheet.gnumeric
out spreadsheet.gnumeric spreadsheet.gnumeric
bzip2 -9 -c text.txt >text.txt.bz2 ; out text.txt.bz2 text.txt.bz2
xz -9 -c text.txt >text.txt.xz ; out text.txt.xz text.txt.xz
(cd tree && 7z a -bso0 -bsp0 -mtm=off -mtc=off -mta=off ../archive.7z readme.txt folder) ;
    out archive.7z archive.7z

"${WRITE[@]}" epub book.epub ; out book.epub book.epub
"${WRITE[@]}" apk app.apk ; out app.apk app.apk
"${WRITE[@]}" xpi addon.xpi ; out addon.xpi addon.xpi
"${WRITE[@]}" msix app.msix ; out app.msix app.msix
"${WRITE[@]}" kmz places.kmz places.kml ; out places.kmz places.kmz
"${WRITE[@]}" ora image.ora "$OUT/image.png" ; out image.ora image.ora
# GeoGebra, which Debian does not ship: a construction (geogebra.xml beside its thumbnail and
# script) and a tool file (geogebra_macro.xml alone), as GeoGebra Classic 5 writes them.
"${WRITE[@]}" geogebra construction.ggb "$OUT/image.png" ; out construction.ggb construction.ggb
"${WRITE[@]}" geogebra-tool midpoint.ggt ; out midpoint.ggt midpoint.ggt
# A NuGet package (no Debian tool packs one) and NumPy arrays saved by numpy.savez.
"${WRITE[@]}" nupkg package.nupkg ; out package.nupkg package.nupkg
"${WRITE[@]}" vsix extension.vsix ; out extension.vsix extension.vsix
# An XYZ molecule: Open Babel's 3D coordinates for ethanol (SMILES CCO; --gen3d places the
# atoms, so the digits differ from run to run).
obabel -:CCO --gen3d -oxyz -O ethanol.xyz 2>/dev/null ; out ethanol.xyz ethanol.xyz
# A Ruby gem built by gem build from a one-file specification (SOURCE_DATE_EPOCH fixes the
# members' dates): metadata.gz, data.tar.gz and checksums.yaml.gz in a ustar archive.
mkdir -p gem-project/lib
printf '%s\n' 'module MtFixture' '  GREETING = "hello"' 'end' > gem-project/lib/mtfixture.rb
printf '%s\n' 'Gem::Specification.new do |s|' '  s.name = "mtfixture"' '  s.version = "1.0.0"' \
    '  s.summary = "A fixture"' '  s.authors = ["mediatype"]' '  s.files = ["lib/mtfixture.rb"]' \
    '  s.license = "MIT"' 'end' > gem-project/mtfixture.gemspec
(cd gem-project && gem build mtfixture.gemspec >/dev/null 2>&1)
out gem-project/mtfixture-1.0.0.gem mtfixture-1.0.0.gem
# A Python wheel built by pip (setuptools and wheel, no build isolation) from a one-module
# project; SOURCE_DATE_EPOCH fixes the entries' dates.
mkdir -p wheel-project/src/mtfixture
printf '%s\n' '[build-system]' 'requires = ["setuptools"]' \
    'build-backend = "setuptools.build_meta"' '' '[project]' 'name = "mtfixture"' \
    'version = "1.0"' > wheel-project/pyproject.toml
printf 'GREETING = "hello"\n' > wheel-project/src/mtfixture/__init__.py
python3 -m pip wheel --no-deps --no-build-isolation -q -w wheel-dist ./wheel-project
out wheel-dist/mtfixture-1.0-py3-none-any.whl mtfixture-1.0-py3-none-any.whl
python3 -c 'import numpy as np; np.savez("arrays.npz", a=np.arange(6).reshape(2, 3), b=np.ones(2))'
out arrays.npz arrays.npz
# A PyTorch file: torch.save of a dictionary holding one tensor (needs torch from PyPI; its
# CPU build is enough). The ZIP holds model/data.pkl, model/version and the tensor's storage.
python3 -c 'import torch; torch.save({"w": torch.arange(4)}, "model.pt")' ; out model.pt model.pt
# Hangul word processor OWPML (KS X 6101), as Hancom Office writes it: its stored `mimetype`
# names application/hwp+zip. No Debian tool writes one; the XML parts are minimal.
"${WRITE[@]}" hwpx document.hwpx ; out document.hwpx document.hwpx
# A Gentoo binary package (GLEP 78): a ustar archive whose first member is PKG/gpkg-1.
"${WRITE[@]}" gpkg package.gpkg.tar ; out package.gpkg.tar package.gpkg.tar

mkdir -p jar/com/example
printf 'package com.example;\npublic class Hello { public static void main(String[] a) { System.out.println("hi"); } }\n' \
    >jar/com/example/Hello.java
javac -d jar/classes jar/com/example/Hello.java
find jar/classes -exec touch -d @"$SOURCE_DATE_EPOCH" {} +
jar --create --file app.jar --main-class com.example.Hello --date 2024-01-01T00:00:00Z -C jar/classes . ;
    out app.jar app.jar

# A Windows Installer package built by wixl (msitools) from a WiX source.
printf 'hello from a fixture installer\n' >readme.txt
cat >installer.wxs <<'EOF'
<?xml version="1.0" encoding="utf-8"?>
<Wix xmlns="http://schemas.microsoft.com/wix/2006/wi">
  <Product Id="6F1C1F0E-5D7C-4D4E-9A43-3C1B0E2A9B11" Name="Fixture" Language="1033" Version="1.0.0"
      Manufacturer="mediatype fixtures" UpgradeCode="2B8E3F4A-1C2D-4E5F-8A9B-0C1D2E3F4A5B">
    <Package InstallerVersion="200" Compressed="yes" Comments="mediatype fixture"/>
    <Media Id="1" Cabinet="fixture.cab" EmbedCab="yes"/>
    <Directory Id="TARGETDIR" Name="SourceDir">
      <Directory Id="ProgramFilesFolder">
        <Directory Id="INSTALLDIR" Name="Fixture">
          <Component Id="Readme" Guid="3C9F4B5A-2D3E-4F60-9B0C-1D2E3F4A5B6C">
            <File Id="ReadmeFile" Name="readme.txt" Source="readme.txt"/>
          </Component>
        </Directory>
      </Directory>
    </Directory>
    <Feature Id="Main" Level="1"><ComponentRef Id="Readme"/></Feature>
  </Product>
</Wix>
EOF
wixl -o installer.msi installer.wxs ; out installer.msi installer.msi

# Office formats through LibreOffice, from flat ODF sources written here.
# A fresh profile that saves no preview image (ODF Thumbnails/, OOXML docProps/thumbnail).
LO=(soffice --headless --norestore "-env:UserInstallation=file://$WORK/lo-profile")
mkdir -p lo-profile/user
cat >lo-profile/user/registrymodifications.xcu <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Save/Document"><prop oor:name="GenerateThumbnail" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
EOF
cat >document.fodt <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"
 office:mimetype="application/vnd.oasis.opendocument.text">
 <office:body><office:text><text:p>mediatype fixture document</text:p></office:text></office:body>
</office:document>
EOF
cat >spreadsheet.fods <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3"
 office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
 <office:body><office:spreadsheet><table:table table:name="Sheet1">
  <table:table-row><table:table-cell office:value-type="string"><text:p>name</text:p></table:table-cell>
   <table:table-cell office:value-type="string"><text:p>count</text:p></table:table-cell></table:table-row>
  <table:table-row><table:table-cell office:value-type="string"><text:p>alpha</text:p></table:table-cell>
   <table:table-cell office:value-type="float" office:value="1"><text:p>1</text:p></table:table-cell></table:table-row>
 </table:table></office:spreadsheet></office:body>
</office:document>
EOF
cat >presentation.fodp <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
 xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
 xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3"
 office:mimetype="application/vnd.oasis.opendocument.presentation">
 <office:body><office:presentation><draw:page draw:name="Slide1">
  <draw:frame svg:x="2cm" svg:y="2cm" svg:width="10cm" svg:height="2cm"><draw:text-box>
   <text:p>mediatype fixture slide</text:p></draw:text-box></draw:frame>
 </draw:page></office:presentation></office:body>
</office:document>
EOF
"${LO[@]}" --convert-to odt document.fodt >/dev/null 2>&1
"${LO[@]}" --convert-to docx document.fodt >/dev/null 2>&1
"${LO[@]}" --convert-to doc document.fodt >/dev/null 2>&1
"${LO[@]}" --convert-to 'dot:MS Word 97 Vorlage' document.fodt >/dev/null 2>&1
"${LO[@]}" --convert-to ods spreadsheet.fods >/dev/null 2>&1
"${LO[@]}" --convert-to xlsx spreadsheet.fods >/dev/null 2>&1
"${LO[@]}" --convert-to xls spreadsheet.fods >/dev/null 2>&1
"${LO[@]}" --convert-to odp presentation.fodp >/dev/null 2>&1
"${LO[@]}" --convert-to pptx presentation.fodp >/dev/null 2>&1
"${LO[@]}" --convert-to ppt presentation.fodp >/dev/null 2>&1
# LibreOffice's PowerPoint 97 export ignores GenerateThumbnail and puts a 512x288 24-bit preview
# bitmap (about 450 KB) in SummaryInformation; drop that one property, keep every other stream.
"${EDIT[@]}" ole-drop-thumbnail presentation.ppt presentation-small.ppt
mv -f presentation-small.ppt presentation.ppt
for f in document.odt document.docx document.doc document.dot spreadsheet.ods spreadsheet.xlsx spreadsheet.xls \
    presentation.odp presentation.pptx presentation.ppt; do
    [[ -s "$f" ]] || { echo "generate.sh: LibreOffice did not write $f" >&2; exit 1; }
    out "$f" "$f"
done

# Office Open XML kinds that only the main part's content type in [Content_Types].xml tells
# apart: templates, macro-enabled files (LibreOffice writes no VBA project into them, so no
# vbaProject.bin either), a slide show. The filter names are LibreOffice's (share/registry/*.xcd).
"${LO[@]}" --convert-to 'dotx:MS Word 2007 XML Template' document.fodt >/dev/null 2>&1
"${LO[@]}" --convert-to 'docm:MS Word 2007 XML VBA' document.fodt >/dev/null 2>&1
"${LO[@]}" --convert-to 'xltx:Calc MS Excel 2007 XML Template' spreadsheet.fods >/dev/null 2>&1
"${LO[@]}" --convert-to 'xlsm:Calc MS Excel 2007 VBA XML' spreadsheet.fods >/dev/null 2>&1
"${LO[@]}" --convert-to 'potx:Impress MS PowerPoint 2007 XML Template' presentation.fodp >/dev/null 2>&1
"${LO[@]}" --convert-to 'pptm:Impress MS PowerPoint 2007 XML VBA' presentation.fodp >/dev/null 2>&1
"${LO[@]}" --convert-to 'ppsx:Impress MS PowerPoint 2007 XML AutoPlay' presentation.fodp >/dev/null 2>&1
# LibreOffice 7.4's AutoPlay export declares the presentation's main content type, so its .ppsx
# is a .pptx by content; give the main part the slide show's content type, as PowerPoint does.
"${EDIT[@]}" ooxml-main-type presentation.ppsx slideshow.ppsx \
    application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml \
    application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml
mv -f slideshow.ppsx presentation.ppsx
for f in document.dotx document.docm spreadsheet.xltx spreadsheet.xlsm presentation.potx \
    presentation.pptm presentation.ppsx; do
    [[ -s "$f" ]] || { echo "generate.sh: LibreOffice did not write $f" >&2; exit 1; }
    out "$f" "$f"
done
# PowerPoint saves a single slide (.sldx) or a theme (.thmx) as a package of that part alone;
# LibreOffice writes neither, so its .pptx is cut down to each (edit-bytes.py says how).
"${EDIT[@]}" ooxml-part-package "$OUT/presentation.pptx" slide.sldx slide ; out slide.sldx slide.sldx
"${EDIT[@]}" ooxml-part-package "$OUT/presentation.pptx" theme.thmx theme ; out theme.thmx theme.thmx
# CSV with semicolons, as a spreadsheet in a locale with a decimal comma exports it: LibreOffice
# reads table.csv and writes it back with field separator 59 (;).
mkdir -p semicolon
"${LO[@]}" --infilter=CSV:44,34,76 --convert-to 'csv:Text - txt - csv (StarCalc):59,34,76' \
    --outdir semicolon "$OUT/table.csv" >/dev/null 2>&1
[[ -s semicolon/table.csv ]] || { echo "generate.sh: LibreOffice did not write the CSV" >&2; exit 1; }
out semicolon/table.csv table-semicolons.csv
# Compressed Enhanced and Windows Metafiles (.emz, .wmz): LibreOffice's EMF and WMF exports of
# the plain SVG, each in a gzip stream.
"${LO[@]}" --convert-to emf "$OUT/plain.svg" >/dev/null 2>&1
"${LO[@]}" --convert-to wmf "$OUT/plain.svg" >/dev/null 2>&1
for f in plain.emf plain.wmf; do
    [[ -s "$f" ]] || { echo "generate.sh: LibreOffice did not write $f" >&2; exit 1; }
done
gzip -n -9 -c plain.emf >drawing.emz ; out drawing.emz drawing.emz
gzip -n -9 -c plain.wmf >drawing.wmz ; out drawing.wmz drawing.wmz
# OpenDocument flat XML, as LibreOffice saves it: one XML file whose root element,
# office:document, names the packaged kind in office:mimetype.
"${LO[@]}" --convert-to fodt --outdir flat "$OUT/document.odt" >/dev/null 2>&1
"${LO[@]}" --convert-to fods --outdir flat "$OUT/spreadsheet.ods" >/dev/null 2>&1
# Spreadsheet interchange text formats LibreOffice writes: DIF and SYLK.
"${LO[@]}" --convert-to dif --outdir flat "$OUT/spreadsheet.ods" >/dev/null 2>&1
"${LO[@]}" --convert-to slk --outdir flat "$OUT/spreadsheet.ods" >/dev/null 2>&1
for f in document.fodt spreadsheet.fods spreadsheet.dif spreadsheet.slk; do
    [[ -s "flat/$f" ]] || { echo "generate.sh: LibreOffice did not write $f" >&2; exit 1; }
    out "flat/$f" "$f"
done
# The flat document in Zstandard: its one block holds Huffman-coded literals in four streams
# and FSE-coded sequences, the decoder's main paths (Zstd.swift).
zstd -q -19 -c "$OUT/document.fodt" >document.fodt.zst ; out document.fodt.zst document.fodt.zst
# compress through its code widths (9 to 13 bits), and kept at 10 bits so that its table fills
# and is reset (ncompress 4.2.4 cannot read back its own -b 9 output, so not 9).
compress -c "$OUT/document.fodt" >document.fodt.Z ; out document.fodt.Z document.fodt.Z
compress -b 10 -c "$OUT/document.fodt" >document-b10.fodt.Z ; out document-b10.fodt.Z document-b10.fodt.Z
# lzop's best compression (LZO1X-999), which uses every kind of match the format has.
lzop -9 -c "$OUT/document.fodt" >document.fodt.lzo ; out document.fodt.lzo document.fodt.lzo

# ---------------------------------------------------------------------------
# The formats of the structural sniffers added for issue #14 item 5.
# ---------------------------------------------------------------------------
# shellcheck source=generate-more.sh
source "$HERE/generate-more.sh"

# ---------------------------------------------------------------------------
# Compiled Python and terminfo: binary formats that only libmagic knew, common in any tree of
# Python packages or of a system's terminal descriptions.
# ---------------------------------------------------------------------------
# An unchecked-hash .pyc (PEP 552) holds no time stamp: reproducible.
python3 - "$OUT/script.py" "$OUT/module.pyc" <<'PY'
import py_compile, sys
py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True,
                   invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
PY
terminfo_work=$(mktemp -d)
printf 'mediatype-fixture|terminal description for a fixture,\n\tam, cols#80, lines#24,\n\tbel=^G, cr=\\r, clear=\\E[H\\E[2J,\n' \
    > "$terminfo_work/fixture.src"
tic -o "$terminfo_work" "$terminfo_work/fixture.src"
cp "$terminfo_work/m/mediatype-fixture" "$OUT/mediatype-fixture.terminfo"
rm -rf "$terminfo_work"

# ---------------------------------------------------------------------------
# Sanity: every output is under 64 KiB.
# ---------------------------------------------------------------------------
big=$(find "$OUT" -maxdepth 1 -type f -size +64k -printf '%f\n')
if [[ -n "$big" ]]; then
    echo "generate.sh: fixtures over 64 KiB: $big" >&2
    exit 1
fi
# The manifest is written by hand in make-manifest.py; rewriting it checks that it and the folder agree.
python3 "$HERE/make-manifest.py"
echo "generate.sh: done in $OUT"
