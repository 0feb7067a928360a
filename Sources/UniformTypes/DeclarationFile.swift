#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads type declarations from Info.plist-style files: XML or binary property lists, or JSON.
///
/// The document's root is a dictionary holding `UTExportedTypeDeclarations` and/or
/// `UTImportedTypeDeclarations`, each an array of dictionaries with the keys an app's
/// Info.plist uses: `UTTypeIdentifier` (required), `UTTypeConformsTo`,
/// `UTTypeTagSpecification` (`public.filename-extension`, `public.mime-type`),
/// `UTTypeDescription`, `UTTypeReferenceURL` and `UTTypeVersion`, and mediatype's
/// `MTContentSignatures` (see ``ContentSignature``). Where an array is expected a single
/// value counts as one element. Other keys are ignored.
///
/// The file is untrusted: its size (``maximumFileSize``), nesting depth (64), string lengths
/// (64 KiB), number of values (250,000) and number of declarations plus tags
/// (``maximumEntryCount``) are bounded. Any problem is reported as a ``TypeDeclarationError``
/// naming the file and the entry: the entry's identifier, or `entry N` (counting from 1 within
/// its array) when the identifier is missing or unusable. The same identifier twice in one
/// array is a duplicate; exported and imported both is not (exported wins in the registry).
/// Add the result to a registry with ``TypeRegistry/adding(_:)``, which also refuses cycles
/// and unknown parents.
public enum DeclarationFile {
    /// The largest file read (bigger files are refused with `.tooLarge`).
    public static let maximumFileSize = 8 * 1024 * 1024

    /// The most declarations plus tags (parents, extensions, MIME types) one file may hold.
    public static let maximumEntryCount = 100_000

    /// Loads the declarations of a file.
    ///
    /// The format is detected from the bytes: `bplist00` for a binary property list, `<?xml`
    /// or `<plist` for an XML one, `{` for JSON. Only regular files are read (a FIFO or a
    /// device is refused, never waited on).
    ///
    /// - Parameter path: The file's path.
    /// - Returns: The declarations, exported ones first, each in file order.
    /// - Throws: ``TypeDeclarationError`` with the file, the entry and the reason.
    public static func load(path: String) throws(TypeDeclarationError) -> [TypeDeclaration] {
        let bytes = try readFile(path)
        return try parse(bytes, path: path)
    }

    /// Parses bytes already read.
    ///
    /// `path` names the source in errors and in the declarations' `.declarationFile(path)`.
    ///
    /// - Parameters:
    ///   - bytes: The document: a binary or XML property list, or JSON.
    ///   - path: The name to report the declarations and errors under.
    /// - Returns: The declarations, exported ones first, each in file order.
    /// - Throws: ``TypeDeclarationError`` with the file, the entry and the reason.
    public static func parse(
        _ bytes: [UInt8],
        path: String
    ) throws(TypeDeclarationError) -> [TypeDeclaration] {
        guard bytes.count <= maximumFileSize else {
            throw TypeDeclarationError(
                file: path,
                reason: .tooLarge("larger than \(maximumFileSize) bytes")
            )
        }
        let root: PropertyListValue
        do {
            root = try readDocument(bytes)
        } catch {
            switch error {
            case .malformed(let why):
                throw TypeDeclarationError(file: path, reason: .unreadable(why))
            case .tooLarge(let why):
                throw TypeDeclarationError(file: path, reason: .tooLarge(why))
            }
        }
        var reader = EntryReader(path: path)
        return try reader.declarations(in: root)
    }

    /// Detects the format and parses the document.
    private static func readDocument(
        _ bytes: [UInt8]
    ) throws(PropertyListReadError) -> PropertyListValue {
        if bytes.starts(with: PropertyListBinaryReader.magic) {
            return try PropertyListBinaryReader.parse(bytes)
        }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count,
            bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0A
                || bytes[start] == 0x0D
        {
            start += 1
        }
        guard start < bytes.count else { throw .malformed("the file is empty") }
        switch bytes[start] {
        case UInt8(ascii: "<"): return try PropertyListXMLReader.parse(bytes)
        case UInt8(ascii: "{"), UInt8(ascii: "["): return try JSONValueReader.parse(bytes)
        default: throw .malformed("not a property list or JSON document")
        }
    }

