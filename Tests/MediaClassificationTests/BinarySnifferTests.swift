import Foundation
import MediaClassification
import TestSupport
import Testing

@Suite struct BinarySnifferTests {
    private func sniff(_ bytes: [UInt8]) -> String? {
        BinarySniffer.sniff(SniffInput(bytes: bytes))?.identifier
    }

    @Test func signaturesDecide() {
        #expect(sniff([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0]) == "org.gnu.gnu-zip-archive")
        #expect(sniff([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0, 4]) == "org.tukaani.xz-archive")
        #expect(sniff([0x28, 0xB5, 0x2F, 0xFD, 0x24]) == "com.facebook.zstandard")
        #expect(sniff([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C, 0, 4]) == "org.7-zip.7-zip-archive")
        #expect(
            sniff(Array("BZh9".utf8) + [0x31, 0x41, 0x59, 0x26, 0x53, 0x59])
                == "public.bzip2-archive"
        )
        #expect(sniff(Array("%PDF-1.7\n".utf8)) == "com.adobe.pdf")
        #expect(sniff([0xDE, 0x12, 0x04, 0x95, 0, 0, 0, 0]) == "org.gnu.gettext.mo")
    }

    @Test func elfObjectTypesAreTold() {
        func elf(type: UInt8, littleEndian: Bool = true) -> [UInt8] {
            var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, littleEndian ? 1 : 2, 1]
            bytes += [UInt8](repeating: 0, count: 9)
            bytes += littleEndian ? [type, 0] : [0, type]
            return bytes + [UInt8](repeating: 0, count: 46)
        }
        #expect(sniff(elf(type: 1)) == "com.sco.elf-relocatable")
        #expect(sniff(elf(type: 2)) == "public.elf-binary")
        #expect(sniff(elf(type: 3, littleEndian: false)) == "public.elf-binary")
        #expect(sniff(elf(type: 4)) == "com.sco.elf-core-dump")
        #expect(sniff(elf(type: 9)) == nil)
    }

    /// Mach-O headers of each kind Apple's table names, in either byte order; the fixture
    /// (a clang object) is checked by the manifest.
    @Test func machOFileTypesAreTold() {
        func machO(fileType: UInt32, wide: Bool = true, littleEndian: Bool = true) -> [UInt8] {
            func word(_ value: UInt32) -> [UInt8] {
                let bytes = withUnsafeBytes(of: value.bigEndian, Array.init)
                return littleEndian ? bytes.reversed() : bytes
            }
            let magic: UInt32 = wide ? 0xFEED_FACF : 0xFEED_FACE
            return word(magic) + word(0x0100_000C) + word(0) + word(fileType) + word(4)
                + word(360) + word(0) + [UInt8](repeating: 0, count: 36)
        }
        #expect(sniff(machO(fileType: 1)) == "com.apple.mach-o-object")
        #expect(sniff(machO(fileType: 2, wide: false)) == "com.apple.mach-o-executable")
        #expect(sniff(machO(fileType: 6, littleEndian: false)) == "com.apple.mach-o-dylib")
        #expect(sniff(machO(fileType: 8)) == "com.apple.mach-o-bundle")
        #expect(sniff(machO(fileType: 4)) == "com.apple.mach-o-core")
        #expect(sniff(machO(fileType: 7)) == "com.apple.mach-o-binary")
        #expect(sniff(machO(fileType: 0)) == nil)
        #expect(sniff(machO(fileType: 13)) == nil)
        // A universal binary of two architectures, and a Java class file (major version 52)
        // with the same magic.
        let fat: [UInt8] =
            [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 2, 0, 0, 0, 7]
            + [UInt8](
                repeating: 0,
                count: 40
            )
        #expect(sniff(fat) == "com.apple.mach-o-binary")
        let javaClass: [UInt8] =
            [0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52, 0, 0x10]
            + [UInt8](
                repeating: 0,
                count: 40
            )
        #expect(sniff(javaClass) != "com.apple.mach-o-binary")
    }

    /// Both fixtures are ELF `ET_DYN`: the dynamic section's `DF_1_PIE` flag tells the
    /// executable from the library, as file(1) does.
    @Test func sharedObjectsAreLibrariesUnlessFlaggedAsExecutables() throws {
        func bytes(_ name: String) throws -> [UInt8] {
            Array(try Data(contentsOf: fixturesFolder.appendingPathComponent(name)))
        }
        let library = try bytes("library.so")
        let executable = try bytes("pie-executable")
        #expect(sniff(library) == "com.sco.elf-shared-library")
        #expect(sniff(executable) == "public.elf-binary")
        // The same executable with DF_1_PIE cleared in its DT_FLAGS_1 entry is a library.
        var cleared = executable
        let tag: [UInt8] = [0xFB, 0xFF, 0xFF, 0x6F, 0, 0, 0, 0]
        let entry = try #require(
            (0..<(cleared.count - 16)).first { cleared[$0..<($0 + 8)].elementsEqual(tag) }
        )
        #expect(cleared[entry + 11] & 0x08 != 0)
        cleared[entry + 11] &= ~0x08
        #expect(sniff(cleared) == "com.sco.elf-shared-library")
        // Program headers cut off: only "ELF binary" can be said.
        #expect(sniff(Array(executable.prefix(64))) == "public.elf-binary")
        // A header claiming 65,535 program headers of 64 KiB each, far past the file: bounded.
        var hostile = library
        hostile[54] = 0xFF
        hostile[55] = 0xFF
        hostile[56] = 0xFF
        hostile[57] = 0xFF
        #expect(sniff(hostile) == "public.elf-binary")
    }

    @Test func nearMissesAreLeftToLibmagic() {
        #expect(sniff([0x1F, 0x8B, 0x07]) == nil)
        #expect(sniff(Array("BZh0".utf8) + [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]) == nil)
        #expect(sniff(Array("BZh9xxxxxx".utf8)) == nil)
        #expect(sniff([0x7F, 0x45, 0x4C, 0x46, 3, 1, 1]) == nil)
        #expect(sniff(Array("% PDF".utf8)) == nil)
        #expect(sniff([]) == nil)
    }

    @Test func compiledPythonIsToldByItsVersionNumberAndFlags() throws {
        let module = try fixtureBytes("module.pyc")
        #expect(sniff(module) == "org.python.bytecode")
        // Python 2.7's number (62211) has no flags word.
        #expect(
            sniff([0x03, 0xF3, 0x0D, 0x0A] + [UInt8](repeating: 0x41, count: 12))
                == "org.python.bytecode"
        )
        var badFlags = module
        badFlags[4] = 2
        #expect(sniff(badFlags) == nil, "3.7+ flags are 0, 1 or 3")
        var notCRLF = module
        notCRLF[3] = 0x0D
        #expect(sniff(notCRLF) == nil)
        var unknownVersion = module
        unknownVersion[1] = 0x20
        #expect(sniff(unknownVersion) == nil)
        #expect(sniff(Array(module.prefix(12))) == nil)
        // A pcapng section header block (0A 0D 0D 0A) reads as number 3338 and CR LF; its
        // byte-order magic, in either order, says it is no bytecode. The classifier then
        // takes the pcapng signature.
        let capture = try fixtureBytes("capture.pcapng")
        #expect(sniff(capture) == nil)
        var bigEndian = capture
        bigEndian.replaceSubrange(4..<12, with: [0, 0, 0, 0x1C, 0x1A, 0x2B, 0x3C, 0x4D])
        #expect(sniff(bigEndian) == nil)
        let classifier = Classifier(registry: .builtinOnly)
        for bytes in [capture, bigEndian] {
            #expect(try classifier.classify(bytes: bytes).type.identifier == "org.tcpdump.pcapng")
        }
        var notOrder = capture
        notOrder[8] = 0
        #expect(sniff(notOrder) == "org.python.bytecode")
    }

    @Test func terminfoSizesMustFitTheFile() throws {
        let entry = try fixtureBytes("mediatype-fixture.terminfo")
        #expect(sniff(entry) == "org.gnu.terminfo")
        #expect(sniff(Array(entry.dropLast(8))) == nil, "the sections overrun a cut file")
        var names = entry
        names[12] = 0x07
        #expect(sniff(names) == nil, "the names must be text")
        var huge = entry
        huge[3] = 0x40
        #expect(sniff(huge) == nil, "a names section of 16 KiB is not plausible")
        var extended = entry
        (extended[0], extended[1]) = (0x1E, 0x02)
        #expect(sniff(extended + [UInt8](repeating: 0, count: 64)) == "org.gnu.terminfo2")
    }
}

