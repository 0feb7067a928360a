/// Sniffs Matroska and WebM files: the EBML header's DocType, then the track types in the
/// Segment's Tracks element (found directly or through the SeekHead).
package enum MatroskaSniffer {
    /// The most elements one input may make the sniffer visit.
    static let maximumElements = 10_000

    private static let ebmlHeaderID: UInt64 = 0x1A45_DFA3
    private static let docTypeID: UInt64 = 0x4282
    private static let segmentID: UInt64 = 0x1853_8067
    private static let seekHeadID: UInt64 = 0x114D_9B74
    private static let seekID: UInt64 = 0x4DBB
    private static let seekIDID: UInt64 = 0x53AB
    private static let seekPositionID: UInt64 = 0x53AC
    private static let tracksID: UInt64 = 0x1654_AE6B
    private static let trackEntryID: UInt64 = 0xAE
    private static let trackTypeID: UInt64 = 0x83
    private static let clusterID: UInt64 = 0x1F43_B675

    /// Classifies a Matroska or WebM file.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: WebM or Matroska, video or audio-only, or `nil` for another DocType.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        var reader = MediaWindowReader(input)
        var walker = ElementWalker()
        guard let header = walker.element(at: 0, parentEnd: input.fileSize, reader: &reader),
            header.id == ebmlHeaderID, !header.unknownSize
        else { return nil }
        var docType: String?
        for child in walker.children(of: header, reader: &reader) where child.id == docTypeID {
            guard child.size >= 1, child.size <= 64,
                let bytes = reader.bytes(at: child.dataStart, count: Int(child.size))
            else { return nil }
            docType = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        let isWebM: Bool
        switch docType {
        case "webm": isWebM = true
        case "matroska": isWebM = false
        default: return nil
        }
        let name = isWebM ? "webm" : "matroska"
        let types = trackTypes(after: header, reader: &reader, walker: &walker)
        guard let types else {
            let identifier = isWebM ? "org.webmproject.webm" : "org.matroska.mkv"
            return SniffResult(identifier, detail: "EBML DocType \(name); no readable Tracks")
        }
        let hasVideo = types.contains(1)
        let audioOnly = !hasVideo && types.contains(2)
        let identifier: String
        switch (isWebM, audioOnly) {
        case (true, false): identifier = "org.webmproject.webm"
        case (true, true): identifier = "org.webmproject.webm-audio"
        case (false, false): identifier = "org.matroska.mkv"
        case (false, true): identifier = "org.matroska.mka"
        }
        let described = types.prefix(8).map(String.init).joined(separator: ",")
        return SniffResult(identifier, detail: "EBML DocType \(name); TrackType \(described)")
    }

    /// The TrackType values of the Segment's tracks, or `nil` when no Tracks element is found.
    private static func trackTypes(
        after header: Element,
        reader: inout MediaWindowReader,
        walker: inout ElementWalker
    ) -> [UInt64]? {
        // The Segment follows the EBML header, possibly after Void elements.
        var offset = header.end
        var segment: Element?
        for _ in 0..<8 {
            guard
                let element = walker.element(
                    at: offset,
                    parentEnd: reader.fileSize,
                    reader: &reader
                )
            else { return nil }
            if element.id == segmentID {
                segment = element
                break
            }
            guard !element.unknownSize else { return nil }
            offset = element.end
        }
        guard let segment else { return nil }
        var position = segment.dataStart
        var seekTracks: UInt64?
        while position < segment.end {
            guard
                let element = walker.element(at: position, parentEnd: segment.end, reader: &reader)
            else { break }
            if element.id == tracksID {
                return types(in: element, reader: &reader, walker: &walker)
            }
            if element.id == seekHeadID, seekTracks == nil {
                seekTracks = tracksPosition(in: element, reader: &reader, walker: &walker)
                    .flatMap { relative in
                        let (absolute, overflow) = segment.dataStart.addingReportingOverflow(
                            relative
                        )
                        return overflow ? nil : absolute
                    }
            }
            if element.id == clusterID || element.unknownSize {
                // Media data: jump to where the SeekHead says Tracks is, or give up.
                break
            }
            position = element.end
        }
        if let seekTracks, seekTracks < segment.end,
            let element = walker.element(at: seekTracks, parentEnd: segment.end, reader: &reader),
            element.id == tracksID
        {
            return types(in: element, reader: &reader, walker: &walker)
        }
        return nil
    }

    private static func tracksPosition(
        in seekHead: Element,
        reader: inout MediaWindowReader,
        walker: inout ElementWalker
    ) -> UInt64? {
        for seek in walker.children(of: seekHead, reader: &reader) where seek.id == seekID {
            var target: [UInt8]?
            var position: UInt64?
            for field in walker.children(of: seek, reader: &reader) {
                guard field.size >= 1, field.size <= 8,
                    let bytes = reader.bytes(at: field.dataStart, count: Int(field.size))
                else { continue }
                if field.id == seekIDID {
                    target = bytes
                } else if field.id == seekPositionID {
                    position = bytes.reduce(0) { $0 << 8 | UInt64($1) }
                }
            }
            if target == [0x16, 0x54, 0xAE, 0x6B], let position {
                return position
            }
        }
        return nil
    }

    private static func types(
        in tracks: Element,
        reader: inout MediaWindowReader,
        walker: inout ElementWalker
    ) -> [UInt64] {
        var result: [UInt64] = []
        for entry in walker.children(of: tracks, reader: &reader) where entry.id == trackEntryID {
            for field in walker.children(of: entry, reader: &reader) where field.id == trackTypeID {
                guard field.size >= 1, field.size <= 8,
                    let bytes = reader.bytes(at: field.dataStart, count: Int(field.size))
                else { continue }
                result.append(bytes.reduce(0) { $0 << 8 | UInt64($1) })
            }
        }
        return result
    }
}

