#!/usr/bin/env python3
"""Writes manifest.json from the table below: what each fixture is, by construction.

The identifier of each row is chosen by hand (what the file really is, as generate.sh made
it), never from what a tool answers. The MIME type is looked up, not typed: the preferred
(first) MIME type that Apple's table or Data/extra-types.tsv declares for that identifier,
left out when the type declares none. The script checks that every identifier is declared,
that every listed file exists, that every fixture in the folder is listed, and that each
extensionAgrees is what the tables give (see extension_agrees).

Usage: Fixtures/make-manifest.py [APPLE_UTIS_TSV]
  (default: ../../shared/reference/apple-utis.tsv beside the repository, then
  /work/shared/reference/apple-utis.tsv)
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLING = {
    "README.md",
    "manifest.json",
    "generate.sh",
    "edit-bytes.py",
    "write-containers.py",
    "make-manifest.py",
    "compare-libmagic.sh",
    "generate-more.sh",
    "write-more.py",
}

# file, identifier, family, extensionAgrees, animated (images only, else None), made, notes
ROWS = [
    # Images
    ("image.jpg", "public.jpeg", "image", True, False,
     "convert 16x16 gradient -strip -quality 80",
     "Baseline JFIF JPEG."),
    ("image.png", "public.png", "image", True, False,
     "convert 16x16 gradient -strip, date chunks excluded",
     "Still PNG (ImageMagick chose a 4-bit palette)."),
    ("animated-apng.png", "org.mozilla.apng", "image", True, True,
     "ffmpeg -f apng, testsrc2 16x16, 3 frames, -plays 0",
     "APNG named .png: only the acTL chunk before IDAT tells it from a still PNG; "
     "libmagic says image/png. The extension's type public.png is APNG's parent, so it agrees."),
    ("still.gif", "com.compuserve.gif", "image", True, False,
     "convert 16x16 gradient -strip",
     "GIF89a with one image."),
    ("animated.gif", "com.compuserve.gif", "image", True, True,
     "convert -delay 10 -loop 0 of three 16x16 frames",
     "Animated GIF: NETSCAPE2.0 loop extension and three image descriptors; same type as a "
     "still GIF, only `animated` differs."),
    ("lossy.webp", "org.webmproject.webp", "image", True, False,
     "cwebp -q 50 -metadata none",
     "Simple-format WebP: RIFF/WEBP with a VP8 chunk."),
    ("lossless.webp", "org.webmproject.webp", "image", True, False,
     "cwebp -lossless -metadata none",
     "Simple-format WebP: RIFF/WEBP with a VP8L chunk."),
    ("animated.webp", "org.webmproject.webp.animated", "image", True, True,
     "img2webp -loop 0 -lossless -d 100, three 16x16 frames",
     "Extended WebP: VP8X with the animation flag, ANIM and ANMF chunks; libmagic says "
     "image/webp. The type declares no MIME type of its own."),
    ("image.heic", "public.heic", "image", True, False,
     "heif-enc -q 40 of a 32x32 gradient",
     "ftyp major brand heic, compatible mif1,heic,miaf; HEVC-coded primary item. 32x32 "
     "because libheif 1.15 pads 16x16 input with bytes that change from run to run."),
    ("image-mif1-major.heic", "public.heic", "image", True, False,
     "image.heic with the ftyp major brand rewritten to mif1 (edit-bytes.py major-brand)",
     "Major brand mif1, heic only among the compatible brands: a check of the major brand "
     "alone says generic HEIF (libmagic: image/heif); the coded item is HEVC, so it is HEIC."),
    ("image.avif", "public.avif", "image", True, False,
     "avifenc -s 10 --min 30 --max 40 of the 16x16 gradient",
     "Still AVIF: major brand avif, compatible mif1,miaf,MA1A."),
    ("sequence.avifs", "org.aomedia.avif-sequence", "image", True, True,
     "avifenc --fps 10 of three 16x16 frames; mvhd/tkhd/mdhd times zeroed (edit-bytes.py)",
     "AVIF image sequence: major brand avis, a moov with an AV1 track besides the meta "
     "primary item; libmagic says image/avif."),
    ("image.jxl", "public.jpeg-xl", "image", True, False,
     "cjxl -d 1 of the 16x16 gradient",
     "Bare JPEG XL codestream (FF 0A), not the ISO-BMFF container form."),
    ("image.tiff", "public.tiff", "image", True, False,
     "convert -compress none",
     "Little-endian baseline TIFF."),
    ("image.dng", "com.adobe.raw-image", "image", True, False,
     "convert to an uncompressed TIFF, then exiftool -DNGVersion=1.4.0.0 "
     "-DNGBackwardVersion=1.1.0.0 -UniqueCameraModel",
     "A TIFF that carries the DNGVersion tag (0xC612), which is what makes a TIFF a DNG; "
     "it holds no real sensor data. libmagic says image/tiff: only the tag tells."),
    ("image.bmp", "com.microsoft.bmp", "image", True, False,
     "convert BMP3:",
     "Windows 3.x BMP (BITMAPINFOHEADER)."),
    ("image.ico", "com.microsoft.ico", "image", True, False,
     "convert to .ico",
     "One 16x16 icon, BMP-coded (no PNG inside); the header is only 00 00 01 00."),
    ("image.psd", "com.adobe.photoshop-image", "image", True, False,
     "convert to .psd",
     "8BPS Photoshop document."),
    ("plain.svg", "public.svg-image", "image", True, False,
     "printf: an <svg> root element with the SVG namespace, nothing before it",
     "The easy SVG: text starting with <svg."),
    ("bom.svg", "public.svg-image", "image", True, False,
     "printf: UTF-8 BOM, XML declaration, then the <svg> root",
     "A BOM and an XML declaration before the root: libmagic says text/xml."),
    ("comment-first.svg", "public.svg-image", "image", True, False,
     "printf: an XML comment, then the <svg> root",
     "A comment before the root element: libmagic says text/plain."),
    ("doctype.svg", "public.svg-image", "image", True, False,
     "printf: XML declaration, SVG 1.1 DOCTYPE, then the <svg> root",
     "The SVG 1.1 DOCTYPE form that older editors write."),
    # Movies
    ("clip-h264-aac.mp4", "public.mpeg-4", "movie", True, None,
     "ffmpeg libx264 + aac, 16x16, 0.2 s, -f mp4 (moov after mdat)",
     "ISO base media, major brand isom; moov at the end as ffmpeg writes by default."),
    ("clip-faststart.mp4", "public.mpeg-4", "movie", True, None,
     "as clip-h264-aac.mp4 with -movflags +faststart",
     "moov before mdat: the track list is inside the first 1.4 KB."),
    ("clip-mdat64.mp4", "public.mpeg-4", "movie", True, None,
     "clip-h264-aac.mp4 with mdat rewritten to size=1 plus a 64-bit largesize, chunk "
     "offsets moved by 8 (edit-bytes.py mdat64)",
     "A box with a 64-bit size: a walker that reads only 32-bit sizes loses the moov. "
     "Decodes to the same frames as the original."),
    ("clip-truncated.mp4", "public.mpeg-4", "movie", True, None,
     "clip-faststart.mp4 cut in the middle of its moov box (edit-bytes.py truncate-in-box)",
     "Damaged file: intact ftyp, a moov that declares 1372 bytes of which 690 are present, no mdat. It is "
     "still an MP4 by its ftyp; parsers must stop cleanly. ffprobe rejects it."),
    ("audio-isom.mp4", "public.mpeg-4-audio", "audio", True, None,
     "ffmpeg aac only, -f mp4",
     "Audio-only MP4 with the generic major brand isom: the brand says nothing, only the "
     "track list (one soun track) makes it audio. libmagic says video/mp4."),
    ("audio.m4a", "com.apple.m4a-audio", "audio", True, None,
     "ffmpeg aac only, -f ipod",
     "Major brand 'M4A '."),
    ("audiobook.m4b", "public.mpeg-4-audio", "audio", False, None,
     "ffmpeg aac only, -f ipod -brand 'M4B '",
     "Major brand 'M4B ', no DRM. Apple's table gives .m4b only to "
     "com.apple.protected-mpeg-4-audio-b, which this file is not (nothing is protected), and "
     "it is not com.apple.m4a-audio either (brand M4B, not M4A), so the honest type is plain "
     "MPEG-4 audio. By the tables the extension therefore disagrees (false), although .m4b is "
     "the usual name for unprotected audiobooks: a mismatch warning here would be noise."),
    ("video.m4v", "com.apple.m4v-video", "movie", True, None,
     "ffmpeg libx264 + aac, -brand mp42 -f mp4, then compatible brand iso2 replaced by "
     "'M4V ' (edit-bytes.py compat-brand)",
     "Major brand mp42 with 'M4V ' only among the compatible brands, as iTunes-made M4V "
     "files often are; libmagic says video/mp4."),
    ("clip.mov", "com.apple.quicktime-movie", "movie", True, None,
     "ffmpeg libx264 + aac, -f mov",
     "ftyp 'qt  ', then a wide atom, mdat, moov."),
    ("no-ftyp.mov", "com.apple.quicktime-movie", "movie", True, None,
     "clip.mov without its ftyp box, chunk offsets moved back by 20 (edit-bytes.py strip-ftyp)",
     "Old-style QuickTime that starts with its 'wide' atom and has no ftyp; libmagic says "
     "application/octet-stream. Decodes to the same frames as clip.mov."),
    ("audio-only.mov", "com.apple.quicktime-audio", "audio", True, None,
     "ffmpeg aac only, -f mov",
     "QuickTime file with one sound track and no video: ftyp 'qt  ' alone does not say audio."),
    ("clip.3gp", "public.3gpp", "movie", True, None,
     "ffmpeg libx264 + aac, -f 3gp",
     "Major brand 3gp6 (ffmpeg's choice for H.264)."),
    ("audio.3gp", "org.3gpp.3gpp-audio", "audio", True, None,
     "ffmpeg aac only, -f 3gp",
     "3GP with only a sound track, major brand 3gp4; libmagic says video/3gpp."),
    ("clip.3g2", "public.3gpp2", "movie", True, None,
     "ffmpeg libx264 + aac, -f 3g2",
     "Major brand 3g2b."),
    ("clip.f4v", "com.adobe.f4v-video", "movie", True, None,
     "ffmpeg libx264 + aac, -f f4v",
     "ISO base media with major brand 'f4v '; libmagic has no name for the brand "
     "(application/octet-stream)."),
    ("vp8-vorbis.webm", "org.webmproject.webm", "movie", True, None,
     "ffmpeg libvpx + libvorbis, -f webm",
     "EBML with DocType webm, VP8 video and Vorbis audio."),
    ("vp9-opus.webm", "org.webmproject.webm", "movie", True, None,
     "ffmpeg libvpx-vp9 + libopus, -f webm",
     "EBML with DocType webm, VP9 video and Opus audio."),
    ("audio-opus.webm", "org.webmproject.webm-audio", "audio", True, None,
     "ffmpeg libopus only, -f webm",
     "WebM with only an audio track: the DocType is the same as for video; libmagic says "
     "video/webm. The .webm extension is used for both."),
    ("clip.mkv", "org.matroska.mkv", "movie", True, None,
     "ffmpeg libx264 + aac, -f matroska",
     "EBML with DocType matroska."),
    ("audio.mka", "org.matroska.mka", "audio", True, None,
     "ffmpeg libvorbis only, -f matroska",
     "Matroska with only an audio track; libmagic says video/x-matroska."),
    ("clip.avi", "public.avi", "movie", True, None,
     "ffmpeg mpeg4 + mp2, -f avi",
     "RIFF/AVI with MPEG-4 part 2 video."),
    ("clip.ts", "public.mpeg-2-transport-stream", "movie", True, None,
     "ffmpeg libx264 + aac, -f mpegts",
     "188-byte packets, sync byte 0x47 at every 188th byte, 17 packets; libmagic 5.44 "
     "says application/octet-stream. The type declares no MIME type."),
    ("clip.m2ts", "public.avchd-mpeg-2-transport-stream", "movie", True, None,
     "ffmpeg libx264 + aac, -f mpegts -mpegts_m2ts_mode 1",
     "192-byte packets: a 4-byte timestamp header, then the 0x47 sync byte (offset 4, 196, "
     "...); libmagic says application/octet-stream."),
    ("clip.mpg", "public.mpeg", "movie", True, None,
     "ffmpeg mpeg1video + mp2, -f mpeg",
     "MPEG-1 program stream (pack start code 00 00 01 BA)."),
    ("clip.flv", "com.adobe.flash.video", "movie", True, None,
     "ffmpeg flv1 + libmp3lame, -f flv",
     "FLV header 'FLV' 01."),
    ("audio-only.flv", "com.adobe.flash.audio", "audio", True, None,
     "ffmpeg libmp3lame only, -f flv",
     "FLV whose header flags audio alone and whose tags are all audio; libmagic says "
     "video/x-flv."),
    ("audio-only.ts", "org.iso.mpeg-2-transport-stream-audio", "audio", True, None,
     "ffmpeg aac only, -f mpegts",
     "Transport stream whose one program map lists one AAC stream (type 0x0F), as an HLS "
     "audio segment; libmagic says application/octet-stream."),
    ("audio-only.mpg", "org.iso.mpeg-program-stream-audio", "audio", True, None,
     "ffmpeg mp2 only, -f mpeg",
     "MPEG-1 system stream whose packets are all MPEG audio (stream id 0xC0); libmagic says "
     "video/mpeg."),
    ("audio-only.avi", "com.microsoft.avi-audio", "audio", True, None,
     "ffmpeg mp2 only, -f avi",
     "AVI whose one stream header is 'auds'; libmagic says video/x-msvideo."),
    ("clip.mxf", "org.smpte.mxf", "movie", True, None,
     "ffmpeg mpeg2video + pcm_s16le, -f mxf",
     "OP1a MXF: the header partition pack lists MPEG video (stream 0x60) and broadcast WAV "
     "essence containers; libmagic says application/mxf."),
    ("audio-only.mxf", "org.smpte.mxf-audio", "audio", True, None,
     "ffmpeg pcm_s16le only, -f mxf_opatom",
     "OP-Atom MXF as Avid keeps each audio track: the header partition pack lists one "
     "broadcast WAV essence container; libmagic says application/mxf."),
    ("clip.nut", "org.ffmpeg.nut", "movie", True, None,
     "ffmpeg mpeg4 + mp2, -f nut",
     "NUT: the ID string, a main header counting two streams, and stream headers of class 0 "
     "(video) and 1 (audio); libmagic 5.44: application/octet-stream (it names NUT only in words)."),
    ("audio-only.nut", "org.ffmpeg.nut-audio", "audio", True, None,
     "ffmpeg mp2 only, -f nut",
     "NUT whose one stream header is of class 1 (audio); the signature alone says NUT video."),
    ("segment.m4s", "org.iso.mpeg-4-segment", "movie", True, None,
     "ffmpeg mpeg4, -f dash, the first media segment",
     "DASH media segment: a segment type box (styp, brand msdh), a segment index (sidx), a "
     "movie fragment (moof) and its data; no movie box, so no track says sound or picture. "
     "Tika's video/iso.segment, which it names by .m4s alone; libmagic 5.44: "
     "application/octet-stream."),
    ("fragment.m4s", "org.iso.mpeg-4-segment", "movie", True, None,
     "segment.m4s from its moof box on (generate.sh)",
     "A movie fragment alone (moof opening with its mfhd header, then mdat), as a CMAF chunk "
     "or a Smooth Streaming fragment starts."),
    ("movie.swf", "com.adobe.shockwave-flash", "other", True, None,
     "ffmpeg flv1, -f swf (generate-more.sh)",
     "Uncompressed Flash movie: 'FWS', version 6, the movie's length, then the frame rectangle; "
     "Tika's rule is 'FWS' alone, so the header's version and length are checked too."),
    ("movie-compressed.swf", "com.adobe.shockwave-flash", "other", True, None,
     "movie.swf with its body after the 8-byte header deflated by Python's zlib, as SWF 6 "
     "compresses (generate-more.sh)",
     "Compressed Flash movie: 'CWS', version 6, the uncompressed length, then a zlib stream."),
    ("movie-lzma.swf", "com.adobe.shockwave-flash", "other", True, None,
     "movie.swf with its body after the 8-byte header compressed by Python's lzma (LZMA1, "
     "raw), as SWF 13 compresses (generate-more.sh)",
     "LZMA-compressed Flash movie: 'ZWS', the version, the uncompressed length, the LZMA "
     "data's length and its properties byte; no database here knew 'ZWS'. libmagic 5.44: "
     "application/octet-stream."),
    ("clip.wmv", "com.microsoft.windows-media-wmv", "movie", True, None,
     "ffmpeg wmv2 + wmav2, -f asf",
     "ASF container with video; libmagic says video/x-ms-asf for every ASF file."),
    ("clip.asf", "com.microsoft.advanced-systems-format.video", "movie", True, None,
     "ffmpeg msmpeg4 (MS MPEG-4 v3, FourCC MP43) + wmav2, -f asf",
     "ASF container whose video is not a Windows Media Video codec: an ASF movie, not WMV."),
    ("audio.wma", "com.microsoft.windows-media-wma", "audio", True, None,
     "ffmpeg wmav2 only, -f asf",
     "ASF container with only audio; Apple's table gives WMA the MIME type video/x-ms-wma."),
    ("theora.ogv", "org.xiph.theora", "movie", True, None,
     "ffmpeg libtheora, -f ogg",
     "Ogg whose first page carries a Theora identification header."),
    ("stream.h263", "org.itu.h263-stream", "movie", True, None,
     "ffmpeg h263 (sub-QCIF 128x96, 5 pictures), -f h263",
     "Raw H.263: byte-aligned picture start codes (00 00 80-83), the type's marker bits and "
     "one source format in every picture header. libmagic 5.44: application/octet-stream."),
    ("stream.h264", "org.itu.h264-stream", "movie", True, None,
     "ffmpeg libx264, -f h264",
     "Annex B elementary stream: start code 00 00 00 01 then SPS NAL 0x67."),
    ("stream.h265", "org.itu.hevc-stream", "movie", True, None,
     "ffmpeg libx265, -f hevc",
     "Annex B HEVC elementary stream: start code then VPS NAL (0x40 0x01); libmagic says "
     "application/octet-stream."),
    # Audio
    ("audio.wav", "com.microsoft.waveform-audio", "audio", True, None,
     "ffmpeg pcm_s16le, -f wav",
     "RIFF/WAVE, 16-bit PCM, 8 kHz mono."),
    ("audio.mp3", "public.mp3", "audio", True, None,
     "ffmpeg libmp3lame 32 kb/s, no ID3 tag, no Xing header",
     "Starts directly with an MPEG-1 layer III frame sync (FF FB)."),
    ("id3-large.mp3", "public.mp3", "audio", True, None,
     "audio.mp3 behind a 20480-byte ID3v2.3 tag (TIT2, a PRIV frame, padding; "
     "edit-bytes.py id3)",
     "The first audio frame is at byte 20480: a reader that looks only at the first 16 KB "
     "sees nothing but the tag."),
    ("id3-tagged.wav", "com.microsoft.waveform-audio", "audio", True, None,
     "edit-bytes.py id3 of audio.wav, 4096 bytes",
     "A whole RIFF WAVE file behind a 4 KiB ID3v2.3 tag: no MP3 or AAC frames follow the "
     "tag, so the bytes after it are classified as a file of their own. libmagic 5.44: "
     "audio/x-wav; Tika's ID3 rules say MP3."),
    ("audio.aac", "public.aac-audio", "audio", True, None,
     "ffmpeg aac, -f adts",
     "Raw AAC in ADTS frames (sync FF F1); libmagic says audio/x-hx-aac-adts."),
    ("audio.aiff", "public.aiff-audio", "audio", True, None,
     "ffmpeg pcm_s16be, -f aiff",
     "FORM/AIFF."),
    ("audio.aifc", "public.aifc-audio", "audio", True, None,
     "sox -t aifc",
     "FORM/AIFC with compression type NONE; libmagic says audio/x-aiff for both forms. "
     "The type declares no MIME type."),
    ("audio.caf", "com.apple.coreaudio-format", "audio", True, None,
     "ffmpeg pcm_s16be, -f caf",
     "'caff' version 1; libmagic gives no MIME type (application/octet-stream)."),
    ("audio.flac", "org.xiph.flac", "audio", True, None,
     "flac --best",
     "Native FLAC stream ('fLaC')."),
    ("audio-flac.oga", "org.xiph.ogg-flac", "audio", True, None,
     "flac --best --ogg --serial-number=1",
     "FLAC mapped into Ogg: first packet 0x7F 'FLAC'; libmagic says audio/ogg."),
    ("audio.ogg", "org.xiph.vorbis", "audio", True, None,
     "oggenc -q 0 --serial 1",
     "Ogg Vorbis; libmagic says audio/ogg."),
    ("audio.opus", "org.xiph.opus", "audio", True, None,
     "opusenc --bitrate 12 --serial 1",
     "Ogg Opus ('OpusHead'); libmagic says audio/ogg."),
    ("audio.spx", "org.xiph.speex", "audio", True, None,
     "ffmpeg libspeex, -f ogg (speexenc picks a random serial number)",
     "Ogg Speex ('Speex   ' header); libmagic says audio/ogg."),
    ("audio.ac3", "public.ac3-audio", "audio", True, None,
     "ffmpeg ac3 32 kb/s, 32 kHz, -f ac3",
     "Raw AC-3 (Dolby Digital) frames, Apple's public.ac3-audio. libmagic says "
     "audio/vnd.dolby.dd-raw, an alias of that type."),
    ("audio.amr", "org.3gpp.adaptive-multi-rate-audio", "audio", True, None,
     "sox -t amr-nb (opencore AMR-NB)",
     "AMR-NB storage format: the file starts with '#!AMR' and a newline, which looks like a "
     "shebang to a script detector."),
    ("tune.mid", "public.midi-audio", "audio", True, None,
     "write-containers.py midi: format 0, one track, four notes",
     "Standard MIDI File ('MThd')."),
    ("module.pyc", "org.python.bytecode", "other", True, None,
     "python3 py_compile of script.py, unchecked-hash (PEP 552)",
     "Compiled Python module: the two-byte version number and CR LF, then the flags word; "
     "libmagic knew it by its version table, the structural check now does."),
    ("data.pkl", "org.python.pickle", "other", True, None,
     "write-more.py pickle: pickle.dumps of a small dict, protocol 4 (Python 3 standard library)",
     "Python pickle: PROTO 4, a FRAME whose length fits the file, the dict's opcodes and STOP "
     "('.') as the last byte; no database names pickles. libmagic 5.44: "
     "application/octet-stream."),
    ("data-protocol0.pkl", "org.python.pickle", "other", True, None,
     "write-more.py pickle0: pickle.dumps of a dict with a set and a date, protocol 0 (Python 3 "
     "standard library)",
     "Python pickle of protocol 0, which is text with no header: every byte from the start is "
     "an opcode with its argument line (memo puts, globals, quoted strings) up to the STOP "
     "opcode. libmagic 5.44: text/plain."),
    ("data-protocol1.pkl", "org.python.pickle", "other", True, None,
     "write-more.py pickle1: pickle.dumps of the same dict, protocol 1 (Python 3 standard "
     "library)",
     "Python pickle of protocol 1, binary with no header: every byte from the start is an "
     "opcode with its argument (one-byte memo puts, counted strings, marks) up to the STOP "
     "opcode. libmagic 5.44: application/octet-stream."),
    ("archive-split-last-volume.zip", "public.zip-archive", "archive", True, None,
     "Info-ZIP zip -s 64k of 70,000 random bytes (generate-more.sh); the last volume only",
     "A split ZIP archive's last volume: the middle of the member's data first, then the "
     "central directory and the end record (disk 1), read from the end when nothing knew "
     "the first bytes. libmagic 5.44 on the head: application/octet-stream."),
    ("mediatype-fixture.terminfo", "org.gnu.terminfo", "other", True, None,
     "tic (ncurses) of a three-capability source",
     "Compiled terminfo entry, legacy magic 0432: the sizes in its header must fit the file "
     "and its names section must be text ending in a NUL."),
    ("revoked.crl", "org.ietf.pkix-crl", "other", True, None,
     "openssl ca -gencrl (OpenSSL 3.0) for a throwaway self-signed P-256 CA (generate-more.sh)",
     "X.509 CRL in PEM armour: '-----BEGIN X509 CRL-----' (RFC 7468), base64 DER, the end "
     "line. Text that a signature names: libmagic 5.44 says text/plain."),
    ("weather.bufr", "int.wmo.bufr", "other", True, None,
     "bufr_set (Debian libeccodes-tools 2.28) of eccodes' BUFR4.tmpl sample, typical date set",
     "BUFR edition 4: 'BUFR', the message length in three bytes, edition 4, and '7777' at "
     "the end. libmagic 5.44: application/octet-stream."),
    # Text
    ("prose", "public.plain-text", "text", None, None,
     "printf of three lines of ASCII prose",
     "ASCII text with no extension: plain text, nothing more (no keyword of any language)."),
    ("text.txt", "public.utf8-plain-text", "text", True, None,
     "printf of two lines with accented letters and Japanese",
     "UTF-8 without a BOM, with non-ASCII characters, so it is UTF-8 and not just ASCII."),
    ("utf16le.txt", "public.utf16-plain-text", "text", True, None,
     "text.txt re-encoded as UTF-16 LE with the FF FE BOM (edit-bytes.py utf16le)",
     "UTF-16 text: full of NUL bytes, which a naive text check takes for binary."),
    ("utf32.txt", "public.plain-text", "text", True, None,
     "iconv -f UTF-8 -t UTF-32 of text.txt (glibc 2.36, x86_64: FF FE 00 00 and little-endian)",
     "UTF-32 text: three NUL bytes in every four. Apple declares no UTF-32 type, so it is "
     "plain text; libmagic 5.44 names it text/plain too."),
    ("dump.sql", "org.iso.sql", "text", True, None,
     "Python sqlite3 Connection.iterdump() of a two-row table (generate-more.sh)",
     "SQL dump: BEGIN TRANSACTION, CREATE TABLE, INSERT INTO, CREATE INDEX, COMMIT. "
     "libmagic 5.44: text/plain."),
    ("places.geojson", "public.geojson", "text", True, None,
     "ogr2ogr -f GeoJSON -lco RFC7946=YES of a one-point CSV (generate-more.sh)",
     "GeoJSON FeatureCollection: plain JSON to libmagic; its top-level type member and "
     "features say GeoJSON."),
    ("notebook.ipynb", "org.jupyter.ipynb", "text", True, None,
     "nbformat.v4 notebook with a markdown and a code cell (generate-more.sh)",
     "Jupyter notebook: JSON with top-level nbformat and cells. libmagic 5.44: "
     "application/json."),
    ("data.json", "public.json", "text", True, None,
     "printf", "A JSON object."),
    ("data.xml", "public.xml", "text", True, None,
     "printf", "XML declaration and a root element of no known vocabulary."),
    ("page.html", "public.html", "text", True, None,
     "printf", "HTML5 with <!DOCTYPE html>."),
    ("table.csv", "public.comma-separated-values-text", "text", True, None,
     "printf", "Four rows, three columns, a header row."),
    ("table-semicolons.csv", "public.comma-separated-values-text", "text", True, None,
     "soffice --headless --infilter=CSV:44,34,76 --convert-to csv with separator 59 of table.csv",
     "CSV with semicolons, as spreadsheets in locales with a decimal comma write it: four "
     "records of two semicolons each. libmagic 5.44: text/plain."),
    ("config.yaml", "public.yaml", "text", True, None,
     "printf",
     "YAML with a comment, a list and a map; libmagic says text/plain."),
    ("Dockerfile", "com.docker.dockerfile", "text", None, None,
     "printf, as Docker's Dockerfile reference lays out a two-stage build",
     "A parser directive, ARG before FROM, FROM ... AS, a RUN continued by a backslash, "
     "COPY, WORKDIR, ENTRYPOINT. Known by its literal name and by every line being an "
     "instruction. libmagic 5.44: text/plain."),
    ("graph.ttl", "org.w3.turtle", "text", True, None,
     "rapper -i trig -o turtle of a small TriG graph (generate-more.sh), Raptor 2.0.15",
     "Turtle: @base and @prefix lines, then subjects with ;-separated predicate lists. "
     "libmagic 5.44: text/plain."),
    ("graph.nt", "org.w3.n-triples", "text", True, None,
     "rapper -i trig -o ntriples of the same graph",
     "N-Triples: one statement of three terms a line (IRIs, a language-tagged and a typed "
     "literal), each ending in ' .'. libmagic 5.44: text/plain; read as XML before, as its "
     "lines open with '<'."),
    ("graph.nq", "org.w3.n-quads", "text", True, None,
     "rapper -i trig -o nquads of the same graph",
     "N-Quads: N-Triples' statements, one with a fourth term, its named graph. libmagic "
     "5.44: text/plain."),
    ("cargo.toml", "org.toml.toml", "text", True, None,
     "cargo init --vcs none --name mediatype-fixture (Cargo 1.9x): the manifest it writes",
     "TOML: table headers and key = value lines whose values are TOML literals (quoted "
     "strings); an INI file's bare values would not pass. libmagic says text/plain."),
    ("shell-script", "public.shell-script", "text", None, None,
     "printf, mode 755",
     "#!/bin/sh script with no extension: only the content can tell."),
    ("script.py", "public.python-script", "text", True, None,
     "printf", "#!/usr/bin/env python3 shebang."),
    ("source.swift", "public.swift-source", "text", True, None,
     "printf",
     "Swift source: no magic at all, only the extension tells; libmagic says text/x-c. "
     "The type declares no MIME type."),
    ("event.ics", "com.apple.ical.ics", "text", True, None,
     "printf with CRLF line ends",
     "iCalendar: BEGIN:VCALENDAR, one VEVENT."),
    ("fixture.service", "org.freedesktop.systemd-unit", "text", True, None,
     "printf",
     "systemd unit file ([Unit] first). Apple's table gives .service to "
     "com.apple.service-application (a macOS Services bundle); Data/extra-types.tsv gives it "
     "to systemd units and D-Bus service files too, and the section header decides."),
    ("commented.service", "org.freedesktop.systemd-unit", "text", True, None,
     "printf",
     "systemd unit whose [Unit] comes after a 287-byte licence comment: shared-mime-info's "
     "rule reads 256 bytes; the text analysis reads past comment lines to the first section."),
    ("bus.service", "org.freedesktop.dbus-service", "text", True, None,
     "printf",
     "D-Bus service file ([D-BUS Service] group): the other format named .service."),
    ("fixture.desktop", "org.freedesktop.desktop-entry", "text", True, None,
     "printf",
     "freedesktop.org desktop entry ([Desktop Entry] group); libmagic says text/plain."),
    ("places.kml", "com.google.earth.kml", "text", True, None,
     "printf",
     "Google Earth KML: XML whose root is <kml> in the KML 2.2 namespace; libmagic says "
     "text/xml."),
    ("empty", "public.data", "other", None, None,
     ": > empty",
     "Zero bytes: no content to classify, so the most general data type; libmagic says "
     "inode/x-empty. No extension."),
    # Documents
    ("document.pdf", "com.adobe.pdf", "document", True, None,
     "gs -sDEVICE=pdfwrite of a one-line PostScript page, fixed DOCINFO dates",
     "PDF 1.7, one page."),
    ("document.odt", "org.oasis-open.opendocument.text", "document", True, None,
     "soffice --headless --convert-to odt of a flat ODF text",
     "ZIP whose first entry is a stored 'mimetype'. Not byte-reproducible (LibreOffice "
     "stamps dates)."),
    ("document.docx", "org.openxmlformats.wordprocessingml.document", "document", True, None,
     "soffice --headless --convert-to docx of a flat ODF text",
     "OOXML: ZIP with [Content_Types].xml and word/document.xml. Not byte-reproducible."),
    ("document.doc", "com.microsoft.word.doc", "document", True, None,
     "soffice --headless --convert-to doc of a flat ODF text",
     "OLE2 compound file (D0 CF 11 E0) with a WordDocument stream."),
    ("document.dot", "com.microsoft.word.dot", "document", True, None,
     "soffice --headless --convert-to 'dot:MS Word 97 Vorlage' of a flat ODF text",
     "Word 97 template: the same streams as document.doc; the WordDocument stream's File "
     "Information Block sets fDot (bit 0 of the word at 0x0A). libmagic 5.44: "
     "application/msword."),
    ("document.dotx", "org.openxmlformats.wordprocessingml.template", "document", True, None,
     "soffice --headless --convert-to 'dotx:MS Word 2007 XML Template' of a flat ODF text",
     "Word template: the same parts as document.docx; only the main part's content type in "
     "[Content_Types].xml (wordprocessingml.template.main+xml) says template. That part is "
     "deflated and the last entry. Not byte-reproducible."),
    ("document.docm", "org.openxmlformats.wordprocessingml.document.macroenabled", "document",
     True, None,
     "soffice --headless --convert-to 'docm:MS Word 2007 XML VBA' of a flat ODF text",
     "Macro-enabled Word document without macros: LibreOffice writes no vbaProject.bin, so only "
     "the main content type (ms-word.document.macroEnabled.main+xml) tells. Not "
     "byte-reproducible."),
    ("spreadsheet.ods", "org.oasis-open.opendocument.spreadsheet", "document", True, None,
     "soffice --headless --convert-to ods of a flat ODF spreadsheet",
     "ZIP with a stored 'mimetype' first. Not byte-reproducible."),
    ("spreadsheet.xlsx", "org.openxmlformats.spreadsheetml.sheet", "document", True, None,
     "soffice --headless --convert-to xlsx of a flat ODF spreadsheet",
     "OOXML: ZIP with xl/workbook.xml. Not byte-reproducible."),
    ("spreadsheet.xltx", "org.openxmlformats.spreadsheetml.template", "document", True, None,
     "soffice --headless --convert-to 'xltx:Calc MS Excel 2007 XML Template' of a flat ODF "
     "spreadsheet",
     "Excel template: only the main content type (spreadsheetml.template.main+xml) tells it "
     "from spreadsheet.xlsx. Not byte-reproducible."),
    ("spreadsheet.xlsm", "org.openxmlformats.spreadsheetml.sheet.macroenabled", "document", True,
     None,
     "soffice --headless --convert-to 'xlsm:Calc MS Excel 2007 VBA XML' of a flat ODF "
     "spreadsheet",
     "Macro-enabled workbook with no vbaProject.bin: only the main content type "
     "(ms-excel.sheet.macroEnabled.main+xml) tells. Not byte-reproducible."),
    ("spreadsheet.xlam", "com.microsoft.excel.addin.macroenabled", "document", True, None,
     "edit-bytes.py ooxml-main-type of spreadsheet.xlsm (generate-more.sh)",
     "Excel add-in: spreadsheet.xlsm with the workbook part declared "
     "ms-excel.addin.macroEnabled.main+xml, the content type Excel gives an .xlam."),
    ("document-encrypted.docx", "org.openxmlformats.encrypted-package", "document", False, None,
     "msoffcrypto-tool -e -p fixture of document.docx (PyPI msoffcrypto-tool; generate-more.sh)",
     "Password-protected Word document: an OLE2 compound file with EncryptionInfo and "
     "EncryptedPackage streams (ECMA-376 agile encryption). The name says .docx, a ZIP "
     "package, so the extension does not agree. libmagic 5.44: application/encrypted. Not "
     "byte-reproducible (random salt)."),
    ("document.xps", "com.microsoft.xps", "document", True, None,
     "write-containers.py xps (no Linux tool writes XPS; generate-more.sh)",
     "XPS document of one blank page: [Content_Types].xml declares the fixed document "
     "sequence. libmagic 5.44: application/zip."),
    ("document.fodt", "org.oasis-open.opendocument.text-flat", "document", True, None,
     "soffice --headless --convert-to fodt of document.odt (generate.sh)",
     "OpenDocument flat XML text: the root office:document says "
     "office:mimetype=\"application/vnd.oasis.opendocument.text\" after some thirty namespace "
     "declarations. Tika's root rule gives only its internal flat.document type. Not "
     "byte-reproducible."),
    ("spreadsheet.fods", "org.oasis-open.opendocument.spreadsheet-flat", "document", True, None,
     "soffice --headless --convert-to fods of spreadsheet.ods (generate.sh)",
     "OpenDocument flat XML spreadsheet (office:mimetype ...opendocument.spreadsheet). Not "
     "byte-reproducible."),
    ("spreadsheet.dif", "com.softwarearts.dif", "text", True, None,
     "soffice --headless --convert-to dif of spreadsheet.ods (generate.sh)",
     "Data Interchange Format: TABLE, 0,1 and the table's name on the first lines."),
    ("spreadsheet.slk", "com.microsoft.sylk", "text", True, None,
     "soffice --headless --convert-to slk of spreadsheet.ods (generate.sh)",
     "SYLK: the first record is ID;P and the writer's name."),
    ("spreadsheet.xls", "com.microsoft.excel.xls", "document", True, None,
     "soffice --headless --convert-to xls of a flat ODF spreadsheet",
     "OLE2 compound file with a Workbook stream."),
    ("presentation.odp", "org.oasis-open.opendocument.presentation", "document", True, None,
     "soffice --headless --convert-to odp of a flat ODF presentation",
     "ZIP with a stored 'mimetype' first. Not byte-reproducible."),
    ("presentation.pptx", "org.openxmlformats.presentationml.presentation", "document", True,
     None,
     "soffice --headless --convert-to pptx of a flat ODF presentation",
     "OOXML: ZIP with ppt/presentation.xml. Not byte-reproducible."),
    ("presentation.potx", "org.openxmlformats.presentationml.template", "document", True, None,
     "soffice --headless --convert-to 'potx:Impress MS PowerPoint 2007 XML Template' of a flat "
     "ODF presentation",
     "PowerPoint template: only the main content type (presentationml.template.main+xml) "
     "tells it from presentation.pptx. Not byte-reproducible."),
    ("presentation.pptm", "org.openxmlformats.presentationml.presentation.macroenabled",
     "document", True, None,
     "soffice --headless --convert-to 'pptm:Impress MS PowerPoint 2007 XML VBA' of a flat ODF "
     "presentation",
     "Macro-enabled presentation with no vbaProject.bin: only the main content type "
     "(ms-powerpoint.presentation.macroEnabled.main+xml) tells. Not byte-reproducible."),
    ("presentation.ppsx", "org.openxmlformats.presentationml.slideshow", "document", True, None,
     "soffice --headless --convert-to 'ppsx:Impress MS PowerPoint 2007 XML AutoPlay' of a flat "
     "ODF presentation, then the main part's content type set to "
     "presentationml.slideshow.main+xml (edit-bytes.py ooxml-main-type, which re-deflates the "
     "entries with Python's zlib)",
     "PowerPoint slide show. LibreOffice 7.4's AutoPlay export writes the presentation's main "
     "content type, which makes its .ppsx a .pptx by content; the edit gives the main part the "
     "content type PowerPoint writes for a slide show, the only difference between the two. "
     "LibreOffice opens the result."),
    ("slide.sldx", "org.openxmlformats.presentationml.slide", "document", True, None,
     "edit-bytes.py ooxml-part-package slide of presentation.pptx (LibreOffice): the "
     "presentation part dropped, the root relationship pointed at ppt/slides/slide1.xml",
     "PowerPoint slide saved alone: an Office Open XML package with no main part, rooted at a "
     "slide (presentationml.slide+xml) with its layout, master and theme. libmagic 5.44: "
     "application/vnd.openxmlformats-officedocument.presentationml.presentation."),
    ("theme.thmx", "com.microsoft.office.theme", "document", True, None,
     "edit-bytes.py ooxml-part-package theme of presentation.pptx (LibreOffice): its theme "
     "under theme/theme/ behind a theme manager part",
     "Office theme: an Office Open XML package rooted at a theme manager and its theme "
     "(themeManager+xml, theme+xml), no application folder. libmagic 5.44: "
     "application/octet-stream."),
    ("presentation.ppt", "com.microsoft.powerpoint.ppt", "document", True, None,
     "soffice --headless --convert-to ppt of a flat ODF presentation, then the preview "
     "bitmap property dropped from SummaryInformation (edit-bytes.py ole-drop-thumbnail)",
     "OLE2 compound file with a 'PowerPoint Document' stream. LibreOffice's export embeds a "
     "~450 KB preview bitmap; the rewrite keeps every other stream byte for byte and "
     "LibreOffice still opens the result."),
    ("book.epub", "org.idpf.epub-container", "document", True, None,
     "write-containers.py epub (python zipfile, fixed dates)",
     "EPUB 3: ZIP whose first entry is the stored 'mimetype' = application/epub+zip."),
    ("ethanol.xyz", "org.openbabel.xyz", "other", True, None,
     "obabel -:CCO --gen3d -oxyz (Open Babel 3.1)",
     "XYZ molecule: the atom count (9), an empty comment line, then one element symbol and "
     "three coordinates per atom; no signature. libmagic 5.44: text/plain."),
    ("mtfixture-1.0.0.gem", "org.rubygems.gem", "archive", True, None,
     "gem build (RubyGems 3.3) of a one-file specification, SOURCE_DATE_EPOCH fixed",
     "Ruby gem: a ustar archive whose first member is metadata.gz (the gzipped "
     "specification), then data.tar.gz and checksums.yaml.gz. libmagic 5.44: "
     "application/x-tar."),
    ("extension.vsix", "com.microsoft.vsix", "archive", True, None,
     "write-containers.py vsix (python zipfile, fixed dates)",
     "VS Code extension package: extension.vsixmanifest at the root (the VSIX manifest, "
     "PackageManifest 2.0.0), [Content_Types].xml, extension/package.json. libmagic 5.44: "
     "application/zip."),
    ("mtfixture-1.0-py3-none-any.whl", "org.python.wheel", "archive", True, None,
     "pip wheel (setuptools 65, wheel) of a one-module project, SOURCE_DATE_EPOCH fixed",
     "Python wheel (PEP 427): mtfixture-1.0.dist-info/ with WHEEL, METADATA and RECORD "
     "beside the package. libmagic 5.44: application/zip."),
    # Archives
    ("archive.zip", "public.zip-archive", "archive", True, None,
     "zip -X -r of two small files with a fixed mtime",
     "Plain ZIP, first entry readme.txt."),
    ("archive.tar", "public.tar-archive", "archive", True, None,
     "tar --format=ustar --sort=name --mtime=@1704067200 --owner=0 --group=0",
     "POSIX ustar ('ustar\\0' at 257), not the GNU format."),
    ("text.txt.gz", "org.gnu.gnu-zip-archive", "archive", True, None,
     "gzip -n -9", "gzip (1F 8B) of text.txt."),
    ("archive.tar.gz", "org.gnu.gnu-zip-tar-archive", "archive", True, None,
     "gzip -n -9 of archive.tar",
     "gzip-compressed tar: the gzip stream's first 512 bytes are a tar header whose checksum "
     "matches, so the content says a compressed tar as the name does. libmagic 5.44: "
     "application/gzip."),
    ("archive.tar.bz2", "public.tar-bzip2-archive", "archive", True, None,
     "bzip2 -9 of archive.tar",
     "bzip2-compressed tar: the first block decoded whole (BZip2.swift: Huffman tables, "
     "move-to-front, the inverse Burrows-Wheeler transform) opens with a tar header. "
     "libmagic 5.44: application/x-bzip2."),
    ("archive.txz", "org.tukaani.tar-xz-archive", "archive", True, None,
     "xz -9 of archive.tar",
     "xz-compressed tar: the block's LZMA2 data decoded (LZMA.swift) to a tar header whose "
     "checksum matches. libmagic 5.44: application/x-xz."),
    ("archive.tar.lz", "org.nongnu.lzip-tar-archive", "archive", True, None,
     "lzip -9 of archive.tar",
     "lzip-compressed tar: 'LZIP', version 1, then LZMA data decoded to a tar header. "
     "libmagic 5.44: application/x-lzip."),
    ("archive.tar.lzma", "org.tukaani.lzma-tar-archive", "archive", True, None,
     "lzma -9 (xz-utils) of archive.tar",
     "Legacy .lzma tar: properties 5D, the dictionary and an unknown size, then LZMA data "
     "decoded to a tar header; with no magic number, only that tar makes it LZMA. "
     "libmagic 5.44: application/x-lzma."),
    ("archive.tar.lz4", "org.lz4.lz4-tar-archive", "archive", True, None,
     "lz4 -9 of archive.tar",
     "LZ4-compressed tar: an LZ4 frame (04 22 4D 18) whose first block decodes to a tar "
     "header. libmagic 5.44: application/x-lz4."),
    ("archive.tar.zst", "com.facebook.zstandard-tar-archive", "archive", True, None,
     "zstd -19 of archive.tar",
     "Zstandard-compressed tar: the frame's first block decoded (Zstd.swift) to a tar header. "
     "shared-mime-info's application/x-zstd-compressed-tar; libmagic 5.44: application/zstd."),
    ("archive.tar.Z", "org.unix.compress-tar-archive", "archive", True, None,
     "compress (ncompress) of archive.tar",
     "compress'd tar: 1F 9D, 16-bit codes in block mode; the LZW codes decoded (LZW.swift) "
     "to a tar header. libmagic 5.44: application/x-compress; shared-mime-info names "
     "application/x-tarz by the .tar.Z name alone."),
    ("archive.tar.lzo", "org.lzop.lzop-tar-archive", "archive", True, None,
     "lzop (default level, LZO1X-1) of archive.tar",
     "lzop'd tar: the lzop header, then a block's sizes and Adler-32 and its LZO1X codes, "
     "decoded (LZO.swift) to a tar header. shared-mime-info's application/x-tzo, which it "
     "names by the .tar.lzo name alone; libmagic 5.44: application/x-lzop. Not "
     "byte-reproducible (lzop stores the file's time)."),
    ("archive-legacy.tar.lz4", "org.lz4.lz4-tar-archive", "archive", True, None,
     "lz4 -l -9 of archive.tar",
     "LZ4 legacy frame (02 21 4C 18, then a block's size and the block) whose first block "
     "decodes to a tar header. libmagic 5.44: application/x-lz4."),
    ("archive-lc4.tar.lzma", "org.tukaani.lzma-tar-archive", "archive", True, None,
     "xz --format=lzma --lzma1=preset=6,lc=4,dict=4KiB of archive.tar",
     "Legacy .lzma tar whose properties byte is 5E (lc 4) and whose dictionary is 4 KiB: "
     "not the usual 5D 00 00 opening, told by the shape of its header and the tar inside. "
     "libmagic 5.44: application/octet-stream."),
    ("archive-skippable.tar.zst", "com.facebook.zstandard-tar-archive", "archive", True, None,
     "archive.tar.zst behind a 10-byte skippable frame (magic 0x184D2A5E), written by Python",
     "A Zstandard skippable frame first, as seek-table writers and libarchive put one: the "
     "frame after it decodes to a tar header. libmagic 5.44: application/octet-stream."),
    ("archive.cpio.gz", "org.gnu.gnu-zip-cpio-archive", "archive", True, None,
     "cpio -o -H newc --reproducible of the tar's tree, then gzip -n -9",
     "gzip stream whose first bytes are a new ASCII cpio header (070701 and thirteen "
     "hexadecimal fields), as an initramfs is; shared-mime-info's "
     "application/x-cpio-compressed. libmagic 5.44: application/gzip."),
    ("document.fodt.Z", "public.z-archive", "archive", True, None,
     "compress (ncompress) of document.fodt",
     "compress'd XML: 16-bit mode, the codes growing from 9 to 13 bits; a compressed file, "
     "nothing more. StreamDecoderTests decodes it whole."),
    ("document-b10.fodt.Z", "public.z-archive", "archive", True, None,
     "compress -b 10 of document.fodt",
     "compress'd XML with codes of 10 bits at most: the table fills and the encoder resets it "
     "(code 256, after 19,999 bytes) when the ratio drops; each reset skips the rest of a "
     "group of eight codes."),
    ("document.fodt.lzo", "org.lzop.lzop-archive", "archive", True, None,
     "lzop -9 (LZO1X-999) of document.fodt",
     "lzop'd XML: one block whose LZO1X codes use every match form (2-byte matches after "
     "short literal runs, 3-byte matches after long ones, near, middle and far matches, long "
     "lengths); a compressed file, nothing more. StreamDecoderTests decodes it whole. Not "
     "byte-reproducible (lzop stores the file's time)."),
    ("text.txt.zst", "com.facebook.zstandard", "archive", True, None,
     "zstd -19 of text.txt", "Zstandard frame of plain text: a compressed file, nothing more."),
    ("document.fodt.zst", "com.facebook.zstandard", "archive", True, None,
     "zstd -19 of document.fodt",
     "Zstandard frame of XML: one compressed block with Huffman-coded literals in four streams "
     "and FSE-coded sequences, so the decoder's tests cover its main paths."),
    ("text.txt.lz", "org.nongnu.lzip", "archive", True, None,
     "lzip -9 of text.txt", "lzip of plain text: a compressed file, nothing more."),
    ("text.txt.lz4", "org.lz4.lz4", "archive", True, None,
     "lz4 -9 of text.txt", "LZ4 frame of plain text: a compressed file, nothing more."),
    ("document.pdf.gz", "org.gnu.gnu-zip-pdf", "archive", True, None,
     "gzip -n -9 of document.pdf",
     "gzip-compressed PDF, as Debian ships manuals: the inflated head opens with %PDF-. "
     "shared-mime-info's application/x-gzpdf; libmagic 5.44: application/gzip."),
    ("document.pdf.bz2", "org.sourceware.bzip2-pdf", "archive", True, None,
     "bzip2 -9 of document.pdf",
     "bzip2-compressed PDF (application/x-bzpdf). libmagic 5.44: application/x-bzip2."),
    ("document.pdf.xz", "org.tukaani.xz-pdf", "archive", True, None,
     "xz -9 of document.pdf",
     "xz-compressed PDF (shared-mime-info's application/x-xzpdf): the LZMA2 data decodes to "
     "%PDF-. libmagic 5.44: application/x-xz."),
    ("document.pdf.lz", "org.nongnu.lzip-pdf", "archive", True, None,
     "lzip -9 of document.pdf",
     "lzip-compressed PDF (application/x-lzpdf). libmagic 5.44: application/x-lzip."),
    ("document.ps.gz", "org.gnu.gnu-zip-postscript", "archive", True, None,
     "gzip -n -9 of doc.ps, the PostScript program document.pdf is made from",
     "gzip-compressed PostScript (application/x-gzpostscript): the inflated head opens with "
     "%!PS. libmagic 5.44: application/gzip."),
    ("document.dvi.gz", "org.gnu.gnu-zip-dvi", "archive", True, None,
     "groff -Tdvi (grodvi) of one line, then gzip -n -9",
     "gzip-compressed DVI (application/x-gzdvi): the inflated head is a DVI preamble, F7 02 "
     "and groff's units. libmagic 5.44: application/gzip."),
    ("koffice.kwd", "org.gnu.gnu-zip-tar-archive", "archive", None, None,
     "Python tarfile + gzip (generate.sh), as KOffice 1's store wrote a document",
     "A gzipped tar of maindoc.xml whose gzip header names the type: \"KOffice "
     "application/x-kword\" and bytes 4 and 6. The built-in sources read a compressed tar; "
     "with shared-mime-info (which has KOffice's rule) it is application/x-kword. libmagic "
     "5.44: application/gzip."),
    ("image.svgz", "org.w3.svgz", "image", True, None,
     "gzip -n -9 of plain.svg",
     "Compressed SVG image: a gzip stream whose inflated head has an svg root element. "
     "libmagic 5.44: application/gzip."),
    ("spreadsheet.gnumeric", "org.gnome.gnumeric", "document", True, None,
     "printf of a one-cell Gnumeric 1.12 workbook XML, gzip -n -9 (as Gnumeric saves it)",
     "Gnumeric workbook: a gzip stream whose XML root is gnm:Workbook in Gnumeric's namespace. "
     "libmagic 5.44: application/gzip."),
    ("drawing.emz", "com.microsoft.emz", "image", True, None,
     "soffice --headless --convert-to emf of plain.svg (LibreOffice), then gzip -n -9",
     "Compressed Enhanced Metafile: a gzip stream holding an EMF header (record type 1, "
     "' EMF' at 40). libmagic 5.44: application/gzip."),
    ("drawing.wmz", "com.microsoft.wmz", "image", True, None,
     "soffice --headless --convert-to wmf of plain.svg (LibreOffice), then gzip -n -9",
     "Compressed Windows Metafile: a gzip stream holding a placeable WMF header "
     "(D7 CD C6 9A). libmagic 5.44: application/gzip."),
    ("text.txt.bz2", "public.bzip2-archive", "archive", True, None,
     "bzip2 -9", "bzip2 ('BZh9') of text.txt."),
    ("text.txt.xz", "org.tukaani.xz-archive", "archive", True, None,
     "xz -9", "xz (FD '7zXZ' 00) of text.txt."),
    ("font.ttf", "public.truetype-ttf-font", "font", True, None,
     "fontTools FontBuilder, two glyphs, glyf outlines (PyPI fonttools 4.68; generate-more.sh)",
     "TrueType font: sfnt version 00 01 00 00 and a directory of 10 tables. Tika's and "
     "shared-mime-info's TrueType rules are those four bytes alone; the directory is checked."),
    ("font.dfont", "com.apple.truetype-datafork-suitcase-font", "font", True, None,
     "FontForge 20230101 generate() of font.ttf to .dfont (generate-more.sh)",
     "Data-fork font suitcase: a Mac resource fork in the data fork (data at 256), whose map "
     "lists an sfnt resource; real suitcases keep the map at the end, past the head, where "
     "it is read. libmagic 5.44: application/x-dfont."),
    ("font.otf", "public.opentype-font", "font", True, None,
     "fontTools FontBuilder, two glyphs, CFF outlines (generate-more.sh)",
     "OpenType font with CFF outlines: sfnt version 'OTTO'."),
    ("fonts.ttc", "public.truetype-collection-font", "font", True, None,
     "fontTools TTCollection of font.ttf and font.otf (generate-more.sh)",
     "TrueType collection ('ttcf', version 1.0, 2 fonts). libmagic 5.44: font/ttf."),
    ("font.woff", "org.w3.woff", "font", True, None,
     "fontTools, font.ttf saved with flavor woff (generate-more.sh)", "WOFF 1.0 ('wOFF')."),
    ("font.woff2", "org.w3.woff2", "font", True, None,
     "fontTools with brotli, font.ttf saved with flavor woff2 (generate-more.sh)",
     "WOFF 2.0 ('wOF2')."),
    ("font.pfa", "com.adobe.postscript-pfa-font", "font", True, None,
     "FontForge 20230101 (fontforge-nox), a new font of one glyph generated as PFA "
     "(generate-more.sh)",
     "Type 1 font, ASCII: opens with %!PS-AdobeFont-1.0. Tika's and shared-mime-info's "
     "application/x-font-type1 covers both Type 1 files; the header tells this one. "
     "libmagic 5.44: text/plain."),
    ("font.pfb", "com.adobe.postscript-pfb-font", "font", True, None,
     "FontForge 20230101 (fontforge-nox), the same font generated as PFB (generate-more.sh)",
     "Type 1 font, binary: segments of 80 01 (ASCII) and 80 02 (binary) with 32-bit "
     "lengths; the first holds %!PS-AdobeFont-1.0. libmagic 5.44: font/x-postscript-pfb."),
    ("data.arff", "nz.ac.waikato.arff", "text", True, None,
     "liac-arff 2.4.0 (PyPI) arff.dumps, a relation of three attributes and two rows "
     "(generate-more.sh)",
     "Weka ARFF: a % comment, @RELATION, @ATTRIBUTE lines, @DATA. No signature source knows "
     "it; the text analysis reads the header. libmagic 5.44: text/plain."),
    ("font.ttx", "org.fonttools.ttx", "text", True, None,
     "python3 -m fontTools.ttx of font.ttf (generate-more.sh)",
     "TTX: XML whose root element is ttFont. libmagic 5.44: text/xml."),
    ("database.db", "org.gnu.dbm", "other", True, None,
     "Debian python3 dbm.ndbm (libdb 5.3) with one key (generate-more.sh)",
     "Berkeley DB hash database, magic 00 06 15 61 at 12 (Tika's rule; libmagic: Berkeley DB "
     "Hash, version 9). Shown as application/x-berkeley-db, Tika's name; libmagic's "
     "application/x-dbm is its alias."),
    ("timezone.tzif", "org.iana.tzif", "other", True, None,
     "zic of a one-line zone source (generate-more.sh)",
     "TZif version 2 (RFC 8536), as in /usr/share/zoneinfo. libmagic 5.44: "
     "application/octet-stream."),
    ("audio.ra", "com.real.realaudio", "audio", True, None,
     "ffmpeg -c:a real_144 -f rm (generate-more.sh)",
     "RealMedia file ('.RMF') whose one stream header (MDPR) names audio/x-pn-realaudio: a "
     "sound file. libmagic 5.44: application/vnd.rn-realmedia."),
    ("video.rm", "com.real.realmedia", "movie", True, None,
     "ffmpeg -c:v rv10 -c:a real_144 -f rm (generate-more.sh)",
     "RealMedia movie: stream headers for video/x-pn-realvideo and audio/x-pn-realaudio."),
    ("stream.mpd", "org.iso.mpeg-dash-mpd", "text", True, None,
     "ffmpeg -f dash -single_file 1 (generate-more.sh; the media segment is not kept)",
     "MPEG-DASH manifest: an XML declaration, then the root MPD in the DASH namespace. "
     "libmagic 5.44: text/xml. Not byte-reproducible (ffmpeg writes the time)."),
    ("places.shp", "com.esri.shapefile", "other", True, None,
     "ogr2ogr -f 'ESRI Shapefile' of a one-point CSV (GDAL; generate-more.sh)",
     "Shapefile main file: header (file code 9994, version 1000, point shapes), then record 1. "
     "libmagic 5.44: application/octet-stream."),
    ("places.shx", "com.esri.shapefile-index", "other", True, None,
     "ogr2ogr, beside places.shp (generate-more.sh)",
     "Shapefile index: the same header, then the offset of record 1 (50 words)."),
    ("audiobook.aax", "com.audible.aax-audiobook", "audio", True, None,
     "ffmpeg -c:a aac -brand 'aax ' -f mp4 (generate-more.sh)",
     "MPEG-4 file with Audible's major brand 'aax ' and one AAC track (not encrypted, as real "
     "AAX is). Tika's generic 'ftyp' rule says video/quicktime; libmagic 5.44: "
     "application/octet-stream."),
    ("audio.latm", "public.mp4a-loas", "audio", True, None,
     "ffmpeg -c:a aac -f latm (generate-more.sh)",
     "AAC in LOAS frames (11-bit sync 0x2B7 and a 13-bit length each). libmagic 5.44: "
     "audio/x-mp4a-latm ('MPEG-4 LOAS')."),
    ("text.txt.zlib", "net.zlib.zlib", "archive", True, None,
     "Python's zlib.compress(level 9) of text.txt (generate-more.sh)",
     "zlib stream (RFC 1950): 78 DA, then DEFLATE data that decodes."),
    ("drawing-binary.dxf", "com.autodesk.dxf", "other", True, None,
     "ezdxf (PyPI) saveas fmt='bin' of an R12 drawing of one line (generate-more.sh)",
     "Binary DXF: the sentinel 'AutoCAD Binary DXF' CR LF SUB NUL, then binary group codes. "
     "Tika's rule spells the last two bytes as text and never matches. libmagic 5.44: "
     "application/octet-stream."),
    ("drawing-comments.dxf", "com.autodesk.dxf", "other", True, None,
     "ezdxf (PyPI) saveas of the same drawing in ASCII, behind three 999 comment groups put "
     "before it with printf (generate-more.sh)",
     "ASCII DXF opening with several 999 comments before '  0 / SECTION / 2 / HEADER', as "
     "CloudCompare and CAD exporters write it; Tika's rule allows one comment. libmagic 5.44: "
     "image/vnd.dxf."),
    ("mesh.vtk", "org.vtk.legacy-data", "other", True, None,
     "meshio (PyPI) write of one triangle, binary=False (generate-more.sh)",
     "VTK legacy file: '# vtk DataFile Version 5.1', a title line, ASCII, DATASET "
     "UNSTRUCTURED_GRID. No database names it; libmagic 5.44: text/plain."),
    ("mesh.vtu", "org.vtk.xml-data", "other", True, None,
     "meshio (PyPI) write of the same triangle as XML UnstructuredGrid, binary, uncompressed "
     "(generate-more.sh)",
     "VTK XML file: root element VTKFile in no namespace, base64 data arrays. libmagic 5.44: "
     "text/xml."),
    ("model.3ds", "com.autodesk.3ds", "other", True, None,
     "assimp export of signatures/model.stl (generate-more.sh)",
     "3D Studio mesh: main chunk 4D 4D, then the editor chunk 3D 3D. libmagic 5.44: "
     "application/octet-stream."),
    ("model.obj", "public.geometry-definition-format", "other", True, None,
     "assimp export -fobj of signatures/model.stl (generate-more.sh); model.mtl not kept",
     "Wavefront OBJ: comments, mtllib, four vertices, normals, faces. No signature names it; "
     "the text analysis reads every line as an OBJ statement. libmagic 5.44: text/plain."),
    ("model-binary.stl", "public.standard-tesselated-geometry-format", "other", True, None,
     "assimp export -fstlb of signatures/model.stl (generate-more.sh)",
     "Binary STL: an 80-byte header, 4 triangles, 84 + 4 x 50 = 284 bytes, the file's size; "
     "no magic number. libmagic 5.44: application/octet-stream."),
    ("model.ply", "public.polygon-file-format", "other", True, None,
     "assimp export -fply of signatures/model.stl (generate-more.sh)",
     "PLY, format ascii 1.0: the ply line, a comment, the format line, elements, end_header, "
     "then text numbers. libmagic 5.44: text/plain."),
    ("model-binary.ply", "public.polygon-file-format", "other", True, None,
     "assimp export -fplyb of signatures/model.stl (generate-more.sh)",
     "PLY, format binary_little_endian 1.0: the same text header, binary vertices and faces. "
     "libmagic 5.44: application/octet-stream."),
    ("model.gltf", "org.khronos.gltf", "other", True, None,
     "assimp export -fgltf2 of signatures/model.stl (generate-more.sh); model.bin not kept",
     "glTF 2.0 JSON: top-level asset (version 2.0), accessors, bufferViews, buffers, meshes, "
     "nodes, scenes. libmagic 5.44: application/json."),
    ("model.3mf", "org.3mf.3mf", "other", True, None,
     "assimp export -f3mf of signatures/model.stl (generate-more.sh)",
     "3MF package (ZIP): [Content_Types].xml, 3D/3DModel.model (upper-case, as Assimp names "
     "it), _rels/.rels. libmagic 5.44: application/zip."),
    ("disk.dmg", "com.apple.disk-image-udif", "archive", True, None,
     "write-more.py udif of text.txt (generate-more.sh); dmg2img reads it back",
     "Apple disk image, UDZO: a zlib data fork, the blkx property list, the koly trailer. "
     "libmagic 5.44: application/zlib."),
    ("disc.iso", "public.iso-image", "archive", True, None,
     "genisoimage -no-pad of a folder holding text.txt (generate-more.sh)",
     "ISO 9660 image: 16 empty system-area sectors, then the primary volume descriptor, "
     "'CD001' at 32769 (Tika's rule). libmagic 5.44: application/x-iso9660-image. Not "
     "byte-reproducible (genisoimage stores the time)."),
    ("disc-raw.bin", "public.iso-image", "archive", False, None,
     "write-more.py rawcd of disc.iso (generate-more.sh)",
     "The same file system as a CD's raw 2352-byte Mode 1 sectors (the .bin of a BIN/CUE "
     "pair): the sync pattern at 0, 'CD001' at 16 x 2352 + 17 = 37649 "
     "(Data/signatures-extra.xml); the ECC bytes are left zero. libmagic 5.44: "
     "application/octet-stream; the .bin name alone says MacBinary."),
    ("disk.img", "com.apple.disk-image-raw", "archive", True, None,
     "truncate -s 60K, then sfdisk (util-linux 2.38) with one bootable type-83 partition",
     "Raw disk image: a master boot record whose partition table holds one entry (status 80, "
     "type 83, sectors 8-119) and the 55 AA signature. libmagic 5.44 describes the boot "
     "sector but gives application/octet-stream."),
    ("disk.img.xz", "org.tukaani.xz-raw-disk-image", "archive", True, None,
     "xz -9 of disk.img (generate-more.sh)",
     "xz-compressed raw disk image: the decoded head is a master boot record whose partition "
     "table checks out (the partition's position is not checked against a size the stream "
     "does not give). shared-mime-info's application/x-raw-disk-image-xz-compressed; libmagic "
     "5.44: application/x-xz."),
    ("disk.vhd", "com.microsoft.vhd", "archive", True, None,
     "qemu-img create -f vpc -o subformat=fixed, 16K (generate-more.sh)",
     "Fixed VHD: 34.5 KiB of zero sectors, then the footer ('conectix', disk type 2). "
     "libmagic 5.44: application/octet-stream."),
    ("text.txt.bz3", "io.github.kspalaiologos.bzip3", "archive", True, None,
     "bzip3 -c (generate-more.sh)", "bzip3 ('BZ3v1') of text.txt; libmagic 5.44 has no MIME "
     "type for it (application/octet-stream)."),
    ("text.txt.rz", "org.samba.rzip", "archive", True, None,
     "rzip -o (generate-more.sh)", "rzip ('RZIP', version 2.1) of text.txt; libmagic 5.44: "
     "application/octet-stream."),
    ("text.lzo", "org.lzop.lzop-archive", "archive", True, None,
     "lzop -9 (Debian lzop 1.04) of a one-line text file (generate-more.sh)",
     "lzop file: the 9-byte magic 89 'LZO' 00 0D 0A 1A 0A, version fields, the original name. "
     "Not byte-reproducible (lzop stores the file's time)."),
    ("parity.par2", "org.parchive.par2", "other", True, None,
     "par2 create -r10 -n1 (Debian par2 0.8.1) for a one-line text file",
     "PAR2 index volume: packets opening with 'PAR2' NUL 'PKT' (main, file description, "
     "creator)."),
    ("archive.zpaq", "net.mattmahoney.zpaq", "archive", True, None,
     "zpaq add -m1 (generate-more.sh)", "ZPAQ journaling archive (the '7kSt' locator tag, then "
     "a 'zPQ' level 2 block) holding text.txt. Not byte-reproducible (zpaq stamps the date)."),
    ("package.gpkg.tar", "org.gentoo.gpkg", "archive", True, None,
     "write-containers.py gpkg: Python's tarfile, ustar, members hello-1.0-1/gpkg-1 (empty), "
     "metadata.tar, image.tar",
     "Gentoo binary package (GLEP 78): a tar whose first member <package>/gpkg-1 names the "
     "format; the tar parser reads it. libmagic 5.44: application/vnd.gentoo.gpkg."),
    ("archive.shar", "org.gnu.shell-archive", "archive", True, None,
     "shar -q hello.txt (GNU sharutils 4.15.2, generate-more.sh)",
     "Shell archive: a /bin/sh script whose comment says 'This is a shell archive'. "
     "libmagic 5.44 describes it so but prints application/octet-stream. Not "
     "byte-reproducible (shar stamps the date and a lock directory name)."),
    ("floppy.msa", "com.atari.msa-disk-image", "archive", True, None,
     "hmsa (Hatari 2.4.1) of a blank double-sided .st it made (generate-more.sh)",
     "Atari MSA disk image: 0E 0F, 9 sectors a track, 2 sides, tracks 0-79, each track "
     "compressed. Tika knows MSA by the two bytes 0E 0F alone (priority 20); the rest of the "
     "header is checked. libmagic 5.44: application/octet-stream."),
    ("image.jxsc", "org.jpeg.jpeg-xs-codestream", "image", True, False,
     "write-more.py jpegxs 1: SOC, CAP, PIH (16x16, 3 components), CDT, WGT, SLH, 64 "
     "placeholder bytes of precinct data, EOC",
     "JPEG XS codestream (ISO/IEC 21122-1): SOC and CAP, then a 26-byte picture header whose "
     "codestream length is the file's. No Debian tool writes or reads JPEG XS. libmagic "
     "5.44: application/octet-stream."),
    ("video.jxsv", "org.jpeg.jpeg-xs-video", "movie", True, None,
     "write-more.py jpegxs 3: three such codestreams back to back",
     "JPEG XS video: codestreams back to back, the first's EOC where its picture header's "
     "length says, the next SOC and CAP right after. libmagic 5.44: "
     "application/octet-stream."),
    ("image.kdc", "com.kodak.kdc-raw-image", "image", True, False,
     "write-more.py kdc: Pillow TIFF, Make EASTMAN KODAK COMPANY, Kodak private tag 0xFD00",
     "Kodak KDC raw image as its TIFF structure shows it: a Kodak Make and Kodak's private "
     "tags 0xFD00-0xFDFF, which no other TIFF carries. The pixels are ordinary RGB. libmagic "
     "5.44: image/tiff."),
    ("app.AppImage", "org.appimage.appimage", "other", True, None,
     "write-containers.py elf, 'AI' 02 written at byte 8, then mksquashfs of one file appended",
     "AppImage type 2: an ELF executable whose identification padding says AI 02, with its "
     "squashfs file system after it. The runtime is a stub that exits. libmagic 5.44: "
     "application/x-executable."),
    ("pass.pkpass", "com.apple.pkpass", "archive", True, None,
     "zip -X of pass.json, manifest.json and icon.png (the 16x16 gradient), dates fixed",
     "Apple Wallet pass: a ZIP with pass.json at the root beside its images and manifest "
     "(unsigned). Apple's type is a package; libmagic 5.44: application/zip."),
    ("rezipped.odt", "org.oasis-open.opendocument.text", "document", True, None,
     "Python zipfile: document.odt's entries rewritten, each deflated, mimetype moved last",
     "OpenDocument text re-zipped by a library's writer: the 'mimetype' entry deflated and "
     "last. libmagic 5.44: application/zip."),
    ("program.prg", "com.commodore.basic", "other", True, None,
     "write-more.py c64basic: load address $0801, 10 PRINT \"HELLO\", 20 GOTO 10, tokenized",
     "Commodore 64 BASIC V2 program (PRG): linked lines, each ending in a zero byte. No "
     "Debian tool writes one. libmagic 5.44: application/x-commodore-basic."),
    ("archive.7z", "org.7-zip.7-zip-archive", "archive", True, None,
     "7z a without time stamps", "7-Zip ('7z' BC AF 27 1C)."),
    ("app.jar", "com.sun.java-archive", "archive", True, None,
     "javac of one class, jar --create --main-class --date 2024-01-01T00:00:00Z",
     "ZIP whose entries start with META-INF/ and the manifest (and the CAFE extra field)."),
    ("app.apk", "com.android.package-archive", "archive", True, None,
     "write-containers.py apk: AndroidManifest.xml, classes.dex, resources.arsc, "
     "META-INF/MANIFEST.MF (stub contents, unsigned)",
     "Android package layout: a ZIP whose entries include AndroidManifest.xml and "
     "classes.dex. The contents are stubs with the right leading bytes; it would not install."),
    ("app.msix", "com.microsoft.msix", "archive", True, None,
     "write-containers.py msix: AppxManifest.xml, AppxBlockMap.xml, [Content_Types].xml "
     "(unsigned)",
     "Windows app package layout: a ZIP with AppxManifest.xml and AppxBlockMap.xml at its "
     "root. Unsigned, with no payload; it would not install. libmagic 5.44: application/zip."),
    ("addon.xpi", "org.mozilla.xpinstall", "archive", True, None,
     "write-containers.py xpi: manifest.json and background.js",
     "Firefox WebExtension package, unsigned: its manifest.json names gecko "
     "(browser_specific_settings), which tells it from a Chrome extension's ZIP."),
    ("places.kmz", "com.google.earth.kmz", "archive", True, None,
     "write-containers.py kmz: doc.kml (places.kml) as the only entry",
     "Google Earth KMZ: a ZIP whose first entry is doc.kml; libmagic says application/zip."),
    ("image.ora", "org.openraster.ora", "image", True, None,
     "write-containers.py ora: stored mimetype image/openraster, stack.xml, image.png as the "
     "layer, merged image and thumbnail",
     "OpenRaster: a ZIP that names its type in a stored first entry `mimetype`, which the "
     "container parser has no rule for; the signature engine's ZIP-mimetype rule refines the "
     "ZIP. libmagic 5.44: application/zip."),
    ("construction.ggb", "org.geogebra.ggb", "document", True, None,
     "write-containers.py geogebra: geogebra_thumbnail.png (image.png), geogebra_javascript.js, "
     "geogebra.xml (format 5.0, one point)",
     "GeoGebra construction: a ZIP holding geogebra.xml at the root. libmagic 5.44: "
     "application/zip; Tika names it by its .ggb name alone."),
    ("midpoint.ggt", "org.geogebra.ggt", "document", True, None,
     "write-containers.py geogebra-tool: geogebra_macro.xml (one macro)",
     "GeoGebra tool: a ZIP holding geogebra_macro.xml alone. libmagic 5.44: application/zip."),
    ("artwork.ai", "com.adobe.illustrator.postscript-artwork", "image", True, None,
     "generate-more.sh, by hand: Illustrator 7 PostScript header comments with "
     "%AI5_FileFormat 3.0, CR line ends, one path",
     "Illustrator artwork before version 9: PostScript whose header comments carry "
     "%AI5_FileFormat and a version (Tika's rule wants one digit, which Illustrator seldom "
     "wrote). libmagic 5.44: application/postscript."),
    ("package.nupkg", "org.nuget.package", "archive", True, None,
     "write-containers.py nupkg: [Content_Types].xml, _rels/.rels, Example.nuspec, a stub DLL",
     "NuGet package: an OPC ZIP whose manifest, a .nuspec, lies at the root. libmagic 5.44: "
     "application/zip."),
    ("model.pt", "org.pytorch.pt", "archive", True, None,
     "torch 2.13 (PyPI, CPU build) torch.save of {'w': torch.arange(4)}",
     "PyTorch saved object: a ZIP whose records lie under one folder named after the file "
     "(model/data.pkl, model/version, model/data/0, ...). libmagic 5.44: application/zip. "
     "Not byte-reproducible (a random serialization_id record)."),
    ("arrays.npz", "org.numpy.npz", "archive", True, None,
     "numpy 2.4 numpy.savez of two arrays (a.npy, b.npy)",
     "NumPy array archive: a ZIP of .npy entries and nothing else (numpy dates them 1980). "
     "libmagic 5.44: application/zip."),
    ("score.mxl", "com.recordare.musicxml-compressed", "document", True, None,
     "music21 10.5.1 (PyPI) write('mxl') of a one-note score",
     "Compressed MusicXML: a ZIP of the score and META-INF/container.xml, whose rootfile names "
     "score.musicxml at the root, with no media type and no mimetype entry. libmagic 5.44: "
     "application/zip. Not byte-reproducible (entry dates)."),
    ("tune.abc", "org.abcnotation.abc", "document", True, None,
     "midi2abc -f tune.mid (abcmidi 20230208, Debian)",
     "ABC music notation: a tune header from X: 1 to K:C, then the notes. libmagic 5.44: "
     "text/plain. The name's first type is Apple's Alembic (.abc); the text decides."),
    ("document.hwpx", "com.hancom.hwpx", "document", True, None,
     "write-containers.py hwpx: stored mimetype application/hwp+zip, version.xml, "
     "Contents/header.xml, section0.xml, content.hpf, META-INF/container.xml (minimal parts)",
     "Hangul word processor OWPML (KS X 6101): a ZIP that names its type in a stored first "
     "entry `mimetype`, as Hancom Office 2014 and later write it. libmagic 5.44: "
     "application/zip."),
    ("spreadsheet.numbers", "com.apple.iWork.Numbers.sffnumbers", "document", True, None,
     "numbers-parser (PyPI) Document().save() with one cell written, then its entries "
     "deflated by Python's zipfile (same names and order) to stay under 64 KiB",
     "Numbers 2013+ document saved as one file: a ZIP of protobuf archives whose "
     "Index/Document.iwa and Index/Tables/ make it a spreadsheet. libmagic 5.44: application/zip."),
    ("presentation.key", "com.apple.iWork.Keynote.sffkey", "document", True, None,
     "write-containers.py iwork keynote: Keynote 2013+ entry names, stub archives",
     "Keynote 2013+ presentation: Index/Document.iwa with Index/MasterSlide-*.iwa and "
     "Index/Slide-*.iwa. Stub contents (one empty chunk each); no Debian tool writes Keynote."),
    ("document.pages", "com.apple.iWork.Pages.sffpages", "document", True, None,
     "write-containers.py iwork pages: Pages 2013+ entry names, stub archives",
     "Pages 2013+ document: Index/Document.iwa with neither slides nor tables."),
    ("document-table.pages", "com.apple.iWork.Pages.sffpages", "document", True, None,
     "write-containers.py iwork pages-table: Pages 2013+ entry names with a table's "
     "Index/Tables/Tile.iwa; Index/Document.iwa one Snappy chunk, root object type 10000",
     "Pages 2013+ document holding a table: its cells sit under Index/Tables/ as in Numbers, "
     "and only the root object's type (TP.DocumentArchive, 10000) tells it is Pages."),
    ("spreadsheet-headers.numbers", "com.apple.iWork.Numbers.sffnumbers", "document", True, None,
     "write-containers.py iwork numbers: Numbers 2013+ entry names with data lists and no "
     "tiles; Index/Document.iwa one Snappy chunk, root object type 1",
     "Numbers 2013+ document whose tables hold headers only (no Index/Tables/Tile*.iwa yet): "
     "a root object of type 1 (TN.DocumentArchive) without slides is a spreadsheet."),
    ("presentation-09.key", "com.apple.iWork.Keynote.sffkey", "document", True, None,
     "write-containers.py iwork keynote09: index.apxl (key:presentation) and a thumbnail",
     "Keynote '09 single-file presentation: a ZIP with index.apxl at its root."),
    ("document-09.pages", "com.apple.iWork.Pages.sffpages", "document", True, None,
     "write-containers.py iwork pages09: deflated index.xml whose root is sl:document",
     "Pages '09 single-file document: the root element's namespace "
     "(http://developer.apple.com/namespaces/sl) tells it from Numbers '09 (…/ls)."),
    ("installer.msi", "com.microsoft.installer", "archive", True, None,
     "wixl (msitools) of a WiX source with one file in an embedded cabinet",
     "Windows Installer database: an OLE2 compound file like .doc and .xls, told apart only "
     "by its root CLSID and streams. Not byte-reproducible (wixl writes a random package code "
     "and the time)."),
    # Names that lie
    ("pdf-named.jpg", "com.adobe.pdf", "document", False, None,
     "copy of document.pdf",
     "A PDF named .jpg: content must win over the extension."),
    ("html-named.jpg", "public.html", "text", False, None,
     "copy of page.html",
     "An HTML page named .jpg (what a server error page saved as an image looks like)."),
    ("quicktime-named.jpg", "com.apple.quicktime-movie", "movie", False, None,
     "copy of clip.mov",
     "A QuickTime movie named .jpg (as some phones' live photos are misnamed)."),
    ("script-named.png", "public.shell-script", "text", False, None,
     "copy of shell-script",
     "A #!/bin/sh script named .png."),
    ("elf-named.png", "public.elf-binary", "other", False, None,
     "write-containers.py elf: 120-byte x86-64 ELF that calls exit(0)",
     "A real (tiny) ELF executable named .png; public.elf-binary declares no MIME type."),
    # ELF shared objects: a library, and an executable built position-independent
    ("library.so", "com.sco.elf-shared-library", "other", True, None,
     "gcc -O2 -shared -fPIC -nostdlib -s of one function (generate-more.sh)",
     "ELF shared object (e_type ET_DYN) whose dynamic section has no DF_1_PIE flag: a "
     "library. libmagic 5.44: application/x-sharedlib."),
    ("pie-executable", "public.elf-binary", "other", None, None,
     "gcc -O2 -pie -fPIE -s of an empty main (generate-more.sh)",
     "Also ET_DYN, but DT_FLAGS_1 has DF_1_PIE: an executable, as file(1) tells it apart "
     "(libmagic 5.44: application/x-pie-executable). No extension."),
    ("macho-object.o", "com.apple.mach-o-object", "other", False, None,
     "clang -target arm64-apple-macos11 -O2 -c of library.c (the Swift toolchain's clang)",
     "Mach-O 64-bit object (MH_OBJECT): the header's file type names the kind; Apple's "
     "com.apple.mach-o-object declares no MIME type and is not public.object-code, which "
     "claims .o, so the extension does not agree. libmagic 5.44: application/x-mach-binary."),
    # Structural sniffers of issue #14 item 5 (made by generate-more.sh)
    ("image.dds", "com.microsoft.dds", "image", True, False,
     "convert dds: of the 16x16 gradient",
     "DirectDraw Surface: 'DDS ', a 124-byte header with a 32-byte pixel format (DXT1 FourCC). "
     "libmagic 5.44: application/octet-stream."),
    ("image.sgi", "com.sgi.sgi-image", "image", True, False,
     "convert -compress none sgi:",
     "SGI image, verbatim storage: magic 474, 1 byte a channel, dimension 3. libmagic 5.44: "
     "application/octet-stream."),
    ("image-rle.rgb", "com.sgi.sgi-image", "image", False, False,
     "convert -compress RLE sgi:, named .rgb",
     "SGI image with RLE storage under the .rgb name SGI used; the tables give .rgb only to "
     "Intergraph's raster types, so the extension disagrees. Content decides."),
    ("image.exr", "com.ilm.openexr-image", "image", True, False,
     "convert exr: of the 16x16 gradient (generate-more.sh)",
     "OpenEXR 2, single-part scan-line, no acesImageContainerFlag attribute: Tika's ACES "
     "signature (the version field alone) would call it image/aces; the header walk says "
     "plain OpenEXR, as libmagic does."),
    ("image.cin", "com.kodak.cineon-image", "image", True, False,
     "convert cin: of the 16x16 gradient (generate-more.sh)",
     "Kodak Cineon 4.5: magic 0x802A5FD7. libmagic 5.44 names it but gives "
     "application/octet-stream."),
    ("image.vips", "org.libvips.vips-image", "image", True, False,
     "convert vips: of the 16x16 gradient (generate-more.sh)",
     "VIPS native image: magic 08 F2 A6 B6. libmagic 5.44: data."),
    ("image.viff", "com.khoros.viff-image", "image", True, False,
     "convert viff: of the 16x16 gradient (generate-more.sh)",
     "Khoros VIFF: identifier 0xAB, file type 1, release 1, version 3. libmagic 5.44: "
     "application/octet-stream; shared-mime-info's weak TGA rule matched it."),
    ("image.vicar", "gov.nasa.vicar-image", "image", True, False,
     "convert vicar: of the 16x16 gradient",
     "VICAR: an ASCII label opening with LBLSIZE=, then the pixels. libmagic 5.44: "
     "application/octet-stream."),
    ("image.blp", "com.blizzard.blp-image", "image", True, False,
     "Pillow 11 save(..., 'BLP') of the gradient as a palette image (generate-more.sh)",
     "Blizzard BLP2 texture, palette encoding. libmagic 5.44: application/octet-stream."),
    ("image.msp", "com.microsoft.paint-image", "image", True, False,
     "Pillow 11 save(..., 'MSP') of the gradient in one bit a pixel",
     "Microsoft Paint 1 image: key 'DanM', then width, height and the bitmap."),
    ("image.wbmp", "org.wapforum.wbmp", "image", True, False,
     "convert wbmp: of the 16x16 gradient (generate-more.sh)",
     "Wireless Bitmap type 0: two zero bytes, width and height as 7-bit multi-byte integers, "
     "one bit a pixel ending the file exactly; no magic. libmagic 5.44: "
     "application/octet-stream."),
    ("image.ras", "com.sun.raster-image", "image", True, False,
     "convert sun:",
     "Sun raster: magic 0x59A66A95, 8-bit colour-mapped (type 1 standard, map type 1). "
     "libmagic 5.44: application/octet-stream."),
    ("sun-raster", "com.sun.raster-image", "image", None, False,
     "a copy of image.ras without a name extension",
     "The same Sun raster with no extension: only the header decides."),
    ("image.pfm", "net.sourceforge.netpbm.pfm", "image", True, False,
     "convert pfm:",
     "Portable float map: 'PF', '16 16', scale 1.0 (big-endian) as text lines, then exactly "
     "16x16x3 floats; .pfm is also the printer font metrics extension, the content decides."),
    ("image.hdr", "public.radiance", "image", True, False,
     "convert hdr:",
     "Radiance RGBE: '#?RADIANCE', header lines, an empty line, the resolution line "
     "'-Y 16 +X 16'. libmagic 5.44: application/octet-stream."),
    ("image.jp2", "public.jpeg-2000", "image", True, False,
     "convert jp2: (OpenJPEG)",
     "JP2 still image: the 'jP  ' signature box, then ftyp with brand 'jp2 '."),
    ("image.j2k", "org.jpeg.jpeg-2000-codestream", "image", True, False,
     "convert j2k: (OpenJPEG)",
     "Bare JPEG 2000 codestream: SOC, then a SIZ segment of 47 bytes for 3 components; no JP2 "
     "boxes around it."),
    ("image.tga", "com.truevision.tga-image", "image", True, False,
     "convert tga:",
     "Colour-mapped TGA (type 1, 16 map entries of 24 bits) with no footer: TGA has no magic, "
     "only the header fields and the pixel data ending the file decide."),
    ("image-rle.tga", "com.truevision.tga-image", "image", True, False,
     "convert -type TrueColorAlpha -compress RLE tga:",
     "Run-length true-colour TGA (type 10, 32 bits, 8 alpha bits): the RLE packets end the "
     "file exactly."),
    ("image-16bit-footer.tga", "com.truevision.tga-image", "image", True, False,
     "convert -type TrueColor -depth 5 tga:, then edit-bytes.py tga-footer 8",
     "True-colour TGA (type 2, 16 bits) whose descriptor claims 8 alpha bits, ending with the "
     "TGA 2.0 footer: the strict header check refuses the alpha count, the footer decides."),
    ("driver.sys", "com.microsoft.dos-driver", "other", True, None,
     "nasm -f bin of a character device driver (generate-more.sh)",
     "DOS device driver: the header's next link FF FF FF FF, attributes 0x8000, the "
     "strategy and interrupt routines' offsets (both inside the file), the name MTFIXT$. "
     "libmagic 5.44: application/x-dosdriver, which WeakEvidence checks, as it answers so "
     "for raw white pixels too."),
    ("image.wpg", "com.corel.wordperfect.graphics", "image", True, None,
     "write-more.py wpg (generate-more.sh); ImageMagick identifies it as WPG 8x8",
     "WordPerfect Graphics 1: the WordPerfect prefix FF 'WPC' with product type 1 and file "
     "type 22 (a graphic) at 8-9 (Data/signatures-extra.xml), then Start WPG, a bitmap and End "
     "WPG records. Tika's rule for the prefix alone says a WordPerfect document; libmagic "
     "5.44: image/x-wordperfect-graphics."),
    ("animation.flc", "public.flc-animation", "movie", True, None,
     "write-more.py flic",
     "Animator Pro FLC (type 0xAF12), 16x16, one frame chunk (0xF1FA) with COLOR_256 and "
     "BYTE_RUN chunks; ffprobe and Pillow decode it. libmagic 5.44: video/x-flc."),
    ("tune.669", "com.renaissance.669-module", "audio", True, None,
     "write-more.py composer669",
     "Composer 669 module: the two-byte marker 'if' and a header whose sample, pattern, "
     "order, tempo and break fields must all hold and fit the file; ffprobe (libopenmpt) "
     "plays it. libmagic 5.44: application/octet-stream."),
    ("image.ff", "org.suckless.farbfeld-image", "image", True, False,
     "png2ff (Debian farbfeld) of the 16x16 gradient",
     "farbfeld: 'farbfeld', width and height, 16x16 pixels of 8 bytes. libmagic 5.44: "
     "application/octet-stream."),
    ("image.spi", "edu.wadsworth.spider-image", "image", True, False,
     "Pillow 13 save(..., 'SPIDER') of the gradient as 32-bit floats (generate-more.sh)",
     "SPIDER: a header of little-endian floats (1 slice, 16 rows, IFORM 1, 16 columns, 16 "
     "records of 64 bytes: 1024 bytes), then the pixels; no magic. libmagic 5.44: "
     "application/octet-stream."),
    ("image.im", "com.labeye.ifunc-image", "image", True, False,
     "Pillow 13 save(..., 'IM') of the gradient in RGB",
     "IFUNC Image Memory: 'Image type: RGB image', 'Name', 'Image size (x*y): 16*16' and "
     "'File size' lines, NUL padding and 0x1A to 512 bytes, then the planes. libmagic 5.44: "
     "application/octet-stream."),
    ("mcidas-area", "edu.wisc.ssec.mcidas-area", "image", None, False,
     "write-more.py mcidas: the AREA directory and pixels written by the format's "
     "definition (no Debian tool writes AREA; Pillow 13 reads it as MCIDAS, 16x16)",
     "McIDAS AREA: 64 big-endian words, status 0 and version 4 first, 16 lines of 16 "
     "one-byte elements, data at 256; no name extension, as AREA files have none. "
     "libmagic 5.44: application/octet-stream."),
    ("image.ftu", "com.particle-systems.ftex-texture", "image", True, False,
     "write-more.py ftex: an uncompressed FTEX texture written by the format's definition "
     "(no Debian tool writes FTEX; Pillow 13 reads it as FTEX, 16x16 RGB)",
     "FTEX: 'FTEX', version 1, 16x16, one mipmap, one format (1, RGB) at 32. libmagic 5.44: "
     "application/octet-stream."),
    ("image.imt", "org.python-pillow.imt-image", "image", None, False,
     "write-more.py imt: an IM Tools image written by the header Pillow's IMT reader takes "
     "(no Debian tool writes it; Pillow 13 reads it as IMT, 16x16 L)",
     "IM Tools: '*' comment, 'width 16', 'height 16', 'pixel n8' lines, a form feed, then "
     "256 grey bytes; no MIME type or extension anywhere (Pillow registers none), so the "
     "project's image/x-imt. libmagic 5.44: application/octet-stream."),
    ("image.pgx", "org.jpeg.pgx-image", "image", True, False,
     "convert 16x16 gradient -strip pgx: (ImageMagick; identify reads it back as PGX 16x16)",
     "PGX, the JPEG 2000 conformance format: the line 'PG ML + 8 16 16', then 256 one-byte "
     "samples; no MIME name anywhere, so the project's image/x-pgx. libmagic 5.44: "
     "application/octet-stream."),
    ("image.cals", "mil.dod.cals-raster-image", "image", True, False,
     "convert 16x16 gradient -strip cals: (ImageMagick; identify reads it back as CALS)",
     "CALS Type 1 raster: 16 records of 128 bytes ('srcdocid: NONE' first, 'rtype: 1', "
     "'rpelcnt: 000016,000016'), then Group 4 fax data; image/x-cals. libmagic 5.44: "
     "application/octet-stream."),
    ("image.sixel", "com.dec.sixel-image", "image", True, False,
     "convert 16x16 gradient -strip sixel: (ImageMagick; identify reads it back as SIXEL)",
     "DEC sixel: ESC P 0;0;0 q, raster attributes, colour registers and sixel data, ESC \\; "
     "image/x-sixel. libmagic 5.44: text/plain (ASCII text with escape sequences)."),
    ("image.pix", "com.alias.pix-image", "image", True, False,
     "ffmpeg -i 16x16 gradient -c:v alias_pix (ffprobe reads it back as alias_pix 16x16)",
     "Alias/Wavefront PIX: big-endian 16x16, offsets 0, 24 bits, then 16 lines of run-length "
     "packets (count, blue, green, red); image/x-alias-pix. libmagic 5.44: "
     "application/octet-stream."),
    ("palm.pdb", "com.palm.database", "other", False, None,
     "convert 16x16 gradient -strip pdb: (ImageMagick's Palm ImageViewer writer), then "
     "edit-bytes.py palm-dates: the creation and modification dates, which the writer takes "
     "from the clock, set to 2026-12-04",
     "Palm OS record database: name 'image.pdb', type vIMG, creator View, one record right "
     "after the 8-byte record list; shared-mime-info's application/vnd.palm. libmagic 5.44: "
     "application/octet-stream ('FireViewer/ImageViewer PalmOS document')."),
    ("cursor.cur", "com.microsoft.cursor", "image", True, False,
     "icotool -c --cursor --hotspot-x=1 --hotspot-y=1 of a 32-bit PNG (Debian icoutils)",
     "Windows cursor: the ICONDIR type field is 2 (an icon's is 1); the entry holds the hotspot "
     "where an icon has planes and bit count. ImageMagick's cur: writer puts type 1, so it "
     "was not used."),
    ("stereo.mpo", "public.mpo-image", "image", True, False,
     "write-more.py mpo: two 16x16 JPEGs from convert, the first given an APP2 MPF MP Index "
     "IFD (2 images, both 'disparity'), the second its MP Attribute IFD",
     "Multi-Picture Format stereo pair; exiftool reads the index and extracts MPImage2 "
     "byte-identical to the second JPEG. libmagic 5.44: image/jpeg."),
    ("views.mpo", "public.mpo-image", "image", True, False,
     "Pillow's MPO writer (save_all) of the 16x16 gradient and its mirror image, quality 80",
     "Multi-Picture Format of two views, the second's MP type Undefined as Pillow writes it; "
     "Pillow opens it as MPO, ExifTool reads 2 images (and calls it MPO by its name). "
     "libmagic 5.44: image/jpeg."),
    ("image.jls", "org.jpeg.jpeg-ls", "image", True, False,
     "imagecodecs.jpegls_encode (CharLS, PyPI imagecodecs) of the 16x16 gradient, lossless",
     "JPEG-LS shares JPEG's SOI marker and segment syntax; only the SOF55 frame header (after "
     "a SPIFF APP8 segment here) tells it apart, and no JPEG decoder reads it. libmagic 5.44: "
     "image/jpeg."),
    ("audio.wv", "com.wavpack.wavpack", "audio", True, None,
     "wavpack -q -y of a 0.2 s 440 Hz tone (ffmpeg pcm_s16le WAV)",
     "WavPack 4 block: 'wvpk', stream version 0x410, one block to the end of the file. "
     "libmagic 5.44: application/octet-stream."),
    ("hybrid.wv", "com.wavpack.wavpack", "audio", True, None,
     "wavpack -b3 -c (hybrid, 3 bits a sample, with a correction file) of the tone",
     "The lossy half of a hybrid WavPack pair: its first block holds a WV bitstream "
     "sub-block (0x0A)."),
    ("hybrid.wvc", "com.wavpack.wavpack-correction", "other", True, None,
     "the .wvc that wavpack -b3 -c wrote beside hybrid.wv",
     "WavPack correction file: the same wvpk block headers as audio, but the bitstream "
     "sub-block is the correction one (0x0B); it restores the lossless audio only together "
     "with hybrid.wv, so it is not audio on its own."),
    ("audio.tta", "com.true-audio.tta", "audio", True, None,
     "ffmpeg -c:a tta -f tta",
     "True Audio: 'TTA1' header whose CRC-32 the sniffer checks. libmagic 5.44: "
     "application/octet-stream."),
    ("audio.sph", "gov.nist.sphere-audio", "audio", True, None,
     "sox -t nist of the tone (generate-more.sh)",
     "NIST SPHERE: 'NIST_1A' and a newline, then a 1024-byte ASCII header. libmagic 5.44 "
     "names it with no MIME type."),
    ("audio.ircam", "fr.ircam.sf-audio", "audio", True, None,
     "sox -t ircam of the tone",
     "Berkeley/IRCAM/CARL sound file: magic 0x64A3 with machine code 1, in the writer's byte "
     "order; 1024-byte header. libmagic 5.44: application/octet-stream."),
    ("audio.avr", "com.audiovisualresearch.avr-audio", "audio", True, None,
     "sox -t avr of the tone",
     "Audio Visual Research: '2BIT', a name, mono word 0 and 16 bits a sample, big-endian."),
    ("audio.paf", "com.ensoniq.paf-audio", "audio", True, None,
     "sox -t paf of the tone (SoX through libsndfile)",
     "Ensoniq PARIS: ' paf' and version 0 (big-endian)."),
    ("audio.pvf", "org.mgetty.pvf-audio", "audio", True, None,
     "sox -t pvf of the tone",
     "Portable Voice Format: 'PVF1' and a newline, then '1 8000 16' in ASCII."),
    ("audio.wve", "com.psion.wve-audio", "audio", True, None,
     "sox -e a-law -t wve of the tone",
     "Psion Series 3 sound: 'ALawSoundFile**' and a NUL, 8-bit A-law at 8000 Hz."),
    ("audio.htk", "uk.ac.cam.htk-waveform", "audio", True, None,
     "sox -t htk of the tone (generate-more.sh)",
     "HTK waveform: big-endian 1600 samples, period 1250 (8000 Hz), 2 bytes a sample, kind 0, "
     "then the 16-bit samples, 3,212 bytes in all; no magic, no MIME name anywhere, so the "
     "project's audio/x-htk. libmagic 5.44: application/octet-stream."),
    ("audio.txw", "com.yamaha.tx16w-audio", "audio", True, None,
     "sox -R -t txw of the tone (generate-more.sh; SoX resamples to 16666.7 Hz)",
     "Yamaha TX16W sample: 'LM8953', the header's sample rate and loop fields, then 12-bit "
     "samples, two in three bytes; the project's audio/x-tx16w. libmagic 5.44: "
     "application/octet-stream ('Yamaha TX Wave')."),
    ("audio.prc", "com.psion.record-audio", "audio", False, None,
     "sox -R -t prc of the tone (generate-more.sh)",
     "Psion Series 5 voice note: the EPOC UIDs 0x10000037, 0x1000006D and 0x1000007E, then the "
     "Record application's 8-bit A-law samples at 8000 Hz; the project's audio/x-psion-record. The "
     ".prc name SoX uses is Palm's and Mobipocket's in the tables, so the name disagrees. "
     "libmagic 5.44: application/octet-stream ('Psion Series 5 voice note')."),
    ("audio.gsm", "org.etsi.gsm-audio", "audio", True, None,
     "sox -t gsm of the tone (generate-more.sh)",
     "Bare GSM 06.10 at 8000 Hz: ten 33-byte frames, each opening with the nibble 0xD, and "
     "no header. libmagic 5.44: application/octet-stream; ffprobe: gsm."),
    ("audio.smp", "com.turtlebeach.samplevision-audio", "audio", True, None,
     "sox -t smp of the tone",
     "Turtle Beach Sample Vision: the text 'SOUND SAMPLE DATA 2.1 ' opens the header."),
    ("audio.hcom", "com.farallon.hcom-audio", "audio", True, None,
     "sox -r 22050 -b 8 -t hcom of the tone",
     "Macintosh HCOM: a MacBinary header with file type 'FSSD' at 65, then the data fork, "
     "'HCOM' and Huffman-coded 8-bit samples, at 128. libmagic 5.44: application/octet-stream; "
     "ffprobe: hcom. Not byte-reproducible (SoX stamps the MacBinary dates)."),
    ("audio.sds", "org.midi.sds-audio", "audio", True, None,
     "sox -t sds of the tone",
     "MIDI Sample Dump Standard: the 21-byte SysEx dump header F0 7E cc 01 ... F7, then data "
     "packets. libmagic 5.44: application/octet-stream; ffprobe: sds."),
    ("audio.maud", "com.macrosystem.maud-audio", "audio", True, None,
     "sox -t maud of the tone",
     "MacroSystem MAUD: IFF FORM MAUD whose MHDR chunk comes first. libmagic 5.44: "
     "application/octet-stream (IFF data); ffprobe: iff."),
    ("image.dcm", "org.nema.dicom", "other", True, None,
     "write-more.py dicom plain (pydicom 3.0.2): 16x16 8-bit grey secondary capture, explicit VR "
     "little endian, zero preamble",
     "DICOM Part 10: a 128-byte preamble, 'DICM', the file meta group, the data set. "
     "libmagic 5.44: application/dicom."),
    ("image-tiff-preamble.dcm", "org.nema.dicom", "other", True, None,
     "write-more.py dicom tiff (pydicom 3.0.2): the same image, its preamble opening with a "
     "TIFF header (II, 42, IFD offset 0x1000)",
     "DICOM whose preamble holds a TIFF header, as PS3.10 7.1 allows (pydicom's CT_small.dcm "
     "and MR_small.dcm have one): the TIFF reader saw TIFF. libmagic 5.44: image/tiff."),
    ("image-bare.dcm", "org.nema.dicom", "other", True, None,
     "write-more.py dicom bare (pydicom 3.0.2): the same image's data set alone, implicit VR "
     "little endian",
     "A DICOM data set with no preamble, no DICM and no file meta group (4 of pydicom's 86 "
     "test files are so): elements in ascending tag order from group 0008. libmagic 5.44: "
     "application/octet-stream."),
    ("audio.lpc10", "public.data", "other", None, None,
     "sox -r 8000 -t lpc10 of the tone",
     "LPC-10 frames with no header: unknown data. Its first bytes (01 08) are a Commodore 64 "
     "BASIC program's load address, and libmagic 5.44 says application/x-commodore-basic; the "
     "first line's link and terminator do not hold."),
    ("audio.ast", "com.nintendo.ast-audio", "audio", True, None,
     'ffmpeg -f ast of the tone',
     "Nintendo AST (GameCube): 'STRM', the header, the first block 'BLCK' at 64. libmagic 5.44: application/octet-stream; ffprobe: ast."),
    ("audio.apm", "com.ubisoft.apm-audio", "audio", True, None,
     'ffmpeg -f apm of the tone (IMA ADPCM)',
     "Ubisoft APM: format tag 0x2000, then 'vs12' at 20. libmagic 5.44: application/octet-stream; ffprobe: apm."),
    ("audio.argo", "com.argonaut.asf-audio", "audio", None, None,
     'ffmpeg -f argo_asf of the tone',
     "Argonaut Games ASF: 'ASF' NUL, version, chunk count, first chunk at 24. No extension is the format's own (.asf is Microsoft's). libmagic 5.44: application/octet-stream; ffprobe: argo_asf."),
    ("audio.mmf", "com.yamaha.smaf", "audio", True, None,
     'ffmpeg -f mmf of the tone',
     "Yamaha SMAF: an 'MMMD' chunk holding 'CNTI' first, then the ADPCM track. libmagic 5.44: "
     "application/octet-stream; shared-mime-info: application/vnd.smaf ('MMMD'); ffprobe: mmf."),
    ("audio.xi", "com.triton.fasttracker-xi", "audio", True, None,
     'sox -t xi of the tone (generate-more.sh)',
     "FastTracker 2 instrument: 'Extended Instrument: ', the name, the sample map and "
     "envelopes, then the delta-coded sample. libmagic 5.44: application/octet-stream "
     "('Fast Tracker II Instrument', no MIME type); shared-mime-info: audio/x-xi."),
    ("audio.kvag", "com.simonandschuster.kvag-audio", "audio", None, None,
     'ffmpeg -f kvag of the tone',
     "Simon & Schuster Interactive VAG: 'KVAG', then IMA ADPCM. libmagic 5.44: application/octet-stream; ffprobe: kvag."),
    ("audio.aud", "com.westwood.aud-audio", "audio", True, None,
     'ffmpeg -f wsaud of the tone',
     'Westwood Studios AUD: a 12-byte header ending in the codec (99, IMA ADPCM), chunks with id 0x0000DEAF. libmagic 5.44: application/octet-stream; ffprobe: wsaud.'),
    ("video.cpk", "com.sega.film-video", "video", True, None,
     'ffmpeg -f film_cpk of the test pattern (Cinepak)',
     "Sega FILM: 'FILM', header length, version, 'FDSC' at 16. libmagic 5.44: application/octet-stream; ffprobe: film_cpk."),
    ("video.roq", "com.idsoftware.roq-video", "video", True, None,
     'ffmpeg -c:v roqvideo -f roq of the test pattern at 30 fps',
     'id Software RoQ: signature chunk 0x1084 with size 0xFFFFFFFF. libmagic 5.44: application/octet-stream; ffprobe: roq.'),
    ("video.smjpeg", "org.libsdl.smjpeg-video", "video", True, None,
     'ffmpeg -f smjpeg of the test pattern',
     "Loki SMJPEG: NUL, newline, 'SMJPEG', then header chunks and JPEG frames. libmagic 5.44: application/octet-stream; ffprobe: smjpeg."),
    ("audio.sndt", "com.soundtool.sndt-audio", "audio", True, None,
     "sox -t sndt of the tone",
     "SoundTool: 'SOUND' and 0x1A, then a little-endian header and 8-bit samples."),
    ("audio.sox", "net.sourceforge.sox-audio", "audio", True, None,
     "sox -t sox of the tone",
     "SoX's native format: '.SoX' (little-endian writer), 32-bit samples."),
    ("audio.mlp", "com.dolby.mlp-audio", "audio", True, None,
     "ffmpeg -c:a mlp -f mlp, stereo 48 kHz",
     "Dolby MLP elementary stream: major sync 0xF8726FBB at offset 4."),
    ("audio.thd", "com.dolby.mlp-audio", "audio", True, None,
     "ffmpeg -c:a truehd -f truehd, stereo 48 kHz",
     "Dolby TrueHD elementary stream: major sync 0xF8726FBA at offset 4; TrueHD is MLP's "
     "successor and shares its MIME type."),
    ("audio.dts", "com.dts.dts-audio", "audio", True, None,
     "ffmpeg -c:a dca -b:a 320k -f dts, mono 48 kHz",
     "DTS core frames (sync 0x7FFE8001, 16-bit big-endian words), each following the last by "
     "its FSIZE field. libmagic says data."),
    ("audio-le16.dts", "com.dts.dts-audio", "audio", True, None,
     "write-more.py dts-layout audio.dts le16",
     "The same DTS frames in little-endian 16-bit words (sync FE 7F 01 80); ffmpeg decodes it."),
    ("audio-14bit.dts", "com.dts.dts-audio", "audio", True, None,
     "write-more.py dts-layout audio.dts le14",
     "The same DTS frames in little-endian 14-bit words, the layout of DTS audio CDs (sync "
     "FF 1F 00 E8 F? 07); ffmpeg decodes it."),
    ("audio-hd.dts", "com.dts.dts-hd-audio", "audio", True, None,
     "write-more.py dts-substreams audio.dts",
     "DTS core frames each followed by a 64-byte DTS-HD extension substream header (sync "
     "0x64582025), as Blu-ray DTS-HD streams interleave them; shared-mime-info's DTS-HD rule "
     "matches it, libmagic says data."),
    ("audio.dtshd", "com.dts.dts-hd-audio", "audio", True, None,
     "write-more.py dtshd audio-hd.dts",
     "A DTS-HD file: a DTSHDHDR chunk, then a STRMDATA chunk holding audio-hd.dts."),
    ("audio.c2", "org.rowetel.codec2-audio", "audio", True, None,
     "ffmpeg -c:a libcodec2 -mode 3200 -f codec2",
     "Codec 2 file: magic C0 DE C2, version 1, then 3200 bit/s frames."),
    ("zeros-first.mp3", "public.mp3", "audio", True, None,
     "512 zero bytes, then audio.mp3 (generate-more.sh)",
     "MP3 behind leading zero bytes, as some rippers write it: the frame chain is read after "
     "the zeros."),
    ("audio.au", "public.au-audio", "audio", True, None,
     "ffmpeg -c:a pcm_mulaw -f au",
     "Sun/NeXT audio: '.snd', data offset 32, encoding 1 (mu-law), 8000 Hz, mono."),
    ("tune.rmi", "public.midi-audio", "audio", None, None,
     "write-more.py rmid of tune.mid",
     "RIFF MIDI: RIFF form RMID whose data chunk is the Standard MIDI File tune.mid; no type "
     "declares .rmi, so the extension decides nothing."),
    ("bank.dls", "public.downloadable-sound", "audio", True, None,
     "write-more.py dls: colh, vers, LIST lins, ptbl, LIST wvpl (an empty DLS Level 1 bank)",
     "Downloadable Sounds bank: RIFF form 'DLS '. libmagic 5.44: application/octet-stream "
     "(RIFF data)."),
    ("video.amv", "com.actions.amv", "movie", True, None,
     "ffmpeg -c:v amv -c:a adpcm_ima_amv -f amv (generate-more.sh)",
     "AMV: AVI's chunk layout (LIST hdrl, an 'amvh' header) under the RIFF form type 'AMV '; "
     "no Tika or shared-mime-info rule, so before the RIFF sniffer knew the form the file was "
     "only a generic RIFF container. libmagic 5.44: video/x-amv."),
    ("video.obu", "org.aomedia.av1-stream", "movie", True, None,
     "ffmpeg -c:v libaom-av1 -f obu (generate-more.sh)",
     "AV1 low-overhead bitstream: temporal delimiter 12 00, a sequence header OBU, then a "
     "frame OBU. Its first bytes also parse as a TGA header; libmagic 5.44: "
     "application/octet-stream."),
    ("video.ivf", "org.webmproject.ivf", "movie", True, None,
     "ffmpeg -c:v libvpx -f ivf",
     "IVF: 'DKIF', version 0, header length 32, FourCC VP80."),
    ("video.drc", "org.diracvideo.dirac-stream", "movie", True, None,
     "ffmpeg -c:v vc2 -f dirac, 64x64",
     "Dirac/VC-2 stream: parse info prefix 'BBCD' and parse code 0 (sequence header)."),
    ("video.wtv", "com.microsoft.wtv", "movie", True, None,
     "ffmpeg -c:v mpeg2video -f wtv",
     "Windows Recorded TV: the WTV header GUID at 0. libmagic 5.44: application/octet-stream."),
    ("video.m1v", "org.iso.mpeg-1-video", "movie", True, None,
     "ffmpeg -c:v mpeg1video -f mpeg1video, 16x16 at 25 fps",
     "MPEG-1 video elementary stream: a sequence header followed by a GOP start code, no "
     "sequence extension, no system layer."),
    ("video.m2v", "public.mpeg-2-video", "movie", True, None,
     "ffmpeg -c:v mpeg2video -f mpeg2video, 16x16 at 25 fps",
     "MPEG-2 video elementary stream: a sequence header followed by a sequence extension "
     "(extension id 1)."),
    ("elementary.mpg", "public.mpeg-2-video", "movie", False, None,
     "a copy of video.m2v named .mpg",
     "An elementary stream named as a program stream: .mpg belongs to public.mpeg, which an "
     "elementary stream is not, so the extension disagrees."),
    ("capture.pcapng", "org.tcpdump.pcapng", "other", True, None,
     "scapy PcapNgWriter, one UDP packet (generate-more.sh)",
     "pcapng Section Header Block, little-endian. Its first bytes also read as a Python "
     "bytecode header (0x0D0A and CR LF); the byte-order magic tells them apart."),
    ("objects.ser", "com.oracle.java-serialized-object", "other", True, None,
     "java.io.ObjectOutputStream writing an ArrayList of two strings (generate-more.sh)",
     "Java serialization stream: 0xACED, version 5. libmagic 5.44 names it with no MIME type."),
    ("repository.pack", "org.git-scm.object", "other", True, None,
     "git gc of a one-commit repository; the pack file copied",
     "Git pack, version 2, 3 objects. shared-mime-info's rule for Quake PAK archives also "
     "matches its first four bytes; the version tells them apart."),
    ("archive-v7.tar", "public.tar-archive", "archive", True, None,
     "tar --format=v7 with fixed owner and date, one file",
     "Pre-POSIX tar: no ustar magic at 257, only the header checksum, an octal mode and the "
     "type flag tell it."),
    ("works.wps", "com.microsoft.works.wps", "document", True, None,
     "write-more.py ole2 works-wps: an MS-CFB version 3 file (512-byte sectors, mini stream) whose root CLSID and stream names are the application's; the streams hold placeholder bytes",
     "Works 4 document: root CLSID {28CDDBC2-0AE2-11CE-A29A-00AA004A1A72}, CONTENTS, SPELLING "
     "and CompObj streams."),
    ("works-database.wdb", "com.microsoft.works.wdb", "document", True, None,
     "write-more.py ole2 works-wdb: an MS-CFB version 3 file (512-byte sectors, mini stream) whose root CLSID and stream names are the application's; the streams hold placeholder bytes",
     "Works 4 database: CLSID {28CDDBC3-...}, CONTENTS and CompObj, the same streams an older "
     "Works document has: only the CLSID tells a database."),
    ("starwriter.sdw", "com.stardivision.writer5", "document", True, None,
     "write-more.py ole2 starwriter: an MS-CFB version 3 file (512-byte sectors, mini stream) whose root CLSID and stream names are the application's; the streams hold placeholder bytes",
     "StarWriter 5.0: CLSID {C20CF9D1-85AE-11D1-AAB4-006097DA561A}, StarWriterDocument; a kind of "
     "Apple's org.openoffice.text shown as application/vnd.stardivision.writer, as Tika and "
     "shared-mime-info name StarOffice 5 (versions 3 and 4 are libmagic's application/x-starwriter)."),
    ("starcalc.sdc", "com.stardivision.calc5", "document", True, None,
     "write-more.py ole2 starcalc: an MS-CFB version 3 file (512-byte sectors, mini stream) whose root CLSID and stream names are the application's; the streams hold placeholder bytes",
     "StarCalc 5.0: CLSID {C6A5B861-85D6-11D1-89CB-008029E4B0B1}, StarCalcDocument."),
    ("starimpress.sdd", "com.stardivision.impress5", "document", True, None,
     "write-more.py ole2 starimpress: an MS-CFB version 3 file (512-byte sectors, mini stream) whose root CLSID and stream names are the application's; the streams hold placeholder bytes",
     "StarImpress 5.0: CLSID {565C7221-85BC-11D1-89D0-008029E4B0B1}; its pages are in a "
     "StarDrawDocument3 stream, as a StarDraw drawing's are, so the stream names alone say "
     "drawing."),
    ("quattro.qpw", "com.corel.quattro-pro", "document", True, None,
     "write-more.py ole2 quattro: an MS-CFB version 3 file (512-byte sectors, mini stream) whose root CLSID and stream names are the application's; the streams hold placeholder bytes",
     "Quattro Pro 9 notebook: no CLSID, a NativeContent_MAIN stream."),
    ("wordperfect-ole.wpd", "com.corel.wordperfect.document", "document", True, None,
     "write-more.py ole2 wordperfect: an MS-CFB version 3 file (512-byte sectors, mini stream) whose root CLSID and stream names are the application's; the streams hold placeholder bytes",
     "WordPerfect in an OLE2 file: no CLSID; PerfectOffice_MAIN starts with the WPC header "
     "(file type 0x0A, a document) and sits in the mini stream; Quattro Pro 7-8 notebooks "
     "have the same two stream names."),
    ("flashpix.fpx", "com.kodak.flashpix-image", "image", True, False,
     "write-more.py ole2 flashpix: an MS-CFB version 3 file (512-byte sectors, mini stream) whose root CLSID and stream names are the application's; the streams hold placeholder bytes",
     "FlashPix image: root CLSID {56616700-C154-11CE-8553-00AA00A1F95B}, SummaryInformation and "
     "a Data Object Store storage."),
    ("hangul.hwp", "com.hancom.hwp5", "document", True, None,
     "write-more.py ole2 hwp5: an MS-CFB version 3 file (512-byte sectors, mini stream) whose root CLSID and stream names are the application's; the streams hold placeholder bytes",
     "Hangul Word Processor 5: no CLSID; a FileHeader stream opening with 'HWP Document File' "
     "decides (Tika's application/x-hwp-v5; libmagic 5.44 says application/x-hwp)."),
]


def load_types(paths):
    """Return {identifier: (mime types, parents, extensions)} from the TSV tables."""
    types = {}
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            header = handle.readline().rstrip("\n").split("\t")
            for line in handle:
                cells = dict(zip(header, line.rstrip("\n").split("\t")))
                def cell(key):
                    return [v for v in cells.get(key, "").split(",") if v]

                types[cells["identifier"]] = (cell("mimeTypes"), cell("parents"), cell("extensions"))
    return types


def extension_agrees(types, file, identifier):
    """true/false/None as manifest.json defines extensionAgrees, from the tables alone."""
    if "." not in file:
        return None
    extension = file.rsplit(".", 1)[1].lower()
    declaring = {t for t, (_, _, exts) in types.items() if extension in exts}
    if not declaring:
        return None
    lineage, todo = set(), [identifier]
    while todo:
        current = todo.pop()
        if current not in lineage:
            lineage.add(current)
            todo += types.get(current, ([], [], []))[1]
    return bool(declaring & lineage)


def main(argv):
    candidates = [argv[1]] if len(argv) > 1 else [
        os.path.join(HERE, "..", "..", "shared", "reference", "apple-utis.tsv"),
        "/work/shared/reference/apple-utis.tsv",
    ]
    apple = next((p for p in candidates if os.path.exists(p)), None)
    if apple is None:
        raise SystemExit("make-manifest.py: apple-utis.tsv not found; pass its path")
    extra = os.path.join(HERE, "..", "Data", "extra-types.tsv")
    if not os.path.exists(extra):
        raise SystemExit(f"make-manifest.py: {extra} not found (run inside the repository)")
    types = load_types([apple, extra])

    problems = []
    manifest = []
    for file, identifier, family, agrees, animated, made, notes in sorted(ROWS):
        if identifier not in types:
            problems.append(f"{file}: {identifier} is not declared")
            continue
        if not os.path.exists(os.path.join(HERE, file)):
            problems.append(f"{file}: missing; run generate.sh")
        if extension_agrees(types, file, identifier) != agrees:
            problems.append(f"{file}: extensionAgrees {agrees} disagrees with the tables")
        entry = {"file": file, "identifier": identifier}
        if types[identifier][0]:
            entry["mimeType"] = types[identifier][0][0]
        entry["family"] = family
        entry["extensionAgrees"] = agrees
        if family == "image":
            entry["animated"] = bool(animated)
        entry["made"] = made
        entry["notes"] = notes
        manifest.append(entry)
    names = [row[0] for row in ROWS]
    if len(set(names)) != len(names):
        problems.append("a file is listed twice")
    # Subfolders (mime/, declarations/) belong to other tests; only plain files are fixtures.
    files = {n for n in os.listdir(HERE) if os.path.isfile(os.path.join(HERE, n))}
    unlisted = sorted(files - set(names) - TOOLING)
    problems += [f"{name}: in the folder but not in the manifest" for name in unlisted]
    if problems:
        raise SystemExit("make-manifest.py:\n  " + "\n  ".join(problems))
    with open(os.path.join(HERE, "manifest.json"), "w", encoding="utf-8") as handle:
        json.dump(manifest, handle, indent=2, ensure_ascii=False)
        handle.write("\n")
    print(f"make-manifest.py: {len(manifest)} fixtures")


if __name__ == "__main__":
    main(sys.argv)
