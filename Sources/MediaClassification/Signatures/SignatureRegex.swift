#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular expression of the subset of `java.util.regex` that Tika's magic rules use,
/// matched against bytes read as ISO-8859-1 characters, as Tika's `MagicDetector` reads them.
///
/// Supported: literals and escapes (`\xhh`, `\uhhhh`, `\0ooo`, `\t`, `\n`, `\r`, `\f`, `\a`,
/// `\e`, escaped punctuation), `.`, classes (`[...]`, `[^...]`, ranges, `\d \D \s \S \w \W`
/// inside and outside), groups (capturing, `(?:...)`, atomic `(?>...)`), alternation,
/// quantifiers (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each greedy, lazy `?` or possessive
/// `+`), `^`, `$`, `\A`, `\z`, `\Z`, `\b`, `\B`, back-references `\1`-`\9`, and inline flags
/// `(?i)`, `(?s)`, `(?m)` (also scoped, `(?i:...)`). Case folding is ASCII only, as Java's
/// without `UNICODE_CASE`; `\w` and `\b` are ASCII.
///
/// Not supported: look-ahead and look-behind, named groups, `\Q...\E`, nested classes and
/// class intersections, comments mode (`(?x)`), Unicode properties. A pattern using them does
/// not compile (``init(pattern:)`` returns nil), and its rule never matches rather than
/// matching something else. Of Tika's 38 regular expressions, one (dBASE, with a
/// look-behind) is unsupported.
///
/// Matching is backtracking with a work budget: a pattern and input that would take longer
/// fail instead (``Matcher/exhausted``), so hostile input costs bounded time.
struct SignatureRegex: Sendable {
    /// The parse tree, used while compiling; the compiled pattern is ``steps``.
    indirect enum Node: Sendable {
        case byte(SignatureByteSet)
        case sequence([Node])
        case alternation([Node])
        case repetition(Node, minimum: Int, maximum: Int, greedy: Bool)
        case group(Node, index: Int)
        case atomic(Node)
        case backReference(Int, ignoringCase: Bool)
        case start(multiline: Bool)
        case end(multiline: Bool)
        case wordBoundary(Bool)
    }

    /// One node of the compiled pattern, its children by index in ``steps``.
    ///
    /// A flat array of plain structs rather than the recursive enum: a multi-payload enum
    /// keeps its case in the spare bits of its pointers, which hides them from
    /// LeakSanitizer, so the fuzzer took the built-in patterns for leaks.
    struct Step: Sendable {
        enum Kind: UInt8, Sendable {
            case byte, sequence, alternation, repetition, group, atomic, backReference
            case start, end, wordBoundary
        }
        var kind: Kind
        var set = SignatureByteSet()
        var children: [Int32] = []
        var minimum = 0
        var maximum = 0
        /// Greedy (repetition), multi-line (start, end), ignoring case (back-reference),
        /// wanted (word boundary).
        var flag = false
        /// The group's number (group, back-reference).
        var index = 0
    }

    /// The largest repetition count a pattern may write (Tika's largest is 2000).
    static let maximumCount = 65_536

    /// The compiled pattern; ``root`` is its first node.
    let steps: [Step]
    let root: Int32
    /// How many capturing groups the pattern has.
    let groupCount: Int
    /// The bytes a match can begin with; nil when a match can begin anywhere or be empty.
    let firstBytes: SignatureByteSet?
    /// The byte sets every match begins with, one a byte (at most 16): tested before the
    /// matcher is started.
    let prefix: [SignatureByteSet]

    /// Compiles a pattern given as UTF-8 text; nil when the pattern is malformed or uses
    /// what is not supported.
    ///
    /// - Parameter pattern: The pattern's text.
    init?(pattern: [UInt8]) {
        var parser = Parser(scalars: Array(String(decoding: pattern, as: UTF8.self).unicodeScalars))
        guard let root = parser.parseAlternation(), parser.position == parser.scalars.count else {
            return nil
        }
        var steps: [Step] = []
        self.root = Self.flatten(root, into: &steps)
        self.steps = steps
        self.groupCount = parser.groupCount
        let (first, nullable) = Self.first(root)
        self.firstBytes = nullable || first.isFull ? nil : first
        var prefix: [SignatureByteSet] = []
        let leading: [Node]
        switch root {
        case .sequence(let nodes): leading = nodes
        default: leading = [root]
        }
        for node in leading.prefix(16) {
            guard case .byte(let set) = node else { break }
            prefix.append(set)
        }
        self.prefix = prefix
        self.anchor = prefix.firstIndex { Self.only($0) != nil }.flatMap { index in
            Self.only(prefix[index]).map { (index, $0) }
        }
    }

