#!/usr/bin/env bash
# Makes the fixtures of formats that only a content signature recognises (issue #14): text
# formats that were answered "plain text" before any signature was read, and binary formats
# no structural sniffer reads. Each is made by a real tool where one exists; manifest.tsv
# says what each file is and how it was made.
# Usage: Fixtures/signatures/generate.sh   (needs: openssl netpbm imagemagick sharutils
#   appstream syslinux-utils admesh gpsbabel macutils assimp-utils draco libimage-exiftool-perl gdal-bin pandoc unzip python3
#   git linux-perf qemu-utils rpm putty-tools gettext exiv2 autoconf erlang-base glslang-tools
#   age slic3r openbabel gcab plotutils, clang (the Swift toolchain has one), and
#   python3 -m pip install ezdxf gimpformats pyarrow fastavro cbor2 pymarc music21 spectral
#   python-libsbml mrcfile pylibCZIrw nibabel astropy numpy ds_store gguf safetensors)
set -euo pipefail
cd "$(dirname "$0")"
export TZ=UTC LC_ALL=C SOURCE_DATE_EPOCH=1704067200
CONVERT=/usr/bin/convert

# X.509 and keys, PEM-armoured (openssl).
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out private-key.pem 2>/dev/null
openssl req -new -key private-key.pem -subj /CN=mediatype-fixture -out request.csr
openssl req -x509 -key private-key.pem -subj /CN=mediatype-fixture -days 1 \
    -set_serial 1 -out certificate.pem
openssl x509 -in certificate.pem -outform DER -out certificate.der
openssl pkey -in private-key.pem -pubout -out public-key.pem
# The same key as OpenSSL's EC tools write it (SEC 1, "EC PRIVATE KEY"), encrypted as PKCS #8
# ("ENCRYPTED PRIVATE KEY", a fixed passphrase), and OpenSSL's trusted-certificate armour.
openssl ec -in private-key.pem -out ec-private-key.pem 2>/dev/null
openssl pkcs8 -topk8 -in private-key.pem -passout pass:mediatype -out encrypted-key.pem
openssl x509 -in certificate.pem -trustout -addtrust serverAuth -out trusted-certificate.pem
# The same request and keys in DER, as openssl writes them with -outform DER: the request
# (PKCS #10), the key as PKCS #8, as SEC 1 and encrypted, the public key; and an RFC 3161
# time-stamp query for a short text.
openssl req -in request.csr -outform DER -out request-der.csr
openssl pkcs8 -topk8 -nocrypt -in private-key.pem -outform DER -out private-key.der
openssl ec -in private-key.pem -outform DER -out ec-private-key.der 2>/dev/null
openssl pkcs8 -topk8 -in private-key.pem -passout pass:mediatype -outform DER \
    -out encrypted-key.der
openssl pkey -in private-key.pem -pubout -outform DER -out public-key.der
printf 'Stamped by the mediatype fixtures.\n' > /tmp/mediatype-stamped.txt
openssl ts -query -data /tmp/mediatype-stamped.txt -sha256 -cert -out query.tsq 2>/dev/null
# PKCS #7 that is not a signature: enveloped data for the certificate's key and digested
# data (openssl cms -encrypt, -digest_create), and signed data whose encapsulated content
# type is Microsoft's certificate trust list, the layout of a Windows security catalog (no
# Linux tool writes a real catalog's list; the content here is a stub SEQUENCE).
openssl cms -encrypt -binary -in /tmp/mediatype-stamped.txt -outform DER \
    -out enveloped.p7m certificate.pem
openssl cms -digest_create -binary -in /tmp/mediatype-stamped.txt -outform DER -out digested.p7m
printf '\060\003\002\001\001' > /tmp/mediatype-ctl.der
openssl cms -sign -binary -nodetach -econtent_type 1.3.6.1.4.1.311.10.1 \
    -in /tmp/mediatype-ctl.der -signer certificate.pem -inkey private-key.pem -outform DER \
    -out catalog.cat
rm -f /tmp/mediatype-ctl.der /tmp/mediatype-stamped.txt
# A detached CMS signature of a short text, PEM-armoured as openssl cms writes it.
printf 'Signed by the mediatype fixtures.\n' > /tmp/mediatype-signed.txt
openssl cms -sign -binary -in /tmp/mediatype-signed.txt -signer certificate.pem \
    -inkey private-key.pem -outform PEM -out signature.p7s
openssl cms -sign -binary -in /tmp/mediatype-signed.txt -signer certificate.pem \
    -inkey private-key.pem -outform DER -out signature-der.p7s
# The DER signature in bare Base64, as S/MIME attaches smime.p7s.
base64 signature-der.p7s > signature-base64.p7s
# A certificate bundle: signed-data with no signers, DER.
openssl crl2pkcs7 -nocrl -certfile certificate.pem -outform DER -out bundle.p7b
rm -f /tmp/mediatype-signed.txt

# Netpbm, plain (ASCII) and raw; X bitmaps and pixmaps (netpbm, ImageMagick).
pbmmake -gray 8 4 | pnmtoplainpnm > plain.pbm
pgmmake 0.5 8 4 | pnmtoplainpnm > plain.pgm
ppmmake rgb:80/40/20 8 4 | pnmtoplainpnm > plain.ppm
pgmmake 0.25 8 4 > raw.pgm
"$CONVERT" -size 8x4 xc:'#336699' icon.xpm
"$CONVERT" -size 8x4 pattern:checkerboard -monochrome bitmap.xbm

# Mail: one message (Python's email package) and an mbox of two (Python's mailbox).
python3 - <<'PY'
import email.message, email.utils, mailbox
def message(n):
    m = email.message.EmailMessage()
    m["From"] = "Fixture Sender <sender@example.org>"
    m["To"] = "receiver@example.org"
    m["Subject"] = f"Fixture message {n}"
    m["Date"] = email.utils.formatdate(1704067200 + n, usegmt=True)
    m["Message-ID"] = f"<fixture-{n}@example.org>"
    m.set_content(f"Body of message {n}.\n")
    return m
with open("message.eml", "wb") as out:
    out.write(bytes(message(1)))
box = mailbox.mbox("mailbox.mbox", create=True)
for n in (1, 2):
    entry = mailbox.mboxMessage(message(n))
    entry.set_from("sender@example.org", (2024, 1, 1, 0, 0, n, 0, 1, 0))
    box.add(entry)
box.flush()
box.close()
PY

# An Apple Mail message file (.emlx), written by Python as Mail lays one out: the message's
# length padded to ten columns on the first line, the message (email package), then Mail's
# property list of flags (plistlib). No Debian tool writes the format.
python3 - <<'PY'
import email.message, email.utils, plistlib
m = email.message.EmailMessage()
m["Subject"] = "Trial balance"
m["Mime-Version"] = "1.0 (Mac OS X Mail 16.0)"
m["From"] = "Ann <ann@example.org>"
m["Date"] = email.utils.formatdate(1704067200, usegmt=True)
m["Message-Id"] = "<fixture-emlx@example.org>"
m.set_content("The figures are attached.\n")
body = bytes(m)
flags = plistlib.dumps({"date-received": 1704067200, "flags": 8590195713, "remote-id": "1"})
with open("message.emlx", "wb") as out:
    out.write(b"%-10d\n" % len(body) + body + flags)
