/// A way to recognise a declared type by its content, given in a declaration file.
///
/// Apple's declarations have no such key; mediatype reads an array under
/// `MTContentSignatures` in each `UTExportedTypeDeclarations` / `UTImportedTypeDeclarations`
/// entry (plist or JSON), so that a program declaring `com.example.foo` can also say how a
/// `.foo` file begins. Each element is one signature, and a file matches the type when any
/// of them matches:
///
/// | key | value |
/// |---|---|
/// | `Offset` | where the value starts: an integer, or `"start:end"` for any offset in that range (at most ``maximumOffset``); default 0 |
/// | `String` | the value as text (UTF-8) |
/// | `Bytes` | the value as hexadecimal digits (`"89504e47"`; spaces allowed) |
/// | `Mask` | hexadecimal, as long as the value: only the bits set are compared |
/// | `XMLRootElement` | instead of a value: the local name of an XML document's root element |
/// | `XMLNamespace` | with `XMLRootElement`: the root element's namespace URI; without it, any |
/// | `Priority` | 0–100, as in Tika's and shared-mime-info's databases; default 50 |
///
/// A signature is validated with the rest of the file: a bad one refuses the whole file with
/// the entry and the reason, and nothing is loaded.
public struct ContentSignature: Sendable, Hashable {
    /// What a signature tests.
    public enum Test: Sendable, Hashable {
        /// `value` (under `mask`, when there is one) at one of the offsets.
        case bytes(value: [UInt8], mask: [UInt8]?, offsets: ClosedRange<Int>)
        /// The root element of an XML document, and its namespace when given.
        case xmlRoot(localName: String, namespace: String?)
    }

    /// The test.
    public var test: Test
    /// How strong a match is, 0–100 (50 by default).
    public var priority: Int

    /// The largest offset a signature may name: the classifier reads this much of a file
    /// before anything is decided.
    public static let maximumOffset = 65_535
    /// The longest value a signature may compare.
    public static let maximumLength = 1_024
    /// The most byte comparisons one signature may cost on a file (offsets in its range
    /// times its value's length), so that no declaration can make classification slow.
    public static let maximumWork = 1 << 18

    /// Creates a signature.
    public init(test: Test, priority: Int = 50) {
        self.test = test
        self.priority = priority
    }
}

extension ContentSignature {
    /// Why a signature cannot be used.
    struct Problem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Reads one signature from a declaration's dictionary, or says what is wrong with it.
    static func parse(_ value: PropertyListValue) -> Result<ContentSignature, Problem> {
        guard case .dictionary(let fields) = value else {
            return .failure(Problem("each signature must be a dictionary"))
        }
        let known: Set<String> = [
            "Offset", "String", "Bytes", "Mask", "XMLRootElement", "XMLNamespace", "Priority",
        ]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            return .failure(Problem("unknown signature key \(unknown)"))
        }
        var priority = 50
        if let value = fields["Priority"] {
            guard let number = integer(value), (0...100).contains(number) else {
                return .failure(Problem("Priority must be a whole number from 0 to 100"))
            }
            priority = number
        }
        if let root = fields["XMLRootElement"] {
            guard case .string(let localName) = root, !localName.isEmpty,
                !localName.contains(where: { $0 == "<" || $0 == ">" || $0.isWhitespace })
            else { return .failure(Problem("XMLRootElement must be an element name")) }
            var namespace: String?
            if let value = fields["XMLNamespace"] {
                guard case .string(let text) = value, !text.isEmpty else {
                    return .failure(Problem("XMLNamespace must be a non-empty string"))
                }
                namespace = text
            }
            guard fields["String"] == nil, fields["Bytes"] == nil, fields["Mask"] == nil,
                fields["Offset"] == nil
            else {
                return .failure(
                    Problem("an XMLRootElement signature takes no value, mask or offset")
                )
            }
            return .success(
                ContentSignature(
                    test: .xmlRoot(localName: localName, namespace: namespace),
                    priority: priority
                )
            )
        }
        if fields["XMLNamespace"] != nil {
            return .failure(Problem("XMLNamespace goes with XMLRootElement"))
        }
        let bytes: [UInt8]
        switch (fields["String"], fields["Bytes"]) {
        case (.string(let text)?, nil): bytes = Array(text.utf8)
        case (nil, .string(let hex)?):
            guard let decoded = Self.hexadecimal(hex) else {
                return .failure(Problem("Bytes must be pairs of hexadecimal digits"))
            }
            bytes = decoded
        case (nil, nil):
            return .failure(Problem("a signature needs String, Bytes or XMLRootElement"))
        case (.some, .some): return .failure(Problem("a signature takes String or Bytes, not both"))
        default: return .failure(Problem("String and Bytes must be strings"))
        }
        guard !bytes.isEmpty, bytes.count <= maximumLength else {
            return .failure(Problem("the value must be 1 to \(maximumLength) bytes"))
        }
        var mask: [UInt8]?
        if let value = fields["Mask"] {
            guard case .string(let hex) = value, let decoded = Self.hexadecimal(hex) else {
                return .failure(Problem("Mask must be pairs of hexadecimal digits"))
            }
            guard decoded.count == bytes.count else {
                return .failure(Problem("Mask must be as long as the value (\(bytes.count) bytes)"))
            }
            mask = decoded
        }
        var offsets = 0...0
        if let value = fields["Offset"] {
            guard let range = Self.offsets(value) else {
                return .failure(
                    Problem(
                        "Offset must be a whole number or \"start:end\" from 0 to \(maximumOffset)"
                    )
                )
            }
            offsets = range
        }
        guard offsets.count * bytes.count <= maximumWork else {
            return .failure(
                Problem("the offset range times the value's length is over \(maximumWork) bytes")
            )
        }
        return .success(
            ContentSignature(
                test: .bytes(value: bytes, mask: mask, offsets: offsets),
                priority: priority
            )
        )
    }

    private static func integer(_ value: PropertyListValue) -> Int? {
        switch value {
        case .integer(let number): return Int(exactly: number)
        case .string(let text): return Int(text)
        default: return nil
        }
    }

    private static func offsets(_ value: PropertyListValue) -> ClosedRange<Int>? {
        let range: ClosedRange<Int>
        if let single = integer(value) {
            range = single...single
        } else if case .string(let text) = value {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]),
                start <= end
            else { return nil }
            range = start...end
        } else {
            return nil
        }
        guard range.lowerBound >= 0, range.upperBound <= maximumOffset else { return nil }
        return range
    }

    private static func hexadecimal(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in text.utf8 {
            if character == UInt8(ascii: " ") { continue }
            let digit: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = character - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        return high == nil && !bytes.isEmpty ? bytes : nil
    }
}