    // MARK: - Reading the file

    private static func readFile(_ path: String) throws(TypeDeclarationError) -> [UInt8] {
        func failure(_ why: String) -> TypeDeclarationError {
            TypeDeclarationError(file: path, reason: .unreadable(why))
        }
        func systemError() -> TypeDeclarationError {
            failure(String(cString: strerror(errno)))
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw systemError() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw systemError() }
        guard status.st_mode & S_IFMT == S_IFREG else { throw failure("not a regular file") }
        guard status.st_size <= maximumFileSize else {
            throw TypeDeclarationError(
                file: path,
                reason: .tooLarge("larger than \(maximumFileSize) bytes")
            )
        }
        // Read up to one byte past the limit, in case the file grew since fstat.
        let capacity = Int(status.st_size) + 1
        var bytes = [UInt8](repeating: 0, count: capacity)
        var filled = 0
        while filled < capacity {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress.map { $0 + filled }, capacity - filled)
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw systemError()
            }
            if count == 0 { break }
            filled += count
        }
        if filled == capacity {
            // The file grew: read on in bounded chunks, up to one byte past the limit.
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while bytes.count <= maximumFileSize {
                let count = chunk.withUnsafeMutableBytes { buffer in
                    read(descriptor, buffer.baseAddress, buffer.count)
                }
                if count < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    throw systemError()
                }
                if count == 0 { break }
                bytes.append(contentsOf: chunk[0..<count])
            }
            filled = bytes.count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }
}

// MARK: - From the value tree to declarations

extension DeclarationFile {
    /// Turns a parsed document into declarations, checking each entry's keys.
    private struct EntryReader {
        let path: String
        /// Declarations plus tags read so far, against ``DeclarationFile/maximumEntryCount``.
        var entryCount = 0

        init(path: String) {
            self.path = path
        }

        mutating func declarations(
            in root: PropertyListValue
        ) throws(TypeDeclarationError) -> [TypeDeclaration] {
            guard case .dictionary(let top) = root else {
                throw error(
                    entry: nil,
                    .wrongValueType(key: "the document root", expected: "a dictionary")
                )
            }
            var result: [TypeDeclaration] = []
            for (key, standing) in [
                ("UTExportedTypeDeclarations", TypeDeclaration.Standing.exported),
                ("UTImportedTypeDeclarations", .imported),
            ] {
                guard let value = top[key] else { continue }
                guard case .array(let entries) = value else {
                    throw error(
                        entry: nil,
                        .wrongValueType(key: key, expected: "an array of dictionaries")
                    )
                }
                var seen: Set<String> = []
                for (index, entry) in entries.enumerated() {
                    let declaration = try declaration(entry, number: index + 1, standing: standing)
                    guard seen.insert(declaration.identifier.lowercased()).inserted else {
                        throw error(entry: declaration.identifier, .duplicate)
                    }
                    result.append(declaration)
                }
            }
            return result
        }

