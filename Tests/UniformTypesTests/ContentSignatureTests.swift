import Testing
import UniformTypes

/// `MTContentSignatures` in declaration files: read, validated, and refused whole when bad.
@Suite struct ContentSignatureTests {
    func declarations(_ signatures: String) throws(TypeDeclarationError) -> [TypeDeclaration] {
        let json = """
            {"UTExportedTypeDeclarations": [{
                "UTTypeIdentifier": "com.example.foo",
                "UTTypeConformsTo": "public.data",
                "UTTypeTagSpecification": {"public.filename-extension": "foo"},
                "MTContentSignatures": \(signatures)
            }]}
            """
        return try DeclarationFile.parse(Array(json.utf8), path: "foo.json")
    }

    @Test func everyFormOfSignatureIsRead() throws {
        let read = try declarations(
            """
            [{"String": "FOO1"},
             {"Bytes": "89 46 4f 4f", "Mask": "ff ff df df", "Offset": "4:16", "Priority": 70},
             {"Offset": 8, "String": "x"},
             {"XMLRootElement": "foo", "XMLNamespace": "urn:example:foo"}]
            """
        )
        let signatures = try #require(read.first?.contentSignatures)
        #expect(
            signatures == [
                ContentSignature(
                    test: .bytes(value: Array("FOO1".utf8), mask: nil, offsets: 0...0)
                ),
                ContentSignature(
                    test: .bytes(
                        value: [0x89, 0x46, 0x4F, 0x4F],
                        mask: [0xFF, 0xFF, 0xDF, 0xDF],
                        offsets: 4...16
                    ),
                    priority: 70
                ),
                ContentSignature(test: .bytes(value: [0x78], mask: nil, offsets: 8...8)),
                ContentSignature(test: .xmlRoot(localName: "foo", namespace: "urn:example:foo")),
            ]
        )
        // One dictionary alone counts as a list of one.
        let single = try declarations(#"{"String": "FOO1"}"#)
        #expect(single.first?.contentSignatures.count == 1)
    }

    @Test(
        "A bad signature refuses the whole file, naming the entry and the reason",
        arguments: [
            (#"[{"Bytes": "8g"}]"#, "hexadecimal"),
            (#"[{"Bytes": "123"}]"#, "hexadecimal"),
            (#"[{"String": "FOO", "Mask": "ff"}]"#, "as long as the value"),
            (#"[{"String": "FOO", "Offset": 70000}]"#, "Offset"),
            (#"[{"String": "FOO", "Offset": "9:3"}]"#, "Offset"),
            (#"[{"String": "FOOFOOFO", "Offset": "0:65535"}]"#, "over"),
            (#"[{"String": "FOO", "Priority": 101}]"#, "Priority"),
            (#"[{"String": ""}]"#, "1 to"),
            (#"[{"String": "a", "Bytes": "61"}]"#, "not both"),
            (#"[{"Offset": 3}]"#, "needs String"),
            (#"[{"String": "a", "Shift": 2}]"#, "unknown signature key Shift"),
            (#"[{"XMLRootElement": "a b"}]"#, "element name"),
            (#"[{"XMLRootElement": "a", "String": "b"}]"#, "takes no value"),
            (#"[{"XMLNamespace": "urn:x"}]"#, "goes with XMLRootElement"),
            (#"["FOO"]"#, "dictionary"),
            (#""FOO""#, "array of dictionaries"),
        ]
    )
    func refused(_ signatures: String, _ reason: String) throws {
        do {
            let read = try declarations(signatures)
            Issue.record("accepted: \(read)")
        } catch {
            #expect(error.entry == "com.example.foo")
            #expect("\(error)".contains(reason), "\(error)")
        }
    }
}
