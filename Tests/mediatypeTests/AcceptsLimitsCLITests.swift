import Foundation
import TestSupport
import Testing

/// `accepts`' limit flags and codecs entries, and `classify --properties`, run as the built
/// binary on the real fixtures.
///
/// Expected values come from elsewhere than the program: sizes from the file system, a PNG's
/// dimensions from its IHDR chunk, the limits from the flags' own arithmetic (`1.5m` is 90 s).
@Suite struct AcceptsLimitsCLITests {
    private func size(_ file: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: fixturePath(file))
        return try #require((attributes[.size] as? NSNumber)?.intValue)
    }

    /// Width and height from a PNG's IHDR chunk (bytes 16-23, big-endian).
    private func pngSize(_ file: String) throws -> (width: Int, height: Int) {
        let bytes = try fixtureBytes(file)
        try #require(bytes.count > 24 && Array(bytes[12..<16]) == Array("IHDR".utf8))
        func word(_ at: Int) -> Int {
            bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        return (word(16), word(20))
    }

    private func acceptsJSON(_ arguments: [String]) throws -> (Int32, [[String: Any]]) {
        let result = try runMediatype(["accepts", "--json"] + arguments)
        let objects = try #require(try parseJSON(result.stdout) as? [[String: Any]], "\(result)")
        return (result.status, objects)
    }

    private func violations(_ object: [String: Any]) throws -> [[String: Any]] {
        try #require(object["violations"] as? [[String: Any]])
    }

    @Test(arguments: [
        ("30", "30 s"), ("30s", "30 s"), ("2m", "120 s"), ("1.5m", "90 s"), ("1h", "3600 s"),
        ("0.25", "0.25 s"),
    ])
    func maxDurationReadsItsUnits(written: String, limit: String) throws {
        // The MP3 without a Xing header states no duration, so every limit shows.
        let file = fixturePath("properties/no-xing.mp3")
        let text = try runMediatype([
            "accepts", "--allow", "public.audio", "--max-duration", written, file,
        ])
        #expect(text.status == 1)
        #expect(
            text.stdout
                == "\(file): rejected: over the limits: the file does not state its duration; "
                + "the limit is \(limit) (the content is public.mp3, which conforms to "
                + "public.audio)\n",
            "\(text.stdout)"
        )
        let (status, objects) = try acceptsJSON([
            "--allow", "public.audio", "--max-duration=\(written)", file,
        ])
        #expect(status == 1)
        let violation = try #require(try violations(objects[0]).first)
        #expect(violation["property"] as? String == "duration")
        #expect(violation["value"] is NSNull)
        #expect(violation["limit"] as? String == limit)
    }

    @Test func maxDurationRejectsALongerMovieAndTakesAShorterOne() throws {
        let movie = fixturePath("clip-h264-aac.mp4")
        let (status, objects) = try acceptsJSON([
            "--allow", "public.movie", "--max-duration", "0.01s", movie,
        ])
        #expect(status == 1)
        let violation = try #require(try violations(objects[0]).first)
        let value = try #require(violation["value"] as? String)
        #expect(value.hasSuffix(" s"))
        #expect(violation["reason"] as? String == "duration \(value) is over the limit of 0.01 s")
        #expect(objects[0]["accepted"] as? Bool == false)
        #expect(objects[0]["matchedBy"] is NSNull)
        let taken = try runMediatype([
            "accepts", "--allow", "public.movie", "--max-duration", "1h", movie,
        ])
        #expect(taken.status == 0, "\(taken.stdout)")
    }

    @Test(arguments: [
        ("12M", 12_000_000), ("12000000", 12_000_000), ("8.3MP", 8_300_000), ("500K", 500_000),
        ("1.5m", 1_500_000),
    ])
    func maxPixelsReadsItsUnits(written: String, count: Int) throws {
        // Audio states no pixel count: the limit shows as read.
        let (status, objects) = try acceptsJSON([
            "--allow", "public.audio", "--max-pixels", written,
            fixturePath("properties/no-xing.mp3"),
        ])
        #expect(status == 1)
        let violation = try #require(try violations(objects[0]).first)
        #expect(violation["property"] as? String == "pixel-count")
        #expect(violation["limit"] as? String == "\(count)")
        #expect(
            violation["reason"] as? String
                == "the file does not state its pixel count; the limit is \(count)"
        )
    }

    @Test func pixelWidthAndHeightLimitsNameTheImagesValues() throws {
        let file = fixturePath("image.png")
        let (width, height) = try pngSize("image.png")
        let (status, objects) = try acceptsJSON([
            "--allow", "image/*", "--max-pixels", "\(width * height - 1)", "--max-width",
            "\(width - 1)", "--max-height", "\(height - 1)px", file,
        ])
        #expect(status == 1)
        let found = try violations(objects[0])
        #expect(found.map { $0["property"] as? String } == ["pixel-count", "width", "height"])
        #expect(found[0]["value"] as? String == "\(width * height) (\(width)x\(height))")
        #expect(found[1]["value"] as? String == "\(width) px")
        #expect(found[1]["limit"] as? String == "\(width - 1) px")
        #expect(
            found[1]["reason"] as? String
                == "width \(width) px is over the limit of \(width - 1) px"
        )
        #expect(found[2]["value"] as? String == "\(height) px")
        let text = try runMediatype([
            "accepts", "--allow", "image/*", "--max-width", "\(width - 1)", file,
        ])
        #expect(text.status == 1)
        #expect(text.stdout.contains("rejected: over the limits: width \(width) px is over"))
        let within = try runMediatype([
            "accepts", "--allow", "image/*", "--max-pixels", "\(width * height)", "--max-width",
            "\(width)", "--max-height", "\(height)", file,
        ])
        #expect(within.status == 0, "\(within.stdout)")
    }

    @Test(arguments: [
        ("123", 123), ("123B", 123), ("2KB", 2000), ("2kb", 2000), ("2KiB", 2048),
        ("1.5KiB", 1536), ("0.001MB", 1000),
    ])
    func maxSizeReadsItsUnits(written: String, bytes: Int) throws {
        let file = "clip-h264-aac.mp4"
        let actual = try size(file)
        try #require(actual > 2048)
        let (status, objects) = try acceptsJSON([
            "--allow", "public.movie", "--max-size", written, fixturePath(file),
        ])
        #expect(status == 1)
        let violation = try #require(try violations(objects[0]).first)
        #expect(violation["property"] as? String == "file-size")
        #expect(violation["value"] as? String == "\(actual) bytes")
        #expect(violation["limit"] as? String == "\(bytes) bytes")
        #expect(
            violation["reason"] as? String
                == "file size \(actual) bytes is over the limit of \(bytes) bytes"
        )
    }

    @Test func maxSizeTakesAFileOfExactlyTheLimit() throws {
        let file = "clip-h264-aac.mp4"
        let result = try runMediatype([
            "accepts", "--allow", "public.movie", "--max-size", "\(try size(file))",
            "--max-size", "5MiB", fixturePath(file),
        ])
        #expect(result.status == 0, "\(result.stdout)")
        let exact = try runMediatype([
            "accepts", "--allow", "public.movie", "--max-size", "\(try size(file))",
            fixturePath(file),
        ])
        #expect(exact.status == 0, "\(exact.stdout)")
    }

    @Test(arguments: [
        ["--max-duration", "3x"], ["--max-duration", "-1"], ["--max-duration", "inf"],
        ["--max-duration", "1e3"], ["--max-duration", ""], ["--max-duration", "s"],
        ["--max-pixels", "0"], ["--max-pixels", "1.2.3M"], ["--max-pixels", "12G"],
        ["--max-width", "1.5"], ["--max-width", "0"], ["--max-height", "wide"],
        ["--max-size", "10M"], ["--max-size", "1e3"], ["--max-size", "-5"],
        ["--max-size", "5 MiB"], ["--max-size", "99999999999999999999"], ["--max-duration"],
    ])
    func badValuesAreABadCommandLine(flag: [String]) throws {
        let result = try runMediatype(
            ["accepts", "--allow", "public.movie"] + flag + [fixturePath("clip.mov")]
        )
        #expect(result.status == 64, "\(flag)")
        #expect(result.stdout.isEmpty)
        let name = flag[0]
        #expect(result.stderr.hasPrefix("Error: \(name) "), "\(result.stderr)")
        #expect(result.stderr.contains("USAGE: mediatype accepts"))
    }

    @Test func anAmbiguousSizeSaysHowToWriteIt() throws {
        let result = try runMediatype([
            "accepts", "--allow", "public.movie", "--max-size", "10M", fixturePath("clip.mov"),
        ])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains(
                "(write 10MB for powers of 1000 or 10MiB for powers of 1024)"
            ),
            "\(result.stderr)"
        )
    }

    @Test func codecsEntriesTakeListedCodecsAndNameTheOneThatFails() throws {
        let good = fixturePath("clip-h264-aac.mp4")
        let vp9 = fixturePath("properties/vp9.mp4")
        let entry = "video/mp4; codecs=\"avc1, mp4a.40.2\""
        let text = try runMediatype(["accepts", "--allow", entry, good, vp9])
        #expect(text.status == 1)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 2)
        #expect(lines[0].hasPrefix("\(good): accepted: "), "\(lines[0])")
        #expect(lines[1].hasPrefix("\(vp9): rejected: "), "\(lines[1])")
        #expect(lines[1].contains("but video codec vp09."), "\(lines[1])")
        #expect(lines[1].hasSuffix(" is not allowed (allowed: avc1, mp4a.40.2)"))

        let (_, objects) = try acceptsJSON(["--allow", entry, good, vp9])
        #expect(objects[0]["matchedBy"] as? String == entry)
        #expect(try violations(objects[0]).isEmpty)
        let failed = try violations(objects[1])
        #expect(failed.count == 1)
        #expect(failed.first?["property"] as? String == "video-codec")
        #expect((failed.first?["value"] as? String)?.hasPrefix("vp09.") == true)
        #expect(failed.first?["limit"] as? String == "avc1, mp4a.40.2")
    }

    @Test func anUnquotedCodecAndAnHTMLAcceptList() throws {
        let opus = fixturePath("audio-opus.webm")
        #expect(
            try runMediatype(["accepts", "--allow", "audio/webm; codecs=opus", opus]).status == 0
        )
        let vorbis = try runMediatype(["accepts", "--allow", "audio/webm; codecs=vorbis", opus])
        #expect(vorbis.status == 1)
        #expect(vorbis.stdout.contains("audio codec opus is not allowed (allowed: vorbis)"))
        // The codecs' comma does not split the accept string.
        let list = try runMediatype([
            "accepts", "--allow", "image/*,video/mp4; codecs=\"avc1, mp4a.40.2\",.pdf",
            fixturePath("clip-h264-aac.mp4"), fixturePath("document.pdf"),
        ])
        #expect(list.status == 0, "\(list.stdout)\(list.stderr)")
    }

    @Test(arguments: [
        ("video/mp4; charset=utf-8", "the MIME parameter 'charset' is not allowed here"),
        ("video/mp4; codecs=\"avc1", "the quoted codecs value is not closed"),
        ("video/mp4; codecs=", "codecs has no value"),
        ("video/*; codecs=avc1", "codecs go with a MIME type, not with a pattern"),
    ])
    func aBadParameterIsABadCommandLine(entry: String, reason: String) throws {
        let result = try runMediatype(["accepts", "--allow", entry, fixturePath("clip.mov")])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Error: --allow '\(entry)': \(reason)"), "\(result.stderr)")
    }

    @Test func violationsIsAlwaysAnArray() throws {
        let (status, objects) = try acceptsJSON([
            "--allow", "image/*", fixturePath("image.png"), fixturePath("clip.mov"),
            fixturePath("no-such-file"),
        ])
        #expect(status == 2)
        try #require(objects.count == 3)
        for object in objects {
            #expect((object["violations"] as? [Any])?.isEmpty == true, "\(object)")
        }
        let keys = try runMediatype([
            "accepts", "--ndjson", "--allow", "image/*", fixturePath("image.png"),
        ])
        #expect(keys.stdout.contains(",\"violations\":[],\"error\":null}"))
    }

    @Test func classifyPropertiesSummaryAgreesWithTheMediaObject() throws {
        let files = ["clip-h264-aac.mp4", "image.png", "document.pdf"].map(fixturePath)
        let text = try runMediatype(["classify", "--properties"] + files)
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 3)
        let json = try runMediatype(["classify", "--json", "--properties"] + files)
        let objects = try #require(try parseJSON(json.stdout) as? [[String: Any]])
        try #require(objects.count == 3)

        let movie = try #require(objects[0]["media"] as? [String: Any])
        let video = try #require(movie["videoCodec"] as? String)
        let audio = try #require(movie["audioCodec"] as? String)
        let rate = try #require(movie["sampleRate"] as? Int)
        let channels = try #require(movie["channels"] as? Int)
        #expect(video.hasPrefix("avc1.") && audio.hasPrefix("mp4a.40."))
        #expect(movie.values.allSatisfy { !($0 is NSNull) }, "absent properties are left out")
        let width = try #require(movie["displayWidth"] as? Int)
        let height = try #require(movie["displayHeight"] as? Int)
        #expect(lines[0].contains(" [\(width)x\(height) \(video) "), "\(lines[0])")
        #expect(lines[0].contains(" \(rate) Hz \(channels) ch \(audio) "), "\(lines[0])")
        #expect(lines[0].hasSuffix(" s]"))

        let (pngWidth, pngHeight) = try pngSize("image.png")
        let image = try #require(objects[1]["media"] as? [String: Any])
        #expect(image["pixelWidth"] as? Int == pngWidth)
        #expect(image["pixelHeight"] as? Int == pngHeight)
        #expect(image["duration"] == nil && image["videoCodec"] == nil)
        #expect(lines[1] == "\(files[1]): public.png (image/png) [\(pngWidth)x\(pngHeight)]")

        #expect(objects[2]["media"] is NSNull)
        #expect(lines[2] == "\(files[2]): com.adobe.pdf (application/pdf)")

        let plain = try runMediatype(["classify", "--json", files[0]])
        let without = try #require(try parseJSON(plain.stdout) as? [[String: Any]])
        #expect(without.first?["media"] == nil, "media only with --properties")
    }

    @Test func classifyPropertiesNamesARotation() throws {
        let file = fixturePath("properties/rotated-90.mp4")
        let json = try runMediatype(["classify", "--json", "--properties", file])
        let object = try #require((try parseJSON(json.stdout) as? [[String: Any]])?.first)
        let media = try #require(object["media"] as? [String: Any])
        #expect(media["rotation"] as? Int == 90)
        // Shown a quarter turn from how it is stored.
        #expect(media["displayWidth"] as? Int == media["pixelHeight"] as? Int)
        let text = try runMediatype(["classify", "-b", "--properties", file])
        #expect(text.stdout.contains(" rotated 90° "), "\(text.stdout)")
    }
}
