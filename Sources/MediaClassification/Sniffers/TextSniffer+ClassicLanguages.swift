// Languages of mainframes, hardware design, logic programming, tests and installers, told by
// the keywords that structure their programs: COBOL's divisions, VHDL's entities and
// architectures, Verilog's modules, Ada's and Pascal's program units, Prolog's clauses,
// Gherkin's features, NSIS's sections and SAS's data and procedure steps. Each wants several of its own marks, one of its
// structure among them, as the other readings do (``weigh(_:needed:anyOf:rulesOut:rules:)``).

extension TextSniffer {
    /// The language these lines are written in, of the classic ones, or nil.
    static func classicLanguageEvidence(_ lines: [ArraySlice<UInt8>]) -> (String, String)? {
        if let cobol = cobolEvidence(lines) { return ("org.iso.cobol-source", cobol) }
        if let vhdl = vhdlEvidence(lines) { return ("org.ieee.vhdl-source", vhdl) }
        if let verilog = verilogEvidence(lines) { return ("org.ieee.verilog-source", verilog) }
        if let ada = adaEvidence(lines) { return ("public.ada-source", ada) }
        if let pascal = pascalEvidence(lines) { return ("public.pascal-source", pascal) }
        if let prolog = prologEvidence(lines) { return ("org.iso.prolog-source", prolog) }
        if let gherkin = gherkinEvidence(lines) { return ("io.cucumber.gherkin", gherkin) }
        if let nsis = nsisEvidence(lines) { return ("com.nullsoft.nsis-script", nsis) }
        if let sas = sasEvidence(lines) { return ("com.sas.sas-program", sas) }
        return nil
    }

    /// `run;` or `quit;`, in any case, alone.
    private static func isSASStepEnd(_ text: ArraySlice<UInt8>) -> Bool {
        (text.count == 4 && hasPrefixIgnoringCase(text, "run;"))
            || (text.count == 5 && hasPrefixIgnoringCase(text, "quit;"))
    }

