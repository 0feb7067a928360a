// AppleScript and fish: two scripting languages whose blocks close with a bare `end`, as Lua's
// and Ruby's do, and that a `#!` line names when there is one (osascript, fish). Without it,
// AppleScript shows its English-like statements (`set x to 3`, `repeat with i from 1 to 9`,
// `tell application "Finder"`), and fish its scoped variables (`set -gx PATH ...`), its
// functions without braces and its `status` queries.

extension TextSniffer {
    /// What makes text AppleScript.
    ///
    /// `tell application "..."` and a `repeat` loop (`repeat with`, `repeat N times`,
    /// `repeat while`, `repeat` alone) count twice; `set name to value`, a block's end (`end`,
    /// `end repeat`, `end tell`, `end if`, ...), a handler (`on run`, `on name(`) and
    /// `display dialog`, `log` or `say` once; three weights are needed, `set ... to`, `repeat`
    /// or `tell` among them. A line that ends in `;` or `{` (a list literal `{1, 2}` ends in
    /// `}`), in Lua's ` do` or ` then`, a `#include`, or Lua's and Pascal's `until` and Lua's
    /// `local` (their `repeat` blocks close with `until`, not `end repeat`) stops the reading.
    static func appleScriptEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text has no `set ... to` statement, loop or tell block.
        guard
            lines.contains(where: { startsIndentedWithAny($0, ["set ", "repeat", "tell "]) })
        else { return nil }
        return weigh(
            lines,
            needed: 3,
            anyOf: ["set ... to", "repeat", "tell"],
            rulesOut: { line in
                line.last == UInt8(ascii: ";") || line.last == UInt8(ascii: "{")
                    || endsWith(line, " do") || endsWith(line, " then")
                    || startsIndentedWithAny(line, ["#include", "until ", "local "])
            },
            rules: [
                LineRule("tell", 2, { hasPrefix($0.drop(while: isSpace), "tell application \"") }),
                LineRule(
                    "repeat",
                    2,
                    { line in
                        let body = line.drop(while: isSpace)
                        return body.elementsEqual("repeat".utf8)
                            || startsWithAny(
                                body,
                                ["repeat with ", "repeat while ", "repeat until "]
                            )
                            || (hasPrefix(body, "repeat ") && endsWith(body, " times"))
                    }
                ),
                LineRule(
                    "set ... to",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "set ") && contains(body, " to ")
                    }
                ),
                LineRule(
                    "end",
                    1,
                    { isAlone($0, appleScriptEnds) }
                ),
                LineRule(
                    "a handler",
                    1,
                    { startsWithAny($0, ["on run", "on open", "on idle", "on quit"]) }
                ),
                LineRule(
                    "a command",
                    1,
                    {
                        startsIndentedWithAny(
                            $0,
                            ["display dialog ", "log ", "say \""]
                        )
                    }
                ),
            ]
        )
    }

    /// What makes text a fish script.
    ///
    /// A variable set with a scope (`set -g`, `set -gx`, `set --local`, ...), a function
    /// without braces (`function name -d "..."`) and a `status` query count twice; `end` alone
    /// on a line, `if test`/`if not`/`else if` and `$argv` once; three weights are needed, a
    /// scoped variable, a function or a `status` query among them. A completion (`complete`
    /// with one of the options only fish's takes: `-l`, `-w`, `-x`, a quoted `-d`
    /// description, `-n` condition or `-a` argument list, a long option), a call of fish's
    /// own `__fish_` functions and a command piped into `source` weigh three each: a
    /// completions file is often nothing else. A line that ends in `{`, `;`, `then` or `do`
    /// (the POSIX shell's), or a `#include`, stops the reading.
    static func fishEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text has neither a scoped `set`, a brace-less function nor a completion.
        guard
            lines.contains(where: {
                startsIndentedWithAny($0, ["set -", "function ", "complete ", "__fish_"])
                    || endsWith($0, "| source")
            })
        else { return nil }
        return weigh(
            lines,
            needed: 3,
            anyOf: [
                "a scoped variable", "a function", "status", "a completion", "a __fish_ function",
                "a pipe into source",
            ],
            rulesOut: { line in
                line.last == UInt8(ascii: "{") || line.last == UInt8(ascii: ";")
                    || endsWith(line, " then") || endsWith(line, " do")
                    || hasPrefix(line, "#include")
            },
            rules: [
                LineRule("a scoped variable", 2, { fishScopedSet($0.drop(while: isSpace)) }),
                LineRule("a completion", 3, { fishCompletion($0.drop(while: isSpace)) }),
                LineRule(
                    "a __fish_ function",
                    3,
                    { line in
                        let body = line.drop(while: isSpace)
                        return hasPrefix(body, "__fish_")
                            && body.dropFirst(7).first.map(ByteFields.isASCIILetter) == true
                    }
                ),
                LineRule("a pipe into source", 3, { endsWith($0, "| source") }),
                LineRule("a function", 2, { fishFunction($0.drop(while: isSpace)) }),
                LineRule(
                    "status",
                    2,
                    { contains($0, "status --is-") || contains($0, "status is-") }
                ),
                LineRule("end", 1, { isAlone($0, ["end"]) }),
                LineRule(
                    "a test",
                    1,
                    { startsIndentedWithAny($0, ["if test ", "if not ", "else if "]) }
                ),
                LineRule("argv", 1, { contains($0, "$argv") }),
            ]
        )
    }

    /// `set -g name`, `set -gx name`, `set --local name`: fish's scopes, with its other flags.
    private static func fishScopedSet(_ body: ArraySlice<UInt8>) -> Bool {
        guard hasPrefix(body, "set -") else { return false }
        let flags = body.dropFirst(4).prefix { !isSpace($0) }
        if hasPrefix(flags, "--") {
            return fishLongScopes.contains { flags.elementsEqual($0.utf8) }
        }
        // A scope letter is needed: the POSIX shell's `set -e`, `set -x` and `set -eu` have none.
        let letters = flags.dropFirst()
        return letters.allSatisfy { fishFlagLetters.utf8.contains($0) }
            && letters.contains { "glU".utf8.contains($0) }
    }

    /// `complete` with an option that only fish's `complete` takes: bash's builtin has no
    /// `-l`, `-w`, `-x` or long options, and its `-d`, `-n` and `-a` take no text.
    private static func fishCompletion(_ body: ArraySlice<UInt8>) -> Bool {
        guard hasPrefix(body, "complete ") else { return false }
        return [
            " -l ", " -w ", " -x ", " --long-option", " --short-option", " --wraps",
            " --description", " --condition", " --arguments", " --no-files", " --exclusive",
            " --command", " -d '", " -d \"", " -a '", " -a \"", " -n '", " -n \"",
        ]
        .contains { contains(body, $0) }
    }

    /// `function name` followed by nothing or by options, never by `(` or a brace.
    private static func fishFunction(_ body: ArraySlice<UInt8>) -> Bool {
        guard hasPrefix(body, "function ") else { return false }
        let rest = body.dropFirst("function ".utf8.count).drop(while: isSpace)
        let name = rest.prefix { !isSpace($0) }
        guard !name.isEmpty, !name.contains(UInt8(ascii: "(")), !name.contains(UInt8(ascii: "{"))
        else { return false }
        let tail = rest[name.endIndex...].drop(while: isSpace)
        return tail.isEmpty || tail.first == UInt8(ascii: "-")
    }

    private static let appleScriptEnds = [
        "end", "end repeat", "end tell", "end if", "end try", "end run", "end considering",
        "end timeout", "end script", "end using terms from",
    ]

    private static let fishLongScopes = [
        "--global", "--local", "--export", "--universal", "--erase",
    ]

    private static let fishFlagLetters = "glxUueqap"
}
