/// Apple's encoding of dynamic type identifiers (`dyn.…`), both ways.
///
/// A dynamic identifier wraps a payload such as `?0=6:1=sql` (conforms to `public.data`,
/// filename extension `sql`): its UTF-8 bytes are packed five bits a character, most significant
/// bit first, over the alphabet `abcdefghkmnpqrstuvwxyz0123456789`, the last group padded with
/// zero bits, and the result prefixed with `dyn.a`. Keys and common values are abbreviated to
/// one character (`0` conforms-to, `1` filename extension, `3` MIME type, `6` `public.data`).
package enum DynamicIdentifier {
    /// The decoded content of a dynamic identifier.
    package struct Payload: Sendable, Hashable {
        /// The identifiers the dynamic type conforms to.
        package var conformsTo: [String]
        /// The tags, in payload order.
        package var tags: [Tag]
    }

    /// One tag of a dynamic type.
    package struct Tag: Sendable, Hashable {
        /// The tag class, such as ``UTTagClass/filenameExtension``.
        package var tagClass: UTTagClass
        /// The tag, such as `sql`.
        package var value: String
    }

    private static let alphabet = Array("abcdefghkmnpqrstuvwxyz0123456789".utf8)

    // One-character abbreviations shared by keys and values.
    private static let abbreviations: [(code: String, identifier: String)] = [
        ("0", conformsToKey),
        ("1", UTTagClass.filenameExtension.rawValue),
        ("2", "com.apple.ostype"),
        ("3", UTTagClass.mimeType.rawValue),
        ("4", "com.apple.nspboard-type"),
        ("5", "public.url-scheme"),
        ("6", "public.data"),
        ("7", "public.text"),
        ("8", "public.plain-text"),
        ("9", "public.utf16-plain-text"),
        ("A", "com.apple.traditional-mac-plain-text"),
        ("B", "public.image"),
        ("C", "public.video"),
        ("D", "public.audio"),
        ("E", "public.directory"),
        ("F", "public.folder"),
    ]
    private static let conformsToKey = "UTTypeConformsTo"

    private static func abbreviate(_ name: String) -> String {
        abbreviations.first { $0.identifier == name }?.code ?? escape(name)
    }

    private static func expand(_ code: String) -> String {
        abbreviations.first { $0.code == code }?.identifier ?? code
    }

    private static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == ":" || character == "=" || character == "\\" || character == "?" {
                result.append("\\")
            }
            result.append(character)
        }
        return result
    }

    /// Encodes a payload into a `dyn.a…` identifier.
    package static func encode(conformsTo: [String], tags: [Tag]) -> String {
        var parts: [String] = conformsTo.map { "0=" + abbreviate($0) }
        for tag in tags {
            parts.append(abbreviate(tag.tagClass.rawValue) + "=" + escape(tag.value))
        }
        return "dyn.a" + pack(Array(("?" + parts.joined(separator: ":")).utf8))
    }

    private static func pack(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 8 / 5 + 1)
        var accumulator: UInt32 = 0
        var bitCount = 0
        for byte in bytes {
            accumulator = (accumulator << 8) | UInt32(byte)
            bitCount += 8
            while bitCount >= 5 {
                bitCount -= 5
                output.append(alphabet[Int((accumulator >> UInt32(bitCount)) & 31)])
            }
            accumulator &= (1 << UInt32(bitCount)) - 1
        }
        if bitCount > 0 {
            output.append(alphabet[Int((accumulator << UInt32(5 - bitCount)) & 31)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes a `dyn.a…` identifier, or returns nil when it is not one.
    package static func decode(_ identifier: String) -> Payload? {
        let utf8 = Array(identifier.lowercased().utf8)
        let prefix = Array("dyn.a".utf8)
        guard utf8.count > prefix.count, utf8.starts(with: prefix) else { return nil }
        var bytes: [UInt8] = []
        var accumulator: UInt32 = 0
        var bitCount = 0
        for character in utf8[prefix.count...] {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            accumulator = (accumulator << 5) | UInt32(value)
            bitCount += 5
            if bitCount >= 8 {
                bitCount -= 8
                bytes.append(UInt8((accumulator >> UInt32(bitCount)) & 0xFF))
            }
            accumulator &= (1 << UInt32(bitCount)) - 1
        }
        guard let text = String(validating: bytes, as: UTF8.self), text.first == "?" else {
            return nil
        }
        return parse(text.dropFirst())
    }

    private static func parse(_ text: Substring) -> Payload? {
        var payload = Payload(conformsTo: [], tags: [])
        var key = ""
        var value = ""
        var inValue = false
        var escaped = false
        func finish() -> Bool {
            guard inValue, !key.isEmpty else { return false }
            let name = expand(key)
            if name == conformsToKey {
                payload.conformsTo.append(expand(value))
            } else {
                payload.tags.append(Tag(tagClass: UTTagClass(rawValue: name), value: value))
            }
            key = ""
            value = ""
            inValue = false
            return true
        }
        for character in text {
            if escaped {
                if inValue { value.append(character) } else { key.append(character) }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "=" && !inValue {
                inValue = true
            } else if character == ":" {
                guard finish() else { return nil }
            } else if inValue {
                value.append(character)
            } else {
                key.append(character)
            }
        }
        guard !escaped, finish() else { return nil }
        return payload
    }
}
