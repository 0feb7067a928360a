// Placeholder until the declaration-file reader lands.

/// Reads type declarations from Info.plist-style files (placeholder).
public enum DeclarationFile {
    /// Loads the declarations of a file.
    public static func load(path: String) throws(TypeDeclarationError) -> [TypeDeclaration] {
        throw TypeDeclarationError(file: path, reason: .unreadable("not supported yet"))
    }
}
