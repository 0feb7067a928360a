// libFuzzer entry point for the media properties readers (ISO-BMFF, Matroska, WAV, FLAC, Ogg,
// MPEG audio, PNG, JPEG, GIF, WebP, BMP).
//
// Compiled by Scripts/fuzz.sh together with Sources/MediaClassification/Sniffers/*.swift,
// Properties/*.swift and MediaProperties.swift into one module, so the package-level reader
// API is visible without an import.

/// Feeds one fuzzer input to every properties reader, as an image and as audio or video.
///
/// The input is read twice: whole, as an in-memory buffer, and as a short head with the rest
/// behind the bounded reader, so that the paths that read beyond the head are exercised.
/// Every answer must be plausible (positive sizes and rates, a quarter-turn rotation, finite
/// times): an impossible value is reported as a crash.
///
/// - Parameters:
///   - data: The input bytes.
///   - size: How many bytes `data` holds.
/// - Returns: Always 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    precondition(fuzzProperties(bytes), "a properties reader stated an impossible value")
    return 0
}
