/// Reads the properties of still and animated images from their headers: PNG and APNG,
/// JPEG (with its EXIF orientation), GIF, WebP, BMP, TIFF and DNG (``TIFFProperties``),
/// JPEG XL (``JPEGXLProperties``), and HEIF/AVIF (``HEIFProperties``).
enum ImageProperties {
    /// The most chunks, segments or blocks one image may make a reader walk.
    static let maximumSteps = 100_000

    static func read(_ source: inout PropertySource) -> MediaProperties? {
        guard var found = readHeader(&source) else { return nil }
        // An image holds no tracks: that much the format states.
        found.videoTrackCount = 0
        found.audioTrackCount = 0
        return found
    }

    private static func readHeader(_ source: inout PropertySource) -> MediaProperties? {
        let head = source.head
        if head.has([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) {
            return png(&source)
        }
        if head.has([0xFF, 0xD8, 0xFF], at: 0) { return jpeg(&source) }
        if head.has("GIF87a", at: 0) || head.has("GIF89a", at: 0) { return gif(&source) }
        if head.has("RIFF", at: 0), head.has("WEBP", at: 8) { return webP(&source) }
        if head.has("BM", at: 0) { return bmp(head) }
        if TIFFProperties.isCandidate(head) { return TIFFProperties.read(&source) }
        if head.has([0xFF, 0x0A], at: 0) || head.has("JXL ", at: 4) {
            return JPEGXLProperties.read(&source)
        }
        if ISOBMFFSniffer.isCandidate(head) { return HEIFProperties.read(&source) }
        return nil
    }

    // MARK: PNG

    private static func png(_ source: inout PropertySource) -> MediaProperties? {
        guard let header = source.bytes(at: 8, count: 25), header.has("IHDR", at: 4),
            let width = header.be32(8), let height = header.be32(12), width > 0, height > 0,
            width <= Int32.max, height <= Int32.max, let depth = header.byte(16)
        else { return nil }
        var result = MediaProperties(pixelWidth: Int(width), pixelHeight: Int(height))
        if [1, 2, 4, 8, 16].contains(depth) { result.bitDepth = depth }
        let models: [Int: MediaProperties.ColorModel] = [
            0: .monochrome, 2: .rgb, 3: .indexed, 4: .monochrome, 6: .rgb,
        ]
        result.colorModel = header.byte(17).flatMap { models[$0] }
        // The animation control chunk must come before the first IDAT.
        var offset: UInt64 = 8
        for _ in 0..<maximumSteps {
            guard let chunk = source.bytes(at: offset, count: 8), let length = chunk.be32(0),
                let type = chunk.fourCC(4)
            else { return result }
            if type == "acTL" {
                guard let control = source.bytes(at: offset + 8, count: 8),
                    let frames = control.be32(0), let plays = control.be32(4), frames > 0
                else { return result }
                result.frameCount = Int(frames)
                result.loopCount = Int(plays)
                return result
            }
            if type == "IDAT" || type == "IEND" {
                result.frameCount = 1
                return result
            }
            offset += 12 + UInt64(length)
        }
        return result
    }

    // MARK: JPEG

    private static func isStartOfFrame(_ marker: Int) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    private static func jpeg(_ source: inout PropertySource) -> MediaProperties? {
        var result = MediaProperties()
        var offset: UInt64 = 2
        for _ in 0..<256 {
            guard let marker = source.bytes(at: offset, count: 4), marker[0] == 0xFF else { break }
            let code = Int(marker[1])
            if code == 0xFF {
                offset += 1  // fill byte
                continue
            }
            if code == 0xD8 || (0xD0...0xD7).contains(code) || code == 0x01 {
                offset += 2
                continue
            }
            guard code != 0xD9, code != 0xDA, let length = marker.be16(2), length >= 2 else {
                break
            }
            if isStartOfFrame(code) {
                guard let frame = source.bytes(at: offset + 4, count: 6),
                    let height = frame.be16(1), let width = frame.be16(3), width > 0
                else { return nil }
                // The component count: YCbCr (or RGB) has three, CMYK (or YCCK) four.
                let models: [UInt8: MediaProperties.ColorModel] = [
                    1: .monochrome, 3: .rgb, 4: .cmyk,
                ]
                result.colorModel = models[frame[5]]
                // 8 or 12 bits (16 for lossless); zero is no precision at all.
                if (1...16).contains(frame[0]) { result.bitDepth = Int(frame[0]) }
                // A height of zero is defined later by a DNL marker: not stated here.
                result.pixelWidth = width
                result.pixelHeight = height > 0 ? height : nil
                break
            }
            if code == 0xE1, result.orientation == nil, length >= 16,
                let segment = source.bytes(at: offset + 4, count: length - 2),
                segment.has([0x45, 0x78, 0x69, 0x66, 0, 0], at: 0)
            {
                result.orientation = exifOrientation(Array(segment.dropFirst(6)))
                result.rotation = result.orientation?.rotation
            }
            offset += 2 + UInt64(length)
        }
        guard result.pixelWidth != nil else { return nil }
        return result
    }

    /// The orientation tag (0x0112) of a TIFF structure's first IFD.
    static func exifOrientation(_ tiff: [UInt8]) -> MediaProperties.Orientation? {
        let little: Bool
        if tiff.has("II", at: 0) {
            little = true
        } else if tiff.has("MM", at: 0) {
            little = false
        } else {
            return nil
        }
        func u16(_ offset: Int) -> Int? { little ? tiff.le16(offset) : tiff.be16(offset) }
        func u32(_ offset: Int) -> UInt32? { little ? tiff.le32(offset) : tiff.be32(offset) }
        guard u16(2) == 42, let ifd = u32(4), ifd < tiff.count, let count = u16(Int(ifd)) else {
            return nil
        }
        for index in 0..<min(count, 512) {
            let entry = Int(ifd) + 2 + index * 12
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0112 {
                // Type SHORT, count 1, the value in the first two bytes of the value field.
                guard u16(entry + 2) == 3, let value = u16(entry + 8) else { return nil }
                return MediaProperties.Orientation(rawValue: value)
            }
        }
        return nil
    }

    // MARK: GIF

    private static func gif(_ source: inout PropertySource) -> MediaProperties? {
        let head = source.head
        guard let width = head.le16(6), let height = head.le16(8), let flags = head.byte(10),
            width > 0, height > 0
        else { return nil }
        var result = MediaProperties(pixelWidth: width, pixelHeight: height, colorModel: .indexed)
        var offset: UInt64 = 13
        if flags & 0x80 != 0 { offset += 3 << ((flags & 0x07) + 1) }
        var frames = 0
        var loops: Int?
        for _ in 0..<maximumSteps {
            guard let introducer = source.byte(at: offset) else { return result }
            switch introducer {
            case 0x2C:  // image descriptor
                guard let descriptor = source.bytes(at: offset + 1, count: 9) else {
                    return result
                }
                frames += 1
                offset += 10
                if descriptor[8] & 0x80 != 0 { offset += 3 << ((descriptor[8] & 0x07) + 1) }
                offset += 1  // LZW minimum code size
                guard let end = skipSubBlocks(&source, from: offset) else { return result }
                offset = end
            case 0x21:  // extension
                guard let label = source.byte(at: offset + 1) else { return result }
                if label == 0xFF, let block = source.bytes(at: offset + 2, count: 16),
                    block[0] == 11,
                    block.has("NETSCAPE2.0", at: 1) || block.has("ANIMEXTS1.0", at: 1),
                    block[12] == 3, block[13] == 1
                {
                    loops = block.le16(14)
                }
                guard let end = skipSubBlocks(&source, from: offset + 2) else { return result }
                offset = end
            case 0x3B:  // trailer
                // A GIF of no image states no frame count worth giving.
                result.frameCount = frames > 0 ? frames : nil
                result.loopCount = frames > 1 ? loops : nil
                return result
            default:
                return result
            }
        }
        return result
    }

    /// The offset after a chain of sub-blocks (each a length byte and its bytes, a zero length
    /// ending the chain).
    private static func skipSubBlocks(_ source: inout PropertySource, from start: UInt64) -> UInt64?
    {
        var offset = start
        for _ in 0..<(1 << 24) {
            guard let length = source.byte(at: offset) else { return nil }
            offset += 1 + UInt64(length)
            if length == 0 { return offset }
        }
        return nil
    }

    // MARK: WebP

    private static func webP(_ source: inout PropertySource) -> MediaProperties? {
        guard let first = source.bytes(at: 12, count: 20), let type = first.fourCC(0) else {
            return nil
        }
        switch type {
        case "VP8 ":
            // A key frame: 3-byte frame tag, start code 9D 01 2A, 14-bit width and height.
            guard first.has([0x9D, 0x01, 0x2A], at: 11), let width = first.le16(14),
                let height = first.le16(16), width & 0x3FFF > 0, height & 0x3FFF > 0
            else { return nil }
            return MediaProperties(
                pixelWidth: width & 0x3FFF,
                pixelHeight: height & 0x3FFF,
                colorModel: .rgb,
                frameCount: 1
            )
        case "VP8L":
            guard first.byte(8) == 0x2F, let bits = first.le32(9) else { return nil }
            return MediaProperties(
                pixelWidth: Int(bits & 0x3FFF) + 1,
                pixelHeight: Int(bits >> 14 & 0x3FFF) + 1,
                colorModel: .rgb,
                frameCount: 1
            )
        case "VP8X":
            guard let flags = first.byte(8), let width = first.le24(12),
                let height = first.le24(15)
            else { return nil }
            // WebP holds RGB (lossy frames code it as YUV), with or without alpha.
            var result = MediaProperties(
                pixelWidth: width + 1,
                pixelHeight: height + 1,
                colorModel: .rgb
            )
            if flags & 0x02 == 0 {
                result.frameCount = 1
                return result
            }
            return animatedWebP(&source, into: result)
        default:
            return nil
        }
    }

    private static func animatedWebP(
        _ source: inout PropertySource,
        into properties: MediaProperties
    ) -> MediaProperties {
        var result = properties
        var offset: UInt64 = 12
        var frames = 0
        // The chunks must end where the RIFF size says (or the file does): a walk that jumps
        // past it has misread a size, and its count would be wrong.
        guard let riffSize = source.head.le32(4) else { return result }
        let end = min(8 + UInt64(riffSize), source.fileSize)
        for _ in 0..<maximumSteps {
            guard offset < end else { break }
            guard let chunk = source.bytes(at: offset, count: 8), let type = chunk.fourCC(0),
                let size = chunk.le32(4)
            else { return result }
            if type == "ANIM", let anim = source.bytes(at: offset + 8, count: 6) {
                result.loopCount = anim.le16(4)
            } else if type == "ANMF" {
                frames += 1
            }
            offset += 8 + UInt64(size) + UInt64(size & 1)
        }
        if offset == end || offset == end + 1, frames > 0 { result.frameCount = frames }
        return result
    }

    // MARK: BMP

    private static func bmp(_ head: [UInt8]) -> MediaProperties? {
        guard let headerSize = head.le32(14) else { return nil }
        if headerSize == 12 {
            guard let width = head.le16(18), let height = head.le16(20), width > 0, height > 0
            else { return nil }
            return MediaProperties(
                pixelWidth: width,
                pixelHeight: height,
                colorModel: bmpModel(head.le16(24))
            )
        }
        guard headerSize >= 40, let width = head.le32(18), let height = head.le32(22) else {
            return nil
        }
        // A negative height marks a top-down bitmap.
        let signedWidth = Int32(bitPattern: width)
        let signedHeight = Int32(bitPattern: height)
        guard signedWidth > 0, signedHeight != 0, signedHeight != .min else { return nil }
        return MediaProperties(
            pixelWidth: Int(signedWidth),
            pixelHeight: Int(abs(signedHeight)),
            colorModel: bmpModel(head.le16(28))
        )
    }

    /// A bitmap of 8 bits a pixel or fewer indexes its colour table; more is RGB.
    private static func bmpModel(_ bitCount: Int?) -> MediaProperties.ColorModel? {
        switch bitCount {
        case 1, 2, 4, 8: .indexed
        case 16, 24, 32: .rgb
        default: nil
        }
    }
}
