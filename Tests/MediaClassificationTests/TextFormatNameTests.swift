import Foundation
import MediaClassification
import Testing
import UniformTypes

/// Text formats that content alone cannot tell apart take their type from the name, from the
/// registry's own table (no system database), and content rules that only glimpse a format do
/// not outweigh a reading of it.
@Suite struct TextFormatNameTests {
    let classifier = Classifier(registry: .builtinOnly)

    @Test(arguments: [
        ("profile.ps1", "Write-Output 'hello'\n", "com.microsoft.powershell-script"),
        ("solve.jl", "function f(x)\n    x + 1\nend\n", "org.julialang.julia-source"),
        (
            "flake.nix", "/* system */\n{ pkgs, ... }:\n{\n  imports = [ ];\n}\n",
            "org.nixos.nix-expression"
        ),
        (
            "proxy.pac",
            "// proxy\nfunction FindProxyForURL(url, host) {\n  return \"DIRECT\";\n}\n",
            "org.mozilla.proxy-autoconfig"
        ),
        ("main.zig", "const std = @import(\"std\");\n", "org.ziglang.zig-source"),
        ("theme.scss", "$accent: #333;\n.nav { a { color: $accent; } }\n", "org.sass-lang.scss"),
        ("schema.graphql", "type Query {\n  hello: String\n}\n", "org.graphql.graphql"),
        ("main.tf", "resource \"null_resource\" \"x\" {}\n", "com.hashicorp.hcl"),
        ("App.vue", "<template>\n  <div/>\n</template>\n", "org.vuejs.vue-component"),
        ("build.gradle", "plugins {\n  id 'java'\n}\n", "org.gradle.build-script"),
        ("Module.vb", "REM greeting\nModule M\nEnd Module\n", "com.microsoft.visual-basic-source"),
        ("records.jsonl", "{\"a\": 1}\n{\"a\": 2}\n", "org.jsonlines.jsonl"),
    ])
    func textTypesComeFromTheName(name: String, text: String, identifier: String) throws {
        let result = try classifier.classify(bytes: Array(text.utf8), fileName: name)
        #expect(result.type.identifier == identifier, "\(name): \(result.detail)")
        #expect(result.extensionAgrees == true, "\(name)")
    }

    /// The text tells C++ from C, the name a header from a source file: C++ named `.h` or
    /// `.hpp` is a C++ header, named `.cpp` a C++ source file.
    @Test func headerNamesMakeCPlusPlusHeaders() throws {
        let code =
            "#include <vector>\n\nnamespace demo {\ntemplate <typename T>\nclass Box {\npublic:\n"
            + "    std::vector<T> items;\n};\n}\n"
        for (name, identifier) in [
            ("box.h", "public.c-plus-plus-header"), ("box.hpp", "public.c-plus-plus-header"),
            ("box.cpp", "public.c-plus-plus-source"),
        ] {
            let result = try classifier.classify(bytes: Array(code.utf8), fileName: name)
            #expect(result.type.identifier == identifier, "\(name): \(result.detail)")
            #expect(result.extensionAgrees == true, "\(name)")
        }
    }

    /// Node, Deno and Bun run TypeScript too: a `.ts` name decides over their `#!` line, and
    /// ts-node's names TypeScript itself.
    @Test func aTypeScriptNameDecidesOverAJavaScriptEngine() throws {
        let script = "#!/usr/bin/env node\nimport yargs from 'yargs';\n\nconst range = '>=18';\n"
        for (name, identifier) in [
            ("bin.ts", "com.microsoft.typescript"), ("bin.js", "com.netscape.javascript-source"),
            (nil, "com.netscape.javascript-source"),
            // Another kind of text named does not decide: the engine runs the file.
            ("bin.sh", "com.netscape.javascript-source"),
        ] as [(String?, String)] {
            let result = try classifier.classify(bytes: Array(script.utf8), fileName: name)
            #expect(result.type.identifier == identifier, "\(name ?? "unnamed"): \(result.detail)")
        }
        let deno = "#!/usr/bin/env -S deno run --allow-net\nconsole.log(1)\n"
        let named = try classifier.classify(bytes: Array(deno.utf8), fileName: "serve.ts")
        #expect(named.type.identifier == "com.microsoft.typescript", "\(named.detail)")
        let tsNode = "#!/usr/bin/env ts-node\nconst x: number = 1\n"
        let unnamed = try classifier.classify(bytes: Array(tsNode.utf8), fileName: nil)
        #expect(unnamed.type.identifier == "com.microsoft.typescript", "\(unnamed.detail)")
    }

