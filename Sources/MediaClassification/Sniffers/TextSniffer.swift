// The fuzz harness (Scripts/fuzz.sh) compiles the sniffers alone, with ASCIICase's file
// beside them instead of the UniformTypes module.
#if canImport(UniformTypes)
import UniformTypes
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides quickly whether a file's head is text, and if so which kind: scripts by their
/// shebang, JSON, XML, SVG, HTML, CSV/TSV, RTF, PostScript, or plain text.
///
/// Text is valid UTF-8 (or ASCII) without NUL bytes and with few C0 controls, UTF-16 with a
/// byte-order mark (or, without one, opening with an XML declaration), or UTF-32 with a mark.
/// Anything else returns `nil`, so libmagic decides (it knows the legacy 8-bit encodings),
/// except a specific kind of text found in mostly-ASCII ISO 8859-1 or Windows-1252 text (a
/// CSV export, a script). A generic answer (`public.plain-text`) lets the classifier refine
/// the type by the file name.
package enum TextSniffer {
    /// How many bytes of the head are examined at most.
    static let maximumExamined = 64 << 10

    /// `<?xml` in UTF-16, little-endian then big-endian.
    static let unmarkedXMLDeclarations: [(littleEndian: Bool, bytes: [UInt8])] = [true, false]
        .map { littleEndian in
            (littleEndian, Array("<?xml".utf8).flatMap { littleEndian ? [$0, 0] : [0, $0] })
        }

    /// Classifies a text file from its head.
    ///
    /// - Parameter input: The head of the file (only the head is read).
    /// - Returns: The text type, or `nil` when the head is not text.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard !head.isEmpty else { return nil }
        let isWhole = UInt64(head.count) >= input.fileSize
        let examined = head.count > maximumExamined ? Array(head[..<maximumExamined]) : head
        let complete = isWhole && examined.count == head.count
        if let littleEndian = utf32Mark(examined) {
            return sniffUTF32(examined, littleEndian: littleEndian, complete: complete)
        }
        if examined.count >= 2 {
            let first = examined[0]
            let second = examined[1]
            if first == 0xFF && second == 0xFE || first == 0xFE && second == 0xFF {
                return sniffUTF16(examined, littleEndian: first == 0xFF, complete: complete)
            }
        }
        // An XML declaration in UTF-16 without a mark (the XML specification's appendix F
        // reads the encoding from `<?xml` itself): decoded as if the mark were there.
        if examined.count >= 10, examined[0] == 0 || examined[1] == 0 {
            for (littleEndian, declaration) in unmarkedXMLDeclarations
            where examined.starts(with: declaration) {
                return sniffUTF16(
                    (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) + examined,
                    littleEndian: littleEndian,
                    complete: complete,
                    encoding: "UTF-16 without BOM"
                )
            }
        }
        var start = 0
        if examined.count >= 3, examined[0] == 0xEF, examined[1] == 0xBB, examined[2] == 0xBF {
            start = 3
        }
        guard let ascii = textKind(examined, from: start, complete: complete) else {
            return start == 0 ? legacyText(examined, complete: complete) : nil
        }
        let encoding = start == 3 ? "UTF-8 with BOM" : ascii ? "ASCII" : "UTF-8"
        guard let result = classify(examined[start...], complete: complete, encoding: encoding)
        else {
            // A format left to libmagic (a vCard, a calendar) behind a UTF-8 mark is one that
            // libmagic does not name: the answer is text, and the signatures read past the
            // mark.
            return start == 3 ? SniffResult("public.utf8-plain-text", detail: encoding) : nil
        }
        guard result.identifier == "public.plain-text", start == 3 || !ascii else { return result }
        // Text with non-ASCII characters (or a UTF-8 mark) is known to be UTF-8.
        return SniffResult("public.utf8-plain-text", detail: encoding)
    }
}

// MARK: - Encoding

extension TextSniffer {
    /// Whether `bytes[from...]` is text: valid UTF-8, no NUL, few C0 controls.
    ///
    /// Returns `true` when it is all ASCII, `false` when it holds other characters, `nil` when
    /// it is not text. A multi-byte sequence cut by the end of the head is allowed when the
    /// head is not the whole file.
    static func textKind(_ bytes: [UInt8], from: Int, complete: Bool) -> Bool? {
        bytes.withUnsafeBufferPointer { buffer -> Bool? in
            var index = from
            let end = buffer.count
            var controls = 0
            var ascii = true
            guard let base = UnsafeRawPointer(buffer.baseAddress) else { return nil }
            let high: UInt64 = 0x8080_8080_8080_8080
            let ones: UInt64 = 0x0101_0101_0101_0101
            while index < end {
                // Eight ASCII bytes at a time when none is a control byte or DEL.
                if end - index >= 8 {
                    let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    let below20 = (word &- ones &* 0x20) & ~word & high
                    let del = word ^ (ones &* 0x7F)
                    let isDEL = (del &- ones) & ~del & high
                    if word & high == 0, below20 == 0, isDEL == 0 {
                        index += 8
                        continue
                    }
                }
                // Otherwise the next eight bytes one by one (a multi-byte character may end
                // past them).
                let stop = min(end, index + 8)
                while index < stop {
                    let byte = buffer[index]
                    if byte < 0x80 {
                        guard let control = isControl(byte) else { return nil }
                        if control { controls += 1 }
                        index += 1
                        continue
                    }
                    ascii = false
                    guard let length = sequenceLength(buffer, at: index, complete: complete) else {
                        return nil
                    }
                    index += length
                }
            }
            // A few stray controls (form feeds in old sources, a bell) are still text; a
            // stream of them is not.
            let examined = end - from
            guard controls == 0 || controls * 64 <= examined else { return nil }
            return ascii
        }
    }

    /// How an ASCII byte counts in text: `nil` for NUL, which text never holds; `true` for a
    /// control that text holds only a few of (C0 controls other than tab, LF, form feed, CR
    /// and escape; DEL); `false` for any other.
    @inline(__always)
    static func isControl(_ byte: UInt8) -> Bool? {
        switch byte {
        case 0x00: return nil
        case 0x09, 0x0A, 0x0C, 0x0D, 0x1B: return false
        case 0x01..<0x20, 0x7F: return true
        default: return false
        }
    }

    /// The length of the UTF-8 sequence that starts at `index`, or `nil` when it is invalid.
    ///
    /// A sequence cut by the end of the buffer counts as valid (to the end) when `complete` is
    /// false.
    private static func sequenceLength(
        _ buffer: UnsafeBufferPointer<UInt8>,
        at index: Int,
        complete: Bool
    ) -> Int? {
        let end = buffer.count
        let byte = buffer[index]
        let length: Int
        switch byte {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard index + length <= end else {
            // Cut at the end of the head: fine if the rest could still be valid.
            if complete { return nil }
            for position in (index + 1)..<end where buffer[position] & 0xC0 != 0x80 {
                return nil
            }
            return end - index
        }
        let second = buffer[index + 1]
        switch byte {
        case 0xE0: guard second >= 0xA0 && second <= 0xBF else { return nil }
        case 0xED: guard second >= 0x80 && second <= 0x9F else { return nil }
        case 0xF0: guard second >= 0x90 && second <= 0xBF else { return nil }
        case 0xF4: guard second >= 0x80 && second <= 0x8F else { return nil }
        default: guard second & 0xC0 == 0x80 else { return nil }
        }
        for position in (index + 2)..<(index + length) where buffer[position] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }

    /// The UTF-16 code units of bytes that begin with a 2-byte byte-order mark (an odd last
    /// byte is dropped).
    static func utf16Units(afterMark bytes: [UInt8], littleEndian: Bool) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let a = UInt16(bytes[index])
            let b = UInt16(bytes[index + 1])
            units.append(littleEndian ? a | b << 8 : a << 8 | b)
            index += 2
        }
        return units
    }

    /// Decodes UTF-16 to UTF-8 and classifies the result; `nil` when it is not valid UTF-16
    /// text.
    static func sniffUTF16(
        _ bytes: [UInt8],
        littleEndian: Bool,
        complete: Bool,
        encoding: String = "UTF-16 with BOM"
    ) -> SniffResult? {
        // FF FE 00 00 is the UTF-32 little-endian mark.
        if littleEndian, bytes.count >= 4, bytes[2] == 0, bytes[3] == 0 { return nil }
        let units = utf16Units(afterMark: bytes, littleEndian: littleEndian)
        if complete, bytes.count % 2 != 0 { return nil }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(units.count)
        var controls = 0
        var iterator = units.makeIterator()
        var decoder = UTF16()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar.value == 0 { return nil }
                if scalar.value < 0x20, ![0x09, 0x0A, 0x0C, 0x0D, 0x1B].contains(scalar.value) {
                    controls += 1
                }
                utf8.append(contentsOf: String(scalar).utf8)
            case .emptyInput:
                break decoding
            case .error:
                // A lone high surrogate at the very end of a cut head is a cut pair.
                if !complete, let last = units.last, last & 0xFC00 == 0xD800 {
                    break decoding
                }
                return nil
            }
        }
        guard controls == 0 || controls * 64 <= units.count else { return nil }
        // A format left to libmagic (a vCard, a calendar) is wide text to it, which it does
        // not name: the answer is text, and the signatures read its UTF-8 transcoding.
        guard let result = classify(utf8[...], complete: complete, encoding: encoding),
            result.identifier != "public.plain-text"
        else { return SniffResult("public.utf16-plain-text", detail: encoding) }
        return result
    }
}

// MARK: - Transcoding

extension TextSniffer {
    /// The text as the signatures' text rules expect it, or `nil` when the head is so already.
    ///
    /// That is UTF-8 without a byte-order mark (``utf8Transcoding(of:)``), with LF for CR
    /// when the lines end with CR alone, as classic Mac OS wrote them.
    static func signatureText(of head: [UInt8]) -> [UInt8]? {
        let utf8 = utf8Transcoding(of: head)
        let text = utf8 ?? head
        guard !text.contains(0x0A), text.contains(0x0D) else { return utf8 }
        return text.map { $0 == 0x0D ? 0x0A : $0 }
    }

