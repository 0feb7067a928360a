import Foundation
import MediaClassification
import Testing
import UniformTypes

/// RDF's text syntaxes by their grammar: N-Triples and N-Quads statements, and the prefix
/// declarations that open Turtle, TriG, Notation3 and SPARQL.
@Suite struct RDFTextTests {
    let classifier = Classifier(registry: .builtinOnly)

    @Test(arguments: [
        (
            "<http://example.org/s> <http://example.org/p> \"one\" .\n"
                + "<http://example.org/s> <http://example.org/q> _:b0 .\n"
                + "_:b0 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <urn:x:T> .\n",
            "org.w3.n-triples"
        ),
        (
            "# exported\n<urn:a> <urn:p> \"2\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n"
                + "<urn:a> <urn:q> \"chat\"@fr .\n",
            "org.w3.n-triples"
        ),
        (
            "<urn:a> <urn:p> <urn:b> <http://example.org/graph1> .\n"
                + "<urn:a> <urn:p> \"x\\\" y\" .\n",
            "org.w3.n-quads"
        ),
        (
            "@prefix ex: <http://example.org/> .\n@prefix foaf: <http://xmlns.com/foaf/0.1/> .\n\n"
                + "ex:alice a foaf:Person ;\n    foaf:name \"Alice\" ;\n    foaf:knows ex:bob .\n",
            "org.w3.turtle"
        ),
        (
            "@prefix ex: <http://example.org/> .\n\nex:help ex:text \"\"\"\n"
                + "Select the files you want, then press the button.\n\"\"\" .\n",
            "org.w3.turtle"
        ),
        (
            "# A shape\nPREFIX sh: <http://www.w3.org/ns/shacl#>\nBASE <http://example.org/>\n\n"
                + "<PersonShape> a sh:NodeShape .\n",
            "org.w3.turtle"
        ),
        (
            "PREFIX foaf: <http://xmlns.com/foaf/0.1/>\nSELECT ?name\nWHERE {\n"
                + "  ?person foaf:name ?name .\n}\n",
            "org.w3.sparql-query"
        ),
        (
            "PREFIX dc: <http://purl.org/dc/elements/1.1/>\nDELETE { ?b dc:title ?t }\n"
                + "WHERE { ?b dc:title ?t }\n",
            "org.w3.sparql-update"
        ),
        ("PREFIX : <http://example.org/>\nADD DEFAULT TO :g1\n", "org.w3.sparql-update"),
        (
            "@prefix : <http://example.org/#> .\n\n{ ?x a :Man } => { ?x a :Mortal } .\n"
                + ":socrates a :Man .\n",
            "org.w3.notation3"
        ),
        (
            "@prefix ex: <http://example.org/> .\n\nGRAPH ex:g1 {\n  ex:a ex:p ex:b .\n}\n",
            "org.w3.trig"
        ),
        // JSON-LD in expanded form has no `@context`: its properties are absolute IRIs
        // beside JSON-LD's keywords.
        (
            "[\n  {\n    \"@id\": \"http://example.com/queen\",\n"
                + "    \"http://example.com/vocab/label\": [{\"@value\": \"The Queen\", "
                + "\"@language\": \"en\"}]\n  }\n]\n",
            "org.w3.json-ld"
        ),
        (
            "{\"@graph\": [{\"@id\": \"urn:x:a\", \"https://schema.org/name\": "
                + "[{\"@value\": \"A\"}]}]}\n",
            "org.w3.json-ld"
        ),
        // A dictionary keyed by URLs, without keywords.
        ("{\"https://example.org/a\": 1, \"https://example.org/b\": 2}\n", "public.json"),
        // A log's @timestamp and OData's annotations are not JSON-LD's keywords.
        (
            "{\"@timestamp\": \"2024-01-01\", \"http://example.org/x\": 1}\n", "public.json"
        ),
        (
            "{\"@odata.context\": \"https://example.org/$metadata\", \"@id\": \"x\"}\n",
            "public.json"
        ),
        // Keywords and IRIs beside plain member names.
        (
            "{\"@id\": \"http://example.org/a\", \"http://example.org/p\": 1, \"name\": \"A\"}\n",
            "public.json"
        ),
    ])
    func rdfSyntaxesAreToldByTheirGrammar(text: String, identifier: String) throws {
        let (found, note) = try classifier.classify(text: text)
        #expect(found == identifier, note)
    }

    /// IRIs in angle brackets are no XML elements, nor is a line of two of them a statement.
    @Test func iriLinesAreNoXML() throws {
        let text = Array("<http://example.org/a> <http://example.org/b>\n".utf8)
        let result = try classifier.classify(bytes: text, fileName: nil)
        #expect(result.type.identifier == "public.plain-text", "\(result.detail)")
    }

    @Test(arguments: [
        // Relative references: not absolute IRIs.
        "<a> <b> <c> .\n",
        // A predicate must be an IRI.
        "<urn:a> _:p <urn:b> .\n",
        // Prose that mentions a prefix.
        "The @prefix line declares a namespace; see the Turtle specification.\n",
        // A mail header quoting addresses in angle brackets.
        "<alice@example.org> wrote to <bob@example.org> .\n",
    ])
    func textThatIsNoRDFIsNot(text: String) throws {
        let (found, note) = try classifier.classify(text: text)
        #expect(!found.hasPrefix("org.w3."), note)
    }

    /// N-Triples is Turtle and N-Quads too, Turtle is TriG and Notation3: a name claiming the
    /// larger syntax decides, and without a name the smallest that reads the lines is given.
    @Test func aNameClaimingTheLargerSyntaxDecides() throws {
        let triples = Array("<urn:a> <urn:p> <urn:b> .\n<urn:b> <urn:p> \"c\" .\n".utf8)
        for (name, identifier) in [
            ("data.nq", "org.w3.n-quads"), ("data.ttl", "org.w3.turtle"),
            ("data.nt", "org.w3.n-triples"), (nil, "org.w3.n-triples"),
        ] {
            let result = try classifier.classify(bytes: triples, fileName: name)
            #expect(result.type.identifier == identifier, "\(name ?? "unnamed"): \(result.detail)")
        }
        let turtle = Array("@prefix ex: <http://example.org/> .\nex:a ex:p ex:b .\n".utf8)
        let n3 = try classifier.classify(bytes: turtle, fileName: "rules.n3")
        #expect(n3.type.identifier == "org.w3.notation3", "\(n3.detail)")
        #expect(n3.extensionAgrees == true)
    }

    /// The head of a long N-Triples file ends inside a line, one of the lines the reader
    /// judges (lines of 1 KiB: the 64 KiB head ends in the 64th); the lines before it decide.
    @Test func aCutHeadIsJudgedByItsWholeLines() throws {
        let literal = String(repeating: "v", count: 960)
        let line = "<http://example.org/subject> <http://example.org/p> \"\(literal)\" .\n"
        let text = String(repeating: line, count: 200)
        let (found, note) = try classifier.classify(text: text)
        #expect(found == "org.w3.n-triples", note)
    }
}
