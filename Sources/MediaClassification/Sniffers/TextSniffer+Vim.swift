// Vim script: the language of Vim's runtime files (syntax, indent and filetype plugins) and
// of vimrc files. Its statements are Ex commands, one a line: scoped variables
// (`let g:name = 1`), `function!` ... `endfunction`, syntax rules (`syn keyword`,
// `hi def link`), mappings (`nnoremap`), autocommands, and `"` comments.

extension TextSniffer {
    /// The marks only Vim script writes, each weighing twice: the commands a line starts with
    /// (its indentation aside), or that are a line alone.
    static let vimStrongMarks: [(name: String, prefixes: [String], alone: [String])] = [
        (
            "a scoped let",
            ["let g:", "let s:", "let b:", "let w:", "let t:", "let l:", "let &"], []
        ),
        (
            "a function",
            ["function! ", "function s:", "fun! ", "func! ", "function <SID>"],
            ["endfunction", "endfunc", "endfun", "endf"]
        ),
        (
            "a syntax rule",
            [
                "syn keyword ", "syn match ", "syn region ", "syntax keyword ", "syntax match ",
                "syntax region ", "syn cluster ", "syn case ", "hi def link ", "hi link ",
                "highlight default link ", "highlight link ", "HiLink ",
            ],
            []
        ),
        ("an autocommand", ["augroup ", "autocmd ", "au Buf", "au File"], []),
        (
            // The guard a runtime file opens with, on a variable Vim's conventions name.
            "a load guard",
            [
                "if exists(\"b:did_", "if exists(\"g:loaded_", "if exists(\"b:current_syntax\")",
                "if exists('b:did_", "if exists('g:loaded_", "if exists('b:current_syntax')",
            ],
            []
        ),
        (
            "a mapping",
            [
                "nnoremap ", "inoremap ", "vnoremap ", "xnoremap ", "onoremap ", "noremap ",
                "nmap ", "command! ", "command -", "menutrans ",
            ],
            []
        ),
    ]

    /// The commands that only Vim script starts a line with; one of them must be among the
    /// lines: the strong marks' and a keymap's `loadkeymap`.
    static let vimCommands = vimStrongMarks.flatMap(\.prefixes) + ["loadkeymap"]

    /// What makes text Vim script.
    ///
    /// A scoped `let` (`g:`, `s:`, `b:`, ..., or an option's `&`), a function's opening or
    /// closing line, a syntax or highlight rule, an autocommand, a runtime file's load guard
    /// (`if exists("b:did_indent")`, `g:loaded_`, `b:current_syntax`), a mapping, command or
    /// menu translation, and a keymap's `loadkeymap` count twice; a `"` comment line,
    /// `if exists(...)`/`if has(...)`, a bare `endif`/`finish`, an option set (`setlocal`,
    /// `set nocompatible`, `set cpo`), a `call` or `exe`, a continuation line (`\` first) and
    /// a runtime command (`scriptencoding`, `runtime`, `source <sfile>`, `hi clear`) once.
    /// Four weights are needed, one of the double ones among them. A line that ends in `;`
    /// (a comment aside), or an `#include`, `import`, `def` or `package` line, stops the
    /// reading.
    static func vimScriptEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        guard lines.contains(where: { startsIndentedWithAny($0, vimCommands) }) else {
            return nil
        }
        let strong = vimStrongMarks.map { mark in
            LineRule(mark.name, 2) { line in
                startsIndentedWithAny(line, mark.prefixes) || isAlone(line, mark.alone)
            }
        }
        return weigh(
            lines,
            needed: 4,
            anyOf: vimStrongMarks.map(\.name) + ["a keymap"],
            rulesOut: { line in
                // A comment may end in `;` (it quotes the code of another language).
                (line.last == UInt8(ascii: ";")
                    && line.drop(while: isSpace).first != UInt8(ascii: "\""))
                    || startsWithAny(line, ["#include", "import ", "def ", "package "])
            },
            rules: strong + [
                LineRule("a comment", 1, { $0.drop(while: isSpace).first == UInt8(ascii: "\"") }),
                LineRule(
                    "a feature test",
                    1,
                    {
                        startsIndentedWithAny(
                            $0,
                            ["if exists(\"", "if !exists(\"", "if has(\"", "if !has(\""]
                        )
                    }
                ),
                LineRule(
                    "endif or finish",
                    1,
                    { isAlone($0, ["endif", "finish", "endwhile", "endfor"]) }
                ),
                LineRule(
                    "an option",
                    1,
                    {
                        startsIndentedWithAny(
                            $0,
                            ["setlocal ", "setl ", "set nocompatible", "set cpo", "set ts="]
                        )
                    }
                ),
                LineRule(
                    "a call",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return startsWithAny(body, ["call ", "exe \"", "execute \""])
                            && !contains(body, ";")
                    }
                ),
                LineRule("a continuation", 1, { hasPrefix($0.drop(while: isSpace), "\\ ") }),
                LineRule(
                    "a runtime command",
                    1,
                    {
                        startsIndentedWithAny(
                            $0,
                            [
                                "scriptencoding ", "runtime ", "runtime! ", "source <sfile>",
                                "hi clear",
                            ]
                        )
                    }
                ),
                LineRule("a keymap", 2, { $0.elementsEqual("loadkeymap".utf8) }),
            ]
        )
    }
}
