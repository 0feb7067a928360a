#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Without /proc the Swift runtime cannot read the command line (it reads
// /proc/self/cmdline) and gives no arguments at all, not even the program's name.
guard CommandLine.argc > 0 else {
    let message = "mediatype: cannot read the command line: is /proc mounted?\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(71)
}

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
