// libFuzzer entry point for declaration-file parsing.
//
// Compiled by Scripts/fuzz.sh together with Sources/UniformTypes/*.swift into one module.

/// Feeds one fuzzer input to `DeclarationFile.parse(_:path:)`.
///
/// A refusal (`TypeDeclarationError`) is a correct answer; only a crash, a hang or a memory
/// error is a finding. Accepted declarations are also built into a registry, which checks
/// cycles and parents.
///
/// - Parameters:
///   - data: The input bytes.
///   - size: How many bytes `data` holds.
/// - Returns: Always 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let declarations = try? DeclarationFile.parse(bytes, path: "fuzz-input") {
        _ = try? TypeRegistry.builtinOnly.adding(declarations)
    }
    return 0
}
