/// Sniffs ISO base media files (MP4, M4A, M4V, MOV, 3GP, F4V, HEIF, AVIF) by their `ftyp`
/// brands and the handler types of their tracks, and JPEG XL by its signature.
package enum ISOBMFFSniffer {
    /// The most boxes one input may make the sniffer visit.
    static let maximumBoxes = 10_000

    private static let quickTimeTopLevel: Set<String> = [
        "wide", "free", "skip", "mdat", "moov", "pnot", "junk",
    ]

    /// True when the head starts like an ISO-BMFF or QuickTime file.
    static func isCandidate(_ head: [UInt8]) -> Bool {
        guard let type = MediaBytes.fourCC(head, 4) else { return false }
        return type == "ftyp" || quickTimeTopLevel.contains(type) || type == "styp"
            || type == "moof"
    }

    /// True when the head starts with a JPEG XL container signature box or a bare codestream.
    static func isJPEGXL(_ head: [UInt8]) -> Bool {
        MediaBytes.matches(head, 0, jxlContainerSignature)
            || MediaBytes.matches(head, 0, [0xFF, 0x0A])
    }

    private static let jxlContainerSignature: [UInt8] = [
        0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A,
    ]

    /// Classifies a JPEG XL container or bare codestream.
    static func sniffJPEGXL(_ input: SniffInput) -> SniffResult? {
        if MediaBytes.matches(input.head, 0, jxlContainerSignature) {
            // The signature box is followed by an `ftyp` box with brand `jxl `.
            guard MediaBytes.fourCC(input.head, 16) == "ftyp" || input.head.count < 20 else {
                return nil
            }
            return SniffResult("public.jpeg-xl", detail: "JPEG XL container signature box")
        }
        // A bare codestream: FF 0A and a size header; at least a few bytes must follow.
        guard input.head.count >= 8 else { return nil }
        return SniffResult("public.jpeg-xl", detail: "JPEG XL codestream FF 0A")
    }

    /// Classifies an ISO base media file.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: The type decided from the brands and the tracks, or `nil`.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        var reader = MediaWindowReader(input)
        var walker = BoxWalker()
        guard let first = walker.header(at: 0, parentEnd: input.fileSize, reader: &reader) else {
            return nil
        }
        if first.type == "styp" || first.type == "moof" {
            return sniffSegment(first: first, reader: &reader, walker: &walker)
        }
        guard first.type == "ftyp" else {
            return sniffQuickTimeWithoutFileType(first: first, reader: &reader, walker: &walker)
        }
        guard let brands = fileTypeBrands(first, reader: &reader) else { return nil }
        if let image = imageType(brands) {
            // Image sequences are animations, as GIF and APNG are.
            let sequences: Set<String> = [
                "public.heics", "public.heifs", "public.avcs", "org.aomedia.avif-sequence",
            ]
            var result = SniffResult(
                image,
                detail: "ftyp major \(brands.describedMajor)\(brands.described)",
                isAnimated: sequences.contains(image)
            )
            result.alternatives = imageAlternatives(brands, answer: image)
            return result
        }
        guard let family = movieFamily(brands) else { return nil }
        let moov = findMovie(after: first, reader: &reader, walker: &walker)
        guard let moov else {
            let identifier = family.fallback
            return SniffResult(
                identifier,
                detail: "ftyp major \(brands.describedMajor); no readable moov, brand alone"
            )
        }
        let tracks = readTracks(moov, reader: &reader, walker: &walker)
        let identifier = family.decide(tracks: tracks)
        return SniffResult(
            identifier,
            detail: "ftyp major \(brands.describedMajor); \(tracks.described)"
        )
    }

    // MARK: Brands

    private struct Brands {
        /// Lower-cased major brand.
        var major: String
        /// Lower-cased compatible brands.
        var compatible: [String]
        var originalMajor: String

        var describedMajor: String { MediaBytes.printable(originalMajor) }

        var described: String {
            guard !compatible.isEmpty else { return "" }
            // Built by hand: `joined(separator:)` is not specialized here, and instantiating
            // its generic metadata was a sixth of a one-file run's instructions.
            var text = "; compatible "
            for (index, brand) in compatible.prefix(8).enumerated() {
                if index > 0 { text += "," }
                text += MediaBytes.printable(brand)
            }
            return text
        }

        func has(_ brand: String) -> Bool { major == brand || compatible.contains(brand) }
        func hasAny(_ set: Set<String>) -> Bool {
            set.contains(major) || compatible.contains { set.contains($0) }
        }
    }

    private static func fileTypeBrands(_ box: Box, reader: inout MediaWindowReader) -> Brands? {
        guard !box.isTruncated, box.contentSize >= 8, box.contentSize <= 4096 else { return nil }
        let count = Int(box.contentSize)
        guard let content = reader.bytes(at: box.contentStart, count: count) else { return nil }
        guard let major = MediaBytes.fourCC(content, 0) else { return nil }
        var compatible: [String] = []
        var index = 8
        while index + 4 <= content.count {
            if let brand = MediaBytes.fourCC(content, index) {
                compatible.append(brand.lowercased())
            }
            index += 4
        }
        return Brands(major: major.lowercased(), compatible: compatible, originalMajor: major)
    }

    private static let heicStill: Set<String> = ["heic", "heix", "heim", "heis"]
    private static let heicSequence: Set<String> = ["hevc", "hevx", "hevm", "hevs"]

    /// The other image types the file's brands declare it fits, for a name to pick.
    ///
    /// A brand is a claim the writer makes: an HEVC-coded still declares the general HEIF
    /// brand `mif1` beside `heic`, and a burst declares an HEVC sequence (`msf1`, `hevc`)
    /// and a still (`heic`) for its primary image. The answer is the most specific type;
    /// these are alternatives a name may pick (libheif and Canon write `.heif` and `.hif` for
    /// HEVC stills, which Apple's table gives to `public.heif`). AVIF, whose writers all use
    /// its own names, is not offered the general HEIF types: an AV1 sequence named `.heic`
    /// is not made a HEIF still.
    private static func imageAlternatives(_ brands: Brands, answer: String) -> [String] {
        let avif = ["public.avif", "org.aomedia.avif-sequence"]
        let claims: [(Bool, String)] = [
            (brands.hasAny(heicStill), "public.heic"),
            (brands.hasAny(heicSequence), "public.heics"),
            (brands.hasAny(["mif1", "mif2", "miaf"]), "public.heif"),
            (brands.has("msf1"), "public.heifs"),
            (brands.has("avif"), avif[0]),
            (brands.has("avis"), avif[1]),
            (brands.has("avci"), "public.avci"),
            (brands.has("avcs"), "public.avcs"),
        ]
        return claims.compactMap { declared, identifier in
            guard declared, identifier != answer,
                !avif.contains(answer) || avif.contains(identifier)
            else { return nil }
            return identifier
        }
    }

    private static func imageType(_ brands: Brands) -> String? {
        switch brands.major {
        case "heic", "heix", "heim", "heis": return "public.heic"
        case "hevc", "hevx", "hevm", "hevs": return "public.heics"
        case "avif": return "public.avif"
        case "avis": return "org.aomedia.avif-sequence"
        case "avci": return "public.avci"
        case "avcs": return "public.avcs"
        case "mif1", "mif2", "miaf":
            if brands.hasAny(heicStill) { return "public.heic" }
            if brands.has("avif") { return "public.avif" }
            if brands.has("avci") { return "public.avci" }
            if brands.hasAny(heicSequence) { return "public.heics" }
            if brands.has("avis") { return "org.aomedia.avif-sequence" }
            return brands.has("msf1") ? "public.heifs" : "public.heif"
        case "msf1":
            if brands.hasAny(heicSequence) { return "public.heics" }
            if brands.has("avis") { return "org.aomedia.avif-sequence" }
            if brands.has("avcs") { return "public.avcs" }
            return "public.heifs"
        default:
            return nil
        }
    }

    private enum Family {
        case quickTime
        case m4v
        case m4a
        case m4b
        case m4p
        case threeGPP
        case threeGPP2
        case f4v
        case f4a
        case audible
        case generic

        var fallback: String {
            switch self {
            case .quickTime: return "com.apple.quicktime-movie"
            case .m4v: return "com.apple.m4v-video"
            case .m4a: return "com.apple.m4a-audio"
            // Apple gives .m4b only to the protected audiobook type; an M4B without DRM is
            // plain MPEG-4 audio.
            case .m4b: return "public.mpeg-4-audio"
            case .m4p: return "com.apple.protected-mpeg-4-audio"
            case .threeGPP: return "public.3gpp"
            case .threeGPP2: return "public.3gpp2"
            case .f4v: return "com.adobe.f4v-video"
            case .f4a: return "public.mpeg-4-audio"
            case .audible: return "com.audible.aax-audiobook"
            case .generic: return "public.mpeg-4"
            }
        }

        var isAudioBrand: Bool {
            self == .m4a || self == .m4b || self == .m4p || self == .f4a || self == .audible
        }

        func decide(tracks: TrackSummary) -> String {
            // In an audio brand, a video track of still pictures is chapter artwork.
            let hasVideo =
                isAudioBrand ? tracks.hasMovingVideo : tracks.hasVideo
            let audioOnly = !hasVideo && tracks.hasAudio
            if hasVideo {
                if tracks.isProtectedVideo && (self == .m4v || self == .generic) {
                    return "com.apple.protected-mpeg-4-video"
                }
                switch self {
                case .quickTime: return "com.apple.quicktime-movie"
                case .m4v: return "com.apple.m4v-video"
                case .threeGPP: return "public.3gpp"
                case .threeGPP2: return "public.3gpp2"
                case .f4v, .f4a: return "com.adobe.f4v-video"
                case .m4a, .m4b, .m4p, .audible, .generic: return "public.mpeg-4"
                }
            }
            if audioOnly {
                if tracks.isProtectedAudio, self != .audible {
                    return self == .m4b
                        ? "com.apple.protected-mpeg-4-audio-b" : "com.apple.protected-mpeg-4-audio"
                }
                switch self {
                case .quickTime: return "com.apple.quicktime-audio"
                case .m4a: return "com.apple.m4a-audio"
                case .m4b: return "public.mpeg-4-audio"
                case .m4p: return "com.apple.protected-mpeg-4-audio"
                // Audible's audiobooks encrypt their AAC track (`aavd` sample entries).
                case .audible: return "com.audible.aax-audiobook"
                case .threeGPP: return "org.3gpp.3gpp-audio"
                case .threeGPP2: return "org.3gpp2.3gpp2-audio"
                case .m4v, .f4v, .f4a, .generic: return "public.mpeg-4-audio"
                }
            }
            return fallback
        }
    }

    private static let genericBrands: Set<String> = [
        "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42",
        "mp71", "avc1", "dash", "msnv", "ndas", "mmp4", "cmfc", "cmfv", "cmfa", "piff", "isml",
        "xavc", "caqv", "iso ", "mp4 ",
    ]

    private static func movieFamily(_ brands: Brands) -> Family? {
        if let family = family(ofBrand: brands.major), family != .generic {
            return family
        }
        // Canon raw (CR3) and other stills formats carry `isom` as a compatible brand.
        if brands.major == "crx " || brands.major == "jp2 " || brands.major == "jpx " {
            return nil
        }
        guard genericBrands.contains(brands.major) || brands.hasAny(["isom", "mp41", "mp42"])
        else { return nil }
        if brands.compatible.contains(where: { ["m4v ", "m4vh", "m4vp"].contains($0) }) {
            return .m4v
        }
        if brands.compatible.contains("m4a ") { return .m4a }
        if brands.compatible.contains("m4b ") { return .m4b }
        if brands.compatible.contains("m4p ") { return .m4p }
        if brands.compatible.contains("f4v ") { return .f4v }
        return .generic
    }

    private static func family(ofBrand brand: String) -> Family? {
        switch brand {
        // Sony's Mobile QuickTime (`.mqv`) is QuickTime, as libmagic and Tika read it.
        case "qt  ", "mqt ": return .quickTime
        case "m4v ", "m4vh", "m4vp": return .m4v
        case "m4a ": return .m4a
        case "m4b ": return .m4b
        case "m4p ": return .m4p
        case "f4v ", "f4p ": return .f4v
        case "f4a ", "f4b ": return .f4a
        // Audible's AAX (and AAXC) audiobooks.
        case "aax ", "aaxc": return .audible
        case "kddi": return .threeGPP2
        default:
            if brand.hasPrefix("3g2") { return .threeGPP2 }
            if brand.hasPrefix("3g") { return .threeGPP }
            if genericBrands.contains(brand) { return .generic }
            return nil
        }
    }

    // MARK: QuickTime without ftyp

    private static func sniffQuickTimeWithoutFileType(
        first: Box,
        reader: inout MediaWindowReader,
        walker: inout BoxWalker
    ) -> SniffResult? {
        guard quickTimeTopLevel.contains(first.type) else { return nil }
        var box = first
        var seen = 0
        while true {
            guard MediaBytes.isPrintableFourCC(Array(box.type.utf8), 0) else { return nil }
            if box.type == "moov" {
                let tracks = readTracks(box, reader: &reader, walker: &walker)
                guard tracks.count > 0 else { return nil }
                let identifier = Family.quickTime.decide(tracks: tracks)
                var result = SniffResult(
                    identifier,
                    detail: "QuickTime atoms without ftyp; \(tracks.described)"
                )
                // With no brand, nothing tells QuickTime from an MPEG-4 file written without
                // its (recommended) `ftyp`: readers treat the two alike, and an `.mp4` or
                // `.m4a` name is the writer's word.
                switch identifier {
                case "com.apple.quicktime-movie": result.alternatives = ["public.mpeg-4"]
                case "com.apple.quicktime-audio": result.alternatives = ["public.mpeg-4-audio"]
                default: break
                }
                return result
            }
            seen += 1
            guard seen < 64, box.end < reader.fileSize,
                let next = walker.header(at: box.end, parentEnd: reader.fileSize, reader: &reader)
            else { return nil }
            box = next
        }
    }

    // MARK: Boxes

    /// The boxes that follow a segment type box (ISO/IEC 14496-12, 8.16; ISO/IEC 23009-1,
    /// 6.3.4): segment indexes, producer reference times and event messages before the movie
    /// fragments, or padding.
    private static let segmentBoxes: Set<String> = [
        "sidx", "ssix", "prft", "emsg", "moof", "free", "skip",
    ]

    /// A media segment of fragmented MP4 (a DASH or HLS `.m4s`, a CMAF chunk): a segment
    /// type box (`styp`, laid out as `ftyp`) and a segment box after it, or a movie fragment
    /// box (`moof`) that opens with its 16-byte header (`mfhd`).
    ///
    /// A segment has no movie box: no track says whether it carries sound or pictures (its
    /// initialization segment does), so the type is audiovisual content, neither audio nor
    /// a movie.
    private static func sniffSegment(
        first: Box,
        reader: inout MediaWindowReader,
        walker: inout BoxWalker
    ) -> SniffResult? {
        if first.type == "moof" {
            guard let header = walker.children(of: first, reader: &reader).first,
                header.type == "mfhd", header.contentSize == 8
            else { return nil }
            return SniffResult(
                "org.iso.mpeg-4-segment",
                detail: "a movie fragment (moof, mfhd) with no movie box"
            )
        }
        guard let brands = fileTypeBrands(first, reader: &reader),
            let next = walker.header(at: first.end, parentEnd: reader.fileSize, reader: &reader),
            segmentBoxes.contains(next.type)
        else { return nil }
        return SniffResult(
            "org.iso.mpeg-4-segment",
            detail: "styp major \(brands.describedMajor)\(brands.described); then \(next.type)"
        )
    }

    private static func findMovie(
        after first: Box,
        reader: inout MediaWindowReader,
        walker: inout BoxWalker
    ) -> Box? {
        var offset = first.end
        while offset < reader.fileSize {
            guard let box = walker.header(at: offset, parentEnd: reader.fileSize, reader: &reader)
            else { return nil }
            if box.type == "moov" { return box }
            offset = box.end
        }
        return nil
    }

    private static func readTracks(
        _ moov: Box,
        reader: inout MediaWindowReader,
        walker: inout BoxWalker
    ) -> TrackSummary {
        var summary = TrackSummary()
        for trak in walker.children(of: moov, reader: &reader) where trak.type == "trak" {
            var track = Track()
            for mdia in walker.children(of: trak, reader: &reader) where mdia.type == "mdia" {
                for child in walker.children(of: mdia, reader: &reader) {
                    if child.type == "hdlr", child.contentSize >= 12,
                        let bytes = reader.bytes(at: child.contentStart, count: 12)
                    {
                        track.handler = MediaBytes.fourCC(bytes, 8)
                    } else if child.type == "minf" {
                        track.sampleEntry = sampleEntry(
                            minf: child,
                            reader: &reader,
                            walker: &walker
                        )
                    }
                }
            }
            summary.tracks.append(track)
        }
        return summary
    }

    private static func sampleEntry(
        minf: Box,
        reader: inout MediaWindowReader,
        walker: inout BoxWalker
    ) -> String? {
        for stbl in walker.children(of: minf, reader: &reader) where stbl.type == "stbl" {
            for stsd in walker.children(of: stbl, reader: &reader) where stsd.type == "stsd" {
                // Full box header, entry count, then the first entry's size and format.
                guard stsd.contentSize >= 16,
                    let bytes = reader.bytes(at: stsd.contentStart, count: 16)
                else { return nil }
                return MediaBytes.fourCC(bytes, 12)
            }
        }
        return nil
    }
}

