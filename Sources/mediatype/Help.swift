/// The help texts, in swift-argument-parser's layout.
enum Help {
    static let global = """
        OPTIONS (every command):
          --json                  Print one JSON array.
          --ndjson                Print one JSON object a line, as results come.
          --declarations FILE     Load type declarations (Info.plist XML or binary, or JSON);
                                  repeatable.
          --no-system-mime-database
                                  Ignore the system's shared-mime-info database.
          -h, --help              Show help.

        EXIT STATUS:
          0 yes / ok, 1 no (rejected, does not conform, unknown type), 2 a path could not be
          read (wins over 1), 64 bad command line.

        """

    static let overview = """
        OVERVIEW: Tell what a file is, by its content, as a Uniform Type Identifier, and whether
        an allowed set of types takes it.

        USAGE: mediatype <subcommand> [options] ...

        SUBCOMMANDS:
          classify                Classify files by their content.
          accepts                 Decide whether an allowed set takes files.
          info                    Show a type's identifier, parents, supertypes and tags.
          conforms                Ask whether one type conforms to another.
          types                   List the declared types.
          tree                    Draw the type hierarchy below a type.
          import                  Move files into a media library, checked by content.

          See 'mediatype <subcommand> --help' for details.

        """

    static let commands: [String: String] = [
        "classify": """
        OVERVIEW: Classify files by their content.

        USAGE: mediatype classify [--json|--ndjson] [-r] [--files-from <file>] [-0]
                                  [--jobs <n>] [--no-follow] <path> ...

        ARGUMENTS:
          <path>                  Files to classify. Use -- before a path that starts with -.

        OPTIONS:
          -r, --recursive         Classify the files in folders, and in their subfolders.
          --files-from <file>     Read paths from a file, one a line ('-': standard input).
          -0, --null              The list is NUL-separated.
          -j, --jobs <n>          How many files to classify at once (default: the number of
                                  processors). Results keep the input order.
          --unordered             Print each result as soon as it is ready, in any order.
          --no-follow             Report a symbolic link as public.symlink instead of
                                  classifying what it points at.

        EXAMPLES:
          mediatype classify clip.mp4
          mediatype classify --json Fixtures/*

        """,
        "accepts": """
        OVERVIEW: Decide whether an allowed set of types takes each file, and say why.

        USAGE: mediatype accepts --allow <list> [--policy content|extension|both]
                                 [--json|--ndjson] <path> ...

        OPTIONS:
          --allow <list>          Allowed types: identifiers (public.movie), classic names
                                  (kUTTypeMovie), MIME types (video/mp4), patterns (video/*,
                                  */*), extensions (.pdf), or an HTML accept string
                                  ('image/*,.pdf'). Repeatable.
          --policy <policy>       content (default): by what the bytes are; extension: by the
                                  name alone; both: the content must be allowed and the name
                                  must agree with it.
          -r, --recursive, --files-from <file>, -0, -j <n>, --unordered
                                  As for 'classify'.

        Exit 0 only when every path is accepted.

        """,
        "info": """
        OVERVIEW: Show a type: identifier, parents, supertypes, tags, description, source.

        USAGE: mediatype info [--json|--ndjson] <type> ...

        ARGUMENTS:
          <type>                  An identifier (public.mpeg-4), .ext, a MIME type, or a
                                  classic name (kUTTypeMovie).

        """,
        "conforms": """
        OVERVIEW: Ask whether a type conforms to another; exit 0 yes, 1 no.

        USAGE: mediatype conforms [--json] <type> <supertype>

        """,
        "types": """
        OVERVIEW: List the declared types.

        USAGE: mediatype types [--json|--ndjson] [--conforming-to <type>]

        """,
        "import": """
        OVERVIEW: Move files into a media library folder, only when their content is an
        allowed type; the source is removed only once the library's copy is safe.

        USAGE: mediatype import --into <dir> [--allow <list>] [--layout flat|by-family]
                                [--dry-run] [--json|--ndjson] <path> ...

        OPTIONS:
          --into <dir>            The library folder (made if missing).
          --allow <list>          Allowed types, as for 'accepts'; images and movies by default.
          --layout <layout>       flat (default) or by-family (Images/, Movies/, Audio/, Other/).
          --dry-run               Say what would happen; move nothing.

        A name that exists gets a suffix ('clip 2.mov'); an extension that lies about the
        content is corrected ('clip.jpg' holding a movie lands as 'clip.mov'). A journal in the
        library lets a run interrupted at any moment be finished by the next one.
        Exit 0 when all were imported (or already there), 1 when some were rejected, 2 on errors.

        """,
        "tree": """
        OVERVIEW: Draw the hierarchy below a type (all roots when none is given). A type with
        several parents shows under each, marked.

        USAGE: mediatype tree [<type>]

        """,
    ]

    static func text(for command: String?) -> String {
        if let command, let text = commands[command] { return text + "\n" + global }
        return overview + global
    }

    static func usage(for command: String?) -> String {
        if let command, let text = commands[command] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var usage: [Substring] = []
            for line in lines.drop(while: { !$0.hasPrefix("USAGE:") }) {
                if line.isEmpty { break }
                usage.append(line)
            }
            return usage.joined(separator: "\n") + "\n  See 'mediatype \(command) --help'.\n"
        }
        return "USAGE: mediatype <subcommand> [options] ...\n  See 'mediatype --help'.\n"
    }
}
