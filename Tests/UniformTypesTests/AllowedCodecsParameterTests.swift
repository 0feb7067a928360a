import Testing
import UniformTypes

/// The RFC 6381 `codecs` parameter of an allowed MIME type: how it is read, and what is refused.
@Suite struct AllowedCodecsParameterTests {
    @Test(
        arguments: [
            ("video/mp4; codecs=\"avc1, mp4a.40.2\"", ["avc1", "mp4a.40.2"]),
            ("video/mp4;codecs=\"avc1.42E01E,mp4a.40.2\"", ["avc1.42E01E", "mp4a.40.2"]),
            ("audio/webm; codecs=opus", ["opus"]),
            ("audio/webm; CODECS=opus", ["opus"]),
            ("audio/webm ; Codecs = \"opus\" ", ["opus"]),
            ("VIDEO/MP4; codecs=\"  hvc1 ,  mp4a.40.2 \"", ["hvc1", "mp4a.40.2"]),
            ("video/mp4; codecs=avc1;", nil),
        ] as [(String, [String]?)]
    )
    func quotedAndUnquotedValuesAreRead(entry: String, codecs: [String]?) throws {
        guard let codecs else {
            // A trailing ';' is an empty parameter, not nothing.
            #expect(throws: AllowedContentTypes.ParseError.self) {
                try AllowedContentTypes([entry])
            }
            return
        }
        let set = try AllowedContentTypes([entry])
        #expect(set.entries.count == 1)
        let parsed = try #require(set.entries.first)
        #expect(parsed.codecs == codecs)
        #expect(parsed.description == String(entry.reversed().drop { $0 == " " }.reversed()))
        #expect(set.requiresCodecs)
    }

    @Test func aCommaInsideQuotesDoesNotEndTheEntry() throws {
        let set = try AllowedContentTypes(
            parsing: "image/*,video/mp4; codecs=\"avc1, mp4a.40.2\",audio/webm; codecs=opus,.pdf"
        )
        #expect(
            set.entries.map(\.description) == [
                "image/*", "video/mp4; codecs=\"avc1, mp4a.40.2\"", "audio/webm; codecs=opus",
                ".pdf",
            ]
        )
        #expect(set.entries.map(\.codecs) == [nil, ["avc1", "mp4a.40.2"], ["opus"], nil])
    }

    @Test func anEntryWithCodecsNamesTheTypeOfItsMIMEType() throws {
        let withCodecs = try AllowedContentTypes(["video/mp4; codecs=avc1"])
        let bare = try AllowedContentTypes(["video/mp4"])
        guard case .type(let type, _) = try #require(withCodecs.entries.first),
            case .type(let bareType, _) = try #require(bare.entries.first)
        else {
            Issue.record("not a type entry")
            return
        }
        #expect(type == bareType)
        // The type decides whether the entry is a candidate; the codecs are checked later.
        #expect(withCodecs.matchingEntries(for: .mpeg4Movie).count == 1)
        #expect(withCodecs.matchingEntries(for: .mpeg4Audio).isEmpty)
        #expect(!bare.requiresCodecs)
        #expect(bare.entries.first?.codecs == nil)
    }

    @Test func matchingEntriesListsEveryEntryThatTakesTheTypeInOrder() throws {
        let set = try AllowedContentTypes([
            "video/mp4; codecs=hvc1", "audio/*", "public.movie", "video/mp4; codecs=avc1",
        ])
        #expect(
            set.matchingEntries(for: .mpeg4Movie).map(\.description) == [
                "video/mp4; codecs=hvc1", "public.movie", "video/mp4; codecs=avc1",
            ]
        )
        #expect(set.matchingEntry(for: .mpeg4Movie)?.description == "video/mp4; codecs=hvc1")
    }

    @Test func audioWebMIsWebMAudioAndVideoWebMTheMovie() throws {
        let audio = try #require(try AllowedContentTypes(["audio/webm"]).entries.first)
        let video = try #require(try AllowedContentTypes(["video/webm"]).entries.first)
        guard case .type(let audioType, _) = audio, case .type(let videoType, _) = video else {
            Issue.record("not type entries")
            return
        }
        #expect(audioType.conforms(to: .audio))
        #expect(!audioType.conforms(to: .movie))
        #expect(videoType.conforms(to: .movie))
    }

    @Test(arguments: [
        (
            "text/plain;charset=utf-8",
            "the MIME parameter 'charset' is not allowed here; only codecs is"
        ),
        (
            "video/mp4; codecs=avc1; profiles=isom",
            "the MIME parameter 'profiles' is not allowed here; only codecs is"
        ),
        (
            "video/mp4; codecs",
            "the MIME parameter 'codecs' has no value; only codecs=... is allowed"
        ),
        ("video/mp4;", "an empty MIME parameter (a stray ';')"),
        ("video/mp4; =avc1", "a MIME parameter without a name"),
        ("video/mp4; codecs=", "codecs has no value"),
        ("video/mp4; codecs=\"\"", "codecs has no value"),
        ("video/mp4; codecs=\"avc1,,mp4a.40.2\"", "empty codec in codecs"),
        ("video/mp4; codecs=\"avc1", "the quoted codecs value is not closed"),
        ("video/mp4; codecs=avc1; codecs=hvc1", "codecs is given twice"),
        (
            "video/mp4; codecs=\"avc1\" x",
            "text after the codecs value; separate parameters with ';'"
        ),
        ("video/mp4; codecs=avc1 mp4a", "an unquoted codecs value is one token; quote a list"),
        (
            "video/mp4; codecs=\"avc1 mp4a\"",
            "a codec holds a space or a character that is not ASCII"
        ),
        ("video/*; codecs=avc1", "codecs go with a MIME type, not with a pattern"),
    ])
    func badParametersAreRefusedWithTheReason(entry: String, reason: String) {
        #expect {
            try AllowedContentTypes([entry])
        } throws: { error in
            guard let error = error as? AllowedContentTypes.ParseError else { return false }
            return error.reason == reason && error.entry == entry
        }
    }

    @Test func aTypeNamedWithCodecsIsNoSingleTypeForOtherCommands() {
        #expect(TypeRegistry.shared.type(written: "video/mp4") != nil)
        #expect(TypeRegistry.shared.type(written: "video/mp4; codecs=avc1") == nil)
    }
}
