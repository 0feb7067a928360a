import Foundation
import TestSupport
import Testing

@Suite struct BatchCLITests {
    /// The top-level fixture files, sorted as the recursive walk sorts them.
    private var fixtureFiles: [String] {
        get throws {
            try FileManager.default.contentsOfDirectory(atPath: fixturesFolder.path)
                .filter { name in
                    var isFolder: ObjCBool = false
                    let exists = FileManager.default.fileExists(
                        atPath: fixturePath(name),
                        isDirectory: &isFolder
                    )
                    return exists && !isFolder.boolValue
                }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                .map { fixturePath($0) }
        }
    }

    /// A list file under .build holding `entries`, each ended by `separator`; the caller
    /// removes it.
    private func listFile(_ entries: [String], separator: String = "\n") throws -> URL {
        let list = fixturesFolder.deletingLastPathComponent()
            .appendingPathComponent(".build/batch-list-\(UUID().uuidString)")
        try Data(entries.map { $0 + separator }.joined().utf8).write(to: list)
        return list
    }

    private func identifiers(_ ndjson: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for line in ndjson.split(separator: "\n") {
            let object = try #require(try parseJSON(String(line)) as? [String: Any])
            let path = try #require(object["path"] as? String)
            result[path] = object["identifier"] as? String ?? "error"
        }
        return result
    }

    @Test func filesFromStandardInputGivesOneResultPerLineInOrder() throws {
        let files = try fixtureFiles
        let list = try listFile(files)
        defer { try? FileManager.default.removeItem(at: list) }
        let result = try runMediatype(["classify", "--ndjson", "--files-from", list.path])
        #expect(result.status == 0)
        let paths = try result.stdout.split(separator: "\n").map { line in
            try #require(try parseJSON(String(line)) as? [String: Any])["path"] as? String
        }
        #expect(paths == files)
    }

    /// A chunk is classified while the one before it is written: over several chunks, with
    /// missing paths among them, every result and error keeps its input place, in JSON and
    /// in text (where errors go to standard error, after the results before them).
    @Test func resultsAndErrorsKeepTheirPlacesAcrossChunks() throws {
        let files = try fixtureFiles
        let entries = (0..<700).map { index in
            index % 37 == 5 ? fixturePath("missing-\(index)") : files[index % files.count]
        }
        let list = try listFile(entries)
        defer { try? FileManager.default.removeItem(at: list) }
        let json = try runMediatype(["classify", "--ndjson", "--files-from", list.path])
        #expect(json.status == 2)
        let objects = try json.stdout.split(separator: "\n").map { line in
            try #require(try parseJSON(String(line)) as? [String: Any])
        }
        try #require(objects.count == entries.count)
        for (entry, object) in zip(entries, objects) {
            #expect(object["path"] as? String == entry)
            let failed = !(object["error"] is NSNull)
            #expect(failed == entry.contains("missing-"), "\(entry)")
        }
        // Text: both streams into one pipe, one line a path, in input order.
        let (status, output) = try runMediatypeMerged(["classify", "--files-from", list.path])
        #expect(status == 2)
        let lines = output.split(separator: "\n").map(String.init)
        try #require(lines.count == entries.count)
        for (entry, line) in zip(entries, lines) {
            let expected = entry.contains("missing-") ? "mediatype: \(entry): " : "\(entry): "
            #expect(line.hasPrefix(expected), "\(line)")
        }
    }

    @Test func recursiveNulSeparatedAndUnorderedAgreeWithOneByOne() throws {
        let files = try fixtureFiles
        let oneByOne = try identifiers(runMediatype(["classify", "--ndjson"] + files).stdout)
        let recursive = try identifiers(
            runMediatype(["classify", "--ndjson", "-r", "--jobs", "2", fixturesFolder.path]).stdout
        )
        for file in files {
            #expect(recursive[file] == oneByOne[file], "\(file)")
        }
        let list = try listFile(files, separator: "\0")
        defer { try? FileManager.default.removeItem(at: list) }
        let unordered = try runMediatype([
            "classify", "--ndjson", "--unordered", "-0", "--files-from", list.path,
        ])
        #expect(unordered.status == 0)
        #expect(try identifiers(unordered.stdout) == oneByOne)
    }

    @Test func aMissingListIsAnUnreadablePath() throws {
        let result = try runMediatype(["classify", "--files-from", "/nonexistent/list.txt"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("notFound"))
    }
}
