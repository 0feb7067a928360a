/// Sniffs Autodesk FLIC animations (FLI and FLC) by their header and first chunk.
///
/// The 128-byte header holds the file's size (32 bits), the type (`0xAF11` for FLI, `0xAF12`
/// for FLC, little-endian) at 4, the frame count, width, height and pixel depth; the first
/// chunk follows at 128 (FLC may put a prefix chunk there, and says where its first frame
/// starts at 80). The type alone is two bytes, so it is taken only with a frame (`0xF1FA`) or
/// prefix (`0xF100`) chunk where the format puts one, or with a size field equal to the
/// file's and the 8-bit depth every FLI has. Decoders read files whose size field is wrong
/// (Pillow's test files include such), so the chunk decides on its own.
package enum FLICSniffer {
    /// The FLIC types: FLI (320x200 Animator files) and FLC (Animator Pro).
    static let types: [UInt16: String] = [0xAF11: "FLI", 0xAF12: "FLC"]

    /// Whether the head opens like a FLIC header (the type at 4): the dispatcher's test.
    static func isCandidate(_ head: [UInt8]) -> Bool {
        head.count >= 6 && head[5] == 0xAF && (head[4] == 0x11 || head[4] == 0x12)
    }

    /// Classifies a file whose header names a FLIC type.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: `public.flc-animation` when the first chunk or the header's fields bear the
    ///   type out, else `nil`.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard let type = MediaBytes.u16le(head, 4), let kind = types[type],
            let width = MediaBytes.u16le(head, 8), let height = MediaBytes.u16le(head, 10)
        else { return nil }
        let chunkTypes: [UInt16: String] = [0xF1FA: "frame", 0xF100: "prefix"]
        var offsets: [UInt64] = [128]
        if type == 0xAF12, let first = MediaBytes.u32le(head, 80), first > 128 {
            offsets.append(UInt64(first))
        }
        for offset in offsets where offset + 6 <= input.fileSize {
            guard let chunk = input.read(at: offset, count: 6), chunk.count == 6,
                let chunkType = MediaBytes.u16le(chunk, 4), let name = chunkTypes[chunkType]
            else { continue }
            return SniffResult(
                "public.flc-animation",
                detail: "\(kind) header, \(width)x\(height), \(name) chunk at \(offset)"
            )
        }
        guard let size = MediaBytes.u32le(head, 0), UInt64(size) == input.fileSize,
            MediaBytes.u16le(head, 12) == 8, width > 0, height > 0
        else { return nil }
        return SniffResult(
            "public.flc-animation",
            detail: "\(kind) header, \(width)x\(height), size field equals the file's"
        )
    }
}
