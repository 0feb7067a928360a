/// Where a picker takes media from, and which types that place can give.
///
/// The analogue of `UIImagePickerController.SourceType` (`.camera`, `.photoLibrary`,
/// `.savedPhotosAlbum`), plus a folder. Each source carries the types it can give,
/// ``availableMediaTypes``, which the caller sets to what the device really offers: a camera
/// that records video gives `public.image` and `public.movie`, one that does not gives
/// `public.image` only, and a missing camera gives nothing (``isAvailable`` is false).
///
/// A source is type-level only: it never lists or reads files.
public struct MediaSource: Sendable, Hashable, CustomStringConvertible {
    /// The kind of place.
    public enum Kind: Sendable, Hashable {
        /// A camera: stills, and movies when it records video.
        case camera
        /// The whole photo library.
        case photoLibrary
        /// The album that saved photos and movies go to (the camera roll).
        case savedPhotosAlbum
        /// A folder of files, by path.
        case folder(String)
    }

    /// The kind of place.
    public var kind: Kind
    /// The types the source can give, in the order the caller gave them; empty when the
    /// source is unavailable.
    public var availableMediaTypes: [UTType]

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - kind: The kind of place.
    ///   - availableMediaTypes: The types it can give; empty for a source that is not there.
    public init(_ kind: Kind, availableMediaTypes: [UTType]) {
        self.kind = kind
        self.availableMediaTypes = availableMediaTypes
    }

    /// A camera that takes photos and records video.
    public static var camera: MediaSource { camera(canRecordVideo: true) }

    /// A camera, with or without video.
    ///
    /// - Parameter canRecordVideo: Whether the camera records movies as well as photos.
    /// - Returns: A camera giving `public.image`, and `public.movie` when it records video.
    public static func camera(canRecordVideo: Bool) -> MediaSource {
        MediaSource(.camera, availableMediaTypes: canRecordVideo ? [.image, .movie] : [.image])
    }

    /// The photo library, giving photos and movies.
    public static var photoLibrary: MediaSource {
        MediaSource(.photoLibrary, availableMediaTypes: [.image, .movie])
    }

    /// The saved-photos album, giving photos and movies.
    public static var savedPhotosAlbum: MediaSource {
        MediaSource(.savedPhotosAlbum, availableMediaTypes: [.image, .movie])
    }

    /// A folder of files.
    ///
    /// - Parameters:
    ///   - path: The folder's path.
    ///   - availableMediaTypes: What its files may be; any data (`public.data`) by default.
    /// - Returns: The source.
    public static func folder(_ path: String, availableMediaTypes: [UTType] = [.data])
        -> MediaSource
    {
        MediaSource(.folder(path), availableMediaTypes: availableMediaTypes)
    }

    /// True when the source can give anything at all.
    public var isAvailable: Bool { !availableMediaTypes.isEmpty }

    /// The part of a wanted type the source can give, as a list of types.
    ///
    /// An available type that conforms to `type` is given as itself (a folder of MPEG-4 files
    /// gives `public.mpeg-4` when movies are asked for); an available type that `type`
    /// conforms to gives `type` (a folder of any data gives `public.movie`).
    /// - Parameter type: The wanted type, such as `public.movie`.
    /// - Returns: The types both the source gives and `type` covers; empty when none.
    public func types(conformingTo type: UTType) -> [UTType] {
        var result: [UTType] = []
        for available in availableMediaTypes {
            let given: UTType? =
                available.conforms(to: type) ? available : type.conforms(to: available) ? type : nil
            if let given, !result.contains(given) { result.append(given) }
        }
        return result
    }

    /// True when the source can give some type that conforms to `type`.
    ///
    /// - Parameter type: The wanted type, such as `public.movie`.
    /// - Returns: Whether ``types(conformingTo:)`` is not empty.
    public func canGive(_ type: UTType) -> Bool { !types(conformingTo: type).isEmpty }

    /// A short name for the source, such as `camera` or `folder /srv/uploads`.
    public var description: String {
        switch kind {
        case .camera: "camera"
        case .photoLibrary: "photo library"
        case .savedPhotosAlbum: "saved-photos album"
        case .folder(let path): "folder \(path)"
        }
    }
}

