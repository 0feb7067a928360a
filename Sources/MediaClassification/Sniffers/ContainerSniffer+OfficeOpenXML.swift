// Office Open XML: which kind of Word, Excel, PowerPoint or Visio package a ZIP is.
//
// The folder names (word/, xl/, ppt/, visio/) say the application; only the content type of
// the package's main part, declared in [Content_Types].xml (ECMA-376 Part 2, Open Packaging
// Conventions), says whether it is a document, a template, a slide show, an add-in, and
// whether it may hold macros. That part is almost always deflated, so it is decompressed
// here, bounded.

extension ContainerSniffer {
    /// The most bytes of a decompressed part that are looked at.
    static let maximumPartBytes = 64 << 10
    /// The most compressed bytes of a part that are read.
    static let maximumCompressedPartBytes = 256 << 10

    /// The application an Office Open XML package belongs to.
    enum OfficeFamily: Sendable {
        case word, spreadsheet, presentation, visio

        /// The folder its application's parts live in.
        var folder: String {
            switch self {
            case .word: "word/"
            case .spreadsheet: "xl/"
            case .presentation: "ppt/"
            case .visio: "visio/"
            }
        }
    }

    /// What the main part of a package makes of it.
    enum OfficeKind: Sendable {
        case document, template, slideShow, addIn, binaryWorkbook, stencil
    }

    /// A main-part content type's meaning.
    struct OfficeMainPart: Sendable {
        var family: OfficeFamily
        var kind: OfficeKind
        var isMacroEnabled: Bool
    }

    /// The main-part content types of Office Open XML packages, lower-cased (content types
    /// compare case-insensitively).
    static let officeMainParts: [String: OfficeMainPart] = {
        let word = "application/vnd.openxmlformats-officedocument.wordprocessingml."
        let sheet = "application/vnd.openxmlformats-officedocument.spreadsheetml."
        let slides = "application/vnd.openxmlformats-officedocument.presentationml."
        let table: [(String, OfficeFamily, OfficeKind, Bool)] = [
            (word + "document.main+xml", .word, .document, false),
            (word + "template.main+xml", .word, .template, false),
            ("application/vnd.ms-word.document.macroEnabled.main+xml", .word, .document, true),
            (
                "application/vnd.ms-word.template.macroEnabledTemplate.main+xml", .word, .template,
                true
            ),
            (sheet + "sheet.main+xml", .spreadsheet, .document, false),
            (sheet + "template.main+xml", .spreadsheet, .template, false),
            ("application/vnd.ms-excel.sheet.macroEnabled.main+xml", .spreadsheet, .document, true),
            (
                "application/vnd.ms-excel.template.macroEnabled.main+xml", .spreadsheet, .template,
                true
            ),
            (
                "application/vnd.ms-excel.sheet.binary.macroEnabled.main", .spreadsheet,
                .binaryWorkbook, true
            ),
            ("application/vnd.ms-excel.addin.macroEnabled.main+xml", .spreadsheet, .addIn, true),
            (slides + "presentation.main+xml", .presentation, .document, false),
            (slides + "template.main+xml", .presentation, .template, false),
            (slides + "slideshow.main+xml", .presentation, .slideShow, false),
            (
                "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml", .presentation,
                .document, true
            ),
            (
                "application/vnd.ms-powerpoint.template.macroEnabled.main+xml", .presentation,
                .template, true
            ),
            (
                "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml", .presentation,
                .slideShow, true
            ),
            (
                "application/vnd.ms-powerpoint.addin.macroEnabled.main+xml", .presentation, .addIn,
                true
            ),
            ("application/vnd.ms-visio.drawing.main+xml", .visio, .document, false),
            ("application/vnd.ms-visio.template.main+xml", .visio, .template, false),
            ("application/vnd.ms-visio.stencil.main+xml", .visio, .stencil, false),
            ("application/vnd.ms-visio.drawing.macroEnabled.main+xml", .visio, .document, true),
            ("application/vnd.ms-visio.template.macroEnabled.main+xml", .visio, .template, true),
            ("application/vnd.ms-visio.stencil.macroEnabled.main+xml", .visio, .stencil, true),
        ]
        var parts: [String: OfficeMainPart] = [:]
        for (contentType, family, kind, isMacroEnabled) in table {
            parts[contentType.lowercased()] = OfficeMainPart(
                family: family,
                kind: kind,
                isMacroEnabled: isMacroEnabled
            )
        }
        return parts
    }()

