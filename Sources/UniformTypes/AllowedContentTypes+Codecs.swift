/// MIME types with an RFC 6381 `codecs` parameter: `video/mp4; codecs="avc1, mp4a.40.2"`.
extension AllowedContentTypes.Entry {
    /// The codecs an entry names in its `codecs` parameter (RFC 6381), in the order written;
    /// nil when it names none.
    ///
    /// Only a MIME type entry takes the parameter: `video/mp4; codecs="avc1, mp4a.40.2"`
    /// gives `["avc1", "mp4a.40.2"]`, `audio/webm; codecs=opus` gives `["opus"]`. Such an
    /// entry takes a file whose type conforms to the MIME type and whose every track's codec
    /// one of these codecs takes, as browsers match them (`avc1` takes `avc1.64001F`). The
    /// type alone (``AllowedContentTypes/matchingEntry(for:)``) is necessary, not enough;
    /// MediaClassification's acceptance decision checks the codecs.
    public var codecs: [String]? {
        guard case .type(_, let written) = self,
            let semicolon = written.firstIndex(of: ";")
        else { return nil }
        return try? AllowedContentTypes.codecs(
            inParameters: written[written.index(after: semicolon)...],
            entry: written
        )
    }
}

extension AllowedContentTypes {
    /// True when some entry names codecs (see ``Entry/codecs``): deciding needs the file's
    /// media properties.
    public var requiresCodecs: Bool { hasCodecEntries }

    /// Every entry whose type, pattern or extension accepts a type, in the order given.
    ///
    /// An entry with ``Entry/codecs`` is listed when the type conforms; whether the file's
    /// codecs are listed is for the caller to check.
    /// - Parameter type: The type to judge.
    /// - Returns: The entries that accept the type, first to last.
    public func matchingEntries(for type: UTType) -> [Entry] {
        entries.filter { matches(type, $0) }
    }

    /// Names a type and says how a given entry (one of ``matchingEntries(for:)``) takes it.
    ///
    /// - Parameters:
    ///   - type: The type judged.
    ///   - entry: The entry that takes it.
    /// - Returns: A phrase to follow "the content is", as ``explanation(for:)`` gives.
    public func explanation(for type: UTType, matchedBy entry: Entry) -> String {
        "\(type.identifier), \(howMatched(type, entry))"
    }

    /// Splits a specification at its commas, except those in a quoted string (the codecs of
    /// `video/mp4; codecs="avc1, mp4a.40.2"`).
    static func splitEntries(_ specification: String) -> [Substring] {
        var pieces: [Substring] = []
        var start = specification.startIndex
        var quoted = false
        var escaped = false
        var index = specification.startIndex
        while index < specification.endIndex {
            let character = specification[index]
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == ",", !quoted {
                pieces.append(specification[start..<index])
                start = specification.index(after: index)
            }
            index = specification.index(after: index)
        }
        pieces.append(specification[start...])
        return pieces
    }

    /// Reads the parameters after a MIME type's `;`: exactly one, `codecs`, whose name is
    /// matched without regard to case and whose value is a token or a quoted string holding a
    /// comma-separated list.
    /// - Parameters:
    ///   - parameters: The text after the first `;`.
    ///   - entry: The entry as written, for the error.
    /// - Returns: The codecs, trimmed, in order.
    /// - Throws: ``ParseError`` for another parameter, a missing or malformed value, an
    ///   empty codec, or `codecs` given twice.
    static func codecs(inParameters parameters: Substring, entry: String) throws(ParseError)
        -> [String]
    {
        var rest = parameters[...]
        var found: [String]?
        func fail(_ reason: String) -> ParseError { ParseError(entry: entry, reason: reason) }
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let equals = rest.firstIndex(of: "=") else {
                let name = rest.prefix { $0 != ";" }.trimmingSpaces()
                throw fail(
                    name.isEmpty
                        ? "an empty MIME parameter (a stray ';')"
                        : "the MIME parameter '\(name)' has no value; only codecs=... is allowed"
                )
            }
            let name = rest[..<equals].trimmingSpaces()
            guard name.lowercased() == "codecs" else {
                throw fail(
                    name.isEmpty
                        ? "a MIME parameter without a name"
                        : "the MIME parameter '\(name)' is not allowed here; only codecs is"
                )
            }
            guard found == nil else { throw fail("codecs is given twice") }
            rest = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            let value: String
            if rest.first == "\"" {
                var text = ""
                var index = rest.index(after: rest.startIndex)
                var closed = false
                while index < rest.endIndex {
                    let character = rest[index]
                    index = rest.index(after: index)
                    if character == "\"" {
                        closed = true
                        break
                    }
                    if character == "\\" {
                        guard index < rest.endIndex else { break }
                        text.append(rest[index])
                        index = rest.index(after: index)
                    } else {
                        text.append(character)
                    }
                }
                guard closed else { throw fail("the quoted codecs value is not closed") }
                value = text
                rest = rest[index...]
            } else {
                let token = rest.prefix { $0 != ";" }
                value = token.trimmingSpaces()
                rest = rest[token.endIndex...]
                guard !value.isEmpty else { throw fail("codecs has no value") }
                guard !value.contains(where: { $0 == " " || $0 == "\t" || $0 == "\"" }) else {
                    throw fail("an unquoted codecs value is one token; quote a list")
                }
            }
            let list = value.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingSpaces() }
            guard !list.contains(where: \.isEmpty) else {
                throw fail(
                    value.trimmingSpaces().isEmpty ? "codecs has no value" : "empty codec in codecs"
                )
            }
            guard
                list.allSatisfy({ codec in
                    codec.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 0x20 && $0 != ";" }
                })
            else {
                throw fail("a codec holds a space or a character that is not ASCII")
            }
            found = list
            rest = rest.drop { $0 == " " || $0 == "\t" }
            if rest.isEmpty { break }
            guard rest.first == ";" else {
                throw fail("text after the codecs value; separate parameters with ';'")
            }
            rest = rest.dropFirst()
        }
        return found ?? []
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String { String(self).trimmingSpaces() }
}
