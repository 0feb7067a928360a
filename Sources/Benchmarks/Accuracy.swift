import FoundationEssentials
import MediaClassification
import UniformTypes

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compares mediatype's answers with libmagic's (`file --mime-type -b`).
struct Accuracy {
    /// The `file` executable.
    var file: String
    /// A scratch file for child output.
    var scratch: String
    /// How many disagreements of each kind to list.
    var sampleSize: Int

    private var registry: TypeRegistry { TypeRegistry.shared }

    /// How two answers for one file relate.
    enum Relation: String, CaseIterable {
        /// The same MIME type, or two spellings of one type.
        case same
        /// mediatype's type is a subtype of libmagic's (more specific).
        case finer
        /// libmagic's type is a subtype of mediatype's (mediatype is coarser).
        case coarser
        /// Neither conforms to the other.
        case different
        /// mediatype could not read the file.
        case error
    }

    /// `file --mime-type -b -f LIST`'s answers, one a path, checked to be `count` of them.
    private func fileAnswers(listPath: String, count: Int) throws(ChildError) -> [String] {
        let answers = try ChildProcess.output(
            of: [file, "--mime-type", "-b", "-f", listPath],
            scratch: scratch
        )
        .split(separator: "\n")
        .map(String.init)
        guard answers.count == count else {
            throw ChildError(description: "file gave \(answers.count) answers for \(count) paths")
        }
        return answers
    }

    /// The mixed tree: mediatype's `mimeType` against `file`'s answer, by text and binary.
    func mixedTree(listPath: String) throws(ChildError) -> [String] {
        let paths = try TextFile.lines(listPath)
        let magicAnswers = try fileAnswers(listPath: listPath, count: paths.count)
        let classifier = Classifier()
        let results = classifier.classifyChunk(paths.map { Array($0.utf8) }, jobs: 2)
        var counts: [String: [Relation: Int]] = [:]
        // For each category and relation other than same/finer: "file answer -> ours" counts,
        // and one example path for each.
        var pairs: [String: [String: (count: Int, example: String)]] = [:]
        for (index, result) in results.enumerated() {
            let magic = magicAnswers[index]
            let magicType = registry.type(tag: magic, tagClass: .mimeType, conformingTo: nil)
            let category = category(magic: magic, magicType: magicType)
            let relation: Relation
            let ours: String
            switch result.result {
            case .failure(let error):
                relation = .error
                ours = "error \(error.code)"
            case .success(let classification):
                ours = "\(classification.mimeType ?? "-") [\(classification.evidence.rawValue)]"
                relation = Self.relate(classification, magic: magic, magicType: magicType)
            }
            counts[category, default: [:]][relation, default: 0] += 1
            if relation != .same, relation != .finer {
                let key = "\(category), \(relation.rawValue)"
                let pair = "\(magic) -> \(ours)"
                let entry = pairs[key, default: [:]][pair] ?? (0, paths[index])
                pairs[key, default: [:]][pair] = (entry.count + 1, entry.example)
            }
        }
        var lines = [
            "Mixed tree (\(paths.count) files): mediatype's mimeType vs file --mime-type -b,",
            "by libmagic's category of the file",
        ]
        lines.append(
            "  category  " + Relation.allCases.map { Format.pad($0.rawValue, 10) }.joined()
        )
        for category in ["text", "binary", "empty"] {
            let row = counts[category, default: [:]]
            lines.append(
                "  " + Format.pad(category, 8) + "  "
                    + Relation.allCases.map { Format.pad(String(row[$0, default: 0]), 10) }.joined()
            )
        }
        lines.append(
            "  (same: equal, or spellings of one type; finer: mediatype's type conforms to file's;"
        )
        lines.append("   coarser: file's type conforms to mediatype's; different: neither)")
        for key in pairs.keys.sorted() {
            let top = pairs[key, default: [:]].sorted {
                $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key
            }
            lines.append("  \(key) (file -> mediatype [evidence]: count, example):")
            for (pair, entry) in top.prefix(sampleSize) {
                lines.append("    \(pair): \(entry.count), \(entry.example)")
            }
            if top.count > sampleSize {
                lines.append("    ... \(top.count - sampleSize) more pairs")
            }
        }
        return lines
    }

