import TestSupport
import Testing
import UniformTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sample files in `Fixtures/declarations/`.
private enum DeclarationFixtures {
    static func path(_ name: String) -> String { fixturePath("declarations/" + name) }

    static func load(_ name: String) throws -> [TypeDeclaration] {
        try DeclarationFile.load(path: path(name))
    }
}

/// A one-entry document exporting `a.b` with these extra fields.
private func entryJSON(_ fields: String) -> String {
    #"{"UTExportedTypeDeclarations": [{"UTTypeIdentifier": "a.b", "# + fields + "}]}"
}

/// The good sample in its three encodings.
private let goodFiles = ["widgets.plist", "widgets-binary.plist", "widgets.json"]

/// Runs `body` and returns the error it throws, or nil.
private func declarationError(
    _ body: () throws(TypeDeclarationError) -> Void
) -> TypeDeclarationError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// The CPU time `body` takes on this thread (not wall time, so a busy machine does not
/// make a bounded-time check fail).
private func cpuSeconds(_ body: () -> Void) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

private func isUnreadable(_ error: TypeDeclarationError?) -> Bool {
    if case .unreadable = error?.reason { return true }
    return false
}

private func isTooLarge(_ error: TypeDeclarationError?) -> Bool {
    if case .tooLarge = error?.reason { return true }
    return false
}

@Suite struct DeclarationFileTests {
    // MARK: - Good files

    @Test(arguments: goodFiles)
    func readsEveryKeyOfTheGoodFile(_ name: String) throws {
        let path = DeclarationFixtures.path(name)
        let declarations = try DeclarationFile.load(path: path)
        #expect(declarations.count == 2)
        let widget = try #require(declarations.first)
        #expect(widget.identifier == "com.example.widget-document")
        #expect(widget.conformsTo == ["public.json"])
        #expect(widget.filenameExtensions == ["widget"])
        #expect(widget.mimeTypes == ["application/x-widget+json"])
        #expect(widget.description == "Widget Document & Settings \u{2013} v1")
        #expect(widget.referenceURL == "https://example.com/widget?format=1&v=2")
        #expect(widget.version == "1.0")
        #expect(widget.standing == .exported)
        #expect(widget.source == .declarationFile(path))

        let gizmo = try #require(declarations.last)
        #expect(gizmo.identifier == "com.example.gizmo-archive")
        // A single string where an array belongs is one element; the leading dot goes.
        #expect(gizmo.conformsTo == ["public.zip-archive"])
        #expect(gizmo.filenameExtensions == ["gizmo"])
        #expect(gizmo.mimeTypes == ["application/x-gizmo"])
        #expect(gizmo.description == "Gizmo Archive (imported)")
        #expect(gizmo.referenceURL == nil)
        #expect(gizmo.version == nil)
        #expect(gizmo.standing == .imported)
        #expect(gizmo.source == .declarationFile(path))
    }

    @Test func theThreeEncodingsGiveTheSameDeclarations() throws {
        let decoded = try goodFiles.map { name in
            try DeclarationFixtures.load(name).map { declaration in
                var declaration = declaration
                declaration.source = .builtin
                return declaration
            }
        }
        #expect(decoded[0] == decoded[1])
        #expect(decoded[0] == decoded[2])
    }

    @Test(arguments: goodFiles)
    func loadedTypesResolveInARegistry(_ name: String) throws {
        let registry = try TypeRegistry.builtinOnly.adding(DeclarationFixtures.load(name))
        let widget = try #require(registry.type(withIdentifier: "com.example.widget-document"))
        #expect(widget.isDeclared)
        #expect(widget.localizedDescription == "Widget Document & Settings \u{2013} v1")
        #expect(widget.source == .declarationFile(DeclarationFixtures.path(name)))
        let byExtension = registry.type(
            tag: "widget",
            tagClass: .filenameExtension,
            conformingTo: nil
        )
        #expect(byExtension?.identifier == "com.example.widget-document")
        let byMIMEType = registry.type(
            tag: "application/x-widget+json",
            tagClass: .mimeType,
            conformingTo: nil
        )
        #expect(byMIMEType?.identifier == "com.example.widget-document")
        let json = try #require(registry.type(withIdentifier: "public.json"))
        let text = try #require(registry.type(withIdentifier: "public.text"))
        let image = try #require(registry.type(withIdentifier: "public.image"))
        #expect(widget.conforms(to: json))
        #expect(widget.conforms(to: text))
        #expect(!widget.conforms(to: image))

        let gizmo = registry.type(tag: ".gizmo", tagClass: .filenameExtension, conformingTo: nil)
        let zip = try #require(registry.type(withIdentifier: "public.zip-archive"))
        #expect(gizmo?.identifier == "com.example.gizmo-archive")
        #expect(gizmo?.conforms(to: zip) == true)
    }

