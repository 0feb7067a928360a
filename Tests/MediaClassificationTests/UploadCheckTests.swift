import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// The three-way check of an upload: the declared Content-Type, the name and the bytes.
@Suite struct UploadCheckTests {
    let classifier = Classifier(registry: .builtinOnly)

    private func decide(
        _ file: String,
        allowed: String,
        policy: AcceptancePolicy = .content,
        declared: String?
    ) throws -> AcceptanceDecision {
        try classifier.decide(
            fileAt: fixturePath(file),
            allowed: AllowedContentTypes(parsing: allowed),
            policy: policy,
            declaredMIMEType: declared
        )
    }

    @Test func aDeclaredTypeThatAgreesIsSaidToAgree() throws {
        let decision = try decide("image.png", allowed: "image/*", declared: "image/png")
        #expect(decision.accepted)
        #expect(decision.disagreements.isEmpty)
        #expect(decision.declaredType?.identifier == "public.png")
        #expect(
            decision.reason.hasSuffix("the declared type image/png agrees"),
            "\(decision.reason)"
        )
    }

    @Test func parametersAndCaseAreIgnored() throws {
        let decision = try decide(
            "image.png",
            allowed: "image/*",
            declared: " Image/PNG ; charset=binary"
        )
        #expect(decision.declaredMIMEType == "image/png")
        #expect(decision.disagreements.isEmpty)
    }

    @Test func aDisagreementIsReportedUnderContentAndRejectsUnderBoth() throws {
        let content = try decide("image.png", allowed: "image/*", declared: "image/jpeg")
        #expect(content.accepted)
        #expect(content.disagreements == [.declaredAndContent, .declaredAndName])
        #expect(content.reason.contains("the declared type image/jpeg disagrees with the content"))
        let both = try decide(
            "image.png",
            allowed: "image/*",
            policy: .both,
            declared: "image/jpeg"
        )
        #expect(!both.accepted)
        #expect(both.matchedBy == nil)
        #expect(both.reason.contains("disagrees with the content"), "\(both.reason)")
        // Without a declared type, both accepts the same file.
        let undeclared = try decide("image.png", allowed: "image/*", policy: .both, declared: nil)
        #expect(undeclared.accepted)
    }

    @Test func theReasonSaysWhichPairsDisagree() throws {
        // A PDF named .jpg and declared as a JPEG: the client and the name agree, the bytes
        // do not.
        let decision = try decide("pdf-named.jpg", allowed: "image/*", declared: "image/jpeg")
        #expect(!decision.accepted)
        #expect(decision.disagreements == [.nameAndContent, .declaredAndContent])
        #expect(!decision.reason.contains("extension's"), "\(decision.reason)")
        // The bytes and the name agree; only the client lies.
        let lying = try decide("document.pdf", allowed: ".pdf", declared: "image/png")
        #expect(lying.disagreements == [.declaredAndContent, .declaredAndName])
    }

    @Test func anUnknowingClientClaimsNothing() throws {
        for declared in ["application/octet-stream", "binary/octet-stream"] {
            let decision = try decide(
                "image.png",
                allowed: "image/*",
                policy: .both,
                declared: declared
            )
            #expect(decision.accepted, "\(declared)")
            #expect(decision.disagreements.isEmpty)
        }
    }

    @Test func plainTextAgreesWithText() throws {
        let json = try decide("data.json", allowed: "public.text", declared: "text/plain")
        #expect(json.disagreements.isEmpty, "\(json.reason)")
        let csv = try decide("table.csv", allowed: "public.text", declared: "text/plain")
        #expect(csv.disagreements.isEmpty, "\(csv.reason)")
    }

    @Test func anUnknownDeclaredTypeAgreesWithNothing() throws {
        let decision = try decide(
            "image.png",
            allowed: "image/*",
            declared: "application/x-no-such-thing"
        )
        #expect(decision.declaredType == nil)
        #expect(decision.disagreements.contains(.declaredAndContent))
    }

    @Test func anUploadBodyIsJudgedFromItsChunks() async throws {
        let bytes = try fixtureBytes("pdf-named.jpg")
        let decision = try await classifier.decide(
            chunks: CountingChunks(bytes, size: 1000),
            fileName: "pdf-named.jpg",
            declaredMIMEType: "image/jpeg",
            allowed: AllowedContentTypes(parsing: "image/*,.pdf"),
            policy: .both
        )
        #expect(!decision.accepted)
        #expect(decision.classification.type.identifier == "com.adobe.pdf")
        #expect(decision.disagreements.contains(.declaredAndContent))
    }
}
