import Foundation
import MediaLibrary
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The smaller faults of issue 18: library and source paths through links, an empty library
/// path, and whose fault a refused rename is.
@Suite struct SmallFaultTests {
    @Test func aLibraryPathThatIsASymlinkToAFolderIsFollowed() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.sub("RealLibrary"),
            withIntermediateDirectories: true
        )
        try FileManager.default.createSymbolicLink(
            atPath: folder.sub("Library"),
            withDestinationPath: folder.sub("RealLibrary")
        )
        let image = try folder.copy("image.jpg")

        let outcome = MediaLibrary(root: folder.sub("Library")).import(image)

        #expect(outcome.resultName == "imported")
        #expect(outcome.destinationPath == folder.sub("Library/image.jpg"))
        #expect(Files.exists(folder.sub("RealLibrary/image.jpg")))
        #expect(!Files.exists(image))
    }

    @Test func anEmptyLibraryPathIsRefused() throws {
        let folder = try TemporaryFolder()
        let image = try folder.copy("image.jpg")
        let before = try TreeSnapshot(folder.path)
        let working = FileManager.default.currentDirectoryPath
        let workingBefore = Files.names(working)

        let outcome = MediaLibrary(root: "").import(image)

        #expect(outcome.importError?.code == .libraryUnavailable)
        #expect(try TreeSnapshot(folder.path) == before)
        #expect(Files.names(working) == workingBefore)
    }

    @Test func aSourcePathThroughASymlinkedFolderIsNotMoved() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.sub("outside"),
            withIntermediateDirectories: true
        )
        let real = try folder.copy("image.jpg", as: "outside/image.jpg")
        try FileManager.default.createDirectory(
            atPath: folder.sub("picked"),
            withIntermediateDirectories: true
        )
        try FileManager.default.createSymbolicLink(
            atPath: folder.sub("picked/via"),
            withDestinationPath: folder.sub("outside")
        )

        let outcome = MediaLibrary(root: folder.sub("Library")).import(
            folder.sub("picked/via/image.jpg")
        )

        #expect(outcome.importError?.code == .symlinkInPath)
        #expect(outcome.importError?.message.contains("picked/via") == true)
        #expect(Files.exists(real))
        #expect(!Files.exists(folder.sub("Library/image.jpg")))
    }

    /// Makes a folder refuse new names; returns the undo, or nil when that cannot be done here.
    ///
    /// `chattr +i` refuses even root; another user gets `chmod 555`.
    private func lockFolder(_ path: String) throws -> (() -> Void)? {
        if geteuid() == 0 {
            let result = try runProgram("/usr/bin/chattr", ["+i", path])
            guard result.status == 0 else { return nil }
            return { _ = try? runProgram("/usr/bin/chattr", ["-i", path]) }
        }
        guard chmod(path, 0o555) == 0 else { return nil }
        return { chmod(path, 0o755) }
    }

    @Test func aLibraryFolderThatRefusesNewNamesIsTheLibrarysFault() throws {
        let folder = try TemporaryFolder()
        let libraryPath = folder.sub("Library")
        let library = MediaLibrary(root: libraryPath)
        try library.recover()
        let image = try folder.copy("image.jpg")
        guard let unlock = try lockFolder(libraryPath) else {
            // Without chattr on this file system, and as root, nothing refuses root a name.
            print("skipped: cannot make \(libraryPath) refuse new names here")
            return
        }
        defer { unlock() }

        let outcome = library.import(image)

        // The journal is still writable; the folder is not: the library's fault, not the
        // source's (the first import said permissionDenied of the source).
        #expect(outcome.importError?.code == .libraryNotWritable, "\(outcome.resultName)")
        #expect(outcome.importError?.stopsImport == true)
        #expect(Files.exists(image))
    }
}
