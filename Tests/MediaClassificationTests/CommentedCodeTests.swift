import Foundation
import MediaClassification
import Testing
import UniformTypes

/// Source code whose first lines are a long comment (a licence banner, a script's help), or
/// written in a layout the first readers of its language missed.
@Suite struct CommentedCodeTests {
    let classifier = Classifier(registry: .builtinOnly)

    /// A licence at the margin, prose that ends a language's reading outside a comment.
    static let banner: String =
        "Copyright the authors of this module, who keep every right not given here.\n\n"
        + "Permission is hereby granted, free of charge, to any person obtaining a copy\n"
        + "of this software, to deal in the software without restriction;\n"

    static let csharp: String =
        "//////\n// Licensed under the MIT licence, as the file says at length.\n//////\n\n"
        + "namespace Demo.Core {\n\n    using System;\n    using System.Collections.Generic;\n\n"
        + "    public class Task {\n        public int Id;\n    }\n}\n"
    static let luaModule: String =
        "--[[\n" + banner + "]]\n\nlocal M = {}\n\nfunction M.greet(name)\n  if name then\n"
        + "    print(name)\n  end\nend\n\nreturn M\n"
    static let luaLevelled: String =
        "--[==[\n" + banner + "]] is not the end of this one\n]==]\n\nlocal t = {}\n"
        + "for k, v in pairs(t) do\n  print(k)\nend\n"
    static let powerShell: String =
        "<#\n.SYNOPSIS\nCopies the reports to the share, as the team asked for it.\n"
        + ".DESCRIPTION\nRuns every night and writes what it did to the log file.\n#>\n"
        + "param(\n    # Where the reports are.\n    [Parameter(Mandatory=$true)] [string]$Path\n)\n\n"
        + "$files = Get-ChildItem -Path $Path\nWrite-Output $files.Count\n"
    static let rubyScript: String =
        "# Prints the totals\nrequire 'csv'\n\ntotals = Hash.new(0)\nCSV.foreach(ARGV[0]) do |row|\n"
        + "  totals[row[0]] += row[1].to_i\nend\n\ntotals.each do |name, sum|\n"
        + "  puts \"#{name}: #{sum}\"\nend\n"
    static let gemfile: String =
        "source 'https://rubygems.org'\n\ngem 'rails', '~> 7.1'\ngem 'pg'\n\n"
        + "group :development do\n  gem 'pry'\nend\n"
    static let spec: String =
        "require 'spec_helper'\n\ndescribe Stack do\n  it 'pushes' do\n    s = Stack.new\n    s.push(1)\n"
        + "    expect(s.size).to eq(1)\n  end\nend\n\ndef helper\n  42\nend\n"
    static let automake: String =
        "## Process this file with automake to produce Makefile.in\n\nSUBDIRS = lib src\n"
        + "bin_PROGRAMS = hello\nhello_SOURCES = main.c greet.c\nhello_LDADD = lib/libgreet.a\n"
    static let bsdMake: String =
        "# New ports collection makefile for: demo\n\nPORTNAME=\tdemo\nPORTVERSION=\t1.0\n"
        + "CATEGORIES=\tdevel\nMAINTAINER=\tports@example.org\n"
    static let bsdProgram: String = "PROG=\thello\nSRCS=\thello.c\n\n.include <bsd.prog.mk>\n"
    static let includingMake: String =
        "# Rules shared by the tools\ninclude ../config.mk\n\nTOOLS = a b\n"

    /// What `gcc -S` writes for a hello-world program: labels and tab-indented directives
    /// and instructions, which read like a makefile's rules and recipes.
    static let gasOutput: String =
        "\t.file\t\"hello.c\"\n\t.text\n\t.section\t.rodata\n.LC0:\n\t.string\t\"Hi\"\n"
        + "\t.text\n\t.globl\tmain\n\t.type\tmain, @function\nmain:\n.LFB0:\n"
        + "\t.cfi_startproc\n\tpushq\t%rbp\n\tleaq\t.LC0(%rip), %rax\n\tmovq\t%rax, %rdi\n"
        + "\tcall\tputs@PLT\n\tpopq\t%rbp\n\tret\n\t.cfi_endproc\n\t.size\tmain, .-main\n"
    static let masm: String =
        "; Prints a greeting\n.model small\n.stack 100h\n.data\nmsg db 'Hello$'\n.code\n"
        + "main proc\n    mov ax, @data\n    mov ds, ax\n    mov ah, 9\n    int 21h\nmain endp\n"
        + "end main\n"

