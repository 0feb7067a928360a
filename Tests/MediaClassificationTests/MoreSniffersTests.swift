import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

private typealias B = ImageContainerTextSupport

/// Headers built from the format specifications, and the fixtures cut and damaged, for the
/// structural sniffers of issue #14 item 5: raster images, MPO, the JP2 brands, cursors, the
/// audio formats with a header of their own, MPEG-1/2 elementary video and tar.
@Suite struct MoreSniffersTests {
    // MARK: - Helpers

    private static func be16(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    private static func le24(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF)]
    }

    private static func zeros(_ count: Int) -> [UInt8] { [UInt8](repeating: 0, count: count) }

    /// Every sniffer entry point of this work, on the whole bytes and on a 64-byte head with
    /// the rest behind the reader.
    private static func sniffAll(_ bytes: [UInt8]) -> [SniffResult?] {
        fuzzInputs(bytes).flatMap { input in
            [
                RasterImageSniffer.sniff(input), RasterImageSniffer.sniffTGA(input),
                ImageSniffer.sniff(input), AudioFormatSniffer.sniff(input),
                MPEGStreamSniffer.sniffVideoElementary(input), BinarySniffer.sniff(input),
                MediaSniffer.sniff(input), ContainerSniffer.sniff(input),
            ]
        }
    }

    private static func raster(_ bytes: [UInt8]) -> String? {
        RasterImageSniffer.sniff(SniffInput(bytes: bytes))?.identifier
    }

    private static func tga(_ bytes: [UInt8]) -> String? {
        RasterImageSniffer.sniffTGA(SniffInput(bytes: bytes))?.identifier
    }

    private static func image(_ bytes: [UInt8]) -> String? {
        ImageSniffer.sniff(SniffInput(bytes: bytes))?.identifier
    }

    private static func audio(_ bytes: [UInt8]) -> String? {
        AudioFormatSniffer.sniff(SniffInput(bytes: bytes))?.identifier
    }

    private static func video(_ bytes: [UInt8]) -> String? {
        MPEGStreamSniffer.sniffVideoElementary(SniffInput(bytes: bytes))?.identifier
    }

    // MARK: - Fixtures: whole, cut inside the header, damaged

    /// Fixture, what it is, and how many leading bytes its sniffer needs at least.
    static let fixtures: [(file: String, identifier: String, header: Int)] = [
        ("image.dds", "com.microsoft.dds", 84), ("image.sgi", "com.sgi.sgi-image", 108),
        ("image-rle.rgb", "com.sgi.sgi-image", 108), ("image.ras", "com.sun.raster-image", 28),
        ("image.pfm", "net.sourceforge.netpbm.pfm", 13), ("image.hdr", "public.radiance", 60),
        ("image.tga", "com.truevision.tga-image", 18),
        ("image-rle.tga", "com.truevision.tga-image", 18),
        ("image-16bit-footer.tga", "com.truevision.tga-image", 18),
        ("animation.flc", "public.flc-animation", 134),
        ("tune.669", "com.renaissance.669-module", 497),
        ("id3-tagged.wav", "com.microsoft.waveform-audio", 4108),
        ("image.ff", "org.suckless.farbfeld-image", 16),
        ("image.wbmp", "org.wapforum.wbmp", 4),
        ("cursor.cur", "com.microsoft.cursor", 22), ("stereo.mpo", "public.mpo-image", 40),
        ("image.jp2", "public.jpeg-2000", 12),
        ("image.j2k", "org.jpeg.jpeg-2000-codestream", 45), ("audio.wv", "com.wavpack.wavpack", 32),
        ("audio.tta", "com.true-audio.tta", 22), ("audio.au", "public.au-audio", 24),
        ("video.m1v", "org.iso.mpeg-1-video", 16), ("video.m2v", "public.mpeg-2-video", 17),
        ("archive-v7.tar", "public.tar-archive", 512), ("tune.mid", "public.midi-audio", 18),
        ("tune.rmi", "public.midi-audio", 28),
        ("hybrid.wv", "com.wavpack.wavpack", 32),
        ("hybrid.wvc", "com.wavpack.wavpack-correction", 32),
        ("works.wps", "com.microsoft.works.wps", 512),
        ("works-database.wdb", "com.microsoft.works.wdb", 512),
        ("starwriter.sdw", "com.stardivision.writer5", 512),
        ("starcalc.sdc", "com.stardivision.calc5", 512),
        ("starimpress.sdd", "com.stardivision.impress5", 512),
        ("quattro.qpw", "com.corel.quattro-pro", 512),
        ("wordperfect-ole.wpd", "com.corel.wordperfect.document", 512),
        ("flashpix.fpx", "com.kodak.flashpix-image", 512),
        ("hangul.hwp", "com.hancom.hwp5", 512),
        ("image.jxsc", "org.jpeg.jpeg-xs-codestream", 27),
        ("video.jxsv", "org.jpeg.jpeg-xs-video", 136),
        ("app.AppImage", "org.appimage.appimage", 11),
    ]

    @Test(arguments: fixtures.map(\.file))
    func fixtureWholeCutAndDamaged(_ file: String) throws {
        let entry = try #require(Self.fixtures.first { $0.file == file })
        let bytes = try B.bytes(ofFixture: file)
        let whole = Self.sniffAll(bytes).compactMap { $0?.identifier }
        #expect(whole.contains(entry.identifier), "\(file): \(whole)")
        // Cut inside the header: no sniffer may claim the format.
        for cut in 0..<min(entry.header, bytes.count) {
            let answers = Self.sniffAll(Array(bytes.prefix(cut))).compactMap { $0?.identifier }
            #expect(!answers.contains(entry.identifier), "\(file) cut at \(cut)")
        }
        // Cut anywhere and damaged anywhere: any answer or none, but no trap and no hang.
        for mutated in B.mutations(of: bytes, seed: 0x6D6F_7265 ^ UInt64(bytes.count), flips: 60) {
            _ = Self.sniffAll(mutated)
        }
    }

    @Test(arguments: fixtures.map(\.file))
    func fixtureWithoutAndWithAWrongName(_ file: String) throws {
        let entry = try #require(Self.fixtures.first { $0.file == file })
        let bytes = try B.bytes(ofFixture: file)
        let classifier = Classifier(registry: .builtinOnly)
        for name in [nil, "renamed.bin", "renamed.txt", "renamed.jpg"] as [String?] {
            let result = try classifier.classify(bytes: bytes, fileName: name)
            #expect(result.type.identifier == entry.identifier, "\(file) as \(name ?? "no name")")
        }
    }

    @Test func jpegXSVideoNeedsTheNextCodestreamWhereThePictureHeaderSays() throws {
        let video = try B.bytes(ofFixture: "video.jxsv")
        #expect(Self.image(video) == "org.jpeg.jpeg-xs-video")
        // Lcod, the first codestream's length, sits 4 bytes into the picture header (at 6):
        // 0x84, or 0x82 where the EOC is not.
        let early = B.patched(video, at: 13, [0x82])
        #expect(Self.image(early) == "org.jpeg.jpeg-xs-codestream", "EOC not where Lcod says")
        let unknownLength = B.patched(video, at: 10, [0, 0, 0, 0])
        #expect(Self.image(unknownLength) == "org.jpeg.jpeg-xs-codestream")
        // A picture header of another length, or of no component, is not JPEG XS's.
        #expect(Self.image(B.patched(video, at: 9, [0x1C])) == nil)
        #expect(Self.image(B.patched(video, at: 26, [0])) == nil)
    }

    @Test func kodaksPrivateTagsNeedKodaksMake() throws {
        let kdc = try B.bytes(ofFixture: "image.kdc")
        #expect(Self.image(kdc) == "com.kodak.kdc-raw-image")
        let make = Array("EASTMAN KODAK".utf8)
        let at = try #require(
            kdc.indices.first { kdc[$0...].starts(with: make) },
            "the fixture's Make"
        )
        let foreign = B.patched(kdc, at: at, Array("EASTMAN XODAK".utf8))
        #expect(Self.image(foreign) == "public.tiff")
    }

    @Test func theAppImageMarkSaysWhichFileSystemFollows() throws {
        let app = try B.bytes(ofFixture: "app.AppImage")
        func elf(_ bytes: [UInt8]) -> String? {
            BinarySniffer.sniff(SniffInput(bytes: bytes))?.identifier
        }
        // "AI" at 8, the type at 10.
        #expect(elf(app) == "org.appimage.appimage")
        #expect(elf(B.patched(app, at: 10, [1])) == "org.appimage.iso9660-appimage")
        #expect(elf(B.patched(app, at: 10, [3])) == "public.elf-binary")
        #expect(elf(B.patched(app, at: 8, [0])) == "public.elf-binary")
    }

    @Test func sizeBoundFormatsRefuseAnyCut() throws {
        // TGA: the data must end exactly where the header says. (PFM: below.)
        for file in ["image.tga", "image-rle.tga"] {
            let bytes = try B.bytes(ofFixture: file)
            for cut in stride(from: 0, to: bytes.count, by: 7) {
                let prefix = Array(bytes.prefix(cut))
                #expect(Self.tga(prefix) == nil && Self.raster(prefix) == nil, "\(file) cut \(cut)")
            }
            #expect(Self.tga(bytes + [0]) == nil && Self.raster(bytes + [0]) == nil, "\(file)+1")
        }
    }

    @Test func aFloatMapCutOrPaddedKeepsItsHeader() throws {
        // The fixture's header is laid out as ImageMagick writes it: any cut that keeps
        // the header, or a byte more, is still a float map; a cut inside the header is not.
        let bytes = try B.bytes(ofFixture: "image.pfm")
        let header = try #require(bytes.firstRange(of: B.ascii("1.0\n"))).upperBound
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            let found = Self.raster(Array(bytes.prefix(cut)))
            #expect((found != nil) == (cut >= header), "image.pfm cut \(cut)")
        }
        #expect(Self.raster(bytes + [0]) == "net.sourceforge.netpbm.pfm")
    }

    // MARK: - Images

    @Test func aTGAFooterDecidesAnOddAlphaCount() throws {
        let bytes = try B.bytes(ofFixture: "image-16bit-footer.tga")
        #expect(Self.tga(bytes) == "com.truevision.tga-image")
        // Without the footer the header alone must hold, and 8 alpha bits in 16 do not.
        #expect(Self.tga(Array(bytes.dropLast(26))) == nil)
    }

    @Test func composer669NeedsItsWholeHeader() throws {
        let bytes = try B.bytes(ofFixture: "tune.669")
        #expect(Self.audio(bytes) == "com.renaissance.669-module")
        var extended = bytes
        extended.replaceSubrange(0..<2, with: Array("JN".utf8))
        #expect(Self.audio(extended) == "com.renaissance.669-module")
        // An order naming a pattern that does not exist, a tempo above 31, a break row of 64,
        // a sample longer than the file: each refutes it.
        for (offset, value) in [(113, UInt8(3)), (241, 32), (369, 64), (513, 0x10)] {
            var damaged = bytes
            damaged[offset] = value
            #expect(Self.audio(damaged) == nil, "byte \(offset) = \(value)")
        }
        // Text that opens with `if`.
        let script = Array(String(repeating: "if [ -f x ]; then echo y; fi\n", count: 40).utf8)
        #expect(Self.audio(script) == nil)
    }

    @Test func aFLICFrameChunkOrItsSizeAndDepthDecide() throws {
        func flic(_ bytes: [UInt8]) -> String? {
            FLICSniffer.sniff(SniffInput(bytes: bytes))?.identifier
        }
        let bytes = try B.bytes(ofFixture: "animation.flc")
        #expect(flic(bytes) == "public.flc-animation")
        // A wrong size field, as in decoders' fuzzed test files: the frame chunk decides.
        var wrongSize = bytes
        wrongSize.replaceSubrange(0..<4, with: [0xEF, 0xBE, 0xAD, 0xDE])
        #expect(flic(wrongSize) == "public.flc-animation")
        // No frame chunk at 128: the size field and the depth of 8 must both hold.
        var noChunk = bytes
        noChunk.replaceSubrange(132..<134, with: [0, 0])
        #expect(flic(noChunk) == "public.flc-animation")
        var neither = noChunk
        neither[0] ^= 1
        #expect(flic(neither) == nil)
        var otherDepth = noChunk
        otherDepth[12] = 16
        #expect(flic(otherDepth) == nil)
        // The type field alone is not enough.
        #expect(flic(Array(bytes.prefix(128)) + Self.zeros(64)) == nil)
    }

    @Test func dds() {
        var header = B.ascii("DDS ") + B.le32(124) + B.le32(0x1007) + B.le32(4) + B.le32(8)
        header += Self.zeros(76 - header.count) + B.le32(32) + B.le32(4) + B.ascii("DXT5")
        header += Self.zeros(128 - header.count)
        #expect(Self.raster(header) == "com.microsoft.dds")
        var wrongSize = header
        wrongSize[4] = 123
        #expect(Self.raster(wrongSize) == nil)
        var noPixelFormat = header
        noPixelFormat[76] = 0
        #expect(Self.raster(noPixelFormat) == nil)
        var noWidth = header
        noWidth[16] = 0
        #expect(Self.raster(noWidth) == nil)
    }

    @Test func sgi() {
        func header(storage: UInt8 = 0, bpc: UInt8 = 1, dimension: UInt16 = 2, map: UInt32 = 0)
            -> [UInt8]
        {
            var bytes = Self.be16(474) + [storage, bpc] + Self.be16(dimension) + Self.be16(8)
            bytes += Self.be16(8) + Self.be16(1) + B.be32(0) + B.be32(255) + B.be32(0)
            bytes += Self.zeros(80) + B.be32(map)
            return bytes + Self.zeros(512 - bytes.count) + Self.zeros(64)
        }
        #expect(Self.raster(header()) == "com.sgi.sgi-image")
        #expect(Self.raster(header(storage: 1, bpc: 2, dimension: 3)) == "com.sgi.sgi-image")
        #expect(Self.raster(header(storage: 2)) == nil)
        #expect(Self.raster(header(bpc: 3)) == nil)
        #expect(Self.raster(header(dimension: 4)) == nil)
        #expect(Self.raster(header(map: 4)) == nil)
    }

    @Test func sunRaster() {
        func header(depth: UInt32, type: UInt32 = 1, mapType: UInt32 = 0) -> [UInt8] {
            [0x59, 0xA6, 0x6A, 0x95] + B.be32(2) + B.be32(2) + B.be32(depth) + B.be32(12)
                + B.be32(type) + B.be32(mapType) + B.be32(0) + Self.zeros(12)
        }
        #expect(Self.raster(header(depth: 24)) == "com.sun.raster-image")
        #expect(Self.raster(header(depth: 1, type: 0xFFFF)) == "com.sun.raster-image")
        #expect(Self.raster(header(depth: 7)) == nil)
        #expect(Self.raster(header(depth: 8, type: 6)) == nil)
        #expect(Self.raster(header(depth: 8, mapType: 3)) == nil)
    }

    @Test func farbfeld() {
        let header = B.ascii("farbfeld") + B.be32(2) + B.be32(2)
        #expect(Self.raster(header + Self.zeros(32)) == "org.suckless.farbfeld-image")
        #expect(Self.raster(header + Self.zeros(33)) == nil, "longer than its pixels")
        #expect(Self.raster(B.ascii("farbfeld") + B.be32(0) + B.be32(2) + Self.zeros(8)) == nil)
    }

    @Test func aseprite() {
        func file(depth: UInt16 = 32, reserved: UInt32 = 0, frameMagic: UInt16 = 0xF1FA)
            -> [UInt8]
        {
            var header = B.le32(0) + B.le16(0xA5E0) + B.le16(2) + B.le16(16) + B.le16(16)
            header += B.le16(depth) + B.le32(1) + B.le16(100) + B.le32(reserved) + B.le32(0)
            header += Self.zeros(128 - header.count)
            let frame = B.le32(16) + B.le16(frameMagic) + B.le16(0) + B.le16(100) + Self.zeros(6)
            var bytes = header + frame + frame
            bytes.replaceSubrange(0..<4, with: B.le32(UInt32(bytes.count)))
            return bytes
        }
        let result = RasterImageSniffer.sniff(SniffInput(bytes: file()))
        #expect(result?.identifier == "org.aseprite.aseprite-image")
        #expect(result?.isAnimated == true)
        #expect(Self.raster(file(depth: 24)) == nil)
        #expect(Self.raster(file(reserved: 1)) == nil)
        // The stored size still matches: the frame magic is a second sign, not a must.
        #expect(Self.raster(file(frameMagic: 0)) == "org.aseprite.aseprite-image")
        var wrongSize = file(frameMagic: 0)
        wrongSize[0] ^= 1
        #expect(Self.raster(wrongSize) == nil)
    }

    @Test func jbig2() {
        let id: [UInt8] = [0x97, 0x4A, 0x42, 0x32, 0x0D, 0x0A, 0x1A, 0x0A]
        // Sequential, one page; the first segment is page information (type 48).
        let segment = B.be32(0) + [48, 0, 1] + B.be32(19) + Self.zeros(19)
        #expect(Self.raster(id + [0x01] + B.be32(1) + segment) == "org.jpeg.jbig2-image")
        // Page count unknown: the segment follows the flags at once.
        #expect(Self.raster(id + [0x03] + segment) == "org.jpeg.jbig2-image")
        #expect(Self.raster(id + [0x11] + B.be32(1) + segment) == nil, "reserved flag bit")
        #expect(Self.raster(id + [0x01] + B.be32(0) + segment) == nil, "zero pages")
        let undefined = B.be32(0) + [1, 0, 1] + B.be32(0)
        #expect(Self.raster(id + [0x01] + B.be32(1) + undefined) == nil, "segment type 1")
    }

    @Test func floatMaps() {
        #expect(
            Self.raster(B.ascii("Pf\n2 2\n-1.0\n") + Self.zeros(16))
                == "net.sourceforge.netpbm.pfm"
        )
        #expect(
            Self.raster(B.ascii("PH 2 2 1.5\n") + Self.zeros(24)) == "net.sourceforge.netpbm.pfm"
        )
        #expect(
            Self.raster(B.ascii("PF\r\n1 1\r\n-1e0\r\n") + Self.zeros(12))
                == "net.sourceforge.netpbm.pfm"
        )
        // A size that differs is taken only with the header as writers lay it out.
        #expect(Self.raster(B.ascii("Pf\n2 2\n-1.0\n") + Self.zeros(15)) != nil)
        #expect(Self.raster(B.ascii("Pf\n2 2\n-1.0\n") + B.ascii("<dummy image data>")) != nil)
        #expect(Self.raster(B.ascii("PH 2 2 1.5\n") + Self.zeros(23)) == nil, "one line")
        #expect(Self.raster(B.ascii("PF\r\n1 1\r\n-1e0\r\n") + Self.zeros(11)) == nil, "CR LF")
        #expect(Self.raster(B.ascii("Pf\n2  2\n-1.0\n") + Self.zeros(15)) == nil, "two spaces")
        #expect(Self.raster(B.ascii("Pf\n2 2\n-1\n") + Self.zeros(15)) == nil, "no point")
        #expect(Self.raster(B.ascii("Pf\n2 2\n0.0\n") + Self.zeros(16)) == nil, "zero scale")
        #expect(Self.raster(B.ascii("Pf\n2 x\n1.0\n") + Self.zeros(16)) == nil)
        #expect(Self.raster(B.ascii("P6\n2 2\n255\n") + Self.zeros(12)) == nil, "a PPM")
        #expect(Self.raster(B.ascii("Pfennig\n")) == nil)
    }

    @Test func radiance() {
        let data = Self.zeros(24)
        let good = B.ascii("#?RGBE\nFORMAT=32-bit_rle_rgbe\nEXPOSURE=1.0\n\n-Y 2 +X 3\n")
        #expect(Self.raster(good + data) == "public.radiance")
        #expect(Self.raster(B.ascii("#?RADIANCE\n\n+X 3 -Y 2\n") + data) == "public.radiance")
        #expect(Self.raster(B.ascii("#?RGBE\nFORMAT=x\n\n-Y 2 +Y 3\n") + data) == nil)
        #expect(Self.raster(B.ascii("#?RGBE\nFORMAT=x\n-Y 2 +X 3\n") + data) == nil)
        #expect(Self.raster(B.ascii("#?RGBE\nA=\u{1}\n\n-Y 2 +X 3\n") + data) == nil)
        #expect(Self.raster(B.ascii("#?not a name\n\n-Y 2 +X 3\n") + data) == nil)
    }

    /// A TGA header: no ID, the given colour map, 2x2 pixels.
    private static func tgaHeader(
        type: UInt8,
        depth: UInt8,
        descriptor: UInt8 = 0,
        map: (type: UInt8, length: UInt16, depth: UInt8) = (0, 0, 0)
    ) -> [UInt8] {
        [0, map.type, type] + B.le16(0) + B.le16(map.length) + [map.depth] + B.le16(0)
            + B.le16(0) + B.le16(2) + B.le16(2) + [depth, descriptor]
    }

    @Test func tgaHeaders() {
        let footer = B.le32(0) + B.le32(0) + B.ascii("TRUEVISION-XFILE.") + [0]
        let rgb = Self.tgaHeader(type: 2, depth: 24) + Self.zeros(12)
        #expect(Self.tga(rgb) == "com.truevision.tga-image")
        #expect(Self.tga(rgb + [0]) == nil, "a byte after the pixels and no footer")
        #expect(Self.tga(rgb + Self.zeros(5) + footer) == "com.truevision.tga-image")
        #expect(Self.tga(Self.tgaHeader(type: 2, depth: 12) + Self.zeros(6)) == nil)
        #expect(
            Self.tga(Self.tgaHeader(type: 2, depth: 24, descriptor: 0x40) + Self.zeros(12)) == nil
        )
        #expect(
            Self.tga(Self.tgaHeader(type: 2, depth: 24, map: (0, 5, 0)) + Self.zeros(12)) == nil,
            "a colour map length without a colour map"
        )
        #expect(Self.tga(Self.tgaHeader(type: 4, depth: 24) + Self.zeros(12)) == nil)
        let mapped = Self.tgaHeader(type: 1, depth: 8, map: (1, 2, 24)) + Self.zeros(6 + 4)
        #expect(Self.tga(mapped) == "com.truevision.tga-image")
        // RLE: one run packet of four pixels ends the file exactly; a run of five overshoots.
        let rle = Self.tgaHeader(type: 10, depth: 32, descriptor: 8)
        #expect(Self.tga(rle + [0x83, 1, 2, 3, 4]) == "com.truevision.tga-image")
        #expect(Self.tga(rle + [0x84, 1, 2, 3, 4]) == nil)
        #expect(Self.tga(rle + [0x83, 1, 2, 3, 4, 0]) == nil)
        // A TGA may start like an icon directory (00 00 02 00): the image sniffer falls
        // through to it.
        #expect(Self.image(rgb) == "com.truevision.tga-image")
    }

    @Test func wbmpHeaders() {
        // 16x16: two bytes a row. 200x3: width 200 takes two bytes (0x81 0x48), 25 bytes a row.
        #expect(Self.image([0, 0, 16, 16] + Self.zeros(32)) == "org.wapforum.wbmp")
        #expect(Self.image([0, 0, 0x81, 0x48, 3] + Self.zeros(75)) == "org.wapforum.wbmp")
        #expect(Self.image([0, 0, 16, 16] + Self.zeros(31)) == nil, "one byte short")
        #expect(Self.image([0, 0, 16, 16] + Self.zeros(33)) == nil, "one byte over")
        #expect(Self.image(Self.zeros(36)) == nil, "all zero: width 0")
        #expect(Self.image([1, 0, 16, 16] + Self.zeros(32)) == nil, "type 1 is not type 0")
        #expect(Self.image([0, 0, 0xFF, 0xFF, 0xFF, 0x7F, 1]) == nil, "a four-byte width")
        // An icon directory (00 00 01 00) reads as width 1, height 0: never a WBMP.
        let icon = [0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0] + Self.zeros(8)
        #expect(Self.image(icon) != "org.wapforum.wbmp")
    }

    /// An OpenEXR header of the given attributes (name, type, value), ended by an empty name.
    private static func exr(_ attributes: [(String, String, [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = [0x76, 0x2F, 0x31, 0x01, 2, 0, 0, 0]
        for (name, type, value) in attributes {
            bytes += B.ascii(name) + [0] + B.ascii(type) + [0] + B.le32(UInt32(value.count)) + value
        }
        return bytes + [0] + Self.zeros(16)
    }

    @Test func openEXRIsNotACES() throws {
        let channels = ("channels", "chlist", B.ascii("R") + [0] + Self.zeros(16) + [0])
        #expect(Self.raster(Self.exr([channels])) == "com.ilm.openexr-image")
        // The ACES container's flag (SMPTE ST 2065-4) makes the file an ACES container.
        let flag = ("acesImageContainerFlag", "int", B.le32(1))
        #expect(Self.raster(Self.exr([flag, channels])) == "org.oscars.aces-image")
        #expect(Self.raster(Self.exr([channels, flag])) == "org.oscars.aces-image")
        #expect(Self.raster(Self.exr([])) == nil, "no channels")
        // A size that runs past the head (a damaged file, or a header longer than the head)
        // after an attribute that reads as one: OpenEXR, and no ACES flag was seen.
        let long = Self.exr([("channels", "chlist", Self.zeros(100))])
        #expect(Self.raster(Array(long.prefix(40))) == "com.ilm.openexr-image")
        var damaged = Self.exr([channels])
        damaged.replaceSubrange(24..<28, with: B.ascii("0000"))
        #expect(Self.raster(damaged) == "com.ilm.openexr-image")
        // A name with no end, or bytes that read as no attribute, are nothing.
        #expect(Self.raster([0x76, 0x2F, 0x31, 0x01, 2, 0, 0, 0] + B.ascii("channels")) == nil)
        #expect(
            Self.raster([0x76, 0x2F, 0x31, 0x01, 2, 0, 0, 0] + [1, 2, 0, 3, 0] + Self.zeros(8))
                == nil
        )
        #expect(Self.raster([0x76, 0x2F, 0x31, 0x01, 1, 0, 0, 0] + Self.zeros(32)) == nil)
        let fixture = try B.bytes(ofFixture: "image.exr")
        #expect(Self.raster(fixture) == "com.ilm.openexr-image")
        // Tika's ACES rule matches every single-part scan-line file: without the flag it is
        // no evidence, so a damaged file is not an ACES container.
        let classifier = Classifier(registry: .builtin)
        let result = try classifier.classify(bytes: damaged, fileName: nil)
        #expect(result.type.identifier == "com.ilm.openexr-image", "\(result.detail)")
        let aces = try classifier.classify(bytes: Self.exr([flag, channels]), fileName: "a.exr")
        #expect(aces.type.identifier == "org.oscars.aces-image", "\(aces.detail)")
    }

    /// A JPEG whose APP2 MPF index lists images of the given MP types; `segment` (a marker
    /// segment) comes before the index, and `second` (another JPEG) after the primary image,
    /// where the index's second entry points.
    private static func jpegWithIndex(
        types: [UInt32],
        declared: UInt32? = nil,
        segment: [UInt8] = [],
        second: [UInt8] = []
    ) -> [UInt8] {
        let count = UInt32(types.count)
        let entriesOffset: UInt32 = 8 + 2 + 3 * 12 + 4
        let app0 = [0xFF, 0xE0] + Self.be16(16) + B.ascii("JFIF") + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        // Where the index's TIFF header is in the file, and where the primary image ends.
        let header = 2 + app0.count + segment.count + 4 + 4
        let primaryLength = header + Int(entriesOffset) + 16 * types.count + 8
        var tiff = B.ascii("II") + B.le16(42) + B.le32(8) + B.le16(3)
        tiff += B.le16(0xB000) + B.le16(7) + B.le32(4) + B.ascii("0100")
        tiff += B.le16(0xB001) + B.le16(4) + B.le32(1) + B.le32(declared ?? count)
        tiff += B.le16(0xB002) + B.le16(7) + B.le32(16 * count) + B.le32(entriesOffset)
        tiff += B.le32(0)
        for (index, type) in types.enumerated() {
            let data = index == 0 ? 0 : UInt32(primaryLength - header)
            tiff += B.le32(type) + B.le32(100) + B.le32(data) + B.le16(0) + B.le16(0)
        }
        let body = B.ascii("MPF") + [0] + tiff
        let app2 = [0xFF, 0xE2] + Self.be16(UInt16(body.count + 2)) + body
        let primary =
            [0xFF, 0xD8] + app0 + segment + app2 + [0xFF, 0xDB] + Self.be16(4) + [0, 0]
            + [0xFF, 0xD9]
        return primary + second
    }

    /// An APPn marker segment of `code` holding `text` and a NUL.
    private static func appSegment(_ code: UInt8, _ text: String) -> [UInt8] {
        [0xFF, code] + Self.be16(UInt16(text.utf8.count + 3)) + B.ascii(text) + [0]
    }

    @Test func multiPicture() {
        #expect(
            Self.image(Self.jpegWithIndex(types: [0x2002_0002, 0x02_0002])) == "public.mpo-image"
        )
        #expect(
            Self.image(Self.jpegWithIndex(types: [0x2003_0000, 0x02_0001])) == "public.mpo-image"
        )
        // A photograph with large preview thumbnails in its MP index stays a JPEG.
        #expect(Self.image(Self.jpegWithIndex(types: [0x2003_0000, 0x01_0001])) == "public.jpeg")
        // ... unless the undefined image is a gain map: Ultra HDR's XMP in the primary image,
        // ISO 21496-1's APP2 segment, or Apple's namespace in the second image's own XMP.
        // The second image, readable where the index points, with no gain map's metadata of
        // its own: only the primary's segments name the gain map in the first two cases.
        let plain = [0xFF, 0xD8] + Self.appSegment(0xE1, "Exif") + [0xFF, 0xD9]
        let xmp = Self.appSegment(
            0xE1,
            "http://ns.adobe.com/xap/1.0/\u{0}<x:xmpmeta hdrgm:Version=\"1.0\"/>"
        )
        let iso = Self.appSegment(0xE2, "urn:iso:std:iso:ts:21496:-1")
        let apple =
            [0xFF, 0xD8]
            + Self.appSegment(0xE1, "http://ns.adobe.com/xap/1.0/\u{0}ns.apple.com/HDRGainMap/1.0/")
            + [0xFF, 0xD9]
        for (name, bytes) in [
            ("Ultra HDR", Self.jpegWithIndex(types: [0x03_0000, 0], segment: xmp, second: plain)),
            (
                "ISO 21496-1",
                Self.jpegWithIndex(types: [0x03_0000, 0], segment: iso, second: plain)
            ),
            ("Apple", Self.jpegWithIndex(types: [0x03_0000, 0], second: apple)),
        ] {
            #expect(Self.image(bytes) == "public.jpeg", "\(name)")
        }
        // Other views of undefined type, as Pillow's MPO writer marks them: the second image
        // without a gain map's metadata.
        #expect(
            Self.image(Self.jpegWithIndex(types: [0x03_0000, 0], second: plain))
                == "public.mpo-image"
        )
        // An undefined image that cannot be read where the index says (past the end, as on a
        // stream's unbuffered tail) is not taken for a view.
        #expect(Self.image(Self.jpegWithIndex(types: [0x03_0000, 0])) == "public.jpeg")
        #expect(Self.image(Self.jpegWithIndex(types: [0x2002_0002])) == "public.jpeg")
        #expect(
            Self.image(Self.jpegWithIndex(types: [0x02_0002, 0x02_0002], declared: 3))
                == "public.jpeg",
            "the entry list disagrees with the image count"
        )
    }

    /// A JPEG whose MP index lists other images only previews is a JPEG; an `.mpo` name, its
    /// maker's word, makes it a multi-picture file (as ExifTool and Pillow read one).
    @Test func anMPONameDecidesForAnIndexedJPEG() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let bytes = Self.jpegWithIndex(types: [0x2003_0000, 0x01_0001])
        for (name, identifier) in [
            ("photo.mpo", "public.mpo-image"), ("photo.jpg", "public.jpeg"), (nil, "public.jpeg"),
        ] {
            let result = try classifier.classify(bytes: bytes, fileName: name)
            #expect(result.type.identifier == identifier, "\(name ?? "unnamed"): \(result.detail)")
        }
        // Without an index of other images, the name does not make a JPEG a multi-picture file.
        let plain = try classifier.classify(
            bytes: B.bytes(ofFixture: "image.jpg"),
            fileName: "photo.mpo"
        )
        #expect(plain.type.identifier == "public.jpeg", "\(plain.detail)")
        #expect(plain.extensionAgrees == false)
    }

    /// An HEVC-coded HEIF still declares the general `mif1` brand too: the `.heif` and `.hif`
    /// names libheif and cameras give such files pick the general type and agree, where
    /// without a name the most specific type (HEIC) stands; a name the brands do not declare
    /// (`.avif`, `.heics` on a still) still disagrees.
    @Test func aHEIFNameDecidesAmongTheBrandsDeclared() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let bytes = try B.bytes(ofFixture: "image.heic")
        for (name, identifier, agrees) in [
            ("photo.heif", "public.heif", true), ("photo.hif", "public.heif", true),
            ("photo.heic", "public.heic", true), (nil, "public.heic", nil),
            ("photo.avif", "public.heic", false), ("photo.heics", "public.heic", false),
        ] as [(String?, String, Bool?)] {
            let result = try classifier.classify(bytes: bytes, fileName: name)
            #expect(result.type.identifier == identifier, "\(name ?? "unnamed"): \(result.detail)")
            #expect(result.extensionAgrees == agrees, "\(name ?? "unnamed")")
        }
        // AVIF, still or sequence, is not made a general HEIF by a HEIF name.
        for (file, identifier) in [
            ("image.avif", "public.avif"), ("sequence.avifs", "org.aomedia.avif-sequence"),
        ] {
            for name in ["photo.heic", "photo.heif"] {
                let result = try classifier.classify(
                    bytes: B.bytes(ofFixture: file),
                    fileName: name
                )
                #expect(result.type.identifier == identifier, "\(file) as \(name)")
                #expect(result.extensionAgrees == false, "\(file) as \(name)")
            }
        }
    }

    /// QuickTime atoms with no `ftyp` are QuickTime unless the name says MPEG-4, which the
    /// same atoms may be; a name of another format with brands of its own still disagrees.
    @Test func anMPEG4NameDecidesForAtomsWithoutFileType() throws {
        let classifier = Classifier(registry: .builtinOnly)
        for (file, name, identifier, agrees) in [
            ("no-ftyp.mov", "clip.mp4", "public.mpeg-4", true),
            ("no-ftyp.mov", "clip.m4v", "com.apple.m4v-video", true),
            ("no-ftyp.mov", "clip.mov", "com.apple.quicktime-movie", true),
            ("no-ftyp.mov", nil, "com.apple.quicktime-movie", nil),
            ("no-ftyp.mov", "clip.3gp", "com.apple.quicktime-movie", false),
            ("no-ftyp.mov", "clip.m4a", "com.apple.quicktime-movie", false),
        ] as [(String, String?, String, Bool?)] {
            let result = try classifier.classify(bytes: B.bytes(ofFixture: file), fileName: name)
            #expect(result.type.identifier == identifier, "\(name ?? "unnamed"): \(result.detail)")
            #expect(result.extensionAgrees == agrees, "\(name ?? "unnamed")")
        }
    }

    @Test func jpeg2000Brands() {
        let signature: [UInt8] = [0, 0, 0, 0x0C] + B.ascii("jP  ") + [0x0D, 0x0A, 0x87, 0x0A]
        func file(_ major: String, _ compatible: [String]) -> [UInt8] {
            let brands = compatible.flatMap(B.ascii)
            return signature + B.be32(UInt32(16 + brands.count)) + B.ascii("ftyp")
                + B.ascii(major) + B.be32(0) + brands + Self.zeros(16)
        }
        #expect(Self.image(file("jp2 ", ["jp2 "])) == "public.jpeg-2000")
        #expect(Self.image(file("jpx ", ["jp2 ", "jpx "])) == "org.jpeg.jpx")
        #expect(Self.image(file("jpm ", ["jpm "])) == "org.jpeg.jpm")
        #expect(Self.image(file("mjp2", ["mjp2"])) == "org.jpeg.mj2")
        #expect(Self.image(file("mj2s", ["mjp2"])) == "org.jpeg.mj2")
        #expect(Self.image(file("abcd", ["mjp2"])) == "org.jpeg.mj2")
        #expect(Self.image(signature) == "public.jpeg-2000")
    }

    // MARK: - Audio

    @Test func takAndOptimFROG() {
        let tak = B.ascii("tBaK") + [1] + Self.le24(13) + Self.zeros(13) + [0] + Self.le24(0)
        #expect(Self.audio(tak) == "de.thbeck.tak")
        var badType = tak
        badType[4] = 9
        #expect(Self.audio(badType) == nil)
        var badNext = tak
        badNext[21] = 0x7E
        #expect(Self.audio(badNext) == nil)

        func ofr(type: UInt8 = 4, channels: UInt8 = 1, rate: UInt32 = 44_100) -> [UInt8] {
            B.ascii("OFR ") + B.le32(15) + B.le32(1000) + B.le16(0) + [type, channels]
                + B.le32(rate) + B.le16(0) + [0] + Self.zeros(64)
        }
        #expect(Self.audio(ofr()) == "org.losslessaudio.optimfrog")
        #expect(Self.audio(ofr(type: 11)) == nil)
        #expect(Self.audio(ofr(channels: 2)) == nil)
        #expect(Self.audio(ofr(rate: 0)) == nil)
    }

    @Test func monkeysAudio() {
        func current(compression: UInt16 = 2000, bits: UInt16 = 16) -> [UInt8] {
            let descriptor =
                B.ascii("MAC ") + B.le16(3990) + B.le16(0) + B.le32(52) + B.le32(24)
                + B.le32(0) + B.le32(44) + B.le32(1000) + B.le32(0) + B.le32(0) + Self.zeros(16)
            let header =
                B.le16(compression) + B.le16(0) + B.le32(73_728) + B.le32(100) + B.le32(1)
                + B.le16(bits) + B.le16(2) + B.le32(44_100)
            return descriptor + header + Self.zeros(64)
        }
        #expect(Self.audio(current()) == "com.monkeysaudio.ape")
        #expect(Self.audio(current(compression: 2500)) == nil)
        #expect(Self.audio(current(bits: 12)) == nil)
        let old = B.ascii("MAC ") + B.le16(3970) + B.le16(3000) + B.le16(0) + B.le16(2)
        #expect(Self.audio(old + B.le32(44_100) + Self.zeros(64)) == "com.monkeysaudio.ape")
        let mono0 = B.ascii("MAC ") + B.le16(3970) + B.le16(3000) + B.le16(0) + B.le16(0)
        #expect(Self.audio(mono0 + B.le32(44_100) + Self.zeros(64)) == nil)
        // Behind an ID3v2 tag of 20 bytes.
        let tag = B.ascii("ID3") + [3, 0, 0, 0, 0, 0, 20] + Self.zeros(20)
        let tagged = AudioFormatSniffer.sniff(SniffInput(bytes: tag + current()))
        #expect(tagged?.identifier == "com.monkeysaudio.ape")
        #expect(tagged?.detail.hasPrefix("ID3v2 tag of 30 bytes skipped") == true)
        #expect(
            MediaSniffer.sniff(SniffInput(bytes: tag + current()))?.identifier
                == "com.monkeysaudio.ape"
        )
    }

    @Test func auAndMIDI() {
        func au(_ magic: String, encoding: UInt32, littleEndian: Bool = false) -> [UInt8] {
            func field(_ value: UInt32) -> [UInt8] {
                littleEndian ? B.le32(value) : B.be32(value)
            }
            let fields: [UInt8] = field(24) + field(8) + field(encoding) + field(8000) + field(1)
            return B.ascii(magic) + fields + Self.zeros(8)
        }
        #expect(Self.audio(au(".snd", encoding: 3)) == "public.au-audio")
        #expect(Self.audio(au("dns.", encoding: 1, littleEndian: true)) == "public.au-audio")
        #expect(Self.audio(au(".sd\u{0}", encoding: 1, littleEndian: true)) == "com.dec.au-audio")
        #expect(Self.audio(au("\u{0}ds.", encoding: 2)) == "com.dec.au-audio")
        #expect(Self.audio(au(".snd", encoding: 0)) == nil)
        #expect(Self.audio(au(".snd", encoding: 28)) == nil)

        func midi(format: UInt16, tracks: UInt16, division: UInt16, chunk: String = "MTrk")
            -> [UInt8]
        {
            B.ascii("MThd") + B.be32(6) + Self.be16(format) + Self.be16(tracks)
                + Self.be16(division) + B.ascii(chunk) + B.be32(4) + [0, 0xFF, 0x2F, 0]
        }
        #expect(Self.audio(midi(format: 1, tracks: 2, division: 96)) == "public.midi-audio")
        #expect(Self.audio(midi(format: 0, tracks: 1, division: 0xE728)) == "public.midi-audio")
        #expect(Self.audio(midi(format: 0, tracks: 2, division: 96)) == nil)
        #expect(Self.audio(midi(format: 3, tracks: 1, division: 96)) == nil)
        #expect(Self.audio(midi(format: 0, tracks: 1, division: 0xE528)) == nil)
        #expect(Self.audio(midi(format: 0, tracks: 1, division: 96, chunk: "XTrk")) == nil)
    }

    @Test func wavPackAndTTAFieldChecks() throws {
        let wavPack = try B.bytes(ofFixture: "audio.wv")
        #expect(Self.audio(wavPack) == "com.wavpack.wavpack")
        var oldVersion = wavPack
        oldVersion[8] = 0x01
        #expect(Self.audio(oldVersion) == nil)
        #expect(Self.audio(wavPack + B.ascii("JUNK") + Self.zeros(28)) == nil)
        #expect(Self.audio(wavPack + wavPack) == "com.wavpack.wavpack")
        #expect(Self.audio(wavPack + B.ascii("APETAGEX") + Self.zeros(24)) == "com.wavpack.wavpack")

        let tta = try B.bytes(ofFixture: "audio.tta")
        #expect(Self.audio(tta) == "com.true-audio.tta")
        var badCRC = tta
        badCRC[12] ^= 0x01
        #expect(Self.audio(badCRC) == nil)
    }

    // MARK: - OLE2

    private static func container(_ bytes: [UInt8]) -> String? {
        ContainerSniffer.sniff(SniffInput(bytes: bytes))?.identifier
    }

    /// The offset of the root directory entry's CLSID (the directory's first sector, 512-byte
    /// sectors).
    private static func rootClassIDOffset(_ bytes: [UInt8]) -> Int {
        let directory = Int(bytes[48]) | Int(bytes[49]) << 8 | Int(bytes[50]) << 16
        return (directory + 1) * 512 + 80
    }

    @Test func oleClassIDsDecideWhatStreamNamesCannot() throws {
        // StarImpress keeps its pages in StarDrawDocument3: without the CLSID it reads as a
        // drawing.
        var impress = try B.bytes(ofFixture: "starimpress.sdd")
        #expect(Self.container(impress) == "com.stardivision.impress5")
        let clsid = Self.rootClassIDOffset(impress)
        impress.replaceSubrange(clsid..<clsid + 16, with: Self.zeros(16))
        #expect(Self.container(impress) == "org.openoffice.graphics")
        // A Works database has the streams of a Works document.
        var database = try B.bytes(ofFixture: "works-database.wdb")
        database.replaceSubrange(clsid..<clsid + 16, with: Self.zeros(16))
        #expect(Self.container(database) == "com.microsoft.works.wps")
    }

    @Test func perfectOfficeStreamIsReadFromTheMiniStream() throws {
        let original = try B.bytes(ofFixture: "wordperfect-ole.wpd")
        let wpc = try #require(
            (0..<original.count - 4).first {
                original[$0..<$0 + 4] == [0xFF, 0x57, 0x50, 0x43]
            }
        )
        // Without the WPC header the same streams are a Quattro Pro 7-8 notebook.
        var quattro = original
        quattro[wpc + 1] = 0
        #expect(Self.container(quattro) == "com.corel.quattro-pro")
        // A WPC header of another file type (0x16, a graphic) is not a document.
        var graphic = original
        graphic[wpc + 9] = 0x16
        #expect(Self.container(graphic) == nil)
    }

    // MARK: - MPEG video and tar

    @Test func mpegElementaryVideo() throws {
        let mpeg2 = try B.bytes(ofFixture: "video.m2v")
        #expect(Self.video(mpeg2) == "public.mpeg-2-video")
        for (index, mask) in [(7, UInt8(0x0F)), (7, UInt8(0xF0)), (10, UInt8(0x20))] {
            var broken = mpeg2
            broken[index] &= ~mask
            #expect(Self.video(broken) == nil, "byte \(index) & \(mask) cleared")
        }
        // A sequence header that loads an intra matrix: the non-intra flag moves 64 bytes on.
        let header: [UInt8] = [0, 0, 1, 0xB3, 0x01, 0x00, 0x10, 0x13, 0xFF, 0xFF, 0xE0, 0x1A]
        let matrix = Self.zeros(63) + [0x10]
        #expect(
            Self.video(header + matrix + [0, 0, 1, 0xB8] + Self.zeros(8)) == "org.iso.mpeg-1-video"
        )
        // A sequence extension needs extension id 1; an id of 2 is no MPEG-1 either.
        let seq: [UInt8] = [0, 0, 1, 0xB3, 0x01, 0x00, 0x10, 0x13, 0xFF, 0xFF, 0xE0, 0x18]
        #expect(Self.video(seq + [0, 0, 1, 0xB5, 0x23] + Self.zeros(8)) == nil)
        #expect(Self.video(seq + Self.zeros(4)) == nil)
    }

    @Test func tarHeaders() throws {
        let v7 = try B.bytes(ofFixture: "archive-v7.tar")
        #expect(BinarySniffer.sniff(SniffInput(bytes: v7))?.identifier == "public.tar-archive")
        let ustar = try B.bytes(ofFixture: "archive.tar")
        #expect(BinarySniffer.sniff(SniffInput(bytes: ustar))?.identifier == "public.tar-archive")
        var renamed = v7
        renamed[0] ^= 0x01
        #expect(BinarySniffer.sniff(SniffInput(bytes: renamed)) == nil, "checksum no longer holds")
        #expect(BinarySniffer.sniff(SniffInput(bytes: Self.zeros(1024))) == nil)
        let text = Array(String(repeating: "tar is not text ", count: 40).utf8)
        #expect(BinarySniffer.sniff(SniffInput(bytes: text)) == nil)
    }

    /// A Gentoo binary package is a ustar archive whose first member is `<package>/gpkg-1`;
    /// the marker deeper down, or without its directory, leaves a tar.
    @Test func gentooPackageByItsFirstMember() throws {
        let package = try B.bytes(ofFixture: "package.gpkg.tar")
        func renamed(_ name: String) -> [UInt8] { tar(package, withFirstMemberNamed: name) }
        func identifier(_ bytes: [UInt8]) -> String? {
            BinarySniffer.sniff(SniffInput(bytes: bytes))?.identifier
        }
        #expect(identifier(package) == "org.gentoo.gpkg")
        #expect(identifier(renamed("hello-1.0-1/gpkg-1")) == "org.gentoo.gpkg")
        #expect(identifier(renamed("hello-1.0-1/image/gpkg-1")) == "public.tar-archive")
        #expect(identifier(renamed("gpkg-1")) == "public.tar-archive")
        #expect(identifier(renamed("hello-1.0-1/gpkg-10")) == "public.tar-archive")
    }

    /// A DICOM data set without preamble: its elements in ascending tag order, each of even
    /// length, from group 0x0002 or 0x0008.
    @Test func bareDICOMDataSets() throws {
        let bare = try B.bytes(ofFixture: "image-bare.dcm")
        func identifier(_ bytes: [UInt8]) -> String? {
            BinarySniffer.sniff(SniffInput(bytes: bytes))?.identifier
        }
        #expect(identifier(bare) == "org.nema.dicom")
        // The first element's tag raised past the second's: (0008,0016) becomes (0008,0020).
        var unordered = bare
        unordered[2] = 0x20
        #expect(identifier(unordered) != "org.nema.dicom")
        // An odd value length.
        var odd = bare
        odd[4] = 0x1B
        #expect(identifier(odd) != "org.nema.dicom")
        // Another first group.
        var group = bare
        group[0] = 0x10
        #expect(identifier(group) != "org.nema.dicom")
    }

    /// Tika's ICO rule (four bytes) and its MPEG audio rule (a frame sync after zero bytes)
    /// match much that is neither; the structural parsers' silence refutes them.
    @Test func weakSignaturesOfParsedFormatsAreRefuted() throws {
        let classifier = Classifier(registry: .builtinOnly)
        // A JBIG header (DL 0, D 0, P 1, reserved 0, then the size): no icon directory.
        let jbig: [UInt8] = [0, 0, 1, 0, 0, 0, 0, 0x20, 0, 0, 0, 0x18] + Self.zeros(52)
        let notIcon = try classifier.classify(bytes: jbig, fileName: nil)
        #expect(notIcon.type.identifier != "com.microsoft.ico", "\(notIcon.detail)")
        // Raw 16-bit samples: zeros, then 0xFFFF, with no chain of frames behind.
        let samples = (0..<256).flatMap { _ in [0, 0, 0, 0, 0xFF, 0xFF, 0, 0] as [UInt8] }
        let notMP3 = try classifier.classify(bytes: samples, fileName: nil)
        #expect(notMP3.type.identifier != "public.mp3", "\(notMP3.detail)")
        // The same leading zeros before a real MP3 are skipped, also by the properties reader.
        let mp3 = try B.bytes(ofFixture: "audio.mp3")
        for filler in [Self.zeros(1), Self.zeros(1024), [0x0D, 0x0A]] {
            let padded = try classifier.classify(bytes: filler + mp3, fileName: nil)
            #expect(padded.type.identifier == "public.mp3", "\(filler.count): \(padded.detail)")
        }
        // More zeros than the parsers skip: the stream is found last, when no signature and
        // not libmagic knew the bytes, as it is behind other unknown bytes.
        let tooMany = try classifier.classify(bytes: Self.zeros(1025) + mp3, fileName: nil)
        #expect(tooMany.type.identifier == "public.mp3", "\(tooMany.detail)")
        #expect(tooMany.detail.contains("1025 unknown bytes skipped"), "\(tooMany.detail)")
        let text = Array("misc est un canard\r".utf8)
        let behindText = try classifier.classify(bytes: text + mp3, fileName: nil)
        #expect(behindText.type.identifier == "public.mp3", "\(behindText.detail)")
        // `classify --all` lists the late reading with the structural ones.
        let lister = Classifier(registry: .builtinOnly, options: .init(listsCandidates: true))
        let listed = try lister.classify(bytes: text + mp3, fileName: nil)
        #expect(listed.candidates.contains { $0.source == .structure && $0.type == .mp3 })
        // Two frames and then other bytes are no stream; nor is a stream past the bytes read.
        let twoFrames = Array(mp3.prefix(208)) + Self.zeros(300) + [0x42]
        let notStream = try classifier.classify(bytes: text + twoFrames, fileName: nil)
        #expect(notStream.type.identifier != "public.mp3", "\(notStream.detail)")
        let far = try classifier.classify(bytes: text + Self.zeros(8200) + mp3, fileName: nil)
        #expect(far.type.identifier != "public.mp3", "\(far.detail)")
        let icon = try classifier.classify(
            bytes: try B.bytes(ofFixture: "image.ico"),
            fileName: nil
        )
        #expect(icon.type.identifier == "com.microsoft.ico")
    }

    /// Tika's byte-order-mark rules say "plain text" from two or three bytes; binary data
    /// that starts with them (a damaged FLIC in Pillow's tests starts FF FE) is not text.
    @Test func aByteOrderMarkAloneIsNotText() throws {
        let classifier = Classifier(registry: .builtinOnly)
        for mark: [UInt8] in [[0xFF, 0xFE], [0xFE, 0xFF], [0xEF, 0xBB, 0xBF]] {
            let binary =
                mark + [0x00, 0xA3, 0x11, 0xAF, 0x0A, 0x00, 0x00, 0x10, 0x00, 0x01, 0x02]
                + (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            let result = try classifier.classify(bytes: binary, fileName: nil)
            #expect(!result.type.conforms(to: .text), "\(mark): \(result.detail)")
        }
        // The same marks before text are text.
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "hi\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try classifier.classify(bytes: utf16, fileName: nil).type.conforms(to: .plainText))
    }

    /// Text in UTF-16 or UTF-32, or in UTF-8 behind a byte-order mark, is read by the
    /// signatures in its UTF-8 transcoding without the mark, so the text formats they know
    /// (a vCard, a calendar) are named in any encoding with a mark, and what they do not know
    /// stays text.
    @Test func wideTextIsReadBySignaturesAsUTF8() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let card =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann Example\r\nN:Example;Ann;;;\r\nEND:VCARD\r\n"
        let calendar =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example//EN\r\nBEGIN:VEVENT\r\n"
            + "UID:1\r\nDTSTART:20200101T000000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        // UTF-8 behind a byte-order mark: the signatures read past the mark.
        let marked = try classifier.classify(bytes: [0xEF, 0xBB, 0xBF] + Array(card.utf8))
        #expect(marked.type.identifier == "public.vcard", "\(marked.detail)")
        for utf32 in [false, true] {
            for littleEndian in [false, true] {
                let bytes = B.wideText(card, utf32: utf32, littleEndian: littleEndian)
                let result = try classifier.classify(bytes: bytes, fileName: nil)
                #expect(result.type.identifier == "public.vcard", "\(result.detail)")
                let event = try classifier.classify(
                    bytes: B.wideText(calendar, utf32: utf32, littleEndian: littleEndian),
                    fileName: nil
                )
                #expect(event.type.conforms(to: .calendarEvent), "\(event.detail)")
                let prose = try classifier.classify(
                    bytes: B.wideText("Just a line.\n", utf32: utf32, littleEndian: littleEndian),
                    fileName: nil
                )
                #expect(prose.type.conforms(to: .plainText), "\(prose.detail)")
                // What the decision reads of the text itself (an XML declaration before an
                // `html` root, which makes XHTML) is read in the transcoding: the answer is
                // the UTF-8 text's.
                let page =
                    "<?xml version=\"1.0\"?>\n<html>\n  <head>\n    <title>t</title>\n"
                    + "  </head>\n  <body><p>x</p></body>\n</html>\n"
                let utf8 = try classifier.classify(bytes: Array(page.utf8), fileName: nil)
                let inWide = try classifier.classify(
                    bytes: B.wideText(page, utf32: utf32, littleEndian: littleEndian),
                    fileName: nil
                )
                #expect(utf8.type.identifier == "public.xhtml")
                #expect(inWide.type == utf8.type, "\(inWide.detail)")
            }
        }
    }

    /// AV1 OBUs are followed from the temporal delimiter to the OBU after the sequence
    /// header; a TGA header with the same first bytes stays a TGA.
    @Test func av1OBUs() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let obu = try B.bytes(ofFixture: "video.obu")
        #expect(try classifier.classify(bytes: obu).type.identifier == "org.aomedia.av1-stream")
        // Cut inside the sequence header, or its size pointing past the OBUs: not AV1.
        for cut in 0..<min(obu.count, 12) {
            let answer = MediaSniffer.sniff(SniffInput(bytes: Array(obu.prefix(cut))))
            #expect(answer?.identifier != "org.aomedia.av1-stream", "cut at \(cut)")
        }
        var wrongSize = obu
        wrongSize[3] &+= 1
        #expect(MediaSniffer.sniff(SniffInput(bytes: wrongSize))?.identifier == nil)
        // A TGA: image ID of 18 bytes, no colour map, type 10, then its header and pixels.
        let tga: [UInt8] =
            [0x12, 0x00, 0x0A, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 24, 0]
            + Self.zeros(18) + [0x83, 1, 2, 3]
        #expect(MediaSniffer.sniff(SniffInput(bytes: tga)) == nil)
    }
}

