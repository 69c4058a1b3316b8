/// The audio sample grid at a whole sample rate (48 kHz unless said otherwise): sample `n` is
/// the instant `n / rate`. Audio is placed to the sample (§5), so clip starts, fades and cuts
/// in the audio mix go through this type.
///
/// As with `FrameGrid`, the `checked…` forms return `nil` on overflow and the plain forms trap.
public struct SampleGrid: Hashable, Sendable {
  /// Samples per second; positive.
  public let samplesPerSecond: Int64
  private let grid: UniformGrid

  /// The grid of a positive sample rate; `nil` otherwise.
  public init?(samplesPerSecond: Int64) {
    guard samplesPerSecond > 0 else { return nil }
    self.samplesPerSecond = samplesPerSecond
    self.grid = UniformGrid(ticksPerSecond: Rational(samplesPerSecond))
  }

  /// 48 000 samples per second, the rate VEDL mixes and exports audio at.
  public static let standard = SampleGrid(validRate: 48_000)

  /// Unchecked construction for constants.
  private init(validRate: Int64) {
    self.samplesPerSecond = validRate
    self.grid = UniformGrid(ticksPerSecond: Rational(validRate))
  }

  /// The length of one sample, `1 / rate`.
  public var sampleDuration: Rational { grid.tickDuration }

  /// The instant of sample `n`; `nil` if it does not fit.
  public func checkedTime(ofSample n: Int64) -> Rational? { grid.time(ofTick: n) }

  /// The instant of sample `n`; traps if it does not fit.
  public func time(ofSample n: Int64) -> Rational {
    guard let t = checkedTime(ofSample: n) else {
      preconditionFailure("sample \(n) time overflows")
    }
    return t
  }

  /// The sample playing at `t`: the greatest `n` with `n / rate ≤ t`; `nil` on overflow.
  public func checkedSampleFloor(at t: Rational) -> Int64? { grid.tickFloor(at: t) }

  /// The sample playing at `t`; traps on overflow.
  public func sampleFloor(at t: Rational) -> Int64 {
    guard let n = checkedSampleFloor(at: t) else {
      preconditionFailure("sample index of \(t) overflows")
    }
    return n
  }

  /// The first sample at or after `t`; `nil` on overflow.
  public func checkedSampleCeiling(at t: Rational) -> Int64? { grid.tickCeiling(at: t) }

  /// The first sample at or after `t`; traps on overflow.
  public func sampleCeiling(at t: Rational) -> Int64 {
    guard let n = checkedSampleCeiling(at: t) else {
      preconditionFailure("sample index of \(t) overflows")
    }
    return n
  }

  /// Whether `t` is exactly a sample instant.
  public func isOnGrid(_ t: Rational) -> Bool { grid.isOnGrid(t) }

  /// The samples whose instants lie in the half-open `range`; `nil` on overflow.
  public func checkedSamples(in range: TimeRange) -> Range<Int64>? { grid.ticks(in: range) }

  /// The samples whose instants lie in the half-open `range`; traps on overflow.
  public func samples(in range: TimeRange) -> Range<Int64> {
    guard let r = checkedSamples(in: range) else {
      preconditionFailure("samples of \(range) overflow")
    }
    return r
  }

  /// How many sample instants lie in the half-open `range`; `nil` on overflow.
  public func checkedSampleCount(in range: TimeRange) -> Int64? { grid.tickCount(in: range) }

  /// How many sample instants lie in the half-open `range`; traps on overflow.
  public func sampleCount(in range: TimeRange) -> Int64 {
    guard let n = checkedSampleCount(in: range) else {
      preconditionFailure("sample count of \(range) overflows")
    }
    return n
  }
}
