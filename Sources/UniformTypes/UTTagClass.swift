/// A class of tags that a type can carry: filename extensions, MIME types, and so on.
///
/// Mirrors Apple's `UTTagClass`; the raw values are Apple's.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The tag class's identifier, such as `public.filename-extension`.
    public let rawValue: String
    /// Which of the classes the registry indexes this is, decided once here so that a lookup
    /// does not compare strings.
    let kind: Kind

    /// The tag classes the registry has tables for.
    enum Kind: Sendable, Hashable {
        case filenameExtension
        case mimeType
        case other
    }

    /// Creates a tag class from its identifier.
    public init(rawValue: String) {
        self.rawValue = rawValue
        switch rawValue {
        case "public.filename-extension": kind = .filenameExtension
        case "public.mime-type": kind = .mimeType
        default: kind = .other
        }
    }

    /// Filename extensions, without the leading dot (`jpg`).
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")
    /// MIME types (`image/jpeg`).
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")

    /// The tag class's identifier.
    public var description: String { rawValue }
}
