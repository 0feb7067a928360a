import MediaClassification
import TestSupport
import Testing

/// CSV with semicolons, as spreadsheets in locales with a decimal comma write it, and the
/// semicolon-ended or braced lines of code that are not.
@Suite struct SemicolonTableTests {
    let classifier = Classifier(registry: .builtinOnly)

    func type(_ text: String) throws -> String {
        try classifier.classify(bytes: Array(text.utf8), fileName: nil).type.identifier
    }

    @Test func tablesAndCode() throws {
        let csv = "public.comma-separated-values-text"
        #expect(try type("id;name;amount\r\n1;Müller;12,5\r\n2;Straße;3,0\r\n") == csv)
        let fixture = try fixtureBytes("table-semicolons.csv")
        #expect(try type(String(decoding: fixture, as: UTF8.self)) == csv)
        // Lines of code: each ends with a semicolon, or opens indented, or holds braces.
        #expect(try type("a = 1; b = 2;\nc = 3; d = 4;\ne = 5; f = 6;\n") != csv)
        #expect(try type("x;y;z\n  a;b;c\n  d;e;f\n") != csv)
        let braced = "'a' = { n=1; w=2; s=3; }\n'b' = { n=4; w=5; s=6; }\n"
        #expect(try type(braced + "'c' = { n=7; w=8; s=9; }\n") != csv)
        // One semicolon a record is no evidence.
        #expect(try type("a;b\nc;d\ne;f\ng;h\ni;j\nk;l\n") != csv)
    }
}
