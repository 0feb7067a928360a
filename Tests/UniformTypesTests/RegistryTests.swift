import Testing
import UniformTypes

@Suite struct RegistryTests {
    @Test func explicitRegistriesValidateTheirDeclarations() throws {
        let base = [
            TypeDeclaration(identifier: "public.item"),
            TypeDeclaration(identifier: "public.data", conformsTo: ["public.item"]),
        ]
        let registry = try TypeRegistry(
            declarations: base + [
                TypeDeclaration(
                    identifier: "com.example.thing",
                    conformsTo: ["public.data"],
                    filenameExtensions: ["thing"],
                    mimeTypes: ["application/x-thing"]
                )
            ]
        )
        let thing = try #require(registry.type(withIdentifier: "com.example.thing"))
        #expect(thing.conforms(to: try #require(registry.type(withIdentifier: "public.item"))))

        #expect(throws: TypeDeclarationError.self) {
            try TypeRegistry(
                declarations: base + [
                    TypeDeclaration(identifier: "com.example.a", conformsTo: ["com.example.b"]),
                    TypeDeclaration(identifier: "com.example.b", conformsTo: ["com.example.a"]),
                ]
            )
        }
        for bad in ["", "has space", "slash/type", "dyn.abc", "trailing.", "double..dot"] {
            #expect(throws: TypeDeclarationError.self, "\(bad)") {
                try TypeRegistry(declarations: base + [TypeDeclaration(identifier: bad)])
            }
        }
        #expect(throws: TypeDeclarationError.self) {
            try TypeRegistry(declarations: base + [TypeDeclaration(identifier: "public.data")])
        }
        #expect(throws: TypeDeclarationError.self) {
            try TypeRegistry(
                declarations: base + [
                    TypeDeclaration(identifier: "com.example.x", conformsTo: ["com.example.none"])
                ]
            )
        }
    }

    @Test func cycleErrorNamesTheLoop() {
        do {
            _ = try TypeRegistry(
                declarations: [
                    TypeDeclaration(identifier: "com.example.a", conformsTo: ["com.example.b"]),
                    TypeDeclaration(identifier: "com.example.b", conformsTo: ["com.example.a"]),
                ]
            )
            Issue.record("a cycle was accepted")
        } catch {
            guard case .cycle(let path) = error.reason else {
                Issue.record("wrong reason \(error.reason)")
                return
            }
            #expect(path.contains("com.example.a") && path.contains("com.example.b"))
        }
    }

    @Test func addingDeclarationsLeavesTheOriginalAlone() throws {
        let base = TypeRegistry.builtinOnly
        let added = try base.adding([
            TypeDeclaration(
                identifier: "com.example.widget",
                conformsTo: ["public.json"],
                filenameExtensions: ["widget"],
                source: .declarationFile("test")
            )
        ])
        let widget = try #require(
            added.type(tag: "widget", tagClass: .filenameExtension, conformingTo: nil)
        )
        #expect(widget.identifier == "com.example.widget")
        #expect(widget.conforms(to: .text))
        #expect(base.type(withIdentifier: "com.example.widget") == nil)
        #expect(throws: TypeDeclarationError.self) {
            try base.adding([
                TypeDeclaration(identifier: "com.example.loop1", conformsTo: ["com.example.loop2"]),
                TypeDeclaration(identifier: "com.example.loop2", conformsTo: ["com.example.loop1"]),
            ])
        }
    }

    @Test func deepChainsDoNotOverflowTheStack() throws {
        var declarations = [TypeDeclaration(identifier: "com.example.t0")]
        for index in 1..<12_000 {
            declarations.append(
                TypeDeclaration(
                    identifier: "com.example.t\(index)",
                    conformsTo: ["com.example.t\(index - 1)"]
                )
            )
        }
        let registry = try TypeRegistry(declarations: declarations)
        let leaf = try #require(registry.type(withIdentifier: "com.example.t11999"))
        let root = try #require(registry.type(withIdentifier: "com.example.t0"))
        #expect(leaf.conforms(to: root))
        #expect(!root.conforms(to: leaf))
    }

    @Test func nonASCIIIdentifiersAndTagsMatchInAnyCase() throws {
        // Lookups lower ASCII letters byte by byte and fall back to full lower-casing only
        // when that misses: both paths must find non-ASCII spellings.
        let registry = try TypeRegistry(declarations: [
            TypeDeclaration(
                identifier: "com.example.Été",
                filenameExtensions: ["ÉTÉ", "plain"],
                mimeTypes: ["application/x-Été"]
            )
        ])
        for spelling in [
            "com.example.Été", "com.example.été", "COM.EXAMPLE.ÉTÉ", "com.example.éTÉ",
        ] {
            #expect(
                registry.type(withIdentifier: spelling)?.identifier == "com.example.Été",
                "\(spelling)"
            )
        }
        for tag in ["été", "ÉTÉ", "Été", "PLAIN"] {
            let found = registry.type(tag: tag, tagClass: .filenameExtension, conformingTo: nil)
            #expect(found?.identifier == "com.example.Été", "\(tag)")
        }
        for tag in ["application/x-été", "APPLICATION/X-ÉTÉ"] {
            let found = registry.type(tag: tag, tagClass: .mimeType, conformingTo: nil)
            #expect(found?.identifier == "com.example.Été", "\(tag)")
        }
        #expect(registry.type(withIdentifier: "com.example.ete") == nil)
    }

    @Test func writtenTypesResolveInEachForm() {
        let registry = TypeRegistry.builtinOnly
        #expect(registry.type(written: ".MP4")?.identifier == "public.mpeg-4")
        #expect(registry.type(written: "video/mp4")?.identifier == "public.mpeg-4")
        #expect(registry.type(written: "kUTTypeMovie")?.identifier == "public.movie")
        #expect(registry.type(written: "PUBLIC.movie")?.identifier == "public.movie")
        #expect(
            registry.type(written: "dyn.ah62d4rv4ge81g6pq")?.identifier == "dyn.ah62d4rv4ge81g6pq"
        )
        for nothing in [
            "video/*", "video/", "/mp4", "a/b/c", "com.example.undeclared", "kUTTypeNothing",
            // What an allowed set refuses, too: a path-like extension, MIME parameters.
            ".a/b", "video/mp4; codecs=avc1",
        ] {
            #expect(registry.type(written: nothing) == nil, "\(nothing)")
        }
    }

    /// Other tools' spellings of a MIME type find the declared type, and a shared extension
    /// names the format people mean by it.
    @Test func otherSpellingsAndSharedExtensions() {
        let registry = TypeRegistry.builtinOnly
        for (written, identifier) in [
            // Magika's names for Go, Rust, SubRip and compiled HTML Help.
            ("text/x-golang", "org.golang.go-source"),
            ("application/x-rust", "org.rust-lang.rust-source"),
            ("text/srt", "org.subrip.srt"), ("application/chm", "com.microsoft.html-help"),
            // .srt is SubRip's; Garmin's sort table (libmagic's vocabulary) has no extension.
            (".srt", "org.subrip.srt"),
        ] {
            #expect(registry.type(written: written)?.identifier == identifier, "\(written)")
        }
    }

    @Test func registriesBeyondTheTypeLimitAreRefused() throws {
        let room = TypeRegistry.maximumTypeCount - TypeRegistry.builtinOnly.count
        let fits = (0..<room).map { TypeDeclaration(identifier: "com.example.fits\($0)") }
        let full = try TypeRegistry.builtinOnly.adding(fits)
        #expect(full.count == TypeRegistry.maximumTypeCount)
        #expect(throws: TypeDeclarationError.self) {
            try full.adding([TypeDeclaration(identifier: "com.example.one-too-many")])
        }
        do {
            _ = try full.adding([TypeDeclaration(identifier: "com.example.one-too-many")])
        } catch {
            #expect(error.entry == "com.example.one-too-many")
            #expect(error.reason == .tooLarge("more than \(TypeRegistry.maximumTypeCount) types"))
        }
    }

    @Test func rememberedAnswersStayRightPastTheTableSize() throws {
        // Undeclared tags get dynamic types, which the registry remembers in a bounded
        // table; more tags than it holds, in two orders and two supertypes, must each keep
        // getting their own type.
        let registry = TypeRegistry.builtinOnly
        let tags = (0..<5_000).map { "undeclared\($0)" }
        var first: [String: String] = [:]
        for tag in tags {
            let type = try #require(
                registry.type(tag: tag, tagClass: .filenameExtension, conformingTo: nil)
            )
            #expect(type.tags[.filenameExtension] == [tag])
            first[tag] = type.identifier
        }
        for tag in tags.reversed() + tags.prefix(100) {
            let again = registry.type(tag: tag, tagClass: .filenameExtension, conformingTo: nil)
            #expect(again?.identifier == first[tag], "\(tag)")
            let asData = registry.type(tag: tag, tagClass: .filenameExtension, conformingTo: .data)
            #expect(asData?.identifier == first[tag], "\(tag) conforming to public.data")
            // Another tag class and supertype: another remembered answer for the same tag.
            let ruledOut = registry.type(tag: tag, tagClass: .mimeType, conformingTo: .image)
            #expect(ruledOut?.conforms(to: .image) == true, "\(tag) as a MIME type")
        }
        #expect(Set(first.values).count == tags.count)
    }
}
