import Foundation
import Testing
import VEDLSema
import VEDLSource
import VEDLTestSupport
import VEDLTime

@testable import VEDLIDE

/// Hover on `animate` and `key` (ANIMATION.md §5): where keys land on the timeline and the
/// animated value at the frames that tell the motion.
@Suite struct AnimationHoverTests {
  /// A title from 1s to 4s at 30 fps: its first frame is 30, its last 119.
  static let edit = """
    vedl 1
    canvas 640x360 fps: 30
    track main {
      clip testpattern() duration: 4s
    }
    track overlay {
      text "Sale" at: 1s duration: 3s {
        animate offset {
          key 0s x: 0 y: 160
          key 400ms x: 0 y: 0 easing: easeOutBack
        }
        animate opacity {
          key 0s 0% easing: easeIn
          key length - 300ms 100%
          key length 0% easing: easeInCubic
        }
      }
    }
    """

  /// The hover with the cursor `delta` bytes into the `n`-th occurrence of `needle`.
  func hover(at needle: String, occurrence n: Int = 0, plus delta: Int = 1, in text: String = edit) -> Hover? {
    let offset = TestText.byteOffset(of: needle, in: text, occurrence: n) + delta
    let analysis = DocumentAnalysis.analyze(
      SourceFile(path: "/tmp/vedl-ide-test/test.vedl", text: text),
      options: AnalysisOptions(baseDirectory: "/tmp/vedl-ide-test"))
    #expect(analysis.timeline != nil, "the edit checks: \(analysis.diagnostics.map(\.message))")
    return HoverProvider.hover(at: offset, in: analysis)
  }

  @Test func aKeyShowsItsItemTimeTimelineTimeFrameValueAndEasing() throws {
    let h = try #require(hover(at: "key 400ms"))
    #expect(h.markdown.contains("A keyframe"), "the schema's documentation comes first")
    #expect(h.markdown.contains("**key 2 of 2** · `offset`"))
    #expect(h.markdown.contains("**item time** 0.4s"))
    // The item's first frame is 30 (1s); 1s + 0.4s = 1.4s, which frame 42 shows.
    #expect(h.markdown.contains("**timeline** 00:00:01:12 · 1.4s"))
    #expect(h.markdown.contains("**frame** 42\n") || h.markdown.contains("**frame** 42  \n"))
    #expect(h.markdown.contains("**value** x: 0 y: 0"))
    #expect(h.markdown.contains("**easing** `easeOutBack` from the key at 0s"))
  }

  @Test func keyTimesWithLengthAndTheKeyAfterTheLastFrame() throws {
    let fade = try #require(hover(at: "key length - 300ms"))
    #expect(fade.markdown.contains("**item time** 2.7s"))
    #expect(fade.markdown.contains("**timeline** 00:00:03:21 · 3.7s"))
    #expect(fade.markdown.contains("**frame** 111"))
    #expect(fade.markdown.contains("**value** 100%"))
    #expect(fade.markdown.contains("**easing** `linear` from the key at 0s"))
    let end = try #require(hover(at: "key length 0%"))
    #expect(end.markdown.contains("**timeline** 00:00:04:00 · 4s"))
    #expect(end.markdown.contains("**frame** 120 — after the item's last frame (119), so never shown"))
    #expect(end.markdown.contains("**easing** `easeInCubic` from the key at 2.7s"))
  }

  @Test func theFirstKeysEasingHasNoSegment() throws {
    let h = try #require(hover(at: "key 0s 0%"))
    #expect(h.markdown.contains("**key 1 of 3** · `opacity`"))
    #expect(h.markdown.contains("**timeline** 00:00:01:00 · 1s"))
    #expect(h.markdown.contains("**frame** 30"))
    #expect(h.markdown.contains("**value** 0%"))
    #expect(h.markdown.contains("(`easeIn` has no segment to shape)"))
  }

