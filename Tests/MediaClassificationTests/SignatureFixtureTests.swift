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
        #expect(named.evidence == .signature, "\(named.detail)")
        #expect(named.confidence >= .medium)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: row.path)))
        let unnamed = try Self.classifier.classify(bytes: bytes, fileName: nil)
        #expect(unnamed.type == named.type, "\(unnamed.detail)")
        if row.family == "image" {
            #expect(named.type.conforms(to: .image))
        }
    }

    @Test func everyFileIsListed() throws {
        let folder = packageRoot.appending(path: "Fixtures/signatures").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { !["generate.sh", "manifest.tsv", "write-headers.py"].contains($0) }
        #expect(Set(files) == Set(try Self.rows().map(\.file)))
    }
}
