/// Why a path could not be classified.
///
/// ``code`` is one of a stable list of camelCase words, the same in the library and in the
/// CLI's JSON `error.code`.
public struct ClassificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stable error codes.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// Nothing exists at the path.
        case notFound
        /// The file or a folder on its path may not be read.
        case permissionDenied
        /// A symbolic link on the path loops.
        case symlinkLoop
        /// A symbolic link points at nothing.
        case danglingSymlink
        /// A component of the path is not a folder.
        case notADirectory
        /// The path or a component is too long.
        case nameTooLong
        /// Reading failed (an I/O error, a file that vanished while being read).
        case ioError
        /// libmagic could not be opened or failed on the bytes.
        case magicFailure
        /// A declaration file was refused.
        case invalidDeclaration
    }

    /// The stable code.
    public var code: Code
    /// A human-readable explanation.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The code and the message.
    public var description: String { "\(code.rawValue): \(message)" }
}
