import Testing
import UniformTypes

@Suite struct AllowedContentTypesTests {
    @Test func typeEntriesAcceptConformingTypes() throws {
        let movies = try AllowedContentTypes(["public.movie"])
        #expect(movies.accepts(.mpeg4Movie))
        #expect(movies.accepts(.quickTimeMovie))
        #expect(movies.accepts(try #require(UTType("com.apple.m4v-video"))))
        #expect(!movies.accepts(.mpeg4Audio))
        #expect(!movies.accepts(.jpeg))
    }

    @Test func everySyntaxParses() throws {
        let set = try AllowedContentTypes(["image/*,.pdf,video/mp4", "kUTTypeAudio"])
        #expect(set.entries.map(\.description) == ["image/*", ".pdf", "video/mp4", "kUTTypeAudio"])
        #expect(set.matchingEntry(for: .png)?.description == "image/*")
        #expect(set.matchingEntry(for: .pdf)?.description == ".pdf")
        #expect(set.matchingEntry(for: .mpeg4Movie)?.description == "video/mp4")
        #expect(set.matchingEntry(for: .mp3)?.description == "kUTTypeAudio")
        #expect(set.matchingEntry(for: .quickTimeMovie) == nil)
        #expect(try AllowedContentTypes(["*/*"]).accepts(.zip))
    }

    @Test func malformedEntriesAreRefusedWithTheEntry() {
        for bad in [
            "", "video/", "*/mp4", "kUTTypeNothing", "notatype", "com.example.unknown", ".",
        ] {
            #expect(throws: AllowedContentTypes.ParseError.self, "\(bad)") {
                try AllowedContentTypes([bad])
            }
        }
    }

    @Test func emptySetAcceptsNothing() {
        #expect(!AllowedContentTypes(types: []).accepts(.data))
    }
}
