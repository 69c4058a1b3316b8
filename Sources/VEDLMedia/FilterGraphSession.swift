import CFFmpeg
import VEDLTime

/// One run of a `FilterGraphRunner`: the graph, the input readers feeding its sources, the
/// sinks, encoders and muxer. Built and driven the way FFmpeg 5.1's CLI does it
/// (`fftools/ffmpeg_filter.c` and `transcode_step`), so both produce the same frames — except
/// that encoding and muxing run on a thread of their own (`EncodingThread`), overlapping
/// with the decoding and filtering of the next frames.
final class FilterGraphSession {
  private let settings: FilterGraphRunner
  private let graph: FilterGraphContext
  /// One reader per stream the graph reads (a file whose picture and sound both feed the
  /// graph is opened twice), so reading a stream never decodes frames of another that its
  /// part of the graph does not want yet; released when the stream has ended.
  private var readers: [StreamKey: InputFileReader] = [:]
  /// The isolated chains whose outputs the main graph reads, by output label, freed as each
  /// ends.
  private var chains: [String: IsolatedChain] = [:]
  /// Every isolated chain, those that only feed other chains too (each frees what it holds
  /// when its outputs have ended).
  private var allChains: [IsolatedChain] = []
  private var sources: [Source] = []
  private var video: Output?
  private var audio: Output?
  private let muxer: OutputMuxer
  /// Encodes and writes what the sinks deliver; owns the muxer from the first job on.
  private let encoding: EncodingThread
  private var sync: VideoFrameSync
  /// The last picture given to the video encoder, repeated when the sync asks for it.
  private var previousPicture: Frame?
  private var audioNextTimestamp: Int64 = 0
  private var audioSamples: Int64 = 0
  /// Inputs with a last use (`MediaInputOptions.lastUse`), latest first: each is ended and
  /// closed once every output is `releaseMargin` past it.
  private var pendingReleases: [(input: Int, time: Rational)]
  private var peakOpenDecoders = 0
  /// What every reader of the run, isolated chains' too, gave its picture decoder.
  private let tally = DecodingTally()
  /// How far past an input's last use the outputs must be before it is closed: room for the
  /// frames and samples filters hold back (a transition's overlap lies inside the item).
  private static let releaseMargin = Rational(1)

  /// A `buffer`/`abuffer` source fed from one stream of one input.
  private struct Source {
    var input: Int
    var kind: StreamKind
    var filter: UnsafeMutablePointer<AVFilterContext>
    var closed = false
    /// The `trim`/`atrim` after the source, in the source's time base: frames before `start`
    /// are dropped, and so is every frame from `duration` after the first kept one on.
    var window: InputSourceChain.TrimWindow?
    /// The isolated chain feeding the source, by its output label; `nil` for a file stream.
    var chain: String?
  }

  /// One output stream: its sink, encoder (opened on the first frame for video, at once for
  /// audio), muxer stream, and whether it has ended.
  private final class Output {
    let kind: StreamKind
    let sink: UnsafeMutablePointer<AVFilterContext>
    let codec: UnsafePointer<AVCodec>
    let stream: Int
    var encoder: StreamEncoder?
    var finished = false

    init(kind: StreamKind, sink: UnsafeMutablePointer<AVFilterContext>, codec: UnsafePointer<AVCodec>, stream: Int) {
      self.kind = kind
      self.sink = sink
      self.codec = codec
      self.stream = stream
    }
  }

  /// One decoded stream of one input.
  private struct StreamKey: Hashable {
    var input: Int
    var kind: StreamKind
  }

  /// Where each decoded stream's last frame ended, in its source's time base: the time the
  /// source's end is signalled with, as the CLI does.
  private var streamEnds: [StreamKey: Int64] = [:]

