extension SignatureDatabase {
    /// Decodes a signature table in the format Scripts/generate-signatures.py writes.
    ///
    /// A line that cannot be read is skipped and counted in ``malformedLineCount``, so any
    /// text gives a database (a test or a fuzzer can feed it anything).
    /// - Parameter table: The table's text.
    package init(table: String) {
        var text = table
        self.init()
        text.withUTF8 { decode($0) }
    }

    /// Decodes the types of the generated table held in a static string: its `T` and `G`
    /// lines; the magic and XML root rules are left out (``init(builtinTables:)`` loads them).
    init(descriptionsOf table: StaticString) {
        self.init()
        if table.hasPointerRepresentation {
            table.withUTF8Buffer { decode($0, descriptionsOnly: true) }
        }
    }

    private mutating func decode(_ text: UnsafeBufferPointer<UInt8>, descriptionsOnly: Bool = false)
    {
        var builder = Builder()
        var lineStart = 0
        while lineStart < text.count {
            var lineEnd = lineStart
            while lineEnd < text.count, text[lineEnd] != 0x0A { lineEnd += 1 }
            var start = lineStart
            while start < lineEnd, text[start] == 0x20 { start += 1 }
            let skipped =
                descriptionsOnly && start < lineEnd
                && (text[start] == UInt8(ascii: "M") || text[start] == UInt8(ascii: "m")
                    || text[start] == UInt8(ascii: "X"))
            if start < lineEnd, !skipped {
                let fields = Self.fields(UnsafeBufferPointer(rebasing: text[start..<lineEnd]))
                if !builder.add(fields, to: &self) { malformedLineCount += 1 }
            }
            lineStart = lineEnd + 1
        }
        builder.finish(&self)
    }

    /// One type of the generated table held in a static string, decoded alone: its `T` line
    /// and the `G` lines of its block of rules, given as byte ranges of the table.
    static func typeInfo(
        in table: StaticString,
        line: Range<Int>,
        rules: Range<Int>
    ) -> TypeInfo? {
        guard table.hasPointerRepresentation else { return nil }
        return table.withUTF8Buffer { text -> TypeInfo? in
            guard line.upperBound <= text.count, rules.upperBound <= text.count,
                var info = Builder.typeInfo(fields(UnsafeBufferPointer(rebasing: text[line])))
            else { return nil }
            var lineStart = rules.lowerBound
            while lineStart < rules.upperBound {
                var lineEnd = lineStart
                while lineEnd < rules.upperBound, text[lineEnd] != 0x0A { lineEnd += 1 }
                if text[lineStart] == UInt8(ascii: "G") {
                    let fields = fields(UnsafeBufferPointer(rebasing: text[lineStart..<lineEnd]))
                    if fields.count >= 3, let source = Builder.source(fields[2]),
                        let glob = Builder.glob(fields, source: source)
                    {
                        info.globs.append(glob)
                    }
                }
                lineStart = lineEnd + 1
            }
            return info
        }
    }

    /// A line's tab-separated fields, as slices of the table's bytes.
    private static func fields(_ line: UnsafeBufferPointer<UInt8>) -> [Field] {
        var fields: [Field] = []
        var start = 0
        for index in 0...line.count where index == line.count || line[index] == 0x09 {
            fields.append(UnsafeBufferPointer(rebasing: line[start..<index]))
            start = index + 1
        }
        return fields
    }

    /// One field of a line of the table.
    private typealias Field = UnsafeBufferPointer<UInt8>

    /// The state of a decode: the open magic block and the children of each matchlet.
    private struct Builder {
        var children: [[Int32]] = []
        /// The matchlets from the current block's root to the last one read.
        var path: [Int32] = []
        /// The open `M` block: type, priority, source; nil after a bad `M` line.
        var block: (type: Int32, priority: Int32, source: SignatureMatch.Source)?

