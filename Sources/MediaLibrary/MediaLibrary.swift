public import MediaClassification
public import UniformTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder that files are moved into, safely: checked by content, never overwriting, and
/// never losing a file, even when the process is killed mid-move.
///
/// Each file is classified by its bytes and decided against the allowed set. An accepted file
/// is moved under a free name (`clip 2.mov` when `clip.mov` is taken), with its extension
/// corrected when it lies about the content. On one device the move is a `rename` that never
/// replaces; across devices the file is copied under a temporary name, synced, verified by
/// size and SHA-256, renamed into place, and only then removed from its source. A journal in
/// the library records each move before it starts, so ``recover()`` (run at the start of
/// every import) finishes or undoes a move a crash interrupted.
public final class MediaLibrary: Sendable {
    /// How files are placed inside the library.
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// Every file in the library's root folder.
        case flat = "flat"
        /// Files in `Images/`, `Movies/`, `Audio/` and `Other/` by what they are.
        case byFamily = "by-family"
    }

    /// The family folders of the by-family layout.
    public static let familyFolders = ["Images", "Movies", "Audio", "Other"]

    /// The library's root folder, as given.
    public let root: [UInt8]
    /// The types the library takes.
    public let allowed: AllowedContentTypes
    /// Where files go inside the library.
    public let layout: Layout
    /// When true, nothing is changed: each outcome says what would be done.
    public let dryRun: Bool
    /// The classifier that reads the files.
    public let classifier: Classifier
    /// The classifier that reads an opened source (it follows its private link to the open
    /// file; see ``Classifier/classify(openFile:named:)``).
    let descriptorClassifier: Classifier
    /// Called at named points of each import; nil (nothing) in production.
    let hook: ImportHook?
    private let absoluteRoot: [UInt8]
    private let runLock = Locked(())

    /// Creates a library rooted at a folder; the folder is made on the first import.
    ///
    /// - Parameters:
    ///   - root: The library folder.
    ///   - allowed: The types it takes; images and movies by default.
    ///   - layout: Flat, or by family.
    ///   - dryRun: When true, imports only say what they would do.
    ///   - classifier: The classifier; a new one on the shared registry by default.
    public convenience init(
        root: String,
        allowed: AllowedContentTypes = AllowedContentTypes(types: [.image, .movie]),
        layout: Layout = .flat,
        dryRun: Bool = false,
        classifier: Classifier? = nil
    ) {
        self.init(
            rootBytes: Array(root.utf8),
            allowed: allowed,
            layout: layout,
            dryRun: dryRun,
            classifier: classifier
        )
    }

    /// Creates a library rooted at a folder given as bytes.
    ///
    /// - Parameters:
    ///   - rootBytes: The library folder.
    ///   - allowed: The types it takes; images and movies by default.
    ///   - layout: Flat, or by family.
    ///   - dryRun: When true, imports only say what they would do.
    ///   - classifier: The classifier; a new one on the shared registry by default.
    ///   - hook: Called at named points of each import (tests drive races with it).
    package init(
        rootBytes: [UInt8],
        allowed: AllowedContentTypes = AllowedContentTypes(types: [.image, .movie]),
        layout: Layout = .flat,
        dryRun: Bool = false,
        classifier: Classifier? = nil,
        hook: ImportHook? = nil
    ) {
        self.root = rootBytes
        self.absoluteRoot = rootBytes.isEmpty ? [] : FileSystem.absolute(rootBytes)
        self.allowed = allowed
        self.layout = layout
        self.dryRun = dryRun
        let classifier =
            classifier ?? Classifier(options: Classifier.Options(followSymlinks: false))
        self.classifier = classifier
        self.descriptorClassifier =
            classifier.options.followSymlinks
            ? classifier
            : Classifier(
                registry: classifier.registry,
                options: Classifier.Options(followSymlinks: true)
            )
        self.hook = hook
    }

    // MARK: - Import

    /// Imports one file.
    ///
    /// - Parameter path: The file's path.
    /// - Returns: What happened to it.
    public func `import`(_ path: String) -> ImportOutcome {
        importFiles([Array(path.utf8)])[0]
    }

    /// Imports files, one after another, and says what happened to each.
    ///
    /// A full disk or a library that cannot be written stops the batch: the files after it
    /// are reported as not attempted, and every source stays where it was.
    /// - Parameter paths: The files' paths.
    /// - Returns: One outcome a path, in order.
    public func `import`(_ paths: [String]) -> [ImportOutcome] {
        importFiles(paths.map { Array($0.utf8) })
    }

    /// Imports files given as byte paths; see ``import(_:)-([String])``.
    ///
    /// - Parameter paths: The files' paths as bytes.
    /// - Returns: One outcome a path, in order.
    package func importFiles(_ paths: [[UInt8]]) -> [ImportOutcome] {
        runLock.withLock { _ in
            let opened: (root: Folder?, journal: Journal)
            do throws(ImportError) {
                opened = try openLibrary()
            } catch {
                return paths.map { .failed(source: $0, error: error) }
            }
            var run = ImportRun(library: self, root: opened.root, journal: opened.journal)
            var outcomes: [ImportOutcome] = []
            outcomes.reserveCapacity(paths.count)
            var stop: ImportError?
            for path in paths {
                if let stop {
                    let message = "the import stopped: \(stop.message)"
                    outcomes.append(
                        .failed(source: path, error: ImportError(.notAttempted, message))
                    )
                    continue
                }
                let outcome = run.importFile(path)
                if case .failed(_, let error) = outcome, error.stopsImport { stop = error }
                outcomes.append(outcome)
            }
            return outcomes
        }
    }

    /// Finishes or undoes the moves a crash interrupted, and removes stale temporary files.
    ///
    /// Runs at the start of every import; call it alone to tidy a library without importing.
    /// - Returns: What was finished, undone and removed.
    /// - Throws: ``ImportError`` when the library or its journal cannot be used.
    @discardableResult
    public func recover() throws(ImportError) -> RecoveryReport {
        var result: Result<RecoveryReport, ImportError> = .success(RecoveryReport())
        runLock.withLock { _ in
            do throws(ImportError) {
                let folder = try prepareRoot()
                let journal = try Journal.openForWriting(root: folder)
                result = .success(try Recovery(root: folder, journal: journal).run())
            } catch {
                result = .failure(error)
            }
        }
        return try result.get()
    }

    /// Makes the library folder if needed and opens it, once.
    ///
    /// Everything after is relative to that descriptor. A symbolic link to a folder given as the library is followed here,
    /// and only here.
    private func prepareRoot() throws(ImportError) -> Folder {
        guard !absoluteRoot.isEmpty, !absoluteRoot.contains(0) else {
            throw ImportError(.libraryUnavailable, "the library path is empty or holds a NUL byte")
        }
        let code = FileSystem.makeFolders(absoluteRoot)
        guard code == 0 else {
            switch code {
            case ENOENT, ENOTDIR:
                throw ImportError(
                    .libraryUnavailable,
                    "the library folder cannot be made: \(String(cString: strerror(code)))",
                    systemError: code
                )
            default: throw ImportError.library(code, "cannot make the library folder")
            }
        }
        switch Folder.open(absoluteRoot) {
        case .success(let folder): return folder
        case .failure(let error):
            throw ImportError.library(error.code, "cannot open the library folder")
        }
    }

    /// Opens the library folder and its journal (recovering first) or, for a dry run, reads
    /// them.
    private func openLibrary() throws(ImportError) -> (root: Folder?, journal: Journal) {
        if dryRun {
            guard !absoluteRoot.isEmpty, !absoluteRoot.contains(0) else {
                throw ImportError(.libraryUnavailable, "the library path is empty")
            }
            switch Folder.open(absoluteRoot) {
            case .success(let folder):
                return (folder, try Journal.openForReading(root: folder))
            case .failure(let error):
                if error.code == ENOENT { return (nil, try Journal.openForReading(root: nil)) }
                if error.code == ENOTDIR {
                    throw ImportError(.libraryUnavailable, "the library path is not a folder")
                }
                throw ImportError.library(error.code, "cannot open the library folder")
            }
        }
        let folder = try prepareRoot()
        let journal = try Journal.openForWriting(root: folder)
        _ = try Recovery(root: folder, journal: journal).run()
        return (folder, journal)
    }

    // MARK: - Names

    /// The folder, relative to the root, where a type goes in the current layout.
    func folder(for type: UTType) -> [UInt8] {
        guard layout == .byFamily else { return [] }
        let name: String
        if type.conforms(to: .movie) {
            name = "Movies"
        } else if type.conforms(to: .image) {
            name = "Images"
        } else if type.conforms(to: .audio) {
            name = "Audio"
        } else {
            name = "Other"
        }
        return Array(name.utf8)
    }

    /// The path a relative library name has, in the form the root was given.
    func displayPath(_ relative: [UInt8]) -> [UInt8] {
        FileSystem.join(root, relative)
    }

}

