import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

private let systemCache = "/usr/share/mime/mime.cache"
private let hasSystemCache = FileManager.default.fileExists(atPath: systemCache)

@Suite(
    .enabled(if: hasSystemCache, "no shared-mime-info cache at /usr/share/mime/mime.cache")
)
struct SystemMIMEDatabaseClassificationTests {
    static let withDatabase = Classifier(registry: .builtin)
    static let withoutDatabase = Classifier(registry: .builtinOnly)

    /// What the file manager says: the fixtures, and the MIME type GIO gives each.
    static let desktopFiles: [(file: String, mimeType: String)] = [
        ("fixture.service", "text/x-systemd-unit"),
        ("fixture.desktop", "application/x-desktop"),
        ("places.kml", "application/vnd.google-earth.kml+xml"),
    ]

    @Test func filesClassifyAsTheFileManagerWould() throws {
        for (file, mimeType) in Self.desktopFiles {
            let path = fixturePath(file)
            let result = try Self.withDatabase.classify(fileAt: path)
            #expect(result.mimeType == mimeType, "\(file): \(result.type.identifier)")
            #expect(result.type.conforms(to: .text), "\(file)")
        }
    }

    /// Tika's root rule for any flat OpenDocument (`office:document`) has a type only with
    /// the database's names beside it; the text analysis, which reads `office:mimetype`,
    /// refines it, and the root rule's strength against loose HTML readings does not apply.
    @Test func flatOpenDocumentKeepsItsKindWithTheDatabase() throws {
        for (file, identifier) in [
            ("document.fodt", "org.oasis-open.opendocument.text-flat"),
            ("spreadsheet.fods", "org.oasis-open.opendocument.spreadsheet-flat"),
        ] {
            for fileName in [file, nil] {
                let bytes = try fixtureBytes(file)
                let result = try Self.withDatabase.classify(bytes: bytes, fileName: fileName)
                #expect(result.type.identifier == identifier, "\(file): \(result.detail)")
            }
        }
    }

    /// A desktop entry is INI to the text analysis; the database's signature names the
    /// dialect, with or without the file's name.
    @Test func aSignatureNamesTheDialectOfINIText() throws {
        let bytes = try fixtureBytes("fixture.desktop")
        let unnamed = try Self.withDatabase.classify(bytes: bytes, fileName: nil)
        #expect(unnamed.mimeType == "application/x-desktop", "\(unnamed.detail)")
    }

    @Test func magicBreaksAGlobTieBetweenDatabaseTypes() throws {
        // `.sub` is MicroDVD, MPSub and SubViewer to the database, and no declaration's.
        let microDVD = Array("{1}{25}Hello\n{26}{50}World\n".utf8)
        let subViewer = Array("[INFORMATION]\n[TITLE]x\n[AUTHOR]\n".utf8)
        let forMicroDVD = try Self.withDatabase.classify(bytes: microDVD, fileName: "a.sub")
        let forSubViewer = try Self.withDatabase.classify(bytes: subViewer, fileName: "a.sub")
        #expect(forMicroDVD.mimeType == "text/x-microdvd")
        #expect(forSubViewer.mimeType == "text/x-subviewer")
        #expect(forMicroDVD.type.source == .systemMIMEDatabase)
    }

    @Test("shared-mime-info's one-marker guesses (priority 10) do not outweigh plain text")
    func weakestRulesDoNotDecideText() throws {
        let lister = Classifier(registry: .builtin, options: .init(listsCandidates: true))
        for text in [
            "## Settings for the tool\nname = value\n", "% a comment\nnot TeX at all\n",
        ] {
            let result = try lister.classify(bytes: Array(text.utf8), fileName: nil)
            #expect(result.type == .plainText, "\(text): \(result.type.identifier)")
            // The guess is still listed, with its priority.
            let weak = result.candidates.filter {
                $0.source == .systemDatabase && ($0.priority ?? 100) <= 10
            }
            #expect(!weak.isEmpty, "\(text): \(result.candidates)")
        }
    }

