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
  /// What the graph is for, in failure messages.
  private let purpose: String

  /// A graph applying `factors` (each as the decimal text the lowering prints) to planar
  /// float stereo at `sampleRate`.
  convenience init(factors: [String], sampleRate: Int) throws(AudioMixError) {
    try self.init(
      filters: factors.map { (name: "atempo", options: "tempo=\($0)") }, sampleRate: sampleRate,
      purpose: "change the speed of a clip's sound")
  }

  /// A graph applying `filters` (name and options text, as the lowering prints them) in order
  /// to planar float stereo at `sampleRate` — also the loudness correction of the mix
  /// (``LoudnessStage``); `purpose` ends the message of a failure ("cannot …").
  init(filters: [(name: String, options: String)], sampleRate: Int, purpose: String) throws(AudioMixError) {
    self.purpose = purpose
    self.sampleRate = sampleRate
    do {
      graph = try FilterGraphContext()
      frame = try Frame()
    } catch {
      throw AudioMixError("out of memory while setting up a graph to \(purpose)")
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
      for (index, filter) in filters.enumerated() {
        let step = try graph.addFilter(filter.name, instance: "step \(index)", arguments: filter.options)
        try graph.connect(last, to: step)
        last = step
      }
      try graph.connect(last, to: sink)
      try graph.configureLinks()
    } catch {
      throw AudioMixError("cannot \(purpose): \(error.description)")
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
    do { try frame.allocateBuffers() } catch { throw failure(error) }
    for (plane, samples) in [left, right].enumerated() {
      let destination = UnsafeMutableRawPointer(frame.samplePlane(plane)!).assumingMemoryBound(to: Float.self)
      samples.withUnsafeBufferPointer { destination.update(from: $0.baseAddress!, count: $0.count) }
    }
    sent += Int64(left.count)
    // Without keeping a reference the graph takes the frame's buffers and leaves `frame`
    // empty for reuse.
    do { try graph.send(frame, to: source, keepingReference: false) } catch { throw failure(error) }
    try drain(into: &queue)
  }

  /// Ends the input and appends the last samples `atempo` holds to `queue`.
  func finish(into queue: inout StereoSampleQueue) throws(AudioMixError) {
    guard !isFinished else { return }
    do { try graph.send(nil, to: source, keepingReference: false) } catch { throw failure(error) }
    try drain(into: &queue)
    isFinished = true
  }

  /// Takes every block the sink holds.
  private func drain(into queue: inout StereoSampleQueue) throws(AudioMixError) {
    while true {
      let received: FrameReception
      do { received = try graph.receive(from: sink, into: frame) } catch { throw failure(error) }
      guard received == .received else { return }
      let count = frame.sampleCount
      let left = UnsafeMutableRawPointer(frame.samplePlane(0)!).assumingMemoryBound(to: Float.self)
      let right = UnsafeMutableRawPointer(frame.samplePlane(1)!).assumingMemoryBound(to: Float.self)
      queue.append(
        left: UnsafeBufferPointer(start: left, count: count), right: UnsafeBufferPointer(start: right, count: count))
      frame.unreference()
    }
  }

  private func failure(_ error: FFmpegError) -> AudioMixError {
    AudioMixError("cannot \(purpose): \(error.description)")
  }
}
