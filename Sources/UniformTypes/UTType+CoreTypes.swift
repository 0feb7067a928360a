// Apple's `UTType` core types, by Apple's Swift names, for code ported from Apple platforms.

extension UTType {
    /// The type `public.item`.
    public static let item = UTType.builtin("public.item")
    /// The type `public.content`.
    public static let content = UTType.builtin("public.content")
    /// The type `public.composite-content`.
    public static let compositeContent = UTType.builtin("public.composite-content")
    /// The type `public.disk-image`.
    public static let diskImage = UTType.builtin("public.disk-image")
    /// The type `public.data`.
    public static let data = UTType.builtin("public.data")
    /// The type `public.directory`.
    public static let directory = UTType.builtin("public.directory")
    /// The type `com.apple.resolvable`.
    public static let resolvable = UTType.builtin("com.apple.resolvable")
    /// The type `public.symlink`.
    public static let symbolicLink = UTType.builtin("public.symlink")
    /// The type `public.executable`.
    public static let executable = UTType.builtin("public.executable")
    /// The type `com.apple.mount-point`.
    public static let mountPoint = UTType.builtin("com.apple.mount-point")
    /// The type `com.apple.alias-file`.
    public static let aliasFile = UTType.builtin("com.apple.alias-file")
    /// The type `com.apple.bookmark`.
    public static let urlBookmarkData = UTType.builtin("com.apple.bookmark")
    /// The type `public.url`.
    public static let `url` = UTType.builtin("public.url")
    /// The type `public.file-url`.
    public static let fileURL = UTType.builtin("public.file-url")
    /// The type `public.text`.
    public static let text = UTType.builtin("public.text")
    /// The type `public.plain-text`.
    public static let plainText = UTType.builtin("public.plain-text")
    /// The type `public.utf8-plain-text`.
    public static let utf8PlainText = UTType.builtin("public.utf8-plain-text")
    /// The type `public.utf16-external-plain-text`.
    public static let utf16ExternalPlainText = UTType.builtin("public.utf16-external-plain-text")
    /// The type `public.utf16-plain-text`.
    public static let utf16PlainText = UTType.builtin("public.utf16-plain-text")
    /// The type `public.delimited-values-text`.
    public static let delimitedText = UTType.builtin("public.delimited-values-text")
    /// The type `public.comma-separated-values-text`.
    public static let commaSeparatedText = UTType.builtin("public.comma-separated-values-text")
    /// The type `public.tab-separated-values-text`.
    public static let tabSeparatedText = UTType.builtin("public.tab-separated-values-text")
    /// The type `public.utf8-tab-separated-values-text`.
    public static let utf8TabSeparatedText = UTType.builtin("public.utf8-tab-separated-values-text")
    /// The type `public.rtf`.
    public static let rtf = UTType.builtin("public.rtf")
    /// The type `public.html`.
    public static let html = UTType.builtin("public.html")
    /// The type `public.xml`.
    public static let xml = UTType.builtin("public.xml")
    /// The type `public.yaml`.
    public static let yaml = UTType.builtin("public.yaml")
    /// The type `public.source-code`.
    public static let sourceCode = UTType.builtin("public.source-code")
    /// The type `public.assembly-source`.
    public static let assemblyLanguageSource = UTType.builtin("public.assembly-source")
    /// The type `public.c-source`.
    public static let cSource = UTType.builtin("public.c-source")
    /// The type `public.objective-c-source`.
    public static let objectiveCSource = UTType.builtin("public.objective-c-source")
    /// The type `public.swift-source`.
    public static let swiftSource = UTType.builtin("public.swift-source")
    /// The type `public.c-plus-plus-source`.
    public static let cPlusPlusSource = UTType.builtin("public.c-plus-plus-source")
    /// The type `public.objective-c-plus-plus-source`.
    public static let objectiveCPlusPlusSource = UTType.builtin(
        "public.objective-c-plus-plus-source"
    )
    /// The type `public.c-header`.
    public static let cHeader = UTType.builtin("public.c-header")
    /// The type `public.c-plus-plus-header`.
    public static let cPlusPlusHeader = UTType.builtin("public.c-plus-plus-header")
    /// The type `public.script`.
    public static let script = UTType.builtin("public.script")
    /// The type `com.apple.applescript.text`.
    public static let appleScript = UTType.builtin("com.apple.applescript.text")
    /// The type `com.apple.applescript.script`.
    public static let osaScript = UTType.builtin("com.apple.applescript.script")
    /// The type `com.apple.applescript.script-bundle`.
    public static let osaScriptBundle = UTType.builtin("com.apple.applescript.script-bundle")
    /// The type `com.netscape.javascript-source`.
    public static let javaScript = UTType.builtin("com.netscape.javascript-source")
    /// The type `public.shell-script`.
    public static let shellScript = UTType.builtin("public.shell-script")
    /// The type `public.perl-script`.
    public static let perlScript = UTType.builtin("public.perl-script")
    /// The type `public.python-script`.
    public static let pythonScript = UTType.builtin("public.python-script")
    /// The type `public.ruby-script`.
    public static let rubyScript = UTType.builtin("public.ruby-script")
    /// The type `public.php-script`.
    public static let phpScript = UTType.builtin("public.php-script")
    /// The type `public.make-source`.
    public static let makefile = UTType.builtin("public.make-source")
    /// The type `public.json`.
    public static let json = UTType.builtin("public.json")
    /// The type `com.apple.property-list`.
    public static let propertyList = UTType.builtin("com.apple.property-list")
    /// The type `com.apple.xml-property-list`.
    public static let xmlPropertyList = UTType.builtin("com.apple.xml-property-list")
    /// The type `com.apple.binary-property-list`.
    public static let binaryPropertyList = UTType.builtin("com.apple.binary-property-list")
    /// The type `com.adobe.pdf`.
    public static let pdf = UTType.builtin("com.adobe.pdf")
    /// The type `com.apple.rtfd`.
    public static let rtfd = UTType.builtin("com.apple.rtfd")
    /// The type `com.apple.flat-rtfd`.
    public static let flatRTFD = UTType.builtin("com.apple.flat-rtfd")
    /// The type `com.apple.webarchive`.
    public static let webArchive = UTType.builtin("com.apple.webarchive")
    /// The type `public.image`.
    public static let image = UTType.builtin("public.image")
    /// The type `public.jpeg`.
    public static let jpeg = UTType.builtin("public.jpeg")
    /// The type `public.tiff`.
    public static let tiff = UTType.builtin("public.tiff")
    /// The type `com.compuserve.gif`.
    public static let gif = UTType.builtin("com.compuserve.gif")
    /// The type `public.png`.
    public static let png = UTType.builtin("public.png")
    /// The type `com.apple.icns`.
    public static let icns = UTType.builtin("com.apple.icns")
    /// The type `com.microsoft.bmp`.
    public static let bmp = UTType.builtin("com.microsoft.bmp")
    /// The type `com.microsoft.ico`.
    public static let ico = UTType.builtin("com.microsoft.ico")
    /// The type `public.camera-raw-image`.
    public static let rawImage = UTType.builtin("public.camera-raw-image")
    /// The type `public.svg-image`.
    public static let svg = UTType.builtin("public.svg-image")
    /// The type `com.apple.live-photo`.
    public static let livePhoto = UTType.builtin("com.apple.live-photo")
    /// The type `public.heif`.
    public static let heif = UTType.builtin("public.heif")
    /// The type `public.heic`.
    public static let heic = UTType.builtin("public.heic")
    /// The type `org.webmproject.webp`.
    public static let webP = UTType.builtin("org.webmproject.webp")
    /// The type `public.avif`.
    public static let avif = UTType.builtin("public.avif")
    /// The type `public.jpeg-xl`.
    public static let jpegxl = UTType.builtin("public.jpeg-xl")
    /// The type `public.3d-content`.
    public static let threeDContent = UTType.builtin("public.3d-content")
    /// The type `com.pixar.universal-scene-description`.
    public static let usd = UTType.builtin("com.pixar.universal-scene-description")
    /// The type `com.pixar.universal-scene-description-mobile`.
    public static let usdz = UTType.builtin("com.pixar.universal-scene-description-mobile")
    /// The type `com.apple.reality`.
    public static let realityFile = UTType.builtin("com.apple.reality")
    /// The type `com.apple.scenekit.scene`.
    public static let sceneKitScene = UTType.builtin("com.apple.scenekit.scene")
    /// The type `com.apple.arobject`.
    public static let arReferenceObject = UTType.builtin("com.apple.arobject")
    /// The type `public.audiovisual-content`.
    public static let audiovisualContent = UTType.builtin("public.audiovisual-content")
    /// The type `public.movie`.
    public static let movie = UTType.builtin("public.movie")
    /// The type `public.video`.
    public static let video = UTType.builtin("public.video")
    /// The type `public.audio`.
    public static let audio = UTType.builtin("public.audio")
    /// The type `com.apple.quicktime-movie`.
    public static let quickTimeMovie = UTType.builtin("com.apple.quicktime-movie")
    /// The type `public.mpeg`.
    public static let mpeg = UTType.builtin("public.mpeg")
    /// The type `public.mpeg-2-video`.
    public static let mpeg2Video = UTType.builtin("public.mpeg-2-video")
    /// The type `public.mpeg-2-transport-stream`.
    public static let mpeg2TransportStream = UTType.builtin("public.mpeg-2-transport-stream")
    /// The type `public.mp3`.
    public static let mp3 = UTType.builtin("public.mp3")
    /// The type `public.mpeg-4`.
    public static let mpeg4Movie = UTType.builtin("public.mpeg-4")
    /// The type `public.mpeg-4-audio`.
    public static let mpeg4Audio = UTType.builtin("public.mpeg-4-audio")
    /// The type `com.apple.protected-mpeg-4-audio`.
    public static let appleProtectedMPEG4Audio = UTType.builtin("com.apple.protected-mpeg-4-audio")
    /// The type `com.apple.protected-mpeg-4-video`.
    public static let appleProtectedMPEG4Video = UTType.builtin("com.apple.protected-mpeg-4-video")
    /// The type `public.avi`.
    public static let avi = UTType.builtin("public.avi")
    /// The type `public.aiff-audio`.
    public static let aiff = UTType.builtin("public.aiff-audio")
    /// The type `com.microsoft.waveform-audio`.
    public static let wav = UTType.builtin("com.microsoft.waveform-audio")
    /// The type `public.midi-audio`.
    public static let midi = UTType.builtin("public.midi-audio")
    /// The type `public.playlist`.
    public static let playlist = UTType.builtin("public.playlist")
    /// The type `public.m3u-playlist`.
    public static let m3uPlaylist = UTType.builtin("public.m3u-playlist")
    /// The type `public.folder`.
    public static let folder = UTType.builtin("public.folder")
    /// The type `public.volume`.
    public static let volume = UTType.builtin("public.volume")
    /// The type `com.apple.package`.
    public static let `package` = UTType.builtin("com.apple.package")
    /// The type `com.apple.bundle`.
    public static let bundle = UTType.builtin("com.apple.bundle")
    /// The type `com.apple.plugin`.
    public static let pluginBundle = UTType.builtin("com.apple.plugin")
    /// The type `com.apple.metadata-importer`.
    public static let spotlightImporter = UTType.builtin("com.apple.metadata-importer")
    /// The type `com.apple.quicklook-generator`.
    public static let quickLookGenerator = UTType.builtin("com.apple.quicklook-generator")
    /// The type `com.apple.xpc-service`.
    public static let xpcService = UTType.builtin("com.apple.xpc-service")
    /// The type `com.apple.framework`.
    public static let framework = UTType.builtin("com.apple.framework")
    /// The type `com.apple.application`.
    public static let application = UTType.builtin("com.apple.application")
    /// The type `com.apple.application-bundle`.
    public static let applicationBundle = UTType.builtin("com.apple.application-bundle")
    /// The type `com.apple.application-and-system-extension`.
    public static let applicationExtension = UTType.builtin(
        "com.apple.application-and-system-extension"
    )
    /// The type `public.unix-executable`.
    public static let unixExecutable = UTType.builtin("public.unix-executable")
    /// The type `com.microsoft.windows-executable`.
    public static let exe = UTType.builtin("com.microsoft.windows-executable")
    /// The type `com.apple.systempreference.prefpane`.
    public static let systemPreferencesPane = UTType.builtin("com.apple.systempreference.prefpane")
    /// The type `public.archive`.
    public static let archive = UTType.builtin("public.archive")
    /// The type `org.gnu.gnu-zip-archive`.
    public static let gzip = UTType.builtin("org.gnu.gnu-zip-archive")
    /// The type `public.bzip2-archive`.
    public static let bz2 = UTType.builtin("public.bzip2-archive")
    /// The type `public.zip-archive`.
    public static let zip = UTType.builtin("public.zip-archive")
    /// The type `com.apple.archive`.
    public static let appleArchive = UTType.builtin("com.apple.archive")
    /// The type `public.spreadsheet`.
    public static let spreadsheet = UTType.builtin("public.spreadsheet")
    /// The type `public.presentation`.
    public static let presentation = UTType.builtin("public.presentation")
    /// The type `public.database`.
    public static let database = UTType.builtin("public.database")
    /// The type `public.message`.
    public static let message = UTType.builtin("public.message")
    /// The type `public.contact`.
    public static let contact = UTType.builtin("public.contact")
    /// The type `public.vcard`.
    public static let vCard = UTType.builtin("public.vcard")
    /// The type `public.to-do-item`.
    public static let toDoItem = UTType.builtin("public.to-do-item")
    /// The type `public.calendar-event`.
    public static let calendarEvent = UTType.builtin("public.calendar-event")
    /// The type `public.email-message`.
    public static let emailMessage = UTType.builtin("public.email-message")
    /// The type `com.apple.internet-location`.
    public static let internetLocation = UTType.builtin("com.apple.internet-location")
    /// The type `com.microsoft.internet-shortcut`.
    public static let internetShortcut = UTType.builtin("com.microsoft.internet-shortcut")
    /// The type `public.font`.
    public static let font = UTType.builtin("public.font")
    /// The type `public.bookmark`.
    public static let bookmark = UTType.builtin("public.bookmark")
    /// The type `com.rsa.pkcs-12`.
    public static let pkcs12 = UTType.builtin("com.rsa.pkcs-12")
    /// The type `public.x509-certificate`.
    public static let x509Certificate = UTType.builtin("public.x509-certificate")
    /// The type `org.idpf.epub-container`.
    public static let epub = UTType.builtin("org.idpf.epub-container")
    /// The type `public.log`.
    public static let log = UTType.builtin("public.log")
    /// The type `com.apple.haptics.ahap`.
    public static let ahap = UTType.builtin("com.apple.haptics.ahap")
    /// The type `public.geojson`.
    public static let geoJSON = UTType.builtin("public.geojson")
}

extension UTType {
    /// A built-in type by identifier, for the static members.
    ///
    /// Should the identifier be
    /// missing from the built-in table (a test checks it is not), the member stays usable as an
    /// undeclared type that conforms to nothing but itself.
    static func builtin(_ identifier: String) -> UTType {
        let registry = TypeRegistry.builtin
        if let index = registry.index(of: identifier) {
            return UTType(registry: registry, index: index)
        }
        return UTType(
            registry: registry,
            dynamic: DynamicType(
                identifier: identifier,
                conformsTo: [],
                tags: [],
                ancestorBits: [],
                source: .dynamic
            )
        )
    }
}
