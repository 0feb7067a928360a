// HTK waveform files: the sampled speech that the Hidden Markov Model Toolkit (Cambridge) reads
// and writes, and that SoX and libsndfile write too. The 12-byte header has no magic, so the
// file's size must be exactly what the header announces.

extension AudioFormatSniffer {
    /// An HTK waveform file (HTK Book, "Parameter File Format"): big-endian sample count,
    /// sample period (in 100 ns units), bytes a sample and parameter kind, then the samples.
    ///
    /// Only the waveform kind (0, no qualifiers) of 16-bit samples is audio; the feature kinds
    /// (MFCC, filter banks, ...) are analysis data. The period must be a rate from 10 Hz to
    /// 10 MHz, and the file exactly the header and its samples.
    static func htkWaveform(_ head: [UInt8], fileSize: UInt64) -> SniffResult? {
        guard let count = MediaBytes.u32be(head, 0), count > 0, count < 1 << 31,
            let period = MediaBytes.u32be(head, 4), (1...1_000_000).contains(period),
            MediaBytes.u16be(head, 8) == 2, MediaBytes.u16be(head, 10) == 0,
            fileSize == 12 + UInt64(count) * 2
        else { return nil }
        let rate = (10_000_000 + UInt64(period) / 2) / UInt64(period)
        return SniffResult(
            "uk.ac.cam.htk-waveform",
            detail: "HTK waveform, \(count) 16-bit samples at about \(rate) Hz"
        )
    }
}
