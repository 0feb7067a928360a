import MediaClassification
import Testing
import UniformTypes

private typealias B = ImageContainerTextSupport

/// Movie, sound and tracker formats told by the signatures in Data/signatures-extra.xml.
///
/// FFmpeg (with libopenmpt and libgme) and SoX read them by content, and libmagic describes
/// them with no MIME type. Each header below is laid out as the format's reader checks it;
/// the SoX-made fixtures are real files.
@Suite struct ReaderFormatSignatureTests {
    let classifier = Classifier(registry: .builtinOnly)

    private static func padded(_ bytes: [UInt8], to size: Int = 600) -> [UInt8] {
        bytes + [UInt8](repeating: 0, count: max(0, size - bytes.count))
    }

    private static func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    private static func field(_ string: String, _ size: Int) -> [UInt8] {
        let bytes = Array(string.utf8)
        return bytes + [UInt8](repeating: 0, count: size - bytes.count)
    }

    static let headers: [(name: String, bytes: [UInt8], identifier: String)] = [
        (
            "Interplay MVE", text("Interplay MVE File\u{1A}\0") + [0x1A, 0, 0, 1, 0x33, 0x11],
            "com.interplay.mve-video"
        ),
        ("THP 1.0", text("THP\0") + [0, 1, 0, 0], "com.nintendo.thp-video"),
        ("THP 1.1", text("THP\0") + [0, 1, 0x10, 0], "com.nintendo.thp-video"),
        ("NuppelVideo", text("NuppelVideo\00.05"), "org.mythtv.nuppelvideo"),
        ("MythTV", text("MythTVVideo\00.07"), "org.mythtv.nuppelvideo"),
        ("ARMovie", text("ARMovie\nA film\n(c) 1994\nAuthor\n"), "com.acorn.armovie"),
        ("R3D", [0, 0, 1, 0] + text("RED2"), "com.red.r3d-video"),
        ("TwinVQ", text("TWIN97012000"), "com.ntt.twinvq-audio"),
        ("Bonk", [0] + text("BONK") + [0], "net.sourceforge.bonk-audio"),
        ("PSID", text("PSID") + [0, 2, 0, 0x7C], "com.commodore.sid-audio"),
        ("RSID", text("RSID") + [0, 3, 0, 0x7C], "com.commodore.sid-audio"),
        // Tracker modules are kinds of MOD (audio/x-mod), as the others libopenmpt reads.
        (
            "ProTracker Studio", text("PSM ") + [0xE8, 3, 0, 0] + text("FILESDFT"),
            "com.amiga.mod-audio"
        ),
        ("Symphonie", text("SymM") + [0, 0, 0, 1], "com.amiga.mod-audio"),
        ("DigiBooster", text("DIGI Booster module\0V1.7"), "com.amiga.mod-audio"),
    ]

    @Test(arguments: headers.map(\.name))
    func aHeaderIsItsFormatUnderAnyName(_ name: String) throws {
        let entry = try #require(Self.headers.first { $0.name == name })
        let bytes = Self.padded(entry.bytes)
        for fileName in [nil, "renamed.bin", "renamed.txt"] as [String?] {
            let result = try classifier.classify(bytes: bytes, fileName: fileName)
            #expect(result.type.identifier == entry.identifier, "\(name) as \(fileName ?? "-")")
            #expect(result.type.conforms(to: .audiovisualContent))
        }
    }

    @Test func theFieldsBesideEachMagicAreChecked() throws {
        func identifier(_ bytes: [UInt8]) throws -> String {
            try classifier.classify(bytes: Self.padded(bytes)).type.identifier
        }
        // THP version 2, RSID version 1 or 5 (RSID began at 2; 4 is the last).
        #expect(try identifier(Self.text("THP\0") + [0, 2, 0, 0]) != "com.nintendo.thp-video")
        #expect(try identifier(Self.text("RSID") + [0, 1]) != "com.commodore.sid-audio")
        #expect(try identifier(Self.text("RSID") + [0, 5]) != "com.commodore.sid-audio")
        // PSM without FILE at 8, Symphonie of another version.
        #expect(try identifier(Self.text("PSM ") + [0, 0, 0, 0]) != "com.amiga.mod-audio")
        #expect(try identifier(Self.text("SymM") + [0, 0, 0, 2]) != "com.amiga.mod-audio")
        // Prose that opens with a word of a magic is no module.
        let prose = Self.text("FAR from here, the text goes on about other things.\n")
        #expect(try classifier.classify(bytes: prose).type.conforms(to: .text))
    }

    @Test(arguments: [
        ("audio.txw", "com.yamaha.tx16w-audio"), ("audio.prc", "com.psion.record-audio"),
    ])
    func soxFilesAreTheirFormat(file: String, identifier: String) throws {
        let bytes = try B.bytes(ofFixture: file)
        for fileName in [nil, file, "renamed.wav"] as [String?] {
            let result = try classifier.classify(bytes: bytes, fileName: fileName)
            #expect(result.type.identifier == identifier, "\(file) as \(fileName ?? "-")")
            #expect(result.type.conforms(to: .audio))
        }
    }
}
