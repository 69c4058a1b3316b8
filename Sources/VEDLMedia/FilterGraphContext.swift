import CFFmpeg

/// An owned `AVFilterGraph` (`avfilter_graph_alloc` / `avfilter_graph_free`) and the few
/// operations VEDL builds graphs with: parse `-filter_complex` text, create a filter, link two
/// pads, configure. Failures become `MediaRenderError.invalidGraph` carrying the lines FFmpeg
/// logged ("No such filter: 'blurr'").
///
/// Public for the native renderer's few small graphs (a file's picture treatment, the
/// `testsrc2` pattern, `atempo`), built with the `Filter` handles below; those calls throw
/// `FFmpegError`.
public final class FilterGraphContext {
  let graph: UnsafeMutablePointer<AVFilterGraph>

  /// A pad that the parsed text leaves unconnected: `[0:v]` at the start of a chain, `[vout]`
  /// at the end.
  struct OpenPad {
    /// The label in brackets, `nil` when the text gave none.
    var label: String?
    var filter: UnsafeMutablePointer<AVFilterContext>
    var pad: Int32
    /// `.video`, `.audio`, or `.other`.
    var kind: StreamKind
  }

  /// An empty graph (`avfilter_graph_alloc`).
  public init() throws(FFmpegError) {
    LibavLog.ensureConfigured()
    guard let graph = avfilter_graph_alloc() else {
      throw FFmpegError(code: vedl_averror_enomem(), operation: "creating a filter graph")
    }
    self.graph = graph
  }

  /// An empty graph for a render, failing as the FFmpeg backend reports it.
  static func forRendering() throws(MediaRenderError) -> FilterGraphContext {
    do { return try FilterGraphContext() } catch {
      throw .invalidGraph(reason: "out of memory while creating the filter graph")
    }
  }

  deinit {
    var owned: UnsafeMutablePointer<AVFilterGraph>? = graph
    avfilter_graph_free(&owned)
  }

