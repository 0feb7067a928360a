import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

private let systemCache = "/usr/share/mime/mime.cache"
private let hasSystemCache = FileManager.default.fileExists(atPath: systemCache)

@Suite(
    .enabled(if: hasSystemCache, "no shared-mime-info cache at /usr/share/mime/mime.cache")
)
struct SystemMIMEDatabaseClassificationTests {
    static let withDatabase = Classifier(registry: .builtin)
    static let withoutDatabase = Classifier(registry: .builtinOnly)

    /// What the file manager says: the fixtures, and the MIME type GIO gives each.
    static let desktopFiles: [(file: String, mimeType: String)] = [
        ("fixture.service", "text/x-systemd-unit"),
        ("fixture.desktop", "application/x-desktop"),
        ("places.kml", "application/vnd.google-earth.kml+xml"),
    ]

    @Test func filesClassifyAsTheFileManagerWould() throws {
        for (file, mimeType) in Self.desktopFiles {
            let path = fixturePath(file)
            let result = try Self.withDatabase.classify(fileAt: path)
            #expect(result.mimeType == mimeType, "\(file): \(result.type.identifier)")
            #expect(result.type.conforms(to: .text), "\(file)")
        }
    }

    @Test func magicBreaksAGlobTieBetweenDatabaseTypes() throws {
        let dbus = Array("[D-BUS Service]\nName=org.example.Test\nExec=/bin/true\n".utf8)
        let unit = Array("[Unit]\nDescription=x\n\n[Service]\nExecStart=/bin/true\n".utf8)
        let forDBus = try Self.withDatabase.classify(bytes: dbus, fileName: "a.service")
        let forUnit = try Self.withDatabase.classify(bytes: unit, fileName: "a.service")
        #expect(forDBus.mimeType == "text/x-dbus-service")
        #expect(forUnit.mimeType == "text/x-systemd-unit")
        #expect(forDBus.type.source == .systemMIMEDatabase)
    }

    @Test("shared-mime-info's one-marker guesses (priority 10) do not outweigh plain text")
    func weakestRulesDoNotDecideText() throws {
        let lister = Classifier(registry: .builtin, options: .init(listsCandidates: true))
        for text in [
            "## Settings for the tool\nname = value\n", "% a comment\nnot TeX at all\n",
        ] {
            let result = try lister.classify(bytes: Array(text.utf8), fileName: nil)
            #expect(result.type == .plainText, "\(text): \(result.type.identifier)")
            // The guess is still listed, with its priority.
            let weak = result.candidates.filter {
                $0.source == .systemDatabase && ($0.priority ?? 100) <= 10
            }
            #expect(!weak.isEmpty, "\(text): \(result.candidates)")
        }
    }

    /// shared-mime-info knows the root element `jnlp`; the registry knows (from Apple's
    /// table) that Java Web Start files are XML, so the root refines Tika's `<?xml` rule.
    @Test func aSystemRootElementRefinesGenericXML() throws {
        let jnlp = Array(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <jnlp spec="1.0+" codebase="http://example.org/"><information/></jnlp>

            """.utf8
        )
        let result = try Self.withDatabase.classify(bytes: jnlp, fileName: nil)
        #expect(result.mimeType == "application/x-java-jnlp-file", "\(result.detail)")
        let alone = try Self.withoutDatabase.classify(bytes: jnlp, fileName: nil)
        #expect(alone.type == .xml, "\(alone.detail)")
    }

    @Test func withoutTheDatabaseTheBuiltInsDecideAlone() throws {
        let path = fixturePath("fixture.service")
        let result = try Self.withoutDatabase.classify(fileAt: path)
        #expect(result.type == .plainText)
        #expect(result.extensionAgrees == false)
    }

    @Test(
        "Our answers equal GIO's where gio is installed",
        .enabled(if: hasGIO, "gio is absent")
    )
    func answersEqualGIO() throws {
        for (file, _) in Self.desktopFiles {
            let path = fixturePath(file)
            let gio = try gioContentType(of: path)
            let ours = try Self.withDatabase.classify(fileAt: path).mimeType
            #expect(ours == gio, "\(file)")
        }
    }
}