    /// The UTF-8 transcoding of text with a byte-order mark or in a wide encoding, without
    /// the mark.
    ///
    /// The head must be UTF-8 with its mark (which is only dropped), UTF-16 or UTF-32 that
    /// opens with a byte-order mark, or UTF-16 that opens with an unmarked XML declaration;
    /// any other head gives `nil`. Invalid units become U+FFFD: the sniffer has already
    /// judged the head.
    static func utf8Transcoding(of head: [UInt8]) -> [UInt8]? {
        if head.count >= 3, head[0] == 0xEF, head[1] == 0xBB, head[2] == 0xBF {
            return Array(head[3...])
        }
        if let littleEndian = utf32Mark(head) {
            var utf8: [UInt8] = []
            utf8.reserveCapacity(head.count / 4)
            var offset = 4
            while let value = ByteFields.u32(head, offset, littleEndian: littleEndian) {
                utf8.append(contentsOf: String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8)
                offset += 4
            }
            return utf8
        }
        guard head.count >= 2 else { return nil }
        let marked: [UInt8]
        if head[0] == 0xFF && head[1] == 0xFE || head[0] == 0xFE && head[1] == 0xFF {
            marked = head
        } else if head.count >= 10, head[0] == 0 || head[1] == 0,
            let unmarked = unmarkedXMLDeclarations.first(where: { head.starts(with: $0.bytes) })
        {
            marked = (unmarked.littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) + head
        } else {
            return nil
        }
        let units = utf16Units(afterMark: marked, littleEndian: marked[0] == 0xFF)
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}

// MARK: - Legacy 8-bit text

extension TextSniffer {
    /// The bytes Windows-1252 leaves undefined; a file that holds one is not in that encoding.
    private static let undefinedInWindows1252: Set<UInt8> = [0x81, 0x8D, 0x8F, 0x90, 0x9D]

    /// A kind of text found in text written in ISO 8859-1 or Windows-1252 (a spreadsheet's
    /// CSV export, a script with accented comments), or `nil`.
    ///
    /// libmagic knows the 8-bit encodings but few kinds of text: the head is read again
    /// when it is mostly ASCII, without NUL, with few controls and with no byte that
    /// Windows-1252 leaves undefined, its bytes above 0x7F standing for letters, at most one
    /// byte in ten. Only a specific kind is answered: plain text (in whatever encoding) is
    /// still libmagic's to name, and text in other scripts (Cyrillic, Greek in 8-bit
    /// encodings), where most bytes are above 0x7F, is not read here.
    static func legacyText(_ bytes: [UInt8], complete: Bool) -> SniffResult? {
        var high = 0
        var controls = 0
        for byte in bytes {
            if byte >= 0x80 {
                if undefinedInWindows1252.contains(byte) { return nil }
                high += 1
            } else {
                guard let control = isControl(byte) else { return nil }
                if control { controls += 1 }
            }
        }
        guard high > 0, high * 10 <= bytes.count, controls * 64 <= bytes.count else {
            return nil
        }
        // As ISO 8859-1 (the kinds of text are told by their ASCII; the letters only need to
        // stay letters).
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count + high)
        for byte in bytes {
            if byte < 0x80 {
                utf8.append(byte)
            } else {
                utf8.append(0xC0 | byte >> 6)
                utf8.append(0x80 | byte & 0x3F)
            }
        }
        let encoding = "ISO 8859-1 or Windows-1252"
        guard let result = classify(utf8[...], complete: complete, encoding: encoding),
            result.identifier != "public.plain-text", result.identifier != "public.utf8-plain-text"
        else { return nil }
        var answer = result
        if !answer.detail.contains(encoding) { answer.detail = "\(encoding), \(answer.detail)" }
        return answer
    }
}

// MARK: - UTF-32

extension TextSniffer {
    /// Whether `bytes` open with a UTF-32 byte-order mark: `true` little-endian
    /// (`FF FE 00 00`), `false` big-endian (`00 00 FE FF`), `nil` without one.
    ///
    /// `FF FE 00 00` could also be a UTF-16 mark before U+0000, but a NUL is never text.
    static func utf32Mark(_ bytes: [UInt8]) -> Bool? {
        guard bytes.count >= 4 else { return nil }
        if bytes[0] == 0xFF, bytes[1] == 0xFE, bytes[2] == 0, bytes[3] == 0 { return true }
        if bytes[0] == 0, bytes[1] == 0, bytes[2] == 0xFE, bytes[3] == 0xFF { return false }
        return nil
    }

    /// Decodes UTF-32 after its 4-byte mark to UTF-8 and classifies the result; `nil` when it
    /// is not valid UTF-32 text (a code point past U+10FFFF, a surrogate, a NUL, a stream of
    /// controls, or, for a whole file, a length that is not a multiple of four).
    ///
    /// Apple declares no UTF-32 text type: plain text in UTF-32 is `public.plain-text`.
    static func sniffUTF32(_ bytes: [UInt8], littleEndian: Bool, complete: Bool)
        -> SniffResult?
    {
        if complete, bytes.count % 4 != 0 { return nil }
        let count = (bytes.count - 4) / 4
        guard count > 0 else { return nil }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(count)
        var controls = 0
        for index in 0..<count {
            let offset = 4 + index * 4
            guard let value = ByteFields.u32(bytes, offset, littleEndian: littleEndian),
                let scalar = Unicode.Scalar(value), value != 0
            else { return nil }
            if value < 0x80, isControl(UInt8(value)) == true { controls += 1 }
            utf8.append(contentsOf: String(scalar).utf8)
        }
        guard controls == 0 || controls * 64 <= count else { return nil }
        let encoding = littleEndian ? "UTF-32LE with BOM" : "UTF-32BE with BOM"
        // As in UTF-16, a format left to libmagic is plain text here, for the signatures.
        return classify(utf8[...], complete: complete, encoding: encoding)
            ?? SniffResult("public.plain-text", detail: encoding)
    }
}

// MARK: - Kinds of text

extension TextSniffer {
    /// Text formats libmagic names better than a generic text answer (a PDF can be all ASCII;
    /// calendars, contacts, subtitles, keys): the sniffer leaves them to it.
    static let deferredPrefixes = [
        "%PDF-", "%FDF-", "BEGIN:VCALENDAR", "BEGIN:VCARD", "WEBVTT", "-----BEGIN ",
    ]

