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
    /// Whether each line is written at once: standard error always, standard output when it
    /// is a terminal (a person reads results as they come, as with `file`).
    private let flushesLines: Bool

    init(descriptor: Int32) {
        self.descriptor = descriptor
        flushesLines = descriptor == 2 || isatty(descriptor) == 1
        buffer.reserveCapacity(1 << 16)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes a JSON value straight into the buffer, with a newline after it for ndjson.
    func write(_ value: JSON, newline: Bool = false) {
        value.write(to: &buffer)
        if newline {
            buffer.append(UInt8(ascii: "\n"))
            if flushesLines { flush() }
        }
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes a line; one on standard error first flushes standard output.
    ///
    /// So an error shows after the results of the paths before it when both reach one
    /// terminal.
    func line(_ text: String) {
        line(prefix: [], text)
    }

    /// Writes a line made of bytes and text (a path as it is, then the rest).
    func line(prefix: [UInt8], _ text: String) {
        if descriptor == 2 { Output.standard.flush() }
        write(bytes: prefix)
        write(text)
        write("\n")
        if flushesLines { flush() }
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
