import Foundation
import VEDLLowering
import VEDLMedia
import VEDLNative
import VEDLNativeAudio
import VEDLSema
import VEDLTime

/// Everything one render runs, decided before any media is touched: the lowered filter
/// graph, its `-filter_complex` text, the encoders, and the equivalent `ffmpeg` command.
/// The in-process runner and `vedl graph --command` both come from these values, which is
/// what makes the two produce the same frames.
public struct RenderPlan: Sendable {
  /// The lowered graph.
  public var graph: FilterGraph
  /// `FilterGraphPrinter.filterComplex(graph)`, the text the runner parses.
  public var graphText: String
  /// Codecs and their options.
  public var encoding: EncodingSettings
  /// What `loudness:` could not reach (W0442), when it could not.
  public var loudnessShortfall: LoudnessShortfall? = nil
  /// The arguments of the equivalent `ffmpeg` command, writing to `output`.
  public func command(output: String) -> [String] {
    FilterGraphPrinter.command(graph, output: output, encoding: encoding)
  }

  /// Lowers `timeline` for `target`; with a `window`, only those output frames need be right
  /// (a chunk's: `LoweringOptions.window`).
  ///
  /// - Throws: `RenderError.lowering` when the timeline cannot become a graph.
  public init(timeline: Timeline, target: RenderTarget, settings: RenderSettings, window: Range<Int64>? = nil)
    throws(RenderError)
  {
    encoding = Self.encoding(target: target, settings: settings)
    // `loudness:`: the measuring pass first (docs/render.md, Loudness) — not for a chunk's
    // window, whose pictures are rendered without sound (the sound is the whole plan's).
    var correction: LoudnessCorrection? = nil
    if window == nil {
      let loudness = try Self.loudnessCorrection(
        timeline: timeline, export: target.export, format: target.format, encoding: encoding)
      correction = loudness.correction
      loudnessShortfall = loudness.shortfall
    }
    // Text in a `size width:` box is wrapped where the native renderer wraps it.
    var options = LoweringOptions(
      baseDirectory: settings.baseDirectory, quality: settings.quality, format: target.format,
      textMeasurer: FontLibraryTextMeasurer.needed(by: timeline), window: window, loudnessCorrection: correction)
    // `waveform(…)`: the sound drawn is read here too (docs/graph.md, Waveforms).
    options.waveformEnvelopes = try WaveformEnvelopes.measure(timeline, output: target.path)
    switch Lowering.lower(timeline, export: target.export, options: options) {
    case .success(let graph): self.graph = graph
    case .failure(let error): throw .lowering(error)
    }
    graphText = FilterGraphPrinter.filterComplex(graph)
  }

