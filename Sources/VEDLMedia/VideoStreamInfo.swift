import VEDLTime

/// The picture properties of a video stream (or of a still image, which FFmpeg presents as a
/// one-frame video stream).
public struct VideoStreamInfo: Sendable, Hashable {
  /// Coded width in pixels (as stored; `displaySize` is the size as shown).
  public var width: Int
  /// Coded height in pixels.
  public var height: Int
  /// Pixel format name, for example `"yuv420p"`, `"rgb24"`; `nil` when unknown.
  public var pixelFormat: String?
  /// The average frame rate (`AVStream.avg_frame_rate`): frames ÷ duration, `nil` when unknown.
  public var averageFrameRate: Rational?
  /// The base rate timestamps are a multiple of (`AVStream.r_frame_rate`), `nil` when unknown.
  public var realFrameRate: Rational?
  /// Pixel aspect ratio (`1` for square pixels); `nil` when the file does not say.
  public var sampleAspectRatio: Rational?
  /// Clockwise rotation in degrees (0, 90, 180 or 270) a player applies from the stream's
  /// display matrix — phone videos shot upright are often stored sideways.
  public var rotation: Int
  /// The display matrix also mirrors the picture left to right, before `rotation` turns it
  /// (a front camera's selfie video, an edited file).
  public var mirrored: Bool
  /// The number of frames shown, when known (see `frameCountSource`).
  public var frameCount: Int64?
  /// Where `frameCount` came from; `nil` when it is unknown.
  public var frameCountSource: FrameCountSource?
  /// Presentation time (seconds) of the first frame, when the packets were counted.
  public var firstFrameTime: Rational?
  /// Presentation time (seconds) of the last frame, when the packets were counted.
  public var lastFrameTime: Rational?
  /// The Y′CbCr matrix the stream is tagged with (FFmpeg's name: `"bt709"`, `"smpte170m"`,
  /// `"bt470bg"`, …); `nil` when it is not tagged.
  public var colorSpace: String?
  /// `"tv"` (limited) or `"pc"` (full range) when the stream is tagged; `nil` otherwise.
  public var colorRange: String?
  /// The transfer characteristic the stream is tagged with (FFmpeg's name: `"bt709"`,
  /// `"smpte2084"` — PQ —, `"arib-std-b67"` — HLG); `nil` when it is not tagged.
  public var colorTransfer: String?
  /// The colour primaries the stream is tagged with (`"bt709"`, `"bt2020"`, …); `nil` when
  /// it is not tagged.
  public var colorPrimaries: String?
  /// The stream carries an alpha channel beside its pictures (`alpha_mode` 1 in WebM, which
  /// FFmpeg's own VP8/VP9 decoders ignore and libvpx reads).
  public var hasSideAlpha: Bool

  /// A video description; every property is documented above.
  public init(
    width: Int, height: Int, pixelFormat: String? = nil, averageFrameRate: Rational? = nil,
    realFrameRate: Rational? = nil, sampleAspectRatio: Rational? = nil, rotation: Int = 0,
    frameCount: Int64? = nil, frameCountSource: FrameCountSource? = nil,
    firstFrameTime: Rational? = nil, lastFrameTime: Rational? = nil, colorSpace: String? = nil,
    colorRange: String? = nil, mirrored: Bool = false, colorTransfer: String? = nil, colorPrimaries: String? = nil,
    hasSideAlpha: Bool = false
  ) {
    self.width = width
    self.height = height
    self.pixelFormat = pixelFormat
    self.averageFrameRate = averageFrameRate
    self.realFrameRate = realFrameRate
    self.sampleAspectRatio = sampleAspectRatio
    self.rotation = rotation
    self.frameCount = frameCount
    self.frameCountSource = frameCountSource
    self.firstFrameTime = firstFrameTime
    self.lastFrameTime = lastFrameTime
    self.colorSpace = colorSpace
    self.colorRange = colorRange
    self.mirrored = mirrored
    self.colorTransfer = colorTransfer
    self.colorPrimaries = colorPrimaries
    self.hasSideAlpha = hasSideAlpha
  }

  /// The rate to treat the stream as having: the average rate, else the real base rate.
  public var frameRate: Rational? { averageFrameRate ?? realFrameRate }

  /// `"HDR PQ"` or `"HDR HLG"` for a stream tagged with one of the high-dynamic-range
  /// transfers (SMPTE ST 2084, ARIB STD-B67); `nil` otherwise.
  public var highDynamicRangeName: String? {
    switch colorTransfer {
    case "smpte2084": "HDR PQ"
    case "arib-std-b67": "HDR HLG"
    default: nil
    }
  }

  /// Width and height as shown, after `rotation` (swapped for 90° and 270°; a mirror keeps
  /// them).
  public var displaySize: (width: Int, height: Int) {
    rotation % 180 == 0 ? (width, height) : (height, width)
  }
}
