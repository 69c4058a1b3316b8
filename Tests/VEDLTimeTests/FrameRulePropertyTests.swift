import Testing
import VEDLTestSupport
import VEDLTime

/// Seeded property tests of the frame grid and the §5 selection rule. Replay a failure with
/// the `VEDL_SEED` it prints.
@Suite struct FrameRulePropertyTests {
  static let iterations = 2000

  /// Frame rates to draw from: the common ones plus odd exact rates.
  static func randomRate(_ rng: inout SplitMix64) -> FrameRate {
    if Bool.random(using: &rng) { return FrameRate.common.randomElement(using: &rng)!.rate }
    return FrameRate(rng.int64(in: 1...240_000), rng.int64(in: 1...1001))!
  }

  @Test func frameOfAFramesInstantIsThatFrame() {
    var rng = PropertySeed.generator(salt: 101)
    for _ in 0..<Self.iterations {
      let grid = FrameGrid(rate: Self.randomRate(&rng))
      let k =
        Bool.random(using: &rng)
        ? rng.int64(in: -100_000...10_000_000) : Int64.random(in: .min ... .max, using: &rng)
      guard let t = grid.checkedTime(ofFrame: k) else { continue }
      #expect(grid.checkedFrameFloor(at: t) == k, "\(PropertySeed.replay) F=\(grid.rate) k=\(k)")
      #expect(grid.checkedFrameCeiling(at: t) == k, "\(PropertySeed.replay) F=\(grid.rate) k=\(k)")
      #expect(grid.isOnGrid(t), "\(PropertySeed.replay) F=\(grid.rate) k=\(k)")
    }
  }

