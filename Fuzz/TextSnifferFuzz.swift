// libFuzzer entry point for the text sniffer (TextSniffer).
//
// Compiled by Scripts/fuzz.sh together with Sources/MediaClassification/Sniffers/*.swift into
// one module, so the package-level sniffer API is visible without an import.

/// Feeds one fuzzer input to the text sniffer (TextSniffer).
///
/// The input is sniffed twice: whole, as an in-memory buffer, and as a short head with the
/// rest behind the bounded reader, so that the paths that read beyond the head are exercised.
/// What the signatures read of it as text (its UTF-8 transcoding, LF for CR) is taken too.
///
/// - Parameters:
///   - data: The input bytes.
///   - size: How many bytes `data` holds.
/// - Returns: Always 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    for input in fuzzInputs(bytes) {
        _ = TextSniffer.sniff(input)
    }
    _ = TextSniffer.signatureText(of: bytes)
    return 0
}
