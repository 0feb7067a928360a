public import MediaClassification

/// What happened to one file of an import.
///
/// Paths are bytes, as names are on Linux; ``sourcePath`` and ``destinationPath`` give them
/// as text.
public enum ImportOutcome: Sendable {
    /// The file was moved into the library.
    ///
    /// `renamedExtension` is true when the name's extension was corrected (or added) to the
    /// content type's preferred one.
    case imported(
        source: [UInt8],
        destination: [UInt8],
        renamedExtension: Bool,
        classification: Classification
    )
    /// A dry run: the file would be moved to `destination`; nothing was changed.
    case wouldImport(
        source: [UInt8],
        destination: [UInt8],
        renamedExtension: Bool,
        classification: Classification
    )
    /// The same content is already in the library (the journal and the SHA-256 say so), at
    /// `destination`; no second copy was made and the source, if it still exists, was left.
    case alreadyImported(source: [UInt8], destination: [UInt8])
    /// The allowed set does not take the file; the source is untouched.
    case rejected(source: [UInt8], decision: AcceptanceDecision)
    /// The file could not be imported; the source is untouched.
    case failed(source: [UInt8], error: ImportError)

    /// The source path as given.
    public var source: [UInt8] {
        switch self {
        case .imported(let source, _, _, _), .wouldImport(let source, _, _, _),
            .alreadyImported(let source, _), .rejected(let source, _), .failed(let source, _):
            source
        }
    }

    /// The path in the library, or nil when the file was rejected or failed.
    public var destination: [UInt8]? {
        switch self {
        case .imported(_, let destination, _, _), .wouldImport(_, let destination, _, _),
            .alreadyImported(_, let destination):
            destination
        case .rejected, .failed: nil
        }
    }

    /// The source path as text (invalid UTF-8 shown as U+FFFD).
    public var sourcePath: String { String(decoding: source, as: UTF8.self) }

    /// The library path as text, or nil when the file was rejected or failed.
    public var destinationPath: String? {
        destination.map { String(decoding: $0, as: UTF8.self) }
    }
}
