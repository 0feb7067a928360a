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

    /// The value as compact JSON text.
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += String(value)
        case .decimal(let value): output += value.isFinite ? String(value) : "null"
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}"
                    || scalar == "\u{2029}"
                {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
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
