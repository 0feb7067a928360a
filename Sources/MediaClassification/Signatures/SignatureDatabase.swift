/// The signature tables: Apache Tika's MIME database and the project's additions, decoded
/// from the generated table, with an index for matching the head of a file against them.
///
/// Pure Swift over bytes: no file access, no Foundation; a value is immutable and shared
/// between tasks. ``builtin`` loads its matching tables at first use, from numbers the
/// generator laid out; its types (names, parents, globs, descriptions) are decoded from the
/// text table the first time something asks for them.
package struct SignatureDatabase: Sendable {
    /// One MIME type and what the database says about it.
    package struct TypeInfo: Sendable, Hashable {
        /// The canonical MIME type, lower-cased (Tika's spelling, parameters kept:
        /// `application/dita+xml;format=map`).
        package var mimeType: String
        /// Other spellings of the type.
        package var aliases: [String]
        /// The types it is a kind of (Tika's `sub-class-of`), as written.
        package var parents: [String]
        /// The file-name patterns of the type.
        package var globs: [Glob]
        /// A short name (`CBOR`), if any.
        package var acronym: String?
        /// Tika's uniform type identifier for the type (`com.sun.java-archive`), if any.
        package var uniformTypeIdentifier: String?
        /// Tika's description (its first `_comment`), if any.
        package var comment: String?
        /// Where the type was first declared.
        package var source: SignatureMatch.Source
    }

    /// A file-name pattern.
    package struct Glob: Sendable, Hashable {
        /// The pattern: a shell glob such as `*.tar.gz` or `Makefile`, or, when ``isRegex``,
        /// a Java regular expression over the whole name.
        package var pattern: String
        /// Whether ``pattern`` is a regular expression (Tika's `isregex="true"`).
        package var isRegex: Bool
        /// The weight, as shared-mime-info's: Tika writes none, so 50.
        package var weight: Int
        /// Where the pattern comes from.
        package var source: SignatureMatch.Source
    }

    /// Every type, in the order of the signature files.
    package var types: [TypeInfo] { descriptions.typeList }
    /// Lines of the table that could not be read (0 for the built-in table).
    package internal(set) var malformedLineCount = 0

    /// How many tests of the magic rules can never match, because they use what the engine
    /// does not support (a regular expression outside ``SignatureRegex``'s subset, an
    /// unknown match type): such a test fails rather than matching something else.
    package var unsupportedTestCount: Int {
        matchlets.reduce(0) { count, matchlet in
            let never =
                matchlet.kind == .never || (matchlet.kind == .regex && regex(matchlet.regex) == nil)
            return count + (never ? 1 : 0)
        }
    }

    /// The types, decoded from a text table (empty for ``builtin``: see ``descriptions``).
    var typeList: [TypeInfo] = []
    /// Type indices by lower-cased MIME type and alias.
    var indexByName: [String: Int] = [:]
    /// Each type's ancestors (transitive parents, implied ones included), as type indices.
    var ancestorList: [[Int32]] = []
    /// Each type's ancestors.
    var ancestors: [[Int32]] { isBuiltin ? Self.builtinTypeTables.ancestors : ancestorList }
    /// Whether this is ``builtin``, whose types are decoded on demand.
    var isBuiltin = false
    /// For ``builtin``: where each type's name starts in ``builtinTypeNames``, and its end.
    var typeNameOffsets: [Int32] = []
    /// For ``builtin``: its regular expressions, compiled when first needed (``regexes`` is
    /// empty).
    var regexCache: SignatureRegexCache?
    /// For ``builtin``: by ``Matchlet/regex``, the bytes a match of a test at one offset can
    /// begin with, when the generator worked them out; a byte outside fails the test without
    /// compiling the pattern.
    var regexQuickSets: [SignatureByteSet?] = []

    // Matching tables (see SignatureDatabase+Matching.swift).
    var matchlets: [Matchlet] = []
    var childIndices: [Int32] = []
    var valueBytes: [UInt8] = []
    var regexes: [SignatureRegex?] = []
    var rules: [MagicRule] = []
    /// Rules whose first test is a fixed string at offset 0, by the first byte it needs.
    var rulesByFirstByte: [[Int32]] = Array(repeating: [], count: 256)
    /// The other rules, with a quick test where one can be had.
    var otherRules: [Int32] = []
    var xmlRules: [XMLRule] = []
    /// The `root-XML` rules by the MIME type they name, for the name rules' question whether
    /// a root element can be of a type.
    var xmlRulesByMIMEType: [String: [XMLRule]] = [:]
    /// The file-name patterns, indexed.
    var globIndex = SignatureGlobIndex()
    /// The file-name patterns, indexed.
    var globs: SignatureGlobIndex { descriptions.globIndex }

    /// The built-in database: Tika's and the project's signatures, compiled into the binary
    /// (Sources/MediaClassification/Signatures/SignatureData.swift), loaded at first use.
    package static let builtin = SignatureDatabase(builtinTables: builtinMatchingTables)

    /// The built-in table decoded from its text: what ``builtin`` answers about types.
    static let builtinDescriptions = SignatureDatabase(descriptionsOf: builtinTable)

    /// The database that holds this one's types: itself, or for ``builtin`` the text table's
    /// decoding, made the first time it is needed.
    var descriptions: SignatureDatabase {
        isBuiltin ? Self.builtinDescriptions : self
    }

    /// The type of a MIME type or alias (compared case-insensitively), if the database has it.
    ///
    /// - Parameter mimeType: A MIME type or alias.
    /// - Returns: The type's entry, or nil.
    package func type(named mimeType: String) -> TypeInfo? {
        guard let index = index(of: mimeType) else { return nil }
        // The built-in database decodes the one type rather than all of them.
        return isBuiltin ? Self.builtinTypeTables.typeInfo(index) : typeList[index]
    }

    /// The canonical spelling of a MIME type or alias, if the database has it.
    ///
    /// - Parameter mimeType: A MIME type or alias.
    /// - Returns: The canonical MIME type, or nil.
    package func canonicalMIMEType(for mimeType: String) -> String? {
        index(of: mimeType).map { self.mimeType(ofType: $0) }
    }

    func index(of mimeType: String) -> Int? {
        let name = signatureLowercased(mimeType)
        return isBuiltin ? Self.builtinTypeTables.index(of: name) : indexByName[name]
    }

    /// Every type `mimeType` is a kind of, transitively, without itself, nearest first.
    ///
    /// Besides the declared parents, a type with none is taken as Tika's registry takes it:
    /// a `+xml` subtype is a kind of `application/xml`, a `+zip` one of `application/zip`,
    /// and any other `text/*` type a kind of `text/plain`.
    /// - Parameter mimeType: A MIME type or alias.
    /// - Returns: The canonical MIME types of its ancestors; empty for an unknown type.
    package func supertypes(of mimeType: String) -> [String] {
        guard let type = index(of: mimeType) else { return [] }
        return ancestors[type].map { self.mimeType(ofType: Int($0)) }
    }

    /// Whether `mimeType` is `ancestor` or a kind of it, by the database's parents.
    ///
    /// - Parameters:
    ///   - mimeType: A MIME type or alias.
    ///   - ancestor: Another.
    /// - Returns: True when they name one type or `ancestor` is among the supertypes.
    package func conforms(_ mimeType: String, to ancestor: String) -> Bool {
        guard let type = index(of: mimeType), let other = index(of: ancestor) else {
            return signatureLowercased(mimeType) == signatureLowercased(ancestor)
        }
        return type == other || ancestors[type].contains(Int32(other))
    }

    /// Several lists of matches as one, strongest first, one match a type.
    ///
    /// As ``SignatureMatch/merged(_:)``, but two MIME types the database calls one (an alias
    /// and its type: the system database's `audio/x-wav` and Tika's `audio/vnd.wave`) count
    /// as one type. The match kept keeps its own spelling.
    ///
    /// - Parameter lists: The lists to merge, in the order of trust.
    /// - Returns: The merged list.
    package func merged(_ lists: [[SignatureMatch]]) -> [SignatureMatch] {
        var all: [SignatureMatch] = []
        for list in lists { all += list }
        return SignatureMatch.sortedUnique(all) { mimeType in
            canonicalMIMEType(for: mimeType) ?? signatureLowercased(mimeType)
        }
    }

    /// `matches` without those whose type is a supertype of another match's type: a match of
    /// a subtype refines one of its supertype (`application/zip` and
    /// `application/vnd.oasis.opendocument.text` leave the second).
    ///
    /// Only the database's parents are followed; a match of a type it does not know is kept.
    /// The order of the remaining matches is kept.
    /// - Parameter matches: Matches, as ``matches(_:fileSize:)`` returns them.
    /// - Returns: The matches that no other match refines.
    package func removingSupertypes(_ matches: [SignatureMatch]) -> [SignatureMatch] {
        guard matches.count > 1 else { return matches }
        let indices = matches.map { index(of: $0.mimeType) }
        var refined = Array(repeating: false, count: matches.count)
        for (position, index) in indices.enumerated() {
            guard let index else { continue }
            for ancestor in ancestors[index] {
                for (other, otherIndex) in indices.enumerated()
                where otherIndex == Int(ancestor) && other != position {
                    refined[other] = true
                }
            }
        }
        return matches.indices.filter { !refined[$0] }.map { matches[$0] }
    }
}