@Suite struct ShapefileSnifferTests {
    private func sniff(_ bytes: [UInt8]) -> String? {
        BinarySniffer.sniff(SniffInput(bytes: bytes))?.identifier
    }

    @Test func theRecordAfterTheHeaderTellsMainFileFromIndex() throws {
        #expect(try sniff(fixtureBytes("places.shp")) == "com.esri.shapefile")
        #expect(try sniff(fixtureBytes("places.shx")) == "com.esri.shapefile-index")
    }

    @Test func aHeaderThatIsNotAShapefilesDecidesNothing() throws {
        let main = try fixtureBytes("places.shp")
        var version = main
        version[28] = 0xE9  // 1001
        #expect(sniff(version) == nil)
        var shape = main
        shape[32] = 2  // no shape type 2
        #expect(sniff(shape) == nil)
        var unused = main
        unused[12] = 1
        #expect(sniff(unused) == nil)
        var record = main
        record[103] = 7  // neither record 1 nor offset 50
        #expect(sniff(record) == nil)
        // The header alone cannot tell the two apart.
        #expect(sniff(Array(main.prefix(100))) == nil)
    }

    /// PLY: the text header decides ASCII and binary files alike; a `ply` line followed by
    /// anything but a known format line is not PLY.
    @Test func polygonFilesAreToldByTheirHeader() throws {
        let ply = "public.polygon-file-format"
        #expect(sniff(try fixtureBytes("model.ply")) == ply)
        #expect(sniff(try fixtureBytes("model-binary.ply")) == ply)
        let windows = Array("ply\r\nformat binary_big_endian 1.0\r\nelement vertex 0\r\n".utf8)
        #expect(sniff(windows) == ply)
        #expect(sniff(Array("ply\nformat ascii\nelement vertex 0\n".utf8)) == nil)
        #expect(sniff(Array("ply\nformat utf8 1.0\nelement vertex 0\n".utf8)) == nil)
        #expect(sniff(Array("plywood\nformat ascii 1.0\nelement vertex 0\n".utf8)) == nil)
        #expect(sniff(Array("ply\nelement vertex 0\nformat ascii 1.0\n".utf8)) == nil)
    }

