/// What the first bytes of an elementary stream state about itself, for the containers that
/// keep no configuration record of their own (MPEG-TS and PS, AVI, FLV's in-band streams):
/// the sequence header of MPEG-1/2 video, the sequence parameter set of H.264 and HEVC, the
/// first frame header of MPEG audio, ADTS AAC and AC-3.
struct StreamHeader {
    var codec: String?
    var width: Int?
    var height: Int?
    var frameRate: Double?
    var bitDepth: Int?
    var transfer: String?
    var channels: Int?
    var sampleRate: Int?
    /// The samples one audio frame holds (1024 for AAC, 1152 for MPEG audio layer II).
    var samplesPerFrame: Int?
}

enum StreamHeaders {
    /// The most bytes of a parameter set read after removing emulation prevention.
    static let maximumParameterSetSize = 1024
    /// The most NAL units or start codes looked at in one payload.
    static let maximumUnits = 64

    /// The transfer name of an ISO/IEC 23091-2 (H.273) `TransferCharacteristics` code:
    /// `pq` for 16 (SMPTE ST 2084), `hlg` for 18 (ARIB STD-B67); nil for the others.
    static func transfer(_ code: Int) -> String? {
        switch code {
        case 16: "pq"
        case 18: "hlg"
        default: nil
        }
    }

    /// The offsets just past each `00 00 01` start code in `bytes`, at most ``maximumUnits``.
    static func startCodes(_ bytes: [UInt8]) -> [Int] {
        var result: [Int] = []
        var index = 0
        while index + 3 <= bytes.count, result.count < maximumUnits {
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1 {
                result.append(index + 3)
                index += 3
            } else {
                index += 1
            }
        }
        return result
    }

    /// The NAL unit starting at `start` up to the next start code (or the end), with the
    /// emulation prevention bytes (`00 00 03`) removed, at most ``maximumParameterSetSize``.
    static func unescaped(_ bytes: [UInt8], from start: Int) -> [UInt8] {
        var result: [UInt8] = []
        var zeros = 0
        var index = start
        while index < bytes.count, result.count < maximumParameterSetSize {
            let byte = bytes[index]
            if zeros >= 2, byte == 1 { break }
            if zeros >= 2, byte == 3 {
                zeros = 0
                index += 1
                continue
            }
            zeros = byte == 0 ? zeros + 1 : 0
            result.append(byte)
            index += 1
        }
        while result.last == 0 { result.removeLast() }
        return result
    }

    // MARK: Video

    /// The kinds of video header ``video(_:expecting:)`` looks for.
    enum VideoKind {
        case mpeg, h264, hevc, mpeg4
    }

    /// The first video header found in a payload: an MPEG-1/2 sequence header, an H.264 or
    /// HEVC sequence parameter set, or an MPEG-4 Visual object sequence or layer; only of
    /// `kind` when the container names it (the start code values overlap between them).
    static func video(_ payload: [UInt8], expecting kind: VideoKind? = nil) -> StreamHeader? {
        let starts = startCodes(payload)
        func wanted(_ candidate: VideoKind) -> Bool { kind == nil || kind == candidate }
        for start in starts {
            guard let code = payload.byte(start) else { continue }
            if code == 0xB3, wanted(.mpeg) { return mpegVideo(payload, at: start, starts: starts) }
            if code & 0x9F == 0x07, wanted(.h264) { return h264(unescaped(payload, from: start)) }
            if code & 0xFE == 0x42, payload.byte(start + 1) == 1, wanted(.hevc) {
                return hevc(unescaped(payload, from: start))
            }
            if code == 0xB0 || (0x20...0x2F).contains(code), wanted(.mpeg4) {
                return StreamHeader(codec: "mp4v.20")
            }
        }
        return nil
    }

