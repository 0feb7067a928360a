/// Reads a JSON document (RFC 8259) into a ``PropertyListValue``.
///
/// Objects become dictionaries, arrays arrays, strings strings, `true`/`false` Booleans,
/// `null` ``PropertyListValue/null``; a number without fraction or exponent that fits in 64
/// bits becomes an integer, any other number a real. Bounded like the property-list readers
/// (see ``PropertyListLimits``).
package struct JSONValueReader {
    private let bytes: [UInt8]
    private var position = 0
    private var limits = PropertyListLimits()

    /// Parses a whole JSON document.
    ///
    /// - Parameter bytes: UTF-8 text, optionally with a byte-order mark.
    /// - Returns: The document's value.
    /// - Throws: ``PropertyListReadError`` when the text is not JSON or exceeds a bound.
    package static func parse(_ bytes: [UInt8]) throws(PropertyListReadError) -> PropertyListValue {
        var reader = JSONValueReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        let value = try reader.readValue(depth: 1)
        reader.skipWhitespace()
        guard reader.position == bytes.count else {
            throw reader.malformed("content after the value")
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func readValue(depth: Int) throws(PropertyListReadError) -> PropertyListValue {
        try PropertyListLimits.checkDepth(depth)
        try limits.countValue()
        skipWhitespace()
        guard position < bytes.count else { throw malformed("unexpected end of text") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var dictionary: [String: PropertyListValue] = [:]
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { return .dictionary(dictionary) }
            repeat {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw malformed("expected a string key")
                }
                try limits.countValue()
                let key = try readString()
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { throw malformed("expected ':'") }
                dictionary[key] = try readValue(depth: depth + 1)
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "}")) else { throw malformed("expected ',' or '}'") }
            return .dictionary(dictionary)
        case UInt8(ascii: "["):
            position += 1
            var elements: [PropertyListValue] = []
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return .array(elements) }
            repeat {
                elements.append(try readValue(depth: depth + 1))
                skipWhitespace()
            } while consume(UInt8(ascii: ","))
            guard consume(UInt8(ascii: "]")) else { throw malformed("expected ',' or ']'") }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .boolean(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .boolean(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber()
        default:
            throw malformed("unexpected character")
        }
    }

    private mutating func readString() throws(PropertyListReadError) -> String {
        position += 1  // the opening quote
        var text: [UInt8] = []
        while true {
            guard position < bytes.count else { throw malformed("unterminated string") }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = PropertyListValue.string(utf8: text) else {
                    throw malformed("string is not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                try appendEscape(to: &text)
            case 0x00..<0x20:
                throw malformed("control character in a string")
            default:
                text.append(byte)
            }
            try PropertyListLimits.checkStringLength(text.count)
        }
    }

    private mutating func appendEscape(to text: inout [UInt8]) throws(PropertyListReadError) {
        guard position < bytes.count else { throw malformed("unterminated escape") }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(byte)
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "u"):
            var value = UInt32(try readHex4())
            if (0xD800..<0xDC00).contains(value) {
                guard matchesLowSurrogatePrefix() else { throw malformed("lone surrogate") }
                position += 2
                let low = UInt32(try readHex4())
                guard (0xDC00..<0xE000).contains(low) else { throw malformed("lone surrogate") }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw malformed("lone surrogate") }
            text.append(contentsOf: String(Character(scalar)).utf8)
        default:
            throw malformed("bad escape")
        }
    }

    private func matchesLowSurrogatePrefix() -> Bool {
        position + 1 < bytes.count && bytes[position] == UInt8(ascii: "\\")
            && bytes[position + 1] == UInt8(ascii: "u")
    }

    private mutating func readHex4() throws(PropertyListReadError) -> UInt16 {
        guard bytes.count - position >= 4 else { throw malformed("short \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            position += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw malformed("bad \\u escape")
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private mutating func readNumber() throws(PropertyListReadError) -> PropertyListValue {
        let start = position
        var isInteger = true
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            // A leading zero stands alone.
        } else {
            guard skipDigits() > 0 else { throw malformed("bad number") }
        }
        if consume(UInt8(ascii: ".")) {
            isInteger = false
            guard skipDigits() > 0 else { throw malformed("bad number") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            isInteger = false
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            guard skipDigits() > 0 else { throw malformed("bad number") }
        }
        guard position - start <= 64 else { throw malformed("number too long") }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let value = Int64(text) { return .integer(value) }
        guard let value = Double(text) else { throw malformed("bad number") }
        return .real(value)
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
            position += 1
        }
        return position - start
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(PropertyListReadError) {
        let count = literal.utf8CodeUnitCount
        let matched = literal.withUTF8Buffer { literalBytes in
            bytes.count - position >= count
                && (0..<count).allSatisfy { bytes[position + $0] == literalBytes[$0] }
        }
        guard matched else { throw malformed("unexpected word") }
        position += count
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count,
            bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A
                || bytes[position] == 0x0D
        {
            position += 1
        }
    }

    private func malformed(_ why: String) -> PropertyListReadError {
        .malformed("JSON: \(why) at byte \(position)")
    }
}
