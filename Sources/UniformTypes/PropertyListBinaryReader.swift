/// Reads a binary property list (`bplist00`) into a ``PropertyListValue``.
///
/// The file ends with a 32-byte trailer giving the size of offsets and object references, the
/// object count, the root object and where the offset table starts; objects refer to each
/// other by index into that table. Every offset, count and reference is checked against the
/// file before it is used, a reference back to an object being read (a cycle) is refused, and
/// nesting depth, the number of values read and the bytes of strings and data copied out are
/// capped (see ``PropertyListLimits``), so a hostile file cannot loop, blow up through shared
/// references, or read out of bounds.
package struct PropertyListBinaryReader {
    private let bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTableStart: Int
    private var limits = PropertyListLimits()
    /// The objects being read, outermost first (to find cycles).
    private var path: [Int] = []

    /// The 8 bytes a binary property list starts with.
    package static let magic: [UInt8] = Array("bplist00".utf8)

    /// Parses a whole binary property list.
    ///
    /// - Parameter bytes: The file's bytes, starting with `bplist00`.
    /// - Returns: The root object.
    /// - Throws: ``PropertyListReadError`` when the file is malformed or exceeds a bound.
    package static func parse(_ bytes: [UInt8]) throws(PropertyListReadError) -> PropertyListValue {
        guard bytes.starts(with: magic) else { throw malformed("no bplist00 header") }
        guard bytes.count >= magic.count + 1 + 1 + 32 else { throw malformed("too short") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let objectCount = readUnsigned(bytes, at: trailer + 8, size: 8)
        let topObject = readUnsigned(bytes, at: trailer + 16, size: 8)
        let offsetTableStart = readUnsigned(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw malformed("bad offset or reference size in trailer")
        }
        guard objectCount >= 1 else { throw malformed("no objects") }
        guard topObject < objectCount else { throw malformed("root object out of range") }
        // The offset table lies between the header and the trailer.
        let (tableLength, overflow) = objectCount.multipliedReportingOverflow(
            by: UInt64(offsetSize)
        )
        guard !overflow, offsetTableStart >= UInt64(magic.count),
            offsetTableStart <= UInt64(trailer), UInt64(trailer) - offsetTableStart >= tableLength
        else { throw malformed("offset table out of range") }
        guard objectCount <= UInt64(PropertyListLimits.maximumValueCount) else {
            throw .tooLarge("more than \(PropertyListLimits.maximumValueCount) objects")
        }
        var reader = PropertyListBinaryReader(
            bytes: bytes,
            offsetSize: offsetSize,
            referenceSize: referenceSize,
            objectCount: Int(objectCount),
            offsetTableStart: Int(offsetTableStart)
        )
        return try reader.readObject(Int(topObject), depth: 1)
    }

    private init(
        bytes: [UInt8],
        offsetSize: Int,
        referenceSize: Int,
        objectCount: Int,
        offsetTableStart: Int
    ) {
        self.bytes = bytes
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = objectCount
        self.offsetTableStart = offsetTableStart
    }

    // MARK: - Objects

    private mutating func readObject(
        _ reference: Int,
        depth: Int
    ) throws(PropertyListReadError) -> PropertyListValue {
        try PropertyListLimits.checkDepth(depth)
        try limits.countValue()
        guard reference < objectCount else { throw Self.malformed("object reference out of range") }
        guard !path.contains(reference) else {
            throw Self.malformed("object \(reference) contains itself")
        }
        let offset = try objectOffset(reference)
        let marker = bytes[offset]
        let info = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .boolean(false)
            case 0x09: return .boolean(true)
            default: throw Self.malformed("unknown object marker \(marker)")
            }
        case 0x1:
            return .integer(try readInteger(at: offset + 1, sizeExponent: info))
        case 0x2:
            guard info == 2 || info == 3 else { throw Self.malformed("bad real size") }
            let size = 1 << info
            try checkRange(offset + 1, size)
            let raw = Self.readUnsigned(bytes, at: offset + 1, size: size)
            if info == 2 {
                return .real(Double(Float(bitPattern: UInt32(truncatingIfNeeded: raw))))
            }
            return .real(Double(bitPattern: raw))
        case 0x3:
            guard marker == 0x33 else { throw Self.malformed("bad date marker") }
            try checkRange(offset + 1, 8)
            return .date(Double(bitPattern: Self.readUnsigned(bytes, at: offset + 1, size: 8)))
        case 0x4:
            let (start, count) = try readCount(at: offset, info: info, unit: 1)
            try limits.countBytes(count)
            return .data(Array(bytes[start..<start + count]))
        case 0x5:
            let (start, count) = try readCount(at: offset, info: info, unit: 1)
            try PropertyListLimits.checkStringLength(count)
            try limits.countBytes(count)
            guard let string = PropertyListValue.string(utf8: bytes[start..<start + count])
            else { throw Self.malformed("bad ASCII string") }
            return .string(string)
        case 0x6:
            let (start, count) = try readCount(at: offset, info: info, unit: 2)
            try PropertyListLimits.checkStringLength(count)
            try limits.countBytes(2 * count)
            var units: [UInt16] = []
            units.reserveCapacity(count)
            for index in 0..<count {
                let at = start + 2 * index
                units.append(UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]))
            }
            guard let string = String(validating: units, as: UTF16.self) else {
                throw Self.malformed("bad UTF-16 string")
            }
            try PropertyListLimits.checkStringLength(string.utf8.count)
            return .string(string)
        case 0xA, 0xC:
            let (start, count) = try readCount(at: offset, info: info, unit: referenceSize)
            path.append(reference)
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                let child = readReference(at: start + index * referenceSize)
                elements.append(try readObject(child, depth: depth + 1))
            }
            path.removeLast()
            return .array(elements)
        case 0xD:
            let (start, count) = try readCount(at: offset, info: info, unit: 2 * referenceSize)
            path.append(reference)
            var dictionary: [String: PropertyListValue] = [:]
            dictionary.reserveCapacity(count)
            for index in 0..<count {
                let keyReference = readReference(at: start + index * referenceSize)
                let valueReference = readReference(at: start + (count + index) * referenceSize)
                guard case .string(let key) = try readObject(keyReference, depth: depth + 1) else {
                    throw Self.malformed("dictionary key that is not a string")
                }
                dictionary[key] = try readObject(valueReference, depth: depth + 1)
            }
            path.removeLast()
            return .dictionary(dictionary)
        default:
            throw Self.malformed("unsupported object marker \(marker)")
        }
    }

    /// The offset of an object, checked to lie between the header and the offset table.
    private func objectOffset(_ reference: Int) throws(PropertyListReadError) -> Int {
        let entry = offsetTableStart + reference * offsetSize
        let offset = Self.readUnsigned(bytes, at: entry, size: offsetSize)
        guard offset >= UInt64(Self.magic.count), offset < UInt64(offsetTableStart) else {
            throw Self.malformed("object offset out of range")
        }
        return Int(offset)
    }

    /// Reads an object's element count (inline in `info`, or a following integer when `info`
    /// is 15), and checks that `count * unit` bytes follow inside the object area.
    private func readCount(
        at offset: Int,
        info: Int,
        unit: Int
    ) throws(PropertyListReadError) -> (start: Int, count: Int) {
        var start = offset + 1
        var count = info
        if info == 0x0F {
            try checkRange(start, 1)
            let marker = bytes[start]
            guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
                throw Self.malformed("bad count marker")
            }
            let value = try readInteger(at: start + 1, sizeExponent: Int(marker & 0x0F))
            guard value >= 0, value <= Int64(offsetTableStart) else {
                throw Self.malformed("count out of range")
            }
            count = Int(value)
            start += 1 + (1 << Int(marker & 0x0F))
        }
        let (length, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow else { throw Self.malformed("count out of range") }
        try checkRange(start, length)
        return (start, count)
    }

    private func readInteger(
        at offset: Int,
        sizeExponent: Int
    ) throws(PropertyListReadError) -> Int64 {
        switch sizeExponent {
        case 0...3:
            let size = 1 << sizeExponent
            try checkRange(offset, size)
            let raw = Self.readUnsigned(bytes, at: offset, size: size)
            // 1, 2 and 4-byte integers are unsigned; 8-byte ones are signed.
            return Int64(bitPattern: raw)
        case 4:
            // A 128-bit integer (written for values above Int64.max): keep the low 64 bits.
            try checkRange(offset, 16)
            return Int64(bitPattern: Self.readUnsigned(bytes, at: offset + 8, size: 8))
        default:
            throw Self.malformed("bad integer size")
        }
    }

    private func readReference(at offset: Int) -> Int {
        // In range: readCount checked the whole reference list. Values that do not fit in
        // an Int are clamped so readObject rejects them.
        Int(clamping: Self.readUnsigned(bytes, at: offset, size: referenceSize))
    }

    /// Checks that `length` bytes from `start` lie inside the object area (before the table).
    private func checkRange(_ start: Int, _ length: Int) throws(PropertyListReadError) {
        guard start >= 0, length >= 0, start <= offsetTableStart,
            length <= offsetTableStart - start
        else { throw Self.malformed("object runs past the object area") }
    }

    private static func readUnsigned(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private static func malformed(_ why: String) -> PropertyListReadError {
        .malformed("binary property list: " + why)
    }
}
