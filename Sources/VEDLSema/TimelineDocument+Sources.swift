import VEDLTime

extension TimelineDocument {
  /// One entry of the source table; items name it by `index`.
  public struct Source: Codable, Sendable, Hashable {
    public var index: Int
    /// `video`, `image`, `audio`, `color`, `testpattern`, `tone` or `waveform`.
    public var kind: String
    /// A file's absolute path.
    public var path: String?
    /// A file's path as the script writes it.
    public var written: String?
    /// `#RRGGBBAA`: a colour source's colour, a waveform's.
    public var color: String?
    /// A tone's frequency in hertz.
    public var frequency: Double?
    /// A waveform: the index of the sound source it draws.
    public var audio: Int?
    /// A waveform: `line` or `bars`.
    public var style: String?
    /// A file's facts, when media were probed.
    public var facts: Facts?

    /// The entry for `source`, at `index` of the table.
    public init(_ source: SourceInfo, index: Int) {
      self.index = index
      kind = source.kind.rawValue
      path = source.path
      written = source.writtenPath
      color = source.color.map(ColorNames.hex)
      frequency = source.frequency?.doubleValue
      audio = source.waveformAudio
      style = source.waveformStyle?.rawValue
      facts = source.facts.map(Facts.init)
    }
  }

  /// What probing a file found. Width and height are the picture's size as shown; a turned
  /// file says how it is turned (`rotation`, `mirrored`), which is left out when upright.
  public struct Facts: Codable, Sendable, Hashable {
    public var hasVideo: Bool
    public var hasAudio: Bool
    public var stillImage: Bool
    public var duration: ExactSeconds?
    public var width: Int64?
    public var height: Int64?
    /// Clockwise degrees; left out for 0.
    public var rotation: Int?
    /// `true` when mirrored before the turn; left out otherwise.
    public var mirrored: Bool?
    /// `true` for a VP8/VP9 stream with a side alpha channel; left out otherwise.
    public var sideAlpha: Bool?
    public var fps: ExactNumber?
    public var frameCount: Int64?

    /// The form of `facts`.
    public init(_ facts: MediaFacts) {
      hasVideo = facts.hasVideo
      hasAudio = facts.hasAudio
      stillImage = facts.isStillImage
      duration = facts.duration.map(ExactSeconds.init)
      if let w = facts.width, let h = facts.height { (width, height) = (w, h) }
      rotation = facts.orientation.rotation != 0 ? facts.orientation.rotation : nil
      mirrored = facts.orientation.mirrored ? true : nil
      sideAlpha = facts.hasSideAlpha ? true : nil
      fps = facts.frameRate.map(ExactNumber.init)
      frameCount = facts.frameCount
    }
  }
}