    /// A byte of ``prefix`` that is the only member of its set, and its index: offsets are
    /// found with `memchr` on it.
    let anchor: (offset: Int, byte: UInt8)?

    /// The one member of a single-byte set; nil for an empty or larger set.
    static func only(_ set: SignatureByteSet) -> UInt8? {
        set.onlyMember
    }

    /// The first offset from `first` through `last` where a match begins, each match
    /// reading at most `window` bytes from its start (Tika's region), and where it ends.
    ///
    /// - Parameters:
    ///   - input: The bytes.
    ///   - first: The first offset tried.
    ///   - last: The last offset tried.
    ///   - window: The region's length from each offset.
    ///   - budget: Work units left; each offset tried and each matcher step costs one.
    /// - Returns: The match's start and end, or nil.
    func firstMatch(
        in input: UnsafeBufferPointer<UInt8>,
        from first: Int,
        through last: Int,
        window: Int,
        budget: inout Int
    ) -> (start: Int, end: Int)? {
        guard first >= 0, first <= last,
            last < input.count || (last == input.count && prefix.isEmpty)
        else { return nil }
        let matcher = Matcher(input: input, steps: steps, groupCount: groupCount)
        defer { budget = matcher.budget }
        matcher.budget = budget
        var position = first - 1
        positions: while position < last {
            position += 1
            matcher.budget -= 1
            guard matcher.budget > 0 else { return nil }
            if let anchor, let base = input.baseAddress {
                // Jump to the next offset whose anchor byte is right.
                let from = position + anchor.offset
                let through = min(last + anchor.offset, input.count - 1)
                guard from <= through,
                    let hit = memchr(base + from, Int32(anchor.byte), through - from + 1)
                else { return nil }
                position =
                    UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                    - anchor.offset
            }
            let end = min(input.count, position + window)
            guard prefix.count <= end - position else {
                if prefix.isEmpty { continue }
                // The prefix no longer fits: no later offset can match either when the
                // region is cut by the input's end.
                if end == input.count { return nil }
                continue
            }
            for (offset, set) in prefix.enumerated() where !set.contains(input[position + offset]) {
                continue positions
            }
            if let firstBytes, position < end, !firstBytes.contains(input[position]) { continue }
            matcher.reset(regionStart: position, regionEnd: end)
            var found: Int?
            _ = matcher.match(root, position) { matchEnd in
                found = matchEnd
                return true
            }
            if let found { return (position, found) }
        }
        return nil
    }

    /// Appends `node` and its descendants to `steps`; returns its index.
    private static func flatten(_ node: Node, into steps: inout [Step]) -> Int32 {
        let index = Int32(steps.count)
        steps.append(Step(kind: .byte))
        var step: Step
        switch node {
        case .byte(let set): step = Step(kind: .byte, set: set)
        case .sequence(let nodes):
            step = Step(kind: .sequence, children: nodes.map { flatten($0, into: &steps) })
        case .alternation(let nodes):
            step = Step(kind: .alternation, children: nodes.map { flatten($0, into: &steps) })
        case .repetition(let inner, let minimum, let maximum, let greedy):
            step = Step(
                kind: .repetition,
                children: [flatten(inner, into: &steps)],
                minimum: minimum,
                maximum: maximum,
                flag: greedy
            )
        case .group(let inner, let number):
            step = Step(kind: .group, children: [flatten(inner, into: &steps)], index: number)
        case .atomic(let inner):
            step = Step(kind: .atomic, children: [flatten(inner, into: &steps)])
        case .backReference(let number, let ignoringCase):
            step = Step(kind: .backReference, flag: ignoringCase, index: number)
        case .start(let multiline): step = Step(kind: .start, flag: multiline)
        case .end(let multiline): step = Step(kind: .end, flag: multiline)
        case .wordBoundary(let wanted): step = Step(kind: .wordBoundary, flag: wanted)
        }
        steps[Int(index)] = step
        return index
    }

