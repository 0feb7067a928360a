// Apple's initializers for a type an app owns or uses (`UTType(exportedAs:)`,
// `UTType(importedAs:)`), and the declaration's reference URL and version.

extension UTType {
    /// Creates a type your app owns, based on an identifier and a supertype that it conforms
    /// to.
    ///
    /// When the shared registry declares `identifier` (built in, or from a declaration file
    /// loaded at start, as an app's Info.plist declares its types), that type is returned, as
    /// declared. Otherwise the type is made here: it has the identifier, no tags, and
    /// conforms to `parentType` (and its supertypes) when one is given; it is neither
    /// declared nor dynamic (Apple logs a warning for an exported type its Info.plist lacks;
    /// this does not). Declare the type in a file to give it tags.
    ///
    /// ```swift
    /// extension UTType {
    ///     static let myFileFormat = UTType(exportedAs: "com.example.myfileformat")
    /// }
    /// ```
    /// - Parameters:
    ///   - identifier: The identifier of your type.
    ///   - parentType: A type to extend for your own type, or nil.
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self = Self.declaredOrMade(identifier, conformingTo: parentType)
    }

    /// Creates a type your app uses but doesn't own, based on an identifier and a supertype
    /// that it conforms to.
    ///
    /// As ``init(exportedAs:conformingTo:)``: the declared type when the shared registry has
    /// `identifier` (whoever declares it), else a type made with that identifier conforming
    /// to `parentType`.
    /// - Parameters:
    ///   - identifier: The identifier of the type.
    ///   - parentType: A type to extend with this type, or nil.
    public init(importedAs identifier: String, conformingTo parentType: UTType? = nil) {
        self = Self.declaredOrMade(identifier, conformingTo: parentType)
    }

    /// The declared type of `identifier` in the shared registry, or one made with that
    /// identifier conforming to `parentType`.
    private static func declaredOrMade(_ identifier: String, conformingTo parentType: UTType?)
        -> UTType
    {
        TypeRegistry.withShared { registry in
            if let known = registry.type(withIdentifier: identifier) { return known }
            var bits = [UInt64](repeating: 0, count: registry.wordsPerType)
            var parents: [String] = []
            if let parentType {
                parents.append(parentType.identifier)
                // The parent as this registry knows it: a declared parent and its ancestors
                // become conformances; a parent no declaration has is kept by name only.
                switch registry.type(withIdentifier: parentType.identifier)?.storage {
                case .declared(let parent):
                    for ancestor in registry.ancestorIndices(of: parent) {
                        bits[ancestor >> 6] |= 1 << UInt64(ancestor & 63)
                    }
                case .dynamic(let dynamic):
                    for word in 0..<min(bits.count, dynamic.ancestorBits.count) {
                        bits[word] |= dynamic.ancestorBits[word]
                    }
                case nil: break
                }
            }
            return UTType(
                registry: registry,
                dynamic: DynamicType(
                    identifier: identifier,
                    conformsTo: parents,
                    tags: [],
                    ancestorBits: bits,
                    source: .dynamic
                )
            )
        }
    }

    /// The reference URL for the type: a human-readable document that describes it, from the
    /// declaration's `UTTypeReferenceURL` key.
    ///
    /// Most types don't specify one, and nothing validates it. Apple's property is a `URL`;
    /// this package links no Foundation, so this is the URL's text (`URL(string:)` makes the
    /// Foundation value).
    public var referenceURL: String? {
        declaration?.referenceURL
    }

    /// The type's version, if available: the declaration's `UTTypeVersion`, when it reads as
    /// a whole number (`2`, `2.0`).
    ///
    /// Most types don't have a version.
    public var version: Int? {
        guard let text = declaration?.version else { return nil }
        if let whole = Int(text) { return whole }
        guard let number = Double(text), number.rounded() == number,
            number.magnitude < 0x1p52
        else { return nil }
        return Int(number)
    }
}
