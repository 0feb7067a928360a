import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// Allowed entries with codecs, and limits, in the acceptance decision: on real fixtures, with
/// the property, the value and the reason of each rejection.
///
/// The values a rejection names are the reader's (`MediaProperties`, compared with ffprobe in
/// MediaPropertiesFFprobeTests); here they are read through a second path, classify with
/// ``Classifier/Options/readsProperties``, and the file size from the file system.
@Suite struct AcceptanceCodecsAndLimitsTests {
    let classifier = Classifier()
    let reader = Classifier(options: .init(readsProperties: true))

    private func decide(
        _ file: String,
        _ allowed: [String],
        policy: AcceptancePolicy = .content,
        limits: AcceptanceLimits = AcceptanceLimits()
    ) throws -> AcceptanceDecision {
        try classifier.decide(
            fileAt: fixturePath(file),
            allowed: AllowedContentTypes(allowed),
            policy: policy,
            limits: limits
        )
    }

    private func properties(_ file: String) throws -> MediaProperties {
        try #require(try reader.classify(fileAt: fixturePath(file)).properties)
    }

    private func size(_ file: String) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: fixturePath(file))
        return try #require((attributes[.size] as? NSNumber)?.uint64Value)
    }

    @Test func anEntryWithCodecsTakesAFileWhoseEveryCodecItLists() throws {
        let media = try properties("clip-h264-aac.mp4")
        let video = try #require(media.videoCodec)
        let audio = try #require(media.audioCodec)
        #expect(video.hasPrefix("avc1.") && audio.hasPrefix("mp4a.40."))
        let entry = "video/mp4; codecs=\"avc1, mp4a.40.2\""
        let decision = try decide("clip-h264-aac.mp4", [entry])
        #expect(decision.accepted, "\(decision.reason)")
        #expect(decision.matchedBy == entry)
        #expect(decision.violations.isEmpty)
        #expect(decision.reason.hasSuffix("and its codecs \(video), \(audio) are listed"))
        // The full strings are taken as well as their prefixes.
        #expect(
            try decide("clip-h264-aac.mp4", ["video/mp4; codecs=\"\(video),\(audio)\""]).accepted
        )
    }

    @Test func aTrackWhoseCodecIsNotListedRejectsWithTheCodec() throws {
        let audio = try #require(try properties("clip-h264-aac.mp4").audioCodec)
        let decision = try decide("clip-h264-aac.mp4", ["video/mp4; codecs=avc1"])
        #expect(!decision.accepted)
        #expect(decision.matchedBy == nil)
        let violation = try #require(decision.violations.first)
        #expect(decision.violations.count == 1)
        #expect(violation.property == .audioCodec)
        #expect(violation.value == audio)
        #expect(violation.limit == "avc1")
        #expect(violation.reason == "audio codec \(audio) is not allowed (allowed: avc1)")
        #expect(decision.reason.hasSuffix(", but \(violation.reason)"), "\(decision.reason)")
    }

    @Test(arguments: [
        ("properties/vp9.mp4", "vp09"), ("properties/hevc-main10.mp4", "hvc1"),
        ("properties/av1.mp4", "av01"),
    ])
    func anotherVideoCodecIsRejected(file: String, family: String) throws {
        let video = try #require(try properties(file).videoCodec)
        #expect(video.hasPrefix(family + "."))
        let decision = try decide(file, ["video/mp4; codecs=\"avc1, mp4a.40.2\""])
        #expect(!decision.accepted)
        let violation = try #require(decision.violations.first { $0.property == .videoCodec })
        #expect(violation.value == video)
        #expect(
            violation.reason == "video codec \(video) is not allowed (allowed: avc1, mp4a.40.2)"
        )
        // Listing the family takes it.
        #expect(
            try decide(file, ["video/mp4; codecs=\(family)"]).violations.allSatisfy {
                $0.property != .videoCodec
            }
        )
    }

    @Test func audioWebMWithOpus() throws {
        #expect(try properties("audio-opus.webm").audioCodec == "opus")
        #expect(try decide("audio-opus.webm", ["audio/webm; codecs=opus"]).accepted)
        let vorbis = try decide("audio-opus.webm", ["audio/webm; codecs=vorbis"])
        #expect(!vorbis.accepted)
        #expect(vorbis.violations.map(\.property) == [.audioCodec])
        #expect(vorbis.violations.first?.value == "opus")
    }

    @Test func aLaterEntryWithoutCodecsStillTakesTheFile() throws {
        let decision = try decide("properties/vp9.mp4", ["video/mp4; codecs=avc1", "public.movie"])
        #expect(decision.accepted)
        #expect(decision.matchedBy == "public.movie")
        #expect(decision.violations.isEmpty)
        let second = try decide(
            "properties/vp9.mp4",
            ["video/mp4; codecs=avc1", "video/mp4; codecs=vp09"]
        )
        #expect(second.matchedBy == "video/mp4; codecs=vp09")
    }

    @Test func aFileWhoseCodecsCannotBeReadIsRefused() throws {
        // The type is read from ftyp; the truncated moov states no tracks.
        let file = "properties/bad-truncated-moov.mp4"
        #expect(try classifier.classify(fileAt: fixturePath(file)).type == .mpeg4Movie)
        let decision = try decide(file, ["video/mp4; codecs=\"avc1, mp4a.40.2\""])
        #expect(!decision.accepted)
        #expect(decision.violations.map(\.property) == [.videoCodec, .audioCodec])
        #expect(decision.violations.allSatisfy { $0.value == nil })
        #expect(
            decision.reason.contains(
                "the file does not state its video codec; allowed: avc1, mp4a.40.2"
            ),
            "\(decision.reason)"
        )
        #expect(try decide(file, ["video/mp4"]).accepted)
    }

    @Test func aClassificationWithoutPropertiesCannotShowItsCodecs() throws {
        let classification = try classifier.classify(fileAt: fixturePath("clip-h264-aac.mp4"))
        #expect(classification.properties == nil)
        let allowed = try AllowedContentTypes(["video/mp4; codecs=avc1"])
        let refused = classifier.decide(classification, allowed: allowed)
        #expect(!refused.accepted)
        #expect(refused.violations.map(\.property) == [.videoCodec, .audioCodec])
        let read = try reader.classify(fileAt: fixturePath("clip-h264-aac.mp4"))
        #expect(
            reader.decide(
                read,
                allowed: try AllowedContentTypes(["video/mp4; codecs=\"avc1,mp4a\""])
            ).accepted
        )
    }

    @Test func propertiesAreReadOnlyWhenSomethingNeedsThem() throws {
        let plain = try decide("clip-h264-aac.mp4", ["public.movie"])
        #expect(plain.accepted)
        #expect(plain.classification.properties == nil)
        let bySize = try decide(
            "clip-h264-aac.mp4",
            ["public.movie"],
            limits: AcceptanceLimits(maximumFileSize: 1 << 30)
        )
        #expect(bySize.classification.properties == nil)
        let byDuration = try decide(
            "clip-h264-aac.mp4",
            ["public.movie"],
            limits: AcceptanceLimits(maximumDuration: 3600)
        )
        #expect(byDuration.accepted)
        #expect(byDuration.classification.properties?.duration != nil)
        let byCodecs = try decide("clip-h264-aac.mp4", ["video/mp4; codecs=\"avc1,mp4a\""])
        #expect(byCodecs.classification.properties?.videoCodec != nil)
    }

    @Test func limitsRejectWithEachPropertyAndValue() throws {
        let media = try properties("clip-h264-aac.mp4")
        let duration = try #require(media.duration)
        let width = try #require(media.displayWidth)
        let height = try #require(media.displayHeight)
        let bytes = try size("clip-h264-aac.mp4")
        let limits = AcceptanceLimits(
            maximumDuration: duration / 2,
            maximumPixelCount: width * height - 1,
            maximumWidth: width - 1,
            maximumHeight: height - 1,
            maximumFileSize: bytes - 1
        )
        let decision = try decide("clip-h264-aac.mp4", ["public.movie"], limits: limits)
        #expect(!decision.accepted)
        #expect(decision.matchedBy == nil)
        #expect(
            decision.violations.map(\.property) == [
                .fileSize, .duration, .pixelCount, .width, .height,
            ]
        )
        // The same violations as the limits' own check of what the file states.
        #expect(decision.violations == limits.check(media, fileSize: bytes).violations)
        #expect(decision.violations.first?.value == "\(bytes) bytes")
        #expect(decision.violations[3].value == "\(width) px")
        #expect(decision.reason.hasPrefix("over the limits: file size \(bytes) bytes is over"))
        #expect(
            decision.reason.hasSuffix(
                "(the content is public.mpeg-4, which conforms to public.movie)"
            )
        )

        let within = AcceptanceLimits(
            maximumDuration: duration,
            maximumPixelCount: width * height,
            maximumWidth: width,
            maximumHeight: height,
            maximumFileSize: bytes
        )
        let accepted = try decide("clip-h264-aac.mp4", ["public.movie"], limits: within)
        #expect(accepted.accepted, "\(accepted.reason)")
        #expect(accepted.violations.isEmpty)
    }

    @Test func aTypeThatIsRefusedHasNoLimitViolations() throws {
        let decision = try decide(
            "clip-h264-aac.mp4",
            ["image/*"],
            limits: AcceptanceLimits(maximumDuration: 0.001, maximumFileSize: 1)
        )
        #expect(!decision.accepted)
        #expect(decision.violations.isEmpty)
        #expect(!decision.reason.contains("limit"))
    }

    @Test func anUnstatedDurationFailsItsLimit() throws {
        // An MP3 without a Xing header states no duration.
        #expect(try properties("properties/no-xing.mp3").duration == nil)
        let decision = try decide(
            "properties/no-xing.mp3",
            ["public.audio"],
            limits: AcceptanceLimits(maximumDuration: 30)
        )
        #expect(!decision.accepted)
        #expect(decision.violations.first?.value == nil)
        #expect(
            decision.reason.hasPrefix(
                "over the limits: the file does not state its duration; the limit is 30 s"
            )
        )
    }

    @Test func theClassificationRecordsItsSize() throws {
        let classification = try classifier.classify(fileAt: fixturePath("image.png"))
        #expect(classification.fileSize == (try size("image.png")))
        let bytes = try fixtureBytes("image.png")
        #expect(try classifier.classify(bytes: bytes).fileSize == UInt64(bytes.count))
    }

    @Test func anUploadIsJudgedOnItsCodecsAndSize() async throws {
        let bytes = try fixtureBytes("audio-opus.webm")
        let allowed = try AllowedContentTypes(["audio/webm; codecs=opus"])
        let whole = try await classifier.decide(
            chunks: CountingChunks(bytes, size: 512),
            allowed: allowed,
            limits: AcceptanceLimits(maximumFileSize: UInt64(bytes.count))
        )
        #expect(whole.accepted, "\(whole.reason)")
        let tooBig = try await classifier.decide(
            chunks: CountingChunks(bytes, size: 512),
            allowed: allowed,
            limits: AcceptanceLimits(maximumFileSize: UInt64(bytes.count - 1))
        )
        #expect(tooBig.violations.map(\.property) == [.fileSize])
        #expect(tooBig.violations.first?.value == "\(bytes.count) bytes")
        // A body longer than the read limit has no known size, and a size limit refuses it.
        let prefix = try await classifier.decide(
            chunks: CountingChunks(bytes, size: 512),
            allowed: try AllowedContentTypes(["audio/*"]),
            limit: bytes.count / 2,
            limits: AcceptanceLimits(maximumFileSize: 1 << 30)
        )
        #expect(prefix.classification.fileSize == nil)
        #expect(prefix.violations.map(\.property) == [.fileSize])
        #expect(prefix.violations.first?.value == nil)
    }
}
