import Foundation
import Testing
import UniformTypes

/// Spellings to look up for one `*.ext` glob of a cache: as listed, in other cases, and
/// near misses (a letter more or less, a dot, a NUL, a non-ASCII letter).
private func probes(around ext: String) -> [String] {
    var probes = [
        ext,
        ext.uppercased(),
        ext.lowercased(),
        ext.prefix(1).uppercased() + ext.dropFirst(),
        String(ext.dropFirst()),
        String(ext.dropLast()),
        "x" + ext,
        ext + "x",
        "." + ext,
        ext + ".",
        ext + "\u{0}",
        "\u{0}" + ext,
        "é" + ext,
        ext + "É",
    ]
    // Alternate cases, letter by letter: `TaR.Gz`.
    var alternating = ""
    for (index, character) in ext.enumerated() {
        alternating += index % 2 == 0 ? character.uppercased() : character.lowercased()
    }
    probes.append(alternating)
    return probes
}

/// Checks, for every `*.ext` glob the database lists and spellings near it, that the fast
/// path answers as the general path does, and that every answer is a canonical type.
private func expectFastPathAgrees(in database: SystemMIMEDatabase) -> Int {
    var extensions: Set<String> = [
        "", ".", "a", "A", "ß", "\u{0}", String(repeating: "z", count: 300),
    ]
    for type in database.allMIMETypes {
        for ext in database.filenameExtensions(of: type) {
            extensions.insert(ext)
            // Every listed extension finds its own type.
            #expect(database.mimeTypes(forExtension: ext).contains(type), "\(ext) \(type)")
        }
    }
    var checked = 0
    for ext in extensions.sorted() {
        for probe in probes(around: ext) {
            let fast = database.mimeTypes(forExtension: probe)
            let general = database.mimeTypesWithoutFastPath(forExtension: probe)
            #expect(fast == general, "\(probe.debugDescription)")
            for type in fast {
                // Aliases are resolved: a glob that names an alias gives its target.
                #expect(database.canonicalMIMEType(for: type) == type, "\(probe) \(type)")
            }
            checked += 1
        }
    }
    return checked
}

@Suite(
    "mimeTypes(forExtension:) fast path against the system's mime.cache",
    .enabled(if: MIMEFixtures.hasSystemCache, "no /usr/share/mime/mime.cache on this machine")
)
struct SystemMIMEDatabaseFastPathTests {
    let database: SystemMIMEDatabase

    init() throws {
        database = try SystemMIMEDatabase(cachePaths: [MIMEFixtures.systemCachePath])
    }

    @Test("agrees with the general path for every extension in the cache")
    func agreesWithGeneralPath() {
        #expect(expectFastPathAgrees(in: database) > 1000)
    }

    @Test("several types of one extension are ranked, and aliases resolved")
    func severalTypes() {
        // `*.doc` names both application/msword and its alias application/vnd.ms-word.
        #expect(database.mimeTypes(forExtension: "doc") == ["application/msword"])
        #expect(database.mimeTypes(forExtension: "DOC") == ["application/msword"])
        let ogg = database.mimeTypes(forExtension: "ogg")
        #expect(ogg.count > 1)
        #expect(ogg == database.mimeTypesWithoutFastPath(forExtension: "ogg"))
    }
}

@Suite(
    "mimeTypes(forExtension:) fast path against a cache compiled from Fixtures/mime",
    .enabled(
        if: MIMEFixtures.hasUpdateTool,
        "update-mime-database (shared-mime-info) is not installed"
    )
)
final class FixtureMIMEDatabaseFastPathTests: CompiledFixtureSuite {
    @Test("agrees with the general path: case-sensitive globs, weights, aliases")
    func agreesWithGeneralPath() {
        #expect(expectFastPathAgrees(in: database) > 100)
        #expect(database.mimeTypes(forExtension: "qmlx") == ["text/x-mediatype-qmlx"])
        #expect(database.mimeTypes(forExtension: "Mtu") == ["text/x-mediatype-lower"])
        #expect(
            database.mimeTypes(forExtension: "MTU") == [
                "text/x-mediatype-upper", "text/x-mediatype-lower",
            ]
        )
    }
}
