/// The file-name patterns of the database, indexed as Tika's `Patterns` indexes them: whole
/// names, `*.ext` extensions (which may hold several dots, `*.tar.gz`), and the rest.
struct SignatureGlobIndex: Sendable {
    /// Types by a whole file name (`Makefile`).
    var names: [String: [Int32]] = [:]
    /// Types by an extension with its dot (`.tar.gz`).
    var extensions: [String: [Int32]] = [:]
    /// The longest extension, in bytes.
    var longestExtension = 0
    /// Other patterns, longest first: a shell glob or a regular expression, and its types.
    var others: [(pattern: [UInt8], regex: SignatureRegex?, types: [Int32])] = []

    init() {}

    init(types: [SignatureDatabase.TypeInfo]) {
        var others: [String: (regex: SignatureRegex?, isRegex: Bool, types: [Int32])] = [:]
        for (index, type) in types.enumerated() {
            for glob in type.globs {
                let pattern = glob.pattern
                let wildcards = pattern.utf8.contains { $0 == 0x2A || $0 == 0x3F || $0 == 0x5B }
                if glob.isRegex {
                    var entry =
                        others[pattern] ?? (SignatureRegex(pattern: Array(pattern.utf8)), true, [])
                    entry.types.append(Int32(index))
                    others[pattern] = entry
                } else if !wildcards {
                    names[pattern, default: []].append(Int32(index))
                } else if pattern.hasPrefix("*."),
                    !pattern.utf8.dropFirst().contains(where: {
                        $0 == 0x2A || $0 == 0x3F || $0 == 0x5B
                    })
                {
                    let extensionText = String(pattern.dropFirst())
                    extensions[extensionText, default: []].append(Int32(index))
                    longestExtension = max(longestExtension, extensionText.utf8.count)
                } else {
                    var entry = others[pattern] ?? (nil, false, [])
                    entry.types.append(Int32(index))
                    others[pattern] = entry
                }
            }
        }
        self.others = others.map { (Array($0.key.utf8), $0.value.regex, $0.value.types) }
            .sorted { left, right in
                left.pattern.count != right.pattern.count
                    ? left.pattern.count > right.pattern.count
                    : left.pattern.lexicographicallyPrecedes(right.pattern)
            }
    }

    /// The types of the best pattern matching `name`, or nil: a whole name, else the longest
    /// extension, else the longest other pattern.
    func types(matching name: String) -> [Int32]? {
        if let found = names[name] { return found }
        let bytes = Array(name.utf8)
        var length = min(longestExtension, bytes.count)
        while length >= 2 {
            let start = bytes.count - length
            if bytes[start] == 0x2E,
                let found = extensions[String(decoding: bytes[start...], as: UTF8.self)]
            {
                return found
            }
            length -= 1
        }
        for other in others {
            if let regex = other.regex {
                var budget = 1 << 14
                let end = bytes.withUnsafeBufferPointer { buffer in
                    regex.firstMatch(
                        in: buffer,
                        from: 0,
                        through: 0,
                        window: buffer.count,
                        budget: &budget
                    )?.end
                }
                if end == bytes.count { return other.types }
            } else {
                var budget = 1 << 14
                if Self.glob(other.pattern[...], matches: bytes[...], budget: &budget) {
                    return other.types
                }
            }
        }
        return nil
    }

    /// Whether a shell glob (`*`, `?`, `[...]`, `[!...]`) matches all of `name`.
    static func glob(
        _ pattern: ArraySlice<UInt8>,
        matches name: ArraySlice<UInt8>,
        budget: inout Int
    ) -> Bool {
        budget -= 1
        guard budget > 0 else { return false }
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case 0x2A:  // *
            var rest = name
            while true {
                if glob(pattern.dropFirst(), matches: rest, budget: &budget) { return true }
                guard !rest.isEmpty else { return false }
                rest = rest.dropFirst()
            }
        case 0x3F:  // ?
            return !name.isEmpty
                && glob(pattern.dropFirst(), matches: name.dropFirst(), budget: &budget)
        case 0x5B:  // [
            guard let byte = name.first,
                let close = pattern.dropFirst(2).firstIndex(of: 0x5D)
            else {
                return !name.isEmpty && name.first == first
                    && glob(pattern.dropFirst(), matches: name.dropFirst(), budget: &budget)
            }
            var members = pattern[(pattern.startIndex + 1)..<close]
            let negated = members.first == 0x21 || members.first == 0x5E
            if negated { members = members.dropFirst() }
            var found = false
            var index = members.startIndex
            while index < members.endIndex {
                if index + 2 < members.endIndex, members[index + 1] == 0x2D {
                    if members[index] <= byte, byte <= members[index + 2] { found = true }
                    index += 3
                } else {
                    if members[index] == byte { found = true }
                    index += 1
                }
            }
            guard found != negated else { return false }
            return glob(pattern[(close + 1)...], matches: name.dropFirst(), budget: &budget)
        default:
            return name.first == first
                && glob(pattern.dropFirst(), matches: name.dropFirst(), budget: &budget)
        }
    }
}

extension SignatureDatabase {
    /// The MIME types a file name's patterns give, as Tika picks them: a pattern naming the
    /// whole file (`Makefile`), else the longest extension (`*.tar.gz` before `*.gz`), else
    /// the longest other pattern; tried as given, then lower-cased.
    ///
    /// Several types are returned when the signature files give one pattern to several.
    /// - Parameter fileName: The file's name (the last component of its path).
    /// - Returns: Canonical MIME types, in the order of the signature files; empty if none.
    package func mimeTypes(forFileName fileName: String) -> [String] {
        guard !fileName.isEmpty, fileName.utf8.count <= 1024 else { return [] }
        let found =
            globs.types(matching: fileName) ?? globs.types(matching: signatureLowercased(fileName))
        return found?.map { types[Int($0)].mimeType } ?? []
    }
}
