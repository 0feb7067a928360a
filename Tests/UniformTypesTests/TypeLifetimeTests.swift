import Testing
import UniformTypes

/// A `UTType` does not count references to a registry that lives for good (the built-in one,
/// a published one); these tests check that it still keeps any other registry alive, and that
/// nothing else does.
@Suite struct TypeLifetimeTests {
    private static func makeRegistry() throws -> TypeRegistry {
        try TypeRegistry(
            declarations: [
                TypeDeclaration(identifier: "public.item"),
                TypeDeclaration(identifier: "public.data", conformsTo: ["public.item"]),
                TypeDeclaration(identifier: "public.directory", conformsTo: ["public.item"]),
                TypeDeclaration(
                    identifier: "com.example.thing",
                    conformsTo: ["public.data"],
                    filenameExtensions: ["thing"],
                    mimeTypes: ["application/x-thing"]
                ),
                TypeDeclaration(
                    identifier: "com.example.bundle",
                    conformsTo: ["public.directory"],
                    filenameExtensions: ["bndl"]
                ),
            ]
        )
    }

    /// Makes types with `make` from a fresh registry, drops the registry, and checks that the
    /// types alone keep it alive, that `check` passes on them, and that the registry is freed
    /// once they are gone.
    private static func expectTypesKeepTheirRegistry(
        _ make: (TypeRegistry) throws -> [UTType],
        check: ([UTType]) throws -> Void
    ) throws {
        weak var weakRegistry: TypeRegistry?
        var types: [UTType] = []
        do {
            let registry = try makeRegistry()
            weakRegistry = registry
            types = try make(registry)
        }
        try #require(weakRegistry != nil, "the types no longer hold their registry")
        try check(types)
        types.removeAll()
        #expect(weakRegistry == nil, "something besides its types keeps the registry alive")
    }

    @Test func declaredTypesKeepARegistryBuiltAtRunTimeAlive() throws {
        try Self.expectTypesKeepTheirRegistry { registry in
            [
                try #require(registry.type(withIdentifier: "com.example.thing")),
                try #require(registry.type(withIdentifier: "public.data")),
            ]
        } check: { types in
            #expect(types[0].identifier == "com.example.thing")
            #expect(types[0].conforms(to: types[1]))
            #expect(types[0].preferredFilenameExtension == "thing")
        }
    }

    @Test func dynamicTypesKeepARegistryBuiltAtRunTimeAlive() throws {
        try Self.expectTypesKeepTheirRegistry { registry in
            let data = try #require(registry.type(withIdentifier: "public.data"))
            var types: [UTType] = []
            // Twice each: made, remembered, then made again from what was remembered.
            for _ in 0..<2 {
                // Nothing declares the tag.
                types.append(
                    try #require(
                        registry.type(
                            tag: "nodecl",
                            tagClass: .filenameExtension,
                            conformingTo: nil
                        )
                    )
                )
                // Declared, but ruled out by the supertype.
                types.append(
                    try #require(
                        registry.type(tag: "bndl", tagClass: .filenameExtension, conformingTo: data)
                    )
                )
            }
            return types
        } check: { types in
            for dynamic in types {
                #expect(dynamic.isDynamic)
                #expect(dynamic.identifier.hasPrefix("dyn."))
                #expect(dynamic.supertypes.map(\.identifier).contains("public.data"))
            }
            #expect(types[0] == types[2])
            #expect(types[1] == types[3])
            #expect(types[1].tags[.filenameExtension] == ["bndl"])
        }
    }

    @Test func typesAreMadeCopiedAndDroppedOnManyThreadsAtOnce() async throws {
        // Built-in types count no reference to their registry, declared types of a registry
        // built at run time count one, dynamic types hold their content; eight tasks make,
        // copy and drop all three at once (CI runs this under ThreadSanitizer too).
        let registry = try Self.makeRegistry()
        let thing = try #require(registry.type(withIdentifier: "com.example.thing"))
        let good = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var good = 0
                    for round in 0..<500 {
                        let copies = [thing, thing, thing]
                        let made = registry.type(
                            tag: "nodecl\(task)-\(round % 7)",
                            tagClass: .filenameExtension,
                            conformingTo: nil
                        )
                        if let mp4 = UTType(filenameExtension: "mp4"), mp4.conforms(to: .movie),
                            copies[round % 3].identifier == "com.example.thing",
                            made?.isDynamic == true
                        {
                            good += 1
                        }
                    }
                    return good
                }
            }
            return await group.reduce(0, +)
        }
        #expect(good == 8 * 500)
    }
}
