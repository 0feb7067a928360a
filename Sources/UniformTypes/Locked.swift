#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `pthread_mutex_t` that never moves.
///
/// Used instead of `Synchronization.Mutex` because ThreadSanitizer, as shipped with this
/// toolchain on Linux, does not see `Mutex`'s lock and reports races that are not there;
/// a pthread mutex it understands, so the sanitizer pass in CI stays meaningful.
package final class PthreadMutex: @unchecked Sendable {
    // Sound: the mutex is allocated once, never moves, and is only used through
    // pthread calls, which are thread-safe.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates an unlocked mutex.
    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    @inline(__always)
    package func withLock<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value behind a ``PthreadMutex``.
package final class Locked<Value>: @unchecked Sendable {
    // Sound: `value` is only touched while `mutex` is held.
    private let mutex = PthreadMutex()
    // Exclusivity is the mutex's job; the run-time check would only add cost.
    @exclusivity(unchecked) private var value: Value

    /// Creates a lock around an initial value.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try mutex.withLock { () throws(Failure) -> Result in try body(&value) }
    }

    /// The value, made by `make` (holding the lock) the first time it is asked for.
    package func value<Wrapped>(orMake make: () -> Wrapped) -> Wrapped where Value == Wrapped? {
        withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }
}
