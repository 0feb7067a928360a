// libFuzzer entry point for every sniffer dispatcher (ContainerSniffer, MediaSniffer, ImageSniffer, TextSniffer).
//
// Compiled by Scripts/fuzz.sh together with Sources/MediaClassification/Sniffers/*.swift into
// one module, so the package-level sniffer API is visible without an import.

/// Feeds one fuzzer input to every sniffer dispatcher (ContainerSniffer, MediaSniffer, ImageSniffer, TextSniffer).
///
/// The input is sniffed twice: whole, as an in-memory buffer, and as a short head with the
/// rest behind the bounded reader, so that the paths that read beyond the head are exercised;
/// it is also decoded by every bounded decompressor (DEFLATE, LZMA, LZ4: `fuzzDecoders`).
///
/// - Parameters:
///   - data: The input bytes.
///   - size: How many bytes `data` holds.
/// - Returns: Always 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    for input in fuzzInputs(bytes) {
        _ = ContainerSniffer.sniff(input)
        _ = MediaSniffer.sniff(input)
        _ = ImageSniffer.sniff(input)
        _ = TextSniffer.sniff(input)
        _ = BinarySniffer.sniff(input)
    }
    precondition(fuzzDecoders(bytes), "a decoder passed its output limit")
    return 0
}
