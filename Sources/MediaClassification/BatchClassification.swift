import Dispatch
import UniformTypes

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
            // Each worker takes the next unclassified path, so a slow file holds up no one.
            let next = Locked(0)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let index = next.withLock { value -> Int in
                        defer { value += 1 }
                        return value
                    }
                    guard index < paths.count else { return }
                    slots.store(index, classifyOne(paths[index]))
                }
            }
        }
        return zip(paths, slots.take()).map { BatchResult(pathBytes: $0, result: $1) }
    }

    /// Starts classifying a chunk of paths on `jobs` workers and returns at once.
    ///
    /// The caller emits the previous chunk's results meanwhile, so the workers do not wait for
    /// the output between chunks. ``ChunkInFlight/results()`` waits for this one.
    package func startChunk(_ paths: [[UInt8]], jobs: Int) -> ChunkInFlight {
        let chunk = ChunkInFlight()
        chunk.finished.enter()
        DispatchQueue.global().async {
            let results = self.classifyChunk(paths, jobs: jobs)
            chunk.slot.withLock { $0 = results }
            chunk.finished.leave()
        }
        return chunk
    }

    /// Classifies a chunk of paths on `jobs` workers and hands each result to `body`, on the
    /// calling thread, as soon as it is ready (not in input order).
    package func classifyChunkAsTheyFinish(
        _ paths: [[UInt8]],
        jobs: Int,
        body: (BatchResult) -> Void
    ) {
        guard !paths.isEmpty else { return }
        let finished = Locked<[BatchResult]>([])
        let ready = DispatchSemaphore(value: 0)
        let next = Locked(0)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(jobs, paths.count)) {
            DispatchQueue.global().async(group: group) {
                while true {
                    let index = next.withLock { value -> Int in
                        defer { value += 1 }
                        return value
                    }
                    guard index < paths.count else { return }
                    let result = BatchResult(
                        pathBytes: paths[index],
                        result: self.classifyOne(paths[index])
                    )
                    finished.withLock { $0.append(result) }
                    ready.signal()
                }
            }
        }
        var delivered = 0
        while delivered < paths.count {
            ready.wait()
            let batch = finished.withLock { results -> [BatchResult] in
                defer { results.removeAll(keepingCapacity: true) }
                return results
            }
            for result in batch { body(result) }
            delivered += batch.count
        }
        group.wait()
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
    /// Work proceeds a chunk at a time, on Dispatch's threads rather than the tasks'
    /// cooperative pool (file reads block), and only as the results are consumed, so memory
    /// stays bounded however many paths come.
    /// - Parameters:
    ///   - paths: The paths.
    ///   - jobs: How many files to classify at once; the number of processors by default.
    /// - Returns: An asynchronous sequence of results, one per path, in the order given.
    public func classifications<Paths: Sequence & Sendable>(
        of paths: Paths,
        jobs: Int = Classifier.processorCount
    ) -> BatchClassifications<Paths> where Paths.Element == String {
        BatchClassifications(classifier: self, paths: paths, jobs: jobs)
    }
}

/// The results of a batch, classified a chunk at a time as they are consumed.
public struct BatchClassifications<Paths: Sequence & Sendable>: AsyncSequence, Sendable
where Paths.Element == String {
    /// One result per path.
    public typealias Element = BatchResult

    let classifier: Classifier
    let paths: Paths
    let jobs: Int

    /// Creates the iterator.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(classifier: classifier, paths: paths.makeIterator(), jobs: jobs)
    }

    /// Classifies the next chunk when the previous one is used up.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let classifier: Classifier
        var paths: Paths.Iterator
        let jobs: Int
        var buffer: [BatchResult] = []
        var position = 0

        /// The next result, or nil after the last path.
        public mutating func next() async -> BatchResult? {
            if position == buffer.count {
                var chunk: [[UInt8]] = []
                while chunk.count < Classifier.batchChunkSize, let path = paths.next() {
                    chunk.append(Array(path.utf8))
                }
                guard !chunk.isEmpty else { return nil }
                let classifier = self.classifier
                let jobs = self.jobs
                let work = chunk
                buffer = await withCheckedContinuation { continuation in
                    DispatchQueue.global().async {
                        continuation.resume(returning: classifier.classifyChunk(work, jobs: jobs))
                    }
                }
                position = 0
            }
            defer { position += 1 }
            return buffer[position]
        }
    }
}

/// A chunk of paths being classified in the background (``Classifier/startChunk(_:jobs:)``).
package final class ChunkInFlight: Sendable {
    fileprivate let finished = DispatchGroup()
    fileprivate let slot = Locked<[BatchResult]>([])

    fileprivate init() {}

    /// The chunk's results in input order, once every path is classified.
    package func results() -> [BatchResult] {
        finished.wait()
        return slot.withLock { $0 }
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
