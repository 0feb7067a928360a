package import UniformTypes

extension MediaProperties {
    /// Reads the properties of a file of a known type, within a bounded number of reads.
    ///
    /// The parser is chosen by the type (an image, or audiovisual content) and the container
    /// signature at the start of the bytes. Returns `nil` when no parser knows the format, or
    /// when the headers are truncated or contradict themselves so that nothing can be stated.
    /// - Parameters:
    ///   - input: The file's head, size and bounded reader.
    ///   - type: The type the classifier decided.
    /// - Returns: The properties the file states, or `nil`.
    package static func read(_ input: SniffInput, type: UTType) -> MediaProperties? {
        if type.conforms(to: .image) { return read(input, image: true) }
        if type.conforms(to: .audiovisualContent) { return read(input, image: false) }
        return nil
    }
}