    /// The bytes a match of `node` can begin with, and whether it can match empty.
    private static func first(_ node: Node) -> (SignatureByteSet, Bool) {
        switch node {
        case .byte(let set): return (set, false)
        case .sequence(let nodes):
            var set = SignatureByteSet()
            for node in nodes {
                let (first, nullable) = Self.first(node)
                set.formUnion(first)
                if !nullable { return (set, false) }
            }
            return (set, true)
        case .alternation(let nodes):
            var set = SignatureByteSet()
            var anyNullable = nodes.isEmpty
            for node in nodes {
                let (first, nullable) = Self.first(node)
                set.formUnion(first)
                anyNullable = anyNullable || nullable
            }
            return (set, anyNullable)
        case .repetition(let inner, let minimum, _, _):
            let (first, nullable) = Self.first(inner)
            return (first, nullable || minimum == 0)
        case .group(let inner, _), .atomic(let inner): return Self.first(inner)
        case .backReference: return (.all, true)
        case .start, .end, .wordBoundary: return (SignatureByteSet(), true)
        }
    }

    /// The end of the longest-preferred match that begins at `start` (Java's `lookingAt` on
    /// the region `start..<end`), or nil.
    ///
    /// - Parameters:
    ///   - input: The bytes.
    ///   - start: Where the match must begin (the region's start).
    ///   - end: The region's end; nothing at or after it is seen.
    ///   - budget: Work units left; each step of the matcher costs one.
    /// - Returns: The offset just past the match, or nil.
    func matchPrefix(
        _ input: UnsafeBufferPointer<UInt8>,
        from start: Int,
        to end: Int,
        budget: inout Int
    ) -> Int? {
        guard start >= 0, start <= end, end <= input.count, budget > 0 else { return nil }
        if let firstBytes {
            guard start < end, firstBytes.contains(input[start]) else { return nil }
        }
        let matcher = Matcher(input: input, steps: steps, groupCount: groupCount)
        matcher.reset(regionStart: start, regionEnd: end)
        matcher.budget = budget
        var found: Int?
        _ = matcher.match(root, start) { position in
            found = position
            return true
        }
        budget = matcher.budget
        return found
    }
}

// MARK: - Matching

extension SignatureRegex {
    /// One run of the backtracking matcher: continuation-passing over the pattern tree.
    final class Matcher {
        let input: UnsafeBufferPointer<UInt8>
        let steps: [Step]
        var regionStart = 0
        var regionEnd = 0
        var captures: [Int]
        var budget = 0
        var depth = 0
        /// Recursion deeper than this fails the match (keeps the stack bounded).
        static let maximumDepth = 1000

        init(input: UnsafeBufferPointer<UInt8>, steps: [Step], groupCount: Int) {
            self.input = input
            self.steps = steps
            self.captures = Array(repeating: -1, count: 2 * (groupCount + 1))
        }

        /// Prepares a match over a new region: no group captured yet.
        func reset(regionStart: Int, regionEnd: Int) {
            self.regionStart = regionStart
            self.regionEnd = regionEnd
            for index in captures.indices { captures[index] = -1 }
            depth = 0
        }

        /// Whether the budget ran out.
        var exhausted: Bool { budget <= 0 }

