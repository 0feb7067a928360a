/// A bounded decoder for raw DEFLATE streams (RFC 1951), as ZIP entries of method 8 hold them.
///
/// It exists so that the container sniffer can read one small part of a ZIP package (an Office
/// Open XML package's `[Content_Types].xml`) without a C library. It is written for hostile
/// input rather than for speed:
///
/// - The output stops at `outputLimit` bytes, so a stream that expands without end (a
///   "bomb") costs no more than the limit.
/// - Every step consumes input bits or produces output, and the input is a finite array, so
///   a stream of empty blocks ends when the input does.
/// - Malformed streams (a reserved block type, a stored block whose length check fails,
///   over-subscribed or unusable code lengths, a distance before the start of the output,
///   the symbols that RFC 1951 reserves) end the decoding with ``Outcome/invalid(_:)``; what
///   was decoded before is kept.
/// - There is no dictionary preset and no window beyond the output itself: a distance must
///   point inside what was already produced.
package enum Inflate {
    /// How a decoding ended.
    package enum Outcome: Sendable, Hashable {
        /// The final block ended: the output is the whole stream.
        case complete
        /// The output reached the limit; the stream may hold more.
        case outputLimit
        /// The input ended before the final block did.
        case truncated
        /// The stream is malformed; the reason says where.
        case invalid(String)
    }

    /// The bytes decoded and how the decoding ended.
    package struct Result: Sendable, Hashable {
        /// The decoded bytes: the whole stream, or what came before the limit or the damage.
        package var bytes: [UInt8]
        /// Why the decoding stopped.
        package var outcome: Outcome

        /// Creates a result from decoded bytes and how the decoding ended.
        package init(bytes: [UInt8], outcome: Outcome) {
            self.bytes = bytes
            self.outcome = outcome
        }
    }

    /// Decodes a raw DEFLATE stream, stopping after `outputLimit` bytes.
    ///
    /// - Parameters:
    ///   - input: The compressed bytes; anything after the final block is ignored.
    ///   - outputLimit: The most bytes to produce.
    /// - Returns: The bytes decoded and why the decoding stopped.
    package static func inflate(_ input: [UInt8], outputLimit: Int) -> Result {
        var decoder = Decoder(input: input, limit: max(0, outputLimit))
        let outcome = decoder.run()
        return Result(bytes: decoder.output, outcome: outcome)
    }
}

// MARK: - Decoding

