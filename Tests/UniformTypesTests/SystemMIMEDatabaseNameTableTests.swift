import Foundation
import TestSupport
import Testing

@testable import UniformTypes

/// Whether every byte of a name is ASCII.
private func isASCII(_ name: String) -> Bool { name.utf8.allSatisfy { $0 < 0x80 } }

/// Every name the caches list: each alias as spelled, each type, and the index's keys
/// (lower-cased spellings).
private func listedNames(of database: SystemMIMEDatabase) -> [String] {
    let index = database.reverseIndex
    var names = Set(database.allMIMETypes)
    names.formUnion(index.canonical.keys)
    names.formUnion(index.canonical.values)
    for cache in database.caches {
        let reader = cache.reader
        for entry in 0..<cache.aliases.count {
            if let alias = reader.u32(cache.aliases.entry(entry)).flatMap(reader.string(at:)) {
                names.insert(alias)
            }
        }
    }
    return names.sorted()
}

/// A name in other cases, and near misses.
private func variants(of name: String) -> [String] {
    var alternating = ""
    for (position, character) in name.enumerated() {
        alternating += position % 2 == 0 ? character.uppercased() : character.lowercased()
    }
    return [
        name,
        name.lowercased(),
        name.uppercased(),
        name.prefix(1).uppercased() + name.dropFirst(),
        alternating,
        name + "x",
        String(name.dropLast()),
        " " + name,
        name + "\u{0}",
        // Non-ASCII spellings: the Kelvin sign lower-cases to `k`, so the index finds
        // `text/x-makefile` for `text/x-ma\u{212A}efile`; the tables leave these to it.
        name.replacingOccurrences(of: "k", with: "\u{212A}"),
        name + "é",
    ]
}

/// Probes for a database: its listed names in many spellings, and names no cache has.
private func probes(for database: SystemMIMEDatabase) -> [String] {
    var probes = Set(["", "/", "text", "text/", "application/octet-stream", "x/\u{0}"])
    for name in listedNames(of: database) {
        probes.formUnion(variants(of: name))
    }
    return probes.sorted()
}

/// Checks that the name tables answer every probe as the index does.
///
/// - Parameters:
///   - database: The database, whose index this builds.
///   - probes: The names to look up.
///   - asciiDecided: Whether every ASCII probe must be decided by the tables (true for
///     caches without non-ASCII names, which is every real cache).
///   - sourceLocation: Where a failure is reported.
/// - Returns: How many probes the tables decided without the index.
private func expectTablesAgreeWithIndex(
    _ database: SystemMIMEDatabase,
    probes: [String],
    asciiDecided: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
    let index = database.reverseIndex
    var decided = 0
    for probe in probes {
        let expected = index.canonical[probe.lowercased()]
        switch database.canonicalFromNameTables(probe) {
        case .found(let answer):
            #expect(answer == expected, "\(probe.debugDescription)", sourceLocation: sourceLocation)
            decided += 1
        case .absent:
            #expect(expected == nil, "\(probe.debugDescription)", sourceLocation: sourceLocation)
            decided += 1
        case .undecided:
            #expect(
                !asciiDecided || !isASCII(probe),
                "\(probe.debugDescription) left to the index",
                sourceLocation: sourceLocation
            )
        }
        let owners = [
            (MIMENameTable.globType, index.globOwner), (MIMENameTable.magicType, index.magicOwner),
        ]
        for (kind, owner) in owners {
            switch database.firstCacheFromNameTables(listing: probe, as: kind) {
            case .found(let cacheIndex):
                #expect(
                    owner[probe] == cacheIndex,
                    "\(kind) \(probe.debugDescription)",
                    sourceLocation: sourceLocation
                )
            case .absent:
                #expect(
                    owner[probe] == nil,
                    "\(kind) \(probe.debugDescription)",
                    sourceLocation: sourceLocation
                )
            case .undecided:
                #expect(
                    !isASCII(probe),
                    "\(probe.debugDescription)",
                    sourceLocation: sourceLocation
                )
            }
        }
    }
    return decided
}

