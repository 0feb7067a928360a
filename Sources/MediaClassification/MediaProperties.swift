/// What a media file says about itself: dimensions, orientation, duration, codecs, audio
/// parameters, track and frame counts.
///
/// The values are read from the container and codec headers by bounded parsers (no media data
/// is decoded). A property the file does not state is `nil`: nothing is guessed or derived
/// from defaults. Fill one with ``Classifier/Options/readsProperties``.
public struct MediaProperties: Sendable, Hashable {
    /// An image's orientation as EXIF (and TIFF) number it: how the stored pixels must be
    /// turned to be shown upright.
    public enum Orientation: Int, Sendable, Hashable, CaseIterable {
        /// 1: shown as stored.
        case up = 1
        /// 2: mirrored left to right.
        case upMirrored = 2
        /// 3: turned 180°.
        case down = 3
        /// 4: mirrored top to bottom.
        case downMirrored = 4
        /// 5: mirrored left to right, then turned 90° counter-clockwise.
        case leftMirrored = 5
        /// 6: turned 90° clockwise to be shown upright.
        case right = 6
        /// 7: mirrored left to right, then turned 90° clockwise.
        case rightMirrored = 7
        /// 8: turned 90° counter-clockwise to be shown upright.
        case left = 8

        /// The clockwise turn, in degrees, that shows the stored pixels upright (ignoring a
        /// mirror).
        public var rotation: Int {
            switch self {
            case .up, .upMirrored: 0
            case .down, .downMirrored: 180
            case .right, .rightMirrored: 90
            case .left, .leftMirrored: 270
            }
        }
    }

    /// The colour model an image's header states, named as Core Graphics names a colour
    /// space's model (`CGColorSpaceModel`): how the pixels are meant, not how they are
    /// compressed (a JPEG's YCbCr is RGB; a DNG's colour filter array states none).
    public enum ColorModel: String, Sendable, Hashable, CaseIterable {
        /// One grey component (PNG grey, a one-component JPEG, TIFF black or white is zero).
        case monochrome
        /// Red, green and blue (or YCbCr, which encodes them).
        case rgb
        /// Cyan, magenta, yellow and black (a four-component JPEG, a separated TIFF).
        case cmyk
        /// CIE L*a*b* (TIFF photometric 8).
        case lab
        /// Indices into a colour table (PNG palette, GIF, a BMP of 8 bits or fewer).
        case indexed
    }

    /// The width in pixels as stored (a video track's coded picture, an image's raster),
    /// before any rotation.
    public var pixelWidth: Int?
    /// The height in pixels as stored, before any rotation.
    public var pixelHeight: Int?
    /// The clockwise turn, in degrees (0, 90, 180 or 270), a player applies to show the video
    /// upright, from the track matrix; for an image, its orientation's turn.
    public var rotation: Int?
    /// An image's orientation (EXIF), when the file states one.
    public var orientation: Orientation?
    /// The duration in seconds.
    public var duration: Double?
    /// The video's frames per second: its sample count over its track's duration.
    public var frameRate: Double?
    /// The first video track's codec as an RFC 6381 `codecs` string (`avc1.64001F`,
    /// `hvc1.1.6.L93.B0`, `av01.0.05M.08`, `vp09.00.10.08`, `mp4v.20`), or its four-character
    /// code where RFC 6381 defines no parameters for it (`mp2v` and `mp1v` for MPEG-2 and
    /// MPEG-1 video, AVI and ASF codes lowercased: `wmv2`, `mjpg`; `flv1` for Sorenson H.263).
    public var videoCodec: String?
    /// The first audio track's codec as an RFC 6381 string (`mp4a.40.2`) or its registered
    /// name (`opus`, `flac`, `alac`, `mp3`, `mp2`, `ac-3`, `vorbis`, `pcm`); Windows Media
    /// Audio as `wma1`, `wma2`, `wmap` (Pro), `wmal` (Lossless) or `wmav` (Voice).
    public var audioCodec: String?
    /// The first audio track's channel count.
    public var channels: Int?
    /// The first audio track's sample rate in hertz.
    public var sampleRate: Int?
    /// Bits per audio sample, where the format states a meaningful one (PCM, FLAC, ALAC).
    public var audioBitDepth: Int?
    /// Bits per colour component of an image or video, where the header states it.
    public var bitDepth: Int?
    /// An image's colour model, where its header states one.
    public var colorModel: ColorModel?
    /// The video's HDR transfer function, where the file signals one: `pq` (SMPTE ST 2084,
    /// transfer characteristics 16 of ISO/IEC 23091-2) or `hlg` (ARIB STD-B67, 18).
    ///
    /// Read from an ISO-BMFF `colr` box (`nclx` or `nclc`), Matroska's `Colour` element, or an
    /// H.264 or HEVC sequence parameter set's VUI in the streams that carry one in band
    /// (MPEG-TS and PS, AVI). Nil for any other transfer (SDR) and when none is signalled.
    public var transfer: String?
    /// How many video tracks the container declares (0 for an image, and for a WAV, FLAC or
    /// MPEG audio file, whose format holds no video).
    public var videoTrackCount: Int?
    /// How many audio tracks the container declares (0 for an image).
    public var audioTrackCount: Int?
    /// How many frames an animated image holds (1 for a still GIF, PNG or WebP).
    public var frameCount: Int?
    /// How many times an animation plays: 0 means forever.
    public var loopCount: Int?

    /// Creates properties; every one not given is unknown.
    public init(
        pixelWidth: Int? = nil,
        pixelHeight: Int? = nil,
        rotation: Int? = nil,
        orientation: Orientation? = nil,
        duration: Double? = nil,
        frameRate: Double? = nil,
        videoCodec: String? = nil,
        audioCodec: String? = nil,
        channels: Int? = nil,
        sampleRate: Int? = nil,
        audioBitDepth: Int? = nil,
        bitDepth: Int? = nil,
        colorModel: ColorModel? = nil,
        videoTrackCount: Int? = nil,
        audioTrackCount: Int? = nil,
        frameCount: Int? = nil,
        loopCount: Int? = nil,
        transfer: String? = nil
    ) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.rotation = rotation
        self.orientation = orientation
        self.duration = duration
        self.frameRate = frameRate
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.channels = channels
        self.sampleRate = sampleRate
        self.audioBitDepth = audioBitDepth
        self.bitDepth = bitDepth
        self.colorModel = colorModel
        self.videoTrackCount = videoTrackCount
        self.audioTrackCount = audioTrackCount
        self.frameCount = frameCount
        self.loopCount = loopCount
        self.transfer = transfer
    }

    /// The width as shown: ``pixelWidth``, or ``pixelHeight`` when the rotation is a quarter
    /// turn.
    public var displayWidth: Int? { isQuarterTurn ? pixelHeight : pixelWidth }
    /// The height as shown: ``pixelHeight``, or ``pixelWidth`` when the rotation is a
    /// quarter turn.
    public var displayHeight: Int? { isQuarterTurn ? pixelWidth : pixelHeight }

    /// The number of pixels (width times height), when both are known.
    public var pixelCount: Int? {
        guard let pixelWidth, let pixelHeight else { return nil }
        let (product, overflow) = pixelWidth.multipliedReportingOverflow(by: pixelHeight)
        return overflow ? Int.max : product
    }

    /// True when no property is known.
    public var isEmpty: Bool { self == MediaProperties() }

    private var isQuarterTurn: Bool { rotation == 90 || rotation == 270 }
}
