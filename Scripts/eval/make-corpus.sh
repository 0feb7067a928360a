#!/usr/bin/env bash
# Generates a labelled stand-in corpus for Scripts/eval/evaluate.py.
#
#   Scripts/eval/make-corpus.sh OUTDIR            # make files with the tools present
#   Scripts/eval/make-corpus.sh --install OUTDIR  # apt-get install the tools first (root)
#   Scripts/eval/make-corpus.sh --install --heavy OUTDIR  # and LibreOffice, for DOC/XLS/PPT
#
# Every file is made by a real tool (ImageMagick, ffmpeg, sox, ...) or by
# Scripts/eval/writers.py, whose writers state the format facts they rely on. A file whose
# tool is missing or fails is skipped with a warning; the run still succeeds.
# OUTDIR/labels.tsv: path (relative to OUTDIR) TAB expected MIME TAB family TAB alternatives
# (comma list of MIME types that also count as right).
set -u -o pipefail

PACKAGES="imagemagick graphicsmagick netpbm libheif-examples webp libjxl-tools ffmpeg sox
libsox-fmt-all flac vorbis-tools opus-tools speex wavpack lame openssl gzip bzip2 xz-utils zstd
lz4 lzip p7zip-full zip cpio tar genisoimage sqlite3 ghostscript gettext fonts-dejavu-core
fonts-urw-base35 xfonts-base woff2 binutils gcc libc6-dev dpkg rpm python3 file gcab arj ncompress
squashfs-tools djvulibre-bin icnsutils libjxr-tools musepack-tools eot-utils gnupg"

# --heavy adds LibreOffice (about 100 MB to download) for DOC, XLS, PPT and office files it writes.
HEAVY_PACKAGES="libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui"

install=0
heavy=0
while [ $# -gt 0 ]; do
  case "$1" in
  --install) install=1; shift ;;
  --heavy) heavy=1; shift ;;
  *) break ;;
  esac
done
if [ $# -ne 1 ] || [ "${1#-}" != "$1" ]; then
  echo "usage: $0 [--install [--heavy]] OUTDIR" >&2
  exit 64
fi
if [ $install = 1 ]; then
  export DEBIAN_FRONTEND=noninteractive
  [ $heavy = 1 ] && PACKAGES="$PACKAGES $HEAVY_PACKAGES"
  apt_log=$(mktemp)
  echo "installing the tools with apt-get (log: $apt_log)" >&2
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends $PACKAGES; } > "$apt_log" 2>&1 ||
    { tail -20 "$apt_log" >&2; echo "$0: apt-get install failed (log: $apt_log)" >&2; exit 1; }
fi

HERE=$(cd "$(dirname "$0")" && pwd)
WRITERS="$HERE/writers.py"
mkdir -p "$1" || { echo "$0: cannot create $1" >&2; exit 1; }
OUT=$(cd "$1" && pwd)
if [ -e "$OUT/labels.tsv" ]; then
  echo "$0: $OUT/labels.tsv exists; remove $OUT or pick an empty folder" >&2
  exit 1
fi
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
LOG="$OUT/make-corpus.log"
: > "$LOG"
LABELS="$OUT/labels.tsv"
: > "$LABELS"
SKIPPED=()
cd "$OUT" || exit 1
mkdir -p image audio video archive document text font executable other

# mk FILE MIME FAMILY ALTERNATIVES COMMAND...: runs COMMAND (in OUTDIR, output to FILE) and
# labels FILE when COMMAND succeeded and FILE is not empty.
mk() {
  local f=$1 mime=$2 fam=$3 alts=$4
  shift 4
  echo "== $f: $*" >> "$LOG"
  if ( "$@" ) >> "$LOG" 2>&1 && [ -s "$f" ]; then
    printf '%s\t%s\t%s\t%s\n' "$f" "$mime" "$fam" "$alts" >> "$LABELS"
  else
    rm -f "$f"
    SKIPPED+=("$f")
    echo "warning: skipped $f (${1} failed or is missing; see $LOG)" >&2
  fi
}
have() { command -v "$1" > /dev/null 2>&1; }
ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }
im() { convert "$@"; }
py() { python3 "$WRITERS" "$@"; }
cp_from() { # cp_from DEST CANDIDATE...: copies the first candidate that exists
  local dest=$1 c
  shift
  for c in "$@"; do [ -f "$c" ] && { cp "$c" "$dest"; return 0; }; done
  return 1
}
smallest() { # smallest PATTERN...: the smallest existing regular file over 8 KB
  ls -S "$@" 2>/dev/null | while read -r f; do [ -f "$f" ] && [ ! -L "$f" ] &&
    [ "$(stat -c %s "$f")" -gt 8192 ] && echo "$f"; done | tail -1
}

# ---- sources --------------------------------------------------------------------------------
SRC_PNG="$W/base.png"
if have convert; then
  convert -size 96x64 gradient:'#d02020-#2040e0' -fill '#f0f0a0' -draw 'circle 48,32 48,12' \
    -fill black -draw 'rectangle 4,4 20,20' "$SRC_PNG" >> "$LOG" 2>&1
fi
[ -s "$SRC_PNG" ] || { have ffmpeg && ff -f lavfi -i testsrc=size=96x64 -frames:v 1 "$SRC_PNG"; }
[ -s "$SRC_PNG" ] || echo "warning: no base image (ImageMagick and ffmpeg missing); images skipped" >&2
SRC_WAV="$W/base.wav"       # 1 s, 16 kHz mono 16-bit
SRC_WAV44="$W/base44.wav"   # 1 s, 44.1 kHz stereo 16-bit
if have sox; then
  sox -n -r 16000 -c 1 -b 16 "$SRC_WAV" synth 1 sine 440 fade 0 1 0.1 >> "$LOG" 2>&1
  sox -n -r 44100 -c 2 -b 16 "$SRC_WAV44" synth 1 sine 440 sine 660 fade 0 1 0.1 >> "$LOG" 2>&1
elif have ffmpeg; then
  ff -f lavfi -i sine=f=440:d=1:sample_rate=16000 "$SRC_WAV"
  ff -f lavfi -i sine=f=440:d=1:sample_rate=44100 -ac 2 "$SRC_WAV44"
fi
VIN=(-f lavfi -i testsrc=size=160x120:rate=10:duration=1 -f lavfi -i sine=f=440:d=1:sample_rate=22050)
PAYLOAD="$W/payload"
mkdir -p "$PAYLOAD/sub"
printf 'hello, archive\n%.0s' {1..40} > "$PAYLOAD/hello.txt"
printf 'second file\n' > "$PAYLOAD/sub/two.txt"
cp "$SRC_PNG" "$PAYLOAD/sub/pic.png" 2>/dev/null

# ---- images ---------------------------------------------------------------------------------
PNM="image/x-portable-anymap"
mk image/picture.bmp image/bmp image "image/x-bmp,image/x-ms-bmp" im "$SRC_PNG" BMP:image/picture.bmp
mk image/picture-v3.bmp image/bmp image "image/x-bmp,image/x-ms-bmp" im "$SRC_PNG" BMP3:image/picture-v3.bmp
mk image/picture.gif image/gif image "" im "$SRC_PNG" GIF:image/picture.gif
mk image/animated.gif image/gif image "" im -delay 10 "$SRC_PNG" \( "$SRC_PNG" -negate \) -loop 0 GIF:image/animated.gif
mk image/picture.png image/png image "" im "$SRC_PNG" PNG:image/picture.png
mk image/animated.apng image/apng image "image/vnd.mozilla.apng,image/png" \
  ff -f lavfi -i testsrc=size=64x48:rate=5:duration=0.6 -plays 0 -f apng image/animated.apng
mk image/picture.jpg image/jpeg image "image/pjpeg" im "$SRC_PNG" JPEG:image/picture.jpg
mk image/progressive.jpg image/jpeg image "image/pjpeg" im "$SRC_PNG" -interlace Plane JPEG:image/progressive.jpg
mk image/picture.jp2 image/jp2 image "image/jpx,image/jpeg2000" im "$SRC_PNG" JP2:image/picture.jp2
mk image/picture.j2k image/x-jp2-codestream image "image/j2c,image/jpeg2000-codestream" im "$SRC_PNG" J2K:image/picture.j2k
mk image/picture.tif image/tiff image "" im "$SRC_PNG" TIFF:image/picture.tif
mk image/big-endian.tiff image/tiff image "" im "$SRC_PNG" -endian MSB TIFF:image/big-endian.tiff
mk image/picture.webp image/webp image "" cwebp -quiet "$SRC_PNG" -o image/picture.webp
mk image/lossless.webp image/webp image "" cwebp -quiet -lossless "$SRC_PNG" -o image/lossless.webp
mk image/animated.webp image/webp image "" \
  ff -f lavfi -i testsrc=size=64x48:rate=5:duration=0.6 -c:v libwebp_anim -loop 0 image/animated.webp
mk image/icon.ico image/vnd.microsoft.icon image "image/x-icon,image/ico" \
  im "$SRC_PNG" -resize 32x32! -define icon:auto-resize=32,16 ICO:image/icon.ico
mk image/cursor.cur image/x-win-bitmap image "image/x-cursor,image/vnd.microsoft.icon,image/x-icon" \
  im "$SRC_PNG" -resize 32x32! CUR:image/cursor.cur
mk image/picture.psd image/vnd.adobe.photoshop image "image/x-psd,image/psd,application/x-photoshop,application/photoshop" \
  im "$SRC_PNG" PSD:image/picture.psd
