import Foundation
import MediaClassification
import TestSupport
import Testing

// MARK: - Byte builders

private func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
private func be32(_ value: UInt32) -> [UInt8] {
    (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) }
}
private func be64(_ value: UInt64) -> [UInt8] {
    (0..<8).map { UInt8((value >> (56 - 8 * $0)) & 0xFF) }
}
private func le16(_ value: UInt16) -> [UInt8] { be16(value).reversed() }
private func le32(_ value: UInt32) -> [UInt8] { be32(value).reversed() }
private func le64(_ value: UInt64) -> [UInt8] { be64(value).reversed() }
private func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

/// An ISO-BMFF box with a 32-bit size.
private func box(_ type: String, _ payload: [UInt8] = []) -> [UInt8] {
    be32(UInt32(8 + payload.count)) + ascii(type) + payload
}

private func ftyp(_ major: String, _ compatible: [String] = []) -> [UInt8] {
    box("ftyp", ascii(major) + be32(0x200) + compatible.flatMap(ascii))
}

/// A `trak` with an `mdia/hdlr` of `handler` and an `stsd` whose first entry is `entry`.
private func trak(_ handler: String, entry: String) -> [UInt8] {
    let hdlr = box(
        "hdlr",
        [0, 0, 0, 0] + be32(0) + ascii(handler) + [UInt8](repeating: 0, count: 13)
    )
    let stsd = box("stsd", [0, 0, 0, 0] + be32(1) + box(entry, [UInt8](repeating: 0, count: 8)))
    let minf = box("minf", box("stbl", stsd))
    return box("trak", box("tkhd", [UInt8](repeating: 0, count: 84)) + box("mdia", hdlr + minf))
}

private func moov(_ tracks: [UInt8]...) -> [UInt8] {
    box("moov", box("mvhd", [UInt8](repeating: 0, count: 100)) + tracks.flatMap { $0 })
}

/// An EBML element whose size is written as an 8-byte variable-length integer.
private func ebml(_ id: [UInt8], _ payload: [UInt8]) -> [UInt8] {
    id + [0x01] + Array(be64(UInt64(payload.count)).dropFirst()) + payload
}

private let unknownSize: [UInt8] = [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]

private func ebmlHeader(_ docType: String) -> [UInt8] {
    ebml([0x1A, 0x45, 0xDF, 0xA3], ebml([0x42, 0x86], [1]) + ebml([0x42, 0x82], ascii(docType)))
}

private func tracks(_ types: [UInt8]) -> [UInt8] {
    ebml(
        [0x16, 0x54, 0xAE, 0x6B],
        types.flatMap { ebml([0xAE], ebml([0xD7], [1]) + ebml([0x83], [$0])) }
    )
}

private func matroska(_ docType: String, _ types: [UInt8]) -> [UInt8] {
    let info = ebml([0x15, 0x49, 0xA9, 0x66], ebml([0x2A, 0xD7, 0xB1], be32(1_000_000)))
    let cluster = ebml(
        [0x1F, 0x43, 0xB6, 0x75],
        ebml([0xE7], [0]) + [UInt8](repeating: 0xA3, count: 64)
    )
    return ebmlHeader(docType) + ebml([0x18, 0x53, 0x80, 0x67], info + tracks(types) + cluster)
}

private func oggPage(beginning: Bool, serial: UInt32, _ packet: [UInt8]) -> [UInt8] {
    ascii("OggS") + [0, beginning ? 0x02 : 0x00] + le64(0) + le32(serial) + le32(0)
        + le32(0) + [1, UInt8(packet.count)] + packet
}

private let asfHeaderGUID: [UInt8] = [
    0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11, 0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C,
]
private let asfStreamGUID: [UInt8] = [
    0x91, 0x07, 0xDC, 0xB7, 0xB7, 0xA9, 0xCF, 0x11, 0x8E, 0xE6, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65,
]
private let asfAudioGUID: [UInt8] = [
    0x40, 0x9E, 0x69, 0xF8, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B,
]
private let asfVideoGUID: [UInt8] = [
    0xC0, 0xEF, 0x19, 0xBC, 0x4D, 0x5B, 0xCF, 0x11, 0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B,
]

private func asf(_ streamTypes: [[UInt8]]) -> [UInt8] {
    let objects = streamTypes.flatMap { type -> [UInt8] in
        let body = type + [UInt8](repeating: 0, count: 16 + 8 + 4 + 4 + 2 + 4)
        return asfStreamGUID + le64(UInt64(24 + body.count)) + body
    }
    let header =
        asfHeaderGUID + le64(UInt64(30 + objects.count)) + le32(UInt32(streamTypes.count)) + [1, 2]
    return header + objects + [UInt8](repeating: 0, count: 64)
}

/// MPEG-1 layer III, 128 kbit/s, 44.1 kHz, no padding: 417 bytes a frame.
private func mp3Frames(_ count: Int) -> [UInt8] {
    (0..<count).flatMap { _ in [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0x55, count: 413) }
}

/// An ID3v2.4 tag with a body of `size` bytes.
private func id3(_ size: Int) -> [UInt8] {
    let syncsafe = (0..<4).map { UInt8((size >> (21 - 7 * $0)) & 0x7F) }
    return ascii("ID3") + [4, 0, 0] + syncsafe + [UInt8](repeating: 0, count: size)
}

private func adtsFrames(_ count: Int, length: Int = 200) -> [UInt8] {
    (0..<count).flatMap { _ -> [UInt8] in
        let header: [UInt8] = [
            0xFF, 0xF1, 0x50, 0x80 | UInt8((length >> 11) & 0x03), UInt8((length >> 3) & 0xFF),
            UInt8((length & 0x07) << 5) | 0x1F, 0xFC,
        ]
        return header + [UInt8](repeating: 0x21, count: max(0, length - 7))
    }
}

/// AC-3 at 48 kHz, 128 kbit/s (512 bytes a frame), or E-AC-3 frames of 512 bytes.
private func ac3Frames(_ count: Int, enhanced: Bool = false) -> [UInt8] {
    (0..<count).flatMap { _ -> [UInt8] in
        let header: [UInt8] =
            enhanced
            ? [0x0B, 0x77, 0x00, 0xFF, 0x3F, 16 << 3]  // frmsiz 255 -> 512 bytes, bsid 16
            : [0x0B, 0x77, 0x12, 0x34, 0x10, 8 << 3]  // fscod 0, frmsizecod 16, bsid 8
        return header + [UInt8](repeating: 0, count: 506)
    }
}

private func tsPackets(_ count: Int, prefix: Bool = false) -> [UInt8] {
    (0..<count).flatMap { index -> [UInt8] in
        (prefix ? be32(UInt32(index)) : [])
            + [0x47, 0x41, 0x00, 0x10 | UInt8(index & 0x0F)] + [UInt8](repeating: 0xFF, count: 184)
    }
}

private let h264Stream: [UInt8] =
    [0, 0, 0, 1, 0x67, 0x64, 0x00, 0x0A, 0xAC, 0xD9, 0x41, 0x41, 0xFB, 0x01, 0x10]
    + [0, 0, 0, 1, 0x68, 0xEB, 0xE3, 0xCB, 0x22, 0xC0]
    + [0, 0, 1, 0x06, 0x05, 0x11, 0x22] + [0, 0, 1, 0x65, 0x88, 0x84, 0x00, 0x33, 0xFF]

private let h265Stream: [UInt8] =
    [0, 0, 0, 1, 0x40, 0x01, 0x0C, 0x01, 0xFF, 0xFF] + [0, 0, 0, 1, 0x42, 0x01, 0x01, 0x01, 0x60]
    + [0, 0, 0, 1, 0x44, 0x01, 0xC1, 0x72] + [0, 0, 0, 1, 0x28, 0x01, 0xAF, 0x1D, 0x20]

private let mpeg2Pack: [UInt8] =
    [0, 0, 1, 0xBA, 0x44, 0x00, 0x04, 0x00, 0x04, 0x01, 0x01, 0x89, 0xC3, 0xF8]
    + [0, 0, 1, 0xBB, 0x00, 0x12] + [UInt8](repeating: 0xFF, count: 32)

// MARK: - Inputs

private func sniff(_ bytes: [UInt8]) -> SniffResult? {
    MediaSniffer.sniff(SniffInput(bytes: bytes))
}

/// Counts the reads that a sniffer makes beyond the head.
private typealias ReadCounter = ImageContainerTextSupport.ReadCounter

/// A large, mostly sparse file: `parts` placed at offsets, zeros elsewhere, 64 KiB head.
private func sparseInput(
    size: UInt64,
    parts: [(UInt64, [UInt8])],
    counter: ReadCounter? = nil
) -> SniffInput {
    let read: @Sendable (UInt64, Int) -> [UInt8]? = { offset, count in
        counter?.increment()
        guard offset < size else { return [] }
        let length = Int(min(UInt64(count), size - offset))
        var bytes = [UInt8](repeating: 0, count: length)
        for (start, part) in parts {
            let partEnd = start + UInt64(part.count)
            guard start < offset + UInt64(length), partEnd > offset else { continue }
            let from = max(start, offset)
            let to = min(partEnd, offset + UInt64(length))
            let target = Int(from - offset)..<Int(to - offset)
            bytes.replaceSubrange(target, with: part[Int(from - start)..<Int(to - start)])
        }
        return bytes
    }
    let head = read(0, Int(min(size, 65_536))) ?? []
    return SniffInput(head: head, fileSize: size, reader: read)
}

