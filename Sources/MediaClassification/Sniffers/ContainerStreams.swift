/// What a container's own tables say about the streams it carries, read from the head: enough
/// to tell a file that carries only sound from a movie, as the track lists of MPEG-4 and
/// Matroska tell it.
///
/// A stream whose kind the reader cannot name (private data, a stream type it does not know)
/// is counted apart and keeps the file a movie: only a census with audio, no video and nothing
/// unknown is audio only. Where the container has a table (a transport stream's program
/// maps) the counts are streams; where it has none (a program stream, FLV) they are packets.
struct StreamCensus {
    var audio = 0
    var video = 0
    var unknown = 0

    /// What one stream (or packet, or tag) is.
    enum Kind {
        case audio, video
        /// Neither sound nor picture: subtitles, metadata, tables, padding.
        case neither
        /// A kind the container does not name.
        case unknown
    }

    /// True when the container carries audio, and no video or stream of unknown kind.
    var isAudioOnly: Bool { audio > 0 && video == 0 && unknown == 0 }

    /// Counts one stream of `kind`.
    mutating func count(_ kind: Kind) {
        switch kind {
        case .audio: audio += 1
        case .video: video += 1
        case .unknown: unknown += 1
        case .neither: break
        }
    }
}

/// The program-specific tables of an MPEG transport stream (ISO/IEC 13818-1, 2.4.4): the
/// program association table on PID 0 names each program's map, and a program map lists its
/// elementary streams by stream type and descriptors.
enum TransportStreamTables {
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
    struct Packet {
        var pid: Int
        var unitStart: Bool
        var payload: Range<Int>
    }