mk image/plain.pbm image/x-portable-bitmap image "$PNM" im "$SRC_PNG" -compress none PBM:image/plain.pbm
mk image/raw.pbm image/x-portable-bitmap image "$PNM" im "$SRC_PNG" PBM:image/raw.pbm
mk image/plain.pgm image/x-portable-graymap image "$PNM" im "$SRC_PNG" -compress none PGM:image/plain.pgm
mk image/raw.pgm image/x-portable-graymap image "$PNM" im "$SRC_PNG" PGM:image/raw.pgm
mk image/plain.ppm image/x-portable-pixmap image "$PNM" im "$SRC_PNG" -compress none PPM:image/plain.ppm
mk image/raw.ppm image/x-portable-pixmap image "$PNM" im "$SRC_PNG" PPM:image/raw.ppm
mk image/picture.pam image/x-portable-arbitrarymap image "$PNM" im "$SRC_PNG" PAM:image/picture.pam
mk image/picture.pfm image/x-portable-floatmap image "$PNM" im "$SRC_PNG" PFM:image/picture.pfm
mk image/picture.xpm image/x-xpixmap image "image/x-xpm" im "$SRC_PNG" XPM:image/picture.xpm
mk image/picture.xbm image/x-xbitmap image "image/x-xbm" im "$SRC_PNG" XBM:image/picture.xbm
mk image/picture.sgi image/x-sgi image "image/sgi,image/x-rgb" im "$SRC_PNG" SGI:image/picture.sgi
mk image/picture.ras image/x-sun-raster image "image/x-cmu-raster" im "$SRC_PNG" SUN:image/picture.ras
mk image/picture.tga image/x-tga image "image/x-targa,image/targa,image/tga,image/x-icb" im "$SRC_PNG" TGA:image/picture.tga
mk image/picture.pcx image/vnd.zbrush.pcx image "image/x-pcx,image/pcx" im "$SRC_PNG" PCX:image/picture.pcx
mk image/picture.dds image/vnd-ms.dds image "image/x-dds,image/dds" \
  im "$SRC_PNG" -define dds:compression=dxt1 DDS:image/picture.dds
mk image/picture.hdr image/vnd.radiance image "image/x-hdr,image/x-radiance" im "$SRC_PNG" HDR:image/picture.hdr
mk image/picture.exr image/x-exr image "image/aces" ff -i "$SRC_PNG" -c:v exr -f image2 image/picture.exr
mk image/picture.ff image/x-farbfeld image "image/farbfeld" py farbfeld image/picture.ff
mk image/picture.fits image/fits image "application/fits,image/x-fits" im "$SRC_PNG" FITS:image/picture.fits
mk image/picture.miff image/x-miff image "application/x-miff" im "$SRC_PNG" MIFF:image/picture.miff
mk image/animation.mng video/x-mng image "video/mng,image/x-mng" im "$SRC_PNG" \( "$SRC_PNG" -negate \) MNG:image/animation.mng
mk image/picture.jng image/x-jng image "video/x-jng" im "$SRC_PNG" JNG:image/picture.jng
mk image/picture.qoi image/qoi image "image/x-qoi" ff -i "$SRC_PNG" -c:v qoi -f image2 image/picture.qoi
mk image/picture.wbmp image/vnd.wap.wbmp image "" im "$SRC_PNG" WBMP:image/picture.wbmp
mk image/picture.xwd image/x-xwindowdump image "image/x-xwd" im "$SRC_PNG" XWD:image/picture.xwd
mk image/picture.dpx image/dpx image "image/x-dpx" im "$SRC_PNG" DPX:image/picture.dpx
mk image/picture.pict image/x-pict image "image/pict" im "$SRC_PNG" PICT:image/picture.pict
mk image/picture.ilbm image/x-ilbm image "image/x-iff,application/x-iff" \
  bash -c "pngtopnm '$SRC_PNG' | ppmtoilbm > image/picture.ilbm"
mk image/picture.heic image/heic image "image/heif" heif-enc -q 50 -o image/picture.heic "$SRC_PNG"
# libheif 1.15's AOM path asserts on 4:2:0 in Debian 12; 4:2:2 works, ffmpeg is the fallback.
mk_avif() { heif-enc -A -p chroma=422 -q 50 -o image/picture.avif "$SRC_PNG" ||
  ff -i "$SRC_PNG" -c:v libaom-av1 -still-picture 1 -pix_fmt yuv420p -f avif image/picture.avif; }
mk image/picture.avif image/avif image "" mk_avif
mk image/picture.jxl image/jxl image "" cjxl --quiet "$SRC_PNG" image/picture.jxl
mk image/drawing.svg image/svg+xml image "" bash -c 'cat > image/drawing.svg <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="96" height="64" viewBox="0 0 96 64">
  <rect width="96" height="64" fill="#2040e0"/>
  <circle cx="48" cy="32" r="20" fill="#f0f0a0"/>
</svg>
EOF'
mk image/bare.svg image/svg+xml image "" bash -c 'printf "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><path d=\"M0 0L10 10\" stroke=\"red\"/></svg>\n" > image/bare.svg'

# ---- audio ----------------------------------------------------------------------------------
WAVE="audio/wav,audio/x-wav,audio/wave,audio/vnd.wave"
MPEGA="audio/mp3,audio/x-mpeg,audio/x-mp3,audio/mpeg3,audio/x-mpeg-3,audio/mpa"
AIFF="audio/aiff,audio/x-aiff"
mk audio/sound.wav audio/vnd.wave audio "$WAVE" cp "$SRC_WAV" audio/sound.wav
mk audio/adpcm.wav audio/vnd.wave audio "$WAVE" ff -i "$SRC_WAV" -c:a adpcm_ms audio/adpcm.wav
mk audio/sound.aiff audio/aiff audio "$AIFF" sox "$SRC_WAV" audio/sound.aiff
mk audio/sound.aifc audio/x-aifc audio "$AIFF" sox "$SRC_WAV" -t aifc audio/sound.aifc
mk audio/sound.au audio/basic audio "audio/x-au,audio/au" sox "$SRC_WAV" -t au audio/sound.au
mk audio/sound.flac audio/flac audio "audio/x-flac" flac -s -f -o audio/sound.flac "$SRC_WAV"
mk audio/flac-in-ogg.oga audio/ogg audio "audio/x-flac+ogg,audio/flac,application/ogg" \
  flac -s -f --ogg -o audio/flac-in-ogg.oga "$SRC_WAV"
mk audio/vorbis.ogg audio/ogg audio "audio/vorbis,audio/x-vorbis+ogg,application/ogg" \
  oggenc -Q -q 0 -o audio/vorbis.ogg "$SRC_WAV"
mk audio/sound.opus audio/ogg audio "audio/opus,audio/x-opus+ogg,application/ogg" \
  opusenc --quiet --bitrate 16 "$SRC_WAV" audio/sound.opus
mk audio/sound.spx audio/ogg audio "audio/speex,audio/x-speex,audio/x-speex+ogg,application/ogg" \
  speexenc --quiet "$SRC_WAV" audio/sound.spx
mk audio/id3-xing.mp3 audio/mpeg audio "$MPEGA" \
  lame --quiet -b 64 --tt Title --ta Artist --id3v2-only "$SRC_WAV44" audio/id3-xing.mp3
mk audio/bare.mp3 audio/mpeg audio "$MPEGA" lame --quiet -b 64 -t "$SRC_WAV44" audio/bare.mp3
mk audio/vbr-xing.mp3 audio/mpeg audio "$MPEGA" lame --quiet -V 6 "$SRC_WAV44" audio/vbr-xing.mp3
mk audio/id3v1.mp3 audio/mpeg audio "$MPEGA" lame --quiet -b 32 -t --tt T --id3v1-only "$SRC_WAV" audio/id3v1.mp3
mk audio/layer2.mp2 audio/mpeg audio "audio/mp2,audio/x-mp2,$MPEGA" ff -i "$SRC_WAV44" -c:a mp2 -b:a 128k audio/layer2.mp2
mk audio/adts.aac audio/aac audio "audio/x-aac,audio/aacp,audio/x-hx-aac-adts" ff -i "$SRC_WAV44" -c:a aac -b:a 64k -f adts audio/adts.aac
mk audio/sound.m4a audio/mp4 audio "audio/x-m4a,audio/m4a,audio/mp4a-latm" ff -i "$SRC_WAV44" -c:a aac -b:a 64k audio/sound.m4a
mk audio/alac.m4a audio/mp4 audio "audio/x-m4a,audio/m4a" ff -i "$SRC_WAV" -c:a alac audio/alac.m4a
mk audio/sound.caf audio/x-caf audio "audio/caf" ff -i "$SRC_WAV" -c:a pcm_s16be -f caf audio/sound.caf
mk audio/sound.wv audio/x-wavpack audio "audio/wavpack" wavpack -q -y "$SRC_WAV" -o audio/sound.wv
mk audio/sound.tta audio/x-tta audio "audio/tta" ff -i "$SRC_WAV" -c:a tta -f tta audio/sound.tta
mk audio/sound.ac3 audio/ac3 audio "audio/x-ac3,audio/vnd.dolby.dd-raw" ff -i "$SRC_WAV44" -c:a ac3 -b:a 96k -f ac3 audio/sound.ac3
mk audio/sound.eac3 audio/eac3 audio "audio/x-eac3,audio/ac3" ff -i "$SRC_WAV44" -c:a eac3 -b:a 96k -f eac3 audio/sound.eac3
mk audio/sound.dts audio/vnd.dts audio "audio/x-dts,audio/dts" ff -i "$SRC_WAV44" -strict -2 -c:a dca -f dts audio/sound.dts
mk audio/sound.amr audio/amr audio "audio/amr-nb,audio/x-amr" sox "$SRC_WAV" -r 8000 -t amr-nb audio/sound.amr
mk audio/sound.mka audio/x-matroska audio "audio/matroska,video/x-matroska,application/x-matroska" \
  ff -i "$SRC_WAV" -c:a libvorbis audio/sound.mka
mk audio/audio-only.webm audio/webm audio "video/webm" ff -i "$SRC_WAV" -c:a libopus -b:a 24k -f webm audio/audio-only.webm
mk audio/sound.wma audio/x-ms-wma audio "video/x-ms-asf,application/vnd.ms-asf,audio/x-ms-asf" \
  ff -i "$SRC_WAV" -c:a wmav2 -b:a 32k -f asf audio/sound.wma
