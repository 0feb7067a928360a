/// The elementary streams of an MPEG transport or program stream as the readers gather them:
/// each stream's kind, the header of its first payload, and its first and last presentation
/// time stamps (90 kHz) from the bounded head and tail reads.
struct ElementaryStream {
    var isVideo: Bool
    /// The codec the container's stream type names, before the payload is read.
    var codec: String?
    var kind: StreamHeaders.VideoKind?
    var header: StreamHeader?
    var firstPTS: UInt64?
    var lastPTS: UInt64?
    /// The first PES payload's bytes, gathered until ``ElementaryStreams/payloadBytes``.
    var payload: [UInt8] = []
    var hasPayloadStart = false
    /// True for a stream the container does not name (private data in a transport stream):
    /// it is audio only when its payload starts with an audio frame header.
    var isProbed = false
}

enum ElementaryStreams {
    /// How many bytes of a stream's first payload are gathered for its header.
    static let payloadBytes = 4096
    /// The most streams followed in one file.
    static let maximumStreams = 32
    /// The bytes read at the head and at the tail, in 64 KiB steps at the head.
    static let windowBytes = 256 << 10

    /// The properties the streams state: track counts, the first video and audio streams'
    /// headers, and the span of their time stamps.
    ///
    /// The duration, as ffprobe estimates it, is the latest last time stamp plus that
    /// stream's frame length, less the earliest first time stamp (modulo 2^33).
    static func properties(_ streams: [ElementaryStream]) -> MediaProperties? {
        let streams = streams.filter { !$0.isProbed || $0.header?.codec != nil }
        guard !streams.isEmpty else { return nil }
        var result = MediaProperties()
        let video = streams.filter(\.isVideo)
        let audio = streams.filter { !$0.isVideo }
        result.videoTrackCount = video.count
        result.audioTrackCount = audio.count
        if let first = video.first {
            result.videoCodec = first.codec
            first.header?.apply(to: &result)
        }
        if let first = audio.first {
            result.audioCodec = first.header?.codec ?? first.codec
            result.channels = first.header?.channels
            result.sampleRate = first.header?.sampleRate
            if result.audioCodec == "pcm" { result.audioBitDepth = first.header?.bitDepth }
        }
        result.duration = span(streams)
        return result
    }

    private static func span(_ streams: [ElementaryStream]) -> Double? {
        guard let reference = streams.lazy.compactMap(\.firstPTS).first else { return nil }
        let modulus: UInt64 = 1 << 33
        func offset(_ value: UInt64) -> Double {
            let difference = (value &+ modulus &- reference) % modulus
            return difference >= modulus / 2
                ? -Double(modulus - difference) / 90000 : Double(difference) / 90000
        }
        var start: Double?
        var end: Double?
        for stream in streams {
            if let first = stream.firstPTS { start = min(start ?? .infinity, offset(first)) }
            guard let last = stream.lastPTS else { continue }
            var frame = 0.0
            if stream.isVideo, let rate = stream.header?.frameRate, rate > 0 {
                frame = 1 / rate
            } else if let samples = stream.header?.samplesPerFrame,
                let rate = stream.header?.sampleRate, rate > 0
            {
                frame = Double(samples) / Double(rate)
            }
            end = max(end ?? -.infinity, offset(last) + frame)
        }
        guard let start, let end, end > start, (end - start).isFinite else { return nil }
        return end - start
    }

    /// Adds PES payload bytes to a stream's first payload, and reads its header once enough
    /// is gathered (or when `final`).
    static func gather(
        _ stream: inout ElementaryStream,
        _ bytes: ArraySlice<UInt8>,
        final: Bool = false
    ) {
        guard stream.header == nil else { return }
        let room = payloadBytes - stream.payload.count
        if room > 0 { stream.payload += bytes.prefix(room) }
        guard final || stream.payload.count >= payloadBytes else { return }
        if stream.isVideo {
            stream.header = StreamHeaders.video(stream.payload, expecting: stream.kind)
        } else if stream.codec == "pcm" || stream.codec == "dts" {
            stream.header = StreamHeader(codec: stream.codec)
        } else {
            stream.header = StreamHeaders.audio(stream.payload, within: stream.isProbed ? 1 : 4096)
        }
        stream.payload = []
    }
}