    /// A `#!` line naming an interpreter outweighs shared-mime-info's Perl rules on the body.
    ///
    /// The rules read `BEGIN {` or `use strict` in the first 256 bytes (priority 40): an awk
    /// program in a shell script opens a block so. Apple's Perl type is a kind of shell
    /// script, so the rule would otherwise seem to refine the line's answer.
    @Test(arguments: [
        ("#!/bin/sh\nawk 'BEGIN { print $0 }'\n", "public.shell-script"),
        ("#!/bin/sh\n# use strict quoting below\necho \"$1\"\n", "public.shell-script"),
        ("#!/usr/bin/env python3\n# use strict typing\nprint(1)\n", "public.python-script"),
    ])
    func aShebangOutweighsAnotherInterpretersBodyRule(text: String, identifier: String) throws {
        let lister = Classifier(registry: .builtin, options: .init(listsCandidates: true))
        let result = try lister.classify(bytes: Array(text.utf8), fileName: nil)
        #expect(result.type.identifier == identifier, "\(result.detail)")
        let perl = result.candidates.filter {
            $0.source == .systemDatabase && $0.type.identifier == "public.perl-script"
        }
        #expect(perl.first?.priority == 40, "the rule met: \(result.candidates)")
        // Without a `#!` line the same body rule stands.
        let body = String(text.drop { $0 != "\n" }.dropFirst())
        let bare = try Self.withDatabase.classify(bytes: Array(body.utf8), fileName: nil)
        #expect(bare.type.identifier == "public.perl-script", "\(bare.detail)")
    }

    /// Behind an XML declaration, a report with a `<head>` element stays XML (shared-mime-info's
    /// HTML rule finds `<head` in its first 256 bytes); a rule that read the root element
    /// (Tika's: a `link` root is HTML's) decides, and TIKA-327's page of `<link>`, `<meta>` and
    /// `<title>` is HTML.
    @Test func anXMLDeclarationOutweighsAGlimpseButNotARootRule() throws {
        let report =
            "<?xml version=\"1.0\"?>\n<doc>\n<head>\n<title>Sales</title>\n</head>\n<row n=\"1\"/>\n"
            + "</doc>\n"
        let xml = try Self.withDatabase.classify(bytes: Array(report.utf8), fileName: nil)
        #expect(xml.type.identifier == "public.xml", "\(xml.detail)")
        let page =
            "<?xml version=\"1.0\" encoding=\"iso-8859-1\"?><link href=\"a.css\" rel=\"stylesheet\" />\n"
            + "<meta http-equiv=\"Content-Type\" content=\"text/html\" />\n<title>title</title>\n"
            + "</head>\n<body>\n<p>text</p>\n</body>\n"
        let html = try Self.withDatabase.classify(bytes: Array(page.utf8), fileName: nil)
        #expect(html.type.identifier == "public.html", "\(html.detail)")
    }

