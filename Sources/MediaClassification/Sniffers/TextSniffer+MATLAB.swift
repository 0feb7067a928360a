// MATLAB and Octave scripts and functions. Apple's table gives `.m` to Objective-C first, so
// a MATLAB script with a name was Objective-C and without one plain text. MATLAB shows itself
// by its `%` comments and `%%` cell titles, loops over a colon range (`for i=1:n`), function
// lines that name their outputs (`function [a, b] = f(x)`), `end` alone on a line, and the
// numeric library it calls everywhere (`zeros(`, `linspace(`, `figure`).

extension TextSniffer {
    /// What makes text MATLAB (or Octave) source.
    ///
    /// A `%%` cell title, a loop over a colon range (`for k = 1:n`) and a function line that
    /// names its outputs (`function y = f(x)`, `function [a, b] = f(x)`) count twice; a `%`
    /// comment, `end` (or Octave's `endfunction`, `endif`, `endfor`) alone on a line and a call
    /// of the numeric library (`zeros(`, `ones(`, `linspace(`, `numel(`, `disp(`,
    /// `fprintf(`, `plot(`, or `figure`, `hold on`, `clear all` alone) and an element-wise
    /// power (`x.^2`) once; three weights are needed, one of the first four
    /// among them. A line that opens a C-family block (`{` at its end), an import, a `#` line
    /// (a preprocessor directive, a Julia or Python comment), an Objective-C directive,
    /// Julia's `println(`, `return` with a value or a `for x in` loop stops the reading, as
    /// does prose. Octave's own `#` and `##` comments count as comments in a file that ends a
    /// function with `endfunction`, which no other language writes, or that documents itself
    /// in a texinfo block (`## -*- texinfo -*-`, which counts twice): Octave's library is
    /// written so, its licence and documentation often filling the lines read.
    static func matlabEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        let octave = lines.contains { isAlone($0, ["endfunction"]) || isTexinfoMark($0) }
        func isComment(_ body: ArraySlice<UInt8>) -> Bool {
            body.first == UInt8(ascii: "%") || (octave && body.first == UInt8(ascii: "#"))
        }
        // Most text has neither a `%` comment, nor a range loop, nor a function line.
        guard
            lines.contains(where: { line in
                let body = line.drop(while: isSpace)
                return isComment(body) || matlabRangeLoop(body) || matlabFunctionLine(body)
            })
        else { return nil }
        return weigh(
            lines,
            needed: 3,
            anyOf: [
                "a cell title", "a comment", "a range loop", "a function", "a texinfo block",
            ],
            rulesOut: { line in
                line.last == UInt8(ascii: "{")
                    || (!octave && line.drop(while: isSpace).first == UInt8(ascii: "#"))
                    || startsWithAny(line, ["@interface", "import ", "using "])
                    || contains(line, "println(") || matlabForeignLine(line.drop(while: isSpace))
            },
            rules: [
                LineRule("a cell title", 2, { hasPrefix($0.drop(while: isSpace), "%%") }),
                LineRule(
                    "a comment",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return isComment(body) && !hasPrefix(body, "%%") && !hasPrefix(body, "%!")
                    }
                ),
                LineRule("a range loop", 2, { matlabRangeLoop($0.drop(while: isSpace)) }),
                LineRule("a texinfo block", 2, { isTexinfoMark($0) }),
                LineRule("a function", 2, { matlabFunctionLine($0.drop(while: isSpace)) }),
                LineRule(
                    "end",
                    1,
                    { isAlone($0, matlabEnds) }
                ),
                LineRule(
                    "a library call",
                    1,
                    { line in
                        matlabCalls.contains { contains(line, $0) } || isAlone(line, matlabCommands)
                    }
                ),
                LineRule("an element-wise power", 1, { matlabElementwisePower($0) }),
            ]
        )
    }

    /// An Octave documentation block's first line: a `#` or `%` comment whose text is the
    /// Emacs mode line `-*- texinfo -*-`.
    private static func isTexinfoMark(_ line: ArraySlice<UInt8>) -> Bool {
        let body = line.drop(while: isSpace)
        guard body.first == UInt8(ascii: "#") || body.first == UInt8(ascii: "%") else {
            return false
        }
        let text = body.drop { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "%") || isSpace($0) }
        return trimmingEnd(text).elementsEqual("-*- texinfo -*-".utf8)
    }

    /// Whether the line raises element by element, `x.^2` or `(a+b).^n`: an operand (a name,
    /// a digit or a closing bracket) right before `.^`.
    private static func matlabElementwisePower(_ line: ArraySlice<UInt8>) -> Bool {
        containsMark(".^", in: line) { before, _ in
            guard let before else { return false }
            return isIdentifierByte(before) || before == UInt8(ascii: ")")
        }
    }

    /// `for name = first:last` (spaces optional), with nothing a C-family or Lua loop writes.
    private static func matlabRangeLoop(_ body: ArraySlice<UInt8>) -> Bool {
        guard hasPrefix(body, "for ") else { return false }
        let rest = body.dropFirst(4).drop(while: isSpace)
        let name = rest.prefix(while: isIdentifierByte)
        guard !name.isEmpty else { return false }
        let value = rest[name.endIndex...].drop(while: isSpace)
        guard value.first == UInt8(ascii: "="), value.dropFirst().first != UInt8(ascii: "=")
        else { return false }
        guard value.contains(UInt8(ascii: ":")), !value.contains(UInt8(ascii: "{")),
            !value.contains(UInt8(ascii: ","))
        else { return false }
        // An expression: two words side by side (`1:3 we repeat`, Lua's `do`) are prose.
        var previous: UInt8 = 0
        var spaced = false
        for byte in value.dropFirst() {
            if isSpace(byte) {
                spaced = true
                continue
            }
            if spaced, isIdentifierByte(byte), isIdentifierByte(previous) { return false }
            previous = byte
            spaced = false
        }
        return true
    }

    /// `function out = name(` or `function [a, b] = name(`: outputs before the name.
    private static func matlabFunctionLine(_ body: ArraySlice<UInt8>) -> Bool {
        guard hasPrefix(body, "function ") else { return false }
        let rest = body.dropFirst("function ".utf8.count)
        guard let equals = rest.firstIndex(of: UInt8(ascii: "=")), !rest.contains(UInt8(ascii: "{"))
        else { return false }
        // The outputs: one name, or names in brackets.
        var outputs = rest[..<equals]
        while let last = outputs.last, isSpace(last) { outputs = outputs.dropLast() }
        let named =
            (outputs.first == UInt8(ascii: "[") && outputs.last == UInt8(ascii: "]"))
            || (!outputs.isEmpty && outputs.allSatisfy(isIdentifierByte))
        guard named else { return false }
        // The function's name, then its arguments or nothing.
        let after = rest[(equals + 1)...].drop(while: isSpace)
        let name = after.prefix(while: isIdentifierByte)
        guard let first = name.first, isIdentifierStart(first) else { return false }
        let tail = after[name.endIndex...].drop(while: isSpace)
        return tail.isEmpty || tail.first == UInt8(ascii: "(")
    }

    /// A line MATLAB does not write: `return` with a value, a `for x in xs` loop (Julia's,
    /// Python's, Lua's).
    private static func matlabForeignLine(_ body: ArraySlice<UInt8>) -> Bool {
        if hasPrefix(body, "return ") { return true }
        guard hasPrefix(body, "for ") else { return false }
        let rest = body.dropFirst(4).drop(while: isSpace)
        let name = rest.prefix(while: isIdentifierByte)
        return !name.isEmpty && hasPrefix(rest[name.endIndex...].drop(while: isSpace), "in ")
    }

    private static let matlabEnds = ["end", "endfunction", "endif", "endfor", "endwhile"]

    private static let matlabCalls = [
        "zeros(", "ones(", "linspace(", "numel(", "disp(", "fprintf(", "plot(", "figure(",
    ]

    private static let matlabCommands = ["figure", "hold on", "clear all", "close all", "clc"]
}