  /// Parses `text` (`avfilter_graph_parse2`, as the CLI parses `-filter_complex`) into the
  /// graph and returns its unconnected inputs and outputs.
  func parse(_ text: String) throws(MediaRenderError) -> (inputs: [OpenPad], outputs: [OpenPad]) {
    var inputs: UnsafeMutablePointer<AVFilterInOut>? = nil
    var outputs: UnsafeMutablePointer<AVFilterInOut>? = nil
    defer {
      avfilter_inout_free(&inputs)
      avfilter_inout_free(&outputs)
    }
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avfilter_graph_parse2(graph, text, &inputs, &outputs)
    }
    if code < 0 {
      throw .invalidGraph(reason: Self.reason(code: code, messages: messages))
    }
    return (Self.pads(inputs, areInputs: true), Self.pads(outputs, areInputs: false))
  }

  private static func pads(_ list: UnsafeMutablePointer<AVFilterInOut>?, areInputs: Bool) -> [OpenPad] {
    var result: [OpenPad] = []
    var node = list
    while let current = node {
      let entry = current.pointee
      if let filter = entry.filter_ctx {
        let pads = areInputs ? filter.pointee.input_pads : filter.pointee.output_pads
        let type = avfilter_pad_get_type(pads, entry.pad_idx)
        let kind: StreamKind = type == AVMEDIA_TYPE_VIDEO ? .video : type == AVMEDIA_TYPE_AUDIO ? .audio : .other
        result.append(
          OpenPad(label: entry.name.map { String(cString: $0) }, filter: filter, pad: entry.pad_idx, kind: kind))
      }
      node = entry.next
    }
    return result
  }

  /// Creates and initialises filter `name` with `arguments` (`key=value:…`).
  func createFilter(_ name: String, instance: String, arguments: String?) throws(MediaRenderError)
    -> UnsafeMutablePointer<AVFilterContext>
  {
    guard let definition = avfilter_get_by_name(name) else {
      throw .invalidGraph(reason: "this FFmpeg has no `\(name)` filter")
    }
    var context: UnsafeMutablePointer<AVFilterContext>? = nil
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avfilter_graph_create_filter(&context, definition, instance, arguments, nil, graph)
    }
    guard code >= 0, let context else {
      throw .invalidGraph(reason: Self.reason(code: code, messages: messages, doing: "creating `\(name)`"))
    }
    return context
  }

  /// Creates filter `name`, sets integer options (`trim`'s `starti`/`durationi` are
  /// microseconds only when set as integers), and initialises it.
  func createFilter(_ name: String, instance: String, integerOptions: [(String, Int64)]) throws(MediaRenderError)
    -> UnsafeMutablePointer<AVFilterContext>
  {
    guard let definition = avfilter_get_by_name(name),
      let context = avfilter_graph_alloc_filter(graph, definition, instance)
    else {
      throw .invalidGraph(reason: "this FFmpeg has no `\(name)` filter")
    }
    for (key, value) in integerOptions {
      let code = av_opt_set_int(UnsafeMutableRawPointer(context), key, value, AV_OPT_SEARCH_CHILDREN)
      if code < 0 {
        throw .invalidGraph(reason: Self.reason(code: code, messages: [], doing: "setting `\(name)` option \(key)"))
      }
    }
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avfilter_init_str(context, nil)
    }
    if code < 0 {
      throw .invalidGraph(reason: Self.reason(code: code, messages: messages, doing: "initialising `\(name)`"))
    }
    return context
  }

  /// Links output pad `sourcePad` of `source` to input pad `destinationPad` of `destination`.
  func link(
    _ source: UnsafeMutablePointer<AVFilterContext>, _ sourcePad: Int32,
    to destination: UnsafeMutablePointer<AVFilterContext>,
    _ destinationPad: Int32
  ) throws(MediaRenderError) {
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avfilter_link(source, UInt32(sourcePad), destination, UInt32(destinationPad))
    }
    if code < 0 { throw .invalidGraph(reason: Self.reason(code: code, messages: messages, doing: "linking filters")) }
  }

  /// Queues `commands`, which must be in the order they apply. libavfilter keeps each
  /// filter's queue as a list sorted by time and inserts after the entries that are not
  /// later, so the commands go in from the last: each insertion is then at the head of its
  /// filter's list (instead of a walk over all of it), and commands of one instant keep their
  /// order.
  func queue(_ commands: [FilterGraphRunner.QueuedFilterCommand]) throws(MediaRenderError) {
    var start = commands.endIndex
    while start > commands.startIndex {
      // The run of commands at one instant, queued in order.
      let end = start
      start -= 1
      while start > commands.startIndex && commands[start - 1].time == commands[end - 1].time { start -= 1 }
      for command in commands[start..<end] {
        let code = avfilter_graph_queue_command(
          graph, command.target, command.command, command.argument, 0, command.time)
        if code < 0 {
          throw .invalidGraph(reason: "cannot queue `\(command.command)` for \(command.target) (error \(code))")
        }
      }
    }
  }

  /// Checks every pad is connected and negotiates formats (`avfilter_graph_config`).
  func configure() throws(MediaRenderError) {
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avfilter_graph_config(graph, nil)
    }
    if code < 0 { throw .invalidGraph(reason: Self.reason(code: code, messages: messages)) }
  }

  /// FFmpeg's explanation of a failed call: what it logged, else the code's text.
  static func reason(code: Int32, messages: [String], doing operation: String? = nil) -> String {
    let generic = FFmpegError.message(for: code).lowercasedFirstLetter
    var text = messages.isEmpty ? generic : messages.map(\.lowercasedFirstLetter).joined(separator: "; ")
    if let operation { text = "\(operation): \(text)" }
    return text
  }

  // MARK: Small graphs built by hand (the native renderer)

  /// One filter of the graph; valid while the graph is.
  public struct Filter {
    let context: UnsafeMutablePointer<AVFilterContext>
  }

  /// How many threads the graph's filters may use (`nb_threads`; 0 is libav's choice).
  /// Set before the filters are created.
  public var threadCount: Int {
    get { Int(graph.pointee.nb_threads) }
    set { graph.pointee.nb_threads = Int32(newValue) }
  }

  /// Creates and initialises filter `name` called `instance` with `arguments`
  /// (`avfilter_graph_create_filter`).
  public func addFilter(_ name: String, instance: String, arguments: String?) throws(FFmpegError) -> Filter {
    guard let definition = avfilter_get_by_name(name) else {
      throw FFmpegError(code: vedl_averror_filter_not_found(), operation: "creating the `\(name)` filter")
    }
    var context: UnsafeMutablePointer<AVFilterContext>? = nil
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avfilter_graph_create_filter(&context, definition, instance, arguments, nil, graph)
    }
    guard code >= 0, let context else {
      throw FFmpegError(
        code: code < 0 ? code : vedl_averror_bug(), operation: "creating the `\(name)` filter",
        libraryMessages: messages)
    }
    return Filter(context: context)
  }

  /// Links the first output of `source` to the first input of `destination` (`avfilter_link`).
  public func connect(_ source: Filter, to destination: Filter) throws(FFmpegError) {
    let code = avfilter_link(source.context, 0, destination.context, 0)
    if code < 0 { throw FFmpegError(code: code, operation: "linking filters") }
  }

  /// Restricts `filter`'s `sample_fmts` option (an `abuffersink`'s) to `formats`.
  public func setSampleFormats(_ formats: [SampleFormat], of filter: Filter) throws(FFmpegError) {
    var list = formats.map(\.avFormat) + [AV_SAMPLE_FMT_NONE]
    let code = vedl_av_opt_set_sample_formats(
      UnsafeMutableRawPointer(filter.context), "sample_fmts", &list, Int32(AV_OPT_SEARCH_CHILDREN))
    if code < 0 { throw FFmpegError(code: code, operation: "setting the output's sample formats") }
  }

  /// Parses the filter chain `text` (`-filter_complex` syntax without pads) into the graph
  /// (`avfilter_graph_parse_ptr`): its open input is fed by `source` (when given; a chain
  /// that starts with a generator has none) and its open output feeds `sink`.
  public func parseChain(_ text: String, from source: Filter?, to sink: Filter) throws(FFmpegError) {
    // The chain's open ends, named as `avfilter_graph_parse_ptr` expects: `outputs` lists
    // the filters whose outputs feed the chain, `inputs` those that take its output.
    /// A one-element list naming `filter`'s first pad `name`.
    func end(_ name: String, _ filter: Filter) throws(FFmpegError) -> UnsafeMutablePointer<AVFilterInOut> {
      guard let end = avfilter_inout_alloc() else {
        throw FFmpegError(code: vedl_averror_enomem(), operation: "parsing the filters `\(text)`")
      }
      end.pointee.name = av_strdup(name)
      end.pointee.filter_ctx = filter.context
      end.pointee.pad_idx = 0
      end.pointee.next = nil
      return end
    }
    var outputs: UnsafeMutablePointer<AVFilterInOut>? = nil
    var inputs: UnsafeMutablePointer<AVFilterInOut>? = nil
    defer {
      avfilter_inout_free(&outputs)
      avfilter_inout_free(&inputs)
    }
    if let source { outputs = try end("in", source) }
    inputs = try end("out", sink)
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avfilter_graph_parse_ptr(graph, text, &inputs, &outputs, nil)
    }
    if code < 0 {
      throw FFmpegError(code: code, operation: "parsing the filters `\(text)`", libraryMessages: messages)
    }
  }

  /// Checks every pad is connected and negotiates formats (`avfilter_graph_config`).
  public func configureLinks() throws(FFmpegError) {
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      avfilter_graph_config(graph, nil)
    }
    if code < 0 { throw FFmpegError(code: code, operation: "configuring the filters", libraryMessages: messages) }
  }

  /// Gives `frame` — or, when `nil`, the end of the stream — to the buffer source `source`
  /// (`av_buffersrc_add_frame_flags`). With `keepingReference` the frame is left as it is
  /// (`AV_BUFFERSRC_FLAG_KEEP_REF`); without, the graph takes its buffers and leaves it empty.
  public func send(_ frame: Frame?, to source: Filter, keepingReference: Bool) throws(FFmpegError) {
    let flags = keepingReference ? Int32(AV_BUFFERSRC_FLAG_KEEP_REF) : 0
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      av_buffersrc_add_frame_flags(source.context, frame?.frame, flags)
    }
    if code < 0 { throw FFmpegError(code: code, operation: "filtering", libraryMessages: messages) }
  }

  /// Takes the next frame out of the buffer sink `sink` into `frame`
  /// (`av_buffersink_get_frame`).
  public func receive(from sink: Filter, into frame: Frame) throws(FFmpegError) -> FrameReception {
    let (code, messages) = LibavLogRouter.shared.recordingErrorsOnThisThread {
      av_buffersink_get_frame(sink.context, frame.frame)
    }
    if code >= 0 { return .received }
    if code == vedl_averror_eagain() { return .needsInput }
    if code == vedl_averror_eof() { return .endOfStream }
    throw FFmpegError(code: code, operation: "filtering", libraryMessages: messages)
  }
}
