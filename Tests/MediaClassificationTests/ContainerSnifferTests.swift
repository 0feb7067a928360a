import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

private typealias B = ImageContainerTextSupport

/// Builds ZIP archives byte by byte: stored entries, or deflated ones (fixed-code literals),
/// with their CRC-32; any field of one entry can be overridden to make a hostile archive.
struct ZIPBuilder {
    var entries: [(name: String, data: [UInt8])] = []
    var comment: [UInt8] = []
    var prefix: [UInt8] = []
    /// Deflate every entry (method 8) instead of storing it.
    var deflated = false
    /// Per entry name: fields written instead of the true ones.
    var overrides: [String: Override] = [:]

    struct Override {
        var compressed: [UInt8]?
        var method: UInt16?
        var flags: UInt16?
        var crc: UInt32?
        var compressedSize: UInt32?
        var uncompressedSize: UInt32?
        var localHeaderOffset: UInt32?
    }

    init(_ names: [String], comment: String = "") {
        entries = names.map { ($0, B.ascii("data of \($0)")) }
        self.comment = B.ascii(comment)
    }

    init(entries: [(name: String, data: [UInt8])]) {
        self.entries = entries
    }

    /// The archive.
    func build() -> [UInt8] {
        var bytes = prefix
        var directory: [UInt8] = []
        for entry in entries {
            let name: [UInt8] = B.ascii(entry.name)
            let change = overrides[entry.name] ?? Override()
            let method = change.method ?? (deflated ? 8 : 0)
            let compressed =
                change.compressed ?? (deflated ? DeflateWriter.deflate(entry.data) : entry.data)
            let offset = change.localHeaderOffset ?? UInt32(bytes.count)
            let crc = change.crc ?? CRC32.checksum(entry.data)
            let size = change.compressedSize ?? UInt32(compressed.count)
            let fullSize = change.uncompressedSize ?? UInt32(entry.data.count)
            let flags = change.flags ?? 0
            let nameLength = UInt16(name.count)
            let common =
                B.le16(flags) + B.le16(method) + [0, 0, 0, 0] + B.le32(crc) + B.le32(size)
                + B.le32(fullSize) + B.le16(nameLength)
            bytes += [0x50, 0x4B, 0x03, 0x04, 20, 0] + common + [0, 0]
            bytes += name
            bytes += compressed
            directory += [0x50, 0x4B, 0x01, 0x02, 20, 0, 20, 0] + common
            directory += [UInt8](repeating: 0, count: 12)  // extra, comment, disk, attributes
            directory += B.le32(offset)
            directory += name
        }
        let directoryOffset = UInt32(bytes.count - prefix.count)
        bytes += directory
        let count = UInt16(min(entries.count, 0xFFFF))
        bytes +=
            [0x50, 0x4B, 0x05, 0x06] + B.le16(0) + B.le16(0) + B.le16(count) + B.le16(count)
            + B.le32(UInt32(directory.count)) + B.le32(directoryOffset)
            + B.le16(UInt16(comment.count)) + comment
        return bytes
    }
}

/// Builds a minimal OLE2 compound file: header, one FAT sector (0), one directory sector (1).
private struct OLEBuilder {
    /// Directory entries after the root: name, type (1 storage, 2 stream).
    var children: [(name: String, type: UInt8)]
    var rootClassID: [UInt8] = [UInt8](repeating: 0, count: 16)
    var directoryNext: UInt32 = 0xFFFF_FFFE
    var rootChild: UInt32?
    var firstDirectorySector: UInt32 = 1
    /// 9 for 512-byte sectors (version 3), 12 for 4,096-byte sectors (version 4).
    var sectorShift: UInt16 = 9

    func entry(
        _ name: String,
        type: UInt8,
        left: UInt32,
        right: UInt32,
        child: UInt32,
        classID: [UInt8]
    )
        -> [UInt8]
    {
        var nameBytes: [UInt8] = []
        for unit in name.utf16.prefix(31) { nameBytes += B.le16(unit) }
        let nameLength = UInt16(nameBytes.count + 2)
        nameBytes += [UInt8](repeating: 0, count: 64 - nameBytes.count)
        var bytes =
            nameBytes + B.le16(nameLength) + [type, 1] + B.le32(left) + B.le32(right)
            + B.le32(child)
            + classID
        bytes += [UInt8](repeating: 0, count: 128 - bytes.count)
        return bytes
    }

    func build() -> [UInt8] {
        let none: UInt32 = 0xFFFF_FFFF
        var header: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
        header +=
            [UInt8](repeating: 0, count: 16) + B.le16(0x3E) + B.le16(sectorShift == 12 ? 4 : 3)
            + B.le16(0xFFFE) + B.le16(sectorShift) + B.le16(6) + [UInt8](repeating: 0, count: 6)
            + B.le32(0) + B.le32(1)
            + B.le32(firstDirectorySector) + B.le32(0) + B.le32(4096) + B.le32(0xFFFF_FFFE)
            + B.le32(0)
            + B.le32(0xFFFF_FFFE) + B.le32(0)
        header += B.le32(0)  // DIFAT[0]: the FAT is sector 0
        for _ in 1..<109 { header += B.le32(none) }
        let sectorSize = 1 << Int(sectorShift)
        header += [UInt8](repeating: 0, count: sectorSize - header.count)
        var fat: [UInt8] = B.le32(0xFFFF_FFFD) + B.le32(directoryNext)
        for _ in 2..<(sectorSize / 4) { fat += B.le32(none) }
        // Children form a chain through their right siblings.
        var directory = entry(
            "Root Entry",
            type: 5,
            left: none,
            right: none,
            child: rootChild ?? (children.isEmpty ? none : 1),
            classID: rootClassID
        )
        for (index, child) in children.enumerated() {
            let right = index + 1 < children.count ? UInt32(index + 2) : none
            directory += entry(
                child.name,
                type: child.type,
                left: none,
                right: right,
                child: none,
                classID: [UInt8](repeating: 0, count: 16)
            )
        }
        while directory.count % sectorSize != 0 || directory.count == 0 {
            directory += entry(
                "",
                type: 0,
                left: none,
                right: none,
                child: none,
                classID: [UInt8](repeating: 0, count: 16)
            )
        }
        return header + fat + directory
    }
}

@Suite struct ContainerSnifferTests {
    static let containerIdentifiers: Set<String> = [
        "public.zip-archive", "org.idpf.epub-container", "com.sun.java-archive",
        "com.sun.web-application-archive", "com.android.package-archive",
        "com.pixar.universal-scene-description-mobile", "com.microsoft.word.doc",
        "com.microsoft.excel.xls", "com.microsoft.powerpoint.ppt", "com.google.earth.kmz",
        "com.apple.ios-app-archive", "org.3mf.3mf", "com.microsoft.outlook.msg",
        "com.microsoft.installer", "com.microsoft.visio.vsd", "com.microsoft.visio.vsdx",
        "com.microsoft.publisher.pub", "com.microsoft.works.wps", "com.microsoft.msix",
    ]

