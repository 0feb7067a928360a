#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Settles the moves a journal left pending, from what the files themselves show.
///
/// For each pending move: when the final name holds the recorded content (or is the source
/// itself, hard-linked), the move is finished (the source removed if it still holds that
/// content) and marked done. Otherwise it is undone: the temporary file is removed and the
/// move marked aborted; the source never left. A temporary file that is the only complete
/// copy (the source gone) is renamed into place rather than removed. Then every leftover
/// temporary name in the library's folders is removed.
struct Recovery {
    let root: [UInt8]
    let journal: Journal

    func run() throws(ImportError) -> RecoveryReport {
        var report = RecoveryReport()
        var folders: Set<[UInt8]> = [[]]
        for name in MediaLibrary.familyFolders { folders.insert(Array(name.utf8)) }
        for intent in journal.pending {
            folders.insert(
                FileSystem.parent(intent.temporary) == Array(".".utf8)
                    ? [] : FileSystem.parent(intent.temporary)
            )
            try settle(intent, &report)
        }
        for folder in folders.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let path = FileSystem.join(root, folder)
            var removed = false
            for name in FileSystem.names(in: path) where name.starts(with: Journal.temporaryPrefix)
            {
                if FileSystem.remove(FileSystem.join(path, name)) == 0 {
                    removed = true
                    report.removedTemporaries.append(
                        String(decoding: FileSystem.join(folder, name), as: UTF8.self)
                    )
                }
            }
            if removed { _ = FileSystem.syncFolder(path) }
        }
        return report
    }

    private func settle(_ intent: JournalIntent, _ report: inout RecoveryReport) throws(ImportError)
    {
        let final = FileSystem.join(root, intent.final)
        let temporary = FileSystem.join(root, intent.temporary)
        let folder = FileSystem.parent(final)
        let sourceStatus = FileSystem.status(intent.source)
        if case .success(let finalInfo) = FileSystem.status(final) {
            var sameFile = false
            if case .success(let sourceInfo) = sourceStatus {
                sameFile =
                    sourceInfo.st_dev == finalInfo.st_dev && sourceInfo.st_ino == finalInfo.st_ino
            }
            let complete =
                sameFile || (try? FileSystem.digest(ofFileAt: final).get()) == intent.digest
            if complete {
                if case .success = sourceStatus {
                    let sourceMatches =
                        sameFile
                        || (try? FileSystem.digest(ofFileAt: intent.source).get()) == intent.digest
                    if sourceMatches, FileSystem.remove(intent.source) == 0 {
                        _ = FileSystem.syncFolder(FileSystem.parent(intent.source))
                    }
                }
                if FileSystem.remove(temporary) == 0 { _ = FileSystem.syncFolder(folder) }
                try journal.settle(intent.id, .done)
                report.finished.append(String(decoding: intent.final, as: UTF8.self))
                return
            }
        }
        if case .failure(let error) = sourceStatus, error.code == ENOENT,
            (try? FileSystem.digest(ofFileAt: temporary).get()) == intent.digest
        {
            // The temporary file is the only complete copy: keep it under a free name.
            if let placed = placeOrphan(temporary, near: intent.final) {
                _ = FileSystem.syncFolder(folder)
                try journal.settle(intent.id, .done)
                report.finished.append(String(decoding: placed, as: UTF8.self))
                return
            }
            throw ImportError(
                .ioError,
                "cannot keep the only copy of \(String(decoding: intent.source, as: UTF8.self))"
            )
        }
        if FileSystem.remove(temporary) == 0 { _ = FileSystem.syncFolder(folder) }
        try journal.settle(intent.id, .abort)
        report.undone.append(String(decoding: intent.source, as: UTF8.self))
    }

    private func placeOrphan(_ temporary: [UInt8], near final: [UInt8]) -> [UInt8]? {
        let parts = NameParts(FileSystem.baseName(final))
        let folder = FileSystem.parent(final) == Array(".".utf8) ? [] : FileSystem.parent(final)
        for number in 1...9999 {
            let candidate = FileSystem.join(folder, parts.name(number: number))
            let code = FileSystem.renameNoReplace(temporary, FileSystem.join(root, candidate))
            if code == 0 { return candidate }
            if code != EEXIST { return nil }
        }
        return nil
    }
}
