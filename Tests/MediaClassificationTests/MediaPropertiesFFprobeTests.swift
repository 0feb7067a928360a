import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// Compares the media properties mediatype reads with what ffprobe says.
///
/// ffprobe (Debian `ffmpeg`) is asked about every media fixture of `Fixtures/manifest.json`, and the files of
/// `Fixtures/properties/`. No expected value is written here; ffprobe is the oracle.
@Suite struct MediaPropertiesFFprobeTests {
    /// The types whose properties the readers claim to read: on these, a property ffprobe
    /// reports must be stated (except the duration of MPEG audio, which only a Xing/Info or
    /// VBRI header states).
    static let readTypes: Set<String> = [
        "public.mpeg-4", "public.mpeg-4-audio", "com.apple.m4a-audio", "com.apple.m4v-video",
        "com.apple.quicktime-movie", "com.apple.quicktime-audio", "public.3gpp", "public.3gpp2",
        "org.3gpp.3gpp-audio", "com.adobe.f4v-video", "org.matroska.mkv", "org.matroska.mka",
        "org.webmproject.webm", "org.webmproject.webm-audio", "com.microsoft.waveform-audio",
        "org.xiph.flac", "org.xiph.ogg-flac", "org.xiph.vorbis", "org.xiph.opus", "org.xiph.speex",
        "public.mp3", "public.png", "org.mozilla.apng", "public.jpeg", "com.compuserve.gif",
        "org.webmproject.webp", "org.webmproject.webp.animated", "com.microsoft.bmp",
        "public.heic", "public.avif", "org.aomedia.avif-sequence", "public.aiff-audio",
        "public.aifc-audio", "com.apple.coreaudio-format", "public.au-audio", "public.aac-audio",
        "public.ac3-audio", "public.tiff", "com.adobe.raw-image", "public.jpeg-xl", "public.avi",
        "com.microsoft.windows-media-wmv",
        "com.microsoft.windows-media-wma", "com.microsoft.advanced-systems-format",
        "public.mpeg-2-transport-stream", "public.avchd-mpeg-2-transport-stream", "public.mpeg",
        "com.adobe.flash.video", "com.adobe.flash.audio", "org.iso.mpeg-2-transport-stream-audio",
        "org.iso.mpeg-program-stream-audio", "com.microsoft.avi-audio",
    ]

    /// Bare streams whose length no header states.
    ///
    /// MPEG audio (unless a Xing/Info or VBRI header is there), ADTS and AC-3: ffprobe estimates it; the readers do not.
    static let streamTypes: Set<String> = ["public.mp3", "public.aac-audio", "public.ac3-audio"]

