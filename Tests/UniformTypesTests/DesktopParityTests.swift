import Foundation
import TestSupport
import Testing
import UniformTypes

/// A database compiled by `update-mime-database` from a package written here, with what the
/// system's database lacks: listed `<icon>`s, comments in several languages, entities.
private enum DesktopFixture {
    static let xml = MIMEFixtures.package(
        """
        <mime-type type="application/x-mediatype-fixture">
          <comment>Mediatype fixture &amp; &lt;sample&gt; &#x2014; one</comment>
          <comment xml:lang="de">Mediatype-Testdatei</comment>
          <comment xml:lang="pt_BR">Arquivo de teste</comment>
          <comment xml:lang="pt">Ficheiro de teste</comment>
          <comment xml:lang="sr@latin">Probna datoteka</comment>
          <icon name="mediatype-fixture"/>
          <generic-icon name="x-office-document"/>
          <glob pattern="*.mtfix"/>
        </mime-type>
        <mime-type type="image/x-mediatype-plain">
          <comment>Plain fixture image</comment>
          <glob pattern="*.mtimg"/>
        </mime-type>
        """
    )

    /// Compiles the package under a fresh folder.
    ///
    /// Returns the data folder (holding `mime/`) and the cache's path. The package is named
    /// as the system's, so that the fallback finds it.
    static func compile() throws -> (root: URL, cache: String) {
        let root = try MIMEFixtures.temporaryFolder()
        let cache = try MIMEFixtures.compileCache(
            packages: [("freedesktop.org.xml", xml)],
            root: root
        )
        return (root, cache)
    }

    /// The built-in registry over the fixture database alone.
    static func registry(cache: String) throws -> TypeRegistry {
        TypeRegistry.builtinOnly.replacingMIMEDatabase(
            try SystemMIMEDatabase(cachePaths: [cache])
        )
    }
}

/// What `gio info` says of a file: its content type and the non-symbolic icon names of
/// `standard::icon` (the first half; the second repeats them with `-symbolic`).
private func gioIcons(
    of path: String,
    environment: [String] = []
) throws -> (contentType: String, icons: [String]) {
    let arguments =
        environment + [gioPath, "info", "-a", "standard::icon,standard::content-type", path]
    let text = try runProgram("/usr/bin/env", arguments).output
    var contentType: String?
    var icons: [String] = []
    for line in text.split(separator: "\n") {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("standard::content-type: ") {
            contentType = String(trimmed.dropFirst("standard::content-type: ".count))
        } else if trimmed.hasPrefix("standard::icon: ") {
            let names = trimmed.dropFirst("standard::icon: ".count)
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            icons = Array(names.prefix(names.count / 2))
        }
    }
    guard let contentType, !icons.isEmpty else {
        throw FixtureError(message: "no icon from gio for \(path): \(text)")
    }
    return (contentType, icons)
}

@Suite struct DesktopIconTests {
    @Test(
        "icon names match gio's for every fixture, read from the same system database",
        .enabled(if: hasGIO, "gio is absent (Debian: libglib2.0-bin)"),
        .enabled(if: MIMEFixtures.hasSystemCache, "no system MIME database")
    )
    func iconsMatchGIOOnTheFixtures() throws {
        let registry = TypeRegistry.builtin
        let database = try #require(registry.mimeDatabase)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixturesFolder.path)
        var compared = 0
        var comparedThroughTypes = 0
        for name in names.sorted() {
            let path = fixturePath(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
                !isFolder.boolValue
            else { continue }
            let gio = try gioIcons(of: path)
            #expect(database.iconNames(of: gio.contentType) == gio.icons, "\(name)")
            compared += 1
            // Through UTType, where the type's desktop MIME type is gio's content type.
            let type = try #require(
                registry.type(tag: gio.contentType, tagClass: .mimeType, conformingTo: nil)
            )
            if type.desktopMIMEType == gio.contentType {
                #expect(type.iconNames == gio.icons, "\(name): \(type.identifier)")
                #expect(type.iconName == gio.icons.first, "\(name)")
                #expect(type.genericIconName == gio.icons.last, "\(name)")
                comparedThroughTypes += 1
            }
        }
        #expect(compared >= 40)
        #expect(comparedThroughTypes >= 30)
    }

