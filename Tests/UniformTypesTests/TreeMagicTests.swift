import Foundation
import TestSupport
import Testing
import UniformTypes

#if canImport(Glibc)
import Glibc
#endif

/// GIO's own `g_content_type_guess_for_tree`, loaded from libgio when it is installed (there
/// is no `gio` command for it), to compare answers with.
enum GIOTreeGuess {
    typealias NewForPath = @convention(c) (UnsafePointer<CChar>) -> OpaquePointer?
    typealias GuessForTree =
        @convention(c) (OpaquePointer) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    typealias StrFreeV =
        @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
        -> Void
    typealias Unref = @convention(c) (OpaquePointer) -> Void

    struct Functions: @unchecked Sendable {
        let newForPath: NewForPath
        let guess: GuessForTree
        let freeStrings: StrFreeV
        let unref: Unref
    }

    /// The functions, or nil when libgio is not installed.
    static let functions: Functions? = {
        guard let gio = dlopen("libgio-2.0.so.0", RTLD_NOW),
            let newForPath = dlsym(gio, "g_file_new_for_path"),
            let guess = dlsym(gio, "g_content_type_guess_for_tree"),
            let freeStrings = dlsym(gio, "g_strfreev"),
            let unref = dlsym(gio, "g_object_unref")
        else { return nil }
        return Functions(
            newForPath: unsafeBitCast(newForPath, to: NewForPath.self),
            guess: unsafeBitCast(guess, to: GuessForTree.self),
            freeStrings: unsafeBitCast(freeStrings, to: StrFreeV.self),
            unref: unsafeBitCast(unref, to: Unref.self)
        )
    }()

    /// GIO's answer for a folder, or nil without libgio.
    static func contentTypes(forFolderAt path: String) -> [String]? {
        guard let functions, let file = functions.newForPath(path) else { return nil }
        defer { functions.unref(file) }
        guard let list = functions.guess(file) else { return [] }
        defer { functions.freeStrings(list) }
        var types: [String] = []
        var index = 0
        while let item = list[index] {
            types.append(String(cString: item))
            index += 1
        }
        return types
    }
}

/// Tree magic on folders built in the test: camera cards, video discs, an empty folder.
@Suite struct TreeMagicTests {
    /// The rules of shared-mime-info 2.4's `treemagic`, so that the answers do not depend on
    /// the machine; one test reads the system's file as well.
    static let rulesText = """
        MIME-TreeMagic\u{0}
        [50:x-content/audio-dvd]
        >"AUDIO_TS/AUDIO_TS.IFO"=file
        [50:x-content/image-dcf]
        >"dcim"=directory,non-empty
        [50:x-content/image-picturecd]
        >"PICTURES"=directory,match-case,non-empty
        [50:x-content/unix-software]
        >"autorun.sh"=file,match-case
        [50:x-content/video-bluray]
        >"BDAV"=directory,non-empty
        >"BDMV"=directory,non-empty
        [50:x-content/video-dvd]
        >"VIDEO_TS/VIDEO_TS.IFO"=file
        >"VIDEO_TS.IFO"=file
        [50:x-content/win32-software]
        >"autorun.exe"=file,executable
        >"autorun.inf"=file

        """
    static func rules() throws -> TreeMagic {
        try TreeMagic(parsing: Array(rulesText.utf8))
    }

