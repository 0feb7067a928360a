/// Structural sniffing of audio and video containers and streams.
///
/// The dispatcher looks at a few magic bytes of the head and hands the input to the one
/// parser that owns that container: ISO-BMFF, Matroska/WebM, ASF, Ogg, RIFF, IFF, FLV,
/// RealMedia, MXF, NUT, FLIC, the MPEG system streams and raw elementary streams (MPEG,
/// H.264/HEVC, H.263, AV1), the audio formats with a header of their own (WavPack, TTA, TAK,
/// OptimFROG, Monkey's Audio, AU, MIDI), and the bare audio streams (CAF, FLAC, MPEG audio,
/// ADTS, AC-3, DTS, AMR). A `nil` answer means "not mine, or not sure": libmagic then decides.
package enum MediaSniffer {
    /// Classifies an audio or video file from its head, reading further only where a
    /// container needs it.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: The decided type, or `nil` when the bytes are not a media container this
    ///   sniffer knows well enough.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard head.count >= 4 else { return nil }
        let magic = MediaBytes.u32be(head, 0) ?? 0

        if ISOBMFFSniffer.isJPEGXL(head) {
            return ISOBMFFSniffer.sniffJPEGXL(input)
        }
        if ISOBMFFSniffer.isCandidate(head) {
            return ISOBMFFSniffer.sniff(input)
        }
        switch magic {
        case 0x1A45_DFA3:
            return MatroskaSniffer.sniff(input)
        case 0x3026_B275:
            return ASFSniffer.sniff(input)
        case 0x4F67_6753:  // OggS
            return OggSniffer.sniff(input)
        case 0x5249_4646, 0x5249_4658, 0x5246_3634, 0x4257_3634:  // RIFF, RIFX, RF64, BW64
            return RIFFSniffer.sniff(input)
        case 0x4156_4630:  // AVF0: AVI under another container ID
            return RIFFSniffer.sniff(input)
        case 0x464F_524D:  // FORM
            return IFFSniffer.sniff(input)
        case 0x464C_5601:  // FLV\x01
            return FLVSniffer.sniff(input)
        case 0x2E52_4D46:  // .RMF
            return RealMediaSniffer.sniff(input)
        case 0x0000_01BA:
            return MPEGStreamSniffer.sniffProgramStream(input)
        case 0x0000_01B3:
            return MPEGStreamSniffer.sniffVideoElementary(input)
        case 0x060E_2B34:  // an SMPTE universal label: MXF's partition pack
            return MXFSniffer.sniff(input)
        case 0x6E75_742F:  // "nut/", NUT's file ID string
            return NUTSniffer.sniff(input)
        default:
            break
        }
        if FLICSniffer.isCandidate(head), let flic = FLICSniffer.sniff(input) {
            return flic
        }
        if head[0] == 0x12, head[1] == 0x00, let av1 = AV1Sniffer.sniff(head) {
            return av1
        }
        if head[0] == 0x47 || (head.count > 4 && head[4] == 0x47) {
            if let result = MPEGStreamSniffer.sniffTransportStream(input) {
                return result
            }
        }
        if magic == 0x0000_0001 || magic >> 8 == 0x0000_01 {
            return MPEGStreamSniffer.sniffAnnexB(input)
        }
        // H.263's 22-bit picture start code.
        if magic >> 10 == 0x20, let h263 = MPEGStreamSniffer.sniffH263(input) { return h263 }
        // Behind an ID3v2 tag MP3 is by far the likeliest, and its sniffer reads past the tag
        // anyway; the formats with a header of their own are asked first everywhere else.
        if MediaBytes.matches(head, 0, "ID3") {
            return AudioStreamSniffer.sniff(input) ?? AudioFormatSniffer.sniff(input)
                ?? sniffBehindTags(input)
        }
        if head[0] >> 4 == 0xD, let gsm = AudioStreamSniffer.gsm(input) { return gsm }
        return AudioFormatSniffer.sniff(input) ?? AudioStreamSniffer.sniff(input)
    }
}

extension MediaSniffer {
    /// A whole file behind ID3v2 tags (some taggers put one in front of a WAV or AIFF file):
    /// the bytes after the tags, sniffed as a file of their own.
    static func sniffBehindTags(_ input: SniffInput) -> SniffResult? {
        guard let end = AudioStreamSniffer.endOfLeadingTags(input),
            let inner = input.shifted(by: end, headCount: max(input.head.count, 64)),
            !MediaBytes.matches(inner.head, 0, "ID3"),
            var found = sniff(inner)
        else { return nil }
        found.detail = "ID3v2 tags of \(end) bytes skipped; " + found.detail
        return found
    }
}