  /// The loudness correction of `export` (`loudness:`) for sound encoded with `encoding`,
  /// the same for both backends (docs/render.md, Loudness): ``LoudnessNormaliser`` measures
  /// the timeline's mix and works out a gain (and a limiter when the peaks need one); the
  /// corrected mix is then encoded alone with the export's encoder into a temporary file and
  /// measured again, and what the encoder changed (loudness, true peak) is aimed off in
  /// another pass — at most three encodings, ending as soon as the encoded sound is within
  /// 0.1 LU of the target and under the ceiling. `nil` when it asks for none, for a still, or when the mix has no
  /// loudness to measure.
  public static func loudnessCorrection(
    timeline: Timeline, export: Export?, format: Export.Format?, encoding: EncodingSettings
  ) throws(RenderError) -> LoudnessOutcome {
    guard let target = export?.loudness, (format ?? export?.format) != .png, !encoding.isStill else {
      return LoudnessOutcome(correction: nil, shortfall: nil)
    }
    let output = export?.path ?? ""
    func failure(_ message: String, _ path: String?) -> RenderError {
      .native(message: "cannot measure the loudness of the mix: \(message)", path: path, output: output)
    }
    let first: LoudnessNormaliser.Result?
    do {
      first = try LoudnessNormaliser.correction(for: timeline, target: target)
    } catch {
      throw failure(error.message, error.path)
    }
    // Silence, or sound under the −70 LUFS gate throughout: nothing to measure or correct.
    guard let first else {
      let hasSound = (try? TimelineAudioMixer(timeline: timeline, sampleRate: 48_000).hasSound) ?? false
      return LoudnessOutcome(correction: nil, shortfall: hasSound ? .unmeasurable : nil)
    }
    guard encoding.audioCodec != nil else {
      return LoudnessOutcome(first.correction, loudness: first.loudness, truePeak: first.truePeak, target: target)
    }
    let folder = NSTemporaryDirectory() + "vedl-loudness-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw failure("cannot create a temporary folder: \(error)", nil)
    }
    var result = first
    // What the output will measure: the last encoding's measurement, or, for a correction
    // aimed off after it, the mix's corrected level plus what the encoder did to it.
    var expected = (loudness: first.loudness, truePeak: first.truePeak)
    for pass in 0..<3 {
      let encoded = folder + "/sound\(pass)." + (format ?? export?.format ?? .mp4).rawValue
      var renderer = NativeRenderer(timeline: timeline, export: export, encoding: encoding)
      renderer.loudnessCorrection = result.correction
      do {
        guard try renderer.renderSound(to: encoded) else { break }
      } catch {
        throw failure(error.message, nil)
      }
      do {
        let meter = try LoudnessNormaliser.measure(file: encoded)
        guard let loudness = meter.integratedLoudness else {
          return LoudnessOutcome(correction: result.correction, shortfall: .unmeasurable)
        }
        expected = (loudness, meter.truePeak)
        // Within a fifth of the ±0.5 LU asked for, and under the ceiling by a margin.
        if abs(loudness - target.integrated.doubleValue) <= 0.1
          && meter.truePeak <= target.truePeak.doubleValue - LoudnessNormaliser.measuredMargin / 2
        {
          break
        }
        let effect = LoudnessNormaliser.EncoderEffect(
          loudness: loudness - result.loudness, truePeak: meter.truePeak - result.truePeak)
        guard
          let next = try LoudnessNormaliser.correction(for: timeline, target: target, encoderEffect: effect)
        else { break }
        result = next
        expected = (next.loudness + effect.loudness, next.truePeak + effect.truePeak)
      } catch {
        throw failure(error.message, error.path)
      }
    }
    return LoudnessOutcome(result.correction, loudness: expected.loudness, truePeak: expected.truePeak, target: target)
  }

  /// The encoders and the quality in force for `target`, whatever the backend: `--quality`,
  /// else the export's, else `high`.
  public static func encoding(target: RenderTarget, settings: RenderSettings) -> EncodingSettings {
    let preset =
      settings.quality.map(QualityPreset.named) ?? target.export.flatMap { QualityPreset.named($0.quality) }
      ?? QualityPreset.named(.high)
    return EncodingSettings(format: target.format, preset: preset, speed: settings.speed)
  }

  /// A plan for a graph built by hand (tests, tools): `graph` encoded with `encoding`.
  public init(graph: FilterGraph, encoding: EncodingSettings) {
    self.graph = graph
    self.graphText = FilterGraphPrinter.filterComplex(graph)
    self.encoding = encoding
  }

  /// The runner for this plan, writing to `path` (a temporary file). Its options match
  /// `command(output:)` argument for argument: `-copyts -start_at_zero`,
  /// `-ss`/`-t`/`-loop 1`/`-noautorotate`/`-c:v`/`-f` per input, the encoders with their options, `-pix_fmt`, `-r` or `-frames:v 1`, and the
  /// muxer's options.
  public func runner(writingTo path: String) -> FilterGraphRunner {
    let inputs = graph.inputs.map {
      MediaInputOptions(
        path: $0.path, seek: $0.seek, duration: $0.duration, loopStill: $0.loopStill, lastUse: $0.lastUse,
        pictureSampling: $0.pictureSampling, videoDecoder: $0.videoDecoder, autorotate: $0.autorotate,
        demuxer: $0.demuxer)
    }
    let video = graph.videoOutput.map { _ in
      VideoEncoderSettings(
        codecName: encoding.videoCodec, pixelFormat: encoding.pixelFormat,
        options: (encoding.videoOptions + encoding.colorOptions(height: graph.height)).map {
          MediaOption($0.name, $0.value)
        })
    }
    var audio: AudioEncoderSettings?
    if graph.audioOutput != nil, let codec = encoding.audioCodec {
      audio = AudioEncoderSettings(
        codecName: codec, options: encoding.audioOptions.map { MediaOption($0.name, $0.value) })
    }
    let output = OutputFileSettings(
      path: path, formatName: Self.muxerName(encoding.format), video: video, audio: audio,
      maximumVideoFrames: encoding.isStill ? 1 : nil,
      frameRate: encoding.isStill ? nil : graph.frameRate.framesPerSecond,
      muxerOptions: encoding.muxerOptions.map { MediaOption($0.name, $0.value) })
    let partition = RunnerPartition(graph.withoutSendcmd)
    return FilterGraphRunner(
      graph: partition.main, inputs: inputs, videoOutput: graph.videoOutput,
      audioOutput: audio == nil ? nil : graph.audioOutput,
      output: output, expectedDuration: graph.duration, timestampMode: .sourceTime,
      isolatedChains: partition.isolated,
      commands: graph.commands.map {
        FilterGraphRunner.QueuedFilterCommand(
          time: $0.time.doubleValue, target: $0.target, command: $0.command, argument: $0.argument)
      })
  }

  /// The muxer FFmpeg picks for the format's extension.
  static func muxerName(_ format: Export.Format) -> String {
    switch format {
    case .mp4: "mp4"
    case .mov: "mov"
    case .webm: "webm"
    case .png: "image2"
    }
  }
}

/// What the loudness normalisation of an export (`loudness:`) does: its correction, and what
/// it could not reach.
public struct LoudnessOutcome: Sendable, Hashable {
  public var correction: LoudnessCorrection?
  public var shortfall: LoudnessShortfall?

  public init(correction: LoudnessCorrection?, shortfall: LoudnessShortfall?) {
    self.correction = correction
    self.shortfall = shortfall
  }

  /// `correction`, whose output measures `loudness` LUFS and `truePeak` dBTP, against what
  /// docs/language.md promises of `target`: within ±0.5 LU, and under the ceiling.
  init(_ correction: LoudnessCorrection, loudness: Double, truePeak: Double, target: LoudnessTarget) {
    self.correction = correction
    let reached =
      abs(loudness - target.integrated.doubleValue) <= LoudnessShortfall.tolerance
      && truePeak <= target.truePeak.doubleValue + LoudnessShortfall.peakTolerance
    shortfall = reached ? nil : .missed(loudness: loudness, truePeak: truePeak)
  }
}

/// A `loudness:` target the render cannot reach (W0442).
public enum LoudnessShortfall: Sendable, Hashable {
  /// The mix has sound, but under the −70 LUFS gate (or too short to measure) throughout.
  case unmeasurable
  /// The output measures `loudness` LUFS with its true peak at `truePeak` dBTP.
  case missed(loudness: Double, truePeak: Double)

  /// How far from the target the integrated loudness may be (docs/language.md, Loudness).
  public static let tolerance = 0.5
  /// How far over the ceiling a true peak may measure: meters disagree by about this much.
  public static let peakTolerance = 0.1
}