/// What ``MediaLibrary/recover()`` did.
public struct RecoveryReport: Sendable, Hashable {
    /// Final names (relative to the root) of moves that were finished.
    public var finished: [String] = []
    /// Source paths of moves that were undone; those files are at their sources.
    public var undone: [String] = []
    /// Temporary files (relative to the root) that were removed.
    public var removedTemporaries: [String] = []

    /// Creates an empty report.
    public init() {}
}

/// The parts of a file name around its extension.
struct NameParts: Equatable {
    var stem: [UInt8]
    /// The extension without the dot, or nil.
    var fileExtension: [UInt8]?

    init(_ name: [UInt8]) {
        let dot = UInt8(ascii: ".")
        if let index = name.lastIndex(of: dot), index > name.startIndex,
            index + 1 < name.endIndex
        {
            stem = Array(name[..<index])
            fileExtension = Array(name[(index + 1)...])
        } else {
            stem = name
            fileExtension = nil
        }
    }

    /// The name with the `n`th suffix (`clip 2.mov`); the first is the name itself.
    func name(number: Int) -> [UInt8] {
        var result = stem
        if number > 1 { result += Array(" \(number)".utf8) }
        if let fileExtension { result += [UInt8(ascii: ".")] + fileExtension }
        return result
    }
}
