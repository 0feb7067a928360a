#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One move the journal records: where from, what content, and under which names it goes.
struct JournalIntent: Sendable, Hashable {
    /// A random identifier that `done` and `abort` lines refer to.
    var id: String
    /// The source's absolute path.
    var source: [UInt8]
    /// The source's content.
    var digest: FileDigest
    /// The temporary name, relative to the library's root.
    var temporary: [UInt8]
    /// The final name, relative to the library's root.
    var final: [UInt8]
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
/// Each line is a record: `intent` before a move starts (source, size, SHA-256, temporary
/// and final names), then `done` or `abort` when it ends. Each line ends with a check (the
/// first 8 hex digits of the SHA-256 of the rest), so a torn or damaged line is ignored;
/// every append is `fsync`ed before the move goes on. The file is held with `flock` while a
/// run uses it, so two imports into one library take turns.
final class Journal {
    /// The journal's name inside the library.
    static let fileName = Array(".mediatype-journal".utf8)
    /// The prefix of temporary names inside the library.
    static let temporaryPrefix = Array(".mediatype-tmp-".utf8)

    private let descriptor: Int32
    private(set) var intents: [String: JournalIntent] = [:]
    private(set) var order: [String] = []
    private(set) var settlements: [String: JournalSettlement] = [:]
    private var doneBySource: [[UInt8]: String] = [:]
    private var doneByDigest: [FileDigest: [String]] = [:]

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Opens (creating) the journal for writing and locks it; a torn last line is cut off.
    static func openForWriting(root: [UInt8]) throws(ImportError) -> Journal {
        let path = FileSystem.join(root, fileName)
        let existed = FileSystem.exists(path) == true
        let descriptor = open(
            FileSystem.cPath(path),
            O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC,
            0o644
        )
        guard descriptor >= 0 else {
            throw ImportError.library(errno, "cannot open the library's journal")
        }
        let journal = Journal(descriptor: descriptor)
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw ImportError.library(errno, "cannot lock the library's journal")
            }
        }
        if !existed {
            let code = FileSystem.syncFolder(root)
            if code != 0 { throw ImportError.library(code, "cannot sync the library folder") }
        }
        let bytes = try journal.readAll()
        if let lastNewline = bytes.lastIndex(of: UInt8(ascii: "\n")),
            lastNewline != bytes.count - 1
        {
            guard ftruncate(descriptor, off_t(lastNewline + 1)) == 0 else {
                throw ImportError.library(errno, "cannot repair the library's journal")
            }
        } else if !bytes.isEmpty, !bytes.contains(UInt8(ascii: "\n")) {
            guard ftruncate(descriptor, 0) == 0 else {
                throw ImportError.library(errno, "cannot repair the library's journal")
            }
        }
        journal.load(bytes)
        return journal
    }

    /// Opens the journal for reading only (a dry run); an absent journal reads as empty.
    static func openForReading(root: [UInt8]) throws(ImportError) -> Journal {
        let path = FileSystem.join(root, fileName)
        let descriptor = open(FileSystem.cPath(path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return Journal(descriptor: -1) }
            throw ImportError.library(code, "cannot read the library's journal")
        }
        let journal = Journal(descriptor: descriptor)
        _ = flock(descriptor, LOCK_SH)
        journal.load(try journal.readAll())
        return journal
    }

    private func readAll() throws(ImportError) -> [UInt8] {
        var bytes: [UInt8] = []
        let code = FileSystem.readAll(descriptor) { chunk in
            bytes.append(contentsOf: chunk)
            return 0
        }
        guard code == 0 else {
            throw ImportError.library(code, "cannot read the library's journal")
        }
        return bytes
    }

    private func load(_ bytes: [UInt8]) {
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            guard let record = Self.parse(Array(line)) else { continue }
            apply(record)
        }
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
        let fields = [
            Array("intent".utf8), Array(intent.id.utf8), Self.encode(intent.source),
            Array(String(intent.digest.size).utf8), Array(intent.digest.sha256.utf8),
            Self.encode(intent.temporary), Self.encode(intent.final),
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
        guard descriptor >= 0 else {
            throw ImportError(.ioError, "the journal is open for reading only")
        }
        var line = Array(fields.joined(separator: [UInt8(ascii: "\t")]))
        line += [UInt8(ascii: "\t")] + Self.check(line) + [UInt8(ascii: "\n")]
        let code = line.withUnsafeBytes { FileSystem.writeAll(descriptor, $0) }
        guard code == 0 else {
            throw ImportError.library(code, "cannot write the library's journal")
        }
        guard fsync(descriptor) == 0 else {
            throw ImportError.library(errno, "cannot sync the library's journal")
        }
    }

    private static func check(_ line: [UInt8]) -> [UInt8] {
        Array(SHA256.hex(SHA256.hash(line)).utf8.prefix(8))
    }

    private static func parse(_ line: [UInt8]) -> Record? {
        guard let lastTab = line.lastIndex(of: UInt8(ascii: "\t")) else { return nil }
        let body = Array(line[..<lastTab])
        guard Array(line[(lastTab + 1)...]) == check(body) else { return nil }
        let fields = body.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            .map { Array($0) }
        guard let kind = fields.first.map({ String(decoding: $0, as: UTF8.self) }) else {
            return nil
        }
        switch kind {
        case "intent":
            guard fields.count == 7,
                let size = UInt64(String(decoding: fields[3], as: UTF8.self)),
                let source = decode(fields[2]), let temporary = decode(fields[5]),
                let final = decode(fields[6])
            else { return nil }
            return .intent(
                JournalIntent(
                    id: String(decoding: fields[1], as: UTF8.self),
                    source: source,
                    digest: FileDigest(
                        size: size,
                        sha256: String(decoding: fields[4], as: UTF8.self)
                    ),
                    temporary: temporary,
                    final: final
                )
            )
        case "done", "abort":
            guard fields.count == 2, let settlement = JournalSettlement(rawValue: kind) else {
                return nil
            }
            return .settled(String(decoding: fields[1], as: UTF8.self), settlement)
        default:
            return nil
        }
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
