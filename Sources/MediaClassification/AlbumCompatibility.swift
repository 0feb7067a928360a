public import UniformTypes

/// What a photo album stores: the types it takes, and subtypes it refuses.
///
/// The default, ``photoLibrary``, is what a phone's photo library keeps as it is:
/// - photos: JPEG, HEIC and HEIF, PNG (APNG included), GIF (animated or not), TIFF, WebP, and
///   DNG, the raw format phone cameras write (Apple ProRAW, Android's raw);
/// - movies: QuickTime, MPEG-4, M4V, and 3GPP / 3GPP2 (what older phones record).
///
/// It leaves out what a phone's library converts or cannot keep: other camera raw formats,
/// BMP, AVIF, JPEG XL, SVG, Matroska and WebM, AVI, MPEG-2 streams, Flash video (F4V is
/// MPEG-4 by structure, but is Flash's and is refused), and every sound-only file (an
/// audio-only `.mov` or `.mp4` is `com.apple.quicktime-audio` or `public.mpeg-4-audio`,
/// not a movie).
public struct AlbumProfile: Sendable {
    /// A short name for the album, used in reasons.
    public var name: String
    /// The types the album takes, with their subtypes.
    public var types: [UTType]
    /// Subtypes of ``types`` the album refuses all the same.
    public var excluded: [UTType]

    /// Creates a profile.
    ///
    /// - Parameters:
    ///   - name: A short name for the album.
    ///   - types: The types it takes, with their subtypes.
    ///   - excluded: Subtypes it refuses all the same.
    public init(name: String, types: [UTType], excluding excluded: [UTType] = []) {
        self.name = name
        self.types = types
        self.excluded = excluded
    }

    /// The photo and movie types a phone's photo library stores (see ``AlbumProfile``).
    public static var photoLibrary: AlbumProfile {
        let types = [
            "public.jpeg", "public.heic", "public.heif", "public.png", "com.compuserve.gif",
            "public.tiff", "org.webmproject.webp", "com.adobe.raw-image",
            "com.apple.quicktime-movie", "public.mpeg-4", "com.apple.m4v-video", "public.3gpp",
            "public.3gpp2",
        ]
        return AlbumProfile(
            name: "photo library",
            types: types.compactMap { UTType($0) },
            excluding: ["com.adobe.f4v-video"].compactMap { UTType($0) }
        )
    }

    /// The type the album takes a type as, or nil when it refuses it.
    ///
    /// - Parameter type: The type.
    /// - Returns: The first of ``types`` it conforms to, unless it conforms to an excluded one.
    public func allowedType(for type: UTType) -> UTType? {
        guard !excluded.contains(where: { type.conforms(to: $0) }) else { return nil }
        return types.first { type.conforms(to: $0) }
    }
}

/// Whether an album can store a file, and why.
public struct AlbumCompatibility: Sendable {
    /// True when the album can store the file as it is.
    public var isCompatible: Bool
    /// The profile's type the content matched, or nil.
    public var matchedType: UTType?
    /// A sentence saying why.
    public var reason: String
    /// What the file is.
    public var classification: Classification
}

extension Classifier {
    /// Whether an album can store a file, judged by its content.
    ///
    /// The analogue of `UIVideoAtPathIsCompatibleWithSavedPhotosAlbum`, for photos as well as
    /// movies, with the reason. The name does not decide: a QuickTime movie named `.jpg` is
    /// compatible (the reason says to fix the name), a PDF named `.jpg` is not.
    /// - Parameters:
    ///   - path: The file's path.
    ///   - profile: What the album stores; a phone's photo library by default.
    /// - Returns: The answer with its reason.
    /// - Throws: ``ClassificationError`` when the path cannot be read.
    public func albumCompatibility(
        ofFileAt path: String,
        profile: AlbumProfile = .photoLibrary
    ) throws(ClassificationError) -> AlbumCompatibility {
        albumCompatibility(of: try classify(fileAt: path), profile: profile)
    }

    /// Whether an album can store a classified file.
    ///
    /// - Parameters:
    ///   - classification: The file's classification.
    ///   - profile: What the album stores; a phone's photo library by default.
    /// - Returns: The answer with its reason.
    public func albumCompatibility(
        of classification: Classification,
        profile: AlbumProfile = .photoLibrary
    ) -> AlbumCompatibility {
        let type = classification.type
        func answer(_ matched: UTType?, _ reason: String) -> AlbumCompatibility {
            AlbumCompatibility(
                isCompatible: matched != nil,
                matchedType: matched,
                reason: reason,
                classification: classification
            )
        }
        switch classification.evidence {
        case .empty:
            return answer(nil, "the file is empty")
        case .name:
            return answer(
                nil,
                "only the name says \(type.identifier); the content is not recognised"
            )
        default:
            break
        }
        if let excluded = profile.excluded.first(where: { type.conforms(to: $0) }) {
            return answer(
                nil,
                "the content is \(type.identifier), which the \(profile.name) does not take "
                    + "(\(excluded.identifier) is excluded)"
            )
        }
        guard let matched = profile.allowedType(for: type) else {
            return answer(
                nil,
                "the content is \(type.identifier), which the \(profile.name) does not store"
            )
        }
        var reason =
            type == matched
            ? "the content is \(type.identifier), which the \(profile.name) stores"
            : "the content is \(type.identifier), a kind of \(matched.identifier), which the "
                + "\(profile.name) stores"
        if classification.extensionAgrees == false, let claimed = classification.extensionType {
            reason += "; the name's extension claims \(claimed.identifier)"
            if let preferred = type.preferredFilenameExtension {
                reason += ": save it as .\(preferred)"
            }
        }
        return answer(matched, reason)
    }

    /// True when an album can store the file at a path; false too when it cannot be read.
    ///
    /// A yes-or-no shortcut for ``albumCompatibility(ofFileAt:profile:)``, shaped like
    /// `UIVideoAtPathIsCompatibleWithSavedPhotosAlbum`.
    /// - Parameters:
    ///   - path: The file's path.
    ///   - profile: What the album stores; a phone's photo library by default.
    /// - Returns: Whether the album stores the file as it is.
    public func isCompatibleWithAlbum(fileAt path: String, profile: AlbumProfile = .photoLibrary)
        -> Bool
    {
        (try? albumCompatibility(ofFileAt: path, profile: profile))?.isCompatible ?? false
    }
}
