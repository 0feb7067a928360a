// libFuzzer entry point for the archive and document container sniffers (ContainerSniffer) and
// the bounded DEFLATE decoder they use for Office Open XML's [Content_Types].xml (Inflate).
//
// Compiled by Scripts/fuzz.sh together with Sources/MediaClassification/Sniffers/*.swift into
// one module, so the package-level sniffer API is visible without an import.

/// Feeds one fuzzer input to the archive and document container sniffers (ContainerSniffer),
/// and to the decompressors on their own.
///
/// The input is sniffed twice: whole, as an in-memory buffer, and as a short head with the
/// rest behind the bounded reader, so that the paths that read beyond the head are exercised.
/// It is also decoded as a raw DEFLATE stream (and, when it starts like a gzip member, as the
/// stream after the 10-byte header, so the gzip fixtures seed real streams), as LZMA data and
/// as an LZ4 frame (`fuzzDecoders`), checking that the output never passes the limit.
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
    }
    precondition(fuzzDecoders(bytes), "a decoder passed its output limit")
    return 0
}
