import VEDLFontRaster
import VEDLLowering
import VEDLMedia
import VEDLNativeAudio
import VEDLRaster
import VEDLSema
import VEDLTime

/// The native backend's renderer: draws every frame of a timeline with `NativeFrameRenderer`,
/// mixes its sound with `TimelineAudioMixer`, and encodes both into a file with the FFmpeg
/// backend's encoding settings — what `vedl render --backend native` runs (through
/// VEDLRender's `RenderJob`, which adds the temporary file, metadata and thumbnails).
///
/// The work runs on a bounded two-stage pipeline (docs/native.md): a compositing thread
/// draws frames 0, 1, 2… into a queue of `queueCapacity` pictures while the calling thread
/// converts them to Y′CbCr, encodes them, and mixes and encodes the sound up to the end of
/// each frame, so pictures and sound stay interleaved and memory stays flat.
///
/// The output holds exactly the timeline's frames, numbered 0…n−1 on the canvas grid (one
/// picture, the export's still frame, for a `.png`), at the size of the quality preset, and
/// the mixed sound (48 kHz stereo) for exactly the timeline's length — no sound stream when
/// nothing in the timeline makes sound, as in the FFmpeg backend.
public struct NativeRenderer: Sendable {
  /// The checked timeline.
  public var timeline: Timeline
  /// The export rendered (its watermark and still frame); `nil` renders the canvas without a
  /// watermark, as a preview.
  public var export: Export?
  /// Format, codecs, options and quality preset — the FFmpeg backend's settings.
  public var encoding: EncodingSettings
  /// The script's folder, against which relative font files resolve (as the lowering's
  /// `LoweringOptions.baseDirectory`); `nil` leaves them relative to the working directory.
  public var baseDirectory: String?
  /// The fonts for text and captions; `nil` opens a library for each render.
  public var fonts: FontLibrary?
  /// Pictures that may wait between the compositing and the encoding thread.
  public var queueCapacity: Int
  /// The export's loudness correction when it has been measured already (a chunked render
  /// measures once); `nil` measures the mix first when the export has `loudness:`.
  public var loudnessCorrection: LoudnessCorrection? = nil
  /// Decoded source pictures shared with `vedl preview`'s requests; `nil` decodes here.
  public var store: SourcePictureStore?
  /// Whether each frame waits while one of the store's requests is drawn (the preview's
  /// proxy render is background work).
  public var yieldsToRequests: Bool

  /// A renderer; every property is documented above.
  public init(
    timeline: Timeline, export: Export?, encoding: EncodingSettings, baseDirectory: String? = nil,
    fonts: FontLibrary? = nil, queueCapacity: Int = 4, store: SourcePictureStore? = nil,
    yieldsToRequests: Bool = false
  ) {
    self.store = store
    self.yieldsToRequests = yieldsToRequests
    self.timeline = timeline
    self.export = export
    self.encoding = encoding
    self.baseDirectory = baseDirectory
    self.fonts = fonts
    self.queueCapacity = queueCapacity
  }

  /// The sample rate of the mixed and encoded sound, as in the FFmpeg backend.
  public static let sampleRate = Int(SampleGrid.standard.samplesPerSecond)

  /// The encoded picture's size: the canvas, or scaled down by the quality preset.
  public var outputSize: (width: Int, height: Int) {
    let size = encoding.preset.outputSize(canvasWidth: timeline.canvas.width, canvasHeight: timeline.canvas.height)
    return (Int(size.width), Int(size.height))
  }

  /// The timeline frame a still shows: the export's `at:` for a `.png` export, else the
  /// first frame (the FFmpeg backend's lowering chooses the same).
  public var stillFrame: Int64 {
    export?.format == .png ? export?.stillFrame ?? 0 : 0
  }

  /// Renders into `path` (written directly: VEDLRender passes a temporary file and moves it
  /// into place). On failure or cancellation the file may exist incomplete; the caller
  /// removes it.
  ///
  /// - Parameters:
  ///   - cancellation: checked between frames on both threads; once raised the render stops
  ///     with `NativePipelineError.cancelled`.
  ///   - progress: called on this thread after every encoded picture.
  public func render(
    to path: String, cancellation: CancellationFlag? = nil, progress: ((RenderProgress) -> Void)? = nil
  ) throws(NativePipelineError) -> NativeRendererSummary {
    try render(to: path, selecting: nil, cancellation: cancellation, progress: progress)
  }

