// F# source: the .NET side of the ML family. Its `let`, `match ... with` and `|` cases are
// OCaml's too, so it is read first, by what only F# writes: a namespace without braces,
// .NET attributes in `[< >]`, `printfn`, members, `let mutable`.

extension TextSniffer {
    /// What makes text F#.
    ///
    /// `namespace A.B` with no brace or semicolon after it, `open System` (or another .NET
    /// namespace), an attribute line `[<EntryPoint>]`, `printfn`, a member (`member this.X`,
    /// `override _.Y`), `let mutable`, `module Name` opening the file or `module Name =`, a pipeline line opening with `|>`;
    /// three points, one of the first six among them. A line ending in `;` or `{` rules F#
    /// out.
    static func fSharpEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text has none of the marks that may decide.
        guard
            lines.contains(where: { line in
                hasPrefix(line, "namespace ") || contains(line, "open System")
                    || contains(line, "[<") || contains(line, "printfn ")
                    || contains(line, "member ") || contains(line, "let mutable ")
            })
        else { return nil }
        return weigh(
            lines,
            needed: 3,
            anyOf: [
                "a namespace", "open System", "an attribute", "printfn", "a member", "let mutable",
            ],
            rulesOut: { $0.last == UInt8(ascii: ";") || $0.last == UInt8(ascii: "{") },
            rules: [
                LineRule(
                    "a namespace",
                    1,
                    { line in
                        guard hasPrefix(line, "namespace ") else { return false }
                        let name = line.dropFirst(10)
                        return !name.isEmpty
                            && name.allSatisfy { isIdentifierByte($0) || $0 == UInt8(ascii: ".") }
                    }
                ),
                LineRule(
                    "open System",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "open System") || hasPrefix(body, "open Microsoft.")
                    }
                ),
                LineRule(
                    "an attribute",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "[<") && endsWith(body, ">]")
                    }
                ),
                LineRule("printfn", 1, { contains($0, "printfn ") }),
                LineRule("a member", 1, isFSharpMember),
                LineRule("let mutable", 1, { hasPrefix($0.drop(while: isSpace), "let mutable ") }),
                LineRule(
                    "a module",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        // `module Name =` nested, or `module Name` opening the file.
                        guard hasPrefix(body, "module ") else { return false }
                        let name = body.dropFirst(7)
                        return endsWith(body, " =")
                            || (body.count == line.count && !name.isEmpty
                                && name.allSatisfy {
                                    isIdentifierByte($0) || $0 == UInt8(ascii: ".")
                                })
                    }
                ),
                LineRule("a pipeline", 1, { hasPrefix($0.drop(while: isSpace), "|> ") }),
            ]
        )
    }

    /// A member definition: `member this.Name`, `override _.Name`, `member x.Skip()` (any
    /// self identifier), `member val`, `static member`, `abstract member`.
    private static func isFSharpMember(_ line: ArraySlice<UInt8>) -> Bool {
        let body = line.drop(while: isSpace)
        if startsWithAny(body, ["member val ", "static member ", "abstract member "]) {
            return true
        }
        guard
            let keyword = ["member ", "override ", "default "].first(where: { hasPrefix(body, $0) })
        else { return false }
        let rest = body.dropFirst(keyword.utf8.count)
        let name = rest.prefix(while: isIdentifierByte)
        return !name.isEmpty && rest[name.endIndex...].first == UInt8(ascii: ".")
    }
}
