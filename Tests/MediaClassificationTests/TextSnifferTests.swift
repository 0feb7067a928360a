import Foundation
import MediaClassification
import TestSupport
import Testing

private typealias B = ImageContainerTextSupport

@Suite struct TextSnifferTests {
    /// Types this sniffer answers from content.
    static let textIdentifiers: Set<String> = [
        "public.json", "public.xml", "public.html", "public.xhtml", "public.svg-image",
        "public.comma-separated-values-text", "public.tab-separated-values-text", "public.rtf",
        "com.adobe.postscript", "public.shell-script", "public.bash-script", "public.zsh-script",
        "public.python-script", "public.perl-script", "public.ruby-script", "public.php-script",
        "com.netscape.javascript-source", "public.utf16-plain-text", "public.utf8-plain-text",
        "com.apple.xml-property-list", "public.ndjson", "public.make-source",
        "com.docker.dockerfile",
    ]

    /// Generic answers the classifier refines by the file name, or by a signature (INI's
    /// grammar is shared by desktop entries and other keyfiles, which their signatures name).
    static let genericIdentifiers: Set<String> = [
        "public.plain-text", "public.utf8-plain-text", "public.utf16-plain-text", "public.xml",
        "public.script", "org.winehq.ini",
    ]

    static func sniff(_ text: String) -> SniffResult? {
        TextSniffer.sniff(ImageContainerTextSupport.input(B.ascii(text)))
    }

    static func sniff(_ bytes: [UInt8]) -> SniffResult? {
        TextSniffer.sniff(ImageContainerTextSupport.input(bytes))
    }

    /// An input whose head is `bytes` but whose file is longer (the head was cut).
    static func sniffCut(_ bytes: [UInt8]) -> SniffResult? {
        let input = SniffInput(head: bytes, fileSize: UInt64(bytes.count) + 1000) { _, _ in nil }
        return TextSniffer.sniff(input)
    }