/// Bounds-checked reads of integers and tags from byte arrays, shared by the media sniffers.
///
/// Every accessor returns `nil` rather than trapping when the bytes are too short.
package enum MediaBytes {
    /// The whole length of the ID3v2 tag at `offset` (ID3v2.4 "ID3 tag version 2.4.0 -
    /// Main Structure", 3.1): the 10-byte header, the body its syncsafe size gives, and the
    /// footer a version 2.4 tag flags; nil when no valid header starts there (not `ID3`, a
    /// version outside 2-4, a revision of 0xFF, or a size byte with its high bit set).
    static func id3v2TagLength(_ bytes: [UInt8], at offset: Int = 0) -> UInt64? {
        guard offset >= 0, offset <= bytes.count - 10, matches(bytes, offset, [0x49, 0x44, 0x33])
        else { return nil }
        let version = bytes[offset + 3]
        let sizeBytes = bytes[(offset + 6)..<(offset + 10)]
        guard (2...4).contains(version), bytes[offset + 4] != 0xFF,
            sizeBytes.allSatisfy({ $0 < 0x80 })
        else { return nil }
        let body = sizeBytes.reduce(UInt64(0)) { $0 << 7 | UInt64($1) }
        let footer: UInt64 = version == 4 && bytes[offset + 5] & 0x10 != 0 ? 10 : 0
        return 10 + body + footer
    }

    static func u8(_ bytes: [UInt8], _ index: Int) -> UInt8? {
        guard index >= 0, index < bytes.count else { return nil }
        return bytes[index]
    }

    // Named readers over ByteFields, in the order each format writes its fields.
    static func u16be(_ bytes: [UInt8], _ index: Int) -> UInt16? {
        ByteFields.u16(bytes, index, littleEndian: false)
    }

    static func u32be(_ bytes: [UInt8], _ index: Int) -> UInt32? {
        ByteFields.u32(bytes, index, littleEndian: false)
    }

    static func u64be(_ bytes: [UInt8], _ index: Int) -> UInt64? {
        ByteFields.u64(bytes, index, littleEndian: false)
    }

    static func u16le(_ bytes: [UInt8], _ index: Int) -> UInt16? {
        ByteFields.u16(bytes, index, littleEndian: true)
    }

    static func u32le(_ bytes: [UInt8], _ index: Int) -> UInt32? {
        ByteFields.u32(bytes, index, littleEndian: true)
    }

    static func u64le(_ bytes: [UInt8], _ index: Int) -> UInt64? {
        ByteFields.u64(bytes, index, littleEndian: true)
    }

    /// True when `pattern` occurs in `bytes` at `index`.
    static func matches(_ bytes: [UInt8], _ index: Int, _ pattern: [UInt8]) -> Bool {
        ByteFields.matches(bytes, at: index, pattern)
    }

    /// True when `literal`'s bytes occur in `bytes` at `index`.
    static func matches(_ bytes: [UInt8], _ index: Int, _ literal: StaticString) -> Bool {
        ByteFields.matches(bytes, at: index, literal)
    }

    /// Four bytes as a string of Latin-1 characters (a four-character code), or `nil`.
    static func fourCC(_ bytes: [UInt8], _ index: Int) -> String? {
        guard index >= 0, index <= bytes.count - 4 else { return nil }
        let code = bytes[index..<index + 4]
        // ASCII, as nearly every code is, is its own UTF-8: one small string, no appends.
        if code.allSatisfy({ $0 < 0x80 }) { return String(decoding: code, as: UTF8.self) }
        var text = ""
        for byte in code {
            text.unicodeScalars.append(Unicode.Scalar(byte))
        }
        return text
    }

    /// A four-character code as it appears in a `detail` note, with unprintable bytes escaped.
    static func printable(_ code: String) -> String {
        var text = ""
        for scalar in code.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\x" + String(scalar.value, radix: 16)
            }
        }
        return text
    }

    /// True when all four bytes at `index` are printable ASCII (a plausible box or chunk type).
    static func isPrintableFourCC(_ bytes: [UInt8], _ index: Int) -> Bool {
        guard index >= 0, index <= bytes.count - 4 else { return false }
        return bytes[index..<index + 4].allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
}

/// Reads ranges of a ``SniffInput`` through a cached window, so walking many small structures
/// beyond the head costs one budgeted read per window rather than one per structure.
package struct MediaWindowReader {
    /// The input read from.
    let input: SniffInput
    private var windowStart: UInt64 = 0
    private var window: [UInt8] = []

    /// How many bytes one read beyond the head fetches.
    static let windowSize = 64 * 1024

    /// Creates a reader over `input`.
    init(_ input: SniffInput) {
        self.input = input
    }

    /// The file's size.
    var fileSize: UInt64 { input.fileSize }

    /// Reads exactly `count` bytes at `offset`.
    ///
    /// Returns `nil` when the file ends first, the read fails or the budget is spent.
    /// `count` is at most ``windowSize``.
    mutating func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
        guard let bytes = bytes(at: offset, upTo: count), bytes.count == count else { return nil }
        return bytes
    }

    /// Reads up to `count` bytes at `offset`, fewer at the end of the file.
    ///
    /// Returns `nil` when the read fails or the budget is spent. `count` is at most
    /// ``windowSize``.
    mutating func bytes(at offset: UInt64, upTo count: Int) -> [UInt8]? {
        guard count >= 0, count <= Self.windowSize else { return nil }
        guard offset < input.fileSize else { return [] }
        let available = input.fileSize - offset
        let wanted = UInt64(count) < available ? count : Int(available)
        guard wanted > 0 else { return [] }
        let end = offset + UInt64(wanted)  // cannot overflow: end <= fileSize
        let head = input.head
        if end <= UInt64(head.count) {
            let start = Int(offset)
            return Array(head[start..<start + wanted])
        }
        let (windowEnd, overflow) = windowStart.addingReportingOverflow(UInt64(window.count))
        if !overflow, offset >= windowStart, end <= windowEnd {
            let start = Int(offset - windowStart)
            return Array(window[start..<start + wanted])
        }
        guard let data = input.read(at: offset, count: Self.windowSize) else { return nil }
        windowStart = offset
        window = data
        return Array(data.prefix(wanted))
    }
}