PY

# A mailing list's archive (Python's mailbox): the list headers first, as ezmlm writes them,
# so that none of the headers Tika's mbox rule looks for lies within 256 bytes, and an HTML
# body, which libmagic and shared-mime-info then read as a web page.
python3 - <<'PY'
import email.message, mailbox
m = email.message.EmailMessage()
m["Return-Path"] = "<list-return-1-ann=example.org@lists.example.org>"
m["Mailing-List"] = "contact list-help@lists.example.org; run by ezmlm"
m["Precedence"] = "bulk"
m["List-Help"] = "<mailto:list-help@lists.example.org>"
m["List-Unsubscribe"] = "<mailto:list-unsubscribe@lists.example.org>"
m["List-Id"] = "<list.lists.example.org>"
m["Delivered-To"] = "mailing list list@lists.example.org"
m["From"] = "Ann <ann@example.org>"
m["To"] = "list@lists.example.org"
m["Subject"] = "A page"
m.set_content("<html>\n<head><title>Page</title></head>\n<body><p>Hello, list.</p></body>\n"
              "</html>\n", subtype="html")
entry = mailbox.mboxMessage(m)
entry.set_from("list-return-1-ann=example.org@lists.example.org", (2024, 1, 1, 0, 0, 0, 0, 1, 0))
box = mailbox.mbox("list-archive.mbox", create=True)
box.add(entry)
box.close()
PY

# An ENVI raster's header (spectral's envi.save_image, PyPI): two bands of 3x2 pixels. The
# raw pixel file beside it is not kept.
python3 - <<'PY'
import numpy as np
import spectral.io.envi as envi
pixels = np.arange(12, dtype=np.uint16).reshape(2, 3, 2)
envi.save_image("raster.hdr", pixels, dtype=np.uint16, interleave="bsq", ext=".img",
                force=True, metadata={"description": "mediatype fixture"})
PY
rm -f raster.img

# Neuroimaging (nibabel, PyPI): an Analyze 7.5 header and a NIfTI-1 pair's header (the
# image files beside them are not kept), and a streamline of three points saved as TrackVis
# and as MRtrix tracks.
python3 - <<'PY'
import nibabel as nib
import numpy as np
from nibabel.streamlines import Tractogram, TckFile, TrkFile
volume = np.arange(24, dtype=np.int16).reshape(2, 3, 4)
nib.save(nib.AnalyzeImage(volume, np.eye(4)), "analyze.hdr")
nib.save(nib.Nifti1Pair(volume, np.eye(4)), "nifti-pair.hdr")
points = [np.array([[0, 0, 0], [1, 1, 1], [2, 2, 3]], dtype=np.float32)]
tracks = Tractogram(points, affine_to_rasmm=np.eye(4))
TrkFile(tracks).save("tracks.trk")
TckFile(tracks).save("tracks.tck")
PY
rm -f analyze.img nifti-pair.img

# An AppStream metainfo file: appstreamcli's template of a desktop application (appstream).
appstreamcli new-template desktop-app app.metainfo.xml >/dev/null

# An ECSV table (astropy, PyPI) of two columns and two rows.
python3 -c 'from astropy.table import Table
Table({"a": [1, 2], "b": ["x", "y"]}).write("table.ecsv", format="ascii.ecsv", overwrite=True)'

# A SYSLINUX LSS16 splash image (ppmtolss16, syslinux-utils) of an 8x4 ImageMagick pixmap.
"$CONVERT" -size 8x4 xc:'#336699' -depth 8 ppm:- | ppmtolss16 > splash.lss 2>/dev/null

# Microscopy: an MRC image (mrcfile, PyPI, the CCP-EM reference library) of 3x4 bytes, and a
# Zeiss CZI (pylibCZIrw, PyPI, Zeiss's own library) of one 8x4 plane.
python3 - <<'PY'
import mrcfile
import numpy as np
from pylibCZIrw import czi
with mrcfile.new("volume.mrc", overwrite=True) as mrc:
    mrc.set_data(np.arange(12, dtype=np.int8).reshape(3, 4))
with czi.create_czi("micrograph.czi", exist_ok=True) as out:
    out.write(data=np.zeros((4, 8, 3), dtype=np.uint8), plane={"C": 0, "T": 0, "Z": 0})
PY

# CAD: an ASCII DXF drawing (ezdxf), an ASCII STL solid (admesh normalises a tetrahedron).
python3 - <<'PY'
import ezdxf
doc = ezdxf.new("R2010")
doc.modelspace().add_line((0, 0), (10, 5))
doc.saveas("drawing.dxf")
PY
cat > /tmp/mediatype-tetra.stl <<'STL'
solid tetra
facet normal 0 0 -1
outer loop
vertex 0 0 0
vertex 0 1 0
vertex 1 0 0
endloop
endfacet
facet normal 0 -1 0
outer loop
vertex 0 0 0
vertex 1 0 0
vertex 0 0 1
endloop
endfacet
facet normal -1 0 0
outer loop
vertex 0 0 0
vertex 0 0 1
vertex 0 1 0
endloop
endfacet
facet normal 0.577 0.577 0.577
outer loop
vertex 1 0 0
vertex 0 1 0
vertex 0 0 1
endloop
endfacet
endsolid tetra
STL
admesh --write-ascii-stl=model.stl /tmp/mediatype-tetra.stl >/dev/null
# 3D scenes as XML: COLLADA and X3D (Assimp's exporters, from the same tetrahedron). Assimp
# stamps COLLADA's <created> and <modified> with the time of the run; fix them.
assimp export model.stl model.dae -fcollada >/dev/null
sed -i -E 's#<(created|modified)>[^<]*<#<\1>2024-01-01T00:00:00<#' model.dae
assimp export model.stl model.x3d -fx3d >/dev/null
rm -f /tmp/mediatype-tetra.stl

# uuencode (sharutils) of a small text.
printf 'hello from a uuencoded fixture\n' > /tmp/mediatype-hello.txt
uuencode /tmp/mediatype-hello.txt hello.txt > encoded.uue
rm -f /tmp/mediatype-hello.txt
# BinHex 4.0 (macutils' binhex, data fork only), whose preamble is not the one Tika's rule
# expects.
printf 'hello from a BinHex fixture\n' > /tmp/mediatype-hello.txt
binhex -d /tmp/mediatype-hello.txt > encoded.hqx
rm -f /tmp/mediatype-hello.txt

# GPS exchange (gpsbabel, from its own unicsv input).
printf 'lat,lon,name\n48.8584,2.2945,Tower\n51.5007,-0.1246,Clock\n' > /tmp/mediatype-points.csv
gpsbabel -i unicsv -f /tmp/mediatype-points.csv -o gpx -F track.gpx
rm -f /tmp/mediatype-points.csv
# gpsbabel stamps the time of the run; fix it so that the file does not change each run.
sed -i 's|<time>[^<]*</time>|<time>2024-01-01T00:00:00Z</time>|' track.gpx

