import MediaClassification
import TestSupport
import Testing

/// A file of `Fixtures/` and what its bytes are by their format's definition, with the Tika
/// match type that tells it.
struct SignatureFixture: Sendable, CustomTestStringConvertible {
    var file: String
    var mimeType: String
    var kind: SignatureMatch.Kind = .magic
    var testDescription: String { "\(file) (\(mimeType))" }
}

/// A small table in the generated format: one type a rule, `test/0`, `test/1`, ...
private func table(_ rules: [String], priorities: [Int] = []) -> SignatureDatabase {
    var lines: [String] = []
    for index in rules.indices { lines.append("T\tt\ttest/\(index)\t\t\t\t\t") }
    for (index, rule) in rules.enumerated() {
        let priority = index < priorities.count ? priorities[index] : 50
        lines.append("M\t\(index)\tt\t\(priority)")
        lines.append(rule)
    }
    return SignatureDatabase(table: lines.joined(separator: "\n"))
}

/// The hex of a string's UTF-8 bytes.
private func hex(_ text: String) -> String {
    text.utf8.map { byte in
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }.joined()
}

/// One matchlet line: depth, kind, offset range, value (text), mask (hex).
private func matchlet(
    _ depth: Int,
    _ kind: String,
    _ start: Int,
    _ end: Int? = nil,
    _ value: String,
    mask: String = ""
) -> String {
    "m\t\(depth)\t\(kind)\t\(start)\t\(end ?? start)\t\(hex(value))\t\(mask)"
}

private func types(_ matches: [SignatureMatch]) -> [String] { matches.map(\.mimeType) }

@Suite struct SignatureEngineTests {
    let database = SignatureDatabase.builtin

    // MARK: - The built-in table

