/// Fonts in the sfnt container (TrueType and OpenType) and TrueType collections, told by their
/// table directory rather than by the four-byte version alone; Type 1 fonts, ASCII or binary;
/// and font suitcases and LWFN fonts saved as resource forks.
///
/// A TrueType font opens with the version `00 01 00 00`, which Tika and shared-mime-info take
/// as the whole signature; many binary headers start so (a font's own `head` table, saved on
/// its own, does). The directory that follows is what makes a font: a table count, then one
/// 16-byte record a table, each a four-letter tag, a checksum, an offset past the directory
/// and a length (OpenType specification, "Organization of an OpenType font").
package enum FontSniffer {
    /// The most tables a font declares here; real fonts have a few dozen.
    static let maximumTables = 1024

    /// Tables that every TrueType or OpenType font has, or that say which outlines it holds;
    /// one of them must be among the records read.
    static let knownTags: Set<UInt32> = Set(
        ["cmap", "head", "hhea", "hmtx", "maxp", "name", "post", "OS/2", "glyf", "loca", "CFF "]
            .map { tag in tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    )

    /// Decides a font by its directory, or returns nil.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        if let type1 = type1Font(input) { return type1 }
        if let fork = resourceForkFont(input) { return fork }
        guard let version = ByteFields.u32(head, 0, littleEndian: false) else { return nil }
        switch version {
        case 0x0001_0000, 0x7472_7565:  // 1.0, or "true" (Apple's TrueType)
            guard let tables = directory(head, at: 0) else { return nil }
            return SniffResult(
                "public.truetype-ttf-font",
                detail:
                    "sfnt version \(version == 0x7472_7565 ? "'true'" : "1.0"), \(tables) tables"
            )
        case 0x4F54_544F:  // "OTTO": OpenType with CFF outlines
            guard let tables = directory(head, at: 0) else { return nil }
            return SniffResult(
                "public.opentype-font",
                detail: "sfnt version 'OTTO', \(tables) tables"
            )
        case 0x7474_6366:  // "ttcf"
            return collection(head)
        default:
            return nil
        }
    }

    /// The headers a Type 1 font program opens with (Adobe Type 1 Font Format, section 2.4):
    /// `%!PS-AdobeFont-1.0: Name version` or `%!FontType1-1.0: Name version`.
    static let type1Headers = [Array("%!PS-AdobeFont-1.".utf8), Array("%!FontType1-1.".utf8)]

    /// A Type 1 font, in either of its two files.
    ///
    /// The ASCII program (PFA) opens with its header; the binary one (PFB, Adobe Technical
    /// Note 5040) wraps it in segments, each a 0x80 byte, a type (1 for ASCII, 2 for binary,
    /// 3 at the end) and a little-endian 32-bit length, so the header follows a first ASCII
    /// segment's six bytes. Tika and shared-mime-info name both the same font type; the
    /// files are not interchangeable.
    static func type1Font(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        for header in type1Headers where ByteFields.matches(head, at: 0, header) {
            return SniffResult("com.adobe.postscript-pfa-font", detail: "Type 1 font header")
        }
        guard head.count > 6, head[0] == 0x80, head[1] == 0x01,
            let length = ByteFields.u32(head, 2, littleEndian: true),
            length > 0, UInt64(length) + 6 <= input.fileSize,
            type1Headers.contains(where: { ByteFields.matches(head, at: 6, $0) })
        else { return nil }
        return SniffResult(
            "com.adobe.postscript-pfb-font",
            detail: "PFB ASCII segment of \(length) bytes, Type 1 font header"
        )
    }

    /// A Macintosh resource fork saved as a file's data (a `.dfont` suitcase, an LWFN
    /// PostScript font), by the resource types its map lists (Inside Macintosh: More
    /// Macintosh Toolbox, "Resource Manager", the resource fork's format).
    ///
    /// The header gives the data's and the map's offsets and lengths (big-endian); the map
    /// names its type list's offset at 24, and the list holds the count less one, then
    /// eight-byte entries that open with the four-letter type. A suitcase holds `sfnt`
    /// resources, an LWFN font `POST` resources. The map usually ends the file, past the
    /// head of any real suitcase: it is read there, at most ``maximumMapRead`` bytes of it.
    /// Other resource forks are neither.
    static func resourceForkFont(_ input: SniffInput) -> SniffResult? {
        guard let map = resourceMap(input.head, fileSize: input.fileSize) else { return nil }
        let wanted = min(map.length, maximumMapRead)
        let bytes: [UInt8]
        if map.offset + wanted <= input.head.count {
            bytes = Array(input.head[map.offset..<(map.offset + wanted)])
        } else if let read = input.read(at: UInt64(map.offset), count: wanted) {
            bytes = read
        } else {
            return nil
        }
        guard let types = resourceTypes(map: bytes, length: map.length) else { return nil }
        if types.contains("sfnt") {
            return SniffResult(
                "com.apple.truetype-datafork-suitcase-font",
                detail: "resource fork with sfnt resources"
            )
        }
        if types.contains("POST") {
            return SniffResult(
                "com.adobe.postscript-lwfn-font",
                detail: "resource fork with POST resources"
            )
        }
        return nil
    }

    /// The most bytes of a resource map read: the type list comes first in it, and a font
    /// suitcase lists a few types.
    static let maximumMapRead = 4096

    /// The resource types a resource fork's map lists, when the head holds a resource fork
    /// whose data starts at 256 and whose map it holds; nil otherwise.
    static func resourceTypes(_ head: [UInt8], fileSize: UInt64) -> [String]? {
        guard let map = resourceMap(head, fileSize: fileSize), map.offset < head.count else {
            return nil
        }
        let end = min(head.count, map.offset + map.length)
        return resourceTypes(map: Array(head[map.offset..<end]), length: map.length)
    }

    /// The map's offset and length, when the header is a resource fork's whose data starts
    /// at 256 and whose map lies after its data, inside the file.
    private static func resourceMap(
        _ head: [UInt8],
        fileSize: UInt64
    ) -> (offset: Int, length: Int)? {
        guard ByteFields.u32(head, 0, littleEndian: false) == 256,
            let mapOffset = ByteFields.u32(head, 4, littleEndian: false).map(Int.init),
            let dataLength = ByteFields.u32(head, 8, littleEndian: false).map(Int.init),
            let mapLength = ByteFields.u32(head, 12, littleEndian: false).map(Int.init),
            mapOffset >= 256 + dataLength, mapLength >= 30,
            UInt64(mapOffset) + UInt64(mapLength) <= fileSize
        else { return nil }
        return (mapOffset, mapLength)
    }

    /// The types a map lists: `map` holds its first bytes, `length` is its whole length.
    private static func resourceTypes(map: [UInt8], length: Int) -> [String]? {
        guard let listOffset = ByteFields.u16(map, 24, littleEndian: false).map(Int.init),
            listOffset < length,
            let last = ByteFields.u16(map, listOffset, littleEndian: false)
        else { return nil }
        let count = Int(last) + 1
        let entries = listOffset + 2
        guard listOffset + 2 + 8 * count <= length, entries + 8 * count <= map.count else {
            return nil
        }
        return (0..<count).map { index in
            let start = entries + 8 * index
            return String(decoding: map[start..<(start + 4)], as: UTF8.self)
        }
    }

    /// The table count of the sfnt directory at `start`, when its records read as a font's.
    ///
    /// A font's records have printable tags, offsets past the directory, and at least one
    /// table every font has. Only the records within the head are read; a font is not
    /// required to end in it (a stream's prefix may hold only the directory).
    static func directory(_ head: [UInt8], at start: Int) -> Int? {
        guard let count = ByteFields.u16(head, start + 4, littleEndian: false).map(Int.init),
            (1...maximumTables).contains(count)
        else { return nil }
        let directoryEnd = UInt64(start + 12 + 16 * count)
        var sawKnownTag = false
        var read = 0
        var record = start + 12
        while read < count, record + 16 <= head.count {
            guard let tag = ByteFields.u32(head, record, littleEndian: false),
                let offset = ByteFields.u32(head, record + 8, littleEndian: false)
            else { return nil }
            for shift in stride(from: 24, through: 0, by: -8) {
                guard (0x20...0x7E).contains((tag >> UInt32(shift)) & 0xFF) else { return nil }
            }
            guard UInt64(offset) >= directoryEnd else { return nil }
            if knownTags.contains(tag) { sawKnownTag = true }
            read += 1
            record += 16
        }
        return read > 0 && sawKnownTag ? count : nil
    }

    /// A TrueType collection: "ttcf", version 1.0 or 2.0, the font count and one offset per
    /// font; the first font's directory is checked when its first record lies in the head.
    static func collection(_ head: [UInt8]) -> SniffResult? {
        guard let major = ByteFields.u16(head, 4, littleEndian: false), major == 1 || major == 2,
            ByteFields.u16(head, 6, littleEndian: false) == 0,
            let fonts = ByteFields.u32(head, 8, littleEndian: false),
            (1...UInt32(maximumTables)).contains(fonts),
            let first = ByteFields.u32(head, 12, littleEndian: false),
            UInt64(first) >= 12 + 4 * UInt64(fonts)
        else { return nil }
        // The first font is checked when the head holds its header and one table record.
        if Int(first) + 28 <= head.count {
            guard let version = ByteFields.u32(head, Int(first), littleEndian: false),
                [0x0001_0000, 0x7472_7565, 0x4F54_544F].contains(version),
                directory(head, at: Int(first)) != nil
            else { return nil }
        }
        return SniffResult(
            "public.truetype-collection-font",
            detail: "TrueType collection, version \(major).0, \(fonts) fonts"
        )
    }
}
