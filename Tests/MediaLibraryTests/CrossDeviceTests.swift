import Foundation
import MediaLibrary
import Testing
import UniformTypes

#if canImport(Glibc)
import Glibc
#endif

@Suite struct CrossDeviceImportTests {
    private func copyAcross(libraryBase: String) throws {
        let sources = try TemporaryFolder()
        let movie = try sources.copy("clip-h264-aac.mp4")
        let lying = try sources.copy("clip.mov", as: "holiday.jpg")
        let shas = [try Files.sha256(movie), try Files.sha256(lying)]
        try #require(Files.device(sources.path) != Files.device(libraryBase))
        let library = MediaLibrary(root: libraryBase + "/Library", layout: .byFamily)

        let outcomes = library.import([movie, lying])

        #expect(outcomes.map(\.resultName) == ["imported", "imported"])
        let destinations = outcomes.compactMap(\.destinationPath)
        #expect(
            destinations == [
                libraryBase + "/Library/Movies/clip-h264-aac.mp4",
                libraryBase + "/Library/Movies/holiday.mov",
            ]
        )
        #expect(try destinations.map { try Files.sha256($0) } == shas)
        #expect(!Files.exists(movie) && !Files.exists(lying))
        #expect(
            Files.names(libraryBase + "/Library/Movies") == ["clip-h264-aac.mp4", "holiday.mov"]
        )
        let journal = String(
            decoding: try Files.bytes(libraryBase + "/Library/.mediatype-journal"),
            as: UTF8.self
        )
        #expect(journal.split(separator: "\n").filter { $0.hasPrefix("done\t") }.count == 2)
    }

    @Test(.enabled(if: TmpfsMount.available, "mounting a tmpfs needs root"))
    func copiesOntoAMountedTmpfs() throws {
        let mount = try TmpfsMount(size: "4m")
        try copyAcross(libraryBase: mount.path)
    }

    @Test(.enabled(if: sharedMemoryIsAnotherDevice, "/dev/shm is not a separate writable device"))
    func copiesOntoDevShm() throws {
        let base = try TemporaryFolder(in: "/dev/shm")
        try copyAcross(libraryBase: base.path)
    }

    @Test(.enabled(if: TmpfsMount.available, "mounting a tmpfs needs root"))
    func diskFullStopsTheImportAndLosesNothing() throws {
        let mount = try TmpfsMount(size: "1m")
        let sources = try TemporaryFolder()
        let small = try sources.copy("image.jpg", as: "a-small.jpg")
        // A JPEG with 2 MiB of trailing bytes is still a JPEG, and does not fit.
        let big = try sources.copy(
            "image.jpg",
            as: "b-big.jpg",
            appending: [UInt8](repeating: 0x5A, count: 2 << 20)
        )
        let after = try sources.copy("clip.mov", as: "c-after.mov")
        let shas = try [small, big, after].map { try Files.sha256($0) }
        let library = MediaLibrary(root: mount.path + "/Library")

        let outcomes = library.import([small, big, after])

        #expect(
            outcomes.map(\.resultName) == ["imported", "failed(diskFull)", "failed(notAttempted)"]
        )
        #expect(outcomes[1].importError?.systemError == ENOSPC)
        #expect(outcomes[1].importError?.stopsImport == true)
        #expect(try Files.sha256(big) == shas[1])
        #expect(try Files.sha256(after) == shas[2])
        #expect(try Files.sha256(mount.path + "/Library/a-small.jpg") == shas[0])
        #expect(
            Files.names(mount.path + "/Library") == [
                ".mediatype-journal", ".mediatype-key", "a-small.jpg",
            ]
        )

        // Freed space: the next run imports what is left.
        try FileManager.default.removeItem(atPath: mount.path + "/Library/a-small.jpg")
        #expect(library.import(after).resultName == "imported")
    }

    @Test(.enabled(if: TmpfsMount.available, "mounting a tmpfs needs root"))
    func aFullDiskBeforeTheJournalIsWrittenIsReported() throws {
        let mount = try TmpfsMount(size: "256k")
        let library = MediaLibrary(root: mount.path + "/Library")
        try library.recover()
        // Fill every block.
        let filler = open(mount.path + "/filler", O_WRONLY | O_CREAT, 0o644)
        try #require(filler >= 0)
        let block = [UInt8](repeating: 1, count: 4096)
        while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
        close(filler)
        let sources = try TemporaryFolder()
        let image = try sources.copy("image.jpg")

        let outcome = library.import(image)

        #expect(outcome.importError?.code == .diskFull)
        #expect(Files.exists(image))
        #expect(
            Files.names(mount.path + "/Library").allSatisfy { !$0.hasPrefix(".mediatype-tmp-") }
        )
    }

    @Test(.enabled(if: TmpfsMount.available, "mounting a tmpfs needs root"))
    func readOnlyLibraryStopsTheImport() throws {
        let mount = try TmpfsMount(size: "1m")
        let library = MediaLibrary(root: mount.path + "/Library")
        try library.recover()
        try mount.remountReadOnly()
        let sources = try TemporaryFolder()
        let movie = try sources.copy("clip.mov")
        let image = try sources.copy("image.jpg")

        let outcomes = library.import([movie, image])

        #expect(
            outcomes.map { $0.importError?.code } == [.libraryNotWritable, .libraryNotWritable]
        )
        #expect(outcomes[0].importError?.systemError == EROFS)
        #expect(Files.exists(movie) && Files.exists(image))
        #expect(throws: ImportError.self) { try library.recover() }
    }

    @Test(.enabled(if: TmpfsMount.available, "mounting a tmpfs needs root"))
    func readOnlyLibraryThatDoesNotExistYet() throws {
        let mount = try TmpfsMount(size: "64k")
        try mount.remountReadOnly()
        let sources = try TemporaryFolder()
        let movie = try sources.copy("clip.mov")
        let outcome = MediaLibrary(root: mount.path + "/Library").import(movie)
        #expect(outcome.importError?.code == .libraryNotWritable)
        #expect(Files.exists(movie))
    }
}
