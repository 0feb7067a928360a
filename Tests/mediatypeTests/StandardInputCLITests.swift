import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs a shell script with positional arguments (`$1` ...), the binary in `$MEDIATYPE`.
func runShell(_ script: String, _ arguments: [String] = []) throws -> CLIResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, "sh"] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["MEDIATYPE"] = mediatypeBinary.path
    process.environment = environment
    return try collect(process)
}

/// The files `Fixtures/manifest.json` lists.
func manifestFiles() throws -> [String] {
    let data = try Data(contentsOf: fixturesFolder.appendingPathComponent("manifest.json"))
    let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    return entries.compactMap { $0["file"] as? String }
}

@Suite struct StandardInputCLITests {
    /// The identifier of every fixture classified by path, in one run.
    static let pathAnswers: [String: String] = {
        guard let files = try? manifestFiles(),
            let run = try? runMediatype(
                ["classify", "--json", "--no-system-mime-database"] + files.map(fixturePath)
            ),
            let array = try? parseJSON(run.stdout) as? [[String: Any]]
        else { return [:] }
        var answers: [String: String] = [:]
        for object in array {
            if let path = object["path"] as? String, let identifier = object["identifier"] {
                answers[URL(fileURLWithPath: path).lastPathComponent] = identifier as? String
            }
        }
        return answers
    }()

    @Test(
        "cat FIXTURE | mediatype classify - gives the path's identifier",
        arguments: try manifestFiles()
    )
    func pipedFixture(_ file: String) throws {
        let run = try runShell(
            "cat \"$1\" | \"$MEDIATYPE\" classify --json --no-system-mime-database --name \"$2\" -",
            [fixturePath(file), file]
        )
        #expect(run.status == 0, "\(run.stderr)")
        let array = try #require(try parseJSON(run.stdout) as? [[String: Any]])
        let object = try #require(array.first)
        let expected = try #require(Self.pathAnswers[file])
        #expect(object["identifier"] as? String == expected)
        #expect(object["path"] as? String == "-")
        #expect(object["prefixLength"] is NSNull)
    }

