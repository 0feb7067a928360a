import TestSupport
import Testing
import UniformTypes

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every MIME type libmagic 5.44 can print, looked up in the built-in registry.
///
/// The list is `Data/reference/libmagic-5.44-mimes.txt`, vendored from libmagic 5.44; the
/// deliberate exceptions (libmagic types whose top level is wrong) are
/// `Data/libmagic-exceptions.tsv`. `Scripts/check-libmagic-coverage.py` checks the same over
/// the tables before they are compiled in.
@Suite struct LibmagicVocabularyTests {
    /// The share of libmagic's MIME types that must resolve to a declared type.
    static let requiredShare = 0.9

    @Test("Most of libmagic's vocabulary resolves to declared types")
    func resolvesToDeclaredTypes() throws {
        let mimeTypes = try #require(Reference.mimeTypes)
        #expect(mimeTypes.count > 600, "the reference list looks truncated")
        let unresolved = mimeTypes.filter { UTType(mimeType: $0)?.isDeclared != true }
        let share = Double(mimeTypes.count - unresolved.count) / Double(mimeTypes.count)
        #expect(
            share >= Self.requiredShare,
            "\(unresolved.count) of \(mimeTypes.count) unresolved: \(unresolved)"
        )
    }

    @Test(
        "A media or text MIME type resolves into its family",
        arguments: Reference.familyMIMETypes
    )
    func resolvesIntoFamily(_ mimeType: String) throws {
        let exceptions = try #require(Reference.exceptions)
        let type = UTType(mimeType: mimeType)
        let inFamily = type.map { $0.isDeclared && Family(of: mimeType)?.contains($0) == true }
        if exceptions[mimeType.lowercased()] != nil {
            // An exception that now resolves into its family is stale: drop it from the file.
            #expect(
                inFamily != true,
                "\(mimeType) is excepted but resolves to \(type?.identifier ?? "")"
            )
        } else {
            #expect(
                inFamily == true,
                "\(mimeType) resolves to \(type?.identifier ?? "nothing"), outside its family"
            )
        }
    }

    @Test("Every exception names a libmagic type and gives a reason")
    func exceptionsAreCurrent() throws {
        let mimeTypes = Set(try #require(Reference.mimeTypes).map { $0.lowercased() })
        let exceptions = try #require(Reference.exceptions)
        for (mimeType, reason) in exceptions {
            #expect(mimeTypes.contains(mimeType), "\(mimeType) is not in libmagic's list")
            #expect(!reason.isEmpty, "\(mimeType) has no reason")
        }
    }
}

/// The top-level families that a libmagic MIME type must resolve into.
private enum Family {
    case image, audio, video, text, font

    init?(of mimeType: String) {
        switch mimeType.lowercased().prefix(while: { $0 != "/" }) {
        case "image": self = .image
        case "audio": self = .audio
        case "video": self = .video
        case "text": self = .text
        case "font": self = .font
        default: return nil
        }
    }

    func contains(_ type: UTType) -> Bool {
        switch self {
        case .image: type.conforms(to: .image)
        case .audio: type.conforms(to: .audio)
        case .video:
            type.conforms(to: .movie)
                || (type.conforms(to: .audiovisualContent) && !type.conforms(to: .audio))
        case .text: type.conforms(to: .text)
        case .font: type.conforms(to: .font)
        }
    }
}

/// The reference files, read once.
private enum Reference {
    /// libmagic's MIME types, one a line, or nil when the reference file is absent.
    static let mimeTypes: [String]? = {
        guard
            let text = try? String(
                contentsOf: packageRoot.appending(
                    path: "Data/reference/libmagic-5.44-mimes.txt"
                ),
                encoding: .utf8
            )
        else { return nil }
        return text.split(whereSeparator: \.isNewline)
            .map { String($0.filter { !$0.isWhitespace }) }
            .filter { !$0.isEmpty }
    }()

    /// The image, audio, video, text and font types of ``mimeTypes``.
    static let familyMIMETypes: [String] = (mimeTypes ?? []).filter { Family(of: $0) != nil }

    /// `Data/libmagic-exceptions.tsv`: lower-cased MIME type to reason, or nil if unreadable.
    static let exceptions: [String: String]? = {
        guard
            let text = try? String(
                contentsOf: packageRoot.appending(path: "Data/libmagic-exceptions.tsv"),
                encoding: .utf8
            )
        else { return nil }
        var result: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline).dropFirst() where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 1)
            guard fields.count == 2 else { continue }
            result[fields[0].lowercased()] = String(fields[1])
        }
        return result
    }()
}
