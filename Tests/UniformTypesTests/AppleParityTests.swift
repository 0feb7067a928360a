import TestSupport
import Testing
import UniformTypes

/// Reads a whole text file (UTF-8) without Foundation.
func readText(_ path: String) throws -> String {
    guard let file = fopen(path, "rb") else { throw ReadError(path: path) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

struct ReadError: Error { var path: String }

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let appleTablePath = packageRoot.path + "/Data/reference/apple-utis.tsv"

@Suite struct AppleParityTests {
    struct Row: Sendable {
        var identifier: String
        var parents: [String]
        var extensions: [String]
        var mimeTypes: [String]
        var declaration: String
    }

    static func rows() throws -> [Row] {
        try readText(appleTablePath).split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(
                String.init
            )
            func list(_ index: Int) -> [String] {
                index < fields.count && !fields[index].isEmpty
                    ? fields[index].split(separator: ",").map(String.init) : []
            }
            return Row(
                identifier: fields[0],
                parents: list(1),
                extensions: list(2),
                mimeTypes: list(3),
                declaration: fields.count > 4 ? fields[4] : ""
            )
        }
    }

    @Test("Every type in Apple's macOS 12.7 table is declared with Apple's parents and tags")
    func registryMatchesApplesTable() throws {
        let rows = try Self.rows()
        #expect(rows.count == 923)
        let registry = TypeRegistry.builtinOnly
        for row in rows {
            guard let type = registry.type(withIdentifier: row.identifier), !type.isDynamic,
                let declaration = type.declaration
            else {
                Issue.record("\(row.identifier) is not declared")
                continue
            }
            #expect(declaration.identifier == row.identifier)
            #expect(Set(declaration.conformsTo) == Set(row.parents), "\(row.identifier) parents")
            #expect(
                declaration.filenameExtensions == row.extensions,
                "\(row.identifier) extensions"
            )
            #expect(declaration.mimeTypes == row.mimeTypes, "\(row.identifier) MIME types")
            #expect(declaration.standing.rawValue == row.declaration, "\(row.identifier) standing")
            #expect(declaration.description?.isEmpty == false, "\(row.identifier) description")
        }
    }
}
