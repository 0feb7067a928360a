import Foundation
import MediaClassification
import TestSupport
import Testing

// One classifier shared by many tasks must give every file the answer it gives alone. Run
// under `swift test --sanitize=thread` this is also the data-race check of the libmagic pool,
// the lazily resolved registry and the batch workers.

/// The parts of an answer that must not depend on concurrency.
private struct Summary: Equatable, Sendable, CustomStringConvertible {
    var identifier: String?
    var evidence: String?
    var detail: String?
    var extensionType: String?
    var extensionAgrees: Bool?
    var isAnimated: Bool?
    var errorCode: String?

    init(_ result: Result<Classification, ClassificationError>) {
        switch result {
        case .success(let classification):
            identifier = classification.type.identifier
            evidence = classification.evidence.rawValue
            detail = classification.detail
            extensionType = classification.extensionType?.identifier
            extensionAgrees = classification.extensionAgrees
            isAnimated = classification.isAnimated
        case .failure(let error):
            errorCode = error.code.rawValue
        }
    }

    var description: String { "\(identifier ?? errorCode ?? "?") \(evidence ?? "")" }
}

private func classifyOne(_ classifier: Classifier, _ path: String) -> Summary {
    do throws(ClassificationError) {
        return Summary(.success(try classifier.classify(fileAt: path)))
    } catch {
        return Summary(.failure(error))
    }
}

/// Every entry of Fixtures/ (files, and the folders, which answer public.folder).
private func fixturePaths() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: fixturesFolder.path).sorted()
        .map { fixturePath($0) }
}

@Suite struct ConcurrencyTests {
    @Test func sixteenTasksClassifyingEveryFixtureAgreeWithTheSequentialAnswers() async throws {
        let paths = try fixturePaths()
        try #require(paths.count > 50)
        let classifier = Classifier()
        let sequential = paths.map { classifyOne(classifier, $0) }

        let shared = Classifier()
        let tasks = 16
        let answers = await withTaskGroup(of: (Int, [Summary]).self) { group in
            for task in 0..<tasks {
                group.addTask {
                    // Each task starts at another file, so that different formats (and the
                    // libmagic handles) are in use at the same moment.
                    let offset = task * paths.count / tasks
                    var summaries = [Summary?](repeating: nil, count: paths.count)
                    for step in 0..<paths.count {
                        let index = (offset + step) % paths.count
                        summaries[index] = classifyOne(shared, paths[index])
                    }
                    return (task, summaries.map { $0 ?? Summary(.failure(.init(.ioError, ""))) })
                }
            }
            var all: [[Summary]] = Array(repeating: [], count: tasks)
            for await (task, summaries) in group { all[task] = summaries }
            return all
        }
        for (task, summaries) in answers.enumerated() {
            for (index, summary) in summaries.enumerated() where summary != sequential[index] {
                Issue.record("task \(task), \(paths[index]): \(summary) != \(sequential[index])")
            }
        }
    }

    @Test func aConcurrentBatchAgreesWithTheSequentialAnswersInOrder() async throws {
        let paths = try fixturePaths()
        let classifier = Classifier()
        let sequential = paths.map { classifyOne(classifier, $0) }
        // Four rounds of every fixture: more than one batch chunk's worth with the folders.
        let repeated = Array(repeating: paths, count: 4).flatMap { $0 }
        var index = 0
        for await result in Classifier().classifications(of: repeated, jobs: 8) {
            try #require(index < repeated.count)
            #expect(result.path == repeated[index])
            #expect(Summary(result.result) == sequential[index % paths.count], "\(result.path)")
            index += 1
        }
        #expect(index == repeated.count)
    }
}
