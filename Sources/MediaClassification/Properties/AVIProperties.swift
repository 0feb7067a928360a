/// Reads the properties of a RIFF AVI file from its `hdrl` list: the main header (`avih`),
/// and per stream its header (`strh`: type, handler, rate, length) and format (`strf`: a
/// `BITMAPINFOHEADER` or a `WAVEFORMATEX`).
///
/// Each stream's length is its `strh` length in its own time base (`dwScale / dwRate`); the
/// duration is the longest. An H.264 or HEVC stream's profile and level come from the
/// sequence parameter set of its first chunk in `movi`.
enum AVIProperties {
    /// The largest `hdrl` list read.
    static let maximumHeaderSize = 1 << 20
    /// The most chunks visited, in `hdrl` and at the top level.
    static let maximumChunks = 512
    /// The bytes of the first video chunk read for its parameter sets.
    static let firstChunkBytes = 1 << 16

    private struct Stream {
        var type: String
        var handler: [UInt8]
        var scale: UInt32
        var rate: UInt32
        var length: UInt32
        var format: [UInt8]
    }

    static func read(_ source: inout PropertySource) -> MediaProperties? {
        var offset: UInt64 = 12
        var header: [UInt8]?
        var movi: UInt64?
        for _ in 0..<maximumChunks where header == nil || movi == nil {
            guard let chunk = source.bytes(at: offset, count: 12), let size = chunk.le32(4) else {
                break
            }
            if chunk.has("LIST", at: 0), chunk.has("hdrl", at: 8), header == nil {
                guard size >= 4, Int(size) - 4 <= maximumHeaderSize,
                    let bytes = source.bytes(at: offset + 12, upTo: Int(size) - 4)
                else { return nil }
                header = bytes
            } else if chunk.has("LIST", at: 0), chunk.has("movi", at: 8) {
                movi = offset + 12
            }
            offset += 8 + UInt64(size) + UInt64(size & 1)
        }
        guard let header else { return nil }
        var result = MediaProperties()
        var streams: [Stream] = []
        var mainFrameTime: UInt32?
        var mainFrames: UInt32?
        var mainSize: (Int, Int)?
        var visited = 0
        RIFFChunks.walk(header, 0..<header.count, visited: &visited) { id, content in
            switch id {
            case "avih" where content.count >= 40:
                mainFrameTime = header.le32(content.lowerBound)
                mainFrames = header.le32(content.lowerBound + 16)
                if let width = header.le32(content.lowerBound + 32),
                    let height = header.le32(content.lowerBound + 36), width > 0, height > 0,
                    width < 1 << 16, height < 1 << 16
                {
                    mainSize = (Int(width), Int(height))
                }
            case "strl":
                if let stream = stream(header, content) {
                    streams.append(stream)
                }
            default: break
            }
        }
        guard !streams.isEmpty || mainSize != nil else { return nil }
        let video = streams.filter { $0.type == "vids" }
        let audio = streams.filter { $0.type == "auds" }
        result.videoTrackCount = video.count
        result.audioTrackCount = audio.count
        if let first = video.first {
            readVideo(first, index: streams.firstIndex { $0.type == "vids" } ?? 0, movi, &source)
                .apply(to: &result)
            if result.pixelWidth == nil, let mainSize {
                (result.pixelWidth, result.pixelHeight) = mainSize
            }
            if first.scale > 0, first.rate > 0 {
                result.frameRate = Double(first.rate) / Double(first.scale)
            } else if let mainFrameTime, mainFrameTime > 0 {
                result.frameRate = 1e6 / Double(mainFrameTime)
            }
        }
        if let first = audio.first, let format = MicrosoftCodecs.waveFormat(first.format) {
            result.audioCodec = format.codec
            result.channels = format.channels
            result.sampleRate = format.sampleRate
            if format.codec == "pcm" { result.audioBitDepth = format.bitDepth }
        }
        let lengths = streams.compactMap { stream -> Double? in
            guard stream.scale > 0, stream.rate > 0, stream.length > 0,
                stream.length != .max
            else { return nil }
            return Double(stream.length) * Double(stream.scale) / Double(stream.rate)
        }
        if let longest = lengths.max() {
            result.duration = longest
        } else if let mainFrameTime, let mainFrames, mainFrameTime > 0, mainFrames > 0 {
            result.duration = Double(mainFrames) * Double(mainFrameTime) / 1e6
        }
        return result.isEmpty ? nil : result
    }

