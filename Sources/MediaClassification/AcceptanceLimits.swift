/// Limits on what a media file holds, checked after its type is accepted: the longest
/// duration, the most pixels or the largest dimensions, the largest file, and the codecs
/// allowed (as iOS pickers cap `videoMaximumDuration`, and web code writes
/// `video/mp4; codecs="avc1, mp4a.40.2"`).
///
/// Every limit is optional; an empty value accepts everything. A limit on a property the file
/// does not state fails, unless ``acceptsUnstatedProperties`` is set: a file that cannot show
/// it is short enough is not taken as short enough.
public struct AcceptanceLimits: Sendable, Hashable {
    /// The longest duration accepted, in seconds.
    public var maximumDuration: Double?
    /// The most pixels (width times height) accepted.
    public var maximumPixelCount: Int?
    /// The widest picture accepted, as shown (after a quarter-turn rotation).
    public var maximumWidth: Int?
    /// The tallest picture accepted, as shown (after a quarter-turn rotation).
    public var maximumHeight: Int?
    /// The largest file accepted, in bytes.
    public var maximumFileSize: UInt64?
    /// The video codecs accepted, as RFC 6381 strings or their prefixes.
    ///
    /// `avc1` takes every `avc1.PPCCLL`, `hvc1.1` every Main-profile `hvc1`; nil accepts any
    /// codec. A file that states it has no video track (an image, a WAV) passes.
    public var allowedVideoCodecs: [String]?
    /// The audio codecs accepted, as RFC 6381 strings, their prefixes or registered names.
    ///
    /// `mp4a.40` takes `mp4a.40.2` and `mp4a.40.5`; `opus` and `flac` name themselves; nil
    /// accepts any. A file that states it has no audio track passes.
    public var allowedAudioCodecs: [String]?
    /// Whether a limit on a property the file does not state passes (false by default: it
    /// fails, and the reason says the property is not stated).
    public var acceptsUnstatedProperties: Bool

    /// Creates limits; each one not given is not checked.
    public init(
        maximumDuration: Double? = nil,
        maximumPixelCount: Int? = nil,
        maximumWidth: Int? = nil,
        maximumHeight: Int? = nil,
        maximumFileSize: UInt64? = nil,
        allowedVideoCodecs: [String]? = nil,
        allowedAudioCodecs: [String]? = nil,
        acceptsUnstatedProperties: Bool = false
    ) {
        self.maximumDuration = maximumDuration
        self.maximumPixelCount = maximumPixelCount
        self.maximumWidth = maximumWidth
        self.maximumHeight = maximumHeight
        self.maximumFileSize = maximumFileSize
        self.allowedVideoCodecs = allowedVideoCodecs
        self.allowedAudioCodecs = allowedAudioCodecs
        self.acceptsUnstatedProperties = acceptsUnstatedProperties
    }

    /// True when some limit needs the media properties (any limit but the file size).
    public var needsProperties: Bool {
        maximumDuration != nil || maximumPixelCount != nil || maximumWidth != nil
            || maximumHeight != nil || allowedVideoCodecs != nil || allowedAudioCodecs != nil
    }

    /// Whether a codec string is taken by an allowed entry, as browsers match RFC 6381 strings.
    ///
    /// Equal, or the entry is a prefix of the codec ending at a `.` boundary (`avc1`
    /// takes `avc1.64001F`, `mp4a.40` takes `mp4a.40.2`, but `avc1.64` does not take
    /// `avc1.64001F`). Four-character codes compare without regard to case, as do the
    /// registered names; `vp8`/`vp9` are the same codecs as `vp08`/`vp09`.
    /// - Parameters:
    ///   - codec: The file's codec string.
    ///   - entry: An allowed codec string or prefix.
    /// - Returns: True when the entry takes the codec.
    public static func codec(_ codec: String, matches entry: String) -> Bool {
        func parts(_ text: String) -> [String] {
            var components = text.trimmingSpaces.split(
                separator: ".",
                omittingEmptySubsequences: false
            )
            .map { String($0).lowercased() }
            if let first = components.first, let alias = ["vp8": "vp08", "vp9": "vp09"][first] {
                components[0] = alias
            }
            return components
        }
        let wanted = parts(entry)
        let found = parts(codec)
        guard !wanted.isEmpty, wanted.first != "", wanted.count <= found.count else {
            return false
        }
        return Array(found.prefix(wanted.count)) == wanted
    }

