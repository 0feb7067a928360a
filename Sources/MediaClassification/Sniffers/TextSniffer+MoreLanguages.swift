/// Dockerfiles, Go, Rust, C#, Swift, Objective-C, Kotlin, Scala, Haskell, OCaml, awk, Visual
/// Basic, Nix, CMake, Lua, Perl, Tcl, SQL, reStructuredText and Markdown told by their lines,
/// in the manner of ``TextSniffer/sourceCodeEvidence(_:lines:)``: hints only the language
/// writes at a line's start, a minimum of them, and lines that rule the language out.
extension TextSniffer {
    /// The language the lines name.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - codeLines: Its ``codeLines(_:)``, found once for every language that reads them.
    /// - Returns: The type's identifier and the evidence, or `nil`.
    static func moreLanguagesEvidence(
        _ text: ArraySlice<UInt8>,
        codeLines: [ArraySlice<UInt8>]
    ) -> (String, String)? {
        if let docker = dockerfileEvidence(codeLines, directive: opensWithSyntaxDirective(text)) {
            return ("com.docker.dockerfile", docker)
        }
        let lines = withoutDashComments(codeLines)
        if let go = goEvidence(lines) { return ("org.golang.go-source", go) }
        if let rust = rustEvidence(lines) { return ("org.rust-lang.rust-source", rust) }
        if let csharp = cSharpEvidence(lines) { return ("com.microsoft.csharp-source", csharp) }
        if let swift = swiftEvidence(lines) { return ("public.swift-source", swift) }
        if let d = dEvidence(lines) { return ("org.dlang.d-source", d) }
        if let objc = objectiveCEvidence(lines) { return ("public.objective-c-source", objc) }
        if let script = scriptLanguagesEvidence(lines) { return script }
        if let lisp = lispEvidence(lines) { return lisp }
        if let matlab = matlabEvidence(lines) { return ("com.mathworks.matlab-source", matlab) }
        if let kotlin = kotlinEvidence(lines) { return ("org.kotlinlang.kotlin-source", kotlin) }
        if let scala = scalaEvidence(lines) { return ("org.scala-lang.scala-source", scala) }
        if let groovy = groovyEvidence(lines) { return ("org.apache.groovy-source", groovy) }
        if let gradle = gradleEvidence(lines) { return ("org.gradle.build-script", gradle) }
        if let haskell = haskellEvidence(lines) { return ("org.haskell.haskell-source", haskell) }
        if let fSharp = fSharpEvidence(lines) { return ("com.microsoft.fsharp-source", fSharp) }
        if let ocaml = ocamlEvidence(lines) { return ("org.ocaml.ocaml-source", ocaml) }
        if let awk = awkEvidence(lines) { return ("com.att.awk-script", awk) }
        if let r = rEvidence(lines) { return ("org.r-project.r-source", r) }
        if let basic = visualBasicEvidence(lines) {
            return ("com.microsoft.visual-basic-source", basic)
        }
        if let nix = nixEvidence(lines) { return ("org.nixos.nix-expression", nix) }
        if let meson = mesonEvidence(lines) { return ("org.mesonbuild.meson-build", meson) }
        if let cmake = cmakeEvidence(lines) { return ("org.cmake.cmake-script", cmake) }
        if let lua = luaEvidence(lines) { return ("org.lua.script", lua) }
        if let perl = perlEvidence(lines) { return ("public.perl-script", perl) }
        if let tcl = tclEvidence(lines) { return ("org.tcl-lang.script", tcl) }
        if let coffee = coffeeScriptEvidence(lines) { return ("org.coffeescript.source", coffee) }
        if let classic = classicLanguageEvidence(lines) { return classic }
        if let graphQL = graphQLEvidence(lines) { return ("org.graphql.graphql", graphQL) }
        if let vim = vimScriptEvidence(lines) { return ("org.vim.vim-script", vim) }
        if let sql = sqlEvidence(lines) { return ("org.iso.sql", sql) }
        if let asciiDoc = asciiDocEvidence(lines) { return ("org.asciidoc.asciidoc", asciiDoc) }
        if let rst = restructuredTextEvidence(text) {
            return ("org.docutils.restructuredtext", rst)
        }
        if let markdown = markdownEvidence(text) {
            return ("net.daringfireball.markdown", markdown)
        }
        return nil
    }

    /// The languages a reading's answer is also written in, which a name may pick: Gradle's
    /// Kotlin scripts (`build.gradle.kts`) are Kotlin source.
    static let readingAlternatives: [String: [String]] = [
        "org.gradle.build-script": ["org.kotlinlang.kotlin-source"]
    ]

    /// The lines without Lua's and SQL's `--` comments, nor Lua's long comments: an opening
    /// `--[[` (or `--[==[`, any number of `=`) hides every line up to its closing `]]`
    /// (`]==]`), as a licence banner is written.
    static func withoutDashComments(_ lines: [ArraySlice<UInt8>]) -> [ArraySlice<UInt8>] {
        withoutComments(lines, linePrefix: "--") { body in
            guard hasPrefix(body, "--[") else { return nil }
            let bracket = body.dropFirst(2)
            let equals = bracket.dropFirst().prefix { $0 == UInt8(ascii: "=") }
            guard equals.endIndex < bracket.endIndex, bracket[equals.endIndex] == UInt8(ascii: "[")
            else { return nil }
            let close = "]" + String(repeating: "=", count: equals.count) + "]"
            return (close, bracket[(equals.endIndex + 1)...])
        }
    }

    /// The lines without a language's comments: lines that open with `linePrefix` (after
    /// spaces), and blocks that `block` finds opening a line, the closing token and what
    /// follows the opener on that line given, up to the line that holds the closing token.
    static func withoutComments(
        _ lines: [ArraySlice<UInt8>],
        linePrefix: String,
        block: (ArraySlice<UInt8>) -> (close: String, rest: ArraySlice<UInt8>)?
    ) -> [ArraySlice<UInt8>] {
        var kept: [ArraySlice<UInt8>] = []
        var closing: String?
        for line in lines {
            let body = line.drop(while: isSpace)
            if let close = closing {
                if contains(body, close) { closing = nil }
                continue
            }
            if let opened = block(body) {
                if !contains(opened.rest, opened.close) { closing = opened.close }
                continue
            }
            if !hasPrefix(body, linePrefix) { kept.append(line) }
        }
        return kept
    }

    /// A rule of a reading (``weigh(_:needed:anyOf:rulesOut:rules:)``): the hint it gives, its
    /// weight and the test a line passes.
    ///
    /// A struct, not a tuple: an array of tuples holds its closures behind reabstraction
    /// thunks, each built on every call and retained on every line it tests.
    struct LineRule {
        let name: String
        let weight: Int
        let test: (ArraySlice<UInt8>) -> Bool

        init(_ name: String, _ weight: Int, _ test: @escaping (ArraySlice<UInt8>) -> Bool) {
            self.name = name
            self.weight = weight
            self.test = test
        }
    }

    /// Counts the hints of `rules` (each counted once) until a line rules the language out;
    /// the hints when their weight reaches `needed` and one of `required` (if any) is among
    /// them, else `nil`.
    static func weigh(
        _ lines: [ArraySlice<UInt8>],
        needed: Int,
        anyOf required: [String] = [],
        rulesOut: (ArraySlice<UInt8>) -> Bool,
        rules: [LineRule]
    ) -> String? {
        var found: Set<String> = []
        var weight = 0
        for line in lines {
            if rulesOut(line) { break }
            var matched = false
            // By index: a rule is read whole (its name retained) only when its test matched.
            for index in rules.indices where rules[index].test(line) {
                matched = true
                if found.insert(rules[index].name).inserted { weight += rules[index].weight }
            }
            // A line of prose ends the reading; a line a rule matched is no prose, however
            // many words it has (`override fun onCreate(state: Bundle) {`).
            if !matched, isProse(line) { break }
        }
        // `required` is an array: a set built from the literal on every call (about fifty
        // readings a file) hashed its strings for a test made only after enough weight.
        guard weight >= needed, required.isEmpty || required.contains(where: found.contains)
        else {
            return nil
        }
        return found.sorted().joined(separator: ", ")
    }

    static func endsWith(_ line: ArraySlice<UInt8>, _ suffix: String) -> Bool {
        line.count >= suffix.utf8.count && line.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
    }

    static func startsWithAny(_ line: ArraySlice<UInt8>, _ prefixes: [String]) -> Bool {
        prefixes.contains { hasPrefix(line, $0) }
    }

    /// Whether the line, its indentation aside, starts with one of `prefixes`.
    static func startsIndentedWithAny(_ line: ArraySlice<UInt8>, _ prefixes: [String]) -> Bool {
        startsWithAny(line.drop(while: isSpace), prefixes)
    }

    /// Whether the line holds a name followed by `!` that `accept` takes, given the name, the
    /// byte before it and the byte after the `!` (Julia's `push!(v, x)`, D's `to!string`).
    static func containsBang(
        in line: ArraySlice<UInt8>,
        where accept: (_ name: ArraySlice<UInt8>, _ before: UInt8?, _ after: UInt8?) -> Bool
    ) -> Bool {
        var index = line.startIndex
        while let bang = line[index...].firstIndex(of: UInt8(ascii: "!")) {
            let after = line.index(after: bang)
            var start = bang
            while start > line.startIndex, isIdentifierByte(line[line.index(before: start)]) {
                start = line.index(before: start)
            }
            if start < bang,
                accept(
                    line[start..<bang],
                    start > line.startIndex ? line[line.index(before: start)] : nil,
                    after < line.endIndex ? line[after] : nil
                )
            {
                return true
            }
            index = after
        }
        return false
    }

