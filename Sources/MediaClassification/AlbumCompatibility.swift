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
///
/// A movie is also judged by its encoding, as `UIVideoAtPathIsCompatibleWithSavedPhotosAlbum`
/// judges it: every video track's codec must be one of ``videoCodecs`` and every audio
/// track's one of ``audioCodecs`` (RFC 6381 strings, matched as
/// ``AcceptanceLimits/codec(_:matches:)`` matches them). The photo library plays H.264
/// (`avc1`, `avc3`), HEVC (`hvc1`, `hev1`), MPEG-4 Part 2 (`mp4v`), Motion JPEG (`jpeg`) and
/// ProRes (`apco`, `apcs`, `apcn`, `apch`, `ap4h`, `ap4x`) video, with AAC (`mp4a.40`), MP3,
/// linear PCM, Apple Lossless, FLAC, AC-3 and E-AC-3 audio: the formats Apple's iPhone
/// specifications list for video playback, and the ProRes the Pro models record. It refuses
/// VP8/VP9, AV1 (decoded in hardware only by recent models), H.263, Opus, Vorbis and AMR, and
/// a movie whose codecs cannot be read.
public struct AlbumProfile: Sendable {
    /// A short name for the album, used in reasons.
    public var name: String
    /// The types the album takes, with their subtypes.
    public var types: [UTType]
    /// Subtypes of ``types`` the album refuses all the same.
    public var excluded: [UTType]
    /// The video codecs the album plays in a movie (RFC 6381 strings or prefixes), or nil
    /// when a movie's video codec does not matter.
    public var videoCodecs: [String]?
    /// The audio codecs the album plays in a movie (RFC 6381 strings, prefixes or registered
    /// names), or nil when a movie's audio codec does not matter.
    public var audioCodecs: [String]?

    /// Creates a profile.
    ///
    /// - Parameters:
    ///   - name: A short name for the album.
    ///   - types: The types it takes, with their subtypes.
    ///   - excluded: Subtypes it refuses all the same.
    ///   - videoCodecs: The video codecs it plays in a movie; nil for any.
    ///   - audioCodecs: The audio codecs it plays in a movie; nil for any.
    public init(
        name: String,
        types: [UTType],
        excluding excluded: [UTType] = [],
        videoCodecs: [String]? = nil,
        audioCodecs: [String]? = nil
    ) {
        self.name = name
        self.types = types
        self.excluded = excluded
        self.videoCodecs = videoCodecs
        self.audioCodecs = audioCodecs
    }

    /// True when the profile judges a movie by its codecs.
    public var checksCodecs: Bool { videoCodecs != nil || audioCodecs != nil }

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
            excluding: ["com.adobe.f4v-video"].compactMap { UTType($0) },
            videoCodecs: [
                "avc1", "avc3", "hvc1", "hev1", "mp4v", "jpeg",
                "apco", "apcs", "apcn", "apch", "ap4h", "ap4x",
            ],
            audioCodecs: [
                "mp4a.40", "mp4a.67", "mp4a.69", "mp4a.6B", "mp3", "pcm", "alac", "flac",
                "ac-3", "ec-3",
            ]
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
        let read = try classify(fileAt: path, readingProperties: profile.checksCodecs)
        return albumCompatibility(of: read.classification, profile: profile)
    }

    /// Whether an album can store a classified file.
    ///
    /// A profile that judges movies by their codecs needs the classification's
    /// ``Classification/properties``: classify with ``Options/readsProperties`` on, or a movie
    /// is refused because its codecs are not known.
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
        if type.conforms(to: .movie),
            let refusal = profile.codecRefusal(classification.properties)
        {
            return answer(nil, reason + ", but " + refusal)
        }
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

extension AlbumProfile {
    /// Why the profile does not play a movie with these properties, or nil when it does.
    func codecRefusal(_ properties: MediaProperties?) -> String? {
        guard checksCodecs else { return nil }
        guard let properties else {
            return "its codecs are not known (its tracks could not be read)"
        }
        let tracks: [(kind: String, codec: String?, count: Int?, allowed: [String]?)] = [
            ("video", properties.videoCodec, properties.videoTrackCount, videoCodecs),
            ("audio", properties.audioCodec, properties.audioTrackCount, audioCodecs),
        ]
        for track in tracks {
            guard let allowed = track.allowed, track.codec != nil || (track.count ?? 0) > 0 else {
                continue
            }
            guard let codec = track.codec else {
                return "its \(track.kind) codec is not stated"
            }
            if !allowed.contains(where: { AcceptanceLimits.codec(codec, matches: $0) }) {
                return "its \(track.kind) codec \(codec) is not one it plays "
                    + "(\(allowed.joined(separator: ", ")))"
            }
        }
        return nil
    }
}
