/// The declarations compiled into the package: Apple's system types and ours.
///
/// The data lives in `BuiltinTypes+Data.swift` as tab-separated text, one declaration a line,
/// generated from `Data/*.tsv` by `Scripts/generate-builtin-types.py`. Parsing the text at
/// first use costs about a millisecond and keeps the compile fast; an array literal of a
/// thousand structs takes the compiler tens of seconds.
enum BuiltinTypes {
    /// The built-in declarations, parsed from ``declarationTable``.
    static var declarations: [TypeDeclaration] {
        var result: [TypeDeclaration] = []
        result.reserveCapacity(1024)
        for line in declarationTable.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            result.append(
                TypeDeclaration(
                    identifier: String(fields[0]),
                    conformsTo: list(fields[1]),
                    filenameExtensions: list(fields[2]),
                    mimeTypes: list(fields[3]),
                    description: fields.count > 5 && !fields[5].isEmpty ? String(fields[5]) : nil,
                    standing: fields[4] == "imported" ? .imported : .exported,
                    source: .builtin
                )
            )
        }
        return result
    }

    /// Other spellings of MIME types and the identifiers they stand for.
    static var mimeAliases: [(String, String)] {
        mimeAliasTable.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t")
            guard fields.count == 2 else { return nil }
            return (String(fields[0]), String(fields[1]))
        }
    }

    private static func list(_ field: Substring) -> [String] {
        field.isEmpty ? [] : field.split(separator: ",").map(String.init)
    }
}