/// Checks that a database opened afresh on `paths` answers the lookups of a classification
/// (names, parents, extensions, file names, magic) as `indexed`, whose index is built, and
/// with ASCII names builds no index of its own.
private func expectFreshAgreesWithIndexed(
    paths: [String],
    indexed: SystemMIMEDatabase,
    probes: [String],
    heads: [[UInt8]] = [],
    indexFree: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    _ = indexed.reverseIndex
    let fresh = try SystemMIMEDatabase(cachePaths: paths)
    /// Expects one lookup to answer alike in both databases.
    func expectSame<Answer: Equatable>(
        _ label: String,
        _ lookup: (SystemMIMEDatabase) -> Answer
    ) {
        #expect(lookup(fresh) == lookup(indexed), "\(label)", sourceLocation: sourceLocation)
    }
    for probe in probes where isASCII(probe) {
        expectSame(probe.debugDescription) { $0.canonicalMIMEType(for: probe) }
        expectSame("parents of \(probe.debugDescription)") { $0.parents(of: probe) }
    }
    // Without its index, each extension lookup walks a cache's suffix tree: every probe for
    // the small test caches, a spread of about 100 for the system's.
    let asciiProbes = probes.filter(isASCII)
    let step = max(1, asciiProbes.count / 100)
    for position in stride(from: 0, to: asciiProbes.count, by: step) {
        let probe = asciiProbes[position]
        expectSame("extensions of \(probe.debugDescription)") { $0.filenameExtensions(of: probe) }
    }
    var extensions: Set<String> = []
    for type in indexed.allMIMETypes {
        extensions.formUnion(indexed.filenameExtensions(of: type))
    }
    for ext in extensions.sorted() where isASCII(ext) {
        for name in ["a." + ext, "A." + ext.uppercased()] {
            expectSame(name) { $0.mimeTypes(forFileName: name) }
        }
        expectSame(ext) { $0.mimeTypes(forExtension: ext) }
    }
    for head in heads {
        expectSame("magic types of \(head)") { $0.magicMatches(head).map(\.mimeType) }
        expectSame("magic priorities of \(head)") { $0.magicMatches(head).map(\.priority) }
    }
    if indexFree {
        #expect(
            fresh.builtReverseIndex == nil,
            "a lookup by an ASCII name built the index",
            sourceLocation: sourceLocation
        )
    }
    // Non-ASCII names are left to the index, with the same answers.
    for probe in probes where !isASCII(probe) {
        expectSame(probe.debugDescription) { $0.canonicalMIMEType(for: probe) }
    }
}

/// Heads that the fixtures' and the system's magic rules match.
private let magicHeads: [[UInt8]] = [
    Array("[Unit]\nDescription=x\n[Service]\n".utf8),
    Array("MTCASE and MTBASE\n".utf8),
    Array("MTBASE\nimport MT MTFOO...TAR".utf8),
    Array("MTFOO...TAR".utf8),
    Array("%PDF-1.7\n".utf8),
    [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13],
]

/// Types, aliases and parents whose names differ only in case.
private let caseFixture = MIMEFixtures.package(
    """
    <mime-type type="text/x-mt-Case">
      <glob pattern="*.mtcase1"/>
      <alias type="application/x-mt-alias"/>
    </mime-type>
    <mime-type type="text/x-mt-case">
      <glob pattern="*.mtcase2"/>
      <alias type="application/x-mt-Alias"/>
      <sub-class-of type="text/x-mt-Parent-Only"/>
    </mime-type>
    <mime-type type="text/X-MT-CASE">
      <magic priority="50"><match type="string" value="MTCASE" offset="0"/></magic>
    </mime-type>
    <mime-type type="text/x-mt-glob-Only">
      <glob pattern="*.mtglobonly"/>
    </mime-type>
    <mime-type type="Text/X-Mt-Shadow">
      <glob pattern="*.mtshadow"/>
      <alias type="text/x-mt-shadow"/>
    </mime-type>
    <mime-type type="text/x-mediatype-base">
      <glob pattern="*.mtbase2"/>
      <magic priority="45"><match type="string" value="MTBASE" offset="0"/></magic>
    </mime-type>
    """
)

@Suite(
    "Name tables answer as the reverse index: the system's mime.cache",
    .enabled(if: MIMEFixtures.hasSystemCache, "no /usr/share/mime/mime.cache on this machine")
)
struct SystemMIMEDatabaseNameTableTests {
    @Test("every type and alias, in every case, without building the index")
    func everyName() throws {
        let path = MIMEFixtures.systemCachePath
        let database = try SystemMIMEDatabase(cachePaths: [path])
        let probes = probes(for: database)
        #expect(expectTablesAgreeWithIndex(database, probes: probes) > 5000)
        try expectFreshAgreesWithIndexed(
            paths: [path],
            indexed: database,
            probes: probes,
            heads: magicHeads
        )
    }

    @Test("a registry lookup of a database type leaves the index alone")
    func classification() throws {
        let database = try SystemMIMEDatabase(cachePaths: [MIMEFixtures.systemCachePath])
        // text/plain is named only as a parent: the sorted lists do not have it.
        #expect(database.canonicalMIMEType(for: "text/x-qml") == "text/x-qml")
        #expect(database.canonicalMIMEType(for: "text/plain") == "text/plain")
        #expect(database.canonicalMIMEType(for: "TEXT/PLAIN") == "text/plain")
        #expect(database.canonicalMIMEType(for: "Audio/X-FLAC") == "audio/flac")
        #expect(database.parents(of: "TEXT/X-QML") == database.parents(of: "text/x-qml"))
        #expect(database.mimeTypes(forExtension: "service").contains("text/x-systemd-unit"))
        #expect(database.builtReverseIndex == nil)
    }