/// One EBML element's position.
private struct Element {
    var id: UInt64
    var dataStart: UInt64
    /// The data size as declared (all ones means unknown).
    var size: UInt64
    var unknownSize: Bool
    /// The end of the element, clamped to its parent.
    var end: UInt64
}

/// Reads EBML element headers with a shared cap on the number of elements visited.
private struct ElementWalker {
    var visited = 0

    mutating func element(
        at offset: UInt64,
        parentEnd: UInt64,
        reader: inout MediaWindowReader
    ) -> Element? {
        guard visited < MatroskaSniffer.maximumElements, offset < parentEnd else { return nil }
        visited += 1
        guard let bytes = reader.bytes(at: offset, upTo: 12), !bytes.isEmpty,
            let id = Self.variableInteger(bytes, at: 0, maximumLength: 4),
            let size = Self.variableInteger(bytes, at: id.length, maximumLength: 8)
        else { return nil }
        let headerLength = UInt64(id.length + size.length)
        let room = parentEnd - offset
        guard headerLength <= room else { return nil }
        let dataStart = offset + headerLength
        let unknown = size.isAllOnes
        let end: UInt64
        if unknown || size.value > room - headerLength {
            end = parentEnd
        } else {
            end = dataStart + size.value
        }
        return Element(
            id: id.raw,
            dataStart: dataStart,
            size: size.value,
            unknownSize: unknown,
            end: end
        )
    }

    mutating func children(of parent: Element, reader: inout MediaWindowReader) -> [Element] {
        var result: [Element] = []
        var offset = parent.dataStart
        while offset < parent.end {
            guard let child = element(at: offset, parentEnd: parent.end, reader: &reader),
                !child.unknownSize
            else { break }
            result.append(child)
            offset = child.end
        }
        return result
    }

    private struct VariableInteger {
        var raw: UInt64
        var value: UInt64
        var length: Int
        var isAllOnes: Bool
    }

    /// An EBML variable-length integer: the raw bytes (for IDs) and the value without the
    /// length marker (for sizes).
    private static func variableInteger(
        _ bytes: [UInt8],
        at index: Int,
        maximumLength: Int
    ) -> VariableInteger? {
        guard let first = MediaBytes.u8(bytes, index), first != 0 else { return nil }
        let length = first.leadingZeroBitCount + 1
        guard length <= maximumLength, index + length <= bytes.count else { return nil }
        var raw: UInt64 = 0
        for byte in bytes[index..<index + length] {
            raw = raw << 8 | UInt64(byte)
        }
        let valueBits = 7 * length
        let mask: UInt64 = (1 << UInt64(valueBits)) - 1
        let value = raw & mask
        return VariableInteger(raw: raw, value: value, length: length, isAllOnes: value == mask)
    }
}
