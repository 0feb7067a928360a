import MediaClassification
import Testing
import UniformTypes

private typealias B = ImageContainerTextSupport

/// HTK waveforms: a 12-byte header with no magic, so every field and the file's size decide.
@Suite struct HTKWaveformTests {
    private static func sniff(_ bytes: [UInt8]) -> String? {
        AudioFormatSniffer.sniff(SniffInput(bytes: bytes))?.identifier
    }

    @Test func theFixtureWholeCutAndRenamed() throws {
        let bytes = try B.bytes(ofFixture: "audio.htk")
        #expect(Self.sniff(bytes) == "uk.ac.cam.htk-waveform")
        // One sample short or one byte over is no longer the file the header announces.
        #expect(Self.sniff(Array(bytes.dropLast())) == nil)
        #expect(Self.sniff(Array(bytes.dropLast(2))) == nil)
        #expect(Self.sniff(bytes + [0]) == nil)
        let classifier = Classifier(registry: .builtinOnly)
        for name in [nil, "speech.htk", "speech.raw", "speech.txt"] as [String?] {
            let result = try classifier.classify(bytes: bytes, fileName: name)
            #expect(result.type.identifier == "uk.ac.cam.htk-waveform", "as \(name ?? "no name")")
            #expect(result.type.conforms(to: .audio))
        }
    }

    @Test func onlyA16BitWaveformWithAPlausibleRateIsAudio() throws {
        let bytes = try B.bytes(ofFixture: "audio.htk")
        // Feature kinds (MFCC is 6; qualifiers in the high bits) are analysis data, not sound.
        #expect(Self.sniff(B.patched(bytes, at: 10, [0, 6])) == nil)
        #expect(Self.sniff(B.patched(bytes, at: 10, [0x01, 0x00])) == nil)
        // Four-byte samples are no waveform of HTK's.
        #expect(Self.sniff(B.patched(bytes, at: 8, [0, 4])) == nil)
        // A period of 0, or over 100 ms (under 10 Hz).
        #expect(Self.sniff(B.patched(bytes, at: 4, [0, 0, 0, 0])) == nil)
        #expect(Self.sniff(B.patched(bytes, at: 4, [0, 0x0F, 0x42, 0x41])) == nil)
        #expect(Self.sniff(B.patched(bytes, at: 4, [0, 0x0F, 0x42, 0x40])) != nil)
        // No samples.
        #expect(Self.sniff(B.patched(bytes, at: 0, [0, 0, 0, 0]).prefix(12).map { $0 }) == nil)
    }
}
