import Foundation
import TestSupport
import Testing
import UniformTypes

/// Bytes of a string, for heads.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The host-order bytes of a 32-bit or 16-bit word, as a `host32`/`host16` rule sees them.
private func hostBytes<Word: FixedWidthInteger>(_ word: Word) -> [UInt8] {
    withUnsafeBytes(of: word) { Array($0) }
}

@Suite(
    "SystemMIMEDatabase magic against the system's mime.cache",
    .enabled(if: MIMEFixtures.hasSystemCache, "no /usr/share/mime/mime.cache on this machine")
)
struct SystemMIMEMagicTests {
    let database: SystemMIMEDatabase

    init() throws {
        database = try SystemMIMEDatabase(cachePaths: [MIMEFixtures.systemCachePath])
    }

    static let serviceTie = ["text/x-dbus-service", "text/x-systemd-unit"]
    static let systemdUnit = bytes("[Unit]\nDescription=x\n[Service]\n")
    static let dbusService = bytes("[D-BUS Service]\nName=org.example\n")

    @Test("a systemd unit head breaks the *.service tie for text/x-systemd-unit")
    func systemdUnit() {
        let types = database.magicMatches(Self.systemdUnit).map(\.mimeType)
        #expect(types.contains("text/x-systemd-unit"))
        #expect(!types.contains("text/x-dbus-service"))
        #expect(
            database.mimeType(matching: Self.systemdUnit, among: Self.serviceTie)
                == "text/x-systemd-unit"
        )
        #expect(
            database.mimeType(matching: Self.systemdUnit, among: Self.serviceTie.reversed())
                == "text/x-systemd-unit"
        )
        // A unit whose first section is not at the start: `\n[Service]\n` within 256 bytes.
        let later = bytes("# comment\n\n[Service]\nExecStart=/bin/true\n")
        #expect(database.mimeType(matching: later, among: Self.serviceTie) == "text/x-systemd-unit")
        // The glob tie is real: both types claim the name at the same weight.
        #expect(Set(database.mimeTypes(forFileName: "a.service")) == Set(Self.serviceTie))
    }

    /// The HTML rules' `<head`, `<title`, `<script` values stand for those elements, not
    /// for longer names that begin with them.
    @Test("a start tag's value does not match inside a longer element name")
    func startTagsMatchWholeNames() {
        for head in ["<headline>Markets</headline>\n", "<x>\n<titleInfo>T</titleInfo>\n</x>\n"] {
            let types = database.magicMatches(bytes(head)).map(\.mimeType)
            #expect(!types.contains("text/html"), "\(head): \(types)")
        }
        for head in ["<x>\n<title>T</title>\n</x>\n", "<x>\n<script src=a.js></script>\n"] {
            let types = database.magicMatches(bytes(head)).map(\.mimeType)
            #expect(types.contains("text/html"), "\(head): \(types)")
        }
    }

    @Test("a D-Bus service head breaks the *.service tie for text/x-dbus-service")
    func dbusService() {
        let types = database.magicMatches(Self.dbusService).map(\.mimeType)
        #expect(types.contains("text/x-dbus-service"))
        #expect(!types.contains("text/x-systemd-unit"))
        #expect(
            database.mimeType(matching: Self.dbusService, among: Self.serviceTie)
                == "text/x-dbus-service"
        )
    }

    @Test("a head that no candidate's magic matches decides nothing")
    func noDecision() {
        let prose = bytes("Nothing in this text looks like a unit or a service.\n")
        #expect(database.mimeType(matching: prose, among: Self.serviceTie) == nil)
        #expect(database.mimeType(matching: Self.systemdUnit, among: []) == nil)
        #expect(database.magicMatches([]).isEmpty)
        // "[Unit]" without its newline: the rule's value runs past the head.
        #expect(database.mimeType(matching: bytes("[Unit]"), among: Self.serviceTie) == nil)
    }

    @Test("PNG and PDF heads match image/png and application/pdf")
    func pngAndPDF() {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += [0, 0, 0, 13] + bytes("IHDR") + [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]
        let pngMatches = database.magicMatches(png)
        #expect(pngMatches.first?.mimeType == "image/png")
        #expect(pngMatches.first?.priority == 50)

        let pdf = bytes("%PDF-1.7\n%\u{E2}\u{E3}\n1 0 obj\n<< /Type /Catalog >>\nendobj\n")
        #expect(database.magicMatches(pdf).map(\.mimeType).contains("application/pdf"))
        // `%PDF-` may start anywhere in the first 1025 bytes.
        let late = [UInt8](repeating: 0x20, count: 1000) + pdf
        #expect(database.magicMatches(late).map(\.mimeType).contains("application/pdf"))
        let tooLate = [UInt8](repeating: 0x20, count: 1030) + pdf
        #expect(!database.magicMatches(tooLate).map(\.mimeType).contains("application/pdf"))

        #expect(!database.magicMatches(pdf).map(\.mimeType).contains("image/png"))
        #expect(!database.magicMatches(png).map(\.mimeType).contains("application/pdf"))
    }

    @Test("matches are canonical, unique and ordered by priority")
    func ordering() {
        // An M3U8 playlist: application/vnd.apple.mpegurl (70, nested) and audio/x-mpegurl.
        let playlist = bytes("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\na.ts\n")
        let matches = database.magicMatches(playlist)
        #expect(matches.map(\.priority) == matches.map(\.priority).sorted(by: >))
        #expect(Set(matches.map(\.mimeType)).count == matches.count)
        #expect(matches.first?.mimeType == "application/vnd.apple.mpegurl")
        #expect(matches.first?.priority == 70)
        #expect(matches.map(\.mimeType).contains("audio/x-mpegurl"))
        // Without the nested line only the plain playlist matches.
        let plain = database.magicMatches(bytes("#EXTM3U\n#EXTINF:10,\na.mp3\n"))
        #expect(!plain.map(\.mimeType).contains("application/vnd.apple.mpegurl"))
        for match in matches {
            #expect(database.canonicalMIMEType(for: match.mimeType) == match.mimeType)
        }
    }

    @Test("magicExtent is the cache's max_extent")
    func extent() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: MIMEFixtures.systemCachePath))
        let cache = [UInt8](data)
        func u32(_ offset: Int) -> Int {
            (0..<4).reduce(0) { $0 << 8 | Int(cache[offset + $1]) }
        }
        #expect(database.magicExtent == min(u32(u32(24) + 4), 1 << 20))
        #expect(database.magicExtent > 0)
    }

    /// GIO (`gio info`) is the reference: for files whose names tie between several types,
    /// wherever our magic decides, it must decide as GIO does.
    @Test(
        "decides glob ties as gio does",
        .enabled(
            if: hasGIO,
            "gio (libglib2.0-bin) is not installed"
        )
    )
    func agreesWithGIO() throws {
        var transportStream = [UInt8](repeating: 0xFF, count: 188 * 6)
        for packet in 0..<6 { transportStream[188 * packet] = 0x47 }
        let samples: [(name: String, head: [UInt8])] = [
            ("unit.service", Self.systemdUnit),
            ("bus.service", Self.dbusService),
            ("video.ts", transportStream),
            (
                "strings.ts",
                bytes(
                    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!DOCTYPE TS>\n<TS version=\"2.1\">\n"
                )
            ),
            ("messages.mo", [0xDE, 0x12, 0x04, 0x95] + [UInt8](repeating: 0, count: 24)),
            ("view.m", bytes("#import <Foundation/Foundation.h>\nint main(void) { return 0; }\n")),
            ("solve.m", bytes("function y = solve(x)\n  y = x * 2;\nend\n")),
            ("live.m3u8", bytes("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\na.ts\n")),
            ("songs.m3u", bytes("#EXTM3U\n#EXTINF:123,Artist - Title\nsong.mp3\n")),
        ]
        let folder = try MIMEFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var decided = 0
        for sample in samples {
            let candidates = database.mimeTypes(forFileName: sample.name)
            #expect(candidates.count > 1, "\(sample.name) is no glob tie: \(candidates)")
            guard let ours = database.mimeType(matching: sample.head, among: candidates) else {
                continue
            }
            decided += 1
            let url = folder.appendingPathComponent(sample.name)
            try Data(sample.head).write(to: url)
            let gio = try gioContentType(of: url.path)
            #expect(ours == gio, "\(sample.name): ours \(ours), gio \(gio)")
        }
        #expect(decided == samples.count)
    }
}

