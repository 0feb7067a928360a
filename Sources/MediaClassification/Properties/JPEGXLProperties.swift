/// Reads a JPEG XL image's size, orientation, bit depth and loop count from the headers at
/// the start of its codestream (ISO/IEC 18181-1: SizeHeader, then ImageMetadata), bare
/// (`FF 0A`) or inside the ISO-BMFF-style container (`jxlc` or the first `jxlp` box).
///
/// The headers are bit fields read least significant bit first. The size is as stored:
/// a decoder applies the orientation afterwards, as it does EXIF's.
enum JPEGXLProperties {
    /// The boxes walked to find the codestream.
    static let maximumBoxes = 64
    /// The codestream bytes read: the headers needed fit in far fewer.
    static let headerBytes = 128

    static func read(_ source: inout PropertySource) -> MediaProperties? {
        guard let start = codestreamStart(&source) else { return nil }
        let available = source.fileSize > start ? source.fileSize - start : 0
        guard available >= 3,
            let bytes = source.bytes(at: start, count: Int(min(available, UInt64(headerBytes)))),
            bytes.has([0xFF, 0x0A], at: 0)
        else { return nil }
        var reader = LSBBitReader(bytes, from: 2)
        return headers(&reader)
    }

    /// Where the codestream starts: 0 for a bare one, else the payload of the container's
    /// `jxlc` box or first `jxlp` box (after its 4-byte index).
    private static func codestreamStart(_ source: inout PropertySource) -> UInt64? {
        let head = source.head
        if head.has([0xFF, 0x0A], at: 0) { return 0 }
        guard head.has([0, 0, 0, 0x0C], at: 0), head.has("JXL ", at: 4) else { return nil }
        var offset: UInt64 = 0
        for _ in 0..<maximumBoxes {
            guard let box = source.bytes(at: offset, count: 16), let small = box.be32(0),
                let type = box.fourCC(4)
            else { return nil }
            var header: UInt64 = 8
            var size = UInt64(small)
            if small == 1 {
                guard let large = box.be64(8) else { return nil }
                size = large
                header = 16
            } else if small == 0 {
                size = source.fileSize - offset
            }
            if type == "jxlc" { return offset + header }
            if type == "jxlp" { return offset + header + 4 }
            guard size >= header else { return nil }
            let (next, overflow) = offset.addingReportingOverflow(size)
            guard !overflow, next < source.fileSize else { return nil }
            offset = next
        }
        return nil
    }

    /// The SizeHeader and the ImageMetadata fields up to the bit depth.
    private static func headers(_ reader: inout LSBBitReader) -> MediaProperties? {
        guard let (width, height) = size(&reader) else { return nil }
        var result = MediaProperties(pixelWidth: width, pixelHeight: height)
        guard let allDefault = reader.bool() else { return result }
        if allDefault {
            result.bitDepth = 8
            result.orientation = .up
            result.rotation = 0
            return result
        }
        guard let extraFields = reader.bool() else { return result }
        var orientation = 1
        if extraFields {
            guard let value = reader.bits(3) else { return result }
            orientation = value + 1
            // An intrinsic size, a preview, an animation: each present when its flag is set.
            guard let intrinsic = reader.bool(), !intrinsic || size(&reader) != nil,
                let preview = reader.bool(), !preview || skipPreview(&reader),
                let animation = reader.bool()
            else { return result }
            if animation {
                guard
                    reader.u32([.value(100), .value(1000), .bits(10, 1), .bits(30, 1)]) != nil,
                    reader.u32([.value(1), .value(1001), .bits(8, 1), .bits(10, 1)]) != nil,
                    let loops = reader.u32([.value(0), .bits(3, 0), .bits(16, 0), .bits(32, 0)]),
                    reader.bool() != nil
                else { return result }
                result.loopCount = loops
            }
        }
        if let turned = MediaProperties.Orientation(rawValue: orientation) {
            result.orientation = turned
            result.rotation = turned.rotation
        }
        guard let float = reader.bool() else { return result }
        if float {
            guard let bits = reader.u32([.value(32), .value(16), .value(24), .bits(6, 1)]),
                (1...32).contains(bits)
            else { return result }
            result.bitDepth = bits
        } else {
            guard let bits = reader.u32([.value(8), .value(10), .value(12), .bits(6, 1)]),
                (1...31).contains(bits)
            else { return result }
            result.bitDepth = bits
        }
        return result
    }

    /// A SizeHeader: the height, then the width given or as a ratio of the height.
    private static func size(_ reader: inout LSBBitReader) -> (Int, Int)? {
        let dimension: [LSBBitReader.Distribution] = [
            .bits(9, 1), .bits(13, 1), .bits(18, 1), .bits(30, 1),
        ]
        guard let small = reader.bool() else { return nil }
        let height: Int
        if small {
            guard let eighths = reader.bits(5) else { return nil }
            height = (eighths + 1) * 8
        } else {
            guard let value = reader.u32(dimension) else { return nil }
            height = value
        }
        guard let ratio = reader.bits(3) else { return nil }
        let ratios = [(1, 1), (12, 10), (4, 3), (3, 2), (16, 9), (5, 4), (2, 1)]
        if ratio > 0 {
            let (numerator, denominator) = ratios[ratio - 1]
            return (height * numerator / denominator, height)
        }
        if small {
            guard let eighths = reader.bits(5) else { return nil }
            return ((eighths + 1) * 8, height)
        }
        guard let width = reader.u32(dimension) else { return nil }
        return (width, height)
    }

    /// Reads past a PreviewHeader.
    private static func skipPreview(_ reader: inout LSBBitReader) -> Bool {
        guard let eighths = reader.bool() else { return false }
        let side: [LSBBitReader.Distribution] =
            eighths
            ? [.value(16), .value(32), .bits(5, 1), .bits(9, 33)]
            : [.bits(6, 1), .bits(8, 65), .bits(10, 321), .bits(12, 1345)]
        guard reader.u32(side) != nil, let ratio = reader.bits(3) else { return false }
        return ratio > 0 || reader.u32(side) != nil
    }
}

/// Reads bits least significant first, as JPEG XL's headers are written.
struct LSBBitReader {
    /// One of the four encodings a JPEG XL `U32` field chooses between with two bits.
    enum Distribution {
        /// A fixed value.
        case value(Int)
        /// `count` bits, plus an offset.
        case bits(Int, Int)
    }

    private let bytes: [UInt8]
    private var position: Int

    init(_ bytes: [UInt8], from byte: Int) {
        self.bytes = bytes
        self.position = byte * 8
    }

    /// The next `count` bits (at most 32) as a number, or `nil` past the end.
    mutating func bits(_ count: Int) -> Int? {
        guard count <= 32, position + count <= bytes.count * 8 else { return nil }
        var value = 0
        for index in 0..<count {
            let bit = Int(bytes[(position + index) >> 3] >> ((position + index) & 7)) & 1
            value |= bit << index
        }
        position += count
        return value
    }

    mutating func bool() -> Bool? { bits(1).map { $0 == 1 } }

    /// A `U32` field: two bits choose the distribution, which gives the value.
    mutating func u32(_ distributions: [Distribution]) -> Int? {
        guard distributions.count == 4, let selector = bits(2) else { return nil }
        switch distributions[selector] {
        case .value(let value): return value
        case .bits(let count, let offset): return bits(count).map { $0 + offset }
        }
    }
}
