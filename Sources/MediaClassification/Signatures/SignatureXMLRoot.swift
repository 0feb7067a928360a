/// The root element of an XML document read from its first bytes: local name and namespace.
///
/// After an optional byte-order mark (UTF-8, UTF-16 LE or BE; UTF-16 without one is
/// recognised by `<` next to a zero byte), the scan skips whitespace, the XML declaration and
/// other processing instructions, comments and a DOCTYPE (with an internal subset), then reads
/// the first start tag: its name, split at `:`, and the namespace its prefix is bound to there
/// (`xmlns="..."` for no prefix, `xmlns:p="..."` for `p`). Bindings made by enclosing
/// elements cannot exist, as this is the root. A namespace written with entity references
/// (`xmlns:rdf="&rdf;#"`, as OWL ontologies declare theirs) is expanded with the internal
/// subset's general entities and XML's five predefined ones. The start tag must end within
/// the bytes given;
/// anything else that is not XML gives nil. Work is linear in the bytes scanned, at most
/// ``maximumScan``.
struct SignatureXMLRoot: Sendable, Hashable {
    /// The element's name without its prefix.
    var localName: String
    /// The namespace URI bound to the element's prefix (or the default namespace); empty when
    /// none is.
    var namespaceURI: String

    /// The most bytes looked at (after transcoding UTF-16 to UTF-8).
    static let maximumScan = 64 * 1024

    /// Reads the root element of `head`, or nil when it is not the start of an XML document.
    ///
    /// - Parameter head: The first bytes of a file.
    /// - Returns: The root element's local name and namespace, or nil.
    static func read(_ head: UnsafeBufferPointer<UInt8>) -> SignatureXMLRoot? {
        let count = min(head.count, maximumScan)
        guard count >= 4 else { return nil }
        if head[0] == 0xEF, head[1] == 0xBB, head[2] == 0xBF {
            return scan(UnsafeBufferPointer(rebasing: head[3..<count]))
        }
        var littleEndian: Bool?
        if head[0] == 0xFF, head[1] == 0xFE {
            littleEndian = true
        } else if head[0] == 0xFE, head[1] == 0xFF {
            littleEndian = false
        } else if head[0] == 0x3C, head[1] == 0 {
            littleEndian = true
        } else if head[0] == 0, head[1] == 0x3C {
            littleEndian = false
        }
        guard let littleEndian else { return scan(UnsafeBufferPointer(rebasing: head[0..<count])) }
        let skip = (head[0] == 0xFF || head[0] == 0xFE) ? 2 : 0
        var units: [UInt16] = []
        units.reserveCapacity((count - skip) / 2)
        var index = skip
        while index + 1 < count {
            let first = UInt16(head[index])
            let second = UInt16(head[index + 1])
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(units.count)
        // Unpaired surrogates become U+FFFD; a name holding one matches no rule anyway.
        _ = transcode(
            units.makeIterator(),
            from: UTF16.self,
            to: UTF8.self,
            stoppingOnError: false
        ) { utf8.append($0) }
        return utf8.withUnsafeBufferPointer { scan($0) }
    }

    /// The scan over UTF-8 (or any ASCII-compatible) bytes.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> SignatureXMLRoot? {
        var reader = Reader(bytes: bytes)
        while true {
            reader.skipWhitespace()
            guard reader.consume(0x3C) else { return nil }  // <
            if reader.consume(0x3F) {  // <? ... ?>
                guard reader.skip(past: [0x3F, 0x3E]) else { return nil }
            } else if reader.consume(0x21) {  // <!
                if reader.consume(literal: [0x2D, 0x2D]) {  // <!-- ... -->
                    guard reader.skip(past: [0x2D, 0x2D, 0x3E]) else { return nil }
                } else if reader.consume(literal: Array("DOCTYPE".utf8)) {
                    guard reader.skipDoctype() else { return nil }
                } else {
                    return nil
                }
            } else {
                return reader.startTag()
            }
        }
    }

    /// The most general entities kept from an internal subset, and the longest value kept.
    static let maximumEntities = 64
    static let maximumEntityValue = 1024
    /// The longest namespace an expansion may make; past it the value is kept as written (no
    /// rule names a namespace so long, and hostile references cannot grow it further).
    static let maximumExpansion = 4096

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        /// The internal subset's general entities with literal values, by name.
        var entities: [ArraySlice<UInt8>: ArraySlice<UInt8>] = [:]

        var atEnd: Bool { position >= bytes.count }