    private static func stream(_ bytes: [UInt8], _ range: Range<Int>) -> Stream? {
        var visited = 0
        var found: Stream?
        var format: [UInt8] = []
        RIFFChunks.walk(bytes, range, visited: &visited) { id, content in
            if id == "strh", content.count >= 36, found == nil,
                let type = bytes.fourCC(content.lowerBound),
                let scale = bytes.le32(content.lowerBound + 20),
                let rate = bytes.le32(content.lowerBound + 24),
                let length = bytes.le32(content.lowerBound + 32)
            {
                let handler = Array(bytes[(content.lowerBound + 4)..<(content.lowerBound + 8)])
                found = Stream(
                    type: type,
                    handler: handler,
                    scale: scale,
                    rate: rate,
                    length: length,
                    format: []
                )
            } else if id == "strf", format.isEmpty {
                format = Array(bytes[content])
            }
        }
        found?.format = format
        return found
    }

    /// A video stream's size and codec from its `BITMAPINFOHEADER`, refined by the parameter
    /// sets of its first chunk for H.264 and HEVC.
    private static func readVideo(
        _ stream: Stream,
        index: Int,
        _ movi: UInt64?,
        _ source: inout PropertySource
    ) -> StreamHeader {
        var header = StreamHeader()
        let format = stream.format
        if let width = format.le32(4), let height = format.le32(8) {
            let magnitude = Int32(bitPattern: height).magnitude
            if width > 0, width < 1 << 16, magnitude > 0, magnitude < 1 << 16 {
                header.width = Int(width)
                header.height = Int(magnitude)
            }
        }
        var (codec, kind) = MicrosoftCodecs.video(Array(format.dropFirst(16).prefix(4)))
        if codec == nil { (codec, kind) = MicrosoftCodecs.video(stream.handler) }
        header.codec = codec
        if let kind, let movi, index < 100, let chunk = firstChunk(index, movi, &source),
            let found = StreamHeaders.video(chunk, expecting: kind)
        {
            header.codec = found.codec ?? codec
            header.transfer = found.transfer
            header.bitDepth = found.bitDepth
        }
        return header
    }

    /// The data of stream `index`'s first chunk in `movi` (`NNdc` or `NNdb`), from the first
    /// ``firstChunkBytes`` of the list.
    private static func firstChunk(_ index: Int, _ movi: UInt64, _ source: inout PropertySource)
        -> [UInt8]?
    {
        guard let bytes = source.bytes(at: movi, upTo: firstChunkBytes) else { return nil }
        let digits = Array((index < 10 ? "0\(index)" : "\(index)").utf8)
        var offset = 0
        var visited = 0
        while offset + 8 <= bytes.count, visited < maximumChunks {
            visited += 1
            guard let size = bytes.le32(offset + 4) else { return nil }
            if bytes.has(digits, at: offset),
                bytes.has("dc", at: offset + 2)
                    || bytes.has("db", at: offset + 2)
            {
                let end = min(bytes.count, offset + 8 + Int(min(size, UInt32(firstChunkBytes))))
                return Array(bytes[(offset + 8)..<end])
            }
            if bytes.has("LIST", at: offset) {
                offset += 12  // walk into a `rec ` list
                continue
            }
            let next = UInt64(offset) + 8 + UInt64(size) + UInt64(size & 1)
            guard next <= UInt64(bytes.count) else { return nil }
            offset = Int(next)
        }
        return nil
    }
}

extension StreamHeader {
    /// Sets the video properties this header states.
    func apply(to result: inout MediaProperties) {
        if let width, let height {
            result.pixelWidth = width
            result.pixelHeight = height
        }
        if let codec { result.videoCodec = codec }
        if let frameRate, frameRate.isFinite, frameRate > 0 { result.frameRate = frameRate }
        if let bitDepth { result.bitDepth = bitDepth }
        if let transfer { result.transfer = transfer }
    }
}
