/// Sniffs Advanced Systems Format files (WMV, WMA) by the stream types in the header's
/// Stream Properties objects.
package enum ASFSniffer {
    /// The most header objects one input may make the sniffer visit.
    static let maximumObjects = 10_000

    // GUIDs as they are stored: the first three fields little-endian.
    static let headerObject: [UInt8] = [
        0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11,
        0xA6, 0xD9, 0x00, 0xAA, 0x00, 0x62, 0xCE, 0x6C,
    ]
    static let streamPropertiesObject: [UInt8] = [
        0x91, 0x07, 0xDC, 0xB7, 0xB7, 0xA9, 0xCF, 0x11,
        0x8E, 0xE6, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65,
    ]
    static let audioMedia: [UInt8] = [
        0x40, 0x9E, 0x69, 0xF8, 0x4D, 0x5B, 0xCF, 0x11,
        0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B,
    ]
    static let videoMedia: [UInt8] = [
        0xC0, 0xEF, 0x19, 0xBC, 0x4D, 0x5B, 0xCF, 0x11,
        0xA8, 0xFD, 0x00, 0x80, 0x5F, 0x5C, 0x44, 0x2B,
    ]

    static let headerExtensionObject: [UInt8] = [
        0xB5, 0x03, 0xBF, 0x5F, 0x2E, 0xA9, 0xCF, 0x11,
        0x8E, 0xE3, 0x00, 0xC0, 0x0C, 0x20, 0x53, 0x65,
    ]
    static let extendedStreamPropertiesObject: [UInt8] = [
        0xCB, 0xA5, 0xE6, 0x14, 0x72, 0xC6, 0x32, 0x43,
        0x83, 0x99, 0xA9, 0x69, 0x52, 0x06, 0x5B, 0x5A,
    ]

    /// The `BITMAPINFOHEADER` compression codes of the Windows Media Video family.
    ///
    /// WMV 7, 8 and 9, its advanced profile and VC-1, the WMV 9 image codecs and Windows
    /// Media Screen. Microsoft calls an ASF file `.wmv` when its video is one of these; ASF
    /// files of the Windows Media Tools 4 era carry MPEG-4 (`MP43`, `MP4S`) or other video
    /// and are `.asf`.
    static let windowsMediaVideoCodes: Set<String> = [
        "WMV1", "WMV2", "WMV3", "WMVA", "WVC1", "WMVP", "WVP2", "MSS1", "MSS2",
    ]

    /// Classifies an ASF file as Windows Media video or audio.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: WMV when a video stream is declared whose codec is Windows Media Video or
    ///   cannot be read, ASF video when every video stream names another codec, WMA for audio
    ///   only, plain ASF when no audio or video stream is declared, or `nil` when the header
    ///   object is malformed.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        var reader = MediaWindowReader(input)
        guard let header = reader.bytes(at: 0, count: 30),
            MediaBytes.matches(header, 0, headerObject),
            let headerSize = MediaBytes.u64le(header, 16),
            let declaredCount = MediaBytes.u32le(header, 24),
            headerSize >= 30
        else { return nil }
        let end = min(headerSize, input.fileSize)
        var visited = 0
        var hasAudio = false
        var hasVideo = false
        var otherVideoCodec: String?
        var streams = 0
        var pending: [(start: UInt64, end: UInt64)] = [(30, end)]
        var isTopLevel = true
        while let range = pending.popLast() {
            var offset = range.start
            var objects = 0
            while offset < range.end, visited < maximumObjects,
                !isTopLevel || objects < Int(clamping: declaredCount)
            {
                visited += 1
                objects += 1
                guard range.end - offset >= 24, let object = reader.bytes(at: offset, count: 24),
                    let size = MediaBytes.u64le(object, 16), size >= 24, size <= range.end - offset
                else { break }
                if MediaBytes.matches(object, 0, streamPropertiesObject), size >= 40,
                    let type = reader.bytes(at: offset + 24, count: 16)
                {
                    streams += 1
                    if type == audioMedia { hasAudio = true }
                    if type == videoMedia {
                        if let code = videoCompression(at: offset, size: size, reader: &reader),
                            !windowsMediaVideoCodes.contains(code)
                        {
                            otherVideoCodec = otherVideoCodec ?? code
                        } else {
                            hasVideo = true
                        }
                    }
                } else if isTopLevel, MediaBytes.matches(object, 0, headerExtensionObject),
                    size >= 46
                {
                    // Reserved GUID and field, data size, then objects: one level down only.
                    pending.append((offset + 46, offset + size))
                } else if !isTopLevel,
                    MediaBytes.matches(object, 0, extendedStreamPropertiesObject),
                    let embedded = embeddedStreamProperties(
                        at: offset,
                        size: size,
                        reader: &reader
                    )
                {
                    pending.append(embedded)
                }
                offset += size
            }
            isTopLevel = false
        }
        if hasVideo {
            return SniffResult(
                "com.microsoft.windows-media-wmv",
                detail: "ASF stream properties: video stream"
            )
        }
        if let code = otherVideoCodec {
            return SniffResult(
                "com.microsoft.advanced-systems-format.video",
                detail: "ASF stream properties: video stream of codec \(code), not Windows Media"
            )
        }
        if hasAudio {
            return SniffResult(
                "com.microsoft.windows-media-wma",
                detail: "ASF stream properties: audio streams only"
            )
        }
        return SniffResult(
            "com.microsoft.advanced-systems-format",
            detail: "ASF header, \(streams) streams of other types"
        )
    }

    /// The compression code of a video Stream Properties object's `BITMAPINFOHEADER`, as text
    /// when it is four printable ASCII bytes, or `nil` when the object is too short to hold
    /// it or the code is not text (an uncompressed stream's zero code among them).
    private static func videoCompression(
        at offset: UInt64,
        size: UInt64,
        reader: inout MediaWindowReader
    ) -> String? {
        // Type-specific data at 78: width, height, a flags byte and the format data size (11
        // bytes), then BITMAPINFOHEADER, whose compression code is at 16.
        guard size >= 78 + 31, let lengthField = reader.bytes(at: offset + 64, count: 4),
            let length = MediaBytes.u32le(lengthField, 0), length >= 31,
            let code = reader.bytes(at: offset + 78 + 27, count: 4),
            MediaBytes.isPrintableFourCC(code, 0)
        else { return nil }
        return String(decoding: code, as: UTF8.self).uppercased()
    }

    /// The range of the Stream Properties object embedded at the end of an Extended Stream
    /// Properties object, or `nil` when there is none.
    private static func embeddedStreamProperties(
        at offset: UInt64,
        size: UInt64,
        reader: inout MediaWindowReader
    ) -> (start: UInt64, end: UInt64)? {
        // 24-byte object header, 64 bytes of fixed fields ending in the two counts.
        guard size > 88 else { return nil }
        let fixedEnd = offset + 88
        guard let counts = reader.bytes(at: fixedEnd - 4, count: 4),
            let nameCount = MediaBytes.u16le(counts, 0),
            let extensionCount = MediaBytes.u16le(counts, 2)
        else { return nil }
        let end = offset + size
        var position = fixedEnd
        for _ in 0..<nameCount {
            guard end - position >= 4, let name = reader.bytes(at: position, count: 4),
                let length = MediaBytes.u16le(name, 2)
            else { return nil }
            position += 4
            guard end - position >= UInt64(length) else { return nil }
            position += UInt64(length)
        }
        for _ in 0..<extensionCount {
            guard end - position >= 22, let system = reader.bytes(at: position, count: 22),
                let length = MediaBytes.u32le(system, 18)
            else { return nil }
            position += 22
            guard end - position >= UInt64(length) else { return nil }
            position += UInt64(length)
        }
        guard end - position >= 40 else { return nil }
        return (position, end)
    }
}
