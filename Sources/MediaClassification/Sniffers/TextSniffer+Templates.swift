/// Template languages, told by their block tags: Handlebars and Mustache sections
/// (`{{#each items}} ... {{/each}}`), and the `{% tag %} ... {% endtag %}` statements of
/// Jinja, Twig and Liquid.
extension TextSniffer {
    /// How much of the text is searched for tags.
    private static let templateWindow = 16_384

    /// Statement tags that open a block closed by `end` and their name.
    private static let blockTags: Set<String> = [
        "if", "for", "block", "macro", "raw", "with", "filter", "call", "unless", "capture",
        "case", "autoescape", "spaceless", "verbatim", "embed", "apply", "comment", "tablerow",
        "sandbox", "trans",
    ]

    /// Tags only Liquid writes (Shopify's Liquid reference).
    private static let liquidTags: Set<String> = [
        "assign", "capture", "unless", "case", "increment", "decrement", "tablerow", "render",
        "liquid", "cycle",
    ]

    /// Tags only Twig writes (Twig's tag reference).
    private static let twigTags: Set<String> = [
        "apply", "embed", "verbatim", "sandbox", "deprecated", "flush", "use",
    ]

    /// What only Twig writes in its expressions (Twig's function and filter reference): the
    /// `dump()`, `parent()`, `constant()` and `attribute()` functions, the `raw`,
    /// `json_encode`, `nl2br` and `number_format` filters, a template named `.twig`.
    private static let twigExpressions = [
        "dump(", "parent()", "constant(", "attribute(", "|raw", "| raw", "|json_encode",
        "|nl2br", "|number_format", ".twig'", ".twig\"",
    ]

    /// What only Jinja writes where Twig has another word: `super()` (Twig's `parent()`),
    /// the `safe` and `tojson` filters (Twig's `raw`, `json_encode`), Flask's `url_for()`.
    private static let jinjaExpressions = [
        "super()", "|safe", "| safe", "|tojson", "| tojson", "url_for(",
    ]

    /// The template language of the text, with the evidence; `nil` when it has none.
    ///
    /// A Handlebars (or Mustache) section opened and closed by the same name, or a statement
    /// block opened and closed (`{% for ... %}` and `{% endfor %}`). Among the statement
    /// languages, Liquid's own tags (`assign`, `capture`, `unless`, ...) make Liquid, Twig's
    /// (`apply`, `embed`, `verbatim`, ...) or its functions and filters (`dump()`, `|raw`,
    /// a `.twig` template's name) where nothing of Jinja's own is written Twig, and the rest
    /// Jinja, whose syntax Django's
    /// templates share. The answer is tentative: a name claiming another kind of text (an
    /// HTML page with template tags) decides.
    static func templateEvidence(_ text: ArraySlice<UInt8>) -> (
        identifier: String, evidence: String
    )? {
        let window = text.prefix(templateWindow)
        var opened: Set<String> = []
        var closed: Set<String> = []
        var sections: Set<String> = []
        var sectionEnds: Set<String> = []
        var index = window.startIndex
        while let brace = firstIndex(of: UInt8(ascii: "{"), in: window[index...]) {
            index = brace + 1
            guard index < window.endIndex else { break }
            let kind = window[index]
            if kind == UInt8(ascii: "%") {
                var tag = window[(index + 1)...]
                if tag.first == UInt8(ascii: "-") { tag = tag.dropFirst() }
                let word = tag.drop(while: isSpace).prefix { (0x61...0x7A).contains($0) }
                let name = String(decoding: word, as: UTF8.self)
                if name.hasPrefix("end"), name.count > 3 {
                    closed.insert(String(name.dropFirst(3)))
                } else if !name.isEmpty {
                    opened.insert(name)
                }
            } else if kind == UInt8(ascii: "{") {
                var tag = window[(index + 1)...]
                if tag.first == UInt8(ascii: "~") { tag = tag.dropFirst() }
                guard let sigil = tag.first,
                    sigil == UInt8(ascii: "#") || sigil == UInt8(ascii: "/")
                else { continue }
                let word = tag.dropFirst().drop(while: isSpace).prefix {
                    isIdentifierByte($0) || $0 == UInt8(ascii: "-")
                }
                guard !word.isEmpty else { continue }
                let name = String(decoding: word, as: UTF8.self)
                if sigil == UInt8(ascii: "#") {
                    sections.insert(name)
                } else {
                    sectionEnds.insert(name)
                }
            }
        }
        if let section = sections.intersection(sectionEnds).sorted().first {
            return ("com.handlebarsjs.template", "a {{#\(section)}} ... {{/\(section)}} section")
        }
        guard let block = opened.intersection(closed).intersection(blockTags).sorted().first
        else { return nil }
        let evidence = "a {% \(block) %} ... {% end\(block) %} block"
        if let tag = opened.union(closed).intersection(liquidTags).sorted().first {
            return ("com.shopify.liquid", "\(evidence), Liquid's {% \(tag) %}")
        }
        if let tag = opened.union(closed).intersection(twigTags).sorted().first {
            return ("org.symfony.twig-template", "\(evidence), Twig's {% \(tag) %}")
        }
        if let twig = twigExpressions.first(where: { contains(window, $0) }),
            !jinjaExpressions.contains(where: { contains(window, $0) })
        {
            return ("org.symfony.twig-template", "\(evidence), Twig's \(twig)")
        }
        return ("org.palletsprojects.jinja-template", evidence)
    }
}
