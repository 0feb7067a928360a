/// Recognises still and animated image formats from their structure: PNG/APNG, GIF, WebP,
/// JPEG and MPO, the JPEG 2000 family (JP2, JPX, JPM, Motion JPEG 2000), JPEG XL, JPEG XS
/// (file, codestream and video), BMP, ICO and CUR, Photoshop, TIFF and the TIFF-based camera
/// raw formats, SVG, and through
/// ``RasterImageSniffer`` the formats whose header fields must be checked (DDS, SGI, Sun
/// raster, farbfeld, Aseprite, JBIG2, PFM, Radiance, and last TGA, which has no magic).
///
/// ISO-BMFF images (HEIC, AVIF) are left to ``MediaSniffer``. Every walk is bounded: at most
/// ``maximumElements`` chunks, blocks or entries, and reads beyond the head go through
/// ``SniffInput/read(at:count:)`` only.
package enum ImageSniffer {
    /// The most chunks, blocks or directory entries one walk visits.
    static let maximumElements = 10_000
    /// The size of one window read beyond the head while walking a GIF, PNG or WebP.
    static let windowSize = 1 << 18

    /// Classifies an image by its structure.
    ///
    /// - Parameter input: The head of the file and a bounded reader.
    /// - Returns: The image type, or `nil` when the bytes are not an image format this sniffer
    ///   knows (libmagic then decides).
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard head.count >= 2 else { return nil }
        if starts(head, with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return sniffPNG(input)
        }
        if starts(head, with: "GIF87a") || starts(head, with: "GIF89a"),
            let gif = sniffGIF(input)
        {
            return gif
        }
        if head.count >= 12, starts(head, with: "RIFF"),
            ByteFields.matches(head, at: 8, "WEBP")
        {
            return sniffWebP(input)
        }
        if starts(head, with: [0xFF, 0xD8, 0xFF]) {
            return sniffJPEG(input)
        }
        if starts(
            head,
            with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
        ) {
            return sniffJP2(head)
        }
        if starts(head, with: [0xFF, 0x4F, 0xFF, 0x51]) {
            return sniffCodestream(head)
        }
        if starts(
            head,
            with: [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
        ) {
            return SniffResult("public.jpeg-xl", detail: "JPEG XL container")
        }
        if starts(head, with: [0xFF, 0x0A]) {
            return SniffResult("public.jpeg-xl", detail: "JPEG XL codestream")
        }
        if starts(
            head,
            with: [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x53, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
        ) {
            return SniffResult("org.jpeg.jpeg-xs", detail: "JPEG XS signature box")
        }
        if starts(head, with: [0xFF, 0x10, 0xFF, 0x50]) {
            return sniffJPEGXS(input)
        }
        if starts(head, with: "8BPS") {
            return sniffPhotoshop(head)
        }
        if starts(head, with: "BM") {
            return sniffBMP(head)
        }
        // A TGA without an image ID may start with these bytes too: fall through when the
        // directory does not hold.
        if starts(head, with: [0x00, 0x00, 0x01, 0x00])
            || starts(head, with: [0x00, 0x00, 0x02, 0x00]),
            let icon = sniffICO(input)
        {
            return icon
        }
        if starts(head, with: "FUJIFILMCCD-RAW ") {
            return SniffResult("com.fuji.raw-image", detail: "FUJIFILMCCD-RAW header")
        }
        if starts(head, with: [0x00, 0x4D, 0x52, 0x4D]) {
            return SniffResult("com.konicaminolta.raw-image", detail: "MRW MRM block")
        }
        // CIFF (Canon's CRW): the byte order, the header's length, then the HEAP type and
        // the CCDR subtype. Cameras write "II" and a 26-byte header; the specification
        // allows either order and another length, and readers take both.
        if head.count >= 14, starts(head, with: "II") || starts(head, with: "MM"),
            ByteFields.matches(head, at: 6, "HEAPCCDR")
        {
            return SniffResult("com.canon.crw-raw-image", detail: "CIFF HEAPCCDR header")
        }
        if head.count >= 8,
            head[0] == 0x49 && head[1] == 0x49 || head[0] == 0x4D && head[1] == 0x4D
        {
            if let result = sniffTIFF(input) { return result }
        }
        if let raster = RasterImageSniffer.sniff(input) { return raster }
        if let root = xmlRootElement(head[...]), isSVGName(root.name) {
            return SniffResult("public.svg-image", detail: "XML root element \(root.name)")
        }
        return RasterImageSniffer.sniffTGA(input) ?? RasterImageSniffer.sniffWBMP(input)
    }
}

// MARK: - Byte helpers

extension ImageSniffer {
    static func starts(_ bytes: [UInt8], with prefix: [UInt8]) -> Bool {
        ByteFields.matches(bytes, at: 0, prefix)
    }

    static func starts(_ bytes: [UInt8], with literal: StaticString) -> Bool {
        ByteFields.matches(bytes, at: 0, literal)
    }

    /// Reads exactly `count` bytes at `offset`, or `nil` when the file is shorter, the read
    /// fails or the budget is spent.
    static func readExactly(_ input: SniffInput, at offset: UInt64, count: Int) -> [UInt8]? {
        guard let bytes = input.read(at: offset, count: count), bytes.count == count else {
            return nil
        }
        return bytes
    }
}

/// A moving window over the file, so a walk that steps through many small records costs one
/// read per window rather than one per record.
private struct ByteWindow {
    let input: SniffInput
    private var start: UInt64 = 0
    private var bytes: [UInt8]

    init(_ input: SniffInput) {
        self.input = input
        self.bytes = input.head
    }

    /// The bytes at `offset ..< offset + count`, fewer at the end of the file, `nil` when a
    /// read fails or the budget is spent.
    mutating func bytes(at offset: UInt64, count: Int) -> ArraySlice<UInt8>? {
        let count = min(count, ImageSniffer.windowSize)
        if offset >= start, offset - start <= UInt64(bytes.count) {
            let lower = Int(offset - start)
            if bytes.count - lower >= count {
                return bytes[lower..<lower + count]
            }
            let end = start + UInt64(bytes.count)
            if end >= input.fileSize {
                return bytes[lower...]
            }
        }
        guard offset < input.fileSize else { return [] }
        guard let window = input.read(at: offset, count: ImageSniffer.windowSize) else {
            return nil
        }
        start = offset
        bytes = window
        return bytes[0..<min(count, bytes.count)]
    }

    mutating func byte(at offset: UInt64) -> UInt8? {
        guard let slice = bytes(at: offset, count: 1), let first = slice.first else { return nil }
        return first
    }
}

// MARK: - PNG

extension ImageSniffer {
    static func sniffPNG(_ input: SniffInput) -> SniffResult {
        var window = ByteWindow(input)
        var offset: UInt64 = 8
        for _ in 0..<maximumElements {
            guard let header = window.bytes(at: offset, count: 8), header.count == 8 else {
                return SniffResult("public.png", detail: "PNG, chunk walk ended before IDAT")
            }
            let chunk = Array(header)
            guard let length = ByteFields.u32(chunk, 0, littleEndian: false), length <= 0x7FFF_FFFF
            else {
                return SniffResult("public.png", detail: "PNG, bad chunk length")
            }
            let type = String(decoding: chunk[4..<8], as: UTF8.self)
            switch type {
            case "acTL":
                return SniffResult("org.mozilla.apng", detail: "acTL before IDAT", isAnimated: true)
            case "IDAT", "IEND":
                return SniffResult("public.png", detail: "no acTL before \(type)")
            default:
                break
            }
            // 12 = length + type + CRC; length is at most 2^31 - 1, so no overflow.
            let (next, overflow) = offset.addingReportingOverflow(UInt64(length) + 12)
            guard !overflow else { break }
            offset = next
        }
        return SniffResult("public.png", detail: "PNG, chunk walk stopped")
    }
}

// MARK: - GIF

extension ImageSniffer {
    /// A GIF, by its blocks.
    ///
    /// Extensions, images and the trailer are walked after the header and the global colour
    /// table; more than one image makes it animated. `nil` when the first block is none of
    /// them (text after `GIF89a`).
    static func sniffGIF(_ input: SniffInput) -> SniffResult? {
        let still = "com.compuserve.gif"
        let head = input.head
        guard head.count >= 13 else { return SniffResult(still, detail: "GIF header only") }
        var window = ByteWindow(input)
        var offset: UInt64 = 13
        if head[10] & 0x80 != 0 {
            offset += 3 << (UInt64(head[10] & 0x07) + 1)
        }
        let firstBlock = offset
        var frames = 0
        var loops = false
        for _ in 0..<maximumElements {
            guard let introducer = window.byte(at: offset) else { break }
            switch introducer {
            case 0x21:  // extension
                guard let label = window.byte(at: offset + 1) else {
                    return gifResult(frames: frames, loops: loops, walked: false)
                }
                if label == 0xFF, let block = window.bytes(at: offset + 2, count: 12),
                    block.count == 12, block.first == 11
                {
                    let name = String(decoding: block.dropFirst(), as: UTF8.self)
                    if name == "NETSCAPE2.0" || name == "ANIMEXTS1.0" { loops = true }
                }
                guard let end = skipSubBlocks(&window, from: offset + 2) else {
                    return gifResult(frames: frames, loops: loops, walked: false)
                }
                offset = end
            case 0x2C:  // image descriptor
                frames += 1
                if frames > 1 { return gifResult(frames: frames, loops: loops, walked: true) }
                guard let descriptor = window.bytes(at: offset, count: 10), descriptor.count == 10
                else { return gifResult(frames: frames, loops: loops, walked: false) }
                var next = offset + 10
                let flags = descriptor[descriptor.startIndex + 9]
                if flags & 0x80 != 0 { next += 3 << (UInt64(flags & 0x07) + 1) }
                next += 1  // LZW minimum code size
                guard let end = skipSubBlocks(&window, from: next) else {
                    return gifResult(frames: frames, loops: loops, walked: false)
                }
                offset = end
            case 0x3B:  // trailer
                return gifResult(frames: frames, loops: loops, walked: true)
            default:
                // The first block after the header (and its colour table) must be an
                // extension, an image or the trailer: text after `GIF89a` is no GIF, and a
                // damaged one is left to the signatures, which still name it on binary data.
                guard offset > firstBlock else { return nil }
                return gifResult(frames: frames, loops: loops, walked: false)
            }
        }
        return gifResult(frames: frames, loops: loops, walked: false)
    }

    private static func gifResult(frames: Int, loops: Bool, walked: Bool) -> SniffResult {
        let loopNote = loops ? ", loop extension" : ""
        if frames > 1 {
            return SniffResult(
                "com.compuserve.gif",
                detail: "GIF, more than one image descriptor\(loopNote)",
                isAnimated: true
            )
        }
        let walkNote = walked ? "" : " (block walk stopped)"
        return SniffResult(
            "com.compuserve.gif",
            detail: "GIF, \(frames) image descriptor\(loopNote)\(walkNote)"
        )
    }

    /// Skips a chain of GIF data sub-blocks starting at `offset`; returns the offset after the
    /// terminating zero-length block.
    private static func skipSubBlocks(_ window: inout ByteWindow, from offset: UInt64) -> UInt64? {
        var offset = offset
        // A sub-block is at most 256 bytes; a GIF's file size bounds the count, this cap
        // bounds the time on a pathological one.
        for _ in 0..<(1 << 20) {
            guard let size = window.byte(at: offset) else { return nil }
            offset += 1 + UInt64(size)
            if size == 0 { return offset }
        }
        return nil
    }
}

// MARK: - WebP

extension ImageSniffer {
    static func sniffWebP(_ input: SniffInput) -> SniffResult {
        var window = ByteWindow(input)
        var offset: UInt64 = 12
        var extended = false
        for _ in 0..<maximumElements {
            guard let header = window.bytes(at: offset, count: 8), header.count == 8 else { break }
            let chunk = Array(header)
            let fourCC = String(decoding: chunk[0..<4], as: UTF8.self)
            guard let size = ByteFields.u32(chunk, 4, littleEndian: true) else { break }
            switch fourCC {
            case "VP8X":
                extended = true
                if let flags = window.byte(at: offset + 8), flags & 0x02 != 0 {
                    return SniffResult(
                        "org.webmproject.webp.animated",
                        detail: "VP8X animation flag",
                        isAnimated: true
                    )
                }
            case "ANIM", "ANMF":
                return SniffResult(
                    "org.webmproject.webp.animated",
                    detail: "\(fourCC) chunk",
                    isAnimated: true
                )
            case "VP8 ":
                return SniffResult(
                    "org.webmproject.webp",
                    detail: extended ? "VP8X, lossy VP8" : "lossy VP8"
                )
            case "VP8L":
                return SniffResult(
                    "org.webmproject.webp",
                    detail: extended ? "VP8X, lossless VP8L" : "lossless VP8L"
                )
            default:
                break
            }
            // Chunk payloads are padded to an even size.
            offset += 8 + UInt64(size) + UInt64(size & 1)
        }
        return SniffResult(
            "org.webmproject.webp",
            detail: extended ? "VP8X without animation" : "RIFF WEBP"
        )
    }
}

// MARK: - Photoshop, BMP, ICO

extension ImageSniffer {
    static func sniffPhotoshop(_ head: [UInt8]) -> SniffResult? {
        switch ByteFields.u16(head, 4, littleEndian: false) {
        case 1: return SniffResult("com.adobe.photoshop-image", detail: "8BPS version 1")
        case 2: return SniffResult("com.adobe.photoshop-large-image", detail: "8BPS version 2")
        default: return nil
        }
    }

    static func sniffBMP(_ head: [UInt8]) -> SniffResult? {
        guard let dibSize = ByteFields.u32(head, 14, littleEndian: true),
            let pixelOffset = ByteFields.u32(head, 10, littleEndian: true)
        else { return nil }
        let knownHeaderSizes: Set<UInt32> = [12, 16, 40, 52, 56, 64, 108, 124]
        guard knownHeaderSizes.contains(dibSize), pixelOffset >= 14 + dibSize || pixelOffset == 0
        else { return nil }
        return SniffResult("com.microsoft.bmp", detail: "BM, DIB header \(dibSize) bytes")
    }

    /// An icon (type 1) or cursor (type 2) directory.
    ///
    /// The directory needs a non-zero image count, and every
    /// entry in the head with a reserved byte of 0 (or 255, as some writers put), a non-zero
    /// size and an offset past the directory and inside the file; an icon's entries hold a
    /// plane count of 0 or 1 and a real bit count (a cursor stores its hotspot there). The
    /// first image must start as a PNG or a BMP info header.
    static func sniffICO(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard let count = ByteFields.u16(head, 4, littleEndian: true), count > 0 else {
            return nil
        }
        let isCursor = head[2] == 2
        let directoryEnd = 6 + 16 * UInt64(count)
        let validBitCounts: Set<UInt16> = [0, 1, 2, 4, 8, 16, 24, 32]
        var firstOffset: UInt64?
        for index in 0..<min(Int(count), 256) {
            let base = 6 + index * 16
            guard base + 16 <= head.count else { break }
            let planes = ByteFields.u16(head, base + 4, littleEndian: true) ?? 0
            let bitCount = ByteFields.u16(head, base + 6, littleEndian: true) ?? 0
            guard head[base + 3] == 0 || head[base + 3] == 0xFF,
                isCursor || planes <= 1 && validBitCounts.contains(bitCount),
                let size = ByteFields.u32(head, base + 8, littleEndian: true), size > 0,
                let offset = ByteFields.u32(head, base + 12, littleEndian: true).map(UInt64.init),
                offset >= directoryEnd, offset < input.fileSize
            else { return nil }
            if firstOffset == nil { firstOffset = offset }
        }
        guard let firstOffset else { return nil }
        if let image = input.read(at: firstOffset, count: 8), image.count == 8 {
            let isPNG = image == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            let infoSize = ByteFields.u32(image, 0, littleEndian: true) ?? 0
            guard isPNG || [12, 40, 52, 56, 108, 124].contains(infoSize) else { return nil }
        }
        return isCursor
            ? SniffResult("com.microsoft.cursor", detail: "CUR directory, \(count) images")
            : SniffResult("com.microsoft.ico", detail: "ICO directory, \(count) images")
    }
}

// MARK: - TIFF and TIFF-based raw

extension ImageSniffer {
    /// What the first image file directory of a TIFF says.
    private struct TIFFFacts {
        var make = ""
        var model = ""
        var hasDNGVersion = false
        var rawEvidence: String?
        /// Kodak's private tags (0xFD00 to 0xFDFF), which its KDC raw files keep in a sub-IFD.
        var hasKodakTags = false
        var subIFDs: [UInt64] = []
    }

    static func sniffTIFF(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        let little = head[0] == 0x49
        guard let magic = ByteFields.u16(head, 2, littleEndian: little) else { return nil }
        // DICOM (PS3.10, 7.1) lets the 128-byte preamble before `DICM` hold a TIFF header, so
        // that TIFF readers can open the same file: the DICOM file is what the file is.
        if ByteFields.matches(head, at: 128, "DICM") {
            return SniffResult("org.nema.dicom", detail: "DICM at 128 after a TIFF header")
        }
        var bigTIFF = false
        var firstIFD: UInt64
        var maker: (identifier: String, detail: String)?
        switch magic {
        case 42:
            guard let offset = ByteFields.u32(head, 4, littleEndian: little) else { return nil }
            firstIFD = UInt64(offset)
            // Canon's CR2 marker follows the header in either byte order (Tika's rule has
            // both; cameras write little-endian files, some converters big-endian ones).
            if ByteFields.matches(head, at: 8, [0x43, 0x52, 0x02]) {
                maker = ("com.canon.cr2-raw-image", "TIFF with CR2 marker at 8")
            }
            // Phase One IIQ: the camera's own block follows the TIFF header, its byte order
            // written out ("IIII" or "MMMM") and then a 32-bit tag in that order whose upper
            // three bytes are "Raw" (LibRaw's identify reads it so).
            if ByteFields.matches(head, at: 8, "IIII")
                && ByteFields.matches(head, at: 13, "waR")
                || ByteFields.matches(head, at: 8, "MMMM")
                    && ByteFields.matches(head, at: 12, "Raw")
            {
                maker = ("com.phaseone.raw-image", "TIFF with a Phase One raw block at 8")
            }
        case 43:
            guard ByteFields.u16(head, 4, littleEndian: little) == 8,
                ByteFields.u16(head, 6, littleEndian: little) == 0,
                let offset = ByteFields.u64(head, 8, littleEndian: little)
            else { return nil }
            bigTIFF = true
            firstIFD = offset
        case 0x4F52,
            0x5352 where little:
            // Olympus ORF: "MMOR", "IIRO", "IIRS" in place of TIFF's 42. Four letters: the
            // first IFD must be in the file (text after "IIRO" points far past it).
            guard let offset = ByteFields.u32(head, 4, littleEndian: little),
                UInt64(offset) < input.fileSize
            else { return nil }
            firstIFD = UInt64(offset)
            let marker = String(decoding: head[0..<4], as: UTF8.self)
            maker = ("com.olympus.raw-image", "Olympus ORF header \(marker)")
        case 0x55 where little:
            // Panasonic / Leica RW2: "IIU\0".
            guard let offset = ByteFields.u32(head, 4, littleEndian: little),
                UInt64(offset) < input.fileSize
            else { return nil }
            firstIFD = UInt64(offset)
            maker = ("com.panasonic.rw2-raw-image", "Panasonic RW2 header IIU")
        default:
            return nil
        }
        guard firstIFD >= 8 else {
            return maker.map { SniffResult($0.identifier, detail: $0.detail) }
        }
        let facts = readIFD(input, at: firstIFD, little: little, bigTIFF: bigTIFF)
        if facts.hasDNGVersion {
            return SniffResult("com.adobe.raw-image", detail: "TIFF IFD0 DNGVersion tag")
        }
        if let maker {
            if maker.identifier == "com.panasonic.rw2-raw-image", facts.make.hasPrefix("LEICA") {
                return SniffResult("com.leica.rwl-raw-image", detail: "IIU header, Make LEICA")
            }
            return SniffResult(maker.identifier, detail: maker.detail)
        }
        // The first IFD with raw evidence or Kodak's tags decides; in one IFD, raw evidence
        // comes first.
        var evidence = facts.rawEvidence
        var kodakTags = facts.hasKodakTags
        for subIFD in facts.subIFDs.prefix(4) where evidence == nil && !kodakTags {
            let sub = readIFD(input, at: subIFD, little: little, bigTIFF: bigTIFF)
            evidence = sub.rawEvidence
            kodakTags = sub.hasKodakTags
        }
        let kind = bigTIFF ? "BigTIFF" : "TIFF"
        let make = facts.make.uppercased()
        // Kodak's tags without Kodak's Make are no evidence (a damaged or foreign TIFF).
        if evidence == nil, kodakTags, make.contains("KODAK") {
            return SniffResult(
                "com.kodak.kdc-raw-image",
                detail: "\(kind), Make \(facts.make), Kodak KDC private tags"
            )
        }
        guard let evidence else {
            return SniffResult("public.tiff", detail: "\(kind), no raw markers in IFD0")
        }
        let byMake: [(prefix: String, identifier: String)] = [
            ("NIKON", "com.nikon.raw-image"),
            ("SONY", "com.sony.arw-raw-image"),
            ("PENTAX", "com.pentax.raw-image"),
            ("SAMSUNG", "com.samsung.raw-image"),
            ("EASTMAN KODAK", "com.kodak.raw-image"),
            ("KODAK", "com.kodak.raw-image"),
            ("SEIKO EPSON", "com.epson.raw-image"),
            ("EPSON", "com.epson.raw-image"),
            ("HASSELBLAD", "com.hasselblad.3fr-raw-image"),
            ("PHASE ONE", "com.phaseone.raw-image"),
            ("LEAF", "com.leafamerica.raw-image"),
        ]
        if make.hasPrefix("NIKON"), isNRWCamera(facts.model) {
            return SniffResult(
                "com.nikon.nrw-raw-image",
                detail: "\(kind), Make \(facts.make), Model \(facts.model), \(evidence)"
            )
        }
        for entry in byMake where make.hasPrefix(entry.prefix) {
            return SniffResult(entry.identifier, detail: "\(kind), Make \(facts.make), \(evidence)")
        }
        return SniffResult("public.camera-raw-image", detail: "\(kind), \(evidence)")
    }

    /// Whether a Nikon camera of this model writes NRW rather than NEF: Nikon's compact
    /// COOLPIX cameras that record raw (P6000, P7000 to P7800, P330, P340, B700, P950, P1000)
    /// write NRW; the COOLPIX A, with a DSLR's sensor, writes NEF.
    static func isNRWCamera(_ model: String) -> Bool {
        let words = model.uppercased().split(separator: " ")
        guard let first = words.first, first == "COOLPIX", words.count > 1 else { return false }
        return words[1] != "A"
    }

    /// Reads one IFD's entries (bounded) and collects the tags that tell raw from plain TIFF.
    private static func readIFD(
        _ input: SniffInput,
        at offset: UInt64,
        little: Bool,
        bigTIFF: Bool
    ) -> TIFFFacts {
        var facts = TIFFFacts()
        let countSize = bigTIFF ? 8 : 2
        let entrySize = bigTIFF ? 20 : 12
        guard let countBytes = readExactly(input, at: offset, count: countSize) else {
            return facts
        }
        let declared =
            bigTIFF
            ? ByteFields.u64(countBytes, 0, littleEndian: little) ?? 0
            : UInt64(ByteFields.u16(countBytes, 0, littleEndian: little) ?? 0)
        // 4,096 entries is far more than any real IFD0; it also keeps the read under 1 MiB.
        let count = Int(min(declared, 4096))
        guard count > 0 else { return facts }
        let (entriesOffset, overflow) = offset.addingReportingOverflow(UInt64(countSize))
        guard !overflow,
            let entries = input.read(at: entriesOffset, count: count * entrySize)
        else { return facts }
        let available = entries.count / entrySize
        for index in 0..<available {
            let base = index * entrySize
            guard let tag = ByteFields.u16(entries, base, littleEndian: little),
                let type = ByteFields.u16(entries, base + 2, littleEndian: little)
            else { break }
            let valueOffset = base + (bigTIFF ? 12 : 8)
            let itemCount =
                bigTIFF
                ? ByteFields.u64(entries, base + 4, littleEndian: little) ?? 0
                : UInt64(ByteFields.u32(entries, base + 4, littleEndian: little) ?? 0)
            // SHORT (3) values sit in the first two bytes of the value field.
            let scalar: UInt64? =
                switch type {
                case 3: ByteFields.u16(entries, valueOffset, littleEndian: little).map(UInt64.init)
                case 4: ByteFields.u32(entries, valueOffset, littleEndian: little).map(UInt64.init)
                case 16: ByteFields.u64(entries, valueOffset, littleEndian: little)
                default: nil
                }
            switch tag {
            case 0xC612:
                facts.hasDNGVersion = true
            case 0x010F where type == 2, 0x0110 where type == 2:
                // Make and Model, ASCII.
                let text = readASCII(
                    input,
                    entries: entries,
                    valueOffset: valueOffset,
                    count: itemCount,
                    little: little,
                    bigTIFF: bigTIFF
                )
                if tag == 0x010F { facts.make = text } else { facts.model = text }
            case 0x0106:
                if let scalar, scalar == 32803 || scalar == 34892 {
                    facts.rawEvidence = "PhotometricInterpretation \(scalar)"
                }
            case 0x0103:
                let rawCompressions: Set<UInt64> = [
                    262, 32767, 32769, 32770, 32772, 34316, 34713, 65000, 65535,
                ]
                if let scalar, rawCompressions.contains(scalar), facts.rawEvidence == nil {
                    facts.rawEvidence = "raw Compression \(scalar)"
                }
            case 0x014A:
                if itemCount == 1, let scalar {
                    facts.subIFDs = [scalar]
                } else if itemCount > 1, let pointer = scalar {
                    let width = type == 16 || type == 18 ? 8 : 4
                    let wanted = Int(min(itemCount, 4))
                    if let list = input.read(at: pointer, count: wanted * width) {
                        facts.subIFDs = stride(from: 0, to: list.count - width + 1, by: width)
                            .compactMap {
                                width == 8
                                    ? ByteFields.u64(list, $0, littleEndian: little)
                                    : ByteFields.u32(list, $0, littleEndian: little).map(
                                        UInt64.init
                                    )
                            }
                    }
                }
            case 0xFD00...0xFDFF:
                facts.hasKodakTags = true
            default:
                break
            }
        }
        return facts
    }

    private static func readASCII(
        _ input: SniffInput,
        entries: [UInt8],
        valueOffset: Int,
        count: UInt64,
        little: Bool,
        bigTIFF: Bool
    ) -> String {
        let inline = bigTIFF ? 8 : 4
        let length = Int(min(count, 64))
        var bytes: [UInt8]
        if count <= UInt64(inline) {
            bytes = Array(entries[valueOffset..<min(entries.count, valueOffset + length)])
        } else {
            let pointer =
                bigTIFF
                ? ByteFields.u64(entries, valueOffset, littleEndian: little)
                : ByteFields.u32(entries, valueOffset, littleEndian: little).map(UInt64.init)
            guard let pointer, let read = input.read(at: pointer, count: length) else { return "" }
            bytes = read
        }
        if let nul = bytes.firstIndex(of: 0) { bytes.removeSubrange(nul...) }
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        while text.last == " " { text.removeLast() }
        while text.first == " " { text.removeFirst() }
        return String(text)
    }
}

// MARK: - XML root element (SVG here, XML/HTML in TextSniffer)

extension ImageSniffer {
    /// The first element of an XML-like document, after the prolog.
    struct XMLRoot {
        /// The element name as written (`svg`, `svg:svg`, `html`).
        var name: String
        /// True when the document starts with an XML declaration `<?xml`.
        var hasDeclaration: Bool
        /// The name in a `<!DOCTYPE name ...>`, lowercased, when there is one.
        var doctype: String?
        /// Where the root element's `<` is, in the bytes given.
        var offset: Int = 0
    }

    /// Finds the root element's name after an optional UTF-8 BOM, whitespace, an XML
    /// declaration, comments, processing instructions and a DOCTYPE (with an internal
    /// subset).
    ///
    /// Returns `nil` when the bytes do not start like markup or end before the first element.
    static func xmlRootElement(_ bytes: ArraySlice<UInt8>) -> XMLRoot? {
        var index = bytes.startIndex
        let end = bytes.endIndex
        if bytes.count >= 3, bytes[index] == 0xEF, bytes[index + 1] == 0xBB,
            bytes[index + 2] == 0xBF
        {
            index += 3
        }
        var hasDeclaration = false
        var doctype: String?
        var first = true
        // Each pass consumes one prolog item; the cap keeps a file of a million comments cheap.
        for _ in 0..<1_000 {
            while index < end, isXMLSpace(bytes[index]) { index += 1 }
            guard index < end, bytes[index] == UInt8(ascii: "<"), index + 1 < end else {
                return nil
            }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "?") {
                if first, hasPrefix(bytes, at: index, "<?xml") { hasDeclaration = true }
                guard let close = find(bytes, "?>", from: index + 2) else { return nil }
                index = close + 2
            } else if next == UInt8(ascii: "!") {
                if hasPrefix(bytes, at: index, "<!--") {
                    guard let close = find(bytes, "-->", from: index + 4) else { return nil }
                    index = close + 3
                } else if hasPrefixIgnoringCase(bytes, at: index, "<!doctype") {
                    var cursor = index + 9
                    while cursor < end, isXMLSpace(bytes[cursor]) { cursor += 1 }
                    let nameStart = cursor
                    while cursor < end, isNameByte(bytes[cursor]) { cursor += 1 }
                    doctype = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
                        .lowercased()
                    var depth = 0
                    var closed = false
                    while cursor < end {
                        let byte = bytes[cursor]
                        cursor += 1
                        if byte == UInt8(ascii: "[") {
                            depth += 1
                        } else if byte == UInt8(ascii: "]") {
                            depth = max(0, depth - 1)
                        } else if byte == UInt8(ascii: ">"), depth == 0 {
                            closed = true
                            break
                        }
                    }
                    guard closed else { return nil }
                    index = cursor
                } else {
                    return nil
                }
            } else {
                var cursor = index + 1
                while cursor < end, isNameByte(bytes[cursor]) { cursor += 1 }
                guard cursor > index + 1, cursor < end else { return nil }
                let terminator = bytes[cursor]
                // `/` only as `/>`: `<http://example.org/s>` opens an N-Triples line.
                let emptyElement =
                    terminator == UInt8(ascii: "/") && cursor + 1 < end
                    && bytes[cursor + 1] == UInt8(ascii: ">")
                guard isXMLSpace(terminator) || terminator == UInt8(ascii: ">") || emptyElement
                else { return nil }
                let name = String(decoding: bytes[(index + 1)..<cursor], as: UTF8.self)
                return XMLRoot(
                    name: name,
                    hasDeclaration: hasDeclaration,
                    doctype: doctype,
                    offset: index
                )
            }
            first = false
        }
        return nil
    }

    static func isSVGName(_ name: String) -> Bool {
        name == "svg" || name.hasSuffix(":svg")
    }

    private static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ":"), UInt8(ascii: "_"),
            UInt8(ascii: "-"), UInt8(ascii: "."), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    private static func hasPrefix(_ bytes: ArraySlice<UInt8>, at index: Int, _ text: String) -> Bool
    {
        var cursor = index
        for byte in text.utf8 {
            guard cursor < bytes.endIndex, bytes[cursor] == byte else { return false }
            cursor += 1
        }
        return true
    }

    private static func hasPrefixIgnoringCase(
        _ bytes: ArraySlice<UInt8>,
        at index: Int,
        _ text: String
    ) -> Bool {
        var cursor = index
        for byte in text.utf8 {
            guard cursor < bytes.endIndex, bytes[cursor] | 0x20 == byte | 0x20 else { return false }
            cursor += 1
        }
        return true
    }

    /// The index of the first occurrence of `needle` at or after `from`.
    static func find(_ bytes: ArraySlice<UInt8>, _ needle: String, from: Int) -> Int? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first, from < bytes.endIndex else { return nil }
        var index = from
        while index <= bytes.endIndex - pattern.count {
            if bytes[index] == first {
                var matched = true
                for offset in 1..<pattern.count where bytes[index + offset] != pattern[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
