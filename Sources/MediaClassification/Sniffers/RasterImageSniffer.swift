/// Recognises raster image formats whose signature alone is not enough to be sure, by
/// checking the header fields each format defines: DirectDraw Surface, SGI image, Sun raster,
/// farbfeld, Aseprite, JBIG2 files, portable float maps (PFM/PHM), Radiance RGBE, OpenEXR,
/// Truevision TGA and Wireless Bitmap (WBMP); and the research and game formats of
/// RasterImageSniffer+Research.swift (SPIDER, McIDAS AREA, IFUNC Image Memory, FTEX, IM Tools)
/// and the exchange formats of RasterImageSniffer+Exchange.swift (PGX, CALS, sixel, Alias PIX).
///
/// Every check reads a fixed-size header from the head, except TGA, whose run-length packets
/// are walked through at most one bounded read. A `nil` answer means "not one of these, or not
/// sure": libmagic then decides.
package enum RasterImageSniffer {
    /// The most bytes of TGA pixel data walked to check the run-length packets.
    static let maximumTGAWalk = 1 << 20

    /// Classifies one of the formats with a signature (all but TGA).
    ///
    /// - Parameter input: The head of the file and a bounded reader.
    /// - Returns: The image type, or `nil`.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard head.count >= 8 else { return nil }
        if ByteFields.matches(head, at: 0, "DDS ") { return dds(head) }
        if head[0] == 0x01, head[1] == 0xDA { return sgi(head) }
        if ByteFields.matches(head, at: 0, [0x59, 0xA6, 0x6A, 0x95]) { return sunRaster(head) }
        if ByteFields.matches(head, at: 0, "farbfeld") {
            return farbfeld(head, fileSize: input.fileSize)
        }
        if head[4] == 0xE0, head[5] == 0xA5 { return aseprite(head, fileSize: input.fileSize) }
        if ByteFields.matches(head, at: 0, [0x97, 0x4A, 0x42, 0x32, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return jbig2(head)
        }
        if head[0] == UInt8(ascii: "P"), let found = floatMap(head, fileSize: input.fileSize) {
            return found
        }
        if head[0] == UInt8(ascii: "#"), head[1] == UInt8(ascii: "?") { return radiance(head) }
        if ByteFields.matches(head, at: 0, [0x76, 0x2F, 0x31, 0x01]) { return openEXR(head) }
        if let found = sniffExchangeFormats(head, fileSize: input.fileSize) { return found }
        return sniffResearchFormats(head, fileSize: input.fileSize)
    }

    static func le16(_ bytes: [UInt8], _ offset: Int) -> UInt16? {
        ByteFields.u16(bytes, offset, littleEndian: true)
    }

    static func le32(_ bytes: [UInt8], _ offset: Int) -> UInt32? {
        ByteFields.u32(bytes, offset, littleEndian: true)
    }

    static func be16(_ bytes: [UInt8], _ offset: Int) -> UInt16? {
        ByteFields.u16(bytes, offset, littleEndian: false)
    }

    static func be32(_ bytes: [UInt8], _ offset: Int) -> UInt32? {
        ByteFields.u32(bytes, offset, littleEndian: false)
    }
}

// MARK: - DDS, SGI, Sun raster, farbfeld, Aseprite, JBIG2

extension RasterImageSniffer {
    /// DirectDraw Surface: `DDS `, a 124-byte `DDS_HEADER` whose embedded 32-byte pixel
    /// format structure states its own size, and a non-zero width and height.
    static func dds(_ head: [UInt8]) -> SniffResult? {
        guard le32(head, 4) == 124, le32(head, 76) == 32,
            let height = le32(head, 12), height > 0,
            let width = le32(head, 16), width > 0,
            let pixelFlags = le32(head, 80)
        else { return nil }
        var detail = "DDS header 124 bytes, \(width)x\(height)"
        if pixelFlags & 0x4 != 0, let code = MediaBytes.fourCC(head, 84) {
            detail += ", FourCC \(MediaBytes.printable(code))"
        }
        return SniffResult("com.microsoft.dds", detail: detail)
    }

