/// Formats that a fixed signature decides on its own: compressed streams, PDF, ELF, gettext
/// catalogues.
///
/// libmagic gives the same answers for these, but only after running its whole rule set; in a
/// tree of man pages, libraries and translations they are most of the files.
package enum BinarySniffer {
    /// Decides a format by its signature, or returns nil.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        func starts(with signature: [UInt8]) -> Bool {
            head.count >= signature.count && head.starts(with: signature)
        }
        if starts(with: [0x1F, 0x8B, 0x08]) {
            return SniffResult("org.gnu.gnu-zip-archive", detail: "gzip stream, deflate")
        }
        if starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
            return SniffResult("org.tukaani.xz-archive", detail: "xz stream header")
        }
        if starts(with: [0x28, 0xB5, 0x2F, 0xFD]) {
            return SniffResult("com.facebook.zstandard", detail: "Zstandard frame")
        }
        if starts(with: [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) {
            return SniffResult("org.7-zip.7-zip-archive", detail: "7z signature")
        }
        if let bzip2 = bzip2(head) { return bzip2 }
        if starts(with: Array("%PDF-".utf8)) {
            return SniffResult("com.adobe.pdf", detail: "%PDF- header")
        }
        if let elf = elf(head) { return elf }
        if starts(with: [0xDE, 0x12, 0x04, 0x95]) || starts(with: [0x95, 0x04, 0x12, 0xDE]) {
            return SniffResult("org.gnu.gettext.mo", detail: "gettext catalogue magic")
        }
        return nil
    }

    /// `BZh`, a block size digit, then a block or end-of-stream magic (digits of pi, sqrt pi).
    private static func bzip2(_ head: [UInt8]) -> SniffResult? {
        guard head.count >= 10, head.starts(with: Array("BZh".utf8)),
            (0x31...0x39).contains(head[3])
        else { return nil }
        let magic = Array(head[4..<10])
        guard
            magic == [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]
                || magic == [0x17, 0x72, 0x45, 0x38, 0x50, 0x90]
        else { return nil }
        return SniffResult("public.bzip2-archive", detail: "bzip2 stream")
    }

    /// ELF by its identification bytes and object type (`e_type`).
    private static func elf(_ head: [UInt8]) -> SniffResult? {
        guard head.starts(with: [0x7F, 0x45, 0x4C, 0x46]), head.count >= 18,
            head[4] == 1 || head[4] == 2, head[5] == 1 || head[5] == 2, head[6] == 1,
            let type = ByteFields.u16(head, 16, littleEndian: head[5] == 1)
        else { return nil }
        switch type {
        case 1: return SniffResult("com.sco.elf-relocatable", detail: "ELF relocatable object")
        case 2: return SniffResult("public.elf-binary", detail: "ELF executable")
        case 3: return SniffResult("public.elf-binary", detail: "ELF shared object")
        case 4: return SniffResult("com.sco.elf-core-dump", detail: "ELF core dump")
        default: return nil
        }
    }
}
