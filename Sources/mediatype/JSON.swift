/// A JSON value with keys in a fixed order, written without Foundation.
enum JSON: Sendable {
    case null
    case bool(Bool)
    case number(Int)
    /// A number with a fraction (a duration, a frame rate); written as Swift prints a
    /// `Double` (shortest form that reads back the same), null when not finite.
    case decimal(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    /// Appends the value as compact JSON text (UTF-8) to `output`.
    ///
    /// Bytes, not a `String`: a batch writes hundreds of small pieces a file, and appending
    /// to a byte array costs a fraction of a `String` append (ndjson output of the media
    /// fixtures spent more instructions in string appends than in classifying).
    func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): output.append(contentsOf: String(value).utf8)
        case .decimal(let value):
            output.append(contentsOf: (value.isFinite ? String(value) : "null").utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `value` as a JSON string.
    ///
    /// Quotes, backslashes, control characters, DEL and the two line separators JavaScript
    /// reads as line ends (U+2028, U+2029) are escaped, every other character written as it
    /// is; runs that need no escape are copied whole.
    static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                var next = index + 1
                let escape: String?
                switch bytes[index] {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x00..<0x20, 0x7F: escape = unicodeEscape(UInt32(bytes[index]))
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                case 0xE2
                where index + 2 < bytes.count && bytes[index + 1] == 0x80
                    && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = unicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                    next = index + 3
                default: escape = nil
                }
                if let escape {
                    output.append(contentsOf: bytes[runStart..<index])
                    output.append(contentsOf: escape.utf8)
                    runStart = next
                }
                index = next
            }
            output.append(contentsOf: bytes[runStart...])
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `\u` and four lowercase hexadecimal digits.
    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    static func strings(_ values: [String]) -> JSON { .array(values.map { .string($0) }) }
    static func optional(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
    static func optional(_ value: Bool?) -> JSON { value.map { .bool($0) } ?? .null }
}

/// Base64 of bytes (RFC 4648, with padding), for `pathBytes`.
func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
        let chunk = bytes[index..<min(index + 3, bytes.count)]
        var value: UInt32 = 0
        for (offset, byte) in chunk.enumerated() { value |= UInt32(byte) << (16 - 8 * offset) }
        for position in 0..<4 {
            if position <= chunk.count {
                output.append(alphabet[Int((value >> (18 - 6 * position)) & 63)])
            } else {
                output.append(UInt8(ascii: "="))
            }
        }
        index += 3
    }
    return String(decoding: output, as: UTF8.self)
}
