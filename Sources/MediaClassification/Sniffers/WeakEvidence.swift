/// Checks behind the signatures that a few bytes of unrelated data match.
///
/// Some formats are known to a signature source (Tika, shared-mime-info, libmagic) only by two
/// or four bytes: a zlib header is two bytes whose value is a multiple of 31, a DOS `.COM`
/// program has no header at all (libmagic guesses from the first instruction), an LATM stream
/// is an 11-bit sync word, a 3D Studio file the two bytes `MM`, and TGA has no magic at all.
/// On random or compressed data about one file in a hundred matches one of them. Others are
/// text a loose rule takes (SubRip: a `1` and an arrow nearby), or a name two vocabularies
/// share (libmagic's `application/x-cdf` is NASA's format, the tables' a compound file). Each
/// check reads a little further, as the format's own reader would, and a claim the bytes do
/// not bear out is dropped.
package enum WeakEvidence {
    /// What is read behind a signature.
    package enum Check: CaseIterable, Sendable {
        case zlibStream, executableHeader, loasFrames, threeDStudio, targaHeader, subRipCue
        case compoundFileHeader, modelicaClass, matlabFunction, graphvizGraph
        case mpl2Cue, microDVDCue, emacsLispBytecode, emacsLispForm, cSource, commodoreBasic
        case atariMSA, shellInterpreter, dBaseMemo, markupAfterComments, htmlMarkup
        case mathematicaCode, dibHeader, resourceForkSuitcase, shockwaveHeader, flashVideoHeader
        case transportPackets, arcHeader, gzipHeader, riffAVI, uuencodeHeader, asciiSTL
        case ditaMarkup, dosDeviceDriver, qmlImport
    }

    /// The types whose signatures are checked, and the check for each; the classifier
    /// resolves them against its registry once.
    static let checkedTypes: [(identifier: String, check: Check)] = [
        ("net.zlib.zlib", .zlibStream), ("com.microsoft.dos-executable", .executableHeader),
        ("public.mp4a-loas", .loasFrames), ("public.mp4a-latm", .loasFrames),
        ("com.autodesk.3ds", .threeDStudio), ("com.truevision.tga-image", .targaHeader),
        ("org.subrip.srt", .subRipCue),
        ("com.microsoft.compound-file", .compoundFileHeader),
        ("org.modelica.modelica-source", .modelicaClass),
        ("com.mathworks.matlab-source", .matlabFunction),
        ("org.graphviz.dot", .graphvizGraph),
        ("org.gnu.emacs-lisp-bytecode", .emacsLispBytecode),
        ("org.gnu.emacs-lisp-source", .emacsLispForm), ("public.c-source", .cSource),
        ("com.commodore.basic", .commodoreBasic), ("com.atari.msa-disk-image", .atariMSA),
        ("public.shell-script", .shellInterpreter), ("com.dbase.memo", .dBaseMemo),
        ("public.html", .htmlMarkup), ("public.xml", .markupAfterComments),
        ("com.apple.truetype-datafork-suitcase-font", .resourceForkSuitcase),
        ("com.adobe.shockwave-flash", .shockwaveHeader),
        ("com.adobe.flash.video", .flashVideoHeader),
        ("public.mpeg-2-transport-stream", .transportPackets),
        ("public.avchd-mpeg-2-transport-stream", .transportPackets),
        ("com.sea.arc-archive", .arcHeader), ("org.gnu.gnu-zip-archive", .gzipHeader),
        ("public.avi", .riffAVI), ("public.uuencoded-archive", .uuencodeHeader),
        ("public.standard-tesselated-geometry-format", .asciiSTL),
        ("com.microsoft.dos-driver", .dosDeviceDriver), ("org.qt.qml", .qmlImport),
    ]

    /// Checks for types the registry knows only from the system MIME database (`dyn.`
    /// identifiers), by their MIME type.
    static let checkedMIMETypes: [String: Check] = [
        "text/x-mpl2": .mpl2Cue, "text/x-microdvd": .microDVDCue,
        "application/mathematica": .mathematicaCode, "image/x-dib": .dibHeader,
        "video/x-javafx": .flashVideoHeader, "application/dita+xml": .ditaMarkup,
    ]

    /// Whether the head bears out a signature's claim that calls for the check.
    ///
    /// - Parameters:
    ///   - check: The check of the type a signature or libmagic named.
    ///   - head: The file's first bytes.
    ///   - fileSize: The file's size (the head's, for a stream's prefix).
    /// - Returns: False when the check refutes the claim.
    package static func holds(_ check: Check, head: [UInt8], fileSize: UInt64) -> Bool {
        switch check {
        case .zlibStream: return zlibStream(head)
        case .executableHeader:
            // An MZ executable says so; libmagic's other guesses read one x86 instruction.
            return head.starts(with: [0x4D, 0x5A]) || head.starts(with: [0x5A, 0x4D])
        case .loasFrames: return loasFrames(head, fileSize: fileSize)
        case .threeDStudio: return threeDStudio(head)
        // TGA has no magic; libmagic's rule reads a few header fields. The whole header
        // must hold, as for the TGA reader (which also walks the pixel data).
        case .targaHeader: return RasterImageSniffer.tgaHeaderHolds(head)
        // SubRip's signatures are a `1` and a line starting `00`, or `1` and ` --> ` nearby.
        case .subRipCue: return subRipCue(head)
        // libmagic names NASA's Common Data Format `application/x-cdf`, the spelling the
        // tables give the compound file, and knows version 2.5 of it by `00 00 FF FF` alone,
        // which raw pixel data starts with as often as not. A compound file has its own
        // eight-byte signature.
        case .compoundFileHeader: return head.starts(with: ContainerSniffer.compoundFileSignature)
        // shared-mime-info knows Modelica by a keyword at the start (`class`, `model`,
        // `function`, `record`), as Groovy, Java, TypeScript, JavaScript and MATLAB start.
        case .modelicaClass: return modelicaClass(head, fileSize: fileSize)
        // shared-mime-info's MATLAB rule is the word `function` at the start, as JavaScript,
        // Julia, Lua, PHP and shell functions open; MATLAB's function line has no brace,
        // and MATLAB shows itself by a mark of its own.
        case .matlabFunction: return !opensWithBracedFunction(head) && showsMATLAB(head)
        // shared-mime-info's and Tika's Graphviz rules are `graph ` or `digraph ` at the start,
        // as Mermaid's flowcharts (`graph TD`) open too; DOT's grammar puts a brace next.
        case .graphvizGraph: return graphvizGraph(head)
        // shared-mime-info's subtitle rules are `[1]`, `[0]` or `][` (MPL2) and `{1}`, `{0}`
        // or `}{` (MicroDVD) near the start, as a list of references (`[1] A. Author`) or
        // numbered points open; a cue is two times (frames) in brackets, then the text.
        case .mpl2Cue: return bracketedCue(head, open: UInt8(ascii: "["), close: UInt8(ascii: "]"))
        case .microDVDCue:
            return bracketedCue(head, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"))
        // Tika's compiled-Lisp rule and shared-mime-info's Emacs Lisp rule take a newline
        // and a parenthesis at the start (Emacs 18's byte-compiled files opened so), as a
        // note in parentheses after a blank line does. Bytecode since Emacs 19 says `;ELC`;
        // the older form calls `byte-code` in its first definitions; source opens with a
        // top-level definition.
        case .emacsLispBytecode:
            return head.starts(with: Array(";ELC".utf8))
                || (emacsLispForm(head) && TextSniffer.contains(head[...], "(byte-code "))
        case .emacsLispForm: return emacsLispForm(head)
        // shared-mime-info's C rule is a comment (`/*`, `//`) at the start, as licence headers
        // open Swift, PHP, CSS and JavaScript; C shows a preprocessor line or a declaration.
        case .cSource: return cSource(head)
        // libmagic knows a Commodore BASIC program by its load address (two bytes, such as
        // 01 08), which headerless audio frames and other data start with.
        case .commodoreBasic: return commodoreBasic(head, fileSize: fileSize)
        // Tika's MSA rule is the two bytes 0E 0F; the rest of the header is a floppy's.
        case .atariMSA: return atariMSA(head)
        // Tika's shell rule is `#!/` at the start, which any interpreter line opens with;
        // on bytes that are not text (a script's binary payload) the line must name a shell.
        case .shellInterpreter:
            guard let script = TextSniffer.shebang(head[...]) else { return true }
            return TextSniffer.shellScriptTypes.contains(script.identifier)
        // libmagic knows a dBase memo file by its first four bytes, the next free block's
        // number, and zeros after them, which a ROM or raw data opens with as often.
        case .dBaseMemo: return dBaseMemo(head, fileSize: fileSize)
        // shared-mime-info's HTML rule and Tika's XML rule take a first `<!--` alone; a
        // Markdown page or a template opens with a licence comment as often (REUSE's SPDX
        // header), and text follows it.
        case .markupAfterComments: return markupAfterComments(head, fileSize: fileSize)
        // shared-mime-info's HTML rules (and libmagic's) find `<html`, `<head`, `<body` or
        // `<title` anywhere in the first bytes, which a script or a settings file quotes in a
        // string (`body="<h1>..."` in a .env file), or take a first `<!--` before an XML
        // document's root (a logback or Spring file after a licence comment).
        case .htmlMarkup:
            return markupAfterComments(head, fileSize: fileSize) && htmlMarkup(head)
                && rootMayBeHTML(head)
        // Tika knows Mathematica only by a first `(* ` or `(**`, the comment that OCaml,
        // Standard ML, Pascal, Modula-2, Coq and Isabelle open with as well.
        case .mathematicaCode: return mathematicaCode(head)
        // shared-mime-info knows a headerless bitmap (DIB) by its info header's size, 40, in
        // the first four bytes, as little-endian records and tables start; the header's
        // dimensions, one plane and a bit depth follow.
        case .dibHeader: return dibHeader(head)
        // libmagic's device-driver rule is FF FF FF FF and a few attribute bits clear, as
        // raw white pixels are; a driver's header goes on with its entry points.
        case .dosDeviceDriver: return dosDeviceDriver(head, fileSize: fileSize)
        // shared-mime-info's QML rule is `import Qt` anywhere in 3,000 bytes and a `{` after
        // it, which Python's `from PyQt5 import QtCore` and a comment's brace have; QML's
        // import is a statement of its own line.
        case .qmlImport: return qmlImport(head)
        // libmagic calls every resource fork whose data starts at 256 a data-fork font
        // suitcase; a fork whose map the head holds is one only when it lists `sfnt`.
        case .resourceForkSuitcase:
            guard let types = FontSniffer.resourceTypes(head, fileSize: fileSize) else {
                return true
            }
            return types.contains("sfnt")
        // Tika's Flash rules are `FWS` and `CWS` alone, as a line of text about the CWS
        // project opens; the header goes on with a version and a length, and a compressed
        // movie's body is a zlib or an LZMA stream.
        case .shockwaveHeader: return shockwaveHeader(head, fileSize: fileSize)
        // Tika's and shared-mime-info's FLV rules (JavaFX's video is FLV) are `FLV` alone, as
        // release notes for "FLV Studio" open; the header goes on with version 1, the two
        // stream flags and its own size.
        case .flashVideoHeader:
            guard head.count >= 9, head[3] == 0x01, head[4] & 0xFA == 0,
                let size = MediaBytes.u32be(head, 5)
            else { return false }
            return size >= 9 && size <= 1024
        // shared-mime-info's ARC rule is 1A, a method byte and two bytes below 0x80 (the
        // start of the first member's name), which text after a control byte has; the
        // header goes on with a name of 12 characters at most and the member's size.
        case .arcHeader: return arcHeader(head, fileSize: fileSize)
        // The gzip rules are 1F 8B alone; a member's header is ten bytes, with the method
        // (8, deflate, the only one defined) and flags whose top three bits are reserved.
        case .gzipHeader:
            return head.count >= 10 && head[2] == 8 && head[3] & 0xE0 == 0 && fileSize >= 18
        // Tika's AVI rule has a second branch, `AVI ` at 8 alone; an AVI file is a RIFF
        // form, which the RIFF parser reads, so the form's header must be there.
        case .riffAVI: return ByteFields.matches(head, at: 0, "RIFF")
        // The uuencode rules are `begin ` alone, as a sentence can open; the header line
        // goes on with the file's mode in octal and its name (or is `begin-base64 `).
        case .uuencodeHeader: return uuencodeHeader(head)
        // The ASCII STL rules are `solid` alone, as a sentence can open; the model goes on
        // with its facets (a binary STL's 80-byte header may say `solid` too, and is not
        // text).
        case .asciiSTL:
            return TextSniffer.textKind(head, from: 0, complete: false) == nil
                || TextSniffer.contains(head[...], "facet")
                || TextSniffer.contains(head[...], "endsolid")
        // shared-mime-info's transport-stream rule is a `G` every 188 bytes, as a DNA
        // sequence of period 4 has; the packets' headers must read as a stream's.
        case .transportPackets:
            return MPEGStreamSniffer.sniffTransportStream(SniffInput(bytes: head)) != nil
        // Tika's DITA rules are root elements without a namespace, `map`, `topic`, `task`,
        // which Tiled's maps and many another vocabulary have too. DITA documents name
        // themselves: the OASIS DITA document type, or the DITA architecture namespace.
        case .ditaMarkup:
            let window = head.prefix(4096)
            return TextSniffer.contains(window, "DITA") || TextSniffer.contains(window, "ditaarch")
        }
    }

    /// Whether the head opens with a uuencoded file's header line: `begin`, the mode in three
    /// or four octal digits and a name, or `begin-base64` and its mode (POSIX uuencode).
    static func uuencodeHeader(_ head: [UInt8]) -> Bool {
        var rest = head[...]
        if rest.starts(with: "begin-base64 ".utf8) {
            rest = rest.dropFirst(13)
        } else if rest.starts(with: "begin ".utf8) {
            rest = rest.dropFirst(6)
        } else {
            return false
        }
        let mode = rest.prefix { $0 >= 0x30 && $0 <= 0x37 }
        guard (3...4).contains(mode.count), rest.dropFirst(mode.count).first == 0x20 else {
            return false
        }
        let name = rest.dropFirst(mode.count + 1).prefix { $0 != 0x0A && $0 != 0x0D }
        return !name.isEmpty
    }

    /// Whether the head opens with an ARC member's header: 1A, a method (1 to 20), a name
    /// of one to twelve printable characters ended by a NUL in its 13 bytes, and a stored
    /// size that fits the file after the 29-byte header (the old method 1 has 25).
    static func arcHeader(_ head: [UInt8], fileSize: UInt64) -> Bool {
        guard head.count >= 29, head[0] == 0x1A, (1...20).contains(head[1]),
            let end = head[2..<15].firstIndex(of: 0), end > 2,
            head[2..<end].allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
            let size = MediaBytes.u32le(head, 15)
        else { return false }
        return UInt64(size) + (head[1] == 1 ? 25 : 29) <= fileSize
    }

    /// Whether the head goes on as an SWF movie's header after `FWS`, `CWS` or `ZWS`: a
    /// version (1 to 100), the movie's length (little-endian, under 512 MiB, which every
    /// length that is four characters of text exceeds), and for a compressed movie a zlib
    /// header at 8 or, for LZMA, a compressed length that fits the file and the LZMA
    /// properties byte.
    static func shockwaveHeader(_ head: [UInt8], fileSize: UInt64) -> Bool {
        guard head.count >= 10, (1...100).contains(head[3]),
            let length = MediaBytes.u32le(head, 4), length < 0x2000_0000
        else { return false }
        switch head[0] {
        case UInt8(ascii: "C"): return isZlibHeader(head[8], head[9])
        case UInt8(ascii: "Z"):
            guard head.count >= 13, let packed = MediaBytes.u32le(head, 8) else { return false }
            return UInt64(packed) <= fileSize && head[12] < 225
        default: return true
        }
    }

    /// Whether the head opens with a bitmap info header (Microsoft's BITMAPINFOHEADER and its
    /// V4 and V5 extensions, 40, 108 or 124 bytes): a width and a height that are not zero,
    /// one colour plane, and a bit depth a bitmap has (0 for JPEG or PNG content, 1 to 32).
    static func dibHeader(_ head: [UInt8]) -> Bool {
        guard let size = MediaBytes.u32le(head, 0), [40, 108, 124].contains(size),
            let width = MediaBytes.u32le(head, 4), width != 0,
            let height = MediaBytes.u32le(head, 8), height != 0,
            MediaBytes.u16le(head, 12) == 1,
            let depth = MediaBytes.u16le(head, 14), [0, 1, 2, 4, 8, 16, 24, 32].contains(depth)
        else { return false }
        return true
    }

    /// Whether the head opens with a DOS device driver's header: the next-driver link
    /// FF FF FF FF, the attribute word, then the strategy and interrupt routines' offsets,
    /// each past the 18-byte header and inside the file (a driver is one segment).
    static func dosDeviceDriver(_ head: [UInt8], fileSize: UInt64) -> Bool {
        guard fileSize > 18, let strategy = MediaBytes.u16le(head, 6),
            let interrupt = MediaBytes.u16le(head, 8)
        else { return false }
        return [strategy, interrupt].allSatisfy { $0 >= 18 && UInt64($0) < fileSize }
    }

    /// Whether an `import Qt` or `import Qml` statement opens a line (after indentation) in
    /// the first 3,000 bytes, or a `#!` line runs qml.
    static func qmlImport(_ head: [UInt8]) -> Bool {
        let text = head.prefix(3_000)
        if text.starts(with: Array("#!".utf8)),
            ImageSniffer.find(text.prefix(64), "qml", from: 0) != nil
        {
            return true
        }
        var found = false
        TextSniffer.forEachLine(of: text, upTo: .max) { line in
            found = line.drop(while: TextSniffer.isSpace).starts(with: "import Q".utf8)
            return !found
        }
        return found
    }

    /// Whether text that opens with `(*` is Mathematica's: a notebook's or package's header
    /// (`Notebook[`, `BeginPackage[`, the product's names), or a pattern argument (`x_]`,
    /// `x_,`, `x_?`), which no other language of that comment writes.
    static func mathematicaCode(_ head: [UInt8]) -> Bool {
        let bytes = head[...]
        for word in ["Notebook[", "BeginPackage[", "Mathematica", "Wolfram"]
        where ImageSniffer.find(bytes, word, from: 0) != nil {
            return true
        }
        var index = 1
        while index + 1 < head.count {
            if head[index] == UInt8(ascii: "_"),
                TextSniffer.isIdentifierStart(head[index - 1])
                    || (0x30...0x39).contains(head[index - 1]),
                [UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: "?")].contains(head[index + 1])
            {
                return true
            }
            index += 1
        }
        return false
    }

    /// Whether markup that opens with comments goes on with markup.
    ///
    /// After a byte-order mark, white space and the comments at the start, the next byte is
    /// `<` (an element, a declaration, a doctype). A head that ends inside the comments, or
    /// that opens with no comment, is not judged; a DTD's declarations are no such markup,
    /// and neither is a whole file of comments and nothing else (a pull-request template
    /// that only says what to write). A head that ends after the comments with more of the
    /// file unread is not judged.
    static func markupAfterComments(_ head: [UInt8], fileSize: UInt64) -> Bool {
        let bytes = head[...]
        // A DTD's declarations (`<!ELEMENT`, ...) are markup of neither HTML nor a document.
        if TextSniffer.dtdDeclaration(bytes) != nil { return false }
        var index = TextSniffer.contentStart(head)
        func skipSpace() {
            while index < head.count, TextSniffer.isSpace(head[index]) { index += 1 }
        }
        var comments = 0
        while ByteFields.matches(head, at: index, "<!--") {
            guard let end = ImageSniffer.find(bytes, "-->", from: index + 4) else { return true }
            comments += 1
            index = end + 3
            skipSpace()
        }
        guard comments > 0 else { return true }
        guard index < head.count else { return fileSize > UInt64(head.count) }
        return head[index] == UInt8(ascii: "<")
    }

    /// Whether text reads as HTML markup: it opens with `<` (after a byte-order mark and white
    /// space), or a tag opens one of its lines.
    ///
    /// A page opens with its doctype, its root or a comment; a template or saved CGI output
    /// may open with other text, and its tags still start lines. UTF-16 text is not judged.
    static func htmlMarkup(_ head: [UInt8]) -> Bool {
        guard !TextSniffer.opensWithWideByteOrderMark(head) else { return true }
        var index = TextSniffer.contentStart(head)
        var lineStart = true
        while index + 1 < head.count {
            let byte = head[index]
            if byte == 0x0A || byte == 0x0D {
                lineStart = true
            } else if byte != 0x20, byte != 0x09 {
                let next = head[index + 1]
                if lineStart, byte == UInt8(ascii: "<"),
                    TextSniffer.isIdentifierStart(next) || next == UInt8(ascii: "!")
                        || next == UInt8(ascii: "?") || next == UInt8(ascii: "/")
                {
                    return true
                }
                lineStart = false
            }
            index += 1
        }
        return false
    }

    /// Whether the markup's root element, if it has one, is HTML's.
    ///
    /// An element of HTML, or any under an HTML doctype; a namespaced fragment (`w:tbl`) or a
    /// configuration's root (`configuration`, `beans`) is XML's.
    static func rootMayBeHTML(_ head: [UInt8]) -> Bool {
        guard let root = ImageSniffer.xmlRootElement(head[...]) else { return true }
        return root.doctype?.lowercased() == "html" || TextSniffer.isHTMLElementName(root.name)
    }

    /// Whether a dBase memo file's header fits the file.
    ///
    /// The blocks before the next free one (its number is the first four bytes,
    /// little-endian) are in the file, and the file does not run on for blocks past it.
    /// dBase III's blocks are 512 bytes; dBase IV gives its block size in the header (at 4,
    /// or at 20).
    static func dBaseMemo(_ head: [UInt8], fileSize: UInt64) -> Bool {
        guard let next = MediaBytes.u32le(head, 0), next >= 1 else { return false }
        var sizes: [UInt64] = [512]
        for offset in [4, 20] {
            if let size = MediaBytes.u16le(head, offset), size >= 64, size % 64 == 0 {
                sizes.append(UInt64(size))
            }
        }
        return sizes.contains { block in
            let used = UInt64(next - 1) * block
            return used < fileSize && fileSize <= used + 2 * block
        }
    }

    /// Whether the head opens as DOT's grammar has a graph open: after comments (`/* */`,
    /// `//` and `#` lines), `strict` perhaps, `graph` or `digraph`, perhaps the graph's ID (a
    /// name, a number or a quoted string), then `{`.
    static func graphvizGraph(_ head: [UInt8]) -> Bool {
        var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipSpace() {
            while index < head.count {
                let byte = head[index]
                if TextSniffer.isSpace(byte) {
                    index += 1
                } else if byte == UInt8(ascii: "#")
                    || (byte == UInt8(ascii: "/") && index + 1 < head.count
                        && head[index + 1] == UInt8(ascii: "/"))
                {
                    while index < head.count, head[index] != 0x0A { index += 1 }
                } else if byte == UInt8(ascii: "/") && index + 1 < head.count
                    && head[index + 1] == UInt8(ascii: "*")
                {
                    index += 2
                    while index + 1 < head.count,
                        !(head[index] == UInt8(ascii: "*") && head[index + 1] == UInt8(ascii: "/"))
                    {
                        index += 1
                    }
                    // Past the "*/", or to the end of a comment the head leaves open.
                    index = min(index + 2, head.count)
                } else {
                    return
                }
            }
        }
        func word() -> ArraySlice<UInt8> {
            let start = index
            while index < head.count,
                (0x41...0x5A).contains(head[index] & 0xDF) || (0x30...0x39).contains(head[index])
                    || head[index] == UInt8(ascii: "_") || head[index] == UInt8(ascii: ".")
                    || head[index] >= 0x80
            {
                index += 1
            }
            return head[start..<index]
        }
        skipSpace()
        var keyword = word()
        if keyword.elementsEqual("strict".utf8) {
            skipSpace()
            keyword = word()
        }
        guard keyword.elementsEqual("graph".utf8) || keyword.elementsEqual("digraph".utf8) else {
            return false
        }
        skipSpace()
        if index < head.count, head[index] == UInt8(ascii: "\"") {
            // A quoted ID, escapes and all.
            index += 1
            while index < head.count, head[index] != UInt8(ascii: "\"") {
                index += head[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index = min(index + 1, head.count)
        } else {
            _ = word()
        }
        skipSpace()
        // A head that ends before the brace cannot refute the rule.
        return index >= head.count || head[index] == UInt8(ascii: "{")
    }

    /// Whether the first line is `function name(...) {`: a function of a language with
    /// braces (JavaScript, PHP, a shell), where MATLAB's has none.
    static func opensWithBracedFunction(_ head: [UInt8]) -> Bool {
        guard head.starts(with: Array("function ".utf8)) else { return false }
        // The brace ends the function's line, or opens the next one (Allman's style).
        let lines = head.prefix(4096).split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { $0.filter { $0 != 0x0D && $0 != 0x20 && $0 != 0x09 } }
        guard let first = lines.first else { return false }
        return first.last == UInt8(ascii: "{")
            || lines.dropFirst().first(where: { !$0.isEmpty })?.first == UInt8(ascii: "{")
    }

    /// Whether the head shows a mark only MATLAB (and Octave) writes among the languages
    /// whose functions open with `function`: a `%` comment line, an output list or output
    /// (`function [a, b] = f(x)`, `function y = f(x)`), `disp(`, `fprintf(`,
    /// `nargin` or Octave's `endfunction`.
    static func showsMATLAB(_ head: [UInt8]) -> Bool {
        let text = head.prefix(4096)
        let lines = text.split(separator: 0x0A)
        if let first = lines.first {
            let signature = first.prefix { $0 != UInt8(ascii: "(") }
            if signature.contains(UInt8(ascii: "[")) || signature.contains(UInt8(ascii: "=")) {
                return true
            }
        }
        if lines.contains(where: {
            $0.drop { $0 == 0x20 || $0 == 0x09 }.first == UInt8(ascii: "%")
        }) {
            return true
        }
        return ["disp(", "fprintf(", "nargin", "endfunction"].contains {
            TextSniffer.contains(text, $0)
        }
    }

    /// Whether the head is a Modelica class.
    ///
    /// Its keyword and name first (`model Motor`, `partial class Base`), and the
    /// `end Motor;` that closes it, as Modelica requires. A head cut short of the file
    /// cannot refute it.
    static func modelicaClass(_ head: [UInt8], fileSize: UInt64) -> Bool {
        func isNameByte(_ byte: UInt8) -> Bool {
            (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "_")
        }
        var index = 0
        func word() -> ArraySlice<UInt8> {
            while index < head.count, head[index] == 0x20 || head[index] == 0x09 { index += 1 }
            let start = index
            while index < head.count, isNameByte(head[index]) { index += 1 }
            return head[start..<index]
        }
        let prefixes = ["partial", "encapsulated", "final", "expandable", "operator"]
        var keyword = word()
        while prefixes.contains(where: { keyword.elementsEqual($0.utf8) }) { keyword = word() }
        let kinds = [
            "class", "model", "function", "record", "block", "connector", "package", "type",
        ]
        guard kinds.contains(where: { keyword.elementsEqual($0.utf8) }) else { return false }
        let name = word()
        guard let first = name.first, !(0x30...0x39).contains(first) else { return false }
        if UInt64(head.count) < fileSize { return true }
        return TextSniffer.contains(head[...], "end \(String(decoding: name, as: UTF8.self));")
    }

    /// The first cue of a SubRip file: after an optional UTF-8 byte-order mark and blank
    /// lines, a cue number, then a timing line `HH:MM:SS,mmm --> HH:MM:SS,mmm` (hours of one
    /// or more digits, milliseconds after a comma as SubRip writes them; a full stop there
    /// is WebVTT's notation, and no milliseconds is neither format).
    static func subRipCue(_ head: [UInt8]) -> Bool {
        var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipLineEnd() -> Bool {
            if index < head.count, head[index] == 0x0D { index += 1 }
            guard index < head.count, head[index] == 0x0A else { return false }
            index += 1
            return true
        }
        func digits(_ minimum: Int, _ maximum: Int) -> Bool {
            var count = 0
            while index < head.count, count < maximum, (0x30...0x39).contains(head[index]) {
                index += 1
                count += 1
            }
            return count >= minimum
        }
        func literal(_ text: String) -> Bool {
            for byte in text.utf8 {
                guard index < head.count, head[index] == byte else { return false }
                index += 1
            }
            return true
        }
        func timestamp() -> Bool {
            digits(1, 3) && literal(":") && digits(2, 2) && literal(":") && digits(2, 2)
                && literal(",") && digits(3, 3)
        }
        while index < head.count, head[index] == 0x0A || head[index] == 0x0D { index += 1 }
        guard digits(1, 9), skipLineEnd() else { return false }
        return timestamp() && literal(" --> ") && timestamp()
    }

    /// The first cue of an MPL2 (`[10][25]Text`, tenths of a second) or MicroDVD
    /// (`{10}{25}Text`, frames) subtitle file: after an optional UTF-8 byte-order mark and
    /// blank lines, a start time in `open`/`close`, then an end time, which may be empty.
    static func bracketedCue(_ head: [UInt8], open: UInt8, close: UInt8) -> Bool {
        var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < head.count, head[index] == 0x0A || head[index] == 0x0D { index += 1 }
        func time(allowingEmpty: Bool) -> Bool {
            guard index < head.count, head[index] == open else { return false }
            index += 1
            let start = index
            while index < head.count, (0x30...0x39).contains(head[index]) { index += 1 }
            guard index < head.count, head[index] == close, allowingEmpty || index > start
            else { return false }
            index += 1
            return true
        }
        return time(allowingEmpty: false) && time(allowingEmpty: true)
    }

    /// Emacs Lisp by its start: `;ELC` (bytecode since Emacs 19), or a newline and a
    /// top-level form whose operator defines or loads something (`(defun`, `(defalias`,
    /// `(fset`, `(byte-code`, `(require`, ...), as compiled and source files open.
    static func emacsLispForm(_ head: [UInt8]) -> Bool {
        if head.starts(with: Array(";ELC".utf8)) { return true }
        guard head.starts(with: [0x0A, UInt8(ascii: "(")]) else { return false }
        var end = 2
        while end < head.count, end < 40,
            (0x61...0x7A).contains(head[end]) || head[end] == UInt8(ascii: "-")
        {
            end += 1
        }
        guard end < head.count, [0x20, 0x0A, 0x09, 0x0D].contains(head[end]) else { return false }
        let operators = [
            "defun", "defalias", "defmacro", "defvar", "defconst", "defcustom", "defgroup",
            "defsubst", "fset", "byte-code", "require", "provide", "setq", "put", "autoload",
            "eval-when-compile", "eval-and-compile",
        ]
        let name = head[2..<end]
        return operators.contains { name.elementsEqual($0.utf8) }
    }

    /// Whether some line of the head is C's: a preprocessor directive (`#include`, `#define`,
    /// `#if...`, `#pragma`), or a declaration at the start of a line (`typedef`, `struct`,
    /// `static`, `extern`, `void`, `int`, ...).
    static func cSource(_ head: [UInt8]) -> Bool {
        let directives = ["include", "define", "if", "pragma", "undef", "error"]
        let declarations = [
            "typedef ", "struct ", "static ", "extern ", "void ", "int ", "unsigned ", "char ",
            "enum ", "union ", "long ", "double ", "float ", "const char", "size_t ",
        ]
        var start = 0
        while start < head.count {
            let end = head[start...].firstIndex(of: 0x0A) ?? head.endIndex
            var index = start
            while index < end, head[index] == 0x20 || head[index] == 0x09 { index += 1 }
            if index < end, head[index] == UInt8(ascii: "#") {
                index += 1
                while index < end, head[index] == 0x20 || head[index] == 0x09 { index += 1 }
                let rest = head[index..<end]
                if directives.contains(where: { rest.starts(with: $0.utf8) }) { return true }
            } else if index == start {
                let line = head[start..<end]
                if declarations.contains(where: { line.starts(with: $0.utf8) }) { return true }
            }
            start = end + 1
        }
        return false
    }

    /// A tokenized Commodore BASIC program (a PRG file): the load address, then the first
    /// line, whose link (the address of the next line) lies past the line's number and
    /// inside the file, with the line's zero terminator just before the address it links to
    /// and no zero in its text; its number is at most 63999, as BASIC allows.
    static func commodoreBasic(_ head: [UInt8], fileSize: UInt64) -> Bool {
        guard let load = MediaBytes.u16le(head, 0).map(Int.init),
            let link = MediaBytes.u16le(head, 2).map(Int.init),
            let number = MediaBytes.u16le(head, 4)
        else { return false }
        // The next line's offset in the file (the load address takes two bytes).
        let next = link - load + 2
        guard number <= 63_999, next > 6, UInt64(next) <= fileSize else { return false }
        // A line longer than the head cannot be refuted.
        guard next <= head.count else { return true }
        return head[next - 1] == 0 && !head[6..<(next - 1)].contains(0)
    }

    /// An Atari MSA disk image (Magic Shadow Archiver): after 0E 0F, big-endian, the
    /// sectors a track (1 to 64), the sides less one (0 or 1), the first and last track (the
    /// first no later than the last, at most 255), then the first track's length, which
    /// holds at most its sectors' 512 bytes each.
    static func atariMSA(_ head: [UInt8]) -> Bool {
        guard head.starts(with: [0x0E, 0x0F]), let sectors = MediaBytes.u16be(head, 2),
            let sides = MediaBytes.u16be(head, 4), let first = MediaBytes.u16be(head, 6),
            let last = MediaBytes.u16be(head, 8), let length = MediaBytes.u16be(head, 10)
        else { return false }
        return (1...64).contains(sectors) && sides <= 1 && first <= last && last <= 255
            && length > 0 && Int(length) <= Int(sectors) * 512
    }

    /// Whether two bytes make a zlib stream header (RFC 1950, 2.2): the DEFLATE method with
    /// a window of at most 32 KiB, and a check that makes the pair a multiple of 31.
    static func isZlibHeader(_ first: UInt8, _ second: UInt8) -> Bool {
        first & 0x0F == 8 && first >> 4 <= 7 && (UInt16(first) << 8 | UInt16(second)) % 31 == 0
    }

    /// A zlib stream (RFC 1950): the header, then DEFLATE data that decodes, as far as the
    /// head goes, without an error.
    static func zlibStream(_ head: [UInt8]) -> Bool {
        guard head.count >= 3, isZlibHeader(head[0], head[1]) else { return false }
        // With FDICT set the data refers to a preset dictionary the file does not hold: that
        // is a protocol's stream, not a file, and nothing here can be decoded to check it.
        if head[1] & 0x20 != 0 { return false }
        let result = Inflate.inflate(Array(head[2...]), outputLimit: 4096)
        if case .invalid = result.outcome { return false }
        return true
    }

    /// LOAS, the transport of LATM audio (ISO/IEC 14496-3, 1.7.2), read with the audio
    /// stream reader's frame header (``LOASFrame``).
    ///
    /// The first frame must fit in the file, and the next one, when the head reaches it, must
    /// start with a frame header. (The stream reader wants two whole frames; this check also
    /// takes a file of one frame, as libmagic and the signatures do.)
    static func loasFrames(_ head: [UInt8], fileSize: UInt64) -> Bool {
        guard let first = LOASFrame(Array(head.prefix(3))), UInt64(first.length) <= fileSize
        else { return false }
        guard first.length + 3 <= head.count else { return true }
        return LOASFrame(Array(head[first.length..<(first.length + 3)])) != nil
    }

    /// A kind of a signature's type that a header field the signature does not reach tells,
    /// and a note on the field: the header an MZ stub points to, the MOBI header's version.
    static func refinement(
        of identifier: String,
        head: [UInt8],
        fileSize: UInt64
    ) -> (identifier: String, note: String)? {
        switch identifier {
        case "com.microsoft.windows-executable", "com.microsoft.dos-executable":
            return mzExecutableKind(head, fileSize: fileSize).map { ($0, "MZ header: \($0)") }
        case "com.amazon.mobipocket-ebook":
            return mobiVersion(head) == 8 ? ("com.amazon.kf8-ebook", "MOBI header version 8") : nil
        default:
            return nil
        }
    }

    /// The file version in a Mobipocket book's MOBI header.
    ///
    /// The Palm database (type and creator `BOOKMOBI` at 60) gives its first record's offset
    /// at 78; the record opens with the 16-byte PalmDOC header, then `MOBI`, and the version
    /// is at 36 in the record. Kindle Format 8 books alone (.azw3) say 8; Mobipocket 6 books,
    /// and combined files with a KF8 part behind their MOBI 6 text, say 6 or less.
    static func mobiVersion(_ head: [UInt8]) -> UInt32? {
        guard ByteFields.matches(head, at: 60, "BOOKMOBI"),
            let record = MediaBytes.u32be(head, 78).map(Int.init), record <= head.count - 40,
            ByteFields.matches(head, at: record + 16, "MOBI")
        else { return nil }
        return MediaBytes.u32be(head, record + 36)
    }

    /// What kind of MZ executable the head is, by the header an MZ stub points to.
    ///
    /// The DOS header's `e_lfanew` (at 0x3C) gives the offset of a newer header: `PE` 00 00
    /// for Windows' portable executables, `NE` for 16-bit Windows, `LE`/`LX` for VxDs, DOS
    /// extenders and OS/2. A DOS program has none: its relocation table (offset at 0x18) sits
    /// below 0x40, where `e_lfanew` would be, or the offset names no known header, or one past
    /// the end of the file.
    /// - Returns: The identifier of the DOS, NE or LX executable type, or of a Windows DLL (a
    ///   portable executable flagged a library); nil for another portable executable, a head
    ///   that is not MZ, or a new header in the file beyond the head (unread).
    static func mzExecutableKind(_ head: [UInt8], fileSize: UInt64) -> String? {
        guard head.starts(with: [0x4D, 0x5A]), let relocations = MediaBytes.u16le(head, 0x18)
        else { return nil }
        let dos = "com.microsoft.dos-executable"
        guard let offset = MediaBytes.u32le(head, 0x3C).map(Int.init), offset >= 0x40 else {
            return dos
        }
        guard offset <= head.count - 4 else {
            // No header can start where the file has no four bytes left.
            return UInt64(offset) + 4 > fileSize ? dos : nil
        }
        if head[offset] == 0x50, head[offset + 1] == 0x45, head[offset + 2] == 0,
            head[offset + 3] == 0
        {
            // The COFF header's Characteristics (18 bytes into it) flag a library with
            // IMAGE_FILE_DLL (Microsoft's PE format documentation).
            let characteristics = MediaBytes.u16le(head, offset + 4 + 18) ?? 0
            return characteristics & 0x2000 != 0
                ? "com.microsoft.windows-dynamic-link-library" : nil
        }
        guard relocations >= 0x40 else { return dos }
        switch (head[offset], head[offset + 1]) {
        case (0x4E, 0x45): return "com.microsoft.ne-executable"
        case (0x4C, 0x45), (0x4C, 0x58): return "com.ibm.os2.lx-executable"
        default: return dos
        }
    }

    /// A 3D Studio mesh file: the main chunk 0x4D4D, whose first sub-chunk is the version
    /// (0x0002), the editor data (0x3D3D) or the keyframes (0xB000), little-endian.
    static func threeDStudio(_ head: [UInt8]) -> Bool {
        guard head.count >= 12, head[0] == 0x4D, head[1] == 0x4D else { return false }
        let chunk = UInt16(head[6]) | UInt16(head[7]) << 8
        return [0x0002, 0x3D3D, 0xB000].contains(chunk)
    }
}
