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
  public var chains: [FilterChain]
  /// The final video pad (absent for an audio-only output).
  public var videoOutput: String?
  /// The final audio pad (absent when the edit has no sound).
  public var audioOutput: String?
  /// Output frame rate and size, for encoder set-up.
  public var frameRate: FrameRate
  public var width: Int64
  public var height: Int64
  /// Audio sample rate of the graph's audio output.
  public var sampleRate: Int = 48000
  /// Exact output length in seconds (`frameCount / rate`).
  public var duration: Rational
  public var frameCount: Int64

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

/// One media file read by the graph.
public struct GraphInput: Sendable, Hashable {
  /// Absolute path.
  public var path: String
  /// Seek to this source time before decoding (the start of a trim), in seconds; the runner
  /// seeks to the keyframe before it and decodes from there (`-ss` before `-i`).
  public var seek: Rational?
  /// Read only this much after the seek point (`-t` before `-i`).
  public var duration: Rational?
  /// Loop a still image (`-loop 1`) so it yields frames for the whole item.
  public var loopStill: Bool

  public init(path: String, seek: Rational? = nil, duration: Rational? = nil, loopStill: Bool = false) {
    self.path = path
    self.seek = seek
    self.duration = duration
    self.loopStill = loopStill
  }
}

/// `[in1][in2]filter1=a=1:b=2,filter2[out]` — filters applied in sequence between labelled pads.
public struct FilterChain: Sendable, Hashable {
  /// Input pad labels: `"0:v"` for the first input's video, or a label produced by another chain.
  public var inputs: [String]
  public var filters: [Filter]
  public var outputs: [String]

  public init(inputs: [String], filters: [Filter], outputs: [String]) {
    self.inputs = inputs
    self.filters = filters
    self.outputs = outputs
  }
}

/// One filter with its options in order. Option values are raw (unescaped) text; the printer
/// escapes them for every level of FFmpeg's syntax.
public struct Filter: Sendable, Hashable {
  public var name: String
  public var options: [Option]

  public struct Option: Sendable, Hashable {
    /// `nil` for a positional value (`fps=30` is written `fps=fps=30` by the lowering, but
    /// some filters only take positional values, e.g. `concat`'s are named, `anull` has none).
    public var key: String?
    public var value: String

    public init(_ key: String?, _ value: String) {
      self.key = key
      self.value = value
    }
  }

  public init(_ name: String, _ options: [Option] = []) {
    self.name = name
    self.options = options
  }

  /// `Filter("scale", ["w": "640", "h": "360"])` keeps the order given.
  public init(_ name: String, _ pairs: KeyValuePairs<String, String>) {
    self.name = name
    self.options = pairs.map { Option($0.key, $0.value) }
  }
}