    @Test func manifestFixtures() throws {
        let fixtures = try ImageContainerTextSupport.fixtures()
        var covered = 0
        for fixture in fixtures {
            let bytes = try ImageContainerTextSupport.bytes(of: fixture)
            let result = Self.sniff(bytes)
            if fixture.identifier == "public.plain-text"
                || Self.textIdentifiers.contains(fixture.identifier)
            {
                covered += 1
                #expect(result?.identifier == fixture.identifier, "\(fixture.file)")
            } else if let result {
                // A generic text answer for a specific text type is refined by the name; a
                // text header that a structural sniffer reads first (PLY, a sixel image) never
                // reaches the text sniffer, so its generic answer there is not the file's, nor
                // is it for text whose signature decides (an ASCII DXF drawing).
                let input = SniffInput(bytes: bytes)
                let decidedFirst = [BinarySniffer.sniff(input), ImageSniffer.sniff(input)]
                    .contains { $0?.identifier == fixture.identifier }
                let signed = SignatureDatabase.builtin.matches(bytes).contains {
                    $0.mimeType.split(separator: ";").first.map(String.init) == fixture.mimeType
                }
                let generic =
                    Self.genericIdentifiers.contains(result.identifier)
                    && (fixture.family == "text" || decidedFirst || signed)
                #expect(
                    result.identifier == fixture.identifier || generic,
                    "\(fixture.file): \(result.identifier)"
                )
            }
        }
        #expect(covered >= 5)
    }

    /// ABC notation by its tune header: `X:` and a number first (after comments), a title,
    /// and the key field that ends the header.
    @Test func abcTuneHeaders() {
        let cases: [(String, String)] = [
            ("X:1\nT:Reel\nM:2/4\nK:D\n|:ABc|\n", "org.abcnotation.abc"),
            ("% from a collection\n\nX: 721\nT: A Jig\nK:G\nGAB|\n", "org.abcnotation.abc"),
            ("%abc-2.1\nH:no tune yet\n", "org.abcnotation.abc"),
            ("X: 1\nsome text after a number\n", "public.plain-text"),
            ("X:1\nM:2/4\nK:D\nABc\n", "public.plain-text"),
            ("X: marks the spot\nT:x\nK:y\n", "public.plain-text"),
        ]
        for (text, expected) in cases {
            #expect(TextSnifferTests.sniff(text)?.identifier == expected, "\(text)")
        }
    }

    @Test func shebangs() {
        let cases: [(String, String)] = [
            ("#!/bin/sh\necho hi\n", "public.shell-script"),
            ("#! /bin/bash -e\n", "public.bash-script"),
            ("#!/usr/bin/env bash\n", "public.bash-script"),
            ("#!/usr/bin/env -S python3 -u\n", "public.python-script"),
            ("#!/usr/bin/env -i PATH=/bin python3.12\n", "public.python-script"),
            ("#!/usr/local/bin/python2.7\n", "public.python-script"),
            // The slash before env typed as a space; a directory with a slash and a space.
            ("#!/usr/bin env python\n", "public.python-script"),
            ("#!/usr/bin/ perl -w\n", "public.perl-script"),
            ("#!/usr/bin/perl -w\n", "public.perl-script"),
            ("#!/usr/bin/ruby\r\nputs 1\r\n", "public.ruby-script"),
            ("#!/usr/bin/php\n<?php\n", "public.php-script"),
            ("#!/usr/bin/env node\n", "com.netscape.javascript-source"),
            ("#!/bin/zsh\n", "public.zsh-script"),
            ("#!/bin/ksh\n", "public.ksh-script"),
            ("#!/bin/csh -f\n", "public.csh-script"),
            ("#!/bin/tcsh\n", "public.tcsh-script"),
            ("#!/bin/dash\n", "public.shell-script"),
            ("#!/usr/bin/awk -f\n", "com.att.awk-script"),
            ("#!/usr/bin/awkward\n", "public.script"),
            ("#!/bin/sed -rf\ns/a/b/\n", "org.gnu.sed-script"),
            ("#!/usr/bin/env fish\n", "org.fishshell.fish-script"),
            ("#!/usr/bin/env nu\n", "sh.nushell.nu-script"),
            ("#!/usr/bin/env pwsh\n", "com.microsoft.powershell-script"),
            ("#!/usr/bin/env julia\n", "org.julialang.julia-source"),
            ("#!/usr/bin/env rdmd\nvoid main() {}\n", "org.dlang.d-source"),
            ("#!/usr/bin/env qml\nimport QtQuick\n", "org.qt.qml"),
            ("#!/usr/bin/env swift\nprint(1)\n", "public.swift-source"),
            ("#!/usr/bin/env stack\n", "org.haskell.haskell-source"),
            ("#!/usr/bin/env ts-node\n", "com.microsoft.typescript"),
            ("#!/usr/bin/swiftc\n", "public.script"),
            ("#!/usr/bin/nushell\n", "public.script"),
            ("#!/usr/bin/shellcheck\n", "public.script"),
            ("#!\n", "public.plain-text"),
            ("#!/usr/bin/env\n", "public.plain-text"),
            // A shell archive says so in a comment; a shell that prints the words is none.
            ("#!/bin/sh\n# This is a shell archive (produced by shar).\n", "org.gnu.shell-archive"),
            (
                "# This is a shell archive.  Remove anything before this line\n",
                "org.gnu.shell-archive"
            ),
            ("#!/bin/sh\necho 'This is a shell archive'\n", "public.shell-script"),
            ("#!/usr/bin/perl\n# This is a shell archive\n", "public.perl-script"),
        ]
        for (text, expected) in cases {
            #expect(TextSnifferTests.sniff(text)?.identifier == expected, "\(text)")
        }
    }

    @Test func json() {
        #expect(
            Self.sniff("{\"a\": [1, -2.5e+3, true, false, null, \"\\u00e9\\n\"]}\n")?.identifier
                == "public.json"
        )
        #expect(Self.sniff("  [ ]")?.identifier == "public.json")
        #expect(Self.sniff("{\"a\": 01}")?.identifier == "public.plain-text")
        #expect(Self.sniff("{\"a\": 1} {")?.identifier == "public.plain-text")
        // A trailing comma and an unquoted key are beyond JSON's grammar: the relaxed readings
        // (RelaxedJSONTests) take them, tentatively.
        let trailing = Self.sniff("{\"a\": 1,}")
        #expect(trailing?.identifier == "public.json" && trailing?.isTentative == true)
        #expect(Self.sniff("{a: 1}")?.identifier == "org.json5.json5")
        #expect(Self.sniff("[section]\nkey=value\n")?.identifier == "public.plain-text")
        #expect(Self.sniff("\"just a string\"")?.identifier == "public.plain-text")
        // Cut by the end of the head: a valid prefix is JSON; the same bytes as a whole file are
        // not.
        let prefix = "{\"items\": [{\"id\": 1, \"name\": \"a\"}, {\"id\": 2, \"na"
        #expect(Self.sniffCut(B.ascii(prefix))?.identifier == "public.json")
        #expect(Self.sniff(prefix)?.identifier == "public.plain-text")
        #expect(Self.sniffCut(B.ascii("[1, 2, 3"))?.identifier == "public.json")
        #expect(Self.sniffCut(B.ascii("[1, 2, tr"))?.identifier == "public.json")
        #expect(Self.sniffCut(B.ascii("[1, 2, tx"))?.identifier == "public.plain-text")
        // Newline-delimited JSON; a line that is not JSON makes it plain text.
        #expect(Self.sniff("{\"a\": 1}\n{\"a\": 2}\n[3]\n")?.identifier == "public.ndjson")
        #expect(
            Self.sniffCut(B.ascii("{\"a\": 1}\r\n{\"a\": 2}\r\n{\"a\""))?.identifier
                == "public.ndjson"
        )
        #expect(Self.sniff("{\"a\": 1}\n{\"a\": 2")?.identifier == "public.plain-text")
        #expect(Self.sniff("{\"a\": 1}\nnot json\n")?.identifier == "public.plain-text")
        #expect(Self.sniff("{\"a\": 1} {\"b\": 2}\n")?.identifier == "public.plain-text")
        // Deep nesting: no recursion, a depth cap.
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(Self.sniff(deep)?.identifier == "public.plain-text")
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(Self.sniff(fine)?.identifier == "public.json")
    }

    /// An XML vocabulary's prolog or root element is no HTML fragment.
    ///
    /// A processing instruction first is a prolog: its `head` element is no HTML's; PHP's
    /// `<?php` still may open HTML. So is a first element HTML does not have.
    @Test func processingInstructionIsNoHTMLFragment() {
        let wpl = "<?wpl version=\"1.0\"?>\n<smil><head><title>x</title></head><body/></smil>\n"
        #expect(Self.sniff(wpl)?.identifier == "public.xml")
        // Nor is a first element HTML does not have: SMIL's, SAMI's (captions with HEAD and
        // BODY inside); an HTML element first still opens a fragment.
        #expect(
            Self.sniff("<smil><head><title>x</title></head></smil>\n")?.identifier == "public.xml"
        )
        #expect(
            Self.sniff("<SAMI>\n<HEAD><TITLE>x</TITLE></HEAD>\n<BODY></BODY>\n</SAMI>\n")?
                .identifier != "public.html"
        )
        #expect(Self.sniff("<p>x</p>\n<body>y</body>\n")?.identifier == "public.html")
        // `<header>` (TMX, DocBook) and `<bodyText>` are not HTML's `<head>` and `<body>`.
        let tmx = "<tmx version=\"1.4\">\n  <header srclang=\"en\"/>\n  <text/>\n</tmx>\n"
        #expect(Self.sniff(tmx)?.identifier == "public.xml")
        #expect(Self.sniff("<doc>\n<bodyText>x</bodyText>\n</doc>\n")?.identifier == "public.xml")
        #expect(Self.sniff("<div>\n<BODY class=x>\n</div>\n")?.identifier == "public.html")
        #expect(Self.sniff("#!/usr/bin/mawk -f\n{ print }\n")?.identifier == "com.att.awk-script")
        #expect(
            Self.sniff("#!/usr/bin/env gawk -f\n{ print }\n")?.identifier == "org.gnu.gawk-script"
        )
        #expect(Self.sniff("#!/usr/bin/tclsh8.6\nputs x\n")?.identifier == "org.tcl-lang.script")
    }

    /// reStructuredText's hyperlink targets (`.. _install:`) and literal blocks (`::`) count
    /// with its titles; a title between two rows of `-`, `=` or `#` is also a plain text
    /// file's banner and does not make reStructuredText alone.
    @Test func reStructuredTextTargetsAndLiteralBlocks() {
        let install =
            ".. _install:\n\nInstallation of Requests\n========================\n\n"
            + "To install Requests, simply run this command::\n\n    $ pip install requests\n"
        #expect(Self.sniff(install)?.identifier == "org.docutils.restructuredtext")
        let targetAndTitle = ".. _orientation:\n\n===========\nOrientation\n===========\n\nText.\n"
        #expect(Self.sniff(targetAndTitle)?.identifier == "org.docutils.restructuredtext")
        for banner in [
            "------------------\nTo do list for foo\n------------------\n\nIMPORTANT:\n\n"
                + "Transition must be made.\n",
            "#####################\n#  ~/.bash_logout   #\n#####################\n\n"
                + "# Sourced by bash(1) at logout.\n",
        ] {
            #expect(
                Self.sniff(banner)?.identifier != "org.docutils.restructuredtext",
                "\(banner)"
            )
        }
    }

    /// A page under an ATX title whose lines are prose (a licence under its heading) is
    /// Markdown; a script or a settings file under a `#` title is not, nor prose under a
    /// setext title alone (Debian's README.Debian files, Git's release notes).
    @Test func proseUnderAnATXTitleIsMarkdown() {
        let licence =
            "# SFC64\n\n## The MIT License\n\nAdapted from an implementation of the generator.\n\n"
            + "Permission is hereby granted, free of charge, to any person obtaining a\n"
            + "copy of this software and associated documentation files (the \"Software\"),\n"
            + "to deal in the Software without restriction, including without limitation\n"
            + "the rights to use, copy, modify, merge, publish, distribute, sublicense.\n"
        #expect(Self.sniff(licence)?.identifier == "net.daringfireball.markdown")
        for text in [
            "# Build helpers\n\nset -e\nfor file in build/*.o; do\n  rm -f \"$file\"\ndone\n"
                + "echo the build folder is clean now and ready\n",
            "# Settings for the tool\n\nname = value of the first setting here\n"
                + "other = value of the second setting here\n",
            "libfoo for Debian\n-----------------\n\nThis package is built with the default\n"
                + "options that upstream gives in its own build files.\n"
                + "Please report problems to the Debian bug tracking system.\n",
        ] {
            #expect(Self.sniff(text)?.identifier != "net.daringfireball.markdown", "\(text)")
        }
    }

    /// Inline code wrapped over a line end, and inline code holding a Python name's
    /// underscores, are Markdown's: neither is a setting nor a reStructuredText reference.
    @Test func inlineCodeAcrossLinesAndDunderNames() {
        let wrapped =
            "# Cloning\n\n## Options\n\nWhen cloning, you may need to add the `-c\n"
            + "fetch.fsck.badTimezone=ignore` flag to avoid an error.\n\n"
            + "See [the issue](https://example.org/issues/1) for more.\n"
        #expect(Self.sniff(wrapped)?.identifier == "net.daringfireball.markdown")
        let dunder =
            "# Test data\n\n## Purpose\n\nThe `zipimport` machinery (that looks for\n"
            + "`__main__.py`) is not used here.\n\n## Updating\n\nRun `make` again.\n"
        #expect(Self.sniff(dunder)?.identifier == "net.daringfireball.markdown")
        // An anonymous reference still rules Markdown out.
        let reference = "# Title\n\nSee `the guide`__ for more.\n\n__ https://example.org\n"
        #expect(Self.sniff(reference)?.identifier != "net.daringfireball.markdown")
    }

    /// Sphinx's interpreted text roles (`` :func:`name` ``, with a domain `` :py:class:`x` ``)
    /// are reStructuredText's.
    @Test func interpretedTextRolesAreReStructuredText() {
        let notes =
            "Version 2.1.0\n=============\n\n* Added :func:`~pkg.data.get_file` and\n"
            + "  :py:class:`pkg.Thing` (:issue:`1127`)\n* ``__contains__`` added\n"
        #expect(Self.sniff(notes)?.identifier == "org.docutils.restructuredtext")
        #expect(TextSniffer.hasInterpretedTextRole(Array(" :func:`x`".utf8)[...]))
        #expect(TextSniffer.hasInterpretedTextRole(Array(":py:func:`x`".utf8)[...]))
        #expect(!TextSniffer.hasInterpretedTextRole(Array("a:b:`x`".utf8)[...]))
        #expect(!TextSniffer.hasInterpretedTextRole(Array("time 10:30:`x`".utf8)[...]))
    }

    /// reStructuredText's titles and directives against Markdown's fences: a tilde underline
    /// read as a fence hid the directives behind it (puremagic's README).
    @Test func tildeUnderlinesAndDirectivesAreReStructuredText() {
        let titleAndDirective = "Install\n=======\n\n.. code:: bash\n\n    pip install x\n"
        #expect(Self.sniff(titleAndDirective)?.identifier == "org.docutils.restructuredtext")
        let tildes =
            "Title\n=====\n\nIntro with [a link](https://example.org).\n\nPart\n~~~~\n\n"
            + "- one\n- two\n"
        #expect(Self.sniff(tildes)?.identifier == "public.plain-text")
        // A tilde fence shorter than the line above it opens code, as in Markdown.
        let fence = "Title\n=====\n\nRun [it](https://example.org):\n~~~\nmake\n~~~\n"
        #expect(Self.sniff(fence)?.identifier == "net.daringfireball.markdown")
    }

    /// A note that opens with a heading over a sentence is Markdown (Magika's one-heading test
    /// page); a `#` comment over code, a heading over a fragment, or a sentence with code
    /// characters is not.
    @Test func aHeadingOverASentenceIsMarkdown() {
        let sentence = "This is a short note, and we are going to convert it to other formats."
        #expect(
            Self.sniff("\n\n# Introduction\n\n\(sentence)\n")?.identifier
                == "net.daringfireball.markdown"
        )
        #expect(
            Self.sniff("## Usage notes\n\n\n\(sentence)\nMore text.\n")?.identifier
                == "net.daringfireball.markdown"
        )
        for text in [
            "# Introduction\n\ncompile the code and run the tests before you commit it.\n",
            "# Introduction\n\(sentence)\n\n\(sentence)\n",
            "# Introduction\n\nThis is a short note, and we set x = 1 for the other formats.\n",
            "#include <stdio.h>\n\n\(sentence)\n",
            "# 2024 notes\n\n\(sentence)\n",
            "Title line\n# Introduction\n\n\(sentence)\n",
        ] {
            #expect(Self.sniff(text)?.identifier != "net.daringfireball.markdown", "\(text)")
        }
    }

    /// Markdown as projects write it: licences under their headings in a fence or an HTML
    /// `<pre>` block, MyST directives in fences, list items that end in `;`, reference links,
    /// and a page that opens with a heading over a paragraph of several lines.
    @Test func markdownInTheWild() {
        let licence = "Permission is hereby granted, free of charge, to any person;\nint x = 1;\n"
        for page in [
            "## Project v1.0\n\n### Project License\n```\n\(licence)```\n",
            "## Project v1.0\n\n### Project Notice\n<pre>\n\(licence)</pre>\n",
            "# Guides\n\nThese pages give detailed information on topics.\n\n```{toctree}\n:maxdepth: 1\n\nfirst\n```\n",
            "# Contributing\n\nSee [the guide][guide] first.\n\n* If it is simple, fix it yourself;\n"
                + "* Otherwise open an issue.\n\n[guide]: https://example.org/guide\n",
            "# Events\n\nMuch of the core API is built around an idiomatic asynchronous\n"
                + "event-driven architecture in which certain kinds of objects emit named\n"
                + "events that cause `Function` objects to be called.\n",
        ] {
            #expect(Self.sniff(page)?.identifier == "net.daringfireball.markdown", "\(page)")
        }
        for text in [
            // A statement that ends in `;` is code, a list item's is not.
            "# Setup\n\nSee [the guide][guide] first.\n\nint count = 0;\n* one\n",
            // A paragraph that sets a value, or whose first sentence does not end.
            "# Notes\n\nThe build reads these values from the file\nwhere timeout = 30\n",
            "# Notes\n\nThe build reads these values from the file\n\nnext\n",
        ] {
            #expect(Self.sniff(text)?.identifier != "net.daringfireball.markdown", "\(text)")
        }
        #expect(TextSniffer.hasReferenceLink(Array("[guide]: https://example.org".utf8)[...]))
        #expect(TextSniffer.hasReferenceLink(Array("See [`net.Server`][] here".utf8)[...]))
        #expect(!TextSniffer.hasReferenceLink(Array("x = matrix[i][j] + 1".utf8)[...]))
        #expect(!TextSniffer.hasReferenceLink(Array("[![badge]](https://x)".utf8)[...]))
        #expect(!TextSniffer.hasReferenceLink(Array("as shown in [1][2] before".utf8)[...]))
    }

    /// YAML or TOML front matter over a page of Markdown (GitHub's issue templates, Jekyll and
    /// Hugo pages) counts as Markdown's; a YAML stream of several documents stays YAML.
    @Test func frontMatterOverMarkdown() {
        let template =
            "---\nname: Bug report\nabout: Create a report to help us improve\ntitle: ''\n"
            + "labels: bug\n\n---\n\n**Describe the bug**\nA clear description of the bug.\n\n"
            + "**To Reproduce**\n1. Go to the page\n2. Click the button\n"
        #expect(Self.sniff(template)?.identifier == "net.daringfireball.markdown")
        let hugo = "+++\ntitle = \"Notes\"\ndraft = false\n+++\n\n**Read** this:\n\n- one\n- two\n"
        #expect(Self.sniff(hugo)?.identifier == "net.daringfireball.markdown")
        #expect(TextSniffer.frontMatterEnd(Array(template.utf8)[...]) != nil)
        for text in [
            "---\napiVersion: v1\nkind: Service\n---\napiVersion: v1\nkind: Pod\n",
            "---\n- one\n- two\n---\n- three\n- **four**\n",
        ] {
            #expect(TextSniffer.frontMatterEnd(Array(text.utf8)[...]) == nil, "\(text)")
            #expect(Self.sniff(text)?.identifier != "net.daringfireball.markdown", "\(text)")
        }
        // A line that is no key: no front matter.
        let notFrontMatter = "---\nname: x\nThis line is no key.\n---\n\nText.\n"
        #expect(TextSniffer.frontMatterEnd(Array(notFrontMatter.utf8)[...]) == nil)
    }

    /// Pandoc's title block (`% ` lines first) is Markdown's with a heading and a link after
    /// it (shared-mime-info's pandoc-flavoured README); TeX and MATLAB comments are not.
    @Test func aPandocTitleBlockOpensMarkdown() {
        let page =
            "% Title\n% Author\n\n# This is a markdown file...\n\n...with a title block for "
            + "[Pandoc-flavoured markdown](https://pandoc.org/MANUAL.html)\n"
        #expect(Self.sniff(page)?.identifier == "net.daringfireball.markdown")
        for text in [
            "% A comment\n% by me\n\\documentclass{article}\n\\begin{document}\nHi\n"
                + "\\end{document}\n",
            "% Compute it\n% x: input\n\nfunction y = f(x)\n  y = x + 1;\nend\n",
        ] {
            #expect(Self.sniff(text)?.identifier != "net.daringfireball.markdown", "\(text)")
        }
    }

    /// Two sections or more, each a heading set apart and a sentence under it, are Markdown
    /// however short the sentences (Magika's simple test page); one section, or headings over
    /// commands, are not.
    @Test func sectionsOfTextUnderHeadingsAreMarkdown() {
        let page =
            "# Introduction\n\nTest!\n\n# Main content\n\nLorem ipsum?\n\n# Conclusions\n\n"
            + "Nothing much to say!\n"
        #expect(Self.sniff(page)?.identifier == "net.daringfireball.markdown")
        for text in [
            "# Introduction\n\nTest!\n",
            "# Build\n\nmake all\n\n# Test\n\nmake check\n",
            "# Build\n\nRun make all.\n\n# Test\n\nmake check\n",
            "# Build\nTest!\n# Check\nDone!\n",
        ] {
            #expect(Self.sniff(text)?.identifier != "net.daringfireball.markdown", "\(text)")
        }
    }

    /// Text after the first element closes is no XML document.
    ///
    /// A comment or a second element after it keeps the XML reading, and so does an element
    /// that does not close. Elements
    /// are matched as HTML matches them, so an HTML block's void elements (`<img>`, `<br>`) do
    /// not keep it open, and text after a run of such blocks counts.
    @Test func textAfterTheFirstElementIsNoXML() {
        let wiki = "<span id=\"title\"></span>\n= Title =\n\nSome ''text'' here.\n"
        #expect(Self.sniff(wiki)?.identifier == "public.plain-text")
        let readme =
            "<p align=\"center\">\n  <b>Project</b>\n</p>\n\n# Project\n\n"
            + "Some **bold** text and a [link](https://example.org).\n\n- one\n- two\n"
        #expect(Self.sniff(readme)?.identifier == "net.daringfireball.markdown")
        // A `>` inside a quoted attribute value does not end the tag.
        let quoted = "<a title=\"x > y\">link</a>\nthen prose follows here.\n"
        #expect(Self.sniff(quoted)?.identifier == "public.plain-text")
        for xml in [
            "<root><a>1</a></root>\n<!-- trailing comment -->\n",
            "<root/>\n<root/>\n",
            "<root>\n<![CDATA[ </root> text ]]>\n</root>\n",
            "<root><item>\nno closing tag, not judged\n",
            "<rss><channel><link>https://example.org</link></channel></rss>\n",
            "<a><b><c/></b></a>\n<!-- a comment -->\n<a/>\n",
            // Nested deeper than 256 elements: not judged.
            String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
                + "\ntext follows\n",
        ] {
            #expect(Self.sniff(xml)?.identifier == "public.xml", "\(xml)")
        }
        // GitHub READMEs: a centred logo (an unclosed `<img>`), a heading block over a
        // Markdown image, then a second block of badges before the prose.
        let logo =
            "<div align=\"center\">\n  <img src=\"logo.svg\" width=\"60%\">\n  <br>\n</div>\n\n"
            + "## Install\n\n```\npip install project\n```\n\nSee the [docs](https://example.org).\n"
        #expect(Self.sniff(logo)?.identifier == "net.daringfireball.markdown")
        let blocks =
            "<h1 align=\"center\">\n\n![Project](docs/banner.svg)\n\n</h1>\n\n"
            + "<p align=\"center\">\n  <a href=\"https://example.org\"><img alt=\"CI\" src=\"ci.svg\"></a>\n"
            + "</p>\n\nProject is a **small** library.\n\n- one\n- two\n\nSee [docs](https://example.org).\n"
        #expect(Self.sniff(blocks)?.identifier == "net.daringfireball.markdown")
        // Element names are matched without regard to case, as HTML's are.
        #expect(
            Self.sniff("<P>Intro</p>\nthen prose follows here.\n")?.identifier
                == "public.plain-text"
        )
    }

    /// SQL by its statements at the margin; English that starts with the same verbs is not.
    @Test func sql() {
        let dump =
            "/* dump */\nBEGIN TRANSACTION;\nCREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT);\n"
        #expect(Self.sniff(dump)?.identifier == "org.iso.sql")
        let upgrade = (1...3).map { "ALTER FUNCTION f\($0)(int) PARALLEL SAFE;\n" }.joined()
        #expect(Self.sniff("-- upgrade\n" + upgrade)?.identifier == "org.iso.sql")
        #expect(
            Self.sniff("ALTER FUNCTION f(int) PARALLEL SAFE;\n")?.identifier == "public.plain-text"
        )
        let prose = "Select the file to open.\nUpdate the list when it changes.\nGrant access.\n"
        #expect(Self.sniff(prose)?.identifier == "public.plain-text")
        // A whole query on one line (Magika's schema.sql); without the clause or the
        // semicolon, a line that starts with SELECT is not enough.
        let query = "SELECT 'magika test string' AS magika_text;\r\n"
        #expect(Self.sniff(query)?.identifier == "org.iso.sql")
        #expect(Self.sniff("SELECT the best one as yours;\n")?.identifier == "public.plain-text")
        #expect(Self.sniff("SELECT name AS title\n")?.identifier == "public.plain-text")
        #expect(
            Self.sniff("#include <x.h>\nCREATE TABLE t (a int);\n")?.identifier != "org.iso.sql"
        )
    }

    /// Dockerfiles: every line an instruction, FROM (after any ARG) first, FROM naming an
    /// image; prose and SQL with the same words are not.
    @Test func dockerfiles() {
        let dockerfile = "com.docker.dockerfile"
        let minimal = "FROM debian:12\nCMD [\"true\"]\n"
        #expect(Self.sniff(minimal)?.identifier == dockerfile)
        let staged =
            "# syntax=docker/dockerfile:1\nARG GO=1.22\n"
            + "FROM --platform=$BUILDPLATFORM golang:${GO} AS build\n"
            + "RUN go build \\\n    -o /app .\nFROM alpine\nCOPY --from=build /app /app\n"
        #expect(Self.sniff(staged)?.identifier == dockerfile)
        // FROM alone, an instruction before FROM, prose under FROM, a lower-case keyword,
        // an SQL clause, a line that is no instruction.
        #expect(Self.sniff("FROM debian:12\n")?.identifier != dockerfile)
        #expect(Self.sniff("RUN make\nFROM debian\n")?.identifier != dockerfile)
        #expect(Self.sniff("FROM The Desk Of Bob\nRUN to the store\n")?.identifier != dockerfile)
        #expect(Self.sniff("from debian\nrun make\n")?.identifier != dockerfile)
        #expect(Self.sniff("SELECT a\nFROM t\nWHERE b = 1;\n")?.identifier != dockerfile)
        #expect(Self.sniff("FROM debian\nRUN make\nmake install\n")?.identifier != dockerfile)
    }

    /// GeoJSON, Jupyter notebooks and JSON-LD by the outermost object's members only.
    @Test func jsonDialects() {
        let feature = "{\"type\": \"Feature\", \"geometry\": null, \"properties\": {}}"
        #expect(Self.sniff(feature)?.identifier == "public.geojson")
        let point = "{\"coordinates\": [1, 2], \"type\" :\"Point\"}"
        #expect(Self.sniff(point)?.identifier == "public.geojson")
        // A geometry nested in another document, a GeoJSON-like type with none of the members,
        // an unknown type, a key that is a value: plain JSON.
        let nested = "{\"place\": {\"type\": \"Point\", \"coordinates\": [1, 2]}, \"type\": 1}"
        #expect(Self.sniff(nested)?.identifier == "public.json")
        #expect(Self.sniff("{\"type\": \"Feature\", \"id\": 3}")?.identifier == "public.json")
        #expect(Self.sniff("{\"type\": \"Road\", \"geometry\": 1}")?.identifier == "public.json")
        #expect(
            Self.sniff("{\"a\": \"type\", \"b\": \"Point\", \"features\": 1}")?.identifier
                == "public.json"
        )
        // An escaped quote inside a string does not end it.
        let escaped =
            "{\"name\": \"a \\\"type\\\": \", \"type\": \"FeatureCollection\", \"features\": []}"
        #expect(Self.sniff(escaped)?.identifier == "public.geojson")
        // JSON-LD by a top-level @context; one nested in a member is plain JSON.
        let linked =
            "{\"@context\": \"https://schema.org\", \"@type\": \"Person\", \"name\": \"Ada\"}"
        #expect(Self.sniff(linked)?.identifier == "org.w3.json-ld")
        let inner = "{\"data\": {\"@context\": \"https://schema.org\"}, \"name\": \"Ada\"}"
        #expect(Self.sniff(inner)?.identifier == "public.json")
        // A notebook, also cut by the end of the head after its top-level keys.
        let notebook = "{\"cells\": [], \"metadata\": {}, \"nbformat\": 4, \"nbformat_minor\": 5}"
        #expect(Self.sniff(notebook)?.identifier == "org.jupyter.ipynb")
        #expect(Self.sniff("{\"cells\": [], \"metadata\": {}}")?.identifier == "public.json")
        #expect(
            Self.sniffCut(B.ascii("{\"nbformat\": 4, \"cells\": [{\"source\": \"x"))?.identifier
                == "org.jupyter.ipynb"
        )
        // glTF 2.0: asset beside a scene array; asset alone, or nested, is plain JSON.
        let model = "{\"asset\": {\"version\": \"2.0\"}, \"nodes\": [{\"mesh\": 0}]}"
        #expect(Self.sniff(model)?.identifier == "org.khronos.gltf")
        #expect(Self.sniff("{\"asset\": {\"version\": \"2.0\"}}")?.identifier == "public.json")
        let wrapped = "{\"data\": {\"asset\": {}, \"nodes\": []}, \"id\": 1}"
        #expect(Self.sniff(wrapped)?.identifier == "public.json")
    }

    @Test func markup() {
        let cases: [(String, String)] = [
            ("<?xml version=\"1.0\"?>\n<catalog><book/></catalog>", "public.xml"),
            ("<!-- generated -->\n<feed xmlns=\"http://www.w3.org/2005/Atom\">", "public.xml"),
            ("<!DOCTYPE html>\n<html><body>hi</body></html>", "public.html"),
            ("<!doctype HTML>", "public.html"),
            ("<HTML><HEAD><TITLE>x</TITLE>", "public.html"),
            ("<!-- c --><div>fragment</div>\n<body>", "public.html"),
            (
                "<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"/>",
                "public.xhtml"
            ),
            ("\u{FEFF}<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "public.svg-image"),
            (
                "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"x\" \"y\">\n<plist/>",
                "com.apple.xml-property-list"
            ),
            ("<<EOF is a heredoc\n", "public.plain-text"),
            ("< not markup", "public.plain-text"),
        ]
        for (text, expected) in cases {
            #expect(TextSnifferTests.sniff(text)?.identifier == expected, "\(text)")
        }
    }

    @Test func delimitedValues() {
        #expect(
            Self.sniff("a,b,c\n1,2,3\n4,5,6\n")?.identifier == "public.comma-separated-values-text"
        )
        #expect(
            Self.sniff("name,notes\n\"x\",\"a, b\nc\"\ny,z\nq,r\nw,v\n")?.identifier
                == "public.comma-separated-values-text"
        )
        #expect(
            Self.sniff("a\tb\tc\n1\t2\t3\n4\t5\t6\n")?.identifier
                == "public.tab-separated-values-text"
        )
        // Prose with commas, unequal per line.
        #expect(
            Self.sniff("Well, this is prose, really.\nIt has commas, too.\nSee?\n")?.identifier
                == "public.plain-text"
        )
        // Two lines of three fields are not enough; a header and a row of five fields are
        // (gabriel-vasile/mimetype's csv_two_lines_match.csv has seventeen), but one line of
        // them is not.
        #expect(Self.sniff("a,b,c\n1,2,3\n")?.identifier == "public.plain-text")
        #expect(
            Self.sniff("Start Date,End Date,Title,Place,Contact\n9/5/2011,9/5/2011,Meeting,,Chris")?
                .identifier == "public.comma-separated-values-text"
        )
        #expect(
            Self.sniff("Start Date,End Date,Title,Place,Contact\n")?.identifier
                == "public.plain-text"
        )
        // Two sentences that share four commas, then a third line that breaks the count:
        // prose.
        #expect(
            Self.sniff("One, two, three, four, five.\nSix, seven, eight, nine, ten.\nEleven.\n")?
                .identifier == "public.plain-text"
        )
        // One comma a line needs five lines.
        #expect(Self.sniff("a,b\n1,2\n3,4\n")?.identifier == "public.plain-text")
        #expect(
            Self.sniff("a,b\n1,2\n3,4\n5,6\n7,8\n")?.identifier
                == "public.comma-separated-values-text"
        )
    }

    /// SubRip's signatures (`1` then `00`, or `1` then ` --> `) are checked against the
    /// first cue's timing line: WebVTT's full stop or no milliseconds is not SubRip
    /// (gabriel-vasile/mimetype's not.srt.txt and not.srt.2.txt).
    @Test func subRipNeedsItsTimingLine() throws {
        let classifier = Classifier(registry: .builtinOnly)
        func type(_ text: String) throws -> String {
            try classifier.classify(bytes: Array(text.utf8), fileName: nil).type.identifier
        }
        #expect(try type("1\n00:02:16,612 --> 00:02:19,376\nSenator.\n") == "org.subrip.srt")
        #expect(
            try type("\u{FEFF}1\r\n00:02:16,612 --> 00:02:19,376\r\nHi\r\n") == "org.subrip.srt"
        )
        #expect(try type("1\n00:02:16.612 --> 00:02:19.376\nSenator.\n") == "public.plain-text")
        #expect(try type("1\n00:02:16 --> 00:02:19\nSenator.\n") == "public.plain-text")
    }

    /// `#` lines between CSV records are comments (gabriel-vasile/mimetype's csv_long.csv
    /// opens with one); behind them the records must still agree, and tab-separated lines
    /// behind `#` comments are configuration files.
    @Test func commentLinesInCSV() {
        let csv =
            "# exported\nDate,Time,Title,Place\n# first\n9/5,15:00,Meeting,Hall\n"
            + "9/6,16:00,Review,Room 2\n"
        #expect(Self.sniff(csv)?.identifier == "public.comma-separated-values-text")
        // A quoted field may hold a line that starts with `#`.
        #expect(
            Self.sniff("a,b,c\n\"x\n#y\",2,3\n4,5,6\n")?.identifier
                == "public.comma-separated-values-text"
        )
        // More comments than records: a commented file with some commas.
        #expect(
            Self.sniff("# one\n# two\n# three\n# four\na,b,c,d\n1,2,3,4\n5,6,7,8\n")?.identifier
                == "public.plain-text"
        )
        // One comma a record is too little behind comments.
        #expect(
            Self.sniff("# pairs\na,b\n1,2\n3,4\n5,6\n7,8\n")?.identifier
                == "public.plain-text"
        )
        // /etc/iproute2/rt_protos: a tab-separated table behind comments stays plain text.
        let table =
            "#\n# Reserved protocols.\n#\n0\tunspec\n1\tredirect\n2\tkernel\n"
            + "3\tboot\n4\tstatic\n8\tgated\n"
        #expect(Self.sniff(table)?.identifier == "public.plain-text")
    }

    /// CSV whose records leave out empty trailing fields (Debian's distro-info tables) is CSV
    /// when no record has more fields than the header and none fewer than three.
    @Test func raggedCSV() {
        let csv = "public.comma-separated-values-text"
        let distro =
            "version,codename,series,created,release,eol,eol-lts,eol-elts\n"
            + "1.1,Buzz,buzz,1993-08-16,1996-06-17,1997-06-05\n"
            + "1.2,Rex,rex,1996-06-17,1996-12-12,1998-06-05\n"
            + "7,Wheezy,wheezy,2011-02-06,2013-05-04,2016-04-25,2018-05-31,2020-06-30\n"
            + "8,Jessie,jessie,2013-05-04,2015-04-25,2018-06-17,2020-06-30\n"
            + "13,Trixie,trixie,2023-06-10\n"
        #expect(Self.sniff(distro)?.identifier == csv)
        // A record longer than the header, a record of two fields, an empty header field, too
        // few records, or a header of three fields: not taken as ragged CSV.
        let rows = "1,2,3,4\n1,2,3\n1,2,3,4\n1,2,3\n"
        for other in [
            "a,b,c,d\n" + rows + "1,2,3,4,5\n", "a,b,c,d\n" + rows + "1,2\n",
            "a,,c,d\n" + rows, "a,b,c,d\n1,2,3\n1,2,3,4\n1,2,3\n",
            "a,b,c\n1,2\n1,2,3\n1,2\n1,2\n",
        ] {
            #expect(Self.sniff(other)?.identifier != csv, "\(other)")
        }
    }

    /// OpenDocument flat XML names its kind in the root's office:mimetype; a root of another
    /// vocabulary called document, or an unknown kind, stays XML.
    @Test func flatOpenDocumentByItsMimetypeAttribute() {
        func flat(_ kind: String, root: String = "office:document") -> String? {
            Self.sniff(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<\(root) "
                    + "xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\" "
                    + "office:version=\"1.3\" "
                    + "office:mimetype=\"application/vnd.oasis.opendocument.\(kind)\">"
                    + "<office:body/></\(root)>\n"
            )?.identifier
        }
        #expect(flat("text") == "org.oasis-open.opendocument.text-flat")
        #expect(flat("spreadsheet") == "org.oasis-open.opendocument.spreadsheet-flat")
        #expect(flat("presentation") == "org.oasis-open.opendocument.presentation-flat")
        #expect(flat("graphics") == "org.oasis-open.opendocument.graphics-flat")
        #expect(flat("text-template") == "public.xml")
        #expect(flat("text", root: "office:document-content") == "public.xml")
    }

    @Test func otherFormats() {
        #expect(Self.sniff("{\\rtf1\\ansi hello}")?.identifier == "public.rtf")
        #expect(Self.sniff("%!PS-Adobe-3.0\nshowpage\n")?.identifier == "com.adobe.postscript")
        #expect(
            Self.sniff("%!PS-Adobe-3.0 EPSF-3.0\n")?.identifier
                == "com.adobe.encapsulated-postscript"
        )
        // Illustrator's PostScript-based artwork says its format in a header comment; an EPS
        // file Illustrator exported stays EPS, and a comment that only names the format
        // elsewhere on a line is not the header's.
        let artwork = "%!PS-Adobe-3.0 \r%%Creator: Adobe Illustrator(R) 7.0\r%AI5_FileFormat 3.0\r"
        #expect(Self.sniff(artwork)?.identifier == "com.adobe.illustrator.postscript-artwork")
        let exported = "%!PS-Adobe-3.0 EPSF-3.0\n%AI5_FileFormat 3.0\n"
        #expect(Self.sniff(exported)?.identifier == "com.adobe.encapsulated-postscript")
        let quoted = "%!PS-Adobe-3.0\n% see %AI5_FileFormat 3.0\nshowpage\n"
        #expect(Self.sniff(quoted)?.identifier == "com.adobe.postscript")
        #expect(Self.sniff("plain words\n")?.identifier == "public.plain-text")
        #expect(
            Self.sniff("tab\tand form feed\u{0C} and escape \u{1B}[0m\r\n")?.identifier
                == "public.plain-text"
        )
    }

    @Test func textFormatsLeftToLibmagic() {
        #expect(Self.sniff("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n") == nil)
        #expect(Self.sniff("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n") == nil)
        #expect(Self.sniff("BEGIN:VCARD\r\nFN:x\r\nEND:VCARD\r\n") == nil)
        #expect(Self.sniff("WEBVTT\n\n00:00.000 --> 00:01.000\nhi\n") == nil)
        #expect(Self.sniff("-----BEGIN CERTIFICATE-----\nMIIB\n") == nil)
        #expect(Self.sniff("<?php echo 1; ?>\n<html></html>\n")?.identifier == "public.php-script")
    }

    @Test func encodings() {
        #expect(Self.sniff([UInt8]()) == nil)
        #expect(Self.sniff(B.ascii("text\0with NUL")) == nil)
        #expect(Self.sniff([0x63, 0x61, 0x66, 0xE9, 0x0A]) == nil)  // Latin-1
        #expect(Self.sniff(B.ascii("caf\u{E9} \u{1F600}"))?.identifier == "public.utf8-plain-text")
        #expect(
            Self.sniff([0xEF, 0xBB, 0xBF] + B.ascii("bom"))?.identifier == "public.utf8-plain-text"
        )
        // Overlong, surrogate and out-of-range sequences.
        #expect(Self.sniff([0x61, 0xC0, 0xAF]) == nil)
        #expect(Self.sniff([0x61, 0xED, 0xA0, 0x80]) == nil)
        #expect(Self.sniff([0x61, 0xF4, 0x90, 0x80, 0x80]) == nil)
        // A sequence cut by the end of the head is fine only when the file goes on.
        let cut: [UInt8] = B.ascii("abc ") + [0xE2, 0x82]
        #expect(Self.sniffCut(cut)?.identifier == "public.utf8-plain-text")
        #expect(Self.sniff(cut) == nil)
        // Many control bytes: binary.
        #expect(Self.sniff([UInt8](repeating: 0x01, count: 100) + B.ascii("text")) == nil)
        // UTF-16 with a byte-order mark, both orders; UTF-16 XML.
        let le: [UInt8] =
            [0xFF, 0xFE] + "hello\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(Self.sniff(le)?.identifier == "public.utf16-plain-text")
        let be: [UInt8] =
            [0xFE, 0xFF] + "hello\n".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(Self.sniff(be)?.identifier == "public.utf16-plain-text")
        let xml: [UInt8] =
            [0xFF, 0xFE]
            + "<?xml version=\"1.0\"?><a/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(Self.sniff(xml)?.identifier == "public.xml")
        // Without a mark, an XML declaration says UTF-16 (the XML specification's appendix
        // F), in either order; other UTF-16 without a mark is not read as text.
        let declared = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<a>hi</a>\n".utf16
        let unmarkedLE = declared.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let unmarkedBE = declared.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(Self.sniff(unmarkedLE)?.identifier == "public.xml")
        #expect(Self.sniff(unmarkedBE)?.identifier == "public.xml")
        #expect(Self.sniff(Array(le.dropFirst(2))) == nil)
        #expect(Self.sniff(Array(unmarkedLE.dropFirst(2))) == nil)
        #expect(Self.sniff([0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00]) == nil)  // lone surrogate
        #expect(Self.sniff([0xFF, 0xFE, 0x41, 0x00, 0x00, 0x00]) == nil)  // NUL
        #expect(Self.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == nil)
    }

    @Test func utf32WithAByteOrderMark() {
        // Plain text in either order, and the kinds of text below the encoding.
        for littleEndian in [true, false] {
            let plain = Self.sniff(
                B.wideText("caf\u{E9} \u{1F600}\n", utf32: true, littleEndian: littleEndian)
            )
            #expect(plain?.identifier == "public.plain-text")
            #expect(plain?.detail == (littleEndian ? "UTF-32LE with BOM" : "UTF-32BE with BOM"))
            let xml = B.wideText(
                "<?xml version=\"1.0\"?><a/>",
                utf32: true,
                littleEndian: littleEndian
            )
            #expect(Self.sniff(xml)?.identifier == "public.xml")
        }
        let good = B.wideText("hello\n", utf32: true, littleEndian: true)
        // A whole file must hold whole code units; a cut head may end mid-unit.
        #expect(Self.sniff(Array(good.dropLast())) == nil)
        #expect(Self.sniffCut(Array(good.dropLast()))?.identifier == "public.plain-text")
        // Past U+10FFFF, a surrogate, a NUL, a stream of controls, a mark alone: not text.
        #expect(Self.sniff([0xFF, 0xFE, 0, 0, 0x41, 0, 0x11, 0]) == nil)
        #expect(Self.sniff([0xFF, 0xFE, 0, 0, 0x00, 0xD8, 0, 0]) == nil)
        #expect(Self.sniff([0xFF, 0xFE, 0, 0, 0x41, 0, 0, 0, 0, 0, 0, 0]) == nil)
        #expect(
            Self.sniff(
                B.wideText(String(repeating: "\u{1}", count: 40), utf32: true, littleEndian: false)
            ) == nil
        )
        #expect(Self.sniff([0, 0, 0xFE, 0xFF]) == nil)
    }

    /// Mostly-ASCII text in ISO 8859-1 or Windows-1252 is read for its kind too; plain text
    /// in those encodings, and text where most bytes are above 0x7F, stay libmagic's.
    @Test func legacyEightBitText() {
        // "ü", "ö", "ä", "é" in ISO 8859-1, and Windows-1252's curly quotes.
        func latin1(_ text: String) -> [UInt8] {
            text.unicodeScalars.map { scalar in
                switch scalar {
                case "\u{201C}": return 0x93
                case "\u{201D}": return 0x94
                default: return UInt8(truncatingIfNeeded: scalar.value)
                }
            }
        }
        let csv = latin1(
            "Name;Stadt;Betrag;W\u{E4}hrung\nM\u{FC}ller;K\u{F6}ln;12,50;EUR\n"
                + "Sch\u{E4}fer;D\u{FC}sseldorf;7,00;EUR\nJo\u{E3}o;S\u{E9};3,10;EUR\n"
        )
        #expect(Self.sniff(csv)?.identifier == "public.comma-separated-values-text")
        #expect(Self.sniff(csv)?.detail.contains("ISO 8859-1 or Windows-1252") == true)
        let script = latin1(
            "#!/usr/bin/env python3\n# -*- coding: latin-1 -*-\nprint(\u{201C}Gr\u{FC}\u{DF}e\u{201D})\n"
        )
        #expect(Self.sniff(script)?.identifier == "public.python-script")
        // Plain prose, a mostly-8-bit text (KOI8-R Russian), a byte Windows-1252 leaves
        // undefined, a NUL: not answered here.
        #expect(Self.sniff(latin1("Caf\u{E9} cr\u{E8}me, s'il vous pla\u{EE}t.\n")) == nil)
        let koi8: [UInt8] = [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4, 0x20, 0xCD, 0xC9, 0xD2, 0x0A]
        #expect(Self.sniff(koi8) == nil)
        #expect(Self.sniff(csv + [0x81]) == nil)
        #expect(Self.sniff(csv + [0x00]) == nil)
    }

    /// Python without a `#!` line as libraries ship it: a module docstring longer than the
    /// lines examined, a typing stub, a one-line relative or future import; prose that
    /// starts with "from" is none of them.
    @Test func pythonModulesWithoutAShebang() {
        let docstring =
            "\"\"\"Support for regular expressions.\n\n"
            + String(repeating: "This module provides regular expression matching.\n", count: 120)
            + "\"\"\"\n\nimport enum\nfrom . import _compiler\n"
        let stub =
            "# Dual licensed.\n\nfrom cryptography.hazmat.primitives.asymmetric import x25519\n\n"
            + "class X25519PrivateKey: ...\n\ndef generate_key() -> x25519.X25519PrivateKey: ...\n"
        for module in [
            docstring, stub, "from .functools32 import *\n",
            "from __future__ import annotations\n\nValue = int\n",
        ] {
            #expect(Self.sniff(module)?.identifier == "public.python-script", "\(module)")
        }
        for text in [
            "from here on, the tests import nothing.\n",
            "from the start: every line counts.\n",
        ] {
            #expect(Self.sniff(text)?.identifier != "public.python-script", "\(text)")
        }
    }

    /// Text whose lines end with CR alone (classic Mac OS, Excel for Mac's "CSV
    /// (Macintosh)") is read as the same text with LF endings.
    @Test func carriageReturnLineEndings() {
        let samples = [
            "Date,Time,Title,Place\n9/5,15:00,Meeting,Hall\n9/6,16:00,Review,Room 2\n",
            "#!/usr/bin/env python3\nimport sys\nprint(sys.argv)\n",
            "{\n  \"a\": [1, 2],\n  \"b\": null\n}\n",
        ]
        for sample in samples {
            let lf = Self.sniff(sample)
            let cr = Self.sniff(sample.replacingOccurrences(of: "\n", with: "\r"))
            #expect(lf?.identifier != "public.plain-text")
            #expect(cr?.identifier == lf?.identifier, "\(sample)")
        }
        // A lone CR in a line of text does not make lines of it.
        #expect(Self.sniff("a,b\rc,d\ne\n")?.identifier == "public.plain-text")
    }

    @Test func mutatedTextNeverTraps() throws {
        var sources: [[UInt8]] = [
            B.ascii("{\"a\": [1, 2, {\"b\": \"c\"}], \"d\": null}"),
            B.ascii("<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"b\">]><x/>"),
            B.ascii("a,b,\"c\nd\"\n1,2,3\n"),
            B.ascii("#!/usr/bin/env -S python3\nprint(1)\n"),
            [0xFF, 0xFE] + "<svg/>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
        ]
        for fixture in try ImageContainerTextSupport.fixtures() where fixture.family == "text" {
            sources.append(try ImageContainerTextSupport.bytes(of: fixture))
        }
        var runs = 0
        for (index, bytes) in sources.enumerated() {
            for copy in ImageContainerTextSupport.mutations(
                of: bytes,
                seed: UInt64(index) &+ 99,
                flips: 30
            ) {
                _ = Self.sniff(copy)
                _ = Self.sniffCut(copy)
                runs += 1
            }
        }
        #expect(runs >= 300)
    }
}

