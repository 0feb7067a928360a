import Foundation
import MediaClassification
import TestSupport
import Testing

private typealias B = ImageContainerTextSupport

// MARK: - Support shared by the image, container and text sniffer tests

enum ImageContainerTextSupport {
    /// Every manifest entry (through the shared ``Fixture`` loader); throws when the manifest
    /// is missing or malformed.
    static func fixtures() throws -> [Fixture] {
        try Fixture.all()
    }

    /// An input over bytes as the classifier would build it: a head of at most 64 KiB and a
    /// reader over the rest.
    static func input(_ bytes: [UInt8], headSize: Int = 64 << 10) -> SniffInput {
        SniffInput(bytes: bytes, headCount: headSize)
    }

    /// An input whose reader counts its calls.
    static func countingInput(_ bytes: [UInt8]) -> (SniffInput, ReadCounter) {
        let counter = ReadCounter()
        let head = Array(bytes.prefix(64 << 10))
        let input = SniffInput(head: head, fileSize: UInt64(bytes.count)) { offset, count in
            counter.increment()
            guard offset < UInt64(bytes.count) else { return [] }
            let start = Int(offset)
            return Array(bytes[start..<min(bytes.count, start + count)])
        }
        return (input, counter)
    }

    static func bytes(of fixture: Fixture) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixture.path)))
    }

    /// The bytes of the manifest's fixture `name`; fails the test when the manifest lacks it.
    static func bytes(ofFixture name: String) throws -> [UInt8] {
        let found = try #require(
            try Fixture.all().first { $0.file == name },
            "\(name) in the manifest"
        )
        return try bytes(of: found)
    }

    /// Classifies damaged copies of an image fixture (none may crash the classifier), then the
    /// whole file under no name and under names that claim other formats: each time the
    /// content's `identifier`, an image, decided by a structural parser.
    static func expectImageWhateverItsName(
        _ bytes: [UInt8],
        identifier: String,
        file: String,
        seed: UInt64
    ) throws {
        let classifier = Classifier(registry: .builtinOnly)
        for mutated in mutations(of: bytes, seed: seed ^ UInt64(bytes.count), flips: 40) {
            _ = try classifier.classify(bytes: mutated)
        }
        for name in [nil, "renamed.bin", "renamed.txt", "renamed.tga"] as [String?] {
            let result = try classifier.classify(bytes: bytes, fileName: name)
            #expect(result.type.identifier == identifier, "\(file) as \(name ?? "no name")")
            #expect(result.type.conforms(to: .image))
            #expect(result.evidence == .container)
        }
    }

    /// `bytes` with `values` written from `offset` on: a header with one field damaged.
    static func patched(_ bytes: [UInt8], at offset: Int, _ values: [UInt8]) -> [UInt8] {
        var copy = bytes
        copy.replaceSubrange(offset..<offset + values.count, with: values)
        return copy
    }

    /// Truncated copies at about 40 offsets and copies with bits flipped at seeded random
    /// positions.
    static func mutations(of bytes: [UInt8], seed: UInt64, flips: Int) -> [[UInt8]] {
        var result: [[UInt8]] = []
        let size = bytes.count
        guard size > 0 else { return [] }
        var offsets = Set([0, 1, 2, 3, 4, 7, 8, 11, 12, 16, 20, 22, 30, 46, 64, 100, 512])
        for step in 1...23 { offsets.insert(size * step / 24) }
        offsets.insert(size - 1)
        offsets.insert(max(0, size - 22))
        for offset in offsets.sorted() where offset < size {
            result.append(Array(bytes[..<offset]))
        }
        var random = SplitMix64(seed: seed)
        for _ in 0..<flips {
            var copy = bytes
            for _ in 0..<(1 + Int(random.next() % 4)) {
                // Half the flips land in the first 4 KiB, where the structure is.
                let limit = random.next() % 2 == 0 ? min(size, 4096) : size
                let position = Int(random.next() % UInt64(limit))
                copy[position] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8))
            }
            if random.next() % 4 == 0 {
                // Also plant large and special length values.
                let position = Int(random.next() % UInt64(size))
                let pattern: [UInt8] = [0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
                for index in 0..<min(4, size - position) {
                    copy[position + index] = pattern[Int(random.next() % 8)]
                }
            }
            result.append(copy)
        }
        return result
    }
}

extension ImageContainerTextSupport {
    /// A thread-safe call counter for readers.
    final class ReadCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0