    /// A script that opens with its comment-based help (Python's venv `Activate.ps1`), then
    /// a `Param(` block of typed parameters.
    static let helpThenParam: String =
        "<#\n.Synopsis\nActivate a Python virtual environment for the current session.\n\n"
        + "Pushes the python executable for a virtual environment to the front of the\n"
        + "$Env:PATH environment variable and sets the prompt.\n.Description\n"
        + "Makes use of the command line switches as well as the pyvenv.cfg file values.\n"
        + ".Parameter VenvDir\nPath to the directory that contains the virtual environment.\n#>\n"
        + "Param(\n    [Parameter(Mandatory = $false)]\n    [String]\n    $VenvDir\n)\n"

    /// A short script whose one requirement statement says what it is.
    static let requiresCore: String = "#Requires -PSEdition Core\n\nWrite-Host 'Hello World!'\n"
    /// A TypeScript class: members and a constructor typed with primitives.
    static let typedClass: String =
        "class UserAccount {\n  name: string;\n  id: number;\n\n"
        + "  constructor(name: string, id: number) {\n    this.name = name;\n    this.id = id;\n"
        + "  }\n}\n"

    static let cases: [(String, String)] = [
        (requiresCore, "com.microsoft.powershell-script"),
        (helpThenParam, "com.microsoft.powershell-script"),
        (typedClass, "com.microsoft.typescript"),
        (gasOutput, "public.assembly-source"),
        (masm, "public.assembly-source"),
        (csharp, "com.microsoft.csharp-source"),
        (luaModule, "org.lua.script"),
        (luaLevelled, "org.lua.script"),
        (powerShell, "com.microsoft.powershell-script"),
        (rubyScript, "public.ruby-script"),
        (gemfile, "public.ruby-script"),
        (spec, "public.ruby-script"),
        (automake, "public.make-source"),
        (bsdMake, "public.make-source"),
        (bsdProgram, "public.make-source"),
        (includingMake, "public.make-source"),
    ]

    @Test(arguments: cases)
    func codeAfterItsCommentsIsToldByItsLines(text: String, identifier: String) throws {
        let (found, note) = try classifier.classify(text: text)
        #expect(found == identifier, note)
    }

    @Test(arguments: [
        // Elixir: def/do/end blocks and interpolation.
        (
            "defmodule Report do\n  def run(rows) do\n    rows\n    |> Enum.map(&total/1)\n"
                + "    |> Enum.each(fn t -> IO.puts(\"#{t}\") end)\n  end\nend\n",
            "public.ruby-script"
        ),
        // A shell script's loops end their lines with do.
        (
            "for f in *.txt\ndo\n  echo \"$f\"\ndone\nwhile read line; do\n  puts \"$line\"\ndone\n",
            "public.ruby-script"
        ),
        // Shell assignments name Automake-like variables, with no space before =.
        (
            "SUBDIRS=\"lib src\"\nTESTS=\"a b\"\nbin_PROGRAMS=hello\nexport SUBDIRS TESTS\n",
            "public.make-source"
        ),
        // Prose that mentions an include.
        ("Remember to include config.mk in the tarball.\n", "public.make-source"),
        // A makefile whose recipes run commands: no assembler directive opens a line.
        (
            "all: hello\n\nhello: hello.o\n\t$(CC) -o $@ $^\n\n.PHONY: clean\nclean:\n"
                + "\trm -f hello *.o\n",
            "public.assembly-source"
        ),
        // A requirement of another shell's kind, or with no cmdlet after it.
        ("#Requires -Feature x\nWrite-Host 'a'\n", "com.microsoft.powershell-script"),
        ("#Requires -Version 7\necho hello\n", "com.microsoft.powershell-script"),
        // Comment-based help and nothing after it.
        (
            "<#\n.SYNOPSIS\nDoes a thing.\n.DESCRIPTION\nDoes it well.\n#>\n",
            "com.microsoft.powershell-script"
        ),
        // Kotlin's constructors take capitalised types.
        (
            "class Account(name: String) {\n  var id: Int = 0\n  constructor(name: String, id: Int) {\n"
                + "    this(name)\n  }\n}\n",
            "com.microsoft.typescript"
        ),
        // A man page's requests are roff's, and two directives are not enough.
        (
            ".TH HELLO 1\n.SH NAME\nhello \\- greet\n.SH SYNOPSIS\n.B hello\n.PP\nText.\n",
            "public.assembly-source"
        ),
        ("Notes\n.text and .data are sections.\n.align pads.\n", "public.assembly-source"),
        // Directives on too few of the lines: prose that names three of them.
        (
            ".text comes first\n.data next\n.bss last\n"
                + String(repeating: "More prose.\n", count: 12),
            "public.assembly-source"
        ),
    ])
    func lookalikesAreNot(text: String, identifier: String) throws {
        let (found, note) = try classifier.classify(text: text)
        #expect(found != identifier, note)
    }
}
