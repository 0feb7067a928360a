// Shared by the sniffer fuzz targets: Scripts/fuzz.sh compiles it with each of them.

/// The same bytes as a whole buffer and as a head of at most 64 bytes plus a reader.
func fuzzInputs(_ bytes: [UInt8]) -> [SniffInput] {
    let headCount = min(bytes.count, 64)
    let split = SniffInput(
        head: Array(bytes[0..<headCount]),
        fileSize: UInt64(bytes.count),
        reader: { offset, count in
            guard offset < UInt64(bytes.count) else { return [] }
            let start = Int(offset)
            return Array(bytes[start..<min(bytes.count, start + count)])
        }
    )
    return [SniffInput(bytes: bytes), split]
}