/// Every identifier the media sniffers return.
private let mediaIdentifiers: Set<String> = [
    "public.mpeg-4", "public.mpeg-4-audio", "com.apple.m4a-audio", "com.apple.m4v-video",
    "com.apple.protected-mpeg-4-audio", "com.apple.protected-mpeg-4-audio-b",
    "com.apple.protected-mpeg-4-video", "com.apple.quicktime-movie", "com.apple.quicktime-audio",
    "public.3gpp", "public.3gpp2", "org.3gpp.3gpp-audio", "org.3gpp2.3gpp2-audio",
    "com.adobe.f4v-video", "public.heic", "public.heics", "public.heif", "public.heifs",
    "public.avif", "org.aomedia.avif-sequence", "public.avci", "public.avcs", "public.jpeg-xl",
    "org.webmproject.webm", "org.webmproject.webm-audio", "org.matroska.mkv", "org.matroska.mka",
    "com.adobe.flash.audio", "org.iso.mpeg-2-transport-stream-audio",
    "org.iso.mpeg-program-stream-audio", "com.microsoft.avi-audio", "org.smpte.mxf",
    "org.smpte.mxf-audio", "com.microsoft.windows-media-wmv", "com.microsoft.windows-media-wma",
    "com.microsoft.advanced-systems-format", "org.xiph.vorbis", "org.xiph.opus",
    "org.xiph.ogg-flac", "org.xiph.theora", "org.xiph.speex", "org.xiph.ogg",
    "org.xiph.ogg-audio", "org.xiph.ogg-video", "com.microsoft.waveform-audio", "public.avi",
    "public.aiff-audio", "public.aifc-audio", "com.apple.coreaudio-format", "org.xiph.flac",
    "public.mp3", "public.mp2", "public.aac-audio", "public.ac3-audio",
    "public.enhanced-ac3-audio", "org.3gpp.adaptive-multi-rate-audio", "com.dts.dts-audio",
    "com.dts.dts-hd-audio", "public.mpeg-2-transport-stream",
    "public.avchd-mpeg-2-transport-stream", "public.mpeg",
    "org.itu.h264-stream", "org.itu.hevc-stream", "com.adobe.flash.video", "org.ffmpeg.nut",
    "org.ffmpeg.nut-audio", "org.iso.mpeg-4-segment",
]

// MARK: - Tests

/// Fixtures whose sniffer answer deliberately differs from the manifest, each with the
/// identifier the sniffers' specification asks for (none at present).
private let specifiedOverManifest: [String: String] = [:]

@Suite struct MediaSnifferFixtureTests {
    @Test func fixturesGetTheirManifestIdentifier() throws {
        let entries = try Fixture.all()
        #expect(!entries.isEmpty)
        for entry in entries {
            let bytes = try ImageContainerTextSupport.bytes(of: entry)
            let result = MediaSniffer.sniff(ImageContainerTextSupport.input(bytes))
            if let animated = entry.animated, let result {
                #expect(result.isAnimated == animated, "\(entry.file): animated")
            }
            if let specified = specifiedOverManifest[entry.file] {
                #expect(
                    result?.identifier == specified,
                    "\(entry.file): \(result?.detail ?? "nil")"
                )
            } else if mediaIdentifiers.contains(entry.identifier) {
                #expect(
                    result?.identifier == entry.identifier,
                    "\(entry.file): \(result?.detail ?? "nil")"
                )
            } else if let result {
                #expect(result.identifier == entry.identifier, "\(entry.file): \(result.detail)")
            }
        }
    }
}

@Suite struct ISOBMFFSnifferTests {
    @Test func audioOnlyMP4IsAudio() {
        let file = ftyp("isom", ["isom", "iso2", "mp41"]) + moov(trak("soun", entry: "mp4a"))
        #expect(sniff(file)?.identifier == "public.mpeg-4-audio")
    }

    @Test func videoMP4IsMovie() {
        let file =
            ftyp("mp42", ["isom"]) + moov(trak("vide", entry: "avc1"), trak("soun", entry: "mp4a"))
        #expect(sniff(file)?.identifier == "public.mpeg-4")
    }

    @Test func brandsDecideTheMovieFamily() {
        let video = moov(trak("vide", entry: "avc1"), trak("soun", entry: "mp4a"))
        let audio = moov(trak("soun", entry: "mp4a"))
        #expect(sniff(ftyp("mp42", ["mp42", "M4V "]) + video)?.identifier == "com.apple.m4v-video")
        #expect(sniff(ftyp("M4V ", ["isom"]) + video)?.identifier == "com.apple.m4v-video")
        #expect(sniff(ftyp("isom", ["M4A ", "mp42"]) + audio)?.identifier == "com.apple.m4a-audio")
        #expect(sniff(ftyp("M4A ") + audio)?.identifier == "com.apple.m4a-audio")
        #expect(sniff(ftyp("qt  ") + video)?.identifier == "com.apple.quicktime-movie")
        #expect(sniff(ftyp("qt  ") + audio)?.identifier == "com.apple.quicktime-audio")
        // Sony's Mobile QuickTime (.mqv) is QuickTime too.
        #expect(sniff(ftyp("mqt ") + video)?.identifier == "com.apple.quicktime-movie")
        #expect(sniff(ftyp("3gp5") + video)?.identifier == "public.3gpp")
        #expect(sniff(ftyp("3gp5") + audio)?.identifier == "org.3gpp.3gpp-audio")
        #expect(sniff(ftyp("3g2a") + video)?.identifier == "public.3gpp2")
        #expect(sniff(ftyp("3g2a") + audio)?.identifier == "org.3gpp2.3gpp2-audio")
        #expect(sniff(ftyp("f4v ") + video)?.identifier == "com.adobe.f4v-video")
        #expect(sniff(ftyp("F4V ") + video)?.identifier == "com.adobe.f4v-video")
        #expect(sniff(ftyp("f4a ") + audio)?.identifier == "public.mpeg-4-audio")
    }

    @Test func audiobooksAreProtectedOnlyWithDRM() {
        let plain = ftyp("M4B ", ["isom"]) + moov(trak("soun", entry: "mp4a"))
        let protected = ftyp("M4B ", ["isom"]) + moov(trak("soun", entry: "drms"))
        #expect(sniff(plain)?.identifier == "public.mpeg-4-audio")
        #expect(sniff(protected)?.identifier == "com.apple.protected-mpeg-4-audio-b")
        let m4p = ftyp("M4P ") + moov(trak("soun", entry: "drms"))
        #expect(sniff(m4p)?.identifier == "com.apple.protected-mpeg-4-audio")
    }

    @Test func chapterArtworkDoesNotMakeAnM4AAMovie() {
        let file = ftyp("M4A ") + moov(trak("soun", entry: "mp4a"), trak("vide", entry: "jpeg"))
        #expect(sniff(file)?.identifier == "com.apple.m4a-audio")
        let movie = ftyp("M4A ") + moov(trak("soun", entry: "mp4a"), trak("vide", entry: "avc1"))
        #expect(sniff(movie)?.identifier == "public.mpeg-4")
    }

