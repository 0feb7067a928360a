// R source: scripts of statistics and graphics, told by the assignment arrow R writes at the
// margin (`x <- c(1, 2)`), its function definitions (`f <- function(x)`) and the packages a
// script attaches (`library(dplyr)`). Haskell writes `<-` too, indented in `do` blocks, and
// Scala in `for (x <- xs)`; neither at the margin as an assignment.

extension TextSniffer {
    /// What makes text R source.
    ///
    /// `#` comments aside: an assignment at the margin with `<-` (`font_size <- 8`,
    /// `x$layout <- ...`), a function bound so (`f <- function(x) {`, counted twice), a
    /// package attached at the margin (`library(name)`, `require(name)`, counted twice), a
    /// `for (v in ...)` loop, and `c(`, `paste(`, `data.frame(` or `seq_len(` calls; three
    /// in all, an assignment or a package among them. A line ending in `;`, or a C-family
    /// or Python statement at the margin, rules R out.
    static func rEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text has neither R's arrow nor a package attached.
        guard lines.contains(where: { contains($0, "<-") || hasPrefix($0, "library(") }) else {
            return nil
        }
        let code = lines.filter { $0.drop(while: isSpace).first != UInt8(ascii: "#") }
        return weigh(
            code,
            needed: 3,
            anyOf: ["an assignment", "a function", "a package"],
            rulesOut: { line in
                line.last == UInt8(ascii: ";")
                    || startsWithAny(line, ["import ", "def ", "package ", "#include", "using "])
            },
            rules: [
                LineRule("an assignment", 1, { rAssignment($0) != nil }),
                LineRule(
                    "a function",
                    2,
                    { rAssignment($0).map { hasPrefix($0, "function") } == true }
                ),
                LineRule(
                    "a package",
                    2,
                    { line in
                        guard
                            let name = ["library(", "require("].first(where: { hasPrefix(line, $0) }
                            )
                        else { return false }
                        let package = line.dropFirst(name.utf8.count).prefix(while: isRName)
                        return !package.isEmpty
                            && line[package.endIndex...].first == UInt8(ascii: ")")
                    }
                ),
                LineRule(
                    "a loop",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "for (") && contains(body, " in ")
                    }
                ),
                LineRule(
                    "a vector",
                    1,
                    { line in
                        rVectorCalls.contains { contains(line, $0) }
                    }
                ),
            ]
        )
    }

    /// Calls that build R's vectors and frames, after a space or an opening parenthesis.
    private static let rVectorCalls = ["c(", "paste(", "data.frame(", "seq_len("].flatMap {
        [" " + $0, "(" + $0]
    }

    /// Bytes of an R name: letters, digits, `.` and `_`.
    private static func isRName(_ byte: UInt8) -> Bool {
        isIdentifierByte(byte) || byte == UInt8(ascii: ".")
    }

    /// What a margin assignment with `<-` assigns (`x <- 8` gives `8`), its target a name
    /// optionally followed by `$field` or `[index]` parts; nil for any other line.
    private static func rAssignment(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let first = line.first, isIdentifierStart(first) || first == UInt8(ascii: ".")
        else { return nil }
        var rest = line.drop(while: isRName)
        while let next = rest.first, next == UInt8(ascii: "$") || next == UInt8(ascii: "[") {
            if next == UInt8(ascii: "$") {
                rest = rest.dropFirst().drop(while: isRName)
            } else {
                guard let close = rest.firstIndex(of: UInt8(ascii: "]")) else { return nil }
                rest = rest[(close + 1)...]
            }
        }
        rest = rest.drop(while: isSpace)
        guard hasPrefix(rest, "<- ") || hasPrefix(rest, "<-function") else { return nil }
        return rest.dropFirst(2).drop(while: isSpace)
    }
}
