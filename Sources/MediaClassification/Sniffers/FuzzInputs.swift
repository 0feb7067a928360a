// What the fuzz targets in Fuzz/ feed the sniffers and the decompressors, here so that
// FuzzRegressionTests replays kept inputs exactly as the targets ran them. Scripts/fuzz.sh
// compiles this folder into each target.

/// The same bytes whole, as an in-memory buffer, and as a head of at most 64 bytes with the
/// rest behind the bounded reader, so that the paths that read beyond the head are exercised.
package func fuzzInputs(_ bytes: [UInt8]) -> [SniffInput] {
    [SniffInput(bytes: bytes), SniffInput(bytes: bytes, headCount: 64)]
}

/// Decodes the bytes with every bounded decompressor, each with a small and a large output
/// limit: as a raw DEFLATE stream (and a gzip member, when the bytes start like one), as a
/// bzip2 stream, as LZMA data in its legacy framing, behind an lzip header and as an xz
/// stream, and as an LZ4 and a Zstandard frame (the framings' magic numbers put in front when
/// the bytes lack them).
///
/// - Parameter bytes: The input.
/// - Returns: Whether every decoding kept within its output limit.
package func fuzzDecoders(_ bytes: [UInt8]) -> Bool {
    var formats: [Inflate.Format] = [.raw]
    if bytes.count > 10, bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 0x08 {
        formats.append(.gzip)
    }
    func framed(_ magic: [UInt8]) -> [UInt8] { bytes.starts(with: magic) ? bytes : magic + bytes }
    let lzip = framed(LZMA.lzipMagic)
    let xz = framed(LZMA.xzMagic)
    let lz4 = framed(LZ4.frameMagic)
    let bzip2 = framed(Array("BZh9".utf8))
    let zstd = framed(Zstd.frameMagic)
    var withinLimits = true
    for limit in [512, ContainerSniffer.maximumPartBytes] {
        for format in formats {
            let result = Inflate.inflate(bytes, format: format, outputLimit: limit)
            if result.bytes.count > limit { withinLimits = false }
        }
        let decoded = [
            LZMA.decodeLZMAAlone(bytes, outputLimit: limit),
            LZMA.decodeLzip(lzip, outputLimit: limit),
            LZMA.decodeXZ(xz, outputLimit: limit),
            LZ4.decodeFrame(lz4, outputLimit: limit),
            BZip2.decodeFirstBlock(bzip2, outputLimit: limit),
            Zstd.decodeFrame(zstd, outputLimit: limit),
        ]
        if decoded.contains(where: { $0.count > limit }) { withinLimits = false }
    }
    return withinLimits
}

/// Calls the structural sniffers of issue #14 item 5 directly, past the dispatchers' earlier
/// checks: the raster image formats and TGA, the audio formats with a header of their own, MPEG
/// elementary video, FLIC, tar (in `BinarySniffer`), fonts and the checks behind few-byte signatures.
///
/// - Parameter input: One input from ``fuzzInputs(_:)``.
package func fuzzMoreSniffers(_ input: SniffInput) {
    _ = RasterImageSniffer.sniff(input)
    _ = RasterImageSniffer.sniffTGA(input)
    _ = AudioFormatSniffer.sniff(input)
    _ = MPEGStreamSniffer.sniffVideoElementary(input)
    _ = FLICSniffer.sniff(input)
    _ = BinarySniffer.sniff(input)
    _ = ImageSniffer.sniff(input)
    _ = FontSniffer.sniff(input)
    for check in WeakEvidence.Check.allCases {
        _ = WeakEvidence.holds(check, head: input.head, fileSize: input.fileSize)
    }
}
