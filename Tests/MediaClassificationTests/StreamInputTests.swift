import Foundation
import MediaClassification
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Byte chunks as an asynchronous sequence that counts what it handed out, so that a test
/// can see how far the classifier iterated.
struct CountingChunks: AsyncSequence {
    typealias Element = [UInt8]

    final class Counter: @unchecked Sendable {
        // Only touched by the one task iterating.
        var bytes = 0
        var chunks = 0
        var lastChunk = 0
    }

    let bytes: [UInt8]
    let size: Int?
    let seed: UInt64
    let counter = Counter()

    /// `bytes` cut into chunks of `size`, or of seeded random sizes (1 to 5000) when nil.
    ///
    /// Each chunk is cut when the iterator is asked for it, so a consumer that stops early
    /// never pays for the rest (one-byte chunks of a whole file are many allocations).
    init(_ bytes: [UInt8], size: Int?, seed: UInt64 = 16) {
        self.bytes = bytes
        self.size = size
        self.seed = seed
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let size: Int?
        var random: SplitMix64
        var start = 0
        let counter: Counter
        mutating func next() async -> [UInt8]? {
            guard start < bytes.count else { return nil }
            let length = size ?? Int.random(in: 1...5000, using: &random)
            let end = Swift.min(bytes.count, start + length)
            let piece = Array(bytes[start..<end])
            start = end
            counter.bytes += piece.count
            counter.chunks += 1
            counter.lastChunk = piece.count
            return piece
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(bytes: bytes, size: size, random: SplitMix64(seed: seed), counter: counter)
    }
}

@Suite struct StreamInputTests {
    static let classifier = Classifier(registry: .builtinOnly)
    static let chunkSizes: [Int?] = [1, 7, 4096, nil]

    /// The answers of every stream input for `bytes` with `limit`, labelled.
    static func streamAnswers(_ bytes: [UInt8], name: String, limit: Int) async throws
        -> [(String, Classification)]
    {
        var answers: [(String, Classification)] = []
        var offset = 0
        let fromCallback = Self.classifier.classify(
            reading: { (buffer: UnsafeMutableRawBufferPointer) -> Int in
                let count = min(buffer.count, bytes.count - offset, 3000)
                buffer.copyBytes(from: bytes[offset..<offset + count])
                offset += count
                return count
            },
            fileName: name,
            limit: limit
        )
        answers.append(("callback", fromCallback))
        #expect(offset <= limit, "the callback was asked for at most the limit")
        for size in chunkSizes {
            let chunks = CountingChunks(bytes, size: size)
            let result = try await Self.classifier.classify(
                chunks: chunks,
                fileName: name,
                limit: limit
            )
            // Memory bound: the classifier stopped at the chunk that reached the limit.
            let pulled = chunks.counter.bytes
            #expect(pulled - chunks.counter.lastChunk < limit, "iterated past the limit")
            #expect((result.prefixLength ?? 0) <= limit)
            answers.append(("chunks of \(size.map(String.init) ?? "random")", result))
        }
        answers.append(("pipe", try classifyThroughPipe(bytes, name: name, limit: limit)))
        return answers
    }

    /// Writes the bytes into a pipe from another thread and classifies its read end.
    static func classifyThroughPipe(_ bytes: [UInt8], name: String, limit: Int) throws
        -> Classification
    {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let thread = Thread {
            // The reader may stop early and close its end: a write then fails, and is ignored.
            try? writer.write(contentsOf: Data(bytes))
            try? writer.close()
        }
        signal(SIGPIPE, SIG_IGN)
        thread.start()
        let reader = pipe.fileHandleForReading
        defer { try? reader.close() }
        return try Self.classifier.classify(
            fileDescriptor: reader.fileDescriptor,
            fileName: name,
            limit: limit
        )
    }

