#!/usr/bin/env python3
"""Small writers for formats that no installed Debian tool makes, called by generate.sh.

  midi OUT        a Standard MIDI File (format 0, one track, four notes)
  elf OUT         a 120-byte x86-64 ELF executable that calls exit(0)
  epub OUT        an EPUB 3 container: stored `mimetype` first, container.xml, OPF, XHTML
  apk OUT         a ZIP with an Android package's defining entries (stub contents, unsigned)
  xpi OUT         a ZIP with a WebExtension's manifest.json (a Firefox add-on package)
  msix OUT        a Windows app package (MSIX): AppxManifest.xml (the Package element of the
                  2015 foundation namespace, one Identity), AppxBlockMap.xml, [Content_Types].xml
  xps OUT         an XPS document of one blank page (ECMA-388 parts)
  kmz OUT KML     a ZIP whose first entry is doc.kml (Google Earth)
  ora OUT PNG     an OpenRaster image of one layer (PNG): stored `mimetype` first, stack.xml,
                  the layer, the merged image and the thumbnail
  hwpx OUT        a Hangul word processor OWPML document (KS X 6101): stored `mimetype`
                  application/hwp+zip first, version.xml, Contents/ (header, one section,
                  content.hpf), META-INF/container.xml, with minimal XML parts
  geogebra OUT PNG
                  a GeoGebra construction (.ggb): geogebra_thumbnail.png (PNG),
                  geogebra_javascript.js and geogebra.xml (format 5.0, one point), the
                  entries GeoGebra Classic 5 writes
  geogebra-tool OUT
                  a GeoGebra tool (.ggt): geogebra_macro.xml alone (one macro)
  nupkg OUT       a NuGet package (NuGet's package format): [Content_Types].xml, _rels/.rels,
                  Example.nuspec at the root and lib/net8.0/Example.dll (a stub), as
                  dotnet pack lays them out
  vsix OUT        a VS Code extension package (the VSIX format, as vsce lays it out):
                  extension.vsixmanifest and [Content_Types].xml at the root, the extension's
                  package.json and a script under extension/
  gpkg OUT        a Gentoo binary package (GLEP 78): a ustar archive whose first member is
                  PKG/gpkg-1, then PKG/metadata.tar and PKG/image.tar (uncompressed here)
  iwork KIND OUT  an iWork document saved as one file, with stub contents: KIND keynote,
                  pages, pages-table or numbers (2013 layout: Index/*.iwa archives, the
                  document's root object typed as the app types it), keynote09 (index.apxl)
                  or pages09 (index.xml), the entry names and root elements Apple's apps write

ZIP entries carry a fixed date so that the output is the same on every run.
"""

import io
import plistlib
import struct
import sys
import tarfile
import zipfile

DATE = (2024, 1, 1, 0, 0, 0)