    /// Classifies text already known to be valid; `nil` for a text format left to libmagic.
    static func classify(_ text: ArraySlice<UInt8>, complete: Bool, encoding: String)
        -> SniffResult?
    {
        for prefix in deferredPrefixes where hasPrefix(text, prefix) {
            return nil
        }
        // Classic Mac OS ended lines with CR alone, and Excel for Mac still writes its "CSV
        // (Macintosh)" so: text with CRs and no LF is read line by line as if each CR were an
        // LF (the copy has no CR left, so this is done once).
        if firstIndex(of: 0x0A, in: text) == nil, firstIndex(of: 0x0D, in: text) != nil {
            let lines = text.map { $0 == 0x0D ? UInt8(0x0A) : $0 }
            return classify(lines[...], complete: complete, encoding: encoding)
        }
        if hasPrefix(text, "<?php") {
            return SniffResult("public.php-script", detail: "\(encoding), <?php opening tag")
        }
        // A shell archive (shar, makekit) is a script that says so in a comment near its start.
        let archiveComment =
            hasPrefix(text, "#") && contains(text.prefix(1024), "# This is a shell archive")
        if let script = shebang(text) {
            if archiveComment, script.identifier == "public.shell-script" {
                return SniffResult(
                    "org.gnu.shell-archive",
                    detail: "\(encoding), shebang \(script.name), \"This is a shell archive\""
                )
            }
            var result = SniffResult(
                script.identifier,
                detail: "\(encoding), shebang \(script.name)"
            )
            // Deno and Bun run TypeScript as they run JavaScript, and Node strips its types:
            // a name claiming TypeScript decides over their `#!` line (another name does not).
            if Self.javaScriptEngines.contains(script.name) {
                result.alternatives = ["com.microsoft.typescript"]
            }
            return result
        }
        if archiveComment {
            return SniffResult(
                "org.gnu.shell-archive",
                detail: "\(encoding), \"This is a shell archive\" comment"
            )
        }
        if hasPrefix(text, "{\\rtf") {
            return SniffResult("public.rtf", detail: "{\\rtf header")
        }
        // A Type 1 font program is PostScript too; the font sniffer reads it first, and this
        // answer agrees with it when the text alone is asked.
        if FontSniffer.type1Headers.contains(where: { text.starts(with: $0) }) {
            return SniffResult("com.adobe.postscript-pfa-font", detail: "Type 1 font header")
        }
        if hasPrefix(text, "%!PS") {
            let firstLine = text.prefix { $0 != 0x0A && $0 != 0x0D }
            if contains(firstLine, "EPSF-") {
                return SniffResult("com.adobe.encapsulated-postscript", detail: "%!PS EPSF header")
            }
            // Illustrator's native files up to version 8 are PostScript whose header comments
            // carry the artwork's format version (`%AI5_FileFormat 2.0`, `... 9.0`): Tika's
            // rule for them wants a single digit, which Illustrator seldom wrote.
            let header = text.prefix(8192)
            if contains(header, "\n%AI5_FileFormat") || contains(header, "\r%AI5_FileFormat") {
                return SniffResult(
                    "com.adobe.illustrator.postscript-artwork",
                    detail: "%!PS header, %AI5_FileFormat comment"
                )
            }
            return SniffResult("com.adobe.postscript", detail: "%!PS header")
        }
        // troff and man pages: a comment line (.\" or '\") or a title or mdoc date request.
        for prefix in [".\\\"", "'\\\"", ".TH ", ".Dd ", ".so "] where hasPrefix(text, prefix) {
            return SniffResult("com.att.troff", detail: "\(encoding), troff request \(prefix)")
        }
        if let pickle = BinarySniffer.textPickleEvidence(text, complete: complete) {
            return SniffResult("org.python.pickle", detail: "\(encoding), \(pickle)")
        }
        var index = text.startIndex
        while index < text.endIndex, isSpace(text[index]) { index += 1 }
        // Before markup: N-Triples' lines open with `<urn:a>`, which reads as an element.
        if let rdf = rdfEvidence(text[index...], complete: complete) {
            // Each syntax is a subset of another (N-Triples of Turtle and N-Quads, Turtle of
            // TriG and Notation3): a name claiming the larger one decides.
            return SniffResult(
                rdf.identifier,
                detail: "\(encoding), \(rdf.evidence)",
                isTentative: true
            )
        }
        if index < text.endIndex {
            let first = text[index]
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
                let verdict = text[index...].withUnsafeBufferPointer {
                    JSONScanner.scan($0, complete: complete)
                }
                switch verdict {
                case .complete:
                    return jsonDialect(text[index...], encoding: encoding)
                        ?? SniffResult("public.json", detail: "\(encoding), parses as JSON")
                case .validPrefix:
                    return jsonDialect(text[index...], encoding: encoding)
                        ?? SniffResult("public.json", detail: "\(encoding), valid JSON prefix")
                case .invalid:
                    if let records = jsonLines(text[index...], complete: complete) {
                        return SniffResult(
                            "public.ndjson",
                            detail: "\(encoding), \(records) lines of JSON"
                        )
                    }
                    if let relaxed = relaxedJSON(
                        text[index...],
                        complete: complete,
                        encoding: encoding
                    ) {
                        return relaxed
                    }
                }
            } else if first == UInt8(ascii: "/"), index + 1 < text.endIndex,
                text[index + 1] == UInt8(ascii: "/") || text[index + 1] == UInt8(ascii: "*"),
                let relaxed = relaxedJSON(text[index...], complete: complete, encoding: encoding)
            {
                // Settings that open with a comment (`// Place your settings here`).
                return relaxed
            } else if first == UInt8(ascii: "<") {
                if let declaration = dtdDeclaration(text) {
                    return SniffResult(
                        "org.w3.xml-dtd",
                        detail: "\(encoding), markup declaration <!\(declaration) first"
                    )
                }
                if let (identifier, evidence) = componentEvidence(text[index...]) {
                    return SniffResult(identifier, detail: "\(encoding), \(evidence)")
                }
                if let markup = markup(text) { return markup }
            }
        }
        if let arff = arffEvidence(text) {
            return SniffResult("nz.ac.waikato.arff", detail: "\(encoding), \(arff)")
        }
        if let abc = abcNotationEvidence(text) {
            return SniffResult("org.abcnotation.abc", detail: "\(encoding), \(abc)")
        }
        if let model = wavefrontOBJEvidence(text, complete: complete) {
            return SniffResult("public.geometry-definition-format", detail: "\(encoding), \(model)")
        }
        if let molecule = xyzMoleculeEvidence(text, complete: complete) {
            return SniffResult("org.openbabel.xyz", detail: "\(encoding), \(molecule)")
        }
        // A proxy auto-config file is a script that defines this function: browsers call it
        // by that name (Netscape's PAC specification; IE's extension adds `Ex`).
        if contains(text.prefix(16_384), "function FindProxyForURL") {
            return SniffResult(
                "org.mozilla.proxy-autoconfig",
                detail: "\(encoding), defines FindProxyForURL"
            )
        }
        if let evidence = javascriptEvidence(text[index...]) {
            // Slint files open with the same import lines; their declarations tell them.
            if let slint = slintEvidence(text) {
                return SniffResult("dev.slint.slint-source", detail: "\(encoding), \(slint)")
            }
            // TypeScript writes the same module lines: its type annotations tell it.
            if let typed = typeScriptEvidence(codeLines(text)) {
                return SniffResult(
                    "com.microsoft.typescript",
                    detail: "\(encoding), \(evidence), \(typed)"
                )
            }
            // ECMAScript module lines are written in TypeScript, Slint, QML and more: a name
            // claiming one of those decides.
            return SniffResult(
                "com.netscape.javascript-source",
                detail: "\(encoding), \(evidence)",
                isTentative: true
            )
        }
        if let (identifier, section) = serviceSection(text) {
            return SniffResult(identifier, detail: "\(encoding), first section [\(section)]")
        }
        if let assembly = assemblyEvidence(text) {
            return SniffResult("public.assembly-source", detail: "\(encoding), \(assembly)")
        }
        if let makefile = makefileEvidence(text) {
            return SniffResult("public.make-source", detail: "\(encoding), \(makefile)")
        }
        // Starlark, Bazel's Python-like language, before Python itself.
        if let starlark = starlarkEvidence(text) {
            return SniffResult("org.bazel.starlark", detail: "\(encoding), \(starlark)")
        }
        if let python = pythonEvidence(text) {
            return SniffResult("public.python-script", detail: "\(encoding), \(python)")
        }
        if let tex = texEvidence(text) {
            return SniffResult("org.tug.tex", detail: "\(encoding), \(tex)")
        }
        if let goMod = goModEvidence(text) {
            return SniffResult("org.golang.go-module", detail: "\(encoding), \(goMod)")
        }
        if let goSum = goSumEvidence(text) {
            return SniffResult("org.golang.go-sum", detail: "\(encoding), \(goSum)")
        }
        let lines = codeLines(text)
        if let (identifier, evidence) = sourceCodeEvidence(text, lines: lines, complete: complete) {
            // C's lines are C++'s and Objective-C's too, and a header's are a source file's:
            // a name claiming one of those decides.
            return SniffResult(
                identifier,
                detail: "\(encoding), \(evidence)",
                isTentative: cFamily.contains(identifier)
            )
        }
        if let (identifier, evidence) = moreLanguagesEvidence(text, codeLines: lines) {
            var result = SniffResult(identifier, detail: "\(encoding), \(evidence)")
            result.alternatives = readingAlternatives[identifier] ?? []
            return result
        }
        if let template = templateEvidence(text) {
            // Templates are written in HTML, YAML, SQL and more: a name claiming one decides.
            return SniffResult(
                template.identifier,
                detail: "\(encoding), \(template.evidence)",
                isTentative: true
            )
        }
        if let pkgConfig = pkgConfigEvidence(text) {
            return SniffResult("org.freedesktop.pkg-config", detail: "\(encoding), \(pkgConfig)")
        }
        if let entry = desktopEntryEvidence(text) {
            return SniffResult("org.freedesktop.desktop-entry", detail: "\(encoding), \(entry)")
        }
        if let toml = tomlEvidence(text) {
            return SniffResult("org.toml.toml", detail: "\(encoding), \(toml)")
        }
        if let modules = gitModulesEvidence(text) {
            return SniffResult("org.git-scm.gitmodules", detail: "\(encoding), \(modules)")
        }
        if let ini = iniEvidence(text) {
            // Desktop entries, keyfiles and Windows setup files share INI's grammar: a name
            // claiming one of those decides.
            return SniffResult("org.winehq.ini", detail: "\(encoding), \(ini)", isTentative: true)
        }
        if let properties = propertiesEvidence(text) {
            // Other configuration files (sysctl's) are written so too: a name decides.
            return SniffResult(
                "com.oracle.java-properties",
                detail: "\(encoding), \(properties)",
                isTentative: true
            )
        }
        if let settings = dotenvEvidence(text) {
            // Shell snippets and EnvironmentFile settings are written so too: a name decides.
            return SniffResult(
                "org.dotenv.env",
                detail: "\(encoding), \(settings)",
                isTentative: true
            )
        }
        if let evidence = javascriptMarksEvidence(text[index...]) {
            return SniffResult("com.netscape.javascript-source", detail: "\(encoding), \(evidence)")
        }
        if let delimited = delimitedValues(text, complete: complete) {
            return delimited
        }
        return SniffResult("public.plain-text", detail: encoding)
    }

    /// The markup declarations a document type definition is made of (XML 1.0, section
    /// 2.8: element type, attribute-list, entity and notation declarations).
    static let dtdDeclarations = ["ELEMENT", "ATTLIST", "ENTITY", "NOTATION"]

    /// The keyword of the markup declaration an external DTD opens with, after a byte-order
    /// mark, white space, a text declaration (`<?xml ...?>`) and comments; nil when the text
    /// opens otherwise (a document's `<!DOCTYPE` or root element, or anything else).
    package static func dtdDeclaration(_ text: ArraySlice<UInt8>) -> String? {
        var index = text.startIndex
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        func skipSpace() {
            while index < text.endIndex, isSpace(text[index]) { index += 1 }
        }
        skipSpace()
        if hasPrefix(text[index...], "<?xml"),
            let end = ImageSniffer.find(text, "?>", from: index + 5)
        {
            index = end + 2
            skipSpace()
        }
        while hasPrefix(text[index...], "<!--") {
            guard let end = ImageSniffer.find(text, "-->", from: index + 4) else { return nil }
            index = end + 3
            skipSpace()
        }
        guard hasPrefix(text[index...], "<!") else { return nil }
        let rest = text[(index + 2)...]
        return dtdDeclarations.first { keyword in
            let after = rest.dropFirst(keyword.utf8.count).first
            return hasPrefix(rest, keyword) && after.map(isSpace) == true
        }
    }

    /// The sections that open a systemd unit (systemd.unit(5) and the unit types' pages).
    private static let unitSections: Set<String> = [
        "Unit", "Install", "Service", "Socket", "Timer", "Mount", "Automount", "Path", "Slice",
        "Scope", "Swap",
    ]

    /// A systemd unit or a D-Bus service file: the first line that is not blank or a `#` or
    /// `;` comment is a section header of one of them (`[Unit]`, `[Service]`, ...,
    /// `[D-BUS Service]`), as a licence comment may come first.
    static func serviceSection(_ text: ArraySlice<UInt8>) -> (String, String)? {
        var found: (String, String)?
        forEachLine(of: text, upTo: 200) { raw in
            let line = trimmingEnd(raw).drop(while: isSpace)
            guard let first = line.first else { return true }
            if first == UInt8(ascii: "#") || first == UInt8(ascii: ";") { return true }
            guard first == UInt8(ascii: "["), line.last == UInt8(ascii: "]") else { return false }
            let name = String(decoding: line.dropFirst().dropLast(), as: UTF8.self)
            if unitSections.contains(name) {
                found = ("org.freedesktop.systemd-unit", name)
            } else if name == "D-BUS Service" {
                found = ("org.freedesktop.dbus-service", name)
            }
            return false
        }
        return found
    }

    /// What makes text JavaScript.
    ///
    /// At its start: the strict-mode directive (`"use strict";` or `'use strict';`, quoted,
    /// where Perl's `use strict;` is bare) as the first statement after comments; or, in the
    /// first five lines after them, a module line no other language writes:
    /// `const x = require('...')`, `module.exports`, `import ... from '...'`,
    /// `export default`. Keywords shared with other languages (`var`, `function`, `=>`) are
    /// not evidence.
    private static func javascriptEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var rest = text
        while true {
            rest = rest.drop(while: isSpace)
            if hasPrefix(rest, "//") {
                rest = rest.drop { $0 != 0x0A }
            } else if hasPrefix(rest, "/*") {
                var close = rest.startIndex + 2
                while close < rest.endIndex - 1, rest[close] != 0x2A || rest[close + 1] != 0x2F {
                    close += 1
                }
                guard close < rest.endIndex - 1 else { break }
                rest = rest[(close + 2)...]
            } else {
                break
            }
        }
        for quote in ["\"", "'"] {
            let directive = quote + "use strict" + quote
            guard hasPrefix(rest, directive) else { continue }
            let next = rest.dropFirst(directive.utf8.count).first { $0 != 0x20 && $0 != 0x09 }
            if next == nil || next == UInt8(ascii: ";") || next == 0x0A || next == 0x0D {
                return "\(directive) directive"
            }
        }
        // Code quoted in prose (a Markdown page's fenced examples) is not a script: the
        // module line must be among the first five lines after the comments, before any line
        // a script does not start with.
        var evidence: String?
        forEachLine(of: rest, upTo: 5) { line in
            let line = line.drop(while: isSpace)
            if hasPrefix(line, "#") || hasPrefix(line, "`") || hasPrefix(line, "<") { return false }
            if ["const ", "let ", "var "].contains(where: { hasPrefix(line, $0) }),
                contains(line, "= require('") || contains(line, "= require(\"")
            {
                evidence = "require() of a module"
            } else if hasPrefix(line, "module.exports") || hasPrefix(line, "export default ") {
                evidence = "a module export"
            } else if hasPrefix(line, "import "),
                contains(line, " from '") || contains(line, " from \"")
            {
                evidence = "an import from a module"
            }
            return evidence == nil
        }
        return evidence
    }

    /// The types ``sourceCodeEvidence(_:lines:complete:)`` gives C by its preprocessor lines.
    private static let cFamily: Set<String> = ["public.c-source", "public.c-header"]

    /// What makes text a makefile.
    ///
    /// In its first 100 lines: a rule (`target: prerequisites`) followed by a tab-indented
    /// recipe that uses make's variables (`$@`, `$<`, `$^`, `$(NAME)` in capitals); or a
    /// `.PHONY` target beside a rule or a variable assignment; or two rules of file-like or
    /// conventional lowercase targets (`all:`, `clean:`, `page.html: page.md`) each followed
    /// by a tab-indented recipe, as small makefiles write with no variables, before any line
    /// of prose; or one rule that makes a file from others with a compiler's command
    /// (`main.o: main.c` then `gcc -c main.c`); or three variable assignments that expand
    /// `$(NAME)`, as a configured makefile's long preamble of variables does; or an include
    /// of a `.mk` file; or two of Automake's variables (`bin_PROGRAMS =`, `SUBDIRS =`); or
    /// three assignments with a tab after `=`, as BSD makefiles align them. A `name:` line
    /// and a tab-indented line alone are not enough (a README's `WEB SITE:` or `file.txt:`
    /// and its indented address, Python's `else:`), nor is make text quoted deep inside
    /// another language.
    private static func makefileEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var phony = false
        var rule = false
        var assignment = false
        var previousIsRule = false
        var previousIsPlainRule = false
        var previousIsFileRule = false
        var plainRecipes = 0
        var prose = false
        var expanding = 0
        var automake = 0
        var tabbed = 0
        var verdict: String?
        forEachLine(of: text, upTo: 100) { line in
            if previousIsRule, line.first == 0x09, usesMakeVariables(line) {
                verdict = "a rule and its recipe"
                return false
            }
            // A line of prose at the margin is no make syntax: a README's list of names and
            // tab-indented addresses is not a makefile.
            if line.first != 0x09, isProse(line) { prose = true }
            if previousIsPlainRule, line.first == 0x09, line.count > 1, !prose,
                !contains(line.dropFirst().prefix { $0 != 0x20 }, "://")
            {
                plainRecipes += 1
                if plainRecipes == 2 {
                    verdict = "rules and their recipes"
                    return false
                }
                if previousIsFileRule, startsWithAny(line.dropFirst(), buildCommands) {
                    verdict = "a file's rule and its compiler command"
                    return false
                }
            }
            previousIsRule = isRuleLine(line)
            previousIsPlainRule = previousIsRule && isPlainTarget(line)
            // `name.ext: prerequisites`: a file made from others.
            previousIsFileRule =
                previousIsPlainRule
                && line.prefix { $0 != UInt8(ascii: ":") }.contains(UInt8(ascii: "."))
                && line.drop { $0 != UInt8(ascii: ":") }.dropFirst().contains { !isSpace($0) }
            rule = rule || previousIsRule
            phony = phony || hasPrefix(line, ".PHONY:") || hasPrefix(line, ".PHONY :")
            if isIncludeOfMakefile(line) {
                verdict = "an include of a .mk file"
                return false
            }
            if isAutomakeAssignment(line) {
                automake += 1
                if automake == 2 {
                    verdict = "Automake variables"
                    return false
                }
            }
            if isAssignmentLine(line) {
                assignment = true
                // `NAME=<tab>value`, BSD make's layout; to a shell, the tab would end the
                // assignment and run the value as a command.
                if isTabbedAssignment(line) {
                    tabbed += 1
                    if tabbed == 3 {
                        verdict = "assignments aligned with tabs after ="
                        return false
                    }
                }
                // `$(NAME)` in a value is make's expansion (a shell runs a command there).
                if !prose, usesMakeVariables(line, parenthesesOnly: true) {
                    expanding += 1
                    if expanding == 3 {
                        verdict = "assignments that expand make variables"
                        return false
                    }
                }
            }
            return true
        }
        return verdict ?? (phony && (rule || assignment) ? ".PHONY target" : nil)
    }

    /// The index of the first `byte` in `text` (a plain loop: the generic `firstIndex(of:)`
    /// is many times slower in a debug build, where the tests run).
    static func firstIndex(of byte: UInt8, in text: ArraySlice<UInt8>) -> Int? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Calls `body` with each of the first `limit` lines (without their line feed) until it
    /// returns false.
    static func forEachLine(
        of text: ArraySlice<UInt8>,
        upTo limit: Int,
        _ body: (ArraySlice<UInt8>) -> Bool
    ) {
        var start = text.startIndex
        var count = 0
        while start < text.endIndex, count < limit {
            let end = firstIndex(of: 0x0A, in: text[start...]) ?? text.endIndex
            guard body(text[start..<end]) else { return }
            start = end + 1
            count += 1
        }
    }

    /// A recipe's use of make's automatic variables (`$@`, `$<`, `$^`) or of a variable named
    /// in capitals (`$(CC)`, `${CFLAGS}`); with `parenthesesOnly`, of `$(NAME)` alone (a
    /// shell expands `${NAME}` too, and `$@`).
    private static func usesMakeVariables(
        _ line: ArraySlice<UInt8>,
        parenthesesOnly: Bool = false
    ) -> Bool {
        var index = line.startIndex
        while let dollar = firstIndex(of: UInt8(ascii: "$"), in: line[index...]) {
            let next = line.index(after: dollar)
            guard next < line.endIndex else { return false }
            switch line[next] {
            case UInt8(ascii: "@"), UInt8(ascii: "<"), UInt8(ascii: "^"):
                if !parenthesesOnly { return true }
            case UInt8(ascii: "("), UInt8(ascii: "{"):
                if parenthesesOnly, line[next] == UInt8(ascii: "{") { break }
                let name = line[(next + 1)...].prefix {
                    (0x41...0x5A).contains($0) || $0 == 0x5F || (0x30...0x39).contains($0)
                }
                let after = name.endIndex < line.endIndex ? line[name.endIndex] : 0
                if !name.isEmpty, after == UInt8(ascii: ")") || after == UInt8(ascii: "}") {
                    return true
                }
            default: break
            }
            index = next
        }
        return false
    }

    /// `NAME = value`, `NAME := value`, `NAME ?= value` or `NAME += value`, the name in
    /// capitals as makefiles write them.
    private static func isAssignmentLine(_ line: ArraySlice<UInt8>) -> Bool {
        let name = line.prefix {
            (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F
        }
        guard !name.isEmpty, let first = name.first, !(0x30...0x39).contains(first) else {
            return false
        }
        var rest = line[name.endIndex...].drop { $0 == 0x20 || $0 == 0x09 }
        if let symbol = rest.first,
            [UInt8(ascii: ":"), UInt8(ascii: "?"), UInt8(ascii: "+")].contains(symbol)
        {
            rest = rest.dropFirst()
        }
        return rest.first == UInt8(ascii: "=")
    }

    /// `NAME=` (or `?=`, `+=`, `:=`) directly followed by a tab.
    private static func isTabbedAssignment(_ line: ArraySlice<UInt8>) -> Bool {
        guard let equals = firstIndex(of: UInt8(ascii: "="), in: line) else { return false }
        return equals + 1 < line.endIndex && line[equals + 1] == 0x09
    }

    /// `include name.mk` (GNU make, also `-include` and `sinclude`) or BSD make's
    /// `.include <name.mk>` / `.include "name.mk"` at the margin.
    private static func isIncludeOfMakefile(_ line: ArraySlice<UInt8>) -> Bool {
        guard
            let rest = ["include ", "-include ", "sinclude ", ".include "].lazy
                .filter({ hasPrefix(line, $0) })
                .map({ line.dropFirst($0.utf8.count) })
                .first
        else { return false }
        var path = rest.drop(while: isSpace)
        if line.first == UInt8(ascii: "."), let open = path.first {
            let close = open == UInt8(ascii: "<") ? UInt8(ascii: ">") : open
            guard open == UInt8(ascii: "<") || open == UInt8(ascii: "\""), path.last == close
            else { return false }
            path = path.dropFirst().dropLast()
        }
        return endsWith(path, ".mk") && !path.contains(0x20) && !path.contains(0x09)
    }

    /// Automake's variables (the GNU Automake manual): a primary after a lowercase prefix
    /// (`bin_PROGRAMS`, `libfoo_la_SOURCES`, `foo_LDADD`) or one of its own names
    /// (`SUBDIRS`, `EXTRA_DIST`, `AM_CFLAGS`), then a space and `=` or `+=`.
    private static func isAutomakeAssignment(_ line: ArraySlice<UInt8>) -> Bool {
        let name = line.prefix(while: isIdentifierByte)
        // A space before the `=`, as Automake's input is written and no shell assignment is.
        guard !name.isEmpty, name.endIndex < line.endIndex, isSpace(line[name.endIndex]) else {
            return false
        }
        var rest = line[name.endIndex...].drop { $0 == 0x20 || $0 == 0x09 }
        if rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        guard rest.first == UInt8(ascii: "=") else { return false }
        let word = String(decoding: name, as: UTF8.self)
        if automakeNames.contains(word) { return true }
        guard let underscore = word.lastIndex(of: "_"), underscore != word.startIndex,
            word.first.map({ $0.isLowercase }) == true
        else { return false }
        return automakePrimaries.contains(String(word[word.index(after: underscore)...]))
    }

    /// Automake's primaries and the per-target variables written after a lowercase prefix.
    private static let automakePrimaries: Set<String> = [
        "PROGRAMS", "LIBRARIES", "LTLIBRARIES", "SOURCES", "HEADERS", "SCRIPTS", "DATA",
        "MANS", "TEXINFOS", "PYTHON", "JAVA", "LISP", "LDADD", "LIBADD", "LDFLAGS", "CFLAGS",
        "CPPFLAGS", "CXXFLAGS", "DEPENDENCIES",
    ]

    /// Variables only Automake's input writes.
    private static let automakeNames: Set<String> = [
        "SUBDIRS", "DIST_SUBDIRS", "EXTRA_DIST", "AM_CFLAGS", "AM_CPPFLAGS", "AM_CXXFLAGS",
        "AM_LDFLAGS", "ACLOCAL_AMFLAGS", "AUTOMAKE_OPTIONS", "CLEANFILES", "DISTCLEANFILES",
        "MAINTAINERCLEANFILES", "BUILT_SOURCES", "TESTS",
    ]

    /// Compilers, assemblers and linkers a recipe runs, each with the space after its name.
    private static let buildCommands = [
        "gcc ", "cc ", "g++ ", "c++ ", "clang ", "clang++ ", "as ", "ld ", "ar ", "nasm ",
        "gfortran ", "javac ", "rustc ", "arm-none-eabi-gcc ",
    ]

    /// Whether a rule's first target is written as makefiles write file names and phony
    /// targets: it opens with a lowercase letter, `.` or `$`, and is no keyword of Python
    /// (`else:`, `try:`) or another language that ends a line with a colon.
    private static func isPlainTarget(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first,
            (0x61...0x7A).contains(first) || ".$".utf8.contains(first)
        else { return false }
        let word = line.prefix { $0 != 0x20 && $0 != 0x09 && $0 != UInt8(ascii: ":") }
        let keywords = [
            "else", "try", "finally", "except", "def", "class", "if", "elif", "for", "while",
            "with", "case", "default", "public", "private", "protected", "do", "begin",
        ]
        return !keywords.contains { word.elementsEqual($0.utf8) }
            && !word.contains(UInt8(ascii: "("))
    }

    /// The characters of make targets as makefiles write them.
    private static let targetCharacters = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./%-$() ".utf8
    )

    /// `target [target...]: [prerequisites]`: names made of make's usual characters, then a
    /// single colon (or `::`) that is not `:=` and not followed by more text without a space.
    private static func isRuleLine(_ line: ArraySlice<UInt8>) -> Bool {
        guard let colon = firstIndex(of: UInt8(ascii: ":"), in: line), colon > line.startIndex
        else {
            return false
        }
        let targets = line[..<colon]
        guard targets.first != 0x20, targets.allSatisfy({ targetCharacters.contains($0) }) else {
            return false
        }
        var after = line[(colon + 1)...]
        if after.first == UInt8(ascii: ":") { after = after.dropFirst() }
        guard let next = after.first else { return true }
        return next == 0x20 || next == 0x09 || next == 0x0D
    }

    /// The number of lines when every line is one JSON object or array (newline-delimited
    /// JSON), at least two; the last line may be cut when the head is.
    private static func jsonLines(_ text: ArraySlice<UInt8>, complete: Bool) -> Int? {
        var records = 0
        var start = text.startIndex
        // The first 256 lines decide.
        while start < text.endIndex, records < 256 {
            let newline = text[start...].firstIndex(of: 0x0A)
            let end = newline ?? text.endIndex
            var lower = start
            var upper = end
            while lower < upper, isSpace(text[lower]) { lower += 1 }
            while upper > lower, isSpace(text[upper - 1]) { upper -= 1 }
            if lower < upper {
                let first = text[lower]
                guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return nil }
                let isLast = newline == nil
                let verdict = text[lower..<upper].withUnsafeBufferPointer {
                    JSONScanner.scan($0, complete: complete || !isLast)
                }
                guard verdict != .invalid else { return nil }
                records += 1
            }
            guard let newline else { break }
            start = newline + 1
        }
        return records >= 2 ? records : nil
    }

    /// The elements of HTML (the WHATWG HTML standard's element index, with the obsolete
    /// elements old pages still use), lowercased.
    static let htmlElementNames: Set<String> = [
        "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo",
        "blockquote", "body", "br", "button", "canvas", "caption", "cite", "code", "col",
        "colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "div", "dl",
        "dt", "em", "embed", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2",
        "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img",
        "input", "ins", "kbd", "label", "legend", "li", "link", "main", "map", "mark", "menu",
        "meta", "meter", "nav", "noscript", "object", "ol", "optgroup", "option", "output", "p",
        "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "search",
        "section", "select", "slot", "small", "source", "span", "strong", "style", "sub",
        "summary", "sup", "table", "tbody", "td", "template", "textarea", "tfoot", "th",
        "thead", "time", "title", "tr", "track", "u", "ul", "var", "video", "wbr",
        // Obsolete, still written.
        "acronym", "applet", "basefont", "big", "blink", "center", "dir", "font", "frame",
        "frameset", "marquee", "nobr", "noframes", "strike", "tt",
    ]

    /// What makes a `Project` root element MSBuild's: its namespace (the 2003 schema of
    /// Visual Studio's project files), an `Sdk` attribute (the SDK-style files of .NET), or
    /// MSBuild's own children (`PropertyGroup`, `ItemGroup`, `Import`) in the first 4 KiB, as
    /// a bare `<Project>` in `Directory.Build.props` has them.
    private static func msbuildEvidence(_ text: ArraySlice<UInt8>, root offset: Int) -> String? {
        let start = text.startIndex + offset
        guard start < text.endIndex else { return nil }
        let window = text[start..<min(text.endIndex, start + 4096)]
        let tagEnd = window.firstIndex(of: UInt8(ascii: ">")) ?? window.endIndex
        let tag = window[..<tagEnd]
        if contains(tag, "xmlns=\"http://schemas.microsoft.com/developer/msbuild/2003\"") {
            return "XML root element Project in MSBuild's namespace"
        }
        if contains(tag, " Sdk=\"") { return "XML root element Project with an Sdk attribute" }
        let children = ["PropertyGroup", "ItemGroup", "Import"]
        guard
            let child = children.first(where: {
                containsStartTag(window[tagEnd...], "<" + $0.lowercased())
            })
        else { return nil }
        return "XML root element Project with <\(child)>"
    }

    /// Whether an element name is HTML's (any case, no namespace prefix).
    static func isHTMLElementName(_ name: String) -> Bool {
        htmlElementNames.contains(name.lowercased())
    }

    private static func markup(_ text: ArraySlice<UInt8>) -> SniffResult? {
        var index = text.startIndex
        while index < text.endIndex, isSpace(text[index]) { index += 1 }
        if hasPrefixIgnoringCase(text[index...], "<!doctype html") {
            return SniffResult("public.html", detail: "<!DOCTYPE html")
        }
        let root = ImageSniffer.xmlRootElement(text)
        if let root, ImageSniffer.isSVGName(root.name) {
            return SniffResult("public.svg-image", detail: "XML root element \(root.name)")
        }
        // A processing instruction first (`<?wpl`, `<?mso-application`) is an XML
        // vocabulary's prolog without the declaration, whose elements may be named head.
        let instruction =
            hasPrefix(text[index...], "<?") && !hasPrefixIgnoringCase(text[index...], "<?php")
        // A first element that HTML does not have names another vocabulary whose documents
        // borrow HEAD and BODY: SAMI captions (`<SAMI><HEAD>...`).
        let foreignRoot = root.map { !isHTMLElementName($0.name) } ?? false
        if root?.hasDeclaration != true, !instruction, !foreignRoot {
            // HTML that does not start with its document element: fragments, odd prologs.
            let window = text[index..<min(text.endIndex, index + 1024)]
            for tag in ["<html", "<head", "<body"] where containsStartTag(window, tag) {
                return SniffResult("public.html", detail: "\(tag)> near the start")
            }
        }
        guard let root else { return nil }
        let lowered = root.name.lowercased()
        if lowered == "html" || root.doctype == "html" {
            if root.hasDeclaration {
                return SniffResult("public.xhtml", detail: "XML declaration, root html")
            }
            return SniffResult("public.html", detail: "root element \(root.name)")
        }
        if lowered == "head" || lowered == "body" {
            return SniffResult("public.html", detail: "root element \(root.name)")
        }
        if root.name == "plist", root.doctype == "plist" || root.hasDeclaration {
            return SniffResult("com.apple.xml-property-list", detail: "XML root element plist")
        }
        if root.name == "document" || root.name.hasSuffix(":document"),
            let flat = flatOpenDocument(text)
        {
            return flat
        }
        if root.name == "Project", let evidence = msbuildEvidence(text, root: root.offset) {
            return SniffResult("com.microsoft.msbuild-project", detail: evidence)
        }
        if !root.hasDeclaration, root.doctype == nil, !instruction,
            textFollowsRootElement(text, from: root.offset)
        {
            // Text after the first element closes is no XML document: a Markdown page that
            // opens with `<p align="center">`, wiki text after an anchor `<span>`.
            return nil
        }
        return SniffResult("public.xml", detail: "XML root element \(root.name)")
    }

    /// Whether text follows the element that starts at `start`, which an XML document cannot
    /// hold.
    ///
    /// The element must close within the first 64 KiB, and something other than white space,
    /// comments, processing instructions and further elements must follow it there. Each
    /// further element is read the same way, so that text after a run of HTML blocks counts;
    /// an element that does not close in the window, or a run of elements and nothing else,
    /// is not judged.
    ///
    /// Elements are matched by name, as an HTML reader matches them: a closing tag closes the
    /// innermost open element of its name and every element opened inside it, and a closing
    /// tag with no open element of its name is passed over. An HTML block at the top of a
    /// Markdown page leaves its void elements open (`<img src="logo.svg">`, `<br>`); well-formed
    /// XML closes every element where this reading does.
    static func textFollowsRootElement(_ text: ArraySlice<UInt8>, from start: Int) -> Bool {
        let window = text[start..<min(text.endIndex, start + 65_536)]
        var position = start
        while let end = elementEnd(window, from: position) {
            position = end
            // White space, comments and processing instructions may follow an element.
            while position < window.endIndex, window[position] != UInt8(ascii: "<") {
                guard isSpace(window[position]) else { return true }
                position += 1
            }
            guard position < window.endIndex else { return false }
            let rest = window[position...]
            if hasPrefix(rest, "<!--") || hasPrefix(rest, "<?") {
                guard let next = elementEnd(window, from: position, markupOnly: true) else {
                    return false
                }
                position = next
                continue
            }
        }
        return false
    }

    /// Where the element (or, with `markupOnly`, the comment or processing instruction) at the
    /// first `<` from `start` ends in `window`, or `nil` when it does not end there or nests
    /// more than 256 elements deep.
    ///
    /// Comments, CDATA sections, processing instructions and declarations before the element
    /// are passed over.
    private static func elementEnd(
        _ window: ArraySlice<UInt8>,
        from start: Int,
        markupOnly: Bool = false
    ) -> Int? {
        var index = start
        var open: [ArraySlice<UInt8>] = []
        func skip(past terminator: String, from position: Int) -> Int? {
            ImageSniffer.find(window, terminator, from: position).map { $0 + terminator.utf8.count }
        }
        while index < window.endIndex {
            guard let tag = firstIndex(of: UInt8(ascii: "<"), in: window[index...]) else {
                return nil
            }
            let rest = window[tag...]
            if hasPrefix(rest, "<!--") {
                guard let next = skip(past: "-->", from: tag + 4) else { return nil }
                if markupOnly { return next }
                index = next
            } else if hasPrefix(rest, "<![CDATA[") {
                guard let next = skip(past: "]]>", from: tag + 9) else { return nil }
                index = next
            } else if hasPrefix(rest, "<?") {
                guard let next = skip(past: "?>", from: tag + 2) else { return nil }
                if markupOnly { return next }
                index = next
            } else if hasPrefix(rest, "<!") {
                guard let next = skip(past: ">", from: tag + 2) else { return nil }
                index = next
            } else {
                // The tag's end: the first `>` outside a quoted attribute value.
                var cursor = tag + 1
                var quote: UInt8?
                while cursor < window.endIndex {
                    let byte = window[cursor]
                    if let closing = quote {
                        if byte == closing { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: ">") {
                        break
                    }
                    cursor += 1
                }
                guard cursor < window.endIndex else { return nil }
                let closing = window[tag + 1] == UInt8(ascii: "/")
                let name = window[(closing ? tag + 2 : tag + 1)..<cursor].prefix {
                    !isSpace($0) && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ">")
                }
                if closing {
                    if let match = open.lastIndex(where: { sameName($0, name) }) {
                        open.removeSubrange(match...)
                    }
                } else if window[cursor - 1] != UInt8(ascii: "/") {
                    // Deeper than any page's blocks: not judged (and no closing tag searches
                    // a stack of thousands).
                    guard open.count < 256 else { return nil }
                    open.append(name)
                }
                index = cursor + 1
                if open.isEmpty { return index }
            }
        }
        return nil
    }

    /// Whether two element names are the same, ignoring ASCII case as HTML does.
    private static func sameName(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { ASCIICase.lowered($0) == ASCIICase.lowered($1) }
    }

    /// The kinds of OpenDocument flat XML files, by the kind their `office:mimetype` names.
    private static let flatOpenDocumentKinds: [(kind: String, identifier: String)] = [
        ("text", "org.oasis-open.opendocument.text-flat"),
        ("spreadsheet", "org.oasis-open.opendocument.spreadsheet-flat"),
        ("presentation", "org.oasis-open.opendocument.presentation-flat"),
        ("graphics", "org.oasis-open.opendocument.graphics-flat"),
    ]

    /// An OpenDocument flat XML file (`.fodt`, `.fods`, `.fodp`, `.fodg`): the root element
    /// of a single-XML OpenDocument, `office:document`, names what the document is in its
    /// `office:mimetype` attribute, the MIME type of the packaged kind.
    private static func flatOpenDocument(_ text: ArraySlice<UInt8>) -> SniffResult? {
        // LibreOffice declares some thirty namespaces on the root before the attribute.
        let window = text.prefix(8192)
        let attribute = ":mimetype=\"application/vnd.oasis.opendocument."
        guard let start = ImageSniffer.find(window, attribute, from: window.startIndex) else {
            return nil
        }
        let kind = window[(start + attribute.utf8.count)...].prefix { $0 != UInt8(ascii: "\"") }
        for entry in flatOpenDocumentKinds where kind.elementsEqual(entry.kind.utf8) {
            return SniffResult(
                entry.identifier,
                detail: "office:document, office:mimetype \(entry.kind)"
            )
        }
        return nil
    }
}

