import Foundation
import VEDLCaptions
import VEDLLowering
import VEDLMedia
import VEDLNative
import VEDLSema
import VEDLTime

/// Renders one target with the backend its settings choose (`ffmpeg` or `native`), safely:
///
/// 1. refuses an output that is one of the inputs, then locks the output's name for the
///    whole job (`OutputLock`): another render of the same output waits;
/// 2. plans the render (`JobPlan`: the FFmpeg backend lowers the timeline, the native one
///    reads it directly) and fingerprints it (script, `--set` values, backend, the command
///    or the native recipe, input contents); when the fingerprint recorded in `<output>.json` matches and
///    every file exists, does nothing (`--force` renders anyway). When nothing can be skipped
///    (`--force`, or no earlier render) the inputs are hashed on another thread while the
///    render runs;
/// 3. renders into a temporary file beside the output — the FFmpeg backend runs the filter
///    graph in-process, the native backend draws every frame with `NativeRenderer` — checks
///    the frame count, makes the thumbnails from that file and writes the sidecars;
/// 4. moves the output into place, then writes `<output>.json`.
///
/// A failure or an interruption at any step removes every temporary file and leaves the
/// previous output (if any) and its metadata untouched. docs/render.md tells the whole story.
public struct RenderJob: Sendable {
  /// The checked timeline.
  public var timeline: Timeline
  /// The file to make.
  public var target: RenderTarget
  /// `--set`, `--quality`, `--force` and the script's bytes.
  public var settings: RenderSettings

  /// A job; every property is documented above.
  public init(timeline: Timeline, target: RenderTarget, settings: RenderSettings) {
    self.timeline = timeline
    self.target = target
    self.settings = settings
  }

