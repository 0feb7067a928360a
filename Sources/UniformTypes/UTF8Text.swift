/// Bytes read as UTF-8 text when they are valid, with plain ASCII found by a scan first.
///
/// `String(validating:as:)` goes through generic code that costs about a thousand instructions
/// a call: three calls a file (the name's base and extension, the path printed) were a thirtieth
/// of a batch of small media files. Names are ASCII far more often than not.
package enum UTF8Text {
    /// The bytes as a string, or nil when they are not valid UTF-8.
    package static func string(validating bytes: ArraySlice<UInt8>) -> String? {
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Whether the bytes are valid UTF-8.
    package static func isValid(_ bytes: [UInt8]) -> Bool {
        !bytes.contains(where: { $0 >= 0x80 }) || String(validating: bytes, as: UTF8.self) != nil
    }
}