    @Test func imageBrands() {
        #expect(sniff(ftyp("heic", ["mif1", "heic"]))?.identifier == "public.heic")
        #expect(sniff(ftyp("mif1", ["mif1", "heic"]))?.identifier == "public.heic")
        #expect(sniff(ftyp("mif1", ["mif1"]))?.identifier == "public.heif")
        #expect(sniff(ftyp("msf1", ["msf1", "hevc"]))?.identifier == "public.heics")
        #expect(sniff(ftyp("msf1", ["msf1"]))?.identifier == "public.heifs")
        #expect(sniff(ftyp("hevc", ["msf1"]))?.identifier == "public.heics")
        #expect(sniff(ftyp("avif", ["avif", "mif1", "miaf"]))?.identifier == "public.avif")
        #expect(sniff(ftyp("avis", ["avis", "msf1"]))?.identifier == "org.aomedia.avif-sequence")
        #expect(sniff(ftyp("avis", ["avis", "msf1"]))?.isAnimated == true)
        #expect(sniff(ftyp("avif", ["avif", "mif1"]))?.isAnimated == false)
        #expect(sniff(ftyp("avci", ["mif1"]))?.identifier == "public.avci")
        #expect(sniff(ftyp("avcs", ["msf1"]))?.identifier == "public.avcs")
        // The other types the brands declare are alternatives for a name to pick.
        #expect(sniff(ftyp("heic", ["mif1", "heic"]))?.alternatives == ["public.heif"])
        #expect(
            sniff(ftyp("msf1", ["msf1", "hevc", "heic", "mif1"]))?.alternatives
                == ["public.heic", "public.heif", "public.heifs"]
        )
        #expect(sniff(ftyp("mif1", ["mif1"]))?.alternatives == [])
        #expect(
            sniff(ftyp("avis", ["avif", "avis", "msf1", "mif1"]))?.alternatives == ["public.avif"]
        )
    }

    @Test func jpegXL() {
        let container =
            [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
            + box(
                "ftyp",
                ascii("jxl ")
                    + be32(0) + ascii("jxl ")
            )
        #expect(sniff(container)?.identifier == "public.jpeg-xl")
        #expect(
            sniff([0xFF, 0x0A, 0xFA, 0x7F, 0x01, 0x90, 0x08, 0x06, 0x01])?.identifier
                == "public.jpeg-xl"
        )
    }

    @Test func quickTimeWithoutFileType() {
        let file = box("wide") + box("mdat", [1, 2, 3, 4]) + moov(trak("vide", entry: "avc1"))
        #expect(sniff(file)?.identifier == "com.apple.quicktime-movie")
        let audio = box("free", [0, 0]) + moov(trak("soun", entry: "lpcm"))
        #expect(sniff(audio)?.identifier == "com.apple.quicktime-audio")
        // A `free` box followed by bytes that are not a box is not claimed.
        #expect(
            sniff(
                box("free") + [0x00, 0x00, 0x00, 0x10, 0xFF, 0xFE, 0x01, 0x02]
                    + [UInt8](repeating: 0, count: 8)
            ) == nil
        )
        #expect(sniff(box("mdat", [1, 2, 3])) == nil)
    }

    @Test func unknownAndStillImageBrandsAreLeftToLibmagic() {
        #expect(sniff(ftyp("crx ", ["crx ", "isom"]) + moov(trak("vide", entry: "CRAW"))) == nil)
        #expect(sniff(ftyp("zzzz", ["yyyy"]) + moov(trak("vide", entry: "avc1"))) == nil)
    }

    @Test func moovAtTheEndOfAHugeFileBehindA64BitMdat() {
        let counter = ReadCounter()
        let head = ftyp("isom", ["isom", "mp41"])
        let mdatSize: UInt64 = 10 << 30
        let mdat = be32(1) + ascii("mdat") + be64(mdatSize)
        let tail = moov(trak("soun", entry: "mp4a"))
        let moovOffset = UInt64(head.count) + mdatSize
        let input = sparseInput(
            size: moovOffset + UInt64(tail.count),
            parts: [(0, head + mdat), (moovOffset, tail)],
            counter: counter
        )
        #expect(MediaSniffer.sniff(input)?.identifier == "public.mpeg-4-audio")
        #expect(counter.count <= 3)
    }

    @Test func hostileBoxSizes() {
        let brand = ftyp("isom", ["isom"])
        // Size 0: the mdat runs to the end, no moov: the brand decides.
        let toEnd = sniff(brand + be32(0) + ascii("mdat") + [1, 2, 3])
        #expect(toEnd?.identifier == "public.mpeg-4")
        #expect(toEnd?.detail.contains("brand alone") == true)
        // 64-bit size of 2^64-1.
        #expect(
            sniff(brand + be32(1) + ascii("mdat") + be64(.max) + [1, 2])?.identifier
                == "public.mpeg-4"
        )
        // A 64-bit size smaller than its own header.
        #expect(sniff(brand + be32(1) + ascii("mdat") + be64(3))?.identifier == "public.mpeg-4")
        // A size pointing past the end, and a size below 8.
        #expect(sniff(brand + be32(0xFFFF_FFF0) + ascii("mdat"))?.identifier == "public.mpeg-4")
        #expect(sniff(brand + be32(3) + ascii("moov"))?.identifier == "public.mpeg-4")
        // A moov whose trak claims more than the moov holds.
        let broken = brand + box("moov", be32(0x7FFF_FFFF) + ascii("trak") + [0, 0, 0, 0])
        #expect(sniff(broken)?.identifier == "public.mpeg-4")
        // An ftyp too large or too small to be one.
        #expect(sniff(be32(0xFFFF_FFFF) + ascii("ftyp") + ascii("isom") + be32(0)) == nil)
        #expect(sniff(be32(12) + ascii("ftyp") + ascii("isom")) == nil)
        #expect(sniff(be32(8) + ascii("ftyp")) == nil)
    }

    @Test func aMillionTinyBoxesStopAtTheCap() {
        let brand = ftyp("isom", ["isom"])
        var file = brand + [UInt8](repeating: 0, count: 8 * 1_000_000)
        file.withUnsafeMutableBufferPointer { buffer in
            for start in stride(from: brand.count, to: buffer.count, by: 8) {
                buffer[start + 3] = 8
                buffer[start + 4] = 0x66  // "free"
                buffer[start + 5] = 0x72
                buffer[start + 6] = 0x65
                buffer[start + 7] = 0x65
            }
        }
        file += moov(trak("soun", entry: "mp4a"))
        let result = sniff(file)
        #expect(result?.identifier == "public.mpeg-4")
        #expect(result?.detail.contains("brand alone") == true)
        // Ten thousand empty traks inside one moov are visited up to the cap.
        let many = Array(repeatElement(box("trak"), count: 20_000).joined())
        #expect(sniff(ftyp("isom") + box("moov", many))?.identifier == "public.mpeg-4")
    }
}

@Suite struct MatroskaSnifferTests {
    @Test func docTypeAndTrackTypes() {
        #expect(sniff(matroska("webm", [1, 2]))?.identifier == "org.webmproject.webm")
        #expect(sniff(matroska("webm", [2]))?.identifier == "org.webmproject.webm-audio")
        #expect(sniff(matroska("matroska", [1, 2, 17]))?.identifier == "org.matroska.mkv")
        #expect(sniff(matroska("matroska", [2, 2]))?.identifier == "org.matroska.mka")
        #expect(sniff(matroska("matroska", [17]))?.identifier == "org.matroska.mkv")
        #expect(sniff(matroska("mkvfoo", [1])) == nil)
    }

    @Test func seekHeadLeadsPastAnUnknownSizeCluster() {
        let header = ebmlHeader("webm")
        let cluster =
            [0x1F, 0x43, 0xB6, 0x75] + unknownSize + ebml([0xE7], [0])
            + [UInt8](repeating: 0xA3, count: 100)
        let tracksElement = tracks([2])
        // Segment data: SeekHead (fixed 8-byte position), Cluster of unknown size, Tracks.
        func seekHead(_ position: UInt64) -> [UInt8] {
            ebml(
                [0x11, 0x4D, 0x9B, 0x74],
                ebml(
                    [0x4D, 0xBB],
                    ebml([0x53, 0xAB], [0x16, 0x54, 0xAE, 0x6B])
                        + ebml([0x53, 0xAC], be64(position))
                )
            )
        }
        let seekLength = seekHead(0).count
        let data = seekHead(UInt64(seekLength + cluster.count)) + cluster + tracksElement
        let file = header + [0x18, 0x53, 0x80, 0x67] + unknownSize + data
        #expect(sniff(file)?.identifier == "org.webmproject.webm-audio")
        // A SeekPosition pointing far past the end, or overflowing: DocType alone.
        let lost = header + [0x18, 0x53, 0x80, 0x67] + unknownSize + seekHead(.max - 3) + cluster
        let result = sniff(lost)
        #expect(result?.identifier == "org.webmproject.webm")
        #expect(result?.detail.contains("no readable Tracks") == true)
    }

    @Test func hostileElements() {
        // An EBML header of unknown size.
        #expect(
            sniff([0x1A, 0x45, 0xDF, 0xA3] + unknownSize + ebml([0x42, 0x82], ascii("webm"))) == nil
        )
        // A zero byte where an ID should start.
        #expect(sniff([0x1A, 0x45, 0xDF, 0xA3, 0x84, 0x00, 0x00, 0x00, 0x00]) == nil)
        // A DocType longer than the file.
        #expect(sniff([0x1A, 0x45, 0xDF, 0xA3, 0x88, 0x42, 0x82, 0x88] + ascii("web")) == nil)
        // A hundred thousand Void elements before the Tracks: capped, DocType decides.
        let voids = Array(repeatElement([UInt8]([0xEC, 0x80]), count: 100_000).joined())
        let file = ebmlHeader("matroska") + ebml([0x18, 0x53, 0x80, 0x67], voids + tracks([2]))
        #expect(sniff(file)?.identifier == "org.matroska.mkv")
        // A Tracks element whose size runs past the end is clamped.
        let clamped =
            ebmlHeader("webm")
            + ebml(
                [0x18, 0x53, 0x80, 0x67],
                [0x16, 0x54, 0xAE, 0x6B, 0x01, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF]
                    + ebml([0xAE], ebml([0x83], [2]))
            )
        #expect(sniff(clamped)?.identifier == "org.webmproject.webm-audio")
    }
}

