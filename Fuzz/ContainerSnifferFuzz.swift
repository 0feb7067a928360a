// libFuzzer entry point for the archive and document container sniffers (ContainerSniffer).
//
// Compiled by Scripts/fuzz.sh together with Sources/MediaClassification/Sniffers/*.swift into
// one module, so the package-level sniffer API is visible without an import.

/// Feeds one fuzzer input to the archive and document container sniffers (ContainerSniffer).
///
/// The input is sniffed twice: whole, as an in-memory buffer, and as a short head with the
/// rest behind the bounded reader, so that the paths that read beyond the head are exercised.
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
    return 0
}

/// The same bytes as a whole buffer and as a head of at most 64 bytes plus a reader.
private func fuzzInputs(_ bytes: [UInt8]) -> [SniffInput] {
    let headCount = min(bytes.count, 64)
    let split = SniffInput(
        head: Array(bytes[0..<headCount]),
        fileSize: UInt64(bytes.count),
        reader: { offset, count in
            guard offset < UInt64(bytes.count) else { return [] }
            let start = Int(offset)
            return Array(bytes[start..<min(bytes.count, start + count)])
        }
    )
    return [SniffInput(bytes: bytes), split]
}
