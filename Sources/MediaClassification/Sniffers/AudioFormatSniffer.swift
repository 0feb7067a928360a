/// Sniffs audio files that have a header of their own but no container: WavPack, TTA, TAK,
/// OptimFROG, Monkey's Audio, Sun/NeXT AU (either byte order, and DEC's `.sd` variant),
/// Standard MIDI Files, Composer 669 modules and HTK waveforms (AudioFormatSniffer+HTK.swift).
///
/// Each signature is only trusted with the header fields that follow it: a version in range,
/// channel counts, sample rates and sizes the format allows, TTA's header CRC, the next WavPack
/// block or MIDI track chunk. The lossless formats are also found behind one ID3v2 tag.
package enum AudioFormatSniffer {
    /// How many header bytes are read at the start of the stream.
    static let headerBytes = 512

    /// The signatures of the formats that may also sit behind an ID3v2 tag.
    private static let signatures: Set<String> = ["wvpk", "TTA1", "tBaK", "OFR ", "MAC "]

    /// Classifies an audio file by its own header.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: The audio type, or `nil` when the bytes are none of these formats or the
    ///   header does not hold.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard head.count >= 12 else { return nil }
        switch MediaBytes.fourCC(head, 0) {
        case ".snd": return au(head, littleEndian: false, dec: false)
        case "dns.": return au(head, littleEndian: true, dec: false)
        case ".sd\u{0}": return au(head, littleEndian: true, dec: true)
        case "\u{0}ds.": return au(head, littleEndian: false, dec: true)
        case "MThd": return midi(input)
        default: break
        }
        if MediaBytes.matches(head, 0, "if")
            || MediaBytes.matches(head, 0, "JN")
        {
            return composer669(input)
        }
        if head[8] == 0, head[9] == 2,
            let htk = htkWaveform(head, fileSize: input.fileSize)
        {
            return htk
        }
        var offset: UInt64 = 0
        var prefix = ""
        if let code = MediaBytes.fourCC(head, 0), signatures.contains(code) {
            // The header is at the start: read below, from the head.
        } else if MediaBytes.matches(head, 0, "ID3") {
            guard let size = MediaBytes.id3v2TagLength(head) else { return nil }
            offset = size
            prefix = "ID3v2 tag of \(size) bytes skipped; "
        } else {
            return nil
        }
        guard let header = input.read(at: offset, count: headerBytes), header.count >= 12 else {
            return nil
        }
        let found: SniffResult?
        switch MediaBytes.fourCC(header, 0) {
        case "wvpk": found = wavPack(header, at: offset, input: input)
        case "TTA1": found = tta(header)
        case "tBaK": found = tak(header, at: offset, input: input)
        case "OFR ": found = optimFROG(header)
        case "MAC ": found = monkeysAudio(header)
        default: found = nil
        }
        guard var result = found else { return nil }
        result.detail = prefix + result.detail
        return result
    }
}

// MARK: - Lossless formats

extension AudioFormatSniffer {
    /// WavPack 4/5 block header: `wvpk`, a block size of at least the 24 header bytes after
    /// it, a stream version of 0x402-0x410, and after the block either the next block, a tag
    /// (APEv2 or ID3v1) or the end of the file.
    static func wavPack(_ header: [UInt8], at offset: UInt64, input: SniffInput) -> SniffResult? {
        guard let size = MediaBytes.u32le(header, 4), size >= 24, size <= 1 << 24,
            let version = MediaBytes.u16le(header, 8), (0x402...0x410).contains(version),
            header.count >= 32
        else { return nil }
        let next = offset + 8 + UInt64(size)
        var following = "ends the file"
        if next < input.fileSize {
            guard let bytes = input.read(at: next, count: 4), bytes.count >= 3 else { return nil }
            if MediaBytes.matches(bytes, 0, "wvpk") {
                following = "next block follows"
            } else if MediaBytes.matches(bytes, 0, "APET")
                || MediaBytes.matches(bytes, 0, "TAG")
            {
                following = "tag follows"
            } else {
                return nil
            }
        } else if next > input.fileSize {
            following = "truncated"
        }
        let hex = String(version, radix: 16)
        if wavPackBitstream(header, blockEnd: 8 + Int(size)) == 0x0B {
            return SniffResult(
                "com.wavpack.wavpack-correction",
                detail: "WavPack block with a correction bitstream, stream version 0x\(hex)"
            )
        }
        return SniffResult(
            "com.wavpack.wavpack",
            detail: "WavPack block, stream version 0x\(hex), \(following)"
        )
    }