    @Test("the name table is built once under concurrent first use")
    func concurrentFirstUse() async throws {
        let database = try SystemMIMEDatabase(cachePaths: [MIMEFixtures.systemCachePath])
        let names = ["text/plain", "TEXT/X-QML", "audio/X-flac", "application/xml", "x/none"]
        let cache = try #require(database.caches.first)
        let results = await withTaskGroup(of: ([String?], ObjectIdentifier).self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let answers = names.map { database.canonicalMIMEType(for: $0) }
                    return (answers, ObjectIdentifier(cache.nameTable))
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let expected = ["text/plain", "text/x-qml", "audio/flac", "application/xml", nil]
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0.0 == expected })
        // Every task saw the same table: none was built twice and replaced.
        #expect(Set(results.map(\.1)) == [ObjectIdentifier(cache.nameTable)])
        #expect(database.builtReverseIndex == nil)
    }
}

@Suite(
    "Name tables answer as the reverse index: caches compiled from fixtures",
    .enabled(
        if: MIMEFixtures.hasUpdateTool,
        "update-mime-database (shared-mime-info) is not installed"
    )
)
final class FixtureMIMEDatabaseNameTableTests {
    let root: URL
    let fixturePath: String
    let casePath: String

    init() throws {
        root = try MIMEFixtures.temporaryFolder()
        fixturePath = try MIMEFixtures.compileFixture(root: root.appendingPathComponent("fixture"))
        casePath = try MIMEFixtures.compileCache(
            packages: [("case.xml", caseFixture)],
            root: root.appendingPathComponent("case")
        )
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    @Test("names that differ only in case: aliases first, then the smallest spelling")
    func caseVariants() throws {
        let database = try SystemMIMEDatabase(cachePaths: [casePath])
        // Three types fold to text/x-mt-case; the smallest spelling answers for other cases,
        // and each answers for itself.
        #expect(database.canonicalMIMEType(for: "TEXT/X-MT-CASE") == "text/X-MT-CASE")
        #expect(database.canonicalMIMEType(for: "Text/x-mt-case") == "text/X-MT-CASE")
        #expect(database.canonicalMIMEType(for: "text/x-mt-case") == "text/x-mt-case")
        // The first alias in the cache's order: `application/x-mt-Alias` sorts first.
        #expect(database.canonicalMIMEType(for: "APPLICATION/X-MT-ALIAS") == "text/x-mt-case")
        #expect(database.canonicalMIMEType(for: "application/x-mt-alias") == "text/x-mt-Case")
        // An alias beats a type of the same letters in the same cache.
        #expect(database.canonicalMIMEType(for: "TEXT/X-MT-SHADOW") == "Text/X-Mt-Shadow")
        // Named only as a parent, or only by a glob.
        #expect(
            database.canonicalMIMEType(for: "text/x-mt-parent-only") == "text/x-mt-Parent-Only"
        )
        #expect(database.canonicalMIMEType(for: "TEXT/X-MT-GLOB-ONLY") == "text/x-mt-glob-Only")
        #expect(database.canonicalMIMEType(for: "text/x-mt-none") == nil)
        #expect(database.builtReverseIndex == nil)
        #expect(expectTablesAgreeWithIndex(database, probes: probes(for: database)) > 50)
    }

    @Test("a type's extensions include the globs that name one of its aliases")
    func extensionsThroughAliases() throws {
        // A glob of a name that another package makes an alias (as `*.doc` names
        // `application/vnd.ms-word`) belongs to the alias's type.
        let path = try MIMEFixtures.compileCache(
            packages: [
                (
                    "old.xml",
                    MIMEFixtures.package(
                        """
                        <mime-type type="application/x-mt-old"><glob pattern="*.mtold"/></mime-type>
                        """
                    )
                ),
                (
                    "new.xml",
                    MIMEFixtures.package(
                        """
                        <mime-type type="application/x-mt-new">
                          <glob pattern="*.mtnew"/>
                          <alias type="application/x-mt-old"/>
                        </mime-type>
                        """
                    )
                ),
            ],
            root: root.appendingPathComponent("alias-globs")
        )
        let indexed = try SystemMIMEDatabase(cachePaths: [path])
        _ = indexed.reverseIndex
        let expected = indexed.filenameExtensions(of: "application/x-mt-new")
        #expect(Set(expected) == ["mtnew", "mtold"])
        for name in ["application/x-mt-new", "application/x-mt-old", "APPLICATION/X-MT-OLD"] {
            let fresh = try SystemMIMEDatabase(cachePaths: [path])
            #expect(fresh.filenameExtensions(of: name) == expected, "\(name)")
            #expect(fresh.builtReverseIndex == nil)
            // Asked again, the type's tree walk is not repeated: its answer is remembered.
            #expect(fresh.filenameExtensions(of: name) == expected, "\(name), again")
            #expect(fresh.walkedExtensions.withLock { Array($0.keys) } == ["application/x-mt-new"])
        }
    }

