/// Recognises document and package formats built on ZIP and on the OLE2 compound file: Office
/// Open XML, OpenDocument, EPUB, iWork, Java archives, Android and iOS packages, Mozilla
/// add-ons, legacy Office documents, Outlook messages, Windows Installer databases, and the
/// Works, StarOffice 3-5, WordPerfect, Corel Presentations, Quattro Pro, Project and FlashPix
/// files.
///
/// ZIP archives are judged by their central directory's entry names, the stored `mimetype`
/// entry, and for Office Open XML the main part's content type in `[Content_Types].xml`
/// (decompressed by ``Inflate``, at most ``maximumPartBytes``), which tells a template, a
/// macro-enabled file or a slide show from a plain document. OLE2 files are judged by the
/// names of the root storage's children and the root's CLSID, and for `PerfectOffice_MAIN` by
/// the first bytes of that stream. Reads are few and bounded: the ZIP tail, the central
/// directory (at most ``maximumDirectoryBytes``; usually inside the tail already read), one
/// part, and a handful of OLE2 sectors.
package enum ContainerSniffer {
    /// The most central-directory bytes read from a ZIP archive.
    static let maximumDirectoryBytes = 4 << 20
    /// The most central-directory entries listed.
    static let maximumEntries = 65_535
    /// The eight bytes an OLE2 compound file opens with (MS-CFB 2.2).
    package static let compoundFileSignature: [UInt8] = [
        0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1,
    ]

    /// Classifies a ZIP or OLE2 container by the entries it holds.
    ///
    /// - Parameter input: The head of the file and a bounded reader.
    /// - Returns: The container's type, `public.zip-archive` for a ZIP nothing more specific
    ///   matches, or `nil` for anything else (including an OLE2 file of unknown kind).
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        if ByteFields.matches(head, at: 0, [0x50, 0x4B, 0x03, 0x04]) {
            return sniffZIP(input)
        }
        if ByteFields.matches(head, at: 0, [0x50, 0x4B, 0x05, 0x06]) {
            return SniffResult("public.zip-archive", detail: "empty ZIP archive (EOCD only)")
        }
        if ByteFields.matches(head, at: 0, compoundFileSignature) {
            return sniffOLE(input)
        }
        return nil
    }

    /// Whether the ZIP entry `name` is a part called `file` (lower-case ASCII), ignoring
    /// ASCII case as package part names compare (ECMA-376 Part 2): in any folder, or with
    /// `atRoot`, only at the package's root.
    static func isPart(_ name: String, named file: StaticString, atRoot: Bool = false) -> Bool {
        let length = file.utf8CodeUnitCount
        let tail = name.utf8.suffix(length)
        guard tail.count == length,
            file.withUTF8Buffer({ expected in
                zip(tail, expected).allSatisfy { byte, lower in
                    (0x41...0x5A).contains(byte) ? byte | 0x20 == lower : byte == lower
                }
            })
        else { return false }
        let folder = name.utf8.dropLast(length)
        return folder.isEmpty || (!atRoot && folder.last == UInt8(ascii: "/"))
    }

    static func le16(_ bytes: [UInt8], _ offset: Int) -> UInt16? {
        ByteFields.u16(bytes, offset, littleEndian: true)
    }

    static func le32(_ bytes: [UInt8], _ offset: Int) -> UInt32? {
        ByteFields.u32(bytes, offset, littleEndian: true)
    }

    static func le64(_ bytes: [UInt8], _ offset: Int) -> UInt64? {
        ByteFields.u64(bytes, offset, littleEndian: true)
    }

    /// Reads `count` bytes at `offset` in reads of at most ``SniffInput/maximumReadSize``;
    /// returns what it got (shorter at the end of the file), or `nil` when a read fails.
    static func readAll(_ input: SniffInput, at offset: UInt64, count: Int) -> [UInt8]? {
        var result: [UInt8] = []
        var position = offset
        while result.count < count {
            let want = min(count - result.count, SniffInput.maximumReadSize)
            guard let chunk = input.read(at: position, count: want) else { return nil }
            result += chunk
            if chunk.count < want { break }
            position += UInt64(chunk.count)
        }
        return result
    }
}

// MARK: - ZIP

extension ContainerSniffer {
    /// One central-directory (or local-header) entry.
    struct ZIPEntry {
        var name: String
        var flags: UInt16
        var method: UInt16
        /// The size of the stored data, when the record holds it.
        ///
        /// Nil for ZIP64 (0xFFFFFFFF) and in a local header whose sizes follow the data
        /// (bit 3); a central directory's 0 is an empty entry.
        var compressedSize: UInt64?
        /// The size after decompression, when the record holds it.
        var uncompressedSize: UInt64?
        /// The CRC-32 of the decompressed data, when the record holds it.
        var crc32: UInt32?
        var localHeaderOffset: UInt64
    }

    /// Reads from one ZIP archive, serving ranges inside the head or the tail already read
    /// without a new read.
    struct ZIPReader {
        let input: SniffInput
        /// The last bytes of the file, read when looking for the end record.
        var tail: [UInt8] = []
        var tailStart: UInt64 = 0

        init(_ input: SniffInput) { self.input = input }

        /// Up to `count` bytes at `offset` (fewer at the end of the file), or `nil` on a failed
        /// read; more than ``SniffInput/maximumReadSize`` bytes take several reads.
        func read(at offset: UInt64, count: Int) -> [UInt8]? {
            if !tail.isEmpty, offset >= tailStart, offset - tailStart <= UInt64(tail.count) {
                // The tail runs to the end of the file: a read that starts in it ends in it.
                let start = Int(offset - tailStart)
                return Array(tail[start..<(start + min(count, tail.count - start))])
            }
            return readAll(input, at: offset, count: count)
        }
    }

    /// A ZIP archive known only by its end.
    ///
    /// The end record, and the central directory it points to, end a file that does not
    /// open with a local header. The last volume of a split archive is one (its first bytes
    /// are the middle of a member); so is an archive after data that nothing knew. Only the
    /// container is named: the members' local headers are in other volumes, or after the
    /// unknown bytes.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: A ZIP archive, or `nil` when the file does not end with one's directory.
    package static func zipByEndRecord(_ input: SniffInput) -> SniffResult? {
        guard input.fileSize >= 22 + 46 else { return nil }
        var reader = ZIPReader(input)
        guard let entries = centralDirectory(&reader), !entries.isEmpty else { return nil }
        return SniffResult(
            "public.zip-archive",
            detail: "ZIP end record and a central directory of \(entries.count) entries at the "
                + "end of the file, after bytes that are not a local header"
        )
    }

