internal import CMagic
import UniformTypes

/// What went wrong inside libmagic.
public struct MagicError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libmagic's own explanation (the text of `magic_error`), or ours.
    public var message: String

    /// Creates an error with a message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// One libmagic handle (`magic_t`): opened with the MIME-type flags, its database loaded.
///
/// The handle is not thread-safe and its result string is overwritten by the next call, so
/// it is never shared: ``MagicPool`` lends each one to one task at a time. Every libmagic call
/// in the package is in this type.
final class MagicCookie {
    private let cookie: OpaquePointer

    /// The flags: MIME type only, errors as errors, and no checks that cost time without
    /// changing a media answer (decompression, ELF details, Windows application types).
    static let flags: Int32 =
        MAGIC_MIME_TYPE | MAGIC_ERROR | MAGIC_NO_CHECK_COMPRESS | MAGIC_NO_CHECK_ELF
        | MAGIC_NO_CHECK_APPTYPE

    /// Opens a handle and loads the default database.
    ///
    /// The corresponding C functions are `magic_open` and `magic_load`.
    init() throws(MagicError) {
        guard let cookie = magic_open(Self.flags) else {
            throw MagicError("magic_open failed")
        }
        guard magic_load(cookie, nil) == 0 else {
            let error = Self.lastError(of: cookie, fallback: "magic_load failed")
            magic_close(cookie)
            throw error
        }
        self.cookie = cookie
    }

    deinit { magic_close(cookie) }

    /// The MIME type libmagic gives these bytes, validated as `type/subtype`.
    ///
    /// The corresponding C function is `magic_buffer`.
    func mimeType(of bytes: [UInt8]) throws(MagicError) -> String {
        let result = bytes.withUnsafeBytes { buffer in
            magic_buffer(cookie, buffer.baseAddress, buffer.count).map { String(cString: $0) }
        }
        guard let result else {
            throw Self.lastError(of: cookie, fallback: "magic_buffer failed")
        }
        guard Self.isMIMEType(result) else {
            throw MagicError("libmagic answered '\(result)', not a MIME type")
        }
        return result
    }

    /// The libmagic library version, such as 544.
    static var version: Int { Int(magic_version()) }

    private static func lastError(of cookie: OpaquePointer, fallback: String) -> MagicError {
        MagicError(magic_error(cookie).map { String(cString: $0) } ?? fallback)
    }

    /// True for `type/subtype` with token characters only: anything else is error text.
    static func isMIMEType(_ text: String) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        return text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2F || byte == 0x2D || byte == 0x2B
                || byte == 0x2E || byte == 0x5F
        }
    }
}

/// Lends libmagic handles to one task at a time, opening them lazily.
///
/// A batch whose files the structural sniffers decide never opens a handle at all. At most
/// one handle per concurrent caller is ever opened.
final class MagicPool: Sendable {
    private let idle = Locked<[MagicHandleBox]>([])

    /// Runs `body` with a handle no other task holds.
    func withCookie<T>(_ body: (MagicCookie) throws(MagicError) -> T) throws(MagicError) -> T {
        let box: MagicHandleBox
        if let reused = idle.withLock({ $0.popLast() }) {
            box = reused
        } else {
            box = MagicHandleBox(cookie: try MagicCookie())
        }
        defer { idle.withLock { $0.append(box) } }
        return try body(box.cookie)
    }
}

/// Carries a handle between tasks through the pool's lock.
///
/// Sound because the pool hands a
/// box to one task at a time and no task keeps a reference after returning it.
final class MagicHandleBox: @unchecked Sendable {
    let cookie: MagicCookie
    init(cookie: MagicCookie) { self.cookie = cookie }
}