@Suite struct TroffSniffingTests {
    @Test(arguments: [
        ".\\\" Manual page\n.TH JAR 1\n.SH NAME\njar\n", ".TH LS 1 \"2024\"\n.SH NAME\nls\n",
        ".Dd January 1, 2024\n.Dt LS 1\n", "'\\\" t\n.TH X 7\n",
    ])
    func manPagesAreTroff(_ text: String) {
        #expect(
            TextSniffer.sniff(SniffInput(bytes: Array(text.utf8)))?.identifier == "com.att.troff"
        )
    }

    @Test func prosePassingMentionOfTroffIsNot() {
        let text = "This note mentions .TH in the middle of a line.\n"
        #expect(
            TextSniffer.sniff(SniffInput(bytes: Array(text.utf8)))?.identifier != "com.att.troff"
        )
    }
}

/// Scripts and makefiles known by their content when no name says what they are.
@Suite struct ScriptTextSniffingTests {
    // MARK: - JavaScript and makefiles without a name

    @Test(arguments: [
        "\"use strict\";\nfunction add(a, b) { return a + b; }\n",
        "/*\n * A header comment.\n */\n'use strict'\nconst x = 1\n",
        "// a line comment\nconst fs = require('node:fs');\n",
        "import stripAnsi from 'strip-ansi';\nexport default function f() {}\n",
        "module.exports = function (grunt) {\n};\n",
    ])
    func javascriptIsToldByItsDirectiveOrModuleLines(text: String) {
        #expect(
            TextSnifferTests.sniff(text)?.identifier == "com.netscape.javascript-source",
            "\(text)"
        )
    }

    /// TypeScript writes JavaScript's module lines; its annotations tell it (Marcel's
    /// `.ts` fixture is such a module).
    @Test func aModuleWithTypeAnnotationsIsTypeScript() {
        let module = """
            import { readFileSync } from "fs";

            export interface User {
              id: number;
            }

            export function load(path: string): User[] {
              return JSON.parse(readFileSync(path, "utf8")) as User[];
            }

            """
        #expect(TextSnifferTests.sniff(module)?.identifier == "com.microsoft.typescript")
        // The same module without its types stays JavaScript.
        let plain = "import { readFileSync } from \"fs\";\nexport function load(path) {\n}\n"
        #expect(TextSnifferTests.sniff(plain)?.identifier == "com.netscape.javascript-source")
    }

    @Test(arguments: [
        // Perl's pragma is bare: left to the Perl signature.
        "use strict;\nuse warnings;\nprint \"hi\";\n",
        // Python imports the other way round.
        "from os import path\nimport sys\n",
        // Module code quoted in a Markdown page.
        "# diagnostics_channel\n\n```mjs\nimport dc from 'node:diagnostics_channel';\n```\n",
        // A module line deep in prose.
        "Notes\n\none\ntwo\nthree\nfour\nfive\nconst x = require('y')\n",
        // The words of the directive in running text.
        "\"use strict\" is a directive of JavaScript.\n",
    ])
    func textThatOnlyMentionsJavaScriptIsNot(text: String) {
        #expect(
            TextSnifferTests.sniff(text)?.identifier != "com.netscape.javascript-source",
            "\(text)"
        )
    }

    @Test(arguments: [
        "CC = cc\n\nprogram: program.o\n\t$(CC) -o $@ $^\n",
        "all: build\n\nbuild:\n\tgo build ./...\n\n.PHONY: all build\n",
        "OBJS := a.o b.o\n.PHONY : clean\nclean:\n\trm -f *.o\n",
        // A configured makefile's preamble: variables expanding variables.
        "# Generated by configure.\nprefix=\t/usr/local\nBINDIR=\t$(PREFIX)/bin\n"
            + "LIBDIR=\t$(PREFIX)/lib\nMODLIBS=\t$(LOCALMODLIBS) $(BASEMODLIBS)\n",
        // One file's rule, compiled.
        "main.elf: main.c\n\tgcc -g -O0 main.c -o main.elf\n",
        // Two rules with plain recipes and no variables.
        "all: page.html\n\npage.html: page.md\n\tpandoc page.md > page.html\n\nclean:\n"
            + "\trm -f page.html\n",
    ])
    func makefilesAreToldByARuleAndItsRecipe(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == "public.make-source", "\(text)")
    }

    @Test(arguments: [
        // A README's headings with tab-indented addresses.
        "WEB SITE:\n\thttp://example.org/\n\nGIT:\n\thttps://example.org/x.git\n",
        // Python's else: with a tab-indented block, and a $( in a string.
        "if x:\n\tpass\nelse:\n\tprint(\"$(x)\")\n",
        // A rule without a make variable in its recipe, and no .PHONY.
        "notes:\n\tremember the milk\n",
        // A shell script's assignments expand variables in braces.
        "BIN=${PREFIX}/bin\nLIB=${PREFIX}/lib\nMAN=${PREFIX}/man\nexport BIN LIB MAN\n",
        // A usage note: a name, not a file, and a command.
        "usage: tool\n\tgcc is needed to build it\n",
        // A README listing files and where they came from.
        "This directory holds the data files we fetched.\n\nfirst.txt:\n\tfrom the release tarball\n\n"
            + "second.txt:\n\tcopied by hand\n",
        "first.txt:\n\thttp://example.org/a\n\nsecond.txt:\n\thttp://example.org/b\n",
        // Python written with tabs: keywords and definitions end their lines with colons.
        "try:\n\trun()\nexcept:\n\tpass\nfinally:\n\tstop()\n",
        "class A:\n\tpass\ndef f(x):\n\treturn x\n",
    ])
    func textWithRuleLikeLinesIsNotAMakefile(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier != "public.make-source", "\(text)")
    }
    // MARK: - Python and TeX without a name

    @Test(arguments: [
        // A module docstring, then a class.
        "\"\"\"\n    pkg.module\n\n    What it does, in prose.\n\"\"\"\n\nclass Lexer(Base):\n    pass\n",
        // A licence comment, a continued from-import, a dictionary, a def.
        "# Copyright 2020\n# Licensed under the MIT licence\n\nfrom a.b import (c,\n    d)\n\n"
            + "TABLE = {\n    'x': 1,\n}\n\ndef f(x) -> int:  # typed\n    return x\n",
        // Imports, a dunder, a try block.
        "import sys\n__all__ = ['main']\ntry:\n    import json\nexcept ImportError:\n    json = None\n",
        // A package's __version__.py: dunders of different names.
        "__title__ = \"requests\"\n__version__ = \"2.28.2\"\n__author__ = \"K\"\n",
        // A one-line docstring and the __main__ guard.
        "'''Run me.'''\nif __name__ == '__main__':\n    main()\n",
        // A string spanning lines full of prose, then the code.
        "import re\n\nDATA = \"\"\"Now is the time\nfor all good men to come\n\"\"\"\n\ndef parse():\n    pass\n",
    ])
    func pythonIsToldByItsStatements(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == "public.python-script", "\(text)")
    }

    @Test(arguments: [
        // Imports alone read the same in Swift, Go or Haskell.
        "import Builtin\nimport Swift\npublic protocol P {\n  func f()\n}\n",
        "import Data.List\nimport qualified Data.Map as M\n\nmain :: IO ()\nmain = print 1\n",
        "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(1) }\n",
        // Ruby's def and class have no colon.
        "require 'set'\nclass Stack < Array\n  def push(x)\n    super\n  end\nend\n",
        // Prose, then quoted Python: a document.
        "The Python Interface to the editor is described here in some detail.\n\n"
            + "class Buffer:\n    def append(self, line):\n        pass\n",
        // reStructuredText: a heading's underline before the example.
        "Usage\n-----\n\n::\n\n    from retry import *\n    def test():\n        pass\n",
        // An INI file that names the __main__ guard.
        "[report]\nexclude_lines =\n    if __name__ == .__main__.:\n",
        // YAML whose text has a line starting with 'with' and ending in a colon.
        "- release_tracks: [GA]\n  help_text:\n    examples: |\n      The command lists what is\n"
            + "      with an entitlement with the full name ``NAME'':\n",
        // C: braces and semicolons.
        "/* x */\n#include <stdio.h>\nint main(void) {\n    return 0;\n}\n",
        // A Godot scene: `__meta__ = {` under each node is one dunder, however often.
        "[gd_scene load_steps=2 format=2]\n\n[node name=\"A\" type=\"Control\"]\n"
            + "__meta__ = {\n\"_edit_lock_\": true\n}\n\n[node name=\"B\" type=\"Node2D\"]\n"
            + "__meta__ = {\n\"_edit_group_\": true\n}\n",
    ])
    func textThatIsNotPythonIsNot(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier != "public.python-script", "\(text)")
    }

    @Test(arguments: [
        "% A comment first\n\\documentclass{article}\n\\begin{document}\nHi\n\\end{document}\n",
        "\\NeedsTeXFormat{LaTeX2e}\n\\ProvidesPackage{fixture}[2024/01/01]\n",
        "%% preamble\n\\usepackage{amsmath}\n",
    ])
    func texIsToldByItsSetupCommands(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == "org.tug.tex", "\(text)")
    }

    @Test func texinfoAndProseAboutTeXAreNotTeX() {
        let texinfo = TextSnifferTests.sniff("\\input texinfo\n@setfilename x.info\n")
        #expect(texinfo?.identifier != "org.tug.tex")
        let prose = TextSnifferTests.sniff("Write \\documentclass{article} at the top.\n")
        #expect(prose?.identifier != "org.tug.tex")
    }

    // MARK: - Java, C++, Ruby, CSS and YAML without a name

    @Test(arguments: [
        (
            "package com.example;\n\nimport java.util.List;\n\npublic class Hello {\n}\n",
            "com.sun.java-source"
        ),
        (
            "/*\n * Prints a greeting.\n */\n\npublic class HelloWorld {\n"
                + "    public static void main(String[] args) {\n"
                + "        System.out.println(\"Hello\");\n    }\n}\n",
            "com.sun.java-source"
        ),
        (
            "class helloworld\n{\n        public static void main(String args[])\n        {\n"
                + "           System.out.println(\"Hello World!\");\n        }\n}\n",
            "com.sun.java-source"
        ),
        (
            "/* Licence */\n#include <iostream>\n\nint main() {\n  std::cout << 1;\n}\n",
            "public.c-plus-plus-source"
        ),
        (
            "#pragma once\nnamespace demo {\ntemplate <typename T> T twice(T x);\n}\n",
            "public.c-plus-plus-source"
        ),
        (
            "#define PY_SSIZE_T_CLEAN\n#include \"Python.h\"\n\nstatic PyObject *\n"
                + "spam(PyObject *self, PyObject *args)\n{\n    Py_RETURN_NONE;\n}\n",
            "public.c-source"
        ),
        (
            "#if defined(_WIN32)\n#include <windows.h>\n#endif\n\nint sleep_ms(int ms)\n{\n}\n",
            "public.c-source"
        ),
        (
            "/* point.h */\n#ifndef POINT_H\n#define POINT_H\n\ntypedef struct {\n  int x, y;\n"
                + "} point;\n\n#endif\n",
            "public.c-header"
        ),
        (
            "#pragma once\n\n#include <stdint.h>\n\nuint32_t crc(const void *p);\n",
            "public.c-header"
        ),
        (
            "/* GNU style */\n#include <config.h>\n\nvoid\ninit_tables(void)\n{\n  setup();\n}\n",
            "public.c-source"
        ),
        (
            "#ifndef Py_LIMITED_API\n#  error \"do not include directly\"\n#endif\n\n"
                + "typedef struct {\n    int kind;\n} wrapper;\n",
            "public.c-header"
        ),
        (
            "require 'json'\n\nclass Stack < Array\n  def push(x)\n    super\n  end\nend\n",
            "public.ruby-script"
        ),
        // A Java module descriptor (module-info.java).
        (
            "/** The app. */\nmodule com.example.app {\n    requires java.sql;\n"
                + "    exports com.example.app.api;\n}\n",
            "com.sun.java-source"
        ),
        ("body {\n  margin: 0;\n}\n\n.header h1:hover {\n  color: #333;\n}\n", "public.css"),
        (
            "- local_filename: a.pdf\n  url: https://example.org/a.pdf\n"
                + "- local_filename: b.pdf\n  url: https://example.org/b.pdf\n",
            "public.yaml"
        ),
        ("name: app\nconfig:\n  debug: true\n  level: 3\nitems:\n  - a\n", "public.yaml"),
        ("---\ntitle: Notes\ntags: [a, b]\ndraft: false\n", "public.yaml"),
        // clang-format's documents, one a language, closed by the document end marker.
        (
            "---\nBasedOnStyle: LLVM\nIndentWidth: 4\n---\nLanguage: Cpp\nPointerAlignment: Left\n...\n",
            "public.yaml"
        ),
        // Directives before the document: OpenCV's FileStorage, a tag shorthand.
        (
            "%YAML:1.0\n---\ncamera_matrix: !!opencv-matrix\n   rows: 3\n   cols: 3\n"
                + "   data: [ 1., 0., 320., 0., 1., 240., 0., 0., 1. ]\n",
            "public.yaml"
        ),
        ("# tags\n%TAG ! tag:example.com,2000:\n---\n- !point {x: 1}\n", "public.yaml"),
        (
            "$schema: \"http://json-schema.org/draft-06/schema#\"\n\ntitle: x\nrequired:\n- name\n"
                + "properties:\n  name:\n    type: string\n",
            "public.yaml"
        ),
    ])
    func sourceLanguagesAreToldByTheirLines(text: String, identifier: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == identifier, "\(text)")
    }

    @Test(arguments: [
        // A document that mentions std:: and a header.
        "# Notes\n\nThe debugger reads the fields of std::string and includes <vector> here.\n"
            + "Callers use std::vector too.\n",
        // CMake comments naming std:: and a C++ file.
        "# returns what std::error_code gives\nfunction(get outvar)\n  set(x \"#include <string>\")\n"
            + "endfunction()\n",
        // C with a struct: no property declarations.
        "struct point {\n  int x;\n  int y;\n};\n\nstruct size {\n  int w;\n};\n",
        // A mail header and a Debian control stanza: capitalised fields, no nesting.
        "From: a@example.org\nTo: b@example.org\nSubject: hello\n\nBody text.\n",
        "Package: demo\nVersion: 1.0\nDepends: libc6\nDescription: a demo\n long text\n",
        // Python: def with a colon, not Ruby.
        "import os\nclass A(B):\n    def f(self):\n        pass\n",
        // CommonJS assigns to exports; a module name with a space is no module declaration.
        "module stuff {\n  exports = x;\n}\nrequires = 1;\n",
        "module my app {\n    requires java.sql;\n}\n",
        // A CAmkES component's imports and interfaces, outside any Java module.
        "import <std_connector.camkes>;\n\ncomponent Client {\n  control;\n  uses Hello h;\n"
            + "  provides World w;\n}\n",
        // Pascal's uses clause, without a Java module around it.
        "unit Shapes;\n\ninterface\n\nuses SysUtils, Classes;\n\nimplementation\n\nend.\n",
        // A note that names a directive, and a directive without the document start.
        "%YAML is the directive that opens a stream\nand more prose follows it\n",
        "%TAG ! tag:example.com,2000:\nno document start follows\n",
        // A to-do list of labelled items, prose after the labels.
        " - fsck: check file times: ctime <= mtime\n\n - mkfs: use a boot sector template,\n"
            + "   if one exists.\n\n   Addendum: maybe not.\n - tools: more tests\n",
    ])
    func textThatIsNoneOfThemIsNot(text: String) {
        let found = TextSnifferTests.sniff(text)?.identifier
        let languages = [
            "com.sun.java-source", "public.c-plus-plus-source", "public.ruby-script",
            "public.css", "public.yaml",
        ]
        #expect(!languages.contains(found ?? ""), "\(text): \(found ?? "nil")")
    }

    @Test(arguments: [
        // A shell script's comments that start like directives.
        "#if you change this, rerun it\n#define the paths below\n# then run make\nA=1\n",
        // C#'s preprocessor beside its using directives.
        "#define TRACE\nusing System;\n\n#if TRACE\nclass A {}\n#endif\n",
        // Objective-C imports its headers.
        "#import <Foundation/Foundation.h>\n#define N 3\n\n@interface A : NSObject\n@end\n",
        // A to-do list that quotes a macro between its items.
        "libdemo:\n  - more API layers\n\nfixed.h:\n  - try this:\n\n# if 1\n"
            + "#  define scale(x) ((x) >> 2)\n# endif\n",
        // One kind of C line only.
        "#include <stdio.h>\n#include <stdlib.h>\n",
    ])
    func textThatIsNotCIsNot(text: String) {
        let found = TextSnifferTests.sniff(text)?.identifier
        #expect(found != "public.c-source" && found != "public.c-header", "\(text)")
    }

    @Test(arguments: [
        // A section, then prose.
        "[notes]\nkey = value\nThis file lists what we changed in the last release.\nmore = 1\n",
        // One setting only.
        "[section]\nname = demo\n",
        // Settings before any section: a shell's or Java's properties.
        "name = demo\nversion = 1\n[section]\nx = 1\n",
        // A Markdown link list that opens with a bracketed word.
        "[TOC]\n\n# Title\n\nSee [the docs](https://example.org) = here.\n",
    ])
    func textThatIsNoINIFileIsNot(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier != "org.winehq.ini", "\(text)")
    }

    @Test(arguments: [
        "app.name=magika-test\napp.version=1.0\ndatabase.host=localhost\ndatabase.port=5432\n",
        // Comments of both kinds, spaces around =, a value continued over lines.
        "# Spring\n! legacy\nspring.datasource.url = jdbc:h2:mem:db\nserver.port = 8080\n"
            + "app.list = a, \\\n    b, \\\n    c\n",
    ])
    func propertiesFilesAreToldByTheirDottedKeys(text: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier == "com.oracle.java-properties", "\(text)")
        #expect(found?.isTentative == true, "\(text)")
    }

    @Test(arguments: [
        // An environment file: no dotted keys.
        "HOST=localhost\nPORT=5432\nDEBUG=true\n",
        // Two settings only.
        "a.b=1\nc.d=2\n",
        // A section makes INI.
        "[db]\ndb.host=localhost\ndb.port=5432\ndb.name=x\n",
        // A line of prose among the settings.
        "app.name=x\napp.version=1\napp.mode=fast\nThese settings are read at start.\n",
    ])
    func textThatIsNoPropertiesFileIsNot(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier != "com.oracle.java-properties", "\(text)")
    }

    // MARK: - Go, Rust, C#, Swift, Lua and Markdown without a name

    @Test(arguments: [
        (
            "// Package main prints.\npackage main\n\nimport (\n\t\"fmt\"\n)\n\nfunc main() {\n\tfmt.Println(1)\n}\n",
            "org.golang.go-source"
        ),
        ("use std::io;\n\nfn main() {\n    println!(\"hi\");\n}\n", "org.rust-lang.rust-source"),
        (
            "using System;\n\nnamespace Demo\n{\n    public class Program\n    {\n"
                + "        static void Main(string[] args) { }\n    }\n}\n",
            "com.microsoft.csharp-source"
        ),
        // An assembly's attributes, and a file-scoped namespace (C# 10).
        (
            "using System.Reflection;\n\n[assembly: AssemblyTitle(\"Simple\")]\n"
                + "[assembly: AssemblyVersion(\"1.0.*\")]\n",
            "com.microsoft.csharp-source"
        ),
        (
            "namespace Sample.Tools;\n\nclass Tool\n{\n    public void Run()\n    {\n"
                + "        System.Console.WriteLine(\"run\");\n    }\n}\n",
            "com.microsoft.csharp-source"
        ),
        (
            "import Foundation\n\nstruct Point {\n    var x: Int\n}\n\nfunc main() {\n    print(1)\n}\n",
            "public.swift-source"
        ),
        (
            "local M = {}\n\nfunction M.greet(name)\n  if name then\n    print(name)\n  end\nend\n\nreturn M\n",
            "org.lua.script"
        ),
        (
            "# Title\n\nSome **strong** text and a [link](https://example.org).\n\n- one\n- two\n",
            "net.daringfireball.markdown"
        ),
        (
            "# Tools version\n\n## Overview\n\nOne compiler, many modes:\n\n* tools\n* modes\n",
            "net.daringfireball.markdown"
        ),
        // A fence indented inside a list item, holding JSON.
        (
            "# Changes\n\nSee [the guide](https://example.org).\n\n- **Output:**\n  ```json\n"
                + "  {\n    \"ok\": true\n  }\n  ```\n",
            "net.daringfireball.markdown"
        ),
        (
            "package Foo::Bar;\nuse strict;\nuse warnings;\n\nsub new {\n    my ($class) = @_;\n"
                + "    return bless {}, $class;\n}\n\n1;\n",
            "public.perl-script"
        ),
        (
            "package require Tcl 8.5\n\nproc greet {name} {\n    puts \"Hello $name\"\n}\n",
            "org.tcl-lang.script"
        ),
        (
            "#import <Foundation/Foundation.h>\n\n@interface Greeter : NSObject\n"
                + "@property (nonatomic) int count;\n- (void)greet;\n@end\n",
            "public.objective-c-source"
        ),
        (
            "package com.example\n\nimport kotlin.math.max\n\nfun main(args: Array<String>) {\n"
                + "    val x = max(1, 2)\n    println(\"x = $x\")\n}\n\ndata class P(val a: Int)\n",
            "org.kotlinlang.kotlin-source"
        ),
        (
            // A function with its return type and a val, nothing more (Rosetta Code's 100 doors).
            "fun oneHundredDoors(): List<Int> {\n    val doors = Array<Boolean>(100, { false })\n"
                + "    for (i in 0..99)\n        doors[i] = !doors[i]\n    return doors.indices.toList()\n}\n",
            "org.kotlinlang.kotlin-source"
        ),
        (
            "import scala.collection.mutable._\n\nobject Main {\n  val xs = List(1, 2)\n"
                + "  def twice(x: Int): Int = x * 2\n}\n",
            "org.scala-lang.scala-source"
        ),
        // Slint: an import line as in JavaScript, then a global and a component.
        (
            "import { Button } from \"std-widgets.slint\";\n\nexport global Counter {\n"
                + "    in property <int> value: 0;\n    callback increment();\n}\n\n"
                + "export component App inherits Window {\n    Button { text: \"+\"; }\n}\n",
            "dev.slint.slint-source"
        ),
        // Groovy: println as a command call, behind a block comment (C's `/*` rule matches).
        (
            "/*\n * Licensed to you.\n */\n//hello.groovy\nprintln \"hello, world\"\n"
                + "for (arg in this.args) {\n  println \"Argument:\" + arg;\n}\n",
            "org.apache.groovy-source"
        ),
        (
            "import groovy.json.JsonSlurper\n\ndef data = new JsonSlurper().parseText('{}')\n"
                + "data.each { k, v -> println k }\n",
            "org.apache.groovy-source"
        ),
        (
            "module Main where\n\nimport Data.List (sort)\n\nmain :: IO ()\nmain = do\n"
                + "  print (sort [3, 1, 2])\n",
            "org.haskell.haskell-source"
        ),
        (
            // An export list that closes, with `where`, on a later line; a bare `where` under
            // an equation (HsColour's library module, a Linguist sample).
            "module Language.Colour (Output(..),\n                        colour) where\n\n"
                + "import qualified Data.Map as Map\n\ncolour :: Output -> String\n"
                + "colour output = render output\n  where\n    render = show\n",
            "org.haskell.haskell-source"
        ),
        (
            "[package]\nname = \"demo\"\nversion = \"0.1.0\" # comment\nauthors = [\n  \"A\",\n]\n\n"
                + "[dependencies]\nserde = { version = \"1\" }\nlimit = 1_000\nfast = true\n",
            "org.toml.toml"
        ),
        // The smallest pyproject.toml: two pairs, an array among them (INI has none).
        (
            "[build-system]\nrequires = [\"setuptools >= 46.4.0\", \"wheel\"]\n"
                + "build-backend = \"setuptools.build_meta\"\n",
            "org.toml.toml"
        ),
        ("[core]\neditor = \"vim\"\npager = \"less\"\n", "org.winehq.ini"),
        ("[pytest]\nlog_cli = 1\nlog_level = WARNING\n\nmarkers =\n    slow\n", "org.winehq.ini"),
        (
            "; settings\n[tox]\nenvlist = py38, py39\n\n[testenv]\ndeps =\n    pytest\n"
                + "commands = pytest {posargs}\n",
            "org.winehq.ini"
        ),
        (
            "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n[remote \"origin\"]\n",
            "org.winehq.ini"
        ),
        (
            "Usage\n=====\n\n.. note::\n\n   Read ``this`` first, see `docs <https://example.org>`_.\n",
            "org.docutils.restructuredtext"
        ),
        // Rust: functions and a macro call, behind a doc comment.
        (
            "/// Loads it.\nfn load() {\n    println!(\"loading\");\n}\n\nfn main() {\n    load();\n}\n",
            "org.rust-lang.rust-source"
        ),
        // OCaml behind a (* comment *) (Tika's Mathematica rule reads `(* ` as Mathematica).
        (
            "(* Utilities *)\n\nlet rec fact (n : int) : int =\n  if n = 0 then 1 else n * fact (n - 1)\n\n"
                + "let check d =\n  let x = d * d in\n  match x with\n  | 0 -> true\n  | _ -> false\n",
            "org.ocaml.ocaml-source"
        ),
        // Visual Basic .NET: blocks closed by `End`, after `'` comments.
        (
            "' Greets\nImports System\n\nPublic Module Greeter\n    Dim count As Integer\n"
                + "    Sub Greet(name As String)\n        Console.WriteLine(name)\n    End Sub\n"
                + "End Module\n",
            "com.microsoft.visual-basic-source"
        ),
        // Nix: an argument set over several lines, `inherit`, a derivation.
        (
            "{ lib\n, stdenv\n, fetchurl\n}:\n\nstdenv.mkDerivation rec {\n  pname = \"hello\";\n"
                + "  inherit (lib) version;\n}\n",
            "org.nixos.nix-expression"
        ),
        // CMake: a project's commands; a module of functions and blocks closed by `endif()`.
        (
            "cmake_minimum_required(VERSION 3.16)\nproject(demo C)\n",
            "org.cmake.cmake-script"
        ),
        (
            "# Finds the library.\ninclude(CheckCSourceCompiles)\nfunction(check_atomics var)\n"
                + "  if(NOT ${var})\n    set(CMAKE_REQUIRED_FLAGS \"-latomic\")\n  endif()\n"
                + "endfunction()\n",
            "org.cmake.cmake-script"
        ),
        // awk: BEGIN and END blocks, a pattern on NR, fields.
        (
            "BEGIN {\n  FS = \",\"\n}\n\nNR > 1 {\n  totals[$1] += $3\n}\n\nEND {\n  print totals[\"a\"]\n}\n",
            "com.att.awk-script"
        ),
    ])
    func moreLanguagesAreToldByTheirLines(text: String, identifier: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == identifier, "\(text)")
    }

    /// Starlark (Bazel's BUILD and .bzl files) by a load() of a .bzl file or a target's
    /// attributes; Python's setup() call names a package but has no sources or visibility.
    @Test func starlarkBeforePython() {
        let loads =
            "load(\"@rules_cc//cc:defs.bzl\", \"cc_library\")\n\n"
            + "cc_library(\n    name = \"util\",\n)\n"
        #expect(TextSnifferTests.sniff(loads)?.identifier == "org.bazel.starlark")
        let target =
            "cc_binary(\n    name = \"hello\",\n"
            + "    srcs = [\"hello.cc\"],\n    deps = [\":util\"],\n)\n"
        #expect(TextSnifferTests.sniff(target)?.identifier == "org.bazel.starlark")
        let setup =
            "from setuptools import setup\n\nsetup(\n    name = \"demo\",\n"
            + "    packages = [\"demo\"],\n    install_requires = [],\n)\n"
        #expect(TextSnifferTests.sniff(setup)?.identifier != "org.bazel.starlark")
        let data = "import json\n\nload(\"settings.json\")\nprint(config)\n"
        #expect(TextSnifferTests.sniff(data)?.identifier != "org.bazel.starlark")
    }

    /// CoffeeScript by its arrows and its calls without parentheses; JavaScript's arrow
    /// functions open a brace or end a statement, Ruby's lambdas and interpolation come with
    /// `def` and `end`.
    @Test func coffeeScriptByItsArrows() {
        let coffee =
            "accumulator = (sum) ->\n  (n) -> sum += n\n\nf = accumulator(1)\nconsole.log f(5)\n"
        #expect(TextSnifferTests.sniff(coffee)?.identifier == "org.coffeescript.source")
        let javaScript =
            "const add = (a) => {\n  return (b) => a + b;\n};\nconsole.log(add(1)(2));\n"
        #expect(TextSnifferTests.sniff(javaScript)?.identifier != "org.coffeescript.source")
        let ruby =
            "def greet(name)\n  puts \"Hello #{name}\"\nend\n\nsquare = ->(x) { x * x }\n"
        #expect(TextSnifferTests.sniff(ruby)?.identifier != "org.coffeescript.source")
        // LiveScript, CoffeeScript's descendant, writes arrows of its own.
        let liveScript = "words = <[ one two ]>\nf = (a) ->\n  a + 1\nconsole.log f 1\n"
        #expect(TextSnifferTests.sniff(liveScript)?.identifier != "org.coffeescript.source")
        // An arrow alone (a note about a step) is not enough.
        let notes = "Build the parser ->\n  then test it\n"
        #expect(TextSnifferTests.sniff(notes)?.identifier != "org.coffeescript.source")
    }

    /// HCL with its comments written as sentences and its nested blocks labelled (Linguist's
    /// Terraform sample): comments no longer end the reading as prose.
    @Test func hclThroughItsComments() {
        let terraform =
            "resource \"aws_instance\" \"web\" {\n"
            + "  // Copies the myapp.conf file to /etc/myapp.conf\n  provisioner \"file\" {\n"
            + "    source = \"conf/myapp.conf\"\n    destination = \"/etc/myapp.conf\"\n  }\n}\n"
        #expect(TextSnifferTests.sniff(terraform)?.identifier == "com.hashicorp.hcl")
        // A zone file's labelled blocks end their statements in `;`.
        let zone =
            "// the zones we serve\nzone \"example.org\" {\n  type master;\n"
            + "  file \"/etc/bind/db.example\";\n};\n"
        #expect(TextSnifferTests.sniff(zone)?.identifier != "com.hashicorp.hcl")
    }

    /// PowerShell by .NET static members and its comparison operators, beside a cmdlet: a
    /// script whose here-string holds prose (Rosetta Code's 24 game) is read before it.
    @Test func powerShellStaticMembersAndOperators() {
        let script =
            "Function isNumeric ($x)\n{\n    $x2 = 0\n"
            + "    $isNum = [System.Int32]::TryParse($x,[ref]$x2)\n"
            + "Return $isNum\n}\n\nWhile( $n.Count -lt 4 ){\n    $n += 1\n}\n"
            + "Write-Host @\"\nWelcome to the game, and good luck to you all!\n\"@\n"
        #expect(TextSnifferTests.sniff(script)?.identifier == "com.microsoft.powershell-script")
        // A shell's test compares with -lt inside brackets: that is no PowerShell operator.
        let shell = "Write-Host hello\nif [ $n -lt 4 ]\n$a = 1\n"
        #expect(TextSnifferTests.sniff(shell)?.identifier != "com.microsoft.powershell-script")
    }

    /// Lua's numeric loop and Perl's array index and word lists count.
    ///
    /// A Lua script with no `local` (Rosetta Code's 100 doors), Perl with `sub` and `my` and
    /// little else. The same shapes in Pascal, MATLAB, Ruby and the shell are not.
    @Test func luaLoopsAndPerlArrays() {
        let lua =
            "is_open = {}\n\nfor door = 1,100 do is_open[door] = false end\n\n"
            + "for pass = 1,100 do\n    for door = pass,100,pass do\n"
            + "        is_open[door] = not is_open[door]\n    end\nend\n"
        #expect(TextSnifferTests.sniff(lua)?.identifier == "org.lua.script")
        let perl =
            "sub permute (&@) {\n\tmy $code = shift;\n\tmy @idx = 0..$#_;\n}\n\n"
            + "@op = qw( + - * / );\n"
        #expect(TextSnifferTests.sniff(perl)?.identifier == "public.perl-script")
        // A test script: pragmas, modules and a word list, no `sub` or `package`, behind a
        // long comment (shared-mime-info's rule reads `use strict` in the first 256 bytes).
        let test =
            "# Test upgrading from the oldest version to the latest, using the default\n"
            + "# configuration file, for every supported major version and cluster layout.\n"
            + "# Versions below 8.4 lack lo_import; below 9.2 pg_upgrade has no -o.\n\n"
            + "use strict; \n\nuse File::Temp qw/tempfile tempdir/;\nuse lib 't';\n"
            + "use Test::More tests => 3;\n\nok(1);\n"
        #expect(TextSnifferTests.sniff(test)?.identifier == "public.perl-script")
        // Perl's print without parentheses is no Groovy: the pragma, `use` and `my` make Perl.
        let prints = "use strict;\nmy $x = 1;\nprint \"x is $x\\n\";\nprint \"done\\n\";\n"
        #expect(TextSnifferTests.sniff(prints)?.identifier == "public.perl-script")
        // JavaScript's directive is quoted: not Perl's pragma.
        let script = "'use strict';\nconst a = require('a');\nmodule.exports = a;\n"
        #expect(TextSnifferTests.sniff(script)?.identifier != "public.perl-script")
        // A loop that counts with `:=`, `:` or `in` is not Lua's numeric loop.
        let loops = [
            "for i := 1, 10 do", "for i = 1:10 do", "for i in 1..10 do", "for 1 = a, b do",
        ]
        for loop in loops {
            let text = "x = {}\n\n\(loop)\n  x[i] = i\nend\n\nprint(x)\n"
            #expect(TextSnifferTests.sniff(text)?.identifier != "org.lua.script", "\(loop)")
        }
        // `sub` and `my` need a third sign: an array's last index or a word list counts; the
        // shell's `$#` (the count of arguments) and a name ending in `qw(` do not.
        let base = "sub count {\n    my $n = shift;\n"
        for (line, perl) in [
            ("    return $#list;\n", true), ("    return $# ;\n", false),
            ("    return qw(a b);\n", true), ("    return sqw(1);\n", false),
        ] {
            let found = TextSnifferTests.sniff(base + line + "}\n")?.identifier
            #expect((found == "public.perl-script") == perl, "\(line)")
        }
    }

    /// Languages told by a few strong lines, and lines that used to hide them: a
    /// declaration of five words is no prose (`public final class Names {`), a Lua table
    /// opens with a brace, and a program may be only its entry point.
    @Test(arguments: [
        (
            "-module(counter).\n-export([start/0, next/1]).\n\nstart() -> 0.\n\n"
                + "next(N) when N >= 0 ->\n    N + 1.\n",
            "org.erlang.erlang-source"
        ),
        (
            "defmodule Greeter do\n  @moduledoc \"Says hello.\"\n\n  def hello(name) do\n"
                + "    \"Hello, \" <> name\n  end\nend\n",
            "org.elixir-lang.elixir-source"
        ),
        (
            "import 'dart:io';\n\nvoid main() {\n  stdout.writeln('ready');\n}\n",
            "dev.dart.dart-source"
        ),
        ("void main() {\n  print('Hello, World!');\n}\n", "dev.dart.dart-source"),
        (
            "module Geometry\n\nexport area\n\nfunction area(r::Float64)::Float64\n"
                + "    return pi * r^2\nend\n\nend\n",
            "org.julialang.julia-source"
        ),
        (
            "param(\n    [string]$Path = \".\"\n)\n\n$items = Get-ChildItem -Path $Path\n"
                + "Write-Output $items.Count\n",
            "com.microsoft.powershell-script"
        ),
        (
            "interface Point {\n  x: number;\n  y: number;\n}\n\n"
                + "function norm(p: Point): number {\n  return Math.hypot(p.x, p.y);\n}\n",
            "com.microsoft.typescript"
        ),
        ("fun main() {\n    println(\"hello\")\n}\n", "org.kotlinlang.kotlin-source"),
        ("import Foundation\n\nlet greeting = \"Hello\"\nprint(greeting)\n", "public.swift-source"),
        (
            "module Sign where\n\nsign :: Int -> Int\nsign n\n  | n > 0 = 1\n  | otherwise = -1\n",
            "org.haskell.haskell-source"
        ),
        // A program with no module header or signature: `main = do`, imports, a where clause.
        (
            "import Data.List\nimport System.IO\n\nmain = do\n    hSetBuffering stdout NoBuffering\n"
                + "    loop 3\n    where loop n = print n\n",
            "org.haskell.haskell-source"
        ),
        (
            "local config = {\n  name = \"demo\",\n}\n\nfor key, value in pairs(config) do\n"
                + "  print(key, value)\nend\n",
            "org.lua.script"
        ),
        (
            "import java.util.List;\n\npublic final class Names {\n  private Names() {}\n}\n",
            "com.sun.java-source"
        ),
        (
            "sealed trait Color\ncase object Red extends Color\ncase object Blue extends Color\n\n"
                + "object Palette {\n  def all(): List[Color] = List(Red, Blue)\n}\n",
            "org.scala-lang.scala-source"
        ),
        (
            "(ns app.core\n  (:require [clojure.string :as str]))\n\n(defn shout [s]\n"
                + "  (str/upper-case s))\n",
            "org.clojure.source"
        ),
        (
            "program mean\n  implicit none\n  real :: total = 0.0\n  print *, total\n"
                + "end program mean\n",
            "public.fortran-90-source"
        ),
        (
            "section .text\n    global _start\n_start:\n    mov eax, 1\n    int 0x80\n",
            "org.nasm.assembly-source"
        ),
        (
            "syntax = \"proto3\";\n\npackage demo;\n\nmessage Ping {\n  string id = 1;\n}\n",
            "com.google.protobuf-source"
        ),
        (
            "pragma solidity ^0.8.0;\n\ncontract Counter {\n    uint256 public count;\n\n"
                + "    function increment() public {\n        count += 1;\n    }\n}\n",
            "org.soliditylang.solidity-source"
        ),
        (
            "const std = @import(\"std\");\n\npub fn main() !void {\n"
                + "    try std.io.getStdOut().writer().print(\"hi\\n\", .{});\n}\n",
            "org.ziglang.zig-source"
        ),
        (
            "class Report {\n    String name\n}\n\ndef reports = [new Report(name: 'a')]\n"
                + "reports.each { report ->\n    println(report.name)\n}\n",
            "org.apache.groovy-source"
        ),
        (
            "# Guide\n\n## Install\n\nRun the installer.\n\n## Use\n\nOpen the app.\n",
            "net.daringfireball.markdown"
        ),
        // Entry points alone: Go without its package line, Scala's object with main.
        ("import \"fmt\"\n\nfunc main() {\n    fmt.Println(\"hi\")\n}\n", "org.golang.go-source"),
        (
            "object Hello {\n  def main(args: Array[String]) {\n    println(\"hi\")\n  }\n}\n",
            "org.scala-lang.scala-source"
        ),
        (
            "terraform {\n  required_version = \">= 1.5\"\n}\n\nprovider \"aws\" {\n"
                + "  region = var.region\n}\n\nresource \"aws_s3_bucket\" \"logs\" {\n"
                + "  bucket = \"example-logs\"\n}\n",
            "com.hashicorp.hcl"
        ),
        // YARA: a rule with its sections, and a tagged private rule with its brace below.
        (
            "rule Suspicious_Run_Key {\n  meta:\n    author = \"x\"\n  strings:\n"
                + "    $a = \"CurrentVersion\\\\Run\" wide\n  condition:\n    $a\n}\n",
            "com.virustotal.yara-rules"
        ),
        (
            "import \"pe\"\n\nprivate rule IsPE : windows\n{\n  condition:\n"
                + "    uint16(0) == 0x5A4D\n}\n",
            "com.virustotal.yara-rules"
        ),
        ("rule Tiny {\n  strings: $a = \"x\"\n  condition: $a\n}\n", "com.virustotal.yara-rules"),
        // HCL of other schemas: a service block, a Nomad job, a Packer source.
        (
            "service \"catalog\" {\n  image = \"registry.example/catalog:1.4\"\n\n"
                + "  resources {\n    cpu    = 2\n  }\n}\n",
            "com.hashicorp.hcl"
        ),
        (
            "job \"web\" {\n  datacenters = [\"dc1\"]\n  group \"app\" {\n    count = 3\n"
                + "    task \"server\" {\n      driver = \"docker\"\n      config {\n"
                + "        image = \"nginx:1.25\"\n      }\n    }\n  }\n}\n",
            "com.hashicorp.hcl"
        ),
        (
            "source \"amazon-ebs\" \"base\" {\n  region        = \"us-east-1\"\n"
                + "  instance_type = \"t3.micro\"\n  launch_block_device_mappings {\n"
                + "    volume_size = 20\n  }\n}\n",
            "com.hashicorp.hcl"
        ),
        // Shell scripts without a #! line: a build step, and a sourced profile.
        (
            "cd \"$SRC\"/project\npip3 install .\n\n# Build each fuzzer\n"
                + "for f in $(find fuzzing -name '*_fuzzer.py');do\n  compile \"$f\"\ndone\n",
            "public.shell-script"
        ),
        (
            "if [ \"$(id -u)\" -eq 0 ]; then\n  PATH=\"/usr/local/sbin:/usr/sbin\"\nelse\n"
                + "  PATH=\"/usr/local/bin:/usr/bin\"\nfi\nexport PATH\n",
            "public.shell-script"
        ),
    ])
    func scriptLanguagesAreToldByTheirLines(text: String, identifier: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == identifier, "\(text)")
    }

    /// Near misses of those rules stay what they were.
    @Test(arguments: [
        // C's entry point with printf is no Dart.
        "void main() {\n  printf(\"%d\", 1);\n}\n",
        // PHP statements end in semicolons; PowerShell's do not.
        "$name = 'x';\n$count = 2;\necho $name;\n",
        // JavaScript without annotations is no TypeScript.
        "function add(a, b) {\n  return a + b;\n}\nconst total = add(1, 2);\n",
        // A Ruby module is no Julia.
        "module Tools\n  def self.run\n    puts 'x'\n  end\nend\n",
        // Prolog clauses are no Erlang without the module attribute.
        "parent(tom, bob).\nancestor(X, Y) :- parent(X, Y).\n",
        // Emacs Lisp defines with defun, whatever else it holds.
        "(defun greet (name)\n  (message \"hi %s\" name))\n(defn other [x] x)\n(def y 1)\n",
        // A list that names a section and a global, with no instruction, is no assembly.
        "section .a is done\nglobal warming is next\n",
        // A Kotlin lambda with a named parameter is no Groovy closure without Groovy's `def`.
        "val items = listOf(1, 2)\nitems.forEach { item ->\n    println(item)\n}\n",
        // One kind of block is no Terraform configuration.
        "resource \"db\" {\n  size = 2\n}\nresource \"web\" {\n  size = 1\n}\n",
        // A BIND zone statement ends in semicolons; Puppet assigns with `=>`; a Tcl switch
        // has no attribute; nginx names its blocks without quotes.
        "zone \"example.com\" {\n  type = master;\n  options {\n    notify yes;\n  };\n};\n",
        "node \"web01\" {\n  file { '/etc/motd':\n    ensure => file,\n  }\n  service {\n}\n",
        "switch \"$mode\" {\n  fast {\n    puts \"quick\"\n  }\n  default {\n    puts x\n  }\n}\n",
        "server {\n  listen 80 {\n  root = /var/www\n  location /api {\n  }\n}\n",
        // YARA's sections without a rule header, a rule of another syntax, and prose.
        "  strings:\n    $a = \"x\"\n  condition:\n    $a\n  meta:\n    n = 1\n",
        "rule Settings {\n  condition:\n    color = red;\n  strings:\n}\n",
        "rule of thumb: measure twice\n  strings:\n  condition:\n",
        // An unquoted label, a comparison and an arrow are not HCL's block and attribute.
        "site example {\n  root = \"/srv\"\n  tls {\n  }\n}\n",
        "node \"web01\" {\n  ensure =>file\n  service {\n  }\n}\n",
        "policy \"x\" {\n  rule ==\"a\"\n  inner {\n  }\n}\n",
        // Go's package line has no semicolon; a Go variable named message is no message block.
        "package demo\n\nfunc main() {\n\tmessage := \"x\"\n\tprintln(message)\n}\n",
        // A to-do list whose items are marked done, and one loop quoted in prose.
        "Release steps\n\n- tag the commit\ndone\n- upload the files\ndone\n",
        "Run it as shown here, for every file in the folder of the release:\n\n"
            + "for f in *; do\n",
    ])
    func nearMissesOfScriptLanguagesAreNot(text: String) {
        let found = TextSnifferTests.sniff(text)?.identifier ?? "nil"
        let languages = [
            "org.erlang.erlang-source", "org.elixir-lang.elixir-source", "dev.dart.dart-source",
            "org.julialang.julia-source", "com.microsoft.powershell-script",
            "com.microsoft.typescript", "org.clojure.source", "public.fortran-90-source",
            "org.nasm.assembly-source", "com.google.protobuf-source",
            "org.soliditylang.solidity-source", "org.ziglang.zig-source",
            "org.apache.groovy-source", "com.hashicorp.hcl", "public.shell-script",
            "com.virustotal.yara-rules",
        ]
        #expect(!languages.contains(found), "\(text): \(found)")
    }

    /// A Wavefront OBJ model is OBJ statements only; lines that merely open with `v` or `s`
    /// are not.
    @Test func wavefrontOBJModelsAreToldByTheirStatements() {
        let model =
            "# cube\nmtllib cube.mtl\no Cube\nv 1.0 1.0 -1.0\nv 1.0 -1.0 -1.0\n"
            + "v -1.0e0 1.0 1.0\nvn 0 0 1\nusemtl Material\ns off\nf 1//1 2//1 3//1\n"
        #expect(TextSnifferTests.sniff(model)?.identifier == "public.geometry-definition-format")
        for text in [
            "v 1.2 released\nv 1.3 planned\nv 1.4 later\ns fixed\n",
            "v 1 2 3\nv 4 5 6\nv 7 8 9\n",
            "v 1 2 3\nv 4 5 6\nv 7 8 9\nf 1 2 3\nThe model above is a triangle.\n",
        ] {
            #expect(
                TextSnifferTests.sniff(text)?.identifier != "public.geometry-definition-format",
                "\(text)"
            )
        }
    }

    /// An XYZ molecule is a count, a comment and as many atom lines as the count says; a
    /// numbered list or a table of numbers is not.
    @Test func xyzMoleculesAreToldByTheirCountAndAtoms() throws {
        let molecule = try String(decoding: fixtureBytes("ethanol.xyz"), as: UTF8.self)
        #expect(TextSnifferTests.sniff(molecule)?.identifier == "org.openbabel.xyz")
        let water = "3\nwater\nO 0.0 0.0 0.0\nH 0.757 0.586 0.0\nH -0.757 0.586 0.0\n"
        #expect(TextSnifferTests.sniff(water)?.identifier == "org.openbabel.xyz")
        for text in [
            // One atom fewer than the count.
            "3\nwater\nO 0.0 0.0 0.0\nH 0.757 0.586 0.0\n",
            // A count over a table whose first column is no element.
            "2\nscores\nalice 1 2 3\nbob 4 5 6\n",
            "2\nscores\nBob 1 2 3\nAmy 4 5 6\n",
            // Coordinates that are not numbers.
            "1\natom\nC x y z\n",
            // A year over prose.
            "2024\nNotes for the year.\nWe met twice.\n",
        ] {
            #expect(TextSnifferTests.sniff(text)?.identifier != "org.openbabel.xyz", "\(text)")
        }
    }

    @Test(arguments: [
        // A reStructuredText directive without a title (with one, it is reStructuredText):
        // too little to tell, and no Markdown.
        "Some **strong** text.\n\n.. note::\n\n   - item\n\n* one\n* two\n",
        // A C header whose comment block has asterisks and a list.
        "/**\n * **Important**\n * - first\n * - second\n */\n#define X 1\n",
        // A Java file: semicolons rule Go and Swift out.
        "package demo;\n\nimport java.util.List;\n\nclass A {\n}\n",
        // A shell-style configuration with comments and a list.
        "# Settings\n\nname = value\n- not a list here\n",
        // reStructuredText: a backtick underline, a hyperlink reference.
        "Authors\n```````\n\n- Nate `@nate <https://example.org>`_.\n- Seth\n",
        // A Python module whose docstring is reStructuredText.
        "\"\"\"Exceptions.\n\nYou can ``raise`` them.\n\n.. _redirect:\n\nRedirecting\n===========\n"
            + "\n.. note:: x\n",
        // A commented script: # lines with blank lines after them, backticks, asterisks.
        "# completion for git\n\n# Use `git` here; see **/ globs.\n\nfunction __git\n    set -l x\nend\n",
        // Java with an annotation: semicolons rule Kotlin and Scala out; no `@end`.
        "import java.util.List;\n\n@Override\npublic String toString() {\n  return \"x\";\n}\n",
        // INI: bare values are not TOML literals.
        "[core]\nrepositoryformatversion = 0\nbare = true\n[remote \"origin\"]\n"
            + "url = https://example.org/x.git\nname = \"x\"\n",
        // Assignments with strings, but no table.
        "a = \"1\"\nb = \"2\"\nc = \"3\"\n",
        // C++ scope operators, not Haskell's type signatures.
        "std::string name;\nint main() {\n  return 0;\n}\n",
        // Perl with a BEGIN block, print and $1: `my` rules awk out.
        "BEGIN {\n  $| = 1;\n}\nmy $line = <STDIN>;\nprint $1 if $line =~ /(\\d+)/;\nEND {\n  print \"done\";\n}\n",
        // Lua and Ruby close blocks with `end`, not Visual Basic's `End Sub`.
        "function greet(name)\n  print(name)\nend\n\nlocal x = 1\nEnd = 2\n",
        // Template lines that end in `}:` alone are no Nix: a second hint is needed.
        "{name}:\n{value}\n\n{other}:\n{thing}\n",
        // Meson writes `project(` too, but none of CMake's other commands.
        "project('demo', 'c')\nexecutable('demo', 'main.c', install : true)\n",
        // An ECMAScript module with one callback-like line is no Slint.
        "import { x } from \"./x.js\";\n\nexport default function callback(a) {\n  return a;\n}\n",
        // A script's comment blocks of `#` and `##` lines are no Markdown sections.
        "# (C) 2013 Someone\n# https://example.org/x\n\n## Prime factors\n## of a number\n\n"
            + "## reads a number\n\nfactors(n)\n",
        // Zephir's namespace statement and a class with no C# modifier: one line is one mark.
        "namespace Test;\n\nuse Test\\Foo;\n\nclass Bar\n{\n    protected a;\n}\n",
        // Visual Basic's assembly attributes are in angle brackets.
        "Imports System.Reflection\n\n<Assembly: AssemblyTitle(\"Simple\")>\n"
            + "<Assembly: AssemblyVersion(\"1.0.*\")>\n",
        // Swift and JavaScript `let` lines are no OCaml.
        "let total = items.count\nlet name: String = \"x\"\nif total > 1 {\n  print(name)\n}\n",
    ])
    func textThatIsNoneOfTheseIsNot(text: String) {
        let found = TextSnifferTests.sniff(text)?.identifier ?? "nil"
        let languages = [
            "org.golang.go-source", "org.rust-lang.rust-source", "com.microsoft.csharp-source",
            "public.swift-source", "org.lua.script", "net.daringfireball.markdown",
            "public.perl-script", "org.tcl-lang.script", "org.docutils.restructuredtext",
            "public.objective-c-source", "org.kotlinlang.kotlin-source",
            "org.scala-lang.scala-source", "org.haskell.haskell-source", "org.toml.toml",
            "org.ocaml.ocaml-source", "com.att.awk-script", "com.microsoft.visual-basic-source",
            "org.nixos.nix-expression", "org.cmake.cmake-script", "org.apache.groovy-source",
            "dev.slint.slint-source",
        ]
        #expect(!languages.contains(found), "\(text): \(found)")
    }

    /// MSBuild project files by their `Project` root: the 2003 namespace, an `Sdk`
    /// attribute, or MSBuild's children under a bare root; other `Project` roots and Ant's
    /// lower-case `project` are plain XML.
    @Test(arguments: [
        (
            "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup>\n"
                + "    <TargetFramework>net8.0</TargetFramework>\n  </PropertyGroup>\n</Project>\n",
            "com.microsoft.msbuild-project"
        ),
        (
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Project ToolsVersion=\"15.0\" "
                + "xmlns=\"http://schemas.microsoft.com/developer/msbuild/2003\">\n"
                + "  <Target Name=\"Build\" />\n</Project>\n",
            "com.microsoft.msbuild-project"
        ),
        (
            "<Project>\n  <ItemGroup>\n    <Using Include=\"System\" />\n  </ItemGroup>\n</Project>\n",
            "com.microsoft.msbuild-project"
        ),
        (
            "<Project Sdk=\"Microsoft.Build.Traversal\">\n  <Target Name=\"All\" />\n</Project>\n",
            "com.microsoft.msbuild-project"
        ),
        ("<Project name=\"demo\">\n  <Task>build</Task>\n</Project>\n", "public.xml"),
        (
            "<Project name=\"x\">\n  <PropertyGroupings/>\n  <Sdk=\"no\"/>\n</Project>\n",
            "public.xml"
        ),
        (
            "<project name=\"app\" default=\"build\">\n  <target name=\"build\"/>\n</project>\n",
            "public.xml"
        ),
    ])
    func msbuildProjectsByTheirRoot(text: String, identifier: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == identifier, "\(text)")
    }

    /// git's submodule lists: `[submodule "name"]` sections with `path` and `url`; an INI
    /// file, a list without a url, and a git config with other sections are not.
    @Test(arguments: [
        (
            "[submodule \"vendor/lib\"]\n\tpath = vendor/lib\n\turl = https://example.com/lib.git\n"
                + "\n[submodule \"docs\"]\n\tpath = docs\n\turl = ../docs.git\n\tbranch = main\n",
            "org.git-scm.gitmodules"
        ),
        ("[submodule \"a\"]\npath=a\nurl=https://x/a.git\n", "org.git-scm.gitmodules"),
        ("[submodule \"a\"]\n\tpath = a\n\tbranch = main\n", "other"),
        (
            "[core]\n\tbare = false\n[submodule \"a\"]\n\tpath = a\n\turl = x\n",
            "other"
        ),
        ("[main]\npath = /srv\nurl = https://example.com\n", "other"),
        ("[submodule \"\"]\n\tpath = a\n\turl = x\n", "other"),
    ])
    func gitSubmoduleLists(text: String, identifier: String) {
        Self.expectSniffed(text, identifier, orNot: "org.git-scm.gitmodules")
    }

    /// dotenv files: `NAME=value` settings, capitals among the names; Java properties,
    /// makefile assignments, spaced settings and prose are not.
    @Test(arguments: [
        ("APP_NAME=demo\nPORT=8080\n# local only\nDEBUG=true\n", "org.dotenv.env"),
        (
            "export DATABASE_URL=\"postgres://db/app\"\nexport REDIS_URL=redis://cache\n"
                + "SECRET_KEY='x y z'\nlog_level=info\n",
            "org.dotenv.env"
        ),
        ("app_name=demo\nport=8080\ndebug=true\n", "other"),
        ("APP=1\nPORT=2\n", "other"),
        ("CC=gcc\nDESTLIB=$(LIBDEST)\nCFLAGS=-O2\n", "other"),
        ("NAME = demo\nPORT = 8080\nDEBUG = true\n", "other"),
        ("APP=1\nPORT=2\nDEBUG=3\nThen restart the server.\n", "other"),
    ])
    func dotenvFiles(text: String, identifier: String) {
        Self.expectSniffed(text, identifier, orNot: "org.dotenv.env")
    }

    /// The text sniffs as `identifier`; or, when that is "other", as anything but `type`.
    private static func expectSniffed(_ text: String, _ identifier: String, orNot type: String) {
        let found = TextSnifferTests.sniff(text)?.identifier
        if identifier == "other" {
            #expect(found != type, "\(text)")
        } else {
            #expect(found == identifier, "\(text)")
        }
    }
}

