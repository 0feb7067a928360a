/// Sniffs MXF files (SMPTE ST 377-1) by their header partition pack, whose batch of essence
/// container labels says what the body carries: an MXF file whose containers are all sound
/// (an Avid OP-Atom audio file, broadcast WAV wrapped in MXF) is audio, not a movie.
package enum MXFSniffer {
    /// A partition pack's key up to its kind: `06 0E 2B 34 02 05 01 01 0D 01 02 01 01`, then
    /// the kind (02 for the header partition), its status (01 to 04) and a zero.
    static let partitionKey: [UInt8] = [
        0x06, 0x0E, 0x2B, 0x34, 0x02, 0x05, 0x01, 0x01, 0x0D, 0x01, 0x02, 0x01, 0x01,
    ]
    /// The essence container labels' common part (SMPTE RP 224): a label (`04`), registry
    /// version (any), then `0D 01 03 01 02`; byte 13 names the mapping.
    static let containerPrefix: [UInt8] = [0x06, 0x0E, 0x2B, 0x34, 0x04, 0x01, 0x01]
    static let containerPath: [UInt8] = [0x0D, 0x01, 0x03, 0x01, 0x02]
    /// The most essence container labels read.
    static let maximumContainers = 64
    /// The fixed fields of a partition pack before its batch of labels (ST 377-1, 7.1).
    static let fixedFields = 88

    /// Classifies a file that opens with an MXF header partition pack.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: MXF, or MXF audio when every essence container the pack lists is sound;
    ///   `nil` when the pack's fields do not hold together (signatures then decide).
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard MediaBytes.matches(head, 0, partitionKey), head.count > 17, head[13] == 0x02,
            (1...4).contains(head[14]), head[15] == 0,
            let (length, start, _) = ByteFields.berLength(head, at: 16, maximumBytes: 8),
            length >= fixedFields, length <= 1 << 20, start + Int(length) <= head.count,
            MediaBytes.u16be(head, start) == 1,
            let count = MediaBytes.u32be(head, start + 80),
            MediaBytes.u32be(head, start + 84) == 16, count <= maximumContainers,
            fixedFields + Int(count) * 16 <= Int(length)
        else { return nil }
        var census = StreamCensus()
        for index in 0..<Int(count) {
            let label = start + fixedFields + index * 16
            census.count(kind(head, label))
        }
        let containers = "\(count) essence container label\(count == 1 ? "" : "s")"
        if census.isAudioOnly {
            return SniffResult(
                "org.smpte.mxf-audio",
                detail: "MXF header partition pack, \(containers), all sound"
            )
        }
        return SniffResult("org.smpte.mxf", detail: "MXF header partition pack, \(containers)")
    }

    /// What an essence container label's mapping carries (SMPTE RP 224's registry).
    private static func kind(_ head: [UInt8], _ offset: Int) -> StreamCensus.Kind {
        guard MediaBytes.matches(head, offset, containerPrefix),
            MediaBytes.matches(head, offset + 8, containerPath)
        else { return .unknown }
        let mapping = head[offset + 13]
        let stream = head[offset + 14]
        switch mapping {
        // D-10, DV-DIF, D-11, uncompressed pictures, JPEG 2000, AVC, VC-3, VC-1, VC-2, ProRes.
        case 0x01, 0x02, 0x03, 0x05, 0x0C, 0x10, 0x11, 0x12, 0x15, 0x1C: return .video
        // Broadcast WAV and AES3, A-law.
        case 0x06, 0x0A: return .audio
        // MPEG elementary streams and PES: the stream id, 0x60 up video, 0x40 up audio.
        case 0x04, 0x07:
            if (0x60...0x6F).contains(stream) { return .video }
            return (0x40...0x5F).contains(stream) ? .audio : .unknown
        // Timed text; the generic container's "multiple wrappings", which names no kind.
        case 0x13, 0x7F: return .neither
        default: return .unknown
        }
    }
}
