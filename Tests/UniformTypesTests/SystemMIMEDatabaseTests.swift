import Foundation
import TestSupport
import Testing
import UniformTypes

/// Where the test inputs live, and caches compiled from them.
enum MIMEFixtures {
    static let systemCachePath = "/usr/share/mime/mime.cache"
    static let systemMIMEFolder = "/usr/share/mime"
    static let hasSystemCache = FileManager.default.isReadableFile(atPath: systemCachePath)
    static let updateToolPath = [
        "/usr/bin/update-mime-database", "/usr/local/bin/update-mime-database",
    ]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
    static let hasUpdateTool = updateToolPath != nil

    static let fixturePackage = fixturesFolder.appendingPathComponent(
        "mime/test-mime-database.xml"
    )

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        URL(fileURLWithPath: try makeTemporaryFolder(prefix: "SystemMIMEDatabaseTests"))
    }

    /// Compiles the given package XML files with `update-mime-database` into
    /// `<root>/mime/mime.cache` (an XDG data folder layout) and returns the cache's path.
    static func compileCache(packages: [(name: String, xml: String)], root: URL) throws -> String {
        guard let tool = updateToolPath else {
            throw FixtureError(message: "no update-mime-database")
        }
        let mimeFolder = root.appendingPathComponent("mime")
        let packagesFolder = mimeFolder.appendingPathComponent("packages")
        try FileManager.default.createDirectory(
            at: packagesFolder,
            withIntermediateDirectories: true
        )
        for package in packages {
            try package.xml.write(
                to: packagesFolder.appendingPathComponent(package.name),
                atomically: false,
                encoding: .utf8
            )
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [mimeFolder.path]
        var environment = ProcessInfo.processInfo.environment
        environment["PKGSYSTEM_ENABLE_FSYNC"] = "0"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureError(message: "update-mime-database exited \(process.terminationStatus)")
        }
        return mimeFolder.appendingPathComponent("mime.cache").path
    }

    /// Compiles `Fixtures/mime/test-mime-database.xml` under `root`.
    static func compileFixture(root: URL) throws -> String {
        let xml = try String(contentsOf: fixturePackage, encoding: .utf8)
        return try compileCache(packages: [("test-mime-database.xml", xml)], root: root)
    }

    static func package(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
        \(body)
        </mime-info>
        """
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Every parent, transitively, breadth first.
private func ancestors(of type: String, in database: SystemMIMEDatabase) -> [String] {
    var found: [String] = []
    var queue = database.parents(of: type)
    while !queue.isEmpty, found.count < 100 {
        let next = queue.removeFirst()
        guard !found.contains(next) else { continue }
        found.append(next)
        queue += database.parents(of: next)
    }
    return found
}

@Suite(
    "SystemMIMEDatabase against the system's mime.cache",
    .enabled(if: MIMEFixtures.hasSystemCache, "no /usr/share/mime/mime.cache on this machine")
)
struct SystemMIMECacheTests {
    let database: SystemMIMEDatabase

    init() throws {
        database = try SystemMIMEDatabase(cachePaths: [MIMEFixtures.systemCachePath])
    }

    @Test(
        "knows text/x-qml and its qml extension"
    )
    func qml() {
        #expect(database.allMIMETypes.contains("text/x-qml"))
        #expect(database.canonicalMIMEType(for: "text/x-qml") == "text/x-qml")
        #expect(database.filenameExtensions(of: "text/x-qml").contains("qml"))
        #expect(database.mimeTypes(forExtension: "qml") == ["text/x-qml"])
        #expect(database.mimeTypes(forExtension: "QML") == ["text/x-qml"])
        #expect(database.mimeTypes(forFileName: "Main.qml") == ["text/x-qml"])
        #expect(database.cachePaths == [MIMEFixtures.systemCachePath])
    }

    @Test(
        ".service is a systemd unit, which is plain text"
    )
    func systemdUnit() {
        // shared-mime-info gives `*.service` to text/x-dbus-service too, at the same weight.
        #expect(database.mimeTypes(forFileName: "sshd.service").contains("text/x-systemd-unit"))
        #expect(database.mimeTypes(forExtension: "service").contains("text/x-systemd-unit"))
        #expect(database.filenameExtensions(of: "text/x-systemd-unit").contains("service"))
        #expect(ancestors(of: "text/x-systemd-unit", in: database).contains("text/plain"))
    }

    @Test(
        "audio/x-flac is an alias of audio/flac"
    )
    func flacAlias() {
        #expect(database.canonicalMIMEType(for: "audio/x-flac") == "audio/flac")
        #expect(database.canonicalMIMEType(for: "Audio/X-FLAC") == "audio/flac")
        #expect(database.canonicalMIMEType(for: "audio/flac") == "audio/flac")
        #expect(database.canonicalMIMEType(for: "audio/x-no-such-type") == nil)
        #expect(!database.allMIMETypes.contains("audio/x-flac"))
        #expect(
            database.filenameExtensions(of: "audio/x-flac")
                == database.filenameExtensions(of: "audio/flac")
        )
        // `*.doc` is declared for the alias application/vnd.ms-word as well; answers are canonical.
        #expect(database.mimeTypes(forExtension: "doc") == ["application/msword"])
        #expect(database.filenameExtensions(of: "application/msword").first == "doc")
    }

    @Test(
        "foo.tar.gz is a compressed tar, not just gzip"
    )
    func compressedTar() {
        #expect(database.mimeTypes(forFileName: "foo.tar.gz") == ["application/x-compressed-tar"])
        #expect(database.mimeTypes(forFileName: "FOO.TAR.GZ") == ["application/x-compressed-tar"])
        #expect(database.mimeTypes(forFileName: "foo.gz") == ["application/gzip"])
        #expect(database.mimeTypes(forExtension: "tar.gz") == ["application/x-compressed-tar"])
        #expect(database.filenameExtensions(of: "application/x-compressed-tar").contains("tar.gz"))
    }

    @Test(
        "Makefile is a makefile by its literal name"
    )
    func makefile() {
        #expect(database.mimeTypes(forFileName: "Makefile").first == "text/x-makefile")
        #expect(
            database.mimeTypes(forFileName: "/src/project/GNUmakefile").first == "text/x-makefile"
        )
        #expect(database.mimeTypes(forFileName: "foo.C").first == "text/x-c++src")
        #expect(database.mimeTypes(forFileName: "foo.c").first == "text/x-csrc")
        #expect(database.mimeTypes(forFileName: "libfoo.so.1").first == "application/x-sharedlib")
        // A suffix match beats the glob list: a gzipped library is gzip.
        #expect(database.mimeTypes(forFileName: "libz.so.1.gz") == ["application/gzip"])
        #expect(database.mimeTypes(forFileName: "README").first == "text/x-readme")
        #expect(database.mimeTypes(forFileName: "README.md") == ["text/markdown"])
        #expect(database.mimeTypes(forFileName: "").isEmpty)
        #expect(database.mimeTypes(forFileName: "no-glob-matches-this-name").isEmpty)
    }

    /// The text files `update-mime-database` writes beside the cache are an independent
    /// account of the same data: every alias, parent and simple glob they list must be found.
    @Test(
        "agrees with the aliases, subclasses and globs2 files beside the cache"
    )
    func agreesWithTextFiles() throws {
        let folder = MIMEFixtures.systemMIMEFolder
        let aliases = try String(contentsOfFile: folder + "/aliases", encoding: .utf8)
        var aliasCount = 0
        for line in aliases.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2 else { continue }
            aliasCount += 1
            #expect(database.canonicalMIMEType(for: String(fields[0])) == String(fields[1]))
        }
        #expect(aliasCount > 100)

        let subclasses = try String(contentsOfFile: folder + "/subclasses", encoding: .utf8)
        for line in subclasses.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2 else { continue }
            #expect(database.parents(of: String(fields[0])).contains(String(fields[1])))
        }

        let globs = try String(contentsOfFile: folder + "/globs2", encoding: .utf8)
        let entries = globs.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
            line -> (type: String, pattern: String, caseSensitive: Bool)? in
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count >= 3 else { return nil }
            return (
                String(fields[1]), String(fields[2]), fields.count > 3 && fields[3].contains("cs")
            )
        }
        // globs2 repeats each case-sensitive glob without the flag, for old readers.
        let caseSensitivePatterns = Set(entries.filter(\.caseSensitive).map(\.pattern))
        var simpleCount = 0
        for (listedType, pattern, flagged) in entries {
            // globs2 may name an alias (`*.doc` for application/vnd.ms-word); answers are canonical.
            let type = try #require(database.canonicalMIMEType(for: listedType), "\(listedType)")
            let caseSensitive = flagged || caseSensitivePatterns.contains(pattern)
            #expect(database.allMIMETypes.contains(type))
            let wildcards: Set<Character> = ["*", "?", "["]
            if pattern.hasPrefix("*."), !pattern.dropFirst().contains(where: wildcards.contains) {
                simpleCount += 1
                let ext = String(pattern.dropFirst(2))
                #expect(database.mimeTypes(forExtension: ext).contains(type), "\(pattern)")
                let listed = caseSensitive ? ext : ext.lowercased()
                #expect(database.filenameExtensions(of: type).contains(listed), "\(pattern)")
            } else if !pattern.contains(where: wildcards.contains) {
                #expect(database.mimeTypes(forFileName: pattern).contains(type), "\(pattern)")
            }
        }
        #expect(simpleCount > 500)

        // `types` lists every canonical type; the cache knows those that any of its lists
        // name (a type with no glob, magic, parent, alias or icon is not in it at all).
        let listed = try String(contentsOfFile: folder + "/types", encoding: .utf8)
        let listedTypes = Set(listed.split(separator: "\n").map(String.init))
        let known = database.allMIMETypes
        #expect(Set(known).isSubset(of: listedTypes), "\(Set(known).subtracting(listedTypes))")
        #expect(known.count * 10 >= listedTypes.count * 9, "\(known.count) of \(listedTypes.count)")
        #expect(known == known.sorted())
    }
}

/// The setup of every suite that reads `Fixtures/mime` compiled into a cache: a fresh
/// folder, the cache in it, the database over it, and the folder removed at the end.
class CompiledFixtureSuite {
    let root: URL
    let cachePath: String
    let database: SystemMIMEDatabase

    init() throws {
        root = try MIMEFixtures.temporaryFolder()
        cachePath = try MIMEFixtures.compileFixture(root: root)
        database = try SystemMIMEDatabase(cachePaths: [cachePath])
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }
}

@Suite(
    "SystemMIMEDatabase against a cache compiled from Fixtures/mime",
    .enabled(
        if: MIMEFixtures.hasUpdateTool,
        "update-mime-database (shared-mime-info) is not installed"
    )
)
final class FixtureMIMECacheTests: CompiledFixtureSuite {

    @Test("aliases resolve, in any case, and unknown names do not")
    func aliases() {
        #expect(
            database.canonicalMIMEType(for: "text/x-mediatype-qmlx-old") == "text/x-mediatype-qmlx"
        )
        #expect(
            database.canonicalMIMEType(for: "application/x-mediatype-qmlx")
                == "text/x-mediatype-qmlx"
        )
        #expect(
            database.canonicalMIMEType(for: "TEXT/X-MediaType-QMLX-old") == "text/x-mediatype-qmlx"
        )
        #expect(database.canonicalMIMEType(for: "text/x-mediatype-qmlx") == "text/x-mediatype-qmlx")
        #expect(
            database.canonicalMIMEType(for: "text/x-mediatype-lower") == "text/x-mediatype-lower"
        )
        #expect(database.canonicalMIMEType(for: "text/x-mediatype-nothing") == nil)
        #expect(database.canonicalMIMEType(for: "") == nil)
        #expect(database.canonicalMIMEType(for: "text/x-mediatype-qmlx\0") == nil)
    }

    @Test("sub-class-of chain leads to text/plain")
    func parents() {
        #expect(database.parents(of: "text/x-mediatype-qmlx") == ["text/x-mediatype-base"])
        #expect(database.parents(of: "text/x-mediatype-qmlx-old") == ["text/x-mediatype-base"])
        #expect(database.parents(of: "text/x-mediatype-base") == ["text/plain"])
        #expect(
            ancestors(of: "text/x-mediatype-qmlx", in: database) == [
                "text/x-mediatype-base", "text/plain",
            ]
        )
        #expect(
            database.parents(of: "application/x-mediatype-tar-foo") == [
                "application/x-mediatype-foo"
            ]
        )
        #expect(database.parents(of: "text/x-mediatype-lower").isEmpty)
        #expect(database.parents(of: "text/x-nothing").isEmpty)
    }

    @Test("simple, multi-part, literal and glob-list patterns")
    func fileNames() {
        #expect(database.mimeTypes(forFileName: "view.qmlx") == ["text/x-mediatype-qmlx"])
        #expect(database.mimeTypes(forFileName: "VIEW.QMLX") == ["text/x-mediatype-qmlx"])
        #expect(database.mimeTypes(forFileName: ".qmlx") == ["text/x-mediatype-qmlx"])
        #expect(database.mimeTypes(forFileName: "viewqmlx").isEmpty)
        #expect(database.mimeTypes(forFileName: "a.tar.foo") == ["application/x-mediatype-tar-foo"])
        #expect(database.mimeTypes(forFileName: "A.Tar.Foo") == ["application/x-mediatype-tar-foo"])
        #expect(database.mimeTypes(forFileName: "a.bar.foo") == ["application/x-mediatype-foo"])
        #expect(database.mimeTypes(forFileName: "a.foo") == ["application/x-mediatype-foo"])
        #expect(database.mimeTypes(forFileName: "Makefile.test") == ["text/x-mediatype-makefile"])
        #expect(database.mimeTypes(forFileName: "MAKEFILE.TEST") == ["text/x-mediatype-makefile"])
        #expect(
            database.mimeTypes(forFileName: "src/Makefile.test") == ["text/x-mediatype-makefile"]
        )
        #expect(database.mimeTypes(forFileName: "Makefile.tests").isEmpty)
        #expect(database.mimeTypes(forFileName: "xMakefile.test").isEmpty)
        #expect(
            database.mimeTypes(forFileName: "mtbuild-42.rules") == ["text/x-mediatype-makefile"]
        )
        #expect(
            database.mimeTypes(forFileName: "MTBUILD-07.RULES") == ["text/x-mediatype-makefile"]
        )
        #expect(database.mimeTypes(forFileName: "mtbuild-4.rules").isEmpty)
        #expect(database.mimeTypes(forFileName: "dir/").isEmpty)
    }

    @Test("a case-sensitive glob matches only its own case")
    func caseSensitive() {
        #expect(database.mimeTypes(forFileName: "a.MTU") == ["text/x-mediatype-upper"])
        #expect(database.mimeTypes(forFileName: "a.mtu") == ["text/x-mediatype-lower"])
        #expect(database.mimeTypes(forFileName: "a.Mtu") == ["text/x-mediatype-lower"])
        #expect(database.mimeTypes(forExtension: "mtu") == ["text/x-mediatype-lower"])
        #expect(
            database.mimeTypes(forExtension: "MTU") == [
                "text/x-mediatype-upper", "text/x-mediatype-lower",
            ]
        )
        #expect(database.filenameExtensions(of: "text/x-mediatype-upper") == ["MTU"])
        #expect(database.filenameExtensions(of: "text/x-mediatype-lower") == ["mtu"])
    }

    @Test("higher weight first")
    func weights() {
        let both = ["application/x-mediatype-heavy", "application/x-mediatype-light"]
        #expect(database.mimeTypes(forExtension: "mtw") == both)
        #expect(database.mimeTypes(forExtension: "MTW") == both)
        #expect(database.mimeTypes(forFileName: "data.mtw") == both)
        #expect(
            database.filenameExtensions(of: "application/x-mediatype-light") == [
                "mtlight", "mtl", "mtw",
            ]
        )
        #expect(
            database.filenameExtensions(of: "application/x-mediatype-heavy") == ["mtw", "mtheavy"]
        )
        #expect(database.filenameExtensions(of: "application/x-mediatype-tar-foo") == ["tar.foo"])
        #expect(database.filenameExtensions(of: "text/x-mediatype-qmlx-old") == ["qmlx"])
        #expect(database.filenameExtensions(of: "text/x-mediatype-makefile").isEmpty)
        #expect(database.mimeTypes(forExtension: "tar.foo") == ["application/x-mediatype-tar-foo"])
        #expect(database.mimeTypes(forExtension: "").isEmpty)
        #expect(database.mimeTypes(forExtension: "nothing").isEmpty)
    }

    @Test("lists every canonical type, and no alias")
    func allTypes() {
        #expect(
            database.allMIMETypes == [
                "application/x-mediatype-foo",
                "application/x-mediatype-heavy",
                "application/x-mediatype-light",
                "application/x-mediatype-tar-foo",
                "text/plain",
                "text/x-mediatype-base",
                "text/x-mediatype-lower",
                "text/x-mediatype-makefile",
                "text/x-mediatype-qmlx",
                "text/x-mediatype-upper",
            ]
        )
    }

    @Test("the lazy index is built once under concurrent first use")
    func concurrentFirstUse() async throws {
        let fresh = try SystemMIMEDatabase(cachePaths: [cachePath])
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<16 {
                group.addTask { fresh.filenameExtensions(of: "application/x-mediatype-light") }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == ["mtlight", "mtl", "mtw"] })
    }

    @Test(
        "openDefault reads XDG_DATA_HOME, then XDG_DATA_DIRS, skipping what is missing or corrupt"
    )
    func openDefault() throws {
        let missing = root.appendingPathComponent("missing").path
        let home = try #require(
            SystemMIMEDatabase.openDefault(environment: [
                "XDG_DATA_HOME": root.path, "XDG_DATA_DIRS": missing,
            ])
        )
        #expect(home.cachePaths == [cachePath])
        #expect(home.mimeTypes(forExtension: "qmlx") == ["text/x-mediatype-qmlx"])

        let viaHome = SystemMIMEDatabase.openDefault(environment: [
            "HOME": root.path, "XDG_DATA_DIRS": "relative/ignored:" + root.path + "/",
        ])
        #expect(viaHome?.cachePaths == [root.path + "/mime/mime.cache"])

        #expect(
            SystemMIMEDatabase.openDefault(environment: [
                "XDG_DATA_HOME": missing, "XDG_DATA_DIRS": missing,
            ]) == nil
        )

        let corrupt = root.appendingPathComponent("corrupt")
        try FileManager.default.createDirectory(
            at: corrupt.appendingPathComponent("mime"),
            withIntermediateDirectories: true
        )
        try Data([0, 1, 0, 2, 0xFF]).write(to: corrupt.appendingPathComponent("mime/mime.cache"))
        let skipping = SystemMIMEDatabase.openDefault(environment: [
            "XDG_DATA_HOME": corrupt.path, "XDG_DATA_DIRS": root.path,
        ])
        #expect(skipping?.cachePaths == [cachePath])

        if MIMEFixtures.hasSystemCache {
            let both = SystemMIMEDatabase.openDefault(environment: [
                "XDG_DATA_HOME": root.path, "XDG_DATA_DIRS": "/usr/share:/usr/share/",
            ])
            #expect(both?.cachePaths == [cachePath, MIMEFixtures.systemCachePath])
            #expect(both?.mimeTypes(forFileName: "a.qmlx") == ["text/x-mediatype-qmlx"])
            #expect(both?.mimeTypes(forFileName: "a.tar.gz") == ["application/x-compressed-tar"])
        }
    }

    @Test("the first cache that has globs for a type overrides the later ones")
    func priority() throws {
        let overrideRoot = root.appendingPathComponent("override")
        let overridePath = try MIMEFixtures.compileCache(
            packages: [
                (
                    "override.xml",
                    MIMEFixtures.package(
                        """
                        <mime-type type="text/x-mediatype-qmlx">
                          <sub-class-of type="text/x-mediatype-other"/>
                          <glob pattern="*.qmly"/>
                        </mime-type>
                        <mime-type type="text/x-mediatype-other"><glob pattern="*.mtother"/></mime-type>
                        """
                    )
                )
            ],
            root: overrideRoot
        )
        let first = try SystemMIMEDatabase(cachePaths: [overridePath, cachePath])
        #expect(first.cachePaths == [overridePath, cachePath])
        #expect(first.mimeTypes(forExtension: "qmly") == ["text/x-mediatype-qmlx"])
        #expect(first.mimeTypes(forExtension: "qmlx").isEmpty)
        #expect(first.mimeTypes(forFileName: "a.qmlx").isEmpty)
        #expect(first.mimeTypes(forFileName: "a.qmly") == ["text/x-mediatype-qmlx"])
        #expect(first.filenameExtensions(of: "text/x-mediatype-qmlx") == ["qmly"])
        #expect(first.parents(of: "text/x-mediatype-qmlx") == ["text/x-mediatype-other"])
        // What the first cache does not say still comes from the second.
        #expect(first.mimeTypes(forExtension: "mtbase") == ["text/x-mediatype-base"])
        #expect(first.mimeTypes(forExtension: "mtother") == ["text/x-mediatype-other"])
        #expect(
            first.canonicalMIMEType(for: "text/x-mediatype-qmlx-old") == "text/x-mediatype-qmlx"
        )
        #expect(first.allMIMETypes.contains("text/x-mediatype-other"))
        #expect(first.allMIMETypes.contains("application/x-mediatype-heavy"))

        let last = try SystemMIMEDatabase(cachePaths: [cachePath, overridePath])
        #expect(last.mimeTypes(forExtension: "qmlx") == ["text/x-mediatype-qmlx"])
        #expect(last.mimeTypes(forExtension: "qmly").isEmpty)
        #expect(last.filenameExtensions(of: "text/x-mediatype-qmlx") == ["qmlx"])
        #expect(last.parents(of: "text/x-mediatype-qmlx") == ["text/x-mediatype-base"])
    }
}

@Suite("SystemMIMEDatabase refuses broken caches")
final class BrokenMIMECacheTests {
    let folder: URL

    init() throws {
        folder = try MIMEFixtures.temporaryFolder()
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ bytes: [UInt8], name: String = "mime.cache") throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func refusal(_ paths: [String]) -> MIMEDatabaseError? {
        do {
            _ = try SystemMIMEDatabase(cachePaths: paths)
            return nil
        } catch {
            return error
        }
    }

    @Test("missing files, folders, short files and other versions are refused with the path")
    func refusals() throws {
        let missing = folder.appendingPathComponent("missing.cache").path
        let error = try #require(refusal([missing]))
        #expect(error.path == missing)
        #expect(error.description.hasPrefix(missing + ": "))
        #expect(error.reason.contains("No such file"))
        #expect(refusal([folder.path])?.reason == "not a regular file")
        for size in [0, 1, 4, 39] {
            let path = try write([UInt8](repeating: 0, count: size), name: "short-\(size)")
            #expect(refusal([path])?.reason.hasPrefix("truncated") == true, "size \(size)")
        }
        var header = [UInt8](repeating: 0, count: 64)
        header[1] = 2  // version 2.0
        #expect(refusal([try write(header, name: "v2")])?.reason.contains("version") == true)
        header[1] = 1
        header[3] = 2  // version 1.2
        #expect(refusal([try write(header, name: "zeros")])?.reason.contains("alias list") == true)
        for field in 0..<9 { header[7 + 4 * field] = 40 }  // every list empty, at byte 40
        let empty = try SystemMIMEDatabase(cachePaths: [try write(header, name: "empty")])
        #expect(empty.allMIMETypes.isEmpty)
        #expect(empty.mimeTypes(forFileName: "a.txt").isEmpty)
        header[7] = 200  // alias list offset 200, past the end
        #expect(refusal([try write(header, name: "far")])?.reason.contains("alias list") == true)
        // A good file after a bad one does not rescue it: the bad one is named.
        #expect(
            refusal([try write(header, name: "far2"), missing])?.path.hasSuffix("far2") == true
        )
        #expect(try SystemMIMEDatabase(cachePaths: []).allMIMETypes.isEmpty)
    }

    /// Opens `bytes` as a cache and, when it opens, runs every lookup on it.
    ///
    /// Returns whether it opened. Any crash or out-of-bounds read ends the test process, which is the failure.
    private func openAndExercise(_ bytes: [UInt8], name: String) throws -> Bool {
        let path = try write(bytes, name: name)
        let database: SystemMIMEDatabase
        do {
            database = try SystemMIMEDatabase(cachePaths: [path])
        } catch {
            #expect(error.path == path)
            #expect(!error.reason.isEmpty)
            return false
        }
        let names = [
            "Makefile", "makefile.test", "MAKEFILE.TEST", "a.tar.gz", "a.TAR.GZ", "x.qmlx",
            "x.tar.foo",
            "a.MTU", "a.mtu", "data.mtw", "mtbuild-12.rules", "libc.so.6", "README", "foo.C",
            "a.service",
            "photo.jpeg", ".hidden", "no-extension", "ünïcödé.ÄBC",
            String(repeating: "x.", count: 400),
        ]
        for name in names { _ = database.mimeTypes(forFileName: name) }
        for ext in ["qml", "QML", "mtw", "MTU", "tar.gz", "service", "gz", "c", "C", "ß"] {
            // The fast path reads the damaged cache as the general path does.
            #expect(
                database.mimeTypes(forExtension: ext)
                    == database.mimeTypesWithoutFastPath(forExtension: ext)
            )
        }
        let aliases = ["audio/x-flac", "text/x-mediatype-qmlx-old", "TEXT/PLAIN", "image/x-MS-bmp"]
        for alias in aliases {
            _ = database.canonicalMIMEType(for: alias)
            _ = database.parents(of: alias)
        }
        for type in database.allMIMETypes {
            _ = database.canonicalMIMEType(for: type)
            _ = database.parents(of: type)
            _ = database.filenameExtensions(of: type)
        }
        for head in Self.magicHeads {
            let matches = database.magicMatches(head)
            #expect(matches.map(\.priority) == matches.map(\.priority).sorted(by: >))
            _ = database.mimeType(
                matching: head,
                among: ["text/x-systemd-unit", "text/x-dbus-service", "text/x-mediatype-base"]
            )
        }
        #expect((0...(1 << 20)).contains(database.magicExtent))
        return true
    }

    /// Heads that the system's and the fixture's magic rules match, and some they do not.
    private static let magicHeads: [[UInt8]] = [
        [],
        Array("[Unit]\nDescription=x\n[Service]\n".utf8),
        Array("[D-BUS Service]\nName=org.example\n".utf8),
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13],
        Array("%PDF-1.7\n".utf8),
        Array("MTBASE\nimport MT MTFOO...TAR".utf8),
        Array("MTHVVHTM".utf8) + [0x12, 0x12],
        [UInt8](repeating: 0x47, count: 4096),
        (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) },
    ]

    private func sourceCaches() throws -> [(label: String, bytes: [UInt8])] {
        var sources: [(String, [UInt8])] = []
        if MIMEFixtures.hasUpdateTool {
            let path = try MIMEFixtures.compileFixture(
                root: folder.appendingPathComponent("fixture")
            )
            sources.append(("fixture", [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        }
        if MIMEFixtures.hasSystemCache {
            let data = try Data(contentsOf: URL(fileURLWithPath: MIMEFixtures.systemCachePath))
            sources.append(("system", [UInt8](data)))
        }
        return sources
    }

    @Test(
        "truncated caches are refused or answer without crashing",
        .enabled(
            if: MIMEFixtures.hasSystemCache || MIMEFixtures.hasUpdateTool,
            "neither a system mime.cache nor update-mime-database to compile one"
        )
    )
    func truncated() throws {
        for (label, bytes) in try sourceCaches() {
            var sizes = Array(stride(from: 0, to: bytes.count, by: 97))
            sizes += [
                1, 2, 3, 4, 8, 16, 39, 40, 41, 44, 48, 64, 100, 128, 256, 512, bytes.count - 1,
            ]
            var opened = 0
            var refused = 0
            for size in sizes where size < bytes.count {
                if try openAndExercise(Array(bytes[..<size]), name: "\(label)-cut") {
                    opened += 1
                } else {
                    refused += 1
                }
            }
            // A truncated copy loses the end of its last list, so most must be refused.
            #expect(refused > 0, "\(label)")
            #expect(try openAndExercise(bytes, name: "\(label)-whole"), "\(label)")
        }
    }

    @Test(
        "bit-flipped caches are refused or answer without crashing",
        .enabled(
            if: MIMEFixtures.hasSystemCache || MIMEFixtures.hasUpdateTool,
            "neither a system mime.cache nor update-mime-database to compile one"
        )
    )
    func bitFlipped() throws {
        var random = SplitMix64(seed: 0x6D69_6D65_6361_6368)
        for (label, bytes) in try sourceCaches() {
            // The lists and the suffix tree follow the type-name strings; the lowest offset in
            // the header is where they start.
            let offsets = (0..<9).map { field in
                (0..<4).reduce(0) { $0 << 8 | Int(bytes[4 + 4 * field + $1]) }
            }
            let structure = try #require(offsets.min())
            var opened = 0
            var refused = 0
            // The system cache is large and slow to exercise in a debug build: fewer copies.
            let copies = bytes.count > 65536 ? 100 : 300
            for copy in 0..<copies {
                var flipped = bytes
                for _ in 0..<(1 + copy % 8) {
                    // A third of the flips hit the header, the rest the lists and the tree.
                    let position =
                        copy % 3 == 0
                        ? Int(random.next() % 40)
                        : structure + Int(random.next() % UInt64(bytes.count - structure))
                    flipped[position] ^= UInt8(1) << (random.next() % 8)
                }
                if try openAndExercise(flipped, name: "\(label)-flip") {
                    opened += 1
                } else {
                    refused += 1
                }
            }
            #expect(opened > 0, "\(label): every flipped copy was refused")
            #expect(refused > 0, "\(label): no flipped copy was refused")
        }
    }
}
