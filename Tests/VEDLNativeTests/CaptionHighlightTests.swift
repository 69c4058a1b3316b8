import Foundation
import Testing
import VEDLSema
import VEDLTestSupport
import VEDLTime

@testable import VEDLNative

/// `style highlight:` in both backends (ANIMATION.md §4): the word being spoken is drawn in the
/// highlight colour, at its place in its line, on exactly its frames.
@Suite struct CaptionHighlightTests {
  @Test func theSpokenWordIsHighlightedOnItsFrames() throws {
    let folder = NSTemporaryDirectory() + "vedl-highlight-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Three words timed by inline timestamps at 0.4 s and 1.2 s, at 10 fps: "one" on frames
    // 0–3, "two" on 4–11, "six" on 12–19. White text, red highlight, on black.
    try """
    WEBVTT

    00:00.000 --> 00:02.000
    one <00:00.400>two <00:01.200>six
    """.write(toFile: folder + "/k.vtt", atomically: true, encoding: .utf8)
    let timeline = try NativeHarness.timeline(
      """
      canvas 320x80 fps: 10 background: black
      track main { clip color(black) duration: 2s }
      captions {
        import "k.vtt"
        style font: "DejaVu Sans Mono" size: 24 color: #FFFFFF highlight: #FF0000 position: center
      }
      """, directory: folder)
    for backend in ["ffmpeg", "native"] {
      let frames = try NativeHarness.losslessRGBFrames(
        timeline, backend: backend, directory: folder, width: 320, height: 80)
      #expect(frames.count == 20)
      for (k, frame) in frames.enumerated() {
        // The columns holding red (highlighted) and white (plain) glyph pixels.
        var red: [Int] = []
        var white: [Int] = []
        for y in 0..<80 {
          for x in 0..<320 {
            let (r, g, b) = (frame[(y * 320 + x) * 3], frame[(y * 320 + x) * 3 + 1], frame[(y * 320 + x) * 3 + 2])
            if r > 200 && g < 60 && b < 60 { red.append(x) }
            if r > 200 && g > 200 && b > 200 { white.append(x) }
          }
        }
        guard let left = (red + white).min(), let right = (red + white).max(), let r0 = red.min(), let r1 = red.max()
        else {
          Issue.record("\(backend) frame \(k): no highlighted word")
          continue
        }
        // A monospaced line of 11 characters: the word of `k` covers characters 0–2, 4–6 or 8–10.
        let word = k < 4 ? 0 : (k < 12 ? 1 : 2)
        let cell = Double(right - left + 1) / 11
        let centre = (Double(r0 + r1) / 2 - Double(left)) / cell
        #expect(
          abs(centre - Double(4 * word + 1) - 0.5) < 1, "\(backend) frame \(k): red centred at character \(centre)")
        #expect(
          !white.contains { $0 >= r0 && $0 <= r1 }, "\(backend) frame \(k): white glyphs inside the highlighted word")
      }
    }
  }
}
