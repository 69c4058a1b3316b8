import VEDLTime

/// A complete FFmpeg filter graph for one render, as a value: the media inputs, the filter
/// chains between labelled pads, and the labelled outputs. It is printed as `-filter_complex`
/// text (``FilterGraphPrinter``) for both the in-process runner and `vedl graph --command`,
/// so the two always run the same graph.
public struct FilterGraph: Sendable, Hashable {
  /// File inputs, in `-i` order; a chain refers to input `k`'s streams as `[k:v]` / `[k:a]`.
  /// Generated sources (`testpattern()`, `color(…)`, `tone(…)`) are source filters inside the
  /// graph and need no input.
  public var inputs: [GraphInput]
  /// The chains, in the order they are printed (`;`-separated).
  public var chains: [FilterChain]
  /// The final video pad (absent for an audio-only output).
  public var videoOutput: String?
  /// The final audio pad (absent when the edit has no sound).
  public var audioOutput: String?
  /// Output frame rate and size, for encoder set-up.
  public var frameRate: FrameRate
  /// Output width in pixels (the canvas, or smaller for a scaled-down quality).
  public var width: Int64
  /// Output height in pixels.
  public var height: Int64
  /// Audio sample rate of the graph's audio output.
  public var sampleRate: Int = 48000
  /// Commands that change filters while the graph runs (caption lines given to `drawtext`
  /// slots), in the order they apply. The graph carries them in a `sendcmd` filter for the
  /// `ffmpeg` CLI; the in-process runner drops that filter and queues them itself
  /// (`avfilter_graph_queue_command`), because `sendcmd` holds a page of memory for every
  /// token it parses — 12 KB a command, 300 MB for a long captions file.
  public var commands: [TimedCommand] = []
  /// Every file a filter opens — the font files of `drawtext` (`fontfile=` of the graph's
  /// filters and of the caption lines its commands switch to) and the tables of `lut3d` —
  /// sorted: inputs of the render like the media, so a file changed on disk makes the
  /// render out of date.
  public var readFiles: [String] = []

  /// A command sent to the filter named `target` when the first frame at or after `time`
  /// reaches it.
  public struct TimedCommand: Sendable, Hashable {
    /// Seconds on the graph's clock.
    public var time: Rational
    /// The filter instance (`drawtext@vedl_caption0`).
    public var target: String
    /// The command (`reinit`, `enable`).
    public var command: String
    /// Its argument, raw.
    public var argument: String

    /// A command; every property is documented above.
    public init(time: Rational, target: String, command: String, argument: String) {
      self.time = time
      self.target = target
      self.command = command
      self.argument = argument
    }
  }

  /// `commands` as `sendcmd`'s `commands=` text: one interval per command from its time on
  /// (`sendcmd` keeps the order of intervals that start together). An argument is a token
  /// ended by blanks, `,` and `;`, so its special characters are escaped with backslashes.
  public static func sendcmdText(_ commands: [TimedCommand]) -> String {
    func argument(_ text: String) -> String {
      var out = ""
      for c in text {
        if c == "\\" || c == "'" || c == "," || c == ";" || c.isWhitespace { out.append("\\") }
        out.append(c)
      }
      return out
    }
    return commands.map {
      "\(OptionText.seconds($0.time)) [enter] \($0.target) \($0.command) \(argument($0.argument))"
    }.joined(separator: ";\n")
  }

  /// This graph as the in-process runner runs it: its `sendcmd` filters replaced by `null`
  /// (the runner queues ``commands`` itself).
  public var withoutSendcmd: FilterGraph {
    var graph = self
    for c in graph.chains.indices {
      for f in graph.chains[c].filters.indices where graph.chains[c].filters[f].name == "sendcmd" {
        graph.chains[c].filters[f] = Filter("null")
      }
    }
    return graph
  }
  /// Exact output length in seconds (`frameCount / rate`).
  public var duration: Rational
  /// Exact number of output frames.
  public var frameCount: Int64
  /// The timeline frame the first output frame shows: 0, or the first frame of the window
  /// the graph was lowered for (`LoweringOptions.window`, a chunk of a chunked render).
  public var firstFrame: Int64 = 0
  /// What timestamps the graph expects on frames entering `[k:v]`/`[k:a]` (docs/graph.md):
  /// graphs made by ``Lowering`` select source frames by their time in the file, as the
  /// `ffmpeg` CLI delivers them under `-copyts -start_at_zero`.
  public var inputTimestamps: GraphInputTimestamps = .sourceTime

  /// A graph; `sampleRate` starts at 48 kHz and `inputTimestamps` at `.sourceTime`.
  public init(
    inputs: [GraphInput], chains: [FilterChain], videoOutput: String?, audioOutput: String?, frameRate: FrameRate,
    width: Int64, height: Int64, duration: Rational, frameCount: Int64
  ) {
    self.inputs = inputs
    self.chains = chains
    self.videoOutput = videoOutput
    self.audioOutput = audioOutput
    self.frameRate = frameRate
    self.width = width
    self.height = height
    self.duration = duration
    self.frameCount = frameCount
  }
}

/// The timestamps of decoded input frames as a graph expects them.
public enum GraphInputTimestamps: String, Sendable, Hashable {
  /// The CLI's default: each input shifted so that its seek point is time 0.
  case zeroAtSeek
  /// `-copyts -start_at_zero`: each frame keeps its presentation time in the file, counted
  /// from the file's start time, whatever the seek; the buffer sources are closed with the
  /// time just after the last frame, as the CLI does.
  case sourceTime
}