        func increment() {
            lock.lock()
            calls += 1
            lock.unlock()
        }

        var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return calls
        }
    }
}

/// Big- and little-endian byte builders for hand-made files.
extension ImageContainerTextSupport {
    /// Text in UTF-16 (or UTF-32) in either byte order, behind its byte-order mark.
    static func wideText(_ text: String, utf32: Bool = false, littleEndian: Bool) -> [UInt8] {
        let values: [UInt32] =
            utf32 ? text.unicodeScalars.map(\.value) : text.utf16.map { UInt32($0) }
        let width = utf32 ? 4 : 2
        return ([0xFEFF] + values).flatMap { value in
            let bytes = (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            return littleEndian ? bytes : bytes.reversed()
        }
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
            UInt8(value & 0xFF),
        ]
    }

    static func le16(_ value: UInt16) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    static func le32(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF),
            UInt8(value >> 24),
        ]
    }

    static func le64(_ value: UInt64) -> [UInt8] {
        le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32))
    }

    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
}

// MARK: - Image sniffer

@Suite struct ImageSnifferTests {
    static let imageIdentifiers: Set<String> = [
        "public.png", "org.mozilla.apng", "com.compuserve.gif", "org.webmproject.webp",
        "org.webmproject.webp.animated", "public.jpeg", "public.jpeg-2000", "public.jpeg-xl",
        "com.microsoft.bmp", "com.microsoft.ico", "com.adobe.photoshop-image",
        "com.adobe.photoshop-large-image", "public.tiff", "com.adobe.raw-image",
        "com.canon.cr2-raw-image", "public.svg-image",
    ]

    static func sniff(_ bytes: [UInt8]) -> SniffResult? {
        ImageSniffer.sniff(ImageContainerTextSupport.input(bytes))
    }

