public import UniformTypes

/// How a file is judged against an allowed set.
public enum AcceptancePolicy: String, Sendable, Hashable, CaseIterable {
    /// By what the bytes are (the default). A file whose type only its name gave is refused.
    case content
    /// By the name's extension alone, as Apple's pickers do.
    case `extension`
    /// The content must be accepted and the name's extension must agree with it (for
    /// uploads). A name with no extension, or with one that declares no known type, has
    /// nothing to agree with and is refused. When a declared type (an upload's
    /// `Content-Type`) is given, it must agree with the content too.
    case both
}

/// Two claims about a file that name unrelated types.
///
/// A file has up to three claims: the type its bytes are (the content), the type its name's
/// extension gives, and the type a client declared (an upload's `Content-Type`). Two claims
/// agree when one type conforms to the other, or when one is plain text and the other text;
/// a declared `application/octet-stream` (what a client sends when it does not know) claims
/// nothing.
public enum Disagreement: String, Sendable, Hashable, CaseIterable {
    /// The declared type and the content's type.
    case declaredAndContent = "declared-content"
    /// The name's extension and the content's type.
    case nameAndContent = "name-content"
    /// The declared type and the name's extension.
    case declaredAndName = "declared-name"
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
    /// The MIME type the client declared, without parameters and lower-cased; nil when none
    /// was given.
    public var declaredMIMEType: String?
    /// The type the declared MIME type names, when one was given and the registry knows it.
    public var declaredType: UTType?
    /// The pairs of claims (declared type, name, content) that disagree.
    public var disagreements: [Disagreement] = []
    /// Why the file's properties failed, each with the property and its value.
    ///
    /// The limits it is over (see ``AcceptanceLimits``), or, when only entries with codecs
    /// took its type, the codecs the first of them does not list. Empty when accepted, and
    /// when the type alone rejected the file.
    public var violations: [LimitViolation] = []
}

extension Classifier {
    /// Classifies a file and decides whether an allowed set takes it.
    ///
    /// - Parameters:
    ///   - path: The file's path.
    ///   - allowed: The allowed set.
    ///   - policy: By content (default), by extension, or both.
    ///   - declaredMIMEType: The MIME type a client declared, or nil; see
    ///     ``decide(_:allowed:policy:declaredMIMEType:strict:limits:)``.
    ///   - strict: Reject content that is not safe to serve (the check is made for this
    ///     decision whatever the options say).
    ///   - limits: Limits on the file's size and media properties; none by default. The
    ///     properties are read only when a limit or an entry with codecs needs them.
    /// - Returns: The decision with its reason, and the limits failed.
    /// - Throws: ``ClassificationError`` when the path cannot be read.
    public func decide(
        fileAt path: String,
        allowed: AllowedContentTypes,
        policy: AcceptancePolicy = .content,
        declaredMIMEType: String? = nil,
        strict: Bool = false,
        limits: AcceptanceLimits = AcceptanceLimits()
    ) throws(ClassificationError) -> AcceptanceDecision {
        let classifier =
            strict && !options.checksServeSafety
            ? Classifier(
                registry: registry,
                options: Options(
                    followSymlinks: options.followSymlinks,
                    listsCandidates: options.listsCandidates,
                    checksServeSafety: true,
                    readsProperties: options.readsProperties
                )
            ) : self
        let needsProperties = limits.needsProperties || allowed.requiresCodecs
        let classification =
            needsProperties
            ? try classifier.classify(fileAt: path, readingProperties: true).classification
            : try classifier.classify(fileAt: path)
        return decide(
            classification,
            allowed: allowed,
            policy: policy,
            declaredMIMEType: declaredMIMEType,
            strict: strict,
            limits: limits
        )
    }

    /// Decides whether an allowed set takes an upload's body, read as chunks up to `limit`
    /// bytes (see ``classify(chunks:fileName:limit:)``), comparing the client's declared type,
    /// the name and the bytes.
    ///
    /// - Parameters:
    ///   - chunks: The body, a chunk at a time.
    ///   - fileName: The name the client gave, or nil.
    ///   - declaredMIMEType: The `Content-Type` the client declared, or nil.
    ///   - allowed: The allowed set.
    ///   - policy: ``AcceptancePolicy/both`` rejects any disagreement with the content;
    ///     ``AcceptancePolicy/content`` reports it and judges the bytes.
    ///   - limit: The most bytes held.
    ///   - strict: Reject content that is not safe to serve, as far as the bytes held show.
    ///   - limits: Limits on the body's size and media properties; none by default. The
    ///     properties are read from the bytes held, only when a limit or an entry with codecs
    ///     needs them. A body longer than `limit` has no known size: a size limit rejects it.
    /// - Returns: The decision with its reason, and the limits failed.
    /// - Throws: What the sequence throws.
    public func decide<Chunks: AsyncSequence>(
        chunks: Chunks,
        fileName: String? = nil,
        declaredMIMEType: String? = nil,
        allowed: AllowedContentTypes,
        policy: AcceptancePolicy = .content,
        limit: Int = Classifier.streamLimit,
        strict: Bool = false,
        limits: AcceptanceLimits = AcceptanceLimits()
    ) async throws -> AcceptanceDecision where Chunks.Element: Collection<UInt8> {
        let classification = try await classify(
            chunks: chunks,
            fileName: fileName,
            limit: limit,
            checkingServeSafety: strict || options.checksServeSafety,
            readingProperties: limits.needsProperties || allowed.requiresCodecs
        )
        return decide(
            classification,
            allowed: allowed,
            policy: policy,
            declaredMIMEType: declaredMIMEType,
            strict: strict,
            limits: limits
        )
    }

