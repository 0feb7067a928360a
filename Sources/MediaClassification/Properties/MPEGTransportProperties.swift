/// Reads the properties of an MPEG transport stream (188-byte packets, or 192 with the
/// Blu-ray time code before each): the program map table's stream types (the first program),
/// each stream's first payload header (sequence header or parameter set, audio frame header),
/// and the presentation time stamps of the first PES packets at the head and the last ones
/// in the tail, for the duration.
enum MPEGTransportProperties {
    /// The packet size and the offset of the first sync byte, when the first four packets (at
    /// least two, as many as the head holds) start with one.
    static func layout(_ head: [UInt8]) -> (size: Int, start: Int)? {
        for (size, start) in [(188, 0), (192, 4), (204, 0)] {
            let syncs = (0..<4).map { start + $0 * size }.filter { $0 < head.count }
            if syncs.count >= 2, syncs.allSatisfy({ head[$0] == 0x47 }) {
                return (size, start)
            }
        }
        return nil
    }

    /// One packet's fields: its PID, whether a payload unit starts in it, and its payload.
    private struct Packet {
        var pid: Int
        var unitStart: Bool
        var payload: Range<Int>
    }

    private static func packet(_ bytes: [UInt8], at offset: Int) -> Packet? {
        guard offset + 188 <= bytes.count, bytes[offset] == 0x47 else { return nil }
        let pid = Int(bytes[offset + 1] & 0x1F) << 8 | Int(bytes[offset + 2])
        let control = bytes[offset + 3] >> 4 & 0x3
        guard control & 1 != 0 else { return nil }
        var start = offset + 4
        if control & 2 != 0 { start += 1 + Int(bytes[offset + 4]) }
        guard start < offset + 188 else { return nil }
        return Packet(
            pid: pid,
            unitStart: bytes[offset + 1] & 0x40 != 0,
            payload: start..<(offset + 188)
        )
    }

    static func read(_ source: inout PropertySource) -> MediaProperties? {
        guard let (size, start) = layout(source.head) else { return nil }
        var programMap: Int?
        var streams: [Int: ElementaryStream] = [:]
        var order: [Int] = []
        var offset = UInt64(start)
        let step = UInt64(size * 256)
        while offset < UInt64(ElementaryStreams.windowBytes) {
            guard let chunk = source.bytes(at: offset, upTo: Int(step)), chunk.count >= 188 else {
                break
            }
            var position = 0
            while position + 188 <= chunk.count {
                defer { position += size }
                guard let packet = packet(chunk, at: position) else { continue }
                if packet.pid == 0, packet.unitStart, programMap == nil {
                    programMap = firstProgramMap(section(chunk, packet.payload))
                } else if packet.pid == programMap, packet.unitStart, order.isEmpty {
                    for entry in programStreams(section(chunk, packet.payload))
                    where streams[entry.pid] == nil
                        && order.count < ElementaryStreams.maximumStreams
                    {
                        streams[entry.pid] = entry.stream
                        order.append(entry.pid)
                    }
                } else if var stream = streams[packet.pid] {
                    follow(&stream, chunk, packet)
                    streams[packet.pid] = stream
                }
            }
            // `position` is now just past the last whole packet read.
            guard position > 0 else { break }
            offset += UInt64(position)
            let complete = streams.values.allSatisfy { $0.header != nil && $0.firstPTS != nil }
            if !order.isEmpty, complete { break }
        }
        guard !order.isEmpty else { return nil }
        for pid in order {
            guard var stream = streams[pid] else { continue }
            ElementaryStreams.gather(&stream, [], final: true)
            streams[pid] = stream
        }
        readTail(&source, size: size, start: start, into: &streams)
        return ElementaryStreams.properties(order.compactMap { streams[$0] })
    }

    /// Notes a stream's first time stamp and gathers its first payload.
    private static func follow(_ stream: inout ElementaryStream, _ bytes: [UInt8], _ packet: Packet)
    {
        if packet.unitStart {
            guard
                let (pts, payload) = ElementaryStreams.pesHeader(
                    bytes,
                    at: packet.payload.lowerBound
                )
            else { return }
            if stream.firstPTS == nil { stream.firstPTS = pts }
            if stream.hasPayloadStart {
                ElementaryStreams.gather(&stream, [], final: true)
            } else if payload < packet.payload.upperBound {
                stream.hasPayloadStart = true
                ElementaryStreams.gather(&stream, bytes[payload..<packet.payload.upperBound])
            }
        } else if stream.hasPayloadStart {
            ElementaryStreams.gather(&stream, bytes[packet.payload])
        }
    }

