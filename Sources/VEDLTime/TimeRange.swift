/// A half-open span of time `[start, end)` in exact seconds: `start` is inside, `end` is not —
/// the meaning of VEDL's `2s..6s`. Back-to-back ranges share an endpoint without overlapping,
/// and a range's frames are exactly the grid instants it contains.
public struct TimeRange: Hashable, Sendable, CustomStringConvertible {
  /// The first instant inside the range.
  public let start: Rational
  /// The first instant after the range.
  public let end: Rational
  /// `end − start`; never negative.
  public let duration: Rational

  /// `[start, end)`; `nil` when `end < start` or the length does not fit.
  public init?(start: Rational, end: Rational) {
    guard start <= end, let duration = end.checkedSubtracting(start) else { return nil }
    self.start = start
    self.end = end
    self.duration = duration
  }

  /// `[start, start + duration)`; `nil` when `duration` is negative or the end does not fit.
  public init?(start: Rational, duration: Rational) {
    guard !duration.isNegative, let end = start.checkedAdding(duration) else { return nil }
    self.start = start
    self.end = end
    self.duration = duration
  }

  /// Whether the range contains no instant (`start == end`).
  public var isEmpty: Bool { start == end }

  /// Whether `start ≤ t < end`.
  public func contains(_ t: Rational) -> Bool { start <= t && t < end }

  /// Whether the two ranges share an instant. Empty ranges overlap nothing; ranges that only
  /// touch (`a.end == b.start`) do not overlap.
  public func overlaps(_ other: TimeRange) -> Bool {
    !isEmpty && !other.isEmpty && start < other.end && other.start < end
  }

  /// `"2s..6s"`, `"0s..1/30s"`.
  public var description: String { "\(start.secondsDescription)..\(end.secondsDescription)" }
}