def write_zip(path, entries):
    """entries: list of (name, bytes, compress)."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, data, compress in entries:
            info = zipfile.ZipInfo(name, date_time=DATE)
            info.compress_type = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            archive.writestr(info, data)


def midi(path):
    def vlq(value):
        out = [value & 0x7F]
        value >>= 7
        while value:
            out.insert(0, (value & 0x7F) | 0x80)
            value >>= 7
        return bytes(out)

    events = bytearray()
    events += vlq(0) + b"\xff\x51\x03" + (500000).to_bytes(3, "big")  # tempo 120 bpm
    events += vlq(0) + b"\xc0\x00"  # program: piano
    for note in (60, 64, 67, 72):
        events += vlq(0) + bytes([0x90, note, 0x60])
        events += vlq(96) + bytes([0x80, note, 0x40])
    events += vlq(0) + b"\xff\x2f\x00"  # end of track
    header = b"MThd" + struct.pack(">IHHH", 6, 0, 1, 96)
    track = b"MTrk" + struct.pack(">I", len(events)) + events
    with open(path, "wb") as handle:
        handle.write(header + track)


def elf(path):
    # ELF64 header (64 bytes) + one PT_LOAD program header (56 bytes); code follows at 120.
    base = 0x400000
    code = bytes.fromhex("31ff" "b83c000000" "0f05")  # xor edi,edi; mov eax,60; syscall
    entry = base + 120
    ident = b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)
    header = ident + struct.pack(
        "<HHIQQQIHHHHHH", 2, 0x3E, 1, entry, 64, 0, 0, 64, 56, 1, 0, 0, 0
    )
    size = 120 + len(code)
    phdr = struct.pack("<IIQQQQQQ", 1, 5, 0, base, base, size, size, 0x1000)
    with open(path, "wb") as handle:
        handle.write(header + phdr + code)


def epub(path):
    container = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\n'
        '  <rootfiles><rootfile full-path="OEBPS/content.opf"'
        ' media-type="application/oebps-package+xml"/></rootfiles>\n'
        "</container>\n"
    )
    opf = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">\n'
        '  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\n'
        '    <dc:identifier id="id">urn:uuid:6f1c1f0e-5d7c-4d4e-9a43-3c1b0e2a9b11</dc:identifier>\n'
        "    <dc:title>Fixture</dc:title><dc:language>en</dc:language>\n"
        '    <meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>\n'
        "  </metadata>\n"
        "  <manifest>\n"
        '    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>\n'
        '    <item id="c1" href="chapter.xhtml" media-type="application/xhtml+xml"/>\n'
        "  </manifest>\n"
        '  <spine><itemref idref="c1"/></spine>\n'
        "</package>\n"
    )
    page = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">\n'
        "<head><title>Fixture</title></head><body>{}</body></html>\n"
    )
    nav = page.format('<nav epub:type="toc"><ol><li><a href="chapter.xhtml">One</a></li></ol></nav>')
    write_zip(
        path,
        [
            ("mimetype", b"application/epub+zip", False),
            ("META-INF/container.xml", container.encode(), True),
            ("OEBPS/content.opf", opf.encode(), True),
            ("OEBPS/nav.xhtml", nav.encode(), True),
            ("OEBPS/chapter.xhtml", page.format("<p>Hello.</p>").encode(), True),
        ],
    )


def apk(path):
    # Stubs with the right leading bytes: binary XML chunk header, dex magic, resource table header.
    manifest = struct.pack("<HHI", 0x0003, 8, 8)
    dex = b"dex\n035\x00" + bytes(0x70 - 8)
    arsc = struct.pack("<HHII", 0x0002, 12, 12, 0)
    mf = b"Manifest-Version: 1.0\r\nCreated-By: mediatype fixtures\r\n\r\n"
    write_zip(
        path,
        [
            ("AndroidManifest.xml", manifest, True),
            ("classes.dex", dex, True),
            ("resources.arsc", arsc, False),
            ("META-INF/MANIFEST.MF", mf, True),
        ],
    )


def xpi(path):
    manifest = (
        '{\n  "manifest_version": 2,\n  "name": "Fixture",\n  "version": "1.0",\n'
        '  "browser_specific_settings": {"gecko": {"id": "fixture@example.org"}},\n'
        '  "background": {"scripts": ["background.js"]}\n}\n'
    )
    write_zip(
        path,
        [
            ("manifest.json", manifest.encode(), True),
            ("background.js", b"console.log('fixture');\n", True),
        ],
    )


def msix(path):
    manifest = (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<Package xmlns="http://schemas.microsoft.com/appx/manifest/foundation/windows10">\n'
        '  <Identity Name="Fixture" Publisher="CN=Fixture" Version="1.0.0.0"/>\n'
        "  <Properties><DisplayName>Fixture</DisplayName>"
        "<PublisherDisplayName>Fixture</PublisherDisplayName>"
        "<Logo>logo.png</Logo></Properties>\n"
        "</Package>\n"
    )
    block_map = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<BlockMap xmlns="http://schemas.microsoft.com/appx/2010/blockmap" '
        'HashMethod="http://www.w3.org/2001/04/xmlenc#sha256"/>\n'
    )
    content_types = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="xml" ContentType="application/vnd.ms-appx.manifest+xml"/>'
        "</Types>\n"
    )
    write_zip(
        path,
        [
            ("AppxManifest.xml", manifest.encode(), True),
            ("AppxBlockMap.xml", block_map.encode(), True),
            ("[Content_Types].xml", content_types.encode(), True),
        ],
    )


def kmz(path, kml_path):
    with open(kml_path, "rb") as handle:
        kml = handle.read()
    write_zip(path, [("doc.kml", kml, True)])


def ora(path, png_path):
    """OpenRaster 0.0.5 (the Freedesktop.org baseline spec): the stored `mimetype` entry
    first, then stack.xml with one layer, the layer's PNG, mergedimage.png and a thumbnail,
    as GIMP and Krita write it."""
    with open(png_path, "rb") as handle:
        png = handle.read()
    stack = (
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        '<image version="0.0.5" w="16" h="16">'
        '<stack><layer name="Background" src="data/layer0.png" x="0" y="0"/></stack>'
        "</image>\n"
    )
    write_zip(path, [
        ("mimetype", b"image/openraster", False),
        ("stack.xml", stack.encode(), True),
        ("data/layer0.png", png, False),
        ("mergedimage.png", png, False),
        ("Thumbnails/thumbnail.png", png, False),
    ])


def geogebra(path, png_path):
    with open(png_path, "rb") as handle:
        png = handle.read()
    construction = (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<geogebra format="5.0" version="5.0.0.0" app="classic" '
        'xmlns="" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xsi:noNamespaceSchemaLocation="http://www.geogebra.org/apps/xsd/ggb.xsd">\n'
        '<construction title="" author="" date="">\n'
        '<element type="point" label="A">\n<coords x="1" y="2" z="1"/>\n</element>\n'
        "</construction>\n</geogebra>\n"
    )
    write_zip(path, [
        ("geogebra_thumbnail.png", png, False),
        ("geogebra_javascript.js", b"function ggbOnInit() {}", True),
        ("geogebra.xml", construction.encode(), True),
    ])


def geogebra_tool(path):
    macros = (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<geogebra format="5.0" xmlns="" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
        'xsi:noNamespaceSchemaLocation="http://www.geogebra.org/apps/xsd/ggt.xsd">\n'
        '<macro cmdName="Midpoint2" toolName="Midpoint2" toolHelp="" iconFile="" '
        'showInToolBar="true">\n<macroInput a0="A" a1="B"/>\n<macroOutput a0="C"/>\n'
        "<construction title=\"\" author=\"\" date=\"\">\n</construction>\n"
        "</macro>\n</geogebra>\n"
    )
    write_zip(path, [("geogebra_macro.xml", macros.encode(), True)])


def nupkg(path):
    types = (
        '<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/'
        'package/2006/content-types"><Default Extension="rels" ContentType="application/'
        'vnd.openxmlformats-package.relationships+xml" /><Default Extension="nuspec" '
        'ContentType="application/octet" /><Default Extension="dll" ContentType="application/'
        'octet" /></Types>'
    )
    rels = (
        '<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="http://schemas.'
        'openxmlformats.org/package/2006/relationships"><Relationship Type="http://schemas.'
        'microsoft.com/packaging/2010/07/manifest" Target="/Example.nuspec" Id="R1" />'
        "</Relationships>"
    )
    nuspec = (
        '<?xml version="1.0" encoding="utf-8"?>\n<package xmlns="http://schemas.microsoft.com/'
        'packaging/2013/05/nuspec.xsd">\n  <metadata>\n    <id>Example</id>\n'
        "    <version>1.0.0</version>\n    <authors>mediatype</authors>\n"
        "    <description>A fixture.</description>\n  </metadata>\n</package>\n"
    )
    write_zip(path, [
        ("_rels/.rels", rels.encode(), True),
        ("Example.nuspec", nuspec.encode(), True),
        ("lib/net8.0/Example.dll", b"MZ" + bytes(126), True),
        ("[Content_Types].xml", types.encode(), True),
    ])


def vsix(path):
    manifest = (
        '<?xml version="1.0" encoding="utf-8"?>\n<PackageManifest Version="2.0.0" '
        'xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011">\n  <Metadata>\n'
        '    <Identity Language="en-US" Id="fixture" Version="1.0.0" Publisher="mediatype"/>\n'
        "    <DisplayName>Fixture</DisplayName>\n    <Description>A fixture.</Description>\n"
        "  </Metadata>\n  <Installation>\n"
        '    <InstallationTarget Id="Microsoft.VisualStudio.Code"/>\n  </Installation>\n'
        "  <Dependencies/>\n  <Assets>\n"
        '    <Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json" '
        'Addressable="true"/>\n  </Assets>\n</PackageManifest>\n'
    )
    types = (
        '<?xml version="1.0" encoding="utf-8"?><Types xmlns="http://schemas.openxmlformats.org/'
        'package/2006/content-types"><Default Extension=".json" ContentType="application/json"/>'
        '<Default Extension=".js" ContentType="application/javascript"/>'
        '<Default Extension=".vsixmanifest" ContentType="text/xml"/></Types>'
    )
    package = (
        '{\n  "name": "fixture",\n  "publisher": "mediatype",\n  "version": "1.0.0",\n'
        '  "engines": {"vscode": "^1.80.0"},\n  "main": "./extension.js"\n}\n'
    )
    script = "exports.activate = function () {};\n"
    write_zip(path, [
        ("extension.vsixmanifest", manifest.encode(), True),
        ("[Content_Types].xml", types.encode(), True),
        ("extension/package.json", package.encode(), True),
        ("extension/extension.js", script.encode(), True),
    ])


def xps(path):
    """An XPS document of one blank A4 page: the Open Packaging Conventions parts ECMA-388
    requires (content types, the package relationship to the fixed document sequence, the
    sequence, one fixed document and one fixed page), deflated as Windows' XPS writer does."""
    ns = "http://schemas.microsoft.com/xps/2005/06"
    content_types = (
        '<?xml version="1.0" encoding="utf-8"?>'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="fdseq" '
        'ContentType="application/vnd.ms-package.xps-fixeddocumentsequence+xml"/>'
        '<Default Extension="fdoc" ContentType="application/vnd.ms-package.xps-fixeddocument+xml"/>'
        '<Default Extension="fpage" ContentType="application/vnd.ms-package.xps-fixedpage+xml"/>'
        "</Types>"
    )
    rels = (
        '<?xml version="1.0" encoding="utf-8"?>'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Type="' + ns + '/fixedrepresentation" Target="/FixedDocSeq.fdseq" '
        'Id="R0"/></Relationships>'
    )
    sequence = (
        '<FixedDocumentSequence xmlns="' + ns + '">'
        '<DocumentReference Source="/Documents/1/FixedDoc.fdoc"/></FixedDocumentSequence>'
    )
    document = (
        '<FixedDocument xmlns="' + ns + '">'
        '<PageContent Source="/Documents/1/Pages/1.fpage"/></FixedDocument>'
    )
    page = '<FixedPage Width="793.76" Height="1122.56" xmlns="' + ns + '" xml:lang="en-US"/>'
    write_zip(path, [
        ("[Content_Types].xml", content_types.encode(), True),
        ("_rels/.rels", rels.encode(), True),
        ("FixedDocSeq.fdseq", sequence.encode(), True),
        ("Documents/1/FixedDoc.fdoc", document.encode(), True),
        ("Documents/1/Pages/1.fpage", page.encode(), True),
    ])