        mutating func add(_ fields: [Field], to database: inout SignatureDatabase) -> Bool {
            guard let tagField = fields.first, tagField.count == 1 else { return false }
            switch Unicode.Scalar(tagField[0]) {
            case "T":
                block = nil
                return addType(fields, to: &database)
            case "G", "X", "M":
                block = nil
                guard fields.count >= 3, let type = Self.number(fields[1]), type >= 0,
                    Int(type) < database.typeList.count,
                    let source = Self.source(fields[2])
                else { return false }
                if tagField[0] == UInt8(ascii: "G") {
                    guard let glob = Self.glob(fields, source: source) else { return false }
                    database.typeList[Int(type)].globs.append(glob)
                } else if tagField[0] == UInt8(ascii: "X") {
                    guard fields.count == 5 else { return false }
                    let namespace = Self.string(fields[3])
                    let local = Self.string(fields[4])
                    // A rule without a namespace is for a root in no namespace, as Tika's
                    // RootXML and shared-mime-info read it: DITA's `map` is not every `map`.
                    database.xmlRules.append(
                        XMLRule(
                            type: type,
                            source: source,
                            namespaceURI: namespace == "-" ? "" : namespace,
                            localName: local == "-" ? nil : local
                        )
                    )
                } else {
                    guard fields.count == 4, let priority = Self.number(fields[3]) else {
                        return false
                    }
                    block = (type, priority, source)
                    path = []
                }
                return true
            case "m":
                return addMatchlet(fields, to: &database)
            default:
                return false
            }
        }

        fileprivate static func source(_ field: Field) -> SignatureMatch.Source? {
            guard field.count == 1 else { return nil }
            switch Unicode.Scalar(field[0]) {
            case "t": return .tika
            case "e": return .extra
            default: return nil
            }
        }

        private static func string(_ field: Field) -> String {
            String(decoding: field, as: UTF8.self)
        }

        /// A decimal number of at most 9 digits.
        private static func number(_ field: Field) -> Int32? {
            guard !field.isEmpty, field.count <= 9 else { return nil }
            var value: Int32 = 0
            for byte in field {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int32(byte - 0x30)
            }
            return value
        }

        /// The words of a space-separated field, lower-cased.
        private static func words(_ field: Field) -> [String] {
            string(field).split(separator: " ").map { signatureLowercased(String($0)) }
        }

        /// The glob of a `G` line's fields.
        fileprivate static func glob(_ fields: [Field], source: SignatureMatch.Source) -> Glob? {
            guard fields.count == 5, !fields[4].isEmpty else { return nil }
            return Glob(
                pattern: Self.string(fields[4]),
                isRegex: Self.string(fields[3]) == "r",
                weight: 50,
                source: source
            )
        }

        /// The type of a `T` line's fields, without its globs.
        fileprivate static func typeInfo(_ fields: [Field]) -> TypeInfo? {
            guard fields.count == 8, let source = Self.source(fields[1]),
                fields[2].contains(UInt8(ascii: "/"))
            else { return nil }
            func optional(_ field: Field) -> String? { field.isEmpty ? nil : Self.string(field) }
            return TypeInfo(
                mimeType: signatureLowercased(Self.string(fields[2])),
                aliases: fields[3].isEmpty ? [] : Self.words(fields[3]),
                parents: fields[4].isEmpty ? [] : Self.words(fields[4]),
                globs: [],
                acronym: optional(fields[5]),
                uniformTypeIdentifier: optional(fields[6]),
                comment: optional(fields[7]),
                source: source
            )
        }

        private func addType(_ fields: [Field], to database: inout SignatureDatabase) -> Bool {
            guard let info = Self.typeInfo(fields) else { return false }
            let mimeType = info.mimeType
            guard database.indexByName[mimeType] == nil else { return false }
            let index = database.typeList.count
            database.typeList.append(info)
            database.indexByName[mimeType] = index
            for alias in info.aliases where database.indexByName[alias] == nil {
                database.indexByName[alias] = index
            }
            return true
        }

