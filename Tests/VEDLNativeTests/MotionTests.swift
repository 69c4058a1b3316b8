import Foundation
import Testing
import VEDLSema
import VEDLTestSupport
import VEDLTime

@testable import VEDLNative

/// `animate` in both backends (ANIMATION.md §1): where an animated item is and how opaque it
/// is at every frame, measured on the rendered frames of the FFmpeg backend (its ejected
/// command, run by the `ffmpeg` CLI) and of the native renderer, against the contract's
/// formula written out here independently of the code under test; and whole animated edits
/// agreeing across the backends.
@Suite struct MotionTests {
  /// A white square's top-left corner in a grey-level frame on black (`nil` when not seen).
  static func corner(_ frame: [UInt8], width: Int, height: Int) -> (x: Int, y: Int)? {
    for y in 0..<height {
      for x in 0..<width where frame[y * width + x] > 128 { return (x, y) }
    }
    return nil
  }

  /// Renders `script` with both backends (lossless) and returns the grey frames of each.
  static func bothBackends(_ script: String, width: Int, height: Int) throws -> (ffmpeg: [[UInt8]], native: [[UInt8]]) {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let timeline = try NativeHarness.timeline(script, directory: folder)
    let reference = try NativeHarness.renderFFmpeg(timeline, directory: folder, format: .mov, quality: .lossless)
    let native = try NativeHarness.renderNative(timeline, directory: folder, format: .mov, quality: .lossless).path
    return (
      try FFmpegCLI.grayFrames(reference, width: width, height: height),
      try FFmpegCLI.grayFrames(native, width: width, height: height)
    )
  }

  /// The contract's value between two keys: `a + (b − a)·E(p)`, rounded to a whole pixel,
  /// halves up.
  static func pixel(_ a: Double, _ b: Double, _ e: Double) -> Int { Int((a + (b - a) * e + 0.5).rounded(.down)) }

  @Test func positionAndOffsetFollowTheRuleAtEveryFrame() throws {
    // 30 fps: a 20-pixel square starting at frame 3 (0.1 s) for 40 frames. `position` runs
    // linearly from x 10 to 210 over 1 s, then eases in (quadratic) down 50 pixels until
    // the end; `offset` adds a `hold` jump of 30 pixels down at 0.5 s.
    let script = """
      canvas 320x180 fps: 30 background: black
      track main { clip color(black) duration: 2s }
      track overlay {
        shape rect at: 100ms duration: 40f {
          size width: 20 height: 20
          animate position {
            key 0s x: 10 y: 40
            key 1s x: 210 y: 40
            key length x: 210 y: 90 easing: easeInQuad
          }
          animate offset { key 0s x: 0 y: 0; key 500ms x: 0 y: 30 easing: hold }
        }
      }
      """
    let (ffmpeg, native) = try Self.bothBackends(script, width: 320, height: 180)
    #expect(ffmpeg.count == 60 && native.count == 60)
    for k in 0..<60 {
      let j = k - 3
      var expected: (x: Int, y: Int)? = nil
      if j >= 0 && j < 40 {
        let u = Double(j) / 30
        let length = 40.0 / 30
        let x = u <= 1 ? Self.pixel(10, 210, u) : 210
        let p = u <= 1 ? 0 : (u - 1) / (length - 1)
        let y = Self.pixel(40, 90, p * p) + (u >= 0.5 ? 30 : 0)
        expected = (x, y)
      }
      for (name, frames) in [("ffmpeg", ffmpeg), ("native", native)] {
        let seen = Self.corner(frames[k], width: 320, height: 180)
        #expect(seen?.x == expected?.x && seen?.y == expected?.y, "\(name) frame \(k): \(String(describing: seen))")
      }
    }
  }

  @Test func opacityFollowsTheRuleAtEveryFrame() throws {
    // A white rectangle whose opacity runs 0 → 100 % over 10 frames with easeOutCubic, holds,
    // then drops to 20 % at frame 20 (`hold`); on black, its grey level is 255 × opacity.
    let script = """
      canvas 64x36 fps: 25 background: black
      track main { clip color(black) duration: 1s }
      track overlay {
        shape rect at: 0s duration: 1s {
          size width: 64 height: 36
          fill white
          animate opacity {
            key 0s 0%
            key 400ms 100% easing: easeOutCubic
            key 760ms 100%
            key 800ms 20% easing: hold
          }
        }
      }
      """
    let (ffmpeg, native) = try Self.bothBackends(script, width: 64, height: 36)
    #expect(ffmpeg.count == 25 && native.count == 25)
    for k in 0..<25 {
      let u = Double(k) / 25
      let opacity: Double
      if u < 0.4 {
        let p = u / 0.4
        opacity = 1 - pow(1 - p, 3)
      } else {
        opacity = u < 0.8 ? 1 : 0.2
      }
      let expected = 255 * opacity
      for (name, frames) in [("ffmpeg", ffmpeg), ("native", native)] {
        let level = Double(frames[k][18 * 64 + 32])
        #expect(abs(level - expected) <= 2.5, "\(name) frame \(k): level \(level), expected \(expected)")
      }
    }
  }