    @Test func exportedBeatsImportedInOneBatch() throws {
        let imported = try DeclarationFixtures.load("widgets.plist")
        let exported = try DeclarationFixtures.load("gizmo-exported.plist")
        for batch in [imported + exported, exported + imported] {
            let registry = try TypeRegistry.builtinOnly.adding(batch)
            let gizmo = try #require(registry.type(withIdentifier: "com.example.gizmo-archive"))
            #expect(gizmo.localizedDescription == "Gizmo Archive (owner)")
            #expect(gizmo.declaration?.standing == .exported)
            #expect(gizmo.preferredFilenameExtension == "gzmo")
            let byTag = registry.type(tag: "gzmo", tagClass: .filenameExtension, conformingTo: nil)
            #expect(byTag?.identifier == "com.example.gizmo-archive")
        }
    }

    @Test func exportedLoadedLaterReplacesImported() throws {
        let imported = try DeclarationFixtures.load("widgets.plist")
        let exported = try DeclarationFixtures.load("gizmo-exported.plist")
        let registry = try TypeRegistry.builtinOnly.adding(imported).adding(exported)
        let gizmo = try #require(registry.type(withIdentifier: "com.example.gizmo-archive"))
        #expect(gizmo.localizedDescription == "Gizmo Archive (owner)")
        #expect(gizmo.declaration?.standing == .exported)
    }

    @Test func importedLoadedLaterDoesNotReplaceExported() throws {
        let imported = try DeclarationFixtures.load("widgets.plist")
        let exported = try DeclarationFixtures.load("gizmo-exported.plist")
        let registry = try TypeRegistry.builtinOnly.adding(exported).adding(imported)
        let gizmo = try #require(registry.type(withIdentifier: "com.example.gizmo-archive"))
        #expect(gizmo.localizedDescription == "Gizmo Archive (owner)")
        #expect(gizmo.declaration?.standing == .exported)
    }

    @Test func aFileWithoutDeclarationsDeclaresNothing() throws {
        let bytes = Array(#"{"CFBundleIdentifier": "com.example.app"}"#.utf8)
        #expect(try DeclarationFile.parse(bytes, path: "app.json").isEmpty)
        let xml = Array("<plist version=\"1.0\"><dict/></plist>".utf8)
        #expect(try DeclarationFile.parse(xml, path: "Info.plist").isEmpty)
    }

    // MARK: - Files the reader refuses

    @Test func refusesAMalformedIdentifier() {
        let path = DeclarationFixtures.path("malformed-identifier.plist")
        let error = declarationError { () throws(TypeDeclarationError) in
            _ = try DeclarationFile.load(path: path)
        }
        #expect(
            error
                == TypeDeclarationError(file: path, entry: "entry 2", reason: .malformedIdentifier)
        )
    }

