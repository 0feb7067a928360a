# Fixtures for the structural sniffers of issue #14 item 5. Sourced by generate.sh, which has
# already checked the tools and set WORK (the current folder), OUT, CONVERT, FF, BX, AIN, out.
# The truth about each file lives in make-manifest.py.

MORE=(python3 "$HERE/write-more.py")

# Images: ImageMagick writes each format from the 16x16 gradient (base.png, made by generate.sh).
$CONVERT base.png -strip dds:image.dds ; out image.dds image.dds
$CONVERT base.png -strip -compress none sgi:image.sgi ; out image.sgi image.sgi
# SGI's RLE storage, under the .rgb name SGI used for RGB files (the tables give .rgb to
# Intergraph's format).
$CONVERT base.png -strip -compress RLE sgi:image-rle.rgb ; out image-rle.rgb image-rle.rgb
$CONVERT base.png -strip sun:image.ras ; out image.ras image.ras
cp "$OUT/image.ras" sun-raster ; out sun-raster sun-raster
$CONVERT base.png -strip pfm:image.pfm ; out image.pfm image.pfm
$CONVERT base.png -strip hdr:image.hdr ; out image.hdr image.hdr
$CONVERT base.png -strip jp2:image.jp2 ; out image.jp2 image.jp2
$CONVERT base.png -strip j2k:image.j2k ; out image.j2k image.j2k
# TGA has no magic: a colour-mapped one, and a run-length true-colour one with alpha.
$CONVERT base.png -strip tga:image.tga ; out image.tga image.tga
$CONVERT base.png -strip -type TrueColorAlpha -compress RLE tga:image-rle.tga ;
    out image-rle.tga image-rle.tga
# A 16-bit true-colour TGA whose descriptor claims 8 alpha bits (the 16-bit format has one at
# most) and that ends with the TGA 2.0 footer: the layout of a 16-bit TGA in Pillow's tests.
$CONVERT base.png -strip -type TrueColor -depth 5 tga:image16.tga
"${EDIT[@]}" tga-footer image16.tga image-16bit-footer.tga 8 ;
    out image-16bit-footer.tga image-16bit-footer.tga
# An Animator Pro FLC animation, which no Debian tool writes (ffmpeg and Pillow read it).
"${MORE[@]}" flic animation.flc ; out animation.flc animation.flc
# A WordPerfect Graphics bitmap, which no Debian tool writes (ImageMagick and libwpg read it).
"${MORE[@]}" wpg image.wpg ; out image.wpg image.wpg
# A Composer 669 module (no Debian tool writes one; libopenmpt reads it).
"${MORE[@]}" composer669 tune.669 ; out tune.669 tune.669
png2ff < base.png > image.ff ; out image.ff image.ff
# OpenEXR (a plain one, not an ACES container), Kodak Cineon and VIPS.
$CONVERT base.png -strip exr:image.exr ; out image.exr image.exr
$CONVERT base.png -strip cin:image.cin ; out image.cin image.cin
$CONVERT base.png -strip vips:image.vips ; out image.vips image.vips
# Khoros VIFF and NASA VICAR.
$CONVERT base.png -strip viff:image.viff ; out image.viff image.viff
$CONVERT base.png -strip vicar:image.vicar ; out image.vicar image.vicar
# Blizzard BLP2 (palette) and Microsoft Paint 1 (one bit a pixel): Pillow writes both.
python3 - <<'PY'
from PIL import Image
base = Image.open("base.png").convert("RGB")
base.convert("P").save("image.blp", "BLP")
base.convert("1").save("image.msp", "MSP")
# Two views as Pillow's MPO writer stores them: the second's MP type is Undefined.
views = [base.convert("RGB"), base.convert("RGB").transpose(Image.Transpose.FLIP_LEFT_RIGHT)]
views[0].save("views.mpo", "MPO", save_all=True, append_images=views[1:], quality=80)
PY
out image.blp image.blp ; out image.msp image.msp ; out views.mpo views.mpo
# SPIDER (a float image) and IFUNC Image Memory, as Pillow writes them (its IM writer warns
# that the format is deprecated).
python3 -W ignore::DeprecationWarning - <<'PY'
from PIL import Image
base = Image.open("base.png").convert("RGB")
base.convert("F").save("image.spi", "SPIDER")
base.save("image.im", "IM")
PY
out image.spi image.spi ; out image.im image.im
# McIDAS AREA, FTEX and IM Tools, which no Debian tool writes (Pillow reads them).
"${MORE[@]}" mcidas mcidas-area ; out mcidas-area mcidas-area
"${MORE[@]}" ftex image.ftu ; out image.ftu image.ftu
"${MORE[@]}" imt image.imt ; out image.imt image.imt
# A Python pickle, by the standard library's pickle module.
"${MORE[@]}" pickle data.pkl ; out data.pkl data.pkl
"${MORE[@]}" pickle0 data-protocol0.pkl ; out data-protocol0.pkl data-protocol0.pkl
"${MORE[@]}" pickle1 data-protocol1.pkl ; out data-protocol1.pkl data-protocol1.pkl
# The last volume of a split ZIP archive (Info-ZIP's zip -s, 64 KiB volumes) of 70,000
# incompressible bytes: it opens in the middle of the member's data and ends with the central
# directory and the end record; the first volume (.z01) is not kept.
python3 -c 'import random, sys; random.seed(14); sys.stdout.buffer.write(random.randbytes(70000))' > noise.bin
touch -d 2026-01-01T00:00:00Z noise.bin
rm -f split.zip split.z01
zip -q -X -s 64k split.zip noise.bin ; out split.zip archive-split-last-volume.zip
# BUFR: eccodes' BUFR edition 4 sample with its typical date set, re-encoded by bufr_set.
bufr_set -s typicalYear=2026,typicalMonth=12,typicalDay=4 \
    /usr/share/eccodes/samples/BUFR4.tmpl weather.bufr ; out weather.bufr weather.bufr
