extension BinarySniffer {
    /// The opcodes of pickle protocols 0 and 1 that take no argument (Python's pickletools):
    /// mark, pops and dup, None, the appends and set-items, build, the tuple, list and dict of
    /// the items since the mark, reduce, obj, the empty tuple, list and dict, and the binary
    /// persistent id.
    private static let bareTextPickleOpcodes: Set<UInt8> = Set("(012NaesubtldRo)]}Q".utf8)

    /// A Python pickle of protocol 0 or 1, which have no header: protocol 0 is text (Python
    /// 2's default, and what `pickle.dumps(obj, 0)` writes still), protocol 1 its binary
    /// extension (PEP 307 keeps both readable).
    ///
    /// Every byte from the start must be an opcode with its argument. Protocol 0's arguments
    /// are lines: integers (`I`, `L`), floats (`F`), quoted strings (`S`), raw-unicode strings
    /// (`V`), persistent ids (`P`), memo puts and gets of a decimal index (`p`, `g`), and
    /// globals and instances as two lines of dotted names (`c`, `i`). Protocol 1's are
    /// little-endian: memo puts and gets of one or four bytes (`q`, `h`, `r`, `j`), integers
    /// of one, two or four bytes (`K`, `M`, `J`), a double (`G`), and strings after a length
    /// of one or four bytes (`U`, `T`, `X`) that must fit. The walk must reach the stop opcode
    /// (`.`) with nothing but white space after it, or run through a head that is not the
    /// whole file; and it must include a memo put or get, or a mark, since every pickler
    /// writes one of them for any container.
    ///
    /// - Returns: What was read (for the result's detail), or `nil` when the bytes are not one.
    static func textPickleEvidence(_ text: ArraySlice<UInt8>, complete: Bool) -> String? {
        var index = text.startIndex
        let end = text.endIndex
        var opcodes = 0
        var structural = 0
        var cut = false
        var binary = false
        // The argument line after `index`: its bytes, with `index` moved past its newline;
        // `nil` when the text ends before one.
        func argumentLine() -> ArraySlice<UInt8>? {
            guard let newline = text[index...].firstIndex(of: 0x0A) else {
                cut = true
                return nil
            }
            defer { index = newline + 1 }
            return text[index..<newline]
        }
        // `count` bytes of argument: true, with `index` moved past them, when they are there.
        func argument(_ count: Int) -> Bool {
            binary = true
            guard count <= end - index else {
                cut = true
                return false
            }
            index += count
            return true
        }
        // A little-endian length of `width` bytes, then that many bytes.
        func counted(_ width: Int) -> Bool {
            guard width <= end - index else { return argument(width) }
            var length = 0
            for offset in 0..<width { length |= Int(text[index + offset]) << (8 * offset) }
            index += width
            return argument(length)
        }
        var protocolName: String { binary ? "pickle protocol 1" : "pickle protocol 0" }
        // A long run of valid opcodes through a head that is not the whole file.
        func ranOut() -> String? {
            !complete && opcodes >= 16 && structural >= 4
                ? "\(protocolName), \(opcodes) opcodes" : nil
        }
        while index < end {
            let opcode = text[index]
            index += 1
            if bareTextPickleOpcodes.contains(opcode) {
                if opcode == UInt8(ascii: "(") { structural += 1 }
                opcodes += 1
                continue
            }
            if opcode == UInt8(ascii: ".") {
                let rest = text[index...]
                guard opcodes >= 2, structural > 0,
                    rest.allSatisfy({ $0 == 0x0A || $0 == 0x0D || $0 == 0x20 })
                else { return nil }
                return "\(protocolName), \(opcodes + 1) opcodes to the stop opcode"
            }
            let valid: Bool
            switch opcode {
            case UInt8(ascii: "I"), UInt8(ascii: "L"):
                valid = argumentLine().map { isPickleInteger($0, long: opcode == 0x4C) } ?? false
            case UInt8(ascii: "F"):
                valid = argumentLine().map(isPickleFloat) ?? false
            case UInt8(ascii: "S"):
                valid = argumentLine().map(isQuotedPickleString) ?? false
            case UInt8(ascii: "V"), UInt8(ascii: "P"):
                valid = argumentLine() != nil
            case UInt8(ascii: "p"), UInt8(ascii: "g"):
                valid =
                    argumentLine().map { !$0.isEmpty && $0.allSatisfy(ByteFields.isASCIIDigit) }
                    ?? false
                structural += 1
            case UInt8(ascii: "c"), UInt8(ascii: "i"):
                valid =
                    (argumentLine().map(isDottedName) ?? false)
                    && (argumentLine().map(isDottedName) ?? false)
            case UInt8(ascii: "q"), UInt8(ascii: "h"):
                valid = argument(1)
                structural += 1
            case UInt8(ascii: "r"), UInt8(ascii: "j"):
                valid = argument(4)
                structural += 1
            case UInt8(ascii: "K"): valid = argument(1)
            case UInt8(ascii: "M"): valid = argument(2)
            case UInt8(ascii: "J"): valid = argument(4)
            case UInt8(ascii: "G"): valid = argument(8)
            case UInt8(ascii: "U"): valid = counted(1)
            case UInt8(ascii: "T"), UInt8(ascii: "X"): valid = counted(4)
            default:
                return nil
            }
            // An argument cut by the end of a partial head is not a failure.
            guard valid else { return cut ? ranOut() : nil }
            opcodes += 1
        }
        return ranOut()
    }

    /// An `I` or `L` argument: an optional sign and decimal digits (`I01` and `I00` are the
    /// booleans), and for `L` an optional trailing `L`.
    private static func isPickleInteger(_ line: ArraySlice<UInt8>, long: Bool) -> Bool {
        var digits = line
        if long, digits.last == UInt8(ascii: "L") { digits = digits.dropLast() }
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.allSatisfy(ByteFields.isASCIIDigit)
    }

    /// An `F` argument: `repr` of a float (digits, sign, point, exponent, or inf and nan).
    private static func isPickleFloat(_ line: ArraySlice<UInt8>) -> Bool {
        guard
            line.contains(where: ByteFields.isASCIIDigit)
                || ["inf", "-inf", "nan"].contains(where: {
                    line.elementsEqual($0.utf8)
                })
        else { return false }
        return line.allSatisfy {
            ByteFields.isASCIIDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E || $0 == 0x65
                || $0 == 0x45
                || $0 == 0x69 || $0 == 0x6E || $0 == 0x66 || $0 == 0x61
        }
    }

    /// An `S` argument: `repr` of a byte string, in single or double quotes.
    private static func isQuotedPickleString(_ line: ArraySlice<UInt8>) -> Bool {
        guard line.count >= 2, let quote = line.first, quote == 0x27 || quote == 0x22 else {
            return false
        }
        return line.last == quote
    }

    /// A `c` or `i` argument: a module or a class name, dotted Python identifiers.
    private static func isDottedName(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, !ByteFields.isASCIIDigit(first), first != 0x2E else {
            return false
        }
        return line.allSatisfy {
            ByteFields.isASCIILetter($0) || ByteFields.isASCIIDigit($0) || $0 == 0x5F || $0 == 0x2E
        }
    }
}
