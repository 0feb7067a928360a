import MediaClassification
import Testing
import UniformTypes

private typealias B = ImageContainerTextSupport

/// The research and game image formats Pillow reads (SPIDER, McIDAS AREA, IFUNC Image
/// Memory, FTEX), BUFR weather data and Yamaha's SMAF: the fixtures whole, cut and damaged,
/// and each header check switched off by a field that breaks it.
@Suite struct ResearchImageTests {
    static let fixtures: [(file: String, identifier: String, header: Int)] = [
        ("image.spi", "edu.wadsworth.spider-image", 92),
        ("mcidas-area", "edu.wisc.ssec.mcidas-area", 44),
        ("image.im", "com.labeye.ifunc-image", 94),
        ("image.ftu", "com.particle-systems.ftex-texture", 32),
        ("image.imt", "org.python-pillow.imt-image", 48),
    ]

    private static func raster(_ bytes: [UInt8]) -> String? {
        RasterImageSniffer.sniff(SniffInput(bytes: bytes))?.identifier
    }

    /// A SPIDER header word (counted from 1) set to `value`, little-endian as in the fixture.
    private static func spiderWord(_ bytes: [UInt8], _ index: Int, _ value: Float) -> [UInt8] {
        B.patched(bytes, at: (index - 1) * 4, B.le32(value.bitPattern))
    }

    @Test(arguments: fixtures.map(\.file))
    func fixtureWholeCutDamagedAndRenamed(_ file: String) throws {
        let entry = try #require(Self.fixtures.first { $0.file == file })
        let bytes = try B.bytes(ofFixture: file)
        #expect(Self.raster(bytes) == entry.identifier)
        for cut in 0..<min(entry.header, bytes.count) {
            #expect(Self.raster(Array(bytes.prefix(cut))) != entry.identifier, "cut at \(cut)")
        }
        try B.expectImageWhateverItsName(
            bytes,
            identifier: entry.identifier,
            file: file,
            seed: 0x7265_7365
        )
    }

    @Test func spiderReadsEitherByteOrderAndChecksItsSizes() throws {
        let spider = try B.bytes(ofFixture: "image.spi")
        // Every 4-byte word of the header swapped: the big-endian form.
        var swapped = spider
        for word in stride(from: 0, to: 1024, by: 4) { swapped[word..<word + 4].reverse() }
        #expect(Self.raster(swapped) == "edu.wadsworth.spider-image")
        // IFORM 2 is none of SPIDER's formats; rows must be whole; a record is a row of floats;
        // the header is records times record length; and the header lies in the file.
        #expect(Self.raster(Self.spiderWord(spider, 5, 2)) == nil)
        #expect(Self.raster(Self.spiderWord(spider, 2, 16.5)) == nil)
        // 8 records of 128 bytes still make the 1024-byte header, but a row is 64 bytes.
        let longRecords = Self.spiderWord(Self.spiderWord(spider, 13, 8), 23, 128)
        #expect(Self.raster(longRecords) == nil)
        #expect(Self.raster(Self.spiderWord(spider, 22, 1088)) == nil)
        #expect(Self.raster(Self.spiderWord(spider, 1, 0)) == nil)
        #expect(Self.raster(Array(spider.prefix(1000))) == nil)
    }