    @Test(
        "Every input gives the path's answer when the file fits the limit",
        arguments: try Fixture.all()
    )
    func everyInputAgrees(_ fixture: Fixture) async throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.path)))
        #expect(bytes.count < Classifier.streamLimit, "a fixture larger than the default limit")
        let fromPath = try Self.classifier.classify(fileAt: fixture.path)
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: fixture.path))
        defer { try? handle.close() }
        let fromDescriptor = try Self.classifier.classify(
            fileDescriptor: handle.fileDescriptor,
            fileName: fixture.file
        )
        var answers = [("descriptor", fromDescriptor)]
        answers += try await Self.streamAnswers(
            bytes,
            name: fixture.file,
            limit: Classifier.streamLimit
        )
        for (input, answer) in answers {
            #expect(answer.type == fromPath.type, "\(input): \(answer.detail)")
            #expect(answer.extensionAgrees == fromPath.extensionAgrees, "\(input)")
            #expect(!answer.isPrefix, "\(input)")
        }
    }

    @Test(
        "A limit below the size gives the prefix's answer, marked, through every input",
        arguments: try Fixture.all()
    )
    func prefixAnswer(_ fixture: Fixture) async throws {
        let limit = 2048
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixture.path)))
        let fromPath = try Self.classifier.classify(fileAt: fixture.path)
        // The documented answer: the prefix classified as if the file ended there.
        let documented = try Self.classifier.classify(
            bytes: Array(bytes.prefix(limit)),
            fileName: fixture.file
        )
        for (input, answer) in try await Self.streamAnswers(
            bytes,
            name: fixture.file,
            limit: limit
        ) {
            if bytes.count < limit {
                #expect(answer.type == fromPath.type, "\(input): \(answer.detail)")
                #expect(!answer.isPrefix, "\(input)")
            } else {
                #expect(answer.type == documented.type, "\(input): \(answer.detail)")
                #expect(answer.prefixLength == limit, "\(input)")
                #expect(
                    answer.detail.hasSuffix("decided from the first 2048 bytes of a longer stream"),
                    "\(input): \(answer.detail)"
                )
            }
        }
    }

    @Test func tailFormatsGetWhatThePrefixAllows() async throws {
        // An Office Open XML file's central directory is past 2 KiB: its local headers still
        // name a ZIP. An MP4 whose moov follows its mdat is named by its ftyp brand.
        for (file, expected) in [
            ("presentation.pptx", "public.zip-archive"), ("clip-h264-aac.mp4", "public.mpeg-4"),
        ] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixturePath(file))))
            let result = try await Self.classifier.classify(
                chunks: CountingChunks(bytes, size: 512),
                fileName: nil,
                limit: 2048
            )
            #expect(result.type.conforms(to: .init(expected)!), "\(file): \(result.detail)")
            #expect(result.isPrefix)
        }
    }

    @Test func anAudioOnlyMP4WhoseMoovIsCutOffIsNamedByItsBrand() async throws {
        // The moov box (at byte 952) says the only track is audio; the prefix holds the ftyp
        // brand isom alone, as docs/classification.md says.
        let bytes = try fixtureBytes("audio-isom.mp4")
        let whole = try await Self.classifier.classify(chunks: CountingChunks(bytes, size: 100))
        #expect(whole.type.identifier == "public.mpeg-4-audio")
        let prefix = try await Self.classifier.classify(
            chunks: CountingChunks(bytes, size: 100),
            limit: 900
        )
        #expect(prefix.type.identifier == "public.mpeg-4")
        #expect(prefix.prefixLength == 900)
    }

    @Test func aDescriptorOfAFolderIsRefused() throws {
        let folder = open(fixturesFolder.path, O_RDONLY | O_DIRECTORY)
        try #require(folder >= 0)
        defer { close(folder) }
        #expect(throws: ClassificationError.self) {
            try Self.classifier.classify(fileDescriptor: folder)
        }
    }

    @Test func anEmptyStreamIsEmpty() async throws {
        let result = try await Self.classifier.classify(
            chunks: CountingChunks([], size: 1),
            fileName: "x.txt"
        )
        #expect(result.evidence == .empty)
        #expect(!result.isPrefix)
    }
}