  init(_ settings: FilterGraphRunner) throws(MediaRenderError) {
    self.settings = settings
    pendingReleases = settings.inputs.enumerated().compactMap { index, options in
      options.lastUse.map { (index, $0) }
    }.sorted { $0.time > $1.time }
    graph = try FilterGraphContext.forRendering()
    let (openInputs, openOutputs) = try graph.parse(settings.graph)

    // Which stream of which input each unconnected input pad reads.
    var wanted: [Int: [StreamKind: String]] = [:]
    var padInputs: [(pad: FilterGraphContext.OpenPad, input: Int, kind: StreamKind)] = []
    // A chain may read the outputs of the chains listed before it (a transition reads the
    // parts of the items it joins).
    var chainOutputs: [String: IsolatedChain] = [:]
    for (number, text) in settings.isolatedChains.enumerated() {
      let chain = try IsolatedChain(
        text: text, inputs: settings.inputs, upstream: chainOutputs, timestampMode: settings.timestampMode,
        number: number, tally: tally)
      for label in chain.outputs { chainOutputs[label] = chain }
      allChains.append(chain)
    }
    var readByChains: Set<String> = []
    for chain in allChains { readByChains.formUnion(chain.chainInputs) }
    var chainPads: [FilterGraphContext.OpenPad] = []
    for pad in openInputs {
      if let label = pad.label, let chain = chainOutputs[label], !readByChains.contains(label) {
        chains[label] = chain
        chainPads.append(pad)
        continue
      }
      let (input, kind) = try Self.inputReference(pad, inputCount: settings.inputs.count)
      wanted[input, default: [:]][kind] = pad.label
      padInputs.append((pad, input, kind))
    }

    // The output file is created before any input is decoded, as the CLI does, so an
    // unwritable folder fails at once.
    let outputSettings = settings.output
    let videoCodec = try Self.encoder(outputSettings.video?.codecName, wanted: settings.videoOutput, kind: .video)
    let audioCodec = try Self.encoder(outputSettings.audio?.codecName, wanted: settings.audioOutput, kind: .audio)
    muxer = try OutputMuxer(
      path: outputSettings.path, formatName: outputSettings.formatName, options: outputSettings.muxerOptions)
    encoding = EncodingThread(muxer: muxer)
    let videoStream = videoCodec == nil ? nil : try muxer.addStream()
    let audioStream = audioCodec == nil ? nil : try muxer.addStream()
    let syncMode: VideoFrameSync.Mode =
      muxer.hasVariableFrameRate ? .variable : settings.timestampMode == .sourceTime ? .constantFromFirst : .constant
    sync = VideoFrameSync(mode: syncMode, maximumFrames: outputSettings.maximumVideoFrames ?? .max)

    for input in wanted.keys.sorted() {
      for (kind, label) in wanted[input]!.sorted(by: { $0.key.rawValue > $1.key.rawValue }) {
        let reader = try InputFileReader(
          index: input, options: settings.inputs[input], timestampMode: settings.timestampMode, wanted: [kind: label],
          tally: tally)
        // The CLI configures the graph from each stream's first decoded frame; the stream's
        // parameters say the same for every file FFmpeg probes fully, without keeping a
        // decoder busy for a clip the timeline reaches only much later.
        if !reader.hasCompleteParameters(of: kind) { try reader.readFirstFrames() }
        readers[StreamKey(input: input, kind: kind)] = reader
      }
    }
    for (number, entry) in padInputs.enumerated() {
      let key = StreamKey(input: entry.input, kind: entry.kind)
      let reader = readers[key]!
      let filter = try InputSourceChain.make(
        in: graph, for: entry.pad, reader: reader, kind: entry.kind,
        name: "input \(number) from \(entry.input):\(entry.kind == .video ? "v" : "a")",
        timestampMode: settings.timestampMode)
      let window = InputSourceChain.trimWindow(reader, kind: entry.kind, timestampMode: settings.timestampMode)
      sources.append(Source(input: entry.input, kind: entry.kind, filter: filter, window: window))
    }
    for pad in chainPads {
      let label = pad.label!
      let chain = chains[label]!
      let kind = chain.kinds[label] ?? .video
      let filter = try graph.createFilter(
        kind == .video ? "buffer" : "abuffer", instance: "chain \(label)", arguments: chain.sourceArguments[label])
      try graph.link(filter, 0, to: pad.filter, pad.pad)
      sources.append(Source(input: chain.releaseInput, kind: kind, filter: filter, window: nil, chain: label))
    }
    if let unused = chainOutputs.keys.sorted().first(where: { label in
      !readByChains.contains(label) && !chainPads.contains { $0.label == label }
    }) {
      throw .invalidGraph(reason: "the isolated chain's output [\(unused)] is not read by the graph")
    }

    var unused = openOutputs
    if let label = settings.videoOutput, let videoCodec, let videoStream {
      let pad = try Self.take(label, kind: .video, from: &unused)
      let sink = try makeVideoSink(after: pad, codec: videoCodec, settings: outputSettings.video!)
      video = Output(kind: .video, sink: sink, codec: videoCodec, stream: videoStream)
    }
    if let label = settings.audioOutput, let audioCodec, let audioStream {
      let pad = try Self.take(label, kind: .audio, from: &unused)
      let sink = try makeAudioSink(after: pad, codec: audioCodec, settings: outputSettings.audio!)
      audio = Output(kind: .audio, sink: sink, codec: audioCodec, stream: audioStream)
    }
    if let stray = unused.first {
      throw .invalidGraph(
        reason: "output \(stray.label.map { "[\($0)]" } ?? "without a label") is not connected to the output file")
    }
    try graph.configure()
    try graph.queue(settings.commands)

    // The audio encoder is opened before the first frame is pulled: an encoder with a fixed
    // frame size (AAC: 1024 samples) makes the sink deliver frames of exactly that size.
    if let audio {
      let encoder = try StreamEncoder(
        audio: outputSettings.audio!, codec: audio.codec, sink: audio.sink, globalHeader: muxer.wantsGlobalHeader)
      if let size = encoder.requiredFrameSize { av_buffersink_set_frame_size(audio.sink, UInt32(size)) }
      audio.encoder = encoder
      try muxer.configure(stream: audio.stream, from: encoder)
    }
  }

