/// The declarations compiled into the package: Apple's system types and ours.
///
/// The data lives in `BuiltinTypes+Data.swift` as tab-separated text, one declaration a line,
/// generated from `Data/*.tsv` by `Scripts/generate-builtin-types.py`. Parsing the text at
/// first use costs about a millisecond and keeps the compile fast; an array literal of a
/// thousand structs takes the compiler tens of seconds.
enum BuiltinTypes {
    /// The built-in declarations, parsed from ``declarationTable``.
    ///
    /// Parsed over UTF-8 bytes: splitting a `String` by `Character` costs ten times more.
    static var declarations: [TypeDeclaration] {
        var result: [TypeDeclaration] = []
        result.reserveCapacity(1600)
        forEachRow(of: declarationTable) { fields in
            guard fields.count >= 5 else { return }
            result.append(
                TypeDeclaration(
                    identifier: string(fields[0]),
                    conformsTo: list(fields[1]),
                    filenameExtensions: list(fields[2]),
                    mimeTypes: list(fields[3]),
                    description: fields.count > 5 && !fields[5].isEmpty ? string(fields[5]) : nil,
                    standing: fields[4].elementsEqual("imported".utf8) ? .imported : .exported,
                    source: .builtin
                )
            )
        }
        return result
    }

    /// Other spellings of MIME types and the identifiers they stand for.
    static var mimeAliases: [(String, String)] {
        var result: [(String, String)] = []
        forEachRow(of: mimeAliasTable) { fields in
            guard fields.count == 2 else { return }
            result.append((string(fields[0]), string(fields[1])))
        }
        return result
    }

    private typealias Field = UnsafeBufferPointer<UInt8>.SubSequence

    /// Calls `body` with the tab-separated fields of each non-empty line.
    private static func forEachRow(of table: String, _ body: ([Field]) -> Void) {
        var table = table
        table.withUTF8 { bytes in
            var fields: [Field] = []
            fields.reserveCapacity(8)
            var lineStart = bytes.startIndex
            while lineStart < bytes.endIndex {
                let lineEnd = bytes[lineStart...].firstIndex(of: 10) ?? bytes.endIndex
                if lineEnd > lineStart {
                    fields.removeAll(keepingCapacity: true)
                    var fieldStart = lineStart
                    while true {
                        let fieldEnd = bytes[fieldStart..<lineEnd].firstIndex(of: 9) ?? lineEnd
                        fields.append(bytes[fieldStart..<fieldEnd])
                        if fieldEnd == lineEnd { break }
                        fieldStart = fieldEnd + 1
                    }
                    body(fields)
                }
                lineStart = lineEnd + 1
            }
        }
    }

    private static func string(_ field: Field) -> String {
        String(decoding: field, as: UTF8.self)
    }

    private static func list(_ field: Field) -> [String] {
        guard !field.isEmpty else { return [] }
        var result: [String] = []
        var start = field.startIndex
        var index = start
        while index < field.endIndex {
            if field[index] == 44 {
                if index > start { result.append(string(field[start..<index])) }
                start = index + 1
            }
            index += 1
        }
        if index > start { result.append(string(field[start..<index])) }
        return result
    }
}
