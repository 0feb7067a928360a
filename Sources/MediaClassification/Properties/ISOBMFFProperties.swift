/// Reads the properties of an ISO base media file (MP4, MOV, M4A, M4V, 3GP): the movie
/// header's duration, and per track the handler, media header, track header (dimensions,
/// matrix), first sample description and its codec configuration, and the decoding times
/// (for the frame rate).
///
/// The top-level boxes are walked by their headers, so a `moov` after the media data costs a
/// few bounded seeks; the `moov` itself is read whole, up to ``maximumMovieSize``.
enum ISOBMFFProperties {
    /// The largest `moov` read.
    static let maximumMovieSize = 8 << 20
    /// The most top-level boxes walked before giving up on finding `moov`.
    static let maximumTopLevelBoxes = 256
    /// The most boxes visited inside `moov`.
    static let maximumBoxes = 4096

    static func read(_ source: inout PropertySource) -> MediaProperties? {
        guard let moov = findMovie(&source) else { return nil }
        var parser = MemoryBoxParser(bytes: moov)
        return properties(of: &parser)
    }

    /// The content of the first top-level `moov` box.
    private static func findMovie(_ source: inout PropertySource) -> [UInt8]? {
        var offset: UInt64 = 0
        for _ in 0..<maximumTopLevelBoxes {
            guard offset < source.fileSize, source.fileSize - offset >= 8,
                let header = source.bytes(at: offset, count: 8),
                let size32 = header.be32(0), let type = header.fourCC(4)
            else { return nil }
            var headerSize: UInt64 = 8
            var size = UInt64(size32)
            if size32 == 1 {
                guard let large = source.bytes(at: offset + 8, count: 8)?.be64(0) else {
                    return nil
                }
                headerSize = 16
                size = large
            } else if size32 == 0 {
                size = source.fileSize - offset
            }
            guard size >= headerSize else { return nil }
            if type == "moov" {
                // A truncated moov is refused: its tables would lie.
                guard size <= source.fileSize - offset,
                    size - headerSize <= UInt64(maximumMovieSize)
                else { return nil }
                return source.bytes(at: offset + headerSize, count: Int(size - headerSize))
            }
            let (next, overflow) = offset.addingReportingOverflow(size)
            guard !overflow else { return nil }
            offset = next
        }
        return nil
    }

    private struct Track {
        var handler: String?
        var timescale: UInt64?
        var duration: UInt64?
        var width: Int?
        var height: Int?
        var rotation: Int?
        var sampleEntry: SampleEntry?
        var sampleCount: UInt64?
    }

    private static func properties(of parser: inout MemoryBoxParser) -> MediaProperties? {
        let top = parser.children(0..<parser.bytes.count)
        var result = MediaProperties()
        var tracks: [Track] = []
        for box in top {
            switch box.type {
            case "mvhd":
                if let (timescale, duration) = timing(parser.bytes, box.content),
                    let seconds = seconds(duration, timescale)
                {
                    result.duration = seconds
                }
            case "trak":
                tracks.append(track(box, &parser))
            default: break
            }
        }
        guard !tracks.isEmpty || result.duration != nil else { return nil }
        let video = tracks.filter { $0.handler == "vide" }
        let audio = tracks.filter { $0.handler == "soun" }
        result.videoTrackCount = video.count
        result.audioTrackCount = audio.count
        if result.duration == nil {
            result.duration = tracks.compactMap { track in
                track.duration.flatMap { seconds($0, track.timescale ?? 0) }
            }.max()
        }
        if let first = video.first {
            let entry = first.sampleEntry
            result.pixelWidth = entry?.width ?? first.width
            result.pixelHeight = entry?.height ?? first.height
            result.rotation = first.rotation
            result.videoCodec = entry?.codec
            result.bitDepth = entry?.bitDepth
            if let count = first.sampleCount, count > 0, let duration = first.duration,
                let seconds = seconds(duration, first.timescale ?? 0), seconds > 0
            {
                result.frameRate = Double(count) / seconds
            }
        }
        if let first = audio.first, let entry = first.sampleEntry {
            result.audioCodec = entry.codec
            result.channels = entry.channels
            result.sampleRate = entry.sampleRate
            result.audioBitDepth = entry.bitDepth
        }
        return result
    }

    private static func seconds(_ duration: UInt64, _ timescale: UInt64) -> Double? {
        guard timescale > 0 else { return nil }
        return Double(duration) / Double(timescale)
    }

    /// The timescale and duration of an `mvhd` or `mdhd` box; a duration of all ones means
    /// unknown.
    private static func timing(_ bytes: [UInt8], _ content: Range<Int>) -> (UInt64, UInt64)? {
        let start = content.lowerBound
        guard let version = bytes.byte(start) else { return nil }
        if version == 1 {
            guard content.count >= 32, let timescale = bytes.be32(start + 20),
                let duration = bytes.be64(start + 24), duration != .max
            else { return nil }
            return (UInt64(timescale), duration)
        }
        guard content.count >= 20, let timescale = bytes.be32(start + 12),
            let duration = bytes.be32(start + 16), duration != .max
        else { return nil }
        return (UInt64(timescale), UInt64(duration))
    }

