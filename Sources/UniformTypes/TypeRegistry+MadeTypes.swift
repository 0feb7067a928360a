extension TypeRegistry {
    /// Remembered answers of ``TypeRegistry/type(tag:tagClass:conformingTo:)`` that no
    /// declaration gave directly, keyed by tag, tag class and supertype.
    ///
    /// A table of ``setCount`` sets of two entries, found by the registry's own tag hash: a
    /// lookup hashes the tag once, word at a time, where a `Dictionary` keyed by the strings
    /// spent more than the rest of the lookup in `Hasher`. A full set drops its older entry,
    /// so the table never holds more than `2 * setCount` answers. The table is allocated at
    /// the first answer remembered.
    ///
    /// Not a `Locked` value: a generic class's metadata is made at run time, on the start-up
    /// path of every process, while this one's is static.
    final class MadeTypes: @unchecked Sendable {
        struct Key: Equatable, Sendable {
            var tag: String
            /// The tag class, by kind: comparing its identifier would cost more than the tag.
            var kind: UTTagClass.Kind
            /// The tag class's identifier when its kind is `.other`, else nil.
            var otherClass: String?
            /// The supertype's index in the registry, -1 for none.
            var supertype: Int

            init(tag: String, tagClass: UTTagClass, supertype: Int) {
                self.tag = tag
                kind = tagClass.kind
                otherClass = tagClass.kind == .other ? tagClass.rawValue : nil
                self.supertype = supertype
            }

            /// The key's set in a table of `setCount` sets (a power of two).
            func set(among setCount: Int) -> Int {
                var tag = tag
                var hash = Int(tag.withUTF8 { TypeTables.hash($0) })
                hash = hash &* 31 &+ supertype
                switch kind {
                case .filenameExtension: break
                case .mimeType: hash = hash &* 31 &+ 1
                case .other: hash = hash &* 31 &+ 2
                }
                return hash & (setCount - 1)
            }
        }

        private struct Entry {
            var key: Key
            var answer: UTType.Storage?
        }

        /// The sets in the table; each holds two entries.
        static let setCount = 1024

        // Sound: `entries` is only touched while `mutex` is held.
        private let mutex = PthreadMutex()
        /// Two entries per set, the newer first.
        ///
        /// Empty until the first answer is remembered.
        @exclusivity(unchecked) private var entries: [Entry?] = []

        /// The remembered answer: nil when unknown, `.some(nil)` when remembered as none.
        func answer(for key: Key) -> UTType.Storage?? {
            let first = 2 * key.set(among: Self.setCount)
            return mutex.withLock {
                guard !entries.isEmpty else { return nil }
                for position in first...first + 1 {
                    if let entry = entries[position], entry.key == key {
                        return .some(entry.answer)
                    }
                }
                return nil
            }
        }

        /// Remembers an answer, dropping the older entry of the key's set when it is full.
        func remember(_ answer: UTType.Storage?, for key: Key) {
            let first = 2 * key.set(among: Self.setCount)
            mutex.withLock {
                if entries.isEmpty {
                    entries = Array(repeating: nil, count: 2 * Self.setCount)
                }
                if let newer = entries[first], newer.key != key {
                    entries[first + 1] = newer
                }
                entries[first] = Entry(key: key, answer: answer)
            }
        }
    }
}
