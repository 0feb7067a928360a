import Foundation
import MediaClassification
import TestSupport
import Testing

@Suite struct FontSnifferTests {
    private func sniff(_ bytes: [UInt8]) -> String? {
        FontSniffer.sniff(SniffInput(bytes: bytes))?.identifier
    }

    @Test func fontsMadeByFontToolsAreTold() throws {
        for (file, identifier) in [
            ("font.ttf", "public.truetype-ttf-font"), ("font.otf", "public.opentype-font"),
            ("fonts.ttc", "public.truetype-collection-font"),
        ] {
            #expect(try sniff(fixtureBytes(file)) == identifier, "\(file)")
        }
        // WOFF wraps the tables in its own header: signatures decide it, not this parser.
        #expect(try sniff(fixtureBytes("font.woff")) == nil)
    }

    /// The directory is enough: a stream's prefix may end right after it.
    @Test func theDirectoryAloneDecides() throws {
        let font = try fixtureBytes("font.ttf")
        let tables = Int(font[4]) << 8 | Int(font[5])
        #expect(sniff(Array(font.prefix(12 + 16 * tables))) == "public.truetype-ttf-font")
        #expect(sniff(Array(font.prefix(12 + 16))) == "public.truetype-ttf-font")
        // Not one whole record: nothing to check.
        #expect(sniff(Array(font.prefix(27))) == nil)
    }

    @Test func theVersionAloneIsNotAFont() throws {
        let font = try fixtureBytes("font.ttf")
        // A font's own `head` table saved alone starts 00 01 00 00 too (its version), then the
        // font revision, a checksum and a magic number where the directory would be.
        let headTable: [UInt8] =
            [0, 1, 0, 0, 0, 1, 0, 0, 0x8B, 0x3D, 0x12, 0x07, 0x5F, 0x0F, 0x3C, 0xF5]
            + [UInt8](repeating: 0, count: 38)
        #expect(sniff(headTable) == nil)
        // A tag byte that is not printable, an offset into the directory, no table every font
        // has, and no table at all are each refused.
        var unprintable = font
        unprintable[12] = 0x01
        #expect(sniff(unprintable) == nil)
        var inside = font
        inside.replaceSubrange(20..<24, with: [0, 0, 0, 12])
        #expect(sniff(inside) == nil)
        let tables = Int(font[4]) << 8 | Int(font[5])
        var unknown = font
        for record in 0..<tables {
            unknown.replaceSubrange(12 + 16 * record..<16 + 16 * record, with: Array("zzzz".utf8))
        }
        #expect(sniff(unknown) == nil)
        var empty = font
        empty.replaceSubrange(4..<6, with: [0, 0])
        #expect(sniff(empty) == nil)
    }

    /// Tika and shared-mime-info name one type for both Type 1 files; the bytes tell which.
    @Test func type1FontsAreToldApart() throws {
        let ascii = try fixtureBytes("font.pfa")
        let binary = try fixtureBytes("font.pfb")
        #expect(sniff(ascii) == "com.adobe.postscript-pfa-font")
        #expect(sniff(binary) == "com.adobe.postscript-pfb-font")
        // PostScript that is no font program, and the PFB wrapper around it, are not fonts.
        let document = Array("%!PS-Adobe-3.0\n%%Title: page\n".utf8)
        #expect(sniff(document) == nil)
        #expect(sniff([0x80, 0x01, UInt8(document.count), 0, 0, 0] + document) == nil)
        // A first segment longer than the file is no PFB (the header is still the font's).
        var overlong = binary
        overlong.replaceSubrange(2..<6, with: [0xFF, 0xFF, 0xFF, 0x00])
        #expect(sniff(overlong) == nil)
        // Nor is a segment of another type first.
        var binaryFirst = binary
        binaryFirst[1] = 0x02
        #expect(sniff(binaryFirst) == nil)
        let classifier = Classifier(registry: .builtin)
        for (file, identifier) in [
            ("font.pfa", "com.adobe.postscript-pfa-font"),
            ("font.pfb", "com.adobe.postscript-pfb-font"),
        ] {
            let unnamed = try classifier.classify(bytes: fixtureBytes(file), fileName: nil)
            #expect(unnamed.type.identifier == identifier, "\(file) unnamed")
        }
    }

