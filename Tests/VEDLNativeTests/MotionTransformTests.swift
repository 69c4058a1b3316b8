import Foundation
import Testing
import VEDLSema
import VEDLTestSupport
import VEDLTime

@testable import VEDLNative

/// An animated `scale` and `rotate` in both backends (ANIMATION.md §1): the size and place of
/// the drawn box at every frame against the contract's formula, and animated turns against
/// the static turn of their instant.
@Suite struct MotionTransformTests {
  /// The bounding box of the bright pixels of a grey frame (`nil` when none).
  static func brightBox(_ frame: [UInt8], width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
    var (x0, y0, x1, y1) = (width, height, -1, -1)
    for y in 0..<height {
      for x in 0..<width where frame[y * width + x] > 128 {
        (x0, y0, x1, y1) = (min(x0, x), min(y0, y), max(x1, x), max(y1, y))
      }
    }
    return x1 < 0 ? nil : (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
  }

  @Test func scaleFollowsTheRuleAtEveryFrame() throws {
    // 25 fps: a white 40×20 rectangle anchored at the top-left corner (margin 10) grows from
    // nothing to twice its size over 20 frames, linearly, then shrinks back to 1 with
    // easeInQuad; a 30×30 square anchored at the bottom-right corner grows from 0.5 to 1.
    // At frame k each box is round(w·s) × round(h·s) and keeps its anchor, as the static
    // `scale s` lays it out; at scale 0 nothing is drawn.
    let script = """
      canvas 200x120 fps: 25 background: black
      track main { clip color(black) duration: 1s }
      track overlay {
        shape rect at: 0s duration: 1s {
          size width: 40 height: 20
          position topLeading margin: 10
          animate scale { key 0s 0; key 800ms 2; key length 1 easing: easeInQuad }
        }
      }
      track overlay {
        shape rect at: 0s duration: 1s {
          size width: 30 height: 30
          position bottomTrailing margin: 5
          animate scale { key 0s 0.5; key length 1 }
        }
      }
      """
    let (ffmpeg, native) = try MotionTests.bothBackends(script, width: 200, height: 120)
    #expect(ffmpeg.count == 25 && native.count == 25)
    func rounded(_ v: Double) -> Int { Int((v + 0.5).rounded(.down)) }
    for k in 0..<25 {
      let u = Double(k) / 25
      let s = u <= 0.8 ? 2 * u / 0.8 : 2 + (1 - 2) * pow((u - 0.8) / 0.2, 2)
      let first = (w: rounded(40 * s), h: rounded(20 * s))
      let t = 0.5 + 0.5 * u
      let second = (w: rounded(30 * t), h: rounded(30 * t))
      for (name, frames) in [("ffmpeg", ffmpeg), ("native", native)] {
        // The first rectangle lives in the left half of the canvas, the second in the right.
        var left = frames[k]
        var right = frames[k]
        for y in 0..<120 {
          for x in 0..<100 { right[y * 200 + x] = 0 }
          for x in 100..<200 { left[y * 200 + x] = 0 }
        }
        let seen = Self.brightBox(left, width: 200, height: 120)
        if first.w == 0 || first.h == 0 {
          #expect(seen == nil, "\(name) frame \(k): drawn at scale \(s)")
        } else {
          #expect(
            seen?.x == 10 && seen?.y == 10 && seen?.width == first.w && seen?.height == first.h,
            "\(name) frame \(k): \(String(describing: seen)), expected \(first) at (10, 10)")
        }
        let box = Self.brightBox(right, width: 200, height: 120)
        #expect(
          box?.width == second.w && box?.height == second.h && box.map { $0.x + $0.width } == 195
            && box.map { $0.y + $0.height } == 115,
          "\(name) frame \(k): \(String(describing: box)), expected \(second) anchored at (195, 115)")
      }
    }
  }

  @Test func animatedTurnsAreTheStaticTurnOfTheirInstant() throws {
    // A 40×24 rectangle, centred, turns from 0 to 90° over 1 s, easing out. Each sampled
    // frame must be the frame a one-frame edit with the static `rotate` of that instant
    // draws (the rule), in both backends: the same picture (≥ 40 dB) with the same solid
    // pixels but for two at most — `rotate` starts each row at a fixed-point offset that it
    // truncates, differently for the animated turn's larger frame.
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func edit(_ modifier: String, duration: String) throws -> Timeline {
      try NativeHarness.timeline(
        """
        canvas 120x80 fps: 30 background: black
        track main { clip color(black) duration: \(duration) }
        track overlay {
          shape rect at: 0s duration: \(duration) {
            size width: 40 height: 24
            fill #80ff40
            \(modifier)
          }
        }
        """, directory: folder)
    }
    let animated = try edit("animate rotate { key 0s 0deg; key 1s 90deg easing: easeOutQuad }", duration: "1s")
    for backend in ["ffmpeg", "native"] {
      func render(_ timeline: Timeline) throws -> [[UInt8]] {
        try NativeHarness.losslessRGBFrames(timeline, backend: backend, directory: folder, width: 120, height: 80)
      }
      let moving = try render(animated)
      #expect(moving.count == 30)
      for k in [4, 11, 23] {
        let p = Double(k) / 30
        let degrees = (90 * (1 - (1 - p) * (1 - p)) * 1000).rounded() / 1000
        let reference = try render(try edit("rotate \(String(format: "%.3f", degrees))deg", duration: "1f"))
        let solid = zip(moving[k], reference[0]).filter { ($0 > 128) != ($1 > 128) }.count
        let psnr = PSNR.decibels(moving[k], reference[0])
        #expect(
          solid <= 6 && psnr >= 40, "\(backend) frame \(k) (\(degrees)°): \(solid) solid values differ, \(psnr) dB")
      }
    }
  }

  @Test func zoomingOutOverTimeIsTheStaticZoomOfItsInstant() throws {
    // A photo on the main track zooms from 1.2 out to 0.6 over 2 s, panning, on a red
    // canvas: each sampled frame must be what a one-frame edit with the static `zoom` and
    // `pan` of that instant draws — zoomed in (cropped) and zoomed out (red bars) alike.
    let folder = try makeTemporaryFolder(with: "media")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FFmpegCLI.mustRun([
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x180,format=rgb24", "-frames:v", "1",
      folder + "/media/photo.png",
    ])
    func edit(_ modifiers: String, duration: String) throws -> Timeline {
      try NativeHarness.timeline(
        """
        canvas 160x90 fps: 25 background: #FF0000
        let photo = image("media/photo.png")
        track main {
          clip photo duration: \(duration) {
            \(modifiers)
          }
        }
        """, directory: folder)
    }
    let animated = try edit(
      "animate zoom { key 0s 1.2; key 2s 0.6 }\n    animate pan { key 0s x: 0 y: 0; key 2s x: 20 y: -10 }",
      duration: "2s")
    for backend in ["ffmpeg", "native"] {
      func render(_ timeline: Timeline) throws -> [[UInt8]] {
        try NativeHarness.losslessRGBFrames(timeline, backend: backend, directory: folder, width: 160, height: 90)
      }
      let moving = try render(animated)
      #expect(moving.count == 50)
      for k in [5, 30, 45] {
        let u = Double(k) / 25 / 2
        let zoom = String(format: "%.6f", 1.2 - 0.6 * u)
        let pan = (Int((20 * u + 0.5).rounded(.down)), Int((-10 * u + 0.5).rounded(.down)))
        let reference = try render(try edit("zoom \(zoom)\n    pan x: \(pan.0) y: \(pan.1)", duration: "1f"))
        let differing = zip(moving[k], reference[0]).filter { abs(Int($0) - Int($1)) > 1 }.count
        #expect(differing == 0, "\(backend) frame \(k) (zoom \(zoom), pan \(pan)): \(differing) values differ")
      }
    }
  }
}