    /// Binary STL has no magic number: its triangle count must fill the file exactly.
    @Test func binarySTLIsToldByItsTriangleCount() throws {
        let stl = try fixtureBytes("model-binary.stl")
        #expect(sniff(stl) == "public.standard-tesselated-geometry-format")
        #expect(sniff(stl + [0]) == nil)
        #expect(sniff(Array(stl.dropLast(50))) == nil)
        // A header that opens like the ASCII form does not change the answer.
        var solid = stl
        solid.replaceSubrange(0..<6, with: Array("solid ".utf8))
        #expect(sniff(solid) == "public.standard-tesselated-geometry-format")
        // No triangles: 84 bytes of anything are not a mesh.
        #expect(sniff([UInt8](repeating: 0x41, count: 80) + [0, 0, 0, 0]) == nil)
    }

    /// An Apple disk image is told by the koly block at its end, a fixed VHD by its footer,
    /// read only when the start looks like a disk image's data (a zlib stream, zero sectors).
    @Test func diskImagesAreToldByTheirTrailer() throws {
        let image = try fixtureBytes("disk.dmg")
        #expect(sniff(image) == "com.apple.disk-image-udif")
        let input = SniffInput(bytes: image, headCount: 512)
        #expect(BinarySniffer.sniff(input)?.identifier == "com.apple.disk-image-udif")
        var wrongVersion = image
        wrongVersion[image.count - 512 + 7] = 3
        #expect(sniff(wrongVersion) != "com.apple.disk-image-udif")
        // The same trailer after a start no disk image has is not read.
        var text = Array(repeating: UInt8(ascii: "a"), count: image.count - 512)
        text += image.suffix(512)
        #expect(sniff(text) == nil)
        // A fixed VHD (qemu-img): zero sectors, then the footer; a dynamic disk's type (3)
        // in the same footer is not this rule's.
        let disk = try fixtureBytes("disk.vhd")
        #expect(sniff(disk) == "com.microsoft.vhd")
        var dynamic = disk
        dynamic[disk.count - 512 + 63] = 3
        #expect(sniff(dynamic) == nil)
    }