# An IWA archive is a run of chunks: a zero byte, a 24-bit little-endian length, then
# Snappy-compressed protobuf. The stub is one chunk holding an empty Snappy block.
IWA_STUB = b"\x00\x01\x00\x00\x00"


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def iwa_root(message_type):
    """An Index/Document.iwa holding one empty root object of MESSAGE_TYPE: one Snappy chunk
    (type 0, 24-bit length) whose block is a single literal of the object's ArchiveInfo
    (identifier 1; a MessageInfo with the type, version 1.0.5 and payload length 0)."""
    info = varint(1 << 3) + varint(message_type) + b"\x12\x03\x01\x00\x05" + b"\x18\x00"
    archive_info = b"\x08\x01" + b"\x12" + varint(len(info)) + info
    data = varint(len(archive_info)) + archive_info
    assert len(data) <= 60
    block = varint(len(data)) + bytes([(len(data) - 1) << 2]) + data
    return b"\x00" + len(block).to_bytes(3, "little") + block
IWORK_METADATA = [
    ("Metadata/Properties.plist",
     plistlib.dumps({"revision": "0::7B2C9E1A", "documentUUID": "7B2C9E1A-0D4F-4C8E-9E51",
                     "isMultiPage": False}, fmt=plistlib.FMT_BINARY), True),
    ("Metadata/DocumentIdentifier", b"7B2C9E1A-0D4F-4C8E-9E51-3F0A6B2D1C55", True),
]