/// Signatures of a few bytes (a zlib header, libmagic's guess at a DOS `.COM` program, the
/// LOAS sync word, 3D Studio's `MM`) are checked further before they decide.
@Suite struct WeakEvidenceTests {
    private let classifier = Classifier(registry: .builtinOnly)

    private func identifier(_ bytes: [UInt8]) throws -> String {
        try classifier.classify(bytes: bytes, fileName: nil).type.identifier
    }

    @Test func realFilesKeepTheirTypes() throws {
        for (file, expected) in [
            ("text.txt.zlib", "net.zlib.zlib"), ("audio.latm", "public.mp4a-loas"),
            ("model.3ds", "com.autodesk.3ds"),
        ] {
            #expect(try identifier(fixtureBytes(file)) == expected, "\(file)")
        }
    }

    /// An MZ header: the relocation table's offset at 0x18 and e_lfanew at 0x3C, then the
    /// new header's signature at e_lfanew (0x80) and zeros.
    private func mz(relocations: UInt16, newHeader: [UInt8]) -> [UInt8] {
        var bytes =
            [UInt8](repeating: 0, count: 0x80) + newHeader + [UInt8](repeating: 0, count: 256)
        bytes[0] = 0x4D
        bytes[1] = 0x5A
        bytes[0x18] = UInt8(relocations & 0xFF)
        bytes[0x19] = UInt8(relocations >> 8)
        bytes[0x3C] = 0x80
        return bytes
    }