    /// SGI image: magic 474, storage 0 (verbatim) or 1 (RLE), 1 or 2 bytes a channel,
    /// dimension 1-3 with the sizes it uses non-zero, and a colour map field of 0-3.
    ///
    /// The 4 bytes at 20 are "ignored" by the specification, so they are not checked.
    static func sgi(_ head: [UInt8]) -> SniffResult? {
        guard head.count >= 108, head[2] <= 1, head[3] == 1 || head[3] == 2,
            let dimension = be16(head, 4), (1...3).contains(dimension),
            let xSize = be16(head, 6), xSize > 0,
            let ySize = be16(head, 8), let zSize = be16(head, 10),
            dimension < 2 || ySize > 0, dimension < 3 || zSize > 0,
            let colorMap = be32(head, 104), colorMap <= 3
        else { return nil }
        let storage = head[2] == 1 ? "RLE" : "verbatim"
        return SniffResult(
            "com.sgi.sgi-image",
            detail:
                "SGI magic 474, \(storage), \(head[3]) byte(s) a channel, dimension \(dimension)"
        )
    }

    /// Sun raster: the magic, a non-zero size, a depth of 1, 4, 8, 24 or 32, a known type and
    /// colour-map type.
    static func sunRaster(_ head: [UInt8]) -> SniffResult? {
        guard let width = be32(head, 4), width > 0, let height = be32(head, 8), height > 0,
            let depth = be32(head, 12), [1, 4, 8, 24, 32].contains(depth),
            let type = be32(head, 20), type <= 5 || type == 0xFFFF,
            let mapType = be32(head, 24), mapType <= 2
        else { return nil }
        return SniffResult(
            "com.sun.raster-image",
            detail: "Sun raster magic, \(width)x\(height), depth \(depth), type \(type)"
        )
    }

    /// farbfeld: `farbfeld`, then a big-endian width and height; the pixels are 8 bytes each,
    /// so the file's size follows from them.
    static func farbfeld(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        guard let width = be32(head, 8), width > 0, let height = be32(head, 12), height > 0
        else { return nil }
        let (pixels, overflow) = UInt64(width).multipliedReportingOverflow(by: UInt64(height))
        guard !overflow, pixels <= UInt64.max / 16 else { return nil }
        let expected = 16 + pixels * 8
        guard fileSize <= expected else { return nil }
        let note = fileSize == expected ? "size matches" : "truncated"
        return SniffResult(
            "org.suckless.farbfeld-image",
            detail: "farbfeld \(width)x\(height), \(note)"
        )
    }

    /// Aseprite: magic 0xA5E0 at 4, a colour depth of 8, 16 or 32, the two reserved words
    /// zero, and either the stored file size or the first frame's magic 0xF1FA.
    static func aseprite(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        guard head.count >= 28, let storedSize = le32(head, 0),
            let frames = le16(head, 6), frames > 0,
            let width = le16(head, 8), width > 0, let height = le16(head, 10), height > 0,
            let depth = le16(head, 12), [8, 16, 32].contains(depth),
            le32(head, 20) == 0, le32(head, 24) == 0
        else { return nil }
        let sizeMatches = UInt64(storedSize) == fileSize
        let frameMagic = le16(head, 132) == 0xF1FA
        guard sizeMatches || frameMagic else { return nil }
        return SniffResult(
            "org.aseprite.aseprite-image",
            detail: "Aseprite header, \(frames) frame(s), \(width)x\(height), \(depth) bpp",
            isAnimated: frames > 1
        )
    }

    /// The segment types JBIG2 (ITU-T T.88) defines.
    private static let jbig2SegmentTypes: Set<UInt8> = [
        0, 4, 6, 7, 16, 20, 22, 23, 36, 38, 39, 40, 42, 43, 48, 49, 50, 51, 52, 53, 62,
    ]