@Suite struct ASFSnifferTests {
    @Test func streamTypes() {
        #expect(
            sniff(asf([asfAudioGUID, asfVideoGUID]))?.identifier
                == "com.microsoft.windows-media-wmv"
        )
        #expect(sniff(asf([asfAudioGUID]))?.identifier == "com.microsoft.windows-media-wma")
        #expect(sniff(asf([]))?.identifier == "com.microsoft.advanced-systems-format")
    }

    /// A video Stream Properties object whose `BITMAPINFOHEADER` names `code`: width and
    /// height, a flags byte, the format data size, then the header with the code at 16.
    private func videoStream(_ code: String) -> [UInt8] {
        let bitmapInfo =
            le32(40) + le32(64) + le32(48) + le16(1) + le16(24) + ascii(code)
            + [UInt8](repeating: 0, count: 20)
        let specific = le32(64) + le32(48) + [2] + le16(UInt16(bitmapInfo.count)) + bitmapInfo
        let body =
            asfVideoGUID + [UInt8](repeating: 0, count: 16 + 8) + le32(UInt32(specific.count))
            + le32(0) + le16(1) + le32(0) + specific
        return asfStreamGUID + le64(UInt64(24 + body.count)) + body
    }

    private func asfFile(_ objects: [UInt8], count: UInt32) -> [UInt8] {
        asfHeaderGUID + le64(UInt64(30 + objects.count)) + le32(count) + [1, 2] + objects
            + [UInt8](repeating: 0, count: 64)
    }

    @Test("Video is WMV when its codec is Windows Media Video, ASF video when it names another")
    func videoCodec() {
        for code in ["WMV1", "WMV2", "WMV3", "WVC1", "wmv3"] {
            #expect(
                sniff(asfFile(videoStream(code), count: 1))?.identifier
                    == "com.microsoft.windows-media-wmv",
                "\(code)"
            )
        }
        for code in ["MP43", "MP4S", "H264"] {
            #expect(
                sniff(asfFile(videoStream(code), count: 1))?.identifier
                    == "com.microsoft.advanced-systems-format.video",
                "\(code)"
            )
        }
        // One Windows Media Video stream among others decides; an unprintable code is unread.
        #expect(
            sniff(asfFile(videoStream("MP43") + videoStream("WMV2"), count: 2))?.identifier
                == "com.microsoft.windows-media-wmv"
        )
        #expect(
            sniff(asfFile(videoStream("\u{1}\u{2}\u{3}\u{4}"), count: 1))?.identifier
                == "com.microsoft.windows-media-wmv"
        )
    }

    @Test func streamPropertiesInsideTheHeaderExtension() {
        let extensionGUID: [UInt8] = [
            0xB5, 0x03, 0xBF, 0x5F, 0x2E, 0xA9, 0xCF, 0x11, 0x8E, 0xE3, 0x00, 0xC0, 0x0C, 0x20,
            0x53,
            0x65,
        ]
        let extendedGUID: [UInt8] = [
            0xCB, 0xA5, 0xE6, 0x14, 0x72, 0xC6, 0x32, 0x43, 0x83, 0x99, 0xA9, 0x69, 0x52, 0x06,
            0x5B,
            0x5A,
        ]
        let embedded =
            asfStreamGUID + le64(24 + 16 + 38) + asfVideoGUID + [UInt8](repeating: 0, count: 38)
        // Fixed fields with one stream name (4 + 3 bytes) and no payload extension systems.
        let fixed =
            [UInt8](repeating: 0, count: 60) + le16(1) + le16(0) + [0, 0] + le16(3) + ascii("cam")
        let extended =
            extendedGUID + le64(UInt64(24 + fixed.count + embedded.count)) + fixed + embedded
        let data = extended
        let headerExtension =
            extensionGUID + le64(UInt64(46 + data.count)) + [UInt8](repeating: 0, count: 18)
            + le32(UInt32(data.count)) + data
        let audioStream =
            asfStreamGUID + le64(24 + 16 + 38) + asfAudioGUID + [UInt8](repeating: 0, count: 38)
        let objects = audioStream + headerExtension
        let file = asfHeaderGUID + le64(UInt64(30 + objects.count)) + le32(2) + [1, 2] + objects
        #expect(sniff(file)?.identifier == "com.microsoft.windows-media-wmv")
        // Without the embedded object it is audio only; with a stream name running past the end,
        // the embedded object is not trusted.
        let short =
            asfHeaderGUID + le64(UInt64(30 + audioStream.count)) + le32(1) + [1, 2] + audioStream
        #expect(sniff(short)?.identifier == "com.microsoft.windows-media-wma")
        var broken = file
        let nameLength = 30 + audioStream.count + 46 + 24 + 64 + 2
        broken[nameLength] = 0xFF
        broken[nameLength + 1] = 0xFF
        #expect(sniff(broken)?.identifier == "com.microsoft.windows-media-wma")
    }

    @Test func hostileObjects() {
        // An object of size 0 stops the walk; a header size below 30 is refused.
        let zero =
            asfHeaderGUID + le64(1000) + le32(5) + [1, 2] + asfStreamGUID + le64(0) + asfVideoGUID
        #expect(sniff(zero)?.identifier == "com.microsoft.advanced-systems-format")
        #expect(sniff(asfHeaderGUID + le64(3) + le32(1) + [1, 2]) == nil)
        // A header size and object count of 2^64-1 and 2^32-1 over a short file.
        let huge =
            asfHeaderGUID + le64(.max) + le32(.max) + [1, 2] + asfStreamGUID + le64(64)
            + asfAudioGUID + [UInt8](repeating: 0, count: 24)
        #expect(sniff(huge)?.identifier == "com.microsoft.windows-media-wma")
    }
}

@Suite struct OggSnifferTests {
    @Test func firstPacketsOfEachStream() {
        let vorbis = oggPage(beginning: true, serial: 1, [1] + ascii("vorbis") + [0, 0, 0, 0])
        let theora = oggPage(beginning: true, serial: 2, [0x80] + ascii("theora") + [3, 2, 1])
        let opus = oggPage(beginning: true, serial: 3, ascii("OpusHead") + [1, 2])
        let flac = oggPage(beginning: true, serial: 4, [0x7F] + ascii("FLAC") + [1, 0])
        let speex = oggPage(beginning: true, serial: 5, ascii("Speex   1.2"))
        let data = oggPage(beginning: false, serial: 1, [1, 2, 3])
        #expect(sniff(vorbis + data)?.identifier == "org.xiph.vorbis")
        #expect(sniff(vorbis + theora + data)?.identifier == "org.xiph.theora")
        #expect(sniff(opus + data)?.identifier == "org.xiph.opus")
        #expect(sniff(flac)?.identifier == "org.xiph.ogg-flac")
        #expect(sniff(speex)?.identifier == "org.xiph.speex")
        #expect(sniff(vorbis + opus)?.identifier == "org.xiph.ogg-audio")
        #expect(
            sniff(oggPage(beginning: true, serial: 9, ascii("whatever")))?.identifier
                == "org.xiph.ogg"
        )
    }

    @Test func hostilePages() {
        // The first page is not a beginning of stream, or is truncated in its segment table.
        #expect(sniff(oggPage(beginning: false, serial: 1, ascii("OpusHead"))) == nil)
        #expect(
            sniff(ascii("OggS") + [0, 2] + [UInt8](repeating: 0, count: 20) + [255, 255]) == nil
        )
        // Segment lengths claiming more than the file holds.
        let claim =
            ascii("OggS") + [0, 2] + [UInt8](repeating: 0, count: 20) + [2, 255, 255]
            + ascii("OpusHead")
        #expect(sniff(claim)?.identifier == "org.xiph.opus")
    }
}

@Suite struct ChunkedContainerTests {
    @Test func riffAndIFFForms() {
        let chunk = ascii("fmt ") + le32(16) + [UInt8](repeating: 1, count: 16)
        #expect(
            sniff(ascii("RIFF") + le32(28) + ascii("WAVE") + chunk)?.identifier
                == "com.microsoft.waveform-audio"
        )
        #expect(
            sniff(ascii("RF64") + le32(.max) + ascii("WAVE") + ascii("ds64") + le32(0))?.identifier
                == "com.microsoft.waveform-audio"
        )
        #expect(
            sniff(ascii("RIFF") + le32(100) + ascii("AVI ") + ascii("LIST") + le32(4))?.identifier
                == "public.avi"
        )
        #expect(
            sniff(ascii("RIFX") + be32(28) + ascii("WAVE") + ascii("fmt ") + be32(16))?.identifier
                == "com.microsoft.waveform-audio"
        )
        #expect(sniff(ascii("RIFF") + le32(100) + ascii("WEBP") + ascii("VP8 ") + le32(4)) == nil)
        #expect(sniff(ascii("RIFF") + le32(100) + ascii("WAVE") + [0xFF, 0, 0, 1]) == nil)
        #expect(
            sniff(ascii("FORM") + be32(100) + ascii("AIFF") + ascii("COMM"))?.identifier
                == "public.aiff-audio"
        )
        #expect(
            sniff(ascii("FORM") + be32(100) + ascii("AIFC") + ascii("FVER"))?.identifier
                == "public.aifc-audio"
        )
        #expect(sniff(ascii("FORM") + be32(100) + ascii("8SVX") + ascii("VHDR")) == nil)
    }

    @Test func flashVideo() {
        #expect(
            sniff(ascii("FLV") + [1, 5] + be32(9) + be32(0))?.identifier == "com.adobe.flash.video"
        )
        #expect(sniff(ascii("FLV") + [1, 0xFF] + be32(9) + be32(0)) == nil)
        #expect(sniff(ascii("FLV") + [1, 1] + be32(0xFFFF_FFFF) + be32(0)) == nil)
    }
}

