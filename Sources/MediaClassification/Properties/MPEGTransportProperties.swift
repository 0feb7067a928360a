/// Reads the properties of an MPEG transport stream (188-byte packets, or 192 with the
/// Blu-ray time code before each): the program map table's stream types (the first program),
/// each stream's first payload header (sequence header or parameter set, audio frame header),
/// and the presentation time stamps of the first PES packets at the head and the last ones
/// in the tail, for the duration.
enum MPEGTransportProperties {
    static func read(_ source: inout PropertySource) -> MediaProperties? {
        guard let (size, start) = TransportStreamTables.layout(source.head) else { return nil }
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
                guard let packet = TransportStreamTables.packet(chunk, at: position) else {
                    continue
                }
                if packet.pid == 0, packet.unitStart, programMap == nil {
                    programMap =
                        TransportStreamTables.programMaps(
                            TransportStreamTables.section(chunk, packet.payload)
                        ).first
                } else if packet.pid == programMap, packet.unitStart, order.isEmpty {
                    for entry in programStreams(
                        TransportStreamTables.section(chunk, packet.payload),
                        bluRay: size == 192
                    )
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
    private static func follow(
        _ stream: inout ElementaryStream,
        _ bytes: [UInt8],
        _ packet: TransportStreamTables.Packet
    ) {
        if packet.unitStart {
            guard
                let (pts, payload) = PESPackets.header(
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
            guard let packet = TransportStreamTables.packet(tail, at: position), packet.unitStart,
                var stream = streams[packet.pid],
                let (pts, _) = PESPackets.header(tail, at: packet.payload.lowerBound),
                let pts
            else { continue }
            stream.lastPTS = pts
            streams[packet.pid] = stream
        }
    }

    /// The audio and video streams of a program map section that the readers follow, in its
    /// order; `bluRay` for the 192-byte packet layout.
    private static func programStreams(_ section: [UInt8], bluRay: Bool)
        -> [(pid: Int, stream: ElementaryStream)]
    {
        TransportStreamTables.entries(section).compactMap { entry in
            stream(TransportStreamTables.content(entry, in: section, bluRay: bluRay))
                .map { (entry.pid, $0) }
        }
    }

    /// The stream the readers follow for an entry's content: the video types whose headers
    /// they read, audio, and private data, whose payload says whether it is audio (as ffmpeg
    /// probes it: Blu-ray muxers put AAC there).
    private static func stream(_ content: TransportStreamTables.Content) -> ElementaryStream? {
        let kinds: [String: StreamHeaders.VideoKind] = [
            "mp1v": .mpeg, "mp2v": .mpeg, "mp4v.20": .mpeg4, "avc1": .h264, "hev1": .hevc,
        ]
        switch content {
        case .video(let codec?):
            guard let kind = kinds[codec] else { return nil }
            return ElementaryStream(isVideo: true, codec: codec, kind: kind)
        case .audio(let codec?): return ElementaryStream(isVideo: false, codec: codec)
        case .audio(nil), .privateData:
            var probed = ElementaryStream(isVideo: false)
            probed.isProbed = true
            return probed
        default: return nil
        }
    }
}
