/// Reads the properties of TIFF images and of the raw formats built on TIFF (DNG): pixel
/// size, bits per sample and orientation from the image file directories (IFDs).
///
/// A plain TIFF describes its image in the first IFD. A DNG usually puts a small preview
/// there (NewSubfileType bit 0: "reduced resolution") and the raw image in a SubIFD; the
/// reader reports the full-resolution image, the first IFD with that bit clear, and the
/// orientation of the first IFD, which TIFF/EP and DNG say applies to the whole file.
enum TIFFProperties {
    /// The most entries read from one IFD (real files have a few dozen).
    static let maximumEntries = 1_000
    /// The most SubIFDs looked at for the full-resolution image.
    static let maximumSubIFDs = 16

    /// The fields of one IFD that the properties need.
    struct Directory {
        var width: Int?
        var height: Int?
        var bitsPerSample: Int?
        var orientation: Int?
        var photometric: Int?
        var subfileType: UInt32 = 0
        var subIFDs: [UInt64] = []
    }

    /// Whether the head starts a classic TIFF structure ("II*\0" or "MM\0*").
    static func isCandidate(_ head: [UInt8]) -> Bool {
        head.has([0x49, 0x49, 0x2A, 0x00], at: 0) || head.has([0x4D, 0x4D, 0x00, 0x2A], at: 0)
    }

    static func read(_ source: inout PropertySource) -> MediaProperties? {
        let little = source.head.has("II", at: 0)
        guard let header = source.bytes(at: 0, count: 8),
            let first = little ? header.le32(4) : header.be32(4),
            let directory = directory(&source, at: UInt64(first), little: little)
        else { return nil }
        var image = directory
        if directory.subfileType & 1 != 0 {
            for offset in directory.subIFDs.prefix(maximumSubIFDs) {
                guard let sub = Self.directory(&source, at: offset, little: little) else {
                    continue
                }
                if sub.subfileType & 1 == 0, sub.width != nil, sub.height != nil {
                    image = sub
                    break
                }
            }
        }
        guard let width = image.width, let height = image.height, width > 0, height > 0 else {
            return nil
        }
        var result = MediaProperties(pixelWidth: width, pixelHeight: height)
        if let bits = image.bitsPerSample, (1...64).contains(bits) { result.bitDepth = bits }
        // Photometric interpretation: YCbCr (6) encodes RGB; a colour filter array (32803)
        // and the rest state no model.
        let models: [Int: MediaProperties.ColorModel] = [
            0: .monochrome, 1: .monochrome, 2: .rgb, 3: .indexed, 5: .cmyk, 6: .rgb, 8: .lab,
        ]
        result.colorModel = image.photometric.flatMap { models[$0] }
        if let value = directory.orientation,
            let orientation = MediaProperties.Orientation(rawValue: value)
        {
            result.orientation = orientation
            result.rotation = orientation.rotation
        }
        return result
    }

    /// The fields of the IFD at `offset`, or `nil` when its entry table cannot be read.
    static func directory(
        _ source: inout PropertySource,
        at offset: UInt64,
        little: Bool
    ) -> Directory? {
        guard offset >= 8, let countBytes = source.bytes(at: offset, count: 2),
            let count = little ? countBytes.le16(0) : countBytes.be16(0), count > 0,
            count <= maximumEntries,
            let table = source.bytes(at: offset + 2, count: count * 12)
        else { return nil }
        func u16(_ at: Int) -> Int? { little ? table.le16(at) : table.be16(at) }
        func u32(_ at: Int) -> UInt32? { little ? table.le32(at) : table.be32(at) }
        var found = Directory()
        for index in 0..<count {
            let entry = index * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let values = u32(entry + 4)
            else { return nil }
            // A SHORT or LONG stored in the entry's value field.
            let inline: Int? =
                switch type {
                case 3: u16(entry + 8)
                case 4: u32(entry + 8).map(Int.init)
                default: nil
                }
            switch tag {
            case 0x00FE: found.subfileType = type == 4 ? u32(entry + 8) ?? 0 : 0
            case 0x0100: found.width = values == 1 ? inline : nil
            case 0x0101: found.height = values == 1 ? inline : nil
            case 0x0102:
                // One value a sample, all alike in practice; the first two fit in the entry.
                if type == 3, values >= 1 {
                    found.bitsPerSample =
                        values <= 2 ? inline : sharedValue(&source, entry: table, at: entry, little)
                }
            case 0x0106: found.photometric = values == 1 && type == 3 ? inline : nil
            case 0x0112: found.orientation = values == 1 && type == 3 ? inline : nil
            case 0x014A:
                found.subIFDs = subIFDOffsets(&source, table: table, at: entry, little: little)
            default: break
            }
        }
        return found
    }

    /// The first SHORT of a value array stored outside its entry.
    private static func sharedValue(
        _ source: inout PropertySource,
        entry table: [UInt8],
        at entry: Int,
        _ little: Bool
    ) -> Int? {
        guard let offset = little ? table.le32(entry + 8) : table.be32(entry + 8),
            let bytes = source.bytes(at: UInt64(offset), count: 2)
        else { return nil }
        return little ? bytes.le16(0) : bytes.be16(0)
    }

    /// The offsets a SubIFDs entry (LONG or IFD type) lists: in the entry when there is
    /// one, otherwise in the array it points to.
    private static func subIFDOffsets(
        _ source: inout PropertySource,
        table: [UInt8],
        at entry: Int,
        little: Bool
    ) -> [UInt64] {
        func u32(_ bytes: [UInt8], _ at: Int) -> UInt32? {
            little ? bytes.le32(at) : bytes.be32(at)
        }
        guard let type = little ? table.le16(entry + 2) : table.be16(entry + 2),
            type == 4 || type == 13, let count = u32(table, entry + 4), count > 0
        else { return [] }
        let listed = Int(min(count, UInt32(maximumSubIFDs)))
        if count == 1 { return u32(table, entry + 8).map { [UInt64($0)] } ?? [] }
        guard let offset = u32(table, entry + 8),
            let array = source.bytes(at: UInt64(offset), count: listed * 4)
        else { return [] }
        return (0..<listed).compactMap { u32(array, $0 * 4).map(UInt64.init) }
    }
}