@Suite struct AudioStreamSnifferTests {
    @Test func framedStreams() {
        #expect(sniff(mp3Frames(5))?.identifier == "public.mp3")
        #expect(sniff(id3(1000) + mp3Frames(2))?.identifier == "public.mp3")
        #expect(sniff(adtsFrames(4))?.identifier == "public.aac-audio")
        #expect(sniff(id3(20) + adtsFrames(2))?.identifier == "public.aac-audio")
        #expect(sniff(ac3Frames(4))?.identifier == "public.ac3-audio")
        #expect(sniff(ac3Frames(4, enhanced: true))?.identifier == "public.enhanced-ac3-audio")
        // MPEG-1 layer II, 192 kbit/s, 48 kHz: 576 bytes a frame.
        let mp2 = (0..<4).flatMap { _ in
            [0xFF, 0xFD, 0xA4, 0x04] + [UInt8](repeating: 0, count: 572)
        }
        #expect(sniff(mp2)?.identifier == "public.mp2")
        // LOAS: a sync word and a 13-bit length, frame after frame; a broken chain is not.
        let loas = (0..<4).flatMap { _ in [0x56, 0xE0, 0x10] + [UInt8](repeating: 0x20, count: 16) }
        #expect(sniff(loas)?.identifier == "public.mp4a-loas")
        var broken = loas
        broken[19] = 0x00
        #expect(sniff(broken) == nil)
    }

    @Test func headersAndMagic() throws {
        #expect(
            sniff(ascii("caff") + be16(1) + be16(0) + ascii("desc") + be64(32))?.identifier
                == "com.apple.coreaudio-format"
        )
        #expect(sniff(ascii("caff") + be16(2) + be16(0) + ascii("desc")) == nil)
        #expect(
            sniff(ascii("fLaC") + [0x80, 0, 0, 34] + [UInt8](repeating: 0, count: 34))?.identifier
                == "org.xiph.flac"
        )
        #expect(sniff(ascii("fLaC") + [0x04, 0, 0, 34]) == nil)
        #expect(sniff(id3(10) + ascii("fLaC") + [0x00, 0, 0, 34])?.identifier == "org.xiph.flac")
        #expect(
            sniff(ascii("#!AMR\n") + [0x3C, 0x48])?.identifier
                == "org.3gpp.adaptive-multi-rate-audio"
        )
        // The frames must read as AMR's: a frame type of a speech mode, SID or no data, and
        // the padding bits clear. Text after the magic line is not a frame.
        let amr = try fixtureBytes("audio.amr")
        #expect(sniff(amr)?.identifier == "org.3gpp.adaptive-multi-rate-audio")
        #expect(sniff(ascii("#!AMR\nThe notes say more about it.\n")) == nil)
        #expect(sniff(ascii("#!AMR\n") + [0x54] + [UInt8](repeating: 0, count: 40)) == nil)
        #expect(sniff(ascii("#!AMR\n") + [0x3D] + [UInt8](repeating: 0, count: 40)) == nil)
    }

    /// DTS: core frames that follow one another by their FSIZE fields, in any of the four
    /// storage layouts; DTS-HD when extension substreams come between them.
    @Test func dtsFramesFollowOneAnother() throws {
        let core = try fixtureBytes("audio.dts")
        let layouts = [
            ("audio.dts", "16-bit words, big-endian"),
            ("audio-le16.dts", "16-bit words, little-endian"),
            ("audio-14bit.dts", "14-bit words, little-endian"),
        ]
        for (file, layout) in layouts {
            let result = sniff(try fixtureBytes(file))
            #expect(result?.identifier == "com.dts.dts-audio", "\(file)")
            #expect(result?.detail.hasSuffix("(\(layout))") == true, "\(file)")
        }
        // The first frame is 428 bytes (FSIZE 427): a second sync elsewhere, a frame size
        // that leads nowhere, a sample rate code that names no rate, or text after the sync
        // word is not a stream.
        #expect(sniff(Array(core.prefix(428)) + [0] + core.dropFirst(428)) == nil)
        var shorter = core
        shorter[7] ^= 0x10
        #expect(sniff(shorter) == nil)
        var noRate = core
        noRate[8] = noRate[8] & 0xC3
        #expect(sniff(noRate) == nil)
        let text = ascii(String(repeating: "DTS, ", count: 200))
        #expect(sniff([0x7F, 0xFE, 0x80, 0x01] + text) == nil)
        // Big-endian 14-bit words need the sync's fifth and sixth bytes too.
        #expect(sniff([0x1F, 0xFF, 0xE8, 0x00, 0x00, 0x00] + Array(core.dropFirst(6))) == nil)

        let hd = try fixtureBytes("audio-hd.dts")
        #expect(sniff(hd)?.identifier == "com.dts.dts-hd-audio")
        // A substream whose header is longer than the substream itself breaks the chain.
        var badSubstream = hd
        badSubstream[428 + 5] = 0x1F
        #expect(sniff(badSubstream) == nil)

        let file = try fixtureBytes("audio.dtshd")
        #expect(sniff(file)?.identifier == "com.dts.dts-hd-audio")
        // The header chunk's size must lead to another chunk's identifier.
        var wrongSize = file
        wrongSize[15] = 0x20
        #expect(sniff(wrongSize) == nil)
        #expect(sniff(ascii("DTSHDHDR") + be64(1 << 40) + [UInt8](repeating: 0, count: 64)) == nil)
    }

    /// Bare GSM 06.10: whole 33-byte frames, each opening with 0xD, eight at least.
    @Test func bareGSMIsToldByItsFrames() throws {
        let gsm = try fixtureBytes("audio.gsm")
        #expect(sniff(gsm)?.identifier == "org.etsi.gsm-audio")
        #expect(sniff(gsm + [0xD0]) == nil)
        #expect(sniff(Array(gsm.prefix(33 * 7))) == nil)
        var broken = gsm
        broken[33 * 5] = 0x20
        #expect(sniff(broken)?.identifier != "org.etsi.gsm-audio")
    }

    @Test func id3FooterPaddingAndChainedTags() {
        // ID3v2.4 with the footer flag: 10 more bytes after the body.
        let footed =
            ascii("ID3") + [4, 0, 0x10, 0, 0, 0, 20] + [UInt8](repeating: 0, count: 20)
            + ascii("3DI") + [4, 0, 0x10, 0, 0, 0, 20]
        #expect(sniff(footed + mp3Frames(2))?.identifier == "public.mp3")
        // The same tag without the flag leaves the footer in front of the frames.
        var unflagged = footed
        unflagged[5] = 0
        #expect(sniff(unflagged + mp3Frames(2)) == nil)
        // Zero padding beyond the declared size, and two tags in a row.
        #expect(
            sniff(id3(30) + [UInt8](repeating: 0, count: 700) + mp3Frames(2))?.identifier
                == "public.mp3"
        )
        #expect(sniff(id3(30) + id3(40) + adtsFrames(2))?.identifier == "public.aac-audio")
    }

    /// A whole file behind ID3v2 tags (a tagged WAV or AIFF) is classified from where the
    /// tags end, by the classifier; what is not audio or video there leaves the file to the
    /// usual order.
    @Test func wholeFilesBehindTags() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let wav = try fixtureBytes("id3-tagged.wav")
        let tagged = try classifier.classify(bytes: wav, fileName: nil)
        #expect(tagged.type.identifier == "com.microsoft.waveform-audio", "\(tagged.detail)")
        #expect(tagged.detail.hasPrefix("ID3v2 tags of 4096 bytes skipped"))
        let aiff = try fixtureBytes("audio.aiff")
        for prefix in [id3(500), id3(30) + id3(40) + [UInt8](repeating: 0, count: 100)] {
            let result = try classifier.classify(bytes: prefix + aiff, fileName: nil)
            #expect(result.type.identifier == "public.aiff-audio", "\(result.detail)")
        }
        // Text behind a tag is no audio file: the tag's own rules decide, as before.
        let text = ascii(String(repeating: "Hello, world. ", count: 100))
        let notAudio = try classifier.classify(bytes: id3(100) + text, fileName: nil)
        #expect(!notAudio.detail.contains("skipped"))
        #expect(!notAudio.type.conforms(to: .plainText))
    }

    @Test func mp3BehindAHugeTagInABigFile() {
        let counter = ReadCounter()
        let tagSize = 5 << 20
        let tag = Array(id3(0).prefix(6)) + (0..<4).map { UInt8((tagSize >> (21 - 7 * $0)) & 0x7F) }
        let framesAt = UInt64(10 + tagSize)
        let input = sparseInput(
            size: framesAt + 3 * 417 + 4096,
            parts: [(0, tag), (framesAt, mp3Frames(3))],
            counter: counter
        )
        #expect(MediaSniffer.sniff(input)?.identifier == "public.mp3")
        #expect(counter.count <= 2)
    }

    /// A file the first ID3v2 tag runs to the end of (an MP3 cut short inside its tag, or a
    /// tag alone) is taken for MP3, as every other detector reads `ID3`, but tentatively.
    @Test func aFileEndingInsideItsTagIsATentativeMP3() throws {
        for bytes in [
            ascii("ID3") + [4, 0, 0, 0x7F, 0x7F, 0x7F, 0x7F] + mp3Frames(3),
            Array(id3(2000).prefix(1024)),
            id3(100),
        ] {
            let found = try #require(sniff(bytes))
            #expect(found.identifier == "public.mp3")
            #expect(found.isTentative)
            #expect(found.detail.contains("no frame seen"), "\(found.detail)")
        }
        let classifier = Classifier(registry: .builtinOnly)
        let result = try classifier.classify(bytes: Array(id3(2000).prefix(1024)), fileName: nil)
        #expect(result.type == .mp3)
        #expect(result.confidence == .medium)
    }

    @Test func hostileFramesAreNotClaimed() {
        // One good frame followed by garbage; frames whose sample rates disagree.
        #expect(sniff(mp3Frames(1) + [UInt8](repeating: 0x41, count: 800)) == nil)
        let mixed = mp3Frames(1) + [0xFF, 0xFB, 0x94, 0x64] + [UInt8](repeating: 0, count: 600)
        #expect(sniff(mixed) == nil)
        // Free-format bitrate, reserved version, reserved sample rate.
        #expect(sniff([0xFF, 0xFB, 0x00, 0x64] + [UInt8](repeating: 0, count: 2000)) == nil)
        #expect(sniff([0xFF, 0xEB, 0x90, 0x64] + [UInt8](repeating: 0, count: 2000)) == nil)
        #expect(sniff([0xFF, 0xFB, 0x9C, 0x64] + [UInt8](repeating: 0, count: 2000)) == nil)
        // An ADTS frame length of zero; an AC-3 size code out of range.
        #expect(sniff(adtsFrames(3, length: 0)) == nil)
        #expect(sniff([0x0B, 0x77, 0, 0, 0x3F, 0x40] + [UInt8](repeating: 0, count: 2000)) == nil)
        // An ID3 tag with a non-syncsafe size byte, or an unknown version, is no tag.
        #expect(sniff(ascii("ID3") + [3, 0, 0, 0, 0, 0x80, 0] + mp3Frames(3)) == nil)
        #expect(sniff(ascii("ID3") + [5, 0, 0, 0, 0, 0, 20] + mp3Frames(3)) == nil)
        // A valid tag followed by zeros alone holds no audio to read.
        #expect(sniff(id3(100) + [UInt8](repeating: 0, count: 500)) == nil)
        // Text and zeros.
        #expect(sniff(ascii(String(repeating: "Hello, world. ", count: 100))) == nil)
        #expect(sniff([UInt8](repeating: 0, count: 4096)) == nil)
        #expect(sniff([UInt8](repeating: 0xFF, count: 4096)) == nil)
    }
}