  @Test func floorAndCeilingBracketTheTime() {
    var rng = PropertySeed.generator(salt: 102)
    for _ in 0..<Self.iterations {
      let grid = FrameGrid(rate: Self.randomRate(&rng))
      let t = rng.rational(Bool.random(using: &rng) ? .timing : .small)
      let f = grid.frameFloor(at: t)
      let c = grid.frameCeiling(at: t)
      #expect(
        grid.time(ofFrame: f) <= t && t < grid.time(ofFrame: f + 1),
        "\(PropertySeed.replay) F=\(grid.rate) t=\(t)")
      #expect(
        grid.time(ofFrame: c - 1) < t && t <= grid.time(ofFrame: c),
        "\(PropertySeed.replay) F=\(grid.rate) t=\(t)")
      #expect(
        (c == f) == grid.isOnGrid(t) && c - f <= 1, "\(PropertySeed.replay) F=\(grid.rate) t=\(t)")
    }
  }

  @Test func snapDownIsIdempotentAndOnTheGrid() {
    var rng = PropertySeed.generator(salt: 103)
    for _ in 0..<Self.iterations {
      let grid = FrameGrid(rate: Self.randomRate(&rng))
      let t = rng.rational(Bool.random(using: &rng) ? .timing : .large)
      guard let s = grid.checkedSnapDown(t) else { continue }
      #expect(grid.checkedSnapDown(s) == s, "\(PropertySeed.replay) F=\(grid.rate) t=\(t)")
      #expect(grid.isOnGrid(s) && s <= t, "\(PropertySeed.replay) F=\(grid.rate) t=\(t)")
      #expect((s == t) == grid.isOnGrid(t), "\(PropertySeed.replay) F=\(grid.rate) t=\(t)")
      if let next = s.checkedAdding(grid.frameDuration) {
        #expect(t < next, "\(PropertySeed.replay) F=\(grid.rate) t=\(t)")
      }
    }
  }

  @Test func frameCountMatchesEnumeration() {
    var rng = PropertySeed.generator(salt: 104)
    for _ in 0..<Self.iterations {
      let grid = FrameGrid(rate: Self.randomRate(&rng))
      // A window of a few dozen frames around a random frame.
      let base = rng.int64(in: -1000...100_000)
      let a = grid.time(ofFrame: base) + Rational(rng.int64(in: -40...40), 3)! * grid.frameDuration
      let b = a + Rational(rng.int64(in: 0...60), rng.int64(in: 1...4))! * grid.frameDuration
      let range = TimeRange(start: a, end: b)!
      let lower = grid.frameFloor(at: a) - 2
      let upper = grid.frameCeiling(at: b) + 2
      let enumerated = (lower...upper).filter { range.contains(grid.time(ofFrame: $0)) }
      #expect(
        grid.frameCount(in: range) == Int64(enumerated.count),
        "\(PropertySeed.replay) F=\(grid.rate) range=\(range)")
      #expect(
        Array(grid.frames(in: range)) == enumerated,
        "\(PropertySeed.replay) F=\(grid.rate) range=\(range)")
    }
  }

  /// A random clip: placed anywhere in the first minutes, trimmed into the source, any speed.
  static func randomClip(_ rng: inout SplitMix64) -> ClipTiming {
    let speeds = [
      Rational(1), Rational(2), Rational(1, 2)!, Rational(3, 2)!, Rational(1001, 1000)!,
      Rational(rng.int64(in: 1...50), rng.int64(in: 1...50))!,
    ]
    return ClipTiming(
      timelineStart: Rational(
        rng.int64(in: 0...18_000), [1, 30, 1000, 30000].randomElement(using: &rng)!)!,
      sourceStart: Rational(
        rng.int64(in: 0...18_000), [1, 25, 1000, 24000].randomElement(using: &rng)!)!,
      speed: speeds.randomElement(using: &rng)!)!
  }

  @Test func selectionIsMonotonicInTheTimelineFrame() {
    var rng = PropertySeed.generator(salt: 105)
    for _ in 0..<200 {
      let grid = FrameGrid(rate: Self.randomRate(&rng))
      let clip = Self.randomClip(&rng)
      let source = ConstantRateSource(
        rate: Self.randomRate(&rng), firstPresentationTime: Rational(rng.int64(in: 0...10), 100)!)!
      let start = grid.frameCeiling(at: clip.timelineStart)
      var previousTime: Rational?
      var previousIndex: Int64?
      for k in start..<(start + 50) {
        let s = clip.sourceTime(forTimelineFrame: k, grid: grid)
        let index = clip.sourceFrameIndex(forTimelineFrame: k, grid: grid, source: source)
        if let previousTime {
          #expect(previousTime <= s, "\(PropertySeed.replay) clip=\(clip) k=\(k)")
        }
        if let previousIndex {
          #expect(
            index != nil && previousIndex <= index!, "\(PropertySeed.replay) clip=\(clip) k=\(k)")
        }
        previousTime = s
        previousIndex = index
      }
    }
  }

  @Test func arithmeticSelectionMatchesBinarySearch() {
    var rng = PropertySeed.generator(salt: 106)
    for _ in 0..<200 {
      let grid = FrameGrid(rate: Self.randomRate(&rng))
      let clip = Self.randomClip(&rng)
      let count = rng.int64(in: 0...400)
      let first = Rational(rng.int64(in: -5...30), rng.int64(in: 1...10))!
      let source = ConstantRateSource(
        rate: Self.randomRate(&rng), firstPresentationTime: first, frameCount: count)!
      let pts = PresentationTimes((0..<count).map { source.presentationTime(ofFrame: $0)! })!
      // Timeline frames from before the clip's source range to past its end.
      let sourceEnd = source.presentationTime(ofFrame: count)!
      let lastNeeded =
        grid.frameCeiling(at: clip.timelineStart + (sourceEnd - clip.sourceStart) / clip.speed) + 3
      let firstNeeded =
        grid.frameFloor(at: clip.timelineStart + (first - clip.sourceStart) / clip.speed) - 3
      for _ in 0..<60 {
        let k = rng.int64(in: min(firstNeeded, lastNeeded)...max(firstNeeded, lastNeeded))
        let arithmetic = clip.sourceFrameIndex(forTimelineFrame: k, grid: grid, source: source)
        let searched = clip.sourceFrameIndex(forTimelineFrame: k, grid: grid, sourcePTS: pts)
        #expect(
          arithmetic == searched.map(Int64.init),
          "\(PropertySeed.replay) clip=\(clip) source=\(source) k=\(k)")
        // And the pick satisfies the rule's definition directly.
        let s = clip.sourceTime(forTimelineFrame: k, grid: grid)
        if let j = arithmetic {
          #expect(
            pts[Int(j)] <= s && (Int(j) + 1 == pts.count || pts[Int(j) + 1] > s),
            "\(PropertySeed.replay) k=\(k)")
        } else {
          #expect(pts.isEmpty || pts[0] > s, "\(PropertySeed.replay) k=\(k)")
        }
      }
    }
  }
}
