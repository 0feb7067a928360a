/// Why a set of type declarations was refused.
///
/// Carries the file (when the declarations came from one), the entry, and the reason, so that a
/// user can find and fix the declaration.
public struct TypeDeclarationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Hashable {
        /// The identifier has characters or a shape a type identifier cannot have.
        case malformedIdentifier
        /// Two declarations of the same standing declare the identifier.
        case duplicate
        /// A parent named in `UTTypeConformsTo` is declared nowhere.
        case unknownParent(String)
        /// The conformance graph loops through these identifiers.
        case cycle([String])
        /// A key holds a value of the wrong kind (for example a number where a string belongs).
        case wrongValueType(key: String, expected: String)
        /// A required key is missing.
        case missingKey(String)
        /// The file cannot be read or is not a property list or JSON document.
        case unreadable(String)
        /// The file or one of its values is larger than a declaration file may be.
        case tooLarge(String)
        /// A content signature (`MTContentSignatures`) that cannot be used, and why.
        case invalidSignature(String)
    }

    /// The declaration file, when the declarations came from one.
    public var file: String?
    /// The entry's identifier, or its position (`entry 3`) when it has none.
    public var entry: String?
    /// What is wrong.
    public var reason: Reason

    /// Creates an error.
    public init(file: String? = nil, entry: String? = nil, reason: Reason) {
        self.file = file
        self.entry = entry
        self.reason = reason
    }

    /// A one-line explanation naming the file, the entry and the reason.
    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let entry { parts.append(entry) }
        let place = parts.isEmpty ? "" : parts.joined(separator: ": ") + ": "
        return place + reasonText
    }

    private var reasonText: String {
        switch reason {
        case .malformedIdentifier: "malformed type identifier"
        case .duplicate: "declared more than once"
        case .unknownParent(let parent): "conforms to '\(parent)', which is not declared"
        case .cycle(let path): "conformance cycle: " + path.joined(separator: " -> ")
        case .wrongValueType(let key, let expected): "\(key) must be \(expected)"
        case .missingKey(let key): "missing \(key)"
        case .unreadable(let why): "cannot be read: \(why)"
        case .tooLarge(let what): "too large: \(what)"
        case .invalidSignature(let why): "invalid content signature: \(why)"
        }
    }
}