    @Test("one cache: every name in every case")
    func oneCache() throws {
        for path in [fixturePath, casePath] {
            let database = try SystemMIMEDatabase(cachePaths: [path])
            let probes = probes(for: database)
            #expect(expectTablesAgreeWithIndex(database, probes: probes) > 50)
            try expectFreshAgreesWithIndexed(
                paths: [path],
                indexed: database,
                probes: probes,
                heads: magicHeads
            )
        }
    }

    @Test("several caches: the first that knows a name decides, and owns its globs and magic")
    func severalCaches() throws {
        var orders = [[casePath, fixturePath], [fixturePath, casePath]]
        if MIMEFixtures.hasSystemCache {
            orders += [
                [casePath, MIMEFixtures.systemCachePath],
                [MIMEFixtures.systemCachePath, fixturePath, casePath],
            ]
        }
        for paths in orders {
            let database = try SystemMIMEDatabase(cachePaths: paths)
            let probes = probes(for: database)
            #expect(expectTablesAgreeWithIndex(database, probes: probes) > 100, "\(paths)")
            try expectFreshAgreesWithIndexed(
                paths: paths,
                indexed: database,
                probes: probes,
                heads: magicHeads
            )
        }
        // Both caches have magic for text/x-mediatype-base: the first supplies it.
        let caseFirst = try SystemMIMEDatabase(cachePaths: [casePath, fixturePath])
        let head = Array("MTBASE\n".utf8)
        #expect(caseFirst.magicMatches(head).map(\.priority) == [45])
        #expect(caseFirst.mimeTypes(forExtension: "mtbase").isEmpty)
        #expect(caseFirst.mimeTypes(forExtension: "mtbase2") == ["text/x-mediatype-base"])
        let fixtureFirst = try SystemMIMEDatabase(cachePaths: [fixturePath, casePath])
        #expect(fixtureFirst.magicMatches(head).map(\.priority) == [40])
        #expect(fixtureFirst.mimeTypes(forExtension: "mtbase") == ["text/x-mediatype-base"])
        #expect(caseFirst.builtReverseIndex == nil)
        #expect(fixtureFirst.builtReverseIndex == nil)
    }

    @Test("bit-flipped caches: the tables answer as the index, or leave it to the index")
    func bitFlipped() throws {
        var sources: [(label: String, bytes: [UInt8], copies: Int)] = [
            ("fixture", Array(try Data(contentsOf: URL(fileURLWithPath: fixturePath))), 150),
            ("case", Array(try Data(contentsOf: URL(fileURLWithPath: casePath))), 150),
        ]
        if MIMEFixtures.hasSystemCache {
            let system = try Data(contentsOf: URL(fileURLWithPath: MIMEFixtures.systemCachePath))
            sources.append(("system", Array(system), 12))
        }
        var random = SplitMix64(seed: 0x6E61_6D65_7461_626C)
        var opened = 0
        for (label, bytes, copies) in sources {
            // The strings come first; the lowest offset in the header is where the lists
            // start. Flips hit both.
            let lists =
                (0..<9).map { field in
                    (0..<4).reduce(0) { $0 << 8 | Int(bytes[4 + 4 * field + $1]) }
                }
                .min() ?? 40
            for copy in 0..<copies {
                var flipped = bytes
                for _ in 0..<(1 + copy % 6) {
                    let position =
                        copy % 2 == 0
                        ? 40 + Int(random.next() % UInt64(max(lists - 40, 1)))
                        : lists + Int(random.next() % UInt64(bytes.count - lists))
                    flipped[position] ^= UInt8(1) << (random.next() % 8)
                }
                let path = root.appendingPathComponent("\(label)-\(copy).cache").path
                try Data(flipped).write(to: URL(fileURLWithPath: path))
                defer { try? FileManager.default.removeItem(atPath: path) }
                guard let database = try? SystemMIMEDatabase(cachePaths: [path]) else { continue }
                opened += 1
                var probes = listedNames(of: database)
                probes += probes.map { $0.uppercased() }
                _ = expectTablesAgreeWithIndex(database, probes: probes, asciiDecided: false)
                try expectFreshAgreesWithIndexed(
                    paths: [path],
                    indexed: database,
                    probes: probes,
                    indexFree: false
                )
            }
        }
        #expect(opened > 100)
    }
}