    /// An MPEG-1 or MPEG-2 sequence header (`00 00 01 B3`) and, for MPEG-2, its sequence
    /// extension: coded size and frame rate; the codec is `mp1v` or `mp2v` (QuickTime's codes).
    static func mpegVideo(_ bytes: [UInt8], at start: Int, starts: [Int]) -> StreamHeader? {
        guard let sizes = bytes.be24(start + 1), let rateByte = bytes.byte(start + 4) else {
            return nil
        }
        var width = sizes >> 12
        var height = sizes & 0xFFF
        let rates: [Double] = [
            0, 24000.0 / 1001, 24, 25, 30000.0 / 1001, 30, 50, 60000.0 / 1001, 60,
        ]
        let rateCode = rateByte & 0x0F
        var frameRate = rateCode < rates.count && rateCode > 0 ? rates[rateCode] : nil
        var codec = "mp1v"
        // The sequence extension (identifier 1) follows the sequence header in MPEG-2.
        for next in starts where next > start {
            guard bytes.byte(next) == 0xB5, let first = bytes.byte(next + 1), first >> 4 == 1,
                let fields = bytes.be32(next + 1), let rateFields = bytes.byte(next + 6)
            else { continue }
            codec = "mp2v"
            width |= Int(fields >> 15 & 0x3) << 12
            height |= Int(fields >> 13 & 0x3) << 12
            let numerator = Double(rateFields >> 5 & 0x3) + 1
            let denominator = Double(rateFields & 0x1F) + 1
            frameRate = frameRate.map { $0 * numerator / denominator }
            break
        }
        guard width > 0, height > 0 else { return nil }
        return StreamHeader(codec: codec, width: width, height: height, frameRate: frameRate)
    }

    private static let highProfiles: Set<Int> = [
        100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135,
    ]

    /// An H.264 sequence parameter set (the NAL unit, header byte first): `avc1.PPCCLL`, the
    /// cropped size, bit depth, and from its VUI the frame rate and transfer.
    static func h264(_ sps: [UInt8]) -> StreamHeader? {
        guard sps.count >= 4, let codec = CodecString.avc("avc1", [1] + sps[1...3], 0..<4) else {
            return nil
        }
        var result = StreamHeader(codec: codec)
        var bits = BitReader(bytes: sps, range: 4..<sps.count)
        _ = h264Details(&bits, profile: Int(sps[1]), into: &result)
        return result
    }

