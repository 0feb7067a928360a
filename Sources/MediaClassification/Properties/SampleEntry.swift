/// The first sample description of an ISO-BMFF track, and the codec string its
/// configuration box gives.
struct SampleEntry {
    var format: String
    var codec: String?
    var width: Int?
    var height: Int?
    var bitDepth: Int?
    var channels: Int?
    var sampleRate: Int?
    /// The HDR transfer a `colr` box (`nclx`, or QuickTime's `nclc`) signals.
    var transfer: String?

    // MARK: Video

    /// A visual sample entry: the coded size, then the configuration boxes after the
    /// 78-byte fixed part.
    static func visual(_ entry: MemoryBox, _ parser: inout MemoryBoxParser) -> SampleEntry {
        let bytes = parser.bytes
        let start = entry.content.lowerBound
        var result = SampleEntry(format: entry.type)
        if entry.content.count >= 78 {
            if let width = bytes.be16(start + 24), width > 0 { result.width = width }
            if let height = bytes.be16(start + 26), height > 0 { result.height = height }
        }
        var configs: [String: Range<Int>] = [:]
        if entry.content.count > 78 {
            for box in parser.children((start + 78)..<entry.content.upperBound)
            where configs[box.type] == nil {
                configs[box.type] = box.content
            }
        }
        if let colour = configs["colr"],
            bytes.has("nclx", at: colour.lowerBound)
                || bytes.has("nclc", at: colour.lowerBound),
            let transfer = bytes.be16(colour.lowerBound + 6), colour.count >= 10
        {
            result.transfer = StreamHeaders.transfer(transfer)
        }
        let format = entry.type
        switch format {
        case "avc1", "avc2", "avc3", "avc4":
            result.codec = configs["avcC"].flatMap { CodecString.avc(format, bytes, $0) }
        case "hvc1", "hev1":
            if let range = configs["hvcC"] {
                result.codec = CodecString.hevc(format, bytes, range)
                result.bitDepth = CodecString.hevcBitDepth(bytes, range)
            }
        case "av01":
            if let range = configs["av1C"] {
                result.codec = CodecString.av1(bytes, range)
                result.bitDepth = CodecString.av1BitDepth(bytes, range)
            }
        case "vp08", "vp09":
            if let range = configs["vpcC"] {
                result.codec = CodecString.vp(format, bytes, range)
                result.bitDepth = bytes.byte(range.lowerBound + 6).flatMap {
                    $0 >> 4 > 0 ? $0 >> 4 : nil
                }
            }
        case "mp4v":
            result.codec = configs["esds"].flatMap { CodecString.mpeg4(bytes, $0, prefix: "mp4v") }
        default:
            result.codec = CodecString.trimmed(format)
        }
        return result
    }

    // MARK: Audio

    private static let pcmFormats: Set<String> = [
        "lpcm", "sowt", "twos", "in24", "in32", "fl32", "fl64", "raw ", "ipcm", "fpcm", "NONE",
    ]

