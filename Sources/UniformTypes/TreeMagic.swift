#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// shared-mime-info's tree magic: what a mounted volume or a folder holds, by the files and
/// folders at its root (`x-content/image-dcf` for a camera card with `DCIM`,
/// `x-content/video-dvd` for a disc with `VIDEO_TS/VIDEO_TS.IFO`), as GIO's
/// `g_content_type_guess_for_tree` tells it.
///
/// The rules are read from the database's `treemagic` file. A rule's top-level conditions are
/// alternatives; a nested condition must hold as well as its parent (one of several nested
/// ones). A path is compared case-insensitively, a component at a time, unless the
/// condition says `match-case`; symbolic links are followed. Two conditions are not
/// supported and never hold: `on-disc` (which needs the mount's file system type) and a
/// required MIME type.
public struct TreeMagic: Sendable {
    /// The system's rules file.
    public static let systemPath = "/usr/share/mime/treemagic"

    /// One content type and the conditions that give it.
    public struct Rule: Sendable, Hashable {
        /// 0–100; rules are tried from the highest.
        public var priority: Int
        /// The `x-content/...` type.
        public var contentType: String
        /// Alternatives: the rule holds when one of them does.
        public var conditions: [Condition]
    }

    /// A path under the root that must exist, with its kind and flags.
    public struct Condition: Sendable, Hashable {
        /// What the path must be.
        public enum Kind: String, Sendable, Hashable {
            /// A regular file.
            case file
            /// A folder.
            case directory
            /// A symbolic link.
            case link
            /// Anything.
            case any
        }

        /// The path, relative to the root.
        public var path: String
        /// What the path must be.
        public var kind: Kind
        /// The file must be executable.
        public var executable = false
        /// The path is compared case-sensitively.
        public var matchCase = false
        /// A folder must hold something.
        public var nonEmpty = false
        /// The volume must be an optical disc (not supported: never holds).
        public var onDisc = false
        /// The file's MIME type (not supported: never holds).
        public var mimeType: String?
        /// Further conditions, one of which must hold as well.
        public var nested: [Condition] = []
    }

    /// The rules, highest priority first (among equal priorities, the later in the file
    /// first, as GIO lists them).
    public let rules: [Rule]