    static func sniffZIP(_ input: SniffInput) -> SniffResult {
        var reader = ZIPReader(input)
        var entries: [ZIPEntry]
        var source: String
        if let listed = centralDirectory(&reader) {
            entries = listed
            source = "central directory"
        } else {
            entries = localHeaders(input.head)
            source = "local headers (no central directory)"
        }
        let (identifier, reason) = decideZIP(reader, entries: entries)
        return SniffResult(identifier, detail: "ZIP \(source), \(entries.count) entries; \(reason)")
    }

    /// Finds the end-of-central-directory record and lists the central directory; keeps the
    /// tail it read in `reader`.
    private static func centralDirectory(_ reader: inout ZIPReader) -> [ZIPEntry]? {
        let input = reader.input
        let tailLength = UInt64(min(input.fileSize, 65_535 + 22))
        let tailStart = input.fileSize - tailLength
        guard let tail = input.read(at: tailStart, count: Int(tailLength)), tail.count >= 22 else {
            return nil
        }
        if tail.count == Int(tailLength) {
            reader.tail = tail
            reader.tailStart = tailStart
        }
        // The record's signature scanned from the end; its comment length must fit the tail.
        var eocd: Int?
        var index = tail.count - 22
        while index >= 0 {
            if tail[index] == 0x50, ByteFields.matches(tail, at: index, [0x50, 0x4B, 0x05, 0x06]),
                let commentLength = le16(tail, index + 20),
                index + 22 + Int(commentLength) <= tail.count
            {
                eocd = index
                break
            }
            index -= 1
        }
        guard let eocd else { return nil }
        let eocdOffset = tailStart + UInt64(eocd)
        guard var total = le16(tail, eocd + 10).map(UInt64.init),
            var size = le32(tail, eocd + 12).map(UInt64.init),
            var offset = le32(tail, eocd + 16).map(UInt64.init)
        else { return nil }
        var recordOffset = eocdOffset
        if eocd >= 20, ByteFields.matches(tail, at: eocd - 20, [0x50, 0x4B, 0x06, 0x07]) {
            // A ZIP64 end record, found by its locator, ends the directory: writers that
            // always add one (PyTorch's, some Java and Go ones) put it between the directory
            // and the end record. It lies where the locator says, or, when data prepended to
            // the archive shifted that offset, just before the locator.
            let locatorOffset = eocdOffset - 20
            let candidates = [
                le64(tail, eocd - 20 + 8), locatorOffset >= 56 ? locatorOffset - 56 : nil,
            ]
            for case let candidate? in candidates where candidate < locatorOffset {
                guard let record = input.read(at: candidate, count: 56), record.count == 56,
                    ByteFields.matches(record, at: 0, [0x50, 0x4B, 0x06, 0x06]),
                    let total64 = le64(record, 32), let size64 = le64(record, 40),
                    let offset64 = le64(record, 48)
                else { continue }
                if total == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
                    total = total64
                    size = size64
                    offset = offset64
                }
                recordOffset = candidate
                break
            }
        }
        guard total > 0 else { return [] }
        // Data prepended to the archive (a self-extractor) shifts every offset: trust the
        // directory's size and where the end record sits over the stored offset.
        if size <= recordOffset, offset.addingReportingOverflow(size).partialValue != recordOffset {
            offset = recordOffset - size
        }
        let length = Int(min(size, UInt64(maximumDirectoryBytes)))
        guard length >= 46, let directory = reader.read(at: offset, count: length) else {
            return nil
        }
        var entries: [ZIPEntry] = []
        var cursor = 0
        let limit = Int(min(total, UInt64(maximumEntries)))
        while entries.count < limit,
            ByteFields.matches(directory, at: cursor, [0x50, 0x4B, 0x01, 0x02])
        {
            guard let flags = le16(directory, cursor + 8),
                let method = le16(directory, cursor + 10),
                let crc = le32(directory, cursor + 16),
                let compressed = le32(directory, cursor + 20),
                let uncompressed = le32(directory, cursor + 24),
                let nameLength = le16(directory, cursor + 28),
                let extraLength = le16(directory, cursor + 30),
                let commentLength = le16(directory, cursor + 32),
                let localOffset = le32(directory, cursor + 42)
            else { break }
            let nameStart = cursor + 46
            let nameEnd = nameStart + Int(nameLength)
            guard nameEnd <= directory.count else { break }
            entries.append(
                ZIPEntry(
                    name: String(decoding: directory[nameStart..<nameEnd], as: UTF8.self),
                    flags: flags,
                    method: method,
                    compressedSize: compressed == 0xFFFF_FFFF ? nil : UInt64(compressed),
                    uncompressedSize: uncompressed == 0xFFFF_FFFF ? nil : UInt64(uncompressed),
                    crc32: crc,
                    localHeaderOffset: UInt64(localOffset)
                )
            )
            cursor = nameEnd + Int(extraLength) + Int(commentLength)
        }
        return entries.isEmpty ? nil : entries
    }

    /// Lists entries by walking local file headers in the head, for an archive without an end.
    ///
    /// Stops at an entry whose sizes follow its data (bit 3).
    private static func localHeaders(_ head: [UInt8]) -> [ZIPEntry] {
        var entries: [ZIPEntry] = []
        var cursor = 0
        while entries.count < maximumEntries,
            ByteFields.matches(head, at: cursor, [0x50, 0x4B, 0x03, 0x04])
        {
            guard let flags = le16(head, cursor + 6),
                let method = le16(head, cursor + 8),
                let crc = le32(head, cursor + 14),
                let compressed = le32(head, cursor + 18),
                let uncompressed = le32(head, cursor + 22),
                let nameLength = le16(head, cursor + 26),
                let extraLength = le16(head, cursor + 28)
            else { break }
            let nameStart = cursor + 30
            let nameEnd = nameStart + Int(nameLength)
            guard nameEnd <= head.count else { break }
            entries.append(
                ZIPEntry(
                    name: String(decoding: head[nameStart..<nameEnd], as: UTF8.self),
                    flags: flags,
                    method: method,
                    // With bit 3 the sizes and CRC follow the data, and these fields are zero.
                    compressedSize: flags & 0x08 != 0 || compressed == 0xFFFF_FFFF
                        ? nil : UInt64(compressed),
                    uncompressedSize: flags & 0x08 != 0 || uncompressed == 0xFFFF_FFFF
                        ? nil : UInt64(uncompressed),
                    crc32: flags & 0x08 != 0 ? nil : crc,
                    localHeaderOffset: UInt64(cursor)
                )
            )
            guard flags & 0x08 == 0, compressed != 0xFFFF_FFFF else { break }
            let (next, overflow) = (nameEnd + Int(extraLength)).addingReportingOverflow(
                Int(compressed)
            )
            guard !overflow else { break }
            cursor = next
        }
        return entries
    }

    /// The content of the `mimetype` entry (ODF, EPUB), or `nil`.
    ///
    /// The packages' rules store it uncompressed as the first entry; a package re-zipped by a
    /// general tool (`zip -r`, a library's writer) has it deflated and anywhere, and still
    /// names its type.
    private static func mimetypeEntry(_ reader: ZIPReader, entries: [ZIPEntry]) -> String? {
        guard let entry = entries.first(where: { $0.name == "mimetype" }),
            entry.method == 0 || entry.method == 8,
            let size = entry.compressedSize, size > 0, size <= 256,
            let data = readPart(reader, entry).bytes, data.count <= 128
        else { return nil }
        var text = Substring(String(decoding: data, as: UTF8.self))
        while let last = text.last, last.isWhitespace { text.removeLast() }
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        return String(text)
    }

    /// What makes a ZIP a Mozilla add-on (XPI), or nil: a legacy `install.rdf`, the signature
    /// Mozilla's add-on site adds (`META-INF/mozilla.rsa`), or a WebExtension `manifest.json`
    /// at the root that names Gecko (`browser_specific_settings` or `applications` hold a
    /// `gecko` key), which a Chrome extension's manifest does not.
    private static func mozillaAddOn(
        _ reader: ZIPReader,
        entries: [ZIPEntry],
        names: Set<String>
    ) -> String? {
        if names.contains("install.rdf") { return "install.rdf" }
        guard let manifest = entries.first(where: { $0.name == "manifest.json" }) else {
            return nil
        }
        if names.contains("META-INF/mozilla.rsa") {
            return "manifest.json + META-INF/mozilla.rsa"
        }
        guard let bytes = readPart(reader, manifest).bytes,
            bytes.firstRange(of: Array("\"gecko\"".utf8)) != nil
        else { return nil }
        return "manifest.json naming gecko"
    }

    /// What makes a ZIP compressed MusicXML (`.mxl`, MusicXML 4.0 "Compressed MusicXML
    /// files"), or nil: `META-INF/container.xml` whose first root file is the score, named
    /// with the MusicXML media type or, as most writers leave it out, a `.musicxml` or `.xml`
    /// entry at the archive's root that the archive holds. (EPUB's container file names an
    /// OPF package, HWPX's a `.hpf` one.)
    private static func compressedMusicXML(
        _ reader: ZIPReader,
        entries: [ZIPEntry],
        names: Set<String>
    ) -> String? {
        guard let container = entries.first(where: { $0.name == "META-INF/container.xml" }),
            let bytes = readPart(reader, container).bytes
        else { return nil }
        // The first `rootfile` element (not the `rootfiles` that holds it).
        var text = bytes.prefix(4096)
        var element: ArraySlice<UInt8>?
        while let found = text.firstRange(of: Array("<rootfile".utf8)) {
            if found.upperBound < text.endIndex, TextSniffer.isSpace(text[found.upperBound]) {
                element = text[found.lowerBound...].prefix { $0 != UInt8(ascii: ">") }
                break
            }
            text = text[found.upperBound...]
        }
        guard let element else { return nil }
        if element.firstRange(of: Array("application/vnd.recordare.musicxml".utf8)) != nil {
            return "META-INF/container.xml names a MusicXML root file"
        }
        guard let attribute = element.firstRange(of: Array("full-path=\"".utf8)) else {
            return nil
        }
        let value = element[attribute.upperBound...].prefix { $0 != UInt8(ascii: "\"") }
        let path = String(decoding: value, as: UTF8.self)
        let lowered = path.lowercased()
        guard !path.contains("/"), names.contains(path),
            lowered.hasSuffix(".musicxml") || lowered.hasSuffix(".xml")
        else { return nil }
        return "META-INF/container.xml, root file \(path)"
    }

    /// Identifiers for the media types a stored `mimetype` entry may hold.
    private static let mimeTypeIdentifiers: [String: String] = [
        "application/epub+zip": "org.idpf.epub-container",
        "application/vnd.oasis.opendocument.text": "org.oasis-open.opendocument.text",
        "application/vnd.oasis.opendocument.text-template":
            "org.oasis-open.opendocument.text-template",
        "application/vnd.oasis.opendocument.text-master": "org.oasis-open.opendocument.text-master",
        "application/vnd.oasis.opendocument.text-web": "org.oasis-open.opendocument.text-web",
        "application/vnd.oasis.opendocument.spreadsheet": "org.oasis-open.opendocument.spreadsheet",
        "application/vnd.oasis.opendocument.spreadsheet-template":
            "org.oasis-open.opendocument.spreadsheet-template",
        "application/vnd.oasis.opendocument.presentation":
            "org.oasis-open.opendocument.presentation",
        "application/vnd.oasis.opendocument.presentation-template":
            "org.oasis-open.opendocument.presentation-template",
        "application/vnd.oasis.opendocument.graphics": "org.oasis-open.opendocument.graphics",
        "application/vnd.oasis.opendocument.graphics-template":
            "org.oasis-open.opendocument.graphics-template",
        "application/vnd.oasis.opendocument.chart": "org.oasis-open.opendocument.chart",
        "application/vnd.oasis.opendocument.chart-template":
            "org.oasis-open.opendocument.chart-template",
        "application/vnd.oasis.opendocument.image": "org.oasis-open.opendocument.image",
        "application/vnd.oasis.opendocument.image-template":
            "org.oasis-open.opendocument.image-template",
        "application/vnd.oasis.opendocument.formula": "org.oasis-open.opendocument.formula",
        "application/vnd.oasis.opendocument.formula-template":
            "org.oasis-open.opendocument.formula-template",
        "application/vnd.oasis.opendocument.base": "org.oasis-open.opendocument.database",
        "application/vnd.oasis.opendocument.database": "org.oasis-open.opendocument.database",
        "application/vnd.sun.xml.writer": "org.openoffice.text",
        "application/vnd.sun.xml.writer.template": "org.openoffice.text-template",
        "application/vnd.sun.xml.writer.global": "org.openoffice.text-master",
        "application/vnd.sun.xml.calc": "org.openoffice.spreadsheet",
        "application/vnd.sun.xml.calc.template": "org.openoffice.spreadsheet-template",
        "application/vnd.sun.xml.impress": "org.openoffice.presentation",
        "application/vnd.sun.xml.impress.template": "org.openoffice.presentation-template",
        "application/vnd.sun.xml.draw": "org.openoffice.graphics",
        "application/vnd.sun.xml.draw.template": "org.openoffice.graphics-template",
        "application/vnd.sun.xml.math": "org.openoffice.formula",
    ]

    private static func decideZIP(
        _ reader: ZIPReader,
        entries: [ZIPEntry]
    ) -> (identifier: String, reason: String) {
        if let mimeType = mimetypeEntry(reader, entries: entries),
            let identifier = mimeTypeIdentifiers[mimeType]
        {
            return (identifier, "mimetype \(mimeType)")
        }
        var names = Set<String>()
        var hasWord = false
        var hasSheet = false
        var hasSlides = false
        var hasVisio = false
        var hasWebInf = false
        var hasAppBundle = false
        var contentTypes: ZIPEntry?
        var hasVBA = false
        for entry in entries {
            let name = entry.name
            names.insert(name)
            if contentTypes == nil, isPart(name, named: "[content_types].xml", atRoot: true) {
                contentTypes = entry
            }
            if isPart(name, named: "vbaproject.bin") { hasVBA = true }
            if name.hasPrefix("word/") { hasWord = true }
            if name.hasPrefix("xl/") { hasSheet = true }
            if name.hasPrefix("ppt/") { hasSlides = true }
            if name.hasPrefix("visio/") { hasVisio = true }
            if name.hasPrefix("WEB-INF/") { hasWebInf = true }
            if name.hasPrefix("Payload/") {
                let rest = name.dropFirst("Payload/".count)
                if let slash = rest.firstIndex(of: "/"), rest[..<slash].hasSuffix(".app") {
                    hasAppBundle = true
                }
            }
        }
        // A NuGet package (NuGet's "Package format" documentation): an OPC package whose
        // manifest, the .nuspec, lies at the root; read before Office's parts, whose
        // [Content_Types].xml it shares.
        if contentTypes != nil,
            entries.contains(where: {
                !$0.name.contains("/") && $0.name.lowercased().hasSuffix(".nuspec")
            })
        {
            return ("org.nuget.package", "[Content_Types].xml + a .nuspec at the root")
        }
        if let contentTypes {
            let family: OfficeFamily? =
                hasWord
                ? .word
                : hasSheet ? .spreadsheet : hasSlides ? .presentation : hasVisio ? .visio : nil
            let (decided, note) = officePackage(
                reader,
                contentTypes: contentTypes,
                family: family,
                hasVBA: hasVBA
            )
            if let decided { return decided }
            if let family {
                let (identifier, reason) = officePackageByNames(
                    names,
                    family: family,
                    hasVBA: hasVBA
                )
                return (identifier, note.map { "\($0); \(reason)" } ?? reason)
            }
        }
        // The 3MF Core Specification's model part is /3D/3dmodel.model by convention, and OPC
        // part names compare ignoring ASCII case (Assimp writes 3D/3DModel.model).
        if let model = entries.first(where: {
            isPart($0.name, named: "3d/3dmodel.model", atRoot: true)
        }) {
            return ("org.3mf.3mf", model.name)
        }
        if names.contains("AndroidManifest.xml"), names.contains("classes.dex") {
            return ("com.android.package-archive", "AndroidManifest.xml + classes.dex")
        }
        if hasAppBundle {
            return ("com.apple.ios-app-archive", "Payload/*.app/")
        }
        // A Wallet pass (Apple's "Wallet Developer Guide"): pass.json at the root with its
        // images, manifest and signature.
        if names.contains("pass.json"),
            ["manifest.json", "signature", "icon.png", "logo.png"].contains(where: names.contains)
        {
            return ("com.apple.pkpass", "pass.json")
        }
        // Windows app packages (Microsoft's "App package format" documentation): a package
        // holds its manifest and block map at the root, a bundle its bundle manifest in
        // AppxMetadata/. MSIX keeps AppX's layout and names; they are OPC part names.
        func hasRootPart(_ part: StaticString) -> Bool {
            entries.contains { isPart($0.name, named: part, atRoot: true) }
        }
        if hasRootPart("appxmanifest.xml"), hasRootPart("appxblockmap.xml") {
            return ("com.microsoft.msix", "AppxManifest.xml + AppxBlockMap.xml")
        }
        if hasRootPart("appxmetadata/appxbundlemanifest.xml") {
            return ("com.microsoft.msixbundle", "AppxMetadata/AppxBundleManifest.xml")
        }
        if let addOn = mozillaAddOn(reader, entries: entries, names: names) {
            return ("org.mozilla.xpinstall", addOn)
        }
        if names.contains("doc.kml") {
            return ("com.google.earth.kmz", "doc.kml")
        }
        if let first = entries.first?.name.lowercased(),
            first.hasSuffix(".usd") || first.hasSuffix(".usda") || first.hasSuffix(".usdc")
        {
            return ("com.pixar.universal-scene-description-mobile", "first entry \(first)")
        }
        if let iWork = iWorkDocument(reader, entries: entries, names: names) {
            return iWork
        }
        if let score = compressedMusicXML(reader, entries: entries, names: names) {
            return ("com.recordare.musicxml-compressed", score)
        }
        // NumPy's .npz (numpy.savez and savez_compressed): arrays stored as .npy entries and
        // nothing else.
        if !entries.isEmpty, entries.allSatisfy({ $0.name.hasSuffix(".npy") }) {
            return ("org.numpy.npz", "\(entries.count) .npy entries")
        }
        // PyTorch's torch.save and torch.jit.save (torch/serialization.py): the records under
        // one folder named after the file, the pickle data.pkl beside a version record.
        if let pickle = names.first(where: { name in
            name.hasSuffix("/data.pkl") && name.dropLast(9).allSatisfy({ $0 != "/" })
        }) {
            let folder = pickle.dropLast(8)
            if let version = [folder + "version", folder + ".data/version"].first(where: {
                names.contains($0)
            }) {
                return ("org.pytorch.pt", "\(pickle) + \(version)")
            }
        }
        // A Frictionless data package, zipped: its descriptor datapackage.json at the root. A
        // WACZ web archive collection (the WACZ 1.1 specification) is one whose archive/
        // folder holds the WARC files.
        if names.contains("datapackage.json") {
            if names.contains(where: { $0.hasPrefix("archive/") && $0.contains(".warc") }) {
                return ("org.webrecorder.wacz", "datapackage.json + archive/*.warc")
            }
            return ("org.frictionlessdata.data-package-zip", "datapackage.json")
        }
        // A zipped XLIFF package (.xlz, as Okapi and translation tools write it): XLIFF
        // documents, with their skeletons, and nothing else.
        if entries.contains(where: { $0.name.lowercased().hasSuffix(".xlf") }),
            entries.allSatisfy({ entry in
                [".xlf", ".xliff", ".skl", "/"].contains { entry.name.lowercased().hasSuffix($0) }
            })
        {
            return ("org.oasis-open.xliff-zip", "XLIFF documents alone")
        }
        // GeoGebra (its file format documentation): a construction is geogebra.xml at the
        // root, with its thumbnail and scripts beside it; a tool file holds its macros alone,
        // geogebra_macro.xml (a construction may hold them too).
        if names.contains("geogebra.xml") {
            return ("org.geogebra.ggb", "geogebra.xml")
        }
        if names.contains("geogebra_macro.xml") {
            return ("org.geogebra.ggt", "geogebra_macro.xml")
        }
        // An OpenOffice.org / LibreOffice extension (the Developer's Guide, "Extensions"): the
        // package manifest META-INF/manifest.xml, as documents have, and at the root the
        // extension's description.xml; a document would have named its type in `mimetype`.
        if names.contains("META-INF/manifest.xml"), names.contains("description.xml") {
            return ("org.openoffice.extension", "META-INF/manifest.xml + description.xml")
        }
        // A Python wheel (PEP 427): the distribution's metadata in a single top-level
        // {name}-{version}.dist-info folder, whose WHEEL file states the wheel's version.
        if let wheel = names.first(where: { name in
            name.hasSuffix(".dist-info/WHEEL") && name.dropLast(6).allSatisfy({ $0 != "/" })
        }),
            names.contains(String(wheel.dropLast(5)) + "METADATA")
        {
            return ("org.python.wheel", "\(wheel) + METADATA")
        }
        // A Visual Studio or VS Code extension (the VSIX format, an OPC package): its
        // manifest extension.vsixmanifest at the root.
        if hasRootPart("extension.vsixmanifest") {
            return ("com.microsoft.vsix", "extension.vsixmanifest")
        }
        if names.contains("META-INF/MANIFEST.MF") {
            return hasWebInf
                ? ("com.sun.web-application-archive", "META-INF/MANIFEST.MF + WEB-INF/")
                : ("com.sun.java-archive", "META-INF/MANIFEST.MF")
        }
        return ("public.zip-archive", "no marker entries")
    }
}

