/// RDF's text syntaxes, told by their grammar (W3C RDF 1.1 N-Triples, N-Quads, Turtle and
/// TriG; Notation3; SPARQL 1.1 Query and Update): statements of terms, and the prefix lines
/// that open Turtle, TriG, Notation3 and SPARQL alike.
extension TextSniffer {
    /// The lines read: RDF's headers are short, and its statements are one to a line in
    /// N-Triples and N-Quads.
    private static let rdfLines = 100

    /// The RDF syntax the text is written in, with the evidence; `nil` when it is none.
    ///
    /// - N-Triples: every line (comments and blank lines aside) is one statement of three
    ///   terms, subject, predicate, object, each an IRI in angle brackets (`<http://...>`),
    ///   a blank node (`_:b0`) or, for the object, a quoted literal with an optional language
    ///   tag or datatype, then ` .`. A fourth term, the graph, makes the lines N-Quads.
    /// - Turtle: the first line is a prefix or base declaration, `@prefix ex: <iri> .`,
    ///   `@base <iri> .`, or SPARQL's `PREFIX ex: <iri>`. Lines that follow decide among the
    ///   languages that open so: a query form (`SELECT`, `CONSTRUCT`, `ASK`, `DESCRIBE`, or a
    ///   `WHERE` clause alone) makes a SPARQL query, an update operation (`INSERT`, `DELETE`,
    ///   `LOAD`, `CLEAR`, `DROP`, `CREATE`, `ADD`, `MOVE`, `COPY`, `WITH`) a SPARQL update;
    ///   Notation3's `=>` and `@forAll`, `@forSome` or `@keywords` make Notation3; a named
    ///   graph's block (`<iri> {`, `GRAPH <iri> {`, `ex:g {`) makes TriG.
    ///
    /// When the head was cut, its last line (perhaps cut too) is not judged.
    static func rdfEvidence(
        _ text: ArraySlice<UInt8>,
        complete: Bool
    ) -> (identifier: String, evidence: String)? {
        var declarations = 0
        var triples = 0
        var quads = 0
        var other = 0
        var query = false
        var update = false
        var whereClause = false
        var notation3 = false
        var namedGraph = false
        var start = text.startIndex
        var count = 0
        while start < text.endIndex, count < rdfLines {
            let newline = firstIndex(of: 0x0A, in: text[start...])
            if newline == nil, !complete { break }
            let end = newline ?? text.endIndex
            let line = trimmingEnd(text[start..<end]).drop(while: isSpace)
            start = end + 1
            count += 1
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            if isPrefixDeclaration(line) {
                // Declarations come first; after statements they are Turtle's too.
                declarations += 1
                continue
            }
            if declarations == 0 {
                // Without declarations, only N-Triples' and N-Quads' statements are judged.
                guard other == 0, let terms = statementTerms(line) else { return nil }
                if terms == 3 { triples += 1 } else { quads += 1 }
                continue
            }
            other += 1
            // In capitals as queries are written, or in any case beside a variable or a group:
            // a literal's prose line may open with "Select" too.
            if let word = leadingWord(line),
                word == word.uppercased() || contains(line, "?") || line.last == UInt8(ascii: "{")
            {
                let upper = word.uppercased()
                if queryForms.contains(upper) { query = true }
                if updateOperations.contains(upper) { update = true }
                if upper == "WHERE" { whereClause = true }
            }
            if contains(line, "=>")
                || startsWithAny(line, ["@forAll", "@forSome", "@keywords", "@implies"])
            {
                notation3 = true
            }
            if opensNamedGraph(line) { namedGraph = true }
        }
        if declarations > 0 {
            // An update's `DELETE { ... } WHERE { ... }` has a WHERE clause too.
            if query || (whereClause && !update) {
                return ("org.w3.sparql-query", "PREFIX declarations and a query form")
            }
            if update {
                return ("org.w3.sparql-update", "PREFIX declarations and an update operation")
            }
            if notation3 { return ("org.w3.notation3", "prefix declarations and N3 rules") }
            if namedGraph { return ("org.w3.trig", "prefix declarations and a named graph") }
            return ("org.w3.turtle", "\(declarations) prefix or base declarations")
        }
        if quads > 0 { return ("org.w3.n-quads", "\(triples + quads) statements with graphs") }
        if triples > 0 { return ("org.w3.n-triples", "\(triples) statements of three terms") }
        return nil
    }

    /// SPARQL 1.1's query forms, in capitals.
    private static let queryForms: Set<String> = ["SELECT", "CONSTRUCT", "ASK", "DESCRIBE"]

    /// SPARQL 1.1 Update's operations, in capitals.
    private static let updateOperations: Set<String> = [
        "INSERT", "DELETE", "WITH", "LOAD", "CLEAR", "DROP", "CREATE", "ADD", "MOVE", "COPY",
    ]

    /// The letters that open a line, when a space, `{`, `(` or `*` (or the line's end)
    /// follows them.
    private static func leadingWord(_ line: ArraySlice<UInt8>) -> String? {
        let word = line.prefix { (0x41...0x5A).contains($0 & 0xDF) }
        guard !word.isEmpty else { return nil }
        if word.endIndex < line.endIndex,
            !" \t{(*".utf8.contains(line[word.endIndex])
        {
            return nil
        }
        return String(decoding: word, as: UTF8.self)
    }

