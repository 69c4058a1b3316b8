import Foundation
import Testing
import VEDLTestSupport

/// `export … loudness: truePeak:` as a listener's meter sees it: renders by both backends
/// (through the `vedl` executable, as users run it), measured by FFmpeg's own `ebur128`
/// filter, must be within ±0.5 LU of the target and under the true-peak ceiling — with a gain
/// only, and with the limiter working.
@Suite(.serialized) struct LoudnessRenderTests {
  /// `ebur128=peak=true`'s summary of `path`: integrated loudness (LUFS), true peak (dBTP).
  static func measure(_ path: String) throws -> (loudness: Double, truePeak: Double) {
    let result = try FFmpegCLI.run(["-nostats", "-i", path, "-af", "ebur128=peak=true", "-f", "null", "-"])
    let summary = try #require(result.stderr.range(of: "Summary:")).upperBound
    func figure(_ label: String) throws -> Double {
      let text = result.stderr[summary...]
      let start = try #require(text.range(of: label)).upperBound
      let line = text[start...].prefix { $0 != "\n" }
      return try #require(Double(line.split(separator: " ").first.map(String.init) ?? ""))
    }
    return (try figure("I:"), try figure("Peak:"))
  }

  /// Renders `script` (with its one export, `out.mp4`) with both backends in `folder`:
  /// each backend's name, output and what it printed on stderr. Without `expectingWarning`,
  /// nothing is printed there (no W0442 when the target is met).
  static func renderBoth(
    _ script: String, in folder: String, expectingWarning: Bool = false
  ) throws -> [(backend: String, path: String, stderr: String)] {
    try Data(script.utf8).write(to: URL(fileURLWithPath: folder + "/edit.vedl"))
    let ffmpeg = try VEDLExecutable.run(["render", "edit.vedl"], in: folder)
    #expect(ffmpeg.status == 0, "\(ffmpeg.stderr)")
    let native = try VEDLExecutable.run(
      ["render", "edit.vedl", "--backend", "native", "-o", "native.mp4"], in: folder)
    #expect(native.status == 0, "\(native.stderr)")
    if !expectingWarning {
      #expect(ffmpeg.stderr.isEmpty && native.stderr.isEmpty, "\(ffmpeg.stderr)\(native.stderr)")
    }
    return [
      ("ffmpeg", folder + "/out.mp4", ffmpeg.stderr), ("native", folder + "/native.mp4", native.stderr),
    ]
  }

  /// The first number after `prefix` in `text`.
  static func number(after prefix: String, in text: String) -> Double? {
    guard let start = text.range(of: prefix)?.upperBound else { return nil }
    return Double(text[start...].prefix { $0 == "-" || $0 == "." || $0.isNumber })
  }

