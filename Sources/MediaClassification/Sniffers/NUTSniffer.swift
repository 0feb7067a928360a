/// Sniffs NUT files (FFmpeg's open container, the NUT specification) by their stream headers,
/// whose stream class says what each stream is: a NUT file whose streams are all sound (FFmpeg
/// writes one for `-f nut` of an audio input) is audio, not a movie.
package enum NUTSniffer {
    /// The file's ID string, with its NUL.
    package static let fileID = Array("nut/multimedia container\0".utf8)
    /// The main header's and a stream header's 64-bit startcodes.
    package static let mainStartcode: UInt64 = 0x4E4D_7A56_1F5F_04AD
    package static let streamStartcode: UInt64 = 0x4E53_1140_5BF2_F9DB
    /// The most streams read; a main header claiming more is not taken.
    static let maximumStreams = 64

    /// Classifies a file that opens with NUT's ID string.
    ///
    /// The main header follows the ID string, then one stream header for each stream it
    /// counts; each packet is its startcode, its size (`forward_ptr`, a NUT variable-length
    /// number, followed by a header checksum when above 4096) and its body. A stream header's
    /// body opens with the stream's number and class: 0 video, 1 audio, 2 subtitles, 3 user
    /// data.
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: NUT, or NUT audio when every stream the head's headers list is sound and the
    ///   head holds them all; `nil` when the main header does not parse (signatures then
    ///   decide).
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard head.starts(with: fileID),
            let main = packet(head, at: fileID.count), main.startcode == mainStartcode
        else { return nil }
        var cursor = main.body
        guard let version = number(head, &cursor), (2...4).contains(version),
            version < 4 || number(head, &cursor) != nil,
            let streams = number(head, &cursor), streams <= maximumStreams
        else { return nil }
        var census = StreamCensus()
        var read = 0
        var next = main.end
        while read < streams, let stream = packet(head, at: next),
            stream.startcode == streamStartcode
        {
            var field = stream.body
            guard number(head, &field) != nil, let streamClass = number(head, &field) else { break }
            switch streamClass {
            case 0: census.count(.video)
            case 1: census.count(.audio)
            case 2, 3: census.count(.neither)
            default: census.count(.unknown)
            }
            read += 1
            next = stream.end
        }
        let listed = "\(streams) stream\(streams == 1 ? "" : "s")"
        if read == streams, census.isAudioOnly {
            return SniffResult(
                "org.ffmpeg.nut-audio",
                detail: "NUT main header, \(listed), all sound"
            )
        }
        return SniffResult("org.ffmpeg.nut", detail: "NUT main header, \(listed)")
    }

    /// A packet at `offset`: its startcode, where its body starts and where the next packet
    /// starts.
    static func packet(_ head: [UInt8], at offset: Int) -> (startcode: UInt64, body: Int, end: Int)?
    {
        guard let startcode = head.be64(offset) else { return nil }
        var cursor = offset + 8
        guard let size = number(head, &cursor), size < 1 << 24 else { return nil }
        if size > 4096 { cursor += 4 }
        return (startcode, cursor, cursor + size)
    }

    /// A NUT variable-length number (`v`): base 128, most significant first; at most eight
    /// bytes are read.
    static func number(_ head: [UInt8], _ cursor: inout Int) -> Int? {
        ByteFields.base128(head, &cursor, maximumBytes: 8)
    }
}