    @Test("listed and generic icons of a compiled fixture database, and gio on it")
    func iconsOfAFixtureDatabase() throws {
        let (root, cache) = try DesktopFixture.compile()
        defer { try? FileManager.default.removeItem(at: root) }
        let registry = try DesktopFixture.registry(cache: cache)
        let fixture = try #require(
            registry.type(
                tag: "application/x-mediatype-fixture",
                tagClass: .mimeType,
                conformingTo: nil
            )
        )
        let expectedFixture = [
            "mediatype-fixture", "application-x-mediatype-fixture", "x-office-document",
        ]
        #expect(fixture.iconNames == expectedFixture)
        #expect(fixture.iconName == "mediatype-fixture")
        #expect(fixture.genericIconName == "x-office-document")
        let plain = try #require(
            registry.type(tag: "mtimg", tagClass: .filenameExtension, conformingTo: nil)
        )
        #expect(plain.iconNames == ["image-x-mediatype-plain", "image-x-generic"])
        // A built-in type: the names follow its MIME type; the fixture lists nothing for it.
        let jpeg = try #require(registry.type(withIdentifier: "public.jpeg"))
        #expect(jpeg.iconNames == ["image-jpeg", "image-x-generic"])
        // No MIME type, no icon.
        let movie = try #require(registry.type(withIdentifier: "public.movie"))
        #expect(movie.iconName == nil && movie.genericIconName == nil && movie.iconNames.isEmpty)
        // Without a database: GIO's fallbacks alone.
        let bare = try #require(
            TypeRegistry.builtinOnly.type(withIdentifier: "com.microsoft.word.doc")
        )
        #expect(bare.iconNames == ["application-msword", "application-x-generic"])

        // gio, reading the same database only.
        guard hasGIO else { return }
        let home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let environment = ["XDG_DATA_DIRS=\(root.path)", "XDG_DATA_HOME=\(home.path)"]
        for (file, type) in [("sample.mtfix", fixture), ("sample.mtimg", plain)] {
            let path = root.appendingPathComponent(file).path
            try Data([0x00, 0x01, 0x02, 0x03]).write(to: URL(fileURLWithPath: path))
            let gio = try gioIcons(of: path, environment: environment)
            #expect(gio.contentType == type.desktopMIMEType, "\(file)")
            #expect(gio.icons == type.iconNames, "\(file)")
        }
    }
}

