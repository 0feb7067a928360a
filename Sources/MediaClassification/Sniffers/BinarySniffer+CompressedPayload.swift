extension BinarySniffer {
    /// The compressors whose streams the sniffer reads into, with the type of a tar archive
    /// each holds (the kind of compressed file GIO names by its `.tar.*` glob).
    enum Compressor: Sendable, Hashable {
        case gzip, bzip2, xz, lzip, lzma, lz4, lz4Legacy, zstd, compress, lzop

        var tarType: String {
            switch self {
            case .gzip: "org.gnu.gnu-zip-tar-archive"
            case .bzip2: "public.tar-bzip2-archive"
            case .xz: "org.tukaani.tar-xz-archive"
            case .lzip: "org.nongnu.lzip-tar-archive"
            case .lzma: "org.tukaani.lzma-tar-archive"
            case .lz4, .lz4Legacy: "org.lz4.lz4-tar-archive"
            case .zstd: "com.facebook.zstandard-tar-archive"
            case .compress: "org.unix.compress-tar-archive"
            case .lzop: "org.lzop.lzop-tar-archive"
            }
        }

        var name: String {
            switch self {
            case .gzip: "gzip"
            case .bzip2: "bzip2"
            case .xz: "xz"
            case .lzip: "lzip"
            case .lzma: "LZMA"
            case .lz4: "LZ4"
            case .lz4Legacy: "legacy LZ4"
            case .zstd: "Zstandard"
            case .compress: "compress (LZW)"
            case .lzop: "lzop (LZO1X)"
            }
        }

        /// The first `limit` bytes of the stream that opens `head`, decoded as far as the
        /// head goes.
        func decode(_ head: [UInt8], limit: Int) -> [UInt8] {
            switch self {
            case .gzip: Inflate.inflate(head, format: .gzip, outputLimit: limit).bytes
            case .bzip2: BZip2.decodeFirstBlock(head, outputLimit: limit)
            case .xz: LZMA.decodeXZ(head, outputLimit: limit)
            case .lzip: LZMA.decodeLzip(head, outputLimit: limit)
            case .lzma: LZMA.decodeLZMAAlone(head, outputLimit: limit)
            case .lz4: LZ4.decodeFrame(head, outputLimit: limit)
            case .lz4Legacy: LZ4.decodeLegacyFrame(head, outputLimit: limit)
            case .zstd: Zstd.decodeFrame(head, outputLimit: limit)
            case .compress: LZW.decode(head, outputLimit: limit)
            case .lzop: LZO.decode(head, outputLimit: limit)
            }
        }
    }

    /// What a compressed stream holds, when its first bytes name a format that has a
    /// compressed type of its own: a tar archive in any of the compressors (`.tar.gz`,
    /// `.tar.bz2`, `.tar.xz`, `.tar.lz`, `.tar.lzma`, `.tar.lz4`, `.tar.zst`, `.tar.Z`,
    /// `.tar.lzo`); a cpio archive in gzip (`.cpio.gz`, an initramfs); a PDF document in
    /// gzip, bzip2, xz or lzip (`.pdf.gz`, `.pdf.bz2`, `.pdf.xz`, `.pdf.lz`); a PostScript
    /// or DVI document in gzip or bzip2 and a console font in gzip (`.ps.gz`, `.dvi.bz2`,
    /// `.psf.gz`, as Debian ships its manuals and fonts); and in gzip also an SVG image
    /// (`.svgz`), an Enhanced or Windows Metafile (`.emz`, `.wmz`), a Gnumeric workbook
    /// (`.gnumeric`).
    ///
    /// The stream is decoded to its first 4 KiB from the head (bzip2's from the first MiB,
    /// its first block being needed whole): a tar header is the first 512 bytes, a
    /// metafile's header fewer, an SVG root element follows at most a prolog and a few
    /// comments. A stream cut short by the head is read as far as it goes. Content decides
    /// here as the name does in GIO (`x.tar.gz` is a compressed tar), so a file's answer no
    /// longer changes with its name.
    static func compressedPayload(_ head: [UInt8], _ compressor: Compressor) -> SniffResult? {
        let bytes = compressor.decode(head, limit: 4096)
        guard bytes.count >= 4 else { return nil }
        if bytes.count >= 512, let tar = tar(Array(bytes.prefix(512))),
            tar.identifier == "public.tar-archive"
        {
            return SniffResult(
                compressor.tarType,
                detail: "\(compressor.name) stream holding a tar archive (\(tar.detail))"
            )
        }
        if let (document, holds) = compressedDocument(bytes),
            let identifier = compressedDocumentTypes[compressor]?[document]
        {
            return SniffResult(identifier, detail: "\(compressor.name) stream holding \(holds)")
        }
        guard compressor == .gzip else { return nil }
        if let format = cpioFormat(bytes) {
            return SniffResult(
                "org.gnu.gnu-zip-cpio-archive",
                detail: "gzip stream holding a cpio archive (\(format) header)"
            )
        }
        if bytes.count >= 44, ByteFields.matches(bytes, at: 0, [1, 0, 0, 0]),
            ByteFields.matches(bytes, at: 40, " EMF")
        {
            return SniffResult("com.microsoft.emz", detail: "gzip stream holding an EMF header")
        }
        if isWindowsMetafile(bytes) {
            return SniffResult("com.microsoft.wmz", detail: "gzip stream holding a WMF header")
        }
        guard let root = bytes.withUnsafeBufferPointer({ SignatureXMLRoot.read($0) }) else {
            return nil
        }
        if root.localName == "svg",
            root.namespaceURI.isEmpty || root.namespaceURI == "http://www.w3.org/2000/svg"
        {
            return SniffResult("org.w3.svgz", detail: "gzip stream holding an svg root element")
        }
        // Gnumeric saves its XML workbook gzip-compressed by default.
        if root.localName == "Workbook", root.namespaceURI == "http://www.gnumeric.org/v10.dtd" {
            return SniffResult(
                "org.gnome.gnumeric",
                detail: "gzip stream holding a Gnumeric Workbook root element"
            )
        }
        return nil
    }

    /// The kind of cpio header that opens `bytes` (an initramfs, an RPM payload, `find |
    /// cpio -o`): the portable ASCII header (`070707` and ten octal fields, 76 bytes), the
    /// new ASCII header (`070701`, or `070702` with checksums, and thirteen hexadecimal
    /// fields, 110 bytes), or the old binary header (0x71C7 in either byte order, with a
    /// name length of 1 to 4,096), else `nil`.
    static func cpioFormat(_ bytes: [UInt8]) -> String? {
        func all(_ range: Range<Int>, _ digit: (UInt8) -> Bool) -> Bool {
            range.upperBound <= bytes.count && bytes[range].allSatisfy(digit)
        }
        if ByteFields.matches(bytes, at: 0, "070707"),
            all(6..<76, { (0x30...0x37).contains($0) })
        {
            return "portable ASCII"
        }
        if ByteFields.matches(bytes, at: 0, "07070"), bytes.count > 5,
            bytes[5] == 0x31 || bytes[5] == 0x32,
            all(6..<110, { (0x30...0x39).contains($0) || (0x41...0x46).contains($0 & 0xDF) })
        {
            return "new ASCII"
        }
        for littleEndian in [true, false] {
            if ByteFields.u16(bytes, 0, littleEndian: littleEndian) == 0o070707,
                let nameSize = ByteFields.u16(bytes, 20, littleEndian: littleEndian),
                (1...4096).contains(nameSize), bytes.count >= 26
            {
                return "binary"
            }
        }
        return nil
    }

    /// The documents whose compressed forms shared-mime-info names (`application/x-gzpdf`,
    /// `application/x-bzpdf`, `application/x-xzpdf`, `application/x-lzpdf`,
    /// `application/x-gzpostscript`, `application/x-bzpostscript`, `application/x-gzdvi`,
    /// `application/x-bzdvi`, `application/x-gz-font-linux-psf`,
    /// `application/x-raw-disk-image-xz-compressed`).
    enum CompressedDocument: Sendable, Hashable {
        case pdf, postScript, dvi, consoleFont, diskImage
    }

    /// The declared type of each compressed document, by compressor.
    static let compressedDocumentTypes: [Compressor: [CompressedDocument: String]] = [
        .gzip: [
            .pdf: "org.gnu.gnu-zip-pdf", .postScript: "org.gnu.gnu-zip-postscript",
            .dvi: "org.gnu.gnu-zip-dvi", .consoleFont: "org.gnu.gnu-zip-linux-psf-font",
        ],
        .bzip2: [
            .pdf: "org.sourceware.bzip2-pdf", .postScript: "org.sourceware.bzip2-postscript",
            .dvi: "org.sourceware.bzip2-dvi",
        ],
        .xz: [.pdf: "org.tukaani.xz-pdf", .diskImage: "org.tukaani.xz-raw-disk-image"],
        .lzip: [.pdf: "org.nongnu.lzip-pdf"],
    ]

    /// The document that decoded bytes open, by its header: `%PDF-`; `%!PS`; DVI's preamble
    /// (F7, format 2, then a numerator, a denominator and a magnification, none zero: TeX and
    /// groff choose different units); a PSF 1 font (36 04, a mode below 8) or a PSF 2 font
    /// (72 B5 4A 86, version 0, a 32-byte header); a disk image, by a GPT header behind its
    /// protective MBR or an MBR partition table (as Raspberry Pi and other `.img.xz` images
    /// are shipped).
    static func compressedDocument(_ bytes: [UInt8]) -> (CompressedDocument, String)? {
        if ByteFields.matches(bytes, at: 0, "%PDF-") { return (.pdf, "a PDF header") }
        if ByteFields.matches(bytes, at: 0, "%!PS") { return (.postScript, "a PostScript header") }
        if bytes.count >= 15, bytes[0] == 0xF7, bytes[1] == 0x02,
            [2, 6, 10].allSatisfy({ (ByteFields.u32(bytes, $0, littleEndian: false) ?? 0) != 0 })
        {
            return (.dvi, "a DVI preamble")
        }
        if bytes.count >= 4, bytes[0] == 0x36, bytes[1] == 0x04, bytes[2] < 8, bytes[3] > 0 {
            return (.consoleFont, "a PSF 1 font header")
        }
        if ByteFields.matches(bytes, at: 0, [0x72, 0xB5, 0x4A, 0x86, 0, 0, 0, 0, 0x20, 0, 0, 0]) {
            return (.consoleFont, "a PSF 2 font header")
        }
        if bytes.count >= 520, bytes[510] == 0x55, bytes[511] == 0xAA,
            ByteFields.matches(bytes, at: 512, "EFI PART")
        {
            return (.diskImage, "a disk's protective MBR and GPT header")
        }
        if let partitions = mbrPartitionCount(bytes, fileSize: nil) {
            return (.diskImage, "a disk's MBR partition table (\(partitions) in use)")
        }
        return nil
    }

    /// A Windows Metafile's opening: the placeable header's key (D7 CD C6 9A), or the
    /// standard header: type 1 (memory) or 2 (disk), a 9-word header, version 1.0 or 3.0.
    private static func isWindowsMetafile(_ bytes: [UInt8]) -> Bool {
        if ByteFields.matches(bytes, at: 0, [0xD7, 0xCD, 0xC6, 0x9A]) { return true }
        guard bytes.count >= 6, bytes[0] == 1 || bytes[0] == 2, bytes[1] == 0 else { return false }
        return ByteFields.matches(bytes, at: 2, [0x09, 0x00])
            && (ByteFields.matches(bytes, at: 4, [0x00, 0x01])
                || ByteFields.matches(bytes, at: 4, [0x00, 0x03]))
    }
}