    /// SAS, told by its steps.
    ///
    /// In any case: a step that ends (`run;` or `quit;` alone on a line), a data step
    /// (`data name;`) and a procedure (`proc print data=x;`) count twice; `libname`,
    /// `%let`/`%macro`/`%mend` and `set name;` or `merge a b;` once; four weights are needed,
    /// a step's end among them. A line that opens a block with `{` or a `#include` stops the
    /// reading.
    private static func sasEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text has no `run;` or `quit;` line.
        guard lines.contains(where: { isSASStepEnd(body($0)) }) else { return nil }
        func statement(_ line: ArraySlice<UInt8>, _ keyword: String) -> Bool {
            let text = body(line)
            return hasPrefixIgnoringCase(text, keyword) && text.last == UInt8(ascii: ";")
        }
        let rules: [LineRule] = [
            LineRule("the end of a step", 2, { isSASStepEnd(body($0)) }),
            LineRule("a data step", 2, { statement($0, "data ") }),
            LineRule("a procedure", 2, { statement($0, "proc ") }),
            LineRule("libname", 1, { statement($0, "libname ") }),
            LineRule(
                "a macro",
                1,
                { line in
                    ["%let ", "%macro ", "%mend"].contains { hasPrefixIgnoringCase(body(line), $0) }
                }
            ),
            LineRule("set or merge", 1, { statement($0, "set ") || statement($0, "merge ") }),
        ]
        // The statements inside a step (`do i = 1 to n by 1;`) read like prose, and say nothing
        // either way: only the lines a rule reads, and those that are no statements, are weighed.
        let weighed = lines.filter { line in
            line.last != UInt8(ascii: ";") || rules.contains { $0.test(line) }
        }
        return weigh(
            weighed,
            needed: 4,
            anyOf: ["the end of a step"],
            rulesOut: { $0.last == UInt8(ascii: "{") || hasPrefix($0, "#include") },
            rules: rules
        )
    }

    /// The line without its indentation.
    private static func body(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.drop(while: isSpace)
    }

    /// COBOL's division, section and paragraph headers.
    private static let cobolHeaders = [
        "identification division.", "id division.", "program-id.", "class-id.",
        "interface-id.", "method-id.", "function-id.", "environment division.",
        "data division.", "working-storage section.", "linkage section.", "file section.",
        "procedure division",
    ]

    /// COBOL: two different division or section headers (`IDENTIFICATION DIVISION.`,
    /// `PROGRAM-ID.`, `WORKING-STORAGE SECTION.`, `PROCEDURE DIVISION`), in any case, after
    /// the sequence area's indentation.
    private static func cobolEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        var found: Set<String> = []
        for line in lines {
            let text = body(line)
            // Every header opens with one of these letters, in either case.
            guard let first = text.first, "ICEPDWLFMicepdwlfm".utf8.contains(first) else {
                continue
            }
            if let header = cobolHeaders.first(where: { hasPrefixIgnoringCase(text, $0) }) {
                found.insert(header)
            }
        }
        guard found.count >= 2 else { return nil }
        return "COBOL headers " + found.sorted().prefix(3).joined(separator: ", ")
    }

    /// VHDL, in any case: `entity Name is`, `architecture Name of Entity is` (deciding with
    /// one more mark), `library name;`, `use lib.pkg.all;`, `end entity`, `end architecture`
    /// or `end process`, `port (`; three points, an entity, an architecture or a `use` of a
    /// whole package among them.
    private static func vhdlEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text has no line that could decide: no reading worth weighing.
        guard
            lines.contains(where: { line in
                hasPrefixIgnoringCase(body(line), "entity ")
                    || hasPrefixIgnoringCase(body(line), "architecture ")
                    || hasPrefixIgnoringCase(line, "use ")
            })
        else { return nil }
        return weigh(
            lines,
            needed: 3,
            anyOf: ["an entity", "an architecture", "a use clause"],
            rulesOut: { $0.last == UInt8(ascii: "{") },
            rules: [
                LineRule(
                    "an entity",
                    2,
                    {
                        hasPrefixIgnoringCase(body($0), "entity ")
                            && endsWithIgnoringCase($0, " is")
                    }
                ),
                LineRule(
                    "an architecture",
                    2,
                    { line in
                        hasPrefixIgnoringCase(body(line), "architecture ")
                            && containsIgnoringCase(line, " of ")
                            && endsWithIgnoringCase(line, " is")
                    }
                ),
                LineRule(
                    "a library",
                    1,
                    { hasPrefixIgnoringCase($0, "library ") && $0.last == UInt8(ascii: ";") }
                ),
                LineRule(
                    "a use clause",
                    2,
                    { hasPrefixIgnoringCase($0, "use ") && endsWithIgnoringCase($0, ".all;") }
                ),
                LineRule(
                    "an end",
                    1,
                    { line in
                        let text = body(line)
                        return hasPrefixIgnoringCase(text, "end entity")
                            || hasPrefixIgnoringCase(text, "end architecture")
                            || hasPrefixIgnoringCase(text, "end process")
                    }
                ),
                LineRule("a port", 1, { hasPrefixIgnoringCase(body($0), "port (") }),
            ]
        )
    }

    /// Verilog: `module name (` or `module name;` at the margin, `endmodule`, `always @(`,
    /// a `` `timescale `` directive, port declarations (`input wire [7:0] a,`), `assign`
    /// statements, `reg`/`wire` vectors; three points, a module, `endmodule`, `always` or
    /// the directive among them.
    private static func verilogEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text has no line that could decide: no reading worth weighing.
        guard
            lines.contains(where: { line in
                hasPrefix(line, "module ") || hasPrefix(line, "`timescale ")
                    || hasPrefix(body(line), "endmodule") || hasPrefix(body(line), "always")
            })
        else { return nil }
        return weigh(
            lines,
            needed: 3,
            anyOf: ["a module", "endmodule", "always", "timescale"],
            rulesOut: { startsWithAny($0, ["#include", "import ", "package main", "def "]) },
            rules: [
                LineRule(
                    "a module",
                    2,
                    { line in
                        hasPrefix(line, "module ")
                            && (contains(line, "(") || line.last == UInt8(ascii: ";"))
                    }
                ),
                LineRule("endmodule", 2, { body($0).starts(with: "endmodule".utf8) }),
                LineRule(
                    "always",
                    2,
                    { hasPrefix(body($0), "always @") || hasPrefix(body($0), "always_ff") }
                ),
                LineRule("timescale", 2, { hasPrefix($0, "`timescale ") }),
                LineRule(
                    "a port",
                    1,
                    { line in
                        startsWithAny(body(line), ["input ", "output ", "inout "])
                            && (line.last == UInt8(ascii: ",") || line.last == UInt8(ascii: ";"))
                    }
                ),
                LineRule(
                    "assign",
                    1,
                    { hasPrefix(body($0), "assign ") && $0.last == UInt8(ascii: ";") }
                ),
                LineRule(
                    "a vector",
                    1,
                    { startsWithAny(body($0), ["reg [", "wire [", "reg  [", "wire  ["]) }
                ),
            ]
        )
    }

    /// Ada, in any case: context clauses at the margin (`with Ada.Text_IO;`), a
    /// program unit at the margin (`procedure Main is`, `package body P is`,
    /// `function F (...) return T is`, a generic's `package P is new ...`), a bare `begin`,
    /// `end Name;`, `Put_Line (`; four points, a context clause and a unit among them.
    private static func adaEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        guard lines.contains(where: isAdaContextClause) else { return nil }
        return weigh(
            lines,
            needed: 4,
            anyOf: ["a unit"],
            rulesOut: { $0.last == UInt8(ascii: "{") || hasPrefix($0, "#include") },
            rules: [
                LineRule("a context clause", 1, isAdaContextClause),
                LineRule(
                    "a unit",
                    2,
                    { line in
                        let unit = ["procedure ", "function ", "package ", "package body "]
                            .contains { hasPrefixIgnoringCase(line, $0) }
                        return unit
                            && (endsWithIgnoringCase(line, " is")
                                || containsIgnoringCase(line, " is new "))
                    }
                ),
                LineRule(
                    "begin",
                    1,
                    { body($0).elementsEqual("begin".utf8) || body($0).elementsEqual("BEGIN".utf8) }
                ),
                LineRule(
                    "an end",
                    1,
                    { line in
                        let text = body(line)
                        return hasPrefixIgnoringCase(text, "end ") && text.last == UInt8(ascii: ";")
                            && !containsIgnoringCase(text, "end if") && text.count > 5
                    }
                ),
                LineRule(
                    "Put_Line",
                    1,
                    {
                        containsIgnoringCase($0, "put_line (")
                            || containsIgnoringCase($0, "put_line(")
                    }
                ),
            ]
        )
    }

    /// `with Ada.Text_IO;` or `with Interfaces.C;` at the margin: a dotted or plain unit name.
    private static func isAdaContextClause(_ line: ArraySlice<UInt8>) -> Bool {
        guard hasPrefixIgnoringCase(line, "with "), line.last == UInt8(ascii: ";") else {
            return false
        }
        // `with A.B;` alone, or followed on the line by its `use` clause (`with Ada.Text_IO;
        // use Ada.Text_IO;`), as Ada programs are often written.
        return line.dropLast().split(separator: UInt8(ascii: ";")).enumerated().allSatisfy {
            index,
            clause in
            let text = clause.drop(while: isSpace)
            let keyword = index == 0 ? "with " : "use "
            guard hasPrefixIgnoringCase(text, keyword) else { return false }
            let name = text.dropFirst(keyword.utf8.count)
            return !name.isEmpty
                && name.allSatisfy {
                    isIdentifierByte($0) || $0 == UInt8(ascii: ".") || $0 == 0x20
                        || $0 == UInt8(ascii: ",")
                }
        }
    }

    /// Pascal and Delphi, in any case: `program Name;`, `unit Name;`, `uses A, B;`, a bare
    /// `var`, `begin` or `interface`/`implementation`, `end.` closing the program,
    /// `WriteLn(`, a `procedure`/`function` heading ending in `;`; four points, one of
    /// `program`, `unit`, `uses`, `end.` or a heading among them.
    private static func pascalEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text has no line that could decide: no reading worth weighing.
        guard
            lines.contains(where: { line in
                hasPrefixIgnoringCase(line, "program ") || hasPrefixIgnoringCase(line, "unit ")
                    || hasPrefixIgnoringCase(body(line), "uses ")
                    || hasPrefixIgnoringCase(body(line), "end.")
                    || hasPrefixIgnoringCase(line, "procedure ")
                    || hasPrefixIgnoringCase(line, "function ")
            })
        else { return nil }
        return weigh(
            lines,
            needed: 4,
            anyOf: ["a program", "a unit", "uses", "end.", "a routine"],
            rulesOut: { $0.last == UInt8(ascii: "{") || hasPrefix($0, "#include") },
            rules: [
                LineRule(
                    "a program",
                    2,
                    { hasPrefixIgnoringCase($0, "program ") && $0.last == UInt8(ascii: ";") }
                ),
                LineRule(
                    "a unit",
                    2,
                    { hasPrefixIgnoringCase($0, "unit ") && $0.last == UInt8(ascii: ";") }
                ),
                LineRule(
                    "uses",
                    2,
                    { hasPrefixIgnoringCase(body($0), "uses ") && $0.last == UInt8(ascii: ";") }
                ),
                LineRule(
                    "end.",
                    2,
                    { body($0).elementsEqual("end.".utf8) || body($0).elementsEqual("END.".utf8) }
                ),
                LineRule(
                    "a keyword",
                    1,
                    { line in
                        ["var", "begin", "interface", "implementation", "const", "type"].contains {
                            body(line).elementsEqual($0.utf8)
                        }
                    }
                ),
                LineRule("WriteLn", 1, { containsIgnoringCase($0, "writeln(") }),
                LineRule(
                    "a routine",
                    1,
                    { line in
                        (hasPrefixIgnoringCase(line, "procedure ")
                            || hasPrefixIgnoringCase(line, "function "))
                            && line.last == UInt8(ascii: ";")
                    }
                ),
            ]
        )
    }

    /// Prolog: directives at the margin (`:- module(`, `:- use_module(`, `:- dynamic`), rule
    /// heads at the margin (`name(Args) :-`), facts (`parent(tom, bob).`) and indented goals
    /// ending in `,`; three points, a directive or a rule among them.
    private static func prologEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        guard lines.contains(where: { hasPrefix($0, ":- ") || endsWith($0, ") :-") }) else {
            return nil
        }
        func isTerm(_ line: ArraySlice<UInt8>) -> Bool {
            guard let first = line.first, (0x61...0x7A).contains(first) else { return false }
            let name = line.prefix(while: isIdentifierByte)
            return line[name.endIndex...].first == UInt8(ascii: "(")
        }
        return weigh(
            lines.filter { body($0).first != UInt8(ascii: "%") },
            needed: 3,
            anyOf: ["a directive", "a rule"],
            rulesOut: { $0.last == UInt8(ascii: "{") || $0.last == UInt8(ascii: ";") },
            rules: [
                LineRule("a directive", 2, { hasPrefix($0, ":- ") }),
                LineRule("a rule", 2, { isTerm($0) && endsWith($0, ") :-") }),
                LineRule("a fact", 1, { isTerm($0) && endsWith($0, ").") && !contains($0, " = ") }),
                LineRule(
                    "a goal",
                    1,
                    { line in
                        line.first.map(isSpace) == true && isTerm(body(line))
                            && line.last == UInt8(ascii: ",")
                    }
                ),
            ]
        )
    }

    /// Gherkin: `Feature:` at the margin, `Scenario:`, `Scenario Outline:`, `Background:` or
    /// `Examples:`, and steps (`Given`, `When`, `Then`, `And`, `But`); four points, the
    /// feature among them.
    private static func gherkinEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        guard lines.contains(where: { hasPrefix(body($0), "Feature:") }) else { return nil }
        let code = lines.filter { body($0).first != UInt8(ascii: "#") }
        return weigh(
            code,
            needed: 4,
            anyOf: ["a feature"],
            rulesOut: { _ in false },
            rules: [
                LineRule("a feature", 2, { hasPrefix(body($0), "Feature:") }),
                LineRule(
                    "a scenario",
                    2,
                    { line in
                        startsWithAny(
                            body(line),
                            ["Scenario:", "Scenario Outline:", "Background:", "Examples:", "Rule:"]
                        )
                    }
                ),
                LineRule(
                    "a step",
                    1,
                    { startsWithAny(body($0), ["Given ", "When ", "Then ", "And ", "But "]) }
                ),
            ]
        )
    }

    /// NSIS installer scripts.
    ///
    /// Compiler commands (`!include`, `!define`, `!insertmacro`),
    /// `Section`/`SectionEnd`, `Function`/`FunctionEnd`, `OutFile`, `Name`,
    /// `RequestExecutionLevel`, `InstallDir`; three points, a section, a function, `OutFile`
    /// or a compiler command among them. `;` and `#` comments are set aside.
    private static func nsisEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        guard
            lines.contains(where: { line in
                let text = body(line)
                return text.first == UInt8(ascii: "!") || text.elementsEqual("SectionEnd".utf8)
                    || text.elementsEqual("FunctionEnd".utf8) || hasPrefix(text, "OutFile ")
                    || hasPrefix(text, "Section \"")
            })
        else { return nil }
        let code = lines.filter {
            let first = body($0).first
            return first != UInt8(ascii: ";") && first != UInt8(ascii: "#")
        }
        return weigh(
            code,
            needed: 3,
            anyOf: ["a section", "a function", "OutFile", "a compiler command"],
            rulesOut: { $0.last == UInt8(ascii: ";") || $0.last == UInt8(ascii: "{") },
            rules: [
                LineRule(
                    "a compiler command",
                    1,
                    {
                        startsWithAny(
                            body($0),
                            ["!include ", "!define ", "!insertmacro ", "!macro "]
                        )
                    }
                ),
                LineRule(
                    "a section",
                    2,
                    {
                        body($0).elementsEqual("SectionEnd".utf8)
                            || hasPrefix(body($0), "Section \"")
                    }
                ),
                LineRule(
                    "a function",
                    2,
                    { body($0).elementsEqual("FunctionEnd".utf8) }
                ),
                LineRule("OutFile", 2, { hasPrefix(body($0), "OutFile ") }),
                LineRule(
                    "a setting",
                    1,
                    {
                        startsWithAny(
                            body($0),
                            ["Name \"", "RequestExecutionLevel ", "InstallDir "]
                        )
                    }
                ),
                LineRule(
                    "a message",
                    1,
                    { startsWithAny(body($0), ["DetailPrint ", "MessageBox MB_"]) }
                ),
            ]
        )
    }

    /// Whether the line ends with `suffix`, ASCII letters folded.
    private static func endsWithIgnoringCase(_ line: ArraySlice<UInt8>, _ suffix: String) -> Bool {
        let count = suffix.utf8.count
        guard line.count >= count else { return false }
        return hasPrefixIgnoringCase(line.suffix(count), suffix)
    }
}