    /// `.asc` names AsciiDoc pages as often as OpenPGP armour: plain text that does not open
    /// with the armour's header line is not made an armoured message by the name.
    @Test func anAscNameMakesNoArmourWithoutItsHeader() throws {
        let page = "= Shopping list\n\n* apples\n* pears\n"
        let result = try classifier.classify(bytes: Array(page.utf8), fileName: "list.asc")
        #expect(result.type.identifier != "org.openpgp.armored-message", "\(result.detail)")
        let armour = "-----BEGIN PGP SIGNATURE-----\n\niQEz\n-----END PGP SIGNATURE-----\n"
        let signed = try classifier.classify(bytes: Array(armour.utf8), fileName: "list.asc")
        #expect(signed.type.identifier.hasPrefix("org.openpgp."), "\(signed.detail)")
    }

    /// An ECMAScript module line is a tentative reading.
    ///
    /// Slint, QML and TypeScript write it too. Without a name it is JavaScript with low
    /// confidence; a name claiming another kind of text decides; a name claiming plain text
    /// or JavaScript does not change it.
    @Test func aModuleLineYieldsToANameOfAnotherLanguage() throws {
        let text = Array(
            "import { Button } from \"std-widgets.slint\";\n\nexport component App {}\n".utf8
        )
        let unnamed = try classifier.classify(bytes: text, fileName: nil)
        #expect(unnamed.type.identifier == "com.netscape.javascript-source")
        #expect(unnamed.confidence == .low)
        let slint = try classifier.classify(bytes: text, fileName: "app-window.slint")
        #expect(slint.type.identifier == "dev.slint.slint-source", "\(slint.detail)")
        #expect(slint.extensionAgrees == true)
        for name in ["notes.txt", "module.js"] {
            let result = try classifier.classify(bytes: text, fileName: name)
            #expect(result.type.identifier == "com.netscape.javascript-source", "\(name)")
        }
        // A reading of several features is not tentative: a Tcl module stays Tcl under a name
        // the tables give to TeXmacs.
        let tcl = Array(
            """
            package require Tcl 8.4
            namespace eval ::platform::shell {}
            proc ::platform::shell::generic {shell} {
                set code {}
                return $code
            }

            """.utf8
        )
        #expect(try classifier.classify(bytes: tcl, fileName: nil).confidence == .medium)
        let texmacs = try classifier.classify(bytes: tcl, fileName: "shell-1.1.4.tm")
        #expect(texmacs.type.identifier == "org.tcl-lang.script", "\(texmacs.detail)")
    }

    /// Where the text analysis outweighs other signatures the bytes match, the name picks.
    ///
    /// `<html xmlns=...>` without an XML declaration reads as HTML, and Tika's XHTML
    /// root rule matches it too; a `.xhtml` name says which.
    @Test func theNamePicksAmongTheTextsOtherReadings() throws {
        let page = Array(
            (#"<html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head>"#
                + "<body><p>x</p></body></html>\n").utf8
        )
        #expect(try classifier.classify(bytes: page, fileName: nil).type == .html)
        #expect(try classifier.classify(bytes: page, fileName: "page.html").type == .html)
        let named = try classifier.classify(bytes: page, fileName: "page.xhtml")
        #expect(named.type.identifier == "public.xhtml", "\(named.detail)")
        #expect(named.extensionAgrees == true)
        // A name claiming what no signature read in the bytes stays a disagreeing claim.
        let other = try classifier.classify(bytes: page, fileName: "page.svg")
        #expect(other.type == .html)
        #expect(other.extensionAgrees == false)
    }

