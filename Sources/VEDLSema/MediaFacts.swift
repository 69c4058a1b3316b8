import VEDLTime

/// What the checker needs to know about a media file. Sema never opens files itself: it asks
/// a ``MediaFactsProvider``, which the command line implements with libavformat, the
/// language server with a cache, and tests with fakes.
public struct MediaFacts: Sendable, Hashable {
  /// Exact length in seconds, when the container knows it.
  public var duration: Rational?
  public var hasVideo: Bool
  public var hasAudio: Bool
  /// A single picture (PNG, JPEG) rather than a moving video.
  public var isStillImage: Bool
  /// The picture's width as shown, after ``orientation`` (a portrait phone video stored as
  /// 1920×1080 with a 90° matrix is 1080 wide): what fit, placement and the IR use.
  public var width: Int64?
  /// The picture's height as shown, after ``orientation``.
  public var height: Int64?
  public var frameRate: Rational?
  public var frameCount: Int64?
  /// The picture's pixel format (FFmpeg's name, e.g. `"yuv420p"`), when known.
  public var pixelFormat: String?
  /// The Y′CbCr matrix the picture is tagged with (FFmpeg's name, e.g. `"bt709"`); `nil`
  /// when untagged — the backends then take BT.709 from 720 lines up, BT.601 below.
  public var colorSpace: String?
  /// `"pc"` for a full-range picture, `"tv"` for limited range; `nil` when untagged.
  public var colorRange: String?
  /// Seconds per tick of the picture stream's timestamps (`1/15360`, Matroska's `1/1000`),
  /// when known: the FFmpeg backend selects frames in a time base fine enough to keep clip
  /// times exact (docs/graph.md §3).
  public var timeBase: Rational?
  /// Exact length of the picture stream, when the file says. A video's picture and sound
  /// may end a little apart (an AAC track is padded to whole packets, a recording stops one
  /// stream first), and a clip can only show the pictures there are (docs/language.md §4.7).
  public var videoDuration: Rational?
  /// Exact length of the sound stream, when the file says.
  public var audioDuration: Rational?
  /// How the stored pictures are turned to be shown (the stream's display matrix); the
  /// backends turn every picture so (docs/media.md, "Orientation").
  public var orientation: DisplayOrientation
  /// The transfer characteristic the picture is tagged with (FFmpeg's name: `"bt709"`,
  /// `"smpte2084"` for PQ, `"arib-std-b67"` for HLG, …); `nil` when untagged.
  public var colorTransfer: String?
  /// The colour primaries the picture is tagged with (FFmpeg's name: `"bt709"`, `"bt2020"`,
  /// …); `nil` when untagged.
  public var colorPrimaries: String?
  /// The picture stream's codec (FFmpeg's name: `"h264"`, `"vp9"`, …), when known.
  public var videoCodec: String?
  /// The stream carries an alpha channel beside its pictures that FFmpeg's own decoder of
  /// the codec does not read (VP8/VP9 in WebM with `alpha_mode` 1): the backends decode it
  /// with libvpx.
  public var hasSideAlpha: Bool

  /// The stored picture's height (before ``orientation``): the backends' matrix rule for
  /// untagged pictures (BT.709 from 720 lines) looks at the picture as decoded.
  public var codedHeight: Int64? { orientation.swapsSides ? width : height }

  /// Facts about one file; `width` and `height` are the size as shown.
  public init(
    duration: Rational?, hasVideo: Bool, hasAudio: Bool, isStillImage: Bool = false, width: Int64? = nil,
    height: Int64? = nil, frameRate: Rational? = nil, frameCount: Int64? = nil, pixelFormat: String? = nil,
    colorSpace: String? = nil, colorRange: String? = nil, timeBase: Rational? = nil, videoDuration: Rational? = nil,
    audioDuration: Rational? = nil, orientation: DisplayOrientation = .upright, colorTransfer: String? = nil,
    colorPrimaries: String? = nil, videoCodec: String? = nil, hasSideAlpha: Bool = false
  ) {
    self.duration = duration
    self.hasVideo = hasVideo
    self.hasAudio = hasAudio
    self.isStillImage = isStillImage
    self.width = width
    self.height = height
    self.frameRate = frameRate
    self.frameCount = frameCount
    self.pixelFormat = pixelFormat
    self.colorSpace = colorSpace
    self.colorRange = colorRange
    self.timeBase = timeBase
    self.videoDuration = videoDuration
    self.audioDuration = audioDuration
    self.orientation = orientation
    self.colorTransfer = colorTransfer
    self.colorPrimaries = colorPrimaries
    self.videoCodec = videoCodec
    self.hasSideAlpha = hasSideAlpha
  }

  /// How much source time a clip can use (§4.7): the picture stream's length for a clip that
  /// shows the picture, the sound stream's for one that only plays sound, and the file's
  /// length when the stream's is unknown; `nil` when no length is known.
  public func usableLength(showingPicture: Bool) -> Rational? {
    (showingPicture ? videoDuration : audioDuration) ?? duration
  }
}

/// Why media facts could not be had.
public struct MediaFactsError: Error, Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    /// No file at the path.
    case missing
    /// The file exists but cannot be read, or is not a media file FFmpeg understands.
    case unreadable
    /// The file is cut short or has no usable streams.
    case truncated
  }

  public var kind: Kind
  /// Human-readable detail (FFmpeg's own message where there is one).
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }
}

/// What the checker learns about a font file named by `font "…"` (E0515).
public enum FontFileStatus: Sendable, Equatable {
  /// FreeType opens it and can scale it to any size.
  case usable
  /// Nothing is at the path.
  case missing
  /// Something is there that text cannot be drawn with; the reason, for the message.
  case unusable(String)
}

/// Answers media questions for the checker. Paths are absolute.
public protocol MediaFactsProvider: Sendable {
  func facts(forPath path: String) -> Result<MediaFacts, MediaFactsError>
  /// Whether the font file at `path` exists and can draw text at any size.
  func fontFile(atPath path: String) -> FontFileStatus
}

extension MediaFactsProvider {
  /// A provider that cannot tell says usable: the checker then reports nothing.
  public func fontFile(atPath path: String) -> FontFileStatus { .usable }
}

/// A provider backed by a fixed table (tests, and the fuzz target).
public struct FakeMediaFacts: MediaFactsProvider {
  public var table: [String: Result<MediaFacts, MediaFactsError>]
  /// Used for paths not in the table; `nil` reports them missing.
  public var fallback: MediaFacts?

  public init(_ table: [String: Result<MediaFacts, MediaFactsError>] = [:], fallback: MediaFacts? = nil) {
    self.table = table
    self.fallback = fallback
  }

  public func facts(forPath path: String) -> Result<MediaFacts, MediaFactsError> {
    if let entry = table[path] { return entry }
    // Match on the file name too, so tests need not spell absolute paths.
    let name = path.split(separator: "/").last.map(String.init) ?? path
    if let entry = table[name] { return entry }
    if let fallback { return .success(fallback) }
    return .failure(MediaFactsError(.missing, "no such file"))
  }

  /// A font file is missing only when the table lists its path (or file name) as missing,
  /// unusable when listed with another failure — tests that use real fonts with fake media
  /// keep working.
  public func fontFile(atPath path: String) -> FontFileStatus {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard case .failure(let error)? = table[path] ?? table[name] else { return .usable }
    return error.kind == .missing ? .missing : .unusable(error.message)
  }
}
