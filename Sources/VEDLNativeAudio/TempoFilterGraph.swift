import CFFmpeg
import VEDLMedia

/// Changes a clip's tempo without changing its pitch: a small libavfilter graph
/// `abuffer → atempo=tempo=F₁ → atempo=F₂ … → abuffersink` fed with the clip's resampled
/// sound — the very filters, with the very options, that the FFmpeg backend chains for a
/// speed other than 1 (see ``TempoSteps``). `atempo` (WSOLA) is the one sound stage the native
/// mixer leaves to libavfilter: its output depends on every detail of FFmpeg's
/// implementation, and matching the FFmpeg backend matters more than owning the algorithm.
final class TempoFilterGraph {
  private var graph: UnsafeMutablePointer<AVFilterGraph>?
  private let source: UnsafeMutablePointer<AVFilterContext>
  private let sink: UnsafeMutablePointer<AVFilterContext>
  private var frame: UnsafeMutablePointer<AVFrame>?
  private let sampleRate: Int32
  /// Samples sent so far: the next block's timestamp.
  private var sent: Int64 = 0
  private var isFinished = false

  /// A graph applying `factors` (each as the decimal text the lowering prints) to planar
  /// float stereo at `sampleRate`.
  init(factors: [String], sampleRate: Int) throws(AudioMixError) {
    self.sampleRate = Int32(sampleRate)
    guard let graph = avfilter_graph_alloc(), let frame = av_frame_alloc() else {
      throw AudioMixError("out of memory while setting up a speed change")
    }
    self.graph = graph
    self.frame = frame
    // One thread: `atempo` has no slice threading, and a pool per clip would only cost.
    graph.pointee.nb_threads = 1
    func create(_ name: String, _ instance: String, _ arguments: String?) throws(AudioMixError)
      -> UnsafeMutablePointer<AVFilterContext>
    {
      var context: UnsafeMutablePointer<AVFilterContext>? = nil
      let code = avfilter_graph_create_filter(&context, avfilter_get_by_name(name), instance, arguments, nil, graph)
      guard code >= 0, let context else { throw Self.failure(code, "creating the `\(name)` filter") }
      return context
    }
    func link(_ from: UnsafeMutablePointer<AVFilterContext>, _ to: UnsafeMutablePointer<AVFilterContext>)
      throws(AudioMixError)
    {
      let code = avfilter_link(from, 0, to, 0)
      guard code >= 0 else { throw Self.failure(code, "linking the speed change filters") }
    }
    do throws(AudioMixError) {
      source = try create(
        "abuffer", "clip sound",
        "time_base=1/\(sampleRate):sample_rate=\(sampleRate):sample_fmt=fltp:channel_layout=stereo")
      sink = try create("abuffersink", "clip sound out", nil)
      var formats: [AVSampleFormat] = [AV_SAMPLE_FMT_FLTP, AV_SAMPLE_FMT_NONE]
      let setFormats = vedl_av_opt_set_sample_formats(
        UnsafeMutableRawPointer(sink), "sample_fmts", &formats, Int32(AV_OPT_SEARCH_CHILDREN))
      guard setFormats >= 0 else { throw Self.failure(setFormats, "configuring the speed change output") }
      var last = source
      for (index, factor) in factors.enumerated() {
        let step = try create("atempo", "tempo \(index)", "tempo=\(factor)")
        try link(last, step)
        last = step
      }
      try link(last, sink)
      let configured = avfilter_graph_config(graph, nil)
      guard configured >= 0 else { throw Self.failure(configured, "configuring the speed change") }
    } catch {
      var owned: UnsafeMutablePointer<AVFilterGraph>? = graph
      avfilter_graph_free(&owned)
      var ownedFrame: UnsafeMutablePointer<AVFrame>? = frame
      av_frame_free(&ownedFrame)
      self.graph = nil
      self.frame = nil
      throw error
    }
  }

  deinit {
    av_frame_free(&frame)
    avfilter_graph_free(&graph)
  }

  /// Sends `left`/`right` through the tempo change and appends what comes out to `queue`.
  func process(left: ArraySlice<Float>, right: ArraySlice<Float>, into queue: inout StereoSampleQueue)
    throws(AudioMixError)
  {
    guard !left.isEmpty, !isFinished, let frame else { return }
    frame.pointee.nb_samples = Int32(left.count)
    frame.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
    frame.pointee.sample_rate = sampleRate
    frame.pointee.pts = sent
    var layout = vedl_av_channel_layout_stereo()
    av_channel_layout_copy(&frame.pointee.ch_layout, &layout)
    let allocated = av_frame_get_buffer(frame, 0)
    guard allocated >= 0 else { throw Self.failure(allocated, "allocating samples for the speed change") }
    for (plane, samples) in [left, right].enumerated() {
      let destination = UnsafeMutableRawPointer(frame.pointee.extended_data[plane]!).assumingMemoryBound(to: Float.self)
      samples.withUnsafeBufferPointer { destination.update(from: $0.baseAddress!, count: $0.count) }
    }
    sent += Int64(left.count)
    // Without KEEP_REF the graph takes the frame's buffers and leaves `frame` empty for reuse.
    let code = av_buffersrc_add_frame_flags(source, frame, 0)
    guard code >= 0 else { throw Self.failure(code, "changing the speed") }
    try drain(into: &queue)
  }

  /// Ends the input and appends the last samples `atempo` holds to `queue`.
  func finish(into queue: inout StereoSampleQueue) throws(AudioMixError) {
    guard !isFinished else { return }
    let code = av_buffersrc_add_frame_flags(source, nil, 0)
    guard code >= 0 else { throw Self.failure(code, "changing the speed") }
    try drain(into: &queue)
    isFinished = true
  }

  /// Takes every block the sink holds.
  private func drain(into queue: inout StereoSampleQueue) throws(AudioMixError) {
    guard let frame else { return }
    while true {
      let code = av_buffersink_get_frame(sink, frame)
      if code == vedl_averror_eagain() || code == vedl_averror_eof() { return }
      guard code >= 0 else { throw Self.failure(code, "changing the speed") }
      let count = Int(frame.pointee.nb_samples)
      let left = UnsafeMutableRawPointer(frame.pointee.extended_data[0]!).assumingMemoryBound(to: Float.self)
      let right = UnsafeMutableRawPointer(frame.pointee.extended_data[1]!).assumingMemoryBound(to: Float.self)
      queue.append(
        left: UnsafeBufferPointer(start: left, count: count), right: UnsafeBufferPointer(start: right, count: count))
      av_frame_unref(frame)
    }
  }

  private static func failure(_ code: Int32, _ doing: String) -> AudioMixError {
    AudioMixError("cannot change the speed of a clip's sound: \(FFmpegError(code: code, operation: doing).description)")
  }
}
