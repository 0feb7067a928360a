/// The declaration of one type: its identifier, what it conforms to, and its tags.
///
/// This is the content of one `UTExportedTypeDeclarations` or `UTImportedTypeDeclarations`
/// entry of an Info.plist, and of one row of the built-in table.
public struct TypeDeclaration: Sendable, Hashable {
    /// Whether the declaring party owns the type or describes someone else's.
    ///
    /// An exported declaration beats an imported one of the same identifier.
    public enum Standing: String, Sendable, Hashable {
        /// The declarer owns the type.
        case exported
        /// The declarer describes a type someone else owns.
        case imported
    }

    /// The type identifier, such as `public.mpeg-4`.
    public var identifier: String
    /// The identifiers of the types this one conforms to directly.
    public var conformsTo: [String]
    /// Filename extensions without the dot, preferred first.
    public var filenameExtensions: [String]
    /// MIME types, preferred first.
    public var mimeTypes: [String]
    /// A short description, like a file manager's "Kind" column.
    public var description: String?
    /// A URL that documents the format.
    public var referenceURL: String?
    /// The declaration's version.
    public var version: String?
    /// How to recognise the type by its content (`MTContentSignatures`), if the declaration
    /// says; see ``ContentSignature``.
    public var contentSignatures: [ContentSignature]
    /// Exported or imported.
    public var standing: Standing
    /// Where the declaration came from.
    public var source: TypeSource

    /// Creates a declaration.
    public init(
        identifier: String,
        conformsTo: [String] = [],
        filenameExtensions: [String] = [],
        mimeTypes: [String] = [],
        description: String? = nil,
        referenceURL: String? = nil,
        version: String? = nil,
        contentSignatures: [ContentSignature] = [],
        standing: Standing = .exported,
        source: TypeSource = .builtin
    ) {
        self.identifier = identifier
        self.conformsTo = conformsTo
        self.filenameExtensions = filenameExtensions
        self.mimeTypes = mimeTypes
        self.description = description
        self.referenceURL = referenceURL
        self.version = version
        self.contentSignatures = contentSignatures
        self.standing = standing
        self.source = source
    }
}

/// Where a type's declaration came from.
public enum TypeSource: Sendable, Hashable, CustomStringConvertible {
    /// Compiled into the package.
    case builtin
    /// A declaration file loaded at run time (the file's path).
    case declarationFile(String)
    /// The system's shared-mime-info database.
    case systemMIMEDatabase
    /// Not declared: a dynamic type made from its tags.
    case dynamic

    /// The stable name used in JSON output: `builtin`, `declarations`,
    /// `system-mime-database` or `dynamic`.
    public var description: String {
        switch self {
        case .builtin: "builtin"
        case .declarationFile: "declarations"
        case .systemMIMEDatabase: "system-mime-database"
        case .dynamic: "dynamic"
        }
    }
}
