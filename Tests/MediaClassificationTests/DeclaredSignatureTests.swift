import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// Types a declaration file declares, recognised by the content signatures it gives.
@Suite struct DeclaredSignatureTests {
    static func registry() throws -> TypeRegistry {
        let json = """
            {"UTExportedTypeDeclarations": [
              {"UTTypeIdentifier": "com.example.foo",
               "UTTypeConformsTo": "public.data",
               "UTTypeTagSpecification": {"public.filename-extension": "foo",
                                          "public.mime-type": "application/x-example-foo"},
               "MTContentSignatures": [{"String": "FOO1"},
                                       {"Bytes": "46 4f 4f 32", "Offset": "0:32"}]},
              {"UTTypeIdentifier": "com.example.sheet",
               "UTTypeConformsTo": "public.xml",
               "MTContentSignatures": {"XMLRootElement": "sheet",
                                       "XMLNamespace": "urn:example:sheet"}},
              {"UTTypeIdentifier": "com.example.pack",
               "UTTypeConformsTo": "public.zip-archive",
               "MTContentSignatures": {"String": "readme.txt", "Offset": "30:40",
                                       "Priority": 80}}
            ]}
            """
        let declarations = try DeclarationFile.parse(Array(json.utf8), path: "example.json")
        return try TypeRegistry.builtinOnly.adding(declarations)
    }

    @Test func aDeclaredSignatureNamesItsType() throws {
        let classifier = Classifier(registry: try Self.registry())
        let foo = try classifier.classify(bytes: Array("FOO1 and then data\u{0}\u{1}".utf8))
        #expect(foo.type.identifier == "com.example.foo")
        #expect(foo.evidence == .signature)
        #expect(foo.confidence == .medium)
        // The second signature: a value anywhere in a range of offsets.
        let later = try classifier.classify(bytes: [0, 1, 2, 3, 4, 5] + Array("FOO2".utf8) + [0])
        #expect(later.type.identifier == "com.example.foo")
        // On text too: a declared signature is its author's claim, not a binary format's few
        // letters glimpsed in prose.
        let text = try classifier.classify(bytes: Array("FOO1 settings\nname = value\n".utf8))
        #expect(text.type.identifier == "com.example.foo", "\(text.detail)")
        // Without the declarations the same bytes are nothing known.
        let plain = try Classifier(registry: .builtinOnly).classify(bytes: Array("FOO1\u{0}".utf8))
        #expect(plain.type.identifier != "com.example.foo")
    }

    /// A declared text signature names its text however the text is written: behind a
    /// UTF-8 byte-order mark, in UTF-16, with lines ended by CR alone.
    @Test func aDeclaredTextSignatureReadsTextAsUTF8WithLineFeeds() throws {
        let json = """
            {"UTExportedTypeDeclarations": [
              {"UTTypeIdentifier": "com.example.notes",
               "UTTypeConformsTo": "public.plain-text",
               "MTContentSignatures": {"String": "NOTES v1\\nauthor: "}}
            ]}
            """
        let declarations = try DeclarationFile.parse(Array(json.utf8), path: "notes.json")
        let classifier = Classifier(registry: try TypeRegistry.builtinOnly.adding(declarations))
        let text = "NOTES v1\nauthor: Ann\nfirst note\nsecond note\n"
        let forms: [(String, [UInt8])] = [
            ("UTF-8", Array(text.utf8)),
            ("UTF-8 with a mark", [0xEF, 0xBB, 0xBF] + Array(text.utf8)),
            ("UTF-16LE", ImageContainerTextSupport.wideText(text, littleEndian: true)),
            ("CR", Array(text.replacingOccurrences(of: "\n", with: "\r").utf8)),
        ]
        for (label, bytes) in forms {
            let result = try classifier.classify(bytes: bytes)
            #expect(result.type.identifier == "com.example.notes", "\(label): \(result.detail)")
        }
    }

