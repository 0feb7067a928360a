// MARK: - JPEG and MPO

extension ImageSniffer {
    /// The most JPEG marker segments walked before the first scan.
    static let maximumJPEGSegments = 64

    /// A JPEG, or a Multi-Picture Format file (CIPA DC-007) when an APP2 `MPF` segment holds
    /// an MP index of more than one image and one of them is a multi-frame image (panorama,
    /// disparity or multi-angle view) or, after the first, of undefined type (as Pillow's MPO
    /// writer and some cameras mark the other views).
    ///
    /// Cameras also write an MP index for a plain photograph with large preview thumbnails;
    /// that file stays a JPEG. So does a JPEG with a gain map (Ultra HDR, ISO 21496-1, Apple's
    /// HDR photographs), whose second image is of undefined type too: the primary image's
    /// `hdrgm:` XMP or ISO 21496-1 APP2 segment, or the second image's own metadata, names
    /// it. A JPEG-LS frame header makes the file JPEG-LS.
    static func sniffJPEG(_ input: SniffInput) -> SniffResult {
        let jpeg = SniffResult("public.jpeg", detail: "JPEG SOI marker")
        var offset: UInt64 = 2
        var gainMap = false
        for _ in 0..<maximumJPEGSegments {
            guard let marker = readExactly(input, at: offset, count: 4), marker[0] == 0xFF else {
                return jpeg
            }
            let code = marker[1]
            if code == 0xFF {  // fill byte
                offset += 1
                continue
            }
            if code == 0x01 || (0xD0...0xD7).contains(code) {  // no length
                offset += 2
                continue
            }
            // A JPEG-LS frame header (SOF55, ITU-T T.87 / ISO/IEC 14495-1) makes it JPEG-LS,
            // which shares the SOI marker and segment syntax but no JPEG decoder reads.
            if code == 0xF7 {
                return SniffResult(
                    "org.jpeg.jpeg-ls",
                    detail: "JPEG SOI marker, JPEG-LS frame (SOF55)"
                )
            }
            // Stop at the first scan, the end, or a frame header: the MPF segment comes first.
            if code == 0xDA || code == 0xD9
                || (0xC0...0xCF).contains(code) && code != 0xC4
                    && code != 0xC8 && code != 0xCC
            {
                return jpeg
            }
            guard let length = ByteFields.u16(marker, 2, littleEndian: false), length >= 2 else {
                return jpeg
            }
            // APP1 and APP2 segments are told by the identifier that opens them; only the
            // MP index and XMP are read whole (an ICC profile or Exif block is not).
            if code == 0xE1 || code == 0xE2, length >= 16,
                let identifier = readExactly(input, at: offset + 4, count: 14)
            {
                let body = { readExactly(input, at: offset + 4, count: Int(length) - 2) }
                if code == 0xE2, ByteFields.matches(identifier, at: 0, "MPF\u{0}") {
                    guard let body = body() else { return jpeg }
                    let header = offset + 8
                    return multiPicture(Array(body[4...])) { data in
                        // An undefined view is a gain map when metadata says so; one that
                        // cannot be read (a stream's unbuffered tail) is not taken for a view.
                        let view = namesGainMap(input, at: header + UInt64(data))
                        return gainMap || view != false
                    } ?? jpeg
                }
                if code == 0xE2, ByteFields.matches(identifier, at: 0, "urn:iso:std:") {
                    gainMap = true
                } else if code == 0xE1,
                    ByteFields.matches(identifier, at: 0, "http://ns.ado"),
                    let xmp = body(), find(xmp[...], "hdrgm:Version", from: 0) != nil
                {
                    gainMap = true
                }
            }
            offset += 2 + UInt64(length)
        }
        return jpeg
    }

    /// What names a gain map in its own image's metadata: Ultra HDR's XMP namespace prefix,
    /// ISO 21496-1's URN, Apple's HDR gain map namespace.
    private static let gainMapMarkers = [
        "hdrgm:Version", "urn:iso:std:iso:ts:21496:-1", "ns.apple.com/HDRGainMap",
    ]

