/// The instants `k / R` for every integer `k`, for a positive rate `R` ticks per second: the
/// arithmetic shared by `FrameGrid` (video frames), `SampleGrid` (audio samples) and `Timebase`
/// (stream timestamps). Every operation is exact and reports overflow as `nil`.
struct UniformGrid: Hashable, Sendable {
  /// Ticks per second; positive.
  let ticksPerSecond: Rational
  /// Seconds per tick, `1 / ticksPerSecond`.
  let tickDuration: Rational

  /// The grid of a positive rate (the caller guarantees positivity).
  init(ticksPerSecond: Rational) {
    self.ticksPerSecond = ticksPerSecond
    // A positive value in lowest terms always has a representable reciprocal.
    self.tickDuration = Rational(reduced: ticksPerSecond.denominator, ticksPerSecond.numerator)
  }

  /// The instant of tick `k`, `k / R`.
  func time(ofTick k: Int64) -> Rational? {
    Rational(k).checkedMultiplying(tickDuration)
  }

  /// The greatest `k` with `k / R ≤ t`, i.e. `⌊t · R⌋`.
  func tickFloor(at t: Rational) -> Int64? {
    Rational.floorOfProduct(t, ticksPerSecond)
  }

  /// The least `k` with `k / R ≥ t`, i.e. `⌈t · R⌉`.
  func tickCeiling(at t: Rational) -> Int64? {
    Rational.ceilingOfProduct(t, ticksPerSecond)
  }

  /// Whether `t` is a grid instant.
  func isOnGrid(_ t: Rational) -> Bool {
    Rational.isIntegerProduct(t, ticksPerSecond)
  }

  /// The grid instant at or before `t`.
  func snapDown(_ t: Rational) -> Rational? {
    tickFloor(at: t).flatMap(time(ofTick:))
  }

  /// The ticks `k` whose instants lie in `[range.start, range.end)`: from `⌈start · R⌉` up to,
  /// not including, `⌈end · R⌉`.
  func ticks(in range: TimeRange) -> Range<Int64>? {
    guard let first = tickCeiling(at: range.start), let end = tickCeiling(at: range.end) else {
      return nil
    }
    // start ≤ end implies first ≤ end, so the range is well formed.
    return first..<end
  }

  /// How many grid instants lie in `range`; `nil` when the count does not fit.
  func tickCount(in range: TimeRange) -> Int64? {
    guard let ticks = ticks(in: range) else { return nil }
    let (count, overflow) = ticks.upperBound.subtractingReportingOverflow(ticks.lowerBound)
    return overflow ? nil : count
  }
}
