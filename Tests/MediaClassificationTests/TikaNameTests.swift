import Foundation
import MediaClassification
import Testing
import UniformTypes

/// Tika names some formats otherwise than the registry's declarations (image/x-bpg,
/// image/icns, image/x-raw-canon): its signature's match is the declared type, with that
/// type's parents and preferred MIME type, not a dynamic type under public.data.
@Suite struct TikaNameTests {
    @Test func tikasNamesFoldOntoDeclaredTypes() throws {
        let classifier = Classifier(registry: .builtinOnly)
        let bpg: [UInt8] =
            Array("BPG".utf8) + [0xFB, 0x20, 0x00, 0x10, 0x10] + Array(repeating: 0, count: 24)
        let result = try classifier.classify(bytes: bpg, fileName: nil)
        #expect(result.type.identifier == "org.bellard.bpg", "\(result.detail)")
        #expect(result.mimeType == "image/bpg")
        #expect(result.type.conforms(to: .image))
        for (mimeType, identifier) in [
            ("image/icns", "com.apple.icns"), ("image/x-raw-canon", "com.canon.crw-raw-image"),
            ("application/x-nesrom", "com.nintendo.nes-rom"),
            ("application/x-chrome-package", "com.google.chrome.extension"),
            ("image/x-rgb", "com.sgi.sgi-image"),
        ] {
            let type = try #require(
                TypeRegistry.builtinOnly.type(tag: mimeType, tagClass: .mimeType, conformingTo: nil)
            )
            #expect(type.identifier == identifier, "\(mimeType)")
        }
    }

    /// ExifTool labels files with MIME names of its own (`-MIMEType`): each folds onto the
    /// type the registry declares for the format, so that its label finds the type.
    @Test func exifToolsNamesFoldOntoDeclaredTypes() throws {
        for (mimeType, identifier) in [
            ("application/x-magick-image", "org.imagemagick.miff"),
            ("image/x-j2c", "org.jpeg.jpeg-2000-codestream"), ("image/pcx", "com.zsoft.pcx"),
            ("video/mng", "org.libpng.mng"), ("audio/x-monkeys-audio", "com.monkeysaudio.ape"),
            ("image/pgf", "org.libpgf.pgf"), ("image/x-pfm", "net.sourceforge.netpbm.pfm"),
            ("image/x-fujifilm-raf", "com.fuji.raw-image"),
            ("video/x-red-r3d", "com.red.r3d-video"),
            ("image/x-tiff-big", "public.tiff"), ("application/itunes", "com.apple.itunes.artwork"),
            ("application/vnd.adobe.photoshop", "com.adobe.photoshop-image"),
        ] {
            let type = UTType(mimeType: mimeType)
            #expect(type?.identifier == identifier, "\(mimeType)")
        }
    }

    /// Every type the project's own signatures (Data/signatures-extra.xml) declare is one the
    /// registry declares too, so that its files get an identifier, a description and parents
    /// rather than a dynamic type under public.data.
    @Test func everyTypeOurSignaturesDeclareIsARegistryType() throws {
        let ours = SignatureDatabase.builtin.types.filter { $0.source == .extra }
        #expect(ours.count >= 60)
        for info in ours {
            let type = TypeRegistry.builtinOnly.type(
                tag: info.mimeType,
                tagClass: .mimeType,
                conformingTo: nil
            )
            #expect(type.map { !$0.isDynamic } == true, "\(info.mimeType)")
        }
    }
}
