/// More languages told by their lines: Java, C++, C, Ruby, CSS and YAML.
///
/// As for Python (``TextSniffer/pythonEvidence(_:)``), each rule adds up hints that its
/// language writes at the start of a line and the others do not, wants more than one, and
/// gives up on a line that its language does not write.
extension TextSniffer {
    /// The language the lines name.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - lines: Its ``codeLines(_:)``, found once for every language that reads them.
    ///   - complete: Whether `text` is the whole file (a style sheet cut short still counts).
    /// - Returns: The type's identifier and the evidence, or `nil`.
    static func sourceCodeEvidence(
        _ text: ArraySlice<UInt8>,
        lines: [ArraySlice<UInt8>],
        complete: Bool
    ) -> (String, String)? {
        if let java = javaEvidence(lines) { return ("com.sun.java-source", java) }
        if let cpp = cPlusPlusEvidence(lines) { return ("public.c-plus-plus-source", cpp) }
        if let c = cEvidence(lines) { return c }
        if let ruby = rubyEvidence(text) { return ("public.ruby-script", ruby) }
        if let sheet = styleSheetEvidence(text, complete: complete) {
            return (sheet.identifier, sheet.evidence)
        }
        if let yaml = yamlEvidence(text) { return ("public.yaml", yaml) }
        return nil
    }

    /// The lines of the text that are not blank and not comments in the C family's styles
    /// (`//` lines and `/* ... */` blocks), up to ``languageLines``, trailing spaces removed.
    static func codeLines(_ text: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var inComment = false
        // Comments do not count towards the lines read: a licence banner of 40 lines would
        // leave a window of 80 lines half empty. Blanks do not either, within a bound.
        forEachLine(of: text, upTo: 4 * languageLines) { raw in
            guard lines.count < languageLines else { return false }
            let line = trimmingEnd(raw)
            let body = line.drop(while: isSpace)
            if inComment {
                if contains(body, "*/") { inComment = false }
                return true
            }
            if hasPrefix(body, "/*") {
                inComment = !contains(body.dropFirst(2), "*/")
                return true
            }
            if body.isEmpty || hasPrefix(body, "//") || hasPrefix(body, "*") { return true }
            lines.append(line)
            return true
        }
        return lines
    }

