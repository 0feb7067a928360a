/// A bounded decoder for the first bytes of an lzop file (`.lzo`, `.tar.lzo`), written from
/// the lzop container's layout and the LZO1X stream format as the Linux kernel's
/// `Documentation/staging/lzo.rst` describes it.
///
/// As ``LZW`` and ``LZ4``, it lets a compressed file be told by what it holds (a `.tar.lzo`
/// is a compressed tar). The output stops at `outputLimit` bytes, every read is bounded (a
/// block cut short by the head is decoded as far as it goes), and a match must point inside
/// what was already produced.
package enum LZO {
    /// The magic number of an lzop file: `89 'LZO' 00 0D 0A 1A 0A`, which, like PNG's, breaks
    /// in any transfer that alters bytes or line ends.
    package static let magic: [UInt8] = [0x89, 0x4C, 0x5A, 0x4F, 0x00, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The header flags that change the layout lzop writes.
    private enum Flag {
        static let adler32Data: UInt32 = 0x0001
        static let adler32Compressed: UInt32 = 0x0002
        static let extraField: UInt32 = 0x0040
        static let crc32Data: UInt32 = 0x0100
        static let crc32Compressed: UInt32 = 0x0200
        static let filter: UInt32 = 0x0800
    }

    /// The largest block lzop writes (its `MAX_BLOCK_SIZE`, 64 MiB).
    private static let maximumBlockSize = 64 << 20

    /// Decodes the start of an lzop file.
    ///
    /// The header is read field by field as lzop's version says it was written (version
    /// 0.94 added a "version needed", a level and the high half of the time), then blocks
    /// follow, each its decoded and stored sizes, its checksums, and its bytes: stored as
    /// they are when the sizes are equal, LZO1X-compressed otherwise. A file written through
    /// a filter (lzop's old delta filters) or by a method other than LZO1X (1, 2 or 3) is
    /// not decoded.
    /// - Parameters:
    ///   - bytes: The file from its magic number.
    ///   - outputLimit: The most bytes to produce.
    /// - Returns: The decoded bytes, possibly empty.
    package static func decode(_ bytes: [UInt8], outputLimit: Int) -> [UInt8] {
        guard bytes.starts(with: magic), let version = ByteFields.u16(bytes, 9, littleEndian: false)
        else { return [] }
        let modern = version >= 0x0940
        var cursor = 13 + (modern ? 2 : 0)  // version, library version, version needed
        guard cursor + 2 <= bytes.count else { return [] }
        let method = bytes[cursor]
        cursor += modern ? 2 : 1  // method, level
        guard (1...3).contains(method),
            let flags = ByteFields.u32(bytes, cursor, littleEndian: false),
            flags & Flag.filter == 0
        else { return [] }
        cursor += 4 + 4 + 4 + (modern ? 4 : 0)  // flags, mode, time, time's high half
        guard cursor < bytes.count else { return [] }
        cursor += 1 + Int(bytes[cursor]) + 4  // the name and the header's checksum
        if flags & Flag.extraField != 0 {
            guard let length = ByteFields.u32(bytes, cursor, littleEndian: false),
                length <= 1 << 20
            else { return [] }
            cursor += 4 + Int(length) + 4
        }
        let dataChecksums =
            (flags & Flag.adler32Data != 0 ? 4 : 0) + (flags & Flag.crc32Data != 0 ? 4 : 0)
        let compressedChecksums =
            (flags & Flag.adler32Compressed != 0 ? 4 : 0)
            + (flags & Flag.crc32Compressed != 0 ? 4 : 0)
        var output: [UInt8] = []
        let limit = max(0, outputLimit)
        while output.count < limit,
            let decodedSize = ByteFields.u32(bytes, cursor, littleEndian: false).map(Int.init),
            decodedSize > 0, decodedSize <= maximumBlockSize,
            let storedSize = ByteFields.u32(bytes, cursor + 4, littleEndian: false).map(Int.init),
            storedSize > 0, storedSize <= decodedSize
        {
            cursor += 8 + dataChecksums + (storedSize < decodedSize ? compressedChecksums : 0)
            guard cursor < bytes.count else { break }
            let end = min(bytes.count, cursor + storedSize)
            let blockLimit = min(limit, output.count + decodedSize)
            if storedSize == decodedSize {
                output.append(
                    contentsOf: bytes[cursor..<min(end, cursor + blockLimit - output.count)]
                )
            } else {
                let start = output.count
                // A block cut short by the head or the limit ends the output; a whole block
                // must give the size its header gives.
                guard decompress1X(bytes[cursor..<end], into: &output, limit: blockLimit),
                    output.count - start == decodedSize
                else { break }
            }
            guard end == cursor + storedSize else { break }
            cursor = end
        }
        return output
    }

    /// Decodes an LZO1X stream (the methods LZO1X-1, LZO1X-1(15) and LZO1X-999 all write
    /// it) onto `output`, up to `limit` bytes in all.
    ///
    /// The stream is a run of instructions, each a match (a length and a distance back into
    /// the output) followed by 0 to 3 literals, or a run of literals. What an opcode below 16
    /// means depends on the state the previous instruction left: after a match with no
    /// literals it opens a run of literals; after a match with 1 to 3 literals it is a 2-byte
    /// match within 1 KiB; after a run of 4 literals or more, a 3-byte match 2 KiB further.
    /// A long length is 0 in its field, then 255 for each zero byte and the next byte added.
    /// The stream ends with a match of distance 16384 (`11 00 00`).
    /// - Returns: Whether the end marker was reached; `false` when the input ran out, the
    ///   limit was reached, or the stream was not valid.
    static func decompress1X(_ input: ArraySlice<UInt8>, into output: inout [UInt8], limit: Int)
        -> Bool
    {
        var cursor = input.startIndex
        let end = input.endIndex
        let base = output.count
        /// 0: the last instruction copied no literals; 1...3: that many; 4: a run of four or more.
        var state = 0

        func byte() -> Int? {
            guard cursor < end else { return nil }
            defer { cursor += 1 }
            return Int(input[cursor])
        }
        /// A length: `field` itself, or when it is 0, `mask` plus 255 for each zero byte
        /// that follows and then the first byte that is not zero.
        func length(_ field: Int, mask: Int) -> Int? {
            guard field == 0 else { return field }
            var total = mask
            while true {
                guard let next = byte() else { return nil }
                if next != 0 { return total + next }
                total += 255
                guard total < maximumBlockSize else { return nil }
            }
        }
        /// Copies `count` literals; false when the input or the limit ends them.
        func literals(_ count: Int) -> Bool {
            let available = min(count, end - cursor, limit - output.count)
            output.append(contentsOf: input[cursor..<cursor + available])
            cursor += available
            return available == count
        }
        /// Copies `count` bytes from `distance` back; false when the distance points before
        /// the block's output or the limit ends the copy.
        func match(distance: Int, count: Int) -> Bool {
            guard distance >= 1, distance <= output.count - base else { return false }
            return output.appendMatch(distance: distance, count: count, limit: limit)
        }

        // The first opcode: above 17 it is a run of `byte - 17` literals.
        if cursor < end, input[cursor] > 17 {
            let count = Int(input[cursor]) - 17
            cursor += 1
            guard literals(count) else { return false }
            state = count < 4 ? count : 4
        } else if cursor < end, input[cursor] == 17 {
            return false  // the kernel's versioned stream, which lzop does not write
        }
        while let opcode = byte() {
            let trailing: Int
            switch opcode {
            case 0..<16 where state == 0:
                guard let run = length(opcode, mask: 15), literals(run + 3) else { return false }
                state = 4
                continue
            case 0..<16:
                guard let high = byte() else { return false }
                let distance = (high << 2) + (opcode >> 2) + (state == 4 ? 2049 : 1)
                guard match(distance: distance, count: state == 4 ? 3 : 2) else { return false }
                trailing = opcode & 3
            case 16..<32:
                guard let count = length(opcode & 7, mask: 7), let low = byte(), let high = byte()
                else { return false }
                let distance = 16384 + ((opcode & 8) << 11) + ((high << 8 | low) >> 2)
                if distance == 16384 { return count == 1 }  // the end marker
                guard match(distance: distance, count: count + 2) else { return false }
                trailing = low & 3
            case 32..<64:
                guard let count = length(opcode & 31, mask: 31), let low = byte(), let high = byte()
                else { return false }
                guard match(distance: ((high << 8 | low) >> 2) + 1, count: count + 2) else {
                    return false
                }
                trailing = low & 3
            default:
                guard let high = byte() else { return false }
                let count = opcode >= 128 ? 5 + (opcode >> 5 & 3) : 3 + (opcode >> 5 & 1)
                guard match(distance: (high << 3) + (opcode >> 2 & 7) + 1, count: count) else {
                    return false
                }
                trailing = opcode & 3
            }
            guard literals(trailing) else { return false }
            state = trailing
        }
        return false
    }
}