    @Test func mcIDASNeedsItsVersionAndALayout() throws {
        let area = try B.bytes(ofFixture: "mcidas-area")
        #expect(Self.raster(B.patched(area, at: 4, B.be32(5))) == nil)
        #expect(Self.raster(B.patched(area, at: 40, B.be32(3))) == nil)
        #expect(
            Self.raster(B.patched(area, at: 40, B.be32(4))) == "edu.wisc.ssec.mcidas-area"
        )
        #expect(Self.raster(B.patched(area, at: 32, B.be32(0))) == nil)
        #expect(Self.raster(B.patched(area, at: 36, B.be32(0))) == nil)
    }

    @Test func imToolsNeedsSizeGreyPixelsAFormFeedAndThePixels() throws {
        let image = try B.bytes(ofFixture: "image.imt")
        let pixels = Array(image[48...])
        func imt(_ header: String, _ data: [UInt8]? = nil) -> String? {
            Self.raster(Array(header.utf8) + [0x0C] + (data ?? pixels))
        }
        let good = "*c\nwidth 16\nheight 16\npixel n8\n"
        #expect(imt(good) == "org.python-pillow.imt-image")
        #expect(imt("width 16\nheight 16\npixel n8\nscale 1\n") == "org.python-pillow.imt-image")
        #expect(imt("*c\nheight 16\npixel n8\n") == nil)
        #expect(imt("*c\nwidth 16\npixel n8\n") == nil)
        #expect(imt("*c\nwidth 0\nheight 16\npixel n8\n") == nil)
        #expect(imt("*c\nwidth 16\nheight 16\n") == nil)
        #expect(imt("*c\nwidth 16\nheight 16\npixel n16\n") == nil)
        #expect(imt("*c\nWidth 16\nheight 16\npixel n8\n") == nil)
        #expect(imt("*c\nwidth 16 px\nheight 16\npixel n8\n") == "org.python-pillow.imt-image")
        #expect(imt("*c\r\nwidth 16\r\nheight 16\r\npixel n8\r\n") == "org.python-pillow.imt-image")
        #expect(imt("*c\nwidth  16\nheight 16\npixel n8\n") == nil)
        #expect(imt("*c\n width 16\nheight 16\npixel n8\n") == nil)
        #expect(imt(good + "*" + String(repeating: "x", count: 98) + "\n") != nil)
        #expect(imt(good + "*" + String(repeating: "x", count: 99) + "\n") == nil)
        #expect(imt(good, Array(pixels.dropLast())) == nil)
        // Sizes whose product overflows 64 bits: refused, not a crash.
        #expect(imt("width 9999999999\nheight 9999999999\npixel n8\n") == nil)
        // The form feed opens a line; without it the header never ends.
        #expect(Self.raster(Array(good.dropLast().utf8) + [0x0C] + pixels) == nil)
        #expect(Self.raster(Array(good.utf8) + pixels) == nil)
    }

    @Test func ifuncNeedsTypeAndSizeInAHeaderOfKeyedLines() throws {
        let image = try B.bytes(ofFixture: "image.im")
        func header(_ lines: [String]) -> [UInt8] {
            let text = Array(lines.joined(separator: "\r\n").utf8) + [0x0D, 0x0A]
            return text + [UInt8](repeating: 0, count: 511 - text.count) + [0x1A] + image[512...]
        }
        let type = "Image type: L image"
        let size = "Image size (x*y): 16*16"
        #expect(Self.raster(header([type, size])) == "com.labeye.ifunc-image")
        #expect(Self.raster(header(["Name: a", size, type])) == "com.labeye.ifunc-image")
        #expect(Self.raster(header([type])) == nil)
        #expect(Self.raster(header([size, "Lut: 1"])) == nil)
        #expect(Self.raster(header([type, size, "no colon here"])) == nil)
        #expect(Self.raster(header([type, size, "1st: key"])) == nil)
        #expect(
            Self.raster(header([type, size, "Comment: " + String(repeating: "x", count: 95)]))
                == nil
        )
        // The header must end (NUL or 0x1A) within its first KiB: keyed lines past it are no
        // IFUNC header.
        let endless = Array(
            ([type, size] + Array(repeating: "X: 1", count: 200)).joined(separator: "\r\n")
                .utf8
        )
        #expect(Self.raster(endless) == nil)
    }

    @Test func ftexChecksItsHeaderAndDirectory() throws {
        let texture = try B.bytes(ofFixture: "image.ftu")
        #expect(Self.raster(B.patched(texture, at: 4, B.le32(0x100))) == nil)
        #expect(Self.raster(B.patched(texture, at: 8, B.le32(0))) == nil)
        #expect(Self.raster(B.patched(texture, at: 16, B.le32(0))) == nil)
        #expect(Self.raster(B.patched(texture, at: 20, B.le32(0))) == nil)
        #expect(Self.raster(B.patched(texture, at: 24, B.le32(2))) == nil)
        #expect(Self.raster(B.patched(texture, at: 24, B.le32(0))) != nil)
        // The data lies past the directory and inside the file.
        #expect(Self.raster(B.patched(texture, at: 28, B.le32(24))) == nil)
        #expect(Self.raster(B.patched(texture, at: 28, B.le32(UInt32(texture.count)))) == nil)
    }

    @Test func bufrByItsEdition() throws {
        let bufr = try B.bytes(ofFixture: "weather.bufr")
        let classifier = Classifier(registry: .builtinOnly)
        #expect(try classifier.classify(bytes: bufr).type.identifier == "int.wmo.bufr")
        for edition: UInt8 in [2, 3] {
            let other = B.patched(bufr, at: 7, [edition])
            #expect(try classifier.classify(bytes: other).type.identifier == "int.wmo.bufr")
        }
        for edition: UInt8 in [0, 1, 5] {
            let other = B.patched(bufr, at: 7, [edition])
            #expect(try classifier.classify(bytes: other).type.identifier != "int.wmo.bufr")
        }
    }

    @Test func smafNeedsItsContentsInfoFirst() throws {
        let smaf = try B.bytes(ofFixture: "audio.mmf")
        let classifier = Classifier(registry: .builtinOnly)
        #expect(try classifier.classify(bytes: smaf).type.identifier == "com.yamaha.smaf")
        let other = B.patched(smaf, at: 8, Array("OPDA".utf8))
        #expect(try classifier.classify(bytes: other).type.identifier != "com.yamaha.smaf")
    }
}