    /// Decides whether an allowed set takes a file, comparing the claims about it.
    ///
    /// The claims are the content, the name's extension and, for an upload, the declared
    /// `Content-Type`; ``AcceptanceDecision/disagreements`` lists the pairs that disagree
    /// (see ``Disagreement``). The rule: under ``AcceptancePolicy/both`` a declared type that
    /// disagrees with the content rejects the file, as a disagreeing extension does; under
    /// ``AcceptancePolicy/content`` and ``AcceptancePolicy/extension`` a disagreement is named
    /// in the reason but does not change the decision.
    /// - Parameters:
    ///   - classification: The file's classification (from ``classify(fileAt:)``).
    ///   - allowed: The allowed set.
    ///   - policy: By content (default), by extension, or both.
    ///   - declaredMIMEType: The MIME type a client declared (`image/png; charset=binary`:
    ///     parameters are ignored), or nil.
    ///   - strict: Reject a file with a ``Classification/serveSafety`` finding (trailing data,
    ///     HTML in an image, script in SVG), and one that was not checked (nil).
    ///   - limits: Limits checked once the type is accepted, against
    ///     ``Classification/properties`` and ``Classification/fileSize``; none by default.
    ///     Properties that were not read (see ``Classifier/Options/readsProperties``) count
    ///     as not stated, and so does a codec an entry with codecs needs.
    /// - Returns: The decision with its reason, and in ``AcceptanceDecision/violations`` the
    ///   limits or codecs that failed.
    public func decide(
        _ classification: Classification,
        allowed: AllowedContentTypes,
        policy: AcceptancePolicy = .content,
        declaredMIMEType: String? = nil,
        strict: Bool = false,
        limits: AcceptanceLimits = AcceptanceLimits()
    ) -> AcceptanceDecision {
        var result = decideByPolicy(classification, allowed: allowed, policy: policy)
        compareClaims(&result, declared: declaredMIMEType)
        if result.accepted {
            let checked = limits.check(classification.properties, fileSize: classification.fileSize)
            if !checked.accepted {
                result.accepted = false
                result.matchedBy = nil
                result.violations = checked.violations
                result.reason = "over the limits: \(checked.reason) (\(result.reason))"
            }
        }
        if strict, result.accepted {
            if let findings = classification.serveSafety {
                if !findings.isEmpty {
                    result.accepted = false
                    result.matchedBy = nil
                    result.reason =
                        "not safe to serve: "
                        + findings.map(\.detail).joined(separator: "; ") + " (\(result.reason))"
                }
            } else {
                result.accepted = false
                result.matchedBy = nil
                result.reason = "strict, but the file was not checked for serve safety"
            }
        }
        return result
    }

    /// Fills the declared type and the disagreements, and adds them to the reason; under
    /// `both`, a declared type that disagrees with the content rejects.
    private func compareClaims(_ result: inout AcceptanceDecision, declared: String?) {
        let classification = result.classification
        let content = classification.evidence == .empty ? nil : classification.type
        let named = classification.extensionType
        if classification.extensionAgrees == false, content != nil, named != nil {
            result.disagreements.append(.nameAndContent)
        }
        guard let declared else { return }
        let mime = TypeRegistry.stripParameters(declared).lowercased()
        result.declaredMIMEType = mime
        // What a client sends when it does not know: no claim.
        let noClaim = ["", "application/octet-stream", "binary/octet-stream", "*/*"]
        guard !noClaim.contains(mime) else { return }
        let type = registry.type(tag: mime, tagClass: .mimeType, conformingTo: nil)
        result.declaredType = type.flatMap { $0.isDynamic && !$0.isDeclared ? nil : $0 }
        var notes: [String] = []
        if let content, !agree(result.declaredType, content) {
            result.disagreements.append(.declaredAndContent)
            notes.append("the declared type \(mime) disagrees with the content")
        }
        if let named, !named.isDynamic, !agree(result.declaredType, named) {
            result.disagreements.append(.declaredAndName)
            notes.append(
                "the declared type \(mime) disagrees with the extension's \(named.identifier)"
            )
        }
        if notes.isEmpty {
            result.reason += "; the declared type \(mime) agrees"
            return
        }
        if result.policy == .both, result.disagreements.contains(.declaredAndContent),
            result.accepted
        {
            result.accepted = false
            result.matchedBy = nil
            result.reason =
                "under policy both a disagreement rejects: " + notes.joined(separator: "; ")
                + " (\(result.reason))"
            return
        }
        result.reason += "; " + notes.joined(separator: "; ")
    }

