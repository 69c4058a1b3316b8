import Testing
import VEDLTime

@Suite struct SourceSamplingTests {
  static func sampling(start: Rational, speed: Rational) -> SourceSampling {
    SourceSampling(
      timing: ClipTiming(timelineStart: .zero, sourceStart: start, speed: speed)!, grid: FrameGrid(rate: .fps30),
      frames: 0..<30)
  }

  @Test func theSelectionTimeBaseMakesEveryClipTimeAWholeTick() {
    // Milliseconds at 1.5x from 3 s: (p/1000 − 3)·2/3 needs 1/3000 s.
    #expect(
      Self.sampling(start: Rational(3), speed: Rational(3, 2)!).selectionTimeBase(streamTimeBase: Rational(1, 1000)!)
        == Rational(1, 3000))
    // 90 kHz at 1001/1000: lcm(90000, 90090000).
    #expect(
      Self.sampling(start: .zero, speed: Rational(1001, 1000)!).selectionTimeBase(streamTimeBase: Rational(1, 90000)!)
        == Rational(1, 90_090_000))
    // A time base that is exact already needs no conversion.
    #expect(
      Self.sampling(start: Rational(1), speed: .one).selectionTimeBase(streamTimeBase: Rational(1, 15360)!) == nil)
    // 1001/30000 s ticks convert exactly into 1/30000 s.
    #expect(
      Self.sampling(start: .zero, speed: .one).selectionTimeBase(streamTimeBase: Rational(1001, 30000)!)
        == Rational(1, 30000))
  }

  @Test func noSelectionTimeBaseBeyondTwoToTheThirtyOne() {
    // A prime time base near 10⁹ at 7/3x would need ticks of about 1/(7·10⁹) s.
    #expect(
      Self.sampling(start: .zero, speed: Rational(7, 3)!).selectionTimeBase(streamTimeBase: Rational(1, 1_000_000_007)!)
        == nil)
  }
}
