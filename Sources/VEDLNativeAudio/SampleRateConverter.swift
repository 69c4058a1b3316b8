import CFFmpeg
import VEDLMedia

/// Converts decoded sound to the mix format — planar float, stereo, the mix's rate — with
/// libswresample, set up exactly as the FFmpeg backend's `aresample` + `aformat` pair sets it
/// up (`swr_alloc_set_opts2` with the input's layout, format and rate and no other option):
/// the same resampling filter, the same channel matrix (a mono source reaches both channels
/// at −3 dB, swresample's default for a centre channel), the same samples.
final class SampleRateConverter {
  private var context: OpaquePointer?
  /// The input's sample format, rate and channel count, to notice a change.
  private let inputFormat: Int32
  private let inputRate: Int32
  private let inputChannels: Int32
  /// Output scratch space, one array per channel, reused between calls.
  private var scratchLeft: [Float] = []
  private var scratchRight: [Float] = []
  private let path: String

  /// A converter for blocks like `frame`, to `outputRate`; `path` names the file in errors.
  init(for frame: UnsafePointer<AVFrame>, outputRate: Int, path: String) throws(AudioMixError) {
    self.path = path
    inputFormat = frame.pointee.format
    inputRate = frame.pointee.sample_rate
    inputChannels = frame.pointee.ch_layout.nb_channels
    var outputLayout = vedl_av_channel_layout_stereo()
    var inputLayout = frame.pointee.ch_layout
    let code = swr_alloc_set_opts2(
      &context, &outputLayout, AV_SAMPLE_FMT_FLTP, Int32(outputRate), &inputLayout,
      AVSampleFormat(rawValue: inputFormat), inputRate, 0, nil)
    guard code >= 0, context != nil else { throw failure(code, "setting up the resampler") }
    let initialised = swr_init(context)
    guard initialised >= 0 else { throw failure(initialised, "setting up the resampler") }
  }

  deinit {
    swr_free(&context)
  }

  /// Whether `frame` has the format, rate and channel count this converter takes.
  func accepts(_ frame: UnsafePointer<AVFrame>) -> Bool {
    frame.pointee.format == inputFormat && frame.pointee.sample_rate == inputRate
      && frame.pointee.ch_layout.nb_channels == inputChannels
  }

  /// Converts the samples `range` of `frame` and appends what comes out to `queue`.
  func convert(_ frame: UnsafePointer<AVFrame>, samples range: Range<Int>, into queue: inout StereoSampleQueue)
    throws(AudioMixError)
  {
    guard !range.isEmpty else { return }
    let format = AVSampleFormat(rawValue: frame.pointee.format)
    let isPlanar = av_sample_fmt_is_planar(format) != 0
    let channels = Int(frame.pointee.ch_layout.nb_channels)
    let bytes = Int(av_get_bytes_per_sample(format))
    let planes = isPlanar ? channels : 1
    let offset = range.lowerBound * bytes * (isPlanar ? 1 : channels)
    var inputs: [UnsafePointer<UInt8>?] = (0..<planes).map { plane in
      frame.pointee.extended_data[plane].map { UnsafePointer($0 + offset) }
    }
    let capacity = Int(swr_get_out_samples(context, Int32(range.count)))
    try run(capacity: max(capacity, 0), inputs: &inputs, count: Int32(range.count), into: &queue)
  }

  /// Drains the samples still inside the resampler (its filter's delay) into `queue`.
  func flush(into queue: inout StereoSampleQueue) throws(AudioMixError) {
    var none: [UnsafePointer<UInt8>?] = []
    while true {
      let produced = try run(capacity: 4096, inputs: &none, count: 0, into: &queue)
      if produced == 0 { return }
    }
  }

  /// One `swr_convert` call; returns the number of samples appended.
  @discardableResult
  private func run(
    capacity: Int, inputs: inout [UnsafePointer<UInt8>?], count: Int32, into queue: inout StereoSampleQueue
  )
    throws(AudioMixError) -> Int
  {
    let room = max(capacity, 1)
    if scratchLeft.count < room {
      scratchLeft = [Float](repeating: 0, count: room)
      scratchRight = [Float](repeating: 0, count: room)
    }
    let produced: Int32 = scratchLeft.withUnsafeMutableBufferPointer { left in
      scratchRight.withUnsafeMutableBufferPointer { right in
        var outputs: [UnsafeMutablePointer<UInt8>?] = [
          UnsafeMutableRawPointer(left.baseAddress!).assumingMemoryBound(to: UInt8.self),
          UnsafeMutableRawPointer(right.baseAddress!).assumingMemoryBound(to: UInt8.self),
        ]
        return outputs.withUnsafeMutableBufferPointer { out in
          if inputs.isEmpty {
            return swr_convert(context, out.baseAddress, Int32(room), nil, 0)
          }
          return inputs.withUnsafeMutableBufferPointer { input in
            swr_convert(context, out.baseAddress, Int32(room), input.baseAddress, count)
          }
        }
      }
    }
    guard produced >= 0 else { throw failure(produced, "resampling") }
    let n = Int(produced)
    scratchLeft.withUnsafeBufferPointer { left in
      scratchRight.withUnsafeBufferPointer { right in
        queue.append(
          left: UnsafeBufferPointer(rebasing: left[0..<n]), right: UnsafeBufferPointer(rebasing: right[0..<n]))
      }
    }
    return n
  }

  private func failure(_ code: Int32, _ doing: String) -> AudioMixError {
    let text = FFmpegError(code: code, operation: doing).description
    return AudioMixError("cannot convert the sound of \"\(path)\": \(text)", path: path)
  }
}
