import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

// The bad-input matrix of issue 8, through the real binary: every case alone (JSON, NDJSON and
// text), all of them in one batch with good paths, the names that break naive output, and the
// permission cases as a non-root user. docs/bad-inputs.md lists the same table.

/// What one bad input must get: a type (with its evidence) or an error code.
private enum Expected: Equatable, CustomStringConvertible {
    case type(String, evidence: String)
    case error(String)

    var exitStatus: Int32 {
        if case .error = self { return 2 }
        return 0
    }

    var description: String {
        switch self {
        case .type(let identifier, let evidence): "\(identifier) (\(evidence))"
        case .error(let code): "error \(code)"
        }
    }

    /// Checks one `classify` JSON object against the expectation.
    func matches(_ object: [String: Any]) -> Bool {
        switch self {
        case .type(let identifier, let evidence):
            return object["identifier"] as? String == identifier
                && object["evidence"] as? String == evidence && object["error"] is NSNull
        case .error(let code):
            let error = object["error"] as? [String: Any]
            return error?["code"] as? String == code && object["identifier"] is NSNull
                && error?["message"] is String
        }
    }
}

/// One case of the matrix: a label, the path as bytes and the expected answer.
private struct BadInputCase: CustomStringConvertible {
    var label: String
    var path: [UInt8]
    var expected: Expected
    var description: String { label }
}

/// The most one case may take, process start included: one second, ten under a sanitizer.
private let caseTimeBound: Duration = .seconds(1) * timeScaleUnderSanitizers

/// A folder under /tmp holding one of every bad input, with the socket and the FIFO writer
/// it needs kept open until `tearDown()`.
private final class BadInputWorld {
    let root: String
    private(set) var cases: [BadInputCase] = []
    private var socketDescriptor: Int32 = -1
    private var fifoDescriptor: Int32 = -1

    init() throws {
        root = try makeTemporaryFolder(prefix: "mediatype-cli-bad")
        try build()
    }

    func path(_ name: String) -> String { root + "/" + name }

    func copyFixture(_ fixture: String, to name: String) throws -> String {
        let target = path(name)
        try Data(contentsOf: fixturesFolder.appendingPathComponent(fixture))
            .write(to: URL(fileURLWithPath: target))
        return target
    }

    private func add(_ label: String, _ path: String, _ expected: Expected) {
        cases.append(BadInputCase(label: label, path: Array(path.utf8), expected: expected))
    }

