import Foundation
import TestSupport
import Testing

/// Without /proc the Swift runtime gives the program no arguments: mediatype says so and
/// exits 71 instead of trapping.
@Suite struct NoProcTests {
    static let canHideProc =
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare")

    @Test(.enabled(if: canHideProc, "hiding /proc needs root and unshare(1)"))
    func withoutProcTheBinarySaysWhy() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = [
            "--mount", "/bin/sh", "-c", "mount -t tmpfs none /proc && exec \"$0\" classify \"$1\"",
            mediatypeBinary.path, fixturePath("image.png"),
        ]
        let result = try collect(process)
        #expect(result.status == 71, "\(result.stderr)")
        #expect(result.stderr.contains("is /proc mounted?"))
        #expect(result.stdout.isEmpty)
    }
}