    /// The fixture types the container sniffer decides (OpenDocument's flat XML files are
    /// the text sniffer's).
    static func covers(_ identifier: String) -> Bool {
        containerIdentifiers.contains(identifier)
            || identifier.hasPrefix("org.oasis-open.opendocument") && !identifier.hasSuffix("-flat")
            || identifier.hasPrefix("org.openxmlformats.")
            || identifier.hasPrefix("org.openoffice.") || identifier.hasPrefix("com.stardivision.")
    }

    static func sniff(_ bytes: [UInt8]) -> SniffResult? {
        ContainerSniffer.sniff(ImageContainerTextSupport.input(bytes))
    }

    @Test func manifestFixtures() throws {
        let fixtures = try ImageContainerTextSupport.fixtures()
        var covered = 0
        for fixture in fixtures {
            let bytes = try ImageContainerTextSupport.bytes(of: fixture)
            let result = Self.sniff(bytes)
            // A split archive's last volume opens with member data, not a container's
            // signature: the classifier reads it from the end, last (aZipKnownByItsEnd).
            let opensAsContainer =
                bytes.starts(with: [0x50, 0x4B])
                || bytes.starts(with: ContainerSniffer.compoundFileSignature)
            if Self.covers(fixture.identifier), opensAsContainer {
                covered += 1
                #expect(result?.identifier == fixture.identifier, "\(fixture.file)")
            } else if let result {
                // A ZIP the parser has no rule for stays generic here; the classifier refines it
                // by the archive's stored `mimetype` entry (the manifest test checks that).
                let refinedLater =
                    result.identifier == UTType.zip.identifier
                    && UTType(fixture.identifier)?.conforms(to: .zip) == true
                #expect(
                    result.identifier == fixture.identifier || refinedLater,
                    "\(fixture.file): wrong type"
                )
            }
        }
        #expect(covered >= 8)
    }

    /// A ZIP archive is known by its end when nothing knew its first bytes.
    ///
    /// A split archive's last volume opens in the middle of a member's data: its central
    /// directory and end record, read from the end, make it a ZIP archive; cut off the end
    /// record and it is data again. An archive after bytes nothing knew is one too.
    @Test func aZipKnownByItsEnd() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let volume = try fixtureBytes("archive-split-last-volume.zip")
        let found = try classifier.classify(bytes: volume, fileName: nil)
        #expect(found.type.identifier == "public.zip-archive", "\(found.detail)")
        #expect(found.confidence == .medium)
        let cut = try classifier.classify(bytes: Array(volume.dropLast(8)), fileName: nil)
        #expect(cut.type.identifier == "public.data", "\(cut.detail)")
        var prefixed = ZIPBuilder(entries: [("notes.txt", B.ascii("hello"))])
        prefixed.prefix = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
        let archive = try classifier.classify(bytes: prefixed.build(), fileName: nil)
        #expect(archive.type.identifier == "public.zip-archive", "\(archive.detail)")
    }

    /// A ZIP64 end record that a writer adds whether or not it is needed (PyTorch's does)
    /// ends the central directory: the directory is read, also behind prepended data.
    @Test func aZip64EndRecordEndsTheDirectory() throws {
        let model = try fixtureBytes("model.pt")
        let found = Self.sniff(model)
        #expect(found?.identifier == "org.pytorch.pt")
        #expect(found?.detail.hasPrefix("ZIP central directory, 7 entries") == true)
        // Prepended bytes shift the locator's offset; the record just before it is found.
        let prefixed = [UInt8](repeating: 0x90, count: 300) + model
        let shifted = ContainerSniffer.zipByEndRecord(ImageContainerTextSupport.input(prefixed))
        #expect(shifted?.detail.contains("directory of 7 entries") == true)
    }

    /// A stored `mimetype` entry refines a ZIP only to a declared ZIP-based type: the entry
    /// is the archive's own claim.
    @Test func aMimetypeEntryRefinesAZipOnlyToAZipBasedType() throws {
        let classifier = Classifier(registry: .builtinOnly)
        func classify(_ mimeType: String) throws -> String {
            let archive = ZIPBuilder(entries: [
                ("mimetype", B.ascii(mimeType)), ("stack.xml", B.ascii("<image/>")),
            ])
            return try classifier.classify(bytes: archive.build(), fileName: nil).type.identifier
        }
        #expect(try classify("image/openraster") == "org.openraster.ora")
        #expect(try classify("application/x-krita") == "org.kde.krita")
        #expect(try classify("application/hwp+zip") == "com.hancom.hwpx")
        #expect(
            try classify("application/vnd.recordare.musicxml")
                == "com.recordare.musicxml-compressed"
        )
        #expect(
            try classify("application/vnd.adobe.indesign-idml-package")
                == "com.adobe.indesign.idml"
        )
        #expect(try classify("application/vnd.etsi.asic-e+zip") == "org.etsi.asic-e")
        #expect(try classify("application/vnd.etsi.asic-s+zip") == "org.etsi.asic-s")
        #expect(try classify("image/png") == "public.zip-archive")
        #expect(try classify("application/x-mediatype-undeclared") == "public.zip-archive")
    }

    /// Compressed MusicXML is known by its container file.
    ///
    /// The first `rootfile` names the score (by the MusicXML media type, or as a `.musicxml`
    /// or `.xml` entry at the root that the archive holds). EPUB's container names an OPF
    /// package.
    @Test func compressedMusicXMLByItsContainerFile() throws {
        let classifier = Classifier(registry: .builtinOnly)
        func classify(_ container: String, _ entries: [String]) throws -> String {
            let archive = ZIPBuilder(
                entries: [("META-INF/container.xml", B.ascii(container))]
                    + entries.map { ($0, B.ascii("<score-partwise/>")) }
            )
            return try classifier.classify(bytes: archive.build(), fileName: nil).type.identifier
        }
        func container(_ rootfile: String) -> String {
            "<?xml version=\"1.0\"?>\n<container>\n  <rootfiles>\n    \(rootfile)\n"
                + "  </rootfiles>\n</container>\n"
        }
        let mxl = "com.recordare.musicxml-compressed"
        #expect(
            try classify(container("<rootfile full-path=\"a.musicxml\"/>"), ["a.musicxml"]) == mxl
        )
        #expect(try classify(container("<rootfile full-path=\"a.xml\"/>"), ["a.xml"]) == mxl)
        let typed =
            "<rootfile full-path=\"s/a.xml\" media-type=\"application/vnd.recordare.musicxml+xml\"/>"
        #expect(try classify(container(typed), ["s/a.xml"]) == mxl)
        // A root file the archive lacks, one in a folder with no media type, and EPUB's OPF.
        #expect(try classify(container("<rootfile full-path=\"b.xml\"/>"), ["a.xml"]) != mxl)
        #expect(try classify(container("<rootfile full-path=\"s/a.xml\"/>"), ["s/a.xml"]) != mxl)
        let opf =
            "<rootfile full-path=\"EPUB/content.opf\" media-type=\"application/oebps-package+xml\"/>"
        #expect(try classify(container(opf), ["EPUB/content.opf"]) != mxl)
    }

    @Test func zipMarkerEntries() {
        let cases: [([String], String)] = [
            (
                ["[Content_Types].xml", "_rels/.rels", "word/document.xml"],
                "org.openxmlformats.wordprocessingml.document"
            ),
            (
                ["[Content_Types].xml", "word/document.xml", "word/vbaProject.bin"],
                "org.openxmlformats.wordprocessingml.document.macroenabled"
            ),
            (["[Content_Types].xml", "xl/workbook.xml"], "org.openxmlformats.spreadsheetml.sheet"),
            (
                ["[Content_Types].xml", "xl/workbook.xml", "xl/vbaProject.bin"],
                "org.openxmlformats.spreadsheetml.sheet.macroenabled"
            ),
            (
                ["[Content_Types].xml", "xl/workbook.bin"],
                "com.microsoft.excel.sheet.binary.macroenabled"
            ),
            (
                ["[Content_Types].xml", "ppt/presentation.xml"],
                "org.openxmlformats.presentationml.presentation"
            ),
            (["[Content_Types].xml", "visio/document.xml"], "com.microsoft.visio.vsdx"),
            (["[Content_Types].xml", "3D/3dmodel.model"], "org.3mf.3mf"),
            (
                ["AndroidManifest.xml", "classes.dex", "META-INF/MANIFEST.MF"],
                "com.android.package-archive"
            ),
            (["Payload/", "Payload/Demo.app/Info.plist"], "com.apple.ios-app-archive"),
            (["Payload/readme.txt"], "public.zip-archive"),
            (["install.rdf", "chrome.manifest"], "org.mozilla.xpinstall"),
            (["manifest.json", "META-INF/mozilla.rsa"], "org.mozilla.xpinstall"),
            // A WebExtension manifest that does not name Gecko may be Chrome's.
            (["manifest.json", "background.js"], "public.zip-archive"),
            (["doc.kml", "files/a.png"], "com.google.earth.kmz"),
            (["geogebra_thumbnail.png", "geogebra.xml"], "org.geogebra.ggb"),
            (["geogebra.xml", "geogebra_macro.xml"], "org.geogebra.ggb"),
            (["geogebra_macro.xml"], "org.geogebra.ggt"),
            (["docs/geogebra.xml"], "public.zip-archive"),
            (["a.npy", "b.npy"], "org.numpy.npz"),
            (["content.xlf"], "org.oasis-open.xliff-zip"),
            (["work/", "work/a.xlf", "work/a.skl"], "org.oasis-open.xliff-zip"),
            (["content.xlf", "readme.txt"], "public.zip-archive"),
            (
                ["archive/data.warc.gz", "pages/pages.jsonl", "datapackage.json"],
                "org.webrecorder.wacz"
            ),
            (["datapackage.json", "data/table.csv"], "org.frictionlessdata.data-package-zip"),
            (["model/data.pkl", "model/version", "model/data/0"], "org.pytorch.pt"),
            (["archive/data.pkl", "archive/.data/version"], "org.pytorch.pt"),
            (["model/data.pkl", "model/data/0"], "public.zip-archive"),
            (["a/b/data.pkl", "a/b/version"], "public.zip-archive"),
            (["a.npy", "notes.txt"], "public.zip-archive"),
            (["[Content_Types].xml", "_rels/.rels", "Example.nuspec"], "org.nuget.package"),
            (["[Content_Types].xml", "docs/Example.nuspec"], "public.zip-archive"),
            (
                ["demo/__init__.py", "demo-1.0.dist-info/METADATA", "demo-1.0.dist-info/WHEEL"],
                "org.python.wheel"
            ),
            (["demo-1.0.dist-info/WHEEL"], "public.zip-archive"),
            (["lib/x-1.0.dist-info/WHEEL", "lib/x-1.0.dist-info/METADATA"], "public.zip-archive"),
            (["extension.vsixmanifest", "[Content_Types].xml"], "com.microsoft.vsix"),
            (["docs/extension.vsixmanifest"], "public.zip-archive"),
            (["scene.usdc", "tex.png"], "com.pixar.universal-scene-description-mobile"),
            (["tex.png", "scene.usdc"], "public.zip-archive"),
            (
                ["META-INF/", "META-INF/manifest.xml", "description.xml", "addon.xcu"],
                "org.openoffice.extension"
            ),
            (["META-INF/manifest.xml", "content.xml"], "public.zip-archive"),
            (["META-INF/MANIFEST.MF", "a/B.class"], "com.sun.java-archive"),
            (["META-INF/MANIFEST.MF", "WEB-INF/web.xml"], "com.sun.web-application-archive"),
            (["readme.txt", "word/notes.txt"], "public.zip-archive"),
            (["pass.json", "manifest.json", "signature", "icon.png"], "com.apple.pkpass"),
            (["pass.json", "logo.png"], "com.apple.pkpass"),
            (["pass.json", "data.csv"], "public.zip-archive"),
            (
                ["Index/Document.iwa", "Index/Tables/DataList.iwa", "Metadata/Properties.plist"],
                "com.apple.iWork.Pages.sffpages"
            ),
            (
                ["Index/Document.iwa", "Index/Tables/Tile.iwa", "Index/Tables/DataList.iwa"],
                "com.apple.iWork.Numbers.sffnumbers"
            ),
        ]
        for (names, expected) in cases {
            #expect(Self.sniff(ZIPBuilder(names).build())?.identifier == expected, "\(names)")
        }
    }

    /// A Word 97 template differs from a document by one bit of its File Information Block.
    @Test func aWordTemplateByItsFIB() throws {
        let classifier = Classifier(registry: .builtinOnly)
        for (file, identifier) in [
            ("document.dot", "com.microsoft.word.dot"), ("document.doc", "com.microsoft.word.doc"),
        ] {
            let result = try classifier.classify(bytes: try fixtureBytes(file), fileName: nil)
            #expect(result.type.identifier == identifier, "\(file): \(result.detail)")
        }
    }

    @Test func zipMimetypeEntry() {
        func archive(_ mimeType: String) -> [UInt8] {
            ZIPBuilder(entries: [("mimetype", B.ascii(mimeType)), ("content.xml", B.ascii("<x/>"))])
                .build()
        }
        #expect(
            Self.sniff(archive("application/epub+zip"))?.identifier == "org.idpf.epub-container"
        )
        #expect(
            Self.sniff(archive("application/vnd.oasis.opendocument.graphics"))?.identifier
                == "org.oasis-open.opendocument.graphics"
        )
        #expect(
            Self.sniff(archive("application/vnd.sun.xml.writer\n"))?.identifier
                == "org.openoffice.text"
        )
        #expect(Self.sniff(archive("application/x-unknown"))?.identifier == "public.zip-archive")
        // A mimetype entry that claims 2^32 - 1 bytes is not read.
        var lying = archive("application/epub+zip")
        lying.replaceSubrange(18..<26, with: [UInt8](repeating: 0xFF, count: 8))
        #expect(Self.sniff(lying)?.identifier == "org.idpf.epub-container")
    }

    @Test func zipEndRecordVariants() {
        // Archive comment, data prepended (self-extractor), empty archive.
        let commented = ZIPBuilder(
            ["META-INF/MANIFEST.MF"],
            comment: String(repeating: "c", count: 60_000)
        ).build()
        #expect(Self.sniff(commented)?.identifier == "com.sun.java-archive")
        var prefixed = ZIPBuilder(["META-INF/MANIFEST.MF"])
        prefixed.prefix = B.ascii("PK\u{3}\u{4}") + [UInt8](repeating: 0, count: 3000)
        #expect(Self.sniff(prefixed.build())?.identifier == "com.sun.java-archive")
        let empty: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)
        #expect(Self.sniff(empty)?.identifier == "public.zip-archive")
        // ZIP64: EOCD fields 0xFFFF..., a locator, and the ZIP64 record.
        let plain = ZIPBuilder(["META-INF/MANIFEST.MF"]).build()
        let eocd = plain.count - 22
        let directoryOffset = Array(plain[(eocd + 16)..<(eocd + 20)])
        let directorySize = Array(plain[(eocd + 12)..<(eocd + 16)])
        var zip64 = Array(plain[..<eocd])
        let recordOffset = UInt64(zip64.count)
        zip64 +=
            [0x50, 0x4B, 0x06, 0x06] + B.le64(44) + B.le16(45) + B.le16(45) + B.le32(0) + B.le32(0)
            + B.le64(1) + B.le64(1) + directorySize + [0, 0, 0, 0] + directoryOffset + [0, 0, 0, 0]
        zip64 += [0x50, 0x4B, 0x06, 0x07] + B.le32(0) + B.le64(recordOffset) + B.le32(1)
        zip64 +=
            [0x50, 0x4B, 0x05, 0x06] + B.le16(0xFFFF) + B.le16(0xFFFF) + B.le16(0xFFFF)
            + B.le16(0xFFFF)
            + B.le32(0xFFFF_FFFF) + B.le32(0xFFFF_FFFF) + B.le16(0)
        #expect(Self.sniff(zip64)?.identifier == "com.sun.java-archive")
    }

    @Test func zipHostileDirectories() {
        let base = ZIPBuilder(["[Content_Types].xml", "word/document.xml"]).build()
        let eocd = base.count - 22
        func patched(_ offset: Int, _ bytes: [UInt8]) -> [UInt8] {
            var copy = base
            copy.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
            return copy
        }
        // Directory size and offset past the end: the local headers still tell.
        let docx = "org.openxmlformats.wordprocessingml.document"
        #expect(Self.sniff(patched(eocd + 12, B.le32(0xFFFF_FFF0)))?.identifier == docx)
        #expect(Self.sniff(patched(eocd + 16, B.le32(0xFFFF_FFFF)))?.identifier == docx)
        // Entry count 65,535 with two entries present.
        #expect(Self.sniff(patched(eocd + 10, B.le16(0xFFFF)))?.identifier == docx)
        // A comment length longer than the tail: no end record found.
        #expect(Self.sniff(patched(eocd + 20, B.le16(0xFFFF)))?.identifier == docx)
        // ZIP64 locator pointing at 2^64 - 1.
        var locator = Array(base[..<eocd])
        locator += [0x50, 0x4B, 0x06, 0x07] + B.le32(0) + B.le64(.max) + B.le32(1)
        locator +=
            [0x50, 0x4B, 0x05, 0x06] + B.le16(0) + B.le16(0) + B.le16(0xFFFF) + B.le16(0xFFFF)
            + B.le32(0xFFFF_FFFF) + B.le32(0xFFFF_FFFF) + B.le16(0)
        #expect(Self.sniff(locator)?.identifier == docx)
        // A central directory entry whose name length runs past the end.
        let firstEntry = Int(base[eocd + 16]) | Int(base[eocd + 17]) << 8
        #expect(Self.sniff(patched(firstEntry + 28, B.le16(0xFFFF)))?.identifier == docx)
        // Local header alone, with a data descriptor and a huge size.
        let local: [UInt8] =
            [0x50, 0x4B, 0x03, 0x04] + B.le16(20) + B.le16(8) + B.le16(8) + B.le32(0)
            + B.le32(0) + B.le32(0xFFFF_FFFF) + B.le32(0) + B.le16(7) + B.le16(0xFFFF)
            + B.ascii("mimetyp")
        #expect(Self.sniff(local)?.identifier == "public.zip-archive")
        #expect(Self.sniff([0x50, 0x4B, 0x03, 0x04])?.identifier == "public.zip-archive")
    }

    @Test func zipWithManyEntriesIsBounded() {
        var builder = ZIPBuilder([])
        builder.entries = (0..<66_000).map { (name: "f\($0 % 10)", data: []) }
        builder.entries.append((name: "META-INF/MANIFEST.MF", data: []))
        let bytes = builder.build()
        let (input, reads) = ImageContainerTextSupport.countingInput(bytes)
        // The end record caps the count at 65,535 and the reader at 65,535 entries, so the
        // marker entry is past what is listed.
        let result = ContainerSniffer.sniff(input)
        #expect(result?.identifier == "public.zip-archive")
        #expect(reads.count <= 8)
    }

    @Test func zipClassificationCostsFewReads() {
        var builder = ZIPBuilder(["[Content_Types].xml", "word/document.xml"])
        builder.entries[0].data = [UInt8](repeating: 0x41, count: 200_000)
        let (input, reads) = ImageContainerTextSupport.countingInput(builder.build())
        #expect(
            ContainerSniffer.sniff(input)?.identifier
                == "org.openxmlformats.wordprocessingml.document"
        )
        #expect(reads.count == 2)
    }

    // MARK: Office Open XML kinds

    static let wordML = "application/vnd.openxmlformats-officedocument.wordprocessingml."
    static let sheetML = "application/vnd.openxmlformats-officedocument.spreadsheetml."
    static let slideML = "application/vnd.openxmlformats-officedocument.presentationml."
    static let docx = "org.openxmlformats.wordprocessingml.document"
    static let dotx = "org.openxmlformats.wordprocessingml.template"

    /// A `[Content_Types].xml` whose main part (an Override) has `mainType`.
    static func contentTypes(
        _ mainType: String,
        partName: String = "/word/document.xml",
        padding: Int = 0
    ) -> [UInt8] {
        let defaults = (0..<padding).map {
            "<Default Extension=\"e\($0)\" ContentType=\"image/png\"/>"
        }
        return B.ascii(
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
                + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
                + "<Override PartName=\"\(partName)\" ContentType=\"\(mainType)\"/>"
                + defaults.joined()
                + "<Default Extension=\"rels\" "
                + "ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
                + "<Default Extension=\"xml\" ContentType=\"application/xml\"/></Types>"
        )
    }

    /// An Office package: `[Content_Types].xml` with `xml`, then (or before it) the parts.
    fileprivate static func package(
        _ xml: [UInt8],
        parts: [String],
        contentTypesFirst: Bool = true,
        deflated: Bool = true
    ) -> ZIPBuilder {
        let others = parts.map { (name: $0, data: B.ascii("<part/>")) }
        let types = (name: "[Content_Types].xml", data: xml)
        var builder = ZIPBuilder(entries: contentTypesFirst ? [types] + others : others + [types])
        builder.deflated = deflated
        return builder
    }

    @Test func theMainPartsContentTypeDecidesTheKind() {
        let word = ["_rels/.rels", "word/document.xml"]
        let sheet = ["_rels/.rels", "xl/workbook.xml"]
        let slides = ["_rels/.rels", "ppt/presentation.xml"]
        let visio = ["_rels/.rels", "visio/document.xml"]
        let cases: [(String, [String], String)] = [
            (Self.wordML + "document.main+xml", word, Self.docx),
            (Self.wordML + "template.main+xml", word, Self.dotx),
            (
                "application/vnd.ms-word.document.macroEnabled.main+xml", word,
                Self.docx + ".macroenabled"
            ),
            (
                "application/vnd.ms-word.template.macroEnabledTemplate.main+xml", word,
                Self.dotx + ".macroenabled"
            ),
            (Self.sheetML + "sheet.main+xml", sheet, "org.openxmlformats.spreadsheetml.sheet"),
            (
                Self.sheetML + "template.main+xml", sheet,
                "org.openxmlformats.spreadsheetml.template"
            ),
            (
                "application/vnd.ms-excel.sheet.macroEnabled.main+xml", sheet,
                "org.openxmlformats.spreadsheetml.sheet.macroenabled"
            ),
            (
                "application/vnd.ms-excel.template.macroEnabled.main+xml", sheet,
                "org.openxmlformats.spreadsheetml.template.macroenabled"
            ),
            (
                "application/vnd.ms-excel.sheet.binary.macroEnabled.main", sheet,
                "com.microsoft.excel.sheet.binary.macroenabled"
            ),
            (
                "application/vnd.ms-excel.addin.macroEnabled.main+xml", sheet,
                "com.microsoft.excel.addin.macroenabled"
            ),
            (
                Self.slideML + "presentation.main+xml", slides,
                "org.openxmlformats.presentationml.presentation"
            ),
            (
                Self.slideML + "template.main+xml", slides,
                "org.openxmlformats.presentationml.template"
            ),
            (
                Self.slideML + "slideshow.main+xml", slides,
                "org.openxmlformats.presentationml.slideshow"
            ),
            (
                "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml", slides,
                "org.openxmlformats.presentationml.presentation.macroenabled"
            ),
            (
                "application/vnd.ms-powerpoint.template.macroEnabled.main+xml", slides,
                "org.openxmlformats.presentationml.template.macroenabled"
            ),
            (
                "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml", slides,
                "org.openxmlformats.presentationml.slideshow.macroenabled"
            ),
            (
                "application/vnd.ms-powerpoint.addin.macroEnabled.main+xml", slides,
                "com.microsoft.powerpoint.addin.macroenabled"
            ),
            ("application/vnd.ms-visio.drawing.main+xml", visio, "com.microsoft.visio.vsdx"),
            (
                "application/vnd.ms-visio.drawing.macroEnabled.main+xml", visio,
                "com.microsoft.visio.vsdm"
            ),
            ("application/vnd.ms-visio.template.main+xml", visio, "com.microsoft.visio.vstx"),
            (
                "application/vnd.ms-visio.template.macroEnabled.main+xml", visio,
                "com.microsoft.visio.vstm"
            ),
            ("application/vnd.ms-visio.stencil.main+xml", visio, "com.microsoft.visio.vssx"),
            (
                "application/vnd.ms-visio.stencil.macroEnabled.main+xml", visio,
                "com.microsoft.visio.vssm"
            ),
        ]
        for (mainType, parts, expected) in cases {
            for first in [true, false] {
                for deflated in [true, false] {
                    let bytes = Self.package(
                        Self.contentTypes(mainType),
                        parts: parts,
                        contentTypesFirst: first,
                        deflated: deflated
                    ).build()
                    let result = Self.sniff(bytes)
                    #expect(
                        result?.identifier == expected,
                        "\(mainType) first \(first) \(deflated)"
                    )
                    #expect(result?.detail.contains("main part \(mainType)") == true)
                }
            }
        }
    }

    /// A package rooted at one slide or a theme has no main part; a slide or theme among a
    /// presentation's or a document's parts does not make it one.
    @Test func aSlideOrThemePackageWithoutAMainPart() {
        let slide = Self.slideML + "slide+xml"
        let theme = "application/vnd.openxmlformats-officedocument.theme+xml"
        let manager = "application/vnd.openxmlformats-officedocument.themeManager+xml"
        let slideParts = ["_rels/.rels", "ppt/slides/slide1.xml", "ppt/theme/theme1.xml"]
        let themeParts = ["_rels/.rels", "theme/theme/themeManager.xml", "theme/theme/theme1.xml"]
        func types(_ overrides: [(String, String)]) -> [UInt8] {
            B.ascii(
                "<Types>"
                    + overrides.map { "<Override PartName=\"\($0.0)\" ContentType=\"\($0.1)\"/>" }
                    .joined() + "</Types>"
            )
        }
        let cases: [([(String, String)], [String], String)] = [
            (
                [("/ppt/theme/theme1.xml", theme), ("/ppt/slides/slide1.xml", slide)], slideParts,
                "org.openxmlformats.presentationml.slide"
            ),
            (
                [
                    (
                        "/ppt/slides/slide1.xml",
                        "application/vnd.ms-powerpoint.slide.macroEnabled.main+xml"
                    )
                ],
                slideParts, "org.openxmlformats.presentationml.slide.macroenabled"
            ),
            (
                [("/ppt/slides/slide1.xml", slide)], slideParts + ["ppt/vbaProject.bin"],
                "org.openxmlformats.presentationml.slide.macroenabled"
            ),
            (
                [("/theme/theme/themeManager.xml", manager), ("/theme/theme/theme1.xml", theme)],
                themeParts, "com.microsoft.office.theme"
            ),
            ([("/theme/theme/theme1.xml", theme)], themeParts, "com.microsoft.office.theme"),
            // A presentation's slides and theme, a document's theme: the main part decides.
            (
                [
                    ("/ppt/slides/slide1.xml", slide), ("/ppt/theme/theme1.xml", theme),
                    ("/ppt/presentation.xml", Self.slideML + "presentation.main+xml"),
                ],
                slideParts, "org.openxmlformats.presentationml.presentation"
            ),
            (
                [("/word/theme/theme1.xml", theme)], ["_rels/.rels", "word/document.xml"],
                Self.docx
            ),
        ]
        for (overrides, parts, expected) in cases {
            for deflated in [true, false] {
                let bytes = Self.package(types(overrides), parts: parts, deflated: deflated)
                    .build()
                #expect(Self.sniff(bytes)?.identifier == expected, "\(overrides)")
            }
        }
    }

    @Test func contentTypesAreReadWhateverTheirSpelling() {
        let template = Self.wordML + "template.main+xml"
        let word = ["word/document.xml"]
        func sniff(_ xml: String) -> String? {
            Self.sniff(Self.package(B.ascii(xml), parts: word).build())?.identifier
        }
        // A Default element, single quotes, spaces around "=", upper case, line breaks.
        #expect(
            sniff("<Types><Default Extension=\"xml\" ContentType=\"\(template)\"/></Types>")
                == Self.dotx
        )
        #expect(
            sniff("<Types><Override PartName='/a.xml' ContentType='\(template)'/></Types>")
                == Self.dotx
        )
        #expect(
            sniff("<Types><Override\n\tContentType \r\n=  \"\(template)\"/></Types>") == Self.dotx
        )
        #expect(
            sniff("<Types><Override ContentType=\"\(template.uppercased())\"/></Types>")
                == Self.dotx
        )
        // Only a whole attribute name counts.
        #expect(
            sniff(
                "<Types><Override XContentType=\"\(template)\" "
                    + "ContentType=\"\(Self.wordML)document.main+xml\"/></Types>"
            ) == Self.docx
        )
        // An unterminated or overlong value, or no value at all, is not a content type.
        #expect(sniff("<Types><Override ContentType=\"\(template)") == Self.docx)
        #expect(sniff("<Types><Override ContentType=\(template)/></Types>") == Self.docx)
        #expect(
            sniff(
                "<Types><Override ContentType=\"\(String(repeating: " ", count: 300))\(template)\"/>"
            )
                == Self.docx
        )
        // UTF-16 with either byte order mark.
        let xml = "<Types><Override PartName=\"/w.xml\" ContentType=\"\(template)\"/></Types>"
        let little: [UInt8] = [0xFF, 0xFE] + xml.utf16.flatMap { B.le16($0) }
        let big: [UInt8] = [0xFE, 0xFF] + xml.utf16.flatMap { B.le16($0).reversed() }
        #expect(Self.sniff(Self.package(little, parts: word).build())?.identifier == Self.dotx)
        #expect(Self.sniff(Self.package(big, parts: word).build())?.identifier == Self.dotx)
    }

    @Test func aVBAProjectMakesAnyKindMacroEnabled() {
        let cases: [(String, [String], String)] = [
            (
                Self.wordML + "template.main+xml", ["word/vbaProject.bin"],
                Self.dotx + ".macroenabled"
            ),
            (
                Self.slideML + "slideshow.main+xml", ["ppt/vbaProject.bin"],
                "org.openxmlformats.presentationml.slideshow.macroenabled"
            ),
            (
                Self.sheetML + "template.main+xml", ["xl/VBAPROJECT.BIN"],
                "org.openxmlformats.spreadsheetml.template.macroenabled"
            ),
        ]
        for (mainType, parts, expected) in cases {
            let result = Self.sniff(Self.package(Self.contentTypes(mainType), parts: parts).build())
            #expect(result?.identifier == expected, "\(mainType)")
            #expect(result?.detail.contains("VBA project") == true)
        }
        // Only a part of that name counts, not one whose name merely ends with it.
        let lookalike = Self.sniff(
            Self.package(
                Self.contentTypes(Self.wordML + "template.main+xml"),
                parts: ["word/myvbaProject.bin"]
            ).build()
        )
        #expect(lookalike?.identifier == Self.dotx)
    }

    @Test func theFoldersApplicationIsPreferredAndAnyMainPartCounts() {
        // Two main types: the one of the word/ folder's application wins.
        let both = B.ascii(
            "<Types><Override PartName=\"/x.xml\" ContentType=\"\(Self.sheetML)sheet.main+xml\"/>"
                + "<Override PartName=\"/w.xml\" ContentType=\"\(Self.wordML)template.main+xml\"/>"
                + "</Types>"
        )
        #expect(
            Self.sniff(Self.package(both, parts: ["word/w.xml"]).build())?.identifier == Self.dotx
        )
        #expect(
            Self.sniff(Self.package(both, parts: ["other/w.xml"]).build())?.identifier
                == "org.openxmlformats.spreadsheetml.sheet"
        )
        // The main part may live anywhere in a package (ECMA-376 Part 2).
        let elsewhere = Self.contentTypes(Self.wordML + "template.main+xml", partName: "/main.xml")
        #expect(
            Self.sniff(Self.package(elsewhere, parts: ["main.xml"]).build())?.identifier
                == Self.dotx
        )
        // An OPC package of another kind (3MF) keeps its own rule.
        let model = Self.contentTypes(
            "application/vnd.ms-package.3dmanufacturing-3dmodel+xml",
            partName: "/3D/3dmodel.model"
        )
        #expect(
            Self.sniff(Self.package(model, parts: ["3D/3dmodel.model"]).build())?.identifier
                == "org.3mf.3mf"
        )
    }

    @Test func aDamagedContentTypesPartFallsBackToTheFolderNames() {
        let xml = Self.contentTypes(Self.wordML + "template.main+xml")
        func sniff(_ change: ZIPBuilder.Override, deflated: Bool = true) -> SniffResult? {
            var builder = Self.package(xml, parts: ["word/document.xml"], deflated: deflated)
            builder.overrides["[Content_Types].xml"] = change
            return Self.sniff(builder.build())
        }
        let cases: [(ZIPBuilder.Override, Bool, String)] = [
            (ZIPBuilder.Override(crc: 0x1234_5678), true, "fails its CRC-32"),
            (ZIPBuilder.Override(crc: 0x1234_5678), false, "fails its CRC-32"),
            (ZIPBuilder.Override(uncompressedSize: 12), true, "not the 12 recorded"),
            (ZIPBuilder.Override(compressed: [0x07, 0x00, 0x00]), true, "damaged after 0 bytes"),
            (ZIPBuilder.Override(flags: 1), true, "is encrypted"),
            (ZIPBuilder.Override(method: 12), true, "compression method 12"),
            (ZIPBuilder.Override(localHeaderOffset: 0x7FFF_FFFF), true, "no local header"),
            (
                ZIPBuilder.Override(compressed: [], crc: 0, uncompressedSize: 0), false,
                "names no known main part"
            ),
            // A central directory's size of 0 is an empty part, whatever bytes follow.
            (ZIPBuilder.Override(compressedSize: 0), false, "is 0 bytes, not the"),
        ]
        for (change, deflated, note) in cases {
            let result = sniff(change, deflated: deflated)
            #expect(result?.identifier == Self.docx, "\(note)")
            #expect(result?.detail.contains(note) == true, "\(result?.detail ?? "nil")")
        }
    }

    @Test func aPartCutShortOrOversizedIsReadAsFarAsItGoes() {
        let xml = Self.contentTypes(Self.wordML + "template.main+xml", padding: 40)
        let stream = DeflateWriter.deflate(xml)
        func sniff(_ change: ZIPBuilder.Override) -> SniffResult? {
            var builder = Self.package(xml, parts: ["word/document.xml"])
            builder.overrides["[Content_Types].xml"] = change
            return Self.sniff(builder.build())
        }
        // The stream is cut after the main part's Override but before its end.
        let cut = sniff(ZIPBuilder.Override(compressed: Array(stream.prefix(stream.count / 2))))
        #expect(cut?.identifier == Self.dotx)
        #expect(cut?.detail.contains("cut short") == true)
        // A recorded size far larger than the file, or unknown (0xFFFFFFFF: ZIP64): the read
        // is capped, and the stream's own end stops the decoding.
        #expect(sniff(ZIPBuilder.Override(compressedSize: 0xFFFF_FFF0))?.identifier == Self.dotx)
        #expect(sniff(ZIPBuilder.Override(compressedSize: 0xFFFF_FFFF))?.identifier == Self.dotx)
    }

    @Test func aBombInTheContentTypesPartIsReadOnlyToTheLimit() {
        let template = Self.wordML + "template.main+xml"
        let head = B.ascii("<Types><Override PartName=\"/w.xml\" ContentType=\"\(template)\"/>")
        // About 100 MB decoded: the main type comes first, then an endless run of spaces.
        let first = DeflateWriter.bomb(prefix: head + [0x20], repeats: 400_000)
        // The same run, with the main type after it, past what is read.
        let last = DeflateWriter.bomb(prefix: B.ascii("<Types> "), repeats: 400_000, suffix: head)
        let clock = ContinuousClock()
        for (stream, expected) in [(first, Self.dotx), (last, Self.docx)] {
            var builder = Self.package(B.ascii("<Types/>"), parts: ["word/document.xml"])
            builder.overrides["[Content_Types].xml"] = ZIPBuilder.Override(
                compressed: stream,
                crc: 0,
                uncompressedSize: 0xFFFF_FFFF
            )
            let (input, reads) = ImageContainerTextSupport.countingInput(builder.build())
            let start = clock.now
            let result = ContainerSniffer.sniff(input)
            #expect(clock.now - start < .seconds(2) * timeScaleUnderSanitizers)
            #expect(result?.identifier == expected)
            #expect(result?.detail.contains("first 65536 bytes") == true, "\(result?.detail ?? "")")
            // The tail, then the part: at most 256 KiB of its 650 KB.
            #expect(reads.count <= 3)
        }
    }

    @Test func aTruncatedOfficePackageIsDecidedFromItsLocalHeaders() throws {
        // Office writes [Content_Types].xml first: a download cut short still tells.
        var builder = Self.package(
            Self.contentTypes(Self.slideML + "slideshow.main+xml"),
            parts: ["_rels/.rels", "ppt/presentation.xml", "ppt/slides/slide1.xml"]
        )
        builder.entries[3].data = [UInt8](repeating: 0x41, count: 5000)
        let whole = builder.build()
        let cut = Array(whole.prefix(whole.count - 3000))
        let result = Self.sniff(cut)
        #expect(result?.identifier == "org.openxmlformats.presentationml.slideshow")
        #expect(result?.detail.contains("local headers") == true)
        // Sizes after the data (bit 3): zero in the local header, no CRC to check.
        var described = builder
        described.overrides["[Content_Types].xml"] = ZIPBuilder.Override(
            flags: 0x08,
            crc: 0,
            compressedSize: 0,
            uncompressedSize: 0
        )
        let local = Array(described.build().prefix(whole.count - 3000))
        #expect(Self.sniff(local)?.identifier == "org.openxmlformats.presentationml.slideshow")
    }

    @Test func thePartIsReadFromTheTailAlreadyRead() {
        // A large first entry, then the parts and [Content_Types].xml at the end (as
        // LibreOffice writes them): the tail read holds the part and the directory.
        var builder = Self.package(
            Self.contentTypes(Self.wordML + "template.main+xml"),
            parts: ["word/media/image1.png", "word/document.xml"],
            contentTypesFirst: false
        )
        builder.entries[0].data = [UInt8](repeating: 0x42, count: 300_000)
        let (input, reads) = ImageContainerTextSupport.countingInput(builder.build())
        #expect(ContainerSniffer.sniff(input)?.identifier == Self.dotx)
        #expect(reads.count == 1)
    }

    @Test func oleRootEntries() {
        let cases: [([String], String?)] = [
            (["\u{1}CompObj", "WordDocument", "1Table"], "com.microsoft.word.doc"),
            (["Workbook"], "com.microsoft.excel.xls"),
            (["Book"], "com.microsoft.excel.xls"),
            // Entry names compare without regard to case (MS-CFB 2.6.4).
            (["WORKBOOK"], "com.microsoft.excel.xls"),
            (["BOOK"], "com.microsoft.excel.xls"),
            (["Current User", "PowerPoint Document"], "com.microsoft.powerpoint.ppt"),
            (["__nameid_version1.0", "__substg1.0_0037001F"], "com.microsoft.outlook.msg"),
            (["VisioDocument"], "com.microsoft.visio.vsd"),
            (["Quill"], "com.microsoft.publisher.pub"),
            (["StarWriterDocument"], "org.openoffice.text"),
            (["PageMaker"], "com.adobe.pagemaker"),
            (["StarCalcDocument"], "org.openoffice.spreadsheet"),
            (["Contents", "Unknown"], nil),
            ([], nil),
        ]
        for (names, expected) in cases {
            let builder = OLEBuilder(children: names.map { ($0, 2) })
            #expect(Self.sniff(builder.build())?.identifier == expected, "\(names)")
        }
        var large = OLEBuilder(children: [("Book", 2), ("WordDocument", 2)])
        large.sectorShift = 12
        #expect(Self.sniff(large.build())?.identifier == "com.microsoft.word.doc")
        var msi = OLEBuilder(children: [("\u{4840}\u{3F3F}", 2)])
        msi.rootClassID = [0x84, 0x10, 0x0C, 0x00, 0, 0, 0, 0, 0xC0, 0, 0, 0, 0, 0, 0, 0x46]
        #expect(Self.sniff(msi.build())?.identifier == "com.microsoft.installer")
    }

    /// StarOffice 3 and 4 are libmagic's application/x-star* types, StarOffice 5 the
    /// vnd.stardivision ones Tika and shared-mime-info name (kinds of Apple's OpenOffice types).
    @Test func starOfficeVersionsByClassID() {
        let cases: [([UInt8], String)] = [
            (
                [
                    0xB0, 0xE9, 0x04, 0x8B, 0x0E, 0x42, 0xD0, 0x11, 0xA4, 0x5E, 0x00, 0xA0, 0x24,
                    0x9D, 0x57, 0xB1,
                ],
                "com.stardivision.writer"
            ),
            (
                [
                    0xD1, 0xF9, 0x0C, 0xC2, 0xAE, 0x85, 0xD1, 0x11, 0xAA, 0xB4, 0x00, 0x60, 0x97,
                    0xDA, 0x56, 0x1A,
                ],
                "com.stardivision.writer5"
            ),
            (
                [
                    0xA0, 0x3F, 0x54, 0x3F, 0xA6, 0xB6, 0x1B, 0x10, 0x99, 0x61, 0x04, 0x02, 0x1C,
                    0x00, 0x70, 0x02,
                ],
                "com.stardivision.calc"
            ),
            (
                [
                    0xE0, 0xAA, 0x10, 0xAF, 0x6D, 0xB3, 0x1B, 0x10, 0x99, 0x61, 0x04, 0x02, 0x1C,
                    0x00, 0x70, 0x02,
                ],
                "com.stardivision.draw"
            ),
            (
                [
                    0xE0, 0xB7, 0xB3, 0x02, 0x25, 0x42, 0xD0, 0x11, 0x89, 0xCA, 0x00, 0x80, 0x29,
                    0xE4, 0xB0, 0xB1,
                ],
                "com.stardivision.chart-legacy"
            ),
        ]
        for (classID, expected) in cases {
            var builder = OLEBuilder(children: [("SfxDocumentInfo", 2)])
            builder.rootClassID = classID
            #expect(Self.sniff(builder.build())?.identifier == expected, "\(expected)")
        }
        #expect(
            UTType("com.stardivision.writer5")?.preferredMIMEType
                == "application/vnd.stardivision.writer"
        )
        #expect(UTType("com.stardivision.writer")?.preferredMIMEType == "application/x-starwriter")
    }

    @Test func oleHostileStructures() {
        // The directory chain loops on itself.
        var cyclic = OLEBuilder(children: [("WordDocument", 2)])
        cyclic.directoryNext = 1
        #expect(Self.sniff(cyclic.build())?.identifier == "com.microsoft.word.doc")
        // The root's child points back at the root.
        var selfChild = OLEBuilder(children: [("WordDocument", 2)])
        selfChild.rootChild = 0
        #expect(Self.sniff(selfChild.build()) == nil)
        // Directory sector past the end, or a marker value.
        var farAway = OLEBuilder(children: [("WordDocument", 2)])
        farAway.firstDirectorySector = 0xFFFF_FFF0
        #expect(Self.sniff(farAway.build()) == nil)
        farAway.firstDirectorySector = 0x00FF_FFFF
        #expect(Self.sniff(farAway.build()) == nil)
        // Sector shift 15, wrong byte order mark, header only.
        var bytes = OLEBuilder(children: [("WordDocument", 2)]).build()
        bytes[30] = 15
        #expect(Self.sniff(bytes) == nil)
        #expect(
            Self.sniff(Array(OLEBuilder(children: [("WordDocument", 2)]).build().prefix(512)))
                == nil
        )
        #expect(Self.sniff([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) == nil)
    }

    @Test func oleDirectoryPastTheHeaderDIFAT() {
        // A 512-byte-sector file of 8 MiB, read sparsely: the directory starts in sector
        // 14,000, whose FAT entry sits in FAT sector 109, listed in a DIFAT sector (2) rather
        // than the header. The chain leads on to sector 1, which holds the root's child.
        let none: UInt32 = 0xFFFF_FFFF
        var header = Array(OLEBuilder(children: []).build().prefix(512))
        header.replaceSubrange(48..<52, with: B.le32(14_000))
        header.replaceSubrange(68..<72, with: B.le32(2))
        header.replaceSubrange(72..<76, with: B.le32(1))
        let builder = OLEBuilder(children: [])
        let zeroID = [UInt8](repeating: 0, count: 16)
        var rootSector = builder.entry(
            "Root Entry",
            type: 5,
            left: none,
            right: none,
            child: 4,
            classID: zeroID
        )
        for _ in 0..<3 {
            rootSector += builder.entry(
                "",
                type: 0,
                left: none,
                right: none,
                child: none,
                classID: zeroID
            )
        }
        var childSector = builder.entry(
            "WordDocument",
            type: 2,
            left: none,
            right: none,
            child: none,
            classID: zeroID
        )
        for _ in 0..<3 {
            childSector += builder.entry(
                "",
                type: 0,
                left: none,
                right: none,
                child: none,
                classID: zeroID
            )
        }
        var difatSector = B.le32(3)
        for _ in 1..<127 { difatSector += B.le32(none) }
        difatSector += B.le32(0xFFFF_FFFE)
        var fatSector = [UInt8]()
        for index in 0..<128 { fatSector += B.le32(index == 14_000 % 128 ? 1 : none) }
        let sectors: [UInt64: [UInt8]] = [
            0: header, 2 * 512: childSector, 3 * 512: difatSector, 4 * 512: fatSector,
            14_001 * 512: rootSector,
        ]
        let input = SniffInput(head: header, fileSize: 8 << 20) { offset, count in
            sectors[offset].map { Array($0.prefix(count)) } ?? [UInt8](repeating: 0, count: count)
        }
        #expect(ContainerSniffer.sniff(input)?.identifier == "com.microsoft.word.doc")
    }

    @Test func mutatedContainersNeverTrap() throws {
        var sources: [[UInt8]] = [
            ZIPBuilder(["[Content_Types].xml", "word/document.xml"]).build(),
            ZIPBuilder(entries: [("mimetype", B.ascii("application/epub+zip")), ("a", [])]).build(),
            OLEBuilder(children: [("WordDocument", 2), ("1Table", 2)]).build(),
            Self.package(
                Self.contentTypes(Self.slideML + "slideshow.main+xml", padding: 20),
                parts: ["ppt/presentation.xml", "ppt/vbaProject.bin"]
            ).build(),
        ]
        for fixture in try ImageContainerTextSupport.fixtures()
        where Self.covers(fixture.identifier) {
            sources.append(try ImageContainerTextSupport.bytes(of: fixture))
        }
        var runs = 0
        for (index, bytes) in sources.enumerated() {
            for copy in ImageContainerTextSupport.mutations(
                of: bytes,
                seed: UInt64(index) &* 7919,
                flips: 60
            ) {
                let result = Self.sniff(copy)
                if let result { #expect(!result.identifier.isEmpty) }
                runs += 1
            }
        }
        #expect(runs >= 300)
    }
}
