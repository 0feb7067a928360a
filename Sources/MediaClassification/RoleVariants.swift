/// Formats whose files are another format's bytes put to another use, which only the name
/// tells: a template or a slide show that its application saves as it saves the document,
/// a ringtone that is an M4A file under another extension.
///
/// When the content reads as the document and the name claims one of its variants, the name
/// decides, as the applications do: PowerPoint opens a `.ppsx` as a slide show whatever its
/// package declares, and iTunes takes an `.m4r` as a ringtone. A name claiming any other
/// format still disagrees with the content.
enum RoleVariants {
    /// The content's type, then the types its files also serve as.
    static let table: [String: Set<String>] = {
        var table: [String: Set<String>] = [
            "com.apple.m4a-audio": ["com.apple.mpeg-4-ringtone"],
            "public.mpeg-4-audio": ["com.apple.mpeg-4-ringtone"],
            // A Godot scene is a resource of the class PackedScene; compressed, the class is
            // not visible.
            "org.godotengine.resource": ["org.godotengine.scene"],
            "com.microsoft.word.doc": ["com.microsoft.word.dot"],
            "com.microsoft.excel.xls": ["com.microsoft.excel.xlt"],
            "com.microsoft.powerpoint.ppt": [
                "com.microsoft.powerpoint.pps", "com.microsoft.powerpoint.pot",
            ],
            "org.openxmlformats.wordprocessingml.document": [
                "org.openxmlformats.wordprocessingml.template"
            ],
            "org.openxmlformats.wordprocessingml.document.macroenabled": [
                "org.openxmlformats.wordprocessingml.template.macroenabled"
            ],
            "org.openxmlformats.spreadsheetml.sheet": ["org.openxmlformats.spreadsheetml.template"],
            "org.openxmlformats.spreadsheetml.sheet.macroenabled": [
                "org.openxmlformats.spreadsheetml.template.macroenabled"
            ],
            "org.openxmlformats.presentationml.presentation": [
                "org.openxmlformats.presentationml.slideshow",
                "org.openxmlformats.presentationml.template",
            ],
            "org.openxmlformats.presentationml.presentation.macroenabled": [
                "org.openxmlformats.presentationml.slideshow.macroenabled",
                "org.openxmlformats.presentationml.template.macroenabled",
            ],
        ]
        // OpenDocument and OpenOffice.org 1 templates: the document's package under another
        // extension (`.ott`, `.stw`), as older versions saved them.
        for document in [
            "org.oasis-open.opendocument.text", "org.oasis-open.opendocument.spreadsheet",
            "org.oasis-open.opendocument.presentation", "org.oasis-open.opendocument.graphics",
            "org.oasis-open.opendocument.chart", "org.oasis-open.opendocument.image",
            "org.oasis-open.opendocument.formula", "org.openoffice.text",
            "org.openoffice.spreadsheet", "org.openoffice.presentation", "org.openoffice.graphics",
        ] {
            table[document, default: []].insert(document + "-template")
        }
        return table
    }()

    /// Whether `claim` is a use of `content`'s files that the bytes do not tell.
    static func isVariant(_ claim: String, of content: String) -> Bool {
        table[content]?.contains(claim) ?? false
    }
}
