/// DTS Coherent Acoustics streams (ETSI TS 102 114): core frames, DTS-HD extension
/// substreams, and the DTS-HD file that wraps them.
///
/// A DTS stream has no file header, and its four-byte sync word is all libmagic and
/// shared-mime-info look for; here, as for AC-3, the frames must follow one another by their
/// own lengths. The core is stored in four layouts: 16-bit words big-endian (the common one)
/// or little-endian, and 14-bit words in 16-bit containers either way (DTS audio CDs, made to
/// pass for PCM). A Blu-ray DTS-HD stream puts an extension substream (sync 0x64582025) after
/// each core frame, and DTS Express has substreams alone.
extension AudioStreamSniffer {
    /// Follows DTS frames from `offset`: a DTS stream when `requiredFrames` of them (or two
    /// that end with the file) follow one another, DTS-HD when any is an extension substream.
    static func dts(
        at offset: UInt64,
        requiredFrames: Int,
        reader: inout MediaWindowReader,
        prefix: String
    ) -> SniffResult? {
        var substreams = 0
        var layout = DTSFrame.Layout.bigEndian16
        var seenCore = false
        let frames = chain(
            at: offset,
            requiredFrames: requiredFrames,
            reader: &reader,
            headerBytes: DTSFrame.headerBytes
        ) { (bytes: [UInt8]) -> DTSFrame? in
            let frame = DTSFrame(bytes)
            if let frame {
                if frame.isSubstream {
                    substreams += 1
                } else if !seenCore {
                    seenCore = true
                    layout = frame.layout
                }
            }
            return frame
        }
        guard let frames else { return nil }
        if substreams > 0 {
            return SniffResult(
                "com.dts.dts-hd-audio",
                detail: prefix
                    + "\(frames) consecutive DTS frames, \(substreams) of them extension substreams"
            )
        }
        return SniffResult(
            "com.dts.dts-audio",
            detail: prefix + "\(frames) consecutive DTS core frames (\(layout.description))"
        )
    }

    /// The most bytes a DTS-HD file's header chunk may declare.
    static let maximumDTSHDHeader: UInt64 = 64 * 1024

    /// A DTS-HD file (`.dtshd`, written by DTS's encoders): chunks of an eight-letter
    /// identifier and a 64-bit big-endian size, the first `DTSHDHDR`; the next chunk's
    /// identifier must follow the first chunk where its size says.
    static func dtsHDFile(_ head: [UInt8]) -> SniffResult? {
        guard MediaBytes.matches(head, 0, "DTSHDHDR"),
            let size = MediaBytes.u64be(head, 8), size >= 8, size <= maximumDTSHDHeader
        else { return nil }
        let next = 16 + Int(size)
        guard next + 8 <= head.count else {
            // The next chunk lies beyond the head: the header's size alone must do.
            return SniffResult("com.dts.dts-hd-audio", detail: "DTSHDHDR chunk", isTentative: true)
        }
        let identifier = head[next..<(next + 8)]
        guard identifier.allSatisfy({ ByteFields.isASCIILetter($0) || $0 == 0x2D || $0 == 0x5F })
        else { return nil }
        return SniffResult(
            "com.dts.dts-hd-audio",
            detail: "DTSHDHDR chunk, then \(String(decoding: identifier, as: UTF8.self))"
        )
    }
}

/// One unit of a DTS stream: a core frame's header in any of the four layouts, or an
/// extension substream's header.
struct DTSFrame: AudioFrame {
    /// How a stream stores the core's bits.
    enum Layout: Equatable, CustomStringConvertible {
        case bigEndian16, littleEndian16, bigEndian14, littleEndian14

        var description: String {
            switch self {
            case .bigEndian16: "16-bit words, big-endian"
            case .littleEndian16: "16-bit words, little-endian"
            case .bigEndian14: "14-bit words, big-endian"
            case .littleEndian14: "14-bit words, little-endian"
            }
        }
    }

    /// The sync words that open a unit: the core's in its four layouts, then the extension
    /// substream's.
    static let syncWords: Set<UInt32> = [
        0x7FFE_8001, 0xFE7F_0180, 0x1FFF_E800, 0xFF1F_00E8, substreamSync,
    ]
    static let substreamSync: UInt32 = 0x6458_2025
    /// The bytes read for one unit's header: eight 14-bit words hold the core header's
    /// first 80 bits with room to spare.
    static let headerBytes = 16
    /// The core's sample-rate codes that name a rate (8 to 48 kHz); the others are invalid.
    static let sampleRateCodes: Set<UInt8> = [1, 2, 3, 6, 7, 8, 11, 12, 13]