        func match(_ node: Int32, _ position: Int, _ next: (Int) -> Bool) -> Bool {
            budget -= 1
            guard budget > 0, depth < Self.maximumDepth else { return false }
            depth += 1
            defer { depth -= 1 }
            let step = steps[Int(node)]
            switch step.kind {
            case .byte:
                guard position < regionEnd, step.set.contains(input[position]) else {
                    return false
                }
                return next(position + 1)
            case .sequence:
                return sequence(step.children, 0, position, next)
            case .alternation:
                for alternative in step.children where match(alternative, position, next) {
                    return true
                }
                return false
            case .repetition:
                let inner = step.children[0]
                if steps[Int(inner)].kind == .byte {
                    return repeatBytes(
                        steps[Int(inner)].set,
                        step.minimum,
                        step.maximum,
                        step.flag,
                        position,
                        next
                    )
                }
                return repeatNode(inner, step.minimum, step.maximum, step.flag, 0, position, next)
            case .group:
                let index = step.index
                return match(step.children[0], position) { end in
                    let saved = (self.captures[2 * index], self.captures[2 * index + 1])
                    self.captures[2 * index] = position
                    self.captures[2 * index + 1] = end
                    if next(end) { return true }
                    self.captures[2 * index] = saved.0
                    self.captures[2 * index + 1] = saved.1
                    return false
                }
            case .atomic:
                var end = -1
                guard
                    match(
                        step.children[0],
                        position,
                        { position in
                            end = position
                            return true
                        }
                    )
                else { return false }
                return next(end)
            case .backReference:
                let start = captures[2 * step.index]
                let stop = captures[2 * step.index + 1]
                guard start >= 0, stop >= start else { return false }
                let length = stop - start
                guard length <= regionEnd - position else { return false }
                for offset in 0..<length {
                    var left = input[start + offset]
                    var right = input[position + offset]
                    if step.flag {
                        left = Self.lowercased(left)
                        right = Self.lowercased(right)
                    }
                    if left != right { return false }
                }
                budget -= length
                return next(position + length)
            case .start:
                guard
                    position == regionStart
                        || (step.flag && Self.isLineTerminator(input[position - 1]))
                else { return false }
                return next(position)
            case .end:
                let atEnd =
                    position == regionEnd
                    || (position + 1 == regionEnd && Self.isLineTerminator(input[position]))
                    || (step.flag && position < regionEnd
                        && Self.isLineTerminator(input[position]))
                guard atEnd else { return false }
                return next(position)
            case .wordBoundary:
                let before = position > regionStart && Self.isWord(input[position - 1])
                let after = position < regionEnd && Self.isWord(input[position])
                guard (before != after) == step.flag else { return false }
                return next(position)
            }
        }

        private func sequence(
            _ nodes: [Int32],
            _ index: Int,
            _ position: Int,
            _ next: (Int) -> Bool
        ) -> Bool {
            guard index < nodes.count else { return next(position) }
            return match(nodes[index], position) { end in
                self.sequence(nodes, index + 1, end, next)
            }
        }

        /// A repetition of one byte class: counts the run, then tries the lengths in order.
        private func repeatBytes(
            _ set: SignatureByteSet,
            _ minimum: Int,
            _ maximum: Int,
            _ greedy: Bool,
            _ position: Int,
            _ next: (Int) -> Bool
        ) -> Bool {
            let limit = min(maximum, regionEnd - position)
            var count = 0
            while count < limit, set.contains(input[position + count]) { count += 1 }
            budget -= count
            guard count >= minimum, budget > 0 else { return false }
            if greedy {
                var length = count
                while length >= minimum {
                    budget -= 1
                    if budget <= 0 { return false }
                    if next(position + length) { return true }
                    length -= 1
                }
            } else {
                for length in minimum...count {
                    budget -= 1
                    if budget <= 0 { return false }
                    if next(position + length) { return true }
                }
            }
            return false
        }

        /// A repetition of any node, `count` iterations done so far.
        private func repeatNode(
            _ inner: Int32,
            _ minimum: Int,
            _ maximum: Int,
            _ greedy: Bool,
            _ count: Int,
            _ position: Int,
            _ next: (Int) -> Bool
        ) -> Bool {
            func more() -> Bool {
                guard count < maximum else { return false }
                return self.match(inner, position) { end in
                    // An iteration that consumed nothing cannot lead anywhere new.
                    guard end != position || count < minimum else { return false }
                    return self.repeatNode(inner, minimum, maximum, greedy, count + 1, end, next)
                }
            }
            if greedy {
                if more() { return true }
                return count >= minimum && next(position)
            }
            if count >= minimum, next(position) { return true }
            return more()
        }