// MARK: - Shebang

extension TextSniffer {
    /// The shells a `#!` line can name, and their script types.
    private static let shellInterpreters: [(prefix: String, identifier: String)] = [
        ("bash", "public.bash-script"),
        ("zsh", "public.zsh-script"),
        ("tcsh", "public.tcsh-script"),
        ("csh", "public.csh-script"),
        ("ksh", "public.ksh-script"),
        ("mksh", "public.ksh-script"),
        ("pdksh", "public.ksh-script"),
        ("dash", "public.shell-script"),
        ("ash", "public.shell-script"),
        ("busybox", "public.shell-script"),
        ("sh", "public.shell-script"),
    ]

    /// The script types of the shells: what a `#!` line must name for Tika's `#!/` rule to
    /// hold on bytes that are not text (``WeakEvidence``).
    static let shellScriptTypes = Set(shellInterpreters.map(\.identifier))

    /// The script types a `#!` line can name.
    static let interpreterScriptTypes = Set(interpreters.map(\.identifier))

    /// Every interpreter a `#!` line can name, shells first, and its script type.
    private static let interpreters = shellInterpreters + otherInterpreters

    /// The `#!` interpreters that run JavaScript and TypeScript alike.
    private static let javaScriptEngines: Set<String> = ["node", "nodejs", "deno", "bun"]

