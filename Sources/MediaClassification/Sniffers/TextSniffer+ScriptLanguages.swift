/// Dart, Elixir, Erlang, Julia, PowerShell, TypeScript, Clojure, Fortran, NASM, Protocol Buffers,
/// YARA, Solidity, Zig, Terraform and shell scripts without a `#!` line told by their lines, in the
/// manner of ``TextSniffer/moreLanguagesEvidence(_:codeLines:)``: each rule weighs hints that only
/// its language writes at a line's start, wants one of its strongest among them, and stops at a
/// line its language does not write.
extension TextSniffer {
    /// The language the lines name, or `nil`.
    static func scriptLanguagesEvidence(_ lines: [ArraySlice<UInt8>]) -> (String, String)? {
        if let erlang = erlangEvidence(lines) { return ("org.erlang.erlang-source", erlang) }
        if let elixir = elixirEvidence(lines) { return ("org.elixir-lang.elixir-source", elixir) }
        if let dart = dartEvidence(lines) { return ("dev.dart.dart-source", dart) }
        if let julia = juliaEvidence(lines) { return ("org.julialang.julia-source", julia) }
        if let powershell = powerShellEvidence(lines) {
            return ("com.microsoft.powershell-script", powershell)
        }
        if let typescript = typeScriptEvidence(lines) {
            return ("com.microsoft.typescript", typescript)
        }
        if let clojure = clojureEvidence(lines) { return ("org.clojure.source", clojure) }
        if let fortran = fortranEvidence(lines) { return ("public.fortran-90-source", fortran) }
        if let nasm = nasmEvidence(lines) { return ("org.nasm.assembly-source", nasm) }
        if let proto = protobufEvidence(lines) { return ("com.google.protobuf-source", proto) }
        if let yara = yaraEvidence(lines) { return ("com.virustotal.yara-rules", yara) }
        if let solidity = solidityEvidence(lines) {
            return ("org.soliditylang.solidity-source", solidity)
        }
        if let zig = zigEvidence(lines) { return ("org.ziglang.zig-source", zig) }
        if let terraform = terraformEvidence(lines) { return ("com.hashicorp.hcl", terraform) }
        if let appleScript = appleScriptEvidence(lines) {
            return ("com.apple.applescript.text", appleScript)
        }
        if let fish = fishEvidence(lines) { return ("org.fishshell.fish-script", fish) }
        if let csh = cShellEvidence(lines) { return ("public.csh-script", csh) }
        if let zsh = zshEvidence(lines) { return ("public.zsh-script", zsh) }
        if let shell = shellEvidence(lines) { return ("public.shell-script", shell) }
        return nil
    }

