/// The whole-name test for magic values that open a markup start tag.
///
/// A value that is `<` and a name (`<script`, `<head`, `<title`) stands for that element: a
/// match that the next byte continues into a longer name (`<scriptlet>`, `<header>`,
/// `<titleInfo>`) is not one. shared-mime-info's and Tika's HTML rules look for such values
/// anywhere in the first 256 bytes, where XML vocabularies have elements of those longer
/// names.
package enum MarkupTagBoundary {
    /// Whether a match of `value` that `next` follows in the file stops inside a longer
    /// element name, and so is no match.
    ///
    /// - Parameters:
    ///   - value: The value matched: it counts only when it is `<` and an ASCII letter, then
    ///     ASCII letters and digits.
    ///   - next: The byte after the match; `nil` at the end of the bytes read.
    /// - Returns: `true` when the value is a start tag's opening and `next` continues a name
    ///   (a letter, a digit, `-`, `_` or `.`).
    @inline(__always)
    package static func cutsName(value: UnsafeRawBufferPointer, next: UInt8?) -> Bool {
        // Test the byte after the match first: almost always a space or `>`.
        guard let next, isNameByte(next), value.count >= 2, value[0] == UInt8(ascii: "<"),
            isLetter(value[1])
        else { return false }
        return value.dropFirst(2).allSatisfy { isLetter($0) || isDigit($0) }
    }

    @inline(__always)
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    @inline(__always)
    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ".")
    }
}
