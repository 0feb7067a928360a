import MediaClassification

/// `classify --properties`: the media properties as a text summary and as JSON's `media`.
extension Runner {
    /// `media`: null when nothing is known, else the properties the file states (an absent
    /// one is left out, never null).
    static func mediaJSON(_ properties: MediaProperties?) -> JSON {
        guard let properties, !properties.isEmpty else { return .null }
        var members: [(String, JSON)] = []
        func add(_ key: String, _ value: Int?) {
            if let value { members.append((key, .number(value))) }
        }
        func add(_ key: String, _ value: Double?) {
            if let value, value.isFinite { members.append((key, .decimal(value))) }
        }
        func add(_ key: String, _ value: String?) {
            if let value { members.append((key, .string(value))) }
        }
        add("pixelWidth", properties.pixelWidth)
        add("pixelHeight", properties.pixelHeight)
        add("displayWidth", properties.displayWidth)
        add("displayHeight", properties.displayHeight)
        add("rotation", properties.rotation)
        add("orientation", properties.orientation?.rawValue)
        add("bitDepth", properties.bitDepth)
        add("colorModel", properties.colorModel?.rawValue)
        add("duration", properties.duration)
        add("frameRate", properties.frameRate)
        add("transfer", properties.transfer)
        add("videoCodec", properties.videoCodec)
        add("audioCodec", properties.audioCodec)
        add("sampleRate", properties.sampleRate)
        add("channels", properties.channels)
        add("audioBitDepth", properties.audioBitDepth)
        add("videoTrackCount", properties.videoTrackCount)
        add("audioTrackCount", properties.audioTrackCount)
        add("frameCount", properties.frameCount)
        add("loopCount", properties.loopCount)
        return .object(members)
    }

    /// The text summary after the answer: ` [1920x1080 avc1.64001F 29.97 fps 12.4 s]`,
    /// ` [44100 Hz 2 ch mp4a.40.2 3.2 s]`; empty when nothing is known.
    static func propertiesSummary(_ properties: MediaProperties?) -> String {
        guard let properties, !properties.isEmpty else { return "" }
        var words: [String] = []
        if let width = properties.displayWidth, let height = properties.displayHeight {
            words.append("\(width)x\(height)")
        }
        if let rotation = properties.rotation, rotation != 0 {
            words.append("rotated \(rotation)°")
        }
        if let codec = properties.videoCodec { words.append(codec) }
        if let rate = properties.frameRate, rate.isFinite {
            words.append("\(decimal(rate, places: 2)) fps")
        }
        if let transfer = properties.transfer { words.append("HDR \(transfer)") }
        if let frames = properties.frameCount, frames > 1 { words.append("\(frames) frames") }
        if let rate = properties.sampleRate { words.append("\(rate) Hz") }
        if let channels = properties.channels { words.append("\(channels) ch") }
        if let codec = properties.audioCodec { words.append(codec) }
        if let duration = properties.duration, duration.isFinite {
            words.append("\(decimal(duration, places: 3)) s")
        }
        return words.isEmpty ? "" : " [" + words.joined(separator: " ") + "]"
    }

    /// A number with at most `places` decimals, without trailing zeros (`29.97`, `12.4`, `30`).
    static func decimal(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        guard abs(rounded) < 1e15 else { return String(value) }
        let whole = Int(rounded.rounded(.towardZero))
        var fraction = Int((abs(rounded - Double(whole)) * scale).rounded())
        guard fraction > 0 else { return String(whole) }
        var digits = places
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        let sign = rounded < 0 && whole == 0 ? "-" : ""
        return sign + String(whole) + "." + String(repeating: "0", count: digits - text.count)
            + text
    }
}
