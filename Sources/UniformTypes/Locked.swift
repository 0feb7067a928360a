#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t`.
///
/// Used instead of `Synchronization.Mutex` because ThreadSanitizer, as shipped with this
/// toolchain on Linux, does not see `Mutex`'s lock and reports races that are not there;
/// a pthread mutex it understands, so the sanitizer pass in CI stays meaningful.
package final class Locked<Value>: @unchecked Sendable {
    // Sound: `value` is only touched between `pthread_mutex_lock` and `_unlock` on `mutex`,
    // which is allocated once and never moves.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // Exclusivity is the mutex's job; the run-time check would only add cost.
    @exclusivity(unchecked) private var value: Value

    /// Creates a lock around an initial value.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
