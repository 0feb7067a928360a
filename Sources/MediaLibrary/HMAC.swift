/// HMAC-SHA256 (RFC 2104, FIPS 198-1) over ``SHA256``: the journal's entries are
/// authenticated with it under the library's own key.
package enum HMACSHA256 {
    /// The authentication code of a message under a key.
    ///
    /// - Parameters:
    ///   - message: The message.
    ///   - key: The key; a key longer than the 64-byte block is hashed first.
    /// - Returns: The 32-byte code.
    package static func code(_ message: some Collection<UInt8>, key: [UInt8]) -> [UInt8] {
        Keyed(key: key).code(message)
    }

    /// A key made ready once: the padded key's two blocks are hashed here, not for every
    /// message (the journal authenticates every line of a growing file on each run).
    package struct Keyed: Sendable {
        private let inner: SHA256
        private let outer: SHA256

        /// Prepares a key.
        ///
        /// - Parameter key: The key; a key longer than the 64-byte block is hashed first.
        package init(key: [UInt8]) {
            var block = key.count > 64 ? SHA256.hash(key) : key
            block += [UInt8](repeating: 0, count: 64 - block.count)
            var inner = SHA256()
            inner.update(block.map { $0 ^ 0x36 })
            var outer = SHA256()
            outer.update(block.map { $0 ^ 0x5c })
            self.inner = inner
            self.outer = outer
        }

        /// The authentication code of a message.
        ///
        /// - Parameter message: The message.
        /// - Returns: The 32-byte code.
        package func code(_ message: some Collection<UInt8>) -> [UInt8] {
            var inner = self.inner
            inner.update(Array(message))
            var outer = self.outer
            outer.update(inner.finalize())
            return outer.finalize()
        }
    }

    /// Compares two codes in time that depends only on their length.
    ///
    /// - Parameters:
    ///   - lhs: One code.
    ///   - rhs: The other.
    /// - Returns: Whether they are equal.
    package static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