    /// The interpreters that are no shell.
    private static let otherInterpreters: [(prefix: String, identifier: String)] = [
        ("python", "public.python-script"),
        ("pypy", "public.python-script"),
        ("perl", "public.perl-script"),
        ("ruby", "public.ruby-script"),
        ("php", "public.php-script"),
        ("nodejs", "com.netscape.javascript-source"),
        ("node", "com.netscape.javascript-source"),
        ("deno", "com.netscape.javascript-source"),
        ("bun", "com.netscape.javascript-source"),
        ("ts-node", "com.microsoft.typescript"),
        ("tsx", "com.microsoft.typescript"),
        ("make", "public.make-source"),
        ("osascript", "com.apple.applescript.text"),
        ("gawk", "org.gnu.gawk-script"),
        ("nawk", "com.att.nawk-script"),
        ("mawk", "com.att.awk-script"),
        ("awk", "com.att.awk-script"),
        ("tclsh", "org.tcl-lang.script"),
        ("wish", "org.tcl-lang.script"),
        ("lua", "org.lua.script"),
        ("sed", "org.gnu.sed-script"),
        ("gsed", "org.gnu.sed-script"),
        ("fish", "org.fishshell.fish-script"),
        ("nu", "sh.nushell.nu-script"),
        ("pwsh", "com.microsoft.powershell-script"),
        ("julia", "org.julialang.julia-source"),
        ("groovy", "org.apache.groovy-source"),
        ("raku", "org.raku.raku-source"),
        ("perl6", "org.raku.raku-source"),
        ("elixir", "org.elixir-lang.elixir-source"),
        ("escript", "org.erlang.erlang-source"),
        ("racket", "org.racket-lang.racket-source"),
        ("guile", "org.scheme-reports.scheme-source"),
        ("deno", "com.netscape.javascript-source"),
        // GNOME's and Cinnamon's JavaScript shells, QuickJS, Rhino, Nashorn and Google's zx.
        ("gjs", "com.netscape.javascript-source"),
        ("cjs", "com.netscape.javascript-source"),
        ("qjs", "com.netscape.javascript-source"),
        ("rhino", "com.netscape.javascript-source"),
        ("jjs", "com.netscape.javascript-source"),
        ("zx", "com.netscape.javascript-source"),
        ("bun", "com.netscape.javascript-source"),
        ("ts-node", "com.microsoft.typescript"),
        ("tsx", "com.microsoft.typescript"),
        ("rdmd", "org.dlang.d-source"),
        ("dmd", "org.dlang.d-source"),
        ("gdmd", "org.dlang.d-source"),
        ("ldmd2", "org.dlang.d-source"),
        ("qmlscene", "org.qt.qml"),
        ("qml", "org.qt.qml"),
        ("swift", "public.swift-source"),
        ("runhaskell", "org.haskell.haskell-source"),
        ("runghc", "org.haskell.haskell-source"),
        ("stack", "org.haskell.haskell-source"),
        ("ocaml", "org.ocaml.ocaml-source"),
        ("scala", "org.scala-lang.scala-source"),
        ("kotlin", "org.kotlinlang.kotlin-source"),
        ("dart", "dev.dart.dart-source"),
        ("sbcl", "org.common-lisp.source"),
        ("clisp", "org.common-lisp.source"),
    ]

