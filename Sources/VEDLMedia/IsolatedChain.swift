import CFFmpeg

/// A chain from one stream of one input file to one labelled output, run in a filter graph
/// of its own whose frames the main graph receives through a `buffer`/`abuffer` source.
///
/// Why: libavfilter keeps every filter of a graph, and the picture pools of its links, until
/// the whole graph is freed. A timeline lowered to one graph therefore holds the pools of
/// every clip it has played — memory that grows with the timeline's length. A clip's chain
/// run on its own is freed, pools, scalers, decoder and all, as soon as it has ended, so a
/// render holds only the chains of the items it is playing.
///
/// The frames are the same as in one graph: the chain's filters, options and order do not
/// change, its output's format is pinned by the chain itself (the lowering only isolates
/// chains that end in an explicit format), and frames cross with their timestamps in the
/// sink's time base, which the main graph's source declares.
final class IsolatedChain {
  /// The input file the chain reads and which of its streams.
  let input: Int
  let kind: StreamKind
  /// The label the main graph knows the chain's output by.
  let output: String

  /// The chain's graph while it runs: built once at the start to learn its output's format,
  /// freed, and built again when the main graph first asks for a frame.
  private struct Running {
    var graph: FilterGraphContext
    var reader: InputFileReader?
    var source: UnsafeMutablePointer<AVFilterContext>
    var sink: UnsafeMutablePointer<AVFilterContext>
    var window: InputSourceChain.TrimWindow?
    var sourceClosed = false
  }

  private let text: String
  private let inputOptions: MediaInputOptions
  private let timestampMode: InputTimestampMode
  private let number: Int
  private var running: Running?
  /// The chain has delivered its last frame and been freed.
  private(set) var hasEnded = false
  /// Where the input stream's last frame ended, in its time base.
  private var inputEnd: Int64 = 0
  /// Where the last frame delivered ended, in the sink's time base: the time the main
  /// graph's source is closed at.
  private(set) var outputEnd: Int64 = 0
  /// The main graph's `buffer`/`abuffer` arguments for this chain's output.
  let sourceArguments: String

  /// Parses and configures `text` — one chain from `[k:v]` or `[k:a]` to one labelled
  /// output — reading `inputs[k]`. `number` names its source in FFmpeg's messages.
  init(text: String, inputs: [MediaInputOptions], timestampMode: InputTimestampMode, number: Int)
    throws(MediaRenderError)
  {
    let probe = try FilterGraphContext()
    let (openInputs, openOutputs) = try probe.parse(text)
    guard openInputs.count == 1, let label = openInputs.first?.label,
      let (input, kind) = IsolatedChain.fileStream(label, inputCount: inputs.count)
    else {
      throw .invalidGraph(reason: "an isolated chain must read exactly one input stream ([k:v] or [k:a]): \(text)")
    }
    guard openOutputs.count == 1, let output = openOutputs.first?.label else {
      throw .invalidGraph(reason: "an isolated chain must have exactly one labelled output: \(text)")
    }
    self.input = input
    self.kind = kind
    self.output = output
    self.text = text
    self.inputOptions = inputs[input]
    self.timestampMode = timestampMode
    self.number = number
    // Built once to learn what the chain delivers, then freed until it is needed: a long
    // timeline would otherwise hold every chain's scalers and threads from the start.
    let built = try Self.build(
      text: text, input: input, kind: kind, options: inputOptions, timestampMode: timestampMode, number: number)
    sourceArguments = Self.arguments(of: built.sink, kind: kind)
  }

  /// Parses, links and configures the chain with a fresh reader of its input.
  private static func build(
    text: String, input: Int, kind: StreamKind, options: MediaInputOptions, timestampMode: InputTimestampMode,
    number: Int
  ) throws(MediaRenderError) -> Running {
    let graph = try FilterGraphContext()
    let (openInputs, openOutputs) = try graph.parse(text)
    guard let pad = openInputs.first, let label = pad.label, let outputPad = openOutputs.first else {
      throw .invalidGraph(reason: "an isolated chain changed between two parses: \(text)")
    }
    let reader = try InputFileReader(
      index: input, options: options, timestampMode: timestampMode, wanted: [kind: label])
    if !reader.hasCompleteParameters(of: kind) { try reader.readFirstFrames() }
    let source = try InputSourceChain.make(
      in: graph, for: pad, reader: reader, kind: kind,
      name: "isolated input \(number) from \(label)", timestampMode: timestampMode)
    let window = InputSourceChain.trimWindow(reader, kind: kind, timestampMode: timestampMode)
    let sink = try graph.createFilter(
      kind == .video ? "buffersink" : "abuffersink", instance: "isolated output \(outputPad.label ?? "")",
      arguments: nil)
    try graph.link(outputPad.filter, outputPad.pad, to: sink, 0)
    try graph.configure()
    return Running(graph: graph, reader: reader, source: source, sink: sink, window: window)
  }

