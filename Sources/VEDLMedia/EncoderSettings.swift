import VEDLTime

/// One `key=value` option for an encoder or muxer, written as on the `ffmpeg` command line
/// after the output's `-c:v`/`-c:a` (`crf=23`, `preset=medium`, `b=128k`, `movflags=+faststart`).
/// Options are applied by name through FFmpeg's option system, so private codec options
/// (`crf`, `deadline`) and generic ones (`b`, `g`) are both accepted; a name the encoder does
/// not know is an error, never silently ignored.
public struct MediaOption: Sendable, Hashable, CustomStringConvertible {
  /// The option's name without the leading dash, for example `"crf"`.
  public var key: String
  /// Its value as FFmpeg parses it, for example `"23"` or `"128k"`.
  public var value: String

  /// The option `key=value`.
  public init(_ key: String, _ value: String) {
    self.key = key
    self.value = value
  }

  /// `key=value`.
  public var description: String { "\(key)=\(value)" }
}

/// How the picture is encoded.
public struct VideoEncoderSettings: Sendable, Hashable {
  /// FFmpeg's encoder name: `libx264`, `libvpx-vp9`, `png`, `mjpeg`.
  public var codecName: String
  /// The pixel format the encoder receives (`yuv420p`, `rgb24`, `yuvj420p`), converted to
  /// by a `format` filter after the graph's output like `-pix_fmt`; `nil` lets FFmpeg choose
  /// among the encoder's formats.
  public var pixelFormat: String?
  /// Encoder options in order (`crf`, `preset`, `b`, …).
  public var options: [MediaOption]

  /// Settings for `codecName`; every property is documented above.
  public init(codecName: String, pixelFormat: String? = nil, options: [MediaOption] = []) {
    self.codecName = codecName
    self.pixelFormat = pixelFormat
    self.options = options
  }
}

/// How the sound is encoded.
public struct AudioEncoderSettings: Sendable, Hashable {
  /// FFmpeg's encoder name: `aac`, `libopus`.
  public var codecName: String
  /// Samples per second the encoder receives (`-ar`); `nil` keeps the graph's rate when the
  /// encoder supports it.
  public var sampleRate: Int?
  /// Channel count (`-ac`: 1 mono, 2 stereo); `nil` keeps the graph's layout.
  public var channels: Int?
  /// Encoder options in order (`b=128k`, …).
  public var options: [MediaOption]

  /// Settings for `codecName`; every property is documented above.
  public init(codecName: String, sampleRate: Int? = nil, channels: Int? = nil, options: [MediaOption] = []) {
    self.codecName = codecName
    self.sampleRate = sampleRate
    self.channels = channels
    self.options = options
  }
}

/// The file a filter graph is rendered into: where, which container, which encoders, and
/// where to stop.
public struct OutputFileSettings: Sendable, Hashable {
  /// The file to write. Written directly: callers that need atomic replacement (VEDLRender)
  /// pass a temporary path and move it into place afterwards.
  public var path: String
  /// The muxer's short name (`mp4`, `mov`, `webm`, `image2` for a still picture); `nil`
  /// guesses it from the extension of `path`, as the CLI does.
  public var formatName: String?
  /// The picture encoder, when the graph has a video output.
  public var video: VideoEncoderSettings?
  /// The sound encoder, when the graph has an audio output.
  public var audio: AudioEncoderSettings?
  /// Stop after this many pictures (`-frames:v N`); `nil` encodes all the graph produces.
  public var maximumVideoFrames: Int64?
  /// The output frame rate (`-r RATE`): the video encoder's time base is one frame of it.
  /// `nil` takes the rate the graph's output declares.
  public var frameRate: Rational?
  /// Muxer options in order (`movflags=+faststart`, `update=1`).
  public var muxerOptions: [MediaOption]

  /// Output settings; every property is documented above.
  public init(
    path: String, formatName: String? = nil, video: VideoEncoderSettings? = nil,
    audio: AudioEncoderSettings? = nil, maximumVideoFrames: Int64? = nil, frameRate: Rational? = nil,
    muxerOptions: [MediaOption] = []
  ) {
    self.path = path
    self.formatName = formatName
    self.video = video
    self.audio = audio
    self.maximumVideoFrames = maximumVideoFrames
    self.frameRate = frameRate
    self.muxerOptions = muxerOptions
  }
}

/// What a finished run wrote.
public struct FilterGraphRunSummary: Sendable, Hashable {
  /// Pictures encoded.
  public var videoFrames: Int64
  /// Audio samples encoded (per channel).
  public var audioSamples: Int64
  /// Length of the video written, in seconds (frames × frame duration).
  public var videoDuration: Rational?
  /// Length of the audio written, in seconds (samples ÷ rate).
  public var audioDuration: Rational?
  /// The most decoders open at one time: bounded by how many items play at once, not by
  /// the length of the timeline (the runner opens a stream's decoder when the graph first
  /// asks for it and closes it when the stream has ended or is no longer used).
  public var peakOpenDecoders: Int
  /// Picture packets read from the inputs and given to decoders.
  public var picturePackets: Int64
  /// Pictures decoded from them: fewer when the reader left pictures no output frame shows
  /// undecoded (`MediaInputOptions.pictureSampling`).
  public var decodedPictures: Int64

  /// A summary; every property is documented above.
  public init(
    videoFrames: Int64, audioSamples: Int64, videoDuration: Rational?, audioDuration: Rational?,
    peakOpenDecoders: Int = 0, picturePackets: Int64 = 0, decodedPictures: Int64 = 0
  ) {
    self.videoFrames = videoFrames
    self.audioSamples = audioSamples
    self.videoDuration = videoDuration
    self.audioDuration = audioDuration
    self.peakOpenDecoders = peakOpenDecoders
    self.picturePackets = picturePackets
    self.decodedPictures = decodedPictures
  }
}