@Suite(
    "SystemMIMEDatabase magic against a cache compiled from Fixtures/mime",
    .enabled(
        if: MIMEFixtures.hasUpdateTool,
        "update-mime-database (shared-mime-info) is not installed"
    )
)
final class FixtureMIMEMagicTests: CompiledFixtureSuite {

    private func types(_ head: [UInt8]) -> [String] { database.magicMatches(head).map(\.mimeType) }

    @Test("a nested matchlet is tried within its range, only under a matching parent")
    func nested() {
        let tarFoo = "application/x-mediatype-tar-foo"
        let foo = "application/x-mediatype-foo"
        let both = database.magicMatches(bytes("MTFOO...TAR"))
        #expect(both.map(\.mimeType) == [tarFoo, foo])
        #expect(both.map(\.priority) == [70, 60])
        // offset="8:16": TAR may start at 8 through 16.
        #expect(types(bytes("MTFOO" + String(repeating: ".", count: 11) + "TAR")) == [tarFoo, foo])
        #expect(types(bytes("MTFOO" + String(repeating: ".", count: 12) + "TAR")) == [foo])
        #expect(types(bytes("MTFOO.TAR")) == [foo])
        #expect(types(bytes("xTFOO...TAR")).isEmpty)
        #expect(types(bytes("MTFO")).isEmpty)
        #expect(types(bytes("MTFOO...TA")) == [foo])
    }

