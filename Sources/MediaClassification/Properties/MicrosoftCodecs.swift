/// The codec names of the Microsoft structures AVI and ASF share: a `WAVEFORMATEX` audio
/// format tag and a `BITMAPINFOHEADER` compression code.
///
/// Names follow ``MediaProperties/videoCodec`` and ``MediaProperties/audioCodec``: the RFC 6381
/// string where the codec has one (`mp4v.20` for every MPEG-4 Part 2 code such as `XVID`,
/// `DIVX` or `FMP4`; `avc1` for `H264`/`X264`/`AVC1`, `mp4a.40.2` for AAC), a registered
/// name for audio (`mp3`, `mp2`, `pcm`, `alaw`, `ulaw`, `ac-3`, `dts`, `flac`), QuickTime's
/// codes for MPEG-1/2 video (`mp1v`, `mp2v`), and otherwise the lowercased four-character
/// code (`wmv2`, `wvc1`, `mjpg`). Windows Media Audio is `wma1`, `wma2`, `wmap` (Pro), `wmal`
/// (Lossless) or `wmav` (Voice).
enum MicrosoftCodecs {
    /// A `WAVEFORMATEX` (and its extensible form): codec, channels, rate and PCM bit depth.
    ///
    /// - Parameter format: The structure, from its format tag on; `cbSize` extra bytes follow
    ///   its 18 bytes.
    /// - Returns: What the structure states, or nil when it is too short.
    static func waveFormat(_ format: [UInt8]) -> StreamHeader? {
        guard var tag = format.le16(0), let channels = format.le16(2),
            let rate = format.le32(4), let bits = format.le16(14)
        else { return nil }
        let extra = format.le16(16) ?? 0
        if tag == 0xFFFE, extra >= 22, let subformat = format.le16(24) {
            tag = subformat
        }
        var result = StreamHeader()
        if channels > 0 { result.channels = channels }
        if rate > 0, rate < 10_000_000 { result.sampleRate = Int(rate) }
        switch tag {
        case 0x0001, 0x0003:
            result.codec = "pcm"
            if bits > 0 { result.bitDepth = bits }
        case 0x0006: result.codec = "alaw"
        case 0x0007: result.codec = "ulaw"
        case 0x0050: result.codec = "mp2"
        case 0x0055: result.codec = "mp3"
        case 0x00FF, 0x1600, 0x1601, 0x1602, 0x706D, 0xA106:
            result.codec = "mp4a.40"
            // The AudioSpecificConfig follows the 18 bytes: five bits of object type.
            if extra >= 2, let first = format.byte(18) {
                let objectType = first >> 3
                if objectType > 0, objectType < 31 { result.codec = "mp4a.40.\(objectType)" }
            }
        case 0x000A: result.codec = "wmav"
        case 0x0160: result.codec = "wma1"
        case 0x0161: result.codec = "wma2"
        case 0x0162: result.codec = "wmap"
        case 0x0163: result.codec = "wmal"
        case 0x2000: result.codec = "ac-3"
        case 0x2001: result.codec = "dts"
        case 0xF1AC: result.codec = "flac"
        default: break
        }
        return result
    }

    /// The video codec a `BITMAPINFOHEADER` compression code (or an AVI stream handler)
    /// names; the kind of in-band header that refines it (H.264, HEVC).
    static func video(_ code: [UInt8]) -> (codec: String?, kind: StreamHeaders.VideoKind?) {
        guard code.count == 4 else { return (nil, nil) }
        if code == [0, 0, 0, 0] { return ("raw", nil) }
        guard MediaBytes.isPrintableFourCC(code, 0) else { return (nil, nil) }
        let text = String(decoding: code, as: UTF8.self)
        switch text.uppercased() {
        case "H264", "X264", "AVC1", "DAVC", "VSSH": return ("avc1", .h264)
        case "HEVC", "H265", "HVC1", "HEV1", "X265": return ("hev1", .hevc)
        case "FMP4", "XVID", "DIVX", "DX50", "MP4V", "M4S2", "3IV2", "XVIX", "BLZ0", "RMP4":
            return ("mp4v.20", nil)
        case "MPG1", "PIM1": return ("mp1v", nil)
        case "MPG2", "MPEG", "MMES", "EM2V": return ("mp2v", nil)
        case "AV01": return ("av01", nil)
        case "VP80": return ("vp8", nil)
        case "VP90": return ("vp9", nil)
        default: return (CodecString.trimmed(text.lowercased()), nil)
        }
    }
}