    /// Python pickles of protocol 2 to 5: the fixture (protocol 4, framed), an unframed
    /// protocol 2 dict, and the checks that fail: another protocol, a frame longer than the
    /// file, an opcode no object opens with, a last byte that is not STOP.
    @Test func pythonPicklesByHeaderAndStop() throws {
        let fixture = try fixtureBytes("data.pkl")
        #expect(sniff(fixture) == "org.python.pickle")
        #expect(sniff([0x80, 0x02, 0x7D, 0x71, 0x00, 0x2E]) == "org.python.pickle")
        #expect(sniff([0x80, 0x05, 0x4B, 0x01, 0x2E]) == "org.python.pickle")
        #expect(sniff([0x80, 0x06, 0x7D, 0x71, 0x00, 0x2E]) == nil)
        #expect(sniff([0x80, 0x02, 0x41, 0x71, 0x00, 0x2E]) == nil)
        #expect(sniff([0x80, 0x02, 0x7D, 0x71, 0x00, 0x2F]) == nil)
        var longFrame = fixture
        longFrame[3] = 0xFF
        #expect(sniff(longFrame) == nil)
        #expect(sniff(Array(fixture.dropLast())) == nil)
        // A frame opcode in a file too short for its length field: no frame, no crash.
        for count in 4...10 {
            #expect(
                sniff([0x80, 0x04, 0x95] + Array(repeating: 0, count: count - 4) + [0x2E]) == nil
            )
        }
        let classifier = Classifier(registry: .builtinOnly)
        let named = try classifier.classify(bytes: fixture, fileName: "model.pkl")
        #expect(named.type.identifier == "org.python.pickle")
        #expect(named.extensionAgrees == true)
    }

    /// Python pickles of protocols 0 and 1, which have no header: the fixtures (protocol 0 with
    /// a global, a reduce and a Latin-1 string, so not UTF-8; protocol 1, binary) read by the
    /// binary path, an ASCII pickle read by the text analysis, and the checks that fail.
    @Test func textPicklesOpcodeByOpcode() throws {
        let fixture = try fixtureBytes("data-protocol0.pkl")
        #expect(sniff(fixture) == "org.python.pickle")
        #expect(sniff(try fixtureBytes("data-protocol1.pkl")) == "org.python.pickle")
        let classifier = Classifier(registry: .builtinOnly)
        let unnamed = try classifier.classify(bytes: fixture, fileName: nil)
        #expect(unnamed.type.identifier == "org.python.pickle", "\(unnamed.detail)")
        let list = Array("(lp0\nI1\naI2\naS'two'\np1\naF3.5\na.".utf8)
        #expect(sniff(list) == "org.python.pickle")
        // A string alone (pickle.dumps("mediatype", 0)) opens with no mark or global: the text
        // analysis reads it.
        let string = Array("Vmediatype\np0\n.".utf8)
        #expect(sniff(string) == nil)
        let ascii = try classifier.classify(bytes: string, fileName: nil)
        #expect(ascii.type.identifier == "org.python.pickle", "\(ascii.detail)")
        #expect(ascii.evidence == .text)
        let rejected = [
            "(lp0\nI1\naI2\na",  // no stop opcode in a whole file
            "(lp0\nIone\na.",  // an integer that is not one
            "(lp0\nS'two\na.",  // an unterminated string
            "(lp0\nI1\naI2\na.\nmore",  // text after the stop opcode
            "I1\nI2\nI3\n.",  // no mark, memo or global
            "cat\ndog\n.",  // a global's lines alone
            "(defun f (x) x)\n",  // Lisp opens with a mark too
            "cmake_minimum_required(VERSION 3.20)\n",
        ]
        for text in rejected {
            let found = try classifier.classify(bytes: Array(text.utf8), fileName: nil)
            #expect(found.type.identifier != "org.python.pickle", "\(text)")
        }
        // Protocol 1 (Python 2's binary protocol, still readable): an empty list, a memo put,
        // a mark, one-byte and two-byte integers, a counted string, appends and the stop
        // opcode; a string length past the end is not one.
        let binary: [UInt8] =
            [0x5D, 0x71, 0x00, 0x28, 0x4B, 0x01, 0x4D, 0x00, 0x01, 0x55, 0x03] + Array("abc".utf8)
            + [0x71, 0x01, 0x65, 0x2E]
        #expect(sniff(binary) == "org.python.pickle")
        var longString = binary
        longString[10] = 0x40
        #expect(sniff(longString) == nil)
        // A head that ends inside a long pickle, after many valid opcodes.
        let long = Array(("(lp0\n" + (1...40).map { "I\($0)\nap\($0)\n" }.joined()).utf8)
        let input = SniffInput(bytes: long + Array("I41\na.".utf8), headCount: long.count - 3)
        #expect(BinarySniffer.sniff(input)?.identifier == "org.python.pickle")
        let short = SniffInput(bytes: Array("(lp0\nI1\na".utf8) + [0x49], headCount: 8)
        #expect(BinarySniffer.sniff(short) == nil)
    }
}