    /// The declared type for a main part, and a note when it is only the nearest one (the
    /// registry declares no type for Visio's templates, stencils and macro-enabled drawings).
    static func officeIdentifier(
        for part: OfficeMainPart,
        macroEnabled: Bool
    ) -> (identifier: String, standIn: String?) {
        let macro = macroEnabled ? ".macroenabled" : ""
        switch (part.family, part.kind) {
        case (.word, .template):
            return ("org.openxmlformats.wordprocessingml.template" + macro, nil)
        case (.word, _):
            return ("org.openxmlformats.wordprocessingml.document" + macro, nil)
        case (.spreadsheet, .binaryWorkbook):
            return ("com.microsoft.excel.sheet.binary.macroenabled", nil)
        case (.spreadsheet, .template):
            return ("org.openxmlformats.spreadsheetml.template" + macro, nil)
        case (.spreadsheet, .addIn):
            return ("com.microsoft.excel.addin.macroenabled", nil)
        case (.spreadsheet, _):
            return ("org.openxmlformats.spreadsheetml.sheet" + macro, nil)
        case (.presentation, .template):
            return ("org.openxmlformats.presentationml.template" + macro, nil)
        case (.presentation, .slideShow):
            return ("org.openxmlformats.presentationml.slideshow" + macro, nil)
        case (.presentation, .addIn):
            return ("com.microsoft.powerpoint.addin.macroenabled", nil)
        case (.presentation, _):
            return ("org.openxmlformats.presentationml.presentation" + macro, nil)
        case (.visio, .template):
            return (macroEnabled ? "com.microsoft.visio.vstm" : "com.microsoft.visio.vstx", nil)
        case (.visio, .stencil):
            return (macroEnabled ? "com.microsoft.visio.vssm" : "com.microsoft.visio.vssx", nil)
        case (.visio, _):
            return (macroEnabled ? "com.microsoft.visio.vsdm" : "com.microsoft.visio.vsdx", nil)
        }
    }

    /// Decides an Office Open XML package by its main part's content type, or an XPS package
    /// by its document sequence's.
    ///
    /// - Parameters:
    ///   - reader: Reads from the archive.
    ///   - contentTypes: The `[Content_Types].xml` entry.
    ///   - family: The application the folder names suggest, which is preferred when the part
    ///     names several main content types.
    ///   - hasVBA: Whether the package holds a VBA project (`vbaProject.bin`); a package that
    ///     does is reported as macro-enabled whatever its content type says.
    /// - Returns: The type and the reason, or `nil` with a note on why the part did not decide
    ///   (unreadable, damaged, or naming no known main content type).
    static func officePackage(
        _ reader: ZIPReader,
        contentTypes: ZIPEntry,
        family: OfficeFamily?,
        hasVBA: Bool
    ) -> (decided: (identifier: String, reason: String)?, note: String?) {
        let part = readPart(reader, contentTypes)
        guard let bytes = part.bytes else { return (nil, part.note) }
        let declared = declaredContentTypes(in: bytes)
        let found = declared.compactMap { contentType in
            officeMainParts[contentType.lowercased()].map { (contentType, $0) }
        }
        // An XML Paper Specification package (XPS, and OpenXPS, ECMA-388) is an Open
        // Packaging Conventions ZIP without an Office folder whose content types declare the
        // fixed document sequence, the part that roots its pages.
        if found.isEmpty, family == nil,
            declared.contains(where: { $0.lowercased() == xpsDocumentSequence })
        {
            return (
                ("com.microsoft.xps", "[Content_Types].xml declares \(xpsDocumentSequence)"), nil
            )
        }
        // A package of one slide (PowerPoint's .sldx/.sldm) or of a theme (.thmx) has no main
        // part: its root relationship points at the slide or the theme. Every presentation
        // holds slides and every document a theme, so these count only where no main part
        // is declared, a slide before a theme (a slide package carries its theme too).
        if found.isEmpty, family == .presentation || family == nil,
            let (contentType, identifier) = partPackage(declared, hasVBA: hasVBA)
        {
            return ((identifier, "no main part; \(contentType)"), nil)
        }
        guard let (contentType, main) = found.first(where: { $0.1.family == family }) ?? found.first
        else {
            if bytes.isEmpty, let note = part.note { return (nil, note) }
            let note = "[Content_Types].xml names no known main part"
            return (nil, part.note.map { "\(note) (\($0))" } ?? note)
        }
        let (identifier, standIn) = officeIdentifier(
            for: main,
            macroEnabled: main.isMacroEnabled || hasVBA
        )
        var reason = "main part \(contentType)"
        if hasVBA, !main.isMacroEnabled { reason += " + a VBA project (vbaProject.bin)" }
        if let standIn { reason += ": \(standIn)" }
        if let note = part.note { reason += " (\(note))" }
        return ((identifier, reason), nil)
    }

