import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// Compares the image properties mediatype reads with what exiftool says.
///
/// exiftool (Debian `libimage-exiftool-perl`) is asked once about every image fixture of
/// `Fixtures/manifest.json` and the images of `Fixtures/properties/`. No expected value is
/// written here: exiftool is the oracle.
@Suite struct MediaPropertiesExiftoolTests {
    /// The image types whose header the readers parse: on these, the size exiftool reports
    /// must be stated.
    static let readTypes: Set<String> = [
        "public.png", "org.mozilla.apng", "public.jpeg", "public.mpo-image", "com.compuserve.gif",
        "org.webmproject.webp", "org.webmproject.webp.animated", "com.microsoft.bmp",
        "public.heic", "public.avif", "org.aomedia.avif-sequence", "public.tiff",
        "com.adobe.raw-image", "public.jpeg-xl",
    ]

    /// exiftool's tags for bits per colour component, by format: a DNG's raw image (in a
    /// SubIFD) before IFD0, which holds its preview. (BMP's `BitDepth` counts bits per pixel,
    /// so it is not one of them.)
    static let bitDepthTags = [
        "SubIFD:BitsPerSample", "PNG:BitDepth", "File:BitsPerSample", "IFD0:BitsPerSample",
        "QuickTime:BitDepthLuma",
    ]

    /// The images to compare: the manifest's image fixtures and the pictures among the
    /// properties fixtures.
    static func files() throws -> [String] {
        let images = try Fixture.all().filter { $0.family == "image" }.map(\.path)
        let folder = fixturesFolder.appendingPathComponent("properties")
        let extra = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter {
                ["jpg", "png", "heic", "avif", "tiff", "dng", "jxl", "webp", "gif"].contains(
                    URL(fileURLWithPath: $0).pathExtension
                )
            }
            .sorted()
        return images + extra.map { folder.appendingPathComponent($0).path }
    }

    /// Without exiftool the comparison is skipped with the reason, never passed: CI
    /// (`Scripts/fresh-clone-test.sh`) fails on a skipped test, and `.ci/run` installs it.
    @Test(
        "every image property stated agrees with exiftool, and a read format states its size",
        .enabled(
            if: programOnPath("exiftool") != nil,
            "exiftool is not installed (Debian: apt-get install libimage-exiftool-perl)"
        )
    )
    func agreesWithExiftool() throws {
        guard let exiftool = programOnPath("exiftool") else {
            Issue.record("exiftool is not installed (apt-get install libimage-exiftool-perl)")
            return
        }
        let files = try Self.files()
        #expect(files.count > 30)
        let run = try runProgram(exiftool, ["-j", "-n", "-G1", "-a", "-q"] + files)
        let parsed = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
        let records = try #require(parsed as? [[String: Any]], "exiftool's JSON: an array")
        var bySource: [String: [String: Any]] = [:]
        for record in records {
            if let source = record["SourceFile"] as? String { bySource[source] = record }
        }
        let classifier = Classifier(options: .init(readsProperties: true))
        var counts: [String: Int] = [:]
        for path in files {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let record = try #require(bySource[path], "\(name): no exiftool record")
            let classification = try classifier.classify(fileAt: path)
            let claimed = Self.readTypes.contains(classification.type.identifier)
            let properties = classification.properties ?? MediaProperties()
            compare(name, properties, ExiftoolRecord(tags: record), claimed: claimed, &counts)
        }
        print("exiftool comparisons: \(counts.sorted { $0.key < $1.key })")
        for property in [
            "size", "orientation", "bit depth", "colour model", "frame count", "loop count",
        ] {
            #expect(counts[property, default: 0] > 0, "nothing compared for \(property)")
        }
        #expect(counts["size", default: 0] >= Self.readTypes.count)
    }

    private func compare(
        _ name: String,
        _ properties: MediaProperties,
        _ record: ExiftoolRecord,
        claimed: Bool,
        _ counts: inout [String: Int]
    ) {
        if let size = record.integers("Composite:ImageSize"), size.count == 2 {
            if claimed { #expect(properties.pixelWidth != nil, "\(name): exiftool \(size)") }
            if let width = properties.pixelWidth, let height = properties.pixelHeight {
                #expect([width, height] == size, "\(name): \(width)x\(height), exiftool \(size)")
                counts["size", default: 0] += 1
            }
        }
        if let orientation = record.integers("IFD0:Orientation")?.first {
            if claimed {
                #expect(properties.orientation != nil, "\(name): exiftool \(orientation)")
            }
            if let mine = properties.orientation {
                #expect(mine.rawValue == orientation, "\(name): \(mine), exiftool \(orientation)")
                counts["orientation", default: 0] += 1
            }
        }
        if let depth = Self.bitDepthTags.lazy.compactMap({ record.integers($0)?.first }).first,
            let mine = properties.bitDepth
        {
            #expect(mine == depth, "\(name): \(mine) bits, exiftool \(depth)")
            counts["bit depth", default: 0] += 1
        }
        if let expected = record.colorModel, let mine = properties.colorModel {
            #expect(mine == expected, "\(name): \(mine), exiftool \(expected)")
            counts["colour model", default: 0] += 1
        }
        if let frames = record.integers("GIF:FrameCount", "PNG:AnimationFrames")?.first {
            #expect(properties.frameCount == frames, "\(name): frames, exiftool \(frames)")
            counts["frame count", default: 0] += 1
        }
        let loopTags = ["PNG:AnimationPlays", "GIF:AnimationIterations", "RIFF:AnimationLoopCount"]
        if let loops = record.integers(loopTags)?.first {
            #expect(properties.loopCount == loops, "\(name): loops, exiftool \(loops)")
            counts["loop count", default: 0] += 1
        }
    }
}

/// One file's tags from `exiftool -j -n -G1`.
private struct ExiftoolRecord {
    var tags: [String: Any]

    /// The numbers of the first of these tags present: one for a number, several for a
    /// space-separated list such as `"16 16"` or `"8 8 8"`.
    func integers(_ names: String...) -> [Int]? { integers(names) }

    /// The colour model exiftool's numbers state: a PNG's colour type, a TIFF's photometric
    /// interpretation, a JPEG's component count.
    var colorModel: MediaProperties.ColorModel? {
        if let type = integers("PNG:ColorType")?.first {
            return [0: .monochrome, 2: .rgb, 3: .indexed, 4: .monochrome, 6: .rgb][type]
        }
        if let photometric = integers("IFD0:PhotometricInterpretation")?.first,
            tags["SubIFD:ImageWidth"] == nil
        {
            let models: [Int: MediaProperties.ColorModel] = [
                0: .monochrome, 1: .monochrome, 2: .rgb, 3: .indexed, 5: .cmyk, 6: .rgb, 8: .lab,
            ]
            return models[photometric]
        }
        if let components = integers("File:ColorComponents")?.first {
            return [1: .monochrome, 3: .rgb, 4: .cmyk][components]
        }
        return nil
    }

    func integers(_ names: [String]) -> [Int]? {
        for name in names {
            if let number = tags[name] as? Int { return [number] }
            if let text = tags[name] as? String {
                let numbers = text.split(separator: " ").compactMap { Int($0) }
                if !numbers.isEmpty { return numbers }
            }
        }
        return nil
    }
}