// MARK: - OLE2 compound file

extension ContainerSniffer {
    /// One directory entry of a compound file.
    private struct DirectoryEntry {
        var name: String
        var type: UInt8
        var left: UInt32
        var right: UInt32
        var child: UInt32
        var classID: [UInt8]
        /// The first sector of the entry's stream (a mini sector below the cutoff size).
        var start: UInt32
        /// The stream's size in bytes (the low 32 bits; version 3 files keep the rest zero).
        var size: UInt32
    }

    /// Sector numbers at or above this value are markers (end of chain, free, FAT, DIFAT).
    private static let maximumRegularSector: UInt32 = 0xFFFF_FFFA
    private static let maximumDirectorySectors = 256
    private static let maximumDirectoryEntries = 8_192

    static func sniffOLE(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard head.count >= 512, let shift = le16(head, 30), shift == 9 || shift == 12,
            let firstDirectory = le32(head, 48), le16(head, 28) == 0xFFFE
        else { return nil }
        let sectorSize = 1 << Int(shift)
        let entriesPerFAT = UInt32(sectorSize / 4)
        var difat: [UInt32] = []
        for index in 0..<109 {
            guard let sector = le32(head, 76 + index * 4) else { break }
            difat.append(sector)
        }
        var fatCache: [UInt32: [UInt8]] = [:]
        func sectorOffset(_ sector: UInt32) -> UInt64 {
            (UInt64(sector) + 1) << UInt64(shift)
        }
        // FAT sectors past the header's 109 are listed in a chain of DIFAT sectors, each ending
        // with the number of the next; read only as far as a lookup needs, cycle-safe.
        var nextDIFAT = le32(head, 68) ?? .max
        var difatVisited = Set<UInt32>()
        func extendDIFAT(toCover fatIndex: Int) -> Bool {
            let perSector = sectorSize / 4 - 1
            while fatIndex >= difat.count {
                guard nextDIFAT <= maximumRegularSector, difatVisited.count < 64,
                    difatVisited.insert(nextDIFAT).inserted,
                    let bytes = input.read(at: sectorOffset(nextDIFAT), count: sectorSize),
                    bytes.count == sectorSize
                else { return false }
                for index in 0..<perSector { difat.append(le32(bytes, index * 4) ?? .max) }
                nextDIFAT = le32(bytes, perSector * 4) ?? .max
            }
            return true
        }
        func next(_ sector: UInt32) -> UInt32? {
            let fatIndex = Int(sector / entriesPerFAT)
            guard extendDIFAT(toCover: fatIndex), difat[fatIndex] <= maximumRegularSector else {
                return nil
            }
            let fatSector = difat[fatIndex]
            if fatCache[fatSector] == nil {
                guard fatCache.count < 32,
                    let bytes = input.read(at: sectorOffset(fatSector), count: sectorSize),
                    bytes.count == sectorSize
                else { return nil }
                fatCache[fatSector] = bytes
            }
            guard let fat = fatCache[fatSector] else { return nil }
            return le32(fat, Int(sector % entriesPerFAT) * 4)
        }
        var entries: [DirectoryEntry] = []
        var visited = Set<UInt32>()
        var sector = firstDirectory
        while sector <= maximumRegularSector, visited.count < maximumDirectorySectors,
            entries.count < maximumDirectoryEntries, visited.insert(sector).inserted
        {
            guard let bytes = input.read(at: sectorOffset(sector), count: sectorSize),
                bytes.count == sectorSize
            else { break }
            for base in stride(from: 0, to: sectorSize, by: 128) {
                entries.append(directoryEntry(bytes, at: base))
            }
            guard let following = next(sector) else { break }
            sector = following
        }
        guard let root = entries.first, root.type == 5 else { return nil }
        let children = rootChildren(entries)
        let names = Set(children.map(\.name))
        // The first bytes of a root stream: from its own sectors, or from the mini stream (the
        // root entry's stream) when it is smaller than the cutoff.
        let miniCutoff = le32(head, 56) ?? 4096
        let miniShift = le16(head, 32) ?? 6
        func prefix(ofStream name: String) -> [UInt8]? {
            guard let entry = children.first(where: { $0.name == name && $0.type == 2 }),
                entry.size > 0, entry.start <= maximumRegularSector
            else { return nil }
            let wanted = Int(min(entry.size, 16))
            var offset: UInt64
            if entry.size >= miniCutoff {
                offset = sectorOffset(entry.start)
            } else {
                guard miniShift == 6 else { return nil }
                let position = UInt64(entry.start) << 6
                let steps = position / UInt64(sectorSize)
                guard steps < 1 << 16 else { return nil }
                var sector = root.start
                for _ in 0..<Int(steps) {
                    guard sector <= maximumRegularSector, let following = next(sector) else {
                        return nil
                    }
                    sector = following
                }
                guard sector <= maximumRegularSector else { return nil }
                offset = sectorOffset(sector) + position % UInt64(sectorSize)
            }
            guard let bytes = input.read(at: offset, count: wanted), bytes.count == wanted else {
                return nil
            }
            return bytes
        }
        let (identifier, reason): (String?, String) = decideOLE(
            names: names,
            root: root,
            prefix: prefix(ofStream:)
        )
        guard let identifier else { return nil }
        return SniffResult(
            identifier,
            detail: "OLE2 compound file, \(children.count) root entries; \(reason)"
        )
    }