    @Test("a string is found anywhere in its range, and must fit in the head")
    func range() {
        let qmlx = "text/x-mediatype-qmlx"
        #expect(types(bytes("import MT")) == [qmlx])
        #expect(types(bytes(String(repeating: " ", count: 64) + "import MT")) == [qmlx])
        #expect(types(bytes(String(repeating: " ", count: 65) + "import MT")).isEmpty)
        #expect(types(bytes(String(repeating: " ", count: 60) + "import M")).isEmpty)
        // Several rules match: the highest priority comes first.
        let both = database.magicMatches(bytes("MTBASE\nimport MT"))
        #expect(both.map(\.mimeType) == [qmlx, "text/x-mediatype-base"])
        #expect(both.map(\.priority) == [50, 40])
    }

    @Test("host16 and host32 values compare in host byte order, masks apply per word")
    func hostWords() {
        let heavy = "application/x-mediatype-heavy"
        let word = hostBytes(UInt32(0x4D54_4856))
        // The host16 child is 0x1200 under mask 0xff00: only the high byte counts.
        #expect(types(word + hostBytes(UInt16(0x1200))) == [heavy])
        #expect(types(word + hostBytes(UInt16(0x12AB))) == [heavy])
        #expect(types(word + hostBytes(UInt16(0x0012))).isEmpty)
        #expect(types(word).isEmpty)
        // The stored (big-endian) bytes match only where they are the host's order.
        let stored = bytes("MTHV") + [0x12, 0x00]
        let hostIsBig = 1.bigEndian == 1
        #expect(types(stored) == (hostIsBig ? [heavy] : []))
        #expect(database.magicMatches(word + hostBytes(UInt16(0x1200))).first?.priority == 80)
    }