    /// The type of a package whose root is a single slide or a theme, by the first of those
    /// content types it declares; a VBA project makes a slide macro-enabled.
    static func partPackage(
        _ declared: [String],
        hasVBA: Bool
    ) -> (contentType: String, identifier: String)? {
        let lowered = declared.map { $0.lowercased() }
        for (contentType, identifier) in partPackageTypes {
            guard lowered.contains(contentType) else { continue }
            let macro = hasVBA && identifier == "org.openxmlformats.presentationml.slide"
            return (contentType, macro ? identifier + ".macroenabled" : identifier)
        }
        return nil
    }

    /// Content types of a slide or theme part, lower-cased, in the order they are tried.
    static let partPackageTypes: [(contentType: String, identifier: String)] = [
        (
            "application/vnd.ms-powerpoint.slide.macroenabled.main+xml",
            "org.openxmlformats.presentationml.slide.macroenabled"
        ),
        (
            "application/vnd.openxmlformats-officedocument.presentationml.slide+xml",
            "org.openxmlformats.presentationml.slide"
        ),
        ("application/vnd.openxmlformats-officedocument.theme+xml", "com.microsoft.office.theme"),
        (
            "application/vnd.openxmlformats-officedocument.thememanager+xml",
            "com.microsoft.office.theme"
        ),
    ]

    /// The content type of an XPS package's fixed document sequence.
    static let xpsDocumentSequence = "application/vnd.ms-package.xps-fixeddocumentsequence+xml"

    /// The type by folder names alone, when `[Content_Types].xml` could not decide: the
    /// folder's plain document (macro-enabled with a VBA project), or a binary workbook.
    static func officePackageByNames(
        _ names: Set<String>,
        family: OfficeFamily,
        hasVBA: Bool
    ) -> (identifier: String, reason: String) {
        if family == .spreadsheet, names.contains("xl/workbook.bin") {
            let binary = OfficeMainPart(family: family, kind: .binaryWorkbook, isMacroEnabled: true)
            return (officeIdentifier(for: binary, macroEnabled: true).identifier, "xl/workbook.bin")
        }
        let document = OfficeMainPart(family: family, kind: .document, isMacroEnabled: hasVBA)
        let vba = hasVBA && family != .visio ? " + VBA" : ""
        return (
            officeIdentifier(for: document, macroEnabled: hasVBA).identifier,
            "[Content_Types].xml + " + family.folder + vba
        )
    }