    /// A resource fork saved as a file (Inside Macintosh's layout): 256 bytes of header and
    /// padding, the data, then a map whose type list names each resource type.
    private static func resourceFork(types: [String], dataLength: Int = 16) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] {
            withUnsafeBytes(of: UInt32(value).bigEndian, Array.init)
        }
        func be16(_ value: Int) -> [UInt8] {
            withUnsafeBytes(of: UInt16(value).bigEndian, Array.init)
        }
        var list = be16(types.count - 1)
        for type in types { list += Array(type.utf8) + be16(0) + be16(0) }
        let map = [UInt8](repeating: 0, count: 24) + be16(28) + be16(28 + list.count) + list
        let mapOffset = 256 + dataLength
        let header = be32(256) + be32(mapOffset) + be32(dataLength) + be32(map.count)
        return header + [UInt8](repeating: 0, count: 240 + dataLength) + map
    }

    /// libmagic calls every resource fork a font suitcase; the map's types tell which it is.
    @Test func resourceForksAreToldByTheirTypes() throws {
        #expect(
            sniff(Self.resourceFork(types: ["FOND", "sfnt"]))
                == "com.apple.truetype-datafork-suitcase-font"
        )
        #expect(
            sniff(Self.resourceFork(types: ["FOND", "POST"])) == "com.adobe.postscript-lwfn-font"
        )
        let strings = Self.resourceFork(types: ["STR#", "vers"])
        let suitcase = Self.resourceFork(types: ["sfnt"])
        #expect(sniff(strings) == nil)
        #expect(
            !WeakEvidence.holds(
                .resourceForkSuitcase,
                head: strings,
                fileSize: UInt64(strings.count)
            )
        )
        #expect(
            WeakEvidence.holds(
                .resourceForkSuitcase,
                head: suitcase,
                fileSize: UInt64(suitcase.count)
            )
        )
        // A map past the end of the file, or a type list past the map, is no resource fork.
        var short = Self.resourceFork(types: ["sfnt"])
        short.removeLast(4)
        #expect(sniff(short) == nil)
        let classifier = Classifier(registry: .builtin)
        let result = try classifier.classify(bytes: strings, fileName: nil)
        #expect(
            result.type.identifier != "com.apple.truetype-datafork-suitcase-font",
            "\(result.detail)"
        )
    }

    /// A real suitcase keeps its map at the end, past the head: it is read there.
    @Test func aMapPastTheHeadIsRead() throws {
        let dfont = try fixtureBytes("font.dfont")
        for headCount in [16, 300, dfont.count] {
            let input = SniffInput(bytes: dfont, headCount: headCount)
            #expect(
                FontSniffer.sniff(input)?.identifier
                    == "com.apple.truetype-datafork-suitcase-font",
                "head \(headCount)"
            )
        }
        // A fork of other resources, its map past the head, is no font.
        let strings = Self.resourceFork(types: ["STR#", "vers"], dataLength: 4096)
        #expect(FontSniffer.sniff(SniffInput(bytes: strings, headCount: 64)) == nil)
        let suitcase = Self.resourceFork(types: ["sfnt"], dataLength: 4096)
        #expect(
            FontSniffer.sniff(SniffInput(bytes: suitcase, headCount: 64)) != nil
        )
    }

    @Test func aCollectionsFirstFontMustBeAFont() throws {
        let collection = try fixtureBytes("fonts.ttc")
        let first = collection[12..<16].reduce(0) { $0 << 8 | Int($1) }
        var broken = collection
        broken.replaceSubrange(first..<first + 4, with: [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(sniff(broken) == nil)
        var version3 = collection
        version3[5] = 3
        #expect(sniff(version3) == nil)
        // When the first font lies past the head, the header alone decides.
        #expect(sniff(Array(collection.prefix(16))) == "public.truetype-collection-font")
        // The first font's header is in the head, but none of its table records.
        #expect(sniff(Array(collection.prefix(first + 12))) == "public.truetype-collection-font")
    }

    /// Tika's and shared-mime-info's TrueType rules match the `head` table above; the
    /// classifier drops those matches when the parser did not claim the file.
    @Test func theClassifierDropsTheRefutedSignature() throws {
        let headTable: [UInt8] =
            [0, 1, 0, 0, 0, 1, 0, 0, 0x8B, 0x3D, 0x12, 0x07, 0x5F, 0x0F, 0x3C, 0xF5]
            + [UInt8](repeating: 0, count: 38)
        let lister = Classifier(registry: .builtin, options: .init(listsCandidates: true))
        let result = try lister.classify(bytes: headTable, fileName: nil)
        #expect(result.type.identifier != "public.truetype-ttf-font", "\(result.detail)")
        #expect(result.candidates.contains { $0.type.identifier == "public.truetype-ttf-font" })
        let font = try lister.classify(bytes: fixtureBytes("font.ttf"), fileName: nil)
        #expect(font.type.identifier == "public.truetype-ttf-font")
        #expect(font.confidence == .certain)
    }
}

@Suite struct TTXSignatureTests {
    /// fontTools' XML: shared-mime-info knows only the root with the attributes of a TrueType
    /// dump; the project's rule takes the root element, whatever its attributes.
    @Test func theRootElementDecides() throws {
        let classifier = Classifier(registry: .builtinOnly)
        for root in ["<ttFont>", "<ttFont sfntVersion=\"OTTO\" ttLibVersion=\"4.68\">"] {
            let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(root)\n  <bsln/>\n</ttFont>\n"
            let result = try classifier.classify(bytes: Array(xml.utf8), fileName: nil)
            #expect(result.type.identifier == "org.fonttools.ttx", "\(root): \(result.detail)")
        }
        let dump = try classifier.classify(fileAt: fixturePath("font.ttx"))
        #expect(dump.type.identifier == "org.fonttools.ttx")
    }

    /// Tika's root rule for `amf` names the Additive Manufacturing File, an XML 3D model; the
    /// type it maps to is one, not Flash's Action Message Format, which shares the MIME type.
    @Test func anAMFRootIsA3DModel() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let amf = """
            <?xml version="1.0" encoding="utf-8"?>
            <amf unit="millimeter" version="1.1">
              <object id="1"><mesh><vertices/></mesh></object>
            </amf>

            """
        let result = try classifier.classify(bytes: Array(amf.utf8), fileName: nil)
        #expect(result.mimeType == "application/x-amf", "\(result.detail)")
        #expect(result.type.conforms(to: .xml))
        #expect(result.type.conforms(to: .threeDContent))
    }
}
