// AsciiDoc documents: section titles marked by equals signs at the start of the line
// (`== Section`), document attributes (`:toc: left`), admonitions (`NOTE: ...`), attribute
// lists and block macros (`[source,ruby]`, `image::diagram.png[]`). Markdown marks its
// headings with `#` and reStructuredText underlines them; neither writes `== Title`.

extension TextSniffer {
    /// What makes text AsciiDoc.
    ///
    /// A section title (`== Name`, `=== Name`, ...) and a document attribute at the margin
    /// (`:name:` or `:name: value`) count twice; an admonition (`NOTE: `, `TIP: `,
    /// `IMPORTANT: `, `WARNING: `, `CAUTION: `), an attribute list alone on a line
    /// (`[source,ruby]`, `[NOTE]`; not a wiki's `[[link]]`) and a block macro (`image::file.png[]`, `include::a.adoc[]`)
    /// once; three weights are needed, a section title among them.
    static func asciiDocEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text has no line that opens with `== `.
        guard lines.contains(where: asciiDocSectionTitle) else { return nil }
        var found: Set<String> = []
        for line in lines {
            if asciiDocSectionTitle(line) {
                found.insert("a section title")
            } else if asciiDocAttribute(line) {
                found.insert("a document attribute")
            } else if startsWithAny(line, asciiDocAdmonitions) {
                found.insert("an admonition")
            } else if line.first == UInt8(ascii: "["), line.last == UInt8(ascii: "]"),
                line.count > 2, !line.contains(0x20), !hasPrefix(line, "[[")
            {
                found.insert("an attribute list")
            } else if let colons = firstIndex(of: UInt8(ascii: ":"), in: line),
                colons > line.startIndex, hasPrefix(line[colons...], "::"),
                line.last == UInt8(ascii: "]"),
                line[line.startIndex..<colons].allSatisfy(isIdentifierByte)
            {
                found.insert("a block macro")
            }
        }
        var weight = 0
        for mark in found {
            weight += mark == "a section title" || mark == "a document attribute" ? 2 : 1
        }
        guard weight >= 3 else { return nil }
        return found.sorted().joined(separator: ", ")
    }

    /// `== Name` up to `====== Name`: a level of two to six equals signs, a space, a word; not
    /// MediaWiki's `== Name ==`, closed by equals signs.
    private static func asciiDocSectionTitle(_ line: ArraySlice<UInt8>) -> Bool {
        let marks = line.prefix { $0 == UInt8(ascii: "=") }
        guard (2...6).contains(marks.count) else { return false }
        let rest = line[marks.endIndex...]
        guard rest.first == 0x20, let word = rest.dropFirst().first,
            line.last != UInt8(ascii: "=")
        else { return false }
        return isIdentifierStart(word) || word >= 0x80
    }

    /// `:name:` or `:name: value` at the margin, the name a word of letters, digits, `-`, `_`.
    private static func asciiDocAttribute(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.first == UInt8(ascii: ":") else { return false }
        let name = line.dropFirst().prefix { isIdentifierByte($0) || $0 == UInt8(ascii: "-") }
        guard !name.isEmpty, name.endIndex < line.endIndex, line[name.endIndex] == UInt8(ascii: ":")
        else { return false }
        let after = line.index(after: name.endIndex)
        return after == line.endIndex || line[after] == 0x20
    }

    private static let asciiDocAdmonitions = [
        "NOTE: ", "TIP: ", "IMPORTANT: ", "WARNING: ", "CAUTION: ",
    ]
}