    /// A ZIP whose `mimetype` entry names a type that only shared-mime-info declares, with no
    /// parent (KOffice 1.4's Karbon, KChart, Kivio), is that type; one it places under an
    /// image or text stays a ZIP, and so does one nobody declares.
    @Test func aMimetypeEntryNamingADatabaseOnlyTypeDecides() throws {
        func classify(_ mimeType: String, registry: TypeRegistry = .builtin) throws -> String {
            let archive = ZIPBuilder(entries: [
                ("mimetype", Array(mimeType.utf8)), ("maindoc.xml", Array("<DOC/>".utf8)),
            ])
            let result = try Classifier(registry: registry).classify(
                bytes: archive.build(),
                fileName: nil
            )
            return result.mimeType ?? result.type.identifier
        }
        for kind in ["application/x-karbon", "application/x-kchart", "application/x-kivio"] {
            let type = try #require(
                TypeRegistry.builtin.type(tag: kind, tagClass: .mimeType, conformingTo: nil)
            )
            #expect(type.source == .systemMIMEDatabase, "the database declares \(kind)")
            #expect(try classify(kind) == kind)
            #expect(try classify(kind, registry: .builtinOnly) == "application/zip")
        }
        #expect(try classify("text/x-csrc") == "application/zip")
        #expect(try classify("application/x-mediatype-undeclared") == "application/zip")
    }

    /// A name claiming a kind of the content's type by the database's sub-class-of links
    /// refines it: shared-mime-info's Snap package is a SquashFS image.
    @Test func aNameRefinesByTheDatabasesParents() throws {
        // A SquashFS 4.0 superblock: magic hsqs, then zeros.
        let squashfs = Array("hsqs".utf8) + [UInt8](repeating: 0, count: 92)
        let named = try Self.withDatabase.classify(bytes: squashfs, fileName: "app.snap")
        #expect(named.mimeType == "application/vnd.snap", "\(named.detail)")
        let bare = try Self.withDatabase.classify(bytes: squashfs, fileName: nil)
        #expect(bare.mimeType == "application/vnd.squashfs", "\(bare.detail)")
    }

    /// `.mm` names Objective-C++ (Apple's table) and troff with the mm macros (the
    /// database, a kind of troff): on text a troff signature reads, the kind of troff is
    /// taken, not the other claim.
    @Test func aNameClaimOfWhatTheBytesSayOutweighsTheOthers() throws {
        let memo = Array("\\\" A memorandum\n.HU \"Fixtures\"\n.P\nText.\n".utf8)
        let named = try Self.withDatabase.classify(bytes: memo, fileName: "memo.mm")
        #expect(named.type.conforms(to: try #require(UTType(mimeType: "text/troff"))))
        if TypeRegistry.builtin.mimeDatabase?.canonicalMIMEType(for: "text/x-troff-mm") != nil {
            #expect(named.mimeType == "text/x-troff-mm", "\(named.detail)")
        }
        // `.cl` names Common Lisp (the built-in table) and OpenCL (the database, a kind of
        // C): a kernel's C lines say which, and Lisp stays Lisp.
        let kernel = Array(
            ("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n\n"
                + "typedef double double4 __attribute__((ext_vector_type(4)));\n\n"
                + "void kernel testTypes() {\n  double scalar;\n  double4 vector;\n}\n").utf8
        )
        if TypeRegistry.builtin.mimeDatabase?.canonicalMIMEType(for: "text/x-opencl-src") != nil {
            let found = try Self.withDatabase.classify(bytes: kernel, fileName: "add.cl")
            #expect(found.mimeType == "text/x-opencl-src", "\(found.detail)")
        }
        let lisp = Array("(defun hello ()\n  (format t \"hello\"))\n".utf8)
        let lispFound = try Self.withDatabase.classify(bytes: lisp, fileName: "hello.cl")
        #expect(lispFound.type.identifier == "org.common-lisp.source", "\(lispFound.detail)")
        let code = Array("#import <Foundation/Foundation.h>\nint main() { return 0; }\n".utf8)
        let source = try Self.withDatabase.classify(bytes: code, fileName: "main.mm")
        #expect(source.type.identifier == "public.objective-c-plus-plus-source", "\(source.detail)")
    }

    /// shared-mime-info's QML rule reads `import Qt` anywhere before a `{`; Python's
    /// `from PyQt5 import QtCore` and a brace in a comment are no QML (its own test file
    /// not-qml.py), an import statement on its own line is.
    @Test func aQMLImportIsAStatementOfItsOwnLine() throws {
        let python = Array("from PyQt5 import QtCore\n\n# {\n".utf8)
        let notQML = try Self.withDatabase.classify(bytes: python, fileName: nil)
        #expect(notQML.mimeType != "text/x-qml", "\(notQML.detail)")
        let qml = Array("import QtQuick 2.0\n\nRectangle {\n    width: 100\n}\n".utf8)
        let found = try Self.withDatabase.classify(bytes: qml, fileName: nil)
        #expect(found.mimeType == "text/x-qml", "\(found.detail)")
    }

    /// shared-mime-info knows the root element `jnlp`; the registry knows (from Apple's
    /// table) that Java Web Start files are XML, so the root refines Tika's `<?xml` rule.
    @Test func aSystemRootElementRefinesGenericXML() throws {
        let jnlp = Array(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <jnlp spec="1.0+" codebase="http://example.org/"><information/></jnlp>

            """.utf8
        )
        let result = try Self.withDatabase.classify(bytes: jnlp, fileName: nil)
        #expect(result.mimeType == "application/x-java-jnlp-file", "\(result.detail)")
        let alone = try Self.withoutDatabase.classify(bytes: jnlp, fileName: nil)
        #expect(alone.type == .xml, "\(alone.detail)")
    }

    /// The system database's magic says how much it compared, so that its specific rule
    /// outranks a generic one of Tika's at the same priority: Tika knows an Audible file only
    /// by the bare box name `ftyp` (QuickTime), shared-mime-info by `ftypaax`.
    @Test func aLongerSystemMatchBeatsAShorterTikaMatchOfEqualPriority() throws {
        let aax = try fixtureBytes("audiobook.aax")
        let database = try SystemMIMEDatabase(cachePaths: [systemCache])
        let system = database.magicMatches(aax)
        let audible = try #require(system.first { $0.mimeType == "audio/vnd.audible.aax" })
        #expect(audible.matchedByteCount >= "ftypaax".utf8.count, "\(audible)")
        let tika = SignatureDatabase.builtin.matches(aax)
        let quickTime = try #require(tika.first { $0.mimeType == "video/quicktime" })
        #expect(quickTime.priority == audible.priority)
        let merged = SignatureDatabase.builtin.merged([
            tika,
            SignatureMatch.systemDatabaseMatches(
                system.map { ($0.mimeType, $0.priority, $0.depth, $0.matchedByteCount) }
            ),
        ])
        #expect(merged.first?.mimeType == "audio/vnd.audible.aax", "\(merged)")
        #expect(merged.first?.source == .systemDatabase)
    }

    /// An XML document whose declaration follows a blank line (so Tika's `<?xml` at 0
    /// misses) and whose `<title>` is shared-mime-info's HTML marker `<title`: the text
    /// analysis read the declaration and the root, which outweighs the glimpse.
    @Test func anXMLDeclarationOutweighsAnHTMLMarkerInside() throws {
        let note = Array(
            """

            <?xml version="1.0" encoding="UTF-8"?>
            <note>
              <to>Tove</to>
              <title>Reminder</title>
              <body>Remember the meeting.</body>
            </note>

            """.utf8
        )
        let lister = Classifier(registry: .builtin, options: .init(listsCandidates: true))
        let result = try lister.classify(bytes: note, fileName: nil)
        #expect(result.type == .xml, "\(result.detail)")
        // The database's own answer is HTML: the test is of the decision, not of the data.
        let fromDatabase = result.candidates.filter { $0.source == .systemDatabase }
        #expect(fromDatabase.map(\.mimeType) == ["text/html"], "\(result.candidates)")
        // An HTML page that starts the same way is still HTML.
        let page = Array("\n<html><head><title>t</title></head><body>x</body></html>\n".utf8)
        #expect(try Self.withDatabase.classify(bytes: page, fileName: nil).type == .html)
    }

    /// shared-mime-info names some formats otherwise than Apple, Tika and libmagic do
    /// (`text/spreadsheet` for SYLK, `application/x-ace` for ACE): its match folds onto the
    /// declared type, with that type's parents, not onto a dynamic type under `public.data`.
    @Test func theDatabasesOwnNamesFoldOntoDeclaredTypes() throws {
        let lister = Classifier(registry: .builtin, options: .init(listsCandidates: true))
        let sylk = Array("ID;PWXL;N;E\r\nP;PGeneral\r\nC;Y1;X1;K42\r\nE\r\n".utf8)
        let result = try lister.classify(bytes: sylk, fileName: nil)
        #expect(result.type.identifier == "com.microsoft.sylk", "\(result.detail)")
        #expect(result.mimeType == "application/x-sylk")
        #expect(result.type.conforms(to: .plainText))
        let fromDatabase = result.candidates.filter { $0.source == .systemDatabase }
        #expect(fromDatabase.map(\.mimeType) == ["text/spreadsheet"], "\(result.candidates)")
        #expect(fromDatabase.allSatisfy { $0.type == result.type })
        for (mimeType, identifier) in [
            ("application/x-ace", "com.winace.ace-archive"), ("text/x-patch", "public.patch-file"),
            ("video/dv", "public.dv-movie"),
            ("model/stl", "public.standard-tesselated-geometry-format"),
        ] {
            let type = try #require(UTType(mimeType: mimeType))
            #expect(type.identifier == identifier && !type.isDynamic, "\(mimeType)")
        }
    }

    /// shared-mime-info's Modelica rules are a keyword at the start (`class`, `function`,
    /// `model`, `record`): only a class closed by its `end Name;` is Modelica.
    @Test func aKeywordFirstIsNoModelicaWithoutItsEnd() throws {
        for (text, identifier) in [
            ("class WeatherReport {\n    String station\n}\n", "public.plain-text"),
            ("function total(a, b) {\n  return a + b\n}\n", "public.plain-text"),
            (
                "model Motor\n  Real w;\nequation\n  der(w) = 1;\nend Motor;\n",
                "org.modelica.modelica-source"
            ),
        ] {
            let result = try Self.withDatabase.classify(bytes: Array(text.utf8), fileName: nil)
            #expect(result.type.identifier == identifier, "\(text): \(result.detail)")
        }
    }

    /// shared-mime-info's subtitle, Emacs Lisp and C rules read a marker at the start (`[1]`,
    /// `{1}`, a newline and `(`, a comment); the format must follow it: two times of a cue,
    /// a Lisp definition, a preprocessor line or a C declaration. (Tika's compiled-Lisp rule
    /// reads the same newline and parenthesis.)
    @Test func aMarkerAtTheStartNeedsItsFormatBehindIt() throws {
        let licence = "/*\n * Copyright (c) 2020 A. Author\n * MIT licence.\n */\n"
        for (text, mimeType) in [
            ("[1] A. Author, A paper, 2001.\n[2] B. Author, Another, 2003.\n", "text/plain"),
            ("[a][b] reference-style links\n", "text/plain"),
            ("{1} the first point\n{2} the second point\n", "text/plain"),
            ("\n(a note in parentheses)\nand more text\n", "text/plain"),
            (licence + ".button { color: red; }\n", "text/plain"),
            (licence + "import Foundation\n\nlet answer = 42\n", "text/plain"),
            ("[10][25]Hello\n[30][45]World\n", "text/x-mpl2"),
            ("{1}{1}25.000\n{10}{25}Hello\n", "text/x-microdvd"),
            ("\n(defun add-one (x)\n  \"Add one.\"\n  (+ x 1))\n", "text/x-emacs-lisp"),
            ("\n(defun add-one (x)\n  (byte-code \"\\301\\302\" [x] 2))\n", "application/x-elc"),
            (";ELC\u{17}\0\0\0\n", "application/x-elc"),
            (licence + "#include <stdio.h>\n\nint main(void) { return 0; }\n", "text/x-c"),
            (licence + "\nstatic int count;\n", "text/x-c"),
            // A binary format's few letters (IFF's `FORM`, Doom's `IWAD`) on text; Skencil's
            // drawings are text that the database does not make a kind of text.
            ("FORM 10-K annual report\n", "text/plain"),
            ("IWAD and PWAD files of Doom\n", "text/plain"),
            ("##Sketch 1 2\ndocument()\nlayer('Layer 1',1,1,0,0,(0,0,0))\n", "image/x-skencil"),
        ] {
            let result = try Self.withDatabase.classify(bytes: Array(text.utf8), fileName: nil)
            #expect(result.mimeType == mimeType, "\(text): \(result.detail)")
        }
    }

    /// A name's multi-dot glob (`*.tar.gz`) names a kind of what the bytes are, and decides
    /// over the last extension's type (`*.gz`), as in GIO; the database's sub-class-of link
    /// counts where Apple's table has none (its XZ-compressed tar is no kind of XZ file).
    @Test(arguments: [("text.txt.gz", "bundle.tar.gz"), ("text.txt.xz", "bundle.tar.xz")])
    func aMultiDotGlobRefinesTheContent(fixture: String, name: String) throws {
        let database = try #require(TypeRegistry.builtin.mimeDatabase)
        let bytes = try fixtureBytes(fixture)
        let unnamed = try Self.withDatabase.classify(bytes: bytes, fileName: nil)
        let named = try Self.withDatabase.classify(bytes: bytes, fileName: name)
        let glob = try #require(database.mimeTypes(forFileName: name).first)
        let content = try #require(unnamed.mimeType)
        // The database this runs with makes the glob's type a kind of the content's.
        #expect(
            database.parents(of: glob).contains(database.canonicalMIMEType(for: content) ?? content)
        )
        #expect(named.mimeType == glob, "\(name): \(named.detail)")
        #expect(named.extensionAgrees == true)
        #expect(named.type != unnamed.type)
    }

    /// A literal name with one dot (`meson.build`, `project.godot`) names a text file as GIO
    /// names it, over the extension's type; bytes that are no text keep their own type.
    @Test func aLiteralNameWithOneDotNamesText() throws {
        let database = try #require(TypeRegistry.builtin.mimeDatabase)
        var compared = 0
        for (name, ext) in [
            ("meson.build", "build"), ("project.godot", "godot"), ("pom.xml", "xml"),
        ] {
            // Compared only where this database has the literal pattern (shared-mime-info 2.2
            // has all three).
            guard let literal = database.mimeTypes(forFileName: name).first,
                database.mimeTypes(forExtension: ext).first != literal
            else { continue }
            let text = name == "pom.xml" ? "<?xml version=\"1.0\"?>\n<project/>\n" : "x = 1\n"
            let named = try Self.withDatabase.classify(bytes: Array(text.utf8), fileName: name)
            #expect(named.mimeType == literal, "\(name): \(named.detail)")
            let image = try Self.withDatabase.classify(
                bytes: fixtureBytes("image.png"),
                fileName: name
            )
            #expect(image.type == .png, "\(name)")
            compared += 1
        }
        #expect(compared > 0, "the system database has none of the literal names")
    }

    /// When the database gives an extension to the type a signature found in the text too,
    /// the name agrees: `.t` is Perl's test script as well as troff to shared-mime-info.
    @Test func aNameThatAlsoClaimsTheSignaturesTypeAgrees() throws {
        let database = try #require(TypeRegistry.builtin.mimeDatabase)
        let perl = Array("use strict;\nuse Test::More tests => 1;\nok(1, \"one\");\n".utf8)
        let unnamed = try Self.withDatabase.classify(bytes: perl, fileName: nil)
        #expect(unnamed.type == .perlScript, "\(unnamed.detail)")
        // Compared where this database gives `.t` to Perl (shared-mime-info 2.2 does).
        guard database.mimeTypes(forExtension: "t").contains("application/x-perl") else { return }
        let named = try Self.withDatabase.classify(bytes: perl, fileName: "basic.t")
        #expect(named.type == .perlScript, "\(named.detail)")
        #expect(named.extensionAgrees == true)
    }

    /// On text, the system database is asked past a compiled-in match below 80: Tika's HTML
    /// rule (60) reads `<html>` in a PHP page that shared-mime-info's `<?php` rule (80, in the
    /// first 64 bytes) names.
    @Test func aStrongSystemRuleOutranksTikasHTMLOnText() throws {
        let page = Array(
            "<html>\n<head>\n<title>Test</title>\n</head>\n<body>\n<?php echo 'x'; ?>\n</body>\n</html>\n"
                .utf8
        )
        let with = try Self.withDatabase.classify(bytes: page, fileName: nil)
        #expect(with.type == .phpScript, "\(with.detail)")
        let alone = try Self.withoutDatabase.classify(bytes: page, fileName: nil)
        #expect(alone.type == .html, "\(alone.detail)")
    }

    /// A plain ZIP or tar takes a strong signature's kind of ZIP or tar.
    ///
    /// shared-mime-info knows a zipped FictionBook by a first entry named `*.fb2` (priority
    /// 70, a sub-class of application/zip). A plain ZIP stays one.
    @Test func aStrongSignatureOfAKindRefinesAPlainZIPOrTar() throws {
        let book = ZIPBuilder(["The_Book.fb2"]).build()
        let plain = ZIPBuilder(["notes.txt"]).build()
        #expect(try Self.withDatabase.classify(bytes: plain, fileName: nil).type == .zip)
        #expect(try Self.withoutDatabase.classify(bytes: book, fileName: nil).type == .zip)
        let zipped = try Self.withDatabase.classify(bytes: book, fileName: nil)
        #expect(zipped.mimeType == "application/x-zip-compressed-fb2", "\(zipped.detail)")
        #expect(zipped.type.conforms(to: .zip))
        // The same for tar: an OVA appliance is a ustar whose first member is the *.ovf.
        let appliance = tar(try fixtureBytes("archive.tar"), withFirstMemberNamed: "vm.ovf")
        let ova = try Self.withDatabase.classify(bytes: appliance, fileName: nil)
        #expect(ova.mimeType == "application/ovf", "\(ova.detail)")
        let tarAlone = try Self.withoutDatabase.classify(bytes: appliance, fileName: nil)
        #expect(tarAlone.type.identifier == "public.tar-archive")
    }

    /// A gzip stream is a wrapper that a strong signature reads past: KOffice 1 writes its
    /// documents as gzip streams whose file-name field is "KOffice" and the MIME type.
    @Test func aStrongSignatureReadsPastAGzipHeader() throws {
        let database = try #require(TypeRegistry.builtin.mimeDatabase)
        func gzip(named name: String) -> [UInt8] {
            // A gzip header with FNAME, one stored deflate block of "hello", CRC-32, size.
            [0x1F, 0x8B, 8, 8, 0, 0, 0, 0, 0, 3] + Array(name.utf8) + [0]
                + [0x01, 5, 0, 0xFA, 0xFF] + Array("hello".utf8)
                + [0x86, 0xA6, 0x10, 0x36, 5, 0, 0, 0]
        }
        let plain = try Self.withDatabase.classify(bytes: gzip(named: "notes.txt"), fileName: nil)
        #expect(plain.type.identifier == "org.gnu.gnu-zip-archive", "\(plain.detail)")
        // Compared where this database has KOffice's rule (shared-mime-info 2.2 has it).
        guard database.canonicalMIMEType(for: "application/x-kword") != nil else { return }
        let koffice = gzip(named: "KOffice application/x-kword\u{4}\u{6}")
        let kword = try Self.withDatabase.classify(bytes: koffice, fileName: nil)
        #expect(kword.mimeType == "application/x-kword", "\(kword.detail)")
        #expect(kword.detail.hasPrefix("gzip"), "\(kword.detail)")
        let alone = try Self.withoutDatabase.classify(bytes: koffice, fileName: nil)
        #expect(alone.type.identifier == "org.gnu.gnu-zip-archive", "\(alone.detail)")
        // A real KOffice 1 document holds a tar, which the gzip payload reader reads first:
        // the header's name still decides, named or not.
        let document = try fixtureBytes("koffice.kwd")
        for name in ["koffice.kwd", nil] {
            let found = try Self.withDatabase.classify(bytes: document, fileName: name)
            #expect(found.mimeType == "application/x-kword", "\(found.detail)")
        }
        let tarOnly = try Self.withoutDatabase.classify(bytes: document, fileName: nil)
        #expect(tarOnly.type.identifier == "org.gnu.gnu-zip-tar-archive", "\(tarOnly.detail)")
    }

    @Test func withoutTheDatabaseTheBuiltInsDecideAlone() throws {
        // The built-in table declares systemd units and their signature: the same answer.
        let path = fixturePath("fixture.service")
        let result = try Self.withoutDatabase.classify(fileAt: path)
        #expect(result.type.identifier == "org.freedesktop.systemd-unit")
        #expect(result.mimeType == "text/x-systemd-unit")
        #expect(result.extensionAgrees == true)
        // A format only the database knows is plain text without it.
        let microDVD = Array("{1}{25}Hello\n{26}{50}World\n".utf8)
        let alone = try Self.withoutDatabase.classify(bytes: microDVD, fileName: "a.sub")
        #expect(alone.type == .plainText, "\(alone.type.identifier)")
    }

    @Test(
        "Our answers equal GIO's where gio is installed",
        .enabled(if: hasGIO, "gio is absent")
    )
    func answersEqualGIO() throws {
        for (file, _) in Self.desktopFiles {
            let path = fixturePath(file)
            let gio = try gioContentType(of: path)
            let ours = try Self.withDatabase.classify(fileAt: path).mimeType
            #expect(ours == gio, "\(file)")
        }
    }
}
