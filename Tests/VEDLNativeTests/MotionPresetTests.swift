import Foundation
import Testing
import VEDLSema
import VEDLTime

@testable import VEDLNative

/// `enter` and `exit` (ANIMATION.md §3) in both backends, measured on the rendered frames
/// against the keyframes each preset means, written out here.
@Suite struct MotionPresetTests {
  static func rounded(_ v: Double) -> Int { Int((v + 0.5).rounded(.down)) }

  /// The bright box within `columns` and `rows` of a grey frame.
  static func box(_ frame: [UInt8], width: Int, height: Int, columns: Range<Int>, rows: Range<Int> = 0..<100) -> (
    x: Int, y: Int, width: Int, height: Int
  )? {
    var part = frame
    for y in 0..<height {
      for x in 0..<width where !columns.contains(x) || !rows.contains(y) { part[y * width + x] = 0 }
    }
    return MotionTransformTests.brightBox(part, width: width, height: height)
  }

  @Test func fadePopSlideAndWipeFollowTheirKeyframes() throws {
    // 25 fps, 10-frame (400 ms) linear entrances and exits of white rectangles, each in its
    // own column of the canvas:
    // - a fade in (its grey level is 255 × k/10) and an exit fade over the last 10 frames;
    // - a pop in (its size is round(w · k/10), its corner where `position` puts it) —
    //   linear, not the default overshoot, so that the size is the formula's;
    // - below them, a slide in from the leading edge: k/10 of the way from just outside the
    //   canvas (its right edge at x = 0) to its place, then a slide out to the bottom;
    // - a wipe in from the leading edge: the left round(40 · k/10) columns show.
    let script = """
      canvas 400x200 fps: 25 background: black
      track main { clip color(black) duration: 2s }
      track overlay {
        shape rect at: 0s duration: 2s {
          size width: 40 height: 40
          position x: 20 y: 30
          enter fade duration: 400ms
          exit fade duration: 400ms
        }
      }
      track overlay {
        shape rect at: 0s duration: 2s {
          size width: 60 height: 40
          position x: 110 y: 30
          enter pop duration: 400ms easing: linear
        }
      }
      track overlay {
        shape rect at: 0s duration: 2s {
          size width: 40 height: 20
          position x: 210 y: 120
          enter slide from: leading duration: 400ms easing: linear
          exit slide to: bottom duration: 400ms easing: linear
        }
      }
      track overlay {
        shape rect at: 0s duration: 2s {
          size width: 40 height: 40
          position x: 320 y: 30
          enter wipe duration: 400ms
        }
      }
      """
    let (ffmpeg, native) = try MotionTests.bothBackends(script, width: 400, height: 200)
    #expect(ffmpeg.count == 50 && native.count == 50)
    for k in 0..<50 {
      let enter = min(Double(k) / 10, 1)
      let exit = min(Double(50 - k) / 10, 1)  // 1 until frame 40, then 1 − (k − 40)/10
      for (name, frames) in [("ffmpeg", ffmpeg), ("native", native)] {
        let frame = frames[k]
        // Fade: the level at the rectangle's centre.
        let level = Double(frame[50 * 400 + 40])
        #expect(
          abs(level - 255 * enter * exit) <= 2.5,
          "\(name) frame \(k): fade level \(level), expected \(255 * enter * exit)")
        // Pop: the size, centred on the 60×40 box at (110, 30).
        let popped = Self.box(frame, width: 400, height: 200, columns: 100..<200)
        let (w, h) = (Self.rounded(60 * enter), Self.rounded(40 * enter))
        if w == 0 || h == 0 {
          #expect(popped == nil, "\(name) frame \(k): pop drawn at scale 0")
        } else {
          #expect(
            popped?.width == w && popped?.height == h && popped?.x == 110 && popped?.y == 30,
            "\(name) frame \(k): pop \(String(describing: popped)), expected \(w)×\(h)")
        }
        // Slide: in from just outside the leading edge (its right edge at x = 0: 250
        // pixels to the left), out to the bottom (its top at y = 200: 80 pixels down).
        let slid = Self.box(frame, width: 400, height: 200, columns: 0..<400, rows: 100..<200)
        let dx = Self.rounded(-(1 - enter) * 250)
        let dy = Self.rounded((1 - exit) * 80)
        if 210 + dx + 40 <= 0 || 120 + dy >= 200 {
          #expect(slid == nil, "\(name) frame \(k): slide visible outside the canvas")
        } else {
          #expect(
            slid.map { $0.x + $0.width } == 210 + dx + 40 && slid?.y == 120 + dy,
            "\(name) frame \(k): slide \(String(describing: slid)), expected right edge \(250 + dx), top \(120 + dy)")
        }
        // Wipe: the left columns of the 40×40 box at (320, 30).
        let wiped = Self.box(frame, width: 400, height: 200, columns: 300..<400)
        let shown = Self.rounded(40 * enter)
        if shown == 0 {
          #expect(wiped == nil, "\(name) frame \(k): wipe drawn at 0")
        } else {
          #expect(
            wiped?.x == 320 && wiped?.width == shown && wiped?.height == 40,
            "\(name) frame \(k): wipe \(String(describing: wiped)), expected \(shown) columns")
        }
      }
    }
  }

  @Test func typewriterShowsTheWholeTextsCharactersInPlace() throws {
    // A centred ten-character text types itself over 400 ms (10 frames at 25 fps): at frame
    // k its first k characters show, each where the whole text has it — so the frame agrees
    // with the last (whole) frame left of the typed part and is black right of it.
    let script = """
      canvas 320x80 fps: 25 background: black
      track main { clip color(black) duration: 800ms }
      track overlay {
        text "ABCDEFGHIJ" at: 0s duration: 800ms {
          position center
          font "DejaVu Sans Mono" size: 24 color: white
          enter typewriter duration: 400ms
        }
      }
      """
    let (ffmpeg, native) = try MotionTests.bothBackends(script, width: 320, height: 80)
    #expect(ffmpeg.count == 20 && native.count == 20)
    for (name, frames) in [("ffmpeg", ffmpeg), ("native", native)] {
      let whole = frames[19]
      guard let full = MotionTransformTests.brightBox(whole, width: 320, height: 80) else {
        Issue.record("\(name): no text")
        continue
      }
      // A monospaced font: each character is a tenth of the whole text's advance.
      let advance = Double(full.width) / 10
      #expect(MotionTransformTests.brightBox(frames[0], width: 320, height: 80) == nil, "\(name): frame 0 shows text")
      for k in 1..<10 {
        let cut = full.x + Int(Double(k) * advance)
        var same = true
        var clear = true
        for y in 0..<80 {
          for x in 0..<320 {
            let v = frames[k][y * 320 + x]
            if x < cut - 2 { same = same && abs(Int(v) - Int(whole[y * 320 + x])) <= 2 }
            if x > cut + 2 { clear = clear && v < 40 }
          }
        }
        #expect(same && clear, "\(name) frame \(k): typed part matches \(same), rest clear \(clear)")
      }
    }
  }
}
