/// Reads the properties of a HEIF or AVIF still image: the primary item's `ispe` (size),
/// `irot`/`imir` (rotation, mirror) and `pixi` (bit depth) properties, and its `hvcC` or
/// `av1C` codec configuration, from the top-level `meta` box.
enum HEIFProperties {
    /// The largest `meta` box read.
    static let maximumMetaSize = 1 << 20

    static func read(_ source: inout PropertySource) -> MediaProperties? {
        guard let meta = findMeta(&source) else { return nil }
        var parser = MemoryBoxParser(bytes: meta)
        let bytes = parser.bytes
        // `meta` is a full box: its children start after version and flags.
        guard bytes.count > 4 else { return nil }
        var primary: Int?
        var container: [MemoryBox] = []
        var associations: Range<Int>?
        var references: Range<Int>?
        for box in parser.children(4..<bytes.count) {
            switch box.type {
            case "pitm":
                let start = box.content.lowerBound
                guard let version = bytes.byte(start) else { return nil }
                primary =
                    version == 0
                    ? bytes.be16(start + 4) : bytes.be32(start + 4).map { Int($0) }
            case "iref": references = box.content
            case "iprp":
                for child in parser.children(box.content) {
                    if child.type == "ipco" { container = parser.children(child.content) }
                    if child.type == "ipma", associations == nil { associations = child.content }
                }
            default: break
            }
        }
        guard let primary, let associations,
            let indices = propertyIndices(bytes, associations, item: primary)
        else { return nil }
        var result = MediaProperties(videoTrackCount: 0, audioTrackCount: 0)
        var turn = 0
        var mirrored = false
        for index in indices where index >= 1 && index <= container.count {
            let box = container[index - 1]
            let start = box.content.lowerBound
            switch box.type {
            case "ispe" where box.content.count >= 12:
                if let width = bytes.be32(start + 4), let height = bytes.be32(start + 8),
                    width > 0, height > 0, width <= Int32.max, height <= Int32.max
                {
                    result.pixelWidth = Int(width)
                    result.pixelHeight = Int(height)
                }
            case "irot" where box.content.count >= 1:
                // Anti-clockwise quarter turns; shown upright by turning them back.
                turn = (bytes.byte(start) ?? 0) & 0x03
            case "imir":
                mirrored = true
            case "pixi" where box.content.count >= 6:
                if let depth = bytes.byte(start + 5), depth > 0 { result.bitDepth = depth }
            case "hvcC":
                result.videoCodec = CodecString.hevc("hvc1", bytes, box.content)
            case "av1C":
                result.videoCodec = CodecString.av1(bytes, box.content)
            default: break
            }
        }
        guard result.pixelWidth != nil else { return nil }
        // A derived primary image (a grid of tiles) has no codec of its own: its first
        // tile's is the file's.
        if result.videoCodec == nil, let references,
            let tile = firstDerivation(bytes, references, of: primary, parser: &parser),
            let tileIndices = propertyIndices(bytes, associations, item: tile)
        {
            for index in tileIndices where index >= 1 && index <= container.count {
                let box = container[index - 1]
                if box.type == "hvcC" {
                    result.videoCodec = CodecString.hevc("hvc1", bytes, box.content)
                } else if box.type == "av1C" {
                    result.videoCodec = CodecString.av1(bytes, box.content)
                }
            }
        }
        // A mirror and a turn together make an EXIF orientation this reader does not map.
        if !mirrored {
            result.rotation = (4 - turn) % 4 * 90
            result.orientation = [.up, .left, .down, .right][turn]
        }
        return result
    }

    /// The first item an item is derived from (`dimg` in the `iref` box).
    private static func firstDerivation(
        _ bytes: [UInt8],
        _ range: Range<Int>,
        of item: Int,
        parser: inout MemoryBoxParser
    ) -> Int? {
        guard let version = bytes.byte(range.lowerBound), range.count > 4 else { return nil }
        let width = version == 0 ? 2 : 4
        func id(_ offset: Int) -> Int? {
            width == 2 ? bytes.be16(offset) : bytes.be32(offset).map { Int($0) }
        }
        for box in parser.children((range.lowerBound + 4)..<range.upperBound)
        where box.type == "dimg" {
            let start = box.content.lowerBound
            guard box.content.count >= 2 * width + 2, id(start) == item,
                let count = bytes.be16(start + width), count > 0
            else { continue }
            return id(start + width + 2)
        }
        return nil
    }

    /// The property indices (1-based) the `ipma` box associates with an item.
    private static func propertyIndices(_ bytes: [UInt8], _ range: Range<Int>, item: Int) -> [Int]?
    {
        let start = range.lowerBound
        guard let version = bytes.byte(start), let flags = bytes.be24(start + 1),
            let count = bytes.be32(start + 4)
        else { return nil }
        var offset = start + 8
        for _ in 0..<min(Int(count), 65536) {
            let id: Int?
            if version < 1 {
                id = bytes.be16(offset)
                offset += 2
            } else {
                id = bytes.be32(offset).map { Int($0) }
                offset += 4
            }
            guard let id, let associations = bytes.byte(offset), offset < range.upperBound else {
                return nil
            }
            offset += 1
            var indices: [Int] = []
            for _ in 0..<associations {
                if flags & 1 != 0 {
                    guard let value = bytes.be16(offset), offset + 2 <= range.upperBound else {
                        return nil
                    }
                    indices.append(value & 0x7FFF)
                    offset += 2
                } else {
                    guard let value = bytes.byte(offset), offset < range.upperBound else {
                        return nil
                    }
                    indices.append(value & 0x7F)
                    offset += 1
                }
            }
            if id == item { return indices }
        }
        return nil
    }

    /// The content of the first top-level `meta` box.
    private static func findMeta(_ source: inout PropertySource) -> [UInt8]? {
        var offset: UInt64 = 0
        for _ in 0..<64 {
            guard offset < source.fileSize, source.fileSize - offset >= 8,
                let header = source.bytes(at: offset, count: 8),
                let size32 = header.be32(0), let type = header.fourCC(4)
            else { return nil }
            var headerSize: UInt64 = 8
            var size = UInt64(size32)
            if size32 == 1 {
                guard let large = source.bytes(at: offset + 8, count: 8)?.be64(0) else {
                    return nil
                }
                headerSize = 16
                size = large
            } else if size32 == 0 {
                size = source.fileSize - offset
            }
            guard size >= headerSize, size <= source.fileSize - offset else { return nil }
            if type == "meta" {
                guard size - headerSize <= UInt64(maximumMetaSize) else { return nil }
                return source.bytes(at: offset + headerSize, count: Int(size - headerSize))
            }
            offset += size
        }
        return nil
    }
}