    private static func h264Details(
        _ bits: inout BitReader,
        profile: Int,
        into result: inout StreamHeader
    ) -> Void? {
        guard bits.golomb() != nil else { return nil }  // seq_parameter_set_id
        var chroma = 1
        var separatePlanes = 0
        if highProfiles.contains(profile) {
            guard let format = bits.golomb(), format <= 3 else { return nil }
            chroma = format
            if chroma == 3 { separatePlanes = bits.read(1) ?? 0 }
            let depth = bits.golomb()
            _ = bits.golomb()  // chroma depth
            _ = bits.read(1)  // qpprime_y_zero_transform_bypass_flag
            if let depth, depth <= 6 { result.bitDepth = depth + 8 }
            guard let matrices = bits.read(1) else { return nil }
            if matrices == 1 {
                for index in 0..<(chroma == 3 ? 12 : 8) {
                    guard let present = bits.read(1) else { return nil }
                    if present == 1, !skipScalingList(&bits, index < 6 ? 16 : 64) { return nil }
                }
            }
        } else {
            result.bitDepth = 8
        }
        guard bits.golomb() != nil, let orderType = bits.golomb() else { return nil }
        if orderType == 0 {
            guard bits.golomb() != nil else { return nil }
        } else if orderType == 1 {
            guard bits.read(1) != nil, bits.signedGolomb() != nil, bits.signedGolomb() != nil,
                let cycle = bits.golomb(), cycle <= 255
            else { return nil }
            for _ in 0..<cycle { guard bits.signedGolomb() != nil else { return nil } }
        }
        guard bits.golomb() != nil, bits.read(1) != nil, let widthUnits = bits.golomb(),
            let heightUnits = bits.golomb(), let frameOnly = bits.read(1),
            widthUnits < 1 << 16, heightUnits < 1 << 16
        else { return nil }
        if frameOnly == 0 { guard bits.read(1) != nil else { return nil } }
        guard bits.read(1) != nil, let cropping = bits.read(1) else { return nil }
        var crop = (left: 0, right: 0, top: 0, bottom: 0)
        if cropping == 1 {
            guard let left = bits.golomb(), let right = bits.golomb(), let top = bits.golomb(),
                let bottom = bits.golomb()
            else { return nil }
            crop = (left, right, top, bottom)
        }
        let arrayType = separatePlanes == 1 ? 0 : chroma
        let unitX = arrayType == 0 ? 1 : (chroma == 3 ? 1 : 2)
        let unitY = (arrayType == 0 ? 1 : (chroma == 1 ? 2 : 1)) * (2 - frameOnly)
        let width = (widthUnits + 1) * 16 - unitX * (crop.left + crop.right)
        let height = (2 - frameOnly) * (heightUnits + 1) * 16 - unitY * (crop.top + crop.bottom)
        if width > 0, height > 0 {
            result.width = width
            result.height = height
        }
        guard bits.read(1) == 1 else { return () }
        // VUI: aspect ratio, overscan, video signal type (the transfer), chroma location,
        // timing (the frame rate).
        if bits.read(1) == 1, bits.read(8) == 255 { guard bits.read(32) != nil else { return nil } }
        if bits.read(1) == 1 { _ = bits.read(1) }
        if bits.read(1) == 1 {
            guard bits.read(4) != nil, let described = bits.read(1) else { return nil }
            if described == 1 {
                guard bits.read(8) != nil, let transfer = bits.read(8), bits.read(8) != nil else {
                    return nil
                }
                result.transfer = Self.transfer(transfer)
            }
        }
        if bits.read(1) == 1 {
            guard bits.golomb() != nil, bits.golomb() != nil else { return nil }
        }
        if bits.read(1) == 1, let tick = bits.read(32), let scale = bits.read(32), tick > 0,
            scale > 0
        {
            result.frameRate = Double(scale) / Double(2 * tick)
        }
        return ()
    }

    private static func skipScalingList(_ bits: inout BitReader, _ size: Int) -> Bool {
        var last = 8
        var next = 8
        for _ in 0..<size {
            if next != 0 {
                guard let delta = bits.signedGolomb() else { return false }
                next = ((last + delta) % 256 + 256) % 256
            }
            if next != 0 { last = next }
        }
        return true
    }

    /// An HEVC sequence parameter set (the NAL unit, two header bytes first): the codec string
    /// (`hev1`, parameter sets in band), the cropped size and bit depth.
    static func hevc(_ sps: [UInt8]) -> StreamHeader? {
        // Header (2 bytes), then 4 + 3 + 1 bits, then the profile, tier and level as hvcC
        // lays them out from its second byte.
        guard sps.count >= 15,
            let codec = CodecString.hevc("hev1", [1] + sps[3...14], 0..<13)
        else { return nil }
        var result = StreamHeader(codec: codec)
        let subLayers = Int(sps[2] >> 1 & 0x7)
        var bits = BitReader(bytes: sps, range: 15..<sps.count)
        var present: [(profile: Int, level: Int)] = []
        for _ in 0..<subLayers {
            guard let profile = bits.read(1), let level = bits.read(1) else { return result }
            present.append((profile, level))
        }
        if subLayers > 0 {
            for _ in subLayers..<8 { _ = bits.read(2) }
        }
        for layer in present {
            if layer.profile == 1 {
                for _ in 0..<11 { _ = bits.read(8) }
            }
            if layer.level == 1 { _ = bits.read(8) }
        }
        guard bits.golomb() != nil, let chroma = bits.golomb(), chroma <= 3 else { return result }
        if chroma == 3 { _ = bits.read(1) }
        guard let width = bits.golomb(), let height = bits.golomb(), let window = bits.read(1),
            width < 1 << 16, height < 1 << 16
        else { return result }
        var crop = (horizontal: 0, vertical: 0)
        if window == 1 {
            guard let left = bits.golomb(), let right = bits.golomb(), let top = bits.golomb(),
                let bottom = bits.golomb()
            else { return result }
            crop = (left + right, top + bottom)
        }
        let unitX = chroma == 1 || chroma == 2 ? 2 : 1
        let unitY = chroma == 1 ? 2 : 1
        let shownWidth = width - unitX * crop.horizontal
        let shownHeight = height - unitY * crop.vertical
        if shownWidth > 0, shownHeight > 0 {
            result.width = shownWidth
            result.height = shownHeight
        }
        guard let depth = bits.golomb(), depth <= 8 else { return result }
        result.bitDepth = depth + 8
        if let video = hevcVideoUsability(&bits, subLayers: subLayers) {
            result.transfer = video.transfer.flatMap(transfer)
            result.frameRate = video.frameRate
        }
        return result
    }

