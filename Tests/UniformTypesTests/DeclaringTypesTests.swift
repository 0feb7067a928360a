import TestSupport
import Testing
import UniformTypes

@Suite struct DeclaringTypesTests {
    @Test func aDeclaredIdentifierGivesTheDeclaredType() throws {
        #expect(UTType(exportedAs: "public.jpeg") == .jpeg)
        #expect(UTType(importedAs: "PUBLIC.MPEG-4", conformingTo: .image) == .mpeg4Movie)
        let imported = UTType(importedAs: "com.adobe.pdf")
        #expect(imported.isDeclared && !imported.isDynamic)
        #expect(imported.preferredFilenameExtension == "pdf")
        // A dyn. identifier decodes to its tags, as UTType(_:) does.
        let dynamic = try #require(UTType(filenameExtension: "mediatype-unknown-extension"))
        #expect(UTType(exportedAs: dynamic.identifier) == dynamic)
    }

    @Test func anUndeclaredIdentifierIsMadeWithItsParent() {
        let format = UTType(exportedAs: "com.example.mediatype-format", conformingTo: .json)
        #expect(format.identifier == "com.example.mediatype-format")
        #expect(!format.isDeclared && !format.isDynamic)
        #expect(format.conforms(to: format))
        #expect(format.conforms(to: .json) && format.conforms(to: .text))
        #expect(format.conforms(to: .data))
        #expect(!format.conforms(to: .image))
        #expect(format.isSubtype(of: .json) && UTType.json.isSupertype(of: format))
        #expect(format.parents == [.json])
        #expect(format.supertypes.contains(.json) && format.supertypes.contains(.text))
        #expect(format.tags.isEmpty && format.preferredFilenameExtension == nil)
        #expect(format.declaration == nil && format.referenceURL == nil && format.version == nil)
        // Equal to itself made again, and by identifier, ignoring case.
        #expect(format == UTType(importedAs: "COM.EXAMPLE.MEDIATYPE-FORMAT"))
        // Without a parent: it conforms to itself only.
        let bare = UTType(importedAs: "com.example.mediatype-bare")
        #expect(bare.conforms(to: bare) && !bare.conforms(to: .data) && bare.parents.isEmpty)
        #expect(!UTType.data.conforms(to: bare))
        // Nothing else finds it: it is not declared.
        #expect(UTType("com.example.mediatype-format") == nil)
    }

    @Test func referenceURLAndVersionComeFromTheDeclaration() throws {
        let json = """
            {"UTExportedTypeDeclarations": [
              {"UTTypeIdentifier": "com.example.versioned", "UTTypeConformsTo": "public.data",
               "UTTypeReferenceURL": "https://example.com/spec?v=2&x=1", "UTTypeVersion": "3"},
              {"UTTypeIdentifier": "com.example.point-oh", "UTTypeVersion": "2.0"},
              {"UTTypeIdentifier": "com.example.fraction", "UTTypeVersion": "1.5"},
              {"UTTypeIdentifier": "com.example.plain"}
            ]}
            """
        let declarations = try DeclarationFile.parse(Array(json.utf8), path: "types.json")
        let registry = try TypeRegistry.builtinOnly.adding(declarations)
        let versioned = try #require(registry.type(withIdentifier: "com.example.versioned"))
        #expect(versioned.referenceURL == "https://example.com/spec?v=2&x=1")
        #expect(versioned.version == 3)
        #expect(try #require(registry.type(withIdentifier: "com.example.point-oh")).version == 2)
        #expect(try #require(registry.type(withIdentifier: "com.example.fraction")).version == nil)
        let plain = try #require(registry.type(withIdentifier: "com.example.plain"))
        #expect(plain.referenceURL == nil && plain.version == nil)
        // The built-in types declare neither.
        #expect(UTType.jpeg.referenceURL == nil && UTType.jpeg.version == nil)
    }
}
