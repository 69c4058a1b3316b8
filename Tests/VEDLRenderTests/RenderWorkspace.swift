import Foundation
import VEDLMedia
import VEDLNative
import VEDLRender
import VEDLSema
import VEDLSource
import VEDLTestSupport
import VEDLTime

/// A temporary folder for one render test: scripts and media written into it (media made
/// with the `ffmpeg` CLI at test time), checking with real probes, and helpers that run the
/// CLI for comparisons. Each test makes its own, so tests run in parallel.
struct RenderWorkspace {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let directory: String

  init() throws {
    directory =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("vedl-render-tests-\(UUID().uuidString)", isDirectory: true).path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(atPath: directory) }

  func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

  /// Writes `text` to `name` and returns the path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    let target = path(name)
    try FileManager.default.createDirectory(
      atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: target))
    return target
  }

  /// Every file name under the workspace (recursively, hidden files included), sorted.
  func allFiles() -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
    return walker.compactMap { $0 as? String }.filter { name in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: path(name), isDirectory: &isDirectory) && !isDirectory.boolValue
    }.sorted()
  }

  /// Names of temporary render files left anywhere in the workspace.
  func leftoverTemporaries() -> [String] {
    allFiles().filter { ($0 as NSString).lastPathComponent.contains(".vedl-tmp-") }
  }

  /// Parses and checks `script` (written as `name`), with media facts read by VEDLMedia.
  func check(_ script: String, name: String = "edit.vedl", overrides: [(name: String, value: String)] = []) throws
    -> (file: SourceFile, timeline: Timeline)
  {
    let scriptPath = try write(script, to: name)
    let file = SourceFile(path: scriptPath, text: script)
    let result = Checker.check(
      file, options: CheckOptions(parameterOverrides: overrides, media: ProbingMediaFacts(), baseDirectory: directory))
    guard let timeline = result.timeline else {
      throw Failure(description: "the script does not check: \(result.diagnostics.map(\.message))")
    }
    return (file, timeline)
  }

  /// Settings for a fast render of `file`.
  func settings(for file: SourceFile, force: Bool = false, parameters: [ParameterValue] = []) -> RenderSettings {
    RenderSettings(
      script: file, baseDirectory: directory, parameters: parameters, speed: .fastest, force: force, toolVersion: "test"
    )
  }

  // MARK: The ffmpeg CLI

  /// Runs `ffmpeg -nostdin -hide_banner ARGUMENTS…` in the folder and returns its standard
  /// error.
  @discardableResult
  func ffmpeg(_ arguments: [String]) throws -> String {
    let result = try FFmpegCLI.run(arguments, directory: directory)
    guard result.status == 0 else {
      throw Failure(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(result.stderr)")
    }
    return result.stderr
  }

  /// Makes `name` (and its folder) with `ffmpeg -y -v error ARGUMENTS… name`.
  @discardableResult
  func make(_ name: String, _ arguments: [String]) throws -> String {
    try FileManager.default.createDirectory(
      atPath: (path(name) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try ffmpeg(["-y", "-v", "error"] + arguments + [path(name)])
    return path(name)
  }

  /// The average PSNR (dB) between the pictures of two files; `.infinity` when identical.
  func psnr(_ a: String, _ b: String) throws -> Double { try FFmpegCLI.averagePSNR(a, b) }

  /// The MD5 FFmpeg computes over the decoded samples (or pictures) of a file's first audio
  /// (`"a"`) or video (`"v"`) stream.
  func decodedDigest(_ path: String, stream: String) throws -> String {
    let result = try FFmpegCLI.run(["-v", "error", "-i", path, "-map", "0:\(stream):0", "-f", "md5", "-"])
    let text = String(decoding: result.stdout, as: UTF8.self)
    guard result.status == 0, text.hasPrefix("MD5=") else {
      throw Failure(description: "ffmpeg -f md5 of \(path) failed: \(text)")
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The mean Y′ (0–255, the stored value) of picture `frame` of a file's first video stream.
  func meanLuma(_ path: String, frame: Int) throws -> Double {
    let raw = self.path("luma-\(UUID().uuidString).yuv")
    defer { try? FileManager.default.removeItem(atPath: raw) }
    try ffmpeg([
      "-y", "-v", "error", "-i", path, "-map", "0:v:0", "-vf", "select=eq(n\\,\(frame))", "-frames:v", "1",
      "-f", "rawvideo", "-pix_fmt", "yuv444p", raw,
    ])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: raw))
    guard bytes.count >= 3 else { throw Failure(description: "no picture \(frame) in \(path)") }
    let luma = bytes.prefix(bytes.count / 3)
    return Double(luma.reduce(0) { $0 + Int($1) }) / Double(luma.count)
  }

  /// Pictures in a file, counted packet by packet.
  func frameCount(_ path: String) throws -> Int64? {
    try MediaProbe.probe(path: path, options: .countFrames).primaryVideo?.video?.frameCount
  }
}

/// Media facts read with VEDLMedia's probe, as the command line reads them.
struct ProbingMediaFacts: MediaFactsProvider {
  func facts(forPath path: String) -> Result<MediaFacts, MediaFactsError> {
    do {
      let info = try MediaProbe.probe(path: path)
      return .success(MediaFacts(probed: info))
    } catch {
      switch error {
      case .fileMissing, .notAFile: return .failure(MediaFactsError(.missing, error.message))
      case .truncated, .emptyFile, .noStreams: return .failure(MediaFactsError(.truncated, error.message))
      default: return .failure(MediaFactsError(.unreadable, error.message))
      }
    }
  }
}
