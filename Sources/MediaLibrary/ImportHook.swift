/// A named point of an import, where a test hook is called (a race harness swaps, edits or
/// replaces the source there); production imports pass no hook.
package enum ImportPoint: String, Sendable, Hashable, CaseIterable {
    /// The source is open and checked to be a regular file; nothing was read yet.
    case afterOpen
    /// The source was classified and accepted.
    case afterClassify
    /// The source's SHA-256 was computed.
    case afterHash
    /// Just before the rename into the library (the source's, or the copy's).
    case beforeRename
    /// After a copy is in place, just before the source is moved aside and removed.
    case beforeRemove
}

/// A closure called with the point and the source's absolute path.
package typealias ImportHook = @Sendable (ImportPoint, [UInt8]) -> Void