    /// JBIG2 file: the 8-byte ID string, flags with the reserved bits clear, a non-zero page
    /// count when one is given, then a segment header of a defined type.
    static func jbig2(_ head: [UInt8]) -> SniffResult? {
        guard head.count >= 9 else { return nil }
        let flags = head[8]
        guard flags & 0xF0 == 0 else { return nil }
        var offset = 9
        var pages = "unknown number of pages"
        if flags & 0x02 == 0 {
            guard let count = be32(head, 9), count > 0 else { return nil }
            pages = "\(count) page(s)"
            offset = 13
        }
        // Segment header: a 4-byte number, then the flags byte whose low 6 bits are the type.
        guard head.count > offset + 4, jbig2SegmentTypes.contains(head[offset + 4] & 0x3F) else {
            return nil
        }
        let organisation = flags & 0x01 != 0 ? "sequential" : "random-access"
        return SniffResult(
            "org.jpeg.jbig2-image",
            detail: "JBIG2 file header, \(organisation), \(pages)"
        )
    }
}

// MARK: - PFM/PHM and Radiance (text headers, decided by structure)

extension RasterImageSniffer {
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// A portable float map: `PF` (colour) or `Pf` (grey), or `PH`/`Ph` with half floats, then
    /// the width, height and scale (negative for little-endian) as text, one whitespace byte
    /// (or CR LF), and exactly width x height x channels samples to the end of the file.
    static func floatMap(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        let channels: UInt64
        let sampleBytes: UInt64
        switch head[1] {
        case UInt8(ascii: "F"): (channels, sampleBytes) = (3, 4)
        case UInt8(ascii: "f"): (channels, sampleBytes) = (1, 4)
        case UInt8(ascii: "H"): (channels, sampleBytes) = (3, 2)
        case UInt8(ascii: "h"): (channels, sampleBytes) = (1, 2)
        default: return nil
        }
        var index = 2
        let limit = min(head.count, 256)
        func spaces() -> Bool {
            let start = index
            while index < limit, isSpace(head[index]), index - start < 8 { index += 1 }
            return index > start
        }
        func number() -> UInt64? {
            let start = index
            var value: UInt64 = 0
            while index < limit, ByteFields.isASCIIDigit(head[index]), index - start < 9 {
                value = value * 10 + UInt64(head[index] - 0x30)
                index += 1
            }
            return index > start ? value : nil
        }
        guard spaces(), let width = number(), width > 0, spaces(),
            let height = number(), height > 0, spaces()
        else { return nil }
        let scaleStart = index
        while index < limit, index - scaleStart < 32,
            ByteFields.isASCIIDigit(head[index]) || "+-.eE".utf8.contains(head[index])
        {
            index += 1
        }
        guard index < limit, index > scaleStart,
            let scale = Double(String(decoding: head[scaleStart..<index], as: UTF8.self)),
            scale != 0, scale.isFinite
        else { return nil }
        // One whitespace byte ends the header; a writer on Windows may put CR LF.
        if head[index] == 0x0D, index + 1 < limit, head[index + 1] == 0x0A {
            index += 2
        } else if isSpace(head[index]) {
            index += 1
        } else {
            return nil
        }
        let expected = width * height * channels * sampleBytes  // each factor < 10^9
        let kind = sampleBytes == 4 ? "PFM" : "PHM"
        let order = scale < 0 ? "little-endian" : "big-endian"
        let described = "\(kind) \(width)x\(height), \(channels) channel(s), \(order)"
        if fileSize == UInt64(index) + expected {
            return SniffResult("net.sourceforge.netpbm.pfm", detail: described + ", size matches")
        }
        // A cut or padded file still has the header as the writers lay it out: each field
        // on a line of its own ("PF", "width height", the scale with a decimal point),
        // which no text opens with by chance.
        guard canonicalFloatMapHeader(head[..<index]) else { return nil }
        return SniffResult(
            "net.sourceforge.netpbm.pfm",
            detail: described + ", the header's layout (the size differs)"
        )
    }

