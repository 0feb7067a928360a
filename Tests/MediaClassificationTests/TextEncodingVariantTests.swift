import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// A text file says what it is in any Unicode encoding and with any line ending: every text
/// fixture, re-encoded as UTF-8 behind a byte-order mark, UTF-16 and UTF-32 in both byte
/// orders with a mark, and with CRLF or CR line endings, is classified (by content alone) as
/// the fixture itself is, up to the generic text type that names the encoding.
@Suite struct TextEncodingVariantTests {
    /// The text fixtures in the manifest that are UTF-8 without a mark and end lines with LF.
    static func textFixtures() throws -> [(name: String, text: String)] {
        let manifest = fixturesFolder.appendingPathComponent("manifest.json")
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [[String: Any]]
        )
        return try rows.compactMap { row in
            guard row["family"] as? String == "text", let name = row["file"] as? String else {
                return nil
            }
            let bytes = try Data(contentsOf: fixturesFolder.appendingPathComponent(name))
            guard bytes.first != 0xEF, !bytes.contains(0x0D), !bytes.contains(0),
                let text = String(data: bytes, encoding: .utf8)
            else { return nil }
            return (name, text)
        }
    }

    /// The variants of a text, each with a label.
    static func variants(of text: String) -> [(label: String, bytes: [UInt8])] {
        typealias B = ImageContainerTextSupport
        return [
            ("UTF-8 with a mark", [0xEF, 0xBB, 0xBF] + Array(text.utf8)),
            ("UTF-16LE", B.wideText(text, littleEndian: true)),
            ("UTF-16BE", B.wideText(text, littleEndian: false)),
            ("UTF-32LE", B.wideText(text, utf32: true, littleEndian: true)),
            ("UTF-32BE", B.wideText(text, utf32: true, littleEndian: false)),
            ("CRLF", Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)),
            ("CR", Array(text.replacingOccurrences(of: "\n", with: "\r").utf8)),
        ]
    }

    /// Plain text in any encoding is one answer here.
    static func normalized(_ type: UTType) -> String {
        let generic = [
            "public.plain-text", "public.utf8-plain-text", "public.utf16-plain-text",
        ]
        return generic.contains(type.identifier) ? "public.plain-text" : type.identifier
    }

    @Test func everyTextFixtureKeepsItsTypeInEveryEncodingAndLineEnding() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let fixtures = try Self.textFixtures()
        #expect(fixtures.count >= 20)
        for (name, text) in fixtures {
            let original = try classifier.classify(bytes: Array(text.utf8))
            for (label, bytes) in Self.variants(of: text) {
                let variant = try classifier.classify(bytes: bytes)
                #expect(
                    Self.normalized(variant.type) == Self.normalized(original.type),
                    "\(name) in \(label): \(variant.type.identifier) (\(variant.detail))"
                )
            }
        }
    }
}