    @Test("MZ executables by the header the stub points to: PE, NE, LE/LX, or DOS")
    func mzExecutableKinds() throws {
        let pe: [UInt8] = [0x50, 0x45, 0, 0]
        let cases: [(relocations: UInt16, newHeader: [UInt8], identifier: String)] = [
            (0x40, pe, "com.microsoft.windows-executable"),
            (0x40, Array("NE".utf8), "com.microsoft.ne-executable"),
            (0x40, Array("LE".utf8), "com.ibm.os2.lx-executable"),
            (0x40, Array("LX".utf8), "com.ibm.os2.lx-executable"),
            // A relocation table at 0x1C: a DOS program, whatever the bytes at 0x3C say; so is
            // one whose e_lfanew names no known header.
            (0x1C, Array("NE".utf8), "com.microsoft.dos-executable"),
            (0x40, Array("ZZ".utf8), "com.microsoft.dos-executable"),
            // PE even with a relocation offset below 0x40 (Windows ignores it).
            (0, pe, "com.microsoft.windows-executable"),
            // A PE whose COFF header flags IMAGE_FILE_DLL (0x2000 in its Characteristics, 18
            // bytes in; here x86-64 code, one section) is a library; other flags are not.
            (
                0x40, pe + [0x64, 0x86, 1, 0] + [UInt8](repeating: 0, count: 14) + [0x22, 0x20],
                "com.microsoft.windows-dynamic-link-library"
            ),
            (
                0x40, pe + [0x64, 0x86, 1, 0] + [UInt8](repeating: 0, count: 14) + [0x22, 0x00],
                "com.microsoft.windows-executable"
            ),
        ]
        for entry in cases {
            let found = try identifier(
                mz(relocations: entry.relocations, newHeader: entry.newHeader)
            )
            #expect(found == entry.identifier, "\(entry.relocations) \(entry.newHeader)")
        }
        // An e_lfanew past the end of the file (Magika's pe_lfanew_out_of_range probe): no
        // new header can be there, so a DOS program, not the PE that Tika's `MZ` rule says.
        var beyond = mz(relocations: 0x40, newHeader: [])
        beyond[0x3C] = 0
        beyond[0x3E] = 0x01
        #expect(try identifier(beyond) == "com.microsoft.dos-executable")
    }

