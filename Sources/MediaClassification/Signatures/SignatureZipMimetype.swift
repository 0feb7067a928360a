/// The MIME type a ZIP archive names in its first entry, as OpenDocument, EPUB, StarOffice 6,
/// KOffice, Krita and others write it: a local file header at offset 0 for an entry named
/// `mimetype`, stored (method 0), whose data is the type's name in ASCII.
enum SignatureZipMimetype {
    /// The longest type name read.
    static let maximumLength = 127

    /// The MIME type named by the archive's `mimetype` entry, lower-cased; nil when the head
    /// does not start with such an entry or its content is not a MIME type.
    ///
    /// The entry's compressed size gives the length; when it is 0 or too large (an archive
    /// written with a data descriptor), the name runs to the first byte that cannot be part
    /// of a MIME type, or to the next `PK\3\4` or `PK\7\8` signature.
    /// - Parameter head: The first bytes of a file.
    /// - Returns: The type, such as `application/vnd.oasis.opendocument.text`, or nil.
    static func mimeType(_ head: UnsafeBufferPointer<UInt8>) -> String? {
        // Local file header: signature, version, flags, method (8), time, date, crc,
        // compressed size (18), size (22), name length (26), extra length (28), name (30).
        guard head.count >= 38, head[0] == 0x50, head[1] == 0x4B, head[2] == 3, head[3] == 4
        else { return nil }
        func u16(_ offset: Int) -> Int { Int(head[offset]) | Int(head[offset + 1]) << 8 }
        func u32(_ offset: Int) -> Int { u16(offset) | u16(offset + 2) << 16 }
        guard u16(8) == 0, u16(26) == 8 else { return nil }
        let name: [UInt8] = Array("mimetype".utf8)
        for index in 0..<8 where head[30 + index] != name[index] { return nil }
        let start = 38 + u16(28)
        guard start < head.count else { return nil }
        let declared = u32(18)
        var end: Int
        if declared > 0, declared <= maximumLength {
            end = start + declared
            guard end <= head.count else { return nil }
        } else {
            end = start
            let limit = min(head.count, start + maximumLength)
            while end < limit, isTypeByte(head[end]) {
                if head[end] == 0x50, end + 3 < head.count, head[end + 1] == 0x4B,
                    (head[end + 2] == 3 && head[end + 3] == 4)
                        || (head[end + 2] == 7 && head[end + 3] == 8)
                {
                    break
                }
                end += 1
            }
        }
        let bytes = UnsafeBufferPointer(rebasing: head[start..<end])
        guard isMIMEType(bytes) else { return nil }
        return String(
            decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 },
            as: UTF8.self
        )
    }

    /// Whether `byte` may appear in a MIME type (RFC 6838 restricted-name characters).
    private static func isTypeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x21, 0x23, 0x24, 0x26, 0x2B, 0x2D, 0x2E, 0x2F, 0x5E, 0x5F: true
        default: false
        }
    }

    /// Whether `bytes` is `type/subtype`, each part a restricted name.
    private static func isMIMEType(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3, bytes.allSatisfy(isTypeByte),
            let slash = bytes.firstIndex(of: 0x2F), slash > 0, slash < bytes.count - 1
        else { return false }
        return !bytes[(slash + 1)...].contains(0x2F)
    }
}