  @Test func volumeFollowsTheRuleInDecibels() throws {
    // A 1 kHz tone at 0 dB for 0.5 s, then down to −20 dB linearly in decibels over 1 s,
    // easing in (quadratic) up to −8 dB over 1 s, and a `hold` jump to −30 dB at 3.5 s.
    let script = """
      canvas 64x36 fps: 25
      track main { clip color(black) duration: 4s }
      track audio {
        clip tone(1000) at: 0s duration: 4s {
          animate volume {
            key 500ms 0dB
            key 1500ms -20dB
            key 2500ms -8dB easing: easeInQuad
            key 3s -8dB
            key 3500ms -30dB easing: hold
          }
        }
      }
      """
    func expected(_ t: Double) -> Double {
      switch t {
      case ..<0.5: return 0
      case ..<1.5: return -20 * (t - 0.5)
      case ..<2.5:
        let p = t - 1.5
        return -20 + 12 * p * p
      case ..<3.5: return -8
      default: return -30
      }
    }
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let timeline = try NativeHarness.timeline(script, directory: folder)
    let reference = try NativeHarness.renderFFmpeg(timeline, directory: folder, format: .mov, quality: .lossless)
    let native = try NativeHarness.renderNative(timeline, directory: folder, format: .mov, quality: .lossless).path
    for (name, path) in [("ffmpeg", reference), ("native", native)] {
      let samples = try FFmpegCLI.samples(path)  // 48 kHz stereo, interleaved
      func level(at t: Double) -> Double {
        // 2 ms around `t` (two periods): the level there, in dB.
        let first = Int(t * 48000) - 48
        let window = (first..<(first + 96)).map { Double(samples[2 * $0]) }
        return 10 * log10(window.map { $0 * $0 }.reduce(0, +) / Double(window.count))
      }
      let full = level(at: 0.25)
      for t in stride(from: 0.1, through: 3.9, by: 0.05) where abs(t - 3.5) > 0.01 {
        let measured = level(at: t) - full
        #expect(abs(measured - expected(t)) < 0.35, "\(name) at \(t) s: \(measured) dB, expected \(expected(t))")
      }
    }
  }