    /// The interpreter a `#!` line names and its script type.
    static func shebang(_ text: ArraySlice<UInt8>) -> (name: String, identifier: String)? {
        guard hasPrefix(text, "#!") else { return nil }
        let lineEnd = text.firstIndex(of: 0x0A) ?? text.endIndex
        let line = text[(text.startIndex + 2)..<min(lineEnd, text.startIndex + 256)]
        var words = line.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
            .map { String(decoding: $0, as: UTF8.self) }
        guard !words.isEmpty else { return nil }
        var program = lastPathComponent(words.removeFirst())
        // A directory where the program belongs, the slash typed as a space
        // (`#!/usr/bin env python`, as boto's tests were written): the next word is the program.
        if program.isEmpty || program == "bin", let next = words.first {
            words.removeFirst()
            program = lastPathComponent(next)
        }
        if program == "env" {
            // `env [-S] [-i] [NAME=value]... program`
            while let word = words.first, word.hasPrefix("-") || word.contains("=") {
                words.removeFirst()
            }
            guard let word = words.first else { return nil }
            program = lastPathComponent(word)
        }
        guard !program.isEmpty else { return nil }
        for entry in interpreters where program.hasPrefix(entry.prefix) {
            // `python3.12`, `perl5.36`, `ruby3.2`: a version may follow; `shellcheck` is not `sh`.
            let rest = program.dropFirst(entry.prefix.count)
            if rest.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) {
                return (program, entry.identifier)
            }
        }
        return (program, "public.script")
    }

    private static func lastPathComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}

