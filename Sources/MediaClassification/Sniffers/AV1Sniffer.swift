/// Sniffs AV1 bitstreams in the low-overhead format (AV1 Bitstream and Decoding Process
/// Specification, section 5: a sequence of OBUs, each with its size), as `aomenc --obu` and
/// ffmpeg's `obu` muxer write them.
///
/// A temporal unit starts with a temporal delimiter OBU (`12 00`); the stream must go on with
/// a sequence header OBU whose profile is valid, and then an OBU of a type that follows a
/// sequence header. Those first bytes also read as a TGA header (an 18-byte image ID, no
/// colour map, run-length true colour), which is why the OBUs are followed, not matched.
enum AV1Sniffer {
    /// OBU types (section 6.2.2).
    private enum OBUType {
        static let sequenceHeader = 1
        static let temporalDelimiter = 2
        /// Frame header, tile group, metadata, frame, redundant frame header, padding.
        static let afterSequenceHeader: Set<Int> = [3, 4, 5, 6, 7, 15]
    }

    /// Classifies an AV1 OBU stream from the head.
    ///
    /// - Parameter head: The file's first bytes.
    /// - Returns: An AV1 stream, or `nil`.
    static func sniff(_ head: [UInt8]) -> SniffResult? {
        guard let delimiter = obu(head, at: 0), delimiter.type == OBUType.temporalDelimiter,
            delimiter.payloadSize == 0,
            let sequence = obu(head, at: delimiter.end), sequence.type == OBUType.sequenceHeader,
            sequence.payloadSize >= 3, sequence.payloadStart < head.count,
            head[sequence.payloadStart] >> 5 <= 2,  // seq_profile: 0, 1 or 2
            let next = obu(head, at: sequence.payloadStart + sequence.payloadSize),
            OBUType.afterSequenceHeader.contains(next.type)
        else { return nil }
        return SniffResult(
            "org.aomedia.av1-stream",
            detail: "AV1 OBUs: temporal delimiter, sequence header, type \(next.type)"
        )
    }

    private struct OBU {
        var type: Int
        var payloadStart: Int
        var payloadSize: Int
        var end: Int { payloadStart + payloadSize }
    }

    /// The OBU header at `offset`: forbidden and reserved bits clear, a size field present.
    private static func obu(_ head: [UInt8], at offset: Int) -> OBU? {
        guard offset >= 0, offset < head.count else { return nil }
        let header = head[offset]
        guard header & 0x80 == 0, header & 0x01 == 0, header & 0x02 != 0 else { return nil }
        var index = offset + 1
        if header & 0x04 != 0 { index += 1 }  // extension header
        // leb128 size, at most 8 bytes and below 2^32 (section 4.10.5).
        var size = 0
        for byteIndex in 0..<8 {
            guard index < head.count else { return nil }
            let byte = head[index]
            index += 1
            size |= Int(byte & 0x7F) << (7 * byteIndex)
            if byte & 0x80 == 0 {
                guard size <= Int(UInt32.max) else { return nil }
                return OBU(type: Int(header >> 3) & 0x0F, payloadStart: index, payloadSize: size)
            }
        }
        return nil
    }
}
