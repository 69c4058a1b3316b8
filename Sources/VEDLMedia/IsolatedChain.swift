import CFFmpeg

/// Chains from streams of input files — or from the outputs of isolated chains before it — to
/// labelled outputs (one main-track piece, an item of a run joined by transitions with its
/// parts, or a transition between two such items), run in a filter graph of its own whose
/// frames the main graph, or a chain after it, receives through `buffer`/`abuffer` sources.
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
  /// The input files the chain reads and which of their streams.
  let streams: [(input: Int, kind: StreamKind)]
  /// The chains before it whose outputs it reads, by label.
  private let upstream: [String: IsolatedChain]
  /// The labels the main graph knows the chain's outputs by.
  let outputs: [String]
  /// What each output carries.
  let kinds: [String: StreamKind]

  /// One input pad of the chain's graph: its `buffer`/`abuffer` source and reader, or the
  /// output of a chain before it (`input` is then -1).
  private struct Feed {
    var input: Int
    var kind: StreamKind
    var reader: InputFileReader?
    var chainOutput: String?
    var source: UnsafeMutablePointer<AVFilterContext>
    var window: InputSourceChain.TrimWindow?
    var closed = false
    /// Where the stream's last frame ended, in its time base.
    var end: Int64 = 0
  }

  /// The chain's graph while it runs: built once at the start to learn its outputs' formats,
  /// freed, and built again when the main graph first asks for a frame.
  private struct Running {
    var graph: FilterGraphContext
    var feeds: [Feed]
    var sinks: [String: UnsafeMutablePointer<AVFilterContext>]
  }

  private let text: String
  private let inputs: [MediaInputOptions]
  private let timestampMode: InputTimestampMode
  private let number: Int
  private let tally: DecodingTally
  private var running: Running?
  /// Inputs past their last use (`release(input:)`): their feeds are closed.
  private var released: Set<Int> = []
  /// Outputs that have delivered their last frame (or that the main graph closed).
  private var ended: Set<String> = []
  /// Where the last frame delivered on each output ended, in its sink's time base: the time
  /// the main graph's source is closed at.
  private var outputEnds: [String: Int64] = [:]
  /// The main graph's `buffer`/`abuffer` arguments for each output.
  let sourceArguments: [String: String]

  /// Parses and configures `text` — chains from file streams `[k:v]`/`[k:a]`, from outputs of
  /// the chains in `upstream` (by label), or from generated sources, to labelled outputs —
  /// reading `inputs[k]`. `number` names its sources in FFmpeg's messages.
  init(
    text: String, inputs: [MediaInputOptions], upstream: [String: IsolatedChain] = [:],
    timestampMode: InputTimestampMode, number: Int, tally: DecodingTally
  ) throws(MediaRenderError) {
    let probe = try FilterGraphContext.forRendering()
    let (openInputs, openOutputs) = try probe.parse(text)
    var streams: [(input: Int, kind: StreamKind)] = []
    var readChains: [String: IsolatedChain] = [:]
    for pad in openInputs {
      if let label = pad.label, let chain = upstream[label] {
        readChains[label] = chain
        continue
      }
      guard let label = pad.label, let stream = IsolatedChain.fileStream(label, inputCount: inputs.count) else {
        throw .invalidGraph(
          reason: "an isolated chain must read only input streams ([k:v] or [k:a]) or earlier chains: \(text)")
      }
      streams.append((stream.0, stream.1))
    }
    let labels = openOutputs.compactMap(\.label)
    guard !labels.isEmpty, labels.count == openOutputs.count else {
      throw .invalidGraph(reason: "an isolated chain must have labelled outputs: \(text)")
    }
    var kinds: [String: StreamKind] = [:]
    for pad in openOutputs { kinds[pad.label ?? ""] = pad.kind }
    self.streams = streams
    self.upstream = readChains
    self.outputs = labels
    self.kinds = kinds
    self.text = text
    self.inputs = inputs
    self.timestampMode = timestampMode
    self.number = number
    self.tally = tally
    // Built once to learn what the chain delivers, then freed until it is needed: a long
    // timeline would otherwise hold every chain's scalers and threads from the start.
    let built = try Self.build(
      text: text, inputs: inputs, upstream: readChains, timestampMode: timestampMode, number: number,
      tally: DecodingTally())
    var arguments: [String: String] = [:]
    for (label, sink) in built.sinks { arguments[label] = Self.arguments(of: sink, kind: kinds[label] ?? .video) }
    sourceArguments = arguments
  }

  /// The input whose last use comes last (an input without one is used to the end): the main
  /// graph may end the chain once every output is past that input's last use.
  var releaseInput: Int {
    let candidates = streams.map(\.input)
    return candidates.max { a, b in
      switch (inputs[a].lastUse, inputs[b].lastUse) {
      case (nil, _): false
      case (_, nil): true
      case (let x?, let y?): x < y
      }
    } ?? 0
  }

  /// Parses, links and configures the chain with fresh readers of its inputs, and sources
  /// that declare what the chains in `upstream` deliver.
  private static func build(
    text: String, inputs: [MediaInputOptions], upstream: [String: IsolatedChain], timestampMode: InputTimestampMode,
    number: Int, tally: DecodingTally
  ) throws(MediaRenderError) -> Running {
    let graph = try FilterGraphContext.forRendering()
    let (openInputs, openOutputs) = try graph.parse(text)
    var feeds: [Feed] = []
    for (i, pad) in openInputs.enumerated() {
      if let label = pad.label, let chain = upstream[label] {
        let kind = chain.kinds[label] ?? .video
        let source = try graph.createFilter(
          kind == .video ? "buffer" : "abuffer", instance: "isolated input \(number).\(i) from [\(label)]",
          arguments: chain.sourceArguments[label])
        try graph.link(source, 0, to: pad.filter, pad.pad)
        feeds.append(Feed(input: -1, kind: kind, reader: nil, chainOutput: label, source: source, window: nil))
        continue
      }
      guard let label = pad.label, let (input, kind) = fileStream(label, inputCount: inputs.count) else {
        throw .invalidGraph(reason: "an isolated chain changed between two parses: \(text)")
      }
      let reader = try InputFileReader(
        index: input, options: inputs[input], timestampMode: timestampMode, wanted: [kind: label], tally: tally)
      if !reader.hasCompleteParameters(of: kind) { try reader.readFirstFrames() }
      let source = try InputSourceChain.make(
        in: graph, for: pad, reader: reader, kind: kind,
        name: "isolated input \(number).\(i) from \(label)", timestampMode: timestampMode)
      let window = InputSourceChain.trimWindow(reader, kind: kind, timestampMode: timestampMode)
      feeds.append(
        Feed(input: input, kind: kind, reader: reader, chainOutput: nil, source: source, window: window))
    }
    var sinks: [String: UnsafeMutablePointer<AVFilterContext>] = [:]
    for pad in openOutputs {
      let sink = try graph.createFilter(
        pad.kind == .video ? "buffersink" : "abuffersink", instance: "isolated output \(pad.label ?? "")",
        arguments: nil)
      try graph.link(pad.filter, pad.pad, to: sink, 0)
      sinks[pad.label ?? ""] = sink
    }
    try graph.configure()
    return Running(graph: graph, feeds: feeds, sinks: sinks)
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

  /// Decoders open in the chain's readers (not those of the chains it reads).
  var openDecoderCount: Int {
    running?.feeds.reduce(0) { $0 + ($1.reader?.openDecoderCount ?? 0) } ?? 0
  }

  /// Where output `label`'s last delivered frame ended, in its sink's time base.
  func outputEnd(_ label: String) -> Int64 { outputEnds[label] ?? 0 }

  /// Output `label`'s next frame, reading and decoding the inputs as needed; `nil` once that
  /// output has ended. When every output has ended, everything the chain held is freed.
  func nextFrame(_ label: String) throws(MediaRenderError) -> Frame? {
    guard !ended.contains(label) else { return nil }
    if running == nil {
      running = try Self.build(
        text: text, inputs: inputs, upstream: upstream, timestampMode: timestampMode, number: number, tally: tally)
      for input in released { release(input: input) }
    }
    guard let sink = running?.sinks[label] else { return nil }
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
          let length = kinds[label] == .audio ? Int64(frame.frame.pointee.nb_samples) : 1
          outputEnds[label] = max(outputEnds[label] ?? 0, pts + length)
        }
        return frame
      }
      if code == vedl_averror_eof() {
        end(label)
        return nil
      }
      guard code == vedl_averror_eagain() else {
        throw .filteringFailed(reason: FilterGraphContext.reason(code: code, messages: messages))
      }
      if try !feed() {
        // Every input has ended, yet the chain asks for more: give it a few rounds to notice.
        idleRounds += 1
        if idleRounds > 16 {
          throw .filteringFailed(reason: "the chain of [\(label)] waits for input after its inputs have ended")
        }
      }
    }
  }

  /// Reads one packet for the source that has failed the most requests and pushes what it
  /// decodes; closes a source at the end of its stream, or as soon as its trim drops
  /// everything that follows. `false` when every source is closed.
  private func feed() throws(MediaRenderError) -> Bool {
    guard let state = running else { return false }
    var best: Int? = nil
    var bestRequests: UInt32 = 0
    for (i, f) in state.feeds.enumerated() where !f.closed {
      let requests = av_buffersrc_get_nb_failed_requests(f.source)
      if best == nil || requests > bestRequests {
        best = i
        bestRequests = requests
      }
    }
    guard let index = best else { return false }
    if let label = state.feeds[index].chainOutput {
      try pump(upstream: label, into: index)
      return true
    }
    guard let reader = state.feeds[index].reader else { return false }
    if !reader.hasPendingFrames { try reader.readPacket() }
    // Each frame is handed over, not shared: the reader is done with it (see
    // `FilterGraphSession.push`).
    let flags = Int32(AV_BUFFERSRC_FLAG_PUSH)
    let kind = state.feeds[index].kind
    let source = state.feeds[index].source
    for (_, frame) in reader.takePendingFrames() where running?.feeds[index].closed == false {
      let pts = frame.presentationTimestamp
      if let pts {
        let end = pts + (kind == .audio ? Int64(frame.frame.pointee.nb_samples) : 1)
        let previous = running?.feeds[index].end ?? 0
        running?.feeds[index].end = max(previous, end)
      }
      let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
        av_buffersrc_add_frame_flags(source, frame.frame, flags)
      }
      if code == vedl_averror_eof() {
        running?.feeds[index].closed = true
      } else if code < 0 {
        throw .filteringFailed(reason: FilterGraphContext.reason(code: code, messages: messages))
      } else if let pts, running?.feeds[index].window?.isPastEnd(pts) == true {
        _ = av_buffersrc_close(source, pts, UInt32(AV_BUFFERSRC_FLAG_PUSH))
        running?.feeds[index].closed = true
      }
    }
    if reader.isAtEnd && !reader.hasPendingFrames && running?.feeds[index].closed == false {
      let end = running?.feeds[index].end ?? 0
      _ = av_buffersrc_close(source, end, UInt32(AV_BUFFERSRC_FLAG_PUSH))
      running?.feeds[index].closed = true
    }
    if running?.feeds[index].closed == true { running?.feeds[index].reader = nil }
    return true
  }

  /// Moves the next frame of the chain before this one that delivers `label` into feed
  /// `index`, or closes the feed where that output ended.
  private func pump(upstream label: String, into index: Int) throws(MediaRenderError) {
    guard let chain = upstream[label], let source = running?.feeds[index].source else { return }
    guard let frame = try chain.nextFrame(label) else {
      _ = av_buffersrc_close(source, chain.outputEnd(label), UInt32(AV_BUFFERSRC_FLAG_PUSH))
      running?.feeds[index].closed = true
      return
    }
    // Handed over, as the main graph's sources take a chain's frames (`FilterGraphSession`).
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      av_buffersrc_add_frame_flags(source, frame.frame, Int32(AV_BUFFERSRC_FLAG_PUSH))
    }
    if code == vedl_averror_eof() {
      // Nothing after the source wants more: the chain before may stop delivering it.
      running?.feeds[index].closed = true
      chain.end(label)
    } else if code < 0 {
      throw .filteringFailed(reason: FilterGraphContext.reason(code: code, messages: messages))
    }
  }

  /// The outputs of chains before it that the chain reads.
  var chainInputs: [String] { Array(upstream.keys) }

  /// Whether the chain reads a stream of input `input`.
  func reads(input: Int) -> Bool { streams.contains { $0.input == input } }

  /// Ends the chain's streams of input `input` at the time their last frame ended, and frees
  /// their readers — the input is past its last use — while its other outputs go on: a run
  /// joined by transitions may read a file only in its first item and play a generated
  /// source (a colour card) long after it. A chain not running yet will not read the input
  /// when it starts either.
  func release(input: Int) {
    released.insert(input)
    guard var state = running else { return }
    for index in state.feeds.indices where state.feeds[index].input == input && !state.feeds[index].closed {
      _ = av_buffersrc_close(state.feeds[index].source, state.feeds[index].end, UInt32(AV_BUFFERSRC_FLAG_PUSH))
      state.feeds[index].closed = true
      state.feeds[index].reader = nil
    }
    running = state
  }

  /// Marks output `label` as ended; once every output has, frees the chain's graph and
  /// readers (the main graph's sources are closed by the caller), and tells the chains it
  /// reads that their outputs are no longer wanted.
  func end(_ label: String) {
    guard outputs.contains(label), ended.insert(label).inserted, ended.count == outputs.count else { return }
    running = nil
    for (label, chain) in upstream { chain.end(label) }
  }
}
