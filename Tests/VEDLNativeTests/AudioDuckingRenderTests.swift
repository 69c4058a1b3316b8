import Foundation
import Testing
import VEDLSema
import VEDLTestSupport

/// Ducking as heard: a 1 kHz "music" tone at −3 dB ducked by −12 dB with 200 ms ramps under a
/// (muted) voice track, rendered by both backends; its level in 2 ms windows must follow the
/// documented rule (``Ducking``) inside, outside and along the ramps, including a pause
/// shorter than the ramp.
@Suite struct AudioDuckingRenderTests {
  /// The level (dB relative to the clip's `volume:`) the rule gives at `t` seconds, written
  /// out by hand from docs/language.md's description: voice [1, 2.48) (two touching items)
  /// and [2.6, 2.68).
  static func expected(_ t: Double) -> Double {
    switch t {
    case ..<1: return 0
    case ..<1.2: return -12 * (t - 1) / 0.2
    case ..<2.48: return -12
    case ..<2.6: return -12 + 12 * (t - 2.48) / 0.2
    case ..<2.68: return -4.8 - 12 * (t - 2.6) / 0.2
    case ..<2.84: return -9.6 + 12 * (t - 2.68) / 0.2
    default: return 0
    }
  }

  @Test func bothBackendsFollowTheDuckingRule() throws {
    let script = """
      canvas 64x36 fps: 25
      track main { clip color(black) duration: 3.4s }
      track audio "voice" {
        clip tone(3000) at: 1s duration: 1s muted
        clip tone(3000) at: 2s duration: 0.48s muted
        clip tone(3000) at: 2.6s duration: 0.08s muted
      }
      track audio "music" {
        duck under: "voice" by: -12dB ramp: 200ms
        clip tone(1000) at: 0s duration: 3.4s volume: -3dB
      }
      """
    let folder = NSTemporaryDirectory() + "vedl-duck-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let timeline = try NativeHarness.timeline(script, directory: folder)
    let reference = try NativeHarness.renderFFmpeg(timeline, directory: folder, format: .mov, quality: .lossless)
    let native = try NativeHarness.renderNative(timeline, directory: folder, format: .mov, quality: .lossless).path
    for (name, path) in [("ffmpeg", reference), ("native", native)] {
      let samples = try FFmpegCLI.samples(path)
      func level(at t: Double) -> Double {
        // 2 ms around `t` (two periods of 1 kHz), in dBFS.
        let first = Int(t * 48000) - 48
        let window = (first..<(first + 96)).map { Double(samples[2 * $0]) }
        return 10 * log10(window.map { $0 * $0 }.reduce(0, +) / Double(window.count))
      }
      // The tone at −3 dB: a sine of amplitude 10^(−3/20)·(1/8) (FFmpeg's `sine`).
      let full = level(at: 0.5)
      #expect(abs(full - (20 * log10(0.125 / 2.0.squareRoot()) - 3)) < 0.1, "\(name): \(full) dBFS unducked")
      for t in stride(from: 0.1, through: 3.3, by: 0.02) {
        let measured = level(at: t) - full
        #expect(
          abs(measured - Self.expected(t)) < 0.3, "\(name) at \(t) s: \(measured) dB, expected \(Self.expected(t))")
      }
    }
  }
}
