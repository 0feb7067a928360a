import Foundation
import MediaClassification
import Testing
import UniformTypes

@Suite struct FixtureManifestTests {
    // Without the system MIME database, so that the answers do not depend on the machine;
    // SystemMIMEDatabaseClassificationTests covers the database's part.
    static let classifier = Classifier(registry: .builtinOnly)

    @Test("Every fixture classifies as the manifest says", arguments: try Fixture.all())
    func classifiesFixture(_ fixture: Fixture) throws {
        let result = try Self.classifier.classify(fileAt: fixture.path)
        #expect(result.type.identifier == fixture.identifier, "\(result.detail)")
        if let agrees = fixture.extensionAgrees {
            #expect(result.extensionAgrees == agrees, "extension agrees")
        }
        if let animated = fixture.animated {
            #expect(result.isAnimated == animated, "animated")
        }
    }

    @Test(
        "In-memory classification gives the same answer as the file",
        arguments: try Fixture.all()
    )
    func bytesMatchFile(_ fixture: Fixture) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.path)))
        let fromBytes = try Self.classifier.classify(bytes: bytes, fileName: fixture.file)
        let fromFile = try Self.classifier.classify(fileAt: fixture.path)
        #expect(fromBytes.type == fromFile.type)
    }

    @Test func manifestCoversTheFormatsTheIssueNames() throws {
        let identifiers = Set(try Fixture.all().map(\.identifier))
        for required in [
            "public.jpeg", "public.png", "com.compuserve.gif", "org.webmproject.webp",
            "public.heic",
            "public.tiff", "public.svg-image", "public.mpeg-4", "com.apple.quicktime-movie",
            "com.apple.m4v-video", "com.apple.m4a-audio", "public.3gpp", "org.webmproject.webm",
            "org.matroska.mkv", "public.avi", "public.mp3", "public.aac-audio",
            "com.microsoft.waveform-audio", "org.xiph.flac", "com.adobe.pdf", "public.zip-archive",
            "public.plain-text", "public.json",
        ] {
            #expect(identifiers.contains(required), "\(required)")
        }
    }
}
