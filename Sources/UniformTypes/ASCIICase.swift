/// ASCII case folding over bytes, one byte or eight at a time.
///
/// Shared by the registry's tables (``TypeTables``) and the MIME cache's name tables, which
/// both hash and compare names with `A`-`Z` taken as `a`-`z` without making lower-cased
/// copies, and by the classifier's markup reading (element names compared as HTML compares
/// them).
package enum ASCIICase {
    /// The byte with `A`-`Z` lowered to `a`-`z`; every other byte as it is.
    @inline(__always)
    package static func lowered(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// Eight bytes with `A`-`Z` lowered to `a`-`z` and every other byte as it is.
    @inline(__always)
    static func loweredWord(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        // Each byte's low seven bits plus 0x3F reaches bit 7 from 0x41 ('A') up, plus 0x25
        // from 0x5B (past 'Z') up; no sum carries into the next byte.
        let low = word & ~high
        let fromA = low &+ 0x3F3F_3F3F_3F3F_3F3F
        let pastZ = low &+ 0x2525_2525_2525_2525
        let upper = fromA & ~pastZ & ~word & high
        return word | (upper >> 2)
    }

    /// A 64-bit hash of bytes with `A`-`Z` taken as `a`-`z`, and whether every byte is ASCII.
    ///
    /// The length, then each 8-byte little-endian word (the last padded with zeros), lowered
    /// and mixed in FNV-1a's way, then murmur's 64-bit finaliser. The registry's tables use
    /// its low 32 bits (`Scripts/generate-builtin-types.py` computes the same), the MIME
    /// cache's name tables all 64. Word at a time, because a byte-at-a-time hash of a
    /// 70-byte MIME type took longer than two dictionary lookups.
    @inline(__always)
    static func foldedHash(_ bytes: UnsafeRawBufferPointer) -> (value: UInt64, isASCII: Bool) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        var highBits: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(
                littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            )
            highBits |= word
            hash = (hash ^ loweredWord(word)) &* 0x100_0000_01b3
            offset += 8
        }
        if offset < bytes.count {
            var word: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count {
                word |= UInt64(bytes[offset]) << shift
                shift += 8
                offset += 1
            }
            highBits |= word
            hash = (hash ^ loweredWord(word)) &* 0x100_0000_01b3
        }
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        return (hash, highBits & 0x8080_8080_8080_8080 == 0)
    }

    /// Whether `count` bytes at `left` and at `right` are equal once `A`-`Z` are lowered;
    /// eight bytes at a time (lowering is byte-wise, so it commutes with the byte order of a
    /// load).
    ///
    /// - Parameters:
    ///   - left: The first bytes.
    ///   - right: The second bytes.
    ///   - count: How many bytes to compare.
    ///   - leftIsLowered: `left` is known to hold no capitals (a stored key), so only
    ///     `right` is lowered.
    /// - Returns: Whether they are equal after lowering.
    @inline(__always)
    static func equal(
        _ left: UnsafeRawPointer,
        _ right: UnsafeRawPointer,
        count: Int,
        leftIsLowered: Bool = false
    ) -> Bool {
        var index = 0
        while index + 8 <= count {
            var one = left.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if !leftIsLowered { one = loweredWord(one) }
            let other = right.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if one != loweredWord(other) { return false }
            index += 8
        }
        while index < count {
            var one = left.load(fromByteOffset: index, as: UInt8.self)
            if !leftIsLowered { one = lowered(one) }
            let other = right.load(fromByteOffset: index, as: UInt8.self)
            if one != lowered(other) { return false }
            index += 1
        }
        return true
    }

    /// Whether two byte strings are equal once `A`-`Z` are lowered on both sides.
    static func equal(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        guard left.count == right.count else { return false }
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
            return true
        }
        return equal(leftBase, rightBase, count: left.count)
    }
}

extension String {
    /// Lower-cases ASCII letters quickly; other text goes through `lowercased()`.
    func asciiLowercased() -> String {
        var copy = self
        let plan: Int = copy.withUTF8 { bytes in
            var needsChange = false
            for byte in bytes {
                if byte >= 0x80 { return 2 }
                if byte &- 0x41 < 26 { needsChange = true }
            }
            return needsChange ? 1 : 0
        }
        switch plan {
        case 0: return copy
        case 1:
            return copy.withUTF8 { bytes in
                String(unsafeUninitializedCapacity: bytes.count) { buffer in
                    for (index, byte) in bytes.enumerated() {
                        buffer[index] = ASCIICase.lowered(byte)
                    }
                    return bytes.count
                }
            }
        default: return lowercased()
        }
    }
}
