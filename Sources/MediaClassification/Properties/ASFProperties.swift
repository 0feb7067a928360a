/// Reads the properties of an ASF file (WMV, WMA) from its Header Object: the File Properties
/// Object (play duration less the preroll), and the Stream Properties Objects, at the top level
/// or embedded in the Extended Stream Properties Objects of the Header Extension Object.
///
/// A video stream's type-specific data holds its encoded size and a `BITMAPINFOHEADER`, an
/// audio stream's a `WAVEFORMATEX`; codecs are named as ``MicrosoftCodecs`` says (`wmv2`,
/// `wma2`). An Extended Stream Properties Object's average time per frame gives the frame rate.
enum ASFProperties {
    /// The largest Header Object read; one larger is read in part, without track counts.
    static let maximumHeaderSize = 1 << 20
    /// The most objects visited in the header.
    static let maximumObjects = 4096

    private static let filePropertiesObject: [UInt8] = [
        0xA1, 0xDC, 0xAB, 0x8C, 0x47, 0xA9, 0xCF, 0x11,
        0x8E, 0xE4, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65,
    ]

    static func isHeader(_ head: [UInt8]) -> Bool { head.has(ASFSniffer.headerObject, at: 0) }

    private struct Stream {
        var number: Int
        var isVideo: Bool
        var data: Range<Int>
    }

    static func read(_ source: inout PropertySource) -> MediaProperties? {
        guard let start = source.bytes(at: 0, count: 30), let size = start.le64(16), size >= 30
        else { return nil }
        // Track counts only from a header read whole, every object of which fits.
        var complete = size <= UInt64(maximumHeaderSize) && size <= source.fileSize
        let count = Int(min(size, UInt64(maximumHeaderSize)))
        guard let header = source.bytes(at: 0, upTo: count), header.count >= 30 else { return nil }
        var result = MediaProperties()
        var streams: [Stream] = []
        var frameTimes: [Int: UInt64] = [:]
        var visited = 0
        var pending = [(range: 30..<header.count, topLevel: true)]
        while let (range, topLevel) = pending.popLast() {
            var offset = range.lowerBound
            while offset + 24 <= range.upperBound, visited < maximumObjects {
                visited += 1
                guard let objectSize = header.le64(offset + 16), objectSize >= 24,
                    objectSize <= UInt64(range.upperBound - offset)
                else {
                    complete = false
                    break
                }
                let end = offset + Int(objectSize)
                if header.has(filePropertiesObject, at: offset), objectSize >= 104 {
                    result.duration = playDuration(header, offset)
                } else if header.has(ASFSniffer.streamPropertiesObject, at: offset),
                    let stream = stream(header, offset..<end),
                    !streams.contains(where: { $0.number == stream.number })
                {
                    streams.append(stream)
                } else if topLevel, header.has(ASFSniffer.headerExtensionObject, at: offset),
                    objectSize >= 46
                {
                    pending.append((offset + 46..<end, false))
                } else if !topLevel,
                    header.has(ASFSniffer.extendedStreamPropertiesObject, at: offset),
                    objectSize >= 88, let number = header.le16(offset + 72),
                    let frameTime = header.le64(offset + 76)
                {
                    if frameTime > 0 { frameTimes[number & 0x7F] = frameTime }
                    if let embedded = embeddedStream(header, offset..<end) {
                        pending.append((embedded, false))
                    }
                }
                offset = end
            }
        }
        if visited >= maximumObjects { complete = false }
        let video = streams.filter(\.isVideo)
        let audio = streams.filter { !$0.isVideo }
        if complete {
            result.videoTrackCount = video.count
            result.audioTrackCount = audio.count
        }
        if let first = video.first {
            readVideo(header, first.data, into: &result)
            if let frameTime = frameTimes[first.number] {
                result.frameRate = 1e7 / Double(frameTime)
            }
        }
        if let first = audio.first,
            let format = MicrosoftCodecs.waveFormat(Array(header[first.data]))
        {
            result.audioCodec = format.codec
            result.channels = format.channels
            result.sampleRate = format.sampleRate
            if format.codec == "pcm" { result.audioBitDepth = format.bitDepth }
        }
        return result.isEmpty ? nil : result
    }

    /// The File Properties Object's play duration (100 ns units) less its preroll
    /// (milliseconds), unless its broadcast flag says the durations are not set.
    private static func playDuration(_ header: [UInt8], _ offset: Int) -> Double? {
        guard let play = header.le64(offset + 64), let preroll = header.le64(offset + 80),
            let flags = header.le32(offset + 88), flags & 1 == 0, play > 0
        else { return nil }
        let seconds = Double(play) / 1e7 - Double(preroll) / 1e3
        return seconds > 0 ? seconds : nil
    }

    /// A Stream Properties Object of audio or video: its number and type-specific data.
    private static func stream(_ header: [UInt8], _ range: Range<Int>) -> Stream? {
        let offset = range.lowerBound
        guard range.count >= 78, let length = header.le32(offset + 64),
            let flags = header.le16(offset + 72), UInt64(length) <= UInt64(range.count - 78)
        else { return nil }
        let data = (offset + 78)..<(offset + 78 + Int(length))
        if header.has(ASFSniffer.videoMedia, at: offset + 24) {
            return Stream(number: flags & 0x7F, isVideo: true, data: data)
        }
        if header.has(ASFSniffer.audioMedia, at: offset + 24) {
            return Stream(number: flags & 0x7F, isVideo: false, data: data)
        }
        return nil
    }

    /// The video type-specific data: encoded width and height, a reserved byte, the format
    /// data size, then a `BITMAPINFOHEADER` whose compression code names the codec.
    private static func readVideo(
        _ header: [UInt8],
        _ data: Range<Int>,
        into result: inout MediaProperties
    ) {
        let start = data.lowerBound
        guard data.count >= 11 + 20, let width = header.le32(start),
            let height = header.le32(start + 4)
        else { return }
        if width > 0, height > 0, width < 1 << 16, height < 1 << 16 {
            result.pixelWidth = Int(width)
            result.pixelHeight = Int(height)
        }
        let code = Array(header[(start + 11 + 16)..<(start + 11 + 20)])
        result.videoCodec = MicrosoftCodecs.video(code).codec
    }

    /// The Stream Properties Object at the end of an Extended Stream Properties Object, after
    /// its stream names and payload extension systems.
    private static func embeddedStream(_ header: [UInt8], _ range: Range<Int>) -> Range<Int>? {
        guard let names = header.le16(range.lowerBound + 84),
            let systems = header.le16(range.lowerBound + 86)
        else { return nil }
        var position = range.lowerBound + 88
        for _ in 0..<names {
            guard let length = header.le16(position + 2) else { return nil }
            position += 4 + length
        }
        for _ in 0..<systems {
            guard let length = header.le32(position + 18), length < 1 << 20 else { return nil }
            position += 22 + Int(length)
        }
        guard position + 24 <= range.upperBound else { return nil }
        return position..<range.upperBound
    }
}
