import Foundation
import TestSupport
import Testing

/// The habits the CLI shares with file(1) and GNU tools: `-b`, `--mime-type`, `--print0`, one
/// exit status for an unknown type, JSON in every command, typo checks on `--allow`, output
/// in input order, the same keys in every object, and `--json` streamed.
@Suite struct CLIHabitsTests {
    @Test func briefAndMimeTypeShapeTextAsFileDoes() throws {
        let png = fixturePath("image.png")
        #expect(try runMediatype(["classify", "-b", png]).stdout == "public.png (image/png)\n")
        #expect(try runMediatype(["classify", "--mime-type", png]).stdout == "\(png): image/png\n")
        let both = try runMediatype([
            "classify", "--brief", "--mime-type", png, fixturesFolder.path,
        ])
        #expect(both.status == 0)
        #expect(both.stdout == "image/png\ninode/directory\n")
        let accepts = try runMediatype(["accepts", "-b", "--allow", "image/*", png])
        #expect(accepts.stdout.hasPrefix("accepted: the content is public.png"))
    }

    /// `--mime-type` prints what `file --mime-type` prints for text: the type without the
    /// charset that Apple's UTF-8 and UTF-16 text types carry in their MIME types.
    @Test(arguments: ["text.txt", "utf16le.txt"])
    func mimeTypeLeavesTheCharsetOutAsFileDoes(name: String) throws {
        let path = fixturePath(name)
        let file = try runProgram(
            programOnPath("file") ?? "/usr/bin/file",
            ["-b", "--mime-type", path]
        )
        let json = try runMediatype(["classify", "--json", path]).stdout
        #expect(json.contains("charset="), "the type's own MIME type names the charset")
        let ours = try runMediatype(["classify", "-b", "--mime-type", path])
        #expect(ours.stdout == file.output)
        #expect(ours.stdout == "text/plain\n")
    }

    @Test func print0EndsTheRawPathWithANul() throws {
        let folder = try makeTemporaryFolder(prefix: "mediatype-print0")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/two\nlines.png"
        try FileManager.default.copyItem(atPath: fixturePath("image.png"), toPath: path)
        let result = try runMediatypeBytes(
            ["classify", "--print0", "--mime-type", path].map { Array($0.utf8) }
        )
        #expect(result.status == 0)
        #expect(Array(result.stdoutBytes) == Array(path.utf8) + [0] + Array(": image/png\n".utf8))
        let plain = try runMediatype(["classify", path])
        #expect(plain.stdout.contains("two\\nlines.png"), "without --print0 the name is quoted")
    }

    @Test(arguments: ["-b", "--brief", "--mime-type", "--print0"])
    func textShapingFlagsRefuseJSON(flag: String) throws {
        for format in ["--json", "--ndjson"] {
            let result = try runMediatype(["classify", format, flag, fixturePath("image.png")])
            #expect(result.status == 64, "\(format) \(flag)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(flag))
        }
    }

    @Test(arguments: [
        ["info", "public.mpge-4"],
        ["info", "public.png", "public.mpge-4"],
        ["conforms", "public.mpge-4", "public.movie"],
        ["conforms", "public.mpeg-4", "public.moive"],
        ["types", "--conforming-to", "public.moive"],
        ["tree", "public.moive"],
        ["info", "--json", "public.moive"],
    ])
    func anUnknownTypeIsABadCommandLineInEveryCommand(arguments: [String]) throws {
        let result = try runMediatype(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty, "nothing is printed before the refusal")
        #expect(result.stderr.contains("no such type"), "\(result.stderr)")
        #expect(result.stderr.contains("did you mean public.m"), "\(result.stderr)")
    }

    /// Arguments for each command that make it print results (the paths are fixtures).
    private static let resultArguments: [String: [String]] = [
        "classify": [fixturePath("image.png"), fixturePath("no-such-file")],
        "accepts": ["--allow", "image/*", fixturePath("image.png"), fixturePath("no-such-file")],
        "info": ["public.png", ".mp4"],
        "conforms": ["public.png", "public.image"],
        "types": ["--conforming-to", "public.audio"],
        "tree": ["public.movie"],
        "import": ["--dry-run", "--into", "/nonexistent-library", fixturePath("image.png")],
    ]

    @Test func everyCommandHonoursJSONAndNDJSONOrRefusesThem() throws {
        let help = try runMediatype(["--help"]).stdout
        let listed = help.components(separatedBy: "SUBCOMMANDS:\n")[1]
            .components(separatedBy: "\n\n")[0]
            .split(separator: "\n")
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(Set(listed) == Set(Self.resultArguments.keys).union(["completions"]))
        for (command, arguments) in Self.resultArguments {
            let json = try runMediatype([command, "--json"] + arguments)
            #expect([0, 1, 2].contains(json.status), "\(command): \(json.stderr)")
            let array = try #require(try parseJSON(json.stdout) as? [[String: Any]], "\(command)")
            #expect(!array.isEmpty, "\(command)")
            let ndjson = try runMediatype([command, "--ndjson"] + arguments)
            #expect(ndjson.status == json.status, "\(command)")
            let lines = ndjson.stdout.split(separator: "\n")
            #expect(lines.count == array.count, "\(command)")
            for line in lines {
                #expect(try parseJSON(String(line)) is [String: Any], "\(command): \(line)")
            }
        }
        for format in ["--json", "--ndjson"] {
            let refused = try runMediatype(["completions", format, "bash"])
            #expect(refused.status == 64)
            #expect(refused.stdout.isEmpty)
        }
    }

