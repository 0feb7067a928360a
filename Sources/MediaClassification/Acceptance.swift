public import UniformTypes

/// How a file is judged against an allowed set.
public enum AcceptancePolicy: String, Sendable, Hashable, CaseIterable {
    /// By what the bytes are (the default). A file whose type only its name gave is refused.
    case content
    /// By the name's extension alone, as Apple's pickers do.
    case `extension`
    /// The content must be accepted and the name's extension must agree with it (for
    /// uploads). A name with no extension, or with one that declares no known type, has
    /// nothing to agree with and is refused.
    case both
}

/// Whether a file is accepted, which entry matched, and why.
public struct AcceptanceDecision: Sendable {
    /// True when the file is accepted.
    public var accepted: Bool
    /// The allowed entry that matched, as written, or nil when none did.
    public var matchedBy: String?
    /// A sentence saying why.
    public var reason: String
    /// What the file is.
    public var classification: Classification
    /// The policy the decision was made under.
    public var policy: AcceptancePolicy
}

extension Classifier {
    /// Classifies a file and decides whether an allowed set takes it.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - allowed: The allowed set.
    ///   - policy: By content (default), by extension, or both.
    /// - Returns: The decision with its reason.
    /// - Throws: ``ClassificationError`` when the path cannot be read.
    public func decide(
        fileAt path: String,
        allowed: AllowedContentTypes,
        policy: AcceptancePolicy = .content
    ) throws(ClassificationError) -> AcceptanceDecision {
        decide(try classify(fileAt: path), allowed: allowed, policy: policy)
    }

    /// Decides whether an allowed set takes a file.
    ///
    /// - Parameters:
    ///   - classification: The file's classification (from ``classify(fileAt:)``).
    ///   - allowed: The allowed set.
    ///   - policy: By content (default), by extension, or both.
    /// - Returns: The decision with its reason.
    public func decide(
        _ classification: Classification,
        allowed: AllowedContentTypes,
        policy: AcceptancePolicy = .content
    ) -> AcceptanceDecision {
        let type = classification.type
        func decision(_ entry: AllowedContentTypes.Entry?, _ reason: String) -> AcceptanceDecision {
            AcceptanceDecision(
                accepted: entry != nil,
                matchedBy: entry?.description,
                reason: reason,
                classification: classification,
                policy: policy
            )
        }
        if allowed.isEmpty {
            return decision(nil, "the allowed set is empty and accepts nothing")
        }
        if policy == .extension {
            guard let claimed = classification.extensionType else {
                return decision(nil, "the name has no extension, and only the name is judged")
            }
            return decision(
                allowed.matchingEntry(for: claimed),
                "the extension claims \(allowed.explanation(for: claimed))"
            )
        }
        // By content, and both: the bytes must have said what the file is.
        switch classification.evidence {
        case .empty:
            return decision(nil, "the file is empty, so its content is no type")
        case .name:
            return decision(
                nil,
                "only the name says \(type.identifier); the content is not recognised"
            )
        default:
            break
        }
        guard let entry = allowed.matchingEntry(for: type) else {
            return decision(nil, "the content is \(allowed.explanation(for: type))")
        }
        let accepted = "the content is \(allowed.explanation(for: type))"
        guard policy == .both else { return decision(entry, accepted) }
        guard let claimed = classification.extensionType, !claimed.isDynamic else {
            let why =
                classification.extensionType == nil
                ? "the name has no extension" : "the name's extension declares no known type"
            return decision(nil, "\(accepted), but \(why) to agree with it")
        }
        switch classification.extensionAgrees {
        case true?:
            return decision(entry, "\(accepted), and the extension agrees")
        case false?:
            return decision(
                nil,
                "the name and the content disagree: the content is \(type.identifier) but the "
                    + "extension claims \(claimed.identifier)"
            )
        case nil:
            return decision(
                nil,
                "\(accepted), but the extension's type \(claimed.identifier) is unrelated to it"
            )
        }
    }
}
