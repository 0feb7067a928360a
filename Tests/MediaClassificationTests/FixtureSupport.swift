import Foundation
import Testing

/// The folder that holds Package.swift, found by walking up from this file.
let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/" {
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
        {
            return url
        }
        url.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// The fixtures folder.
let fixturesFolder = packageRoot.appendingPathComponent("Fixtures")

/// One entry of `Fixtures/manifest.json`: a real file and what it really is.
struct Fixture: Decodable, Sendable, CustomTestStringConvertible {
    var file: String
    var identifier: String
    var mimeType: String?
    var family: String?
    var extensionAgrees: Bool?
    var animated: Bool?
    var notes: String?

    var path: String { fixturesFolder.appendingPathComponent(file).path }
    var testDescription: String { file }

    static func all() throws -> [Fixture] {
        let data = try Data(contentsOf: fixturesFolder.appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode([Fixture].self, from: data)
    }
}