mk audio/sound.voc audio/x-voc audio "audio/voc" sox "$SRC_WAV" -r 8000 -b 8 -t voc audio/sound.voc
mk audio/sound.8svx audio/x-8svx audio "audio/8svx,audio/x-iff,application/x-iff,audio/x-aiff" \
  sox "$SRC_WAV" -b 8 -t 8svx audio/sound.8svx
mk audio/tune.mid audio/midi audio "audio/x-midi,audio/sp-midi,audio/mid" py midi audio/tune.mid
mk audio/sound.ra audio/x-pn-realaudio audio "application/vnd.rn-realmedia,audio/vnd.rn-realaudio,audio/x-realaudio" \
  ff -i "$SRC_WAV" -ar 8000 -c:a real_144 -f rm audio/sound.ra
mk audio/sound.snd audio/basic audio "audio/x-au,audio/au" sox "$SRC_WAV" -e u-law -t au audio/sound.snd

# ---- video ----------------------------------------------------------------------------------
H264=(-c:v libx264 -preset ultrafast -pix_fmt yuv420p)
AVI="video/avi,video/msvideo,video/vnd.avi"
ASF="video/x-ms-asf,application/vnd.ms-asf,video/x-ms-wmv"
MPV="video/mpv,video/x-mpeg,video/mpeg2,video/mp2p,video/mp1s,video/mp2s"
mk video/clip.mp4 video/mp4 video "application/mp4" ff "${VIN[@]}" "${H264[@]}" -c:a aac -b:a 32k video/clip.mp4
mk video/clip.mov video/quicktime video "" ff "${VIN[@]}" "${H264[@]}" -c:a aac -b:a 32k -f mov video/clip.mov
mk video/clip.m4v video/x-m4v video "video/mp4" ff "${VIN[@]}" "${H264[@]}" -c:a aac -b:a 32k -f ipod video/clip.m4v
mk video/clip.3gp video/3gpp video "audio/3gpp,video/3gp" ff "${VIN[@]}" -c:v h263 -s 176x144 -c:a aac -ar 16000 -b:a 24k -f 3gp video/clip.3gp
mk video/clip.3g2 video/3gpp2 video "audio/3gpp2,video/3gpp" ff "${VIN[@]}" -c:v h263 -s 176x144 -c:a aac -ar 16000 -b:a 24k -f 3g2 video/clip.3g2
mk video/clip.mkv video/x-matroska video "video/matroska,application/x-matroska" ff "${VIN[@]}" "${H264[@]}" -c:a libvorbis video/clip.mkv
mk video/clip.webm video/webm video "" ff "${VIN[@]}" -c:v libvpx -b:v 100k -c:a libvorbis -f webm video/clip.webm
mk video/vp9-opus.webm video/webm video "" ff "${VIN[@]}" -c:v libvpx-vp9 -b:v 100k -deadline realtime -c:a libopus -f webm video/vp9-opus.webm
mk video/clip.avi video/x-msvideo video "$AVI" ff "${VIN[@]}" -c:v mpeg4 -c:a libmp3lame -f avi video/clip.avi
mk video/mjpeg.avi video/x-msvideo video "$AVI" ff "${VIN[@]}" -c:v mjpeg -c:a pcm_s16le -f avi video/mjpeg.avi
mk video/clip.flv video/x-flv video "video/flv" ff "${VIN[@]}" -c:v flv -c:a libmp3lame -ar 22050 -f flv video/clip.flv
mk video/clip.ts video/mp2t video "video/vnd.dlna.mpeg-tts" ff "${VIN[@]}" -c:v mpeg2video -c:a mp2 -f mpegts video/clip.ts
mk video/clip.mpg video/mpeg video "$MPV" ff "${VIN[@]}" -r 25 -c:v mpeg1video -c:a mp2 -f mpeg video/clip.mpg
mk video/dvd.vob video/mpeg video "video/dvd,video/x-ms-vob,$MPV" ff "${VIN[@]}" -c:v mpeg2video -s 352x288 -c:a mp2 -ar 48000 -f vob video/dvd.vob
mk video/elementary.m1v video/mpeg video "$MPV" ff "${VIN[@]:0:4}" -r 25 -c:v mpeg1video -f mpeg1video video/elementary.m1v
mk video/elementary.m2v video/mpeg video "$MPV" ff "${VIN[@]:0:4}" -c:v mpeg2video -f mpeg2video video/elementary.m2v
mk video/clip.ogv video/ogg video "video/x-theora+ogg,video/x-ogg,application/ogg" ff "${VIN[@]}" -c:v libtheora -c:a libvorbis -f ogg video/clip.ogv
mk video/clip.wmv video/x-ms-wmv video "$ASF" ff "${VIN[@]}" -c:v wmv2 -c:a wmav2 -b:a 32k -f asf video/clip.wmv
mk video/clip.asf video/x-ms-asf video "$ASF" ff "${VIN[@]}" -c:v msmpeg4 -c:a wmav2 -b:a 32k -f asf video/clip.asf
mk video/clip.dv video/dv video "video/x-dv" ff -f lavfi -i testsrc=size=720x576:rate=25:duration=0.2 -c:v dvvideo -pix_fmt yuv420p -f dv video/clip.dv
mk video/clip.rm application/vnd.rn-realmedia video "video/vnd.rn-realvideo,video/x-pn-realvideo,application/x-pn-realmedia" \
  ff "${VIN[@]}" -c:v rv10 -s 176x144 -c:a ac3 -b:a 64k -f rm video/clip.rm
mk video/clip.mxf application/mxf video "video/mxf" \
  ff -f lavfi -i testsrc=size=720x576:rate=25:duration=0.4 -f lavfi -i sine=d=0.4:sample_rate=48000 \
    -c:v mpeg2video -pix_fmt yuv422p -c:a pcm_s16le -f mxf video/clip.mxf
mk video/movie.swf application/vnd.adobe.flash.movie video "application/x-shockwave-flash,application/vnd.adobe.flash-movie,application/futuresplash" \
  ff "${VIN[@]}" -c:v flv -c:a libmp3lame -ar 22050 -f swf video/movie.swf
mk video/clip.nut video/x-nut video "" ff "${VIN[@]}" -c:v mpeg4 -c:a pcm_s16le -f nut video/clip.nut
mk video/clip.y4m video/x-yuv4mpeg video "video/yuv4mpeg,application/x-yuv4mpeg" ff -f lavfi -i testsrc=size=64x48:rate=5:duration=0.4 -pix_fmt yuv420p -f yuv4mpegpipe video/clip.y4m

# ---- archives -------------------------------------------------------------------------------
GZ="application/x-gzip,application/x-gunzip,application/gzipped,application/x-compressed-tar,application/x-tgz"
TAR="application/x-gtar,application/x-ustar,application/x-tar-gz"
mk archive/files.zip application/zip archive "application/x-zip-compressed,application/x-zip" \
  bash -c "cd '$PAYLOAD' && zip -q -r '$OUT/archive/files.zip' ."
mk archive/files.tar application/x-tar archive "$TAR" tar -C "$PAYLOAD" -cf archive/files.tar .
mk archive/ustar.tar application/x-tar archive "$TAR" tar -C "$PAYLOAD" --format=ustar -cf archive/ustar.tar .
mk archive/files.tar.gz application/gzip archive "$GZ" tar -C "$PAYLOAD" -czf archive/files.tar.gz .
mk archive/files.tgz application/gzip archive "$GZ" tar -C "$PAYLOAD" -czf archive/files.tgz .
mk archive/files.tar.bz2 application/x-bzip2 archive "application/x-bzip,application/x-bzip-compressed-tar,application/x-bzip2-compressed-tar" \
  tar -C "$PAYLOAD" -cjf archive/files.tar.bz2 .
mk archive/files.tar.xz application/x-xz archive "application/x-xz-compressed-tar" tar -C "$PAYLOAD" -cJf archive/files.tar.xz .
mk archive/files.tar.zst application/zstd archive "application/x-zstd,application/x-zstd-compressed-tar" \
  bash -c "tar -C '$PAYLOAD' -cf - . | zstd -q -o archive/files.tar.zst"
mk archive/hello.txt.gz application/gzip archive "$GZ" bash -c "gzip -9 -c '$PAYLOAD/hello.txt' > archive/hello.txt.gz"
mk archive/hello.txt.bz2 application/x-bzip2 archive "application/x-bzip" bash -c "bzip2 -c '$PAYLOAD/hello.txt' > archive/hello.txt.bz2"
mk archive/hello.txt.xz application/x-xz archive "" bash -c "xz -c '$PAYLOAD/hello.txt' > archive/hello.txt.xz"
mk archive/hello.txt.lzma application/x-lzma archive "" bash -c "xz --format=lzma -c '$PAYLOAD/hello.txt' > archive/hello.txt.lzma"
mk archive/hello.txt.zst application/zstd archive "application/x-zstd" bash -c "zstd -q -c '$PAYLOAD/hello.txt' > archive/hello.txt.zst"
mk archive/hello.txt.lz4 application/x-lz4 archive "application/lz4" bash -c "lz4 -q -c '$PAYLOAD/hello.txt' > archive/hello.txt.lz4"
mk archive/hello.txt.lz application/x-lzip archive "application/lzip" bash -c "lzip -c '$PAYLOAD/hello.txt' > archive/hello.txt.lz"
mk archive/files.7z application/x-7z-compressed archive "" bash -c "cd '$PAYLOAD' && 7z a -bd -bso0 '$OUT/archive/files.7z' . "
mk archive/newc.cpio application/x-cpio archive "" bash -c "cd '$PAYLOAD' && find . | cpio -o -H newc --quiet > '$OUT/archive/newc.cpio'"
mk archive/odc.cpio application/x-cpio archive "" bash -c "cd '$PAYLOAD' && find . | cpio -o -H odc --quiet > '$OUT/archive/odc.cpio'"
mk archive/library.a application/x-archive archive "application/x-ar" bash -c "cd '$PAYLOAD' && ar rc '$OUT/archive/library.a' hello.txt sub/two.txt"
mk_deb() {
  mkdir -p "$W/deb/DEBIAN" "$W/deb/usr/share/doc/evaltest" &&
    printf 'Package: evaltest\nVersion: 1.0\nArchitecture: all\nMaintainer: Eval <eval@example.invalid>\nDescription: test package\n' > "$W/deb/DEBIAN/control" &&
    cp "$PAYLOAD/hello.txt" "$W/deb/usr/share/doc/evaltest/" &&
    dpkg-deb --root-owner-group -Zxz --build "$W/deb" archive/evaltest_1.0_all.deb
}
mk archive/evaltest_1.0_all.deb application/vnd.debian.binary-package archive "application/x-debian-package,application/x-deb,application/x-archive" mk_deb
mk archive/disc.iso application/x-iso9660-image archive "application/x-cd-image,application/x-iso9660,application/vnd.efi.iso" \
  genisoimage -quiet -r -J -V EVAL -o archive/disc.iso "$PAYLOAD"