    private func build() throws {
        let png = try copyFixture("image.png", to: "image.png")
        add("nonexistent path", path("missing.png"), .error("notFound"))
        add("directory", root, .type("public.folder", evidence: "kind"))

        try check(mkfifo(path("fifo-no-writer"), 0o644))
        add("FIFO, no writer", path("fifo-no-writer"), .type("public.fifo", evidence: "kind"))
        try check(mkfifo(path("fifo-slow-writer.png"), 0o644))
        // Open for reading and writing (never blocks on Linux), put a few bytes in, and keep
        // it open: a writer that is there but slow.
        fifoDescriptor = open(path("fifo-slow-writer.png"), O_RDWR | O_NONBLOCK | O_CLOEXEC)
        try check(fifoDescriptor >= 0 ? 0 : -1)
        _ = [UInt8](repeating: 0x89, count: 3).withUnsafeBytes {
            write(fifoDescriptor, $0.baseAddress, $0.count)
        }
        add(
            "FIFO, slow writer",
            path("fifo-slow-writer.png"),
            .type("public.fifo", evidence: "kind")
        )

        add("/dev/zero", "/dev/zero", .type("public.character-device", evidence: "kind"))
        add("/dev/null", "/dev/null", .type("public.character-device", evidence: "kind"))
        if let device = blockDevicePath {
            add("block device \(device)", device, .type("public.block-device", evidence: "kind"))
        }

        socketDescriptor = try bindSocket(path("listening.sock"))
        add("Unix socket", path("listening.sock"), .type("public.socket", evidence: "kind"))

        try check(symlink(png, path("link-to-file")))
        add("symlink to a file", path("link-to-file"), .type("public.png", evidence: "container"))
        try check(symlink(root, path("link-to-folder")))
        add("symlink to a folder", path("link-to-folder"), .type("public.folder", evidence: "kind"))
        try check(symlink(path("nothing-here"), path("dangling")))
        add("dangling symlink", path("dangling"), .error("danglingSymlink"))
        try check(symlink(path("loop-b"), path("loop-a")))
        try check(symlink(path("loop-a"), path("loop-b")))
        add("looping symlink", path("loop-a"), .error("symlinkLoop"))

        _ = try copyFixture("empty", to: "empty")
        add("empty file", path("empty"), .type("public.data", evidence: "empty"))
        _ = try copyFixture("empty", to: "empty.txt")
        // An empty file is no type, whatever its name claims (the claim is reported).
        add("empty file named .txt", path("empty.txt"), .type("public.data", evidence: "empty"))

        let sparse = path("sparse-10GB")
        let descriptor = open(sparse, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        try check(descriptor >= 0 ? 0 : -1)
        let truncated = ftruncate(descriptor, 10 << 30)
        close(descriptor)
        try check(truncated)
        add("10 GB sparse file", sparse, .type("public.data", evidence: "magic"))

        add(
            "file truncated mid-box",
            fixturePath("clip-truncated.mp4"),
            .type("public.mpeg-4", evidence: "container")
        )
        let clip = try Data(contentsOf: fixturesFolder.appendingPathComponent("clip-h264-aac.mp4"))
        try clip.prefix(clip.count / 2).write(to: URL(fileURLWithPath: path("half-clip.mp4")))
        add("MP4 cut in half", path("half-clip.mp4"), .type("public.mpeg-4", evidence: "container"))

        for name in ["with space.png", "new\nline.png", "quote\"d'.png", "-leading-dash.png"] {
            add(
                "name: \(name.debugDescription)",
                try copyFixture("image.png", to: name),
                .type("public.png", evidence: "container")
            )
        }
        let invalid =
            Array(root.utf8) + Array("/bad-\u{1}".utf8).dropLast() + [0xFF, 0xFE]
            + Array(".png".utf8)
        try writeBytes(
            try fixtureBytes("image.png"),
            to: invalid
        )
        cases.append(
            BadInputCase(
                label: "name: not UTF-8",
                path: invalid,
                expected: .type("public.png", evidence: "container")
            )
        )
    }

    func tearDown() {
        if socketDescriptor >= 0 { close(socketDescriptor) }
        if fifoDescriptor >= 0 { close(fifoDescriptor) }
        try? FileManager.default.removeItem(atPath: root)
    }
}

private func check(_ result: Int32, _ what: StaticString = #function) throws {
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}

private func writeBytes(_ bytes: [UInt8], to path: [UInt8]) throws {
    let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
    try check(descriptor >= 0 ? 0 : -1)
    defer { close(descriptor) }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw POSIXError(.EIO) }
}

/// Binds a listening Unix-domain socket at `path` and returns its descriptor.
private func bindSocket(_ path: String) throws -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try check(descriptor >= 0 ? 0 : -1)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
        close(descriptor)
        throw POSIXError(.ENAMETOOLONG)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in bytes.enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    guard bound == 0, listen(descriptor, 1) == 0 else {
        close(descriptor)
        throw POSIXError(.EADDRINUSE)
    }
    return descriptor
}

/// Runs the binary with byte arguments and measures how long it took (see
/// ``spawnMediatype(_:)``: no python3 start counts against the time bound).
private func timedRun(_ arguments: [[UInt8]]) throws -> (CLIResult, Duration) {
    let run = try spawnMediatype(arguments)
    return (run.result, run.elapsed)
}

private func jsonArray(_ data: Data) throws -> [[String: Any]] {
    let parsed = try JSONSerialization.jsonObject(with: data)
    return try #require(parsed as? [[String: Any]], "not a JSON array of objects")
}

private func ndjsonObjects(_ data: Data) throws -> [[String: Any]] {
    var objects: [[String: Any]] = []
    for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    where !line.isEmpty {
        let parsed = try JSONSerialization.jsonObject(with: Data(line))
        objects.append(try #require(parsed as? [String: Any], "an NDJSON line is not an object"))
    }
    return objects
}

/// The bytes of a `path`/`pathBytes` pair in a JSON object.
private func pathBytes(of object: [String: Any]) -> [UInt8]? {
    if let encoded = object["pathBytes"] as? String {
        return Data(base64Encoded: encoded).map { Array($0) }
    }
    return (object["path"] as? String).map { Array($0.utf8) }
}

/// Whether `nobody` can run the binary here (setpriv present, the build folder reachable).
private let nobodyCanRunTheBinary: Bool = {
    guard getuid() == 0,
        FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    else { return false }
    return (try? runAsNobody(["--help"]).status) == 0
}()

/// Runs the binary as uid/gid 65534 through setpriv (root ignores permission bits).
private func runAsNobody(_ arguments: [String]) throws -> CLIResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments =
        ["--reuid=65534", "--regid=65534", "--clear-groups", mediatypeBinary.path] + arguments
    return try collect(process)
}