    static func packet(_ bytes: [UInt8], at offset: Int) -> Packet? {
        guard offset >= 0, offset + 188 <= bytes.count, bytes[offset] == 0x47 else { return nil }
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

    /// The PSI section a payload unit starts: after its pointer field, up to its length (or
    /// the payload's end, when the section goes on in later packets).
    static func section(_ bytes: [UInt8], _ payload: Range<Int>) -> [UInt8] {
        guard let pointer = bytes.byte(payload.lowerBound) else { return [] }
        let start = payload.lowerBound + 1 + pointer
        guard start + 3 <= payload.upperBound, let length = bytes.be16(start + 1) else { return [] }
        let end = min(payload.upperBound, start + 3 + (length & 0xFFF))
        return Array(bytes[start..<end])
    }

    /// True when a section holds all the bytes its length field announces.
    static func isComplete(_ section: [UInt8]) -> Bool {
        guard let length = section.be16(1) else { return false }
        return section.count == 3 + (length & 0xFFF)
    }

    /// The PIDs of the program maps a program association section lists, in its order
    /// (program 0, the network information PID, is not a program).
    static func programMaps(_ section: [UInt8]) -> [Int] {
        guard section.byte(0) == 0 else { return [] }
        var maps: [Int] = []
        var position = 8
        while position + 4 <= section.count - 4 {
            if let number = section.be16(position), number != 0,
                let pid = section.be16(position + 2)
            {
                maps.append(pid & 0x1FFF)
            }
            position += 4
        }
        return maps
    }

    /// One elementary stream of a program map: its stream type, PID and descriptors' range.
    struct Entry {
        var type: Int
        var pid: Int
        var descriptors: Range<Int>
    }

    /// The elementary streams a program map section lists, in its order.
    static func entries(_ section: [UInt8]) -> [Entry] {
        guard section.byte(0) == 2, let infoLength = section.be16(10) else { return [] }
        var result: [Entry] = []
        var position = 12 + (infoLength & 0xFFF)
        while position + 5 <= section.count - 4 {
            guard let type = section.byte(position), let pid = section.be16(position + 1),
                let length = section.be16(position + 3)
            else { break }
            let descriptors = (position + 5)..<min(section.count, position + 5 + (length & 0xFFF))
            result.append(Entry(type: type, pid: pid & 0x1FFF, descriptors: descriptors))
            position = descriptors.upperBound
        }
        return result
    }

    /// What a program map entry carries.
    enum Content: Equatable {
        /// Video, with the codec string of a type the properties readers follow, else `nil`.
        case video(String?)
        /// Audio, with the codec string of a type the properties readers follow, else `nil`.
        case audio(String?)
        /// Private data (type 0x06) that no descriptor names: audio only if its payload is.
        case privateData
        /// Subtitles, teletext, metadata, tables: neither sound nor picture.
        case data
        /// A type this reader does not know.
        case unknown

        /// The kind a census counts: private data no descriptor names is of unknown kind.
        var kind: StreamCensus.Kind {
            switch self {
            case .video: .video
            case .audio: .audio
            case .data: .neither
            case .privateData, .unknown: .unknown
            }
        }
    }

    /// What an entry's stream type (and, for private data, its descriptors) names.
    ///
    /// The types from 0x80 up are user private: Blu-ray (192-byte packets, or an `HDMV`
    /// registration) gives 0x80–0x86 and 0xA1–0xA2 to audio, where ATSC uses 0x80 for video
    /// and 0x86 for splice cues, so they are audio only in the Blu-ray layout.
    static func content(_ entry: Entry, in section: [UInt8], bluRay: Bool) -> Content {
        switch entry.type {
        case 0x01: return .video("mp1v")
        case 0x02: return .video("mp2v")
        case 0x10: return .video("mp4v.20")
        case 0x1B: return .video("avc1")
        case 0x24: return .video("hev1")
        case 0x1E, 0x1F, 0x20, 0x21, 0x23, 0x25, 0x28, 0x29, 0x32, 0x33, 0x42, 0xD1, 0xD2, 0xEA:
            return .video(nil)
        case 0x03, 0x04: return .audio("mp3")
        case 0x0F, 0x11: return .audio("mp4a.40")
        case 0x1C, 0x2D, 0x2E: return .audio(nil)
        case 0x81: return .audio("ac-3")
        case 0x87: return .audio("ec-3")
        case 0x80, 0x82, 0x83, 0x84, 0x85, 0x86, 0xA1, 0xA2:
            if bluRay { return .audio(nil) }
            return entry.type == 0x86 ? .data : .unknown
        case 0x05, 0x0A, 0x0B, 0x0C, 0x0D, 0x13, 0x14, 0x15, 0x16, 0x90, 0x91, 0x92:
            return .data
        case 0x06: return privateContent(entry.descriptors, in: section)
        default: return .unknown
        }
    }

    /// What the descriptors of a private data stream name.
    private static func privateContent(_ descriptors: Range<Int>, in section: [UInt8]) -> Content {
        var position = descriptors.lowerBound
        while position + 2 <= descriptors.upperBound {
            guard let tag = section.byte(position), let length = section.byte(position + 1)
            else { break }
            switch tag {
            case 0x6A: return .audio("ac-3")
            case 0x7A: return .audio("ec-3")
            case 0x7B, 0x7C: return .audio(nil)
            // Teletext, subtitles, VBI data.
            case 0x45, 0x46, 0x56, 0x59: return .data
            case 0x05:
                if section.has("AC-3", at: position + 2) { return .audio("ac-3") }
                if section.has("EAC3", at: position + 2) { return .audio("ec-3") }
                for code in ["DTS1", "DTS2", "DTS3", "Opus", "BSSD"]
                where section.has(code, at: position + 2) {
                    return .audio(nil)
                }
                if section.has("ID3 ", at: position + 2) { return .data }
            default: break
            }
            position += 2 + length
        }
        return .privateData
    }

    /// The kinds of the streams of every program, when the head holds the association table
    /// and each program's whole map; `nil` otherwise.
    static func census(_ head: [UInt8]) -> StreamCensus? {
        guard let (size, start) = layout(head) else { return nil }
        var maps: Set<Int>?
        var read: Set<Int> = []
        var census = StreamCensus()
        var position = start
        while position + 188 <= head.count {
            defer { position += size }
            guard let packet = packet(head, at: position), packet.unitStart else { continue }
            if packet.pid == 0, maps == nil {
                let table = section(head, packet.payload)
                guard isComplete(table) else { continue }
                let found = Set(programMaps(table))
                guard !found.isEmpty, found.count <= 64 else { return nil }
                maps = found
            } else if let maps, maps.contains(packet.pid), !read.contains(packet.pid) {
                let table = section(head, packet.payload)
                guard table.byte(0) == 2, isComplete(table) else { continue }
                read.insert(packet.pid)
                let bluRay = size == 192 || table.has("HDMV", at: 14)
                for entry in entries(table) {
                    census.count(content(entry, in: table, bluRay: bluRay).kind)
                }
                if read.count == maps.count { return census }
            }
        }
        return nil
    }
}

/// The packets of an MPEG program stream (MPEG-1 system stream, MPEG-2 PS, VOB), walked pack
/// by pack from the pack headers (ISO/IEC 13818-1, 2.5.3).
enum ProgramStreamPackets {
    /// The most packets visited in one walk.
    static let maximumPackets = 8192

