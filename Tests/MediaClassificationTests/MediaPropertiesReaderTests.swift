import Foundation
import TestSupport
import Testing
import UniformTypes

@testable import MediaClassification

/// The properties readers on cut, corrupted and oversized inputs, and the facts the
/// properties fixtures were made with (Fixtures/properties/generate.sh).
@Suite struct MediaPropertiesReaderTests {
    private static let classifier = Classifier(options: .init(readsProperties: true))

    /// Every media fixture with the type the classifier gives it.
    private static func mediaFiles() throws -> [(name: String, bytes: [UInt8], type: UTType)] {
        try MediaPropertiesFFprobeTests.files().map { path in
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let type = try classifier.classify(fileAt: path).type
            return (URL(fileURLWithPath: path).lastPathComponent, bytes, type)
        }
    }

    private static func read(_ bytes: [UInt8], _ type: UTType, head: Int? = nil) -> MediaProperties?
    {
        MediaProperties.read(SniffInput(bytes: bytes, headCount: head), type: type)
    }

    /// What no reader may ever state, whatever the bytes: an impossible value, or empty
    /// properties instead of nil.
    private static func checkSane(_ properties: MediaProperties?, _ name: String) {
        guard let properties else { return }
        #expect(properties.isPlausible, "\(name): \(properties)")
        #expect(!properties.isEmpty, "\(name): empty properties instead of nil")
    }

    @Test("one reader of an ID3v2 tag's length serves the sniffers and this reader")
    func id3v2TagLength() {
        // Version 2.4, the footer flag, a syncsafe size of 128 (00 00 01 00).
        let header = Array("ID3".utf8) + [4, 0, 0x10, 0, 0, 1, 0]
        #expect(MediaBytes.id3v2TagLength(header) == 10 + 128 + 10)
        #expect(MediaBytes.id3v2TagLength([0, 0] + header, at: 2) == 148)
        var older = header
        older[3] = 3  // before 2.4 that flag bit means nothing: no footer
        #expect(MediaBytes.id3v2TagLength(older) == 138)
        var unknownVersion = header
        unknownVersion[3] = 5
        #expect(MediaBytes.id3v2TagLength(unknownVersion) == nil)
        var notSyncsafe = header
        notSyncsafe[8] = 0x81
        #expect(MediaBytes.id3v2TagLength(notSyncsafe) == nil)
        #expect(MediaBytes.id3v2TagLength(Array(header.prefix(9))) == nil)
        #expect(MediaBytes.id3v2TagLength(header, at: 1) == nil)
    }

