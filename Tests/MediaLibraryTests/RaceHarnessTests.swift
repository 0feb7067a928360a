import Foundation
import MediaLibrary
import TestSupport
import Testing
import UniformTypes

#if canImport(Glibc)
import Glibc
#endif

/// What a racer does to the source, once, at one named point of an import.
enum Race: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// An editor's save: a new version written beside and renamed over the source.
    case renameOver
    /// The source edited in place (same size, other bytes).
    case inPlaceEdit
    /// The source moved aside and a FIFO (with no writer) put at its name.
    case fifoSwap
    /// The source moved aside and a symbolic link to a private file put at its name.
    case symlinkSwap
    /// The content swapped for a shell script (renamed over) after it was checked.
    case contentChange

    var testDescription: String { rawValue }
}

/// How the file travels into the library.
enum Passage: String, CaseIterable, Sendable {
    /// A rename on one device.
    case rename
    /// A copy on one device, because the source has another hard link.
    case hardLinkCopy
    /// A copy onto another device (`/dev/shm`), where there is one.
    case crossDevice
}

/// One round's bookkeeping, shared with the hook.
private final class Round: @unchecked Sendable {
    // Sound: only touched inside `state.withLock`.
    struct State {
        var point: ImportPoint = .afterOpen
        var race: Race = .renameOver
        var fired = false
        /// The content the source's name holds after the race (nil for a FIFO or a link).
        var live: [UInt8]?
        /// Where the original went when the racer moved it aside.
        var aside: String?
        var serial = 0
    }
    let state = Locked(State())
    let secret: String
    let scratch: String

    init(secret: String, scratch: String) {
        self.secret = secret
        self.scratch = scratch
    }

    /// The hook: performs the race once, at the chosen point.
    func hook(_ point: ImportPoint, _ source: [UInt8]) {
        state.withLock { state in
            guard !state.fired, point == state.point else { return }
            state.fired = true
            state.serial += 1
            let path = String(decoding: source, as: UTF8.self)
            let beside = scratch + "/new-\(state.serial)"
            switch state.race {
            case .renameOver:
                let version = (try? Files.bytes(path)).map { $0 + Array("v2".utf8) } ?? []
                write(version, beside)
                rename(beside, path)
                state.live = version
            case .inPlaceEdit:
                let descriptor = open(path, O_WRONLY)
                guard descriptor >= 0 else { return }
                var info = stat()
                fstat(descriptor, &info)
                let edit = Array("EDITED".utf8)
                _ = edit.withUnsafeBytes {
                    pwrite(descriptor, $0.baseAddress, $0.count, off_t(info.st_size) - 6)
                }
                close(descriptor)
                state.live = try? Files.bytes(path)
            case .fifoSwap:
                let aside = scratch + "/aside-\(state.serial)"
                rename(path, aside)
                mkfifo(path, 0o644)
                state.aside = aside
                state.live = nil
            case .symlinkSwap:
                let aside = scratch + "/aside-\(state.serial)"
                rename(path, aside)
                symlink(secret, path)
                state.aside = aside
                state.live = nil
            case .contentChange:
                let script = Array("#!/bin/sh\necho swapped \(state.serial)\n".utf8)
                write(script, beside)
                rename(beside, path)
                state.live = script
            }
        }
    }

    private func write(_ bytes: [UInt8], _ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return }
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }
}

/// Races at every named point of an import, on every passage, and accounts for every
/// content: nothing lost, duplicated or overwritten, and nothing in the library but the
/// content that was checked.
@Suite struct RaceHarnessTests {
    /// Rounds per race in a plain build; sanitizer builds run a tenth (at least 40).
    static let rounds = max(40, 200 / timeScaleUnderSanitizers)

    static let passages: [Passage] =
        sharedMemoryIsAnotherDevice ? Passage.allCases : [.rename, .hardLinkCopy]

