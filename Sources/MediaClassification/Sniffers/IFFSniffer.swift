/// Sniffs EA IFF files that hold audio: AIFF, AIFF-C and MAUD.
package enum IFFSniffer {
    /// Classifies a `FORM` file by its form type.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: AIFF, AIFF-C or MAUD audio, or `nil` for any other form (8SVX is left to
    ///   the signatures, which all call it AIFF).
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard MediaBytes.fourCC(head, 0) == "FORM", let form = MediaBytes.fourCC(head, 8) else {
            return nil
        }
        if head.count >= 16, !MediaBytes.isPrintableFourCC(head, 12) {
            return nil
        }
        switch form {
        case "AIFF":
            return SniffResult("public.aiff-audio", detail: "IFF FORM AIFF")
        case "AIFC":
            return SniffResult("public.aifc-audio", detail: "IFF FORM AIFC")
        // MacroSystem's MAUD (Toccata and Maestro cards; SoX and ffmpeg read it): its
        // header chunk MHDR comes first.
        case "MAUD" where MediaBytes.fourCC(head, 12) == "MHDR":
            return SniffResult("com.macrosystem.maud-audio", detail: "IFF FORM MAUD, MHDR")
        default:
            return nil
        }
    }
}