    @Test func everyObjectOfACommandHasTheSameKeys() throws {
        let runs: [[String]] = [
            ["classify", "--json", fixturePath("no-such-file"), fixturePath("image.png")],
            [
                "accepts", "--json", "--allow", "image/*", fixturePath("no-such-file"),
                fixturePath("image.png"), fixturePath("document.pdf"),
            ],
            [
                "import", "--json", "--dry-run", "--into", "/nonexistent-library",
                fixturePath("no-such-file"), fixturePath("image.png"), fixturePath("audio.mp3"),
            ],
        ]
        for arguments in runs {
            let result = try runMediatype(arguments)
            #expect(result.status == 2, "\(arguments[0])")
            let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
            try #require(
                array.count == arguments.filter { $0.hasPrefix(fixturesFolder.path) }.count
            )
            let keys = array.map { Set($0.keys) }
            #expect(keys.allSatisfy { $0 == keys[0] }, "\(arguments[0]): \(keys)")
            #expect(keys[0].contains("pathBytes"))
            #expect(array[0]["error"] is [String: Any])
        }
    }

    @Test(arguments: ["image/jpge", ".jpgg", "vidoe/*,.pdf", "vidoe/mp4"])
    func aMistypedAllowEntryIsRefusedWithSuggestions(entry: String) throws {
        let result = try runMediatype(["accepts", "--allow", entry, fixturePath("image.jpg")])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("did you mean"), "\(result.stderr)")
        let imported = try runMediatype([
            "import", "--dry-run", "--into", "/nonexistent-library", "--allow", entry,
            fixturePath("image.jpg"),
        ])
        #expect(imported.status == 64, "\(imported.stderr)")
    }

    @Test func suggestionsNameTheNearestKnownSpellings() throws {
        let mime = try runMediatype(["accepts", "--allow", "image/jpge", fixturePath("image.jpg")])
        #expect(mime.stderr.contains("image/jpeg"))
        let ext = try runMediatype(["accepts", "--allow", ".jpgg", fixturePath("image.jpg")])
        #expect(ext.stderr.contains(".jpg"))
        let identifier = try runMediatype(["accepts", "--allow", "public.moive", "x"])
        #expect(identifier.stderr.contains("did you mean public.movie?"), "\(identifier.stderr)")
        let classic = try runMediatype(["accepts", "--allow", "kUTTypeMovei", "x"])
        #expect(classic.stderr.contains("did you mean kUTTypeMovie?"), "\(classic.stderr)")
    }

    @Test func allowUnknownKeepsAnUndeclaredEntryOnPurpose() throws {
        let jpeg = fixturePath("image.jpg")
        let kept = try runMediatype(["accepts", "--allow-unknown", "--allow", ".jpgg", jpeg])
        #expect(kept.status == 1, "kept, and it accepts nothing here: \(kept.stderr)")
        let mixed = try runMediatype([
            "accepts", "--allow-unknown", "--allow", "image/x-made-up,image/jpeg", jpeg,
        ])
        #expect(mixed.status == 0, "\(mixed.stderr)")
    }

    @Test func anErrorComesAfterTheResultsOfThePathsBeforeIt() throws {
        let first = fixturePath("image.png")
        let last = fixturePath("document.pdf")
        let (status, output) = try runMediatypeMerged([
            "classify", first, fixturePath("no-such-file"), last,
        ])
        #expect(status == 2)
        let lines = output.split(separator: "\n").map(String.init)
        try #require(lines.count == 3, "\(lines)")
        #expect(lines[0].hasPrefix(first + ": "))
        #expect(lines[1].contains("no-such-file") && lines[1].contains("notFound"))
        #expect(lines[2].hasPrefix(last + ": "))
    }

    @Test func jsonIsStreamedInBoundedMemory() throws {
        // 12,000 paths: holding every object (about 1.8 KiB each) would cost some 20 MiB
        // more than writing each as it comes, as --ndjson does.
        let files = ["image.png", "document.pdf", "clip-h264-aac.mp4", "audio.mp3"].map(fixturePath)
        let folder = try makeTemporaryFolder(prefix: "mediatype-stream")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = folder + "/list"
        let paths = (0..<3_000).flatMap { _ in files }
        try Data((paths.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: list))
        func run(_ format: String) throws -> CLIResult {
            try spawnMediatype(["classify", format, "--files-from", list].map { Array($0.utf8) })
                .result
        }
        let json = try run("--json")
        let ndjson = try run("--ndjson")
        #expect(json.status == 0 && ndjson.status == 0)
        let array = try #require(try parseJSON(json.stdout) as? [[String: Any]])
        #expect(array.count == paths.count)
        #expect(json.stdout.hasPrefix("[{") && json.stdout.hasSuffix("}]\n"))
        let jsonPeak = try #require(json.peakResidentKiB)
        let ndjsonPeak = try #require(ndjson.peakResidentKiB)
        #expect(
            jsonPeak < ndjsonPeak + 8 * 1024,
            "--json \(jsonPeak) KiB, --ndjson \(ndjsonPeak) KiB"
        )
        let none = try runMediatype(["types", "--json", "--conforming-to", "dyn.ah62d4rv4ge81g6pq"])
        #expect(none.stdout == "[]\n")
    }
}
