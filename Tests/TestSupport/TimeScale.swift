#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much slower this build runs than a plain one, for the loose time bounds of tests that
/// catch runaway work: 10 when a sanitizer's runtime is linked in, else 1;
/// `MEDIATYPE_TIME_SCALE` overrides it.
public let timeScaleUnderSanitizers: Int = {
    if let written = getenv("MEDIATYPE_TIME_SCALE"), let scale = Int(String(cString: written)),
        scale >= 1
    {
        return scale
    }
    let instrumented = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil
    return instrumented ? 10 : 1
}()
