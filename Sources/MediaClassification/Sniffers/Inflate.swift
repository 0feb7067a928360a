internal import CZlib

/// A bounded decoder for DEFLATE streams (RFC 1951), raw as ZIP entries of method 8 hold them,
/// or in a gzip member (RFC 1952), decoded by zlib.
///
/// It exists so that the container sniffer can read one small part of a ZIP package (an Office
/// Open XML package's `[Content_Types].xml`). It is meant for hostile input:
///
/// - The output stops at `outputLimit` bytes, so a stream that expands without end (a
///   "bomb") costs no more than the limit.
/// - zlib consumes input or produces output at every call, and the input is a finite array, so
///   a stream of empty blocks ends when the input does.
/// - Malformed streams end the decoding with ``Outcome/invalid(_:)`` and a ``Failure`` that
///   says what zlib found; what was decoded before is kept.
/// - There is no preset dictionary: a distance must point inside what was already produced.
///
/// Every zlib call stays in one owner, ``InflateStream``. The corresponding C functions are
/// `inflateInit2`, `inflate` and `inflateEnd`.
package enum Inflate {
    /// The framing around the DEFLATE data.
    package enum Format: Sendable, Hashable {
        /// A raw stream, as ZIP entries of method 8 hold it (zlib's window bits -15).
        case raw
        /// One gzip member: header, stream, then CRC-32 and length, both checked (zlib's
        /// window bits 16 + 15). Bytes after the first member are ignored.
        case gzip
    }

    /// How a decoding ended.
    package enum Outcome: Sendable, Hashable {
        /// The final block ended (and, for gzip, the trailer checked out): the output is the
        /// whole stream.
        case complete
        /// The output reached the limit; the stream may hold more.
        case outputLimit
        /// The input ended before the final block did.
        case truncated
        /// The stream is malformed; the failure says where.
        case invalid(Failure)
    }

    /// Why zlib refused a stream: its error message (`z_stream.msg`), given a name.
    ///
    /// zlib reports one message for several faults that a hand-written decoder can tell apart
    /// (a length repeat with no previous length and a run past the last code are both
    /// ``invalidLengthRepeat``; the reserved literal/length symbols 286 and 287 are
    /// ``invalidLiteralLengthSymbol`` with no number).
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Block type 3, which RFC 1951 reserves ("invalid block type").
        case reservedBlockType
        /// A stored block whose NLEN is not the complement of LEN ("invalid stored block
        /// lengths").
        case storedLengthMismatch
        /// More than 286 literal/length or 30 distance codes ("too many length or distance
        /// symbols").
        case tooManyCodes
        /// An over-subscribed or incomplete code-length code ("invalid code lengths set").
        case unusableCodeLengthCode
        /// A repeat of the previous length with none before it, or a repeat that runs past
        /// the last code ("invalid bit length repeat").
        case invalidLengthRepeat
        /// Code lengths that give the end-of-block symbol no code ("invalid code -- missing
        /// end-of-block").
        case noEndOfBlockCode
        /// Over-subscribed or incomplete literal/length or distance code lengths ("invalid
        /// literal/lengths set", "invalid distances set").
        case unusableCode
        /// A literal/length symbol RFC 1951 reserves, or a bit pattern no symbol owns
        /// ("invalid literal/length code").
        case invalidLiteralLengthSymbol
        /// A distance symbol RFC 1951 reserves, or a bit pattern no symbol owns ("invalid
        /// distance code").
        case invalidDistanceSymbol
        /// A distance before the start of the output ("invalid distance too far back").
        case distanceTooFarBack
        /// A gzip header zlib refuses (not `1f 8b`, not method 8, reserved flags, header
        /// CRC); the text is zlib's.
        case invalidHeader(String)
        /// A gzip trailer whose CRC-32 or length differs from the data ("incorrect data
        /// check", "incorrect length check").
        case checksumMismatch
        /// Anything else zlib reports, such as failing to allocate its state; the text is
        /// zlib's, or its return code.
        case other(String)

        /// Maps zlib's message onto a failure.
        init(zlibMessage message: String) {
            switch message {
            case "invalid block type": self = .reservedBlockType
            case "invalid stored block lengths": self = .storedLengthMismatch
            case "too many length or distance symbols": self = .tooManyCodes
            case "invalid code lengths set": self = .unusableCodeLengthCode
            case "invalid bit length repeat": self = .invalidLengthRepeat
            case "invalid code -- missing end-of-block": self = .noEndOfBlockCode
            case "invalid literal/lengths set", "invalid distances set": self = .unusableCode
            case "invalid literal/length code": self = .invalidLiteralLengthSymbol
            case "invalid distance code": self = .invalidDistanceSymbol
            case "invalid distance too far back": self = .distanceTooFarBack
            case "incorrect header check", "unknown compression method", "invalid window size",
                "unknown header flags set", "header crc mismatch":
                self = .invalidHeader(message)
            case "incorrect data check", "incorrect length check": self = .checksumMismatch
            default: self = .other(message)
            }
        }

        /// A short English account of the fault.
        package var description: String {
            switch self {
            case .reservedBlockType: "reserved block type 3"
            case .storedLengthMismatch: "stored block length fails its complement check"
            case .tooManyCodes: "too many literal/length or distance codes"
            case .unusableCodeLengthCode: "unusable code-length code"
            case .invalidLengthRepeat: "code-length repeat with no previous length or past the end"
            case .noEndOfBlockCode: "no end-of-block code"
            case .unusableCode: "over-subscribed or incomplete literal/length or distance code"
            case .invalidLiteralLengthSymbol: "reserved or unowned literal/length symbol"
            case .invalidDistanceSymbol: "reserved or unowned distance symbol"
            case .distanceTooFarBack: "distance before the start of the output"
            case .invalidHeader(let message): "gzip header: \(message)"
            case .checksumMismatch: "gzip trailer does not match the data"
            case .other(let message): "zlib: \(message)"
            }
        }
    }

    /// The bytes decoded and how the decoding ended.
    package struct Result: Sendable, Hashable {
        /// The decoded bytes: the whole stream, or what came before the limit or the damage.
        package var bytes: [UInt8]
        /// Why the decoding stopped.
        package var outcome: Outcome

        /// Creates a result from decoded bytes and how the decoding ended.
        package init(bytes: [UInt8], outcome: Outcome) {
            self.bytes = bytes
            self.outcome = outcome
        }
    }

    /// Decodes a DEFLATE stream, stopping after `outputLimit` bytes.
    ///
    /// A stream that ends exactly at the limit is ``Outcome/complete``; one with even a byte
    /// more is ``Outcome/outputLimit``.
    ///
    /// - Parameters:
    ///   - input: The compressed bytes; anything after the final block (or the gzip member)
    ///     is ignored.
    ///   - format: The framing: ``Format/raw`` (the default) or ``Format/gzip``.
    ///   - outputLimit: The most bytes to produce; a negative limit counts as 0.
    /// - Returns: The bytes decoded and why the decoding stopped.
    package static func inflate(
        _ input: [UInt8],
        format: Format = .raw,
        outputLimit: Int
    ) -> Result {
        let limit = max(0, outputLimit)
        do throws(Failure) {
            let stream = try InflateStream(format: format)
            return input.withUnsafeBufferPointer { stream.run($0, limit: limit) }
        } catch {
            return Result(bytes: [], outcome: .invalid(error))
        }
    }
}

