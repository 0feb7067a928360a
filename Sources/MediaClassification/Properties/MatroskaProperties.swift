/// Reads the properties of a Matroska or WebM file: the Segment's Info (timestamp scale,
/// duration) and Tracks (type, codec ID and private data, default duration, video size,
/// audio rate and channels), found before the first Cluster or through the SeekHead.
enum MatroskaProperties {
    /// The largest Info or Tracks element read.
    static let maximumElementSize = 1 << 20
    /// The most elements visited in memory.
    static let maximumElements = 4096

    private static let segmentID: UInt64 = 0x1853_8067
    private static let seekHeadID: UInt64 = 0x114D_9B74
    private static let infoID: UInt64 = 0x1549_A966
    private static let tracksID: UInt64 = 0x1654_AE6B
    private static let clusterID: UInt64 = 0x1F43_B675

    static func read(_ source: inout PropertySource) -> MediaProperties? {
        guard let header = element(&source, at: 0), header.size != nil,
            let headerEnd = header.end
        else { return nil }
        var offset = headerEnd
        var segment: (start: UInt64, end: UInt64)?
        for _ in 0..<8 {
            guard let next = element(&source, at: offset) else { return nil }
            if next.id == segmentID {
                segment = (
                    next.dataStart, next.end.map { min($0, source.fileSize) } ?? source.fileSize
                )
                break
            }
            guard let end = next.end else { return nil }
            offset = end
        }
        guard let segment else { return nil }
        var info: [UInt8]?
        var tracks: [UInt8]?
        var seeks: [UInt64: UInt64] = [:]
        offset = segment.start
        for _ in 0..<64 where info == nil || tracks == nil {
            guard offset < segment.end, let child = element(&source, at: offset) else { break }
            if child.id == clusterID { break }
            guard let size = child.size, let end = child.end, end <= segment.end else { break }
            switch child.id {
            case infoID: info = content(&source, child.dataStart, size)
            case tracksID: tracks = content(&source, child.dataStart, size)
            case seekHeadID:
                if let bytes = content(&source, child.dataStart, size) {
                    seeks = seekPositions(bytes)
                }
            default: break
            }
            offset = end
        }
        for (id, position) in seeks
        where (id == infoID && info == nil) || (id == tracksID && tracks == nil) {
            let (at, overflow) = segment.start.addingReportingOverflow(position)
            guard !overflow, at < segment.end, let found = element(&source, at: at), found.id == id,
                let size = found.size
            else { continue }
            if id == infoID { info = content(&source, found.dataStart, size) }
            if id == tracksID { tracks = content(&source, found.dataStart, size) }
        }
        guard info != nil || tracks != nil else { return nil }
        var result = MediaProperties()
        if let info { readInfo(info, into: &result) }
        if let tracks { readTracks(tracks, into: &result) }
        return result.isEmpty ? nil : result
    }

    private static func content(_ source: inout PropertySource, _ start: UInt64, _ size: UInt64)
        -> [UInt8]?
    {
        guard size <= UInt64(maximumElementSize) else { return nil }
        return source.bytes(at: start, count: Int(size))
    }

    // MARK: Elements

    struct Element {
        var id: UInt64
        var dataStart: UInt64
        /// nil for an unknown size.
        var size: UInt64?
        var end: UInt64? { size.map { dataStart &+ $0 } }
    }

    /// A variable-length integer at `offset` of `bytes`: its value (with the length marker
    /// removed unless `keepMarker`) and its length.
    static func vint(_ bytes: [UInt8], _ offset: Int, keepMarker: Bool) -> (UInt64, Int, Bool)? {
        guard offset >= 0, offset < bytes.count, bytes[offset] != 0 else { return nil }
        let first = bytes[offset]
        let length = first.leadingZeroBitCount + 1
        guard length <= 8, offset + length <= bytes.count else { return nil }
        var value = UInt64(keepMarker ? first : first & (0xFF >> length))
        var allOnes = value == UInt64(0xFF >> length)
        for index in 1..<length {
            let byte = bytes[offset + index]
            value = value << 8 | UInt64(byte)
            allOnes = allOnes && byte == 0xFF
        }
        return (value, length, allOnes)
    }