    private static func track(_ trak: MemoryBox, _ parser: inout MemoryBoxParser) -> Track {
        var track = Track()
        let bytes = parser.bytes
        for box in parser.children(trak.content) {
            if box.type == "tkhd" {
                readTrackHeader(bytes, box.content, into: &track)
            } else if box.type == "mdia" {
                for child in parser.children(box.content) {
                    switch child.type {
                    case "mdhd":
                        if let (timescale, duration) = timing(bytes, child.content) {
                            track.timescale = timescale
                            track.duration = duration
                        }
                    case "hdlr" where child.content.count >= 12:
                        track.handler = bytes.fourCC(child.content.lowerBound + 8)
                    case "minf":
                        readSampleTable(child, &parser, into: &track)
                    default: break
                    }
                }
            }
        }
        return track
    }

    private static func readTrackHeader(
        _ bytes: [UInt8],
        _ content: Range<Int>,
        into track: inout Track
    ) {
        guard let version = bytes.byte(content.lowerBound) else { return }
        let matrix = content.lowerBound + (version == 1 ? 52 : 40)
        guard matrix + 44 <= content.upperBound,
            let a = bytes.be32(matrix), let b = bytes.be32(matrix + 4),
            let c = bytes.be32(matrix + 12), let d = bytes.be32(matrix + 16),
            let width = bytes.be32(matrix + 36), let height = bytes.be32(matrix + 40)
        else { return }
        track.rotation = rotation(
            a: Int32(bitPattern: a),
            b: Int32(bitPattern: b),
            c: Int32(bitPattern: c),
            d: Int32(bitPattern: d)
        )
        // 16.16 fixed point; a zero size (audio tracks) states nothing.
        if width >> 16 > 0, height >> 16 > 0 {
            track.width = Int(width >> 16)
            track.height = Int(height >> 16)
        }
    }

    /// The clockwise quarter turn a track matrix applies, or nil for a matrix that is not a
    /// pure rotation (a mirror, a shear, a scale of zero).
    static func rotation(a: Int32, b: Int32, c: Int32, d: Int32) -> Int? {
        func sign(_ value: Int32) -> Int { value > 0 ? 1 : value < 0 ? -1 : 0 }
        switch (sign(a), sign(b), sign(c), sign(d)) {
        case (1, 0, 0, 1): return 0
        case (0, 1, -1, 0): return 90
        case (-1, 0, 0, -1): return 180
        case (0, -1, 1, 0): return 270
        default: return nil
        }
    }

    private static func readSampleTable(
        _ minf: MemoryBox,
        _ parser: inout MemoryBoxParser,
        into track: inout Track
    ) {
        let bytes = parser.bytes
        for stbl in parser.children(minf.content) where stbl.type == "stbl" {
            for box in parser.children(stbl.content) {
                switch box.type {
                case "stsd":
                    // Full box header, entry count, then the first entry.
                    let first = box.content.lowerBound + 8
                    guard first < box.content.upperBound,
                        let entry = parser.children(first..<box.content.upperBound).first
                    else { continue }
                    if track.handler == "vide" {
                        track.sampleEntry = SampleEntry.visual(entry, &parser)
                    } else if track.handler == "soun" {
                        track.sampleEntry = SampleEntry.audio(entry, &parser)
                    }
                case "stts":
                    track.sampleCount = sampleCount(bytes, box.content)
                default: break
                }
            }
        }
    }

    /// The number of samples the decoding-time table lists.
    private static func sampleCount(_ bytes: [UInt8], _ content: Range<Int>) -> UInt64? {
        let start = content.lowerBound
        guard content.count >= 8, let entries = bytes.be32(start + 4),
            UInt64(entries) * 8 <= UInt64(content.count - 8)
        else { return nil }
        var total: UInt64 = 0
        for index in 0..<Int(entries) {
            guard let count = bytes.be32(start + 8 + index * 8) else { return nil }
            total += UInt64(count)
        }
        return total
    }
}

/// One box inside bytes held in memory.
struct MemoryBox {
    var type: String
    var content: Range<Int>
}

/// Walks boxes in memory, with a cap on the number visited.
struct MemoryBoxParser {
    let bytes: [UInt8]
    private var visited = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The boxes in `range`, stopping at the first malformed header; a box whose size runs
    /// past the range ends the list.
    mutating func children(_ range: Range<Int>) -> [MemoryBox] {
        var result: [MemoryBox] = []
        var offset = range.lowerBound
        while offset <= range.upperBound - 8, visited < ISOBMFFProperties.maximumBoxes {
            visited += 1
            guard let size32 = bytes.be32(offset), let type = bytes.fourCC(offset + 4) else {
                break
            }
            var headerSize = 8
            var size: UInt64 = UInt64(size32)
            if size32 == 1 {
                guard let large = bytes.be64(offset + 8) else { break }
                headerSize = 16
                size = large
            } else if size32 == 0 {
                size = UInt64(range.upperBound - offset)
            }
            guard size >= UInt64(headerSize), size <= UInt64(range.upperBound - offset) else {
                break
            }
            let end = offset + Int(size)
            result.append(MemoryBox(type: type, content: (offset + headerSize)..<end))
            offset = end
        }
        return result
    }
}