mk_rpm() {
  local top="$W/rpm"
  mkdir -p "$top/SPECS" &&
    printf 'Name: evaltest\nVersion: 1.0\nRelease: 1\nSummary: test\nLicense: MIT\nBuildArch: noarch\n%%description\ntest\n%%install\nmkdir -p %%{buildroot}/usr/share/evaltest\necho hi > %%{buildroot}/usr/share/evaltest/hi.txt\n%%files\n/usr/share/evaltest/hi.txt\n' > "$top/SPECS/t.spec" &&
    rpmbuild -bb --quiet --define "_topdir $top" --define "_build_id_links none" "$top/SPECS/t.spec" &&
    cp "$top"/RPMS/noarch/*.rpm archive/evaltest-1.0-1.noarch.rpm
}
mk archive/evaltest-1.0-1.noarch.rpm application/x-rpm archive "application/x-redhat-package-manager" mk_rpm
mk_jar() {
  mkdir -p "$W/java/pkg" &&
    printf 'package pkg;\npublic class Hello { public static void main(String[] a) { System.out.println("hi"); } }\n' > "$W/java/pkg/Hello.java" &&
    javac -d "$W/java/classes" "$W/java/pkg/Hello.java" &&
    jar --create --file archive/hello.jar --main-class pkg.Hello -C "$W/java/classes" .
}
mk archive/hello.jar application/java-archive archive "application/x-java-archive,application/x-jar" mk_jar

# ---- documents ------------------------------------------------------------------------------
PSDOC="$W/doc.ps"
cat > "$PSDOC" <<'EOF'
%!PS-Adobe-3.0
%%Title: eval
%%Pages: 1
%%BoundingBox: 0 0 200 100
%%EndComments
%%Page: 1 1
/Helvetica findfont 18 scalefont setfont
20 40 moveto (Hello, PostScript) show
showpage
%%EOF
EOF
mk document/page.ps application/postscript document "application/x-postscript" cp "$PSDOC" document/page.ps
mk document/drawing.eps application/postscript document "image/x-eps,application/eps,application/x-eps,image/eps" \
  gm convert "$SRC_PNG" EPS:document/drawing.eps
mk document/gs.pdf application/pdf document "application/x-pdf" \
  gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pdfwrite -sOutputFile=document/gs.pdf "$PSDOC"
mk document/image.pdf application/pdf document "application/x-pdf" gm convert "$SRC_PNG" PDF:document/image.pdf
mk document/text.odt application/vnd.oasis.opendocument.text document "" py odt document/text.odt
mk document/sheet.ods application/vnd.oasis.opendocument.spreadsheet document "" py ods document/sheet.ods
mk document/slides.odp application/vnd.oasis.opendocument.presentation document "" py odp document/slides.odp
mk document/text.docx application/vnd.openxmlformats-officedocument.wordprocessingml.document document "" py docx document/text.docx
mk document/sheet.xlsx application/vnd.openxmlformats-officedocument.spreadsheetml.sheet document "" py xlsx document/sheet.xlsx
mk document/slides.pptx application/vnd.openxmlformats-officedocument.presentationml.presentation document "" py pptx document/slides.pptx
mk document/book.epub application/epub+zip document "" py epub document/book.epub
mk document/letter.rtf text/rtf document "application/rtf,application/x-rtf,text/richtext" bash -c \
  "printf '{\\\\rtf1\\\\ansi\\\\deff0 {\\\\fonttbl {\\\\f0 Times;}}\\n\\\\f0\\\\fs24 Hello, {\\\\b RTF}.\\\\par\\n}\\n' > document/letter.rtf"

# ---- text -----------------------------------------------------------------------------------
mk_openssl() {
  openssl req -x509 -newkey rsa:1024 -nodes -subj /CN=eval.example -days 30 \
    -keyout text/private.key -out text/cert.pem &&
    openssl req -new -key text/private.key -subj /CN=eval.example -out text/request.csr &&
    openssl x509 -in text/cert.pem -outform DER -out other/cert.der &&
    mkdir -p "$W/ca/newcerts" && : > "$W/ca/index.txt" && echo 01 > "$W/ca/crlnumber" &&
    printf '[ca]\ndefault_ca=d\n[d]\ndatabase=%s/index.txt\ncrlnumber=%s/crlnumber\ndefault_md=sha256\ndefault_crl_days=30\n' "$W/ca" "$W/ca" > "$W/ca/ca.cnf" &&
    openssl ca -config "$W/ca/ca.cnf" -gencrl -keyfile text/private.key -cert text/cert.pem -out text/revoked.crl &&
    openssl pkcs12 -export -passout pass:eval -inkey text/private.key -in text/cert.pem -out other/bundle.p12
}
( mk_openssl ) >> "$LOG" 2>&1 || echo "warning: openssl steps failed (see $LOG)" >&2
X509="application/x-x509-cert,application/pem-certificate-chain,application/x-pem-file,application/pkix-cert"
mk text/cert.pem application/x-x509-ca-cert text "$X509" test -s text/cert.pem
mk text/private.key application/x-pem-key text "application/x-pem-file,application/x-x509-key,application/pkcs8" test -s text/private.key
mk text/request.csr application/pkcs10 text "application/x-pem-file,application/x-x509-cert-request" test -s text/request.csr
mk text/revoked.crl application/pkix-crl text "application/x-pem-file,application/x-pkcs7-crl" test -s text/revoked.crl
mk other/cert.der application/pkix-cert other "application/x-x509-ca-cert,application/x-x509-cert" test -s other/cert.der
mk other/bundle.p12 application/x-pkcs12 other "application/pkcs12" test -s other/bundle.p12

mk text/message.eml message/rfc822 text "" bash -c 'cat > text/message.eml <<EOF
Return-Path: <alice@example.invalid>
Received: from mail.example.invalid by mx.example.invalid; Mon, 1 Jan 2024 10:00:00 +0000
From: Alice <alice@example.invalid>
To: Bob <bob@example.invalid>
Subject: Test message
Date: Mon, 1 Jan 2024 10:00:00 +0000
Message-ID: <1@example.invalid>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

Hello Bob.
EOF'
mk text/mailbox.mbox application/mbox text "application/x-mbox" bash -c 'cat > text/mailbox.mbox <<EOF
From alice@example.invalid Mon Jan  1 10:00:00 2024
From: Alice <alice@example.invalid>
To: Bob <bob@example.invalid>
Subject: One

First.

From bob@example.invalid Mon Jan  1 11:00:00 2024
From: Bob <bob@example.invalid>
To: Alice <alice@example.invalid>
Subject: Two

Second.
EOF'
mk text/contact.vcf text/vcard text "text/x-vcard,text/directory" bash -c 'printf "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Alice Example\r\nN:Example;Alice;;;\r\nEMAIL:alice@example.invalid\r\nEND:VCARD\r\n" > text/contact.vcf'
mk text/event.ics text/calendar text "text/x-vcalendar" bash -c 'printf "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//eval//EN\r\nBEGIN:VEVENT\r\nUID:1@example.invalid\r\nDTSTAMP:20240101T100000Z\r\nDTSTART:20240102T100000Z\r\nSUMMARY:Meeting\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n" > text/event.ics'
mk text/payload.uu text/x-uuencode text "application/x-uuencode,text/x-uue" py uuencode text/payload.uu "$PAYLOAD/hello.txt"
mk text/drawing.dxf image/vnd.dxf text "application/dxf,image/x-dxf,application/x-dxf,image/vnd.dwg" bash -c \
  'printf "  0\nSECTION\n  2\nHEADER\n  9\n\$ACADVER\n  1\nAC1009\n  0\nENDSEC\n  0\nSECTION\n  2\nENTITIES\n  0\nLINE\n  8\n0\n 10\n0.0\n 20\n0.0\n 30\n0.0\n 11\n1.0\n 21\n1.0\n 31\n0.0\n  0\nENDSEC\n  0\nEOF\n" > text/drawing.dxf'
mk text/model.stl model/stl text "application/sla,model/x.stl-ascii,application/vnd.ms-pki.stl,model/x.stl-binary" bash -c 'cat > text/model.stl <<EOF
solid cube
  facet normal 0 0 1
    outer loop
      vertex 0 0 1
      vertex 1 0 1
      vertex 0 1 1
    endloop
  endfacet
endsolid cube
EOF'
mk text/data.json application/json text "text/json" bash -c 'printf "{\n  \"name\": \"eval\",\n  \"values\": [1, 2, 3],\n  \"nested\": {\"ok\": true}\n}\n" > text/data.json'
mk text/data.xml application/xml text "text/xml" bash -c 'printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<catalog>\n  <item id=\"1\">One</item>\n</catalog>\n" > text/data.xml'
mk text/feed.rss application/rss+xml text "application/x-rss+xml,text/rss" bash -c 'cat > text/feed.rss <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Eval</title><link>http://example.invalid/</link>
<description>d</description><item><title>One</title></item></channel></rss>
EOF'
mk text/feed.atom application/atom+xml text "" bash -c 'cat > text/feed.atom <<EOF
<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Eval</title><id>urn:uuid:0</id>
<updated>2024-01-01T00:00:00Z</updated><entry><title>One</title><id>urn:uuid:1</id>
<updated>2024-01-01T00:00:00Z</updated></entry></feed>
EOF'
mk text/strings.xlf application/xliff+xml text "application/x-xliff+xml,application/x-xliff" bash -c 'cat > text/strings.xlf <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="fr" datatype="plaintext" original="x">
    <body><trans-unit id="1"><source>Hello</source><target>Bonjour</target></trans-unit></body>
  </file>
</xliff>
EOF'
mk text/track.gpx application/gpx+xml text "application/x-gpx+xml,application/x-gpx" bash -c 'cat > text/track.gpx <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="eval" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="48.85" lon="2.35"><name>Paris</name></wpt>
</gpx>
EOF'
mk text/place.kml application/vnd.google-earth.kml+xml text "" bash -c 'cat > text/place.kml <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Paris</name>
<Point><coordinates>2.35,48.85,0</coordinates></Point></Placemark></kml>
EOF'
mk text/page.xhtml application/xhtml+xml text "" bash -c 'cat > text/page.xhtml <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Eval</title></head><body><p>Hi</p></body></html>
EOF'
mk text/article.docbook application/x-docbook+xml text "application/docbook+xml" bash -c 'cat > text/article.docbook <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE article PUBLIC "-//OASIS//DTD DocBook XML V4.5//EN" "http://www.oasis-open.org/docbook/xml/4.5/docbookx.dtd">
<article><title>Eval</title><para>Hello.</para></article>
EOF'
mk text/page.html text/html text "" bash -c 'cat > text/page.html <<EOF
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Eval</title></head>
<body><h1>Hello</h1><p>A page.</p></body>
</html>
EOF'
mk text/script.sh application/x-shellscript text "text/x-shellscript,text/x-sh,application/x-sh" bash -c \
  'printf "#!/bin/sh\nset -e\nfor f in \"\$@\"; do echo \"\$f\"; done\n" > text/script.sh'
mk text/script.py text/x-python text "text/x-script.python,application/x-python,text/x-python3,application/x-python-code" bash -c \
  'printf "#!/usr/bin/env python3\nimport sys\n\ndef main():\n    print(sys.argv)\n\nif __name__ == \"__main__\":\n    main()\n" > text/script.py'
mk text/script.pl application/x-perl text "text/x-perl,text/x-script.perl" bash -c \
  'printf "#!/usr/bin/perl\nuse strict;\nuse warnings;\nprint \"hello\\\\n\";\n" > text/script.pl'
mk text/style.css text/css text "text/plain" bash -c 'printf "body {\n  margin: 0;\n  color: #333;\n}\n\n.note { font-weight: bold; }\n" > text/style.css'
mk text/program.c text/x-c text "text/x-csrc,text/x-chdr,text/x-c++src" bash -c \
  'printf "#include <stdio.h>\n\nint main(void)\n{\n    printf(\"hello\\\\n\");\n    return 0;\n}\n" > text/program.c'
mk text/Makefile text/x-makefile text "text/x-gmake" bash -c 'printf "CC = cc\nCFLAGS = -O2\n\nall: program\n\nprogram: program.o\n\t\$(CC) -o \$@ \$^\n\nclean:\n\trm -f program *.o\n\n.PHONY: all clean\n" > text/Makefile'
mk text/notes.txt text/plain text "" bash -c 'printf "Plain notes.\nNothing special here, just words on lines.\n" > text/notes.txt'
mk text/utf16.txt text/plain text "" bash -c 'printf "\xff\xfeH\0i\0\n\0" > text/utf16.txt'
mk text/table.csv text/csv text "text/plain,text/comma-separated-values,application/csv" bash -c 'printf "name,count,price\napple,3,1.20\npear,5,0.80\n" > text/table.csv'
mk text/readme.md text/markdown text "text/plain,text/x-markdown" bash -c 'printf "# Title\n\nSome *text* with a [link](http://example.invalid).\n\n- one\n- two\n" > text/readme.md'
mk text/change.diff text/x-diff text "text/x-patch" bash -c 'printf -- "--- a/f.txt\n+++ b/f.txt\n@@ -1,2 +1,2 @@\n line\n-old\n+new\n" > text/change.diff'
mk text/app.js text/javascript text "application/javascript,application/x-javascript,text/plain" bash -c 'printf "\"use strict\";\nfunction add(a, b) {\n  return a + b;\n}\nconsole.log(add(1, 2));\n" > text/app.js'
mk text/Hello.java text/x-java text "text/x-java-source,text/plain" bash -c 'printf "import java.util.List;\n\npublic class Hello {\n    public static void main(String[] args) {\n        System.out.println(List.of(1));\n    }\n}\n" > text/Hello.java'
mk text/paper.tex text/x-tex text "application/x-tex,text/x-latex,application/x-latex" bash -c 'printf "\\\\documentclass{article}\n\\\\begin{document}\nHello.\n\\\\end{document}\n" > text/paper.tex'
mk text/messages.po text/x-gettext-translation text "text/x-po,application/x-po" bash -c 'printf "msgid \"\"\nmsgstr \"\"\n\"Content-Type: text/plain; charset=UTF-8\\\\n\"\n\nmsgid \"Hello\"\nmsgstr \"Bonjour\"\n" > text/messages.po'
mk other/messages.mo application/x-gettext-translation other "application/x-mo,application/x-gettext" msgfmt -o other/messages.mo text/messages.po

# ---- fonts ----------------------------------------------------------------------------------
TTF_SRC=$(smallest /usr/share/fonts/truetype/*/*.ttf)
OTF_SRC=$(smallest /usr/share/fonts/opentype/*/*.otf)
PFB_SRC=$(smallest /usr/share/fonts/X11/Type1/*.pfb /usr/share/fonts/type1/*/*.pfb)
PFA_SRC=$(smallest /usr/share/fonts/type1/*/*.t1)
AFM_SRC=$(smallest /usr/share/fonts/type1/*/*.afm /usr/share/fonts/X11/Type1/*.afm)
PCF_SRC=$(ls /usr/share/fonts/X11/misc/*.pcf.gz 2>/dev/null | head -1)  # xfonts-base
SFNT="font/sfnt,application/font-sfnt"
mk font/face.ttf font/ttf font "application/x-font-ttf,application/font-ttf,$SFNT" cp "$TTF_SRC" font/face.ttf
mk font/face.otf font/otf font "application/vnd.ms-opentype,application/x-font-otf,font/opentype,$SFNT" cp "$OTF_SRC" font/face.otf
mk font/face.woff font/woff font "application/font-woff,application/x-font-woff" py woff font/face.woff "$TTF_SRC"
mk font/face.woff2 font/woff2 font "application/font-woff2" bash -c "cp '$TTF_SRC' '$W/w2.ttf' && woff2_compress '$W/w2.ttf' > /dev/null && cp '$W/w2.woff2' font/face.woff2"
mk font/face.pfb application/x-font-type1 font "font/type1,font/x-postscript-pfb,application/x-font-pfb,application/x-type1" cp "$PFB_SRC" font/face.pfb
mk font/face.pfa application/x-font-type1 font "font/type1,application/x-font-pfa,application/x-type1" cp "$PFA_SRC" font/face.pfa
mk font/face.afm application/x-font-afm font "application/x-font-adobe-metric,text/plain" cp "$AFM_SRC" font/face.afm
mk font/face.pcf application/x-font-pcf font "" bash -c "gzip -dc '$PCF_SRC' > font/face.pcf"

# ---- executables ----------------------------------------------------------------------------
ELF="application/x-elf,application/x-pie-executable,application/x-sharedlib,application/x-executable"
mk executable/true application/x-executable executable "$ELF" cp /usr/bin/true executable/true
SO_SRC=$(smallest /usr/lib/x86_64-linux-gnu/lib*.so.* /usr/lib/*/lib*.so.*)
mk executable/library.so application/x-sharedlib executable "application/x-elf,application/x-pie-executable" cp "$SO_SRC" executable/library.so
mk_obj() { printf 'int add(int a, int b) { return a + b; }\n' > "$W/add.c" && cc -c -o executable/add.o "$W/add.c"; }
mk executable/add.o application/x-object executable "application/x-elf,application/x-relocatable" mk_obj
mk_static() { printf 'int main(void) { return 0; }\n' > "$W/st.c" && cc -static -Os -s -o executable/static "$W/st.c"; }
mk executable/static application/x-executable executable "$ELF" mk_static
mk_pyc() { printf 'print("hello")\n' > "$W/mod.py" && python3 -c "import py_compile,sys; py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True)" "$W/mod.py" executable/module.pyc; }
mk executable/module.pyc application/x-python-bytecode executable "application/x-python-code,application/x-bytecode.python,application/python-bytecode" mk_pyc
mk_class() { mkdir -p "$W/jc" && printf 'public class Hi { public static void main(String[] a) {} }\n' > "$W/jc/Hi.java" && javac -d "$W/jc" "$W/jc/Hi.java" && cp "$W/jc/Hi.class" executable/Hi.class; }
mk executable/Hi.class application/java-vm executable "application/x-java-class,application/x-java-applet,application/java,application/x-java" mk_class
mk executable/module.wasm application/wasm executable "" py wasm executable/module.wasm
mk executable/console.exe application/vnd.microsoft.portable-executable executable "application/x-msdownload,application/x-dosexec,application/x-ms-dos-executable,application/x-msdos-program,application/x-ms-ne-executable" py pe executable/console.exe