  /// Runs the job.
  ///
  /// - Parameters:
  ///   - cancellation: raise it (Ctrl-C) to stop; the job then throws
  ///     `RenderError.media(.cancelled, …)` after removing its temporary files.
  ///   - progress: called on this thread while the video is encoded.
  ///   - waiting: called once, on this thread, when another render of the same output holds
  ///     its lock (`OutputLock`); the job waits for it to end.
  public func run(
    cancellation: CancellationFlag? = nil, progress: ((RenderProgress) -> Void)? = nil,
    waiting: (() -> Void)? = nil
  ) throws(RenderError) -> RenderOutcome {
    let plan = try JobPlan(timeline: timeline, target: target, settings: settings)
    let inputs = inputPaths(plan: plan)
    try refuseOverwritingInputs(plan: plan)
    let files = OutputFiles()
    defer { files.removeTemporaries() }
    // Held until the metadata is written (released before `files` removes the folders it
    // made): another render of this output waits, then finds it up to date or renders again.
    let lock = try OutputLock.acquire(
      for: target.path, files: files, cancellation: cancellation, waiting: waiting)
    defer { lock.release() }
    let (settings, command) = (settings, plan.recipe)
    // Inputs unchanged since the previous render (same `stat`) keep their recorded digests.
    let known = RenderMetadata.recordedInputs(at: target.metadataPath)
    let computeFingerprint = {
      @Sendable (stop: CancellationFlag?) throws(RenderError) -> RenderFingerprint? in
      try RenderFingerprint.compute(
        settings: settings, command: command, inputPaths: inputs, known: known, cancellation: stop)
    }
    let pendingFingerprint: BackgroundResult<RenderFingerprint?>
    if let expected = settings.expectedPlan {
      // A plan's job (docs/scale-out.md): the render must be the one planned.
      guard let fingerprint = try computeFingerprint(cancellation) else {
        throw .media(.cancelled, output: target.path)
      }
      if fingerprint.value != expected {
        throw .planChanged(plan: expected, changes: ["the script, an input or the render's settings changed"])
      }
      if !settings.force, isUpToDate(fingerprint) {
        return RenderOutcome(status: .upToDate, target: target, metadata: nil)
      }
      pendingFingerprint = BackgroundResult(ready: fingerprint)
    } else if !settings.force, outputsExist {
      // Ctrl-C while a large input is hashed stops the check at once.
      guard let fingerprint = try computeFingerprint(cancellation) else {
        throw .media(.cancelled, output: target.path)
      }
      if isUpToDate(fingerprint) {
        return RenderOutcome(status: .upToDate, target: target, metadata: nil)
      }
      pendingFingerprint = BackgroundResult(ready: fingerprint)
    } else {
      // Nothing to compare with: the fingerprint is only recorded at the end, so the inputs
      // are hashed while the render starts.
      pendingFingerprint = BackgroundResult(computeFingerprint)
    }
    // However the job ends, the hashing thread has ended before it returns (see
    // `BackgroundResult`).
    defer { pendingFingerprint.abandon() }

    let temporary = try files.temporaryPath(for: target.path)
    let loudnessShortfall: LoudnessShortfall?
    if let ffmpeg = plan.ffmpeg {
      loudnessShortfall = ffmpeg.loudnessShortfall
      do {
        _ = try ffmpeg.runner(writingTo: temporary).run(cancellation: cancellation, progress: progress)
      } catch {
        throw .media(error, output: target.path)
      }
    } else {
      var renderer = NativeRenderer(
        timeline: timeline, export: target.export, encoding: plan.encoding, baseDirectory: settings.baseDirectory)
      let loudness = try RenderPlan.loudnessCorrection(
        timeline: timeline, export: target.export, format: target.format, encoding: plan.encoding)
      renderer.loudnessCorrection = loudness.correction
      loudnessShortfall = loudness.shortfall
      do {
        _ = try renderer.render(to: temporary, cancellation: cancellation, progress: progress)
      } catch {
        throw Self.renderError(error, output: target.path, frameCount: plan.frameCount)
      }
    }

    let measured = try measure(temporary, plan: plan)
    try checkCompleteness(measured, plan: plan)

    for thumbnail in target.thumbnails {
      if cancellation?.isCancelled == true { throw .media(.cancelled, output: target.path) }
      try writeThumbnail(thumbnail, from: temporary, files: files, cancellation: cancellation)
    }
    for sidecar in target.sidecars { try writeSidecar(sidecar, files: files) }
    if cancellation?.isCancelled == true { throw .media(.cancelled, output: target.path) }

    // Only `abandon()` stops the work, and it runs after this.
    guard let fingerprint = try pendingFingerprint.value() else { throw .media(.cancelled, output: target.path) }
    try files.moveIntoPlace(temporary, to: target.path)
    let metadata = RenderMetadata(
      fingerprint: fingerprint.value, output: (target.path as NSString).lastPathComponent,
      format: target.format.rawValue,
      duration: target.format == .png ? .zero : Rational(measured.frameCount) * plan.frameRate.frameDuration,
      width: measured.width, height: measured.height,
      frameRate: target.format == .png ? nil : plan.frameRate.framesPerSecond, frameCount: measured.frameCount,
      videoCodec: measured.videoCodec, pixelFormat: measured.pixelFormat, audioCodec: measured.audioCodec,
      sampleRate: measured.sampleRate, channels: measured.channels, quality: plan.encoding.preset.name.rawValue,
      backend: settings.backend.rawValue, toolVersion: settings.toolVersion, script: fingerprint.script,
      inputs: fingerprint.inputs,
      parameters: settings.parameters, thumbnails: target.thumbnails.map(\.path), sidecars: target.sidecars.map(\.path))
    try files.write(metadata.jsonText, to: target.metadataPath)
    return RenderOutcome(status: .rendered, target: target, metadata: metadata, loudnessShortfall: loudnessShortfall)
  }

