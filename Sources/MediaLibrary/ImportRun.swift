import MediaClassification
import UniformTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One import run: the library, its open journal, and the names a dry run has promised.
struct ImportRun {
    let library: MediaLibrary
    let journal: Journal
    private var promisedNames: Set<[UInt8]> = []

    init(library: MediaLibrary, journal: Journal) {
        self.library = library
        self.journal = journal
    }

    private enum MoveResult {
        case moved
        case nameTaken
        case failed(ImportError)
    }

    /// Classifies, decides and moves one file.
    mutating func importFile(_ path: [UInt8]) -> ImportOutcome {
        guard !path.isEmpty, !path.contains(0) else {
            return .failed(
                source: path,
                error: ImportError(.notFound, "the path is empty or holds a NUL byte")
            )
        }
        let source = FileSystem.absolute(path)
        let info: stat
        switch FileSystem.status(source) {
        case .success(let status):
            info = status
        case .failure(let error):
            if error.code == ENOENT, let done = journal.completed(fromSource: source),
                FileSystem.exists(library.absolutePath(done.final)) == true
            {
                return .alreadyImported(source: path, destination: library.displayPath(done.final))
            }
            return .failed(source: path, error: .source(error.code, "cannot read the file"))
        }
        let classification: Classification
        do {
            classification = try library.classifier.classify(pathBytes: source)
        } catch {
            return .failed(source: path, error: Self.importError(error))
        }
        let decision = library.classifier.decide(classification, allowed: library.allowed)
        guard decision.accepted else { return .rejected(source: path, decision: decision) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return .failed(
                source: path,
                error: ImportError(.notARegularFile, "only regular files are imported")
            )
        }
        let digest: FileDigest
        switch FileSystem.digest(ofFileAt: source) {
        case .success(let value): digest = value
        case .failure(let error):
            return .failed(source: path, error: .source(error.code, "cannot read the file"))
        }
        for earlier in journal.completed(withDigest: digest) {
            if case .success(let found) = FileSystem.digest(
                ofFileAt: library.absolutePath(earlier.final)
            ), found == digest {
                return .alreadyImported(
                    source: path,
                    destination: library.displayPath(earlier.final)
                )
            }
        }
        let (name, renamed) = Self.destinationName(
            for: FileSystem.baseName(source),
            classification: classification
        )
        let folder = library.folder(for: classification.type)
        if !library.dryRun && !folder.isEmpty {
            let code = FileSystem.makeFolders(library.absolutePath(folder))
            if code != 0 {
                return .failed(source: path, error: .library(code, "cannot make the folder"))
            }
        }
        for _ in 0..<16 {
            guard let final = freeName(in: folder, for: name) else { break }
            if library.dryRun {
                promisedNames.insert(final)
                return .wouldImport(
                    source: path,
                    destination: library.displayPath(final),
                    renamedExtension: renamed,
                    classification: classification
                )
            }
            let temporary = FileSystem.join(
                folder,
                Journal.temporaryPrefix + Array(FileSystem.randomHex().utf8)
            )
            let intent = JournalIntent(
                id: FileSystem.randomHex(16),
                source: source,
                digest: digest,
                temporary: temporary,
                final: final
            )
            do {
                try journal.recordIntent(intent)
            } catch {
                return .failed(source: path, error: error)
            }
            switch move(intent) {
            case .moved:
                return .imported(
                    source: path,
                    destination: library.displayPath(final),
                    renamedExtension: renamed,
                    classification: classification
                )
            case .nameTaken: continue
            case .failed(let error): return .failed(source: path, error: error)
            }
        }
        return .failed(
            source: path,
            error: ImportError(.noFreeName, "no free name for the file in the library")
        )
    }

    // MARK: - Moving

    /// Moves a recorded intent's source to its final name: a rename on one device, a
    /// verified copy across devices.
    private func move(_ intent: JournalIntent) -> MoveResult {
        let final = library.absolutePath(intent.final)
        let code = FileSystem.renameNoReplace(intent.source, final)
        switch code {
        case 0:
            _ = FileSystem.syncFolder(FileSystem.parent(final))
            _ = FileSystem.syncFolder(FileSystem.parent(intent.source))
            journal.settleIfPossible(intent.id, .done)
            return .moved
        case EEXIST:
            journal.settleIfPossible(intent.id, .abort)
            return .nameTaken
        case EXDEV:
            return copy(intent)
        case ENOSPC, EDQUOT:
            journal.settleIfPossible(intent.id, .abort)
            return .failed(.library(code, "cannot move the file into the library"))
        default:
            journal.settleIfPossible(intent.id, .abort)
            return .failed(.source(code, "cannot move the file"))
        }
    }

