/// Reads the audio formats whose parameters stand in one header.
///
/// AIFF and AIFF-C, Core Audio Format (CAF), Sun/NeXT AU, ADTS AAC and AC-3. Each holds one audio stream and no video.
enum AudioHeaderProperties {
    static func read(_ source: inout PropertySource) -> MediaProperties? {
        let head = source.head
        var found: MediaProperties?
        if head.has("FORM", at: 0), head.has("AIFF", at: 8) || head.has("AIFC", at: 8) {
            found = aiff(&source, compressed: head.has("AIFC", at: 8))
        } else if head.has("caff", at: 0) {
            found = caf(&source)
        } else if head.has(".snd", at: 0) {
            found = au(head, fileSize: source.fileSize)
        } else if head.count >= 7, head[0] == 0xFF, head[1] & 0xF6 == 0xF0 {
            found = adts(head)
        } else if head.has([0x0B, 0x77], at: 0) {
            found = ac3(head)
        }
        found?.videoTrackCount = 0
        found?.audioTrackCount = 1
        return found
    }

    private static func pcmName(_ format: String) -> String? {
        switch format {
        case "NONE", "twos", "sowt", "raw ", "in24", "in32", "fl32", "fl64", "FL32", "FL64",
            "lpcm":
            return "pcm"
        case "ulaw", "ULAW": return "ulaw"
        case "alaw", "ALAW": return "alaw"
        default: return nil
        }
    }

    // MARK: AIFF

    /// An IEEE 754 80-bit extended float, as AIFF writes its sample rate.
    static func extended(_ bytes: [UInt8], _ offset: Int) -> Double? {
        guard let exponentBits = bytes.be16(offset), let mantissa = bytes.be64(offset + 2) else {
            return nil
        }
        let exponent = exponentBits & 0x7FFF
        guard exponentBits & 0x8000 == 0, exponent > 0, exponent < 0x7FFF else { return nil }
        let value =
            Double(mantissa) * Double(sign: .plus, exponent: exponent - 16383 - 63, significand: 1)
        return value.isFinite ? value : nil
    }

    private static func aiff(_ source: inout PropertySource, compressed: Bool) -> MediaProperties? {
        var offset: UInt64 = 12
        for _ in 0..<64 {
            guard let chunk = source.bytes(at: offset, count: 8), let type = chunk.fourCC(0),
                let size = chunk.be32(4)
            else { return nil }
            if type == "COMM" {
                guard size >= 18,
                    let common = source.bytes(at: offset + 8, count: compressed ? 22 : 18),
                    let channels = common.be16(0), channels > 0, let frames = common.be32(2),
                    let bits = common.be16(6), let rate = extended(common, 8), rate >= 1, rate < 1e7
                else { return nil }
                var result = MediaProperties(channels: channels, sampleRate: Int(rate))
                let format = compressed ? (common.fourCC(18) ?? "") : "NONE"
                result.audioCodec = pcmName(format) ?? CodecString.trimmed(format)
                if result.audioCodec == "pcm" {
                    if bits > 0 { result.audioBitDepth = bits }
                    // For PCM the frame count is the length; a codec's may count packets.
                    result.duration = Double(frames) / rate
                }
                return result
            }
            offset += 8 + UInt64(size) + UInt64(size & 1)
        }
        return nil
    }

    // MARK: CAF

