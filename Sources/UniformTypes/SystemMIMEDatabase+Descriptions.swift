#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Localized descriptions of MIME types, as GIO's g_content_type_get_description reads them:
// the `<comment>` elements of shared-mime-info's per-type XML files
// (<data folder>/mime/<media>/<subtype>.xml, written by update-mime-database), the one whose
// `xml:lang` comes first in the language list winning, the untranslated (English) comment
// standing for "C". When no data folder has the per-type file, the source package
// (mime/packages/freedesktop.org.xml) is searched for the type's element.

extension SystemMIMEDatabase {
    /// The largest per-type XML file read (the system's largest is about 30 KB).
    static let maximumTypeFileSize = 1 << 20
    /// The largest package XML file read (freedesktop.org.xml is about 2.4 MB).
    static let maximumPackageFileSize = 16 << 20

    /// The description of a MIME type in the best of `languages`, read from the system's
    /// shared-mime-info XML; nil when no data folder describes the type.
    ///
    /// The data folders are those of the caches this database read, in the same priority
    /// order; the first whose file describes the type gives the answer. Answers are
    /// remembered (up to ``remembersDescriptionsOf`` at a time).
    /// - Parameters:
    ///   - mimeType: A canonical MIME type.
    ///   - languages: Locale names, most wanted first, as ``languageNames(variable:)`` gives
    ///     them; `C` stands for the untranslated comment.
    /// - Returns: The comment, or nil.
    package func description(of mimeType: String, languages: [String]) -> String? {
        guard Self.isPlainMIMEType(mimeType) else { return nil }
        let key = languages.joined(separator: ":") + "\u{0}" + mimeType
        if let known = rememberedDescriptions.withLock({ $0[key] }) { return known }
        let found = readDescription(of: mimeType, languages: languages)
        rememberedDescriptions.withLock { remembered in
            if remembered.count >= Self.remembersDescriptionsOf { remembered.removeAll() }
            remembered[key] = .some(found)
        }
        return found
    }

    /// The `mime` folders beside the caches (`/usr/share/mime` for `/usr/share/mime/mime.cache`).
    var mimeFolders: [String] {
        cachePaths.map { path in
            guard let slash = path.lastIndex(of: "/") else { return "." }
            return String(path[..<slash])
        }
    }

    private func readDescription(of mimeType: String, languages: [String]) -> String? {
        for folder in mimeFolders {
            let path = folder + "/" + mimeType + ".xml"
            if let bytes = Self.readFile(path, limit: Self.maximumTypeFileSize),
                let comment = Self.bestComment(in: bytes[...], languages: languages)
            {
                return comment
            }
        }
        for folder in mimeFolders {
            let path = folder + "/packages/freedesktop.org.xml"
            guard let bytes = Self.readFile(path, limit: Self.maximumPackageFileSize),
                let element = Self.mimeTypeElement(mimeType, in: bytes)
            else { continue }
            if let comment = Self.bestComment(in: element, languages: languages) {
                return comment
            }
        }
        return nil
    }

