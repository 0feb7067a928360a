/// Reads the properties of an MPEG program stream (MPEG-1 system stream, MPEG-2 PS, VOB):
/// the PES packets of the head, walked pack by pack, give the streams (video `E0`–`EF`, MPEG
/// audio `C0`–`DF`, AC-3, DTS and LPCM in private stream 1) and their first payload headers;
/// the first time stamps there and the last ones in the tail give the duration.
enum MPEGProgramProperties {
    static func read(_ source: inout PropertySource) -> MediaProperties? {
        let window = ElementaryStreams.windowBytes
        guard let head = source.bytes(at: 0, upTo: window) else { return nil }
        var streams: [Int: ElementaryStream] = [:]
        var order: [Int] = []
        ProgramStreamPackets.walk(head, from: 0) { key, pts, payload in
            if streams[key] == nil, order.count < ElementaryStreams.maximumStreams,
                let stream = stream(key)
            {
                streams[key] = stream
                order.append(key)
            }
            guard var stream = streams[key] else { return }
            if stream.firstPTS == nil { stream.firstPTS = pts }
            ElementaryStreams.gather(&stream, payload)
            streams[key] = stream
        }
        guard !order.isEmpty else { return nil }
        let fileSize = source.fileSize
        let tailStart = fileSize > UInt64(window) ? fileSize - UInt64(window) : 0
        if let tail = source.bytes(at: tailStart, upTo: window),
            let first = ProgramStreamPackets.firstPack(tail)
        {
            ProgramStreamPackets.walk(tail, from: first) { key, pts, _ in
                if let pts { streams[key]?.lastPTS = pts }
            }
        }
        let found = order.compactMap { key -> ElementaryStream? in
            guard var stream = streams[key] else { return nil }
            ElementaryStreams.gather(&stream, [], final: true)
            return stream
        }
        return ElementaryStreams.properties(found)
    }

    /// The stream a key names: video, MPEG audio, or an audio sub-stream of private stream 1.
    private static func stream(_ key: Int) -> ElementaryStream? {
        let id = key >> 8
        let sub = key & 0xFF
        if (0xE0...0xEF).contains(id) { return ElementaryStream(isVideo: true) }
        if (0xC0...0xDF).contains(id) { return ElementaryStream(isVideo: false, codec: "mp2") }
        guard id == 0xBD else { return nil }
        switch sub {
        case 0x80...0x87: return ElementaryStream(isVideo: false, codec: "ac-3")
        case 0x88...0x8F: return ElementaryStream(isVideo: false, codec: "dts")
        case 0xA0...0xA7: return ElementaryStream(isVideo: false, codec: "pcm")
        default: return nil
        }
    }
}
