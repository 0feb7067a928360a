import TestSupport
import Testing

@testable import MediaClassification

/// The bzip2, LZMA (xz, lzip, legacy .lzma), LZ4 (frames and legacy frames), Zstandard,
/// compress (LZW) and lzop (LZO1X) decoders against what the tools wrote.
///
/// bzip2, xz-utils, lzip, lz4, zstd, ncompress and lzop made the fixtures (Fixtures/generate.sh): the decoded
/// head must be the original's, byte for byte, cut short or damaged input must end the
/// decoding without a trap, and the output limit holds. Each decoder is called as the
/// sniffer calls it, through ``BinarySniffer/Compressor/decode(_:limit:)``.
@Suite struct StreamDecoderTests {
    typealias Compressor = BinarySniffer.Compressor

    static let decoders: [(fixture: String, original: String, compressor: Compressor)] = [
        ("archive.tar.bz2", "archive.tar", .bzip2),
        ("document.pdf.bz2", "document.pdf", .bzip2),
        ("text.txt.bz2", "text.txt", .bzip2),
        ("archive.txz", "archive.tar", .xz),
        ("text.txt.xz", "text.txt", .xz),
        ("archive.tar.lz", "archive.tar", .lzip),
        ("text.txt.lz", "text.txt", .lzip),
        ("archive.tar.lzma", "archive.tar", .lzma),
        ("archive-lc4.tar.lzma", "archive.tar", .lzma),
        ("archive.tar.lz4", "archive.tar", .lz4),
        ("archive-legacy.tar.lz4", "archive.tar", .lz4Legacy),
        ("text.txt.lz4", "text.txt", .lz4),
        ("archive.tar.zst", "archive.tar", .zstd),
        ("text.txt.zst", "text.txt", .zstd),
        ("document.fodt.zst", "document.fodt", .zstd),
        ("archive-skippable.tar.zst", "archive.tar", .zstd),
        ("archive.tar.Z", "archive.tar", .compress),
        ("archive.tar.lzo", "archive.tar", .lzop),
        ("document.fodt.lzo", "document.fodt", .lzop),
    ]

    /// One row's fixture, the original it was made from, and its decoder.
    static func load(_ index: Int) throws -> (
        fixture: String, compressed: [UInt8], plain: [UInt8], decode: ([UInt8], Int) -> [UInt8]
    ) {
        let (fixture, original, compressor) = decoders[index]
        return (
            fixture, try fixtureBytes(fixture), try fixtureBytes(original),
            { compressor.decode($0, limit: $1) }
        )
    }

    @Test(arguments: 0..<decoders.count)
    func decodesTheToolsOutput(_ index: Int) throws {
        let (fixture, compressed, plain, decode) = try Self.load(index)
        let limit = 4096
        #expect(decode(compressed, limit) == Array(plain.prefix(limit)), "\(fixture)")
        // A smaller limit stops the output there.
        #expect(decode(compressed, 100) == Array(plain.prefix(100)), "\(fixture)")
        #expect(decode(compressed, 0).isEmpty)
    }

    @Test(arguments: 0..<decoders.count)
    func aHeadCutShortDecodesAsFarAsItGoes(_ index: Int) throws {
        let (fixture, compressed, plain, decode) = try Self.load(index)
        var longest = 0
        for count in 0..<compressed.count {
            let decoded = decode(Array(compressed.prefix(count)), 4096)
            #expect(decoded == Array(plain.prefix(decoded.count)), "\(fixture) cut at \(count)")
            longest = max(longest, decoded.count)
        }
        // The last cuts lose at most the stream's tail: most of the data comes out (all of
        // it for bzip2, whose block is decoded whole or not at all).
        #expect(longest >= min(plain.count, 4096) / 2, "\(fixture)")
    }

    @Test(arguments: 0..<decoders.count)
    func damagedBytesNeverPassTheLimit(_ index: Int) throws {
        let (fixture, compressed, _, decode) = try Self.load(index)
        // Each byte damaged once: its low bit, its high bit or all of it, in turn.
        let flips: [UInt8] = [0x01, 0x80, 0xFF]
        for position in compressed.indices {
            var damaged = compressed
            damaged[position] ^= flips[position % flips.count]
            #expect(decode(damaged, 512).count <= 512, "\(fixture) at \(position)")
        }
    }

    /// Whole files through compress's code widths: 9 to 13 bits (`compress`), and at most 10
    /// bits (`compress -b 10`), whose table fills, so that the encoder resets it (code 256)
    /// when the ratio drops and the reset skips the rest of a group of eight codes.
    @Test(arguments: ["document.fodt.Z", "document-b10.fodt.Z"])
    func compressDecodesWholeFilesThroughWidthsAndResets(_ fixture: String) throws {
        let compressed = try fixtureBytes(fixture)
        let plain = try fixtureBytes("document.fodt")
        let decoded = LZW.decode(compressed, outputLimit: plain.count + 100)
        #expect(decoded.count == plain.count)
        #expect(decoded == plain, "\(fixture) decodes to document.fodt")
        // Widths outside 9...16 and reserved flag bits are not compress's.
        for flags: UInt8 in [0x88, 0x91, 0xF0, 0xB0] {
            var bad = compressed
            bad[2] = flags
            #expect(LZW.decode(bad, outputLimit: 4096).isEmpty, "flags \(flags)")
        }
    }