    @Test("the inputs kept in Fuzz/regressions/MediaPropertiesFuzz stay plausible")
    func keptFuzzInputs() throws {
        let folder = packageRoot.appendingPathComponent("Fuzz/regressions/MediaPropertiesFuzz")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(fuzzProperties(bytes), "\(name)")
        }
        // The fuzz target's own check holds on every fixture.
        for file in try Self.mediaFiles() {
            #expect(fuzzProperties(file.bytes), "\(file.name)")
        }
    }

    @Test("a file read through a small head and bounded reads gives what it gives in memory")
    func sameThroughBoundedReads() throws {
        var compared = 0
        for file in try Self.mediaFiles() {
            let whole = Self.read(file.bytes, file.type)
            #expect(Self.read(file.bytes, file.type, head: 512) == whole, "\(file.name)")
            if whole != nil { compared += 1 }
        }
        #expect(compared > 40)
    }

    @Test("the moov after a large mdat is reached by bounded seeks")
    func movieAtTheEnd() throws {
        let bytes = try fixtureBytes("properties/moov-at-end.mov")
        let moov = try #require(bytes.firstRange(of: Array("moov".utf8))?.lowerBound)
        #expect(moov > Classifier.headSize)
        let properties = try Self.classifier.classify(
            fileAt: fixturePath("properties/moov-at-end.mov")
        )
        .properties
        #expect(properties?.duration != nil)
        #expect(properties?.videoCodec?.hasPrefix("avc1.") == true)
    }

    @Test("every prefix of a media file is answered without a crash; one cut inside moov has none")
    func truncatedFiles() throws {
        for file in try Self.mediaFiles() {
            let count = file.bytes.count
            var cuts = Array(stride(from: 0, to: min(count, 2048), by: 13))
            cuts += [count / 3, count / 2, count - 1].filter { $0 >= 0 }
            for cut in cuts {
                Self.checkSane(Self.read(Array(file.bytes.prefix(cut)), file.type), file.name)
            }
            // An ISO-BMFF movie cut 100 bytes into its moov states nothing (an image sequence
            // still has its meta box).
            if ISOBMFFSniffer.isCandidate(file.bytes), !file.type.conforms(to: .image),
                let moov = file.bytes.firstRange(of: Array("moov".utf8))?.lowerBound,
                moov + 100 < count
            {
                #expect(
                    Self.read(Array(file.bytes.prefix(moov + 100)), file.type) == nil,
                    "\(file.name)"
                )
            }
        }
    }

    @Test("corrupted bytes never crash a reader nor give impossible values")
    func corruptedFiles() throws {
        var random = SplitMix64(seed: 0x6D65_6469_6174_7970)
        for file in try Self.mediaFiles() where !file.bytes.isEmpty {
            for _ in 0..<150 {
                var bytes = file.bytes
                // Corrupt the structure, which lives near the start or around moov.
                let span = min(bytes.count, 4096)
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    let index =
                        Bool.random(using: &random)
                        ? Int.random(in: 0..<span, using: &random)
                        : Int.random(in: 0..<bytes.count, using: &random)
                    bytes[index] = UInt8.random(in: 0...255, using: &random)
                }
                Self.checkSane(Self.read(bytes, file.type), file.name)
            }
        }
    }

    /// A box of a 32-bit size.
    private static func box(_ type: String, _ content: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + content.count)
        return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF)]
            + [UInt8(size & 0xFF)] + Array(type.utf8) + content
    }

    /// A version-0 movie header of 0.5 s (duration 1 at timescale 2).
    private static let movieHeader: [UInt8] = {
        var header = [UInt8](repeating: 0, count: 100)
        header[15] = 2
        header[19] = 1
        return box("mvhd", header)
    }()

    private static let fileType = box("ftyp", Array("isom".utf8) + [0, 0, 2, 0])

    @Test("inside moov, tables that grow with the movie are skipped by their headers, unread")
    func largeTablesAreSkipped() throws {
        // 12 MiB of sample sizes before the movie header, read through a 64-byte head.
        let sizes = Self.box("stsz", [UInt8](repeating: 0, count: 12 << 20))
        let bytes = Self.fileType + Self.box("moov", sizes + Self.movieHeader)
        var source = PropertySource(SniffInput(bytes: bytes, headCount: 64))
        let properties = try #require(ISOBMFFProperties.read(&source))
        #expect(properties.duration == 0.5)
        #expect(source.bytesRead < 4 << 16)
    }

    @Test("too many boxes before moov, or a moov of nothing, give nothing")
    func oversizedStructures() {
        var boxes = Self.fileType
        for _ in 0..<ISOBMFFProperties.maximumTopLevelBoxes {
            boxes += Self.box("free", [])
        }
        let moov = Self.box("moov", Self.movieHeader)
        #expect(Self.read(boxes + moov, .mpeg4Movie) == nil)
        #expect(Self.read(Self.fileType + moov, .mpeg4Movie)?.duration == 0.5)
        let empty = Self.box("moov", [UInt8](repeating: 0, count: 1 << 20))
        #expect(Self.read(Self.fileType + empty, .mpeg4Movie) == nil)
    }

    @Test func plausibility() {
        #expect(MediaProperties(pixelWidth: 1, duration: 0).isPlausible)
        #expect(!MediaProperties(pixelWidth: 0).isPlausible)
        #expect(!MediaProperties(rotation: 45).isPlausible)
        #expect(!MediaProperties(duration: .infinity).isPlausible)
        #expect(!MediaProperties(frameRate: 0).isPlausible)
        #expect(!MediaProperties(sampleRate: -1).isPlausible)
        #expect(MediaProperties(transfer: "pq").isPlausible)
        #expect(MediaProperties(transfer: "hlg").isPlausible)
        #expect(!MediaProperties(transfer: "bt709").isPlausible)
    }

    @Test func trackMatrixRotations() {
        let one: Int32 = 0x0001_0000
        #expect(ISOBMFFProperties.rotation(a: one, b: 0, c: 0, d: one) == 0)
        #expect(ISOBMFFProperties.rotation(a: 0, b: one, c: -one, d: 0) == 90)
        #expect(ISOBMFFProperties.rotation(a: -one, b: 0, c: 0, d: -one) == 180)
        #expect(ISOBMFFProperties.rotation(a: 0, b: -one, c: one, d: 0) == 270)
        // A mirror is no rotation.
        #expect(ISOBMFFProperties.rotation(a: -one, b: 0, c: 0, d: one) == nil)
    }

    @Test("the fixtures' rotations and EXIF orientation, as generate.sh made them")
    func orientations() throws {
        func properties(_ name: String) throws -> MediaProperties? {
            try Self.classifier.classify(fileAt: fixturePath("properties/" + name)).properties
        }
        let turned = try #require(try properties("rotated-90.mp4"))
        #expect(turned.rotation == 90)
        #expect(turned.displayWidth == 48 && turned.displayHeight == 64)
        #expect(try properties("rotated-270.mov")?.rotation == 270)
        let photo = try #require(try properties("exif-orientation-6.jpg"))
        #expect(photo.orientation == .right)
        #expect(photo.rotation == 90)
        #expect(photo.pixelWidth == 64 && photo.pixelHeight == 48)
    }

    @Test("animations: three frames looping forever, as Fixtures/generate.sh made them")
    func animations() throws {
        for name in ["animated-apng.png", "animated.gif", "animated.webp"] {
            let properties = try Self.classifier.classify(fileAt: fixturePath(name)).properties
            #expect(properties?.frameCount == 3, "\(name)")
            #expect(properties?.loopCount == 0, "\(name)")
        }
        for name in ["still.gif", "image.png", "lossy.webp", "lossless.webp"] {
            let properties = try Self.classifier.classify(fileAt: fixturePath(name)).properties
            #expect(properties?.frameCount == 1, "\(name)")
        }
    }

    @Test("a variable-frame-rate clip states its average rate, as generate.sh made it")
    func variableFrameRate() throws {
        let path = fixturePath("properties/vfr.mp4")
        let properties = try #require(try Self.classifier.classify(fileAt: path).properties)
        // 16 frames: 10 at 30 fps, then 6 at 10 fps, over 0.933 s.
        let rate = try #require(properties.frameRate)
        #expect(abs(rate - 16 / 0.9333) < 0.05, "\(rate)")
        #expect(rate < 30)
    }

    @Test("TIFF, DNG and JPEG XL: size, orientation and depth, as generate-images.sh made them")
    func tiffAndJPEGXL() throws {
        func properties(_ name: String) throws -> MediaProperties {
            let path = fixturePath("properties/" + name)
            return try #require(try Self.classifier.classify(fileAt: path).properties, "\(name)")
        }
        let tiff = try properties("tiff-orientation-6-16bit.tiff")
        #expect(tiff.pixelWidth == 64 && tiff.pixelHeight == 48 && tiff.bitDepth == 16)
        #expect(tiff.orientation == .right && tiff.displayWidth == 48)
        // The raw image in the SubIFD, not IFD0's preview; IFD0's orientation.
        let dng = try properties("dng-preview-subifd.dng")
        #expect(dng.pixelWidth == 64 && dng.pixelHeight == 48 && dng.bitDepth == 16)
        #expect(dng.orientation == .left && dng.rotation == 270)
        let turned = try properties("jxl-orientation-6.jxl")
        #expect(turned.pixelWidth == 64 && turned.pixelHeight == 48 && turned.bitDepth == 8)
        #expect(turned.orientation == .right)
        let deep = try properties("jxl-16bit.jxl")
        #expect(deep.pixelWidth == 80 && deep.pixelHeight == 60 && deep.bitDepth == 16)
        #expect(deep.orientation == .up)
    }

    /// A big-endian TIFF header and one IFD of (tag, type, count, value) entries at offset 8.
    private static func tiff(_ entries: [(UInt16, UInt16, UInt32, UInt32)]) -> [UInt8] {
        func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func be32(_ value: UInt32) -> [UInt8] {
            be16(UInt16(value >> 16)) + be16(UInt16(value & 0xFFFF))
        }
        var bytes: [UInt8] = Array("MM".utf8) + be16(42) + be32(8) + be16(UInt16(entries.count))
        for (tag, type, count, value) in entries {
            let field = type == 3 ? be16(UInt16(value)) + [0, 0] : be32(value)
            bytes += be16(tag) + be16(type) + be32(count) + field
        }
        return bytes + be32(0)
    }

    @Test("TIFF directories that lie: no size, no loop, nothing impossible")
    func lyingTIFFDirectories() {
        let size: [(UInt16, UInt16, UInt32, UInt32)] = [(256, 3, 1, 20), (257, 4, 1, 10)]
        let plain = Self.read(Self.tiff(size), .tiff)
        #expect(plain?.pixelWidth == 20 && plain?.pixelHeight == 10)
        #expect(Self.read(Self.tiff([(256, 3, 1, 20)]), .tiff) == nil, "no height")
        #expect(Self.read(Self.tiff([(256, 3, 1, 0), (257, 3, 1, 10)]), .tiff) == nil, "0 wide")
        // A reduced-resolution IFD0 whose SubIFD points back at IFD0 itself: IFD0 stands.
        let loop = Self.tiff([(254, 4, 1, 1)] + size + [(330, 4, 1, 8)])
        #expect(Self.read(loop, .tiff)?.pixelWidth == 20)
        // SubIFDs that point past the end, and a count far beyond the file.
        let away = Self.tiff([(254, 4, 1, 1)] + size + [(330, 4, 1_000_000, 0xFFFF_FFF0)])
        #expect(Self.read(away, .tiff)?.pixelWidth == 20)
        var huge = Self.tiff(size)
        huge[8] = 0xFF
        huge[9] = 0xFF
        #expect(Self.read(huge, .tiff) == nil, "65,535 entries announced, two there")
        let orientation = Self.read(Self.tiff(size + [(274, 3, 1, 9)]), .tiff)
        #expect(
            orientation?.pixelWidth == 20 && orientation?.orientation == nil,
            "9 is no orientation"
        )
    }

    @Test("HEIF and AVIF: the primary item's size and codec, as Fixtures/generate.sh made them")
    func heifImages() throws {
        let sizes = [
            "image.heic": 32, "image-mif1-major.heic": 32, "image.avif": 16, "sequence.avifs": 16,
        ]
        for (name, side) in sizes {
            let properties = try Self.classifier.classify(fileAt: fixturePath(name)).properties
            #expect(properties?.pixelWidth == side && properties?.pixelHeight == side, "\(name)")
            #expect(properties?.rotation == 0, "\(name)")
            let family = name.hasSuffix(".heic") ? "hvc1." : "av01."
            #expect(properties?.videoCodec?.hasPrefix(family) == true, "\(name)")
        }
    }

    @Test("properties are read only when asked for")
    func offByDefault() throws {
        let path = fixturePath("clip-h264-aac.mp4")
        #expect(try Classifier().classify(fileAt: path).properties == nil)
        #expect(try Self.classifier.classify(fileAt: path).properties != nil)
        // Not media: nothing to read.
        #expect(try Self.classifier.classify(fileAt: fixturePath("document.pdf")).properties == nil)
    }
}