    /// Whether the first 4 KiB of the JPEG at `offset` (its own metadata segments) hold one
    /// of ``gainMapMarkers``; `nil` when no JPEG can be read there.
    private static func namesGainMap(_ input: SniffInput, at offset: UInt64) -> Bool? {
        guard let bytes = input.read(at: offset, count: 4096), bytes.count >= 4,
            bytes[0] == 0xFF, bytes[1] == 0xD8
        else { return nil }
        return gainMapMarkers.contains { find(bytes[...], $0, from: 0) != nil }
    }

    /// Reads an MP index IFD (a TIFF structure) and decides MPO, a JPEG whose index lists
    /// other images (MPO by an `.mpo` name), or `nil` (a plain JPEG).
    ///
    /// - Parameters:
    ///   - tiff: The index, from its TIFF header on.
    ///   - isGainMap: Whether the image whose data starts at the given offset from the TIFF
    ///     header is a gain map; asked of the first other image of undefined type.
    /// - Returns: The answer, or `nil` when there is no valid index of several images.
    private static func multiPicture(
        _ tiff: [UInt8],
        isGainMap: (UInt32) -> Bool
    ) -> SniffResult? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        if tiff[0] == 0x49, tiff[1] == 0x49 {
            little = true
        } else if tiff[0] == 0x4D, tiff[1] == 0x4D {
            little = false
        } else {
            return nil
        }
        guard ByteFields.u16(tiff, 2, littleEndian: little) == 42,
            let ifd = ByteFields.u32(tiff, 4, littleEndian: little).map(Int.init), ifd >= 8,
            let count = ByteFields.u16(tiff, ifd, littleEndian: little)
        else { return nil }
        var images: UInt32?
        var entryList: (offset: Int, count: Int)?
        for index in 0..<min(Int(count), 64) {
            let base = ifd + 2 + index * 12
            guard let tag = ByteFields.u16(tiff, base, littleEndian: little),
                let items = ByteFields.u32(tiff, base + 4, littleEndian: little),
                let value = ByteFields.u32(tiff, base + 8, littleEndian: little)
            else { break }
            switch tag {
            case 0xB001: images = value
            case 0xB002: entryList = (Int(value), Int(items / 16))
            default: break
            }
        }
        guard let images, images > 1, let entryList, entryList.count == Int(images) else {
            return nil
        }
        // A photograph with other images indexed beside it: a name may still call it MPO.
        var indexed = SniffResult(
            "public.jpeg",
            detail: "JPEG SOI marker, an MPF index of \(images) images"
        )
        indexed.alternatives = ["public.mpo-image"]
        var kinds: [String] = []
        for index in 0..<min(entryList.count, 64) {
            let base = entryList.offset + index * 16
            guard let attribute = ByteFields.u32(tiff, base, littleEndian: little) else {
                return nil
            }
            let type = attribute & 0x00FF_FFFF
            switch type {
            case 0x02_0001: kinds.append("panorama")
            case 0x02_0002: kinds.append("disparity")
            case 0x02_0003: kinds.append("multi-angle")
            case 0 where index > 0 && !kinds.contains("undefined views"):
                guard let data = ByteFields.u32(tiff, base + 8, littleEndian: little) else {
                    return nil
                }
                if isGainMap(data) { return indexed }
                kinds.append("undefined views")
            default: break
            }
        }
        guard let kind = kinds.first else { return indexed }
        return SniffResult(
            "public.mpo-image",
            detail: "JPEG with an MPF index of \(images) images (\(kind))"
        )
    }
}

// MARK: - JPEG 2000 family

