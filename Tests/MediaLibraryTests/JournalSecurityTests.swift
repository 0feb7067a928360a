import Foundation
import MediaLibrary
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A library with a victim folder beside it: hostile journals must never act outside the
/// library, and a journal that cannot be trusted is refused without changing anything.
private struct HostileScene {
    let folder: TemporaryFolder
    let libraryPath: String
    let victim: String
    let source: String

    init() throws {
        folder = try TemporaryFolder()
        libraryPath = folder.sub("Library")
        try FileManager.default.createDirectory(
            atPath: folder.sub("victim"),
            withIntermediateDirectories: true
        )
        try FileManager.default.createDirectory(
            atPath: folder.sub("elsewhere"),
            withIntermediateDirectories: true
        )
        victim = folder.sub("victim/important.doc")
        try folder.write(Array("the only copy of something that matters\n".utf8), to: victim)
        source = try folder.copy("image.jpg", as: "picked.jpg")
        try MediaLibrary(root: libraryPath).recover()
    }

    var journalPath: String { libraryPath + "/.mediatype-journal" }
    var library: MediaLibrary { MediaLibrary(root: libraryPath) }

    func writeJournal(_ text: String) throws {
        try folder.write(Array(text.utf8), to: journalPath)
    }

    /// A line in the format of the first journal: a plain SHA-256 check anyone can compute.
    static func unkeyedLine(_ fields: [String]) -> String {
        let body = fields.joined(separator: "\t")
        return body + "\t" + SHA256.hex(SHA256.hash(Array(body.utf8))).prefix(8) + "\n"
    }

    /// Runs an import and a recovery, and checks that both refuse the journal and that
    /// nothing under the scene's folder changed.
    func expectRefusedAndUnchanged(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try TreeSnapshot(folder.path)
        let outcome = library.import(source)
        #expect(
            outcome.importError?.code == .journalRefused,
            "\(outcome.resultName)",
            sourceLocation: sourceLocation
        )
        #expect(throws: ImportError.self, sourceLocation: sourceLocation) {
            try library.recover()
        }
        let after = try TreeSnapshot(folder.path)
        #expect(
            after == before,
            "before:\n\(before)\nafter:\n\(after)",
            sourceLocation: sourceLocation
        )
    }
}

@Suite struct JournalSecurityTests {
    @Test func aForgedTemporaryNameOutsideTheLibraryDeletesNothing() throws {
        let scene = try HostileScene()
        let victimSHA = try Files.sha256(scene.victim)
        let size = String(try Files.bytes(scene.victim).count)
        // As the first journal read it (what the fault campaign forged), and in today's
        // format signed with a made-up key.
        try scene.writeJournal(
            HostileScene.unkeyedLine([
                "intent", "0badc0de", scene.folder.sub("gone.jpg"), size, victimSHA,
                "../victim/important.doc", "x.jpg",
            ])
        )
        try scene.expectRefusedAndUnchanged()
        let forger = JournalSigner(key: Array(repeating: 7, count: 32))
        try scene.writeJournal(
            forger.intent(
                id: "0badc0de0badc0de",
                source: scene.folder.sub("gone.jpg"),
                sha: victimSHA,
                temporary: "../victim/important.doc",
                final: "x.jpg"
            )
        )
        try scene.expectRefusedAndUnchanged()
        #expect(try Files.sha256(scene.victim) == victimSHA)
    }

    @Test func aForgedFinalNameOutsideTheLibraryPlantsNothing() throws {
        let scene = try HostileScene()
        let planted = Array("#!/bin/sh\necho planted\n".utf8)
        let sha = SHA256.hex(SHA256.hash(planted))
        try scene.folder.write(planted, to: scene.libraryPath + "/.mediatype-tmp-0000000000000001")
        try scene.writeJournal(
            HostileScene.unkeyedLine([
                "intent", "0badc0de", scene.folder.sub("gone.sh"), String(planted.count), sha,
                ".mediatype-tmp-0000000000000001", "../elsewhere/evil",
            ])
        )
        try scene.expectRefusedAndUnchanged()
        #expect(!Files.exists(scene.folder.sub("elsewhere/evil")))
    }

