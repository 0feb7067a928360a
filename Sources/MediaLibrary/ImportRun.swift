import MediaClassification
import UniformTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One import run: the library's open folder and journal, and the names a dry run has
/// promised.
///
/// Each source is opened once, and everything after works on that descriptor: the
/// classification, the SHA-256, the copy. The source's name is moved or removed only after
/// checking, through a descriptor of its folder, that it still names that file unchanged.
struct ImportRun {
    let library: MediaLibrary
    /// The library folder; nil only for a dry run of a library that does not exist yet.
    let root: Folder?
    let journal: Journal
    private let rootDevice: UInt64?
    private var promisedNames: Set<[UInt8]> = []
    private var folders: [[UInt8]: Folder] = [:]

    init(library: MediaLibrary, root: Folder?, journal: Journal) {
        self.library = library
        self.root = root
        self.journal = journal
        var info = stat()
        if let root, fstat(root.descriptor, &info) == 0 {
            rootDevice = UInt64(info.st_dev)
        } else {
            rootDevice = nil
        }
    }

    private enum MoveResult {
        case moved
        case nameTaken
        case failed(ImportError)
    }

    /// The open source: its folder, its name there, its descriptor and what it was.
    private struct Source {
        let path: [UInt8]
        let folder: Folder
        let name: [UInt8]
        let descriptor: Int32
        let identity: FileIdentity
        let mode: mode_t
        let links: Int

        /// Whether the descriptor's file still has the size and modification time it had.
        func isUnchanged() -> Bool {
            var info = stat()
            return fstat(descriptor, &info) == 0 && identity.isUnchanged(info)
        }

        /// Whether the name in the folder is still the opened file, unchanged.
        func nameIsUnchanged(_ name: [UInt8]) -> Bool {
            guard case .success(let info) = folder.status(name) else { return false }
            return identity.isUnchanged(info) && isUnchanged()
        }
    }

    /// Classifies, decides and moves one file.
    mutating func importFile(_ path: [UInt8]) -> ImportOutcome {
        guard !path.isEmpty, !path.contains(0) else {
            return .failed(
                source: path,
                error: ImportError(.notFound, "the path is empty or holds a NUL byte")
            )
        }
        let absolute = FileSystem.absolute(path)
        guard absolute.first == FileSystem.slash else {
            return .failed(
                source: path,
                error: ImportError(.ioError, "the working folder cannot be read (getcwd failed)")
            )
        }
        let name = FileSystem.baseName(absolute)
        guard !name.isEmpty, name != [UInt8(ascii: ".")], name != Array("..".utf8) else {
            return .failed(
                source: path,
                error: ImportError(.notARegularFile, "only regular files are imported")
            )
        }
        let folder: Folder
        switch Folder.openWithoutLinks(FileSystem.parent(absolute)) {
        case .success(let value): folder = value
        case .failure(let error):
            if error.code == ENOENT, let earlier = alreadyImported(absolute, path) {
                return earlier
            }
            return .failed(source: path, error: folderError(error.code, absolute, path))
        }
        let found: stat
        switch folder.status(name) {
        case .success(let info): found = info
        case .failure(let error):
            if error.code == ENOENT, let earlier = alreadyImported(absolute, path) {
                return earlier
            }
            return .failed(source: path, error: .source(error.code, "cannot read the file"))
        }
        guard (found.st_mode & S_IFMT) == S_IFREG else {
            return .failed(
                source: path,
                error: ImportError(.notARegularFile, "only regular files are imported")
            )
        }
        let descriptor: Int32
        switch folder.openFile(name, O_RDONLY | O_NONBLOCK) {
        case .success(let value): descriptor = value
        case .failure(let error):
            if error.code == ELOOP { return .failed(source: path, error: Self.changed) }
            return .failed(source: path, error: .source(error.code, "cannot open the file"))
        }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else {
            return .failed(source: path, error: .source(errno, "cannot read the file"))
        }
        guard (opened.st_mode & S_IFMT) == S_IFREG, FileIdentity(found).isSameFile(opened) else {
            return .failed(source: path, error: Self.changed)
        }
        let source = Source(
            path: absolute,
            folder: folder,
            name: name,
            descriptor: descriptor,
            identity: FileIdentity(opened),
            mode: opened.st_mode,
            links: Int(opened.st_nlink)
        )
        return importOpened(source, given: path)
    }

