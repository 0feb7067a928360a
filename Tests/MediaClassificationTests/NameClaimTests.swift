import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// Which of an extension's claims unknown bytes take: the first one they do not refute, past
/// claims of another kind of thing (text, a folder), never past a format the bytes fail.
@Suite struct NameClaimTests {
    static func registry() throws -> TypeRegistry {
        let json = """
            {"UTExportedTypeDeclarations": [
              {"UTTypeIdentifier": "com.example.notes", "UTTypeConformsTo": "public.plain-text",
               "UTTypeTagSpecification": {"public.filename-extension": ["zzq", "zzs"]}},
              {"UTTypeIdentifier": "com.example.bundle", "UTTypeConformsTo": "com.apple.package",
               "UTTypeTagSpecification": {"public.filename-extension": "zzp"}},
              {"UTTypeIdentifier": "com.example.signed", "UTTypeConformsTo": "public.data",
               "UTTypeTagSpecification": {"public.filename-extension": ["zzs", "zzp"]},
               "MTContentSignatures": [{"String": "SIGNED1"}]},
              {"UTTypeIdentifier": "com.example.rom", "UTTypeConformsTo": "public.data",
               "UTTypeTagSpecification": {"public.filename-extension": ["zzq", "zzs", "zzp"]}}
            ]}
            """
        let declarations = try DeclarationFile.parse(Array(json.utf8), path: "claims.json")
        return try TypeRegistry.builtinOnly.adding(declarations)
    }

    /// Bytes no source knows: not text, no signature.
    static let unknown: [UInt8] = (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }

    @Test func aTextClaimPassesTheTurnToTheNext() throws {
        let classifier = Classifier(registry: try Self.registry())
        let result = try classifier.classify(bytes: Self.unknown, fileName: "game.zzq")
        #expect(result.type.identifier == "com.example.rom")
        #expect(result.evidence == .name)
        #expect(result.extensionAgrees == true)
        #expect(result.detail.contains("com.example.notes, a kind of text"))
    }

    @Test func aFolderTypeIsNeverAFilesAnswer() throws {
        let classifier = Classifier(registry: try Self.registry())
        // The package passes the turn; the signed format the bytes fail ends the search.
        let result = try classifier.classify(bytes: Self.unknown, fileName: "talk.zzp")
        #expect(result.type.identifier == "public.data")
        #expect(result.extensionType?.identifier == "com.example.bundle")
        #expect(result.extensionAgrees == false)
        #expect(result.detail.contains("com.example.signed, whose signature the bytes lack"))
        // Keynote's package type on random bytes named .key, as shared-mime-info tests it.
        let key = try Classifier(registry: .builtinOnly).classify(
            bytes: Self.unknown,
            fileName: "garbage.key"
        )
        #expect(key.type.identifier == "public.data")
        #expect(key.extensionAgrees == false)
        #expect(!key.detail.contains("decided by the name"))
    }

    @Test func aFormatTheBytesFailEndsTheSearch() throws {
        let classifier = Classifier(registry: try Self.registry())
        let result = try classifier.classify(bytes: Self.unknown, fileName: "file.zzs")
        #expect(result.type.identifier == "public.data")
        #expect(result.detail.contains("com.example.signed, whose signature the bytes lack"))
        // With the signature, the signed format is the answer.
        let signed = try classifier.classify(
            bytes: Array("SIGNED1".utf8) + Self.unknown,
            fileName: "file.zzs"
        )
        #expect(signed.type.identifier == "com.example.signed")
    }
}
