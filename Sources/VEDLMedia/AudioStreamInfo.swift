/// The sound properties of an audio stream.
public struct AudioStreamInfo: Sendable, Hashable {
  /// Samples per second per channel, for example 48000.
  public var sampleRate: Int
  /// Number of channels.
  public var channels: Int
  /// FFmpeg's name for the channel layout (`"mono"`, `"stereo"`, `"5.1"`), when known.
  public var channelLayout: String?
  /// Sample format name, for example `"s16"`, `"fltp"`; `nil` when unknown.
  public var sampleFormat: String?

  /// An audio description; every property is documented above.
  public init(
    sampleRate: Int, channels: Int, channelLayout: String? = nil, sampleFormat: String? = nil
  ) {
    self.sampleRate = sampleRate
    self.channels = channels
    self.channelLayout = channelLayout
    self.sampleFormat = sampleFormat
  }
}
