import MediaClassification
import Testing
import UniformTypes

/// Text and XML formats of shared-mime-info's own detection tests that its 2.2 release and
/// Tika do not know, each in the opening its tools write, and the lookalikes each rule must
/// leave alone.
@Suite struct DesktopTestFormatsTests {
    let classifier = Classifier(registry: .builtinOnly)

    static let cases: [(text: String, identifier: String)] = [
        (
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" tiledversion=\"1.10.0\""
                + " orientation=\"orthogonal\" width=\"4\" height=\"4\">\n <layer id=\"1\"/>\n</map>\n",
            "org.mapeditor.tiled-map"
        ),
        (
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tileset version=\"1.10\" name=\"t\""
                + " tilewidth=\"16\" tileheight=\"16\" tilecount=\"4\" columns=\"2\">\n</tileset>\n",
            "org.mapeditor.tiled-tileset"
        ),
        (
            "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJzkstsdYDEnh9fJ1TDAASP1VTJ3jZuHgFPL5Yy32IBc"
                + " user@host\n",
            "org.openssh.public-key"
        ),
        (
            "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBE9v me\n",
            "org.openssh.public-key"
        ),
        (
            "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ==\n"
                + "-----END OPENSSH PRIVATE KEY-----\n",
            "org.openssh.private-key"
        ),
        ("@startuml\nAlice -> Bob: hello\n@enduml\n", "com.plantuml.diagram"),
        ("@startgantt\n[Task] lasts 5 days\n@endgantt\n", "com.plantuml.diagram"),
        (
            "SPDXVersion: SPDX-2.3\nDataLicense: CC0-1.0\nSPDXID: SPDXRef-DOCUMENT\n",
            "org.spdx.tag-value"
        ),
        (
            "<html>\n<head>\n<title>Tool</title>\n<HTA:APPLICATION ID=\"tool\" BORDER=\"thin\">\n"
                + "</head>\n<body>Hello</body>\n</html>\n",
            "com.microsoft.html-application"
        ),
        (
            "<PUBLIC:COMPONENT>\n<PUBLIC:ATTACH EVENT=\"onclick\" HANDLER=\"go\" />\n"
                + "<SCRIPT>function go() {}</SCRIPT>\n</PUBLIC:COMPONENT>\n",
            "com.microsoft.html-component"
        ),
        (
            "# Microsoft Developer Studio Project File - Name=\"hello\" - Package Owner=<4>\n"
                + "# Microsoft Developer Studio Generated Build File, Format Version 6.00\n",
            "com.microsoft.visual-cpp-6-project"
        ),
        (
            "Microsoft Developer Studio Workspace File, Format Version 6.00\n"
                + "# WARNING: DO NOT EDIT OR DELETE THIS WORKSPACE FILE!\n",
            "com.microsoft.visual-cpp-6-workspace"
        ),
        (
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<AppInstaller\n\tUri=\"http://x/a.appinstaller\""
                + "\n\tVersion=\"1.0.0.0\"\n\txmlns=\"http://schemas.microsoft.com/appx/appinstaller/2018\">"
                + "\n</AppInstaller>\n",
            "com.microsoft.appinstaller"
        ),
        (
            "{\n  \"log\": {\n    \"version\": \"1.2\",\n    \"creator\": {\"name\": \"curl\","
                + " \"version\": \"8\"},\n    \"entries\": []\n  }\n}\n",
            "org.w3.har"
        ),
        ("using Gtk 4.0;\nusing Adw 1;\n\nBox {\n  Label label {}\n}\n", "org.gnome.blueprint"),
        ("# syntax=docker/dockerfile:1\nFROM scratch\n", "com.docker.dockerfile"),
        ("#syntax = docker.io/docker/dockerfile:1.7\nFROM alpine:3\n", "com.docker.dockerfile"),
    ]

    @Test(arguments: cases)
    func eachIsToldByItsContent(text: String, identifier: String) throws {
        let (found, note) = try classifier.classify(text: text)
        #expect(found == identifier, note)
    }

    @Test(arguments: [
        // A DITA map (no Tiled attributes) and an HTML image map are no Tiled map.
        (
            "<?xml version=\"1.0\"?>\n<map title=\"Guide\">\n<topicref href=\"a.dita\"/>\n</map>\n",
            "org.mapeditor.tiled-map"
        ),
        (
            "<map version=\"2\" name=\"nav\" orientation=\"up\">\n  <area shape=\"rect\""
                + " href=\"a.html\">\n</map>\n",
            "org.mapeditor.tiled-map"
        ),
        // A key type without the base64 of a key, prose that names a key type.
        ("ssh-rsa is the oldest key type OpenSSH accepts.\n", "org.openssh.public-key"),
        // JSON whose first member is log, with no creator: no HTTP archive.
        ("{\"log\": {\"level\": \"debug\", \"entries\": []}}\n", "org.w3.har"),
        // The directive alone, or another frontend's, is no Dockerfile.
        ("# syntax=docker/dockerfile:1\nRUN make\n", "com.docker.dockerfile"),
        ("# syntax=example.org/frontend:1\nFROM scratch\n", "com.docker.dockerfile"),
        // C# or Swift files open with using directives too, never of Gtk 4.0 with a semicolon.
        ("using System;\nusing Gtk;\n\nclass A {}\n", "org.gnome.blueprint"),
        // An email quoting a diagram's first line mid-text.
        ("See the diagram below.\n@startuml\nA -> B\n@enduml\n", "com.plantuml.diagram"),
    ])
    func lookalikesAreNot(text: String, identifier: String) throws {
        let (found, note) = try classifier.classify(text: text)
        #expect(found != identifier, note)
    }
}
