/// Sniffs Flash Video (FLV) files by their header, and tells one that carries only audio by
/// its tags.
package enum FLVSniffer {
    /// The most tags walked in the head.
    static let maximumTags = 256
    /// The audio tags that, with no video tag among them, make a file audio only even when
    /// its header flags video (some servers' recorders always set both flags).
    static let audioTagsWithoutVideo = 64

    /// Classifies a file that starts with `FLV` and version 1.
    ///
    /// A file whose tags in the head are audio and never video is Flash audio, when its
    /// header flags no video or when ``audioTagsWithoutVideo`` audio tags go by without one.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: Flash video or Flash audio when the header's flags and data offset are
    ///   valid, else `nil`.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard MediaBytes.matches(head, 0, [0x46, 0x4C, 0x56, 0x01]),
            let flags = MediaBytes.u8(head, 4),
            let dataOffset = MediaBytes.u32be(head, 5)
        else { return nil }
        // Only the audio (0x04) and video (0x01) flags are defined; the header is 9 bytes.
        guard flags & 0xFA == 0, dataOffset >= 9, dataOffset <= 1024 else { return nil }
        var parts: [String] = []
        if flags & 0x01 != 0 { parts.append("video") }
        if flags & 0x04 != 0 { parts.append("audio") }
        let streams = parts.isEmpty ? "no streams flagged" : parts.joined(separator: "+")
        let census = tags(head, from: Int(dataOffset) + 4)
        if census.isAudioOnly, flags & 0x01 == 0 || census.audio >= audioTagsWithoutVideo {
            return SniffResult(
                "com.adobe.flash.audio",
                detail: "FLV header, \(streams); \(census.audio) audio tags and no video tag"
            )
        }
        return SniffResult("com.adobe.flash.video", detail: "FLV header, \(streams)")
    }

    /// The kinds of the tags in the head: type 8 audio, 9 video, 18 script data (not
    /// counted).
    static func tags(_ head: [UInt8], from start: Int) -> StreamCensus {
        var census = StreamCensus()
        var offset = start
        for _ in 0..<maximumTags {
            guard let type = head.byte(offset), let size = head.be24(offset + 1) else { break }
            // Bit 5 marks a filtered (encrypted) packet; the low five bits are the type.
            switch type & 0x1F {
            case 8: census.audio += 1
            case 9: census.video += 1
            case 18: break
            default: census.unknown += 1
            }
            offset += 11 + size + 4
        }
        return census
    }
}
