import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// One entry of `Fixtures/polyglot/manifest.json`.
struct PolyglotFixture: Decodable, Sendable, CustomTestStringConvertible {
    var file: String
    var identifier: String
    var kind: String
    var offset: UInt64
    var appendedType: String?

    var path: String { fixturePath("polyglot/" + file) }
    var testDescription: String { file }

    static func all() throws -> [PolyglotFixture] {
        let url = fixturesFolder.appendingPathComponent("polyglot/manifest.json")
        return try JSONDecoder().decode([PolyglotFixture].self, from: Data(contentsOf: url))
    }
}

@Suite struct ServeSafetyTests {
    static let checking = Classifier(
        registry: .builtinOnly,
        options: Classifier.Options(checksServeSafety: true)
    )

    @Test("Every polyglot fixture is flagged where it starts", arguments: try PolyglotFixture.all())
    func polyglotIsFlagged(_ fixture: PolyglotFixture) throws {
        let result = try Self.checking.classify(fileAt: fixture.path)
        #expect(result.type.identifier == fixture.identifier)
        let findings = try #require(result.serveSafety)
        let finding = try #require(
            findings.first { $0.kind.rawValue == fixture.kind },
            "\(findings.map(\.detail))"
        )
        #expect(finding.offset == fixture.offset, "\(finding.detail)")
        #expect(finding.appendedType?.identifier == fixture.appendedType, "\(finding.detail)")
    }

    @Test("No ordinary fixture is flagged", arguments: try Fixture.all())
    func ordinaryFixtureIsNotFlagged(_ fixture: Fixture) throws {
        let result = try Self.checking.classify(fileAt: fixture.path)
        #expect(result.serveSafety == [], "\(result.serveSafety?.map(\.detail) ?? [])")
    }

    @Test func theCheckIsOffByDefault() throws {
        let result = try Classifier(registry: .builtinOnly).classify(
            fileAt: fixturePath("polyglot/jpeg-zip.jpg")
        )
        #expect(result.serveSafety == nil)
    }

    @Test func inMemoryAndPathAgree() throws {
        for fixture in try PolyglotFixture.all() {
            let bytes = try fixtureBytes("polyglot/" + fixture.file)
            let fromBytes = try Self.checking.classify(bytes: bytes, fileName: fixture.file)
            let fromPath = try Self.checking.classify(fileAt: fixture.path)
            #expect(fromBytes.serveSafety == fromPath.serveSafety, "\(fixture.file)")
        }
    }

    @Test func strictRejectsAPolyglotWithTheReason() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let images = try AllowedContentTypes(parsing: "image/*")
        let polyglot = try classifier.decide(
            fileAt: fixturePath("polyglot/jpeg-zip.jpg"),
            allowed: images,
            strict: true
        )
        #expect(!polyglot.accepted)
        #expect(
            polyglot.reason.hasPrefix("not safe to serve: public.zip-archive"),
            "\(polyglot.reason)"
        )
        let lenient = try classifier.decide(
            fileAt: fixturePath("polyglot/jpeg-zip.jpg"),
            allowed: images
        )
        #expect(lenient.accepted)
        let plain = try classifier.decide(
            fileAt: fixturePath("image.jpg"),
            allowed: images,
            strict: true
        )
        #expect(plain.accepted, "\(plain.reason)")
        // A classification made without the check cannot pass a strict decision.
        let unchecked = classifier.decide(
            try classifier.classify(fileAt: fixturePath("image.jpg")),
            allowed: images,
            strict: true
        )
        #expect(!unchecked.accepted)
        #expect(unchecked.reason.contains("not checked"))
    }

    @Test func strictUploadBodies() async throws {
        let classifier = Classifier(registry: .builtinOnly)
        let images = try AllowedContentTypes(parsing: "image/*")
        for (file, safe) in [("polyglot/png-html.png", false), ("image.png", true)] {
            let decision = try await classifier.decide(
                chunks: CountingChunks(try fixtureBytes(file), size: 7),
                fileName: "upload.png",
                declaredMIMEType: "image/png",
                allowed: images,
                policy: .both,
                strict: true
            )
            #expect(decision.accepted == safe, "\(file): \(decision.reason)")
        }
    }

    @Test func cutAndPaddedFilesAreCheckedWithoutHarm() throws {
        // Every end finder on damaged input: each fixture cut short, and followed by padding
        // (not flagged) or by random bytes (flagged when the format's end was found).
        var random = SplitMix64(seed: 4)
        let files =
            try Fixture.all().map(\.file)
            + PolyglotFixture.all().map { "polyglot/" + $0.file }
        for file in files {
            let bytes = try fixtureBytes(file)
            for length in [1, 8, 13, 64, bytes.count / 2, bytes.count - 1] where length > 0 {
                _ = try Self.checking.classify(bytes: Array(bytes.prefix(length)))
            }
            let padded = try Self.checking.classify(bytes: bytes + [0, 0, 0x0A])
            let plain = try Self.checking.classify(bytes: bytes)
            func places(_ result: Classification) -> [String] {
                (result.serveSafety ?? []).map { "\($0.kind) \($0.offset)" }
            }
            #expect(places(padded) == places(plain), "\(file)")
            let noise = (0..<64).map { _ in UInt8.random(in: 1...255, using: &random) }
            _ = try Self.checking.classify(bytes: bytes + noise)
        }
        let image = try Self.checking.classify(
            bytes: try fixtureBytes("image.png") + Array("trailing words".utf8)
        )
        #expect(image.serveSafety?.first?.kind == .trailingData)
    }
}
