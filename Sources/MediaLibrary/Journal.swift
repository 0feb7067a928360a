#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One move the journal records: where from, what content, and under which names it goes.
///
/// Every name inside the library is a plain name (no `/`, not `.` or `..`) in the root or one
/// of the family folders, and the temporary names are of the project's own pattern
/// (`.mediatype-tmp-` and 16 hex digits): an entry cannot name anything outside the library.
struct JournalIntent: Sendable, Hashable {
    /// A random identifier (16 hex digits) that `done` and `abort` lines refer to.
    var id: String
    /// The source's absolute path.
    var source: [UInt8]
    /// The source as it was opened: device, inode, size and modification time.
    var sourceIdentity: FileIdentity
    /// The source's content.
    var digest: FileDigest
    /// The folder inside the library (empty for the root, else a family folder).
    var folder: [UInt8]
    /// The temporary name of a copy, in ``folder``.
    var temporary: [UInt8]
    /// The final name, in ``folder``.
    var final: [UInt8]
    /// The name the source takes in its own folder just before it is removed after a copy.
    var removal: [UInt8]

    /// The final name relative to the library's root.
    var finalPath: [UInt8] { FileSystem.join(folder, final) }
}

/// How a recorded move ended.
enum JournalSettlement: String, Sendable {
    /// The file is complete in the library and the source is gone.
    case done
    /// The move was undone (or never began); the source is where it was.
    case abort
}

/// The append-only journal inside a library (`.mediatype-journal`).
///
/// Each line is a record: `intent` before a move starts (source path and identity, size,
/// SHA-256, folder, temporary, final and removal names), then `done` or `abort` when it ends.
/// Each line ends with its HMAC-SHA256 under the library's key (``LibraryKey``): a journal
/// holding a line that does not authenticate (forged, copied from another library, damaged)
/// is refused as a whole and nothing is changed. Only a torn last line (no newline: a crash
/// mid-append) is cut off. The journal is opened with `O_NOFOLLOW` relative to the library
/// folder's descriptor and must be a regular file with one link; every append is `fsync`ed
/// before the move goes on. It is held with `flock` while a run uses it, so two imports into
/// one library take turns.
final class Journal {
    /// The journal's name inside the library.
    static let fileName = Array(".mediatype-journal".utf8)
    /// The prefix of temporary names.
    static let temporaryPrefix = Array(".mediatype-tmp-".utf8)
    /// The prefix a library name may never start with (the project's own files).
    static let reservedPrefix = Array(".mediatype-".utf8)

    private let descriptor: Int32
    private let key: HMACSHA256.Keyed?
    private(set) var intents: [String: JournalIntent] = [:]
    private(set) var order: [String] = []
    private(set) var settlements: [String: JournalSettlement] = [:]
    private var doneBySource: [[UInt8]: String] = [:]
    private var doneByDigest: [FileDigest: [String]] = [:]