# Geography Markup Language (GDAL's ogr2ogr GML driver, GML 3.2) of one point;
# its schema file (.xsd) is not kept.
rm -f features.gml
printf 'lon,lat,name\n48.8584,2.2945,Tower\n' > /tmp/mediatype_gml_points.csv
ogr2ogr -f GML -dsco FORMAT=GML3.2 -oo X_POSSIBLE_NAMES=lon -oo Y_POSSIBLE_NAMES=lat \
    features.gml /tmp/mediatype_gml_points.csv
rm -f /tmp/mediatype_gml_points.csv features.xsd features.gfs
# A MicroStation V7 drawing of one line (GDAL's ogr2ogr DGN driver, which writes V7 only).
rm -f drawing.dgn
printf '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},%s}]}' \
    '"geometry":{"type":"LineString","coordinates":[[0,0],[10,10]]}' > /tmp/mediatype_line.geojson
ogr2ogr -f DGN drawing.dgn /tmp/mediatype_line.geojson
rm -f /tmp/mediatype_line.geojson

# XML vocabularies known by their root element: DocBook 5 and 4, OPML and an EPUB 2 NCX
# written by pandoc from a short Markdown text (the NCX taken out of pandoc's EPUB, with a
# fixed identifier so that it repeats); MathML, a Qt Linguist TS file and a WSDL 1.1
# description by hand, as their specifications lay them out.
printf '%% Fixture\n\n# Heading\n\nSome *text*.\n\n## Second\n\n- one\n- two\n' \
    > /tmp/mediatype-doc.md
pandoc -s -t docbook5 /tmp/mediatype-doc.md -o docbook5.dbk
pandoc -s -t docbook4 /tmp/mediatype-doc.md -o docbook4.dbk
pandoc -s -t opml /tmp/mediatype-doc.md -o outline.opml
pandoc -M identifier=urn:uuid:6f1c1f0e-5d7c-4d4e-9a43-3c1b0e2a9b11 -t epub2 \
    /tmp/mediatype-doc.md -o /tmp/mediatype-doc.epub
unzip -p /tmp/mediatype-doc.epub EPUB/toc.ncx > navigation.ncx
rm -f /tmp/mediatype-doc.md /tmp/mediatype-doc.epub
cat > formula.mml <<'MATHML'
<?xml version="1.0" encoding="UTF-8"?>
<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">
  <mrow><msup><mi>e</mi><mrow><mi>i</mi><mi>&#x3C0;</mi></mrow></msup><mo>+</mo><mn>1</mn>
    <mo>=</mo><mn>0</mn></mrow>
</math>
MATHML
cat > strings.ts <<'LINGUIST'
<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>MainWindow</name>
    <message>
        <location filename="mainwindow.cpp" line="12"/>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
</context>
</TS>
LINGUIST
cat > service.wsdl <<'WSDL'
<?xml version="1.0" encoding="UTF-8"?>
<definitions name="Fixture" targetNamespace="urn:mediatype:fixture"
    xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:tns="urn:mediatype:fixture"
    xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
    xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <message name="PingRequest"><part name="text" type="xsd:string"/></message>
  <portType name="FixturePort">
    <operation name="Ping"><input message="tns:PingRequest"/></operation>
  </portType>
</definitions>
WSDL

# More XML vocabularies known by their root element and namespace: a TEI document and an
# EPUB 3 package document written by pandoc (the OPF taken out of its EPUB), a MusicXML score
# by music21 and an SBML model by libSBML (PyPI: python3 -m pip install music21
# python-libsbml); an SSML document, a SOAP 1.2 message, MODS and METS records, ITS rules, a
# sitemap and a Maven POM by hand, as their specifications lay them out.
printf '%% Fixture\n\n# Heading\n\nSome *text*.\n' > /tmp/mediatype-doc.md
pandoc -s -t tei /tmp/mediatype-doc.md -o document.tei
pandoc -M identifier=urn:uuid:6f1c1f0e-5d7c-4d4e-9a43-3c1b0e2a9b11 -M date=2024-01-01 \
    -t epub3 /tmp/mediatype-doc.md -o /tmp/mediatype-doc.epub
unzip -p /tmp/mediatype-doc.epub EPUB/content.opf > package.opf
rm -f /tmp/mediatype-doc.md /tmp/mediatype-doc.epub
python3 -c 'import music21
score = music21.stream.Score([music21.stream.Part([music21.note.Note("C4", type="whole")])])
score.metadata = music21.metadata.Metadata(title="Fixture")
score.write("musicxml", fp="score.musicxml")'
# music21 stamps the day it runs: the fixture keeps a fixed one.
sed -i 's|<encoding-date>[^<]*</encoding-date>|<encoding-date>2024-01-01</encoding-date>|' \
    score.musicxml
python3 -c 'import libsbml
document = libsbml.SBMLDocument(3, 2)
model = document.createModel()
model.setId("fixture")
species = model.createSpecies()
species.setId("s1"); species.setCompartment("c"); species.setInitialAmount(1)
species.setHasOnlySubstanceUnits(False); species.setBoundaryCondition(False)
species.setConstant(False)
compartment = model.createCompartment()
compartment.setId("c"); compartment.setConstant(True); compartment.setSize(1)
libsbml.writeSBMLToFile(document, "model.sbml")'
# An XMP sidecar (exiftool writes one from nothing but a tag): an RDF graph in x:xmpmeta.
exiftool -q -XMP-dc:Title=Fixture -o sidecar.xmp
cat > speech.ssml <<'SSML'
<?xml version="1.0" encoding="UTF-8"?>
<speak version="1.1" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en-US">
  Hello from a <emphasis>fixture</emphasis>.<break time="300ms"/>
</speak>
SSML
cat > message-soap.xml <<'SOAP'
<?xml version="1.0" encoding="UTF-8"?>
<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope">
  <env:Body>
    <m:GetPrice xmlns:m="https://example.org/prices"><m:Item>fixture</m:Item></m:GetPrice>
  </env:Body>
</env:Envelope>
SOAP
cat > record.mods <<'MODS'
<?xml version="1.0" encoding="UTF-8"?>
<mods xmlns="http://www.loc.gov/mods/v3" version="3.8">
  <titleInfo><title>Fixtures for mediatype</title></titleInfo>
  <typeOfResource>text</typeOfResource>
</mods>
MODS
cat > metadata.mets <<'METS'
<?xml version="1.0" encoding="UTF-8"?>
<mets xmlns="http://www.loc.gov/METS/" xmlns:xlink="http://www.w3.org/1999/xlink">
  <fileSec><fileGrp><file ID="f1"><FLocat LOCTYPE="URL" xlink:href="page.png"/></file>
  </fileGrp></fileSec>
  <structMap><div><fptr FILEID="f1"/></div></structMap>
