// GraphQL documents: operations and fragments (what a client sends) and the schema definition
// language (what a server declares). Their keywords are shared with other languages (`type`,
// `interface`, `input`), so the reading rests on what only GraphQL writes: variables typed
// `$name: Type`, `fragment Name on Type`, and field types made non-null with a trailing `!`.

extension TextSniffer {
    /// What makes text a GraphQL document.
    ///
    /// Lines without `#` comments and `"""` or `"` descriptions are weighed twice, three
    /// needed each time. As a request: an operation at the margin (`query`, `mutation` or
    /// `subscription`, named or not, opening its selection with `{`; with typed variables,
    /// `($id: ID!)`, it decides alone), a fragment (`fragment Name on Type {`) or an inline
    /// one (`... on Type {`), each deciding alone, and beside one of those fragment spreads
    /// (`...name`), fields selected by name (`friends {`) and variables passed
    /// (`(id: $id)`). As a schema: a directive definition (`directive @name ... on`,
    /// deciding alone), a type definition (`type`, `input`, `interface` or `extend type`
    /// with a capitalised name, then `{`), the root types (`type Query {`), `scalar Name`,
    /// `union Name = A | B`, and fields typed with a capitalised name
    /// (`name(arg: Int): User`), more for a non-null one (`id: ID!`). A line ending in `;`,
    /// an assignment to a braced type (`type X = {`) or an import rules GraphQL out.
    static func graphQLEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text has no line that opens a definition or an operation.
        guard
            lines.contains(where: { line in
                startsWithAny(line, graphQLOpeners) || contains(line, "... on ")
            })
        else { return nil }
        let kept = withoutComments(lines, linePrefix: "#") { body in
            guard hasPrefix(body, "\"\"\"") else { return nil }
            return ("\"\"\"", body.dropFirst(3))
        }
        // One-line descriptions (`"The user's id"`) are strings before a definition.
        let code = kept.filter { $0.drop(while: isSpace).first != UInt8(ascii: "\"") }
        // `X = {` is an assignment of an object (a TypeScript `type X = {`), but inside an
        // argument list it is GraphQL's default value (`six(argument: T = {key: "value"})`).
        let rulesOut: (ArraySlice<UInt8>) -> Bool = { line in
            line.last == UInt8(ascii: ";") || contains(line, "=>")
                || (contains(line, " = {")
                    && !contains(line.prefix { $0 != UInt8(ascii: "=") }, "("))
                || startsWithAny(line, ["import ", "export ", "package ", "#include"])
        }
        // What a client sends; the selections count only beside an operation or a fragment.
        let executable = weigh(
            code,
            needed: 3,
            anyOf: [
                "an operation", "an operation with variables", "a fragment", "an inline fragment",
            ],
            rulesOut: rulesOut,
            rules: [
                LineRule("an operation", 2, { graphQLOperation($0) != nil }),
                LineRule("an operation with variables", 3, { graphQLOperation($0) == true }),
                LineRule("a fragment", 3, isGraphQLFragment),
                LineRule("an inline fragment", 3, isGraphQLInlineFragment),
                LineRule("a fragment spread", 1, isGraphQLFragmentSpread),
                LineRule("a selection", 1, isGraphQLSelection),
                LineRule("a variable passed", 1, { contains($0, ": $") && contains($0, "(") }),
            ]
        )
        if let executable { return executable }
        // What a server declares.
        return weigh(
            code,
            needed: 3,
            anyOf: ["a directive", "a type definition", "a root type", "a scalar", "a union"],
            rulesOut: rulesOut,
            rules: [
                LineRule("a directive", 3, isGraphQLDirectiveDefinition),
                LineRule("a type definition", 1, { graphQLTypeDefinition($0) != nil }),
                LineRule(
                    "a root type",
                    2,
                    { ["Query", "Mutation", "Subscription"].contains(graphQLTypeDefinition($0)) }
                ),
                LineRule("a scalar", 1, isGraphQLScalar),
                LineRule("a union", 1, isGraphQLUnion),
                LineRule("a typed field", 1, { graphQLField($0) != nil }),
                LineRule("a non-null field", 2, { graphQLField($0) == true }),
            ]
        )
    }

    /// The words that open every line that may decide a GraphQL reading.
    private static let graphQLOpeners = [
        "query", "mutation", "subscription", "fragment ", "type ", "input ", "interface ",
        "extend ", "schema", "directive @", "scalar ", "union ",
    ]

    /// An identifier's bytes at the start of `text`.
    private static func graphQLName(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = text.first, isIdentifierStart(first) else { return text.prefix(0) }
        return text.prefix(while: isIdentifierByte)
    }

    /// Whether the margin line opens an operation: nil when it does not, true when it
    /// declares typed variables (`query Q($id: ID!) {`), false for a plain one.
    private static func graphQLOperation(_ line: ArraySlice<UInt8>) -> Bool? {
        guard line.last == UInt8(ascii: "{"),
            let keyword = ["query", "mutation", "subscription"].first(where: { hasPrefix(line, $0) }
            )
        else { return nil }
        var rest = line.dropFirst(keyword.utf8.count)
        guard let next = rest.first,
            next == 0x20 || next == UInt8(ascii: "{")
                || next == UInt8(ascii: "(")
        else { return nil }
        rest = rest.drop(while: isSpace)
        rest = rest.dropFirst(graphQLName(rest).count).drop(while: isSpace)
        if rest.first == UInt8(ascii: "(") {
            // Variables: `$name: Type`, the type capitalised or a list.
            guard let dollar = rest.firstIndex(of: UInt8(ascii: "$")),
                dollar == rest.dropFirst().drop(while: isSpace).startIndex
            else { return nil }
            let name = graphQLName(rest[(dollar + 1)...])
            let afterName = rest[name.endIndex...].drop(while: isSpace)
            guard !name.isEmpty, afterName.first == UInt8(ascii: ":") else { return nil }
            let type = afterName.dropFirst().drop(while: isSpace)
            guard let initial = type.first,
                (0x41...0x5A).contains(initial) || initial == UInt8(ascii: "[")
            else { return nil }
            return true
        }
        // A directive may follow the name: `query Q @cached {`.
        guard rest.first == UInt8(ascii: "{") || rest.first == UInt8(ascii: "@") else {
            return nil
        }
        return false
    }

    /// `fragment Name on Type {` at the margin.
    private static func isGraphQLFragment(_ line: ArraySlice<UInt8>) -> Bool {
        guard hasPrefix(line, "fragment "), line.last == UInt8(ascii: "{") else { return false }
        let name = graphQLName(line.dropFirst(9))
        guard !name.isEmpty else { return false }
        let rest = line[name.endIndex...].drop(while: isSpace)
        guard hasPrefix(rest, "on ") else { return false }
        let type = graphQLName(rest.dropFirst(3).drop(while: isSpace))
        return type.first.map { (0x41...0x5A).contains($0) } == true
    }

    /// `... on Type {`, indented: a selection on one type of an interface or union.
    private static func isGraphQLInlineFragment(_ line: ArraySlice<UInt8>) -> Bool {
        let body = line.drop(while: isSpace)
        guard hasPrefix(body, "... on "), body.last == UInt8(ascii: "{") else { return false }
        return graphQLName(body.dropFirst(7)).first.map { (0x41...0x5A).contains($0) } == true
    }

    /// `...name` alone on an indented line: a named fragment spread into a selection.
    private static func isGraphQLFragmentSpread(_ line: ArraySlice<UInt8>) -> Bool {
        let body = line.drop(while: isSpace)
        guard body.count < line.count, hasPrefix(body, "...") else { return false }
        let name = graphQLName(body.dropFirst(3))
        return !name.isEmpty && name.endIndex == body.endIndex
    }

    /// An indented field selected by name alone (`name`), or opening its own selection
    /// (`friends {`).
    private static func isGraphQLSelection(_ line: ArraySlice<UInt8>) -> Bool {
        let body = line.drop(while: isSpace)
        guard body.count < line.count else { return false }
        let name = graphQLName(body)
        guard !name.isEmpty else { return false }
        let rest = body[name.endIndex...]
        return rest.isEmpty || rest.elementsEqual(" {".utf8)
    }

    /// `directive @name` at the margin, with ` on ` and its locations on the line.
    private static func isGraphQLDirectiveDefinition(_ line: ArraySlice<UInt8>) -> Bool {
        hasPrefix(line, "directive @") && !graphQLName(line.dropFirst(11)).isEmpty
            && contains(line, " on ")
    }

    /// The name a type definition at the margin declares (`type User implements Node {`,
    /// `input Filter {`, `extend type Query {`, `interface Node @key(fields: "id") {`), or nil.
    private static func graphQLTypeDefinition(_ line: ArraySlice<UInt8>) -> String? {
        guard line.last == UInt8(ascii: "{") else { return nil }
        var rest = line
        if hasPrefix(rest, "extend ") { rest = rest.dropFirst(7) }
        guard let keyword = ["type ", "input ", "interface "].first(where: { hasPrefix(rest, $0) })
        else { return nil }
        rest = rest.dropFirst(keyword.utf8.count).drop(while: isSpace)
        let name = graphQLName(rest)
        guard let initial = name.first, (0x41...0x5A).contains(initial) else { return nil }
        let after = rest[name.endIndex...].drop(while: isSpace)
        guard
            after.first == UInt8(ascii: "{") || hasPrefix(after, "implements ")
                || after.first == UInt8(ascii: "@")
        else { return nil }
        return String(decoding: name, as: UTF8.self)
    }

    /// `scalar Name` at the margin, a directive allowed after the name.
    private static func isGraphQLScalar(_ line: ArraySlice<UInt8>) -> Bool {
        guard hasPrefix(line, "scalar ") else { return false }
        let name = graphQLName(line.dropFirst(7))
        let rest = line[name.endIndex...].drop(while: isSpace)
        return name.first.map { (0x41...0x5A).contains($0) } == true
            && (rest.isEmpty || rest.first == UInt8(ascii: "@"))
    }

    /// `union Name = A | B` at the margin.
    private static func isGraphQLUnion(_ line: ArraySlice<UInt8>) -> Bool {
        guard hasPrefix(line, "union ") else { return false }
        let name = graphQLName(line.dropFirst(6))
        let rest = line[name.endIndex...].drop(while: isSpace)
        return name.first.map { (0x41...0x5A).contains($0) } == true
            && rest.first == UInt8(ascii: "=")
    }

    /// Whether the indented line declares a field typed with a capitalised name.
    ///
    /// Nil when it does not (`name(first: Int): [User]` does), true when the type is
    /// non-null (`id: ID!`, `[Tag!]!`), false otherwise. Only a directive or a default value
    /// may follow the type.
    private static func graphQLField(_ line: ArraySlice<UInt8>) -> Bool? {
        guard line.first == 0x20 || line.first == 0x09 else { return nil }
        let body = line.drop(while: isSpace)
        let name = graphQLName(body)
        guard !name.isEmpty else { return nil }
        var rest = body[name.endIndex...]
        if rest.first == UInt8(ascii: "(") {
            guard let close = rest.firstIndex(of: UInt8(ascii: ")")) else { return nil }
            rest = rest[(close + 1)...]
        }
        guard rest.first == UInt8(ascii: ":") else { return nil }
        var type = rest.dropFirst().drop(while: isSpace)
        type = type.drop { $0 == UInt8(ascii: "[") }
        let typeName = graphQLName(type)
        guard let initial = typeName.first, (0x41...0x5A).contains(initial) else { return nil }
        let marks = type[typeName.endIndex...].prefix {
            $0 == UInt8(ascii: "!") || $0 == UInt8(ascii: "]")
        }
        let tail = type[marks.endIndex...].drop(while: isSpace)
        guard tail.isEmpty || tail.first == UInt8(ascii: "@") || tail.first == UInt8(ascii: "=")
        else { return nil }
        return marks.contains(UInt8(ascii: "!"))
    }
}
