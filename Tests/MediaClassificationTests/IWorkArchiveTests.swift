import TestSupport
import Testing

@testable import MediaClassification

private typealias B = ImageContainerTextSupport

/// iWork 2013 documents told apart by their root object's message type, and the `.iwa`
/// reader on damaged and hostile bytes.
@Suite struct IWorkArchiveTests {
    /// An `.iwa` chunk holding one root object of `type`, as write-containers.py writes it.
    static func archive(rootType: UInt64) -> [UInt8] {
        func varint(_ value: UInt64) -> [UInt8] {
            var value = value
            var out: [UInt8] = []
            repeat {
                let low = UInt8(value & 0x7F)
                value >>= 7
                out.append(value == 0 ? low : low | 0x80)
            } while value != 0
            return out
        }
        let info = [0x08] + varint(rootType) + [0x12, 0x03, 0x01, 0x00, 0x05, 0x18, 0x00]
        let archiveInfo = [0x08, 0x01, 0x12] + varint(UInt64(info.count)) + info
        let data = varint(UInt64(archiveInfo.count)) + archiveInfo
        let block = varint(UInt64(data.count)) + [UInt8(data.count - 1) << 2] + data
        return [0x00, UInt8(block.count), 0x00, 0x00] + block
    }

    @Test func rootMessageType() {
        #expect(IWorkArchive.rootMessageType(Self.archive(rootType: 10_000)) == 10_000)
        #expect(IWorkArchive.rootMessageType(Self.archive(rootType: 1)) == 1)
        // Not a Snappy chunk of type 0, or a block opening with a copy: no type.
        var framed = Self.archive(rootType: 1)
        framed[0] = 0x01
        #expect(IWorkArchive.rootMessageType(framed) == nil)
        var copy = Self.archive(rootType: 1)
        copy[5] |= 0x01
        #expect(IWorkArchive.rootMessageType(copy) == nil)
        #expect(IWorkArchive.rootMessageType(B.ascii("data of Index/Document.iwa")) == nil)
    }

    @Test func damagedAndHostileBytes() {
        let whole = Self.archive(rootType: 10_000)
        // Every cut before the type's last byte answers nil, never a wrong type.
        for count in 0..<whole.count {
            let answer = IWorkArchive.rootMessageType(Array(whole.prefix(count)))
            #expect(answer == nil || answer == 10_000, "cut at \(count)")
        }
        // A literal that claims 4 GiB, and varints that never end or overflow.
        let huge: [UInt8] = [0, 9, 0, 0, 0x10, 0xFC, 0xFF, 0xFF, 0xFF, 0xFF, 0x05, 0x08, 0x01]
        #expect(IWorkArchive.rootMessageType(huge) == nil)
        let endless = [0, 0, 0, 0] + [UInt8](repeating: 0xFF, count: 40)
        #expect(IWorkArchive.rootMessageType(endless) == nil)
        var cursor = ProtobufCursor(bytes: [UInt8](repeating: 0xFF, count: 9) + [0x02], index: 0)
        #expect(cursor.varint() == nil)
        cursor = ProtobufCursor(bytes: [UInt8](repeating: 0xFF, count: 9) + [0x01], index: 0)
        #expect(cursor.varint() == UInt64.max)
    }

    /// The root's type decides where the entries alone would not: a Pages document with a
    /// table's tiles, a Numbers document with data lists only.
    @Test func documentsByRootType() {
        let pages = Self.archive(rootType: 10_000)
        let sheet = Self.archive(rootType: 1)
        let cases: [([(name: String, data: [UInt8])], String)] = [
            ([("Index/Document.iwa", pages), ("Index/Tables/Tile.iwa", [0])], "Pages"),
            ([("Index/Document.iwa", sheet), ("Index/Tables/DataList.iwa", [0])], "Numbers"),
            ([("Index/Document.iwa", sheet), ("Index/Slide-12.iwa", [0])], "Keynote"),
            ([("Index/Document.iwa", pages), ("Index/Slide-12.iwa", [0])], "Pages"),
        ]
        for (entries, app) in cases {
            for deflated in [false, true] {
                var builder = ZIPBuilder(entries: entries)
                builder.deflated = deflated
                let result = ContainerSniffer.sniff(B.input(builder.build()))
                #expect(result?.identifier.contains(".\(app).") == true, "\(entries.map(\.name))")
                #expect(result?.detail.contains("root") == true)
            }
        }
    }

    /// The real Numbers document (numbers-parser's save from the template Numbers wrote,
    /// its entries deflated) and the written Pages document with a table.
    @Test func fixtures() throws {
        let classifier = Classifier()
        for (file, app, root) in [
            ("spreadsheet.numbers", "Numbers", "root type 1"),
            ("spreadsheet-headers.numbers", "Numbers", "root type 1"),
            ("document-table.pages", "Pages", "(10000)"),
            ("presentation.key", "Keynote", "root type 1 + slides"),
        ] {
            let result = try classifier.classify(fileAt: fixturePath(file))
            let suffix = app == "Keynote" ? "key" : app.lowercased()
            #expect(result.type.identifier == "com.apple.iWork.\(app).sff\(suffix)")
            #expect(result.detail.contains(root), "\(file): \(result.detail)")
        }
    }
}