  /// The render error for a native render's `error` while making `output`: the same cases
  /// (and so the same diagnostics) as the FFmpeg backend's where the failure is the same.
  static func renderError(_ error: NativePipelineError, output: String, frameCount: Int64) -> RenderError {
    switch error {
    case .picture(let native) where native.stoppedAtFrame != nil:
      .frameCount(
        path: output, expected: frameCount, actual: native.stoppedAtFrame ?? 0, reason: native.message)
    case .picture(let native), .sound(let native):
      .native(message: native.message, path: native.path, output: output)
    case .encoderUnavailable(let name):
      .media(.encoderUnavailable(name: name), output: output)
    case .encodingFailed(let reason):
      .media(.encodingFailed(reason: reason), output: output)
    case .unwritableOutput(_, let reason):
      .unwritableOutput(path: output, reason: reason)
    case .cancelled:
      .media(.cancelled, output: output)
    }
  }

  // MARK: Inputs and the up-to-date rule

  /// Every file the render reads: the graph's inputs and the files its filters open, and
  /// every file the timeline reads (``ProtectedFiles/inputs(of:baseDirectory:)``: sources,
  /// caption files, font files, colour tables).
  func inputPaths(plan: JobPlan) -> [String] {
    var paths = plan.readFiles
    // Resolved against the script's folder: the render may run from anywhere.
    paths += ProtectedFiles.inputs(of: timeline, baseDirectory: settings.baseDirectory).map(\.path)
    return Array(Set(paths)).sorted()
  }

  /// The fingerprint the job's output would have (hashing the inputs, rendering nothing):
  /// a `vedl batch --plan` line's `plan`.
  public func fingerprint(cancellation: CancellationFlag? = nil) throws(RenderError) -> RenderFingerprint {
    let plan = try JobPlan(timeline: timeline, target: target, settings: settings)
    guard
      let fingerprint = try RenderFingerprint.compute(
        settings: settings, command: plan.recipe, inputPaths: inputPaths(plan: plan),
        known: RenderMetadata.recordedInputs(at: target.metadataPath), cancellation: cancellation)
    else { throw .media(.cancelled, output: target.path) }
    return fingerprint
  }

  /// The checker already rejects an export over a source (E0802); this check stands guard
  /// for every file the job writes (output, metadata, thumbnails, sidecars) against the
  /// script, every file the timeline and the graph read and the command's other inputs
  /// (`ProtectedFiles`, which compares file identities).
  func refuseOverwritingInputs(plan: JobPlan) throws(RenderError) {
    var protected = settings.protected
    protected.insert(contentsOf: ProtectedFiles.inputs(of: timeline, baseDirectory: settings.baseDirectory))
    protected.insert(
      contentsOf: (plan.ffmpeg?.graph.inputs ?? []).map { ProtectedFile(path: $0.path, role: .source) })
    for output in target.outputPaths {
      if let input = protected.file(overwrittenBy: output) { throw .outputIsInput(output: output, input: input) }
    }
  }

  /// The output, its thumbnails and sidecars exist, and `<output>.json` records
  /// `fingerprint`.
  func isUpToDate(_ fingerprint: RenderFingerprint) -> Bool {
    outputsExist && RenderMetadata.recordedFingerprint(at: target.metadataPath) == fingerprint.value
  }

  /// The output, its thumbnails, sidecars and `<output>.json` all exist: only then can the
  /// up-to-date rule skip the render.
  var outputsExist: Bool {
    target.outputPaths.allSatisfy { FileManager.default.fileExists(atPath: $0) }
  }

  // MARK: After the run

  /// Fails the render (E0818; the temporary file is then removed) unless the written file
  /// holds exactly the timeline's frames and, when it has sound, sound as long as its picture
  /// within one audio frame (2048 samples: AAC's frame and the container's rounding).
  func checkCompleteness(_ measured: Measurement, plan: JobPlan) throws(RenderError) {
    let expected = plan.frameCount
    guard measured.frameCount == expected else {
      throw .frameCount(path: target.path, expected: expected, actual: measured.frameCount)
    }
    guard target.format != .png, let sound = measured.soundDuration, let rate = measured.sampleRate, rate > 0 else {
      return
    }
    let picture = Rational(expected) * plan.frameRate.frameDuration
    let tolerance = Rational(2048, Int64(rate)) ?? .zero
    if sound < picture - tolerance || sound > picture + tolerance {
      throw .soundLength(path: target.path, picture: picture, sound: sound)
    }
  }

