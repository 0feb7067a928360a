/// Formats that a fixed signature decides on its own: compressed streams, PDF, ELF, Mach-O,
/// gettext catalogues, compiled Python modules, Python pickles (with their last byte, or for
/// protocols 0 and 1 read opcode by opcode: BinarySniffer+Pickle.swift), terminfo
/// entries, ESRI shapefiles and PLY meshes (with their fields checked); tar archives, by their
/// header checksum; binary STL meshes, by their triangle count and the file's size; Apple disk
/// images and fixed VHD disks, by the block that ends them; and Palm OS databases, by their
/// header and record list (BinarySniffer+Palm.swift); certificates, keys and the other
/// public-key infrastructure files in DER, by the shape of their elements
/// (BinarySniffer+DER.swift); binary OpenPGP messages, by their first packet
/// (BinarySniffer+OpenPGP.swift); compressed tar archives (gzip, bzip2, xz, lzip, LZMA, LZ4,
/// Zstandard, compress, lzop) and documents, by their decoded first bytes
/// (BinarySniffer+CompressedPayload.swift); Windows theme packs, by the `.theme` file their
/// cabinet lists (BinarySniffer+Cabinet.swift); and, asked last by the classifier, raw disk images by
/// their partition table.
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
        if let image = diskImageTrailer(input) { return image }
        if starts(with: [0x1F, 0x8B, 0x08]) {
            return compressedPayload(head, .gzip)
                ?? SniffResult("org.gnu.gnu-zip-archive", detail: "gzip stream, deflate")
        }
        if starts(with: LZMA.xzMagic) {
            return compressedPayload(head, .xz)
                ?? SniffResult("org.tukaani.xz-archive", detail: "xz stream header")
        }
        if starts(with: LZMA.lzipMagic), head.count > 5, head[4] <= 1 {
            return compressedPayload(head, .lzip)
                ?? SniffResult("org.nongnu.lzip", detail: "lzip header, version \(head[4])")
        }
        if starts(with: LZ4.frameMagic) {
            return compressedPayload(head, .lz4)
                ?? SniffResult("org.lz4.lz4", detail: "LZ4 frame")
        }
        if starts(with: LZ4.legacyMagic) {
            return compressedPayload(head, .lz4Legacy)
                ?? SniffResult("org.lz4.lz4", detail: "LZ4 legacy frame")
        }
        // A legacy .lzma file has no magic number, only its properties, a dictionary size
        // and a range coder whose first byte is zero: it is taken only when it holds a tar.
        if LZMA.mayOpenLZMAAlone(head), let tar = compressedPayload(head, .lzma) {
            return tar
        }
        // A Zstandard frame, or one behind skippable frames (seek tables, metadata).
        if starts(with: Zstd.frameMagic) || Zstd.frameAfterSkippableFrames(head) != nil {
            return compressedPayload(head, .zstd)
                ?? SniffResult("com.facebook.zstandard", detail: "Zstandard frame")
        }
        // compress's own type is left to the signatures; only a tar inside is named here.
        if starts(with: LZW.magic), let tar = compressedPayload(head, .compress) {
            return tar
        }
        // So is lzop's.
        if starts(with: LZO.magic), let tar = compressedPayload(head, .lzop) {
            return tar
        }
        if let pack = themePack(input) { return pack }
        if starts(with: [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) {
            return SniffResult("org.7-zip.7-zip-archive", detail: "7z signature")
        }
        if let bzip2 = bzip2(head) {
            // The first block must be decoded whole: up to 900,000 bytes, read past the head.
            let stream = input.read(at: 0, count: SniffInput.maximumReadSize) ?? head
            return compressedPayload(stream, .bzip2) ?? bzip2
        }
        if ByteFields.matches(head, at: 0, "%PDF-") {
            return SniffResult("com.adobe.pdf", detail: "%PDF- header")
        }
        if let elf = elf(input) { return elf }
        if let machO = machO(head) { return machO }
        if starts(with: [0xDE, 0x12, 0x04, 0x95]) || starts(with: [0x95, 0x04, 0x12, 0xDE]) {
            return SniffResult("org.gnu.gettext.mo", detail: "gettext catalogue magic")
        }
        if let bytecode = pythonBytecode(head) { return bytecode }
        if let pickle = pythonPickle(input) { return pickle }
        // Protocol 0 is text, but its strings are written in Latin-1, so a pickle of anything
        // but ASCII is not UTF-8; protocol 1 is binary. A container or an object opens with a
        // mark, a global or an empty list or dict.
        if let first = head.first, Self.pickleContainerOpeners.contains(first),
            let pickle = textPickleEvidence(
                head[...],
                complete: UInt64(head.count) >= input.fileSize
            )
        {
            return SniffResult("org.python.pickle", detail: pickle)
        }
        if let terminfo = terminfo(head, fileSize: input.fileSize) { return terminfo }
        if let shapes = shapefile(head) { return shapes }
        if let polygons = polygonFile(head) { return polygons }
        if let dicom = dicomDataSet(head, fileSize: input.fileSize) { return dicom }
        if let der = der(input) { return der }
        if let message = openPGP(input) { return message }
        return tar(head) ?? binarySTL(head, fileSize: input.fileSize)
            ?? palmDatabase(head, fileSize: input.fileSize)
    }

    /// The opcodes a pickle's first object can open with (Python's pickletools): an empty
    /// dict, list or tuple, a mark, a global, a string, an integer, a float, None, a boolean.
    private static let pickleOpeners: Set<UInt8> = [
        0x7D, 0x5D, 0x29, 0x28, 0x63, 0x93, 0x8C, 0x58, 0x55, 0x54, 0x43, 0x42, 0x4B, 0x4A,
        0x4D, 0x8A, 0x47, 0x4E, 0x88, 0x89, 0x96, 0x97,
    ]

    /// The opcodes a pickle of protocol 0 or 1 holding a container or an object opens with:
    /// a mark, a global, an empty list or dict.
    private static let pickleContainerOpeners: Set<UInt8> = Set("(c]}".utf8)

    /// A Python pickle of protocol 2 to 5 (PEP 307, 3154, 574).
    ///
    /// The PROTO opcode (0x80) and its protocol number; then, from protocol 4, a FRAME opcode
    /// (0x95) whose 8-byte little-endian length fits the file, or an opcode that opens an
    /// object; and the STOP opcode (`.`) as the file's last byte. Protocols 0 and 1 have no
    /// header: ``textPickleEvidence(_:complete:)`` reads them opcode by opcode.
    static func pythonPickle(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard head.count >= 3, head[0] == 0x80, (2...5).contains(head[1]), input.fileSize >= 4
        else { return nil }
        let framed =
            head[1] >= 4 && head[2] == 0x95
            && ByteFields.u64(head, 3, littleEndian: true).map {
                // Header, frame opcode and length take 11 bytes; the size is checked too, as a
                // head read after the file grew can be longer than the size taken before.
                input.fileSize >= 11 && $0 <= input.fileSize - 11
            } == true
        guard framed || pickleOpeners.contains(head[2]),
            input.read(at: input.fileSize - 1, count: 1) == [0x2E]
        else { return nil }
        return SniffResult("org.python.pickle", detail: "pickle protocol \(head[1])")
    }

    /// The value representations of DICOM (PS3.5, 6.2), and those whose explicit-VR
    /// element has two reserved bytes and a 32-bit length (PS3.5, 7.1.2).
    private static let dicomVRs: Set<String> = [
        "AE", "AS", "AT", "CS", "DA", "DS", "DT", "FD", "FL", "IS", "LO", "LT", "OB", "OD", "OF",
        "OL", "OV", "OW", "PN", "SH", "SL", "SQ", "SS", "ST", "SV", "TM", "UC", "UI", "UL", "UN",
        "UR", "US", "UT", "UV",
    ]
    private static let dicomLongVRs: Set<String> = [
        "OB", "OD", "OF", "OL", "OV", "OW", "SQ", "SV", "UC", "UN", "UR", "UT", "UV",
    ]

    /// A DICOM data set stored without PS3.10's preamble and `DICM`, as older tools and
    /// test suites write it.
    ///
    /// Its elements come in ascending tag order from group 0x0002 or 0x0008, in implicit VR
    /// little-endian or explicit VR of either byte order, each value of even length. Six
    /// elements must read so, or the elements must end exactly at the file's end (at least
    /// three).
    static func dicomDataSet(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        guard head.count >= 16 else { return nil }
        for little in [true, false] {
            guard let group = ByteFields.u16(head, 0, littleEndian: little),
                group == 0x0002 || group == 0x0008
            else { continue }
            for explicit in little ? [true, false] : [true] {
                if let count = dicomElements(head, fileSize: fileSize, little, explicit) {
                    let syntax =
                        explicit ? "explicit VR \(little ? "little" : "big")-endian" : "implicit VR"
                    return SniffResult(
                        "org.nema.dicom",
                        detail: "DICOM data set without preamble, \(syntax), \(count) elements"
                    )
                }
            }
        }
        return nil
    }

    /// How many elements read cleanly from the start, or nil when too few do.
    private static func dicomElements(
        _ head: [UInt8],
        fileSize: UInt64,
        _ little: Bool,
        _ explicit: Bool
    ) -> Int? {
        var offset = 0
        var count = 0
        var lastTag: UInt32?
        while count < 6 {
            guard let group = ByteFields.u16(head, offset, littleEndian: little),
                let element = ByteFields.u16(head, offset + 2, littleEndian: little)
            else { break }
            let tag = UInt32(group) << 16 | UInt32(element)
            if let lastTag, tag <= lastTag { return nil }
            lastTag = tag
            var length: UInt32
            var header: Int
            if explicit {
                guard offset + 8 <= head.count else { break }
                let vr = String(decoding: head[(offset + 4)..<(offset + 6)], as: UTF8.self)
                guard dicomVRs.contains(vr) else { return nil }
                if dicomLongVRs.contains(vr) {
                    guard head[offset + 6] == 0, head[offset + 7] == 0,
                        let long = ByteFields.u32(head, offset + 8, littleEndian: little)
                    else { return nil }
                    (length, header) = (long, 12)
                } else {
                    guard let short = ByteFields.u16(head, offset + 6, littleEndian: little) else {
                        return nil
                    }
                    (length, header) = (UInt32(short), 8)
                }
            } else {
                guard let long = ByteFields.u32(head, offset + 4, littleEndian: little) else {
                    break
                }
                (length, header) = (long, 8)
            }
            count += 1
            // An undefined length (a sequence, encapsulated pixel data) cannot be skipped.
            if length == 0xFFFF_FFFF { break }
            guard length % 2 == 0 else { return nil }
            let end = UInt64(offset) + UInt64(header) + UInt64(length)
            guard end <= fileSize else { return nil }
            if end == fileSize { return count >= 3 ? count : nil }
            guard end < UInt64(head.count) else { break }
            offset = Int(end)
        }
        return count >= 6 ? count : nil
    }

    /// A disk image that says what it is in its last 512 bytes, not its first.
    ///
    /// An Apple disk image (UDIF, the `.dmg` of Disk Utility and `hdiutil`) ends with its
    /// `koly` block: the signature, version 4 and the block's size, 512, all big-endian. A
    /// fixed-size Virtual PC/Hyper-V disk (VHD) ends with its footer: `conectix`, and the
    /// disk type 2 (fixed) at 60, big-endian (Microsoft's "Virtual Hard Disk Image Format
    /// Specification"; dynamic disks also open with a copy of the footer, which the
    /// signatures read). Their start is the first chunk of the disk's data, so a compressed
    /// UDIF image (UDZO, UDBZ, ULFO) opens like a zlib, bzip2 or LZFSE stream, and a
    /// read-only or read-write one (UDRO, UDRW) or a fixed VHD like a bare disk: a zero
    /// sector, an Apple partition map or a boot sector. Only files that open so are read at
    /// their end, so that this costs nothing for the rest; without it a compressed image was
    /// called a zlib stream and a fixed VHD plain data, whatever their names.
    static func diskImageTrailer(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard input.fileSize >= 1024, head.count >= 512, mayOpenDiskImage(head),
            let block = input.read(at: input.fileSize - 512, count: 512), block.count == 512
        else { return nil }
        if ByteFields.matches(block, at: 0, "koly"),
            ByteFields.u32(block, 4, littleEndian: false) == 4,
            ByteFields.u32(block, 8, littleEndian: false) == 512
        {
            return SniffResult("com.apple.disk-image-udif", detail: "UDIF koly block at the end")
        }
        if ByteFields.matches(block, at: 0, "conectix"),
            ByteFields.u32(block, 60, littleEndian: false) == 2
        {
            return SniffResult("com.microsoft.vhd", detail: "fixed VHD footer at the end")
        }
        return nil
    }

    /// A raw disk image (`dd` of a whole disk, a virtual machine's `.img`), by its partition
    /// table.
    ///
    /// The master boot record holds four 16-byte entries at 446 and the boot signature
    /// 55 AA at 510. Each entry is empty (all of its status and type zero) or has status 00
    /// or 80 (at most one active), a type, a first sector past the record and inside the
    /// file, and a sector count. A GPT disk (a protective entry, type EE) is left to its
    /// signature, as are the formats that open with a boot record of their own (hybrid ISO
    /// images); this is asked only when nothing else knew the bytes. A volume boot record
    /// without a partition table (a floppy's) is not one.
    static func partitionedDisk(_ input: SniffInput) -> SniffResult? {
        guard let partitions = mbrPartitionCount(input.head, fileSize: input.fileSize) else {
            return nil
        }
        let plural = partitions == 1 ? "" : "s"
        return SniffResult(
            "com.apple.disk-image-raw",
            detail: "MBR partition table, \(partitions) partition\(plural), 55 AA"
        )
    }

    /// The partitions of a master boot record's table, as ``partitionedDisk(_:)`` checks them.
    ///
    /// Nil when the sector is no partitioned disk's. With no file size (the decoded head of a
    /// compressed image), a partition's first sector is not checked against it.
    static func mbrPartitionCount(_ head: [UInt8], fileSize: UInt64?) -> Int? {
        guard head.count >= 512, head[510] == 0x55, head[511] == 0xAA else { return nil }
        var partitions = 0
        var active = 0
        for index in 0..<4 {
            let entry = 446 + 16 * index
            let status = head[entry]
            let type = head[entry + 4]
            if type == 0 {
                guard status == 0 else { return nil }
                continue
            }
            guard status == 0 || status == 0x80, type != 0xEE,
                let first = ByteFields.u32(head, entry + 8, littleEndian: true),
                let count = ByteFields.u32(head, entry + 12, littleEndian: true),
                first >= 1, count >= 1, fileSize.map({ UInt64(first) * 512 < $0 }) ?? true
            else { return nil }
            if status == 0x80 { active += 1 }
            partitions += 1
        }
        return partitions > 0 && active <= 1 ? partitions : nil
    }

    /// Whether a head may be the first bytes of a disk image's data fork: a zlib stream
    /// header, `BZh`, LZFSE's `bvx`, Apple's partition map (`ER`), a sector ending 55 AA, or
    /// a zero sector.
    private static func mayOpenDiskImage(_ head: [UInt8]) -> Bool {
        if WeakEvidence.isZlibHeader(head[0], head[1])
            || ByteFields.matches(head, at: 0, "BZh")
            || ByteFields.matches(head, at: 0, "bvx")
            || ByteFields.matches(head, at: 0, [0x45, 0x52, 0x02, 0x00])
        {
            return true
        }
        return (head[510] == 0x55 && head[511] == 0xAA) || head[0..<512].allSatisfy { $0 == 0 }
    }

    /// The three encodings a PLY header names on its `format` line.
    private static let polygonFileFormats = ["ascii", "binary_little_endian", "binary_big_endian"]

    /// A PLY polygon file, by its text header.
    ///
    /// Greg Turk's "The PLY Polygon File Format": the line `ply`, then (after any `comment`
    /// or `obj_info` lines, which some writers put first) the line `format` with one of three
    /// encodings and a version. The header is text whatever the encoding, so this decides
    /// ASCII and binary files alike, before the text analysis reads an ASCII one as plain
    /// text.
    static func polygonFile(_ head: [UInt8]) -> SniffResult? {
        guard head.count >= 16, ByteFields.matches(head, at: 0, "ply") else { return nil }
        var lines = head.split(separator: 0x0A, maxSplits: 8, omittingEmptySubsequences: false)
            .map { $0.last == 0x0D ? $0.dropLast() : $0 }
        guard lines.count > 2, lines.removeFirst().elementsEqual("ply".utf8) else { return nil }
        for line in lines.dropLast() {
            let words = line.split(separator: 0x20)
            guard let keyword = words.first.map({ String(decoding: $0, as: UTF8.self) }) else {
                return nil
            }
            if keyword == "comment" || keyword == "obj_info" { continue }
            guard keyword == "format", words.count == 3,
                let encoding = polygonFileFormats.first(where: { words[1].elementsEqual($0.utf8) })
            else { return nil }
            return SniffResult(
                "public.polygon-file-format",
                detail: "PLY header, format \(encoding)"
            )
        }
        return nil
    }

    /// A binary STL mesh, by its triangle count and the file's size.
    ///
    /// 3D Systems' StereoLithography Interface Specification (1989): an 80-byte header of
    /// any bytes (often text, sometimes `solid`, which misleads a reader looking for the ASCII
    /// form), the number of triangles as a little-endian 32-bit word, then 50 bytes a
    /// triangle. The format has no magic number; the file's size must be exactly 84 bytes
    /// plus 50 a triangle, which a file of another kind meets by chance about once in four
    /// billion (and a text file only if it is some 27 GB long: its bytes 80 to 83, read as
    /// the count, make over 500 million triangles).
    static func binarySTL(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        guard let count = ByteFields.u32(head, 80, littleEndian: true), count > 0,
            fileSize == 84 + 50 * UInt64(count)
        else { return nil }
        return SniffResult(
            "public.standard-tesselated-geometry-format",
            detail: "binary STL, \(count) triangles fill the file"
        )
    }

    /// The shape types of the ESRI shapefile specification (null, point, polyline, polygon,
    /// multipoint, their Z and M forms, multipatch).
    static let shapeTypes: Set<UInt32> = [0, 1, 3, 5, 8, 11, 13, 15, 18, 21, 23, 25, 28, 31]

    /// An ESRI shapefile's main file (`.shp`) or its index (`.shx`).
    ///
    /// Both open with the same 100-byte header (ESRI's shapefile technical description): the
    /// file code 9994 big-endian, five zero words, the length, the version 1000 and the shape
    /// type little-endian. What follows tells them apart: the main file's first record header
    /// starts with its record number, 1; the index's first entry with the offset of that
    /// record, 50 (16-bit words, just past the header).
    static func shapefile(_ head: [UInt8]) -> SniffResult? {
        guard head.count >= 104, ByteFields.u32(head, 0, littleEndian: false) == 9994,
            head[4..<24].allSatisfy({ $0 == 0 }),
            ByteFields.u32(head, 28, littleEndian: true) == 1000,
            let shape = ByteFields.u32(head, 32, littleEndian: true), shapeTypes.contains(shape)
        else { return nil }
        switch ByteFields.u32(head, 100, littleEndian: false) {
        case 1: return SniffResult("com.esri.shapefile", detail: "shapefile, shape type \(shape)")
        case 50:
            return SniffResult(
                "com.esri.shapefile-index",
                detail: "shapefile index, shape type \(shape)"
            )
        default: return nil
        }
    }

    /// A compiled Python module (`.pyc`): a two-byte version number that names a CPython
    /// release, then CR LF (the "magic number" of `importlib.util.MAGIC_NUMBER`); from
    /// Python 3.7 on (numbers 3390 and up, PEP 552) a flags word of 0, 1 or 3 follows.
    ///
    /// In a tree of Python packages these are a large share of the files, and only libmagic
    /// knew them, at its full cost.
    static func pythonBytecode(_ head: [UInt8]) -> SniffResult? {
        guard head.count >= 16, head[2] == 0x0D, head[3] == 0x0A,
            let number = ByteFields.u16(head, 0, littleEndian: true)
        else { return nil }
        // A pcapng section header block starts 0A 0D 0D 0A, which reads as the number 3338
        // (a Python 3.5 development magic) and CR LF; its byte-order magic at 8 tells it.
        if number == 0x0D0A, let order = ByteFields.u32(head, 8, littleEndian: true),
            order == 0x1A2B_3C4D || order == 0x4D3C_2B1A
        {
            return nil
        }
        // CPython 2.x numbers (1.5's 20121 to 2.7's 62211) and 3.x (3000 to 3999).
        let python2 = [20121, 50428, 50823, 60202, 60717]
        let isPython2 = python2.contains(Int(number)) || (62011...62211).contains(Int(number))
        guard isPython2 || (3000...3999).contains(Int(number)) else { return nil }
        if number >= 3390, number <= 3999 {
            guard let flags = ByteFields.u32(head, 4, littleEndian: true),
                [0, 1, 3].contains(flags)
            else { return nil }
        }
        return SniffResult(
            "org.python.bytecode",
            detail: "Python bytecode, magic number \(number)"
        )
    }

    /// A compiled terminfo entry (term(5)): the legacy magic 0432 or the extended-number
    /// magic 01036, little-endian, then five sizes that must fit the file: the names
    /// section (text ending in a NUL), the Boolean flags, the numbers (2 or 4 bytes each),
    /// the string offsets and the string table.
    static func terminfo(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        guard head.count >= 12, let magic = ByteFields.u16(head, 0, littleEndian: true),
            magic == 0o432 || magic == 0o1036
        else { return nil }
        var sizes: [Int] = []
        for field in 1...5 {
            guard let value = ByteFields.u16(head, field * 2, littleEndian: true) else {
                return nil
            }
            sizes.append(Int(value))
        }
        let (names, booleans, numbers, strings, table) =
            (sizes[0], sizes[1], sizes[2], sizes[3], sizes[4])
        guard names > 1, names <= 4096, booleans <= 512, numbers <= 512, strings <= 4096,
            table <= 65535
        else { return nil }
        let numberSize = magic == 0o1036 ? 4 : 2
        var total = 12 + names + booleans
        if total % 2 == 1 { total += 1 }
        total += numbers * numberSize + strings * 2 + table
        guard UInt64(total) <= fileSize, 12 + names <= head.count else { return nil }
        // The names: printable text such as "xterm|xterm terminal emulator", ending in NUL.
        let nameBytes = head[12..<(12 + names)]
        guard nameBytes.last == 0,
            nameBytes.dropLast().allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
        else { return nil }
        return SniffResult(
            magic == 0o1036 ? "org.gnu.terminfo2" : "org.gnu.terminfo",
            detail: "terminfo entry, \(names - 1)-byte names, \(strings) strings"
        )
    }

    /// A tar archive, by its first header block.
    ///
    /// The checksum stored at 148 must equal the sum of the block's bytes (the checksum field
    /// counted as spaces; old writers summed signed bytes). With the `ustar` magic at 257 that
    /// is enough; a pre-POSIX (v7) header must also have a name, an octal mode and a known
    /// type flag.
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
        if ByteFields.matches(head, at: 257, "ustar") {
            let name = head[0..<100].prefix { $0 != 0 }
            // A Gentoo binary package (GLEP 78) is a ustar archive of one directory whose
            // first member, `<package>/gpkg-1`, names the format.
            let marker = Array("/gpkg-1".utf8)
            if name.count > marker.count, name.suffix(marker.count).elementsEqual(marker),
                !name.dropLast(marker.count).contains(UInt8(ascii: "/"))
            {
                return SniffResult("org.gentoo.gpkg", detail: "ustar, first member */gpkg-1")
            }
            // A Ruby gem (RubyGems' package format, as `gem build` writes it) is a ustar
            // archive whose first member is metadata.gz, the gzipped specification.
            if name.elementsEqual("metadata.gz".utf8),
                head.count < 514 || (head[512] == 0x1F && head[513] == 0x8B)
            {
                return SniffResult("org.rubygems.gem", detail: "ustar, first member metadata.gz")
            }
        }
        if ByteFields.matches(head, at: 257, "ustar\u{0}00") {
            return SniffResult("public.tar-archive", detail: "POSIX ustar header, checksum matches")
        }
        if ByteFields.matches(head, at: 257, "ustar  \u{0}") {
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
        guard head.count >= 10, ByteFields.matches(head, at: 0, "BZh"),
            (0x31...0x39).contains(head[3])
        else { return nil }
        let magic = Array(head[4..<10])
        guard
            magic == [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]
                || magic == [0x17, 0x72, 0x45, 0x38, 0x50, 0x90]
        else { return nil }
        return SniffResult("public.bzip2-archive", detail: "bzip2 stream")
    }

    /// ELF by its identification bytes and object type (`e_type`), and AppImage bundles by
    /// the mark their runtime leaves in the identification's padding.
    ///
    /// A shared object (`ET_DYN`) is a library or a position-independent executable; as in
    /// file(1), the `DF_1_PIE` flag of its dynamic section tells them apart (read through the
    /// `PT_DYNAMIC` program header, bounded). Without the flag, or without a dynamic section
    /// in the file (a separate debug-symbols file), it is a library: a library that can also
    /// run (glibc's `libc.so.6` has an interpreter) is one. When even the program headers
    /// cannot be read it stays a plain ELF binary.
    private static func elf(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard head.starts(with: [0x7F, 0x45, 0x4C, 0x46]), head.count >= 18,
            head[4] == 1 || head[4] == 2, head[5] == 1 || head[5] == 2, head[6] == 1,
            let type = ByteFields.u16(head, 16, littleEndian: head[5] == 1)
        else { return nil }
        // An AppImage is an ELF runtime with its file system appended, and says which in the
        // identification's padding: "AI" and 1 (ISO 9660, type 1) or 2 (squashfs, type 2).
        if type == 2 || type == 3, head[8] == UInt8(ascii: "A"), head[9] == UInt8(ascii: "I") {
            switch head[10] {
            case 1:
                return SniffResult(
                    "org.appimage.iso9660-appimage",
                    detail: "ELF executable, AppImage type 1 (AI 01)"
                )
            case 2:
                return SniffResult(
                    "org.appimage.appimage",
                    detail: "ELF executable, AppImage type 2 (AI 02)"
                )
            default: break
            }
        }
        switch type {
        case 1: return SniffResult("com.sco.elf-relocatable", detail: "ELF relocatable object")
        case 2: return SniffResult("public.elf-binary", detail: "ELF executable")
        case 3:
            switch ELFDynamic(input)?.isPositionIndependentExecutable {
            case true?:
                return SniffResult(
                    "public.elf-binary",
                    detail: "ELF position-independent executable"
                )
            case false?:
                return SniffResult("com.sco.elf-shared-library", detail: "ELF shared object")
            case nil:
                return SniffResult("public.elf-binary", detail: "ELF shared object")
            }
        case 4: return SniffResult("com.sco.elf-core-dump", detail: "ELF core dump")
        default: return nil
        }
    }
}

