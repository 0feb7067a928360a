import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh folder `base/prefix-XXXXXX` made by `mkdtemp`, then opened to search by every
/// user (mode 0755), so that a test run as another user can reach the files in it.
///
/// - Returns: The folder's path; the caller removes it.
/// - Throws: `POSIXError` with `mkdtemp`'s errno when the folder cannot be made.
public func makeTemporaryFolder(in base: String = "/tmp", prefix: String) throws -> String {
    var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
        guard let start = buffer.baseAddress else { return false }
        return mkdtemp(start) != nil
    }
    guard made else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    chmod(path, 0o755)
    return path
}