// MARK: - CSV and TSV

extension TextSniffer {
    /// Several records with the same number (at least one) of commas, tabs or semicolons
    /// outside quotes: two records with four or more, three with two or more, five with one.
    ///
    /// In comma-separated text a line that starts with `#` outside quotes is a comment, as
    /// many CSV writers and readers take it (Python's and Go's readers can skip them), and is
    /// not a record; comment lines may not outnumber the records, and the records need two
    /// commas or more. (Tab-separated tables behind `#` comments are Unix configuration
    /// files, `/etc/iproute2/rt_protos` and the like, which nobody calls TSV.)
    static func delimitedValues(_ text: ArraySlice<UInt8>, complete: Bool) -> SniffResult? {
        let window = text.prefix(16 << 10)
        let windowComplete = complete && window.count == text.count
        let hash = UInt8(ascii: "#")
        for (separator, identifier, name) in [
            (UInt8(ascii: ","), "public.comma-separated-values-text", "commas"),
            (UInt8(ascii: "\t"), "public.tab-separated-values-text", "tabs"),
            (UInt8(ascii: ";"), "public.comma-separated-values-text", "semicolons"),
        ] {
            let allowsComments = separator == UInt8(ascii: ",")
            // Spreadsheets in locales whose decimal mark is a comma write CSV with
            // semicolons (Excel, LibreOffice). Lines of code end with one, are indented or
            // hold braces: a semicolon table needs two or more per record, none at a record's
            // end, no record that opens with a space or a tab, and no brace outside quotes.
            let isSemicolon = separator == UInt8(ascii: ";")
            var codeLike = false
            var previous: UInt8 = 0x0A
            // Every record has the same number (at least one) of separators, so the first
            // line that is not a comment must hold one.
            var lineStart = window.startIndex
            while allowsComments, lineStart < window.endIndex, window[lineStart] == hash {
                guard let end = window[lineStart...].firstIndex(of: 0x0A) else {
                    lineStart = window.endIndex
                    break
                }
                lineStart = end + 1
            }
            let firstLine = window[lineStart...].prefix { $0 != 0x0A }
            guard firstLine.contains(separator) else { continue }
            var counts: [Int] = []
            var current = 0
            var inQuotes = false
            var recordHasContent = false
            var consistent = true
            var atLineStart = true
            var inComment = false
            var comments = 0
            for byte in window {
                if inComment {
                    if byte == 0x0A {
                        inComment = false
                        atLineStart = true
                    }
                    continue
                }
                if atLineStart, allowsComments, !inQuotes, byte == hash {
                    inComment = true
                    comments += 1
                    continue
                }
                if isSemicolon, !inQuotes {
                    if atLineStart, byte == 0x20 || byte == 0x09 { codeLike = true }
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") { codeLike = true }
                    if byte == 0x0A || byte == 0x0D, previous == separator { codeLike = true }
                }
                if byte != 0x0D { previous = byte }
                atLineStart = byte == 0x0A && !inQuotes
                if byte == UInt8(ascii: "\"") {
                    inQuotes.toggle()
                    recordHasContent = true
                } else if inQuotes {
                    continue
                } else if byte == separator {
                    current += 1
                    recordHasContent = true
                } else if byte == 0x0A {
                    if recordHasContent {
                        counts.append(current)
                        if counts.count > 1, current != counts[0] {
                            consistent = false
                            if !allowsComments || current > counts[0] { break }
                        }
                    }
                    current = 0
                    recordHasContent = false
                    if counts.count >= 64 { break }
                } else if byte != 0x0D {
                    recordHasContent = true
                }
            }
            // The last record counts only when the whole file was seen.
            if windowComplete, recordHasContent, !inQuotes {
                counts.append(current)
                if current != counts[0] { consistent = false }
            }
            // Writers that leave out a record's empty trailing fields (Debian's distro-info
            // tables) write ragged CSV: fewer commas than the header, never more. That is taken
            // when the header names four fields or more, none empty, every record has three
            // fields or more, and there are five records.
            if !consistent, allowsComments, let header = counts.first, header >= 3,
                counts.count >= 5, comments <= counts.count,
                counts.allSatisfy({ $0 >= 2 && $0 <= header }),
                !firstLine.split(separator: separator, omittingEmptySubsequences: false)
                    .contains(where: { $0.allSatisfy { $0 == 0x20 || $0 == 0x0D } })
            {
                return SniffResult(
                    identifier,
                    detail: "\(counts.count) records with 2 to \(header) \(name)"
                )
            }
            guard consistent, let fields = counts.first, fields >= 1,
                comments == 0 || (comments <= counts.count && fields >= 2),
                !isSemicolon || (fields >= 2 && !codeLike && previous != separator)
            else { continue }
            // The more separators a record has, the less likely lines share their count by
            // chance: a header and one row of five or more fields is a table, a single
            // separator needs five records.
            let needed = fields >= 4 ? 2 : fields >= 2 ? 3 : 5
            if counts.count >= needed {
                return SniffResult(
                    identifier,
                    detail: "\(counts.count) records with \(fields) \(name) each"
                )
            }
        }
        return nil
    }
}

// MARK: - JSON

extension TextSniffer {
    /// JSON with comments or trailing commas (editors' settings, `tsconfig.json`), and JSON5
    /// (unquoted keys, single-quoted strings), which JSON's grammar refuses.
    ///
    /// Tentative: the first is JSON to a reader that skips comments, and a name claiming JSON5
    /// (or another kind of text) decides. Text with neither extension that still fails is no
    /// JSON of any kind.
    static func relaxedJSON(_ text: ArraySlice<UInt8>, complete: Bool, encoding: String)
        -> SniffResult?
    {
        var extensions = JSONScanner.Extensions()
        let verdict = text.withUnsafeBufferPointer {
            JSONScanner.scan($0, complete: complete, lenient: true, extensions: &extensions)
        }
        guard verdict != .invalid else { return nil }
        if extensions.json5Syntax {
            return SniffResult(
                "org.json5.json5",
                detail: "\(encoding), JSON5: unquoted keys or single-quoted strings",
                isTentative: true
            )
        }
        guard extensions.comments else { return nil }
        return SniffResult(
            "public.json",
            detail: "\(encoding), JSON with comments or trailing commas",
            isTentative: true
        )
    }

    /// A non-recursive JSON syntax checker: an explicit stack of open containers.
    enum JSONScanner {
        enum Verdict {
            case complete
            case validPrefix
            case invalid
        }

        static let maximumDepth = 512

        /// What a lenient scan met beyond JSON's grammar.
        struct Extensions {
            /// `//` and `/* */` comments, or commas before a closing bracket (JSON with
            /// comments, as editors' settings and TypeScript's `tsconfig.json` write it).
            var comments = false
            /// Keys without quotes or strings in single quotes: JSON5's, not JSON's.
            var json5Syntax = false
        }

        /// Checks that `text` is one JSON object or array, with only whitespace after it.
        ///
        /// When `complete` is false, text that ends in the middle of a valid document is a
        /// ``Verdict/validPrefix``.
        static func scan(_ text: UnsafeBufferPointer<UInt8>, complete: Bool) -> Verdict {
            var unused = Extensions()
            return scan(text, complete: complete, lenient: false, extensions: &unused)
        }

