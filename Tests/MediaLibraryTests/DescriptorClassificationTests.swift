import Foundation
import MediaClassification
import MediaLibrary
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `Classifier.classify(openFile:named:)`: the open file is classified, not what its path
/// names by now, and the given name's extension is the one compared.
@Suite struct DescriptorClassificationTests {
    @Test func theOpenFileIsClassifiedNotWhatThePathNamesNow() throws {
        let folder = try TemporaryFolder()
        let path = try folder.copy("clip.mov", as: "holiday.mov")
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        // The name now holds a script, then a FIFO: neither is what was opened.
        try folder.write(Array("#!/bin/sh\necho swapped\n".utf8), to: folder.sub("script"))
        try #require(rename(folder.sub("script"), path) == 0)
        let classifier = Classifier(options: Classifier.Options(followSymlinks: false))

        let first = try classifier.classify(openFile: descriptor, named: Array("holiday.mov".utf8))
        unlink(path)
        try #require(mkfifo(path, 0o644) == 0)
        let second = try classifier.classify(openFile: descriptor, named: Array("holiday.jpg".utf8))

        #expect(first.type.identifier == "com.apple.quicktime-movie")
        #expect(first.extensionAgrees == true)
        #expect(second.type.identifier == "com.apple.quicktime-movie")
        #expect(second.extensionAgrees == false)
    }

    @Test func aNameThatIsNotOneComponentStillClassifies() throws {
        let folder = try TemporaryFolder()
        let path = try folder.copy("image.png")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let classifier = Classifier()
        for name in ["", "a/b.png", ".", ".."] {
            let found = try classifier.classify(openFile: descriptor, named: Array(name.utf8))
            #expect(found.type.identifier == "public.png", "\(name)")
        }
    }
}