  /// Renders into `path` as `render(to:cancellation:progress:)` does, or, when `selection`
  /// is given, only those timeline frames (in that order, numbered 0, 1, 2… in the file) and
  /// no sound: a sample of a long edit for tests.
  func render(
    to path: String, selecting selection: [Int64]?, cancellation: CancellationFlag?,
    progress: ((RenderProgress) -> Void)?
  ) throws(NativePipelineError) -> NativeRendererSummary {
    // libav prints encoder statistics to stderr unless told otherwise: keep VEDLMedia's
    // choice (silent unless a program chose a configuration).
    LibavLog.configure(LibavLog.configuration)
    let library: FontLibrary
    if let fonts {
      library = fonts
    } else {
      do {
        library = try FontLibrary()
      } catch {
        throw .picture(NativeRenderError("cannot start the font library: \(error.message)"))
      }
    }
    // The frame renderer draws an export's watermark on the picture scaled to the export's
    // quality, as the FFmpeg backend does; a `--quality` override is the quality in force.
    var drawn = export
    drawn?.quality = encoding.preset.name.rawValue
    let renderer: NativeFrameRenderer
    do {
      renderer = try NativeFrameRenderer(
        timeline: timeline, export: drawn, fonts: library, baseDirectory: baseDirectory, store: store,
        yieldsToRequests: yieldsToRequests)
    } catch {
      throw .picture(error)
    }
    if let selection {
      if let outside = selection.first(where: { $0 < 0 || $0 >= renderer.frameCount }) {
        throw .picture(NativeRenderError("frame \(outside) is outside the edit (\(renderer.frameCount) frames)"))
      }
      guard !selection.isEmpty else { throw .picture(NativeRenderError("no frame was selected")) }
      return try run(renderer, frames: selection, sound: nil, to: path, cancellation: cancellation, progress: progress)
    }
    let frames: [Int64]
    if encoding.isStill {
      let k = stillFrame
      guard k >= 0, k < renderer.frameCount else {
        throw .picture(
          NativeRenderError("the still frame \(k) is past the end of the edit (\(renderer.frameCount) frames)"))
      }
      frames = [k]
    } else {
      frames = Array(0..<renderer.frameCount)
    }
    guard !frames.isEmpty else { throw .picture(NativeRenderError("the edit is empty: it lasts no frames")) }

    var sound: NativePipelineSound?
    if !encoding.isStill, encoding.audioCodec != nil {
      do {
        let mixer = try mixedSound()
        if mixer.hasSound { sound = NativePipelineSound(mixer: mixer) }
      } catch {
        throw .sound(NativeRenderError(error.message, path: error.path))
      }
    }

    return try run(renderer, frames: frames, sound: sound, to: path, cancellation: cancellation, progress: progress)
  }

  /// Runs the pipeline: `renderer` draws `frames` on the compositing thread, this thread
  /// encodes them and `sound`.
  private func run(
    _ renderer: NativeFrameRenderer, frames: [Int64], sound: NativePipelineSound?, to path: String,
    cancellation: CancellationFlag?, progress: ((RenderProgress) -> Void)?
  ) throws(NativePipelineError) -> NativeRendererSummary {
    let handover = NativePipelineHandover(renderer)
    let pipeline = NativePipeline(
      path: path, encoding: encoding, grid: timeline.canvas.grid, sourceWidth: renderer.width,
      sourceHeight: renderer.height, output: outputSize, frames: frames, queueCapacity: queueCapacity)
    return try pipeline.run(sound: sound, cancellation: cancellation, progress: progress) {
      (index) throws(NativePipelineError) -> RGBAImage in
      do throws(NativeRenderError) {
        return try handover.value.frame(index)
      } catch {
        throw .picture(error)
      }
    }
  }
}