    /// Text that opens with a container's letters is text.
    ///
    /// Magika's negative signature cases: a line about the CWS project, release notes of
    /// "FLV Studio", a DNA sequence with a `G` every 188 bytes. The rules that take those letters alone (Tika's Flash and FLV rules,
    /// shared-mime-info's JavaFX and transport-stream rules) are checked against the headers
    /// that follow, and the real files keep their types.
    @Test func aContainersLettersAloneAreNotItsHeader() throws {
        let dna = String(repeating: "GCGTACGTAC", count: 100)
        for text in [
            "CWS hello world, this is plain text about the CWS project.\n",
            "FWS hello world\n", "ZWS is a word\n",
            "FLV Studio release notes\nversion 2\n", dna,
        ] {
            let found = try classifier.classify(bytes: Array(text.utf8), fileName: nil)
            #expect(found.type.conforms(to: .plainText), "\(text.prefix(12)): \(found.detail)")
        }
        for (file, expected) in [
            ("movie.swf", "com.adobe.shockwave-flash"),
            ("movie-compressed.swf", "com.adobe.shockwave-flash"),
            ("movie-lzma.swf", "com.adobe.shockwave-flash"),
            ("clip.flv", "com.adobe.flash.video"), ("clip.ts", "public.mpeg-2-transport-stream"),
        ] {
            #expect(try identifier(fixtureBytes(file)) == expected, "\(file)")
        }
        // The header checks one by one, each holding on the real file and failing once one
        // byte is changed: a compressed body that is not zlib, an LZMA properties byte out of
        // range, a version out of range, an FLV header size that is not FLV's.
        let damages: [(file: String, check: WeakEvidence.Check, offset: Int, byte: UInt8)] = [
            ("movie-compressed.swf", .shockwaveHeader, 8, 0x20),
            ("movie-lzma.swf", .shockwaveHeader, 12, 0xE1), ("movie.swf", .shockwaveHeader, 3, 0),
            ("clip.flv", .flashVideoHeader, 8, 0x04),
        ]
        for damage in damages {
            var bytes = try fixtureBytes(damage.file)
            let size = UInt64(bytes.count)
            #expect(WeakEvidence.holds(damage.check, head: bytes, fileSize: size), "\(damage.file)")
            bytes[damage.offset] = damage.byte
            #expect(
                !WeakEvidence.holds(damage.check, head: bytes, fileSize: size),
                "\(damage.file)"
            )
        }
        // Transport packets whose continuity counters stand still are not a stream; the same
        // packets with counting counters are.
        var packets: [UInt8] = []
        for index in 0..<6 {
            packets +=
                [0x47, 0x01, 0x00, 0x10 | UInt8(index)] + [UInt8](repeating: 0xFF, count: 184)
        }
        #expect(
            WeakEvidence.holds(.transportPackets, head: packets, fileSize: UInt64(packets.count))
        )
        for index in 0..<6 { packets[index * 188 + 3] = 0x10 }
        #expect(
            !WeakEvidence.holds(.transportPackets, head: packets, fileSize: UInt64(packets.count))
        )
    }

    /// Two bytes, or letters at an offset, alone are not a header.
    ///
    /// Magika's negative probes of such rules: an ARC method byte before text or noise,
    /// `AVI ` at 8 without a RIFF form, a gzip magic alone. The real files keep their types.
    @Test func twoBytesOrAnOffsetAloneAreNotAHeader() throws {
        let noise = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 73 &+ 41) }
        let probes: [(bytes: [UInt8], refused: String)] = [
            (
                [0x1A, 0x02] + Array("hello world this is not an archive\n".utf8),
                "com.sea.arc-archive"
            ),
            ([0x1A, 0x02] + noise, "com.sea.arc-archive"),
            ([UInt8](repeating: 0, count: 8) + Array("AVI LIST".utf8) + noise, "public.avi"),
            (Array("AVF0".utf8) + [0, 0, 0, 0] + Array("AVI ".utf8) + noise, "public.avi"),
            ([0x1F, 0x8B], "org.gnu.gnu-zip-archive"),
            ([0x1F, 0x8B, 0x07, 0x00] + noise, "org.gnu.gnu-zip-archive"),
            // Raw RGBA pixels: a white pixel, then black ones (gdk-pixbuf's GIF tests).
            (
                [0xFF, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 252),
                "com.microsoft.dos-driver"
            ),
        ]
        for probe in probes {
            let found = try classifier.classify(bytes: probe.bytes, fileName: nil)
            #expect(found.type.identifier != probe.refused, "\(probe.refused): \(found.detail)")
        }
        let arc = try fixtureBytes("signatures/stored.arc")
        #expect(WeakEvidence.holds(.arcHeader, head: arc, fileSize: UInt64(arc.count)))
        #expect(!WeakEvidence.holds(.arcHeader, head: arc, fileSize: UInt64(arc.count - 20)))
        for (file, expected) in [
            ("signatures/stored.arc", "com.sea.arc-archive"),
            ("text.txt.gz", "org.gnu.gnu-zip-archive"),
            ("clip.avi", "public.avi"),
            ("signatures/clip-avf0.avi", "public.avi"),
            ("driver.sys", "com.microsoft.dos-driver"),
            ("mtfixture-1.0.0.gem", "org.rubygems.gem"),
            ("archive.tar", "public.tar-archive"),
        ] {
            #expect(try identifier(fixtureBytes(file)) == expected, "\(file)")
        }
    }

    /// libmagic says text/plain for a few letters padded with NULs (it reads text up to
    /// trailing zeros: a header's name field, a stub) and for bytes that are all ISO 8859
    /// letters (white RGBA pixels): neither is text.
    @Test func libmagicsTextNeedsBytesThatCanBeText() throws {
        let padded = Array("mediatype".utf8) + [UInt8](repeating: 0, count: 120)
        let white = [UInt8](repeating: 0xFF, count: 16)
        for bytes in [padded, white] {
            let found = try classifier.classify(bytes: bytes, fileName: nil)
            #expect(found.type == .data, "\(found.detail)")
        }
        // Latin-1 text, which libmagic calls text, stays text.
        let latin1: [UInt8] =
            Array("Caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me br\n".utf8) + [0xFB]
            + Array("l\n".utf8)
        let text = try classifier.classify(bytes: latin1, fileName: nil)
        #expect(text.type.conforms(to: .plainText), "\(text.detail)")
    }

    /// One word of a text format's signature (`solid`, `begin `) opens sentences too: ASCII
    /// STL needs its facets, uuencode its header line's mode and name.
    @Test func aTextFormatsOneWordNeedsWhatFollowsIt() throws {
        for text in [
            "solid state drives are fast.\nThey have no moving parts.\n",
            "begin the process by reading the notes.\nThen go on.\n",
            "begin 12 steps\nmore text\n",
        ] {
            let found = try classifier.classify(bytes: Array(text.utf8), fileName: nil)
            #expect(found.type.conforms(to: .plainText), "\(text.prefix(8)): \(found.detail)")
        }
        for (file, expected) in [
            ("signatures/encoded.uue", "public.uuencoded-archive"),
            ("signatures/model.stl", "public.standard-tesselated-geometry-format"),
            ("model-binary.stl", "public.standard-tesselated-geometry-format"),
        ] {
            #expect(try identifier(fixtureBytes(file)) == expected, "\(file)")
        }
        for (line, holds) in [("begin-base64 644 notes.txt\n", true), ("begin 644\n", false)] {
            let head = Array(line.utf8)
            let found = WeakEvidence.holds(
                .uuencodeHeader,
                head: head,
                fileSize: UInt64(head.count)
            )
            #expect(found == holds, "\(line)")
        }
    }

    /// On text, a binary format's few letters of signature are no evidence; a format whose
    /// files may be text from end to end keeps its signature.
    @Test func aFewLettersOfABinaryFormatOnTextAreText() throws {
        for text in [
            "MZ and ZM are two letters\n", "RIFF raff and more\n", "FORM 10-K annual report\n",
            "PACK list for the trip\nsocks\n", "MATLAB notes from the course\n",
            "BLENDER settings we tried\n", "IWAD and PWAD files of Doom\n",
        ] {
            let found = try classifier.classify(bytes: Array(text.utf8), fileName: nil)
            #expect(found.type.conforms(to: .plainText), "\(text.prefix(8)): \(found.detail)")
        }
        let member =
            "notes.txt/".padding(toLength: 16, withPad: " ", startingAt: 0)
            + "0           0     0     644     6         `\n"
        for (text, expected) in [
            ("P1\n2 2\n0 1\n1 0\n", "net.sourceforge.netpbm.pbm"),
            ("!<arch>\n" + member + "hello\n", "org.gnu.ar-archive"),
            ("%!PS-Adobe-3.0\n%%Pages: 1\nshowpage\n", "com.adobe.postscript"),
        ] {
            let found = try classifier.classify(bytes: Array(text.utf8), fileName: nil)
            #expect(found.type.identifier == expected, "\(text.prefix(8)): \(found.detail)")
        }
    }

    @Test func theSameFewBytesBeforeOtherDataAreNotEnough() throws {
        // A zlib header whose DEFLATE data does not decode (a reserved block type).
        let zlib = try fixtureBytes("text.txt.zlib")
        var badDeflate = zlib
        badDeflate[2] = 0x07
        #expect(try identifier(badDeflate) != "net.zlib.zlib")
        // A LOAS frame longer than the file, and a second frame without its sync word.
        let loas = try fixtureBytes("audio.latm")
        #expect(try identifier(Array(loas.prefix(16))) != "public.mp4a-loas")
        let length = 3 + (Int(loas[1] & 0x1F) << 8 | Int(loas[2]))
        var noSecondSync = loas
        noSecondSync[length] = 0x00
        #expect(try identifier(noSecondSync) != "public.mp4a-loas")
        // MM, then a first sub-chunk that is not one of a 3D Studio file's.
        var notMesh = try fixtureBytes("model.3ds")
        notMesh[6] = 0x12
        notMesh[7] = 0x34
        #expect(try identifier(notMesh) != "com.autodesk.3ds")
        // Random-looking bytes that libmagic reads as a DOS .COM program's first instruction.
        let com: [UInt8] =
            [0x8C, 0xF7, 0x39, 0xDC, 0x86, 0x5E, 0x77, 0x64, 0x5D, 0x8F, 0xFE, 0x90]
            + (0..<52).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
        let result = try classifier.classify(bytes: com, fileName: nil)
        #expect(result.type.identifier != "com.microsoft.dos-executable", "\(result.detail)")
        // libmagic did guess a program: the check, not libmagic, turned it down.
        #expect(result.detail.contains("application/x-dosexec"), "\(result.detail)")
    }

    /// Graphviz's `graph `/`digraph ` rules hold only where DOT's grammar goes on.
    ///
    /// Tika's and shared-mime-info's rules read the keyword alone; DOT puts an ID perhaps,
    /// then the brace. Mermaid opens with `graph TD`.
    @Test func aGraphOpensWithItsBrace() throws {
        for text in [
            "digraph G {\n  a -> b;\n}\n", "strict digraph \"a \\\" b\" {\n}\n",
            "graph\n{\n  a -- b\n}\n", "digraph {\n}\n",
            "/* C++-style comments allowed,\n * see the DOT language\n */\ndigraph g {\n a -> b;\n}\n",
        ] {
            #expect(
                WeakEvidence.holds(
                    .graphvizGraph,
                    head: Array(text.utf8),
                    fileSize: UInt64(text.utf8.count)
                ),
                "\(text)"
            )
            #expect(try identifier(Array(text.utf8)) == "org.graphviz.dot", "\(text)")
        }
        // Line comments of both kinds before the keyword: the check reads past them too.
        let commented = "// a comment\n# a preprocessor line\ngraph g { a -- b }\n"
        #expect(
            WeakEvidence.holds(
                .graphvizGraph,
                head: Array(commented.utf8),
                fileSize: UInt64(commented.utf8.count)
            )
        )
        for text in ["graph TD\n  A-->B\n  B-->C{Done}\n", "graph of the week: sales\n"] {
            #expect(
                !WeakEvidence.holds(
                    .graphvizGraph,
                    head: Array(text.utf8),
                    fileSize: UInt64(text.utf8.count)
                ),
                "\(text)"
            )
            #expect(try identifier(Array(text.utf8)) != "org.graphviz.dot", "\(text)")
        }
        // A head that ends inside a block comment or a quoted ID (the fuzzer's find: the
        // reader stepped past the end) is not refuted, and nothing is read past it.
        for (text, holds) in [
            ("/* open", false), ("digraph /* open", true), ("digraph \"a\\", true),
        ] {
            #expect(
                WeakEvidence.holds(
                    .graphvizGraph,
                    head: Array(text.utf8),
                    fileSize: UInt64(text.utf8.count)
                ) == holds,
                "\(text)"
            )
        }
    }

    /// Each check on its own, on the fixtures and on the same bytes changed where the
    /// format's reader would look next (the classifier's tests above can pass without a
    /// source claiming the changed bytes).
    @Test func eachCheckReadsWhereTheFormatsReaderWould() throws {
        func holds(_ check: WeakEvidence.Check, _ bytes: [UInt8]) -> Bool {
            WeakEvidence.holds(check, head: bytes, fileSize: UInt64(bytes.count))
        }
        let zlib = try fixtureBytes("text.txt.zlib")
        #expect(holds(.zlibStream, zlib))
        var reserved = zlib
        reserved[2] = 0x07
        #expect(!holds(.zlibStream, reserved))
        var dictionary = zlib
        dictionary[1] = 0xF9  // 78 F9: FDICT set, still a multiple of 31
        #expect(!holds(.zlibStream, dictionary))
        let loas = try fixtureBytes("audio.latm")
        #expect(holds(.loasFrames, loas))
        #expect(!holds(.loasFrames, Array(loas.prefix(16))))
        let mesh = try fixtureBytes("model.3ds")
        #expect(holds(.threeDStudio, mesh))
        var notMesh = mesh
        notMesh[6] = 0x12
        #expect(!holds(.threeDStudio, notMesh))
        #expect(holds(.executableHeader, Array("MZ".utf8) + [UInt8](repeating: 0, count: 62)))
        #expect(
            !holds(.executableHeader, [0x8C, 0xF7, 0x39, 0xDC] + [UInt8](repeating: 0, count: 60))
        )
        for file in ["image.tga", "image-rle.tga"] {
            let targa = try fixtureBytes(file)
            #expect(holds(.targaHeader, targa), "\(file)")
        }
        // A colour-mapped image type with no colour map, as a JBIG1 header reads.
        var noMap = try fixtureBytes("image.tga")
        noMap[1] = 0
        noMap[2] = 1
        #expect(!holds(.targaHeader, noMap))
        let srt = try fixtureBytes("signatures/cues.srt")
        #expect(holds(.subRipCue, srt))
        // WebVTT's full stop before the milliseconds.
        var vttTiming = srt
        vttTiming[10] = UInt8(ascii: ".")
        #expect(!holds(.subRipCue, vttTiming))
        for file in ["document.doc", "works.wps", "installer.msi"] {
            #expect(holds(.compoundFileHeader, try fixtureBytes(file)), "\(file)")
        }
        let program = try fixtureBytes("program.prg")
        #expect(holds(.commodoreBasic, program))
        // The first line's terminator moved into its text, or the link past the file's end.
        var unterminated = program
        unterminated[15] = UInt8(ascii: "!")
        #expect(!holds(.commodoreBasic, unterminated))
        var farLink = program
        farLink[3] = 0x40
        #expect(!holds(.commodoreBasic, farLink))
        // Headerless LPC-10 frames that open with a C64 load address, 01 08.
        #expect(!holds(.commodoreBasic, try fixtureBytes("audio.lpc10")))
        let floppy = try fixtureBytes("floppy.msa")
        #expect(holds(.atariMSA, floppy))
        // Five sides, or a first track after the last.
        var sides = floppy
        sides[5] = 4
        #expect(!holds(.atariMSA, sides))
        var tracks = floppy
        tracks[7] = 0xF0
        #expect(!holds(.atariMSA, tracks))
        // A shebang over bytes that are not text: a shell's line holds (a self-extracting
        // archive's payload), another interpreter's does not.
        let payload: [UInt8] = [0x01, 0x02, 0x04, 0x04, 0x04, 0x00, 0xFF, 0x0A]
        #expect(holds(.shellInterpreter, Array("#!/bin/sh\n".utf8) + payload))
        #expect(holds(.shellInterpreter, Array("#!/usr/bin/env bash\n".utf8) + payload))
        #expect(!holds(.shellInterpreter, Array("#!/usr/bin/cmd3\n".utf8) + payload))
    }

    /// libmagic reads a dBase memo file from its next-free-block number and zeros.
    ///
    /// The blocks that number counts must be in the file. A ROM that opens with 00 F0 00 00 and zeros
    /// (Virtual Boy code) is no memo file of 61,440 blocks.
    @Test func dBaseMemoBlocksFitTheFile() throws {
        // dBase III: a 512-byte header with the next free block (4), then three blocks of
        // memos, each ended by 1A 1A, the last padded only to its terminator.
        let memo = Array("A memo for mediatype.".utf8) + [0x1A, 0x1A]
        let first = memo + [UInt8](repeating: 0, count: 512 - memo.count)
        let second = Array(String(repeating: "Second memo ", count: 60).utf8) + [0x1A, 0x1A]
        let header = [4, 0, 0, 0] + [UInt8](repeating: 0, count: 508)
        let file = header + first + second
        #expect(WeakEvidence.holds(.dBaseMemo, head: file, fileSize: UInt64(file.count)))
        let classifier = Classifier(registry: .builtinOnly)
        let result = try classifier.classify(bytes: file, fileName: nil)
        #expect(result.type.identifier == "com.dbase.memo", "\(result.detail)")
        // libmagic's rule also reads a first memo at 512.
        var rom = [UInt8](repeating: 0, count: 1024)
        rom[1] = 0xF0
        rom[512...516] = [0x20, 0xC7, 0xEE, 0xFF, 0x04]
        #expect(!WeakEvidence.holds(.dBaseMemo, head: rom, fileSize: 1024))
        let notMemo = try classifier.classify(bytes: rom, fileName: nil)
        #expect(notMemo.type == .data, "\(notMemo.detail)")
        #expect(notMemo.detail.contains("do not bear out"), "libmagic's reading is dropped")
        // A header whose block count the file runs far past.
        let long = header + [UInt8](repeating: 0x41, count: 8192)
        #expect(!WeakEvidence.holds(.dBaseMemo, head: long, fileSize: UInt64(long.count)))
    }

    /// shared-mime-info's DIB rule is the info header's size, 40, in the first four bytes; a
    /// Fortran record of five doubles (its length, 40, first) is no bitmap.
    @Test func aBitmapInfoHeaderHasDimensionsAndPlanes() {
        func le32(_ value: UInt32) -> [UInt8] {
            withUnsafeBytes(of: value.littleEndian, Array.init)
        }
        let header = le32(40) + le32(8) + le32(4) + [1, 0, 24, 0] + le32(0) + le32(96)
        let bitmap = header + [UInt8](repeating: 0, count: 16 + 96)
        #expect(WeakEvidence.holds(.dibHeader, head: bitmap, fileSize: UInt64(bitmap.count)))
        var record = le32(40)
        for value in [1.0, 2.0, 3.0, 4.0, 5.0] {
            record += withUnsafeBytes(of: value.bitPattern.littleEndian, Array.init)
        }
        record += le32(40)
        #expect(!WeakEvidence.holds(.dibHeader, head: record, fileSize: UInt64(record.count)))
        var twoPlanes = bitmap
        twoPlanes[12] = 2
        #expect(!WeakEvidence.holds(.dibHeader, head: twoPlanes, fileSize: 0))
        var oddDepth = bitmap
        oddDepth[14] = 7
        #expect(!WeakEvidence.holds(.dibHeader, head: oddDepth, fileSize: 0))
    }

    /// A first `<!--` makes HTML (shared-mime-info) or XML (Tika) only when markup follows.
    ///
    /// A Markdown page or a template opens with a licence comment (REUSE's SPDX header) as
    /// often as an HTML page does; text after the comments is not a document's markup.
    @Test func aLeadingCommentIsMarkupOnlyWhenMarkupFollows() throws {
        let header =
            "<!--\n  SPDX-FileCopyrightText: 2026 Contributors\n  SPDX-License-Identifier: MIT\n-->\n\n"
        let page = Array((header + "# Contributing\n\nOpen an issue before a pull request.\n").utf8)
        #expect(!WeakEvidence.holds(.markupAfterComments, head: page, fileSize: 0))
        let html = Array((header + "<!-- two -->\n<p>Open an issue.</p>\n").utf8)
        #expect(WeakEvidence.holds(.markupAfterComments, head: html, fileSize: 0))
        let xml = [0xEF, 0xBB, 0xBF] + Array((header + "<?xml version=\"1.0\"?><a/>\n").utf8)
        #expect(WeakEvidence.holds(.markupAfterComments, head: xml, fileSize: 0))
        // No comment first, or a comment the head ends inside: not judged.
        #expect(
            WeakEvidence.holds(.markupAfterComments, head: Array("Text <b>x</b>".utf8), fileSize: 0)
        )
        #expect(
            WeakEvidence.holds(.markupAfterComments, head: Array("<!-- open".utf8), fileSize: 0)
        )
        // A whole file of comments (a pull-request template) is no markup; a head that ends
        // after its comments with more of the file unread is not judged.
        let template = Array(
            "<!---\nThanks for your contribution!\n\nDescribe it here.\n--->\n".utf8
        )
        let whole = UInt64(template.count)
        #expect(!WeakEvidence.holds(.markupAfterComments, head: template, fileSize: whole))
        #expect(WeakEvidence.holds(.markupAfterComments, head: template, fileSize: whole + 100))
        // Both sources: the system database (HTML) and the built-in one (Tika's XML).
        for classifier in [Classifier(), Classifier(registry: .builtinOnly)] {
            let text = try classifier.classify(bytes: page, fileName: nil)
            #expect(text.type.conforms(to: .plainText), "\(text.detail)")
            #expect(!text.type.conforms(to: .html) && !text.type.conforms(to: .xml))
            let markup = try classifier.classify(bytes: html, fileName: nil)
            #expect(markup.type == .html, "\(markup.detail)")
            let comments = try classifier.classify(bytes: template, fileName: nil)
            #expect(comments.type.conforms(to: .plainText), "\(comments.detail)")
            #expect(!comments.type.conforms(to: .html) && !comments.type.conforms(to: .xml))
        }
    }

    /// A binary format's rule that a line of text meets is no evidence on text, nested or not:
    /// shared-mime-info's 669-module rule reads `if` at 0 and four masked bytes (110, 111,
    /// 112, 368) that any ASCII line with a newline in the right places satisfies, which made
    /// a fish completion script tracker-module audio.
    @Test func aModuleRuleMetByTextIsNoEvidence() throws {
        var script = Array("if cat --version 2>/dev/null >/dev/null # GNU\n".utf8)
        while script.count < 400 {
            script += Array("    complete -c cat -s A -d 'Show all'\n".utf8)
        }
        script[110] = 0x0A
        script[368] = 0x0A
        let classifier = Classifier(options: .init(listsCandidates: true))
        let result = try classifier.classify(bytes: script, fileName: nil)
        // The system database's rule matched (so that this test can fail) ...
        #expect(
            result.candidates.contains {
                $0.source == .systemDatabase && $0.type.preferredMIMEType == "audio/x-mod"
            }
        )
        // ... and the text is text.
        #expect(result.type.conforms(to: .plainText), "\(result.detail)")
    }

    /// A Markdown page that opens with HTML blocks (a centred logo, a row of badges) is
    /// Markdown, not HTML, whichever database holds the HTML rule that its first tag meets.
    @Test func markdownUnderAnHTMLBlockIsMarkdown() throws {
        let page = Array(
            ("<div align=\"center\">\n  <img src=\"logo.svg\" width=\"60%\">\n</div>\n\n"
                + "<p align=\"center\">\n  <a href=\"https://example.org\"><img src=\"ci.svg\"></a><br>\n"
                + "</p>\n\n# Project\n\nA small library.\n\n## Install\n\n```\npip install project\n```\n")
                .utf8
        )
        let html = Array(
            ("<div align=\"center\">\n  <img src=\"logo.svg\" width=\"60%\">\n</div>\n"
                + "<p>A small library.</p>\n").utf8
        )
        for classifier in [Classifier(), Classifier(registry: .builtinOnly)] {
            let markdown = try classifier.classify(bytes: page, fileName: nil)
            #expect(markdown.type.identifier == "net.daringfireball.markdown", "\(markdown.detail)")
            // Blocks and nothing else stay markup.
            let markup = try classifier.classify(bytes: html, fileName: nil)
            #expect(markup.type.conforms(to: .html) || markup.type.conforms(to: .xml))
        }
    }

    /// An HTML rule's tag must be markup, not a tag quoted in a setting or a string.
    ///
    /// shared-mime-info's HTML rules (and libmagic's) find `<html` or `<body` anywhere in the
    /// first bytes. A page, a template or saved CGI output has its tags at the start of lines.
    @Test func anHTMLRuleNeedsATagThatOpensALine() throws {
        let settings = """
            APP_NAME=Magika
            PORT=8080
            text="<html><head></head><body></body></html>"
            body="<h1>Welcome</h1>"

            """
        #expect(!WeakEvidence.holds(.htmlMarkup, head: Array(settings.utf8), fileSize: 0))
        let result = try Classifier().classify(bytes: Array(settings.utf8), fileName: nil)
        #expect(!result.type.conforms(to: .html), "\(result.detail)")
        #expect(result.type.conforms(to: .plainText))
        let pages = [
            "<!DOCTYPE html>\n<html><body>x</body></html>\n",
            "Content-Type: text/html\n\n<html>\n<body>x</body>\n</html>\n",
            "{% extends \"base.html\" %}\n  <html>\n<body>{{ x }}</body></html>\n",
        ]
        for page in pages {
            #expect(WeakEvidence.holds(.htmlMarkup, head: Array(page.utf8), fileSize: 0), "\(page)")
        }
        let cgi = try Classifier().classify(bytes: Array(pages[1].utf8), fileName: nil)
        #expect(cgi.type == .html, "\(cgi.detail)")
    }

    /// An XML root that is no HTML element keeps the document XML against an HTML rule.
    ///
    /// shared-mime-info's HTML rule takes a first `<!--`; a logback or Spring configuration
    /// opens with a licence comment and no XML declaration, and the HTML claim is refuted by
    /// the root element. An HTML element after the comment (a table fragment) stays HTML.
    @Test func anXMLRootThatIsNoHTMLElementStaysXML() throws {
        let comment = "<!-- Licensed under the Apache License, Version 2.0 -->\n"
        let classifier = Classifier(options: .init(listsCandidates: true))
        for root in [
            "configuration", "beans xmlns=\"http://www.springframework.org/schema/beans\"", "w:tbl",
        ] {
            let name = root.prefix { $0 != " " }
            let xml = Array((comment + "<\(root)>\n  <item id=\"x\"/>\n</\(name)>\n").utf8)
            let result = try classifier.classify(bytes: xml, fileName: nil)
            #expect(result.type == .xml, "\(root): \(result.detail)")
            #expect(
                result.candidates.contains { $0.source == .systemDatabase && $0.type == .html },
                "the HTML rule matched: \(result.detail)"
            )
            #expect(!WeakEvidence.holds(.htmlMarkup, head: xml, fileSize: 0), "\(root)")
        }
        for root in ["table", "DIV", "p"] {
            let html = Array((comment + "<\(root)>\n  <b>x</b>\n</\(root)>\n").utf8)
            let result = try classifier.classify(bytes: html, fileName: nil)
            #expect(result.type == .html, "\(root): \(result.detail)")
        }
    }

    /// Tika's Mathematica rule (`(* ` or `(**` first) needs Mathematica in the text.
    ///
    /// OCaml, Standard ML, Pascal, Modula-2 and Coq open with the same comment.
    @Test func aCommentOpenerIsNoMathematicaWithoutMathematica() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let notebook = """
            (* Content-type: application/vnd.wolfram.mathematica *)

            (*** Wolfram Notebook File ***)
            Notebook[{Cell["Hello", "Text"]}]

            """
        let package = "(* ::Package:: *)\n\nsquare[x_] := x^2\nclip[x_?NumericQ] := Max[x, 0]\n"
        for text in [notebook, package] {
            #expect(WeakEvidence.holds(.mathematicaCode, head: Array(text.utf8), fileSize: 0))
            let result = try classifier.classify(bytes: Array(text.utf8), fileName: nil)
            #expect(result.mimeType == "application/mathematica", "\(result.detail)")
        }
        let modula = """
            (* LIFO Storage Library *)
            IMPLEMENTATION MODULE LIFO;
            FROM Storage IMPORT ALLOCATE;
            VAR stack : ARRAY [0..99] OF INTEGER;
            END LIFO.

            """
        let ml =
            "(* Internal Syntax *)\nsignature INTSYN =\nsig\n  type cid = int\n  val f : 'a list -> [_] option\nend\n"
        for text in [modula, ml] {
            #expect(!WeakEvidence.holds(.mathematicaCode, head: Array(text.utf8), fileSize: 0))
            let result = try classifier.classify(bytes: Array(text.utf8), fileName: nil)
            #expect(result.mimeType != "application/mathematica", "\(result.detail)")
            #expect(result.type.conforms(to: .text))
        }
    }

    /// Raw pixels that libmagic takes for NASA's Common Data Format are not a compound file.
    ///
    /// libmagic calls that format `application/x-cdf`, which the tables give the compound
    /// file, and knows its version 2.5 by `00 00 FF FF`; raw CMYK pixels (black, then white,
    /// as ImageMagick writes `cmyk:`) start so. The compound file's own signature turns the
    /// guess down.
    @Test func rawPixelsAreNotACompoundFile() throws {
        let pixels = Array(repeating: [0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00], count: 96)
            .flatMap { $0 }.map { UInt8($0) }
        let result = try Classifier().classify(bytes: pixels, fileName: nil)
        #expect(result.type.identifier != "com.microsoft.compound-file", "\(result.detail)")
        #expect(result.detail.contains("application/x-cdf"), "\(result.detail)")
    }

    /// libmagic reads a JBIG1 header (`00 00 01 00`, then the size) as a TGA; the TGA header
    /// check turns that guess down.
    @Test func aHeaderThatIsNotTGAIsNotTakenFromLibmagic() throws {
        let jbig: [UInt8] =
            [0, 0, 1, 0, 0, 0, 0, 0x10, 0, 0, 0, 0x10, 0, 0, 0, 2, 8, 0, 3, 0x1C]
            + (0..<60).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 5) }
        let result = try Classifier().classify(bytes: jbig, fileName: nil)
        #expect(result.type.identifier != "com.truevision.tga-image", "\(result.detail)")
        // libmagic did guess TGA: the check, not libmagic, turned it down.
        #expect(result.detail.contains("image/x-tga"), "\(result.detail)")
    }
}