</mets>
METS
cat > rules.its <<'ITS'
<?xml version="1.0" encoding="UTF-8"?>
<its:rules xmlns:its="http://www.w3.org/2005/11/its" version="2.0">
  <its:translateRule selector="//code" translate="no"/>
</its:rules>
ITS
cat > sitemap.xml <<'SITEMAP'
<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.org/</loc><lastmod>2024-01-01</lastmod></url>
</urlset>
SITEMAP
cat > pom.xml <<'POM'
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.example</groupId>
  <artifactId>fixture</artifactId>
  <version>1.0</version>
</project>
POM

# GIMP palette and gradient, written by gimpformats 2025 (PyPI: python3 -m pip install
# gimpformats), a library that reads and writes GIMP's resource formats; the gradient is
# decoded from GIMP's own two-colour "FG to BG (RGB)" segment, then renamed and encoded.
python3 - <<'PY'
from gimpformats.GimpGplPalette import GimpGplPalette
from gimpformats.GimpGgrGradient import GimpGgrGradient

palette = GimpGplPalette()
palette.name, palette.columns = "mediatype fixture", 4
palette.colors = [(0, 0, 0), (255, 255, 255), (51, 102, 153), (204, 0, 0)]
palette.colorNames = ["Black", "White", "Steel", None]
with open("palette.gpl", "wb") as out:
    out.write(palette.encode())

gradient = GimpGgrGradient()
gradient.decode(b"GIMP Gradient\nName: FG to BG (RGB)\n1\n"
                b"0.000000 0.500000 1.000000 0.000000 0.000000 0.000000 1.000000 "
                b"1.000000 1.000000 1.000000 1.000000 0 0\n")
gradient.name = "mediatype fixture"
with open("gradient.ggr", "wb") as out:
    out.write(gradient.encode())
PY

# Formats people write by hand, as their definitions give them (manifest.tsv names the
# source): GIMP 2.x curves settings, an Environment Modules modulefile, a GNU TeXmacs
# document, Wine's registry file.
cat > curves.curves <<'CURVES'
# GIMP Curves File
0 0 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 255 255 
0 0 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 255 255 
0 0 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 255 255 
0 0 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 255 255 
0 0 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 255 255 
CURVES
cat > tool.modulefile <<'MODULE'
#%Module1.0
## mediatype fixture: puts a tool's folder on PATH
module-whatis "mediatype fixture tool"
prepend-path PATH /opt/mediatype-fixture/bin
setenv FIXTURE_HOME /opt/mediatype-fixture
MODULE
cat > document.tm <<'TEXMACS'
<TeXmacs|2.1>

<style|generic>

<\body>
  A mediatype fixture.
</body>

<initial|<\collection>
</collection>>
TEXMACS
cat > user.reg <<'WINEREG'
WINE REGISTRY Version 2
;; All keys relative to \\User\\S-1-5-21-0-0-0-1000

#arch=win64

[Software\\mediatype] 1704067200
"Fixture"="yes"
WINEREG

# A Windows Media playlist, by hand in Windows Media Player 12's layout (no Linux tool writes
# WPL).
printf '<?wpl version="1.0"?>\r\n<smil>\r\n    <head>\r\n        <meta name="Generator" content="Microsoft Windows Media Player -- 12.0.19041.1"/>\r\n        <meta name="ItemCount" content="2"/>\r\n        <title>Fixture playlist</title>\r\n    </head>\r\n    <body>\r\n        <seq>\r\n            <media src="..\\Music\\one.mp3"/>\r\n            <media src="..\\Music\\two.wma"/>\r\n        </seq>\r\n    </body>\r\n</smil>\r\n' > playlist.wpl

# Binary formats with signatures that no structural sniffer reads (issue #14, formats other
# detectors' test sets carry): a 3D scene in Autodesk FBX, binary and ASCII (Assimp's
# exporters), and a Draco mesh (Debian's draco_encoder, from Assimp's PLY of the same
# tetrahedron).
# Both FBX forms stamp the time of the run, so they differ on every rerun.
assimp export model.stl model.fbx -ffbx >/dev/null
assimp export model.stl model-ascii.fbx -ffbxa >/dev/null
assimp export model.stl /tmp/mediatype-tetra.ply -fply >/dev/null
draco_encoder -i /tmp/mediatype-tetra.ply -o model.drc >/dev/null
rm -f /tmp/mediatype-tetra.ply
# Text formats of 3D content with signatures (Assimp's exporters): a STEP AP214 model (ISO
# 10303-21; it stamps the time of the run) and the Wavefront material library written beside
# an OBJ (the OBJ itself is one of the main fixtures).
assimp export model.stl model.stp -fstp >/dev/null
assimp export model.stl /tmp/mediatype-tetra.obj -fobj >/dev/null
mv /tmp/mediatype-tetra.mtl model.mtl
rm -f /tmp/mediatype-tetra.obj
# Apache Arrow (pyarrow, the IPC file format) and Avro (fastavro, a fixed sync marker so that
# reruns match): two columns, three rows.
python3 - <<'PY'
import fastavro, pyarrow, pyarrow.ipc
table = pyarrow.table({"name": ["a", "b", "c"], "size": [1, 2, 3]})
with pyarrow.ipc.new_file("table.arrow", table.schema) as writer:
    writer.write_table(table)
schema = {"type": "record", "name": "Row",
          "fields": [{"name": "name", "type": "string"}, {"name": "size", "type": "long"}]}
with open("records.avro", "wb") as out:
    fastavro.writer(out, schema, [{"name": n, "size": s} for n, s in zip("abc", (1, 2, 3))],
                    sync_marker=b"mediatype-avro01")
PY
# ExifTool's Meta Information Encapsulation, holding the metadata of a small JPEG.
"$CONVERT" -size 8x4 xc:'#336699' /tmp/mediatype-mie.jpg
rm -f metadata.mie
exiftool -q -Comment='mediatype fixture' -o metadata.mie /tmp/mediatype-mie.jpg
rm -f /tmp/mediatype-mie.jpg
# Tracker modules and QCP audio, which no Debian tool writes: by hand, as the formats'
# definitions give them (manifest.tsv names the source); ffprobe (through libopenmpt, and its
# own QCP demuxer) reads all three.
python3 - <<'PY'
import struct
# FastTracker 2 XM: header, one pattern of one row of four empty notes, no instruments.
orders = bytes([0]) + bytes(255)
header = struct.pack("<HHHHHHHH", 1, 0, 4, 1, 0, 1, 6, 125) + orders
xm = (b"Extended Module: " + b"mediatype fixture".ljust(20) + b"\x1a"
      + b"FastTracker v2.00".ljust(20) + struct.pack("<HI", 0x0104, 4 + len(header)) + header
      + struct.pack("<IBHH", 9, 0, 1, 4) + b"\x80" * 4)
