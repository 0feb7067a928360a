import Testing
import UniformTypes

@testable import MediaClassification

/// The allocation-free forms the hot paths use.
///
/// A literal compared in place, and UTF-8 validation with an ASCII scan first: each must
/// answer as the form it replaced.
@Suite struct ByteLiteralTests {
    @Test func aLiteralMatchesAsItsBytesDo() {
        let head = Array("RIFF\u{0}\u{1}\u{2}\u{3}WEBPVP8 ".utf8)
        let cases: [(Int, StaticString)] = [
            (0, "RIFF"), (8, "WEBP"), (8, "WEBPVP8 "), (8, "WEBPVP8  "), (0, "RIFX"), (-1, "R"),
            (16, ""), (17, ""), (4, "\u{0}\u{1}"), (12, "VP8 "), (13, "VP8 "),
        ]
        for (offset, literal) in cases {
            let bytes = literal.withUTF8Buffer { Array($0) }
            #expect(
                ByteFields.matches(head, at: offset, literal)
                    == ByteFields.matches(head, at: offset, bytes),
                "\(literal) at \(offset)"
            )
        }
        #expect(ByteFields.matches(head, at: 8, "WEBP"))
        #expect(!ByteFields.matches(head, at: 13, "VP8 "))
        #expect(ImageSniffer.starts(head, with: "RIFF"))
        #expect(MediaBytes.matches(head, 8, "WEBP"))
    }

    @Test func validationAgreesWithTheStandardLibrary() {
        let samples: [[UInt8]] = [
            [], Array("clip.mp4".utf8), Array("caf\u{E9}.jpg".utf8), [0x66, 0xFF, 0x2E, 0x6A],
            [0xC3], [0xE2, 0x82, 0xAC], [0xED, 0xA0, 0x80], Array("a\u{0}b".utf8),
        ]
        for bytes in samples {
            let expected = String(validating: bytes, as: UTF8.self)
            #expect(UTF8Text.string(validating: bytes[...]) == expected, "\(bytes)")
            #expect(UTF8Text.isValid(bytes) == (expected != nil), "\(bytes)")
        }
    }
}
