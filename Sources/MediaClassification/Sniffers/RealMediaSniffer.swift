/// Sniffs RealMedia files (`.RMF`): audio only, or a movie.
///
/// A RealMedia file is a chain of chunks, each a four-letter tag, a 32-bit big-endian size
/// and a 16-bit version: the `.RMF` file header, `PROP`, one `MDPR` per stream, `CONT`, then
/// `DATA` and `INDX`. Each `MDPR` names its stream's MIME type (`audio/x-pn-realaudio`,
/// `video/x-pn-realvideo`, `logical-fileinfo`, ...). The file's signature alone says
/// "RealMedia"; whether it is a sound file (what `.ra` names) or a movie is in those names.
package enum RealMediaSniffer {
    /// The most chunks walked before `DATA`: a file header, `PROP`, `CONT` and a few streams.
    static let maximumChunks = 32
    /// The most bytes of one `MDPR` chunk read: its fixed fields and two short names.
    static let maximumStreamHeader = 1024

    /// Classifies a file that starts with `.RMF`.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: RealAudio when every stream is audio, RealMedia when one is video, `nil`
    ///   when the chunks do not read as RealMedia's or name no stream before the data.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        guard MediaBytes.matches(input.head, 0, ".RMF") else { return nil }
        var offset: UInt64 = 0
        var kinds: [String] = []
        for _ in 0..<maximumChunks {
            guard offset + 10 <= input.fileSize,
                let header = input.read(at: offset, count: 10), header.count == 10,
                let size = MediaBytes.u32be(header, 4), size >= 10
            else { break }
            let tag = String(decoding: header[0..<4], as: UTF8.self)
            if tag == "DATA" || tag == "INDX" { break }
            if tag == "MDPR", let kind = streamKind(input, at: offset, size: size) {
                kinds.append(kind)
            }
            offset += UInt64(size)
        }
        guard !kinds.isEmpty else { return nil }
        let streams = kinds.joined(separator: ", ")
        if kinds.contains(where: { $0.contains("video") }) {
            return SniffResult("com.real.realmedia", detail: "RealMedia streams \(streams)")
        }
        guard kinds.contains(where: { $0.contains("audio") }) else { return nil }
        return SniffResult("com.real.realaudio", detail: "RealMedia, audio streams \(streams)")
    }

    /// The MIME type an `MDPR` chunk names for its stream: after the 10-byte chunk header,
    /// the stream number (2 bytes), seven 32-bit fields (bit rates, packet sizes, start time,
    /// preroll, duration), then the stream name and the MIME type, each a length byte and text.
    static func streamKind(_ input: SniffInput, at offset: UInt64, size: UInt32) -> String? {
        let count = min(Int(size), maximumStreamHeader)
        guard let chunk = input.read(at: offset, count: count), chunk.count == count,
            let nameLength = MediaBytes.u8(chunk, 40).map(Int.init),
            let typeLength = MediaBytes.u8(chunk, 41 + nameLength).map(Int.init),
            typeLength > 0, 42 + nameLength + typeLength <= chunk.count
        else { return nil }
        let start = 42 + nameLength
        let name = chunk[start..<start + typeLength]
        guard name.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return String(decoding: name, as: UTF8.self)
    }
}
