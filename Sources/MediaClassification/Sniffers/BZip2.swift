/// A bounded decoder for the first block of a bzip2 stream, written from the format as
/// bzip2 1.0 writes it (Joe Tsai's "BZip2 format specification" describes the same).
///
/// A bzip2 block is a Burrows-Wheeler transform: no byte of it can be known before the whole
/// block is decoded, so the decoder needs the first block whole (at most 900,000 bytes, the
/// compressed block about as much) and gives up on a block the input cuts short. As ``LZMA``
/// and ``LZ4``, it lets a compressed file be told by what it holds (a `.tar.bz2` is a
/// compressed tar), for hostile input:
///
/// - The block may hold no more symbols than its header's level allows (100,000 a level);
///   the output stops at `outputLimit` bytes.
/// - Every read is bounded; code lengths must lie within 1 to 20, selectors and symbols
///   within their tables, the original pointer within the block. A fault ends the decoding
///   with no output.
/// - Randomised blocks (written only by bzip2 0.9.0 and earlier) are not decoded.
package enum BZip2 {
    /// Decodes the start of a bzip2 stream's first block.
    ///
    /// - Parameters:
    ///   - bytes: The stream from its first byte (`BZh` and a level digit).
    ///   - outputLimit: The most bytes to produce.
    /// - Returns: The decoded bytes, or an empty array when the first block cannot be decoded
    ///   whole.
    package static func decodeFirstBlock(_ bytes: [UInt8], outputLimit: Int) -> [UInt8] {
        guard bytes.count > 14, bytes.starts(with: Array("BZh".utf8)),
            (0x31...0x39).contains(bytes[3])
        else { return [] }
        var reader = BitReader(bytes: bytes, position: 4 * 8)
        let maximumSymbols = Int(bytes[3] - 0x30) * 100_000
        guard let block = decodeBlock(&reader, maximumSymbols: maximumSymbols) else { return [] }
        return undoTransform(block, outputLimit: max(0, outputLimit))
    }

    /// The block after its entropy coding is undone: the last column of the sorted rotations,
    /// and the row of the original text.
    private struct Block {
        var lastColumn: [UInt8]
        var origin: Int
    }

    /// Reads bits, most significant first; past the end it reads zeros and sets `overrun`.
    private struct BitReader {
        let bytes: [UInt8]
        /// The next byte to load into the buffer.
        var index: Int
        /// Bits not yet read, in the low `count` bits.
        var buffer: UInt64 = 0
        var count = 0
        var overrun = false

        init(bytes: [UInt8], position: Int) {
            self.bytes = bytes
            self.index = position / 8
        }

        /// Fills the buffer to at least 32 bits, with zeros past the end.
        @inline(__always)
        mutating func refill() {
            while count <= 56 {
                let byte = index < bytes.count ? bytes[index] : 0
                index += 1
                buffer = buffer << 8 | UInt64(byte)
                count += 8
            }
        }

        /// The next `width` bits (at most 32) without reading them.
        @inline(__always)
        mutating func peek(_ width: Int) -> Int {
            if count < width { refill() }
            return Int(truncatingIfNeeded: buffer >> UInt64(count - width)) & (1 << width - 1)
        }

        @inline(__always)
        mutating func skip(_ width: Int) {
            count -= width
            // Bits that came from past the end are zeros, not data.
            if index > bytes.count, (index - bytes.count) * 8 > count { overrun = true }
        }

        mutating func bit() -> Int {
            let value = peek(1)
            skip(1)
            return value
        }

        mutating func bits(_ width: Int) -> Int {
            let value = peek(width)
            skip(width)
            return value
        }
    }

    /// A canonical Huffman code: a table for the codes of up to ``fastBits`` bits, then a
    /// bit-at-a-time walk for the longer ones.
    private struct HuffmanCode {
        static let fastBits = 10
        /// The symbols in code order (by length, then by symbol).
        var symbols: [Int] = []
        /// For each length, the first code, the index of its first symbol and the count.
        var firstCode = [Int](repeating: 0, count: 21)
        var firstIndex = [Int](repeating: 0, count: 21)
        var count = [Int](repeating: 0, count: 21)
        /// By the next ``fastBits`` bits: the symbol shifted left by 5, plus its code's
        /// length; 0 when the code is longer.
        var fast = [Int32](repeating: 0, count: 1 << fastBits)

        init?(lengths: [Int]) {
            for length in lengths {
                guard (1...20).contains(length) else { return nil }
                count[length] += 1
            }
            var code = 0
            var index = 0
            for length in 1...20 {
                firstCode[length] = code
                firstIndex[length] = index
                var next = code
                for (symbol, other) in lengths.enumerated() where other == length {
                    symbols.append(symbol)
                    if length <= Self.fastBits, next < 1 << length {
                        let shift = Self.fastBits - length
                        for low in 0..<(1 << shift) {
                            fast[next << shift | low] = Int32(symbol << 5 | length)
                        }
                    }
                    next += 1
                }
                code = (code + count[length]) << 1
                index += count[length]
            }
        }

        func decode(_ reader: inout BitReader) -> Int? {
            let entry = Int(fast[reader.peek(Self.fastBits)])
            if entry != 0 {
                reader.skip(entry & 31)
                return entry >> 5
            }
            var code = 0
            for length in 1...20 {
                code = code << 1 | reader.bit()
                let offset = code - firstCode[length]
                if offset >= 0, offset < count[length] {
                    return symbols[firstIndex[length] + offset]
                }
            }
            return nil
        }
    }

    /// Reads the first block's header, tables and symbols, and undoes the move-to-front and
    /// run-length coding of the transform's output.
    private static func decodeBlock(_ reader: inout BitReader, maximumSymbols: Int) -> Block? {
        // Block magic (the digits of pi), the block's CRC, the randomised flag, the origin.
        guard reader.bits(24) == 0x314159, reader.bits(24) == 0x265359 else { return nil }
        _ = reader.bits(32)
        guard reader.bit() == 0 else { return nil }
        let origin = reader.bits(24)

        // The bytes in use: 16 groups of 16.
        let groupsUsed = reader.bits(16)
        var used: [UInt8] = []
        for group in 0..<16 where groupsUsed & (0x8000 >> group) != 0 {
            let bytesUsed = reader.bits(16)
            for index in 0..<16 where bytesUsed & (0x8000 >> index) != 0 {
                used.append(UInt8(group * 16 + index))
            }
        }
        guard !used.isEmpty else { return nil }
        let alphabetSize = used.count + 2

        // Tables and selectors: each selector, move-to-front coded in unary, picks the table
        // for 50 symbols.
        let tableCount = reader.bits(3)
        let selectorCount = reader.bits(15)
        guard (2...6).contains(tableCount), selectorCount > 0 else { return nil }
        var tableOrder = Array(0..<tableCount)
        var selectors: [Int] = []
        selectors.reserveCapacity(selectorCount)
        for _ in 0..<selectorCount {
            var index = 0
            while reader.bit() == 1 {
                index += 1
                guard index < tableCount, !reader.overrun else { return nil }
            }
            let table = tableOrder.remove(at: index)
            tableOrder.insert(table, at: 0)
            selectors.append(table)
        }
        var tables: [HuffmanCode] = []
        for _ in 0..<tableCount {
            var length = reader.bits(5)
            var lengths: [Int] = []
            for _ in 0..<alphabetSize {
                while reader.bit() == 1 {
                    length += reader.bit() == 0 ? 1 : -1
                    guard (1...20).contains(length), !reader.overrun else { return nil }
                }
                lengths.append(length)
            }
            guard let table = HuffmanCode(lengths: lengths) else { return nil }
            tables.append(table)
        }

        // Symbols: runs of the front byte (RUNA, RUNB as a bijective base-2 count), move-to-
        // front indices, the end of block.
        let endOfBlock = alphabetSize - 1
        var front = used
        var output: [UInt8] = []
        output.reserveCapacity(min(maximumSymbols, 1 << 16))
        var run = 0
        var runWeight = 1
        var decoded = 0
        while true {
            let group = decoded / 50
            guard group < selectors.count,
                let symbol = tables[selectors[group]].decode(&reader), !reader.overrun
            else { return nil }
            decoded += 1
            if symbol <= 1 {
                run += (symbol + 1) * runWeight
                runWeight <<= 1
                guard run <= maximumSymbols else { return nil }
                continue
            }
            if run > 0 {
                guard output.count + run <= maximumSymbols else { return nil }
                output.append(contentsOf: repeatElement(front[0], count: run))
                run = 0
                runWeight = 1
            }
            if symbol == endOfBlock { break }
            guard output.count < maximumSymbols else { return nil }
            let position = symbol - 1
            let byte = front[position]
            front.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                // The bytes before it move up one place (copyMemory allows the overlap).
                (base + 1).copyMemory(from: base, byteCount: position)
                raw[0] = byte
            }
            output.append(byte)
        }
        guard origin < output.count else { return nil }
        return Block(lastColumn: output, origin: origin)
    }

    /// Undoes the Burrows-Wheeler transform from the origin row, then the initial run-length
    /// coding (four equal bytes, then a count of more), up to the limit.
    private static func undoTransform(_ block: Block, outputLimit: Int) -> [UInt8] {
        let column = block.lastColumn
        var starts = [Int](repeating: 0, count: 256)
        for byte in column { starts[Int(byte)] += 1 }
        var total = 0
        for index in 0..<256 {
            let count = starts[index]
            starts[index] = total
            total += count
        }
        // next[i]: the row that follows row i in the original text.
        var next = [Int32](repeating: 0, count: column.count)
        for (row, byte) in column.enumerated() {
            next[starts[Int(byte)]] = Int32(row)
            starts[Int(byte)] += 1
        }
        var output: [UInt8] = []
        var row = Int(next[block.origin])
        var previous = -1
        var repeats = 0
        for _ in 0..<column.count {
            if output.count >= outputLimit { break }
            let byte = column[row]
            row = Int(next[row])
            if repeats == 4 {
                let extra = min(Int(byte), outputLimit - output.count)
                output.append(contentsOf: repeatElement(UInt8(previous), count: extra))
                repeats = 0
                previous = -1
                continue
            }
            output.append(byte)
            repeats = Int(byte) == previous ? repeats + 1 : 1
            previous = Int(byte)
        }
        return output
    }
}