    /// `@prefix name: <iri> .` or `@base <iri> .` (Turtle), `PREFIX name: <iri>` or
    /// `BASE <iri>` (SPARQL's form, any case, no dot).
    private static func isPrefixDeclaration(_ line: ArraySlice<UInt8>) -> Bool {
        var rest: ArraySlice<UInt8>
        let turtleForm: Bool
        if hasPrefix(line, "@prefix ") || hasPrefix(line, "@base ") {
            rest = line.drop { $0 != 0x20 }
            turtleForm = true
        } else if hasPrefixIgnoringCase(line, "PREFIX ") || hasPrefixIgnoringCase(line, "BASE ") {
            rest = line.drop { $0 != 0x20 }
            turtleForm = false
        } else {
            return false
        }
        rest = rest.drop(while: isSpace)
        if hasPrefixIgnoringCase(line.drop { $0 == UInt8(ascii: "@") }, "prefix") {
            // The prefix name: letters, digits, `_`, `-` and `.`, possibly none, then `:`.
            let name = rest.prefix {
                $0 >= 0x80 || isIdentifierByte($0) || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: ".")
            }
            guard name.endIndex < rest.endIndex, rest[name.endIndex] == UInt8(ascii: ":") else {
                return false
            }
            rest = rest[(name.endIndex + 1)...].drop(while: isSpace)
        }
        guard let iriEnd = iriEnd(rest) else { return false }
        let tail = rest[iriEnd...].drop(while: isSpace)
        if turtleForm { return tail.first == UInt8(ascii: ".") }
        return tail.isEmpty || tail.first == UInt8(ascii: "#")
    }

    /// The index after an IRI in angle brackets that opens `text`: no spaces, quotes, braces
    /// or other characters RDF forbids in it (an empty `<>` is a relative reference).
    private static func iriEnd(_ text: ArraySlice<UInt8>) -> Int? {
        guard text.first == UInt8(ascii: "<") else { return nil }
        var index = text.startIndex + 1
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: ">") { return index + 1 }
            if byte <= 0x20 || "<\"{}|^`".utf8.contains(byte) { return nil }
            index += 1
        }
        return nil
    }

    /// The number of terms, 3 or 4, when `line` is one N-Triples or N-Quads statement.
    private static func statementTerms(_ line: ArraySlice<UInt8>) -> Int? {
        var rest = line
        var terms = 0
        while let first = rest.first, first != UInt8(ascii: ".") {
            let end: Int?
            switch first {
            case UInt8(ascii: "<"):
                // An absolute IRI: its scheme ends at a colon.
                end = iriEnd(rest)
                if let end, !rest[..<end].contains(UInt8(ascii: ":")) { return nil }
            case UInt8(ascii: "_"):
                guard rest.dropFirst().first == UInt8(ascii: ":") else { return nil }
                let label = rest.dropFirst(2).prefix { $0 > 0x20 && $0 != UInt8(ascii: ".") }
                end = label.isEmpty ? nil : label.endIndex
            case UInt8(ascii: "\""):
                // Only the object is a literal.
                guard terms == 2 else { return nil }
                end = literalEnd(rest)
            default:
                return nil
            }
            guard let end else { return nil }
            // A blank node may not be the predicate.
            if terms == 1, first != UInt8(ascii: "<") { return nil }
            terms += 1
            guard terms <= 4 else { return nil }
            let after = rest[end...]
            guard let next = after.first, isSpace(next) || next == UInt8(ascii: ".") else {
                return nil
            }
            rest = after.drop(while: isSpace)
        }
        guard terms >= 3, rest.first == UInt8(ascii: ".") else { return nil }
        let tail = rest.dropFirst().drop(while: isSpace)
        guard tail.isEmpty || tail.first == UInt8(ascii: "#") else { return nil }
        return terms
    }

    /// The index after a quoted literal (backslash escapes inside) and its language tag
    /// (`@en-GB`) or datatype (`^^<iri>`).
    private static func literalEnd(_ text: ArraySlice<UInt8>) -> Int? {
        var index = text.startIndex + 1
        while index < text.endIndex, text[index] != UInt8(ascii: "\"") {
            index += text[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < text.endIndex else { return nil }
        let after = text[(index + 1)...]
        if after.first == UInt8(ascii: "@") {
            let tag = after.dropFirst().prefix {
                (0x41...0x5A).contains($0 & 0xDF) || (0x30...0x39).contains($0)
                    || $0 == UInt8(ascii: "-")
            }
            return tag.isEmpty ? nil : tag.endIndex
        }
        if hasPrefix(after, "^^") { return iriEnd(after.dropFirst(2)) }
        return after.startIndex
    }

    /// A named graph's block opening a line: `<iri> {`, `GRAPH <iri> {`, `ex:graph {`, or
    /// `{` alone (the default graph).
    private static func opensNamedGraph(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.last == UInt8(ascii: "{") else { return false }
        var head = trimmingEnd(line.dropLast())
        if head.isEmpty { return true }
        if hasPrefixIgnoringCase(head, "GRAPH ") {
            head = head.dropFirst(6).drop(while: isSpace)
        }
        if let end = iriEnd(head) { return end == head.endIndex }
        // A prefixed name: `prefix:local`, no spaces.
        return head.contains(UInt8(ascii: ":")) && !head.contains { $0 <= 0x20 }
            && head.first.map { $0 >= 0x80 || isIdentifierByte($0) } == true
    }
}