    /// Reads the rules from a `treemagic` file.
    ///
    /// - Parameter path: The file; the system's by default.
    /// - Throws: ``TreeMagicError`` when the file cannot be read or is not tree magic.
    public init(contentsOf path: String = TreeMagic.systemPath) throws(TreeMagicError) {
        guard let file = fopen(path, "rb") else {
            throw TreeMagicError(reason: "\(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= 1 << 20 {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        try self.init(parsing: bytes)
    }

    /// Parses the rules of a `treemagic` file.
    ///
    /// - Parameter bytes: The file's content, starting with `MIME-TreeMagic\0\n`.
    /// - Throws: ``TreeMagicError`` on a malformed line.
    public init(parsing bytes: [UInt8]) throws(TreeMagicError) {
        let header = Array("MIME-TreeMagic".utf8) + [0, 0x0A]
        guard bytes.starts(with: header) else {
            throw TreeMagicError(reason: "not a tree magic file (no MIME-TreeMagic header)")
        }
        var rules: [Rule] = []
        let lines = bytes[header.count...].split(separator: 0x0A)
        for (number, line) in lines.enumerated() {
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("[") {
                guard text.hasSuffix("]"), let colon = text.firstIndex(of: ":"),
                    let priority = Int(text[text.index(after: text.startIndex)..<colon])
                else {
                    throw TreeMagicError(reason: "line \(number + 2): bad section '\(text)'")
                }
                let type = String(
                    text[text.index(after: colon)..<text.index(before: text.endIndex)]
                )
                rules.append(Rule(priority: priority, contentType: type, conditions: []))
                continue
            }
            guard !rules.isEmpty, let arrow = text.firstIndex(of: ">") else {
                throw TreeMagicError(reason: "line \(number + 2): bad condition '\(text)'")
            }
            let depth = Int(text[..<arrow]) ?? 0
            let condition = try Self.parseCondition(String(text[text.index(after: arrow)...]))
                .orThrow(TreeMagicError(reason: "line \(number + 2): bad condition '\(text)'"))
            guard Self.insert(condition, depth: depth, into: &rules[rules.count - 1].conditions)
            else {
                throw TreeMagicError(reason: "line \(number + 2): nested too deep '\(text)'")
            }
        }
        self.rules = rules.enumerated().sorted {
            // Among equal priorities the later rule comes first, as GIO orders them.
            ($0.element.priority, $0.offset) > ($1.element.priority, $1.offset)
        }
        .map(\.element)
    }

    /// `"path"=kind,flag,...`.
    private static func parseCondition(_ text: String) -> Condition? {
        guard text.hasPrefix("\""), let close = text.dropFirst().firstIndex(of: "\"") else {
            return nil
        }
        let path = String(text[text.index(after: text.startIndex)..<close])
        let rest = text[text.index(after: close)...]
        guard rest.hasPrefix("=") else { return nil }
        let words = rest.dropFirst().split(separator: ",").map(String.init)
        guard let first = words.first, let kind = Condition.Kind(rawValue: first) else {
            return nil
        }
        var condition = Condition(path: path, kind: kind)
        for word in words.dropFirst() {
            switch word {
            case "executable": condition.executable = true
            case "match-case": condition.matchCase = true
            case "non-empty": condition.nonEmpty = true
            case "on-disc": condition.onDisc = true
            default: condition.mimeType = word
            }
        }
        return condition
    }

    /// Appends a condition at `depth` under the last one of the level above.
    private static func insert(_ condition: Condition, depth: Int, into list: inout [Condition])
        -> Bool
    {
        if depth == 0 {
            list.append(condition)
            return true
        }
        guard depth < 16, !list.isEmpty else { return false }
        return insert(condition, depth: depth - 1, into: &list[list.count - 1].nested)
    }

    /// The content types of the folder or volume at `path`, highest priority first; empty
    /// when no rule holds (or the path is not a folder).
    ///
    /// - Parameter path: The root: a mount point or any folder.
    /// - Returns: The `x-content/...` types whose rules hold.
    public func contentTypes(forFolderAt path: String) -> [String] {
        rules.filter { rule in
            rule.conditions.contains { Self.holds($0, under: path) }
        }
        .map(\.contentType)
    }

    private static func holds(_ condition: Condition, under root: String) -> Bool {
        guard !condition.onDisc, condition.mimeType == nil,
            let found = resolve(condition.path, under: root, matchCase: condition.matchCase)
        else { return false }
        var status = stat()
        switch condition.kind {
        case .link:
            guard lstat(found, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
                return false
            }
        case .file, .directory, .any:
            guard stat(found, &status) == 0 else { return false }
            let type = status.st_mode & S_IFMT
            if condition.kind == .file, type != S_IFREG { return false }
            if condition.kind == .directory, type != S_IFDIR { return false }
        }
        if condition.executable, access(found, X_OK) != 0 { return false }
        if condition.nonEmpty, entries(of: found)?.isEmpty ?? true { return false }
        if condition.nested.isEmpty { return true }
        return condition.nested.contains { holds($0, under: root) }
    }

    /// The path under the root, each component matched without regard to case unless
    /// `matchCase`; nil when a component is missing.
    private static func resolve(_ relative: String, under root: String, matchCase: Bool)
        -> String?
    {
        var current = root
        for component in relative.split(separator: "/") {
            let name = String(component)
            if matchCase {
                current += "/" + name
                continue
            }
            var status = stat()
            if stat(current + "/" + name, &status) == 0 {
                current += "/" + name
                continue
            }
            let folded = name.lowercased()
            guard let match = entries(of: current)?.first(where: { $0.lowercased() == folded })
            else { return nil }
            current += "/" + match
        }
        return current
    }

    /// The names in a folder, but `.` and `..`; nil when it cannot be listed.
    private static func entries(of path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
            if names.count > 4096 { break }
        }
        return names
    }
}

/// A tree magic file that cannot be read or parsed.
public struct TreeMagicError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var reason: String
    /// The reason.
    public var description: String { reason }
}

extension Optional {
    /// The value, or `error` thrown.
    fileprivate func orThrow<Failure: Error>(_ error: Failure) throws(Failure) -> Wrapped {
        guard let self else { throw error }
        return self
    }
}

extension MediaSource {
    /// A mounted volume or folder, offering what its tree magic says it holds: a camera card
    /// (`x-content/image-dcf`) gives images and movies, a picture CD images, a video disc
    /// movies, an audio disc audio; anything else gives any data, as a plain folder does.
    ///
    /// - Parameters:
    ///   - path: The mount point or folder.
    ///   - treeMagic: The rules; the system's when nil (and any data when it cannot be read).
    /// - Returns: The source, of kind ``MediaSource/Kind/folder(_:)``.
    public static func mounted(at path: String, treeMagic: TreeMagic? = nil) -> MediaSource {
        let rules = treeMagic ?? (try? TreeMagic())
        let contentTypes = rules?.contentTypes(forFolderAt: path) ?? []
        var types: [UTType] = []
        for contentType in contentTypes {
            let given: [UTType]
            switch contentType {
            case "x-content/image-dcf": given = [.image, .movie]
            case "x-content/image-picturecd": given = [.image]
            case let video where video.hasPrefix("x-content/video-"): given = [.movie]
            case let audio where audio.hasPrefix("x-content/audio-"): given = [.audio]
            default: given = []
            }
            for type in given where !types.contains(type) { types.append(type) }
        }
        return .folder(path, availableMediaTypes: types.isEmpty ? [.data] : types)
    }
}