/// One media file read by the graph.
public struct GraphInput: Sendable, Hashable {
  /// Absolute path.
  public var path: String
  /// Seek to this source time before decoding (at or before the first source time a trim
  /// needs), in seconds; the runner seeks to the keyframe before it and decodes from there
  /// (`-ss` before `-i`). Frames before it may be dropped or kept: the graph selects exactly.
  public var seek: Rational?
  /// Read only this much after the seek point (`-t` before `-i`).
  public var duration: Rational?
  /// Loop a still image (`-loop 1`) so it yields frames for the whole item.
  public var loopStill: Bool
  /// The timeline time from which on nothing depends on this input (the end of the item that
  /// reads it), or `nil` for an input used to the end; not part of the `ffmpeg` command —
  /// the in-process runner uses it to close inputs early and keep memory flat.
  public var lastUse: Rational?
  /// The source instants the graph shows of the input's pictures (§5), when its `[k:v]`
  /// chain starts with a clip's selection (``LoweringRun/selectionFilters``); `nil` when
  /// unknown. Not part of the `ffmpeg` command either: the in-process reader leaves pictures
  /// no instant shows undecoded when nothing else refers to them (docs/graph.md §13).
  public var pictureSampling: SourceSampling?
  /// The decoder of the input's pictures when it is not FFmpeg's default for the codec
  /// (`-c:v NAME` before `-i`): `libvpx-vp9` for a WebM with an alpha channel
  /// (``SourcePictureTreatment``).
  public var videoDecoder: String?
  /// The filters by which the graph's `[k:v]` chain turns the pictures as their display
  /// matrix says (``SourcePictureTreatment/orientation``). When there are any, the CLI's own
  /// autorotation is off for the input (`-noautorotate` before `-i`); when there are none,
  /// the CLI's autorotation (its default) turns a turned file — what a graph with a single
  /// input pad relies on (``FilterGraph/leavingTheTurnToTheCLI()``).
  public var turn: [Filter]
  /// The demuxer (`-f NAME` before `-i`) when probing must not pick it: `pgm_pipe` for the
  /// waveform envelopes, 16-bit PGMs that some other demuxers' probes claim.
  public var demuxer: String?

  /// Whether the CLI's autorotation turns the input's pictures (it does unless the graph
  /// turns them itself).
  public var autorotate: Bool { turn.isEmpty }

  /// An input of the file at `path`.
  public init(
    path: String, seek: Rational? = nil, duration: Rational? = nil, loopStill: Bool = false, lastUse: Rational? = nil,
    pictureSampling: SourceSampling? = nil, videoDecoder: String? = nil, turn: [Filter] = [],
    demuxer: String? = nil
  ) {
    self.path = path
    self.seek = seek
    self.duration = duration
    self.loopStill = loopStill
    self.lastUse = lastUse
    self.pictureSampling = pictureSampling
    self.videoDecoder = videoDecoder
    self.turn = turn
    self.demuxer = demuxer
  }
}

/// `[in1][in2]filter1=a=1:b=2,filter2[out]` — filters applied in sequence between labelled pads.
public struct FilterChain: Sendable, Hashable {
  /// Input pad labels: `"0:v"` for the first input's video, or a label produced by another chain.
  public var inputs: [String]
  /// The filters, applied in order.
  public var filters: [Filter]
  /// Output pad labels (`"v"`, or a label another chain consumes).
  public var outputs: [String]
  /// Chains with the same group form one part of the timeline that the in-process runner may
  /// run in a graph of its own (`RunnerPartition`): a run of main-track items joined by
  /// transitions. Not printed.
  public var group: Int?

  /// A chain from `inputs` through `filters` to `outputs`.
  public init(inputs: [String], filters: [Filter], outputs: [String], group: Int? = nil) {
    self.inputs = inputs
    self.filters = filters
    self.outputs = outputs
    self.group = group
  }
}

/// One filter with its options in order. Option values are raw (unescaped) text; the printer
/// escapes them for every level of FFmpeg's syntax.
public struct Filter: Sendable, Hashable {
  /// The filter's name (`scale`, `drawtext`).
  public var name: String
  /// Its options, in order.
  public var options: [Option]

  /// One `key=value` (or positional `value`) option.
  public struct Option: Sendable, Hashable {
    /// `nil` for a positional value (`fps=30` is written `fps=fps=30` by the lowering, but
    /// some filters only take positional values, e.g. `concat`'s are named, `anull` has none).
    public var key: String?
    /// The raw value; the printer escapes it.
    public var value: String

    /// The option `key=value` (`key` `nil` for a positional value).
    public init(_ key: String?, _ value: String) {
      self.key = key
      self.value = value
    }
  }

  /// The filter `name` with `options`.
  public init(_ name: String, _ options: [Option] = []) {
    self.name = name
    self.options = options
  }

  /// `scale` to `width` × `height` with the default bicubic filter, reading an RGB picture's
  /// chroma at full resolution (`full_chroma_inp`): otherwise libswscale averages horizontal
  /// pairs of an RGB source's chroma whenever the picture shrinks to half its width or less,
  /// blurring colour edges that the native renderer's `RGBAImage.scaled` keeps (and that
  /// its encoder's own `swscale` keeps, with the same flag). Y′CbCr sources are unaffected.
  public static func resize(width: Int64, height: Int64) -> Filter {
    Filter("scale", ["w": String(width), "h": String(height), "flags": "bicubic+full_chroma_inp"])
  }

  /// `Filter("scale", ["w": "640", "h": "360"])` keeps the order given.
  public init(_ name: String, _ pairs: KeyValuePairs<String, String>) {
    self.name = name
    self.options = pairs.map { Option($0.key, $0.value) }
  }
}
