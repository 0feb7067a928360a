// Image formats of research and game tools that Pillow reads and no detection database knows:
// SPIDER (electron microscopy), McIDAS AREA (satellite imagery), IFUNC Image Memory, IM Tools and
// the FTEX textures of Independence War 2. Each has a header whose fields are checked, as the magic
// of most is a few bytes or none.

extension RasterImageSniffer {
    /// Classifies one of the research and game image formats, or returns `nil`.
    static func sniffResearchFormats(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        if ByteFields.matches(head, at: 0, "FTEX") {
            return ftex(head, fileSize: fileSize)
        }
        if ByteFields.matches(head, at: 0, [0, 0, 0, 0, 0, 0, 0, 4]) { return mcIDASArea(head) }
        if let first = head.first, first == UInt8(ascii: "I") || first == UInt8(ascii: "N") {
            if let found = ifuncImage(head) { return found }
        }
        if let first = head.first,
            first == UInt8(ascii: "*") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
        {
            if let found = imToolsImage(head, fileSize: fileSize) { return found }
        }
        return spider(head, fileSize: fileSize)
    }

    /// FTEX texture (Independence War 2, "Texture File Format", 2001): `FTEX`, then
    /// little-endian version, width, height, mipmap count and format count, then one
    /// (format, offset) pair a format, each format 0 (DXT1) or 1 (24-bit RGB), its data past
    /// the directory.
    static func ftex(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        guard let version = le32(head, 4), version < 256,
            let width = le32(head, 8), width > 0, let height = le32(head, 12), height > 0,
            let mipmaps = le32(head, 16), (1...32).contains(mipmaps),
            let formats = le32(head, 20), (1...8).contains(formats),
            let format = le32(head, 24), format <= 1,
            let offset = le32(head, 28),
            UInt64(offset) >= 24 + 8 * UInt64(formats), UInt64(offset) < fileSize
        else { return nil }
        let kind = format == 0 ? "DXT1" : "RGB"
        return SniffResult(
            "com.particle-systems.ftex-texture",
            detail: "FTEX version \(version), \(width)x\(height), \(formats) format(s), \(kind)"
        )
    }

    /// McIDAS AREA file (SSEC, McIDAS programmer's manual, "AREA file format"): a directory of
    /// 64 big-endian words, the first 0 (the area's status) and the second 4 (the format
    /// version); lines, elements a line, and 1, 2 or 4 bytes an element.
    static func mcIDASArea(_ head: [UInt8]) -> SniffResult? {
        guard let lines = be32(head, 32), lines > 0, lines < 1 << 24,
            let elements = be32(head, 36), elements > 0, elements < 1 << 24,
            let size = be32(head, 40), [1, 2, 4].contains(size)
        else { return nil }
        return SniffResult(
            "edu.wisc.ssec.mcidas-area",
            detail: "McIDAS AREA version 4, \(elements)x\(lines), \(size) byte(s) an element"
        )
    }