    private static func directoryEntry(_ bytes: [UInt8], at base: Int) -> DirectoryEntry {
        let nameBytes = Int(le16(bytes, base + 64) ?? 0)
        var units: [UInt16] = []
        // The name length counts the terminating NUL; at most 32 UTF-16 units.
        let unitCount = max(0, min(nameBytes / 2, 32) - 1)
        for index in 0..<unitCount {
            units.append(le16(bytes, base + index * 2) ?? 0)
        }
        return DirectoryEntry(
            name: String(decoding: units, as: UTF16.self),
            type: bytes[base + 66],
            left: le32(bytes, base + 68) ?? .max,
            right: le32(bytes, base + 72) ?? .max,
            child: le32(bytes, base + 76) ?? .max,
            classID: Array(bytes[(base + 80)..<(base + 96)]),
            start: le32(bytes, base + 116) ?? .max,
            size: le32(bytes, base + 120) ?? 0
        )
    }

    /// The root storage's children: the red-black tree under the root's child, walked with an
    /// explicit stack and a visited set, so a cyclic or deep tree costs at most one visit an
    /// entry.
    private static func rootChildren(_ entries: [DirectoryEntry]) -> [DirectoryEntry] {
        var result: [DirectoryEntry] = []
        var stack: [UInt32] = [entries[0].child]
        var visited = Set<UInt32>()
        while let id = stack.popLast() {
            guard Int(id) < entries.count, visited.insert(id).inserted else { continue }
            let entry = entries[Int(id)]
            guard entry.type != 0 else { continue }
            result.append(entry)
            stack.append(entry.left)
            stack.append(entry.right)
        }
        return result
    }

