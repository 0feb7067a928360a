/// The freedesktop.org shared MIME database, read from compiled `mime.cache` files.
///
/// Each cache is memory-mapped and read in place: opening checks the header and the bounds of
/// every list (and builds two small look-up tables, an alias filter and the suffix tree's
/// ASCII roots), and lookups by name binary-search the mapped lists and walk the mapped
/// reverse suffix tree without building anything. A name the sorted lists do not hold as
/// spelled (another case, or a type named only as a parent or by a glob, as `text/plain`) is
/// found in a per-cache table of hashed names, built on first need. Reverse lookups (all
/// types, a type's extensions) use an index built once, lazily, on first need; it costs
/// many times what the name tables cost, so lookups by name leave it alone.
///
/// With several caches, the first in priority order that has an entry for a MIME type wins
/// for that kind of entry: the first cache with any glob for a type supplies all its globs
/// (a user's cache overrides the system's), the first with sub-class-of parents for it
/// supplies its parents, the first with an alias entry decides where the alias leads.
package final class SystemMIMEDatabase: Sendable {
    /// The files this database read, in priority order.
    package let cachePaths: [String]

    let caches: [MIMECache]
    private let lazyIndex = Locked<MIMEDatabaseIndex?>(nil)
    /// Types' extensions found without the index, by type as a cache spells it.
    let walkedExtensions = Locked<[String: [String]]>([:])
    /// The most types whose extensions ``walkedExtensions`` holds (it is emptied when full).
    static let remembersExtensionsOf = 256
    /// Descriptions read from the XML files, by language list and type (nil: none found).
    let rememberedDescriptions = Locked<[String: String?]>([:])
    /// The most descriptions ``rememberedDescriptions`` holds (it is emptied when full).
    static let remembersDescriptionsOf = 256

    /// Opens the caches of the XDG data folders: `$XDG_DATA_HOME/mime/mime.cache`
    /// (default `~/.local/share`), then each of `$XDG_DATA_DIRS` (default
    /// `/usr/local/share:/usr/share`); the first that knows a MIME type wins for it.
    ///
    /// Relative folders are ignored, as the XDG base directory specification asks.
    /// - Parameter environment: The process environment (`XDG_DATA_HOME`, `XDG_DATA_DIRS`,
    ///   `HOME`).
    /// - Returns: The database, or nil when no readable cache exists (not an error).
    ///   Corrupt caches are skipped.
    package static func openDefault(environment: [String: String]) -> SystemMIMEDatabase? {
        openDefault { environment[$0] }
    }

    /// Opens the caches of the XDG data folders, reading the variables through `variable`.
    ///
    /// - Parameter variable: Gives the value of `XDG_DATA_HOME`, `XDG_DATA_DIRS` or `HOME`.
    /// - Returns: The database, or nil when no readable cache exists.
    package static func openDefault(variable: (String) -> String?) -> SystemMIMEDatabase? {
        var folders: [String] = []
        if let home = variable("XDG_DATA_HOME"), home.hasPrefix("/") {
            folders.append(home)
        } else if let home = variable("HOME"), home.hasPrefix("/") {
            folders.append(home + "/.local/share")
        }
        let dataDirectories = variable("XDG_DATA_DIRS").flatMap { $0.isEmpty ? nil : $0 }
        for folder in (dataDirectories ?? "/usr/local/share:/usr/share").split(separator: ":")
        where folder.hasPrefix("/") {
            folders.append(String(folder))
        }
        // An array, not a Set: there are a handful of folders, and the first Set<String> of a
        // process costs more than the lookups it would save.
        var seen: [String] = []
        var caches: [MIMECache] = []
        for folder in folders {
            var trimmed = Substring(folder)
            while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            let path = (trimmed == "/" ? "" : String(trimmed)) + "/mime/mime.cache"
            guard !seen.contains(path) else { continue }
            seen.append(path)
            if let cache = try? MIMECache(path: path) { caches.append(cache) }
        }
        guard !caches.isEmpty else { return nil }
        return SystemMIMEDatabase(caches: caches)
    }

    /// Opens exactly these cache files, in priority order.
    ///
    /// - Parameter cachePaths: Paths of `mime.cache` files, highest priority first.
    /// - Throws: ``MIMEDatabaseError`` for the first file that cannot be read or is not a
    ///   well-formed cache (bad version, an offset or count outside the file).
    package convenience init(cachePaths: [String]) throws(MIMEDatabaseError) {
        var caches: [MIMECache] = []
        for path in cachePaths {
            caches.append(try MIMECache(path: path))
        }
        self.init(caches: caches)
    }

    init(caches: [MIMECache]) {
        self.caches = caches
        self.cachePaths = caches.map(\.path)
    }

    /// The canonical MIME type for a name or alias (matched without regard to case), or nil
    /// if unknown.
    ///
    /// The name is matched exactly first, in place in the mapped lists, then without regard
    /// to case through the name tables (the lazy index for a non-ASCII name), as MIME types
    /// are case-insensitive. The answer is spelled as the cache spells the type (a few types
    /// carry capitals, `application/vnd.ms-excel.sheet.macroEnabled.12`).
    /// - Parameter mimeType: A MIME type or an alias of one, without parameters.
    /// - Returns: The canonical type, the name itself when it is canonical, or nil.
    package func canonicalMIMEType(for mimeType: String) -> String? {
        switch exactLookup(mimeType) {
        case .alias(let target): return target
        case .canonical: return mimeType
        case .unknown: return canonicalIgnoringCase(mimeType)
        }
    }

    /// What the caches say of a name spelled exactly so, as far as the mapped lists sorted by
    /// type name (aliases, parents, icons) tell without the index.
    private enum ExactLookup {
        case alias(String)
        case canonical
        case unknown
    }

    private func exactLookup(_ mimeType: String) -> ExactLookup {
        mimeType.withMIMECacheKey { key -> ExactLookup in
            for cache in caches {
                let reader = cache.reader
                if let hit = cache.aliasEntry(of: key) {
                    let target = reader.u32(cache.aliases.entry(hit) + 4)
                        .flatMap(reader.string(at:))
                    return target.map(ExactLookup.alias) ?? .unknown
                }
                if reader.find(key, in: cache.parentList) != nil
                    || reader.find(key, in: cache.genericIcons) != nil
                    || reader.find(key, in: cache.icons) != nil
                {
                    return .canonical
                }
            }
            return .unknown
        } ?? .unknown
    }

    /// The direct sub-class-of parents of a canonical MIME type (as listed in the cache).
    ///
    /// An alias or another spelling is resolved to its canonical type first. The parents come
    /// from the first cache that lists any for the type.
    /// - Parameter mimeType: A MIME type.
    /// - Returns: The parents in the cache's order; empty when none are listed.
    package func parents(of mimeType: String) -> [String] {
        if let parents = listedParents(of: mimeType) { return parents }
        let canonical: String?
        switch exactLookup(mimeType) {
        case .alias(let target): canonical = target
        case .canonical: return []
        case .unknown: canonical = canonicalIgnoringCase(mimeType)
        }
        guard let canonical, canonical != mimeType else { return [] }
        return listedParents(of: canonical) ?? []
    }

    private func listedParents(of mimeType: String) -> [String]? {
        mimeType.withMIMECacheKey { key -> [String]? in
            for cache in caches {
                let reader = cache.reader
                guard let hit = reader.find(key, in: cache.parentList) else { continue }
                guard let listOffset = reader.u32(cache.parentList.entry(hit) + 4),
                    let count = reader.u32(listOffset),
                    count <= (reader.size - listOffset - 4) / 4
                else { return [] }
                var parents: [String] = []
                parents.reserveCapacity(count)
                for index in 0..<count {
                    if let parent = reader.u32(listOffset + 4 + 4 * index)
                        .flatMap(reader.string(at:))
                    {
                        parents.append(parent)
                    }
                }
                return parents
            }
            return nil
        }
    }

    /// Every canonical MIME type the caches know (from globs, aliases, parents, magic, ...).
    ///
    /// Sorted; names that are only aliases are left out.
    package var allMIMETypes: [String] { reverseIndex.allTypes }

    /// The index for reverse lookups, built on first use.
    var reverseIndex: MIMEDatabaseIndex {
        lazyIndex.value { MIMEDatabaseIndex(caches: caches) }
    }

    /// The index if some lookup has built it already, else nil (it is not built here).
    var builtReverseIndex: MIMEDatabaseIndex? { lazyIndex.withLock { $0 } }
}

/// Why a `mime.cache` file was refused.
package struct MIMEDatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cache file.
    package var path: String
    /// What is wrong with it, in words.
    package var reason: String

    /// Creates an error for `path` with a reason in words.
    /// - Parameters:
    ///   - path: The cache file.
    ///   - reason: What is wrong with it.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The path and the reason, as `path: reason`.
    package var description: String { "\(path): \(reason)" }
}
