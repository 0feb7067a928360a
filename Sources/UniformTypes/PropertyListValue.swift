/// A value read from a property list (XML or binary) or a JSON document.
///
/// The declaration-file readers produce this tree; ``DeclarationFile`` then picks the keys it
/// knows from it. JSON numbers become ``integer(_:)`` when they have no fraction or exponent and
/// fit in 64 bits, else ``real(_:)``; JSON `null` and a binary plist's null become ``null``.
package enum PropertyListValue: Sendable, Hashable {
    /// A dictionary; when a key repeats, the last value wins.
    case dictionary([String: PropertyListValue])
    /// An array (a binary plist's set also reads as an array).
    case array([PropertyListValue])
    /// A string.
    case string(String)
    /// An integer (a value above `Int64.max` keeps its bit pattern).
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// A Boolean.
    case boolean(Bool)
    /// A date, as seconds since 2001-01-01 00:00:00 UTC (the property-list epoch).
    case date(Double)
    /// Raw bytes.
    case data([UInt8])
    /// JSON `null`, or a binary plist's null object.
    case null

    /// Decodes UTF-8 bytes, or returns nil when they are not valid UTF-8.
    ///
    /// ASCII, the common case, takes a fast path that skips the generic validator.
    package static func string<Bytes: Collection>(utf8 bytes: Bytes) -> String?
    where Bytes.Element == UInt8 {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The kind of value, as an error message names it (`string`, `dictionary`, ...).
    package var kindName: String {
        switch self {
        case .dictionary: "dictionary"
        case .array: "array"
        case .string: "string"
        case .integer: "integer"
        case .real: "real"
        case .boolean: "boolean"
        case .date: "date"
        case .data: "data"
        case .null: "null"
        }
    }
}

/// Why a property list or JSON document could not be read.
package enum PropertyListReadError: Error, Sendable, Hashable {
    /// The bytes are not a well-formed document (the text says where and why).
    case malformed(String)
    /// The document exceeds a bound: nesting depth, value count, or string length.
    case tooLarge(String)
}

/// The bounds every declaration-file reader enforces, and the count of values read so far.
package struct PropertyListLimits: Sendable {
    /// The deepest nesting of dictionaries and arrays accepted.
    package static let maximumDepth = 64
    /// The most values (of any kind, keys included) one document may hold.
    package static let maximumValueCount = 250_000
    /// The longest string or key accepted, in UTF-8 bytes (in XML, also the longest text of
    /// any element, `<data>` included).
    package static let maximumStringLength = 64 * 1024

    /// The most bytes of strings and data one document may produce.
    ///
    /// A binary property list can refer to one large object many times; each reference copies it.
    package static let maximumTotalBytes = 16 * 1024 * 1024

    /// The number of values read so far.
    package private(set) var valueCount = 0
    /// The bytes of strings and data produced so far.
    package private(set) var byteCount = 0

    /// Creates a fresh counter.
    package init() {}

    /// Counts one more value, refusing the document when there are too many.
    package mutating func countValue() throws(PropertyListReadError) {
        valueCount += 1
        if valueCount > Self.maximumValueCount {
            throw .tooLarge("more than \(Self.maximumValueCount) values")
        }
    }

    /// Counts the bytes of a string or data value, refusing the document past the total.
    package mutating func countBytes(_ count: Int) throws(PropertyListReadError) {
        byteCount += count
        if byteCount > Self.maximumTotalBytes {
            throw .tooLarge("more than \(Self.maximumTotalBytes) bytes of strings and data")
        }
    }

    /// Refuses nesting deeper than ``maximumDepth``.
    package static func checkDepth(_ depth: Int) throws(PropertyListReadError) {
        if depth > maximumDepth {
            throw .tooLarge("nested deeper than \(maximumDepth) levels")
        }
    }

    /// Refuses a string longer than ``maximumStringLength`` UTF-8 bytes.
    package static func checkStringLength(_ length: Int) throws(PropertyListReadError) {
        if length > maximumStringLength {
            throw .tooLarge("a string longer than \(maximumStringLength) bytes")
        }
    }
}