    /// Whether a float map's header is laid out as the writers lay it out: `PF` (or `Pf`,
    /// `PH`, `Ph`), LF, the width, one space, the height, LF, a scale with a decimal point,
    /// LF.
    private static func canonicalFloatMapHeader(_ header: ArraySlice<UInt8>) -> Bool {
        let lines = header.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count == 4, lines[3].isEmpty, lines[0].count == 2 else { return false }
        let size = lines[1].split(separator: 0x20, omittingEmptySubsequences: false)
        func digits(_ field: ArraySlice<UInt8>) -> Bool {
            !field.isEmpty && field.allSatisfy(ByteFields.isASCIIDigit)
        }
        guard size.count == 2, size.allSatisfy(digits) else { return false }
        var scale = lines[2][...]
        if let sign = scale.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            scale = scale.dropFirst()
        }
        let parts = scale.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy(digits)
    }

    /// Radiance RGBE: `#?` and a program name on the first line, header lines of text, an
    /// empty line, then a resolution line such as `-Y 16 +X 16` naming both axes.
    static func radiance(_ head: [UInt8]) -> SniffResult? {
        let limit = min(head.count, 64 << 10)
        var index = 2
        while index < limit, index < 64, head[index] != 0x0A {
            let byte = head[index]
            let allowed =
                ByteFields.isASCIILetter(byte) || ByteFields.isASCIIDigit(byte)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            guard allowed else { return nil }
            index += 1
        }
        guard index > 2, index < limit, head[index] == 0x0A else { return nil }
        let program = String(decoding: head[2..<index], as: UTF8.self)
        // Header lines until an empty one; only text bytes.
        var previousWasNewline = true
        index += 1
        var ended = false
        while index < limit {
            let byte = head[index]
            index += 1
            if byte == 0x0A {
                if previousWasNewline {
                    ended = true
                    break
                }
                previousWasNewline = true
                continue
            }
            guard byte == 0x09 || byte == 0x0D || byte >= 0x20 else { return nil }
            previousWasNewline = false
        }
        guard ended else { return nil }
        func axis() -> UInt8? {
            guard index + 1 < limit,
                head[index] == UInt8(ascii: "-") || head[index] == UInt8(ascii: "+"),
                head[index + 1] == UInt8(ascii: "X") || head[index + 1] == UInt8(ascii: "Y")
            else { return nil }
            index += 2
            return head[index - 1]
        }
        func size() -> Bool {
            guard index < limit, head[index] == 0x20 else { return false }
            index += 1
            let start = index
            while index < limit, ByteFields.isASCIIDigit(head[index]), index - start < 9 {
                index += 1
            }
            return index > start
        }
        guard let first = axis(), size(), index < limit, head[index] == 0x20 else { return nil }
        index += 1
        guard let second = axis(), second != first, size(), index < limit, head[index] == 0x0A
        else { return nil }
        return SniffResult(
            "public.radiance",
            detail: "#?\(program) header, resolution line"
        )
    }
}

// MARK: - TGA

extension RasterImageSniffer {
    /// Truevision TGA, which has no magic: every field of the 18-byte header must hold a value
    /// the format defines and agree with the others, and then either the TGA 2.0 footer
    /// (`TRUEVISION-XFILE.`) ends the file, or the pixel data (uncompressed, or a walk of the
    /// run-length packets) ends exactly at the end of the file.
    ///
    /// - Parameter input: The head of the file and a bounded reader.
    /// - Returns: `com.truevision.tga-image`, or `nil`.
    package static func sniffTGA(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        // The end of the file is read only for a header that holds (leniently, for one whose
        // footer will have to decide).
        let hasFooter: Bool
        if tgaHeaderHolds(head) {
            hasFooter = tgaFooter(input)
        } else {
            guard tgaHeaderHolds(head, footer: true), tgaFooter(input) else { return nil }
            hasFooter = true
        }
        guard let width = le16(head, 12), let height = le16(head, 14),
            let mapLength = le16(head, 5)
        else { return nil }
        let idLength = UInt64(head[0])
        let mapType = head[1]
        let imageType = head[2]
        let mapDepth = head[7]
        let depth = head[16]
        let pixelBytes = UInt64(depth + 7) / 8
        let mapBytes = mapType == 1 ? UInt64(mapLength) * (UInt64(mapDepth + 7) / 8) : 0
        let dataStart = 18 + idLength + mapBytes
        let pixels = UInt64(width) * UInt64(height)
        let fileSize = input.fileSize
        guard fileSize > dataStart else { return nil }
        let kind = "TGA type \(imageType), \(width)x\(height), \(depth) bpp"
        if imageType < 8 {
            let end = dataStart + pixels * pixelBytes
            guard end == fileSize || hasFooter && end <= fileSize - 26 else { return nil }
            let note = hasFooter ? "TGA 2.0 footer" : "pixel data ends the file"
            return SniffResult("com.truevision.tga-image", detail: "\(kind), \(note)")
        }
        let available = Int(min(fileSize - dataStart, UInt64(maximumTGAWalk)))
        guard let data = input.read(at: dataStart, count: available) else { return nil }
        var position = 0
        var count: UInt64 = 0
        while count < pixels, position < data.count {
            let packet = data[position]
            let run = UInt64(packet & 0x7F) + 1
            position += 1 + Int(packet & 0x80 != 0 ? pixelBytes : run * pixelBytes)
            count += run
        }
        if count == pixels, position <= data.count {
            let end = dataStart + UInt64(position)
            guard end == fileSize || hasFooter && end <= fileSize - 26 else { return nil }
            let note = hasFooter ? "TGA 2.0 footer" : "run-length packets end the file"
            return SniffResult("com.truevision.tga-image", detail: "\(kind), \(note)")
        }
        // The packets did not fit the walk: only the footer can decide.
        guard count < pixels, hasFooter else { return nil }
        return SniffResult("com.truevision.tga-image", detail: "\(kind), TGA 2.0 footer")
    }