  @Test func kenBurnsFramesAreTheStaticZoomOfTheirInstant() throws {
    // A photo on the main track zooms 1 → 1.25 and pans to (−30, −15) over 2 s with
    // easeInOutSine. Each frame k of it must be the frame a still edit with the static `zoom`
    // and `pan` of instant k/30 draws (the rule), in both backends.
    let folder = try makeTemporaryFolder(with: "media")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=640x360,format=rgb24", "-frames:v", "1",
      folder + "/media/photo.png",
    ])
    let animated = try NativeHarness.timeline(
      """
      canvas 320x180 fps: 30
      let photo = image("media/photo.png")
      track main {
        clip photo duration: 2s {
          animate zoom { key 0s 1; key length 1.25 easing: easeInOutSine }
          animate pan { key 0s x: 0 y: 0; key length x: -30 y: -15 easing: easeInOutSine }
        }
      }
      """, directory: folder)
    let frames: [Int64] = [7, 30, 59]
    func still(zoom: String, panX: Int, panY: Int) throws -> Timeline {
      try NativeHarness.timeline(
        """
        canvas 320x180 fps: 30
        let photo = image("media/photo.png")
        track main {
          clip photo duration: 1f {
            zoom \(zoom)
            pan x: \(panX) y: \(panY)
          }
        }
        """, directory: folder)
    }
    for backend in ["ffmpeg", "native"] {
      func render(_ timeline: Timeline) throws -> [[UInt8]] {
        try NativeHarness.losslessRGBFrames(timeline, backend: backend, directory: folder, width: 320, height: 180)
      }
      let moving = try render(animated)
      #expect(moving.count == 60)
      for k in frames {
        let e = -(cos(Double.pi * Double(k) / 60) - 1) / 2  // easeInOutSine at u/length
        let zoom = String(format: "%.6f", 1 + 0.25 * e)
        let pan = (Int((-30 * e + 0.5).rounded(.down)), Int((-15 * e + 0.5).rounded(.down)))
        let reference = try render(try still(zoom: zoom, panX: pan.0, panY: pan.1))
        let differing = zip(moving[Int(k)], reference[0]).filter { abs(Int($0) - Int($1)) > 1 }.count
        #expect(differing == 0, "\(backend) frame \(k) (zoom \(zoom), pan \(pan)): \(differing) values differ")
      }
    }
  }

  @Test func animatedEditsAgreeAcrossBackends() throws {
    let folder = try makeTemporaryFolder(with: "media")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=30:duration=3", "-c:v", "libx264",
      "-preset", "ultrafast", "-pix_fmt", "yuv420p", folder + "/media/clip.mp4",
    ])
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=red@0.6:size=64x48,format=rgba", "-frames:v", "1",
      folder + "/media/logo.png",
    ])
    // A main-track video zooming out and panning (Ken Burns); an eased, springing video
    // overlay that fades in; an image moving with a `hold` opacity; a turned text sliding
    // up; a shape drifting; a text popping in while it turns; an image growing and turning
    // — at 29.97 fps.
    let timeline = try NativeHarness.timeline(
      """
      canvas 320x180 fps: 29.97
      let movie = video("media/clip.mp4")
      let logo = image("media/logo.png")
      track main {
        clip movie duration: 3s {
          animate zoom { key 0s 1.4; key length 1 easing: easeOutCubic }
          animate pan { key 0s x: 20 y: -10; key length x: 0 y: 0 }
        }
      }
      track overlay {
        clip movie at: 0s duration: 2s {
          size width: 120
          position topLeading margin: 10
          fade in: 200ms
          animate offset {
            key 0s x: -130 y: 0
            key 700ms x: 0 y: 0 easing: easeOutCubic
            key length x: 40 y: 60 easing: spring(mass: 1, stiffness: 120, damping: 8)
          }
          animate opacity { key 0s 40%; key 1s 100% easing: easeInOutSine }
        }
      }
      track overlay {
        clip logo at: 500ms duration: 2s {
          animate position { key 0s x: 250 y: 120; key 1s x: 10 y: 120 easing: cubicBezier(0.4, 0, 0.2, 1) }
          animate opacity { key 0s 100%; key 1500ms 100%; key length 0% easing: hold }
        }
      }
      track overlay {
        text "Tilted" at: 1s duration: 2s {
          rotate 20deg
          box #000000A0 padding: 6
          position bottomTrailing margin: 20
          animate offset { key 0s x: 0 y: 80; key 500ms x: 0 y: 0 easing: easeOutBack }
          animate opacity { key 0s 0%; key 500ms 100% }
        }
        text "Sale" at: 0s duration: 1s {
          position top margin: 8
          font "DejaVu Sans" size: 24
          animate offset { key 0s x: -200 y: 0; key 600ms x: 0 y: 0 easing: easeOutElastic }
          animate opacity { key 0s 0%; key 300ms 100%; key length - 200ms 100%; key length 0% }
        }
      }
      track overlay {
        shape ellipse at: 1500ms duration: 1s {
          size width: 30 height: 30
          fill yellow
          animate position { key 0s x: 0 y: 0; key length x: 290 y: 150 easing: easeInOutBounce }
        }
        text "Pop" at: 0s duration: 1500ms {
          position bottomLeading margin: 12
          animate scale { key 0s 0; key 500ms 1 easing: easeOutBack }
          animate rotate { key 0s -30deg; key 1s 0deg easing: easeOutCubic }
        }
      }
      track overlay {
        clip logo at: 0s duration: 3s {
          position topTrailing margin: 6
          animate scale { key 0s 0.5; key 2s 1.5 easing: easeInOutQuad }
          animate rotate { key 0s 0deg; key length 180deg }
        }
      }
      export "out/motion.mp4" quality: lossless
      """, directory: folder)
    let agreement = try BackendAgreementTests.expectAgreement(
      timeline, name: "animated edit", directory: folder, export: timeline.exports.first)
    #expect(agreement.frames == 89)  // 3 s at 30000/1001 fps
  }
}
