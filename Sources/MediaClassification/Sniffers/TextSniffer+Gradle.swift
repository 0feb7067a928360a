// Gradle build scripts, in Groovy (`build.gradle`) or Kotlin (`build.gradle.kts`): a handful
// of configuration blocks at the margin (`plugins {`, `repositories {`, `dependencies {`) and
// the dependency declarations inside them (`implementation 'group:name:1.0'`,
// `testImplementation("group:name:1.0")`). Without its name such a script was plain text.

extension TextSniffer {
    /// What makes text a Gradle build script.
    ///
    /// A block Gradle's scripts open at the margin (`plugins {`, `repositories {`,
    /// `dependencies {`, `buildscript {`, `allprojects {`, `subprojects {`, `android {`) counts
    /// once per kind; a dependency declaration (`implementation`, `api`, `compileOnly`,
    /// `runtimeOnly`, `testImplementation`, ... followed by a quoted `group:name` coordinate),
    /// a plugin (`id 'java'`, `id("java")`, `apply plugin:`) and a repository
    /// (`mavenCentral()`, `google()`) count twice each; four weights are needed, a dependency
    /// or a plugin among them. A line ending in `;` stops the reading.
    static func gradleEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text opens none of Gradle's blocks.
        guard
            lines.contains(where: { line in gradleBlocks.contains { line.elementsEqual($0.utf8) } })
        else { return nil }
        return weigh(
            lines,
            needed: 4,
            anyOf: ["a dependency", "a plugin"],
            rulesOut: { $0.last == UInt8(ascii: ";") },
            rules: [
                LineRule(
                    "a block",
                    1,
                    { line in gradleBlocks.contains { line.elementsEqual($0.utf8) } }
                ),
                LineRule("a dependency", 2, { gradleDependency($0.drop(while: isSpace)) }),
                LineRule(
                    "a plugin",
                    2,
                    { line in
                        startsIndentedWithAny(
                            line,
                            ["id '", "id \"", "id(\"", "apply plugin:", "kotlin(\""]
                        )
                    }
                ),
                LineRule(
                    "a repository",
                    2,
                    { isAlone($0, gradleRepositories) }
                ),
            ]
        )
    }

    /// `implementation 'g:n:v'`, `testImplementation("g:n:v")`: a configuration, then a quoted
    /// coordinate with a `:`.
    private static func gradleDependency(_ body: ArraySlice<UInt8>) -> Bool {
        guard let configuration = gradleConfigurations.first(where: { hasPrefix(body, $0) })
        else { return false }
        let rest = body.dropFirst(configuration.utf8.count)
        let value = rest.drop { $0 == 0x20 || $0 == UInt8(ascii: "(") }
        guard value.startIndex > rest.startIndex,
            let quote = value.first, quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"")
        else { return false }
        let coordinate = value.dropFirst().prefix { $0 != quote }
        return coordinate.contains(UInt8(ascii: ":"))
    }

    private static let gradleBlocks = [
        "plugins {", "repositories {", "dependencies {", "buildscript {", "allprojects {",
        "subprojects {", "android {",
    ]

    private static let gradleRepositories = [
        "mavenCentral()", "google()", "mavenLocal()", "gradlePluginPortal()",
    ]

    private static let gradleConfigurations = [
        "implementation", "api", "compileOnly", "runtimeOnly", "testImplementation",
        "testRuntimeOnly", "androidTestImplementation", "annotationProcessor", "kapt",
        "classpath", "compile", "testCompile",
    ]
}
