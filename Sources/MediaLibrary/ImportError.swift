#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be imported; the source is left where it was.
///
/// ``code`` is one of a stable list of camelCase words, the same in the library and in the
/// CLI's JSON `error.code`. ``stopsImport`` tells the errors after which the rest of a batch
/// is not attempted (a full disk, a library that cannot be written).
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stable error codes.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// Nothing exists at the source path.
        case notFound
        /// The source, or the folder holding it, may not be read or changed.
        case permissionDenied
        /// The source is not a regular file (a folder, a link, a device).
        case notARegularFile
        /// The source could not be read or classified.
        case unreadable
        /// The library's file system is full (`ENOSPC`, `EDQUOT`).
        case diskFull
        /// The library cannot be written (`EROFS`, `EACCES`, `EPERM`).
        case libraryNotWritable
        /// The library folder is missing and cannot be made, or is not a folder.
        case libraryUnavailable
        /// The copy's size or SHA-256 differs from the source's.
        case verificationFailed
        /// Every candidate name in the destination folder is taken.
        case noFreeName
        /// Another input/output error.
        case ioError
        /// An earlier error stopped the import before this file.
        case notAttempted
        /// The source was replaced, edited, or swapped for something else while it was being
        /// imported; it was left where it is (and the library holds no copy of it).
        case sourceChanged
        /// The library's journal (or its key) cannot be trusted: not signed with this
        /// library's key, a symbolic or hard link, not a regular file, or unreadable. Nothing
        /// was changed.
        case journalRefused
        /// A folder on the source's path is a symbolic link; the source is not moved through
        /// it.
        case symlinkInPath
    }

    /// The stable code.
    public var code: Code
    /// A human-readable explanation.
    public var message: String
    /// The `errno` value behind the error, or 0.
    public var systemError: Int32

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The stable code.
    ///   - message: A human-readable explanation.
    ///   - systemError: The `errno` value behind it, or 0.
    public init(_ code: Code, _ message: String, systemError: Int32 = 0) {
        self.code = code
        self.message = message
        self.systemError = systemError
    }

    /// The code and the message.
    public var description: String { "\(code.rawValue): \(message)" }

    /// Whether the rest of a batch is not attempted after this error.
    public var stopsImport: Bool {
        switch code {
        case .diskFull, .libraryNotWritable, .libraryUnavailable, .journalRefused: true
        default: false
        }
    }

    /// An error for a failed call on the library's side (writing the copy, the journal, a
    /// folder).
    static func library(_ code: Int32, _ what: String) -> ImportError {
        let text = "\(what): \(String(cString: strerror(code)))"
        switch code {
        case ENOSPC, EDQUOT: return ImportError(.diskFull, text, systemError: code)
        case EROFS, EACCES, EPERM:
            return ImportError(.libraryNotWritable, text, systemError: code)
        default: return ImportError(.ioError, text, systemError: code)
        }
    }

    /// An error for a failed call on the source's side (reading, renaming, removing it).
    static func source(_ code: Int32, _ what: String) -> ImportError {
        let text = "\(what): \(String(cString: strerror(code)))"
        switch code {
        case ENOENT: return ImportError(.notFound, text, systemError: code)
        case EACCES, EPERM, EROFS:
            return ImportError(.permissionDenied, text, systemError: code)
        default: return ImportError(.ioError, text, systemError: code)
        }
    }
}
