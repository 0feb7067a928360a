/// A bounded decoder for the first bytes of an LZ4 frame (the `lz4` tool's format, magic
/// `04 22 4D 18`), written from the LZ4 frame and block format descriptions.
///
/// As ``LZMA``, it lets a compressed file be told by what it holds (a `.tar.lz4` is a
/// compressed tar). The output stops at `outputLimit` bytes, every read is bounded (a frame
/// cut short by the head is decoded as far as it goes), and a match must point inside what
/// was already produced (a frame with a dictionary identifier is not decoded).
package enum LZ4 {
    /// A frame's magic number, 0x184D2204 little-endian.
    package static let frameMagic: [UInt8] = [0x04, 0x22, 0x4D, 0x18]
    /// The legacy frame's magic number, 0x184C2102 little-endian (`lz4 -l`, and the Linux
    /// kernel's and initramfs tools' LZ4).
    package static let legacyMagic: [UInt8] = [0x02, 0x21, 0x4C, 0x18]

    /// Decodes the start of an LZ4 frame.
    ///
    /// - Parameters:
    ///   - bytes: The frame from its magic number.
    ///   - outputLimit: The most bytes to produce.
    /// - Returns: The decoded bytes, possibly empty.
    package static func decodeFrame(_ bytes: [UInt8], outputLimit: Int) -> [UInt8] {
        guard bytes.count > 7, bytes.starts(with: frameMagic) else { return [] }
        let flags = bytes[4]
        // Version 01, no reserved bit, no dictionary.
        guard flags >> 6 == 1, flags & 0x03 == 0 else { return [] }
        var cursor = 6 + (flags & 0x08 != 0 ? 8 : 0) + 1  // FLG, BD, content size, HC
        let blockChecksum = flags & 0x10 != 0
        var output: [UInt8] = []
        let limit = max(0, outputLimit)
        while output.count < limit, let word = ByteFields.u32(bytes, cursor, littleEndian: true) {
            cursor += 4
            if word == 0 { break }  // end mark
            let size = Int(word & 0x7FFF_FFFF)
            let end = min(bytes.count, cursor + size)
            if word & 0x8000_0000 != 0 {
                output.append(contentsOf: bytes[cursor..<min(end, cursor + limit - output.count)])
            } else if !decodeBlock(bytes, from: cursor, to: end, into: &output, limit: limit) {
                break
            }
            guard end == cursor + size else { break }
            cursor = end + (blockChecksum ? 4 : 0)
        }
        return output
    }

    /// Decodes the start of a legacy frame: after the magic number, blocks of 8 MiB of output
    /// each, every one its compressed size (32-bit little-endian) and an LZ4 block.
    ///
    /// - Parameters:
    ///   - bytes: The frame from its magic number.
    ///   - outputLimit: The most bytes to produce.
    /// - Returns: The decoded bytes, possibly empty.
    package static func decodeLegacyFrame(_ bytes: [UInt8], outputLimit: Int) -> [UInt8] {
        guard bytes.count > 8, bytes.starts(with: legacyMagic),
            let word = ByteFields.u32(bytes, 4, littleEndian: true), word > 0,
            word <= 1 << 24
        else { return [] }
        var output: [UInt8] = []
        let end = min(bytes.count, 8 + Int(word))
        _ = decodeBlock(bytes, from: 8, to: end, into: &output, limit: max(0, outputLimit))
        return output
    }

    /// Decodes one block's sequences (a token, literals, a 2-byte offset, a match).
    ///
    /// Decoding goes on until the block or the limit ends; it returns false when the block
    /// broke a rule.
    private static func decodeBlock(
        _ bytes: [UInt8],
        from start: Int,
        to end: Int,
        into output: inout [UInt8],
        limit: Int
    ) -> Bool {
        var cursor = start
        /// A length's extension: bytes of 255 add to it until one is smaller.
        func extend(_ length: inout Int) -> Bool {
            while cursor < end {
                let byte = bytes[cursor]
                cursor += 1
                length += Int(byte)
                if length > 1 << 26 { return false }
                if byte != 255 { return true }
            }
            return false
        }
        while cursor < end, output.count < limit {
            let token = bytes[cursor]
            cursor += 1
            var literals = Int(token >> 4)
            if literals == 15, !extend(&literals) { return false }
            let available = min(literals, end - cursor, limit - output.count)
            output.append(contentsOf: bytes[cursor..<cursor + available])
            cursor += literals
            // The last sequence is literals only.
            guard cursor + 2 <= end, output.count < limit,
                let offset = ByteFields.u16(bytes, cursor, littleEndian: true).map(Int.init)
            else { return cursor <= end }
            cursor += 2
            guard offset > 0, offset <= output.count else { return false }
            var length = Int(token & 0x0F)
            if length == 15, !extend(&length) { return false }
            length += 4
            output.appendMatch(distance: offset, count: length, limit: limit)
        }
        return true
    }
}