        static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        /// Whether `byte` may be part of a name (ASCII name characters, or any non-ASCII).
        static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x3A) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x2D
                || byte == 0x2E || byte >= 0x80
        }

        mutating func skipWhitespace() {
            while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        mutating func consume(literal: [UInt8]) -> Bool {
            guard bytes.count - position >= literal.count else { return false }
            for (offset, byte) in literal.enumerated() where bytes[position + offset] != byte {
                return false
            }
            position += literal.count
            return true
        }

        /// Moves past the next occurrence of `terminator`; false if there is none.
        mutating func skip(past terminator: [UInt8]) -> Bool {
            guard let first = terminator.first else { return true }
            while position < bytes.count {
                if bytes[position] == first, consume(literal: terminator) { return true }
                position += 1
            }
            return false
        }

        /// Moves past a DOCTYPE's `>`, skipping quoted strings and an internal subset
        /// (with its comments and quoted strings).
        mutating func skipDoctype() -> Bool {
            var inSubset = false
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case 0x22, 0x27:  // a quoted literal
                    while position < bytes.count, bytes[position] != byte { position += 1 }
                    guard position < bytes.count else { return false }
                    position += 1
                case 0x5B: inSubset = true  // [
                case 0x5D: inSubset = false  // ]
                case 0x3C where inSubset:  // <!-- or <!ENTITY inside the subset
                    if consume(literal: [0x21, 0x2D, 0x2D]) {
                        guard skip(past: [0x2D, 0x2D, 0x3E]) else { return false }
                    } else if consume(literal: Array("!ENTITY".utf8)) {
                        entityDeclaration()
                    }
                case 0x3E where !inSubset: return true
                default: break
                }
            }
            return false
        }

        /// Records the general entity declared after `<!ENTITY` when its value is a literal.
        ///
        /// A parameter entity (`%`) or an external one (`SYSTEM`, `PUBLIC`) is left for the
        /// DOCTYPE scan to step over.
        mutating func entityDeclaration() {
            skipWhitespace()
            guard let entity = name() else { return }
            skipWhitespace()
            guard position < bytes.count else { return }
            let quote = bytes[position]
            guard quote == 0x22 || quote == 0x27 else { return }
            let start = position + 1
            var end = start
            while end < bytes.count, bytes[end] != quote { end += 1 }
            guard end < bytes.count else { return }
            position = end + 1
            if entities.count < SignatureXMLRoot.maximumEntities,
                end - start <= SignatureXMLRoot.maximumEntityValue, entities[entity] == nil
            {
                entities[entity] = ArraySlice(bytes[start..<end])
            }
        }

        /// An attribute value with its entity references replaced: the internal subset's
        /// general entities (one level) and `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`; a
        /// reference to anything else is kept as written.
        func expanded(_ value: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
            guard value.contains(0x26) else { return value }  // &
            let predefined: [String: UInt8] = [
                "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27,
            ]
            var result: [UInt8] = []
            var index = value.startIndex
            while index < value.endIndex {
                let byte = value[index]
                if byte == 0x26,
                    let semicolon = value[index...].prefix(66).firstIndex(of: 0x3B),
                    semicolon > index + 1
                {
                    let reference = value[(index + 1)..<semicolon]
                    if let replacement = entities[reference] {
                        result += replacement
                        guard result.count <= SignatureXMLRoot.maximumExpansion else {
                            return value
                        }
                        index = semicolon + 1
                        continue
                    }
                    if let character = predefined[String(decoding: reference, as: UTF8.self)] {
                        result.append(character)
                        index = semicolon + 1
                        continue
                    }
                }
                result.append(byte)
                index += 1
            }
            return ArraySlice(result)
        }

        mutating func name() -> ArraySlice<UInt8>? {
            let start = position
            while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
            guard position > start else { return nil }
            return ArraySlice(bytes[start..<position])
        }

        /// After `<`: the start tag's name and the namespace of its prefix.
        mutating func startTag() -> SignatureXMLRoot? {
            guard let qualified = name() else { return nil }
            let colon = qualified.firstIndex(of: 0x3A)
            let prefix = colon.map { qualified[qualified.startIndex..<$0] }
            let local = colon.map { qualified[($0 + 1)...] } ?? qualified
            guard !local.isEmpty else { return nil }
            var namespace: ArraySlice<UInt8> = []
            let xmlns = Array("xmlns".utf8)
            while true {
                skipWhitespace()
                guard position < bytes.count else { return nil }
                if bytes[position] == 0x3E { break }  // >
                if bytes[position] == 0x2F {  // />
                    position += 1
                    guard consume(0x3E) else { return nil }
                    break
                }
                guard let attribute = name() else { return nil }
                skipWhitespace()
                guard consume(0x3D) else { return nil }  // =
                skipWhitespace()
                guard position < bytes.count else { return nil }
                let quote = bytes[position]
                guard quote == 0x22 || quote == 0x27 else { return nil }
                position += 1
                let start = position
                while position < bytes.count, bytes[position] != quote { position += 1 }
                guard position < bytes.count else { return nil }
                let value = ArraySlice(bytes[start..<position])
                position += 1
                if let prefix {
                    if attribute.count == xmlns.count + 1 + prefix.count,
                        attribute.starts(with: xmlns + [0x3A]),
                        attribute.dropFirst(xmlns.count + 1).elementsEqual(prefix)
                    {
                        namespace = value
                    }
                } else if attribute.elementsEqual(xmlns) {
                    namespace = value
                }
            }
            return SignatureXMLRoot(
                localName: String(decoding: local, as: UTF8.self),
                namespaceURI: String(decoding: expanded(namespace), as: UTF8.self)
            )
        }
    }
}