  @Test func aTargetTooLoudForItsCeilingIsWarnedAboutWithWhatTheOutputMeasures() throws {
    // −5 LUFS under a −20 dBTP ceiling cannot be had: a limiter at −20 dBTP leaves pink
    // noise near −25 LUFS. The render is written, and says so (W0442) in both backends.
    let folder = try Self.folderWithNoise(seconds: 2)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outputs = try Self.renderBoth(
      """
      canvas 64x36 fps: 25
      track main { clip color(black) duration: 2s }
      track audio { clip audio("noise.wav") at: 0s duration: 2s volume: -10dB }
      export "out.mp4" loudness: -5dB truePeak: -20dB
      """, in: folder, expectingWarning: true)
    for (name, path, stderr) in outputs {
      #expect(
        stderr.contains("warning[W0442]: `\((path as NSString).lastPathComponent)` does not reach the -5.0 LUFS"),
        "\(name): \(stderr)")
      #expect(stderr.contains("edit.vedl:4:18"), "\(name): the warning points at `loudness:`: \(stderr)")
      let (loudness, peak) = try Self.measure(path)
      #expect(loudness < -10, "\(name): \(loudness) LUFS")
      #expect(peak <= -19.5, "\(name): the ceiling still holds, \(peak) dBTP")
      // The figure in the warning is the output's own, to a meter's precision.
      let said = try #require(Self.number(after: "the output measures ", in: stderr), "\(name): \(stderr)")
      #expect(abs(said - loudness) <= 0.5, "\(name): said \(said) LUFS, measured \(loudness)")
    }
  }

  @Test func soundUnderTheGateIsWarnedAboutAndLeftAsItIs() throws {
    // A tone 90 dB down measures under the −70 LUFS gate: there is nothing to normalise.
    let folder = TestFolder.fresh("vedl-loudness").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outputs = try Self.renderBoth(
      """
      canvas 64x36 fps: 25
      track main { clip color(black) duration: 2s }
      track audio { clip tone(440) at: 0s duration: 2s volume: -90dB }
      export "out.mp4" loudness: youtube
      """, in: folder, expectingWarning: true)
    for (name, path, stderr) in outputs {
      #expect(
        stderr.contains(
          "warning[W0442]: the sound of `\((path as NSString).lastPathComponent)` is too quiet or too short to normalise to -14.0 LUFS"
        ),
        "\(name): \(stderr)")
      #expect(stderr.contains("edit.vedl:4:18"), "\(name): \(stderr)")
      let peak = try FFmpegCLI.samples(path).map { abs($0) }.max() ?? 0
      #expect(peak > 0 && peak < 0.001, "\(name): the quiet tone was left as it was, peak \(peak)")
    }
  }

  static func folderWithNoise(seconds: Int) throws -> String {
    let folder = TestFolder.fresh("vedl-loudness").path
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-f", "lavfi", "-i",
      "anoisesrc=color=pink:amplitude=0.5:seed=7:sample_rate=48000:duration=\(seconds)", "-ac", "2",
      folder + "/noise.wav",
    ])
    return folder
  }

  @Test func aGainBringsQuietMusicToTheTargetInBothBackends() throws {
    // Pink noise at −30.6 LUFS (−20 dBTP) → −14 LUFS: about +16.6 dB, no limiting needed.
    let folder = try Self.folderWithNoise(seconds: 3)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outputs = try Self.renderBoth(
      """
      canvas 64x36 fps: 25
      track main { clip color(black) duration: 3s }
      track audio { clip audio("noise.wav") at: 0s duration: 3s volume: -10dB }
      export "out.mp4" loudness: youtube
      """, in: folder)
    for (name, path, _) in outputs {
      let (loudness, peak) = try Self.measure(path)
      #expect(abs(loudness - -14) <= 0.5, "\(name): \(loudness) LUFS")
      #expect(peak < -1, "\(name): true peak \(peak) dBTP")
    }
    // The printed command carries the same gain and runs.
    let graph = try VEDLExecutable.run(["graph", "edit.vedl"], in: folder)
    #expect(graph.stdout.contains("volume=volume=1"), "\(graph.stdout.suffix(400))")
  }

  @Test func theLimiterKeepsTheTruePeakUnderTheCeiling() throws {
    // −9 LUFS under −1 dBTP: pink noise's peaks must be limited (`alimiter` in both).
    let folder = try Self.folderWithNoise(seconds: 2)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outputs = try Self.renderBoth(
      """
      canvas 64x36 fps: 25
      track main { clip color(black) duration: 2s }
      track audio { clip audio("noise.wav") at: 0s duration: 2s volume: -10dB }
      export "out.mp4" loudness: -9dB truePeak: -1dB
      """, in: folder)
    for (name, path, _) in outputs {
      let (loudness, peak) = try Self.measure(path)
      #expect(abs(loudness - -9) <= 0.5, "\(name): \(loudness) LUFS")
      #expect(peak <= -1, "\(name): true peak \(peak) dBTP")
    }
    let graph = try VEDLExecutable.run(["graph", "edit.vedl"], in: folder)
    #expect(graph.stdout.contains("alimiter=limit="), "\(graph.stdout.suffix(400))")
    // Both backends applied the same correction to the same mix: the same sound, to the
    // encoder's precision.
    let a = try FFmpegCLI.samples(outputs[0].path)
    let b = try FFmpegCLI.samples(outputs[1].path)
    #expect(a.count == b.count)
    let difference = zip(a, b).map { Double($0 - $1) * Double($0 - $1) }.reduce(0, +)
    let signal = a.map { Double($0) * Double($0) }.reduce(0, +)
    #expect(10 * log10(signal / max(difference, 1e-20)) > 40, "the backends' sounds differ")
  }
}
