/// JavaScript told by the names and operators only it writes, anywhere in its first 16 KiB.
///
/// ``TextSniffer/javascriptEvidence(_:)`` reads a script's first lines for a module line or
/// the strict-mode directive. Most scripts in the wild have neither: a bundle opens with an
/// immediately invoked function, a page script with `window.` and `document.`, a minified
/// library is one line after its licence comment. Each kind of mark below is one that C,
/// Java, C#, Go, Rust, Swift, Python, Perl and shell do not write, and two different kinds
/// are needed: Lua's `= function(` or Kotlin's `===` is one kind, and a line of prose that
/// names one is not a script. PHP, which writes several, is told by `<?php` before this.
extension TextSniffer {
    /// The most bytes read for the marks.
    private static let scriptLimit = 16_384

    /// The kinds of mark, each a list of literals any one of which is the mark.
    private static let scriptMarks: [(name: String, literals: [String])] = [
        ("a prototype", [".prototype.", ".prototype=", ".prototype ="]),
        ("the window object", ["window.location", "window.addEventListener(", "window.onload"]),
        (
            "the DOM",
            [
                "document.getElementById(", "document.querySelector", "document.createElement(",
                "document.addEventListener(", "document.body", "document.write(",
                "document.getElementsBy", "document.readyState", "document.documentElement",
                ".innerHTML", "extends HTMLElement", "customElements.define(", "document.cookie",
                "document.forms", "document.location", "document.title",
            ]
        ),
        ("URI coding", ["encodeURIComponent(", "decodeURIComponent(", "encodeURI(", "unescape("]),
        ("a browser dialog", ["alert(\"", "alert('", "confirm(\"", "confirm('"]),
        ("a timer", ["setTimeout(", "setInterval(", "clearTimeout(", "clearInterval("]),
        ("Windows Script Host", ["WScript.Echo(", "WScript.CreateObject(", "WScript.Arguments"]),
        ("the console", ["console.log(", "console.error(", "console.warn(", "console.info("]),
        ("JSON", ["JSON.parse(", "JSON.stringify("]),
        (
            "Object's functions",
            [
                "Object.keys(", "Object.assign(", "Object.defineProperty(", "Object.freeze(",
                "Object.create(", "Object.fromEntries(", "Object.entries(", "Object.values(",
                "Object.getOwnPropertyNames(", "Object.prototype",
            ]
        ),
        ("an event listener", [".addEventListener("]),
        ("CommonJS", ["module.exports", "exports.__esModule", "require(\"", "require('"]),
        (
            "a function expression",
            [
                "=function(", "= function(", "= function (", "=function (", ":function(",
                ": function(",
            ]
        ),
        ("webpack", ["webpackChunk", "__webpack_require__", "webpackJsonp"]),
        ("an immediately invoked function", ["(function(", "(function (", "!function(", "(()=>"]),
        ("jQuery", ["$(document)", "$(function", "jQuery(", "jQuery."]),
        ("void 0", ["void 0"]),
        ("a promise", ["new Promise(", ".then(function", ".then((", "async function"]),
        ("the strict-mode directive", ["\"use strict\"", "'use strict'"]),
        ("typeof", ["typeof window", "typeof module", "typeof define", "typeof exports"]),
        ("an AMD module", ["define([", "define(function", "define.amd"]),
        ("a class constructor", ["constructor() {", "constructor(){", "constructor ("]),
    ]

    /// Two kinds of ``scriptMarks`` in the first 16 KiB of text that is not markup, or `nil`.
    ///
    /// Prose that names them is not a script: some line must end as a statement or a block
    /// does (`;`, `{`, `}`, `)`), or, for minified code on one long line, one byte in fifty
    /// must be `;`, `{` or `}`. A line ending in `->` is CoffeeScript's.
    static func javascriptMarksEvidence(_ text: ArraySlice<UInt8>) -> String? {
        let examined = text.prefix(scriptLimit)
        var statements = false
        forEachLine(of: examined, upTo: Int.max) { line in
            if let last = trimmingEnd(line).last, ";{})".utf8.contains(last) { statements = true }
            return !statements
        }
        if !statements {
            let punctuation = examined.reduce(0) { count, byte in
                count
                    + (byte == UInt8(ascii: ";") || byte == UInt8(ascii: "{")
                        || byte == UInt8(ascii: "}") ? 1 : 0)
            }
            statements = punctuation * 50 >= examined.count
        }
        guard statements else { return nil }
        var found: [String] = hasStrictEquality(examined) ? ["strict equality"] : []
        // One pass over the text, trying at each byte only the literals that start with it.
        var seen = [Bool](repeating: false, count: scriptMarks.count)
        examined.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count, found.count < 2 {
                for candidate in markLiterals[Int(bytes[index])] where !seen[candidate.mark] {
                    let literal = candidate.bytes
                    guard bytes.count - index >= literal.count else { continue }
                    var offset = 1
                    while offset < literal.count, bytes[index + offset] == literal[offset] {
                        offset += 1
                    }
                    if offset == literal.count {
                        seen[candidate.mark] = true
                        found.append(scriptMarks[candidate.mark].name)
                        break
                    }
                }
                index += 1
            }
        }
        guard found.count == 2 else { return nil }
        // CoffeeScript calls the same library, and ends a line with its function arrow.
        var coffee = false
        forEachLine(of: examined, upTo: Int.max) { line in
            coffee = endsWith(trimmingEnd(line), "->")
            return !coffee
        }
        return coffee ? nil : "\(found[0]) and \(found[1])"
    }

    /// The literals of ``scriptMarks`` by their first byte, each with its mark's index.
    private static let markLiterals: [[(bytes: [UInt8], mark: Int)]] = {
        var table = [[(bytes: [UInt8], mark: Int)]](repeating: [], count: 256)
        for (index, mark) in scriptMarks.enumerated() {
            for literal in mark.literals {
                let bytes = Array(literal.utf8)
                table[Int(bytes[0])].append((bytes, index))
            }
        }
        return table
    }()

    /// `===` or `!==` as an operator: not part of a longer run of `=` (a Markdown or
    /// reStructuredText heading's underline), after an operand.
    private static func hasStrictEquality(_ text: ArraySlice<UInt8>) -> Bool {
        let equals = UInt8(ascii: "=")
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == equals else {
                index += 1
                continue
            }
            let start = index
            while index < text.endIndex, text[index] == equals { index += 1 }
            let run = index - start
            let bang = start > text.startIndex && text[start - 1] == UInt8(ascii: "!")
            // The left operand ends in a name, a bracket, a quote or a space; a comment's
            // rule (`//===---`) does not.
            let operand = bang ? start - 2 : start - 1
            guard operand >= text.startIndex,
                isIdentifierByte(text[operand]) || " \t)]\"'".utf8.contains(text[operand])
            else { continue }
            if run == 3 && !bang || run == 2 && bang { return true }
        }
        return false
    }
}