    /// The offset of the first pack header in `bytes` whose marker bits are right.
    static func firstPack(_ bytes: [UInt8]) -> Int? {
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
    static func packLength(_ bytes: [UInt8], _ offset: Int) -> Int? {
        guard let marker = bytes.byte(offset + 4) else { return nil }
        if marker & 0xC0 == 0x40, let stuffing = bytes.byte(offset + 13) {
            return 14 + (stuffing & 0x07)
        }
        return marker & 0xF0 == 0x20 ? 12 : nil
    }

    /// Walks the packs and packets from `start`, calling `body` with each packet's stream key
    /// (its id times 256, plus the sub-stream id for private stream 1), and for elementary
    /// stream packets their time stamp and payload (other packets give `nil` and no bytes).
    ///
    /// - Returns: True when the walk ran to the end of the bytes (or to the packet limit);
    ///   false when a byte that starts no packet stopped it.
    @discardableResult
    static func walk(
        _ bytes: [UInt8],
        from start: Int,
        _ body: (Int, UInt64?, ArraySlice<UInt8>) -> Void
    ) -> Bool {
        var offset = start
        var visited = 0
        while offset + 6 <= bytes.count, visited < maximumPackets {
            visited += 1
            guard bytes.has([0, 0, 1], at: offset), let id = bytes.byte(offset + 3) else {
                return false
            }
            if id == 0xBA {
                guard let length = packLength(bytes, offset) else { return false }
                offset += length
                continue
            }
            guard id != 0xB9, id >= 0xBB, let length = bytes.be16(offset + 4) else {
                return id == 0xB9
            }
            let end = min(bytes.count, offset + 6 + length)
            defer { offset += 6 + length }
            guard (0xC0...0xEF).contains(id) || id == 0xBD else {
                body(id << 8, nil, [])
                continue
            }
            guard let (pts, payload) = PESPackets.header(bytes, at: offset),
                payload < end
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
        return true
    }

    /// The kinds of the packets in the head, when the walk from its first pack reads it to
    /// its end (or to the end of the file); `nil` when something else stops it.
    static func census(_ head: [UInt8]) -> StreamCensus? {
        var census = StreamCensus()
        let complete = walk(head, from: 0) { key, _, _ in
            let id = key >> 8
            let sub = key & 0xFF
            switch id {
            case 0xE0...0xEF: census.video += 1
            case 0xC0...0xDF: census.audio += 1
            case 0xBD:
                switch sub {
                // AC-3, DTS, LPCM, E-AC-3/TrueHD of DVD and HD DVD.
                case 0x80...0x8F, 0xA0...0xAF, 0xC0...0xCF: census.audio += 1
                // Sub-pictures.
                case 0x20...0x3F: break
                default: census.unknown += 1
                }
            // System header, stream map, padding, private stream 2 (DVD navigation), ECM,
            // EMM, DSM-CC, H.222.1 type E, directory.
            case 0xBB, 0xBC, 0xBE, 0xBF, 0xF0, 0xF1, 0xF2, 0xF8, 0xFF: break
            default: census.unknown += 1
            }
        }
        return complete ? census : nil
    }
}

/// The header fields of the packetised elementary stream packets that program and transport
/// streams carry (ISO/IEC 13818-1, 2.4.3.6; MPEG-1's layout, ISO/IEC 11172-1, 2.4.3.3).
enum PESPackets {
    /// A 33-bit time stamp in the five-byte PES layout (marker bits between its parts).
    static func timestamp(_ bytes: [UInt8], _ offset: Int) -> UInt64? {
        guard offset >= 0, offset + 5 <= bytes.count else { return nil }
        let high = UInt64(bytes[offset] >> 1 & 0x07)
        let middle = UInt64(bytes[offset + 1]) << 7 | UInt64(bytes[offset + 2] >> 1)
        let low = UInt64(bytes[offset + 3]) << 7 | UInt64(bytes[offset + 4] >> 1)
        return high << 30 | middle << 15 | low
    }

    /// A PES packet header at `offset` (`00 00 01`, stream id, length, then the MPEG-2 or
    /// MPEG-1 header fields): its presentation time stamp and where its payload starts.
    static func header(_ bytes: [UInt8], at offset: Int) -> (pts: UInt64?, payload: Int)? {
        guard bytes.has([0, 0, 1], at: offset), let id = bytes.byte(offset + 3), id >= 0xBC
        else { return nil }
        if [0xBC, 0xBE, 0xBF, 0xF0, 0xF1, 0xF2, 0xF8, 0xFF].contains(id) {
            return (nil, offset + 6)
        }
        guard let first = bytes.byte(offset + 6) else { return nil }
        if first & 0xC0 == 0x80 {
            guard let flags = bytes.byte(offset + 7), let length = bytes.byte(offset + 8) else {
                return nil
            }
            let pts = flags & 0x80 != 0 ? timestamp(bytes, offset + 9) : nil
            return (pts, offset + 9 + length)
        }
        // MPEG-1: stuffing, an optional buffer size, then the time stamps or 0x0F.
        var position = offset + 6
        for _ in 0..<16 where bytes.byte(position) == 0xFF { position += 1 }
        if let byte = bytes.byte(position), byte & 0xC0 == 0x40 { position += 2 }
        guard let marker = bytes.byte(position) else { return nil }
        switch marker >> 4 {
        case 2: return (timestamp(bytes, position), position + 5)
        case 3: return (timestamp(bytes, position), position + 10)
        default: return marker == 0x0F ? (nil, position + 1) : nil
        }
    }
}

/// The chunks of a RIFF file's lists, and the streams an AVI's header list declares.
enum RIFFChunks {
    /// The most chunks visited, counted over every walk that shares a `visited` count.
    static let maximumChunks = 512

    /// Calls `body` with the identifier (a list's type for `LIST`) and content range of each
    /// chunk in `range`, stopping at a chunk that runs past it.
    static func walk(
        _ bytes: [UInt8],
        _ range: Range<Int>,
        visited: inout Int,
        _ body: (String, Range<Int>) -> Void
    ) {
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, visited < maximumChunks {
            visited += 1
            guard let id = bytes.fourCC(offset), let size = bytes.le32(offset + 4),
                UInt64(size) <= UInt64(range.upperBound - offset - 8)
            else { return }
            let end = offset + 8 + Int(size)
            if id == "LIST", size >= 4, let listType = bytes.fourCC(offset + 8) {
                body(listType, (offset + 12)..<end)
            } else {
                body(id, (offset + 8)..<end)
            }
            offset = end + (end & 1)
        }
    }

    /// The kinds of the streams an AVI's `hdrl` list declares in its `strh` headers (`vids`
    /// and DV's `iavs` video, `auds` and `mids` audio, `txts` text), when the head holds the
    /// whole list; `nil` otherwise.
    static func aviCensus(_ head: [UInt8]) -> StreamCensus? {
        var visited = 0
        var header: Range<Int>?
        walk(head, 12..<head.count, visited: &visited) { id, content in
            if id == "hdrl", header == nil { header = content }
        }
        guard let header else { return nil }
        // Each chunk is 8 bytes at least, so the walks stay within the head's size.
        var census = StreamCensus()
        var lists = 0
        walk(head, header, visited: &lists) { id, content in
            guard id == "strl" else { return }
            var found = false
            var chunks = 0
            walk(head, content, visited: &chunks) { id, content in
                guard id == "strh", !found, content.count >= 4 else { return }
                found = true
                switch head.fourCC(content.lowerBound) {
                case "vids", "iavs": census.video += 1
                case "auds", "mids": census.audio += 1
                case "txts": break
                default: census.unknown += 1
                }
            }
            if !found { census.unknown += 1 }
        }
        return census
    }
}