  @Test func animateShowsItsKeysAndValuesAtTheItemsFramesAndKeyFrames() throws {
    let offset = try #require(hover(at: "animate offset"))
    #expect(offset.markdown.contains("Animates a property"))
    #expect(offset.markdown.contains("**2 keys**: 0s (x: 0 y: 160) → 0.4s (x: 0 y: 0, easeOutBack)"))
    #expect(offset.markdown.contains("| 30 | 00:00:01:00 | 0s | x: 0 y: 160 | first frame, key 1 |"))
    #expect(offset.markdown.contains("| 42 | 00:00:01:12 | 0.4s | x: 0 y: 0 | key 2 |"))
    #expect(offset.markdown.contains("| 119 | 00:00:03:29 | 89/30s | x: 0 y: 0 | last frame |"))

    let opacity = try #require(hover(at: "animate opacity"))
    #expect(opacity.markdown.contains("| 30 | 00:00:01:00 | 0s | 0% | first frame, key 1 |"))
    #expect(opacity.markdown.contains("| 111 | 00:00:03:21 | 2.7s | 100% | key 2 |"))
    // Frame 119 is 8/9 of the way from 2.7s to 3s: 1 − (8/9)³ = 0.297668…, drawn as the
    // nearest step of an 8-bit alpha, 76/255.
    #expect(opacity.markdown.contains("| 119 | 00:00:03:29 | 89/30s | ≈29.8039% | last frame |"))
    #expect(!opacity.markdown.contains("| 120 |"), "the key at `length` falls after the item")
  }

  /// The table's values are the ones the backends draw: `resolved(atFrame:grid:)`.
  @Test func tableValuesAreTheResolvedModifiers() throws {
    let analysis = DocumentAnalysis.analyze(
      SourceFile(path: "/tmp/vedl-ide-test/test.vedl", text: Self.edit),
      options: AnalysisOptions(baseDirectory: "/tmp/vedl-ide-test"))
    let timeline = try #require(analysis.timeline)
    let item = timeline.tracks[1].items[0]
    let mods = item.resolved(atFrame: 36, grid: timeline.canvas.grid)
    // 6 frames into the 12-frame slide, easeOutBack(0.5) ≈ 1.0877: y = 160 − 160·1.0877.
    let y = 160 - 160 * Easing.named(.back, .out).value(at: 0.5)
    #expect(mods.offset.y == Rational(Int64((y + 0.5).rounded(.down))))
    #expect(AnimationDescription.resolvedValue(.offset, mods) == "x: 0 y: \(Int64((y + 0.5).rounded(.down)))")
  }

  @Test func volumeKeysAndValuesAreInDecibels() throws {
    let text = """
      vedl 1
      canvas 640x360 fps: 25
      track main {
        clip tone(440) duration: 2s {
          animate volume { key 0s -6dB; key 1s -20dB }
        }
      }
      """
    let key = try #require(hover(at: "key 1s", in: text))
    #expect(key.markdown.contains("**value** -20dB"))
    let animate = try #require(hover(at: "animate volume", in: text))
    // Linear in decibels: half way (frame 12 of 25 is 0.48 s) is −6 − 14·0.48 = −12.72 dB.
    #expect(animate.markdown.contains("-6.00dB") && animate.markdown.contains("-20.00dB"))
  }

  @Test func withoutATimelineHoverSaysWhenValuesAppear() throws {
    let broken = Self.edit.replacingOccurrences(of: "key 400ms", with: "key 4s")
    let offset = TestText.byteOffset(of: "key 4s", in: broken) + 1
    let analysis = DocumentAnalysis.analyze(
      SourceFile(path: "/tmp/vedl-ide-test/test.vedl", text: broken),
      options: AnalysisOptions(baseDirectory: "/tmp/vedl-ide-test"))
    #expect(analysis.timeline == nil)
    let h = try #require(HoverProvider.hover(at: offset, in: analysis))
    #expect(h.markdown.contains("once the file checks without errors"))
  }
}