@Suite(.serialized) struct BadInputCLITests {
    @Test func everyCaseAloneGetsItsAnswerInEveryFormatWithinASecond() throws {
        let world = try BadInputWorld()
        defer { world.tearDown() }
        let classify = Array("classify".utf8)
        for item in world.cases {
            let (json, elapsed) = try timedRun([classify, Array("--json".utf8), item.path])
            #expect(elapsed < caseTimeBound, "\(item): \(elapsed)")
            #expect(json.status == item.expected.exitStatus, "\(item): exit \(json.status)")
            let array = try jsonArray(json.stdoutBytes)
            #expect(array.count == 1, "\(item)")
            if let object = array.first {
                #expect(item.expected.matches(object), "\(item): \(object)")
                #expect(pathBytes(of: object) == item.path, "\(item): path lost")
            }

            let (ndjson, _) = try timedRun([classify, Array("--ndjson".utf8), item.path])
            #expect(ndjson.status == item.expected.exitStatus, "\(item)")
            let objects = try ndjsonObjects(ndjson.stdoutBytes)
            #expect(objects.count == 1 && objects.allSatisfy(item.expected.matches), "\(item)")

            let (text, _) = try timedRun([classify, Array("--".utf8), item.path])
            #expect(text.status == item.expected.exitStatus, "\(item)")
            // One line in all, whatever the name: on stdout for a type, on stderr for an error.
            let lines = (text.stdout + text.stderr).split(separator: "\n")
            #expect(lines.count == 1, "\(item): \((text.stdout + text.stderr).debugDescription)")
            switch item.expected {
            case .type(let identifier, _):
                #expect(text.stdout.contains(": \(identifier)"), "\(item)")
            case .error(let code):
                #expect(text.stdout.isEmpty && text.stderr.contains("(\(code))"), "\(item)")
            }
        }
    }

    @Test func aBatchOfBadAndGoodPathsAnswersEveryOneInOrderAndExitsTwo() throws {
        let world = try BadInputWorld()
        defer { world.tearDown() }
        let good = Array(fixturePath("clip-h264-aac.mp4").utf8)
        var paths: [[UInt8]] = []
        var expected: [Expected] = []
        for item in world.cases {
            paths += [good, item.path]
            expected += [.type("public.mpeg-4", evidence: "container"), item.expected]
        }
        let classify = Array("classify".utf8)
        let (json, elapsed) = try timedRun(
            [classify, Array("--json".utf8), Array("--".utf8)] + paths
        )
        #expect(elapsed < caseTimeBound * world.cases.count)
        #expect(json.status == 2)
        let array = try jsonArray(json.stdoutBytes)
        try #require(array.count == paths.count)
        for (index, object) in array.enumerated() {
            #expect(expected[index].matches(object), "#\(index) \(expected[index]): \(object)")
            #expect(pathBytes(of: object) == paths[index], "#\(index): path lost")
        }

        let (ndjson, _) = try timedRun(
            [classify, Array("--ndjson".utf8), Array("--".utf8)] + paths
        )
        #expect(ndjson.status == 2)
        let objects = try ndjsonObjects(ndjson.stdoutBytes)
        try #require(objects.count == paths.count)
        for (index, object) in objects.enumerated() {
            #expect(expected[index].matches(object), "#\(index) \(expected[index]): \(object)")
        }

        let (text, _) = try timedRun([classify, Array("--".utf8)] + paths)
        #expect(text.status == 2)
        let successes = expected.filter { $0.exitStatus == 0 }.count
        #expect(text.stdout.split(separator: "\n").count == successes)
        #expect(text.stderr.split(separator: "\n").count == expected.count - successes)

        let (accepts, _) = try timedRun(
            [Array("accepts".utf8), Array("--allow".utf8), Array("public.movie".utf8)]
                + [Array("--json".utf8), Array("--".utf8)] + paths
        )
        #expect(accepts.status == 2)
        let decisions = try jsonArray(accepts.stdoutBytes)
        #expect(decisions.count == paths.count)
        #expect(decisions.first?["accepted"] as? Bool == true)
    }

