import Testing
import UniformTypes

@Suite struct MediaSourceTests {
    private func identifiers(_ set: AllowedContentTypes) -> [String] {
        set.entries.map(\.description)
    }

    @Test func appleLikeSourcesGiveImagesAndMovies() throws {
        for source in [MediaSource.camera, .photoLibrary, .savedPhotosAlbum] {
            let available = try #require(MediaPicker.availableMediaTypes(for: source))
            #expect(available == [.image, .movie], "\(source)")
            #expect(MediaPicker.isSourceAvailable(source))
        }
        #expect(MediaSource.camera.kind == .camera)
        #expect(MediaSource.photoLibrary.kind == .photoLibrary)
        #expect(MediaSource.savedPhotosAlbum.kind == .savedPhotosAlbum)
    }

    @Test func availableMediaTypesAreConfigurable() {
        let stillsOnly = MediaSource.camera(canRecordVideo: false)
        #expect(stillsOnly.availableMediaTypes == [.image])
        #expect(!stillsOnly.canGive(.movie))
        #expect(stillsOnly.canGive(.jpeg))
        let noCamera = MediaSource(.camera, availableMediaTypes: [])
        #expect(!noCamera.isAvailable)
        #expect(MediaPicker.availableMediaTypes(for: noCamera) == nil)
        let folder = MediaSource.folder("/srv/in", availableMediaTypes: [.mpeg4Movie, .png])
        #expect(folder.kind == .folder("/srv/in"))
        #expect(folder.description == "folder /srv/in")
        #expect(MediaSource.folder("/srv/in").availableMediaTypes == [.data])
    }

    @Test func imagesOnlyIsTheDefault() {
        let picker = MediaPicker(source: .photoLibrary)
        #expect(identifiers(picker.mediaTypes) == ["public.image"])
        #expect(picker.accepts(.heic))
        #expect(!picker.accepts(.quickTimeMovie))
        #expect(identifiers(MediaPicker.imagesOnly(from: .camera).mediaTypes) == ["public.image"])
    }

    @Test func everythingTakesWhatTheSourceGives() {
        let camera = MediaPicker.everything(from: .camera)
        #expect(identifiers(camera.mediaTypes) == ["public.image", "public.movie"])
        #expect(camera.accepts(.mpeg4Movie))
        #expect(camera.accepts(.png))
        #expect(!camera.accepts(.mpeg4Audio))
        let stills = MediaPicker.everything(from: .camera(canRecordVideo: false))
        #expect(!stills.accepts(.mpeg4Movie))
        let none = MediaPicker.everything(from: MediaSource(.camera, availableMediaTypes: []))
        #expect(none.mediaTypes.isEmpty)
        #expect(!none.accepts(.jpeg))
    }

    @Test func moviesOnlyWhenTheSourceCanGiveThem() throws {
        guard case .movies(let movies) = MediaPicker.moviesOnly(from: .camera) else {
            Issue.record("a video camera gives movies")
            return
        }
        #expect(identifiers(movies) == ["public.movie"])
        #expect(movies.accepts(.mpeg4Movie))
        #expect(movies.accepts(.quickTimeMovie))
        #expect(movies.accepts(try #require(UTType("com.apple.m4v-video"))))
        #expect(!movies.accepts(.mpeg4Audio))
        #expect(!movies.accepts(.jpeg))
        #expect(MediaPicker.moviePicker(from: .photoLibrary) != nil)
    }

    @Test func moviesOnlySaysWhyNot() {
        guard
            case .unavailable(let reason) = MediaPicker.moviesOnly(
                from: .camera(canRecordVideo: false)
            )
        else {
            Issue.record("a stills camera gives no movies")
            return
        }
        #expect(reason.contains("no movies"))
        #expect(reason.contains("public.image"))
        guard
            case .unavailable(let missing) = MediaPicker.moviesOnly(
                from: MediaSource(.camera, availableMediaTypes: [])
            )
        else {
            Issue.record("a missing camera gives nothing")
            return
        }
        #expect(missing.contains("not available"))
        #expect(MediaPicker.moviePicker(from: .camera(canRecordVideo: false)) == nil)
    }

    @Test func moviesOnlyNarrowsToWhatTheSourceGives() {
        let mp4Folder = MediaSource.folder("/in", availableMediaTypes: [.png, .mpeg4Movie])
        guard case .movies(let narrowed) = MediaPicker.moviesOnly(from: mp4Folder) else {
            Issue.record("a folder of MPEG-4 gives movies")
            return
        }
        #expect(identifiers(narrowed) == ["public.mpeg-4"])
        #expect(!narrowed.accepts(.quickTimeMovie))
        guard case .movies(let widened) = MediaPicker.moviesOnly(from: .folder("/in")) else {
            Issue.record("a folder of any data can give movies")
            return
        }
        #expect(identifiers(widened) == ["public.movie"])
    }
}
