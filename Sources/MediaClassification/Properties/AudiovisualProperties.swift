/// Chooses the properties reader of an audio or video file by its container signature (ISO-BMFF,
/// Matroska, AVI, ASF, FLV, MPEG-PS and MPEG-TS), and reads the audio formats with a header of
/// their own: WAV, FLAC, Ogg (Opus, Vorbis, FLAC,
/// Speex) and MPEG audio.
enum AudiovisualProperties {
    static func read(_ source: inout PropertySource) -> MediaProperties? {
        let head = source.head
        if ISOBMFFSniffer.isCandidate(head) { return ISOBMFFProperties.read(&source) }
        if head.has([0x1A, 0x45, 0xDF, 0xA3], at: 0) { return MatroskaProperties.read(&source) }
        if head.has("OggS", at: 0) { return ogg(&source) }
        if head.has("RIFF", at: 0) || head.has("AVF0", at: 0), head.has("AVI ", at: 8) {
            return AVIProperties.read(&source)
        }
        if ASFProperties.isHeader(head) { return ASFProperties.read(&source) }
        if head.has("FLV", at: 0), head.byte(3) == 1 { return FLVProperties.read(&source) }
        if head.has([0, 0, 1, 0xBA], at: 0) { return MPEGProgramProperties.read(&source) }
        if TransportStreamTables.layout(head) != nil {
            return MPEGTransportProperties.read(&source)
        }
        if let found = AudioHeaderProperties.read(&source) { return found }
        // WAV, FLAC and MPEG audio hold one audio stream and no video, by their format.
        var found: MediaProperties?
        if head.has("RIFF", at: 0), head.has("WAVE", at: 8) {
            found = wave(&source)
        } else if let start = id3Length(leadingBytes(&source)) {
            let marker = source.bytes(at: start, count: 4)
            if let marker, marker.has("fLaC", at: 0) {
                found = flac(&source, at: start)
            } else if start > 0, let marker, marker.first != 0xFF,
                let inner = source.input.shifted(by: start, headCount: source.head.count),
                !inner.head.has("ID3", at: 0)
            {
                // A whole file behind the tags (a tagged WAV or AIFF): read as one.
                return MediaProperties.read(inner, image: false)
            } else {
                found = mpegAudio(&source, at: start)
            }
        }
        found?.videoTrackCount = 0
        return found
    }

    /// The head, or the first bytes read through the source when the head is shorter than
    /// the filler the sniffer skips (a reader given a small head).
    private static func leadingBytes(_ source: inout PropertySource) -> [UInt8] {
        let wanted = AudioStreamSniffer.maximumLeadingZeros + 10
        guard source.head.count < wanted, source.fileSize > UInt64(source.head.count) else {
            return source.head
        }
        return source.bytes(at: 0, upTo: wanted) ?? source.head
    }

    /// Where the audio starts: after leading filler (zero bytes or a CRLF, as the sniffer
    /// skips them) and an ID3v2 tag, zero without either; nil for a malformed tag.
    private static func id3Length(_ head: [UInt8]) -> UInt64? {
        let filler = AudioStreamSniffer.leadingFillerEnd(head) ?? 0
        guard head.has("ID3", at: filler) else { return UInt64(filler) }
        return MediaBytes.id3v2TagLength(head, at: filler).map { UInt64(filler) + $0 }
    }

    // MARK: WAV

