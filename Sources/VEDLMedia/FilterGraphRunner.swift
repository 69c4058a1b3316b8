import VEDLTime

/// Runs an FFmpeg filter graph in-process and encodes its outputs into a file — what
/// `ffmpeg -ss … -t … -i IN… -filter_complex TEXT -map [v] -map [a] -c:v … OUT` does, with the
/// same text, so a render and `vedl graph --command` build the same graph.
///
/// The text is parsed with `avfilter_graph_parse2`, as the CLI parses `-filter_complex`. Its
/// unconnected inputs must be labelled `[k:v]` or `[k:a]` (the video or audio of `inputs[k]`);
/// each gets a `buffer`/`abuffer` source fed by decoding that file (see `MediaInputOptions`).
/// Its unconnected outputs must be exactly `videoOutput` and `audioOutput`, each ending in a
/// sink whose frames are encoded as `output` says.
///
/// Frame timing follows the CLI: the video encoder's time base is one frame of the graph's
/// output rate, pictures pass the CLI's constant- or variable-rate sync, every video packet
/// carries its duration, and `maximumVideoFrames` stops the picture exactly like `-frames:v`.
public struct FilterGraphRunner: Sendable {
  /// The `-filter_complex` text.
  public var graph: String
  /// The files read by the graph, in `-i` order.
  public var inputs: [MediaInputOptions]
  /// The label of the graph's video output (`"vout"` for `[vout]`), if it has one.
  public var videoOutput: String?
  /// The label of the graph's audio output, if it has one.
  public var audioOutput: String?
  /// Where and how to encode.
  public var output: OutputFileSettings
  /// The output's expected length in seconds, for progress reports.
  public var expectedDuration: Rational?
  /// Whether input times start at each seek point or keep the source's time (`-copyts`).
  public var timestampMode: InputTimestampMode
  /// Chains run in graphs of their own, each from input streams (`[k:v]`, `[k:a]`) to labels
  /// that `graph` reads as inputs (one main-track piece, or a run of pieces joined by
  /// transitions): `graph` plus these is the whole `-filter_complex`. Each is freed as soon as
  /// all its outputs have ended, which keeps memory flat in the length of the timeline (see
  /// `IsolatedChain`).
  public var isolatedChains: [String]
  /// Commands queued for the graph's filters once it is configured
  /// (`avfilter_graph_queue_command`): each runs when the first frame at or after its time
  /// reaches its target.
  public var commands: [QueuedFilterCommand] = []

  /// A command for the filter instance `target` at `time` seconds.
  public struct QueuedFilterCommand: Sendable, Hashable {
    public var time: Double
    public var target: String
    public var command: String
    public var argument: String

    /// A command; every property is documented above.
    public init(time: Double, target: String, command: String, argument: String) {
      self.time = time
      self.target = target
      self.command = command
      self.argument = argument
    }
  }

  /// A run of `graph`; every property is documented above.
  public init(
    graph: String, inputs: [MediaInputOptions], videoOutput: String?, audioOutput: String?,
    output: OutputFileSettings, expectedDuration: Rational? = nil, timestampMode: InputTimestampMode = .zeroAtSeek,
    isolatedChains: [String] = [], commands: [QueuedFilterCommand] = []
  ) {
    self.graph = graph
    self.inputs = inputs
    self.videoOutput = videoOutput
    self.audioOutput = audioOutput
    self.output = output
    self.expectedDuration = expectedDuration
    self.timestampMode = timestampMode
    self.isolatedChains = isolatedChains
    self.commands = commands
  }

  /// Runs the graph to completion, writing `output.path`. On failure or cancellation the
  /// output file may exist incomplete: the caller removes it (VEDLRender writes to a
  /// temporary file for that reason).
  ///
  /// - Parameters:
  ///   - cancellation: checked between frames; once raised, the run stops with
  ///     `MediaRenderError.cancelled`.
  ///   - progress: called on this thread after every encoded picture (or block of samples
  ///     when there is no picture).
  public func run(
    cancellation: CancellationFlag? = nil, progress: ((RenderProgress) -> Void)? = nil
  ) throws(MediaRenderError) -> FilterGraphRunSummary {
    let session = try FilterGraphSession(self)
    return try session.run(cancellation: cancellation, progress: progress)
  }
}
