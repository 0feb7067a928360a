/// Reads the properties of an MPEG program stream (MPEG-1 system stream, MPEG-2 PS, VOB):
/// the PES packets of the head, walked pack by pack, give the streams (video `E0`–`EF`, MPEG
/// audio `C0`–`DF`, AC-3, DTS and LPCM in private stream 1) and their first payload headers;
/// the first time stamps there and the last ones in the tail give the duration.
enum MPEGProgramProperties {
    /// The most packets visited in one window.
    static let maximumPackets = 8192

    static func read(_ source: inout PropertySource) -> MediaProperties? {
        let window = ElementaryStreams.windowBytes
        guard let head = source.bytes(at: 0, upTo: window) else { return nil }
        var streams: [Int: ElementaryStream] = [:]
        var order: [Int] = []
        walk(head, from: 0) { key, pts, payload in
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
            let first = firstPack(tail)
        {
            walk(tail, from: first) { key, pts, _ in
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

    /// The offset of the first pack header in `bytes` whose marker bits are right.
    private static func firstPack(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while index + 14 <= bytes.count {
            if bytes.has([0, 0, 1, 0xBA], at: index), packLength(bytes, index) != nil {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The length of the pack header at `offset`: 14 bytes and its stuffing for MPEG-2, 12
    /// for MPEG-1.
    private static func packLength(_ bytes: [UInt8], _ offset: Int) -> Int? {
        guard let marker = bytes.byte(offset + 4) else { return nil }
        if marker & 0xC0 == 0x40, let stuffing = bytes.byte(offset + 13) {
            return 14 + (stuffing & 0x07)
        }
        return marker & 0xF0 == 0x20 ? 12 : nil
    }

    /// Walks the packs and packets from `start`, calling `body` with each elementary stream
    /// packet's stream key (its id, times 256 plus the sub-stream id for private stream 1),
    /// time stamp and payload; a byte that starts no packet ends the walk.
    private static func walk(
        _ bytes: [UInt8],
        from start: Int,
        _ body: (Int, UInt64?, ArraySlice<UInt8>) -> Void
    ) {
        var offset = start
        var visited = 0
        while offset + 6 <= bytes.count, visited < maximumPackets {
            visited += 1
            guard bytes.has([0, 0, 1], at: offset), let id = bytes.byte(offset + 3) else { return }
            if id == 0xBA {
                guard let length = packLength(bytes, offset) else { return }
                offset += length
                continue
            }
            guard id != 0xB9, id >= 0xBB, let length = bytes.be16(offset + 4) else { return }
            let end = min(bytes.count, offset + 6 + length)
            defer { offset += 6 + length }
            guard (0xC0...0xEF).contains(id) || id == 0xBD,
                let (pts, payload) = ElementaryStreams.pesHeader(bytes, at: offset), payload < end
            else { continue }
            if id == 0xBD {
                let sub = Int(bytes[payload])
                // AC-3, DTS and LPCM carry a frame count and an access unit pointer (and LPCM
                // its own header) before the frames.
                let skip = (0x80...0x8F).contains(sub) ? 4 : (0xA0...0xA7).contains(sub) ? 7 : 1
                body(id << 8 | sub, pts, bytes[min(end, payload + skip)..<end])
            } else {
                body(id << 8, pts, bytes[payload..<end])
            }
        }
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
