public import UniformTypes

/// Something in a file that a browser or another parser could read as other than the
/// file's type: the raw material of a polyglot.
///
/// Found when ``Classifier/Options/checksServeSafety`` is on (`classify --serve-safety`,
/// `accepts --strict`), and listed in ``Classification/serveSafety``.
public struct ServeSafetyFinding: Sendable, Hashable {
    /// What was found.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Bytes after the format's end: a JPEG's EOI, a PNG's IEND chunk, a GIF's trailer
        /// (0x3B), a PDF's last `%%EOF`, an MP4's last whole top-level box. Zero or
        /// whitespace padding is not counted.
        case trailingData
        /// HTML markup (`<html`, `<script`, `<!DOCTYPE html`, ...) in the first 1024 bytes
        /// of a raster image, where a browser's content sniffing would find a page.
        case htmlInImage
        /// Script in an SVG image: a `<script` element, an `on...=` event handler, or a
        /// `javascript:` URL.
        case scriptInSVG
    }

    /// What was found.
    public var kind: Kind
    /// The byte offset where it starts: for trailing data, the first byte after the end.
    public var offset: UInt64
    /// For trailing data, what the trailing bytes are by their content (a ZIP archive, an
    /// MP4 movie), or `public.data` when nothing is recognised; nil for the other kinds.
    public var appendedType: UTType?
    /// A sentence saying what was found and where.
    public var detail: String

    /// Creates a finding.
    public init(kind: Kind, offset: UInt64, appendedType: UTType? = nil, detail: String) {
        self.kind = kind
        self.offset = offset
        self.appendedType = appendedType
        self.detail = detail
    }
}