    /// Whether a declared type agrees with another claim.
    ///
    /// They agree when one conforms to the other, or one is plain text and the other text. A
    /// declared type the registry does not know agrees
    /// with nothing.
    private func agree(_ declared: UTType?, _ other: UTType) -> Bool {
        guard let declared else { return false }
        if declared.conforms(to: other) || other.conforms(to: declared) { return true }
        guard let text = registry.type(withIdentifier: "public.text") else { return false }
        let plain = "public.plain-text"
        return (declared.identifier == plain && other.conforms(to: text))
            || (other.identifier == plain && declared.conforms(to: text))
    }

    private func decideByPolicy(
        _ classification: Classification,
        allowed: AllowedContentTypes,
        policy: AcceptancePolicy
    ) -> AcceptanceDecision {
        let type = classification.type
        func decision(
            _ entry: AllowedContentTypes.Entry?,
            _ reason: String,
            violations: [LimitViolation] = []
        ) -> AcceptanceDecision {
            AcceptanceDecision(
                accepted: entry != nil,
                matchedBy: entry?.description,
                reason: reason,
                classification: classification,
                policy: policy,
                violations: violations
            )
        }
        /// The decision for a type some entries may take, their codecs checked, and the entry
        /// that took it.
        func judged(
            _ judgedType: UTType,
            _ prefix: String
        ) -> (decision: AcceptanceDecision, entry: AllowedContentTypes.Entry?) {
            switch chooseEntry(for: judgedType, in: allowed, properties: classification.properties)
            {
            case .none:
                return (decision(nil, prefix + allowed.explanation(for: judgedType)), nil)
            case .accepted(let entry):
                var reason = prefix + allowed.explanation(for: judgedType, matchedBy: entry)
                if entry.codecs != nil {
                    let found = [
                        classification.properties?.videoCodec,
                        classification.properties?.audioCodec,
                    ].compactMap { $0 }
                    reason +=
                        found.isEmpty
                        ? ", and it has no track whose codec must be listed"
                        : found.count == 1
                            ? ", and its codec \(found[0]) is listed"
                            : ", and its codecs \(found.joined(separator: ", ")) are listed"
                }
                return (decision(entry, reason), entry)
            case .codecsRefused(let entry, let violations):
                let reason =
                    prefix + allowed.explanation(for: judgedType, matchedBy: entry) + ", but "
                    + violations.map(\.reason).joined(separator: "; ")
                return (decision(nil, reason, violations: violations), nil)
            }
        }
        if allowed.isEmpty {
            return decision(nil, "the allowed set is empty and accepts nothing")
        }
        if policy == .extension {
            guard let claimed = classification.extensionType else {
                return decision(nil, "the name has no extension, and only the name is judged")
            }
            return judged(claimed, "the extension claims ").decision
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
        let (byContent, matched) = judged(type, "the content is ")
        guard let entry = matched, policy == .both else { return byContent }
        let accepted = byContent.reason
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

    /// Which entry takes a type once the codecs of entries that list them are checked.
    private enum EntryChoice {
        /// No entry takes the type.
        case none
        /// This entry takes it (and the file's codecs, when it lists codecs).
        case accepted(AllowedContentTypes.Entry)
        /// Only entries with codecs take the type, and the first refuses the file's codecs.
        case codecsRefused(AllowedContentTypes.Entry, [LimitViolation])
    }

    /// The first entry that takes a type and, when it lists codecs, the file's codecs (each
    /// track's codec must be one a listed codec takes, as ``AcceptanceLimits/codec(_:matches:)``
    /// matches them); the common case of a set without codecs never looks at the properties.
    private func chooseEntry(
        for type: UTType,
        in allowed: AllowedContentTypes,
        properties: MediaProperties?
    ) -> EntryChoice {
        guard allowed.requiresCodecs else {
            return allowed.matchingEntry(for: type).map { .accepted($0) } ?? .none
        }
        var refused: (AllowedContentTypes.Entry, [LimitViolation])?
        for entry in allowed.matchingEntries(for: type) {
            guard let listed = entry.codecs else { return .accepted(entry) }
            let limits = AcceptanceLimits(allowedVideoCodecs: listed, allowedAudioCodecs: listed)
            let checked = limits.check(properties)
            if checked.accepted { return .accepted(entry) }
            if refused == nil { refused = (entry, checked.violations) }
        }
        return refused.map { .codecsRefused($0.0, $0.1) } ?? .none
    }
}