    /// Whether the 18-byte TGA header holds only values the format defines, in agreement.
    ///
    /// A colour map type of 0 or 1, an image type of 1-3 or 9-11, a width and height, a
    /// colour map (with a depth) exactly when the image type uses one, a pixel depth and
    /// alpha bits the image type allows, and no interleaving bits. libmagic's TGA rule reads
    /// fewer of these; ``WeakEvidence`` holds its answer to the same header. With the TGA 2.0
    /// footer, whose 18 bytes decide on their own, the alpha bits may be any count up to 8:
    /// some writers put 8 in a 16-bit image's descriptor (a file in Pillow's tests does), and
    /// decoders read it.
    static func tgaHeaderHolds(_ head: [UInt8], footer: Bool = false) -> Bool {
        guard head.count >= 18 else { return false }
        let mapType = head[1]
        let imageType = head[2]
        guard mapType <= 1, [1, 2, 3, 9, 10, 11].contains(imageType),
            let mapFirst = le16(head, 3), let mapLength = le16(head, 5),
            let width = le16(head, 12), width > 0, let height = le16(head, 14), height > 0
        else { return false }
        let mapDepth = head[7]
        let depth = head[16]
        let descriptor = head[17]
        let alphaBits = descriptor & 0x0F
        // Bits 6-7 (interleaving) are obsolete and zero.
        guard descriptor & 0xC0 == 0 else { return false }
        if mapType == 1 {
            guard mapLength > 0, [15, 16, 24, 32].contains(mapDepth) else { return false }
        } else {
            guard mapFirst == 0, mapLength == 0, [0, 15, 16, 24, 32].contains(mapDepth) else {
                return false
            }
        }
        if footer, alphaBits <= 8, [8, 15, 16, 24, 32].contains(depth) {
            return imageType & 0x07 != 1 || mapType == 1
        }
        switch imageType & 0x07 {
        case 1:
            return mapType == 1 && (depth == 8 || depth == 16) && alphaBits == 0
        case 2:
            guard [15, 16, 24, 32].contains(depth) else { return false }
            return depth == 32 ? alphaBits == 0 || alphaBits == 8 : alphaBits <= 1
        default:
            return (depth == 8 || depth == 16) && (alphaBits == 0 || alphaBits == 8 && depth == 16)
        }
    }

    /// Whether the file ends with the TGA 2.0 footer: two offsets, `TRUEVISION-XFILE`, `.`
    /// and a NUL.
    private static func tgaFooter(_ input: SniffInput) -> Bool {
        guard input.fileSize >= 18 + 26,
            let footer = input.read(at: input.fileSize - 26, count: 26), footer.count == 26
        else { return false }
        return ByteFields.matches(footer, at: 8, "TRUEVISION-XFILE.\u{0}")
    }
}

// MARK: - WBMP