    /// A C shell script without a `#!` line (what `source` reads: a venv's `activate.csh`,
    /// `/etc/profile.d/*.csh`), told by what only csh and tcsh write.
    ///
    /// `setenv NAME value`, `if (...) then` and `foreach name (...)` count twice; `endif`
    /// alone on a line, a `$?NAME` test, `set name = value` (or `set name=value`), `unsetenv`
    /// and `rehash` once; three weights are needed, `setenv`, `if (...) then` or `foreach`
    /// among them. The POSIX shell's `fi`, `done` or `esac`, a line ending in `{` or `;`, an
    /// `#include`, and what Lua and Fortran (which also write `if (...) then`) start lines
    /// with (`local`, `function`, `program`, `subroutine`, a `::` declaration) stop the
    /// reading.
    private static func cShellEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text has no `setenv`, `if (` or `foreach` at a line's start.
        guard
            lines.contains(where: { startsIndentedWithAny($0, ["setenv ", "if (", "foreach "]) })
        else { return nil }
        return weigh(
            lines,
            needed: 3,
            anyOf: ["setenv", "if-then", "foreach"],
            rulesOut: { line in
                isAlone(line, ["fi", "done", "esac"]) || line.last == UInt8(ascii: "{")
                    || line.last == UInt8(ascii: ";") || hasPrefix(line, "#include")
                    || contains(line, "::")
                    || startsIndentedWithAny(
                        line,
                        ["local ", "function ", "program ", "subroutine "]
                    )
            },
            rules: [
                LineRule(
                    "setenv",
                    2,
                    { line in
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "setenv ")
                            && body.dropFirst(7).first.map(isIdentifierStart) == true
                    }
                ),
                LineRule(
                    "if-then",
                    2,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(body, ["if (", "else if ("])
                            && endsWith(body, ") then")
                    }
                ),
                LineRule("endif", 1, { isAlone($0, ["endif"]) }),
                LineRule(
                    "a $? test",
                    1,
                    { line in
                        guard let index = firstIndex(of: UInt8(ascii: "$"), in: line),
                            index + 2 < line.endIndex, line[index + 1] == UInt8(ascii: "?")
                        else { return false }
                        return isIdentifierStart(line[index + 2])
                    }
                ),
                LineRule(
                    "foreach",
                    2,
                    { line in
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "foreach ") && contains(body, " (")
                    }
                ),
                LineRule(
                    "set",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        guard hasPrefix(body, "set "), body.count > 4 else { return false }
                        let name = body.dropFirst(4).prefix(while: isIdentifierByte)
                        let rest = body[name.endIndex...].drop(while: isSpace)
                        return !name.isEmpty && rest.first == UInt8(ascii: "=")
                    }
                ),
                LineRule(
                    "unsetenv or rehash",
                    1,
                    { startsIndentedWithAny($0, ["unsetenv ", "rehash"]) }
                ),
            ]
        )
    }

    /// A zsh script without a `#!` line: a completion function (`#compdef name` or
    /// `#autoload` first, as zsh's completion system wants them), or a function file told by
    /// zsh's own builtins.
    ///
    /// `emulate -L zsh` and a Vim modeline naming zsh weigh three; `zstyle`, `zmodload`,
    /// `autoload -U`, `compdef`, `zle` and a parameter expansion with flags (`${(j: :)list}`)
    /// two; `setopt`/`unsetopt` and `bindkey` one; three weights are needed. An `#include`
    /// stops the reading.
    private static func zshEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        if let first = lines.first,
            hasPrefix(first, "#compdef ") || first.elementsEqual("#compdef".utf8)
                || hasPrefix(first, "#autoload")
        {
            return "a completion function's #compdef or #autoload tag"
        }
        // Most text has none of zsh's builtins at a line's start, nor its flags.
        let builtins = [
            "emulate ", "zstyle ", "zmodload ", "autoload -", "compdef ", "zle ", "setopt ",
            "unsetopt ", "bindkey ",
        ]
        guard
            lines.contains(where: {
                startsIndentedWithAny($0, builtins) || contains($0, "${(")
                    || contains($0, "ft=zsh") || contains($0, "filetype=zsh")
            })
        else { return nil }
        return weigh(
            lines,
            needed: 3,
            rulesOut: { hasPrefix($0, "#include") },
            rules: [
                LineRule(
                    "emulate zsh",
                    3,
                    { startsIndentedWithAny($0, ["emulate "]) && contains($0, "zsh") }
                ),
                LineRule(
                    "a modeline",
                    3,
                    { line in
                        line.first == UInt8(ascii: "#") && contains(line, "vim")
                            && (contains(line, "ft=zsh") || contains(line, "filetype=zsh"))
                    }
                ),
                LineRule("zstyle", 2, { startsIndentedWithAny($0, ["zstyle "]) }),
                LineRule("zmodload", 2, { startsIndentedWithAny($0, ["zmodload "]) }),
                LineRule(
                    "autoload",
                    2,
                    { startsIndentedWithAny($0, ["autoload -U", "autoload -z", "autoload -X"]) }
                ),
                LineRule("compdef", 2, { startsIndentedWithAny($0, ["compdef "]) }),
                LineRule("zle", 2, { startsIndentedWithAny($0, ["zle "]) }),
                LineRule("parameter flags", 2, { contains($0, "${(") }),
                LineRule("setopt", 1, { startsIndentedWithAny($0, ["setopt ", "unsetopt "]) }),
                LineRule("bindkey", 1, { startsIndentedWithAny($0, ["bindkey "]) }),
            ]
        )
    }

    /// A shell script without a `#!` line (one a build system sources or runs with `sh`),
    /// told by its compound commands.
    ///
    /// The words that close them, which only the shell writes alone on a line (`fi`, `done`,
    /// `esac`), count twice; an `if [ ... ]; then`, a `for ...; do` or `while ...; do`, a
    /// `case ... in`, `export NAME=`, `set -e` (or `-u`, `-x`, `-o`) and a `name() {`
    /// function count once; three weights are needed, a closing word among them. A line
    /// ending in `:` (Python) or an `#include` stops the reading.
    private static func shellEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        func word(_ words: [String]) -> (ArraySlice<UInt8>) -> Bool {
            { line in
                let body = line.drop(while: isSpace)
                return words.contains { body.elementsEqual($0.utf8) || hasPrefix(body, $0 + " ") }
            }
        }
        return weigh(
            lines,
            needed: 3,
            anyOf: ["fi", "done", "esac"],
            rulesOut: { $0.last == UInt8(ascii: ":") || hasPrefix($0, "#include") },
            rules: [
                LineRule("fi", 2, word(["fi"])),
                LineRule("done", 2, word(["done"])),
                LineRule("esac", 2, word(["esac"])),
                LineRule(
                    "if",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(body, ["if [", "elif [", "if test "])
                            && endsWith(body, "; then")
                    }
                ),
                LineRule(
                    "loop",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(body, ["for ", "while "])
                            && (endsWith(body, "; do") || endsWith(body, ";do"))
                    }
                ),
                LineRule(
                    "case",
                    1,
                    { startsIndentedWithAny($0, ["case "]) && endsWith($0, " in") }
                ),
                LineRule("export", 1, { hasPrefix($0, "export ") && contains($0, "=") }),
                LineRule(
                    "set",
                    1,
                    { startsWithAny($0, ["set -e", "set -u", "set -x", "set -o "]) }
                ),
                LineRule(
                    "function",
                    1,
                    { endsWith($0, "() {") && $0.first.map(isIdentifierStart) == true }
                ),
            ]
        )
    }

    /// HCL (HashiCorp's configuration language: Terraform, Nomad, Packer, Vault, ...), told
    /// by its blocks and attributes.
    ///
    /// Terraform's top-level blocks (`resource "type" "name" {` or `data`, `variable "name"
    /// {`, `output`, `provider`, `module`, `terraform {`, `locals {`), two kinds needed; or,
    /// for HCL of any schema, a block at the margin named by one or more quoted labels
    /// (`service "catalog" {`, `job "web" {`) with an indented attribute (`image = "..."`)
    /// and an indented nested block (`resources {`, or labelled: `provisioner "file" {`);
    /// comment lines are skipped. Nothing else writes a quoted label
    /// between a word and a brace; zone files (`zone "x" {`) end their statements in `;`,
    /// which stops the reading, and Puppet's `=>` is no attribute.
    private static func terraformEvidence(_ allLines: [ArraySlice<UInt8>]) -> String? {
        func block(_ keywords: [String]) -> (ArraySlice<UInt8>) -> Bool {
            { line in line.last == UInt8(ascii: "{") && startsWithAny(line, keywords) }
        }
        // Comments (`//`, `#`, `/* */` lines) are skipped: written as sentences, they would
        // end the reading as prose does.
        let lines = allLines.filter { !startsIndentedWithAny($0, ["//", "#", "/*", "*"]) }
        let terraform = weigh(
            lines,
            needed: 2,
            rulesOut: { $0.last == UInt8(ascii: ";") || hasPrefix($0, "#include") },
            rules: [
                LineRule("resource", 1, block(["resource \"", "data \""])),
                LineRule("variable", 1, block(["variable \""])),
                LineRule("output", 1, block(["output \""])),
                LineRule("provider", 1, block(["provider \""])),
                LineRule("module", 1, block(["module \""])),
                LineRule("terraform", 1, block(["terraform {", "locals {"])),
            ]
        )
        if let terraform { return terraform }
        return weigh(
            lines,
            needed: 3,
            rulesOut: { $0.last == UInt8(ascii: ";") || hasPrefix($0, "#include") },
            rules: [
                LineRule("labelled block", 1, isHCLLabelledBlock),
                LineRule("attribute", 1, isHCLAttribute),
                LineRule(
                    "nested block",
                    1,
                    { line in
                        guard let first = line.first, isSpace(first) else { return false }
                        let body = line.drop(while: isSpace)
                        guard endsWith(body, " {"), let start = body.first,
                            isIdentifierStart(start)
                        else { return false }
                        // `resources {`, or with labels: `provisioner "file" {`.
                        return body.dropLast(2).allSatisfy { isIdentifierByte($0) || $0 == 0x2D }
                            || isHCLLabelledBlock(body)
                    }
                ),
            ]
        )
    }

    /// A block opened at the margin by a name and quoted labels: `service "catalog" {`.
    private static func isHCLLabelledBlock(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, isIdentifierStart(first), endsWith(line, " {") else {
            return false
        }
        var rest = line.dropLast(2)
        let name = rest.prefix { isIdentifierByte($0) || $0 == 0x2D }
        rest = rest.dropFirst(name.count)
        var labels = 0
        while !rest.isEmpty {
            guard rest.first == 0x20, rest.dropFirst().first == UInt8(ascii: "\"") else {
                return false
            }
            let label = rest.dropFirst(2).prefix { $0 != UInt8(ascii: "\"") }
            guard !label.isEmpty, rest.count >= label.count + 3 else { return false }
            rest = rest.dropFirst(label.count + 3)
            labels += 1
        }
        return labels > 0
    }

    /// An indented attribute: a name, `=` and the start of a value (a string, a number, a
    /// list, an object, `true`, `false` or a reference): `  image = "registry/app:1.4"`.
    private static func isHCLAttribute(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, isSpace(first) else { return false }
        let body = line.drop(while: isSpace)
        guard let start = body.first, isIdentifierStart(start) else { return false }
        let name = body.prefix { isIdentifierByte($0) || $0 == 0x2D }
        let afterName = body.dropFirst(name.count).drop { $0 == 0x20 }
        // The value's first byte also keeps out `==` and Puppet's and Logstash's `=>`.
        guard afterName.first == UInt8(ascii: "="),
            let value = afterName.dropFirst().drop(while: { $0 == 0x20 }).first
        else { return false }
        return value == UInt8(ascii: "\"") || value == UInt8(ascii: "[")
            || value == UInt8(ascii: "{") || value == UInt8(ascii: "-")
            || (0x30...0x39).contains(value) || isIdentifierStart(value)
    }

    /// Clojure, told by its defining forms.
    ///
    /// The namespace form `(ns name` and `(defn` (which count twice), `(def`, `(defrecord`,
    /// `(defprotocol`, `(defmacro`, a `(:require [` clause, a binding vector (`(let [`,
    /// `(fn [`, `(doseq [`, `(loop [`, `(for [`); three weights are needed, `ns` or `defn`
    /// among them. Emacs Lisp and Common Lisp write `(defun`, Scheme `(define`, and Racket
    /// binds in `([`. Hy, a Lisp on Python, writes `defn` and binding vectors too, and binds
    /// with `(setv`, which rules Clojure out.
    private static func clojureEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        guard !lines.contains(where: { contains($0, "(setv ") }) else { return nil }
        return weigh(
            lines,
            needed: 3,
            anyOf: ["ns", "defn"],
            rulesOut: { line in
                startsWithAny(line, ["(defun ", "(define ", "#include"])
            },
            rules: [
                LineRule("ns", 2, { hasPrefix($0, "(ns ") }),
                LineRule("defn", 2, { startsWithAny($0, ["(defn ", "(defn- "]) }),
                LineRule(
                    "def",
                    1,
                    { startsWithAny($0, ["(def ", "(defrecord ", "(defprotocol ", "(defmacro "]) }
                ),
                LineRule(
                    "require",
                    1,
                    { contains($0, "(:require [") || contains($0, "(:import [") }
                ),
                LineRule(
                    "a binding vector",
                    1,
                    { line in Self.clojureBindings.contains { contains(line, $0) } }
                ),
            ]
        )
    }

    /// `name!(`, the name not reached through a `.`.
    private static func juliaMutatingCall(_ line: ArraySlice<UInt8>) -> Bool {
        containsBang(in: line) { name, before, after in
            after == UInt8(ascii: "(") && before != UInt8(ascii: ".")
                && name.first.map(isIdentifierStart) == true
        }
    }

    private static let clojureBindings = ["(let [", "(fn [", "(doseq [", "(loop [", "(for ["]

    /// Fortran (free form): `implicit none` (which counts twice), a program unit's header or
    /// end (`program name`, `end program`, `subroutine name(`, `module name`), a declaration
    /// with `::` (`real :: x`, `integer, dimension(3) :: v`); three weights are needed,
    /// `implicit none` or an `end program` among them.
    private static func fortranEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        func opens(_ line: ArraySlice<UInt8>, _ words: [String]) -> Bool {
            let body = line.drop(while: isSpace)
            return words.contains { hasPrefixIgnoringCase(body, $0) }
        }
        return weigh(
            lines,
            needed: 3,
            anyOf: ["implicit none", "end of a unit"],
            rulesOut: { $0.last == UInt8(ascii: ";") || $0.last == UInt8(ascii: "{") },
            rules: [
                LineRule("implicit none", 2, { opens($0, ["implicit none"]) }),
                LineRule(
                    "end of a unit",
                    1,
                    {
                        opens(
                            $0,
                            ["end program", "end subroutine", "end module", "end function"]
                        )
                    }
                ),
                LineRule(
                    "unit",
                    1,
                    { opens($0, ["program ", "subroutine ", "module ", "contains"]) }
                ),
                LineRule(
                    "declaration",
                    1,
                    { line in
                        opens(
                            line,
                            ["real", "integer", "character", "logical", "double precision"]
                        )
                            && contains(line, " :: ")
                    }
                ),
            ]
        )
    }

    /// The instructions an x86 program in NASM's syntax writes most.
    private static let nasmMnemonics: Set<String> = [
        "mov", "push", "pop", "call", "ret", "jmp", "je", "jne", "jz", "jnz", "cmp", "add", "sub",
        "xor", "and", "or", "inc", "dec", "lea", "int", "syscall", "test", "shl", "shr", "mul",
        "imul", "div", "nop", "loop",
    ]

    /// NASM: a `section .text` (or `.data`, `.bss`) line, `global _start` or `global main`,
    /// an indented instruction of x86 (`mov`, `int`, `syscall`, ...) with its operands, data
    /// (`db`, `dw`, `dd`, `equ`, `resb`); three are needed, `section` or `global` among them.
    private static func nasmEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // A section or a global is needed, and most text has neither: the instruction and data
        // rules (a search of each line for seven literals) are not worth running without one.
        guard
            lines.contains(where: { line in
                let text = line.drop(while: isSpace)
                return startsWithAny(text, ["section", "SECTION", "segment ."])
                    || startsWithAny(text, ["global ", "GLOBAL "])
            })
        else { return nil }
        return weigh(
            lines,
            needed: 3,
            anyOf: ["section", "global"],
            rulesOut: { hasPrefix($0, "#include") || $0.last == UInt8(ascii: "{") },
            rules: [
                LineRule(
                    "section",
                    1,
                    { line in
                        let text = line.drop(while: isSpace)
                        return startsWithAny(
                            text,
                            ["section .", "section\t.", "SECTION .", "segment ."]
                        )
                    }
                ),
                LineRule("global", 1, { startsIndentedWithAny($0, ["global ", "GLOBAL "]) }),
                LineRule(
                    "instruction",
                    1,
                    { line in
                        guard line.first == 0x20 || line.first == 0x09 else { return false }
                        let body = line.drop(while: isSpace)
                        let word = body.prefix { (0x61...0x7A).contains($0) }
                        guard nasmMnemonics.contains(String(decoding: word, as: UTF8.self)),
                            let after = body[word.endIndex...].first
                        else { return false }
                        return after == 0x20 || after == 0x09
                            || (word.elementsEqual("ret".utf8) && after == UInt8(ascii: ";"))
                    }
                ),
                LineRule(
                    "data",
                    1,
                    { line in
                        [" db ", " dw ", " dd ", " equ ", " resb ", "\tdb ", "\tequ "]
                            .contains { contains(line, $0) }
                    }
                ),
            ]
        )
    }

    /// YARA rules, told by a rule's header and its sections.
    ///
    /// A rule's header at the margin (`rule Name {`, `rule Name : tag {`, with
    /// `private` or `global` before it, the brace perhaps on the next line), its indented
    /// `strings:`, `condition:` and `meta:` sections, an `import "pe"` line; three are
    /// needed, the header among them. YARA writes no semicolons.
    private static func yaraEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        func section(_ name: String) -> (ArraySlice<UInt8>) -> Bool {
            { line in
                guard let first = line.first, isSpace(first) else { return false }
                // `condition: $a` may follow on the line.
                return hasPrefix(line.drop(while: isSpace), name)
            }
        }
        return weigh(
            lines,
            needed: 3,
            anyOf: ["rule"],
            rulesOut: { $0.last == UInt8(ascii: ";") || hasPrefix($0, "#include") },
            rules: [
                LineRule("rule", 1, isYARARuleHeader),
                LineRule("strings", 1, section("strings:")),
                LineRule("condition", 1, section("condition:")),
                LineRule("meta", 1, section("meta:")),
                LineRule("import", 1, { startsWithAny($0, ["import \"", "include \""]) }),
            ]
        )
    }

    /// `rule Name`, perhaps after `private` or `global` and with `: tags`, ending the line
    /// or followed by ` {`.
    private static func isYARARuleHeader(_ line: ArraySlice<UInt8>) -> Bool {
        var rest = line
        for modifier in ["private ", "global "] where hasPrefix(rest, modifier) {
            rest = rest.dropFirst(modifier.utf8.count)
        }
        guard hasPrefix(rest, "rule ") else { return false }
        rest = rest.dropFirst(5)
        guard let first = rest.first, isIdentifierStart(first) else { return false }
        let name = rest.prefix(while: isIdentifierByte)
        rest = rest.dropFirst(name.count)
        if rest.first == 0x20, rest.dropFirst().first == UInt8(ascii: ":") {
            rest = rest.dropFirst(2).drop { isIdentifierByte($0) || $0 == 0x20 }
        }
        return rest.isEmpty || rest.elementsEqual(" {".utf8) || rest.elementsEqual("{".utf8)
    }

    /// Protocol Buffers: the `syntax = "proto2"` or `"proto3"` statement (which counts
    /// twice), `package a.b;`, `message Name {`, `service Name {`, `option name = ...;`;
    /// three weights are needed, `syntax` or `message` among them.
    private static func protobufEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["syntax", "message"],
            rulesOut: { hasPrefix($0, "#include") },
            rules: [
                LineRule(
                    "syntax",
                    2,
                    {
                        startsWithAny(
                            $0,
                            ["syntax = \"proto", "syntax = 'proto", "edition = \"20"]
                        )
                    }
                ),
                LineRule(
                    "package",
                    1,
                    { hasPrefix($0, "package ") && $0.last == UInt8(ascii: ";") }
                ),
                LineRule(
                    "message",
                    1,
                    { line in
                        startsWithAny(line, ["message ", "service ", "enum "])
                            && line.last == UInt8(ascii: "{")
                    }
                ),
                LineRule("option", 1, { hasPrefix($0, "option ") && $0.last == UInt8(ascii: ";") }),
            ]
        )
    }

    /// Solidity: the `pragma solidity` version line (which counts twice), `contract`,
    /// `interface` or `library` blocks, `function ... public`/`external`, an `event`; three
    /// weights are needed, the pragma among them.
    private static func solidityEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["pragma"],
            rulesOut: { hasPrefix($0, "#include") },
            rules: [
                LineRule("pragma", 2, { hasPrefix($0, "pragma solidity ") }),
                LineRule(
                    "contract",
                    1,
                    { line in
                        startsWithAny(line, ["contract ", "abstract contract ", "library "])
                            && line.last == UInt8(ascii: "{")
                    }
                ),
                LineRule(
                    "function",
                    1,
                    { line in
                        hasPrefix(line.drop(while: isSpace), "function ")
                            && (contains(line, " public") || contains(line, " external"))
                    }
                ),
                LineRule("event", 1, { hasPrefix($0.drop(while: isSpace), "event ") }),
            ]
        )
    }

    /// Zig: an `@import("...")` bound to a constant (which counts twice), `pub fn`, `fn`
    /// returning `!void` or `void`, `try` statements, `defer`; three weights are needed, the
    /// import among them.
    private static func zigEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["@import"],
            rulesOut: { hasPrefix($0, "#include") },
            rules: [
                LineRule(
                    "@import",
                    2,
                    { hasPrefix($0, "const ") && contains($0, " = @import(\"") }
                ),
                LineRule(
                    "fn",
                    1,
                    { line in
                        startsIndentedWithAny(line, ["pub fn ", "fn ", "export fn "])
                            && contains(line, ") ")
                    }
                ),
                LineRule(
                    "try",
                    1,
                    { startsIndentedWithAny($0, ["try ", "defer ", "errdefer "]) }
                ),
            ]
        )
    }

    /// Erlang: the module attribute `-module(name).` (which counts twice), `-export([`,
    /// `-include(`, a function clause `name(...) ->`; three weights are needed, the module
    /// attribute among them.
    private static func erlangEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["-module"],
            rulesOut: { hasPrefix($0, "#include") },
            rules: [
                LineRule("-module", 2, { hasPrefix($0, "-module(") && endsWith($0, ").") }),
                LineRule(
                    "-export",
                    1,
                    { hasPrefix($0, "-export([") || hasPrefix($0, "-include(") }
                ),
                LineRule(
                    "clause",
                    1,
                    { line in
                        guard let first = line.first, (0x61...0x7A).contains(first) else {
                            return false
                        }
                        return contains(line, ") ->") || contains(line, ")->")
                    }
                ),
            ]
        )
    }

    /// Elixir: `defmodule Name do` (which counts twice), `def`/`defp` with `do`, the module
    /// attributes `@moduledoc`, `@doc`, `@spec`, `@type`, `@impl`, a bare `end`; three
    /// weights are needed, `defmodule` among them.
    private static func elixirEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["defmodule"],
            rulesOut: { $0.last == UInt8(ascii: ";") || hasPrefix($0, "#include") },
            rules: [
                LineRule("defmodule", 2, { hasPrefix($0, "defmodule ") && endsWith($0, " do") }),
                LineRule(
                    "def do",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(body, ["def ", "defp ", "defmacro "])
                            && (endsWith(body, " do") || contains(body, ", do:"))
                    }
                ),
                LineRule(
                    "attribute",
                    1,
                    {
                        startsIndentedWithAny(
                            $0,
                            ["@moduledoc ", "@doc ", "@spec ", "@type ", "@impl ", "@behaviour "]
                        )
                    }
                ),
                LineRule("end", 1, { isAlone($0, ["end"]) }),
            ]
        )
    }

    /// Dart: an import of a `dart:` library or a `package:` URI in quotes (which counts
    /// twice), `library name;`, the entry point `void main(`, a `print('...')` call,
    /// `required this.` constructor parameters; two weights are needed, the import or the
    /// entry point among them.
    private static func dartEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 2,
            anyOf: ["import dart:", "void main"],
            rulesOut: { hasPrefix($0, "#include") || hasPrefix($0, "package ") },
            rules: [
                LineRule(
                    "import dart:",
                    2,
                    {
                        startsWithAny(
                            $0,
                            [
                                "import 'dart:", "import \"dart:", "import 'package:",
                                "import \"package:",
                            ]
                        )
                    }
                ),
                LineRule(
                    "library",
                    1,
                    { hasPrefix($0, "library ") && $0.last == UInt8(ascii: ";") }
                ),
                LineRule("void main", 1, { hasPrefix($0, "void main(") }),
                LineRule("print", 1, { hasPrefix($0.drop(while: isSpace), "print('") }),
                LineRule("required this", 1, { contains($0, "required this.") }),
            ]
        )
    }

    /// Julia, told by its functions and modules.
    ///
    /// `function name(` with `::` type annotations and a call of a mutating function
    /// (`push!(v, x)`, not a method: Ruby's `list.map!` is one) count twice; `module Name`,
    /// `using Name` without a semicolon, `export name, ...` and a bare `end` once; three
    /// weights are needed, the annotated function, a mutating call, `module` or `using` among
    /// them. A line ending in `;` or `{`, a `#include`, or Ruby's and Python's `def` and
    /// `class` stop the reading.
    private static func juliaEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 3,
            anyOf: ["annotated function", "module", "using", "a mutating call"],
            rulesOut: { line in
                line.last == UInt8(ascii: ";") || line.last == UInt8(ascii: "{")
                    || startsIndentedWithAny(line, ["#include", "def ", "class "])
            },
            rules: [
                LineRule("a mutating call", 2, { juliaMutatingCall($0) }),
                LineRule(
                    "annotated function",
                    2,
                    { line in
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "function ") && contains(body, "::")
                    }
                ),
                LineRule(
                    "module",
                    1,
                    { line in
                        hasPrefix(line, "module ") && !contains(line, " where")
                            && !contains(line, "=") && !contains(line, "(")
                    }
                ),
                LineRule("using", 1, { hasPrefix($0, "using ") && !contains($0, "=") }),
                LineRule(
                    "export",
                    1,
                    { line in
                        hasPrefix(line, "export ") && !contains(line, "{")
                            && !contains(line, "=") && !contains(line, "(")
                    }
                ),
                LineRule("end", 1, { isAlone($0, ["end"]) }),
            ]
        )
    }

    /// The approved verbs of PowerShell's cmdlet names (`Get-Help about_Approved_Verbs`)
    /// that scripts call most.
    private static let powerShellVerbs: Set<String> = [
        "Add", "Clear", "Compress", "Copy", "ConvertFrom", "ConvertTo", "Expand", "Export",
        "ForEach", "Format", "Get", "Import", "Invoke", "Join", "Measure", "Move", "New", "Out",
        "Read", "Remove", "Rename", "Resolve", "Select", "Set", "Sort", "Split", "Start", "Stop",
        "Test", "Update", "Where", "Write",
    ]

    /// Whether the text starts with a cmdlet name, `Verb-Noun`, of an approved verb.
    private static func startsWithCmdlet(_ text: ArraySlice<UInt8>) -> Bool {
        let verb = text.prefix { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        let rest = text[verb.endIndex...]
        // The `-` and the capital first: the verb is made a string only for a line that has
        // them (a cmdlet is asked of every line).
        guard rest.first == UInt8(ascii: "-"),
            rest.dropFirst().first.map({ (0x41...0x5A).contains($0) }) == true
        else { return false }
        return powerShellVerbs.contains(String(decoding: verb, as: UTF8.self))
    }

    /// PowerShell, told by its cmdlets and parameters.
    ///
    /// A cmdlet call at a line's start (`Write-Host`, `Get-ChildItem`), a `param(` block or
    /// `[CmdletBinding(`, a typed parameter (`[string]$Name`, `[Parameter(`), an assignment
    /// to a `$variable`, a `function Verb-Noun`, a .NET type's static member
    /// (`[System.Int32]::TryParse(`), a comparison operator beside a `$variable` (`-lt`,
    /// `-eq`, ..., outside a shell's `[ ]` test); three are needed, a cmdlet, `param` or the
    /// function among them. A line ending in `;` rules it out (Perl and PHP end their
    /// statements so). Comments, `#` lines and `<# ... #>` blocks, are skipped; a `#Requires`
    /// statement among them, with one cmdlet call, is enough on its own. A `<# ... #>` block
    /// of comment-based help (two of its keywords: `.SYNOPSIS`, `.DESCRIPTION`, `.PARAMETER`,
    /// `.EXAMPLE`, ...) counts as the cmdlet, with two more hints of any kind.
    private static func powerShellEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        if hasCommentBasedHelp(lines),
            let rest = weigh(
                withoutPowerShellComments(lines),
                needed: 2,
                rulesOut: { $0.last == UInt8(ascii: ";") || hasPrefix($0, "#include") },
                rules: powerShellRules
            )
        {
            return "comment-based help, \(rest)"
        }
        // `#Requires -PSEdition Core` and its kin are statements PowerShell reads from a
        // comment line: with a cmdlet call, the script is PowerShell however short.
        if lines.contains(where: isRequiresStatement),
            withoutPowerShellComments(lines).contains(where: {
                startsWithCmdlet($0.drop(while: isSpace))
            })
        {
            return "#Requires statement, cmdlet"
        }
        return weigh(
            withoutPowerShellComments(lines),
            needed: 3,
            anyOf: ["cmdlet", "param", "function"],
            rulesOut: { $0.last == UInt8(ascii: ";") || hasPrefix($0, "#include") },
            rules: powerShellRules
        )
    }

    /// The keywords of PowerShell's comment-based help, in upper case.
    private static let commentBasedHelpKeywords: [String] = [
        "SYNOPSIS", "DESCRIPTION", "PARAMETER", "EXAMPLE", "INPUTS", "OUTPUTS", "NOTES", "LINK",
    ]

    /// Whether a `<# ... #>` block holds two keywords of comment-based help at its lines'
    /// starts (`.Synopsis`, `.DESCRIPTION`, in any case).
    private static func hasCommentBasedHelp(_ lines: [ArraySlice<UInt8>]) -> Bool {
        var inBlock = false
        var keywords: Set<String> = []
        for line in lines {
            let body = line.drop(while: isSpace)
            if !inBlock {
                inBlock = hasPrefix(body, "<#") && !contains(body, "#>")
                continue
            }
            if hasPrefix(body, "#>") || contains(body, "#>") {
                inBlock = false
                continue
            }
            guard body.first == UInt8(ascii: "."), body.count > 1 else { continue }
            let word = String(
                decoding: body.dropFirst().prefix(while: ByteFields.isASCIILetter),
                as: UTF8.self
            )
            .uppercased()
            if commentBasedHelpKeywords.contains(word) {
                keywords.insert(word)
                if keywords.count >= 2 { return true }
            }
        }
        return false
    }

    /// The hints of PowerShell, each a line's start or a construct in it.
    private static var powerShellRules: [LineRule] {
        [
            LineRule("cmdlet", 1, { startsWithCmdlet($0.drop(while: isSpace)) }),
            LineRule(
                "param",
                1,
                { startsIndentedWithAny($0, ["param(", "Param(", "PARAM(", "[CmdletBinding("]) }
            ),
            LineRule(
                "typed parameter",
                1,
                {
                    startsIndentedWithAny(
                        $0,
                        ["[Parameter(", "[string]$", "[int]$", "[switch]$", "[bool]$"]
                    )
                }
            ),
            LineRule(
                "variable",
                1,
                { line in
                    let body = line.drop(while: isSpace)
                    return body.first == UInt8(ascii: "$")
                        && body.dropFirst().first.map(isIdentifierStart) == true
                        && contains(body, " = ")
                }
            ),
            LineRule(
                "function",
                1,
                { line in
                    hasPrefix(line, "function ") && startsWithCmdlet(line.dropFirst(9))
                }
            ),
            LineRule("a static member", 1, { containsStaticMember($0) }),
            LineRule(
                "a comparison operator",
                1,
                { line in
                    [
                        " -eq ", " -ne ", " -lt ", " -le ", " -gt ", " -ge ", " -like ",
                        " -match ",
                    ]
                    .contains { contains(line, $0) }
                        && contains(line, "$") && !contains(line, "[ ")
                }
            ),
        ]
    }

    /// Whether the line reaches a .NET type's static member, `[System.Int32]::TryParse(`
    /// or `[Math]::Round(`: a bracketed type name, then `::` and a name.
    private static func containsStaticMember(_ line: ArraySlice<UInt8>) -> Bool {
        containsMark("]::", in: line) { before, after in
            guard let before, let after else { return false }
            return isIdentifierByte(before) && isIdentifierStart(after)
        }
    }

    /// A `#Requires` statement (about_Requires): `-Version`, `-PSEdition`, `-Modules`,
    /// `-RunAsAdministrator`, `-PSSnapin`, `-ShellId` or `-Assembly` after it.
    private static func isRequiresStatement(_ line: ArraySlice<UInt8>) -> Bool {
        guard hasPrefixIgnoringCase(line, "#Requires -") else { return false }
        let parameter = line.dropFirst(11).prefix { !isSpace($0) }
        return [
            "version", "psedition", "modules", "runasadministrator", "pssnapin", "shellid",
            "assembly",
        ].contains(String(decoding: parameter, as: UTF8.self).lowercased())
    }

    /// The lines without PowerShell's comments: `#` lines, and `<# ... #>` blocks (a script's
    /// comment-based help, `.SYNOPSIS` and its prose, opens most scripts).
    private static func withoutPowerShellComments(
        _ lines: [ArraySlice<UInt8>]
    ) -> [ArraySlice<UInt8>] {
        withoutComments(lines, linePrefix: "#") { body in
            hasPrefix(body, "<#") ? ("#>", body.dropFirst(2)) : nil
        }
    }

    /// TypeScript, told by its type annotations.
    ///
    /// An `interface Name {` or a `type Name =` alias at the margin (also exported), a
    /// function with annotated parameters or result (`function f(a: T): R`), a binding with a
    /// type (`const x: T =`), a member typed with a primitive (`name: string;`), a class's
    /// `constructor(` with parameters typed in lower-case primitives; two are needed, an
    /// interface, alias, function or constructor among them, and the function or constructor
    /// must open its body on its line (Zeek and Boogie declare annotated signatures with
    /// none). Java's and C#'s
    /// interfaces come earlier; `#include` and `package` lines rule it out.
    static func typeScriptEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        weigh(
            lines,
            needed: 2,
            anyOf: ["interface", "type alias", "annotated function", "annotated constructor"],
            rulesOut: { hasPrefix($0, "#include") || hasPrefix($0, "package ") },
            rules: [
                LineRule(
                    "annotated constructor",
                    1,
                    { line in
                        // A class's constructor with parameters typed in TypeScript's
                        // lower-case primitives (Kotlin writes `String`, `Int`).
                        hasPrefix(line.drop(while: isSpace), "constructor(")
                            && (contains(line, ": string") || contains(line, ": number")
                                || contains(line, ": boolean"))
                            && line.last == UInt8(ascii: "{")
                    }
                ),
                LineRule(
                    "interface",
                    1,
                    { line in
                        startsWithAny(line, ["interface ", "export interface "])
                            && line.last == UInt8(ascii: "{")
                    }
                ),
                LineRule(
                    "type alias",
                    1,
                    { line in
                        startsWithAny(line, ["type ", "export type "]) && contains(line, " = ")
                    }
                ),
                LineRule(
                    "annotated function",
                    1,
                    { line in
                        startsIndentedWithAny(
                            line,
                            [
                                "function ", "export function ", "async function ",
                                "export async function ",
                            ]
                        )
                            && (contains(line, "): ") || contains(line, ": string")
                                || contains(line, ": number"))
                            // A definition opens its body on the line, as TypeScript is
                            // written; Zeek and Boogie declare such signatures too.
                            && line.last == UInt8(ascii: "{")
                    }
                ),
                LineRule(
                    "annotated binding",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        guard startsWithAny(body, ["const ", "let ", "export const "]) else {
                            return false
                        }
                        // An initialised binding: Boogie declares `const N: int;`.
                        let head = body.prefix { $0 != UInt8(ascii: "=") }
                        return contains(head, ": ") && contains(body, " = ")
                    }
                ),
                LineRule(
                    "typed member",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return ["string;", "number;", "boolean;"].contains {
                            endsWith(body, ": " + $0) || endsWith(body, "?: " + $0)
                        }
                    }
                ),
            ]
        )
    }
}