    private static func element(_ source: inout PropertySource, at offset: UInt64) -> Element? {
        guard let bytes = source.bytes(at: offset, upTo: 12),
            let (id, idLength, _) = vint(bytes, 0, keepMarker: true),
            let (size, sizeLength, unknown) = vint(bytes, idLength, keepMarker: false)
        else { return nil }
        return Element(
            id: id,
            dataStart: offset + UInt64(idLength + sizeLength),
            size: unknown ? nil : size
        )
    }

    /// The children of an element held in memory, each as its ID and data range.
    static func children(_ bytes: [UInt8], _ range: Range<Int>, budget: inout Int) -> [(
        UInt64, Range<Int>
    )] {
        var result: [(UInt64, Range<Int>)] = []
        var offset = range.lowerBound
        while offset < range.upperBound, budget > 0 {
            budget -= 1
            guard let (id, idLength, _) = vint(bytes, offset, keepMarker: true),
                let (size, sizeLength, unknown) = vint(bytes, offset + idLength, keepMarker: false),
                !unknown
            else { break }
            let start = offset + idLength + sizeLength
            guard start <= range.upperBound, size <= UInt64(range.upperBound - start) else {
                break
            }
            let end = start + Int(size)
            result.append((id, start..<end))
            offset = end
        }
        return result
    }