    /// A CLSID of the `{xxxxxxxx-0000-0000-C000-000000000046}` family, as stored (the first
    /// four bytes little-endian).
    private static func microsoftClassID(_ first: UInt8, _ second: UInt8, _ third: UInt8)
        -> [UInt8]
    {
        [first, second, third, 0x00, 0, 0, 0, 0, 0xC0, 0, 0, 0, 0, 0, 0, 0x46]
    }

    /// Root storage CLSIDs (as stored in the directory entry) that name a format whose stream
    /// names are shared or absent: Works word processor and database, WordPerfect and Corel
    /// Presentations, the StarOffice 3-5 applications (Draw and Impress share their streams),
    /// FlashPix, Project, Publisher and Visio.
    private static let classIDs: [(id: [UInt8], identifier: String, name: String)] = [
        (microsoftClassID(0x02, 0x13, 0x02), "com.microsoft.works.wps", "Works 3-4 document"),
        (microsoftClassID(0x03, 0x13, 0x02), "com.microsoft.works.wdb", "Works 3-4 database"),
        (
            [
                0xC2, 0xDB, 0xCD, 0x28, 0xE2, 0x0A, 0xCE, 0x11, 0xA2, 0x9A, 0x00, 0xAA, 0x00, 0x4A,
                0x1A, 0x72,
            ],
            "com.microsoft.works.wps", "Works 4 document"
        ),
        (
            [
                0xC3, 0xDB, 0xCD, 0x28, 0xE2, 0x0A, 0xCE, 0x11, 0xA2, 0x9A, 0x00, 0xAA, 0x00, 0x4A,
                0x1A, 0x72,
            ],
            "com.microsoft.works.wdb", "Works 4 database"
        ),
        (
            [
                0xB2, 0x5A, 0xA4, 0x0E, 0x0A, 0x9E, 0xD1, 0x11, 0xA4, 0x07, 0x00, 0xC0, 0x4F, 0xB9,
                0x32, 0xBA,
            ],
            "com.microsoft.works.wps", "Works 5-6 document"
        ),
        (microsoftClassID(0x01, 0x12, 0x02), "com.microsoft.publisher.pub", "Publisher"),
        (microsoftClassID(0x13, 0x1A, 0x02), "com.microsoft.visio.vsd", "Visio 2000-2002"),
        (microsoftClassID(0x14, 0x1A, 0x02), "com.microsoft.visio.vsd", "Visio 2003-2010"),
        (
            [
                0x3A, 0x8F, 0xB7, 0x74, 0xC8, 0xC8, 0xD1, 0x11, 0xBE, 0x11, 0x00, 0xC0, 0x4F, 0xB6,
                0xFA, 0xF1,
            ],
            "com.microsoft.project.mpp", "Project"
        ),
        (
            [
                0xFF, 0x73, 0x98, 0x51, 0xAD, 0x2D, 0x20, 0x02, 0x19, 0x37, 0x00, 0x00, 0x92, 0x96,
                0x79, 0xCD,
            ],
            "com.corel.wordperfect.document", "WordPerfect 7 document"
        ),
        (
            [
                0x62, 0xFE, 0x2E, 0x40, 0x99, 0x19, 0x1B, 0x10, 0x99, 0xAE, 0x04, 0x02, 0x1C, 0x00,
                0x70, 0x02,
            ],
            "com.corel.presentations", "Corel Presentations 7-X3"
        ),
        (
            [
                0x00, 0x67, 0x61, 0x56, 0x54, 0xC1, 0xCE, 0x11, 0x85, 0x53, 0x00, 0xAA, 0x00, 0xA1,
                0xF9, 0x5B,
            ],
            "com.kodak.flashpix-image", "FlashPix image"
        ),
        (
            [
                0x40, 0x7E, 0x5C, 0xDC, 0x5C, 0xB3, 0x1B, 0x10, 0x99, 0x61, 0x04, 0x02, 0x1C, 0x00,
                0x70, 0x02,
            ],
            "com.stardivision.writer", "StarWriter 3.0"
        ),
        (
            [
                0xB0, 0xE9, 0x04, 0x8B, 0x0E, 0x42, 0xD0, 0x11, 0xA4, 0x5E, 0x00, 0xA0, 0x24, 0x9D,
                0x57, 0xB1,
            ],
            "com.stardivision.writer", "StarWriter 4.0"
        ),
        (
            [
                0xD1, 0xF9, 0x0C, 0xC2, 0xAE, 0x85, 0xD1, 0x11, 0xAA, 0xB4, 0x00, 0x60, 0x97, 0xDA,
                0x56, 0x1A,
            ],
            "com.stardivision.writer5", "StarWriter 5.0"
        ),
        (
            [
                0x70, 0xC9, 0x0A, 0x34, 0x0D, 0xE3, 0xD0, 0x11, 0xA5, 0x3F, 0x00, 0xA0, 0x24, 0x9D,
                0x57, 0xB1,
            ],
            "com.stardivision.writer-global-legacy", "StarWriter 4.0 master document"
        ),
        (
            [
                0xD3, 0xF9, 0x0C, 0xC2, 0xAE, 0x85, 0xD1, 0x11, 0xAA, 0xB4, 0x00, 0x60, 0x97, 0xDA,
                0x56, 0x1A,
            ],
            "com.stardivision.writer-global", "StarWriter 5.0 master document"
        ),
        (
            [
                0xA0, 0x3F, 0x54, 0x3F, 0xA6, 0xB6, 0x1B, 0x10, 0x99, 0x61, 0x04, 0x02, 0x1C, 0x00,
                0x70, 0x02,
            ],
            "com.stardivision.calc", "StarCalc 3.0"
        ),
        (
            [
                0x41, 0xD4, 0x61, 0x63, 0x35, 0x42, 0xD0, 0x11, 0x89, 0xCB, 0x00, 0x80, 0x29, 0xE4,
                0xB0, 0xB1,
            ],
            "com.stardivision.calc", "StarCalc 4.0"
        ),
        (
            [
                0x61, 0xB8, 0xA5, 0xC6, 0xD6, 0x85, 0xD1, 0x11, 0x89, 0xCB, 0x00, 0x80, 0x29, 0xE4,
                0xB0, 0xB1,
            ],
            "com.stardivision.calc5", "StarCalc 5.0"
        ),
        (
            [
                0xE0, 0xAA, 0x10, 0xAF, 0x6D, 0xB3, 0x1B, 0x10, 0x99, 0x61, 0x04, 0x02, 0x1C, 0x00,
                0x70, 0x02,
            ],
            "com.stardivision.draw", "StarDraw 3.0"
        ),
        (
            [
                0xA0, 0x05, 0x89, 0x2E, 0xBD, 0x85, 0xD1, 0x11, 0x89, 0xD0, 0x00, 0x80, 0x29, 0xE4,
                0xB0, 0xB1,
            ],
            "com.stardivision.draw5", "StarDraw 5.0"
        ),
        (
            [
                0xC0, 0x3C, 0x2D, 0x01, 0x16, 0x42, 0xD0, 0x11, 0x89, 0xCB, 0x00, 0x80, 0x29, 0xE4,
                0xB0, 0xB1,
            ],
            "com.stardivision.impress", "StarImpress 4.0"
        ),
        (
            [
                0x21, 0x72, 0x5C, 0x56, 0xBC, 0x85, 0xD1, 0x11, 0x89, 0xD0, 0x00, 0x80, 0x29, 0xE4,
                0xB0, 0xB1,
            ],
            "com.stardivision.impress5", "StarImpress 5.0"
        ),
        (
            [
                0x60, 0x04, 0x59, 0xD4, 0xFD, 0x35, 0x1C, 0x10, 0xB1, 0x2A, 0x04, 0x02, 0x1C, 0x00,
                0x70, 0x02,
            ],
            "com.stardivision.math", "StarMath 3.0"
        ),
        (
            [
                0xE1, 0xB7, 0xB3, 0x02, 0x25, 0x42, 0xD0, 0x11, 0x89, 0xCA, 0x00, 0x80, 0x29, 0xE4,
                0xB0, 0xB1,
            ],
            "com.stardivision.math", "StarMath 4.0"
        ),
        (
            [
                0x40, 0xE6, 0xB5, 0xFF, 0xDE, 0x85, 0xD1, 0x11, 0x89, 0xD0, 0x00, 0x80, 0x29, 0xE4,
                0xB0, 0xB1,
            ],
            "com.stardivision.math5", "StarMath 5.0"
        ),
        (
            [
                0xE0, 0x99, 0x9C, 0xFB, 0x6D, 0x2C, 0x1C, 0x10, 0x8E, 0x2C, 0x00, 0x00, 0x1B, 0x4C,
                0xC7, 0x11,
            ],
            "com.stardivision.chart-legacy", "StarChart 3.0"
        ),
        (
            [
                0xE0, 0xB7, 0xB3, 0x02, 0x25, 0x42, 0xD0, 0x11, 0x89, 0xCA, 0x00, 0x80, 0x29, 0xE4,
                0xB0, 0xB1,
            ],
            "com.stardivision.chart-legacy", "StarChart 4.0"
        ),
        (
            [
                0x21, 0x43, 0x88, 0xBF, 0xDD, 0x85, 0xD1, 0x11, 0x89, 0xD0, 0x00, 0x80, 0x29, 0xE4,
                0xB0, 0xB1,
            ],
            "com.stardivision.chart", "StarChart 5.0"
        ),
    ]

