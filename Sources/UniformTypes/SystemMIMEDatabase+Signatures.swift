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

extension SystemMIMEDatabase {
    /// The MIME type the caches' XML namespace tables give a document's root element, as
    /// shared-mime-info's `<root-XML namespaceURI= localName=>` declares it; nil when none.
    ///
    /// The first cache that lists the pair answers; the type is canonical (an alias is
    /// resolved).
    /// - Parameters:
    ///   - namespaceURI: The root element's namespace URI.
    ///   - localName: The root element's name without its prefix.
    /// - Returns: The MIME type, or nil.
    package func mimeType(forXMLNamespace namespaceURI: String, localName: String) -> String? {
        let namespace = Array(namespaceURI.utf8)
        let name = Array(localName.utf8)
        for cache in caches {
            let reader = cache.reader
            for index in 0..<cache.namespaces.count {
                let entry = cache.namespaces.entry(index)
                guard let namespaceOffset = reader.u32(entry),
                    namespace.withUnsafeBytes({ reader.compare($0, toStringAt: namespaceOffset) })
                        == 0,
                    let nameOffset = reader.u32(entry + 4),
                    name.withUnsafeBytes({ reader.compare($0, toStringAt: nameOffset) }) == 0,
                    let typeOffset = reader.u32(entry + 8),
                    let type = cache.canonicalType(at: typeOffset)
                else { continue }
                return type
            }
        }
        return nil
    }
}
