/// TOML documents told by their grammar (TOML 1.0): table headers, `key = value` lines whose
/// values are TOML's own literals, and comments; and INI files, whose values are bare text.
extension TextSniffer {
    /// What makes text TOML.
    ///
    /// At least one table header (`[name]` or `[[name]]`), three key/value lines, a quoted
    /// string among the values, and no line that is not one of these, a comment, or the
    /// inside of a multi-line string or array. INI files, whose values are bare words
    /// (`url = https://example.org`), fail at their first such value. Two key/value lines
    /// are enough when one value is an array and one a string: INI has no arrays, and the
    /// smallest `pyproject.toml` (`requires = [...]`, `build-backend = "..."`) is just that.
    static func tomlEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var tables = 0
        var pairs = 0
        var strings = 0
        var arrays = 0
        var verdict = true
        // A multi-line string's closing quotes, or the depth of an array still open.
        var closingQuotes: String?
        var arrayDepth = 0
        forEachLine(of: text.prefix(16_384), upTo: languageLines) { raw in
            let line = trimmingEnd(raw).drop(while: isSpace)
            if let quotes = closingQuotes {
                if contains(line, quotes) { closingQuotes = nil }
                return true
            }
            if arrayDepth > 0 {
                arrayDepth = max(0, arrayDepth + bracketBalance(line))
                return true
            }
            if line.isEmpty || line.first == UInt8(ascii: "#") { return true }
            if line.first == UInt8(ascii: "[") {
                guard isTableHeader(line) else {
                    verdict = false
                    return false
                }
                tables += 1
                return true
            }
            guard let equals = line.firstIndex(of: UInt8(ascii: "=")),
                isKey(line[..<equals])
            else {
                verdict = false
                return false
            }
            let value = line[(equals + 1)...].drop(while: isSpace)
            guard let kind = valueKind(value) else {
                verdict = false
                return false
            }
            pairs += 1
            switch kind {
            case .string: strings += 1
            case .multilineString(let quotes):
                strings += 1
                closingQuotes = quotes
            case .openArray(let depth):
                arrays += 1
                arrayDepth = depth
            case .array: arrays += 1
            case .other: break
            }
            return true
        }
        guard verdict, tables >= 1, strings >= 1, pairs >= 3 || pairs == 2 && arrays >= 1
        else { return nil }
        return "\(tables) tables, \(pairs) key/value pairs"
    }

    private enum TOMLValue { case string, multilineString(String), openArray(Int), array, other }

    /// `[a.b]` or `[[a]]` of bare or quoted keys, then nothing but a comment.
    private static func isTableHeader(_ line: ArraySlice<UInt8>) -> Bool {
        let double = hasPrefix(line, "[[")
        let body = line.dropFirst(double ? 2 : 1)
        guard let close = body.firstIndex(of: UInt8(ascii: "]")) else { return false }
        let rest = body[close...].dropFirst(double ? 2 : 1).drop(while: isSpace)
        guard !double || hasPrefix(body[close...], "]]") else { return false }
        return isKey(body[..<close]) && (rest.isEmpty || rest.first == UInt8(ascii: "#"))
    }

    /// A bare key (letters, digits, `_`, `-`), a quoted one, or several joined by dots.
    private static func isKey(_ text: ArraySlice<UInt8>) -> Bool {
        var key = text.drop(while: isSpace)
        while let last = key.last, isSpace(last) { key = key.dropLast() }
        guard !key.isEmpty else { return false }
        var inQuote: UInt8?
        for byte in key {
            if let quote = inQuote {
                if byte == quote { inQuote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                inQuote = byte
            } else if !(isIdentifierByte(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") || byte == 0x20)
            {
                return false
            }
        }
        return inQuote == nil
    }

    /// The kind of a TOML value at the start of `value`, or nil when it is not one.
    private static func valueKind(_ value: ArraySlice<UInt8>) -> TOMLValue? {
        guard let first = value.first else { return nil }
        for quotes in ["\"\"\"", "'''"] where hasPrefix(value, quotes) {
            return contains(value.dropFirst(3), quotes) ? .string : .multilineString(quotes)
        }
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            var index = value.startIndex + 1
            while index < value.endIndex {
                if value[index] == UInt8(ascii: "\\"), first == UInt8(ascii: "\"") {
                    index += 2
                    continue
                }
                if value[index] == first { return endsClean(value[(index + 1)...]) ? .string : nil }
                index += 1
            }
            return nil
        case UInt8(ascii: "["):
            let depth = bracketBalance(value)
            return depth > 0 ? .openArray(depth) : .array
        case UInt8(ascii: "{"):
            return value.contains(UInt8(ascii: "}")) ? .other : nil
        default:
            let word = value.prefix { !isSpace($0) && $0 != UInt8(ascii: "#") }
            guard endsClean(value[word.endIndex...]) else { return nil }
            if word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8) {
                return .other
            }
            let numeric = Set("0123456789+-._:TZeEoxabcdefABCDEFinf".utf8)
            guard let lead = word.first,
                (0x30...0x39).contains(lead) || lead == 0x2B
                    || lead == 0x2D || word.elementsEqual("inf".utf8)
                    || word.elementsEqual("nan".utf8),
                word.allSatisfy({ numeric.contains($0) })
            else { return nil }
            return .other
        }
    }

    /// Nothing after a value but spaces and a comment.
    private static func endsClean(_ rest: ArraySlice<UInt8>) -> Bool {
        let rest = rest.drop(while: isSpace)
        return rest.isEmpty || rest.first == UInt8(ascii: "#")
    }

    /// `[` minus `]` outside quoted strings.
    private static func bracketBalance(_ line: ArraySlice<UInt8>) -> Int {
        var balance = 0
        var inQuote: UInt8?
        for byte in line {
            if let quote = inQuote {
                if byte == quote { inQuote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                inQuote = byte
            } else if byte == UInt8(ascii: "#") {
                break
            } else if byte == UInt8(ascii: "[") {
                balance += 1
            } else if byte == UInt8(ascii: "]") {
                balance -= 1
            }
        }
        return balance
    }

    /// What makes text an INI file.
    ///
    /// The first line that is not blank or a comment (`;` or `#`) heads a section
    /// (`[name]`), and in the first 50 lines at least two are settings (`key = value` or
    /// `key=value`, as ``isSettingLine(_:)`` reads them); every other line is
    /// a section's head, a comment, blank, or an indented continuation (git's and Python's
    /// configuration files indent). Any other line, such as prose or code, rules INI out.
    /// TOML, whose values are literals, is decided before.
    static func iniEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var sections = 0
        var settings = 0
        var other = false
        forEachLine(of: text, upTo: 50) { raw in
            let line = trimmingEnd(raw)
            let body = line.drop(while: isSpace)
            if isBlankOrINIComment(body) { return true }
            if isSectionHeader(line) {
                sections += 1
            } else if sections == 0 {
                other = true
            } else if isSettingLine(body) {
                settings += 1
            } else if line.first.map(isSpace) != true {
                other = true
            }
            return !other
        }
        guard !other, sections > 0, settings >= 2 else { return nil }
        return "\(sections == 1 ? "a section" : "\(sections) sections") of settings"
    }

    /// Whether a line with its indentation dropped is blank or an INI-style comment (`;` or
    /// `#`), as INI files and git's configuration write them.
    private static func isBlankOrINIComment(_ body: ArraySlice<UInt8>) -> Bool {
        body.isEmpty || body.first == UInt8(ascii: ";") || body.first == UInt8(ascii: "#")
    }

    /// What makes text a desktop entry (freedesktop.org's Desktop Entry Specification 1.5:
    /// `.desktop` launchers, `.directory` files).
    ///
    /// The first line that is not blank or a `#` comment is the `[Desktop Entry]` group (KDE
    /// once wrote `[KDE Desktop Entry]`), and two of the lines up to the next group are
    /// `Key=value` entries, a key perhaps with a `[locale]` (`Name[de]=`). shared-mime-info's
    /// rule reads the group in the first 32 bytes only, so a launcher that opens with
    /// comments, as generated ones do, needs this reading.
    static func desktopEntryEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var group = false
        var entries = 0
        forEachLine(of: text, upTo: 50) { raw in
            let body = trimmingEnd(raw)
            if body.isEmpty || body.first == UInt8(ascii: "#") { return true }
            guard group else {
                group =
                    body.elementsEqual("[Desktop Entry]".utf8)
                    || body.elementsEqual("[KDE Desktop Entry]".utf8)
                return group
            }
            if body.first == UInt8(ascii: "[") { return false }
            let key = body.prefix { isIdentifierByte($0) || $0 == UInt8(ascii: "-") }
            var rest = body[key.endIndex...]
            if rest.first == UInt8(ascii: "["), let close = rest.firstIndex(of: UInt8(ascii: "]")) {
                rest = rest[(close + 1)...]
            }
            guard !key.isEmpty, rest.drop(while: isSpace).first == UInt8(ascii: "=") else {
                entries = 0
                return false
            }
            entries += 1
            return entries < 2
        }
        guard group, entries >= 2 else { return nil }
        return "a [Desktop Entry] group"
    }

    /// What makes text git's submodule list (`.gitmodules`).
    ///
    /// Every section in the first 50 lines is `[submodule "name"]`, the first line that is
    /// not blank or a comment among them; every other line a setting (indented, as git
    /// writes them, or not), a comment or blank; and a `path` and a `url` setting at least.
    static func gitModulesEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var sections = 0
        var keys: Set<String> = []
        var other = false
        forEachLine(of: text, upTo: 50) { raw in
            let body = trimmingEnd(raw).drop(while: isSpace)
            if isBlankOrINIComment(body) { return true }
            if hasPrefix(body, "[submodule \""), endsWith(body, "\"]"), body.count > 14 {
                sections += 1
            } else if sections > 0, let key = settingKey(body) {
                keys.insert(String(decoding: key, as: UTF8.self))
            } else {
                other = true
            }
            return !other
        }
        guard !other, sections > 0, keys.contains("path"), keys.contains("url") else {
            return nil
        }
        return "\(sections == 1 ? "a submodule" : "\(sections) submodules") with path and url"
    }

    /// What makes text a dotenv file (`.env`: the environment of a process, as twelve-factor
    /// apps, Docker Compose and the dotenv libraries read it).
    ///
    /// In the first 200 lines, every line that is not blank or a `#` comment is a setting
    /// `name=value`, perhaps after `export `, the name (letters, digits, `_`) straight
    /// against the `=` as in a shell assignment; three settings at least named in capitals
    /// (`DATABASE_URL=`), as environment variables are. A value that opens with `$(` is make's
    /// (a makefile fragment of assignments), not an environment's.
    static func dotenvEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var settings = 0
        var capitals = 0
        var other = false
        forEachLine(of: text, upTo: 200) { raw in
            var body = trimmingEnd(raw)
            if body.isEmpty || body.first == UInt8(ascii: "#") { return true }
            if hasPrefix(body, "export ") { body = body.dropFirst(7) }
            let name = body.prefix(while: isIdentifierByte)
            let value = body.dropFirst(name.count + 1)
            guard let first = name.first, isIdentifierStart(first),
                body.dropFirst(name.count).first == UInt8(ascii: "="), !hasPrefix(value, "$(")
            else {
                other = true
                return false
            }
            settings += 1
            if !name.contains(where: { (0x61...0x7A).contains($0) }) { capitals += 1 }
            return true
        }
        guard !other, capitals >= 3 else { return nil }
        return "\(settings) name=value settings"
    }

    /// What makes text a Java properties file.
    ///
    /// In the first 200 lines (a licence comment may be long), every line that is not blank
    /// or a comment (`#` or `!`) is a `key=value` setting or continues one that ends in a
    /// backslash; three settings at least, and two of their keys dotted (`app.name=`,
    /// `database.port =`, `.level=` as java.util.logging writes the root's), as Java's,
    /// Spring's and Gradle's properties name them. Sections, prose, or code rule it out; INI
    /// (with sections) and TOML are decided before.
    static func propertiesEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var settings = 0
        var dotted = 0
        var continued = false
        var other = false
        forEachLine(of: text, upTo: 200) { raw in
            let line = trimmingEnd(raw)
            let body = line.drop(while: isSpace)
            defer { continued = line.last == UInt8(ascii: "\\") }
            if continued { return true }
            if body.isEmpty || body.first == UInt8(ascii: "#") || body.first == UInt8(ascii: "!") {
                return true
            }
            // ``settingKey(_:)``'s key, which may start with `.` here (`.level=`).
            guard let key = settingKey(body) else {
                other = true
                return false
            }
            settings += 1
            if key.contains(UInt8(ascii: ".")) { dotted += 1 }
            return settings + dotted < 100
        }
        guard !other, settings >= 3, dotted >= 2 else { return nil }
        return "\(settings) key=value settings, \(dotted) of dotted keys"
    }
}
