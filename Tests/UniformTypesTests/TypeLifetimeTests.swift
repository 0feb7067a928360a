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

    @Test func builtInTypesStayUsableWherever() throws {
        // Built-in types hold no reference to their registry; they must work all the same
        // from any number of copies, on any thread.
        let movie = UTType.movie
        let types = (0..<64).map { _ in UTType(filenameExtension: "mp4") }
        for type in types {
            let type = try #require(type)
            #expect(type.identifier == "public.mpeg-4")
            #expect(type.conforms(to: movie))
        }
    }
}
