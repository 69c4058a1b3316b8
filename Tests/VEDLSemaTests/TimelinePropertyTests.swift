import Foundation
import Testing
import VEDLSource
import VEDLTestSupport
import VEDLTime

@testable import VEDLSema

/// Seeded property tests of the resolved timeline. `VEDL_SEED=n` replays a run; the seed is
/// printed in every failure message.
@Suite struct TimelinePropertyTests {
  static let seed: UInt64 = ProcessInfo.processInfo.environment["VEDL_SEED"].flatMap { UInt64($0) } ?? 0x5EED_F00D

  static let media = FakeMediaFacts(
    fallback: MediaFacts(
      duration: Rational(10), hasVideo: true, hasAudio: true, width: 640, height: 360, frameRate: Rational(30),
      frameCount: 300))

  static func check(_ text: String) -> CheckResult {
    Checker.check(SourceFile(path: "p.vedl", text: text), options: CheckOptions(media: media, baseDirectory: "/tmp"))
  }

  @Test func mainTrackLengthIsClipsMinusTransitions() {
    var rng = SplitMix64(seed: Self.seed)
    let speeds: [(String, Rational)] = [
      ("1x", Rational(1)), ("2x", Rational(2)), ("0.5x", Rational(1, 2)!), ("1.5x", Rational(3, 2)!),
    ]
    let transitions = ["crossfade", "fade", "wipe", "slide"]
    for round in 0..<150 {
      let n = 1 + rng.below(6)
      var lines = ["canvas 640x360 fps: 30", "let v = video(\"a.mp4\")", "track main {"]
      var lengths: [Rational] = []
      var offGrid = 0
      var expected = Rational.zero
      var previousTransition = Rational.zero
      for i in 0..<n {
        let startFrames = rng.below(100)
        let lengthFrames = 12 + rng.below(120)
        let (speedText, speed) = speeds[rng.below(speeds.count)]
        let s = Rational(Int64(startFrames)) / Rational(30)
        let e = Rational(Int64(startFrames + lengthFrames)) / Rational(30)
        lines.append("  clip v trim: \(startFrames)f..\(startFrames + lengthFrames)f speed: \(speedText)")
        // A length off the frame grid is rounded down to it, with a warning (§5.3).
        let exact = (e - s) / speed
        let length = Rational((exact * Rational(30)).floor, 30)!
        if length != exact { offGrid += 1 }
        lengths.append(length)
        expected = expected + length
        if i + 1 < n, rng.below(2) == 0 {
          // A transition no longer than what is left of this clip, on the frame grid.
          let room = length - previousTransition
          let maxFrames = max(0, (room * Rational(30)).floor - 6)
          if maxFrames >= 1 {
            let d = 1 + rng.below(Int(min(maxFrames, 10)))
            lines.append("  \(transitions[rng.below(transitions.count)]) \(d)f")
            let dr = Rational(Int64(d)) / Rational(30)
            expected = expected - dr
            previousTransition = dr
            continue
          }
        }
        previousTransition = .zero
      }
      lines.append("}")
      let text = lines.joined(separator: "\n") + "\n"
      let result = Self.check(text)
      let errors = result.diagnostics.filter { $0.severity == .error }
      if !errors.isEmpty {
        // Only the transition rule may reject a program: the next clip may be shorter than a transition.
        #expect(
          errors.allSatisfy { $0.code.id == "E0405" },
          "seed \(Self.seed) round \(round): \(errors.map(\.message))\n\(text)")
        continue
      }
      guard let timeline = result.timeline, let main = timeline.tracks.first else {
        Issue.record("seed \(Self.seed) round \(round): no timeline")
        continue
      }
      let warnings = result.diagnostics.filter { $0.code.id == "W0401" }
      #expect(warnings.count == offGrid, "seed \(Self.seed) round \(round): \(warnings.map(\.message))\n\(text)")
      let end = main.items.last!.end
      #expect(end == expected, "seed \(Self.seed) round \(round): end \(end) != \(expected)\n\(text)")
      #expect(timeline.frameCount == (expected * Rational(30)).floor)
      for (item, length) in zip(main.items, lengths) {
        #expect(item.end - item.start == length, "seed \(Self.seed) round \(round)")
        // Every item lies inside its source.
        #expect(item.sourceStart! >= .zero && item.sourceEnd! <= Rational(10), "seed \(Self.seed) round \(round)")
        #expect((item.sourceEnd! - item.sourceStart!) / item.speed == length)
      }
      // Items are in order and each starts where the previous ended, or earlier by a transition.
      for (a, b) in zip(main.items, main.items.dropFirst()) {
        #expect(b.start <= a.end && b.start > a.start, "seed \(Self.seed) round \(round)")
      }
    }
  }

  @Test func overlayTimingFollowsReferences() {
    var rng = SplitMix64(seed: Self.seed ^ 0xABCD)
    for round in 0..<100 {
      let a = rng.below(60)
      let d = 1 + rng.below(60)
      let gap = rng.below(30)
      let text = """
        canvas 640x360 fps: 30
        track main {
          clip testpattern() duration: 10s
        }
        track overlay {
          text "A" at: \(a)f duration: \(d)f id: first
          text "B" at: first.end + \(gap)f until: end id: second
        }

        """
      let result = Self.check(text)
      guard let timeline = result.timeline else {
        Issue.record("seed \(Self.seed) round \(round): \(result.diagnostics.map(\.message))")
        continue
      }
      let items = timeline.tracks[1].items
      #expect(items[0].startFrame == Int64(a) && items[0].endFrame == Int64(a + d), "seed \(Self.seed) round \(round)")
      #expect(items[1].startFrame == Int64(a + d + gap), "seed \(Self.seed) round \(round)")
      #expect(items[1].endFrame == 300, "seed \(Self.seed) round \(round)")
    }
  }

  @Test func cyclesAreReportedNotLooped() {
    let result = Self.check(
      """
      track main {
        clip testpattern() duration: b.duration id: a
      }
      track overlay {
        text "x" at: 0s until: end id: b
      }

      """)
    #expect(result.diagnostics.map(\.code.id) == ["E0307"])
    #expect(result.diagnostics.first?.notes.first?.contains("the main track") == true)
  }
}
