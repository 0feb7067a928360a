/// Sniffs bare audio files and streams: Core Audio Format, FLAC, MPEG audio (layers II and
/// III, also behind ID3v2 tags of any size), ADTS AAC, AC-3 and E-AC-3, DTS and DTS-HD, AMR,
/// and GSM 06.10.
///
/// Frame-based streams have weak magic, so a stream is only claimed when several
/// consecutive frame headers agree: the first frame's length must lead to the next header.
package enum AudioStreamSniffer {
    /// The most ID3v2 tags skipped in a row.
    static let maximumTags = 8
    /// The most zero bytes of padding skipped after an ID3v2 tag.
    static let maximumPadding = 64 * 1024

    /// Classifies a bare audio file.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: The audio type, or `nil` when the bytes are not a stream this sniffer can
    ///   confirm.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        if MediaBytes.matches(head, 0, "caff") {
            guard MediaBytes.u16be(head, 4) == 1, MediaBytes.fourCC(head, 8) == "desc" else {
                return nil
            }
            return SniffResult("com.apple.coreaudio-format", detail: "caff version 1, desc chunk")
        }
        if MediaBytes.matches(head, 0, "DTSHDHDR") {
            return dtsHDFile(head)
        }
        if MediaBytes.matches(head, 0, "#!AMR\n") && amrFramesHold(head, from: 6)
            || MediaBytes.matches(head, 0, "#!AMR_MC1.0\n")
        {
            return SniffResult("org.3gpp.adaptive-multi-rate-audio", detail: "#!AMR header")
        }
        var reader = MediaWindowReader(input)
        if MediaBytes.matches(head, 0, "ID3") {
            return sniffBehindTags(from: 0, reader: &reader, prefix: "")
                ?? tagToTheEnd(head, fileSize: input.fileSize)
        }
        // Some rippers and stream dumps write zero bytes (or a CRLF) before the tag or the first
        // frame; a short head (a reader's, in tests) is extended to cover them.
        if head.first == 0 || head.first == 0x0D {
            let leading =
                head.count > maximumLeadingZeros || UInt64(head.count) == input.fileSize
                ? head : (reader.bytes(at: 0, upTo: maximumLeadingZeros + 10) ?? head)
            guard let start = leadingFillerEnd(leading) else { return nil }
            let prefix = head[0] == 0 ? "\(start) zero bytes skipped; " : "a leading CRLF skipped; "
            if MediaBytes.matches(leading, start, "ID3") {
                return sniffBehindTags(from: UInt64(start), reader: &reader, prefix: prefix)
            }
            return sniffStream(
                at: UInt64(start),
                requiredFrames: 3,
                reader: &reader,
                prefix: prefix
            )
        }
        return sniffStream(at: 0, requiredFrames: 3, reader: &reader, prefix: "")
    }

    /// The most bytes of unknown content before an MPEG audio stream found late.
    static let maximumLeadingJunk = 8 * 1024

    /// MPEG audio (layers II and III) behind bytes nothing recognises: a few lines of text, a
    /// broken tag, a stream dump's stray bytes, which decoders skip as they search for a
    /// frame sync.
    ///
    /// Asked only after every signature and libmagic found nothing, as a frame run may sit
    /// inside another format's data. The first frame sync in the first
    /// ``maximumLeadingJunk`` bytes that opens five consistent frames in a row, or three that
    /// end exactly at the end of the file, decides.
    package static func sniffAfterUnknownBytes(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        let limit = min(head.count - 4, maximumLeadingJunk)
        guard limit > 1 else { return nil }
        var reader = MediaWindowReader(input)
        var index = 1
        while index < limit, let sync = head[index..<limit].firstIndex(of: 0xFF) {
            index = sync + 1
            guard let first = MPEGAudioFrame(Array(head[sync..<(sync + 4)])), first.layer != 1,
                let frames = chain(
                    at: UInt64(sync),
                    requiredFrames: 5,
                    reader: &reader,
                    parse: {
                        MPEGAudioFrame($0)
                    }
                ),
                frames >= 3
            else { continue }
            let detail =
                "\(sync) unknown bytes skipped; \(frames) consecutive MPEG audio layer "
                + "\(first.layer) frames"
            return SniffResult(first.layer == 3 ? "public.mp3" : "public.mp2", detail: detail)
        }
        return nil
    }

    /// The fewest GSM frames a bare GSM file must hold, all in the head, to be claimed.
    static let minimumGSMFrames = 8

    /// Bare GSM 06.10 full-rate audio (the `.gsm` files of sox, libgsm's `toast` and
    /// telephony systems): 33-byte frames with no header, each opening with the nibble 0xD
    /// that libgsm writes before a frame's 260 bits of parameters.
    ///
    /// The file must be whole frames, at least ``minimumGSMFrames`` of them, and every frame
    /// in the head must open so: another file meets that by chance about once in 33 times
    /// 16 to the eighth power.
    static func gsm(_ input: SniffInput) -> SniffResult? {
        let frameSize = 33
        let head = input.head
        guard input.fileSize % UInt64(frameSize) == 0,
            input.fileSize >= UInt64(frameSize * minimumGSMFrames)
        else { return nil }
        let frames = head.count / frameSize
        guard frames >= minimumGSMFrames,
            stride(from: 0, to: frames * frameSize, by: frameSize).allSatisfy({
                head[$0] >> 4 == 0xD
            })
        else { return nil }
        return SniffResult(
            "org.etsi.gsm-audio",
            detail: "GSM 06.10 stream, \(input.fileSize / UInt64(frameSize)) frames of 33 bytes"
        )
    }

    /// The most zero bytes skipped before a bare stream's first frame.
    static let maximumLeadingZeros = 1024

    /// Where a frame sync or an ID3v2 tag follows leading filler: up to
    /// ``maximumLeadingZeros`` zero bytes, or a CRLF; nil when the head does not start so, or
    /// neither follows.
    static func leadingFillerEnd(_ head: [UInt8]) -> Int? {
        guard head.count > 2 else { return nil }
        if head[0] == 0x0D, head[1] == 0x0A {
            return head[2] == 0xFF || MediaBytes.matches(head, 2, "ID3") ? 2 : nil
        }
        guard head[0] == 0 else { return nil }
        let limit = min(head.count, maximumLeadingZeros + 1)
        guard let first = head[..<limit].firstIndex(where: { $0 != 0 }),
            head[first] == 0xFF || MediaBytes.matches(head, first, "ID3")
        else { return nil }
        return first
    }

    /// A file that is one valid ID3v2 tag to its end or beyond, taken for MP3.
    ///
    /// Such a file is an MP3 cut short inside its tag (a sample's first kilobytes, an
    /// interrupted download), or a tag alone. ID3v2 was made for MPEG audio, and
    /// shared-mime-info, Tika and libmagic read `ID3` as MP3 too; the answer is tentative, as
    /// no frame was seen.
    private static func tagToTheEnd(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        guard let size = MediaBytes.id3v2TagLength(head), size >= fileSize else { return nil }
        return SniffResult(
            "public.mp3",
            detail: "ID3v2.\(head[3]) tag of \(size) bytes, which the file's \(fileSize) "
                + "bytes end in; no frame seen",
            isTentative: true
        )
    }

    private static func sniffBehindTags(
        from start: UInt64,
        reader: inout MediaWindowReader,
        prefix filler: String
    ) -> SniffResult? {
        guard let (end, skipped) = endOfTags(from: start, reader: &reader) else { return nil }
        let prefix = filler + "ID3v2 tag of \(skipped) bytes skipped; "
        return sniffStream(at: end, requiredFrames: 2, reader: &reader, prefix: prefix)
    }

    /// Where the content behind the ID3v2 tags at the start of the input begins: after every
    /// tag in a row (at most ``maximumTags``) and the zero padding after them; nil when the
    /// input does not start with a tag, a tag's header is invalid, or nothing follows.
    package static func endOfLeadingTags(_ input: SniffInput) -> UInt64? {
        guard MediaBytes.matches(input.head, 0, "ID3") else { return nil }
        var reader = MediaWindowReader(input)
        return endOfTags(from: 0, reader: &reader)?.end
    }

    /// Walks the ID3v2 tags in a row from `start` (at most ``maximumTags``) and the zero
    /// padding some writers put beyond a tag's declared size: where what follows begins, and
    /// how many bytes the tags themselves took; nil for an invalid tag header, a tag that runs
    /// to or past the end, or nothing but zeros after the tags.
    private static func endOfTags(
        from start: UInt64,
        reader: inout MediaWindowReader
    ) -> (end: UInt64, skipped: UInt64)? {
        var offset = start
        var skipped: UInt64 = 0
        for _ in 0..<maximumTags {
            guard let header = reader.bytes(at: offset, count: 10),
                MediaBytes.matches(header, 0, "ID3")
            else { break }
            guard let size = MediaBytes.id3v2TagLength(header) else { return nil }
            let (next, overflow) = offset.addingReportingOverflow(size)
            guard !overflow, next < reader.fileSize else { return nil }
            offset = next
            skipped += size
        }
        guard let padding = reader.bytes(at: offset, upTo: maximumPadding),
            let firstNonZero = padding.firstIndex(where: { $0 != 0 })
        else { return nil }
        let (end, overflow) = offset.addingReportingOverflow(UInt64(firstNonZero))
        guard !overflow else { return nil }
        return (end, skipped)
    }

    private static func sniffStream(
        at offset: UInt64,
        requiredFrames: Int,
        reader: inout MediaWindowReader,
        prefix: String
    ) -> SniffResult? {
        guard let start = reader.bytes(at: offset, upTo: 8), start.count >= 4 else { return nil }
        if MediaBytes.matches(start, 0, "fLaC") {
            guard start.count >= 8, start[4] & 0x7F == 0,
                MediaBytes.u32be(start, 4).map({ $0 & 0x00FF_FFFF }) == 34
            else { return nil }
            return SniffResult("org.xiph.flac", detail: prefix + "fLaC with STREAMINFO")
        }
        if start[0] == 0x0B, start[1] == 0x77 {
            return ac3(at: offset, requiredFrames: requiredFrames, reader: &reader, prefix: prefix)
        }
        if DTSFrame.syncWords.contains(MediaBytes.u32be(start, 0) ?? 0) {
            return dts(at: offset, requiredFrames: requiredFrames, reader: &reader, prefix: prefix)
        }
        if start[0] == 0x56, start[1] & 0xE0 == 0xE0 {
            // LOAS, LATM audio's transport (ISO/IEC 14496-3, 1.7.2): frames of a sync word and
            // a length, each following the last. Read here, the stream needs no libmagic,
            // whose opening a media batch would otherwise pay for.
            let frames = chain(at: offset, requiredFrames: requiredFrames, reader: &reader) {
                LOASFrame($0)
            }
            guard let frames else { return nil }
            return SniffResult(
                "public.mp4a-loas",
                detail: prefix + "\(frames) consecutive LOAS frames"
            )
        }
        guard start[0] == 0xFF else { return nil }
        if start[1] & 0xF6 == 0xF0 {
            let frames = chain(at: offset, requiredFrames: requiredFrames, reader: &reader) {
                ADTSFrame($0)
            }
            guard let frames else { return nil }
            return SniffResult(
                "public.aac-audio",
                detail: prefix + "\(frames) consecutive ADTS frames"
            )
        }
        if start[1] & 0xE0 == 0xE0 {
            guard let first = MPEGAudioFrame(start) else { return nil }
            let frames = chain(at: offset, requiredFrames: requiredFrames, reader: &reader) {
                MPEGAudioFrame($0)
            }
            guard let frames else { return nil }
            let detail = prefix + "\(frames) consecutive MPEG audio layer \(first.layer) frames"
            switch first.layer {
            case 3: return SniffResult("public.mp3", detail: detail)
            case 2: return SniffResult("public.mp2", detail: detail)
            default: return nil
            }
        }
        return nil
    }

    private static func ac3(
        at offset: UInt64,
        requiredFrames: Int,
        reader: inout MediaWindowReader,
        prefix: String
    ) -> SniffResult? {
        var enhanced = false
        let frames = chain(at: offset, requiredFrames: requiredFrames, reader: &reader) {
            (bytes: [UInt8]) -> AC3Frame? in
            let frame = AC3Frame(bytes)
            if frame?.isEnhanced == true { enhanced = true }
            return frame
        }
        guard let frames else { return nil }
        if enhanced {
            return SniffResult(
                "public.enhanced-ac3-audio",
                detail: prefix + "\(frames) consecutive E-AC-3 frames (bsid > 10)"
            )
        }
        return SniffResult("public.ac3-audio", detail: prefix + "\(frames) consecutive AC-3 frames")
    }

    /// Follows frames from `offset` by their lengths; returns how many were valid and
    /// consistent when at least `requiredFrames` were (or at least two ending exactly at the
    /// end of the file), else `nil`.
    static func chain<Frame: AudioFrame>(
        at offset: UInt64,
        requiredFrames: Int,
        reader: inout MediaWindowReader,
        headerBytes: Int = 8,
        parse: ([UInt8]) -> Frame?
    ) -> Int? {
        var position = offset
        var first: Frame?
        var count = 0
        while count < requiredFrames {
            if position == reader.fileSize, count >= 2 {
                return count
            }
            guard
                let bytes = reader.bytes(at: position, count: headerBytes)
                    ?? shortTail(position, headerBytes, &reader),
                let frame = parse(bytes)
            else { return nil }
            if let first {
                guard frame.isConsistent(with: first) else { return nil }
            } else {
                first = frame
            }
            count += 1
            let (next, overflow) = position.addingReportingOverflow(UInt64(frame.length))
            guard !overflow else { return nil }
            position = next
        }
        return count
    }

    /// The last bytes of a file too short for a full read of `count` bytes (a frame header
    /// needs fewer), padded with zeros to `count`.
    private static func shortTail(
        _ position: UInt64,
        _ count: Int,
        _ reader: inout MediaWindowReader
    ) -> [UInt8]? {
        guard let bytes = reader.bytes(at: position, upTo: count), bytes.count >= 6 else {
            return nil
        }
        return bytes + [UInt8](repeating: 0, count: count - bytes.count)
    }
}

