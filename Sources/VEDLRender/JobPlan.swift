import VEDLLowering
import VEDLNative
import VEDLSema
import VEDLTime

/// What a render job needs to know before it runs, whatever the backend: the encoding, the
/// frames and rate the output must hold, what the render is (for the fingerprint) and which
/// files it reads. The FFmpeg backend's come from its lowered graph (`RenderPlan`); the
/// native backend's from the timeline alone, so a timeline the lowering cannot turn into a
/// graph still renders natively.
struct JobPlan {
  /// Codecs, their options and the quality.
  var encoding: EncodingSettings
  /// The exact number of frames the output holds (1 for a still).
  var frameCount: Int64
  /// The output's frame rate.
  var frameRate: FrameRate
  /// The encoded picture's size.
  var width: Int64
  var height: Int64
  /// What the render runs, as the fingerprint records it: the `ffmpeg` command writing to
  /// `OUTPUT`, or the native renderer's recipe (its encoder settings and the timeline).
  var recipe: [String]
  /// Every file the render reads besides the timeline's sources and caption files: the
  /// graph's inputs and the font files its text is drawn with.
  var readFiles: [String]
  /// The FFmpeg backend's plan; `nil` for the native backend.
  var ffmpeg: RenderPlan?

  /// The plan of `timeline` for `target` with `settings`' backend.
  ///
  /// - Throws: `RenderError.lowering` when the FFmpeg backend cannot lower the timeline.
  init(timeline: Timeline, target: RenderTarget, settings: RenderSettings) throws(RenderError) {
    switch settings.backend {
    case .ffmpeg:
      let plan = try RenderPlan(timeline: timeline, target: target, settings: settings)
      encoding = plan.encoding
      frameCount = plan.graph.frameCount
      frameRate = plan.graph.frameRate
      (width, height) = (plan.graph.width, plan.graph.height)
      // The command's output is a fixed word: the fingerprint must not depend on the
      // temporary name (or on where the output goes).
      recipe = plan.command(output: "OUTPUT")
      readFiles = plan.graph.inputs.map(\.path) + plan.graph.readFiles
      ffmpeg = plan
    case .native:
      encoding = RenderPlan.encoding(target: target, settings: settings)
      frameCount = encoding.isStill ? 1 : timeline.frameCount
      frameRate = timeline.canvas.rate
      let size = encoding.preset.outputSize(canvasWidth: timeline.canvas.width, canvasHeight: timeline.canvas.height)
      (width, height) = (size.width, size.height)
      let options =
        (encoding.videoOptions + encoding.colorOptions(height: height) + encoding.audioOptions
        + encoding.muxerOptions).map { "\($0.name)=\($0.value)" }
      recipe =
        [
          "native", encoding.videoCodec, encoding.pixelFormat, encoding.audioCodec ?? "-", "\(width)x\(height)",
          target.format.rawValue, target.export.map { "export \($0.writtenPath)" } ?? "-",
        ] + options + [timeline.jsonText]
      readFiles =
        FontLibraryTextMeasurer.needed(by: timeline)?.fontFiles(of: timeline, baseDirectory: settings.baseDirectory)
        ?? []
      ffmpeg = nil
    }
  }
}
