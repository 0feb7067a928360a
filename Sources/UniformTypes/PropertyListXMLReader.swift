/// Reads an XML property list (the `plist` subset of XML) into a ``PropertyListValue``.
///
/// Handles `dict`, `array`, `key`, `string`, `integer`, `real`, `true`, `false`, `date` and
/// `data` elements, the entities `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and numeric
/// character references, CDATA sections, comments, processing instructions and a DOCTYPE.
/// It is bounded for untrusted input: nesting depth, value count and string length are capped
/// (see ``PropertyListLimits``) and every read is bounds-checked.
package struct PropertyListXMLReader {
    private let bytes: [UInt8]
    private var position = 0
    private var limits = PropertyListLimits()

    /// Parses a whole document.
    ///
    /// - Parameter bytes: The document's bytes (UTF-8, optionally with a byte-order mark).
    /// - Returns: The document's root value.
    /// - Throws: ``PropertyListReadError`` when the document is malformed or exceeds a bound.
    package static func parse(_ bytes: [UInt8]) throws(PropertyListReadError) -> PropertyListValue {
        var reader = PropertyListXMLReader(bytes: bytes)
        return try reader.parseDocument()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: - Document structure

    private mutating func parseDocument() throws(PropertyListReadError) -> PropertyListValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try skipMisc(allowDoctype: true)
        let root = try readStartTag()
        let value: PropertyListValue
        if root.name == "plist" {
            if root.selfClosing { throw malformed("empty <plist> element") }
            try skipMisc(allowDoctype: false)
            let tag = try readStartTag()
            value = try readValue(tag, depth: 1)
            try skipMisc(allowDoctype: false)
            try readEndTag("plist")
        } else {
            value = try readValue(root, depth: 1)
        }
        try skipMisc(allowDoctype: false)
        if position < bytes.count { throw malformed("content after the root element") }
        return value
    }

    private mutating func readValue(
        _ tag: Tag,
        depth: Int
    ) throws(PropertyListReadError) -> PropertyListValue {
        try PropertyListLimits.checkDepth(depth)
        try limits.countValue()
        switch tag.name {
        case "dict":
            return .dictionary(try readDictionary(tag, depth: depth))
        case "array":
            var elements: [PropertyListValue] = []
            if tag.selfClosing { return .array(elements) }
            while true {
                try skipMisc(allowDoctype: false)
                if try atEndTag() {
                    try readEndTag("array")
                    return .array(elements)
                }
                let child = try readStartTag()
                elements.append(try readValue(child, depth: depth + 1))
            }
        case "string":
            return .string(tag.selfClosing ? "" : try readText(until: "string"))
        case "integer":
            let text = try readScalarText(tag)
            guard let value = Self.parseInteger(text) else {
                throw malformed("bad <integer> '\(text)'")
            }
            return .integer(value)
        case "real":
            let text = try readScalarText(tag)
            guard let value = Self.parseReal(text) else { throw malformed("bad <real> '\(text)'") }
            return .real(value)
        case "date":
            let text = try readScalarText(tag)
            guard let value = Self.parseDate(text) else { throw malformed("bad <date> '\(text)'") }
            return .date(value)
        case "data":
            let text = try readScalarText(tag)
            guard let value = Self.decodeBase64(text) else { throw malformed("bad <data>") }
            return .data(value)
        case "true", "false":
            if !tag.selfClosing {
                try readEndTag(tag.name)
            }
            return .boolean(tag.name == "true")
        default:
            throw malformed("unexpected element <\(tag.name)>")
        }
    }

    private mutating func readDictionary(
        _ tag: Tag,
        depth: Int
    ) throws(PropertyListReadError) -> [String: PropertyListValue] {
        var dictionary: [String: PropertyListValue] = [:]
        if tag.selfClosing { return dictionary }
        while true {
            try skipMisc(allowDoctype: false)
            if try atEndTag() {
                try readEndTag("dict")
                return dictionary
            }
            let keyTag = try readStartTag()
            guard keyTag.name == "key" else {
                throw malformed("<\(keyTag.name)> where a <key> belongs in a <dict>")
            }
            try limits.countValue()
            let key = keyTag.selfClosing ? "" : try readText(until: "key")
            try skipMisc(allowDoctype: false)
            if try atEndTag() { throw malformed("<key>\(key)</key> without a value") }
            let valueTag = try readStartTag()
            dictionary[key] = try readValue(valueTag, depth: depth + 1)
        }
    }

    // MARK: - Tags

    private struct Tag {
        var name: String
        var selfClosing: Bool
    }

    /// Skips whitespace, comments and processing instructions (and a DOCTYPE when allowed).
    private mutating func skipMisc(allowDoctype: Bool) throws(PropertyListReadError) {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                position += 1
            } else if matches("<!--") {
                try skip(past: "-->", what: "comment")
            } else if matches("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if allowDoctype && matches("<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    private mutating func skipDoctype() throws(PropertyListReadError) {
        var quote: UInt8? = nil
        var inSubset = false
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                inSubset = true
            } else if byte == UInt8(ascii: "]") {
                inSubset = false
            } else if byte == UInt8(ascii: ">") && !inSubset {
                return
            }
        }
        throw malformed("unterminated DOCTYPE")
    }

    private func atEndTag() throws(PropertyListReadError) -> Bool {
        guard position < bytes.count else { throw malformed("unexpected end of document") }
        return matches("</")
    }

    private mutating func readStartTag() throws(PropertyListReadError) -> Tag {
        guard position < bytes.count else { throw malformed("unexpected end of document") }
        guard bytes[position] == UInt8(ascii: "<"), !matches("</"), !matches("<!") else {
            throw malformed("expected an element at byte \(position)")
        }
        position += 1
        let name = readName()
        guard !name.isEmpty else { throw malformed("expected an element name at byte \(position)") }
        // Attributes are skipped (quoted values may hold `>` or `/`).
        var quote: UInt8? = nil
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return Tag(name: name, selfClosing: false)
            } else if byte == UInt8(ascii: "/") {
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                    throw malformed("stray '/' in <\(name)>")
                }
                position += 1
                return Tag(name: name, selfClosing: true)
            }
        }
        throw malformed("unterminated <\(name)> tag")
    }

    private mutating func readEndTag(_ expected: String) throws(PropertyListReadError) {
        guard matches("</") else { throw malformed("expected </\(expected)> at byte \(position)") }
        position += 2
        let name = readName()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw malformed("unterminated </\(name)> tag")
        }
        position += 1
        guard name == expected else { throw malformed("</\(name)> closes <\(expected)>") }
    }

    private mutating func readName() -> String {
        let start = position
        while position < bytes.count, position - start < 64 {
            let byte = bytes[position]
            let isNameByte =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E || byte == 0x5F
                || byte == 0x3A
            guard isNameByte else { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count,
            bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A
                || bytes[position] == 0x0D
        {
            position += 1
        }
    }

    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        return literal.withUTF8Buffer { literalBytes in
            for offset in 0..<count where bytes[position + offset] != literalBytes[offset] {
                return false
            }
            return true
        }
    }

    private mutating func skip(
        past terminator: StaticString,
        what: String
    ) throws(PropertyListReadError) {
        while position < bytes.count {
            if matches(terminator) {
                position += terminator.utf8CodeUnitCount
                return
            }
            position += 1
        }
        throw malformed("unterminated \(what)")
    }

    // MARK: - Text

    /// Reads character data up to the end tag `</name>`, decoding entities and CDATA.
    private mutating func readText(until name: String) throws(PropertyListReadError) -> String {
        var text: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if matches("<![CDATA[") {
                    position += 9
                    while true {
                        guard position < bytes.count else { throw malformed("unterminated CDATA") }
                        if matches("]]>") {
                            position += 3
                            break
                        }
                        text.append(bytes[position])
                        position += 1
                    }
                } else if matches("<!--") {
                    try skip(past: "-->", what: "comment")
                } else {
                    try readEndTag(name)
                    try PropertyListLimits.checkStringLength(text.count)
                    guard let string = PropertyListValue.string(utf8: text) else {
                        throw malformed("<\(name)> is not valid UTF-8")
                    }
                    return string
                }
            } else if byte == UInt8(ascii: "&") {
                try appendEntity(to: &text)
            } else {
                text.append(byte)
                position += 1
            }
            if text.count > PropertyListLimits.maximumStringLength {
                try PropertyListLimits.checkStringLength(text.count)
            }
        }
        throw malformed("unterminated <\(name)>")
    }

    private mutating func readScalarText(_ tag: Tag) throws(PropertyListReadError) -> String {
        if tag.selfClosing { return "" }
        return try readText(until: tag.name).trimmingXMLWhitespace()
    }

    private mutating func appendEntity(to text: inout [UInt8]) throws(PropertyListReadError) {
        let start = position + 1
        var end = start
        while end < bytes.count, end - start <= 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw malformed("unterminated entity at byte \(position)")
        }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        position = end + 1
        switch name {
        case "amp": text.append(UInt8(ascii: "&"))
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "quot": text.append(UInt8(ascii: "\""))
        case "apos": text.append(UInt8(ascii: "'"))
        default:
            guard name.hasPrefix("#") else { throw malformed("unknown entity &\(name);") }
            var digits = name.dropFirst()
            var radix = 10
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                digits = digits.dropFirst()
                radix = 16
            }
            guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit),
                let value = UInt32(digits, radix: radix), value != 0,
                let scalar = Unicode.Scalar(value)
            else { throw malformed("bad character reference &\(name);") }
            text.append(contentsOf: String(Character(scalar)).utf8)
        }
    }

    private func malformed(_ why: String) -> PropertyListReadError {
        .malformed("XML property list: " + why)
    }

    // MARK: - Scalar values

    static func parseInteger(_ text: String) -> Int64? {
        var digits = Substring(text)
        var negative = false
        if digits.first == "-" || digits.first == "+" {
            negative = digits.first == "-"
            digits = digits.dropFirst()
        }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            digits = digits.dropFirst(2)
            radix = 16
        }
        guard !digits.isEmpty, let magnitude = UInt64(digits, radix: radix) else { return nil }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return Int64(bitPattern: magnitude)
    }

    static func parseReal(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.count <= 64 else { return nil }
        return Double(text)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` into seconds since 2001-01-01 00:00:00 UTC.
    static func parseDate(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
            bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x5A
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        // Days from the civil date (proleptic Gregorian), relative to 1970-01-01.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let daysSince1970 = era * 146_097 + dayOfEra - 719_468
        let secondsSince1970 = daysSince1970 * 86_400 + hour * 3_600 + minute * 60 + second
        return Double(secondsSince1970 - 978_307_200)
    }

    /// Decodes base64, ignoring whitespace; nil for any other stray character.
    static func decodeBase64(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for byte in text.utf8 {
            let value: UInt8
            switch byte {
            case 0x41...0x5A: value = byte - 0x41
            case 0x61...0x7A: value = byte - 0x61 + 26
            case 0x30...0x39: value = byte - 0x30 + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                padding += 1
                continue
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            guard padding == 0 else { return nil }
            accumulator = (accumulator << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        guard padding <= 2 else { return nil }
        return output
    }
}

extension String {
    fileprivate func trimmingXMLWhitespace() -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let utf8 = Array(self.utf8)
        guard let first = utf8.firstIndex(where: { !isSpace($0) }),
            let last = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }
}
