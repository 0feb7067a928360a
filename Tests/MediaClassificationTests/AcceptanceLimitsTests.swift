import Foundation
import MediaClassification
import TestSupport
import Testing

/// Every limit and codec rule of ``AcceptanceLimits``, with the property, value and reason
/// each rejection gives.
@Suite struct AcceptanceLimitsTests {
    private let movie = MediaProperties(
        pixelWidth: 1920,
        pixelHeight: 1080,
        rotation: 90,
        duration: 42.5,
        videoCodec: "avc1.64001F",
        audioCodec: "mp4a.40.2",
        videoTrackCount: 1,
        audioTrackCount: 1
    )

    @Test func noLimitsAcceptEverything() {
        let decision = AcceptanceLimits().check(movie, fileSize: 1 << 40)
        #expect(decision.accepted)
        #expect(decision.reason == "within the limits")
        #expect(AcceptanceLimits().check(nil).accepted)
    }

    @Test func durationOverTheLimit() throws {
        let decision = AcceptanceLimits(maximumDuration: 30).check(movie)
        let failure = try #require(decision.violations.first)
        #expect(decision.violations.count == 1)
        #expect(failure.property == .duration)
        #expect(failure.value == "42.5 s")
        #expect(failure.limit == "30 s")
        #expect(failure.reason == "duration 42.5 s is over the limit of 30 s")
        #expect(AcceptanceLimits(maximumDuration: 42.5).check(movie).accepted)
    }

    @Test func pixelCountOverTheLimit() throws {
        let failure = try #require(
            AcceptanceLimits(maximumPixelCount: 2_000_000).check(movie).violations.first
        )
        #expect(failure.property == .pixelCount)
        #expect(failure.value == "2073600 (1920x1080)")
        #expect(failure.reason == "pixel count 2073600 (1920x1080) is over the limit of 2000000")
        #expect(AcceptanceLimits(maximumPixelCount: 1920 * 1080).check(movie).accepted)
    }

    @Test func dimensionsAreJudgedAsShownAfterTheRotation() throws {
        // Stored 1920x1080, turned a quarter: shown 1080 wide and 1920 tall.
        #expect(AcceptanceLimits(maximumWidth: 1080).check(movie).accepted)
        let failure = try #require(
            AcceptanceLimits(maximumHeight: 1080).check(movie).violations.first
        )
        #expect(failure.property == .height)
        #expect(failure.value == "1920 px")
        #expect(failure.reason == "height 1920 px is over the limit of 1080 px")
        var upright = movie
        upright.rotation = 0
        let wide = try #require(
            AcceptanceLimits(maximumWidth: 1080).check(upright).violations.first
        )
        #expect(wide.property == .width)
        #expect(wide.value == "1920 px")
    }

    @Test func fileSizeOverTheLimit() throws {
        let limits = AcceptanceLimits(maximumFileSize: 1000)
        #expect(limits.check(nil, fileSize: 1000).accepted)
        let failure = try #require(limits.check(nil, fileSize: 1001).violations.first)
        #expect(failure.property == .fileSize)
        #expect(failure.reason == "file size 1001 bytes is over the limit of 1000 bytes")
    }

    @Test func unstatedPropertiesFailUnlessAccepted() throws {
        let limits = AcceptanceLimits(maximumDuration: 30, maximumPixelCount: 100)
        let decision = limits.check(MediaProperties(audioCodec: "opus"))
        #expect(decision.violations.map(\.property) == [.duration, .pixelCount])
        #expect(decision.violations.allSatisfy { $0.value == nil })
        #expect(
            decision.reason
                == "the file does not state its duration; the limit is 30 s; "
                + "the file does not state its pixel count; the limit is 100"
        )
        var lenient = limits
        lenient.acceptsUnstatedProperties = true
        #expect(lenient.check(MediaProperties(audioCodec: "opus")).accepted)
    }

    @Test func codecPrefixesMatchAtDotBoundaries() {
        #expect(AcceptanceLimits.codec("avc1.64001F", matches: "avc1"))
        #expect(AcceptanceLimits.codec("avc1.64001F", matches: "avc1.64001f"))
        #expect(AcceptanceLimits.codec("AVC1.64001F", matches: "avc1"))
        #expect(!AcceptanceLimits.codec("avc1.64001F", matches: "avc1.64"))
        #expect(!AcceptanceLimits.codec("avc3.64001F", matches: "avc1"))
        #expect(!AcceptanceLimits.codec("avc1", matches: "avc1.64001F"))
        #expect(AcceptanceLimits.codec("mp4a.40.2", matches: "mp4a.40"))
        #expect(!AcceptanceLimits.codec("mp4a.40.2", matches: "mp4a.40.5"))
        #expect(AcceptanceLimits.codec("hvc1.1.6.L93.B0", matches: "hvc1.1"))
        #expect(!AcceptanceLimits.codec("hvc1.2.4.L93.B0", matches: "hvc1.1"))
        #expect(AcceptanceLimits.codec("vp09.00.10.08", matches: "vp9"))
        #expect(AcceptanceLimits.codec("vp9", matches: "vp09"))
        #expect(AcceptanceLimits.codec("opus", matches: " Opus "))
        #expect(!AcceptanceLimits.codec("opus", matches: ""))
    }

    @Test func codecsNotAllowedSayWhich() throws {
        let limits = AcceptanceLimits(
            allowedVideoCodecs: ["hvc1", "vp09"],
            allowedAudioCodecs: ["opus"]
        )
        let decision = limits.check(movie)
        #expect(decision.violations.map(\.property) == [.videoCodec, .audioCodec])
        let video = try #require(decision.violations.first)
        #expect(video.value == "avc1.64001F")
        #expect(video.reason == "video codec avc1.64001F is not allowed (allowed: hvc1, vp09)")
        #expect(
            AcceptanceLimits(allowedVideoCodecs: ["avc1"], allowedAudioCodecs: ["mp4a.40"])
                .check(movie).accepted
        )
    }

    @Test func aFileWithoutTheTrackPassesACodecRule() {
        let song = MediaProperties(audioCodec: "flac", videoTrackCount: 0, audioTrackCount: 1)
        #expect(AcceptanceLimits(allowedVideoCodecs: ["avc1"]).check(song).accepted)
        // Unknown track counts may hide a video track: the rule fails.
        let unknown = AcceptanceLimits(allowedVideoCodecs: ["avc1"]).check(nil)
        #expect(unknown.violations.map(\.property) == [.videoCodec])
        #expect(unknown.reason == "the file does not state its video codec; allowed: avc1")
    }

    @Test("Classifier.check reads the properties of a real file, even when not asked to")
    func checksARealFile() throws {
        let path = fixturesFolder.appendingPathComponent("properties/rotated-90.mp4").path
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        )
        // generate.sh made a 64x48 H.264 clip of 0.4 s and turned it a quarter turn.
        let limits = AcceptanceLimits(
            maximumDuration: 0.3,
            maximumWidth: 48,
            maximumHeight: 48,
            maximumFileSize: UInt64(size - 1),
            allowedVideoCodecs: ["avc1"],
            allowedAudioCodecs: ["opus"]
        )
        let (classification, decision) = try Classifier().check(fileAt: path, limits: limits)
        #expect(classification.properties?.rotation == 90)
        #expect(
            decision.violations.map(\.property) == [.fileSize, .duration, .height, .audioCodec]
        )
        #expect(
            decision.violations.map(\.value) == ["\(size) bytes", "0.4 s", "64 px", "mp4a.40.2"]
        )
    }
}