    @Test("a string mask and a big-endian word with a mask")
    func masks() {
        let light = "application/x-mediatype-light"
        #expect(types(bytes("MTL")) == [light])
        #expect(types(bytes("MtL")) == [light])
        #expect(types(bytes("MxL")).isEmpty)
        #expect(types(bytes("mtL")).isEmpty)
        // big32 0x4D544C00 & 0xFFFFFF00 at offset 2: "MTL" then any byte.
        #expect(types(bytes("xxMTL?")) == [light])
        #expect(types(bytes("xxMTL")).isEmpty)
        #expect(database.magicMatches(bytes("xxMTL\u{7F}")).first?.priority == 30)
    }

    @Test("a candidate, a candidate derived from the match, or one the match derives from")
    func candidates() {
        let base = "text/x-mediatype-base"
        let makefile = "text/x-mediatype-makefile"
        let qmlx = "text/x-mediatype-qmlx"
        let head = bytes("MTBASE\nimport MT")
        #expect(database.mimeType(matching: head, among: [base, qmlx]) == qmlx)
        #expect(database.mimeType(matching: head, among: [makefile, base]) == base)
        // The qmlx match derives from base: base is picked, spelled as given.
        #expect(database.mimeType(matching: bytes("import MT"), among: [makefile, base]) == base)
        // Every text type is a kind of text/plain.
        #expect(
            database.mimeType(matching: bytes("import MT"), among: ["text/plain", makefile])
                == "text/plain"
        )
        // An alias is resolved, and answered as given.
        #expect(
            database.mimeType(
                matching: bytes("import MT"),
                among: [makefile, "TEXT/X-MediaType-QMLX-old"]
            ) == "TEXT/X-MediaType-QMLX-old"
        )
        // GIO's direction: the name's type derives from what the magic found.
        #expect(
            database.mimeType(
                matching: bytes("MTFOO"),
                among: ["application/x-mediatype-heavy", "application/x-mediatype-tar-foo"]
            ) == "application/x-mediatype-tar-foo"
        )
        #expect(database.mimeType(matching: bytes("MTFOO"), among: [makefile, base]) == nil)
        #expect(database.mimeType(matching: bytes("nothing"), among: [makefile, base]) == nil)
    }

    @Test("the first cache with magic for a type supplies all of it")
    func priority() throws {
        let overridePath = try MIMEFixtures.compileCache(
            packages: [
                (
                    "override.xml",
                    MIMEFixtures.package(
                        """
                        <mime-type type="text/x-mediatype-qmlx">
                          <magic priority="90"><match type="string" value="OVERRIDE" offset="0"/></magic>
                        </mime-type>
                        <mime-type type="text/x-mediatype-other">
                          <magic priority="20"><match type="string" value="MTOTHER" offset="0"/></magic>
                        </mime-type>
                        """
                    )
                )
            ],
            root: root.appendingPathComponent("override")
        )
        let first = try SystemMIMEDatabase(cachePaths: [overridePath, cachePath])
        #expect(first.magicMatches(bytes("OVERRIDE")).map(\.mimeType) == ["text/x-mediatype-qmlx"])
        #expect(first.magicMatches(bytes("OVERRIDE")).first?.priority == 90)
        #expect(first.magicMatches(bytes("import MT")).isEmpty)
        // What the first cache does not say still comes from the second.
        #expect(first.magicMatches(bytes("MTBASE")).map(\.mimeType) == ["text/x-mediatype-base"])
        #expect(first.magicMatches(bytes("MTOTHER")).map(\.mimeType) == ["text/x-mediatype-other"])
        #expect(first.magicExtent == max(database.magicExtent, 8))

        let last = try SystemMIMEDatabase(cachePaths: [cachePath, overridePath])
        #expect(last.magicMatches(bytes("import MT")).map(\.mimeType) == ["text/x-mediatype-qmlx"])
        #expect(last.magicMatches(bytes("OVERRIDE")).isEmpty)
        #expect(last.magicMatches(bytes("MTOTHER")).map(\.mimeType) == ["text/x-mediatype-other"])
    }
}

