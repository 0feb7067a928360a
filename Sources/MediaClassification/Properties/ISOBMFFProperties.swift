/// Reads the properties of an ISO base media file (MP4, MOV, M4A, M4V, 3GP): the movie
/// header's duration, and per track the handler, media header, track header (dimensions,
/// matrix), first sample description and its codec configuration, and the decoding times
/// (for the frame rate).
///
/// The top-level boxes are walked by their headers, so a `moov` after the media data costs a
/// few bounded seeks. Inside `moov` only the boxes read are fetched (``wantedBoxes``, through
/// the containers that hold them); the sample tables of sizes, offsets and sync samples,
/// which grow with the length of the movie, are skipped by their headers.
enum ISOBMFFProperties {
    /// The largest single box read inside `moov` (a sample description, a decoding-time table).
    static let maximumBoxSize = 8 << 20
    /// The most top-level boxes walked before giving up on finding `moov`.
    static let maximumTopLevelBoxes = 256
    /// The most boxes visited inside `moov`.
    static let maximumBoxes = 4096

    /// The containers walked into inside `moov`.
    static let containers: Set<String> = ["trak", "mdia", "minf", "stbl"]
    /// The boxes read inside `moov`.
    static let wantedBoxes: Set<String> = ["mvhd", "tkhd", "mdhd", "hdlr", "stsd", "stts"]

    static func read(_ source: inout PropertySource) -> MediaProperties? {
        guard let moov = findMovie(&source) else { return nil }
        var visited = 0
        guard let sparse = sparseBoxes(&source, moov, visited: &visited) else { return nil }
        var parser = MemoryBoxParser(bytes: sparse)
        return properties(of: &parser)
    }

    /// The range of the content of the first top-level `moov` box.
    private static func findMovie(_ source: inout PropertySource) -> Range<UInt64>? {
        var offset: UInt64 = 0
        for _ in 0..<maximumTopLevelBoxes {
            guard let box = header(&source, at: offset, end: source.fileSize) else { return nil }
            if box.type == "moov" {
                // A truncated moov is refused: its tables would lie.
                return box.isTruncated ? nil : box.content
            }
            offset = box.content.upperBound
        }
        return nil
    }

    /// A box header at `offset` within a parent ending at `end`: its type and content
    /// range; `isTruncated` when its size runs past the parent.
    private static func header(
        _ source: inout PropertySource,
        at offset: UInt64,
        end: UInt64
    ) -> (type: String, content: Range<UInt64>, isTruncated: Bool)? {
        guard offset < end, end - offset >= 8, let bytes = source.small(at: offset, count: 8),
            let size32 = bytes.be32(0), let type = bytes.fourCC(4)
        else { return nil }
        var headerSize: UInt64 = 8
        var size = UInt64(size32)
        if size32 == 1 {
            guard end - offset >= 16, let large = source.small(at: offset + 8, count: 8)?.be64(0)
            else { return nil }
            headerSize = 16
            size = large
        } else if size32 == 0 {
            size = end - offset
        }
        guard size >= headerSize else { return nil }
        let truncated = size > end - offset
        let boxEnd = truncated ? end : offset + size
        return (type, (offset + headerSize)..<boxEnd, truncated)
    }

    /// The wanted boxes of a container's content, and the containers that hold them, written
    /// out again as boxes (32-bit sizes) for the in-memory parser; nil when a wanted box cannot
    /// be read.
    private static func sparseBoxes(
        _ source: inout PropertySource,
        _ range: Range<UInt64>,
        visited: inout Int
    ) -> [UInt8]? {
        var result: [UInt8] = []
        var offset = range.lowerBound
        while offset < range.upperBound, visited < maximumBoxes {
            visited += 1
            guard let box = header(&source, at: offset, end: range.upperBound), !box.isTruncated
            else { break }
            offset = box.content.upperBound
            let content: [UInt8]
            if containers.contains(box.type) {
                guard let inner = sparseBoxes(&source, box.content, visited: &visited) else {
                    return nil
                }
                content = inner
            } else if wantedBoxes.contains(box.type) {
                let count = box.content.upperBound - box.content.lowerBound
                guard count <= UInt64(maximumBoxSize),
                    let bytes = source.bytes(at: box.content.lowerBound, count: Int(count))
                else { return nil }
                content = bytes
            } else {
                continue
            }
            let size = UInt32(8 + content.count)
            result += [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF)]
            result += [UInt8(size & 0xFF)] + Array(box.type.unicodeScalars.map { UInt8($0.value) })
            result += content
        }
        return result
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
            result.transfer = entry?.transfer
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