# WBMP (one bit a pixel, no magic: only its size fits its header).
$CONVERT base.png wbmp:image.wbmp ; out image.wbmp image.wbmp
# Image formats that ImageMagick and FFmpeg read by content and no database names: PGX (the
# JPEG 2000 conformance format), CALS Type 1 raster, DEC sixel (ImageMagick writes all three)
# and Alias/Wavefront PIX (FFmpeg's alias_pix encoder).
$CONVERT base.png -strip pgx:image.pgx ; out image.pgx image.pgx
$CONVERT base.png -strip cals:image.cals ; out image.cals image.cals
$CONVERT base.png -strip sixel:image.sixel ; out image.sixel image.sixel
"${FF[@]}" -i base.png -c:v alias_pix -f image2 image.pix ; out image.pix image.pix
# A Palm OS database: ImageMagick's PDB writer (ImageViewer, type vIMG, creator View), its
# dates (taken from the clock) set to 2026-12-04 00:00 UTC, 3,879,187,200 s after 1904.
$CONVERT base.png -strip pdb:image.pdb
"${EDIT[@]}" palm-dates image.pdb palm.pdb 3879187200 ; out palm.pdb palm.pdb
$CONVERT base.png -strip PNG32:base32.png
icotool -c --cursor --hotspot-x=1 --hotspot-y=1 -o cursor.cur base32.png ; out cursor.cur cursor.cur
$CONVERT -size 16x16 gradient:red-blue -strip -quality 80 left.jpg
$CONVERT -size 16x16 gradient:blue-red -strip -quality 80 right.jpg
"${MORE[@]}" mpo stereo.mpo left.jpg right.jpg ; out stereo.mpo stereo.mpo
# JPEG-LS (ITU-T T.87), lossless, by CharLS through imagecodecs (PyPI): JPEG's SOI and
# segments, but a SOF55 frame header; imagecodecs writes a SPIFF header (APP8) first.
python3 - <<'PY'
import imagecodecs, numpy
from PIL import Image
pixels = numpy.asarray(Image.open("base.png").convert("RGB"))
open("image.jls", "wb").write(imagecodecs.jpegls_encode(pixels))
PY
out image.jls image.jls

# Audio
"${FF[@]}" "${AIN[@]}" "${BX[@]}" -c:a pcm_s16le -f wav tone.wav
wavpack -q -y tone.wav -o audio.wv ; out audio.wv audio.wv
# Hybrid mode at 3 bits a sample with a correction file: a lossy .wv and its .wvc.
wavpack -q -y -b3 -c tone.wav -o hybrid.wv ; out hybrid.wv hybrid.wv ; out hybrid.wvc hybrid.wvc
"${FF[@]}" "${AIN[@]}" "${BX[@]}" -c:a tta -f tta audio.tta ; out audio.tta audio.tta
"${FF[@]}" "${AIN[@]}" "${BX[@]}" -c:a pcm_mulaw -f au audio.au ; out audio.au audio.au
# Sound formats with a header of their own that SoX writes (NIST SPHERE, IRCAM, AVR, Ensoniq
# PARIS, Portable Voice Format, Psion A-law, Sample Vision, SoundTool, SoX's own), from the
# same tone; 8-bit A-law for the Psion format, which holds nothing else.
for spec in nist:audio.sph ircam:audio.ircam avr:audio.avr paf:audio.paf pvf:audio.pvf \
    smp:audio.smp sndt:audio.sndt sox:audio.sox; do
    sox tone.wav -t "${spec%%:*}" "${spec#*:}" ; out "${spec#*:}" "${spec#*:}"
done
sox tone.wav -r 8000 -e a-law -t wve audio.wve ; out audio.wve audio.wve
# An HTK waveform (16-bit mono samples behind a 12-byte header with no magic: the size decides).
sox tone.wav -t htk audio.htk ; out audio.htk audio.htk
# A Yamaha TX16W sample (SoX picks the nearest rate the sampler has, 16666.7 Hz) and a Psion
# Series 5 voice note; -R makes the dither of the conversion repeatable.
sox -R -V1 tone.wav -t txw audio.txw ; out audio.txw audio.txw
sox -R tone.wav -t prc audio.prc ; out audio.prc audio.prc
# Macintosh HCOM (8-bit, 22050 Hz or a fraction of it: the rates the format has), MIDI sample
# dump and MacroSystem MAUD, which SoX writes and ffmpeg reads too.
sox tone.wav -r 22050 -b 8 -t hcom audio.hcom ; out audio.hcom audio.hcom
sox tone.wav -t sds audio.sds ; out audio.sds audio.sds
sox tone.wav -t maud audio.maud ; out audio.maud audio.maud
# A FastTracker 2 instrument (XI) holding the tone as its sample.
sox tone.wav -t xi audio.xi ; out audio.xi audio.xi
# Game audio and video with headers of their own, which ffmpeg writes: Nintendo AST, Ubisoft
# APM, Argonaut ASF, Simon & Schuster KVAG, Westwood AUD, Yamaha SMAF; Sega FILM (Cinepak),
# SMJPEG and id Software RoQ (at the 30 frames a second RoQ has).
for spec in ast:audio.ast apm:audio.apm argo_asf:audio.argo kvag:audio.kvag wsaud:audio.aud \
    mmf:audio.mmf; do
    "${FF[@]}" "${AIN[@]}" "${BX[@]}" -f "${spec%%:*}" "${spec#*:}" ; out "${spec#*:}" "${spec#*:}"
done
for spec in film_cpk:video.cpk smjpeg:video.smjpeg; do
    "${FF[@]}" "${VIN[@]}" "${BX[@]}" -f "${spec%%:*}" "${spec#*:}" ; out "${spec#*:}" "${spec#*:}"
done
"${FF[@]}" -f lavfi -i "testsrc2=size=16x16:rate=30:duration=0.2" "${BX[@]}" -c:v roqvideo -f roq video.roq ;
    out video.roq video.roq