    /// Copies across devices: temporary name, `fsync`, verify, rename, then remove the
    /// source.
    private func copy(_ intent: JournalIntent) -> MoveResult {
        let temporary = library.absolutePath(intent.temporary)
        let final = library.absolutePath(intent.final)
        let folder = FileSystem.parent(final)
        func undo(_ error: ImportError) -> MoveResult {
            _ = FileSystem.remove(temporary)
            _ = FileSystem.syncFolder(folder)
            journal.settleIfPossible(intent.id, .abort)
            return .failed(error)
        }
        let input = open(FileSystem.cPath(intent.source), O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard input >= 0 else {
            let code = errno
            journal.settleIfPossible(intent.id, .abort)
            return .failed(.source(code, "cannot open the file"))
        }
        defer { close(input) }
        var sourceInfo = stat()
        let mode = fstat(input, &sourceInfo) == 0 ? mode_t(sourceInfo.st_mode & 0o777) : 0o644
        let output = open(
            FileSystem.cPath(temporary),
            O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
            mode | 0o600
        )
        guard output >= 0 else {
            let code = errno
            journal.settleIfPossible(intent.id, .abort)
            return .failed(.library(code, "cannot create a file in the library"))
        }
        var hasher = SHA256()
        var writeError: Int32 = 0
        let readError = FileSystem.readAll(input) { chunk in
            hasher.update(chunk)
            writeError = FileSystem.writeAll(output, chunk)
            return writeError
        }
        if writeError != 0 {
            close(output)
            return undo(.library(writeError, "cannot write the copy"))
        }
        if readError != 0 {
            close(output)
            return undo(.source(readError, "cannot read the file"))
        }
        if fsync(output) != 0 {
            let code = errno
            close(output)
            return undo(.library(code, "cannot sync the copy"))
        }
        if close(output) != 0 {
            return undo(.library(errno, "cannot close the copy"))
        }
        guard SHA256.hex(hasher.finalize()) == intent.digest.sha256 else {
            return undo(
                ImportError(.verificationFailed, "the file changed while it was being imported")
            )
        }
        switch FileSystem.digest(ofFileAt: temporary) {
        case .success(let copied) where copied == intent.digest:
            break
        case .success:
            return undo(
                ImportError(
                    .verificationFailed,
                    "the copy's size or SHA-256 differs from the file's"
                )
            )
        case .failure(let error):
            return undo(.library(error.code, "cannot read the copy back"))
        }
        let folderSync = FileSystem.syncFolder(folder)
        if folderSync != 0 { return undo(.library(folderSync, "cannot sync the library folder")) }
        let renameError = FileSystem.renameNoReplace(temporary, final)
        if renameError == EEXIST {
            _ = undo(ImportError(.noFreeName, "the name was taken"))
            return .nameTaken
        }
        if renameError != 0 {
            return undo(.library(renameError, "cannot rename the copy into place"))
        }
        let placedSync = FileSystem.syncFolder(folder)
        if placedSync != 0 {
            // The copy is in place but its name may not be durable: keep the source.
            _ = FileSystem.remove(final)
            return undo(.library(placedSync, "cannot sync the library folder"))
        }
        let removeError = FileSystem.remove(intent.source)
        if removeError != 0 {
            _ = FileSystem.remove(final)
            _ = FileSystem.syncFolder(folder)
            journal.settleIfPossible(intent.id, .abort)
            return .failed(.source(removeError, "cannot remove the file after copying it"))
        }
        _ = FileSystem.syncFolder(FileSystem.parent(intent.source))
        journal.settleIfPossible(intent.id, .done)
        return .moved
    }

    // MARK: - Names

    /// The first free name (`clip.mov`, `clip 2.mov`, ...) in a folder of the library.
    private func freeName(in folder: [UInt8], for name: [UInt8]) -> [UInt8]? {
        let parts = NameParts(name)
        for number in 1...9999 {
            let candidate = FileSystem.join(folder, parts.name(number: number))
            if promisedNames.contains(candidate) { continue }
            if FileSystem.exists(library.absolutePath(candidate)) == false { return candidate }
        }
        return nil
    }

    /// The name a file gets in the library: its own, with the extension corrected (or added)
    /// when it does not name the content's type.
    static func destinationName(for base: [UInt8], classification: Classification)
        -> (name: [UInt8], renamedExtension: Bool)
    {
        var parts = NameParts(base)
        if parts.stem.starts(with: Array(".mediatype-".utf8)) {
            parts.stem = [UInt8(ascii: "_")] + parts.stem
        }
        let type = classification.type
        guard let preferred = type.preferredFilenameExtension else {
            return (parts.name(number: 1), false)
        }
        if let current = parts.fileExtension {
            let lowered = String(decoding: current, as: UTF8.self).lowercased()
            let own = (type.tags[.filenameExtension] ?? []).map { $0.lowercased() }
            if classification.extensionAgrees == true || own.contains(lowered) {
                return (parts.name(number: 1), false)
            }
        }
        parts.fileExtension = Array(preferred.utf8)
        return (parts.name(number: 1), true)
    }

    private static func importError(_ error: ClassificationError) -> ImportError {
        switch error.code {
        case .notFound, .danglingSymlink: ImportError(.notFound, error.message)
        case .permissionDenied: ImportError(.permissionDenied, error.message)
        default: ImportError(.unreadable, error.message)
        }
    }
}
