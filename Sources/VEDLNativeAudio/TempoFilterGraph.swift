import VEDLMedia

/// Changes a clip's tempo without changing its pitch: a small libavfilter graph
/// `abuffer → atempo=tempo=F₁ → atempo=F₂ … → abuffersink` fed with the clip's resampled
/// sound — the very filters, with the very options, that the FFmpeg backend chains for a
/// speed other than 1 (see ``TempoSteps``). `atempo` (WSOLA) is the one sound stage the native
/// mixer leaves to libavfilter: its output depends on every detail of FFmpeg's
/// implementation, and matching the FFmpeg backend matters more than owning the algorithm.
/// The graph is VEDLMedia's `FilterGraphContext`.
final class TempoFilterGraph {
  private let graph: FilterGraphContext
  private let source: FilterGraphContext.Filter
  private let sink: FilterGraphContext.Filter
  private let frame: Frame
  private let sampleRate: Int
  /// Samples sent so far: the next block's timestamp.
  private var sent: Int64 = 0
  private var isFinished = false

  /// A graph applying `factors` (each as the decimal text the lowering prints) to planar
  /// float stereo at `sampleRate`.
  init(factors: [String], sampleRate: Int) throws(AudioMixError) {
    self.sampleRate = sampleRate
    do {
      graph = try FilterGraphContext()
      frame = try Frame()
    } catch {
      throw AudioMixError("out of memory while setting up a speed change")
    }
    // One thread: `atempo` has no slice threading, and a pool per clip would only cost.
    graph.threadCount = 1
    do throws(FFmpegError) {
      source = try graph.addFilter(
        "abuffer", instance: "clip sound",
        arguments: "time_base=1/\(sampleRate):sample_rate=\(sampleRate):sample_fmt=fltp:channel_layout=stereo")
      sink = try graph.addFilter("abuffersink", instance: "clip sound out", arguments: nil)
      try graph.setSampleFormats([.floatPlanar], of: sink)
      var last = source
      for (index, factor) in factors.enumerated() {
        let step = try graph.addFilter("atempo", instance: "tempo \(index)", arguments: "tempo=\(factor)")
        try graph.connect(last, to: step)
        last = step
      }
      try graph.connect(last, to: sink)
      try graph.configureLinks()
    } catch {
      throw Self.failure(error)
    }
  }

  /// Sends `left`/`right` through the tempo change and appends what comes out to `queue`.
  func process(left: ArraySlice<Float>, right: ArraySlice<Float>, into queue: inout StereoSampleQueue)
    throws(AudioMixError)
  {
    guard !left.isEmpty, !isFinished else { return }
    frame.sampleCount = left.count
    frame.sampleFormat = .floatPlanar
    frame.sampleRate = sampleRate
    frame.presentationTimestamp = sent
    frame.setStereoLayout()
    do { try frame.allocateBuffers() } catch { throw Self.failure(error) }
    for (plane, samples) in [left, right].enumerated() {
      let destination = UnsafeMutableRawPointer(frame.samplePlane(plane)!).assumingMemoryBound(to: Float.self)
      samples.withUnsafeBufferPointer { destination.update(from: $0.baseAddress!, count: $0.count) }
    }
    sent += Int64(left.count)
    // Without keeping a reference the graph takes the frame's buffers and leaves `frame`
    // empty for reuse.
    do { try graph.send(frame, to: source, keepingReference: false) } catch { throw Self.failure(error) }
    try drain(into: &queue)
  }

  /// Ends the input and appends the last samples `atempo` holds to `queue`.
  func finish(into queue: inout StereoSampleQueue) throws(AudioMixError) {
    guard !isFinished else { return }
    do { try graph.send(nil, to: source, keepingReference: false) } catch { throw Self.failure(error) }
    try drain(into: &queue)
    isFinished = true
  }

  /// Takes every block the sink holds.
  private func drain(into queue: inout StereoSampleQueue) throws(AudioMixError) {
    while true {
      let received: FrameReception
      do { received = try graph.receive(from: sink, into: frame) } catch { throw Self.failure(error) }
      guard received == .received else { return }
      let count = frame.sampleCount
      let left = UnsafeMutableRawPointer(frame.samplePlane(0)!).assumingMemoryBound(to: Float.self)
      let right = UnsafeMutableRawPointer(frame.samplePlane(1)!).assumingMemoryBound(to: Float.self)
      queue.append(
        left: UnsafeBufferPointer(start: left, count: count), right: UnsafeBufferPointer(start: right, count: count))
      frame.unreference()
    }
  }

  private static func failure(_ error: FFmpegError) -> AudioMixError {
    AudioMixError("cannot change the speed of a clip's sound: \(error.description)")
  }
}
