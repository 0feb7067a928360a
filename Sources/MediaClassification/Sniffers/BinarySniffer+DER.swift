/// Public-key infrastructure files in ASN.1 DER: certificates (RFC 5280, 4.1), certificate
/// requests (PKCS #10, RFC 2986), revocation lists (RFC 5280, 5.1), private and public keys
/// (PKCS #8 and its encrypted form, RFC 5958; SEC 1 EC keys; PKCS #1 RSA keys;
/// SubjectPublicKeyInfo), RFC 3161 time-stamp queries and replies, and of PKCS #7, the
/// messages that are not signatures and Windows security catalogs.
///
/// They have no magic number: each is one SEQUENCE whose first elements have a shape of their
/// own. Tika's rules read a few bytes of it (a certificate's `30 82 .. .. 30 82`, a key's
/// version number), which a request also has, and which short keys (EC, Ed25519) lack. Here
/// the outer SEQUENCE must span the whole file, and the elements that tell the kinds apart are
/// read by their tags and lengths. PKCS #12 files and PKCS #7 signatures are left to their
/// signatures.
extension BinarySniffer {
    /// One DER element: its tag and where its contents lie (the end may lie past the head).
    struct DERElement {
        var tag: UInt8
        var start: Int
        var end: Int
    }

    /// The element at `offset`: a one-byte tag and a definite length (short form, or long
    /// form of one to four bytes), its contents ending no later than `limit`; nil otherwise.
    static func derElement(_ bytes: [UInt8], at offset: Int, limit: Int) -> DERElement? {
        guard offset + 2 <= bytes.count, offset + 2 <= limit else { return nil }
        let tag = bytes[offset]
        // High tag numbers (low five bits all set) do not occur in these structures.
        guard tag & 0x1F != 0x1F else { return nil }
        // DER uses the shortest form.
        guard
            let (length, start, isShortest) = ByteFields.berLength(
                bytes,
                at: offset + 1,
                maximumBytes: 4
            ),
            isShortest, start + Int(length) <= limit
        else { return nil }
        return DERElement(tag: tag, start: start, end: start + Int(length))
    }

    /// The elements inside `parent` that the head holds, up to `count` of them.
    static func derChildren(_ bytes: [UInt8], of parent: DERElement, count: Int) -> [DERElement] {
        var children: [DERElement] = []
        var offset = parent.start
        while children.count < count, offset < parent.end,
            let child = derElement(bytes, at: offset, limit: parent.end)
        {
            children.append(child)
            offset = child.end
        }
        return children
    }

    /// The largest DER file read whole.
    static let maximumDERSize = 64 * 1024

    private static let sequence: UInt8 = 0x30
    private static let set: UInt8 = 0x31
    private static let integer: UInt8 = 0x02
    private static let bitString: UInt8 = 0x03
    private static let octetString: UInt8 = 0x04
    private static let objectIdentifier: UInt8 = 0x06

