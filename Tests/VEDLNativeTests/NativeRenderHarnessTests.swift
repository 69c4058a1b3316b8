import Foundation
import Testing
import VEDLLowering
import VEDLMedia
import VEDLNative
import VEDLRender
import VEDLSema
import VEDLSource
import VEDLTime

// The helpers the native render tests share: the `ffmpeg` CLI, the frame-index pattern,
// media generated at test time, checking scripts with real probes, rendering with either
// backend, per-frame PSNR and running the `vedl` executable. The frame-index pattern and
// the media are the FFmpeg backend's (Tests/VEDLLoweringTests/TestSupport.swift), copied so
// that the same tests run against the native backend unchanged.

/// Runs the `ffmpeg` CLI (never through a shell) and collects its output.
enum FFmpegCLI {
  struct Result {
    var status: Int32
    var stdout: Data
    var stderr: String
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `ffmpeg -nostdin ARGUMENTS…`; both pipes are read while it runs.
  @discardableResult
  static func run(_ arguments: [String], executable: String = "/usr/bin/ffmpeg") throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = (executable.hasSuffix("ffmpeg") ? ["-nostdin"] : []) + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errors = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errors.set(err.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    let output = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: output, stderr: String(decoding: errors.get(), as: UTF8.self))
  }

  /// Runs `ffmpeg` and throws its message unless it exits with 0.
  static func mustRun(_ arguments: [String]) throws {
    let result = try run(arguments)
    guard result.status == 0 else { throw Failure(description: "ffmpeg \(arguments) failed: \(result.stderr)") }
  }

  /// Decodes a video's frames to 8-bit grey, one array per frame.
  static func grayFrames(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
    let result = try run(["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
    guard result.status == 0 else { throw Failure(description: "decoding \(path) failed: \(result.stderr)") }
    let bytes = [UInt8](result.stdout)
    let size = width * height
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
  }

  /// The Y′ planes of a `yuv420p` video as stored (limited range, no conversion).
  static func lumaPlanes(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
    let result = try run(["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"])
    guard result.status == 0 else { throw Failure(description: "decoding \(path) failed: \(result.stderr)") }
    let bytes = [UInt8](result.stdout)
    let size = width * height * 3 / 2
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + width * height)]) }
  }

  /// Decodes a video's frames to RGB24 as a player shows them (the stream's matrix and
  /// range honoured), one array per frame.
  static func rgbFrames(_ path: String, width: Int, height: Int) throws -> [[UInt8]] {
    let result = try run(["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    guard result.status == 0 else { throw Failure(description: "decoding \(path) failed: \(result.stderr)") }
    let bytes = [UInt8](result.stdout)
    let size = width * height * 3
    return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
  }

  /// Decodes a file's sound to 48 kHz stereo 32-bit float samples (interleaved).
  static func samples(_ path: String) throws -> [Float] {
    let result = try run(["-v", "error", "-i", path, "-f", "f32le", "-ac", "2", "-ar", "48000", "-"])
    guard result.status == 0 else { throw Failure(description: "decoding \(path) failed: \(result.stderr)") }
    return result.stdout.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
  }

  /// The PSNR (dB) of every frame of `b` against the same frame of `a`, compared in RGB as a
  /// player shows them: each file is turned into RGB with the matrix and range it is tagged
  /// with (untagged: swscale's BT.601), so an HD output tagged BT.709 and one converted with
  /// BT.601 agree when their colours do. `.infinity` for identical frames.
  static func psnrPerFrame(_ a: String, _ b: String, folder: String) throws -> [Double] {
    let stats = (folder as NSString).appendingPathComponent("psnr-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(atPath: stats) }
    let first = "[0:v]format=gbrp[a]"
    let second = "[1:v]format=gbrp[b]"
    try mustRun([
      "-v", "error", "-i", a, "-i", b, "-lavfi", "\(first);\(second);[a][b]psnr=stats_file=\(stats)", "-f", "null",
      "-",
    ])
    return try parsePSNRStats(String(contentsOfFile: stats, encoding: .utf8))
  }

  /// The `psnr_avg` of each line of a `psnr` filter stats file.
  static func parsePSNRStats(_ text: String) throws -> [Double] {
    try text.split(separator: "\n").map { line in
      guard let field = line.split(separator: " ").first(where: { $0.hasPrefix("psnr_avg:") }) else {
        throw Failure(description: "no psnr_avg in `\(line)`")
      }
      let value = field.dropFirst("psnr_avg:".count)
      if value == "inf" { return .infinity }
      guard let number = Double(value) else { throw Failure(description: "bad psnr_avg in `\(line)`") }
      return number
    }
  }
}

/// A thread-safe box for bytes read on another queue.
final class DataBox: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  func set(_ d: Data) { lock.withLock { data = d } }
  func get() -> Data { lock.withLock { data } }
}

/// The "frame-index" pattern: a 64×48 picture of twelve 16×16 black or white blocks whose
/// bits spell the frame's index (block `b` at column `b % 4`, row `b / 4`). It survives
/// YUV 4:2:0 and lossy coding, so the index of every decoded frame can be read back.
enum FrameIndex {
  static let width = 64
  static let height = 48

  /// The `geq` expression drawing frame `N`'s index.
  static let expression = "255*mod(floor(N/pow(2,floor(X/16)+4*floor(Y/16))),2)"

  /// Reads the index of a decoded grey frame.
  static func read(_ frame: [UInt8], width: Int = width) -> Int {
    var value = 0
    for bit in 0..<12 {
      let x = (bit % 4) * 16 + 8
      let y = (bit / 4) * 16 + 8
      if frame[y * width + x] > 128 { value |= 1 << bit }
    }
    return value
  }

  /// Grey level of pixel (`x`, `y`) of the pattern for `index`: what `expression` draws.
  static func level(index: Int, x: Int, y: Int) -> UInt8 {
    (index >> ((x / 16) + 4 * (y / 16))) & 1 == 1 ? 255 : 0
  }
}

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
    let temporary = NSTemporaryDirectory()
    Self.removeStaleFolders(in: temporary)
    directory = temporary + "vedl-native-\(ProcessInfo.processInfo.processIdentifier)"
    try FileManager.default.createDirectory(atPath: directory + "/media", withIntermediateDirectories: true)
    try FFmpegCLI.mustRun([
      "-v", "error", "-y",
      "-f", "lavfi", "-i", "color=black:s=64x48:r=30:d=6,format=gray,geq=lum='\(FrameIndex.expression)'",
      "-f", "lavfi", "-i", "sine=frequency=1000:sample_rate=48000:d=6",
      "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
      directory + "/media/index30.mp4",
    ])
  }

  /// Removes the media folders of earlier runs whose process has ended.
  private static func removeStaleFolders(in temporary: String) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
    for name in names where name.hasPrefix("vedl-native-") {
      guard let pid = Int32(name.dropFirst("vedl-native-".count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
      try? FileManager.default.removeItem(atPath: temporary + name)
    }
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
    let process = Process()
    process.executableURL = try url()
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    }
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let errors = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errors.set(err.fileHandleForReading.readDataToEndOfFile())
      group.leave()
    }
    let output = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors.get(), as: UTF8.self)
    )
  }
}

/// A fresh temporary folder.
func makeTemporaryFolder() throws -> String {
  let folder = NSTemporaryDirectory() + "vedl-native-test-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
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