/// Caches written byte by byte, for what `update-mime-database` never writes.
@Suite("SystemMIMEDatabase magic on hand-made caches")
final class HandMadeMIMEMagicTests {
    let folder: URL

    init() throws {
        folder = try MIMEFixtures.temporaryFolder()
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A matchlet as stored: offsets are filled in by ``cache(matches:)``.
    struct Matchlet {
        var rangeStart: UInt32 = 0
        var rangeLength: UInt32 = 1
        var wordSize: UInt32 = 1
        var value: [UInt8]
        var mask: [UInt8]? = nil
        /// Children as the index of the first and a count, in the same matchlet array;
        /// a child may be the matchlet itself.
        var children: (first: Int, count: UInt32) = (0, 0)
    }

    /// A version 1.2 cache with empty lists and one magic list whose matches are
    /// (priority, type, indices of top-level matchlets) over one shared array of matchlets.
    func cache(
        matches: [(priority: UInt32, type: String, first: Int, count: UInt32)],
        matchlets: [Matchlet],
        maxExtent: UInt32 = 64
    ) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 40)
        func put(_ value: UInt32, at offset: Int) {
            for byte in 0..<4 {
                out[offset + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte))
            }
        }
        func append(_ value: UInt32) {
            out += [0, 0, 0, 0]
            put(value, at: out.count - 4)
        }
        put(0x0001_0002, at: 0)
        // An empty list at 40 for everything but the magic list; the suffix tree's first-root
        // word at 44 is 0 (no roots).
        for field in 0..<9 { put(40, at: 4 + 4 * field) }
        append(0)
        append(0)
        put(48, at: 4 + 4 * 5)
        let matchesOffset = 60
        let matchletsOffset = matchesOffset + 16 * matches.count
        let dataOffset = matchletsOffset + 32 * matchlets.count
        append(UInt32(matches.count))
        append(maxExtent)
        append(UInt32(matchesOffset))
        // Strings and values after the matchlets.
        var data: [UInt8] = []
        func store(_ bytes: [UInt8]) -> UInt32 {
            let offset = dataOffset + data.count
            data += bytes
            return UInt32(offset)
        }
        for match in matches {
            append(match.priority)
            append(store(Array(match.type.utf8) + [0]))
            append(match.count)
            append(UInt32(matchletsOffset + 32 * match.first))
        }
        for matchlet in matchlets {
            append(matchlet.rangeStart)
            append(matchlet.rangeLength)
            append(matchlet.wordSize)
            append(UInt32(matchlet.value.count))
            append(store(matchlet.value))
            append(matchlet.mask.map(store) ?? 0)
            append(matchlet.children.count)
            append(UInt32(matchletsOffset + 32 * matchlet.children.first))
        }
        return out + data
    }

    private func open(_ bytes: [UInt8], name: String) throws -> SystemMIMEDatabase {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return try SystemMIMEDatabase(cachePaths: [url.path])
    }

    @Test("the layout as the specification gives it: range, mask, word size, children")
    func layout() throws {
        let database = try open(
            cache(
                matches: [
                    (55, "application/x-range", 0, 1),
                    (65, "application/x-word", 1, 1),
                    (45, "application/x-parent", 2, 1),
                ],
                matchlets: [
                    Matchlet(rangeStart: 2, rangeLength: 3, value: bytes("AB")),
                    Matchlet(
                        wordSize: 2,
                        value: [0x12, 0x34, 0x56, 0x78],
                        mask: [0xFF, 0xFF, 0x00, 0xFF]
                    ),
                    Matchlet(value: bytes("P"), children: (3, 2)),
                    Matchlet(rangeStart: 1, value: bytes("X")),
                    Matchlet(rangeStart: 1, value: bytes("Y")),
                ]
            ),
            name: "layout.cache"
        )
        func types(_ head: [UInt8]) -> [String] { database.magicMatches(head).map(\.mimeType) }
        #expect(types(bytes("xxAB")) == ["application/x-range"])
        #expect(types(bytes("xxxxAB")) == ["application/x-range"])
        #expect(types(bytes("xxxxxAB")).isEmpty)
        #expect(types(bytes("xAB")).isEmpty)
        let words = hostBytes(UInt16(0x1234)) + hostBytes(UInt16(0x5678))
        #expect(types(words) == ["application/x-word"])
        var masked = words
        // The second word's mask is 0x00FF: its high byte (0x56) is not compared.
        let littleEndian = 1.littleEndian == 1
        masked[littleEndian ? 3 : 2] ^= 0xFF
        #expect(types(masked) == ["application/x-word"])
        masked[littleEndian ? 2 : 3] ^= 0x01  // the low byte, 0x78
        #expect(types(masked).isEmpty)
        #expect(types(bytes("PY")) == ["application/x-parent"])
        #expect(types(bytes("PX")) == ["application/x-parent"])
        #expect(types(bytes("PZ")).isEmpty)
        #expect(types(bytes("P")).isEmpty)
        #expect(database.magicExtent == 64)
        // Sorted by priority, whatever the order in the file.
        let all = database.magicMatches(bytes("PYAB"))
        #expect(all.map(\.mimeType) == ["application/x-range", "application/x-parent"])
        #expect(all.map(\.priority) == [55, 45])
        // Each match says how deep its chain went and how many value bytes it compared.
        #expect(all.map(\.depth) == [0, 1])
        #expect(all.map(\.matchedByteCount) == [2, 2])
        #expect(database.magicMatches(words).map(\.matchedByteCount) == [4])
    }

    @Test("a self-referencing, fanned-out matchlet tree ends within the work budget")
    func childBomb() throws {
        // Matchlet 0 has 64 children: matchlets 0 to 63, each the same as itself. Walked
        // without limits that is 64^32 visits.
        let bomb = Matchlet(value: bytes("B"), children: (0, 64))
        var matchlets = [Matchlet](repeating: bomb, count: 64)
        matchlets.append(Matchlet(value: bytes("B")))
        let database = try open(
            cache(
                matches: [(90, "application/x-bomb", 0, 1), (10, "application/x-fine", 64, 1)],
                matchlets: matchlets
            ),
            name: "bomb.cache"
        )
        let clock = ContinuousClock()
        var result: [SystemMIMEDatabase.MagicMatch] = []
        let elapsed = clock.measure { result = database.magicMatches(bytes("BBBB")) }
        #expect(!result.map(\.mimeType).contains("application/x-bomb"))
        // Unbounded, this would not end in the lifetime of the machine.
        #expect(elapsed < .seconds(10), "\(elapsed)")
    }

    @Test("values outside the file, odd word sizes and huge ranges match nothing")
    func corruptMatchlets() throws {
        var bytes = cache(
            matches: [
                (50, "application/x-far", 0, 1),
                (50, "application/x-size3", 1, 1),
                (50, "application/x-odd", 2, 1),
                (50, "application/x-huge", 3, 1),
            ],
            matchlets: [
                Matchlet(value: [0x41]),
                Matchlet(wordSize: 3, value: [0x41, 0x41, 0x41]),
                Matchlet(wordSize: 2, value: [0x41, 0x41, 0x41]),
                Matchlet(rangeStart: 0xFFFF_FFF0, rangeLength: 0xFFFF_FFFF, value: [0x41]),
            ]
        )
        // Point the first matchlet's value past the end of the file.
        let firstMatchlet = 60 + 16 * 4
        for (index, byte) in [UInt8](arrayLiteral: 0, 0x10, 0, 0).enumerated() {
            bytes[firstMatchlet + 16 + index] = byte
        }
        let database = try open(bytes, name: "corrupt.cache")
        #expect(database.magicMatches([UInt8](repeating: 0x41, count: 4096)).isEmpty)
    }
}
