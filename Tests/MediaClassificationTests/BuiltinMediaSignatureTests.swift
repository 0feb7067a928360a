import MediaClassification
import Testing
import UniformTypes

/// Formats only the system's shared-mime-info database knew, or knew under a wrong name.
///
/// With the built-in signatures of `signatures-extra.xml` they are told apart without it, as
/// declared types. Each header is built from its format's definition, padded with bytes that
/// no other rule reads and that are not text (a head of text is not read for a binary
/// format's few letters); a damaged copy must not keep the type.
@Suite struct BuiltinMediaSignatureTests {
    /// A header, then `filler` to 512 bytes.
    private static func header(_ bytes: [UInt8], filler: UInt8 = 0x95) -> [UInt8] {
        bytes + [UInt8](repeating: filler, count: max(0, 512 - bytes.count))
    }

    private static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let cases: [(name: String, bytes: [UInt8], identifier: String, damaged: [UInt8])] = [
        ("Bink 1", ascii("BIKi"), "com.radgametools.bink", ascii("BIKz")),
        ("Bink 2", ascii("KB2j"), "com.radgametools.bink", ascii("KB2z")),
        ("Smacker", ascii("SMK4"), "com.radgametools.smacker", ascii("SMK3")),
        ("NSV file", ascii("NSVf"), "com.nullsoft.nsv", ascii("NSVx")),
        ("NSV stream", ascii("NSVs"), "com.nullsoft.nsv", ascii("NSV ")),
        ("Shorten", ascii("ajkg") + [2], "com.softsound.shorten", ascii("ajkg") + [9]),
        ("MO3", ascii("MO3") + [2], "com.un4seen.mo3", ascii("MO3") + [9]),
        ("XMF", ascii("XMF_2.00"), "org.midi.xmf", ascii("XMF_v2.0")),
        (
            "XI", ascii("Extended Instrument: piano"), "com.triton.fasttracker-xi",
            ascii("Extended instrument: piano")
        ),
        (
            "KTX", [0xAB] + ascii("KTX 11") + [0xBB, 0x0D, 0x0A, 0x1A, 0x0A], "org.khronos.ktx",
            [0xAB] + ascii("KTX 11") + [0xBB, 0x0D, 0x0A, 0x0A, 0x0A]
        ),
        (
            "KTX 2", [0xAB] + ascii("KTX 20") + [0xBB, 0x0D, 0x0A, 0x1A, 0x0A], "org.khronos.ktx2",
            [0xAB] + ascii("KTX 21") + [0xBB, 0x0D, 0x0A, 0x1A, 0x0A]
        ),
        (
            "Audible AA", [0, 0, 0x10, 0, 0x57, 0x90, 0x75, 0x36], "com.audible.aa-audiobook",
            [0, 0, 0x10, 0, 0x57, 0x90, 0x75, 0x37]
        ),
        // Tika files `xar!` under Xara graphics, whose files begin `XARA`: the XAR rule, with
        // its header size and version, outranks it; without them XAR is not claimed.
        (
            "XAR", ascii("xar!") + [0, 0x1C, 0, 1], "com.apple.xar-archive",
            ascii("xar!") + [0, 0x1C, 0, 2]
        ),
    ]

    @Test(arguments: cases.map(\.name))
    func knownWithoutTheSystemDatabase(_ name: String) throws {
        let entry = try #require(Self.cases.first { $0.name == name })
        let classifier = Classifier(registry: .builtinOnly)
        let found = try classifier.classify(bytes: Self.header(entry.bytes))
        #expect(found.type.identifier == entry.identifier, "\(name): \(found.detail)")
        #expect(found.evidence == .signature)
        let damaged = try classifier.classify(bytes: Self.header(entry.damaged))
        #expect(damaged.type.identifier != entry.identifier, "\(name) damaged: \(damaged.detail)")
    }

    /// The family a picker filters by: a declared kind of movie, audio or image.
    @Test func theNewTypesAreOfTheirFamilies() throws {
        for (identifier, family) in [
            ("com.radgametools.bink", UTType.movie), ("com.radgametools.smacker", .movie),
            ("com.nullsoft.nsv", .movie), ("com.softsound.shorten", .audio),
            ("com.un4seen.mo3", .audio), ("org.midi.xmf", .audio),
            ("com.triton.fasttracker-xi", .audio), ("org.khronos.ktx", .image),
            ("org.khronos.ktx2", .image), ("org.lzop.lzop-archive", .archive),
        ] {
            let type = try #require(UTType(identifier))
            #expect(type.conforms(to: family), "\(identifier)")
        }
    }
}