    /// Whether the line holds `mark` where `accept` takes the bytes around it.
    ///
    /// `accept` is given the byte before the mark and the byte after it (nil at the line's
    /// ends): Perl's `$#list` and `qw(`, MATLAB's `x.^2` and PowerShell's `[Math]::Round`
    /// are marks so told.
    static func containsMark(
        _ mark: String,
        in line: ArraySlice<UInt8>,
        where accept: (_ before: UInt8?, _ after: UInt8?) -> Bool
    ) -> Bool {
        let bytes = Array(mark.utf8)
        guard let first = bytes.first else { return false }
        var index = line.startIndex
        while let start = line[index...].firstIndex(of: first) {
            let end = start + bytes.count
            if end <= line.endIndex, line[start..<end].elementsEqual(bytes),
                accept(
                    start > line.startIndex ? line[start - 1] : nil,
                    end < line.endIndex ? line[end] : nil
                )
            {
                return true
            }
            index = start + 1
        }
        return false
    }

    /// Whether the line, its indentation aside, is one of `words` and nothing more (a block's
    /// `end`, MATLAB's `hold on`, Gradle's `mavenCentral()`).
    static func isAlone(_ line: ArraySlice<UInt8>, _ words: [String]) -> Bool {
        let body = line.drop(while: isSpace)
        return words.contains { body.elementsEqual($0.utf8) }
    }

