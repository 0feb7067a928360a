import Foundation
import MediaClassification
import TestSupport
import Testing

/// Writes DEFLATE streams bit by bit (RFC 1951).
///
/// Header fields go least significant bit first, Huffman codes most significant bit first.
/// Enough to make well-formed and hostile streams by hand; real encoders' streams come from
/// the fixtures.
struct DeflateWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt32 = 0
    private var count = 0

    /// `width` bits of `value`, least significant first.
    mutating func bits(_ value: Int, _ width: Int) {
        for index in 0..<width {
            buffer |= UInt32((value >> index) & 1) << UInt32(count)
            count += 1
            if count == 8 { flushByte() }
        }
    }

    /// A Huffman code of `width` bits, most significant first.
    mutating func code(_ value: Int, _ width: Int) {
        for index in stride(from: width - 1, through: 0, by: -1) { bits((value >> index) & 1, 1) }
    }

    private mutating func flushByte() {
        bytes.append(UInt8(buffer & 0xFF))
        buffer = 0
        count = 0
    }

    /// Pads the last byte with zero bits.
    mutating func alignToByte() {
        if count > 0 { flushByte() }
    }

    /// The stream so far, its last byte padded.
    var finished: [UInt8] {
        var copy = self
        copy.alignToByte()
        return copy.bytes
    }

    /// A symbol of the fixed literal/length code (block type 1).
    mutating func fixedSymbol(_ symbol: Int) {
        switch symbol {
        case 0..<144: code(0x30 + symbol, 8)
        case 144..<256: code(0x190 + symbol - 144, 9)
        case 256..<280: code(symbol - 256, 7)
        default: code(0xC0 + symbol - 280, 8)
        }
    }

    /// Starts a block with its final flag and type.
    mutating func blockHeader(final: Bool, type: Int) {
        bits(final ? 1 : 0, 1)
        bits(type, 2)
    }

    /// A fixed-code block of literals only.
    mutating func fixedLiterals(_ data: [UInt8], final: Bool = true) {
        blockHeader(final: final, type: 1)
        for byte in data { fixedSymbol(Int(byte)) }
        fixedSymbol(256)
    }

    /// A stored block.
    mutating func stored(_ data: [UInt8], final: Bool = true) {
        blockHeader(final: final, type: 0)
        alignToByte()
        let length = data.count
        bits(length & 0xFFFF, 16)
        bits(~length & 0xFFFF, 16)
        bytes += data
    }

    /// A raw stream of `data` in one fixed-code block.
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var writer = DeflateWriter()
        writer.fixedLiterals(data)
        return writer.finished
    }

    /// `prefix` as literals, then `repeats` copies of 258 bytes at distance 1 (the last byte
    /// again), which is how a decompression bomb grows: 13 bits for 258 bytes; then `suffix`.
    static func bomb(prefix: [UInt8], repeats: Int, suffix: [UInt8] = []) -> [UInt8] {
        var writer = DeflateWriter()
        writer.blockHeader(final: true, type: 1)
        for byte in prefix { writer.fixedSymbol(Int(byte)) }
        for _ in 0..<repeats {
            writer.fixedSymbol(285)  // length 258, no extra bits
            writer.code(0, 5)  // distance 1
        }
        for byte in suffix { writer.fixedSymbol(Int(byte)) }
        writer.fixedSymbol(256)
        return writer.finished
    }
}

/// The entries of a ZIP archive without an archive comment, from its central directory.
private func zipEntries(_ bytes: [UInt8]) -> [(
    name: String, method: Int, crc: UInt32, data: [UInt8]
)] {
    func le16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func le32(_ at: Int) -> Int { le16(at) | le16(at + 2) << 16 }
    let end = bytes.count - 22
    guard end >= 0, bytes[end..<(end + 4)].elementsEqual([0x50, 0x4B, 0x05, 0x06]) else {
        return []
    }
    var cursor = le32(end + 16)
    var result: [(name: String, method: Int, crc: UInt32, data: [UInt8])] = []
    for _ in 0..<le16(end + 10) {
        let nameLength = le16(cursor + 28)
        let name = String(
            decoding: bytes[(cursor + 46)..<(cursor + 46 + nameLength)],
            as: UTF8.self
        )
        let local = le32(cursor + 42)
        let start = local + 30 + le16(local + 26) + le16(local + 28)
        let data = Array(bytes[start..<(start + le32(cursor + 20))])
        result.append((name, le16(cursor + 10), UInt32(le32(cursor + 16)), data))
        cursor += 46 + nameLength + le16(cursor + 30) + le16(cursor + 32)
    }
    return result
}

