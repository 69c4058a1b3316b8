import Foundation
import Testing
import VEDLLowering
import VEDLMedia
import VEDLNative
import VEDLRender
import VEDLSema
import VEDLSource
import VEDLTestSupport
import VEDLTime

// The helpers the native render tests share: media generated at test time, checking scripts
// with real probes, rendering with either backend and running the `vedl` executable. The
// `ffmpeg` CLI, the frame-index pattern and per-frame PSNR are VEDLTestSupport's, shared
// with the FFmpeg backend's tests so that the same tests run against both backends.

/// Media generated once per test run with the `ffmpeg` CLI (the FFmpeg backend's frame-index
/// media): nothing binary is committed.
final class NativeTestMedia: Sendable {
  /// The folder holding `media/…`.
  let directory: String

  /// `media/index30.mp4`: the frame-index pattern at 30 fps, 64×48, 6 s (180 frames), with
  /// a 1 kHz tone as sound.
  var index30: String { directory + "/media/index30.mp4" }

  static let shared: Result<NativeTestMedia, FFmpegCLI.Failure> = {
    do {
      return .success(try NativeTestMedia())
    } catch let error as FFmpegCLI.Failure {
      return .failure(error)
    } catch {
      return .failure(FFmpegCLI.Failure(description: "\(error)"))
    }
  }()

  /// The shared media, or a test failure.
  static func get() throws -> NativeTestMedia { try shared.get() }

  private init() throws {
    directory = try TestMediaFolder.make(prefix: "vedl-native-")
    try FrameIndex.makeIndex30(at: directory + "/media/index30.mp4")
  }
}

/// Media facts read with VEDLMedia's probe, as the command line reads them.
struct ProbedFacts: MediaFactsProvider {
  func facts(forPath path: String) -> Result<MediaFacts, MediaFactsError> {
    do {
      let info = try MediaProbe.probe(path: path)
      return .success(MediaFacts(probed: info))
    } catch {
      return .failure(MediaFactsError(.unreadable, error.message))
    }
  }
}

/// Checking scripts and rendering them with either backend.
enum NativeHarness {
  /// Checks `text` as a script in `directory` with probed media facts; throws on errors.
  static func timeline(_ text: String, directory: String) throws -> Timeline {
    let file = SourceFile(path: directory + "/test.vedl", text: text)
    let result = Checker.check(file, options: CheckOptions(media: ProbedFacts(), baseDirectory: directory))
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.message)
    guard errors.isEmpty, let timeline = result.timeline else {
      throw FFmpegCLI.Failure(description: "the script did not check: \(errors)")
    }
    return timeline
  }

  /// The settings both backends encode with in these tests: quality `high`, the fastest
  /// encoder presets.
  static func encoding(_ format: Export.Format = .mp4, quality: QualityPreset.Name = .high) -> EncodingSettings {
    EncodingSettings(format: format, preset: QualityPreset.named(quality), speed: .fastest)
  }

  /// The preset's output size, encoded close to losslessly (CRF 6 / VP9 10): what the
  /// backend-agreement tests compare with, so that the figures measure the two pictures and
  /// not two lossy encodes of them (at `low`'s CRF 28 that noise alone is ~34 dB).
  static func comparisonEncoding(_ format: Export.Format = .mp4, quality: QualityPreset.Name = .high)
    -> EncodingSettings
  {
    var preset = QualityPreset.named(quality)
    preset.h264CRF = 6
    preset.vp9CRF = 10
    return EncodingSettings(format: format, preset: preset, speed: .fastest)
  }

  /// Renders `timeline` with the native backend into a fresh file in `directory`.
  static func renderNative(
    _ timeline: Timeline, directory: String, format: Export.Format = .mp4, export: Export? = nil,
    quality: QualityPreset.Name = .high
  ) throws -> (path: String, summary: NativeRendererSummary) {
    let output = directory + "/native-\(UUID().uuidString).\(format.rawValue)"
    let renderer = NativeRenderer(timeline: timeline, export: export, encoding: encoding(format, quality: quality))
    let summary = try renderer.render(to: output)
    return (output, summary)
  }

  /// Renders `timeline` losslessly to a `.mov` with `backend` (`"ffmpeg"` or `"native"`)
  /// and decodes its frames to RGB24: how the motion tests compare a frame of each backend
  /// with a still edit of the same instant.
  static func losslessRGBFrames(_ timeline: Timeline, backend: String, directory: String, width: Int, height: Int)
    throws -> [[UInt8]]
  {
    let path =
      backend == "ffmpeg"
      ? try renderFFmpeg(timeline, directory: directory, format: .mov, quality: .lossless)
      : try renderNative(timeline, directory: directory, format: .mov, quality: .lossless).path
    return try FFmpegCLI.rgbFrames(path, width: width, height: height)
  }

  /// Renders `timeline` with the FFmpeg backend's graph through the `ffmpeg` CLI (the
  /// in-process runner is tested to produce the same frames) into a fresh file.
  ///
  /// With `selection`, only those timeline frames are encoded (in that order, numbered 0, 1,
  /// 2…, as `NativeRenderer.render(to:selecting:…)` encodes them): the graph's pictures pass
  /// through `select` and `setpts` before the encoder, the sound is left whole. Both files
  /// then hold the same pictures in the same order, so the encoder treats them alike and a
  /// comparison measures the renderers, not two encodings of different sequences.
  static func renderFFmpeg(
    _ timeline: Timeline, directory: String, format: Export.Format = .mp4, export: Export? = nil,
    quality: QualityPreset.Name = .high, selecting selection: [Int64]? = nil, encoding chosen: EncodingSettings? = nil
  ) throws -> String {
    var options = LoweringOptions(
      baseDirectory: directory, quality: quality, format: format,
      textMeasurer: FontLibraryTextMeasurer(fonts: try FrameRendering.fonts()))
    // Waveforms (Samples/audio.vedl): measured as `vedl render` measures them, into the
    // test's folder.
    options.waveformEnvelopes = try WaveformEnvelopes.measure(
      timeline, output: "", environment: ["VEDL_CACHE_DIR": directory])
    var graph: FilterGraph
    switch Lowering.lower(timeline, export: export, options: options) {
    case .success(let lowered): graph = lowered
    case .failure(let error): throw FFmpegCLI.Failure(description: "lowering failed: \(error.message)")
    }
    if let selection, let video = graph.videoOutput {
      let picked = selection.map { "eq(n,\($0))" }.joined(separator: "+")
      graph.chains.append(
        FilterChain(
          inputs: [video],
          filters: [Filter("select", [.init(nil, picked)]), Filter("setpts", [.init(nil, "N/FRAME_RATE/TB")])],
          outputs: ["selected"]))
      graph.videoOutput = "selected"
    }
    let output = directory + "/ffmpeg-\(UUID().uuidString).\(format.rawValue)"
    try FFmpegCLI.mustRun(
      FilterGraphPrinter.command(graph, output: output, encoding: chosen ?? encoding(format, quality: quality)))
    return output
  }
}