# The archives of the 2013 layout, as Keynote and Pages name them.
IWORK_2013_PARTS = {
    "keynote": ["Index/Document.iwa", "Index/DocumentStylesheet.iwa", "Index/Metadata.iwa",
                "Index/MasterSlide-7880.iwa", "Index/Slide-8060.iwa", "Index/ViewState.iwa",
                "Index/CalculationEngine.iwa"],
    "pages": ["Index/Document.iwa", "Index/DocumentStylesheet.iwa", "Index/Metadata.iwa",
              "Index/DocumentMetadata.iwa", "Index/ViewState.iwa",
              "Index/AnnotationAuthorStorage.iwa"],
    # A Pages document with a table keeps its cells where Numbers does.
    "pages-table": ["Index/Document.iwa", "Index/DocumentStylesheet.iwa", "Index/Metadata.iwa",
                    "Index/CalculationEngine.iwa", "Index/Tables/Tile.iwa",
                    "Index/Tables/DataList.iwa", "Index/ViewState.iwa"],
    # A Numbers sheet whose tables hold headers only: data lists but no tiles yet.
    "numbers": ["Index/Document.iwa", "Index/DocumentStylesheet.iwa", "Index/Metadata.iwa",
                "Index/CalculationEngine.iwa", "Index/Tables/DataList.iwa",
                "Index/ViewState.iwa", "Index/AnnotationAuthorStorage.iwa"],
}


