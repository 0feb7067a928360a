import Dispatch

/// One result of a batch: the path (as bytes, as the file system gave it) and its answer.
public struct BatchResult: Sendable {
    /// The path's bytes.
    public var pathBytes: [UInt8]
    /// The classification, or why the path could not be read.
    public var result: Result<Classification, ClassificationError>

    /// The path as a string (bytes that are not UTF-8 become U+FFFD).
    public var path: String { String(decoding: pathBytes, as: UTF8.self) }
}

extension Classifier {
    /// How many paths a batch classifies between two emissions: bounds memory whatever the
    /// number of files, and keeps the workers busy.
    package static let batchChunkSize = 256

    /// The number of processors online, the default number of workers.
    public static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Classifies a chunk of paths on `jobs` workers; results in input order.
    package func classifyChunk(_ paths: [[UInt8]], jobs: Int) -> [BatchResult] {
        let slots = ResultSlots(count: paths.count)
        let workers = max(1, min(jobs, paths.count))
        if workers == 1 {
            for (index, path) in paths.enumerated() { slots.store(index, classifyOne(path)) }
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var index = worker
                while index < paths.count {
                    slots.store(index, classifyOne(paths[index]))
                    index += workers
                }
            }
        }
        return zip(paths, slots.take()).map { BatchResult(pathBytes: $0, result: $1) }
    }

    private func classifyOne(_ path: [UInt8]) -> Result<Classification, ClassificationError> {
        do {
            return .success(try classify(pathBytes: path))
        } catch {
            return .failure(error)
        }
    }

    /// Classifies paths concurrently and streams the results in input order.
    ///
    /// Work proceeds a chunk at a time, so memory stays bounded however many paths come.
    /// - Parameters:
    ///   - paths: The paths.
    ///   - jobs: How many files to classify at once; the number of processors by default.
    /// - Returns: An asynchronous sequence of results, one per path, in the order given.
    public func classifications<Paths: Sequence & Sendable>(
        of paths: Paths,
        jobs: Int = Classifier.processorCount
    ) -> AsyncStream<BatchResult> where Paths.Element == String {
        AsyncStream(bufferingPolicy: .bufferingOldest(Self.batchChunkSize * 2)) { continuation in
            let task = Task.detached { [self] in
                var chunk: [[UInt8]] = []
                chunk.reserveCapacity(Self.batchChunkSize)
                func flush() async {
                    for result in classifyChunk(chunk, jobs: jobs) {
                        while case .dropped = continuation.yield(result) {
                            await Task.yield()
                            if Task.isCancelled { return }
                        }
                    }
                    chunk.removeAll(keepingCapacity: true)
                }
                for path in paths {
                    if Task.isCancelled { break }
                    chunk.append(Array(path.utf8))
                    if chunk.count == Self.batchChunkSize { await flush() }
                }
                if !chunk.isEmpty, !Task.isCancelled { await flush() }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// Slots that concurrent workers fill, each index by exactly one worker.
private final class ResultSlots: @unchecked Sendable {
    // Sound: the storage is allocated once and never moves; every index is written by one
    // worker only, and read after all have finished (concurrentPerform returns only when
    // every iteration is done).
    private let slots: UnsafeMutablePointer<Result<Classification, ClassificationError>?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: max(count, 1))
        slots.initialize(repeating: nil, count: max(count, 1))
    }

    deinit {
        slots.deinitialize(count: max(count, 1))
        slots.deallocate()
    }

    func store(_ index: Int, _ value: Result<Classification, ClassificationError>) {
        slots[index] = value
    }

    func take() -> [Result<Classification, ClassificationError>] {
        (0..<count).map { slots[$0] ?? .failure(ClassificationError(.ioError, "not classified")) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