extension Inflate {
    /// A canonical Huffman code, kept as the number of codes of each length and the symbols in
    /// code order (RFC 1951, 3.2.2): decoding reads one bit at a time and compares the code so
    /// far with the first code of its length.
    fileprivate struct HuffmanCode {
        /// `counts[n]`: how many symbols have a code of `n` bits (index 0 unused).
        var counts = [Int](repeating: 0, count: 16)
        /// The symbols ordered by code length, then by symbol value.
        var symbols: [Int] = []

        /// An empty code: no symbol decodes.
        init() {}

        /// Builds the code for the given lengths (0 = symbol not used), or returns nil when
        /// the lengths ask for more codes than bits allow (an over-subscribed set).
        ///
        /// An incomplete set is allowed, as RFC 1951 allows one distance code of one bit; a bit
        /// pattern no symbol owns is reported when it is met.
        init?(lengths: ArraySlice<Int>) {
            for length in lengths {
                guard (0...15).contains(length) else { return nil }
                counts[length] += 1
            }
            counts[0] = 0
            var left = 1
            for length in 1...15 {
                left = (left << 1) - counts[length]
                if left < 0 { return nil }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: offsets[15] + counts[15])
            for (symbol, length) in zip(0..., lengths) where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        var isEmpty: Bool { symbols.isEmpty }
    }

    /// Why a step could not go on.
    fileprivate enum Stop: Error {
        case outputLimit
        case truncated
        case invalid(String)
    }

    /// Base lengths and extra bits of the length symbols 257...285.
    fileprivate static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115,
        131, 163, 195, 227, 258,
    ]
    fileprivate static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Base distances and extra bits of the distance symbols 0...29.
    fileprivate static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
        2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    fileprivate static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12,
        13, 13,
    ]
    /// The order in which a dynamic block lists the code-length code's lengths.
    fileprivate static let codeLengthOrder = [
        16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
    ]

    /// The fixed literal/length code of block type 1: 288 symbols (286 and 287 never valid).
    fileprivate static let fixedLiteralCode: HuffmanCode = {
        var lengths = [Int](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        return HuffmanCode(lengths: lengths[...]) ?? HuffmanCode()
    }()
    /// The fixed distance code of block type 1: 32 five-bit codes (30 and 31 never valid).
    fileprivate static let fixedDistanceCode: HuffmanCode =
        HuffmanCode(lengths: [Int](repeating: 5, count: 32)[...]) ?? HuffmanCode()

    /// The decoder's state: the input read least significant bit first, and the output, which
    /// is also the window that back-references copy from.
    fileprivate struct Decoder {
        let input: [UInt8]
        let limit: Int
        var position = 0
        var bitBuffer: UInt32 = 0
        var bitCount = 0
        var output: [UInt8] = []

        init(input: [UInt8], limit: Int) {
            self.input = input
            self.limit = limit
            output.reserveCapacity(min(limit, max(1024, input.count * 4)))
        }

        mutating func run() -> Outcome {
            do throws(Stop) {
                var isFinal = false
                while !isFinal {
                    isFinal = try bits(1) == 1
                    switch try bits(2) {
                    case 0: try storedBlock()
                    case 1: try codedBlock(Inflate.fixedLiteralCode, Inflate.fixedDistanceCode)
                    case 2:
                        let (literals, distances) = try dynamicCodes()
                        try codedBlock(literals, distances)
                    default: throw Stop.invalid("reserved block type 3")
                    }
                }
                return .complete
            } catch {
                switch error {
                case .outputLimit: return .outputLimit
                case .truncated: return .truncated
                case .invalid(let reason): return .invalid(reason)
                }
            }
        }

        /// The next `count` bits (0...16), least significant first.
        mutating func bits(_ count: Int) throws(Stop) -> Int {
            while bitCount < count {
                guard position < input.count else { throw Stop.truncated }
                bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
                position += 1
                bitCount += 8
            }
            let value = Int(bitBuffer & ((UInt32(1) << UInt32(count)) - 1))
            bitBuffer >>= UInt32(count)
            bitCount -= count
            return value
        }

        mutating func append(_ byte: UInt8) throws(Stop) {
            guard output.count < limit else { throw Stop.outputLimit }
            output.append(byte)
        }

        /// Block type 0: the rest of the current byte is skipped, then LEN, its complement
        /// NLEN, and LEN bytes copied as they are.
        mutating func storedBlock() throws(Stop) {
            // Fewer than 8 bits are ever buffered, all from the byte being read: drop them.
            bitBuffer = 0
            bitCount = 0
            guard input.count - position >= 4 else { throw Stop.truncated }
            let length = Int(input[position]) | Int(input[position + 1]) << 8
            let check = Int(input[position + 2]) | Int(input[position + 3]) << 8
            guard length == check ^ 0xFFFF else {
                throw Stop.invalid("stored block length \(length) fails its complement check")
            }
            position += 4
            let available = min(length, input.count - position)
            let room = limit - output.count
            output += input[position..<(position + min(available, room))]
            position += available
            if available > room { throw Stop.outputLimit }
            if available < length { throw Stop.truncated }
        }

        /// Block type 2's header: the code-length code, then the literal/length and distance
        /// code lengths it encodes (RFC 1951, 3.2.7).
        mutating func dynamicCodes() throws(Stop) -> (HuffmanCode, HuffmanCode) {
            let literalCount = try bits(5) + 257
            let distanceCount = try bits(5) + 1
            let codeLengthCount = try bits(4) + 4
            guard literalCount <= 286, distanceCount <= 30 else {
                throw Stop.invalid("\(literalCount) literal or \(distanceCount) distance codes")
            }
            var codeLengthLengths = [Int](repeating: 0, count: 19)
            for index in 0..<codeLengthCount {
                codeLengthLengths[Inflate.codeLengthOrder[index]] = try bits(3)
            }
            guard let codeLengthCode = HuffmanCode(lengths: codeLengthLengths[...]),
                !codeLengthCode.isEmpty
            else { throw Stop.invalid("unusable code-length code") }
            let total = literalCount + distanceCount
            var lengths: [Int] = []
            lengths.reserveCapacity(total)
            while lengths.count < total {
                let symbol = try decode(codeLengthCode)
                let repeated: Int
                let count: Int
                switch symbol {
                case 0...15:
                    lengths.append(symbol)
                    continue
                case 16:
                    guard let previous = lengths.last else {
                        throw Stop.invalid("length repeat with no previous length")
                    }
                    repeated = previous
                    count = 3 + (try bits(2))
                case 17:
                    repeated = 0
                    count = 3 + (try bits(3))
                default:
                    repeated = 0
                    count = 11 + (try bits(7))
                }
                guard lengths.count + count <= total else {
                    throw Stop.invalid("code lengths run past the \(total) codes")
                }
                lengths += repeatElement(repeated, count: count)
            }
            guard lengths[256] != 0 else { throw Stop.invalid("no end-of-block code") }
            guard let literals = HuffmanCode(lengths: lengths[0..<literalCount]),
                let distances = HuffmanCode(lengths: lengths[literalCount...])
            else { throw Stop.invalid("over-subscribed literal or distance code") }
            return (literals, distances)
        }

        /// One symbol of `code`, read a bit at a time.
        mutating func decode(_ code: HuffmanCode) throws(Stop) -> Int {
            var value = 0
            var first = 0
            var index = 0
            for length in 1...15 {
                value |= try bits(1)
                let count = code.counts[length]
                if value - first < count { return code.symbols[index + value - first] }
                index += count
                first = (first + count) << 1
                value <<= 1
            }
            throw Stop.invalid("a bit pattern no symbol owns")
        }

        /// Literals and back-references up to the end-of-block symbol (block types 1 and 2).
        mutating func codedBlock(_ literals: HuffmanCode, _ distances: HuffmanCode) throws(Stop) {
            while true {
                let symbol = try decode(literals)
                if symbol < 256 {
                    try append(UInt8(symbol))
                    continue
                }
                if symbol == 256 { return }
                let lengthIndex = symbol - 257
                guard lengthIndex < Inflate.lengthBase.count else {
                    throw Stop.invalid("reserved length symbol \(symbol)")
                }
                let length =
                    Inflate.lengthBase[lengthIndex] + (try bits(Inflate.lengthExtra[lengthIndex]))
                let distanceSymbol = try decode(distances)
                guard distanceSymbol < Inflate.distanceBase.count else {
                    throw Stop.invalid("reserved distance symbol \(distanceSymbol)")
                }
                let distance =
                    Inflate.distanceBase[distanceSymbol]
                    + (try bits(Inflate.distanceExtra[distanceSymbol]))
                guard distance <= output.count else {
                    throw Stop.invalid("distance \(distance) before the start of the output")
                }
                // Byte by byte: the source may overlap what is being written.
                var from = output.count - distance
                for _ in 0..<length {
                    try append(output[from])
                    from += 1
                }
            }
        }
    }
}

// MARK: - CRC-32

/// The CRC-32 that ZIP records for each entry (ISO 3309 polynomial, reflected, 0xEDB88320).
package enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index -> UInt32 in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
        return value
    }

    /// The checksum of `bytes`.
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}
