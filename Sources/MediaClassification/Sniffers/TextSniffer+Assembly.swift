// Assembly source as compilers emit it and people write it: GNU as (`gcc -S`), with its
// tab-indented directives and labels, and MASM/TASM with their `.model` and segment directives.
// Its labels and indented lines look like a makefile's rules and recipes (`.LC0:` then a tab
// and `.string`), so it is read first.

extension TextSniffer {
    /// The directives of GNU as and MASM that open a line of assembly source.
    private static let assemblyDirectives: Set<String> = [
        ".file", ".text", ".data", ".bss", ".section", ".globl", ".global", ".type", ".size",
        ".string", ".asciz", ".ascii", ".ident", ".align", ".p2align", ".balign", ".long",
        ".quad", ".word", ".short", ".byte", ".zero", ".space", ".comm", ".lcomm", ".local",
        ".weak", ".hidden", ".loc", ".cfi_startproc", ".cfi_endproc", ".cfi_def_cfa_offset",
        ".cfi_offset", ".cfi_def_cfa", ".cfi_def_cfa_register", ".intel_syntax", ".att_syntax",
        ".code16", ".code32", ".code64", ".arch", ".syntax", ".thumb", ".arm", ".fpu",
        ".eabi_attribute", ".option", ".attribute", ".set", ".equ", ".macro", ".endm",
        ".include", ".org", ".model", ".stack", ".code", ".const", ".386", ".486", ".586",
        ".686", ".mmx", ".xmm", ".radix",
    ]

    /// Assembly source: among the first 100 lines, three different assembler directives
    /// (`.text`, `.globl main`, `.type main, @function`, `.model small`), each opening a line
    /// at the margin or after indentation, and directives on a quarter or more of the lines
    /// that are not blank, comments or labels.
    static func assemblyEvidence(_ text: ArraySlice<UInt8>) -> String? {
        var found: Set<String> = []
        var directives = 0
        var statements = 0
        forEachLine(of: text, upTo: 100) { line in
            let body = line.drop { $0 == 0x20 || $0 == 0x09 }
            guard let first = body.first, first != UInt8(ascii: "#"), first != UInt8(ascii: ";"),
                first != UInt8(ascii: "/"), first != 0x0D
            else { return true }
            let word = body.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
            if word.last == UInt8(ascii: ":"), word.count == body.count { return true }
            statements += 1
            // A directive opens with a dot: the word becomes a string only then.
            guard first == UInt8(ascii: ".") else { return true }
            let name = String(decoding: word, as: UTF8.self).lowercased()
            if assemblyDirectives.contains(name) {
                directives += 1
                found.insert(name)
            }
            return true
        }
        guard found.count >= 3, directives * 4 >= statements else { return nil }
        return "assembler directives " + found.sorted().prefix(4).joined(separator: ", ")
    }
}