protocol AudioFrame {
    /// The frame's length in bytes, header included (always positive).
    var length: Int { get }
    func isConsistent(with first: Self) -> Bool
}

/// An MPEG-1/2/2.5 audio frame header.
private struct MPEGAudioFrame: AudioFrame {
    var version: UInt8
    var layer: Int
    var sampleRate: Int
    var length: Int

    private static let bitrates: [[Int]] = [
        // MPEG-1 layers I, II, III
        [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
        [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
        [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
        // MPEG-2 and 2.5 layer I, then layers II and III
        [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
        [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    ]

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] & 0xE0 == 0xE0 else { return nil }
        let versionBits = (bytes[1] >> 3) & 0x03  // 0: 2.5, 1: reserved, 2: 2, 3: 1
        let layerBits = (bytes[1] >> 1) & 0x03  // 1: III, 2: II, 3: I
        let bitrateIndex = Int(bytes[2] >> 4)
        let rateIndex = Int((bytes[2] >> 2) & 0x03)
        let padding = Int((bytes[2] >> 1) & 0x01)
        guard versionBits != 1, layerBits != 0, bitrateIndex != 0, bitrateIndex != 15,
            rateIndex != 3, bytes[3] & 0x03 != 2
        else { return nil }
        let layer = 4 - Int(layerBits)
        let isVersion1 = versionBits == 3
        let table = isVersion1 ? layer - 1 : (layer == 1 ? 3 : 4)
        let bitrate = Self.bitrates[table][bitrateIndex] * 1000
        let baseRates = [44_100, 48_000, 32_000]
        let sampleRate = baseRates[rateIndex] >> (versionBits == 3 ? 0 : versionBits == 2 ? 1 : 2)
        let length: Int
        switch layer {
        case 1: length = (12 * bitrate / sampleRate + padding) * 4
        case 2: length = 144 * bitrate / sampleRate + padding
        default: length = (isVersion1 ? 144 : 72) * bitrate / sampleRate + padding
        }
        guard length >= 4 else { return nil }
        self.version = versionBits
        self.layer = layer
        self.sampleRate = sampleRate
        self.length = length
    }

    func isConsistent(with first: MPEGAudioFrame) -> Bool {
        version == first.version && layer == first.layer && sampleRate == first.sampleRate
    }
}

/// An ADTS (AAC) frame header.
private struct ADTSFrame: AudioFrame {
    var profile: UInt8
    var rateIndex: UInt8
    var length: Int

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 7, bytes[0] == 0xFF, bytes[1] & 0xF6 == 0xF0 else { return nil }
        let protectionAbsent = bytes[1] & 0x01 == 1
        let rateIndex = (bytes[2] >> 2) & 0x0F
        guard rateIndex < 13 else { return nil }
        let length =
            Int(bytes[3] & 0x03) << 11 | Int(bytes[4]) << 3 | Int(bytes[5] >> 5)
        guard length >= (protectionAbsent ? 7 : 9) else { return nil }
        self.profile = bytes[2] >> 6
        self.rateIndex = rateIndex
        self.length = length
    }

    func isConsistent(with first: ADTSFrame) -> Bool {
        profile == first.profile && rateIndex == first.rateIndex
    }
}

/// A LOAS frame header (ISO/IEC 14496-3, AudioSyncStream): the 11-bit sync word 0x2B7 and a
/// 13-bit length of the frame after the 3-byte header.
struct LOASFrame: AudioFrame {
    var length: Int

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 3, bytes[0] == 0x56, bytes[1] & 0xE0 == 0xE0 else { return nil }
        let payload = Int(bytes[1] & 0x1F) << 8 | Int(bytes[2])
        guard payload > 0 else { return nil }
        self.length = 3 + payload
    }

    func isConsistent(with first: LOASFrame) -> Bool { true }
}

/// An AC-3 or E-AC-3 sync frame header.
private struct AC3Frame: AudioFrame {
    var isEnhanced: Bool
    var sampleRateCode: UInt8
    var length: Int