        private mutating func addMatchlet(
            _ fields: [Field],
            to database: inout SignatureDatabase
        ) -> Bool {
            guard let block, fields.count == 7, fields[2].count == 1,
                let depth = Self.number(fields[1]).map(Int.init), depth <= path.count, depth < 32,
                let start = Self.number(fields[3]), let end = Self.number(fields[4]),
                end >= start || fields[2][0] == UInt8(ascii: "n"),
                let value = Self.hex(fields[5]), let mask = Self.hex(fields[6])
            else { return false }
            var matchlet = Matchlet(kind: .never, start: start, end: end)
            let kind = Unicode.Scalar(fields[2][0])
            switch kind {
            case "s", "i":
                guard !value.isEmpty, mask.count <= value.count else { return false }
                matchlet.kind = kind == "s" ? .bytes : .ignoringCase
                matchlet.valueStart = Int32(database.valueBytes.count)
                matchlet.valueCount = Int32(value.count)
                // Tika compares the masked head with the masked value.
                for (offset, byte) in value.enumerated() {
                    database.valueBytes.append(offset < mask.count ? byte & mask[offset] : byte)
                }
                matchlet.maskStart = Int32(database.valueBytes.count)
                matchlet.maskCount = Int32(mask.count)
                database.valueBytes += mask
            case "r":
                if let regex = SignatureRegex(pattern: value) {
                    matchlet.kind = .regex
                    matchlet.regex = Int32(database.regexes.count)
                    database.regexes.append(regex)
                }
            case "n":
                guard start >= 1 else { return false }
                matchlet.kind = .minimum
            default:
                // An unknown kind never matches, rather than matching something else.
                break
            }
            let index = Int32(database.matchlets.count)
            database.matchlets.append(matchlet)
            children.append([])
            if depth == 0 {
                database.rules.append(
                    MagicRule(
                        type: block.type,
                        priority: block.priority,
                        source: block.source,
                        root: index
                    )
                )
            } else {
                children[Int(path[depth - 1])].append(index)
            }
            path.removeLast(path.count - depth)
            path.append(index)
            return true
        }

        private static func hex(_ field: Field) -> [UInt8]? {
            let utf8 = field
            guard utf8.count % 2 == 0 else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count / 2)
            var index = 0
            while index < utf8.count {
                guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else {
                    return nil
                }
                bytes.append(high << 4 | low)
                index += 2
            }
            return bytes
        }

        private static func nibble(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x61...0x66: byte - 0x61 + 10
            case 0x41...0x46: byte - 0x41 + 10
            default: nil
            }
        }

        /// Lays the children out, indexes the rules and computes the ancestors.
        func finish(_ database: inout SignatureDatabase) {
            for index in database.matchlets.indices {
                database.matchlets[index].childStart = Int32(database.childIndices.count)
                database.matchlets[index].childCount = Int32(children[index].count)
                database.childIndices += children[index]
            }
            // A minShouldMatch test with fewer children than it needs can never match.
            for index in database.matchlets.indices
            where database.matchlets[index].kind == .minimum
                && database.matchlets[index].childCount < database.matchlets[index].start
            {
                database.matchlets[index].kind = .never
            }
            database.buildIndex()
            database.buildAncestors()
            database.globIndex = SignatureGlobIndex(types: database.typeList)
        }
    }

    private mutating func buildAncestors() {
        let types = typeList
        let names = indexByName
        func index(of mimeType: String) -> Int? { names[signatureLowercased(mimeType)] }
        let xml = index(of: "application/xml")
        let zip = index(of: "application/zip")
        let plain = index(of: "text/plain")
        var parentIndices: [[Int]] = types.indices.map { typeIndex in
            let type = types[typeIndex]
            var parents = type.parents.compactMap { index(of: $0) }.filter { $0 != typeIndex }
            if type.parents.isEmpty {
                let implied: Int?
                if type.mimeType.hasSuffix("+xml") {
                    implied = xml
                } else if type.mimeType.hasSuffix("+zip") {
                    implied = zip
                } else if type.mimeType.hasPrefix("text/") {
                    implied = plain
                } else {
                    implied = nil
                }
                if let implied, implied != typeIndex { parents.append(implied) }
            }
            return parents
        }
        parentIndices = parentIndices.map { Array(Set($0)).sorted() }
        ancestorList = types.indices.map { typeIndex in
            var found: [Int32] = []
            var queue = parentIndices[typeIndex]
            var next = 0
            // A cycle in a hand-written table ends here.
            while next < queue.count, found.count < 256 {
                let parent = queue[next]
                next += 1
                guard parent != typeIndex, !found.contains(Int32(parent)) else { continue }
                found.append(Int32(parent))
                queue += parentIndices[parent]
            }
            return found
        }
    }
}
