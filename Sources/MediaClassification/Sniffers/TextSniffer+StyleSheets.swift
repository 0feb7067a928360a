/// CSS style sheets, read by their grammar rather than by their lines.
///
/// Real style sheets put a selector list over several lines (`.a,` then `.b {`), nest rules
/// in `@media` blocks, start with a licence comment, or are minified onto one line; a reader
/// of lines missed most of them. This one walks the rules as CSS Syntax Level 3 lays them
/// out: comments, at-rules, qualified rules of a selector list and a block of
/// `property: value` declarations, and gives up at the first thing CSS does not write.
extension TextSniffer {
    /// The most bytes of a style sheet read; the evidence is in its first rules.
    private static let styleSheetLimit = 16_384

    /// What makes text a CSS style sheet.
    ///
    /// At least two rules with declarations (or one with two, when the whole text was read),
    /// and nothing that is not CSS before the end of what was read. JavaScript object
    /// literals (`var a = {b: 1}`), C structs (`struct a { int b; }`) and JSON fail at their
    /// first token. Blocks nest at most 8 deep, so hostile text cannot run the stack down.
    ///
    /// Sass's SCSS syntax is CSS with variables (`$name: value;`, used as `color: $name`),
    /// mixins (`@mixin`, `@include`), `@extend`, `@use` and `//` comments: a style sheet that
    /// writes any of those but the comments is SCSS.
    static func styleSheetEvidence(
        _ text: ArraySlice<UInt8>,
        complete: Bool
    ) -> (identifier: String, evidence: String)? {
        var reader = StyleSheetReader(text.prefix(styleSheetLimit))
        let truncated = !complete || text.count > styleSheetLimit
        guard let counts = reader.read(truncated: truncated) else { return nil }
        guard counts.rules >= 2 || (counts.rules == 1 && counts.declarations >= 2 && !truncated)
        else { return nil }
        let evidence = "\(counts.rules) rules with \(counts.declarations) declarations"
        if reader.sassMarks > 0 {
            return ("org.sass-lang.scss", evidence + ", \(reader.sassMarks) of SCSS's marks")
        }
        return ("public.css", evidence)
    }
}

