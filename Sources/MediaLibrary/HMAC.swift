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
        var block = key.count > 64 ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(Array(message))
        let innerDigest = inner.finalize()
        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(innerDigest)
        return outer.finalize()
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