    /// Checks properties (and a file size) against the limits.
    ///
    /// - Parameters:
    ///   - properties: What the file states, or nil when nothing could be read.
    ///   - fileSize: The file's size in bytes, or nil when unknown.
    /// - Returns: Accepted, or every limit that failed with the file's value.
    public func check(_ properties: MediaProperties?, fileSize: UInt64? = nil) -> LimitDecision {
        var failures: [LimitViolation] = []
        func unstated(_ property: LimitViolation.Property, _ limit: String) {
            guard !acceptsUnstatedProperties else { return }
            failures.append(
                LimitViolation(
                    property: property,
                    value: nil,
                    limit: limit,
                    reason: "the file does not state its \(property.name); the limit is \(limit)"
                )
            )
        }
        func over(_ property: LimitViolation.Property, _ value: String, _ limit: String) {
            failures.append(
                LimitViolation(
                    property: property,
                    value: value,
                    limit: limit,
                    reason: "\(property.name) \(value) is over the limit of \(limit)"
                )
            )
        }
        if let maximumFileSize {
            if let fileSize {
                if fileSize > maximumFileSize {
                    over(.fileSize, "\(fileSize) bytes", "\(maximumFileSize) bytes")
                }
            } else {
                unstated(.fileSize, "\(maximumFileSize) bytes")
            }
        }
        let media = properties ?? MediaProperties()
        if let maximumDuration {
            let limit = "\(Self.seconds(maximumDuration)) s"
            if let duration = media.duration {
                if duration > maximumDuration {
                    over(.duration, "\(Self.seconds(duration)) s", limit)
                }
            } else {
                unstated(.duration, limit)
            }
        }
        if let maximumPixelCount {
            if let count = media.pixelCount {
                if count > maximumPixelCount {
                    let size = "\(count) (\(media.pixelWidth ?? 0)x\(media.pixelHeight ?? 0))"
                    over(.pixelCount, size, "\(maximumPixelCount)")
                }
            } else {
                unstated(.pixelCount, "\(maximumPixelCount)")
            }
        }
        if let maximumWidth {
            if let width = media.displayWidth {
                if width > maximumWidth { over(.width, "\(width) px", "\(maximumWidth) px") }
            } else {
                unstated(.width, "\(maximumWidth) px")
            }
        }
        if let maximumHeight {
            if let height = media.displayHeight {
                if height > maximumHeight { over(.height, "\(height) px", "\(maximumHeight) px") }
            } else {
                unstated(.height, "\(maximumHeight) px")
            }
        }
        // A track count the file does not state may hide a track of that kind.
        checkCodec(
            .videoCodec,
            media.videoCodec,
            present: media.videoTrackCount.map { $0 > 0 } ?? true,
            allowed: allowedVideoCodecs,
            into: &failures
        )
        checkCodec(
            .audioCodec,
            media.audioCodec,
            present: media.audioTrackCount.map { $0 > 0 } ?? true,
            allowed: allowedAudioCodecs,
            into: &failures
        )
        return LimitDecision(violations: failures)
    }

    private func checkCodec(
        _ property: LimitViolation.Property,
        _ codec: String?,
        present: Bool,
        allowed: [String]?,
        into failures: inout [LimitViolation]
    ) {
        guard let allowed else { return }
        let limit = allowed.isEmpty ? "none" : allowed.joined(separator: ", ")
        guard let codec else {
            // A file with no such track passes; one whose track's codec is unknown does not.
            if present, !acceptsUnstatedProperties {
                failures.append(
                    LimitViolation(
                        property: property,
                        value: nil,
                        limit: limit,
                        reason: "the file does not state its \(property.name); allowed: \(limit)"
                    )
                )
            }
            return
        }
        guard !allowed.contains(where: { Self.codec(codec, matches: $0) }) else { return }
        failures.append(
            LimitViolation(
                property: property,
                value: codec,
                limit: limit,
                reason: "\(property.name) \(codec) is not allowed (allowed: \(limit))"
            )
        )
    }