open("song.xm", "wb").write(xm)
# Impulse Tracker IT: 192-byte header, orders 0 and 255 (end), one empty pattern (offset 0).
it = (b"IMPM" + b"mediatype fixture".ljust(26, b"\0")
      + struct.pack("<HHHHHHHHH", 0x1004, 2, 0, 0, 1, 0x0214, 0x0214, 0x0009, 0)
      + bytes([128, 48, 6, 125, 128, 0]) + struct.pack("<HII", 0, 0, 0)
      + bytes([32] * 64) + bytes([64] * 64) + bytes([0, 255]) + struct.pack("<I", 0))
open("song.it", "wb").write(it)
# QCP (RFC 3625): RIFF "QLCM", a fmt chunk for QCELP 13K at 8 kHz, a vrat chunk, and ten
# eighth-rate packets (rate byte 1, then 3 bytes).
guid = bytes.fromhex("416D7F5E15B1D011BA9100805FB4B97E")
rates = struct.pack("<I", 5) + b"".join(struct.pack("<BB", size, rate)
                                          for size, rate in ((34, 4), (16, 3), (7, 2), (3, 1), (0, 0), (0, 0), (0, 0), (0, 0)))
fmt = (struct.pack("<BB", 1, 0) + guid + struct.pack("<H", 2) + b"Qcelp 13K".ljust(80, b"\0")
       + struct.pack("<HHHHH", 14000, 35, 160, 8000, 16) + rates + bytes(20))
data = (b"\x01\x00\x00\x00") * 10
vrat = struct.pack("<II", 1, 10)
body = (b"QLCM" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"vrat" + struct.pack("<I", 8)
        + vrat + b"data" + struct.pack("<I", len(data)) + data)
open("voice.qcp", "wb").write(b"RIFF" + struct.pack("<I", len(body)) + body)
PY
# Game music rips, which no Debian tool writes: an NSF (NESdev wiki's layout: 128-byte header,
# then 6502 code) and a GBS (gbs.txt: 0x70-byte header, then Z80 code), each of one song
# whose routines only return; ffprobe reads both through libgme.
python3 - <<'PY'
import struct
code = bytes([0x60]) * 4
header = (b"NESM\x1a" + bytes([1, 1, 1]) + struct.pack("<HHH", 0x8000, 0x8000, 0x8001)
          + b"mediatype fixture".ljust(32, b"\0") + b"mediatype".ljust(32, b"\0")
          + b"2024".ljust(32, b"\0") + struct.pack("<H", 16666) + bytes(8)
          + struct.pack("<H", 20000) + bytes([0, 0]) + bytes(4))
open("tune.nsf", "wb").write(header + code)
gbs = (b"GBS" + bytes([1, 1, 1]) + struct.pack("<HHHH", 0x400, 0x400, 0x401, 0xFFFE)
       + bytes([0, 0]) + b"mediatype fixture".ljust(32, b"\0") + b"mediatype".ljust(32, b"\0")
       + b"2024".ljust(32, b"\0"))
open("tune.gbs", "wb").write(gbs + bytes([0xC9]) * 4)
PY
# A Finder alias file (macOS 10.6+), which only macOS writes: by hand, the 16-byte alias-file
# header ("book", 0, "mark", 0), then bookmark data as mac_alias (PyPI) documents the format:
# a 48-byte header, then one table of contents whose path entry is an array of two strings.
python3 - <<'PY'
import struct
def item(kind, payload):
    return struct.pack("<II", len(payload), kind) + payload + bytes(-len(payload) % 4)
strings = [item(0x0101, name.encode()) for name in ("Users", "fixture")]
data = b""
offsets = []
for s in strings:
    offsets.append(4 + len(data))
    data += s
array_offset = 4 + len(data)
data += item(0x0601, struct.pack("<II", *offsets))
toc_offset = 4 + len(data)
toc = struct.pack("<IIIII", 20 + 12 - 8, 0xFFFFFFFE, 1, 0, 1) + struct.pack("<III", 0x1004, array_offset, 0)
body = struct.pack("<I", toc_offset) + data + toc
bookmark = struct.pack("<4sIII", b"book", 48 + len(body), 0x10040000, 48) + bytes(32) + body
open("shortcut.alias", "wb").write(b"book" + bytes(4) + b"mark" + bytes(4) + bookmark)
PY
# SubRip subtitles: ffmpeg's srt muxer, from two WebVTT cues.
printf 'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello from a fixture.\n\n00:00:03.000 --> 00:00:04.000\nSecond cue.\n' \
    > /tmp/mediatype-cues.vtt
ffmpeg -hide_banner -loglevel error -nostdin -y -i /tmp/mediatype-cues.vtt -f srt cues.srt
rm -f /tmp/mediatype-cues.vtt
# A CBOR sequence (RFC 8742) that opens with its magic number, tag 55800 around "BOR", then
# three maps: cbor2 (PyPI: python3 -m pip install cbor2) encodes each item.
python3 -c 'import cbor2
items = [cbor2.CBORTag(55800, b"BOR")] + [{"name": n, "size": s} for n, s in zip("abc", (1, 2, 3))]
open("records.cborseq", "wb").write(b"".join(cbor2.dumps(item) for item in items))'
# A MARC 21 bibliographic record in ISO 2709 (pymarc, PyPI: python3 -m pip install pymarc):
# a title field under pymarc's default leader, which leaves the record status and type blank.
python3 -c 'import pymarc
record = pymarc.Record()
record.add_field(pymarc.Field(tag="245", indicators=["0", "0"],
                              subfields=[pymarc.Subfield("a", "Fixtures for mediatype")]))
open("record.mrc", "wb").write(record.as_marc())'
# GEDCOM 7.0 genealogy data, which no Debian tool writes: by hand, as the FamilySearch GEDCOM
# 7.0 specification lays out a dataset (header with GEDC.VERS, one individual, trailer), in
# UTF-8 with the byte-order mark the specification allows.
printf '\xef\xbb\xbf0 HEAD\n1 GEDC\n2 VERS 7.0\n1 SOUR mediatype-fixtures\n0 @I1@ INDI\n1 NAME Ada /Lovelace/\n1 SEX F\n1 BIRT\n2 DATE 10 DEC 1815\n0 TRLR\n' \
    > family.ged

# Formats that no Debian tool writes, laid out header by header as each format's
# specification says (write-headers.py cites them): KeePass, Password Safe, SoundFont banks,
# Commodore and ZX Spectrum emulator media, Nintendo ROM headers, PICO-8 cartridges, Sony
# BBeB, IPLD CARv2, SF3, a GPT disk, and more headers (xv thumbnail, KiSS, Pixar, QuarkXPress,
# Switch card, LMDB, Script Encoder, devicetree blob, MultiTracker, UltraTracker, OctaMED,
# Linux console fonts, a Xara drawing, a Garmin map header).
python3 ./write-headers.py
# Debian ships its console fonts gzip-compressed (/usr/share/consolefonts/*.psf.gz).
gzip -n -9 -c console.psf >console.psf.gz
# A git bundle of a one-commit repository (git), and a perf recording of true(1) (linux-perf;
# needs perf_event access, as a root shell in a container usually has).
rm -rf /tmp/mediatype-bundle && git init -q /tmp/mediatype-bundle
git -C /tmp/mediatype-bundle -c user.name=fixture -c user.email=fixture@example.invalid \
    commit -q --allow-empty -m fixture