@Suite struct MPEGStreamSnifferTests {
    @Test func systemStreams() {
        #expect(sniff(tsPackets(10))?.identifier == "public.mpeg-2-transport-stream")
        #expect(
            sniff(tsPackets(10, prefix: true))?.identifier == "public.avchd-mpeg-2-transport-stream"
        )
        #expect(sniff(mpeg2Pack)?.identifier == "public.mpeg")
        let mpeg1: [UInt8] =
            [0, 0, 1, 0xBA, 0x21, 0x00, 0x01, 0x00, 0x01, 0x80, 0x00, 0x01] + [
                0, 0, 1, 0xBB, 0, 12,
            ] + [UInt8](repeating: 0, count: 16)
        #expect(sniff(mpeg1)?.identifier == "public.mpeg")
    }

    /// H.263 pictures: a start code (00 00 80-83), the type's marker bits, a source format.
    @Test func h263Streams() {
        func picture(_ format: UInt8, temporal: UInt8 = 0) -> [UInt8] {
            [0, 0, 0x80 | temporal >> 6, (temporal & 0x3F) << 2 | 0x02, format << 2]
                + [UInt8](repeating: 0x5A, count: 60)
        }
        let stream = picture(1) + picture(1, temporal: 1) + picture(1, temporal: 2)
        #expect(
            sniff(stream + [UInt8](repeating: 0x33, count: 400))?.identifier
                == "org.itu.h263-stream"
        )
        // Two pictures are enough for a whole file, not for a head of a longer one.
        let short = picture(2) + picture(2, temporal: 1)
        #expect(sniff(short)?.identifier == "org.itu.h263-stream")
        #expect(
            MediaSniffer.sniff(
                SniffInput(
                    bytes: short + [UInt8](repeating: 0x33, count: 99),
                    headCount: short.count
                )
            ) == nil
        )
        // Formats that change, a reserved format, a marker bit wrong: not H.263.
        #expect(sniff(picture(1) + picture(3) + picture(1)) == nil)
        #expect(sniff(picture(6) + picture(6) + picture(6)) == nil)
        var marker = stream
        marker[3] |= 0x01
        #expect(sniff(marker) == nil)
    }

    @Test func elementaryStreams() {
        #expect(sniff(h264Stream)?.identifier == "org.itu.h264-stream")
        #expect(sniff(h265Stream)?.identifier == "org.itu.hevc-stream")
    }

    @Test func hostileStreams() {
        // Two packets are too few; a broken sync in the fourth packet.
        #expect(sniff(tsPackets(2)) == nil)
        var broken = tsPackets(10)
        broken[188 * 3] = 0x48
        #expect(sniff(broken) == nil)
        // A pack header with a bad marker bit; a pack header followed by no start code.
        var badMarker = mpeg2Pack
        badMarker[6] = 0
        #expect(sniff(badMarker) == nil)
        #expect(sniff(Array(mpeg2Pack.prefix(14)) + [UInt8](repeating: 0x11, count: 20)) == nil)
        // A slice before any SPS, a PPS with nal_ref_idc 0, a start code then noise.
        #expect(
            sniff([0, 0, 0, 1, 0x65, 0x88] + [0, 0, 1, 0x67, 0x64, 0] + [0, 0, 1, 0x68, 0xEE])
                == nil
        )
        #expect(
            sniff([0, 0, 0, 1, 0x67, 0x64, 0] + [0, 0, 1, 0x08, 0xEE] + [0, 0, 1, 0x65, 0x88])
                == nil
        )
        #expect(sniff([0, 0, 0, 1] + [UInt8](repeating: 0xAB, count: 500)) == nil)
        // An MPEG-1/2 video sequence header is not an H.264 stream.
        #expect(
            sniff(
                [0, 0, 1, 0xB3, 0x16, 0x00, 0xF0, 0x13] + [0, 0, 1, 0xB8, 0, 8] + [
                    0, 0, 1, 0x00, 0, 0x0F,
                ]
            ) == nil
        )
    }
}

@Suite struct MediaSnifferRobustnessTests {
    /// Valid files of every family, built by hand.
    static let samples: [[UInt8]] = [
        ftyp("isom", ["isom", "mp41"])
            + moov(trak("vide", entry: "avc1"), trak("soun", entry: "mp4a")),
        box("wide") + box("mdat", [1, 2, 3]) + moov(trak("soun", entry: "twos")),
        ftyp("mif1", ["heic"])
            + box("meta", [0, 0, 0, 0] + box("hdlr", [UInt8](repeating: 0, count: 24))),
        matroska("webm", [1, 2]),
        asf([asfAudioGUID, asfVideoGUID]),
        oggPage(beginning: true, serial: 1, [1] + ascii("vorbis"))
            + oggPage(beginning: true, serial: 2, [0x80] + ascii("theora")),
        ascii("RIFF") + le32(100) + ascii("WAVE") + ascii("fmt ") + le32(16),
        ascii("FORM") + be32(100) + ascii("AIFC") + ascii("FVER"),
        id3(300) + mp3Frames(4),
        adtsFrames(4),
        ac3Frames(3, enhanced: true),
        tsPackets(12),
        tsPackets(12, prefix: true),
        mpeg2Pack,
        h264Stream,
        h265Stream,
        ascii("FLV") + [1, 5] + be32(9) + be32(0) + [UInt8](repeating: 9, count: 40),
    ]

    @Test func truncatedAndBitFlippedInputsReturn() throws {
        var bases = Self.samples
        for entry in try Fixture.all()
        where mediaIdentifiers.contains(entry.identifier)
            || specifiedOverManifest[entry.file] != nil
        {
            bases.append(Array(try ImageContainerTextSupport.bytes(of: entry).prefix(64 * 1024)))
        }
        var generator = SplitMix64(seed: 0x6D65_6469_6174_7970)
        var runs = 0
        for base in bases where !base.isEmpty {
            // Truncations at 40 offsets, the first ones byte by byte.
            for step in 0..<40 {
                let cut = step < 20 ? step : base.count * (step - 19) / 21
                check(Array(base.prefix(cut)))
                runs += 1
            }
            // Bit flips at seeded positions, concentrated on the first kilobytes.
            for _ in 0..<10 {
                var copy = base
                let span = min(copy.count, 4096)
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    let position = Int.random(in: 0..<span, using: &generator)
                    copy[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
                }
                check(copy)
                runs += 1
            }
        }
        #expect(runs >= 600)
    }

