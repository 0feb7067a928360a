#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An immutable set of type declarations with their conformance graph and tag indexes.
///
/// One registry is the process's current one (``shared``), as the system's type database is on
/// Apple platforms: the built-in declarations, plus declaration files loaded at start. Other
/// registries can be built and passed explicitly, for example one per tenant of a server.
/// A registry never changes after it is built; loading declarations makes a new one.
///
/// Conformance is answered from a precomputed ancestor bit set per type, so
/// ``UTType/conforms(to:)`` is a lookup, not a graph walk.
public final class TypeRegistry: Sendable {
    struct Record: Sendable {
        let declaration: TypeDeclaration
        /// The identifier in lower case (identifiers compare case-insensitively).
        let key: String
        let parents: [Int]
        let isPublic: Bool
    }

    let records: [Record]
    let indexByKey: [String: Int]
    let wordsPerType: Int
    /// `records.count * wordsPerType` words; bit `j` of row `i` is set when type `i` conforms to
    /// type `j` (every type conforms to itself).
    let ancestorBits: [UInt64]
    let extensionIndex: [String: [Int]]
    let mimeIndex: [String: [Int]]
    let aliasIndex: [String: Int]
    /// Each type's aliases, in table order.
    let aliasesByType: [Int: [String]]
    /// Shared by registries with the same declarations (they differ only in their MIME
    /// database), so that their types compare and conform by index.
    let layout: Layout
    /// The system's shared-mime-info database, consulted after the declarations.
    package let mimeDatabase: SystemMIMEDatabase?
    /// Problems found while building a registry leniently (the built-ins); empty when sound.
    package let problems: [TypeDeclarationError]

    /// Builds a registry from declarations, refusing any problem.
    ///
    /// - Parameters:
    ///   - declarations: The declarations, in order (earlier ones come first among types that
    ///     share a tag, after public types).
    ///   - mimeAliases: Other spellings of MIME types, mapped to the identifier they stand for.
    /// - Throws: ``TypeDeclarationError`` for a malformed identifier, a duplicate, an unknown
    ///   parent or a cycle.
    public convenience init(
        declarations: [TypeDeclaration],
        mimeAliases: [String: String] = [:]
    ) throws(TypeDeclarationError) {
        let built = Builder.build(declarations, aliases: mimeAliases.map { ($0.key, $0.value) })
        if let first = built.problems.first { throw first }
        self.init(built, mimeDatabase: nil)
    }

    /// The identity of a set of declarations and their indexes.
    final class Layout: Sendable {}

    init(_ built: Builder.Output, mimeDatabase: SystemMIMEDatabase?, layout: Layout = Layout()) {
        self.layout = layout
        records = built.records
        indexByKey = built.indexByKey
        wordsPerType = built.wordsPerType
        ancestorBits = built.ancestorBits
        extensionIndex = built.extensionIndex
        mimeIndex = built.mimeIndex
        aliasIndex = built.aliasIndex
        aliasesByType = built.aliasesByType
        problems = built.problems
        self.mimeDatabase = mimeDatabase
    }

    /// The declarations this registry holds, in order.
    public var declarations: [TypeDeclaration] { records.map(\.declaration) }

    /// The number of declared types.
    public var count: Int { records.count }

    // MARK: - The process-wide registry

    private static let current = Locked<TypeRegistry?>(nil)

    /// The registry that `UTType` initializers resolve against: the built-ins (and the system
    /// MIME database) until ``makeShared(_:)`` publishes another.
    public static var shared: TypeRegistry {
        current.withLock { registry in
            if let registry { return registry }
            let fresh = builtin
            registry = fresh
            return fresh
        }
    }

    /// Publishes a registry as the process-wide one.
    ///
    /// Types made before keep resolving against the registry they were made from.
    public static func makeShared(_ registry: TypeRegistry) {
        current.withLock { $0 = registry }
    }

    /// The built-in declarations alone, without the system MIME database.
    public static let builtinOnly: TypeRegistry = TypeRegistry(
        Builder.build(BuiltinTypes.declarations, aliases: BuiltinTypes.mimeAliases, trusted: true),
        mimeDatabase: nil
    )

    /// The built-in declarations with the system's MIME database, when it has one.
    public static let builtin: TypeRegistry = {
        guard let database = SystemMIMEDatabase.openDefault(environment: environment()) else {
            return builtinOnly
        }
        return builtinOnly.replacingMIMEDatabase(database)
    }()

    /// A registry with the same declarations and no system MIME database.
    public func withoutSystemMIMEDatabase() -> TypeRegistry {
        mimeDatabase == nil ? self : replacingMIMEDatabase(nil)
    }

    /// Whether lookups consult the system's shared-mime-info database.
    public var usesSystemMIMEDatabase: Bool { mimeDatabase != nil }

