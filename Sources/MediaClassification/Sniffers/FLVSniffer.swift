/// Sniffs Flash Video (FLV) files by their header.
package enum FLVSniffer {
    /// Classifies a file that starts with `FLV` and version 1.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: Flash video when the header's flags and data offset are valid, else `nil`.
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
        return SniffResult("com.adobe.flash.video", detail: "FLV header, \(streams)")
    }
}