    private func check(_ bytes: [UInt8]) {
        let direct = sniff(bytes)
        // The same bytes seen as the head of a much larger file, through the bounded reader.
        let counter = ReadCounter()
        let large = sparseInput(
            size: UInt64(bytes.count) + (1 << 40),
            parts: [(0, bytes)],
            counter: counter
        )
        let throughReader = MediaSniffer.sniff(large)
        for result in [direct, throughReader].compactMap({ $0 }) {
            #expect(
                mediaIdentifiers.contains(result.identifier),
                "\(result.identifier) \(result.detail)"
            )
        }
        #expect(counter.count <= 257)
    }

    @Test func readsStopAtTheBudget() {
        // Boxes of 128 KiB to the end of a terabyte file: each header is one read.
        let counter = ReadCounter()
        let size: UInt64 = 1 << 40
        let read: @Sendable (UInt64, Int) -> [UInt8]? = { offset, count in
            counter.increment()
            var bytes = [UInt8](repeating: 0, count: min(count, 16))
            if offset % (128 * 1024) == 0 {
                bytes = be32(128 * 1024) + ascii("free") + [UInt8](repeating: 0, count: 8)
            }
            return bytes
        }
        var head = ftyp("isom")
        head += be32(UInt32(128 * 1024 - head.count)) + ascii("free")
        head += [UInt8](repeating: 0, count: 65_536 - head.count)
        let input = SniffInput(head: head, fileSize: size, reader: read)
        #expect(MediaSniffer.sniff(input)?.identifier == "public.mpeg-4")
        #expect(counter.count <= 256)
    }
}

/// Containers of movies that carry only sound, told by their own stream tables: a transport
/// stream's program maps, a program stream's packets, FLV's tags, AVI's stream headers.
@Suite struct AudioOnlyContainerTests {
    /// One transport packet of `pid` (a payload unit starting in it), padded to 188 bytes.
    private func packet(_ pid: Int, _ payload: [UInt8], counter: Int = 0) -> [UInt8] {
        let bytes =
            [0x47, 0x40 | UInt8(pid >> 8), UInt8(pid & 0xFF), 0x10 | UInt8(counter & 0x0F), 0]
            + payload
        return bytes + [UInt8](repeating: 0xFF, count: 188 - bytes.count)
    }

    /// A PSI section: table id, section length, the body, and a (here unchecked) CRC.
    private func section(_ table: UInt8, _ body: [UInt8], claimedExtra: Int = 0) -> [UInt8] {
        let length = body.count + 4 + claimedExtra
        return [table, 0xB0 | UInt8(length >> 8), UInt8(length & 0xFF)] + body + [1, 2, 3, 4]
    }

    /// A transport stream: the association table, then one map per program (stream types
    /// with their descriptors), then filler packets.
    private func stream(
        _ programs: [[(type: UInt8, descriptors: [UInt8])]],
        prefixed: Bool = false,
        mapsInHead: Int? = nil,
        truncatedMap: Bool = false
    ) -> [UInt8] {
        let pat = section(
            0x00,
            [0, 1, 0xC1, 0, 0]
                + programs.indices.flatMap { index in
                    be16(UInt16(index + 1)) + be16(UInt16(0xE000 | (0x100 + index)))
                }
        )
        var packets = [packet(0, pat)]
        for (index, entries) in programs.enumerated().prefix(mapsInHead ?? programs.count) {
            let body =
                be16(UInt16(index + 1)) + [0xC1, 0, 0, 0xE2, 0x00, 0xF0, 0x00]
                + entries.enumerated().flatMap { number, entry in
                    [entry.type] + be16(UInt16(0xE000 | (0x200 + number)))
                        + be16(UInt16(0xF000 | entry.descriptors.count)) + entry.descriptors
                }
            packets.append(
                packet(0x100 + index, section(0x02, body, claimedExtra: truncatedMap ? 300 : 0))
            )
        }
        packets += (0..<8).map { packet(0x1FFF, [], counter: $0) }
        return packets.enumerated().flatMap { index, packet in
            (prefixed ? be32(UInt32(index)) : []) + packet
        }
    }

    @Test func transportStreamsWhoseMapsListOnlyAudio() {
        let aac: (type: UInt8, descriptors: [UInt8]) = (0x0F, [])
        let h264: (type: UInt8, descriptors: [UInt8]) = (0x1B, [])
        let audio = "org.iso.mpeg-2-transport-stream-audio"
        #expect(sniff(stream([[aac]]))?.identifier == audio)
        // An HLS audio segment's timed ID3 metadata (type 0x15) is no picture.
        #expect(sniff(stream([[aac, (0x15, [])]]))?.identifier == audio)
        #expect(sniff(stream([[(0x06, [0x6A, 0x01, 0x00])]]))?.identifier == audio)
        #expect(sniff(stream([[(0x06, [0x05, 0x04] + ascii("Opus"))]]))?.identifier == audio)
        #expect(sniff(stream([[aac], [(0x81, [])]]))?.identifier == audio)
        // Blu-ray's LPCM (0x80) is audio in the 192-byte layout, not in broadcast TS.
        #expect(sniff(stream([[(0x80, [])]], prefixed: true))?.identifier == audio)

        let movie = "public.mpeg-2-transport-stream"
        #expect(sniff(stream([[h264, aac]]))?.identifier == movie)
        #expect(sniff(stream([[aac], [h264, aac]]))?.identifier == movie)
        #expect(sniff(stream([[(0x80, [])]]))?.identifier == movie)
        // Private data no descriptor names, a type not known: not known to be sound.
        #expect(sniff(stream([[aac, (0x06, [])]]))?.identifier == movie)
        #expect(sniff(stream([[aac, (0x7F, [])]]))?.identifier == movie)
        // A program whose map is not in the head, a map that goes on past its packet.
        #expect(sniff(stream([[aac], [aac]], mapsInHead: 1))?.identifier == movie)
        #expect(sniff(stream([[aac]], truncatedMap: true))?.identifier == movie)
        #expect(
            sniff(stream([[h264]], prefixed: true))?.identifier
                == "public.avchd-mpeg-2-transport-stream"
        )
    }

    /// An MPEG-2 PES packet of `id` with no time stamp, holding `payload`.
    private func pes(_ id: UInt8, _ payload: [UInt8] = [UInt8](repeating: 0x55, count: 40))
        -> [UInt8]
    {
        [0, 0, 1, id] + be16(UInt16(payload.count + 3)) + [0x80, 0x00, 0x00] + payload
    }

    private let pack: [UInt8] = [
        0, 0, 1, 0xBA, 0x44, 0x00, 0x04, 0x00, 0x04, 0x01, 0x01, 0x89, 0xC3, 0xF8,
    ]

    @Test func programStreamsWhosePacketsAreOnlyAudio() {
        let audio = "org.iso.mpeg-program-stream-audio"
        let mpegAudio = (0..<6).flatMap { _ in pack + pes(0xC0) }
        #expect(sniff(mpegAudio)?.identifier == audio)
        // DVD audio in private stream 1 (AC-3 sub-stream 0x80), after a navigation packet.
        let dvd =
            pack + pes(0xBF) + pes(0xBD, [0x80, 1, 0, 1] + [UInt8](repeating: 0x0B, count: 40))
        #expect(sniff(dvd)?.identifier == audio)
        #expect(sniff(mpegAudio + pack + pes(0xE0))?.identifier == "public.mpeg")
        // A walk that something other than a packet stops proves nothing.
        #expect(sniff(mpegAudio + [UInt8](repeating: 0x11, count: 64))?.identifier == "public.mpeg")
        #expect(sniff(pack + pes(0xC0) + pes(0xFD))?.identifier == "public.mpeg")
    }

    /// An FLV file: the header with `flags`, then tags of the given types.
    private func flv(_ flags: UInt8, _ types: [UInt8]) -> [UInt8] {
        ascii("FLV") + [1, flags] + be32(9) + be32(0)
            + types.flatMap { type -> [UInt8] in
                let data = [UInt8](repeating: 0x2F, count: 20)
                return [type, 0, 0, UInt8(data.count)] + [UInt8](repeating: 0, count: 7) + data
                    + be32(UInt32(11 + data.count))
            }
    }

    @Test func flashFilesWhoseTagsAreOnlyAudio() {
        let audio = "com.adobe.flash.audio"
        let video = "com.adobe.flash.video"
        #expect(sniff(flv(4, [18, 8, 8, 8]))?.identifier == audio)
        #expect(sniff(flv(4, [18, 8, 9, 8]))?.identifier == video)
        #expect(sniff(flv(4, [18]))?.identifier == video)
        // A header that flags video: audio only after many audio tags and no video tag.
        #expect(sniff(flv(5, [18, 8, 8, 8]))?.identifier == video)
        #expect(sniff(flv(5, [18] + [UInt8](repeating: 8, count: 70)))?.identifier == audio)
        #expect(sniff(flv(5, [18] + [UInt8](repeating: 8, count: 70) + [9]))?.identifier == video)
    }

    private func chunk(_ id: String, _ payload: [UInt8]) -> [UInt8] {
        ascii(id) + le32(UInt32(payload.count)) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    private func list(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        ascii("LIST") + le32(UInt32(4 + payload.count)) + ascii(type) + payload
    }

    /// An AVI whose header list declares streams of the given `strh` types.
    private func avi(_ types: [String], headerPadding: Int = 0) -> [UInt8] {
        let streams = types.flatMap { type in
            list("strl", chunk("strh", ascii(type) + [UInt8](repeating: 0, count: 52)))
        }
        let header = list(
            "hdrl",
            chunk("avih", [UInt8](repeating: 0, count: 56)) + streams
                + chunk("JUNK", [UInt8](repeating: 0, count: headerPadding))
        )
        let body = ascii("AVI ") + header + list("movi", [UInt8](repeating: 0, count: 16))
        return ascii("RIFF") + le32(UInt32(body.count)) + body
    }

    @Test func aviFilesWhoseStreamHeadersAreOnlyAudio() {
        #expect(sniff(avi(["auds"]))?.identifier == "com.microsoft.avi-audio")
        #expect(sniff(avi(["auds", "txts"]))?.identifier == "com.microsoft.avi-audio")
        #expect(sniff(avi(["vids", "auds"]))?.identifier == "public.avi")
        #expect(sniff(avi(["iavs"]))?.identifier == "public.avi")
        #expect(sniff(avi(["auds", "xxxx"]))?.identifier == "public.avi")
        #expect(sniff(avi([]))?.identifier == "public.avi")
        // A header list longer than the head is not read.
        let long = avi(["auds"], headerPadding: 70_000)
        #expect(
            MediaSniffer.sniff(SniffInput(bytes: long, headCount: 65_536))?.identifier
                == "public.avi"
        )
    }
}

