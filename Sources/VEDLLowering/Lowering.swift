import VEDLSema
import VEDLTime

/// Turns a checked ``Timeline`` into the ``FilterGraph`` that renders it with FFmpeg — the
/// lowering half of the FFmpeg backend. Every decision is documented in docs/graph.md.
///
/// The graph is built so that its output holds exactly the frames §5 of the language
/// selects: each clip becomes exactly its number of timeline frames (exact `setpts`, then
/// `fps=F:round=up`, then `trim=end_frame=N`), the main track joins them with `concat` or
/// `xfade` and renumbers, overlays are shifted to their first frame, and the end of the
/// graph cuts to `frameCount` frames. Audio is placed and cut to the sample.
public enum Lowering {
  /// The graph rendering `timeline` for `export` (its watermark, quality and format; a
  /// `.png` export renders only its still frame), or for a preview at canvas size when
  /// `export` is `nil`.
  public static func lower(
    _ timeline: Timeline, export: Export?, options: LoweringOptions = LoweringOptions()
  ) -> Result<FilterGraph, LoweringError> {
    var run = LoweringRun(timeline: timeline, export: export, options: options)
    do throws(LoweringError) {
      return .success(try run.build())
    } catch {
      return .failure(error)
    }
  }
}

/// The state of one lowering: the timeline, the graph being built and derived constants.
struct LoweringRun {
  let timeline: Timeline
  let export: Export?
  let options: LoweringOptions
  let canvas: PixelSize
  let rate: FrameRate
  let grid: FrameGrid
  let samples = SampleGrid.standard
  /// Opaque canvas background `0xRRGGBBFF` (translucent backgrounds are composed over black).
  let background: UInt32
  var builder = GraphBuilder()
  /// Labels of finished audio streams and the sample at which each starts.
  var sounds: [(label: String, startSample: Int64)] = []
  /// The input opened for each clip (by its pad stem), so that a clip's picture and sound
  /// come from one `-i`.
  var clipInputs: [String: Int] = [:]
  /// Commands the graph sends while it runs (``FilterGraph/commands``).
  var commands: [FilterGraph.TimedCommand] = []

  init(timeline: Timeline, export: Export?, options: LoweringOptions) {
    self.timeline = timeline
    self.export = export
    self.options = options
    self.canvas = PixelSize(width: timeline.canvas.width, height: timeline.canvas.height)
    self.rate = timeline.canvas.rate
    self.grid = timeline.canvas.grid
    self.background = OptionText.opaque(timeline.canvas.background)
  }

  /// Whether the composite has been turned into RGB for its overlays (``composeInRGB(_:)``).
  var compositeInRGB = false
  /// Font files of caption lines given to `drawtext` slots by commands (the filters' own
  /// `fontfile=` options are collected when the graph is finished).
  var fontFiles: Set<String> = []

  /// The number of timeline frames.
  var frameCount: Int64 { timeline.frameCount }

  /// The timeline frames the graph renders: the options' window (within the edit), or all.
  /// A still renders its one frame, whatever the window.
  var renderedFrames: Range<Int64> {
    guard let window = options.window, (options.format ?? export?.format) != .png else { return 0..<frameCount }
    let first = min(max(window.lowerBound, 0), frameCount)
    return first..<min(max(window.upperBound, first), frameCount)
  }

  /// The clock origin: the first timeline frame the graph makes (the window's first frame,
  /// else 0). Frames keep their timeline times up to the end of the composite — every
  /// timed expression, motion table and caption command is the whole edit's, evaluated on
  /// the same timestamps — but frames are counted from the origin: a filter's frame number
  /// `n` is ``frameNumber(_:)`` of the timeline frame, and the output is stamped from 0
  /// (``outputTime(_:)``).
  var origin: Int64 { renderedFrames.lowerBound }

  /// The frame number (`n`) a filter on the composite gives timeline frame `k`: its frames
  /// are counted from the origin (negative before it).
  func frameNumber(_ k: Int64) -> Int64 { k - origin }

  /// The time of the graph's output at timeline time `t` (negative before the origin).
  func outputTime(_ t: Rational) -> Rational { origin == 0 ? t : t - grid.time(ofFrame: origin) }

  /// What the picture is built in: RGBA for a still, else Y′CbCr in the output's matrix.
  var space: PictureSpace {
    if (options.format ?? export?.format) == .png { return .rgba }
    let output = preset.outputSize(canvasWidth: canvas.width, canvasHeight: canvas.height)
    return .yuv(matrix: EncodingSettings.colorMatrix(forHeight: output.height))
  }

  /// The space of the composite picture now: ``space``, or RGB once overlays are blended.
  var compositeSpace: PictureSpace { compositeInRGB ? .rgb : space }

