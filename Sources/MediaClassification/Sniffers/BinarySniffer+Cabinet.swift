extension BinarySniffer {
    /// The most file entries of a cabinet read for a theme.
    private static let cabinetEntryLimit = 64

    /// A Windows theme pack (`.themepack`, `.deskthemepack`): a cabinet (MS-CAB, "MSCF", format
    /// 1.3) whose files include a `.theme` file, the INI text that names the pack's wallpapers,
    /// colours and sounds, at its top level.
    ///
    /// The cabinet header gives the offset of the file entries (`coffFiles`) and their count;
    /// each entry is 16 bytes of sizes, folder, date and attributes, then a NUL-terminated name
    /// of at most 256 bytes. At most 64 entries are read, through the bounded reader when the
    /// head does not hold them. Any other cabinet is left to the signatures.
    static func themePack(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard head.count >= 36, ByteFields.matches(head, at: 0, "MSCF"),
            ByteFields.matches(head, at: 4, [0, 0, 0, 0]), head[24] == 3, head[25] == 1,
            let offset = ByteFields.u32(head, 16, littleEndian: true), offset >= 36,
            UInt64(offset) < input.fileSize,
            let fileCount = ByteFields.u16(head, 28, littleEndian: true), fileCount > 0
        else { return nil }
        let count = min(Int(fileCount), cabinetEntryLimit)
        guard let entries = input.read(at: UInt64(offset), count: count * (16 + 257)) else {
            return nil
        }
        var cursor = 0
        for _ in 0..<count {
            let nameStart = cursor + 16
            guard nameStart < entries.count,
                let nameEnd = entries[nameStart...].firstIndex(of: 0), nameEnd - nameStart <= 256
            else { return nil }
            let name = entries[nameStart..<nameEnd]
            // The extension in any case (a byte OR 0x20 lowers a letter, keeps the dot).
            if !name.contains(UInt8(ascii: "\\")), name.count > 6,
                name.suffix(6).map({ $0 | 0x20 }).elementsEqual(".theme".utf8)
            {
                return SniffResult(
                    "com.microsoft.windows-themepack",
                    detail: "cabinet holding \(String(decoding: name, as: UTF8.self))"
                )
            }
            cursor = nameEnd + 1
        }
        return nil
    }
}