        static func isLineTerminator(_ byte: UInt8) -> Bool {
            byte == 0x0A || byte == 0x0D || byte == 0x85
        }

        static func isWord(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }

        static func lowercased(_ byte: UInt8) -> UInt8 {
            byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
        }
    }
}

// MARK: - Parsing

extension SignatureRegex {
    struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var groupCount = 0
        var ignoringCase = false
        var dotAll = false
        var multiline = false
        var nesting = 0

        init(scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        private var atEnd: Bool { position >= scalars.count }
        private var current: Unicode.Scalar? { atEnd ? nil : scalars[position] }

        private func peek(_ offset: Int) -> Unicode.Scalar? {
            position + offset < scalars.count ? scalars[position + offset] : nil
        }

        mutating func parseAlternation() -> Node? {
            nesting += 1
            defer { nesting -= 1 }
            guard nesting < 64 else { return nil }
            let savedFlags = (ignoringCase, dotAll, multiline)
            defer { (ignoringCase, dotAll, multiline) = savedFlags }
            var alternatives: [Node] = []
            while true {
                guard let sequence = parseSequence() else { return nil }
                alternatives.append(sequence)
                if current == "|" {
                    position += 1
                    continue
                }
                break
            }
            return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
        }

        private mutating func parseSequence() -> Node? {
            var nodes: [Node] = []
            while let scalar = current, scalar != "|", scalar != ")" {
                // An inline flag group, `(?i)`, changes the flags for the rest of the group.
                if scalar == "(", peek(1) == "?", let flags = inlineFlags(at: position),
                    flags.closes
                {
                    (ignoringCase, dotAll, multiline) = flags.flags
                    position = flags.end
                    continue
                }
                guard let atom = parseAtom() else { return nil }
                guard let quantified = parseQuantifier(atom) else { return nil }
                nodes.append(quantified)
            }
            return nodes.count == 1 ? nodes[0] : .sequence(nodes)
        }

        /// Reads `(?flags)` or `(?flags:` whose `(` is at `open`: where it ends, whether it closes
        /// there, and the flags it sets; nil if it is not a flag group.
        private func inlineFlags(
            at open: Int
        ) -> (end: Int, closes: Bool, flags: (Bool, Bool, Bool))? {
            var index = open + 2
            var on = true
            var flags = (ignoringCase, dotAll, multiline)
            while index < scalars.count {
                switch scalars[index] {
                case "i": flags.0 = on
                case "s": flags.1 = on
                case "m": flags.2 = on
                case "u", "d": break
                case "-": on = false
                case ")", ":":
                    guard index > open + 2 else { return nil }
                    return (index + 1, scalars[index] == ")", flags)
                default: return nil
                }
                index += 1
            }
            return nil
        }

        private mutating func parseAtom() -> Node? {
            guard let scalar = current else { return nil }
            position += 1
            switch scalar {
            case "(":
                return parseGroup()
            case "[":
                return parseClass().map { .byte($0) }
            case ".":
                var set = SignatureByteSet.all
                if !dotAll {
                    set = SignatureByteSet()
                    for byte in 0...255 as ClosedRange<Int>
                    where !Matcher.isLineTerminator(UInt8(byte)) {
                        set.insert(UInt8(byte))
                    }
                }
                return .byte(set)
            case "^": return .start(multiline: multiline)
            case "$": return .end(multiline: multiline)
            case "\\": return parseEscape()
            case "*", "+", "?", "{", ")", "]": return nil
            default: return literal(scalar)
            }
        }

        private func literal(_ scalar: Unicode.Scalar) -> Node {
            var set = SignatureByteSet()
            if scalar.value <= 0xFF { set.insert(UInt8(scalar.value)) }
            if ignoringCase { set.addASCIICaseVariants() }
            return .byte(set)
        }

        private mutating func parseGroup() -> Node? {
            if current == "?" {
                if peek(1) == ":" {
                    position += 2
                    return parseGroupBody(index: nil, atomic: false)
                }
                if peek(1) == ">" {
                    position += 2
                    return parseGroupBody(index: nil, atomic: true)
                }
                // `(?i:...)`: flags scoped to the group.
                let saved = (ignoringCase, dotAll, multiline)
                if let flags = inlineFlags(at: position - 1), !flags.closes {
                    (ignoringCase, dotAll, multiline) = flags.flags
                    position = flags.end
                    let body = parseGroupBody(index: nil, atomic: false)
                    (ignoringCase, dotAll, multiline) = saved
                    return body
                }
                // Look-around, named groups and the rest.
                return nil
            }
            groupCount += 1
            guard groupCount < 32 else { return nil }
            return parseGroupBody(index: groupCount, atomic: false)
        }

        private mutating func parseGroupBody(index: Int?, atomic: Bool) -> Node? {
            guard let inner = parseAlternation(), current == ")" else { return nil }
            position += 1
            if let index { return .group(inner, index: index) }
            return atomic ? .atomic(inner) : inner
        }

        private mutating func parseQuantifier(_ atom: Node) -> Node? {
            guard let scalar = current else { return atom }
            var minimum: Int
            var maximum: Int
            switch scalar {
            case "*": (minimum, maximum) = (0, Int.max)
            case "+": (minimum, maximum) = (1, Int.max)
            case "?": (minimum, maximum) = (0, 1)
            case "{":
                guard let bounds = parseBounds() else { return nil }
                (minimum, maximum) = bounds
                position -= 1  // parseBounds left the position after `}`; re-aligned below
            default: return atom
            }
            position += 1
            switch atom {
            case .start, .end, .wordBoundary: return nil
            default: break
            }
            var greedy = true
            var possessive = false
            if current == "?" {
                greedy = false
                position += 1
            } else if current == "+" {
                possessive = true
                position += 1
            }
            // A quantifier on a quantifier (`a**`) is an error in Java.
            if let next = current, next == "*" || next == "+" || next == "?" || next == "{" {
                return nil
            }
            let node = Node.repetition(atom, minimum: minimum, maximum: maximum, greedy: greedy)
            return possessive ? .atomic(node) : node
        }

        /// Reads `{n}`, `{n,}` or `{n,m}` at the position; leaves the position after `}`.
        private mutating func parseBounds() -> (Int, Int)? {
            var index = position + 1
            func number() -> Int? {
                var value = 0
                var digits = 0
                while index < scalars.count, let digit = Self.digit(scalars[index]) {
                    value = value * 10 + digit
                    digits += 1
                    index += 1
                    if value > SignatureRegex.maximumCount { return nil }
                }
                return digits > 0 ? value : nil
            }
            guard let minimum = number() else { return nil }
            var maximum = minimum
            if index < scalars.count, scalars[index] == "," {
                index += 1
                maximum = number() ?? Int.max
            }
            guard index < scalars.count, scalars[index] == "}", maximum >= minimum else {
                return nil
            }
            position = index + 1
            return (minimum, maximum)
        }

        private static func digit(_ scalar: Unicode.Scalar) -> Int? {
            scalar.value >= 0x30 && scalar.value <= 0x39 ? Int(scalar.value - 0x30) : nil
        }

        private static func hexDigit(_ scalar: Unicode.Scalar) -> Int? {
            switch scalar.value {
            case 0x30...0x39: Int(scalar.value - 0x30)
            case 0x41...0x46: Int(scalar.value - 0x41 + 10)
            case 0x61...0x66: Int(scalar.value - 0x61 + 10)
            default: nil
            }
        }

        /// After a backslash outside a class.
        private mutating func parseEscape() -> Node? {
            guard let scalar = current else { return nil }
            switch scalar {
            case "b", "B":
                position += 1
                return .wordBoundary(scalar == "b")
            case "A":
                position += 1
                return .start(multiline: false)
            case "z", "Z":
                position += 1
                return .end(multiline: false)
            case "1"..."9":
                position += 1
                guard let index = Self.digit(scalar), index <= groupCount else { return nil }
                return .backReference(index, ignoringCase: ignoringCase)
            default:
                guard let set = parseEscapedSet() else { return nil }
                var folded = set
                if ignoringCase { folded.addASCIICaseVariants() }
                return .byte(folded)
            }
        }

        /// After a backslash: a character or a shorthand class, as a set of bytes.
        private mutating func parseEscapedSet() -> SignatureByteSet? {
            guard let scalar = current else { return nil }
            position += 1
            var set = SignatureByteSet()
            switch scalar {
            case "d", "D":
                set.insert(from: 0x30, through: 0x39)
                return scalar == "d" ? set : set.inverted
            case "s", "S":
                for byte: UInt8 in [0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D] { set.insert(byte) }
                return scalar == "s" ? set : set.inverted
            case "w", "W":
                for byte in 0...255 as ClosedRange<Int> where Matcher.isWord(UInt8(byte)) {
                    set.insert(UInt8(byte))
                }
                return scalar == "w" ? set : set.inverted
            case "x":
                guard let high = current.flatMap(Self.hexDigit),
                    let low = peek(1).flatMap(Self.hexDigit)
                else { return nil }
                position += 2
                set.insert(UInt8(high * 16 + low))
                return set
            case "u":
                var value = 0
                for _ in 0..<4 {
                    guard let digit = current.flatMap(Self.hexDigit) else { return nil }
                    value = value * 16 + digit
                    position += 1
                }
                if value <= 0xFF { set.insert(UInt8(value)) }
                return set
            case "0":
                var value = 0
                var digits = 0
                while digits < 3, let scalar = current, scalar.value >= 0x30, scalar.value <= 0x37,
                    value * 8 + Int(scalar.value - 0x30) <= 0xFF
                {
                    value = value * 8 + Int(scalar.value - 0x30)
                    digits += 1
                    position += 1
                }
                guard digits > 0 else { return nil }
                set.insert(UInt8(value))
                return set
            case "t": set.insert(0x09)
            case "n": set.insert(0x0A)
            case "r": set.insert(0x0D)
            case "f": set.insert(0x0C)
            case "a": set.insert(0x07)
            case "e": set.insert(0x1B)
            default:
                // Escaped punctuation is itself; an escaped letter or digit not handled
                // above means something this subset lacks.
                let value = scalar.value
                let isAlphanumeric =
                    (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
                    || (value >= 0x61 && value <= 0x7A)
                guard !isAlphanumeric else { return nil }
                if value <= 0xFF { set.insert(UInt8(value)) }
            }
            return set
        }

        /// After `[`: the class up to its `]`.
        private mutating func parseClass() -> SignatureByteSet? {
            var negated = false
            if current == "^" {
                negated = true
                position += 1
            }
            var set = SignatureByteSet()
            var first = true
            while true {
                guard let scalar = current else { return nil }
                if scalar == "]" && !first {
                    position += 1
                    break
                }
                first = false
                if scalar == "[" || (scalar == "&" && peek(1) == "&") { return nil }
                // One member: a character, possibly the start of a range, or a shorthand.
                let low: Unicode.Scalar
                if scalar == "\\" {
                    position += 1
                    guard let escaped = current else { return nil }
                    if "dDsSwW".unicodeScalars.contains(escaped) {
                        guard let shorthand = parseEscapedSet() else { return nil }
                        set.formUnion(shorthand)
                        continue
                    }
                    guard let single = parseEscapedSet(), let byte = SignatureRegex.only(single)
                    else {
                        return nil
                    }
                    low = Unicode.Scalar(byte)
                } else {
                    position += 1
                    low = scalar
                }
                if current == "-", let after = peek(1), after != "]" {
                    position += 1
                    let high: Unicode.Scalar
                    if after == "\\" {
                        position += 1
                        guard let single = parseEscapedSet(), let byte = SignatureRegex.only(single)
                        else {
                            return nil
                        }
                        high = Unicode.Scalar(byte)
                    } else if after == "[" {
                        return nil
                    } else {
                        position += 1
                        high = after
                    }
                    guard low.value <= high.value else { return nil }
                    if low.value <= 0xFF {
                        set.insert(from: UInt8(low.value), through: UInt8(min(high.value, 0xFF)))
                    }
                } else if low.value <= 0xFF {
                    set.insert(UInt8(low.value))
                }
            }
            if ignoringCase { set.addASCIICaseVariants() }
            return negated ? set.inverted : set
        }

    }
}