    private mutating func importOpened(_ source: Source, given path: [UInt8]) -> ImportOutcome {
        library.hook?(.afterOpen, source.path)
        let classification: Classification
        do {
            classification = try library.descriptorClassifier.classify(
                openFile: source.descriptor,
                named: source.name
            )
        } catch {
            return .failed(source: path, error: Self.importError(error))
        }
        let decision = library.classifier.decide(classification, allowed: library.allowed)
        guard decision.accepted else { return .rejected(source: path, decision: decision) }
        library.hook?(.afterClassify, source.path)
        let digest: FileDigest
        switch FileSystem.digest(ofOpenFile: source.descriptor) {
        case .success(let value): digest = value
        case .failure(let error):
            return .failed(source: path, error: .source(error.code, "cannot read the file"))
        }
        library.hook?(.afterHash, source.path)
        guard source.isUnchanged(), digest.size == source.identity.size else {
            return .failed(source: path, error: Self.changed)
        }
        for earlier in journal.completed(withDigest: digest) {
            guard let folder = try? existingFolder(earlier.folder) else { continue }
            if case .success(let found) = FileSystem.digest(of: earlier.final, in: folder),
                found == digest
            {
                return .alreadyImported(
                    source: path,
                    destination: library.displayPath(earlier.finalPath)
                )
            }
        }
        let (name, renamed) = Self.destinationName(
            for: source.name,
            classification: classification
        )
        let folderName = library.folder(for: classification.type)
        let destination: Folder?
        do throws(ImportError) {
            destination =
                library.dryRun ? try existingFolder(folderName) : try makeFolder(folderName)
        } catch {
            return .failed(source: path, error: error)
        }
        for _ in 0..<16 {
            guard let final = freeName(in: destination, folderName, for: name) else { break }
            let finalPath = FileSystem.join(folderName, final)
            guard let destination, !library.dryRun else {
                promisedNames.insert(finalPath)
                return .wouldImport(
                    source: path,
                    destination: library.displayPath(finalPath),
                    renamedExtension: renamed,
                    classification: classification
                )
            }
            let intent = JournalIntent(
                id: FileSystem.randomHex(16),
                source: source.path,
                sourceIdentity: source.identity,
                digest: digest,
                folder: folderName,
                temporary: Journal.newTemporaryName(),
                final: final,
                removal: Journal.newTemporaryName()
            )
            do {
                try journal.recordIntent(intent)
            } catch {
                return .failed(source: path, error: error)
            }
            // A file with other hard links is copied: renaming it would leave the library's
            // file sharing its inode (and so its content) with a name outside the library.
            let sameDevice = source.identity.device == rootDevice && source.links == 1
            let result =
                sameDevice
                ? rename(intent, source, into: destination)
                : copy(intent, source, into: destination)
            switch result {
            case .moved:
                return .imported(
                    source: path,
                    destination: library.displayPath(finalPath),
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

    /// The outcome for a source that is gone when the journal says it was imported and the
    /// library still holds it.
    private func alreadyImported(_ absolute: [UInt8], _ path: [UInt8]) -> ImportOutcome? {
        guard let done = journal.completed(fromSource: absolute),
            let folder = try? existingFolder(done.folder), folder.exists(done.final) == true
        else { return nil }
        return .alreadyImported(source: path, destination: library.displayPath(done.finalPath))
    }

    private func folderError(_ code: Int32, _ absolute: [UInt8], _ path: [UInt8])
        -> ImportError
    {
        // Which folder on the way is a link, if any (O_NOFOLLOW gives ELOOP or ENOTDIR).
        var prefix: [UInt8] = []
        for part in FileSystem.parent(absolute).split(separator: FileSystem.slash) {
            prefix += [FileSystem.slash] + part
            if case .success(let info) = FileSystem.status(prefix),
                (info.st_mode & S_IFMT) == S_IFLNK
            {
                return ImportError(
                    .symlinkInPath,
                    "\(String(decoding: prefix, as: UTF8.self)) is a symbolic link; a source "
                        + "is not moved through one (give the path it points to)",
                    systemError: code
                )
            }
        }
        return .source(code, "cannot open the file's folder")
    }

    // MARK: - Moving

    /// Renames the source into the library on one device, after checking that its name is
    /// still the file that was checked; what landed is checked again, and put back if it is
    /// not that file with that content.
    private func rename(_ intent: JournalIntent, _ source: Source, into folder: Folder)
        -> MoveResult
    {
        library.hook?(.beforeRename, source.path)
        guard source.nameIsUnchanged(source.name) else {
            journal.settleIfPossible(intent.id, .abort)
            return .failed(Self.changed)
        }
        let code = source.folder.rename(source.name, to: folder, as: intent.final)
        switch code {
        case 0:
            break
        case EEXIST:
            journal.settleIfPossible(intent.id, .abort)
            return .nameTaken
        case EXDEV:
            return copy(intent, source, into: folder)
        default:
            journal.settleIfPossible(intent.id, .abort)
            return .failed(moveError(code, folder, source))
        }
        let landed = folder.status(intent.final)
        let same: Bool
        if case .success(let info) = landed, source.identity.isSameFile(info),
            source.isUnchanged(),
            FileSystem.digest(ofOpenFile: source.descriptor).ok == intent.digest
        {
            same = true
        } else {
            same = false
        }
        guard same else {
            // Not the file that was checked (swapped or edited in the last instant): back.
            var back = folder.rename(intent.final, to: source.folder, as: source.name)
            if back == EEXIST {
                back = folder.rename(intent.final, to: source.folder, as: intent.removal)
            }
            _ = folder.sync()
            _ = source.folder.sync()
            journal.settleIfPossible(intent.id, .abort)
            if back != 0 {
                return .failed(
                    ImportError(
                        .sourceChanged,
                        "the file changed while it was moved and could not be put back: it is "
                            + "in the library as "
                            + String(decoding: intent.finalPath, as: UTF8.self)
                    )
                )
            }
            return .failed(Self.changed)
        }
        _ = folder.sync()
        _ = source.folder.sync()
        journal.settleIfPossible(intent.id, .done)
        return .moved
    }

    /// Copies into the library (across devices, or for a hard-linked file): temporary name,
    /// `fsync`, verify, rename; then the source is moved aside under the removal name, checked
    /// to be the file that was copied, and only then removed.
    private func copy(_ intent: JournalIntent, _ source: Source, into folder: Folder)
        -> MoveResult
    {
        let output: Int32
        switch folder.openFile(intent.temporary, O_RDWR | O_CREAT | O_EXCL, mode: 0o600) {
        case .success(let value): output = value
        case .failure(let error):
            journal.settleIfPossible(intent.id, .abort)
            return .failed(.library(error.code, "cannot create a file in the library"))
        }
        var outputOpen = true
        defer { if outputOpen { close(output) } }
        func undo(_ error: ImportError) -> MoveResult {
            _ = folder.remove(intent.temporary)
            _ = folder.sync()
            journal.settleIfPossible(intent.id, .abort)
            return .failed(error)
        }
        var hasher = SHA256()
        var writeError: Int32 = 0
        let readError = FileSystem.readAll(source.descriptor) { chunk in
            hasher.update(chunk)
            writeError = FileSystem.writeAll(output, chunk)
            return writeError
        }
        if writeError != 0 { return undo(.library(writeError, "cannot write the copy")) }
        if readError != 0 { return undo(.source(readError, "cannot read the file")) }
        guard SHA256.hex(hasher.finalize()) == intent.digest.sha256, source.isUnchanged() else {
            return undo(Self.changed)
        }
        _ = fchmod(output, (source.mode & 0o777) | 0o600)
        if fsync(output) != 0 { return undo(.library(errno, "cannot sync the copy")) }
        var copied = stat()
        guard fstat(output, &copied) == 0 else {
            return undo(.library(errno, "cannot read the copy back"))
        }
        switch FileSystem.digest(ofOpenFile: output) {
        case .success(let found) where found == intent.digest: break
        case .success:
            return undo(
                ImportError(
                    .verificationFailed,
                    "the copy's size or SHA-256 differs from the file's"
                )
            )
        case .failure(let error): return undo(.library(error.code, "cannot read the copy back"))
        }
        outputOpen = false
        if close(output) != 0 { return undo(.library(errno, "cannot close the copy")) }
        let folderSync = folder.sync()
        if folderSync != 0 { return undo(.library(folderSync, "cannot sync the library folder")) }
        library.hook?(.beforeRename, source.path)
        let renameError = folder.rename(intent.temporary, to: folder, as: intent.final)
        if renameError == EEXIST {
            _ = undo(ImportError(.noFreeName, "the name was taken"))
            return .nameTaken
        }
        if renameError != 0 {
            return undo(.library(renameError, "cannot rename the copy into place"))
        }
        let copyIdentity = FileIdentity(copied)
        /// Removes the placed copy (only if it is still the file this run wrote).
        func unplace(_ error: ImportError) -> MoveResult {
            if case .success(let info) = folder.status(intent.final),
                copyIdentity.isSameFile(info)
            {
                _ = folder.remove(intent.final)
            }
            _ = folder.sync()
            journal.settleIfPossible(intent.id, .abort)
            return .failed(error)
        }
        let placedSync = folder.sync()
        if placedSync != 0 {
            // The copy is in place but its name may not be durable: keep the source.
            return unplace(.library(placedSync, "cannot sync the library folder"))
        }
        library.hook?(.beforeRemove, source.path)
        // Move the source's name aside first, so that what is removed is exactly what was
        // checked: a file renamed over the source in the meantime is put back, not removed.
        let aside = source.folder.rename(source.name, to: source.folder, as: intent.removal)
        if aside == ENOENT {
            // Someone else removed the source: the library's copy is the only one; keep it.
            journal.settleIfPossible(intent.id, .done)
            return .moved
        }
        if aside != 0 {
            return unplace(moveError(aside, nil, source, "cannot remove the file after copying it"))
        }
        let isTheCopiedFile =
            source.nameIsUnchanged(intent.removal)
            && FileSystem.digest(ofOpenFile: source.descriptor).ok == intent.digest
        guard isTheCopiedFile else {
            var back = source.folder.rename(intent.removal, to: source.folder, as: source.name)
            if back == EEXIST { back = 0 }  // Another file took the name; ours stays aside.
            _ = source.folder.sync()
            let note =
                back == 0
                ? "" : " (it is beside it as \(String(decoding: intent.removal, as: UTF8.self)))"
            return unplace(ImportError(.sourceChanged, Self.changed.message + note))
        }
        let removeError = source.folder.remove(intent.removal)
        if removeError != 0 {
            _ = source.folder.rename(intent.removal, to: source.folder, as: source.name)
            return unplace(.source(removeError, "cannot remove the file after copying it"))
        }
        _ = source.folder.sync()
        journal.settleIfPossible(intent.id, .done)
        return .moved
    }

    /// Whose fault a failed rename is: the library's when its folder cannot be written,
    /// else the source's.
    private func moveError(
        _ code: Int32,
        _ folder: Folder?,
        _ source: Source,
        _ what: String = "cannot move the file into the library"
    ) -> ImportError {
        switch code {
        case ENOSPC, EDQUOT: return .library(code, what)
        case EACCES, EPERM, EROFS:
            if let folder {
                let libraryError = folder.writability()
                if libraryError != 0 { return .library(libraryError, what) }
            }
            return .source(code, what)
        case ENOENT: return Self.changed
        default: return .source(code, what)
        }
    }

    // MARK: - Folders and names

    /// A folder of the library, made if needed; never a symbolic link.
    private mutating func makeFolder(_ name: [UInt8]) throws(ImportError) -> Folder? {
        guard let root else { return nil }
        if name.isEmpty { return root }
        if let open = folders[name] { return open }
        switch root.makeSub(name) {
        case .success(let folder):
            folders[name] = folder
            return folder
        case .failure(let error):
            if error.code == ELOOP || error.code == ENOTDIR {
                throw ImportError(
                    .libraryUnavailable,
                    "\(String(decoding: name, as: UTF8.self)) in the library is not a folder "
                        + "(a symbolic link is not followed)",
                    systemError: error.code
                )
            }
            throw ImportError.library(error.code, "cannot make the folder")
        }
    }

    /// A folder of the library if it exists; nil when it does not.
    private func existingFolder(_ name: [UInt8]) throws(ImportError) -> Folder? {
        guard let root else { return nil }
        if name.isEmpty { return root }
        if let open = folders[name] { return open }
        switch root.sub(name) {
        case .success(let folder): return folder
        case .failure(let error):
            if error.code == ENOENT { return nil }
            throw ImportError.library(error.code, "cannot open the folder")
        }
    }

    /// The first free name (`clip.mov`, `clip 2.mov`, ...) in a folder of the library.
    private func freeName(in folder: Folder?, _ folderName: [UInt8], for name: [UInt8])
        -> [UInt8]?
    {
        let parts = NameParts(name)
        for number in 1...9999 {
            let candidate = parts.name(number: number)
            if promisedNames.contains(FileSystem.join(folderName, candidate)) { continue }
            guard let folder else { return candidate }
            if folder.exists(candidate) == false { return candidate }
        }
        return nil
    }

    /// The name a file gets in the library: its own, with the extension corrected (or added)
    /// when it does not name the content's type.
    static func destinationName(for base: [UInt8], classification: Classification)
        -> (name: [UInt8], renamedExtension: Bool)
    {
        var parts = NameParts(base)
        if parts.stem.starts(with: Journal.reservedPrefix) {
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

    /// The error for a source that changed while it was imported.
    static let changed = ImportError(
        .sourceChanged,
        "the file was replaced or edited while it was being imported; it was left where it is"
    )

    private static func importError(_ error: ClassificationError) -> ImportError {
        switch error.code {
        case .notFound, .danglingSymlink: ImportError(.notFound, error.message)
        case .permissionDenied: ImportError(.permissionDenied, error.message)
        default: ImportError(.unreadable, error.message)
        }
    }
}

extension Result {
    /// The success value, or nil.
    var ok: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
