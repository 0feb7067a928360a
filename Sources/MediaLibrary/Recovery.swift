#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Settles the moves a journal left pending, from what the files themselves show.
///
/// Recovery only runs on a journal whose every line authenticated under the library's key,
/// and each entry names only plain names inside the library (see ``JournalIntent``). It acts
/// only on files it can prove are the ones the entry is about:
///
/// - When the final name holds the recorded content, or is the recorded source file itself
///   (same device and inode), the move is finished and marked done. The source is then
///   removed only if it is still the recorded file (same device, inode, size and
///   modification time, the recorded SHA-256) under its own name or under the entry's
///   removal name; otherwise it stays.
/// - When the temporary name holds a complete copy and the recorded source cannot be shown
///   to be still there (its folder gone, its name removed or replaced), the copy is kept
///   under a free name.
/// - Otherwise the move is undone: the temporary file is removed, a source that was moved
///   aside under the removal name is put back, and the move is marked aborted.
///
/// Then every name of the project's temporary pattern left in the library's folders is
/// removed. Nothing is ever followed through a symbolic link: the family folders and every
/// file are opened relative to the library folder's descriptor with `O_NOFOLLOW`.
struct Recovery {
    let root: Folder
    let journal: Journal

    func run() throws(ImportError) -> RecoveryReport {
        var report = RecoveryReport()
        for intent in journal.pending {
            try settle(intent, &report)
        }
        let folders: [[UInt8]] = [[]] + MediaLibrary.familyFolders.map { Array($0.utf8) }
        for name in folders {
            let folder: Folder
            if name.isEmpty {
                folder = root
            } else if case .success(let sub) = root.sub(name) {
                folder = sub
            } else {
                continue
            }
            var removed = false
            for entry in folder.names() where Journal.isTemporaryName(entry) {
                guard case .success(let info) = folder.status(entry),
                    (info.st_mode & S_IFMT) != S_IFDIR
                else { continue }
                if folder.remove(entry) == 0 {
                    removed = true
                    report.removedTemporaries.append(
                        String(decoding: FileSystem.join(name, entry), as: UTF8.self)
                    )
                }
            }
            if removed { _ = folder.sync() }
        }
        return report
    }

    private func settle(_ intent: JournalIntent, _ report: inout RecoveryReport)
        throws(ImportError)
    {
        let folder: Folder
        if intent.folder.isEmpty {
            folder = root
        } else if case .success(let sub) = root.sub(intent.folder) {
            folder = sub
        } else {
            // Its folder was never made (or is not a plain folder): nothing of it is here.
            try journal.settle(intent.id, .abort)
            report.undone.append(String(decoding: intent.source, as: UTF8.self))
            return
        }
        let sourceName = FileSystem.baseName(intent.source)
        let sourceFolder = try? Folder.openWithoutLinks(FileSystem.parent(intent.source)).get()
        if case .success(let finalInfo) = folder.status(intent.final),
            (finalInfo.st_mode & S_IFMT) == S_IFREG
        {
            let sameFile = intent.sourceIdentity.isSameFile(finalInfo)
            let complete =
                sameFile
                || (try? FileSystem.digest(of: intent.final, in: folder).get())
                    == intent.digest
            if complete {
                if let sourceFolder {
                    for name in [sourceName, intent.removal]
                    where isRecordedSource(name, in: sourceFolder, intent, sameFile: sameFile) {
                        if sourceFolder.remove(name) == 0 { _ = sourceFolder.sync() }
                    }
                }
                if folder.remove(intent.temporary) == 0 { _ = folder.sync() }
                try journal.settle(intent.id, .done)
                report.finished.append(String(decoding: intent.finalPath, as: UTF8.self))
                return
            }
        }
        // Unless the recorded source is provably still there (under its name or moved aside),
        // a complete temporary copy may be the only one left: it is kept.
        let sourcePresent =
            sourceFolder.map { source in
                isRecordedSource(sourceName, in: source, intent, sameFile: false)
                    || isRecordedSource(intent.removal, in: source, intent, sameFile: false)
            } ?? false
        if !sourcePresent,
            (try? FileSystem.digest(of: intent.temporary, in: folder).get()) == intent.digest
        {
            // The temporary file is the only complete copy: keep it under a free name.
            if let placed = placeOrphan(intent, in: folder) {
                _ = folder.sync()
                try journal.settle(intent.id, .done)
                report.finished.append(String(decoding: placed, as: UTF8.self))
                return
            }
            throw ImportError(
                .ioError,
                "cannot keep the only copy of \(String(decoding: intent.source, as: UTF8.self))"
            )
        }
        if folder.remove(intent.temporary) == 0 { _ = folder.sync() }
        if let sourceFolder,
            isRecordedSource(intent.removal, in: sourceFolder, intent, sameFile: false),
            sourceFolder.rename(intent.removal, to: sourceFolder, as: sourceName) == 0
        {
            _ = sourceFolder.sync()
        }
        try journal.settle(intent.id, .abort)
        report.undone.append(String(decoding: intent.source, as: UTF8.self))
    }

    /// Whether a name in the source's folder is the recorded source: the same file as the
    /// final name (a hard link left by a `link` + `unlink` rename), or the recorded device,
    /// inode, size and modification time with the recorded content.
    private func isRecordedSource(
        _ name: [UInt8],
        in folder: Folder,
        _ intent: JournalIntent,
        sameFile: Bool
    ) -> Bool {
        guard case .success(let info) = folder.status(name) else { return false }
        if sameFile { return intent.sourceIdentity.isSameFile(info) }
        return intent.sourceIdentity.isUnchanged(info)
            && (try? FileSystem.digest(of: name, in: folder).get()) == intent.digest
    }

    private func placeOrphan(_ intent: JournalIntent, in folder: Folder) -> [UInt8]? {
        let parts = NameParts(intent.final)
        for number in 1...9999 {
            let candidate = parts.name(number: number)
            let code = folder.rename(intent.temporary, to: folder, as: candidate)
            if code == 0 { return FileSystem.join(intent.folder, candidate) }
            if code != EEXIST { return nil }
        }
        return nil
    }
}