        private mutating func declaration(
            _ value: PropertyListValue,
            number: Int,
            standing: TypeDeclaration.Standing
        ) throws(TypeDeclarationError) -> TypeDeclaration {
            let position = "entry \(number)"
            guard case .dictionary(let entry) = value else {
                throw error(
                    entry: position,
                    .wrongValueType(key: "the entry", expected: "a dictionary")
                )
            }
            try count(1)
            guard let identifierValue = entry["UTTypeIdentifier"] else {
                throw error(entry: position, .missingKey("UTTypeIdentifier"))
            }
            guard case .string(let identifier) = identifierValue else {
                throw error(
                    entry: position,
                    .wrongValueType(key: "UTTypeIdentifier", expected: "a string")
                )
            }
            guard TypeRegistry.Builder.isValidIdentifier(identifier) else {
                throw error(entry: position, .malformedIdentifier)
            }
            let conformsTo = try strings(
                entry["UTTypeConformsTo"],
                key: "UTTypeConformsTo",
                in: identifier
            )
            var extensions: [String] = []
            var mimeTypes: [String] = []
            if let tagValue = entry["UTTypeTagSpecification"] {
                guard case .dictionary(let tags) = tagValue else {
                    throw error(
                        entry: identifier,
                        .wrongValueType(key: "UTTypeTagSpecification", expected: "a dictionary")
                    )
                }
                let extensionKey = "public.filename-extension"
                for tag in try strings(tags[extensionKey], key: extensionKey, in: identifier) {
                    let bare = tag.hasPrefix(".") ? String(tag.dropFirst()) : tag
                    if !bare.isEmpty { extensions.append(bare) }
                }
                let mimeKey = "public.mime-type"
                mimeTypes = try strings(tags[mimeKey], key: mimeKey, in: identifier)
                    .filter { !$0.isEmpty }
            }
            return TypeDeclaration(
                identifier: identifier,
                conformsTo: conformsTo,
                filenameExtensions: Self.unique(extensions),
                mimeTypes: Self.unique(mimeTypes),
                description: try string(
                    entry["UTTypeDescription"],
                    key: "UTTypeDescription",
                    in: identifier
                ),
                referenceURL: try string(
                    entry["UTTypeReferenceURL"],
                    key: "UTTypeReferenceURL",
                    in: identifier
                ),
                version: try string(entry["UTTypeVersion"], key: "UTTypeVersion", in: identifier),
                contentSignatures: try signatures(entry["MTContentSignatures"], in: identifier),
                standing: standing,
                source: .declarationFile(path)
            )
        }

        /// An array of strings, or a single string as one element; empty when absent.
        private mutating func strings(
            _ value: PropertyListValue?,
            key: String,
            in identifier: String
        ) throws(TypeDeclarationError) -> [String] {
            let wrongType = error(
                entry: identifier,
                .wrongValueType(key: key, expected: "a string or an array of strings")
            )
            switch value {
            case nil:
                return []
            case .string(let string):
                try count(1)
                return [string]
            case .array(let elements):
                try count(elements.count)
                var result: [String] = []
                result.reserveCapacity(elements.count)
                for element in elements {
                    guard case .string(let string) = element else { throw wrongType }
                    result.append(string)
                }
                return result
            default:
                throw wrongType
            }
        }

        /// The content signatures of an entry (an array, or one dictionary); empty when absent.
        private mutating func signatures(
            _ value: PropertyListValue?,
            in identifier: String
        ) throws(TypeDeclarationError) -> [ContentSignature] {
            let elements: [PropertyListValue]
            switch value {
            case nil: return []
            case .array(let array): elements = array
            case .dictionary: elements = [value].compactMap { $0 }
            default:
                throw error(
                    entry: identifier,
                    .wrongValueType(
                        key: "MTContentSignatures",
                        expected: "an array of dictionaries"
                    )
                )
            }
            try count(elements.count)
            var result: [ContentSignature] = []
            for (number, element) in elements.enumerated() {
                switch ContentSignature.parse(element) {
                case .success(let signature): result.append(signature)
                case .failure(let problem):
                    throw error(
                        entry: identifier,
                        .invalidSignature("signature \(number + 1): \(problem.reason)")
                    )
                }
            }
            return result
        }

        /// A string, or nil when absent.
        private func string(
            _ value: PropertyListValue?,
            key: String,
            in identifier: String
        ) throws(TypeDeclarationError) -> String? {
            switch value {
            case nil: return nil
            case .string(let string): return string
            default: throw error(entry: identifier, .wrongValueType(key: key, expected: "a string"))
            }
        }

        private mutating func count(_ added: Int) throws(TypeDeclarationError) {
            entryCount += added
            if entryCount > DeclarationFile.maximumEntryCount {
                throw error(
                    entry: nil,
                    .tooLarge("more than \(DeclarationFile.maximumEntryCount) entries and tags")
                )
            }
        }

        private func error(
            entry: String?,
            _ reason: TypeDeclarationError.Reason
        ) -> TypeDeclarationError {
            TypeDeclarationError(file: path, entry: entry, reason: reason)
        }

        /// The tags in order, without repeats (compared case-insensitively).
        private static func unique(_ tags: [String]) -> [String] {
            var seen: Set<String> = []
            return tags.filter { seen.insert($0.lowercased()).inserted }
        }
    }
}
