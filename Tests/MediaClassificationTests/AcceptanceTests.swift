import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// Acceptance of types and of the real files in `Fixtures/`, by each policy.
@Suite struct AcceptanceTests {
    let classifier = Classifier()

    private func fixture(_ name: String) -> String {
        fixturePath(name)
    }

    private func decide(
        _ name: String,
        _ allowed: String,
        _ policy: AcceptancePolicy = .content
    ) throws -> AcceptanceDecision {
        try classifier.decide(
            fileAt: fixture(name),
            allowed: AllowedContentTypes(parsing: allowed),
            policy: policy
        )
    }

    private func type(_ identifier: String) throws -> UTType {
        try #require(UTType(identifier), "\(identifier) is declared")
    }

    // MARK: - Syntaxes

    @Test(arguments: [
        ("public.movie", "public.mpeg-4"),
        ("kUTTypeMovie", "public.mpeg-4"),
        ("video/mp4", "public.mpeg-4"),
        ("VIDEO/MP4", "public.mpeg-4"),
        ("video/*", "public.mpeg-4"),
        ("*/*", "public.mpeg-4"),
        (".mp4", "public.mpeg-4"),
        (".MP4", "public.mpeg-4"),
        ("image/*, .pdf", "com.adobe.pdf"),
        ("image/*,.pdf,video/mp4", "public.mpeg-4"),
        ("audio/*", "public.mpeg-4-audio"),
        ("application/*", "com.adobe.pdf"),
    ])
    func eachSyntaxAcceptsByType(entry: String, identifier: String) throws {
        let set = try AllowedContentTypes(parsing: entry)
        #expect(set.accepts(try type(identifier)))
    }

    @Test func htmlAcceptStringKeepsEachEntryAsWritten() throws {
        let set = try AllowedContentTypes(["image/*, .pdf ,video/mp4", "kUTTypeAudio"])
        #expect(set.entries.map(\.description) == ["image/*", ".pdf", "video/mp4", "kUTTypeAudio"])
        #expect(set.matchingEntry(for: .heic)?.description == "image/*")
        #expect(set.matchingEntry(for: .pdf)?.description == ".pdf")
        #expect(set.matchingEntry(for: .mpeg4Movie)?.description == "video/mp4")
        #expect(set.matchingEntry(for: .mp3)?.description == "kUTTypeAudio")
        #expect(set.matchingEntry(for: .quickTimeMovie) == nil)
    }

    // MARK: - Conformance and patterns