    @Test(.enabled(if: blockDevicePath != nil, "no block device node under /dev on this machine"))
    func aBlockDeviceIsAnsweredWithoutBeingOpened() throws {
        // Its answer in every format is a case of the table above; this checks that getting
        // it never opens the device node.
        let device = try #require(blockDevicePath)
        let watch = OpenWatch(path: device)  // nil where there is no inotify
        let (run, _) = try timedRun([Array("classify".utf8), Array(device.utf8)])
        #expect(run.stdout.hasPrefix("\(device): public.block-device"), "\(run.stdout)")
        if let watch {
            #expect(!watch.sawAnOpen, "\(device) was opened while it was classified")
        }
    }

    @Test func noFollowReportsTheLinkItself() throws {
        let world = try BadInputWorld()
        defer { world.tearDown() }
        for name in ["link-to-file", "link-to-folder", "dangling", "loop-a"] {
            let result = try runMediatype(["classify", "--json", "--no-follow", world.path(name)])
            #expect(result.status == 0, "\(name)")
            let object = try #require(try jsonArray(Data(result.stdout.utf8)).first)
            #expect(Expected.type("public.symlink", evidence: "kind").matches(object), "\(name)")
        }
    }

    @Test func aLeadingDashNeedsTheEndOfOptions() throws {
        let world = try BadInputWorld()
        defer { world.tearDown() }
        let withEnd = try runMediatype(
            ["classify", "--json", "--", "-leading-dash.png"],
            currentDirectory: URL(fileURLWithPath: world.root)
        )
        #expect(withEnd.status == 0)
        let object = try #require(try jsonArray(Data(withEnd.stdout.utf8)).first)
        #expect(object["path"] as? String == "-leading-dash.png")
        #expect(object["identifier"] as? String == "public.png")
        let without = try runMediatype(
            ["classify", "-leading-dash.png"],
            currentDirectory: URL(fileURLWithPath: world.root)
        )
        #expect(without.status == 64)
        #expect(without.stdout.isEmpty)
    }

    @Test func aNameThatIsNotUTF8IsWrittenWithReplacementAndItsBytes() throws {
        let world = try BadInputWorld()
        defer { world.tearDown() }
        let item = try #require(world.cases.first { $0.label == "name: not UTF-8" })
        let (result, _) = try timedRun([Array("classify".utf8), Array("--json".utf8), item.path])
        let object = try #require(try jsonArray(result.stdoutBytes).first)
        let path = try #require(object["path"] as? String)
        #expect(path == String(decoding: item.path, as: UTF8.self))
        #expect(path.contains("\u{FFFD}"))
        #expect(object["pathBytes"] as? String == Data(item.path).base64EncodedString())
        // Text output quotes it, so the line is whole and the control byte is escaped.
        let (text, _) = try timedRun([Array("classify".utf8), item.path])
        #expect(text.stdout.hasPrefix("\""))
        #expect(text.stdout.split(separator: "\n").count == 1)
        #expect(!text.stdout.contains("\u{1}"))
    }

    @Test(.enabled(if: getuid() != 0 || nobodyCanRunTheBinary, "needs setpriv to drop root"))
    func permissionCasesAsANonRootUser() throws {
        let world = try BadInputWorld()
        defer { world.tearDown() }
        let locked = try world.copyFixture("image.png", to: "locked.png")
        try check(chmod(locked, 0o000))
        try check(mkdir(world.path("locked-folder"), 0o755))
        let inside = try world.copyFixture("image.png", to: "locked-folder/image.png")
        try check(chmod(world.path("locked-folder"), 0o000))
        defer { chmod(world.path("locked-folder"), 0o755) }
        let good = try world.copyFixture("image.png", to: "readable.png")
        let arguments = ["classify", "--json", locked, inside, world.path("locked-folder"), good]
        let clock = ContinuousClock()
        let start = clock.now
        let result =
            getuid() == 0
            ? try runAsNobody(arguments) : try runMediatypeBytes(arguments.map { Array($0.utf8) })
        #expect(clock.now - start < caseTimeBound * 4)
        #expect(result.status == 2)
        let array = try jsonArray(result.stdoutBytes)
        try #require(array.count == 4)
        #expect(Expected.error("permissionDenied").matches(array[0]), "\(array[0])")
        #expect(Expected.error("permissionDenied").matches(array[1]), "\(array[1])")
        #expect(Expected.type("public.folder", evidence: "kind").matches(array[2]), "\(array[2])")
        #expect(Expected.type("public.png", evidence: "container").matches(array[3]), "\(array[3])")
    }
}