    @Test func manifestFixtures() throws {
        let fixtures = try ImageContainerTextSupport.fixtures()
        #expect(!fixtures.isEmpty)
        var covered = 0
        for fixture in fixtures {
            let bytes = try ImageContainerTextSupport.bytes(of: fixture)
            let result = ImageSniffer.sniff(ImageContainerTextSupport.input(bytes))
            if Self.imageIdentifiers.contains(fixture.identifier) {
                covered += 1
                #expect(result?.identifier == fixture.identifier, "\(fixture.file)")
                #expect(
                    result?.isAnimated == (fixture.animated ?? false),
                    "\(fixture.file) animation"
                )
            } else if let result {
                #expect(result.identifier == fixture.identifier, "\(fixture.file): wrong type")
            }
        }
        #expect(covered >= 10)
    }

    // PNG

    static func pngChunk(_ type: String, _ data: [UInt8] = []) -> [UInt8] {
        B.be32(UInt32(data.count)) + B.ascii(type) + data + [0, 0, 0, 0]
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let ihdr = pngChunk("IHDR", B.be32(1) + B.be32(1) + [8, 6, 0, 0, 0])

    @Test func pngAnimationControlBeforeImageData() {
        let apng =
            Self.pngSignature + Self.ihdr + Self.pngChunk("acTL", B.be32(2) + B.be32(0))
            + Self.pngChunk("IDAT", [1, 2]) + Self.pngChunk("IEND")
        #expect(
            Self.sniff(apng)
                == SniffResult("org.mozilla.apng", detail: "acTL before IDAT", isAnimated: true)
        )
        let late =
            Self.pngSignature + Self.ihdr + Self.pngChunk("IDAT", [1, 2])
            + Self.pngChunk("acTL", B.be32(2) + B.be32(0)) + Self.pngChunk("IEND")
        #expect(Self.sniff(late)?.identifier == "public.png")
        #expect(Self.sniff(late)?.isAnimated == false)
    }

    @Test func pngHostileChunks() {
        let huge = Self.pngSignature + B.be32(0xFFFF_FFFF) + B.ascii("tEXt") + [0, 0, 0, 0]
        #expect(Self.sniff(huge)?.identifier == "public.png")
        #expect(Self.sniff(Self.pngSignature)?.identifier == "public.png")
        // A length pointing past the end, then nothing.
        let past = Self.pngSignature + B.be32(0x7FFF_FFFF) + B.ascii("tEXt")
        #expect(Self.sniff(past)?.identifier == "public.png")
        // 20,000 empty chunks, then acTL: the walk stops at its cap and calls it a PNG.
        var many = Self.pngSignature + Self.ihdr
        for _ in 0..<20_000 { many += Self.pngChunk("tEXt") }
        many += Self.pngChunk("acTL", B.be32(2) + B.be32(0)) + Self.pngChunk("IDAT")
        let (input, reads) = ImageContainerTextSupport.countingInput(many)
        #expect(ImageSniffer.sniff(input)?.identifier == "public.png")
        #expect(reads.count <= 2)
    }

    // GIF

    static let gifHeader: [UInt8] =
        B.ascii("GIF89a") + B.le16(1) + B.le16(1) + [0x80, 0, 0]
        + [0, 0, 0, 255, 255, 255]
    static let netscape: [UInt8] = [0x21, 0xFF, 11] + B.ascii("NETSCAPE2.0") + [3, 1, 0, 0, 0]
    static let frame: [UInt8] =
        [0x2C] + B.le16(0) + B.le16(0) + B.le16(1) + B.le16(1) + [0]
        + [2, 2, 0x4C, 0x01, 0]

    @Test func gifFrames() {
        let still = Self.gifHeader + Self.netscape + Self.frame + [0x3B]
        #expect(Self.sniff(still)?.identifier == "com.compuserve.gif")
        #expect(Self.sniff(still)?.isAnimated == false)
        let animated =
            Self.gifHeader + Self.frame + [0x21, 0xF9, 4, 0, 10, 0, 0, 0] + Self.frame
            + [0x3B]
        #expect(Self.sniff(animated)?.isAnimated == true)
        // GIF87a, no global color table.
        let old: [UInt8] =
            B.ascii("GIF87a") + B.le16(1) + B.le16(1) + [0, 0, 0] + Self.frame + [0x3B]
        #expect(
            Self.sniff(old) == SniffResult("com.compuserve.gif", detail: "GIF, 1 image descriptor")
        )
    }

    @Test func gifHostileBlocks() throws {
        #expect(Self.sniff(B.ascii("GIF89a"))?.identifier == "com.compuserve.gif")
        // Sub-blocks of 255 bytes running to the end of the file, never terminated.
        var endless = Self.gifHeader + [0x21, 0x01]
        for _ in 0..<2_000 { endless += [255] + [UInt8](repeating: 1, count: 255) }
        let result = Self.sniff(endless)
        #expect(result?.identifier == "com.compuserve.gif")
        #expect(result?.isAnimated == false)
        // A global color table that claims more than the file holds.
        let table: [UInt8] = B.ascii("GIF89a") + B.le16(1) + B.le16(1) + [0x87, 0, 0]
        #expect(Self.sniff(table)?.isAnimated == false)
        // An unknown block introducer stops the walk.
        #expect(Self.sniff(Self.gifHeader + Self.frame + [0x99] + Self.frame)?.isAnimated == false)
        // As the first block, the parser answers nothing: text after `GIF89a` is text, and a
        // damaged GIF is still named by the signatures on binary data.
        let damaged = Self.gifHeader + [0x99] + Self.frame + Self.frame
        #expect(Self.sniff(damaged) == nil)
        let classifier = Classifier(registry: .builtinOnly)
        #expect(try classifier.classify(bytes: damaged).type.identifier == "com.compuserve.gif")
        let prose = B.ascii("GIF89a hello world, this is plain text about it.\nA second line.\n")
        #expect(Self.sniff(prose) == nil)
        #expect(try classifier.classify(bytes: prose).type.identifier == "public.plain-text")
    }

    // WebP

    static func riff(_ chunks: [UInt8]) -> [UInt8] {
        B.ascii("RIFF") + B.le32(UInt32(chunks.count + 4)) + B.ascii("WEBP") + chunks
    }

    static func webpChunk(_ fourCC: String, _ data: [UInt8]) -> [UInt8] {
        B.ascii(fourCC) + B.le32(UInt32(data.count)) + data + (data.count % 2 == 1 ? [0] : [])
    }

    @Test func webpKinds() {
        let flags = Self.webpChunk("VP8X", [0x02, 0, 0, 0] + [0, 0, 0, 0, 0, 0])
        #expect(Self.sniff(Self.riff(flags))?.identifier == "org.webmproject.webp.animated")
        let noFlag = Self.webpChunk("VP8X", [0x10, 0, 0, 0] + [0, 0, 0, 0, 0, 0])
        let anim = Self.riff(noFlag + Self.webpChunk("ANIM", [0, 0, 0, 0, 0, 0]))
        #expect(
            Self.sniff(anim)
                == SniffResult(
                    "org.webmproject.webp.animated",
                    detail: "ANIM chunk",
                    isAnimated: true
                )
        )
        let still = Self.riff(
            noFlag + Self.webpChunk("ALPH", [1]) + Self.webpChunk("VP8 ", [1, 2])
        )
        #expect(Self.sniff(still) == SniffResult("org.webmproject.webp", detail: "VP8X, lossy VP8"))
        let lossless = Self.riff(Self.webpChunk("VP8L", [0x2F, 0, 0, 0]))
        #expect(
            Self.sniff(lossless) == SniffResult("org.webmproject.webp", detail: "lossless VP8L")
        )
        let huge = Self.riff(B.ascii("XXXX") + B.le32(0xFFFF_FFFF) + [1, 2, 3])
        #expect(Self.sniff(huge)?.identifier == "org.webmproject.webp")
        #expect(Self.sniff(B.ascii("RIFF") + B.le32(4) + B.ascii("WEBP"))?.isAnimated == false)
        #expect(Self.sniff(B.ascii("RIFF") + B.le32(4) + B.ascii("WAVE")) == nil)
    }

    // Signatures

    @Test func simpleSignatures() {
        #expect(Self.sniff([0xFF, 0xD8, 0xFF, 0xE0])?.identifier == "public.jpeg")
        #expect(Self.sniff([0xFF, 0xD8])?.identifier == nil)
        let jp2: [UInt8] = [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
        #expect(Self.sniff(jp2)?.identifier == "public.jpeg-2000")
        // A codestream: SOC, then SIZ (length 41 for one component, 16x16, one 16x16 tile,
        // 8 bits, no subsampling).
        let siz: [UInt8] =
            [0xFF, 0x4F, 0xFF, 0x51, 0, 41, 0, 0] + B.be32(16) + B.be32(16) + B.be32(0)
            + B.be32(0) + B.be32(16) + B.be32(16) + B.be32(0) + B.be32(0) + [0, 1, 7, 1, 1]
        #expect(Self.sniff(siz)?.identifier == "org.jpeg.jpeg-2000-codestream")
        #expect(Self.sniff([0xFF, 0x4F, 0xFF, 0x51, 0, 0]) == nil)
        let jxl: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
        #expect(Self.sniff(jxl)?.identifier == "public.jpeg-xl")
        #expect(Self.sniff([0xFF, 0x0A, 0xFA])?.identifier == "public.jpeg-xl")
        #expect(Self.sniff(B.ascii("8BPS") + [0, 1])?.identifier == "com.adobe.photoshop-image")
        #expect(
            Self.sniff(B.ascii("8BPS") + [0, 2])?.identifier == "com.adobe.photoshop-large-image"
        )
        #expect(Self.sniff(B.ascii("8BPS") + [0, 3]) == nil)
        let bmp: [UInt8] = B.ascii("BM") + B.le32(70) + B.le32(0) + B.le32(54) + B.le32(40)
        #expect(Self.sniff(bmp)?.identifier == "com.microsoft.bmp")
        let badBMP: [UInt8] = B.ascii("BM") + B.le32(70) + B.le32(0) + B.le32(54) + B.le32(99)
        #expect(Self.sniff(badBMP) == nil)
        #expect(Self.sniff(B.ascii("BMP is a format")) == nil)
        // The directory, then the image's BITMAPINFOHEADER (size 40) where the entry points.
        let bitmap = B.le32(40) + [UInt8](repeating: 0, count: 36)
        let ico: [UInt8] =
            [0, 0, 1, 0] + B.le16(1) + [16, 16, 0, 0] + B.le16(1) + B.le16(32)
            + B.le32(100) + B.le32(22) + bitmap
        #expect(Self.sniff(ico)?.identifier == "com.microsoft.ico")
        let cur: [UInt8] =
            [0, 0, 2, 0] + B.le16(1) + [16, 16, 0, 0] + B.le16(3) + B.le16(4)
            + B.le32(100) + B.le32(22) + bitmap
        #expect(
            Self.sniff(cur)
                == SniffResult("com.microsoft.cursor", detail: "CUR directory, 1 images")
        )
        let oddBits: [UInt8] =
            [0, 0, 1, 0] + B.le16(1) + [16, 16, 0, 0] + B.le16(1) + B.le16(7) + B.le32(100)
            + B.le32(22)
        #expect(Self.sniff(oddBits) == nil)
        let noImages: [UInt8] = [0, 0, 1, 0] + B.le16(0) + [UInt8](repeating: 0, count: 16)
        #expect(Self.sniff(noImages) == nil)
        let overlapping: [UInt8] =
            [0, 0, 1, 0] + B.le16(2) + [16, 16, 0, 0] + B.le16(1) + B.le16(32)
            + B.le32(100) + B.le32(22)
        #expect(Self.sniff(overlapping) == nil)
        #expect(Self.sniff(B.ascii("FUJIFILMCCD-RAW 0201"))?.identifier == "com.fuji.raw-image")
        // CIFF (CRW): either byte order and any header length before HEAP and CCDR; a TIFF
        // byte-order mark without them is not CIFF.
        let crw = "com.canon.crw-raw-image"
        #expect(Self.sniff(B.ascii("II") + B.le32(26) + B.ascii("HEAPCCDR"))?.identifier == crw)
        #expect(Self.sniff(B.ascii("MM") + B.be32(128) + B.ascii("HEAPCCDR"))?.identifier == crw)
        #expect(Self.sniff(B.ascii("II") + B.le32(26) + B.ascii("HEAPJPGM"))?.identifier != crw)
        #expect(Self.sniff([]) == nil)
        #expect(Self.sniff([0x89]) == nil)
    }

    // TIFF

    /// A little-endian TIFF: header, then IFD0 at 8 with the given entries (tag, type, count,
    /// value), then `tail`.
    static func tiff(
        magic: [UInt8] = [0x49, 0x49, 0x2A, 0x00],
        headerExtra: [UInt8] = [],
        entries: [(UInt16, UInt16, UInt32, UInt32)],
        tail: [UInt8] = []
    ) -> [UInt8] {
        let ifdOffset = UInt32(8 + headerExtra.count)
        var bytes = magic + B.le32(ifdOffset) + headerExtra + B.le16(UInt16(entries.count))
        for (tag, type, count, value) in entries {
            bytes += B.le16(tag) + B.le16(type) + B.le32(count) + B.le32(value)
        }
        return bytes + B.le32(0) + tail
    }

    static func tiffMake(_ make: String, after entries: Int, headerExtra: Int = 0) -> (
        UInt32, [UInt8]
    ) {
        // The Make string sits after the IFD: 8 + extra + 2 + 12 * entries + 4.
        let offset = UInt32(8 + headerExtra + 2 + 12 * entries + 4)
        return (offset, B.ascii(make) + [0])
    }

    @Test func tiffAndRaw() {
        let plain = Self.tiff(entries: [(0x0100, 3, 1, 64), (0x0106, 3, 1, 2)])
        #expect(Self.sniff(plain)?.identifier == "public.tiff")
        let dng = Self.tiff(entries: [(0x0100, 3, 1, 64), (0xC612, 1, 4, 0x0001_0401)])
        #expect(Self.sniff(dng)?.identifier == "com.adobe.raw-image")
        let cr2 = Self.tiff(
            headerExtra: [0x43, 0x52, 0x02, 0x00, 0, 0, 0, 0],
            entries: [(0x0100, 3, 1, 64)]
        )
        #expect(Self.sniff(cr2)?.identifier == "com.canon.cr2-raw-image")
        // The marker in a big-endian file (Tika's rule has both orders; Marcel's fixtures
        // hold one): MM, 42, the first IFD at 16, CR 2 0 at 8.
        let bigEndianCR2: [UInt8] =
            [0x4D, 0x4D, 0, 0x2A] + B.be32(16) + [0x43, 0x52, 0x02, 0x00] + B.be32(0)
            + [0, 1] + [1, 0, 0, 3] + B.be32(1) + [0, 64, 0, 0] + B.be32(0)
        #expect(Self.sniff(bigEndianCR2)?.identifier == "com.canon.cr2-raw-image")
        // Phase One IIQ: a block in the file's byte order after the header, tagged "Raw"
        // (LibRaw); the same bytes without the tag, or in the other order, are a TIFF's.
        let phaseOne = Self.tiff(
            headerExtra: Array("IIII".utf8) + Array("CwaR".utf8) + B.le32(0),
            entries: [(0x0100, 3, 1, 64)]
        )
        #expect(Self.sniff(phaseOne)?.identifier == "com.phaseone.raw-image")
        for extra in ["IIIIxxxx", "IIIIRawC", "MMMMCwaR"] {
            let other = Self.tiff(
                headerExtra: Array(extra.utf8) + B.le32(0),
                entries: [(0x0100, 3, 1, 64)]
            )
            #expect(Self.sniff(other)?.identifier == "public.tiff", "\(extra)")
        }
        let bigEndianPhaseOne: [UInt8] =
            [0x4D, 0x4D, 0, 0x2A] + B.be32(16) + Array("MMMMRawC".utf8) + [0, 1] + [1, 0, 0, 3]
            + B.be32(1) + [0, 64, 0, 0] + B.be32(0)
        #expect(Self.sniff(bigEndianPhaseOne)?.identifier == "com.phaseone.raw-image")
        let (makeOffset, make) = Self.tiffMake("NIKON CORPORATION", after: 2)
        let nef = Self.tiff(
            entries: [(0x010F, 2, 18, makeOffset), (0x0106, 3, 1, 32803)],
            tail: make
        )
        #expect(Self.sniff(nef)?.identifier == "com.nikon.raw-image")
        let nikonTIFF = Self.tiff(
            entries: [(0x010F, 2, 18, makeOffset), (0x0106, 3, 1, 2)],
            tail: make
        )
        #expect(Self.sniff(nikonTIFF)?.identifier == "public.tiff")
        // Raw evidence in a SubIFD only, as in NEF and ARW files.
        let (sonyOffset, sony) = Self.tiffMake("SONY", after: 2)
        let subIFD = UInt32(sonyOffset) + UInt32(sony.count)
        let subEntries: [UInt8] =
            B.le16(1) + B.le16(0x0106) + B.le16(3) + B.le32(1) + B.le32(32803) + B.le32(0)
        let arw = Self.tiff(
            entries: [(0x010F, 2, 5, sonyOffset), (0x014A, 4, 1, subIFD)],
            tail: sony + subEntries
        )
        #expect(Self.sniff(arw)?.identifier == "com.sony.arw-raw-image")
        let unknownMake = Self.tiff(entries: [(0x0103, 3, 1, 34713)])
        #expect(Self.sniff(unknownMake)?.identifier == "public.camera-raw-image")
        let orf = Self.tiff(magic: [0x49, 0x49, 0x52, 0x4F], entries: [(0x0100, 3, 1, 64)])
        #expect(Self.sniff(orf)?.identifier == "com.olympus.raw-image")
        let rw2 = Self.tiff(magic: [0x49, 0x49, 0x55, 0x00], entries: [(0x0100, 3, 1, 64)])
        #expect(Self.sniff(rw2)?.identifier == "com.panasonic.rw2-raw-image")
        let bigEndian: [UInt8] =
            [0x4D, 0x4D, 0, 0x2A] + B.be32(8) + [0, 1] + [1, 0, 0, 3] + B.be32(1)
            + [0, 64, 0, 0] + B.be32(0)
        #expect(Self.sniff(bigEndian)?.identifier == "public.tiff")
        #expect(
            Self.sniff([0x4D, 0x4D, 0x4F, 0x52] + B.be32(8) + [0, 0])?.identifier
                == "com.olympus.raw-image"
        )
        // The four letters with a first IFD past the end of the file (text after "IIRO")
        // are no raw image.
        #expect(Self.sniff([0x4D, 0x4D, 0x4F, 0x52] + B.be32(64) + [0, 0]) == nil)
        #expect(Self.sniff([0x49, 0x49, 0x55, 0x00] + B.le32(4096) + [0, 0]) == nil)
        #expect(Self.sniff(B.ascii("IIRO hello world, this is plain text.\n")) == nil)
    }

    /// Nikon's COOLPIX compacts write NRW, its other cameras (and the COOLPIX A) NEF: the
    /// same TIFF layout, told apart by the Model tag.
    @Test(arguments: [
        ("COOLPIX P7000", "com.nikon.nrw-raw-image"),
        ("COOLPIX B700", "com.nikon.nrw-raw-image"),
        ("COOLPIX A", "com.nikon.raw-image"),
        ("NIKON D850", "com.nikon.raw-image"),
        ("COOLPIX", "com.nikon.raw-image"),
    ])
    func nikonModelTellsNRWFromNEF(model: String, identifier: String) {
        // Make and Model strings follow IFD0's three entries.
        let makeOffset = UInt32(8 + 2 + 12 * 3 + 4)
        let make = B.ascii("NIKON") + [0]
        let modelOffset = makeOffset + UInt32(make.count)
        let modelBytes = B.ascii(model) + [0]
        let bytes = Self.tiff(
            entries: [
                (0x010F, 2, UInt32(make.count), makeOffset),
                (0x0110, 2, UInt32(modelBytes.count), modelOffset),
                (0x0106, 3, 1, 32803),
            ],
            tail: make + modelBytes
        )
        #expect(Self.sniff(bytes)?.identifier == identifier, "\(model)")
    }

    @Test func tiffHostileDirectories() {
        // IFD offset past the end, offset 0, offset inside the header.
        #expect(
            Self.sniff([0x49, 0x49, 0x2A, 0] + B.le32(0xFFFF_FFF0))?.identifier == "public.tiff"
        )
        #expect(Self.sniff([0x49, 0x49, 0x2A, 0] + B.le32(0)) == nil)
        #expect(Self.sniff([0x49, 0x49, 0x2A, 0] + B.le32(2)) == nil)
        // 65,535 entries declared, 1 present.
        let lying: [UInt8] =
            [0x49, 0x49, 0x2A, 0] + B.le32(8) + B.le16(0xFFFF) + B.le16(0xC612)
            + B.le16(1) + B.le32(4) + B.le32(0)
        #expect(Self.sniff(lying)?.identifier == "com.adobe.raw-image")
        // SubIFD that points to IFD0 itself, Make pointer past the end, counts of 2^32 - 1.
        let loop = Self.tiff(entries: [
            (0x014A, 4, 1, 8), (0x010F, 2, 0xFFFF_FFFF, 0xFFFF_FFF0), (0x014A, 4, 0xFFFF_FFFF, 8),
        ])
        #expect(Self.sniff(loop)?.identifier == "public.tiff")
        // BigTIFF: IFD offset 2^64 - 1; entry count 2^64 - 1.
        let big: [UInt8] = [0x49, 0x49, 0x2B, 0] + B.le16(8) + B.le16(0) + B.le64(.max)
        #expect(Self.sniff(big)?.identifier == "public.tiff")
        let bigCount: [UInt8] =
            [0x49, 0x49, 0x2B, 0] + B.le16(8) + B.le16(0) + B.le64(16) + B.le64(.max)
        #expect(Self.sniff(bigCount)?.identifier == "public.tiff")
        #expect(Self.sniff([0x49, 0x49, 0x2B, 0] + B.le16(4) + B.le16(0) + B.le64(16)) == nil)
        #expect(Self.sniff([0x49, 0x49, 0x2A]) == nil)
    }

    // SVG

    @Test func svgPrologs() {
        let cases: [(String, String?)] = [
            ("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "public.svg-image"),
            ("\u{FEFF}  \n<?xml version=\"1.0\"?><!-- a > b --><svg>", "public.svg-image"),
            (
                "<!DOCTYPE svg [ <!ENTITY x \"<>\"> ]>\n<?pi x?><svg:svg xmlns:svg=\"x\">",
                "public.svg-image"
            ),
            ("<?xml version=\"1.0\"?><html><svg/></html>", nil),
            ("<!-- unterminated comment <svg>", nil),
            ("<svgfoo/>", nil),
            ("<svg", nil),
            ("hello <svg>", nil),
        ]
        for (text, expected) in cases {
            #expect(Self.sniff(B.ascii(text))?.identifier == expected, "\(text)")
        }
        // A thousand comments before the root: the prolog walk gives up, libmagic decides.
        let comments = String(repeating: "<!-- x -->", count: 2_000) + "<svg/>"
        #expect(Self.sniff(B.ascii(comments)) == nil)
    }

    // Hostile variants of real files

    @Test func mutatedFixturesNeverTrap() throws {
        let fixtures = try ImageContainerTextSupport.fixtures()
        var runs = 0
        for (index, fixture) in fixtures.enumerated()
        where Self.imageIdentifiers.contains(fixture.identifier) {
            let bytes = try ImageContainerTextSupport.bytes(of: fixture)
            let copies = ImageContainerTextSupport.mutations(
                of: bytes,
                seed: UInt64(index) &+ 0x1234,
                flips: 40
            )
            for copy in copies {
                let result = ImageSniffer.sniff(ImageContainerTextSupport.input(copy))
                if let result { #expect(!result.identifier.isEmpty) }
                runs += 1
            }
        }
        #expect(runs >= 300)
    }
}
