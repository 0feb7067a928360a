// Go modules' two files (the Go Modules Reference, "go.mod files" and "go.sum files"): the
// module's description and the checksums of its dependencies. Neither Tika nor
// shared-mime-info knows them; the names are fixed, and the content says which is which.

extension TextSniffer {
    /// The directives a go.mod file is made of, after its `module` line.
    static let goModDirectives = [
        "go ", "toolchain ", "require ", "require (", "replace ", "replace (", "exclude ",
        "exclude (", "retract ", "retract (", "godebug ", "tool ", "tool (",
    ]

    /// A go.mod file: the first line that is not blank or a `//` comment is `module` and a
    /// module path (one word, no `;`; a comment may follow), and one of the other directives
    /// follows (`go 1.21`, `require (`, `replace`, ...) at the margin.
    static func goModEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var sawModule = false
        var directive: String?
        forEachLine(of: text, upTo: languageLines) { raw in
            let line = trimmingEnd(raw)
            if line.isEmpty || hasPrefix(line.drop(while: isSpace), "//") { return true }
            if !sawModule {
                guard hasPrefix(line, "module ") else { return false }
                let path = line.dropFirst(7).drop(while: isSpace)
                let word = path.prefix { !isSpace($0) }
                let rest = path.dropFirst(word.count).drop(while: isSpace)
                sawModule =
                    !word.isEmpty && !hasPrefix(word, "//") && !word.contains(UInt8(ascii: ";"))
                    && (rest.isEmpty || hasPrefix(rest, "//"))
                return sawModule
            }
            directive = goModDirectives.first { hasPrefix(line, $0) }
            return directive == nil
        }
        guard sawModule, let directive else { return nil }
        let name = directive.prefix { $0 != " " }
        return "go.mod module line and \(name) directive"
    }

    /// A go.sum file: two lines or more, each a module path, a version (`v1.2.3`, perhaps with
    /// `/go.mod`) and an `h1:` hash in Base64.
    static func goSumEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var lines = 0
        var valid = true
        forEachLine(of: text, upTo: languageLines) { raw in
            let line = trimmingEnd(raw)
            if line.isEmpty { return true }
            let fields = line.split(separator: 0x20)
            guard fields.count == 3, fields[1].first == UInt8(ascii: "v"),
                hasPrefix(fields[2], "h1:"), fields[2].count > 40,
                fields[2].dropFirst(3).allSatisfy({
                    isIdentifierByte($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/")
                        || $0 == UInt8(ascii: "=")
                })
            else {
                valid = false
                return false
            }
            lines += 1
            return true
        }
        return valid && lines >= 2 ? "go.sum lines of module, version and h1: hash" : nil
    }
}