    private static func wave(_ source: inout PropertySource) -> MediaProperties? {
        var offset: UInt64 = 12
        var result = MediaProperties(audioTrackCount: 1)
        var byteRate: UInt32?
        var sawFormat = false
        for _ in 0..<64 {
            guard let chunk = source.bytes(at: offset, count: 8), let type = chunk.fourCC(0),
                let size = chunk.le32(4)
            else { break }
            if type == "fmt " {
                guard size >= 16,
                    let bytes = source.bytes(at: offset + 8, count: Int(min(size, 64))),
                    let format = MicrosoftCodecs.waveFormat(bytes)
                else { return nil }
                sawFormat = true
                result.channels = format.channels
                result.sampleRate = format.sampleRate
                result.audioCodec = format.codec
                if format.codec == "pcm" { result.audioBitDepth = format.bitDepth }
                byteRate = bytes.le32(8).flatMap { $0 > 0 ? $0 : nil }
            } else if type == "data" {
                // A data chunk of size 0 or all ones is a stream whose length was not written.
                if let byteRate, size > 0, size != .max, result.audioCodec == "pcm",
                    UInt64(size) <= source.fileSize - offset - 8
                {
                    result.duration = Double(size) / Double(byteRate)
                }
                break
            }
            offset += 8 + UInt64(size) + UInt64(size & 1)
        }
        return sawFormat ? result : nil
    }

    // MARK: FLAC

    private static func flac(_ source: inout PropertySource, at start: UInt64) -> MediaProperties? {
        guard let block = source.bytes(at: start + 4, count: 4 + 34), block[0] & 0x7F == 0,
            let info = streamInfo(Array(block[4...]))
        else { return nil }
        return info
    }

    /// The FLAC STREAMINFO block's sample rate, channels, bits per sample and length.
    static func streamInfo(_ info: [UInt8]) -> MediaProperties? {
        guard info.count >= 18, let packed = info.be64(10) else { return nil }
        let rate = Int(packed >> 44)
        let channels = Int(packed >> 41 & 0x7) + 1
        let bits = Int(packed >> 36 & 0x1F) + 1
        let samples = packed & 0xF_FFFF_FFFF
        guard rate > 0 else { return nil }
        var result = MediaProperties(
            audioCodec: "flac",
            channels: channels,
            sampleRate: rate,
            audioBitDepth: bits,
            audioTrackCount: 1
        )
        if samples > 0 { result.duration = Double(samples) / Double(rate) }
        return result
    }

    // MARK: Ogg

    private static func ogg(_ source: inout PropertySource) -> MediaProperties? {
        let head = source.head
        guard let segments = head.byte(26), let serial = head.le32(14) else { return nil }
        let packetStart = 27 + segments
        let packetLength = (0..<segments).reduce(0) { $0 + (head.byte(27 + $1) ?? 0) }
        guard packetStart + packetLength <= head.count else { return nil }
        let packet = Array(head[packetStart..<(packetStart + packetLength)])
        var result: MediaProperties
        var granuleRate: Int
        var preSkip: UInt64 = 0
        if packet.has("OpusHead", at: 0) {
            guard let channels = packet.byte(9), channels > 0, let skip = packet.le16(10) else {
                return nil
            }
            // Opus always decodes at 48 kHz; the header's input rate is only informative.
            result = MediaProperties(audioCodec: "opus", channels: channels, sampleRate: 48000)
            granuleRate = 48000
            preSkip = UInt64(skip)
        } else if packet.has([0x01] + Array("vorbis".utf8), at: 0) {
            guard let channels = packet.byte(11), channels > 0, let rate = packet.le32(12),
                rate > 0
            else { return nil }
            result = MediaProperties(
                audioCodec: "vorbis",
                channels: channels,
                sampleRate: Int(rate)
            )
            granuleRate = Int(rate)
        } else if packet.has([0x7F] + Array("FLAC".utf8), at: 0), packet.has("fLaC", at: 9),
            let info = streamInfo(Array(packet.dropFirst(17)))
        {
            result = info
            result.duration = nil
            guard let rate = info.sampleRate else { return nil }
            granuleRate = rate
        } else if packet.has("Speex   ", at: 0) {
            guard let rate = packet.le32(36), rate > 0, let channels = packet.le32(48),
                channels > 0, channels < 256
            else { return nil }
            result = MediaProperties(
                audioCodec: "speex",
                channels: Int(channels),
                sampleRate: Int(rate)
            )
            granuleRate = Int(rate)
        } else {
            return nil
        }
        result.audioTrackCount = 1
        if let granule = lastGranule(&source, serial: serial), granule >= preSkip {
            result.duration = Double(granule - preSkip) / Double(granuleRate)
        }
        return result
    }