    @Test func refusesADuplicateInOneArray() {
        let path = DeclarationFixtures.path("duplicate.plist")
        let error = declarationError { () throws(TypeDeclarationError) in
            _ = try DeclarationFile.load(path: path)
        }
        #expect(
            error
                == TypeDeclarationError(file: path, entry: "com.example.Twice", reason: .duplicate)
        )
    }

    @Test func refusesANumberAsIdentifier() {
        let path = DeclarationFixtures.path("wrong-value-type.plist")
        let error = declarationError { () throws(TypeDeclarationError) in
            _ = try DeclarationFile.load(path: path)
        }
        let expected = TypeDeclarationError(
            file: path,
            entry: "entry 1",
            reason: .wrongValueType(key: "UTTypeIdentifier", expected: "a string")
        )
        #expect(error == expected)
    }

    @Test(arguments: ["not-a-plist.txt", "truncated.bplist", "no-such-file.plist", "."])
    func refusesWhatIsNotADeclarationFile(_ name: String) {
        let path = DeclarationFixtures.path(name)
        let error = declarationError { () throws(TypeDeclarationError) in
            _ = try DeclarationFile.load(path: path)
        }
        #expect(isUnreadable(error))
        #expect(error?.file == path)
        #expect(error?.entry == nil)
    }

    @Test func refusesAFIFOWithoutWaiting() throws {
        let path = "/tmp/declaration-file-test-fifo-\(getpid())"
        unlink(path)
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let error = declarationError { () throws(TypeDeclarationError) in
            _ = try DeclarationFile.load(path: path)
        }
        #expect(
            error == TypeDeclarationError(file: path, reason: .unreadable("not a regular file"))
        )
    }

    // MARK: - Refused end to end by the registry

    @Test func refusesACycleAndLeavesTheRegistryUnchanged() throws {
        let path = DeclarationFixtures.path("cycle.plist")
        let declarations = try DeclarationFile.load(path: path)
        let base = try TypeRegistry.builtinOnly.adding(DeclarationFixtures.load("widgets.plist"))
        let error = declarationError { () throws(TypeDeclarationError) in
            _ = try base.adding(declarations)
        }
        guard case .cycle(let loop) = error?.reason else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(error?.file == path)
        #expect(Set(loop) == ["com.example.cycle-a", "com.example.cycle-b"])
        #expect(loop.first == loop.last)
        #expect(base.type(withIdentifier: "com.example.cycle-a") == nil)
        #expect(base.type(withIdentifier: "com.example.widget-document") != nil)
        #expect(base.count == TypeRegistry.builtinOnly.count + 2)
    }

    @Test func refusesAnUnknownParentAndHalfLoadsNothing() throws {
        let path = DeclarationFixtures.path("unknown-parent.plist")
        let orphan = try DeclarationFile.load(path: path)
        let good = try DeclarationFixtures.load("widgets.json")
        let base = TypeRegistry.builtinOnly
        let countBefore = base.count
        let error = declarationError { () throws(TypeDeclarationError) in
            _ = try base.adding(good + orphan)
        }
        let expected = TypeDeclarationError(
            file: path,
            entry: "com.example.orphan",
            reason: .unknownParent("com.example.never-declared")
        )
        #expect(error == expected)
        #expect(base.count == countBefore)
        #expect(base.type(withIdentifier: "com.example.widget-document") == nil)
        #expect(base.type(withIdentifier: "com.example.orphan") == nil)
    }

    // MARK: - Wrong shapes

    @Test(
        arguments: [
            (#"["UTExportedTypeDeclarations"]"#, nil, "the document root"),
            (#"{"UTExportedTypeDeclarations": {}}"#, nil, "UTExportedTypeDeclarations"),
            (#"{"UTImportedTypeDeclarations": ["x"]}"#, "entry 1", "the entry"),
            (
                #"{"UTExportedTypeDeclarations": [{"UTTypeIdentifier": true}]}"#, "entry 1",
                "UTTypeIdentifier"
            ),
            (entryJSON(#""UTTypeConformsTo": 5"#), "a.b", "UTTypeConformsTo"),
            (entryJSON(#""UTTypeConformsTo": ["public.data", 5]"#), "a.b", "UTTypeConformsTo"),
            (entryJSON(#""UTTypeTagSpecification": ["x"]"#), "a.b", "UTTypeTagSpecification"),
            (
                entryJSON(#""UTTypeTagSpecification": {"public.mime-type": null}"#), "a.b",
                "public.mime-type"
            ),
            (entryJSON(#""UTTypeDescription": ["x"]"#), "a.b", "UTTypeDescription"),
            (entryJSON(#""UTTypeVersion": 2"#), "a.b", "UTTypeVersion"),
        ] as [(String, String?, String)]
    )
    func refusesAValueOfTheWrongType(_ json: String, entry: String?, key: String) {
        let error = declarationError { () throws(TypeDeclarationError) in
            _ = try DeclarationFile.parse(Array(json.utf8), path: "shape.json")
        }
        #expect(error?.file == "shape.json")
        #expect(error?.entry == entry)
        guard case .wrongValueType(let badKey, _) = error?.reason else {
            Issue.record("expected a wrong value type, got \(String(describing: error))")
            return
        }
        #expect(badKey == key)
    }

    @Test func refusesAnEntryWithoutIdentifier() {
        let json =
            #"{"UTExportedTypeDeclarations": [{"UTTypeIdentifier": "a.b"}, "#
            + #"{"UTTypeConformsTo": "public.data"}]}"#
        let error = declarationError { () throws(TypeDeclarationError) in
            _ = try DeclarationFile.parse(Array(json.utf8), path: "x.json")
        }
        #expect(
            error
                == TypeDeclarationError(
                    file: "x.json",
                    entry: "entry 2",
                    reason: .missingKey("UTTypeIdentifier")
                )
        )
    }

    @Test func theSameIdentifierMayBeExportedAndImportedInOneFile() throws {
        let json = #"""
            {"UTExportedTypeDeclarations":
                [{"UTTypeIdentifier": "com.example.a", "UTTypeConformsTo": "public.text"}],
             "UTImportedTypeDeclarations":
                [{"UTTypeIdentifier": "com.example.a", "UTTypeConformsTo": "public.data"}]}
            """#
        let declarations = try DeclarationFile.parse(Array(json.utf8), path: "both.json")
        #expect(declarations.map(\.standing) == [.exported, .imported])
        let registry = try TypeRegistry.builtinOnly.adding(declarations)
        #expect(
            registry.type(withIdentifier: "com.example.a")?.declaration?.conformsTo == [
                "public.text"
            ]
        )
    }

    // MARK: - Bounds

    @Test func refusesAFileOverTheSizeLimit() {
        var bytes = Array(#"{"a": ""#.utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: DeclarationFile.maximumFileSize)
        bytes += Array(#""}"#.utf8)
        let error = declarationError { () throws(TypeDeclarationError) in
            _ = try DeclarationFile.parse(bytes, path: "big.json")
        }
        #expect(isTooLarge(error))
    }

    @Test func refusesAStringOver64KiB() {
        let long = String(repeating: "x", count: 64 * 1024 + 1)
        let documents = [
            #"{"UTTypeDescription": ""# + long + #""}"#,
            "<plist><dict><key>a</key><string>" + long + "</string></dict></plist>",
        ]
        for document in documents {
            let error = declarationError { () throws(TypeDeclarationError) in
                _ = try DeclarationFile.parse(Array(document.utf8), path: "long")
            }
            #expect(isTooLarge(error))
        }
        let fits = String(repeating: "x", count: 64 * 1024)
        #expect(throws: Never.self) {
            _ = try DeclarationFile.parse(Array((#"{"a": ""# + fits + #""}"#).utf8), path: "fits")
        }
    }

    @Test func refusesDeepNestingInEveryFormat() {
        let depth = 10_000
        let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let xml =
            "<plist>" + String(repeating: "<array>", count: depth)
            + String(repeating: "</array>", count: depth) + "</plist>"
        // Object i is an array holding object i + 1; the last is an empty array.
        var binary = BinaryPlistBuilder()
        for index in 0..<depth {
            binary.add(
                index == depth - 1 ? [0xA0] : [0xA1] + BinaryPlistBuilder.reference(index + 1)
            )
        }
        let documents: [(String, [UInt8])] = [
            ("deep.json", Array(json.utf8)),
            ("deep.plist", Array(xml.utf8)),
            ("deep.bplist", binary.build(top: 0)),
        ]
        for (path, bytes) in documents {
            let error = declarationError { () throws(TypeDeclarationError) in
                _ = try DeclarationFile.parse(bytes, path: path)
            }
            #expect(isTooLarge(error), "\(path): \(String(describing: error))")
        }
        // 64 levels are accepted.
        let fine = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        let error = declarationError { () throws(TypeDeclarationError) in
            _ = try DeclarationFile.parse(Array(("{\"a\": " + fine + "}").utf8), path: "ok.json")
        }
        #expect(error == nil)
    }

    @Test func refusesAHugeTagListInBoundedTime() {
        let tagCount = 200_000
        let tags = (0..<tagCount).map { "\"e\($0)\"" }.joined(separator: ",")
        let json =
            #"{"UTExportedTypeDeclarations": [{"UTTypeIdentifier": "com.example.many", "#
            + #""UTTypeTagSpecification": {"public.filename-extension": ["# + tags + "]}}]}"
        let xmlTags = (0..<tagCount).map { "<string>e\($0)</string>" }.joined()
        let xml =
            "<plist><dict><key>UTExportedTypeDeclarations</key><array><dict>"
            + "<key>UTTypeIdentifier</key><string>com.example.many</string>"
            + "<key>UTTypeTagSpecification</key><dict><key>public.filename-extension</key>"
            + "<array>" + xmlTags + "</array></dict></dict></array></dict></plist>"
        for (path, document) in [("many.json", json), ("many.plist", xml)] {
            let bytes = Array(document.utf8)
            var error: TypeDeclarationError?
            let seconds = cpuSeconds {
                error = declarationError { () throws(TypeDeclarationError) in
                    _ = try DeclarationFile.parse(bytes, path: path)
                }
            }
            #expect(isTooLarge(error), "\(path): \(String(describing: error))")
            #expect(
                seconds < 10 * Double(timeScaleUnderSanitizers),
                "\(path) took \(seconds) s of CPU time"
            )
        }
    }

    @Test func acceptsManyTagsUnderTheLimit() throws {
        let tags = (0..<50_000).map { "\"e\($0)\"" }.joined(separator: ",")
        let json =
            #"{"UTExportedTypeDeclarations": [{"UTTypeIdentifier": "com.example.many", "#
            + #""UTTypeConformsTo": "public.data", "#
            + #""UTTypeTagSpecification": {"public.filename-extension": ["# + tags + "]}}]}"
        let declarations = try DeclarationFile.parse(Array(json.utf8), path: "many.json")
        #expect(declarations.first?.filenameExtensions.count == 50_000)
        #expect(declarations.first?.filenameExtensions.last == "e49999")
    }
}

// MARK: - Binary property lists made in memory

/// Assembles a `bplist00` file from encoded objects (marker byte plus payload), with 4-byte
/// offsets and 2-byte object references.
private struct BinaryPlistBuilder {
    var objects: [[UInt8]] = []

    static func reference(_ index: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: index >> 8), UInt8(truncatingIfNeeded: index)]
    }

    static func asciiString(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        if bytes.count < 15 { return [0x50 | UInt8(bytes.count)] + bytes }
        return [0x5F, 0x10, UInt8(truncatingIfNeeded: bytes.count)] + bytes
    }

    mutating func add(_ object: [UInt8]) {
        objects.append(object)
    }

    /// The file; `objectCount` and `tableOffset` override the trailer's true values.
    func build(top: Int, objectCount: Int? = nil, tableOffset: Int? = nil) -> [UInt8] {
        var file = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(file.count)
            file += object
        }
        let table = file.count
        for offset in offsets { file += Self.bigEndian(offset, size: 4) }
        file += [0, 0, 0, 0, 0, 0, 4, 2]
        file += Self.bigEndian(objectCount ?? objects.count, size: 8)
        file += Self.bigEndian(top, size: 8)
        file += Self.bigEndian(tableOffset ?? table, size: 8)
        return file
    }

    static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}

@Suite struct PropertyListBinaryReaderTests {
    @Test func readsADictionaryWithSharedObjects() throws {
        var builder = BinaryPlistBuilder()
        // 0: {k: [1, 1]} with the string object shared.
        builder.add([0xD1] + BinaryPlistBuilder.reference(1) + BinaryPlistBuilder.reference(2))
        builder.add(BinaryPlistBuilder.asciiString("k"))
        builder.add([0xA2] + BinaryPlistBuilder.reference(3) + BinaryPlistBuilder.reference(3))
        builder.add([0x10, 0x07])
        let value = try PropertyListBinaryReader.parse(builder.build(top: 0))
        #expect(value == .dictionary(["k": .array([.integer(7), .integer(7)])]))
    }

    @Test func refusesAnArrayThatContainsItself() {
        var builder = BinaryPlistBuilder()
        builder.add([0xA1] + BinaryPlistBuilder.reference(1))
        builder.add([0xA1] + BinaryPlistBuilder.reference(0))
        #expect(throws: PropertyListReadError.self) {
            try PropertyListBinaryReader.parse(builder.build(top: 0))
        }
    }

    @Test func refusesExponentialSharingQuickly() {
        // Object i is [i + 1, i + 1]: 2^60 paths through 61 objects.
        var builder = BinaryPlistBuilder()
        for index in 0..<60 {
            builder.add(
                [0xA2] + BinaryPlistBuilder.reference(index + 1)
                    + BinaryPlistBuilder.reference(index + 1)
            )
        }
        builder.add([0x09])
        // Depth 61 is within the limit, so it is the value count that stops it.
        #expect(throws: PropertyListReadError.tooLarge("more than 250000 values")) {
            try PropertyListBinaryReader.parse(builder.build(top: 0))
        }
    }

    @Test func refusesAmplificationThroughSharedData() {
        // One 1 MiB data object, referenced 100 times: 100 MiB if each reference copied it.
        var builder = BinaryPlistBuilder()
        var array: [UInt8] = [0xAF, 0x10, 100]
        for _ in 0..<100 { array += BinaryPlistBuilder.reference(1) }
        builder.add(array)
        let size = 1024 * 1024
        builder.add(
            [0x4F, 0x12] + BinaryPlistBuilder.bigEndian(size, size: 4)
                + [UInt8](repeating: 7, count: size)
        )
        #expect(
            throws: PropertyListReadError.tooLarge("more than 16777216 bytes of strings and data")
        ) {
            try PropertyListBinaryReader.parse(builder.build(top: 0))
        }
        // Ten references fit.
        builder.objects[0] = [0xAA] + (0..<10).flatMap { _ in BinaryPlistBuilder.reference(1) }
        let value = try? PropertyListBinaryReader.parse(builder.build(top: 0))
        guard case .array(let elements) = value else {
            Issue.record("expected an array, got \(String(describing: value))")
            return
        }
        #expect(elements.count == 10)
        #expect(elements.allSatisfy { $0 == .data([UInt8](repeating: 7, count: size)) })
    }

    @Test func refusesBadTrailersAndOffsets() {
        var builder = BinaryPlistBuilder()
        builder.add([0xA1] + BinaryPlistBuilder.reference(1))
        builder.add([0x09])
        let good = builder.build(top: 0)
        #expect(throws: Never.self) { try PropertyListBinaryReader.parse(good) }
        var cases: [[UInt8]] = [
            builder.build(top: 2),  // root out of range
            builder.build(top: 0, objectCount: 3),  // table runs into the trailer
            builder.build(top: 0, objectCount: 0),
            builder.build(top: 0, tableOffset: 1_000_000),
            builder.build(top: 0, tableOffset: 4),  // table inside the header
            Array(good.prefix(good.count - 1)),  // trailer cut
        ]
        var badReferenceSize = good
        badReferenceSize[badReferenceSize.count - 25] = 0
        cases.append(badReferenceSize)
        var badOffset = good
        badOffset[12] = 0xFF  // the first offset-table entry (the objects take bytes 8-11)
        cases.append(badOffset)
        var longArray = good
        longArray[8] = 0xAF  // count follows as an integer ...
        longArray[9] = 0x10  // ... one byte ...
        longArray[10] = 0x7F  // ... 127 references, far past the object area
        cases.append(longArray)
        var danglingReference = good
        danglingReference[10] = 0x09  // reference to object 9 of 2
        cases.append(danglingReference)
        for (index, bytes) in cases.enumerated() {
            #expect(throws: PropertyListReadError.self, "case \(index)") {
                try PropertyListBinaryReader.parse(bytes)
            }
        }
    }

    @Test func refusesEveryTruncationOfTheFixture() throws {
        let path = DeclarationFixtures.path("widgets-binary.plist")
        let whole = try readAll(path)
        #expect(try PropertyListBinaryReader.parse(whole) != .null)
        for length in 0..<whole.count {
            #expect(throws: PropertyListReadError.self) {
                try PropertyListBinaryReader.parse(Array(whole.prefix(length)))
            }
        }
    }

    @Test func survivesEverySingleByteCorruption() throws {
        // Flip each byte of the fixture in turn: no crash, no hang, and every refusal names
        // the file; a broken header is always refused as unreadable.
        let whole = try readAll(DeclarationFixtures.path("widgets-binary.plist"))
        var refused = 0
        for index in whole.indices {
            for replacement: UInt8 in [0x00, 0xFF, whole[index] ^ 0x01] {
                var bytes = whole
                bytes[index] = replacement
                let error = declarationError { () throws(TypeDeclarationError) in
                    _ = try DeclarationFile.parse(bytes, path: "corrupt")
                }
                guard let error else { continue }
                refused += 1
                #expect(error.file == "corrupt")
                if index < 8 { #expect(isUnreadable(error), "header byte \(index)") }
            }
        }
        #expect(refused >= 8 * 3)
    }

    @Test func buildsAHugeSharedTagListInBoundedTime() {
        // One declaration whose extension array holds 200,000 references to one string.
        let tagCount = 200_000
        var builder = BinaryPlistBuilder()
        let strings = [
            "UTExportedTypeDeclarations", "UTTypeIdentifier", "com.example.many",
            "UTTypeTagSpecification", "public.filename-extension", "e",
        ]
        // 0: root {1: 7}; 1...6: strings; 7: [8]; 8: {2: 3, 4: 9}; 9: {5: 10}; 10: the array.
        builder.add([0xD1] + BinaryPlistBuilder.reference(1) + BinaryPlistBuilder.reference(7))
        for string in strings { builder.add(BinaryPlistBuilder.asciiString(string)) }
        builder.add([0xA1] + BinaryPlistBuilder.reference(8))
        builder.add(
            [0xD2] + BinaryPlistBuilder.reference(2) + BinaryPlistBuilder.reference(4)
                + BinaryPlistBuilder.reference(3) + BinaryPlistBuilder.reference(9)
        )
        builder.add([0xD1] + BinaryPlistBuilder.reference(5) + BinaryPlistBuilder.reference(10))
        var array: [UInt8] = [0xAF, 0x12] + BinaryPlistBuilder.bigEndian(tagCount, size: 4)
        for _ in 0..<tagCount { array += BinaryPlistBuilder.reference(6) }
        builder.add(array)
        let bytes = builder.build(top: 0)
        var error: TypeDeclarationError?
        let seconds = cpuSeconds {
            error = declarationError { () throws(TypeDeclarationError) in
                _ = try DeclarationFile.parse(bytes, path: "many.bplist")
            }
        }
        #expect(isTooLarge(error), "\(String(describing: error))")
        #expect(seconds < 10, "took \(seconds) s of CPU time")
    }
}

@Suite struct DeclarationFileRobustnessTests {
    @Test(arguments: goodFiles)
    func refusesEveryTruncation(_ name: String) throws {
        let whole = try readAll(DeclarationFixtures.path(name))
        // Trailing whitespace aside, every proper prefix is an incomplete document.
        let end = (whole.lastIndex { $0 != 0x0A && $0 != 0x20 } ?? 0) + 1
        #expect(try DeclarationFile.parse(whole, path: name).count == 2)
        for length in 0..<end {
            let error = declarationError { () throws(TypeDeclarationError) in
                _ = try DeclarationFile.parse(Array(whole.prefix(length)), path: name)
            }
            #expect(isUnreadable(error), "prefix of \(length) bytes")
        }
    }

    @Test(arguments: goodFiles)
    func survivesRandomMutations(_ name: String) throws {
        let whole = try readAll(DeclarationFixtures.path(name))
        var random = SplitMix64(seed: 0x5EED_0000 + UInt64(whole.count))
        var refused = 0
        let rounds = 3_000
        for _ in 0..<rounds {
            var bytes = whole
            for _ in 0...(random.next() % 4) {
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.remove(at: index)
                default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: index)
                }
            }
            do {
                let declarations = try DeclarationFile.parse(bytes, path: name)
                // Whatever survives is well-formed enough for the registry to judge.
                #expect(declarations.count <= 2)
            } catch {
                refused += 1
                #expect(error.file == name)
            }
        }
        #expect(refused > 0)
    }

    @Test func refusesASparseFileOverTheLimitWithoutReadingIt() throws {
        let path = "/tmp/declaration-file-test-sparse-\(getpid()).plist"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer { unlink(path) }
        let size = off_t(DeclarationFile.maximumFileSize + 1)
        let truncated = ftruncate(descriptor, size)
        close(descriptor)
        try #require(truncated == 0)
        let error = declarationError { () throws(TypeDeclarationError) in
            _ = try DeclarationFile.load(path: path)
        }
        #expect(isTooLarge(error))
        #expect(error?.file == path)
    }

    @Test func loadsAFileOfExactlyTheLimit() throws {
        // A JSON document padded with spaces to exactly the maximum size is read whole.
        let path = "/tmp/declaration-file-test-limit-\(getpid()).json"
        var bytes = Array(#"{"UTExportedTypeDeclarations": [{"UTTypeIdentifier": "a.b"}]}"#.utf8)
        bytes += [UInt8](repeating: 0x20, count: DeclarationFile.maximumFileSize - bytes.count)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer { unlink(path) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        try #require(written == bytes.count)
        #expect(try DeclarationFile.load(path: path).map(\.identifier) == ["a.b"])
    }
}

private func readAll(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        try #require(count >= 0)
        if count == 0 { return bytes }
        bytes += chunk[0..<count]
    }
}

@Suite struct PropertyListXMLReaderTests {
    @Test func decodesEntitiesCDATAAndComments() throws {
        let xml = """
            \u{FEFF}<?xml version="1.0"?>
            <!-- leading comment -->
            <!DOCTYPE plist [ <!ENTITY x "y"> ]>
            <plist version="1.0">
            <dict>
              <key>a&amp;b</key><string>&lt;&gt;&quot;&apos;&#65;&#x42;&#x1F600;</string>
              <key>cdata</key><string>x<!-- c --><![CDATA[<raw> & ]]>y</string>
              <key>empty</key><string/>
              <key>n</key><integer> -42 </integer>
              <key>hex</key><integer>0x10</integer>
              <key>r</key><real>2.5</real>
              <key>t</key><true/>
              <key>f</key><false></false>
              <key>d</key><date>2001-01-02T00:00:01Z</date>
              <key>bytes</key><data>
                AAEC
                /w==
              </data>
              <key>list</key><array><dict/><array/></array>
            </dict>
            </plist>
            <!-- trailing comment -->
            """
        let value = try PropertyListXMLReader.parse(Array(xml.utf8))
        let expected: PropertyListValue = .dictionary([
            "a&b": .string("<>\"'AB\u{1F600}"),
            "cdata": .string("x<raw> & y"),
            "empty": .string(""),
            "n": .integer(-42),
            "hex": .integer(16),
            "r": .real(2.5),
            "t": .boolean(true),
            "f": .boolean(false),
            "d": .date(86_401),
            "bytes": .data([0, 1, 2, 255]),
            "list": .array([.dictionary([:]), .array([])]),
        ])
        #expect(value == expected)
    }

    @Test(
        arguments: [
            "",
            "<plist>",
            "<plist><dict><key>a</key></dict></plist>",
            "<plist><dict><string>a</string></dict></plist>",
            "<plist><array></dict></plist>",
            "<plist><string>a &bogus; b</string></plist>",
            "<plist><string>&#xD800;</string></plist>",
            "<plist><string>&#0;</string></plist>",
            "<plist><string>unterminated</plist>",
            "<plist><integer>12abc</integer></plist>",
            "<plist><integer>99999999999999999999</integer></plist>",
            "<plist><date>yesterday</date></plist>",
            "<plist><data>!!!</data></plist>",
            "<plist><color>red</color></plist>",
            "<plist><true>yes</true></plist>",
            "<plist><string>a</string><string>b</string></plist>",
            "<plist><string>a</string></plist> trailing",
            "<plist><string>\u{FF}</string></plist>",
            "<!-- never closed",
        ]
    )
    func refusesMalformedXML(_ xml: String) {
        var bytes = Array(xml.utf8)
        // Make the one invalid-UTF-8 case really invalid.
        if let index = bytes.firstIndex(of: 0xC3) { bytes[index] = 0xFF }
        #expect(throws: PropertyListReadError.self) { try PropertyListXMLReader.parse(bytes) }
    }
}

@Suite struct JSONValueReaderTests {
    @Test func readsEveryKindOfValue() throws {
        let json = #"""
            {"s": "a\"b\\c\/d\n\t\u00e9\ud83d\ude00", "i": -12, "big": 18446744073709551616,
             "r": 1.5e2, "t": true, "f": false, "n": null, "a": [], "o": {}}
            """#
        let value = try JSONValueReader.parse(Array(json.utf8))
        let expected: PropertyListValue = .dictionary([
            "s": .string("a\"b\\c/d\n\t\u{E9}\u{1F600}"),
            "i": .integer(-12),
            "big": .real(18_446_744_073_709_551_616),
            "r": .real(150),
            "t": .boolean(true),
            "f": .boolean(false),
            "n": .null,
            "a": .array([]),
            "o": .dictionary([:]),
        ])
        #expect(value == expected)
    }

    @Test(
        arguments: [
            "", "{", "{\"a\"}", "{\"a\": 1,}", "[1,]", "[01]", "[1.]", "[-]", "[.5]", "tru",
            "{\"a\": 1} {}", "[\"\\ud800\"]", "[\"\\x\"]", "[\"tab\there\"]", "{a: 1}", "['a']",
            "[\"\\u12\"]",
        ]
    )
    func refusesMalformedJSON(_ json: String) {
        #expect(throws: PropertyListReadError.self) { try JSONValueReader.parse(Array(json.utf8)) }
    }
}