    /// An audio sample entry: version 0/1 (ISO and QuickTime) or QuickTime version 2, then
    /// the configuration boxes.
    static func audio(_ entry: MemoryBox, _ parser: inout MemoryBoxParser) -> SampleEntry {
        let bytes = parser.bytes
        let start = entry.content.lowerBound
        var result = SampleEntry(format: entry.type)
        guard entry.content.count >= 28, let version = bytes.be16(start + 8) else {
            return result
        }
        var childrenStart = start + 28
        var sampleSize: Int?
        switch version {
        case 0, 1:
            result.channels = bytes.be16(start + 16).flatMap { $0 > 0 ? $0 : nil }
            sampleSize = bytes.be16(start + 18)
            if let rate = bytes.be32(start + 24), rate >> 16 > 0 {
                result.sampleRate = Int(rate >> 16)
            }
            if version == 1 { childrenStart += 16 }
        case 2:
            guard entry.content.count >= 64, let rateBits = bytes.be64(start + 32),
                let channels = bytes.be32(start + 40), let bits = bytes.be32(start + 48)
            else { return result }
            let rate = Double(bitPattern: rateBits)
            if rate.isFinite, rate >= 1, rate < 1e7 { result.sampleRate = Int(rate) }
            if channels > 0, channels < 256 { result.channels = Int(channels) }
            if bits > 0, bits <= 64 { sampleSize = Int(bits) }
            childrenStart = start + 64
        default:
            return result
        }
        var configs: [String: Range<Int>] = [:]
        if childrenStart < entry.content.upperBound {
            for box in parser.children(childrenStart..<entry.content.upperBound) {
                if configs[box.type] == nil { configs[box.type] = box.content }
                if box.type == "wave" {
                    // QuickTime nests the codec's boxes in a `wave` atom.
                    for inner in parser.children(box.content) where configs[inner.type] == nil {
                        configs[inner.type] = inner.content
                    }
                }
            }
        }
        let format = entry.type
        switch format {
        case "mp4a":
            if let esds = configs["esds"] {
                result.codec = CodecString.mpeg4(bytes, esds, prefix: "mp4a")
                // The AudioSpecificConfig is the codec's own word; muxers write 2 channels
                // and 16 bits in the sample entry whatever the stream holds.
                if let config = CodecString.audioSpecificConfig(bytes, esds) {
                    result.sampleRate = config.sampleRate ?? result.sampleRate
                    result.channels = config.channels ?? result.channels
                }
            }
        case "Opus": result.codec = "opus"
        case "fLaC":
            result.codec = "flac"
            result.bitDepth = sampleSize.flatMap { $0 > 0 ? $0 : nil }
        case "alac":
            result.codec = "alac"
            // The ALAC magic cookie: version, then frame length, compatible version, bit depth.
            if let cookie = configs["alac"], let depth = bytes.byte(cookie.lowerBound + 4 + 5),
                depth > 0
            {
                result.bitDepth = depth
            } else {
                result.bitDepth = sampleSize.flatMap { $0 > 0 ? $0 : nil }
            }
        case "ac-3": result.codec = "ac-3"
        case "ec-3": result.codec = "ec-3"
        case "ac-4": result.codec = "ac-4"
        case ".mp3": result.codec = "mp3"
        case "samr": result.codec = "samr"
        case "sawb": result.codec = "sawb"
        default:
            if pcmFormats.contains(format) {
                result.codec = "pcm"
                // QuickTime's sized formats name their depth; the 16 in their sample entry is
                // a placeholder. ISO's ipcm/fpcm state it in pcmC.
                let named = ["in24": 24, "in32": 32, "fl32": 32, "fl64": 64][format]
                let stated = configs["pcmC"].flatMap { bytes.byte($0.lowerBound + 5) }.flatMap {
                    $0 > 0 ? $0 : nil
                }
                result.bitDepth = named ?? stated ?? sampleSize.flatMap { $0 > 0 ? $0 : nil }
            } else {
                result.codec = CodecString.trimmed(format)
            }
        }
        return result
    }
}

/// RFC 6381 codec strings from the configuration records of ISO-BMFF sample entries.
enum CodecString {
    /// A four-character code without trailing spaces, or nil when it is not printable.
    static func trimmed(_ format: String) -> String? {
        guard MediaBytes.isPrintableFourCC(Array(format.utf8), 0) else { return nil }
        var text = format
        while text.hasSuffix(" ") { text.removeLast() }
        return text.isEmpty ? nil : text
    }

    private static func hex2(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }

    /// `avc1.PPCCLL`: profile, constraint flags and level from the `avcC` record.
    static func avc(_ format: String, _ bytes: [UInt8], _ range: Range<Int>) -> String? {
        let start = range.lowerBound
        guard range.count >= 4, bytes.byte(start) == 1, let profile = bytes.byte(start + 1),
            let flags = bytes.byte(start + 2), let level = bytes.byte(start + 3)
        else { return nil }
        return "\(format).\(hex2(profile))\(hex2(flags))\(hex2(level))"
    }

