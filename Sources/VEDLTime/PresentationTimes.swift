/// The presentation times of a source's frames, in display order — the general case of
/// `ConstantRateSource`, for variable-frame-rate media (phones record these) or any stream
/// whose timestamps are known. The §5 rule searches it by bisection.
public struct PresentationTimes: Hashable, Sendable, RandomAccessCollection {
  /// The times, non-decreasing.
  public let times: [Rational]

  /// Wraps `times`; `nil` unless they are sorted in non-decreasing order.
  public init?(_ times: [Rational]) {
    for i in times.indices.dropFirst() where times[i] < times[i - 1] { return nil }
    self.times = times
  }

  /// Reads integer timestamps in `timebase`; `nil` unless sorted or if a time does not fit.
  public init?(timestamps: [Int64], timebase: Timebase) {
    var times: [Rational] = []
    times.reserveCapacity(timestamps.count)
    for pts in timestamps {
      guard let t = timebase.time(ofTimestamp: pts) else { return nil }
      times.append(t)
    }
    self.init(times)
  }

  /// The first index, 0.
  public var startIndex: Int { times.startIndex }
  /// One past the last index.
  public var endIndex: Int { times.endIndex }
  /// The presentation time of frame `i`.
  public subscript(i: Int) -> Rational { times[i] }

  /// The frame with the greatest presentation time `≤ s` (the last such frame when timestamps
  /// repeat), or `nil` when every frame is later than `s`. O(log n).
  public func lastIndex(atOrBefore s: Rational) -> Int? {
    // Find the first index whose time is > s; the answer is the one before it.
    var low = times.startIndex
    var high = times.endIndex
    while low < high {
      let mid = low + (high - low) / 2
      if times[mid] <= s { low = mid + 1 } else { high = mid }
    }
    return low == times.startIndex ? nil : low - 1
  }
}