# Flash movies: ffmpeg's SWF muxer writes an uncompressed one (FWS, version 6); a compressed
# one (CWS) is the same movie with everything after the 8-byte header deflated by zlib, as
# the SWF specification lays out from version 6.
"${FF[@]}" "${VIN[@]}" "${BX[@]}" -c:v flv1 -f swf movie.swf ; out movie.swf movie.swf
python3 -c 'import sys, zlib; d = open(sys.argv[1], "rb").read(); open(sys.argv[2], "wb").write(b"CWS" + d[3:8] + zlib.compress(d[8:], 9))' \
    movie.swf movie-compressed.swf ; out movie-compressed.swf movie-compressed.swf
# The same movie compressed with LZMA, as SWF 13 allows: "ZWS", the uncompressed length, the
# LZMA data's length, its five property bytes (lc 3, lp 0, pb 2, a 64 KiB dictionary), the data.
python3 -c 'import lzma, struct, sys; d = open(sys.argv[1], "rb").read(); f = [{"id": lzma.FILTER_LZMA1, "dict_size": 1 << 16, "lc": 3, "lp": 0, "pb": 2}]; r = lzma.compress(d[8:], format=lzma.FORMAT_RAW, filters=f); open(sys.argv[2], "wb").write(b"ZWS" + d[3:8] + struct.pack("<I", len(r)) + bytes([93]) + struct.pack("<I", 1 << 16) + r)' \
    movie.swf movie-lzma.swf ; out movie-lzma.swf movie-lzma.swf
# LPC-10 frames have no header: the first bytes of this one are what libmagic takes for a
# Commodore 64 BASIC program's load address (01 08), which the first line does not bear out.
sox tone.wav -r 8000 -t lpc10 audio.lpc10 ; out audio.lpc10 audio.lpc10
# A Commodore 64 BASIC program (PRG), tokenized as the C64 saves it.
"${MORE[@]}" c64basic program.prg ; out program.prg program.prg
# JPEG XS: one codestream, and three back to back as a .jxsv video stores them. No Debian tool
# writes JPEG XS; the headers are written as ISO/IEC 21122-1 lays them out.
"${MORE[@]}" jpegxs 1 image.jxsc ; out image.jxsc image.jxsc
"${MORE[@]}" jpegxs 3 video.jxsv ; out video.jxsv video.jxsv
# A TIFF with a Kodak KDC camera's Make and private tag 0xFD00, written with Pillow (PyPI).
"${MORE[@]}" kdc image.kdc ; out image.kdc image.kdc
# An AppImage (type 2): an ELF runtime (write-containers.py's tiny executable) marked "AI" 02
# in its identification padding, as the AppImage runtime is, with a squashfs image of one
# file appended (mksquashfs, time stamps and owners fixed).
mkdir -p appdir && printf 'hello\n' > appdir/hello.txt
mksquashfs appdir app.squashfs -noappend -all-root -mkfs-time 0 -all-time 0 -quiet
"${WRITE[@]}" elf appimage-runtime
printf 'AI\002' | dd of=appimage-runtime bs=1 seek=8 conv=notrunc status=none
cat appimage-runtime app.squashfs > app.AppImage ; out app.AppImage app.AppImage
# A Wallet pass: pass.json, an icon, and the manifest of their SHA-1 digests, zipped with
# fixed dates (no signature: signing needs Apple's certificate).
mkdir -p pass && cp base.png pass/icon.png
printf '{"formatVersion": 1, "passTypeIdentifier": "pass.org.example.fixture", "serialNumber": "1", "teamIdentifier": "A1B2C3D4E5", "organizationName": "Fixture", "description": "Fixture pass"}\n' > pass/pass.json
printf '{"icon.png": "%s", "pass.json": "%s"}\n' "$(sha1sum < pass/icon.png | cut -c1-40)" \
    "$(sha1sum < pass/pass.json | cut -c1-40)" > pass/manifest.json