    var layout: Layout
    var isSubstream: Bool
    var sampleRateCode: UInt8
    var length: Int

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= Self.headerBytes, let sync = MediaBytes.u32be(bytes, 0) else {
            return nil
        }
        if sync == Self.substreamSync {
            guard let size = Self.substreamSize(bytes) else { return nil }
            self.layout = .bigEndian16
            self.isSubstream = true
            self.sampleRateCode = 0
            self.length = size
            return
        }
        let layout: Layout
        let core: [UInt8]
        switch sync {
        case 0x7FFE_8001:
            layout = .bigEndian16
            core = bytes
        case 0xFE7F_0180:
            layout = .littleEndian16
            core = Self.swapped(bytes)
        case 0x1FFF_E800 where bytes[4] == 0x07 && bytes[5] & 0xF0 == 0xF0:
            layout = .bigEndian14
            core = Self.unpacked14(bytes)
        case 0xFF1F_00E8 where bytes[5] == 0x07 && bytes[4] & 0xF0 == 0xF0:
            layout = .littleEndian14
            core = Self.unpacked14(Self.swapped(bytes))
        default:
            return nil
        }
        // The frame header after the sync (ETSI TS 102 114, 5.3.1): FTYPE (1 bit), SHORT (5),
        // CPF (1), NBLKS (7), FSIZE (14), AMODE (6), SFREQ (4). A normal frame has FTYPE 1
        // and SHORT 31, at least six blocks of samples, and at least 96 bytes.
        guard core.count >= 10, MediaBytes.u32be(core, 0) == 0x7FFE_8001 else { return nil }
        let fields = core[4..<10].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let normal = fields >> 47 == 1 && (fields >> 42) & 0x1F == 31
        let blocks = (fields >> 34) & 0x7F
        let frameSize = Int((fields >> 20) & 0x3FFF) + 1
        let sampleRateCode = UInt8((fields >> 10) & 0x0F)
        guard normal, blocks >= 5, frameSize >= 96, Self.sampleRateCodes.contains(sampleRateCode)
        else { return nil }
        self.layout = layout
        self.isSubstream = false
        self.sampleRateCode = sampleRateCode
        switch layout {
        case .bigEndian16, .littleEndian16: self.length = frameSize
        // Each 16-bit word carries 14 of the frame's bits; a last, partial word is padded.
        case .bigEndian14, .littleEndian14: self.length = (frameSize * 8 + 13) / 14 * 2
        }
    }

    /// Core frames keep their layout and sample rate; substreams go with the big-endian
    /// 16-bit core alone (DTS-HD has no other).
    func isConsistent(with first: DTSFrame) -> Bool {
        if isSubstream || first.isSubstream {
            return layout == .bigEndian16 && first.layout == .bigEndian16
        }
        return layout == first.layout && sampleRateCode == first.sampleRateCode
    }

    /// An extension substream's size from its header (ETSI TS 102 114, 7.5.1).
    ///
    /// After the sync come 8 user bits, a 2-bit index and a flag choosing 8+16 or 12+20 bits
    /// for the header's and the substream's sizes, each stored less one. The header must fit
    /// in the substream and be at least as long as its fixed part.
    static func substreamSize(_ bytes: [UInt8]) -> Int? {
        guard let fields = MediaBytes.u64be(bytes, 5) else { return nil }
        let wide = (fields >> 61) & 1 == 1
        let header: UInt64
        let size: UInt64
        if wide {
            header = ((fields >> 49) & 0xFFF) + 1
            size = ((fields >> 29) & 0xF_FFFF) + 1
        } else {
            header = ((fields >> 53) & 0xFF) + 1
            size = ((fields >> 37) & 0xFFFF) + 1
        }
        guard header >= 8, header <= size else { return nil }
        return Int(size)
    }

    /// The bytes with each pair swapped: little-endian 16-bit words read as big-endian.
    static func swapped(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for index in stride(from: 0, to: result.count - 1, by: 2) {
            result.swapAt(index, index + 1)
        }
        return result
    }

    /// The bit stream carried by big-endian 14-bit words: the low 14 bits of each 16-bit
    /// word, one after another.
    static func unpacked14(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for index in stride(from: 0, to: bytes.count - 1, by: 2) {
            let word = (UInt32(bytes[index]) << 8 | UInt32(bytes[index + 1])) & 0x3FFF
            accumulator = accumulator << 14 | word
            bits += 14
            while bits >= 8 {
                bits -= 8
                result.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
            accumulator &= (1 << UInt32(bits)) - 1
        }
        return result
    }
}
