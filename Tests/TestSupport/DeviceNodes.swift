import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The first block device node directly under /dev, in name order (found with `lstat`, so a
/// link to one does not count), or nil when there is none, as in a container without device
/// nodes.
public let blockDevicePath: String? = {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/dev") else {
        return nil
    }
    for name in names.sorted() {
        var status = stat()
        if lstat("/dev/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFBLK {
            return "/dev/" + name
        }
    }
    return nil
}()

/// Watches one path for opens by any process (inotify `IN_OPEN`), so that a test can show a
/// file was never opened; nil where inotify is not available.
public final class OpenWatch {
    private let descriptor: Int32

    /// Starts watching `path`, or returns nil when inotify is unavailable or refuses it.
    public init?(path: String) {
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        // A failed init? runs deinit once every property is set, and deinit closes the
        // descriptor: closing it here too could close another test's file.
        guard descriptor >= 0, inotify_add_watch(descriptor, path, UInt32(IN_OPEN)) >= 0 else {
            return nil
        }
        #else
        return nil
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether the path was opened since the watch began.
    public var sawAnOpen: Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count > 0
    }
}