    /// Decides an OLE2 file's format: the Windows Installer CLSID; then the streams that name a
    /// Microsoft Office format on their own; then the root CLSID; then the streams of the
    /// formats that are often written without one (StarOffice, Works, Corel, Hancom, Outlook).
    private static func decideOLE(
        names: Set<String>,
        root: DirectoryEntry,
        prefix: (String) -> [UInt8]?
    ) -> (String?, String) {
        if root.classID == microsoftClassID(0x84, 0x10, 0x0C) {
            return ("com.microsoft.installer", "root CLSID of a Windows Installer database")
        }
        // A password-protected Office Open XML package (MS-OFFCRYPTO 2.3.4): the encrypted
        // ZIP is a stream of a compound file, next to the stream describing its encryption.
        if names.contains("EncryptedPackage"), names.contains("EncryptionInfo") {
            return (
                "org.openxmlformats.encrypted-package",
                "root entries EncryptedPackage and EncryptionInfo"
            )
        }
        let byStream: [(name: String, identifier: String)] = [
            // A Works 6-9 spreadsheet holds a BIFF Workbook stream as well.
            ("WksSSWorkBook", "com.microsoft.works.xlr"),
            ("WordDocument", "com.microsoft.word.doc"),
            ("Workbook", "com.microsoft.excel.xls"),
            ("Book", "com.microsoft.excel.xls"),
            ("PowerPoint Document", "com.microsoft.powerpoint.ppt"),
            ("VisioDocument", "com.microsoft.visio.vsd"),
            ("Quill", "com.microsoft.publisher.pub"),
        ]
        // MS-CFB compares entry names without regard to case, and writers differ: some write
        // WORKBOOK or BOOK where Excel writes Workbook.
        let upperNames = Set(names.map { $0.uppercased() })
        for entry in byStream where upperNames.contains(entry.name.uppercased()) {
            // A Word template (.dot) is a Word document whose File Information Block sets
            // fDot, bit 0 of the flags word at 0x0A ([MS-DOC] 2.5.2, wIdent A5EC at 0).
            if entry.name == "WordDocument", let fib = prefix("WordDocument"), fib.count >= 12,
                fib[0] == 0xEC, fib[1] == 0xA5, fib[10] & 0x01 != 0
            {
                return ("com.microsoft.word.dot", "root entry WordDocument, FIB fDot set")
            }
            return (entry.identifier, "root entry \(entry.name)")
        }
        if let known = classIDs.first(where: { $0.id == root.classID }) {
            return (known.identifier, "root CLSID of \(known.name)")
        }
        let starOffice: [(name: String, identifier: String)] = [
            ("StarWriterDocument", "org.openoffice.text"),
            ("StarCalcDocument", "org.openoffice.spreadsheet"),
            ("StarImpressDocument", "org.openoffice.presentation"),
            // StarImpress keeps its pages in the same stream: only the CLSID tells them apart.
            ("StarDrawDocument3", "org.openoffice.graphics"),
            ("StarDrawDocument", "org.openoffice.graphics"),
            ("StarMathDocument", "org.openoffice.formula"),
            ("StarChartDocument", "com.stardivision.chart"),
            ("MatOST", "com.microsoft.works.wps"),
            ("NativeContent_MAIN", "com.corel.quattro-pro"),
            // PageMaker 6.5 and 7.0 keep the whole publication in one stream of that name.
            ("PageMaker", "com.adobe.pagemaker"),
        ]
        for entry in starOffice where names.contains(entry.name) {
            return (entry.identifier, "root entry \(entry.name)")
        }
        if names.contains("CONTENTS"), names.contains("SPELLING") || names.contains("\u{1}CompObj")
        {
            return ("com.microsoft.works.wps", "root entries CONTENTS and SPELLING or CompObj")
        }
        if names.contains("PerfectOffice_MAIN") {
            // WordPerfect's own file header starts the stream: FF "WPC", then at 9 the file
            // type, 0x0A for a document.
            if let start = prefix("PerfectOffice_MAIN"), start.count >= 10,
                ByteFields.matches(start, at: 0, [0xFF, 0x57, 0x50, 0x43])
            {
                guard start[9] == 0x0A else { return (nil, "") }
                return ("com.corel.wordperfect.document", "PerfectOffice_MAIN with a WPC header")
            }
            if names.contains("SlideShow") {
                return ("com.corel.presentations", "PerfectOffice_MAIN and SlideShow")
            }
            if names.contains("PerfectOffice_OBJECTS") {
                return ("com.corel.quattro-pro", "PerfectOffice_MAIN without a WPC header")
            }
            return (nil, "")
        }
        if names.contains("FileHeader"), let start = prefix("FileHeader"),
            ByteFields.matches(start, at: 0, "HWP Document Fil")
        {
            // Hancom's HWP 5.0 format: the FileHeader stream opens with the signature
            // "HWP Document File" (earlier versions are not compound files).
            return ("com.hancom.hwp5", "FileHeader stream with the HWP signature")
        }
        if names.contains("__nameid_version1.0")
            || names.contains(where: { $0.hasPrefix("__substg1.0_") })
        {
            return ("com.microsoft.outlook.msg", "MAPI property streams")
        }
        return (nil, "")
    }
}
