extension ContainerSniffer {
    /// An iWork document saved as one file (Apple's `sff` types), known by its entries and,
    /// for iWork 2013 and later, by the type of its document's root object.
    ///
    /// iWork 2013 and later keep protobuf archives under `Index/`, and every document has
    /// `Index/Document.iwa`, whose first object is the document itself: Pages writes it as
    /// message type 10000 (TP.DocumentArchive), Keynote and Numbers both as type 1 (their own
    /// DocumentArchive messages). A presentation has slides (`Index/MasterSlide*.iwa`,
    /// `Index/Slide*.iwa`), so type 1 without slides is a spreadsheet, whether or not its
    /// tables hold cells yet. Where the root cannot be read, the entries alone decide, as
    /// before: slides make a presentation, table tiles (`Index/Tables/Tile*.iwa`) a
    /// spreadsheet, and anything else a Pages document. iWork '09 keeps one XML file at the
    /// root: Keynote's `index.apxl`, or `index.xml` whose root element's namespace tells
    /// Pages (`.../namespaces/sl`) from Numbers (`.../namespaces/ls`).
    static func iWorkDocument(
        _ reader: ZIPReader,
        entries: [ZIPEntry],
        names: Set<String>
    ) -> (identifier: String, reason: String)? {
        let keynote = "com.apple.iWork.Keynote.sffkey"
        let numbers = "com.apple.iWork.Numbers.sffnumbers"
        let pages = "com.apple.iWork.Pages.sffpages"
        if let document = entries.first(where: { $0.name == "Index/Document.iwa" }) {
            let hasSlides = names.contains {
                $0.hasPrefix("Index/MasterSlide") || $0.hasPrefix("Index/Slide")
            }
            let rootType = readPart(reader, document, limit: 64).bytes.flatMap {
                IWorkArchive.rootMessageType($0)
            }
            switch rootType {
            case 10_000:
                return (pages, "Index/Document.iwa root TP.DocumentArchive (10000)")
            case 1 where hasSlides:
                return (keynote, "Index/Document.iwa root type 1 + slides")
            case 1:
                return (numbers, "Index/Document.iwa root type 1, no slides")
            default:
                break
            }
            if hasSlides {
                return (keynote, "Index/Document.iwa + slides")
            }
            if names.contains(where: { $0.hasPrefix("Index/Tables/Tile") }) {
                return (numbers, "Index/Document.iwa + Index/Tables/Tile*.iwa")
            }
            return (pages, "Index/Document.iwa, no slides or tables")
        }
        if names.contains("index.apxl") {
            return (keynote, "index.apxl")
        }
        guard let index = entries.first(where: { $0.name == "index.xml" }),
            let bytes = readPart(reader, index).bytes,
            let root = bytes.withUnsafeBufferPointer({ SignatureXMLRoot.read($0) }),
            root.localName == "document"
        else { return nil }
        switch root.namespaceURI {
        case "http://developer.apple.com/namespaces/sl": return (pages, "index.xml sl:document")
        case "http://developer.apple.com/namespaces/ls": return (numbers, "index.xml ls:document")
        default: return nil
        }
    }
}

/// The first bytes of an iWork archive (`.iwa`), read only as far as its first object's type.
///
/// An `.iwa` file is a run of Snappy chunks, each a type byte (0), a 24-bit little-endian
/// length and a Snappy block: a varint of the decompressed length, then literal and copy
/// elements. A compressor has nothing to copy from at the start, so the block opens with a
/// literal, and the object's header is in it: a varint length, then an ArchiveInfo message
/// (field 1 the object's identifier, field 2 a MessageInfo whose field 1 is the message
/// type).
enum IWorkArchive {
    /// The message type of the archive's first object, or `nil` when the bytes are not an
    /// iWork archive's opening.
    static func rootMessageType(_ bytes: [UInt8]) -> UInt64? {
        guard bytes.count > 8, bytes[0] == 0 else { return nil }
        var cursor = ProtobufCursor(bytes: bytes, index: 4)
        guard cursor.varint() != nil, let tag = cursor.byte(), tag & 0x03 == 0 else {
            return nil
        }
        // A literal's length less one: in the tag's upper six bits, or in the 1 to 4 bytes
        // after it when those bits say 60 to 63.
        var length = UInt64(tag >> 2)
        if length >= 60 {
            let extra = Int(length) - 59
            length = 0
            for shift in 0..<extra {
                guard let next = cursor.byte() else { return nil }
                length |= UInt64(next) << (8 * UInt64(shift))
            }
        }
        let literalEnd = min(bytes.count, cursor.index + Int(min(length, 1 << 20)) + 1)
        var header = ProtobufCursor(bytes: Array(bytes[cursor.index..<literalEnd]), index: 0)
        guard let infoLength = header.varint(), infoLength > 0 else { return nil }
        let infoEnd = min(header.bytes.count, header.index + Int(min(infoLength, 1 << 20)))
        // Fields of ArchiveInfo: 1 identifier (varint), 2 message infos (length-delimited).
        while header.index < infoEnd {
            guard let key = header.varint() else { return nil }
            switch (key >> 3, key & 0x07) {
            case (2, 2):
                guard header.varint() != nil, header.varint() == 0x08 else { return nil }
                return header.varint()
            case (_, 0):
                guard header.varint() != nil else { return nil }
            default:
                return nil
            }
        }
        return nil
    }
}

/// Reads protobuf's base-128 varints from a byte array.
struct ProtobufCursor {
    let bytes: [UInt8]
    var index: Int

    /// The next byte, or `nil` at the end.
    mutating func byte() -> UInt8? {
        guard index < bytes.count else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    /// The next varint (at most ten bytes), or `nil` if the bytes end first or it overflows.
    mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 70, by: 7) {
            guard let next = byte() else { return nil }
            guard shift < 63 || next <= 1 else { return nil }
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 { return value }
        }
        return nil
    }
}
