/// Sniffs MPEG system streams (transport streams with 188- and 192-byte packets, program
/// streams) and raw H.264 and H.265 Annex-B elementary streams.
package enum MPEGStreamSniffer {
    /// The most transport packets checked.
    static let maximumPackets = 8
    /// The fewest transport packets that must agree.
    static let minimumPackets = 3
    /// The most NAL units looked at in the head.
    static let maximumNALUnits = 64

    /// Classifies an MPEG transport stream by sync bytes at a fixed packet stride.
    ///
    /// A stream whose program maps, all in the head, list audio and no video (nor a stream
    /// of unknown kind) carries only sound: an HLS audio segment, a radio service.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: A transport stream (188-byte packets), an M2TS stream (192-byte packets
    ///   with a 4-byte time code prefix), either as audio when it carries only audio, or
    ///   `nil`.
    package static func sniffTransportStream(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        let found: SniffResult
        if let packets = syncedPackets(head, prefix: 0, stride: 188) {
            found = SniffResult(
                "public.mpeg-2-transport-stream",
                detail: "sync byte 0x47 every 188 bytes for \(packets) packets"
            )
        } else if let packets = syncedPackets(head, prefix: 4, stride: 192) {
            found = SniffResult(
                "public.avchd-mpeg-2-transport-stream",
                detail: "sync byte 0x47 every 192 bytes after a 4-byte prefix, \(packets) packets"
            )
        } else {
            return nil
        }
        guard let census = TransportStreamTables.census(head), census.isAudioOnly else {
            return found
        }
        return SniffResult(
            "org.iso.mpeg-2-transport-stream-audio",
            detail: "\(found.detail); program maps list \(census.audio) audio and no video streams"
        )
    }

    /// The number of packets that open with the sync byte at the stride, when their headers
    /// also read as a stream's.
    ///
    /// A packet's adaptation-field control must not be the reserved 00, and the continuity
    /// counters must count: each packet with a payload carries its PID's previous counter
    /// plus one (modulo 16), or repeats it once (ISO/IEC 13818-1, 2.4.3.3). Text with a `G`
    /// every 188 bytes (a DNA sequence of period 4) repeats one header, so its counters stand
    /// still; more than one such break in the packets read is not a stream.
    private static func syncedPackets(_ head: [UInt8], prefix: Int, stride: Int) -> Int? {
        let available = (head.count - prefix) / stride
        let packets = min(maximumPackets, available)
        guard packets >= minimumPackets else { return nil }
        var counters: [(pid: Int, counter: UInt8, repeated: Bool)] = []
        var breaks = 0
        for index in 0..<packets {
            let position = prefix + index * stride
            let control = (head[position + 3] >> 4) & 0x03
            // Sync byte, and adaptation_field_control 00 is reserved.
            guard head[position] == 0x47, control != 0 else { return nil }
            let pid = Int(head[position + 1] & 0x1F) << 8 | Int(head[position + 2])
            // Null packets' counters are undefined; without a payload a counter stays.
            guard pid != 0x1FFF, control & 0x01 != 0 else { continue }
            let counter = head[position + 3] & 0x0F
            guard let known = counters.firstIndex(where: { $0.pid == pid }) else {
                counters.append((pid, counter, false))
                continue
            }
            let previous = counters[known]
            if counter == (previous.counter + 1) & 0x0F {
                counters[known] = (pid, counter, false)
            } else if counter == previous.counter, !previous.repeated {
                counters[known].repeated = true
            } else {
                breaks += 1
                counters[known] = (pid, counter, false)
            }
        }
        return breaks <= 1 ? packets : nil
    }

    /// Classifies an MPEG program stream by its pack header and the start code after it.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: MPEG (program stream) for a valid MPEG-1 or MPEG-2 pack header, or `nil`.
    package static func sniffProgramStream(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard MediaBytes.matches(head, 0, [0x00, 0x00, 0x01, 0xBA]), head.count >= 16 else {
            return nil
        }
        let next: Int
        let version: Int
        if head[4] & 0xC0 == 0x40 {
            guard head[4] & 0x04 != 0, head[6] & 0x04 != 0, head[8] & 0x04 != 0,
                head[9] & 0x01 != 0, head[12] & 0x03 == 0x03
            else { return nil }
            next = 14 + Int(head[13] & 0x07)
            version = 2
        } else if head[4] & 0xF0 == 0x20 {
            guard head[4] & 0x01 != 0, head[6] & 0x01 != 0, head[8] & 0x01 != 0,
                head[9] & 0x80 != 0, head[11] & 0x01 != 0
            else { return nil }
            next = 12
            version = 1
        } else {
            return nil
        }
        guard MediaBytes.matches(head, next, [0x00, 0x00, 0x01]),
            let streamID = MediaBytes.u8(head, next + 3), streamID >= 0xB9
        else { return nil }
        let detail = "MPEG-\(version) pack header, then start code 0x\(String(streamID, radix: 16))"
        // The packets of the head name their streams: only audio ones make an audio stream
        // (MPEG-1 system streams of a radio recording, DVD audio), if the walk reads it all.
        if let census = ProgramStreamPackets.census(head), census.isAudioOnly {
            return SniffResult(
                "org.iso.mpeg-program-stream-audio",
                detail: "\(detail); \(census.audio) audio packets and no video packet"
            )
        }
        return SniffResult("public.mpeg", detail: detail)
    }

    /// Classifies an MPEG-1 or MPEG-2 video elementary stream by its sequence header.
    ///
    /// The header's fields must be sane (a non-zero size, an aspect ratio and frame rate code
    /// the standard defines, a non-zero bit rate, the marker bit set), and the start code after
    /// it (past any quantiser matrices it loads) tells the version: a sequence extension makes
    /// it MPEG-2; a GOP, picture or user-data start code MPEG-1.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: MPEG-1 or MPEG-2 video, or `nil`.
    package static func sniffVideoElementary(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard MediaBytes.matches(head, 0, [0x00, 0x00, 0x01, 0xB3]), head.count >= 12 else {
            return nil
        }
        let width = Int(head[4]) << 4 | Int(head[5] >> 4)
        let height = Int(head[5] & 0x0F) << 8 | Int(head[6])
        let aspect = head[7] >> 4
        let frameRate = head[7] & 0x0F
        let bitRate = Int(head[8]) << 10 | Int(head[9]) << 2 | Int(head[10] >> 6)
        guard width > 0, height > 0, (1...14).contains(aspect), (1...8).contains(frameRate),
            bitRate > 0, head[10] & 0x20 != 0
        else { return nil }
        var end = 12
        var loadsNonIntra = head[11] & 0x01 != 0
        if head[11] & 0x02 != 0 {
            // The intra matrix's 64 bytes start at bit 0 of byte 11: the next flag moves too.
            end += 64
            guard head.count >= end else { return nil }
            loadsNonIntra = head[end - 1] & 0x01 != 0
        }
        if loadsNonIntra { end += 64 }
        // Zero bytes may stuff the stream before the next start code.
        var next = end
        while next < min(head.count, end + 64), head[next] == 0,
            !MediaBytes.matches(head, next, [0x00, 0x00, 0x01])
        {
            next += 1
        }
        guard MediaBytes.matches(head, next, [0x00, 0x00, 0x01]), next + 4 < head.count else {
            return nil
        }
        let code = head[next + 3]
        let size = "\(width)x\(height)"
        if code == 0xB5, head[next + 4] >> 4 == 1 {
            guard aspect <= 4 else { return nil }
            return SniffResult(
                "public.mpeg-2-video",
                detail: "MPEG sequence header \(size), then a sequence extension (MPEG-2)"
            )
        }
        guard code == 0xB8 || code == 0x00 || code == 0xB2 else { return nil }
        return SniffResult(
            "org.iso.mpeg-1-video",
            detail: "MPEG sequence header \(size), no sequence extension (MPEG-1)"
        )
    }

    /// The fewest H.263 picture start codes, all of one picture format, in the head.
    static let minimumH263Pictures = 3

    /// Classifies a raw H.263 stream (ITU-T H.263, 5.1) by its pictures' headers.
    ///
    /// Each picture opens with a byte-aligned start code of 22 bits (`00 00 8`, then two bits
    /// of the temporal reference), then the type's marker bits (1, then 0) and a source
    /// format (sub-QCIF to 16CIF, or the extended type). The stream must open with one, and
    /// ``minimumH263Pictures`` pictures in the head (or every picture of a shorter file)
    /// must name the same format, as a camera's or an encoder's stream does.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: An H.263 stream, or `nil`.
    package static func sniffH263(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        func format(at index: Int) -> UInt8? {
            guard index + 5 <= head.count, head[index] == 0, head[index + 1] == 0,
                head[index + 2] & 0xFC == 0x80, head[index + 3] & 0x03 == 0x02
            else { return nil }
            let format = head[index + 4] >> 2 & 0x07
            return (1...5).contains(format) || format == 7 ? format : nil
        }
        guard let first = format(at: 0) else { return nil }
        var pictures = 1
        var index = 5
        while index + 5 <= head.count, pictures < minimumH263Pictures {
            // Any other 00 00 8x in a picture's data would be a start code: emulation of one
            // is what the stuffing rules prevent, so a mismatch is no H.263.
            if head[index] == 0, head[index + 1] == 0, head[index + 2] & 0xFC == 0x80 {
                guard format(at: index) == first else { return nil }
                pictures += 1
            }
            index += 1
        }
        guard pictures >= minimumH263Pictures || UInt64(head.count) == input.fileSize,
            pictures >= 2
        else { return nil }
        let names = [1: "sub-QCIF", 2: "QCIF", 3: "CIF", 4: "4CIF", 5: "16CIF", 7: "extended"]
        return SniffResult(
            "org.itu.h263-stream",
            detail: "H.263 picture start codes, \(pictures) \(names[Int(first)] ?? "") pictures"
        )
    }

    /// Classifies a raw H.264 or H.265 Annex-B elementary stream by its first NAL units.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: An H.264 stream when it starts with an access unit delimiter or SPS and
    ///   holds an SPS, a PPS and a slice; an H.265 stream likewise with a VPS; else `nil`.
    package static func sniffAnnexB(_ input: SniffInput) -> SniffResult? {
        let units = nalUnitStarts(input.head)
        guard units.count >= 3 else { return nil }
        if let result = h264(units, input.head) { return result }
        return h265(units, input.head)
    }

    /// The positions of the first bytes after each start code in `head`.
    private static func nalUnitStarts(_ head: [UInt8]) -> [Int] {
        var starts: [Int] = []
        var index = 0
        // The stream must start with a start code (00 00 01 or 00 00 00 01).
        if MediaBytes.matches(head, 0, [0x00, 0x00, 0x00, 0x01]) {
            index = 4
        } else if MediaBytes.matches(head, 0, [0x00, 0x00, 0x01]) {
            index = 3
        } else {
            return []
        }
        starts.append(index)
        while index + 3 < head.count, starts.count < maximumNALUnits {
            if head[index] == 0, head[index + 1] == 0, head[index + 2] == 1 {
                starts.append(index + 3)
                index += 3
            } else {
                index += 1
            }
        }
        return starts.filter { $0 + 1 < head.count }
    }

    private static let h264Profiles: Set<UInt8> = [
        66, 77, 88, 100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135,
    ]

    private static func h264(_ units: [Int], _ head: [UInt8]) -> SniffResult? {
        var types: [UInt8] = []
        for start in units {
            let header = head[start]
            guard header & 0x80 == 0 else { return nil }
            let type = header & 0x1F
            guard type != 0, type <= 21 else { return nil }
            let referenceIDC = header >> 5
            if type == 7 || type == 8 {
                guard referenceIDC != 0 else { return nil }
            }
            if type == 7 {
                guard h264Profiles.contains(head[start + 1]) else { return nil }
            }
            types.append(type)
            if type == 1 || type == 5 { break }
        }
        guard let first = types.first, first == 7 || first == 9,
            let sps = types.firstIndex(of: 7), let pps = types.firstIndex(of: 8),
            let slice = types.firstIndex(where: { $0 == 1 || $0 == 5 }),
            sps < slice, pps < slice
        else { return nil }
        return SniffResult(
            "org.itu.h264-stream",
            detail: "Annex-B NAL units " + describe(types)
        )
    }

    private static func h265(_ units: [Int], _ head: [UInt8]) -> SniffResult? {
        var types: [UInt8] = []
        for start in units {
            let first = head[start]
            let second = head[start + 1]
            guard first & 0x80 == 0, second & 0x07 != 0 else { return nil }
            let type = (first >> 1) & 0x3F
            guard type <= 40 else { return nil }
            types.append(type)
            if type <= 21 { break }
        }
        guard let first = types.first, first == 32 || first == 35,
            let vps = types.firstIndex(of: 32), let sps = types.firstIndex(of: 33),
            let pps = types.firstIndex(of: 34),
            let slice = types.firstIndex(where: { $0 <= 21 }),
            vps < slice, sps < slice, pps < slice
        else { return nil }
        return SniffResult(
            "org.itu.hevc-stream",
            detail: "Annex-B HEVC NAL units " + describe(types)
        )
    }

    private static func describe(_ types: [UInt8]) -> String {
        types.prefix(6).map { String($0) }.joined(separator: ",")
    }
}