/// GraphQL: operations and schemas by what only GraphQL writes, and the lookalikes in other
/// languages (TypeScript interfaces, CSS selectors, Go types) that share its keywords.
@Suite struct GraphQLTests {
    @Test(arguments: [
        // An operation with typed variables, selections and a variable passed.
        "query HeroName($episode: Episode!) {\n  hero(episode: $episode) {\n    name\n  }\n}\n",
        // A named operation and the fields it selects.
        "# Heroes\nquery HeroNameAndFriends {\n  hero {\n    name\n    friends {\n      name\n"
            + "    }\n  }\n}\n",
        // A fragment and its spread.
        "{\n  left: hero(episode: EMPIRE) {\n    ...fields\n  }\n}\n\n"
            + "fragment fields on Character {\n  name\n}\n",
        // An anonymous selection with inline fragments.
        "{\n  search(text: \"an\") {\n    __typename\n    ... on Human {\n      name\n    }\n  }\n}\n",
        // A schema: descriptions, the root type, non-null fields, a union and a scalar.
        "\"\"\"\nThe root of every read.\n\"\"\"\ntype Query {\n  \"Finds a user\"\n"
            + "  user(id: ID!): User\n  users(first: Int = 10): [User!]!\n}\n\n"
            + "type User implements Node @key(fields: \"id\") {\n  id: ID!\n  name: String\n}\n\n"
            + "union SearchResult = User | Post\nscalar DateTime\n",
        // A schema of other types only: a definition, non-null and plain fields.
        "type Post {\n  id: ID!\n  title: String\n}\n\ninput PostFilter {\n  author: String\n}\n",
        "directive @auth(requires: Role = ADMIN) on OBJECT | FIELD_DEFINITION\n",
        // An object as an argument's default value (GraphQL's schema kitchen sink): not a
        // TypeScript alias's `= {`.
        "schema {\n  query: QueryType\n}\n\ntype Foo implements Bar {\n  one: Type\n"
            + "  six(argument: InputType = {key: \"value\"}): Type\n}\n\nscalar CustomScalar\n",
    ])
    func graphQLIsToldByItsLines(text: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier == "org.graphql.graphql", "\(text): \(found?.detail ?? "")")
    }

    @Test(arguments: [
        // TypeScript: an interface with semicolons, one without, a braced type alias.
        "interface User {\n  id: String;\n  name: String;\n}\n",
        "export interface User {\n  id: Number\n  name: String\n}\n",
        "type User = {\n  id: ID\n  name: String\n}\n",
        // CSS: an `input` selector with properties.
        "input {\n  color: Red;\n  border: none;\n}\n",
        // Go: a struct type.
        "package main\n\ntype User struct {\n\tID   string\n\tName string\n}\n",
        // A BARE message schema: an enum's bare values are no selections, and one field typed
        // with a capitalised name is not enough.
        "enum Department {\n  ACCOUNTING\n  SALES\n}\n\ntype Customer {\n  name: string\n"
            + "  address: Address\n}\n",
        // Prose that mentions a query.
        "query the database first, then\nsummarise what it returns for the report.\n",
    ])
    func lookalikesAreNotGraphQL(text: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier != "org.graphql.graphql", "\(text): \(found?.detail ?? "")")
    }
}