    /// What makes text Java.
    ///
    /// `package a.b;` and `import a.b.C;` (with their semicolons), a top-level
    /// `public class`, `interface`, `enum` or `record`, `@Override`, the entry point
    /// `public static void main(String[` (C# writes `Main(string[]`), a call of
    /// `System.out.print` or `System.err.print`, a module descriptor's `module a.b {` and
    /// its `requires`/`exports`/`opens`/`uses`/`provides` directives. Two kinds are needed;
    /// `#include`, `using` and `namespace` (C++, C#) and a line of prose rule Java out.
    private static func javaEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        var hints: Set<String> = []
        for line in lines {
            let body = line.drop(while: isSpace)
            if ["#include", "using ", "namespace "].contains(where: { hasPrefix(line, $0) }) {
                return nil
            }
            var matched = true
            if hasPrefix(line, "package "), line.last == UInt8(ascii: ";") {
                hints.insert("a package statement")
            } else if hasPrefix(line, "import "), line.last == UInt8(ascii: ";"),
                !contains(line, "\"")
            {
                hints.insert("an import")
            } else if [
                "public class ", "public final class ", "public abstract class ",
                "public interface ", "public enum ", "public record ", "final class ",
            ].contains(where: { hasPrefix(line, $0) }) {
                hints.insert("a public class")
            } else if body.elementsEqual("@Override".utf8) {
                hints.insert("@Override")
            } else if hasPrefix(body, "public static void main("),
                // `String[] args`, `String args[]`, `String... args`, `final String[] args`;
                // C#'s entry point is `Main(string[] args)`.
                contains(body.prefix(64), "String")
            {
                hints.insert("a main method")
            } else if hasPrefix(body, "System.out.print") || hasPrefix(body, "System.err.print") {
                hints.insert("System.out")
            } else if isJavaModuleDeclaration(line) {
                hints.insert("a module declaration")
            } else if hints.contains("a module declaration"), isJavaModuleDirective(body) {
                // Inside a module only: CAmkES components write `uses Name n;` too, and
                // Pascal units `uses SysUtils;`.
                hints.insert("a module directive")
            } else {
                matched = false
            }
            // A line of prose rules Java out; a declaration is no prose, however many words
            // it has (`public final class Greeter {`).
            if !matched, isProse(line) { return nil }
            if hints.count >= 2 { return hints.sorted().joined(separator: " and ") }
        }
        return nil
    }

    /// A module descriptor's head (`module-info.java`, Java 9): `module a.b {` or
    /// `open module a.b {` at the margin, the name of dotted identifiers.
    private static func isJavaModuleDeclaration(_ line: ArraySlice<UInt8>) -> Bool {
        var rest = line
        if hasPrefix(rest, "open ") { rest = rest.dropFirst(5) }
        guard hasPrefix(rest, "module "), rest.last == UInt8(ascii: "{") else { return false }
        let name = trimmingEnd(rest.dropFirst(7).dropLast())
        return !name.isEmpty && name.first.map(isIdentifierStart) == true
            && name.allSatisfy { isIdentifierByte($0) || $0 == UInt8(ascii: ".") }
    }

    /// A module descriptor's directive: `requires java.sql;`, `exports a.b to c.d;`,
    /// `opens`, `uses`, `provides a.B with c.D` (whose list may go on to the next line), a
    /// name after the keyword (CommonJS's `exports = x;` is no directive).
    private static func isJavaModuleDirective(_ body: ArraySlice<UInt8>) -> Bool {
        guard body.last == UInt8(ascii: ";") || body.last == UInt8(ascii: ",") else {
            return false
        }
        let keyword = body.prefix { (0x61...0x7A).contains($0) }
        guard
            ["requires", "exports", "opens", "uses", "provides"].contains(
                String(decoding: keyword, as: UTF8.self)
            )
        else { return false }
        let rest = body[keyword.endIndex...]
        return rest.first == 0x20 && rest.dropFirst().first.map(isIdentifierStart) == true
    }

    /// The C++ standard library headers without `.h`, as only C++ includes them.
    private static let cPlusPlusHeaders = [
        "iostream", "string", "vector", "map", "memory", "algorithm", "sstream", "fstream",
        "unordered_map", "set", "utility", "functional", "cstdio", "cstdlib", "cstring",
        "cmath", "cstdint", "thread", "mutex", "array", "optional", "iomanip", "chrono",
    ]

    /// What makes text C++ rather than C.
    ///
    /// An `#include <header>` of the C++ library (no `.h`), `std::`, a `namespace`
    /// block, `template <`, `public:` or `private:` labels, `class Name {`. Two kinds are
    /// needed, and a line of prose first rules C++ out.
    private static func cPlusPlusEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        var hints: Set<String> = []
        for line in lines {
            let body = line.drop(while: isSpace)
            // Prose that mentions std:: or a header (a document about C++), or a `#` line
            // that is no preprocessor directive (a shell or CMake comment).
            if isProse(line) || (body.first == UInt8(ascii: "#") && !isDirective(body)) {
                return nil
            }
            if hasPrefix(body, "#include <") {
                let name = body.dropFirst(10).prefix { $0 != UInt8(ascii: ">") }
                if cPlusPlusHeaders.contains(where: { name.elementsEqual($0.utf8) }) {
                    hints.insert("a C++ library header")
                }
            } else if hasPrefix(body, "namespace "), line.last == UInt8(ascii: "{") {
                hints.insert("a namespace block")
            } else if hasPrefix(body, "template <") || hasPrefix(body, "template<") {
                hints.insert("a template")
            } else if ["public:", "private:", "protected:"].contains(where: {
                body.elementsEqual($0.utf8)
            }) {
                hints.insert("an access label")
            } else if hasPrefix(body, "using namespace ") || hasPrefix(body, "using std::") {
                hints.insert("a using declaration")
            }
            if contains(body, "std::") { hints.insert("std::") }
            if hints.count >= 2 { return hints.sorted().joined(separator: " and ") }
        }
        return nil
    }

    /// The words a C declaration or definition opens a line with.
    private static let cDeclarationWords = [
        "static ", "extern ", "inline ", "void ", "int ", "unsigned ", "signed ", "char ",
        "long ", "short ", "double ", "float ", "const ", "struct ", "enum ", "union ",
        "size_t ", "bool ", "typedef ",
    ]

    /// What makes text C, and whether it is a header.
    ///
    /// The preprocessor's lines (`#include <x.h>` or `#include "x.h"`, `#define NAME`,
    /// conditionals, `#pragma`) and, at the left margin, a function's head, a prototype or a
    /// type's definition (`static int f(void)`, `int f(void);`, `typedef struct {`). Two kinds
    /// are needed, since shared-mime-info and Tika know C only by a first `/*`, `//`,
    /// `#include` or `#ifndef` and a file that opens with `#define` or `#if` is plain text
    /// to them. A header: an include guard (`#ifndef X` then `#define X` as the first lines),
    /// `#pragma once`, or prototypes and types with no function's head. A `#` line that is no
    /// directive (a shell or Python comment), a line of prose, a list item (`- `) or a rule
    /// (`====`) of a document that quotes C, Objective-C's `#import` and `@interface`, and
    /// C#'s `using` and `namespace` rule C out.
    private static func cEvidence(_ lines: [ArraySlice<UInt8>]) -> (String, String)? {
        var hints: Set<String> = []
        var guardName: ArraySlice<UInt8>?
        var guarded = false
        var declares = false
        var definesFunction = false
        for (index, line) in lines.enumerated() {
            let body = line.drop(while: isSpace)
            if startsWithAny(body, ["@interface", "@implementation", "using ", "namespace ", "- "])
                || (line.count >= 3 && line.allSatisfy { $0 == UInt8(ascii: "=") })
            {
                return nil
            }
            if body.first == UInt8(ascii: "#") {
                guard isDirective(body) else { return nil }
                let directive = body.dropFirst().drop(while: isSpace)
                let word = directive.prefix(while: isIdentifierByte)
                let operand = directive[word.endIndex...].drop(while: isSpace)
                let name = operand.prefix(while: isIdentifierByte)
                switch String(decoding: word, as: UTF8.self) {
                case "include":
                    if operand.first == UInt8(ascii: "<") || operand.first == UInt8(ascii: "\"") {
                        hints.insert("an #include")
                    }
                case "define":
                    guard let first = name.first, !(0x30...0x39).contains(first) else { break }
                    hints.insert("a macro definition")
                    if index == 1, let guardName, name.elementsEqual(guardName) { guarded = true }
                case "ifndef":
                    if index == 0, !name.isEmpty { guardName = name }
                    hints.insert("a conditional")
                case "if", "ifdef", "elif", "else", "endif": hints.insert("a conditional")
                case "pragma":
                    hints.insert("a pragma")
                    if hasPrefix(operand, "once") { guarded = true }
                case "import": return nil
                default: break
                }
            } else if isFunctionName(line, after: index > 0 ? lines[index - 1] : []) {
                hints.insert("a function's head")
                definesFunction = true
            } else if line.first.map(isSpace) == false, startsWithAny(line, cDeclarationWords) {
                // `typedef CF_ENUM(CFIndex, Name) {` opens a type, not a function.
                if contains(line, "("), !hasPrefix(line, "typedef "),
                    line.last == UInt8(ascii: ")") || endsWith(line, ") {")
                {
                    hints.insert("a function's head")
                    definesFunction = true
                } else if contains(line, "("), endsWith(line, ");") {
                    hints.insert("a prototype")
                    declares = true
                } else if hasPrefix(line, "typedef ") || line.last == UInt8(ascii: "{") {
                    hints.insert("a type definition")
                    declares = true
                }
            } else if isProse(line) {
                return nil
            }
        }
        guard hints.count >= 2 else { return nil }
        let evidence = hints.sorted().joined(separator: " and ")
        if guarded { return ("public.c-header", evidence + ", guarded as a header") }
        return declares && !definesFunction
            ? ("public.c-header", evidence + ", declarations only")
            : ("public.c-source", evidence)
    }

    /// A function's name at the left margin in GNU style, its return type on the line
    /// before (`static int` or `void`, then `main(int argc, char **argv)`), or any name whose
    /// parameters close with `) {` but a macro's in capitals (`CF_ENUM(CFIndex) {` opens a
    /// type's body in a header).
    private static func isFunctionName(
        _ line: ArraySlice<UInt8>,
        after previous: ArraySlice<UInt8>
    ) -> Bool {
        guard let first = line.first, isIdentifierByte(first), !(0x30...0x39).contains(first)
        else { return false }
        let name = line.prefix(while: isIdentifierByte)
        guard name.endIndex < line.endIndex, line[name.endIndex] == UInt8(ascii: "(") else {
            return false
        }
        if endsWith(line, ") {") {
            return name.contains { (0x61...0x7A).contains($0) }
        }
        let typeLine =
            startsWithAny(previous, cDeclarationWords)
            || cDeclarationWords.contains { previous.elementsEqual($0.utf8.dropLast()) }
        return typeLine
            && !previous.contains { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ";") }
            && !previous.contains(UInt8(ascii: "="))
    }

    /// The C preprocessor's directives.
    private static let directives: Set<String> = [
        "include", "define", "undef", "if", "ifdef", "ifndef", "else", "elif", "endif",
        "pragma", "error", "warning", "line", "import", "include_next",
    ]

    /// `#include`, `# define`, ...: a preprocessor directive (spaces allowed after `#`).
    private static func isDirective(_ line: ArraySlice<UInt8>) -> Bool {
        let word = line.dropFirst().drop(while: isSpace).prefix(while: isIdentifierByte)
        return directives.contains(String(decoding: word, as: UTF8.self))
    }

    /// What makes text Ruby.
    ///
    /// `require 'x'` (or `require_relative`), `class Name < Base`, `module Name`,
    /// `attr_accessor :name`, a `def name` block closed by a bare `end`, a call passing a
    /// `do` block, `puts`, and a Gemfile's `source 'https://...'` and `gem '...'` lines.
    /// Three hints are needed; a line ending in `:` (Python), `;` or `{`, or a line of prose,
    /// rules Ruby out.
    private static func rubyEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var hints: Set<String> = []
        var openDef = false
        forEachLine(of: text, upTo: languageLines) { raw in
            let line = trimmingEnd(raw)
            let body = line.drop(while: isSpace)
            if body.isEmpty || body.first == UInt8(ascii: "#") { return true }
            if line.last == UInt8(ascii: ";") || line.last == UInt8(ascii: "{")
                || line.last == UInt8(ascii: ":") || isProse(line)
            {
                hints.removeAll()
                return false
            }
            if hasPrefix(line, "require '") || hasPrefix(line, "require \"")
                || hasPrefix(line, "require_relative ")
            {
                hints.insert("require")
            } else if hasPrefix(body, "class "), contains(body, " < ") {
                hints.insert("a subclass")
            } else if hasPrefix(line, "module "),
                body.dropFirst(7).allSatisfy({ isRubyConstantByte($0) })
            {
                hints.insert("a module")
            } else if hasPrefix(body, "attr_accessor :") || hasPrefix(body, "attr_reader :") {
                hints.insert("an attribute")
            } else if hasPrefix(body, "def ") {
                openDef = true
            } else if openDef, body.elementsEqual("end".utf8) {
                hints.insert("a def ... end block")
            } else if hasPrefix(body, "gem '") || hasPrefix(body, "gem \"") {
                hints.insert("a gem")
            } else if hasPrefix(body, "source 'https://") || hasPrefix(body, "source \"https://") {
                hints.insert("a gem source")
            } else if opensRubyBlock(body) {
                hints.insert("a do block")
            } else if hasPrefix(body, "puts ") || hasPrefix(body, "puts(") {
                hints.insert("puts")
            }
            return hints.count < 3
        }
        return hints.count >= 3 ? hints.sorted().joined(separator: ", ") : nil
    }

    /// A call that passes a `do ... end` block.
    ///
    /// `items.each do |item|`, `describe User do`, `task :build do`. A loop's `do` (`for`,
    /// `while`, `until`: Lua and the shell write them so too) and a shell's `; do` are not.
    private static func opensRubyBlock(_ body: ArraySlice<UInt8>) -> Bool {
        guard !contains(body, ";"), !startsWithAny(body, ["for ", "while ", "until "]) else {
            return false
        }
        return endsWith(body, " do") || (body.last == UInt8(ascii: "|") && contains(body, " do |"))
    }

    private static func isRubyConstantByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":")
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// What makes text YAML.
    ///
    /// A `---` document start, a top-level `key:` that opens a nested block of
    /// `key: value` lines or `- item` lines, or a list of mappings (`- key: value` and the
    /// item's other entries indented under it); every line must be a mapping entry, a list
    /// item or indented text under one. A mapping of capitalised header names alone (a mail or a
    /// Debian control file) is not YAML. Or the directives that open a stream (`%YAML 1.2`,
    /// `%TAG`) and the `---` after them.
    private static func yamlEvidence(_ text: ArraySlice<UInt8>) -> String? {
        if let directive = yamlDirective(text) { return directive }
        var nested = false
        var entries = 0
        var documentStart = false
        var previousOpensBlock = false
        var previousIsMappingItem = false
        var lowercaseKeys = 0
        var verdict = true
        forEachLine(of: text, upTo: languageLines) { raw in
            let line = trimmingEnd(raw)
            let body = line.drop(while: isSpace)
            if body.isEmpty || body.first == UInt8(ascii: "#") { return true }
            if line.elementsEqual("---".utf8) {
                documentStart = documentStart || entries == 0
                return true
            }
            // The document end marker, before another document or the end of the stream.
            if line.elementsEqual("...".utf8), entries > 0 { return true }
            let indented = line.first == 0x20
            if hasPrefix(body, "- ") || body.elementsEqual("-".utf8) {
                if indented || previousOpensBlock { nested = true }
                previousOpensBlock = false
                entries += 1
                // `- key: value`, a mapping as a list's item, whose other entries follow
                // indented under its first.
                let item = body.dropFirst(2)
                previousIsMappingItem = yamlKey(item) != nil
                if previousIsMappingItem, let first = item.first, (0x61...0x7A).contains(first) {
                    lowercaseKeys += 1
                }
                // A label, then prose with another `: `, is no mapping YAML allows.
                let label = item.prefix(while: isIdentifierByte)
                if !previousIsMappingItem, !label.isEmpty, hasPrefix(item[label.endIndex...], ": ")
                {
                    verdict = false
                }
                return verdict
            }
            guard let key = yamlKey(body) else {
                // Text under a block scalar or a continued value is indented.
                if !indented { verdict = false }
                previousIsMappingItem = false
                return verdict
            }
            entries += 1
            if let first = key.first, (0x61...0x7A).contains(first) { lowercaseKeys += 1 }
            if indented, previousOpensBlock || nested || previousIsMappingItem { nested = true }
            previousOpensBlock = key.endIndex + 1 == body.endIndex
            previousIsMappingItem = false
            return true
        }
        guard verdict, entries >= 3, documentStart || (nested && lowercaseKeys >= 2) else {
            return nil
        }
        return documentStart ? "a --- document of \(entries) entries" : "nested mappings"
    }

    /// A YAML 1.1 or 1.2 stream that opens with its directives: after comments, `%YAML 1.2`
    /// (OpenCV's FileStorage writes `%YAML:1.0`) or `%TAG ! prefix`, then more directives
    /// and the `---` that must end them.
    private static func yamlDirective(_ text: ArraySlice<UInt8>) -> String? {
        var directives = 0
        var verdict: String?
        forEachLine(of: text, upTo: 20) { raw in
            let line = trimmingEnd(raw)
            if line.isEmpty || line.first == UInt8(ascii: "#") { return true }
            if hasPrefix(line, "%YAML"), line.count > 6,
                [UInt8(ascii: " "), UInt8(ascii: ":")].contains(line[line.startIndex + 5]),
                line.dropFirst(6).first.map({ (0x30...0x39).contains($0) }) == true
            {
                directives += 1
                return true
            }
            if hasPrefix(line, "%TAG ") {
                directives += 1
                return true
            }
            if directives > 0, hasPrefix(line, "---") {
                verdict = "a %YAML or %TAG directive, then ---"
            }
            return false
        }
        return verdict
    }

    /// The key of a `key: value` or `key:` line, as YAML files write keys (JSON Schema's
    /// `$schema` and `$ref` among them), or nil.
    private static func yamlKey(_ body: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let key = body.prefix {
            isIdentifierByte($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
                || $0 == UInt8(ascii: "$")
        }
        guard !key.isEmpty, key.endIndex < body.endIndex,
            body[key.endIndex] == UInt8(ascii: ":"),
            key.endIndex + 1 == body.endIndex || body[key.endIndex + 1] == 0x20
        else { return nil }
        // A plain (unquoted) value cannot hold `: `, which prose after a label does
        // (`- dosfsck: check file times: ctime <= mtime`).
        let value = body[(key.endIndex + 1)...].drop(while: isSpace)
        if let first = value.first, !"\"'{[|>".utf8.contains(first), contains(value, ": ") {
            return nil
        }
        return key
    }
}