    /// The function of the first bitstream sub-block in a WavPack block (0x0A audio, 0x0B a
    /// hybrid file's correction data), walking the metadata sub-blocks after the 32-byte
    /// header within the bytes at hand; nil when none is found.
    private static func wavPackBitstream(_ block: [UInt8], blockEnd: Int) -> UInt8? {
        var offset = 32
        let end = min(block.count, blockEnd)
        for _ in 0..<64 {
            guard offset + 2 <= end else { return nil }
            let id = block[offset]
            var words = Int(block[offset + 1])
            var headerSize = 2
            if id & 0x80 != 0 {  // a large sub-block: a 3-byte size
                guard offset + 4 <= end else { return nil }
                words |= Int(block[offset + 2]) << 8 | Int(block[offset + 3]) << 16
                headerSize = 4
            }
            let function = id & 0x3F
            if function == 0x0A || function == 0x0B { return function }
            offset += headerSize + words * 2
        }
        return nil
    }

    /// TTA1 header: format 1 (PCM) or 2 (encrypted), 1-64 channels, 8, 16 or 24 bits, a
    /// sample rate, and the CRC-32 of those 18 bytes.
    static func tta(_ header: [UInt8]) -> SniffResult? {
        guard header.count >= 22, let format = MediaBytes.u16le(header, 4),
            format == 1 || format == 2,
            let channels = MediaBytes.u16le(header, 6), (1...64).contains(channels),
            let bits = MediaBytes.u16le(header, 8), [8, 16, 24].contains(bits),
            let rate = MediaBytes.u32le(header, 10), rate > 0,
            let crc = MediaBytes.u32le(header, 18), CRC32.checksum(Array(header[0..<18])) == crc
        else { return nil }
        return SniffResult(
            "com.true-audio.tta",
            detail: "TTA1 header, \(channels) channel(s), \(bits) bits, \(rate) Hz, CRC matches"
        )
    }

    /// TAK: `tBaK`, then metadata blocks (a type 1-7 and a 24-bit size); the block after the
    /// first must also have a defined type (0 ends the list).
    static func tak(_ header: [UInt8], at offset: UInt64, input: SniffInput) -> SniffResult? {
        guard header.count >= 8, (1...7).contains(header[4] & 0x7F) else { return nil }
        let size = UInt64(header[5]) | UInt64(header[6]) << 8 | UInt64(header[7]) << 16
        guard size >= 3 else { return nil }
        let next = offset + 8 + size
        guard next < input.fileSize, let following = input.read(at: next, count: 4),
            following.count == 4, following[0] & 0x7F <= 7
        else { return nil }
        return SniffResult(
            "de.thbeck.tak",
            detail: "tBaK, metadata block type \(header[4] & 0x7F) then \(following[0] & 0x7F)"
        )
    }

    /// OptimFROG: `OFR `, a header size, a sample type of 0-10, a channel configuration of 0
    /// (mono) or 1 (stereo) and a sample rate.
    static func optimFROG(_ header: [UInt8]) -> SniffResult? {
        guard let size = MediaBytes.u32le(header, 4), (12...4096).contains(size),
            header.count >= 20, header[14] <= 10, header[15] <= 1,
            let rate = MediaBytes.u32le(header, 16), (1...1_000_000).contains(rate)
        else { return nil }
        return SniffResult(
            "org.losslessaudio.optimfrog",
            detail: "OFR header, sample type \(header[14]), \(rate) Hz"
        )
    }

    /// Monkey's Audio: `MAC `, a version, then (from 3.98, in a header after the descriptor)
    /// a compression level of 1000-5000, a sample size, 1-32 channels and a sample rate.
    static func monkeysAudio(_ header: [UInt8]) -> SniffResult? {
        guard let version = MediaBytes.u16le(header, 4), (3000..<5000).contains(version) else {
            return nil
        }
        let compression: UInt16?
        let channels: UInt16?
        let rate: UInt32?
        if version >= 3980 {
            guard let descriptor = MediaBytes.u32le(header, 8), (52...96).contains(descriptor),
                let headerSize = MediaBytes.u32le(header, 12), headerSize >= 24
            else { return nil }
            let base = Int(descriptor)
            guard let bits = MediaBytes.u16le(header, base + 16), [8, 16, 24, 32].contains(bits)
            else { return nil }
            compression = MediaBytes.u16le(header, base)
            channels = MediaBytes.u16le(header, base + 18)
            rate = MediaBytes.u32le(header, base + 20)
        } else {
            compression = MediaBytes.u16le(header, 6)
            channels = MediaBytes.u16le(header, 10)
            rate = MediaBytes.u32le(header, 12)
        }
        guard let compression, compression % 1000 == 0, (1000...5000).contains(compression),
            let channels, (1...32).contains(channels), let rate, (1...1_000_000).contains(rate)
        else { return nil }
        return SniffResult(
            "com.monkeysaudio.ape",
            detail: "MAC version \(version), compression \(compression), \(rate) Hz"
        )
    }
}