    /// A registry with the same declarations and another system MIME database (or none).
    package func replacingMIMEDatabase(_ database: SystemMIMEDatabase?) -> TypeRegistry {
        let built = Builder.Output(
            records: records,
            indexByKey: indexByKey,
            wordsPerType: wordsPerType,
            ancestorBits: ancestorBits,
            extensionIndex: extensionIndex,
            mimeIndex: mimeIndex,
            aliasIndex: aliasIndex,
            aliasesByType: aliasesByType,
            problems: problems
        )
        return TypeRegistry(built, mimeDatabase: database, layout: layout)
    }

    /// A registry with these declarations added to this one's.
    ///
    /// An exported declaration replaces an imported one of the same identifier; an imported
    /// declaration of an identifier already declared is ignored; two exported declarations of
    /// one identifier are refused. Nothing is added when anything is refused.
    ///
    /// - Throws: ``TypeDeclarationError`` naming the entry and the reason.
    public func adding(_ declarations: [TypeDeclaration]) throws(TypeDeclarationError)
        -> TypeRegistry
    {
        var merged = records.map(\.declaration)
        var positions: [String: Int] = [:]
        for (position, record) in records.enumerated() { positions[record.key] = position }
        var seenInBatch: [String: TypeDeclaration.Standing] = [:]
        for declaration in declarations {
            let key = declaration.identifier.lowercased()
            if let standing = seenInBatch[key] {
                if standing == .exported && declaration.standing == .exported {
                    throw TypeDeclarationError(
                        file: declaration.source.fileName,
                        entry: declaration.identifier,
                        reason: .duplicate
                    )
                }
                if declaration.standing == .imported { continue }
            }
            seenInBatch[key] = declaration.standing
            if let position = positions[key] {
                let existing = merged[position]
                guard declaration.standing == .exported else { continue }
                if existing.standing == .exported {
                    throw TypeDeclarationError(
                        file: declaration.source.fileName,
                        entry: declaration.identifier,
                        reason: .duplicate
                    )
                }
                merged[position] = declaration
            } else {
                positions[key] = merged.count
                merged.append(declaration)
            }
        }
        let aliases = aliasesByType.sorted { $0.key < $1.key }.flatMap { index, names in
            names.map { ($0, records[index].declaration.identifier) }
        }
        let built = Builder.build(merged, aliases: aliases)
        // The built-ins' own problems (none, as a test checks) are not the new files' fault.
        if let first = built.problems.first(where: { !problems.contains($0) }) { throw first }
        return TypeRegistry(built, mimeDatabase: mimeDatabase)
    }

    // MARK: - Queries used by UTType

    func index(of identifier: String) -> Int? {
        indexByKey[identifier.asciiLowercased()]
    }

    func conforms(_ index: Int, to ancestor: Int) -> Bool {
        let word = ancestorBits[index * wordsPerType + ancestor >> 6]
        return word & (1 << UInt64(ancestor & 63)) != 0
    }

    /// The indices of the types that declare this filename extension, public first.
    func indices(forExtension filenameExtension: String) -> [Int] {
        extensionIndex[filenameExtension.asciiLowercased()] ?? []
    }

    /// The indices of the types that declare this MIME type, public first, then the type an
    /// alias names.
    func indices(forMIMEType mimeType: String) -> [Int] {
        let lowered = mimeType.asciiLowercased()
        if let found = mimeIndex[lowered] { return found }
        let bare = Self.stripParameters(lowered)
        if bare != lowered, let found = mimeIndex[bare] { return found }
        if let alias = aliasIndex[bare] { return [alias] }
        return []
    }

    static func stripParameters(_ mimeType: String) -> String {
        guard let semicolon = mimeType.firstIndex(of: ";") else {
            return mimeType.trimmingSpaces()
        }
        return String(mimeType[..<semicolon]).trimmingSpaces()
    }
}

extension TypeSource {
    var fileName: String? {
        if case .declarationFile(let path) = self { return path }
        return nil
    }
}

extension String {
    /// Lower-cases ASCII letters quickly; other text goes through `lowercased()`.
    func asciiLowercased() -> String {
        var copy = self
        let plan: Int = copy.withUTF8 { bytes in
            var needsChange = false
            for byte in bytes {
                if byte >= 0x80 { return 2 }
                if byte &- 0x41 < 26 { needsChange = true }
            }
            return needsChange ? 1 : 0
        }
        switch plan {
        case 0: return copy
        case 1:
            return copy.withUTF8 { bytes in
                String(unsafeUninitializedCapacity: bytes.count) { buffer in
                    for (index, byte) in bytes.enumerated() {
                        buffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                    }
                    return bytes.count
                }
            }
        default: return lowercased()
        }
    }

    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}

/// The process environment as a dictionary (without Foundation).
func environment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        pointer += 1
    }
    return result
}
