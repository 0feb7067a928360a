// Meson build files: calls of Meson's functions with single-quoted strings, which CMake, whose
// commands look alike (`project(...)`), never writes; read before CMake.

extension TextSniffer {
    /// Meson's functions whose first argument is a string (the target's, the dependency's or
    /// the folder's name).
    private static let mesonCalls = [
        "executable('", "library('", "shared_library('", "static_library('", "dependency('",
        "subdir('", "import('", "files('", "find_program('", "configure_file(",
        "install_headers(", "add_project_arguments(", "add_global_arguments(", "test('",
        "declare_dependency(", "custom_target('", "get_option('", "option('",
    ]

    /// The same calls as an assignment's value (`gnome = import('gnome')`).
    private static let mesonAssignedCalls = mesonCalls.map { " = " + $0 }

    /// What makes text a Meson build file.
    ///
    /// `#` comments aside: `project('name'` at the margin (counted twice), a call of one of
    /// Meson's functions (`executable('app', ...)`, `dependency('glib-2.0')`, an assignment's
    /// value too: `gnome = import('gnome')`), `meson.` objects, and `foreach item : list`
    /// with its bare `endforeach`; three in all, the project or a call among them. A line
    /// ending in `;` or `{` rules Meson out.
    static func mesonEvidence(_ lines: [ArraySlice<UInt8>]) -> String? {
        // Most text has no single-quoted call at all.
        guard lines.contains(where: { contains($0, "('") }) else { return nil }
        let code = lines.filter { $0.drop(while: isSpace).first != UInt8(ascii: "#") }
        return weigh(
            code,
            needed: 3,
            anyOf: ["a project", "a call"],
            rulesOut: { $0.last == UInt8(ascii: ";") || $0.last == UInt8(ascii: "{") },
            rules: [
                LineRule("a project", 2, { hasPrefix($0, "project('") }),
                LineRule(
                    "a call",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return mesonCalls.contains { hasPrefix(body, $0) }
                            || mesonAssignedCalls.contains { contains(body, $0) }
                    }
                ),
                LineRule("meson", 1, { contains($0, "meson.") }),
                LineRule(
                    "foreach",
                    1,
                    { line in
                        let body = line.drop(while: isSpace)
                        return (hasPrefix(body, "foreach ") && contains(body, " : "))
                            || body.elementsEqual("endforeach".utf8)
                    }
                ),
            ]
        )
    }
}
