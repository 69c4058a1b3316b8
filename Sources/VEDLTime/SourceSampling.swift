/// The source instants a run of timeline frames samples from one clip (§5): timeline frame
/// `k` in `frames` shows the source picture with the greatest presentation time at or before
/// `timing.sourceTime(forTimelineFrame: k)`. The FFmpeg backend's lowering selects those
/// pictures with `setpts` and `fps` (docs/graph.md §3), and its reader uses this description
/// of the selection to tell, before decoding, which pictures will only be dropped (§13).
public struct SourceSampling: Hashable, Sendable {
  /// Where the clip lies on the timeline, where its source starts, and its speed.
  public let timing: ClipTiming
  /// The timeline's frame grid.
  public let grid: FrameGrid
  /// The timeline frames that sample the source.
  public let frames: Range<Int64>
  /// The time base the selection computes clip times in when it sets one (`settb`, so
  /// that they are exact, ``selectionTimeBase(streamTimeBase:)``); `nil`: the source
  /// stream's own.
  public var timeBase: Rational?

  /// The instants of `frames` on `grid`, for a clip timed by `timing`, selected in
  /// `timeBase` (`nil`: the stream's).
  public init(timing: ClipTiming, grid: FrameGrid, frames: Range<Int64>, timeBase: Rational? = nil) {
    self.timing = timing
    self.grid = grid
    self.frames = frames
    self.timeBase = timeBase
  }

  /// `d = t0 − k0/F`: how far the clip's start lies after the instant of its first frame
  /// `k0` (zero for a clip on the grid); clip frame `j` samples `s0 + (j/F − d)·v`.
  /// `nil` on overflow.
  public var delay: Rational? {
    grid.checkedTime(ofFrame: frames.lowerBound).flatMap { timing.timelineStart.checkedSubtracting($0) }
  }

  /// The coarsest time base in which every clip time `(p − s0)/v + d` of a source stamped in
  /// `streamTimeBase` is a whole number of ticks, and into which the source's timestamps
  /// convert exactly: `1/L`, with `L` the least common multiple of the denominators of `TB`,
  /// `TB/v`, `s0/v` and `d`. `nil` when `TB` itself is that time base (nothing to convert),
  /// or when `L` would exceed 2³¹ (ticks must stay exact in `setpts`'s double arithmetic
  /// over hours of source) or overflow.
  public func selectionTimeBase(streamTimeBase tb: Rational) -> Rational? {
    guard tb.isPositive, let delay else { return nil }
    let v = timing.speed
    var l: UInt64 = 1
    for term in [tb, tb.checkedDividing(by: v), timing.sourceStart.checkedDividing(by: v), delay] {
      guard let term else { return nil }
      let d = UInt64(term.denominator)
      let (product, overflow) = (l / Rational.gcd(l, d)).multipliedReportingOverflow(by: d)
      guard !overflow, product <= 1 << 31 else { return nil }
      l = product
    }
    let exact = Rational(1, Int64(l))!
    return exact == tb ? nil : exact
  }
}
