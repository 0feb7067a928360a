/// Sniffs EA IFF files that hold audio: AIFF and AIFF-C.
package enum IFFSniffer {
    /// Classifies a `FORM` file by its form type.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: AIFF or AIFF-C audio, or `nil` for any other form.
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
        default:
            return nil
        }
    }
}