/// A tar archive whose first member is renamed, with the header's checksum made good again:
/// the header's bytes with the field counted as spaces, six octal digits, NUL, space.
func tar(_ archive: [UInt8], withFirstMemberNamed name: String) -> [UInt8] {
    var bytes = archive
    for index in 0..<100 { bytes[index] = 0 }
    for (index, byte) in name.utf8.prefix(100).enumerated() { bytes[index] = byte }
    for index in 148..<156 { bytes[index] = 0x20 }
    let sum = bytes[0..<512].reduce(0) { $0 + Int($1) }
    let digits = Array(String(sum, radix: 8).utf8)
    let field = [UInt8](repeating: 0x30, count: 6 - digits.count) + digits + [0, 0x20]
    for (index, byte) in field.enumerated() { bytes[148 + index] = byte }
    return bytes
}

/// Formats that are another format's bytes put to a use only the name tells (gzip streams
/// of a metafile or an SVG, a PDF of Illustrator's): the name says which, as Tika and
/// shared-mime-info tell them; the content alone says gzip or PDF.
@Suite struct RefinedByNameTests {
    @Test func theNameRefinesAGzipStream() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let gzip = try fixtureBytes("text.txt.gz")
        for (name, identifier) in [
            ("drawing.emz", "com.microsoft.emz"), ("drawing.wmz", "com.microsoft.wmz"),
            ("image.svgz", "org.w3.svgz"), ("notes.gz", "org.gnu.gnu-zip-archive"),
        ] {
            let named = try classifier.classify(bytes: gzip, fileName: name)
            #expect(named.type.identifier == identifier, "\(name): \(named.detail)")
            #expect(named.extensionAgrees == true, "\(name)")
        }
        let unnamed = try classifier.classify(bytes: gzip, fileName: nil)
        #expect(unnamed.type.identifier == "org.gnu.gnu-zip-archive")
        // A name that claims one of them does not make other bytes one.
        let png = try fixtureBytes("image.png")
        let notCompressed = try classifier.classify(bytes: png, fileName: "image.svgz")
        #expect(notCompressed.type.identifier == "public.png")
        #expect(notCompressed.extensionAgrees == false)
    }

    @Test func aPDFNamedAIIsIllustratorArtwork() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let pdf = try fixtureBytes("document.pdf")
        let named = try classifier.classify(bytes: pdf, fileName: "logo.ai")
        #expect(named.type.identifier == "com.adobe.illustrator.pdf-artwork", "\(named.detail)")
        #expect(named.type.conforms(to: .pdf))
        #expect(named.extensionAgrees == true)
        let unnamed = try classifier.classify(bytes: pdf, fileName: nil)
        #expect(unnamed.type.identifier == "com.adobe.pdf")
        // PostScript named .ai is Illustrator's older, PostScript-based artwork.
        let postScript = Array("%!PS-Adobe-3.0\n%%BoundingBox: 0 0 10 10\nshowpage\n".utf8)
        let older = try classifier.classify(bytes: postScript, fileName: "logo.ai")
        #expect(older.type.identifier == "com.adobe.illustrator.postscript-artwork")
        #expect(older.extensionAgrees == true)
    }
}
