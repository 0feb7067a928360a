import Foundation
import MediaClassification
import TestSupport
import Testing

@Suite struct RealMediaSnifferTests {
    private func sniff(_ bytes: [UInt8]) -> String? {
        RealMediaSniffer.sniff(SniffInput(bytes: bytes, headCount: 64))?.identifier
    }

    @Test func theStreamHeadersSayAudioOrMovie() throws {
        #expect(try sniff(fixtureBytes("audio.ra")) == "com.real.realaudio")
        #expect(try sniff(fixtureBytes("video.rm")) == "com.real.realmedia")
        // Through the dispatcher, as the classifier asks.
        let movie = try MediaSniffer.sniff(SniffInput(bytes: fixtureBytes("video.rm")))
        #expect(movie?.identifier == "com.real.realmedia")
    }

    /// The offset of the first `MDPR` chunk in a fixture.
    private func streamHeader(_ bytes: [UInt8]) throws -> Int {
        let tag = Array("MDPR".utf8)
        return try #require(
            (0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual(tag) }
        )
    }

    @Test func damagedChunksDecideNothing() throws {
        let audio = try fixtureBytes("audio.ra")
        let mdpr = try streamHeader(audio)
        // A chunk size under the 10-byte chunk header stops the walk before any stream.
        var tooSmall = audio
        tooSmall.replaceSubrange(4..<8, with: [0, 0, 0, 4])
        #expect(sniff(tooSmall) == nil)
        // A size past the end of the file: nothing more to read.
        var tooLarge = audio
        tooLarge.replaceSubrange(4..<8, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect(sniff(tooLarge) == nil)
        // A stream name longer than its chunk leaves no MIME type to read.
        var longName = audio
        longName[mdpr + 40] = 0xFF
        #expect(sniff(longName) == nil)
        // A stream type that is not printable text is not a MIME type.
        var binary = audio
        binary[mdpr + 42 + Int(audio[mdpr + 40])] = 0x01
        #expect(sniff(binary) == nil)
        // Cut before the first stream header: the signature, not this parser, decides.
        #expect(sniff(Array(audio.prefix(mdpr))) == nil)
    }
}