  /// What the written file holds, read back with the probe (frames counted).
  struct Measurement {
    /// How long the sound stream lasts, when the container says.
    var soundDuration: Rational?
    var frameCount: Int64
    var width: Int
    var height: Int
    var videoCodec: String?
    var pixelFormat: String?
    var audioCodec: String?
    var sampleRate: Int?
    var channels: Int?
  }

  func measure(_ path: String, plan: JobPlan) throws(RenderError) -> Measurement {
    let info: MediaInfo
    do {
      info = try MediaProbe.probe(path: path, options: .countFrames)
    } catch {
      throw .media(
        .encodingFailed(reason: "the written file cannot be read back: \(error.message)"), output: target.path)
    }
    let video = info.primaryVideo
    let audio = info.primaryAudio
    return Measurement(
      soundDuration: audio?.duration, frameCount: video?.video?.frameCount ?? 0,
      width: video?.video?.width ?? Int(plan.width),
      height: video?.video?.height ?? Int(plan.height), videoCodec: video?.codecName,
      pixelFormat: video?.video?.pixelFormat, audioCodec: audio?.codecName, sampleRate: audio?.audio?.sampleRate,
      channels: audio?.audio?.channels)
  }

  /// A JPEG of the rendered picture at the thumbnail's frame, decoded from the written file
  /// (`ffmpeg -ss T -i OUT -frames:v 1 -q:v 2 THUMB.jpg`).
  func writeThumbnail(
    _ thumbnail: Export.Thumbnail, from rendered: String, files: OutputFiles, cancellation: CancellationFlag?
  ) throws(RenderError) {
    try files.prepareFolder(for: thumbnail.path)
    let temporary = try files.temporaryPath(for: thumbnail.path)
    let time = target.format == .png ? Rational.zero : timeline.canvas.grid.time(ofFrame: thumbnail.frame)
    let runner = FilterGraphRunner(
      graph: "[0:v]null[v]", inputs: [MediaInputOptions(path: rendered, seek: time.isZero ? nil : time)],
      videoOutput: "v", audioOutput: nil,
      output: OutputFileSettings(
        path: temporary, formatName: "image2",
        video: VideoEncoderSettings(
          codecName: "mjpeg", pixelFormat: "yuvj420p",
          options: [
            MediaOption("flags", "+qscale"), MediaOption("global_quality", String(2 * Self.lambdaPerQuantiser)),
          ]),
        maximumVideoFrames: 1, muxerOptions: [MediaOption("update", "1")]))
    do {
      _ = try runner.run(cancellation: cancellation)
    } catch {
      throw .media(error, output: thumbnail.path)
    }
    try files.moveIntoPlace(temporary, to: thumbnail.path)
  }

  /// FFmpeg's `FF_QP2LAMBDA`: `-q:v 2` is a global quality of 2 × 118.
  static let lambdaPerQuantiser = 118

  /// The caption lane as `.srt` or `.vtt`, in time order.
  func writeSidecar(_ sidecar: Export.Sidecar, files: OutputFiles) throws(RenderError) {
    let cues = timeline.captions.cues.sorted { $0.start < $1.start }.map {
      CaptionCue(start: $0.start, end: $0.end, text: $0.text)
    }
    let format = CaptionFormat(pathExtensionOf: sidecar.path) ?? .srt
    try files.write(CaptionWriter.write(cues, as: format), to: sidecar.path)
  }
}

/// How a job ended.
public struct RenderOutcome: Sendable {
  /// Rendered, or skipped because nothing changed.
  public enum Status: Sendable, Hashable {
    /// The output was written.
    case rendered
    /// The output was already up to date; nothing was written.
    case upToDate
  }

  /// Whether the job rendered.
  public var status: Status
  /// The file it was about.
  public var target: RenderTarget
  /// What was written (`nil` when the render was skipped).
  public var metadata: RenderMetadata?
  /// What the export's `loudness:` could not reach (W0442; ``RenderDiagnostics/warnings(of:script:)``).
  public var loudnessShortfall: LoudnessShortfall? = nil
}
