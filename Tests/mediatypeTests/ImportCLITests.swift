import Foundation
import TestSupport
import Testing

@Suite struct ImportCLITests {
    /// A fresh folder with copies of some fixtures (the import moves its sources).
    private func stage(_ names: [String]) throws -> (folder: URL, paths: [String]) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("mediatype-import-\(UUID().uuidString)")
        let sources = folder.appendingPathComponent("picked")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        var paths: [String] = []
        for name in names {
            let (from, to) = name.contains("=") ? splitRename(name) : (name, name)
            let target = sources.appendingPathComponent(to)
            try FileManager.default.copyItem(
                at: fixturesFolder.appendingPathComponent(from),
                to: target
            )
            paths.append(target.path)
        }
        return (folder, paths)
    }

    private func splitRename(_ text: String) -> (String, String) {
        let parts = text.split(separator: "=")
        return (String(parts[0]), String(parts[1]))
    }

    @Test func importsMoviesAndImagesAndRejectsAudioWithExitOne() throws {
        let (folder, paths) = try stage(["clip.mov", "image.jpg", "audio.m4a"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("Library").path
        let result = try runMediatype(["import", "--json", "--into", library] + paths)
        #expect(result.status == 1, "\(result.stderr)")
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        #expect(array.map { $0["result"] as? String } == ["imported", "imported", "rejected"])
        #expect(FileManager.default.fileExists(atPath: library + "/clip.mov"))
        #expect(FileManager.default.fileExists(atPath: library + "/image.jpg"))
        #expect(!FileManager.default.fileExists(atPath: paths[0]))
        #expect(FileManager.default.fileExists(atPath: paths[2]), "a rejected source stays")
        #expect(array[2]["reason"] is String)
    }

    @Test func aLyingExtensionIsCorrectedAndANameClashGetsASuffix() throws {
        let (folder, paths) = try stage(["clip.mov=movie.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("Library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try Data("existing".utf8).write(to: library.appendingPathComponent("movie.mov"))
        let result = try runMediatype(["import", "--json", "--into", library.path] + paths)
        #expect(result.status == 0, "\(result.stderr)")
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        let destination = try #require(array.first?["destination"] as? String)
        #expect(destination.hasSuffix(".mov"))
        #expect(destination != library.appendingPathComponent("movie.mov").path)
        #expect(array.first?["renamedExtension"] as? Bool == true)
        let kept = try String(
            contentsOf: library.appendingPathComponent("movie.mov"),
            encoding: .utf8
        )
        #expect(kept == "existing", "never an overwrite")
    }

    @Test func dryRunMovesNothing() throws {
        let (folder, paths) = try stage(["image.png"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("Library").path
        let result = try runMediatype(["import", "--dry-run", "--into", library] + paths)
        #expect(result.status == 0)
        #expect(result.stdout.contains("would import"))
        #expect(FileManager.default.fileExists(atPath: paths[0]))
        #expect(!FileManager.default.fileExists(atPath: library + "/image.png"))
    }

    @Test func badImportCommandLinesExit64() throws {
        for arguments in [
            ["import", "x"], ["import", "--into", "/tmp/x"],
            ["import", "--into", "/tmp/x", "--layout", "sideways", "y"],
        ] {
            #expect(try runMediatype(arguments).status == 64, "\(arguments)")
        }
    }

    @Test func intoASymlinkToAFolderImports() throws {
        let (folder, paths) = try stage(["image.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = folder.appendingPathComponent("RealLibrary")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = folder.appendingPathComponent("Library").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real.path)
        let result = try runMediatype(["import", "--json", "--into", link] + paths)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: real.appendingPathComponent("image.jpg").path)
        )
    }

    @Test func intoAnEmptyPathIsABadCommandLine() throws {
        let (folder, paths) = try stage(["image.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runMediatype(["import", "--into", ""] + paths, currentDirectory: folder)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(FileManager.default.fileExists(atPath: paths[0]))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names == ["picked"])
    }

    @Test func filesFromAFolderIsAnError() throws {
        let (folder, _) = try stage([])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runMediatype(["classify", "--json", "--files-from", folder.path])
        #expect(result.status == 2, "\(result.stderr)")
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        #expect(array.count == 1)
        let error = try #require(array.first?["error"] as? [String: Any])
        #expect((error["message"] as? String)?.contains("folder") == true)
    }

    @Test func filesFromHasARecordLengthBound() throws {
        let (folder, _) = try stage([])
        defer { try? FileManager.default.removeItem(at: folder) }
        // 8 MiB with no separator, then a real path: one error for the overlong record,
        // then the path classified.
        var list = Data(repeating: UInt8(ascii: "a"), count: 8 << 20)
        list.append(
            contentsOf: Array("\n\(fixturesFolder.appendingPathComponent("image.png").path)\n".utf8)
        )
        let listFile = folder.appendingPathComponent("list.txt")
        try list.write(to: listFile)
        let result = try runMediatype(["classify", "--json", "--files-from", listFile.path])
        #expect(result.status == 2, "\(result.stderr)")
        let array = try #require(try parseJSON(result.stdout) as? [[String: Any]])
        #expect(array.count == 2)
        let error = try #require(array.first?["error"] as? [String: Any])
        #expect(error["code"] as? String == "nameTooLong")
        // The error names the list, not an 8 MiB "path" held whole in memory.
        #expect(array.first?["path"] as? String == listFile.path)
        #expect(array.last?["identifier"] as? String == "public.png")
    }

    @Test func importNeedsNoTemporaryFolder() throws {
        // The open source is classified through its own descriptor: nothing is made under
        // TMPDIR, so an unusable one changes nothing.
        let (folder, paths) = try stage(["image.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("Library").path
        let process = Process()
        process.executableURL = mediatypeBinary
        process.arguments = ["import", "--json", "--into", library] + paths
        process.environment = ["TMPDIR": folder.appendingPathComponent("missing").path]
        let result = try collect(process)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: library + "/image.jpg"))
        #expect(!FileManager.default.fileExists(atPath: paths[0]))
    }

    /// Runs the binary as uid/gid 65534 (root ignores permission bits); nil when it cannot.
    private func runAsNobody(_ arguments: [String]) throws -> CLIResult? {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        else { return nil }
        func run(_ arguments: [String]) throws -> CLIResult {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                ["--reuid=65534", "--regid=65534", "--clear-groups", mediatypeBinary.path]
                + arguments
            return try collect(process)
        }
        guard try run(["--help"]).status == 0 else { return nil }
        return try run(arguments)
    }

    @Test func aSourceUnderAFolderThatMayOnlyBeSearchedImports() throws {
        // /tmp/x (0711, root's) / picked (nobody's): the import walks the path without
        // reading the folders on the way, as a lookup by path does.
        let (folder, paths) = try stage(["image.jpg"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let picked = folder.appendingPathComponent("picked").path
        let library = folder.appendingPathComponent("Library").path
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        for path in [picked, library, paths[0]] { chown(path, 65534, 65534) }
        chmod(folder.path, 0o711)
        guard let result = try runAsNobody(["import", "--json", "--into", library] + paths) else {
            print("skipped: cannot run the binary as uid 65534 here")
            return
        }
        #expect(result.status == 0, "\(result.stderr)\(result.stdout)")
        #expect(FileManager.default.fileExists(atPath: library + "/image.jpg"))
        #expect(!FileManager.default.fileExists(atPath: paths[0]))
    }
}