/// Public-key infrastructure files in DER, told by the shape of their elements.
@Suite struct DERTests {
    static func der(_ bytes: [UInt8], headCount: Int? = nil) -> String? {
        let input =
            headCount.map { SniffInput(bytes: bytes, headCount: $0) }
            ?? SniffInput(bytes: bytes)
        return BinarySniffer.der(input)?.identifier
    }

    @Test func eachKindByItsElements() throws {
        for (file, identifier) in [
            ("signatures/certificate.der", "public.x509-certificate"),
            ("signatures/request-der.csr", "com.rsa.pkcs-10"),
            ("signatures/private-key.der", "org.openssl.key"),
            ("signatures/ec-private-key.der", "org.openssl.key"),
            ("signatures/encrypted-key.der", "org.openssl.key"),
            ("signatures/public-key.der", "org.openssl.key"),
            ("signatures/query.tsq", "org.ietf.timestamp-query"),
            ("signatures/enveloped.p7m", "com.rsa.pkcs-7-mime"),
            ("signatures/digested.p7m", "com.rsa.pkcs-7-mime"),
            ("signatures/catalog.cat", "com.microsoft.security-catalog"),
        ] {
            let bytes = try fixtureBytes(file)
            #expect(Self.der(bytes) == identifier, "\(file)")
            // Read whole when the head holds only the body's start.
            #expect(Self.der(bytes, headCount: 16) == identifier, "\(file), short head")
            // The outer SEQUENCE must span the file exactly.
            #expect(Self.der(bytes + [0]) == nil, "\(file) + 1 byte")
            #expect(Self.der(Array(bytes.dropLast())) == nil, "\(file) - 1 byte")
        }
    }

    @Test func othersAreLeftAlone() throws {
        // PKCS #7 signatures and PKCS #12 are their signatures' (a signed-data content type
        // OID whose content is not a trust list, a version 3 first).
        #expect(Self.der(try fixtureBytes("signatures/signature-der.p7s")) == nil)
        let pkcs12: [UInt8] = [0x30, 0x08, 0x02, 0x01, 0x03, 0x30, 0x03, 0x06, 0x01, 0x00]
        #expect(Self.der(pkcs12) == nil)
        // A long form where a short one fits, and a high tag number, are not DER.
        let longForm: [UInt8] = [0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x04, 0x01, 0x00]
        #expect(Self.der(longForm) == nil)
        let shortForm: [UInt8] = [0x30, 0x06, 0x02, 0x01, 0x01, 0x04, 0x01, 0x00]
        #expect(Self.der(shortForm) == "org.openssl.key")
        let highTag: [UInt8] = [0x30, 0x06, 0x1F, 0x01, 0x01, 0x04, 0x01, 0x00]
        #expect(Self.der(highTag) == nil)
        // A SEQUENCE of two small integers is no RSA public key; nor text that opens with 0.
        #expect(Self.der([0x30, 0x06, 0x02, 0x01, 0x05, 0x02, 0x01, 0x03]) == nil)
        #expect(Self.der(Array("0\u{1}x".utf8)) == nil)
    }
}

