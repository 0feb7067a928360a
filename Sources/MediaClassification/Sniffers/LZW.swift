/// A bounded decoder for the first bytes of a `compress` (`.Z`) stream, written from the
/// format as ncompress writes it: `1F 9D`, a flags byte (the largest code width, 9 to 16, and
/// the block-mode bit that makes code 256 a table reset), then LZW codes packed low bit
/// first, 9 bits wide at first and one bit wider each time the table outgrows the width.
///
/// As ``LZMA`` and ``LZ4``, it lets a compressed file be told by what it holds (a `.tar.Z`
/// is a compressed tar). The output stops at `outputLimit` bytes and a code that names no
/// entry yet stops the decoding.
package enum LZW {
    /// The magic number of a `compress` stream.
    package static let magic: [UInt8] = [0x1F, 0x9D]

    /// Decodes the start of a `compress` stream.
    ///
    /// One quirk of the format is kept: codes are read in groups of eight, so when the
    /// width grows or the table is reset, the rest of the current group (counted from where
    /// the width last changed) is skipped, as ncompress's decoder skips it.
    /// - Parameters:
    ///   - bytes: The stream from its magic number.
    ///   - outputLimit: The most bytes to produce.
    /// - Returns: The decoded bytes, possibly empty.
    package static func decode(_ bytes: [UInt8], outputLimit: Int) -> [UInt8] {
        guard bytes.count > 3, bytes.starts(with: magic) else { return [] }
        let flags = bytes[2]
        let maximumWidth = Int(flags & 0x1F)
        guard (9...16).contains(maximumWidth), flags & 0x60 == 0 else { return [] }
        let blockMode = flags & 0x80 != 0
        let entries = 1 << maximumWidth
        var prefix = [UInt16](repeating: 0, count: entries)
        var suffix = [UInt8](repeating: 0, count: entries)
        for index in 0..<256 { suffix[index] = UInt8(index) }
        var stack: [UInt8] = []
        var output: [UInt8] = []
        let limit = max(0, outputLimit)
        let totalBits = bytes.count * 8
        var width = 9
        var position = 24
        var groupStart = 24
        var nextEntry = blockMode ? 257 : 256
        var previous = -1
        var lastByte: UInt8 = 0

        /// Skips to the end of the current group of eight codes.
        func skipGroup() {
            let group = width * 8
            position = groupStart + (position - groupStart + group - 1) / group * group
            groupStart = position
        }

        while output.count < limit {
            if nextEntry > (1 << width) - 1, width < maximumWidth {
                skipGroup()
                width += 1
            }
            guard position + width <= totalBits else { break }
            var code = 0
            for bit in 0..<width {
                let at = position + bit
                code |= Int(bytes[at >> 3] >> UInt8(at & 7) & 1) << bit
            }
            position += width
            if previous == -1 {
                guard code < 256 else { break }
                lastByte = UInt8(code)
                output.append(lastByte)
                previous = code
                continue
            }
            if code == 256, blockMode {
                skipGroup()
                width = 9
                nextEntry = 256
                continue
            }
            let incoming = code
            stack.removeAll(keepingCapacity: true)
            if code >= nextEntry {
                // The code being defined: the previous string and its own first byte.
                guard code == nextEntry else { break }
                stack.append(lastByte)
                code = previous
            }
            while code >= 256 {
                stack.append(suffix[code])
                code = Int(prefix[code])
            }
            lastByte = UInt8(code)
            stack.append(lastByte)
            output.append(contentsOf: stack.reversed().prefix(limit - output.count))
            if nextEntry < entries {
                prefix[nextEntry] = UInt16(previous)
                suffix[nextEntry] = lastByte
                nextEntry += 1
            }
            previous = incoming
        }
        return output
    }
}
