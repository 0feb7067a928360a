import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

// Replays every input kept in Fuzz/regressions/<target>/ (minimized crashes that libFuzzer
// found; see Scripts/fuzz.sh) through what the target fuzzes, and the fixtures cut at every
// short length through every sniffer. A trap or a hang here is a regression.

/// The most one input may take: one second, scaled under a sanitizer.
private let inputTimeBound: Duration = .seconds(1) * timeScaleUnderSanitizers

private let regressionsFolder = packageRoot.appendingPathComponent("Fuzz/regressions")

/// The files kept for one fuzz target.
private func regressionInputs(_ target: String) throws -> [URL] {
    let folder = regressionsFolder.appendingPathComponent(target)
    guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
    return try FileManager.default.contentsOfDirectory(
        at: folder,
        includingPropertiesForKeys: nil
    ).sorted { $0.path < $1.path }
}

/// Every sniffer dispatcher and the decompressors on the bytes, as the fuzz targets feed
/// them (`fuzzInputs`, `fuzzDecoders`), then the whole classifier (libmagic included) when one
/// is given; returns the time taken, and whether the decoders kept within their limits.
private func sniffEverything(
    _ bytes: [UInt8],
    classifier: Classifier?
) -> (elapsed: Duration, decodersKeptTheirLimits: Bool) {
    let clock = ContinuousClock()
    let start = clock.now
    for input in fuzzInputs(bytes) {
        _ = ContainerSniffer.sniff(input)
        _ = MediaSniffer.sniff(input)
        _ = ImageSniffer.sniff(input)
        _ = TextSniffer.sniff(input)
        _ = BinarySniffer.sniff(input)
        fuzzMoreSniffers(input)
    }
    let kept = fuzzDecoders(bytes)
    _ = try? classifier?.classify(bytes: bytes)
    return (clock.now - start, kept)
}

@Suite struct FuzzRegressionTests {
    static let snifferTargets = [
        "SniffersFuzz", "MediaSnifferFuzz", "ImageSnifferFuzz", "ContainerSnifferFuzz",
        "TextSnifferFuzz", "MoreSniffersFuzz",
    ]

    @Test(arguments: snifferTargets)
    func keptSnifferInputsAreAnsweredQuickly(target: String) throws {
        let classifier = Classifier()
        for url in try regressionInputs(target) {
            let bytes = Array(try Data(contentsOf: url))
            let (elapsed, kept) = sniffEverything(bytes, classifier: classifier)
            #expect(elapsed < inputTimeBound, "\(url.lastPathComponent): \(elapsed)")
            #expect(kept, "\(url.lastPathComponent): a decoder passed its output limit")
        }
    }

    @Test func keptDeclarationInputsAreRefusedOrLoadedQuickly() throws {
        let clock = ContinuousClock()
        for url in try regressionInputs("DeclarationFileFuzz") {
            let bytes = Array(try Data(contentsOf: url))
            let start = clock.now
            if let declarations = try? DeclarationFile.parse(bytes, path: url.lastPathComponent) {
                _ = try? TypeRegistry.builtinOnly.adding(declarations)
            }
            #expect(clock.now - start < inputTimeBound, "\(url.lastPathComponent)")
        }
    }

    @Test func everyFixturePrefixGoesThroughEverySniffer() throws {
        // The cheapest fuzz there is: each fixture cut at every length up to 96 bytes and at
        // a few more, where headers and first boxes end.
        let classifier = Classifier()
        let names = try FileManager.default.contentsOfDirectory(atPath: fixturesFolder.path)
        var checked = 0
        for name in names.sorted() {
            let url = fixturesFolder.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: url) else { continue }  // a folder
            let bytes = Array(data)
            let lengths = Set(Array(0...min(96, bytes.count)) + [128, 256, 1024, 4096])
            for length in lengths.sorted() where length <= bytes.count {
                // libmagic too, at every eighth length (it is the slow part under sanitizers).
                let (elapsed, kept) = sniffEverything(
                    Array(bytes[0..<length]),
                    classifier: length % 8 == 0 ? classifier : nil
                )
                #expect(elapsed < inputTimeBound, "\(name) cut at \(length): \(elapsed)")
                #expect(kept, "\(name) cut at \(length): a decoder passed its output limit")
                checked += 1
            }
        }
        #expect(checked > 5000)
    }
}