    @Test func builtinTableDecodesWhole() {
        #expect(database.malformedLineCount == 0)
        // Tika declares 1,696 mime-type elements, a few of them twice (image/heic ...).
        #expect(database.types.count > 1_650)
        #expect(database.type(named: "image/png")?.globs.contains { $0.pattern == "*.png" } == true)
        #expect(
            database.canonicalMIMEType(for: "application/x-coreldraw") == "application/coreldraw"
        )
        #expect(database.canonicalMIMEType(for: "IMAGE/X-MS-BMP") == "image/bmp")
        #expect(database.type(named: "application/cbor")?.acronym == "CBOR")
        #expect(
            database.type(named: "application/java-archive")?.uniformTypeIdentifier
                == "com.sun.java-archive"
        )
        #expect(database.type(named: "image/avif-sequence")?.source == .extra)
    }

    @Test func builtinTablesAreTheTextTablesDecoded() {
        // The generator lays the matching tables out for loading without parsing: they must
        // be what decoding the text table builds.
        let decoded = SignatureDatabase(table: SignatureDatabase.builtinTableText)
        #expect(decoded.malformedLineCount == 0)
        #expect(database.hasMatchingTables(of: decoded))
        #expect(database.hasTypeTables(of: decoded))
        #expect(database.types.count == decoded.types.count)
    }

    @Test func builtinRegexQuickSetsHoldEveryFirstByte() {
        #expect(database.regexQuickSetCount > 20)
        #expect(database.regexQuickSetsHold())
    }

    @Test func onlyTheLookBehindRegexIsUnsupported() {
        // Of Tika's 38 regular expressions only dBASE's uses a construct outside the subset.
        #expect(database.unsupportedTestCount == 1)
    }

    @Test func supertypesFollowParentsTransitivelyAndTikaImpliedOnes() {
        let apk = database.supertypes(of: "application/vnd.android.package-archive")
        #expect(apk.contains("application/java-archive"))
        #expect(apk.contains("application/zip"))
        #expect(database.supertypes(of: "application/atom+xml").contains("application/xml"))
        #expect(database.conforms("text/x-python", to: "text/plain"))
        #expect(!database.conforms("image/png", to: "text/plain"))
    }

    @Test func fileNamesByTikasPatterns() {
        // The longest extension wins: *.warc.gz over *.gz.
        #expect(database.mimeTypes(forFileName: "crawl.warc.gz") == ["application/warc+gz"])
        #expect(database.mimeTypes(forFileName: "notes.gz") == ["application/gzip"])
        // A whole name; a glob with a wildcard inside; extensions before such globs, as in
        // Tika's Patterns (so i_*.txt loses to *.txt).
        #expect(database.mimeTypes(forFileName: "Makefile") == ["text/x-makefile"])
        #expect(database.mimeTypes(forFileName: "archive-gz") == ["application/gzip"])
        #expect(database.mimeTypes(forFileName: "i_study.txt") == ["text/plain"])
        // A case-folded retry, a regex pattern, the project's own glob.
        #expect(database.mimeTypes(forFileName: "PHOTO.PNG") == ["image/png"])
        #expect(database.mimeTypes(forFileName: "owl") == ["application/rdf+xml"])
        #expect(database.mimeTypes(forFileName: "tracks.gpx") == ["application/gpx+xml"])
        #expect(database.mimeTypes(forFileName: "no-extension").isEmpty)
        #expect(database.mimeTypes(forFileName: ".gz") == ["application/gzip"])
    }

    // MARK: - Real files

    static let fixtures: [SignatureFixture] = [
        // string at 0
        SignatureFixture(file: "image.png", mimeType: "image/png"),
        SignatureFixture(file: "image.jpg", mimeType: "image/jpeg"),
        SignatureFixture(file: "still.gif", mimeType: "image/gif"),
        SignatureFixture(file: "image.psd", mimeType: "image/vnd.adobe.photoshop"),
        SignatureFixture(file: "archive.7z", mimeType: "application/x-7z-compressed"),
        SignatureFixture(file: "audio.flac", mimeType: "audio/x-flac"),
        SignatureFixture(file: "clip.flv", mimeType: "video/x-flv"),
        SignatureFixture(file: "text.txt.xz", mimeType: "application/x-xz"),
        // octal escapes (`caff\000\000`, `\177ELF`) and a nested test at 16
        SignatureFixture(file: "audio.caf", mimeType: "audio/x-caf"),
        SignatureFixture(file: "elf-named.png", mimeType: "application/x-executable"),
        // string at a fixed offset (`ustar` at 257, `ftypheic` at 4)
        SignatureFixture(file: "archive.tar", mimeType: "application/x-tar"),
        SignatureFixture(file: "image.heic", mimeType: "image/heic"),
        SignatureFixture(file: "video.m4v", mimeType: "video/mp4"),
        // a mask (`FORM....AIFF`), and RIFF with its form type at 8
        SignatureFixture(file: "audio.aiff", mimeType: "audio/x-aiff"),
        SignatureFixture(file: "audio.wav", mimeType: "audio/vnd.wave"),
        SignatureFixture(file: "clip.avi", mimeType: "video/x-msvideo"),
        // unicodeLE over an offset range: ASF's codec list names the codec in UTF-16LE
        SignatureFixture(file: "audio.wma", mimeType: "audio/x-ms-wma"),
        SignatureFixture(file: "clip.wmv", mimeType: "video/x-ms-wmv"),
        // (image.bmp, with nested minShouldMatch clauses, has its own test below)
        // the project's own rule (`ftypavis` at 4)
        SignatureFixture(file: "sequence.avifs", mimeType: "image/avif-sequence"),
        // root element, after a BOM, a comment, a DOCTYPE
        SignatureFixture(file: "plain.svg", mimeType: "image/svg+xml", kind: .xmlRoot),
        SignatureFixture(file: "bom.svg", mimeType: "image/svg+xml", kind: .xmlRoot),
        SignatureFixture(file: "comment-first.svg", mimeType: "image/svg+xml", kind: .xmlRoot),
        SignatureFixture(file: "doctype.svg", mimeType: "image/svg+xml", kind: .xmlRoot),
        SignatureFixture(
            file: "places.kml",
            mimeType: "application/vnd.google-earth.kml+xml",
            kind: .xmlRoot
        ),
        // a ZIP whose first entry, stored, is `mimetype`
        SignatureFixture(
            file: "document.odt",
            mimeType: "application/vnd.oasis.opendocument.text",
            kind: .zipMimetypeEntry
        ),
        SignatureFixture(
            file: "spreadsheet.ods",
            mimeType: "application/vnd.oasis.opendocument.spreadsheet",
            kind: .zipMimetypeEntry
        ),
        SignatureFixture(
            file: "book.epub",
            mimeType: "application/epub+zip",
            kind: .zipMimetypeEntry
        ),
    ]

    @Test(arguments: fixtures)
    func strongestMatchOfARealFile(_ fixture: SignatureFixture) throws {
        let head = Array(try fixtureBytes(fixture.file).prefix(64 * 1024))
        let matches = database.removingSupertypes(database.matches(head))
        let first = try #require(matches.first, "no match")
        #expect(first.mimeType == fixture.mimeType, "\(matches)")
        #expect(first.kind == fixture.kind)
    }

    @Test func bmpMatchesTheUncompressedRuleAboveTheCompressedOne() throws {
        // 4 bits a pixel at 28 and compression 0 at 30: both of Tika's rules hold, and the
        // uncompressed one (priority 50, a two-of-two minShouldMatch) outranks the other (45).
        let matches = database.matches(try fixtureBytes("image.bmp"))
        #expect(types(matches).prefix(2) == ["image/bmp", "image/bmp;format=compressed"])
        // image/bmp;format=compressed is declared a sub-class of image/bmp, so it refines it.
        #expect(types(database.removingSupertypes(matches)) == ["image/bmp;format=compressed"])
    }

    @Test func zipMimetypeEntryRefinesTheZipMagic() throws {
        let matches = database.matches(try fixtureBytes("document.odt"))
        #expect(matches.first?.priority == SignatureMatch.zipMimetypeEntryPriority)
        #expect(types(matches).contains("application/zip"))
        #expect(!types(database.removingSupertypes(matches)).contains("application/zip"))
    }

    @Test func zipMimetypeEntryWrittenWithADataDescriptor() throws {
        func localHeader(method: UInt8, flags: UInt8, size: UInt8) -> [UInt8] {
            // signature, version 2.0, flags, method, time, date, crc, sizes, name length 8
            [0x50, 0x4B, 3, 4, 20, 0, flags, 0, method, 0] + Array(repeating: 0, count: 8)
                + [size, 0, 0, 0, size, 0, 0, 0, 8, 0, 0, 0] + Array("mimetype".utf8)
        }
        let name = Array("application/x-example-thing".utf8)
        let next = [0x50, 0x4B, 3, 4] + Array(repeating: UInt8(0), count: 40)
        // Sizes left 0 (flag bit 3): the type runs to the next local header.
        let described = localHeader(method: 0, flags: 8, size: 0) + name + next
        let match = try #require(database.matches(described).first)
        #expect(match.mimeType == "application/x-example-thing")
        #expect(match.kind == .zipMimetypeEntry)
        #expect(match.source == .extra)  // a type neither signature file declares
        let sized = localHeader(method: 0, flags: 0, size: UInt8(name.count)) + name + next
        #expect(database.matches(sized).first?.mimeType == "application/x-example-thing")
        // Deflated, the entry's bytes are not the type's name.
        let deflated = localHeader(method: 8, flags: 0, size: UInt8(name.count)) + name + next
        #expect(!database.matches(deflated).contains { $0.kind == .zipMimetypeEntry })
    }

    @Test func aHeadLongerThanTheFileIsCut() throws {
        let png = try fixtureBytes("image.png")
        #expect(types(database.matches(Array(png.prefix(8)))).contains("image/png"))
        #expect(database.matches(Array(png.prefix(8)), fileSize: 4).isEmpty)
        #expect(database.matches([]).isEmpty)
    }

    // MARK: - Text formats Tika (or the extra file) has signatures for

    static let textHeads: [(String, String)] = [
        ("P1\n# a 2x2 bitmap\n2 2\n0 1\n1 0\n", "image/x-portable-bitmap"),
        ("P4\n2 2\n\u{40}\u{80}", "image/x-portable-bitmap"),
        ("P2\n2 2\n255\n0 64\n128 255\n", "image/x-portable-graymap"),
        ("P5 2 2 255\n", "image/x-portable-graymap"),
        ("P3\n1 1\n255\n255 0 0\n", "image/x-portable-pixmap"),
        ("P6\n1 1\n255\n", "image/x-portable-pixmap"),
        ("/* XPM */\nstatic char *icon[] = {\n\"2 2 1 1\",\n", "image/x-xpixmap"),
        (
            "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n",
            "application/x-x509-cert;format=pem"
        ),
        ("-----BEGIN X509 CRL-----\nMIIBpzCBkAIBATANBgkq\n", "application/pkix-crl"),
        ("-----BEGIN CERTIFICATE REQUEST-----\nMIICijCCAXICAQAw\n", "application/pkcs10"),
        ("Return-Path: <a@example.org>\nReceived: from x\n", "message/rfc822"),
        ("return-path: <a@example.org>\nreceived: from x\n", "message/rfc822"),
        ("DKIM-Signature: v=1; a=rsa-sha256\nfrom: Ann <a@example.org>\n", "message/rfc822"),
        (
            "From ann@example.org Mon Jan  1 00:00:00 2024\nReturn-Path: <ann@example.org>\n"
                + "From: Ann <ann@example.org>\nSubject: hello\n\nbody\n",
            "application/mbox"
        ),
        ("  0\nSECTION\n  2\nHEADER\n  9\n$ACADVER\n  1\nAC1015\n", "image/vnd.dxf;format=ascii"),
        ("999\nmade by hand\n  0\r\nSECTION\r\n  2\r\nENTITIES\r\n", "image/vnd.dxf;format=ascii"),
        ("solid cube\n  facet normal 0 0 1\n    outer loop\n", "model/x.stl-ascii"),
        ("begin 644 notes.txt\nM5&AE(&-A=\n`\nend\n", "text/x-uuencode"),
        ("%PDF-1.7\n%\u{e2}\u{e3}\n1 0 obj\n", "application/pdf"),
        ("\n\n%PDF-1.4\n", "application/pdf"),
        ("<!DOCTYPE html>\n<html><head><title>t</title></head></html>", "text/html"),
        ("digraph G {\n  a -> b;\n}\n", "text/vnd.graphviz"),
        ("// a graph\n// of two nodes\nstrict graph {\n a -- b\n}\n", "text/vnd.graphviz"),
        ("{\\rtf1\\ansi\\deff0 {\\fonttbl}", "application/rtf"),
    ]

    @Test(arguments: textHeads)
    func textFormat(_ text: String, _ mimeType: String) {
        let matches = database.matches(Array(text.utf8))
        #expect(types(matches).contains(mimeType), "\(matches)")
    }

    @Test func textWithoutTheSignatureDoesNotMatch() {
        for text in [
            "P7\n", "P1x\n", "/* XPN */", "-----BEGIN PRIVATE KEY-----",
            "From: someone\n", "solid\n", "begin 6x4 a\n",
            "  0\nSECTOR\n  2\nHEADER\n",
        ] {
            let found = types(database.matches(Array(text.utf8)))
            for mimeType in [
                "image/x-portable-bitmap", "image/x-xpixmap",
                "application/x-x509-cert;format=pem", "application/mbox", "model/x.stl-ascii",
                "text/x-uuencode", "image/vnd.dxf;format=ascii",
            ] {
                #expect(!found.contains(mimeType), "\(text) -> \(found)")
            }
        }
    }

    // MARK: - XML root elements

    static let xmlHeads: [(String, String)] = [
        (
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff version=\"1.2\" "
                + "xmlns=\"urn:oasis:names:tc:xliff:document:1.2\"><file/></xliff>",
            "application/x-xliff+xml"
        ),
        (
            "<?xml version=\"1.0\"?>\n<!-- feed -->\n<rss version=\"2.0\"><channel/></rss>",
            "application/rss+xml"
        ),
        (
            "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" "
                + "xmlns:owl=\"http://www.w3.org/2002/07/owl#\"><owl:Ontology/></rdf:RDF>",
            "application/rdf+xml"
        ),
        (
            "<?xml version=\"1.0\"?>\n<!DOCTYPE Ontology [\n <!ENTITY xsd \"http://www.w3.org/2001/XMLSchema#\" >\n]>\n"
                + "<Ontology xmlns=\"http://www.w3.org/2002/07/owl#\" ontologyIRI=\"http://example.org/o\"/>",
            "application/owl+xml"
        ),
        (
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\" ?>\n<TrainingCenterDatabase "
                + "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
                + "xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\">",
            "application/vnd.garmin.tcx+xml"
        ),
        (
            "<gpx:gpx version='1.1' xmlns:gpx='http://www.topografix.com/GPX/1/1'><gpx:trk/>",
            "application/gpx+xml"
        ),
        ("<gpx>\n    <author>Serial=1443</author>\n    <trk>", "application/gpx+xml"),
        (
            "<tt xml:lang=\"en\" xmlns=\"http://www.w3.org/ns/ttml\">\n  <head>\n    <metadata/>",
            "application/ttml+xml"
        ),
    ]

    @Test(arguments: xmlHeads)
    func xmlDialectByRootElement(_ text: String, _ mimeType: String) throws {
        let matches = database.matches(Array(text.utf8))
        let match = try #require(matches.first { $0.mimeType == mimeType }, "\(matches)")
        #expect(match.kind == .xmlRoot)
        #expect(match.priority == SignatureMatch.xmlRootPriority)
    }

    @Test func xmlRootInUTF16WithAByteOrderMark() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<rss version=\"2.0\"/>"
        let littleEndian: [UInt8] =
            [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] =
            [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(types(database.matches(littleEndian)).contains("application/rss+xml"))
        #expect(types(database.matches(bigEndian)).contains("application/rss+xml"))
    }

    @Test func xmlRootNeedsTheRightNamespaceAndACompleteStartTag() {
        let wrongNamespace = "<xliff version=\"1.2\" xmlns=\"urn:example:not-xliff\">"
        #expect(
            !types(database.matches(Array(wrongNamespace.utf8))).contains("application/x-xliff+xml")
        )
        // The namespace is bound to another prefix than the element's.
        let otherPrefix = "<a:xliff xmlns:b=\"urn:oasis:names:tc:xliff:document:1.2\">"
        #expect(
            !types(database.matches(Array(otherPrefix.utf8))).contains("application/x-xliff+xml")
        )
        let cut = "<xliff version=\"1.2\" xmlns=\"urn:oasis:names:tc:xliff:document:1.2"
        #expect(!types(database.matches(Array(cut.utf8))).contains("application/x-xliff+xml"))
        let unclosedComment = "<!-- <rss version=\"2.0\">"
        #expect(
            !types(database.matches(Array(unclosedComment.utf8))).contains("application/rss+xml")
        )
    }

    /// A rule that names no namespace is for a root in no namespace, as Tika's RootXML reads
    /// it: DITA's `map` and `topic` are not every `map` and `topic`.
    @Test func aRuleWithoutANamespaceTakesOnlyARootWithoutOne() {
        let dita = "<?xml version=\"1.0\"?>\n<map title=\"Guide\"><topicref href=\"a.dita\"/></map>"
        #expect(
            types(database.matches(Array(dita.utf8))).contains("application/dita+xml;format=map")
        )
        for other in [
            "<?xml version=\"1.0\"?>\n<map xmlns=\"http://example.org/tiles\"><tile/></map>",
            "<m:map xmlns:m=\"urn:example:maps\"><m:tile/></m:map>",
        ] {
            #expect(
                !types(database.matches(Array(other.utf8))).contains(where: {
                    $0.hasPrefix("application/dita")
                }),
                "\(other)"
            )
        }
    }

    // MARK: - Numeric match types (values encoded by the generator as Tika decodes them)

    @Test func numericMatchTypes() {
        func found(_ bytes: [UInt8]) -> [String] {
            types(database.matches(bytes + Array(repeating: 0, count: 64)))
        }
        // big32 0xFF575043 ("\xFFWPC") at 0 and big16 0x0201 at 10: WordPerfect 6.
        #expect(
            found([0xFF, 0x57, 0x50, 0x43, 0, 0, 0, 0, 0, 0, 0x02, 0x01]).contains(
                "application/vnd.wordperfect;version=6.x"
            )
        )
        // little16 0x02f7 at 0: TeX DVI (pre byte 247, id 2).
        #expect(found([0xF7, 0x02, 0x01, 0x83]).contains("application/x-dvi"))
        // little16 and big16 of octal 070707: binary cpio in either byte order.
        #expect(found([0xC7, 0x71]).contains("application/x-cpio"))
        #expect(found([0x71, 0xC7]).contains("application/x-cpio"))
        // host32 (taken as little-endian, as Tika does) 0x00061561 at 12: Berkeley DB hash.
        #expect(
            found(Array(repeating: 0, count: 12) + [0x61, 0x15, 0x06, 0x00]).contains(
                "application/x-berkeley-db;format=hash"
            )
        )
        // big32 2 (MH_EXECUTE) at 12 under the big-endian Mach-O magic.
        let machO: [UInt8] = [0xFE, 0xED, 0xFA, 0xCE, 0, 0, 0, 18, 0, 0, 0, 0, 0, 0, 0, 2]
        #expect(found(machO).contains("application/x-mach-o-executable"))
        var swapped: [UInt8] = [0xCE, 0xFA, 0xED, 0xFE, 7, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0]
        #expect(found(swapped).contains("application/x-mach-o-executable"))
        swapped[12] = 1  // MH_OBJECT
        #expect(!found(swapped).contains("application/x-mach-o-executable"))
    }

    // MARK: - Semantics, on small tables

    @Test func offsetRangesAndMasks() {
        let database = table([
            matchlet(0, "s", 4, 16, "abc"),
            matchlet(0, "s", 0, nil, "A_C", mask: "ff00ff"),
        ])
        #expect(types(database.matches(Array("xxxxxxxxxxabc".utf8))) == ["test/0"])
        #expect(types(database.matches(Array("xxxxxxxxxxxxxxxxabc".utf8))) == ["test/0"])
        #expect(database.matches(Array("xxxxxxxxxxxxxxxxxabc".utf8)).isEmpty)
        #expect(database.matches(Array("xxxab".utf8)).isEmpty)
        #expect(types(database.matches(Array("AzC".utf8))) == ["test/1"])
        #expect(database.matches(Array("BzC".utf8)).isEmpty)
    }

    @Test func childrenAreAlternativesThatMustAlsoMatch() throws {
        let database = table([
            [
                matchlet(0, "s", 0, nil, "RIFF"), matchlet(1, "s", 8, nil, "WAVE"),
                matchlet(1, "s", 8, nil, "AVI "),
            ]
            .joined(separator: "\n"),
            matchlet(0, "s", 0, nil, "RIFF"),
        ])
        let wave = database.matches(Array("RIFF\0\0\0\0WAVEfmt ".utf8))
        #expect(types(wave) == ["test/0", "test/1"])
        let first = try #require(wave.first)
        #expect(first.depth == 1)
        #expect(first.matchedByteCount == 8)
        #expect(
            types(database.matches(Array("RIFF\0\0\0\0AVI LIST".utf8))) == ["test/0", "test/1"]
        )
        #expect(types(database.matches(Array("RIFF\0\0\0\0CDR vrsn".utf8))) == ["test/1"])
    }

    @Test func minShouldMatchCountsItsChildren() {
        let rule = [
            "m\t0\tn\t2\t0\t\t",
            matchlet(1, "i", 0, 100, "user-agent:"),
            matchlet(1, "i", 0, 100, "disallow:"),
            matchlet(1, "i", 0, 100, "sitemap:"),
        ].joined(separator: "\n")
        let database = table([rule])
        #expect(types(database.matches(Array("User-Agent: *\nDisallow: /\n".utf8))) == ["test/0"])
        #expect(database.matches(Array("User-Agent: *\nAllow: /\n".utf8)).isEmpty)
        // The first child fails and the other two must both be tried (the count is still
        // reachable); every matching child's bytes count.
        let late = database.matches(Array("Disallow: /\nSitemap: x\n".utf8))
        #expect(types(late) == ["test/0"])
        #expect(late.first?.matchedByteCount == 17)
        let all = database.matches(Array("User-agent: *\nDisallow: /\nSitemap: x".utf8))
        #expect(all.first?.matchedByteCount == 28)
        #expect(database.matches(Array("Sitemap: x\n".utf8)).isEmpty)
    }

    /// The range searches' fast paths (a masked value whose first byte the mask keeps whole,
    /// a letter compared in either case) find what the plain comparison finds, past decoys.
    @Test func rangeSearchesPastDecoys() {
        let database = table([
            matchlet(0, "s", 0, 40, "[00:00.00]", mask: "ff3030ff3030ff3030ff"),
            matchlet(0, "i", 0, 40, "from:"),
            matchlet(0, "s", 0, 8, "A_C", mask: "df00ff"),
        ])
        #expect(types(database.matches(Array("[x] [ab:cd] [12:34.56] lyric".utf8))) == ["test/0"])
        #expect(database.matches(Array("[x] [ab:cd] [12:34-56] lyric".utf8)).isEmpty)
        #expect(types(database.matches(Array("F f Fro\nFrOm: a".utf8))) == ["test/1"])
        #expect(types(database.matches(Array("xxfROM: b".utf8))) == ["test/1"])
        #expect(database.matches(Array("F f Fro\nFrOm; a".utf8)).isEmpty)
        // 0x46 and 0x66 are F and f; 0xC6 | 0x20 is not a letter's other case.
        #expect(database.matches([0xC6, 0x72, 0x6F, 0x6D, 0x3A]).isEmpty)
        #expect(types(database.matches(Array("..aZC".utf8))) == ["test/2"])
        #expect(database.matches(Array("..bZC".utf8)).isEmpty)
    }

    @Test func priorityThenSpecificityOrdersMatches() {
        let database = table(
            [
                matchlet(0, "s", 0, nil, "PK"),
                [matchlet(0, "s", 0, nil, "PK"), matchlet(1, "s", 30, nil, "mimetype")].joined(
                    separator: "\n"
                ),
                matchlet(0, "s", 0, nil, "P"),
            ],
            priorities: [50, 50, 20]
        )
        let head =
            Array("PK\u{3}\u{4}".utf8) + Array(repeating: 0, count: 26) + Array("mimetype".utf8)
        #expect(types(database.matches(head)) == ["test/1", "test/0", "test/2"])
    }

    @Test func regularExpressionSubset() {
        let cases:
            [(pattern: String, start: Int, end: Int, matching: [String], notMatching: [String])] = [
                (
                    "(?s)^([\\x05-\\x0F])[\\x00\\x20-\\x7E]{2}.{3}\\1\\x00", 0, 0,
                    ["\u{7}ab\n\n\n\u{7}\0"], ["\u{7}ab\n\n\n\u{8}\0"]
                ),
                (
                    "(?>(?:%%[^\\r\\n]{0,8})?(?:\\r\\n|[\\r\\n])){1,3}%PDF-[12]\\.", 0, 0,
                    ["%%x\r\n\n%PDF-1."], ["%%x\r\n\n\n\n%PDF-1."]
                ),
                (
                    "(?s)^\\s*/\\*.{0,64}?\\*/\\s*(?:strict\\s+)?(?:di)?graph\\b", 0, 0,
                    ["/* a */ digraph {"], ["/* a */ digraphs"]
                ),
                ("(?i)<(html|head)[ >]", 0, 0, ["<HeAd>"], ["<header>"]),
                ("[\\x72|\\x33]", 3, 3, ["abc|"], ["abcd"]),
                (
                    "JAVA PROFILE \\d\\.\\d\\.\\d\\u0000", 0, 0, ["JAVA PROFILE 1.0.2\0"],
                    ["JAVA PROFILE 1.0.x\0"]
                ),
                (
                    "[\\r\\n]%AI5_FileFormat [1-4][\\r\\n]", 0, 40,
                    ["%!PS-Adobe-3.0\n%AI5_FileFormat 3\n"], ["%AI5_FileFormat 3\n"]
                ),
                ("a.b", 0, 0, ["a-b"], ["a\nb"]),
                ("(?<=a)b", 0, 0, [], ["ab", "b"]),  // look-behind: unsupported, never matches
            ]
        for test in cases {
            let database = table(["m\t0\tr\t\(test.start)\t\(test.end)\t\(hex(test.pattern))\t"])
            for text in test.matching {
                let bytes = Array(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
                #expect(types(database.matches(bytes)) == ["test/0"], "\(test.pattern) on \(text)")
            }
            for text in test.notMatching {
                let bytes = Array(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
                #expect(database.matches(bytes).isEmpty, "\(test.pattern) on \(text)")
            }
        }
    }

    @Test func malformedTableLinesAreCountedNotTrusted() {
        let database = SignatureDatabase(
            table:
                "T\tt\ttest/0\t\t\t\t\t\nM\t0\tt\t50\nm\t1\ts\t0\t0\t41\t\nm\t0\ts\t0\t0\tzz\t\nM\t9\tt\t50\n"
        )
        #expect(database.malformedLineCount == 3)
        #expect(database.matches(Array("A".utf8)).isEmpty)
    }

    // MARK: - Hostile input

    @Test func hostileHeadsCostBoundedWork() {
        let clock = ContinuousClock()
        let heads: [[UInt8]] = [
            Array(repeating: 0xFF, count: 64 * 1024),
            (0..<32 * 1024).flatMap { _ in [UInt8(0xFF), 0xF1] },
            Array(repeating: 0x0A, count: 64 * 1024),
            Array(repeating: 0x3C, count: 64 * 1024),
            Array(("<!DOCTYPE x [" + String(repeating: "<!-- -- ", count: 8000)).utf8),
            Array(("From " + String(repeating: "\nFrom: ", count: 9000)).utf8),
            Array(repeating: 0, count: 64 * 1024),
        ]
        for head in heads {
            let elapsed = clock.measure { _ = database.matches(head) }
            // Unoptimized and on a shared machine; a quadratic path would take minutes.
            #expect(elapsed < .seconds(5))
        }
    }

    // MARK: - The system database's matches, merged

    @Test func systemDatabaseMatchesMergeInOneOrder() throws {
        let png = try fixtureBytes("image.png")
        let system = SignatureMatch.systemDatabaseMatches([
            (mimeType: "image/png", priority: 50, depth: 0, matchedByteCount: 4),
            (mimeType: "image/x-apng", priority: 80, depth: 1, matchedByteCount: 8),
        ])
        #expect(system.allSatisfy { $0.source == .systemDatabase && $0.kind == .magic })
        let merged = SignatureMatch.merged([database.matches(png), system])
        #expect(Array(types(merged).prefix(2)) == ["image/x-apng", "image/png"])
        #expect(types(merged).filter { $0 == "image/png" }.count == 1)
        // At equal priority the engine's match, which tested 8 bytes, is the one kept.
        #expect(merged.first { $0.mimeType == "image/png" }?.source == .tika)
    }

    /// A Kodak Photo CD image pack: 2 KiB of lead-in, then the Image Pack Information
    /// sector (the layout ImageMagick's `pcd:` writer gives; its smallest file is 768 KB).
    @Test func photoCDByItsInformationSector() {
        let lead = [UInt8](repeating: 0xFF, count: 2048)
        let pack = lead + Array("PCD_IPI".utf8) + [0x06] + [UInt8](repeating: 0, count: 504)
        #expect(types(database.matches(pack)).first == "image/x-photo-cd")
        #expect(!types(database.matches(lead + Array("PCD_OPA".utf8))).contains("image/x-photo-cd"))
    }

    @Test func mergingFoldsAliasesTheDatabaseKnows() throws {
        // shared-mime-info calls WAV audio/x-wav, Tika audio/vnd.wave with that alias.
        let wav = try fixtureBytes("audio.wav")
        let system = SignatureMatch.systemDatabaseMatches([
            (mimeType: "audio/x-wav", priority: 60, depth: 1, matchedByteCount: 8)
        ])
        let merged = database.merged([database.matches(wav), system])
        #expect(merged.filter { database.conforms($0.mimeType, to: "audio/vnd.wave") }.count == 1)
        // The system database's rule has the higher priority here, so its match is kept.
        #expect(merged.first?.mimeType == "audio/x-wav")
        #expect(merged.first?.source == .systemDatabase)
    }
}