  /// Turns a video's Y′CbCr composite into planar RGB, once, before the first overlay, text,
  /// caption or watermark is blended onto it (PictureSpace: blending before RGB's clipping
  /// differs from the native renderer's).
  mutating func composeInRGB(_ composite: inout PendingStream) {
    guard case .yuv = space, !compositeInRGB else { return }
    composite.append(contentsOf: space.toRGB())
    compositeInRGB = true
  }

  /// The exact number of audio samples of the whole edit, `⌊duration × 48000⌋`.
  var sampleCount: Int64 { samples.sampleFloor(at: timeline.duration) }

  /// The quality preset in force.
  var preset: QualityPreset {
    if let q = options.quality { return QualityPreset.named(q) }
    return export.flatMap { QualityPreset.named($0.quality) } ?? QualityPreset.named(.high)
  }

  mutating func build() throws(LoweringError) -> FilterGraph {
    guard frameCount > 0 else {
      throw LoweringError("the edit is empty: it lasts no frames", help: "add a clip to the main track")
    }
    let isStill = (options.format ?? export?.format) == .png
    var stillFrame: Int64? = nil
    if isStill {
      let k = export?.format == .png ? export?.stillFrame ?? 0 : 0
      guard k >= 0, k < frameCount else {
        throw LoweringError(
          "the still frame \(k) is past the end of the edit (\(frameCount) frames)",
          help: "choose an `at:` inside the edit")
      }
      stillFrame = k
    }
    guard !renderedFrames.isEmpty else {
      throw LoweringError("the window \(options.window.map(String.init(describing:)) ?? "") holds no frame of the edit")
    }

    // Picture: the main track (or the background), overlays in track order, captions.
    var composite = PendingStream(label: try mainVideo())
    for (t, track) in timeline.tracks.enumerated() where track.kind == .overlay {
      for (i, item) in track.items.enumerated() {
        try lowerOverlayItem(item, stem: "t\(t)i\(i)", onto: &composite)
      }
    }
    lowerCaptions(onto: &composite)

    // Every stream above is exact by construction (numbered 0…n−1 on the canvas grid), so
    // no `fps` here: after `overlay` the end-of-stream timestamp is the last frame's, and an
    // `fps` would drop that frame. `trim` cuts at the length whatever the timestamps say.
    if let k = stillFrame {
      composite.append(Filter("trim", ["start_frame": String(k), "end_frame": String(k + 1)]))
      composite.append(Filter("setpts", ["expr": "PTS-STARTPTS"]))
    } else {
      composite.append(Filter("trim", ["end_frame": String(renderedFrames.count)]))
      // The output's clock starts at the origin.
      if origin > 0 { composite.append(Filter("setpts", ["expr": "PTS-STARTPTS"])) }
    }
    let output = preset.outputSize(canvasWidth: canvas.width, canvasHeight: canvas.height)
    if output.width != canvas.width || output.height != canvas.height {
      composite.append(Filter.resize(width: output.width, height: output.height))
    }
    if let watermark = export?.watermark {
      let frames = stillFrame.map { $0..<($0 + 1) } ?? renderedFrames
      try lowerWatermark(watermark, onto: &composite, frames: frames)
    }
    // A video's picture is Y′CbCr in the matrix it is tagged with (PictureSpace,
    // EncodingSettings.colorOptions), or RGB turned into it at full chroma resolution and
    // then subsampled, as the native encoder does; a still's is RGBA.
    if compositeInRGB { composite.append(contentsOf: space.fromRGBA()) }
    composite.append(Filter("format", ["pix_fmts": isStill ? "rgb24" : "yuv420p"]))
    composite.append(Filter("setsar", ["sar": "1"]))
    let video = builder.close(composite, as: "v")

    // A window's graph has no sound: a chunked render mixes the whole edit's once.
    var audio: String? = nil
    if !isStill && options.window == nil {
      try collectSounds()
      audio = mixSounds()
    }

    let count = isStill ? 1 : Int64(renderedFrames.count)
    var graph = FilterGraph(
      inputs: builder.inputs, chains: builder.chains, videoOutput: video, audioOutput: audio, frameRate: rate,
      width: output.width, height: output.height, duration: grid.time(ofFrame: count), frameCount: count)
    graph.firstFrame = isStill ? 0 : origin
    graph.sampleRate = Int(samples.samplesPerSecond)
    graph.commands = commands
    var readFiles = fontFiles
    for chain in builder.chains {
      for filter in chain.filters {
        for option in filter.options
        where option.key == "fontfile" || (filter.name == "lut3d" && option.key == "file") {
          readFiles.insert(option.value)
        }
      }
    }
    graph.readFiles = readFiles.sorted()
    graph.leaveTheTurnToTheCLI()
    return graph
  }
}
