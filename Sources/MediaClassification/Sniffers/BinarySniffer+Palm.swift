// Palm OS databases (.pdb, .prc, .pqa): applications, e-books, images and records that Palm
// handhelds kept, and that e-book tools still write. They have no magic at the start: the
// four-character type and creator codes sit at offset 60, and the header's record list points
// into the file. libmagic and the databases know a few type and creator pairs (PalmDOC,
// Mobipocket); the rest, which libmagic describes without a MIME type, was unknown data.

extension BinarySniffer {
    /// The type and creator pairs that a signature in the databases names more narrowly.
    ///
    /// PalmDOC (and TealDoc), which shared-mime-info calls AportisDoc, and Mobipocket: the
    /// signature step decides these.
    private static let signedPalmKinds: Set<String> = ["TEXtREAd", "TEXtTlDc", "BOOKMOBI"]

    /// A Palm OS database, by its 78-byte header and record list (big-endian throughout).
    ///
    /// A name of printable bytes ended by a NUL within 32 bytes; type and creator codes of
    /// printable ASCII at 60; no further record list (the next-list field at 72 is 0); at least
    /// one entry in the list at 78 (8 bytes each, 10 in a resource database, attribute bit
    /// 0x0001); the first block (application info, sort info or first record) right after the
    /// list or its 2-byte gap; and every offset in the list ordered, inside the file.
    static func palmDatabase(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        guard head.count >= 80, let nameEnd = head[0..<32].firstIndex(of: 0), nameEnd > 0,
            head[0..<nameEnd].allSatisfy({ $0 >= 0x20 && $0 != 0x7F }),
            head[60..<68].allSatisfy({ (0x20...0x7E).contains($0) }),
            ByteFields.u32(head, 72, littleEndian: false) == 0,
            let attributes = ByteFields.u16(head, 32, littleEndian: false),
            let count = ByteFields.u16(head, 76, littleEndian: false), count > 0,
            let appInfo = ByteFields.u32(head, 52, littleEndian: false),
            let sortInfo = ByteFields.u32(head, 56, littleEndian: false)
        else { return nil }
        let kind = String(decoding: head[60..<68], as: UTF8.self)
        guard !signedPalmKinds.contains(kind) else { return nil }
        let resources = attributes & 0x0001 != 0
        let entrySize = resources ? 10 : 8
        let offsetField = resources ? 6 : 0
        let listEnd = 78 + Int(count) * entrySize
        // The list's entries in the head (a list longer than the head is checked as far as
        // the head goes).
        let entries = min(Int(count), (head.count - 78) / entrySize)
        guard entries > 0 else { return nil }
        var previous: UInt32 = 0
        var firstRecord: UInt32 = 0
        for entry in 0..<entries {
            guard
                let offset = ByteFields.u32(
                    head,
                    78 + entry * entrySize + offsetField,
                    littleEndian: false
                ),
                offset >= listEnd, UInt64(offset) <= fileSize, offset >= previous
            else { return nil }
            if entry == 0 { firstRecord = offset }
            previous = offset
        }
        var first = firstRecord
        for block in [appInfo, sortInfo] where block != 0 {
            guard block >= listEnd, block <= firstRecord else { return nil }
            first = min(first, block)
        }
        guard first == listEnd || first == listEnd + 2 else { return nil }
        return SniffResult(
            "com.palm.database",
            detail: "Palm OS \(resources ? "resource" : "record") database, type and creator "
                + "\(kind), \(count) \(resources ? "resources" : "records")"
        )
    }
}
