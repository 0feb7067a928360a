import Foundation
import TestSupport
import Testing

/// Mutants of every fixture through the real binary: no crash, no hang, no missing row, and
/// no error for a file that can be read (issue 18).
///
/// The default run makes 2,000 mutants; `MEDIATYPE_MUTANTS=20000 swift test --filter
/// MutationRunTests` runs a long one. The seed is fixed, so a failure names a file that can be
/// made again.
@Suite struct MutationRunTests {
    static var count: Int {
        // Under a sanitizer the binary runs about ten times slower and shares two cores
        // with the rest of the suite: a tenth as many mutants keep the run's length.
        ProcessInfo.processInfo.environment["MEDIATYPE_MUTANTS"].flatMap { Int($0) }
            ?? 2_000 / timeScaleUnderSanitizers
    }

    /// One mutant of `bytes`: bit flips, a truncation, a run of one byte, a splice of another
    /// file's bytes, or a repeated slice (large counts and nesting are what parsers meet in
    /// hostile files).
    static func mutate(
        _ bytes: [UInt8],
        donor: [UInt8],
        random: inout SplitMix64
    ) -> [UInt8] {
        var mutant = bytes
        guard !mutant.isEmpty else { return donor.prefix(64).map { $0 } }
        func position() -> Int { Int(random.next() % UInt64(mutant.count)) }
        switch random.next() % 6 {
        case 0:
            for _ in 0..<(1 + random.next() % 8) {
                mutant[position()] ^= UInt8(1) << (random.next() % 8)
            }
        case 1:
            mutant.removeSubrange(position()...)
        case 2:
            let start = position()
            let length = min(mutant.count - start, 1 + Int(random.next() % 64))
            let value: UInt8 = random.next() % 2 == 0 ? 0xFF : 0x00
            mutant.replaceSubrange(
                start..<(start + length),
                with: repeatElement(value, count: length)
            )
        case 3:
            let start = position()
            let piece = donor.prefix(Int(random.next() % 512))
            mutant.replaceSubrange(start..<min(mutant.count, start + piece.count), with: piece)
        case 4:
            // A field that sizes something: four bytes set to a huge or a tiny value.
            let start = position()
            let end = min(mutant.count, start + 4)
            let value: UInt8 = random.next() % 2 == 0 ? 0xFF : 0x01
            mutant.replaceSubrange(start..<end, with: repeatElement(value, count: end - start))
        default:
            let start = position()
            let slice = mutant[start..<min(mutant.count, start + 1 + Int(random.next() % 32))]
            let repeats = Array(repeatElement(slice, count: 1 + Int(random.next() % 64)).joined())
            mutant.insert(contentsOf: repeats, at: start)
        }
        return mutant
    }

    @Test func mutantsOfEveryFixtureAreAllAnsweredWithoutAnError() throws {
        let sources = try FileManager.default.contentsOfDirectory(atPath: fixturesFolder.path)
            .sorted()
            .compactMap { name -> (String, [UInt8])? in
                let path = fixturesFolder.appendingPathComponent(name).path
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
                    !isFolder.boolValue, let data = FileManager.default.contents(atPath: path),
                    data.count <= 256 * 1024
                else { return nil }
                return (name, [UInt8](data))
            }
        try #require(sources.count > 100)
        let folder = try makeTemporaryFolder(prefix: "mediatype-mutants")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var random = SplitMix64(seed: 0x6D75_7461_6E74_7321)
        var paths: [String] = []
        for index in 0..<Self.count {
            let (name, bytes) = sources[index % sources.count]
            let donor = sources[Int(random.next() % UInt64(sources.count))].1
            // Half keep their fixture's name (the name's rules run too), half have none.
            let file = index % 2 == 0 ? "\(index)-\(name)" : "\(index)"
            let path = folder + "/" + file
            let mutant = Self.mutate(bytes, donor: donor, random: &random)
            try #require(FileManager.default.createFile(atPath: path, contents: Data(mutant)))
            paths.append(path)
        }
        let list = folder + "/list"
        try #require(
            FileManager.default.createFile(
                atPath: list,
                contents: Data((paths.joined(separator: "\n") + "\n").utf8)
            )
        )

        let started = ContinuousClock.now
        let result = try runMediatype(["classify", "--ndjson", "--files-from", list])
        let elapsed = ContinuousClock.now - started
        #expect(result.status == 0, "exit status \(result.status); \(result.stderr.prefix(2_000))")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == paths.count, "rows for \(lines.count) of \(paths.count) mutants")
        var errors: [String] = []
        for (line, path) in zip(lines, paths) {
            guard let object = try parseJSON(String(line)) as? [String: Any] else {
                errors.append("\(path): not a JSON object")
                continue
            }
            if object["path"] as? String != path { errors.append("\(path): out of order") }
            if !(object["error"] is NSNull) { errors.append("\(path): \(object["error"] ?? "")") }
            if object["identifier"] as? String == nil { errors.append("\(path): no identifier") }
        }
        #expect(errors.isEmpty, "\(errors.count) bad rows: \(errors.prefix(10))")
        // A generous bound that a hang (or quadratic work) would break: the whole run takes
        // well under a second a thousand files on two cores (14 s for 2,000 in a debug build).
        #expect(elapsed < .seconds(max(30, paths.count / 50) * timeScaleUnderSanitizers))
    }
}