    /// `hvc1.P.C.TL.B`: the general profile space and profile, the compatibility flags
    /// (bit-reversed, in hex), tier and level, and the constraint bytes up to the last
    /// non-zero one, from the `hvcC` record (ISO/IEC 14496-15 annex E).
    static func hevc(_ format: String, _ bytes: [UInt8], _ range: Range<Int>) -> String? {
        let start = range.lowerBound
        guard range.count >= 13, bytes.byte(start) == 1, let first = bytes.byte(start + 1),
            let compatibility = bytes.be32(start + 2), let level = bytes.byte(start + 12)
        else { return nil }
        let space = ["", "A", "B", "C"][first >> 6]
        let tier = first & 0x20 != 0 ? "H" : "L"
        let profile = first & 0x1F
        var reversed: UInt32 = 0
        for bit in 0..<32 where compatibility & (1 << bit) != 0 {
            reversed |= 1 << (31 - bit)
        }
        var constraints = (0..<6).compactMap { bytes.byte(start + 6 + $0) }
        while let last = constraints.last, last == 0 { constraints.removeLast() }
        var text =
            "\(format).\(space)\(profile).\(String(reversed, radix: 16, uppercase: true)).\(tier)\(level)"
        for byte in constraints { text += "." + String(byte, radix: 16, uppercase: true) }
        return text
    }

    /// The luma bit depth an `hvcC` record states.
    static func hevcBitDepth(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        // Version, profile (1), compatibility (4), constraints (6), level, segmentation (2),
        // parallelism, chroma format, then bitDepthLumaMinus8 at 17.
        guard range.count >= 18, let luma = bytes.byte(range.lowerBound + 17) else { return nil }
        return (luma & 0x07) + 8
    }

    /// `av01.P.LLT.DD`: profile, level and tier, bit depth from the `av1C` record.
    static func av1(_ bytes: [UInt8], _ range: Range<Int>) -> String? {
        let start = range.lowerBound
        guard range.count >= 4, let marker = bytes.byte(start), marker & 0x80 != 0,
            let first = bytes.byte(start + 1), let depth = av1BitDepth(bytes, range),
            let second = bytes.byte(start + 2)
        else { return nil }
        let profile = first >> 5
        let level = first & 0x1F
        let tier = second & 0x80 != 0 ? "H" : "M"
        let depthText = depth < 10 ? "0\(depth)" : "\(depth)"
        let levelText = level < 10 ? "0\(level)" : "\(level)"
        return "av01.\(profile).\(levelText)\(tier).\(depthText)"
    }

    /// The bit depth an `av1C` record states.
    static func av1BitDepth(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard range.count >= 3, let second = bytes.byte(range.lowerBound + 2) else { return nil }
        let high = second & 0x40 != 0
        let twelve = second & 0x20 != 0
        return high ? (twelve ? 12 : 10) : 8
    }

    /// `vp09.PP.LL.DD`: profile, level and bit depth from the `vpcC` full box.
    static func vp(_ format: String, _ bytes: [UInt8], _ range: Range<Int>) -> String? {
        let start = range.lowerBound
        guard range.count >= 8, bytes.byte(start) == 1, let profile = bytes.byte(start + 4),
            let level = bytes.byte(start + 5), let depth = bytes.byte(start + 6)
        else { return nil }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(format).\(two(profile)).\(two(level)).\(two(depth >> 4))"
    }

