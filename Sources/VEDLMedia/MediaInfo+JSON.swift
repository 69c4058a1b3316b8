import VEDLTime

extension MediaInfo {
  /// The probe result in the shape `vedl probe MEDIA --format json` prints (through
  /// VEDLDiagnostics' `JSONOutput`). Every key is always present, `null` when unknown. Times
  /// and rates appear twice: `"exact"` is the fraction as text (`"30000/1001"`), the number
  /// beside it a rounded convenience.
  public struct Document: Codable, Sendable, Equatable {
    public var path: String
    public var format: Format
    public var duration: Seconds?
    public var durationSource: String?
    public var containerDuration: Seconds?
    public var isStillImage: Bool
    public var hasVideo: Bool
    public var hasAudio: Bool
    public var primaryVideoStream: Int?
    public var primaryAudioStream: Int?
    public var streams: [Stream]

    public struct Format: Codable, Sendable, Equatable {
      public var name: String
      public var longName: String?

      public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(longName, forKey: .longName)
      }
    }

    /// `{"seconds": 2.002, "exact": "1001/500"}`.
    public struct Seconds: Codable, Sendable, Equatable {
      public var seconds: Double
      public var exact: String

      public init(seconds: Double, exact: String) {
        self.seconds = seconds
        self.exact = exact
      }

      init(_ value: Rational) {
        seconds = value.doubleValue
        exact = value.description
      }
    }

    /// `{"fps": 29.97002997, "exact": "30000/1001"}`.
    public struct Rate: Codable, Sendable, Equatable {
      public var fps: Double
      public var exact: String

      init(_ value: Rational) {
        fps = value.doubleValue
        exact = value.description
      }
    }

    public struct Stream: Codable, Sendable, Equatable {
      public var index: Int
      public var kind: String
      public var codec: String
      public var timeBase: String
      public var startTime: Seconds?
      public var duration: Seconds?
      public var isDefault: Bool
      public var isAttachedPicture: Bool
      public var language: String?
      public var video: Video?
      public var audio: Audio?

