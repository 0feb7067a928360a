/// JSON documents whose top-level members name a dialect: GeoJSON (RFC 7946), Jupyter
/// notebooks (nbformat), JSON-LD (W3C) and glTF 2.0 models (Khronos). Only the outermost
/// object's members count, so that a GeoJSON geometry nested in another document leaves that
/// document plain JSON.
extension TextSniffer {
    /// The GeoJSON object types (RFC 7946, section 1.4).
    private static let geoJSONTypes: Set<String> = [
        "Feature", "FeatureCollection", "Point", "MultiPoint", "LineString", "MultiLineString",
        "Polygon", "MultiPolygon", "GeometryCollection",
    ]

    /// The members that carry a GeoJSON object's content; one must be present beside `type`.
    private static let geoJSONMembers: Set<String> = [
        "features", "geometry", "coordinates", "geometries", "properties",
    ]

    /// The dialect of a JSON text, or `nil` for plain JSON.
    ///
    /// - Parameters:
    ///   - text: The text from its first `{` or `[`.
    ///   - encoding: How the text is encoded, for the detail.
    /// - Returns: GeoJSON, a Jupyter notebook, JSON-LD or a glTF model, or `nil`.
    static func jsonDialect(_ text: ArraySlice<UInt8>, encoding: String) -> SniffResult? {
        if let keys = expandedJSONLDKeys(text) {
            return SniffResult(
                "org.w3.json-ld",
                detail: "\(encoding), expanded JSON-LD: \(keys) keys, each a keyword or an IRI"
            )
        }
        guard let members = topLevelMembers(text) else { return nil }
        if let type = members.type, geoJSONTypes.contains(type),
            !members.keys.isDisjoint(with: geoJSONMembers)
        {
            return SniffResult(
                "public.geojson",
                detail: "\(encoding), JSON whose top-level type is \(type)"
            )
        }
        if members.keys.contains("nbformat"),
            members.keys.contains("cells") || members.keys.contains("worksheets")
        {
            return SniffResult(
                "org.jupyter.ipynb",
                detail: "\(encoding), JSON with top-level nbformat and cells"
            )
        }
        // JSON-LD 1.1 (W3C), section 3.1: a document maps its terms to IRIs in a top-level
        // `@context`, which only JSON-LD gives a meaning to.
        if members.keys.contains("@context") {
            return SniffResult(
                "org.w3.json-ld",
                detail: "\(encoding), JSON with a top-level @context"
            )
        }
        if members.keys.contains("asset"), !members.keys.isDisjoint(with: glTFMembers) {
            return SniffResult(
                "org.khronos.gltf",
                detail: "\(encoding), JSON with top-level asset and glTF scene members"
            )
        }
        return nil
    }

    /// The keywords of JSON-LD 1.1 (W3C, section 1.7) that name a node's or a value's parts in
    /// an expanded document.
    private static let jsonLDKeywords: Set<String> = [
        "@id", "@type", "@value", "@language", "@direction", "@list", "@set", "@graph",
        "@reverse", "@index", "@included", "@nest", "@json",
    ]

    /// The number of member names read when the text is JSON-LD in expanded form (no
    /// `@context`: every property an absolute IRI, as JSON-LD 1.1's expansion algorithm
    /// writes a document); `nil` otherwise.
    ///
    /// Every member name among the first 64, at any depth, must be a JSON-LD keyword or an
    /// absolute IRI (`http://`, `https://`, `urn:`), with both kinds present. A dictionary
    /// keyed by URLs has no keywords; a log's `@timestamp` and OData's `@odata.context` are
    /// not JSON-LD's.
    private static func expandedJSONLDKeys(_ text: ArraySlice<UInt8>) -> Int? {
        var keywords = 0
        var iris = 0
        var index = text.startIndex
        let end = min(text.endIndex, text.startIndex + 16_384)
        while index < end, keywords + iris < 64 {
            guard text[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            guard let (string, after) = jsonString(text, from: index) else { break }
            index = after
            var next = after
            while next < text.endIndex, isSpace(text[next]) { next += 1 }
            guard next < text.endIndex, text[next] == UInt8(ascii: ":") else { continue }
            if jsonLDKeywords.contains(string) {
                keywords += 1
            } else if ["http://", "https://", "urn:"].contains(where: { string.hasPrefix($0) }) {
                iris += 1
            } else {
                return nil
            }
        }
        guard keywords > 0, iris > 0 else { return nil }
        return keywords + iris
    }

    /// Top-level arrays of a glTF 2.0 asset (the Khronos glTF 2.0 specification's root
    /// object): `asset` is required there, and a model has one of these beside it.
    private static let glTFMembers: Set<String> = [
        "scenes", "nodes", "meshes", "accessors", "bufferViews", "buffers",
    ]

    /// The keys of the outermost object (at most 256, read from the bytes given) and the
    /// string value of its `type` member; `nil` when the text does not start with `{`.
    private static func topLevelMembers(
        _ text: ArraySlice<UInt8>
    ) -> (keys: Set<String>, type: String?)? {
        guard text.first == UInt8(ascii: "{") else { return nil }
        var keys: Set<String> = []
        var type: String?
        var depth = 0
        var expectsKey = false
        var index = text.startIndex
        while index < text.endIndex, keys.count < 256 {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let (string, end) = jsonString(text, from: index) else {
                    return (keys, type)
                }
                index = end
                guard depth == 1, expectsKey else { continue }
                expectsKey = false
                keys.insert(string)
                guard string == "type" else { continue }
                // The value, when it is a string: spaces, a colon, spaces, a quote.
                var next = index
                while next < text.endIndex, isSpace(text[next]) { next += 1 }
                guard next < text.endIndex, text[next] == UInt8(ascii: ":") else { continue }
                next += 1
                while next < text.endIndex, isSpace(text[next]) { next += 1 }
                if next < text.endIndex, text[next] == UInt8(ascii: "\""),
                    let (value, end) = jsonString(text, from: next)
                {
                    type = value
                    index = end
                }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectsKey = depth == 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return (keys, type) }
            case UInt8(ascii: ","):
                if depth == 1 { expectsKey = true }
            default:
                break
            }
            index += 1
        }
        return (keys, type)
    }

    /// The string that starts at the quote at `start`, and the index after its closing quote.
    ///
    /// `nil` when it does not close. An escape keeps the escaped byte without its backslash
    /// (`\"` gives `"`, `\n` gives `n`: enough to compare member names, which are plain), and
    /// at most 256 bytes are kept.
    private static func jsonString(
        _ text: ArraySlice<UInt8>,
        from start: Int
    ) -> (String, Int)? {
        var index = start + 1
        var bytes: [UInt8] = []
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") {
                return (String(decoding: bytes, as: UTF8.self), index + 1)
            }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < text.endIndex else { return nil }
            }
            if bytes.count < 256 { bytes.append(text[index]) }
            index += 1
        }
        return nil
    }
}