    /// A folder holding `files` (paths; one ending in `/` is a folder).
    func tree(_ files: [String]) throws -> String {
        let root = try makeTemporaryFolder(prefix: "treemagic")
        for file in files {
            let path = root + "/" + file
            if file.hasSuffix("/") {
                try FileManager.default.createDirectory(
                    atPath: path,
                    withIntermediateDirectories: true
                )
            } else {
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true
                )
                try Data("x".utf8).write(to: URL(fileURLWithPath: path))
            }
        }
        return root
    }

    @Test(
        "Folders get what the rules give, as GIO reads them",
        arguments: [
            (["DCIM/100CANON/IMG_0001.JPG"], ["x-content/image-dcf"]),
            (["dcim/100MEDIA/clip.mp4"], ["x-content/image-dcf"]),
            (["DCIM/"], []),
            (["VIDEO_TS/VIDEO_TS.IFO", "VIDEO_TS/VTS_01_1.VOB"], ["x-content/video-dvd"]),
            (["video_ts/video_ts.ifo"], ["x-content/video-dvd"]),
            (["VIDEO_TS/VIDEO_TS.IFO/"], []),
            (["BDMV/index.bdmv"], ["x-content/video-bluray"]),
            ([], []),
            (["PICTURES/a.jpg"], ["x-content/image-picturecd"]),
            (["pictures/a.jpg"], []),
            (["autorun.inf"], ["x-content/win32-software"]),
            (["autorun.exe"], []),
            (["DCIM/a.jpg", "autorun.sh"], ["x-content/unix-software", "x-content/image-dcf"]),
        ]
    )
    func folderAnswers(_ files: [String], _ expected: [String]) throws {
        let root = try tree(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try Self.rules().contentTypes(forFolderAt: root) == expected, "\(files)")
        // GIO, with the system's rules, when both are installed.
        if FileManager.default.fileExists(atPath: TreeMagic.systemPath),
            let gio = GIOTreeGuess.contentTypes(forFolderAt: root)
        {
            #expect(try TreeMagic().contentTypes(forFolderAt: root) == gio, "\(files): GIO \(gio)")
        }
    }

    @Test func nestedConditionsMustHoldWithTheirParent() throws {
        let text = """
            MIME-TreeMagic\u{0}
            [80:x-content/test-high]
            >"a"=directory
            1>"a/b"=file
            1>"a/c"=file
            [20:x-content/test-low]
            >"a"=any

            """
        let magic = try TreeMagic(parsing: Array(text.utf8))
        #expect(magic.rules.map(\.contentType) == ["x-content/test-high", "x-content/test-low"])
        #expect(magic.rules[0].conditions[0].nested.count == 2)
        let withC = try tree(["a/c"])
        let withoutFile = try tree(["a/d"])
        defer {
            try? FileManager.default.removeItem(atPath: withC)
            try? FileManager.default.removeItem(atPath: withoutFile)
        }
        #expect(
            magic.contentTypes(forFolderAt: withC) == ["x-content/test-high", "x-content/test-low"]
        )
        #expect(magic.contentTypes(forFolderAt: withoutFile) == ["x-content/test-low"])
    }

    @Test func malformedRulesAreRefused() {
        for text in ["nope", "MIME-TreeMagic\u{0}\n>\"a\"=file\n", "MIME-TreeMagic\u{0}\n[x]\n"] {
            #expect(throws: TreeMagicError.self) { try TreeMagic(parsing: Array(text.utf8)) }
        }
        #expect(throws: TreeMagicError.self) {
            try TreeMagic(parsing: Array("MIME-TreeMagic\u{0}\n[50:x]\n>\"a\"=socket\n".utf8))
        }
    }

    @Test func theSystemRulesReadAndAgree() throws {
        guard FileManager.default.fileExists(atPath: TreeMagic.systemPath) else { return }
        let system = try TreeMagic()
        let root = try tree(["DCIM/100CANON/IMG_0001.JPG"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(system.contentTypes(forFolderAt: root) == ["x-content/image-dcf"])
    }

    @Test func aCameraCardGivesMoviesAndAnEmptyFolderAnything() throws {
        let card = try tree(["DCIM/100CANON/IMG_0001.JPG"])
        let disc = try tree(["VIDEO_TS/VIDEO_TS.IFO"])
        let empty = try tree([])
        defer {
            for root in [card, disc, empty] { try? FileManager.default.removeItem(atPath: root) }
        }
        let source = MediaSource.mounted(at: card, treeMagic: try Self.rules())
        #expect(source.availableMediaTypes == [.image, .movie])
        #expect(source.canGive(.movie))
        #expect(
            MediaSource.mounted(at: disc, treeMagic: try Self.rules()).availableMediaTypes == [
                .movie
            ]
        )
        #expect(
            MediaSource.mounted(at: empty, treeMagic: try Self.rules()).availableMediaTypes == [
                .data
            ]
        )
    }
}