        /// Checks `text` as ``scan(_:complete:)`` does; when `lenient`, also takes comments,
        /// trailing commas, unquoted keys and single-quoted strings, and says which it met.
        static func scan(
            _ text: UnsafeBufferPointer<UInt8>,
            complete: Bool,
            lenient: Bool,
            extensions: inout Extensions
        ) -> Verdict {
            let cut: Verdict = complete ? .invalid : .validPrefix
            var stack: [UInt8] = []
            var index = text.startIndex
            let end = text.endIndex
            // What the grammar allows next.
            enum Expect { case value, valueOrClose, key, keyOrClose, colon, commaOrClose }
            var expect = Expect.value
            var started = false
            var afterComma = false
            while true {
                while index < end {
                    if TextSniffer.isSpace(text[index]) {
                        index += 1
                    } else if lenient, text[index] == UInt8(ascii: "/"), index + 1 < end,
                        text[index + 1] == UInt8(ascii: "/") || text[index + 1] == UInt8(ascii: "*")
                    {
                        extensions.comments = true
                        guard skipComment(text, &index) else { return cut }
                    } else {
                        break
                    }
                }
                if started, stack.isEmpty {
                    return index == end ? .complete : .invalid
                }
                guard index < end else { return cut }
                let byte = text[index]
                switch expect {
                case .value, .valueOrClose, .key, .keyOrClose:
                    if byte == UInt8(ascii: "]") && expect == .valueOrClose
                        || byte == UInt8(ascii: "}") && expect == .keyOrClose
                    {
                        if afterComma { extensions.comments = true }
                        afterComma = false
                        stack.removeLast()
                        index += 1
                        expect = .commaOrClose
                        continue
                    }
                    afterComma = false
                    if expect == .key || expect == .keyOrClose {
                        if lenient, byte != UInt8(ascii: "\"") {
                            // JSON5's keys: an identifier, or a string in single quotes.
                            let verdict: Verdict
                            if byte == UInt8(ascii: "'") {
                                verdict = scanString(text, &index, quote: byte)
                            } else if TextSniffer.isIdentifierStart(byte)
                                || byte == UInt8(ascii: "$")
                            {
                                while index < end,
                                    TextSniffer.isIdentifierStart(text[index])
                                        || text[index] == UInt8(ascii: "$")
                                        || (0x30...0x39).contains(text[index])
                                {
                                    index += 1
                                }
                                verdict = index < end ? .complete : .validPrefix
                            } else {
                                return .invalid
                            }
                            switch verdict {
                            case .complete:
                                extensions.json5Syntax = true
                                expect = .colon
                            case .validPrefix: return cut
                            case .invalid: return .invalid
                            }
                            continue
                        }
                        guard byte == UInt8(ascii: "\"") else { return .invalid }
                        switch scanString(text, &index) {
                        case .complete: expect = .colon
                        case .validPrefix: return cut
                        case .invalid: return .invalid
                        }
                        continue
                    }
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                        guard stack.count < maximumDepth else { return .invalid }
                        stack.append(byte)
                        started = true
                        index += 1
                        expect = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
                        continue
                    }
                    guard started else { return .invalid }
                    let verdict: Verdict
                    switch byte {
                    case UInt8(ascii: "\""): verdict = scanString(text, &index)
                    case UInt8(ascii: "'") where lenient:
                        extensions.json5Syntax = true
                        verdict = scanString(text, &index, quote: byte)
                    case UInt8(ascii: "t"): verdict = scanLiteral(text, &index, "true")
                    case UInt8(ascii: "f"): verdict = scanLiteral(text, &index, "false")
                    case UInt8(ascii: "n"): verdict = scanLiteral(text, &index, "null")
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        verdict = scanNumber(text, &index)
                    default: return .invalid
                    }
                    switch verdict {
                    case .complete: expect = .commaOrClose
                    case .validPrefix: return cut
                    case .invalid: return .invalid
                    }
                case .colon:
                    guard byte == UInt8(ascii: ":") else { return .invalid }
                    index += 1
                    expect = .value
                case .commaOrClose:
                    guard let open = stack.last else { return .invalid }
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        if lenient {
                            afterComma = true
                            expect = open == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
                        } else {
                            expect = open == UInt8(ascii: "{") ? .key : .value
                        }
                    } else if byte == UInt8(ascii: "}") && open == UInt8(ascii: "{")
                        || byte == UInt8(ascii: "]") && open == UInt8(ascii: "[")
                    {
                        stack.removeLast()
                        index += 1
                    } else {
                        return .invalid
                    }
                }
            }
        }

        /// Moves past a `//` comment (to its line's end) or a `/* */` one; false when the text
        /// ends inside a block comment.
        private static func skipComment(_ text: UnsafeBufferPointer<UInt8>, _ index: inout Int)
            -> Bool
        {
            let end = text.endIndex
            if text[index + 1] == UInt8(ascii: "/") {
                while index < end, text[index] != 0x0A { index += 1 }
                return true
            }
            var cursor = index + 2
            while cursor + 1 < end {
                if text[cursor] == UInt8(ascii: "*"), text[cursor + 1] == UInt8(ascii: "/") {
                    index = cursor + 2
                    return true
                }
                cursor += 1
            }
            return false
        }

        private static func scanString(
            _ text: UnsafeBufferPointer<UInt8>,
            _ index: inout Int,
            quote: UInt8 = UInt8(ascii: "\"")
        ) -> Verdict {
            var cursor = index + 1
            let end = text.endIndex
            while cursor < end {
                let byte = text[cursor]
                if byte == quote {
                    index = cursor + 1
                    return .complete
                }
                if byte < 0x20 { return .invalid }
                if byte == UInt8(ascii: "\\") {
                    guard cursor + 1 < end else { return .validPrefix }
                    let escaped = text[cursor + 1]
                    switch escaped {
                    case UInt8(ascii: "'") where quote == UInt8(ascii: "'"):
                        cursor += 2
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"),
                        UInt8(ascii: "b"),
                        UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        cursor += 2
                    case UInt8(ascii: "u"):
                        var digit = cursor + 2
                        while digit < min(end, cursor + 6) {
                            guard isHexDigit(text[digit]) else { return .invalid }
                            digit += 1
                        }
                        guard digit == cursor + 6 else { return .validPrefix }
                        cursor = digit
                    default:
                        return .invalid
                    }
                    continue
                }
                cursor += 1
            }
            return .validPrefix
        }

        private static func scanLiteral(
            _ text: UnsafeBufferPointer<UInt8>,
            _ index: inout Int,
            _ literal: String
        ) -> Verdict {
            var cursor = index
            for byte in literal.utf8 {
                guard cursor < text.endIndex else { return .validPrefix }
                guard text[cursor] == byte else { return .invalid }
                cursor += 1
            }
            index = cursor
            return .complete
        }

        private static func scanNumber(_ text: UnsafeBufferPointer<UInt8>, _ index: inout Int)
            -> Verdict
        {
            var cursor = index
            let end = text.endIndex
            func digits() -> Int {
                let start = cursor
                while cursor < end, text[cursor] >= UInt8(ascii: "0"),
                    text[cursor] <= UInt8(ascii: "9")
                {
                    cursor += 1
                }
                return cursor - start
            }
            if text[cursor] == UInt8(ascii: "-") { cursor += 1 }
            guard cursor < end else { return .validPrefix }
            if text[cursor] == UInt8(ascii: "0") {
                cursor += 1
            } else if digits() == 0 {
                return .invalid
            }
            if cursor < end, text[cursor] == UInt8(ascii: ".") {
                cursor += 1
                if digits() == 0 { return cursor == end ? .validPrefix : .invalid }
            }
            if cursor < end, text[cursor] | 0x20 == UInt8(ascii: "e") {
                cursor += 1
                if cursor < end,
                    text[cursor] == UInt8(ascii: "+") || text[cursor] == UInt8(ascii: "-")
                {
                    cursor += 1
                }
                if digits() == 0 { return cursor == end ? .validPrefix : .invalid }
            }
            if cursor == end { return .validPrefix }
            index = cursor
            return .complete
        }

        private static func isHexDigit(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                UInt8(ascii: "A")...UInt8(ascii: "F"):
                return true
            default:
                return false
            }
        }
    }

}

// MARK: - Byte helpers

extension TextSniffer {
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether the bytes open with a UTF-16 or UTF-32 byte-order mark: text that the checks
    /// reading a head byte by byte do not judge.
    static func opensWithWideByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || bytes.starts(with: [0, 0, 0xFE, 0xFF])
    }

    /// The index of the first byte after a UTF-8 byte-order mark and white space; the end of
    /// the bytes when nothing else is there.
    static func contentStart(_ bytes: [UInt8]) -> Int {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index
    }

    // The language rules ask these of every line for dozens of literals: they compare the
    // literal's UTF-8 bytes with the text's, with no String views in the loop.

    static func hasPrefix(_ text: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        firstMatch(of: prefix, in: text, anchored: true, ignoringCase: false)
    }

    static func hasPrefixIgnoringCase(_ text: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        firstMatch(of: prefix, in: text, anchored: true, ignoringCase: true)
    }

    static func contains(_ text: ArraySlice<UInt8>, _ needle: String) -> Bool {
        firstMatch(of: needle, in: text, anchored: false, ignoringCase: false)
    }

    /// Whether `text` holds the start tag `tag` (`<head`, lower-case) as a whole name, in any
    /// case: followed by `>`, `/` or a space, so that `<header>` (TMX, DocBook, HTML5's own
    /// element) is not `<head`.
    static func containsStartTag(_ text: ArraySlice<UInt8>, _ tag: String) -> Bool {
        let name = Array(tag.utf8)
        var index = text.startIndex
        while let open = text[index...].firstIndex(of: UInt8(ascii: "<")) {
            let end = open + name.count
            guard end < text.endIndex else { return false }
            // OR-ing 0x20 folds ASCII capitals and maps no other byte onto a small letter.
            if zip(text[open..<end], name).allSatisfy({ $0 | 0x20 == $1 }) {
                let next = text[end]
                if next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || isSpace(next) {
                    return true
                }
            }
            index = open + 1
        }
        return false
    }

    static func containsIgnoringCase(_ text: ArraySlice<UInt8>, _ needle: String) -> Bool {
        firstMatch(of: needle, in: text, anchored: false, ignoringCase: true)
    }

    /// Whether `needle` occurs in `text`: at its start only when `anchored`, ASCII letters
    /// folded when `ignoringCase`.
    private static func firstMatch(
        of needle: String,
        in text: ArraySlice<UInt8>,
        anchored: Bool,
        ignoringCase: Bool
    ) -> Bool {
        func search(_ pattern: UnsafeBufferPointer<UInt8>) -> Bool {
            text.withUnsafeBufferPointer {
                occurs(pattern, in: $0, anchored: anchored, ignoringCase: ignoringCase)
            }
        }
        // Literals are contiguous UTF-8; any other string is made so, once.
        if let found = needle.utf8.withContiguousStorageIfAvailable(search) { return found }
        var copy = needle
        return copy.withUTF8(search)
    }

    private static func occurs(
        _ pattern: UnsafeBufferPointer<UInt8>,
        in bytes: UnsafeBufferPointer<UInt8>,
        anchored: Bool,
        ignoringCase: Bool
    ) -> Bool {
        guard pattern.count <= bytes.count else { return false }
        guard let first = pattern.first else { return true }
        guard let base = bytes.baseAddress, let needle = pattern.baseAddress else { return false }
        let length = pattern.count
        // Every candidate start is in 0...last, so every byte read below is in the buffer.
        let last = anchored ? 0 : bytes.count - length
        if !ignoringCase {
            // memchr finds each candidate first byte; memcmp compares the rest. The rules ask
            // this of every line for dozens of literals: a byte loop was a sixth of the time
            // a tree of small text files took.
            var start = 0
            while start <= last {
                guard let hit = memchr(base + start, Int32(first), last - start + 1) else {
                    return false
                }
                let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                if length == 1 || memcmp(base + offset + 1, needle + 1, length - 1) == 0 {
                    return true
                }
                start = offset + 1
            }
            return false
        }
        // OR-ing 0x20 folds ASCII capitals (and maps no other byte onto a small letter).
        let firstFolded = first | 0x20
        let lastFolded = needle[length - 1] | 0x20
        var start = 0
        while start <= last {
            // Test the first and the last byte, then compare what lies between.
            if base[start] | 0x20 == firstFolded, base[start &+ length &- 1] | 0x20 == lastFolded {
                var offset = 1
                while offset < length - 1, base[start &+ offset] | 0x20 == needle[offset] | 0x20 {
                    offset &+= 1
                }
                if offset >= length - 1 { return true }
            }
            start &+= 1
        }
        return false
    }
}
