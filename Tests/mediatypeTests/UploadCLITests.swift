import Foundation
import TestSupport
import Testing

/// `accepts --declared-type` and `--strict` with the real binary.
@Suite struct UploadCLITests {
    @Test func theDeclaredTypeIsComparedAndThePolicyDecides() throws {
        let png = fixturePath("image.png")
        let agreeing = try runMediatype(
            ["accepts", "--json", "--allow", "image/*", "--declared-type", "image/png", png]
        )
        #expect(agreeing.status == 0)
        let agreed = try #require((try parseJSON(agreeing.stdout) as? [[String: Any]])?.first)
        #expect(agreed["declaredType"] as? String == "image/png")
        #expect(agreed["disagreements"] as? [String] == [])

        let reported = try runMediatype(
            ["accepts", "--allow", "image/*", "--declared-type", "image/jpeg", png]
        )
        #expect(reported.status == 0, "content policy: reported, not rejected")
        #expect(reported.stdout.contains("the declared type image/jpeg disagrees with the content"))

        let rejected = try runShell(
            "\"$MEDIATYPE\" accepts --json --policy both --allow 'image/*'"
                + " --declared-type image/jpeg --name upload.jpg - < \"$1\"",
            [png]
        )
        #expect(rejected.status == 1)
        let object = try #require((try parseJSON(rejected.stdout) as? [[String: Any]])?.first)
        #expect(object["accepted"] as? Bool == false)
        #expect(object["disagreements"] as? [String] == ["name-content", "declared-content"])
    }

    @Test func aDeclaredTypeMustBeAMIMEType() throws {
        let run = try runMediatype(
            ["accepts", "--allow", "image/*", "--declared-type", "png", fixturePath("image.png")]
        )
        #expect(run.status == 64)
        #expect(run.stderr.contains("--declared-type takes a MIME type"))
    }
}