  // MARK: Building

  /// `[k:v]` / `[k:a]` → (k, kind), checked against the pad and the number of inputs.
  private static func inputReference(_ pad: FilterGraphContext.OpenPad, inputCount: Int) throws(MediaRenderError)
    -> (Int, StreamKind)
  {
    guard let label = pad.label else {
      throw .invalidGraph(reason: "a filter input has no label; file inputs are named [0:v], [0:a], [1:v]…")
    }
    let parts = label.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), index >= 0, parts[1] == "v" || parts[1] == "a" else {
      throw .invalidGraph(reason: "input [\(label)] is not connected (file inputs are named [0:v], [0:a], [1:v]…)")
    }
    guard index < inputCount else {
      throw .invalidGraph(reason: "[\(label)] names input \(index), but the graph has \(inputCount) input file(s)")
    }
    let kind: StreamKind = parts[1] == "v" ? .video : .audio
    guard pad.kind == kind else {
      throw .invalidGraph(reason: "[\(label)] is \(kind.rawValue) but feeds a \(pad.kind.rawValue) input")
    }
    return (index, kind)
  }

  /// The encoder `name` when the graph has an output of `kind`; an error when one is given
  /// without the other.
  private static func encoder(_ name: String?, wanted label: String?, kind: StreamKind) throws(MediaRenderError)
    -> UnsafePointer<AVCodec>?
  {
    switch (name, label) {
    case (nil, nil):
      return nil
    case (nil, let label?):
      throw .invalidGraph(
        reason: "the graph has a \(kind.rawValue) output [\(label)] but no \(kind.rawValue) encoder was chosen")
    case (let name?, nil):
      throw .invalidGraph(
        reason: "a \(kind.rawValue) encoder (\(name)) was chosen but the graph has no \(kind.rawValue) output")
    case (let name?, _?):
      guard let codec = StreamEncoder.codec(named: name) else { throw .encoderUnavailable(name: name) }
      return codec
    }
  }

  /// Removes and returns the open output pad labelled `label`.
  private static func take(_ label: String, kind: StreamKind, from pads: inout [FilterGraphContext.OpenPad])
    throws(MediaRenderError) -> FilterGraphContext.OpenPad
  {
    guard let index = pads.firstIndex(where: { $0.label == label }) else {
      throw .invalidGraph(reason: "the graph has no output [\(label)]")
    }
    let pad = pads.remove(at: index)
    guard pad.kind == kind else {
      throw .invalidGraph(reason: "output [\(label)] is \(pad.kind.rawValue), not \(kind.rawValue)")
    }
    return pad
  }

  /// `[pad] → format=… → buffersink`: the pixel format asked for, else the encoder's
  /// formats (as the CLI's `choose_pix_fmts`).
  private func makeVideoSink(
    after pad: FilterGraphContext.OpenPad, codec: UnsafePointer<AVCodec>, settings: VideoEncoderSettings
  ) throws(MediaRenderError) -> UnsafeMutablePointer<AVFilterContext> {
    let sink = try graph.createFilter("buffersink", instance: "video output", arguments: nil)
    var formats: [String] = []
    if let format = settings.pixelFormat {
      guard av_get_pix_fmt(format).rawValue >= 0 else {
        throw .encodingFailed(reason: "unknown pixel format `\(format)`")
      }
      formats = [format]
    } else if var list = codec.pointee.pix_fmts {
      while list.pointee.rawValue != -1 {
        if let name = av_get_pix_fmt_name(list.pointee) { formats.append(String(cString: name)) }
        list += 1
      }
    }
    var last = pad.filter
    var lastPad = pad.pad
    if !formats.isEmpty {
      let format = try graph.createFilter(
        "format", instance: "video output format", arguments: formats.joined(separator: "|"))
      try graph.link(last, lastPad, to: format, 0)
      (last, lastPad) = (format, 0)
    }
    try graph.link(last, lastPad, to: sink, 0)
    return sink
  }

  /// `[pad] → aformat=… → abuffersink`: sample formats, rates and layouts the encoder takes,
  /// narrowed to the rate and channel count asked for (as the CLI's `choose_sample_fmts`,
  /// `choose_sample_rates`, `choose_channel_layouts`).
  private func makeAudioSink(
    after pad: FilterGraphContext.OpenPad, codec: UnsafePointer<AVCodec>, settings: AudioEncoderSettings
  ) throws(MediaRenderError) -> UnsafeMutablePointer<AVFilterContext> {
    let sink = try graph.createFilter("abuffersink", instance: "audio output", arguments: nil)
    av_opt_set_int(UnsafeMutableRawPointer(sink), "all_channel_counts", 1, AV_OPT_SEARCH_CHILDREN)
    var parts: [String] = []
    var sampleFormats: [String] = []
    if var list = codec.pointee.sample_fmts {
      while list.pointee.rawValue != -1 {
        if let name = av_get_sample_fmt_name(list.pointee) { sampleFormats.append(String(cString: name)) }
        list += 1
      }
    }
    if !sampleFormats.isEmpty { parts.append("sample_fmts=" + sampleFormats.joined(separator: "|")) }
    if let rate = settings.sampleRate {
      parts.append("sample_rates=\(rate)")
    } else if var list = codec.pointee.supported_samplerates {
      var rates: [String] = []
      while list.pointee != 0 {
        rates.append(String(list.pointee))
        list += 1
      }
      if !rates.isEmpty { parts.append("sample_rates=" + rates.joined(separator: "|")) }
    }
    if let channels = settings.channels {
      var layout = AVChannelLayout()
      av_channel_layout_default(&layout, Int32(channels))
      parts.append("channel_layouts=" + Self.describe(&layout))
      av_channel_layout_uninit(&layout)
    } else if var list = codec.pointee.ch_layouts {
      var layouts: [String] = []
      while list.pointee.nb_channels != 0 {
        var layout = list.pointee
        layouts.append(Self.describe(&layout))
        list += 1
      }
      if !layouts.isEmpty { parts.append("channel_layouts=" + layouts.joined(separator: "|")) }
    }
    var last = pad.filter
    var lastPad = pad.pad
    if !parts.isEmpty {
      let format = try graph.createFilter(
        "aformat", instance: "audio output format", arguments: parts.joined(separator: ":"))
      try graph.link(last, lastPad, to: format, 0)
      (last, lastPad) = (format, 0)
    }
    try graph.link(last, lastPad, to: sink, 0)
    return sink
  }

  private static func describe(_ layout: inout AVChannelLayout) -> String {
    var text = [CChar](repeating: 0, count: 128)
    _ = av_channel_layout_describe(&layout, &text, text.count)
    return String(nulTerminated: text)
  }

  // MARK: Running

  func run(cancellation: CancellationFlag?, progress: ((RenderProgress) -> Void)?) throws(MediaRenderError)
    -> FilterGraphRunSummary
  {
    // On any error the encoding thread is stopped before the error leaves: the muxer (and
    // the file, deleted by the caller) must not be written to after this returns.
    defer { encoding.abandon() }
    var idleRounds = 0
    while !allOutputsFinished {
      if cancellation?.isCancelled == true { throw .cancelled }
      try drainSinks(progress: progress)
      if allOutputsFinished { break }
      try releaseUnusedInputs()
      let code = avfilter_graph_request_oldest(graph.graph)
      if code >= 0 {
        idleRounds = 0
        continue
      }
      if code == vedl_averror_eof() {
        try drainSinks(progress: progress)
        for output in [video, audio].compactMap({ $0 }) where !output.finished { try finish(output) }
        break
      }
      guard code == vedl_averror_eagain() else {
        throw .filteringFailed(reason: FilterGraphContext.reason(code: code, messages: []))
      }
      if try feedOneInput() {
        idleRounds = 0
      } else {
        // Every input has ended and been closed, yet the graph asks for more: give it a few
        // rounds to notice, then report the stall instead of spinning.
        idleRounds += 1
        if idleRounds > 16 {
          throw .filteringFailed(reason: "the filter graph waits for input after every input has ended")
        }
      }
    }
    if video != nil && video?.encoder == nil {
      throw .emptyOutput(
        reason: "the filter graph's video output [\(settings.videoOutput ?? "")] ended before its first frame")
    }
    try encoding.finish()
    try muxer.finish()
    return summary
  }

  private var allOutputsFinished: Bool {
    [video, audio].compactMap { $0 }.allSatisfy(\.finished)
  }

  private var summary: FilterGraphRunSummary {
    var videoDuration: Rational?
    if let encoder = video?.encoder {
      let base = encoder.timeBase
      videoDuration = Rational(sync.framesPlanned) * (Rational(Int64(base.num), Int64(base.den)) ?? .zero)
    }
    var audioDuration: Rational?
    if let encoder = audio?.encoder {
      audioDuration = Rational(audioSamples, Int64(encoder.sampleRate))
    }
    return FilterGraphRunSummary(
      videoFrames: sync.framesPlanned, audioSamples: audioSamples, videoDuration: videoDuration,
      audioDuration: audioDuration, peakOpenDecoders: peakOpenDecoders, picturePackets: tally.picturePackets,
      decodedPictures: tally.decodedPictures)
  }

  /// Feeds the graph from the input whose source has failed the most requests (the CLI's
  /// choice); returns `false` when no input can give anything more.
  private func feedOneInput() throws(MediaRenderError) -> Bool {
    var best: StreamKey?
    var bestIndex: Int?
    var bestRequests: UInt32 = 0
    for (index, source) in sources.enumerated() where !source.closed {
      let requests = av_buffersrc_get_nb_failed_requests(source.filter)
      if requests > bestRequests {
        bestRequests = requests
        best = StreamKey(input: source.input, kind: source.kind)
        bestIndex = index
      }
    }
    if let index = bestIndex ?? sources.firstIndex(where: { !$0.closed }), let label = sources[index].chain {
      try pump(chain: label, into: index)
      return true
    }
    let candidate = best ?? sources.first(where: { !$0.closed }).map { StreamKey(input: $0.input, kind: $0.kind) }
    guard let key = candidate, let reader = readers[key] else { return false }
    if !reader.hasPendingFrames { try reader.readPacket() }
    notePeakDecoders()
    try push(reader.takePendingFrames(), from: key.input)
    if reader.isAtEnd && !reader.hasPendingFrames { try closeSources(of: key) }
    if sources.allSatisfy({ $0.closed || StreamKey(input: $0.input, kind: $0.kind) != key }) {
      readers[key] = nil
    }
    return true
  }

  private func push(_ frames: [(kind: StreamKind, frame: Frame)], from input: Int) throws(MediaRenderError) {
    for (kind, frame) in frames {
      recordEnd(of: frame, kind: kind, input: input)
      let pts = frame.presentationTimestamp
      let targets = sources.indices.filter {
        sources[$0].input == input && sources[$0].kind == kind && !sources[$0].closed && sources[$0].chain == nil
      }
      for index in targets {
        // Every source but the last gets a reference of its own; the last is handed the frame
        // (as the CLI hands a decoded frame to its last filter), so a filter that draws into
        // the picture need not copy it when nothing else holds it.
        let flags = Int32(
          index == targets.last ? AV_BUFFERSRC_FLAG_PUSH : AV_BUFFERSRC_FLAG_KEEP_REF | AV_BUFFERSRC_FLAG_PUSH)
        let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
          av_buffersrc_add_frame_flags(sources[index].filter, frame.frame, flags)
        }
        if code == vedl_averror_eof() {
          // The chain after this source has ended (a trim reached its duration).
          sources[index].closed = true
        } else if code < 0 {
          throw .filteringFailed(reason: FilterGraphContext.reason(code: code, messages: messages))
        } else if let pts, sources[index].window?.isPastEnd(pts) == true {
          // The trim drops this frame and all after it: end the stream here.
          _ = av_buffersrc_close(sources[index].filter, pts, UInt32(AV_BUFFERSRC_FLAG_PUSH))
          sources[index].closed = true
        }
      }
    }
  }

  /// Moves the next frame of an isolated chain into its main-graph source (`index`), or
  /// closes that source when the chain has ended.
  private func pump(chain label: String, into index: Int) throws(MediaRenderError) {
    guard let chain = chains[label] else {
      sources[index].closed = true
      return
    }
    let frame = try chain.nextFrame(label)
    notePeakDecoders()
    guard let frame else {
      closeChainSource(index, at: chain.outputEnd(label))
      return
    }
    // The frame is handed over, not shared (no `KEEP_REF`): the chain is done with it, and a
    // filter that draws into its picture (`drawtext`, `overlay`'s main input) may then do so in
    // place while the push runs, instead of copying a picture that this frame still holds —
    // as in the CLI's single graph, where the chain's output reaches them unshared.
    let flags = Int32(AV_BUFFERSRC_FLAG_PUSH)
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      av_buffersrc_add_frame_flags(sources[index].filter, frame.frame, flags)
    }
    if code == vedl_averror_eof() {
      closeChainSource(index, at: chain.outputEnd(label))
    } else if code < 0 {
      throw .filteringFailed(reason: FilterGraphContext.reason(code: code, messages: messages))
    }
  }

  /// Closes the main-graph source fed by an isolated chain and frees the chain.
  private func closeChainSource(_ index: Int, at pts: Int64) {
    guard let label = sources[index].chain else { return }
    if !sources[index].closed {
      _ = av_buffersrc_close(sources[index].filter, pts, UInt32(AV_BUFFERSRC_FLAG_PUSH))
      sources[index].closed = true
    }
    chains[label]?.end(label)
    chains[label] = nil
  }

  /// Records how many decoders are open now, if that is the most so far.
  private func notePeakDecoders() {
    let open =
      readers.values.reduce(0) { $0 + $1.openDecoderCount } + allChains.reduce(0) { $0 + $1.openDecoderCount }
    peakOpenDecoders = max(peakOpenDecoders, open)
  }

  /// Remembers where the frame ends, in its source's time base.
  private func recordEnd(of frame: Frame, kind: StreamKind, input: Int) {
    guard let pts = frame.presentationTimestamp else { return }
    let key = StreamKey(input: input, kind: kind)
    switch kind {
    case .video:
      var duration = frame.frame.pointee.pkt_duration
      if duration <= 0, let reader = readers[key], let rate = reader.guessedFrameRate(),
        let timeBase = reader.stream(of: .video)?.pointee.time_base
      {
        duration = av_rescale_q(1, AVRational(num: rate.den, den: rate.num), timeBase)
      }
      streamEnds[key] = pts + max(0, duration)
    case .audio:
      streamEnds[key] = pts + Int64(frame.frame.pointee.nb_samples)
    case .subtitle, .other:
      break
    }
  }

  /// How far every output has got, in seconds of output time (an output that has finished
  /// counts as infinitely far).
  private var outputTime: Rational? {
    var time: Rational?
    func include(_ t: Rational) { time = time.map { min($0, t) } ?? t }
    if let video, !video.finished {
      guard let encoder = video.encoder else { return .zero }
      let base = encoder.timeBase
      include(Rational(sync.framesPlanned) * (Rational(Int64(base.num), Int64(base.den)) ?? .zero))
    }
    if let audio, !audio.finished, let encoder = audio.encoder {
      include(Rational(audioSamples, Int64(max(1, encoder.sampleRate))) ?? .zero)
    }
    return time
  }

  /// Ends and closes the inputs whose last use every output is safely past.
  private func releaseUnusedInputs() throws(MediaRenderError) {
    guard let last = pendingReleases.last else { return }
    let now = outputTime
    if let now, now < last.time + Self.releaseMargin { return }
    while let next = pendingReleases.last, now.map({ $0 >= next.time + Self.releaseMargin }) ?? true {
      pendingReleases.removeLast()
      for kind in [StreamKind.video, .audio] {
        let key = StreamKey(input: next.input, kind: kind)
        try closeSources(of: key)
        readers[key] = nil
      }
      // A chain reading the input stops reading it; its outputs end by themselves (each
      // main-track piece ends in a trim), however long after the input they play.
      for chain in allChains where chain.reads(input: next.input) { chain.release(input: next.input) }
    }
  }

  /// Signals the end of one stream to each of its sources, at the time its last frame ended.
  private func closeSources(of key: StreamKey) throws(MediaRenderError) {
    for index in sources.indices
    where sources[index].input == key.input && sources[index].kind == key.kind && !sources[index].closed
      && sources[index].chain == nil
    {
      let end = streamEnds[key] ?? 0
      let code = av_buffersrc_close(sources[index].filter, end, UInt32(AV_BUFFERSRC_FLAG_PUSH))
      sources[index].closed = true
      if code < 0 && code != vedl_averror_eof() {
        throw .filteringFailed(reason: FilterGraphContext.reason(code: code, messages: []))
      }
    }
  }

  /// Takes every frame the sinks hold now (without asking the graph for more) and encodes it.
  private func drainSinks(progress: ((RenderProgress) -> Void)?) throws(MediaRenderError) {
    for output in [video, audio].compactMap({ $0 }) where !output.finished {
      while !output.finished {
        let frame: Frame
        do { frame = try Frame() } catch { throw .filteringFailed(reason: error.userDetail) }
        let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
          av_buffersink_get_frame_flags(output.sink, frame.frame, Int32(AV_BUFFERSINK_FLAG_NO_REQUEST))
        }
        if code == vedl_averror_eagain() { break }
        if code == vedl_averror_eof() {
          try finish(output)
          break
        }
        if code < 0 { throw .filteringFailed(reason: FilterGraphContext.reason(code: code, messages: messages)) }
        if output.kind == .video {
          try encodePicture(frame, output: output)
        } else {
          try encodeSamples(frame, output: output)
        }
        progress?(currentProgress)
      }
    }
  }

  private var currentProgress: RenderProgress {
    var time = Rational.zero
    if let encoder = video?.encoder {
      let base = encoder.timeBase
      time = Rational(sync.framesPlanned) * (Rational(Int64(base.num), Int64(base.den)) ?? .zero)
    } else if let encoder = audio?.encoder, encoder.sampleRate > 0 {
      time = Rational(audioSamples, Int64(encoder.sampleRate)) ?? .zero
    }
    return RenderProgress(time: time, expectedDuration: settings.expectedDuration, videoFrames: sync.framesPlanned)
  }

  /// The CLI's `do_video_out`: opens the encoder on the first picture, converts the time to
  /// output frames, lets the sync choose the slots, and encodes.
  private func encodePicture(_ frame: Frame, output: Output) throws(MediaRenderError) {
    let encoder: StreamEncoder
    if let existing = output.encoder {
      encoder = existing
    } else {
      let outputRate = settings.output.frameRate.map {
        AVRational(num: Int32(clamping: $0.numerator), den: Int32(clamping: $0.denominator))
      }
      encoder = try StreamEncoder(
        video: settings.output.video!, codec: output.codec, sink: output.sink, outputRate: outputRate,
        firstFrame: frame,
        globalHeader: muxer.wantsGlobalHeader)
      output.encoder = encoder
      try encoding.submit(.configure(encoder: encoder, stream: output.stream))
    }
    let filterBase = av_buffersink_get_time_base(output.sink)
    let encoderBase = encoder.timeBase
    var time = Double(sync.nextTimestamp)
    if let pts = frame.presentationTimestamp {
      // adjust_frame_pts_to_encoder_tb: extra precision, and a nudge off exact midpoints.
      let extraBits = max(0, min(16, 29 - Int32(log2(Double(encoderBase.den)).rounded(.down))))
      let precise = AVRational(num: encoderBase.num, den: encoderBase.den << extraBits)
      time = Double(av_rescale_q(pts, filterBase, precise)) / Double(1 << extraBits)
      time += (time > 0 ? 1 : time < 0 ? -1 : 0) / Double(1 << 17)
    }
    var duration = 0.0
    let rate = av_buffersink_get_frame_rate(output.sink)
    if rate.num > 0 && rate.den > 0 {
      duration = 1 / (av_q2d(rate) * av_q2d(encoderBase))
    }
    for slot in sync.plan(time: time, duration: duration) {
      try submit(slot.repeatsPrevious ? (previousPicture ?? frame) : frame, at: slot.pts, output: output)
    }
    previousPicture = frame
    if sync.isFull { try finish(output) }
  }

  /// The CLI's `do_audio_out`: samples keep their time, rescaled to `1/sample_rate`.
  private func encodeSamples(_ frame: Frame, output: Output) throws(MediaRenderError) {
    guard let encoder = output.encoder else { return }
    if let pts = frame.presentationTimestamp {
      frame.frame.pointee.pts = av_rescale_q(pts, av_buffersink_get_time_base(output.sink), encoder.timeBase)
    } else {
      frame.frame.pointee.pts = audioNextTimestamp
    }
    audioNextTimestamp = frame.frame.pointee.pts + Int64(frame.frame.pointee.nb_samples)
    audioSamples += Int64(frame.frame.pointee.nb_samples)
    // The sink filled a frame of its own: it is handed over as it is.
    try encoding.submit(.encode(frame: frame, encoder: encoder, stream: output.stream))
  }

  /// Ends one output: the sync's last repeats, then the encoder's delayed packets.
  private func finish(_ output: Output) throws(MediaRenderError) {
    guard !output.finished else { return }
    output.finished = true
    guard let encoder = output.encoder else { return }
    if output.kind == .video, let previous = previousPicture {
      for slot in sync.planEnd() { try submit(previous, at: slot.pts, output: output) }
    }
    try encoding.submit(.endOfStream(encoder: encoder, stream: output.stream))
  }

  /// Hands `picture` to the encoding thread for output slot `pts`, as a new reference: the
  /// same picture may fill several slots, each with its own timestamp.
  private func submit(_ picture: Frame, at pts: Int64, output: Output) throws(MediaRenderError) {
    guard let encoder = output.encoder else { return }
    let slot: Frame
    do { slot = try picture.newReference() } catch { throw .encodingFailed(reason: error.userDetail) }
    slot.frame.pointee.pts = pts
    slot.frame.pointee.pict_type = AV_PICTURE_TYPE_NONE
    try encoding.submit(.encode(frame: slot, encoder: encoder, stream: output.stream))
  }
}