/// What the language readings look at: comment banners do not use up the lines read, and
/// code lines with many words are not prose.
@Suite struct CodeWindowTests {
    /// A licence banner of 78 lines, as `/* ... */` with no leading stars.
    static let banner =
        "/*\n" + String(repeating: "   Licensed under the terms of the licence.\n", count: 76)
        + "*/\n"

    @Test func aBannerDoesNotHideTheCode() {
        let go =
            Self.banner
            + "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n"
        #expect(TextSnifferTests.sniff(go)?.identifier == "org.golang.go-source")
    }

    /// Headers that keep their declarations-only reading: a prototype under an export macro
    /// whose parameters make many words (no prose), and a macro in capitals opening a block,
    /// or a typedef of one (a type's body, not a function's).
    @Test(arguments: [
        "#include <stddef.h>\n\nAPI_EXPORT void compute_total(int count, const char name, int"
            + " flags, int mode, int level, int depth);\ntypedef struct Box Box;\n#define LIMIT 4\n",
        "#include <stdint.h>\n\ntypedef CF_ENUM(int, Mode) {\n    ModeA = 0\n};\n"
            + "CF_ENUM(int) {\n    FlagB = 1\n};\nvoid run(Mode m);\n",
    ])
    func headersKeepTheirReading(header: String) {
        let found = TextSnifferTests.sniff(header)
        #expect(found?.identifier == "public.c-header", "\(found?.detail ?? "")")
    }

