import MediaClassification
import TestSupport
import Testing
import UniformTypes

/// Tika's DITA rules are bare root elements (`map`, `topic`); a document must name DITA.
@Suite struct DITAMarkupTests {
    @Test func aMapMustNameDITA() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let dita = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">
            <map title="Guide"><topicref href="intro.dita"/></map>

            """
        let named = try classifier.classify(bytes: Array(dita.utf8), fileName: nil)
        #expect(named.type.preferredMIMEType == "application/dita+xml", "\(named.detail)")
        // An image map's markup, or any other vocabulary's root named map, is no DITA map.
        let other = "<?xml version=\"1.0\"?>\n<map name=\"nav\"><area shape=\"rect\"/></map>\n"
        let plain = try classifier.classify(bytes: Array(other.utf8), fileName: nil)
        #expect(plain.type.preferredMIMEType != "application/dita+xml", "\(plain.detail)")
        #expect(!WeakEvidence.holds(.ditaMarkup, head: Array(other.utf8), fileSize: 64))
    }
}
