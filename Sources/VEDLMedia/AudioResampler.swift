import CFFmpeg

/// An owned libswresample context (`SwrContext`; `swr_free`) converting sound like one
/// decoded frame to planar float stereo at a given rate, set up exactly as the FFmpeg
/// backend's `aresample` + `aformat` pair sets it up (`swr_alloc_set_opts2` with the input's
/// layout, format and rate and no other option): the same resampling filter, the same
/// channel matrix, the same samples. Not for concurrent use.
public final class AudioResampler {
  private var context: OpaquePointer?
  /// The input's sample format, rate and channel count, to notice a change.
  private let inputFormat: Int32
  private let inputRate: Int32
  private let inputChannels: Int32

  /// A resampler for blocks like `frame`, to planar float stereo at `outputRate`.
  public init(from frame: Frame, toStereoFloatPlanarAt outputRate: Int) throws(FFmpegError) {
    let frame = frame.frame
    inputFormat = frame.pointee.format
    inputRate = frame.pointee.sample_rate
    inputChannels = frame.pointee.ch_layout.nb_channels
    var outputLayout = vedl_av_channel_layout_stereo()
    var inputLayout = frame.pointee.ch_layout
    let code = swr_alloc_set_opts2(
      &context, &outputLayout, AV_SAMPLE_FMT_FLTP, Int32(outputRate), &inputLayout,
      AVSampleFormat(rawValue: inputFormat), inputRate, 0, nil)
    guard code >= 0, context != nil else {
      throw FFmpegError(code: code < 0 ? code : vedl_averror_enomem(), operation: "setting up the resampler")
    }
    let initialised = swr_init(context)
    guard initialised >= 0 else { throw FFmpegError(code: initialised, operation: "setting up the resampler") }
  }

  deinit {
    swr_free(&context)
  }

  /// Whether `frame` has the format, rate and channel count this resampler takes.
  public func accepts(_ frame: Frame) -> Bool {
    frame.frame.pointee.format == inputFormat && frame.frame.pointee.sample_rate == inputRate
      && frame.frame.pointee.ch_layout.nb_channels == inputChannels
  }

  /// At most how many samples converting `count` more input samples gives
  /// (`swr_get_out_samples`; negative on error).
  public func outputSampleBound(forInput count: Int) -> Int {
    Int(swr_get_out_samples(context, Int32(count)))
  }

  /// Converts the samples `range` of `frame` — or, when `frame` is `nil`, drains the
  /// samples the resampler still holds — writing at most `capacity` samples to `left` and
  /// `right` (`swr_convert`). Returns how many were written.
  public func convert(
    _ frame: Frame?, samples range: Range<Int>, left: UnsafeMutablePointer<Float>, right: UnsafeMutablePointer<Float>,
    capacity: Int
  ) throws(FFmpegError) -> Int {
    var outputs: [UnsafeMutablePointer<UInt8>?] = [
      UnsafeMutableRawPointer(left).assumingMemoryBound(to: UInt8.self),
      UnsafeMutableRawPointer(right).assumingMemoryBound(to: UInt8.self),
    ]
    let produced: Int32 = outputs.withUnsafeMutableBufferPointer { out in
      guard let frame = frame?.frame else {
        return swr_convert(context, out.baseAddress, Int32(capacity), nil, 0)
      }
      let format = AVSampleFormat(rawValue: frame.pointee.format)
      let isPlanar = av_sample_fmt_is_planar(format) != 0
      let channels = Int(frame.pointee.ch_layout.nb_channels)
      let bytes = Int(av_get_bytes_per_sample(format))
      let planes = isPlanar ? channels : 1
      let offset = range.lowerBound * bytes * (isPlanar ? 1 : channels)
      var inputs: [UnsafePointer<UInt8>?] = (0..<planes).map { plane in
        frame.pointee.extended_data[plane].map { UnsafePointer($0 + offset) }
      }
      return inputs.withUnsafeMutableBufferPointer { input in
        swr_convert(context, out.baseAddress, Int32(capacity), input.baseAddress, Int32(range.count))
      }
    }
    guard produced >= 0 else { throw FFmpegError(code: produced, operation: "resampling") }
    return Int(produced)
  }
}