    @Test func movieTakesMoviesNotMPEG4Audio() throws {
        let movie = try AllowedContentTypes(parsing: "public.movie")
        for identifier in ["public.mpeg-4", "com.apple.m4v-video", "com.apple.quicktime-movie"] {
            #expect(movie.accepts(try type(identifier)), "\(identifier)")
        }
        #expect(!movie.accepts(.mpeg4Audio))
        #expect(
            movie.explanation(for: .mpeg4Audio)
                == "public.mpeg-4-audio (audio), which none of public.movie accepts"
        )
    }

    @Test(arguments: [
        "public.mpeg-4", "com.apple.m4v-video", "com.apple.quicktime-movie", "org.matroska.mkv",
        "org.webmproject.webm", "public.avi", "public.3gpp", "public.mpeg-2-transport-stream",
        "com.microsoft.windows-media-wmv", "com.adobe.flash.video", "public.mpeg",
    ])
    func videoPatternTakesEveryMovieType(identifier: String) throws {
        let video = try AllowedContentTypes(parsing: "video/*")
        let movie = try type(identifier)
        #expect(video.accepts(movie))
        #expect(!(try AllowedContentTypes(parsing: "audio/*")).accepts(movie))
        #expect(!(try AllowedContentTypes(parsing: "image/*")).accepts(movie))
    }

    @Test func audioPatternTakesAudioByFamilyNotMoviesByTheirAudioTags() throws {
        let audio = try AllowedContentTypes(parsing: "audio/*")
        #expect(audio.accepts(.mpeg4Audio))
        #expect(audio.accepts(try type("com.apple.m4a-audio")))
        #expect(audio.accepts(try type("org.matroska.mka")))
        #expect(!audio.accepts(.mpeg4Movie))
        // public.3gpp and org.webmproject.webm declare audio/3gpp and audio/webm: they are
        // movies all the same, so audio/* refuses them.
        #expect(try type("public.3gpp").tags[.mimeType]?.contains("audio/3gpp") == true)
        #expect(!audio.accepts(try type("public.3gpp")))
        #expect(!audio.accepts(try type("org.webmproject.webm")))
    }

    @Test func otherPatternsMatchByMIMETags() throws {
        let application = try AllowedContentTypes(parsing: "application/*")
        #expect(application.accepts(.pdf))
        #expect(application.accepts(.zip))
        #expect(application.accepts(.json))
        #expect(!application.accepts(.mpeg4Movie))
        #expect(!application.accepts(.jpeg))
        let explanation = application.explanation(for: .pdf)
        #expect(explanation == "com.adobe.pdf, whose MIME type application/pdf is in application/*")
    }

    @Test func anythingPatternTakesDataNotFolders() throws {
        let any = try AllowedContentTypes(parsing: "*/*")
        #expect(any.accepts(.zip))
        #expect(any.accepts(.mpeg4Movie))
        #expect(!any.accepts(.folder))
        #expect(!any.accepts(.symbolicLink))
    }

    @Test func extensionEntryTakesEveryTypeTheExtensionDeclares() throws {
        let mp4 = try AllowedContentTypes(parsing: ".mp4")
        #expect(mp4.accepts(.mpeg4Movie))
        #expect(mp4.accepts(.mpeg4Audio))
        #expect(mp4.accepts(try type("com.apple.m4v-video")))
        #expect(!mp4.accepts(.quickTimeMovie))
    }

    // MARK: - Refusals

    @Test(arguments: [
        ("", "empty entry"),
        ("  ", "empty entry"),
        ("image/*,", "empty entry in the list (a stray comma)"),
        ("image/*,,.pdf", "empty entry in the list (a stray comma)"),
        ("video/", "not a MIME type (type/subtype)"),
        ("/mp4", "not a MIME type (type/subtype)"),
        ("video/mp4/x", "not a MIME type (type/subtype)"),
        ("video/m p4", "not a MIME type (type/subtype)"),
        ("*/mp4", "'*/subtype' is not a MIME pattern"),
        ("video/mp*", "a wildcard must be the whole subtype"),
        (
            "text/plain;charset=utf-8",
            "the MIME parameter 'charset' is not allowed here; only codecs is"
        ),
        ("kUTTypeNothing", "unknown classic type constant"),
        ("notatype", "not an identifier, MIME type, pattern or .extension"),
        ("com.example.unknown", "no type has this identifier"),
        (".", "not a filename extension"),
        ("..jpg", "not a filename extension"),
        (".tar/gz", "not a filename extension"),
    ])
    func malformedEntriesAreRefusedWithTheEntryAndReason(entry: String, reason: String) {
        #expect {
            try AllowedContentTypes(parsing: entry)
        } throws: { error in
            guard let error = error as? AllowedContentTypes.ParseError else { return false }
            return error.reason == reason && error.entry == entry
        }
    }

    @Test func oneBadEntryRefusesTheWholeList() {
        #expect {
            try AllowedContentTypes(["image/*", ".pdf,kUTTypeNope,video/mp4"])
        } throws: { error in
            (error as? AllowedContentTypes.ParseError)?.entry == "kUTTypeNope"
        }
    }

    @Test func emptySetAcceptsNothing() throws {
        let empty = try AllowedContentTypes([])
        #expect(empty.isEmpty)
        #expect(!empty.accepts(.data))
        #expect(!empty.accepts(.jpeg))
        let decision = try classifier.decide(fileAt: fixture("image.jpg"), allowed: empty)
        #expect(!decision.accepted)
        #expect(decision.matchedBy == nil)
        #expect(decision.reason.contains("empty"))
    }

    // MARK: - Policies on real files

    @Test func byContentTheBytesDecide() throws {
        let jpeg = try decide("image.jpg", "image/*,.pdf")
        #expect(jpeg.accepted)
        #expect(jpeg.matchedBy == "image/*")
        #expect(jpeg.policy == .content)
        let pdf = try decide("document.pdf", "image/*,.pdf")
        #expect(pdf.accepted)
        #expect(pdf.matchedBy == ".pdf")
        let movie = try decide("clip-h264-aac.mp4", "image/*,.pdf")
        #expect(!movie.accepted)
        #expect(movie.matchedBy == nil)
        #expect(movie.reason.contains("public.mpeg-4"))
        let disguised = try decide("pdf-named.jpg", "image/*")
        #expect(!disguised.accepted)
        #expect(disguised.reason.contains("com.adobe.pdf"))
    }

    @Test(arguments: ["clip-h264-aac.mp4", "clip.mov", "video.m4v", "clip.mkv", "clip.3gp"])
    func movieFilesAreTakenByKUTTypeMovie(file: String) throws {
        let decision = try decide(file, "kUTTypeMovie")
        #expect(decision.accepted, "\(decision.reason)")
        #expect(decision.matchedBy == "kUTTypeMovie")
        #expect(try decide(file, "video/*").accepted)
    }

    @Test func audioOnlyMP4IsNotAMovie() throws {
        // Needs the structural sniffer that reads `hdlr soun`; libmagic alone says video/mp4.
        let decision = try decide("audio-isom.mp4", "public.movie")
        #expect(decision.classification.type == .mpeg4Audio)
        #expect(!decision.accepted)
        #expect(try decide("audio-isom.mp4", "audio/*").accepted)
    }

    @Test("ASF with MPEG-4 video: a movie, ASF by its MIME type; a .wmv name is taken")
    func asfVideoOfAnotherCodec() throws {
        let named = try classifier.classify(fileAt: fixture("clip.asf"))
        #expect(named.type.identifier == "com.microsoft.advanced-systems-format.video")
        #expect(named.type.displayMIMEType == "video/x-ms-asf")
        #expect(named.extensionAgrees == true)
        #expect(try decide("clip.asf", "public.movie").accepted)
        #expect(try decide("clip.asf", "video/x-ms-asf").accepted)
        #expect(try !decide("clip.asf", "video/x-ms-wmv").accepted)

        let bytes = try fixtureBytes("clip.asf")
        let asWMV = try classifier.classify(bytes: bytes, fileName: "clip.wmv")
        #expect(asWMV.type.identifier == "com.microsoft.windows-media-wmv")
        #expect(asWMV.extensionAgrees == true)
        // A name of another kind (audio, or another container) does not stand.
        for name in ["clip.wma", "clip.mp4"] {
            let other = try classifier.classify(bytes: bytes, fileName: name)
            #expect(other.type.identifier == "com.microsoft.advanced-systems-format.video")
            #expect(other.extensionAgrees == false, "\(name)")
        }
    }

    @Test func byContentANameAloneIsNotEnough() throws {
        // Bytes nothing recognises, named .mp4. MPEG-4 has a signature the bytes lack, so the
        // content stays unknown data and the name's claim disagrees with it.
        let bytes = (0..<512).map { UInt8($0 % 4) }
        let classification = try classifier.classify(bytes: bytes, fileName: "movie.mp4")
        #expect(classification.type == .data)
        #expect(classification.extensionType == .mpeg4Movie)
        #expect(classification.extensionAgrees == false)
        let movies = try AllowedContentTypes(parsing: "public.movie")
        #expect(!classifier.decide(classification, allowed: movies).accepted)
        #expect(!classifier.decide(classification, allowed: movies, policy: .both).accepted)
        let byName = classifier.decide(classification, allowed: movies, policy: .extension)
        #expect(byName.accepted)
        #expect(byName.matchedBy == "public.movie")

        // Named for a format no source has a signature for (raw Group 3 fax data, here), the
        // same bytes take the name's type, and only the name says so.
        let named = try classifier.classify(bytes: bytes, fileName: "page.g3")
        try #require(named.evidence == .name)
        #expect(named.confidence == .name)
        let images = try AllowedContentTypes(parsing: "public.image")
        let byContent = classifier.decide(named, allowed: images)
        #expect(!byContent.accepted)
        #expect(byContent.reason.contains("only the name"))
        #expect(classifier.decide(named, allowed: images, policy: .extension).accepted)
        // A kind of text is no name for bytes that are not text (CSV, here).
        let table = try classifier.classify(bytes: bytes, fileName: "table.csv")
        #expect(table.type == .data)
        #expect(table.extensionAgrees == false)
        #expect(table.detail.contains("a kind of text"), "\(table.detail)")
    }

    /// Bytes nothing recognises are not of a format the name claims when it has a signature.
    ///
    /// That includes a signature filed under an alias (Apple gives Core Audio and Canon CR2
    /// no MIME type) and a format that a parser here reads whole (no database describes
    /// SPIDER or farbfeld). Binary STL, which no
    /// signature describes (the databases' `solid` rule is ASCII STL's), still takes the name.
    @Test(arguments: [
        "com.apple.coreaudio-format", "com.canon.cr2-raw-image", "com.sgi.sgi-image",
        "edu.wadsworth.spider-image", "com.labeye.ifunc-image",
        "com.particle-systems.ftex-texture", "org.suckless.farbfeld-image",
        "org.aseprite.aseprite-image", "com.adobe.photoshop-large-image",
        "org.losslessaudio.optimfrog", "de.thbeck.tak", "com.macrosystem.maud-audio",
        "com.adobe.raw-image", "com.nikon.raw-image", "com.nikon.nrw-raw-image",
        "com.sony.arw-raw-image", "com.pentax.raw-image", "com.samsung.raw-image",
        "com.kodak.raw-image", "com.hasselblad.3fr-raw-image", "com.phaseone.raw-image",
        "com.leafamerica.raw-image", "com.leica.rwl-raw-image", "com.epson.raw-image",
        "org.jpeg.pgx-image", "mil.dod.cals-raster-image", "com.dec.sixel-image",
        "com.alias.pix-image", "uk.ac.cam.htk-waveform", "public.radiance",
    ])
    func aNameIsNoAnswerForAFormatWhoseHeaderTheBytesLack(identifier: String) throws {
        let type = try #require(UTType(identifier), "\(identifier) is not declared")
        let filenameExtension = try #require(type.preferredFilenameExtension)
        let bytes = (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let named = try classifier.classify(bytes: bytes, fileName: "x.\(filenameExtension)")
        #expect(named.type == .data, "\(identifier): \(named.type.identifier)")
        #expect(named.extensionType == type)
        #expect(named.extensionAgrees == false)
    }

    /// A format whose every file is a ZIP package or an OLE2 compound file is not what bytes
    /// that open as neither are, though no signature of its own says so (Office Open XML,
    /// Java and Android archives, Windows Installer and Outlook messages have none).
    @Test(arguments: [
        ("docx", "org.openxmlformats.wordprocessingml.document", "a ZIP package"),
        ("pptx", "org.openxmlformats.presentationml.presentation", "a ZIP package"),
        ("jar", "com.sun.java-archive", "a ZIP package"),
        ("apk", "com.android.package-archive", "a ZIP package"),
        ("msi", "com.microsoft.installer", "an OLE2 compound file"),
        ("msg", "com.microsoft.outlook.msg", "an OLE2 compound file"),
    ])
    func aContainerFormatsNameIsNoAnswerForOtherBytes(
        filenameExtension: String,
        identifier: String,
        container: String
    ) throws {
        let bytes = (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let named = try classifier.classify(bytes: bytes, fileName: "x.\(filenameExtension)")
        #expect(named.type == .data, "\(filenameExtension): \(named.type.identifier)")
        #expect(named.extensionType?.identifier == identifier)
        #expect(named.extensionAgrees == false)
        #expect(named.detail.contains(container), "\(named.detail)")
        // The container's own magic with nothing readable after it leaves the name its say.
        let magic: [UInt8] =
            container == "a ZIP package"
            ? [0x50, 0x4B, 0x03, 0x04] : [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]
        let opened = try classifier.classify(
            bytes: magic + bytes,
            fileName: "x.\(filenameExtension)"
        )
        #expect(!opened.detail.contains("the bytes are not one"), "\(opened.detail)")
    }

    @Test func binarySTLWithTrailingBytesKeepsItsName() throws {
        var bytes = Array("exported by a CAD program".utf8) + Array(repeating: 0x20, count: 55)
        bytes += [2, 0, 0, 0] + Array(repeating: 0, count: 100) + Array("\npadding".utf8)
        let named = try classifier.classify(bytes: bytes, fileName: "part.stl")
        #expect(named.type.identifier == "public.standard-tesselated-geometry-format")
        #expect(named.evidence == .name)
        #expect(try classifier.classify(bytes: bytes, fileName: nil).type == .data)
    }

    @Test func anEmptyFileIsNoType() throws {
        let decision = try decide("empty", "*/*")
        #expect(!decision.accepted)
        #expect(decision.reason.contains("empty"))
    }

    @Test func byExtensionTheNameDecidesAsApplePickersDo() throws {
        let disguised = try decide("pdf-named.jpg", "image/*", .extension)
        #expect(disguised.accepted)
        #expect(disguised.matchedBy == "image/*")
        #expect(disguised.reason.contains("public.jpeg"))
        let elf = try decide("elf-named.png", "image/*", .extension)
        #expect(elf.accepted)
        let bare = try decide("shell-script", "*/*", .extension)
        #expect(!bare.accepted)
        #expect(bare.reason.contains("no extension"))
        #expect(!(try decide("image.jpg", "video/*", .extension)).accepted)
    }

    @Test func bothRejectsARenamedFileNamingTheMismatch() throws {
        let pdf = try decide("pdf-named.jpg", "image/*,.pdf", .both)
        #expect(!pdf.accepted)
        #expect(pdf.matchedBy == nil)
        #expect(pdf.reason.contains("disagree"))
        #expect(pdf.reason.contains("com.adobe.pdf"))
        #expect(pdf.reason.contains("public.jpeg"))
        let elf = try decide("elf-named.png", "*/*", .both)
        #expect(!elf.accepted)
        #expect(elf.reason.contains("public.elf-binary"))
        #expect(elf.reason.contains("public.png"))
        let movie = try decide("quicktime-named.jpg", "kUTTypeMovie", .both)
        #expect(!movie.accepted)
        #expect(movie.reason.contains("com.apple.quicktime-movie"))
        #expect(movie.reason.contains("public.jpeg"))
        // The same file is a movie by content alone.
        #expect(try decide("quicktime-named.jpg", "kUTTypeMovie").accepted)
    }

    @Test func bothAcceptsWhenTheNameAgrees() throws {
        let movie = try decide("clip.mov", "kUTTypeMovie", .both)
        #expect(movie.accepted)
        #expect(movie.matchedBy == "kUTTypeMovie")
        #expect(movie.reason.contains("agrees"))
        #expect(movie.policy == .both)
        #expect(try decide("animated-apng.png", "image/*", .both).accepted)
        let bare = try decide("shell-script", "*/*", .both)
        #expect(!bare.accepted)
        #expect(bare.reason.contains("no extension"))
    }

    @Test func anUndeclaredExtensionMatchesItsOwnEntryByName() throws {
        let notes = try classifier.classify(bytes: Array("hello\n".utf8), fileName: "notes.zqx")
        let allowed = try AllowedContentTypes(parsing: ".zqx")
        let byName = classifier.decide(notes, allowed: allowed, policy: .extension)
        #expect(byName.accepted)
        #expect(byName.matchedBy == ".zqx")
        let both = classifier.decide(
            notes,
            allowed: try AllowedContentTypes(parsing: "text/*"),
            policy: .both
        )
        #expect(!both.accepted)
        #expect(both.reason.contains("no known type"))
    }

    @Test func aFolderIsNotDataButMatchesItsOwnType() throws {
        let folder = try classifier.classify(fileAt: fixturesFolder.path)
        try #require(folder.type == .folder)
        #expect(
            !classifier.decide(folder, allowed: try AllowedContentTypes(parsing: "*/*")).accepted
        )
        let directories = try AllowedContentTypes(parsing: "public.directory")
        let decision = classifier.decide(folder, allowed: directories)
        #expect(decision.accepted)
        #expect(decision.reason.contains("public.folder"))
    }

    @Test func aSetPrintsAsItsEntries() throws {
        let set = try AllowedContentTypes(["image/*, .pdf", "kUTTypeMovie"])
        #expect(set.description == "image/*,.pdf,kUTTypeMovie")
        #expect(set == (try AllowedContentTypes(parsing: "image/*,.pdf,kUTTypeMovie")))
        #expect(set != (try AllowedContentTypes(parsing: "image/*")))
    }

    // MARK: - Album compatibility

    @Test(arguments: [
        "image.jpg", "image.heic", "image-mif1-major.heic", "image.png", "animated-apng.png",
        "still.gif", "animated.gif", "image.tiff", "lossy.webp", "image.dng", "clip.mov",
        "no-ftyp.mov", "clip-h264-aac.mp4", "video.m4v", "clip.3gp",
        "properties/album-prores-pcm.mov", "properties/album-mpeg4-aac.mp4",
        "properties/hevc-main10.mp4", "properties/moov-at-end.mov", "properties/rotated-270.mov",
    ])
    func photoLibraryStores(file: String) throws {
        let answer = try classifier.albumCompatibility(ofFileAt: fixture(file))
        #expect(answer.isCompatible, "\(answer.reason)")
        #expect(answer.matchedType != nil)
        #expect(classifier.isCompatibleWithAlbum(fileAt: fixture(file)))
    }

    @Test(arguments: [
        "clip.mkv", "vp8-vorbis.webm", "clip.avi", "clip.f4v", "clip.ts", "audio-only.mov",
        "audio.m4a", "audio-isom.mp4", "audio.mp3", "document.pdf", "pdf-named.jpg",
        "image.bmp", "image.avif", "empty",
    ])
    func photoLibraryRefuses(file: String) throws {
        let answer = try classifier.albumCompatibility(ofFileAt: fixture(file))
        #expect(!answer.isCompatible, "\(answer.reason)")
        #expect(answer.matchedType == nil)
        #expect(!classifier.isCompatibleWithAlbum(fileAt: fixture(file)))
    }

    @Test func albumAnswersByContentAndSaysWhy() throws {
        let renamed = try classifier.albumCompatibility(ofFileAt: fixture("quicktime-named.jpg"))
        #expect(renamed.isCompatible)
        #expect(renamed.reason.contains("public.jpeg"))
        #expect(renamed.reason.contains(".mov"))
        let pdf = try classifier.albumCompatibility(ofFileAt: fixture("pdf-named.jpg"))
        #expect(pdf.reason.contains("com.adobe.pdf"))
        let f4v = try classifier.albumCompatibility(ofFileAt: fixture("clip.f4v"))
        #expect(f4v.reason.contains("excluded"))
        #expect(!classifier.isCompatibleWithAlbum(fileAt: fixture("no-such-file.mov")))
        #expect(throws: ClassificationError.self) {
            try classifier.albumCompatibility(ofFileAt: fixture("no-such-file.mov"))
        }
    }

    /// Movies in a container the library takes, refused for a codec it does not play; the
    /// reason names the track and the codec the readers found (checked against ffprobe by
    /// MediaPropertiesFFprobeTests).
    @Test(arguments: [
        ("properties/vp9.mp4", "video"), ("properties/av1.mp4", "video"),
        ("properties/album-h263-aac.3gp", "video"), ("properties/album-h264-opus.mp4", "audio"),
    ])
    func photoLibraryRefusesAnEncoding(file: String, track: String) throws {
        let answer = try classifier.albumCompatibility(ofFileAt: fixture(file))
        #expect(!answer.isCompatible, "\(answer.reason)")
        #expect(answer.matchedType == nil)
        #expect(answer.classification.type.conforms(to: .movie))
        let properties = try #require(answer.classification.properties)
        let codec = try #require(track == "video" ? properties.videoCodec : properties.audioCodec)
        #expect(answer.reason.contains("its \(track) codec \(codec) is not one it plays"))
        #expect(answer.reason.contains("which the photo library stores, but"))
        #expect(!classifier.isCompatibleWithAlbum(fileAt: fixture(file)))
    }

    @Test func aMovieWhoseCodecsCannotBeReadIsRefused() throws {
        let truncated = try classifier.albumCompatibility(
            ofFileAt: fixture("properties/bad-truncated-moov.mp4")
        )
        #expect(truncated.classification.type.conforms(to: .movie))
        #expect(!truncated.isCompatible)
        #expect(truncated.reason.contains("codecs are not known"))
        // A classification made without properties cannot be judged by its codecs...
        let plain = try classifier.classify(fileAt: fixture("clip.mov"))
        #expect(plain.properties == nil)
        let unread = classifier.albumCompatibility(of: plain)
        #expect(!unread.isCompatible)
        #expect(unread.reason.contains("codecs are not known"))
        // ...but one made with them can, and a profile without codec rules does not need them.
        let reading = Classifier(options: .init(readsProperties: true))
        #expect(
            reading.albumCompatibility(of: try reading.classify(fileAt: fixture("clip.mov")))
                .isCompatible
        )
        let anyCodec = AlbumProfile(name: "any", types: [.movie])
        #expect(!anyCodec.checksCodecs)
        #expect(classifier.albumCompatibility(of: plain, profile: anyCodec).isCompatible)
    }

    @Test func anAlbumChoosesItsCodecs() throws {
        let vp9Album = AlbumProfile(
            name: "web album",
            types: [.movie],
            videoCodecs: ["vp09", "av01"],
            audioCodecs: ["opus"]
        )
        let vp9 = try classifier.albumCompatibility(
            ofFileAt: fixture("properties/vp9.mp4"),
            profile: vp9Album
        )
        #expect(vp9.isCompatible, "\(vp9.reason)")
        let h264 = try classifier.albumCompatibility(
            ofFileAt: fixture("clip-h264-aac.mp4"),
            profile: vp9Album
        )
        #expect(!h264.isCompatible)
        #expect(h264.reason.contains("(vp09, av01)"))
        // Audio only is not judged against a video list, nor a silent movie against the audio one.
        let silent = AlbumProfile(name: "silent", types: [.movie], audioCodecs: [])
        #expect(
            try classifier.albumCompatibility(
                ofFileAt: fixture("properties/vp9.mp4"),
                profile: silent
            ).isCompatible
        )
        #expect(
            !(try classifier.albumCompatibility(ofFileAt: fixture("clip.mov"), profile: silent))
                .isCompatible
        )
    }

    @Test func albumProfilesAreConfigurable() throws {
        let moviesOnly = AlbumProfile(name: "movie album", types: [.movie])
        let mkv = try classifier.albumCompatibility(
            ofFileAt: fixture("clip.mkv"),
            profile: moviesOnly
        )
        #expect(mkv.isCompatible)
        #expect(mkv.matchedType == .movie)
        let jpeg = try classifier.albumCompatibility(
            ofFileAt: fixture("image.jpg"),
            profile: moviesOnly
        )
        #expect(!jpeg.isCompatible)
        #expect(jpeg.reason.contains("movie album"))
    }
}