/// What a picker takes, and from where: the analogue of configuring a
/// `UIImagePickerController` (`sourceType`, `mediaTypes`).
///
/// The three common set-ups are one call each:
/// - images only (the default): `MediaPicker(source: .photoLibrary)`;
/// - whatever the source can give: `MediaPicker.everything(from: .camera)`;
/// - movies only, when the source can give them: `MediaPicker.moviesOnly(from: .camera)`,
///   which says why when it cannot.
public struct MediaPicker: Sendable {
    /// The result of asking a source for movies only.
    public enum MoviesOnly: Sendable {
        /// The source can give movies; the set takes exactly those.
        case movies(AllowedContentTypes)
        /// The source gives no movies, and why.
        case unavailable(reason: String)
    }

    /// Where the picker takes media from.
    public var source: MediaSource
    /// What the picker takes; images only by default, as `UIImagePickerController`.
    public var mediaTypes: AllowedContentTypes

    /// Creates a picker.
    ///
    /// - Parameters:
    ///   - source: Where to take media from.
    ///   - mediaTypes: What to take; `public.image` by default.
    public init(source: MediaSource, mediaTypes: AllowedContentTypes = .init(types: [.image])) {
        self.source = source
        self.mediaTypes = mediaTypes
    }

    /// The types a source can give, or nil when it is not available.
    ///
    /// The analogue of `UIImagePickerController.availableMediaTypes(for:)`.
    /// - Parameter source: The source.
    /// - Returns: The source's types, or nil when it has none.
    public static func availableMediaTypes(for source: MediaSource) -> [UTType]? {
        source.isAvailable ? source.availableMediaTypes : nil
    }

    /// True when a source can give anything.
    ///
    /// The analogue of `UIImagePickerController.isSourceTypeAvailable(_:)`.
    /// - Parameter source: The source.
    /// - Returns: Whether the source has any ``MediaSource/availableMediaTypes``.
    public static func isSourceAvailable(_ source: MediaSource) -> Bool { source.isAvailable }

    /// A picker that takes images only (the default set-up).
    ///
    /// - Parameter source: Where to take images from.
    /// - Returns: The picker.
    public static func imagesOnly(from source: MediaSource) -> MediaPicker {
        MediaPicker(source: source)
    }

    /// A picker that takes whatever the source can give.
    ///
    /// - Parameter source: The source.
    /// - Returns: The picker; it accepts nothing when the source is unavailable.
    public static func everything(from source: MediaSource) -> MediaPicker {
        MediaPicker(
            source: source,
            mediaTypes: AllowedContentTypes(types: source.availableMediaTypes)
        )
    }

    /// Movies only, when the source can give movies.
    ///
    /// - Parameter source: The source.
    /// - Returns: ``MoviesOnly/movies(_:)`` with the movie types the source gives, or
    ///   ``MoviesOnly/unavailable(reason:)`` saying what the source gives instead.
    public static func moviesOnly(from source: MediaSource) -> MoviesOnly {
        guard source.isAvailable else {
            return .unavailable(reason: "the \(source) is not available")
        }
        let movies = source.types(conformingTo: .movie)
        guard !movies.isEmpty else {
            let given = source.availableMediaTypes.map(\.identifier).joined(separator: ", ")
            return .unavailable(reason: "the \(source) gives no movies, only \(given)")
        }
        return .movies(AllowedContentTypes(types: movies))
    }

    /// A picker for movies only, or nil when the source cannot give movies.
    ///
    /// - Parameter source: The source.
    /// - Returns: The picker, or nil; ``moviesOnly(from:)`` says why.
    public static func moviePicker(from source: MediaSource) -> MediaPicker? {
        guard case .movies(let types) = moviesOnly(from: source) else { return nil }
        return MediaPicker(source: source, mediaTypes: types)
    }

    /// Whether the picker takes a type.
    ///
    /// - Parameter type: The type.
    /// - Returns: True when ``mediaTypes`` accepts it.
    public func accepts(_ type: UTType) -> Bool { mediaTypes.accepts(type) }
}