    /// The decoder configuration of an `esds` box: the object type indication and the
    /// decoder-specific bytes.
    private static func decoderConfig(
        _ bytes: [UInt8],
        _ range: Range<Int>
    ) -> (objectType: Int, specific: Range<Int>?)? {
        var offset = range.lowerBound + 4  // full box header
        func descriptor(at position: inout Int) -> (tag: Int, body: Range<Int>)? {
            guard let tag = bytes.byte(position) else { return nil }
            position += 1
            var length = 0
            for _ in 0..<4 {
                guard let byte = bytes.byte(position) else { return nil }
                position += 1
                length = length << 7 | (byte & 0x7F)
                if byte & 0x80 == 0 { break }
            }
            guard length <= range.upperBound - position else { return nil }
            return (tag, position..<(position + length))
        }
        guard let es = descriptor(at: &offset), es.tag == 3 else { return nil }
        var inner = es.body.lowerBound + 2
        guard let flags = bytes.byte(inner) else { return nil }
        inner += 1
        if flags & 0x80 != 0 { inner += 2 }
        if flags & 0x40 != 0 { inner += 1 + (bytes.byte(inner) ?? 0) }
        if flags & 0x20 != 0 { inner += 2 }
        while inner < es.body.upperBound {
            guard let child = descriptor(at: &inner) else { return nil }
            if child.tag == 4 {
                guard child.body.count >= 13, let objectType = bytes.byte(child.body.lowerBound)
                else { return nil }
                var position = child.body.lowerBound + 13
                var specific: Range<Int>?
                if position < child.body.upperBound, let info = descriptor(at: &position),
                    info.tag == 5, info.body.upperBound <= child.body.upperBound
                {
                    specific = info.body
                }
                return (objectType, specific)
            }
            inner = child.body.upperBound
        }
        return nil
    }

    /// `mp4a.40.AOT` for MPEG-4 audio, otherwise `PREFIX.OTI` with the object type in hex
    /// (`mp4a.6B` for MP3, `mp4v.20` for MPEG-4 Visual).
    static func mpeg4(_ bytes: [UInt8], _ range: Range<Int>, prefix: String) -> String? {
        guard let config = decoderConfig(bytes, range) else { return nil }
        if config.objectType == 0x40, prefix == "mp4a" {
            guard let objectType = audioSpecificConfig(bytes, range)?.objectType else {
                return "mp4a.40"
            }
            return "mp4a.40.\(objectType)"
        }
        return "\(prefix).\(hex2(config.objectType))"
    }

    private static let sampleRates = [
        96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
    ]

    /// The audio object type, sample rate and channel count of an MPEG-4 AudioSpecificConfig.
    static func audioSpecificConfig(
        _ bytes: [UInt8],
        _ range: Range<Int>
    ) -> (objectType: Int, sampleRate: Int?, channels: Int?)? {
        guard let config = decoderConfig(bytes, range), config.objectType == 0x40,
            let specific = config.specific
        else { return nil }
        var bits = BitReader(bytes: bytes, range: specific)
        guard var objectType = bits.read(5) else { return nil }
        if objectType == 31 {
            guard let extended = bits.read(6) else { return nil }
            objectType = 32 + extended
        }
        guard let index = bits.read(4) else { return (objectType, nil, nil) }
        var rate: Int?
        if index == 15 {
            rate = bits.read(24)
        } else if index < sampleRates.count {
            rate = sampleRates[index]
        }
        let channels = bits.read(4).flatMap { $0 > 0 && $0 < 8 ? ($0 == 7 ? 8 : $0) : nil }
        return (objectType, rate, channels)
    }
}

/// Reads bits, most significant first, from a range of bytes.
struct BitReader {
    let bytes: [UInt8]
    let range: Range<Int>
    private var position = 0

    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.range = range
    }

    /// The next `count` bits (at most 32) as an integer, or nil past the end.
    mutating func read(_ count: Int) -> Int? {
        guard count >= 0, count <= 32, position + count <= range.count * 8 else { return nil }
        var value = 0
        for _ in 0..<count {
            let byte = bytes[range.lowerBound + position / 8]
            value = value << 1 | Int(byte >> (7 - UInt8(position % 8)) & 1)
            position += 1
        }
        return value
    }
}