@Suite struct DesktopDescriptionTests {
    @Test func languageNamesFollowGLib() {
        func names(_ environment: [String: String]) -> [String] {
            SystemMIMEDatabase.languageNames { environment[$0] }
        }
        // GLib takes "C" when nothing is set, and ends every list with "C" as well.
        #expect(names([:]) == ["C", "C"])
        #expect(names(["LANG": "C.UTF-8"]) == ["C.UTF-8", "C", "C"])
        #expect(names(["LANG": "de_DE.UTF-8"]) == ["de_DE.UTF-8", "de_DE", "de.UTF-8", "de", "C"])
        #expect(
            names(["LANG": "sr_RS.UTF-8@latin"]) == [
                "sr_RS.UTF-8@latin", "sr_RS@latin", "sr.UTF-8@latin", "sr@latin", "sr_RS.UTF-8",
                "sr_RS", "sr.UTF-8", "sr", "C",
            ]
        )
        // LANGUAGE first (a list), then LC_ALL, LC_MESSAGES, LANG; empty values are unset.
        let all = ["LANGUAGE": "pt_BR:de", "LC_ALL": "fr_FR", "LC_MESSAGES": "it", "LANG": "es"]
        #expect(names(all) == ["pt_BR", "pt", "de", "C"])
        var rest = all
        rest["LANGUAGE"] = ""
        #expect(names(rest) == ["fr_FR", "fr", "C"])
        rest["LC_ALL"] = nil
        #expect(names(rest) == ["it", "C"])
        rest["LC_MESSAGES"] = nil
        #expect(names(rest) == ["es", "C"])
    }

    @Test func descriptionsOfAFixtureDatabase() throws {
        let (root, cache) = try DesktopFixture.compile()
        defer { try? FileManager.default.removeItem(at: root) }
        let registry = try DesktopFixture.registry(cache: cache)
        let type = try #require(
            registry.type(tag: "mtfix", tagClass: .filenameExtension, conformingTo: nil)
        )
        let english = "Mediatype fixture & <sample> \u{2014} one"
        #expect(type.systemLocalizedDescription(languages: []) == english)
        #expect(type.systemLocalizedDescription(languages: ["C"]) == english)
        #expect(type.systemLocalizedDescription(languages: ["de"]) == "Mediatype-Testdatei")
        #expect(type.systemLocalizedDescription(languages: ["pt_BR", "pt"]) == "Arquivo de teste")
        #expect(type.systemLocalizedDescription(languages: ["pt_PT", "pt"]) == "Ficheiro de teste")
        #expect(type.systemLocalizedDescription(languages: ["ja", "de"]) == "Mediatype-Testdatei")
        #expect(type.systemLocalizedDescription(languages: ["ja"]) == english)
        let serbian = SystemMIMEDatabase.languageNames { $0 == "LANG" ? "sr_RS.UTF-8@latin" : nil }
        #expect(type.systemLocalizedDescription(languages: serbian) == "Probna datoteka")
        // A type with no MIME type has none; neither has a type the database lacks.
        #expect(
            try #require(registry.type(withIdentifier: "public.movie")).systemLocalizedDescription(
                languages: ["C"]) == nil
        )
        #expect(
            try #require(registry.type(withIdentifier: "public.jpeg")).systemLocalizedDescription(
                languages: ["C"]) == nil
        )

        // Without the per-type file the package is read; a per-type file over 1 MiB is not
        // read at all. A fresh database: answers are remembered per database.
        let typeFile = root.appendingPathComponent("mime/application/x-mediatype-fixture.xml")
        let huge =
            "<mime-type><comment>too big</comment>"
            + String(repeating: " ", count: 1 << 20) + "</mime-type>"
        try huge.write(to: typeFile, atomically: false, encoding: .utf8)
        let reread = try DesktopFixture.registry(cache: cache)
        let again = try #require(
            reread.type(tag: "mtfix", tagClass: .filenameExtension, conformingTo: nil)
        )
        #expect(again.systemLocalizedDescription(languages: ["de"]) == "Mediatype-Testdatei")
        try FileManager.default.removeItem(at: typeFile)
        let third = try DesktopFixture.registry(cache: cache)
        let fromPackage = try #require(
            third.type(tag: "mtfix", tagClass: .filenameExtension, conformingTo: nil)
        )
        #expect(fromPackage.systemLocalizedDescription(languages: ["pt"]) == "Ficheiro de teste")
        #expect(fromPackage.systemLocalizedDescription(languages: []) == english)
    }

    /// The comment Python's XML parser finds in a per-type file for a language list (the
    /// first language with a comment, then the untranslated one): an independent reading of
    /// the same file.
    private static func pythonComment(file: String, languages: [String]) throws -> String {
        let script = """
            import sys, xml.etree.ElementTree as ET
            ns = '{http://www.freedesktop.org/standards/shared-mime-info}'
            lang = '{http://www.w3.org/XML/1998/namespace}lang'
            found = {}
            for c in ET.parse(sys.argv[1]).getroot().findall(ns + 'comment'):
                found[c.get(lang, 'C')] = c.text or ''
            for l in [x for x in sys.argv[2].split(':') if x] + ['C']:
                if l in found:
                    sys.stdout.write(found[l])
                    break
            """
        return try runProgram(
            "/usr/bin/env",
            ["python3", "-c", script, file, languages.joined(separator: ":")]
        ).output
    }

    @Test(
        "descriptions match Python's reading of the system's per-type XML files",
        .enabled(if: MIMEFixtures.hasSystemCache, "no system MIME database")
    )
    func descriptionsMatchAnIndependentReading() throws {
        let registry = TypeRegistry.builtin
        let database = try #require(registry.mimeDatabase)
        let mimeTypes = [
            "video/mp4", "image/jpeg", "application/pdf", "text/plain", "audio/ogg",
            "application/zip",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "application/x-sqlite3", "text/x-python3",
        ]
        let languageLists = [
            ["C"], ["de"], ["pt_BR", "pt"], ["fr_CA", "fr"], ["zz"], ["sr@latin", "sr"],
        ]
        var compared = 0
        for mimeType in mimeTypes {
            guard let canonical = database.canonicalMIMEType(for: mimeType) else { continue }
            let file = "\(MIMEFixtures.systemMIMEFolder)/\(canonical).xml"
            guard FileManager.default.fileExists(atPath: file) else { continue }
            let type = try #require(
                registry.type(tag: canonical, tagClass: .mimeType, conformingTo: nil)
            )
            for languages in languageLists {
                let expected = try Self.pythonComment(file: file, languages: languages)
                #expect(
                    database.description(of: canonical, languages: languages + ["C"]) == expected,
                    "\(canonical) \(languages)"
                )
                if type.desktopMIMEType == canonical {
                    #expect(
                        type.systemLocalizedDescription(languages: languages) == expected,
                        "\(type.identifier) \(languages)"
                    )
                }
                compared += 1
            }
        }
        #expect(compared >= 40)
    }
}