// MARK: - AU and MIDI

extension AudioFormatSniffer {
    /// Sun/NeXT audio, or DEC's variant of it, by its header.
    ///
    /// The header holds the magic (`.snd`, or `.sd` and a NUL for DEC; reversed when written
    /// little-endian), a data offset of at least the 24-byte header, an encoding of 1-27, a
    /// sample rate and 1-255 channels.
    static func au(_ head: [UInt8], littleEndian: Bool, dec: Bool) -> SniffResult? {
        func field(_ offset: Int) -> UInt32? {
            ByteFields.u32(head, offset, littleEndian: littleEndian)
        }
        guard let dataOffset = field(4), dataOffset >= 24, dataOffset <= 1 << 20,
            let encoding = field(12), (1...27).contains(encoding),
            let rate = field(16), (1...1_000_000).contains(rate),
            let channels = field(20), (1...255).contains(channels)
        else { return nil }
        let order = littleEndian ? "little-endian" : "big-endian"
        return SniffResult(
            dec ? "com.dec.au-audio" : "public.au-audio",
            detail: "\(dec ? "DEC" : "Sun/NeXT") audio header, \(order), encoding \(encoding), "
                + "\(rate) Hz"
        )
    }

    /// Standard MIDI File: `MThd` with a length of at least 6, format 0-2 (format 0 with one
    /// track), at least one track, a valid division, and an `MTrk` chunk after the header.
    static func midi(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard let length = MediaBytes.u32be(head, 4), (6...64).contains(length),
            let format = MediaBytes.u16be(head, 8), format <= 2,
            let tracks = MediaBytes.u16be(head, 10), tracks >= 1, format != 0 || tracks == 1,
            let division = MediaBytes.u16be(head, 12)
        else { return nil }
        if division & 0x8000 != 0 {
            // SMPTE: the high byte is -24, -25, -29 or -30 frames a second.
            guard [0xE8, 0xE7, 0xE3, 0xE2].contains(division >> 8) else { return nil }
        } else {
            guard division > 0 else { return nil }
        }
        guard let chunk = input.read(at: 8 + UInt64(length), count: 4),
            MediaBytes.matches(chunk, 0, "MTrk")
        else { return nil }
        return SniffResult(
            "public.midi-audio",
            detail: "MThd format \(format), \(tracks) track(s), MTrk follows"
        )
    }
}

// MARK: - Composer 669

extension AudioFormatSniffer {
    /// A Composer 669 module (`if`) or an Extended 669 one (`JN`, UNIS 669).
    ///
    /// The two-byte marker is all the magic there is, so the whole 497-byte header must hold
    /// (the 669 format description): at most 64 samples and 128 patterns, a loop order below
    /// 128, an order list of patterns that exist (0xFF ends it; the first entry plays one), a
    /// tempo list of values up to 31 and a break list of rows below 64; then the sample
    /// headers (a name of 13 bytes, the length, loop start and loop end) and the patterns (64
    /// rows of 8 channels of 3 bytes) must fit in the file with the sample data. Text that
    /// opens with `if` fails the tempo list at once.
    static func composer669(_ input: SniffInput) -> SniffResult? {
        guard let header = input.read(at: 0, count: 497), header.count == 497 else { return nil }
        let samples = Int(header[110])
        let patterns = Int(header[111])
        guard samples <= 64, (1...128).contains(patterns), header[112] < 128 else { return nil }
        let orders = header[113..<241]
        guard let first = orders.first, Int(first) < patterns,
            orders.allSatisfy({ $0 == 0xFF || Int($0) < patterns }),
            header[241..<369].allSatisfy({ $0 <= 31 }),
            header[369..<497].allSatisfy({ $0 < 64 })
        else { return nil }
        var total = UInt64(497 + 25 * samples + 1536 * patterns)
        if samples > 0 {
            guard let table = input.read(at: 497, count: 25 * samples),
                table.count == 25 * samples
            else { return nil }
            for index in 0..<samples {
                guard let length = MediaBytes.u32le(table, index * 25 + 13),
                    UInt64(length) <= input.fileSize
                else { return nil }
                total += UInt64(length)
            }
        }
        guard total <= input.fileSize else { return nil }
        let kind = header[0] == UInt8(ascii: "i") ? "Composer 669" : "Extended 669 (JN)"
        return SniffResult(
            "com.renaissance.669-module",
            detail: "\(kind) header, \(samples) samples, \(patterns) patterns"
        )
    }
}
