/// Formats that a fixed signature decides on its own: compressed streams, PDF, ELF, gettext
/// catalogues; and tar archives, by their header checksum.
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
        return tar(head)
    }

    /// A tar archive, by its first header block.
    ///
    /// The checksum stored at 148 must equal the sum of the block's bytes (the checksum field
    /// counted as spaces; old writers summed signed bytes). With the `ustar` magic at 257 that is enough; a pre-POSIX (v7) header must also
    /// have a name, an octal mode and a known type flag.
    static func tar(_ head: [UInt8]) -> SniffResult? {
        guard head.count >= 512, let stored = octal(head[148..<156]) else { return nil }
        var unsigned = 0
        var signed = 0
        for index in 0..<512 {
            let byte = (148..<156).contains(index) ? 0x20 : head[index]
            unsigned += Int(byte)
            signed += Int(Int8(bitPattern: byte))
        }
        guard stored == unsigned || stored == signed else { return nil }
        if ByteFields.matches(head, at: 257, Array("ustar".utf8) + [0, 0x30, 0x30]) {
            return SniffResult("public.tar-archive", detail: "POSIX ustar header, checksum matches")
        }
        if ByteFields.matches(head, at: 257, Array("ustar  ".utf8) + [0]) {
            return SniffResult("public.tar-archive", detail: "GNU tar header, checksum matches")
        }
        let typeFlag = head[156]
        guard head[0] != 0, octal(head[100..<108]) != nil,
            typeFlag == 0 || (0x30...0x37).contains(typeFlag)
        else { return nil }
        return SniffResult("public.tar-archive", detail: "v7 tar header, checksum matches")
    }

    /// An octal number field of a tar header: optional leading spaces, octal digits, then
    /// NUL or space padding; nil when the field holds anything else or no digit.
    private static func octal(_ field: ArraySlice<UInt8>) -> Int? {
        var value = 0
        var digits = 0
        var ended = false
        var leading = true
        for byte in field {
            if (0x30...0x37).contains(byte), !ended {
                value = value << 3 | Int(byte - 0x30)
                digits += 1
                leading = false
            } else if byte == 0x20, leading {
                continue
            } else if byte == 0x20 || byte == 0 {
                ended = true
            } else {
                return nil
            }
        }
        return digits > 0 ? value : nil
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