    @Test func aRedirectedFileIsReadWhole() throws {
        for file in ["clip-h264-aac.mp4", "presentation.pptx", "image.png"] {
            let run = try runShell(
                "\"$MEDIATYPE\" classify -b --no-system-mime-database - < \"$1\"",
                [fixturePath(file)]
            )
            #expect(run.status == 0)
            #expect(
                run.stdout.hasPrefix((Self.pathAnswers[file] ?? "?") + " "),
                "\(file): \(run.stdout)"
            )
        }
    }

    @Test func theNameBreaksTiesAsAPathsNameDoes() throws {
        let folder = try makeTemporaryFolder(prefix: "stdin-name")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let yaml = folder + "/x.yaml"
        try Data("key: value\nother: 2\n".utf8).write(to: URL(fileURLWithPath: yaml))
        let byPath = try runMediatype(["classify", "-b", yaml])
        let piped = try runShell("cat \"$1\" | \"$MEDIATYPE\" classify -b --name x.yaml -", [yaml])
        let unnamed = try runShell("cat \"$1\" | \"$MEDIATYPE\" classify -b -", [yaml])
        #expect(byPath.stdout.hasPrefix("public.yaml "), "\(byPath.stdout)")
        #expect(piped.stdout == byPath.stdout)
        #expect(unnamed.stdout.hasPrefix("public.plain-text "), "\(unnamed.stdout)")
        // A name whose extension disagrees is reported as a path's would be.
        let png = try runShell(
            "cat \"$1\" | \"$MEDIATYPE\" classify -b --name photo.jpg -",
            [fixturePath("image.png")]
        )
        #expect(png.stdout.contains("[the extension claims public.jpeg]"), "\(png.stdout)")
    }

    @Test func acceptsReadsStandardInput() throws {
        let png = fixturePath("image.png")
        let accepted = try runShell("\"$MEDIATYPE\" accepts --allow 'image/*' - < \"$1\"", [png])
        #expect(accepted.status == 0)
        #expect(accepted.stdout.hasPrefix("-: accepted"), "\(accepted.stdout)")
        let rejected = try runShell(
            "cat \"$1\" | \"$MEDIATYPE\" accepts --json --allow video/* -",
            [png]
        )
        #expect(rejected.status == 1)
        let object = try #require((try parseJSON(rejected.stdout) as? [[String: Any]])?.first)
        #expect(object["accepted"] as? Bool == false)
        #expect(object["path"] as? String == "-")
    }

    @Test func aLongPipeIsJudgedOnItsPrefix() throws {
        let run = try runShell(
            "yes 'plain words here' | head -c 200000 | \"$MEDIATYPE\" classify --json -"
        )
        #expect(run.status == 0)
        let object = try #require((try parseJSON(run.stdout) as? [[String: Any]])?.first)
        #expect(object["identifier"] as? String == "public.plain-text")
        #expect(object["prefixLength"] as? Int == 65536)
        let text = try runShell("yes 'plain words' | \"$MEDIATYPE\" classify -b -")
        #expect(text.stdout.contains("[from the first 65536 bytes]"), "\(text.stdout)")
    }

    @Test func misuseIsAUsageError() throws {
        let png = fixturePath("image.png")
        for arguments in [
            ["classify", "--name", "x.txt", png], ["classify", "-", png],
            ["accepts", "--allow", "image/*", "-r", "-"], ["classify", "--files-from", png, "-"],
        ] {
            let run = try runMediatype(arguments)
            #expect(run.status == 64, "\(arguments)")
        }
    }

    @Test func afterDoubleDashADashIsAFileNamedDash() throws {
        let folder = try makeTemporaryFolder(prefix: "stdin-dash")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: fixturePath("image.png"), toPath: folder + "/-")
        let run = try runMediatype(
            ["classify", "-b", "--", "-"],
            currentDirectory: URL(fileURLWithPath: folder)
        )
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("public.png "), "\(run.stdout)")
    }

    /// Runs the binary with standard input from a pipe fed `count` bytes of text, and returns
    /// its output, its peak resident size, and how many bytes it let the writer write.
    static func feedPipe(_ arguments: [String], count: Int) throws
        -> (stdout: String, peakKiB: Int, written: Int)
    {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        // Neither end may leak into other tests' children (the child gets its copy by dup2).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let outputs = try makeTemporaryFolder(prefix: "stdin-peak")
        defer { try? FileManager.default.removeItem(atPath: outputs) }
        let outPath = outputs + "/stdout"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words = [mediatypeBinary.path] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, mediatypeBinary.path, &actions, nil, argv, environ)
        close(ends[0])
        guard spawned == 0 else {
            close(ends[1])
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)
        }
        signal(SIGPIPE, SIG_IGN)
        let line = Array("plain words on a line of text\n".utf8)
        let chunk = Array(repeating: line, count: 2048).flatMap { $0 }
        var written = 0
        while written < count {
            let got = chunk.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                break  // EPIPE: the reader is gone
            }
            written += got
        }
        close(ends[1])
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(.ECHILD) }
        }
        let stdout = try String(contentsOfFile: outPath, encoding: .utf8)
        return (stdout, usage.ru_maxrss, written)
    }

    @Test func aLongPipeIsReadOnlyToTheLimitAndMemoryStaysFlat() throws {
        let arguments = ["classify", "-b", "--no-system-mime-database", "-"]
        let short = try Self.feedPipe(arguments, count: 1)
        let long = try Self.feedPipe(arguments, count: 256 << 20)
        #expect(short.stdout.hasPrefix("public.plain-text"), "\(short.stdout)")
        #expect(long.stdout.hasPrefix("public.plain-text"), "\(long.stdout)")
        #expect(long.stdout.contains("[from the first 65536 bytes]"))
        // The reader stopped at 64 KiB: the writer got EPIPE long before 256 MiB.
        #expect(long.written < 8 << 20, "\(long.written) bytes written")
        // Flat: within 4 MiB of the short pipe's peak. A binary built with the thread
        // sanitizer peaks above 100 MiB on any input (shadow memory), and its peak moves
        // with the worker threads a loaded machine starts (80 MiB between two runs of the
        // same input under `swift test --sanitize=thread` on two busy cores); there a
        // quarter of the short peak is the bound, still far below the 256 MiB a reader
        // that kept the stream would hold.
        let bound = short.peakKiB > 100 * 1024 ? short.peakKiB / 4 : 4 * 1024
        #expect(
            long.peakKiB < short.peakKiB + bound,
            "peak \(long.peakKiB) KiB for a long pipe, \(short.peakKiB) KiB for a short one"
        )
    }
}