/// The family a database type with no telling top level and no parent takes from its
/// generic icon.
@Suite(
    "families from the database's generic icons",
    .enabled(if: MIMEFixtures.hasUpdateTool, "update-mime-database is not installed")
)
struct GenericIconFamilyTests {
    static let xml = MIMEFixtures.package(
        """
        <mime-type type="application/x-mediatype-font">
          <generic-icon name="font-x-generic"/>
        </mime-type>
        <mime-type type="application/x-mediatype-rom">
          <generic-icon name="application-x-executable"/>
        </mime-type>
        <mime-type type="application/x-mediatype-sheet">
          <generic-icon name="x-office-spreadsheet"/>
        </mime-type>
        <mime-type type="application/x-mediatype-clip">
          <generic-icon name="video-x-generic"/>
        </mime-type>
        <mime-type type="application/x-mediatype-signed">
          <generic-icon name="text-x-generic"/>
        </mime-type>
        <mime-type type="application/x-mediatype-book">
          <sub-class-of type="application/zip"/>
          <generic-icon name="x-office-document"/>
        </mime-type>
        <mime-type type="text/x-mediatype-listing">
          <generic-icon name="package-x-generic"/>
        </mime-type>
        """
    )

    @Test("an icon names the family only where nothing else does")
    func familiesFromIcons() throws {
        let root = try MIMEFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = try MIMEFixtures.compileCache(packages: [("fixture.xml", Self.xml)], root: root)
        let registry = TypeRegistry.builtinOnly.replacingMIMEDatabase(
            try SystemMIMEDatabase(cachePaths: [cache])
        )
        func type(_ mime: String) throws -> UTType {
            try #require(registry.type(tag: mime, tagClass: .mimeType, conformingTo: nil))
        }
        let expected: [(String, UTType)] = [
            ("application/x-mediatype-font", .font),
            ("application/x-mediatype-rom", .executable),
            ("application/x-mediatype-sheet", .spreadsheet),
        ]
        for (mime, family) in expected {
            let found = try type(mime)
            #expect(found.isDynamic && found.conforms(to: family), "\(mime)")
            #expect(!found.conforms(to: .text), "\(mime)")
        }
        // A text or media icon says nothing; a parent decides over the icon; so does a top
        // level.
        let clip = try type("application/x-mediatype-clip")
        #expect(clip.supertypes == [.item, .data])
        let signed = try type("application/x-mediatype-signed")
        #expect(signed.supertypes == [.item, .data])
        let book = try type("application/x-mediatype-book")
        #expect(book.conforms(to: .zip) && !book.conforms(to: .compositeContent))
        let listing = try type("text/x-mediatype-listing")
        #expect(listing.conforms(to: .text) && !listing.conforms(to: .archive))
    }
}
