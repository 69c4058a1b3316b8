/// A stream time base: the length in seconds of one timestamp tick (FFmpeg's `AVRational`
/// `time_base`, e.g. 1/12800 or 1001/30000). Presentation timestamps are integers counted in
/// it; this turns them into exact times and back, so "time bases travel with timestamps".
public struct Timebase: Hashable, Sendable, CustomStringConvertible {
  /// Seconds per tick; positive.
  public let secondsPerTick: Rational
  private let grid: UniformGrid

  /// A time base of `secondsPerTick` seconds; `nil` unless positive.
  public init?(_ secondsPerTick: Rational) {
    guard secondsPerTick.isPositive else { return nil }
    self.secondsPerTick = secondsPerTick
    // 1/tb is representable because tb is positive and in lowest terms.
    self.grid = UniformGrid(
      ticksPerSecond: Rational(reduced: secondsPerTick.denominator, secondsPerTick.numerator))
  }

  /// A time base of `numerator / denominator` seconds (`Timebase(1, 12800)`); `nil` unless
  /// positive.
  public init?(_ numerator: Int64, _ denominator: Int64) {
    guard let r = Rational(numerator, denominator) else { return nil }
    self.init(r)
  }

  /// The exact time of timestamp `pts`, `pts · tb`; `nil` if it does not fit.
  public func time(ofTimestamp pts: Int64) -> Rational? { grid.time(ofTick: pts) }

  /// The greatest timestamp at or before `t`, `⌊t / tb⌋`; `nil` if it does not fit.
  public func timestampFloor(at t: Rational) -> Int64? { grid.tickFloor(at: t) }

  /// The least timestamp at or after `t`, `⌈t / tb⌉`; `nil` if it does not fit.
  public func timestampCeiling(at t: Rational) -> Int64? { grid.tickCeiling(at: t) }

  /// Whether `t` is exactly representable as a timestamp in this time base.
  public func isRepresentable(_ t: Rational) -> Bool { grid.isOnGrid(t) }

  /// `"1/12800"`.
  public var description: String { secondsPerTick.description }
}
