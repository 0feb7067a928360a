// Image formats that ImageMagick and FFmpeg read by their content and no detection database
// names: PGX (the JPEG 2000 conformance format), CALS Type 1 raster (MIL-PRF-28002), DEC
// sixel and Alias/Wavefront PIX. A decoder opens them under any name, so a file of one of them
// with no name or the wrong one is an image and not unknown data. Each check reads the header
// the format defines and, where the magic is a few bytes or none, the data it announces.

extension RasterImageSniffer {
    /// The most bytes of a sixel body checked to be sixel data.
    static let sixelScanLimit = 4096

    /// Classifies PGX, CALS, sixel or Alias PIX, or returns `nil`.
    package static func sniffExchangeFormats(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        switch head.first {
        case UInt8(ascii: "P"): return pgx(head, fileSize: fileSize)
        case 0x1B, 0x90: return sixel(head, fileSize: fileSize)
        case .some(let first) where (0x61...0x7A).contains(first):
            return cals(head, fileSize: fileSize)
        default: return aliasPix(head, fileSize: fileSize)
        }
    }

    /// PGX (ISO/IEC 15444-4): one header line, `PG`, blanks, the byte order `ML` (big-endian)
    /// or `LM`, blanks and a sign (`+` or `-`, optional), the bit depth (1 to 38), the width and
    /// the height, and a line feed; then width x height samples of 1, 2 or 4 bytes (the depth
    /// rounded up), which the file must hold.
    static func pgx(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        var reader = HeaderLine(head, from: 0, limit: min(head.count, 128))
        guard reader.literal("PG"), reader.blanks(allowing: []) > 0,
            reader.literal("ML") || reader.literal("LM")
        else { return nil }
        let bigEndian = head[reader.index - 2] == UInt8(ascii: "M")
        _ = reader.blanks(allowing: [UInt8(ascii: "+"), UInt8(ascii: "-")])
        guard let depth = reader.number(), (1...38).contains(depth), reader.blanks() > 0,
            let width = reader.number(), width > 0, reader.blanks() > 0,
            let height = reader.number(), height > 0
        else { return nil }
        _ = reader.blanks()
        if reader.peek == 0x0D { reader.index += 1 }
        guard reader.peek == 0x0A else { return nil }
        let sampleBytes: UInt64 = depth <= 8 ? 1 : depth <= 16 ? 2 : 4
        let (pixels, overflow) = UInt64(width).multipliedReportingOverflow(by: UInt64(height))
        guard !overflow, pixels <= (UInt64.max - UInt64(reader.index)) / sampleBytes,
            fileSize >= UInt64(reader.index + 1) + pixels * sampleBytes
        else { return nil }
        return SniffResult(
            "org.jpeg.pgx-image",
            detail: "PGX, \(width)x\(height), \(depth) bits, \(bigEndian ? "big" : "little")-endian"
        )
    }

    /// The record names a CALS raster header may start with (MIL-PRF-28002).
    private static let calsKeys: [String] = [
        "srcdocid", "dstdocid", "txtfilid", "figid", "srcgph", "doccls", "rtype", "rorient",
        "rpelcnt", "rdensty", "notes", "version",
    ]

    /// CALS Type 1 raster: a header of 16 records of 128 bytes (2,048 bytes), each
    /// `name: value` padded with blanks, or blank; the first names one of the standard's
    /// records; `rtype` 1 or 2 and `rpelcnt` (pixels a line and lines, two numbers) among them;
    /// and image data after the header.
    static func cals(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        let recordSize = 128
        let headerSize = 16 * recordSize
        guard head.count >= headerSize, fileSize > UInt64(headerSize) else { return nil }
        let padding: Set<UInt8> = [0x20, 0x00, 0x0D, 0x0A]
        var type: Int?
        var size: (Int, Int)?
        for start in stride(from: 0, to: headerSize, by: recordSize) {
            let record = head[start..<start + recordSize]
            guard let colon = record.firstIndex(of: UInt8(ascii: ":")) else {
                guard start > 0, record.allSatisfy({ padding.contains($0) }) else { return nil }
                continue
            }
            let name = record[start..<colon]
            guard !name.isEmpty, name.allSatisfy({ (0x61...0x7A).contains($0) }),
                start > 0 || calsKeys.contains(String(decoding: name, as: UTF8.self)),
                record[(colon + 1)...].allSatisfy({
                    (0x20...0x7E).contains($0) || padding.contains($0)
                })
            else { return nil }
            var value = HeaderLine(head, from: colon + 1, limit: start + recordSize)
            _ = value.blanks()
            switch String(decoding: name, as: UTF8.self) {
            case "rtype": type = value.number()
            case "rpelcnt":
                guard let pels = value.number(), value.literal(","), let lines = value.number()
                else { return nil }
                size = (pels, lines)
            default: break
            }
        }
        guard let type, (1...2).contains(type), let size, size.0 > 0, size.1 > 0 else {
            return nil
        }
        return SniffResult(
            "mil.dod.cals-raster-image",
            detail: "CALS raster type \(type), \(size.0)x\(size.1)"
        )
    }

