import Foundation
import TestSupport
import Testing

@Suite struct CLITests {
    @Test func classifyNamesTheTypeOfAnMP4() throws {
        let path = fixturePath("clip-h264-aac.mp4")
        let result = try runMediatype(["classify", path])
        #expect(result.status == 0)
        #expect(result.stdout == "\(path): public.mpeg-4 (video/mp4)\n")
    }

    @Test func classifyJSONHasTheContractFields() throws {
        let path = fixturePath("clip-h264-aac.mp4")
        let result = try runMediatype(["classify", "--json", path])
        #expect(result.status == 0)
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        let object = try #require(array.first)
        #expect(object["path"] as? String == path)
        #expect(object["identifier"] as? String == "public.mpeg-4")
        #expect(object["mimeType"] as? String == "video/mp4")
        let supertypes = try #require(object["supertypes"] as? [String])
        #expect(Set(supertypes).isSuperset(of: ["public.movie", "public.audiovisual-content"]))
        #expect(object["description"] is String)
        #expect(object["evidence"] as? String != nil)
        #expect(object["extensionType"] as? String == "public.mpeg-4")
        #expect(object["extensionAgrees"] as? Bool == true)
        #expect(object["error"] is NSNull)
    }

    @Test func ndjsonStreamsOneObjectALine() throws {
        let paths = ["image.png", "document.pdf"].map(fixturePath)
        let result = try runMediatype(["classify", "--ndjson"] + paths)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        for (line, path) in zip(lines, paths) {
            let object = try #require(try parseJSON(String(line)) as? [String: Any])
            #expect(object["path"] as? String == path)
        }
    }

    @Test func aBadPathIsReportedAndTheOthersStillClassified() throws {
        let good = fixturePath("image.png")
        let missing = fixturePath("does-not-exist.png")
        let result = try runMediatype(["classify", "--json", missing, good])
        #expect(result.status == 2)
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        #expect(array.count == 2)
        let error = try #require(array[0]["error"] as? [String: Any])
        #expect(error["code"] as? String == "notFound")
        #expect(array[1]["identifier"] as? String == "public.png")

        let text = try runMediatype(["classify", missing, good])
        #expect(text.status == 2)
        #expect(text.stderr.contains("notFound"))
        #expect(text.stdout.contains("public.png"))
    }

    @Test func acceptsExitsZeroForAMovieAndOneWithAReasonForImages() throws {
        let path = fixturePath("clip-h264-aac.mp4")
        let yes = try runMediatype(["accepts", "--allow", "public.movie", path])
        #expect(yes.status == 0)
        #expect(yes.stdout.contains("accepted"))
        let no = try runMediatype(["accepts", "--allow", "public.image", path])
        #expect(no.status == 1)
        #expect(no.stdout.contains("rejected"))
        #expect(no.stdout.contains("public.mpeg-4"))
    }

    @Test func unreadableWinsOverRejected() throws {
        let movie = fixturePath("clip-h264-aac.mp4")
        let missing = fixturePath("missing.mp4")
        let result = try runMediatype(["accepts", "--allow", "public.image", movie, missing])
        #expect(result.status == 2)
    }

    @Test func infoGivesApplesDynamicIdentifierForAnUndeclaredExtension() throws {
        // UTTypeTests checks the encoding against macOS's value for `.sql`; here the CLI's
        // identifier must be a dynamic one that decodes back to the extension.
        let result = try runMediatype(["info", "--json", "--no-system-mime-database", ".vala"])
        #expect(result.status == 0)
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        let identifier = try #require(array.first?["identifier"] as? String)
        #expect(identifier.hasPrefix("dyn.a"))
        #expect(array.first?["isDynamic"] as? Bool == true)
        #expect(array.first?["isDeclared"] as? Bool == false)
        let decoded = try runMediatype(["info", "--json", "--no-system-mime-database", identifier])
        #expect(decoded.status == 0)
        let back = try #require(try parseJSON(decoded.stdout) as? [[String: Any]])
        #expect(back.first?["identifier"] as? String == identifier)
        #expect(back.first?["filenameExtensions"] as? [String] == ["vala"])
        #expect(back.first?["parents"] as? [String] == ["public.data"])
    }

