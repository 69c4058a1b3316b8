import CFFmpeg

/// A libav sample format (`AVSampleFormat`) as a Swift value, so code outside VEDLMedia can
/// choose and fill sound frames without libav's headers.
public struct SampleFormat: RawRepresentable, Hashable, Sendable {
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  init(_ format: AVSampleFormat) { rawValue = format.rawValue }

  var avFormat: AVSampleFormat { AVSampleFormat(rawValue: rawValue) }

  /// 32-bit float, one plane per channel.
  public static let floatPlanar = SampleFormat(AV_SAMPLE_FMT_FLTP)
  /// 32-bit float, channels interleaved.
  public static let float = SampleFormat(AV_SAMPLE_FMT_FLT)
  /// Signed 16-bit, one plane per channel.
  public static let int16Planar = SampleFormat(AV_SAMPLE_FMT_S16P)
  /// Signed 16-bit, channels interleaved.
  public static let int16 = SampleFormat(AV_SAMPLE_FMT_S16)

  /// Whether each channel has a plane of its own (`av_sample_fmt_is_planar`).
  public var isPlanar: Bool { av_sample_fmt_is_planar(avFormat) != 0 }

  /// Bytes of one sample of one channel (`av_get_bytes_per_sample`).
  public var bytesPerSample: Int { Int(av_get_bytes_per_sample(avFormat)) }
}