    /// The granule position of the last page of the stream `serial`, from the file's last
    /// 64 KiB.
    private static func lastGranule(_ source: inout PropertySource, serial: UInt32) -> UInt64? {
        let size = source.fileSize
        let tailStart = size > 65536 ? size - 65536 : 0
        guard let tail = source.bytes(at: tailStart, count: Int(size - tailStart)), tail.count >= 27
        else { return nil }
        var index = tail.count - 27
        while index >= 0 {
            if tail.has("OggS", at: index), tail.le32(index + 14) == serial,
                let granule = tail.le64(index + 6), granule != .max
            {
                return granule
            }
            index -= 1
        }
        return nil
    }

    // MARK: MPEG audio

    /// An MPEG audio stream: rate, channels and layer, and the length a header states.
    ///
    /// The first frame header gives the rate, channels and layer; a Xing/Info or VBRI header
    /// gives the frame count, hence the length. Without one, no duration is given: the
    /// stream may be of variable bitrate, and its length is then unknown without reading it.
    private static func mpegAudio(_ source: inout PropertySource, at start: UInt64)
        -> MediaProperties?
    {
        guard let frame = source.bytes(at: start, upTo: 4 + 32 + 4 + 12 + 200),
            let (found, samplesPerFrame) = mpegAudioFrame(frame)
        else { return nil }
        var result = found
        result.audioTrackCount = 1
        let version = Int(frame[1] >> 3 & 0x3)
        let layer = Int(frame[1] >> 1 & 0x3)
        let mono = frame[3] >> 6 == 3
        guard let rate = result.sampleRate else { return nil }
        let side = version == 3 ? (mono ? 17 : 32) : (mono ? 9 : 17)
        var frames: UInt32?
        if layer == 1, frame.has("Xing", at: 4 + side) || frame.has("Info", at: 4 + side),
            let flags = frame.be32(8 + side), flags & 1 != 0
        {
            frames = frame.be32(12 + side)
        } else if frame.has("VBRI", at: 36) {
            frames = frame.be32(36 + 14)
        }
        if let frames, frames > 0 {
            result.duration = Double(frames) * Double(samplesPerFrame) / Double(rate)
        }
        return result
    }

    /// An MPEG audio frame header at the start of `frame`: codec (`mp1`, `mp2`, `mp3`),
    /// rate and channels, and the samples one frame holds.
    static func mpegAudioFrame(_ frame: [UInt8]) -> (MediaProperties, samplesPerFrame: Int)? {
        guard frame.count >= 4, frame[0] == 0xFF, frame[1] & 0xE0 == 0xE0 else { return nil }
        let version = Int(frame[1] >> 3 & 0x3)  // 0: 2.5, 2: 2, 3: 1
        let layer = Int(frame[1] >> 1 & 0x3)  // 1: III, 2: II, 3: I
        let bitrateIndex = Int(frame[2] >> 4)
        let rateIndex = Int(frame[2] >> 2 & 0x3)
        guard version != 1, layer != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
        let baseRates = [44100, 48000, 32000][rateIndex]
        let rate = version == 3 ? baseRates : version == 2 ? baseRates / 2 : baseRates / 4
        let mono = frame[3] >> 6 == 3
        let codec = layer == 1 ? "mp3" : layer == 2 ? "mp2" : "mp1"
        let samplesPerFrame: Int
        switch (layer, version) {
        case (3, _): samplesPerFrame = 384
        case (2, _), (1, 3): samplesPerFrame = 1152
        default: samplesPerFrame = 576
        }
        let found = MediaProperties(audioCodec: codec, channels: mono ? 1 : 2, sampleRate: rate)
        return (found, samplesPerFrame)
    }
}