/// Binary OpenPGP messages, by their first packet.
@Suite struct OpenPGPTests {
    static func identifier(_ bytes: [UInt8]) -> String? {
        BinarySniffer.openPGP(SniffInput(bytes: bytes))?.identifier
    }

    @Test func firstPacketsOfGnuPGsMessages() throws {
        for (file, expected) in [
            ("signatures/message-symmetric.gpg", "org.openpgp.encrypted-message"),
            ("signatures/detached.sig", "org.openpgp.signature"),
            ("signatures/message-signed.gpg", "org.openpgp.signature"),
        ] {
            let bytes = try fixtureBytes(file)
            #expect(Self.identifier(bytes) == expected, "\(file)")
            // The first packet must fit in the file.
            let firstEnd = 2 + Int(bytes[1])
            if bytes[0] & 0x03 == 0, firstEnd < bytes.count {
                #expect(Self.identifier(Array(bytes.prefix(firstEnd - 1))) == nil, "\(file) cut")
            }
        }
    }

    @Test func headersWithoutTheirBodiesAreNot() throws {
        // A symmetric-key session key needs a known cipher; a signature a known algorithm.
        #expect(
            Self.identifier([0x8C, 0x0D, 0x04, 0x63] + [UInt8](repeating: 0, count: 13)) == nil
        )
        #expect(
            Self.identifier([0x89, 0x00, 0x08, 0x04, 0x00, 0x63, 0x08] + [0, 0, 0, 0, 0]) == nil
        )
        // Compressed data must hold a message's packets: two bytes of a tag and an
        // algorithm, then anything, are not one (0xA3 0x01 opens many files).
        let signed = try fixtureBytes("signatures/message-signed.gpg")
        var garbled = signed
        for index in 2..<min(40, garbled.count) { garbled[index] = 0x55 }
        #expect(Self.identifier(garbled) == nil)
        // A PNG's first byte reads as an old-format signature packet, but its body does not.
        #expect(Self.identifier(try fixtureBytes("image.png")) == nil)
    }
}

/// Raw disk images by their master boot record, asked only when nothing else knew the bytes.
@Suite struct PartitionedDiskTests {
    let classifier = Classifier(registry: .builtinOnly)

    func classify(_ bytes: [UInt8]) throws -> String {
        try classifier.classify(bytes: bytes, fileName: nil).type.identifier
    }

    @Test func theFixtureAndItsPartitionTable() throws {
        let disk = try fixtureBytes("disk.img")
        #expect(try classify(disk) == "com.apple.disk-image-raw")
        func edited(_ offset: Int, _ value: UInt8) -> [UInt8] {
            var copy = disk
            copy[offset] = value
            return copy
        }
        // The entry's status must be 00 or 80, the signature 55 AA.
        #expect(try classify(edited(446, 0x7F)) != "com.apple.disk-image-raw")
        #expect(try classify(edited(511, 0xAB)) != "com.apple.disk-image-raw")
        // A GPT's protective entry is not this.
        #expect(try classify(edited(446 + 4, 0xEE)) != "com.apple.disk-image-raw")
        // A partition starting past the end of the file, or a second active one.
        var far = disk
        far.replaceSubrange(454..<458, with: [0x00, 0x00, 0x10, 0x00])
        #expect(try classify(far) != "com.apple.disk-image-raw")
        var twoActive = disk
        twoActive.replaceSubrange(462..<478, with: disk[446..<462])
        #expect(try classify(twoActive) != "com.apple.disk-image-raw")
        // An empty entry with a status byte is no partition table (a boot sector's code).
        #expect(try classify(edited(462, 0x80)) != "com.apple.disk-image-raw")
    }
}