/// Media segments of fragmented MP4 (DASH and HLS `.m4s`, CMAF chunks): no movie box.
@Suite struct MediaSegmentTests {
    private let segment = "org.iso.mpeg-4-segment"
    private let styp = box("styp", ascii("msdh") + [0, 0, 0, 0] + ascii("msdhmsix"))
    private let moof = box("moof", box("mfhd", [0, 0, 0, 0, 0, 0, 0, 1]) + box("traf"))

    @Test func aSegmentTypeBoxAndWhatFollowsIt() {
        #expect(
            sniff(styp + box("sidx", [UInt8](repeating: 0, count: 24)) + moof)?.identifier
                == segment
        )
        #expect(sniff(styp + moof + box("mdat", [1, 2, 3]))?.identifier == segment)
        #expect(sniff(styp + box("emsg", [0, 0, 0, 0]) + moof)?.identifier == segment)
        // A segment type box alone, or before a box no segment has, is not taken.
        #expect(sniff(styp) == nil)
        #expect(sniff(styp + box("moov", box("mvhd"))) == nil)
    }

    @Test func aMovieFragmentThatOpensWithItsHeader() {
        #expect(sniff(moof + box("mdat", [1, 2, 3]))?.identifier == segment)
        #expect(sniff(box("moof", box("traf") + box("mfhd", [0, 0, 0, 0, 0, 0, 0, 1]))) == nil)
        #expect(sniff(box("moof", box("mfhd", [0, 0, 0, 1]))) == nil)
    }
}

/// NUT by its stream headers' classes: 0 video, 1 audio, 2 subtitles, 3 user data.
@Suite struct NUTSnifferTests {
    /// A NUT variable-length number.
    private func number(_ value: Int) -> [UInt8] {
        var bytes = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            bytes.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
            rest >>= 7
        }
        return bytes
    }

    /// A packet: its startcode, its size, a header checksum when the size is above 4096, the
    /// body and its (here unchecked) checksum.
    private func packet(_ startcode: UInt64, _ body: [UInt8]) -> [UInt8] {
        let size = body.count + 4
        let code = (0..<8).map { UInt8(truncatingIfNeeded: startcode >> (56 - 8 * $0)) }
        return code + number(size) + (size > 4096 ? [0, 0, 0, 0] : []) + body + [1, 2, 3, 4]
    }

    /// A NUT file whose main header counts `counted` streams (all of `classes` by default),
    /// followed by a stream header of each class, then a syncpoint.
    private func nut(
        _ classes: [Int],
        counted: Int? = nil,
        version: Int = 3,
        padding: Int = 0
    ) -> [UInt8] {
        let main =
            number(version) + (version > 3 ? number(0) : []) + number(counted ?? classes.count)
            + [UInt8](repeating: 0, count: 8 + padding)
        let streams = classes.enumerated().flatMap { index, streamClass in
            packet(
                NUTSniffer.streamStartcode,
                number(index) + number(streamClass) + [4] + ascii("mp2 ")
            )
        }
        return NUTSniffer.fileID + packet(NUTSniffer.mainStartcode, main) + streams
            + packet(0x4E4B_E4AD_EECA_4569, [0, 0])
    }

    @Test func streamClassesSayAudioOrMovie() {
        let audio = "org.ffmpeg.nut-audio"
        let movie = "org.ffmpeg.nut"
        #expect(sniff(nut([1]))?.identifier == audio)
        #expect(sniff(nut([1, 1, 2, 3]))?.identifier == audio)
        #expect(sniff(nut([1], version: 4))?.identifier == audio)
        // A main header longer than 4096 bytes carries a header checksum.
        #expect(sniff(nut([1], padding: 5000))?.identifier == audio)
        #expect(sniff(nut([0, 1]))?.identifier == movie)
        #expect(sniff(nut([2]))?.identifier == movie)
        #expect(sniff(nut([1, 9]))?.identifier == movie)
        // A stream the main header counts and the head does not hold.
        #expect(sniff(nut([1], counted: 2))?.identifier == movie)
    }

    @Test func mainHeadersThatDoNotParseAreLeftToSignatures() {
        #expect(sniff(nut([1], version: 1)) == nil)
        #expect(sniff(nut([1], version: 9)) == nil)
        #expect(sniff(nut([1], counted: 1000)) == nil)
        #expect(sniff(Array(nut([1]).prefix(30))) == nil)
        var wrongStartcode = nut([1])
        wrongStartcode[26] ^= 0xFF
        #expect(sniff(wrongStartcode) == nil)
    }
}

/// MXF by its header partition pack: what the essence container labels say the body holds.
@Suite struct MXFSnifferTests {
    /// An essence container label of `mapping` (byte 13) and `stream` (byte 14).
    private func label(_ mapping: UInt8, _ stream: UInt8 = 0x01) -> [UInt8] {
        [0x06, 0x0E, 0x2B, 0x34, 0x04, 0x01, 0x01, 0x01, 0x0D, 0x01, 0x03, 0x01, 0x02]
            + [mapping, stream, 0x00]
    }

    /// A header partition pack listing `labels`, its length in BER's four-byte long form.
    private func pack(_ labels: [[UInt8]], kind: UInt8 = 0x02, major: UInt16 = 1) -> [UInt8] {
        let fields =
            be16(major) + be16(3) + be32(512) + [UInt8](repeating: 0, count: 8 * 5 + 4 + 8 + 4)
            + [UInt8](repeating: 0x0D, count: 16) + be32(UInt32(labels.count)) + be32(16)
            + labels.flatMap { $0 }
        let key: [UInt8] = [
            0x06, 0x0E, 0x2B, 0x34, 0x02, 0x05, 0x01, 0x01, 0x0D, 0x01, 0x02, 0x01, 0x01, kind,
            0x04, 0x00,
        ]
        return key + [0x83, 0x00] + be16(UInt16(fields.count)) + fields
            + [UInt8](repeating: 0, count: 64)
    }

    @Test func essenceContainersSayAudioOrMovie() {
        let audio = "org.smpte.mxf-audio"
        let movie = "org.smpte.mxf"
        #expect(sniff(pack([label(0x06)]))?.identifier == audio)
        #expect(sniff(pack([label(0x06), label(0x0A), label(0x7F)]))?.identifier == audio)
        #expect(sniff(pack([label(0x04, 0x40)]))?.identifier == audio)
        #expect(sniff(pack([label(0x04, 0x60), label(0x06)]))?.identifier == movie)
        #expect(sniff(pack([label(0x11)]))?.identifier == movie)
        // A mapping not known, a label of another registry, no label at all: not audio.
        #expect(sniff(pack([label(0x06), label(0x55)]))?.identifier == movie)
        #expect(
            sniff(pack([label(0x06), [UInt8](repeating: 0x0E, count: 16)]))?.identifier == movie
        )
        #expect(sniff(pack([]))?.identifier == movie)
    }

    @Test func packsThatDoNotHoldTogetherAreLeftToSignatures() {
        #expect(sniff(pack([label(0x06)], kind: 0x04)) == nil)
        #expect(sniff(pack([label(0x06)], major: 2)) == nil)
        var lying = pack([label(0x06)])
        lying[18] = 0xFF  // a length past the head
        #expect(sniff(lying) == nil)
        var count = pack([label(0x06)])
        count[16 + 4 + 80 + 3] = 200  // more labels than the pack holds
        #expect(sniff(count) == nil)
        #expect(sniff(Array(pack([label(0x06)]).prefix(40))) == nil)
    }
}