extension RasterImageSniffer {
    /// The widest or tallest WBMP taken (a phone screen's format; the fields allow more).
    static let maximumWBMPSide = 1 << 16

    /// Wireless Bitmap (WAP WBMP, type 0), which has no magic.
    ///
    /// A type field and a fixed header field that are both zero, a width and a height as multi-byte integers (7 bits a byte,
    /// the high bit saying another byte follows), both above zero, then one bit a pixel with
    /// each row padded to a byte, ending exactly at the end of the file. All-zero data fails
    /// (its width is zero), as do ICO and CUR headers (their height field is zero).
    ///
    /// - Parameter input: The head of the file and its size.
    /// - Returns: `org.wapforum.wbmp`, or `nil`.
    package static func sniffWBMP(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard head.count >= 5, head[0] == 0, head[1] == 0 else { return nil }
        var index = 2
        guard let width = ByteFields.base128(head, &index, maximumBytes: 3),
            let height = ByteFields.base128(head, &index, maximumBytes: 3),
            (1...maximumWBMPSide).contains(width), (1...maximumWBMPSide).contains(height)
        else { return nil }
        let size = UInt64(index) + UInt64((width + 7) / 8) * UInt64(height)
        guard size == input.fileSize else { return nil }
        return SniffResult("org.wapforum.wbmp", detail: "WBMP type 0, \(width)x\(height)")
    }
}

// MARK: - OpenEXR

extension RasterImageSniffer {
    /// The most header attributes walked (real files have a dozen or two).
    static let maximumEXRAttributes = 1_000

    /// OpenEXR: magic `76 2F 31 01`, version 2, then the header's attributes (a name, a
    /// type name, each NUL-terminated, a 32-bit little-endian size and the value) up to an
    /// empty name; `channels` must be among them.
    ///
    /// An ACES image container (SMPTE ST 2065-4) is an OpenEXR file whose header carries the
    /// `acesImageContainerFlag` attribute. Tika's signature for ACES is the version field of
    /// every single-part scan-line EXR, so the classifier takes ACES from this reading only.
    /// A header that cannot be walked to its end (a size past the head, a damaged file) is
    /// still an OpenEXR image once its first attribute reads as one: the magic and version
    /// say so, as shared-mime-info and libmagic answer, and no ACES flag was seen.
    ///
    /// - Parameter head: The first bytes of the file.
    /// - Returns: `com.ilm.openexr-image`, `org.oscars.aces-image`, or `nil`.
    static func openEXR(_ head: [UInt8]) -> SniffResult? {
        guard head.count > 8, head[4] == 2 else { return nil }
        var offset = 8
        var sawChannels = false
        var attributes = 0
        func string() -> [UInt8]? {
            guard let end = head[offset...].prefix(256).firstIndex(of: 0) else { return nil }
            defer { offset = end + 1 }
            return Array(head[offset..<end])
        }
        func isName(_ bytes: [UInt8]) -> Bool {
            !bytes.isEmpty && bytes.allSatisfy { (0x21...0x7E).contains($0) }
        }
        var damaged: SniffResult? {
            attributes == 0
                ? nil
                : SniffResult(
                    "com.ilm.openexr-image",
                    detail: "OpenEXR header, version 2, unreadable after attribute \(attributes)"
                )
        }
        for _ in 0..<maximumEXRAttributes {
            guard offset < head.count, let name = string() else { return damaged }
            if name.isEmpty {
                return sawChannels
                    ? SniffResult("com.ilm.openexr-image", detail: "OpenEXR header, version 2")
                    : nil
            }
            guard isName(name), let type = string(), isName(type) else { return damaged }
            // A name and a type read: the header is an OpenEXR header from here on.
            attributes += 1
            if name.elementsEqual("acesImageContainerFlag".utf8) {
                return SniffResult(
                    "org.oscars.aces-image",
                    detail: "OpenEXR header with acesImageContainerFlag"
                )
            }
            guard let size = le32(head, offset), size <= UInt32(head.count) else {
                return damaged
            }
            if name.elementsEqual("channels".utf8) { sawChannels = true }
            offset += 4 + Int(size)
        }
        return damaged
    }
}
