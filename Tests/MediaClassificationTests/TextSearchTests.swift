import Testing

@testable import MediaClassification

/// The literal searches every language reading asks of every line: `contains`, `hasPrefix`
/// and their case-folding forms, checked against a plain reference search on the edges
/// (empty needle, needle as long as the line, a match in the last place, a first byte that
/// recurs before the match).
@Suite struct TextSearchTests {
    /// The reference: every start position compared byte by byte, letters folded by OR-ing
    /// 0x20 when `folding` (as the readings compare them).
    private static func reference(
        _ needle: [UInt8],
        in text: [UInt8],
        anchored: Bool,
        folding: Bool
    ) -> Bool {
        guard needle.count <= text.count else { return false }
        let fold: UInt8 = folding ? 0x20 : 0
        let starts = anchored ? 0...0 : 0...(text.count - needle.count)
        return starts.contains { start in
            needle.indices.allSatisfy { text[start + $0] | fold == needle[$0] | fold }
        }
    }

    static let lines = [
        "", "a", "ab", "use std::io;", "  fn main() {", "fn fn fn(", "aaab", "xyz",
        "#include <stdio.h>", "SELECT * FROM t", "select * from T", "name = \"x\"",
        "import os.path as p", "Write-Host -Object $x", "end", "ends with end",
    ]
    static let needles = [
        "", "a", "b", "ab", "aab", "fn", "fn(", "::", "end", "from", "FROM", "select",
        "#include", "Write-", "xyz", "xyzw", "use std::io;", " = ",
    ]

    typealias Search = @Sendable (ArraySlice<UInt8>, String) -> Bool

    /// The four searches, each with how the reference reads it (anchored, folding).
    static let searches: [(name: String, search: Search, anchored: Bool, folding: Bool)] = [
        ("contains", TextSniffer.contains, false, false),
        ("hasPrefix", TextSniffer.hasPrefix, true, false),
        ("containsIgnoringCase", TextSniffer.containsIgnoringCase, false, true),
        ("hasPrefixIgnoringCase", TextSniffer.hasPrefixIgnoringCase, true, true),
    ]

    @Test func searchesAgreeWithTheReference() {
        for line in Self.lines {
            let text = Array(line.utf8)[...]
            for needle in Self.needles {
                for (name, search, anchored, folding) in Self.searches {
                    let expected = Self.reference(
                        Array(needle.utf8),
                        in: Array(text),
                        anchored: anchored,
                        folding: folding
                    )
                    #expect(search(text, needle) == expected, "\(name) \(needle) in \(line)")
                }
            }
        }
    }

    /// A slice that does not start at index 0 (a line cut from a larger head) is searched
    /// from its own start, never before it nor past its end.
    @Test func slicesAreSearchedWithinTheirBounds() {
        let head = Array("fn main() {\nuse a::b;\n".utf8)
        let second = head[12..<21]
        #expect(String(decoding: second, as: UTF8.self) == "use a::b;")
        #expect(TextSniffer.hasPrefix(second, "use "))
        #expect(!TextSniffer.hasPrefix(second, "fn"))
        #expect(!TextSniffer.contains(second, "main"))
        #expect(!TextSniffer.contains(second, ";\n"))
        #expect(TextSniffer.contains(second, "a::b;"))
    }
}