      public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(index, forKey: .index)
        try c.encode(kind, forKey: .kind)
        try c.encode(codec, forKey: .codec)
        try c.encode(timeBase, forKey: .timeBase)
        try c.encode(startTime, forKey: .startTime)
        try c.encode(duration, forKey: .duration)
        try c.encode(isDefault, forKey: .isDefault)
        try c.encode(isAttachedPicture, forKey: .isAttachedPicture)
        try c.encode(language, forKey: .language)
        try c.encode(video, forKey: .video)
        try c.encode(audio, forKey: .audio)
      }
    }

    public struct Video: Codable, Sendable, Equatable {
      /// The size shown (turned by the rotation).
      public var width: Int
      public var height: Int
      /// The size coded in the stream.
      public var codedWidth: Int
      public var codedHeight: Int
      public var mirrored: Bool
      public var colorSpace: String?
      public var colorRange: String?
      public var colorTransfer: String?
      public var colorPrimaries: String?
      public var sideAlpha: Bool
      public var pixelFormat: String?
      public var frameRate: Rate?
      public var averageFrameRate: Rate?
      public var realFrameRate: Rate?
      public var sampleAspectRatio: String?
      public var rotation: Int
      public var frameCount: Int64?
      public var frameCountSource: String?
      public var firstFrameTime: Seconds?
      public var lastFrameTime: Seconds?

      public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(codedWidth, forKey: .codedWidth)
        try c.encode(codedHeight, forKey: .codedHeight)
        try c.encode(mirrored, forKey: .mirrored)
        try c.encode(colorSpace, forKey: .colorSpace)
        try c.encode(colorRange, forKey: .colorRange)
        try c.encode(colorTransfer, forKey: .colorTransfer)
        try c.encode(colorPrimaries, forKey: .colorPrimaries)
        try c.encode(sideAlpha, forKey: .sideAlpha)
        try c.encode(pixelFormat, forKey: .pixelFormat)
        try c.encode(frameRate, forKey: .frameRate)
        try c.encode(averageFrameRate, forKey: .averageFrameRate)
        try c.encode(realFrameRate, forKey: .realFrameRate)
        try c.encode(sampleAspectRatio, forKey: .sampleAspectRatio)
        try c.encode(rotation, forKey: .rotation)
        try c.encode(frameCount, forKey: .frameCount)
        try c.encode(frameCountSource, forKey: .frameCountSource)
        try c.encode(firstFrameTime, forKey: .firstFrameTime)
        try c.encode(lastFrameTime, forKey: .lastFrameTime)
      }
    }

    public struct Audio: Codable, Sendable, Equatable {
      public var sampleRate: Int
      public var channels: Int
      public var channelLayout: String?
      public var sampleFormat: String?

      public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sampleRate, forKey: .sampleRate)
        try c.encode(channels, forKey: .channels)
        try c.encode(channelLayout, forKey: .channelLayout)
        try c.encode(sampleFormat, forKey: .sampleFormat)
      }
    }

    // Optionals are written as `null` rather than left out (what the synthesised
    // conformance would do), so that every key is always present.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(path, forKey: .path)
      try c.encode(format, forKey: .format)
      try c.encode(duration, forKey: .duration)
      try c.encode(durationSource, forKey: .durationSource)
      try c.encode(containerDuration, forKey: .containerDuration)
      try c.encode(isStillImage, forKey: .isStillImage)
      try c.encode(hasVideo, forKey: .hasVideo)
      try c.encode(hasAudio, forKey: .hasAudio)
      try c.encode(primaryVideoStream, forKey: .primaryVideoStream)
      try c.encode(primaryAudioStream, forKey: .primaryAudioStream)
      try c.encode(streams, forKey: .streams)
    }
  }

  /// The probe result as a ``Document``.
  public var document: Document {
    Document(
      path: path, format: Document.Format(name: formatName, longName: formatLongName),
      duration: duration.map(Document.Seconds.init), durationSource: durationSource?.rawValue,
      containerDuration: containerDuration.map(Document.Seconds.init), isStillImage: isStillImage,
      hasVideo: hasVideo, hasAudio: hasAudio, primaryVideoStream: primaryVideo?.index,
      primaryAudioStream: primaryAudio?.index, streams: streams.map(Self.document))
  }

  private static func document(_ stream: StreamInfo) -> Document.Stream {
    Document.Stream(
      index: stream.index, kind: stream.kind.rawValue, codec: stream.codecName, timeBase: stream.timeBase.description,
      startTime: stream.startTime.map(Document.Seconds.init), duration: stream.duration.map(Document.Seconds.init),
      isDefault: stream.isDefault, isAttachedPicture: stream.isAttachedPicture, language: stream.language,
      video: stream.video.map { video in
        Document.Video(
          width: video.displaySize.width, height: video.displaySize.height, codedWidth: video.width,
          codedHeight: video.height, mirrored: video.mirrored, colorSpace: video.colorSpace,
          colorRange: video.colorRange, colorTransfer: video.colorTransfer, colorPrimaries: video.colorPrimaries,
          sideAlpha: video.hasSideAlpha, pixelFormat: video.pixelFormat,
          frameRate: video.frameRate.map(Document.Rate.init),
          averageFrameRate: video.averageFrameRate.map(Document.Rate.init),
          realFrameRate: video.realFrameRate.map(Document.Rate.init),
          sampleAspectRatio: video.sampleAspectRatio?.description, rotation: video.rotation,
          frameCount: video.frameCount, frameCountSource: video.frameCountSource?.rawValue,
          firstFrameTime: video.firstFrameTime.map(Document.Seconds.init),
          lastFrameTime: video.lastFrameTime.map(Document.Seconds.init))
      },
      audio: stream.audio.map { audio in
        Document.Audio(
          sampleRate: audio.sampleRate, channels: audio.channels, channelLayout: audio.channelLayout,
          sampleFormat: audio.sampleFormat)
      })
  }
}
