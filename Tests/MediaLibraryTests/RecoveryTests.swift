import Foundation
import MediaLibrary
import Testing

/// A library whose journal is written by hand (signed with the library's key), as a crash
/// at each step would leave it.
private struct CrashScene {
    let folder: TemporaryFolder
    let source: String
    let content: [UInt8]
    let sha: String
    let libraryPath: String
    let signer: JournalSigner
    let temporary = ".mediatype-tmp-0badf00d0badf00d"
    let removal = ".mediatype-tmp-5ca1ab1e5ca1ab1e"
    let final = "clip.mov"

    init() throws {
        folder = try TemporaryFolder()
        source = try folder.copy("clip.mov", as: "picked.mov")
        content = try Files.bytes(source)
        sha = SHA256.hex(SHA256.hash(content))
        libraryPath = folder.sub("Library")
        try MediaLibrary(root: libraryPath).recover()
        signer = try JournalSigner(library: libraryPath)
    }

    var finalPath: String { libraryPath + "/" + final }
    var temporaryPath: String { libraryPath + "/" + temporary }
    var journalPath: String { libraryPath + "/.mediatype-journal" }

    func line(_ fields: [String]) -> String { signer.line(fields) }

    var intentLine: String {
        signer.intent(
            id: "feedc0defeedc0de",
            source: source,
            sha: sha,
            temporary: temporary,
            final: final,
            removal: removal
        )
    }

    func writeJournal(_ text: String) throws {
        try folder.write(Array(text.utf8), to: journalPath)
    }

    func journalLines() throws -> [String] {
        String(decoding: try Files.bytes(journalPath), as: UTF8.self).split(separator: "\n").map(
            String.init
        )
    }

    var library: MediaLibrary { MediaLibrary(root: libraryPath) }
}

@Suite struct RecoveryTests {
    @Test func intentAloneIsUndone() throws {
        let scene = try CrashScene()
        try scene.writeJournal(scene.intentLine)

        let report = try scene.library.recover()

        #expect(report.undone == [scene.source])
        #expect(report.finished.isEmpty)
        #expect(try Files.bytes(scene.source) == scene.content)
        #expect(!Files.exists(scene.finalPath))
        #expect(try scene.journalLines().last?.hasPrefix("abort\tfeedc0defeedc0de\t") == true)
        // The re-run imports it normally.
        #expect(scene.library.import(scene.source).resultName == "imported")
        #expect(try Files.sha256(scene.libraryPath + "/picked.mov") == scene.sha)
    }

    @Test func partialTemporaryCopyIsRemoved() throws {
        let scene = try CrashScene()
        try scene.writeJournal(scene.intentLine)
        try scene.folder.write(Array(scene.content.prefix(1000)), to: scene.temporaryPath)

        let report = try scene.library.recover()

        #expect(report.undone == [scene.source])
        #expect(report.removedTemporaries.isEmpty)
        #expect(!Files.exists(scene.temporaryPath))
        #expect(!Files.exists(scene.finalPath))
        #expect(try Files.bytes(scene.source) == scene.content)
    }

    @Test func completeTemporaryWithSourcePresentIsUndone() throws {
        let scene = try CrashScene()
        try scene.writeJournal(scene.intentLine)
        try scene.folder.write(scene.content, to: scene.temporaryPath)

        let report = try scene.library.recover()

        #expect(report.undone == [scene.source])
        #expect(Files.names(scene.libraryPath) == [".mediatype-journal", ".mediatype-key"])
        #expect(try Files.bytes(scene.source) == scene.content)
    }