touch -d @"$SOURCE_DATE_EPOCH" pass/*
(cd pass && zip -X -q ../pass.pkpass pass.json manifest.json icon.png) ; out pass.pkpass pass.pkpass
# DICOM images from pydicom (PyPI): one with the usual zero preamble, one whose preamble holds a
# TIFF header (a "dual-personality" file, which TIFF's signature alone would take), and the bare
# data set with neither preamble nor DICM, as older tools wrote it.
"${MORE[@]}" dicom plain image.dcm ; out image.dcm image.dcm
"${MORE[@]}" dicom tiff image-tiff-preamble.dcm ; out image-tiff-preamble.dcm image-tiff-preamble.dcm
"${MORE[@]}" dicom bare image-bare.dcm ; out image-bare.dcm image-bare.dcm
# Compressed MusicXML from music21 (PyPI): the score and META-INF/container.xml naming it, with
# no media type and no mimetype entry, as music21 and most writers leave them. Not
# byte-reproducible (the entries' dates and the encoding date are the day's).
python3 -c 'import music21
score = music21.stream.Score([music21.stream.Part([music21.note.Note("C4", type="whole")])])
score.metadata = music21.metadata.Metadata(title="Fixture")
score.write("mxl", fp="score.mxl")' ; out score.mxl score.mxl
# Bare GSM 06.10 (sox's gsm writer, libgsm): 33-byte frames and no header at all.
sox tone.wav -t gsm audio.gsm ; out audio.gsm audio.gsm
# Dolby MLP and TrueHD elementary streams, and Codec 2 (ffmpeg; MLP and TrueHD need stereo
# at 48 kHz, Codec 2 mono at 8 kHz).
"${FF[@]}" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.2" "${BX[@]}" -ac 2 \
    -c:a mlp -strict -2 -f mlp audio.mlp ; out audio.mlp audio.mlp
"${FF[@]}" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.2" "${BX[@]}" -ac 2 \
    -c:a truehd -strict -2 -f truehd audio.thd ; out audio.thd audio.thd
"${FF[@]}" "${AIN[@]}" "${BX[@]}" -c:a libcodec2 -mode 3200 -f codec2 audio.c2 ;
    out audio.c2 audio.c2
# DTS core frames (ffmpeg's dca encoder, mono 48 kHz at 320 kb/s), then the same frames in
# the core's other storage layouts, with DTS-HD extension substreams, and in a .dtshd file.
"${FF[@]}" -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.2" "${BX[@]}" -ac 1 \
    -c:a dca -strict -2 -b:a 320k -f dts audio.dts ; out audio.dts audio.dts
"${MORE[@]}" dts-layout "$OUT/audio.dts" audio-le16.dts le16 ; out audio-le16.dts audio-le16.dts
"${MORE[@]}" dts-layout "$OUT/audio.dts" audio-14bit.dts le14 ; out audio-14bit.dts audio-14bit.dts
"${MORE[@]}" dts-substreams "$OUT/audio.dts" audio-hd.dts ; out audio-hd.dts audio-hd.dts
"${MORE[@]}" dtshd "$OUT/audio-hd.dts" audio.dtshd ; out audio.dtshd audio.dtshd
# An MP3 after 512 zero bytes, as some rippers and stream dumps write it (the bytes of
# audio.mp3, which generate.sh made).
{ head -c 512 /dev/zero ; cat "$OUT/audio.mp3" ; } > zeros-first.mp3 ;
    out zeros-first.mp3 zeros-first.mp3
# RIFF MIDI around the Standard MIDI File generate.sh wrote (tune.mid).
"${MORE[@]}" rmid "$OUT/tune.mid" tune.rmi ; out tune.rmi tune.rmi
"${MORE[@]}" dls bank.dls ; out bank.dls bank.dls
# ABC notation of the same tune, by abcmidi's midi2abc (run where the MIDI file is, so that the
# title it writes, "from tune.mid", names no folder).
(cd "$OUT" && midi2abc -f tune.mid -o "$WORK/tune.abc") ; out tune.abc tune.abc

# MPEG video elementary streams (no system layer), and one named as a program stream.
"${FF[@]}" -f lavfi -i "testsrc2=size=16x16:rate=25:duration=0.12" "${BX[@]}" -c:v mpeg1video \
    -f mpeg1video video.m1v ; out video.m1v video.m1v
"${FF[@]}" -f lavfi -i "testsrc2=size=16x16:rate=25:duration=0.12" "${BX[@]}" -c:v mpeg2video \
    -f mpeg2video video.m2v ; out video.m2v video.m2v
cp "$OUT/video.m2v" elementary.mpg ; out elementary.mpg elementary.mpg

# AMV, the AVI variant of cheap MP4 players: RIFF form 'AMV ', JPEG frames and IMA ADPCM (the
# muxer wants 22.05 kHz mono and one audio block a video frame).
"${FF[@]}" -f lavfi -i "testsrc2=size=32x32:rate=10:duration=0.2" \
    -f lavfi -i "sine=frequency=440:sample_rate=22050:duration=0.2" "${BX[@]}" -c:v amv \
    -pix_fmt yuvj420p -c:a adpcm_ima_amv -ac 1 -block_size 2205 -f amv video.amv ;
    out video.amv video.amv

# AV1 as bare OBUs (libaom), VP8 in IVF (libvpx), a Dirac/VC-2 stream and Windows Recorded TV.
"${FF[@]}" -f lavfi -i "testsrc2=size=16x16:rate=25:duration=0.12" "${BX[@]}" -c:v libaom-av1 \
    -cpu-used 8 -f obu video.obu ; out video.obu video.obu
"${FF[@]}" -f lavfi -i "testsrc2=size=16x16:rate=25:duration=0.12" "${BX[@]}" -c:v libvpx \
    -f ivf video.ivf ; out video.ivf video.ivf
"${FF[@]}" -f lavfi -i "testsrc2=size=64x64:rate=25:duration=0.08" "${BX[@]}" -c:v vc2 \
    -slice_width 32 -slice_height 32 -b:v 200k -f dirac video.drc ; out video.drc video.drc
"${FF[@]}" -f lavfi -i "testsrc2=size=16x16:rate=25:duration=0.12" "${BX[@]}" -c:v mpeg2video \
    -f wtv video.wtv ; out video.wtv video.wtv

# A pcapng capture of one UDP packet (scapy's PcapNgWriter, little-endian): its first bytes
# also read as a Python bytecode header (number 3338 and CR LF).
python3 - <<'PY'
from scapy.all import Ether, IP, UDP, Raw
from scapy.utils import PcapNgWriter
packet = Ether(src="02:00:00:00:00:01", dst="02:00:00:00:00:02") / IP(src="192.0.2.1",
    dst="192.0.2.2") / UDP(sport=5000, dport=5001) / Raw(b"mediatype fixture")
packet.time = 1704067200
writer = PcapNgWriter("capture.pcapng")
writer.write(packet)
writer.close()
PY
out capture.pcapng capture.pcapng

# AutoCAD DXF by ezdxf (PyPI): an R12 drawing of one line in the binary form, and in the ASCII
# form behind three 999 comment groups, as CloudCompare and CAD exporters open theirs. Not
# byte-reproducible (the header's creation dates and GUIDs are the run's).
python3 - <<'PY'
import ezdxf
doc = ezdxf.new("R12")
doc.modelspace().add_line((0, 0), (10, 5))
doc.saveas("drawing-binary.dxf", fmt="bin")
doc.saveas("plain.dxf")
PY
out drawing-binary.dxf drawing-binary.dxf
{ printf '999\nmediatype fixture\n999\nwritten by ezdxf\n999\none line\n' ; cat plain.dxf ; } \
    > drawing-comments.dxf ; out drawing-comments.dxf drawing-comments.dxf

# VTK data files by meshio (PyPI): one triangle as a legacy ASCII file and as XML
# UnstructuredGrid (.vtu, base64 binary data).
python3 - <<'PY'
import meshio
mesh = meshio.Mesh([[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], [("triangle", [[0, 1, 2]])])
mesh.write("mesh.vtk", binary=False)
mesh.write("mesh.vtu", binary=True, compression=None)
PY
out mesh.vtk mesh.vtk
out mesh.vtu mesh.vtu

# An SQL dump of a small SQLite database (Python's sqlite3 module, Connection.iterdump).
python3 - <<'PY'
import sqlite3
db = sqlite3.connect(":memory:")
db.execute("CREATE TABLE track (id INTEGER PRIMARY KEY, title TEXT NOT NULL, seconds REAL)")
db.executemany("INSERT INTO track (title, seconds) VALUES (?, ?)", [("One", 61.5), ("Two", 90.0)])
db.execute("CREATE INDEX track_title ON track (title)")
db.commit()
with open("dump.sql", "w") as out:
    out.write("\n".join(db.iterdump()) + "\n")
PY
out dump.sql dump.sql

# A Java serialization stream (java.io.ObjectOutputStream writing a String list), and a Git
# pack of one commit (git gc), with the commit's dates and identity fixed.
mkdir -p serial
cat > serial/Write.java <<'JAVA'
import java.io.*;
import java.util.*;
public class Write {
    public static void main(String[] args) throws IOException {
        try (ObjectOutputStream out = new ObjectOutputStream(new FileOutputStream(args[0]))) {
            out.writeObject(new ArrayList<>(List.of("mediatype", "fixture")));
        }
    }
}
JAVA
javac -d serial serial/Write.java && java -cp serial Write objects.ser ; out objects.ser objects.ser
rm -rf packrepo && git init -q packrepo && printf 'hello\n' > packrepo/hello.txt
(cd packrepo && git add hello.txt && GIT_AUTHOR_DATE=@1704067200 GIT_COMMITTER_DATE=@1704067200 \
    git -c user.name=Fixture -c user.email=fixture@example.org commit -q -m fixture \
    && git gc -q)
cp packrepo/.git/objects/pack/pack-*.pack repository.pack && chmod 644 repository.pack ;
    out repository.pack repository.pack

# A pre-POSIX (v7) tar: no magic, only the header checksum.
mkdir -p v7tree && printf 'hello\n' > v7tree/hello.txt
tar --sort=name --mtime=@"$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner --format=v7 \
    -C v7tree -cf archive-v7.tar hello.txt ; out archive-v7.tar archive-v7.tar

# OLE2 compound files of the formats LibreOffice cannot write (or that need the CLSID to be
# told apart), from write-more.py's MS-CFB writer.
"${MORE[@]}" ole2 works-wps works.wps ; out works.wps works.wps
"${MORE[@]}" ole2 works-wdb works-database.wdb ; out works-database.wdb works-database.wdb
"${MORE[@]}" ole2 starwriter starwriter.sdw ; out starwriter.sdw starwriter.sdw
"${MORE[@]}" ole2 starcalc starcalc.sdc ; out starcalc.sdc starcalc.sdc
"${MORE[@]}" ole2 starimpress starimpress.sdd ; out starimpress.sdd starimpress.sdd
"${MORE[@]}" ole2 quattro quattro.qpw ; out quattro.qpw quattro.qpw
"${MORE[@]}" ole2 wordperfect wordperfect-ole.wpd ; out wordperfect-ole.wpd wordperfect-ole.wpd
"${MORE[@]}" ole2 flashpix flashpix.fpx ; out flashpix.fpx flashpix.fpx
"${MORE[@]}" ole2 hwp5 hangul.hwp ; out hangul.hwp hangul.hwp

# ELF shared objects, linked without a build ID and stripped so that the bytes repeat: a
# library (no DF_1_PIE) and a position-independent executable (DF_1_PIE).
printf 'int mediatype_fixture_answer(void) { return 42; }\n' > library.c
printf 'int main(void) { return 0; }\n' > main.c
gcc -O2 -shared -fPIC -nostdlib -Wl,--build-id=none -Wl,-z,noseparate-code -s -o library.so library.c
out library.so library.so
gcc -O2 -pie -fPIE -Wl,--build-id=none -Wl,-z,noseparate-code -s -o pie-executable main.c
out pie-executable pie-executable
# A Mach-O object file (arm64) from the Swift toolchain's clang for an Apple target: no Debian
# tool links Mach-O executables or libraries, so the object is the one real Mach-O here.
clang -target arm64-apple-macos11 -O2 -c library.c -o macho-object.o
out macho-object.o macho-object.o

# JSON dialects told by their top-level members: GeoJSON (GDAL's ogr2ogr, RFC 7946 layout,
# from a one-point CSV) and a Jupyter notebook (nbformat, the reference library).
printf 'name,lon,lat\nTower,2.2945,48.8584\n' > points.csv
ogr2ogr -f GeoJSON -lco RFC7946=YES -oo X_POSSIBLE_NAMES=lon -oo Y_POSSIBLE_NAMES=lat \
    places.geojson points.csv 2>/dev/null ; out places.geojson places.geojson
python3 - <<'PY'
import nbformat
notebook = nbformat.v4.new_notebook()
notebook.cells = [nbformat.v4.new_markdown_cell("# Fixture"), nbformat.v4.new_code_cell("print(1)")]
for cell in notebook.cells:
    cell.pop("id", None)
notebook.nbformat_minor = 4
nbformat.write(notebook, "notebook.ipynb")
PY
out notebook.ipynb notebook.ipynb

# Compressors whose streams have their own signature: bzip3, rzip and a ZPAQ archive of
# text.txt (Debian's bzip3, rzip and zpaq).
bzip3 -c "$OUT/text.txt" > text.txt.bz3 ; out text.txt.bz3 text.txt.bz3
cp "$OUT/text.txt" text-rzip.txt && rzip -o text.txt.rz text-rzip.txt ; out text.txt.rz text.txt.rz
cp "$OUT/text.txt" text.txt && zpaq add archive.zpaq text.txt -m1 >/dev/null 2>&1 ;
    out archive.zpaq archive.zpaq

# Office Open XML packages outside the document kinds: an Excel add-in (spreadsheet.xlsm with
# the workbook part's content type made the add-in's, the one part Excel's .xlam differs in
# besides the VBA project LibreOffice does not write), a password-protected Word document
# (msoffcrypto-tool's ECMA-376 agile encryption of document.docx, an OLE2 file holding the
# encrypted package) and an XPS document (no Linux tool writes XPS: write-containers.py lays
# out the parts ECMA-388 requires).
"${EDIT[@]}" ooxml-main-type "$OUT/spreadsheet.xlsm" spreadsheet.xlam \
    application/vnd.ms-excel.sheet.macroEnabled.main+xml \
    application/vnd.ms-excel.addin.macroEnabled.main+xml ; out spreadsheet.xlam spreadsheet.xlam
msoffcrypto-tool -e -p fixture "$OUT/document.docx" document-encrypted.docx ;
    out document-encrypted.docx document-encrypted.docx
"${WRITE[@]}" xps document.xps ; out document.xps document.xps

# Fonts (fontTools' FontBuilder, PyPI fonttools and brotli): a TrueType font of two glyphs,
# an OpenType one with CFF outlines, a collection of the two, the TrueType font as WOFF and
# WOFF2, and its TTX dump (fontTools' XML form).
python3 - <<'PY'
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from fontTools.ttLib.ttCollection import TTCollection

def build(cff):
    fb = FontBuilder(1000, isTTF=not cff)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({0x41: "A"})
    if cff:
        def square():
            pen = T2CharStringPen(600, None)
            pen.moveTo((100, 0)); pen.lineTo((500, 0)); pen.lineTo((500, 700))
            pen.lineTo((100, 700)); pen.closePath()
            return pen.getCharString()
        fb.setupCFF("MediatypeFixture-Regular", {"FullName": "Mediatype Fixture"},
                    {".notdef": square(), "A": square()}, {})
    else:
        pen = TTGlyphPen(None)
        pen.moveTo((100, 0)); pen.lineTo((500, 0)); pen.lineTo((500, 700))
        pen.lineTo((100, 700)); pen.closePath()
        glyph = pen.glyph()
        fb.setupGlyf({".notdef": glyph, "A": glyph})
    fb.setupHorizontalMetrics({".notdef": (600, 100), "A": (600, 100)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Mediatype Fixture", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    return fb.font

build(False).save("font.ttf")
build(True).save("font.otf")
collection = TTCollection()
collection.fonts = [TTFont("font.ttf"), TTFont("font.otf")]
collection.save("fonts.ttc")
for flavor in ("woff", "woff2"):
    font = TTFont("font.ttf")
    font.flavor = flavor
    font.save("font." + flavor)
PY
python3 -m fontTools.ttx -q -o font.ttx font.ttf
for f in font.ttf font.otf fonts.ttc font.woff font.woff2 font.ttx; do out "$f" "$f"; done
# A data-fork font suitcase (.dfont): FontForge writes the TrueType font as an sfnt resource
# of a resource fork kept in the data fork.
fontforge -quiet -lang=py -c 'import fontforge, sys; fontforge.open(sys.argv[1]).generate(sys.argv[2])' \
    "$OUT/font.ttf" font.dfont 2>/dev/null ; out font.dfont font.dfont
# Type 1 fonts of one glyph, the ASCII program (PFA) and its binary segments (PFB): FontForge.
TYPE1='New(); SetFontNames("MediatypeFixture", "MediatypeFixture", "Mediatype Fixture");'
TYPE1+=' Select(0u41); SetWidth(500); Generate("font.pfa"); Generate("font.pfb")'
fontforge -quiet -lang=ff -c "$TYPE1" 2>/dev/null
for f in font.pfa font.pfb; do out "$f" "$f"; done

# A compiled time zone (TZif version 2) of one zone at UTC, by zic from a one-line source.
printf 'Zone\tFixture/Zone\t0:00\t-\tFIX\n' > fixture.zone
zic -d zoneinfo fixture.zone ; out zoneinfo/Fixture/Zone timezone.tzif

# RealMedia: a sound file (one RealAudio 1.0 stream, as .ra) and a movie (RealVideo 1.0 and
# RealAudio), both in ffmpeg's rm muxer; and an MPEG-DASH manifest from ffmpeg's dash muxer.
"${FF[@]}" "${AIN[@]}" "${BX[@]}" -c:a real_144 -ac 1 -f rm audio.ra ; out audio.ra audio.ra
"${FF[@]}" "${VIN[@]}" "${AIN[@]}" "${BX[@]}" -c:v rv10 -c:a real_144 -ac 1 -f rm video.rm ;
    out video.rm video.rm
"${FF[@]}" "${AIN[@]}" "${BX[@]}" -c:a aac -ac 1 -b:a 16k -f dash -single_file 1 stream.mpd ;
    out stream.mpd stream.mpd

# An ESRI shapefile of one point (GDAL's ogr2ogr): the main file and its index share a
# header; the records after it tell them apart.
ogr2ogr -f "ESRI Shapefile" -oo X_POSSIBLE_NAMES=lon -oo Y_POSSIBLE_NAMES=lat places.shp \
    points.csv 2>/dev/null
out places.shp places.shp ; out places.shx places.shx

# Formats whose signatures are a few bytes, which the classifier checks further: LOAS/LATM
# audio (ffmpeg's latm muxer), a zlib stream of text.txt (Python's zlib module, which is
# zlib), and a 3D Studio mesh (Assimp, from the STL of Fixtures/signatures).
"${FF[@]}" "${AIN[@]}" "${BX[@]}" -c:a aac -ac 1 -b:a 16k -f latm audio.latm ;
    out audio.latm audio.latm
python3 -c 'import sys, zlib; sys.stdout.buffer.write(zlib.compress(open(sys.argv[1], "rb").read(), 9))' \
    "$OUT/text.txt" > text.txt.zlib ; out text.txt.zlib text.txt.zlib
assimp export "$OUT/signatures/model.stl" model.3ds >/dev/null ; out model.3ds model.3ds
# A Wavefront OBJ model (Assimp, from the same STL), which no signature names: the text
# analysis reads its statements. Assimp writes the material library beside it; not kept.
assimp export "$OUT/signatures/model.stl" model.obj -fobj >/dev/null ; out model.obj model.obj
rm -f model.mtl
# The same mesh in other formats Assimp writes that no signature names: a binary STL (no
# magic number: its triangle count must fill the file), PLY in ASCII and in binary (one text
# header for both), a glTF 2.0 model (JSON; the buffer file it writes beside it is not kept)
# and a 3MF package (Assimp names its model part 3D/3DModel.model). The STEP model and the
# material library, which signatures name, are in Fixtures/signatures.
assimp export "$OUT/signatures/model.stl" model-binary.stl -fstlb >/dev/null ;
    out model-binary.stl model-binary.stl
assimp export "$OUT/signatures/model.stl" model.ply -fply >/dev/null ; out model.ply model.ply
assimp export "$OUT/signatures/model.stl" model-binary.ply -fplyb >/dev/null ;
    out model-binary.ply model-binary.ply
assimp export "$OUT/signatures/model.stl" model.gltf -fgltf2 >/dev/null ; out model.gltf model.gltf
rm -f model.bin
assimp export "$OUT/signatures/model.stl" model.3mf -f3mf >/dev/null ; out model.3mf model.3mf
# The package's model part on its own, as 3MF tools exchange and test it.
unzip -p "$OUT/model.3mf" 3D/3DModel.model > "$OUT/signatures/3dmodel.model"
# An Apple disk image (UDIF, zlib-compressed) of text.txt as a one-sector disk: no Linux tool
# writes UDIF, so write-more.py lays it out; dmg2img (Debian) reads it back to the same disk.
"${MORE[@]}" udif "$OUT/text.txt" disk.dmg ; out disk.dmg disk.dmg
# An ISO 9660 image of one text file (genisoimage, no padding: 25 sectors of 2048 bytes), and
# the same file system as a CD's raw 2352-byte Mode 1 sectors, the .bin of a BIN/CUE pair
# (write-more.py rawcd: no Debian tool writes raw sectors from an ISO).
mkdir -p iso && cp "$OUT/text.txt" iso/readme.txt
genisoimage -quiet -no-pad -V MEDIATYPE -o disc.iso iso ; out disc.iso disc.iso
"${MORE[@]}" rawcd "$OUT/disc.iso" disc-raw.bin ; out disc-raw.bin disc-raw.bin
# A fixed-size VHD of 16 KiB (qemu-img): the bare disk, zeros, then the 512-byte footer
# (qemu-img rounds the size up to a whole disk geometry). qemu-img's own probe calls it raw.
qemu-img create -q -f vpc -o subformat=fixed disk.vhd 16K ; out disk.vhd disk.vhd
# A raw disk image with a DOS partition table: sfdisk (util-linux) writes the master boot record
# of a 60 KiB zero-filled file (the fixtures stay under 64 KiB), one bootable Linux partition
# from sector 8.
truncate -s 60K disk.img
printf 'label: dos\nlabel-id: 0x6d656469\nstart=8, size=112, type=83, bootable\n' |
    sfdisk -q --no-reread --no-tell-kernel disk.img ; out disk.img disk.img
# The same disk xz-compressed, as Raspberry Pi and other images are shipped (*.img.xz).
xz -9 -c "$OUT/disk.img" >disk.img.xz ; out disk.img.xz disk.img.xz

# A Berkeley DB hash database: Debian's python3 builds dbm.ndbm on libdb 5.3 (a pyenv Python may
# lack the module, hence the full path). One key; libdb stamps a file id, so bytes vary per run.
/usr/bin/python3 -c 'import dbm.ndbm, sys; d = dbm.ndbm.open(sys.argv[1], "n"); d[b"key"] = b"value"; d.close()' \
    database ; out database.db database.db

# iWork documents saved as one file. numbers-parser (PyPI) saves a real Numbers document from
# the template Numbers itself wrote; no tool here writes Keynote or Pages, so write-containers.py
# lays out their entries (stub contents) as the apps do, in the 2013 and the '09 layouts.
# Numbers stores its entries; they are deflated here (same entries, same order) so that the
# file stays under the 64 KiB every fixture fits in, which the stream tests rely on.
python3 -c 'import sys; from numbers_parser import Document; d = Document(); d.sheets[0].tables[0].write(0, 0, "hello"); d.save(sys.argv[1])' \
    stored.numbers
python3 -c 'import sys, zipfile
src = zipfile.ZipFile(sys.argv[1])
with zipfile.ZipFile(sys.argv[2], "w") as out:
    for info in src.infolist():
        out.writestr(info, src.read(info.filename), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)' \
    stored.numbers spreadsheet.numbers ; out spreadsheet.numbers spreadsheet.numbers
"${WRITE[@]}" iwork keynote presentation.key ; out presentation.key presentation.key
"${WRITE[@]}" iwork pages document.pages ; out document.pages document.pages
"${WRITE[@]}" iwork pages-table document-table.pages ; out document-table.pages document-table.pages
"${WRITE[@]}" iwork numbers spreadsheet-headers.numbers ; out spreadsheet-headers.numbers spreadsheet-headers.numbers
"${WRITE[@]}" iwork keynote09 presentation-09.key ; out presentation-09.key presentation-09.key
"${WRITE[@]}" iwork pages09 document-09.pages ; out document-09.pages document-09.pages

# An Audible AAX audiobook's container: ffmpeg's MP4 muxer with Audible's major brand. (Real
# AAX files encrypt the AAC track; the brand is what names the format.)
"${FF[@]}" "${AIN[@]}" "${BX[@]}" -c:a aac -ac 1 -b:a 16k -brand "aax " -f mp4 audiobook.aax ;
    out audiobook.aax audiobook.aax

# A shell archive of one text file, as GNU sharutils writes it (a /bin/sh script whose comment
# says "This is a shell archive"). Not byte-reproducible: shar stamps the date and a lock name.
printf 'hello from a shell archive\n' > hello.txt
shar -q hello.txt > archive.shar ; out archive.shar archive.shar

# An Atari MSA image of a blank double-sided floppy, by Hatari's hmsa (from the .st it makes).
# (hmsa 2.4.1 exits with 1 after a conversion that worked: the file it writes is the test.)
hmsa /tmp/mediatype-floppy.st DS >/dev/null
hmsa /tmp/mediatype-floppy.st >/dev/null || true
mv /tmp/mediatype-floppy.msa floppy.msa ; out floppy.msa floppy.msa
rm -f /tmp/mediatype-floppy.st
# An OpenDocument text re-zipped by a library's writer (Python's zipfile, as pyexcel and other
# scripts write packages): every entry deflated, `mimetype` last, names and data unchanged.
python3 - "$OUT/document.odt" rezipped.odt <<'PY'
import sys
import zipfile

with zipfile.ZipFile(sys.argv[1]) as source, zipfile.ZipFile(sys.argv[2], "w") as target:
    for info in sorted(source.infolist(), key=lambda entry: entry.filename == "mimetype"):
        entry = zipfile.ZipInfo(info.filename, date_time=(2024, 1, 1, 0, 0, 0))
        target.writestr(entry, source.read(info), compress_type=zipfile.ZIP_DEFLATED)
PY
out rezipped.odt rezipped.odt
# RDF in its text syntaxes, as Raptor's rapper serialises one small graph: a TriG source with a
# named graph, read as TriG and written as Turtle (the default graph's triples, with @prefix
# lines), N-Triples (one statement a line) and N-Quads (each statement with its graph).
cat > graph.trig <<'TRIG'
@prefix ex: <http://example.org/people/> .
@prefix foaf: <http://xmlns.com/foaf/0.1/> .
ex:alice a foaf:Person ; foaf:name "Alice"@en ; foaf:knows ex:bob .
ex:bob a foaf:Person ; foaf:name "Bob" ; foaf:age "42"^^<http://www.w3.org/2001/XMLSchema#integer> .
ex:updates { ex:bob foaf:mbox <mailto:bob@example.org> . }
TRIG
RAPPER=(rapper -q -i trig -f 'xmlns:ex="http://example.org/people/"'
    -f 'xmlns:foaf="http://xmlns.com/foaf/0.1/"')
"${RAPPER[@]}" -o turtle graph.trig http://example.org/ > graph.ttl ; out graph.ttl graph.ttl
"${RAPPER[@]}" -o ntriples graph.trig http://example.org/ > graph.nt ; out graph.nt graph.nt
"${RAPPER[@]}" -o nquads graph.trig http://example.org/ > graph.nq ; out graph.nq graph.nq
# lzop's and par2cmdline's files: a text file compressed, and the index volume of a 10%
# recovery set for it.
printf 'mediatype fixture: a line of text to compress.\n' > note.txt
lzop -9 -o note.txt.lzo note.txt ; out note.txt.lzo text.lzo
par2 create -q -r10 -n1 note.par2 note.txt >/dev/null ; out note.par2 parity.par2
# An X.509 certificate revocation list in PEM armour, as OpenSSL's ca -gencrl writes it for a
# throwaway self-signed CA (not byte-reproducible: a new key each run).
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout ca.key \
    -out ca.crt -subj /CN=mediatype-fixture -days 3650 2>/dev/null
: > index.txt ; echo 01 > crlnumber
printf '[ca]\ndefault_ca = d\n[d]\ndatabase = index.txt\ncrlnumber = crlnumber\ndefault_md = sha256\ndefault_crl_days = 30\n' > ca.cnf
openssl ca -config ca.cnf -gencrl -keyfile ca.key -cert ca.crt -out revoked.crl 2>/dev/null ;
    out revoked.crl revoked.crl

# A Weka ARFF data set (liac-arff, PyPI): a relation of three attributes and two rows.
python3 - <<'PY'
import arff
table = {
    "relation": "weather", "description": "mediatype fixture",
    "attributes": [("outlook", ["sunny", "rainy"]), ("temperature", "REAL"),
                   ("play", ["yes", "no"])],
    "data": [["sunny", 21.5, "yes"], ["rainy", 12.0, "no"]],
}
with open("data.arff", "w") as out:
    out.write(arff.dumps(table))
PY
out data.arff data.arff
# Illustrator 7 artwork, PostScript-based (the header comments Illustrator wrote, from the
# Adobe Illustrator File Format Specification's example, and one path): no tool writes it.
printf '%s\r' '%!PS-Adobe-3.0 ' '%%Creator: Adobe Illustrator(R) 7.0' \
    '%%AI8_CreatorVersion: 7.0' '%%For: (mediatype) ()' '%%Title: (artwork.ai)' \
    '%%BoundingBox: 0 0 100 100' '%%DocumentProcessColors: Black' \
    '%%DocumentSuppliedResources: procset Adobe_Illustrator_AI5 1.2 0' \
    '%AI5_FileFormat 3.0' '%AI3_ColorUsage: Black&White' '%%EndComments' '%%EndProlog' \
    '%%BeginSetup' '%%EndSetup' '0 0 m' '100 100 L' 'S' '%%PageTrailer' '%%Trailer' \
    '%%EOF' > artwork.ai ; out artwork.ai artwork.ai
# A DOS character device driver, assembled by nasm: the device header (next link FF FF FF FF,
# attributes, the strategy and interrupt routines' offsets, the name) and the two routines.
printf '%s\n' '        org 0' '        dd -1' '        dw 0x8000' '        dw strategy' \
    '        dw interrupt' "        db 'MTFIXT\$ '" 'request: dd 0' 'strategy:' \
    '        mov [cs:request], bx' '        mov [cs:request + 2], es' '        retf' \
    'interrupt:' '        push ds' '        push bx' '        lds bx, [cs:request]' \
    '        mov word [bx + 3], 0x0100' '        pop bx' '        pop ds' '        retf' > driver.asm
nasm -f bin driver.asm -o driver.sys ; out driver.sys driver.sys