    /// Seconds with at most three decimals, without trailing zeros.
    private static func seconds(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        // Int(_:) traps beyond its range: huge, infinite and NaN values print as Doubles do.
        guard rounded.isFinite, abs(rounded) < 1e15 else { return String(value) }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// One limit a file failed: which property, its value, and the limit.
public struct LimitViolation: Sendable, Hashable {
    /// A property a limit is set on.
    public enum Property: String, Sendable, Hashable, CaseIterable {
        /// ``AcceptanceLimits/maximumDuration``.
        case duration
        /// ``AcceptanceLimits/maximumPixelCount``.
        case pixelCount = "pixel-count"
        /// ``AcceptanceLimits/maximumWidth``.
        case width
        /// ``AcceptanceLimits/maximumHeight``.
        case height
        /// ``AcceptanceLimits/maximumFileSize``.
        case fileSize = "file-size"
        /// ``AcceptanceLimits/allowedVideoCodecs``.
        case videoCodec = "video-codec"
        /// ``AcceptanceLimits/allowedAudioCodecs``.
        case audioCodec = "audio-codec"

        /// The property's name in a sentence.
        public var name: String {
            switch self {
            case .duration: "duration"
            case .pixelCount: "pixel count"
            case .width: "width"
            case .height: "height"
            case .fileSize: "file size"
            case .videoCodec: "video codec"
            case .audioCodec: "audio codec"
            }
        }
    }

    /// The property that failed.
    public var property: Property
    /// The file's value, with its unit (`42.5 s`, `avc1.64001F`), or nil when the file does
    /// not state it.
    public var value: String?
    /// The limit, with its unit (`30 s`, `avc1, hvc1`).
    public var limit: String
    /// A sentence saying why.
    public var reason: String
}

/// Whether a file is within the limits, and every limit it failed.
public struct LimitDecision: Sendable, Hashable {
    /// The limits failed, in the order they are checked (file size, duration, pixels,
    /// width, height, video codec, audio codec); empty when accepted.
    public var violations: [LimitViolation]
    /// True when no limit failed.
    public var accepted: Bool { violations.isEmpty }
    /// A sentence: `within the limits`, or the failures' reasons joined by `; `.
    public var reason: String {
        accepted ? "within the limits" : violations.map(\.reason).joined(separator: "; ")
    }
}

extension Classifier {
    /// Classifies a file, reads its media properties and checks them against limits.
    ///
    /// The properties are read even when the classifier's options do not ask for them.
    /// - Parameters:
    ///   - path: The file's path.
    ///   - limits: The limits to check.
    /// - Returns: The classification (with ``Classification/properties``) and the decision.
    /// - Throws: ``ClassificationError`` when the path cannot be read.
    public func check(
        fileAt path: String,
        limits: AcceptanceLimits
    ) throws(ClassificationError) -> (classification: Classification, decision: LimitDecision) {
        let (classification, fileSize) = try classify(
            fileAt: path,
            readingProperties: limits.needsProperties
        )
        return (classification, limits.check(classification.properties, fileSize: fileSize))
    }

    /// Classifies a file and, when asked, reads its media properties even if the options do
    /// not; also returns the regular file's size (nil for what is not a regular file).
    func classify(
        fileAt path: String,
        readingProperties: Bool
    ) throws(ClassificationError) -> (classification: Classification, fileSize: UInt64?) {
        var classification = try classify(fileAt: path)
        guard classification.evidence != .kind else { return (classification, nil) }
        let pathBytes = Array(path.utf8)
        let file = try FileAccess.openRegular(
            pathBytes.map { CChar(bitPattern: $0) } + [0],
            followSymlinks: options.followSymlinks
        )
        if classification.properties == nil, !options.readsProperties, readingProperties,
            let head = file.read(at: 0, count: Int(min(UInt64(Self.headSize), file.size)))
        {
            let input = SniffInput(head: head, fileSize: max(file.size, UInt64(head.count))) {
                offset,
                count in
                file.read(at: offset, count: count)
            }
            classification.properties = MediaProperties.read(input, type: classification.type)
        }
        return (classification, file.size)
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        var text = self[...]
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