def iwork(kind, path):
    if kind in IWORK_2013_PARTS:
        # Pages' root object is a TP.DocumentArchive (message type 10000), Keynote's and
        # Numbers' their DocumentArchive (type 1); the other archives stay stubs.
        root = iwa_root(10000 if kind.startswith("pages") else 1)
        parts = [(name, root if name == "Index/Document.iwa" else IWA_STUB, False)
                 for name in IWORK_2013_PARTS[kind]]
        write_zip(path, parts + IWORK_METADATA)
    elif kind == "keynote09":
        apxl = ('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<key:presentation xmlns:sfa="http://developer.apple.com/namespaces/sfa" '
                'xmlns:sf="http://developer.apple.com/namespaces/sf" '
                'xmlns:key="http://developer.apple.com/namespaces/keynote2" '
                'key:version="92008102400" key:play-mode="interactive"/>\n')
        write_zip(path, [("index.apxl", apxl.encode(), True),
                         ("QuickLook/Thumbnail.jpg", b"\xff\xd8\xff\xd9", False)])
    elif kind == "pages09":
        xml = ('<?xml version="1.0"?>\n'
               '<sl:document xmlns:sfa="http://developer.apple.com/namespaces/sfa" '
               'xmlns:sf="http://developer.apple.com/namespaces/sf" '
               'xmlns:sl="http://developer.apple.com/namespaces/sl" '
               'sl:version="92008102400" sl:xml-version="1.0"><sl:publication-info/>'
               '</sl:document>\n')
        write_zip(path, [("index.xml", xml.encode(), True),
                         ("buildVersionHistory.plist", b"<plist/>", True),
                         ("QuickLook/Thumbnail.jpg", b"\xff\xd8\xff\xd9", False)])
    else:
        raise SystemExit(__doc__)


