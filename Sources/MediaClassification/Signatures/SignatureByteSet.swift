/// A set of byte values, as 256 bits.
struct SignatureByteSet: Sendable, Hashable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The empty set.
    init() {}

    /// Every byte value.
    static var all: SignatureByteSet {
        var set = SignatureByteSet()
        set.words = (~0, ~0, ~0, ~0)
        return set
    }

    /// Whether `byte` is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: return words.0 & bit != 0
        case 1: return words.1 & bit != 0
        case 2: return words.2 & bit != 0
        default: return words.3 & bit != 0
        }
    }

    /// Adds `byte`.
    mutating func insert(_ byte: UInt8) {
        let bit = UInt64(1) << UInt64(byte & 63)
        switch byte >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    /// Adds every byte from `low` through `high`.
    mutating func insert(from low: UInt8, through high: UInt8) {
        guard low <= high else { return }
        for byte in low...high { insert(byte) }
    }

    /// Adds every member of `other`.
    mutating func formUnion(_ other: SignatureByteSet) {
        words.0 |= other.words.0
        words.1 |= other.words.1
        words.2 |= other.words.2
        words.3 |= other.words.3
    }

    /// The bytes not in the set.
    var inverted: SignatureByteSet {
        var set = SignatureByteSet()
        set.words = (~words.0, ~words.1, ~words.2, ~words.3)
        return set
    }

    /// Whether the set holds every byte value.
    var isFull: Bool { self == .all }

    /// Whether the set is empty.
    var isEmpty: Bool { self == SignatureByteSet() }

    /// The set's one member; nil when it is empty or holds more than one.
    var onlyMember: UInt8? {
        let counts = [words.0, words.1, words.2, words.3].map(\.nonzeroBitCount)
        guard counts.reduce(0, +) == 1, let word = counts.firstIndex(of: 1) else { return nil }
        let bits = [words.0, words.1, words.2, words.3][word]
        return UInt8(word * 64 + bits.trailingZeroBitCount)
    }

    /// Adds the other ASCII case of every ASCII letter in the set.
    mutating func addASCIICaseVariants() {
        for letter in UInt8(ascii: "A")...UInt8(ascii: "Z") {
            if contains(letter) || contains(letter | 0x20) {
                insert(letter)
                insert(letter | 0x20)
            }
        }
    }

    static func == (left: Self, right: Self) -> Bool {
        left.words.0 == right.words.0 && left.words.1 == right.words.1
            && left.words.2 == right.words.2 && left.words.3 == right.words.3
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
