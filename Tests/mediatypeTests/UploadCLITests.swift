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

    @Test func strictRejectsPolyglots() throws {
        let polyglot = fixturePath("polyglot/jpeg-zip.jpg")
        let lenient = try runMediatype(["accepts", "--allow", "image/*", polyglot])
        #expect(lenient.status == 0)
        let strict = try runMediatype([
            "accepts", "--json", "--strict", "--allow", "image/*", polyglot,
        ])
        #expect(strict.status == 1)
        let object = try #require((try parseJSON(strict.stdout) as? [[String: Any]])?.first)
        #expect(object["accepted"] as? Bool == false)
        #expect((object["reason"] as? String)?.hasPrefix("not safe to serve") == true)
        let findings = try #require(object["serveSafety"] as? [[String: Any]])
        #expect(findings.first?["kind"] as? String == "trailingData")
        #expect(findings.first?["appendedType"] as? String == "public.zip-archive")
        let clean = try runShell(
            "cat \"$1\" | \"$MEDIATYPE\" accepts --strict --allow 'image/*' -",
            [fixturePath("image.jpg")]
        )
        #expect(clean.status == 0, "\(clean.stdout)")
    }

    @Test func classifyReportsServeSafetyOnlyWhenAsked() throws {
        let svg = fixturePath("polyglot/svg-onload.svg")
        let asked = try runMediatype(["classify", "--json", "--serve-safety", svg])
        let object = try #require((try parseJSON(asked.stdout) as? [[String: Any]])?.first)
        let findings = try #require(object["serveSafety"] as? [[String: Any]])
        #expect(findings.first?["kind"] as? String == "scriptInSVG")
        #expect(findings.first?["offset"] as? Int == 63)
        let unasked = try runMediatype(["classify", "--json", svg])
        let plain = try #require((try parseJSON(unasked.stdout) as? [[String: Any]])?.first)
        #expect(plain["serveSafety"] is NSNull)
        let text = try runMediatype(["classify", "-b", "--serve-safety", svg])
        #expect(
            text.stdout.contains("[not safe to serve: an on... event handler"),
            "\(text.stdout)"
        )
    }
}