def hwpx(path):
    """KS X 6101 (OWPML) as Hancom Office writes it: the stored `mimetype` entry first, then
    version.xml, the header and body parts under Contents/, and the OCF-style container.xml
    that points at the package file content.hpf."""
    owpml = "http://www.hancom.co.kr/hwpml/2011"
    write_zip(path, [
        ("mimetype", b"application/hwp+zip", False),
        ("version.xml", (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>'
            f'<hv:HCFVersion xmlns:hv="{owpml}/version" tagetApplication="WORDPROCESSOR" '
            'major="5" minor="1" micro="0" buildNumber="1" os="1" xmlVersion="1.4"/>'
        ).encode(), True),
        ("Contents/header.xml", (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>'
            f'<hh:head xmlns:hh="{owpml}/head" version="1.4" secCnt="1"/>'
        ).encode(), True),
        ("Contents/section0.xml", (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>'
            f'<hs:sec xmlns:hs="{owpml}/section" xmlns:hp="{owpml}/paragraph">'
            '<hp:p id="0"><hp:run><hp:t>hello</hp:t></hp:run></hp:p></hs:sec>'
        ).encode(), True),
        ("Contents/content.hpf", (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>'
            '<opf:package xmlns:opf="http://www.idpf.org/2007/opf/" version="" unique-identifier="" id="">'
            '<opf:manifest><opf:item id="header" href="Contents/header.xml" media-type="application/xml"/>'
            '<opf:item id="section0" href="Contents/section0.xml" media-type="application/xml"/>'
            '</opf:manifest><opf:spine><opf:itemref idref="section0"/></opf:spine></opf:package>'
        ).encode(), True),
        ("META-INF/container.xml", (
            '<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>'
            '<ocf:container xmlns:ocf="urn:oasis:names:tc:opendocument:xmlns:container">'
            '<ocf:rootfiles><ocf:rootfile full-path="Contents/content.hpf" '
            'media-type="application/hwpml-package+xml"/></ocf:rootfiles></ocf:container>'
        ).encode(), True),
    ])


def gpkg(path):
    """GLEP 78: an uncompressed ustar archive of one directory named after the package, whose
    first member is the empty `gpkg-1` that names the format; the metadata and image archives
    follow (the standard allows them compressed; they are plain tars of one file here)."""
    def tar_bytes(name, data):
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as inner:
            info = tarfile.TarInfo(name)
            info.size, info.mtime = len(data), 1704067200
            inner.addfile(info, io.BytesIO(data))
        return buffer.getvalue()
    members = [
        ("hello-1.0-1/gpkg-1", b""),
        ("hello-1.0-1/metadata.tar", tar_bytes("metadata/PF", b"hello\n")),
        ("hello-1.0-1/image.tar", tar_bytes("image/usr/share/hello/README", b"hello\n")),
    ]
    with tarfile.open(path, "w", format=tarfile.USTAR_FORMAT) as out:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size, info.mtime = len(data), 1704067200
            out.addfile(info, io.BytesIO(data))


def main(argv):
    if len(argv) == 3 and argv[1] in (
        "midi", "elf", "epub", "apk", "xpi", "xps", "msix", "hwpx", "gpkg", "nupkg", "vsix"
    ):
        globals()[argv[1]](argv[2])
    elif len(argv) == 4 and argv[1] == "kmz":
        kmz(argv[2], argv[3])
    elif len(argv) == 4 and argv[1] == "geogebra":
        geogebra(argv[2], argv[3])
    elif len(argv) == 3 and argv[1] == "geogebra-tool":
        geogebra_tool(argv[2])
    elif len(argv) == 4 and argv[1] == "ora":
        ora(argv[2], argv[3])
    elif len(argv) == 4 and argv[1] == "iwork":
        iwork(argv[2], argv[3])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