    @Test func aForgedLineMovingAFileInFromOutsideIsRefused() throws {
        let scene = try HostileScene()
        let sha = try Files.sha256(scene.victim)
        let size = String(try Files.bytes(scene.victim).count)
        // A pending move whose "source" is the victim and whose final name holds a copy:
        // recovery would "finish" it by removing the victim.
        try scene.folder.write(try Files.bytes(scene.victim), to: scene.libraryPath + "/doc.doc")
        try scene.writeJournal(
            HostileScene.unkeyedLine([
                "intent", "0badc0de", scene.victim, size, sha, ".mediatype-tmp-00000001",
                "doc.doc",
            ])
        )
        try scene.expectRefusedAndUnchanged()
        #expect(Files.exists(scene.victim))
    }

    @Test func aCorrectlySignedLineNamingAPathIsStillRefused() throws {
        // Even with the library's own key (leaked, or a bug that wrote it), a name with a `/`
        // or `..`, or a temporary name not of the project's pattern, is never acted on.
        let scene = try HostileScene()
        let signer = try JournalSigner(library: scene.libraryPath)
        let sha = try Files.sha256(scene.victim)
        for (temporary, final) in [
            ("../victim/important.doc", "x.doc"), (".mediatype-tmp-0000000000000001", "../x.doc"),
            (".mediatype-tmp-0000000000000001", "sub/x.doc"), ("important.doc", "x.doc"),
            (".mediatype-tmp-0000000000000001", ".."),
        ] {
            try scene.writeJournal(
                signer.intent(
                    id: "0badc0de0badc0de",
                    source: scene.victim,
                    sha: sha,
                    temporary: temporary,
                    final: final
                )
            )
            try scene.expectRefusedAndUnchanged()
        }
        try scene.writeJournal(
            signer.intent(
                id: "0badc0de0badc0de",
                source: scene.victim,
                sha: sha,
                folder: "../victim",
                temporary: ".mediatype-tmp-0000000000000001",
                final: "important.doc"
            )
        )
        try scene.expectRefusedAndUnchanged()
    }

    @Test func aSymlinkedJournalIsNeitherFollowedNorTruncated() throws {
        let scene = try HostileScene()
        let target = scene.folder.sub("elsewhere/notes.txt")
        try scene.folder.write(Array("line one\nno newline at the end".utf8), to: target)
        try FileManager.default.removeItem(atPath: scene.journalPath)
        try FileManager.default.createSymbolicLink(
            atPath: scene.journalPath,
            withDestinationPath: target
        )
        try scene.expectRefusedAndUnchanged()

        // The same when the library has no key yet.
        try FileManager.default.removeItem(atPath: scene.libraryPath + "/.mediatype-key")
        try scene.expectRefusedAndUnchanged()
    }

    @Test func aHardLinkedJournalIsRefused() throws {
        let scene = try HostileScene()
        let target = scene.folder.sub("elsewhere/notes.txt")
        try scene.folder.write(Array("line one\nno newline at the end".utf8), to: target)
        try FileManager.default.removeItem(atPath: scene.journalPath)
        try FileManager.default.linkItem(atPath: target, toPath: scene.journalPath)
        try scene.expectRefusedAndUnchanged()
    }

    @Test func aJournalSignedByAnotherLibraryIsRefused() throws {
        let scene = try HostileScene()
        // A valid journal of another library, copied in.
        let other = try TemporaryFolder()
        let otherLibrary = MediaLibrary(root: other.sub("Library"))
        #expect(otherLibrary.import(try other.copy("clip.mov")).resultName == "imported")
        try scene.writeJournal(
            String(
                decoding: try Files.bytes(other.sub("Library/.mediatype-journal")),
                as: UTF8.self
            )
        )
        try scene.expectRefusedAndUnchanged()
    }

    @Test func aJournalWithoutAKeyIsRefused() throws {
        let scene = try HostileScene()
        let signer = try JournalSigner(library: scene.libraryPath)
        try scene.writeJournal(signer.line(["abort", "0badc0de0badc0de"]))
        try FileManager.default.removeItem(atPath: scene.libraryPath + "/.mediatype-key")
        try scene.expectRefusedAndUnchanged()
    }