    private init(descriptor: Int32, key: [UInt8]?) {
        self.descriptor = descriptor
        self.key = key.map { HMACSHA256.Keyed(key: $0) }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Opens (creating) the journal for writing and locks it; a torn last line is cut off.
    ///
    /// - Throws: ``ImportError``: `journalRefused` for a journal that cannot be trusted
    ///   (nothing is changed then), or a library error when it cannot be opened or written.
    static func openForWriting(root: Folder) throws(ImportError) -> Journal {
        var key = try LibraryKey.read(in: root)
        if key == nil {
            if case .success(let info) = root.status(fileName), (info.st_mode & S_IFMT) == S_IFLNK {
                throw openError(ELOOP)
            }
            if case .success(let info) = root.status(fileName), info.st_size > 0,
                try !retireLegacyJournal(in: root)
            {
                throw ImportError(
                    .journalRefused,
                    "the library's journal has no key beside it and records moves that are "
                        + "not settled (copied from elsewhere, forged, or left by a crash of an "
                        + "older mediatype); nothing was changed"
                )
            }
            key = try LibraryKey.create(in: root)
        }
        let descriptor: Int32
        switch root.openFile(fileName, O_RDWR | O_CREAT | O_APPEND | O_NONBLOCK, mode: 0o600) {
        case .success(let value): descriptor = value
        case .failure(let error): throw openError(error.code)
        }
        let journal = Journal(descriptor: descriptor, key: key)
        try journal.checkPlainFile()
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw ImportError.library(errno, "cannot lock the library's journal")
            }
        }
        let code = root.sync()
        if code != 0 { throw ImportError.library(code, "cannot sync the library folder") }
        let bytes = try journal.readAll()
        let (length, records) = try journal.verify(bytes)
        if length != bytes.count {
            guard ftruncate(descriptor, off_t(length)) == 0 else {
                throw ImportError.library(errno, "cannot repair the library's journal")
            }
        }
        records.forEach(journal.apply)
        return journal
    }

    /// Opens the journal for reading only (a dry run); an absent journal reads as empty.
    static func openForReading(root: Folder?) throws(ImportError) -> Journal {
        guard let root else { return Journal(descriptor: -1, key: nil) }
        let descriptor: Int32
        switch root.openFile(fileName, O_RDONLY | O_NONBLOCK) {
        case .success(let value): descriptor = value
        case .failure(let error):
            if error.code == ENOENT { return Journal(descriptor: -1, key: nil) }
            throw openError(error.code)
        }
        let reader = Journal(descriptor: descriptor, key: nil)
        try reader.checkPlainFile()
        _ = flock(descriptor, LOCK_SH)
        let bytes = try reader.readAll()
        guard !bytes.isEmpty else { return reader }
        guard let key = try LibraryKey.read(in: root) else {
            // A settled journal of the first format: the real run retires it.
            if isSettledLegacyJournal(bytes) { return Journal(descriptor: -1, key: nil) }
            throw ImportError(.journalRefused, "the library's journal has no key beside it")
        }
        let journal = Journal(descriptor: -1, key: key)
        try journal.verify(bytes).records.forEach(journal.apply)
        return journal
    }

    private static func openError(_ code: Int32) -> ImportError {
        if code == ELOOP {
            return ImportError(
                .journalRefused,
                "the library's journal is a symbolic link",
                systemError: code
            )
        }
        if code == EISDIR || code == ENXIO || code == ENODEV {
            return ImportError(
                .journalRefused,
                "the library's journal is not a regular file",
                systemError: code
            )
        }
        return ImportError.library(code, "cannot open the library's journal")
    }

    private func checkPlainFile() throws(ImportError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw ImportError.library(errno, "cannot read the library's journal")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw ImportError(.journalRefused, "the library's journal is not a regular file")
        }
        guard info.st_nlink == 1 else {
            throw ImportError(
                .journalRefused,
                "the library's journal has other hard links (it may be someone else's file)"
            )
        }
    }

    private func readAll() throws(ImportError) -> [UInt8] {
        var bytes: [UInt8] = []
        let code = FileSystem.readAll(descriptor) { chunk in
            bytes.append(contentsOf: chunk)
            return 0
        }
        guard code == 0 else {
            throw ImportError(
                .journalRefused,
                "cannot read the library's journal: \(String(cString: strerror(code)))",
                systemError: code
            )
        }
        return bytes
    }

    /// The records of a journal's complete lines, each checked against the key.
    ///
    /// - Returns: The length up to the last newline (a torn last line is left out), and the
    ///   records.
    /// - Throws: `journalRefused` at the first line that does not authenticate or that names
    ///   anything but plain names of the library.
    private func verify(_ bytes: [UInt8]) throws(ImportError) -> (
        length: Int, records: [Record]
    ) {
        let end = bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        var records: [Record] = []
        var number = 0
        for line in bytes[..<end].split(
            separator: UInt8(ascii: "\n"),
            omittingEmptySubsequences: false
        ).dropLast() {
            number += 1
            guard let record = parse(Array(line)) else {
                throw ImportError(
                    .journalRefused,
                    "line \(number) of the library's journal is not signed by this library's "
                        + "key or names something outside the library; nothing was changed"
                )
            }
            records.append(record)
        }
        return (end, records)
    }

    // MARK: - Records

    private enum Record {
        case intent(JournalIntent)
        case settled(String, JournalSettlement)
    }

    private func apply(_ record: Record) {
        switch record {
        case .intent(let intent):
            if intents[intent.id] == nil { order.append(intent.id) }
            intents[intent.id] = intent
        case .settled(let id, let settlement):
            guard let intent = intents[id], settlements[id] == nil else { return }
            settlements[id] = settlement
            if settlement == .done {
                doneBySource[intent.source] = id
                doneByDigest[intent.digest, default: []].append(id)
            }
        }
    }

    /// Records a move before it starts.
    func recordIntent(_ intent: JournalIntent) throws(ImportError) {
        let identity = intent.sourceIdentity
        let fields = [
            Array("intent".utf8), Array(intent.id.utf8), Self.encode(intent.source),
            Array(String(identity.device).utf8), Array(String(identity.inode).utf8),
            Array(String(identity.modificationSeconds).utf8),
            Array(String(identity.modificationNanoseconds).utf8),
            Array(String(intent.digest.size).utf8), Array(intent.digest.sha256.utf8),
            intent.folder.isEmpty ? [UInt8(ascii: ".")] : intent.folder,
            intent.temporary, Self.encode(intent.final), intent.removal,
        ]
        try append(fields)
        apply(.intent(intent))
    }

    /// Records how a move ended.
    func settle(_ id: String, _ settlement: JournalSettlement) throws(ImportError) {
        try append([Array(settlement.rawValue.utf8), Array(id.utf8)])
        apply(.settled(id, settlement))
    }

    /// Records how a move ended, ignoring a failure to write it: the next run's recovery
    /// reaches the same end from the files themselves.
    func settleIfPossible(_ id: String, _ settlement: JournalSettlement) {
        do {
            try settle(id, settlement)
        } catch {
            apply(.settled(id, settlement))
        }
    }

    private func append(_ fields: [[UInt8]]) throws(ImportError) {
        guard descriptor >= 0, key != nil else {
            throw ImportError(.ioError, "the journal is open for reading only")
        }
        var line = Array(fields.joined(separator: [UInt8(ascii: "\t")]))
        line += [UInt8(ascii: "\t")] + check(line) + [UInt8(ascii: "\n")]
        let code = line.withUnsafeBytes { FileSystem.writeAll(descriptor, $0) }
        guard code == 0 else {
            throw ImportError.library(code, "cannot write the library's journal")
        }
        guard fsync(descriptor) == 0 else {
            throw ImportError.library(errno, "cannot sync the library's journal")
        }
    }

    /// The line's HMAC-SHA256 under the library's key, in hex.
    private func check(_ body: [UInt8]) -> [UInt8] {
        Array(SHA256.hex(key?.code(body) ?? []).utf8)
    }

    private func parse(_ line: [UInt8]) -> Record? {
        guard key != nil, let lastTab = line.lastIndex(of: UInt8(ascii: "\t")) else { return nil }
        let body = Array(line[..<lastTab])
        guard HMACSHA256.equal(Array(line[(lastTab + 1)...]), check(body)) else { return nil }
        let fields = body.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            .map { Array($0) }
        guard let kind = fields.first.map({ String(decoding: $0, as: UTF8.self) }) else {
            return nil
        }
        switch kind {
        case "intent":
            return Self.parseIntent(fields).map { .intent($0) }
        case "done", "abort":
            guard fields.count == 2, let settlement = JournalSettlement(rawValue: kind),
                Self.isIdentifier(fields[1])
            else { return nil }
            return .settled(String(decoding: fields[1], as: UTF8.self), settlement)
        default:
            return nil
        }
    }

    private static func parseIntent(_ fields: [[UInt8]]) -> JournalIntent? {
        func number<T: FixedWidthInteger>(_ field: [UInt8]) -> T? {
            T(String(decoding: field, as: UTF8.self))
        }
        guard fields.count == 13, isIdentifier(fields[1]),
            let source = decode(fields[2]), source.first == FileSystem.slash, !source.contains(0),
            let device: UInt64 = number(fields[3]), let inode: UInt64 = number(fields[4]),
            let seconds: Int64 = number(fields[5]), let nanoseconds: Int64 = number(fields[6]),
            let size: UInt64 = number(fields[7]), isHex(fields[8], count: 64),
            let final = decode(fields[11]), isPlainName(final),
            isTemporaryName(fields[10]), isTemporaryName(fields[12])
        else { return nil }
        let folder: [UInt8]
        if fields[9] == [UInt8(ascii: ".")] {
            folder = []
        } else if MediaLibrary.familyFolders.contains(String(decoding: fields[9], as: UTF8.self)) {
            folder = fields[9]
        } else {
            return nil
        }
        return JournalIntent(
            id: String(decoding: fields[1], as: UTF8.self),
            source: source,
            sourceIdentity: FileIdentity(
                device: device,
                inode: inode,
                size: size,
                seconds: seconds,
                nanoseconds: nanoseconds
            ),
            digest: FileDigest(size: size, sha256: String(decoding: fields[8], as: UTF8.self)),
            folder: folder,
            temporary: fields[10],
            final: final,
            removal: fields[12]
        )
    }

    // MARK: - Names

    /// A new temporary name of the project's pattern.
    static func newTemporaryName() -> [UInt8] {
        temporaryPrefix + Array(FileSystem.randomHex(16).utf8)
    }

    /// Whether a name is a temporary name of the project's pattern: the prefix and 16
    /// lower-case hex digits, nothing else.
    static func isTemporaryName(_ name: [UInt8]) -> Bool {
        name.starts(with: temporaryPrefix)
            && isHex(Array(name.dropFirst(temporaryPrefix.count)), count: 16)
    }

    /// Whether a name is a plain file name the library may hold: not empty, no `/` or NUL,
    /// not `.` or `..`, not one of the project's own names.
    static func isPlainName(_ name: [UInt8]) -> Bool {
        !name.isEmpty && !name.contains(FileSystem.slash) && !name.contains(0)
            && name != [UInt8(ascii: ".")] && name != Array("..".utf8)
            && !name.starts(with: reservedPrefix)
    }

    private static func isIdentifier(_ field: [UInt8]) -> Bool { isHex(field, count: 16) }

    private static func isHex(_ field: [UInt8], count: Int) -> Bool {
        field.count == count
            && field.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Percent-encodes the bytes of a path that are not printable ASCII, and `%`.
    static func encode(_ path: [UInt8]) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        for byte in path {
            if byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "%") {
                output += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            } else {
                output.append(byte)
            }
        }
        return output
    }

    /// Reverses ``encode(_:)``; nil for a malformed escape.
    static func decode(_ text: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        var index = 0
        while index < text.count {
            let byte = text[index]
            guard byte == UInt8(ascii: "%") else {
                output.append(byte)
                index += 1
                continue
            }
            guard index + 2 < text.count,
                let value = UInt8(
                    String(decoding: text[(index + 1)...(index + 2)], as: UTF8.self),
                    radix: 16
                )
            else { return nil }
            output.append(value)
            index += 3
        }
        return output
    }

    // MARK: - Questions

    /// The moves recorded but neither done nor aborted, oldest first.
    var pending: [JournalIntent] {
        order.compactMap { id in settlements[id] == nil ? intents[id] : nil }
    }

    /// The last completed move from a source path.
    func completed(fromSource source: [UInt8]) -> JournalIntent? {
        doneBySource[source].flatMap { intents[$0] }
    }

    /// The completed moves of a content, newest first.
    func completed(withDigest digest: FileDigest) -> [JournalIntent] {
        (doneByDigest[digest] ?? []).reversed().compactMap { intents[$0] }
    }
}
