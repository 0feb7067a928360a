import Foundation
import Synchronization
import TestSupport
import Testing
import UniformTypes

@testable import MediaClassification

#if canImport(Glibc)
import Glibc
#endif

// The bad-input matrix of issue 8, against the library. Each case writes down its expected
// answer (a `public.*` kind or a stable error code) and must be answered within one second;
// docs/bad-inputs.md lists the same table. BadInputCLITests runs the matrix through the binary.

/// The most one bad input may take: one second, ten under a sanitizer (see below).
private let badInputTimeBound: Duration = .seconds(1) * timeScaleUnderSanitizers

/// A fresh folder under /tmp, removed by `remove()`; world-searchable so that a test run as
/// another user can reach the files in it.
private struct ScratchFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = URL(fileURLWithPath: try makeTemporaryFolder(prefix: "mediatype-bad-input"))
    }

    func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The path of a name given as bytes (which need not be UTF-8).
    func fileBytes(_ name: [UInt8]) -> [UInt8] { Array(path.utf8) + [UInt8(ascii: "/")] + name }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func copyFixture(_ fixture: String, to name: String) throws -> String {
        try write(name, fixtureBytes(fixture))
    }

    func remove() {
        // Give back every permission first, so that removal cannot fail on a locked folder.
        if let walker = FileManager.default.enumerator(atPath: path) {
            for case let relative as String in walker {
                chmod(url.appendingPathComponent(relative).path, 0o755)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs `body` and returns its result with the time it took.
private func timed<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    return (result, clock.now - start)
}

/// A flag one task sets and another polls.
private final class StopFlag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}

/// The answer of one case: the identifier and evidence, or the error code.
private enum Answer: Equatable, CustomStringConvertible {
    case type(String, Classification.Evidence)
    case error(ClassificationError.Code)

    init(_ result: Result<Classification, ClassificationError>) {
        switch result {
        case .success(let classification):
            self = .type(classification.type.identifier, classification.evidence)
        case .failure(let error): self = .error(error.code)
        }
    }

    var identifier: String? {
        if case .type(let identifier, _) = self { return identifier }
        return nil
    }

    var description: String {
        switch self {
        case .type(let identifier, let evidence): "\(identifier) (\(evidence))"
        case .error(let code): "error \(code)"
        }
    }
}

/// Classifies a path (as bytes) and checks that it took under the time bound.
private func answer(
    _ classifier: Classifier,
    _ path: [UInt8],
    sourceLocation: SourceLocation = #_sourceLocation
) -> Answer {
    let (result, elapsed) = timed { () -> Result<Classification, ClassificationError> in
        do throws(ClassificationError) {
            return .success(try classifier.classify(pathBytes: path))
        } catch {
            return .failure(error)
        }
    }
    #expect(
        elapsed < badInputTimeBound,
        "took \(elapsed)",
        sourceLocation: sourceLocation
    )
    return Answer(result)
}

