#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Arguments are read as bytes: file names on Linux need not be UTF-8.
var rawArguments: [[UInt8]] = []
for index in 1..<Int(CommandLine.argc) {
    guard let pointer = CommandLine.unsafeArgv[index] else { continue }
    rawArguments.append(
        Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map {
            UInt8(bitPattern: $0)
        }
    )
}
let status = CLI.run(rawArguments)
Output.standard.flush()
Output.error.flush()
exit(status.rawValue)