git -C /tmp/mediatype-bundle bundle create -q "$PWD/repository.bundle" HEAD
rm -rf /tmp/mediatype-bundle
perf record -q -o perf.data true
# Text formats of newer shared-mime-info releases, by hand as each format's document lays one
# out: LRC lyrics (time tags), a devicetree source (/dts-v1/ first), a Gerber layer (Ucamco's
# specification: G04 comment, format and unit commands, end of file), an Excellon drill file
# (M48 header, a tool, one hit), a PDB entry (HEADER, TITLE, one ATOM record, wwPDB format
# 3.3) and a PPD (its first line is the *PPD-Adobe keyword; Adobe's PPD specification 4.3).
printf '[ti:Twinkle]\n[00:00.00]Twinkle, twinkle, little star\n[00:04.50]How I wonder what you are\n' \
    > lyrics.lrc
printf '/dts-v1/;\n\n/ {\n\tmodel = "mediatype fixture";\n\tcompatible = "mediatype,fixture";\n};\n' \
    > tree.dts
printf 'G04 mediatype fixture*\n%%FSLAX26Y26*%%\n%%MOMM*%%\n%%ADD10C,0.1*%%\nD10*\nX0Y0D02*\nX1000000Y0D01*\nM02*\n' \
    > layer.gbr
printf 'M48\nMETRIC\nT1C0.800\n%%\nT1\nX10.0Y10.0\nM30\n' > holes.drl
printf 'HEADER    DE NOVO PROTEIN                         01-JAN-24   0MTF              \nTITLE     MEDIATYPE FIXTURE\nATOM      1  N   GLY A   1       0.000   0.000   0.000  1.00  0.00           N\nEND\n' \
    > protein.pdb
printf '*PPD-Adobe: "4.3"\n*FormatVersion: "4.3"\n*FileVersion: "1.0"\n*LanguageVersion: English\n*Manufacturer: "mediatype"\n*ModelName: "Fixture"\n' \
    > printer.ppd

# Virtual machine disks (qemu-img): a monolithic VMware sparse extent (KDMV), the text
# descriptor of a disk split into extents (its extent file is not kept), a VirtualBox VDI, and
# the first 4 KiB of a Hyper-V VHDX (a whole one is 8 MiB; its signature is at 0).
qemu-img create -q -f vmdk disk.vmdk 1M
qemu-img create -q -f vmdk -o subformat=twoGbMaxExtentSparse descriptor.vmdk 1M
rm -f descriptor-s001.vmdk
qemu-img create -q -f vdi disk.vdi 1M
qemu-img create -q -f vhdx /tmp/mediatype-disk.vhdx 1M
head -c 4096 /tmp/mediatype-disk.vhdx > disk-head.vhdx
rm -f /tmp/mediatype-disk.vhdx

# A Windows Script Component (scriptlet): an upper-case XML declaration, then the scriptlet
# element with its registration and a script, as Microsoft's reference lays it out.
printf '<?XML version="1.0"?>\n<scriptlet>\n<registration progid="Mediatype.Fixture" classid="{00000000-0000-0000-0000-000000000001}"/>\n<public><method name="hello"/></public>\n<script language="JScript">\n<![CDATA[\nfunction hello() { return "hello"; }\n]]>\n</script>\n</scriptlet>\n' \
    > component.sct

# RPM packages (rpmbuild, Debian's rpm): a source package and the noarch binary package built
# from a spec of one text file. The lead's type field (0 binary, 1 source) tells them apart.
rpmtop=/tmp/mediatype-rpm
rm -rf "$rpmtop" && mkdir -p "$rpmtop/SOURCES"
printf 'Packaged by the mediatype fixtures.\n' > "$rpmtop/SOURCES/note.txt"
cat > "$rpmtop/fixture.spec" <<'SPEC'
Name: mediatype-fixture
Version: 1.0
Release: 1
Summary: A fixture for mediatype's tests
License: MIT
BuildArch: noarch
Source0: note.txt
%description
One text file.
%install
mkdir -p %{buildroot}/usr/share/doc
cp %{SOURCE0} %{buildroot}/usr/share/doc/note.txt
%files
/usr/share/doc/note.txt
SPEC
rpmbuild --quiet --define "_topdir $rpmtop" --define "_buildhost fixtures" \
    --define "use_source_date_epoch_as_buildtime 1" -ba "$rpmtop/fixture.spec" 2>/dev/null
cp "$rpmtop/SRPMS/mediatype-fixture-1.0-1.src.rpm" package.src.rpm
cp "$rpmtop/RPMS/noarch/mediatype-fixture-1.0-1.noarch.rpm" package.rpm
rm -rf "$rpmtop"
# A NumPy array (.npy, format version 1.0) of 2x3 float64 values, by numpy.save.
python3 -c 'import numpy as np; np.save("array.npy", np.arange(6, dtype="<f8").reshape(2, 3))'
# A Finder folder-settings file (.DS_Store) with an icon position and a view setting, by the
# ds_store module (PyPI), which writes the buddy-allocator layout Finder does.
rm -f finder.DS_Store
python3 - <<'PY'
from ds_store import DSStore
with DSStore.open("finder.DS_Store", "w+") as store:
    store["readme.txt"]["Iloc"] = (128, 128)
    store["."]["vSrn"] = ("long", 1)
PY
# Smali source as baksmali writes one class (no Debian package ships baksmali): the class,
# super and source directives, then a constructor.
printf '%s\n' '.class public Lcom/example/Greeter;' '.super Ljava/lang/Object;' \
    '.source "Greeter.java"' '' '' '# direct methods' \
    '.method public constructor <init>()V' '    .registers 1' '' '    .line 3' \
    '    invoke-direct {p0}, Ljava/lang/Object;-><init>()V' '' '    return-void' \
    '.end method' > Greeter.smali
# GRIB editions 1 and 2: ecCodes' sample messages, dated by grib_set (libeccodes-tools).
grib_set -s dataDate=20240101 /usr/share/eccodes/samples/GRIB1.tmpl weather.grib
grib_set -s dataDate=20240101 /usr/share/eccodes/samples/GRIB2.tmpl weather.grib2
# A Safari web archive: the dictionary Safari writes (WebMainResource with the page's data,
# MIME type, encoding, URL and frame name) as a binary property list by Python's plistlib.
python3 - <<'PY'
import plistlib
page = {"WebResourceData": b"<html><body>mediatype</body></html>\n",
        "WebResourceFrameName": "", "WebResourceMIMEType": "text/html",
        "WebResourceTextEncodingName": "UTF-8", "WebResourceURL": "https://example.com/"}
with open("page.webarchive", "wb") as out:
    plistlib.dump({"WebMainResource": page}, out, fmt=plistlib.FMT_BINARY)