private func answer(
    _ classifier: Classifier,
    _ path: String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Answer {
    answer(classifier, Array(path.utf8), sourceLocation: sourceLocation)
}

/// A Unix-domain socket bound at `path`; closed and unlinked by `close()`.
private struct BoundSocket {
    let descriptor: Int32
    let path: String

    init(path: String) throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            Glibc.close(descriptor)
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
        guard bound == 0 else {
            Glibc.close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        listen(descriptor, 1)
        self.descriptor = descriptor
        self.path = path
    }

    func close() {
        Glibc.close(descriptor)
        unlink(path)
    }
}

/// Holds a FIFO open for reading and writing (which does not block on Linux) and puts a few
/// bytes into it: a writer that is there but slow.
private struct SlowFIFOWriter {
    let descriptor: Int32

    init(path: String) throws {
        descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        let bytes: [UInt8] = Array("\u{89}PNG\r\n".utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }

    func close() { Glibc.close(descriptor) }
}

/// Runs `body` on this thread with the file-system user and group of `nobody`, so that
/// permission bits apply even when the tests run as root.
///
/// `setfsuid` changes only the calling thread's file-system identity (and, leaving uid 0, its
/// file-system capabilities such as CAP_DAC_OVERRIDE); `body` is synchronous, so it runs on
/// this thread from start to end, and other tests' threads are untouched.
/// - Returns: nil when the identity could not be changed.
private func asNobody<T>(_ body: () -> T) -> T? {
    typealias SetFSID = @convention(c) (UInt32) -> Int32
    guard getuid() == 0 || geteuid() == 0 else { return body() }
    guard let uidSymbol = dlsym(nil, "setfsuid"), let gidSymbol = dlsym(nil, "setfsgid") else {
        return nil
    }
    let setfsuid = unsafeBitCast(uidSymbol, to: SetFSID.self)
    let setfsgid = unsafeBitCast(gidSymbol, to: SetFSID.self)
    _ = setfsgid(65534)
    _ = setfsuid(65534)
    defer {
        _ = setfsuid(0)
        _ = setfsgid(0)
    }
    // setfsuid reports the previous identity, not success: ask again to be sure.
    guard setfsuid(UInt32.max) == 65534 else { return nil }
    return body()
}

@Suite struct BadInputTests {
    let classifier = Classifier()

    // MARK: - What the path names

    @Test func aNonexistentPathIsNotFound() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        #expect(answer(classifier, folder.file("missing.png")) == .error(.notFound))
        #expect(answer(classifier, folder.file("missing/below.png")) == .error(.notFound))
        #expect(answer(classifier, "") == .error(.notFound))
        #expect(answer(classifier, Array("a\0b".utf8)) == .error(.notFound))
    }

    @Test func aPathThroughAFileIsNotADirectory() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.copyFixture("image.png", to: "image.png")
        #expect(answer(classifier, file + "/below") == .error(.notADirectory))
    }

    @Test func aDirectoryIsAFolder() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        #expect(answer(classifier, folder.path) == .type("public.folder", .kind))
        #expect(answer(classifier, "/") == .type("public.folder", .kind))
    }

    @Test func aFIFOWithNoWriterIsAnsweredWithoutOpeningIt() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("pipe.png")
        try #require(mkfifo(path, 0o644) == 0)
        #expect(answer(classifier, path) == .type("public.fifo", .kind))
    }

    @Test func aFIFOWithASlowWriterIsAnsweredWithoutOpeningIt() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("pipe")
        try #require(mkfifo(path, 0o644) == 0)
        let writer = try SlowFIFOWriter(path: path)
        defer { writer.close() }
        #expect(answer(classifier, path) == .type("public.fifo", .kind))
    }

    @Test(arguments: ["/dev/zero", "/dev/null"])
    func aCharacterDeviceIsNotRead(device: String) {
        #expect(answer(classifier, device) == .type("public.character-device", .kind))
    }

    @Test(.enabled(if: blockDevicePath != nil, "no block device node under /dev on this machine"))
    func aBlockDeviceIsAnsweredWithoutOpeningIt() throws {
        let device = try #require(blockDevicePath)
        // An open of the node by anyone shows up on the watch; a stat does not.
        let watch = OpenWatch(path: device)
        #expect(answer(classifier, device) == .type("public.block-device", .kind), "\(device)")
        // Through a symbolic link (followed by default), as /dev/disk/by-* names are.
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try #require(symlink(device, folder.file("disk.img")) == 0)
        #expect(answer(classifier, folder.file("disk.img")) == .type("public.block-device", .kind))
        if let watch {
            #expect(!watch.sawAnOpen, "\(device) was opened while it was classified")
        }
    }

    @Test func aSocketIsAnsweredWithoutConnecting() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let socket = try BoundSocket(path: folder.file("listening.sock"))
        defer { socket.close() }
        #expect(answer(classifier, socket.path) == .type("public.socket", .kind))
    }

    // MARK: - Symbolic links

    @Test func symbolicLinksAreFollowedWithLoopAndDanglingErrors() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let target = try folder.copyFixture("image.png", to: "image.png")
        try #require(symlink(target, folder.file("to-file")) == 0)
        try #require(symlink(folder.path, folder.file("to-folder")) == 0)
        try #require(symlink(folder.file("nothing"), folder.file("dangling")) == 0)
        try #require(symlink(folder.file("loop-b"), folder.file("loop-a")) == 0)
        try #require(symlink(folder.file("loop-a"), folder.file("loop-b")) == 0)
        try #require(symlink("self", folder.file("self")) == 0)

        #expect(answer(classifier, folder.file("to-file")) == .type("public.png", .container))
        #expect(answer(classifier, folder.file("to-folder")) == .type("public.folder", .kind))
        #expect(answer(classifier, folder.file("dangling")) == .error(.danglingSymlink))
        #expect(answer(classifier, folder.file("loop-a")) == .error(.symlinkLoop))
        #expect(answer(classifier, folder.file("self")) == .error(.symlinkLoop))
        // A loop in the middle of a path is a loop, not a missing file.
        #expect(answer(classifier, folder.file("loop-a/x.png")) == .error(.symlinkLoop))
    }

    @Test func withoutFollowingALinkIsASymlink() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let target = try folder.copyFixture("image.png", to: "image.png")
        try #require(symlink(target, folder.file("to-file")) == 0)
        try #require(symlink(folder.file("nothing"), folder.file("dangling")) == 0)
        try #require(symlink(folder.file("loop"), folder.file("loop")) == 0)
        let noFollow = Classifier(options: Classifier.Options(followSymlinks: false))
        for name in ["to-file", "dangling", "loop"] {
            #expect(
                answer(noFollow, folder.file(name)) == .type("public.symlink", .kind),
                "\(name)"
            )
        }
        // The file itself is still classified.
        #expect(answer(noFollow, target) == .type("public.png", .container))
    }

    // MARK: - Permissions

    @Test func aFileWithNoReadPermissionIsPermissionDenied() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.copyFixture("image.png", to: "locked.png")
        try #require(chmod(path, 0o000) == 0)
        let result = asNobody { answer(classifier, path) }
        try #require(result != nil, "could not take a non-root file-system identity")
        #expect(result == .error(.permissionDenied))
    }

    @Test func aFileInAnUnreadableFolderIsPermissionDenied() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try #require(mkdir(folder.file("locked"), 0o755) == 0)
        let path = try folder.copyFixture("image.png", to: "locked/image.png")
        try #require(chmod(folder.file("locked"), 0o000) == 0)
        let results = asNobody {
            [answer(classifier, path), answer(classifier, folder.file("locked"))]
        }
        let answers = try #require(results, "could not take a non-root file-system identity")
        #expect(answers[0] == .error(.permissionDenied))
        // The folder itself can still be looked at from its parent.
        #expect(answers[1] == .type("public.folder", .kind))
    }

    // MARK: - Contents

    @Test func aDetectorsFailureIsRecordedNotThrown() throws {
        // UTF-32BE after its byte-order mark, then code points past U+10FFFF: libmagic 5.44's
        // magic_buffer fails on these bytes ("magic_buffer failed"), and no signature or
        // parser knows them. The file could be read, so it gets an answer.
        let bytes: [UInt8] =
            [0x00, 0x00, 0xFE, 0xFF] + Array(repeating: [0, 0, 0, 0x41], count: 10).joined()
            + Array(repeating: 0xFF, count: 80)
        let result = try Classifier(registry: .builtinOnly).classify(bytes: bytes)
        #expect(result.type.identifier == "public.data")
        #expect(result.evidence == .magic)
        #expect(result.confidence == .low)
        #expect(result.detail.hasPrefix("libmagic failed: "), "\(result.detail)")
    }

    @Test func anEmptyFileIsDataWhateverItsNameSays() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let bare = try folder.write("empty", [])
        let text = try folder.write("empty.txt", [])
        #expect(answer(classifier, bare) == .type("public.data", .empty))
        #expect(answer(classifier, text) == .type("public.data", .empty))
        // The name's claim is reported, and it does not agree with no content.
        let named = try classifier.classify(fileAt: text)
        #expect(named.extensionType?.identifier == "public.plain-text")
        #expect(named.extensionAgrees == false)
        #expect(named.confidence == .certain)
        #expect(try classifier.classify(fileAt: bare).extensionAgrees == nil)
    }

    @Test func aTenGigabyteSparseFileIsAnsweredFromItsHead() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("sparse")
        let descriptor = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        let truncated = ftruncate(descriptor, 10 << 30)
        close(descriptor)
        try #require(truncated == 0, "the file system refused a 10 GB sparse file")
        #expect(answer(classifier, path) == .type("public.data", .magic))
    }

    @Test func anMP4WithItsMovieBoxBehindTenSparseGigabytesIsFoundBySeeking() throws {
        // ftyp, then an mdat that declares 10 GiB (64-bit size, holes on disk), then the moov
        // of a real audio-only file: the sniffer must seek over the mdat, not read it.
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let source = try fixtureBytes("audio-isom.mp4")
        let boxes = topLevelBoxes(source)
        let ftyp = try #require(boxes.first { $0.type == "ftyp" })
        let moov = try #require(boxes.first { $0.type == "moov" })
        let mdatSize: UInt64 = 10 << 30
        var head = Array(source[ftyp.range])
        head += [0, 0, 0, 1] + Array("mdat".utf8)
        head += (0..<8).map { UInt8(truncatingIfNeeded: mdatSize >> (56 - 8 * UInt64($0))) }
        let path = folder.file("behind-sparse.mp4")
        try Data(head).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let moovBytes = Array(source[moov.range])
        let offset = off_t(ftyp.range.count) + off_t(mdatSize)
        let written = moovBytes.withUnsafeBytes {
            pwrite(descriptor, $0.baseAddress, $0.count, offset)
        }
        close(descriptor)
        try #require(written == moovBytes.count)
        #expect(answer(classifier, path) == .type("public.mpeg-4-audio", .container))
    }

    @Test func theTruncatedFixtureIsStillAnMP4() {
        let path = fixturePath("clip-truncated.mp4")
        #expect(answer(classifier, path) == .type("public.mpeg-4", .container))
    }

    @Test func everyFixtureCutShortIsAnsweredWithoutAnError() throws {
        // Cut every fixture at sizes around its headers and box boundaries; whatever the
        // content now is, the answer is a type, quickly, never a trap or an error.
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let fixtures = try Fixture.all()
        let clock = ContinuousClock()
        for fixture in fixtures {
            let bytes = try fixtureBytes(fixture.file)
            var cuts: Set<Int> = [1, 2, 3, 4, 7, 8, 11, 12, 15, 16, 31, 32, 63, 100, 511, 4096]
            cuts.formUnion([bytes.count / 3, bytes.count / 2, bytes.count - 1, bytes.count - 8])
            for box in topLevelBoxes(bytes) {
                cuts.formUnion([box.range.lowerBound + 4, box.range.lowerBound + 9])
                cuts.insert((box.range.lowerBound + box.range.upperBound) / 2)
            }
            for cut in cuts.sorted() where cut > 0 && cut < bytes.count {
                let start = clock.now
                let result = Result { () throws(ClassificationError) -> Classification in
                    try classifier.classify(bytes: Array(bytes[0..<cut]), fileName: fixture.file)
                }
                let elapsed = clock.now - start
                #expect(elapsed < badInputTimeBound, "\(fixture.file) cut at \(cut): \(elapsed)")
                if case .failure(let error) = result {
                    Issue.record("\(fixture.file) cut at \(cut): \(error)")
                }
            }
            // The same through a file, for the reads beyond the head.
            guard bytes.count > 1 else { continue }
            let cut = bytes.count / 2
            let name = "cut-" + fixture.file.replacingOccurrences(of: "/", with: "-")
            let path = try folder.write(name, Array(bytes[0..<cut]))
            if case .error(let code) = answer(classifier, path) {
                Issue.record("\(fixture.file) cut at \(cut) on disk: \(code)")
            }
        }
    }

    // MARK: - Files that change

    @Test func aFileReplacedOrDeletedBetweenCallsGetsTheNewAnswer() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.copyFixture("image.png", to: "upload")
        #expect(answer(classifier, path) == .type("public.png", .container))

        let replacement = try folder.copyFixture("document.pdf", to: "upload.partial")
        try #require(rename(replacement, path) == 0)
        #expect(answer(classifier, path).identifier == "com.adobe.pdf")

        try #require(unlink(path) == 0)
        #expect(answer(classifier, path) == .error(.notFound))

        try #require(mkfifo(path, 0o644) == 0)
        #expect(answer(classifier, path) == .type("public.fifo", .kind))
    }

    @Test func aFIFOSwappedInAfterTheCheckIsRefusedWithoutBlocking() throws {
        // The race between lstat and open: openRegular is handed a FIFO (as if it replaced
        // the file in between). The non-blocking open returns at once and fstat refuses it.
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("swapped")
        try #require(mkfifo(path, 0o644) == 0)
        let (result, elapsed) = timed { () -> ClassificationError? in
            do throws(ClassificationError) {
                _ = try FileAccess.openRegular(Array(path.utf8CString))
                return nil
            } catch {
                return error
            }
        }
        #expect(elapsed < badInputTimeBound)
        #expect(result?.code == .ioError)
    }

    @Test func anOpenFileThatIsTruncatedOrDeletedReadsShortWithoutTrapping() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.copyFixture("clip-h264-aac.mp4", to: "shrinking.mp4")
        let file = try FileAccess.openRegular(Array(path.utf8CString))
        let size = Int(file.size)
        #expect(file.read(at: 0, count: 16)?.count == 16)
        try #require(truncate(path, 100) == 0)
        #expect(file.read(at: 0, count: size)?.count == 100)
        #expect(file.read(at: 4096, count: 16) == [])
        try #require(unlink(path) == 0)
        #expect(file.read(at: 0, count: 8)?.count == 8)
        #expect(file.read(at: UInt64.max - 4, count: 8) == [])
    }

    @Test func aFileRewrittenWhileBeingClassifiedGetsATypeOrAnError() async throws {
        // Best effort at "changed while being read": a writer keeps truncating, rewriting,
        // deleting and replacing the file while the classifier reads it. Every answer must
        // be a type or a stable error, in bounded time.
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.copyFixture("clip-h264-aac.mp4", to: "moving.mp4")
        let sources = try ["clip-h264-aac.mp4", "audio-isom.mp4", "image.png", "document.pdf"]
            .map(fixtureBytes)
        let stop = StopFlag()
        let writer = Task.detached {
            var round = 0
            while !stop.isSet {
                let bytes = sources[round % sources.count]
                switch round % 4 {
                case 0: _ = truncate(path, off_t(round % 200))
                case 1: unlink(path)
                default:
                    // Replaced the way an atomic save does it, by hand: Foundation's
                    // `.atomic` on Linux leaves an empty TemporaryDirectory.* in /tmp.
                    let staged = path + ".new"
                    if FileManager.default.createFile(atPath: staged, contents: Data(bytes)) {
                        _ = rename(staged, path)
                    }
                }
                round += 1
                await Task.yield()
            }
        }
        let allowed: Set<ClassificationError.Code> = [.notFound, .ioError]
        for _ in 0..<300 {
            switch answer(classifier, path) {
            case .type: break
            case .error(let code): #expect(allowed.contains(code), "\(code)")
            }
        }
        stop.set()
        await writer.value
    }

    // MARK: - Names

    @Test(arguments: [
        "with space.png", "new\nline.png", "tab\there.png", "quote\"d.png", "single'quote.png",
        "-leading-dash.png", "--looks-like-an-option.png", "back\\slash.png", "émoji 🎞.png",
    ])
    func hostileNamesAreClassifiedByContent(name: String) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = try folder.copyFixture("image.png", to: name)
        #expect(answer(classifier, path) == .type("public.png", .container))
    }

    @Test func aNameThatIsNotUTF8KeepsItsBytes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let name: [UInt8] = [0x66, 0xFF, 0xFE, 0x80, 0x2E, 0x70, 0x6E, 0x67]  // "f\xff\xfe\x80.png"
        let path = folder.fileBytes(name)
        let contents = try fixtureBytes("image.png")
        let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY, 0o644)
        try #require(descriptor >= 0)
        _ = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        #expect(answer(classifier, path) == .type("public.png", .container))
        let missing = folder.fileBytes([0xC3, 0x28, 0x2E, 0x6D, 0x70, 0x34])
        #expect(answer(classifier, missing) == .error(.notFound))
    }

    @Test func aNameTooLongIsNameTooLong() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        #expect(
            answer(classifier, folder.file(String(repeating: "n", count: 300)))
                == .error(.nameTooLong)
        )
    }

    // MARK: - A batch goes on

    @Test func aBatchAnswersEveryPathInOrderWhateverTheOthersAre() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let good = try folder.copyFixture("image.png", to: "good.png")
        try #require(mkfifo(folder.file("pipe"), 0o644) == 0)
        try #require(symlink(folder.file("nothing"), folder.file("dangling")) == 0)
        try #require(symlink(folder.file("loop"), folder.file("loop")) == 0)
        let empty = try folder.write("empty", [])
        let cases: [(String, Answer)] =
            [
                (good, .type("public.png", .container)),
                (folder.file("missing"), .error(.notFound)),
                (folder.file("pipe"), .type("public.fifo", .kind)),
                ("/dev/zero", .type("public.character-device", .kind)),
                (folder.file("dangling"), .error(.danglingSymlink)),
                (good, .type("public.png", .container)),
                (folder.file("loop"), .error(.symlinkLoop)),
                (folder.path, .type("public.folder", .kind)),
                (empty, .type("public.data", .empty)),
                (good, .type("public.png", .container)),
            ] + (blockDevicePath.map { [($0, .type("public.block-device", .kind))] } ?? [])
        // The workers themselves (Dispatch threads): every case within its bound.
        let paths = cases.map { Array($0.0.utf8) }
        let (chunk, elapsed) = timed { classifier.classifyChunk(paths, jobs: 4) }
        #expect(elapsed < badInputTimeBound * cases.count)
        #expect(chunk.map { Answer($0.result) } == cases.map(\.1))
        #expect(chunk.map(\.pathBytes) == paths)

        // The public stream, in order. Its producer is a task on the cooperative pool, which
        // a parallel test run may keep busy for seconds: only a hang fails the time check.
        let clock = ContinuousClock()
        let start = clock.now
        var answers: [Answer] = []
        for await result in classifier.classifications(of: cases.map(\.0), jobs: 4) {
            answers.append(Answer(result.result))
        }
        #expect(clock.now - start < .seconds(120 * timeScaleUnderSanitizers))
        #expect(answers == cases.map(\.1))
    }
}

/// The top-level ISO-BMFF boxes of bytes, as far as their sizes hold (for choosing cuts and
/// for building test files; 32-bit sizes only, which the fixtures use).
private func topLevelBoxes(_ bytes: [UInt8]) -> [(type: String, range: Range<Int>)] {
    var boxes: [(type: String, range: Range<Int>)] = []
    var offset = 0
    while offset + 8 <= bytes.count {
        let size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
        guard size >= 8, offset + size <= bytes.count,
            type.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
        else { break }
        boxes.append((type, offset..<offset + size))
        offset += size
    }
    return boxes
}
