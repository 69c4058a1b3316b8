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
  /// that they are exact); `nil`: the source stream's own.
  public let timeBase: Rational?

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
}
