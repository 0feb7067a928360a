import Foundation
import TestSupport
import Testing

private let systemMIMECache = "/usr/share/mime/mime.cache"

@Suite struct RegistryCLITests {
    @Test func declarationFilesAddTypes() throws {
        let file = fixturePath("declarations/widgets.plist")
        let result = try runMediatype(["info", "--json", "--declarations", file, ".widget"])
        #expect(result.status == 0, "\(result.stderr)")
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        let type = try #require(array.first)
        #expect(type["identifier"] as? String == "com.example.widget-document")
        #expect(type["source"] as? String == "declarations")
        #expect((type["supertypes"] as? [String])?.contains("public.json") == true)
    }

    @Test func badDeclarationFilesAreRefusedNamingTheFileAndTheReason() throws {
        for name in ["cycle.plist", "unknown-parent.plist", "malformed-identifier.plist"] {
            let file = fixturePath("declarations/\(name)")
            let result = try runMediatype(["info", "--declarations", file, "public.item"])
            #expect(result.status == 64, "\(name)")
            #expect(result.stderr.contains(name), "\(name): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(name)")
        }
    }

    @Test func typesListsTheDeclaredTypesConformingToOne() throws {
        let result = try runMediatype(["types", "--json", "--conforming-to", "public.audio"])
        #expect(result.status == 0)
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        let identifiers = Set(array.compactMap { $0["identifier"] as? String })
        #expect(identifiers.contains("public.mp3"))
        #expect(identifiers.contains("public.mpeg-4-audio"))
        #expect(!identifiers.contains("public.mpeg-4"))
        #expect(!identifiers.contains("public.jpeg"))
    }

    @Test func treeShowsATypeWithTwoParentsUnderBothMarked() throws {
        let result = try runMediatype(["tree", "public.audiovisual-content"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "public.audiovisual-content")
        let wmv = lines.filter { $0.contains("com.microsoft.windows-media-wmv") }
        #expect(wmv.count == 2, "\(wmv)")
        #expect(wmv.allSatisfy { $0.contains("also under") })
        #expect(lines.contains { $0.hasSuffix("public.mpeg-4") })
    }

    @Test(
        "The system MIME database gives types to tags nothing declares",
        .enabled(
            if: FileManager.default.fileExists(atPath: systemMIMECache),
            "no shared-mime-info cache at /usr/share/mime/mime.cache"
        )
    )
    func systemDatabaseTypes() throws {
        let result = try runMediatype(["info", "--json", ".vala", "text/x-microdvd"])
        #expect(result.status == 0)
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        #expect(array.count == 2)
        for (type, mimeType) in zip(array, ["text/x-vala", "text/x-microdvd"]) {
            #expect(type["source"] as? String == "system-mime-database")
            #expect((type["mimeTypes"] as? [String])?.first == mimeType)
            #expect((type["supertypes"] as? [String])?.contains("public.plain-text") == true)
            #expect((type["identifier"] as? String)?.hasPrefix("dyn.") == true)
        }
        #expect((array[0]["filenameExtensions"] as? [String])?.contains("vala") == true)
        #expect((array[1]["filenameExtensions"] as? [String])?.contains("sub") == true)

        let without = try runMediatype(["info", "--json", "--no-system-mime-database", ".vala"])
        let plain = try #require(try parseJSON(without.stdout) as? [[String: Any]])
        #expect(plain.first?["source"] as? String == "dynamic")
        #expect(plain.first?["identifier"] as? String != array[0]["identifier"] as? String)

        // In words: where the type comes from, and that a database type has a dyn. identifier.
        let words = try runMediatype(["info", ".vala"]).stdout
        #expect(words.contains("  source: system-mime-database (dyn. identifier)\n"), "\(words)")
        #expect(words.contains("  extensions: vala"), "\(words)")
        let plainWords = try runMediatype(["info", "--no-system-mime-database", ".vala"]).stdout
        #expect(plainWords.hasSuffix("  source: dynamic\n"), "\(plainWords)")
    }
}
