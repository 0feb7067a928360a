import Testing
import UniformTypes

/// One allowed set exported to the web form's `accept` and the portal's file chooser.
@Suite struct PickerFilterTests {
    let registry = TypeRegistry.builtinOnly

    @Test func patternsAndExtensionsPassThrough() throws {
        let allowed = try AllowedContentTypes(parsing: "image/*,.pdf", registry: registry)
        #expect(allowed.htmlAcceptAttribute(in: registry) == "image/*,.pdf")
        let filter = allowed.portalFilter(named: "Images and PDF", in: registry)
        #expect(
            filter.patterns == [
                .init(kind: .mimeType, pattern: "image/*"), .init(kind: .glob, pattern: "*.pdf"),
                .init(kind: .glob, pattern: "*.PDF"),
            ]
        )
        #expect(
            filter.description
                == "('Images and PDF', [(uint32 1, 'image/*'), (0, '*.pdf'), (0, '*.PDF')])"
        )
    }

    @Test func anythingRestrictsNothing() throws {
        let allowed = try AllowedContentTypes(parsing: "*/*,.pdf", registry: registry)
        #expect(allowed.htmlAcceptAttribute(in: registry) == "")
        #expect(allowed.portalFilter(named: "All", in: registry).patterns.first?.pattern == "*")
    }

    @Test func aTypeBecomesItsMembersMIMETypesAndExtensions() throws {
        let allowed = try AllowedContentTypes(parsing: "public.movie", registry: registry)
        let tokens = allowed.htmlAcceptAttribute(in: registry).split(separator: ",").map(
            String.init
        )
        for expected in ["video/mp4", ".mp4", "video/quicktime", ".mov", ".m4v"] {
            #expect(tokens.contains(expected), "\(expected) in \(tokens)")
        }
        #expect(!tokens.contains(".m4a"))
        #expect(!tokens.contains(".jpg"))
        let mimeTypes = allowed.portalFilter(named: "Movies", in: registry).patterns
        #expect(mimeTypes.allSatisfy { $0.kind == .mimeType })
        #expect(mimeTypes.contains(.init(kind: .mimeType, pattern: "video/mp4")))
    }

    @Test(
        "What the picker offers, the server check accepts",
        arguments: ["public.movie", "public.image", "public.audio,.pdf", "com.adobe.pdf"]
    )
    func pickerAndServerAgree(_ specification: String) throws {
        let allowed = try AllowedContentTypes(parsing: specification, registry: registry)
        for token in allowed.htmlAcceptAttribute(in: registry).split(separator: ",") {
            let token = String(token)
            let types =
                token.hasPrefix(".")
                ? registry.types(
                    tag: String(token.dropFirst()),
                    tagClass: .filenameExtension,
                    conformingTo: nil
                )
                : registry.types(tag: token, tagClass: .mimeType, conformingTo: nil)
            #expect(types.contains { allowed.accepts($0) }, "\(token): \(types)")
        }
    }
}