    /// Icon and Unicon write `local`, `then` and `end` as Lua does, under their own
    /// declarations.
    @Test func iconIsNotLua() {
        let icon =
            "procedure main()\n    local w\n    w := 1\n    if w > 0 then\n        write(w)\n"
            + "    every i := 1 to 3 do\n        write(i)\nend\n"
        #expect(TextSnifferTests.sniff(icon)?.identifier != "org.lua.script")
        // The same lines without the declaration are Lua's.
        let lua = "local w = 1\nif w > 0 then\n    print(w)\nend\n"
        #expect(TextSnifferTests.sniff(lua)?.identifier == "org.lua.script")
    }
}

/// R by its margin assignments, functions and packages; Haskell's and Scala's arrows are not.
@Suite struct RSourceTests {
    @Test(arguments: [
        "library(dplyr)\n\nfont_size <- 8\nscores <- c(1, 2, 3)\n",
        "# scale the layout\nstack <- function(g1, g2) {\n    g1$grobs <- c(g1$grobs, g2$grobs)\n"
            + "    g1\n}\nfor (i in seq_len(3)) print(i)\n",
        "x$layout <- transform(x$layout, z = z - 1)\nx$grobs[1] <- NULL\nrequire(grid)\n",
    ])
    func rIsToldByItsLines(text: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier == "org.r-project.r-source", "\(text): \(found?.detail ?? "")")
    }

    @Test(arguments: [
        // Haskell: `<-` inside an indented do block.
        "main :: IO ()\nmain = do\n    line <- getLine\n    putStrLn line\n",
        // Scala: a for comprehension.
        "object Main {\n  for (x <- List(1, 2)) println(x)\n}\n",
        // R's marks on lines ended by semicolons, as no R script writes them: the first such
        // line ends the reading.
        "library(grid);\nsize <- 8;\nf <- function(x) x * size;\n",
    ])
    func lookalikesAreNotR(text: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier != "org.r-project.r-source", "\(text): \(found?.detail ?? "")")
    }

    @Test func anRNameOnRIsR() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let text = "library(grid)\nsize <- 8\nf <- function(x) x * size\n"
        let result = try classifier.classify(bytes: Array(text.utf8), fileName: "plot.R")
        #expect(result.type.identifier == "org.r-project.r-source", "\(result.detail)")
        #expect(result.extensionAgrees == true)
    }
}

/// Meson build files by their single-quoted calls, read before CMake's look-alike commands.
@Suite struct MesonBuildTests {
    @Test func mesonIsToldFromCMake() {
        let meson =
            "project('demo', ['c'],\n  version: '0.1.0'\n)\n\nglib = dependency('glib-2.0')\n"
            + "executable('demo', 'main.c', dependencies: glib)\n"
        let found = TextSnifferTests.sniff(meson)
        #expect(found?.identifier == "org.mesonbuild.meson-build", "\(found?.detail ?? "")")
        let cmake =
            "cmake_minimum_required(VERSION 3.16)\nproject(demo C)\nadd_executable(demo main.c)\n"
        #expect(TextSnifferTests.sniff(cmake)?.identifier == "org.cmake.cmake-script")
        // A Python call with a quoted argument is not Meson.
        let python = "import os\n\nprint('demo')\nfiles('a')\n"
        #expect(TextSnifferTests.sniff(python)?.identifier != "org.mesonbuild.meson-build")
    }
}