    /// The bytes of one small part, decompressed and bounded, with a note on anything short
    /// of a whole, checked part; `bytes` is `nil` when nothing could be read.
    ///
    /// A part read to its end whose CRC-32 or size differs from the directory's is refused; a
    /// part cut short (by ``maximumPartBytes``, the end of the file, or a damaged stream)
    /// gives the bytes decoded before that point.
    ///
    /// - Parameters:
    ///   - reader: The archive's reader.
    ///   - entry: The part's central-directory entry.
    ///   - limit: The most bytes wanted (``maximumPartBytes`` unless less is enough: a
    ///     parser that reads a part's first bytes need not inflate the rest).
    /// - Returns: The bytes read, or `nil`, and a note on anything short of the whole part.
    static func readPart(
        _ reader: ZIPReader,
        _ entry: ZIPEntry,
        limit: Int = maximumPartBytes
    ) -> (bytes: [UInt8]?, note: String?) {
        let name = entry.name
        guard entry.flags & 0x01 == 0 else { return (nil, "\(name) is encrypted") }
        guard entry.method == 0 || entry.method == 8 else {
            return (nil, "\(name) uses compression method \(entry.method)")
        }
        guard let header = reader.read(at: entry.localHeaderOffset, count: 30),
            header.count == 30, ByteFields.matches(header, at: 0, [0x50, 0x4B, 0x03, 0x04]),
            let nameLength = le16(header, 26), let extraLength = le16(header, 28)
        else { return (nil, "\(name): no local header") }
        let (dataOffset, overflow) = entry.localHeaderOffset.addingReportingOverflow(
            30 + UInt64(nameLength) + UInt64(extraLength)
        )
        guard !overflow else { return (nil, "\(name): no local header") }
        // A size not recorded (ZIP64, or sizes after the data): read up to the cap, and let the
        // stream's own end, or the limit, stop the decoding.
        let knownSize = entry.compressedSize
        // A deflate stream's first bytes need its block header (a few hundred bytes) and at
        // most about a byte of input per byte of output.
        let wanted = max(0, min(limit, maximumPartBytes))
        let cap =
            entry.method == 0
            ? wanted
            : wanted == maximumPartBytes ? maximumCompressedPartBytes : wanted * 2 + 1024
        let count = Int(min(knownSize ?? UInt64(cap), UInt64(cap)))
        guard let data = reader.read(at: dataOffset, count: count) else {
            return (nil, "\(name): read failed")
        }
        let outcome: Inflate.Outcome
        let bytes: [UInt8]
        if entry.method == 0 {
            bytes = data
            if let knownSize, UInt64(data.count) == knownSize {
                outcome = .complete
            } else {
                outcome = data.count == wanted ? .outputLimit : .truncated
            }
        } else {
            let result = Inflate.inflate(data, outputLimit: wanted)
            bytes = result.bytes
            outcome = result.outcome
        }
        switch outcome {
        case .complete:
            if let expected = entry.uncompressedSize, expected != UInt64(bytes.count) {
                return (nil, "\(name) is \(bytes.count) bytes, not the \(expected) recorded")
            }
            if let expected = entry.crc32, CRC32.checksum(bytes) != expected {
                return (nil, "\(name) fails its CRC-32")
            }
            return (bytes, nil)
        case .outputLimit: return (bytes, "\(name): first \(bytes.count) bytes")
        case .truncated: return (bytes, "\(name) cut short after \(bytes.count) bytes")
        case .invalid(let reason):
            return (bytes, "\(name) damaged after \(bytes.count) bytes: \(reason)")
        }
    }

    /// The values of every `ContentType` attribute in `[Content_Types].xml` (`Default` and
    /// `Override` elements alike), in document order; UTF-8 or, after a byte order mark,
    /// UTF-16.
    static func declaredContentTypes(in bytes: [UInt8]) -> [String] {
        let text: [UInt8]
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let units = TextSniffer.utf16Units(afterMark: bytes, littleEndian: bytes[0] == 0xFF)
            text = Array(String(decoding: units, as: UTF16.self).utf8)
        } else {
            text = bytes
        }
        let attribute = Array("ContentType".utf8)
        let isSpace = TextSniffer.isSpace
        var values: [String] = []
        var index = 1
        while index + attribute.count < text.count {
            guard text[index] == attribute[0], isSpace(text[index - 1]),
                ByteFields.matches(text, at: index, attribute)
            else {
                index += 1
                continue
            }
            var cursor = index + attribute.count
            index = cursor
            while cursor < text.count, isSpace(text[cursor]) { cursor += 1 }
            guard cursor < text.count, text[cursor] == UInt8(ascii: "=") else { continue }
            cursor += 1
            while cursor < text.count, isSpace(text[cursor]) { cursor += 1 }
            guard cursor < text.count, text[cursor] == 0x22 || text[cursor] == 0x27 else {
                continue
            }
            let quote = text[cursor]
            let start = cursor + 1
            // A media type is at most 255 characters (RFC 6838, 4.2); a longer value is not one.
            let end = min(text.count, start + 256)
            guard let close = text[start..<end].firstIndex(of: quote) else { continue }
            values.append(String(decoding: text[start..<close], as: UTF8.self))
            index = close + 1
        }
        return values
    }
}