    @Test func anXMLRootElementRefinesGenericXML() throws {
        let classifier = Classifier(
            registry: try Self.registry(),
            options: Classifier.Options(listsCandidates: true)
        )
        let xml = #"<?xml version="1.0"?><!-- a sheet --><sheet xmlns="urn:example:sheet"/>"#
        let sheet = try classifier.classify(bytes: Array(xml.utf8))
        #expect(sheet.type.identifier == "com.example.sheet")
        #expect(sheet.candidates.contains { $0.source == .declarations })
        let other = #"<?xml version="1.0"?><sheet xmlns="urn:example:other"/>"#
        #expect(try classifier.classify(bytes: Array(other.utf8)).type.identifier == "public.xml")
    }

    @Test func aDeclaredKindOfZIPRefinesTheParsersAnswer() throws {
        // Fixtures/archive.zip (zip(1)) begins with the entry readme.txt, the name the
        // declared com.example.pack looks for in the first local header (offset 30).
        let zip = try fixtureBytes("archive.zip")
        #expect(try Classifier(registry: .builtinOnly).classify(bytes: zip).type == .zip)
        let classifier = Classifier(registry: try Self.registry())
        let pack = try classifier.classify(bytes: zip)
        #expect(pack.type.identifier == "com.example.pack", "\(pack.detail)")
        #expect(pack.evidence == .signature)
        // Another ZIP, whose first entry is META-INF/, stays what the parser found.
        let other = try classifier.classify(bytes: try fixtureBytes("app.jar"))
        #expect(other.type.identifier == "com.sun.java-archive")
    }

    @Test("Among signatures the bytes match, none strong, the name picks; a strong one stands")
    func theNamePicksAmongMatchingSignatures() throws {
        let json = """
            {"UTExportedTypeDeclarations": [
              {"UTTypeIdentifier": "com.example.alpha", "UTTypeConformsTo": "public.data",
               "UTTypeTagSpecification": {"public.filename-extension": "alpha"},
               "MTContentSignatures": {"String": "AB12", "Priority": 60}},
              {"UTTypeIdentifier": "com.example.beta", "UTTypeConformsTo": "public.data",
               "UTTypeTagSpecification": {"public.filename-extension": "beta"},
               "MTContentSignatures": {"String": "AB12", "Priority": 50}},
              {"UTTypeIdentifier": "com.example.gamma", "UTTypeConformsTo": "public.data",
               "UTTypeTagSpecification": {"public.filename-extension": "gamma"},
               "MTContentSignatures": {"String": "ZZ99", "Priority": 85}},
              {"UTTypeIdentifier": "com.example.delta", "UTTypeConformsTo": "public.data",
               "UTTypeTagSpecification": {"public.filename-extension": "delta"},
               "MTContentSignatures": {"String": "ZZ99", "Priority": 50}}
            ]}
            """
        let declarations = try DeclarationFile.parse(Array(json.utf8), path: "picks.json")
        let classifier = Classifier(registry: try TypeRegistry.builtinOnly.adding(declarations))
        let shared = Array("AB12".utf8) + [0, 1, 2, 0xFF, 0xFE]
        func identifier(_ bytes: [UInt8], _ name: String?) throws -> String {
            try classifier.classify(bytes: bytes, fileName: name).type.identifier
        }
        #expect(try identifier(shared, nil) == "com.example.alpha")
        #expect(try identifier(shared, "file.alpha") == "com.example.alpha")
        let picked = try classifier.classify(bytes: shared, fileName: "file.beta")
        #expect(picked.type.identifier == "com.example.beta")
        #expect(picked.extensionAgrees == true)
        // A name claiming what no matching signature names does not decide.
        let other = try classifier.classify(bytes: shared, fileName: "file.delta")
        #expect(other.type.identifier == "com.example.alpha")
        #expect(other.extensionAgrees == false)
        // A strong signature (priority 80 and up) is not outweighed by the name.
        let strong = Array("ZZ99".utf8) + [0, 1, 2, 0xFF, 0xFE]
        #expect(try identifier(strong, "file.delta") == "com.example.gamma")
    }
}
