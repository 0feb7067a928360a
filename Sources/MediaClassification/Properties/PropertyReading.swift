extension MediaProperties {
    /// Reads the properties of an image, or of audio or video, within a bounded number of
    /// reads; nil when no reader knows the format or the headers state nothing.
    ///
    /// - Parameters:
    ///   - input: The file's head, size and bounded reader.
    ///   - image: True to read the input as an image, false as audio or video.
    /// - Returns: The properties the file states, or `nil`.
    package static func read(_ input: SniffInput, image: Bool) -> MediaProperties? {
        var source = PropertySource(input)
        let found = image ? ImageProperties.read(&source) : AudiovisualProperties.read(&source)
        guard let found, !found.isEmpty else { return nil }
        return found
    }

    /// Whether no value is impossible.
    ///
    /// Sizes, rates and counts must be positive, the rotation a quarter turn, times finite,
    /// the transfer one of the names ``MediaProperties/transfer`` lists.
    /// The fuzz target and the tests hold every reader to it.
    package var isPlausible: Bool {
        func positive(_ value: Int?) -> Bool { value.map { $0 > 0 } ?? true }
        func finite(_ value: Double?, above minimum: Double) -> Bool {
            value.map { $0.isFinite && $0 >= minimum } ?? true
        }
        return positive(pixelWidth) && positive(pixelHeight) && positive(channels)
            && positive(sampleRate) && positive(frameCount) && positive(bitDepth)
            && positive(audioBitDepth) && (rotation.map { [0, 90, 180, 270].contains($0) } ?? true)
            && finite(duration, above: 0) && finite(frameRate, above: .leastNonzeroMagnitude)
            && (videoTrackCount ?? 0) >= 0 && (audioTrackCount ?? 0) >= 0
            && (loopCount ?? 0) >= 0 && (transfer.map { ["pq", "hlg"].contains($0) } ?? true)
    }
}

/// Reads the bytes with every properties reader, whole and through a short head (see
/// `fuzzInputs`), and checks that what they state is plausible.
///
/// - Parameter bytes: The input.
/// - Returns: Whether every answer was plausible.
package func fuzzProperties(_ bytes: [UInt8]) -> Bool {
    var plausible = true
    for input in fuzzInputs(bytes) {
        for image in [true, false] {
            if let found = MediaProperties.read(input, image: image), !found.isPlausible {
                plausible = false
            }
        }
    }
    return plausible
}