    /// DEC sixel: a device control string, `ESC P` (or the 8-bit `DCS`), numeric parameters
    /// and `q`, then sixel data (the sixel characters `?` to `~`, colour `#`, repeat `!`,
    /// raster attributes `"`, carriage return `$`, new line `-`, digits and `;`) up to the
    /// string terminator (`ESC \` or `ST`) or past the bytes checked; at least 6 sixels.
    static func sixel(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        var index = head.first == 0x90 ? 1 : 2
        guard index == 1 || (head.count > 1 && head[1] == UInt8(ascii: "P")) else { return nil }
        let parameters = index
        while index < head.count, index - parameters < 16,
            head[index] == UInt8(ascii: ";") || (0x30...0x39).contains(head[index])
        {
            index += 1
        }
        guard index < head.count, head[index] == UInt8(ascii: "q") else { return nil }
        index += 1
        let controls: Set<UInt8> = Set("#!\"$-;0123456789\r\n".utf8)
        var sixels = 0
        var terminated = false
        let limit = min(head.count, index + sixelScanLimit)
        while index < limit {
            let byte = head[index]
            if (0x3F...0x7E).contains(byte) {
                sixels += 1
            } else if byte == 0x9C
                || (byte == 0x1B && index + 1 < head.count && head[index + 1] == 0x5C)
            {
                terminated = true
                break
            } else if !controls.contains(byte) {
                return nil
            }
            index += 1
        }
        // A body that stops short of the terminator must run past the bytes checked.
        guard sixels >= 6, terminated || (index == limit && UInt64(limit) < fileSize) else {
            return nil
        }
        return SniffResult("com.dec.sixel-image", detail: "sixel device control string")
    }

    /// Alias/Wavefront PIX, by its header and the runs of its lines.
    ///
    /// Big-endian width, height, x and y offsets and bits a pixel (24, or 8 for grey), then
    /// run-length packets of a count (1 to 255) and a blue, green and red byte (one grey byte
    /// at 8 bits) that fill each line exactly. Every line the head holds is walked (at least
    /// two, or the whole image), and an image the head holds whole must end where its last
    /// line does.
    static func aliasPix(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        guard let width = be16(head, 0), width > 0, let height = be16(head, 2), height > 0,
            let depth = be16(head, 8), depth == 24 || depth == 8
        else { return nil }
        let packet = depth == 24 ? 4 : 2
        var index = 10
        var lines = 0
        lineLoop: while lines < Int(height) {
            var filled = 0
            while filled < Int(width) {
                guard index + packet <= head.count else { break lineLoop }
                let count = Int(head[index])
                guard count > 0, filled + count <= Int(width) else { return nil }
                filled += count
                index += packet
            }
            lines += 1
        }
        let whole = lines == Int(height)
        guard lines >= 2 || whole,
            !whole || UInt64(index) == fileSize || UInt64(head.count) < fileSize
        else { return nil }
        return SniffResult(
            "com.alias.pix-image",
            detail: "Alias PIX, \(width)x\(height), \(depth) bits, \(lines) lines checked"
        )
    }
}

/// A cursor over one ASCII header line: literals, runs of blanks and decimal numbers.
struct HeaderLine {
    let bytes: [UInt8]
    var index: Int
    let limit: Int

    init(_ bytes: [UInt8], from index: Int, limit: Int) {
        self.bytes = bytes
        self.index = index
        self.limit = min(limit, bytes.count)
    }

    /// The byte at the cursor, or nil at the limit.
    var peek: UInt8? { index < limit ? bytes[index] : nil }

    /// Moves past `text` when it is next.
    mutating func literal(_ text: String) -> Bool {
        let utf8 = Array(text.utf8)
        guard index + utf8.count <= limit, bytes[index..<index + utf8.count].elementsEqual(utf8)
        else { return false }
        index += utf8.count
        return true
    }

    /// Moves past spaces, tabs and the `extra` bytes; returns how many.
    mutating func blanks(allowing extra: Set<UInt8> = []) -> Int {
        let start = index
        while let byte = peek, byte == 0x20 || byte == 0x09 || extra.contains(byte) { index += 1 }
        return index - start
    }

    /// A decimal number of at most 9 digits, or nil (the cursor stays).
    mutating func number() -> Int? {
        let start = index
        var value = 0
        var digits = 0
        while let byte = peek, (0x30...0x39).contains(byte) {
            guard digits < 9 else {
                index = start
                return nil
            }
            value = value * 10 + Int(byte - 0x30)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }
}
