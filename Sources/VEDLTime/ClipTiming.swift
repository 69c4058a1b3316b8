/// The frame-selection rule of §5, implemented once for the checker and both render backends.
///
/// A clip placed at timeline time `t0`, trimmed to start at source time `s0` and played at
/// speed `v`, shows at timeline frame `k` (instant `k / F`) the source frame with the greatest
/// presentation time `≤ s0 + (k/F − t0) · v`. Everything is exact, so the FFmpeg graph, the
/// native renderer and `vedl ir` agree frame for frame.
public struct ClipTiming: Hashable, Sendable {
  /// `t0`: where the clip starts on the timeline.
  public let timelineStart: Rational
  /// `s0`: the source time shown at `t0` (the trim start).
  public let sourceStart: Rational
  /// `v`: source seconds per timeline second; positive.
  public let speed: Rational

  /// A clip at `timelineStart` showing `sourceStart` onwards at `speed`; `nil` unless the speed
  /// is positive (the language has no freeze or reverse speeds), so source time never runs
  /// backwards.
  public init?(timelineStart: Rational, sourceStart: Rational, speed: Rational = .one) {
    guard speed.isPositive else { return nil }
    self.timelineStart = timelineStart
    self.sourceStart = sourceStart
    self.speed = speed
  }

  /// The source time shown at timeline time `t`: `s0 + (t − t0) · v`; `nil` on overflow.
  public func checkedSourceTime(atTimelineTime t: Rational) -> Rational? {
    t.checkedSubtracting(timelineStart)
      .flatMap { $0.checkedMultiplying(speed) }
      .flatMap { $0.checkedAdding(sourceStart) }
  }

  /// The source time shown at timeline frame `k`: `s0 + (k/F − t0) · v`; `nil` on overflow.
  public func checkedSourceTime(forTimelineFrame k: Int64, grid: FrameGrid) -> Rational? {
    grid.checkedTime(ofFrame: k).flatMap(checkedSourceTime(atTimelineTime:))
  }

  /// The source time shown at timeline frame `k`; traps on overflow.
  public func sourceTime(forTimelineFrame k: Int64, grid: FrameGrid) -> Rational {
    guard let s = checkedSourceTime(forTimelineFrame: k, grid: grid) else {
      preconditionFailure("source time of frame \(k) overflows")
    }
    return s
  }

  /// The source frame shown at timeline frame `k` for a constant-rate source, computed
  /// arithmetically; `nil` when no source frame is at or before the source time, or on
  /// overflow.
  public func sourceFrameIndex(
    forTimelineFrame k: Int64, grid: FrameGrid, source: ConstantRateSource
  )
    -> Int64?
  {
    checkedSourceTime(forTimelineFrame: k, grid: grid).flatMap(source.frameIndex(atOrBefore:))
  }

  /// The source frame shown at timeline frame `k`, searched in the source's presentation
  /// times; `nil` when every frame is later than the source time, or on overflow.
  public func sourceFrameIndex(
    forTimelineFrame k: Int64, grid: FrameGrid, sourcePTS: PresentationTimes
  )
    -> Int?
  {
    checkedSourceTime(forTimelineFrame: k, grid: grid).flatMap(sourcePTS.lastIndex(atOrBefore:))
  }

  /// How long on the timeline `sourceDuration` of source plays: `sourceDuration / v` (the
  /// language's "timeline length = trimmed length ÷ speed"); `nil` on overflow.
  public func timelineDuration(ofSourceDuration sourceDuration: Rational) -> Rational? {
    sourceDuration.checkedDividing(by: speed)
  }
}
