import Foundation
import MediaLibrary
import TestSupport
import Testing

@Suite struct SHA256Tests {
    @Test(
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
                    + "klmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ]
    )
    func knownVectors(message: String, expected: String) {
        #expect(SHA256.hex(SHA256.hash(Array(message.utf8))) == expected)
    }

    @Test func millionAsInUnevenChunks() {
        var hasher = SHA256()
        var remaining = 1_000_000
        var chunk = 1
        while remaining > 0 {
            let count = min(chunk, remaining)
            hasher.update([UInt8](repeating: UInt8(ascii: "a"), count: count))
            remaining -= count
            chunk = chunk % 997 + 13
        }
        #expect(
            SHA256.hex(hasher.finalize())
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        )
    }

    @Test(arguments: [55, 56, 63, 64, 65, 119, 120, 128])
    func paddingBoundariesMatchOneShot(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var hasher = SHA256()
        hasher.update(Array(bytes.prefix(length / 3)))
        hasher.update(Array(bytes.dropFirst(length / 3)))
        #expect(hasher.finalize() == SHA256.hash(bytes))
    }

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum")),
        arguments: ["clip.mov", "image.jpg", "audio.m4a", "clip.avi", "id3-large.mp3", "empty"]
    )
    func matchesSha256sum(fixture: String) throws {
        let path = fixturePath(fixture)
        let result = try runProgram("/usr/bin/sha256sum", [path])
        #expect(result.status == 0)
        let expected = String(result.output.prefix(64))
        #expect(try Files.sha256(path) == expected)
    }
}
