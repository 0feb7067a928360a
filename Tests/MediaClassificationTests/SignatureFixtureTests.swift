import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// Text formats with content signatures (Fixtures/signatures, made by real tools).
///
/// Before classification v2 the text sniffer answered "plain text" before any signature was
/// read. Each must be recognised by its bytes, with its name and without one.
@Suite struct SignatureFixtureTests {
    struct Row: Sendable, CustomStringConvertible {
        var file: String
        var mimeType: String
        var family: String
        var path: String { packageRoot.appending(path: "Fixtures/signatures/\(file)").path }
        var description: String { file }
    }

    static func rows() throws -> [Row] {
        let manifest = packageRoot.appending(path: "Fixtures/signatures/manifest.tsv")
        return try String(contentsOf: manifest, encoding: .utf8)
            .split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { line in
                let fields = line.split(separator: "\t").map(String.init)
                return Row(file: fields[0], mimeType: fields[1], family: fields[2])
            }
    }

    /// The built-in sources only (Tika's database and the project's), so that the answer
    /// does not depend on the machine's shared-mime-info.
    static let classifier = Classifier(registry: .builtinOnly)

    @Test("Recognised by content, named and unnamed", arguments: try rows())
    func recognised(_ row: Row) throws {
        let named = try Self.classifier.classify(fileAt: row.path)
        #expect(named.mimeType == row.mimeType, "\(named.detail)")
        // A signature, or a structural parser that reads the format more closely (the DER
        // reader for certificates and keys).
        #expect([.signature, .container].contains(named.evidence), "\(named.detail)")
        #expect(named.confidence >= .medium)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: row.path)))
        let unnamed = try Self.classifier.classify(bytes: bytes, fileName: nil)
        #expect(unnamed.type == named.type, "\(unnamed.detail)")
        if row.family == "image" {
            #expect(named.type.conforms(to: .image))
        }
    }

    /// Slic3r's toolpath without its comments (as a hand edit or another writer leaves it)
    /// is still G-code by its moves and its homing or temperature lines; prose that names
    /// a command is not.
    @Test func gCodeWithoutASlicersCommentIsKnownByItsLines() throws {
        let bytes = try fixtureBytes("signatures/toolpath.gcode")
        let body = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            .filter { !$0.hasPrefix(";") }.joined(separator: "\n")
        let found = try Self.classifier.classify(bytes: Array(body.utf8), fileName: nil)
        #expect(found.mimeType == "text/x.gcode", "\(found.detail)")
        let prose =
            "Printing notes.\nThe printer homes with G28 before it moves.\nA move is G1 X10.\n"
        let text = try Self.classifier.classify(bytes: Array(prose.utf8), fileName: nil)
        #expect(text.mimeType != "text/x.gcode", "\(text.detail)")
    }

    /// `.pem` is PEM armour, whatever it holds: a certificate, a key, a request or a
    /// revocation list named so agrees with its name.
    @Test func pemNamesAgreeWithWhatTheyHold() throws {
        let pem = try Self.rows().filter { $0.file.hasSuffix(".pem") }
        #expect(pem.count >= 6)
        for row in pem {
            let found = try Self.classifier.classify(fileAt: row.path)
            #expect(found.extensionAgrees == true, "\(row.file): \(found.detail)")
        }
    }

    /// `.pst` names Outlook's personal folders first (Ulead PhotoImpact's images share it):
    /// an Outlook file so named agrees with its name, and the name alone says Outlook.
    @Test func pstNamesOutlookFirst() throws {
        let path = packageRoot.appending(path: "Fixtures/signatures/mail.pst").path
        let named = try Self.classifier.classify(fileAt: path)
        #expect(named.type.identifier == "com.microsoft.outlook.pst")
        #expect(named.extensionAgrees == true, "\(named.detail)")
        let registry = TypeRegistry.builtinOnly
        #expect(
            registry.type(tag: "pst", tagClass: .filenameExtension, conformingTo: nil)?.identifier
                == "com.microsoft.outlook.pst"
        )
    }

    /// A table the text analysis reads as tab-separated values and a signature names as a
    /// kind of them (ISA-Tab's assay and study files: a quoted `Sample Name` or `Source Name`
    /// first) is that kind, named `.txt` or not named.
    @Test func aSignatureNamesTheKindOfTable() throws {
        let assay =
            "\"Sample Name\"\t\"Protocol REF\"\t\"Extract Name\"\n\"s1\"\t\"extraction\"\t\"e1\"\n"
            + "\"s2\"\t\"extraction\"\t\"e2\"\n"
        let study =
            "\"Source Name\"\t\"Characteristics[organism]\"\t\"Sample Name\"\n"
            + "\"src1\"\t\"Homo sapiens\"\t\"s1\"\n\"src2\"\t\"Homo sapiens\"\t\"s2\"\n"
        for (text, identifier) in [
            (assay, "org.isa-tools.isa-tab-assay"), (study, "org.isa-tools.isa-tab-study"),
        ] {
            for name in ["a_table.txt", nil] {
                let found = try Self.classifier.classify(bytes: Array(text.utf8), fileName: name)
                #expect(found.type.identifier == identifier, "\(found.detail)")
                #expect(found.type.conforms(to: .tabSeparatedText))
            }
        }
    }

    @Test func everyFileIsListed() throws {
        let folder = packageRoot.appending(path: "Fixtures/signatures").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { !["generate.sh", "manifest.tsv", "write-headers.py"].contains($0) }
        #expect(Set(files) == Set(try Self.rows().map(\.file)))
    }
}