    /// IFUNC Image Memory (LabEye): lines of `key: value`, each under 100 bytes and its key
    /// opening with a letter, ended by a NUL or 0x1A before the pixels (a 512-byte header);
    /// the image type (`Image type`) and size (`Image size (x*y)`) among the keys.
    static func ifuncImage(_ head: [UInt8]) -> SniffResult? {
        let limit = min(head.count, 1024)
        guard let end = head[..<limit].firstIndex(where: { $0 == 0 || $0 == 0x1A }) else {
            return nil
        }
        var hasSize = false
        var type: String?
        for line in head[..<end].split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            guard line.count < 100, let colon = line.firstIndex(of: UInt8(ascii: ":")),
                let first = line.first, ByteFields.isASCIILetter(first),
                line[..<colon].allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
            else { return nil }
            let key = String(decoding: line[..<colon], as: UTF8.self)
            if key == "Image size (x*y)" { hasSize = true }
            if key == "Image type" {
                type = String(decoding: line[(colon + 1)...].drop { $0 == 0x20 }, as: UTF8.self)
            }
        }
        guard hasSize, let type else { return nil }
        return SniffResult("com.labeye.ifunc-image", detail: "IFUNC Image Memory, type \(type)")
    }

    /// IM Tools image (the header Pillow's IMT reader takes): lines under 100 bytes, each a
    /// `*` comment or a lower-case key, a space and a value (to the next space); `width` and
    /// `height` positive and `pixel n8` (8-bit grey, the one pixel type there is) among them;
    /// a form feed at the start of a line within the first KiB ends the header, and the
    /// pixels after it fill at least width x height bytes of the file.
    static func imToolsImage(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        let limit = min(head.count, 1024)
        var start = 0
        var width = 0
        var height = 0
        var grey = false
        while start < limit, head[start] != 0x0C {
            guard let end = head[start..<limit].firstIndex(of: 0x0A), end > start,
                end - start < 100
            else { return nil }
            var line = head[start..<end]
            start = end + 1
            if line.last == 0x0D { line = line.dropLast() }
            if line.first == UInt8(ascii: "*") { continue }
            guard let space = line.firstIndex(of: 0x20), space > line.startIndex,
                line[..<space].allSatisfy({ (0x61...0x7A).contains($0) })
            else { return nil }
            // The value runs to the next space, as Pillow reads it.
            let value = line[(space + 1)...].prefix { $0 != 0x20 }
            let number = Int(String(decoding: value, as: UTF8.self))
            switch String(decoding: line[..<space], as: UTF8.self) {
            case "width": width = number ?? 0
            case "height": height = number ?? 0
            case "pixel": grey = value.elementsEqual("n8".utf8)
            default: break
            }
        }
        // The sizes come from the text: a product that overflows is no image's.
        let (pixels, overflow) = UInt64(max(width, 0)).multipliedReportingOverflow(
            by: UInt64(max(height, 0))
        )
        guard start < limit, width > 0, height > 0, grey, !overflow,
            fileSize >= UInt64(start + 1), fileSize - UInt64(start + 1) >= pixels
        else { return nil }
        return SniffResult(
            "org.python-pillow.imt-image",
            detail: "IM Tools, \(width)x\(height) grey"
        )
    }

    /// The image formats a SPIDER header may declare (IFORM): 2D and 3D real images and
    /// their Fourier transforms.
    private static let spiderForms: Set<Float> = [1, 3, -11, -12, -21, -22]

    /// SPIDER image (Wadsworth Center, "SPIDER image format"): a header of 32-bit floats in
    /// either byte order; slices, rows, the format (IFORM), the columns, the header's records
    /// and its record length are whole numbers, the header's length is records times record
    /// length, and a record is a row of 4-byte values.
    static func spider(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        for littleEndian in [false, true] {
            // A quick refusal first: the format word (the 5th) is one of six values.
            guard let form = spiderWord(head, 5, littleEndian: littleEndian),
                spiderForms.contains(form)
            else { continue }
            guard let slices = spiderWord(head, 1, littleEndian: littleEndian), slices != 0,
                let rows = spiderWord(head, 2, littleEndian: littleEndian), rows >= 1,
                let columns = spiderWord(head, 12, littleEndian: littleEndian), columns >= 1,
                let records = spiderWord(head, 13, littleEndian: littleEndian), records >= 1,
                let headerBytes = spiderWord(head, 22, littleEndian: littleEndian),
                let recordBytes = spiderWord(head, 23, littleEndian: littleEndian),
                recordBytes == columns * 4, headerBytes == records * recordBytes,
                UInt64(headerBytes) <= fileSize
            else { continue }
            return SniffResult(
                "edu.wadsworth.spider-image",
                detail:
                    "SPIDER header, \(Int(columns))x\(Int(rows)), IFORM \(Int(form)), "
                    + (littleEndian ? "little-endian" : "big-endian")
            )
        }
        return nil
    }

    /// The SPIDER header's `index`th word (counted from 1) when it is a whole number below
    /// 2^24 in magnitude, or `nil`.
    private static func spiderWord(_ head: [UInt8], _ index: Int, littleEndian: Bool) -> Float? {
        guard let bits = ByteFields.u32(head, (index - 1) * 4, littleEndian: littleEndian)
        else { return nil }
        let value = Float(bitPattern: bits)
        guard value.isFinite, value == value.rounded(), abs(value) < 16_777_216 else {
            return nil
        }
        return value
    }
}