extension BinarySniffer {
    /// The Mach-O file types (`MH_OBJECT`, `MH_EXECUTE`, `MH_CORE`, `MH_DYLIB`, `MH_BUNDLE`
    /// in `<mach-o/loader.h>`) that Apple's table names; the others stay Mach-O binaries.
    private static let machOKinds: [UInt32: (identifier: String, name: String)] = [
        1: ("com.apple.mach-o-object", "object"),
        2: ("com.apple.mach-o-executable", "executable"),
        4: ("com.apple.mach-o-core", "core dump"),
        6: ("com.apple.mach-o-dylib", "dynamic library"),
        8: ("com.apple.mach-o-bundle", "bundle"),
    ]

    /// A Mach-O file by its header (`<mach-o/loader.h>`): the magic `FEEDFACE` (32-bit) or
    /// `FEEDFACF` (64-bit) in the file's byte order, a CPU type, a file type from 1 to 12 and
    /// a load command count below 65,536; or a universal ("fat") file, `CAFEBABE` and a count
    /// of architectures below 45, where a Java class file, with the same magic, has its
    /// major version (45 and up).
    static func machO(_ head: [UInt8]) -> SniffResult? {
        guard head.count >= 28, let magic = ByteFields.u32(head, 0, littleEndian: false) else {
            return nil
        }
        if magic == 0xCAFE_BABE || magic == 0xCAFE_BABF {
            guard let count = ByteFields.u32(head, 4, littleEndian: false),
                (1..<45).contains(count),
                let cpu = ByteFields.u32(head, 8, littleEndian: false), cpu & 0x00FF_FFFF != 0,
                cpu & 0x00FF_FFFF < 64
            else { return nil }
            return SniffResult(
                "com.apple.mach-o-binary",
                detail: "Mach-O universal binary, \(count) architectures"
            )
        }
        let little: Bool
        switch magic {
        case 0xFEED_FACE, 0xFEED_FACF: little = false
        case 0xCEFA_EDFE, 0xCFFA_EDFE: little = true
        default: return nil
        }
        guard let cpu = ByteFields.u32(head, 4, littleEndian: little), cpu & 0x00FF_FFFF != 0,
            cpu & 0x00FF_FFFF < 64,
            let fileType = ByteFields.u32(head, 12, littleEndian: little),
            (1...12).contains(fileType),
            let commands = ByteFields.u32(head, 16, littleEndian: little), commands < 65_536
        else { return nil }
        let width = magic == 0xFEED_FACF || magic == 0xCFFA_EDFE ? "64-bit" : "32-bit"
        guard let kind = machOKinds[fileType] else {
            return SniffResult(
                "com.apple.mach-o-binary",
                detail: "Mach-O \(width), file type \(fileType)"
            )
        }
        return SniffResult(kind.identifier, detail: "Mach-O \(width) \(kind.name)")
    }
}