PY
# OpenPGP in binary form (GnuPG): a message encrypted with a passphrase (gpg -c, a
# symmetric-key session key first), and with a throwaway key a detached signature and a
# signed message (gpg --sign: compressed data holding a one-pass signature).
export GNUPGHOME=$(mktemp -d)
printf 'Signed by the mediatype fixtures.\n' > /tmp/mediatype-pgp.txt
gpg --batch --quiet --pinentry-mode loopback --passphrase mediatype -c \
    -o message-symmetric.gpg /tmp/mediatype-pgp.txt
gpg --batch --quiet --pinentry-mode loopback --passphrase '' \
    --quick-gen-key 'mediatype fixture <fixture@example.org>' ed25519 sign never
gpg --batch --quiet --yes --detach-sign -o detached.sig /tmp/mediatype-pgp.txt
gpg --batch --quiet --yes --sign -o message-signed.gpg /tmp/mediatype-pgp.txt
gpgconf --kill gpg-agent
rm -rf "$GNUPGHOME" /tmp/mediatype-pgp.txt
unset GNUPGHOME
# An MHTML web archive (RFC 2557) as Internet Explorer and Word save one: MIME-Version
# first, then a multipart/related body of the page and its image, by Python's email package.
python3 - <<'PY'
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.mime.image import MIMEImage
page = MIMEText("<html><body><img src=\"dot.png\">mediatype</body></html>\n", "html")
page["Content-Location"] = "https://example.com/"
png = open("../image.png", "rb").read()
image = MIMEImage(png, "png")
image["Content-Location"] = "https://example.com/dot.png"
archive = MIMEMultipart("related", boundary="----=_NextPart_mediatype", type="text/html")
archive.attach(page)
archive.attach(image)
del archive["MIME-Version"]
content_type = archive["Content-Type"]
del archive["Content-Type"]
archive["MIME-Version"] = "1.0"
archive["Content-Type"] = content_type
with open("page.mht", "w", newline="\r\n") as out:
    out.write(archive.as_string())
PY

# A PuTTY private key (puttygen, PPK format 3, no passphrase; the key is random each run).
puttygen -t ed25519 -C mediatype-fixture --new-passphrase /dev/null -o private-key.ppk
# Text formats written as their documents give them: a Windows Internet shortcut, an LDIF
# entry (RFC 2849), a FreeMind mind map, a Scribus document's root element, a cue sheet
# that opens with REM comments (which a batch-file rule reads as a batch file), and SAMI
# captions (whose HEAD and BODY read as HTML).
printf '[InternetShortcut]\r\nURL=https://example.org/\r\nIDList=\r\n' > shortcut.url
printf '%s\n' 'version: 1' '' 'dn: cn=Fixture,dc=example,dc=org' 'objectClass: person' \
    'cn: Fixture' 'sn: Mediatype' > people.ldif
printf '%s\n' '<map version="1.0.1">' \
    '<node CREATED="1704067200000" ID="ID_1" MODIFIED="1704067200000" TEXT="mediatype">' \
    '<node CREATED="1704067200000" ID="ID_2" POSITION="right" TEXT="fixture"/>' '</node>' \
    '</map>' > mindmap.mm
printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
    '<SCRIBUSUTF8NEW Version="1.5.8">' '<DOCUMENT ANZPAGES="1" PAGEWIDTH="595" PAGEHEIGHT="842">' \
    '</DOCUMENT>' '</SCRIBUSUTF8NEW>' > document.sla
printf '%s\r\n' 'REM GENRE Fixture' 'REM DATE 2024' 'PERFORMER "Mediatype"' 'TITLE "Fixtures"' \
    'FILE "album.flac" WAVE' '  TRACK 01 AUDIO' '    TITLE "One"' '    INDEX 01 00:00:00' \
    '  TRACK 02 AUDIO' '    TITLE "Two"' '    INDEX 01 03:12:40' > album.cue
printf '%s\r\n' '<SAMI>' '<HEAD><TITLE>Fixture</TITLE>' \
    '<STYLE TYPE="text/css"><!-- P {font-size:20pt;} .ENUSCC {Name:English; lang:en-US;} --></STYLE>' \
    '</HEAD>' '<BODY>' '<SYNC Start=1000><P Class=ENUSCC>mediatype</P></SYNC>' '</BODY>' '</SAMI>' \
    > captions.smi
# A draw.io diagram as diagrams.net saves it uncompressed (an mxfile root, one diagram page),
# and a LilyPond score that states its version after a comment line (the LilyPond manual).
printf '%s\n' '<mxfile host="app.diagrams.net" version="24.0.0">' \
    '  <diagram id="page1" name="Page-1">' \
    '    <mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/></root></mxGraphModel>' \
    '  </diagram>' '</mxfile>' > diagram.drawio
printf '%s\n' '% mediatype fixture' '\version "2.24.0"' '\header { title = "Fixture" }' \
    "\\relative c' { c4 d e f | g1 }" > score.ly
# AVI with AVF0 where RIFF belongs, as some camcorders write it: ffmpeg's AVI fixture with its
# container ID replaced (the chunks unchanged; ffprobe takes it for a raw MPEG-4 stream).
python3 ../edit-bytes.py container-id ../clip.avi clip-avf0.avi AVF0
# A gettext template and a catalogue made from it (GNU gettext's xgettext and msginit): the
# template's header keeps the placeholders (YEAR-MO-DA, CHARSET) that msginit fills.
printf '%s\n' '#include <libintl.h>' '#include <stdio.h>' \
    'int main(void) { puts(gettext("Hello, world")); return 0; }' > /tmp/mediatype-hello.c
(cd /tmp && xgettext --package-name=mediatype-fixture -o mediatype-messages.pot mediatype-hello.c)
mv /tmp/mediatype-messages.pot messages.pot
msginit --no-translator -l de_DE.UTF-8 -i messages.pot -o messages.po 2>/dev/null
# Exiv2's metadata sidecar: the Exif of a copy of the JPEG fixture, tagged by ExifTool and
# extracted by exiv2 -ea (EXV: FF 01 "Exiv2", then the APP1 segment).
cp ../image.jpg /tmp/mediatype-exv.jpg
exiftool -q -overwrite_original -Artist=mediatype /tmp/mediatype-exv.jpg
(cd /tmp && rm -f mediatype-exv.exv && exiv2 -ea mediatype-exv.jpg)
mv /tmp/mediatype-exv.exv metadata.exv
# Autoconf input as autoscan writes it for a one-file C program (AC_INIT on a line of its
# own), and an m4 macro file written here: dnl comment lines, then one AC_DEFUN.
rm -rf /tmp/mediatype-autoscan && mkdir /tmp/mediatype-autoscan
printf 'int main(void) { return 0; }\n' > /tmp/mediatype-autoscan/main.c
(cd /tmp/mediatype-autoscan && autoscan 2>/dev/null)
mv /tmp/mediatype-autoscan/configure.scan configure.ac
printf '%s\n' '# fixture.m4 serial 1' 'dnl A macro of the mediatype fixtures.' \
    'dnl MT_FIXTURE: says hello when configure runs.' 'AC_DEFUN([MT_FIXTURE],' \
    '[AC_MSG_NOTICE([hello from the fixtures])])' > macros.m4
