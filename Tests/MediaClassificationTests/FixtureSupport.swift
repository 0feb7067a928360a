import Foundation
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