    /// The last time stamp of each stream, from the PES packets starting in the file's tail.
    private static func readTail(
        _ source: inout PropertySource,
        size: Int,
        start: Int,
        into streams: inout [Int: ElementaryStream]
    ) {
        let fileSize = source.fileSize
        let window = UInt64(ElementaryStreams.windowBytes)
        var from = fileSize > window ? fileSize - window : 0
        // Keep to the packet grid of the head.
        if from > UInt64(start) { from -= (from - UInt64(start)) % UInt64(size) }
        guard let tail = source.bytes(at: from, upTo: Int(fileSize - from)) else { return }
        var position = from == 0 ? start : 0
        while position + 188 <= tail.count {
            defer { position += size }
            guard let packet = packet(tail, at: position), packet.unitStart,
                var stream = streams[packet.pid],
                let (pts, _) = ElementaryStreams.pesHeader(tail, at: packet.payload.lowerBound),
                let pts
            else { continue }
            stream.lastPTS = pts
            streams[packet.pid] = stream
        }
    }

    /// The PSI section a payload unit starts: after its pointer field, up to its length.
    private static func section(_ bytes: [UInt8], _ payload: Range<Int>) -> [UInt8] {
        guard let pointer = bytes.byte(payload.lowerBound) else { return [] }
        let start = payload.lowerBound + 1 + pointer
        guard start + 3 <= payload.upperBound, let length = bytes.be16(start + 1) else { return [] }
        let end = min(payload.upperBound, start + 3 + (length & 0xFFF))
        return Array(bytes[start..<end])
    }

    /// The PID of the first program's map in a program association section.
    private static func firstProgramMap(_ section: [UInt8]) -> Int? {
        guard section.byte(0) == 0 else { return nil }
        var position = 8
        while position + 4 <= section.count - 4 {
            if let number = section.be16(position), number != 0,
                let pid = section.be16(position + 2)
            {
                return pid & 0x1FFF
            }
            position += 4
        }
        return nil
    }

    /// The audio and video streams of a program map section, in its order.
    private static func programStreams(_ section: [UInt8]) -> [(pid: Int, stream: ElementaryStream)]
    {
        guard section.byte(0) == 2, let infoLength = section.be16(10) else { return [] }
        var result: [(Int, ElementaryStream)] = []
        var position = 12 + (infoLength & 0xFFF)
        while position + 5 <= section.count - 4 {
            guard let type = section.byte(position), let pid = section.be16(position + 1),
                let length = section.be16(position + 3)
            else { break }
            let descriptors = (position + 5)..<min(section.count, position + 5 + (length & 0xFFF))
            if let stream = stream(type, section, descriptors) {
                result.append((pid & 0x1FFF, stream))
            }
            position = descriptors.upperBound
        }
        return result
    }

    /// The stream a PMT stream type (and, for private data, its descriptors) names.
    private static func stream(_ type: Int, _ section: [UInt8], _ descriptors: Range<Int>)
        -> ElementaryStream?
    {
        func video(_ codec: String, _ kind: StreamHeaders.VideoKind) -> ElementaryStream {
            ElementaryStream(isVideo: true, codec: codec, kind: kind)
        }
        func audio(_ codec: String) -> ElementaryStream {
            ElementaryStream(isVideo: false, codec: codec)
        }
        switch type {
        case 0x01: return video("mp1v", .mpeg)
        case 0x02: return video("mp2v", .mpeg)
        case 0x10: return video("mp4v.20", .mpeg4)
        case 0x1B: return video("avc1", .h264)
        case 0x24: return video("hev1", .hevc)
        case 0x03, 0x04: return audio("mp3")
        case 0x0F, 0x11: return audio("mp4a.40")
        case 0x81: return audio("ac-3")
        case 0x87: return audio("ec-3")
        case 0x06:
            var position = descriptors.lowerBound
            while position + 2 <= descriptors.upperBound {
                guard let tag = section.byte(position), let length = section.byte(position + 1)
                else { break }
                if tag == 0x6A { return audio("ac-3") }
                if tag == 0x7A { return audio("ec-3") }
                if tag == 0x05, section.has("AC-3", at: position + 2) { return audio("ac-3") }
                if tag == 0x05, section.has("EAC3", at: position + 2) { return audio("ec-3") }
                // Teletext, subtitles, VBI data: not audio.
                if [0x45, 0x46, 0x56, 0x59].contains(tag) { return nil }
                position += 2 + length
            }
            // Private data the descriptors do not name: audio if its payload says so, as
            // ffmpeg probes it (Blu-ray muxers put AAC here).
            var probed = ElementaryStream(isVideo: false)
            probed.isProbed = true
            return probed
        default: return nil
        }
    }
}
