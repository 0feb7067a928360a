import Foundation
import MediaClassification
import Testing
import UniformTypes

/// Template languages by their block tags: Handlebars and Mustache sections, and the
/// statement blocks of Jinja, Twig and Liquid.
@Suite struct TemplateTextTests {
    let classifier = Classifier(registry: .builtinOnly)

    static let jinja: String =
        "{% extends \"base.html\" %}\n\n{% block content %}\n  <h1>Welcome, {{ user.name }}</h1>\n"
        + "  {% for item in items %}\n    <li>{{ item.price | round(2) }}</li>\n"
        + "  {% endfor %}\n{% endblock %}\n"
    static let django: String =
        "{% load static %}\n<ul>\n{% for entry in entries %}\n  <li><a href=\"{% url 'entry' entry.id %}\">"
        + "{{ entry.title }}</a></li>\n{% empty %}\n  <li>None yet.</li>\n{% endfor %}\n</ul>\n"
    static let handlebars: String =
        "{{#if isUserLoggedIn}}\n  Welcome, {{username}}!\n  {{#each notifications}}\n"
        + "    <p>{{this}}</p>\n  {{/each}}\n{{else}}\n  Please log in.\n{{/if}}\n"
    static let mustache: String =
        "Hello {{name}}\nYou have just won {{value}} dollars!\n{{#in_ca}}\n"
        + "Well, {{taxed_value}} dollars, after taxes.\n{{/in_ca}}\n"
    static let liquid: String =
        "{% assign greeting = 'Hello' %}\n{% for product in collection.products %}\n"
        + "  {{ greeting }} {{ product.title | upcase }}\n{% endfor %}\n"
    static let twig: String =
        "{% extends 'layout.html.twig' %}\n{% block body %}\n  {% apply upper %}\n"
        + "    {{ title }}\n  {% endapply %}\n{% endblock %}\n"
    /// Twig told by its expressions alone (Magika's sample has only tags Jinja shares).
    static let twigByExpressions: String =
        "{% set items = ['apple', 'banana'] %}\n<ul>\n  {% for item in items %}\n"
        + "    <li>{{ loop.index }} - {{ item|title }}</li>\n  {% endfor %}\n</ul>\n"
        + "{{ dump(items) }}\n"
    /// Jinja that writes `|safe`, with a `dump()` call of its own.
    static let jinjaWithDump: String =
        "{% for row in rows %}\n  {{ row.html|safe }} {{ dump(row) }}\n{% endfor %}\n"
    static let salt: String =
        "{% for user in pillar['users'] %}\n{{ user }}:\n  user.present:\n    - shell: /bin/bash\n"
        + "{% endfor %}\n"

    static let cases: [(String, String)] = [
        (jinja, "org.palletsprojects.jinja-template"),
        (django, "org.palletsprojects.jinja-template"),
        (handlebars, "com.handlebarsjs.template"),
        (mustache, "com.handlebarsjs.template"),
        (liquid, "com.shopify.liquid"),
        (twig, "org.symfony.twig-template"),
        (salt, "org.palletsprojects.jinja-template"),
        (twigByExpressions, "org.symfony.twig-template"),
        (jinjaWithDump, "org.palletsprojects.jinja-template"),
        ("{% block body %}\n  {{ parent() }}\n{% endblock %}\n", "org.symfony.twig-template"),
        (
            "{% for f in files %}\n  {{ include('row.html.twig') }}\n{% endfor %}\n",
            "org.symfony.twig-template"
        ),
        (
            "{% block body %}\n  {{ super() }}\n{% endblock %}\n",
            "org.palletsprojects.jinja-template"
        ),
    ]

    @Test(arguments: cases)
    func templatesAreToldByTheirBlockTags(text: String, identifier: String) throws {
        let result = try classifier.classify(bytes: Array(text.utf8), fileName: nil)
        #expect(result.type.identifier == identifier, "\(text): \(result.detail)")
        // Tentative: a name claiming the language the template is written in decides.
        #expect(result.confidence == .low, "\(result.detail)")
    }

    @Test(arguments: [
        // A tag named once, with no end.
        "Write {% if %} where the page should change, as the guide explains.\n",
        // Sections opened and closed under different names.
        "{{#items}}\n  {{name}}\n{{/people}}\n",
        // Go's templates close every action with {{ end }}.
        "{{ if .Ready }}\n  ready\n{{ else }}\n  waiting\n{{ end }}\n",
        // An end tag without its block, and a block tag no template language has.
        "{% endfor %}\n{% frobnicate %}{% endfrobnicate %}\n",
    ])
    func textWithoutATemplateBlockIsNot(text: String) throws {
        let (found, note) = try classifier.classify(text: text)
        let templates = [
            "org.palletsprojects.jinja-template", "com.handlebarsjs.template",
            "com.shopify.liquid", "org.symfony.twig-template",
        ]
        #expect(!templates.contains(found), note)
    }

    /// Templates are written in other languages: a name claiming one of them decides, and so
    /// does a name claiming another template language.
    @Test func aNameClaimingAnotherTextDecides() throws {
        let bytes = Array(Self.jinja.utf8)
        for (name, identifier) in [
            ("page.html", "public.html"), ("page.twig", "org.symfony.twig-template"),
            ("page.j2", "org.palletsprojects.jinja-template"),
        ] {
            let result = try classifier.classify(bytes: bytes, fileName: name)
            #expect(result.type.identifier == identifier, "\(name): \(result.detail)")
        }
    }
}
