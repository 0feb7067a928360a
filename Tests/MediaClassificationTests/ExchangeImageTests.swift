import MediaClassification
import Testing
import UniformTypes

private typealias B = ImageContainerTextSupport

/// The image formats ImageMagick and FFmpeg read by content that no database names (PGX,
/// CALS raster, DEC sixel, Alias PIX): the fixtures whole, cut, damaged and renamed, and each
/// check switched off by bytes that break it.
@Suite struct ExchangeImageTests {
    /// Each fixture, its type and the shortest prefix that is still that format.
    static let fixtures: [(file: String, identifier: String, shortest: Int?)] = [
        ("image.pgx", "org.jpeg.pgx-image", nil),
        ("image.cals", "mil.dod.cals-raster-image", 2049),
        ("image.sixel", "com.dec.sixel-image", nil),
        // The header and two whole lines of one 16-pixel run each.
        ("image.pix", "com.alias.pix-image", 18),
    ]

    private static func raster(_ bytes: [UInt8], fileSize: Int? = nil) -> String? {
        let size = UInt64(fileSize ?? bytes.count)
        return RasterImageSniffer.sniffExchangeFormats(bytes, fileSize: size)?.identifier
    }

    private static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: fixtures.map(\.file))
    func fixtureWholeCutDamagedAndRenamed(_ file: String) throws {
        let entry = try #require(Self.fixtures.first { $0.file == file })
        let bytes = try B.bytes(ofFixture: file)
        #expect(Self.raster(bytes) == entry.identifier)
        // A cut file is refused until it holds what the check reads (all of it when nil).
        for cut in 0..<(entry.shortest ?? bytes.count) {
            #expect(Self.raster(Array(bytes.prefix(cut))) != entry.identifier, "cut at \(cut)")
        }
        if let shortest = entry.shortest {
            #expect(Self.raster(Array(bytes.prefix(shortest))) == entry.identifier)
        }
        try B.expectImageWhateverItsName(
            bytes,
            identifier: entry.identifier,
            file: file,
            seed: 0x6578_6368
        )
    }

    @Test func pgxReadsItsHeaderLineAndNeedsItsSamples() {
        let samples = [UInt8](repeating: 0x40, count: 256)
        func pgx(_ header: String, _ data: [UInt8] = samples) -> String? {
            Self.raster(Self.ascii(header) + data)
        }
        #expect(pgx("PG ML + 8 16 16\n") == "org.jpeg.pgx-image")
        #expect(pgx("PG LM +8 16 16\n") == "org.jpeg.pgx-image")
        #expect(pgx("PG\tML 8 16 16 \r\n") == "org.jpeg.pgx-image")
        #expect(pgx("PG ML -8 16 16\n") == "org.jpeg.pgx-image")
        #expect(pgx("PGML + 8 16 16\n") == nil)
        #expect(pgx("PG MM + 8 16 16\n") == nil)
        #expect(pgx("PG ML + 0 16 16\n") == nil)
        #expect(pgx("PG ML + 39 16 16\n") == nil)
        #expect(pgx("PG ML + 8 0 16\n") == nil)
        #expect(pgx("PG ML + 8 16\n") == nil)
        #expect(pgx("PG ML + 8 16 16 x\n") == nil)
        #expect(pgx("PG ML + 8 16 16") == nil)
        #expect(pgx("PG ML + 8 16 16\n", Array(samples.dropLast())) == nil)
        // 12 bits a sample take two bytes each.
        #expect(pgx("PG ML + 12 16 16\n") == nil)
        #expect(pgx("PG ML + 12 16 16\n", samples + samples) == "org.jpeg.pgx-image")
        // Sizes past nine digits, or whose product overflows, are refused.
        #expect(pgx("PG ML + 8 9999999999 16\n") == nil)
        #expect(pgx("PG ML + 32 999999999 999999999\n") == nil)
        // A portable float map starts with P too, and keeps its own reading.
        #expect(
            RasterImageSniffer.sniff(SniffInput(bytes: Self.ascii("PG ML + 8 16 16\n") + samples))?
                .identifier == "org.jpeg.pgx-image"
        )
    }

    /// A CALS header of `records` (padded to 128 bytes each, blank records to 16) and data.
    private static func calsFile(_ records: [String], data: [UInt8] = [0x26, 0xA0, 0x00]) -> [UInt8]
    {
        var bytes: [UInt8] = []
        for index in 0..<16 {
            let text = index < records.count ? ascii(records[index]) : []
            bytes += text + [UInt8](repeating: 0x20, count: 128 - text.count)
        }
        return bytes + data
    }

    @Test func calsNeedsItsRecordsTypeAndSize() throws {
        let standard = [
            "srcdocid: NONE", "dstdocid: NONE", "rtype: 1", "rorient: 000,270",
            "rpelcnt: 000016,000016", "rdensty: 0200",
        ]
        #expect(Self.raster(Self.calsFile(standard)) == "mil.dod.cals-raster-image")
        #expect(Self.raster(Self.calsFile(Array(standard[2...]))) == "mil.dod.cals-raster-image")
        // The first record must be one of the standard's.
        #expect(Self.raster(Self.calsFile(["title: x"] + standard)) == nil)
        #expect(Self.raster(Self.calsFile(["SRCDOCID: NONE"] + standard[1...])) == nil)
        // The raster type and size are required, well formed.
        #expect(Self.raster(Self.calsFile(standard.filter { !$0.hasPrefix("rtype") })) == nil)
        #expect(Self.raster(Self.calsFile(standard.filter { !$0.hasPrefix("rpelcnt") })) == nil)
        #expect(
            Self.raster(Self.calsFile(standard.map { $0.hasPrefix("rtype") ? "rtype: 3" : $0 }))
                == nil
        )
        #expect(
            Self.raster(
                Self.calsFile(standard.map { $0.hasPrefix("rpelcnt") ? "rpelcnt: 16 16" : $0 })
            ) == nil
        )
        // Every record is a name and a value, or blank: data inside the header is refused.
        #expect(Self.raster(Self.calsFile(standard + ["\u{1}\u{2}binary"])) == nil)
        #expect(Self.raster(Self.calsFile(standard + ["notes: caf\u{E9}"])) == nil)
        // The data must follow the 2,048-byte header.
        #expect(Self.raster(Self.calsFile(standard, data: [])) == nil)
        let image = try B.bytes(ofFixture: "image.cals")
        #expect(Self.raster(Array(image.prefix(2048)), fileSize: 4096) != nil)
        #expect(Self.raster(Array(image.prefix(2047)), fileSize: 4096) == nil)
    }

    @Test func sixelNeedsItsIntroducerAndSixelData() {
        let body = "\"1;1;4;2#0;2;0;0;0#0~~@@vv-\u{1B}\\"
        #expect(Self.raster(Self.ascii("\u{1B}Pq" + body)) == "com.dec.sixel-image")
        #expect(Self.raster(Self.ascii("\u{1B}P0;0;8q" + body)) == "com.dec.sixel-image")
        #expect(Self.raster([0x90] + Self.ascii("q" + body)) == "com.dec.sixel-image")
        // Other device control strings: a status request, tmux's passthrough.
        #expect(Self.raster(Self.ascii("\u{1B}P$q" + body)) == nil)
        #expect(Self.raster(Self.ascii("\u{1B}Ptmux;" + body)) == nil)
        // Bytes that are no sixel data, too few sixels, no terminator where the file ends.
        #expect(Self.raster(Self.ascii("\u{1B}Pq#0 ~~@@vv\u{1B}\\")) == nil)
        #expect(Self.raster(Self.ascii("\u{1B}Pq#0~~@@v\u{1B}\\")) == nil)
        #expect(Self.raster(Self.ascii("\u{1B}Pq" + body.dropLast(2))) == nil)
        // A body longer than the bytes checked is taken; a shorter one must be terminated.
        let long = Self.ascii("\u{1B}Pq" + String(repeating: "~", count: 5000))
        #expect(Self.raster(long) == "com.dec.sixel-image")
        #expect(Self.raster(Array(long.prefix(4000))) == nil)
        #expect(Self.raster(Array(long.prefix(4000)), fileSize: 8000) == "com.dec.sixel-image")
    }

    /// An Alias PIX header and `packets` of (count, value) at 8 bits or (count, b, g, r).
    private static func pix(
        width: UInt16,
        height: UInt16,
        depth: UInt16 = 24,
        packets: [[UInt8]]
    ) -> [UInt8] {
        func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        return be16(width) + be16(height) + be16(0) + be16(0) + be16(depth) + packets.flatMap { $0 }
    }

    @Test func aliasPixWalksItsRunsLineByLine() throws {
        let line: [[UInt8]] = [[3, 1, 2, 3], [1, 4, 5, 6]]
        #expect(Self.raster(Self.pix(width: 4, height: 2, packets: line + line)) != nil)
        #expect(
            Self.raster(
                Self.pix(width: 4, height: 2, depth: 8, packets: [[4, 9], [2, 1], [2, 7]])
            )
                == "com.alias.pix-image"
        )
        #expect(Self.raster(Self.pix(width: 4, height: 2, depth: 16, packets: line + line)) == nil)
        #expect(Self.raster(Self.pix(width: 0, height: 2, packets: line + line)) == nil)
        // A run may not cross the end of a line, nor be empty.
        #expect(
            Self.raster(Self.pix(width: 4, height: 2, packets: [[5, 1, 2, 3], [3, 1, 1, 1]])) == nil
        )
        #expect(
            Self.raster(Self.pix(width: 4, height: 2, packets: [[0, 1, 2, 3]] + line + line)) == nil
        )
        // A whole image in a file that goes on is refused; one line of a longer image too.
        #expect(
            Self.raster(Self.pix(width: 4, height: 2, packets: line + line + [[1, 0, 0, 0]])) == nil
        )
        #expect(Self.raster(Self.pix(width: 4, height: 3, packets: line)) == nil)
        #expect(Self.raster(Self.pix(width: 4, height: 3, packets: line + line)) != nil)
        // The whole fixture, and again as the head of a larger file.
        let image = try B.bytes(ofFixture: "image.pix")
        #expect(Self.raster(image, fileSize: image.count + 100) == "com.alias.pix-image")
    }
}