/// One box's position and type.
private struct Box {
    var type: String
    var start: UInt64
    var contentStart: UInt64
    var end: UInt64
    /// True when the declared size ran past the parent and `end` was clamped.
    var isTruncated: Bool

    var contentSize: UInt64 { end - contentStart }
}

/// Reads box headers with a shared cap on the number of boxes visited.
private struct BoxWalker {
    var visited = 0

    /// The box header at `offset`, its end clamped to `parentEnd`, or `nil` when it is
    /// malformed, unreadable, or the cap is reached.
    mutating func header(
        at offset: UInt64,
        parentEnd: UInt64,
        reader: inout MediaWindowReader
    ) -> Box? {
        guard visited < ISOBMFFSniffer.maximumBoxes else { return nil }
        visited += 1
        guard offset < parentEnd, parentEnd - offset >= 8,
            let bytes = reader.bytes(at: offset, count: 8),
            let size32 = MediaBytes.u32be(bytes, 0),
            let type = MediaBytes.fourCC(bytes, 4)
        else { return nil }
        let room = parentEnd - offset
        var headerSize: UInt64 = 8
        let size: UInt64
        switch size32 {
        case 0:
            size = room
        case 1:
            guard room >= 16, let large = reader.bytes(at: offset + 8, count: 8),
                let largeSize = MediaBytes.u64be(large, 0), largeSize >= 16
            else { return nil }
            headerSize = 16
            size = largeSize
        default:
            guard size32 >= 8 else { return nil }
            size = UInt64(size32)
        }
        // A size pointing past the parent (a truncated file) is clamped to it.
        let end = size > room ? parentEnd : offset + size
        return Box(
            type: type,
            start: offset,
            contentStart: offset + headerSize,
            end: end,
            isTruncated: size > room
        )
    }

