/// Text formats with no signature that their structure tells: Wavefront OBJ models, ABC
/// music notation and XYZ molecules.
extension TextSniffer {
    /// The statements of the OBJ format (Wavefront's "Object Files (.obj)", Appendix B1 of
    /// the Advanced Visualizer manual) that files in the wild write.
    private static let objStatements: Set<String> = [
        "v", "vt", "vn", "vp", "f", "l", "p", "o", "g", "s", "mtllib", "usemtl", "cstype",
        "deg", "curv", "curv2", "surf", "parm", "end", "bmat", "step", "trim", "hole", "mg",
        "lod", "shadow_obj", "trace_obj",
    ]

    /// A Wavefront OBJ model: every line of the first 200 that is not blank or a `#`
    /// comment opens with an OBJ statement, at least three are vertices (`v` and three to
    /// seven numbers), and one is something else a model has (a face, a normal, a texture
    /// coordinate, an object or group name, a material).
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - complete: Whether `text` is the whole file: otherwise its last line may be cut
    ///     and is not read.
    /// - Returns: The evidence, or `nil`.
    static func wavefrontOBJEvidence(_ text: ArraySlice<UInt8>, complete: Bool) -> String? {
        // Most text fails on its first line: `v `, `#`, `o `, `g `, `mtllib ` open a model.
        var vertices = 0
        var others: Set<String> = []
        var valid = true
        let cut = complete ? text.endIndex : (text.lastIndex(of: 0x0A) ?? text.startIndex)
        forEachLine(of: text[..<cut], upTo: 200) { raw in
            let line = trimmingEnd(raw).drop(while: isSpace)
            guard let first = line.first, first != UInt8(ascii: "#") else { return true }
            let fields = line.split(whereSeparator: isSpace)
            let keyword = String(decoding: fields[0], as: UTF8.self)
            guard objStatements.contains(keyword) else {
                valid = false
                return false
            }
            if keyword == "v" {
                guard (4...8).contains(fields.count), fields.dropFirst().allSatisfy(isNumber)
                else {
                    valid = false
                    return false
                }
                vertices += 1
            } else {
                others.insert(keyword)
            }
            return true
        }
        guard valid, vertices >= 3, !others.isEmpty else { return nil }
        return "Wavefront OBJ: \(vertices) vertices, " + others.sorted().joined(separator: ", ")
    }

    /// A decimal number as OBJ and XYZ write one: digits, a sign, a point, an exponent.
    private static func isNumber(_ field: ArraySlice<UInt8>) -> Bool {
        !field.isEmpty
            && field.contains { (0x30...0x39).contains($0) }
            && field.allSatisfy {
                (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e")
                    || $0 == UInt8(ascii: "E")
            }
    }

    /// ABC music notation, by its version line or its first tune header.
    ///
    /// The ABC standard (2.1) lets a file open with a `%abc` version line; a tune header
    /// opens with its reference number (`X:` and digits) and ends with the key (`K:`), with
    /// a title (`T:`) between, each field at the start of a line. Blank lines and `%`
    /// comments may come first.
    static func abcNotationEvidence(_ text: ArraySlice<UInt8>) -> String? {
        if hasPrefix(text, "%abc") { return "%abc version line" }
        var sawReference = false
        var sawTitle = false
        var found: String?
        forEachLine(of: text, upTo: 200) { raw in
            let line = trimmingEnd(raw)
            if !sawReference {
                if line.isEmpty || line.first == UInt8(ascii: "%") { return true }
                guard line.starts(with: "X:".utf8) else { return false }
                let number = line.dropFirst(2).drop(while: isSpace)
                guard !number.isEmpty, number.allSatisfy({ (0x30...0x39).contains($0) }) else {
                    return false
                }
                sawReference = true
                return true
            }
            // Header fields are a letter and a colon; a blank line ends the header.
            guard line.count >= 2, line[line.startIndex + 1] == UInt8(ascii: ":"),
                let field = line.first,
                (0x41...0x5A).contains(field) || (0x61...0x7A).contains(field)
            else { return line.first == UInt8(ascii: "%") }
            if field == UInt8(ascii: "T") { sawTitle = true }
            if field == UInt8(ascii: "K") {
                if sawTitle { found = "ABC tune header X: ... T: ... K:" }
                return false
            }
            return true
        }
        return found
    }

    /// An XYZ molecule (the format Open Babel and most chemistry programs read): a first line
    /// holding the number of atoms alone, a comment line, then one line per atom, an element
    /// symbol (or atomic number) and three coordinates, as many as the count says (the first
    /// 200 are read; a cut file's last line is not).
    static func xyzMoleculeEvidence(_ text: ArraySlice<UInt8>, complete: Bool) -> String? {
        let cut = complete ? text.endIndex : (text.lastIndex(of: 0x0A) ?? text.startIndex)
        var lineNumber = 0
        var count = 0
        var atoms = 0
        var valid = true
        forEachLine(of: text[..<cut], upTo: 202) { raw in
            lineNumber += 1
            let line = trimmingEnd(raw).drop(while: isSpace)
            switch lineNumber {
            case 1:
                guard !line.isEmpty, line.count <= 8, line.allSatisfy(ByteFields.isASCIIDigit),
                    let value = Int(String(decoding: line, as: UTF8.self)), value > 0
                else {
                    valid = false
                    return false
                }
                count = value
                return true
            case 2:
                return true
            default:
                guard atoms < count else { return false }
                guard isAtomLine(line) else {
                    valid = false
                    return false
                }
                atoms += 1
                return true
            }
        }
        // Every atom the count promises, or every line of the first 200 an atom.
        guard valid, atoms > 0, atoms == min(count, 200) || !complete && atoms >= 3 else {
            return nil
        }
        return "XYZ molecule, \(count) atom(s), \(atoms) read"
    }

    /// The chemical elements' symbols, with `D` (deuterium) and `X` (a dummy atom), as XYZ
    /// writers name atoms.
    private static let elementSymbols: Set<String> = Set(
        ("H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge "
            + "As Se Br Kr Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd "
            + "Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn Fr Ra "
            + "Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr Rf Db Sg Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv "
            + "Ts Og D X").split(separator: " ").map(String.init)
    )

    /// An element symbol (`C`, `Cl`) or atomic number, then three numbers (extended XYZ may
    /// add more columns).
    private static func isAtomLine(_ line: ArraySlice<UInt8>) -> Bool {
        let fields = line.split(whereSeparator: isSpace)
        guard fields.count >= 4, let symbol = fields.first, symbol.count <= 3 else { return false }
        let isSymbol = elementSymbols.contains(String(decoding: symbol, as: UTF8.self))
        let isAtomicNumber = symbol.allSatisfy(ByteFields.isASCIIDigit)
        return (isSymbol || isAtomicNumber) && fields[1...3].allSatisfy(isNumber)
    }
}