/// The program headers of an ELF shared object, read as far as they tell whether it is a
/// position-independent executable.
private struct ELFDynamic {
    /// True when `DT_FLAGS_1` in the dynamic section has `DF_1_PIE`.
    let isPositionIndependentExecutable: Bool

    /// Program headers past this many are not read (real files have a dozen or so).
    private static let maximumHeaders = 256
    /// A dynamic section longer than this is read only this far (`DT_FLAGS_1` comes early).
    private static let maximumDynamicBytes = 16 * 1024

    init?(_ input: SniffInput) {
        let head = input.head
        let wide = head[4] == 2
        let little = head[5] == 1
        func word(_ bytes: [UInt8], _ at: Int) -> UInt64? {
            ELFDynamic.word(bytes, at, wide: wide, little: little)
        }
        guard let tableOffset = word(head, wide ? 32 : 28),
            let entrySize = ByteFields.u16(head, wide ? 54 : 42, littleEndian: little),
            let entryCount = ByteFields.u16(head, wide ? 56 : 44, littleEndian: little),
            Int(entrySize) >= (wide ? 56 : 32), entrySize <= 128, entryCount > 0
        else { return nil }
        let count = min(Int(entryCount), Self.maximumHeaders)
        guard
            let table = input.read(at: tableOffset, count: count * Int(entrySize)),
            table.count == count * Int(entrySize)
        else { return nil }
        var dynamic: (offset: UInt64, size: UInt64)?
        for index in 0..<count {
            let at = index * Int(entrySize)
            guard let kind = ByteFields.u32(table, at, littleEndian: little) else {
                return nil
            }
            if kind == 2, let offset = word(table, at + (wide ? 8 : 4)),
                let size = word(table, at + (wide ? 32 : 16))
            {
                dynamic = (offset, size)
            }
        }
        let flags = dynamic.flatMap { Self.flags1(input, $0, wide: wide, little: little) }
        isPositionIndependentExecutable = (flags ?? 0) & 0x0800_0000 != 0  // DF_1_PIE
    }