    @Test func aKeyOthersCanReadOrALinkedKeyIsRefused() throws {
        let scene = try HostileScene()
        let key = scene.libraryPath + "/.mediatype-key"
        chmod(key, 0o644)
        try scene.expectRefusedAndUnchanged()
        chmod(key, 0o600)
        try FileManager.default.moveItem(atPath: key, toPath: scene.folder.sub("elsewhere/key"))
        try FileManager.default.createSymbolicLink(
            atPath: key,
            withDestinationPath: scene.folder.sub("elsewhere/key")
        )
        try scene.expectRefusedAndUnchanged()
    }

    @Test func anUnreadableJournalIsRefused() throws {
        let scene = try HostileScene()
        // A folder where the journal should be cannot be read as one.
        try FileManager.default.removeItem(atPath: scene.journalPath)
        try FileManager.default.createDirectory(
            atPath: scene.journalPath,
            withIntermediateDirectories: false
        )
        let before = try TreeSnapshot(scene.folder.path)
        let outcome = scene.library.import(scene.source)
        #expect(outcome.importError != nil)
        #expect(outcome.importError?.stopsImport == true)
        #expect(try TreeSnapshot(scene.folder.path) == before)
    }

    @Test func aSymlinkedFamilyFolderIsNotFollowed() throws {
        let scene = try HostileScene()
        try FileManager.default.createSymbolicLink(
            atPath: scene.libraryPath + "/Images",
            withDestinationPath: scene.folder.sub("elsewhere")
        )
        try scene.folder.write(
            [1, 2, 3],
            to: scene.folder.sub("elsewhere/.mediatype-tmp-0000000000000001")
        )
        let before = try TreeSnapshot(scene.folder.sub("elsewhere"))
        let library = MediaLibrary(root: scene.libraryPath, layout: .byFamily)

        let outcome = library.import(scene.source)

        #expect(outcome.importError?.code == .libraryUnavailable)
        #expect(Files.exists(scene.source))
        #expect(try TreeSnapshot(scene.folder.sub("elsewhere")) == before)
    }

    @Test func aSettledJournalOfTheFirstFormatIsRetiredAndTheLibraryGoesOn() throws {
        let scene = try HostileScene()
        try FileManager.default.removeItem(atPath: scene.libraryPath + "/.mediatype-key")
        let old =
            HostileScene.unkeyedLine([
                "intent", "feedc0de", scene.folder.sub("old.jpg"), "9",
                String(repeating: "a", count: 64),
                ".mediatype-tmp-00000001", "old.jpg",
            ]) + HostileScene.unkeyedLine(["done", "feedc0de"])
        try scene.writeJournal(old)

        // A dry run reads it as empty and changes nothing.
        let before = try TreeSnapshot(scene.folder.path)
        let dry = MediaLibrary(root: scene.libraryPath, dryRun: true).import(scene.source)
        #expect(dry.resultName == "wouldImport")
        #expect(try TreeSnapshot(scene.folder.path) == before)

        let outcome = scene.library.import(scene.source)

        #expect(outcome.resultName == "imported")
        #expect(
            try Files.bytes(scene.libraryPath + "/.mediatype-journal.legacy") == Array(old.utf8)
        )
        #expect(Files.exists(scene.libraryPath + "/.mediatype-key"))
    }

    @Test func aJournalOfTheFirstFormatWithAPendingMoveIsRefused() throws {
        let scene = try HostileScene()
        try FileManager.default.removeItem(atPath: scene.libraryPath + "/.mediatype-key")
        let sha = try Files.sha256(scene.victim)
        try scene.writeJournal(
            HostileScene.unkeyedLine([
                "intent", "0badc0de", scene.folder.sub("gone.jpg"), "9", sha,
                "../victim/important.doc", "x.jpg",
            ]) + HostileScene.unkeyedLine(["abort", "feedc0de"])
        )
        try scene.expectRefusedAndUnchanged()
        let dry = MediaLibrary(root: scene.libraryPath, dryRun: true).import(scene.source)
        #expect(dry.importError?.code == .journalRefused)
    }
}