/// Running the `vedl` executable SwiftPM builds beside the test bundle.
enum VEDLExecutable {
  /// The executable's location.
  static func url() throws -> URL {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
    ].map { $0.appendingPathComponent("vedl") }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
      throw FFmpegCLI.Failure(description: "no `vedl` executable beside the tests (\(candidates.map(\.path)))")
    }
    return found
  }

  /// Runs `vedl ARGUMENTS…` in `folder`, with `environment` added to the test's.
  static func run(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let result = try ChildProcess.run(try url().path, arguments, environment: environment, directory: folder)
    return (
      result.exitedNormally ? result.status : 128 + result.status,
      String(decoding: result.standardOutput, as: UTF8.self),
      result.standardError
    )
  }
}

/// A fresh temporary folder (with `subfolder` inside, e.g. `media`, when given).
func makeTemporaryFolder(with subfolder: String? = nil) throws -> String {
  let folder = NSTemporaryDirectory() + "vedl-native-test-\(UUID().uuidString)"
  try FileManager.default.createDirectory(
    atPath: subfolder.map { folder + "/" + $0 } ?? folder, withIntermediateDirectories: true)
  return folder
}

/// The helpers themselves: the pattern reads back what `geq` draws, and the stats parser
/// reads FFmpeg's format (identical frames are `inf`).
@Suite struct NativeRenderHarnessTests {
  @Test func frameIndexPatternReadsBackItsIndex() {
    for index in [0, 1, 5, 178, 4095] {
      var frame = [UInt8](repeating: 0, count: FrameIndex.width * FrameIndex.height)
      for y in 0..<FrameIndex.height {
        for x in 0..<FrameIndex.width { frame[y * FrameIndex.width + x] = FrameIndex.level(index: index, x: x, y: y) }
      }
      #expect(FrameIndex.read(frame) == index)
    }
  }

  @Test func psnrStatsAreParsedPerFrame() throws {
    let text = """
      n:1 mse_avg:0.00 mse_r:0.00 mse_g:0.00 mse_b:0.00 psnr_avg:inf psnr_r:inf psnr_g:inf psnr_b:inf
      n:2 mse_avg:1.20 mse_r:1.10 mse_g:1.30 mse_b:1.20 psnr_avg:47.34 psnr_r:47.72 psnr_g:46.99 psnr_b:47.34

      """
    #expect(try FFmpegCLI.parsePSNRStats(text) == [.infinity, 47.34])
    #expect(throws: FFmpegCLI.Failure.self) { try FFmpegCLI.parsePSNRStats("n:1 mse_avg:1\n") }
  }
}