extension ImageSniffer {
    /// The JP2 family after the `jP  ` signature box, by the `ftyp` box that must follow it:
    /// brand `jp2 ` a JP2 still, `jpx ` JPX, `jpm ` JPM, `mjp2`/`mj2s` Motion JPEG 2000.
    static func sniffJP2(_ head: [UInt8]) -> SniffResult {
        let still = SniffResult("public.jpeg-2000", detail: "JP2 signature box, no ftyp box")
        guard let size = ByteFields.u32(head, 12, littleEndian: false), size >= 16,
            MediaBytes.fourCC(head, 16) == "ftyp", let major = MediaBytes.fourCC(head, 20)
        else { return still }
        var brands = [major]
        var offset = 28
        while offset + 4 <= min(12 + Int(size), head.count), brands.count < 64 {
            if let brand = MediaBytes.fourCC(head, offset) { brands.append(brand) }
            offset += 4
        }
        let families: [(brands: [String], identifier: String)] = [
            (["mjp2", "mj2s"], "org.jpeg.mj2"),
            (["jpm "], "org.jpeg.jpm"),
            (["jpx "], "org.jpeg.jpx"),
            (["jp2 ", "jph "], "public.jpeg-2000"),
        ]
        // The major brand decides; a compatible brand only when the major one is unknown.
        for candidate in [[major], brands] {
            for family in families where candidate.contains(where: family.brands.contains) {
                return SniffResult(
                    family.identifier,
                    detail: "JP2 signature box, ftyp major \(MediaBytes.printable(major))"
                )
            }
        }
        return still
    }
}

extension ImageSniffer {
    /// A bare JPEG 2000 codestream (ISO/IEC 15444-1 Annex A): the SOC marker, then a SIZ
    /// segment whose length fits its component count, an image area and tile size that are not
    /// empty, and a first component of a sane depth and sampling.
    static func sniffCodestream(_ head: [UInt8]) -> SniffResult? {
        func be32(_ offset: Int) -> UInt32? { ByteFields.u32(head, offset, littleEndian: false) }
        guard let length = ByteFields.u16(head, 4, littleEndian: false),
            let components = ByteFields.u16(head, 40, littleEndian: false),
            (1...16_384).contains(components), Int(length) == 38 + 3 * Int(components),
            let width = be32(8), let height = be32(12), let left = be32(16), let top = be32(20),
            width > left, height > top,
            let tileWidth = be32(24), tileWidth > 0, let tileHeight = be32(28), tileHeight > 0,
            head.count >= 45, head[42] & 0x7F < 38, head[43] > 0, head[44] > 0
        else { return nil }
        return SniffResult(
            "org.jpeg.jpeg-2000-codestream",
            detail: "JPEG 2000 codestream SOC+SIZ, \(width - left)x\(height - top), "
                + "\(components) component(s)"
        )
    }

    /// A JPEG XS codestream (ISO/IEC 21122-1): SOC, the capabilities marker CAP with its
    /// length, then the picture header PIH, whose length is always 26 and which states the
    /// codestream's size in bytes (Lcod), the width, the height and 1 to 8 components.
    ///
    /// A `.jxsv` file is such codestreams back to back, one a frame: when the end-of-codestream
    /// marker lies where Lcod says and the next codestream's SOC and CAP follow it, the file
    /// is JPEG XS video.
    static func sniffJPEGXS(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        func be16(_ offset: Int) -> UInt16? { ByteFields.u16(head, offset, littleEndian: false) }
        guard let capLength = be16(4), capLength >= 2 else { return nil }
        let header = 4 + Int(capLength)
        guard ByteFields.matches(head, at: header, [0xFF, 0x12, 0x00, 0x1A]),
            let size = ByteFields.u32(head, header + 4, littleEndian: false),
            let width = be16(header + 12), width > 0, let height = be16(header + 14), height > 0,
            head.count > header + 20, (1...8).contains(head[header + 20])
        else { return nil }
        let picture = "\(width)x\(height), \(head[header + 20]) component(s)"
        let end = UInt64(size)
        if end >= UInt64(header + 28), end + 4 <= input.fileSize,
            input.read(at: end - 2, count: 6) == [0xFF, 0x11, 0xFF, 0x10, 0xFF, 0x50]
        {
            return SniffResult(
                "org.jpeg.jpeg-xs-video",
                detail: "JPEG XS codestreams back to back (the first \(size) bytes), \(picture)"
            )
        }
        return SniffResult(
            "org.jpeg.jpeg-xs-codestream",
            detail: "JPEG XS codestream SOC+CAP+PIH, \(picture)"
        )
    }
}