    /// A public-key infrastructure file in DER, or nil when the head is not one of the kinds
    /// above.
    package static func der(_ input: SniffInput) -> SniffResult? {
        guard input.head.first == sequence, input.fileSize <= UInt64(Int32.max),
            let outer = derElement(input.head, at: 0, limit: Int(input.fileSize)),
            outer.end == Int(input.fileSize)
        else { return nil }
        // A certificate's or a revocation list's signature comes after its body: a file of up
        // to maximumDERSize is read whole, a longer one (a large revocation list) from its head.
        var head = input.head
        if head.count < outer.end, outer.end <= maximumDERSize,
            let whole = input.read(at: 0, count: outer.end), whole.count == outer.end
        {
            head = whole
        }
        let top = derChildren(head, of: outer, count: 4)
        guard top.count >= 2 else { return nil }
        func children(_ element: DERElement, _ count: Int = 5) -> [DERElement] {
            derChildren(head, of: element, count: count)
        }
        func integerValue(_ element: DERElement) -> Int? {
            guard element.tag == integer, element.end - element.start == 1,
                element.start < head.count
            else { return nil }
            return Int(head[element.start])
        }
        // AlgorithmIdentifier: a SEQUENCE that opens with an OBJECT IDENTIFIER.
        func isAlgorithm(_ element: DERElement) -> Bool {
            element.tag == sequence && children(element, 1).first?.tag == objectIdentifier
        }
        // Name: a SEQUENCE of SETs (or empty).
        func isName(_ element: DERElement) -> Bool {
            element.tag == sequence
                && (element.start == element.end || children(element, 1).first?.tag == set)
        }
        func isTime(_ element: DERElement) -> Bool { element.tag == 0x17 || element.tag == 0x18 }

        switch (top[0].tag, top[1].tag) {
        case (sequence, sequence):
            let signed = top.count == 3 && isAlgorithm(top[1]) && top[2].tag == bitString
            let body = children(top[0])
            if signed, let first = body.first {
                // TBSCertificate: [0] version, serial, signature algorithm, issuer, validity.
                if first.tag == 0xA0
                    || (first.tag == integer && body.count >= 4
                        && isAlgorithm(body[1]) && isName(body[2]) && body[3].tag == sequence)
                {
                    return SniffResult("public.x509-certificate", detail: "DER certificate")
                }
                // CertificationRequestInfo: version 0, subject, subjectPKInfo, [0] attributes.
                if integerValue(first) == 0, body.count >= 3, isName(body[1]),
                    body[2].tag == sequence, children(body[2], 1).first.map(isAlgorithm) == true
                {
                    return SniffResult("com.rsa.pkcs-10", detail: "DER certificate request")
                }
                // TBSCertList: [version 1,] signature algorithm, issuer, thisUpdate.
                let list = integerValue(first) == 1 ? Array(body.dropFirst()) : body
                if list.count >= 3, isAlgorithm(list[0]), isName(list[1]), isTime(list[2]) {
                    return SniffResult("org.ietf.pkix-crl", detail: "DER revocation list")
                }
            }
            // TimeStampResp: a PKIStatusInfo (status first), then the token, a PKCS #7
            // ContentInfo.
            if top.count == 2, children(top[0], 1).first?.tag == integer,
                children(top[1], 1).first?.tag == objectIdentifier
            {
                return SniffResult("org.ietf.timestamp-reply", detail: "DER time-stamp reply")
            }
        case (sequence, bitString):
            // SubjectPublicKeyInfo: the key's algorithm, then the key.
            if top.count == 2, isAlgorithm(top[0]) {
                return SniffResult("org.openssl.key", detail: "DER public key")
            }
        case (sequence, octetString):
            // EncryptedPrivateKeyInfo: the encryption's algorithm, then the encrypted key.
            if top.count == 2, isAlgorithm(top[0]) {
                return SniffResult("org.openssl.key", detail: "DER encrypted private key")
            }
        case (integer, sequence):
            guard let version = integerValue(top[0]) else { return nil }
            // PrivateKeyInfo / OneAsymmetricKey: version 0 or 1, algorithm, the key.
            if version <= 1, top.count >= 3, isAlgorithm(top[1]), top[2].tag == octetString {
                return SniffResult("org.openssl.key", detail: "DER private key (PKCS #8)")
            }
            // TimeStampReq: version 1, then the MessageImprint (algorithm, hash).
            let imprint = children(top[1], 2)
            if version == 1, imprint.count == 2, isAlgorithm(imprint[0]),
                imprint[1].tag == octetString
            {
                return SniffResult("org.ietf.timestamp-query", detail: "DER time-stamp query")
            }
        case (integer, octetString):
            // ECPrivateKey (SEC 1, C.4): version 1, the private key, then [0] and [1].
            if integerValue(top[0]) == 1, top.count == 2 || top[2].tag & 0xE0 == 0xA0 {
                return SniffResult("org.openssl.key", detail: "DER EC private key (SEC 1)")
            }
        case (integer, integer):
            // RSAPrivateKey (PKCS #1): version 0 and eight integers; RSAPublicKey: modulus and
            // exponent alone; OpenSSL's DSA private key: version 0 and five integers.
            if integerValue(top[0]) == 0, top.count == 4, top.allSatisfy({ $0.tag == integer }) {
                return SniffResult("org.openssl.key", detail: "DER private key (PKCS #1)")
            }
            if top.count == 2, top[0].end - top[0].start >= 64 {
                return SniffResult("org.openssl.key", detail: "DER RSA public key (PKCS #1)")
            }
        case (objectIdentifier, 0xA0):
            return contentInfo(head, type: top[0], content: top[1])
        default:
            break
        }
        return nil
    }

    /// The PKCS #7 (CMS) content types' arc, 1.2.840.113549.1.7, as DER stores it.
    private static let pkcs7Arc: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07]
    /// Microsoft's certificate trust list, 1.3.6.1.4.1.311.10.1: a security catalog's content.
    private static let trustList: [UInt8] = [0x2B, 0x06, 0x01, 0x04, 0x01, 0x82, 0x37, 0x0A, 0x01]

    /// A PKCS #7 ContentInfo the signatures do not tell apart.
    ///
    /// Enveloped, digested and encrypted data are an S/MIME message (application/pkcs7-mime),
    /// not a signature; signed data whose encapsulated content is a certificate trust list is
    /// a Windows security catalog (.cat). Other signed data is left to the signatures (a
    /// signature, or a bundle of certificates).
    private static func contentInfo(_ head: [UInt8], type: DERElement, content: DERElement)
        -> SniffResult?
    {
        guard type.end <= head.count, type.end - type.start == pkcs7Arc.count + 1,
            head[type.start..<(type.end - 1)].elementsEqual(pkcs7Arc)
        else { return nil }
        switch head[type.end - 1] {
        case 3, 5, 6:
            return SniffResult(
                "com.rsa.pkcs-7-mime",
                detail: "DER PKCS #7 enveloped, digested or encrypted data"
            )
        case 2:
            // SignedData: version, digest algorithms, then the encapsulated content's type.
            guard let signedData = derChildren(head, of: content, count: 1).first,
                signedData.tag == sequence
            else { return nil }
            let fields = derChildren(head, of: signedData, count: 3)
            guard fields.count == 3, fields[2].tag == sequence,
                let encapsulated = derChildren(head, of: fields[2], count: 1).first,
                encapsulated.tag == objectIdentifier, encapsulated.end <= head.count,
                head[encapsulated.start..<encapsulated.end].elementsEqual(trustList)
            else { return nil }
            return SniffResult(
                "com.microsoft.security-catalog",
                detail: "DER PKCS #7 signed data holding a certificate trust list"
            )
        default:
            return nil
        }
    }
}
