import VEDLMedia

/// Converts decoded sound to the mix format — planar float, stereo, the mix's rate — with
/// VEDLMedia's `AudioResampler` (libswresample), set up exactly as the FFmpeg backend's
/// `aresample` + `aformat` pair sets it up: the same resampling filter, the same channel
/// matrix (a mono source reaches both channels at −3 dB, swresample's default for a centre
/// channel), the same samples.
final class SampleRateConverter {
  private let resampler: AudioResampler
  /// Output scratch space, one array per channel, reused between calls.
  private var scratchLeft: [Float] = []
  private var scratchRight: [Float] = []
  private let path: String

  /// A converter for blocks like `frame`, to `outputRate`; `path` names the file in errors.
  init(for frame: Frame, outputRate: Int, path: String) throws(AudioMixError) {
    self.path = path
    do { resampler = try AudioResampler(from: frame, toStereoFloatPlanarAt: outputRate) } catch {
      throw Self.failure(error, path: path)
    }
  }

  /// Whether `frame` has the format, rate and channel count this converter takes.
  func accepts(_ frame: Frame) -> Bool { resampler.accepts(frame) }

  /// Converts the samples `range` of `frame` and appends what comes out to `queue`.
  func convert(_ frame: Frame, samples range: Range<Int>, into queue: inout StereoSampleQueue)
    throws(AudioMixError)
  {
    guard !range.isEmpty else { return }
    let capacity = resampler.outputSampleBound(forInput: range.count)
    try run(capacity: max(capacity, 0), frame: frame, samples: range, into: &queue)
  }

  /// Drains the samples still inside the resampler (its filter's delay) into `queue`.
  func flush(into queue: inout StereoSampleQueue) throws(AudioMixError) {
    while true {
      let produced = try run(capacity: 4096, frame: nil, samples: 0..<0, into: &queue)
      if produced == 0 { return }
    }
  }

  /// One `swr_convert` call (of `range` of `frame`, or a drain when `frame` is `nil`);
  /// returns the number of samples appended.
  @discardableResult
  private func run(capacity: Int, frame: Frame?, samples range: Range<Int>, into queue: inout StereoSampleQueue)
    throws(AudioMixError) -> Int
  {
    let room = max(capacity, 1)
    if scratchLeft.count < room {
      scratchLeft = [Float](repeating: 0, count: room)
      scratchRight = [Float](repeating: 0, count: room)
    }
    let produced: Result<Int, FFmpegError> = scratchLeft.withUnsafeMutableBufferPointer { left in
      scratchRight.withUnsafeMutableBufferPointer { right in
        Result { () throws(FFmpegError) in
          try resampler.convert(
            frame, samples: range, left: left.baseAddress!, right: right.baseAddress!, capacity: room)
        }
      }
    }
    let n: Int
    switch produced {
    case .success(let count): n = count
    case .failure(let error): throw Self.failure(error, path: path)
    }
    scratchLeft.withUnsafeBufferPointer { left in
      scratchRight.withUnsafeBufferPointer { right in
        queue.append(
          left: UnsafeBufferPointer(rebasing: left[0..<n]), right: UnsafeBufferPointer(rebasing: right[0..<n]))
      }
    }
    return n
  }

  /// An error carrying what the resampler was doing and FFmpeg's text.
  private static func failure(_ error: FFmpegError, path: String) -> AudioMixError {
    AudioMixError("cannot convert the sound of \"\(path)\": \(error.description)", path: path)
  }
}