/// COBOL, VHDL, Verilog, Ada, Pascal, Prolog, Gherkin, NSIS and SAS by the keywords that structure
/// their programs, and lookalikes in other languages that share some of them.
@Suite struct ClassicLanguageTests {
    @Test(arguments: [
        (
            "       IDENTIFICATION DIVISION.\n       PROGRAM-ID. Hello.\n       PROCEDURE DIVISION.\n"
                + "           DISPLAY 'Hello'.\n           STOP RUN.\n",
            "org.iso.cobol-source"
        ),
        (
            "library ieee;\nuse ieee.std_logic_1164.all;\n\nentity blink is\n  port (clk : in std_logic);\n"
                + "end entity blink;\n\narchitecture rtl of blink is\nbegin\nend architecture rtl;\n",
            "org.ieee.vhdl-source"
        ),
        (
            "`timescale 1ns / 1ps\nmodule counter (\n    input wire clk,\n    output reg [3:0] q\n);\n"
                + "  always @(posedge clk) q <= q + 1;\nendmodule\n",
            "org.ieee.verilog-source"
        ),
        (
            "with Ada.Text_IO;\nuse Ada.Text_IO;\n\nprocedure Hello is\nbegin\n   Put_Line (\"Hello\");\n"
                + "end Hello;\n",
            "public.ada-source"
        ),
        (
            // The `use` clause on the context clause's line, as Rosetta Code's programs write it.
            "with Ada.Text_IO;  use Ada.Text_IO;\n\nprocedure Count is\nbegin\n   for I in 1 .. 3 loop\n"
                + "      New_Line;\n   end loop;\nend Count;\n",
            "public.ada-source"
        ),
        (
            "program Hello;\nuses SysUtils;\nvar\n  i: Integer;\nbegin\n  WriteLn('Hello');\nend.\n",
            "public.pascal-source"
        ),
        (
            ":- module(family, [parent/2]).\n\nparent(tom, bob).\nparent(bob, ann).\n\n"
                + "grandparent(X, Z) :-\n    parent(X, Y),\n    parent(Y, Z).\n",
            "org.iso.prolog-source"
        ),
        (
            "Feature: Sign in\n\n  Scenario: A known user signs in\n    Given a user named \"ann\"\n"
                + "    When she signs in\n    Then she sees her inbox\n",
            "io.cucumber.gherkin"
        ),
        (
            "; The installer\n!include \"MUI2.nsh\"\nName \"Demo\"\nOutFile \"demo-setup.exe\"\n\n"
                + "Section \"Install\"\n  SetOutPath $INSTDIR\nSectionEnd\n",
            "com.nullsoft.nsis-script"
        ),
        (
            "data testing;\nbegin=0;\ndo i = begin to end by 1;\n  output;\nend;\nrun;\n\n"
                + "PROC PRINT DATA=testing;\nRUN;\n",
            "com.sas.sas-program"
        ),
    ])
    func classicLanguagesAreToldByTheirStructure(text: String, identifier: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier == identifier, "\(text): \(found?.detail ?? "")")
    }

    @Test(arguments: [
        // Prose that names one COBOL division.
        "The data division. It holds the records the program reads and writes every day.\n",
        // Erlang: a module attribute and clauses with arrows, not Prolog's `:-`.
        "-module(counter).\n-export([next/1]).\n\nnext(N) when N >= 0 ->\n    N + 1.\n",
        // PL/SQL: a package body, with no Ada context clause.
        "CREATE OR REPLACE PACKAGE BODY util IS\n  PROCEDURE run IS\n  BEGIN\n    NULL;\n"
            + "  END run;\nEND util;\n",
        // Markdown that mentions a feature.
        "# Notes\n\nFeature: dark mode is planned for the next release of the app.\n",
        // An SQL script for a command-line client: SET statements and quit, no SAS step.
        "SET NAMES utf8;\nSET foreign_key_checks = 0;\nDROP TABLE IF EXISTS t;\nquit;\n",
    ])
    func lookalikesAreNotClassicLanguages(text: String) {
        let found = TextSnifferTests.sniff(text)
        let classic = [
            "org.iso.cobol-source", "org.ieee.vhdl-source", "org.ieee.verilog-source",
            "public.ada-source", "public.pascal-source", "org.iso.prolog-source",
            "io.cucumber.gherkin", "com.nullsoft.nsis-script", "com.sas.sas-program",
        ]
        #expect(!classic.contains(found?.identifier ?? ""), "\(text): \(found?.detail ?? "")")
    }
}

/// F# by what only F# writes among the ML family and .NET languages.
@Suite struct FSharpTests {
    @Test func fSharpIsToldFromOCamlAndCSharp() throws {
        let fSharp =
            "namespace Demo.Pickling\n\nopen System\n\n[<RequireQualifiedAccess>]\nmodule Json =\n"
            + "    let mutable count = 0\n    let run () = printfn \"%d\" count\n"
        let found = TextSnifferTests.sniff(fSharp)
        #expect(found?.identifier == "com.microsoft.fsharp-source", "\(found?.detail ?? "")")
        let classifier = Classifier(registry: .builtinOnly)
        let named = try classifier.classify(bytes: Array(fSharp.utf8), fileName: "Json.fs")
        #expect(named.type.identifier == "com.microsoft.fsharp-source", "\(named.detail)")
        #expect(named.extensionAgrees == true)
        // A top-level module, members with any self identifier.
        let deflate =
            "module Deflate\n\nopen System.IO\n\ntype BitReader(sin : Stream) =\n"
            + "    let mutable bit = 8\n    member x.Skip() =\n        bit <- 8\n"
        let module = TextSnifferTests.sniff(deflate)
        #expect(module?.identifier == "com.microsoft.fsharp-source", "\(module?.detail ?? "")")
        let ocaml =
            "open Printf\n\nlet rec fact n =\n  match n with\n  | 0 -> 1\n  | n -> n * fact (n - 1)\n;;\n"
        #expect(TextSnifferTests.sniff(ocaml)?.identifier == "org.ocaml.ocaml-source")
        let cSharp =
            "namespace Demo.Pickling;\n\nusing System;\n\npublic class Json\n{\n    public int Count;\n}\n"
        #expect(TextSnifferTests.sniff(cSharp)?.identifier != "com.microsoft.fsharp-source")
    }
}

/// Vue and Svelte components by what their frameworks add to markup; HTML pages and fragments
/// with templates or scripts are not components.
@Suite struct ComponentTests {
    @Test(arguments: [
        (
            "<template>\n  <div v-if=\"shown\">{{ msg }}</div>\n</template>\n\n<script>\n"
                + "export default { data: () => ({ shown: true, msg: 'hi' }) }\n</script>\n",
            "org.vuejs.vue-component"
        ),
        (
            "<script setup>\nconst count = ref(0)\n</script>\n\n<template>\n"
                + "  <button @click=\"count++\">{{ count }}</button>\n</template>\n",
            "org.vuejs.vue-component"
        ),
        (
            "<script>\n  export let name = 'world'\n  $: loud = name.toUpperCase()\n</script>\n\n"
                + "<input bind:value={name}>\n{#if name}<h1>Hello {loud}!</h1>{/if}\n",
            "dev.svelte.svelte-component"
        ),
    ])
    func componentsAreToldByTheirFrameworksMarks(text: String, identifier: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier == identifier, "\(text): \(found?.detail ?? "")")
    }

    @Test(arguments: [
        // A page with a script that exports, and a web component's template inside the body.
        "<!DOCTYPE html>\n<html>\n<body>\n<template id=\"row\"><tr></tr></template>\n"
            + "<script type=\"module\">\nexport default {}\n</script>\n</body>\n</html>\n",
        // A fragment with a template and a script, no framework's marks.
        "<template id=\"card\">\n  <div class=\"card\"></div>\n</template>\n<script>\n"
            + "customElements.define('x-card', class extends HTMLElement {})\n</script>\n",
        // A fragment whose links name schemes: `on:` inside a word is no directive.
        "<div>\n  <a href=\"mailto:someone@example.org\">mail</a>\n</div>\n<script>\n"
            + "const s = 'session:' + id\n</script>\n",
    ])
    func markupIsNotAComponent(text: String) {
        let found = TextSnifferTests.sniff(text)
        let components = ["org.vuejs.vue-component", "dev.svelte.svelte-component"]
        #expect(!components.contains(found?.identifier ?? ""), "\(text): \(found?.detail ?? "")")
    }
}

/// Common Lisp, Emacs Lisp, Scheme and Racket by the forms each dialect writes, and other
/// parenthesised text that is none of them.
@Suite struct LispDialectTests {
    @Test(arguments: [
        (
            ";;; -*- Mode: Lisp -*-\n(in-package :demo)\n\n(defparameter *limit* 10)\n\n"
                + "(defun clamp (x)\n  (min x *limit*))\n",
            "org.common-lisp.source"
        ),
        (
            ";;; greet.el --- say hello  -*- lexical-binding: t -*-\n\n(require 'subr-x)\n\n"
                + "(defun greet ()\n  (interactive)\n  (message \"hello\"))\n\n(provide 'greet)\n",
            "org.gnu.emacs-lisp-source"
        ),
        (
            "(setq inhibit-startup-screen t)\n(setq-default indent-tabs-mode nil)\n"
                + "(add-hook 'prog-mode-hook #'display-line-numbers-mode)\n",
            "org.gnu.emacs-lisp-source"
        ),
        (
            "(define (square x)\n  (* x x))\n\n(define limit 10)\n(display (square limit))\n"
                + "(newline)\n",
            "org.scheme-reports.scheme-source"
        ),
        ("#lang racket/base\n\n(define (f x) x)\n", "org.racket-lang.racket-source"),
        ("#lang scheme\n(define (f x) x)\n", "org.scheme-reports.scheme-source"),
        (
            "(defn verse [n]\n  (str n \" bottles\"))\n\n(doseq [n (range 3)]\n  (println (verse n)))\n",
            "org.clojure.source"
        ),
    ])
    func dialectsAreToldByTheirForms(text: String, identifier: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier == identifier, "\(text): \(found?.detail ?? "")")
    }

    @Test(arguments: [
        // SMT-LIB and WebAssembly text: forms at the margin, no dialect's.
        "(set-logic QF_LIA)\n(declare-fun x () Int)\n(assert (> x 2))\n(check-sat)\n",
        "(module\n  (func $add (param i32 i32) (result i32)\n    local.get 0))\n(memory 1)\n",
        // Prose in parentheses, and a Scheme definition under a page of prose.
        "(This note is an aside.)\n(It says nothing a program would.)\nThe rest is prose.\n",
        "Notes on the build.\n(define (f x) x)\n(define y 2)\n",
        // Hy: Clojure's `defn` and binding vectors, Python's assignment.
        "(defn cycle [coll]\n  (setv seen [])\n  (for [x coll]\n    (yield x)))\n\n"
            + "(defn dec [n]\n  (- n 1))\n",
        // Notes with a definition first and last: most lines at the margin are no forms.
        "(define (f x) x)\nThese notes say how it works.\nIt returns what it is given.\n"
            + "Nothing else happens.\n(define y 2)\n",
        // An Emacs form and a Common Lisp form, one each: no dialect outweighs the other.
        "(require 'cl-lib)\n(in-package :demo)\n(defun f () nil)\n",
    ])
    func otherFormsAreNoLisp(text: String) {
        let found = TextSnifferTests.sniff(text)
        let lisps = [
            "org.common-lisp.source", "org.gnu.emacs-lisp-source", "org.clojure.source",
            "org.scheme-reports.scheme-source", "org.racket-lang.racket-source",
        ]
        #expect(!lisps.contains(found?.identifier ?? ""), "\(text): \(found?.detail ?? "")")
    }

    /// Common Lisp named `.l` (Lex's extension) and Emacs Lisp named `.el`: the content
    /// decides; forms both dialects write take the dialect an `.el` name gives (Tika's and
    /// shared-mime-info's globs give `.el` to Emacs Lisp alone).
    @Test func namesAgreeWithTheDialectTheContentShows() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let common =
            "(in-package \"LISP\")\n(export '(vector))\n(defun vector (&rest xs) xs)\n(provide \"array\")\n"
        let lex = try classifier.classify(bytes: Array(common.utf8), fileName: "array.l")
        #expect(lex.type.identifier == "org.common-lisp.source", "\(lex.detail)")
        let emacs = "(require 'cl-lib)\n(defvar greet-name \"you\")\n(provide 'greet)\n"
        let el = try classifier.classify(bytes: Array(emacs.utf8), fileName: "greet.el")
        #expect(el.type.identifier == "org.gnu.emacs-lisp-source", "\(el.detail)")
        #expect(el.extensionAgrees == true)
        #expect(el.mimeType == "text/x-emacs-lisp")
        for shared in ["(setq fill-column 72)\n", "(defun twice (x)\n  (* x 2))\n"] {
            let named = try classifier.classify(bytes: Array(shared.utf8), fileName: "init.el")
            #expect(named.type.identifier == "org.gnu.emacs-lisp-source", "\(named.detail)")
            let lisp = try classifier.classify(bytes: Array(shared.utf8), fileName: "init.lisp")
            #expect(lisp.type.identifier == "org.common-lisp.source", "\(lisp.detail)")
        }
    }
}

/// MATLAB and Octave by their comments, range loops and function lines, and the languages
/// that share a part of them.
@Suite struct MATLABTests {
    @Test(arguments: [
        // A script: no comment, a range loop, `end` alone, the numeric library.
        "x=linspace(0,1,11);\nz=zeros(11,11);\nfor i=1:11\n    z(i,i)=x(i);\nend\n\nfigure\n",
        // Cells and comments.
        "%% Grid\nn=100;\n\n%% Time\nT=2; % seconds\nx=ones(n,1);\n",
        // A function with outputs, Octave's end.
        "% isdir: is it a folder\nfunction t = isdir (x)\n  t = exist (x, \"dir\");\nendfunction\n",
        // A script of comments and statements, an element-wise power among them.
        "% WTSGAUS Gaussian weights\n% computes weights\nx = linspace(-3,3,100);\n"
            + "w = exp(-x.^2/2);\nplot(x, w);\n",
        // Octave's library: `##` comments, a texinfo block, `endif` and `endfunction`.
        "## Copyright (C) 2004 Alois Schloegl\n##\n## -*- texinfo -*-\n## @deftypefn {} isdir (@var{f})\n"
            + "## @end deftypefn\n\nfunction t = isdir (x)\n  if (nargin == 1)\n"
            + "    t = exist (x, \"dir\") == 7;\n  else\n    print_usage (\"isdir\");\n  endif\n"
            + "endfunction\n",
        // Its licence and texinfo documentation first, the code beyond the lines read.
        "########\n##\n## Copyright (C) 2007-2022 The Octave Project Developers\n##\n"
            + "## This file is part of Octave.\n\n## -*- texinfo -*-\n"
            + "## @deftypefn {} {} cylinder (@var{r})\n## Plot a 3-D unit cylinder.\n",
    ])
    func matlabIsToldByItsLines(text: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(
            found?.identifier == "com.mathworks.matlab-source",
            "\(text): \(found?.detail ?? "")"
        )
    }

    @Test(arguments: [
        // Julia: a range loop and `end`, `#` comments, no `;` or `%`.
        "# sum of squares\nfunction total(n)\n    s = 0\n    for i=1:n\n        s += i^2\n    end\n"
            + "    println(s)\nend\n",
        // LaTeX's comments, and a note that has a range in it.
        "% chapter one\n\\section{Start}\nfor i = 1:3 we repeat the step.\n",
        // Julia: a loop over a collection and `return` with a value, which MATLAB never writes.
        "function solve(nums)\n    for x in nums\n        for i = 1:24\n            return x\n        end\n"
            + "    end\nend\n",
        // A highlighter's language definition: `function = '...'` names no outputs.
        "% log files\nstate ip start '^' begin\n  function = '[^:]+'\n  number delim \"(\" \")\"\nend\n",
        // Lua's numeric loop.
        "-- count\nfor i=1,10 do\n  print(i)\nend\n",
        // Python and shell with `#` comments: no texinfo mark, no `endfunction`.
        "## Helpers\n## for the build\nimport os\nfor f in files:\n    print(f)\n",
        // A C shell script: `#` comments, `endif` and `end`, but no `endfunction`.
        "# setup\nset n = 3\nif ($n > 1) then\n  echo many\nendif\nforeach f (*.c)\n  echo $f\nend\n",
        // Objective-C.
        "#import <Foundation/Foundation.h>\n\n@interface Point : NSObject\n@end\n",
        // LaTeX with a power in its mathematics, and a comment: a `.^` needs an operand.
        "% notes\n\\begin{equation}\n  e = m c^2 .^{}\n\\end{equation}\nplot(x)\n",
    ])
    func othersAreNotMATLAB(text: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(
            found?.identifier != "com.mathworks.matlab-source",
            "\(text): \(found?.detail ?? "")"
        )
    }

    /// Apple's table gives `.m` to Objective-C: a MATLAB script so named is MATLAB, and the
    /// name agrees.
    @Test func aDotMNameAgreesWithMATLAB() throws {
        let script = "t = linspace(0, 1, 5);\nfor k = 1:5\n  disp(t(k))\nend\n"
        let result = try Classifier(registry: .builtinOnly).classify(
            bytes: Array(script.utf8),
            fileName: "plot_it.m"
        )
        #expect(result.type.identifier == "com.mathworks.matlab-source", "\(result.detail)")
        #expect(result.extensionAgrees == true)
    }
}

/// JSON with comments and trailing commas (editors' settings, `tsconfig.json`) and JSON5,
/// which JSON's grammar refuses, and text that only looks like them.
@Suite struct RelaxedJSONTests {
    @Test(arguments: [
        (
            "{\n  // strict checks\n  \"compilerOptions\": {\n    \"strict\": true,\n  },\n}\n",
            "public.json"
        ),
        ("// Place your settings here\n{\n  \"editor.fontSize\": 14\n}\n", "public.json"),
        ("[\n  /* the first */\n  {\"a\": 1},\n  {\"b\": 2},\n]\n", "public.json"),
        ("{\n  name: 'demo',\n  version: 2,\n}\n", "org.json5.json5"),
        ("{\n  // quoted by JSON5's rules\n  \"title\": 'It\\'s here'\n}\n", "org.json5.json5"),
    ])
    func relaxedJSONIsRecognised(text: String, identifier: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier == identifier, "\(text): \(found?.detail ?? "")")
    }

    @Test(arguments: [
        // A JavaScript object with a method, C and CSS after a comment, a broken document.
        "{\n  run() { return 1 },\n}\n",
        "// main\n#include <stdio.h>\nint main(void) { return 0; }\n",
        "/* theme */\nbody {\n  color: red;\n}\n",
        "{\n  \"a\" 1,\n}\n",
        // A comment that never closes.
        "/* unfinished\n{\"a\": 1}\n",
    ])
    func lookalikesAreNoJSON(text: String) {
        let found = TextSnifferTests.sniff(text)
        let json = ["public.json", "org.json5.json5"]
        #expect(!json.contains(found?.identifier ?? ""), "\(text): \(found?.detail ?? "")")
    }

    /// Both readings are tentative: a `.json5` name decides over JSON with comments, and a
    /// `tsconfig.json` stays JSON.
    @Test func namesDecideBetweenTheDialects() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let commented = "{\n  // build\n  \"strict\": true,\n}\n"
        let json5 = try classifier.classify(bytes: Array(commented.utf8), fileName: "a.json5")
        #expect(json5.type.identifier == "org.json5.json5", "\(json5.detail)")
        let config = try classifier.classify(
            bytes: Array(commented.utf8),
            fileName: "tsconfig.json"
        )
        #expect(config.type.identifier == "public.json", "\(config.detail)")
        #expect(config.extensionAgrees == true)
    }
}