    /// The child boxes of a container box, at most as many as the cap still allows.
    mutating func children(of box: Box, reader: inout MediaWindowReader) -> [Box] {
        var result: [Box] = []
        var offset = box.contentStart
        while offset < box.end {
            guard let child = header(at: offset, parentEnd: box.end, reader: &reader) else { break }
            result.append(child)
            offset = child.end
        }
        return result
    }
}

private struct Track {
    var handler: String?
    var sampleEntry: String?
}

private struct TrackSummary {
    var tracks: [Track] = []

    var count: Int { tracks.count }

    private static let stillPictureEntries: Set<String> = ["jpeg", "png ", "mjpa", "mjpb"]

    var hasVideo: Bool { tracks.contains { $0.handler == "vide" } }
    var hasMovingVideo: Bool {
        tracks.contains {
            $0.handler == "vide" && !Self.stillPictureEntries.contains($0.sampleEntry ?? "")
        }
    }
    var hasAudio: Bool { tracks.contains { $0.handler == "soun" } }
    var isProtectedAudio: Bool {
        tracks.contains { $0.handler == "soun" && $0.sampleEntry == "drms" }
    }
    var isProtectedVideo: Bool {
        tracks.contains { $0.handler == "vide" && $0.sampleEntry == "drmi" }
    }

    var described: String {
        guard !tracks.isEmpty else { return "moov without tracks" }
        // Built by hand, as `Brands.described` is.
        var text = "hdlr "
        for (index, track) in tracks.prefix(8).enumerated() {
            if index > 0 { text += "," }
            text += MediaBytes.printable(track.handler ?? "?")
            if let entry = track.sampleEntry { text += "/" + MediaBytes.printable(entry) }
        }
        return text
    }
}
