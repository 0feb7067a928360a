import Foundation
import TestSupport
import Testing

/// `classify --all` and `confidence`: every source's answer beside the decision.
@Suite struct ClassifyAllTests {
    @Test func everyObjectHasAConfidenceAndOnlyAllAddsCandidates() throws {
        let paths = ["clip-h264-aac.mp4", "text.txt", "empty"].map(fixturePath)
        let plain = try runMediatype(["classify", "--json"] + paths)
        let objects = try #require(try parseJSON(plain.stdout) as? [[String: Any]])
        #expect(objects.map { $0["confidence"] as? String } == ["certain", "low", "certain"])
        #expect(objects.allSatisfy { $0["candidates"] == nil })

        let all = try runMediatype(["classify", "--all", "--json"] + paths)
        let listed = try #require(try parseJSON(all.stdout) as? [[String: Any]])
        #expect(listed.count == 3)
        // The decision is the same with or without --all.
        #expect(
            listed.map { $0["identifier"] as? String }
                == objects.map { $0["identifier"] as? String }
        )
        let movie = try #require(listed.first?["candidates"] as? [[String: Any]])
        let sources = movie.compactMap { $0["source"] as? String }
        #expect(sources.first == "structure")
        #expect(sources.contains("libmagic"))
        #expect(sources.last == "name")
        #expect((listed.last?["candidates"] as? [Any])?.isEmpty == true, "an empty file")

        // Tika's database has a `%PDF-` rule: a signature candidate is listed with its
        // priority beside the structural answer.
        let pdf = try runMediatype(["classify", "--all", "--json", fixturePath("document.pdf")])
        let pdfObject = try #require((try parseJSON(pdf.stdout) as? [[String: Any]])?.first)
        let pdfCandidates = try #require(pdfObject["candidates"] as? [[String: Any]])
        let tika = try #require(pdfCandidates.first { $0["source"] as? String == "tika" })
        #expect(tika["identifier"] as? String == "com.adobe.pdf")
        #expect(tika["priority"] is Int)
    }

    @Test func allInTextListsASourceALine() throws {
        let path = fixturePath("clip-h264-aac.mp4")
        let result = try runMediatype(["classify", "--all", path])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "\(path): public.mpeg-4 (video/mp4)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  - ") })
        #expect(lines.contains { $0.hasPrefix("  - structure: public.mpeg-4") })
    }
}