    /// The transfer characteristics and frame rate of an HEVC SPS's VUI, read on from the
    /// chroma bit depth through the fields before it (ordering, block sizes, scaling lists,
    /// PCM, the short- and long-term reference picture sets); nil without a VUI.
    private static func hevcVideoUsability(_ bits: inout BitReader, subLayers: Int) -> (
        transfer: Int?, frameRate: Double?
    )? {
        guard bits.golomb() != nil, let lsbBits = bits.golomb(), lsbBits <= 12,
            let ordering = bits.read(1)
        else { return nil }
        for _ in (ordering == 1 ? 0 : subLayers)...subLayers {
            guard bits.golomb() != nil, bits.golomb() != nil, bits.golomb() != nil else {
                return nil
            }
        }
        for _ in 0..<6 { guard bits.golomb() != nil else { return nil } }
        guard let scaling = bits.read(1) else { return nil }
        if scaling == 1, bits.read(1) == 1, !skipHEVCScalingLists(&bits) { return nil }
        guard bits.read(2) != nil, let pcm = bits.read(1) else { return nil }
        if pcm == 1 {
            guard bits.read(8) != nil, bits.golomb() != nil, bits.golomb() != nil,
                bits.read(1) != nil
            else { return nil }
        }
        guard let setCount = bits.golomb(), setCount <= 64 else { return nil }
        var deltaCounts: [Int] = []
        for index in 0..<setCount {
            let predicted = index == 0 ? 0 : bits.read(1)
            if predicted == 1 {
                // In the SPS, each set is predicted from the one before it.
                guard bits.read(1) != nil, bits.golomb() != nil, let reference = deltaCounts.last
                else { return nil }
                var count = 0
                for _ in 0...reference {
                    guard let used = bits.read(1) else { return nil }
                    let kept = used == 1 ? 1 : bits.read(1)
                    if used == 1 || kept == 1 { count += 1 }
                }
                deltaCounts.append(count)
            } else {
                guard let negative = bits.golomb(), let positive = bits.golomb(), negative <= 16,
                    positive <= 16
                else { return nil }
                for _ in 0..<(negative + positive) {
                    guard bits.golomb() != nil, bits.read(1) != nil else { return nil }
                }
                deltaCounts.append(negative + positive)
            }
        }
        guard let longTerm = bits.read(1) else { return nil }
        if longTerm == 1 {
            guard let count = bits.golomb(), count <= 32 else { return nil }
            for _ in 0..<count {
                guard bits.read(lsbBits + 4) != nil, bits.read(1) != nil else { return nil }
            }
        }
        // Temporal MVP, strong intra smoothing, then the VUI: aspect ratio, overscan, and the
        // video signal type with its colour description.
        guard bits.read(2) != nil, bits.read(1) == 1 else { return nil }
        if bits.read(1) == 1, bits.read(8) == 255 { guard bits.read(32) != nil else { return nil } }
        if bits.read(1) == 1 { guard bits.read(1) != nil else { return nil } }
        var transfer: Int?
        if bits.read(1) == 1 {
            guard bits.read(4) != nil, let described = bits.read(1) else { return nil }
            if described == 1 {
                guard bits.read(8) != nil, let code = bits.read(8), bits.read(8) != nil else {
                    return nil
                }
                transfer = code
            }
        }
        // Chroma location, three flags, the default display window, then the timing.
        if bits.read(1) == 1 {
            guard bits.golomb() != nil, bits.golomb() != nil else { return nil }
        }
        guard bits.read(3) != nil, let window = bits.read(1) else { return (transfer, nil) }
        if window == 1 {
            for _ in 0..<4 { guard bits.golomb() != nil else { return (transfer, nil) } }
        }
        guard bits.read(1) == 1, let tick = bits.read(32), let scale = bits.read(32), tick > 0,
            scale > 0
        else { return (transfer, nil) }
        return (transfer, Double(scale) / Double(tick))
    }

