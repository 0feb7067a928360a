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

        /// Creates a tag.
        package init(tagClass: UTTagClass, value: String) {
            self.tagClass = tagClass
            self.value = value
        }
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

    private static func expand(_ code: String) -> String {
        abbreviations.first { $0.code == code }?.identifier ?? code
    }

    /// Encodes a payload into a `dyn.a…` identifier.
    ///
    /// Works on bytes: making a dynamic type is on the path of every lookup of an undeclared
    /// tag. Escaping byte by byte is escaping character by character, since the escaped
    /// characters are ASCII and no other character's UTF-8 holds an ASCII byte.
    package static func encode(conformsTo: [String], tags: [Tag]) -> String {
        var payload: [UInt8] = [UInt8(ascii: "?")]
        payload.reserveCapacity(48)
        func append(key: String, value: String, abbreviatingValue: Bool) {
            if payload.count > 1 { payload.append(UInt8(ascii: ":")) }
            appendAbbreviated(key, to: &payload)
            payload.append(UInt8(ascii: "="))
            if abbreviatingValue {
                appendAbbreviated(value, to: &payload)
            } else {
                appendEscaped(value, to: &payload)
            }
        }
        for parent in conformsTo {
            append(key: conformsToKey, value: parent, abbreviatingValue: true)
        }
        for tag in tags {
            append(key: tag.tagClass.rawValue, value: tag.value, abbreviatingValue: false)
        }
        return pack(payload)
    }

    private static func appendAbbreviated(_ name: String, to payload: inout [UInt8]) {
        if let code = abbreviations.first(where: { $0.identifier == name })?.code {
            payload.append(contentsOf: code.utf8)
        } else {
            appendEscaped(name, to: &payload)
        }
    }

    private static func appendEscaped(_ text: String, to payload: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "\\"), UInt8(ascii: "?"):
                payload.append(UInt8(ascii: "\\"))
            default: break
            }
            payload.append(byte)
        }
    }

    /// `dyn.a` and the bytes packed five bits a character.
    private static func pack(_ bytes: [UInt8]) -> String {
        let prefix = "dyn.a".utf8
        let capacity = prefix.count + (bytes.count * 8 + 4) / 5
        return String(unsafeUninitializedCapacity: capacity) { output in
            var count = 0
            for byte in prefix {
                output[count] = byte
                count += 1
            }
            alphabet.withUnsafeBufferPointer { alphabet in
                var accumulator: UInt32 = 0
                var bitCount = 0
                for byte in bytes {
                    accumulator = (accumulator << 8) | UInt32(byte)
                    bitCount += 8
                    while bitCount >= 5 {
                        bitCount -= 5
                        output[count] = alphabet[Int((accumulator >> UInt32(bitCount)) & 31)]
                        count += 1
                    }
                    accumulator &= (1 << UInt32(bitCount)) - 1
                }
                if bitCount > 0 {
                    output[count] = alphabet[Int((accumulator << UInt32(5 - bitCount)) & 31)]
                    count += 1
                }
            }
            return count
        }
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
