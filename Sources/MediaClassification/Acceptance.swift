public import UniformTypes

/// How a file is judged against an allowed set.
public enum AcceptancePolicy: String, Sendable, Hashable, CaseIterable {
    /// By what the bytes are (the default). A file whose type only its name gave is refused.
    case content
    /// By the name's extension alone, as Apple's pickers do.
    case `extension`
    /// The content must be accepted and the extension must agree with it (for uploads).
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
}

extension Classifier {
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
        let byContent = allowed.matchingEntry(for: type)
        let nameOnly = classification.evidence == .name || classification.evidence == .empty
        let byExtension = classification.extensionType.flatMap { allowed.matchingEntry(for: $0) }
        func decision(_ accepted: Bool, _ entry: AllowedContentTypes.Entry?, _ reason: String)
            -> AcceptanceDecision
        {
            AcceptanceDecision(
                accepted: accepted,
                matchedBy: entry?.description,
                reason: reason,
                classification: classification
            )
        }
        let what = "the content is \(type.identifier)"
        switch policy {
        case .content:
            if nameOnly {
                return decision(
                    false,
                    nil,
                    "only the name says \(type.identifier); the content is unknown"
                )
            }
            if let byContent {
                return decision(true, byContent, "\(what), which conforms to \(byContent)")
            }
            return decision(false, nil, "\(what), which conforms to no allowed type")
        case .extension:
            guard let claimed = classification.extensionType else {
                return decision(false, nil, "the name has no extension")
            }
            if let byExtension {
                return decision(
                    true,
                    byExtension,
                    "the extension claims \(claimed.identifier), which conforms to \(byExtension)"
                )
            }
            return decision(
                false,
                nil,
                "the extension claims \(claimed.identifier), which conforms to no allowed type"
            )
        case .both:
            if nameOnly {
                return decision(false, nil, "only the name says \(type.identifier)")
            }
            guard let byContent else {
                return decision(false, nil, "\(what), which conforms to no allowed type")
            }
            if classification.extensionAgrees == false {
                let claimed = classification.extensionType?.identifier ?? "nothing"
                return decision(
                    false,
                    nil,
                    "\(what) but the extension claims \(claimed): the name and the content disagree"
                )
            }
            return decision(
                true,
                byContent,
                "\(what), which conforms to \(byContent), and the extension agrees"
            )
        }
    }
}
