import MediaClassification
import Testing
import UniformTypes

/// Root elements whose namespace is written with entity references, as OWL ontologies
/// declare theirs (`xmlns:rdf="&rdf;#"` with the entity in the internal subset), and
/// PostScript-based Illustrator artwork by Tika's `%AI5_FileFormat` rule.
@Suite struct XMLEntityNamespaceTests {
    let classifier = Classifier(registry: .builtinOnly)

    private static func ontology(entities: String, namespace: String) -> String {
        "<?xml version='1.0' encoding='ISO-8859-1'?>\n<!-- an ontology -->\n<!DOCTYPE uridef[\n"
            + entities + "]>\n<rdf:RDF\n  xmlns:rdf=\"" + namespace + "\"\n"
            + "  xmlns:owl=\"&owl;#\">\n<owl:Ontology rdf:about=\"\"/>\n</rdf:RDF>\n"
    }

    static let rdfEntity = "  <!ENTITY rdf \"http://www.w3.org/1999/02/22-rdf-syntax-ns\">\n"
    static let owlEntity = "  <!ENTITY owl 'http://www.w3.org/2002/07/owl'>\n"

    @Test func aNamespaceWrittenWithAnEntityIsExpanded() throws {
        let text = Self.ontology(entities: Self.rdfEntity + Self.owlEntity, namespace: "&rdf;#")
        let (found, note) = try classifier.classify(text: text)
        #expect(found == "org.w3.rdf", note)
        // The same with a parameter entity and a comment before the declaration.
        let busy = Self.ontology(
            entities: "  <!ENTITY % local SYSTEM \"x.dtd\">\n  <!-- <!ENTITY rdf 'no'> -->\n"
                + Self.rdfEntity,
            namespace: "&rdf;#"
        )
        #expect(try classifier.classify(text: busy).identifier == "org.w3.rdf")
    }

    @Test func anEntityOfAnotherValueOrNoneIsNotRDF() throws {
        let other = Self.ontology(
            entities: "  <!ENTITY rdf \"http://example.org/not-rdf\">\n",
            namespace: "&rdf;#"
        )
        #expect(try classifier.classify(text: other).identifier != "org.w3.rdf")
        // An undeclared reference is kept as written, and matches no namespace.
        let undeclared = Self.ontology(entities: Self.owlEntity, namespace: "&rdf;#")
        #expect(try classifier.classify(text: undeclared).identifier != "org.w3.rdf")
        // A parameter entity of the name is no general entity.
        let parameter = Self.ontology(
            entities: "  <!ENTITY % rdf \"http://www.w3.org/1999/02/22-rdf-syntax-ns\">\n",
            namespace: "&rdf;#"
        )
        #expect(try classifier.classify(text: parameter).identifier != "org.w3.rdf")
    }

    @Test func postScriptIllustratorArtworkIsBoth() throws {
        let artwork =
            "%!PS-Adobe-3.0\n%%Creator: FreeHand 8.0\n%%Title: (t)\n%%BoundingBox: 0 0 10 10\n"
            + "%AI5_FileFormat 3\n%%EndComments\n%%EndProlog\nshowpage\n%%EOF\n"
        let unnamed = try classifier.classify(bytes: Array(artwork.utf8))
        #expect(unnamed.type.identifier == "com.adobe.illustrator.postscript-artwork")
        #expect(unnamed.type.conforms(to: UTType("com.adobe.postscript") ?? .data))
        #expect(unnamed.type.conforms(to: UTType("com.adobe.illustrator.ai-image") ?? .data))
        let named = try classifier.classify(bytes: Array(artwork.utf8), fileName: "art.ai")
        #expect(named.type == unnamed.type)
        #expect(named.extensionAgrees == true)
        // PostScript without the Illustrator comment stays PostScript.
        let plain = artwork.replacingOccurrences(of: "%AI5_FileFormat 3\n", with: "")
        #expect(try classifier.classify(text: plain).identifier == "com.adobe.postscript")
    }
}