/// A reader of CSS's rule structure, over bytes.
private struct StyleSheetReader {
    let bytes: ArraySlice<UInt8>
    var index: Int
    var rules = 0
    var declarations = 0
    /// SCSS's variables and its own at-rules, seen.
    var sassMarks = 0
    /// Whether the value ``scanValue()`` last read uses an SCSS variable (`color: $text`):
    /// CSS writes `$` only in strings, which the scan skips, and attribute selectors.
    var valueUsesVariable = false

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.index = bytes.startIndex
    }

    /// The number of rules and declarations, or `nil` when the text is not CSS.
    ///
    /// Running out of text inside a rule is not a failure when the text was cut (`truncated`).
    mutating func read(truncated: Bool) -> (rules: Int, declarations: Int)? {
        switch readRules(depth: 0) {
        case .failed: return nil
        case .ended: return (rules, declarations)
        case .cut: return truncated ? (rules, declarations) : nil
        }
    }

    enum Outcome { case ended, cut, failed }

    /// At-rules that hold rules, not declarations.
    private static let groupingRules: Set<String> = [
        "media", "supports", "document", "-moz-document", "layer", "container", "scope",
        "keyframes", "-webkit-keyframes", "-moz-keyframes", "-o-keyframes", "starting-style",
    ]

    /// Words that start statements or declarations in programming and schema languages,
    /// and name no HTML element (so `var` and `object`, which do, are not here).
    private static let statementWords: Set<String> = [
        "struct", "class", "if", "else", "for", "while", "function", "enum", "union", "let",
        "const", "return", "switch", "do", "try", "catch", "fn", "func", "def", "impl",
        "public", "private", "static", "void", "int", "package", "import", "namespace", "new",
        "type", "interface", "query", "mutation", "schema", "fragment", "scalar", "extend",
        "message", "service", "server", "location", "trait", "module",
    ]

    /// A list of rules, up to the `}` that closes the enclosing block (depth above 0) or the
    /// end of the text (depth 0).
    private mutating func readRules(depth: Int) -> Outcome {
        while true {
            guard skipSpaceAndComments() else { return .cut }
            guard index < bytes.endIndex else { return depth == 0 ? .ended : .cut }
            let byte = bytes[index]
            if byte == UInt8(ascii: "}") {
                guard depth > 0 else { return .failed }
                index += 1
                return .ended
            }
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "-") && hasPrefix("-->") {
                // An HTML comment's ends, which old style sheets wrap themselves in.
                if hasPrefix("<!--") {
                    index += 4
                    continue
                }
                if hasPrefix("-->") {
                    index += 3
                    continue
                }
                return .failed
            }
            if byte == UInt8(ascii: "$") {
                let outcome = readVariable()
                if outcome != .ended { return outcome }
                continue
            }
            let outcome =
                byte == UInt8(ascii: "@")
                ? readAtRule(depth: depth) : readQualifiedRule(depth: depth)
            if outcome != .ended { return outcome }
        }
    }

    /// SCSS's at-rules, which CSS does not have.
    private static let sassRules: Set<String> = [
        "mixin", "include", "extend", "use", "forward", "function", "each", "if", "else",
        "return", "for", "while",
    ]

    /// An SCSS variable, `$name: value;`.
    private mutating func readVariable() -> Outcome {
        index += 1
        let nameStart = index
        while index < bytes.endIndex, isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart, skipSpaceAndComments() else { return .failed }
        guard index < bytes.endIndex else { return .cut }
        guard bytes[index] == UInt8(ascii: ":") else { return .failed }
        index += 1
        guard let end = scanValue() else { return .cut }
        guard end == UInt8(ascii: ";") else { return .failed }
        index += 1
        sassMarks += 1
        return .ended
    }

    /// `@name prelude;` or `@name prelude { ... }`.
    private mutating func readAtRule(depth: Int, inBlock: Bool = false) -> Outcome {
        index += 1
        let nameStart = index
        while index < bytes.endIndex, isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart, index - nameStart <= 32 else { return .failed }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        if Self.sassRules.contains(name) { sassMarks += 1 }
        guard let end = scanPrelude(allowingSemicolon: true) else { return .cut }
        switch end {
        case UInt8(ascii: ";"):
            index += 1
            return .ended
        case UInt8(ascii: "{"):
            index += 1
            // Inside a rule's block (CSS Nesting, SCSS), a grouping rule holds declarations.
            if Self.groupingRules.contains(name), !inBlock {
                return depth < 8 ? readRules(depth: depth + 1) : .failed
            }
            // `@font-face { ... }`, `@page { ... }`: a block of declarations, as a rule's.
            let before = declarations
            let outcome = readDeclarations(depth: depth)
            if outcome == .ended, declarations > before { rules += 1 }
            return outcome
        default:
            return .failed
        }
    }

    /// A selector list and its block of declarations.
    private mutating func readQualifiedRule(depth: Int) -> Outcome {
        let start = index
        guard isSelectorStart(bytes[index]) else { return .failed }
        guard let end = scanPrelude(allowingSemicolon: false) else { return .cut }
        guard end == UInt8(ascii: "{") else { return .failed }
        let selector = bytes[start..<index]
        let firstWord = selector.prefix { isNameByte($0) }
        if Self.statementWords.contains(String(decoding: firstWord, as: UTF8.self))
            || !isSelectorText(selector)
        {
            return .failed
        }
        index += 1
        let before = declarations
        let outcome = readDeclarations(depth: depth + 1)
        if outcome == .ended, declarations > before { rules += 1 }
        return outcome
    }

    /// Declarations up to the closing `}`; a nested rule (CSS Nesting: `&:hover { ... }`)
    /// is read as a rule.
    private mutating func readDeclarations(depth: Int) -> Outcome {
        while true {
            guard skipSpaceAndComments() else { return .cut }
            guard index < bytes.endIndex else { return .cut }
            let byte = bytes[index]
            if byte == UInt8(ascii: "}") {
                index += 1
                return .ended
            }
            if byte == UInt8(ascii: ";") {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "$") || byte == UInt8(ascii: "@") {
                guard depth < 8 else { return .failed }
                let outcome =
                    byte == UInt8(ascii: "$")
                    ? readVariable() : readAtRule(depth: depth + 1, inBlock: true)
                if outcome != .ended { return outcome }
                continue
            }
            let start = index
            // `*zoom` and `_height` are old Internet Explorer hacks; `--name` a custom property.
            if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") { index += 1 }
            let nameStart = index
            while index < bytes.endIndex, isNameByte(bytes[index]) { index += 1 }
            let named = index > nameStart
            guard skipSpaceAndComments() else { return .cut }
            if named, index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") {
                let colon = index
                index += 1
                guard let end = scanValue() else { return .cut }
                if end == UInt8(ascii: "{") {
                    // `a:hover {`: a nested rule's selector, not a value.
                    index = colon
                } else {
                    let value = bytes[(colon + 1)..<index]
                    guard colon > nameStart, bytes[colon + 1] != UInt8(ascii: ":"),
                        value.contains(where: { !TextSniffer.isSpace($0) })
                    else { return .failed }
                    declarations += 1
                    if valueUsesVariable { sassMarks += 1 }
                    if end == UInt8(ascii: ";") { index += 1 }
                    continue
                }
            }
            index = start
            guard depth < 8 else { return .failed }
            let outcome = readQualifiedRule(depth: depth)
            if outcome != .ended { return outcome }
        }
    }

    /// Moves to the `{` (or `;` when allowed) that ends a prelude, past strings and brackets.
    ///
    /// Returns that byte, or `nil` at the end of the text. A `}` or a `;` where
    /// none may stand, or a prelude longer than any selector, is returned for the caller
    /// to refuse.
    private mutating func scanPrelude(allowingSemicolon: Bool) -> UInt8? {
        let start = index
        var brackets = 0
        while index < bytes.endIndex {
            guard index - start <= 2_048 else { return 0 }
            if let skipped = skipStringOrComment() {
                guard skipped else { return nil }
                continue
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["): brackets += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                brackets -= 1
                if brackets < 0 { return 0 }
            case UInt8(ascii: "{"):
                if brackets == 0 { return byte }
                return 0
            case UInt8(ascii: "}"): return byte
            case UInt8(ascii: ";"):
                if brackets == 0 { return allowingSemicolon ? byte : 0 }
            case UInt8(ascii: "="):
                // `[type="text"]` only; `a = {` is an assignment.
                if brackets == 0 { return 0 }
            default:
                if byte < 0x20 && !TextSniffer.isSpace(byte) { return 0 }
            }
            index += 1
        }
        return nil
    }

    /// Moves to the `;`, `}` or `{` that ends a value, past strings and brackets.
    ///
    /// Returns that byte (a `{` outside brackets means the "value" was a selector), or `nil` at the
    /// end of the text.
    private mutating func scanValue() -> UInt8? {
        var brackets = 0
        var newLine = false
        let start = index
        valueUsesVariable = false
        while index < bytes.endIndex {
            guard index - start <= 8_192 else { return 0 }
            if let skipped = skipStringOrComment() {
                guard skipped else { return nil }
                continue
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["): brackets += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): brackets = max(0, brackets - 1)
            case UInt8(ascii: ";"), UInt8(ascii: "}"):
                if brackets == 0 { return byte }
            case UInt8(ascii: "{"):
                if brackets == 0 { return byte }
            case 0x0A:
                newLine = true
            case UInt8(ascii: ":"):
                // A value goes on over lines, but a name and colon on a later line is a
                // declaration with no semicolon before it: a mapping (GraphQL, YAML), not CSS.
                if brackets == 0, newLine { return 0 }
            case UInt8(ascii: "$"):
                if index + 1 < bytes.endIndex,
                    ByteFields.isASCIILetter(bytes[index + 1])
                        || bytes[index + 1] == UInt8(ascii: "_")
                {
                    valueUsesVariable = true
                }
            default:
                if byte < 0x20 && !TextSniffer.isSpace(byte) { return 0 }
            }
            index += 1
        }
        return nil
    }

    /// Skips a quoted string or a comment that starts at `index`, as both scans of a rule do:
    /// `nil` when neither starts there, false when it runs past the end of the text.
    private mutating func skipStringOrComment() -> Bool? {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return skipString() }
        if hasPrefix("/*") { return skipSpaceAndComments() }
        return nil
    }

    /// Skips white space, `/* */` comments and `//` line comments; false when a comment runs
    /// past the end.
    private mutating func skipSpaceAndComments() -> Bool {
        while index < bytes.endIndex {
            if TextSniffer.isSpace(bytes[index]) || bytes[index] == 0x0C {
                index += 1
            } else if hasPrefix("//") {
                // SCSS's and Less's line comments; CSS writes `//` only inside a value.
                while index < bytes.endIndex, bytes[index] != 0x0A { index += 1 }
            } else if hasPrefix("/*") {
                var close = index + 2
                while close + 1 < bytes.endIndex,
                    bytes[close] != UInt8(ascii: "*") || bytes[close + 1] != UInt8(ascii: "/")
                {
                    close += 1
                }
                guard close + 1 < bytes.endIndex else { return false }
                index = close + 2
            } else {
                return true
            }
        }
        return true
    }

    /// Skips a quoted string and its escapes; false when it runs past the end or a line.
    private mutating func skipString() -> Bool {
        let quote = bytes[index]
        index += 1
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            index += 1
            if byte == quote { return true }
            if byte == 0x0A { return false }
        }
        index = min(index, bytes.endIndex)
        return false
    }

    private func hasPrefix(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.endIndex - index >= count else { return false }
        return literal.withUTF8Buffer { bytes[index..<index + count].elementsEqual($0) }
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        TextSniffer.isIdentifierByte(byte) || byte == UInt8(ascii: "-") || byte >= 0x80
    }

    /// Whether a prelude reads as a selector list: no `<` or `?` (markup, generics,
    /// `#include <x>`), quotes only in attribute selectors, a `(` only after a pseudo-class's
    /// name (`:not(`, `:nth-child(`; `f() {` is a function), and a `:` or `::` always
    /// followed by a name (`a: {` is a mapping).
    private func isSelectorText(_ selector: ArraySlice<UInt8>) -> Bool {
        var brackets = 0
        var afterPseudoName = false
        var index = selector.startIndex
        while index < selector.endIndex {
            let byte = selector[index]
            let next = index + 1 < selector.endIndex ? selector[index + 1] : 0x20
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: "?"), UInt8(ascii: "`"):
                return false
            case UInt8(ascii: "["):
                brackets += 1
            case UInt8(ascii: "]"):
                brackets -= 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard brackets > 0 else { return false }
            case UInt8(ascii: ":") where brackets == 0:
                if next == UInt8(ascii: ":") { index += 1 }  // a pseudo-element, `::before`
                let name = index + 1 < selector.endIndex ? selector[index + 1] : 0x20
                guard isNameByte(name) else { return false }
                afterPseudoName = true
                index += 1
                continue
            case UInt8(ascii: "("):
                guard afterPseudoName else { return false }
                // The argument (`2n+1`, `.a, .b`) is not read further.
                var depth = 1
                index += 1
                while index < selector.endIndex, depth > 0 {
                    if selector[index] == UInt8(ascii: "(") { depth += 1 }
                    if selector[index] == UInt8(ascii: ")") { depth -= 1 }
                    index += 1
                }
                afterPseudoName = false
                continue
            case UInt8(ascii: ")"):
                return false
            default:
                break
            }
            if !isNameByte(byte) { afterPseudoName = false }
            index += 1
        }
        return brackets == 0
    }

    /// What a selector can start with: a name, `.`, `#`, `*`, `:`, `[`, `&`, `>`, `+`, `~`, or
    /// a keyframe's percentage.
    private func isSelectorStart(_ byte: UInt8) -> Bool {
        isNameByte(byte) || ".#*:[&>+~%\\".utf8.contains(byte)
    }
}
