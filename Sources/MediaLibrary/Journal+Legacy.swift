#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Journals of the first format (before the library had a key): each line checked only by
/// the first 8 hex digits of its SHA-256, which anyone can compute.
///
/// Such a journal cannot be trusted to act on, but one whose every move is settled asks for
/// no action: it is retired (renamed to `.mediatype-journal.legacy` in the library) and the
/// library gets a key and a fresh journal, so libraries made by an older mediatype keep
/// working. One with a pending move is refused like any other journal that cannot be
/// trusted.
extension Journal {
    /// The name a retired journal of the first format gets in the library.
    static let legacyName = Array(".mediatype-journal.legacy".utf8)

    /// Whether bytes are a journal of the first format whose every recorded move is settled
    /// (a torn last line is ignored, as that format did).
    static func isSettledLegacyJournal(_ bytes: [UInt8]) -> Bool {
        let end = bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        var intents: Set<[UInt8]> = []
        var settled: Set<[UInt8]> = []
        for line in bytes[..<end].split(separator: UInt8(ascii: "\n")) {
            guard let lastTab = line.lastIndex(of: UInt8(ascii: "\t")) else { return false }
            let body = Array(line[..<lastTab])
            let check = Array(SHA256.hex(SHA256.hash(body)).utf8.prefix(8))
            guard Array(line[(lastTab + 1)...]) == check else { return false }
            let fields = body.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            switch (String(decoding: fields[0], as: UTF8.self), fields.count) {
            case ("intent", 7): intents.insert(Array(fields[1]))
            case ("done", 2), ("abort", 2): settled.insert(Array(fields[1]))
            default: return false
            }
        }
        return intents.isSubset(of: settled)
    }

    /// Retires a settled journal of the first format.
    ///
    /// - Returns: True when the journal was one and is now under ``legacyName``; false when
    ///   it is not one (the caller refuses it).
    /// - Throws: ``ImportError`` when it cannot be read or renamed.
    static func retireLegacyJournal(in root: Folder) throws(ImportError) -> Bool {
        let descriptor: Int32
        switch root.openFile(fileName, O_RDONLY | O_NONBLOCK) {
        case .success(let value): descriptor = value
        case .failure: return false
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            info.st_nlink == 1
        else { return false }
        var bytes: [UInt8] = []
        let code = FileSystem.readAll(descriptor) { chunk in
            bytes.append(contentsOf: chunk)
            return 0
        }
        guard code == 0, isSettledLegacyJournal(bytes) else { return false }
        let renamed = root.rename(fileName, to: root, as: legacyName)
        guard renamed == 0 else {
            if renamed == EEXIST { return false }
            throw ImportError.library(renamed, "cannot retire the library's old journal")
        }
        let synced = root.sync()
        if synced != 0 { throw ImportError.library(synced, "cannot sync the library folder") }
        return true
    }
}
