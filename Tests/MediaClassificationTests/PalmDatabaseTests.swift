import MediaClassification
import Testing
import UniformTypes

private typealias B = ImageContainerTextSupport

/// Palm OS databases by their header and record list, under their own names and others.
@Suite struct PalmDatabaseTests {
    private static func sniff(_ bytes: [UInt8]) -> String? {
        BinarySniffer.sniff(SniffInput(bytes: bytes))?.identifier
    }

    private static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    private static func be32(_ value: Int) -> [UInt8] {
        [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
            UInt8(value & 0xFF),
        ]
    }

    /// A record database (or a resource database) named `name` of `kind` (type and creator)
    /// with `records`, its list followed by the 2-byte gap Palm OS writes.
    private static func database(
        name: String = "Notes",
        kind: String = "DATAmemo",
        records: [[UInt8]] = [[1, 2, 3], [4]],
        resources: Bool = false,
        nextList: Int = 0,
        gap: Int = 2,
        appInfo: [UInt8] = []
    ) -> [UInt8] {
        var header = Array(name.utf8) + [UInt8](repeating: 0, count: 32 - name.utf8.count)
        header += be16(resources ? 1 : 0) + be16(1) + be32(0xC000_0000) + be32(0xC000_0000)
        let entrySize = resources ? 10 : 8
        let listEnd = 78 + records.count * entrySize
        header += be32(0) + be32(0) + be32(appInfo.isEmpty ? 0 : listEnd + gap) + be32(0)
        header += Array(kind.utf8) + be32(0) + be32(nextList) + be16(records.count)
        var offset = listEnd + gap + appInfo.count
        var list: [UInt8] = []
        for (index, record) in records.enumerated() {
            list +=
                resources
                ? Array("tSTR".utf8) + be16(index) + be32(offset)
                : be32(offset) + [0x40, 0, 0, UInt8(index)]
            offset += record.count
        }
        return header + list + [UInt8](repeating: 0, count: gap) + appInfo + records.flatMap { $0 }
    }

    @Test func theFixtureWholeCutAndRenamed() throws {
        let bytes = try B.bytes(ofFixture: "palm.pdb")
        #expect(Self.sniff(bytes) == "com.palm.database")
        // The record list ends at 86 and its one record starts there.
        for cut in 0..<86 {
            #expect(Self.sniff(Array(bytes.prefix(cut))) == nil, "cut at \(cut)")
        }
        let classifier = Classifier(registry: .builtinOnly)
        for name in [nil, "image.pdb", "app.prc", "renamed.bin"] as [String?] {
            let result = try classifier.classify(bytes: bytes, fileName: name)
            #expect(result.type.identifier == "com.palm.database", "as \(name ?? "no name")")
            #expect(result.mimeType == "application/vnd.palm")
        }
    }

    @Test func recordAndResourceDatabasesAndTheirChecks() {
        #expect(Self.sniff(Self.database()) == "com.palm.database")
        #expect(Self.sniff(Self.database(resources: true)) == "com.palm.database")
        #expect(Self.sniff(Self.database(gap: 0)) == "com.palm.database")
        #expect(Self.sniff(Self.database(appInfo: [0, 0, 7, 7])) == "com.palm.database")
        // A gap of another size, a list that goes on elsewhere, no records.
        #expect(Self.sniff(Self.database(gap: 4)) == nil)
        #expect(Self.sniff(Self.database(nextList: 200)) == nil)
        #expect(Self.sniff(Self.database(records: [])) == nil)
        // The name: printable, ended by a NUL within 32 bytes, not empty.
        #expect(Self.sniff(Self.database(name: "")) == nil)
        #expect(Self.sniff(Self.database(name: "a\u{1}b")) == nil)
        #expect(Self.sniff(Self.database(name: String(repeating: "n", count: 32))) == nil)
        // Type and creator in printable ASCII.
        #expect(Self.sniff(Self.database(kind: "DATA\u{0}emo")) == nil)
        // Offsets past the file, or out of order.
        var past = Self.database()
        past.removeLast(2)
        #expect(Self.sniff(past) == nil)
        var swapped = Self.database()
        swapped.replaceSubrange(78..<82, with: Self.be32(86 + 3))
        swapped.replaceSubrange(86..<90, with: Self.be32(96))
        #expect(Self.sniff(swapped) == nil)
    }

    @Test func kindsTheDatabasesSignAreLeftToTheirSignatures() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let book = Self.database(kind: "BOOKMOBI", records: [[UInt8](repeating: 0, count: 64)])
        #expect(Self.sniff(book) == nil)
        #expect(
            try classifier.classify(bytes: book).type.identifier == "com.amazon.mobipocket-ebook"
        )
        #expect(Self.sniff(Self.database(kind: "TEXtREAd")) == nil)
    }

    /// A Palm database whose type and creator name no kind keeps its type under the names
    /// of kinds: shared-mime-info makes Mobipocket (`.prc`) and AportisDoc (`.pdb`) kinds
    /// of application/vnd.palm, and without this a name would refine any database to them.
    @Test func aPalmDatabaseUnderAKindsNameStaysOne() throws {
        let classifier = Classifier()
        let application = Self.database(kind: "applMyAp")
        for name in ["app.prc", "notes.pdb"] {
            let named = try classifier.classify(bytes: application, fileName: name)
            #expect(named.type.identifier == "com.palm.database", "\(name): \(named.detail)")
        }
        // A PalmDOC book is left to the signature that names its kind, named or not.
        let book = Self.database(name: "Book", kind: "TEXtREAd")
        for name in [nil, "book.pdb"] as [String?] {
            let named = try classifier.classify(bytes: book, fileName: name)
            #expect(named.type.identifier != "com.palm.database", "\(named.detail)")
            #expect(named.evidence == .signature, "\(named.detail)")
        }
    }

    /// The name still refines an MPEG-4 container to the kind it names: an audio-only file
    /// of brand `isom` named `.m4a` is an M4A file, as the tools that write it intend.
    @Test func anAudioMPEG4NamedM4AIsRefinedByTheName() throws {
        let audio = try B.bytes(ofFixture: "audio-isom.mp4")
        let named = try Classifier().classify(bytes: audio, fileName: "song.m4a")
        #expect(named.type.identifier == "com.apple.m4a-audio", "\(named.detail)")
        #expect(named.extensionAgrees == true)
    }
}