# A MIFF whose pixels are all printable (rgb(72,105,33) is "Hi!"): ImageMagick's header is
# text, and so, for this image, is everything after it.
$CONVERT -size 4x2 'xc:rgb(72,105,33)' -strip -depth 8 -compress none MIFF:printable.miff
# Text formats whose first line says what they are, written as their documentation gives
# them (no Debian tool writes them unasked): a Gherkin feature before its scenarios, an Org mode
# document, a Godot project file, shader and script, and a Meson options file.
printf '%s\n' 'Feature: Fixture recognition' '  As a tester' '  I want feature files known' \
    '  So that a new feature file opens in my editor' > checkout.feature
printf '%s\n' '#+TITLE: Fixture notes' '#+AUTHOR: mediatype' '' '* Heading' \
    'Some text under the heading.' '** TODO A task' > notes.org
printf '%s\n' '; Engine configuration file.' \
    "; It's best edited using the editor UI and not directly," \
    '; since the parameters that go here are not all obvious.' ';' '; Format:' \
    ';   [section] ; section goes between []' ';   param=value ; assign values to parameters' \
    '' 'config_version=5' '' '[application]' '' 'config/name="Fixture"' > project.godot
printf '%s\n' 'shader_type canvas_item;' '' 'uniform vec4 tint : source_color = vec4(1.0);' '' \
    'void fragment() {' '	COLOR = texture(TEXTURE, UV) * tint;' '}' > tint.gdshader
printf '%s\n' 'extends Node2D' '' 'var speed := 100.0' '' 'func _process(delta):' \
    '	position.x += speed * delta' > player.gd
printf '%s\n' "option('docs', type : 'boolean', value : false," \
    "       description : 'Build the documentation')" > meson_options.txt
# Compiled code and model files, each made by its own tool: LLVM bitcode (the Swift
# toolchain's clang -emit-llvm), an Erlang BEAM module (erlc), a SPIR-V module
# (glslangValidator -V), a GGUF model with one tensor (ggml's Python gguf writer), and a
# file encrypted by age, binary and armoured (age-keygen's fresh key: the bytes differ on
# every run).
rm -rf /tmp/mediatype-compiled && mkdir /tmp/mediatype-compiled
printf 'int main(void) { return 0; }\n' > /tmp/mediatype-compiled/hello.c
clang -c -emit-llvm /tmp/mediatype-compiled/hello.c -o hello.bc
printf -- '-module(hello).\n-export([hi/0]).\nhi() -> ok.\n' > /tmp/mediatype-compiled/hello.erl
erlc -o . /tmp/mediatype-compiled/hello.erl
printf '#version 450\nlayout(location = 0) out vec4 color;\nvoid main() { color = vec4(1.0); }\n' \
    > /tmp/mediatype-compiled/tint.frag
glslangValidator -V /tmp/mediatype-compiled/tint.frag -o tint.spv >/dev/null
python3 - <<'PY'
import gguf, numpy as np
writer = gguf.GGUFWriter("tiny.gguf", "llama")
writer.add_block_count(1)
writer.add_tensor("t", np.arange(4, dtype=np.float32))
writer.write_header_to_file()
writer.write_kv_data_to_file()
writer.write_tensors_to_file()
writer.close()
PY
age-keygen -o /tmp/mediatype-compiled/key.txt 2>/dev/null
recipient=$(grep -o 'age1.*' /tmp/mediatype-compiled/key.txt)
printf 'secret\n' | age -r "$recipient" -o secret.age
printf 'secret\n' | age -a -r "$recipient" -o secret-armored.age
# A G-code toolpath: Slic3r slicing the ASCII STL model above (its first line is the
# slicer's "; generated by Slic3r" comment, with the time of the run).
slic3r --no-gui -o toolpath.gcode model.stl >/dev/null
# A Crystallographic Information File: Open Babel's CIF writer for ethanol (a comment line,
# then data_I with _chemical and _atom_site tags).
obabel -:CCO --gen3d -ocif -O molecule.cif 2>/dev/null
# A safetensors file: Hugging Face's Python writer (safetensors.numpy.save_file) with one
# float32 tensor and a metadata entry.
python3 -c 'import numpy as np
from safetensors.numpy import save_file
save_file({"weight": np.arange(6, dtype=np.float32).reshape(2, 3)}, "tiny.safetensors",
          metadata={"format": "np"})'
# A Kaitai Struct description and a CSV Schema, written as their documentation gives them.
printf '%s\n' 'meta:' '  id: fixture_header' '  endian: le' 'seq:' '  - id: magic' \
    '    contents: [0x4d, 0x54]' '  - id: length' '    type: u4' > header.ksy
printf '%s\n' 'version 1.1' '@totalColumns 2' 'name: notEmpty' 'age: range(0, 120)' > people.csvs
# A Windows theme pack as Windows saves one: a cabinet (gcab) of the .theme file, the INI text
# naming the pack's wallpaper and visual style, and the wallpaper itself.
rm -rf /tmp/mediatype-theme && mkdir -p /tmp/mediatype-theme
printf '[Theme]\r\nDisplayName=mediatype fixture\r\n\r\n[Control Panel\\Desktop]\r\nWallpaper=%%ThemeDir%%DesktopBackground\\fixture.jpg\r\n\r\n[VisualStyles]\r\nPath=%%SystemRoot%%\\resources\\themes\\Aero\\Aero.msstyles\r\nColorStyle=NormalColor\r\nSize=NormalSize\r\n' \
    > /tmp/mediatype-theme/fixture.theme
cp ../image.jpg /tmp/mediatype-theme/fixture.jpg
touch -d @"$SOURCE_DATE_EPOCH" /tmp/mediatype-theme/fixture.theme /tmp/mediatype-theme/fixture.jpg
(cd /tmp/mediatype-theme && gcab -c -n -z "$OLDPWD/desktop.themepack" fixture.theme fixture.jpg)
# A cabinet of the same wallpaper alone is a cabinet, nothing more.
(cd /tmp/mediatype-theme && gcab -c -n -z "$OLDPWD/wallpaper.cab" fixture.jpg)
rm -rf /tmp/mediatype-theme
# A Maven POM without the POM namespace, as the POM reference's minimal example writes it,
# after a licence comment as Apache projects' POMs open.
printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
    '<!-- Licensed under the Apache License, Version 2.0 (the "License"). -->' '<project>' \
    '  <modelVersion>4.0.0</modelVersion>' '  <groupId>org.example</groupId>' \
    '  <artifactId>fixture</artifactId>' '  <version>1.0</version>' '</project>' > minimal-pom.xml
# HP-GL plots of three points, as GNU plotutils' graph writes them: HP-GL/2 (BP;IN;...), and
# HP-GL/1 (IN;..., HPGL_VERSION=1).
printf '0 0\n1 1\n2 0\n' | graph -T hpgl > plot.hpgl
printf '0 0\n1 1\n2 0\n' | HPGL_VERSION=1 graph -T hpgl > plot-v1.hpgl
