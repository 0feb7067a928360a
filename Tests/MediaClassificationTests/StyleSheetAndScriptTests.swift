import Testing

@testable import MediaClassification

/// CSS read by its rules, and JavaScript by the marks only it writes: the shapes real files
/// take (licence comments, selector lists over lines, `@media` and `@font-face` blocks,
/// minified sheets and bundles), and the text that looks like them and is not.
@Suite struct StyleSheetAndScriptTests {
    static let css = "public.css"
    static let javascript = "com.netscape.javascript-source"

    @Test(arguments: [
        // A licence comment, then a selector list over lines.
        "/*\n * Theme, MIT licence\n */\n\n/* Comment */\n.hljs-comment,\n.hljs-quote {\n"
            + "  color: #575757;\n}\n\n.hljs-variable,\n.hljs-tag {\n  color: #d73737;\n}\n",
        // Minified onto one line, with !important and a child combinator.
        "body{margin:0;padding:0}a{color:red}.x>.y:hover{color:#fff!important}\n",
        // Rules nested in @media, an @import, custom properties and var().
        "@import url(\"base.css\");\n:root { --links: #4183c4; }\n@media (max-width: 700px) {\n"
            + "  .nav, .menu { display: none; }\n  a:not(.plain) { color: var(--links); }\n}\n",
        // Only @font-face blocks, a value over two lines.
        "@font-face {\n  font-family: 'Open Sans';\n  src: local('Open Sans'),\n"
            + "       url('a.woff2') format('woff2');\n}\n@font-face {\n  font-family: 'Mono';\n"
            + "  font-weight: 400;\n}\n",
        // Keyframes, pseudo-elements and an attribute selector.
        "@keyframes spin { from { transform: rotate(0deg); } to { transform: rotate(360deg); } }\n"
            + "input[type=\"text\"]::placeholder { color: gray; }\n",
    ])
    func styleSheetsAreRead(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == Self.css, "\(text)")
    }

    @Test(arguments: [
        // GraphQL: mappings without semicolons.
        "type Query {\n  users: [User]\n  user(id: ID!): User\n}\n\ntype User {\n  id: ID!\n}\n",
        // YAML flow mappings.
        "a: {b: c}\nd: {e: f}\n",
        // nginx configuration: directives, not declarations.
        "server {\n  listen 80;\n  location / {\n    root /var/www;\n  }\n}\n",
        // C++: an include and a std:: statement in a block.
        "#include <iostream>\nint main() {\n  std::cout << 1;\n}\nvoid f() {\n  std::cout << 2;\n}\n",
        // A JavaScript object literal.
        "var theme = {\n  color: 'red',\n  size: 2\n};\nvar other = { a: 1 };\n",
        // C structs.
        "struct a { int b; };\nstruct c { int d; };\n",
    ])
    func textThatLooksLikeRulesIsNotCSS(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier != Self.css, "\(text)")
    }

    /// SCSS: CSS with variables, mixins, nesting and line comments.
    @Test(arguments: [
        // Variables at the top, a mixin and its use, a nested rule.
        "$accent: #3498db;\n$gap: 8px;\n\n@mixin centred {\n  display: flex;\n"
            + "  align-items: center;\n}\n\n.card {\n  @include centred;\n  padding: $gap;\n"
            + "  &:hover { color: $accent; }\n}\n",
        // A module import and line comments, a variable inside a rule.
        "@use 'sass:math';\n// layout\n.grid {\n  $columns: 12;\n"
            + "  width: math.div(100%, $columns);\n}\n.row { margin: 0; }\n",
        // Partials imported first, their variables only used (shared-mime-info's test.scss).
        "@import \"theme/palette\";\n.menu-link { color: $text;\n  text-decoration: none; }\n"
            + ".menu-link:hover { background: $primary-light; }\n",
    ])
    func scssIsCSSWithSassMarks(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == "org.sass-lang.scss", "\(text)")
    }

    /// Line comments and nesting alone (CSS Nesting writes `&` too) leave a sheet CSS; a
    /// PHP or Perl variable is no SCSS one.
    @Test func cssWithoutSassMarksStaysCSS() {
        let nested =
            "// theme\n.card {\n  color: red;\n  &:hover { color: blue; }\n}\n.x { margin: 0; }\n"
        #expect(TextSnifferTests.sniff(nested)?.identifier == Self.css)
        // `$` in a string or an attribute selector is CSS's own.
        let dollars = "a[href$=\".pdf\"] { content: \"$5\"; color: red; }\nb { margin: 0; }\n"
        #expect(TextSnifferTests.sniff(dollars)?.identifier == Self.css)
        let php = "$color = 'red';\n$size = 2;\necho $color;\n"
        #expect(TextSnifferTests.sniff(php)?.identifier != "org.sass-lang.scss")
    }

    @Test(arguments: [
        // An immediately invoked function of a generated page script.
        "(function() {\n    var impls = Object.fromEntries([[\"std\",[]]]);\n"
            + "    if (window.register_impls) {\n        window.register_impls(impls);\n    }\n})()\n",
        // A minified library after its licence comment: one long line.
        "/*! lib 1.0 | MIT */\n!function(e){\"use strict\";var t=e.jQuery;if(null===t)return;"
            + "t.fn.x=function(){return this}}(window);\n",
        // A polkit rule: a call with a function expression and strict equality.
        "polkit.addRule(function(action, subject) {\n    if (action.id === \"org.example\") {\n"
            + "        return polkit.Result.YES;\n    }\n});\n",
        // A webpack chunk.
        "(self[\"webpackChunkapp\"]=self[\"webpackChunkapp\"]||[]).push([[1],{5:function(e){"
            + "e.exports=1}}]);\n",
        // A class with a constructor, exported the CommonJS way.
        "class NotCachedError extends Error {\n  constructor (url) {\n    super(url)\n  }\n}\n\n"
            + "module.exports = {\n  NotCachedError,\n}\n",
        // A page script of the 2000s: a cookie read back, and a timer.
        "function initProvider() {\n   if (document.cookie.length>0) {\n"
            + "     provider = unescape(document.cookie.substring(0, 9));\n   }\n}\n",
        "function tick() {\n  var n = 1;\n  setTimeout(tick, 1000);\n  document.title = n;\n}\n",
        // A script for both a page and Windows Script Host.
        "function say(s){\n try{document.write(s+\"<br>\")}\n catch(e){WScript.Echo(s)}\n}\n",
        // A form check that reads the DOM and warns with a dialog (shared-mime-info's
        // survey.js).
        "function checkOther(name) {\n\tvar other = document.getElementById(name + '_99')\n"
            + "\tif (!other) {\n\t\talert(\"Sorry, an internal error.\");\n\t\treturn\n\t}\n}\n",
    ])
    func scriptsAreToldByTheirMarks(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier == Self.javascript, "\(text)")
    }

    @Test(arguments: [
        // Prose naming two marks, with no statement in it.
        "The operator === compares; see console.log(x) in the docs.\n",
        // A C header whose comment rules are runs of = and -.
        "//===--- bridging ---===//\n#ifndef A_H\n#define A_H\nint f(void);\n#endif\n",
        // Kotlin's referential equality, with nothing else of JavaScript's.
        "fun main() {\n    val a = \"x\"\n    if (a === b) println(a)\n}\n",
        // Lua's anonymous functions.
        "local t = {}\nfunction t.f(x)\n  return function(y) return x + y end\nend\nreturn t\n",
        // CoffeeScript: the same library calls, and its arrow ending a line.
        "debounce = (func, wait) ->\n  setTimeout((-> func.apply(func, args)), wait)\n"
            + "  return if x === y\n",
        // A Markdown heading underline and one mark.
        "Title\n===\n\nCall console.log(x) to print.\n",
        // A C program with a function of its own named alert.
        "#include <stdio.h>\nstatic void alert(const char *s) { puts(s); }\n"
            + "int main(void) { alert(\"hi\"); return 0; }\n",
    ])
    func textWithFewMarksIsNotJavaScript(text: String) {
        #expect(TextSnifferTests.sniff(text)?.identifier != Self.javascript, "\(text)")
    }

    /// Hostile nesting (thousands of open blocks) is refused at a fixed depth, without
    /// recursing as deep as the text goes.
    @Test func deepNestingIsRefusedWithoutRecursion() {
        for opener in ["a{", "a{b:c;", "@media x{", "a{@font-face{"] {
            let text = String(repeating: opener, count: 6_000)
            #expect(TextSnifferTests.sniff(text)?.identifier != Self.css, "\(opener)")
        }
    }

    /// Over the built-in sources alone, a style sheet that opens with a licence comment is
    /// CSS, though Tika's C rule reads its first `/*`.
    @Test func aLicenceCommentDoesNotMakeASheetC() throws {
        let sheet =
            "/* Theme: MIT licence */\n.a,\n.b {\n  color: red;\n}\n.c {\n  margin: 0;\n}\n"
        let found = try Classifier(registry: .builtinOnly).classify(
            bytes: Array(sheet.utf8),
            fileName: nil
        )
        #expect(found.type.identifier == Self.css, "\(found.detail)")
    }
}
