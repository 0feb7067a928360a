// D source: C's braces and semicolons, with its own standard library (`import std.stdio;`,
// Phobos), module declarations, `writeln` and templates instantiated with `!(` or `!name`.
// C and C++ include headers; C++23's `import std;` has no dotted module.

extension TextSniffer {
    /// What makes text D source.
    ///
    /// An import of Phobos or druntime at the margin (`import std.stdio;`,
    /// `import std.algorithm, std.range;`, `import core.thread;`) counts twice; a module
    /// declaration (`module app.main;`), `void main(`, a call of `writeln(`/`writefln(`, a
    /// template instantiation (`map!(`, `to!string`) and a `foreach (` loop once; three weights
    /// are needed, the import or the module among them. A `#include` or a line ending in `:`
    /// stops the reading.
    static func dEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text imports neither Phobos nor druntime.
        guard
            lines.contains(where: { hasPrefix($0, "import std.") || hasPrefix($0, "import core.") })
        else { return nil }
        return weigh(
            lines,
            needed: 3,
            anyOf: ["a Phobos import", "a module"],
            rulesOut: { hasPrefix($0, "#include") || $0.last == UInt8(ascii: ":") },
            rules: [
                LineRule(
                    "a Phobos import",
                    2,
                    { hasPrefix($0, "import std.") || hasPrefix($0, "import core.") }
                ),
                LineRule(
                    "a module",
                    1,
                    { line in
                        hasPrefix(line, "module ") && line.last == UInt8(ascii: ";")
                            && line.dropFirst(7).dropLast().allSatisfy {
                                isIdentifierByte($0) || $0 == UInt8(ascii: ".")
                            }
                    }
                ),
                LineRule("void main", 1, { hasPrefix($0, "void main(") }),
                LineRule("writeln", 1, { contains($0, "writeln(") || contains($0, "writefln(") }),
                LineRule("a template instantiation", 1, { dTemplateInstantiation($0) }),
                LineRule("foreach", 1, { contains($0, "foreach (") || contains($0, "foreach(") }),
            ]
        )
    }

    /// `name!(` or `name!word`: an identifier, `!`, then `(` or a letter (`to!string`), not
    /// `!=`.
    private static func dTemplateInstantiation(_ line: ArraySlice<UInt8>) -> Bool {
        containsBang(in: line) { _, _, after in
            after.map { $0 == UInt8(ascii: "(") || isIdentifierStart($0) } == true
        }
    }
}