    /// Tika's `#!/` rule calls every `#!` file a shell script; a line that names another
    /// program is that program's script (or a script of an unknown kind).
    @Test func aShebangNamingAnotherProgramIsNoShellScript() throws {
        for (text, identifier) in [
            ("#!/usr/bin/x-nonexistent-interpreter\n# a script\n", "public.script"),
            ("#!/bin/sed -rf\n/style=/ {\n  s/a/b/\n}\n", "org.gnu.sed-script"),
            ("#!/bin/sh\necho hi\n", "public.shell-script"),
            (
                "#!/usr/bin/env gjs\n\nconst Gio = imports.gi.Gio;\n",
                "com.netscape.javascript-source"
            ),
        ] {
            let result = try classifier.classify(bytes: Array(text.utf8), fileName: nil)
            #expect(result.type.identifier == identifier, "\(text): \(result.detail)")
        }
    }

    /// Without a name, what the text defines or how its blocks close tells the language:
    /// Tika's batch rule (`REM` first, priority 50) is a guess Visual Basic's comments meet.
    @Test(arguments: [
        (
            "REM greeting\n\nModule HelloWorld\n    Sub Main()\n"
                + "        System.Console.WriteLine(\"Hello\")\n    End Sub\nEnd Module\n",
            "com.microsoft.visual-basic-source"
        ),
        (
            "// proxy\nfunction FindProxyForURL(url, host) {\n  return \"DIRECT\";\n}\n",
            "org.mozilla.proxy-autoconfig"
        ),
        (
            "/* system */\n{ config, pkgs, ... }:\n{\n  imports = [\n    ./hardware.nix\n  ];\n"
                + "  services.openssh.enable = true;\n}\n",
            "org.nixos.nix-expression"
        ),
        ("REM build\n@echo off\ncopy a b\n", "com.microsoft.batch-file"),
    ])
    func contentTellsTheLanguageWithoutAName(text: String, identifier: String) throws {
        let result = try classifier.classify(bytes: Array(text.utf8), fileName: nil)
        #expect(result.type.identifier == identifier, "\(text): \(result.detail)")
    }

    /// Tika's HTML rule `<head` (first 64 bytes) means the element: an XML fragment whose
    /// root is `<headline>` is XML, one with `<head>` is still HTML.
    @Test func aStartTagRuleMatchesTheWholeName() throws {
        let headline = try classifier.classify(
            bytes: Array("<headline>Markets rise</headline>\n".utf8),
            fileName: nil
        )
        #expect(headline.type == .xml, "\(headline.detail)")
        let page = try classifier.classify(
            bytes: Array("<head><meta charset=utf-8></head>\n<p>Markets rise\n".utf8),
            fileName: nil
        )
        #expect(page.type == .html, "\(page.detail)")
    }

    /// A long signature (Tika's TMX root rule, priority 80) outweighs the text analysis's
    /// loose reading of markup (`<body>` near the start taken for an HTML fragment).
    @Test func aStrongSignatureOutweighsALooseMarkupReading() throws {
        let tmx = """
            <tmx version="1.4">
                <header creationtool="mediatype" srclang="en-us" datatype="PlainText"/>
                <body>
                    <tu><tuv xml:lang="en-us"><seg>Hello</seg></tuv></tu>
                </body>
            </tmx>

            """
        let result = try classifier.classify(bytes: Array(tmx.utf8), fileName: nil)
        #expect(result.mimeType == "application/x-tmx", "\(result.detail)")
    }

    /// A root-element rule names the root and its namespace: TTML and SPARQL results have a
    /// `<head>` child, which the text analysis takes for HTML near the start.
    @Test(arguments: [
        (
            "<tt xml:lang=\"en\" xmlns=\"http://www.w3.org/ns/ttml\">\n  <head>\n    <metadata/>\n"
                + "  </head>\n  <body><div><p begin=\"0s\" end=\"1s\">Hi</p></div></body>\n</tt>\n",
            "org.w3.ttml"
        ),
        (
            "<sparql xmlns='http://www.w3.org/2005/sparql-results#'>\n<head>\n</head>\n"
                + "<boolean>true</boolean>\n</sparql>\n",
            "org.w3.sparql-results"
        ),
    ])
    func aRootElementRuleOutweighsALooseMarkupReading(text: String, identifier: String) throws {
        let result = try classifier.classify(bytes: Array(text.utf8), fileName: nil)
        #expect(result.type.identifier == identifier, "\(result.detail)")
    }
}

