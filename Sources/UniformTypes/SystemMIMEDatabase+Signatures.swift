extension SystemMIMEDatabase {
    /// Whether some cache has a magic rule for a MIME type (or the type an alias names).
    ///
    /// A classifier asks this of a type a file's name claims: when the type has a content
    /// signature, bytes that match none are not that type.
    /// - Parameter mimeType: A MIME type or alias, in any case.
    /// - Returns: True when a magic rule names the type.
    package func hasMagic(for mimeType: String) -> Bool {
        if magicOwner(of: mimeType) != nil { return true }
        guard let canonical = canonicalMIMEType(for: mimeType), canonical != mimeType else {
            return false
        }
        return magicOwner(of: canonical) != nil
    }
}
