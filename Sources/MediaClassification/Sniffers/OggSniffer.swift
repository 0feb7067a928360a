/// Sniffs Ogg files by the first packet of each logical stream (the pages flagged
/// beginning-of-stream at the start of the file).
package enum OggSniffer {
    /// The most beginning-of-stream pages read.
    static let maximumPages = 64

    private enum Codec: Equatable {
        case vorbis, opus, flac, speex, theora, otherVideo(String), otherAudio(String)
        case other(String)

        var isVideo: Bool {
            switch self {
            case .theora, .otherVideo: return true
            default: return false
            }
        }

        var isAudio: Bool {
            switch self {
            case .vorbis, .opus, .flac, .speex, .otherAudio: return true
            default: return false
            }
        }

        var name: String {
            switch self {
            case .vorbis: return "vorbis"
            case .opus: return "opus"
            case .flac: return "flac"
            case .speex: return "speex"
            case .theora: return "theora"
            case .otherVideo(let name), .otherAudio(let name), .other(let name): return name
            }
        }
    }

    private static let signatures: [([UInt8], Codec)] = [
        (Array("\u{01}vorbis".utf8), .vorbis),
        (Array("OpusHead".utf8), .opus),
        ([0x7F] + Array("FLAC".utf8), .flac),
        (Array("Speex   ".utf8), .speex),
        ([0x80] + Array("theora".utf8), .theora),
        ([0x80] + Array("daala".utf8), .otherVideo("daala")),
        (Array("BBCD".utf8) + [0x00], .otherVideo("dirac")),
        (Array("OVP80".utf8), .otherVideo("vp8")),
        (Array("\u{01}video\0\0\0".utf8), .otherVideo("ogm video")),
        (Array("\u{01}audio\0\0\0".utf8), .otherAudio("ogm audio")),
        (Array("CELT    ".utf8), .otherAudio("celt")),
        (Array("PCM     ".utf8), .otherAudio("pcm")),
        (Array("fishead\0".utf8), .other("skeleton")),
        ([0x80] + Array("kate".utf8), .other("kate")),
    ]

    /// Classifies an Ogg file from its beginning-of-stream pages.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: Theora (or another Ogg video) when any stream is video, the audio codec
    ///   when all audio streams share one, Ogg audio or plain Ogg otherwise; `nil` when the
    ///   first page is malformed.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        var reader = MediaWindowReader(input)
        var offset: UInt64 = 0
        var codecs: [Codec] = []
        for _ in 0..<maximumPages {
            guard let page = reader.bytes(at: offset, count: 27),
                MediaBytes.matches(page, 0, "OggS"), page[4] == 0
            else { break }
            let isBeginning = page[5] & 0x02 != 0
            guard isBeginning else { break }
            let segmentCount = Int(page[26])
            guard offset <= UInt64.max - 27,
                let table = reader.bytes(at: offset + 27, count: segmentCount)
            else { break }
            let bodySize = table.reduce(0) { $0 + Int($1) }
            let (bodyStart, overflow) = offset.addingReportingOverflow(27 + UInt64(segmentCount))
            guard !overflow else { break }
            if let packet = reader.bytes(at: bodyStart, upTo: min(bodySize, 16)) {
                codecs.append(codec(of: packet))
            }
            let (next, nextOverflow) = bodyStart.addingReportingOverflow(UInt64(bodySize))
            guard !nextOverflow else { break }
            offset = next
        }
        guard !codecs.isEmpty else { return nil }
        let names = codecs.prefix(8).map(\.name).joined(separator: ",")
        let detail = "Ogg first packets: \(names)"
        if codecs.contains(.theora) {
            return SniffResult("org.xiph.theora", detail: detail)
        }
        if codecs.contains(where: \.isVideo) {
            return SniffResult("org.xiph.ogg-video", detail: detail)
        }
        let audio = codecs.filter(\.isAudio)
        if let first = audio.first {
            guard audio.allSatisfy({ $0 == first }) else {
                return SniffResult("org.xiph.ogg-audio", detail: detail)
            }
            switch first {
            case .vorbis: return SniffResult("org.xiph.vorbis", detail: detail)
            case .opus: return SniffResult("org.xiph.opus", detail: detail)
            case .flac: return SniffResult("org.xiph.ogg-flac", detail: detail)
            case .speex: return SniffResult("org.xiph.speex", detail: detail)
            default: return SniffResult("org.xiph.ogg-audio", detail: detail)
            }
        }
        return SniffResult("org.xiph.ogg", detail: detail)
    }

    private static func codec(of packet: [UInt8]) -> Codec {
        for (signature, codec) in signatures where MediaBytes.matches(packet, 0, signature) {
            return codec
        }
        return .other("unknown")
    }
}
