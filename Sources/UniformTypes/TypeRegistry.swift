import Synchronization

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
/// The types a registry makes keep it alive: one built at run time is freed with its last
/// type. ``builtin``, ``builtinOnly`` and every registry passed to ``makeShared(_:)`` live
/// until the process ends, so their types hold no counted reference to them, and making or
/// copying such a type does no reference counting.
///
/// Conformance is answered from each type's precomputed ancestors (a short sorted list for the
/// built-ins, generated at build time; a row of bits for registries built at run time), so
/// ``UTType/conforms(to:)`` is a lookup, not a graph walk.
public final class TypeRegistry: Sendable {
    /// Where the declarations behind the tables live.
    enum Store: Sendable {
        /// The generated built-in table, read a row at a time when asked.
        case builtin
        /// Declarations in memory (registries built at run time).
        case list([TypeDeclaration])
    }

    let tables: TypeTables
    let store: Store
    /// Words in a row of ancestor bits (dynamic types keep one such row).
    let wordsPerType: Int
    /// Each type's ancestors in ascending order, at `ancestorList[ancestorStarts[i]..<
    /// ancestorStarts[i + 1]]`, when the registry was made from lists (``Ancestry``); else
    /// empty.
    private let ancestorStarts: [UInt32]
    private let ancestorList: [UInt32]
    /// `count * wordsPerType` words when the registry was made from rows of bits, else
    /// empty: bit `j` of row `i` is set when type `i` conforms to type `j`.
    private let ancestorBits: [UInt64]

    /// What each type conforms to, itself included, as a registry is made from it.
    ///
    /// The registry keeps the arrays in plain stored properties rather than in this enum,
    /// so that a conformance test does not copy (retain and release) arrays out of a payload.
    enum Ancestry: Sendable, Equatable {
        /// Each type's ancestors in ascending order: the generated built-in lists, used as
        /// they are (no type has more than a few dozen ancestors, so a scan is as quick as a
        /// bit).
        case lists(starts: [UInt32], ancestors: [UInt32])
        /// A row of bits per type: for registries built at run time, whose chains may be
        /// long.
        case bits([UInt64])
    }

