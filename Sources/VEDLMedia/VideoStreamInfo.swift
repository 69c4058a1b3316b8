import VEDLTime

/// The picture properties of a video stream (or of a still image, which FFmpeg presents as a
/// one-frame video stream).
public struct VideoStreamInfo: Sendable, Hashable {
  /// Coded width in pixels.
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

  /// A video description; every property is documented above.
  public init(
    width: Int, height: Int, pixelFormat: String? = nil, averageFrameRate: Rational? = nil,
    realFrameRate: Rational? = nil, sampleAspectRatio: Rational? = nil, rotation: Int = 0,
    frameCount: Int64? = nil, frameCountSource: FrameCountSource? = nil,
    firstFrameTime: Rational? = nil, lastFrameTime: Rational? = nil, colorSpace: String? = nil,
    colorRange: String? = nil
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
  }

  /// The rate to treat the stream as having: the average rate, else the real base rate.
  public var frameRate: Rational? { averageFrameRate ?? realFrameRate }

  /// Width and height as shown, after `rotation` (swapped for 90° and 270°).
  public var displaySize: (width: Int, height: Int) {
    rotation % 180 == 0 ? (width, height) : (height, width)
  }
}