/// AppleScript and fish without their `#!` lines, and the languages whose blocks also close
/// with `end` or that also `set` things.
@Suite struct AppleScriptAndFishTests {
    @Test(arguments: [
        (
            "set total to 0\nrepeat with i from 1 to 10\n  set total to total + i\nend repeat\n"
                + "display dialog total\n",
            "com.apple.applescript.text"
        ),
        (
            "tell application \"Finder\"\n  set names to name of every file of desktop\nend tell\n",
            "com.apple.applescript.text"
        ),
        (
            "set is_open to {}\nrepeat 100 times\n   set end of is_open to false\nend\n",
            "com.apple.applescript.text"
        ),
        (
            "function greet -d \"Say hello\"\n    set -l name $argv[1]\n    echo hello $name\nend\n",
            "org.fishshell.fish-script"
        ),
        (
            "set -gx EDITOR vim\nif status --is-interactive\n    set -g fish_greeting\nend\n",
            "org.fishshell.fish-script"
        ),
        // Completion files: one `complete` line with fish's own options, a call of fish's
        // `__fish_` helpers, a generated script piped into `source`.
        ("complete -c sha384sum -w md5sum\n", "org.fishshell.fish-script"),
        (
            "complete -r -c apt-key -a add -d \"Add a new key\"\n"
                + "complete -f -c apt-key -a del -d \"Remove a key\"\n",
            "org.fishshell.fish-script"
        ),
        ("__fish_complete_ftp pftp\n", "org.fishshell.fish-script"),
        ("kubectl completion fish 2>/dev/null | source\n", "org.fishshell.fish-script"),
        // zsh's completion and function files: a #compdef tag first, or its own builtins.
        (
            "#compdef mutt\n\n_arguments -s -S \\\n  '-a[attach file]:file:_files'\n",
            "public.zsh-script"
        ),
        ("#autoload\n\nlocal expl\n_wanted users expl user compadd \"$@\"\n", "public.zsh-script"),
        (
            "emulate -L zsh\nsetopt extendedglob\nlocal -a words\nwords=(${(z)BUFFER})\n",
            "public.zsh-script"
        ),
        // C shell, sourced without a `#!` line (a venv's activate.csh, profile.d).
        (
            "if (! $?DEBUGINFOD_URLS) then\n    set prefix=\"/usr\"\n"
                + "    setenv DEBUGINFOD_URLS \"https://debuginfod.debian.net\"\n    unset prefix\nendif\n",
            "public.csh-script"
        ),
        (
            "setenv VIRTUAL_ENV /opt/venv\nset _OLD_VIRTUAL_PATH=\"$PATH\"\n"
                + "setenv PATH \"$VIRTUAL_ENV/bin:$PATH\"\nrehash\n",
            "public.csh-script"
        ),
    ])
    func scriptsAreToldByTheirStatements(text: String, identifier: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier == identifier, "\(text): \(found?.detail ?? "")")
    }

    @Test(arguments: [
        // The POSIX shell's options (no scope), its `test` on a line of its own; zsh's function
        // with braces and its `$argv`.
        "set -x\nif test -f config\nthen\n  . ./config\nfi\n",
        "function greet {\n  echo hello $argv[1]\n}\ngreet world\n",
        // Lua: functions with parentheses, `end` alone.
        "function greet(name)\n  print(\"hello \" .. name)\nend\n\nfunction bye()\nend\n",
        // Lua's repeat ... until loop and a numeric for: `repeat` alone and `end`, not AppleScript.
        "local n = 0\nrepeat\n  n = n + 1\nuntil n > 9\nfor i = 1, 3 do\n  print(i)\nend\n",
        // Instructions that set things to values and repeat steps, in sentences.
        "set the dial to five before the morning checks\nrepeat the steps in the manual until "
            + "the light turns green\nend\n",
        // bash's own completions: actions and options, no fish option.
        "complete -F _longopt -o default wget\ncomplete -d -c pushd\ncomplete -W 'a b' tool\n",
        // Lua and Fortran also write `if (...) then`.
        "local x = 1\nif (x > 0) then\n  print(x)\nend\n",
        "program demo\n  integer :: i\n  if (i > 0) then\n    print *, i\n  endif\nend program\n",
        // The POSIX shell's `set -e` and `fi`; bash's `shopt` and `set -o`.
        "set -e\nif [ -n \"$X\" ]; then\n  export X\nfi\n",
        "shopt -s extglob\nset -o pipefail\nfor f in *.txt; do\n  echo \"$f\"\ndone\n",
        // A comment that names a tag is no tag.
        "# Use #compdef in zsh files.\necho done\n",
    ])
    func othersAreNeither(text: String) {
        let found = TextSnifferTests.sniff(text)
        let kinds = [
            "com.apple.applescript.text", "org.fishshell.fish-script", "public.csh-script",
            "public.zsh-script",
        ]
        #expect(!kinds.contains(found?.identifier ?? ""), "\(text): \(found?.detail ?? "")")
    }
}

/// Julia by the mutating functions it calls (`push!(v, x)`), which Ruby writes only as methods.
@Suite struct JuliaMutatingCallTests {
    @Test func aMutatingCallTellsJulia() {
        let julia =
            "function collect_all(input)\n    d = Int[]\n    for i in input\n        push!(d, i)\n"
            + "    end\n    return d\nend\n"
        let found = TextSnifferTests.sniff(julia)
        #expect(found?.identifier == "org.julialang.julia-source", "\(found?.detail ?? "")")
    }

    @Test(arguments: [
        // Ruby: a bang method through a receiver, and one called bare inside a `def`.
        "items.each do |item|\n  item.save!(validate: true)\nend\n",
        "def publish\n  update!(state: 'live')\nend\n\ndef archive\n  update!(state: 'old')\nend\n",
    ])
    func rubyBangMethodsAreNoJulia(text: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(
            found?.identifier != "org.julialang.julia-source",
            "\(text): \(found?.detail ?? "")"
        )
    }
}

/// Gradle build scripts by their blocks and declarations, in Groovy or Kotlin.
@Suite struct GradleScriptTests {
    static let groovy =
        "plugins {\n    id 'java'\n}\n\nrepositories {\n    mavenCentral()\n}\n\ndependencies {\n"
        + "    implementation 'com.google.guava:guava:31.1-jre'\n}\n"
    static let kotlin =
        "plugins {\n    id(\"java\")\n}\n\nrepositories {\n    mavenCentral()\n}\n\ndependencies {\n"
        + "    implementation(\"org.apache.commons:commons-lang3:3.12.0\")\n}\n"

    @Test func scriptsInEitherLanguageAreGradle() throws {
        for text in [Self.groovy, Self.kotlin] {
            let found = TextSnifferTests.sniff(text)
            #expect(
                found?.identifier == "org.gradle.build-script",
                "\(text): \(found?.detail ?? "")"
            )
        }
        // A `.kts` name picks Kotlin, which Gradle's Kotlin scripts are written in.
        let classifier = Classifier(registry: .builtinOnly)
        let kts = try classifier.classify(
            bytes: Array(Self.kotlin.utf8),
            fileName: "build.gradle.kts"
        )
        #expect(kts.type.identifier == "org.kotlinlang.kotlin-source", "\(kts.detail)")
        #expect(kts.extensionAgrees == true)
    }

    @Test(arguments: [
        // A Terraform-like configuration with blocks of the same names, and no declarations.
        "plugins {\n  enabled = true\n}\n\ndependencies {\n  list = [\"a\", \"b\"]\n}\n",
        // Prose that names a dependency.
        "dependencies {\nThe implementation 'group:name' line pulls the library in.\n}\n",
    ])
    func lookalikesAreNoGradle(text: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier != "org.gradle.build-script", "\(text): \(found?.detail ?? "")")
    }
}

/// AsciiDoc by its section titles and attributes; Markdown and MediaWiki are not AsciiDoc.
@Suite struct AsciiDocTests {
    @Test func asciiDocIsToldByItsMarkup() {
        let text =
            "Document Title\n==============\n:toc: left\n:idprefix: id_\n\nPreamble.\n\n"
            + "NOTE: This is a test.\n\n== Section A\n\n[source,ruby]\n----\nputs 1\n----\n"
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier == "org.asciidoc.asciidoc", "\(found?.detail ?? "")")
    }

    @Test(arguments: [
        // MediaWiki: closed section titles and links.
        "== History ==\nThe town grew.\n\n=== Early years ===\n[[Category:Towns]]\n[[File:Map.png]]\n",
        // Markdown: `#` headings, a setext underline of equals signs alone.
        "Title\n=====\n\n# Usage\n\nRun it.\n\n## Options\n\n- one\n",
    ])
    func otherMarkupIsNotAsciiDoc(text: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier != "org.asciidoc.asciidoc", "\(text): \(found?.detail ?? "")")
    }
}

/// D by its standard library imports and templates; C++23 and Python imports are not D's.
@Suite struct DLanguageTests {
    @Test func dIsToldByPhobos() {
        let text =
            "import std.stdio, std.algorithm;\n\nvoid main() {\n    auto xs = [3, 1, 2];\n"
            + "    foreach (x; xs.sort()) writeln(x);\n}\n"
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier == "org.dlang.d-source", "\(found?.detail ?? "")")
    }

    @Test(arguments: [
        // C++23's standard library module has no dotted name.
        "import std;\n\nint main() {\n    std::println(\"hi\");\n    if (a != b) return 1;\n}\n",
        // Python: a package named core, a negation and a main function.
        "import core.settings as s\n\ndef main():\n    if not s.ready:\n        print(\"no\")\n",
    ])
    func otherImportsAreNoD(text: String) {
        let found = TextSnifferTests.sniff(text)
        #expect(found?.identifier != "org.dlang.d-source", "\(text): \(found?.detail ?? "")")
    }
}

/// An external DTD is markup declarations, which no signature knows: a first `<!--` made it
/// HTML (shared-mime-info) or XML (Tika).
@Suite struct DocumentTypeDefinitionTests {
    @Test(arguments: [
        "<!ELEMENT doc (#PCDATA)>\n",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\n<!ENTITY % inline \"#PCDATA\">\n",
        "<!-- VOTable DTD\n     History -->\n\n<!ELEMENT VOTABLE (RESOURCE*)>\n<!ATTLIST VOTABLE ID ID #IMPLIED>\n",
        "\u{FEFF}<!-- a -->\n<!-- b -->\n<!NOTATION gif SYSTEM \"image/gif\">\n",
    ])
    func declarationsMakeADTD(text: String) throws {
        #expect(TextSnifferTests.sniff(text)?.identifier == "org.w3.xml-dtd", "\(text)")
        let classifier = Classifier(registry: .builtin)
        let result = try classifier.classify(bytes: Array(text.utf8), fileName: nil)
        #expect(result.type.identifier == "org.w3.xml-dtd", "\(result.detail)")
    }

    @Test(arguments: [
        "<!DOCTYPE html>\n<html><body></body></html>\n",
        "<!-- licence -->\n<configuration>\n  <!ELEMENT x>\n</configuration>\n",
        "<!ELEMENTS are listed below>\n",
        "<!-- a comment that never ends <!ELEMENT x ANY>",
    ])
    func documentsAreNoDTD(text: String) {
        #expect(TextSniffer.dtdDeclaration(Array(text.utf8)[...]) == nil, "\(text)")
    }
}

/// Formats told by their header lines: Weka's ARFF, and LaTeX kept as a fragment.
@Suite struct HeaderLineFormatTests {
    @Test(arguments: [
        "% Iris\n% source: UCI\n@RELATION iris\n\n@ATTRIBUTE sepal REAL\n@DATA\n5.1\n",
        "@relation test\n@attribute a numeric\n@attribute b {x, y}\n@data\n1,x\n",
    ])
    func arffHeaders(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == "nz.ac.waikato.arff", "\(text)")
    }

    @Test(arguments: [
        // No attribute before the data, a relation that is not first, an at-sign word.
        "@RELATION empty\n@DATA\n",
        "Notes\n@RELATION x\n@ATTRIBUTE a REAL\n",
        "@relationship goals\n@attribute a\n",
    ])
    func notARFF(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier != "nz.ac.waikato.arff", "\(text)")
    }

    @Test(arguments: [
        "\\begin{table}\n\\caption{Fluxes}\n\\begin{tabular}{lr}\na & 1\\\\\n\\end{tabular}\n\\end{table}\n",
        "% generated\n\n    \\begin{tabular}{lrr}\\hline\ncola & colb\\\\\n    \\end{tabular}\n",
        "\\begin{deluxetable*}{ll}\n\\startdata\nA & B\n\\enddata\n\\end{deluxetable*}\n",
    ])
    func latexFragments(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == "org.tug.tex", "\(text)")
    }

    @Test(arguments: [
        // An environment that is never closed, or text before it.
        "\\begin{table}\nA & B\n",
        "The table:\n\\begin{table}\n\\end{table}\n",
        "\\begin{}\n\\end{}\n",
    ])
    func notLaTeXFragments(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier != "org.tug.tex", "\(text)")
    }
}

/// Vim script, the language of Vim's runtime files and vimrc files.
@Suite struct VimScriptTests {
    @Test(arguments: [
        // A syntax file.
        "\" Vim syntax file\n\" Language: Fixture\n\nif exists(\"b:current_syntax\")\n  finish\nendif\n\nsyn keyword fixtureKeyword begin end\nhi def link fixtureKeyword Keyword\n\nlet b:current_syntax = \"fixture\"\n",
        // A vimrc.
        "\" settings\nset nocompatible\nlet g:mapleader = \",\"\nnnoremap <leader>w :w<CR>\naugroup fixture\n  autocmd!\n  autocmd BufWritePre * %s/\\s\\+$//e\naugroup END\n",
        // A plugin's function.
        "function! s:Trim(text)\n  return substitute(a:text, '^\\s*', '', '')\nendfunction\n\ncommand! -nargs=1 Trim call s:Trim(<q-args>)\n",
        // A keymap.
        "\" Vim Keymap file\nscriptencoding utf-8\nlet b:keymap_name = \"fx\"\nloadkeymap\na\t\u{0430}\n",
        // An indent file whose comments quote Perl (ending in `;`), then its load guard.
        "\" Vim indent file\n\" Not indented yet:\n\"     print \"foo\",\n\"       \"bar\";\n\n"
            + "if exists(\"b:did_indent\")\n    finish\nendif\nlet b:did_indent = 1\n",
        // A filetype plugin that loads another: the guard, finish, endif, runtime.
        "if exists(\"b:did_ftplugin\")\n  finish\nendif\nruntime! ftplugin/cfg.vim\n",
    ])
    func vimFiles(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == "org.vim.vim-script", "\(text)")
    }

    @Test(arguments: [
        // Comments and feature tests alone, with no command only Vim starts a line with.
        "\" a quoted line\nif exists(\"x\")\nendif\nfinish\n",
        // A command Vim has, in a language that ends statements in `;`.
        "let g:x = 1;\nlet s:y = 2;\nfunction! f() {}\nendfunction;\n",
        // One Vim command in prose-like text: not enough.
        "\" notes\nlet g:done = 1\n",
    ])
    func notVim(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier != "org.vim.vim-script", "\(text)")
    }
}

/// pkg-config metadata files: variables and pkg-config's fields, nothing else.
@Suite struct PkgConfigTests {
    @Test func fieldsAndVariablesMakeAPkgConfigFile() {
        let file =
            "prefix=/usr\nincludedir=${prefix}/include\n\nName: FixesProto\n"
            + "Description: X Fixes extension headers\nVersion: 6.0\nCflags: -I${includedir}\n"
        #expect(TextSnifferTests.sniff(file)?.identifier == "org.freedesktop.pkg-config")
        // Without a version, with a field pkg-config has not, or with a line of prose.
        for other in [
            "prefix=/usr\nName: x\nLibs: -lx\n",
            "Name: x\nVersion: 1\nLibs: -lx\nAuthor: someone\n",
            "Name: x\nVersion: 1\nLibs: -lx\nThis library does things.\n",
        ] {
            #expect(TextSnifferTests.sniff(other)?.identifier != "org.freedesktop.pkg-config")
        }
    }
}

/// Desktop entries, by their group, also behind comments (shared-mime-info's rule reads the
/// first 32 bytes only).
@Suite struct DesktopEntryTests {
    @Test func theDesktopEntryGroupMakesADesktopEntry() {
        let entry = "org.freedesktop.desktop-entry"
        let launchers = [
            "[Desktop Entry]\nType=Application\nName=Vim\nExec=vim %F\n",
            "# Generated by the build, do not edit.\n# Edit vim.desktop.in instead.\n\n"
                + "[Desktop Entry]\n# Translators: the name\nName[de]=Vim\nName=Vim\n",
            "[KDE Desktop Entry]\nIcon=folder\nName = Old\n",
        ]
        for text in launchers {
            #expect(TextSnifferTests.sniff(text)?.identifier == entry, "\(text)")
        }
        // Another group first, one entry only, or prose under the group: not a desktop entry.
        for other in [
            "[Settings]\n[Desktop Entry]\nName=x\nType=y\n",
            "[Desktop Entry]\nName=x\n",
            "[Desktop Entry]\nThis is how the group is written.\nName=x\nType=y\n",
            "The [Desktop Entry] group\nName=x\nType=y\n",
        ] {
            #expect(TextSnifferTests.sniff(other)?.identifier != entry, "\(other)")
        }
    }
}

/// Go modules' go.mod and go.sum files, by their directives and their checksum lines.
@Suite struct GoModuleFileTests {
    @Test func goModAndGoSum() {
        let mod =
            "// Module of the fixture.\nmodule github.com/example/project // main\n\ngo 1.21\n\n"
            + "require (\n\tgithub.com/pkg/errors v0.9.1\n)\n"
        #expect(TextSnifferTests.sniff(mod)?.identifier == "org.golang.go-module")
        let sum =
            "github.com/pkg/errors v0.9.1 h1:FEBLx1zS214owpjy7qsBeixbURkuhQAwrK5UwLGTwt4=\n"
            + "github.com/pkg/errors v0.9.1/go.mod h1:bwawxfHBFNV+L2hUp1rHADufV3IMtnDRdf1r5NINEl0=\n"
        #expect(TextSnifferTests.sniff(sum)?.identifier == "org.golang.go-sum")
    }

    @Test(arguments: [
        // A module line alone, a Fortran or Python line that starts so, and one sum line.
        "module github.com/example/project\n",
        "module physics; go away\nrequire x\n",
        "module constants\n  implicit none\nend module constants\n",
        "github.com/pkg/errors v0.9.1 h1:FEBLx1zS214owpjy7qsBeixbURkuhQAwrK5UwLGTwt4=\n",
    ])
    func notGoModuleFiles(text: String) {
        let found = TextSnifferTests.sniff(text)?.identifier
        #expect(found != "org.golang.go-module" && found != "org.golang.go-sum", "\(text)")
    }
}