  /// `k:v` / `k:a` with `k` a valid input index → (k, kind).
  private static func fileStream(_ label: String, inputCount: Int) -> (Int, StreamKind)? {
    let parts = label.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), (0..<inputCount).contains(index) else { return nil }
    switch parts[1] {
    case "v": return (index, .video)
    case "a": return (index, .audio)
    default: return nil
    }
  }

  /// The source arguments that declare exactly what the sink delivers.
  private static func arguments(of sink: UnsafeMutablePointer<AVFilterContext>, kind: StreamKind) -> String {
    let timeBase = av_buffersink_get_time_base(sink)
    if kind == .video {
      var aspect = av_buffersink_get_sample_aspect_ratio(sink)
      if aspect.den == 0 { aspect = AVRational(num: 0, den: 1) }
      var text =
        "video_size=\(av_buffersink_get_w(sink))x\(av_buffersink_get_h(sink))"
        + ":pix_fmt=\(av_buffersink_get_format(sink)):time_base=\(timeBase.num)/\(timeBase.den)"
        + ":pixel_aspect=\(aspect.num)/\(aspect.den)"
      let rate = av_buffersink_get_frame_rate(sink)
      if rate.num > 0 && rate.den > 0 { text += ":frame_rate=\(rate.num)/\(rate.den)" }
      return text
    }
    let format = AVSampleFormat(rawValue: av_buffersink_get_format(sink))
    let formatName = av_get_sample_fmt_name(format).map { String(cString: $0) } ?? "\(format.rawValue)"
    var text =
      "time_base=\(timeBase.num)/\(timeBase.den):sample_rate=\(av_buffersink_get_sample_rate(sink))"
      + ":sample_fmt=\(formatName)"
    var layout = AVChannelLayout()
    defer { av_channel_layout_uninit(&layout) }
    var description = [CChar](repeating: 0, count: 128)
    if av_buffersink_get_ch_layout(sink, &layout) >= 0, layout.order != AV_CHANNEL_ORDER_UNSPEC,
      av_channel_layout_describe(&layout, &description, description.count) > 0
    {
      text += ":channel_layout=" + String(nulTerminated: description)
    } else {
      text += ":channels=\(av_buffersink_get_channels(sink))"
    }
    return text
  }

  /// Decoders open in the chain's reader.
  var openDecoderCount: Int { running?.reader?.openDecoderCount ?? 0 }

  /// The chain's next frame, reading and decoding its input as needed; `nil` once the chain
  /// has ended, after which everything it held is freed.
  func nextFrame() throws(MediaRenderError) -> Frame? {
    guard !hasEnded else { return nil }
    if running == nil {
      running = try Self.build(
        text: text, input: input, kind: kind, options: inputOptions, timestampMode: timestampMode, number: number)
    }
    guard let sink = running?.sink else { return nil }
    var idleRounds = 0
    while true {
      let frame: Frame
      do { frame = try Frame() } catch { throw .filteringFailed(reason: error.userDetail) }
      let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
        av_buffersink_get_frame_flags(sink, frame.frame, 0)
      }
      if code >= 0 {
        if let pts = frame.presentationTimestamp {
          // A picture lasts one tick: isolated chains end on the canvas grid (`setpts=N`).
          let length = kind == .audio ? Int64(frame.frame.pointee.nb_samples) : 1
          outputEnd = max(outputEnd, pts + length)
        }
        return frame
      }
      if code == vedl_averror_eof() {
        end()
        return nil
      }
      guard code == vedl_averror_eagain() else {
        throw .filteringFailed(reason: FilterGraphContext.reason(code: code, messages: messages))
      }
      if running?.sourceClosed ?? true {
        // The input has ended, yet the chain asks for more: give it a few rounds to notice.
        idleRounds += 1
        if idleRounds > 16 {
          throw .filteringFailed(reason: "the chain of [\(output)] waits for input after its input has ended")
        }
        continue
      }
      try feed()
    }
  }

  /// Reads one packet of the input and pushes what it decodes; closes the source at the end
  /// of the stream, or as soon as the source's trim drops everything that follows.
  private func feed() throws(MediaRenderError) {
    guard let reader = running?.reader, let source = running?.source else { return }
    if !reader.hasPendingFrames { try reader.readPacket() }
    let flags = Int32(AV_BUFFERSRC_FLAG_KEEP_REF | AV_BUFFERSRC_FLAG_PUSH)
    for (_, frame) in reader.takePendingFrames() where running?.sourceClosed == false {
      if let pts = frame.presentationTimestamp {
        inputEnd = max(inputEnd, pts + (kind == .audio ? Int64(frame.frame.pointee.nb_samples) : 1))
      }
      let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
        av_buffersrc_add_frame_flags(source, frame.frame, flags)
      }
      if code == vedl_averror_eof() {
        running?.sourceClosed = true
      } else if code < 0 {
        throw .filteringFailed(reason: FilterGraphContext.reason(code: code, messages: messages))
      } else if let pts = frame.presentationTimestamp, running?.window?.isPastEnd(pts) == true {
        closeSource(at: pts)
      }
    }
    if reader.isAtEnd && !reader.hasPendingFrames { closeSource(at: inputEnd) }
    if running?.sourceClosed == true { running?.reader = nil }
  }

  private func closeSource(at pts: Int64) {
    guard let source = running?.source, running?.sourceClosed == false else { return }
    _ = av_buffersrc_close(source, pts, UInt32(AV_BUFFERSRC_FLAG_PUSH))
    running?.sourceClosed = true
  }

  /// Frees the chain's graph and reader (the main graph's source is closed by the caller).
  func end() {
    running = nil
    hasEnded = true
  }
}
