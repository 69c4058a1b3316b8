import Foundation

/// Renders one checked edit three ways and compares them (docs/testing.md): `vedl render`
/// with the FFmpeg backend (the filter graph run in-process), `vedl render --backend native`,
/// and the command `vedl graph --command` ejects, run by the shell. Each runs as a child
/// process, so a crash is a finding and not the end of a campaign, and its peak memory is
/// its own. All three encode at `--quality lossless`, so the comparison measures the
/// renderers and not the encoder: at any lossy setting two slightly different pictures are
/// coded differently, and on small, saturated pictures that noise alone is near 35 dB.
public struct DifferentialRenders {
  /// Bounds and tools.
  public struct Limits: Sendable {
    /// The `vedl` executable.
    public var vedl: String
    /// Cross-backend PSNR floor per frame (dB).
    public var crossBackendFloor: Double = 35
    /// In-process vs ejected command PSNR floor per frame (dB).
    public var ejectedFloor: Double = 40
    /// Peak resident memory allowed to each render (bytes).
    public var peakMemory: Int64 = 1 << 30
    /// Seconds allowed to each render.
    public var timeLimit: Double = 300

    /// Limits for `vedl`; the others keep their defaults.
    public init(vedl: String) { self.vedl = vedl }
  }

  /// The three scripts' folders: `ffmpeg/`, `native/` (each with `media` linked to the
  /// shared media folder) and `ejected/`.
  public let folder: String
  /// The export's extension (`mp4`, `mov`, `webm`, `png`).
  public let format: String
  /// The timeline's frame count.
  public let frames: Int64
  /// The canvas's frame rate, frames per second.
  public let frameRate: Double
  public let limits: Limits

  /// Comparisons of the edit in `folder` (see ``folder``).
  public init(folder: String, format: String, frames: Int64, frameRate: Double, limits: Limits) {
    self.folder = folder
    self.format = format
    self.frames = frames
    self.frameRate = frameRate
    self.limits = limits
  }

  /// Lays out `folder` for `script`: the media made once in `media/`, the script written in
  /// `ffmpeg/` and `native/` with `media` linked to it.
  public static func prepare(folder: String, script: String, media: [MediaRecipe], scriptName: String) throws {
    for recipe in media where !FileManager.default.fileExists(atPath: folder + "/" + recipe.path) {
      try recipe.make(in: folder)
    }
    try FileManager.default.createDirectory(atPath: folder + "/media", withIntermediateDirectories: true)
    for side in ["ffmpeg", "native", "ejected"] {
      let sideFolder = folder + "/" + side
      try? FileManager.default.removeItem(atPath: sideFolder)
      try FileManager.default.createDirectory(atPath: sideFolder, withIntermediateDirectories: true)
      guard side != "ejected" else { continue }
      try FileManager.default.createSymbolicLink(atPath: sideFolder + "/media", withDestinationPath: "../media")
      try Data(script.utf8).write(to: URL(fileURLWithPath: sideFolder + "/" + scriptName))
    }
  }