    @Test(.timeLimit(.minutes(3)), arguments: Race.allCases)
    func everyContentIsAccountedFor(race: Race) throws {
        // Sources and a same-device library under one folder; a cross-device library in
        // /dev/shm when it is another device (/tmp here is the disk).
        let base = try TemporaryFolder()
        let otherDevice = sharedMemoryIsAnotherDevice ? try TemporaryFolder(in: "/dev/shm") : nil
        let sources = base.sub("picked")
        let scratch = base.sub("scratch")
        let links = base.sub("links")
        for folder in [sources, scratch, links] {
            try FileManager.default.createDirectory(
                atPath: folder,
                withIntermediateDirectories: true
            )
        }
        let secret = base.sub("secret")
        let secretBytes = Array("root-only secret \(UUID().uuidString)\n".utf8)
        try base.write(secretBytes, to: secret)
        chmod(secret, 0o600)
        let round = Round(secret: secret, scratch: scratch)
        let hook: ImportHook = { point, source in round.hook(point, source) }
        let here = MediaLibrary(rootBytes: Array(base.sub("Library").utf8), hook: hook)
        let there = otherDevice.map {
            MediaLibrary(rootBytes: Array($0.sub("Library").utf8), hook: hook)
        }
        func library(_ passage: Passage) -> (path: String, library: MediaLibrary) {
            if passage == .crossDevice, let otherDevice, let there {
                return (otherDevice.sub("Library"), there)
            }
            return (base.sub("Library"), here)
        }
        let image = try fixtureBytes("image.jpg")
        var accounted = 0
        var outcomes: [String: Int] = [:]
        for index in 0..<Self.rounds {
            let passage = Self.passages[index % Self.passages.count]
            let points = ImportPoint.allCases
            let point = points[(index / Self.passages.count) % points.count]
            let (libraryPath, library) = library(passage)
            let name = "photo-\(index).jpg"
            let source = sources + "/" + name
            let original = image + Array("round \(index) \(race)".utf8)
            try base.write(original, to: source)
            if passage == .hardLinkCopy { link(source, links + "/\(index)") }
            round.state.withLock { state in
                state = Round.State(point: point, race: race, serial: state.serial)
                state.live = original
            }
            let before = Set(Files.names(libraryPath).filter { !$0.hasPrefix(".") })

            let outcome = library.import(source)

            let (fired, live, aside) = round.state.withLock { ($0.fired, $0.live, $0.aside) }
            let added = Set(Files.names(libraryPath).filter { !$0.hasPrefix(".") })
                .subtracting(before)
            let place = "round \(index), \(passage), \(point), fired: \(fired)"
            outcomes[outcome.resultName, default: 0] += 1
            let addedContents = try added.map { try Files.sha256(libraryPath + "/" + $0) }
            func sha(_ bytes: [UInt8]?) -> String? { bytes.map { SHA256.hex(SHA256.hash($0)) } }
            // Never the private file, a FIFO, or a link; never anything but what was checked.
            #expect(!addedContents.contains(SHA256.hex(SHA256.hash(secretBytes))), "\(place)")
            #expect(added.count <= 1, "\(place): \(added)")
            var sourceInfo = stat()
            let sourceThere = lstat(source, &sourceInfo) == 0
            switch outcome {
            case .imported:
                // Imported: exactly the content the source's name held, and that name gone.
                #expect(addedContents == [sha(live)].compactMap { $0 }, "\(place)")
                #expect(!sourceThere, "\(place): imported but the source is still there")
                if let live { #expect(live == original || fired, "\(place)") }
            case .failed(_, let error):
                #expect(error.code == .sourceChanged, "\(place): \(error)")
                #expect(fired, "\(place): failed without a race")
                #expect(added.isEmpty, "\(place): the library kept \(added)")
                // What the racer left at the name is still there, untouched.
                if let live {
                    #expect(sha(try? Files.bytes(source)) == sha(live), "\(place)")
                } else {
                    #expect(sourceThere, "\(place): the FIFO or link was removed")
                }
            default:
                Issue.record("\(place): \(outcome.resultName)")
            }
            // Nothing lost: a copy the racer moved aside is intact; the hard link outside is
            // untouched and no longer shares its inode with the library.
            if let aside { #expect(sha(try? Files.bytes(aside)) == sha(original), "\(place)") }
            if passage == .hardLinkCopy {
                let outside = links + "/\(index)"
                let expected = race == .inPlaceEdit && fired ? live : original
                #expect(sha(try? Files.bytes(outside)) == sha(expected), "\(place)")
                for name in added {
                    var a = stat()
                    var b = stat()
                    lstat(outside, &a)
                    lstat(libraryPath + "/" + name, &b)
                    #expect(a.st_ino != b.st_ino, "\(place): the library shares the link's inode")
                }
                unlink(outside)
            }
            // Clear the name for the next round.
            unlink(source)
            accounted += 1 + (aside == nil ? 0 : 1) + (fired && live != nil ? 1 : 0)
        }
        // Never a temporary left behind.
        for path in [base.sub("Library"), otherDevice?.sub("Library")].compactMap({ $0 }) {
            #expect(Files.names(path).allSatisfy { !$0.hasPrefix(".mediatype-tmp-") })
        }
        print(
            "race \(race): \(Self.rounds) rounds over \(Self.passages.map(\.rawValue)), "
                + "\(accounted) contents accounted for, outcomes \(outcomes.sorted { $0.key < $1.key })"
        )
    }

    @Test func aHardLinkedSourceIsCopiedAndTheOtherLinkKeepsItsInode() throws {
        let folder = try TemporaryFolder()
        let source = try folder.copy("image.jpg", as: "shared.jpg")
        let outside = folder.sub("outside.jpg")
        try #require(link(source, outside) == 0)
        let library = MediaLibrary(root: folder.sub("Library"))

        let outcome = library.import(source)

        #expect(outcome.resultName == "imported")
        let destination = try #require(outcome.destinationPath)
        var placed = stat()
        var kept = stat()
        lstat(destination, &placed)
        lstat(outside, &kept)
        #expect(placed.st_ino != kept.st_ino)
        #expect(placed.st_nlink == 1 && kept.st_nlink == 1)
        #expect(!Files.exists(source))
        #expect(try Files.bytes(outside) == (try fixtureBytes("image.jpg")))
        // Editing the outside link no longer changes the library's file.
        try folder.write(Array("changed".utf8), to: outside)
        #expect(try Files.bytes(destination) == (try fixtureBytes("image.jpg")))
    }

    @Test(.timeLimit(.minutes(1)))
    func aFIFOOrADeviceAtTheSourceIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.sub("clip.mov")
        try #require(mkfifo(fifo, 0o644) == 0)
        let library = MediaLibrary(
            root: folder.sub("Library"),
            allowed: AllowedContentTypes(types: [.item])
        )
        let started = ContinuousClock.now

        let outcomes = library.import([fifo, "/dev/zero"])

        #expect(outcomes.map { $0.importError?.code } == [.notARegularFile, .notARegularFile])
        #expect(ContinuousClock.now - started < .seconds(5 * timeScaleUnderSanitizers))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }
}
