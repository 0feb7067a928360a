import Foundation
import MediaLibrary
import TestSupport
import Testing
import UniformTypes

@Suite struct SameDeviceImportTests {
    @Test func movesAMovieAndAnImageIntoAFlatLibrary() throws {
        let folder = try TemporaryFolder()
        let movie = try folder.copy("clip.mov")
        let image = try folder.copy("image.jpg")
        let movieSHA = try Files.sha256(movie)
        let library = MediaLibrary(root: folder.sub("Library"))

        let outcomes = library.import([movie, image])

        #expect(outcomes.map(\.resultName) == ["imported", "imported"])
        #expect(
            outcomes.map(\.destinationPath) == [
                folder.sub("Library/clip.mov"), folder.sub("Library/image.jpg"),
            ]
        )
        #expect(outcomes.map(\.renamedExtension) == [false, false])
        #expect(!Files.exists(movie) && !Files.exists(image))
        #expect(try Files.sha256(folder.sub("Library/clip.mov")) == movieSHA)
        #expect(
            Files.names(folder.sub("Library")) == [
                ".mediatype-journal", ".mediatype-key", "clip.mov", "image.jpg",
            ]
        )
        if case .imported(_, _, _, let classification) = outcomes[0] {
            #expect(classification.type.identifier == "com.apple.quicktime-movie")
        } else {
            Issue.record("the movie was not imported")
        }
    }

    @Test func byFamilyLayoutSortsIntoFolders() throws {
        let folder = try TemporaryFolder()
        let paths = [
            try folder.copy("clip-h264-aac.mp4"), try folder.copy("image.png"),
            try folder.copy("audio.mp3"), try folder.copy("document.pdf"),
        ]
        let library = MediaLibrary(
            root: folder.sub("Library"),
            allowed: AllowedContentTypes(types: [.image, .movie, .audio, .pdf]),
            layout: .byFamily
        )
        let outcomes = library.import(paths)
        #expect(
            outcomes.map(\.destinationPath) == [
                folder.sub("Library/Movies/clip-h264-aac.mp4"),
                folder.sub("Library/Images/image.png"),
                folder.sub("Library/Audio/audio.mp3"), folder.sub("Library/Other/document.pdf"),
            ]
        )
        for outcome in outcomes {
            let destination = try #require(outcome.destinationPath)
            #expect(Files.exists(destination))
        }
    }

    @Test func nameClashesGetSuffixesNeverOverwrites() throws {
        let folder = try TemporaryFolder()
        let libraryPath = folder.sub("Library")
        try FileManager.default.createDirectory(
            atPath: libraryPath,
            withIntermediateDirectories: true
        )
        let occupant: [UInt8] = Array("not a movie, but it holds the name".utf8)
        try folder.write(occupant, to: libraryPath + "/clip.mov")
        try FileManager.default.createDirectory(
            atPath: folder.sub("a"),
            withIntermediateDirectories: true
        )
        try FileManager.default.createDirectory(
            atPath: folder.sub("b"),
            withIntermediateDirectories: true
        )
        let first = try folder.copy("clip.mov", as: "a/clip.mov", appending: [1])
        let second = try folder.copy("clip.mov", as: "b/clip.mov", appending: [2])
        let library = MediaLibrary(root: libraryPath)

        let outcomes = library.import([first, second])

        #expect(
            outcomes.map(\.destinationPath) == [
                libraryPath + "/clip 2.mov", libraryPath + "/clip 3.mov",
            ]
        )
        #expect(try Files.bytes(libraryPath + "/clip.mov") == occupant)
        #expect(
            try Files.bytes(libraryPath + "/clip 2.mov") == (try fixtureBytes("clip.mov")) + [1]
        )
        #expect(
            try Files.bytes(libraryPath + "/clip 3.mov") == (try fixtureBytes("clip.mov")) + [2]
        )
    }

    @Test func lyingOrMissingExtensionsAreCorrected() throws {
        let folder = try TemporaryFolder()
        let lying = try folder.copy("clip.mov", as: "clip.jpg")
        let bare = try folder.copy("image.png", as: "snapshot")
        let upper = try folder.copy("image.jpg", as: "PHOTO.JPG")
        let library = MediaLibrary(root: folder.sub("Library"))

        let outcomes = library.import([lying, bare, upper])

        #expect(
            outcomes.map(\.destinationPath) == [
                folder.sub("Library/clip.mov"), folder.sub("Library/snapshot.png"),
                folder.sub("Library/PHOTO.JPG"),
            ]
        )
        #expect(outcomes.map(\.renamedExtension) == [true, true, false])
    }

    @Test func audioIsRejectedFromAnImagesAndMoviesLibrary() throws {
        let folder = try TemporaryFolder()
        let audio = try folder.copy("audio.m4a")
        let audioInMovieClothes = try folder.copy("audio-isom.mp4")
        let before = try Files.sha256(audio)
        let library = MediaLibrary(root: folder.sub("Library"))

        let outcomes = library.import([audio, audioInMovieClothes])

        #expect(outcomes.map(\.resultName) == ["rejected", "rejected"])
        if case .rejected(_, let decision) = outcomes[0] {
            #expect(!decision.accepted)
            #expect(decision.classification.type.conforms(to: .audio))
        }
        #expect(try Files.sha256(audio) == before)
        #expect(Files.exists(audioInMovieClothes))
        #expect(Files.names(folder.sub("Library")) == [".mediatype-journal", ".mediatype-key"])
    }

    @Test func rerunsDoNotMakeSecondCopies() throws {
        let folder = try TemporaryFolder()
        let movie = try folder.copy("clip.mov")
        let library = MediaLibrary(root: folder.sub("Library"))
        #expect(library.import(movie).resultName == "imported")

        // The same path again (now gone), and the same content under another name.
        let again = library.import(movie)
        #expect(again.resultName == "alreadyImported")
        #expect(again.destinationPath == folder.sub("Library/clip.mov"))
        let twin = try folder.copy("clip.mov", as: "twin.mov")
        let twinOutcome = library.import(twin)
        #expect(twinOutcome.resultName == "alreadyImported")
        #expect(twinOutcome.destinationPath == folder.sub("Library/clip.mov"))
        #expect(Files.exists(twin))
        #expect(
            Files.names(folder.sub("Library")) == [
                ".mediatype-journal", ".mediatype-key", "clip.mov",
            ]
        )

        // Its folder gone too: still known as imported.
        let nested = try folder.copy("image.jpg", as: "sub-image.jpg")
        try FileManager.default.createDirectory(
            atPath: folder.sub("sub"),
            withIntermediateDirectories: true
        )
        try FileManager.default.moveItem(atPath: nested, toPath: folder.sub("sub/image.jpg"))
        #expect(library.import(folder.sub("sub/image.jpg")).resultName == "imported")
        try FileManager.default.removeItem(atPath: folder.sub("sub"))
        #expect(library.import(folder.sub("sub/image.jpg")).resultName == "alreadyImported")

        // A different file that shares the name gets a suffix.
        let other = try folder.copy("clip.mov", appending: Array("other".utf8))
        #expect(library.import(other).destinationPath == folder.sub("Library/clip 2.mov"))
    }

    @Test func dryRunChangesNothing() throws {
        let folder = try TemporaryFolder()
        let movie = try folder.copy("clip.mov", as: "movie.jpg")
        let image = try folder.copy("image.jpg")
        let audio = try folder.copy("audio.mp3")
        let library = MediaLibrary(root: folder.sub("Library"), layout: .byFamily, dryRun: true)

        let outcomes = library.import([movie, image, audio])

        #expect(outcomes.map(\.resultName) == ["wouldImport", "wouldImport", "rejected"])
        #expect(
            outcomes.map(\.destinationPath) == [
                folder.sub("Library/Movies/movie.mov"), folder.sub("Library/Images/image.jpg"), nil,
            ]
        )
        #expect(outcomes[0].renamedExtension == true)
        #expect(Files.exists(movie) && Files.exists(image) && Files.exists(audio))
        #expect(!Files.exists(folder.sub("Library")))
    }

    @Test func missingFoldersAndLinksFail() throws {
        let folder = try TemporaryFolder()
        let movie = try folder.copy("clip.mov")
        try FileManager.default.createSymbolicLink(
            atPath: folder.sub("link.mov"),
            withDestinationPath: movie
        )
        let library = MediaLibrary(
            root: folder.sub("Library"),
            allowed: AllowedContentTypes(types: [.item])
        )
        let outcomes = library.import([
            folder.sub("nothing.mov"), folder.sub("link.mov"), folder.path,
        ])
        #expect(
            outcomes.map { $0.importError?.code } == [
                .notFound, .notARegularFile, .notARegularFile,
            ]
        )
        #expect(Files.exists(movie))
        #expect(Files.exists(folder.sub("link.mov")))
    }

    @Test func journalRecordsIntentBeforeDone() throws {
        let folder = try TemporaryFolder()
        let image = try folder.copy("image.jpg")
        let sha = try Files.sha256(image)
        _ = MediaLibrary(root: folder.sub("Library")).import(image)
        let text = String(
            decoding: try Files.bytes(folder.sub("Library/.mediatype-journal")),
            as: UTF8.self
        )
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        try #require(lines.count == 2)
        #expect(lines[0][0] == "intent")
        #expect(lines[0][2] == image)
        #expect(lines[0].count == 14)
        #expect(lines[0][7] == "301")
        #expect(lines[0][8] == sha)
        #expect(lines[0][9] == ".")
        #expect(lines[0][10].hasPrefix(".mediatype-tmp-"))
        #expect(lines[0][11] == "image.jpg")
        #expect(lines[0][12].hasPrefix(".mediatype-tmp-"))
        // Each line ends with its HMAC-SHA256 under the library's key.
        let key = try Files.bytes(folder.sub("Library/.mediatype-key"))
        let body = lines[0].dropLast().joined(separator: "\t")
        #expect(lines[0][13] == SHA256.hex(HMACSHA256.code(Array(body.utf8), key: key)))
        #expect(lines[1][0] == "done")
        #expect(lines[1][1] == lines[0][1])
    }
}

@Suite struct ByteNameTests {
    @Test func namesThatAreNotUTF8SurviveTheJournal() throws {
        let folder = try TemporaryFolder()
        let name: [UInt8] = Array("clip".utf8) + [0xFF, 0x09] + Array(".mov".utf8)
        let source = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name
        let content = try fixtureBytes("clip.mov")
        let descriptor = open(source.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT, 0o644)
        try #require(descriptor >= 0)
        _ = content.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let library = MediaLibrary(rootBytes: Array(folder.sub("Library").utf8))

        let first = library.importFiles([source])
        let again = library.importFiles([source])

        let expected = Array(folder.sub("Library/").utf8) + name
        #expect(first.map(\.resultName) == ["imported"])
        #expect(first.first?.destination == expected)
        #expect(again.map(\.resultName) == ["alreadyImported"])
        #expect(again.first?.destination == expected)
        let journal = String(
            decoding: try Files.bytes(folder.sub("Library/.mediatype-journal")),
            as: UTF8.self
        )
        #expect(journal.contains("clip%FF%09.mov"))
    }
}