/// Lying and cut headers of the containers without a configuration record: AVI, ASF, MPEG-TS
/// and PS, FLV (the fixtures of Fixtures/properties/generate.sh, edited).
extension MediaPropertiesReaderTests {
    private static func edited(
        _ name: String,
        _ edit: (inout [UInt8]) throws -> Void
    ) throws -> [UInt8] {
        var bytes = try fixtureBytes("properties/" + name)
        try edit(&bytes)
        return bytes
    }

    private static func offset(of text: String, in bytes: [UInt8]) throws -> Int {
        try #require(bytes.firstRange(of: Array(text.utf8))?.lowerBound)
    }

    private static func put32(_ value: UInt32, _ bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(value >> (8 * index) & 0xFF) }
    }

    @Test("AVI: an hdrl claiming 4 GiB gives nothing; a lying strf or strh keeps the true rest")
    func lyingAVI() throws {
        let avi = UTType.avi
        let huge = try Self.edited("mpeg4-mp3.avi") { bytes in
            Self.put32(0xFFFF_FFF0, &bytes, at: try Self.offset(of: "hdrl", in: bytes) - 4)
        }
        #expect(Self.read(huge, avi) == nil)
        // A BITMAPINFOHEADER of width 0: the main header's size stands.
        let noWidth = try Self.edited("mpeg4-mp3.avi") { bytes in
            Self.put32(0, &bytes, at: try Self.offset(of: "strf", in: bytes) + 12)
        }
        let sized = try #require(Self.read(noWidth, avi))
        #expect(sized.pixelWidth == 64 && sized.pixelHeight == 48)
        #expect(sized.videoCodec == "mp4v.20")
        // Stream lengths of all ones state no length; the main header's frames do.
        let noLength = try Self.edited("mjpeg-pcm.avi") { bytes in
            var at = 0
            while let found = bytes[at...].firstRange(of: Array("strh".utf8)) {
                Self.put32(.max, &bytes, at: found.lowerBound + 8 + 32)
                at = found.upperBound
            }
        }
        let framed = try #require(Self.read(noLength, avi))
        #expect(framed.duration.map { abs($0 - 0.4) < 1e-9 } == true)
        #expect(framed.audioCodec == "pcm" && framed.sampleRate == 48000)
        for cut in [12, 100, 200, 300] {
            Self.checkSane(Self.read(Array(huge.prefix(cut)), avi), "avi cut at \(cut)")
        }
    }

    @Test("AVI under AVF0 (signatures/clip-avf0.avi) reads as the RIFF AVI it was cut from")
    func avf0AVI() throws {
        let riff = try Self.classifier.classify(fileAt: fixturePath("clip.avi"))
        let avf0 = try Self.classifier.classify(fileAt: fixturePath("signatures/clip-avf0.avi"))
        #expect(avf0.type == .avi)
        let properties = try #require(avf0.properties)
        #expect(properties == riff.properties)
        #expect(properties.audioCodec != nil && properties.videoCodec != nil)
    }

    @Test("ASF: a header larger than the file gives no track counts; a lying object ends the walk")
    func lyingASF() throws {
        let wmv = try #require(UTType("com.microsoft.windows-media-wmv"))
        let huge = try Self.edited("wmv2-wmav2.wmv") { bytes in
            Self.put32(0xFFFF_FFFF, &bytes, at: 16)
            Self.put32(0x0000_FFFF, &bytes, at: 20)
        }
        let partial = try #require(Self.read(huge, wmv))
        #expect(partial.videoTrackCount == nil && partial.audioTrackCount == nil)
        #expect(partial.videoCodec == "wmv2" && partial.audioCodec == "wma2")
        // The File Properties Object (the first child) claims 4 GiB: nothing after it is read.
        let lyingObject = try Self.edited("wmv2-wmav2.wmv") { bytes in
            Self.put32(0xFFFF_FFF0, &bytes, at: 30 + 16)
        }
        #expect(Self.read(lyingObject, wmv) == nil)
        // A preroll longer than the play duration states no duration.
        let preroll = try Self.edited("wmv2-wmav2.wmv") { bytes in
            Self.put32(0xFFFF_FFF0, &bytes, at: 30 + 80)
        }
        let withoutLength = try #require(Self.read(preroll, wmv))
        #expect(withoutLength.duration == nil)
        #expect(withoutLength.pixelWidth == 64)
    }

    @Test("MPEG-TS: only the tables, or a lying PMT, give what the stream types say")
    func lyingTransportStream() throws {
        let ts = try #require(UTType("public.mpeg-2-transport-stream"))
        let bytes = try fixtureBytes("properties/h264-aac.ts")
        // SDT, PAT, PMT: the stream types name the codecs, nothing of the streams is known.
        let tables = try #require(Self.read(Array(bytes.prefix(188 * 3)), ts))
        #expect(tables.videoTrackCount == 1 && tables.audioTrackCount == 1)
        #expect(tables.videoCodec == "avc1" && tables.audioCodec == "mp4a.40")
        #expect(tables.pixelWidth == nil && tables.sampleRate == nil && tables.duration == nil)
        // A PMT section length of 4095 is cut at its packet's end.
        var lying = bytes
        for packet in stride(from: 0, to: lying.count, by: 188) where lying[packet + 5] == 0x02 {
            lying[packet + 6] |= 0x0F
            lying[packet + 7] = 0xFF
        }
        Self.checkSane(Self.read(lying, ts), "lying PMT")
        // PES headers whose lengths lie: time stamps and headers are still read safely.
        var garbled = bytes
        for index in stride(from: 4, to: garbled.count - 8, by: 188)
        where garbled[index] == 0 && garbled[index + 1] == 0 && garbled[index + 2] == 1 {
            garbled[index + 8] = 0xFF
        }
        Self.checkSane(Self.read(garbled, ts), "garbled PES headers")
    }

    @Test("MPEG-PS: a packet length that runs past the file, or a cut pack, crash nothing")
    func lyingProgramStream() throws {
        let ps = try #require(UTType("public.mpeg"))
        var bytes = try fixtureBytes("properties/mpeg2-mp2.mpg")
        let whole = try #require(Self.read(bytes, ps))
        #expect(whole.videoCodec == "mp2v" && whole.audioCodec == "mp2")
        let packet = try #require(bytes.firstRange(of: [0, 0, 1, 0xE0])?.lowerBound)
        bytes[packet + 4] = 0xFF
        bytes[packet + 5] = 0xFF
        Self.checkSane(Self.read(bytes, ps), "lying PES length")
        for cut in [4, 14, 20, packet + 6, packet + 12] {
            Self.checkSane(Self.read(Array(bytes.prefix(cut)), ps), "ps cut at \(cut)")
        }
    }

    @Test("FLV: a tag claiming 16 MiB ends the walk; an impossible metadata value is not stated")
    func lyingFLV() throws {
        let flv = try #require(UTType("com.adobe.flash.video"))
        let bytes = try fixtureBytes("properties/h264-aac.flv")
        var huge = bytes
        huge[13 + 1] = 0xFF
        huge[13 + 2] = 0xFF
        huge[13 + 3] = 0xFF
        #expect(Self.read(huge, flv) == nil)
        // onMetaData's duration made negative (the sign bit of its double).
        var negative = bytes
        let key = try Self.offset(of: "duration", in: negative)
        negative[key + 8 + 1] |= 0x80
        let found = try #require(Self.read(negative, flv))
        #expect(found.duration == nil)
        #expect(found.videoCodec?.hasPrefix("avc1.") == true && found.sampleRate == 44100)
    }
}