    @Test func placedCopyWithSourcePresentRemovesTheSource() throws {
        let scene = try CrashScene()
        try scene.writeJournal(scene.intentLine)
        try scene.folder.write(scene.content, to: scene.finalPath)

        let report = try scene.library.recover()

        #expect(report.finished == [scene.final])
        #expect(!Files.exists(scene.source))
        #expect(try Files.bytes(scene.finalPath) == scene.content)
        #expect(try scene.journalLines().last?.hasPrefix("done\tfeedc0defeedc0de\t") == true)
        // A re-run with the same path finds it done: no second copy.
        let again = scene.library.import(scene.source)
        #expect(again.resultName == "alreadyImported")
        #expect(
            Files.names(scene.libraryPath) == [".mediatype-journal", ".mediatype-key", "clip.mov"]
        )
    }

    @Test func hardLinkedMoveIsFinished() throws {
        let scene = try CrashScene()
        try scene.writeJournal(scene.intentLine)
        try FileManager.default.linkItem(atPath: scene.source, toPath: scene.finalPath)

        let report = try scene.library.recover()

        #expect(report.finished == [scene.final])
        #expect(!Files.exists(scene.source))
        #expect(try Files.bytes(scene.finalPath) == scene.content)
    }

    @Test func renamedButNotMarkedDoneIsFinished() throws {
        let scene = try CrashScene()
        try scene.writeJournal(scene.intentLine)
        try FileManager.default.moveItem(atPath: scene.source, toPath: scene.finalPath)

        let report = try scene.library.recover()

        #expect(report.finished == [scene.final])
        #expect(try Files.bytes(scene.finalPath) == scene.content)
        #expect(try scene.journalLines().count == 2)
    }

    @Test func someoneElsesFileUnderTheFinalNameIsLeftAlone() throws {
        let scene = try CrashScene()
        try scene.writeJournal(scene.intentLine)
        let stranger = Array("a different file".utf8)
        try scene.folder.write(stranger, to: scene.finalPath)

        let report = try scene.library.recover()

        #expect(report.undone == [scene.source])
        #expect(try Files.bytes(scene.finalPath) == stranger)
        #expect(try Files.bytes(scene.source) == scene.content)
    }

    @Test func onlyCompleteCopyUnderTheTemporaryNameIsKept() throws {
        let scene = try CrashScene()
        try scene.writeJournal(scene.intentLine)
        try scene.folder.write(scene.content, to: scene.temporaryPath)
        try FileManager.default.removeItem(atPath: scene.source)

        let report = try scene.library.recover()

        #expect(report.finished == [scene.final])
        #expect(try Files.bytes(scene.finalPath) == scene.content)
        #expect(!Files.exists(scene.temporaryPath))
    }

    @Test func aCompleteTemporaryIsKeptWhenTheSourcesFolderIsGone() throws {
        let scene = try CrashScene()
        let folder = scene.folder.sub("picked")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = folder + "/picked.mov"
        try FileManager.default.moveItem(atPath: scene.source, toPath: source)
        try scene.writeJournal(
            scene.signer.intent(
                id: "feedc0defeedc0de",
                source: source,
                sha: scene.sha,
                temporary: scene.temporary,
                final: scene.final
            )
        )
        try scene.folder.write(scene.content, to: scene.temporaryPath)
        try FileManager.default.removeItem(atPath: folder)

        let report = try scene.library.recover()

        #expect(report.finished == [scene.final])
        #expect(try Files.bytes(scene.finalPath) == scene.content)
    }

    @Test func settledMovesAreLeftAsTheyAre() throws {
        let scene = try CrashScene()
        try scene.writeJournal(scene.intentLine + scene.line(["abort", "feedc0defeedc0de"]))
        try scene.folder.write(scene.content, to: scene.finalPath)

        let report = try scene.library.recover()

        #expect(report == RecoveryReport())
        #expect(Files.exists(scene.source) && Files.exists(scene.finalPath))
    }

    @Test func strayTemporariesAreRemoved() throws {
        let scene = try CrashScene()
        try FileManager.default.createDirectory(
            atPath: scene.libraryPath + "/Movies",
            withIntermediateDirectories: true
        )
        try scene.folder.write(
            [1, 2, 3],
            to: scene.libraryPath + "/.mediatype-tmp-1111111111111111"
        )
        try scene.folder.write(
            [1, 2, 3],
            to: scene.libraryPath + "/Movies/.mediatype-tmp-2222222222222222"
        )
        try scene.folder.write([1, 2, 3], to: scene.libraryPath + "/keep.mov")

        let report = try scene.library.recover()

        #expect(
            report.removedTemporaries.sorted() == [
                ".mediatype-tmp-1111111111111111", "Movies/.mediatype-tmp-2222222222222222",
            ]
        )
        #expect(
            Files.names(scene.libraryPath) == [
                ".mediatype-journal", ".mediatype-key", "Movies", "keep.mov",
            ]
        )
        #expect(Files.names(scene.libraryPath + "/Movies").isEmpty)
    }

    @Test func aTornLastLineIsCutOff() throws {
        let scene = try CrashScene()
        let settled = scene.intentLine + scene.line(["abort", "feedc0defeedc0de"])
        try scene.writeJournal(settled + "intent\tdeadbeefdeadbeef\t/tmp/x\t12")

        let report = try scene.library.recover()
        #expect(report == RecoveryReport())
        #expect(try scene.journalLines().count == 2)

        // Appending after the cut-off tail still gives well-formed records.
        #expect(scene.library.import(scene.source).resultName == "imported")
        let lines = try scene.journalLines()
        #expect(lines.count == 4)
        #expect(lines[2].hasPrefix("intent\t") && lines[3].hasPrefix("done\t"))
    }

    @Test func aDamagedLineRefusesTheJournalAndChangesNothing() throws {
        let scene = try CrashScene()
        let damaged = scene.intentLine.replacingOccurrences(of: "picked.mov", with: "pecked.mov")
        try scene.writeJournal(damaged + scene.line(["abort", "feedc0defeedc0de"]))
        let before = try TreeSnapshot(scene.folder.path)

        #expect(throws: ImportError.self) { try scene.library.recover() }
        let outcome = scene.library.import(scene.source)

        #expect(outcome.importError?.code == .journalRefused)
        #expect(try TreeSnapshot(scene.folder.path) == before)
    }
}