extension TextFormatNameTests {
    /// A `%` comment line, then another, is how PostScript, LaTeX, Erlang and Prolog open as
    /// often as MATLAB: Tika's rule that reads MATLAB into it (priority 25, three bytes
    /// compared) is no evidence, while a MATLAB function line is.
    @Test func commentMarkersAloneAreNoMATLAB() throws {
        let postScript = "% Copyright (C) 2001 Example\n% All Rights Reserved.\n%\n/f { 1 } def\n"
        let guessed = try classifier.classify(bytes: Array(postScript.utf8), fileName: nil)
        #expect(guessed.type == .plainText, "\(guessed.detail)")
        let function = "function b = weights(p, N)\n% weights for a filter\nb = p * N;\n"
        let matlab = try classifier.classify(bytes: Array(function.utf8), fileName: nil)
        #expect(matlab.type.identifier == "com.mathworks.matlab-source", "\(matlab.detail)")
        // `.m` is Objective-C to Apple's table and MATLAB to ours: the content decides.
        let named = try classifier.classify(bytes: Array(function.utf8), fileName: "weights.m")
        #expect(named.type.identifier == "com.mathworks.matlab-source", "\(named.detail)")
        #expect(named.extensionAgrees == true)
        let objc = "#import <Foundation/Foundation.h>\n\n@interface A : NSObject\n@end\n"
        let other = try classifier.classify(bytes: Array(objc.utf8), fileName: "a.m")
        #expect(other.type.identifier == "public.objective-c-source", "\(other.detail)")
    }

    /// shared-mime-info's MATLAB rule is `function` at the start; the bytes must bear it out
    /// with a mark of MATLAB's own, not only lack a brace on the function's line.
    @Test(arguments: [
        ("function y = square(x)\n  y = x .^ 2;\nend\n", true),
        ("function [a, b] = pair(x)\n  a = x; b = x;\nend\n", true),
        ("function show(x)\n% shows x\n  plot(x);\nend\n", true),
        ("function show(x)\n  disp(x)\nend\n", true),
        // JavaScript with its brace on the next line; Julia; Lua's not-equal operator.
        ("function ack(m, n)\n{\n return m === 0 ? n + 1 : ack(m - 1, 1);\n}\n", false),
        ("function twentyfour()\n  for i in 1:4\n    println(i)\n  end\nend\n", false),
        ("function differ(a, b)\n  return a ~= b\nend\n", false),
    ])
    func aFunctionLineIsMATLABOnlyWithAMarkOfIts(text: String, holds: Bool) {
        let head = Array(text.utf8)
        #expect(
            WeakEvidence.holds(.matlabFunction, head: head, fileSize: UInt64(head.count)) == holds,
            "\(text)"
        )
    }

    /// systemd units and D-Bus service files by their section header, also after a long
    /// licence comment, and without the system database.
    @Test func servicesByTheirSectionHeader() throws {
        let comment = String(repeating: "# licence text, one line of several\n", count: 10)
        let unit = comment + "[Unit]\nDescription=x\n\n[Service]\nExecStart=/bin/true\n"
        let bus = "[D-BUS Service]\nName=org.example.Test\nExec=/bin/true\n"
        for (text, identifier) in [
            (unit, "org.freedesktop.systemd-unit"), (bus, "org.freedesktop.dbus-service"),
        ] {
            for name in [nil, "a.service"] {
                let result = try classifier.classify(bytes: Array(text.utf8), fileName: name)
                #expect(result.type.identifier == identifier, "\(name ?? "-"): \(result.detail)")
            }
        }
    }
}