    private static func unsigned(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64? {
        guard (1...8).contains(range.count) else { return nil }
        return bytes[range].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private static func float(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        if range.count == 4, let bits = bytes.be32(range.lowerBound) {
            return Double(Float(bitPattern: bits))
        }
        if range.count == 8, let bits = bytes.be64(range.lowerBound) {
            return Double(bitPattern: bits)
        }
        return nil
    }

    private static func seekPositions(_ bytes: [UInt8]) -> [UInt64: UInt64] {
        var budget = maximumElements
        var result: [UInt64: UInt64] = [:]
        for (id, range) in children(bytes, 0..<bytes.count, budget: &budget) where id == 0x4DBB {
            var target: UInt64?
            var position: UInt64?
            for (child, value) in children(bytes, range, budget: &budget) {
                if child == 0x53AB { target = unsigned(bytes, value) }
                if child == 0x53AC { position = unsigned(bytes, value) }
            }
            if let target, let position, result[target] == nil { result[target] = position }
        }
        return result
    }

    // MARK: Info and Tracks

    private static func readInfo(_ bytes: [UInt8], into result: inout MediaProperties) {
        var budget = maximumElements
        var scale: UInt64 = 1_000_000
        var duration: Double?
        for (id, range) in children(bytes, 0..<bytes.count, budget: &budget) {
            if id == 0x2A_D7B1, let value = unsigned(bytes, range), value > 0 { scale = value }
            if id == 0x4489 { duration = float(bytes, range) }
        }
        if let duration, duration.isFinite, duration > 0 {
            let seconds = duration * Double(scale) / 1e9
            if seconds.isFinite { result.duration = seconds }
        }
    }

    private struct Track {
        var type: UInt64?
        var codecID: String?
        var codecPrivate: Range<Int>?
        var defaultDuration: UInt64?
        var width: Int?
        var height: Int?
        var sampleRate: Double?
        var channels: Int?
        var bitDepth: Int?
        var transfer: Int?
    }

    private static func readTracks(_ bytes: [UInt8], into result: inout MediaProperties) {
        var budget = maximumElements
        var tracks: [Track] = []
        for (id, range) in children(bytes, 0..<bytes.count, budget: &budget) where id == 0xAE {
            var track = Track()
            for (child, value) in children(bytes, range, budget: &budget) {
                switch child {
                case 0x83: track.type = unsigned(bytes, value)
                case 0x86:
                    track.codecID = String(decoding: bytes[value].prefix { $0 != 0 }, as: UTF8.self)
                case 0x63A2: track.codecPrivate = value
                case 0x23_E383: track.defaultDuration = unsigned(bytes, value)
                case 0xE0:
                    for (field, data) in children(bytes, value, budget: &budget) {
                        if field == 0xB0 { track.width = unsigned(bytes, data).flatMap(positive) }
                        if field == 0xBA { track.height = unsigned(bytes, data).flatMap(positive) }
                        if field == 0x55B0 {
                            for (colour, value) in children(bytes, data, budget: &budget)
                            where colour == 0x55BA {
                                track.transfer = unsigned(bytes, value).flatMap(positive)
                            }
                        }
                    }
                case 0xE1:
                    for (field, data) in children(bytes, value, budget: &budget) {
                        if field == 0xB5 { track.sampleRate = float(bytes, data) }
                        if field == 0x9F {
                            track.channels = unsigned(bytes, data).flatMap(positive)
                        }
                        if field == 0x6264 {
                            track.bitDepth = unsigned(bytes, data).flatMap(positive)
                        }
                    }
                default: break
                }
            }
            tracks.append(track)
        }
        let video = tracks.filter { $0.type == 1 }
        let audio = tracks.filter { $0.type == 2 }
        result.videoTrackCount = video.count
        result.audioTrackCount = audio.count
        if let first = video.first {
            result.pixelWidth = first.width
            result.pixelHeight = first.height
            result.videoCodec = videoCodec(first, bytes)
            result.transfer = first.transfer.flatMap(StreamHeaders.transfer)
            if let nanoseconds = first.defaultDuration, nanoseconds > 0 {
                result.frameRate = 1e9 / Double(nanoseconds)
            }
        }
        if let first = audio.first {
            result.audioCodec = audioCodec(first, bytes)
            result.channels = first.channels
            if let rate = first.sampleRate, rate.isFinite, rate >= 1, rate < 1e7 {
                result.sampleRate = Int(rate)
            }
            if result.audioCodec == "pcm" || result.audioCodec == "flac" {
                result.audioBitDepth = first.bitDepth
            }
        }
    }

    private static func positive(_ value: UInt64) -> Int? {
        value > 0 && value < UInt64(Int32.max) ? Int(value) : nil
    }

    private static func videoCodec(_ track: Track, _ bytes: [UInt8]) -> String? {
        guard let codecID = track.codecID else { return nil }
        switch codecID {
        case "V_MPEG4/ISO/AVC":
            return track.codecPrivate.flatMap { CodecString.avc("avc1", bytes, $0) } ?? "avc1"
        case "V_MPEGH/ISO/HEVC":
            return track.codecPrivate.flatMap { CodecString.hevc("hvc1", bytes, $0) } ?? "hvc1"
        case "V_AV1":
            return track.codecPrivate.flatMap { CodecString.av1(bytes, $0) } ?? "av01"
        case "V_VP8": return "vp8"
        case "V_VP9": return "vp9"
        case "V_THEORA": return "theora"
        default: return codecID
        }
    }

    private static func audioCodec(_ track: Track, _ bytes: [UInt8]) -> String? {
        guard let codecID = track.codecID else { return nil }
        switch codecID {
        case "A_OPUS": return "opus"
        case "A_VORBIS": return "vorbis"
        case "A_FLAC": return "flac"
        case "A_AC3": return "ac-3"
        case "A_EAC3": return "ec-3"
        case "A_MPEG/L3": return "mp3"
        case "A_MPEG/L2": return "mp2"
        case "A_ALAC": return "alac"
        case "A_AAC":
            // CodecPrivate is the AudioSpecificConfig: its first five bits, the object type.
            if let range = track.codecPrivate, let first = bytes.byte(range.lowerBound) {
                let objectType = first >> 3
                if objectType > 0, objectType < 31 { return "mp4a.40.\(objectType)" }
            }
            return "mp4a.40"
        default:
            if codecID.hasPrefix("A_PCM/") { return "pcm" }
            if codecID.hasPrefix("A_AAC/") { return "mp4a.40" }
            return codecID
        }
    }
}