    /// Every media file to compare: the manifest's images, audio and movies, then the
    /// properties fixtures.
    static func files() throws -> [String] {
        let media = try Fixture.all().filter {
            ["image", "audio", "movie"].contains($0.family ?? "")
        }
        let folder = fixturesFolder.appendingPathComponent("properties")
        let extra = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasSuffix(".sh") && !$0.hasSuffix(".md") }
            .sorted()
        return media.map(\.path) + extra.map { folder.appendingPathComponent($0).path }
    }

    /// Without ffprobe the comparison is skipped with the reason, never passed: CI
    /// (`Scripts/fresh-clone-test.sh`) fails on a skipped test, and `.ci/run` installs it.
    @Test(
        "every property stated agrees with ffprobe, and nothing ffprobe reports is missing",
        .enabled(
            if: ffprobePath != nil,
            "ffprobe is not installed (Debian: apt-get install ffmpeg)"
        )
    )
    func agreesWithFFprobe() throws {
        guard let ffprobe = ffprobePath else {
            Issue.record("ffprobe is not installed (apt-get install ffmpeg): nothing compared")
            return
        }
        let classifier = Classifier(options: .init(readsProperties: true))
        var tally = Tally()
        let files = try Self.files()
        #expect(files.count > 60)
        for path in files {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let classification = try classifier.classify(fileAt: path)
            let probe = try Probe(ffprobe: ffprobe, path: path)
            if name.hasPrefix("bad-") {
                #expect(classification.properties == nil, "\(name): a lying header gave properties")
                tally.count("refused bad file")
                continue
            }
            let identifier = classification.type.identifier
            let claimed = Self.readTypes.contains(identifier)
            var properties = classification.properties ?? MediaProperties()
            if identifier == "public.jpeg-xl" {
                // ffmpeg decodes JPEG XL through libjxl, which applies the orientation first:
                // ffprobe's size is the displayed one.
                (properties.pixelWidth, properties.pixelHeight) =
                    (properties.displayWidth, properties.displayHeight)
            }
            let isImage = classification.type.conforms(to: .image)
            compare(
                name,
                properties,
                probe,
                claimed: claimed,
                isImage: isImage,
                statesLength: !Self.streamTypes.contains(identifier),
                &tally
            )
        }
        print("ffprobe comparisons: \(tally.summary)")
        for property in [
            "width", "height", "video codec", "audio codec", "sample rate", "channels",
            "duration", "rotation", "frame rate", "audio bit depth", "track counts", "transfer",
        ] {
            #expect(tally.counts[property, default: 0] > 0, "nothing compared for \(property)")
        }
    }

    private func compare(
        _ name: String,
        _ properties: MediaProperties,
        _ probe: Probe,
        claimed: Bool,
        isImage: Bool,
        statesLength: Bool,
        _ tally: inout Tally
    ) {
        if let video = probe.video, let width = video.int("width"), width > 0,
            let height = video.int("height")
        {
            if claimed {
                #expect(properties.pixelWidth != nil, "\(name): ffprobe says \(width) wide")
            }
            if let mine = properties.pixelWidth {
                #expect(mine == width, "\(name): width \(mine), ffprobe \(width)")
                tally.count("width")
            }
            if let mine = properties.pixelHeight {
                #expect(mine == height, "\(name): height \(mine), ffprobe \(height)")
                tally.count("height")
            }
            if !isImage {
                compareVideo(name, properties, video, claimed: claimed, &tally)
            }
        }
        if let audio = probe.audio {
            compareAudio(name, properties, audio, claimed: claimed, &tally)
        }
        if !isImage, let duration = probe.duration {
            if claimed, statesLength {
                #expect(properties.duration != nil, "\(name): ffprobe says \(duration) s")
            }
            if let mine = properties.duration {
                let frame = properties.frameRate.map { 1 / $0 } ?? 0
                let tolerance = max(0.010, frame) + 1e-9
                #expect(
                    abs(mine - duration) <= tolerance,
                    "\(name): duration \(mine) s, ffprobe \(duration) s"
                )
                tally.count("duration")
            }
        }
        if !isImage, let audioCount = properties.audioTrackCount,
            let videoCount = properties.videoTrackCount
        {
            #expect(audioCount == probe.audioCount, "\(name): \(audioCount) audio tracks")
            #expect(videoCount == probe.videoCount, "\(name): \(videoCount) video tracks")
            tally.count("track counts")
        }
    }

    private func compareVideo(
        _ name: String,
        _ properties: MediaProperties,
        _ video: Stream,
        claimed: Bool,
        _ tally: inout Tally
    ) {
        if let rotation = properties.rotation {
            let expected = ((-(video.rotation ?? 0)) % 360 + 360) % 360
            #expect(rotation == expected, "\(name): rotation \(rotation), ffprobe \(expected)")
            tally.count("rotation")
        }
        if let codecName = video.string("codec_name") {
            if claimed, CodecExpectation.video(video) != nil {
                #expect(properties.videoCodec != nil, "\(name): ffprobe says \(codecName)")
            }
            if let mine = properties.videoCodec, let expectation = CodecExpectation.video(video) {
                #expect(expectation.matches(mine), "\(name): \(mine), ffprobe \(expectation)")
                tally.count("video codec")
            }
        }
        if let mine = properties.frameRate, let rate = video.rate("avg_frame_rate") {
            #expect(abs(mine - rate) <= rate * 0.01, "\(name): \(mine) fps, ffprobe \(rate)")
            tally.count("frame rate")
        }
        if let mine = properties.bitDepth, let depth = video.componentDepth {
            #expect(mine == depth, "\(name): bit depth \(mine), ffprobe \(depth)")
            tally.count("video bit depth")
        }
        let transfer = video.transfer
        if claimed, let transfer {
            #expect(properties.transfer != nil, "\(name): ffprobe says transfer \(transfer)")
        }
        if let mine = properties.transfer {
            #expect(mine == transfer, "\(name): transfer \(mine), ffprobe \(transfer ?? "none")")
            tally.count("transfer")
        }
    }

    private func compareAudio(
        _ name: String,
        _ properties: MediaProperties,
        _ audio: Stream,
        claimed: Bool,
        _ tally: inout Tally
    ) {
        if let rate = audio.int("sample_rate"), rate > 0 {
            if claimed { #expect(properties.sampleRate != nil, "\(name): ffprobe says \(rate) Hz") }
            if let mine = properties.sampleRate {
                #expect(mine == rate, "\(name): \(mine) Hz, ffprobe \(rate) Hz")
                tally.count("sample rate")
            }
        }
        if let channels = audio.int("channels"), channels > 0 {
            if claimed {
                #expect(properties.channels != nil, "\(name): ffprobe says \(channels) ch")
            }
            if let mine = properties.channels {
                #expect(mine == channels, "\(name): \(mine) channels, ffprobe \(channels)")
                tally.count("channels")
            }
        }
        if let expectation = CodecExpectation.audio(audio) {
            if claimed { #expect(properties.audioCodec != nil, "\(name): ffprobe \(expectation)") }
            if let mine = properties.audioCodec {
                #expect(expectation.matches(mine), "\(name): \(mine), ffprobe \(expectation)")
                tally.count("audio codec")
            }
        }
        if let mine = properties.audioBitDepth {
            let depth = audio.int("bits_per_raw_sample") ?? audio.int("bits_per_sample")
            #expect(mine == depth, "\(name): \(mine) bits, ffprobe \(String(describing: depth))")
            tally.count("audio bit depth")
        }
    }
}

/// Where ffprobe is, from `PATH`.
let ffprobePath: String? = programOnPath("ffprobe")

/// How many comparisons were made per property.
private struct Tally {
    var counts: [String: Int] = [:]
    mutating func count(_ property: String) { counts[property, default: 0] += 1 }
    var summary: String {
        counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}

/// One stream of ffprobe's JSON.
struct Stream {
    var fields: [String: Any]

    func string(_ key: String) -> String? { fields[key] as? String }

    /// An integer field, whether ffprobe wrote it as a number or a string.
    func int(_ key: String) -> Int? {
        if let number = fields[key] as? Int { return number }
        return (fields[key] as? String).flatMap { Int($0) }
    }

    /// A `num/den` rate, nil for `0/0`.
    func rate(_ key: String) -> Double? {
        guard let text = string(key) else { return nil }
        let parts = text.split(separator: "/").compactMap { Double($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        return parts[0] / parts[1]
    }

    /// The display matrix's rotation (counter-clockwise degrees, ffmpeg's sign).
    var rotation: Int? {
        let side = fields["side_data_list"] as? [[String: Any]] ?? []
        return side.lazy.compactMap { $0["rotation"] as? Int }.first
    }

    /// Bits per colour component: ffprobe's `bits_per_raw_sample`, else what the pixel
    /// format's name says (`yuv420p10le`: 10, `yuv420p`: 8).
    var componentDepth: Int? {
        if let depth = int("bits_per_raw_sample") { return depth }
        guard let format = string("pix_fmt"), format.hasPrefix("yuv") || format.hasPrefix("gray")
        else { return nil }
        for depth in [16, 14, 12, 10, 9] where format.contains("p\(depth)") { return depth }
        return 8
    }

    /// The HDR transfer ffprobe's `color_transfer` names, as ``MediaProperties/transfer``
    /// does: `pq` for `smpte2084`, `hlg` for `arib-std-b67`; nil for any other.
    var transfer: String? {
        switch string("color_transfer") {
        case "smpte2084": "pq"
        case "arib-std-b67": "hlg"
        default: nil
        }
    }

    var isAttachedPicture: Bool {
        (fields["disposition"] as? [String: Any])?["attached_pic"] as? Int == 1
    }
}

/// What `ffprobe -show_streams -show_format -of json` says about a file.
struct Probe {
    var streams: [Stream]
    var format: [String: Any]

    init(ffprobe: String, path: String) throws {
        let output = try runProgram(
            ffprobe,
            ["-v", "error", "-show_streams", "-show_format", "-of", "json", path]
        ).output
        // ffprobe prints a cut JSON object for a file it cannot read (theora.ogv, whose
        // frame size its decoder refuses): it then reports nothing.
        let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        streams = (object?["streams"] as? [[String: Any]] ?? []).map(Stream.init)
        format = object?["format"] as? [String: Any] ?? [:]
        if (format["format_name"] as? String) == "asf" {
            let frames = streams.map { $0.rate("avg_frame_rate").map { 1 / $0 } ?? 0 }
            packetSpan = try Self.packetSpan(ffprobe: ffprobe, path: path, frames: frames)
        }
    }

    /// The span of the packets' presentation times (the last one's end less the first one's
    /// start), as ffprobe reads them; a packet without a duration lasts its stream's frame.
    var packetSpan: Double?

    private static func packetSpan(ffprobe: String, path: String, frames: [Double]) throws
        -> Double?
    {
        let output = try runProgram(
            ffprobe,
            [
                "-v", "error", "-show_entries", "packet=stream_index,pts_time,duration_time",
                "-of", "csv=p=0", path,
            ]
        ).output
        var start = Double.infinity
        var end = -Double.infinity
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 2, let index = Int(fields[0]), let time = Double(fields[1])
            else { continue }
            let length = fields.count > 2 ? Double(fields[2]) : nil
            let frame = index < frames.count ? frames[index] : 0
            start = min(start, time)
            end = max(end, time + (length ?? frame))
        }
        return end > start ? end - start : nil
    }

    private var videos: [Stream] {
        streams.filter { $0.string("codec_type") == "video" && !$0.isAttachedPicture }
    }
    private var audios: [Stream] { streams.filter { $0.string("codec_type") == "audio" } }

    var video: Stream? { videos.first }
    var audio: Stream? { audios.first }
    var videoCount: Int { videos.count }
    var audioCount: Int { audios.count }
    /// ffprobe's duration; for ASF the span of its packets, since ffprobe's format duration
    /// there adds a later stream's start time to the play duration the header states for all.
    var duration: Double? { packetSpan ?? (format["duration"] as? String).flatMap(Double.init) }
}

/// The codec string ffprobe's codec name, profile and level call for.
struct CodecExpectation: CustomStringConvertible {
    /// Any of these exact strings.
    var exact: Set<String> = []
    /// Or a string that matches this pattern.
    var pattern: String?

    var description: String { pattern ?? exact.sorted().joined(separator: " or ") }

    func matches(_ codec: String) -> Bool {
        if exact.contains(codec) { return true }
        guard let pattern else { return false }
        return codec.range(of: pattern, options: .regularExpression) != nil
    }

    private static func hex(_ value: Int) -> String { String(format: "%02X", value) }

    static func video(_ stream: Stream) -> CodecExpectation? {
        let profile = stream.string("profile") ?? ""
        let level = stream.int("level")
        switch stream.string("codec_name") ?? "" {
        case "h264":
            let profiles = [
                "Baseline": 66, "Constrained Baseline": 66, "Main": 77, "Extended": 88,
                "High": 100, "High 10": 110, "High 4:2:2": 122, "High 4:4:4 Predictive": 244,
            ]
            guard let idc = profiles[profile], let level else {
                return CodecExpectation(pattern: "^avc[13]\\.")
            }
            return CodecExpectation(pattern: "^avc[13]\\.\(hex(idc))[0-9A-F]{2}\(hex(level))$")
        case "hevc":
            let profiles = ["Main": 1, "Main 10": 2, "Main Still Picture": 3, "Rext": 4]
            guard let idc = profiles[profile], let level else {
                return CodecExpectation(pattern: "^(hvc1|hev1)\\.")
            }
            return CodecExpectation(
                pattern: "^(hvc1|hev1)\\.[ABC]?\(idc)\\.[0-9A-F]+\\.[LH]\(level)(\\.|$)"
            )
        case "av1":
            let profiles = ["Main": 0, "High": 1, "Professional": 2]
            guard let idc = profiles[profile], let level, level >= 0 else {
                return CodecExpectation(pattern: "^av01\\.")
            }
            return CodecExpectation(
                pattern: "^av01\\.\(idc)\\.\(String(format: "%02d", level))[MH]\\."
            )
        case "vp9":
            guard profile.hasPrefix("Profile "), let idc = Int(profile.dropFirst(8)) else {
                return CodecExpectation(exact: ["vp9"], pattern: "^vp09\\.")
            }
            return CodecExpectation(exact: ["vp9"], pattern: "^vp09\\.0\(idc)\\.")
        case "vp8": return CodecExpectation(exact: ["vp8"], pattern: "^vp08\\.")
        case "mpeg4": return CodecExpectation(pattern: "^mp4v\\.20")
        case "theora": return CodecExpectation(exact: ["theora"])
        default: return nil
        }
    }

    static func audio(_ stream: Stream) -> CodecExpectation? {
        let name = stream.string("codec_name") ?? ""
        switch name {
        case "aac":
            let objectTypes = ["LC": 2, "Main": 1, "LTP": 4, "HE-AAC": 5, "HE-AACv2": 29]
            guard let type = objectTypes[stream.string("profile") ?? ""] else {
                return CodecExpectation(pattern: "^mp4a\\.40")
            }
            return CodecExpectation(exact: ["mp4a.40.\(type)"])
        case "mp3": return CodecExpectation(exact: ["mp3", "mp4a.6B", "mp4a.69"])
        case "mp2": return CodecExpectation(exact: ["mp2", "mp4a.6B", "mp4a.69"])
        case "opus", "vorbis", "flac", "alac", "speex": return CodecExpectation(exact: [name])
        case "ac3": return CodecExpectation(exact: ["ac-3"])
        case "eac3": return CodecExpectation(exact: ["ec-3"])
        case "pcm_alaw": return CodecExpectation(exact: ["alaw"])
        case "pcm_mulaw": return CodecExpectation(exact: ["ulaw"])
        default:
            return name.hasPrefix("pcm_") ? CodecExpectation(exact: ["pcm"]) : nil
        }
    }
}