    /// A whole file of LZO1X-999 codes, a stored block, and the header fields that stop the
    /// decoding: a method that is not LZO1X, a filter, an extra field of more than 1 MiB.
    @Test func lzopDecodesWholeBlocksAndRefusesWhatItCannotRead() throws {
        let compressed = try fixtureBytes("document.fodt.lzo")
        let plain = try fixtureBytes("document.fodt")
        #expect(LZO.decode(compressed, outputLimit: plain.count + 100) == plain)
        // lzop stores a block that would not shrink as it is (text.lzo's one line).
        let stored = LZO.decode(try fixtureBytes("text.lzo"), outputLimit: 4096)
        #expect(stored == Array("mediatype fixture: a line of text to compress.\n".utf8))
        // Version 0x1040: the method is at 15, the flags at 17.
        #expect(ByteFields.u16(compressed, 9, littleEndian: false) == 0x1040)
        for method: UInt8 in [0, 4, 0xFF] {
            var bad = compressed
            bad[15] = method
            #expect(LZO.decode(bad, outputLimit: 4096).isEmpty, "method \(method)")
        }
        var filtered = compressed
        filtered[19] |= 0x08  // F_H_FILTER
        #expect(LZO.decode(filtered, outputLimit: 4096).isEmpty)
        var extra = compressed
        extra[20] |= 0x40  // F_H_EXTRA_FIELD: its length is then the block's size, too long
        #expect(LZO.decode(extra, outputLimit: 4096).isEmpty)
    }

    @Test func zstandardFramesBehindSkippableFrames() throws {
        let skippable = try fixtureBytes("archive-skippable.tar.zst")
        #expect(Zstd.frameAfterSkippableFrames(skippable) == 18)
        let frame = try fixtureBytes("archive.tar.zst")
        #expect(Zstd.frameAfterSkippableFrames(frame) == nil)
        // A skippable frame whose size runs past the bytes, or nothing after it.
        var lying = skippable
        lying[4] = 0xFF
        #expect(Zstd.frameAfterSkippableFrames(lying) == nil)
        #expect(Zstd.frameAfterSkippableFrames(Array(skippable.prefix(18))) == nil)
    }

    @Test func legacyLZMAHeadersAreTakenByTheirShape() throws {
        let alone = try fixtureBytes("archive.tar.lzma")
        let lc4 = try fixtureBytes("archive-lc4.tar.lzma")
        #expect(LZMA.mayOpenLZMAAlone(alone))
        #expect(LZMA.mayOpenLZMAAlone(lc4))
        // lc + lp above 4, a dictionary of 8 MiB + 1, a range coder not opening with 0.
        for (index, value) in [(0, UInt8(0x5F)), (1, 0x01), (13, 0x01)] {
            var bad = alone
            bad[index] = value
            #expect(!LZMA.mayOpenLZMAAlone(bad), "byte \(index)")
        }
    }

    @Test func xzBlocksWithAnotherFilterAreNotDecoded() throws {
        var compressed = try fixtureBytes("archive.txz")
        // Block flags: two filters (an x86 BCJ filter before LZMA2, as `xz --x86` writes).
        compressed[13] |= 0x01
        #expect(LZMA.decodeXZ(compressed, outputLimit: 4096).isEmpty)
        // A stream whose first block header is the index (no block) holds nothing.
        compressed[12] = 0
        #expect(LZMA.decodeXZ(compressed, outputLimit: 4096).isEmpty)
    }

    @Test func lz4MatchesMustPointIntoTheOutput() {
        let header: [UInt8] = [0x04, 0x22, 0x4D, 0x18, 0x60, 0x40, 0x82]
        func frame(_ block: [UInt8], uncompressed: Bool = false) -> [UInt8] {
            let size = UInt32(block.count) | (uncompressed ? 0x8000_0000 : 0)
            return header + (0..<4).map { UInt8(truncatingIfNeeded: size >> ($0 * 8)) } + block
        }
        // Two literals, then a match at offset 2 of 4 bytes: "ab" then "abab".
        #expect(
            LZ4.decodeFrame(frame([0x20, 0x61, 0x62, 0x02, 0x00]), outputLimit: 64)
                == Array("ababab".utf8)
        )
        // An offset of 3 with two bytes out, and an offset of 0: refused where they stand.
        #expect(
            LZ4.decodeFrame(frame([0x20, 0x61, 0x62, 0x03, 0x00]), outputLimit: 64)
                == Array("ab".utf8)
        )
        #expect(
            LZ4.decodeFrame(frame([0x20, 0x61, 0x62, 0x00, 0x00]), outputLimit: 64)
                == Array("ab".utf8)
        )
        // A block stored as is, and a match that would run past the limit.
        #expect(
            LZ4.decodeFrame(frame(Array("stored".utf8), uncompressed: true), outputLimit: 4)
                == Array("stor".utf8)
        )
        #expect(
            LZ4.decodeFrame(frame([0x1F, 0x61, 0x01, 0x00, 0xFF, 0x40]), outputLimit: 300)
                .count == 300
        )
        // A frame with a dictionary identifier is not decoded.
        var withDictionary = frame([0x10, 0x61])
        withDictionary[4] |= 0x01
        #expect(LZ4.decodeFrame(withDictionary, outputLimit: 64).isEmpty)
    }
}
