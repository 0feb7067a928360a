// Shared by the sniffer fuzz targets: Scripts/fuzz.sh compiles it with each of them.

/// The same bytes as a whole buffer and as a head of at most 64 bytes plus a reader.
func fuzzInputs(_ bytes: [UInt8]) -> [SniffInput] {
    [SniffInput(bytes: bytes), SniffInput(bytes: bytes, headCount: 64)]
}

/// Decodes the bytes as a raw DEFLATE stream with a small and a large output limit (and the
/// stream after a gzip member's 10-byte header, when the bytes start like one); traps when
/// the output passes the limit.
func fuzzInflate(_ bytes: [UInt8]) {
    var streams = [bytes]
    if bytes.count > 10, bytes[0] == 0x1F, bytes[1] == 0x8B, bytes[2] == 0x08 {
        streams.append(Array(bytes[10...]))
    }
    for stream in streams {
        for limit in [512, ContainerSniffer.maximumPartBytes] {
            let result = Inflate.inflate(stream, outputLimit: limit)
            precondition(result.bytes.count <= limit, "inflate passed its output limit")
        }
    }
}
