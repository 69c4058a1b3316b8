import Foundation
import VEDLDiagnostics
import VEDLMedia
import VEDLSema
import VEDLSource
import VEDLTestSupport
import VEDLTime

/// One differential case end to end: lay out the folder, check the script with probed
/// media facts, render it three ways and compare (`DifferentialRenders`); on a failure,
/// minimise the script and optionally keep it as a fixture.
enum DifferentialHarness {
  /// The repository's root: this file is `<root>/Tests/VEDLDifferentialTests/<file>.swift`.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Regression fixtures, run by the suite.
  static let fixtures = repository.appendingPathComponent("Tests/Fixtures/differential")

  static var environment: [String: String] { ProcessInfo.processInfo.environment }

  /// The `vedl` to test: `VEDL_DIFF_VEDL`, else the one SwiftPM built beside the tests.
  static func vedl() throws -> String {
    if let chosen = environment["VEDL_DIFF_VEDL"], !chosen.isEmpty { return chosen }
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
    ].map { $0.appendingPathComponent("vedl").path }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      throw ChildProcess.Failure(description: "no `vedl` executable beside the tests (\(candidates))")
    }
    return found
  }

  static func limits() throws -> DifferentialRenders.Limits {
    var limits = DifferentialRenders.Limits(vedl: try vedl())
    if let megabytes = environment["VEDL_DIFF_MEMORY_MB"].flatMap(Int64.init) { limits.peakMemory = megabytes << 20 }
    if let floor = environment["VEDL_DIFF_CROSS_FLOOR"].flatMap(Double.init) { limits.crossBackendFloor = floor }
    return limits
  }

  /// What one case found.
  struct Outcome {
    var findings: [DifferentialFinding]
    var frames: Int64
  }

  /// Runs `script` over `media` in a fresh folder (removed afterwards unless it failed and
  /// `VEDL_DIFF_KEEP_FOLDERS=1`).
  static func run(script: String, media: [MediaRecipe], folder: String? = nil) throws -> Outcome {
    let folder = folder ?? (NSTemporaryDirectory() + "vedl-diff-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try DifferentialRenders.prepare(folder: folder, script: script, media: media, scriptName: "edit.vedl")
    let file = SourceFile(path: folder + "/ffmpeg/edit.vedl", text: script)
    let result = Checker.check(
      file, options: CheckOptions(media: ProbingMediaFacts(), baseDirectory: folder + "/ffmpeg"))
    let errors = result.diagnostics.filter { $0.severity == .error }
    guard errors.isEmpty, let timeline = result.timeline else {
      let messages = errors.map { "\($0.code): \($0.message) at `\(file.text($0.span))` \($0.notes)" }
      return Outcome(findings: [DifferentialFinding(.doesNotCheck, messages.joined(separator: "; "))], frames: 0)
    }
    let format = timeline.exports.first?.format.rawValue ?? "mp4"
    let renders = DifferentialRenders(
      folder: folder, format: format, frames: timeline.frameCount,
      frameRate: timeline.canvas.rate.framesPerSecond.doubleValue,
      limits: try limits())
    let findings = try renders.run(scriptName: "edit.vedl")
    if findings.isEmpty || environment["VEDL_DIFF_KEEP_FOLDERS"] != "1" {
      try? FileManager.default.removeItem(atPath: folder)
    } else {
      print("differential: kept \(folder)")
    }
    return Outcome(findings: findings, frames: timeline.frameCount)
  }

  /// Minimises a failing script: a smaller script is kept while it still checks and still
  /// shows `finding` (``DifferentialFinding/isReproduced(by:)``). The media are made once, in one folder.
  static func minimise(script: String, media: [MediaRecipe], finding: DifferentialFinding) -> String {
    let folder = NSTemporaryDirectory() + "vedl-diff-min-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // The exports stay: without one a render fails for that reason alone, a finding with the
    // same signature (the exit status of the same render) as the failure being minimised.
    func exports(_ text: String) -> Int { text.split(separator: "\n").filter { $0.hasPrefix("export ") }.count }
    let exportCount = exports(script)
    return ScriptMinimiser.minimise(script) { candidate in
      guard exports(candidate) == exportCount,
        let outcome = try? run(script: candidate, media: media, folder: folder)
      else { return false }
      return outcome.findings.contains { finding.isReproduced(by: $0) }
    }.script
  }

  /// Writes a minimised failure under `Tests/Fixtures/differential/pending/` (not run by the
  /// suite until someone fixes it and moves it up a folder).
  static func keep(_ fixture: DifferentialFixture, name: String) throws -> String {
    let folder = fixtures.appendingPathComponent("pending").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/\(name).vedl"
    try Data(fixture.text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }
}

/// Media facts read with VEDLMedia's probe, as the command line reads them.
struct ProbingMediaFacts: MediaFactsProvider {
  func facts(forPath path: String) -> Result<MediaFacts, MediaFactsError> {
    do {
      let info = try MediaProbe.probe(path: path)
      let video = info.primaryVideo?.video
      return .success(
        MediaFacts(
          duration: info.duration, hasVideo: info.hasVideo, hasAudio: info.hasAudio, isStillImage: info.isStillImage,
          width: video.map { Int64($0.width) }, height: video.map { Int64($0.height) }, frameRate: video?.frameRate,
          frameCount: video?.frameCount, pixelFormat: video?.pixelFormat, colorSpace: video?.colorSpace,
          colorRange: video?.colorRange, timeBase: info.primaryVideo?.timeBase))
    } catch {
      switch error {
      case .fileMissing, .notAFile: return .failure(MediaFactsError(.missing, error.message))
      case .truncated, .emptyFile, .noStreams: return .failure(MediaFactsError(.truncated, error.message))
      default: return .failure(MediaFactsError(.unreadable, error.message))
      }
    }
  }
}
