// libFuzzer entry point for the signature engine (Sources/MediaClassification/Signatures).
//
// Compiled by Scripts/fuzz.sh together with Sources/MediaClassification/Signatures/*.swift into
// one module, so the package-level engine API is visible without an import.

/// Feeds one fuzzer input to the signature engine.
///
/// The input is matched as a file's head against the built-in database (whole, and cut by a
/// smaller file size); its first line is compiled as a regular expression and run over the
/// rest; and the whole input is decoded as a signature table and matched against itself, so
/// that the table decoder, the regex parser and hostile rules are exercised too.
///
/// - Parameters:
///   - data: The input bytes.
///   - size: How many bytes `data` holds.
/// - Returns: Always 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let database = SignatureDatabase.builtin
    let matches = database.matches(bytes)
    _ = database.removingSupertypes(matches)
    _ = database.matches(bytes, fileSize: UInt64(size / 2))

    let newline = bytes.firstIndex(of: 0x0A) ?? min(bytes.count, 64)
    if let regex = SignatureRegex(pattern: Array(bytes[..<newline])) {
        let rest = Array(bytes[newline...])
        var budget = SignatureDatabase.regexBudget
        rest.withUnsafeBufferPointer { buffer in
            _ = regex.firstMatch(
                in: buffer,
                from: 0,
                through: max(0, buffer.count - 1),
                window: SignatureDatabase.regexWindow,
                budget: &budget
            )
        }
    }

    let table = SignatureDatabase(table: String(decoding: bytes, as: UTF8.self))
    let own = table.matches(bytes)
    _ = table.removingSupertypes(own)
    return 0
}