    /// The same number for registries with the same declarations (they differ only in
    /// their MIME database), so that their types compare and conform by index; a plain
    /// number, so that comparing two needs no reference counting.
    let layout: Int
    /// Where the system's shared-mime-info database comes from.
    private let databaseSlot: DatabaseSlot
    /// The system's shared-mime-info database, consulted after the declarations; the built-in
    /// registry opens it when a lookup first needs it.
    package var mimeDatabase: SystemMIMEDatabase? { databaseSlot.database }
    /// Problems found while building a registry leniently; empty when sound.
    package let problems: [TypeDeclarationError]
    /// Set when the registry lives until the process ends: a built-in one (a static
    /// constant) or one ``makeShared(_:)`` has published (retained for good).
    private let immortal: Atomic<Bool>
    /// The answers of ``type(tag:tagClass:conformingTo:)`` that no declaration gave directly.
    ///
    /// Dynamic and database types are remembered so that a batch of files with an undeclared
    /// extension makes its type once. Holds storage, not `UTType`s, which would hold the
    /// registry.
    let madeTypes = MadeTypes()

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
        let aliases = mimeAliases.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let built = Builder.build(declarations, aliases: aliases)
        if let first = built.problems.first { throw first }
        self.init(
            tables: built.tables,
            store: .list(built.declarations),
            ancestry: .bits(built.ancestorBits),
            problems: []
        )
    }

    /// The last ``layout`` number given out.
    private static let layoutCounter = Atomic<Int>(0)

    /// A registry's system MIME database: given, or opened at its first use.
    ///
    /// Most lookups never reach the database (a declared type answers), so the process-wide
    /// registry does not open it until one does: a one-file run of a declared type never
    /// maps the cache, and the registry is ready without it.
    final class DatabaseSlot: @unchecked Sendable {
        // Sound: `state` is only touched while `mutex` is held.
        private let mutex = PthreadMutex()
        @exclusivity(unchecked) private var state: State

        private enum State {
            case opened(SystemMIMEDatabase?)
            case pending(@Sendable () -> SystemMIMEDatabase?)
        }

        /// A slot holding `database` (or none).
        init(_ database: SystemMIMEDatabase?) { state = .opened(database) }

        /// A slot that calls `open` at its first use.
        init(opening open: @escaping @Sendable () -> SystemMIMEDatabase?) {
            state = .pending(open)
        }

        /// The database, opened now if this is the first use.
        var database: SystemMIMEDatabase? {
            mutex.withLock {
                switch state {
                case .opened(let database):
                    return database
                case .pending(let open):
                    let database = open()
                    state = .opened(database)
                    return database
                }
            }
        }
    }

    init(
        tables: TypeTables,
        store: Store,
        ancestry: Ancestry,
        problems: [TypeDeclarationError],
        databaseSlot: DatabaseSlot = DatabaseSlot(nil),
        livesForever: Bool = false
    ) {
        immortal = Atomic(livesForever)
        self.tables = tables
        self.store = store
        switch ancestry {
        case .lists(let starts, let ancestors):
            (ancestorStarts, ancestorList, ancestorBits) = (starts, ancestors, [])
        case .bits(let rows):
            (ancestorStarts, ancestorList, ancestorBits) = ([], [], rows)
        }
        self.problems = problems
        self.databaseSlot = databaseSlot
        layout = Self.layoutCounter.add(1, ordering: .relaxed).newValue
        wordsPerType = Self.wordsPerType(count: tables.count)
    }

    /// The most types a registry holds, built-ins included.
    ///
    /// Conformance is a row of bits per type, so memory grows with the square of the count:
    /// 16,384 types take 32 MiB of rows. Declarations beyond the limit are refused.
    public static let maximumTypeCount = 16_384

    /// The 64-bit words in one row of ancestor bits.
    static func wordsPerType(count: Int) -> Int { max(1, (count + 63) / 64) }

    /// The same declarations and tables with another MIME database.
    private init(_ other: TypeRegistry, databaseSlot: DatabaseSlot, livesForever: Bool = false) {
        immortal = Atomic(livesForever)
        tables = other.tables
        store = other.store
        problems = other.problems
        wordsPerType = other.wordsPerType
        ancestorStarts = other.ancestorStarts
        ancestorList = other.ancestorList
        ancestorBits = other.ancestorBits
        layout = other.layout
        self.databaseSlot = databaseSlot
    }

    /// The declarations this registry holds, in order.
    public var declarations: [TypeDeclaration] {
        switch store {
        case .builtin: BuiltinTypes.declarations
        case .list(let declarations): declarations
        }
    }

    /// The number of declared types.
    public var count: Int { tables.count }

    // MARK: - The process-wide registry

    /// The registry ``makeShared(_:)`` published last, or nil for ``builtin``.
    ///
    /// Every `UTType` initializer reads it, so it is one atomic load, not a lock. A published
    /// registry is retained for the rest of the process: another thread may have loaded the
    /// pointer and not yet retained it when the next one is published.
    private static let published = Atomic<Unmanaged<TypeRegistry>?>(nil)

    /// The registry that `UTType` initializers resolve against: the built-ins (and the system
    /// MIME database) until ``makeShared(_:)`` publishes another.
    public static var shared: TypeRegistry {
        published.load(ordering: .acquiring)?.takeUnretainedValue() ?? builtin
    }

    /// Calls `body` with ``shared``, without retaining it: a published registry is never
    /// released, nor is ``builtin``.
    @inline(__always)
    static func withShared<Result>(_ body: (TypeRegistry) -> Result) -> Result {
        if let published = published.load(ordering: .acquiring) {
            return published._withUnsafeGuaranteedRef(body)
        }
        return body(builtin)
    }

    /// Publishes a registry as the process-wide one.
    ///
    /// Types made before keep resolving against the registry they were made from. Each
    /// published registry stays in memory until the process ends.
    public static func makeShared(_ registry: TypeRegistry) {
        let retained = Unmanaged.passRetained(registry)
        registry.immortal.store(true, ordering: .releasing)
        published.store(retained, ordering: .releasing)
    }

    /// Whether the registry lives until the process ends, so that its types need not keep
    /// it alive: true for ``builtin``, ``builtinOnly`` and every registry ``makeShared(_:)``
    /// has published.
    @inline(__always)
    var livesForever: Bool { immortal.load(ordering: .acquiring) }

    /// The built-in declarations alone, without the system MIME database.
    ///
    /// Its tables are generated at build time: making it costs a few microseconds.
    public static let builtinOnly = TypeRegistry(
        tables: BuiltinTypes.tables,
        store: .builtin,
        ancestry: .lists(starts: BuiltinTypes.ancestorStarts, ancestors: BuiltinTypes.ancestorList),
        problems: [],
        livesForever: true
    )

    /// The built-in declarations with the system's MIME database, when it has one.
    ///
    /// The database is opened when a lookup first needs it (a tag no declaration has).
    public static let builtin = TypeRegistry(
        builtinOnly,
        databaseSlot: DatabaseSlot {
            SystemMIMEDatabase.openDefault(variable: environmentVariable)
        },
        livesForever: true
    )

    /// A registry with the same declarations and no system MIME database.
    public func withoutSystemMIMEDatabase() -> TypeRegistry {
        mimeDatabase == nil ? self : replacingMIMEDatabase(nil)
    }

    /// Whether lookups consult the system's shared-mime-info database.
    public var usesSystemMIMEDatabase: Bool { mimeDatabase != nil }

    /// A registry with the same declarations and another system MIME database (or none).
    package func replacingMIMEDatabase(_ database: SystemMIMEDatabase?) -> TypeRegistry {
        TypeRegistry(self, databaseSlot: DatabaseSlot(database))
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
        var merged = self.declarations
        var positions: [String: Int] = [:]
        for index in merged.indices { positions[key(at: index)] = index }
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
        let built = Builder.build(merged, aliases: mimeAliases)
        // The built-ins' own problems (none, as a test checks) are not the new files' fault.
        if let first = built.problems.first(where: { !problems.contains($0) }) { throw first }
        return TypeRegistry(
            tables: built.tables,
            store: .list(built.declarations),
            ancestry: .bits(built.ancestorBits),
            problems: [],
            databaseSlot: databaseSlot
        )
    }

    // MARK: - Queries used by UTType

    /// The index of the type with this identifier (any case).
    func index(of identifier: String) -> Int? {
        TypeTables.withLookupBytes(identifier) { bytes in
            tables.find(bytes, slots: tables.identifierSlots, spans: tables.identifierSpans)
        }
    }

    @inline(__always)
    func conforms(_ index: Int, to ancestor: Int) -> Bool {
        if ancestorBits.isEmpty {
            let wanted = UInt32(truncatingIfNeeded: ancestor)
            for position in Int(ancestorStarts[index])..<Int(ancestorStarts[index + 1]) {
                let found = ancestorList[position]
                if found >= wanted { return found == wanted }
            }
            return false
        }
        let word = ancestorBits[index * wordsPerType + ancestor >> 6]
        return word & (1 << UInt64(ancestor & 63)) != 0
    }

    /// The indices a declared type conforms to, itself included, in ascending order.
    func ancestorIndices(of index: Int) -> [Int] {
        if ancestorBits.isEmpty {
            let range = Int(ancestorStarts[index])..<Int(ancestorStarts[index + 1])
            return ancestorList[range].map { Int($0) }
        } else {
            var result: [Int] = []
            for word in 0..<wordsPerType {
                var value = ancestorBits[index * wordsPerType + word]
                while value != 0 {
                    result.append(word * 64 + value.trailingZeroBitCount)
                    value &= value - 1
                }
            }
            return result
        }
    }

    /// The identifier of a declared type, as declared.
    func identifier(at index: Int) -> String {
        switch store {
        case .builtin: BuiltinTypes.identifier(at: index)
        case .list(let declarations): declarations[index].identifier
        }
    }

    /// The preferred MIME type of a declared type.
    func preferredMIMEType(at index: Int) -> String? {
        switch store {
        case .builtin: BuiltinTypes.preferredMIMEType(at: index)
        case .list(let declarations): declarations[index].mimeTypes.first
        }
    }

    /// The declaration of a declared type.
    func declaration(at index: Int) -> TypeDeclaration {
        switch store {
        case .builtin: BuiltinTypes.declaration(at: index)
        case .list(let declarations): declarations[index]
        }
    }

    /// The lower-cased identifier of a declared type.
    func key(at index: Int) -> String {
        tables.key(tables.identifierSpans, index)
    }

    /// The indices of a declared type's direct parents.
    func parentIndices(of index: Int) -> [Int] {
        tables.parents(of: index).map { Int(tables.words[$0]) }
    }

    /// Every alias that names a type, in table order.
    func aliases(of index: Int) -> [String] {
        let aliases = tables.aliases
        var found: [String] = []
        for entry in 0..<aliases.count {
            let types = tables.candidates(of: entry, in: aliases)
            if let first = types.first, tables.words[first] == UInt32(index) {
                found.append(tables.key(aliases.spans, entry))
            }
        }
        return found
    }

    /// The first alias (in table order) that names a type.
    func firstAlias(of index: Int) -> String? {
        let aliases = tables.aliases
        for entry in 0..<aliases.count {
            let types = tables.candidates(of: entry, in: aliases)
            if let first = types.first, tables.words[first] == UInt32(index) {
                return tables.key(aliases.spans, entry)
            }
        }
        return nil
    }

    /// The aliases as (alias, identifier) pairs, in table order.
    var mimeAliases: [(String, String)] {
        let aliases = tables.aliases
        return (0..<aliases.count).compactMap { entry in
            guard let first = tables.candidates(of: entry, in: aliases).first else { return nil }
            return (tables.key(aliases.spans, entry), identifier(at: Int(tables.words[first])))
        }
    }

    /// The positions in `tables.words` of the types that declare this filename extension,
    /// public first; one leading dot is ignored.
    func candidates(forExtension filenameExtension: String) -> Range<Int> {
        let entry = TypeTables.withLookupBytes(filenameExtension) { bytes in
            let bare =
                bytes.first == UInt8(ascii: ".")
                ? UnsafeBufferPointer(rebasing: bytes.dropFirst()) : bytes
            return tables.find(bare, in: tables.extensions)
        }
        guard let entry else { return 0..<0 }
        return tables.candidates(of: entry, in: tables.extensions)
    }

    /// The positions in `tables.words` of the types for this MIME type.
    ///
    /// The types that declare it, public first, else the type an alias names. Parameters
    /// (`; charset=…`) are ignored unless a type declares them.
    func candidates(forMIMEType mimeType: String) -> Range<Int> {
        let found = TypeTables.withLookupBytes(mimeType) { bytes -> Range<Int>? in
            if let entry = tables.find(bytes, in: tables.mimeTypes) {
                return tables.candidates(of: entry, in: tables.mimeTypes)
            }
            let bare = Self.withoutParameters(bytes)
            if bare.count != bytes.count, let entry = tables.find(bare, in: tables.mimeTypes) {
                return tables.candidates(of: entry, in: tables.mimeTypes)
            }
            if let entry = tables.find(bare, in: tables.aliases) {
                return tables.candidates(of: entry, in: tables.aliases)
            }
            return nil
        }
        return found ?? 0..<0
    }

    /// The indices of the types that declare this filename extension, public first; one
    /// leading dot is ignored.
    func indices(forExtension filenameExtension: String) -> [Int] {
        candidates(forExtension: filenameExtension).map { Int(tables.words[$0]) }
    }

    /// The indices of the types for this MIME type (see ``candidates(forMIMEType:)``).
    func indices(forMIMEType mimeType: String) -> [Int] {
        candidates(forMIMEType: mimeType).map { Int(tables.words[$0]) }
    }

    /// The bytes before any `;`, without surrounding spaces and tabs.
    static func withoutParameters(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>
    {
        var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
        var start = 0
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// `type/subtype` without `;parameters` and surrounding spaces and tabs.
    package static func stripParameters(_ mimeType: String) -> String {
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
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}

/// A variable of the process environment, or nil when it is not set.
func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
