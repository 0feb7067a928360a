import Testing
import UniformTypes

@Suite struct UTTypeTests {
    @Test func identifiersResolveCaseInsensitively() throws {
        let movie = try #require(UTType("PUBLIC.Movie"))
        #expect(movie == .movie)
        #expect(movie.identifier == "public.movie")
        #expect(UTType("com.example.nothing-declares-this") == nil)
    }

    @Test func conformanceFollowsTheHierarchy() {
        #expect(UTType.mpeg4Movie.conforms(to: .movie))
        #expect(UTType.mpeg4Movie.conforms(to: .audiovisualContent))
        #expect(UTType.mpeg4Movie.conforms(to: .data))
        #expect(UTType.mpeg4Movie.conforms(to: .content))
        #expect(UTType.mpeg4Movie.conforms(to: .mpeg4Movie))
        #expect(!UTType.mpeg4Movie.conforms(to: .audio))
        #expect(!UTType.mpeg4Audio.conforms(to: .movie))
        #expect(UTType.jpeg.isSubtype(of: .image))
        #expect(!UTType.jpeg.isSubtype(of: .jpeg))
        #expect(UTType.image.isSupertype(of: .png))
        #expect(UTType.heic.conforms(to: .image))
    }

    @Test func supertypesAreTransitiveAndExcludeTheTypeItself() {
        let supertypes = UTType.mpeg4Movie.supertypes.map(\.identifier).sorted()
        #expect(
            supertypes == [
                "public.audiovisual-content", "public.content", "public.data", "public.item",
                "public.movie",
            ]
        )
    }

    @Test func extensionLookupPutsPublicTypesFirst() throws {
        let types = UTType.types(tag: "mp4", tagClass: .filenameExtension, conformingTo: nil)
        #expect(types.map(\.identifier).prefix(2) == ["public.mpeg-4", "public.mpeg-4-audio"])
        let audio = try #require(UTType(filenameExtension: "MP4", conformingTo: .audio))
        #expect(audio == .mpeg4Audio)
        #expect(UTType(filenameExtension: ".jpg") == .jpeg)
    }

    @Test func mimeLookupIsCaseInsensitiveAndFoldsAliases() throws {
        #expect(UTType(mimeType: "VIDEO/MP4") == .mpeg4Movie)
        #expect(UTType(mimeType: "image/jpeg; charset=binary") == .jpeg)
        let wav = try #require(UTType(mimeType: "audio/x-wav"))
        #expect(wav == .wav)
        #expect(
            wav.tags[.mimeType] == ["audio/vnd.wave", "audio/wav", "audio/wave", "audio/x-wav"]
        )
        #expect(UTType(mimeType: "video/MP2T") == .mpeg2TransportStream)
    }

    /// Apple's table leaves some types without a MIME type; the one shown is then an alias of
    /// the type's own or its nearest ancestor's (a zsh script shows the shell scripts'
    /// `application/x-sh`, as libmagic and GIO name it a shell script), never the family's
    /// placeholder (`audio/x-unknown`).
    @Test(arguments: [
        ("com.apple.protected-mpeg-4-audio", "audio/x-m4p"),
        ("public.ulaw-audio", "audio/pcmu"),
        ("com.digidesign.sd2-audio", "audio/x-sd2"),
        ("com.apple.macpaint-image", "image/x-macpaint"),
        ("com.soundblaster.soundfont", "audio/x-soundfont"),
        ("public.avchd-mpeg-2-transport-stream", "video/mp2t"),
        ("public.zsh-script", "application/x-sh"),
        // Camera raw formats the TIFF parser tells by their Make: Tika's names.
        ("com.hasselblad.3fr-raw-image", "image/x-raw-hasselblad"),
        ("com.hasselblad.fff-raw-image", "image/x-raw-imacon"),
        ("com.leafamerica.raw-image", "image/x-raw-leaf"),
        ("com.phaseone.raw-image", "image/x-raw-phaseone"),
    ])
    func mediaTypesWithoutAMIMETypeShowTheirOwnAlias(identifier: String, shown: String) throws {
        let type = try #require(UTType(identifier))
        #expect(type.preferredMIMEType == nil)
        #expect(type.displayMIMEType == shown)
    }

    @Test func preferredTagsAreTheFirstDeclared() {
        #expect(UTType.jpeg.preferredFilenameExtension == "jpeg")
        #expect(UTType.jpeg.preferredMIMEType == "image/jpeg")
        #expect(UTType.movie.preferredMIMEType == nil)
    }

    @Test func publicAndDeclaredFlags() throws {
        #expect(UTType.png.isPublic)
        #expect(!UTType.gif.isPublic)
        #expect(UTType.png.isDeclared)
        #expect(!UTType.png.isDynamic)
    }

    @Test func unknownExtensionGivesApplesDynamicIdentifier() throws {
        // macOS gives an undeclared `.sql` the identifier dyn.ah62d4rv4ge81g6pq; the encoder
        // must agree. (The registry now declares SQL, so the lookup below uses `.vala`.)
        let appleSQL = DynamicIdentifier.encode(
            conformsTo: ["public.data"],
            tags: [DynamicIdentifier.Tag(tagClass: .filenameExtension, value: "sql")]
        )
        #expect(appleSQL == "dyn.ah62d4rv4ge81g6pq")
        let registry = TypeRegistry.builtinOnly
        let vala = try #require(
            registry.type(tag: "vala", tagClass: .filenameExtension, conformingTo: nil)
        )
        let expected = DynamicIdentifier.encode(
            conformsTo: ["public.data"],
            tags: [DynamicIdentifier.Tag(tagClass: .filenameExtension, value: "vala")]
        )
        #expect(vala.identifier == expected)
        #expect(vala.isDynamic)
        #expect(!vala.isDeclared)
        #expect(vala.preferredFilenameExtension == "vala")
        #expect(vala.conforms(to: .data))
        let decoded = try #require(registry.type(withIdentifier: "dyn.ah62d4rv4ge81g6pq"))
        #expect(decoded.isDynamic)
        #expect(decoded.tags[.filenameExtension] == ["sql"])
        #expect(try #require(registry.type(withIdentifier: expected)) == vala)
    }

    @Test func dynamicMIMETypesJoinTheirFamily() throws {
        let registry = TypeRegistry.builtinOnly
        let cases: [(String, UTType)] = [
            ("video/x-mediatype-test", .movie), ("audio/x-mediatype-test", .audio),
            ("image/x-mediatype-test", .image), ("text/x-mediatype-test", .text),
            ("font/x-mediatype-test", .font),
        ]
        for (mimeType, family) in cases {
            let type = try #require(
                registry.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
            )
            #expect(type.isDynamic)
            #expect(type.conforms(to: family), "\(mimeType)")
            #expect(type.preferredMIMEType == mimeType)
            let roundTrip = try #require(registry.type(withIdentifier: type.identifier))
            #expect(roundTrip.conforms(to: family))
        }
        let other = try #require(
            registry.type(
                tag: "application/x-mediatype-test",
                tagClass: .mimeType,
                conformingTo: nil
            )
        )
        #expect(!other.conforms(to: .content))
    }

    @Test func conformingToFiltersCandidates() {
        #expect(UTType(filenameExtension: "jpg", conformingTo: .movie)?.isDynamic == true)
        #expect(UTType(filenameExtension: "mp4", conformingTo: .movie) == .mpeg4Movie)
    }

    @Test func staticMembersAreAllDeclared() {
        let members: [UTType] = [
            .item, .data, .content, .image, .movie, .audio, .audiovisualContent, .mpeg4Movie,
            .quickTimeMovie, .jpeg, .png, .heic, .pdf, .plainText, .mpeg4Audio, .webP, .rawImage,
            .avif, .jpegxl, .geoJSON, .zip, .folder, .text, .json, .xml, .html,
        ]
        for member in members {
            #expect(member.isDeclared, "\(member.identifier)")
            #expect(!member.isDynamic, "\(member.identifier)")
        }
    }

    @Test func classicConstantsNameIdentifiers() {
        #expect(ClassicTypeConstants.identifier(forName: "kUTTypeMovie") == "public.movie")
        #expect(ClassicTypeConstants.identifier(forName: "kUTTypeImage") == "public.image")
        #expect(ClassicTypeConstants.identifier(forName: "kUTTypeNothing") == nil)
        for (name, identifier) in ClassicTypeConstants.all {
            #expect(UTType(identifier) != nil, "\(name)")
        }
    }

}