# ---- other ----------------------------------------------------------------------------------
mk other/data.sqlite application/vnd.sqlite3 other "application/x-sqlite3,application/x-sqlite" \
  sqlite3 other/data.sqlite "CREATE TABLE t(a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'one');"
mk other/capture.pcap application/vnd.tcpdump.pcap other "application/x-pcap,application/pcap" py pcap other/capture.pcap
mk other/file.torrent application/x-bittorrent other "" py torrent other/file.torrent
ICC_SRC=$(ls /usr/share/color/icc/*/*.icc /usr/share/color/icc/*.icc 2>/dev/null | head -1)
mk other/profile.icc application/vnd.iccprofile other "" cp "$ICC_SRC" other/profile.icc

# ---- more producers and variants of common formats --------------------------------------
# The hidden sets hold many files per common format from many producers; one file per format
# would hide a sniffer that knows only one layout.
SRC_PNM="$W/base.ppm"
have pngtopnm && pngtopnm "$SRC_PNG" > "$SRC_PNM" 2>> "$LOG"
SRC_JPG="$W/base.jpg"
have convert && convert "$SRC_PNG" "$SRC_JPG" >> "$LOG" 2>&1
mk image/palette.png image/png image "" im "$SRC_PNG" PNG8:image/palette.png
mk image/gray.png image/png image "" im "$SRC_PNG" -colorspace Gray PNG:image/gray.png
mk image/deep48.png image/png image "" im "$SRC_PNG" -depth 16 PNG48:image/deep48.png
mk image/interlaced.png image/png image "" im "$SRC_PNG" -interlace PNG PNG:image/interlaced.png
mk image/alpha.png image/png image "" im "$SRC_PNG" -alpha set -channel A -evaluate set 60% +channel PNG32:image/alpha.png
mk image/ffmpeg.png image/png image "" ff -i "$SRC_PNG" -f image2 -c:v png image/ffmpeg.png
mk image/netpbm.png image/png image "" bash -c "pnmtopng '$SRC_PNM' > image/netpbm.png"
mk image/gm.png image/png image "" gm convert "$SRC_PNG" PNG:image/gm.png
mk image/gray.jpg image/jpeg image "image/pjpeg" im "$SRC_PNG" -colorspace Gray JPEG:image/gray.jpg
mk image/cmyk.jpg image/jpeg image "image/pjpeg" im "$SRC_PNG" -colorspace CMYK JPEG:image/cmyk.jpg
mk image/ffmpeg.jpg image/jpeg image "image/pjpeg" ff -i "$SRC_PNG" -f image2 -c:v mjpeg -pix_fmt yuvj420p image/ffmpeg.jpg
mk image/netpbm.jpg image/jpeg image "image/pjpeg" bash -c "pnmtojpeg '$SRC_PNM' > image/netpbm.jpg"
mk image/gm.jpg image/jpeg image "image/pjpeg" gm convert "$SRC_PNG" JPEG:image/gm.jpg
mk image/gif87.gif image/gif image "" im "$SRC_PNG" GIF87:image/gif87.gif
mk image/ffmpeg.gif image/gif image "" ff -i "$SRC_PNG" -f image2 -c:v gif image/ffmpeg.gif
mk image/netpbm.gif image/gif image "" bash -c "pamtogif '$SRC_PNM' > image/netpbm.gif"
mk image/os2.bmp image/bmp image "image/x-bmp,image/x-ms-bmp" im "$SRC_PNG" BMP2:image/os2.bmp
mk image/rle8.bmp image/bmp image "image/x-bmp,image/x-ms-bmp" im "$SRC_PNG" -type Palette -compress RLE BMP3:image/rle8.bmp
mk image/alpha.bmp image/bmp image "image/x-bmp,image/x-ms-bmp" im "$SRC_PNG" -alpha set BMP:image/alpha.bmp
mk image/ffmpeg.bmp image/bmp image "image/x-bmp,image/x-ms-bmp" ff -i "$SRC_PNG" -f image2 -c:v bmp image/ffmpeg.bmp
mk image/netpbm.bmp image/bmp image "image/x-bmp,image/x-ms-bmp" bash -c "ppmtobmp '$SRC_PNM' > image/netpbm.bmp"
mk image/lzw.tif image/tiff image "" im "$SRC_PNG" -compress LZW TIFF:image/lzw.tif
mk image/jpeg.tif image/tiff image "" im "$SRC_PNG" -compress JPEG TIFF:image/jpeg.tif
mk image/group4.tif image/tiff image "" im "$SRC_PNG" -monochrome -compress Group4 TIFF:image/group4.tif
mk image/bigtiff.tif image/tiff image "" im "$SRC_PNG" TIFF64:image/bigtiff.tif
mk image/ffmpeg.tif image/tiff image "" ff -i "$SRC_PNG" -f image2 -c:v tiff image/ffmpeg.tif
mk image/netpbm.tif image/tiff image "" bash -c "pnmtotiff '$SRC_PNM' > image/netpbm.tif"
mk image/alpha.webp image/webp image "" bash -c "convert '$SRC_PNG' -alpha set -channel A -evaluate set 60% +channel PNG32:'$W/alpha.png' && cwebp -quiet '$W/alpha.png' -o image/alpha.webp"
mk image/ffmpeg.webp image/webp image "" ff -i "$SRC_PNG" -c:v libwebp -f image2 image/ffmpeg.webp
mk image/png256.ico image/vnd.microsoft.icon image "image/x-icon,image/ico" im "$SRC_PNG" -resize 256x256! -define icon:auto-resize=256 ICO:image/png256.ico
mk image/rle.tga image/x-tga image "image/x-targa,image/targa,image/tga" im "$SRC_PNG" -compress RLE TGA:image/rle.tga
mk image/ffmpeg.tga image/x-tga image "image/x-targa,image/targa,image/tga" ff -i "$SRC_PNG" -f image2 -c:v targa image/ffmpeg.tga
mk image/ffmpeg.pcx image/vnd.zbrush.pcx image "image/x-pcx,image/pcx" ff -i "$SRC_PNG" -f image2 -c:v pcx image/ffmpeg.pcx
mk image/ffmpeg.sgi image/x-sgi image "image/sgi,image/x-rgb" ff -i "$SRC_PNG" -f image2 -c:v sgi image/ffmpeg.sgi
mk image/ffmpeg.ras image/x-sun-raster image "image/x-cmu-raster" ff -i "$SRC_PNG" -f image2 -c:v sunrast image/ffmpeg.ras
mk image/ffmpeg.xwd image/x-xwindowdump image "image/x-xwd" ff -i "$SRC_PNG" -f image2 -c:v xwd image/ffmpeg.xwd
mk image/ffmpeg.dpx image/dpx image "image/x-dpx" ff -i "$SRC_PNG" -f image2 -c:v dpx image/ffmpeg.dpx
mk image/ffmpeg.xbm image/x-xbitmap image "image/x-xbm" ff -i "$SRC_PNG" -f image2 -c:v xbm -pix_fmt monow image/ffmpeg.xbm
mk image/netpbm.pam image/x-portable-arbitrarymap image "$PNM" bash -c "pamtopam < '$SRC_PNM' > image/netpbm.pam"
mk image/netpbm.sgi image/x-sgi image "image/sgi,image/x-rgb" bash -c "pnmtosgi '$SRC_PNM' > image/netpbm.sgi"
# pnmtorast (netpbm 11.01) fails building a colour map for few colours; noise makes it write RGB.
mk image/netpbm.ras image/x-sun-raster image "image/x-cmu-raster" bash -c "convert '$SRC_PNG' -seed 1 +noise Gaussian PPM:'$W/noisy.ppm' && pnmtorast '$W/noisy.ppm' > image/netpbm.ras"
mk image/netpbm.xpm image/x-xpixmap image "image/x-xpm" bash -c "ppmtoxpm '$SRC_PNM' > image/netpbm.xpm"
mk image/netpbm.xbm image/x-xbitmap image "image/x-xbm" bash -c "ppmtopgm '$SRC_PNM' | pgmtopbm | pbmtoxbm > image/netpbm.xbm"
mk image/from-jpeg.jxl image/jxl image "" cjxl --quiet "$SRC_JPG" image/from-jpeg.jxl
mk image/lossless.jxl image/jxl image "" cjxl --quiet -d 0 "$SRC_PNG" image/lossless.jxl
mk image/ffmpeg.avif image/avif image "" ff -i "$SRC_PNG" -c:v libaom-av1 -still-picture 1 -pix_fmt yuv420p -f avif image/ffmpeg.avif
mk image/picture.icns image/icns image "image/x-icns" bash -c "convert '$SRC_PNG' -resize 32x32! PNG32:'$W/icon32.png' && png2icns image/picture.icns '$W/icon32.png' > /dev/null"
mk image/picture.jxr image/jxr image "image/vnd.ms-photo" bash -c "convert '$SRC_PNG' -type TrueColor BMP3:'$W/jxr.bmp' && JxrEncApp -i '$W/jxr.bmp' -o image/picture.jxr -q 0.8"
mk image/bilevel.djvu image/vnd.djvu image "image/x-djvu" bash -c "convert '$SRC_PNG' -monochrome PBM:'$W/djvu.pbm' && cjb2 '$W/djvu.pbm' image/bilevel.djvu"
mk image/photo.djvu image/vnd.djvu image "image/x-djvu" c44 "$SRC_JPG" image/photo.djvu

WAVE="audio/wav,audio/x-wav,audio/wave,audio/vnd.wave"
mk audio/float32.wav audio/vnd.wave audio "$WAVE" sox "$SRC_WAV" -e floating-point -b 32 audio/float32.wav
mk audio/pcm24.wav audio/vnd.wave audio "$WAVE" sox "$SRC_WAV" -b 24 audio/pcm24.wav
mk audio/u8.wav audio/vnd.wave audio "$WAVE" sox "$SRC_WAV" -b 8 -e unsigned-integer audio/u8.wav
mk audio/mulaw.wav audio/vnd.wave audio "$WAVE" ff -i "$SRC_WAV" -c:a pcm_mulaw audio/mulaw.wav
mk audio/extensible.wav audio/vnd.wave audio "$WAVE" sox "$SRC_WAV" -c 4 audio/extensible.wav
mk audio/gsm.wav audio/vnd.wave audio "$WAVE" sox "$SRC_WAV" -r 8000 -e gsm-full-rate audio/gsm.wav
mk audio/mp3-in.wav audio/vnd.wave audio "$WAVE" ff -i "$SRC_WAV44" -c:a libmp3lame -b:a 64k -f wav audio/mp3-in.wav
mk audio/pcm8.aiff audio/aiff audio "$AIFF" sox "$SRC_WAV" -b 8 audio/pcm8.aiff
mk audio/ffmpeg.aiff audio/aiff audio "$AIFF" ff -i "$SRC_WAV" -f aiff audio/ffmpeg.aiff
mk audio/sowt.aifc audio/x-aifc audio "$AIFF" ff -i "$SRC_WAV" -c:a pcm_s16le -f aiff audio/sowt.aifc
mk audio/ffmpeg.au audio/basic audio "audio/x-au,audio/au" ff -i "$SRC_WAV" -f au audio/ffmpeg.au
mk audio/pcm24.flac audio/flac audio "audio/x-flac" sox "$SRC_WAV44" -b 24 audio/pcm24.flac
mk audio/picture.flac audio/flac audio "audio/x-flac" bash -c "cp audio/sound.flac audio/picture.flac && metaflac --import-picture-from='$SRC_JPG' --set-tag=TITLE=Tagged audio/picture.flac"
mk audio/id3-prefixed.flac audio/flac audio "audio/x-flac" py id3 audio/id3-prefixed.flac audio/sound.flac
mk audio/ffmpeg.flac audio/flac audio "audio/x-flac" ff -i "$SRC_WAV" -c:a flac audio/ffmpeg.flac
mk audio/mpeg2-22k.mp3 audio/mpeg audio "$MPEGA" lame --quiet -b 32 --resample 22.05 "$SRC_WAV" audio/mpeg2-22k.mp3
mk audio/mpeg25-8k.mp3 audio/mpeg audio "$MPEGA" lame --quiet -b 16 --resample 8 "$SRC_WAV" audio/mpeg25-8k.mp3
mk audio/cover.mp3 audio/mpeg audio "$MPEGA" lame --quiet -b 64 --ti "$SRC_JPG" --tt Title "$SRC_WAV44" audio/cover.mp3
mk audio/ffmpeg.mp3 audio/mpeg audio "$MPEGA" ff -i "$SRC_WAV44" -c:a libmp3lame -b:a 96k audio/ffmpeg.mp3
mk audio/ffmpeg-noid3.mp3 audio/mpeg audio "$MPEGA" ff -i "$SRC_WAV44" -c:a libmp3lame -b:a 96k -id3v2_version 0 -write_xing 0 audio/ffmpeg-noid3.mp3
mk audio/ffmpeg.ogg audio/ogg audio "audio/vorbis,audio/x-vorbis+ogg,application/ogg" ff -i "$SRC_WAV" -c:a libvorbis audio/ffmpeg.ogg
mk audio/ffmpeg.opus audio/ogg audio "audio/opus,audio/x-opus+ogg,application/ogg" ff -i "$SRC_WAV" -c:a libopus -b:a 24k audio/ffmpeg.opus
mk audio/ffmpeg.spx audio/ogg audio "audio/speex,audio/x-speex,audio/x-speex+ogg,application/ogg" ff -i "$SRC_WAV" -c:a libspeex -f ogg audio/ffmpeg.spx
mk audio/isom-audio.mp4 audio/mp4 audio "audio/x-m4a,audio/m4a,application/mp4" ff -i "$SRC_WAV44" -c:a aac -b:a 64k -f mp4 audio/isom-audio.mp4
mk audio/audio-only.3gp audio/3gpp audio "video/3gpp" ff -i "$SRC_WAV" -c:a aac -b:a 24k -f 3gp audio/audio-only.3gp
mk audio/alac.caf audio/x-caf audio "audio/caf" ff -i "$SRC_WAV" -c:a alac -f caf audio/alac.caf
mk audio/ffmpeg.wv audio/x-wavpack audio "audio/wavpack" ff -i "$SRC_WAV" -c:a wavpack -f wv audio/ffmpeg.wv
mk audio/flac.mka audio/x-matroska audio "audio/matroska,video/x-matroska,application/x-matroska" ff -i "$SRC_WAV" -c:a flac audio/flac.mka
mk audio/wmav1.wma audio/x-ms-wma audio "video/x-ms-asf,application/vnd.ms-asf,audio/x-ms-asf" ff -i "$SRC_WAV" -c:a wmav1 -b:a 32k -f asf audio/wmav1.wma
mk audio/ffmpeg.voc audio/x-voc audio "audio/voc" ff -i "$SRC_WAV" -c:a pcm_u8 -f voc audio/ffmpeg.voc
mk audio/sound.mpc audio/x-musepack audio "audio/musepack" mpcenc --silent "$SRC_WAV44" audio/sound.mpc

mk video/clip.m2ts video/mp2t video "video/vnd.dlna.mpeg-tts" ff "${VIN[@]}" -c:v mpeg2video -c:a mp2 -f mpegts -mpegts_m2ts_mode 1 video/clip.m2ts
mk video/h264.ts video/mp2t video "video/vnd.dlna.mpeg-tts" ff "${VIN[@]}" "${H264[@]}" -c:a aac -b:a 32k -f mpegts video/h264.ts
mk_hls() { mkdir -p "$W/hls" && ff "${VIN[@]}" "${H264[@]}" -c:a aac -b:a 32k -f hls -hls_time 1 "$W/hls/index.m3u8" && cp "$W/hls/index.m3u8" text/playlist.m3u8; }
mk text/playlist.m3u8 application/vnd.apple.mpegurl text "audio/x-mpegurl,application/x-mpegurl,audio/mpegurl" mk_hls
mk video/faststart.mp4 video/mp4 video "application/mp4" ff "${VIN[@]}" "${H264[@]}" -c:a aac -b:a 32k -movflags +faststart video/faststart.mp4
mk video/fragmented.mp4 video/mp4 video "application/mp4" ff "${VIN[@]}" "${H264[@]}" -c:a aac -b:a 32k -movflags frag_keyframe+empty_moov video/fragmented.mp4
mk video/mjpeg.mov video/quicktime video "" ff "${VIN[@]}" -c:v mjpeg -c:a pcm_s16le -f mov video/mjpeg.mov
mk video/video-only.mkv video/x-matroska video "video/matroska,application/x-matroska" ff "${VIN[@]:0:4}" -c:v ffv1 video/video-only.mkv
mk video/video-only.webm video/webm video "" ff "${VIN[@]:0:4}" -c:v libvpx -b:v 100k -f webm video/video-only.webm

mk archive/files.cab application/vnd.ms-cab-compressed archive "application/x-cab" bash -c "cd '$PAYLOAD' && gcab -c -z '$OUT/archive/files.cab' hello.txt sub/two.txt"
mk archive/files.arj application/x-arj archive "application/arj" bash -c "cd '$PAYLOAD' && arj a -y -i '$OUT/archive/files.arj' hello.txt > /dev/null"
mk archive/hello.txt.Z application/x-compress archive "" bash -c "compress -c '$PAYLOAD/hello.txt' > archive/hello.txt.Z"
mk archive/files.squashfs application/vnd.squashfs archive "application/x-squashfs,application/x-squashfs-image" mksquashfs "$PAYLOAD" archive/files.squashfs -quiet -no-progress -noappend
mk archive/stored.zip application/zip archive "application/x-zip-compressed" bash -c "cd '$PAYLOAD' && zip -q -0 -r '$OUT/archive/stored.zip' ."
mk archive/files.tar.lz4 application/x-lz4 archive "application/x-lz4-compressed-tar" bash -c "tar -C '$PAYLOAD' -cf - . | lz4 -q > archive/files.tar.lz4"

mk document/eps2write.eps application/postscript document "image/x-eps,application/eps,application/x-eps,image/eps" \
  gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=eps2write -sOutputFile=document/eps2write.eps "$PSDOC"
mk document/page.pcl application/vnd.hp-pcl document "application/x-pcl" \
  gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=ljet4 -sOutputFile=document/page.pcl "$PSDOC"
mk document/page.pxl application/vnd.hp-pclxl document "application/vnd.hp-pcl" \
  gs -q -dBATCH -dNOPAUSE -dSAFER -sDEVICE=pxlmono -sOutputFile=document/page.pxl "$PSDOC"
mk document/drawing.odg application/vnd.oasis.opendocument.graphics document "" py odg document/drawing.odg
# pnmtops writes an EPSF-2.0 header, so EPS names count too.
mk document/netpbm.ps application/postscript document "image/x-eps,application/eps,application/x-eps,image/eps" bash -c "pnmtops -quiet '$SRC_PNM' > document/netpbm.ps"

mk font/face.eot application/vnd.ms-fontobject font "" bash -c "mkeot '$TTF_SRC' > font/face.eot"

mk text/script.php application/x-php text "text/x-php" bash -c 'printf "<?php\necho \"hello\";\n\$a = array(1, 2);\n?>\n" > text/script.php'
mk text/script.rb application/x-ruby text "text/x-ruby,text/x-script.ruby" bash -c 'printf "#!/usr/bin/env ruby\nputs \"hello\"\n[1, 2].each { |x| puts x }\n" > text/script.rb'
mk text/node-script.js text/javascript text "application/javascript,application/x-javascript" bash -c 'printf "#!/usr/bin/env node\nconsole.log(\"hello\");\n" > text/node-script.js'
mk text/subtitles.srt application/x-subrip text "text/x-srt,application/x-srt,text/srt,text/plain" bash -c 'printf "1\n00:00:01,000 --> 00:00:02,500\nHello.\n\n2\n00:00:03,000 --> 00:00:04,000\nWorld.\n" > text/subtitles.srt'
mk text/subtitles.vtt text/vtt text "" bash -c 'printf "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello.\n" > text/subtitles.vtt'
mk text/subtitles.ass text/x-ssa text "text/x-ass" bash -c 'printf "[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Text\nDialogue: 0,0:00:01.00,0:00:02.50,Default,Hello\n" > text/subtitles.ass'
mk_gpg() {
  export GNUPGHOME="$W/gnupg"
  mkdir -p -m 700 "$GNUPGHOME" &&
    gpg --batch --quiet --passphrase '' --quick-gen-key 'Eval <eval@example.invalid>' rsa1024 sign never &&
    gpg --batch --quiet --armor --export eval@example.invalid > text/public-key.asc
}
mk text/public-key.asc application/pgp-keys text "application/pgp-public-key" mk_gpg

# ---- real-world layouts that defeat a short read --------------------------------------------
# Taggers put large cover art before the audio: a sniffer that reads only the first few KB sees
# an ID3 tag and no frame. Noise makes the cover incompressible (about 200 KB).
BIGJPG="$W/cover.jpg"
have convert && convert -size 400x400 xc:gray -seed 2 +noise Random -quality 92 "$BIGJPG" >> "$LOG" 2>&1
mk audio/big-cover.mp3 audio/mpeg audio "$MPEGA" lame --quiet -b 64 --ti "$BIGJPG" --tt Title "$SRC_WAV44" audio/big-cover.mp3
mk audio/big-picture.flac audio/flac audio "audio/x-flac" bash -c "cp audio/sound.flac audio/big-picture.flac && metaflac --import-picture-from='$BIGJPG' audio/big-picture.flac"
mk audio/big-id3-prefixed.flac audio/flac audio "audio/x-flac" bash -c "lame --quiet -b 32 --ti '$BIGJPG' '$SRC_WAV' '$W/tag.mp3' && python3 -c 'import sys; d=open(sys.argv[1],\"rb\").read(); n=((d[6]&127)<<21)|((d[7]&127)<<14)|((d[8]&127)<<7)|(d[9]&127); open(sys.argv[3],\"wb\").write(d[:10+n]+open(sys.argv[2],\"rb\").read())' '$W/tag.mp3' audio/sound.flac audio/big-id3-prefixed.flac"
mk audio/bwf.wav audio/vnd.wave audio "$WAVE" ff -i "$SRC_WAV" -write_bext 1 -metadata title=Eval -f wav audio/bwf.wav
mk video/moov-at-end.mov video/quicktime video "" ff -f lavfi -i testsrc=size=320x240:rate=25:duration=4 -c:v mjpeg -q:v 2 -f mov video/moov-at-end.mov

# ---- source code and configuration (mostly told by the name; text/plain also counts) ------
mk text/config.yaml application/yaml text "application/x-yaml,text/yaml,text/x-yaml,text/plain" bash -c 'printf "%%YAML 1.2\n---\nname: eval\nitems:\n  - one\n  - two\nnested:\n  ok: true\n" > text/config.yaml'
mk text/config.toml application/toml text "text/x-toml,text/plain" bash -c 'printf "[package]\nname = \"eval\"\nversion = \"1.0.0\"\n\n[dependencies]\nserde = \"1\"\n" > text/config.toml'
mk text/query.sql application/sql text "text/x-sql,application/x-sql,text/plain" bash -c 'printf "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO t (name) VALUES (\x27one\x27);\nSELECT * FROM t WHERE id = 1;\n" > text/query.sql'
mk text/main.go text/x-go text "text/plain" bash -c 'printf "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello\")\n}\n" > text/main.go'
mk text/main.rs text/rust text "text/x-rust,text/plain" bash -c 'printf "use std::io;\n\nfn main() {\n    let v: Vec<i32> = vec![1, 2];\n    println!(\"{:?}\", v);\n}\n" > text/main.rs'
mk text/main.cpp text/x-c++src text "text/x-c++,text/x-c,text/plain" bash -c 'printf "#include <iostream>\n#include <vector>\n\nint main() {\n    std::vector<int> v{1, 2};\n    std::cout << v.size() << std::endl;\n    return 0;\n}\n" > text/main.cpp'
mk text/script.lua text/x-lua text "text/plain,application/x-lua" bash -c 'printf "local function add(a, b)\n  return a + b\nend\nprint(add(1, 2))\n" > text/script.lua'
# A TypeScript file named .ts: the name alone says MPEG transport stream.
mk text/app.ts text/x-typescript text "application/typescript,text/typescript,application/x-typescript,text/plain" bash -c 'printf "interface Point {\n  x: number;\n  y: number;\n}\nexport function norm(p: Point): number {\n  return Math.hypot(p.x, p.y);\n}\n" > text/app.ts'
mk text/run.bat application/x-bat text "application/bat,application/x-msdos-program,text/x-msdos-batch,text/plain" bash -c 'printf "@echo off\r\nREM eval\r\nset NAME=eval\r\necho %%NAME%%\r\n" > text/run.bat'
mk text/app.desktop application/x-desktop text "text/plain" bash -c 'printf "[Desktop Entry]\nType=Application\nName=Eval\nExec=eval %%f\n" > text/app.desktop'

# ---- office files from LibreOffice, when it is installed (make-corpus.sh --install --heavy) ------
mk_soffice() { # mk_soffice FILTER EXT SOURCE DEST
  local dir="$W/so-$2"
  mkdir -p "$dir" &&
    timeout 120 soffice -env:UserInstallation="file://$W/so-profile" --headless --convert-to "$1" --outdir "$dir" "$3" > /dev/null &&
    cp "$dir"/*."$2" "$4"
}
if have soffice; then
  printf '%s\n' "Hello from LibreOffice." "A second paragraph." > "$W/so-text.txt"
  printf 'a,b,c\n1,2,3\n4,5,6\n' > "$W/so-sheet.csv"
  mk document/word97.doc application/msword document "application/x-msword,application/vnd.ms-word" mk_soffice "doc:MS Word 97" doc "$W/so-text.txt" document/word97.doc
  mk document/excel97.xls application/vnd.ms-excel document "application/x-msexcel,application/x-excel,application/msexcel" mk_soffice "xls:MS Excel 97" xls "$W/so-sheet.csv" document/excel97.xls
  mk document/libreoffice.docx application/vnd.openxmlformats-officedocument.wordprocessingml.document document "" mk_soffice "docx:MS Word 2007 XML" docx "$W/so-text.txt" document/libreoffice.docx
  mk document/libreoffice.xlsx application/vnd.openxmlformats-officedocument.spreadsheetml.sheet document "" mk_soffice "xlsx:Calc MS Excel 2007 XML" xlsx "$W/so-sheet.csv" document/libreoffice.xlsx
  mk document/libreoffice.odt application/vnd.oasis.opendocument.text document "" mk_soffice odt odt "$W/so-text.txt" document/libreoffice.odt
  mk document/libreoffice.ods application/vnd.oasis.opendocument.spreadsheet document "" mk_soffice ods ods "$W/so-sheet.csv" document/libreoffice.ods
  mk document/libreoffice.rtf text/rtf document "application/rtf,application/x-rtf,text/richtext" mk_soffice rtf rtf "$W/so-text.txt" document/libreoffice.rtf
  mk document/libreoffice.pdf application/pdf document "application/x-pdf" mk_soffice pdf pdf "$W/so-text.txt" document/libreoffice.pdf
  mk document/impress97.ppt application/vnd.ms-powerpoint document "application/mspowerpoint,application/x-mspowerpoint,application/powerpoint" mk_soffice "ppt:MS PowerPoint 97" ppt document/slides.odp document/impress97.ppt
  mk document/libreoffice.pptx application/vnd.openxmlformats-officedocument.presentationml.presentation document "" mk_soffice "pptx:Impress MS PowerPoint 2007 XML" pptx document/slides.odp document/libreoffice.pptx
else
  echo "note: no soffice; DOC/XLS/PPT and LibreOffice-made OOXML/ODF skipped (make-corpus.sh --install --heavy)" >&2
fi

# ---- decoder check -------------------------------------------------------------------------
# Like the hidden sets' labels, a media file's label should be one a decoder agrees with:
# each image, audio and video file must open in ImageMagick's identify or in ffprobe. Formats
# neither reads here (icns, DjVu, farbfeld, MIDI) are told apart by `file` instead.
undecoded=()
while IFS=$'\t' read -r f mime fam alts; do
  case "$fam" in image | audio | video) ;; *) continue ;; esac
  if have ffprobe && [ -n "$(ffprobe -v error -show_entries stream=codec_type -of csv=p=0 "$f" 2>/dev/null)" ]; then
    continue
  fi
  if have identify && identify "$f" > /dev/null 2>&1; then continue; fi
  case "$mime" in image/icns | image/vnd.djvu | image/x-farbfeld | audio/midi) have file && file -b "$f" | grep -qiE 'icon|djvu|farbfeld|midi' && continue ;; esac
  undecoded+=("$f")
done < "$LABELS"
if [ ${#undecoded[@]} -gt 0 ]; then
  echo "warning: no decoder here read ${undecoded[*]}; check their labels" >&2
fi

# ---- summary --------------------------------------------------------------------------------
files=$(wc -l < "$LABELS")
formats=$(cut -f2 "$LABELS" | sort -u | wc -l)
size=$(du -sh "$OUT" | cut -f1)
echo "made $files files in $formats formats ($size) in $OUT; labels in $LABELS"
cut -f3 "$LABELS" | sort | uniq -c | awk '{printf "  %-11s %s\n", $2, $1}'
if [ ${#SKIPPED[@]} -gt 0 ]; then
  echo "skipped ${#SKIPPED[@]}: ${SKIPPED[*]}"
fi