    private static let bitrates = [
        32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 576, 640,
    ]

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 6, bytes[0] == 0x0B, bytes[1] == 0x77 else { return nil }
        let bsid = bytes[5] >> 3
        let sampleRateCode = bytes[4] >> 6
        if bsid <= 10 {
            let sizeCode = Int(bytes[4] & 0x3F)
            guard sampleRateCode != 3, sizeCode < 38 else { return nil }
            let bitrate = Self.bitrates[sizeCode / 2]
            let words: Int
            switch sampleRateCode {
            case 0: words = 2 * bitrate  // 48 kHz
            case 1: words = bitrate * 192_000 / 44_100 / 2 + (sizeCode & 1)  // 44.1 kHz
            default: words = 3 * bitrate  // 32 kHz
            }
            self.isEnhanced = false
            self.length = words * 2
        } else if bsid <= 16 {
            let streamType = bytes[2] >> 6
            guard streamType != 3 else { return nil }
            let frameSize = Int(bytes[2] & 0x07) << 8 | Int(bytes[3])
            self.isEnhanced = true
            self.length = (frameSize + 1) * 2
        } else {
            return nil
        }
        self.sampleRateCode = sampleRateCode
    }

    func isConsistent(with first: AC3Frame) -> Bool {
        sampleRateCode == first.sampleRateCode
    }
}

extension AudioStreamSniffer {
    /// The size of an AMR narrowband frame with its header byte, by frame type (RFC 4867,
    /// 5.3: the eight speech modes, then SID); type 15 (no data) is the header alone.
    private static let amrFrameSizes: [Int] = [13, 14, 16, 18, 20, 21, 27, 32, 6]

    /// Whether the frames after `#!AMR` read as AMR's.
    ///
    /// Up to eight frames, or to the end of the head: each header byte has its padding bits
    /// clear and a frame type of a speech mode, SID or no data (RFC 4867, 5.3). Text after
    /// the magic line has neither.
    static func amrFramesHold(_ head: [UInt8], from start: Int) -> Bool {
        var position = start
        for _ in 0..<8 where position < head.count {
            let header = head[position]
            let type = Int(header >> 3) & 0x0F
            guard header & 0x83 == 0, type < amrFrameSizes.count || type == 15 else {
                return false
            }
            position += type == 15 ? 1 : amrFrameSizes[type]
        }
        return true
    }
}
