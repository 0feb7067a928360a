/// A bounded decoder for the first bytes of LZMA data, in the three framings that carry it:
/// an xz stream (LZMA2 chunks in a block), an lzip member and a legacy `.lzma` file.
///
/// It exists so that a compressed file can be told by what it holds, as a gzip stream is
/// (BinarySniffer+CompressedPayload.swift): a `.tar.xz` is a compressed tar, not only an xz
/// stream. Written from the LZMA specification (Igor Pavlov's `lzma-specification.txt`) and
/// the xz and lzip file formats, for hostile input:
///
/// - The output stops at `outputLimit` bytes; only the first chunk's worth is ever decoded.
/// - Every read is bounded: when the input ends, decoding stops and what was decoded is kept
///   (a stream cut short by the head is read as far as it goes).
/// - A distance must point inside what was already produced (there is no preset dictionary),
///   and the range coder's first byte must be zero; anything else ends the decoding.
/// - Filter chains other than LZMA2 alone (x86 BCJ, delta) are not undone: such a block
///   decodes to nothing.
package enum LZMA {
    /// An xz stream's first six bytes: FD, `7zXZ`, 00.
    package static let xzMagic: [UInt8] = [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]
    /// An lzip member's first four bytes.
    package static let lzipMagic: [UInt8] = Array("LZIP".utf8)

    /// The literal, position and position-state bit counts of an LZMA stream.
    struct Properties: Sendable, Hashable {
        var literalContextBits: Int
        var literalPositionBits: Int
        var positionBits: Int

        /// Properties from their one-byte form, `(pb * 5 + lp) * 9 + lc`, or nil past 224.
        init?(byte: UInt8) {
            guard byte < 225 else { return nil }
            let value = Int(byte)
            literalContextBits = value % 9
            literalPositionBits = (value / 9) % 5
            positionBits = value / 45
        }
    }

    /// Decodes the start of an xz stream's first block, when the block's only filter is
    /// LZMA2 (as `xz` writes by default).
    ///
    /// - Parameters:
    ///   - bytes: The stream from its first byte (`FD 37 7A 58 5A 00`).
    ///   - outputLimit: The most bytes to produce.
    /// - Returns: The decoded bytes, possibly empty.
    package static func decodeXZ(_ bytes: [UInt8], outputLimit: Int) -> [UInt8] {
        // Stream header: magic (6), flags (2), CRC-32 (4); then the block header, whose
        // first byte is its size in 4-byte units, less one (0 is the index: no block).
        guard bytes.count > 13, bytes.starts(with: xzMagic), bytes[6] == 0, bytes[12] != 0 else {
            return []
        }
        let headerStart = 12
        let headerSize = (Int(bytes[headerStart]) + 1) * 4
        guard headerStart + headerSize <= bytes.count else { return [] }
        let flags = bytes[headerStart + 1]
        // One filter, no reserved bits.
        guard flags & 0x3C == 0, flags & 0x03 == 0 else { return [] }
        // The sizes and the filter's fields are base-128 integers, low group first, as
        // protobuf writes them.
        var fields = ProtobufCursor(bytes: bytes, index: headerStart + 2)
        if flags & 0x40 != 0, fields.varint() == nil { return [] }
        if flags & 0x80 != 0, fields.varint() == nil { return [] }
        guard let filter = fields.varint(), filter == 0x21,
            let propertiesSize = fields.varint(), propertiesSize == 1,
            fields.index < headerStart + headerSize
        else { return [] }
        var decoder = Decoder(
            input: bytes,
            start: headerStart + headerSize,
            outputLimit: outputLimit
        )
        decoder.decodeLZMA2()
        return decoder.output
    }

    /// Decodes the start of an lzip member: `LZIP`, version 0 or 1, the coded dictionary
    /// size, then LZMA data with lc 3, lp 0, pb 2.
    package static func decodeLzip(_ bytes: [UInt8], outputLimit: Int) -> [UInt8] {
        guard bytes.count > 6, bytes.starts(with: lzipMagic), bytes[4] <= 1,
            let properties = Properties(byte: 0x5D)
        else { return [] }
        var decoder = Decoder(input: bytes, start: 6, outputLimit: outputLimit)
        decoder.decodeLZMA(properties, resetState: true)
        return decoder.output
    }

    /// True when `head` may open a legacy `.lzma` file: a properties byte whose literal
    /// context and position bits xz accepts (lc + lp at most 4), a dictionary size of 2^n or
    /// 2^n + 2^(n-1) bytes from 4 KiB (what xz and the LZMA SDK write; 5D 00 00 80 00 for
    /// 8 MiB), an uncompressed size that is unknown (all ones) or below 2^48, and the range
    /// coder's first byte, which is always zero.
    package static func mayOpenLZMAAlone(_ head: [UInt8]) -> Bool {
        guard head.count > 13, head[13] == 0, let properties = Properties(byte: head[0]),
            properties.literalContextBits + properties.literalPositionBits <= 4,
            let dictionary = ByteFields.u32(head, 1, littleEndian: true), dictionary >= 1 << 12,
            let size = ByteFields.u64(head, 5, littleEndian: true),
            size == UInt64.max || size < 1 << 48
        else { return false }
        let high = UInt32(1) << (31 - UInt32(dictionary.leadingZeroBitCount))
        return dictionary == high || dictionary == high | high >> 1
    }

    /// Decodes the start of a legacy `.lzma` file (LZMA-Alone): a properties byte, the
    /// dictionary size (32-bit little-endian), the uncompressed size (64-bit, all ones when
    /// unknown), then LZMA data.
    package static func decodeLZMAAlone(_ bytes: [UInt8], outputLimit: Int) -> [UInt8] {
        guard bytes.count > 13, let properties = Properties(byte: bytes[0]) else { return [] }
        var decoder = Decoder(input: bytes, start: 13, outputLimit: outputLimit)
        decoder.decodeLZMA(properties, resetState: true)
        return decoder.output
    }

    /// The range decoder, the adaptive probabilities and the output: one LZMA decoding.
    private struct Decoder {
        // Sizes from the specification.
        static let states = 12
        static let positionStatesMaximum = 16
        static let lengthToPositionStates = 4
        static let endPositionModelIndex = 14
        static let fullDistances = 128
        static let alignBits = 4
        static let probabilityInitial: UInt16 = 1024

        let input: [UInt8]
        var cursor: Int
        let outputLimit: Int
        var output: [UInt8] = []
        /// Set when a read passed the input's end or the data broke a rule: decoding stops.
        var stopped = false

        // Range decoder.
        var range: UInt32 = 0
        var code: UInt32 = 0

        // Model: every adaptive probability in one array, at the offsets below.
        var properties: Properties?
        var probabilities: [UInt16] = []
        var state = 0
        var distances: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)

        static let isMatch = 0
        static let isRep = isMatch + states * positionStatesMaximum
        static let isRepG0 = isRep + states
        static let isRepG1 = isRepG0 + states
        static let isRepG2 = isRepG1 + states
        static let isRep0Long = isRepG2 + states
        static let positionSlot = isRep0Long + states * positionStatesMaximum
        static let positionSpecial = positionSlot + lengthToPositionStates * 64
        static let align = positionSpecial + 1 + fullDistances - endPositionModelIndex
        static let matchLength = align + 1 << alignBits
        static let repeatLength = matchLength + Length.size
        static let literal = repeatLength + Length.size

        /// The length coder's probabilities, from its base: a choice between 8 low and 8
        /// middle lengths (both per position state) and 256 high ones.
        enum Length {
            static let choice = 0
            static let choice2 = 1
            static let low = 2
            static let middle = low + positionStatesMaximum << 3
            static let high = middle + positionStatesMaximum << 3
            static let size = high + 256
        }

        init(input: [UInt8], start: Int, outputLimit: Int) {
            self.input = input
            self.cursor = start
            self.outputLimit = max(0, outputLimit)
        }

        var done: Bool { stopped || output.count >= outputLimit }

        mutating func nextByte() -> UInt8 {
            guard cursor < input.count else {
                stopped = true
                return 0
            }
            defer { cursor += 1 }
            return input[cursor]
        }

        /// Starts the range decoder: a zero byte, then the code, big-endian.
        mutating func startRangeDecoder() {
            if nextByte() != 0 { stopped = true }
            range = 0xFFFF_FFFF
            code = 0
            for _ in 0..<4 { code = code << 8 | UInt32(nextByte()) }
            if code == range { stopped = true }
        }

        mutating func normalize() {
            if range < 1 << 24 {
                range <<= 8
                code = code << 8 | UInt32(nextByte())
            }
        }

        mutating func bit(_ index: Int) -> Int {
            let probability = probabilities[index]
            let bound = (range >> 11) &* UInt32(probability)
            let result: Int
            if code < bound {
                range = bound
                probabilities[index] = probability + (2048 - probability) >> 5
                result = 0
            } else {
                range &-= bound
                code &-= bound
                probabilities[index] = probability - probability >> 5
                result = 1
            }
            normalize()
            return result
        }

        mutating func directBits(_ count: Int) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<count {
                range >>= 1
                var bit: UInt32 = 0
                if code >= range {
                    code &-= range
                    bit = 1
                }
                value = value << 1 | bit
                normalize()
            }
            return value
        }

        /// A symbol of `count` bits, high bit first, from a tree of probabilities whose root
        /// is at `base + 1`.
        mutating func bitTree(base: Int, count: Int) -> Int {
            var symbol = 1
            for _ in 0..<count { symbol = symbol << 1 | bit(base + symbol) }
            return symbol - (1 << count)
        }

        /// The same, low bit first.
        mutating func reverseBitTree(base: Int, count: Int) -> Int {
            var index = 1
            var symbol = 0
            for shift in 0..<count {
                let next = bit(base + index)
                index = index << 1 | next
                symbol |= next << shift
            }
            return symbol
        }

        mutating func resetState(_ newProperties: Properties?) {
            if let newProperties { properties = newProperties }
            guard let properties else { return }
            let literalStates =
                1 << (properties.literalContextBits + properties.literalPositionBits)
            probabilities = [UInt16](
                repeating: Self.probabilityInitial,
                count: Self.literal + 0x300 * literalStates
            )
            state = 0
            distances = (0, 0, 0, 0)
        }

        /// A length less 2 (the shortest match), 0 to 271, from the coder at `base`.
        mutating func decodeLength(base: Int, positionState: Int) -> Int {
            if bit(base + Length.choice) == 0 {
                return bitTree(base: base + Length.low + positionState << 3, count: 3)
            }
            if bit(base + Length.choice2) == 0 {
                return 8 + bitTree(base: base + Length.middle + positionState << 3, count: 3)
            }
            return 16 + bitTree(base: base + Length.high, count: 8)
        }

        /// LZMA2: a sequence of chunks, uncompressed or LZMA, each LZMA chunk with a range
        /// coder of its own.
        mutating func decodeLZMA2() {
            var sawProperties = false
            while !done {
                let control = nextByte()
                if stopped || control == 0 { return }
                if control == 1 || control == 2 {
                    let size = (Int(nextByte()) << 8 | Int(nextByte())) + 1
                    for _ in 0..<size where !done {
                        let byte = nextByte()
                        if !stopped { output.append(byte) }
                    }
                    continue
                }
                guard control >= 0x80 else {
                    stopped = true
                    return
                }
                let unpacked =
                    (Int(control & 0x1F) << 16 | Int(nextByte()) << 8 | Int(nextByte())) + 1
                let packed = (Int(nextByte()) << 8 | Int(nextByte())) + 1
                let reset = (control >> 5) & 0x03
                var newProperties: Properties?
                if reset >= 2 {
                    guard let read = Properties(byte: nextByte()),
                        read.literalContextBits + read.literalPositionBits <= 4
                    else {
                        stopped = true
                        return
                    }
                    newProperties = read
                    sawProperties = true
                }
                guard sawProperties, !stopped else {
                    stopped = true
                    return
                }
                let chunkEnd = cursor + packed
                let outputEnd = output.count + unpacked
                if reset >= 1 { resetState(newProperties) }
                startRangeDecoder()
                decodeSymbols(until: outputEnd)
                cursor = chunkEnd
            }
        }

        /// Plain LZMA data to its end marker or the output limit.
        mutating func decodeLZMA(_ newProperties: Properties?, resetState reset: Bool) {
            if reset { resetState(newProperties) }
            startRangeDecoder()
            decodeSymbols(until: Int.max)
        }

        /// Literals, matches and repeats until the output reaches `end` (or the limit), the
        /// end marker comes, or the input ends.
        mutating func decodeSymbols(until end: Int) {
            guard let properties else {
                stopped = true
                return
            }
            let positionMask = (1 << properties.positionBits) - 1
            let literalPositionMask = (1 << properties.literalPositionBits) - 1
            while !done, output.count < end {
                let position = output.count
                let positionState = position & positionMask
                if bit(Self.isMatch + state << 4 + positionState) == 0 {
                    decodeLiteral(position: position, literalPositionMask: literalPositionMask)
                    continue
                }
                var length: Int
                if bit(Self.isRep + state) == 0 {
                    length = decodeLength(base: Self.matchLength, positionState: positionState)
                    state = state < 7 ? 7 : 10
                    let distance = decodeDistance(length: length)
                    if distance == 0xFFFF_FFFF { return }  // end marker
                    distances = (distance, distances.0, distances.1, distances.2)
                } else {
                    if bit(Self.isRepG0 + state) == 0 {
                        if bit(Self.isRep0Long + state << 4 + positionState) == 0 {
                            state = state < 7 ? 9 : 11
                            copyMatch(distance: distances.0, length: 1)
                            continue
                        }
                    } else {
                        let distance: UInt32
                        if bit(Self.isRepG1 + state) == 0 {
                            distance = distances.1
                            distances.1 = distances.0
                        } else if bit(Self.isRepG2 + state) == 0 {
                            distance = distances.2
                            distances.2 = distances.1
                            distances.1 = distances.0
                        } else {
                            distance = distances.3
                            distances.3 = distances.2
                            distances.2 = distances.1
                            distances.1 = distances.0
                        }
                        distances.0 = distance
                    }
                    length = decodeLength(base: Self.repeatLength, positionState: positionState)
                    state = state < 7 ? 8 : 11
                }
                copyMatch(distance: distances.0, length: length + 2)
            }
        }

        mutating func decodeLiteral(position: Int, literalPositionMask: Int) {
            guard let properties else { return }
            let previous = Int(output.last ?? 0)
            let literalState =
                (position & literalPositionMask) << properties.literalContextBits
                + previous >> (8 - properties.literalContextBits)
            let base = Self.literal + 0x300 * literalState
            var symbol = 1
            if state >= 7 {
                // After a match, the byte at the last distance guides the first bits.
                let distance = Int(distances.0) + 1
                guard distance <= output.count else {
                    stopped = true
                    return
                }
                var matchByte = Int(output[output.count - distance])
                while symbol < 0x100 {
                    let matchBit = (matchByte >> 7) & 1
                    matchByte <<= 1
                    let next = bit(base + 0x100 + matchBit << 8 + symbol)
                    symbol = symbol << 1 | next
                    if matchBit != next { break }
                }
            }
            while symbol < 0x100 { symbol = symbol << 1 | bit(base + symbol) }
            if stopped { return }
            output.append(UInt8(truncatingIfNeeded: symbol))
            state = state < 4 ? 0 : (state < 10 ? state - 3 : state - 6)
        }

        mutating func decodeDistance(length: Int) -> UInt32 {
            let lengthState = min(length, Self.lengthToPositionStates - 1)
            let slot = bitTree(base: Self.positionSlot + lengthState << 6, count: 6)
            guard slot >= 4 else { return UInt32(slot) }
            let directCount = (slot >> 1) - 1
            var distance = UInt32(2 | (slot & 1)) << UInt32(directCount)
            if slot < Self.endPositionModelIndex {
                distance += UInt32(
                    reverseBitTree(
                        base: Self.positionSpecial + Int(distance) - slot,
                        count: directCount
                    )
                )
            } else {
                distance &+= directBits(directCount - Self.alignBits) << UInt32(Self.alignBits)
                distance &+= UInt32(reverseBitTree(base: Self.align, count: Self.alignBits))
            }
            return distance
        }

        mutating func copyMatch(distance: UInt32, length: Int) {
            guard !stopped, Int(distance) < output.count else {
                stopped = true
                return
            }
            output.appendMatch(distance: Int(distance) + 1, count: length, limit: outputLimit)
        }
    }
}