    /// libmagic's category of a file: empty, text (a `text/` answer or a type conforming to
    /// `public.text`), or binary.
    private func category(magic: String, magicType: UTType?) -> String {
        if magic == "inode/x-empty" || magic == "application/x-empty" { return "empty" }
        if magic.hasPrefix("text/") { return "text" }
        if let magicType, let text = registry.type(withIdentifier: "public.text"),
            magicType.conforms(to: text)
        {
            return "text"
        }
        return "binary"
    }

    private static func relate(
        _ classification: Classification,
        magic: String,
        magicType: UTType?
    ) -> Relation {
        let ours = classification.type
        if let mime = classification.mimeType, mime.lowercased() == magic.lowercased() {
            return .same
        }
        guard let magicType else { return .different }
        if ours == magicType { return .same }
        if ours.conforms(to: magicType) { return .finer }
        if magicType.conforms(to: ours) { return .coarser }
        return .different
    }

    /// One manifest entry.
    struct ManifestEntry: Decodable {
        var file: String
        var identifier: String
    }

    /// The fixtures: how many files libmagic alone, and mediatype, get right at the type level.
    func fixtures(folder: String) throws(ChildError) -> (Finding, [String]) {
        let manifestText = try TextFile.contents(folder + "/manifest.json")
        let entries: [ManifestEntry]
        do {
            entries = try JSONDecoder().decode([ManifestEntry].self, from: Data(manifestText.utf8))
        } catch {
            throw ChildError(description: "manifest.json: \(error)")
        }
        let paths = entries.map { folder + "/" + $0.file }
        let listPath = scratch + ".fixtures"
        let listText = paths.joined(separator: "\n") + "\n"
        try Self.save(listText, to: listPath)
        defer { unlink(listPath) }
        let magicAnswers = try fileAnswers(listPath: listPath, count: entries.count)
        // The manifest says what the built-in sources make of each fixture (FixtureManifestTests
        // asks them alone): the machine's shared-mime-info may know more (a KOffice 1 document
        // where the built-ins read a compressed tar).
        let classifier = Classifier(registry: .builtinOnly)
        var magicRight = 0
        var oursRight = 0
        var oursExact = 0
        var lines: [String] = []
        for (index, entry) in entries.enumerated() {
            let expected = registry.type(withIdentifier: entry.identifier)
            func isRight(_ type: UTType?) -> Bool {
                guard let type else { return false }
                if type.identifier.lowercased() == entry.identifier.lowercased() { return true }
                return expected.map { type.conforms(to: $0) } ?? false
            }
            let magic = magicAnswers[index]
            let magicType = registry.type(tag: magic, tagClass: .mimeType, conformingTo: nil)
            let ours = try? classifier.classify(fileAt: paths[index])
            let magicOK = isRight(magicType)
            let oursOK = isRight(ours?.type)
            if magicOK { magicRight += 1 }
            if oursOK { oursRight += 1 }
            if ours?.type.identifier.lowercased() == entry.identifier.lowercased() {
                oursExact += 1
            }
            if !oursOK {
                lines.append(
                    "    mediatype wrong: \(entry.file): expected \(entry.identifier), got \(ours?.type.identifier ?? "error")"
                )
            }
        }
        let finding = Finding(
            name: "fixtures right at the type level (of \(entries.count))",
            subject: "mediatype \(oursRight) (\(oursExact) exact)",
            yardstick: "libmagic alone \(magicRight)",
            value: Double(oursRight),
            unit: "files",
            target: "= \(entries.count)",
            met: oursRight == entries.count
        )
        return (finding, lines)
    }

    private static func save(_ text: String, to path: String) throws(ChildError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ChildError(description: "cannot write \(path)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes {
                write(descriptor, $0.baseAddress, $0.count)
            }
            guard count > 0 else { throw ChildError(description: "cannot write \(path)") }
            written += count
        }
    }
}
