extension TypeRegistry {
    /// The declared types that give content signatures (`MTContentSignatures`), with them.
    ///
    /// Only declarations loaded from files can give any; the built-in table has none, so a
    /// registry without loaded declarations answers at once.
    package var typesWithContentSignatures: [(type: UTType, signatures: [ContentSignature])] {
        guard case .list(let declarations) = store else { return [] }
        var result: [(type: UTType, signatures: [ContentSignature])] = []
        for (index, declaration) in declarations.enumerated()
        where !declaration.contentSignatures.isEmpty {
            result.append((UTType(registry: self, index: index), declaration.contentSignatures))
        }
        return result
    }
}
