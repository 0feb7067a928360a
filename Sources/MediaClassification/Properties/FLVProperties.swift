/// Reads the properties of a Flash Video (FLV) file from its first tags: the `onMetaData`
/// script tag (duration, frame rate), the first video tag (codec, and for AVC or HEVC its
/// configuration record and so the profile, level and size) and the first audio tag (format,
/// and the AudioSpecificConfig of AAC or the frame header of MP3 for the rate and channels).
enum FLVProperties {
    /// The most tags visited at the head.
    static let maximumTags = 256
    /// The deepest AMF value nesting followed.
    static let maximumDepth = 8

    static func read(_ source: inout PropertySource) -> MediaProperties? {
        guard let header = source.bytes(at: 0, count: 9), let dataOffset = header.be32(5),
            dataOffset >= 9
        else { return nil }
        var result = MediaProperties()
        var sawVideo = false
        var sawAudio = false
        var sawMetadata = false
        var offset = UInt64(dataOffset) + 4
        for _ in 0..<maximumTags where !(sawVideo && sawAudio && sawMetadata) {
            guard offset < UInt64(ElementaryStreams.windowBytes),
                let tag = source.bytes(at: offset, count: 11), let size = tag.be24(1)
            else { break }
            let type = tag[0] & 0x1F
            let wanted =
                (type == 18 && !sawMetadata) || (type == 9 && !sawVideo)
                || (type == 8 && !sawAudio)
            if wanted, let data = source.bytes(at: offset + 11, count: min(size, 1 << 16)) {
                switch type {
                case 18:
                    sawMetadata = metadata(data, into: &result)
                case 9:
                    sawVideo = true
                    video(data, into: &result)
                default:
                    sawAudio = true
                    audio(data, into: &result)
                }
            }
            offset += 11 + UInt64(size) + 4
        }
        guard sawVideo || sawAudio || sawMetadata else { return nil }
        if sawVideo || sawAudio {
            result.videoTrackCount = sawVideo ? 1 : 0
            result.audioTrackCount = sawAudio ? 1 : 0
        }
        if !sawVideo { result.frameRate = nil }
        return result.isEmpty ? nil : result
    }

    // MARK: Video and audio tags

    private static func video(_ data: [UInt8], into result: inout MediaProperties) {
        guard let first = data.byte(0) else { return }
        if first & 0x80 != 0 {
            // Enhanced RTMP: a four-character code; packet type 0 carries the configuration.
            guard let code = data.fourCC(1) else { return }
            let config = min(5, data.count)..<data.count
            let isStart = first & 0x0F == 0
            switch code {
            case "avc1": avc(data, config, isStart, into: &result)
            case "hvc1": hevc(data, config, isStart, into: &result)
            case "av01":
                result.videoCodec = (isStart ? CodecString.av1(data, config) : nil) ?? "av01"
            case "vp09": result.videoCodec = "vp09"
            default: result.videoCodec = CodecString.trimmed(code)
            }
            return
        }
        let isStart = data.byte(1) == 0
        // The configuration record after the codec byte, packet type and composition time.
        let config = min(5, data.count)..<data.count
        switch first & 0x0F {
        case 2:
            result.videoCodec = "flv1"
            sorensonSize(data, into: &result)
        case 3: result.videoCodec = "fsv1"
        case 4: result.videoCodec = "vp6f"
        case 5: result.videoCodec = "vp6a"
        case 6: result.videoCodec = "fsv2"
        case 7: avc(data, config, isStart, into: &result)
        case 12: hevc(data, config, isStart, into: &result)
        default: break
        }
    }

    /// The picture size of a Sorenson H.263 picture header: start code (17 bits), version
    /// (5), temporal reference (8), then a size code, with 8 or 16 bits a side when custom.
    private static func sorensonSize(_ data: [UInt8], into result: inout MediaProperties) {
        var bits = BitReader(bytes: data, range: 1..<data.count)
        guard bits.read(17) == 1, bits.read(5) != nil, bits.read(8) != nil,
            let code = bits.read(3)
        else { return }
        let sizes = [2: (352, 288), 3: (176, 144), 4: (128, 96), 5: (320, 240), 6: (160, 120)]
        var size = sizes[code]
        if code < 2, let width = bits.read(code == 0 ? 8 : 16),
            let height = bits.read(code == 0 ? 8 : 16), width > 0, height > 0
        {
            size = (width, height)
        }
        if let size { (result.pixelWidth, result.pixelHeight) = size }
    }

    private static func avc(
        _ data: [UInt8],
        _ config: Range<Int>,
        _ isStart: Bool,
        into result: inout MediaProperties
    ) {
        result.videoCodec = "avc1"
        guard isStart, let codec = CodecString.avc("avc1", data, config) else { return }
        result.videoCodec = codec
        // The record's first sequence parameter set: count at 5, length, then the unit.
        let start = config.lowerBound
        if let count = data.byte(start + 5), count & 0x1F > 0, let length = data.be16(start + 6),
            start + 8 + length <= data.count,
            let header = StreamHeaders.h264(Array(data[(start + 8)..<(start + 8 + length)]))
        {
            var sized = header
            sized.codec = codec
            sized.frameRate = nil
            sized.apply(to: &result)
        }
    }

