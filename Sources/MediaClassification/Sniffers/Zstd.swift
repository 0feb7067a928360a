/// A bounded decoder for the first block of a Zstandard frame, written from RFC 8878.
///
/// As ``LZMA``, ``LZ4`` and ``BZip2``, it lets a compressed file be told by what it holds (a
/// `.tar.zst` is a compressed tar). It decodes raw, RLE and compressed blocks until the output
/// limit, and stops at what it does not need for a frame's first bytes: a frame that needs a
/// dictionary, a block whose tables repeat an earlier block's (treeless literals, repeat
/// mode), skippable frames. For hostile input:
///
/// - Every read is bounded, forward and backward bit streams alike; a stream read past its
///   start ends the decoding.
/// - Table descriptions are checked as the RFC requires (accuracy limits, counts that add up,
///   Huffman weights that complete a code); a fault ends the decoding, keeping what was
///   decoded before.
/// - A match must point inside what was already produced (there is no dictionary), and the
///   output stops at `outputLimit` bytes.
package enum Zstd {
    /// A frame's magic number, 0xFD2FB528 little-endian.
    package static let frameMagic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]

    /// The offset of the first Zstandard frame after the skippable frames that open `bytes`
    /// (magic numbers 0x184D2A50 to 0x184D2A5F, then a 32-bit little-endian size: `zstd`
    /// and libarchive write one for seek tables and metadata), or `nil` when `bytes` does not
    /// open with a skippable frame or no frame follows within them.
    package static func frameAfterSkippableFrames(_ bytes: [UInt8]) -> Int? {
        var cursor = 0
        for _ in 0..<16 {
            if cursor > 0, ByteFields.matches(bytes, at: cursor, frameMagic) { return cursor }
            guard cursor + 8 <= bytes.count, bytes[cursor] & 0xF0 == 0x50,
                ByteFields.matches(bytes, at: cursor + 1, [0x2A, 0x4D, 0x18]),
                let size = ByteFields.u32(bytes, cursor + 4, littleEndian: true),
                Int(size) <= bytes.count - cursor - 8
            else { return nil }
            cursor += 8 + Int(size)
        }
        return nil
    }

    /// Decodes the start of a Zstandard frame.
    ///
    /// - Parameters:
    ///   - bytes: The frame from its magic number (`28 B5 2F FD`), or skippable frames and
    ///     then the frame.
    ///   - outputLimit: The most bytes to produce.
    /// - Returns: The decoded bytes, possibly empty.
    package static func decodeFrame(_ bytes: [UInt8], outputLimit: Int) -> [UInt8] {
        if !bytes.starts(with: frameMagic), let frame = frameAfterSkippableFrames(bytes) {
            return decodeFrame(Array(bytes[frame...]), outputLimit: outputLimit)
        }
        guard bytes.count > 6, bytes.starts(with: frameMagic) else { return [] }
        let descriptor = bytes[4]
        guard descriptor & 0x08 == 0 else { return [] }  // reserved bit
        let singleSegment = descriptor & 0x20 != 0
        let dictionaryBytes = [0, 1, 2, 4][Int(descriptor & 0x03)]
        let contentSizeFlag = Int(descriptor >> 6)
        let contentSizeBytes = [singleSegment ? 1 : 0, 2, 4, 8][contentSizeFlag]
        var cursor = 5 + (singleSegment ? 0 : 1)
        guard cursor + dictionaryBytes + contentSizeBytes <= bytes.count else { return [] }
        // A dictionary identifier other than 0 names content this decoder does not have.
        for index in 0..<dictionaryBytes where bytes[cursor + index] != 0 { return [] }
        cursor += dictionaryBytes + contentSizeBytes
        var decoder = Decoder(input: bytes, outputLimit: max(0, outputLimit))
        while decoder.output.count < decoder.outputLimit, cursor + 3 <= bytes.count {
            let header =
                Int(bytes[cursor]) | Int(bytes[cursor + 1]) << 8 | Int(bytes[cursor + 2]) << 16
            cursor += 3
            let last = header & 1 != 0
            let size = header >> 3
            switch (header >> 1) & 0x03 {
            case 0:  // raw
                let end = min(bytes.count, cursor + size)
                decoder.append(bytes[cursor..<end])
                guard end == cursor + size else { return decoder.output }
                cursor = end
            case 1:  // RLE: the block's one byte, repeated `size` times
                guard cursor < bytes.count else { return decoder.output }
                decoder.append(repeatElement(bytes[cursor], count: size))
                cursor += 1
            case 2:
                guard size <= 128 * 1024, cursor + size <= bytes.count,
                    decoder.decodeCompressedBlock(from: cursor, to: cursor + size)
                else { return decoder.output }
                cursor += size
            default:
                return decoder.output
            }
            if last { break }
        }
        return decoder.output
    }

    /// One decoding's input, output and repeat offsets.
    private struct Decoder {
        let input: [UInt8]
        let outputLimit: Int
        var output: [UInt8] = []
        var repeatOffsets = [1, 4, 8]

        init(input: [UInt8], outputLimit: Int) {
            self.input = input
            self.outputLimit = outputLimit
        }

        mutating func append<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
            for byte in bytes {
                guard output.count < outputLimit else { return }
                output.append(byte)
            }
        }

        /// A compressed block: its literals, then its sequences.
        ///
        /// Returns false when the block cannot be decoded.
        mutating func decodeCompressedBlock(from start: Int, to end: Int) -> Bool {
            guard let (literals, afterLiterals) = readLiterals(from: start, to: end) else {
                return false
            }
            return executeSequences(from: afterLiterals, to: end, literals: literals)
        }

        // MARK: Literals

        func readLiterals(from start: Int, to end: Int) -> ([UInt8], Int)? {
            guard start < end else { return nil }
            let first = Int(input[start])
            let type = first & 0x03
            let sizeFormat = (first >> 2) & 0x03
            if type == 0 || type == 1 {
                // Raw or RLE: the regenerated size in 5, 12 or 20 bits.
                let (size, headerSize): (Int, Int)
                switch sizeFormat {
                case 0, 2: (size, headerSize) = (first >> 3, 1)
                case 1:
                    guard start + 2 <= end else { return nil }
                    (size, headerSize) = (first >> 4 | Int(input[start + 1]) << 4, 2)
                default:
                    guard start + 3 <= end else { return nil }
                    size = first >> 4 | Int(input[start + 1]) << 4 | Int(input[start + 2]) << 12
                    headerSize = 3
                }
                let contentStart = start + headerSize
                if type == 0 {
                    guard contentStart + size <= end else { return nil }
                    return (Array(input[contentStart..<contentStart + size]), contentStart + size)
                }
                guard contentStart < end else { return nil }
                return (
                    [UInt8](repeating: input[contentStart], count: size), contentStart + 1
                )
            }
            // Huffman-compressed; treeless (type 3) reuses an earlier block's table.
            guard type == 2 else { return nil }
            let headerSize = [3, 3, 4, 5][sizeFormat]
            guard start + headerSize <= end else { return nil }
            var value = 0
            for index in 0..<headerSize { value |= Int(input[start + index]) << (8 * index) }
            let (regenerated, compressed): (Int, Int)
            switch sizeFormat {
            case 0, 1: (regenerated, compressed) = ((value >> 4) & 0x3FF, (value >> 14) & 0x3FF)
            case 2: (regenerated, compressed) = ((value >> 4) & 0x3FFF, (value >> 18) & 0x3FFF)
            default:
                (regenerated, compressed) = ((value >> 4) & 0x3FFFF, (value >> 22) & 0x3FFFF)
            }
            let treeStart = start + headerSize
            let streamsEnd = treeStart + compressed
            guard streamsEnd <= end, regenerated <= 128 * 1024,
                let (table, streamsStart) = HuffmanTable.read(
                    input,
                    from: treeStart,
                    to: streamsEnd
                )
            else { return nil }
            var literals: [UInt8] = []
            literals.reserveCapacity(regenerated)
            if sizeFormat == 0 {
                guard
                    table.decode(
                        input,
                        from: streamsStart,
                        to: streamsEnd,
                        count: regenerated,
                        into: &literals
                    )
                else { return nil }
            } else {
                // Four streams, the first three's sizes in a 6-byte jump table.
                guard streamsStart + 6 <= streamsEnd else { return nil }
                var bounds = [streamsStart + 6]
                for index in 0..<3 {
                    guard
                        let size = ByteFields.u16(
                            input,
                            streamsStart + 2 * index,
                            littleEndian: true
                        )
                    else { return nil }
                    bounds.append(bounds[index] + Int(size))
                }
                bounds.append(streamsEnd)
                let quarter = (regenerated + 3) / 4
                for stream in 0..<4 {
                    let count = stream < 3 ? quarter : regenerated - 3 * quarter
                    guard count >= 0, bounds[stream] <= bounds[stream + 1],
                        bounds[stream + 1] <= streamsEnd,
                        table.decode(
                            input,
                            from: bounds[stream],
                            to: bounds[stream + 1],
                            count: count,
                            into: &literals
                        )
                    else { return nil }
                }
            }
            return (literals, streamsEnd)
        }

        // MARK: Sequences

        mutating func executeSequences(from start: Int, to end: Int, literals: [UInt8]) -> Bool {
            guard start < end else { return false }
            var cursor = start
            let first = Int(input[cursor])
            var count: Int
            if first < 128 {
                count = first
                cursor += 1
            } else if first < 255 {
                guard cursor + 2 <= end else { return false }
                count = (first - 128) << 8 | Int(input[cursor + 1])
                cursor += 2
            } else {
                guard cursor + 3 <= end,
                    let value = ByteFields.u16(input, cursor + 1, littleEndian: true)
                else { return false }
                count = Int(value) + 0x7F00
                cursor += 3
            }
            if count == 0 {
                append(literals)
                return true
            }
            guard cursor < end else { return false }
            let modes = Int(input[cursor])
            cursor += 1
            guard modes & 0x03 == 0 else { return false }
            // The three tables in the order of their modes' bits, high first.
            var tables: [FSETable] = []
            for (kind, shift) in [
                (FSETable.Kind.literalLength, 6), (.offset, 4), (.matchLength, 2),
            ] {
                let mode = (modes >> shift) & 0x03
                guard let table = FSETable.read(mode: mode, kind: kind, input, &cursor, end) else {
                    return false
                }
                tables.append(table)
            }
            let (literalLengths, offsets, matchLengths) = (tables[0], tables[1], tables[2])
            guard var stream = BackwardBits(input, from: cursor, to: end) else { return false }
            var literalState = stream.read(literalLengths.accuracy)
            var offsetState = stream.read(offsets.accuracy)
            var matchState = stream.read(matchLengths.accuracy)
            var literalCursor = 0
            for index in 0..<count {
                guard output.count < outputLimit else { return true }
                let offsetCode = offsets.symbol(offsetState)
                let matchCode = matchLengths.symbol(matchState)
                let literalCode = literalLengths.symbol(literalState)
                guard offsetCode <= 31, matchCode < Self.matchLengthCodes.count,
                    literalCode < Self.literalLengthCodes.count
                else { return false }
                let offsetValue = 1 << offsetCode + stream.read(offsetCode)
                let (matchBase, matchBits) = Self.matchLengthCodes[matchCode]
                let matchLength = matchBase + stream.read(matchBits)
                let (literalBase, literalBits) = Self.literalLengthCodes[literalCode]
                let literalLength = literalBase + stream.read(literalBits)
                if index < count - 1 {
                    literalState = literalLengths.next(literalState, &stream)
                    matchState = matchLengths.next(matchState, &stream)
                    offsetState = offsets.next(offsetState, &stream)
                }
                guard !stream.overrun else { return false }
                let offset = resolve(offsetValue, literalLength: literalLength)
                guard literalCursor + literalLength <= literals.count else { return false }
                append(literals[literalCursor..<literalCursor + literalLength])
                literalCursor += literalLength
                guard offset > 0, offset <= output.count else {
                    return output.count >= outputLimit
                }
                output.appendMatch(distance: offset, count: matchLength, limit: outputLimit)
            }
            append(literals[min(literalCursor, literals.count)...])
            return true
        }

        /// The match offset an offset value stands for, updating the repeat offsets (RFC 8878,
        /// 3.1.1.5).
        mutating func resolve(_ value: Int, literalLength: Int) -> Int {
            if value > 3 {
                let offset = value - 3
                repeatOffsets = [offset, repeatOffsets[0], repeatOffsets[1]]
                return offset
            }
            // With no literals, the codes shift by one: 1 means the second repeat offset.
            let index = literalLength == 0 ? value : value - 1
            if index == 0 { return repeatOffsets[0] }
            let offset = index == 3 ? repeatOffsets[0] - 1 : repeatOffsets[index]
            if index == 1 {
                repeatOffsets = [offset, repeatOffsets[0], repeatOffsets[2]]
            } else {
                repeatOffsets = [offset, repeatOffsets[0], repeatOffsets[1]]
            }
            return offset
        }

        /// Literal length codes: baseline and extra bits (RFC 8878, 3.1.1.3.2.1.1).
        static let literalLengthCodes: [(Int, Int)] =
            (0..<16).map { ($0, 0) } + [
                (16, 1), (18, 1), (20, 1), (22, 1), (24, 2), (28, 2), (32, 3), (40, 3), (48, 4),
                (64, 6), (128, 7), (256, 8), (512, 9), (1024, 10), (2048, 11), (4096, 12),
                (8192, 13), (16384, 14), (32768, 15), (65536, 16),
            ]

        /// Match length codes: baseline and extra bits.
        static let matchLengthCodes: [(Int, Int)] =
            (0..<32).map { ($0 + 3, 0) } + [
                (35, 1), (37, 1), (39, 1), (41, 1), (43, 2), (47, 2), (51, 3), (59, 3), (67, 4),
                (83, 4), (99, 5), (131, 7), (259, 8), (515, 9), (1027, 10), (2051, 11),
                (4099, 12), (8195, 13), (16387, 14), (32771, 15), (65539, 16),
            ]
    }

    /// A bit stream read from its end towards its start, as Zstandard writes Huffman and FSE
    /// streams: the last byte's highest set bit marks where the data begins.
    struct BackwardBits {
        let bytes: [UInt8]
        let start: Int
        /// Bits still to read, counted from the stream's first bit.
        var position: Int
        var overrun = false

        init?(_ bytes: [UInt8], from start: Int, to end: Int) {
            guard start < end, end <= bytes.count, bytes[end - 1] != 0 else { return nil }
            self.bytes = bytes
            self.start = start
            let last = bytes[end - 1]
            position = (end - start - 1) * 8 + (7 - last.leadingZeroBitCount)
        }

        /// The next `count` bits (at most 32), zeros past the start (which sets `overrun`).
        mutating func read(_ count: Int) -> Int {
            guard count > 0 else { return 0 }
            position -= count
            guard position >= 0 else {
                overrun = true
                let available = count + position
                return available > 0 ? bits(at: 0, available) << -position : 0
            }
            return bits(at: position, count)
        }

        /// `count` bits from bit `offset` of the stream (little-endian bit numbering).
        private func bits(at offset: Int, _ count: Int) -> Int {
            let first = start + offset >> 3
            var word: UInt64 = 0
            for index in 0..<min(8, bytes.count - first) {
                word |= UInt64(bytes[first + index]) << UInt64(8 * index)
            }
            return Int(truncatingIfNeeded: word >> UInt64(offset & 7)) & (1 << count - 1)
        }
    }

    /// The Huffman table of a block's literals (RFC 8878, 4.2).
    struct HuffmanTable {
        /// By the next `maximumBits` bits: the symbol and its code's length.
        var entries: [(symbol: UInt8, bits: Int)]
        var maximumBits: Int

        /// Reads a tree description (weights, direct or FSE-compressed) and returns the table
        /// with where the streams begin.
        static func read(_ input: [UInt8], from start: Int, to end: Int) -> (HuffmanTable, Int)? {
            guard start < end else { return nil }
            let header = Int(input[start])
            var weights: [Int] = []
            var next: Int
            if header >= 128 {
                let count = header - 127
                next = start + 1 + (count + 1) / 2
                guard next <= end else { return nil }
                for index in 0..<count {
                    let byte = Int(input[start + 1 + index / 2])
                    weights.append(index % 2 == 0 ? byte >> 4 : byte & 0x0F)
                }
            } else {
                next = start + 1 + header
                guard header > 0, next <= end,
                    let decoded = FSETable.decodeWeights(input, from: start + 1, to: next)
                else { return nil }
                weights = decoded
            }
            // The last symbol's weight completes the sum to a power of two.
            guard weights.count < 256, weights.allSatisfy({ $0 <= 11 }) else { return nil }
            let total = weights.reduce(0) { $0 + ($1 > 0 ? 1 << ($1 - 1) : 0) }
            guard total > 0 else { return nil }
            let maximumBits = Int.bitWidth - total.leadingZeroBitCount
            let rest = (1 << maximumBits) - total
            guard rest > 0, rest & (rest - 1) == 0, maximumBits <= 11 else { return nil }
            weights.append(rest.trailingZeroBitCount + 1)
            // Codes by increasing weight, then symbol: each takes 2^(weight-1) entries.
            var entries = [(symbol: UInt8, bits: Int)](
                repeating: (0, 0),
                count: 1 << maximumBits
            )
            var position = 0
            for weight in 1...maximumBits {
                for (symbol, other) in weights.enumerated() where other == weight {
                    let span = 1 << (weight - 1)
                    guard position + span <= entries.count else { return nil }
                    for index in position..<position + span {
                        entries[index] = (UInt8(symbol), maximumBits + 1 - weight)
                    }
                    position += span
                }
            }
            guard position == entries.count else { return nil }
            return (HuffmanTable(entries: entries, maximumBits: maximumBits), next)
        }

        /// Decodes `count` literals from one backward stream.
        func decode(
            _ input: [UInt8],
            from start: Int,
            to end: Int,
            count: Int,
            into literals: inout [UInt8]
        ) -> Bool {
            if count == 0 { return true }
            guard var stream = BackwardBits(input, from: start, to: end) else { return false }
            for _ in 0..<count {
                let peek = stream.position
                let index = stream.read(maximumBits)
                let entry = entries[index]
                // Give back the bits the code did not use.
                stream.position = peek - entry.bits
                if stream.position < 0 { return false }
                stream.overrun = false
                literals.append(entry.symbol)
            }
            return stream.position == 0
        }
    }

    /// A finite state entropy decoding table (RFC 8878, 4.1).
    struct FSETable {
        enum Kind {
            case literalLength, matchLength, offset

            var maximumAccuracy: Int { self == .offset ? 8 : 9 }
            var maximumSymbol: Int {
                switch self {
                case .literalLength: 35
                case .matchLength: 52
                case .offset: 31
                }
            }
            /// The predefined distribution and its accuracy.
            var predefined: ([Int], Int) {
                switch self {
                case .literalLength:
                    return (
                        [
                            4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2,
                            2, 3, 2, 1, 1, 1, 1, 1, -1, -1, -1, -1,
                        ], 6
                    )
                case .matchLength:
                    return (
                        [
                            1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                            1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1,
                            -1, -1, -1, -1, -1, -1,
                        ], 6
                    )
                case .offset:
                    return (
                        [
                            1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                            -1, -1, -1, -1, -1,
                        ], 5
                    )
                }
            }
        }

        var symbols: [Int]
        var baselines: [Int]
        var bitCounts: [Int]
        var accuracy: Int

        func symbol(_ state: Int) -> Int { symbols[state & (symbols.count - 1)] }

        func next(_ state: Int, _ stream: inout BackwardBits) -> Int {
            let index = state & (symbols.count - 1)
            return baselines[index] + stream.read(bitCounts[index])
        }

        /// A sequence table in the mode the block gives: predefined, RLE, described here
        /// (read forward from `cursor`), or repeated from an earlier block (not decoded).
        static func read(
            mode: Int,
            kind: Kind,
            _ input: [UInt8],
            _ cursor: inout Int,
            _ end: Int
        ) -> FSETable? {
            switch mode {
            case 0:
                let (counts, accuracy) = kind.predefined
                return build(counts, accuracy: accuracy)
            case 1:
                guard cursor < end, Int(input[cursor]) <= kind.maximumSymbol else { return nil }
                let symbol = Int(input[cursor])
                cursor += 1
                return FSETable(symbols: [symbol], baselines: [0], bitCounts: [0], accuracy: 0)
            case 2:
                guard
                    let (counts, accuracy, size) = readCounts(
                        input,
                        from: cursor,
                        to: end,
                        maximumAccuracy: kind.maximumAccuracy,
                        maximumSymbol: kind.maximumSymbol
                    )
                else { return nil }
                cursor += size
                return build(counts, accuracy: accuracy)
            default:
                return nil
            }
        }

        /// A table description: the accuracy, then each symbol's count (RFC 8878, 4.1.1).
        ///
        /// Read forward with little-endian bits. Returns the counts (-1 for "less than one"),
        /// the accuracy and the bytes read.
        static func readCounts(
            _ input: [UInt8],
            from start: Int,
            to end: Int,
            maximumAccuracy: Int,
            maximumSymbol: Int
        ) -> ([Int], Int, Int)? {
            var bit = 0
            func read(_ count: Int) -> Int? {
                var value = 0
                for offset in 0..<count {
                    let index = start + (bit + offset) >> 3
                    guard index < end else { return nil }
                    value |= Int(input[index] >> UInt8((bit + offset) & 7) & 1) << offset
                }
                return value
            }
            guard let low = read(4) else { return nil }
            bit += 4
            let accuracy = low + 5
            guard accuracy <= maximumAccuracy else { return nil }
            var remaining = (1 << accuracy) + 1
            var threshold = 1 << accuracy
            var width = accuracy + 1
            var counts: [Int] = []
            while remaining > 1 {
                guard counts.count <= maximumSymbol, let peek = read(width) else { return nil }
                let maximum = 2 * threshold - 1 - remaining
                var value: Int
                if peek & (threshold - 1) < maximum {
                    value = peek & (threshold - 1)
                    bit += width - 1
                } else {
                    value = peek & (2 * threshold - 1)
                    if value >= threshold { value -= maximum }
                    bit += width
                }
                let count = value - 1
                remaining -= count < 0 ? -count : count
                counts.append(count)
                guard remaining >= 1 else { return nil }
                while remaining < threshold {
                    width -= 1
                    threshold >>= 1
                }
                if count == 0 {
                    // Then 2-bit repeat flags: that many more zeros, 3 meaning read another.
                    while true {
                        guard let repeats = read(2) else { return nil }
                        bit += 2
                        counts.append(contentsOf: repeatElement(0, count: repeats))
                        guard counts.count <= maximumSymbol + 1 else { return nil }
                        if repeats < 3 { break }
                    }
                }
            }
            guard remaining == 1, counts.count <= maximumSymbol + 1 else { return nil }
            return (counts, accuracy, (bit + 7) / 8)
        }

        /// The decoding table for normalised counts (RFC 8878, 4.1.1).
        static func build(_ counts: [Int], accuracy: Int) -> FSETable? {
            let size = 1 << accuracy
            var symbols = [Int](repeating: 0, count: size)
            var high = size - 1
            var nextState = [Int](repeating: 0, count: counts.count)
            for (symbol, count) in counts.enumerated() where count == -1 {
                guard high >= 0 else { return nil }
                symbols[high] = symbol
                high -= 1
                nextState[symbol] = 1
            }
            let step = (size >> 1) + (size >> 3) + 3
            var position = 0
            for (symbol, count) in counts.enumerated() where count > 0 {
                nextState[symbol] = count
                for _ in 0..<count {
                    symbols[position] = symbol
                    repeat { position = (position + step) & (size - 1) } while position > high
                }
            }
            guard position == 0 else { return nil }
            var baselines = [Int](repeating: 0, count: size)
            var bitCounts = [Int](repeating: 0, count: size)
            for state in 0..<size {
                let symbol = symbols[state]
                let next = nextState[symbol]
                nextState[symbol] += 1
                guard next > 0 else { return nil }
                let bits = accuracy - (Int.bitWidth - 1 - next.leadingZeroBitCount)
                bitCounts[state] = bits
                baselines[state] = (next << bits) - size
            }
            return FSETable(
                symbols: symbols,
                baselines: baselines,
                bitCounts: bitCounts,
                accuracy: accuracy
            )
        }

        /// Huffman weights compressed with FSE: a table description, then a backward stream
        /// decoded with two interleaved states (RFC 8878, 4.2.1.2).
        static func decodeWeights(_ input: [UInt8], from start: Int, to end: Int) -> [Int]? {
            guard
                let (counts, accuracy, size) = readCounts(
                    input,
                    from: start,
                    to: end,
                    maximumAccuracy: 6,
                    maximumSymbol: 255
                ),
                let table = build(counts, accuracy: accuracy),
                var stream = BackwardBits(input, from: start + size, to: end)
            else { return nil }
            var first = stream.read(accuracy)
            var second = stream.read(accuracy)
            var weights: [Int] = []
            while weights.count < 255 {
                weights.append(table.symbol(first))
                first = table.next(first, &stream)
                if stream.overrun {
                    weights.append(table.symbol(second))
                    break
                }
                weights.append(table.symbol(second))
                second = table.next(second, &stream)
                if stream.overrun {
                    weights.append(table.symbol(first))
                    break
                }
            }
            return stream.overrun ? weights : nil
        }
    }
}
