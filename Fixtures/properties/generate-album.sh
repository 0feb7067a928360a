#!/usr/bin/env bash
# Remakes the album-encoding fixtures (see README.md) with Debian's ffmpeg: movies in containers
# the photo library takes, with video or audio codecs it does or does not play.
# Usage: Fixtures/properties/generate-album.sh       (writes next to this script)
# The album tests judge these by the codecs the readers find; MediaPropertiesFFprobeTests
# checks those codecs against ffprobe.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$HERE"
export TZ=UTC LC_ALL=C
command -v ffmpeg >/dev/null || { echo "generate-album.sh: ffmpeg is missing (apt-get install ffmpeg)" >&2; exit 1; }
ff() { ffmpeg -nostdin -v error -y -fflags +bitexact "$@"; }
video=(-f lavfi -i testsrc2=size=64x48:rate=25:duration=0.2)
sound=(-f lavfi -i sine=frequency=440:sample_rate=44100:duration=0.2)

# H.263 (what old phones recorded) in 3GPP: the container is taken, the codec is not played.
ff -f lavfi -i testsrc2=size=128x96:rate=25:duration=0.2 "${sound[@]}" -c:v h263 -flags:v +bitexact \
    -c:a aac -b:a 32k -flags:a +bitexact album-h263-aac.3gp
# ProRes 422 with 16-bit PCM in QuickTime, as a camera's pro mode writes it: played.
ff "${video[@]}" "${sound[@]}" -c:v prores_ks -profile:v 2 -flags:v +bitexact -c:a pcm_s16le \
    album-prores-pcm.mov
# MPEG-4 Part 2 video with AAC: played.
ff "${video[@]}" "${sound[@]}" -c:v mpeg4 -flags:v +bitexact -c:a aac -b:a 32k -flags:a +bitexact \
    album-mpeg4-aac.mp4
# H.264 with Opus audio in MPEG-4: the video is played, the sound is not.
ff "${video[@]}" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.2" -c:v libx264 \
    -preset ultrafast -pix_fmt yuv420p -flags:v +bitexact -c:a libopus -b:a 24k album-h264-opus.mp4
