import Foundation
import TestSupport
import Testing

/// `mediatype accepts`, run as the built binary on the real fixtures.
@Suite struct AcceptsCLITests {
    @Test func everyPathAcceptedExitsZero() throws {
        let result = try runMediatype([
            "accepts", "--allow", "image/*,.pdf", fixturePath("image.jpg"),
            fixturePath("document.pdf"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("\(fixturePath("image.jpg")): accepted") == true)
        #expect(lines.last?.hasPrefix("\(fixturePath("document.pdf")): accepted") == true)
    }

    @Test func aRejectedPathExitsOneWithItsReason() throws {
        let movie = fixturePath("clip-h264-aac.mp4")
        let result = try runMediatype([
            "accepts", "--allow", "image/*,.pdf", fixturePath("image.jpg"),
            fixturePath("document.pdf"), movie,
        ])
        #expect(result.status == 1)
        let line = try #require(result.stdout.split(separator: "\n").last.map(String.init))
        #expect(line.hasPrefix("\(movie): rejected"))
        #expect(line.contains("public.mpeg-4"))
    }

    @Test func bothPolicyNamesTheMismatch() throws {
        let renamed = fixturePath("quicktime-named.jpg")
        let result = try runMediatype([
            "accepts", "--allow", "kUTTypeMovie", "--policy", "both", renamed,
        ])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(renamed): rejected"))
        #expect(result.stdout.contains("com.apple.quicktime-movie"))
        #expect(result.stdout.contains("public.jpeg"))
        let byContent = try runMediatype(["accepts", "--allow", "kUTTypeMovie", renamed])
        #expect(byContent.status == 0)
    }

    @Test func jsonCarriesAcceptedMatchedByAndReason() throws {
        let result = try runMediatype([
            "accepts", "--json", "--allow", "kUTTypeMovie,image/*", fixturePath("clip.mov"),
            fixturePath("audio.mp3"),
        ])
        #expect(result.status == 1)
        let objects = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        try #require(objects.count == 2)
        #expect(objects[0]["path"] as? String == fixturePath("clip.mov"))
        #expect(objects[0]["accepted"] as? Bool == true)
        #expect(objects[0]["matchedBy"] as? String == "kUTTypeMovie")
        #expect((objects[0]["reason"] as? String)?.contains("com.apple.quicktime-movie") == true)
        #expect(objects[1]["accepted"] as? Bool == false)
        #expect(objects[1]["matchedBy"] is NSNull)
        #expect((objects[1]["reason"] as? String)?.contains("public.mp3") == true)
    }

    @Test func ndjsonGivesOneDecisionALine() throws {
        let result = try runMediatype([
            "accepts", "--ndjson", "--allow", "video/*", fixturePath("clip.mkv"),
            fixturePath("image.png"),
        ])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        try #require(lines.count == 2)
        let first = try #require(try parseJSON(String(lines[0])) as? [String: Any])
        let second = try #require(try parseJSON(String(lines[1])) as? [String: Any])
        #expect(first["accepted"] as? Bool == true)
        #expect(first["matchedBy"] as? String == "video/*")
        #expect(second["accepted"] as? Bool == false)
    }

    @Test(arguments: ["image/*,,.pdf", "kUTTypeNope", "video/", "*/mp4"])
    func malformedAllowExitsUsageNamingTheEntry(entry: String) throws {
        let result = try runMediatype(["accepts", "--allow", entry, fixturePath("image.jpg")])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("'\(entry)'"), "\(result.stderr)")
    }

    @Test func unreadablePathExitsTwo() throws {
        let result = try runMediatype([
            "accepts", "--allow", "*/*", fixturePath("image.jpg"), fixturePath("no-such-file"),
        ])
        #expect(result.status == 2)
    }
}
