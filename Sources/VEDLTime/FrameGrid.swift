/// The timeline's frame grid at a rate `F`: frame `k` is the instant `k / F` (§5 of the
/// language). Every time on the timeline is mapped to frames through this one type, so
/// "which frame is this?" has one exact answer everywhere.
///
/// Each operation has a `checked…` form that returns `nil` on overflow (for values that come
/// from user input) and a plain form that traps (for values already known to be in range).
public struct FrameGrid: Hashable, Sendable {
  /// The rate `F`.
  public let rate: FrameRate
  private let grid: UniformGrid

  /// The grid of `rate`.
  public init(rate: FrameRate) {
    self.rate = rate
    self.grid = UniformGrid(ticksPerSecond: rate.framesPerSecond)
  }

  /// The length of one frame, `1 / F`.
  public var frameDuration: Rational { grid.tickDuration }

  /// The instant of frame `k`, `k / F`; `nil` if it does not fit.
  public func checkedTime(ofFrame k: Int64) -> Rational? { grid.time(ofTick: k) }

  /// The instant of frame `k`, `k / F`; traps if it does not fit.
  public func time(ofFrame k: Int64) -> Rational {
    guard let t = checkedTime(ofFrame: k) else { preconditionFailure("frame \(k) time overflows") }
    return t
  }

  /// The frame showing at `t`: the greatest `k` with `k / F ≤ t`; `nil` if it does not fit.
  public func checkedFrameFloor(at t: Rational) -> Int64? { grid.tickFloor(at: t) }

  /// The frame showing at `t`: the greatest `k` with `k / F ≤ t`; traps on overflow.
  public func frameFloor(at t: Rational) -> Int64 {
    guard let k = checkedFrameFloor(at: t) else {
      preconditionFailure("frame index of \(t) overflows")
    }
    return k
  }

  /// The first frame at or after `t`: the least `k` with `k / F ≥ t`; `nil` if it does not fit.
  public func checkedFrameCeiling(at t: Rational) -> Int64? { grid.tickCeiling(at: t) }

  /// The first frame at or after `t`: the least `k` with `k / F ≥ t`; traps on overflow.
  public func frameCeiling(at t: Rational) -> Int64 {
    guard let k = checkedFrameCeiling(at: t) else {
      preconditionFailure("frame index of \(t) overflows")
    }
    return k
  }

  /// Whether `t` is exactly a frame instant. Never overflows.
  public func isOnGrid(_ t: Rational) -> Bool { grid.isOnGrid(t) }

  /// `t` rounded down to the grid (the language's rule for off-grid times); `nil` on overflow.
  /// Idempotent, and equal to `t` exactly when `isOnGrid(t)`.
  public func checkedSnapDown(_ t: Rational) -> Rational? { grid.snapDown(t) }

  /// `t` rounded down to the grid; traps on overflow.
  public func snapDown(_ t: Rational) -> Rational {
    guard let s = checkedSnapDown(t) else { preconditionFailure("snapping \(t) overflows") }
    return s
  }

  /// The frames whose instants lie in the half-open `range`: `⌈a·F⌉ ..< ⌈b·F⌉` for `[a, b)`.
  /// `nil` on overflow.
  public func checkedFrames(in range: TimeRange) -> Range<Int64>? { grid.ticks(in: range) }

  /// The frames whose instants lie in the half-open `range`; traps on overflow.
  public func frames(in range: TimeRange) -> Range<Int64> {
    guard let r = checkedFrames(in: range) else {
      preconditionFailure("frames of \(range) overflow")
    }
    return r
  }

  /// How many frame instants `k / F` satisfy `a ≤ k / F < b` for `range = [a, b)`; `nil` on
  /// overflow. Back-to-back ranges' counts add up exactly.
  public func checkedFrameCount(in range: TimeRange) -> Int64? { grid.tickCount(in: range) }

  /// How many frame instants lie in the half-open `range`; traps on overflow.
  public func frameCount(in range: TimeRange) -> Int64 {
    guard let n = checkedFrameCount(in: range) else {
      preconditionFailure("frame count of \(range) overflows")
    }
    return n
  }
}
