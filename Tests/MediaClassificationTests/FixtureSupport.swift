import Foundation
import MediaClassification
import TestSupport
import Testing

/// One entry of `Fixtures/manifest.json`: a real file and what it really is.
struct Fixture: Decodable, Sendable, CustomTestStringConvertible {
    var file: String
    var identifier: String
    var mimeType: String?
    var family: String?
    var extensionAgrees: Bool?
    var animated: Bool?
    var notes: String?

    var path: String { fixturePath(file) }
    var testDescription: String { file }

    static func all() throws -> [Fixture] {
        let data = try Data(contentsOf: fixturesFolder.appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode([Fixture].self, from: data)
    }
}

extension Classifier {
    /// Classifies `text` as a file's bytes under `name` (none by default): the identifier
    /// given, and a note of the text and the classifier's detail for a failed expectation.
    func classify(text: String, named name: String? = nil) throws -> (
        identifier: String, note: Comment
    ) {
        let result = try classify(bytes: Array(text.utf8), fileName: name)
        return (result.type.identifier, "\(name ?? "unnamed"): \(text): \(result.detail)")
    }
}
