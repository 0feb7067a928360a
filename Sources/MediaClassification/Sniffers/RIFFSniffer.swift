/// Sniffs RIFF containers that hold audio or video: WAVE (also as RIFX, RF64 and BW64), AVI,
/// AMV (the AVI variant of cheap MP4 players), RIFF MIDI (RMID) and Downloadable Sounds banks.
///
/// WebP is a RIFF form too, but it belongs to the image sniffer: this one returns `nil`.
package enum RIFFSniffer {
    /// Classifies a RIFF, RIFX, RF64 or BW64 file (or AVI's `AVF0` variant) by its form type.
    ///
    /// - Parameter input: The file's head, size and bounded reader.
    /// - Returns: WAVE audio, AVI video (or AVI audio, when its stream headers declare audio
    ///   only), MIDI or a DLS bank, or `nil` for any other form.
    package static func sniff(_ input: SniffInput) -> SniffResult? {
        let head = input.head
        guard let container = MediaBytes.fourCC(head, 0), let form = MediaBytes.fourCC(head, 8)
        else { return nil }
        // The first chunk after the form type must at least look like a chunk.
        if head.count >= 16, !MediaBytes.isPrintableFourCC(head, 12) {
            return nil
        }
        switch (container, form) {
        case ("RIFF", "WAVE"), ("RIFX", "WAVE"), ("RF64", "WAVE"), ("BW64", "WAVE"):
            return SniffResult(
                "com.microsoft.waveform-audio",
                detail: "\(container) form WAVE"
            )
        case ("RIFF", "AVI "), ("RIFF", "AVIX"):
            // Stream headers of audio only (a recorder's or a converter's sound in AVI).
            if let census = RIFFChunks.aviCensus(head), census.isAudioOnly {
                return SniffResult(
                    "com.microsoft.avi-audio",
                    detail: "RIFF form AVI, \(census.audio) audio streams and no video stream"
                )
            }
            return SniffResult("public.avi", detail: "RIFF form AVI")
        // Some camcorders and capture programs write AVI with `AVF0` where `RIFF` belongs;
        // the chunks inside are AVI's (shared-mime-info reads `AVF0` and `AVI ` at 8 so).
        case ("AVF0", "AVI "):
            return SniffResult("public.avi", detail: "AVF0 form AVI (RIFF layout)")
        case ("RIFF", "AMV "):
            // Actions Semiconductor's AMV: AVI's layout (LIST hdrl with an 'amvh' header)
            // under its own form type; neither Tika's database nor shared-mime-info has a rule.
            guard MediaBytes.fourCC(head, 12) == "LIST" else { return nil }
            return SniffResult("com.actions.amv", detail: "RIFF form AMV")
        case ("RIFF", "DLS "):
            // Downloadable Sounds (MMA DLS Level 1 and 2): a collection header (colh), the
            // instruments (lins) and the wave pool, with optional version and id chunks first.
            return SniffResult("public.downloadable-sound", detail: "RIFF form DLS")
        case ("RIFF", "RMID"):
            // RIFF MIDI: a data chunk that holds a Standard MIDI File.
            guard MediaBytes.fourCC(head, 12) == "data", MediaBytes.fourCC(head, 20) == "MThd",
                MediaBytes.u32be(head, 24) == 6
            else { return nil }
            return SniffResult("public.midi-audio", detail: "RIFF form RMID, MThd in data")
        default:
            return nil
        }
    }
}