    /// Whether a name can be a file name under a `mime` folder: `media/subtype`, one slash,
    /// no `..`, no NUL, nothing that leaves the folder.
    static func isPlainMIMEType(_ mimeType: String) -> Bool {
        let parts = mimeType.utf8.split(
            separator: UInt8(ascii: "/"),
            omittingEmptySubsequences: false
        )
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && !part.contains(0) && !(part.first == UInt8(ascii: "."))
        }
    }

    // MARK: - The language list

    /// The locale names to look descriptions up in, most wanted first, as GLib's
    /// `g_get_language_names` makes them.
    ///
    /// The first non-empty of `LANGUAGE` (a colon-separated list), `LC_ALL`, `LC_MESSAGES`
    /// and `LANG` is taken (`C` when all are empty); each entry gives its variants from the
    /// most to the least specific (`de_DE.UTF-8@euro`, `de_DE@euro`, `de.UTF-8@euro`,
    /// `de@euro`, `de_DE.UTF-8`, `de_DE`, `de.UTF-8`, `de`); `C` ends the list.
    /// - Parameter variable: Gives an environment variable's value.
    /// - Returns: The names; the last is always `C`.
    package static func languageNames(variable: (String) -> String?) -> [String] {
        var value = "C"
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            if let set = variable(name), !set.isEmpty {
                value = set
                break
            }
        }
        var names: [String] = []
        for entry in value.split(separator: ":") where !entry.isEmpty {
            names += localeVariants(of: entry)
        }
        names.append("C")
        return names
    }

    /// The variants of one locale name, most specific first (GLib's `append_locale_variants`).
    static func localeVariants(of locale: Substring) -> [String] {
        // language[_territory][.codeset][@modifier]
        var rest = locale
        var modifier: Substring = ""
        if let at = rest.firstIndex(of: "@") {
            modifier = rest[at...]
            rest = rest[..<at]
        }
        var codeset: Substring = ""
        if let dot = rest.firstIndex(of: ".") {
            codeset = rest[dot...]
            rest = rest[..<dot]
        }
        var territory: Substring = ""
        if let underscore = rest.firstIndex(of: "_") {
            territory = rest[underscore...]
            rest = rest[..<underscore]
        }
        let language = rest
        let codesetBit = 1
        let territoryBit = 2
        let modifierBit = 4
        var mask = 0
        if !codeset.isEmpty { mask |= codesetBit }
        if !territory.isEmpty { mask |= territoryBit }
        if !modifier.isEmpty { mask |= modifierBit }
        var variants: [String] = []
        for step in 0...mask {
            let parts = mask - step
            guard parts & ~mask == 0 else { continue }
            var name = String(language)
            if parts & territoryBit != 0 { name += territory }
            if parts & codesetBit != 0 { name += codeset }
            if parts & modifierBit != 0 { name += modifier }
            variants.append(name)
        }
        return variants
    }

    // MARK: - Reading the XML

    /// The whole file if it is a regular file of at most `limit` bytes, else nil.
    static func readFile(_ path: String, limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            status.st_size >= 0, status.st_size <= limit
        else { return nil }
        let size = Int(status.st_size)
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                let start = buffer.baseAddress.map { $0 + filled }
                return pread(descriptor, start, size - filled, off_t(filled))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            filled += count
        }
        return Array(bytes[..<filled])
    }

    /// The bytes of the `<mime-type type="…">` element for `mimeType` in a package file, up to
    /// its end tag; nil when the file has none.
    static func mimeTypeElement(_ mimeType: String, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        let start = Array("<mime-type".utf8)
        let end = Array("</mime-type>".utf8)
        var index = 0
        while let open = find(start, in: bytes, from: index) {
            guard let close = find(Array(">".utf8), in: bytes, from: open) else { return nil }
            let attributes = attributesOf(bytes[(open + start.count)..<close])
            let elementEnd = find(end, in: bytes, from: close) ?? bytes.count
            if attributes["type"] == mimeType { return bytes[close..<elementEnd] }
            index = elementEnd
        }
        return nil
    }

    /// The text of the `<comment>` whose `xml:lang` comes first in `languages`.
    ///
    /// No `xml:lang` counts as `C`; among equals the last wins, as GIO takes it. Nil when
    /// none matches.
    static func bestComment(in bytes: ArraySlice<UInt8>, languages: [String]) -> String? {
        let start = Array("<comment".utf8)
        let end = Array("</comment>".utf8)
        var best: (rank: Int, text: String)?
        var index = bytes.startIndex
        while let open = find(start, in: bytes, from: index) {
            let after = open + start.count
            guard after < bytes.endIndex else { break }
            // `<comment>` or `<comment xml:lang=…>`, not `<comments…>`.
            guard bytes[after] == UInt8(ascii: ">") || isSpace(bytes[after]) else {
                index = after
                continue
            }
            guard let close = find(Array(">".utf8), in: bytes, from: after) else { break }
            index = close + 1
            if close > after, bytes[close - 1] == UInt8(ascii: "/") { continue }
            let language = attributesOf(bytes[after..<close])["xml:lang"] ?? "C"
            guard let textEnd = find(end, in: bytes, from: close) else { break }
            index = textEnd + end.count
            guard let rank = languages.firstIndex(of: language) else { continue }
            if let best, best.rank < rank { continue }
            best = (rank, decodeEntities(bytes[(close + 1)..<textEnd]))
        }
        return best?.text
    }

    /// The attributes of a start tag's inside (`name="value"` or `name='value'`), decoded.
    static func attributesOf(_ bytes: ArraySlice<UInt8>) -> [String: String] {
        var result: [String: String] = [:]
        var index = bytes.startIndex
        while index < bytes.endIndex {
            while index < bytes.endIndex, isSpace(bytes[index]) { index += 1 }
            let nameStart = index
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: "="),
                !isSpace(bytes[index])
            {
                index += 1
            }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            while index < bytes.endIndex, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "=") else { break }
            index += 1
            while index < bytes.endIndex, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.endIndex,
                bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
            else { break }
            let quote = bytes[index]
            index += 1
            let valueStart = index
            while index < bytes.endIndex, bytes[index] != quote { index += 1 }
            result[name] = decodeEntities(bytes[valueStart..<index])
            index += 1
        }
        return result
    }

    /// Text with XML's five named entities and character references replaced; an unknown or
    /// malformed reference is kept as written.
    static func decodeEntities(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            let name = rest[afterAmpersand..<semicolon]
            if let replacement = entity(name) {
                result += replacement
            } else {
                result += rest[ampersand...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    private static func entity(_ name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value =
                digits.hasPrefix("x") || digits.hasPrefix("X")
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The first position at or after `from` where `pattern` starts in `bytes`.
    private static func find<Bytes: RandomAccessCollection<UInt8>>(
        _ pattern: [UInt8],
        in bytes: Bytes,
        from: Bytes.Index
    ) -> Bytes.Index? where Bytes.Index == Int {
        guard let first = pattern.first, !pattern.isEmpty else { return nil }
        var index = from
        let last = bytes.endIndex - pattern.count
        while index <= last {
            if bytes[index] == first,
                bytes[index..<(index + pattern.count)].elementsEqual(pattern)
            {
                return index
            }
            index += 1
        }
        return nil
    }
}
