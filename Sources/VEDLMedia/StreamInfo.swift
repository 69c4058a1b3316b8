import VEDLTime

/// One stream of a probed file. Times are exact seconds computed from the stream's own time
/// base, never through floating point.
public struct StreamInfo: Sendable, Hashable {
  /// The stream's index in the file (what `-map 0:N` selects).
  public var index: Int
  /// What it carries.
  public var kind: StreamKind
  /// FFmpeg's codec name, for example `"h264"`, `"aac"`, `"png"`, `"pcm_s16le"`.
  public var codecName: String
  /// The unit of the stream's timestamps, for example `1/15360`.
  public var timeBase: Rational
  /// The first timestamp in seconds, when known.
  public var startTime: Rational?
  /// `AVStream.duration × time_base` in seconds, when the container says.
  public var duration: Rational?
  /// The stream is marked as the default of its kind.
  public var isDefault: Bool
  /// A cover picture attached to an audio file, not a video to play
  /// (`AV_DISPOSITION_ATTACHED_PIC`).
  public var isAttachedPicture: Bool
  /// The `language` tag (ISO 639-2, for example `"eng"`), when present.
  public var language: String?
  /// Picture properties, for `.video` streams.
  public var video: VideoStreamInfo?
  /// Sound properties, for `.audio` streams.
  public var audio: AudioStreamInfo?

  /// A stream description; every property is documented above.
  public init(
    index: Int, kind: StreamKind, codecName: String, timeBase: Rational, startTime: Rational? = nil,
    duration: Rational? = nil, isDefault: Bool = false, isAttachedPicture: Bool = false,
    language: String? = nil, video: VideoStreamInfo? = nil, audio: AudioStreamInfo? = nil
  ) {
    self.index = index
    self.kind = kind
    self.codecName = codecName
    self.timeBase = timeBase
    self.startTime = startTime
    self.duration = duration
    self.isDefault = isDefault
    self.isAttachedPicture = isAttachedPicture
    self.language = language
    self.video = video
    self.audio = audio
  }

  /// A video stream that plays (not an attached cover picture).
  public var isPlayableVideo: Bool { kind == .video && !isAttachedPicture }
}