/// One zlib inflate stream: the only place that calls zlib's inflater.
///
/// zlib keeps a pointer back to the `z_stream` in its state and refuses a stream that has
/// moved, so the `z_stream` lives in memory of its own, freed (with zlib's state) in `deinit`.
struct InflateStream: ~Copyable {
    private let stream: UnsafeMutablePointer<z_stream>

    /// The output is produced at most this many bytes a call, so a small part does not cost a
    /// buffer of the whole limit.
    private static let chunk = 16 << 10

    /// Sets up zlib for one stream of the given framing.
    ///
    /// - Throws: ``Inflate/Failure/other(_:)`` when zlib cannot allocate its state.
    init(format: Inflate.Format) throws(Inflate.Failure) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let windowBits: Int32 = format == .raw ? -MAX_WBITS : 16 + MAX_WBITS
        let status = czlib_inflate_init2(stream, windowBits)
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw .other("inflateInit2 returned \(status)")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Decodes `input` until the stream ends, fails, runs out of input, or `limit` bytes.
    func run(_ input: UnsafeBufferPointer<UInt8>, limit: Int) -> Inflate.Result {
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, max(1024, input.count * 4)))
        stream.pointee.next_in = input.baseAddress
        stream.pointee.avail_in = UInt32(clamping: input.count)
        let step = Swift.min(Self.chunk, Swift.max(limit, 1))
        let outcome = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: step) {
            buffer -> Inflate.Outcome in
            guard let base = buffer.baseAddress else { return .invalid(.other("no buffer")) }
            while true {
                // At the limit, one more byte of room tells a stream that ends here from one
                // that goes on; that byte is never kept.
                let probing = output.count == limit
                let room = probing ? 1 : Swift.min(step, limit - output.count)
                stream.pointee.next_out = base
                stream.pointee.avail_out = UInt32(room)
                let inputBefore = stream.pointee.avail_in
                let status = inflate(stream, Z_NO_FLUSH)
                let produced = room - Int(stream.pointee.avail_out)
                if probing {
                    if produced > 0 { return .outputLimit }
                } else {
                    output.append(contentsOf: UnsafeBufferPointer(start: base, count: produced))
                }
                switch status {
                case Z_STREAM_END: return .complete
                case Z_OK:
                    // Room left means zlib wants input it does not have; a call that neither
                    // read nor wrote would repeat forever.
                    if stream.pointee.avail_out > 0, stream.pointee.avail_in == 0 {
                        return .truncated
                    }
                    if produced == 0, stream.pointee.avail_in == inputBefore {
                        return .invalid(.other("inflate made no progress"))
                    }
                case Z_BUF_ERROR:
                    // No progress was possible: with output room, that is the end of input.
                    return .truncated
                case Z_DATA_ERROR:
                    return .invalid(Inflate.Failure(zlibMessage: message))
                default:
                    let text = message
                    return .invalid(.other(text.isEmpty ? "inflate returned \(status)" : text))
                }
            }
        }
        return Inflate.Result(bytes: output, outcome: outcome)
    }

    /// zlib's message for the last error, or an empty string.
    private var message: String {
        stream.pointee.msg.map { String(cString: $0) } ?? ""
    }
}

// MARK: - CRC-32

/// The CRC-32 that ZIP records for each entry (ISO 3309 polynomial, reflected, 0xEDB88320),
/// computed by zlib's `crc32`.
package enum CRC32 {
    /// The checksum of `bytes`.
    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            var crc = crc32(0, nil, 0)
            var offset = 0
            // zlib takes a 32-bit length: a larger buffer goes in slices.
            while offset < buffer.count {
                let count = Swift.min(buffer.count - offset, 1 << 30)
                crc = crc32(crc, buffer.baseAddress.map { $0 + offset }, UInt32(count))
                offset += count
            }
            return UInt32(truncatingIfNeeded: crc)
        }
    }
}
