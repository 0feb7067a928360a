import Foundation
import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// A template, a slide show or a ringtone is its document's or its audio's bytes under
/// another extension: the name says which use, and nothing else overrides the content.
@Suite struct RoleVariantTests {
    static let classifier = Classifier(registry: .builtinOnly)

    @Test(arguments: [
        ("audio.m4a", "tone.m4r", "com.apple.mpeg-4-ringtone"),
        ("presentation.pptx", "show.ppsx", "org.openxmlformats.presentationml.slideshow"),
        ("presentation.pptx", "design.potx", "org.openxmlformats.presentationml.template"),
        ("document.docx", "letter.dotx", "org.openxmlformats.wordprocessingml.template"),
        ("spreadsheet.xlsx", "budget.xltx", "org.openxmlformats.spreadsheetml.template"),
        ("document.odt", "letter.ott", "org.oasis-open.opendocument.text-template"),
        ("spreadsheet.ods", "budget.ots", "org.oasis-open.opendocument.spreadsheet-template"),
        ("document.doc", "normal.dot", "com.microsoft.word.dot"),
        ("spreadsheet.xls", "budget.xlt", "com.microsoft.excel.xlt"),
        ("presentation.ppt", "show.pps", "com.microsoft.powerpoint.pps"),
        ("signatures/material.res", "level.scn", "org.godotengine.scene"),
    ])
    func theNameSaysTheUse(fixture: String, name: String, identifier: String) throws {
        let bytes = try fixtureBytes(fixture)
        let named = try Self.classifier.classify(bytes: bytes, fileName: name)
        #expect(named.type.identifier == identifier, "\(named.detail)")
        #expect(named.extensionAgrees == true)
        #expect(named.detail.contains("in another use"), "\(named.detail)")
        let bare = try Self.classifier.classify(bytes: bytes, fileName: nil)
        #expect(bare.type.identifier != identifier, "the bytes alone say the document")
    }

    /// A name claiming another format is no use of the content: the content stands.
    @Test(arguments: [
        ("audio.m4a", "song.mp3"), ("presentation.pptx", "letter.docx"),
        ("document.doc", "sheet.xlt"), ("document.odt", "budget.ots"),
    ])
    func anotherFormatsNameDoesNotDecide(fixture: String, name: String) throws {
        let bytes = try fixtureBytes(fixture)
        let named = try Self.classifier.classify(bytes: bytes, fileName: name)
        let bare = try Self.classifier.classify(bytes: bytes, fileName: nil)
        #expect(named.type == bare.type, "\(named.detail)")
        #expect(named.extensionAgrees == false)
    }
}
