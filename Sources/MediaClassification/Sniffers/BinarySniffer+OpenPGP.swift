/// OpenPGP messages in binary form (RFC 9580, formerly RFC 4880), by their first packet.
///
/// An OpenPGP file has no magic number: it is a run of packets, each a tag byte and a length.
/// Tika's rules know a public-key-encrypted session key and the key packets; a message that
/// opens with a symmetric-key session key (`gpg -c`), a signature (`gpg --detach-sign`), a
/// one-pass signature or compressed data (`gpg --sign`) was not recognised. The first
/// packet's header must be well formed, its length must fit in the file, and its body must
/// open with a version and algorithm numbers the RFC defines.
extension BinarySniffer {
    /// The first packet: its tag, where its body starts, and its length (nil when the old
    /// format's length is indeterminate or the new format's partial).
    private struct OpenPGPPacket {
        var tag: Int
        var body: Int
        var length: UInt64?
    }

    private static func openPGPPacket(_ head: [UInt8]) -> OpenPGPPacket? {
        guard head.count >= 8, head[0] & 0x80 != 0 else { return nil }
        let first = head[0]
        if first & 0x40 == 0 {
            // Old format: the tag in bits 5-2, the length's size in bits 1-0.
            let tag = Int(first >> 2) & 0x0F
            switch first & 0x03 {
            case 0: return OpenPGPPacket(tag: tag, body: 2, length: UInt64(head[1]))
            case 1:
                return OpenPGPPacket(
                    tag: tag,
                    body: 3,
                    length: UInt64(head[1]) << 8 | UInt64(head[2])
                )
            case 2:
                let length = head[1...4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                return OpenPGPPacket(tag: tag, body: 5, length: length)
            default: return OpenPGPPacket(tag: tag, body: 1, length: nil)
            }
        }
        // New format: the tag in bits 5-0, then a length of one, two or five bytes.
        let tag = Int(first & 0x3F)
        let octet = head[1]
        switch octet {
        case 0..<192: return OpenPGPPacket(tag: tag, body: 2, length: UInt64(octet))
        case 192..<224:
            let length = (UInt64(octet) - 192) << 8 + UInt64(head[2]) + 192
            return OpenPGPPacket(tag: tag, body: 3, length: length)
        case 255:
            let length = head[2...5].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return OpenPGPPacket(tag: tag, body: 6, length: length)
        default: return OpenPGPPacket(tag: tag, body: 2, length: nil)
        }
    }

    /// The public-key algorithms (RSA, Elgamal, DSA, ECDH, ECDSA, EdDSA, X25519, X448,
    /// Ed25519, Ed448) and the symmetric ones (IDEA to Camellia-256, 1-13).
    private static let publicKeyAlgorithms: Set<UInt8> = [
        1, 2, 3, 16, 17, 18, 19, 22, 25, 26, 27, 28,
    ]
    private static let symmetricAlgorithms: ClosedRange<UInt8> = 1...13
    private static let hashAlgorithms: Set<UInt8> = [1, 2, 3, 8, 9, 10, 11, 12, 14]

    /// A binary OpenPGP message, or nil.
    package static func openPGP(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard let packet = openPGPPacket(head), packet.body + 4 <= head.count else { return nil }
        if let length = packet.length {
            // The first packet must fit in the file, and a session key or a signature is
            // never empty.
            guard length >= 3, UInt64(packet.body) + length <= input.fileSize else { return nil }
        } else if ![8, 9, 11, 18].contains(packet.tag) {
            // Only data packets may have an indeterminate or partial length.
            return nil
        }
        let body = Array(head[packet.body..<(packet.body + 4)])
        let encrypted = "org.openpgp.encrypted-message"
        let signature = "org.openpgp.signature"
        switch packet.tag {
        case 1 where body[0] == 3 || body[0] == 6:
            // Public-key encrypted session key: version 3 (a key ID follows) or 6.
            return SniffResult(encrypted, detail: "OpenPGP public-key encrypted session key")
        case 3 where [4, 5, 6].contains(body[0]) && symmetricAlgorithms.contains(body[1]):
            return SniffResult(encrypted, detail: "OpenPGP symmetric-key encrypted session key")
        case 2
        where body[0] == 4 && publicKeyAlgorithms.contains(body[2])
            && hashAlgorithms.contains(body[3]):
            // Signature version 4: type, public-key algorithm, hash algorithm.
            return SniffResult(signature, detail: "OpenPGP signature packet, version 4")
        case 2 where body[0] == 3 && body[1] == 5:
            return SniffResult(signature, detail: "OpenPGP signature packet, version 3")
        case 4
        where body[0] == 3 && hashAlgorithms.contains(body[2])
            && publicKeyAlgorithms.contains(body[3]):
            // One-pass signature: a signed message, its signature at the end.
            return SniffResult(signature, detail: "OpenPGP one-pass signature (a signed message)")
        case 8 where compressedPacketsFollow(head[(packet.body + 1)...], algorithm: body[0]):
            // Compressed data, as gpg --sign writes a signed message: what it holds must
            // open with a one-pass signature, a signature or literal data.
            return SniffResult(signature, detail: "OpenPGP compressed data (a signed message)")
        default:
            return nil
        }
    }

    /// Whether compressed data (ZIP: raw DEFLATE, ZLIB, or BZip2 by its header) opens with the
    /// packets of a message: a one-pass signature, a signature or literal data.
    private static func compressedPacketsFollow(_ data: ArraySlice<UInt8>, algorithm: UInt8)
        -> Bool
    {
        let deflated: ArraySlice<UInt8>
        switch algorithm {
        case 1:
            deflated = data
        case 2:
            // A zlib header: deflate, and the two bytes a multiple of 31.
            guard data.count > 2, data[data.startIndex] & 0x0F == 8,
                (Int(data[data.startIndex]) << 8 | Int(data[data.startIndex + 1])) % 31 == 0
            else { return false }
            deflated = data.dropFirst(2)
        case 3:
            return data.starts(with: Array("BZh".utf8))
        default:
            return false
        }
        let result = Inflate.inflate(Array(deflated.prefix(512)), outputLimit: 16)
        if case .invalid = result.outcome { return false }
        guard result.bytes.count >= 8, let inner = openPGPPacket(result.bytes) else {
            return false
        }
        return [2, 4, 11].contains(inner.tag)
    }
}
