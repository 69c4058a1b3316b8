/// The frame times of a constant-frame-rate source: frame `j` is presented at `p0 + j / R`.
/// Lets the §5 rule pick a source frame by arithmetic instead of a table of timestamps.
public struct ConstantRateSource: Hashable, Sendable {
  /// The source rate `R`.
  public let rate: FrameRate
  /// `p0`, the presentation time of frame 0 (often 0, but streams may start later).
  public let firstPresentationTime: Rational
  /// How many frames the source has, or `nil` when unbounded (generated sources).
  public let frameCount: Int64?

  /// A source of `frameCount` frames (unbounded when `nil`) at `rate` from
  /// `firstPresentationTime`; `nil` for a negative frame count.
  public init?(rate: FrameRate, firstPresentationTime: Rational = .zero, frameCount: Int64? = nil) {
    if let frameCount, frameCount < 0 { return nil }
    self.rate = rate
    self.firstPresentationTime = firstPresentationTime
    self.frameCount = frameCount
  }

  /// The presentation time of frame `j`, `p0 + j / R`; `nil` if it does not fit.
  public func presentationTime(ofFrame j: Int64) -> Rational? {
    FrameGrid(rate: rate).checkedTime(ofFrame: j).flatMap {
      $0.checkedAdding(firstPresentationTime)
    }
  }

  /// The frame with the greatest presentation time `≤ s`: `⌊(s − p0) · R⌋`, limited to the last
  /// frame. `nil` when no frame qualifies (`s < p0`, or the source is empty) or on overflow.
  public func frameIndex(atOrBefore s: Rational) -> Int64? {
    if frameCount == 0 || s < firstPresentationTime { return nil }
    guard let offset = s.checkedSubtracting(firstPresentationTime),
      let j = FrameGrid(rate: rate).checkedFrameFloor(at: offset)
    else { return nil }
    if let frameCount { return min(j, frameCount - 1) }
    return j
  }
}
