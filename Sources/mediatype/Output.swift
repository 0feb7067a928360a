#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writing to a file descriptor, without Foundation or the C `FILE` globals.
final class Output {
    nonisolated(unsafe) static let standard = Output(descriptor: 1)
    nonisolated(unsafe) static let error = Output(descriptor: 2)

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func line(_ text: String) {
        write(text)
        write("\n")
        if descriptor == 2 { flush() }
    }

    func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress, raw.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                break
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