    /// Go: `package name` (one lower-case word, no semicolon), `import (` or
    /// `import "path"`, a `func` at the margin (`func main() {`, the entry point, counts
    /// again), `type Name struct {`; three in all are needed, the package line or the entry
    /// point among them.
    private static func goEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["package", "func main"],
            rulesOut: { $0.last == UInt8(ascii: ";") || hasPrefix($0, "#include") },
            rules: [
                LineRule(
                    "package",
                    1,
                    { line in
                        hasPrefix(line, "package ")
                            && line.dropFirst(8).allSatisfy {
                                (0x61...0x7A).contains($0) || (0x30...0x39).contains($0)
                                    || $0 == UInt8(ascii: "_")
                            }
                    }
                ),
                LineRule("import", 1, { hasPrefix($0, "import (") || hasPrefix($0, "import \"") }),
                LineRule("func", 1, { hasPrefix($0, "func ") && contains($0, "(") }),
                // The entry point, which counts as a `func` too (Swift has no such line).
                LineRule("func main", 1, { hasPrefix($0, "func main() {") }),
                LineRule(
                    "type",
                    1,
                    {
                        hasPrefix($0, "type ")
                            && (contains($0, " struct {") || contains($0, " interface {"))
                    }
                ),
            ]
        )
    }

    /// Rust: `use a::b;`, `fn`/`pub fn`, `impl`, `#[derive(` or `#![` attributes,
    /// `let mut`, `struct`/`enum` blocks, `mod name;`; two are needed, `fn` among them.
    private static func rustEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 2,
            anyOf: ["fn"],
            rulesOut: { hasPrefix($0, "#include") || hasPrefix($0, "package ") },
            rules: [
                LineRule("use", 1, { hasPrefix($0, "use ") && contains($0, "::") }),
                LineRule(
                    "fn",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(
                            body,
                            ["fn ", "pub fn ", "pub(crate) fn ", "async fn ", "pub async fn "]
                        )
                            && contains(body, "(")
                    }
                ),
                LineRule("impl", 1, { hasPrefix($0, "impl ") || hasPrefix($0, "impl<") }),
                LineRule(
                    "attribute",
                    1,
                    { startsIndentedWithAny($0, ["#[derive(", "#![", "#[cfg("]) }
                ),
                LineRule("let mut", 1, { contains($0, "let mut ") }),
                LineRule(
                    "macro",
                    1,
                    { line in
                        // A `!` first (one byte scan): most lines of most text have none.
                        line.contains(UInt8(ascii: "!"))
                            && [
                                "println!(", "eprintln!(", "format!(", "vec![", "panic!(",
                                "writeln!(",
                            ]
                            .contains { contains(line, $0) }
                    }
                ),
                LineRule(
                    "mod",
                    1,
                    { startsWithAny($0, ["mod ", "pub mod "]) && $0.last == UInt8(ascii: ";") }
                ),
                LineRule(
                    "struct",
                    1,
                    {
                        startsWithAny($0, ["pub struct ", "pub enum ", "struct ", "enum "])
                            && contains($0, "{")
                    }
                ),
            ]
        )
    }

    /// What makes text OCaml.
    ///
    /// `let rec`, a `let` whose line ends in ` in` (or `in` alone), a typed
    /// `let f (x : int) : int =`, `match ... with`, a `| pattern ->` case, `open Module`,
    /// `module M = struct` or `: sig`, a `;;` line end. Three are needed,
    /// one of them more than a case or an `open` (F# shares `open` and `|` cases; Tika's
    /// Mathematica rule reads the shared `(*` comment as Mathematica).
    private static func ocamlEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // No `let` and no `module` at a line's start: no OCaml worth weighing.
        guard
            lines.contains(where: {
                hasPrefix($0.drop(while: isSpace), "let ") || hasPrefix($0, "module ")
            })
        else { return nil }
        return weigh(
            lines,
            needed: 3,
            anyOf: ["let rec", "let in", "match", "module", ";;"],
            rulesOut: {
                hasPrefix($0, "#include") || hasPrefix($0, "import ") || endsWith($0, "{")
            },
            rules: [
                LineRule("let rec", 1, { hasPrefix($0.drop(while: isSpace), "let rec ") }),
                LineRule(
                    "let in",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return (hasPrefix(body, "let ") && endsWith(body, " in"))
                            || body.elementsEqual("in".utf8)
                    }
                ),
                LineRule(
                    "typed let",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "let ") && endsWith(body, " =")
                            && contains(body, " : ")
                    }
                ),
                LineRule(
                    "match",
                    1,
                    { endsWith($0, " with") && contains($0, "match ") }
                ),
                LineRule(
                    "case",
                    1,
                    { hasPrefix($0.drop(while: isSpace), "| ") && contains($0, " -> ") }
                ),
                LineRule(
                    "open",
                    1,
                    { line in
                        hasPrefix(line, "open ")
                            && line.dropFirst(5).first.map {
                                (0x41...0x5A).contains($0)
                            } == true && !contains(line, ";")
                    }
                ),
                LineRule(
                    "module",
                    1,
                    {
                        hasPrefix($0, "module ")
                            && (endsWith($0, "= struct") || endsWith($0, ": sig"))
                    }
                ),
                LineRule(";;", 1, { endsWith($0, ";;") }),
            ]
        )
    }

    /// The lines that close a Visual Basic block.
    private static let visualBasicBlockEnds = [
        "End Sub", "End Function", "End Module", "End Class", "End Namespace", "End Property",
        "End Structure", "End Interface",
    ]

    /// CMake's commands by kind, for ``cmakeEvidence(_:)``: a project's, a target's, the ends
    /// of blocks, and the three together (one of which must be there).
    private static let cmakeProject = ["cmake_minimum_required", "project"]
    private static let cmakeTarget = [
        "add_executable", "add_library", "target_link_libraries", "target_include_directories",
        "target_compile_options", "target_compile_definitions", "add_subdirectory",
        "add_custom_target", "add_custom_command",
    ]
    private static let cmakeBlockEnd = [
        "endif", "endforeach", "endfunction", "endmacro", "endwhile",
    ]
    private static let cmakeRequired = cmakeProject + cmakeTarget + cmakeBlockEnd
    private static let cmakeMinimum = ["cmake_minimum_required"]
    private static let cmakeProjectOnly = ["project"]
    private static let cmakeInclude = ["find_package", "include"]
    private static let cmakeSet = ["set", "option", "list", "message"]
    private static let cmakeBlock = ["if", "foreach", "function", "macro", "while"]

    /// What makes text Visual Basic .NET.
    ///
    /// A block's end (`End Sub`, `End Function`, `End Module`, `End Class`, ...), a
    /// `Module` or `Namespace` line, `Imports`, `Sub Name(`, a typed `Dim x As`. Three are
    /// needed, a block's end among them; `'` and `REM` comment lines are skipped (Tika reads
    /// a first `REM` as a batch file's), and a line ending in `;` or `{` rules it out.
    private static func visualBasicEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Every program ends a block: without an `End ` line there is no Visual Basic.
        guard lines.contains(where: { hasPrefix($0.drop(while: isSpace), "End ") }) else {
            return nil
        }
        let code = lines.filter { line in
            let body = line.drop(while: isSpace)
            return !hasPrefix(body, "'") && !hasPrefix(body, "REM ") && !hasPrefix(body, "Rem ")
        }
        return weigh(
            code,
            needed: 3,
            anyOf: ["End"],
            rulesOut: { $0.last == UInt8(ascii: ";") || $0.last == UInt8(ascii: "{") },
            rules: [
                LineRule(
                    "End",
                    1,
                    { isAlone($0, visualBasicBlockEnds) }
                ),
                LineRule(
                    "Module",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(
                            body,
                            ["Module ", "Public Module ", "Friend Module ", "Namespace "]
                        )
                    }
                ),
                LineRule(
                    "Imports",
                    1,
                    { hasPrefix($0, "Imports ") && !contains($0, "(") }
                ),
                LineRule(
                    "Sub",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(
                            body,
                            [
                                "Sub ", "Public Sub ", "Private Sub ", "Shared Sub ",
                                "Public Shared Sub ", "Function ", "Public Function ",
                                "Private Function ",
                            ]
                        ) && contains(body, "(")
                    }
                ),
                LineRule(
                    "Dim As",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "Dim ") && contains(body, " As ")
                    }
                ),
            ]
        )
    }

    /// What makes text a Nix expression.
    ///
    /// A function's argument set (`{ pkgs, ... }:`, or `}:` closing one over several lines),
    /// `<nixpkgs>`, `inherit x;`, `with pkgs;`, `mkDerivation`, a NixOS module's
    /// `imports = [` or `.enable = true;`. Two are needed, the argument set or `<nixpkgs>`
    /// among them.
    private static func nixEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        func isArgumentSet(_ line: ArraySlice<UInt8>) -> Bool {
            let body = line.drop(while: isSpace)
            return endsWith(body, "}:")
                && (hasPrefix(body, "{") || body.count == 2 || hasPrefix(body, ", "))
        }
        guard lines.contains(where: { isArgumentSet($0) || contains($0, "<nixpkgs>") }) else {
            return nil
        }
        return weigh(
            lines,
            needed: 2,
            anyOf: ["an argument set", "<nixpkgs>"],
            rulesOut: { hasPrefix($0, "#include") || hasPrefix($0, "package ") },
            rules: [
                LineRule("an argument set", 1, isArgumentSet),
                LineRule("<nixpkgs>", 1, { contains($0, "<nixpkgs>") }),
                LineRule(
                    "inherit",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "inherit ") && body.last == UInt8(ascii: ";")
                    }
                ),
                LineRule(
                    "with",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(body, ["with pkgs;", "with lib;", "with import "])
                    }
                ),
                LineRule("mkDerivation", 1, { contains($0, "mkDerivation") }),
                LineRule(
                    "a NixOS module",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return body.elementsEqual("imports = [".utf8)
                            || endsWith(body, ".enable = true;")
                    }
                ),
            ]
        )
    }

    /// Every instruction Docker's "Dockerfile reference" defines, as written there.
    private static let dockerInstructions: Set<String> = [
        "FROM", "RUN", "CMD", "LABEL", "MAINTAINER", "EXPOSE", "ENV", "ADD", "COPY",
        "ENTRYPOINT", "VOLUME", "USER", "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL",
        "HEALTHCHECK", "SHELL",
    ]

    /// What makes text a Dockerfile (or a Podman Containerfile, the same format).
    ///
    /// Every line that is not a comment (`#`, which also starts a parser directive) is an
    /// instruction written in capitals and followed by a space, or continues the line
    /// before it (which ends in a backslash). The first instruction is `FROM`, or `ARG`
    /// lines before the `FROM` they parameterise, as the reference requires; one more kind
    /// of instruction is needed besides `FROM` and `ARG`. A line of any other kind rules the
    /// format out, so prose, SQL (whose clauses may start with `FROM`) and shell scripts
    /// are not Dockerfiles; nor, for the same reason, is a file whose `RUN` carries a
    /// BuildKit here-document (its name still tells it). A first line that is BuildKit's
    /// `syntax` parser directive naming the Dockerfile frontend (`directive`) stands for the
    /// instruction of another kind: `FROM scratch` under it is a whole Dockerfile.
    private static func dockerfileEvidence(
        _ lines: [ArraySlice<UInt8>],
        directive: Bool = false
    ) -> String? {
        var kinds: [String] = []
        var continues = false
        for line in lines {
            let body = line.drop(while: isSpace)
            if continues {
                continues = body.last == UInt8(ascii: "\\")
                continue
            }
            if body.first == UInt8(ascii: "#") { continue }
            guard let space = body.firstIndex(where: isSpace) else { return nil }
            let word = String(decoding: body[..<space], as: UTF8.self)
            guard dockerInstructions.contains(word) else { return nil }
            if kinds.isEmpty || kinds == ["ARG"] {
                guard word == "FROM" || word == "ARG" else { return nil }
            }
            if word == "FROM", !isImageReference(body[space...]) { return nil }
            if !kinds.contains(word) { kinds.append(word) }
            continues = body.last == UInt8(ascii: "\\")
        }
        guard kinds.contains("FROM"),
            directive || kinds.count(where: { $0 != "FROM" && $0 != "ARG" }) >= 1
        else { return nil }
        return (directive ? "the syntax directive, " : "") + "Dockerfile instructions "
            + kinds.joined(separator: ", ")
    }

    /// Whether the first line is BuildKit's parser directive naming the Dockerfile frontend:
    /// `# syntax=docker/dockerfile:1` (blanks around `=` allowed, any registry before the
    /// name, `syntax` in either case).
    static func opensWithSyntaxDirective(_ text: ArraySlice<UInt8>) -> Bool {
        let line = text.prefix { $0 != 0x0A }
        guard line.first == UInt8(ascii: "#") else { return false }
        var rest = line.dropFirst().drop(while: isSpace)
        guard hasPrefixIgnoringCase(rest, "syntax") else { return false }
        rest = rest.dropFirst(6).drop(while: isSpace)
        guard rest.first == UInt8(ascii: "=") else { return false }
        let value = rest.dropFirst().drop(while: isSpace).prefix { !isSpace($0) }
        return contains(value, "docker/dockerfile")
    }

    /// Whether the rest of a `FROM` line names an image: any `--platform=` flag, one word
    /// that starts with a lower-case letter, a digit or `$` (image names are lower case; a
    /// build argument may stand for one), then at most `AS` and a stage name.
    private static func isImageReference(_ rest: ArraySlice<UInt8>) -> Bool {
        let words = rest.split(separator: UInt8(ascii: " ")).filter { !$0.isEmpty }
            .drop(while: { hasPrefix($0, "--") })
        guard let image = words.first, let first = image.first,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
                || first == UInt8(ascii: "$")
        else { return false }
        switch words.count {
        case 1: return true
        case 3:
            let keyword = String(decoding: words[words.startIndex + 1], as: UTF8.self)
            return keyword == "AS" || keyword == "as"
        default: return false
        }
    }

    /// What makes text a CMake script.
    ///
    /// Commands at a line's start, their arguments in parentheses: a project's
    /// (`cmake_minimum_required(`, `project(`), a target's (`add_executable(`,
    /// `add_library(`, `target_link_libraries(`, ...), a block's end with its parentheses
    /// (`endif()`, `endforeach()`, `endfunction()`), `find_package(`, `include(`, `set(`,
    /// `if(`, `function(`, and `${CMAKE_...}` variables. Two kinds are needed, a project's, a
    /// target's or a block's end among them (`cmake_minimum_required` counts twice); a line
    /// ending in `;` or `{` rules CMake out.
    private static func cmakeEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        func isCommand(_ line: ArraySlice<UInt8>, _ names: [String]) -> Bool {
            let body = line.drop(while: isSpace)
            return names.contains { name in
                guard hasPrefix(body, name) else { return false }
                let rest = body.dropFirst(name.utf8.count).drop(while: isSpace)
                return rest.first == UInt8(ascii: "(")
            }
        }
        // Most text has no line that opens with one of the required commands.
        guard lines.contains(where: { isCommand($0, cmakeRequired) }) else { return nil }
        return weigh(
            lines,
            needed: 2,
            anyOf: ["cmake_minimum_required", "a project", "a target", "a block's end"],
            rulesOut: { $0.last == UInt8(ascii: ";") || $0.last == UInt8(ascii: "{") },
            rules: [
                LineRule("cmake_minimum_required", 2, { isCommand($0, cmakeMinimum) }),
                LineRule("a project", 1, { isCommand($0, cmakeProjectOnly) }),
                LineRule("a target", 1, { isCommand($0, cmakeTarget) }),
                LineRule("a block's end", 1, { isCommand($0, cmakeBlockEnd) }),
                LineRule("find_package", 1, { isCommand($0, cmakeInclude) }),
                LineRule("set", 1, { isCommand($0, cmakeSet) }),
                LineRule(
                    "a block",
                    1,
                    { isCommand($0, cmakeBlock) }
                ),
                LineRule("CMake's variables", 1, { contains($0, "${CMAKE_") }),
            ]
        )
    }

    /// What makes text an awk program.
    ///
    /// A `BEGIN {` or `END {` block, a pattern on `NR`, `NF` or `FNR` before its action,
    /// fields (`$1`, `$NF`), awk's variables (`FS`, `OFS`, `NR`), `print`/`printf` statements.
    /// Three are needed, one a block or a pattern; Perl's `my`, `use` and `sub` rule awk
    /// out (Perl has `BEGIN` blocks and `$1` too).
    private static func awkEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        func isBlock(_ line: ArraySlice<UInt8>, _ word: String) -> Bool {
            let count = word.utf8.count
            guard line.count == count + 1 || line.count == count + 2, line.last == 0x7B,
                hasPrefix(line, word)
            else { return false }
            return line.count == count + 1 || line[line.startIndex + count] == 0x20
        }
        func isPattern(_ line: ArraySlice<UInt8>) -> Bool {
            startsWithAny(line, ["NR ", "NR>", "NR=", "NF ", "NF>", "FNR "]) && endsWith(line, "{")
        }
        // Most text has no line that opens with B, E, N or F and is a block or a pattern:
        // one pass over the first bytes spares it the rest.
        let opens = lines.contains { line in
            switch line.first {
            case UInt8(ascii: "B"): isBlock(line, "BEGIN")
            case UInt8(ascii: "E"): isBlock(line, "END")
            case UInt8(ascii: "N"), UInt8(ascii: "F"): isPattern(line)
            default: false
            }
        }
        guard opens else { return nil }
        return weigh(
            lines,
            needed: 3,
            anyOf: ["BEGIN", "END", "pattern"],
            rulesOut: { line in
                let body = line.drop(while: isSpace)
                return startsWithAny(
                    body,
                    ["my ", "use ", "sub ", "local ", "function(", "#include"]
                )
                    || (line.contains(UInt8(ascii: "$")) && contains(line, "my $"))
            },
            rules: [
                LineRule("BEGIN", 1, { isBlock($0, "BEGIN") }),
                LineRule("END", 1, { isBlock($0, "END") }),
                LineRule("pattern", 1, { isPattern($0) }),
                LineRule(
                    "fields",
                    1,
                    { line in
                        line.contains(UInt8(ascii: "$"))
                            && line.indices.contains { index in
                                line[index] == UInt8(ascii: "$") && index + 1 < line.endIndex
                                    && ((0x30...0x39).contains(line[index + 1])
                                        || line[(index + 1)...].starts(with: "NF".utf8))
                            }
                    }
                ),
                LineRule(
                    "variables",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(body, ["FS = ", "FS=", "OFS = ", "OFS=", "RS = "])
                            || (line.contains(UInt8(ascii: "R"))
                                && (contains(line, " NR ") || contains(line, "(NR")))
                    }
                ),
                LineRule(
                    "print",
                    1,
                    { startsIndentedWithAny($0, ["print ", "printf "]) }
                ),
            ]
        )
    }

    /// C#: `using System...;` (a capitalised namespace), `namespace A.B`, a class with C#'s
    /// modifiers, `Console.`, `public static void Main` once; an assembly attribute
    /// (`[assembly: AssemblyTitle("...")]`, Visual Basic's is `<Assembly: ...>`) and a
    /// file-scoped namespace (`namespace A.B;`, PHP's have backslashes) twice; three weights
    /// are needed, the using line (at the margin, or indented inside a `namespace` block), an
    /// assembly attribute or a file-scoped namespace among them.
    private static func cSharpEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["using", "an assembly attribute", "a file-scoped namespace"],
            rulesOut: {
                hasPrefix($0, "#include") || hasPrefix($0, "package ") || hasPrefix($0, "import ")
            },
            rules: [
                LineRule("an assembly attribute", 2, { hasPrefix($0, "[assembly: ") }),
                LineRule(
                    "a file-scoped namespace",
                    2,
                    { line in
                        let name = line.dropFirst("namespace ".utf8.count).dropLast()
                        return hasPrefix(line, "namespace ") && line.last == UInt8(ascii: ";")
                            && !name.isEmpty
                            && name.allSatisfy { isIdentifierByte($0) || $0 == UInt8(ascii: ".") }
                    }
                ),
                LineRule(
                    "using",
                    1,
                    { line in
                        // Indented in a `namespace Name {` block, as older files write it.
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "using ") && body.last == UInt8(ascii: ";")
                            && (body.dropFirst(6).first.map { (0x41...0x5A).contains($0) } ?? false)
                    }
                ),
                LineRule(
                    "namespace",
                    1,
                    { hasPrefix($0, "namespace ") && $0.last != UInt8(ascii: ";") }
                ),
                LineRule(
                    "class",
                    1,
                    { line in
                        startsIndentedWithAny(
                            line,
                            [
                                "public class ", "internal class ", "public static class ",
                                "static class ",
                                "public sealed class ", "public partial class ",
                                "internal sealed class ",
                                "public interface ", "public record ", "public struct ",
                            ]
                        )
                    }
                ),
                LineRule(
                    "Main",
                    1,
                    { contains($0, "static void Main(") || contains($0, "Console.Write") }
                ),
            ]
        )
    }

    /// The modules a Swift file imports most.
    private static let swiftModules = [
        "Foundation", "UIKit", "SwiftUI", "AppKit", "Combine", "XCTest", "Testing", "Dispatch",
        "CoreData", "CoreGraphics", "os", "Darwin", "Glibc", "ArgumentParser", "NIO", "Vapor",
    ]

    /// Swift: `import Module` of a Swift module (no quotes, no semicolon), `func`, a type
    /// declaration (`struct`, `class`, `enum`, `protocol`, `extension` opening a block),
    /// `let`/`var`/`guard let`/`if let`, a `print(` call; three are needed, `func` or the
    /// import among them, and a line ending in `;` rules Swift out.
    private static func swiftEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["func", "import"],
            rulesOut: { $0.last == UInt8(ascii: ";") || hasPrefix($0, "#include") },
            rules: [
                LineRule(
                    "import",
                    1,
                    { line in
                        hasPrefix(line, "import ")
                            && swiftModules.contains { line.dropFirst(7).elementsEqual($0.utf8) }
                    }
                ),
                LineRule(
                    "func",
                    1,
                    {
                        startsIndentedWithAny(
                            $0,
                            [
                                "func ", "public func ", "private func ", "static func ",
                                "override func ", "@objc func ",
                            ]
                        ) && contains($0, "(")
                    }
                ),
                LineRule(
                    "type",
                    1,
                    { line in
                        startsIndentedWithAny(
                            line,
                            [
                                "struct ", "final class ", "class ", "enum ", "protocol ",
                                "extension ",
                                "public struct ", "public final class ", "public class ",
                                "public enum ",
                                "public protocol ", "public extension ",
                            ]
                        ) && line.last == UInt8(ascii: "{")
                    }
                ),
                LineRule(
                    "binding",
                    1,
                    { line in
                        startsIndentedWithAny(
                            line,
                            ["guard let ", "if let ", "let ", "var "]
                        )
                            && !contains(line, ";")
                    }
                ),
                LineRule("print", 1, { hasPrefix($0.drop(while: isSpace), "print(") }),
            ]
        )
    }

    /// Lua: `local name`, `local function` or `function a.b(` / `function a:b(`, a line
    /// ending in `then` or `do`, a bare `end`, a loop over `pairs(` or `ipairs(`, a numeric
    /// `for i = 1, n do` (Pascal assigns with `:=`, MATLAB and Julia count with `:`, BASIC
    /// with `TO`); three are needed, a `local` or the numeric loop among them.
    private static func luaEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["local", "numeric for"],
            // A brace ends a C-family line; Lua opens a table so (`local t = {`, `return {`).
            // Icon and Unicon write `local`, `then` and `end` too, under their `procedure`,
            // `link` and `package` declarations.
            rulesOut: { line in
                line.last == UInt8(ascii: ";")
                    || startsWithAny(line, ["procedure ", "link ", "package "])
                    || (line.last == UInt8(ascii: "{") && !endsWith(line, "= {")
                        && !endsWith(line, "return {"))
            },
            rules: [
                LineRule("local", 1, { hasPrefix($0.drop(while: isSpace), "local ") }),
                LineRule("pairs", 1, { contains($0, " in ipairs(") || contains($0, " in pairs(") }),
                LineRule(
                    "function",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "local function ")
                            || (hasPrefix(body, "function ")
                                && (contains(body.prefix { $0 != UInt8(ascii: "(") }, ".")
                                    || contains(body.prefix { $0 != UInt8(ascii: "(") }, ":")))
                    }
                ),
                LineRule("then", 1, { endsWith($0, " then") || endsWith($0, " do") }),
                LineRule("end", 1, { isAlone($0, ["end"]) }),
                LineRule("numeric for", 1, { isLuaNumericFor($0) }),
            ]
        )
    }

    /// Whether the line is a Lua numeric loop's head, `for name = first, last[, step] do`:
    /// a name, `=` alone (not `:=` or `==`), a comma between the bounds, and `do` to end it.
    private static func isLuaNumericFor(_ line: ArraySlice<UInt8>) -> Bool {
        let body = trimmingEnd(line.drop(while: isSpace))
        guard hasPrefix(body, "for "), endsWith(body, " do") else { return false }
        let rest = body.dropFirst(4).drop(while: isSpace)
        let name = rest.prefix { isIdentifierByte($0) }
        guard !name.isEmpty, let first = name.first, !(0x30...0x39).contains(first) else {
            return false
        }
        let afterName = rest[name.endIndex...].drop(while: isSpace)
        guard afterName.first == UInt8(ascii: "="), afterName.dropFirst().first != UInt8(ascii: "=")
        else { return false }
        let bounds = afterName.dropFirst().dropLast(3)
        return bounds.contains(UInt8(ascii: ",")) && !bounds.contains(UInt8(ascii: ":"))
    }

    /// Objective-C, told by its lines.
    ///
    /// `@interface`, `@implementation`, `@end`, `@property`, `@protocol`,
    /// `#import <...>` or `#import "..."`, a method line (`- (void)name` or
    /// `+ (instancetype)name`), an `@"..."` string literal; two are needed, one of the `@`
    /// directives among them.
    private static func objectiveCEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 2,
            anyOf: ["@interface", "@implementation", "@end", "@property", "@protocol"],
            rulesOut: { _ in false },
            rules: [
                LineRule("@interface", 1, { hasPrefix($0, "@interface ") }),
                LineRule("@implementation", 1, { hasPrefix($0, "@implementation ") }),
                LineRule("@end", 1, { $0.elementsEqual("@end".utf8) }),
                LineRule("@property", 1, { hasPrefix($0.drop(while: isSpace), "@property") }),
                LineRule("@protocol", 1, { hasPrefix($0, "@protocol ") }),
                LineRule(
                    "#import",
                    1,
                    { hasPrefix($0, "#import <") || hasPrefix($0, "#import \"") }
                ),
                LineRule(
                    "method",
                    1,
                    { line in
                        startsWithAny(line, ["- (", "+ (", "-(", "+("]) && contains(line, ")")
                    }
                ),
                LineRule("@\"string\"", 1, { contains($0, "@\"") }),
            ]
        )
    }

    /// Kotlin, told by its lines.
    ///
    /// `fun name(` (also `private`, `override`, `suspend`, `internal`), `val` or `var`,
    /// `data class`, `companion object`, `package a.b` without a semicolon, an `import`,
    /// `println(`, the entry point `fun main(` (which counts twice, as a `fun` too); three
    /// are needed, `fun` among them. A line ending in `;` (Java) or a
    /// `def` (Scala) rules it out.
    private static func kotlinEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["fun"],
            rulesOut: { line in
                line.last == UInt8(ascii: ";") || hasPrefix(line.drop(while: isSpace), "def ")
                    || hasPrefix(line, "#include")
            },
            rules: [
                LineRule(
                    "fun",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(
                            body,
                            [
                                "fun ", "private fun ", "override fun ", "suspend fun ",
                                "internal fun ",
                            ]
                        ) && contains(body, "(")
                    }
                ),
                LineRule(
                    "val",
                    1,
                    { startsIndentedWithAny($0, ["val ", "var ", "private val "]) }
                ),
                LineRule("data class", 1, { hasPrefix($0.drop(while: isSpace), "data class ") }),
                LineRule("companion object", 1, { contains($0, "companion object") }),
                LineRule(
                    "package",
                    1,
                    { hasPrefix($0, "package ") && $0.last != UInt8(ascii: ";") }
                ),
                LineRule("import", 1, { hasPrefix($0, "import ") && !contains($0, "\"") }),
                LineRule("println", 1, { hasPrefix($0.drop(while: isSpace), "println(") }),
                // The entry point, which only Kotlin spells so (Go's is `func main()`).
                LineRule("fun main", 1, { hasPrefix($0, "fun main(") }),
                // A return type after the parameters (`fun doors(): List<Int> {`): Swift
                // writes `func f() -> T`, TypeScript `function f(): T`, Scala `def f(): T`.
                LineRule(
                    "a return type",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(body, ["fun ", "private fun ", "override fun "])
                            && contains(body, "): ")
                    }
                ),
            ]
        )
    }

    /// Slint, told by its declarations.
    ///
    /// A component that inherits another (`component AppWindow inherits Window {`),
    /// properties with a direction and a type in angle brackets (`in property <int> count;`),
    /// `callback` declarations and `export global` singletons; two are needed. Asked of text
    /// that opens with an ECMAScript-like `import` line, as Slint files do, before it is read
    /// as JavaScript.
    static func slintEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var found: Set<String> = []
        forEachLine(of: text, upTo: 200) { raw in
            let line = raw.drop(while: isSpace)
            // Every declaration counted opens with one of these letters: most lines of most
            // text stop here, before any prefix is compared.
            switch line.first {
            case UInt8(ascii: "c"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"),
                UInt8(ascii: "p"):
                break
            default:
                return true
            }
            if startsWithAny(line, slintComponentPrefixes), contains(line, " inherits ") {
                found.insert("component inherits")
            } else if startsWithAny(line, slintPropertyPrefixes) {
                found.insert("typed property")
            } else if hasPrefix(line, "callback "), contains(line, "(") {
                found.insert("callback")
            } else if hasPrefix(line, "export global ") {
                found.insert("export global")
            }
            return found.count < 2
        }
        return found.count >= 2 ? found.sorted().joined(separator: ", ") : nil
    }

    private static let slintComponentPrefixes = ["component ", "export component "]
    private static let slintPropertyPrefixes = [
        "in property <", "out property <", "in-out property <", "property <",
    ]

    /// Groovy, told by its lines.
    ///
    /// A command call of `println` without parentheses (`println "hello"`, which Java, Kotlin
    /// and Scala do not allow; Perl's `print "..."` is not one), `import groovy.`, a `@Grab(`
    /// dependency, a closure with named parameters (`list.each { item ->`), a `def`
    /// declaration; two weights are needed, one of the first four among them. C's
    /// `#include`, Kotlin's `fun` and Go's `func` rule it out.
    private static func groovyEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 2,
            anyOf: ["println without parentheses", "import groovy", "@Grab", "closure"],
            rulesOut: { line in
                let body = line.drop(while: isSpace)
                return hasPrefix(line, "#include") || hasPrefix(body, "fun ")
                    || hasPrefix(body, "func ")
            },
            rules: [
                LineRule(
                    "println without parentheses",
                    2,
                    { line in
                        startsIndentedWithAny(
                            line,
                            ["println \"", "println '"]
                        )
                    }
                ),
                LineRule("import groovy", 2, { hasPrefix($0, "import groovy.") }),
                LineRule("@Grab", 2, { hasPrefix($0.drop(while: isSpace), "@Grab(") }),
                // A closure with named parameters opening a block (`list.each { item ->`);
                // Java's lambdas put the arrow before the brace, Swift writes `in`.
                LineRule(
                    "closure",
                    1,
                    { line in
                        endsWith(line, " ->") && contains(line, "{ ")
                            && !contains(line, "=>")
                    }
                ),
                LineRule("def", 1, { startsIndentedWithAny($0, ["def "]) }),
            ]
        )
    }

    /// Scala, told by its lines.
    ///
    /// `object Name`, `def name(...)` with a result type, `val`, `var` or `lazy val`,
    /// `case class`, `trait`, `import a.b._` or `import a.b.{c, d}`, the entry point
    /// `def main(args: Array[String])`, a `println(` call; three are needed, `def` or
    /// `object` among them. A line ending in `;` rules it out.
    private static func scalaEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["def", "object"],
            rulesOut: { $0.last == UInt8(ascii: ";") || hasPrefix($0, "#include") },
            rules: [
                LineRule(
                    "object",
                    1,
                    { startsWithAny($0, ["object ", "case object ", "package object "]) }
                ),
                LineRule(
                    "def",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(body, ["def ", "override def ", "private def "])
                            && contains(body, "):")
                    }
                ),
                LineRule(
                    "val",
                    1,
                    { startsIndentedWithAny($0, ["val ", "var ", "lazy val "]) }
                ),
                LineRule(
                    "case class",
                    1,
                    { startsWithAny($0, ["case class ", "final case class "]) }
                ),
                LineRule(
                    "main",
                    1,
                    { hasPrefix($0.drop(while: isSpace), "def main(args: Array[String])") }
                ),
                LineRule("println", 1, { hasPrefix($0.drop(while: isSpace), "println(") }),
                LineRule("trait", 1, { hasPrefix($0, "trait ") || hasPrefix($0, "sealed trait ") }),
                LineRule(
                    "import",
                    1,
                    { hasPrefix($0, "import ") && (endsWith($0, "._") || contains($0, ".{")) }
                ),
            ]
        )
    }

    /// Haskell, told by its lines.
    ///
    /// `module Name where`, `import qualified`, a type signature at the margin
    /// (`name :: Type`), `main = do`, `data Name =`, `instance ... where`, an indented guard
    /// (`| cond = value`) or `where` clause; three are needed,
    /// `module`, a type signature or `main = do` among them. A line ending in `;` or `{` rules
    /// it out.
    private static func haskellEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["module", "signature", "main = do"],
            rulesOut: { $0.last == UInt8(ascii: ";") || $0.last == UInt8(ascii: "{") },
            rules: [
                // `module Name where`, or its export list opening on the line and closing,
                // with `where`, on a later one.
                LineRule(
                    "module",
                    1,
                    { line in
                        guard hasPrefix(line, "module ") else { return false }
                        let name = line.dropFirst(7).prefix {
                            isIdentifierByte($0) || $0 == UInt8(ascii: ".")
                        }
                        guard let initial = name.first, (0x41...0x5A).contains(initial) else {
                            return false
                        }
                        let rest = line[name.endIndex...]
                        return endsWith(line, " where") || hasPrefix(rest, " (")
                    }
                ),
                LineRule(
                    "import",
                    1,
                    { hasPrefix($0, "import qualified ") || hasPrefix($0, "import Data.") }
                ),
                LineRule(
                    "signature",
                    1,
                    { line in
                        guard let first = line.first, (0x61...0x7A).contains(first) else {
                            return false
                        }
                        let name = line.prefix { isIdentifierByte($0) || $0 == UInt8(ascii: "'") }
                        return hasPrefix(line[name.endIndex...], " :: ")
                    }
                ),
                LineRule("main = do", 1, { hasPrefix($0, "main = do") }),
                LineRule("data", 1, { hasPrefix($0, "data ") && contains($0, " = ") }),
                LineRule("instance", 1, { hasPrefix($0, "instance ") && endsWith($0, " where") }),
                // A guard (`  | n > 0 = ...`) and a `where` clause, indented under an equation.
                LineRule(
                    "guard",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return body.count < line.count && hasPrefix(body, "| ")
                            && contains(body, " = ")
                    }
                ),
                LineRule(
                    "where",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return line.first == 0x20
                            && (hasPrefix(body, "where ") || body.elementsEqual("where".utf8))
                    }
                ),
            ]
        )
    }

    /// What makes text Perl.
    ///
    /// `package A::B;`, `use X;` or `require X;` lines, `sub name`, `my $x`, POD
    /// commands (`=head1`, `=pod`, `=cut`), `1;` or `__END__`, an array's last index
    /// (`$#name`; the shell's `$#` is followed by no name), a word list (`qw(...)`); three are
    /// needed, `package`, `sub` or one of Perl's own pragmas among them. `use strict;` and
    /// `use warnings;` are written only in Perl (JavaScript quotes its directive), and a test
    /// script (`t/*.t`) often has no `sub` or `package`.
    private static func perlEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["package", "sub", "a pragma"],
            rulesOut: { hasPrefix($0, "#include") || hasPrefix($0, "import ") },
            rules: [
                LineRule(
                    "package",
                    1,
                    {
                        hasPrefix($0, "package ") && $0.last == UInt8(ascii: ";")
                            && !contains($0, ".")
                    }
                ),
                LineRule(
                    "use",
                    1,
                    { line in
                        (hasPrefix(line, "use ") || hasPrefix(line, "require "))
                            && trimmingEnd(line).last == UInt8(ascii: ";") && !contains(line, "::{")
                    }
                ),
                LineRule("sub", 1, { hasPrefix($0, "sub ") }),
                LineRule(
                    "a pragma",
                    1,
                    { line in
                        let statement = trimmingEnd(line)
                        return statement.elementsEqual("use strict;".utf8)
                            || statement.elementsEqual("use warnings;".utf8)
                    }
                ),
                LineRule(
                    "my",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(body, ["my $", "my @", "my %", "my ("])
                    }
                ),
                LineRule(
                    "POD",
                    1,
                    { startsWithAny($0, ["=head1", "=head2", "=pod", "=cut", "=encoding"]) }
                ),
                LineRule(
                    "end",
                    1,
                    { $0.elementsEqual("1;".utf8) || $0.elementsEqual("__END__".utf8) }
                ),
                LineRule("last index", 1, { containsPerlLastIndex($0) }),
                LineRule("qw", 1, { containsPerlWordList($0) }),
            ]
        )
    }

    /// Whether the line holds `$#` followed by a name, `{` or `$` (Perl's last index of an
    /// array: `$#list`, `$#{$ref}`, `$#$ref`).
    private static func containsPerlLastIndex(_ line: ArraySlice<UInt8>) -> Bool {
        containsMark("$#", in: line) { _, after in
            guard let after else { return false }
            return after == UInt8(ascii: "{") || after == UInt8(ascii: "$") || after == 0x5F
                || ByteFields.isASCIILetter(after)
        }
    }

    /// Whether the line holds a Perl word list, `qw` and an opening delimiter (`(`, `/`, `{`
    /// or `[`), not inside a longer name.
    private static func containsPerlWordList(_ line: ArraySlice<UInt8>) -> Bool {
        containsMark("qw", in: line) { before, after in
            guard let after, "(/{[".utf8.contains(after) else { return false }
            return before.map { !isIdentifierByte($0) } ?? true
        }
    }

    /// CoffeeScript, told by its lines.
    ///
    /// A line that ends a function's head with its arrow (`(a, b) ->`, the body indented
    /// below), a call without parentheses (`console.log x`, `x = require 'y'`), `#{...}` in a
    /// string, `isnt` or `unless`, a class that `extends` with no brace; three weights are
    /// needed, the arrow (which counts twice) among them. A line ending in `;` or `{`, or
    /// opening with `def `, `function` or `end`, rules it out (JavaScript, Ruby, Lua), as do
    /// LiveScript's own arrows and word lists (`~>`, `-->`, `<[...]>`).
    private static func coffeeScriptEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["an arrow"],
            rulesOut: { line in
                line.last == UInt8(ascii: ";") || line.last == UInt8(ascii: "{")
                    || startsIndentedWithAny(line, ["def ", "function", "end"])
                    || contains(line, "~>") || contains(line, "-->") || contains(line, "<[")
            },
            rules: [
                LineRule("an arrow", 2, { endsWith($0, " ->") || endsWith($0, ")->") }),
                LineRule(
                    "a call without parentheses",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        let call = "console.log ".utf8.count
                        return hasPrefix(body, "console.log ") && body.count > call
                            && body[body.startIndex + call] != UInt8(ascii: "(")
                            || contains(line, " = require '") || contains(line, " = require \"")
                    }
                ),
                LineRule("interpolation", 1, { contains($0, "\"#{") || contains($0, " #{") }),
                LineRule(
                    "isnt or unless",
                    1,
                    { contains($0, " isnt ") || startsIndentedWithAny($0, ["unless "]) }
                ),
                LineRule(
                    "a class that extends",
                    1,
                    { startsIndentedWithAny($0, ["class "]) && contains($0, " extends ") }
                ),
            ]
        )
    }

    /// Tcl: `proc name {args} {`, `package require`, `namespace eval`, `set name value`,
    /// `puts`; three are needed, `proc`, `package require` or `namespace eval` among them.
    private static func tclEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["proc", "package require", "namespace eval"],
            rulesOut: { $0.last == UInt8(ascii: ";") || hasPrefix($0, "#include") },
            rules: [
                LineRule(
                    "proc",
                    2,
                    { line in
                        hasPrefix(line.drop(while: isSpace), "proc ")
                            && line.last == UInt8(ascii: "{")
                            && contains(line, " {")
                    }
                ),
                LineRule(
                    "package require",
                    1,
                    { hasPrefix($0.drop(while: isSpace), "package require ") }
                ),
                LineRule("namespace eval", 1, { hasPrefix($0, "namespace eval ") }),
                LineRule(
                    "set",
                    1,
                    { hasPrefix($0.drop(while: isSpace), "set ") && !contains($0, "=") }
                ),
                LineRule("puts", 1, { hasPrefix($0.drop(while: isSpace), "puts ") }),
            ]
        )
    }

    /// What makes text reStructuredText.
    ///
    /// A title underlined (or overlined) with a punctuation character at least as long as
    /// the title, a directive (`.. name::`), a hyperlink target (`.. _name:`), a field at the
    /// margin (`:name:`), a double-backtick literal, a hyperlink reference
    /// (`` `text <url>`_ ``), an interpreted text role (`` :func:`name` ``), a paragraph that
    /// ends in `::` before its literal block; three are needed, an underlined title, a
    /// directive or a target among them. A line opening a Python docstring rules it out (a
    /// module documented in reStructuredText). Two of the structural marks together are
    /// enough (an underlined title and a directive or a target): Markdown has neither. A
    /// title both overlined and underlined counts once more, not as a structural mark: plain
    /// text files set their banners so.
    static func restructuredTextEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var found: Set<String> = []
        var previous: ArraySlice<UInt8> = []
        var beforePrevious: ArraySlice<UInt8> = []
        var quoted = false
        forEachLine(of: text, upTo: languageLines) { raw in
            let line = trimmingEnd(raw)
            // A Python module whose docstring is written in reStructuredText.
            if hasPrefix(line, "\"\"\"") || hasPrefix(line, "'''") {
                quoted = true
                return false
            }
            if let first = line.first, "=-~^*#\"'`+".utf8.contains(first), line.count >= 3,
                line.allSatisfy({ $0 == first }), !previous.isEmpty,
                previous.first.map({ !isSpace($0) }) == true, line.count >= previous.count
            {
                found.insert("an underlined title")
                // The same line over the title: an overlined title, which Markdown lacks. Its
                // text starts with a letter or digit (a banner comment's `# text #` between
                // two rows of `#` is none).
                if beforePrevious.elementsEqual(line),
                    let start = previous.first(where: { !isSpace($0) }),
                    ByteFields.isASCIILetter(start) || ByteFields.isASCIIDigit(start)
                {
                    found.insert("an overlined title")
                }
            }
            if hasPrefix(line.drop(while: isSpace), ".. "), contains(line, "::") {
                found.insert("a directive")
            }
            if hasPrefix(line, ".. _"), line.count > 5, line.last == UInt8(ascii: ":") {
                found.insert("a hyperlink target")
            }
            if isFieldLine(line) { found.insert("a field") }
            if contains(line, "``") && !hasPrefix(line, "```") { found.insert("a literal") }
            if contains(line, ">`_") || hasAnonymousReference(line) { found.insert("a hyperlink") }
            if hasInterpretedTextRole(line) { found.insert("a role") }
            if line.count > 2, endsWith(line, "::"), !hasPrefix(line, ".. "),
                line.first.map({ !isSpace($0) }) == true
            {
                found.insert("a literal block")
            }
            beforePrevious = previous
            previous = line
            return found.count < 3
        }
        // A title between two rows of `-` or `=` is also a plain text file's banner: it counts,
        // but is not structural.
        let structural: Set<String> = ["an underlined title", "a directive", "a hyperlink target"]
        guard !quoted,
            found.count >= 3 && !found.isDisjoint(with: structural)
                || found.intersection(structural).count >= 2
        else { return nil }
        return found.sorted().joined(separator: ", ")
    }

    /// What makes text Markdown.
    ///
    /// A fenced code block, an ATX heading (`#` to `######` and a space) followed
    /// by a blank line, headings of two levels (three such headings with blank lines on
    /// both sides count again), a setext underline under a line of text,
    /// list items, links (`[text](target)`), `**strong**` text and `inline code`; three are
    /// needed, one of them a fence, a setext heading, two heading levels or a link (Pandoc's
    /// title block of `% ` lines first is one more, and the opening is read after it); or a page
    /// that opens with a heading over a sentence of prose (``nextOpening(_:_:)``). A heading
    /// with a fence or an HTML `<pre>` block right under it counts as one set apart (and
    /// once more, as a heading over a block); the lines of a `<pre>` block are not judged.
    /// Outside a fence, a line that ends in `;` or `{`, starts a C comment or
    /// directive, is reStructuredText's (`.. directive`, a line ending in `::`, a field, a
    /// hyperlink reference, a backtick underline, a tilde underline as long as its title)
    /// or sets a value (`name = value`) rules Markdown out.
    static func markdownEvidence(_ whole: ArraySlice<UInt8>) -> String? {
        var found: Set<String> = []
        // Front matter (Jekyll, Hugo, GitHub's issue templates) is read as one item, and the
        // page after it.
        var text = whole
        if let body = frontMatterEnd(whole) {
            found.insert("front matter")
            text = whole[body...]
        }
        var headingLevels: Set<Int> = []
        var headings = 0
        var pendingHeading: Int?
        var pendingIsolated = false
        var inFence = false
        var inPreformatted = false
        var previousIsText = false
        var previousLength = 0
        var opening = Opening.start
        var ruledOut = false
        // Sections whose set-apart heading is followed by a sentence, however short.
        var sectionsOverText = 0
        var afterHeading = false
        // Pandoc's title block: `% ` lines (title, authors, date) before anything else.
        var inTitleBlock = true
        // A page under an ATX heading whose other lines are mostly prose: the lines of text
        // outside blocks that read as prose, and those that read as code. (A title over a
        // setext underline is not enough: Debian's README.Debian files, Git's release notes
        // and reStructuredText pages open so.)
        var textLines = 0
        var titled = false
        // Whether a code span is open at the end of the line: an odd number of backticks in
        // the paragraph so far.
        var openCodeSpan = false
        var proseLines = 0
        var otherLines = 0
        forEachLine(of: text, upTo: languageLines) { raw in
            let line = trimmingEnd(raw)
            if inTitleBlock {
                if hasPrefix(line, "% "), line.count > 2 {
                    found.insert("a Pandoc title block")
                    return true
                }
                inTitleBlock = false
            }
            // A heading counts when a blank line follows it, as Markdown writes them and a
            // run of shell or configuration comments does not, or when a block of code or
            // preformatted text opens right under it (a licence under its heading).
            let opensBlock = opensCodeBlock(line)
            if let level = pendingHeading, line.isEmpty || opensBlock {
                found.insert("an ATX heading")
                if opensBlock { found.insert("a heading over a block") }
                headingLevels.insert(level)
                // Set apart on both sides, as a page's sections are and a comment block's
                // lines are not.
                if pendingIsolated {
                    headings += 1
                    afterHeading = true
                }
            }
            pendingHeading = nil
            if afterHeading, !line.isEmpty {
                afterHeading = false
                if isShortSentence(line) { sectionsOverText += 1 }
            }
            if inPreformatted {
                if contains(line, "</pre>") { inPreformatted = false }
                return true
            }
            // A fence may be indented, inside a list item. What a fenced block holds is not
            // judged: a MyST directive's options (`:maxdepth: 1`), C, configuration.
            let fence = line.drop(while: isSpace)
            if inFence {
                if isFence(fence) {
                    inFence = false
                    previousIsText = false
                }
                return true
            }
            // reStructuredText: a title underlined with backticks, a hyperlink reference
            // (`` `text <url>`_ ``, `` `text`__ ``), a field (`:orphan:`), a double-backtick literal.
            if (line.count > 4 && line.allSatisfy { $0 == UInt8(ascii: "`") })
                || contains(line, ">`_") || hasAnonymousReference(line) || isFieldLine(line)
                || (contains(line, "``") && !hasPrefix(fence, "```"))
            {
                ruledOut = true
                return false
            }
            // A line of tildes as long as the line of text above it underlines a
            // reStructuredText title; Markdown's tilde fence opens a block of its own.
            if previousIsText, line.count >= 3, line.count >= previousLength,
                line.allSatisfy({ $0 == UInt8(ascii: "~") })
            {
                ruledOut = true
                return false
            }
            if isFence(fence) {
                inFence = true
                found.insert("a fenced code block")
                previousIsText = false
                return true
            }
            // An HTML `<pre>` block holds text as it is: its lines are not judged.
            if opensPreformatted(fence) {
                inPreformatted = !contains(line, "</pre>")
                found.insert("a preformatted block")
                previousIsText = false
                return true
            }
            // C (a comment block, the preprocessor), reStructuredText (directives, `::`
            // before a literal block) and configuration files (`name = value`) share
            // Markdown's asterisks, lists, underlines and `#` lines. A statement ends in `;`;
            // a list item, a quotation or a line of prose may too. A line that goes on with a
            // code span the line above opened (inline code wrapped in a paragraph,
            // `` `-c\nfetch.fsck.badTimezone=ignore` ``) is prose's.
            let inCodeSpan = openCodeSpan
            let backticks = line.reduce(0) { $0 + ($1 == UInt8(ascii: "`") ? 1 : 0) }
            if backticks % 2 == 1 { openCodeSpan.toggle() }
            let statementEnd =
                line.last == UInt8(ascii: ";") && !startsWithAny(fence, ["* ", "> "])
                && !isNumberedItem(fence) && !isProse(line)
            if !inCodeSpan,
                statementEnd || line.last == UInt8(ascii: "{")
                    || startsWithAny(line, ["/*", "#include", "#define", ".. "])
                    || endsWith(line, "::") || isSettingLine(line)
            {
                ruledOut = true
                return false
            }
            opening = nextOpening(opening, line)
            if line.isEmpty {
                previousIsText = false
                openCodeSpan = false
                return true
            }
            let hashes = line.prefix { $0 == UInt8(ascii: "#") }.count
            textLines += 1
            if (1...6).contains(hashes), line.count > hashes + 1,
                line[line.startIndex + hashes] == 0x20
            {
                pendingHeading = hashes
                pendingIsolated = !previousIsText
                if textLines == 1 { titled = true }
            } else if previousIsText, line.count >= 3,
                line.allSatisfy({ $0 == UInt8(ascii: "=") })
                    || line.allSatisfy({ $0 == UInt8(ascii: "-") })
            {
                found.insert("a setext heading")
            } else if startsWithAny(line, ["- ", "* ", "+ ", "1. "]) {
                found.insert("a list")
            } else if textLines > 1 {
                // A short line ends a wrapped sentence; an indented one, or one with code's
                // brackets and operators, is code.
                if isProse(line) {
                    proseLines += 1
                } else if isSpace(line[line.startIndex])
                    || line.contains(where: { "()=;{}<>$|\\".utf8.contains($0) })
                {
                    otherLines += 1
                }
            }
            if contains(line, "](") && contains(line, "[") || hasReferenceLink(line) {
                found.insert("a link")
            }
            if contains(line, "**") { found.insert("strong text") }
            if hashes == 0, backticks >= 2 {
                found.insert("inline code")
            }
            previousIsText = true
            previousLength = line.count
            return true
        }
        if headingLevels.count >= 2 { found.insert("headings of two levels") }
        // A page of sections: three headings or more, of two levels, each set apart by blank
        // lines.
        if headingLevels.count >= 2, headings >= 3 { found.insert("three headings") }
        // At least one hint of Markdown's structure: `#` lines, lists, asterisks and
        // backticks alone are also a commented script's.
        let structural: Set<String> = [
            "a fenced code block", "a setext heading", "headings of two levels", "a link",
            "front matter",
        ]
        if opening == .prose { found.insert("a heading over a paragraph") }
        // Two sections or more, each a heading set apart and a sentence under it: a note's
        // outline (a script's comment is followed by code, a settings file's by settings).
        if sectionsOverText >= 2 { found.insert("sections of text under headings") }
        // A titled page of prose: a licence or a note under its heading. A script's `#`
        // title is followed by code, a settings file's by settings.
        let proseUnderTitle = titled && proseLines >= 3 && proseLines >= 2 * otherLines
        if proseUnderTitle { found.insert("prose under a title") }
        guard !ruledOut,
            found.count >= 3 && !found.isDisjoint(with: structural) || opening == .prose
                || sectionsOverText >= 2 || proseUnderTitle
        else { return nil }
        return found.sorted().joined(separator: ", ")
    }

    /// Where the page after its front matter starts, or `nil` when the text opens with none.
    ///
    /// YAML front matter opens with a `---` line and closes with a `---` or `...` line, TOML's
    /// with `+++` lines, within 100 lines; every line between is empty, a comment, indented, a
    /// list item or a `key:` (`key =` in TOML) line, and text that is no such line must follow
    /// (a YAML stream of several documents is YAML).
    package static func frontMatterEnd(_ text: ArraySlice<UInt8>) -> Int? {
        let toml = hasPrefix(text, "+++\n") || hasPrefix(text, "+++\r\n")
        guard toml || hasPrefix(text, "---\n") || hasPrefix(text, "---\r\n") else { return nil }
        var index = text.startIndex
        var lines = 0
        var end: Int?
        while index < text.endIndex, lines <= 100 {
            let next = firstIndex(of: 0x0A, in: text[index...]).map { $0 + 1 } ?? text.endIndex
            let line = trimmingEnd(text[index..<next])
            index = next
            lines += 1
            if lines == 1 { continue }
            if toml
                ? line.elementsEqual("+++".utf8)
                : line.elementsEqual("---".utf8)
                    || line.elementsEqual("...".utf8)
            {
                end = index
                break
            }
            guard
                line.isEmpty || isSpace(line[line.startIndex])
                    || startsWithAny(line, ["#", "- "])
                    || (toml ? settingKey(line) != nil : isYAMLKeyLine(line))
            else { return nil }
        }
        guard let body = end, lines > 2 else { return nil }
        // The page: its first line with text is no setting.
        index = body
        while index < text.endIndex {
            let next = firstIndex(of: 0x0A, in: text[index...]) ?? text.endIndex
            let first = trimmingEnd(text[index..<next])
            if !first.isEmpty {
                return isYAMLKeyLine(first) || settingKey(first) != nil || hasPrefix(first, "- ")
                    ? nil : body
            }
            index = next + 1
        }
        return nil
    }

    /// `key:` or `key: value` at the margin, the key a word of letters, digits, `_` and `-`.
    private static func isYAMLKeyLine(_ line: ArraySlice<UInt8>) -> Bool {
        let key = line.prefix {
            ByteFields.isASCIILetter($0) || ByteFields.isASCIIDigit($0) || $0 == UInt8(ascii: "_")
                || $0 == UInt8(ascii: "-")
        }
        guard !key.isEmpty, key.count < line.count, line[key.endIndex] == UInt8(ascii: ":") else {
            return false
        }
        return key.count + 1 == line.count || isSpace(line[key.endIndex + 1])
    }

    /// `1. ` to `999. ` at the start of a line: an item of a numbered list.
    private static func isNumberedItem(_ line: ArraySlice<UInt8>) -> Bool {
        let digits = line.prefix(while: ByteFields.isASCIIDigit).count
        return (1...3).contains(digits) && hasPrefix(line.dropFirst(digits), ". ")
    }

    /// A reference link: its definition at the margin (`[label]: target`), or a use in the
    /// line (`[text][label]`, `[text][]`) whose text opens a word and holds a letter or a code
    /// span.
    package static func hasReferenceLink(_ line: ArraySlice<UInt8>) -> Bool {
        let open = UInt8(ascii: "["), close = UInt8(ascii: "]")
        if line.first == open, let end = firstIndex(of: close, in: line.dropFirst(2)),
            hasPrefix(line[(end + 1)...], ": ")
        {
            return true
        }
        // One pass: the latest `[` that opens a word, and whether its text so far has a letter
        // or a code span (a `[` inside the text starts over; `[1][2]` is a pair of citations).
        var start: Int?
        var wordy = false
        for index in line.indices {
            let byte = line[index]
            if byte == open {
                let before = index == line.startIndex ? 0x20 : line[index - 1]
                start = isSpace(before) || "(*_".utf8.contains(before) ? index : nil
                wordy = false
            } else if byte == close {
                if let start, index > start + 1, wordy, index + 1 < line.endIndex,
                    line[index + 1] == open
                {
                    return true
                }
                start = nil
            } else if start != nil, ByteFields.isASCIILetter(byte) || byte == UInt8(ascii: "`") {
                wordy = true
            }
        }
        return false
    }

    /// Whether a line opens a fenced code block or an HTML `<pre>` block.
    private static func opensCodeBlock(_ line: ArraySlice<UInt8>) -> Bool {
        let start = line.drop(while: isSpace)
        return isFence(start) || opensPreformatted(start)
    }

    /// A Markdown fence (three backticks or tildes), its indentation dropped.
    private static func isFence(_ start: ArraySlice<UInt8>) -> Bool {
        hasPrefix(start, "```") || hasPrefix(start, "~~~")
    }

    /// An HTML `<pre>` block's opening tag, its indentation dropped.
    private static func opensPreformatted(_ start: ArraySlice<UInt8>) -> Bool {
        hasPrefix(start, "<pre>") || hasPrefix(start, "<pre ")
    }

    /// How a page opens, line by line: a heading, a blank line, then a sentence (which may
    /// run over the lines of a paragraph).
    enum Opening {
        case start, heading, blank, paragraph, prose, other
    }

    /// The opening after one more line.
    ///
    /// The first line with text must be an ATX heading whose title starts with a letter, the
    /// next a blank line (or several), the next with text a sentence of prose, or a paragraph
    /// whose lines hold no code and whose first sentence ends at a line's end. A note written
    /// in Markdown opens so; a script's `#` comment is followed by code, a configuration
    /// file's by settings.
    static func nextOpening(_ opening: Opening, _ line: ArraySlice<UInt8>) -> Opening {
        switch opening {
        case .start:
            guard !line.isEmpty else { return .start }
            let hashes = line.prefix { $0 == UInt8(ascii: "#") }.count
            guard (1...6).contains(hashes), line.count > hashes + 1,
                line[line.startIndex + hashes] == 0x20,
                isIdentifierStart(line[line.startIndex + hashes + 1]),
                line[line.startIndex + hashes + 1] != UInt8(ascii: "_")
            else { return .other }
            return .heading
        case .heading:
            return line.isEmpty ? .blank : .other
        case .blank:
            if line.isEmpty { return .blank }
            if isSentence(line) { return .prose }
            return opensParagraph(line) ? .paragraph : .other
        case .paragraph:
            guard !line.isEmpty, !line.contains(where: { "=;{}<>$|\\".utf8.contains($0) })
            else { return .other }
            return ".!?".utf8.contains(line[line.endIndex - 1]) ? .prose : .paragraph
        case .prose, .other:
            return opening
        }
    }

    /// The first line of a paragraph of prose that goes on in the next line: a capital letter
    /// first, five words or more, half of them or more letters alone (a closing punctuation
    /// mark allowed), none of the characters code is written with.
    static func opensParagraph(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
            !line.contains(where: { "=;{}<>$|\\".utf8.contains($0) })
        else { return false }
        let words = line.split(separator: 0x20)
        let plain = words.filter { word in
            let letters = word.prefix(while: ByteFields.isASCIILetter)
            return !letters.isEmpty && letters.count + 1 >= word.count
        }
        return words.count >= 5 && plain.count * 2 >= words.count
    }

    /// A sentence of one word or more: a capital letter first, `.`, `!` or `?` last, and
    /// words of letters between (each may end with a comma, colon or the closing mark).
    static func isShortSentence(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
            let last = line.last, ".!?".utf8.contains(last)
        else { return false }
        return line.split(separator: 0x20).allSatisfy { word in
            let letters = word.prefix(while: ByteFields.isASCIILetter)
            let rest = word.dropFirst(letters.count)
            return !letters.isEmpty
                && (rest.isEmpty
                    || (rest.count == 1 && ",:.!?".utf8.contains(rest[rest.startIndex])))
        }
    }

    /// A sentence: prose (``isProse(_:)``) with a capital letter first, a full stop, question
    /// or exclamation mark last, and none of the characters code is written with.
    static func isSentence(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first),
            let last = line.last, ".!?".utf8.contains(last), isProse(line)
        else { return false }
        return !line.contains { "=;{}<>$|`".utf8.contains($0) }
    }

    /// Whether the line holds a reStructuredText interpreted text role before its text,
    /// `` :name:`text` `` or, with a Sphinx domain, `` :py:func:`text` ``.
    package static func hasInterpretedTextRole(_ line: ArraySlice<UInt8>) -> Bool {
        func isNameByte(_ byte: UInt8) -> Bool {
            (0x61...0x7A).contains(byte) || ByteFields.isASCIIDigit(byte)
                || byte == UInt8(ascii: "-")
        }
        /// Where the `:name` ending just before `end` starts (at its colon), or nil.
        func name(endingAt end: Int) -> Int? {
            var start = end
            while start > line.startIndex, isNameByte(line[start - 1]) { start -= 1 }
            guard start < end, start > line.startIndex, line[start - 1] == UInt8(ascii: ":")
            else { return nil }
            return start - 1
        }
        var index = line.startIndex
        while let tick = line[index...].firstIndex(of: UInt8(ascii: "`")) {
            index = tick + 1
            guard tick > line.startIndex, line[tick - 1] == UInt8(ascii: ":"),
                var colon = name(endingAt: tick - 1)
            else { continue }
            if let domain = name(endingAt: colon) { colon = domain }
            if colon == line.startIndex || !isIdentifierByte(line[colon - 1]) { return true }
        }
        return false
    }

    /// Whether the line holds a reStructuredText anonymous hyperlink reference.
    ///
    /// `` `text`__ ``: a backtick and two underscores that end a word. Inline code that opens
    /// with a Python name's underscores (`` `__init__` ``, `` `__main__.py` ``) is Markdown's.
    static func hasAnonymousReference(_ line: ArraySlice<UInt8>) -> Bool {
        var index = line.startIndex
        while index + 3 <= line.endIndex {
            if line[index] == UInt8(ascii: "`"), line[index + 1] == UInt8(ascii: "_"),
                line[index + 2] == UInt8(ascii: "_"),
                index + 3 == line.endIndex || !isIdentifierByte(line[index + 3])
            {
                return true
            }
            index += 1
        }
        return false
    }

    /// `:name:` at the margin, a reStructuredText field.
    private static func isFieldLine(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.first == UInt8(ascii: ":") else { return false }
        let name = line.dropFirst().prefix { (0x61...0x7A).contains($0) || $0 == UInt8(ascii: "-") }
        return !name.isEmpty && line.dropFirst(1 + name.count).first == UInt8(ascii: ":")
    }

    /// `name = value` at the margin: a shell, INI or configuration setting.
    static func isSettingLine(_ line: ArraySlice<UInt8>) -> Bool {
        settingKey(line)?.first.map(isIdentifierStart) == true
    }

    /// The key of a `key = value` or `key=value` line (letters, digits, `_`, `.` and `-`, then
    /// spaces, then one `=`), or `nil`.
    static func settingKey(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let key = line.prefix {
            isIdentifierByte($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
        }
        let rest = line[key.endIndex...].drop(while: isSpace)
        guard !key.isEmpty, rest.first == UInt8(ascii: "="),
            rest.dropFirst().first != UInt8(ascii: "=")
        else { return nil }
        return key
    }

    /// The statements of SQL scripts and dumps, each kind counted once, in either case except
    /// the kinds whose one keyword also starts English sentences ("Select the file", "Update
    /// the list"), which count only in upper case.
    private static let sqlStatements:
        [(kind: String, weight: Int, upperCaseOnly: Bool, prefixes: [String])] = [
            (
                "CREATE", 2, false,
                [
                    "CREATE TABLE ", "CREATE FUNCTION ", "CREATE OR REPLACE ", "CREATE INDEX ",
                    "CREATE UNIQUE INDEX ", "CREATE VIEW ", "CREATE SCHEMA ", "CREATE EXTENSION ",
                    "CREATE TYPE ", "CREATE TRIGGER ", "CREATE SEQUENCE ", "CREATE PROCEDURE ",
                    "CREATE DATABASE ", "CREATE AGGREGATE ", "CREATE OPERATOR ", "CREATE DOMAIN ",
                    "CREATE TEMPORARY TABLE ", "CREATE TEMP TABLE ",
                ]
            ),
            ("INSERT", 2, false, ["INSERT INTO "]),
            (
                "DROP", 1, false,
                [
                    "DROP TABLE ", "DROP FUNCTION ", "DROP INDEX ", "DROP VIEW ", "DROP SCHEMA ",
                    "DROP TYPE ", "DROP TRIGGER ", "DROP SEQUENCE ", "DROP DATABASE ",
                    "DROP OPERATOR ", "DROP AGGREGATE ", "DROP EXTENSION ",
                ]
            ),
            (
                "ALTER", 1, false,
                [
                    "ALTER TABLE ", "ALTER FUNCTION ", "ALTER EXTENSION ", "ALTER INDEX ",
                    "ALTER VIEW ", "ALTER SEQUENCE ", "ALTER TYPE ", "ALTER OPERATOR ",
                ]
            ),
            ("SELECT", 1, true, ["SELECT "]),
            ("GRANT", 1, true, ["GRANT ", "REVOKE "]),
            (
                "transaction", 1, true,
                ["BEGIN;", "BEGIN TRANSACTION", "START TRANSACTION", "COMMIT;"]
            ),
            ("UPDATE", 1, true, ["UPDATE "]),
            ("DELETE", 1, true, ["DELETE FROM "]),
        ]

    /// The upper-case first letters of ``sqlStatements``' prefixes.
    private static let sqlInitials = Set(
        sqlStatements.flatMap { $0.prefixes.compactMap(\.utf8.first) }
    )

    private static func sqlEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        var found: Set<String> = []
        var weight = 0
        var terminated = 0
        for line in lines.prefix(400) {
            if startsWithAny(line, ["#include", "import ", "package ", "def ", "class ", "<?php"]) {
                break
            }
            // Every statement starts with one of these letters, in either case.
            guard let first = line.first, sqlInitials.contains(first & 0xDF) else { continue }
            for statement in sqlStatements {
                let matches = statement.prefixes.contains {
                    statement.upperCaseOnly ? hasPrefix(line, $0) : hasPrefixIgnoringCase(line, $0)
                }
                guard matches else { continue }
                if line.last == UInt8(ascii: ";") { terminated += 1 }
                if found.insert(statement.kind).inserted { weight += statement.weight }
                // A whole query on one line: `SELECT`, a clause keyword in capitals, and
                // the semicolon that ends it (a sentence starting "SELECT" has neither).
                if statement.kind == "SELECT", line.last == UInt8(ascii: ";"),
                    [" FROM ", " AS ", " WHERE "].contains(where: { contains(line, $0) }),
                    found.insert("a one-line query").inserted
                {
                    weight += 1
                }
                break
            }
            if weight >= 2 || terminated >= 3 { return found.sorted().joined(separator: ", ") }
        }
        return nil
    }
}
