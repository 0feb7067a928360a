/// Source languages told by their lines when no `#!` line names them: Python and TeX.
///
/// Each looks for statements that its language writes at the start of a line and that prose
/// and the other common languages do not, and wants more than one hint unless one alone is
/// unmistakable; a line that only C-like, Haskell or Java code starts with rules it out.
extension TextSniffer {
    /// The lines examined from the start of the text.
    static let languageLines = 80

    /// A line without its carriage return and trailing spaces.
    static func trimmingEnd(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var trimmed = line
        while let last = trimmed.last, last == 0x0D || isSpace(last) {
            trimmed = trimmed.dropLast()
        }
        return trimmed
    }

    /// Starlark as Bazel (and Buck, Pants, Please) write it: a `load()` of a `.bzl` file at
    /// the margin, which Python has no use for; or a target, an indented `name = "..."` with
    /// an indented `srcs = [`, `hdrs = [`, `deps = [` or `visibility = [` (a Python
    /// `setup(name = ...)` call has none of those).
    static func starlarkEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var load = false
        var target = false
        var attributes = false
        forEachLine(of: text, upTo: languageLines) { raw in
            let line = trimmingEnd(raw)
            if startsWithAny(line, ["load(\"", "load('"]), contains(line, ".bzl") {
                load = true
                return false
            }
            let body = line.drop(while: isSpace)
            guard body.count < line.count else { return true }
            if hasPrefix(body, "name = \"") { target = true }
            if startsWithAny(body, ["srcs = [", "hdrs = [", "deps = [", "visibility = ["]) {
                attributes = true
            }
            return !(target && attributes)
        }
        if load { return "load() of a .bzl file" }
        return target && attributes ? "a target's name and its srcs, deps or visibility" : nil
    }

    /// What makes text Python source.
    ///
    /// Outside comments and triple-quoted strings: `def name(...):` or
    /// `class Name(...):` ending in the colon Python's blocks open with, or
    /// `if __name__ == "__main__":`, count two, as do a relative import (`from . import a`,
    /// `from .b import c`) and `from __future__ import ...`; a typing stub's
    /// `def f(x: int) -> str: ...` is a def block; a `from a.b import c` line and a leading
    /// docstring count one each, as do the first two module dunders of different names
    /// (`__all__ = ...`); `import a.b [as c]` lines and block headers (`try:`,
    /// `for x in y:`, ...) count one in all; two are needed. Before they are found, a line
    /// ending in `;` or opening a brace block, or starting with `package `, `module `,
    /// `#include`, `function ` or `using `, rules Python out, as do a line of prose, a list
    /// item (`- `, `* `), a heading's underline and an INI section header (a document that
    /// quotes Python, YAML, a `.coveragerc`). The lines of triple-quoted strings do not count
    /// toward the lines examined.
    static func pythonEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var score = 0
        var hints: [String] = []
        var contrary = false
        var inDocstring: UInt8?
        var first = true
        var dunders: [[UInt8]] = []
        // The lines of triple-quoted strings are not counted among those examined: a module
        // docstring may run for a hundred lines before the first import.
        var examined = 0
        forEachLine(of: text, upTo: languageLines * 10) { raw in
            let line = trimmingEnd(raw)
            if let quote = inDocstring {
                // Inside a triple-quoted string: its lines are text, not code.
                if tripleQuotes(line, quote) % 2 == 1 { inDocstring = nil }
                return true
            }
            examined += 1
            guard examined <= languageLines else { return false }
            let body = line.drop(while: isSpace)
            if body.isEmpty || body.first == UInt8(ascii: "#") { return true }
            defer { first = false }
            if let quote = docstringQuote(body) {
                if first {
                    score += 1
                    hints.append("a module docstring")
                }
                if tripleQuotes(body, quote) == 1 { inDocstring = quote }
                return true
            }
            for quote in [UInt8(ascii: "\""), UInt8(ascii: "'")]
            where tripleQuotes(line, quote) % 2 == 1 {
                // A string that goes on over the next lines (`text = """...`).
                inDocstring = quote
            }
            if line.last == UInt8(ascii: ";") || opensBraceBlock(line)
                || hasPrefix(line, "- ") || hasPrefix(line, "* ") || isUnderline(body)
                || ["package ", "module ", "#include", "function ", "using "].contains(where: {
                    hasPrefix(body, $0)
                }) || isProse(line) || isSectionHeader(line)
            {
                contrary = true
                return false
            }
            if isBlockOpening(body, keyword: "def ") || isBlockOpening(body, keyword: "class ") {
                score += 2
                hints.append(hasPrefix(body, "def ") ? "a def block" : "a class block")
            } else if hasPrefix(body, "if __name__ ==") && body.last == UInt8(ascii: ":") {
                score += 2
                hints.append("a __main__ guard")
            } else if line.first != 0x20, line.first != 0x09, isImportLine(body) {
                // `import a` reads the same in Swift, Go or Haskell: the plain form counts
                // once; `from a import b` is Python's own.
                if hasPrefix(body, "from .") || hasPrefix(body, "from __future__ ") {
                    // A relative import and a future statement have no reading but Python's.
                    score += 2
                    hints.append(
                        hasPrefix(body, "from .") ? "a relative import" : "a future import"
                    )
                } else if hasPrefix(body, "from ") {
                    score += 1
                    hints.append("a from-import")
                } else if !hints.contains("an import") {
                    score += 1
                    hints.append("an import")
                }
            } else if isCompoundHeader(body), !hints.contains("a block statement") {
                score += 1
                hints.append("a block statement")
            } else if hasPrefix(line, "__"), isDunderAssignment(line), dunders.count < 2 {
                // Two names at most, each once: a `__version__.py` sets `__title__`,
                // `__version__`, ...; a Godot scene repeats `__meta__ = {` under each node.
                let name = Array(line.prefix(while: isIdentifierByte))
                if !dunders.contains(name) {
                    dunders.append(name)
                    score += 1
                    hints.append("a module dunder")
                }
            }
            return score < 2
        }
        guard !contrary, score >= 2 else { return nil }
        return hints.prefix(2).joined(separator: " and ")
    }

    /// A line that ends by opening a C-like block: `{` after `)` or a word (`int main() {`,
    /// `else {`), where Python opens a dictionary after `=`, `(`, `[`, `,` or `:`.
    private static func opensBraceBlock(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.last == UInt8(ascii: "{") else { return false }
        var before = line.dropLast()
        while let last = before.last, isSpace(last) { before = before.dropLast() }
        guard let previous = before.last else { return true }
        return previous == UInt8(ascii: ")") || isIdentifierByte(previous)
    }

    /// A compound statement's header, ending in the colon that opens Python's block (before
    /// any comment): `try:`, `else:`, `finally:`, `except:`; `except E:`; `for x in y:`;
    /// `with f(...) as x:`; `if`, `elif` or `while` with a condition that is code (a
    /// comparison, a call, `not`, `in`, `is`), not a sentence that ends in a colon.
    private static func isCompoundHeader(_ line: ArraySlice<UInt8>) -> Bool {
        let code = line.prefix { $0 != UInt8(ascii: "#") }
        var end = code
        while let last = end.last, isSpace(last) { end = end.dropLast() }
        guard end.last == UInt8(ascii: ":"), !contains(end, "{"), !contains(end, ";") else {
            return false
        }
        for bare in ["try:", "else:", "finally:", "except:"] where end.elementsEqual(bare.utf8) {
            return true
        }
        let clause = end.dropLast()
        if hasPrefix(clause, "except ") {
            return clause.dropFirst(7).allSatisfy {
                isIdentifierByte($0) || " .,()".utf8.contains($0)
            } || contains(clause, " as ")
        }
        if hasPrefix(clause, "for ") { return contains(clause, " in ") }
        if hasPrefix(clause, "with ") { return contains(clause, "(") && contains(clause, " as ") }
        guard ["if ", "elif ", "while "].contains(where: { hasPrefix(clause, $0) }) else {
            return false
        }
        return ["==", "!=", "<", ">", "(", " not ", " in ", " is "].contains {
            contains(clause, $0)
        }
    }

    /// `__name__ = ...` at the left margin: a module's `__all__`, `__version__`, ...
    private static func isDunderAssignment(_ line: ArraySlice<UInt8>) -> Bool {
        let name = line.prefix(while: isIdentifierByte)
        guard name.count > 4, name.suffix(2).elementsEqual("__".utf8) else { return false }
        let rest = line[name.endIndex...].drop(while: isSpace)
        return rest.first == UInt8(ascii: "=") && rest.dropFirst().first != UInt8(ascii: "=")
    }

    /// The words Python statements start with: a line that starts with one is code.
    private static let pythonKeywords: Set<String> = [
        "import", "from", "def", "class", "if", "elif", "else", "for", "while", "return",
        "with", "try", "except", "finally", "raise", "assert", "print", "del", "global",
        "async", "await", "pass", "yield", "lambda", "not", "and", "or", "is", "in",
    ]

    /// A line of prose at the left margin.
    ///
    /// Five words or more, nearly all of letters (a trailing comma, full stop or colon
    /// allowed), the first not a Python keyword. A line that ends a statement or opens a
    /// block (`);`, `{`) is code, however many words its parameters make
    /// (`CF_EXPORT CFSocketRef CFSocketCreate(CFAllocatorRef allocator, ...);`).
    static func isProse(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, ByteFields.isASCIILetter(first) else { return false }
        if endsWith(line, ");") || line.last == UInt8(ascii: "{") { return false }
        // Every reading asks this of each line it cannot place: one pass over the bytes, no
        // words made, and the keyword looked up only for a line that reads as prose.
        var words = 0
        var wordy = 0
        var firstWordEnd = line.endIndex
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == 0x20 {
                index += 1
                continue
            }
            let start = index
            var letters = true
            while index < line.endIndex, line[index] != 0x20 {
                if !ByteFields.isASCIILetter(line[index]) {
                    // A closing comma, full stop, colon, semicolon, ! or ? is allowed.
                    let isLast = index + 1 == line.endIndex || line[index + 1] == 0x20
                    if !(isLast && index > start && ",.:;!?".utf8.contains(line[index])) {
                        letters = false
                    }
                }
                index += 1
            }
            if words == 0 { firstWordEnd = index }
            words += 1
            if letters { wordy += 1 }
        }
        guard words >= 5, wordy * 4 >= words * 3 else { return false }
        let firstWord = String(decoding: line[..<firstWordEnd], as: UTF8.self)
        return !pythonKeywords.contains(firstWord)
    }

    /// A heading's underline or a rule (`-----`, `=====`, `~~~~`) as reStructuredText and
    /// Markdown draw them, or reStructuredText's `::` before a literal block.
    private static func isUnderline(_ line: ArraySlice<UInt8>) -> Bool {
        if line.elementsEqual("::".utf8) { return true }
        guard line.count >= 3, let first = line.first, "-=~*".utf8.contains(first) else {
            return false
        }
        return line.allSatisfy { $0 == first }
    }

    /// `[section]` alone on a line, as INI files head their sections (git's configuration
    /// quotes a subsection: `[remote "origin"]`).
    static func isSectionHeader(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.first == UInt8(ascii: "["), line.last == UInt8(ascii: "]"), line.count > 2
        else { return false }
        return line.dropFirst().dropLast().allSatisfy {
            isIdentifierByte($0) || " .:-\"".utf8.contains($0)
        }
    }

    /// How many runs of three `quote` characters the line holds.
    private static func tripleQuotes(_ line: ArraySlice<UInt8>, _ quote: UInt8) -> Int {
        var count = 0
        var run = 0
        for byte in line {
            run = byte == quote ? run + 1 : 0
            if run == 3 {
                count += 1
                run = 0
            }
        }
        return count
    }

    /// The quote of a docstring that opens the line (`"""`, `'''`, with an `r`, `u` or `b`
    /// prefix), or `nil`.
    private static func docstringQuote(_ line: ArraySlice<UInt8>) -> UInt8? {
        let body = line.first.map { "rRuUbB".utf8.contains($0) } == true ? line.dropFirst() : line
        for quote in [UInt8(ascii: "\""), UInt8(ascii: "'")]
        where body.prefix(3).elementsEqual(repeatElement(quote, count: 3)) {
            return quote
        }
        return nil
    }

    /// `def name(...)...:` or `class Name...:`: the keyword, an identifier, and the colon
    /// that ends the line (before a comment).
    private static func isBlockOpening(_ line: ArraySlice<UInt8>, keyword: String) -> Bool {
        guard hasPrefix(line, keyword) else { return false }
        let rest = line.dropFirst(keyword.utf8.count)
        let name = rest.prefix(while: isIdentifierByte)
        guard let head = name.first, !(0x30...0x39).contains(head) else { return false }
        let after = rest[name.endIndex...]
        guard let next = after.first,
            next == UInt8(ascii: "(") || (keyword == "class " && next == UInt8(ascii: ":"))
        else { return false }
        let code = after.prefix { $0 != UInt8(ascii: "#") }
        var end = code
        while let last = end.last, isSpace(last) { end = end.dropLast() }
        // A typing stub's body is an ellipsis on the same line: `def f(x: int) -> str: ...`.
        return end.last == UInt8(ascii: ":") || endsWith(end, ": ...")
    }

    /// `import a.b`, `import a as b, c`, `from a.b import c, d` or `from . import c`: dotted
    /// identifiers only, no quotes, no semicolon.
    private static func isImportLine(_ line: ArraySlice<UInt8>) -> Bool {
        let code = line.prefix { $0 != UInt8(ascii: "#") }
        // Most lines are no import: the keyword is looked for before the words are made.
        let keywordStart = code.drop { $0 == 0x20 || $0 == 0x09 }
        guard hasPrefix(keywordStart, "import") || hasPrefix(keywordStart, "from") else {
            return false
        }
        var words = code.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
        // A list continued on the next line: `import a, \` or `from a import (`.
        if words.last?.elementsEqual("\\".utf8) == true { words.removeLast() }
        func dotted(_ word: ArraySlice<UInt8>) -> Bool {
            !word.isEmpty && word.allSatisfy { isIdentifierByte($0) || $0 == UInt8(ascii: ".") }
                && !(word.first.map { (0x30...0x39).contains($0) } ?? true)
        }
        func names(_ list: ArraySlice<ArraySlice<UInt8>>) -> Bool {
            // `a, b as c`, or `(a, b` opening a parenthesised list, or `*`.
            var expectName = true
            for word in list {
                var word = word
                if expectName, word.first == UInt8(ascii: "(") { word = word.dropFirst() }
                if word.last == UInt8(ascii: ",") || word.last == UInt8(ascii: ")") {
                    word = word.dropLast()
                }
                if word.elementsEqual("as".utf8) {
                    expectName = true
                    continue
                }
                guard word.isEmpty || dotted(word) || word.elementsEqual("*".utf8) else {
                    return false
                }
                expectName = false
            }
            return true
        }
        guard let keyword = words.first else { return false }
        if keyword.elementsEqual("import".utf8) {
            return words.count >= 2 && names(words.dropFirst())
        }
        guard keyword.elementsEqual("from".utf8), words.count >= 4,
            words[2].elementsEqual("import".utf8)
        else { return false }
        return dotted(words[1]) && names(words.dropFirst(3))
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte)
            || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// The commands that only start a TeX or LaTeX document, class or package.
    private static let texCommands = [
        "\\documentclass", "\\documentstyle", "\\begin{document}", "\\usepackage",
        "\\NeedsTeXFormat", "\\ProvidesPackage", "\\ProvidesClass", "\\input texinfo",
    ]

    /// What makes text TeX: a line that starts with one of the commands that set up a LaTeX
    /// document, class or package (`\documentclass`, `\usepackage`, `\begin{document}`,
    /// `\NeedsTeXFormat`, ...), after comment lines, within the first lines.
    static func texEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var found: String?
        forEachLine(of: text, upTo: languageLines) { line in
            let body = line.drop(while: isSpace)
            guard body.first == UInt8(ascii: "\\") else { return true }
            if let command = texCommands.first(where: { hasPrefix(body, $0) }) {
                found = command
                return false
            }
            return true
        }
        // Texinfo is a language of its own, not LaTeX.
        if found == "\\input texinfo" { return nil }
        if let found { return "\(found) line" }
        return latexEnvironmentEvidence(text)
    }

    /// A LaTeX fragment (a table or a figure kept in a file of its own, for `\input`): the
    /// first line that is not blank or a `%` comment opens an environment, `\begin{name}`,
    /// and `\end{name}` closes it later in the text.
    static func latexEnvironmentEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var first: ArraySlice<UInt8>?
        forEachLine(of: text, upTo: languageLines) { line in
            let body = line.drop(while: isSpace)
            if body.isEmpty || body.first == UInt8(ascii: "%") { return true }
            first = body
            return false
        }
        guard let first, hasPrefix(first, "\\begin{") else { return nil }
        let name = first.dropFirst(7).prefix {
            ByteFields.isASCIILetter($0) || $0 == UInt8(ascii: "*")
        }
        guard !name.isEmpty, name.endIndex < first.endIndex,
            first[name.endIndex] == UInt8(ascii: "}")
        else { return nil }
        let environment = String(decoding: name, as: UTF8.self)
        guard contains(text[first.endIndex...], "\\end{\(environment)}") else { return nil }
        return "\\begin{\(environment)} ... \\end{\(environment)}"
    }

    /// Weka's Attribute-Relation File Format (the Weka manual, "ARFF"): after `%` comments,
    /// the header's `@relation name` line, then `@attribute` lines (one a column) before
    /// `@data`; keywords in any case.
    static func arffEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var sawRelation = false
        var attributes = 0
        forEachLine(of: text, upTo: languageLines) { line in
            let body = line.drop(while: isSpace)
            if body.isEmpty || body.first == UInt8(ascii: "%") { return true }
            func keyword(_ word: String) -> Bool {
                hasPrefixIgnoringCase(body, word)
                    && body.dropFirst(word.utf8.count).first.map(isSpace) == true
            }
            if !sawRelation {
                sawRelation = keyword("@relation")
                return sawRelation
            }
            if keyword("@attribute") {
                attributes += 1
                return true
            }
            return false
        }
        guard sawRelation, attributes > 0 else { return nil }
        return "ARFF @relation and \(attributes) @attribute lines"
    }

    /// The keywords of a pkg-config file's fields (pkg-config(1), "Metadata file syntax").
    static let pkgConfigKeywords: Set<String> = [
        "Name", "Description", "Version", "URL", "Requires", "Requires.private", "Conflicts",
        "Provides", "Cflags", "Cflags.private", "Libs", "Libs.private",
    ]

    /// A pkg-config metadata file (`.pc`): every line that is not blank or a `#` comment is a
    /// variable (`prefix=/usr`) or a field (`Name: ...`) of pkg-config's keywords, with
    /// `Name`, `Version` and one of `Libs`, `Cflags`, `Requires` or `Description` among them.
    static func pkgConfigEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var fields: Set<String> = []
        var variables = 0
        var valid = true
        forEachLine(of: text, upTo: languageLines) { raw in
            let line = trimmingEnd(raw)
            if line.isEmpty || line.first == UInt8(ascii: "#") { return true }
            let name = line.prefix { isIdentifierByte($0) || $0 == UInt8(ascii: ".") }
            guard !name.isEmpty, name.endIndex < line.endIndex else {
                valid = false
                return false
            }
            let separator = line[name.endIndex]
            if separator == UInt8(ascii: "="), !name.contains(UInt8(ascii: ".")) {
                variables += 1
                return true
            }
            let keyword = String(decoding: name, as: UTF8.self)
            guard separator == UInt8(ascii: ":"), pkgConfigKeywords.contains(keyword) else {
                valid = false
                return false
            }
            fields.insert(keyword)
            return true
        }
        guard valid, fields.contains("Name"), fields.contains("Version"),
            !fields.isDisjoint(with: ["Libs", "Cflags", "Requires", "Description"])
        else { return nil }
        return "pkg-config fields \(fields.sorted().joined(separator: ", "))"
    }
}
