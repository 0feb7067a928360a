import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// A gzip stream's first inflated bytes name a compressed tar, SVG or metafile, with or
/// without a name; anything else stays gzip.
@Suite struct GzipPayloadTests {
    let classifier = Classifier(registry: .builtinOnly)

    /// gzip -n -9 of `bytes`, by the gzip tool Debian ships (the fixtures' compressor).
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-n", "-9", "-c"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    let gzip = UTType("org.gnu.gnu-zip-archive")

    @Test func theFixturesByContentAlone() throws {
        for (file, identifier) in [
            ("archive.tar.gz", "org.gnu.gnu-zip-tar-archive"), ("image.svgz", "org.w3.svgz"),
            ("drawing.emz", "com.microsoft.emz"), ("drawing.wmz", "com.microsoft.wmz"),
            ("spreadsheet.gnumeric", "org.gnome.gnumeric"),
            ("text.txt.gz", "org.gnu.gnu-zip-archive"),
        ] {
            let bytes = try fixtureBytes(file)
            let unnamed = try classifier.classify(bytes: bytes, fileName: nil)
            #expect(unnamed.type.identifier == identifier, "\(file): \(unnamed.detail)")
            // Named plainly .gz, the content's kind of gzip agrees with the name; a Gnumeric
            // workbook is no kind of gzip to the databases, so the name disagrees.
            let named = try classifier.classify(bytes: bytes, fileName: "backup.gz")
            #expect(named.type.identifier == identifier, "\(file)")
            let isGzip = try #require(UTType(identifier)).conforms(to: try #require(gzip))
            #expect(named.extensionAgrees == isGzip, "\(file)")
        }
    }

    @Test func whatTheHeadersNeed() throws {
        // A tar header whose checksum is wrong is no tar: the stream stays gzip.
        var tarBytes = try fixtureBytes("archive.tar")
        tarBytes[148] = tarBytes[148] == 0x37 ? 0x36 : 0x37
        let broken = try classifier.classify(bytes: try Self.gzip(tarBytes), fileName: nil)
        #expect(broken.type.identifier == "org.gnu.gnu-zip-archive")
        // A standard (not placeable) Windows Metafile header: disk type, 9 words, version 3.
        let wmf: [UInt8] = [0x02, 0x00, 0x09, 0x00, 0x00, 0x03] + [UInt8](repeating: 0, count: 40)
        let standard = try classifier.classify(bytes: try Self.gzip(wmf), fileName: nil)
        #expect(standard.type.identifier == "com.microsoft.wmz")
        // An SVG root in another namespace is not SVG; XHTML stays gzip.
        let html = Array("<html xmlns=\"http://www.w3.org/1999/xhtml\"><svg/></html>".utf8)
        let xhtml = try classifier.classify(bytes: try Self.gzip(html), fileName: nil)
        #expect(xhtml.type.identifier == "org.gnu.gnu-zip-archive")
    }

    @Test func aStreamCutShortIsReadAsFarAsItGoes() throws {
        let whole = try fixtureBytes("archive.tar.gz")
        let gzip = try #require(UTType("org.gnu.gnu-zip-archive"))
        // Every cut: never a crash, and a kind of gzip whenever the header is there.
        for count in stride(from: 10, through: whole.count, by: 7) {
            let result = try classifier.classify(bytes: Array(whole.prefix(count)), fileName: nil)
            #expect(result.type.conforms(to: gzip), "cut \(count)")
        }
    }
}