/// The serve-safety checks: where a format ends, and markup where none belongs.
///
/// Each check reads through the input's bounded reads (1 MiB windows, within the input's
/// read budget); a format whose end cannot be reached (a damaged file, a stream prefix, a
/// file past the budget) gives no trailing-data finding.
enum ServeSafety {
    /// The findings for content classified as `type`.
    ///
    /// - Parameters:
    ///   - identifier: The classified type's identifier.
    ///   - isRasterImage: Whether the type is an image other than SVG.
    ///   - input: The content.
    ///   - appended: Classifies the trailing bytes.
    /// - Returns: What was found, in the order of the checks; empty for none.
    static func findings(
        identifier: String,
        isRasterImage: Bool,
        input: SniffInput,
        appended: (SniffInput) -> UTType
    ) -> [ServeSafetyFinding] {
        var found: [ServeSafetyFinding] = []
        if isRasterImage, let markup = htmlMarkup(in: input.head) {
            found.append(
                ServeSafetyFinding(
                    kind: .htmlInImage,
                    offset: UInt64(markup.offset),
                    detail: "HTML markup '\(markup.tag)' at byte \(markup.offset) of an image"
                )
            )
        }
        if identifier == "public.svg-image", let script = svgScript(in: input) {
            found.append(
                ServeSafetyFinding(
                    kind: .scriptInSVG,
                    offset: script.offset,
                    detail: "\(script.what) at byte \(script.offset) of an SVG image"
                )
            )
        }
        var window = Window(input: input)
        let head = input.head
        let end: (offset: UInt64, marker: String)?
        if ByteFields.matches(head, at: 0, [0xFF, 0xD8, 0xFF]) {
            end = jpegEnd(&window, multiPicture: hasMultiPictureSegment(head)).map {
                ($0, "the JPEG's end (EOI)")
            }
        } else if ByteFields.matches(head, at: 0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        {
            end = pngEnd(&window).map { ($0, "the PNG's IEND chunk") }
        } else if ByteFields.matches(head, at: 0, Array("GIF8".utf8)) {
            end = gifEnd(&window).map { ($0, "the GIF's trailer") }
        } else if identifier == "com.adobe.pdf" {
            end = pdfEnd(&window).map { ($0, "the PDF's last %%EOF") }
        } else if ByteFields.matches(head, at: 4, Array("ftyp".utf8)) {
            end = boxesEnd(&window).map { ($0, "the MP4's last top-level box") }
        } else {
            end = nil
        }
        if let end, let trailing = trailingFinding(after: end, input: input, appended: appended) {
            found.append(trailing)
        }
        return found
    }

    // MARK: - Trailing data

    private static func trailingFinding(
        after end: (offset: UInt64, marker: String),
        input: SniffInput,
        appended: (SniffInput) -> UTType
    ) -> ServeSafetyFinding? {
        let start = end.offset
        guard start < input.fileSize else { return nil }
        let count = input.fileSize - start
        // Padding (zeros, line ends) after the end is common and harmless.
        if count <= 4096, let rest = input.read(at: start, count: Int(count)),
            rest.allSatisfy({ $0 == 0 || $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
        {
            return nil
        }
        let headCount = Int(min(count, UInt64(Classifier.headSize)))
        guard let head = input.read(at: start, count: headCount) else { return nil }
        let sub = SniffInput(head: head, fileSize: count) { offset, length in
            input.read(at: start + offset, count: length)
        }
        let type = appended(sub)
        let what =
            type.identifier == "public.data"
            ? "\(count) bytes of data" : "\(type.identifier) (\(count) bytes)"
        return ServeSafetyFinding(
            kind: .trailingData,
            offset: start,
            appendedType: type,
            detail: "\(what) after \(end.marker), at byte \(start)"
        )
    }

    /// Reads an input a byte at a time through 1 MiB windows.
    struct Window {
        let input: SniffInput
        private var start: UInt64 = 0
        private var bytes: [UInt8] = []

        init(input: SniffInput) {
            self.input = input
            self.bytes = input.head
        }

        var size: UInt64 { input.fileSize }

        mutating func byte(_ offset: UInt64) -> UInt8? {
            if offset >= start, offset - start < UInt64(bytes.count) {
                return bytes[Int(offset - start)]
            }
            guard offset < input.fileSize,
                let got = input.read(at: offset, count: SniffInput.maximumReadSize),
                !got.isEmpty
            else { return nil }
            start = offset
            bytes = got
            return bytes[0]
        }

        mutating func u16(_ offset: UInt64) -> UInt64? {
            guard let high = byte(offset), let low = byte(offset + 1) else { return nil }
            return UInt64(high) << 8 | UInt64(low)
        }

        mutating func u32(_ offset: UInt64) -> UInt64? {
            guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
            return high << 16 | low
        }
    }

    /// Whether a JPEG's head holds an APP2 `MPF` segment: a multi-picture file (MPO, or a
    /// camera's JPEG with a depth map or preview), whose further images follow the first
    /// one's EOI by design.
    static func hasMultiPictureSegment(_ head: [UInt8]) -> Bool {
        let signature = Array("MPF".utf8) + [0]
        for index in head.indices.dropLast(8) where head[index] == 0xFF && head[index + 1] == 0xE2 {
            if ByteFields.matches(head, at: index + 4, signature) { return true }
        }
        return false
    }

    /// The offset after a JPEG's EOI marker, walking segments and entropy-coded data; with
    /// `multiPicture`, after the last of the JPEG images that follow one another (at most
    /// 64).
    static func jpegEnd(_ window: inout Window, multiPicture: Bool) -> UInt64? {
        guard var end = jpegEnd(&window, from: 0) else { return nil }
        var images = 1
        while multiPicture, images < 64, window.byte(end) == 0xFF, window.byte(end + 1) == 0xD8,
            let next = jpegEnd(&window, from: end)
        {
            end = next
            images += 1
        }
        return end
    }

    /// The offset after the EOI of the JPEG image whose SOI is at `start`.
    static func jpegEnd(_ window: inout Window, from start: UInt64) -> UInt64? {
        var offset: UInt64 = start + 2
        while offset < window.size {
            guard window.byte(offset) == 0xFF else { return nil }
            var marker = offset + 1
            while window.byte(marker) == 0xFF { marker += 1 }
            guard let code = window.byte(marker) else { return nil }
            offset = marker + 1
            switch code {
            case 0xD9: return offset
            case 0x01, 0xD0...0xD7: continue
            default: break
            }
            guard let length = window.u16(offset), length >= 2 else { return nil }
            offset += length
            guard code == 0xDA else { continue }
            // Entropy-coded data: up to the next marker that is not a stuffed 0x00 or a
            // restart marker.
            while true {
                guard let value = window.byte(offset) else { return nil }
                if value == 0xFF, let next = window.byte(offset + 1), next != 0,
                    !(0xD0...0xD7).contains(next)
                {
                    break
                }
                offset += 1
            }
        }
        return nil
    }

    /// The offset after a PNG's IEND chunk.
    static func pngEnd(_ window: inout Window) -> UInt64? {
        var offset: UInt64 = 8
        while offset + 12 <= window.size {
            guard let length = window.u32(offset), let type = window.u32(offset + 4) else {
                return nil
            }
            offset += 12 + length
            if type == 0x4945_4E44 { return offset <= window.size ? offset : nil }
        }
        return nil
    }

    /// The offset after a GIF's trailer byte (0x3B).
    static func gifEnd(_ window: inout Window) -> UInt64? {
        guard let flags = window.byte(10) else { return nil }
        var offset: UInt64 = 13
        if flags & 0x80 != 0 { offset += 3 << (UInt64(flags & 7) + 1) }
        func skipSubBlocks(_ window: inout Window, _ offset: inout UInt64) -> Bool {
            while true {
                guard let size = window.byte(offset) else { return false }
                offset += 1 + UInt64(size)
                if size == 0 { return true }
            }
        }
        while let introducer = window.byte(offset) {
            switch introducer {
            case 0x3B:
                return offset + 1
            case 0x21:
                offset += 2
                guard skipSubBlocks(&window, &offset) else { return nil }
            case 0x2C:
                guard let imageFlags = window.byte(offset + 9) else { return nil }
                offset += 10
                if imageFlags & 0x80 != 0 { offset += 3 << (UInt64(imageFlags & 7) + 1) }
                offset += 1  // LZW minimum code size
                guard skipSubBlocks(&window, &offset) else { return nil }
            default:
                return nil
            }
        }
        return nil
    }

    /// The offset after a PDF's last `%%EOF` and the line end that follows it.
    static func pdfEnd(_ window: inout Window) -> UInt64? {
        let marker = Array("%%EOF".utf8)
        var last: UInt64?
        var offset: UInt64 = 0
        var matched = 0
        while let value = window.byte(offset) {
            if value == marker[matched] {
                matched += 1
                if matched == marker.count {
                    last = offset + 1
                    matched = 0
                }
            } else {
                matched = value == marker[0] ? 1 : 0
            }
            offset += 1
        }
        guard offset == window.size, var end = last else { return nil }  // not read to the end
        // The line end after %%EOF belongs to it.
        if window.byte(end) == 0x0D { end += 1 }
        if window.byte(end) == 0x0A { end += 1 }
        return end
    }

    /// Top-level box types of ISO base media and QuickTime files.
    private static let topLevelBoxes: Set<String> = [
        "ftyp", "moov", "mdat", "free", "skip", "wide", "uuid", "meta", "pdin", "moof", "mfra",
        "styp", "sidx", "ssix", "prft", "emsg", "pnot", "junk", "jP  ", "jp2h", "idat", "iinf",
    ]

    /// The offset after an ISO base media file's last whole top-level box, when what
    /// follows is not a box (a box of a known type cut short is a damaged file, not
    /// trailing data).
    static func boxesEnd(_ window: inout Window) -> UInt64? {
        var offset: UInt64 = 0
        while offset + 8 <= window.size {
            guard var size = window.u32(offset), let type = window.u32(offset + 4) else {
                return nil
            }
            let name = String(
                decoding: (0..<4).map { UInt8((type >> (UInt64(3 - $0) * 8)) & 0xFF) },
                as: UTF8.self
            )
            let known = topLevelBoxes.contains(name)
            let printable = name.utf8.allSatisfy { (0x20...0x7E).contains($0) }
            guard printable else { return offset }
            if size == 1 {
                guard let large = window.u32(offset + 8), let low = window.u32(offset + 12) else {
                    return nil
                }
                size = large << 32 | low
            } else if size == 0 {
                return known ? window.size : offset
            }
            if size < 8 || size > window.size - offset { return known ? nil : offset }
            offset += size
        }
        return offset
    }

    // MARK: - Markup

    private static let htmlTags = [
        "<!doctype html", "<html", "<head", "<body", "<script", "<iframe", "<object", "<embed",
        "<meta", "<style", "<img", "<a href", "<title", "<svg",
    ].map { Array($0.utf8) }

    /// The first HTML tag in the first 1024 bytes, case-insensitively.
    static func htmlMarkup(in head: [UInt8]) -> (offset: Int, tag: String)? {
        let bytes = head.prefix(1024).map(lowered)
        for index in bytes.indices where bytes[index] == UInt8(ascii: "<") {
            for tag in htmlTags where ByteFields.matches(bytes, at: index, tag) {
                return (index, String(decoding: tag, as: UTF8.self))
            }
        }
        return nil
    }

    /// The first script in an SVG: `<script`, an ` on...=` handler, a `javascript:` URL.
    static func svgScript(in input: SniffInput) -> (offset: UInt64, what: String)? {
        var window = Window(input: input)
        let script = Array("<script".utf8)
        let javascript = Array("javascript:".utf8)
        var offset: UInt64 = 0
        var previous: UInt8 = 0x20
        // An SVG is text; 16 MiB is far more than one a browser would show.
        let bound = min(window.size, 16 << 20)
        while offset < bound, let value = window.byte(offset).map(lowered) {
            if value == script[0], matches(&window, offset, script) {
                return (offset, "a <script> element")
            }
            if value == javascript[0], matches(&window, offset, javascript) {
                return (offset, "a javascript: URL")
            }
            if value == UInt8(ascii: "o"), isSpace(previous),
                window.byte(offset + 1).map(lowered) == UInt8(ascii: "n")
            {
                var end = offset + 2
                while let letter = window.byte(end).map(lowered),
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter)
                {
                    end += 1
                }
                let named = end > offset + 2
                while let space = window.byte(end), isSpace(space) { end += 1 }
                if named, window.byte(end) == UInt8(ascii: "=") {
                    return (offset, "an on... event handler attribute")
                }
            }
            previous = value
            offset += 1
        }
        return nil
    }

    private static func matches(_ window: inout Window, _ offset: UInt64, _ text: [UInt8]) -> Bool {
        for (index, expected) in text.enumerated() {
            guard let value = window.byte(offset + UInt64(index)), lowered(value) == expected else {
                return false
            }
        }
        return true
    }

    private static func lowered(_ value: UInt8) -> UInt8 {
        (0x41...0x5A).contains(value) ? value | 0x20 : value
    }

    private static func isSpace(_ value: UInt8) -> Bool {
        value == 0x20 || value == 0x09 || value == 0x0A || value == 0x0D
    }
}