    private static func hevc(
        _ data: [UInt8],
        _ config: Range<Int>,
        _ isStart: Bool,
        into result: inout MediaProperties
    ) {
        result.videoCodec = (isStart ? CodecString.hevc("hvc1", data, config) : nil) ?? "hvc1"
        if isStart { result.bitDepth = CodecString.hevcBitDepth(data, config) }
    }

    private static let rates = [5512, 11025, 22050, 44100]

    private static func audio(_ data: [UInt8], into result: inout MediaProperties) {
        guard let flags = data.byte(0) else { return }
        let format = flags >> 4
        result.sampleRate = rates[flags >> 2 & 0x3]
        result.channels = flags & 1 + 1
        switch format {
        case 0, 3:
            result.audioCodec = "pcm"
            result.audioBitDepth = flags & 2 != 0 ? 16 : 8
        case 2, 14:
            result.audioCodec = "mp3"
            if format == 14 { result.sampleRate = 8000 }
            if let (found, _) = AudiovisualProperties.mpegAudioFrame(Array(data.dropFirst())) {
                result.audioCodec = found.audioCodec
                result.sampleRate = found.sampleRate
                result.channels = found.channels
            }
        case 7: result.audioCodec = "alaw"
        case 8: result.audioCodec = "ulaw"
        case 10:
            result.audioCodec = "mp4a.40"
            // Packet type 0: the AudioSpecificConfig, whose values replace the flags'.
            guard data.byte(1) == 0, data.count >= 4 else { return }
            var bits = BitReader(bytes: data, range: 2..<data.count)
            guard let objectType = bits.read(5), let index = bits.read(4),
                let channels = bits.read(4)
            else { return }
            if objectType > 0, objectType < 31 { result.audioCodec = "mp4a.40.\(objectType)" }
            let aacRates = [
                96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025,
                8000, 7350,
            ]
            result.sampleRate = index < aacRates.count ? aacRates[index] : nil
            result.channels = channels > 0 && channels < 8 ? (channels == 7 ? 8 : channels) : nil
        case 11:
            result.audioCodec = "speex"
            result.sampleRate = 16000
        default:
            result.audioCodec = nil
            result.sampleRate = nil
            result.channels = nil
        }
    }

    // MARK: onMetaData

    /// Reads the `onMetaData` script tag's duration and frame rate; false when the tag is
    /// another.
    private static func metadata(_ data: [UInt8], into result: inout MediaProperties) -> Bool {
        guard data.byte(0) == 2, let length = data.be16(1),
            data.has("onMetaData", at: 3), length == 10
        else { return false }
        var position = 13
        guard let type = data.byte(position), type == 8 || type == 3 else { return true }
        position += type == 8 ? 5 : 1
        var budget = 1024
        while budget > 0, let keyLength = data.be16(position), keyLength > 0 {
            budget -= 1
            let keyStart = position + 2
            guard keyStart + keyLength < data.count else { break }
            let key = String(decoding: data[keyStart..<(keyStart + keyLength)], as: UTF8.self)
            position = keyStart + keyLength
            if data.byte(position) == 0, let bits = data.be64(position + 1) {
                let value = Double(bitPattern: bits)
                if value.isFinite, value > 0, value < 1e9 {
                    if key == "duration" { result.duration = value }
                    if key == "framerate" { result.frameRate = value }
                }
            }
            guard let next = skip(data, position, depth: 0, budget: &budget) else { break }
            position = next
        }
        return true
    }

    /// The offset after the AMF0 value at `position`.
    private static func skip(_ data: [UInt8], _ position: Int, depth: Int, budget: inout Int)
        -> Int?
    {
        guard depth < maximumDepth, budget > 0, let type = data.byte(position) else { return nil }
        budget -= 1
        let body = position + 1
        switch type {
        case 0: return body + 8
        case 1: return body + 1
        case 2: return data.be16(body).map { body + 2 + $0 }
        case 5, 6: return body
        case 11: return body + 10
        case 12: return data.be32(body).map { body + 4 + Int($0) }
        case 10:
            guard let count = data.be32(body) else { return nil }
            var next = body + 4
            for _ in 0..<min(Int(count), 1024) {
                guard let after = skip(data, next, depth: depth + 1, budget: &budget) else {
                    return nil
                }
                next = after
            }
            return next
        case 3, 8:
            var next = type == 8 ? body + 4 : body
            while budget > 0, let keyLength = data.be16(next) {
                if keyLength == 0, data.byte(next + 2) == 9 { return next + 3 }
                guard
                    let after = skip(data, next + 2 + keyLength, depth: depth + 1, budget: &budget)
                else { return nil }
                next = after
            }
            return nil
        default: return nil
        }
    }
}