    /// An address-sized field: 8 bytes in a 64-bit file, 4 in a 32-bit one.
    private static func word(_ bytes: [UInt8], _ at: Int, wide: Bool, little: Bool) -> UInt64? {
        wide
            ? ByteFields.u64(bytes, at, littleEndian: little)
            : ByteFields.u32(bytes, at, littleEndian: little).map(UInt64.init)
    }

    /// The value of `DT_FLAGS_1` (0 when the section has none), or nil when the section
    /// cannot be read.
    private static func flags1(
        _ input: SniffInput,
        _ dynamic: (offset: UInt64, size: UInt64),
        wide: Bool,
        little: Bool
    ) -> UInt64? {
        let entry = wide ? 16 : 8
        let length = Int(min(dynamic.size, UInt64(maximumDynamicBytes))) / entry * entry
        guard length > 0, let bytes = input.read(at: dynamic.offset, count: length),
            bytes.count == length
        else { return nil }
        for at in stride(from: 0, to: length, by: entry) {
            guard let tag = word(bytes, at, wide: wide, little: little),
                let value = word(bytes, at + entry / 2, wide: wide, little: little)
            else { return nil }
            if tag == 0 { return 0 }  // DT_NULL ends the section
            if tag == 0x6FFF_FFFB { return value }  // DT_FLAGS_1
        }
        return 0
    }
}