extension TextFormatNameTests {
    /// TypeScript by its names, the MPEG-2 transport stream's `.ts` included.
    @Test func typeScriptByItsNames() throws {
        for name in ["account.ts", "account.cts", "account.mts"] {
            let text = Array("class UserAccount {\n  name: string;\n}\n".utf8)
            let result = try classifier.classify(bytes: text, fileName: name)
            #expect(
                result.type.identifier == "com.microsoft.typescript",
                "\(name): \(result.detail)"
            )
        }
    }
}

extension TextFormatNameTests {
    /// A name claiming a kind of XML or JSON refines text only when the bytes open as one.
    ///
    /// shared-mime-info makes XML a kind of plain text, so its `.sml` glob (SMIL) would
    /// refine any text so named; Standard ML source is text that opens with no `<`.
    @Test func aStructuredNameRefinesOnlyBytesThatOpenAsTheStructure() throws {
        let classifier = Classifier()
        let standardML = "structure C = struct\n   val a = 12\n   fun f x = x + 5\nend\n"
        let source = try classifier.classify(bytes: Array(standardML.utf8), fileName: "example.sml")
        #expect(source.type == .plainText, "\(source.detail)")
        #expect(source.extensionAgrees == false)
        #expect(source.extensionType?.conforms(to: .xml) == true, "the name claims SMIL")
        let smil = "<smil>\n  <body><audio src=\"a.ogg\"/></body>\n</smil>\n"
        let presentation = try classifier.classify(bytes: Array(smil.utf8), fileName: "show.sml")
        #expect(presentation.type.conforms(to: .xml), "\(presentation.detail)")
        #expect(presentation.type != .xml, "the name refines markup: \(presentation.detail)")
        #expect(presentation.extensionAgrees == true)
        // The database makes an OpenPGP signature a kind of plain text (for its armour);
        // Apple's table makes it data. Text named `.sig` is not refined to it.
        let signature = "signature INTSYN =\nsig\n  type cid = int\nend\n"
        let named = try classifier.classify(bytes: Array(signature.utf8), fileName: "intsyn.sig")
        #expect(named.type == .plainText, "\(named.detail)")
        #expect(named.extensionAgrees == false)
        // JSON with comments (TypeScript's and editors' settings) opens with `//`.
        let settings = "// compiler settings\n{\n  \"strict\": true\n}\n"
        let json = try classifier.classify(bytes: Array(settings.utf8), fileName: "tsconfig.json")
        #expect(json.type == .json, "\(json.detail)")
    }
}

/// A name's kind of XML refines an XML answer only when the root element can be of it.
@Suite struct XMLRootNameTests {
    let classifier = Classifier(registry: .builtinOnly)

    private static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"

    @Test(arguments: [
        // Roots the vocabulary's rules name, or that are in its namespace, or in none.
        ("logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\"/>", "public.svg-image"),
        ("page.xhtml", "<html><body/></html>", "public.xhtml"),
        (
            "sort.xsl",
            "<xsl:transform version=\"1.0\" xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\"/>",
            "org.w3.xslt"
        ),
        (
            "guide.dbk",
            "<part xmlns=\"http://docbook.org/ns/docbook\"><title>Guide</title></part>",
            "org.oasis-open.docbook"
        ),
        // A root in another vocabulary's namespace, or a foreign root in none where every
        // rule has a namespace: the document is XML, not the name's kind.
        (
            "chart.svg",
            "<w:settings xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"/>",
            "public.xml"
        ),
        ("catalog.svg", "<catalog><item>One</item></catalog>", "public.xml"),
        // AppStream's releases file, by its root with no name to help.
        (
            "a1b2c3", "<releases>\n  <release version=\"1.2\" date=\"2014-04-12\"/>\n</releases>",
            "org.freedesktop.appstream.releases"
        ),
        ("catalog.xhtml", "<catalog><item>One</item></catalog>", "public.xml"),
    ])
    func theRootElementBoundsTheName(name: String, root: String, identifier: String) throws {
        let bytes = Array((Self.declaration + root + "\n").utf8)
        let result = try classifier.classify(bytes: bytes, fileName: name)
        #expect(result.type.identifier == identifier, "\(name): \(result.detail)")
    }
}