    @Test func infoJSONHasTheContractFields() throws {
        let result = try runMediatype([
            "info", "--json", "public.mpeg-4", "video/quicktime", ".jpg",
        ])
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        #expect(
            array.map { $0["identifier"] as? String } == [
                "public.mpeg-4", "com.apple.quicktime-movie", "public.jpeg",
            ]
        )
        let first = array[0]
        #expect(first["parents"] as? [String] == ["public.movie"])
        #expect(first["filenameExtensions"] as? [String] == ["mp4", "mpg4"])
        #expect(first["mimeTypes"] as? [String] == ["video/mp4", "video/mp4v-es"])
        #expect(first["isDeclared"] as? Bool == true)
        #expect(first["source"] as? String == "builtin")
    }

    @Test func conformsAnswersWithItsExitStatus() throws {
        #expect(try runMediatype(["conforms", "public.mpeg-4", "public.movie"]).status == 0)
        #expect(try runMediatype(["conforms", "public.mpeg-4-audio", "public.movie"]).status == 1)
        #expect(try runMediatype(["conforms", ".m4v", "video/*"]).status == 64)
    }

    @Test func badCommandLinesExit64WithUsageOnStderr() throws {
        for arguments in [
            [], ["frobnicate"], ["classify"], ["classify", "--bogus", "x"],
            ["accepts", "x"], ["accepts", "--allow", "video/", "x"],
        ] {
            let result = try runMediatype(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(
                result.stderr.contains("Error") || result.stderr.contains("error"),
                "\(arguments)"
            )
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
    }

    @Test func helpGoesToStdoutAndExitsZero() throws {
        for arguments in [
            ["--help"], ["classify", "--help"], ["accepts", "-h"], ["help", "info"],
        ] {
            let result = try runMediatype(arguments)
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE"))
        }
    }

    @Test func namesThatAreNotUTF8KeepTheirBytes() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mediatype-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = fixturesFolder.appendingPathComponent("image.png")
        var name = Array(folder.path.utf8) + Array("/bad-".utf8) + [0xFF, 0xFE]
        name += Array(".png".utf8)
        let contents = try Data(contentsOf: source)
        // FileManager turns names into Strings; create the file through open(2) with the bytes.
        let descriptor = (name + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644)
            }
        }
        try #require(descriptor >= 0)
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        try #require(written == contents.count)
        let result = try runMediatypeBytes([Array("classify".utf8), Array("--json".utf8), name])
        #expect(result.status == 0)
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        let object = try #require(array.first)
        #expect(object["identifier"] as? String == "public.png")
        #expect((object["path"] as? String)?.contains("\u{FFFD}") == true)
        let encoded = try #require(object["pathBytes"] as? String)
        #expect(Data(base64Encoded: encoded) == Data(name))
    }

    @Test func aNewlineInANameCannotSplitTextOutput() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mediatype-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("two\nlines.png")
        try FileManager.default.copyItem(
            at: fixturesFolder.appendingPathComponent("image.png"),
            to: path
        )
        let result = try runMediatype(["classify", path.path])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stdout.contains("two\\nlines.png"))
    }

    /// Every character class the JSON writer treats apart, in file names: the paths must read
    /// back exactly, in JSON and in ndjson, and the escapes must be JSON's (no raw control
    /// character, no raw line separator on a line of its own).
    @Test func jsonPathsReadBackWhateverCharactersTheNameHolds() throws {
        let folder = try makeTemporaryFolder(prefix: "mediatype-json-names")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = [
            "plain.png", "quote\".png", "back\\slash.png", "tab\tand\rreturn.png",
            "bell\u{7}del\u{7F}.png", "sep\u{2028}par\u{2029}.png", "\"\u{301}mark.png",
            "caf\u{E9} \u{1F3DE}.png", "end\u{E2}\u{2028}\"",
        ]
        var paths: [String] = []
        for name in names {
            let path = folder + "/" + name
            try FileManager.default.copyItem(atPath: fixturePath("image.png"), toPath: path)
            paths.append(path)
        }
        let json = try runMediatype(["classify", "--json", "--"] + paths)
        #expect(json.status == 0)
        let array = try #require(try parseJSON(json.stdout) as? [[String: Any]])
        #expect(array.map { $0["path"] as? String } == paths)
        let ndjson = try runMediatype(["classify", "--ndjson", "--"] + paths)
        #expect(ndjson.status == 0)
        let lines = ndjson.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == paths.count + 1 && lines.last?.isEmpty == true)
        for (index, line) in lines.dropLast().enumerated() {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
            #expect(!line.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
            let object = try #require(try parseJSON(String(line)) as? [String: Any])
            #expect(object["path"] as? String == paths[index])
        }
        #expect(json.stdout.contains(#"sep\u2028par\u2029"#))
        #expect(json.stdout.contains(#"bell\u0007del\u007f"#))
    }
}
