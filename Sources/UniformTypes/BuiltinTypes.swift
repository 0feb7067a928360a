/// The declarations compiled into the package: Apple's system types and ours.
///
/// `BuiltinTypes+Data.swift` is generated from `Data/*.tsv` by
/// `Scripts/generate-builtin-types.py`: the declarations as tab-separated text, one a line,
/// and the registry's tables (``TypeTables``) already computed, as integer arrays the
/// compiler lays out in the binary. The built-in registry is therefore ready without parsing
/// or hashing anything; a declaration is read from its line only when asked for.
enum BuiltinTypes {
    /// The generated tables.
    static var tables: TypeTables {
        TypeTables(staticKeys: keyTable, words: tableWords, counts: sectionCounts)
    }

    /// The number of built-in declarations.
    static var count: Int { rowStarts.count - 1 }

    /// Every built-in declaration, in order (parsed from the table: for listings and for
    /// registries that add declaration files).
    static var declarations: [TypeDeclaration] {
        (0..<count).map { declaration(at: $0) }
    }

    /// The declaration on line `index` of the table.
    static func declaration(at index: Int) -> TypeDeclaration {
        withRow(index) { fields in
            TypeDeclaration(
                identifier: string(fields.identifier),
                conformsTo: list(fields.parents),
                filenameExtensions: list(fields.extensions),
                mimeTypes: list(fields.mimeTypes),
                description: fields.description.isEmpty ? nil : string(fields.description),
                standing: fields.standing.elementsEqual("imported".utf8) ? .imported : .exported,
                source: .builtin
            )
        }
    }

    /// The first MIME type on line `index` of the table, without making the declaration:
    /// output asks for it once a file.
    static func preferredMIMEType(at index: Int) -> String? {
        withRow(index) { fields in
            let first = fields.mimeTypes.prefix { $0 != UInt8(ascii: ",") }
            return first.isEmpty ? nil : string(first)
        }
    }

    /// The identifier on line `index` of the table.
    static func identifier(at index: Int) -> String {
        withRow(index) { fields in string(fields.identifier) }
    }

    private typealias Field = UnsafeBufferPointer<UInt8>.SubSequence

    /// The six tab-separated fields of a line (the generator writes six).
    ///
    /// A struct rather than an array: an array of slices needs its generic type made at run
    /// time, which cost more than reading the line.
    private struct Fields {
        var identifier, parents, extensions, mimeTypes, standing, description: Field
    }

    private static func withRow<Result>(_ index: Int, _ body: (Fields) -> Result) -> Result {
        let table = UnsafeBufferPointer(
            start: declarationTable.utf8Start,
            count: declarationTable.utf8CodeUnitCount
        )
        let start = Int(rowStarts[index])
        let end = Int(rowStarts[index + 1]) - 1
        var fieldStart = start
        func next() -> Field {
            guard fieldStart <= end else { return table[end..<end] }
            var fieldEnd = fieldStart
            while fieldEnd < end, table[fieldEnd] != 9 { fieldEnd += 1 }
            defer { fieldStart = fieldEnd + 1 }
            return table[fieldStart..<fieldEnd]
        }
        return body(
            Fields(
                identifier: next(),
                parents: next(),
                extensions: next(),
                mimeTypes: next(),
                standing: next(),
                description: next()
            )
        )
    }

    private static func string(_ field: Field) -> String {
        String(decoding: field, as: UTF8.self)
    }

    private static func list(_ field: Field) -> [String] {
        guard !field.isEmpty else { return [] }
        var result: [String] = []
        var start = field.startIndex
        for index in field.indices where field[index] == 44 {
            if index > start { result.append(string(field[start..<index])) }
            start = index + 1
        }
        if field.endIndex > start { result.append(string(field[start..<field.endIndex])) }
        return result
    }
}
