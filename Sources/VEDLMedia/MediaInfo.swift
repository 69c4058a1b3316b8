import VEDLTime

/// What probing a media file found: the container, its streams and its length. A plain
/// value, so it can be cached (the language server probes each source once) and sent
/// between tasks.
public struct MediaInfo: Sendable, Hashable {
  /// The path that was probed, as given.
  public var path: String
  /// The demuxer's short name, for example `"mov,mp4,m4a,3gp,3g2,mj2"`, `"wav"`, `"png_pipe"`.
  public var formatName: String
  /// The demuxer's descriptive name, for example `"QuickTime / MOV"`.
  public var formatLongName: String?
  /// The file's length in exact seconds: the longest audio or video stream when the streams
  /// say (see `durationSource`), else the container's figure; `nil` for still images and
  /// files that do not say.
  public var duration: Rational?
  /// Where `duration` came from; `nil` when it is unknown.
  public var durationSource: DurationSource?
  /// The container's own duration (`AVFormatContext.duration`, microsecond precision).
  public var containerDuration: Rational?
  /// Every stream, in file order.
  public var streams: [StreamInfo]
  /// The file is a single picture (PNG, JPEG, …) rather than a moving video: read by an image
  /// demuxer, or one frame of video and no sound.
  public var isStillImage: Bool

  /// A probe result; every property is documented above.
  public init(
    path: String, formatName: String, formatLongName: String? = nil, duration: Rational? = nil,
    durationSource: DurationSource? = nil, containerDuration: Rational? = nil,
    streams: [StreamInfo], isStillImage: Bool = false
  ) {
    self.path = path
    self.formatName = formatName
    self.formatLongName = formatLongName
    self.duration = duration
    self.durationSource = durationSource
    self.containerDuration = containerDuration
    self.streams = streams
    self.isStillImage = isStillImage
  }

  /// Streams of one kind, in file order.
  public func streams(of kind: StreamKind) -> [StreamInfo] {
    streams.filter { $0.kind == kind }
  }

  /// The file has a video stream that plays (a cover picture does not count).
  public var hasVideo: Bool { streams.contains { $0.isPlayableVideo } }

  /// The file has an audio stream.
  public var hasAudio: Bool { streams.contains { $0.kind == .audio } }

  /// The video stream a clip of this file shows: the default one, else the first (cover
  /// pictures are never chosen).
  public var primaryVideo: StreamInfo? {
    primary(among: streams.filter(\.isPlayableVideo))
  }

  /// The audio stream a clip of this file plays: the default one, else the first.
  public var primaryAudio: StreamInfo? {
    primary(among: streams(of: .audio))
  }

  private func primary(among candidates: [StreamInfo]) -> StreamInfo? {
    candidates.first(where: \.isDefault) ?? candidates.first
  }
}