    private static func skipHEVCScalingLists(_ bits: inout BitReader) -> Bool {
        for size in 0..<4 {
            for _ in stride(from: 0, to: 6, by: size == 3 ? 3 : 1) {
                guard let mode = bits.read(1) else { return false }
                if mode == 0 {
                    guard bits.golomb() != nil else { return false }
                    continue
                }
                if size > 1, bits.signedGolomb() == nil { return false }
                for _ in 0..<min(64, 1 << (4 + (size << 1))) {
                    guard bits.signedGolomb() != nil else { return false }
                }
            }
        }
        return true
    }

    // MARK: Audio

    /// The first audio frame header found in a payload: ADTS AAC, MPEG audio or AC-3, at the
    /// payload's start or within its first `limit` bytes (after another frame's tail).
    static func audio(_ payload: [UInt8], within limit: Int) -> StreamHeader? {
        for index in 0..<min(payload.count, limit) {
            let frame = Array(payload[index..<min(payload.count, index + 16)])
            if frame.count >= 7, frame[0] == 0xFF, frame[1] & 0xF6 == 0xF0,
                let found = AudioHeaderProperties.adts(frame)
            {
                return StreamHeader(
                    codec: found.audioCodec,
                    channels: found.channels,
                    sampleRate: found.sampleRate,
                    samplesPerFrame: 1024
                )
            }
            if let (found, samples) = AudiovisualProperties.mpegAudioFrame(frame) {
                return StreamHeader(
                    codec: found.audioCodec,
                    channels: found.channels,
                    sampleRate: found.sampleRate,
                    samplesPerFrame: samples
                )
            }
            if frame.has([0x0B, 0x77], at: 0), let found = AudioHeaderProperties.ac3(frame) {
                return StreamHeader(
                    codec: found.audioCodec,
                    channels: found.channels,
                    sampleRate: found.sampleRate,
                    samplesPerFrame: 1536
                )
            }
        }
        return nil
    }
}

extension BitReader {
    /// An unsigned Exp-Golomb code (`ue(v)`), or nil past the end or beyond 31 leading zeros.
    mutating func golomb() -> Int? {
        var zeros = 0
        while true {
            guard let bit = read(1) else { return nil }
            if bit == 1 { break }
            zeros += 1
            if zeros > 31 { return nil }
        }
        guard let rest = read(zeros) else { return nil }
        return (1 << zeros) - 1 + rest
    }

    /// A signed Exp-Golomb code (`se(v)`).
    mutating func signedGolomb() -> Int? {
        guard let code = golomb() else { return nil }
        return code & 1 == 1 ? (code + 1) / 2 : -(code / 2)
    }
}