@Suite struct InflateTests {
    static let text = Array(
        """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
        """.utf8
    )

    @Test func crc32MatchesTheCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    @Test func realEncodersStreamsDecodeToTheirCRC() throws {
        // Every deflated entry of every ZIP-based fixture (LibreOffice, zip, jar, Python's
        // zlib): dynamic and fixed Huffman blocks as real encoders write them.
        var decoded = 0
        for fixture in try Fixture.all() {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path)))
            guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { continue }
            for entry in zipEntries(bytes) where entry.method == 8 {
                let result = Inflate.inflate(entry.data, outputLimit: 1 << 20)
                #expect(result.outcome == .complete, "\(fixture.file)/\(entry.name)")
                #expect(CRC32.checksum(result.bytes) == entry.crc, "\(fixture.file)/\(entry.name)")
                decoded += 1
            }
        }
        #expect(decoded >= 100)
    }

    @Test func aGzipFixturesStreamDecodesToTheText() throws {
        let gzip = try fixtureBytes("text.txt.gz")
        let text = try fixtureBytes("text.txt")
        // gzip -n: a 10-byte header with no name, then the raw stream and an 8-byte trailer.
        #expect(gzip[3] == 0)
        let raw = Inflate.inflate(Array(gzip[10...]), outputLimit: 1 << 20)
        #expect(raw == Inflate.Result(bytes: text, outcome: .complete))
        // The whole member, its trailer's CRC-32 and length checked.
        let member = Inflate.inflate(gzip, format: .gzip, outputLimit: 1 << 20)
        #expect(member == Inflate.Result(bytes: text, outcome: .complete))
        #expect(
            Inflate.inflate(gzip, format: .gzip, outputLimit: 10)
                == Inflate.Result(bytes: Array(text.prefix(10)), outcome: .outputLimit)
        )
        // A flipped bit in the stored CRC-32; then a header that is not gzip's.
        var badCRC = gzip
        badCRC[gzip.count - 8] ^= 0x01
        let checked = Inflate.inflate(badCRC, format: .gzip, outputLimit: 1 << 20)
        #expect(checked == Inflate.Result(bytes: text, outcome: .invalid(.checksumMismatch)))
        var badMagic = gzip
        badMagic[1] = 0x8C
        #expect(
            Inflate.inflate(badMagic, format: .gzip, outputLimit: 1 << 20).outcome
                == .invalid(.invalidHeader("incorrect header check"))
        )
        // The member cut before its trailer.
        let cut = Inflate.inflate(Array(gzip.dropLast(4)), format: .gzip, outputLimit: 1 << 20)
        #expect(cut == Inflate.Result(bytes: text, outcome: .truncated))
    }

    @Test func handMadeBlocksDecode() {
        #expect(
            Inflate.inflate(DeflateWriter.deflate(Self.text), outputLimit: 4096).bytes == Self.text
        )
        var writer = DeflateWriter()
        writer.stored(Array(Self.text.prefix(10)), final: false)
        writer.stored([], final: false)
        writer.fixedLiterals(Array(Self.text.dropFirst(10)), final: true)
        let result = Inflate.inflate(writer.finished + [0xDE, 0xAD], outputLimit: 4096)
        #expect(result == Inflate.Result(bytes: Self.text, outcome: .complete))
        // An overlapping copy: "ab" then length 6 at distance 2.
        var overlap = DeflateWriter()
        overlap.blockHeader(final: true, type: 1)
        overlap.fixedSymbol(Int(UInt8(ascii: "a")))
        overlap.fixedSymbol(Int(UInt8(ascii: "b")))
        overlap.fixedSymbol(260)  // length 6
        overlap.code(1, 5)  // distance 2
        overlap.fixedSymbol(256)
        #expect(Inflate.inflate(overlap.finished, outputLimit: 100).bytes == Array("abababab".utf8))
    }

    @Test func theOutputStopsAtTheLimit() {
        let stream = DeflateWriter.deflate(Self.text)
        let cut = Inflate.inflate(stream, outputLimit: 20)
        #expect(cut == Inflate.Result(bytes: Array(Self.text.prefix(20)), outcome: .outputLimit))
        #expect(Inflate.inflate(stream, outputLimit: 0).outcome == .outputLimit)
        #expect(Inflate.inflate(stream, outputLimit: -5).bytes.isEmpty)
        // A stream that ends exactly at the limit is whole; one byte less is not.
        #expect(
            Inflate.inflate(stream, outputLimit: Self.text.count)
                == Inflate.Result(bytes: Self.text, outcome: .complete)
        )
        #expect(
            Inflate.inflate(stream, outputLimit: Self.text.count - 1).outcome == .outputLimit
        )
        var storedWriter = DeflateWriter()
        storedWriter.stored(Self.text)
        let stored = Inflate.inflate(storedWriter.finished, outputLimit: 7)
        #expect(stored == Inflate.Result(bytes: Array(Self.text.prefix(7)), outcome: .outputLimit))
        // An empty final block produces nothing and is complete even with no room at all.
        var empty = DeflateWriter()
        empty.stored([])
        #expect(Inflate.inflate(empty.finished, outputLimit: 0).outcome == .complete)
    }

    @Test func aBombCostsNoMoreThanTheLimit() {
        // About 2 GB if decoded to the end, from 64 KiB of input.
        let bomb = DeflateWriter.bomb(prefix: Array("x".utf8), repeats: 40_000)
        let clock = ContinuousClock()
        let start = clock.now
        let result = Inflate.inflate(bomb, outputLimit: 64 << 10)
        #expect(clock.now - start < .seconds(2) * timeScaleUnderSanitizers)
        #expect(result.outcome == .outputLimit)
        #expect(result.bytes.count == 64 << 10)
        #expect(result.bytes.allSatisfy { $0 == UInt8(ascii: "x") })
    }

    @Test func truncatedStreamsKeepWhatDecoded() {
        let stream = DeflateWriter.deflate(Self.text)
        for length in 0..<stream.count {
            let result = Inflate.inflate(Array(stream.prefix(length)), outputLimit: 4096)
            #expect(result.outcome == .truncated, "cut at \(length)")
            #expect(Self.text.starts(with: result.bytes), "cut at \(length)")
        }
        var stored = DeflateWriter()
        stored.stored(Self.text)
        let cut = Inflate.inflate(Array(stored.finished.prefix(30)), outputLimit: 4096)
        #expect(cut == Inflate.Result(bytes: Array(Self.text.prefix(25)), outcome: .truncated))
        #expect(
            Inflate.inflate([], outputLimit: 10) == Inflate.Result(bytes: [], outcome: .truncated)
        )
    }

    /// Why a stream is invalid, or nil when it is not.
    static func invalidReason(_ stream: [UInt8], outputLimit: Int = 4096) -> Inflate.Failure? {
        if case .invalid(let reason) = Inflate.inflate(stream, outputLimit: outputLimit).outcome {
            return reason
        }
        return nil
    }

    @Test func malformedStreamsAreInvalid() {
        // Block type 3.
        var reserved = DeflateWriter()
        reserved.blockHeader(final: true, type: 3)
        #expect(Self.invalidReason(reserved.finished) == .reservedBlockType)
        // A stored block whose NLEN is not LEN's complement.
        #expect(
            Self.invalidReason([0x01, 0x05, 0x00, 0x05, 0x00, 1, 2, 3, 4, 5])
                == .storedLengthMismatch
        )
        // Length symbols 286 and 287, distance symbols 30 and 31 (fixed codes); zlib names
        // the code, not the symbol.
        for symbol in [286, 287] {
            var writer = DeflateWriter()
            writer.blockHeader(final: true, type: 1)
            writer.fixedSymbol(65)
            writer.fixedSymbol(symbol)
            writer.code(0, 5)
            #expect(Self.invalidReason(writer.finished) == .invalidLiteralLengthSymbol, "\(symbol)")
        }
        for symbol in [30, 31] {
            var writer = DeflateWriter()
            writer.blockHeader(final: true, type: 1)
            writer.fixedSymbol(65)
            writer.fixedSymbol(257)
            writer.code(symbol, 5)
            writer.bits(0, 13)
            #expect(Self.invalidReason(writer.finished) == .invalidDistanceSymbol, "\(symbol)")
        }
        // A distance before the start of the output.
        var far = DeflateWriter()
        far.blockHeader(final: true, type: 1)
        far.fixedSymbol(65)
        far.fixedSymbol(257)
        far.code(1, 5)  // distance 2, one byte written
        far.fixedSymbol(256)
        let farResult = Inflate.inflate(far.finished, outputLimit: 100)
        #expect(farResult.outcome == .invalid(.distanceTooFarBack))
        #expect(farResult.bytes == [65])
    }

    @Test func malformedDynamicHeadersAreInvalid() {
        func dynamic(literals: Int, distances: Int, codeLengths: [Int]) -> DeflateWriter {
            var writer = DeflateWriter()
            writer.blockHeader(final: true, type: 2)
            writer.bits(literals - 257, 5)
            writer.bits(distances - 1, 5)
            writer.bits(codeLengths.count - 4, 4)
            for length in codeLengths { writer.bits(length, 3) }
            return writer
        }
        func reason(_ writer: DeflateWriter) -> Inflate.Failure? {
            Self.invalidReason(writer.finished)
        }
        // 288 literal/length codes, or 31 distance codes.
        #expect(
            reason(dynamic(literals: 288, distances: 1, codeLengths: [1, 1, 0, 0]))
                == .tooManyCodes
        )
        #expect(
            reason(dynamic(literals: 257, distances: 31, codeLengths: [1, 1, 0, 0]))
                == .tooManyCodes
        )
        // An over-subscribed code-length code: 19 codes of one bit.
        let oversubscribed = [Int](repeating: 1, count: 19)
        #expect(
            reason(dynamic(literals: 257, distances: 1, codeLengths: oversubscribed))
                == .unusableCodeLengthCode
        )
        // An incomplete code-length code: one code of two bits.
        #expect(
            reason(dynamic(literals: 257, distances: 1, codeLengths: [0, 0, 0, 2]))
                == .unusableCodeLengthCode
        )
        // No code-length code at all. zlib differs from RFC 1951's reading here: it accepts
        // the empty code and decodes every length as 0 (a bit each), so the block fails only
        // once all 258 lengths are read, for want of an end-of-block code.
        var empty = dynamic(literals: 257, distances: 1, codeLengths: [0, 0, 0, 0])
        #expect(Inflate.inflate(empty.finished, outputLimit: 4096).outcome == .truncated)
        empty.bits(0, 258)
        #expect(reason(empty) == .noEndOfBlockCode)
        // Code-length symbols 16 (code 0) and 17 (code 1); a repeat comes first.
        var repeatFirst = dynamic(literals: 257, distances: 1, codeLengths: [1, 1, 0, 0])
        repeatFirst.code(0, 1)
        repeatFirst.bits(0, 2)
        #expect(reason(repeatFirst) == .invalidLengthRepeat)
        // Symbols 17 (code 0) and 18 (code 1, a run of 11 to 138 zero lengths).
        func zeroRuns(_ runs: [Int]) -> DeflateWriter {
            var writer = dynamic(literals: 257, distances: 1, codeLengths: [0, 1, 1, 0])
            for run in runs {
                writer.code(1, 1)
                writer.bits(run - 11, 7)
            }
            return writer
        }
        // Zero runs past the 258 lengths: zlib gives this the message of a repeat with no
        // previous length.
        #expect(reason(zeroRuns([138, 138])) == .invalidLengthRepeat)
        // Exactly 258 zero lengths: no end-of-block code.
        #expect(reason(zeroRuns([138, 120])) == .noEndOfBlockCode)
    }

    @Test func endlessEmptyBlocksEndWithTheInput() {
        // 100,000 empty stored blocks that are not final: no output, no hang.
        let stream =
            [UInt8](
                repeating: 0,
                count: 1
            ) + [UInt8](repeatElement([0x00, 0x00, 0xFF, 0xFF, 0x00], count: 100_000).joined())
        let clock = ContinuousClock()
        let start = clock.now
        let result = Inflate.inflate(stream, outputLimit: 4096)
        #expect(clock.now - start < .seconds(5) * timeScaleUnderSanitizers)
        #expect(result.bytes.isEmpty)
        #expect(result.outcome != .complete)
    }

    @Test func randomBytesNeverTrapOrOverrun() {
        var random = SplitMix64(seed: 0x1951)
        var outcomes: [String: Int] = [:]
        for round in 0..<3_000 {
            let count = Int(random.next() % 600)
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            // A third start like a dynamic block, where most of the checks are.
            if round % 3 == 0, !bytes.isEmpty { bytes[0] = bytes[0] & 0xF8 | 0x05 }
            let limit = Int(random.next() % 2048)
            let result = Inflate.inflate(bytes, outputLimit: limit)
            #expect(result.bytes.count <= limit)
            let key: String
            switch result.outcome {
            case .complete: key = "complete"
            case .outputLimit: key = "outputLimit"
            case .truncated: key = "truncated"
            case .invalid: key = "invalid"
            }
            outcomes[key, default: 0] += 1
        }
        #expect(outcomes["invalid", default: 0] > 100)
    }
}
