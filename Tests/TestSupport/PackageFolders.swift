import Foundation

/// The package's root folder, the one that holds `Package.swift`: found by walking up from
/// this source file, else the current folder (where `swift test` runs).
public let packageRoot: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
        if FileManager.default.fileExists(
            atPath: folder.appendingPathComponent("Package.swift").path
        ) {
            return folder
        }
        folder.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}()

/// The repository's `Fixtures/` folder.
public let fixturesFolder = packageRoot.appendingPathComponent("Fixtures")

/// The path of a file in `Fixtures/`, given relative to that folder.
public func fixturePath(_ name: String) -> String {
    fixturesFolder.appendingPathComponent(name).path
}

/// The bytes of a file in `Fixtures/`, given relative to that folder.
///
/// - Throws: When the file cannot be read.
public func fixtureBytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: fixturesFolder.appendingPathComponent(name)))
}