  /// Runs the three renders of `scriptName` and returns every property that failed.
  public func run(scriptName: String) throws -> [DifferentialFinding] {
    var findings: [DifferentialFinding] = []
    // No digests kept in the user's cache folder; colour never.
    let environment = ["VEDL_CACHE_DIR": "", "NO_COLOR": "1"]
    let output = "out/edit.\(format)"
    var results: [String: ChildProcess.Result] = [:]
    for backend in ["ffmpeg", "native"] {
      results[backend] = try ChildProcess.run(
        limits.vedl,
        ["render", "\(folder)/\(backend)/\(scriptName)", "--backend", backend, "--quality", "lossless", "--force"],
        environment: environment, timeLimit: limits.timeLimit)
    }
    let ejectedPath = "\(folder)/ejected/edit.\(format)"
    let graph = try ChildProcess.run(
      limits.vedl,
      ["graph", "\(folder)/ffmpeg/\(scriptName)", "--command", "-o", ejectedPath, "--quality", "lossless"],
      environment: environment)
    if graph.succeeded {
      let line = String(decoding: graph.standardOutput, as: UTF8.self)
      results["ejected"] = try ChildProcess.run("/bin/sh", ["-c", line], timeLimit: limits.timeLimit)
    } else {
      findings.append(
        DifferentialFinding(.exitStatus, render: "graph", "\(graph.outcome): \(tail(graph.standardError))"))
    }
    let paths = [
      "ffmpeg": "\(folder)/ffmpeg/\(output)", "native": "\(folder)/native/\(output)", "ejected": ejectedPath,
    ]
    var usable: Set<String> = []
    for (name, result) in results.sorted(by: { $0.key < $1.key }) {
      if !result.succeeded {
        findings.append(
          DifferentialFinding(.exitStatus, render: name, "\(result.outcome): \(tail(result.standardError))"))
        continue
      }
      if result.peakMemory > limits.peakMemory {
        findings.append(
          DifferentialFinding(
            .memory, render: name,
            "\(result.peakMemory >> 20) MiB, more than the bound of \(limits.peakMemory >> 20) MiB"))
      }
      let path = paths[name]!
      let counted = try frameCount(path)
      let expected = format == "png" ? 1 : frames
      if counted != expected {
        findings.append(
          DifferentialFinding(.frameCount, render: name, "\(counted) frames, the timeline has \(expected)"))
      }
      usable.insert(name)
      if format != "png", let samples = try soundSamples(path) {
        let video = Double(counted) / frameRate
        let difference = abs(Double(samples) / 48_000 - video)
        let tolerance = Double(format == "webm" ? 960 : 1024) / 48_000
        if difference > tolerance + 1e-6 {
          findings.append(
            DifferentialFinding(
              .soundLength, render: name,
              String(format: "sound %.4f s, video %.4f s (%d frames)", Double(samples) / 48_000, video, counted)))
        }
      }
    }
    if usable.contains("ffmpeg"), usable.contains("native"), format != "png" {
      let a = try soundSamples(paths["ffmpeg"]!) != nil
      let b = try soundSamples(paths["native"]!) != nil
      if a != b {
        findings.append(
          DifferentialFinding(.soundPresence, "sound in the \(a ? "ffmpeg" : "native") render only"))
      }
    }
    for (other, kind, floor) in [
      ("native", DifferentialFinding.Kind.crossBackendPSNR, limits.crossBackendFloor),
      ("ejected", .ejectedPSNR, limits.ejectedFloor),
    ] where usable.contains("ffmpeg") && usable.contains(other) {
      let psnr = try FFmpegCLI.psnrPerFrame(paths["ffmpeg"]!, paths[other]!, folder: folder)
      let below = psnr.enumerated().filter { $0.element < floor }
      if !below.isEmpty {
        let worst = below.min { $0.element < $1.element }!
        findings.append(
          DifferentialFinding(
            kind, render: other,
            String(
              format: "%d of %d frames below %.0f dB, worst %.2f dB at frame %d", below.count, psnr.count, floor,
              worst.element, worst.offset), worst: worst.element))
      }
    }
    return findings
  }

  /// The lines of a child's standard error that say what went wrong: a crash's
  /// `Fatal error` line, else the `error` lines, else the last three.
  func tail(_ text: String) -> String {
    let lines = text.split(separator: "\n")
    if let fatal = lines.first(where: { $0.contains("Fatal error") }) { return String(fatal) }
    let errors = lines.filter { $0.hasPrefix("error") }
    return (errors.isEmpty ? Array(lines.suffix(3)) : errors).joined(separator: " | ")
  }

  /// Pictures in a file's first video stream, counted packet by packet.
  func frameCount(_ path: String) throws -> Int64 {
    let result = try ChildProcess.run(
      ChildProcess.ffprobe,
      [
        "-v", "error", "-count_packets", "-select_streams", "v:0", "-show_entries", "stream=nb_read_packets", "-of",
        "csv=p=0", path,
      ])
    return Int64(String(decoding: result.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      ?? -1
  }

  /// Samples of a file's sound decoded at 48 kHz, or `nil` when it has none.
  func soundSamples(_ path: String) throws -> Int? {
    let probe = try ChildProcess.run(
      ChildProcess.ffprobe,
      ["-v", "error", "-select_streams", "a", "-show_entries", "stream=index", "-of", "csv=p=0", path])
    guard !probe.standardOutput.isEmpty else { return nil }
    let decoded = try ChildProcess.run(
      ChildProcess.ffmpeg,
      ["-nostdin", "-v", "error", "-i", path, "-map", "0:a:0", "-ac", "1", "-ar", "48000", "-f", "s16le", "-"])
    return decoded.standardOutput.count / 2
  }
}