    private static func caf(_ source: inout PropertySource) -> MediaProperties? {
        var offset: UInt64 = 8
        var result: MediaProperties?
        var rate = 0.0
        var bytesPerPacket: UInt32 = 0
        var framesPerPacket: UInt32 = 0
        for _ in 0..<64 {
            guard let chunk = source.bytes(at: offset, count: 12), let type = chunk.fourCC(0),
                let size = chunk.be64(4)
            else { break }
            switch type {
            case "desc":
                guard size >= 32, let desc = source.bytes(at: offset + 12, count: 32),
                    let rateBits = desc.be64(0), let format = desc.fourCC(8),
                    let packetBytes = desc.be32(16), let packetFrames = desc.be32(20),
                    let channels = desc.be32(24), let bits = desc.be32(28)
                else { return nil }
                rate = Double(bitPattern: rateBits)
                guard rate.isFinite, rate >= 1, rate < 1e7, channels > 0, channels < 256 else {
                    return nil
                }
                var found = MediaProperties(channels: Int(channels), sampleRate: Int(rate))
                switch format {
                case "aac ": found.audioCodec = "mp4a.40.2"
                case "aach": found.audioCodec = "mp4a.40.5"
                case "alac", "opus", "flac", "ac-3": found.audioCodec = format
                case ".mp3": found.audioCodec = "mp3"
                default: found.audioCodec = pcmName(format) ?? CodecString.trimmed(format)
                }
                if found.audioCodec == "pcm", bits > 0, bits <= 64 {
                    found.audioBitDepth = Int(bits)
                }
                bytesPerPacket = packetBytes
                framesPerPacket = packetFrames
                result = found
            case "pakt" where result != nil:
                // Packet count, then the count of valid frames: the length.
                if let table = source.bytes(at: offset + 12, count: 16), let frames = table.be64(8)
                {
                    result?.duration = Double(frames) / rate
                }
            case "data" where result != nil && result?.duration == nil:
                // A size of -1 runs to the end of the file; the first 4 bytes are an edit count.
                if size != .max, size >= 4, bytesPerPacket > 0, framesPerPacket > 0,
                    size <= source.fileSize - offset - 12
                {
                    let packets = Double((size - 4) / UInt64(bytesPerPacket))
                    result?.duration = packets * Double(framesPerPacket) / rate
                }
            default: break
            }
            guard size != .max, size <= source.fileSize else { break }
            offset += 12 + size
        }
        return result
    }

    // MARK: AU

    private static func au(_ head: [UInt8], fileSize: UInt64) -> MediaProperties? {
        guard let dataOffset = head.be32(4), let dataSize = head.be32(8),
            let encoding = head.be32(12), let rate = head.be32(16), let channels = head.be32(20),
            rate > 0, channels > 0, channels < 256
        else { return nil }
        var result = MediaProperties(channels: Int(channels), sampleRate: Int(rate))
        let bytesPerSample: Int?
        switch encoding {
        case 1:
            result.audioCodec = "ulaw"
            bytesPerSample = 1
        case 27:
            result.audioCodec = "alaw"
            bytesPerSample = 1
        case 2, 3, 4, 5:
            result.audioCodec = "pcm"
            bytesPerSample = Int(encoding) - 1
            result.audioBitDepth = (Int(encoding) - 1) * 8
        case 6, 7:
            result.audioCodec = "pcm"
            bytesPerSample = encoding == 6 ? 4 : 8
            result.audioBitDepth = encoding == 6 ? 32 : 64
        default:
            bytesPerSample = nil
        }
        // A data size of all ones is unknown (a stream).
        if let bytesPerSample, dataSize != .max, UInt64(dataOffset) + UInt64(dataSize) <= fileSize {
            result.duration =
                Double(dataSize) / Double(bytesPerSample * Int(channels)) / Double(rate)
        }
        return result
    }

    // MARK: ADTS and AC-3

    private static let aacRates = [
        96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
    ]

    /// The first ADTS frame header: object type, rate and channels.
    ///
    /// The length is not stated.
    static func adts(_ head: [UInt8]) -> MediaProperties? {
        guard head.count >= 7 else { return nil }
        let profile = Int(head[2] >> 6)
        let rateIndex = Int(head[2] >> 2 & 0x0F)
        let channels = Int(head[2] & 0x01) << 2 | Int(head[3] >> 6)
        guard rateIndex < aacRates.count else { return nil }
        var result = MediaProperties(
            audioCodec: "mp4a.40.\(profile + 1)",
            sampleRate: aacRates[rateIndex]
        )
        // Channel configuration 0 is given in the stream's program config; 7 means 8.
        if channels > 0 { result.channels = channels == 7 ? 8 : channels }
        return result
    }

    /// The first AC-3 sync frame: rate and channels (with the LFE).
    ///
    /// The length is not stated.
    static func ac3(_ head: [UInt8]) -> MediaProperties? {
        guard head.count >= 8 else { return nil }
        let rateCode = Int(head[4] >> 6)
        let streamID = Int(head[5] >> 3)
        guard rateCode < 3, streamID <= 8 else { return nil }
        var bits = BitReader(bytes: head, range: 6..<8)
        guard let mode = bits.read(3) else { return nil }
        if mode & 1 != 0 && mode != 1 { _ = bits.read(2) }
        if mode & 4 != 0 { _ = bits.read(2) }
        if mode == 2 { _ = bits.read(2) }
        guard let lfe = bits.read(1) else { return nil }
        let channels = [2, 1, 2, 3, 3, 4, 4, 5][mode] + lfe
        return MediaProperties(
            audioCodec: "ac-3",
            channels: channels,
            sampleRate: [48000, 44100, 32000][rateCode]
        )
    }
}
